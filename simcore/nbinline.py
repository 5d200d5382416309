"""numba's inlining of ``inline="always"`` functions, made to copy a callee's IR once per call site and to read
a callee once.

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
without it, but for the serial numbers numba writes into symbols' names, and so is the LLVM IR but for local
names (``benchmarks/inline_copies.py``, which also times both: benchmarks/RESULTS.md).  Both copies ``inline_ir``
makes happen before it changes anything, and every object whose id the memo holds stays alive until ``inline_ir``
returns, when the memo is dropped.  Should a numba release change ``inline_ir`` or how its module refers to
``copy``, install does nothing and numba compiles as it always did, only slower.

install also keeps the IR of each function inlined (``InlineWorker.run_untyped_passes``: the callee's bytecode
read and its untyped passes run, its own inlining included), so that a function inlined at many call sites, or
into several kernels, goes through numba's frontend once a process instead of once a call site: in the Blue Line
game kernel the frontend's runs were four fifths of the inlining (cProfile).  ``inline_ir`` copies the IR it
is given before it changes anything, so the kept IR is never modified; it is kept by function object (a closure's
cells are read into its IR, and another closure of the same code is another function), for the flags and locals
of the caller, as the frontend reads them.  Each use gets a function identity of its own, as each frontend run
does (the inlined variables are named after it), and the frontend's one side effect on the caller, its flags'
``enable_ssa`` set, is done for a kept IR too.
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

    frontend = icc.InlineWorker.run_untyped_passes

    @functools.wraps(frontend)
    def run_untyped_passes(self, func, enable_ssa=False):
        try:
            key = (func, enable_ssa, _frozen(self.flags), _frozen(self.locals))
            hash(key)
        except (AttributeError, TypeError):     # flags or locals this was not written for: numba's own way
            return frontend(self, func, enable_ssa)
        kept = _FRONTEND.get(key)
        if kept is None:
            kept = _FRONTEND[key] = frontend(self, func, enable_ssa)
            return kept
        self.flags.enable_ssa = enable_ssa
        # a function identity of its own, as numba's frontend would give: inline_ir names the callee's variables
        # in the caller after it, so that two inlinings of one function never share a name
        again = copy.copy(kept)
        again.func_id = kept.func_id.derive()
        return again

    inline_ir._simcore = True
    run_untyped_passes._simcore = True
    icc.copy = _SHIM
    icc.InlineWorker.inline_ir = inline_ir
    icc.InlineWorker.run_untyped_passes = run_untyped_passes
    return True


#: the IR of each function inlined, by (function, enable_ssa, the caller's flags, its locals): see the docstring
_FRONTEND: dict = {}


def _frozen(options) -> tuple:
    """A hashable copy of numba's flags (their values) or of a dict of locals."""
    values = options.values() if hasattr(options, "options") else dict(options or {})
    # enable_ssa is not read: the frontend sets it from its own argument, which is part of the key
    return tuple(sorted((k, repr(v)) for k, v in values.items() if k != "enable_ssa"))


def uninstall() -> None:
    """Give numba back its own inlining (to compare the two: ``benchmarks/inline_copies.py``)."""
    from numba.core import inline_closurecall as icc
    if getattr(icc.InlineWorker.inline_ir, "_simcore", False):
        icc.InlineWorker.inline_ir = icc.InlineWorker.inline_ir.__wrapped__
    if getattr(icc.InlineWorker.run_untyped_passes, "_simcore", False):
        icc.InlineWorker.run_untyped_passes = icc.InlineWorker.run_untyped_passes.__wrapped__
    _FRONTEND.clear()
    if icc.copy is _SHIM:
        icc.copy = copy


def installed() -> bool:
    """Whether :func:`install` is in effect."""
    try:
        from numba.core import inline_closurecall as icc
    except ImportError:
        return False
    return (getattr(icc.InlineWorker.inline_ir, "_simcore", False) and icc.copy is _SHIM
            and getattr(icc.InlineWorker.run_untyped_passes, "_simcore", False))
