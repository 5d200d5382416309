"""A counter that the threads of a parallel loop share: blocks of games handed out as threads come free.

numba's ``prange`` splits its range evenly between the threads before the loop starts.  On a machine whose
cores do not run at the same speed (a busy neighbour, a virtual machine's stolen time) the fast thread then
waits for the slow one.  The game kernels instead let every thread claim the next unplayed block from a
shared counter until none is left::

    nxt = np.zeros(1, np.int64)
    for _ in nb.prange(nblocks):          # at most one pass per thread finds work
        b = fetch_add(nxt, 1)
        while b < nblocks:
            ...play block b...
            b = fetch_add(nxt, 1)

Which thread plays a block changes from run to run; what a block holds does not (each game draws from its
own stream and writes its own row), so results stay identical whatever the thread count.
"""
from __future__ import annotations

import numba as nb
from numba import types
from numba.extending import intrinsic

if nb.config.DISABLE_JIT:
    def fetch_add(counter, val):
        old = int(counter[0])
        counter[0] += val
        return old
else:
    @intrinsic
    def fetch_add(typingctx, counter, val):
        """Add ``val`` to ``counter[0]`` (an int64 array) in one atomic step; returns the value before."""
        if not (isinstance(counter, types.Array) and counter.dtype == types.int64
                and isinstance(val, types.Integer)):
            return None

        def codegen(context, builder, sig, args):
            arr = context.make_array(sig.args[0])(context, builder, value=args[0])
            v = context.cast(builder, args[1], sig.args[1], types.int64)
            return builder.atomic_rmw("add", arr.data, v, "monotonic")

        return types.int64(counter, val), codegen
