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

install also keeps the IR of each function inlined (``InlineWorker.inline_function``: the callee's frontend run,
its bytecode read and its untyped passes, its own inlining included), so that a function inlined at many call
sites, or into several kernels, is read once a process instead of once a call site: in the Blue Line game kernel
those frontend runs were four fifths of the inlining (cProfile).  The kept IR goes only to ``inline_ir``, which
copies it (a new blocks dict, each block deep-copied) before it changes anything; each inlining gets an identity
of its own (``func_id.derive()``, as a frontend run makes one), after which ``inline_ir`` names the callee's
variables in the caller.  The IR is kept by function object (another closure of the same code is another
function), for the kinds of the caller's typing and target contexts, its flags and its locals.  A global that an
inlined function reads is therefore read at its first inlining in the process, as numba reads a called
function's globals at its first compile.  This part installs only on a numba release it was checked with
(:data:`NUMBA_CHECKED`); on a later one numba reads a callee at each call site, as it always did.
"""
from __future__ import annotations

import copy
import functools
import re


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
    """Share one deepcopy memo among the block copies of each inlining and, on a numba checked with it, read each
    function inlined once; True when the first is in place."""
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

    inline_function = _reading_once(icc.InlineWorker.inline_function)
    inline_ir._simcore = True
    icc.copy = _SHIM
    icc.InlineWorker.inline_ir = inline_ir
    if inline_function is not None:
        icc.InlineWorker.inline_function = inline_function
    return True


def _reading_once(original):
    """``InlineWorker.inline_function`` (numba's: the callee's frontend run, then ``inline_ir``) with the callee's
    IR kept; None when this numba was not checked with it (then numba reads a callee at every call site)."""
    import numba
    if tuple(int(p) for p in numba.__version__.split(".")[:2]) > NUMBA_CHECKED:
        return None

    @functools.wraps(original)
    def inline_function(self, caller_ir, block, i, function, arg_typs=None):
        try:
            # the contexts' kinds (a target's): numba makes a new target context for each compile
            key = (function, type(self.typingctx), type(self.targetctx), _frozen(self.flags), _frozen(self.locals))
            hash(key)
        except (AttributeError, TypeError):     # flags or locals this was not written for: numba's own way
            return original(self, caller_ir, block, i, function, arg_typs)
        kept = _FRONTEND.get(key)
        if kept is None:
            kept = _FRONTEND[key] = self.run_untyped_passes(function)
        else:
            self.flags.enable_ssa = False       # what the frontend run does to the caller's flags
        # an identity of its own, as a frontend run gives: inline_ir names the callee's variables in the caller
        # after it, so that two inlinings of one function never share a name
        callee_ir = copy.copy(kept)
        callee_ir.func_id = kept.func_id.derive()
        # inline_ir copies the IR it is given (a new blocks dict, each block deep-copied) before it changes anything
        return self.inline_ir(caller_ir, block, i, callee_ir, function.__code__.co_freevars, arg_typs=arg_typs)

    inline_function._simcore = True
    return inline_function


#: the newest numba release whose inline_function / inline_ir / run_untyped_passes this module was checked against
NUMBA_CHECKED = (0, 68)

#: the IR of each function inlined, by (function, the kinds of the caller's typing and target contexts, its flags and
#: locals); only ever read under numba's compiler lock, as all of a compile is
_FRONTEND: dict = {}


def _frozen(options) -> tuple:
    """A hashable copy of numba's flags (their values) or of a dict of locals."""
    values = options.values() if hasattr(options, "options") else dict(options or {})
    # enable_ssa is not read: the frontend run sets it (to False) before it reads anything
    return tuple(sorted((k, repr(v)) for k, v in values.items() if k != "enable_ssa"))


def comparable(code: str) -> str:
    """Assembly or LLVM IR of a compiled function with what differs from one compile to the next blanked: the
    addresses numba writes into names, the names of constant byte strings (``.bytes.<Python's hash>``, salted per
    process), the serial number of each reading of a function's bytecode (``B3v36B`` in a symbol's name; simcore
    reads a function inlined once where numba reads it at each call site), and the length of a constant string
    holding such a name: what two compiles of the same code are compared by."""
    code = re.sub(r"B\d+v\d+B", "BvB", re.sub(r"0x[0-9a-f]+", "0x", code))
    code = re.sub(r'"?\.bytes\.-?\d+"?', ".bytes.N", code)
    return re.sub(r'(\.size\s+"\.const\.[^"]*"), \d+', r"\1, N", code)


def uninstall() -> None:
    """Give numba back its own inlining (to compare the two: ``benchmarks/inline_copies.py``)."""
    from numba.core import inline_closurecall as icc
    if getattr(icc.InlineWorker.inline_ir, "_simcore", False):
        icc.InlineWorker.inline_ir = icc.InlineWorker.inline_ir.__wrapped__
    if getattr(icc.InlineWorker.inline_function, "_simcore", False):
        icc.InlineWorker.inline_function = icc.InlineWorker.inline_function.__wrapped__
    _FRONTEND.clear()
    if icc.copy is _SHIM:
        icc.copy = copy


def installed() -> bool:
    """Whether :func:`install` is in effect."""
    try:
        from numba.core import inline_closurecall as icc
    except ImportError:
        return False
    return getattr(icc.InlineWorker.inline_ir, "_simcore", False) and icc.copy is _SHIM


def reading_once() -> bool:
    """Whether numba reads each function it inlines once a process (:func:`install` on a numba it was checked
    with)."""
    try:
        from numba.core import inline_closurecall as icc
    except ImportError:
        return False
    return getattr(icc.InlineWorker.inline_function, "_simcore", False)
