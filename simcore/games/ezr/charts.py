"""The EZR quick-play charts: loading, validation and compilation to kernel arrays.

Six tables ship in ``data/`` (see docs/ezr.md for each transcription and
reconstruction).  Any of them can be replaced by a user's own complete file::

    charts = load_charts(goals="my_goals.csv")

Validation errors (:class:`simcore.charts.ChartError`) name the file, line,
column and the offending text.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from simcore.charts import ChartError, Table, parse_number_set, read_table
from simcore.errors import InputError
from simcore.textio import FieldError, Range, integer

OFF_LETTERS = ("AA", "A", "B", "C", "D", "E", "F", "G", "H")
DEF_LETTERS = tuple("ABCDEFGHIJ")
SHOOTER_LETTERS = tuple("ABCDE")
GOALIE_SO_LETTERS = tuple("abcde")
EZR_LINES = tuple(range(10, -8, -1))
GOAL_COLUMNS = ("0", "1", "2", "3", "4", "d6", "??")
OT_COLUMNS = ("WIN", "LOSS", "TIE or SO")
QQ_COLUMNS = ("name", "effect", "value", "p3_name", "p3_effect", "p3_value")
#: The ?? chart's columns that may be left empty: a roll without a Period 3 variant, and a value of an effect
#: that takes none (``none``, ``pulled_goalie``...; the effect's own check says which need one).
QQ_BLANK = ("value", "p3_name", "p3_effect", "p3_value")
#: An EZ Rating cell: a line of the Goals Scored table.
EZR_RANGE = Range(min(EZR_LINES), max(EZR_LINES), "an EZR (a line of the Goals Scored table, such as +3, 0 or -2)")
#: The roll modifier of an injury, roll_modifier or shuffle_lines ?? entry (added to a d100 roll).
QQ_MODIFIER = Range(-99, 99, "a roll modifier (such as -10)")

#: Goals-table column codes in the compiled arrays: 0-4 goals, then d6 and ??.
COL_D6, COL_QQ = 5, 6
#: Overtime codes.
OT_WIN, OT_LOSS, OT_TIE = 0, 1, 2

#: ?? effect vocabulary (the ``effect`` column); the code is what the kernel sees.
EFFECTS = {
    "none": 0,            # no effect: roll again on the Goals Scored table
    "hot_goalie": 1,      # value: opposing goalie DEF letters it applies to; all goals of the period are taken away
    "injury": 2,          # value: roll modifier for the rest of the game
    "review": 3,          # value: 2d6 results that add a goal (the rest take one away)
    "roll_modifier": 4,   # value: roll modifier for the rest of the period
    "shuffle_lines": 5,   # value: modifier of the optional re-roll
    "breakaway": 6,       # value: 'shootout-table' (the shot is read on the Shoot Out table)
}
DATA_FILES = {
    "ez_rating": "ez_rating.csv",
    "goals": "goals.csv",
    "overtime": "overtime.csv",
    "qq": "qq_chart.csv",
    "shootout": "shootout.csv",
    "shooter_id": "shooter_id.csv",
}
QQ_BLANK_FILE = "qq_chart_blank.csv"


def data_path(name: str) -> Path:
    """Path of a shipped data file."""
    return Path(str(resources.files("simcore.games.ezr") / "data" / name))


def _ezr_key(text: str) -> str:
    t = text.strip()
    try:
        v = integer(t, -99, 99)
    except FieldError:
        return t
    return f"{v:+d}" if v else "0"


def _line_keys():
    return [f"{e:+d}" if e else "0" for e in EZR_LINES]


def _int_cell(table: Table, key: str, col: str) -> int:
    try:
        return EZR_RANGE.parse(table.cell(key, col).text)
    except FieldError as exc:
        raise table.error(key, col, str(exc)) from None


def _partition(table: Table, key: str, columns, lo: int, hi: int) -> np.ndarray:
    """Read a row of number sets that must cover ``lo..hi`` exactly once; returns column index per number."""
    owner = np.full(hi + 1, -1, dtype=np.int8)
    for ci, col in enumerate(columns):
        values = parse_number_set(table.cell(key, col).text)
        if values is None:
            raise table.error(key, col, "expected numbers or ranges such as '1-7' or '3-8,11' (or '-' for none)")
        for v in values:
            if not lo <= v <= hi:
                raise table.error(key, col, f"{v} is outside {lo}-{hi}")
            if owner[v] >= 0:
                raise table.error(key, col, f"{v} is also in column {columns[owner[v]]!r} (overlap)")
            owner[v] = ci
    missing = [v for v in range(lo, hi + 1) if owner[v] < 0]
    if missing:
        from simcore.charts import format_number_set
        v = missing[0]
        # blame the cell that should have reached the missing number: the one holding its neighbour
        near = [u for u in (v - 1, v + 1) if lo <= u <= hi and owner[u] >= 0]
        col = columns[owner[near[0]]] if near else columns[0]
        raise table.error(key, col, f"row {key!r} does not cover {format_number_set(missing)} (gap in {lo}-{hi})")
    return owner


@dataclass(frozen=True, eq=False)
class QQEntry:
    """One ?? chart result for one period kind (periods 1-2, or period 3)."""

    roll: int
    name: str
    effect: str
    value: str
    code: int
    amount: int = 0          # modifier for injury / roll_modifier / shuffle_lines
    mask: int = 0            # hot_goalie: DEF-letter bitmask; review: 2d6 bitmask of YES results


@dataclass(frozen=True, eq=False)
class Charts:
    """All EZR charts, validated, with provenance and compiled kernel arrays.

    Compiled arrays (read-only):

    * ``ez``: int64 ``(9, 10)`` EZR by [OFF index, DEF index];
    * ``goals_col``: int8 ``(18, 101)`` goals-table column code by [line, roll 1..100]
      (line 0 is EZR +10, line 17 is EZR -7; index 0 unused);
    * ``ot_col``: int8 ``(18, 101)`` overtime code by [line, roll];
    * ``qq_code``, ``qq_amount``, ``qq_mask``: ``(2, 13)`` by [period kind (0: periods 1-2, 1: period 3), 2d6];
    * ``so_mask``: int64 ``(5, 5)`` 2d6 bitmask of goals by [shooter, goalie].
    """

    tables: dict[str, Table]
    ez: np.ndarray
    goals_col: np.ndarray
    ot_col: np.ndarray
    qq: tuple[tuple[QQEntry, ...], tuple[QQEntry, ...]]
    qq_code: np.ndarray
    qq_amount: np.ndarray
    qq_mask: np.ndarray
    so_mask: np.ndarray
    shooter_id: tuple[tuple[str, ...], ...]
    injury_amount: int
    shuffle_amount: int
    #: the shipped ?? chart these charts hold, by how its unprinted results 8-12 are filled ("mirror", "blank":
    #: the Rules field ``qq_unprinted``), or "" for a ?? chart of the user's
    qq_shipped: str = ""

    def for_rules(self, qq_unprinted: str) -> Charts:
        """These charts with the shipped ?? chart that ``qq_unprinted`` names, when they hold the other one; a ?? chart
        of the user's fills results 8-12 itself and stays."""
        if not self.qq_shipped or self.qq_shipped == qq_unprinted:
            return self
        d = default_charts(qq_unprinted)
        return dataclasses.replace(self, tables={**self.tables, "qq": d.tables["qq"]}, qq=d.qq, qq_code=d.qq_code,
                                   qq_amount=d.qq_amount, qq_mask=d.qq_mask, injury_amount=d.injury_amount,
                                   shuffle_amount=d.shuffle_amount, qq_shipped=qq_unprinted)

    def provenance(self) -> dict:
        """Per table: file, sha256 and the cells that were reconstructed."""
        return {
            name: {"file": t.path, "sha256": t.sha256, "reconstructed": t.reconstructed()}
            for name, t in self.tables.items()
        }

    def line(self, ezr: int) -> int:
        """Row index of an EZR line in the compiled arrays."""
        if ezr not in EZR_LINES:
            raise InputError(f"EZR {ezr} is not a line of the Goals Scored table (+10 .. -7)")
        return 10 - ezr


def _load_ez(path) -> tuple[Table, np.ndarray]:
    t = read_table(path, "TEAM OFF", list(DEF_LETTERS), list(OFF_LETTERS))
    ez = np.zeros((len(OFF_LETTERS), len(DEF_LETTERS)), dtype=np.int64)
    for i, off in enumerate(OFF_LETTERS):
        for j, d in enumerate(DEF_LETTERS):
            v = _int_cell(t, off, d)
            if v not in EZR_LINES:
                raise t.error(off, d, "EZR must be a line of the Goals Scored table, +10 .. -7")
            ez[i, j] = v
    return t, ez


def _load_goals(path) -> tuple[Table, np.ndarray]:
    t = _read_lines(path, "EZR", list(GOAL_COLUMNS))
    arr = np.zeros((len(EZR_LINES), 101), dtype=np.int8)
    for li, key in enumerate(_line_keys()):
        if parse_number_set(t.cell(key, "??").text) not in ([100], None):
            raise t.error(key, "??", "the ?? column must be exactly 100 ('When you roll 100')")
        arr[li] = _partition(t, key, GOAL_COLUMNS, 1, 100)
        arr[li, 0] = 0
    return t, arr


def _load_ot(path) -> tuple[Table, np.ndarray]:
    t = _read_lines(path, "EZR", list(OT_COLUMNS))
    arr = np.zeros((len(EZR_LINES), 101), dtype=np.int8)
    for li, key in enumerate(_line_keys()):
        arr[li] = _partition(t, key, OT_COLUMNS, 1, 100)
        arr[li, 0] = 0
    return t, arr


def _read_lines(path, key_col, columns) -> Table:
    t = read_table(path, key_col, columns)
    # Accept '10' for '+10'; then demand exactly the 18 EZR lines.
    rows = {}
    for key, cells in t.rows.items():
        k = _ezr_key(key)
        if k not in _line_keys():
            raise ChartError(t.path, t.row_lines[key], key_col, key, "unknown EZR line; lines are +10 .. -7")
        if k in rows:
            raise ChartError(t.path, t.row_lines[key], key_col, key, f"EZR line {k} appears twice")
        rows[k] = cells
    missing = [k for k in _line_keys() if k not in rows]
    if missing:
        raise ChartError(t.path, None, key_col, None, f"missing EZR lines: {', '.join(missing)}")
    t.rows = rows
    t.row_lines = {_ezr_key(k): v for k, v in t.row_lines.items()}
    return t


def _qq_entry(t: Table, key: str, roll: int, cols) -> QQEntry:
    name_c, eff_c, val_c = cols
    name = t.cell(key, name_c).text
    eff = t.cell(key, eff_c).text
    val = t.cell(key, val_c).text
    if eff not in EFFECTS:
        raise t.error(key, eff_c, f"unknown effect; effects: {', '.join(EFFECTS)}")
    code, amount, mask = EFFECTS[eff], 0, 0
    if eff in ("injury", "roll_modifier", "shuffle_lines"):
        try:
            amount = QQ_MODIFIER.parse(val)
        except FieldError as exc:
            raise t.error(key, val_c, f"{exc} (the {eff} effect's value)") from None
    elif eff == "hot_goalie":
        letters = val.replace(",", "").replace(" ", "")
        if not letters or any(ch not in DEF_LETTERS for ch in letters):
            raise t.error(key, val_c, "hot_goalie needs goalie DEF letters A-J, e.g. ABCDE")
        for ch in letters:
            mask |= 1 << DEF_LETTERS.index(ch)
    elif eff == "review":
        s = parse_number_set(val)
        if not s or any(not 2 <= v <= 12 for v in s):
            raise t.error(key, val_c, "review needs the 2d6 results that add a goal, e.g. 2-8")
        for v in s:
            mask |= 1 << v
    elif eff == "breakaway":
        if val != "shootout-table":
            raise t.error(key, val_c, "breakaway is read on the Shoot Out table: write 'shootout-table'")
    elif eff == "none" and val:
        raise t.error(key, val_c, "effect 'none' takes no value")
    return QQEntry(roll, name, eff, val, code, amount, mask)


def _load_qq(path):
    t = read_table(path, "2D6", list(QQ_COLUMNS), [str(r) for r in range(2, 13)], blank=QQ_BLANK)
    periods12, period3 = [], []
    for roll in range(2, 13):
        key = str(roll)
        e12 = _qq_entry(t, key, roll, ("name", "effect", "value"))
        if t.cell(key, "p3_effect").text:
            e3 = _qq_entry(t, key, roll, ("p3_name", "p3_effect", "p3_value"))
        else:
            for c in ("p3_name", "p3_value"):
                if t.cell(key, c).text:
                    raise t.error(key, c, "a Period 3 name or value needs a p3_effect")
            e3 = e12
        periods12.append(e12)
        period3.append(e3)
    code = np.zeros((2, 13), dtype=np.int64)
    amount = np.zeros((2, 13), dtype=np.int64)
    mask = np.zeros((2, 13), dtype=np.int64)
    for k, entries in enumerate((periods12, period3)):
        for e in entries:
            code[k, e.roll], amount[k, e.roll], mask[k, e.roll] = e.code, e.amount, e.mask
    # The exact engine tracks injuries and pending shuffles by count, so each kind
    # must carry one modifier throughout the chart.
    injury_amount = shuffle_amount = None
    for k, entries in enumerate((periods12, period3)):
        for e in entries:
            col = ("value", "p3_value")[k] if k and t.cell(str(e.roll), "p3_effect").text else "value"
            if e.effect == "injury":
                if injury_amount not in (None, e.amount):
                    raise t.error(str(e.roll), col, "every injury entry must carry the same modifier")
                injury_amount = e.amount
            if e.effect == "shuffle_lines":
                if shuffle_amount not in (None, e.amount):
                    raise t.error(str(e.roll), col, "every shuffle_lines entry must carry the same modifier")
                shuffle_amount = e.amount
    return t, (tuple(periods12), tuple(period3)), code, amount, mask, injury_amount or 0, shuffle_amount or 0


def _load_shootout(path):
    t = read_table(path, "SHOOTER", list(GOALIE_SO_LETTERS), list(SHOOTER_LETTERS))
    mask = np.zeros((5, 5), dtype=np.int64)
    for i, s in enumerate(SHOOTER_LETTERS):
        for j, g in enumerate(GOALIE_SO_LETTERS):
            values = parse_number_set(t.cell(s, g).text)
            if values is None:
                raise t.error(s, g, "expected 2d6 results such as '5,6,7,8' or '3-8,11' (or '-' for none)")
            for v in values:
                if not 2 <= v <= 12:
                    raise t.error(s, g, f"{v} is not a 2d6 result (2-12)")
                mask[i, j] |= 1 << v
    return t, mask


def _load_shooter_id(path):
    cols = [str(c) for c in range(1, 7)]
    t = read_table(path, "ROW", cols, [str(r) for r in range(2, 13)])
    grid = []
    for r in range(2, 13):
        row = []
        for c in cols:
            text = t.cell(str(r), c).text
            if text != "RARE" and not (len(text) == 1 and "A" <= text <= "Z"):
                raise t.error(str(r), c, "expected a roster letter A-Z or RARE")
            row.append(text)
        grid.append(tuple(row))
    return t, tuple(grid)


def load_charts(*, ez_rating=None, goals=None, overtime=None, qq=None, shootout=None, shooter_id=None,
                qq_unprinted: str = "mirror") -> Charts:
    """Load and validate the charts; any argument given is a user file replacing the shipped one.

    ``qq_unprinted`` picks the shipped ?? chart when ``qq`` is not given
    ("mirror" or "blank", the Rules field of the same name).
    """
    paths = {k: data_path(v) for k, v in DATA_FILES.items()}
    if qq_unprinted == "blank":
        paths["qq"] = data_path(QQ_BLANK_FILE)
    elif qq_unprinted != "mirror":
        raise InputError(f"qq_unprinted must be 'mirror' or 'blank', got {qq_unprinted!r}")
    given = dict(ez_rating=ez_rating, goals=goals, overtime=overtime, qq=qq, shootout=shootout,
                 shooter_id=shooter_id)
    for k, v in given.items():
        if v is not None:
            paths[k] = Path(v)
    ez_t, ez = _load_ez(paths["ez_rating"])
    g_t, goals_col = _load_goals(paths["goals"])
    ot_t, ot_col = _load_ot(paths["overtime"])
    qq_t, qq, qq_code, qq_amount, qq_mask, inj, shuf = _load_qq(paths["qq"])
    so_t, so_mask = _load_shootout(paths["shootout"])
    id_t, grid = _load_shooter_id(paths["shooter_id"])
    tables = {"ez_rating": ez_t, "goals": g_t, "overtime": ot_t, "qq": qq_t, "shootout": so_t, "shooter_id": id_t}
    for a in (ez, goals_col, ot_col, qq_code, qq_amount, qq_mask, so_mask):
        a.setflags(write=False)
    return Charts(tables, ez, goals_col, ot_col, qq, qq_code, qq_amount, qq_mask, so_mask, grid, inj, shuf,
                  "" if given["qq"] is not None else qq_unprinted)


@lru_cache(maxsize=4)
def default_charts(qq_unprinted: str = "mirror") -> Charts:
    """The shipped charts (cached)."""
    return load_charts(qq_unprinted=qq_unprinted)
