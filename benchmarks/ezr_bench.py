"""EZR quick-play throughput benchmark.

One run measures, in the same process (plus one subprocess for the pure-Python
reference), games/s and team-periods/s of:

* the pure-Python reference: the kernel's own code with ``NUMBA_DISABLE_JIT=1``
  (``@njit`` functions run as plain Python, ``prange`` is ``range``);
* a numpy-vectorized version of the base rules (no ?? chart), written here;
* the numba kernel with the full rules: ``simulate_aggregate`` and
  ``simulate_games``, on 1 and 2 threads, and ``simulate_aggregate`` with the
  ?? chart off (the same rules as the numpy version);
* the RNG ceiling ``simcore.rng.ceiling``: per-game seeding plus 6 draws per
  game (one draw ~ one team-period roll), and the seeding cost alone.

Everything is compiled and warmed up before timing.  Timings are interleaved
(each repetition times every row once) and the best repetition of each row is
kept, so the ratios between rows are measured under the same conditions.  A
game has 6 team-periods (3 periods x 2 teams); periods/s = 6 x games/s for
every row, and for the ceiling periods/s = draws/s.

    .venv/bin/python benchmarks/ezr_bench.py            # default, well under 2 minutes
    .venv/bin/python benchmarks/ezr_bench.py --quick    # a few seconds once compiled

The last line printed is one JSON object with every figure.
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
from simcore.games.ezr import kernel as K  # noqa: E402
from simcore.games.ezr.charts import COL_D6, OT_LOSS, OT_TIE, OT_WIN  # noqa: E402
from simcore.games.ezr.matchup import compile_matchup, sample_teams  # noqa: E402
from simcore.games.ezr.rules import Rules  # noqa: E402
from simcore.parallel import n_blocks  # noqa: E402
from simcore.rng import STATE_SIZE, ceiling, seed_stream  # noqa: E402

HOME_TEAM, AWAY_TEAM = "BOS", "NYR"
PERIODS_PER_GAME = 6
CEILING_DRAWS = 6
TARGET_CEILING = 0.4
TARGET_PYTHON = 100.0
DEFAULT_PERIODS = PERIODS_PER_GAME * (1 << 18)
QUICK_PERIODS = PERIODS_PER_GAME * (1 << 16)
DEFAULT_REPEATS, QUICK_REPEATS = 15, 5


# ---------------------------------------------------------------- helpers shared with the reference subprocess

def matchup(qq_chart: str = "on"):
    teams = sample_teams()
    home, away = teams[HOME_TEAM].team, teams[AWAY_TEAM].team
    return home, away, compile_matchup(Rules(qq_chart=qq_chart), home, away)


def agg_arrays(n: int) -> tuple[np.ndarray, ...]:
    """Per-block aggregate arrays for simulate_aggregate (kernel.AGG_OUTPUTS, as the engine allocates them)."""
    return K.AGG_OUTPUTS.allocate(n_blocks(n, K.BLOCK))


def game_arrays(n: int) -> tuple[np.ndarray, ...]:
    """Per-game output arrays for simulate_games (kernel.GAME_OUTPUTS, as the engine allocates them)."""
    return K.GAME_OUTPUTS.allocate(n)


def run_aggregate(c, seed: int, n: int, parts) -> None:
    for a in parts:
        a.fill(0)
    K.simulate_aggregate(c.ctx(), np.uint64(seed), 0, n, parts)


def totals(parts) -> list[list]:
    """Aggregates summed over blocks, as nested lists (JSON-friendly)."""
    return [a.sum(axis=0).tolist() for a in parts]


def python_reference(seed: int, n: int, repeats: int) -> dict:
    """Runs in a subprocess with NUMBA_DISABLE_JIT=1: the kernel code as plain Python."""
    warnings.simplefilter("ignore", RuntimeWarning)  # uint64 wrap-around in the seed mixer is intended
    if not nb.config.DISABLE_JIT:
        raise SystemExit("the pure-Python reference must run with NUMBA_DISABLE_JIT=1")
    _, _, c = matchup()
    parts = agg_arrays(n)
    best = float("inf")
    with np.errstate(over="ignore"):
        for _ in range(repeats):
            t = time.perf_counter()
            run_aggregate(c, seed, n, parts)
            best = min(best, time.perf_counter() - t)
    return {"seconds": best, "games": n, "aggregates": totals(parts)}


# ---------------------------------------------------------------- numpy peer: base rules, vectorized

def numpy_base_rules(c, n: int, rng: np.random.Generator, chunk: int = 1 << 17) -> dict:
    """``n`` games of the base rules (no ?? chart) with numpy, using the compiled charts of ``c``.

    Regulation: 3 periods per team, each a uniform 1-99 roll read off the
    team's Goals Scored line (the chart is off, so a 100 is rolled again,
    which is the same as rolling 1-99); the d6 column is a d6.  A tie rolls
    1-100 on the home team's Overtime line; TIE or SO goes to the shootout:
    rounds of one 2d6 shot each, read on the Shoot Out table, repeated until
    one side scores and the other does not.  Returns the kernel's aggregates
    (results, team/period/score histograms), without ?? events.
    """
    line = c.team_line
    home_line = int(line[0])
    so_bits = c.so_bits
    repeat = bool(c.flags[K.F_SO_REPEAT])
    ot_on, so_on = bool(c.flags[K.F_OT]), bool(c.flags[K.F_SO])
    results = np.zeros(9, np.int64)
    team_hist = np.zeros((2, K.MAX_TEAM_GOALS), np.int64)
    period_hist = np.zeros((2, 3, K.MAX_PERIOD_GOALS), np.int64)
    score_hist = np.zeros(K.MAX_SCORE * K.MAX_SCORE, np.int64)
    for g0 in range(0, n, chunk):
        m = min(chunk, n - g0)
        rolls = rng.integers(1, 100, size=(m, 3, 2), dtype=np.int16)
        goals = c.goals_col[line, rolls]                          # int8 (m, 3, 2): column code = goals, 5 = d6
        d6 = goals == COL_D6
        goals[d6] = rng.integers(1, 7, size=int(np.count_nonzero(d6)), dtype=np.int8)
        reg = goals.sum(axis=1, dtype=np.int64)                   # (m, 2)
        winner = np.where(reg[:, 0] > reg[:, 1], K.HOME, np.where(reg[:, 1] > reg[:, 0], K.AWAY, K.TIE))
        decided = np.full(m, K.REG)
        final = reg.copy()
        pending = np.flatnonzero(winner == K.TIE)
        if ot_on and pending.size:
            ot = c.ot_col[home_line, rng.integers(1, 101, size=pending.size)]
            decided[pending] = K.OT
            won, lost = pending[ot == OT_WIN], pending[ot == OT_LOSS]
            winner[won], winner[lost] = K.HOME, K.AWAY
            final[won, 0] += 1
            final[lost, 1] += 1
            pending = pending[ot == OT_TIE]
        if so_on and pending.size:
            decided[pending] = K.SO
            while pending.size:
                shots = rng.integers(1, 7, size=(4, pending.size)).astype(np.int64)
                h = (so_bits[0] >> (shots[0] + shots[1])) & 1
                a = (so_bits[1] >> (shots[2] + shots[3])) & 1
                done = h != a
                winner[pending[done]] = np.where(h[done] == 1, K.HOME, K.AWAY)
                pending = pending[~done]
                if not repeat:
                    break
        results += np.bincount(winner * 3 + decided, minlength=9)
        for t in range(2):
            team_hist[t] += np.bincount(np.minimum(final[:, t], K.MAX_TEAM_GOALS - 1), minlength=K.MAX_TEAM_GOALS)
            for p in range(3):
                period_hist[t, p] += np.bincount(np.minimum(goals[:, p, t], K.MAX_PERIOD_GOALS - 1),
                                                 minlength=K.MAX_PERIOD_GOALS)
        s = K.MAX_SCORE
        score_hist += np.bincount(np.minimum(final[:, 0], s - 1) * s + np.minimum(final[:, 1], s - 1),
                                  minlength=s * s)
    return {"results": results.reshape(3, 3), "team_hist": team_hist, "period_hist": period_hist,
            "score_hist": score_hist.reshape(K.MAX_SCORE, K.MAX_SCORE)}


# ---------------------------------------------------------------- seeding cost, kept alive

@nb.njit(cache=True, parallel=True)
def seed_only(seed, g0, n, block):
    """Per-game seeding alone, in the layout of :func:`simcore.rng.ceiling`.  The last
    state word of every game is folded into the result so that no seeding can be
    optimized away (``ceiling`` with 0 draws leaves the state unused, and the
    compiler drops the seeding); the fold is a rotate-xor chain so that the
    compiler cannot vectorize the seeding of several games either, which a
    game never allows."""
    nblocks = (n + block - 1) // block
    partial = np.zeros(nblocks, dtype=np.uint64)
    for b in nb.prange(nblocks):
        st = np.empty(STATE_SIZE, dtype=np.uint64)
        acc = np.uint64(0)
        for g in range(b * block, min(n, (b + 1) * block)):
            seed_stream(st, seed, g0 + g)
            acc = ((acc << np.uint64(1)) | (acc >> np.uint64(63))) ^ st[3]
        partial[b] = acc
    return partial


# ---------------------------------------------------------------- reporting helpers

def z_prop(k1, n1, k2, n2) -> float:
    p = (k1 + k2) / (n1 + n2)
    se = np.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    return float((k1 / n1 - k2 / n2) / se) if se > 0 else 0.0


def z_mean(h1, h2) -> float:
    x = np.arange(h1.size)
    out = []
    for h in (h1, h2):
        n = h.sum()
        m = (h @ x) / n
        out.append((m, (h @ (x - m) ** 2) / n / n))
    return float((out[0][0] - out[1][0]) / np.sqrt(out[0][1] + out[1][1]))


# ---------------------------------------------------------------- main

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--periods", type=int, default=None,
                    help=f"team-periods per timed call of the numba and numpy rows (games = periods / 6); "
                         f"default {DEFAULT_PERIODS:,} ({DEFAULT_PERIODS // 6:,} games)")
    ap.add_argument("--python-games", type=int, default=None,
                    help="games per timed call of the pure-Python reference (default 2000)")
    ap.add_argument("--repeats", type=int, default=None,
                    help=f"interleaved repetitions, best kept (default {DEFAULT_REPEATS})")
    ap.add_argument("--threads", default="1,2",
                    help="thread counts, comma-separated; 1 is always included (default 1,2)")
    ap.add_argument("--seed", type=int, default=2019, help="seed of every run (default 2019)")
    ap.add_argument("--quick", action="store_true",
                    help=f"small run: {QUICK_PERIODS:,} periods, 300 pure-Python games, {QUICK_REPEATS} repetitions")
    ap.add_argument("--_pyref", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    periods = args.periods or (QUICK_PERIODS if args.quick else DEFAULT_PERIODS)
    n = max(1, periods // PERIODS_PER_GAME)
    py_games = args.python_games or (300 if args.quick else 2000)
    repeats = args.repeats or (QUICK_REPEATS if args.quick else DEFAULT_REPEATS)
    seed = args.seed

    if args._pyref:
        print(json.dumps(python_reference(seed, py_games, max(1, min(repeats, 3)))))
        return 0

    threads = thread_counts(args.threads, nb.config.NUMBA_NUM_THREADS)
    t_start = time.perf_counter()
    date = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    home, away, c = matchup("on")
    _, _, c_base = matchup("off")
    useed = np.uint64(seed)

    # --- pure-Python reference, in a subprocess (nothing else runs meanwhile)
    pyref = pure_python(__file__, ["--seed", str(seed), "--python-games", str(py_games), "--repeats", str(repeats)])

    # --- compile and warm up everything (every thread count)
    t_compile = time.perf_counter()
    parts = agg_arrays(n)
    parts_base = agg_arrays(n)
    garr = game_arrays(n)
    small = agg_arrays(py_games)
    for t in threads:
        with runner.threads(t):
            run_aggregate(c, seed, min(n, 4 * K.BLOCK), parts)
            run_aggregate(c_base, seed, min(n, 4 * K.BLOCK), parts_base)
            K.simulate_games(c.ctx(), useed, 0, min(n, 4 * K.BLOCK), tuple(a[:min(n, 4 * K.BLOCK)] for a in garr))
            for d in (0, 1, CEILING_DRAWS):
                ceiling(useed, 0, min(n, 4 * K.BLOCK), d, K.BLOCK)
            seed_only(useed, 0, min(n, 4 * K.BLOCK), K.BLOCK)
    numpy_base_rules(c_base, min(n, 1 << 14), np.random.default_rng(seed))
    compile_s = time.perf_counter() - t_compile

    # --- the same games on the JIT kernel as in the pure-Python reference: must be bit-identical
    with runner.threads(threads[0]):
        run_aggregate(c, seed, py_games, small)
    pyref_identical = totals(small) == pyref["aggregates"]

    # --- timed rows, interleaved: every repetition times every row once, each kernel row
    # next to the ceiling row of its thread count, so both see the same machine state
    rows: dict[str, dict] = {}

    def row(key, label, threads_, fn, games, zero=()):
        rows[key] = {"label": label, "threads": threads_, "fn": fn, "games": games, "zero": zero, "times": []}

    np_rng = np.random.default_rng(seed)
    np_out = {}

    def numpy_call():
        np_out["agg"] = numpy_base_rules(c_base, n, np_rng)

    row("numpy_base", "numpy vectorized, base rules (no ?? chart)", 1, numpy_call, n)
    row("kernel_base_1", "numba simulate_aggregate, base rules (no ?? chart)", 1,
        lambda: K.simulate_aggregate(c_base.ctx(), useed, 0, n, parts_base), n, parts_base)
    for t in threads:
        row(f"kernel_aggregate_{t}", "numba simulate_aggregate, full rules", t,
            lambda: K.simulate_aggregate(c.ctx(), useed, 0, n, parts), n, parts)
        row(f"ceiling_{t}", f"RNG ceiling: seed + {CEILING_DRAWS} draws per game", t,
            lambda: ceiling(useed, 0, n, CEILING_DRAWS, K.BLOCK), n)
        row(f"kernel_games_{t}", "numba simulate_games, full rules", t,
            lambda: K.simulate_games(c.ctx(), useed, 0, n, garr), n)
        row(f"ceiling1_{t}", "RNG ceiling: seed + 1 draw per game", t,
            lambda: ceiling(useed, 0, n, 1, K.BLOCK), n)
        row(f"ceiling0_{t}", "RNG ceiling: seed + 0 draws per game", t,
            lambda: ceiling(useed, 0, n, 0, K.BLOCK), n)
        row(f"seed_only_{t}", "seeding only (state kept live)", t,
            lambda: seed_only(useed, 0, n, K.BLOCK), n)

    last_totals = {}
    for _ in range(repeats):
        for key, r in rows.items():
            for a in r["zero"]:  # the kernel adds into its per-block counters: start each call from zero
                a.fill(0)
            with runner.threads(r["threads"]):
                t0 = time.perf_counter()
                r["fn"]()
                r["times"].append(time.perf_counter() - t0)
            if key.startswith("kernel_aggregate"):
                last_totals[r["threads"]] = totals(parts)

    # --- figures
    fig: dict[str, dict] = {}
    fig["python_reference"] = {"label": "pure Python: kernel code, NUMBA_DISABLE_JIT=1", "threads": 1,
                               "games": pyref["games"], "seconds": pyref["seconds"]}
    for key, r in rows.items():
        fig[key] = {"label": r["label"], "threads": r["threads"], "games": r["games"], "seconds": min(r["times"]),
                    "seconds_median": float(np.median(r["times"]))}
    for f in fig.values():
        f["games_per_s"] = f["games"] / f["seconds"]
        f["periods_per_s"] = PERIODS_PER_GAME * f["games_per_s"]
        f["ns_per_game"] = 1e9 * f["seconds"] / f["games"]

    def gps(key):
        return fig[key]["games_per_s"]

    t1 = threads[0]
    ratios = {}
    for t in threads:
        ratios[f"kernel_over_ceiling_{t}t"] = gps(f"kernel_aggregate_{t}") / gps(f"ceiling_{t}")
        ratios[f"kernel_games_over_ceiling_{t}t"] = gps(f"kernel_games_{t}") / gps(f"ceiling_{t}")
        ratios[f"games_mode_over_aggregate_{t}t"] = gps(f"kernel_games_{t}") / gps(f"kernel_aggregate_{t}")
    for t in threads:  # the same ratio taken within each repetition (adjacent calls), median over repetitions
        per_rep = np.array(rows[f"ceiling_{t}"]["times"]) / np.array(rows[f"kernel_aggregate_{t}"]["times"])
        ratios[f"kernel_over_ceiling_{t}t_median_of_repetitions"] = float(np.median(per_rep))
    ratios["kernel_over_python"] = gps(f"kernel_aggregate_{t1}") / gps("python_reference")
    ratios["kernel_over_numpy"] = gps(f"kernel_aggregate_{t1}") / gps("numpy_base")
    ratios["kernel_base_over_numpy"] = gps("kernel_base_1") / gps("numpy_base")
    ratios["numpy_over_python"] = gps("numpy_base") / gps("python_reference")
    if len(threads) > 1:
        ta, tb = threads[0], threads[-1]
        ratios[f"kernel_{tb}t_over_{ta}t"] = gps(f"kernel_aggregate_{tb}") / gps(f"kernel_aggregate_{ta}")
        ratios[f"kernel_games_{tb}t_over_{ta}t"] = gps(f"kernel_games_{tb}") / gps(f"kernel_games_{ta}")
        ratios[f"ceiling_{tb}t_over_{ta}t"] = gps(f"ceiling_{tb}") / gps(f"ceiling_{ta}")

    seeding = {}
    for t in threads:
        ns_kernel = fig[f"kernel_aggregate_{t}"]["ns_per_game"]
        ns_seed = fig[f"seed_only_{t}"]["ns_per_game"]
        ns1, ns6 = fig[f"ceiling1_{t}"]["ns_per_game"], fig[f"ceiling_{t}"]["ns_per_game"]
        ns_extrap = ns1 - (ns6 - ns1) / (CEILING_DRAWS - 1)
        ns0 = fig[f"ceiling0_{t}"]["ns_per_game"]
        seeding[f"{t}t"] = {
            "ns_seed_per_game": ns_seed,
            "ns_seed_extrapolated": ns_extrap,
            "ns_ceiling0_per_game": ns0,
            "ceiling0_optimized_away": bool(ns0 < 0.1 * ns_seed),
            "ns_draw": (ns6 - ns1) / (CEILING_DRAWS - 1),
            "ns_kernel_game": ns_kernel,
            "seed_fraction_of_game": ns_seed / ns_kernel,
            "seed_fraction_of_ceiling_game": ns_seed / ns6,
        }

    # --- checks
    base = {k: v.sum(axis=0) for k, v in zip(("team_hist", "period_hist", "score_hist", "results"), parts_base[:4])}
    npa = np_out["agg"]
    checks = {
        "python_reference_bit_identical": pyref_identical,
        "threads_bit_identical": (len({json.dumps(v) for v in last_totals.values()}) == 1),
        "numpy_vs_kernel_base_z": {
            "home_win": z_prop(npa["results"][K.HOME].sum(), n, base["results"][K.HOME].sum(), n),
            "decided_reg": z_prop(npa["results"][:, K.REG].sum(), n, base["results"][:, K.REG].sum(), n),
            "home_goals_mean": z_mean(npa["team_hist"][0], base["team_hist"][0]),
            "away_goals_mean": z_mean(npa["team_hist"][1], base["team_hist"][1]),
        },
    }
    checks["numpy_agrees_with_kernel_base"] = all(abs(z) < 4.5 for z in checks["numpy_vs_kernel_base_z"].values())

    try:
        layer = nb.threading_layer()
    except ValueError:
        layer = "unknown"
    machine = {"nproc": os.cpu_count(), "cpu": cpu_model(), "python": platform.python_version(),
               "numpy": np.__version__, "numba": nb.__version__, "numba_threads": nb.config.NUMBA_NUM_THREADS,
               "threading_layer": layer, "platform": platform.platform()}
    config = {"games_per_call": n, "periods_per_call": n * PERIODS_PER_GAME, "python_games": py_games,
              "repeats": repeats, "threads": threads, "seed": seed, "ceiling_draws_per_game": CEILING_DRAWS,
              "block": K.BLOCK, "quick": args.quick}
    match = {"home": {"team": HOME_TEAM, "spec": home.spec, "ezr": c.ezr[0]},
             "away": {"team": AWAY_TEAM, "spec": away.spec, "ezr": c.ezr[1]},
             "rules": "rulebook (?? chart on); base rules = qq_chart=off"}
    wall = time.perf_counter() - t_start

    # --- print
    exe = os.path.relpath(sys.executable) if not os.path.relpath(sys.executable).startswith("..") else sys.executable
    command = " ".join([exe] + sys.argv)
    print(f"EZR quick-play benchmark, {date}")
    print(f"command: {command}")
    print(f"matchup: {HOME_TEAM} {home.spec} (home, EZR {c.ezr[0]:+d}) vs {AWAY_TEAM} {away.spec} "
          f"(away, EZR {c.ezr[1]:+d}); full rules = rulebook (?? chart on), base rules = no ?? chart")
    print(f"machine: {machine['nproc']} CPUs, {machine['cpu']}; Python {machine['python']}, numpy "
          f"{machine['numpy']}, numba {machine['numba']} (threading layer {layer})")
    print(f"timed calls: {n:,} games ({n * PERIODS_PER_GAME:,} team-periods); pure Python {py_games:,} games; "
          f"best of {repeats} interleaved repetitions; seed {seed}")
    print()
    print(f"{'row':<52} {'thr':>3} {'games/s':>11} {'periods/s':>11} {'ns/game':>11}")
    order = ["python_reference", "numpy_base", "kernel_base_1"]
    for t in threads:
        order += [f"kernel_aggregate_{t}", f"kernel_games_{t}", f"ceiling_{t}"]
    for t in threads:
        order += [f"seed_only_{t}", f"ceiling1_{t}", f"ceiling0_{t}"]
    for key in order:
        f = fig[key]
        print(f"{f['label']:<52} {f['threads']:>3} {si(f['games_per_s'], 7):>11} {si(f['periods_per_s'], 7):>11} "
              f"{f['ns_per_game']:>11.1f}")
    print()
    print("ratios (periods/s over periods/s, measured in this run)")
    for t in threads:
        r = ratios[f"kernel_over_ceiling_{t}t"]
        med = ratios[f"kernel_over_ceiling_{t}t_median_of_repetitions"]
        print(f"  kernel / RNG ceiling, {t} thread{'s' if t > 1 else ' '}:   {r:8.3f}   "
              f"(target >= {TARGET_CEILING}: {'met' if r >= TARGET_CEILING else 'NOT met'}; "
              f"median of per-repetition ratios {med:.3f})")
    r = ratios["kernel_over_python"]
    print(f"  kernel / pure Python (1 thread):      {r:8.0f}x  "
          f"(target >= {TARGET_PYTHON:.0f}x: {'met' if r >= TARGET_PYTHON else 'NOT met'})")
    print(f"  kernel / numpy base rules (1 thread): {ratios['kernel_over_numpy']:8.2f}x  "
          f"(full rules vs base rules)")
    print(f"  kernel base rules / numpy:            {ratios['kernel_base_over_numpy']:8.2f}x  (same rules)")
    if len(threads) > 1:
        ta, tb = threads[0], threads[-1]
        print(f"  {tb} threads / {ta} thread, kernel:          {ratios[f'kernel_{tb}t_over_{ta}t']:8.2f}x  "
              f"(games mode {ratios[f'kernel_games_{tb}t_over_{ta}t']:.2f}x, ceiling "
              f"{ratios[f'ceiling_{tb}t_over_{ta}t']:.2f}x)")
    for t in threads:
        print(f"  games mode / aggregate mode, {t} thr:   {ratios[f'games_mode_over_aggregate_{t}t']:8.2f}")
    print()
    print("seeding cost per game")
    for t in threads:
        s = seeding[f"{t}t"]
        note = " (compiled away: the state is never read)" if s["ceiling0_optimized_away"] else ""
        print(f"  {t} thread{'s' if t > 1 else ' '}: seeding {s['ns_seed_per_game']:.1f} ns "
              f"(from ceiling 1 vs {CEILING_DRAWS} draws: {s['ns_seed_extrapolated']:.1f} ns; one draw "
              f"{s['ns_draw']:.1f} ns; ceiling with 0 draws {s['ns_ceiling0_per_game']:.2f} ns{note})")
        print(f"             = {100 * s['seed_fraction_of_game']:.1f}% of a full-rules kernel game "
              f"({s['ns_kernel_game']:.1f} ns), {100 * s['seed_fraction_of_ceiling_game']:.1f}% of a ceiling game")
    print()
    print("checks")
    print(f"  pure-Python reference = JIT kernel, same {py_games:,} games, bit for bit: "
          f"{'yes' if checks['python_reference_bit_identical'] else 'NO'}")
    print(f"  simulate_aggregate identical on {', '.join(map(str, threads))} threads: "
          f"{'yes' if checks['threads_bit_identical'] else 'NO'}")
    zs = ", ".join(f"{k} z={v:+.2f}" for k, v in checks["numpy_vs_kernel_base_z"].items())
    print(f"  numpy base rules vs kernel base rules ({n:,} games each): {zs} -> "
          f"{'agree' if checks['numpy_agrees_with_kernel_base'] else 'DISAGREE'}")
    print(f"  compile + warm-up {compile_s:.1f} s; whole run {wall:.1f} s")
    print()
    out = {"benchmark": "ezr_bench", "date": date, "command": command,
           "matchup": match, "config": config, "machine": machine,
           "rows": {k: {kk: vv for kk, vv in f.items()} for k, f in fig.items()},
           "ratios": ratios, "seeding": seeding, "checks": checks,
           "targets": {"kernel_over_ceiling": TARGET_CEILING, "kernel_over_python": TARGET_PYTHON},
           "compile_s": compile_s, "wall_s": wall}
    print(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
