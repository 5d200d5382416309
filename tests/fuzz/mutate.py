"""Mutations of valid input files, and the property every fuzz test checks.

A mutation starts from a shipped, valid file and applies one to three edits: delete, duplicate or swap rows
and columns, replace a cell (or a TOML value) with a huge, negative, non-ASCII, empty, very long or random
text, insert random bytes, a byte-order mark or a byte that is not UTF-8, or truncate the file.

The property (:func:`check_load`, :func:`check_cli`): the input either loads (and what was loaded is within
its ranges) or is refused with one :class:`~simcore.charts.ChartError` naming the mutated file; on the command
line, exit 0, or exit 2 with exactly one ``simcore: error: ...`` line naming the file.  Never another exception
(a traceback, or on the command line a ``simcore: internal error: ...`` line), never a hang (:func:`time_limit`).
"""
from __future__ import annotations

import contextlib
import io
import os
import signal
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from simcore.charts import ChartError

#: Texts a mutated cell may hold: numbers out of any range, other scripts' digits, forms int() accepts.
SPECIAL = ["99999999999999999999", str(10**30), "-1", "-999999", "0", "1000001", "100000000", "١٢", "²", "1_0",
           "٣", "+5", " 7 ", "1e3", "nan", "inf", "-", "", "0x10", "12.5", "32.5", "1-99999999999", "9" * 5000,
           "x" * 1001, "x" * 140_000, '"', '"a,b"', "#", "\ufeff", "\x00", "\r", "Goal 1-٨", "LD ٤", "-0"]
#: Values a mutated TOML key may take.
TOML_VALUES = ["42", '"x"', "1000001", "100000000", "-1", "true", "[1, 2]", '["a", "a"]', '"١٢"', "1e400",
               "{}", '"qq_chart=on,qq_chart=off"', "9223372036854775807", str(10**30), '""', "2026-10-01",
               '"' + "x" * 2000 + '"']
BOM = b"\xef\xbb\xbf"


def cell_text():
    return st.one_of(st.sampled_from(SPECIAL), st.text(max_size=12), st.integers().map(str))


def _cells(line):
    return line.split(",")


@st.composite
def mutated(draw, original: bytes, toml: bool = False) -> bytes:
    """``original`` with one to three random edits (structure, cells or values, then bytes)."""
    lines = original.decode("utf-8").split("\n")
    for _ in range(draw(st.integers(1, 3))):
        n = len(lines)
        op = draw(st.sampled_from(["delete_row", "duplicate_row", "swap_rows", "cell", "cell", "cell",
                                   "delete_column", "duplicate_column", "swap_columns", "value"]))
        if n == 0:
            lines = [draw(st.text(max_size=20))]
            continue
        i = draw(st.integers(0, n - 1))
        j = draw(st.integers(0, n - 1))
        if op == "delete_row":
            del lines[i]
        elif op == "duplicate_row":
            lines.insert(j, lines[i])
        elif op == "swap_rows":
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "value" or (toml and op == "cell"):
            if "=" in lines[i]:
                key = lines[i].split("=", 1)[0]
                lines[i] = f"{key}= {draw(st.sampled_from(TOML_VALUES))}"
            else:
                lines.insert(i, f"{draw(st.sampled_from(['name', 'teams', 'best_of', 'extra']))} = "
                                f"{draw(st.sampled_from(TOML_VALUES))}")
        elif op == "cell":
            cells = _cells(lines[i])
            k = draw(st.integers(0, len(cells) - 1))
            cells[k] = draw(cell_text())
            lines[i] = ",".join(cells)
        else:   # column operations, on every line (a CSV file; for TOML they mangle lines, which is fine too)
            width = max(len(_cells(s)) for s in lines)
            k = draw(st.integers(0, width - 1))
            m = draw(st.integers(0, width - 1))
            out = []
            for s in lines:
                cells = _cells(s)
                if k < len(cells):
                    if op == "delete_column":
                        del cells[k]
                    elif op == "duplicate_column":
                        cells.insert(k, cells[k])
                    elif m < len(cells):
                        cells[k], cells[m] = cells[m], cells[k]
                out.append(",".join(cells))
            lines = out
    data = "\n".join(lines).encode("utf-8")
    byte_op = draw(st.sampled_from(["none", "none", "bom", "bad_byte", "random_bytes", "truncate", "crlf"]))
    if byte_op == "bom":
        data = BOM + data
    elif byte_op == "bad_byte" and data:
        k = draw(st.integers(0, len(data)))
        data = data[:k] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80"])) + data[k:]
    elif byte_op == "random_bytes":
        k = draw(st.integers(0, len(data)))
        data = data[:k] + draw(st.binary(min_size=1, max_size=8)) + data[k:]
    elif byte_op == "truncate" and data:
        data = data[:draw(st.integers(0, len(data)))]
    elif byte_op == "crlf":
        data = data.replace(b"\n", b"\r\n")
    return data


class Hang(Exception):
    """An input took longer than the time limit."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Fail with :class:`Hang` when the block runs longer than ``seconds`` (a hang is a failed property)."""
    def handler(signum, frame):
        raise Hang(f"no answer after {seconds} s")

    old = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def check_load(load, folder, seconds: float = 20):
    """Call ``load()``: its result, or None when it refused the input with a ChartError naming a file in ``folder``
    (with a line when it gives one).  Any other exception, or a hang, fails the test."""
    with time_limit(seconds):
        try:
            return load()
        except ChartError as exc:
            msg = str(exc)
            assert str(exc.path).startswith(str(folder)), f"the error names no input file: {msg}"
            assert msg.startswith(str(exc.path)), msg
            assert "\n" not in msg, msg
            if exc.line is not None:
                assert isinstance(exc.line, int) and exc.line >= 1, msg
            return None


#: The line the command line prints for an exception that refuses no input: a bug in simcore, never an answer.
INTERNAL = "simcore: internal error:"


def run_cli(argv, seconds: float = 60):
    """``simcore.cli.main(argv)`` in this process: (exit code, stdout, stderr).

    The command line refuses an input with exit 2 and one ``simcore: error:`` line, and reports any other
    exception as a bug: ``simcore: internal error: ...`` and exit 1.  An internal error is a failed property
    whatever the exit code; its traceback (``SIMCORE_TRACEBACK=1``) is in the failure's message."""
    out, err = io.StringIO(), io.StringIO()
    with time_limit(seconds), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            mock.patch.dict(os.environ, {"SIMCORE_TRACEBACK": "1"}):
        try:
            code = main_(argv)
        except SystemExit as exc:        # main returns its code; a SystemExit escaping it is a finding too
            code = exc.code
    if INTERNAL in err.getvalue():
        raise AssertionError(f"simcore {' '.join(map(str, argv))}: an internal error, exit {code}:\n"
                             f"{err.getvalue()[-6000:]}")
    return code, out.getvalue(), err.getvalue()


def main_(argv):
    from simcore.cli import main

    return main(list(argv))


def check_cli(argv, names=None, seconds: float = 60):
    """Run the command line: exit 0, or exit 2 with exactly one ``simcore: error:`` line (naming one of ``names``
    when given: the mutated files).  Returns (code, stdout, stderr)."""
    code, out, err = run_cli(argv, seconds)
    if code == 0:
        return code, out, err
    lines = [s for s in err.splitlines() if not s.startswith("simcore: warning:")]
    assert code == 2, f"exit {code}: {err[-2000:]}"
    assert len(lines) == 1 and lines[0].startswith("simcore: error: "), f"not one error line: {err[-2000:]}"
    if names is not None:
        assert any(str(n) in lines[0] for n in names), f"the error names no input file: {lines[0]}"
    return code, out, err


def fuzz(*strategies, **kw):
    """A fuzz test twice: under the ``fuzz`` profile (the default suite) and, marked slow, under ``fuzz-slow``.
    Use as ``test_x, test_x_slow = fuzz(data=st.data())(body)``."""
    def make(body):
        fast = settings(settings.get_profile("fuzz"))(given(*strategies, **kw)(body))
        slow = pytest.mark.slow(settings(settings.get_profile("fuzz-slow"))(given(*strategies, **kw)(body)))
        return fast, slow
    return make
