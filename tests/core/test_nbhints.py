"""simcore.nbhints: a hint changes the machine code's layout, never a result."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numba as nb
import numpy as np

from simcore.nbhints import unlikely

ROOT = Path(__file__).resolve().parents[2]


@nb.njit
def _count(a, flags):
    """Sum of a over the True flags, the branch marked unlikely."""
    s = 0
    for i in range(a.shape[0]):
        if unlikely(flags[i]):
            s += a[i]
    return s


@nb.njit
def _expr(x):
    return 1 if unlikely(x > 3 and x % 2 == 0) else 0


def test_unlikely_returns_its_flag():
    a = np.arange(10, dtype=np.int64)
    flags = a % 3 == 0
    assert _count(a, flags) == 0 + 3 + 6 + 9
    assert _count(a, np.ones(10, np.bool_)) == 45
    assert _count(a, np.zeros(10, np.bool_)) == 0
    assert [_expr(x) for x in range(8)] == [0, 0, 0, 0, 1, 0, 1, 0]


def test_unlikely_without_jit():
    """Under NUMBA_DISABLE_JIT=1 (the pure-Python references) it is the identity."""
    code = "from simcore.nbhints import unlikely; print(unlikely(True), unlikely(False))"
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "False"]
