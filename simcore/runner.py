"""Running kernels in chunks, on a chosen number of threads, with a progress bar.

Chunking never changes results: every game draws from its own stream
(:mod:`simcore.rng`), so a run is a pure function of (seed, game index).
"""
from __future__ import annotations

from contextlib import contextmanager

import numba

import simcore.progress as _progress

DEFAULT_CHUNK = 1 << 20


@contextmanager
def threads(n: int | None):
    """Run numba parallel kernels on ``n`` threads inside the block (None: numba's default)."""
    if n is None:
        yield
        return
    if not 1 <= n <= numba.config.NUMBA_NUM_THREADS:
        raise ValueError(f"threads must be between 1 and {numba.config.NUMBA_NUM_THREADS}, got {n}")
    old = numba.get_num_threads()
    numba.set_num_threads(n)
    try:
        yield
    finally:
        numba.set_num_threads(old)


def chunk_size_of(chunk_size: int | None = None) -> int:
    """The chunk size a run uses (``chunk_size`` or :data:`DEFAULT_CHUNK`), checked."""
    size = chunk_size or DEFAULT_CHUNK
    if size <= 0:
        raise ValueError(f"chunk_size must be positive, got {size}")
    return size


def n_chunks(n: int, chunk_size: int | None = None) -> int:
    """How many chunks :func:`chunks` gives for ``n`` games."""
    return -(-max(int(n), 0) // chunk_size_of(chunk_size))


def chunks(n: int, chunk_size: int | None = None):
    """``(g0, count)`` pairs covering games 0 .. n-1, made one at a time (``n`` may be 10**18: nothing is built
    up front)."""
    size = chunk_size_of(chunk_size)
    return ((g0, min(size, n - g0)) for g0 in range(0, n, size))


def run_chunks(n: int, fn, *, chunk_size: int | None = None, n_threads: int | None = None,
               progress: bool | None = None, desc: str = "games"):
    """Call ``fn(g0, count)`` for each chunk of games 0 .. n-1.

    ``progress``: True forces a bar, False hides it, None shows it (on a terminal or in Jupyter, not with
    ``--quiet``: :func:`simcore.progress.bar`) when the run has more than one chunk.
    """
    show = progress if progress is not None else (None if n_chunks(n, chunk_size) > 1 else False)
    with threads(n_threads), _progress.bar(total=n, unit=" " + desc, show=show, unit_scale=True) as bar:
        for g0, count in chunks(n, chunk_size):
            fn(g0, count)
            bar.update(count)
