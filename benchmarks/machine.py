"""Helpers the benchmark scripts share: the CPU's name, compact numbers for their reports, the thread counts
to time and the pure-Python reference run in a subprocess."""
from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from pathlib import Path


def cpu_model() -> str:
    """The CPU model from /proc/cpuinfo, else what platform reports."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def si(x: float, width: int = 0) -> str:
    """``x`` with a k / M / G suffix and two decimals; ``width`` pads the number for aligned columns."""
    for div, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(x) >= div:
            return f"{x / div:{width}.2f} {unit}"
    return f"{x:{width}.2f}" + ("  " if width else "")


def thread_counts(spec: str, available: int) -> list[int]:
    """Thread counts from ``"1,2"``: sorted, 1 always included, none above ``available``."""
    threads = sorted({1} | {int(t) for t in spec.split(",") if t.strip()})
    return [t for t in threads if t <= available]


def pure_python(script, args: list[str]) -> dict:
    """Run ``script --_pyref ARGS`` with ``NUMBA_DISABLE_JIT=1`` (the kernel's own code as plain Python) and
    return the JSON document its last output line holds; exit with its error output if it fails."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    cmd = [sys.executable, str(Path(script).resolve()), "--_pyref", *args]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        print(proc.stderr, file=sys.stderr)
        raise SystemExit("the pure-Python reference failed")
    return json.loads(proc.stdout.strip().splitlines()[-1])
