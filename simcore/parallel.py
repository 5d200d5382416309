"""The one parallel loop of simcore's kernels: blocks of games (or seasons) handed to threads as they come free.

Every game kernel, the league's season kernel and the RNG ceiling run through :func:`run_blocks`.  A kernel
supplies a jitted ``play_block(ctx, seed, g0, lo, hi, b, out)`` that plays items ``lo .. hi-1`` of the call
(global indices ``g0 + lo ..``), block ``b``, reading its inputs from the tuple ``ctx`` and writing into the
preallocated output tuple ``out`` (rows ``lo .. hi-1`` of per-item arrays, or row ``b`` of per-block counters).
Each item draws from its own stream (:mod:`simcore.rng`) and writes its own rows, so which thread plays a block
changes nothing: results are identical whatever the thread count.

numba's ``prange`` splits its range evenly between the threads before the loop starts; on a machine whose cores
do not run at the same speed the fast thread then waits for the slow one.  Here every thread claims the next
unplayed block from a shared counter (:func:`simcore.atomics.fetch_add`) until none is left.

Why ``inline="always"``: numba compiles a function that receives a jitted function as an argument separately
for that function, but it cannot cache the result (the argument's type carries an identity that changes from
process to process), so every process would recompile it.  Inlined into a small cached kernel that names its
own ``play_block``, the loop is compiled and cached with that kernel::

    @nb.njit(cache=True, parallel=True)
    def simulate_games(ctx, seed, g0, n, out):
        run_blocks(play_block, ctx, seed, g0, n, BLOCK, out)
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.atomics import fetch_add


@nb.njit(inline="always", cache=True)
def run_blocks(play_block, ctx, seed, g0, n, block, out):
    """Items ``g0 .. g0+n-1`` in blocks of ``block``, each block to the next free thread:
    ``play_block(ctx, seed, g0, lo, hi, b, out)`` for block ``b`` = items ``lo .. hi-1`` of the call."""
    nblocks = (n + block - 1) // block
    nxt = np.zeros(1, np.int64)         # the next unplayed block, claimed by whichever thread is free
    for _ in nb.prange(nblocks):        # at most one pass per thread finds work
        b = fetch_add(nxt, 1)
        while b < nblocks:
            play_block(ctx, seed, g0, b * block, min(n, (b + 1) * block), b, out)
            b = fetch_add(nxt, 1)


def n_blocks(n: int, block: int) -> int:
    """Blocks :func:`run_blocks` splits ``n`` items into (the first dimension of per-block outputs)."""
    return -(-int(n) // int(block))
