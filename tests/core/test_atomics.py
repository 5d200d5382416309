"""simcore.atomics: a counter shared by the threads of a parallel loop hands out every block exactly once."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numba as nb
import numpy as np
import pytest

from simcore.atomics import fetch_add


@nb.njit(cache=True, parallel=True)
def _claim_all(nblocks, counter, spins):
    """Each block counts how often it was claimed; ``spins`` steps of busy work per block (kept in ``work``, so
    the compiler cannot drop them) keep the threads overlapping."""
    claims = np.zeros(nblocks, np.int64)
    work = np.zeros(nblocks, np.int64)
    for _ in nb.prange(nblocks):
        b = fetch_add(counter, 1)
        while b < nblocks:
            x = b
            for _s in range(spins):
                x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFF
            claims[b] += 1
            work[b] = x
            b = fetch_add(counter, 1)
    return claims, work


def _spin(x, spins):
    for _ in range(spins):
        x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFF
    return x


@nb.njit(cache=True)
def _add_returns_old(counter):
    a = fetch_add(counter, 5)
    b = fetch_add(counter, np.int32(-2))
    return a, b


def test_fetch_add_returns_the_value_before():
    c = np.array([10], np.int64)
    assert _add_returns_old(c) == (10, 15)
    assert c[0] == 13


@pytest.mark.parametrize("threads", [1, 2])
def test_every_block_is_claimed_once(threads):
    before = nb.get_num_threads()
    nb.set_num_threads(min(threads, nb.config.NUMBA_NUM_THREADS))
    try:
        counter = np.zeros(1, np.int64)
        claims, work = _claim_all(5000, counter, 200)
    finally:
        nb.set_num_threads(before)
    assert claims.min() == 1 and claims.max() == 1
    assert work[0] == _spin(0, 200) and work[4999] == _spin(4999, 200)
    # every pass takes one number past the end on its way out
    assert counter[0] == 5000 + 5000


def test_fetch_add_rejects_other_counters():
    with pytest.raises(nb.core.errors.TypingError):
        _add_returns_old(np.zeros(1, np.int32))


def test_plain_python_counter():
    code = textwrap.dedent("""
        import numpy as np
        from simcore.atomics import fetch_add
        c = np.zeros(1, np.int64)
        print(fetch_add(c, 3), fetch_add(c, 4), int(c[0]))
    """)
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "3", "7"]
