"""League season projection benchmark.

One run measures, in the same process (plus one subprocess per engine for the
pure-Python reference), on the shipped sample leagues
(``simcore/games/ezr/data/league/league.toml``: 32 teams, 656 regular-season
games left, 16-team playoffs; ``simcore/games/strat/data/league/league.toml``: 8
teams, 140 games left, 4-team playoffs; best-of-7 series):

* the season kernel: ``run(seed, s0, count, keep_games=False)`` from the engine's
  ``runner`` of the game's league adapter (``simcore.games.ezr.season`` / ``simcore.games.strat.season``: the
  season loop of ``simcore.league.kernel`` specialized on the game), which calls
  the numba ``simulate_seasons``: the remaining schedule, goalie rotation,
  standings and playoffs of ``count`` seasons;
* the engine's single-game kernel ``simulate_games`` on a comparable number of
  games: EZR on the matchup ``ezr_bench.py`` times (BOS ``D/D/B/b`` vs NYR
  ``F/E/C/b``), Strat on the sample kit's round robin with every counter kept,
  as ``strat_bench.py`` times it;
* the RNG ceiling ``simcore.rng.ceiling`` on the same number of games (6 draws
  per EZR game; for Strat the mean draws per game of the single-game run);
* ``project(lg, n=10_000)`` on the EZR sample league, end to end (setup, the
  kernel in chunks of 256 seasons, the per-season and summary tables), with the
  time spent in the kernel calls, and the kernel alone on the same 10,000
  seasons in one call;
* the pure-Python reference: the season kernel's own code with
  ``NUMBA_DISABLE_JIT=1`` in a subprocess, on a few seasons; it also counts the
  games played in each of those seasons (regular season and playoffs) and is
  checked against the compiled kernel on the same seasons.

Season kernel games/s count the regular-season games (seasons x games left);
the playoffs are counted only in the pure-Python subprocess's seasons, so the
playoff figures of the timed calls are estimates from that count.

    .venv/bin/python benchmarks/league_bench.py                   # default, about 2 minutes warm
    .venv/bin/python benchmarks/league_bench.py --quick           # seconds once compiled
    .venv/bin/python benchmarks/league_bench.py --write-results   # also its RESULTS.md section, runs/*.json

The first run compiles the season kernels (minutes; cached afterwards).  The
output is a markdown block; its last line is one JSON object with every figure.
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
from simcore.games.ezr import kernel as EK  # noqa: E402
from simcore.games.strat import kernel as SK  # noqa: E402
from simcore.games.strat.kernel import game as SG  # noqa: E402
from simcore.league import kernel as LK  # noqa: E402
from simcore.league import projection as P  # noqa: E402
from simcore.league.files import load_league  # noqa: E402
from simcore.league.samplegen import sample  # noqa: E402
from simcore.rng import ceiling  # noqa: E402

LEAGUES = {e: sample(e) / "league.toml" for e in ("ezr", "strat")}
ENGINES = ("ezr", "strat")
EZR_CEILING_DRAWS = 6
TARGET = 0.5                       # season-kernel games/s over single-game games/s
DEFAULT = {"ezr": 2000, "strat": 200, "project": 10_000, "repeats": 3, "project_repeats": 2,
           "py_ezr": 3, "py_strat": 2}
QUICK = {"ezr": 300, "strat": 40, "project": 2000, "repeats": 2, "project_repeats": 1, "py_ezr": 1, "py_strat": 1}
RESULTS_HEADING = "### League season projections: `benchmarks/league_bench.py`"


# ---------------------------------------------------------------- the leagues, as project() sets them up

class Season:
    """A sample league with its setup and the engine's season runner."""

    def __init__(self, engine: str):
        self.engine = engine
        self.lg = load_league(LEAGUES[engine])
        self.s = P.setup(self.lg)
        self.run, self.finish = P._engine(self.lg, self.s)
        self.games = len(self.s.homes)
        self.teams = len(self.s.names)
        self.played = len(self.lg.results)

    def seasons(self, seed: int, count: int, s0: int = 0) -> dict:
        return self.run(np.uint64(seed), s0, count, False)


def python_reference(engine: str, seed: int, count: int) -> dict:
    """Runs in a subprocess with NUMBA_DISABLE_JIT=1: the season kernel's code as plain Python, one season at a
    time, counting the engine's ``play_game`` calls (the un-jitted season kernel looks it up at every game)."""
    warnings.simplefilter("ignore", RuntimeWarning)  # uint64 wrap-around in the seed mixer is intended
    if not nb.config.DISABLE_JIT:
        raise SystemExit("the pure-Python reference must run with NUMBA_DISABLE_JIT=1")
    mod = EK if engine == "ezr" else SG        # the module whose play_game the season kernel calls
    calls = [0]
    play = mod.play_game

    def counted(*a):
        calls[0] += 1
        return play(*a)

    mod.play_game = counted
    sea = Season(engine)
    per_season, team, stats, seconds = [], [], [], 0.0
    with np.errstate(over="ignore"):
        for s in range(count):
            calls[0] = 0
            t = time.perf_counter()
            out = sea.seasons(seed, 1, s0=s)
            seconds += time.perf_counter() - t
            per_season.append(calls[0])
            team.append(out["team"][0].tolist())
            stats.append(out["stats"][0].tolist())
    return {"seasons": count, "seconds": seconds, "games_per_season": per_season, "regular": sea.games,
            "team": team, "stats": stats}


def update_results(block: str, path: Path) -> None:
    """Replace this benchmark's output in RESULTS.md ("The current run's outputs": from its heading, a line of its
    own, to the next ``## `` or ``### `` heading), or append it at the end; the block's own heading goes one level
    down."""
    import re

    text = path.read_text()
    block = re.sub(r"^### ", "#### ", block.rstrip(), flags=re.M)
    section = RESULTS_HEADING + "\n\n" + block + "\n"
    start = text.find("\n" + RESULTS_HEADING + "\n")
    if start < 0:
        path.write_text(text.rstrip() + "\n\n" + section)
        return
    start += 1
    ends = [e for e in (text.find("\n## ", start + 1), text.find("\n### ", start + 1)) if e >= 0]
    rest = "" if not ends else "\n" + text[min(ends) + 1:]
    path.write_text(text[:start] + section + rest)


# ---------------------------------------------------------------- main

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ezr-seasons", type=int, default=None,
                    help=f"EZR seasons per timed season-kernel call (default {DEFAULT['ezr']:,}; x 656 games)")
    ap.add_argument("--strat-seasons", type=int, default=None,
                    help=f"Strat seasons per timed season-kernel call (default {DEFAULT['strat']:,}; x 140 games)")
    ap.add_argument("--project-seasons", type=int, default=None,
                    help=f"seasons of the EZR project() rows (default {DEFAULT['project']:,})")
    ap.add_argument("--python-seasons", default=None,
                    help=f"seasons of the pure-Python reference, EZR,Strat (default {DEFAULT['py_ezr']},"
                         f"{DEFAULT['py_strat']}; 0,0 skips it and the playoff count)")
    ap.add_argument("--repeats", type=int, default=None,
                    help=f"interleaved repetitions of the kernel rows, best kept (default {DEFAULT['repeats']})")
    ap.add_argument("--project-repeats", type=int, default=None,
                    help=f"repetitions of the project() rows, best kept (default {DEFAULT['project_repeats']})")
    ap.add_argument("--threads", default="1,2",
                    help="thread counts, comma-separated; 1 is always included (default 1,2)")
    ap.add_argument("--seed", type=int, default=2019, help="seed of every run (default 2019)")
    ap.add_argument("--quick", action="store_true",
                    help=f"small run: {QUICK['ezr']} EZR and {QUICK['strat']} Strat seasons, project() on "
                         f"{QUICK['project']:,} seasons, {QUICK['repeats']} repetitions")
    ap.add_argument("--write-results", action="store_true",
                    help="also write the report into benchmarks/RESULTS.md (replacing this benchmark's section)")
    ap.add_argument("--_pyref", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--_engine", default="ezr:1", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    d = QUICK if args.quick else DEFAULT
    seed = args.seed
    if args._pyref:
        eng, count = args._engine.split(":")
        print(json.dumps(python_reference(eng, seed, int(count))))
        return 0
    n_seasons = {"ezr": max(1, args.ezr_seasons or d["ezr"]), "strat": max(1, args.strat_seasons or d["strat"])}
    n_project = max(1, args.project_seasons or d["project"])
    repeats = max(1, args.repeats or d["repeats"])
    project_repeats = max(1, args.project_repeats or d["project_repeats"])
    py_spec = (args.python_seasons or f"{d['py_ezr']},{d['py_strat']}").split(",")
    py_seasons = {"ezr": int(py_spec[0]), "strat": int(py_spec[-1])}

    threads = thread_counts(args.threads, nb.config.NUMBA_NUM_THREADS)
    t_start = time.perf_counter()
    date = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    useed = np.uint64(seed)

    # --- pure-Python references, in subprocesses (nothing else runs meanwhile)
    pyref = {e: pure_python(__file__, ["--seed", str(seed), "--_engine", f"{e}:{py_seasons[e]}"])
             for e in ENGINES if py_seasons[e] > 0}

    from ezr_bench import game_arrays, matchup  # noqa: E402  (the EZR single-game benchmark's matchup)
    from strat_bench import PAIRS, Run  # noqa: E402  (the Strat single-game benchmark's round robin)

    # --- the leagues, the single-game runs; compile and warm up everything (every thread count)
    t_compile = time.perf_counter()
    lea = {e: Season(e) for e in ENGINES}
    n_games = {e: n_seasons[e] * lea[e].games for e in ENGINES}
    home, away, c = matchup("on")
    garr = game_arrays(n_games["ezr"])
    n_strat = -(-n_games["strat"] // PAIRS) * PAIRS        # whole round robins: every pairing equally
    srun = Run(n_strat, seed)
    for t in threads:
        with runner.threads(t):
            for e in ENGINES:
                lea[e].seasons(seed, 2 * t)
            EK.simulate_games(c.ctx(), useed, 0, min(n_games["ezr"], 4 * EK.BLOCK),
                              tuple(a[:min(n_games["ezr"], 4 * EK.BLOCK)] for a in garr))
            srun.kernel(min(n_strat, 4 * SK.BLOCK))
            ceiling(useed, 0, 4 * EK.BLOCK, EZR_CEILING_DRAWS, EK.BLOCK)
    P.project(lea["ezr"].lg, n=4, seed=seed, threads=1, progress=False)
    compile_s = time.perf_counter() - t_compile

    # --- Strat draws per game, from the full single-game run (the same games every timed call plays)
    srun.kernel()
    sdraws = srun.OG[:, SK.O.draws].astype(np.int64)
    strat_ceiling_draws = max(1, int(round(float(sdraws.mean()))))
    ceil_draws = {"ezr": EZR_CEILING_DRAWS, "strat": strat_ceiling_draws}
    ceil_games = {"ezr": n_games["ezr"], "strat": n_strat}
    block = {"ezr": EK.BLOCK, "strat": SK.BLOCK}

    # --- the compiled season kernel on the pure-Python reference's seasons: must be identical
    pyref_identical = {}
    for e, r in pyref.items():
        out = lea[e].seasons(seed, r["seasons"])
        pyref_identical[e] = (out["team"].tolist() == r["team"]) and (out["stats"].tolist() == r["stats"])

    # --- kernel rows, interleaved: every repetition times every row once
    rows: dict[str, dict] = {}

    def row(key, label, engine, threads_, games, fn):
        rows[key] = {"label": label, "engine": engine, "threads": threads_, "games": games, "fn": fn, "times": []}

    for e in ENGINES:
        for t in threads:
            row(f"{e}_season_{t}", f"season kernel, {n_seasons[e]:,} seasons (regular-season games)", e, t,
                n_games[e], lambda e=e: lea[e].seasons(seed, n_seasons[e]))
            if e == "ezr":
                row(f"{e}_games_{t}", "simulate_games, BOS vs NYR (ezr_bench)", e, t, n_games[e],
                    lambda: EK.simulate_games(c.ctx(), useed, 0, n_games["ezr"], garr))
            else:
                row(f"{e}_games_{t}", "simulate_games, kit round robin, every counter (strat_bench)", e, t,
                    n_strat, srun.kernel)
            row(f"{e}_ceiling_{t}", f"RNG ceiling: seed + {ceil_draws[e]} draws per game", e, t, ceil_games[e],
                lambda e=e: ceiling(useed, 0, ceil_games[e], ceil_draws[e], block[e]))
    season_checks = {}
    for _ in range(repeats):
        for key, r in rows.items():
            with runner.threads(r["threads"]):
                t0 = time.perf_counter()
                res = r["fn"]()
                r["times"].append(time.perf_counter() - t0)
            if "_season_" in key:
                digest = (res["team"].tobytes(), res["stats"].tobytes())
                season_checks.setdefault(r["engine"], set()).add(digest)

    # --- project() on the EZR sample league, end to end, with the time spent in its kernel calls
    ezr = lea["ezr"]
    kernel_in_project = [0.0]

    def timed_engine(lg, s):
        run, finish = _engine(lg, s)

        def run_timed(*a):
            t0 = time.perf_counter()
            out = run(*a)
            kernel_in_project[0] += time.perf_counter() - t0
            return out
        return run_timed, finish

    _engine = P._engine
    prow: dict[str, dict] = {}
    for t in threads:
        prow[f"project_{t}"] = {"label": f"project(lg, n={n_project:,}) end to end", "threads": t, "times": [],
                                "kernel": []}
        prow[f"kernel_{t}"] = {"label": f"season kernel alone, {n_project:,} seasons in one call", "threads": t,
                               "times": []}
    proj_titles = {}
    P._engine = timed_engine
    try:
        for _ in range(project_repeats):
            for t in threads:
                kernel_in_project[0] = 0.0
                t0 = time.perf_counter()
                pr = P.project(ezr.lg, n=n_project, seed=seed, threads=t, progress=False)
                prow[f"project_{t}"]["times"].append(time.perf_counter() - t0)
                prow[f"project_{t}"]["kernel"].append(kernel_in_project[0])
                proj_titles[t] = pr.teams["title_odds"].round(12).tolist()
                with runner.threads(t):
                    t0 = time.perf_counter()
                    ezr.seasons(seed, n_project)
                    prow[f"kernel_{t}"]["times"].append(time.perf_counter() - t0)
    finally:
        P._engine = _engine

    # --- figures
    fig: dict[str, dict] = {}
    for key, r in rows.items():
        fig[key] = {"label": r["label"], "engine": r["engine"], "threads": r["threads"], "games": r["games"],
                    "seconds": min(r["times"]), "seconds_median": float(np.median(r["times"]))}
        f = fig[key]
        f["games_per_s"] = f["games"] / f["seconds"]
        f["ns_per_game"] = 1e9 * f["seconds"] / f["games"]
        if "_season_" in key:
            f["seasons"] = n_seasons[r["engine"]]
            f["seasons_per_s"] = f["seasons"] / f["seconds"]
    for e, r in pyref.items():
        fig[f"{e}_python"] = {"label": f"pure Python: season kernel code, NUMBA_DISABLE_JIT=1, {r['seasons']} "
                                       f"season{'s' if r['seasons'] > 1 else ''}", "engine": e, "threads": 1,
                              "games": r["seasons"] * r["regular"], "seconds": r["seconds"], "seasons": r["seasons"]}
        f = fig[f"{e}_python"]
        f["games_per_s"] = f["games"] / f["seconds"]
        f["ns_per_game"] = 1e9 * f["seconds"] / f["games"]
        f["seasons_per_s"] = f["seasons"] / f["seconds"]
    for key, r in prow.items():
        i = int(np.argmin(r["times"]))
        fig[key] = {"label": r["label"], "engine": "ezr", "threads": r["threads"], "seasons": n_project,
                    "games": n_project * ezr.games, "seconds": r["times"][i],
                    "seconds_median": float(np.median(r["times"]))}
        if "kernel" in r:
            fig[key]["kernel_seconds"] = r["kernel"][i]
        fig[key]["seasons_per_s"] = n_project / r["times"][i]
        fig[key]["games_per_s"] = n_project * ezr.games / r["times"][i]

    ratios: dict[str, float] = {}
    for e in ENGINES:
        for t in threads:
            ratios[f"{e}_season_over_games_{t}t"] = fig[f"{e}_season_{t}"]["games_per_s"] / fig[f"{e}_games_{t}"]["games_per_s"]
            per_rep = np.array(rows[f"{e}_games_{t}"]["times"]) / np.array(rows[f"{e}_season_{t}"]["times"]) \
                * n_games[e] / rows[f"{e}_games_{t}"]["games"]
            ratios[f"{e}_season_over_games_{t}t_median_of_repetitions"] = float(np.median(per_rep))
            ratios[f"{e}_season_over_ceiling_{t}t"] = fig[f"{e}_season_{t}"]["games_per_s"] / fig[f"{e}_ceiling_{t}"]["games_per_s"]
            ratios[f"{e}_games_over_ceiling_{t}t"] = fig[f"{e}_games_{t}"]["games_per_s"] / fig[f"{e}_ceiling_{t}"]["games_per_s"]
        if len(threads) > 1:
            ta, tb = threads[0], threads[-1]
            for w in ("season", "games", "ceiling"):
                ratios[f"{e}_{w}_{tb}t_over_{ta}t"] = fig[f"{e}_{w}_{tb}"]["games_per_s"] / fig[f"{e}_{w}_{ta}"]["games_per_s"]
        if e in pyref:
            ratios[f"{e}_season_over_python"] = fig[f"{e}_season_{threads[0]}"]["games_per_s"] / fig[f"{e}_python"]["games_per_s"]
    for t in threads:
        ratios[f"project_kernel_share_{t}t"] = fig[f"project_{t}"]["kernel_seconds"] / fig[f"project_{t}"]["seconds"]

    # playoff games, counted exactly in the pure-Python seasons
    playoffs = {}
    for e, r in pyref.items():
        po = np.array(r["games_per_season"]) - r["regular"]
        series = int(round(float(np.mean([sum(tm[LK.R_SERIES] for tm in team) for team in r["team"]]))))
        playoffs[e] = {"seasons_counted": r["seasons"], "games_per_season": po.tolist(), "mean": float(po.mean()),
                       "series_per_season": series, "bounds": [4 * series, 7 * series]}
        for t in threads:
            f = fig[f"{e}_season_{t}"]
            f["games_incl_playoffs_per_s_est"] = (f["games"] + po.mean() * f["seasons"]) / f["seconds"]

    checks = {"season_kernel_same_on_every_thread_count": {e: len(v) == 1 for e, v in season_checks.items()},
              "python_reference_identical": pyref_identical,
              "project_same_on_every_thread_count": len({json.dumps(v) for v in proj_titles.values()}) == 1}
    try:
        layer = nb.threading_layer()
    except ValueError:
        layer = "unknown"
    load = os.getloadavg()
    machine = {"nproc": os.cpu_count(), "cpu": cpu_model(), "python": platform.python_version(),
               "numpy": np.__version__, "numba": nb.__version__, "numba_threads": nb.config.NUMBA_NUM_THREADS,
               "threading_layer": layer, "platform": platform.platform(), "loadavg_end": load}
    config = {"seasons_per_call": n_seasons, "games_per_call": n_games, "strat_single_games": n_strat,
              "project_seasons": n_project, "python_seasons": py_seasons, "repeats": repeats,
              "project_repeats": project_repeats, "threads": threads, "seed": seed, "quick": args.quick,
              "leagues": {e: {"file": str(LEAGUES[e].relative_to(ROOT)), "teams": lea[e].teams,
                              "played": lea[e].played, "left": lea[e].games, "playoff_teams": lea[e].s.n_playoff,
                              "best_of": int(lea[e].s.home_flags.shape[0])} for e in ENGINES},
              "ezr_matchup": f"BOS {home.spec} vs NYR {away.spec}", "strat_draws_per_game": float(sdraws.mean()),
              "ceiling_draws": ceil_draws}
    wall = time.perf_counter() - t_start

    # --- report (markdown)
    exe = os.path.relpath(sys.executable) if not os.path.relpath(sys.executable).startswith("..") else sys.executable
    command = " ".join([exe, os.path.relpath(Path(sys.argv[0]).resolve(), Path.cwd())] + sys.argv[1:])
    L = []
    L.append(f"### League season projection benchmark, {date}")
    L.append("")
    L.append(f"- command: `{command}`")
    L.append(f"- machine: {machine['nproc']} CPUs, {machine['cpu']}; Python {machine['python']}, numpy "
             f"{machine['numpy']}, numba {machine['numba']} (threading layer {layer}); load average at the end "
             f"{load[0]:.2f}, {load[1]:.2f}, {load[2]:.2f} (1, 5, 15 min)")
    for e in ENGINES:
        cf = config["leagues"][e]
        L.append(f"- {e.upper() if e == 'ezr' else 'Strat'} sample league `{cf['file']}`: {cf['teams']} teams, "
                 f"{cf['played']} games played, {cf['left']} left; playoffs {cf['playoff_teams']} teams, best of "
                 f"{cf['best_of']}")
    L.append(f"- timed calls: EZR {n_seasons['ezr']:,} seasons = {n_games['ezr']:,} regular-season games, against "
             f"`simulate_games` on {n_games['ezr']:,} games of {config['ezr_matchup']}; Strat {n_seasons['strat']:,}"
             f" seasons = {n_games['strat']:,} games, against `simulate_games` on {n_strat:,} games of the kit "
             f"round robin ({sdraws.mean():.1f} draws per game); best of {repeats} interleaved repetitions; "
             f"`project` best of {project_repeats}; seed {seed}")
    L.append("")
    L.append("| engine | row | threads | games/s | seasons/s | ns/game |")
    L.append("|---|---|---:|---:|---:|---:|")
    for e in ENGINES:
        order = ([f"{e}_python"] if e in pyref else []) + \
            [f"{e}_{w}_{t}" for t in threads for w in ("season", "games", "ceiling")]
        for key in order:
            f = fig[key]
            sps = si(f["seasons_per_s"]) if "seasons_per_s" in f else ""
            L.append(f"| {e} | {f['label']} | {f['threads']} | {si(f['games_per_s'])} | {sps} | "
                     f"{f['ns_per_game']:,.0f} |")
    L.append("")
    L.append("Season kernel games/s over the single-game kernel's games/s (regular-season games only; "
             f"target >= {TARGET}):")
    L.append("")
    for e in ENGINES:
        for t in threads:
            r = ratios[f"{e}_season_over_games_{t}t"]
            med = ratios[f"{e}_season_over_games_{t}t_median_of_repetitions"]
            L.append(f"- {e}, {t} thread{'s' if t > 1 else ''}: **{r:.3f}** (median of per-repetition ratios "
                     f"{med:.3f}; {'met' if r >= TARGET else 'NOT met'}); season kernel / RNG ceiling "
                     f"{ratios[f'{e}_season_over_ceiling_{t}t']:.3f}, single game / RNG ceiling "
                     f"{ratios[f'{e}_games_over_ceiling_{t}t']:.3f}")
    if len(threads) > 1:
        ta, tb = threads[0], threads[-1]
        for e in ENGINES:
            L.append(f"- {e}, {tb} threads / {ta} thread: season kernel {ratios[f'{e}_season_{tb}t_over_{ta}t']:.2f}x, "
                     f"single game {ratios[f'{e}_games_{tb}t_over_{ta}t']:.2f}x, ceiling "
                     f"{ratios[f'{e}_ceiling_{tb}t_over_{ta}t']:.2f}x")
    for e in pyref:
        L.append(f"- {e}, season kernel / pure Python (1 thread): {ratios[f'{e}_season_over_python']:,.0f}x")
    L.append("")
    if playoffs:
        L.append("Playoff games (not in the games/s above; counted exactly in the pure-Python reference's seasons, "
                 "which are the first seasons of every timed call):")
        L.append("")
        for e, p in playoffs.items():
            L.append(f"- {e}: {p['series_per_season']} series per season ({p['bounds'][0]}-{p['bounds'][1]} games); "
                     f"counted {', '.join(map(str, p['games_per_season']))} games in seasons 0-{p['seasons_counted'] - 1}"
                     f" (mean {p['mean']:.1f}, {100 * p['mean'] / lea[e].games:.1f}% on top of the {lea[e].games} "
                     f"regular-season games); season kernel with that mean added: "
                     + ", ".join(f"{si(fig[f'{e}_season_{t}']['games_incl_playoffs_per_s_est'])} games/s ({t} thr)"
                                 for t in threads))
        L.append("")
    L.append(f"EZR sample league, {n_project:,} seasons (best of {project_repeats}):")
    L.append("")
    L.append("| row | threads | seconds | seasons/s | kernel calls inside |")
    L.append("|---|---:|---:|---:|---:|")
    for t in threads:
        for key in (f"project_{t}", f"kernel_{t}"):
            f = fig[key]
            inside = (f"{f['kernel_seconds']:.2f} s ({100 * f['kernel_seconds'] / f['seconds']:.0f}%)"
                      if "kernel_seconds" in f else "")
            L.append(f"| {f['label']} | {t} | {f['seconds']:.2f} | {si(f['seasons_per_s'])} | {inside} |")
    L.append("")
    L.append("Checks:")
    L.append("")
    L.append("- season kernel results identical on " + ", ".join(map(str, threads)) + " threads (every repetition): "
             + ", ".join(f"{e} {'yes' if ok else 'NO'}" for e, ok in checks["season_kernel_same_on_every_thread_count"].items()))
    for e, ok in pyref_identical.items():
        L.append(f"- {e}: pure-Python reference = compiled season kernel (standings, ranks, playoff results) on "
                 f"seasons 0-{pyref[e]['seasons'] - 1}: {'yes' if ok else 'NO'}")
    L.append(f"- project(): title odds identical on {', '.join(map(str, threads))} threads: "
             f"{'yes' if checks['project_same_on_every_thread_count'] else 'NO'}")
    L.append(f"- compile + warm-up {compile_s:.1f} s; whole run {wall:.1f} s")
    block_md = "\n".join(L)
    print(block_md)
    print()
    out = {"benchmark": "league_bench", "date": date, "command": command, "config": config, "machine": machine,
           "rows": fig, "ratios": ratios, "playoffs": playoffs, "checks": checks, "targets": {"season_over_games": TARGET},
           "compile_s": compile_s, "wall_s": wall}
    line = json.dumps(out, separators=(",", ":"))
    print(line)
    if args.write_results:
        runs = ROOT / "benchmarks" / "runs"
        runs.mkdir(exist_ok=True)
        (runs / "league_bench.json").write_text(line + "\n")
        update_results(block_md + "\n\nEvery figure of that run: `benchmarks/runs/league_bench.json`.\n",
                       ROOT / "benchmarks/RESULTS.md")
        print(f"wrote the section '{RESULTS_HEADING[3:]}' of benchmarks/RESULTS.md and benchmarks/runs/league_bench.json",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
