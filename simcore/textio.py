"""Reading a data file's text, CSV rows, TOML and numbers: the one way every loader of simcore reads its input.

Every data file (charts, decks, card kits, league files) goes through here, so they all behave alike:

* a regular file is read as bytes (at most :data:`MAX_FILE_BYTES`), a UTF-8 byte-order mark (what spreadsheet
  programs write) is dropped, and the rest must be UTF-8: a bad byte is an error naming the file, its line and
  the byte;
* CSV is read one physical line at a time (a cell cannot span lines); a cell longer than :data:`MAX_CELL`
  characters, or a line the ``csv`` module cannot parse, is an error naming the file and line;
* numbers are ASCII: an optional sign, then the digits 0-9 (``"١٢"``, ``"1_0"``, ``"²"``, ``" 1e3"`` are not
  numbers here, although Python's ``int()`` and ``float()`` take some of them), and every integer field has a
  declared range (:class:`Range`, declared beside the field it checks);
* TOML values are checked for their type and range (:meth:`Toml.str`, :meth:`Toml.int`, ...), unknown keys
  refused (:meth:`Toml.unknown_keys`), with the line of the key when it can be found.

Errors are :class:`simcore.charts.ChartError` (file, line, column or key, text, problem).  Field parsers raise
:class:`FieldError` (a ``ValueError`` carrying only the problem); the loader adds where.
"""
from __future__ import annotations

import csv
import datetime
import os
import re
import stat
import tomllib
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from simcore.errors import InputError

#: The largest data file read (a league's results of many seasons fit in a few MB).
MAX_FILE_BYTES = 64 * 1024 * 1024
#: The longest CSV cell (names, readings and source tags are far shorter).
MAX_CELL = 1000
#: The most digits a whole number may have before it is even converted (ranges are checked after).
MAX_DIGITS = 30

BOM = b"\xef\xbb\xbf"

_INT = re.compile(r"[+-]?[0-9]+")
_UINT = re.compile(r"[0-9]+")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


class FieldError(InputError):
    """A cell or value that is not of its field's form; the message is the problem only (the loader says where)."""


def _error(path, line, column, text, problem, field="column", header: bool = False):
    from simcore.charts import ChartError   # charts imports this module

    return ChartError(path, line, column, text, problem, field=field, header=header)


# ---------------------------------------------------------------- text


@dataclass(frozen=True)
class Text:
    """A data file's text: ``text`` (UTF-8, without the byte-order mark) and ``raw`` (the bytes as read)."""

    path: str
    text: str
    raw: bytes

    def lines(self) -> list[str]:
        """The physical lines (split at ``\\n``; a ``\\r`` before it is dropped), numbered from 1 by position."""
        out = self.text.split("\n")
        if out and out[-1] == "":
            out.pop()
        return [s[:-1] if s.endswith("\r") else s for s in out]


#: The data files read through :func:`read_text` while a command runs (:func:`simcore.cli.main` sets a new set for
#: each command; None outside one): an output the command writes may not replace one of them, ``--force`` or not.
INPUTS: ContextVar[set | None] = ContextVar("simcore_inputs", default=None)


def reads_inputs():
    """Start recording the files :func:`read_text` reads (a token for ``INPUTS.reset``)."""
    return INPUTS.set(set())


def input_clash(path) -> str | None:
    """Why the command may not write ``path`` (it read that file as an input), or None."""
    seen = INPUTS.get()
    if seen and os.path.realpath(path) in seen:
        return f"{path} is one of this command's input files; write the output to another file or folder"
    return None


def name_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a name a user types again (a team, a goalie): empty, or holding a control
    character (a NUL, a tab, a stray ``\\r``), which no command line shows; None when it is a name."""
    if not text:
        return "must not be empty"
    bad = next((c for c in text if ord(c) < 32 or 127 <= ord(c) < 160), None)
    if bad is not None:
        return f"must not hold a control character (U+{ord(bad):04X})"
    return None


def as_path(path, what: str = "a file") -> Path:
    """``path`` (a str or an ``os.PathLike``) as a Path; anything else is an InputError naming it."""
    if not isinstance(path, (str, os.PathLike)):
        raise InputError(f"{what} is named by its path (a str or a pathlib.Path), got {path!r}")
    return Path(path)


def read_text(path) -> Text:
    """The text of ``path``: bytes, a leading UTF-8 BOM dropped, decoded as strict UTF-8.

    A file that cannot be read, is not a regular file (a folder, ``/dev/zero``), is too large or is not UTF-8 is
    a ChartError naming the file (and for a bad byte the line, the byte's offset and value).
    """
    p = as_path(path)
    shown = str(path)
    try:
        with open(p, "rb") as fh:
            regular = stat.S_ISREG(os.fstat(fh.fileno()).st_mode)
            raw = fh.read(MAX_FILE_BYTES + 1) if regular else b""   # a bounded read: an endless file stops here
    except OSError as exc:
        raise _error(shown, None, None, None, f"cannot read file ({exc.strerror or exc})") from None
    except ValueError as exc:      # a name no file can have (a NUL character)
        raise _error(repr(shown)[1:-1], None, None, None, f"cannot read file ({exc})") from None
    if not regular:
        raise _error(shown, None, None, None, "not a regular file")
    seen = INPUTS.get()
    if seen is not None:
        seen.add(os.path.realpath(p))
    if len(raw) > MAX_FILE_BYTES:
        raise _error(shown, None, None, None, f"the file is larger than {MAX_FILE_BYTES} bytes, the most a data "
                     "file may be")
    body = raw[len(BOM):] if raw.startswith(BOM) else raw
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = body[:exc.start].count(b"\n") + 1
        offset = exc.start + (len(raw) - len(body))
        raise _error(shown, line, None, None, f"not UTF-8 text: byte 0x{body[exc.start]:02x} at byte {offset} "
                     "(save the file as UTF-8)") from None
    return Text(shown, text, raw)


# ---------------------------------------------------------------- CSV


def _padded_cells(line: str) -> list[str] | None:
    """The cells of a CSV line as the strict reader gives them, blanks after a quoted cell's closing quote allowed
    (dropped); None when the line is bad for another reason (a quote left open, other text after a closing
    quote).  A quote starts a quoted cell only as its first character, and ``""`` inside one is a quote."""
    cells, i, n = [], 0, len(line)
    while True:
        if i < n and line[i] == '"':
            parts, j = [], i + 1
            while True:
                k = line.find('"', j)
                if k < 0:
                    return None                             # never closed
                if line.startswith('""', k):
                    parts.append(line[j:k + 1])
                    j = k + 2
                    continue
                parts.append(line[j:k])
                i = k + 1
                break
            while i < n and line[i] in " \t":
                i += 1
            if i < n and line[i] != ",":
                return None                                 # text after the closing quote
            cells.append("".join(parts))
        else:
            k = line.find(",", i)
            cells.append(line[i:] if k < 0 else line[i:k])
            i = n if k < 0 else k
        if i >= n:
            return cells
        i += 1                                              # the comma; a line ending in one ends in an empty cell
        if i == n:
            cells.append("")
            return cells


def split_csv_line(path, lineno: int, line: str) -> list[str]:
    """The cells of one CSV line (not stripped); a line csv cannot parse (strictly: a quoted cell left open, or
    text after a quoted cell's closing quote) or an over-long cell is a ChartError."""
    try:
        try:
            cells = next(csv.reader([line], strict=True), [])
        except csv.Error as first:
            # blanks after a quoted cell's closing quote (an aligned column, an editor's trailing blanks) are
            # padding, as around any cell; other text there is still refused
            cells = _padded_cells(line) if "expected after" in str(first) else None
            if cells is None:
                raise first from None
    except csv.Error as exc:
        if "unexpected end of data" in str(exc):
            raise _error(path, lineno, None, _clip(line), 'a quoted cell is not closed: its closing " is missing (a '
                         'cell cannot run over two lines)') from None
        if "expected after" in str(exc):
            raise _error(path, lineno, None, _clip(line), 'text after a quoted cell\'s closing " (a " inside a quoted '
                         'cell is written twice: "")') from None
        if "field limit" in str(exc):
            raise _error(path, lineno, None, _clip(line), f"a cell is longer than {MAX_CELL} characters (the most "
                         "a cell holds)") from None
        if "new-line character" in str(exc):
            raise _error(path, lineno, None, _clip(line), "a line break inside an unquoted cell: a carriage return "
                         "(\\r) without a new line after it (save the file with \\n or \\r\\n line ends)") from None
        raise _error(path, lineno, None, _clip(line), f"not a CSV line ({exc})") from None
    for i, c in enumerate(cells):
        if len(c) > MAX_CELL:
            raise _error(path, lineno, None, _clip(c), f"cell {i + 1} is {len(c)} characters long; a cell holds at "
                         f"most {MAX_CELL}")
    return cells


def csv_rows(text: Text, comments: bool = True) -> list[tuple[int, list[str]]]:
    """``(line number, cells)`` of every non-blank line of a CSV file (lines starting with ``#`` skipped when
    ``comments``); cells are not stripped.  A spreadsheet's padding is dropped: empty names at the end of the
    header (the first line), and empty cells past the header's width at the end of a row."""
    out, first = [], None           # first: the header's index in out (comments above it kept when not skipped)
    for no, line in enumerate(text.lines(), start=1):
        comment = line.lstrip().startswith("#")
        if not line.strip() or (comments and comment):
            continue
        if first is None and not comment:
            first = len(out)
        out.append((no, split_csv_line(text.path, no, line)))
    if first is not None:
        width = len(out[first][1])
        while width > 1 and not out[first][1][width - 1].strip():
            width -= 1
        out[first:] = [(no, cells[:width] if len(cells) > width and not "".join(cells[width:]).strip() else cells)
                       for no, cells in out[first:]]
    return out


def check_header(path, lineno: int, header: list[str]) -> list[str]:
    """A header's names, stripped; an empty or repeated name is a ChartError naming it."""
    names = [h.strip() for h in header]
    seen: dict[str, int] = {}
    for i, h in enumerate(names):
        if not h:
            raise _error(path, lineno, None, ",".join(names), f"column {i + 1} of the header has no name")
        if h in seen:
            raise _error(path, lineno, h, h, f"column {h!r} appears twice in the header (columns {seen[h] + 1} "
                         f"and {i + 1})", header=True)
        seen[h] = i
    return names


def _clip(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n] + f"... ({len(text)} characters)"


# ---------------------------------------------------------------- numbers


def integer(text: str, lo: int | None = None, hi: int | None = None, signed: bool = True) -> int:
    """``text`` as a whole number in ``lo..hi``: ASCII digits 0-9 with an optional sign (``+`` or ``-`` when
    ``signed``) and nothing else (no spaces inside, no ``_``, no other scripts' digits)."""
    t = text.strip()
    if not (_INT if signed else _UINT).fullmatch(t):
        raise FieldError(_range_text("expected a whole number", lo, hi))
    if len(t.lstrip("+-")) > MAX_DIGITS:     # a whole number all the same, just far out of any range
        raise FieldError(_range_text(f"{t[:12]}... ({len(t)} digits) is out of range", lo, hi))
    v = int(t)
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise FieldError(_range_text(f"{v} is out of range", lo, hi))
    return v


def number(text: str, lo: float | None = None, hi: float | None = None) -> float:
    """``text`` as a decimal number in ``lo..hi``: ASCII ``[+-]digits[.digits]`` (no exponent, nan or inf)."""
    t = text.strip()
    if not _NUMBER.fullmatch(t) or len(t) > MAX_DIGITS + 2:
        raise FieldError(_range_text("expected a decimal number such as 0.6", lo, hi))
    v = float(t)
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise FieldError(_range_text(f"{t} is out of range", lo, hi))
    return v


def _range_text(what: str, lo, hi) -> str:
    if lo is not None and hi is not None:
        return f"{what} ({lo}..{hi})"
    if lo is not None:
        return f"{what} (at least {lo})"
    if hi is not None:
        return f"{what} (at most {hi})"
    return what


@dataclass(frozen=True)
class Range:
    """An integer field's sensible values, declared once beside the field: ``GOALS = Range(0, 99, "goals")``.

    ``parse(text)`` reads a cell (ASCII digits with an optional sign) and ``check(value)`` checks a value already
    read (a TOML integer; a boolean is not one); both raise :class:`FieldError`.
    """

    lo: int
    hi: int
    what: str = "a whole number"

    def parse(self, text: str) -> int:
        try:
            return integer(text, self.lo, self.hi)
        except FieldError as exc:
            if "out of range" in str(exc):
                raise FieldError(f"out of range: {self.what} must be a whole number {self.lo}..{self.hi}") from None
            if not text.strip():
                raise FieldError(f"empty: {self.what} must be a whole number {self.lo}..{self.hi}") from None
            raise FieldError(f"{self.what} must be a whole number {self.lo}..{self.hi} in ASCII digits") from None

    def check(self, value) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise FieldError(f"{self.what} must be a whole number {self.lo}..{self.hi}")
        if not self.lo <= value <= self.hi:
            raise FieldError(f"out of range: {self.what} must be a whole number {self.lo}..{self.hi}")
        return value

    def __contains__(self, value) -> bool:
        return self.lo <= value <= self.hi


# ---------------------------------------------------------------- TOML


@dataclass(frozen=True)
class Toml:
    """A TOML file read: ``doc`` (the parsed tables) and ``text`` (for finding a key's line)."""

    path: str
    doc: dict
    text: str

    def line(self, key: str) -> int | None:
        """The line where ``key`` (``"best_of"`` or ``"playoffs.best_of"``) is set (for a key of an inline table,
        the line of the table), or None."""
        while key:
            line = toml_key_line(self.text, key)
            if line is not None or "." not in key:
                return line
            key = key.rsplit(".", 1)[0]
        return None

    def error(self, key: str, value, problem: str):
        """A ChartError for ``key`` (its line when found; ``value`` shown as written in TOML terms)."""
        shown = None if value is None else (value if isinstance(value, str) else toml_text(value))
        return _error(self.path, self.line(key), key, shown, problem, field="key")

    def unknown_keys(self, table: dict, allowed, prefix: str = "") -> None:
        """Every key of ``table`` is one of ``allowed``; else a ChartError naming the key and the allowed ones."""
        for k in table:
            if k not in allowed:
                raise self.error(prefix + k, k, f"unknown key; keys: {', '.join(sorted(allowed))}")

    def str(self, table: dict, key: str, prefix: str = "", default=None, required: bool = False) -> str | None:
        if key not in table:
            if required:
                raise _error(self.path, None, prefix + key, None, f"missing key {prefix + key!r}", field="key")
            return default
        v = table[key]
        if not isinstance(v, str):
            raise self.error(prefix + key, v, f"must be a string (in quotes), got {_toml_type(v)}")
        if len(v) > MAX_CELL:
            raise self.error(prefix + key, v[:60] + "...", f"is {len(v)} characters long; at most {MAX_CELL}")
        return v

    def int(self, table: dict, key: str, rng: Range, prefix: str = "", default=None) -> int | None:
        if key not in table:
            return default
        try:
            return rng.check(table[key])
        except FieldError as exc:
            raise self.error(prefix + key, table[key], str(exc)) from None

    def bool(self, table: dict, key: str, prefix: str = "", default=None) -> bool | None:
        if key not in table:
            return default
        v = table[key]
        if not isinstance(v, bool):
            raise self.error(prefix + key, v, f"must be true or false, got {_toml_type(v)}")
        return v

    def table(self, table: dict, key: str, prefix: str = "") -> dict:
        v = table.get(key, {})
        if not isinstance(v, dict):
            raise self.error(prefix + key, v, f"must be a table ([{prefix + key}]), got {_toml_type(v)}")
        return v

    def str_list(self, table: dict, key: str, prefix: str = "", default=None, unique: bool = True):
        """A list of strings (a single string is a list of one); repeated entries are an error when ``unique``."""
        if key not in table:
            return default
        v = table[key]
        items = [v] if isinstance(v, str) else v
        if not isinstance(items, list):
            raise self.error(prefix + key, v, f"must be a list of strings, got {_toml_type(v)}")
        for i, x in enumerate(items):
            if not isinstance(x, str):
                raise self.error(prefix + key, v, f"must be a list of strings; entry {i + 1} is "
                                 f"{_toml_type(x)} ({toml_text(x)})")
        if unique:
            for i, x in enumerate(items):
                if x in items[:i]:
                    raise self.error(prefix + key, v, f"{x!r} is listed twice")
        return list(items)


def _toml_type(v) -> str:
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "a table", datetime.date: "a date", datetime.datetime: "a date and time",
            datetime.time: "a time"}.get(type(v), type(v).__name__)


def toml_text(v) -> str:
    """A parsed TOML value written back as TOML text (``2026-10-01``, ``true``), for showing it in an error."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (datetime.date, datetime.time)):
        return v.isoformat()
    if isinstance(v, list):
        return "[" + ", ".join(toml_text(x) if not isinstance(x, str) else repr(x) for x in v) + "]"
    return repr(v)


def read_toml(path) -> Toml:
    """A TOML file read through :func:`read_text` (so a BOM is dropped and a non-UTF-8 byte is located); invalid
    TOML is a ChartError with the line the parser names."""
    t = read_text(path)
    try:
        doc = tomllib.loads(t.text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise _error(t.path, int(m.group(1)) if m else None, None, None, f"not valid TOML: {exc}") from None
    return Toml(t.path, doc, t.text)


def toml_key_line(text: str, key: str) -> int | None:
    """The line of ``text`` where ``key`` is set: ``a.b`` is ``b = `` inside ``[a]`` (or ``a.b = `` at the top)."""
    *tables, name = key.split(".")
    want = ".".join(tables)
    own = re.compile(r'\s*"?' + re.escape(name) + r'"?\s*=')
    dotted = re.compile(r"\s*" + re.escape(key) + r"\s*=")
    current = ""
    for i, line in enumerate(text.split("\n"), start=1):
        head = re.match(r"\s*\[\s*([^\]\s]+)\s*\]", line)
        if head:
            current = head.group(1)
        elif current == want and own.match(line):
            return i
        elif not current and want and dotted.match(line):
            return i
    return None
