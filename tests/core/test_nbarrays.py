"""simcore.nbarrays: borrowed views, stack arrays and raw pointers read and write the same elements as the
arrays they stand for, compiled, as plain Python, and on the plain-array fallback."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numba as nb
import numpy as np
import pytest
from numba.core.errors import TypingError

from simcore.nbarrays import borrow, ptr, stack_empty


@nb.njit(cache=True)
def _through_pointer(a, i, j, k, v):
    """Write ``v`` at a[i, j, k] through a pointer, flat in C order; return what the pointer reads there."""
    p = ptr(a)
    at = (i * a.shape[1] + j) * a.shape[2] + k
    p[at] = v
    return p[at]


@nb.njit(cache=True)
def _row_pointer_sum(a, r):
    row = ptr(borrow(a)[r])
    s = 0
    for j in range(a.shape[1]):
        s += row[j]
    return s


@nb.njit(cache=True)
def _stack_then_pointer():
    s = stack_empty((2, 3), np.int64)
    p = ptr(s)
    for i in range(6):
        p[i] = i * i
    return s[1, 2] + s[0, 1]


def test_pointer_indexes_flat_in_c_order_and_writes_through():
    a = np.zeros((2, 3, 4), np.int16)
    assert _through_pointer(a, 1, 2, 3, 7) == 7
    assert a[1, 2, 3] == 7 and a.sum() == 7
    assert _through_pointer(a, 0, 1, 0, -3) == -3          # int16 keeps its sign
    assert a[0, 1, 0] == -3 and a.sum() == 4
    b = np.arange(12, dtype=np.int64).reshape(3, 4)
    assert _row_pointer_sum(b, 2) == 8 + 9 + 10 + 11        # a row of a borrowed view is contiguous
    assert _stack_then_pointer() == 25 + 1


def test_pointer_refuses_an_array_that_is_not_c_contiguous():
    a = np.zeros((4, 6), np.int64)
    with pytest.raises(TypingError):
        _through_pointer(a[:, ::2].reshape(4, 3, 1), 0, 0, 0, 1)
    with pytest.raises(TypingError):
        _row_pointer_sum(np.asfortranarray(a), 0)


_FALLBACK = textwrap.dedent("""
    import json, numba as nb, numpy as np
    from simcore.nbarrays import borrow, ptr, stack_empty
    @nb.njit
    def f(a):
        p = ptr(borrow(a))
        s = stack_empty(3, np.int64)
        for i in range(3):
            s[i] = i + 1
        p[5] = s[2] * 10
        return p[5] + a[1, 2]
    a = np.zeros((2, 3), np.int64)
    print(json.dumps([int(f(a)), a.tolist()]))
""")


@pytest.mark.parametrize("env", [{"NUMBA_DISABLE_JIT": "1"}, {"SIMCORE_PLAIN_ARRAYS": "1"}])
def test_plain_python_and_plain_array_fallbacks_agree(env, tmp_path):
    run_env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), **env)
    out = subprocess.run([sys.executable, "-c", _FALLBACK], env=run_env, capture_output=True, text=True,
                         check=True).stdout
    assert json.loads(out) == [60, [[0, 0, 0], [0, 0, 30]]]
