"""numba's inlining of ``inline="always"`` functions, made to copy a callee's IR once per call site.

numba inlines such a function by copying its IR into the caller at each call site
(``numba.core.inline_closurecall.InlineWorker.inline_ir``), one ``copy.deepcopy`` per block.  Every block refers
to the function's scope, and the scope holds every variable of the function, so each block's copy copies all the
variables again: inlining a callee costs its blocks times its variables.  simcore's game loops inline functions
that inline others (Pass & Score's turn and greedy walk, Blue Line's period), large by then.  In the Pass & Score
game kernel these copies were most of numba's inlining and the inlining half of the compile (cProfile: 15,000
block copies, 24 million variable copies).

:func:`install` (run when :mod:`simcore` is imported, before any kernel compiles) gives the block copies of one
inlining a single deepcopy memo, so that each variable and the scope are copied once, as one ``copy.deepcopy`` of
all the blocks would.  The compiled code does not change: each kernel's machine code is the same with and
without it, and so is the LLVM IR but for an SSA version number in a name (``benchmarks/inline_copies.py``, which
also times both: benchmarks/RESULTS.md).  Both copies ``inline_ir`` makes happen before it changes anything, and
every object whose id the memo holds stays alive until ``inline_ir`` returns, when the memo is dropped.  Should a
numba release change ``inline_ir`` or how its module refers to ``copy``, install does nothing and numba compiles
as it always did, only slower.
"""
from __future__ import annotations

import copy
import functools


class _SharedMemo:
    """Stands for the ``copy`` module in ``numba.core.inline_closurecall``: ``deepcopy`` without a memo of its
    own uses the current inlining's (:attr:`memo`), every other attribute is the module's."""

    def __init__(self):
        self.memo = None

    def deepcopy(self, x, memo=None):
        return copy.deepcopy(x, self.memo if memo is None else memo)

    def __getattr__(self, name):
        return getattr(copy, name)


_SHIM = _SharedMemo()


def install() -> bool:
    """Share one deepcopy memo among the block copies of each inlining; True when in place."""
    try:
        from numba.core import inline_closurecall as icc
        original = icc.InlineWorker.inline_ir
    except (ImportError, AttributeError):
        return False
    if getattr(original, "_simcore", False):
        return True
    if icc.__dict__.get("copy") is not copy:       # the module no longer calls copy.deepcopy as written for
        return False

    @functools.wraps(original)
    def inline_ir(self, *args, **kwargs):
        outer, _SHIM.memo = _SHIM.memo, {}
        try:
            return original(self, *args, **kwargs)
        finally:
            _SHIM.memo = outer

    inline_ir._simcore = True
    icc.copy = _SHIM
    icc.InlineWorker.inline_ir = inline_ir
    return True


def uninstall() -> None:
    """Give numba back its own inlining (to compare the two: ``benchmarks/inline_copies.py``)."""
    from numba.core import inline_closurecall as icc
    if getattr(icc.InlineWorker.inline_ir, "_simcore", False):
        icc.InlineWorker.inline_ir = icc.InlineWorker.inline_ir.__wrapped__
    if icc.copy is _SHIM:
        icc.copy = copy


def installed() -> bool:
    """Whether :func:`install` is in effect."""
    try:
        from numba.core import inline_closurecall as icc
    except ImportError:
        return False
    return getattr(icc.InlineWorker.inline_ir, "_simcore", False) and icc.copy is _SHIM
