"""Pass & Score throughput benchmark.

One run measures, in the same process (plus one subprocess for the pure-Python reference):

* games/s of ``engine.simulate`` with the rulebook rules and ``random`` on both sides, then ``greedy`` on both sides,
  on 1 and 2 threads;
* decisions/s of ``search`` (``search`` against ``greedy``, both seats: a game of 80 plays holds 40 search
  decisions; the rate counts search's decisions only and charges it the whole game's time), with two blocks of
  games a call so that two threads share them;
* search's decisions one at a time on fixed positions (``Position.choose``), compiled and in pure Python, for the
  compiled / pure-Python ratio of one decision (a whole pure-Python search game would take an hour);
* the RNG ceiling ``simcore.rng.ceiling``: per-game seeding plus D draws a game, the same block layout, where D is
  the random policy's mean number of raw 64-bit random words a game (counted exactly in the pure-Python games);
* the pure-Python reference: the kernel's own code with ``NUMBA_DISABLE_JIT=1`` in a subprocess (a few random and
  greedy games), checked game for game against the compiled kernel.

Everything is compiled and warmed up before timing; timings are interleaved and the best repetition of each row
kept, so ratios between rows are measured under the same conditions.

    .venv/bin/python benchmarks/passscore_bench.py            # 20,000 random / 400 greedy games a call, 3 repetitions
    .venv/bin/python benchmarks/passscore_bench.py --quick    # 2,000 / 40 games, 2 repetitions

The output is a markdown block (paste it into RESULTS.md) whose last line is one JSON object with every figure.
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
from simcore.games.passscore import engine  # noqa: E402
from simcore.games.passscore.kernel.layout import BLOCK  # noqa: E402
from simcore.games.passscore.rules import Rules  # noqa: E402
from simcore.rng import ceiling  # noqa: E402

TARGET = 50_000                  # games/s on 2 cores, random and greedy
SIZES = {"random": 20_000, "greedy": 400, "search": 2 * BLOCK}
QUICK = {"random": 2_000, "greedy": 40, "search": 2 * BLOCK}
#: the positions of search's one-decision rows: after this many plays of a random-against-random game of the seed
DECISION_PLIES = (0, 6, 12, 18)


def play(policy, n, seed, rules, threads=None):
    pols = (policy, policy) if isinstance(policy, str) else policy
    return engine.simulate(n, seed, rules, pols, threads=threads, progress=False)


def arrays_list(out: dict, k: int | None = None) -> dict:
    return {name: np.asarray(a)[:k].tolist() for name, a in out.items()}


def decision_positions(seed, rules):
    """Positions (with the team to play) reached by plays of a random-against-random game, one per
    :data:`DECISION_PLIES`: the opening and a few plays in."""
    out = []
    for k in DECISION_PLIES:
        p = engine.Position(rules, policies=("search", "search"))
        for i in range(k):
            play_ = p.random_play(p.to_move, seed=seed, game=i)
            if play_ is None:
                break
            p.turn(play_)
        out.append(p)
    return out


def search_decisions(positions, seed, repeats=1) -> tuple[float, int]:
    """Seconds for search's decision at each of ``positions`` (:func:`decision_positions`), ``repeats`` times, and
    the count: the decisions alone, the positions being made before."""
    t = time.perf_counter()
    for _ in range(repeats):
        for p in positions:
            p.choose(p.to_move, seed=seed, game=0)
    return time.perf_counter() - t, repeats * len(positions)


def python_reference(seed, n, rules) -> dict:
    warnings.simplefilter("ignore", RuntimeWarning)
    if not nb.config.DISABLE_JIT:
        raise SystemExit("the pure-Python reference must run with NUMBA_DISABLE_JIT=1")
    import simcore.rng as rng_mod

    out = {}
    with np.errstate(over="ignore"):
        for pol, k in (("random", n), ("greedy", max(1, n // 4))):      # a greedy game lists ~10,000 plays a play
            t = time.perf_counter()
            a = play(pol, k, seed, rules, threads=1)
            out[pol] = {"games": k, "seconds": time.perf_counter() - t, "arrays": arrays_list(a)}
        calls = [0]
        step = rng_mod._step

        def counted(s0, s1, s2, s3):
            calls[0] += 1
            return step(s0, s1, s2, s3)

        mods = [m for name, m in list(sys.modules.items()) if m is not None and
                (name == "simcore.rng" or name.startswith("simcore.games.passscore")) and
                getattr(m, "_step", None) is step]
        for m in mods:
            m._step = counted
        try:
            again = play("random", n, seed, rules, threads=1)
        finally:
            for m in mods:
                m._step = step
    assert arrays_list(again) == out["random"]["arrays"]
    secs, count = search_decisions(decision_positions(seed, rules), seed)
    out["search"] = {"decisions": count, "seconds": secs}
    return {"rows": out, "words_total": calls[0], "count_games": n}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--python-games", type=int, default=None, help="pure-Python random games (default 8, quick 4; "
                    "greedy a quarter of them, at least 1; 0 skips the reference and assumes 2,000 draws a game)")
    ap.add_argument("--repeats", type=int, default=None)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--_pyref", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    sizes = QUICK if args.quick else SIZES
    py_games = args.python_games if args.python_games is not None else (4 if args.quick else 8)
    repeats = max(1, args.repeats or (2 if args.quick else 3))
    rules = Rules()
    seed = args.seed
    if args._pyref:
        print(json.dumps(python_reference(seed, py_games, rules)))
        return 0
    threads = thread_counts(args.threads, nb.config.NUMBA_NUM_THREADS)
    date = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    load = os.getloadavg()
    t_start = time.perf_counter()
    pyref = pure_python(__file__, ["--seed", str(seed), "--python-games", str(py_games)]) if py_games > 0 else None
    draws = pyref["words_total"] / pyref["count_games"] if pyref else 2000.0
    ceil_draws = max(1, int(round(draws)))

    t0 = time.perf_counter()
    for t in threads:
        for pol in ("random", "greedy"):
            play(pol, 2 * BLOCK, seed, rules, threads=t)
        play(("search", "greedy"), 2, seed, rules, threads=t)
        with runner.threads(t):
            ceiling(np.uint64(seed), 0, 2 * BLOCK, ceil_draws, BLOCK)
    compile_s = time.perf_counter() - t0

    rows, results = {}, {}

    def row(key, label, t, n, fn, unit="games", count=None):
        """A timed row: ``n`` games (or decisions) a call, ``count`` of ``unit`` a call (default ``n``)."""
        rows[key] = {"label": label, "threads": t, "n": n, "fn": fn, "times": [], "unit": unit,
                     "count": n if count is None else count}

    for t in threads:
        for pol in ("random", "greedy"):
            row(f"{pol}_{t}", f"engine.simulate, {pol} against {pol}", t, sizes[pol],
                lambda t=t, pol=pol: results.__setitem__((pol, t), play(pol, sizes[pol], seed, rules, threads=t)))
        row(f"ceiling_{t}", f"RNG ceiling: seed + {ceil_draws} draws a game", t, sizes["random"],
            lambda: ceiling(np.uint64(seed), 0, sizes["random"], ceil_draws, BLOCK))
        row(f"search_{t}", "search against greedy, both seats (decisions of search)", t, sizes["search"],
            lambda t=t: (play(("search", "greedy"), sizes["search"], seed, rules, threads=t),
                         play(("greedy", "search"), sizes["search"], seed, rules, threads=t)), unit="decisions",
            count=sizes["search"] * int(rules.plays))      # two calls, each game half search's plays
    positions = decision_positions(seed, rules)
    search_decisions(positions, seed)                   # compiled and warmed up
    row("search_one", f"search, one decision at a time on {len(DECISION_PLIES)} fixed positions", 1,
        len(DECISION_PLIES) * 4, lambda: search_decisions(positions, seed, repeats=4), unit="decisions")
    identical = True
    for _ in range(repeats):
        for key, r in rows.items():
            with runner.threads(r["threads"]):
                a = time.perf_counter()
                r["fn"]()
                r["times"].append(time.perf_counter() - a)
        for pol in ("random", "greedy"):
            identical &= all(arrays_list(results[(pol, t)]) == arrays_list(results[(pol, threads[0])]) for t in threads)
    fig = {}
    for key, r in rows.items():
        best = min(r["times"])
        fig[key] = {"label": r["label"], "threads": r["threads"], "count": r["count"], "unit": r["unit"],
                    "seconds": best, "per_s": r["count"] / best}
    if pyref:
        for pol, v in pyref["rows"].items():
            unit = "decisions" if pol == "search" else "games"
            what = "one decision at a time, the same positions" if pol == "search" else "kernel code"
            fig[f"python_{pol}"] = {"label": f"pure Python ({pol}): {what}, NUMBA_DISABLE_JIT=1", "threads": 1,
                                    "count": v[unit], "unit": unit, "seconds": v["seconds"],
                                    "per_s": v[unit] / v["seconds"]}
    ratios = {}
    for t in threads:
        ratios[f"random_over_ceiling_{t}t"] = fig[f"random_{t}"]["per_s"] / fig[f"ceiling_{t}"]["per_s"]
        ratios[f"greedy_over_ceiling_{t}t"] = fig[f"greedy_{t}"]["per_s"] / fig[f"ceiling_{t}"]["per_s"]
    if pyref:
        for pol in ("random", "greedy"):
            ratios[f"{pol}_over_python"] = fig[f"{pol}_{threads[0]}"]["per_s"] / fig[f"python_{pol}"]["per_s"]
        ratios["search_decision_over_python"] = fig["search_one"]["per_s"] / fig["python_search"]["per_s"]
    if len(threads) > 1:
        ratios["search_2t_over_1t"] = fig[f"search_{threads[-1]}"]["per_s"] / fig[f"search_{threads[0]}"]["per_s"]
    py_same = None
    if pyref:
        py_same = all(arrays_list(results[(pol, threads[0])], pyref["rows"][pol]["games"])
                      == pyref["rows"][pol]["arrays"] for pol in ("random", "greedy"))
    top = threads[-1]
    checks = {"threads_identical": identical, "python_reference_identical": py_same, "target": TARGET,
              "random_meets_target": fig[f"random_{top}"]["per_s"] >= TARGET,
              "greedy_meets_target": fig[f"greedy_{top}"]["per_s"] >= TARGET}
    machine = {"nproc": os.cpu_count(), "cpu": cpu_model(), "python": platform.python_version(),
               "numba": nb.__version__, "load_at_start": load, "load_at_end": os.getloadavg()}
    wall = time.perf_counter() - t_start
    command = " ".join([os.path.relpath(sys.executable)] + sys.argv)
    print(f"### Pass & Score benchmark, {date}")
    print()
    print(f"- command: `{command}`; load average at start {load[0]:.2f}, at end {machine['load_at_end'][0]:.2f}")
    print(f"- machine: {machine['nproc']} CPUs, {machine['cpu']}; Python {machine['python']}, numba {machine['numba']}")
    print(f"- rules `{rules.id}`; best of {repeats} interleaved repetitions; seed {seed}; random words a game "
          f"(random policy): {draws:,.1f}")
    print()
    print("| row | threads | per second | unit |")
    print("|---|---:|---:|---|")
    for key, f in fig.items():
        print(f"| {f['label']} | {f['threads']} | {si(f['per_s'])} | {f['unit']} |")
    print()
    print("Ratios (this run):")
    print()
    for k, v in ratios.items():
        print(f"- {k}: **{v:,.3g}**" if v < 1 else f"- {k}: **{v:,.2f}**" if v < 10 else f"- {k}: **{v:,.1f}**")
    print(f"- target {TARGET:,} games/s on {top} threads: random "
          f"{'met' if checks['random_meets_target'] else 'NOT met'}, greedy "
          f"{'met' if checks['greedy_meets_target'] else 'NOT met'}")
    print(f"- identical on {threads} threads: {identical}; pure Python = compiled: {py_same}")
    print(f"- compile + warm-up {compile_s:.1f} s; whole run {wall:.1f} s")
    print()
    print(json.dumps({"benchmark": "passscore_bench", "date": date, "command": command, "rows": fig,
                      "ratios": ratios, "checks": checks, "machine": machine, "compile_s": compile_s,
                      "wall_s": wall}, default=float, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
