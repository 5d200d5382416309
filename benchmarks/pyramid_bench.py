"""Pyramid card hockey throughput benchmark.

One run measures, in the same process (plus one subprocess for the pure-Python
reference), games/s of pyramid card hockey with the rulebook rules (standard
52-card deck, 3-2-1 lineups, ties stand), side A against side B with the same
policy on both sides, for the ``default`` policy and the ``random`` policy:

* ``engine.simulate``: the public entry point (compile_game, chunking through
  ``simcore.runner``, the Results object; tables are built lazily and are not
  built here), on 1 and 2 threads;
* ``kernel.simulate_games`` called directly on ``compile_game(...).ctx()``
  (the numba kernel alone), on 1 and 2 threads;
* the RNG ceiling ``simcore.rng.ceiling``: per-game seeding plus D draws per
  game, same block layout, where D is the kernel's mean number of random draws
  (``uniform_int`` calls) per game with that policy; draws/s of the kernel over
  draws/s of the ceiling is the fraction of the generator's own speed the game
  reaches;
* the pure-Python reference: the kernel's own code with ``NUMBA_DISABLE_JIT=1``
  in a subprocess (a few hundred games; ``--python-games 0`` skips it), checked
  game for game against the compiled kernel.

Random draws per game.  The kernel keeps no draw counter, so the pure-Python
subprocess counts them exactly (``kernel.uniform_int`` wrapped by a counter, which
works because under ``NUMBA_DISABLE_JIT=1`` the kernel looks the function up in
its module at each call).  With the rulebook rules every game plays three periods,
each from a Fisher-Yates shuffle of the 52-card deck (51 draws), and no coin flip
for the first drafter, so the ``default`` policy (no random decision) makes
exactly 153 draws per game.  The ``random`` policy also draws once per card placed
(3 x 52 - flips) and once per flip that beats a skater (every advance, plus the
shots taken while a skater could have been beaten); the last term is not in the
kernel's output, so the full run gives bounds (lower: advances only; upper: every
shot) and the counted games give the share of shots that drew, from which the
full run's mean is estimated.

Everything is compiled and warmed up before timing.  Timings are interleaved
(each repetition times every row once) and the best repetition of each row is
kept, so the ratios between rows are measured under the same conditions; the
median of the per-repetition kernel/ceiling ratios is printed beside the best.

    .venv/bin/python benchmarks/pyramid_bench.py            # default: 65,536 games per call, 7 repetitions
    .venv/bin/python benchmarks/pyramid_bench.py --quick    # 16,384 games, 3 repetitions

The first run compiles the pyramid kernel (a few minutes on a small machine;
cached afterwards).  The output is a markdown block (paste it into RESULTS.md)
whose last line is one JSON object with every figure.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import hashlib
import json
import os
import platform
import subprocess
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
from simcore.games.pyramid import engine  # noqa: E402
from simcore.games.pyramid import kernel as K  # noqa: E402
from simcore.games.pyramid.policies import PRESETS  # noqa: E402
from simcore.games.pyramid.rules import Rules  # noqa: E402
from simcore.rng import ceiling  # noqa: E402

POLICIES = ("default", "random")
BLOCK = K.BLOCK                   # the block the kernel hands to free threads
DEFAULT_GAMES, QUICK_GAMES = 1 << 16, 1 << 14
DEFAULT_REPEATS, QUICK_REPEATS = 7, 3
DEFAULT_PY_GAMES, QUICK_PY_GAMES = 200, 50
DEFAULT_COUNT_GAMES, QUICK_COUNT_GAMES = 1000, 200
TARGET_GAMES_PER_S = 500_000      # the issue: >= 500,000 games/s on 2 cores, default policies


# ---------------------------------------------------------------- helpers shared with the reference subprocess

def game_of(policy: str):
    return engine.compile_game(Rules(), policy)


def kernel_call(game, seed: int, n: int, g0: int = 0) -> np.ndarray:
    """The kernel called as ``engine.simulate`` calls it (a uint64 seed: the same compiled specialization)."""
    (out,) = K.GAME_OUTPUTS.allocate(n)
    K.simulate_games(game.ctx(), np.uint64(seed), g0, n, (out,))
    return out


def draw_bounds(out: np.ndarray, deck_size: int) -> tuple[np.ndarray, np.ndarray]:
    """Per-game bounds on the draws of a game under the rulebook rules (ties stand, home drafts first) with a
    random policy on both sides: three shuffles, one draw per card placed and one per advance; plus, for the
    upper bound, one per shot (a shot draws when a skater could have been beaten instead)."""
    flips = out[:, K.C_FLIPS].astype(np.int64)
    adv = out[:, K.C_ADV].astype(np.int64) + out[:, K.C_ADV + 1]
    shots = out[:, K.C_SHOTS].astype(np.int64) + out[:, K.C_SHOTS + 1]
    lower = 3 * (deck_size - 1) + (3 * deck_size - flips) + adv
    return lower, lower + shots


def python_reference(seed: int, n: int, count_games: int, repeats: int) -> dict:
    """Runs in a subprocess with NUMBA_DISABLE_JIT=1: the kernel code as plain Python.

    Times ``n`` games per policy, then counts the random draws (``uniform_int`` calls, and the raw 64-bit
    words they used) of ``count_games`` games per policy, game by game."""
    warnings.simplefilter("ignore", RuntimeWarning)  # uint64 wrap-around in the seed mixer is intended
    if not nb.config.DISABLE_JIT:
        raise SystemExit("the pure-Python reference must run with NUMBA_DISABLE_JIT=1")
    import simcore.rng as rng_mod
    res: dict = {"games": n, "count_games": count_games, "policies": {}}
    with np.errstate(over="ignore"):
        for pol in POLICIES:
            game = game_of(pol)
            best = float("inf")
            out = None
            for _ in range(repeats):
                t = time.perf_counter()
                out = kernel_call(game, seed, n)
                best = min(best, time.perf_counter() - t)
            res["policies"][pol] = {"seconds": best, "out": out.tolist()}
        # exact draw counts: wrap the generator functions the kernel and uniform_int look up at call time
        calls = [0, 0]
        uniform_int, next_u64 = K.uniform_int, rng_mod.next_u64

        def counted_uniform_int(st, m):
            calls[0] += 1
            return uniform_int(st, m)

        def counted_next_u64(st):
            calls[1] += 1
            return next_u64(st)

        K.uniform_int, rng_mod.next_u64 = counted_uniform_int, counted_next_u64
        try:
            for pol in POLICIES:
                game = game_of(pol)
                draws, words = [], []
                for g in range(count_games):
                    calls[0] = calls[1] = 0
                    kernel_call(game, seed, 1, g0=g)
                    draws.append(calls[0])
                    words.append(calls[1])
                res["policies"][pol]["draws"] = draws
                res["policies"][pol]["words"] = words
        finally:
            K.uniform_int, rng_mod.next_u64 = uniform_int, next_u64
    return res


def source_state() -> dict:
    """The commit and whether the pyramid game's sources differ from it (the kernel measured is the working tree's)."""
    def git(*a):
        try:
            return subprocess.run(["git", *a], cwd=ROOT, capture_output=True, text=True, check=False).stdout.strip()
        except OSError:
            return ""
    kernel_py = ROOT / "simcore" / "games" / "pyramid" / "kernel.py"
    return {"commit": git("rev-parse", "--short", "HEAD"),
            "pyramid_uncommitted": git("status", "--porcelain", "--", "simcore/games/pyramid").splitlines(),
            "kernel_sha256": hashlib.sha256(kernel_py.read_bytes()).hexdigest()[:16]}


# ---------------------------------------------------------------- main

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=None,
                    help=f"games per timed call (default {DEFAULT_GAMES:,})")
    ap.add_argument("--python-games", type=int, default=None,
                    help=f"games per policy of the pure-Python reference (default {DEFAULT_PY_GAMES}; 0 skips it "
                         "and the draw count)")
    ap.add_argument("--count-games", type=int, default=None,
                    help=f"games per policy whose draws the pure-Python reference counts (default "
                         f"{DEFAULT_COUNT_GAMES})")
    ap.add_argument("--repeats", type=int, default=None,
                    help=f"interleaved repetitions, best kept (default {DEFAULT_REPEATS})")
    ap.add_argument("--threads", default="1,2",
                    help="thread counts, comma-separated; 1 is always included (default 1,2)")
    ap.add_argument("--seed", type=int, default=2019, help="seed of every run (default 2019)")
    ap.add_argument("--quick", action="store_true",
                    help=f"small run: {QUICK_GAMES:,} games, {QUICK_PY_GAMES} pure-Python games, "
                         f"{QUICK_REPEATS} repetitions")
    ap.add_argument("--_pyref", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    n = max(1, args.games or (QUICK_GAMES if args.quick else DEFAULT_GAMES))
    py_games = args.python_games if args.python_games is not None else (
        QUICK_PY_GAMES if args.quick else DEFAULT_PY_GAMES)
    count_games = args.count_games if args.count_games is not None else (
        QUICK_COUNT_GAMES if args.quick else DEFAULT_COUNT_GAMES)
    count_games = max(1, count_games)
    repeats = max(1, args.repeats or (QUICK_REPEATS if args.quick else DEFAULT_REPEATS))
    seed = args.seed

    if args._pyref:
        print(json.dumps(python_reference(seed, py_games, count_games, max(1, min(repeats, 2)))))
        return 0

    threads = thread_counts(args.threads, nb.config.NUMBA_NUM_THREADS)
    t_start = time.perf_counter()
    date = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    games = {pol: game_of(pol) for pol in POLICIES}
    deck_size = games["default"].deck.size
    rules = Rules()
    if rules.tie_break != "ties" or rules.first_player != "home":
        raise SystemExit("the draw bounds assume the rulebook's ties and home-first defaults")

    # --- pure-Python reference, in a subprocess (nothing else runs meanwhile)
    pyref = None
    if py_games > 0:
        pyref = pure_python(__file__, ["--seed", str(seed), "--python-games", str(py_games),
                                       "--count-games", str(count_games), "--repeats", str(repeats)])

    # --- compile and warm up everything (every thread count)
    t_compile = time.perf_counter()
    warm = min(n, 4 * BLOCK)
    for t in threads:
        with runner.threads(t):
            for pol in POLICIES:
                kernel_call(games[pol], seed, warm)
                engine.simulate(n=warm, seed=seed, policies=pol, threads=t, progress=False)
            ceiling(np.uint64(seed), 0, warm, 153, BLOCK)
    compile_s = time.perf_counter() - t_compile

    # --- reference outputs on 1 thread, draw counts per game
    ref_out, draws = {}, {}
    with runner.threads(1):
        for pol in POLICIES:
            ref_out[pol] = kernel_call(games[pol], seed, n)
    checks: dict = {"python_reference_identical": {}, "threads_identical": {}, "draw_count_in_bounds": {}}
    for pol in POLICIES:
        out = ref_out[pol]
        d = {"flips_mean": float(out[:, K.C_FLIPS].mean()),
             "advances_mean": float((out[:, K.C_ADV] + out[:, K.C_ADV + 1]).mean()),
             "shots_mean": float((out[:, K.C_SHOTS] + out[:, K.C_SHOTS + 1]).mean())}
        if pol == "random":
            lower, upper = draw_bounds(out, deck_size)
            d.update({"full_run_lower_mean": float(lower.mean()), "full_run_upper_mean": float(upper.mean())})
        if pyref is not None:
            p = pyref["policies"][pol]
            checks["python_reference_identical"][pol] = ref_out[pol][:py_games].tolist() == p["out"]
            counted = np.array(p["draws"], dtype=np.int64)
            words = np.array(p["words"], dtype=np.int64)
            cg = counted.size
            lo_c, hi_c = draw_bounds(ref_out[pol][:cg], deck_size)
            checks["draw_count_in_bounds"][pol] = bool(np.all(counted >= lo_c) and np.all(counted <= hi_c)) \
                if pol == "random" else bool(np.all(counted == 3 * (deck_size - 1)))
            d.update({"counted_games": int(cg), "counted_mean": float(counted.mean()),
                      "counted_min": int(counted.min()), "counted_max": int(counted.max()),
                      "words_per_draw": float(words.sum() / max(1, counted.sum()))})
            if pol == "random":
                shots_c = (ref_out[pol][:cg, K.C_SHOTS] + ref_out[pol][:cg, K.C_SHOTS + 1]).sum()
                share = float((counted - lo_c).sum() / shots_c) if shots_c else 0.0
                d["shots_that_drew"] = share
            if pol == "default":
                d["mean"] = float(3 * (deck_size - 1)) if checks["draw_count_in_bounds"][pol] else d["counted_mean"]
                d["source"] = "exact: 3 shuffles of the deck, confirmed by the count"
            else:
                d["mean"] = d["full_run_lower_mean"] + share * d["shots_mean"]
                d["source"] = "full-run lower bound + counted share of shots that drew x full-run shots"
        else:
            if pol == "default":
                d["mean"], d["source"] = float(3 * (deck_size - 1)), "exact: 3 shuffles of the deck"
            else:
                d["mean"] = 0.5 * (d["full_run_lower_mean"] + d["full_run_upper_mean"])
                d["source"] = "midpoint of the full-run bounds (no count)"
        d["ceiling_draws_per_game"] = max(1, int(round(d["mean"])))
        draws[pol] = d

    # --- timed rows, interleaved: each repetition times every row once
    rows: dict[str, dict] = {}

    def row(key, label, threads_, pol, fn, n_draws):
        rows[key] = {"label": label, "threads": threads_, "policy": pol, "fn": fn, "times": [],
                     "draws_per_game": n_draws}

    outs: dict = {}
    for t in threads:
        for pol in POLICIES:
            g = games[pol]
            dm = draws[pol]["mean"]
            row(f"simulate_{pol}_{t}", f"engine.simulate, policy `{pol}`", t, pol,
                lambda t=t, pol=pol: engine.simulate(n=n, seed=seed, policies=pol, threads=t, progress=False), dm)

            def kern(g=g, pol=pol, t=t):
                outs[(pol, t)] = kernel_call(g, seed, n)
            row(f"kernel_{pol}_{t}", f"kernel.simulate_games, policy `{pol}`", t, pol, kern, dm)
            cd = draws[pol]["ceiling_draws_per_game"]
            row(f"ceiling_{pol}_{t}", f"RNG ceiling: seed + {cd} draws per game (`{pol}`)", t, pol,
                lambda cd=cd: ceiling(np.uint64(seed), 0, n, cd, BLOCK), cd)
    thread_ok = {pol: True for pol in POLICIES}
    for _ in range(repeats):
        for key, r in rows.items():
            with runner.threads(r["threads"]):
                t0 = time.perf_counter()
                r["fn"]()
                r["times"].append(time.perf_counter() - t0)
            if key.startswith("kernel_"):
                pol, t = r["policy"], r["threads"]
                thread_ok[pol] = thread_ok[pol] and np.array_equal(outs.pop((pol, t)), ref_out[pol])
    sim_ok = {}
    for pol in POLICIES:   # engine.simulate gives the kernel's games too (every thread count)
        sim_ok[pol] = all(np.array_equal(
            engine.simulate(n=n, seed=seed, policies=pol, threads=t, progress=False).aggregates["out"],
            ref_out[pol]) for t in threads)
    checks["threads_identical"] = thread_ok
    checks["simulate_equals_kernel"] = sim_ok

    # --- figures
    fig: dict[str, dict] = {}
    if pyref is not None:
        for pol in POLICIES:
            fig[f"python_{pol}"] = {"label": f"pure Python: kernel code, NUMBA_DISABLE_JIT=1, policy `{pol}`",
                                    "threads": 1, "policy": pol, "games": py_games,
                                    "seconds": pyref["policies"][pol]["seconds"],
                                    "draws_per_game": draws[pol]["mean"]}
    for key, r in rows.items():
        fig[key] = {"label": r["label"], "threads": r["threads"], "policy": r["policy"], "games": n,
                    "seconds": min(r["times"]), "seconds_median": float(np.median(r["times"])),
                    "draws_per_game": r["draws_per_game"]}
    for f in fig.values():
        f["games_per_s"] = f["games"] / f["seconds"]
        f["draws_per_s"] = f["games_per_s"] * f["draws_per_game"]
        f["ns_per_game"] = 1e9 * f["seconds"] / f["games"]

    ratios: dict[str, float] = {}
    for pol in POLICIES:
        for t in threads:
            k, c = f"kernel_{pol}_{t}", f"ceiling_{pol}_{t}"
            ratios[f"kernel_draws_over_ceiling_{pol}_{t}t"] = fig[k]["draws_per_s"] / fig[c]["draws_per_s"]
            per_rep = (np.array(rows[c]["times"]) / np.array(rows[k]["times"])
                       * draws[pol]["mean"] / draws[pol]["ceiling_draws_per_game"])
            ratios[f"kernel_draws_over_ceiling_{pol}_{t}t_median_of_repetitions"] = float(np.median(per_rep))
            ratios[f"simulate_over_kernel_{pol}_{t}t"] = \
                fig[f"simulate_{pol}_{t}"]["games_per_s"] / fig[k]["games_per_s"]
        if len(threads) > 1:
            ta, tb = threads[0], threads[-1]
            for what in ("simulate", "kernel", "ceiling"):
                ratios[f"{what}_{pol}_{tb}t_over_{ta}t"] = \
                    fig[f"{what}_{pol}_{tb}"]["games_per_s"] / fig[f"{what}_{pol}_{ta}"]["games_per_s"]
        if pyref is not None:
            ratios[f"kernel_over_python_{pol}"] = \
                fig[f"kernel_{pol}_{threads[0]}"]["games_per_s"] / fig[f"python_{pol}"]["games_per_s"]

    tmax = threads[-1]
    ceil_default = fig[f"ceiling_default_{tmax}"]["games_per_s"] * draws["default"]["ceiling_draws_per_game"] \
        / draws["default"]["mean"]
    targets = {"games_per_s": TARGET_GAMES_PER_S, "threads": tmax,
               "kernel_games_per_s": fig[f"kernel_default_{tmax}"]["games_per_s"],
               "simulate_games_per_s": fig[f"simulate_default_{tmax}"]["games_per_s"],
               "ceiling_games_per_s": ceil_default,
               "target_over_ceiling": TARGET_GAMES_PER_S / ceil_default,
               "kernel_over_ceiling": fig[f"kernel_default_{tmax}"]["games_per_s"] / ceil_default}
    targets["met"] = targets["kernel_games_per_s"] >= TARGET_GAMES_PER_S and tmax >= 2

    try:
        layer = nb.threading_layer()
    except ValueError:
        layer = "unknown"
    machine = {"nproc": os.cpu_count(), "cpu": cpu_model(), "python": platform.python_version(),
               "numpy": np.__version__, "numba": nb.__version__, "numba_threads": nb.config.NUMBA_NUM_THREADS,
               "threading_layer": layer, "platform": platform.platform()}
    try:
        load = os.getloadavg()
    except OSError:
        load = None
    config = {"games_per_call": n, "python_games": py_games, "count_games": count_games if pyref else 0,
              "repeats": repeats, "threads": threads, "seed": seed, "block": BLOCK, "quick": args.quick,
              "rules": rules.id, "deck_size": deck_size,
              "policies": {pol: PRESETS[pol] for pol in POLICIES}}
    wall = time.perf_counter() - t_start

    # --- print (markdown)
    exe = os.path.relpath(sys.executable) if not os.path.relpath(sys.executable).startswith("..") else sys.executable
    command = " ".join([exe] + sys.argv)
    yn = lambda b: "yes" if b else "NO"  # noqa: E731
    print(f"### Pyramid card hockey benchmark, {date}")
    print()
    print(f"- command: `{command}`")
    print(f"- machine: {machine['nproc']} CPUs, {machine['cpu']}; Python {machine['python']}, numpy "
          f"{machine['numpy']}, numba {machine['numba']} (threading layer {layer})"
          + (f"; load average at the end {load[0]:.2f}, {load[1]:.2f}, {load[2]:.2f} (1, 5, 15 min)" if load else ""))
    src = source_state()
    print(f"- source: commit {src['commit'] or '?'}, `kernel.py` sha256 {src['kernel_sha256']}…"
          + (f"; uncommitted changes under simcore/games/pyramid: "
             f"{', '.join(x.split()[-1] for x in src['pyramid_uncommitted'])}" if src["pyramid_uncommitted"] else
             "; simcore/games/pyramid as committed"))
    print(f"- games: rules `{rules.id}` ({deck_size}-card deck), the same policy on both sides: "
          + "; ".join(f"`{pol}` = `{PRESETS[pol]}`" for pol in POLICIES))
    print(f"- timed calls: {n:,} games; best of {repeats} interleaved repetitions; seed {seed}; block {BLOCK}"
          + (f"; pure Python {py_games:,} games per policy" if pyref is not None else ""))
    for pol in POLICIES:
        d = draws[pol]
        line = f"- random draws per game, `{pol}`: {d['mean']:.1f} ({d['source']})"
        if "counted_mean" in d:
            line += (f"; counted on {d['counted_games']:,} games: mean {d['counted_mean']:.1f}, min "
                     f"{d['counted_min']}, max {d['counted_max']}, {d['words_per_draw']:.4f} 64-bit words per draw")
        if pol == "random":
            line += (f"; full-run bounds {d['full_run_lower_mean']:.1f} .. {d['full_run_upper_mean']:.1f}"
                     + (f", {100 * d['shots_that_drew']:.0f}% of shots drew" if "shots_that_drew" in d else ""))
        print(line)
    print()
    print("| row | threads | games/s | draws/s | ns/game |")
    print("|---|---:|---:|---:|---:|")
    order = [f"python_{pol}" for pol in POLICIES] if pyref is not None else []
    order += [f"{w}_{pol}_{t}" for t in threads for pol in POLICIES for w in ("simulate", "kernel", "ceiling")]
    for key in order:
        f = fig[key]
        print(f"| {f['label']} | {f['threads']} | {si(f['games_per_s'])} | {si(f['draws_per_s'])} | "
              f"{f['ns_per_game']:,.0f} |")
    print()
    print("Ratios (measured in this run):")
    print()
    for pol in POLICIES:
        for t in threads:
            r = ratios[f"kernel_draws_over_ceiling_{pol}_{t}t"]
            med = ratios[f"kernel_draws_over_ceiling_{pol}_{t}t_median_of_repetitions"]
            print(f"- kernel draws/s / RNG ceiling draws/s, `{pol}`, {t} thread{'s' if t > 1 else ''}: **{r:.3f}** "
                  f"(median of per-repetition ratios {med:.3f})")
    for pol in POLICIES:
        print(f"- engine.simulate / kernel alone, `{pol}`: "
              + ", ".join(f"{ratios[f'simulate_over_kernel_{pol}_{t}t']:.2f} ({t} thr)" for t in threads))
    if len(threads) > 1:
        ta, tb = threads[0], threads[-1]
        for pol in POLICIES:
            print(f"- {tb} threads / {ta} thread, `{pol}`: simulate {ratios[f'simulate_{pol}_{tb}t_over_{ta}t']:.2f}x, "
                  f"kernel {ratios[f'kernel_{pol}_{tb}t_over_{ta}t']:.2f}x, "
                  f"ceiling {ratios[f'ceiling_{pol}_{tb}t_over_{ta}t']:.2f}x")
    if pyref is not None:
        print("- kernel / pure Python (1 thread): "
              + ", ".join(f"`{pol}` {ratios[f'kernel_over_python_{pol}']:,.0f}x" for pol in POLICIES))
    print()
    print("Checks:")
    print()
    for pol in POLICIES:
        print(f"- `{pol}`: kernel results identical on {', '.join(map(str, threads))} threads (every repetition): "
              f"{yn(thread_ok[pol])}; engine.simulate = kernel: {yn(sim_ok[pol])}"
              + (f"; pure-Python reference = compiled kernel on the same {py_games} games: "
                 f"{yn(checks['python_reference_identical'][pol])}; counted draws "
                 + ("= 153 in every game" if pol == "default" else "within the per-game bounds")
                 + f": {yn(checks['draw_count_in_bounds'][pol])}" if pyref is not None else ""))
    print(f"- compile + warm-up {compile_s:.1f} s; whole run {wall:.1f} s")
    print()
    print("Targets (reported, not asserted):")
    print()
    print("| target | measured | status |")
    print("|---|---|---|")
    print(f"| >= {TARGET_GAMES_PER_S:,} games/s on {tmax} cores, default policies | "
          f"{si(targets['kernel_games_per_s'])} games/s (kernel alone), {si(targets['simulate_games_per_s'])} "
          f"(`engine.simulate`) | **{'met' if targets['met'] else 'missed'}**"
          + ("" if targets["met"] else f", {TARGET_GAMES_PER_S / targets['kernel_games_per_s']:.1f}x short") + " |")
    print(f"| the target as a fraction of the same-run RNG ceiling ({tmax} threads, "
          f"{draws['default']['mean']:.0f} draws per game: {si(ceil_default)} games/s) | target "
          f"{targets['target_over_ceiling']:.3f} of the ceiling; kernel {targets['kernel_over_ceiling']:.3f} | "
          f"reported |")
    print()
    out = {"benchmark": "pyramid_bench", "date": date, "command": command, "config": config, "machine": machine,
           "source": src, "load_average": load, "draws": draws, "rows": fig, "ratios": ratios, "checks": checks,
           "targets": targets, "compile_s": compile_s, "wall_s": wall}
    print(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
