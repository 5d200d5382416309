"""The Pass & Score board as a graph, read from ``data/board.toml`` (or a user's own board file).

The rulebook describes the board's markings in words only, so the board is data: a lattice of circles (rows along
the ice, columns across it; a board file may leave circles out), the eight directions a player moves in (which also
give the straight lines passes and shots travel along), and the marked circles and lines, each table tagged with its
``source`` (``rulebook:<heading>`` or ``reconstructed:<method>``) and the rulebook's words (``quote``).
docs/passscore.md, "The board", describes the shipped reconstruction.

Coordinates: a circle is ``[row, column]``; row 0 is the home (red) team's goal end and the home team attacks toward
higher rows, the visitors toward row 0.  Circles are numbered ``0 .. N-1`` row by row (:attr:`Board.index`).
Teams: 0 home (red), 1 away.  Slots: :data:`SLOTS` (0 the goalkeeper).

Errors in a board file are :class:`simcore.charts.ChartError` naming the file, the line, the key and the offending
text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simcore.charts import ChartError
from simcore.checks import is_whole
from simcore.errors import InputError
from simcore.textio import FieldError, Range, as_path, read_toml

DATA = Path(__file__).parent / "data"
DEFAULT_BOARD = DATA / "board.toml"

SLOTS = ("goalkeeper", "centre", "left_wing", "right_wing", "left_defence", "right_defence")
N_SLOTS = len(SLOTS)
TEAMS = ("home", "away")
LINE_KINDS = ("blue", "centre", "icing")

ROWS = Range(5, 60, "rows")
COLUMNS = Range(3, 30, "columns")
STEP = Range(-1, 1, "a direction step")

_KEYS = {
    "board": ("name", "source", "rows", "columns", "missing"),
    "adjacency": ("source", "quote", "directions"),
    "goal": ("team", "source", "quote", "circles"),
    "crease": ("team", "source", "quote", "circles"),
    "shaded": ("team", "source", "quote", "circles"),
    "start": ("team", "source", "quote", "circles"),
    "line": ("kind", "team", "source", "quote", "after"),
    "red_dots": ("source", "quote", "circles"),
    "slide": ("source", "quote", "ends"),
}
_SOURCE = re.compile(r"(rulebook|reconstructed):[^;]+(; *(rulebook|reconstructed):[^;]+)*")


def _ro(a) -> np.ndarray:
    a = np.ascontiguousarray(a)
    a.setflags(write=False)
    return a


@dataclass(frozen=True, eq=False)
class Board:
    """A board (see the module docstring for coordinates).  Arrays are read-only int64 unless said.

    ``rc (N, 2)`` each circle's [row, column]; ``index (rows, columns)`` the circle at each place or -1;
    ``dirs (8, 2)`` the eight [drow, dcolumn] steps; ``nbr (N, 8)`` the neighbour in each direction or -1;
    ``goal (2, 3)`` / ``crease (2, 3)`` the circles of team t's goal and crease; ``goal_of`` / ``crease_of`` /
    ``shade_of (N,)`` the team whose goal, crease or shooting circle it is (-1 none; a shaded circle of team t is
    where team 1-t shoots at t's goal from); ``start (2, 6)`` the X circles by team and slot; ``dots (D,)`` the red
    face-off dots; ``blue (2,)`` / ``icing (2,)`` the row after which team t's blue / icing line runs; ``centre``
    likewise; ``slide_ends (S, 2)``, ``slide_path (S, L)`` the circles of each slide line from end 0 to end 1
    (-1 padded), ``slide_len (S,)``, ``slide_of (N,)`` the slide line a circle is an end of (-1).  ``provenance``:
    element -> source tag; ``quotes``: element -> the rulebook's words; ``path``: the file read.
    """

    name: str
    rows: int
    columns: int
    rc: np.ndarray
    index: np.ndarray
    dirs: np.ndarray
    nbr: np.ndarray
    goal: np.ndarray
    crease: np.ndarray
    goal_of: np.ndarray
    crease_of: np.ndarray
    shade_of: np.ndarray
    start: np.ndarray
    dots: np.ndarray
    blue: np.ndarray
    icing: np.ndarray
    centre: int
    slide_ends: np.ndarray
    slide_path: np.ndarray
    slide_len: np.ndarray
    slide_of: np.ndarray
    provenance: dict = field(default_factory=dict)
    quotes: dict = field(default_factory=dict)
    path: str = ""

    @property
    def n(self) -> int:
        return int(self.rc.shape[0])

    def circle(self, row: int, column: int) -> int:
        """The index of the circle at [row, column] (ValueError when there is none)."""
        whole = all(is_whole(v) for v in (row, column))
        if not whole or not (0 <= row < self.rows and 0 <= column < self.columns) or self.index[row, column] < 0:
            raise InputError(f"no circle at [{row}, {column}]")
        return int(self.index[row, column])

    def reconstructed(self) -> list[str]:
        """The elements whose source includes a reconstruction."""
        return [k for k, v in self.provenance.items() if "reconstructed" in v]

    def arrays(self) -> tuple:
        """The kernel's board arrays, in the order of :data:`.kernel.layout.BOARD_FIELDS`."""
        lines = np.array([self.blue[0], self.blue[1], self.centre, self.icing[0], self.icing[1]], np.int64)
        return (self.rc, self.nbr, self.goal, self.crease, self.goal_of, self.crease_of, self.shade_of, self.start,
                self.dots, lines, self.slide_path, self.slide_len, self.slide_of)


class _Reader:
    """Checks and locates values of a board file (arrays of tables are numbered: ``goal[1].circles``)."""

    def __init__(self, toml):
        self.t = toml

    def line(self, table: str, k: int | None, key: str | None) -> int | None:
        lines = self.t.text.split("\n")
        head = re.compile(r"\s*\[\[\s*" + re.escape(table) + r"\s*\]\]" if k is not None
                          else r"\s*\[\[?\s*" + re.escape(table) + r"\s*\]\]?")     # [t], or [[t]] where [t] belongs
        seen = -1
        inside = False
        for i, ln in enumerate(lines, start=1):
            if re.match(r"\s*\[", ln):
                inside = False
                if head.match(ln):
                    seen += 1
                    if k is None or seen == k:
                        inside = True
                        if key is None:
                            return i
            elif inside and key is not None and re.match(r"\s*" + re.escape(key) + r"\s*=", ln):
                return i
        return None

    def error(self, table, k, key, value, problem):
        where = table if k is None else f"{table}[{k}]"
        shown = None if value is None else (value if isinstance(value, str) else repr(value))
        at = self.line(table, k, key)
        if at is None and key is not None:     # a key the table lacks: its table's line
            at = self.line(table, k, None)
        return ChartError(self.t.path, at, f"{where}.{key}" if key else where, shown, problem, field="key")


def _table(r: _Reader, doc: dict, name: str, many: bool):
    if name not in doc:
        raise ChartError(r.t.path, None, name, None, f"missing table [{'[' + name + ']' if many else name}]",
                         field="key")
    v = doc[name]
    items = v if many else [v]
    if many and not isinstance(v, list) or not all(isinstance(x, dict) for x in items):
        raise ChartError(r.t.path, r.line(name, None, None), name, None,
                         f"must be {'an array of tables [[' + name + ']]' if many else 'a table [' + name + ']'}",
                         field="key")
    for k, it in enumerate(items):
        for key in it:
            if key not in _KEYS[name]:
                raise r.error(name, k if many else None, key, key,
                              f"unknown key; keys: {', '.join(_KEYS[name])}")
        src = it.get("source")
        if src is None:
            raise r.error(name, k if many else None, "source", None,
                          "missing key source: 'rulebook:<heading>' or 'reconstructed:<method>' (where the element "
                          "comes from)")
        if not isinstance(src, str) or not _SOURCE.fullmatch(src.strip()):
            raise r.error(name, k if many else None, "source", src,
                          "source must be 'rulebook:<heading>' or 'reconstructed:<method>' (several joined by ';')")
        q = it.get("quote", "")
        if not isinstance(q, str):
            raise r.error(name, k if many else None, "quote", q, "quote must be a string")
    return items


def _straight(a, b) -> bool:
    """Whether two places ([row, column]) lie on one row, column or diagonal, as a pass or a shot travels."""
    dy, dx = int(b[0] - a[0]), int(b[1] - a[1])
    return (dy, dx) != (0, 0) and (dy == 0 or dx == 0 or abs(dy) == abs(dx))


def load_board(path=None) -> Board:
    """Read and check a board file (default: the shipped ``data/board.toml``)."""
    path = DEFAULT_BOARD if path is None else as_path(path, "a board file")
    t = read_toml(path)
    r = _Reader(t)
    doc = t.doc
    for key in doc:
        if key not in _KEYS:
            raise r.error(key, None, None, key, f"unknown table; tables: {', '.join(_KEYS)}")
    prov, quotes = {}, {}

    def note(name, item):
        prov[name] = item["source"].strip()
        if item.get("quote"):
            quotes[name] = item["quote"]

    (b,) = _table(r, doc, "board", False)
    note("board", b)

    def rng(table, k, key, value, spec):
        try:
            return spec.check(value)
        except FieldError as exc:
            raise r.error(table, k, key, value, str(exc)) from None

    for key in ("rows", "columns"):
        if key not in b:
            raise r.error("board", None, key, None, f"missing key {key!r}")
    rows = rng("board", None, "rows", b["rows"], ROWS)
    cols = rng("board", None, "columns", b["columns"], COLUMNS)
    name = b.get("name", "board")
    if not isinstance(name, str):
        raise r.error("board", None, "name", name, "must be a string")

    def cells(table, k, key, value, count=None):
        """A list of [row, column] pairs of circles."""
        if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in p) for p in value):
            raise r.error(table, k, key, value, "must be a list of [row, column] pairs of whole numbers")
        if count is not None and len(value) != count:
            raise r.error(table, k, key, value, f"must list exactly {count} circles, got {len(value)}")
        out, seen = [], set()
        for p in value:
            if not (0 <= p[0] < rows and 0 <= p[1] < cols):
                raise r.error(table, k, key, value, f"[{p[0]}, {p[1]}] is off the board ({rows} rows, {cols} "
                              "columns)")
            if index is not None and index[p[0], p[1]] < 0:
                raise r.error(table, k, key, value, f"[{p[0]}, {p[1]}] is not a circle (listed as missing)")
            if (p[0], p[1]) in seen:
                raise r.error(table, k, key, value, f"[{p[0]}, {p[1]}] is listed twice")
            seen.add((p[0], p[1]))
            out.append(int(index[p[0], p[1]]) if index is not None else None)
        return out

    index = None
    cells("board", None, "missing", b.get("missing", []))
    index = np.zeros((rows, cols), np.int64)
    for p in b.get("missing", []):
        index[p[0], p[1]] = -1
    ids = np.argwhere(index == 0)
    index[:] = -1
    for i, (y, x) in enumerate(ids):
        index[y, x] = i
    rc = ids.astype(np.int64)
    n = len(rc)

    (adj,) = _table(r, doc, "adjacency", False)
    note("adjacency", adj)
    dirs = adj.get("directions")
    if not isinstance(dirs, list) or len(dirs) != 8 or not all(
            isinstance(d, list) and len(d) == 2 and all(isinstance(v, int) and not isinstance(v, bool) and
                                                         -1 <= v <= 1 for v in d) for d in dirs):
        raise r.error("adjacency", None, "directions", dirs, "must be 8 [drow, dcolumn] steps, each -1, 0 or 1")
    if len({tuple(d) for d in dirs}) != 8 or [0, 0] in dirs:
        raise r.error("adjacency", None, "directions", dirs, "must be the 8 different non-zero steps")
    for i, d in enumerate(dirs):
        if [-d[0], -d[1]] != dirs[(i + 4) % 8]:
            raise r.error("adjacency", None, "directions", dirs, "direction i + 4 must be the reverse of "
                          f"direction i (direction {i} is {d})")
    dirs = np.array(dirs, np.int64)
    nbr = np.full((n, 8), -1, np.int64)
    for i, (y, x) in enumerate(rc):
        for d, (dy, dx) in enumerate(dirs):
            yy, xx = y + dy, x + dx
            if 0 <= yy < rows and 0 <= xx < cols:
                nbr[i, d] = index[yy, xx]

    def per_team(name, count):
        """Each team's circles of the array of tables ``name``, and where in the file each team's table is."""
        items = _table(r, doc, name, True)
        out = [None, None]
        at = [None, None]
        for k, it in enumerate(items):
            team = it.get("team")
            if team not in TEAMS:
                raise r.error(name, k, "team", team, f"team must be one of {', '.join(TEAMS)}")
            t = TEAMS.index(team)
            if out[t] is not None:
                raise r.error(name, k, "team", team, f"a second [[{name}]] for team {team}")
            if "circles" not in it:
                raise r.error(name, k, "circles", None, "missing key 'circles'")
            out[t] = cells(name, k, "circles", it["circles"], count)
            at[t] = k
            note(f"{name}.{team}", it)
        for t in range(2):
            if out[t] is None:
                raise ChartError(t_path, None, name, None, f"no [[{name}]] for team {TEAMS[t]}", field="key")
        return out, at

    t_path = t.path
    goal, goal_at = per_team("goal", 3)
    crease, crease_at = per_team("crease", 3)
    shaded, shaded_at = per_team("shaded", None)
    start, start_at = per_team("start", N_SLOTS)
    goal_of = np.full(n, -1, np.int64)
    crease_of = np.full(n, -1, np.int64)
    shade_of = np.full(n, -1, np.int64)
    for t in range(2):
        for c in goal[t]:
            if goal_of[c] >= 0:
                raise r.error("goal", goal_at[t], "circles", None, f"circle {rc[c].tolist()} is in both goals")
            goal_of[c] = t
    for t in range(2):
        for c in crease[t]:
            if goal_of[c] >= 0 or crease_of[c] >= 0:
                raise r.error("crease", crease_at[t], "circles", None, f"circle {rc[c].tolist()} is already a goal "
                              "or crease circle")
            crease_of[c] = t
    for t in range(2):
        # "three in goal" and "three circles immediately in front of goal": a goal is one piece, its crease beside it
        for c in goal[t]:
            if not any(goal_of[b] == t for b in nbr[c] if b >= 0):
                raise r.error("goal", goal_at[t], "circles", None, f"circle {rc[c].tolist()} touches no other circle "
                              "of its goal: a goal's three circles must hang together")
        for c in crease[t]:
            if not any(goal_of[b] == t for b in nbr[c] if b >= 0):
                raise r.error("crease", crease_at[t], "circles", None, f"circle {rc[c].tolist()} is not next to its "
                              "team's goal: the crease is \"immediately in front of goal\"")
        if not shaded[t]:
            raise r.error("shaded", shaded_at[t], "circles", None, "no shaded circle: no shot could ever be taken at "
                          "this goal (\"Shaded Blue Circles are the only positions from which a scoring shot may be "
                          "made\")")
        for c in shaded[t]:
            if goal_of[c] >= 0:
                raise r.error("shaded", shaded_at[t], "circles", None, f"circle {rc[c].tolist()} is a goal circle")
            if shade_of[c] >= 0:
                raise r.error("shaded", shaded_at[t], "circles", None, f"circle {rc[c].tolist()} is shaded for both "
                              "goals")
            shade_of[c] = t
        # a shot travels "in a straight line": a row, a column or a diagonal from a shaded circle to a goal circle
        if not any(_straight(rc[a], rc[g]) for a in shaded[t] for g in goal[t]):
            raise r.error("shaded", shaded_at[t], "circles", None, "no shaded circle is on a straight line (a row, a "
                          "column or a diagonal) with a circle of this goal: no shot could ever be taken at it")
    home_rows = np.mean([rc[c][0] for c in goal[0]])
    away_rows = np.mean([rc[c][0] for c in goal[1]])
    if not home_rows < away_rows:
        raise r.error("goal", goal_at[0], "circles", None, f"the home goal (rows {home_rows:g} on average) must be "
                      f"below the away goal ({away_rows:g}): the home team attacks toward higher rows")
    for t in range(2):
        if goal_of[start[t][0]] != t:
            raise r.error("start", start_at[t], "circles", None, f"the first X circle, {rc[start[t][0]].tolist()}, is "
                          "the goalkeeper's and must be one of his own goal circles")
        for s in range(1, N_SLOTS):
            c = start[t][s]
            if goal_of[c] >= 0 or crease_of[c] >= 0:
                raise r.error("start", start_at[t], "circles", None, f"a skater's X circle {rc[c].tolist()} is in a "
                              "goal or crease")
    both = set(start[0]) & set(start[1])
    if both:
        raise r.error("start", max(start_at), "circles", None, f"the two teams' X circles overlap at "
                      f"{rc[min(both)].tolist()}")

    lines, line_at = {}, {}
    for k, it in enumerate(_table(r, doc, "line", True)):
        kind = it.get("kind")
        if kind not in LINE_KINDS:
            raise r.error("line", k, "kind", kind, f"kind must be one of {', '.join(LINE_KINDS)}")
        team = it.get("team", "")
        if kind == "centre":
            if team not in ("",):
                raise r.error("line", k, "team", team, "the centre line belongs to no team: team = \"\"")
        elif team not in TEAMS:
            raise r.error("line", k, "team", team, f"team must be one of {', '.join(TEAMS)}")
        after = it.get("after")
        after = rng("line", k, "after", after, Range(0, rows - 2, "after (a row)"))
        key = (kind, team)
        if key in lines:
            raise r.error("line", k, "kind", kind, f"a second {kind} line{' of ' + team if team else ''}")
        lines[key] = after
        line_at[key] = k
        note(f"line.{kind}{'.' + team if team else ''}", it)
    for key in (("blue", "home"), ("blue", "away"), ("centre", ""), ("icing", "home"), ("icing", "away")):
        if key not in lines:
            raise ChartError(t_path, None, "line", None, f"no [[line]] with kind = {key[0]!r}"
                             f"{', team = ' + repr(key[1]) if key[1] else ''}", field="key")
    blue = np.array([lines[("blue", "home")], lines[("blue", "away")]], np.int64)
    icing = np.array([lines[("icing", "home")], lines[("icing", "away")]], np.int64)
    centre = lines[("centre", "")]
    order = (("icing", "home"), ("blue", "home"), ("centre", ""), ("blue", "away"), ("icing", "away"))
    for lo, hi in zip(order, order[1:]):
        if not lines[lo] < lines[hi]:
            k = line_at[lo]
            raise ChartError(t_path, r.line("line", k, "after"), f"line[{k}].after", lines[lo],
                             f"the {' '.join(lo[::-1]).strip()} line (after row {lines[lo]}) must run below the "
                             f"{' '.join(hi[::-1]).strip()} line (line[{line_at[hi]}], after row {lines[hi]}): up the "
                             "board, home icing, home blue, centre, away blue, away icing", field="key")

    (dots_t,) = _table(r, doc, "red_dots", False)
    note("red_dots", dots_t)
    if "circles" not in dots_t:
        raise r.error("red_dots", None, "circles", None, "missing key 'circles'")
    dots = cells("red_dots", None, "circles", dots_t["circles"])
    if not dots:
        raise r.error("red_dots", None, "circles", dots_t["circles"], "at least one red dot")
    for c in dots:
        if not blue[0] < rc[c][0] <= blue[1]:
            raise r.error("red_dots", None, "circles", dots_t["circles"], f"red dot {rc[c].tolist()} is not in the "
                          "centre ice zone (between the blue lines)")

    slides = _table(r, doc, "slide", True) if "slide" in doc else []
    ends, paths = [], []
    slide_of = np.full(n, -1, np.int64)
    on_slide = np.full(n, -1, np.int64)
    for k, it in enumerate(slides):
        if "ends" not in it:
            raise r.error("slide", k, "ends", None, "missing key 'ends'")
        a, b2 = cells("slide", k, "ends", it["ends"], 2)
        (ya, xa), (yb, xb) = rc[a], rc[b2]
        dy, dx = int(np.sign(yb - ya)), int(np.sign(xb - xa))
        if not (ya == yb or xa == xb or abs(yb - ya) == abs(xb - xa)) or max(abs(yb - ya), abs(xb - xa)) < 2:
            raise r.error("slide", k, "ends", it["ends"], "a slide line runs straight (along a row, a column or a "
                          "diagonal) over at least two spaces")
        circles = [int(index[ya + i * dy, xa + i * dx]) for i in range(max(abs(yb - ya), abs(xb - xa)) + 1)]
        if min(circles) < 0:
            raise r.error("slide", k, "ends", it["ends"], "the line crosses a place with no circle")
        for c in circles:
            if on_slide[c] >= 0:
                raise r.error("slide", k, "ends", it["ends"], f"circle {rc[c].tolist()} is on slide line "
                              f"{on_slide[c]} already")
            if goal_of[c] >= 0 or crease_of[c] >= 0:
                raise r.error("slide", k, "ends", it["ends"], f"circle {rc[c].tolist()} is a goal or crease circle")
            on_slide[c] = k
        slide_of[a] = k
        slide_of[b2] = k
        ends.append((a, b2))
        paths.append(circles)
        note(f"slide.{k}", it)
    L = max((len(p) for p in paths), default=1)
    slide_path = np.full((max(len(paths), 1), L), -1, np.int64)
    slide_len = np.zeros(max(len(paths), 1), np.int64)
    for k, p in enumerate(paths):
        slide_path[k, :len(p)] = p
        slide_len[k] = len(p)
    slide_ends = np.array(ends, np.int64).reshape(-1, 2)
    return Board(name, rows, cols, _ro(rc), _ro(index), _ro(dirs), _ro(nbr), _ro(np.array(goal, np.int64)),
                 _ro(np.array(crease, np.int64)), _ro(goal_of), _ro(crease_of), _ro(shade_of),
                 _ro(np.array(start, np.int64)), _ro(np.array(dots, np.int64)), _ro(blue), _ro(icing), int(centre),
                 _ro(slide_ends), _ro(slide_path), _ro(slide_len), _ro(slide_of), prov, quotes, str(path))


# ---------------------------------------------------------------- the board as text

#: how a player is drawn: home skaters by slot (upper case), away skaters (lower case); the carrier in brackets
PIECES = ("GCLRDE", "gclrde")


def draw(board: Board, pos, carrier_team: int = -1, carrier_slot: int = -1) -> str:
    """The board as text, the home goal at the bottom: ``pos (2, 6)`` circle of each player (-1 off the board).
    Home players are upper case, visitors lower case (G goalkeeper, C centre, L/R wings, D/E defence), the puck
    carrier in brackets ``[C]``.  Empty circles: ``#`` goal, ``+`` crease, ``:`` shaded, ``*`` red dot, ``|``
    on a slide line, ``.`` otherwise.  Lines run between rows: ``===`` blue, ``---`` centre, ``~~~`` icing."""
    occ = {}
    for t in range(2):
        for s in range(N_SLOTS):
            c = int(pos[t][s])
            if c >= 0:
                occ[c] = PIECES[t][s], t == carrier_team and s == carrier_slot
    on_slide = set(int(c) for c in board.slide_path.ravel() if c >= 0)
    dots = set(int(c) for c in board.dots)
    out = []
    for y in range(board.rows - 1, -1, -1):
        cells = []
        for x in range(board.columns):
            c = int(board.index[y, x])
            if c < 0:
                cells.append("   ")
            elif c in occ:
                ch, has = occ[c]
                cells.append(f"[{ch}]" if has else f" {ch} ")
            elif board.goal_of[c] >= 0:
                cells.append(" # ")
            elif board.crease_of[c] >= 0:
                cells.append(" + ")
            elif c in dots:
                cells.append(" * ")
            elif board.shade_of[c] >= 0:
                cells.append(" : ")
            elif c in on_slide:
                cells.append(" | ")
            else:
                cells.append(" . ")
        out.append(f"{y:3d} " + "".join(cells))
        if y > 0:
            after = y - 1
            if after in (int(board.blue[0]), int(board.blue[1])):
                out.append("    " + "=" * (3 * board.columns) + " blue")
            elif after == board.centre:
                out.append("    " + "-" * (3 * board.columns) + " centre")
            elif after in (int(board.icing[0]), int(board.icing[1])):
                out.append("    " + "~" * (3 * board.columns) + " icing")
    return "\n".join(out)
