"""Helpers the benchmark scripts share: the CPU's name and compact numbers for their reports."""
from __future__ import annotations

import platform
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
