"""Blue Line Hockey throughput benchmark.

One run measures, in the same process (plus one subprocess for the pure-Python
reference), games/s of Blue Line Hockey with the rulebook rules and the
``default`` policy on both sides (the shipped board, slide rule, penalty deck
and formations):

* ``engine.simulate``: the engine's entry point (the game's arrays compiled,
  outputs allocated, chunks through ``simcore.runner``), on 1 and 2 threads;
* ``Game.simulate``: the public call, the same plus the argument checks and the
  Results object (its tables are built lazily and are not built here);
* the RNG ceiling ``simcore.rng.ceiling``: per-game seeding plus D draws per
  game, same block layout, where D is the kernel's mean number of raw 64-bit
  random words per game; games/s of the engine as a fraction of what the
  generator alone gives at D draws a game is the share of the generator's own
  speed the game reaches;
* the pure-Python reference: the kernel's own code with ``NUMBA_DISABLE_JIT=1``
  in a subprocess (a few games; ``--python-games 0`` skips it), checked game for
  game against the compiled kernel.

Random draws per game.  The kernel keeps no draw counter, so the pure-Python
subprocess counts them exactly: ``simcore.rng._step`` (the xoshiro256** step every
draw, ``next_u64``, ``uniform_int``, ``shuffle`` and ``draw_weighted`` goes
through) is wrapped by a counter, which works because under ``NUMBA_DISABLE_JIT=1``
the functions look it up in their module at each call.  D is the mean over the
counted games (``--count-games``), an estimate of the full run's mean.

Everything is compiled and warmed up before timing.  Timings are interleaved
(each repetition times every row once) and the best repetition of each row is
kept, so the ratios between rows are measured under the same conditions.

    .venv/bin/python benchmarks/blueline_bench.py            # default: 100,000 games per call, 5 repetitions
    .venv/bin/python benchmarks/blueline_bench.py --quick    # 10,000 games, 2 repetitions, 3 pure-Python games

The first run compiles the Blue Line kernel (a few minutes on a small machine;
cached afterwards).  The output is a markdown block (paste it into RESULTS.md)
whose last line is one JSON object with every figure.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import sys
import time
import warnings
from pathlib import Path

import numba as nb
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from machine import cpu_model, pure_python, si, thread_counts  # noqa: E402  (benchmarks/machine.py)
from simcore import runner  # noqa: E402
from simcore.games.blueline import engine  # noqa: E402
from simcore.games.blueline.game import GAME  # noqa: E402
from simcore.games.blueline.policies import Policy  # noqa: E402
from simcore.games.blueline.rules import Rules  # noqa: E402
from simcore.rng import ceiling  # noqa: E402

DEFAULT_GAMES, QUICK_GAMES = 100_000, 10_000
DEFAULT_REPEATS, QUICK_REPEATS = 5, 2
DEFAULT_PY_GAMES, QUICK_PY_GAMES = 10, 3
TARGET = 20_000                  # games/s on 2 cores with the default policies


def block_size() -> int:
    """The block of games a thread takes at a time in the game kernel (the ceiling uses the same)."""
    import importlib

    for mod in ("simcore.games.blueline.kernel.layout", "simcore.games.blueline.kernel.drivers",
                "simcore.games.blueline.engine"):
        try:
            m = importlib.import_module(mod)
        except ImportError:
            continue
        for name in ("BLOCK", "BLOCK_SIZE"):
            if hasattr(m, name):
                return int(getattr(m, name))
    return 256


def policies():
    p = Policy.parse("default")
    return (p, p)


def play(n: int, seed: int, rules: Rules, threads: int | None = None) -> dict:
    """Games 0 .. n-1 of ``seed`` through the engine: its arrays by name."""
    return engine.simulate(n, seed, rules, policies(), threads=threads, progress=False)


def arrays_list(out: dict, k: int | None = None) -> dict:
    return {name: np.asarray(a)[:k].tolist() for name, a in out.items()}


def python_reference(seed: int, n: int, count_games: int, repeats: int, rules: Rules) -> dict:
    """Runs in a subprocess with NUMBA_DISABLE_JIT=1: the kernel code as plain Python.  Times ``n`` games and
    counts the raw random words of games 0 .. count_games - 1 (played again with the counter on)."""
    warnings.simplefilter("ignore", RuntimeWarning)  # uint64 wrap-around in the seed mixer is intended
    if not nb.config.DISABLE_JIT:
        raise SystemExit("the pure-Python reference must run with NUMBA_DISABLE_JIT=1")
    import simcore.rng as rng_mod

    best = float("inf")
    out = None
    with np.errstate(over="ignore"):
        for _ in range(repeats):
            t = time.perf_counter()
            out = play(n, seed, rules, threads=1)
            best = min(best, time.perf_counter() - t)
        calls = [0]
        step = rng_mod._step

        def counted_step(s0, s1, s2, s3):
            calls[0] += 1
            return step(s0, s1, s2, s3)

        patched = [m for name, m in list(sys.modules.items())
                   if m is not None and (name == "simcore.rng" or name.startswith("simcore.games.blueline"))
                   and getattr(m, "_step", None) is step]
        for m in patched:
            m._step = counted_step
        try:
            counted = play(count_games, seed, rules, threads=1)
        finally:
            for m in patched:
                m._step = step
    assert arrays_list(counted) == arrays_list(out, count_games)
    return {"games": n, "seconds": best, "arrays": arrays_list(out), "count_games": count_games,
            "words_total": calls[0]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=None, help=f"games per timed call (default {DEFAULT_GAMES:,})")
    ap.add_argument("--python-games", type=int, default=None,
                    help=f"games of the pure-Python reference (default {DEFAULT_PY_GAMES}; 0 skips it and the "
                         "draw count, and the ceiling then assumes 1,000 draws a game)")
    ap.add_argument("--repeats", type=int, default=None,
                    help=f"interleaved repetitions, best kept (default {DEFAULT_REPEATS})")
    ap.add_argument("--threads", default="1,2", help="thread counts, comma-separated; 1 is always included")
    ap.add_argument("--seed", type=int, default=2026, help="seed of every run (default 2026)")
    ap.add_argument("--rules", default="", help="rule options (default: the rulebook)")
    ap.add_argument("--quick", action="store_true",
                    help=f"small run: {QUICK_GAMES:,} games, {QUICK_PY_GAMES} pure-Python games, "
                         f"{QUICK_REPEATS} repetitions")
    ap.add_argument("--_pyref", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    n = max(1, args.games or (QUICK_GAMES if args.quick else DEFAULT_GAMES))
    py_games = args.python_games if args.python_games is not None else (
        QUICK_PY_GAMES if args.quick else DEFAULT_PY_GAMES)
    repeats = max(1, args.repeats or (QUICK_REPEATS if args.quick else DEFAULT_REPEATS))
    seed = args.seed
    rules = Rules().with_options(args.rules)

    if args._pyref:
        print(json.dumps(python_reference(seed, py_games, py_games, 1, rules)))
        return 0

    threads = thread_counts(args.threads, nb.config.NUMBA_NUM_THREADS)
    block = block_size()
    t_start = time.perf_counter()
    date = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")

    # --- pure-Python reference, in a subprocess (nothing else runs meanwhile)
    pyref = None
    if py_games > 0:
        pyref = pure_python(__file__, ["--seed", str(seed), "--python-games", str(py_games), "--rules", args.rules])
    draws_per_game = pyref["words_total"] / pyref["count_games"] if pyref else 1000.0
    ceil_draws = max(1, int(round(draws_per_game)))

    # --- compile and warm up everything (every thread count)
    t_compile = time.perf_counter()
    warm = min(n, 4 * block)
    for t in threads:
        play(warm, seed, rules, threads=t)
        GAME.simulate(None, n=warm, seed=seed, rules=rules, threads=t, progress=False)
        with runner.threads(t):
            ceiling(np.uint64(seed), 0, warm, ceil_draws, block)
    compile_s = time.perf_counter() - t_compile

    # --- timed rows, interleaved: each repetition times every row once
    rows: dict[str, dict] = {}
    results: dict[int, dict] = {}

    def row(key, label, threads_, fn):
        rows[key] = {"label": label, "threads": threads_, "fn": fn, "times": []}

    for t in threads:
        row(f"engine_{t}", "engine.simulate (kernel, outputs allocated, chunked)", t,
            lambda t=t: results.__setitem__(t, play(n, seed, rules, threads=t)))
        row(f"game_{t}", "Game.simulate (checks and Results; tables not built)", t,
            lambda t=t: GAME.simulate(None, n=n, seed=seed, rules=rules, threads=t, progress=False))
        row(f"ceiling_{t}", f"RNG ceiling: seed + {ceil_draws} draws per game", t,
            lambda: ceiling(np.uint64(seed), 0, n, ceil_draws, block))
    identical = {}
    for _ in range(repeats):
        for key, r in rows.items():
            with runner.threads(r["threads"]):
                t0 = time.perf_counter()
                r["fn"]()
                r["times"].append(time.perf_counter() - t0)
        base = arrays_list(results[threads[0]])
        for t in threads:
            identical[t] = identical.get(t, True) and arrays_list(results[t]) == base

    # --- figures
    fig: dict[str, dict] = {}
    if pyref is not None:
        fig["python_reference"] = {"label": "pure Python: kernel code, NUMBA_DISABLE_JIT=1", "threads": 1,
                                   "games": pyref["games"], "seconds": pyref["seconds"]}
    for key, r in rows.items():
        fig[key] = {"label": r["label"], "threads": r["threads"], "games": n, "seconds": min(r["times"]),
                    "seconds_median": float(np.median(r["times"]))}
    for f in fig.values():
        f["games_per_s"] = f["games"] / f["seconds"]
        f["ns_per_game"] = 1e9 * f["seconds"] / f["games"]

    ratios = {}
    for t in threads:
        ratios[f"engine_over_ceiling_{t}t"] = fig[f"engine_{t}"]["games_per_s"] / fig[f"ceiling_{t}"]["games_per_s"]
        ratios[f"game_over_engine_{t}t"] = fig[f"game_{t}"]["games_per_s"] / fig[f"engine_{t}"]["games_per_s"]
    if len(threads) > 1:
        ta, tb = threads[0], threads[-1]
        for what in ("engine", "game", "ceiling"):
            ratios[f"{what}_{tb}t_over_{ta}t"] = fig[f"{what}_{tb}"]["games_per_s"] / fig[f"{what}_{ta}"]["games_per_s"]
    if pyref is not None:
        ratios["engine_over_python"] = (fig[f"engine_{threads[0]}"]["games_per_s"]
                                        / fig["python_reference"]["games_per_s"])
    pyref_identical = None
    if pyref is not None:
        pyref_identical = arrays_list(results[threads[0]], pyref["games"]) == pyref["arrays"]
    top = fig[f"engine_{threads[-1]}"]["games_per_s"]
    checks = {"threads_identical": all(identical.values()), "python_reference_identical": pyref_identical,
              "target_games_per_s": TARGET, "meets_target": top >= TARGET}
    try:
        layer = nb.threading_layer()
    except ValueError:
        layer = "unknown"
    machine = {"nproc": os.cpu_count(), "cpu": cpu_model(), "python": platform.python_version(),
               "numpy": np.__version__, "numba": nb.__version__, "numba_threads": nb.config.NUMBA_NUM_THREADS,
               "threading_layer": layer, "platform": platform.platform()}
    config = {"games_per_call": n, "python_games": py_games, "repeats": repeats, "threads": threads, "seed": seed,
              "block": block, "quick": args.quick, "rules": rules.id, "policies": [str(p) for p in policies()]}
    draws = {"words_per_game": draws_per_game, "counted_games": pyref["count_games"] if pyref else 0,
             "ceiling_draws_per_game": ceil_draws, "counted": pyref is not None}
    wall = time.perf_counter() - t_start

    # --- print (markdown)
    exe = os.path.relpath(sys.executable) if not os.path.relpath(sys.executable).startswith("..") else sys.executable
    command = " ".join([exe] + sys.argv)
    print(f"### Blue Line Hockey benchmark, {date}")
    print()
    print(f"- command: `{command}`")
    print(f"- machine: {machine['nproc']} CPUs, {machine['cpu']}; Python {machine['python']}, numpy "
          f"{machine['numpy']}, numba {machine['numba']} (threading layer {layer})")
    print(f"- games: rules `{config['rules']}`, policies `default` on both sides, shipped data files")
    print(f"- timed calls: {n:,} games; best of {repeats} interleaved repetitions; seed {seed}"
          + (f"; pure Python {py_games:,} games" if pyref is not None else ""))
    print(f"- random words per game: {draws_per_game:,.1f}" + (f" (counted exactly in the {py_games} pure-Python "
          "games)" if pyref is not None else " (not counted: assumed)"))
    print()
    print("| row | threads | games/s | ns/game |")
    print("|---|---:|---:|---:|")
    order = (["python_reference"] if pyref is not None else []) + \
        [f"{w}_{t}" for t in threads for w in ("engine", "game", "ceiling")]
    for key in order:
        f = fig[key]
        print(f"| {f['label']} | {f['threads']} | {si(f['games_per_s'])} | {f['ns_per_game']:,.0f} |")
    print()
    print("Ratios (measured in this run):")
    print()
    for t in threads:
        print(f"- engine games/s / RNG ceiling games/s at {ceil_draws} draws a game, {t} thread"
              f"{'s' if t > 1 else ''}: **{ratios[f'engine_over_ceiling_{t}t']:.3f}**")
    if len(threads) > 1:
        ta, tb = threads[0], threads[-1]
        print(f"- {tb} threads / {ta} thread: engine {ratios[f'engine_{tb}t_over_{ta}t']:.2f}x, ceiling "
              f"{ratios[f'ceiling_{tb}t_over_{ta}t']:.2f}x")
    if pyref is not None:
        print(f"- compiled / pure Python (1 thread): {ratios['engine_over_python']:,.0f}x")
    print(f"- {si(top)} games/s on {threads[-1]} thread{'s' if threads[-1] > 1 else ''}: target {TARGET:,} "
          f"{'met' if checks['meets_target'] else 'NOT met'}")
    print()
    print("Checks:")
    print()
    print(f"- results identical on {', '.join(map(str, threads))} threads: "
          f"{'yes' if checks['threads_identical'] else 'NO'}")
    if pyref is not None:
        print(f"- pure-Python reference = compiled kernel on the same {py_games} games: "
              f"{'yes' if pyref_identical else 'NO'}")
    print(f"- compile + warm-up {compile_s:.1f} s; whole run {wall:.1f} s")
    print()
    out = {"benchmark": "blueline_bench", "date": date, "command": command, "config": config, "machine": machine,
           "draws": draws, "rows": fig, "ratios": ratios, "checks": checks, "compile_s": compile_s, "wall_s": wall}
    print(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
