"""Interleaved A/B of simcore's kernels between two source trees, in one run.

    .venv/bin/python benchmarks/ab.py --base DIR [--cases ezr_aggregate,strat_kernel,...] [--repeats R]

``DIR`` is another checkout of simcore (for example ``git worktree add /tmp/base <commit>``, or ``git archive
<commit> | tar -x -C DIR``).  Two worker processes import simcore, one from ``DIR`` (A, the base) and one from
this checkout (B), compile and warm up every case, then time the same calls in turn (A B B A A B ...) on the
same inputs and seeds, so both see the same machine.  Each reply carries a digest of the call's outputs: A and
B must compute the same games.  Reported per case and thread count: the median time of each side, B/A speed
(median of the per-repetition ratios, and the ratio of the medians), and whether the outputs matched.

A kernel's calling convention changed with the game contract (docs/architecture.md), so each case has an
adapter for the base tree's kernels (``legacy``: commit 08f2692 and before) and one for this tree's.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CASES = {
    "ezr_aggregate": "EZR BOS vs NYR, aggregate mode (simulate_aggregate), 262,144 games",
    "ezr_games": "EZR BOS vs NYR, games mode (simulate_games), 262,144 games",
    "pyramid_kernel": "pyramid, default policies (simulate_games), 131,072 games",
    "strat_kernel": "Strat sample kit round robin, every counter (simulate_games), 16,384 games",
    "ezr_season": "EZR sample league, season kernel, 2,000 seasons",
    "strat_season": "Strat sample league, season kernel, 200 seasons",
    "blueline": "Blue Line, default policies (engine.simulate), 20,000 games",
    "passscore_random": "Pass & Score, random against random (engine.simulate), 20,000 games",
    "passscore_greedy": "Pass & Score, greedy against greedy (engine.simulate), 400 games",
    "ceiling": "RNG ceiling, 100 draws per game, 262,144 games",
}


# ---------------------------------------------------------------- worker side

def _digest(arrays) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(a.tobytes())
    return h.hexdigest()[:16]


def _setup_cases(legacy: bool, strat_kit: str | None = None) -> dict:
    """name -> (call(), outputs()) for every case, on the tree this worker imported."""
    import numpy as np

    import simcore  # noqa: F401  (installs the numba cache locators)

    cases = {}
    seed = np.uint64(2019)

    # EZR
    from simcore.games.ezr import kernel as EK
    from simcore.games.ezr.matchup import compile_matchup, sample_teams
    from simcore.games.ezr.rules import Rules as ERules

    teams = sample_teams()
    c = compile_matchup(ERules(), teams["BOS"].team, teams["NYR"].team)
    n = 1 << 18
    nb_ = -(-n // EK.BLOCK)
    if legacy:
        agg = [np.zeros((nb_, 2, EK.MAX_TEAM_GOALS), np.int64), np.zeros((nb_, 2, 3, EK.MAX_PERIOD_GOALS), np.int64),
               np.zeros((nb_, EK.MAX_SCORE, EK.MAX_SCORE), np.int64), np.zeros((nb_, 3, 3), np.int64),
               np.zeros((nb_, 2, 3, EK.N_EVENT_BITS), np.int64)]
        games = [np.zeros((n, 2, 3), np.uint8), np.zeros((n, 2, 3), np.uint32), np.zeros(n, np.int8),
                 np.zeros(n, np.int8), np.zeros(n, np.int8), np.zeros(n, np.int16)]
        run_agg = lambda: EK.simulate_aggregate(seed, 0, n, *c.kernel_args(), *agg)  # noqa: E731
        run_games = lambda: EK.simulate_games(seed, 0, n, *c.kernel_args(), *games)  # noqa: E731
    else:
        agg = EK.AGG_OUTPUTS.allocate(nb_)
        games = EK.GAME_OUTPUTS.allocate(n)
        ctx = c.ctx()
        run_agg = lambda: EK.simulate_aggregate(ctx, seed, 0, n, agg)  # noqa: E731
        run_games = lambda: EK.simulate_games(ctx, seed, 0, n, games)  # noqa: E731

    def agg_call():
        for a in agg:
            a.fill(0)
        run_agg()

    cases["ezr_aggregate"] = (agg_call, lambda: agg)
    cases["ezr_games"] = (run_games, lambda: games)

    # pyramid
    from simcore.games.pyramid import engine as PE
    from simcore.games.pyramid import kernel as PK

    g = PE.compile_game()
    npg = 1 << 17
    holder = {}
    if legacy:
        def pyr():
            holder["out"] = PK.simulate_games(int(seed), 0, npg, *g.kernel_args(), 256)
    else:
        (pout,) = PK.GAME_OUTPUTS.allocate(npg)
        pctx = g.ctx()

        def pyr():
            PK.simulate_games(pctx, seed, 0, npg, (pout,))
            holder["out"] = pout
    cases["pyramid_kernel"] = (pyr, lambda: [holder["out"]])

    # Strat
    from simcore.games.strat import engine as SE
    from simcore.games.strat.policies import Coach
    from simcore.games.strat.rules import Rules as SRules

    ns = 1 << 14
    sc = SE.compiled(strat_kit, SRules())
    homes, aways = SE.schedule(sc, n=ns, league=True)
    pol = np.stack([Coach().numeric(), Coach().numeric()])
    zeros = np.zeros((ns, 2), np.int64)
    if legacy:
        from simcore.games.strat import kernel as SK

        sout = [np.zeros((ns, SK.NO), np.int32), np.zeros((ns, 2, SK.NT), np.int16),
                np.zeros((ns, 2, SK.MAX_ROSTER, SK.NP), np.int16), np.zeros((ns, 2, 2, SK.NK), np.int16)]
        strat = lambda: SK.simulate_games(sc.D, pol, seed, 0, homes, aways, zeros, zeros, *sout)  # noqa: E731
    else:
        from simcore.games.strat import kernel as SK

        sout = SK.GAME_OUTPUTS.allocate(ns)
        sctx = (sc.D, pol, homes, aways, zeros, zeros)
        strat = lambda: SK.simulate_games(sctx, seed, 0, ns, sout)  # noqa: E731
    cases["strat_kernel"] = (strat, lambda: sout)

    # season kernels, through each tree's own runner for its sample leagues
    from simcore.league import projection as LP
    from simcore.league.files import load_league

    if legacy:
        data = Path(simcore.__file__).parent / "league" / "data"
        league_file = lambda name: data / name / "league.toml"  # noqa: E731
    else:
        from simcore.league.samplegen import sample

        league_file = lambda name: sample(name) / "league.toml"  # noqa: E731
    for name, seasons in (("ezr", 2000), ("strat", 200)):
        lg = load_league(league_file(name))
        s = LP.setup(lg)
        run, _ = LP._engine(lg, s)
        box = {}

        def season(run=run, seasons=seasons, box=box):
            box["out"] = run(seed, 0, seasons, False)

        cases[f"{name}_season"] = (season, lambda box=box: [box["out"][k] for k in sorted(box["out"])])

    # Blue Line and Pass & Score (the game contract's trees only: the games came after it)
    if not legacy:
        from simcore.games.blueline import engine as BLE

        bbox = {}

        def bl():
            bbox["out"] = BLE.simulate(20_000, int(seed), None, (None, None), progress=False)

        cases["blueline"] = (bl, lambda: [bbox["out"][k] for k in sorted(bbox["out"])])
        from simcore.games.passscore import engine as PSE

        for pol, games in (("random", 20_000), ("greedy", 400)):
            pbox = {}

            def ps(pol=pol, games=games, pbox=pbox):
                pbox["out"] = PSE.simulate(games, int(seed), None, (pol, pol), progress=False)

            cases[f"passscore_{pol}"] = (ps, lambda pbox=pbox: [pbox["out"][k] for k in sorted(pbox["out"])])

    from simcore.rng import ceiling
    cbox = {}

    def ceil():
        cbox["v"] = np.array([ceiling(seed, 0, 1 << 18, 100, 256)], np.int64)

    cases["ceiling"] = (ceil, lambda: [cbox["v"]])
    return cases


def worker(legacy: bool, names: list[str], strat_kit: str | None) -> None:
    import numba

    import warnings
    warnings.simplefilter("ignore")
    cases = {k: v for k, v in _setup_cases(legacy, strat_kit).items() if k in names}   # only these compile
    for name, (call, _) in cases.items():        # compile and warm up on every thread count
        for t in (1, numba.config.NUMBA_NUM_THREADS):
            numba.set_num_threads(t)
            call()
    print(json.dumps({"ready": sorted(cases)}), flush=True)
    for line in sys.stdin:
        req = json.loads(line)
        call, outputs = cases[req["case"]]
        numba.set_num_threads(req["threads"])
        clock = time.thread_time if req.get("clock") == "cpu" else time.perf_counter
        t = clock()
        call()
        dt = clock() - t
        print(json.dumps({"seconds": dt, "digest": _digest(outputs())}), flush=True)


# ---------------------------------------------------------------- controller side

class Worker:
    def __init__(self, tree: Path, legacy: bool, cases: list[str], strat_kit: Path | None):
        env = dict(os.environ, PYTHONPATH=str(tree))
        if strat_kit is not None:
            env["SIMCORE_AB_STRAT_KIT"] = str(strat_kit)
        self.p = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker", ",".join(cases)]
                                  + (["--legacy"] if legacy else []), cwd=str(tree), env=env,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.ready = json.loads(self.p.stdout.readline())["ready"]

    def time(self, case: str, threads: int, clock: str = "wall") -> dict:
        self.p.stdin.write(json.dumps({"case": case, "threads": threads, "clock": clock}) + "\n")
        self.p.stdin.flush()
        return json.loads(self.p.stdout.readline())

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def _label(tree: Path) -> str:
    """The base tree's commit when it is a git checkout, else its folder's name (no machine paths in a record)."""
    p = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return p.stdout.strip() if p.returncode == 0 and p.stdout.strip() else tree.resolve().name


def main(argv=None) -> int:
    if argv is None and "--worker" in sys.argv:
        worker("--legacy" in sys.argv, sys.argv[sys.argv.index("--worker") + 1].split(","),
               os.environ.get("SIMCORE_AB_STRAT_KIT"))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", required=True, type=Path, help="the other source tree (A)")
    ap.add_argument("--base-api", choices=("legacy", "current"), default="legacy",
                    help="the base tree's kernel calling convention (default legacy: 08f2692 and before)")
    ap.add_argument("--cases", default=",".join(CASES), help=f"comma-separated: {', '.join(CASES)}")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--repeats", type=int, default=15)
    ap.add_argument("--strat-kit", type=Path, default=None,
                    help="the Strat kit both sides play (default: each tree's own sample kit); a kit of the base "
                         "tree's keeps the comparison to the code when the sample kit changed too")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall: elapsed time; cpu: the CPU time of the calling thread (1 thread only: on a shared "
                         "machine it leaves out the time other processes hold the core)")
    args = ap.parse_args(argv)
    cases = [c.strip() for c in args.cases.split(",") if c.strip()]
    unknown = [c for c in cases if c not in CASES]
    if unknown:
        ap.error(f"unknown case {unknown[0]!r}: choose from {', '.join(CASES)}")
    threads = [int(t) for t in args.threads.split(",")]
    if args.clock == "cpu" and threads != [1]:
        ap.error("--clock cpu times the calling thread: use it with --threads 1")
    t0 = time.perf_counter()
    kit = args.strat_kit.resolve() if args.strat_kit else None
    a = Worker(args.base.resolve(), args.base_api == "legacy", cases, kit)
    b = Worker(ROOT, False, cases, kit)
    print(f"A/B: A = {args.base.resolve()} ({args.base_api} kernels), B = {ROOT}; {args.repeats} interleaved "
          f"repetitions, {args.clock} clock; compile and warm-up {time.perf_counter() - t0:.0f} s")
    print(f"{'case':<16}{'thr':>4}{'A median ms':>13}{'B median ms':>13}{'B/A speed':>11}{'(of medians)':>14}"
          f"  same games")
    results = []
    for case in cases:
        for t in threads:
            ta, tb, ratios, same = [], [], [], True
            for r in range(args.repeats):
                order = (a, b) if r % 2 == 0 else (b, a)
                got = {}
                for w in order:
                    got[w] = w.time(case, t, args.clock)
                ta.append(got[a]["seconds"])
                tb.append(got[b]["seconds"])
                ratios.append(got[a]["seconds"] / got[b]["seconds"])
                same &= got[a]["digest"] == got[b]["digest"]
            ma, mb = statistics.median(ta), statistics.median(tb)
            speed = statistics.median(ratios)
            results.append({"case": case, "threads": t, "a_median_s": ma, "b_median_s": mb,
                            "b_over_a_speed": speed, "b_over_a_speed_of_medians": ma / mb, "same_games": same})
            print(f"{case:<16}{t:>4}{1e3 * ma:>13.2f}{1e3 * mb:>13.2f}{speed:>11.3f}{ma / mb:>14.3f}  "
                  f"{'yes' if same else 'NO'}")
    a.close()
    b.close()
    print(json.dumps({"benchmark": "ab", "base": _label(args.base), "repeats": args.repeats, "clock": args.clock,
                      "results": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
