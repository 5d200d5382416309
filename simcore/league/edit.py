"""A league's own data kept by hand: one played result appended (``simcore league add-result``) and a league
checked whole without running anything (``simcore league validate``).

:func:`add_result` builds the new row in the results file's own layout, loads the whole league with the file
plus that row (a candidate written beside it, so every check :func:`~simcore.league.files.load_league` makes
applies: an unknown team, a team playing itself, a game not in the schedule or already played, ...), computes
the standings from it (which refuses a score that contradicts REG/OT/SO) and only then appends the row.  The
earlier rows are never rewritten: the file is opened for append, keeps its column order, line endings and
byte-order mark, and a last line without a newline gets one first.  On any error the file is unchanged.  The
league's first result starts the results file its league file names, when it is not there yet, with
:data:`RESULTS_HEADER`.
"""
from __future__ import annotations

import csv
import io
import os
import re
import tempfile
import tomllib
import warnings
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from simcore.charts import ChartError
from simcore.checks import is_whole
from simcore.deprecation import SimcoreDeprecationWarning
from simcore.errors import InputError
from simcore.outputs import temporary_prefix
from simcore.signals import held
from simcore.textio import Text, split_csv_line

from .files import DECIDED, League, league_file, load_league, read_csv
from .standings import standings

BOM = b"\xef\xbb\xbf"
#: The header of a results file :func:`add_result` starts, when the file the league names is not there yet.
RESULTS_HEADER = "date,home,away,home_goals,away_goals,decided_in,winner,home_goalie,away_goalie\n"


@dataclass
class Added:
    """What :func:`add_result` appended: the results file, the line the row is on, the row as written (one cell
    per column of the file), the league with it and the standings after it."""

    path: Path
    line: int
    row: dict
    league: League
    table: pd.DataFrame


def league_doc(path) -> dict:
    """The keys of a league file (read as text; :func:`load_league` has checked them)."""
    return tomllib.loads(Path(path).read_text(encoding="utf-8-sig"))


def results_path(league_path) -> Path:
    """The played-results file a league file names (``results``), relative to it; the league file read as
    :func:`load_league` reads it, so invalid TOML or a key that is not text is an error naming the file and line."""
    from simcore.textio import read_toml

    league_path = Path(league_path)
    t = read_toml(league_path)
    if "results" not in t.doc:
        raise ChartError(league_path, None, "results", None,
                         'the league file names no results file; add results = "played.csv" (the first result '
                         "starts it)", field="key")
    return league_path.parent / t.str(t.doc, "results")


def _layout(raw: bytes, path: Path):
    """(newline, header, what goes before the new row, number of lines) of a results file (whose bytes are
    appended to as they are, a byte-order mark included): nothing after a final new line, the rest of a ``\r\n``
    cut short at ``\r``, else a whole new line.  Lines are counted as the league's reader counts
    them (:meth:`simcore.textio.Text.lines`: at ``\\n`` only), so the new row's line number is the one a later
    error names."""
    bom = raw.startswith(BOM)
    try:
        text = raw[len(BOM):].decode("utf-8") if bom else raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ChartError(path, None, None, None, f"not UTF-8 text (byte {exc.start})") from None
    # a file whose one line break is a final \r is a \r\n file cut short (the reader splits at \n only)
    cut = text.endswith("\r") and text.count("\r") == 1 and "\n" not in text
    newline = "\r\n" if "\r\n" in text or cut else "\r" if "\r" in text and "\n" not in text else "\n"
    lines = Text(str(path), text, raw).lines()
    for no, line in enumerate(lines, start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            header = [h.strip() for h in split_csv_line(path, no, line)]
            while len(header) > 1 and not header[-1]:      # a spreadsheet's padding, as the reader drops it
                header.pop()
            pad = "" if text.endswith("\n") else "\n" if text.endswith("\r") and newline == "\r\n" else newline
            return newline, header, pad, len(lines)
    raise ChartError(path, None, None, None, "the file has no header line (date,home,away,home_goals,away_goals,"
                     "decided_in)")


def _winner(hg: int, ag: int, decided_in: str, winner: str | None) -> str:
    if winner:
        return winner
    return "home" if hg > ag else "away" if ag > hg else ""


def build_row(header: list[str], path: Path, date: str, home: str, away: str, home_goals: int, away_goals: int,
              decided_in: str, winner: str | None = None, home_goalie: str = "", away_goalie: str = "",
              line: int | None = None) -> dict:
    """The new row, one cell per column of ``header``; columns simcore does not read are left empty.  A value
    given for a column the file lacks is an error saying which column to add (naming ``line``, the new row's line
    to be)."""
    values = {"date": date, "home": home, "away": away, "home_goals": str(home_goals),
              "away_goals": str(away_goals), "decided_in": decided_in}
    for col in values:
        if col not in header:
            raise ChartError(path, line, col, ",".join(header), f"the header has no {col!r} column (nothing was "
                             "added)")
    optional = {"winner": _winner(home_goals, away_goals, decided_in, winner), "home_goalie": home_goalie,
                "away_goalie": away_goalie}
    for col, value in optional.items():
        if col in header:
            values[col] = value
        elif value and not (col == "winner" and winner is None):
            raise ChartError(path, line, col, ",".join(header),
                             f"a {col.replace('_', ' ')} was given but the file has no {col!r} column; add it to "
                             "the header (earlier rows may leave it empty; nothing was added)")
    return {col: values.get(col, "") for col in header}


def _csv_line(row: dict, newline: str) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator=newline).writerow(list(row.values()))
    return buf.getvalue()


def _standings(lg: League, results: Path) -> pd.DataFrame:
    """The league's standings; a played result the standings refuse (a score that contradicts how the game was
    decided) is a ChartError naming the results file and the line."""
    try:
        return standings(lg.results, lg.teams, lg.points, lg.tiebreakers)
    except ValueError as exc:
        head, _, problem = str(exc).partition(": ")
        m = re.fullmatch(r"results row (\d+)", head)
        if not m:
            raise ChartError(results, None, None, None, str(exc)) from None
        pos = int(m.group(1))
        no, row = read_csv(results, ())[pos]
        raise ChartError(results, no, "decided_in", row.get("decided_in"), problem) from None


def add_result(league_path, date: str, home: str, away: str, home_goals: int, away_goals: int,
               decided_in: str = "REG", *, winner: str | None = None, home_goalie: str = "",
               away_goalie: str = "") -> Added:
    """Check one played result against the whole league and append it to the league's results file (see the
    module docstring).  Raises :class:`~simcore.charts.ChartError` (the file unchanged) when it cannot be added."""
    for name, v in (("home_goals", home_goals), ("away_goals", away_goals)):
        if not is_whole(v) or v < 0:
            raise InputError(f"{name} must be a whole number of goals (an int), got {v!r}")
    for name, v in (("date", date), ("home", home), ("away", away), ("decided_in", decided_in),
                    ("home_goalie", home_goalie), ("away_goalie", away_goalie)):
        if not isinstance(v, str):
            raise InputError(f"{name} must be a string, got {v!r}")
    # as the reader strips every cell: " AAA" is the team AAA, and the row says AAA
    date, home, away, decided_in = date.strip(), home.strip(), away.strip(), decided_in.strip()
    home_goalie, away_goalie = home_goalie.strip(), away_goalie.strip()
    league_path = league_file(league_path)
    path = results_path(league_path)
    # the league's first result starts the file it names (in a folder that exists); the league is then read
    # whole with the new file below, as any other result is checked
    start = not os.path.lexists(path) and path.parent.is_dir()
    if start:
        raw = RESULTS_HEADER.encode("utf-8")
    else:
        load_league(league_path)                   # the league as it is reads cleanly
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise ChartError(path, None, None, None, f"cannot read the file ({exc.strerror})") from None
    newline, header, pad, n_lines = _layout(raw, path)
    line = n_lines + 1
    decided_in = decided_in.upper()
    if decided_in not in DECIDED:
        raise ChartError(path, line, "decided_in", decided_in, f"must be one of {', '.join(DECIDED)} (the new "
                         "row; nothing was added)")
    level = decided_in == "SO" and home_goals == away_goals
    if winner is not None and not level:
        raise ChartError(path, line, "winner", winner, f"a winner is given only for a shootout game recorded "
                         f"level; the score {home_goals}-{away_goals} ({decided_in}) says who won (the new row; "
                         "nothing was added)")
    if level and winner is None:
        raise ChartError(path, line, "winner", "", f"a shootout game recorded level ({home_goals}-{away_goals}) "
                         f"needs the shootout winner: --winner home or away, or count the deciding goal in the "
                         f"score ({home_goals + 1}-{away_goals}) (the new row; nothing was added)")
    row = build_row(header, path, date, home, away, home_goals, away_goals, decided_in, winner, home_goalie,
                    away_goalie, line=line)
    suffix = pad + _csv_line(row, newline)
    added = suffix.encode("utf-8")
    tmp = fh = None
    try:
        with held():                # named for the clean-up below, and open, before a Ctrl-C is raised
            fd, tmp = tempfile.mkstemp(prefix=temporary_prefix(path, ".", ".candidate"), suffix=".candidate",
                                       dir=path.parent)
            fh = os.fdopen(fd, "wb")
        with fh:
            fh.write(raw + added)
        try:
            with warnings.catch_warnings():
                if not start:                      # the league's own warnings were given when it was read above
                    warnings.simplefilter("ignore", SimcoreDeprecationWarning)
                lg = load_league(league_path, results=tmp)
            table = _standings(lg, Path(tmp))
        except ChartError as exc:
            if Path(exc.path) != Path(tmp):
                raise
            where = "the new row" if exc.line == line else "an earlier row"
            raise ChartError(path, exc.line, exc.column, exc.text,
                             f"{exc.problem} ({where}; nothing was added)") from None
    finally:
        if fh is not None:
            fh.close()
        if tmp is not None:
            os.unlink(tmp)
    if start:
        from simcore.outputs import keep, replacing

        try:
            with replacing(path) as new:
                new.write_bytes(raw + added)
        except FileExistsError:
            raise ChartError(path, None, None, None, "the file appeared while the result was checked; nothing "
                             "was added, run the command again") from None
        keep(path)          # the league's data now, not an output a later interrupt takes back
        return Added(path, line, row, lg, table)
    if path.stat().st_size != len(raw):
        raise ChartError(path, None, None, None, "the file changed while the result was checked; nothing was "
                         "added, run the command again")
    with open(path, "ab") as fh:
        fh.write(added)
    return Added(path, line, row, lg, table)


@dataclass
class Checked:
    """What :func:`validate` read: the league, its standings, and every file it checked."""

    league: League
    table: pd.DataFrame
    files: list[str]


def validate(league_path) -> Checked:
    """Load a league and every file it names (for a Strat league its card kit, every team's cards and lines),
    compute its standings from the played results and check what a projection checks before it plays
    (:func:`~simcore.league.projection.check_runnable`: e.g. rules that can end a game tied under a points system
    without ties); play nothing.  Raises ChartError on the first problem."""
    from .projection import check_runnable

    league_path = league_file(league_path)
    lg = load_league(league_path)
    doc = league_doc(league_path)
    table = _standings(lg, league_path.parent / doc["results"]) if "results" in doc else _standings(lg, league_path)
    check_runnable(lg)
    files = [str(league_path)]
    for key in ("teams", "goalies", "schedule", "results"):
        if isinstance(doc.get(key), str):
            files.append(str(league_path.parent / doc[key]))
    for key, value in lg.data.items():             # a game's own data with a folder of its own (Strat: the kit)
        if hasattr(value, "path") and hasattr(value, "teams"):
            files.append(f"{value.path} ({key}, {len(value.teams)} teams)")
    return Checked(lg, table, files)
