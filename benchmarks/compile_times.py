"""Cold compile time of each numba kernel: what a new user waits through on a first run, and what CI pays.

    .venv/bin/python benchmarks/compile_times.py [--kernels NAME,...] [--jobs N] [--write-data]

Each kernel is compiled in a fresh process with an empty numba cache of its own (``NUMBA_CACHE_DIR`` in a
temporary folder), so its time ("cold", alone) includes everything it compiles and nothing a previous kernel left.
Then each game's kernels are compiled as ``simcore compile`` does, one after the other on one cache of the game's
("in chain": a later kernel loads the functions an earlier one cached), and each is timed again in a fresh
process on that cache (the warm start: loading the cached machine code).  ``--jobs N`` measures N games side by
side, as ``simcore compile`` compiles them (default 1: one process at a time).  Each process also records which
functions numba compiled, and for how long (:func:`simcore.compiling.history`); ``--write-data`` writes those to
``simcore/data/compile_times.csv``: the estimates of the notice a first run prints (alone) and the order in which
``simcore compile`` starts the games (in chain); run it after changing a kernel a lot, or on a new numba.  The
kernels are :data:`simcore.compiling.KERNELS`.  Prints a table and, as its last line, one JSON object.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from simcore.compiling import DATA, KERNELS, chains, selected  # noqa: E402

_RUN = """
import json, time, warnings
warnings.simplefilter("ignore")
t0 = time.perf_counter()
import simcore
from simcore import compiling, progress
progress.set_quiet(True)
t1 = time.perf_counter()
exec(compiling.KERNELS[{name!r}].code)
t2 = time.perf_counter()
print(json.dumps([t1 - t0, t2 - t1, compiling.history()]))
"""


def _time(name: str, cache: str) -> tuple[float, float, list]:
    """(import s, first call s, [[function, compile s], ...]) of kernel ``name`` in a fresh process."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-c", _RUN.format(name=name)], capture_output=True, text=True, env=env,
                       cwd=str(ROOT))
    if p.returncode != 0:
        raise SystemExit(p.stderr[-3000:])
    return tuple(json.loads(p.stdout.strip().splitlines()[-1]))


def write_data(rows, path: Path = DATA, note: str = "") -> None:
    """The estimates of the compile notice: for each kernel, the function its first call spends its compile on
    (the longest compiled that no kernel before it in ``rows`` claimed: a play-by-play kernel that compiles its
    game kernel first is estimated under its own function; the small helpers compiled beside it get no notice)
    and the kernel's cold seconds."""
    claimed = set()
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        f.write(f"# written by benchmarks/compile_times.py --write-data, {time.strftime('%Y-%m-%d', time.gmtime())}"
                f", {machine()}{note}\n")
        f.write("# function: what numba compiles for the kernel (module.qualname); kernel: the "
                "simcore.compiling.KERNELS entry; seconds: its cold compile, alone in a fresh process; cpus: of "
                "the machine measured; in_chain: its compile after its game's kernels before it, as simcore "
                "compile runs them\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["function", "kernel", "seconds", "cpus", "in_chain"])
        for r in rows:
            own = [c for c in r["compiled"] if c[0] not in claimed] or r["compiled"]
            function = max(own, key=lambda c: c[1])[0]
            claimed.add(function)
            w.writerow([function, r["kernel"], f"{r['cold_s']:.1f}", os.cpu_count(), f"{r['in_chain_s']:.1f}"])
    os.replace(tmp, path)


def machine() -> str:
    import platform

    return f"{os.cpu_count()} CPUs, Python {platform.python_version()}, numba {_numba_version()}"


def _numba_version() -> str:
    import numba

    return numba.__version__


def _game(names: list[str]) -> list[dict]:
    """One game's kernels, in ``simcore compile``'s order: each alone on an empty cache, then in chain on one
    cache of the game's, then warm on that cache."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="nbcache-chain-") as chain:
        for i, name in enumerate(names):
            _, in_chain, compiled_chain = _time(name, chain)
            if i == 0:                                  # on an empty cache: alone, by definition
                cold, compiled = in_chain, compiled_chain
            else:
                with tempfile.TemporaryDirectory(prefix="nbcache-") as alone:
                    _, cold, compiled = _time(name, alone)
            _, warm, again = _time(name, chain)
            if again:
                raise SystemExit(f"{name}: compiled again on a warm cache: {again}")
            rows.append({"kernel": name, "cold_s": cold, "in_chain_s": in_chain, "warm_s": warm,
                         "what": KERNELS[name].label, "compiled": compiled})
            print(f"{name:<26}{cold:8.1f}{in_chain:10.1f}{warm:8.2f}   {KERNELS[name].label}", flush=True)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernels", default=",".join(KERNELS), help=f"comma-separated: {', '.join(KERNELS)}")
    ap.add_argument("--jobs", type=int, default=1, help="games measured side by side (default 1)")
    ap.add_argument("--write-data", action="store_true",
                    help=f"write the compile notice's estimates, {DATA.relative_to(ROOT)} (every kernel measured)")
    args = ap.parse_args(argv)
    names = [k.strip() for k in args.kernels.split(",") if k.strip()]
    unknown = sorted(set(names) - set(KERNELS))
    if unknown:
        raise SystemExit(f"unknown kernels: {', '.join(unknown)}")
    games = [[k.name for k in ks] for ks in chains([k for k in selected() if k.name in names])]
    t_all = time.perf_counter()
    print(f"{'kernel':<26}{'cold s':>8}{'in chain':>10}{'warm s':>8}   what")
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        by_game = list(pool.map(_game, games))
    rows = [r for game in by_game for r in game]
    if args.write_data:
        if set(names) != set(KERNELS):
            raise SystemExit("--write-data measures every kernel: leave out --kernels")
        note = f", --jobs {args.jobs}" if args.jobs > 1 else ""
        write_data(rows, note=note)
        print(f"wrote {DATA.relative_to(ROOT)}")
    print(f"total cold {sum(r['cold_s'] for r in rows):.0f} s (each kernel alone), "
          f"{sum(r['in_chain_s'] for r in rows):.0f} s in chains; wall {time.perf_counter() - t_all:.0f} s "
          f"({args.jobs} game(s) at a time)")
    print(json.dumps({"benchmark": "compile_times", "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
                      "jobs": args.jobs, "rows": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
