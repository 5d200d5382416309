"""simcore.runner: chunks made one at a time, and progress bars on a terminal or in Jupyter only."""
from __future__ import annotations

import io
import itertools
import time

import pytest

from simcore import progress, runner


def _old_chunks(n, size):
    return [(g0, min(size, n - g0)) for g0 in range(0, n, size)]


@pytest.mark.parametrize("n, size", [(1, 7), (7, 7), (8, 7), (13, 7), (1000, 1), (5, None), (3 << 20, None),
                                     ((3 << 20) + 1, None)])
def test_chunks_are_the_same_as_the_list_they_replace(n, size):
    got = runner.chunks(n, size)
    assert not isinstance(got, list)
    want = _old_chunks(n, size or runner.DEFAULT_CHUNK)
    assert list(got) == want
    assert runner.n_chunks(n, size) == len(want)


def test_chunks_of_a_huge_run_start_at_once_and_end_exactly():
    n = 2**63 - 1
    t0 = time.perf_counter()
    first = list(itertools.islice(runner.chunks(n), 2))
    assert time.perf_counter() - t0 < 0.1
    size = runner.DEFAULT_CHUNK
    assert first == [(0, size), (size, size)]
    assert runner.n_chunks(n) == 2**43          # 2**63 - 1 games in chunks of 2**20: the last one short by 1
    last = list(runner.chunks(n, 2**62))
    assert last == [(0, 2**62), (2**62, 2**62 - 1)]
    assert sum(c for _, c in last) == n


def test_run_chunks_reaches_the_first_chunk_of_10_to_18_games_at_once():
    calls = []

    class Stop(Exception):
        pass

    def fn(g0, count):
        calls.append((g0, count))
        raise Stop

    t0 = time.perf_counter()
    with pytest.raises(Stop):
        runner.run_chunks(10**18, fn, progress=False)
    assert time.perf_counter() - t0 < 1.0
    assert calls == [(0, runner.DEFAULT_CHUNK)]


def test_chunk_size_must_be_positive():
    with pytest.raises(ValueError, match="chunk_size must be a positive whole number of games, got -1"):
        runner.chunks(10, -1)


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_bars_show_on_a_terminal_only_and_never_when_quiet():
    assert progress.bar(total=3, file=io.StringIO()).disable              # a pipe or a file: no bar
    tty = _Terminal()
    with progress.bar(total=3, file=tty) as b:
        assert not b.disable
        b.update(3)
    assert "3/3" in tty.getvalue()
    assert not progress.bar(total=3, show=True, file=io.StringIO()).disable
    assert progress.bar(total=3, show=False, file=_Terminal()).disable
    was = progress.set_quiet(True)
    try:
        assert progress.bar(total=3, show=True, file=_Terminal()).disable
    finally:
        progress.set_quiet(was)


def test_run_chunks_draws_nothing_when_stderr_is_not_a_terminal(capsys):
    seen = []
    runner.run_chunks(10, lambda g0, c: seen.append((g0, c)), chunk_size=3)
    assert seen == [(0, 3), (3, 3), (6, 3), (9, 1)]
    assert capsys.readouterr().err == ""


def test_run_chunks_draws_a_bar_on_a_terminal(monkeypatch):
    tty = _Terminal()
    monkeypatch.setattr("sys.stderr", tty)
    runner.run_chunks(10, lambda g0, c: None, chunk_size=3)
    assert "100%" in tty.getvalue() and "10.0/10.0" in tty.getvalue()
    tty2 = _Terminal()
    monkeypatch.setattr("sys.stderr", tty2)
    runner.run_chunks(10, lambda g0, c: None, chunk_size=20)     # one chunk: no bar
    assert tty2.getvalue() == ""


def test_bars_show_in_jupyter_whose_stderr_is_no_terminal(monkeypatch):
    monkeypatch.setattr(progress, "in_jupyter", lambda: True)
    out = io.StringIO()
    with progress.bar(total=3, file=out) as b:
        assert not b.disable
        b.update(3)
    assert "3/3" in out.getvalue()
    assert progress.bar(total=3, show=False, file=io.StringIO()).disable
    monkeypatch.setattr(progress, "_quiet", True)
    assert progress.bar(total=3, file=io.StringIO()).disable


def test_not_in_jupyter_here():
    assert progress.in_jupyter() is False
