"""Running kernels in chunks, on a chosen number of threads, with a progress bar.

Chunking never changes results: every game draws from its own stream
(:mod:`simcore.rng`), so a run is a pure function of (seed, game index).
"""
from __future__ import annotations

from contextlib import contextmanager

import numba
from tqdm import tqdm  # the plain bar: works in a terminal and in Jupyter without ipywidgets

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


def chunks(n: int, chunk_size: int | None = None):
    """``(g0, count)`` pairs covering games 0 .. n-1."""
    size = chunk_size or DEFAULT_CHUNK
    if size <= 0:
        raise ValueError(f"chunk_size must be positive, got {size}")
    return [(g0, min(size, n - g0)) for g0 in range(0, n, size)]


def run_chunks(n: int, fn, *, chunk_size: int | None = None, n_threads: int | None = None,
               progress: bool | None = None, desc: str = "games"):
    """Call ``fn(g0, count)`` for each chunk of games 0 .. n-1.

    ``progress``: True forces a bar, False hides it, None shows it on a terminal
    when the run has more than one chunk.
    """
    parts = chunks(n, chunk_size)
    disable = (not progress) if progress is not None else (None if len(parts) > 1 else True)
    with threads(n_threads), tqdm(total=n, unit=" " + desc, disable=disable, unit_scale=True) as bar:
        for g0, count in parts:
            fn(g0, count)
            bar.update(count)
