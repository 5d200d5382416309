"""Cold compile time of each numba kernel: what a new user waits through on a first run, and what CI pays.

    .venv/bin/python benchmarks/compile_times.py [--kernels NAME,...] [--write-data]

Each kernel is compiled in a fresh process with an empty numba cache of its own (``NUMBA_CACHE_DIR`` in a
temporary folder), so its time includes everything it compiles and nothing a previous kernel left; the same
call is then timed again in a second fresh process on that cache (the warm start: loading the cached machine
code).  Kernels that share functions compile those once in a real run, so the cold times here add up to more
than a cold run of everything.  Each process also records which functions numba compiled, and for how long
(:func:`simcore.compiling.history`); ``--write-data`` writes those to ``simcore/data/compile_times.csv``, the
estimates of the notice a first run prints (run it after changing a kernel a lot, or on a new numba).  The
kernels are :data:`simcore.compiling.KERNELS`, the ones ``simcore compile`` compiles.  Prints a table and, as its
last line, one JSON object.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from simcore.compiling import DATA, KERNELS  # noqa: E402

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
    (the longest compiled; the small helpers compiled beside it get no notice) and the kernel's cold seconds."""
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        f.write(f"# written by benchmarks/compile_times.py --write-data, {time.strftime('%Y-%m-%d', time.gmtime())}"
                f", {machine()}{note}\n")
        f.write("# function: what numba compiles for the kernel (module.qualname); kernel: the "
                "simcore.compiling.KERNELS entry; seconds: its cold compile, alone in a fresh process; cpus: of "
                "the machine measured\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["function", "kernel", "seconds", "cpus"])
        for r in rows:
            function = max(r["compiled"], key=lambda c: c[1])[0]
            w.writerow([function, r["kernel"], f"{r['cold_s']:.1f}", os.cpu_count()])
    os.replace(tmp, path)


def machine() -> str:
    import platform

    return f"{os.cpu_count()} CPUs, Python {platform.python_version()}, numba {_numba_version()}"


def _numba_version() -> str:
    import numba

    return numba.__version__


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernels", default=",".join(KERNELS), help=f"comma-separated: {', '.join(KERNELS)}")
    ap.add_argument("--write-data", action="store_true",
                    help=f"write the compile notice's estimates, {DATA.relative_to(ROOT)} (every kernel measured)")
    args = ap.parse_args(argv)
    names = [k.strip() for k in args.kernels.split(",") if k.strip()]
    rows = []
    t_all = time.perf_counter()
    print(f"{'kernel':<26}{'cold s':>8}{'warm s':>8}   what")
    for name in names:
        what = KERNELS[name].label
        with tempfile.TemporaryDirectory(prefix="nbcache-") as cache:
            _, cold, compiled = _time(name, cache)
            _, warm, again = _time(name, cache)
        if again:
            raise SystemExit(f"{name}: compiled again on a warm cache: {again}")
        rows.append({"kernel": name, "cold_s": cold, "warm_s": warm, "what": what, "compiled": compiled})
        print(f"{name:<26}{cold:8.1f}{warm:8.2f}   {what}", flush=True)
    if args.write_data:
        if set(names) != set(KERNELS):
            raise SystemExit("--write-data measures every kernel: leave out --kernels")
        write_data(rows)
        print(f"wrote {DATA.relative_to(ROOT)}")
    total = sum(r["cold_s"] for r in rows)
    print(f"total cold {total:.0f} s (each kernel alone); wall {time.perf_counter() - t_all:.0f} s")
    print(json.dumps({"benchmark": "compile_times", "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
                      "rows": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
