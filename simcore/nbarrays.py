"""Arrays without reference counts, for numba kernels that run one game per loop iteration.

numba reference-counts every array it passes to a function that is not inlined, and every view it slices.
The counts are atomic updates on the array's owner, so arrays shared by all threads (charts, cards, output
columns) become a point of contention: in a game kernel these updates cost several times the dice.

* :func:`borrow` gives a view of an array that is not reference counted (null meminfo).  Use it for an
  argument inside the function that received it, whose caller keeps the owner alive.
* :func:`stack_empty` gives an uninitialised array of constant shape in the calling function's stack frame:
  no allocation, no count.  It must not outlive that function.
* :func:`ptr` gives a C-contiguous array's data as a raw pointer, indexed flat (``p[i]`` is element ``i`` in C
  order).  Even an array without an owner costs two calls into numba's runtime (``NRT_incref`` and
  ``NRT_decref``) for every function it is passed to, inlined or not; a pointer costs nothing.  A kernel whose
  state machine passes a dozen arrays through every handler on every step (Strat-O-Matic) runs several times
  faster on pointers.  No bounds checks, no negative indices; valid while the owner is alive.

None changes a value.  Should a numba release move the internals this relies on, or with
``SIMCORE_PLAIN_ARRAYS=1`` (and a separate ``NUMBA_CACHE_DIR``), all three fall back to ordinary arrays: the same
results, slower.
"""
from __future__ import annotations

import os

import numba as nb
import numpy as np

try:
    from numba.core import cgutils, types
    from numba.extending import intrinsic
    from numba.np.arrayobj import populate_array
    _INTRINSICS = os.environ.get("SIMCORE_PLAIN_ARRAYS", "") != "1"
except ImportError:  # a numba release that moved them
    _INTRINSICS = False

# True when borrow / stack_empty / ptr are the intrinsics (not the plain-array fallbacks): a kernel that
# allocates nothing but stack_empty arrays may then be compiled without numba's runtime (``_nrt=False``),
# which drops the reference counting of every array it passes and reads.
INTRINSICS = _INTRINSICS and not nb.config.DISABLE_JIT

if nb.config.DISABLE_JIT:
    # Plain Python (NUMBA_DISABLE_JIT=1): the same code on ordinary arrays.
    def borrow(arr):
        return arr

    def stack_empty(shape, dtype):
        return np.empty(shape, dtype)
elif not _INTRINSICS:
    @nb.njit(inline="always", cache=True)
    def borrow(arr):
        return arr

    @nb.njit(inline="always", cache=True)
    def stack_empty(shape, dtype):
        return np.empty(shape, dtype)
else:
    @intrinsic
    def borrow(typingctx, arr):
        """``arr`` as a view that numba does not reference count (null meminfo).

        Only for a view used while its owner is certain to stay alive, e.g. a
        function argument used inside that function."""
        if not isinstance(arr, types.Array):
            return None

        def codegen(context, builder, sig, args):
            ary = cgutils.create_struct_proxy(sig.args[0])(context, builder, value=args[0])
            ary.meminfo = cgutils.get_null_value(ary.meminfo.type)
            ary.parent = cgutils.get_null_value(ary.parent.type)
            return ary._getvalue()

        return arr(arr), codegen

    @intrinsic
    def stack_empty(typingctx, shape, dtype):
        """Uninitialised C array of constant ``shape`` (an int or a tuple of ints) and
        ``dtype`` in the stack frame of the calling function: no allocation, no
        reference count, and LLVM may keep it in registers.  It must not
        outlive that function."""
        dims = shape.types if isinstance(shape, types.BaseTuple) else (shape,)
        if not all(isinstance(d, types.IntegerLiteral) for d in dims) or not isinstance(dtype, types.DTypeSpec):
            return None
        dims = [d.literal_value for d in dims]
        arrty = types.Array(dtype.dtype, len(dims), "C")

        def codegen(context, builder, sig, args):
            llty = context.get_data_type(arrty.dtype)
            itemsize = context.get_abi_sizeof(llty)
            strides = [itemsize * int(np.prod(dims[i + 1:])) for i in range(len(dims))]
            intp = lambda v: context.get_constant(types.intp, v)  # noqa: E731
            ary = context.make_array(arrty)(context, builder)
            populate_array(ary, data=cgutils.alloca_once(builder, llty, size=int(np.prod(dims))),
                           shape=[intp(d) for d in dims], strides=[intp(x) for x in strides],
                           itemsize=intp(itemsize), meminfo=None)
            return ary._getvalue()

        return arrty(shape, dtype), codegen


if nb.config.DISABLE_JIT:
    def ptr(arr):
        return arr.reshape(-1)
elif not _INTRINSICS:
    @nb.njit(inline="always", cache=True)
    def ptr(arr):
        return arr.reshape(-1)
else:
    @intrinsic
    def ptr(typingctx, arr):
        """The data of C-contiguous ``arr`` as a raw pointer (``CPointer``), indexed flat in C order.  Not
        reference counted and not bounds checked: only while the owner is certain to stay alive."""
        if not isinstance(arr, types.Array) or arr.layout != "C":
            return None

        def codegen(context, builder, sig, args):
            return context.make_array(sig.args[0])(context, builder, value=args[0]).data

        return types.CPointer(arr.dtype)(arr), codegen
