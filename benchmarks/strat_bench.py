"""Strat-O-Matic Hockey throughput benchmark (the Basic game; ``--rules level=advanced`` the Advanced one).

One run measures, in the same process (plus one subprocess for the pure-Python
reference), games/s of the Basic game with every counter kept (per-game,
per-team, per-player and per-goalie), on the shipped sample kit's round robin
(every ordered pair of its 8 teams in turn, rulebook rules, default coaching):

* ``engine.simulate(league=True)``: the public entry point, including its
  per-chunk player sums (``np.add.at``) and allocations, on 1 and 2 threads;
* ``kernel.simulate_games`` called directly on the arrays the engine builds
  (the numba kernel alone), on 1 and 2 threads;
* the RNG ceiling ``simcore.rng.ceiling``: per-game seeding plus, per game, the
  mean number of random draws the kernel made in this run (``O.draws``: a
  2d6 roll counts 2, a split card 1, a deck shuffle one per swap), same block
  layout; draws/s of the kernel over draws/s of the ceiling is the fraction of
  the generator's own speed the game reaches;
* optionally, the pure-Python reference: the kernel's own code with
  ``NUMBA_DISABLE_JIT=1`` in a subprocess (a few games; ``--python-games 0``
  skips it), checked game for game against the compiled kernel.

Everything is compiled and warmed up before timing.  Timings are interleaved
(each repetition times every row once) and the best repetition of each row is
kept, so the ratios between rows are measured under the same conditions.

    .venv/bin/python benchmarks/strat_bench.py            # default
    .venv/bin/python benchmarks/strat_bench.py --quick    # a few seconds once compiled
    .venv/bin/python benchmarks/strat_bench.py --rules level=advanced    # the Advanced game

The first run compiles the Strat kernel (a few minutes; cached afterwards).
The output is a markdown block; its last line is one JSON object with every figure.
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
from simcore.games.strat import engine  # noqa: E402
from simcore.games.strat import kernel as K  # noqa: E402
from simcore.games.strat.kit import sample_kit  # noqa: E402
from simcore.games.strat.policies import Coach  # noqa: E402
from simcore.games.strat.rules import Rules  # noqa: E402
from simcore.rng import ceiling  # noqa: E402

PAIRS = 56                       # ordered pairs of the sample kit's 8 teams
DEFAULT_GAMES = PAIRS * 1170     # 65,520 games
QUICK_GAMES = PAIRS * 180        # 10,080 games
DEFAULT_REPEATS, QUICK_REPEATS = 7, 3
DEFAULT_PY_GAMES, QUICK_PY_GAMES = 20, 5


# ---------------------------------------------------------------- the kernel's arrays, as the engine builds them

class Run:
    """Compiled sample kit, round-robin schedule and output arrays for ``n`` games."""

    def __init__(self, n: int, seed: int, rules: Rules | None = None):
        self.n, self.seed = n, seed
        self.c = engine.compiled(None, rules)
        self.homes, self.aways = engine.schedule(self.c, n=n, league=True)
        self.pol = np.stack([Coach().numeric(), Coach().numeric()])
        self.gsl = np.zeros((n, 2), np.int64)
        self.gft = np.zeros((n, 2), np.int64)
        self.OG = np.zeros((n, K.NO), np.int32)
        self.OT = np.zeros((n, 2, K.NT), np.int16)
        self.OP = np.zeros((n, 2, K.MAX_ROSTER, K.NP), np.int16)
        self.OK = np.zeros((n, 2, 2, K.NK), np.int16)

    def kernel(self, n: int | None = None) -> None:
        n = self.n if n is None else n
        K.simulate_games((self.c.D, self.pol, self.homes[:n], self.aways[:n], self.gsl[:n], self.gft[:n]),
                         np.uint64(self.seed), 0, n, (self.OG[:n], self.OT[:n], self.OP[:n], self.OK[:n]))

    def totals(self, n: int | None = None) -> list:
        n = self.n if n is None else n
        return [self.OG[:n].tolist(), self.OT[:n].tolist()]


def python_reference(seed: int, n: int, repeats: int, rules: Rules) -> dict:
    """Runs in a subprocess with NUMBA_DISABLE_JIT=1: the kernel code as plain Python."""
    warnings.simplefilter("ignore", RuntimeWarning)  # uint64 wrap-around in the seed mixer is intended
    if not nb.config.DISABLE_JIT:
        raise SystemExit("the pure-Python reference must run with NUMBA_DISABLE_JIT=1")
    r = Run(n, seed, rules)
    best = float("inf")
    with np.errstate(over="ignore"):
        for _ in range(repeats):
            t = time.perf_counter()
            r.kernel()
            best = min(best, time.perf_counter() - t)
    return {"seconds": best, "games": n, "totals": r.totals()}


# ---------------------------------------------------------------- main

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=None,
                    help=f"games per timed call (default {DEFAULT_GAMES:,}; a multiple of {PAIRS} plays every "
                         "pairing equally)")
    ap.add_argument("--python-games", type=int, default=None,
                    help=f"games of the pure-Python reference (default {DEFAULT_PY_GAMES}; 0 skips it)")
    ap.add_argument("--repeats", type=int, default=None,
                    help=f"interleaved repetitions, best kept (default {DEFAULT_REPEATS})")
    ap.add_argument("--threads", default="1,2",
                    help="thread counts, comma-separated; 1 is always included (default 1,2)")
    ap.add_argument("--seed", type=int, default=2019, help="seed of every run (default 2019)")
    ap.add_argument("--quick", action="store_true",
                    help=f"small run: {QUICK_GAMES:,} games, {QUICK_PY_GAMES} pure-Python games, "
                         f"{QUICK_REPEATS} repetitions")
    ap.add_argument("--rules", default="",
                    help="rule options, e.g. level=advanced (default: the rulebook's Basic game)")
    ap.add_argument("--_pyref", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    n = max(1, args.games or (QUICK_GAMES if args.quick else DEFAULT_GAMES))
    py_games = args.python_games if args.python_games is not None else (
        QUICK_PY_GAMES if args.quick else DEFAULT_PY_GAMES)
    repeats = max(1, args.repeats or (QUICK_REPEATS if args.quick else DEFAULT_REPEATS))
    seed = args.seed
    rules = Rules().with_options(args.rules)

    if args._pyref:
        print(json.dumps(python_reference(seed, py_games, max(1, min(repeats, 2)), rules)))
        return 0

    threads = thread_counts(args.threads, nb.config.NUMBA_NUM_THREADS)
    t_start = time.perf_counter()
    date = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")

    # --- pure-Python reference, in a subprocess (nothing else runs meanwhile)
    pyref = None
    if py_games > 0:
        pyref = pure_python(__file__, ["--seed", str(seed), "--python-games", str(py_games), "--rules", args.rules,
                                       "--repeats", str(repeats)])

    # --- compile and warm up everything (every thread count)
    t_compile = time.perf_counter()
    run = Run(n, seed, rules)
    warm = min(n, 4 * K.BLOCK)
    for t in threads:
        with runner.threads(t):
            run.kernel(warm)
            engine.simulate(n=PAIRS, seed=seed, rules=rules, league=True, threads=t, progress=False)
            ceiling(np.uint64(seed), 0, warm, 100, K.BLOCK)
    compile_s = time.perf_counter() - t_compile

    # --- the draw count per game, from the full run (the same games every timed call plays)
    run.kernel()
    draws = run.OG[:, K.O.draws].astype(np.int64)
    draws_per_game = float(draws.mean())
    ceil_draws = max(1, int(round(draws_per_game)))
    single_thread_totals = run.totals()
    pyref_identical = None
    if pyref is not None:
        pyref_identical = run.totals(py_games) == pyref["totals"]

    # --- timed rows, interleaved: each repetition times every row once
    rows: dict[str, dict] = {}

    def row(key, label, threads_, fn):
        rows[key] = {"label": label, "threads": threads_, "fn": fn, "times": []}

    for t in threads:
        row(f"simulate_{t}", "engine.simulate, league round robin, all tables' counters", t,
            lambda t=t: engine.simulate(n=n, seed=seed, rules=rules, league=True, threads=t, progress=False))
        row(f"kernel_{t}", "kernel.simulate_games (numba kernel alone)", t, run.kernel)
        row(f"ceiling_{t}", f"RNG ceiling: seed + {ceil_draws} draws per game", t,
            lambda: ceiling(np.uint64(seed), 0, n, ceil_draws, K.BLOCK))
    thread_totals = {}
    for _ in range(repeats):
        for key, r in rows.items():
            with runner.threads(r["threads"]):
                t0 = time.perf_counter()
                r["fn"]()
                r["times"].append(time.perf_counter() - t0)
            if key.startswith("kernel_"):
                thread_totals[r["threads"]] = run.totals() == single_thread_totals

    # --- figures
    fig: dict[str, dict] = {}
    if pyref is not None:
        fig["python_reference"] = {"label": "pure Python: kernel code, NUMBA_DISABLE_JIT=1", "threads": 1,
                                   "games": pyref["games"], "seconds": pyref["seconds"],
                                   "draws": int(draws[:py_games].sum())}
    for key, r in rows.items():
        fig[key] = {"label": r["label"], "threads": r["threads"], "games": n, "seconds": min(r["times"]),
                    "seconds_median": float(np.median(r["times"])),
                    "draws": n * ceil_draws if key.startswith("ceiling") else int(draws.sum())}
    for f in fig.values():
        f["games_per_s"] = f["games"] / f["seconds"]
        f["draws_per_s"] = f["draws"] / f["seconds"]
        f["ns_per_game"] = 1e9 * f["seconds"] / f["games"]

    ratios = {}
    for t in threads:
        ratios[f"kernel_draws_over_ceiling_{t}t"] = fig[f"kernel_{t}"]["draws_per_s"] / fig[f"ceiling_{t}"]["draws_per_s"]
        per_rep = (np.array(rows[f"ceiling_{t}"]["times"]) / np.array(rows[f"kernel_{t}"]["times"])
                   * draws.sum() / (n * ceil_draws))
        ratios[f"kernel_draws_over_ceiling_{t}t_median_of_repetitions"] = float(np.median(per_rep))
        ratios[f"simulate_over_kernel_{t}t"] = fig[f"simulate_{t}"]["games_per_s"] / fig[f"kernel_{t}"]["games_per_s"]
    if len(threads) > 1:
        ta, tb = threads[0], threads[-1]
        for what in ("simulate", "kernel", "ceiling"):
            ratios[f"{what}_{tb}t_over_{ta}t"] = fig[f"{what}_{tb}"]["games_per_s"] / fig[f"{what}_{ta}"]["games_per_s"]
    if pyref is not None:
        ratios["kernel_over_python"] = fig[f"kernel_{threads[0]}"]["games_per_s"] / fig["python_reference"]["games_per_s"]

    checks = {"threads_identical": all(thread_totals.values()), "python_reference_identical": pyref_identical}
    try:
        layer = nb.threading_layer()
    except ValueError:
        layer = "unknown"
    machine = {"nproc": os.cpu_count(), "cpu": cpu_model(), "python": platform.python_version(),
               "numpy": np.__version__, "numba": nb.__version__, "numba_threads": nb.config.NUMBA_NUM_THREADS,
               "threading_layer": layer, "platform": platform.platform()}
    config = {"games_per_call": n, "python_games": py_games, "repeats": repeats, "threads": threads, "seed": seed,
              "block": K.BLOCK, "quick": args.quick, "kit": sample_kit().name,
              "rules": rules.id, "coach": Coach().id}
    draw_stats = {"mean": draws_per_game, "min": int(draws.min()), "max": int(draws.max()),
                  "ceiling_draws_per_game": ceil_draws,
                  "cards_per_game": float(run.OG[:, K.O.cards].mean())}
    wall = time.perf_counter() - t_start

    # --- print (markdown)
    exe = os.path.relpath(sys.executable) if not os.path.relpath(sys.executable).startswith("..") else sys.executable
    command = " ".join([exe] + sys.argv)
    print(f"### Strat-O-Matic Hockey {rules.level.capitalize()} benchmark, {date}")
    print()
    print(f"- command: `{command}`")
    print(f"- machine: {machine['nproc']} CPUs, {machine['cpu']}; Python {machine['python']}, numpy "
          f"{machine['numpy']}, numba {machine['numba']} (threading layer {layer})")
    print(f"- games: sample kit round robin ({PAIRS} ordered pairings), rules `{config['rules']}`, coach "
          f"`{config['coach']}`")
    print(f"- timed calls: {n:,} games; best of {repeats} interleaved repetitions; seed {seed}"
          + (f"; pure Python {py_games:,} games" if pyref is not None else ""))
    print(f"- random draws per game (kernel count): mean {draws_per_game:.1f}, min {draws.min()}, max "
          f"{draws.max()}; action cards per game {draw_stats['cards_per_game']:.1f}")
    print()
    print("| row | threads | games/s | draws/s | ns/game |")
    print("|---|---:|---:|---:|---:|")
    order = (["python_reference"] if pyref is not None else []) + \
        [f"{w}_{t}" for t in threads for w in ("simulate", "kernel", "ceiling")]
    for key in order:
        f = fig[key]
        print(f"| {f['label']} | {f['threads']} | {si(f['games_per_s'])} | {si(f['draws_per_s'])} | "
              f"{f['ns_per_game']:,.0f} |")
    print()
    print("Ratios (measured in this run):")
    print()
    for t in threads:
        r = ratios[f"kernel_draws_over_ceiling_{t}t"]
        med = ratios[f"kernel_draws_over_ceiling_{t}t_median_of_repetitions"]
        print(f"- kernel draws/s / RNG ceiling draws/s, {t} thread{'s' if t > 1 else ''}: **{r:.3f}** "
              f"(median of per-repetition ratios {med:.3f})")
    for t in threads:
        print(f"- engine.simulate / kernel alone, {t} thread{'s' if t > 1 else ''}: "
              f"{ratios[f'simulate_over_kernel_{t}t']:.2f}")
    if len(threads) > 1:
        ta, tb = threads[0], threads[-1]
        print(f"- {tb} threads / {ta} thread: simulate {ratios[f'simulate_{tb}t_over_{ta}t']:.2f}x, kernel "
              f"{ratios[f'kernel_{tb}t_over_{ta}t']:.2f}x, ceiling {ratios[f'ceiling_{tb}t_over_{ta}t']:.2f}x")
    if pyref is not None:
        print(f"- kernel / pure Python (1 thread): {ratios['kernel_over_python']:,.0f}x")
    print()
    print("Checks:")
    print()
    print(f"- kernel results identical on {', '.join(map(str, threads))} threads: "
          f"{'yes' if checks['threads_identical'] else 'NO'}")
    if pyref is not None:
        print(f"- pure-Python reference = compiled kernel on the same {py_games} games: "
              f"{'yes' if pyref_identical else 'NO'}")
    print(f"- compile + warm-up {compile_s:.1f} s; whole run {wall:.1f} s")
    print()
    out = {"benchmark": "strat_bench", "date": date, "command": command, "config": config, "machine": machine,
           "draws": draw_stats, "rows": fig, "ratios": ratios, "checks": checks, "compile_s": compile_s,
           "wall_s": wall}
    print(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
