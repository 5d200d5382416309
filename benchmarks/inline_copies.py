"""Compile kernels with numba's own inlining and with simcore's (simcore/nbinline.py: one-memo copies, one frontend
run per function inlined); compare.

    .venv/bin/python benchmarks/inline_copies.py [--kernels NAME,...] [--out FILE]

Each kernel (a name of ``simcore.compiling.KERNELS``; default: the Pass & Score and Blue Line game kernels)
compiles twice on an empty numba cache, in two fresh processes started together so that they share the machine
alike: one as simcore runs (``nbinline.install``), one with numba's inlining given back (``nbinline.uninstall``).
Printed and written to ``benchmarks/runs/inline_copies.json``: each one's compile seconds, and whether the two
compiled the same machine code and the same LLVM IR (SHA-256 of the assembly and of the IR of every simcore
function compiled, with what differs from one compile to the next blanked: ``nbinline.comparable``).  The
machine code must be the same (exit 1 if not); the IR may differ in local names (the inlined variables' names
carry those serial numbers too).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ("passscore.simulate_games", "blueline.simulate_games")

CHILD = r"""
import hashlib, json, os, sys, tempfile, time
os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="simcore-inline-")
import simcore, simcore.nbinline as nbinline
from simcore.compiling import KERNELS
from simcore.progress import set_quiet
from numba.core.dispatcher import Dispatcher
import gc
name, mode = sys.argv[1], sys.argv[2]
if mode == "numba":
    nbinline.uninstall()
set_quiet(True)
t = time.perf_counter()
exec(KERNELS[name].code, {})
seconds = time.perf_counter() - t
ours = [d for d in gc.get_objects() if isinstance(d, Dispatcher) and d.py_func.__module__.startswith("simcore.")]
digests = {}
for what in ("llvm", "asm"):
    h = hashlib.sha256()
    texts = sorted((f"{d.py_func.__module__}.{d.py_func.__qualname__}{sig}", text) for d in ours
                   for sig, text in getattr(d, "inspect_" + what)().items())
    for key, text in texts:
        h.update(key.encode())
        h.update(nbinline.comparable(text).encode())
    digests[what] = h.hexdigest()
print(json.dumps({"mode": mode, "installed": nbinline.installed(), "seconds": round(seconds, 1),
                  "functions": len(texts), "llvm_ir_sha256": digests["llvm"], "asm_sha256": digests["asm"]}))
"""


def compare(name: str) -> dict:
    procs = {mode: subprocess.Popen([sys.executable, "-c", CHILD, name, mode], cwd=ROOT, stdout=subprocess.PIPE,
                                    text=True) for mode in ("simcore", "numba")}
    out = {}
    for mode, p in procs.items():
        stdout, _ = p.communicate()
        if p.returncode:
            raise SystemExit(f"{name} ({mode}) failed with exit {p.returncode}")
        out[mode] = json.loads(stdout.strip().splitlines()[-1])
    same = {what: out["simcore"][what + "_sha256"] == out["numba"][what + "_sha256"] for what in ("llvm_ir", "asm")}
    return {"kernel": name, "simcore_s": out["simcore"]["seconds"], "numba_s": out["numba"]["seconds"],
            "ratio": round(out["simcore"]["seconds"] / out["numba"]["seconds"], 3),
            "functions": out["simcore"]["functions"], "same_machine_code": same["asm"],
            "same_llvm_ir": same["llvm_ir"],
            "installed": out["simcore"]["installed"] and not out["numba"]["installed"]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernels", default=",".join(DEFAULT), help="comma-separated names of simcore.compiling.KERNELS")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "runs" / "inline_copies.json")
    args = ap.parse_args(argv)
    rows = []
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    for name in args.kernels.split(","):
        row = compare(name.strip())
        rows.append(row)
        print(f"{row['kernel']:28s} simcore {row['simcore_s']:7.1f} s  numba {row['numba_s']:7.1f} s  "
              f"ratio {row['ratio']:.3f}  {row['functions']} functions, the same machine code: "
              f"{row['same_machine_code']}, LLVM IR: {row['same_llvm_ir']}",
              flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_name(args.out.name + ".part")
    tmp.write_text(json.dumps({"started": started, "rows": rows}, indent=1) + "\n")
    tmp.replace(args.out)
    return 0 if all(r["same_machine_code"] and r["installed"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
