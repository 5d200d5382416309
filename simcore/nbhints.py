"""Hints for the machine code of numba kernels (no effect on results).

:func:`unlikely` marks a condition as usually False (``llvm.expect``), so that LLVM lays out the code it guards
away from the hot path: a rule's branch that the default game never takes, say.  Under ``NUMBA_DISABLE_JIT=1``, or
with a numba release that moved the classes it relies on, it is the identity.
"""
from __future__ import annotations

import numba as nb

try:
    from llvmlite import ir
    from numba.core import cgutils, types
    from numba.extending import intrinsic
    _OK = True
except ImportError:  # a numba release that moved them
    _OK = False

if nb.config.DISABLE_JIT:
    def unlikely(flag):
        return flag
elif not _OK:
    @nb.njit(inline="always", cache=True)
    def unlikely(flag):
        return flag
else:
    @intrinsic
    def unlikely(typingctx, flag):
        """``flag`` (a bool), marked for LLVM as usually False."""
        if not isinstance(flag, types.Boolean):
            return None

        def codegen(context, builder, sig, args):
            i1 = ir.IntType(1)
            fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i1, [i1, i1]), "llvm.expect.i1")
            return builder.call(fn, [args[0], ir.Constant(i1, 0)])

        return types.boolean(flag), codegen
