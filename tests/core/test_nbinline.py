"""simcore.nbinline: numba's inlining with one deepcopy memo per inlining, and one frontend run per function
inlined, compiles the same code, copying less and reading each callee once.

Each case compiles a small module of nested ``inline="always"`` functions in a fresh process (numba names
functions by the order they compile in a process, so two processes doing the same compile name them alike).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numba
import pytest

import simcore.nbinline as nbinline

MODULE = textwrap.dedent('''
    import numba as nb

    @nb.njit(inline="always")
    def clamp(x, lo, hi):
        if x < lo:
            return lo
        if x > hi:
            return hi
        return x

    @nb.njit(inline="always")
    def step(a, i):
        s = 0
        for j in range(i):
            if a[j] % 3 == 0:
                s += clamp(a[j], 0, 10)
            elif a[j] % 3 == 1:
                s -= clamp(a[j] * 2, -5, 5)
            else:
                s += 1
        return s

    @nb.njit
    def total(a):
        t = 0
        for i in range(a.shape[0]):
            t += step(a, i) + clamp(t, -100, 100)
        return t

    @nb.njit
    def twice(a):
        return step(a, 3) - step(a, 5)
''')

CHILD = textwrap.dedent('''
    import hashlib, json, sys
    import numpy as np
    import simcore.nbinline as nbinline
    from numba.core import ir
    mode = sys.argv[1]
    if mode == "simcore":
        nbinline.install()
    else:
        nbinline.uninstall()
    from numba.core.untyped_passes import ExtractByteCode
    copies = 0
    frontends = []
    extract = ExtractByteCode.run_pass
    def reading(self, state):
        frontends.append(state.func_id.func_qualname)
        return extract(self, state)
    ExtractByteCode.run_pass = reading
    var_deepcopy = ir.Var.__deepcopy__
    def counting(self, memo):
        global copies
        copies += 1
        return var_deepcopy(self, memo)
    ir.Var.__deepcopy__ = counting
    sys.path.insert(0, sys.argv[2])
    import inlined
    value = int(inlined.total(np.arange(40, dtype=np.int64)))
    value_twice = int(inlined.twice(np.arange(40, dtype=np.int64)))
    asm = "".join(nbinline.comparable(t) for t in inlined.total.inspect_asm().values())
    print(json.dumps({"installed": nbinline.installed(), "reading_once": nbinline.reading_once(), "value": value,
                      "value_twice": value_twice, "var_copies": copies,
                      "frontends": sorted(frontends), "asm": hashlib.sha256(asm.encode()).hexdigest()}))
''')


def _compile(folder, mode):
    folder.mkdir()
    (folder / "inlined.py").write_text(MODULE)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(folder / "cache")}
    out = subprocess.run([sys.executable, "-c", CHILD, mode, str(folder)], capture_output=True, text=True,
                         env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def _expected():
    a = list(range(40))
    clamp = lambda x, lo, hi: min(max(x, lo), hi)       # noqa: E731

    def step(i):
        s = 0
        for j in range(i):
            s += clamp(a[j], 0, 10) if a[j] % 3 == 0 else -clamp(a[j] * 2, -5, 5) if a[j] % 3 == 1 else 1
        return s

    t = 0
    for i in range(40):
        t += step(i) + clamp(t, -100, 100)
    return t, step(3) - step(5)


@pytest.mark.skipif(tuple(int(p) for p in numba.__version__.split(".")[:2]) > (0, 68),
                    reason="nbinline was checked against numba 0.59-0.68's inline_ir; a later numba needs a look")
def test_one_memo_per_inlining_and_one_frontend_per_function_compile_the_same_code(tmp_path):
    ours, theirs = _compile(tmp_path / "a", "simcore"), _compile(tmp_path / "b", "numba")
    assert ours["installed"] and ours["reading_once"] and not theirs["installed"] and not theirs["reading_once"]
    assert (ours["value"], ours["value_twice"]) == (theirs["value"], theirs["value_twice"]) == _expected()
    # the same machine code; the LLVM IR differs in local names, which carry those serial numbers
    assert ours["asm"] == theirs["asm"]
    # numba copies every variable of the callee's scope with each of its blocks; one memo copies each once
    assert ours["var_copies"] * 3 < theirs["var_copies"]
    # numba reads a function at each call site: clamp at total's and at step's two each time step is read (once
    # in total, twice in twice); simcore reads each function once, whichever kernel inlines it
    assert theirs["frontends"] == ["clamp"] * 7 + ["step"] * 3 + ["total", "twice"]
    assert ours["frontends"] == ["clamp", "step", "total", "twice"]


def test_install_is_idempotent_and_uninstall_gives_numba_its_own():
    from numba.core import inline_closurecall as icc

    assert nbinline.installed()                 # simcore's import installed it
    assert nbinline.reading_once()
    wrapped, reading = icc.InlineWorker.inline_ir, icc.InlineWorker.inline_function
    assert nbinline.install() and icc.InlineWorker.inline_ir is wrapped
    assert icc.InlineWorker.inline_function is reading
    try:
        nbinline.uninstall()
        assert not nbinline.installed() and not nbinline.reading_once() and icc.copy.__name__ == "copy"
        assert icc.InlineWorker.inline_ir is wrapped.__wrapped__
        assert icc.InlineWorker.inline_function is reading.__wrapped__ and not nbinline._FRONTEND
    finally:
        nbinline.install()
    assert nbinline.installed()
