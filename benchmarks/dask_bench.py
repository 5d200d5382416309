"""The dask executor against threads: the same run on this machine's threads and on a 2-worker LocalCluster.

One run measures, in one process (the cluster's workers are processes of their own):

* **the same run** of a game (default Strat Basic, the default setup, every counter kept) on the
  threads executor (2 threads) and on a LocalCluster of 2 single-thread workers; the results are checked bit
  for bit; the ratio is games/s on Dask over games/s on threads (target: >= 0.8 for runs of a minute or more);
* **the overhead per task**: a run of empty blocks (``map_blocks`` of a function that returns at once) through
  the same cluster, time per task; with the game's own time per game on one worker it gives the smallest block
  that keeps the overhead under 5% (``overhead / (0.05 x time per game)``), and the run is repeated at a few
  block sizes to show it;
* **worker start-up**, cold and warm: a new LocalCluster's time to its first finished block, once with an empty
  numba cache (``NUMBA_CACHE_DIR`` a new folder: every kernel compiles on the worker) and once with the cache
  beside the code (``simcore compile`` run before: the kernels load).

    .venv/bin/python benchmarks/dask_bench.py --smoke        # a short check of the script (seconds of work)
    .venv/bin/python benchmarks/dask_bench.py                # runs of about a minute: needs a quiet machine
    .venv/bin/python benchmarks/dask_bench.py --game ezr --mode aggregate -n 200000000

The output is a markdown block; its last line is one JSON object with every figure.  The load average is
printed with it: on a shared machine the ratios, not the times, are what compares.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import simcore  # noqa: E402
from simcore import runner  # noqa: E402
from simcore.games.base import available_memory, bytes_per_game  # noqa: E402


def _setup(game_id):
    """The game's default setup (Strat: two teams of the sample kit)."""
    return simcore.game(game_id).setup()


def _run(g, setup, n, seed, mode, **kw):
    t0 = time.perf_counter()
    res = g.simulate(setup, n=n, seed=seed, mode=mode, progress=False, **kw)
    return res, time.perf_counter() - t0


def _same(a, b) -> bool:
    return a.aggregates.keys() == b.aggregates.keys() and all(
        np.array_equal(np.asarray(a.aggregates[k]), np.asarray(b.aggregates[k])) for k in a.aggregates)


def _empty(g0, count):
    return None


def task_overhead(ex, tasks: int) -> tuple[float, float]:
    """(seconds per task, seconds per run) on executor ``ex``: runs of ``tasks // 6`` and ``tasks`` empty blocks;
    the difference over the difference in tasks is the cost of a task, what is left of the small run the cost
    of a run (sending the block function to the workers, the first results)."""
    small = max(2, tasks // 6)
    with runner.executor(ex):
        runner.map_blocks(small, _empty, chunk_size=1, progress=False)        # warm
        t0 = time.perf_counter()
        runner.map_blocks(small, _empty, chunk_size=1, progress=False)
        t_small = time.perf_counter() - t0
        t0 = time.perf_counter()
        runner.map_blocks(tasks, _empty, chunk_size=1, progress=False)
        t_big = time.perf_counter() - t0
    per_task = max(t_big - t_small, 0.0) / (tasks - small)
    return per_task, max(t_small - small * per_task, 0.0)


def startup(game_id: str, cold: bool) -> dict:
    """A new 2-worker LocalCluster: seconds to start it, and to its first finished block of ``game_id``
    (cold: an empty numba cache, so the workers compile)."""
    g = simcore.game(game_id)
    old = os.environ.get("NUMBA_CACHE_DIR")
    tmp = tempfile.mkdtemp(prefix="simcore-numba-") if cold else None
    if cold:
        os.environ["NUMBA_CACHE_DIR"] = tmp          # the workers inherit it: nothing cached there
    try:
        t0 = time.perf_counter()
        ex = runner.Dask(workers=2, timeout=600)
        t_start = time.perf_counter() - t0
        try:
            _run(g, g.setup(), 2, 0, "games", executor=ex, chunk_size=1)
            t_first = time.perf_counter() - t0
        finally:
            ex.close()
    finally:
        if cold:
            if old is None:
                del os.environ["NUMBA_CACHE_DIR"]
            else:
                os.environ["NUMBA_CACHE_DIR"] = old
    return {"cluster_start_s": t_start, "first_block_s": t_first}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="strat")
    ap.add_argument("--mode", default="games", choices=("games", "aggregate"))
    ap.add_argument("-n", type=int, default=None, help="games of the same run (default: about a minute on "
                    "threads, measured first, at most what a third of the memory holds; --smoke: 20,000)")
    ap.add_argument("--seconds", type=float, default=60.0, help="what the default -n aims at on threads")
    ap.add_argument("--tasks", type=int, default=400, help="empty tasks of the overhead measurement")
    ap.add_argument("--smoke", action="store_true", help="small runs: checks the script, not the machine")
    ap.add_argument("--no-cold", action="store_true", help="skip the cold worker start-up (it compiles)")
    args = ap.parse_args(argv)

    g = simcore.game(args.game)
    setup = _setup(args.game)
    load = os.getloadavg()
    # kernels compiled and cached here first: the workers load them
    _run(g, setup, 1000, 1, args.mode, threads=2)
    probe_n = 2000 if args.smoke else 50_000
    _, t_probe = _run(g, setup, probe_n, 1, args.mode, threads=2)
    per_game_threads = t_probe / probe_n
    n = args.n or (20_000 if args.smoke else max(probe_n, int(args.seconds / per_game_threads)))
    per_game = bytes_per_game(g, args.mode)
    if not args.n and per_game:         # both runs' results are held at once, to compare them: a third of memory each
        n = min(n, available_memory() // (3 * per_game))

    figures = {"game": args.game, "mode": args.mode, "n": n, "loadavg_before": load, "smoke": args.smoke}
    local, t_threads = _run(g, setup, n, 7, args.mode, threads=2)
    figures["threads_s"] = t_threads

    ex = runner.Dask(workers=2, timeout=300)
    try:
        _run(g, setup, 100, 1, args.mode, executor=ex, chunk_size=50)          # the workers load the kernels
        remote, t_dask = _run(g, setup, n, 7, args.mode, executor=ex)
        figures["dask_s"] = t_dask
        figures["dask_block"] = ex.block_size(n, None)
        figures["identical"] = _same(local, remote)
        figures["ratio_dask_over_threads"] = t_threads / t_dask
        overhead, per_run = task_overhead(ex, args.tasks if not args.smoke else 120)
        # one worker's time per game: one block on one worker, one thread, less the task's overhead
        one_n = max(2000, n // 8)
        _, t_one = _run(g, setup, one_n, 3, args.mode, executor=ex, chunk_size=one_n)
        per_game = max(t_one - overhead, 1e-9) / one_n
        figures.update(per_game_one_worker_s=per_game, overhead_per_task_s=overhead, overhead_per_run_s=per_run,
                       block_for_5pct=int(np.ceil(overhead / (0.05 * per_game))))
        sizes = []
        for block in sorted({max(1, figures["block_for_5pct"] // 10), figures["block_for_5pct"],
                             figures["block_for_5pct"] * 4}):
            m = min(n, max(block * 8, one_n))
            _, t = _run(g, setup, m, 5, args.mode, executor=ex, chunk_size=block)
            _, t_ref = _run(g, setup, m, 5, args.mode, threads=2)
            sizes.append({"block": block, "n": m, "dask_s": t, "threads_s": t_ref, "ratio": t_ref / t})
        figures["block_sizes"] = sizes
    finally:
        ex.close()
    figures["startup_warm"] = startup(args.game if not args.smoke else "ezr", cold=False)
    if not args.no_cold:
        figures["startup_cold"] = startup("ezr", cold=True)
    figures["loadavg_after"] = os.getloadavg()

    print(f"### Dask executor: `benchmarks/dask_bench.py{' --smoke' if args.smoke else ''}`\n")
    print(f"{args.game} ({args.mode}), {n:,} games, load average {load[0]:.2f} before, "
          f"{figures['loadavg_after'][0]:.2f} after{' (SMOKE: small runs, not a measurement)' if args.smoke else ''}\n")
    print("| run | seconds | games/s | ratio to threads |\n|---|---:|---:|---:|")
    print(f"| threads, 2 threads | {t_threads:.2f} | {n / t_threads:,.0f} | 1.00 |")
    print(f"| LocalCluster, 2 workers x 1 thread, blocks of {figures['dask_block']:,} | {t_dask:.2f} | "
          f"{n / t_dask:,.0f} | {figures['ratio_dask_over_threads']:.2f} |")
    print(f"\nbit-identical: {figures['identical']}; overhead per task {overhead * 1e3:.2f} ms, per run "
          f"{per_run * 1e3:.0f} ms; one worker "
          f"{1 / per_game:,.0f} games/s; blocks of >= {figures['block_for_5pct']:,} games keep the overhead "
          "under 5%\n")
    print("| block | games | dask s | threads s | ratio |\n|---:|---:|---:|---:|---:|")
    for r in sizes:
        print(f"| {r['block']:,} | {r['n']:,} | {r['dask_s']:.2f} | {r['threads_s']:.2f} | {r['ratio']:.2f} |")
    w = figures["startup_warm"]
    print(f"\nworker start-up, numba cache warm: cluster {w['cluster_start_s']:.1f} s, first block "
          f"{w['first_block_s']:.1f} s")
    if "startup_cold" in figures:
        c = figures["startup_cold"]
        print(f"worker start-up, numba cache cold (ezr kernels compile on the workers): cluster "
              f"{c['cluster_start_s']:.1f} s, first block {c['first_block_s']:.1f} s")
    print()
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
