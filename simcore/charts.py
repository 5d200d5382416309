"""Loading, validating and tracing the provenance of data files (charts, decks, cards).

Tables ship as CSV files a user can read, edit and replace.  Every table has a
``source`` column that tags where each cell came from:

* ``rulebook:<section>`` — transcribed verbatim from the printed rulebook;
* ``reconstructed:<method>`` — not printed; filled by the documented method
  ``<method>`` (see ``docs/<game>.md``);
* anything else a user writes (``user``, ``my copy of the chart``, ...).

A source cell is a ``;``-separated list of tags.  A tag may be limited to some
columns with ``[col|col]``; a tag without brackets covers every other cell of
the row.  Example: ``rulebook:Overtime[WIN]; reconstructed:linear-steps``.
A file without a ``source`` column is tagged ``user:<file name>`` throughout.

Errors name the file, the line, the column and the offending text.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from simcore.errors import InputError
from simcore.textio import FieldError, check_header, csv_rows, integer, read_text


class ChartError(InputError):
    """A data file that cannot be used: says where and what."""

    def __init__(self, path, line, column, text, problem, field: str = "column", header: bool = False):
        """``column``: the CSV column, or with ``field="key"`` the key of a TOML file, that holds ``text``;
        ``header``: the text is a header's column name, so it is named once (as a key that is the text is)."""
        self.path, self.line, self.column, self.text, self.problem = path, line, column, text, problem
        where = f"{path}"
        if line is not None:
            where += f", line {line}"
        if column is not None:
            where += f", {field} {column!r}"
        once = text == column and (header or field == "key")       # "column 'GSO': 'GSO'" says it twice
        shown = "" if text is None or once else f": {text!r}"
        super().__init__(f"{where}{shown}: {problem}")


@dataclass(frozen=True)
class Cell:
    """One table cell as written in the file, with its line number and provenance tag."""

    text: str
    line: int
    column: str
    source: str


@dataclass
class Table:
    """A CSV table read with provenance: ``rows[key][column] -> Cell``."""

    path: str
    columns: list[str]
    key_column: str
    rows: dict[str, dict[str, Cell]]
    row_lines: dict[str, int]
    sha256: str

    def cell(self, key: str, column: str) -> Cell:
        return self.rows[key][column]

    def error(self, key, column, problem) -> ChartError:
        c = self.rows[key][column]
        return ChartError(self.path, c.line, column, c.text, problem)

    def reconstructed(self) -> list[str]:
        """``"<row>/<column>"`` for every cell whose source is ``reconstructed``."""
        return [
            f"{k}/{c}"
            for k, cols in self.rows.items()
            for c, cell in cols.items()
            if cell.source.startswith("reconstructed")
        ]


def _parse_source(path, line, text, columns):
    """Map each data column to its tag according to the source-cell grammar."""
    tags = [t.strip() for t in text.split(";") if t.strip()]
    if not tags:
        raise ChartError(path, line, "source", text, "source is empty; write e.g. 'rulebook:<section>' or 'user'")
    out: dict[str, str] = {}
    default = None
    for tag in tags:
        if "[" in tag:
            if not tag.endswith("]"):
                raise ChartError(path, line, "source", text, "a column list must end with ']'")
            name, cols = tag[:-1].split("[", 1)
            name = name.strip()
            for col in (c.strip() for c in cols.split("|")):
                if col not in columns:
                    raise ChartError(path, line, "source", text, f"unknown column {col!r} in source tag")
                out[col] = name
        else:
            if default is not None:
                raise ChartError(path, line, "source", text, "two tags without a column list")
            default = tag
    for col in columns:
        if col not in out:
            if default is None:
                raise ChartError(path, line, "source", text, f"no tag covers column {col!r}")
            out[col] = default
    return out


def read_table(path, key_column: str, columns: list[str], keys: list[str] | None = None,
               optional: tuple[str, ...] = (), blank: tuple[str, ...] = ()) -> Table:
    """Read a CSV table whose header is ``key_column, *columns[, any of optional][, source]``.

    Every cell must be written: an empty cell is an error naming its line and column, unless its column is one
    of ``blank`` (the fields a loader declares may be left empty; a chart's "none" is written ``-``, never
    left out).

    ``keys``, when given, is the exact set of row keys the table must have (any
    order); a missing, unknown or repeated key is an error.  Cells are returned
    as text: the game module parses them and reports errors through
    :meth:`Table.error`.
    """
    path = Path(path)
    text = read_text(path)
    shown = text.path
    records = csv_rows(text, comments=False)
    while records and records[0][1] and records[0][1][0].lstrip().startswith("#"):
        records.pop(0)            # comment lines above the header, as the rows below it may have
    if not records:
        raise ChartError(shown, None, None, None, "file is empty")
    head_no, head = records[0]
    header = check_header(shown, head_no, head)
    expected = [key_column, *columns]
    has_source = header[-1:] == ["source"]
    body = header[:-1] if has_source else header
    extra = body[len(expected):]
    if body[: len(expected)] != expected:
        for i, name in enumerate(body):
            if i >= len(expected) or name != expected[i]:
                want = expected[i] if i < len(expected) else "(nothing)"
                raise ChartError(shown, head_no, name, name, f"unknown or misplaced column; expected {want!r} here "
                                 f"(header must be: {', '.join(expected)}"
                                 f"{''.join(f'[, {o}]' for o in optional if o != 'source')}[, source])", header=True)
        raise ChartError(shown, head_no, None, ",".join(header), f"missing columns {expected[len(body):]}")
    for i, name in enumerate(extra):
        if name == "source" and name not in optional:
            continue              # a misplaced source column, reported once the other columns are known
        if name not in optional or name in extra[:i]:
            raise ChartError(shown, head_no, name, name, "unknown or repeated column" +
                             (f"; optional columns: {', '.join(optional)}" if optional else ""), header=True)
    if "source" in extra and "source" not in optional:
        raise ChartError(shown, head_no, "source", "source", "the source column must be the last one (header must "
                         f"be: {', '.join(expected)}{''.join(f'[, {o}]' for o in optional)}[, source])", header=True)
    columns = [*columns, *extra]
    rows: dict[str, dict[str, Cell]] = {}
    row_lines: dict[str, int] = {}
    for lineno, record in records[1:]:
        if all(not f.strip() for f in record):
            continue
        if record[0].strip().startswith("#"):
            continue
        if len(record) != len(header):      # (a quote left open is refused by the reader, naming the line)
            raise ChartError(shown, lineno, None, ",".join(record), f"expected {len(header)} fields, found "
                             f"{len(record)}")
        key = record[0].strip()
        if key in rows:
            raise ChartError(shown, lineno, key_column, key, f"row {key!r} appears twice (first on line {row_lines[key]})")
        if keys is not None and key not in keys:
            raise ChartError(shown, lineno, key_column, key, f"unknown row; expected one of {', '.join(keys)}")
        if has_source:
            tags = _parse_source(shown, lineno, record[-1], columns)
        else:
            tags = {c: f"user:{path.name}" for c in columns}
        rows[key] = {c: Cell(record[i + 1].strip(), lineno, c, tags[c]) for i, c in enumerate(columns)}
        if not key:
            raise ChartError(shown, lineno, key_column, "", "empty cell; every row needs its " + repr(key_column))
        for c, cell in rows[key].items():
            if not cell.text and c not in blank:
                raise ChartError(shown, lineno, c, "", "empty cell; write a value (a chart writes '-' for none)")
        row_lines[key] = lineno
    if keys is not None:
        missing = [k for k in keys if k not in rows]
        if missing:
            raise ChartError(shown, None, key_column, None, f"missing rows: {', '.join(missing)}")
    return Table(shown, columns, key_column, rows, row_lines, hashlib.sha256(text.raw).hexdigest())


def parse_number_set(text: str, limit: int = 10_000) -> list[int] | None:
    """Parse ``"1-7"``, ``"5,6,7,8"``, ``"3-8,11"``, ``"100"`` into sorted ints.

    ``"-"`` or an empty cell is the empty set.  Returns ``None`` when the text
    is not of that form (ASCII digits only; a number above ``limit``, a range
    written high to low or a number given twice is not of that form): the
    caller reports the error with its location.
    """
    t = text.strip()
    if t in ("", "-", "—"):
        return []
    out: list[int] = []

    def num(s: str) -> int | None:
        try:
            v = integer(s, 0, limit, signed=False)
        except FieldError:
            return None
        return v if s.strip() == s else None

    for part in t.split(","):
        part = part.strip()
        if "-" in part[1:]:
            i = part.index("-", 1)
            a, b = num(part[:i].strip()), num(part[i + 1:].strip())
            if a is None or b is None or a > b:
                return None
            out.extend(range(a, b + 1))
        elif (v := num(part)) is not None:
            out.append(v)
        else:
            return None
    if len(set(out)) != len(out):
        return None
    return sorted(out)


def format_number_set(values) -> str:
    """Inverse of :func:`parse_number_set`: ``[1,2,3,7]`` -> ``"1-3,7"``; empty -> ``"-"``."""
    v = sorted(values)
    if not v:
        return "-"
    parts, start, prev = [], v[0], v[0]
    for x in v[1:] + [None]:
        if x is not None and x == prev + 1:
            prev = x
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if x is not None:
            start = prev = x
    return ",".join(parts)
