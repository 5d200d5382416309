"""Cold compile time of each numba kernel: what a new user waits through on a first run, and what CI pays.

    .venv/bin/python benchmarks/compile_times.py [--kernels NAME,...]

Each kernel is compiled in a fresh process with an empty numba cache of its own (``NUMBA_CACHE_DIR`` in a
temporary folder), so its time includes everything it compiles and nothing a previous kernel left; the same
call is then timed again in a second fresh process on that cache (the warm start: loading the cached machine
code).  Kernels that share functions compile those once in a real run, so the cold times here add up to more
than a cold run of everything.  Prints a table and, as its last line, one JSON object.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: name -> (what it is, Python code making its first call)
KERNELS = {
    "rng.ceiling": ("the RNG ceiling of the benchmarks", """
from simcore.rng import ceiling
ceiling(1, 0, 1000, 6, 256)"""),
    "ezr.simulate_aggregate": ("EZR games counted in the kernel (mode='aggregate')", """
import simcore
simcore.game("ezr").simulate(n=1000, seed=1, mode="aggregate")"""),
    "ezr.simulate_games": ("EZR games kept game by game (mode='games')", """
import simcore
simcore.game("ezr").simulate(n=1000, seed=1)"""),
    "ezr.play_recorded": ("EZR play-by-play (a game on a recording stream)", """
import simcore
simcore.game("ezr").play_by_play(seed=1, game_index=0)"""),
    "pyramid.simulate_games": ("pyramid games", """
import simcore
simcore.game("pyramid").simulate(n=1000, seed=1)"""),
    "pyramid.play_logged": ("pyramid play-by-play", """
import simcore
simcore.game("pyramid").play_by_play(seed=1, game_index=0)"""),
    "pyramid.period_outcomes": ("pyramid's exact oracle (every order of a 9-card deck)", """
import simcore
p = simcore.game("pyramid")
p.exact({"deck_file": p.custom_deck(range(1, 10))}, "deck=custom,lineup=1-1-1")"""),
    "strat.simulate_games": ("Strat games with every counter (and the per-team player sums)", """
import simcore
simcore.game("strat").simulate(n=112, seed=1)"""),
    "strat.play_logged": ("Strat play-by-play", """
import simcore
simcore.game("strat").play_by_play(seed=1, game_index=0)"""),
    "ezr.season": ("EZR league seasons (the season loop on EZR)", """
import simcore
lg = simcore.league.load_league(simcore.league.sample("ezr") / "league.toml")
simcore.league.project(lg, n=4, seed=1, progress=False)"""),
    "strat.season": ("Strat league seasons (the season loop on Strat)", """
import simcore
lg = simcore.league.load_league(simcore.league.sample("strat") / "league.toml")
simcore.league.project(lg, n=2, seed=1, progress=False)"""),
}

_RUN = """
import time, warnings
warnings.simplefilter("ignore")
t0 = time.perf_counter()
import simcore
t1 = time.perf_counter()
{code}
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def _time(code: str, cache: str) -> tuple[float, float]:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-c", _RUN.format(code=code)], capture_output=True, text=True, env=env,
                       cwd=str(ROOT))
    if p.returncode != 0:
        raise SystemExit(p.stderr[-3000:])
    imp, call = map(float, p.stdout.split()[-2:])
    return imp, call


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernels", default=",".join(KERNELS), help=f"comma-separated: {', '.join(KERNELS)}")
    args = ap.parse_args(argv)
    names = [k.strip() for k in args.kernels.split(",") if k.strip()]
    rows = []
    t_all = time.perf_counter()
    print(f"{'kernel':<26}{'cold s':>8}{'warm s':>8}   what")
    for name in names:
        what, code = KERNELS[name]
        with tempfile.TemporaryDirectory(prefix="nbcache-") as cache:
            _, cold = _time(code, cache)
            _, warm = _time(code, cache)
        rows.append({"kernel": name, "cold_s": cold, "warm_s": warm, "what": what})
        print(f"{name:<26}{cold:8.1f}{warm:8.2f}   {what}", flush=True)
    total = sum(r["cold_s"] for r in rows)
    print(f"total cold {total:.0f} s (each kernel alone); wall {time.perf_counter() - t_all:.0f} s")
    print(json.dumps({"benchmark": "compile_times", "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
                      "rows": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
