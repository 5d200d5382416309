"""The Blue Line Hockey board as data: the grid, its lines, creases, nets, face-off spots, gates and boards.

The rulebook's board diagram is not reproduced, so the board is read from ``data/board.toml`` (a user may load
their own file): a few parameters (grid size, the real rink's feet, which line is the blue line, ...) from which
the grid is generated, and an explicit list of the 9 face-off spots, each table with a ``source``
(``rulebook:<heading>`` or ``reconstructed:<method>``; the methods are in docs/blueline.md, "The board").

Coordinates (everyone uses these):

* the board is ``cell[y, x]`` (int8), ``y = 0 .. H-1`` along the ice, ``x = 0 .. W-1`` across; the home team
  (team 0) defends the goal at low ``y`` (half 0) and attacks toward high ``y`` (half 1), the visitors (team 1)
  the reverse; ``+x`` is the home team's right as it attacks, the visitors' left;
* each half numbers its rows by *line* from its own goal line: line 1 is the row in front of the goal line,
  lines 0, -1 are behind it, line ``half_lines`` (20) is next to the red line, which runs between the two halves;
  row ``y`` of half 0 is line ``y - behind + 1``, row ``y`` of half 1 is line ``H - y - behind``;
* a team's attack zone is the opponent's half at lines ``<= blue`` (12); shots are taken from lines
  ``1 .. shot_lines`` (13) of the opponent's half;
* the two halves are point reflections of each other: ``(y, x) -> (H-1-y, W-1-x)`` (:meth:`Board.mirror`).

Cell codes: :data:`OFF` 0 (off the ice: outside the boards, the cut corners), :data:`ICE` 1, :data:`CREASE` 2,
:data:`NET` 3 (impassable).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simcore.charts import ChartError
from simcore.textio import FieldError, Range, read_toml

from .chart import SHOT_LINES

DATA = Path(__file__).parent / "data"
DEFAULT_BOARD = DATA / "board.toml"

OFF, ICE, CREASE, NET = 0, 1, 2, 3
#: ``faceoff_kind`` codes.
CENTER, NEUTRAL, END = 0, 1, 2
FACEOFF_KINDS = ("center", "neutral", "end")
#: Spots per half after the center spot, in this order (left/right from the view of the team defending the half).
FACEOFF_ORDER = (("neutral", "left"), ("neutral", "right"), ("end", "left"), ("end", "right"))
#: The rulebook's face-off distance: "The face-off must always be at least 4 spaces from the goal line and/or
#: boards" (Face-Offs), read as 4 empty squares between the spot and the goal line (along its column) and between
#: the spot and the boards (along its row).
FACEOFF_CLEARANCE = 4

#: ``Board.dims()``: the scalar parameters, in this order (the first array of :meth:`Board.arrays`).
DIM_NAMES = ("width", "height", "half_lines", "behind", "blue", "shot_lines", "gate_line")
#: The arrays :meth:`Board.arrays` returns, in this order.
ARRAY_NAMES = ("dims", "cell", "row_line", "row_half", "inside", "goal", "crease", "faceoff", "faceoff_kind",
               "faceoff_half", "gate", "pull_spot", "corners", "rim", "rim_index", "row3", "first_ice",
               "last_ice", "nearest_spot", "nearest_neutral", "nearest_end")

COLUMNS = Range(7, 61, "columns")
HALF_LINES = Range(15, 40, "half_lines")
BEHIND = Range(1, 5, "behind")
LINE = Range(-5, 40, "a line")
COLUMN = Range(-30, 30, "a column")
HALF = Range(0, 1, "a half")
WIDTH3 = Range(1, 9, "crease width")
ROW = Range(1, 10, "row")

_KEYS = {
    "grid": ("source", "columns", "half_lines", "behind"),
    "rink_feet": ("source", "width", "goal_line_to_red", "corner_radius"),
    "lines": ("source", "blue", "shot_lines"),
    "crease": ("source", "line", "width"),
    "net": ("source", "line"),
    "inside": ("source", "first_line", "last_line", "half_width", "widen_per_line"),
    "penalty_box": ("source", "gate_line", "side"),
    "row3": ("source", "row"),
    "faceoff": ("source", "kind", "half", "line", "column"),
}
#: What the rulebook fixes; a board file must keep these (a variant board may move everything else).
RULEBOOK_CREASE_WIDTH = 3   # Goalie's: "Goalie movements in the crease (3 spaces side to side)"
RULEBOOK_FACEOFFS = 9       # Face-Offs: "There are 9 face-off spots on the ice surface"


def _ro(a) -> np.ndarray:
    a = np.ascontiguousarray(a)
    a.setflags(write=False)
    return a


@dataclass(frozen=True, eq=False)
class Board:
    """The board (see the module docstring for the coordinates).  Arrays are read-only.

    ``cell (H, W) int8`` cell codes; ``row_line (H,) int64`` the line of each row in its half; ``row_half (H,)
    int64`` 0 / 1; ``inside (H, W) bool`` squares from which a shot at that half's goal is an INSIDE shot;
    ``goal (2, 2)`` per half the (y, x) of the middle of the net (shots aim there); ``crease (2, 3, 2)`` per half
    the crease squares (index 1 the middle; half 1's are the mirror of half 0's, index for index);
    ``faceoff (9, 2)`` the spots (0 center, then per half neutral left, neutral right, end left, end right, left
    and right as seen by the team defending that half), ``faceoff_kind (9,)`` 0 center 1 neutral 2 end,
    ``faceoff_half (9,)``; ``gate (2, 2)`` team t's penalty-box gate square (line ``gate_line`` of its own half,
    against the boards of the box side); ``pull_spot (2, 2)`` where team t's pulled goalie enters (line
    ``gate_line`` of its own half, against the boards across the ice); ``corners (2, 2, 2)`` per half the two
    squares "against the boards directly adjacent to the goal line just below line 1" (line 0, the outermost ice
    square on each side, index 0 at low x); ``rim (K, 2)`` the squares along the boards, a closed loop
    (consecutive squares touch; counter-clockwise with y up and x right, starting in half 0's end boards at the
    middle), ``rim_index (H, W)`` the position of a square in ``rim`` or -1; ``row3 (2, H)`` the x of "Row 3"
    (the third square in from the boards) on the low-x side (0) and high-x side (1) of each row;
    ``first_ice``/``last_ice (H,)`` the outermost ice x of each row.  For the face-off spot table (Face-Offs:
    "Nearest Face-off dot in the neutral zone", "Face-off dot nearest the place where the play was stopped", ...):
    ``nearest_spot (H, W)`` the index of the spot nearest each square, ``nearest_neutral (H, W)`` the nearest of
    the 4 neutral-zone spots, ``nearest_end (2, H, W)`` the nearer of half h's two end-zone spots; distances are
    straight-line between square centres, the center spot counted at the red line (so both halves are alike),
    ties to the lower index.  ``provenance`` maps each element to its source tag; ``source`` is the file read.
    """

    width: int
    height: int
    half_lines: int
    behind: int
    blue: int
    shot_lines: int
    gate_line: int
    cell: np.ndarray
    row_line: np.ndarray
    row_half: np.ndarray
    inside: np.ndarray
    goal: np.ndarray
    crease: np.ndarray
    faceoff: np.ndarray
    faceoff_kind: np.ndarray
    faceoff_half: np.ndarray
    gate: np.ndarray
    pull_spot: np.ndarray
    corners: np.ndarray
    rim: np.ndarray
    rim_index: np.ndarray
    row3: np.ndarray
    first_ice: np.ndarray
    last_ice: np.ndarray
    nearest_spot: np.ndarray
    nearest_neutral: np.ndarray
    nearest_end: np.ndarray
    source: str
    provenance: dict = field(default_factory=dict)
    feet: dict = field(default_factory=dict)

    # ------------------------------------------------------------ coordinates

    @property
    def center_x(self) -> int:
        return self.width // 2

    def row_of(self, half: int, line: int) -> int:
        """The row ``y`` of ``line`` in ``half``."""
        y = line + self.behind - 1
        return y if half == 0 else self.height - 1 - y

    def square(self, half: int, line: int, column: int) -> tuple[int, int]:
        """(y, x) of (line, column) in ``half``, the column counted from the middle of the ice to the right of
        the team defending that half (so half 1's squares are the mirror of half 0's)."""
        y = self.row_of(half, line)
        return (y, self.center_x + column) if half == 0 else (y, self.center_x - column)

    def mirror(self, y: int, x: int) -> tuple[int, int]:
        """The square of the other half that corresponds to (y, x): the point reflection of the board."""
        return self.height - 1 - y, self.width - 1 - x

    def line_of(self, team: int, y: int) -> int | None:
        """The line of row ``y`` in the half team ``team`` attacks (half ``1 - team``), or None in its own half."""
        return int(self.row_line[y]) if int(self.row_half[y]) == 1 - team else None

    def own_line(self, team: int, y: int) -> int | None:
        """The line of row ``y`` in team ``team``'s own half (half ``team``), or None in the other half."""
        return int(self.row_line[y]) if int(self.row_half[y]) == team else None

    def on_ice(self, y: int, x: int) -> bool:
        """A square a player may stand on (ice or crease; not off the ice, not the net)."""
        return 0 <= y < self.height and 0 <= x < self.width and int(self.cell[y, x]) in (ICE, CREASE)

    def dims(self) -> np.ndarray:
        """``int64[7]``: the scalars named by :data:`DIM_NAMES`."""
        return np.array([getattr(self, n) for n in DIM_NAMES], dtype=np.int64)

    def arrays(self) -> tuple:
        """The numpy arrays the kernel takes, in the order of :data:`ARRAY_NAMES`:

        ``dims int64[7]`` (:data:`DIM_NAMES`: width, height, half_lines, behind, blue, shot_lines, gate_line),
        ``cell int8[H, W]``, ``row_line int64[H]``, ``row_half int64[H]``, ``inside bool[H, W]``,
        ``goal int64[2, 2]``, ``crease int64[2, 3, 2]``, ``faceoff int64[9, 2]``, ``faceoff_kind int64[9]``,
        ``faceoff_half int64[9]``, ``gate int64[2, 2]``, ``pull_spot int64[2, 2]``, ``corners int64[2, 2, 2]``,
        ``rim int64[K, 2]``, ``rim_index int64[H, W]``, ``row3 int64[2, H]``, ``first_ice int64[H]``,
        ``last_ice int64[H]``, ``nearest_spot int64[H, W]``, ``nearest_neutral int64[H, W]``,
        ``nearest_end int64[2, H, W]``.
        """
        return tuple([self.dims()] + [getattr(self, n) for n in ARRAY_NAMES[1:]])

    def spot_name(self, k: int) -> str:
        """A readable name of face-off spot ``k``: "center ice", "home end left", "away neutral right", ...
        (home / away: whose half; left / right: as seen by the team defending it)."""
        if self.faceoff_kind[k] == CENTER:
            return "center ice"
        team = "home" if self.faceoff_half[k] == 0 else "away"
        side = "left" if (k - 1) % 2 == 0 else "right"
        return f"{team} {FACEOFF_KINDS[int(self.faceoff_kind[k])]} {side}"

    def reconstructed(self) -> list[str]:
        """The elements whose source is (or includes) a reconstruction."""
        return [k for k, v in self.provenance.items() if "reconstructed" in v]

    def zone(self, team: int, y: int) -> str:
        """``"defense"``, ``"neutral"`` or ``"attack"``: where row ``y`` lies for team ``team``."""
        line = int(self.row_line[y])
        if line > self.blue:
            return "neutral"
        return "defense" if int(self.row_half[y]) == team else "attack"


# ---------------------------------------------------------------- reading


def table_line(text: str, name: str) -> int | None:
    """The line of the header ``[name]`` or ``[[name]]`` (or of a top-level ``name = ...``) in ``text``."""
    pat = re.compile(r"\s*\[\[?\s*" + re.escape(name) + r"\s*\]|\s*" + re.escape(name) + r"\s*=")
    for i, line in enumerate(text.split("\n"), start=1):
        if pat.match(line):
            return i
    return None


def _aot_line(text: str, table: str, index: int, key: str | None) -> int | None:
    """The line of ``key`` in the ``index``-th ``[[table]]`` of ``text`` (or of its header when key is None)."""
    head = re.compile(r"\s*\[\[\s*" + re.escape(table) + r"\s*\]\]")
    other = re.compile(r"\s*\[")
    own = re.compile(r'\s*"?' + re.escape(key or "") + r'"?\s*=') if key else None
    seen, inside, header = -1, False, None
    for i, line in enumerate(text.split("\n"), start=1):
        if head.match(line):
            seen += 1
            inside = seen == index
            if inside:
                header = i
                if own is None:
                    return i
            continue
        if other.match(line):
            inside = False
        elif inside and own.match(line):
            return i
    return header


class _Reader:
    """Typed access to the board file with errors naming the file, line, key and text."""

    def __init__(self, path):
        self.toml = read_toml(path)
        self.path = self.toml.path

    def error(self, key: str, value, problem: str) -> ChartError:
        return self.toml.error(key, value, problem)

    def aot_error(self, table: str, index: int, key: str | None, value, problem: str) -> ChartError:
        shown = None if value is None else (value if isinstance(value, str) else repr(value))
        return ChartError(self.path, _aot_line(self.toml.text, table, index, key), f"{table}[{index}].{key}"
                          if key else f"{table}[{index}]", shown, problem, field="key")

    def section(self, name: str) -> dict:
        doc = self.toml.doc
        if name not in doc:
            raise ChartError(self.path, None, name, None, f"missing table [{name}]", field="key")
        t = self.toml.table(doc, name)
        self.toml.unknown_keys(t, _KEYS[name], prefix=name + ".")
        return t

    def int(self, t: dict, sec: str, key: str, rng: Range) -> int:
        if key not in t:
            raise ChartError(self.path, table_line(self.toml.text, sec), f"{sec}.{key}", None,
                             f"missing key {sec}.{key}", field="key")
        return self.toml.int(t, key, rng, prefix=sec + ".")

    def float(self, t: dict, sec: str, key: str, lo: float, hi: float) -> float:
        v = t.get(key)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise self.error(f"{sec}.{key}", v, f"must be a number of feet {lo}..{hi}")
        if not lo <= v <= hi:
            raise self.error(f"{sec}.{key}", v, f"out of range: must be a number of feet {lo}..{hi}")
        return float(v)

    def source(self, t: dict, sec: str) -> str:
        s = self.toml.str(t, "source", prefix=sec + ".")
        return s if s else f"user:{Path(self.path).name}"


def load_board(path=None) -> Board:
    """The board read from ``path`` (default ``data/board.toml``); a bad file is a ChartError (file, line, key,
    text)."""
    path = DEFAULT_BOARD if path is None else Path(path)
    r = _Reader(path)
    doc = r.toml.doc
    for k in doc:
        if k not in _KEYS:
            raise ChartError(r.path, table_line(r.toml.text, k), k, k,
                             f"unknown table; tables: {', '.join(sorted(_KEYS))}", field="key")
    prov: dict[str, str] = {}

    g = r.section("grid")
    prov["grid"] = r.source(g, "grid")
    W = r.int(g, "grid", "columns", COLUMNS)
    if W % 2 == 0:
        raise r.error("grid.columns", g["columns"], "must be odd (the net and crease sit on a middle column)")
    half_lines = r.int(g, "grid", "half_lines", HALF_LINES)
    behind = r.int(g, "grid", "behind", BEHIND)
    H = 2 * (half_lines + behind)
    cx = W // 2

    f = r.section("rink_feet")
    prov["corners_cut"] = r.source(f, "rink_feet")
    width_ft = r.float(f, "rink_feet", "width", 20.0, 200.0)
    length_ft = r.float(f, "rink_feet", "goal_line_to_red", 20.0, 200.0)
    radius_ft = r.float(f, "rink_feet", "corner_radius", 0.0, 100.0)
    across, along = width_ft / W, length_ft / half_lines
    if radius_ft > width_ft / 2:
        raise r.error("rink_feet.corner_radius", f["corner_radius"],
                      f"larger than half the rink's width ({width_ft / 2:g} ft)")
    if radius_ft > behind * along + length_ft:
        raise r.error("rink_feet.corner_radius", f["corner_radius"],
                      f"larger than an end's length (goal line to red line plus the {behind} rows behind the goal "
                      f"line: {behind * along + length_ft:g} ft)")

    ln = r.section("lines")
    prov["lines"] = r.source(ln, "lines")
    blue = r.int(ln, "lines", "blue", Range(2, half_lines - 1, "lines.blue"))
    # the slide-rule chart's table and the card mixes (one per shot context) are sized for chart.SHOT_LINES
    shot_lines = r.int(ln, "lines", "shot_lines",
                       Range(1, min(half_lines, SHOT_LINES[-1]),
                             f"lines.shot_lines (the chart and the card mixes cover lines {SHOT_LINES[0]}.."
                             f"{SHOT_LINES[-1]}, within grid.half_lines)"))

    cr = r.section("crease")
    prov["crease"] = r.source(cr, "crease")
    crease_line = r.int(cr, "crease", "line", Range(1, half_lines, "crease.line"))
    crease_w = r.int(cr, "crease", "width", WIDTH3)
    if crease_w != RULEBOOK_CREASE_WIDTH:
        raise r.error("crease.width", cr["width"], "the crease is 3 squares wide (Goalie's: \"Goalie movements "
                      "in the crease (3 spaces side to side)\")")

    nt = r.section("net")
    prov["net"] = r.source(nt, "net")
    if 2 - behind > crease_line - 1:
        raise r.error("crease.line", cr["line"], f"leaves no line for the net, which stands on a line from "
                      f"{2 - behind} (2 - grid.behind, grid.behind = {behind}) to crease.line - 1: raise "
                      "crease.line or grid.behind")
    net_line = r.int(nt, "net", "line", Range(2 - behind, crease_line - 1, "net.line"))

    ins = r.section("inside")
    prov["inside"] = r.source(ins, "inside")
    in_first = r.int(ins, "inside", "first_line", Range(1, half_lines, "inside.first_line"))
    in_last = r.int(ins, "inside", "last_line", Range(in_first, shot_lines, "inside.last_line"))
    in_half = r.int(ins, "inside", "half_width", Range(0, cx, "inside.half_width"))
    in_widen = r.int(ins, "inside", "widen_per_line", Range(0, W, "inside.widen_per_line"))

    pb = r.section("penalty_box")
    prov["gate"] = r.source(pb, "penalty_box")
    gate_line = r.int(pb, "penalty_box", "gate_line", Range(blue + 1, half_lines, "penalty_box.gate_line"))
    side = r.toml.str(pb, "side", prefix="penalty_box.", required=True)
    if side not in ("left", "right"):
        raise r.error("penalty_box.side", side, "must be \"left\" (board column 0) or \"right\" (the last column)")

    r3 = r.section("row3")
    prov["row3"] = r.source(r3, "row3")
    row3_n = r.int(r3, "row3", "row", Range(1, cx, "row3.row"))

    # ---- the grid: rounded boards, crease, net
    def row_of(half, line):
        y = line + behind - 1
        return y if half == 0 else H - 1 - y

    ys = np.arange(H)
    row_half = (ys >= H // 2).astype(np.int64)
    row_line = np.where(row_half == 0, ys - behind + 1, H - ys - behind).astype(np.int64)
    cell = np.full((H, W), ICE, dtype=np.int8)
    for y in range(H):
        yf = (min(y, H - 1 - y) + 0.5) * along          # feet from the nearer end boards to the square's centre
        for x in range(W):
            xf = (min(x, W - 1 - x) + 0.5) * across     # feet from the nearer side boards
            if yf < radius_ft and xf < radius_ft and math.hypot(radius_ft - xf, radius_ft - yf) > radius_ft:
                cell[y, x] = OFF
    first_ice = np.array([int(np.flatnonzero(cell[y])[0]) if cell[y].any() else -1 for y in range(H)], np.int64)
    last_ice = np.array([int(np.flatnonzero(cell[y])[-1]) if cell[y].any() else -1 for y in range(H)], np.int64)
    half_w = crease_w // 2
    crease = np.zeros((2, crease_w, 2), np.int64)
    goal = np.zeros((2, 2), np.int64)
    for h in (0, 1):
        yc, yn = row_of(h, crease_line), row_of(h, net_line)
        for i, c in enumerate(range(-half_w, half_w + 1)):
            x = cx + c if h == 0 else cx - c
            if cell[yc, x] == OFF or cell[yn, x] == OFF:
                raise r.error("crease.width", cr["width"], "the crease or net would be off the ice")
            cell[yc, x] = CREASE
            cell[yn, x] = NET
            crease[h, i] = (yc, x)
        goal[h] = (yn, cx)

    # ---- inside region: |column| <= min(first width + widen * (line - first), half_width), lines first..last
    inside = np.zeros((H, W), bool)
    for y in range(H):
        line = int(row_line[y])
        if in_first <= line <= in_last:
            reach = min(1 + in_widen * (line - in_first) if in_widen else in_half, in_half)
            for x in range(W):
                if abs(x - cx) <= reach and cell[y, x] in (ICE, CREASE):
                    inside[y, x] = True

    # ---- face-off spots
    spots = doc.get("faceoff")
    if not isinstance(spots, list) or not all(isinstance(s, dict) for s in spots):
        raise ChartError(r.path, None, "faceoff", None, "missing the [[faceoff]] spots", field="key")
    if len(spots) != RULEBOOK_FACEOFFS:
        raise r.aot_error("faceoff", min(len(spots), RULEBOOK_FACEOFFS) - 1 if spots else 0, None, None,
                          f"{len(spots)} face-off spots; the rulebook has 9 (Face-Offs: \"There are 9 face-off "
                          "spots on the ice surface\")")
    faceoff = np.zeros((9, 2), np.int64)
    kinds = np.zeros(9, np.int64)
    halves = np.zeros(9, np.int64)
    for i, s in enumerate(spots):
        for k in s:
            if k not in _KEYS["faceoff"]:
                raise r.aot_error("faceoff", i, k, k, f"unknown key; keys: {', '.join(sorted(_KEYS['faceoff']))}")
        for k in ("kind", "half", "line", "column"):
            if k not in s:
                raise r.aot_error("faceoff", i, None, None, f"missing key {k!r}")
        kind = s["kind"]
        if kind not in FACEOFF_KINDS:
            raise r.aot_error("faceoff", i, "kind", kind, f"must be one of {', '.join(FACEOFF_KINDS)}")
        vals = {}
        for k, rng in (("half", HALF), ("line", LINE), ("column", COLUMN)):
            try:
                vals[k] = rng.check(s[k])
            except FieldError as exc:
                raise r.aot_error("faceoff", i, k, s[k], str(exc)) from None
        h, line, col = vals["half"], vals["line"], vals["column"]
        if not 1 <= line <= half_lines:
            raise r.aot_error("faceoff", i, "line", line, f"out of range: a spot's line is 1..{half_lines}")
        y = row_of(h, line)
        x = cx + col if h == 0 else cx - col
        if not 0 <= x < W or cell[y, x] != ICE:
            raise r.aot_error("faceoff", i, "column", col, "the spot is not on open ice")
        if line - 1 < FACEOFF_CLEARANCE:
            raise r.aot_error("faceoff", i, "line", line, f"only {line - 1} squares from the goal line; "
                              "Face-Offs: \"The face-off must always be at least 4 spaces from the goal line "
                              "and/or boards\"")
        gap = min(x - int(first_ice[y]), int(last_ice[y]) - x)
        if gap < FACEOFF_CLEARANCE:
            raise r.aot_error("faceoff", i, "column", col, f"only {gap} squares from the boards; Face-Offs: \"The "
                              "face-off must always be at least 4 spaces from the goal line and/or boards\"")
        faceoff[i] = (y, x)
        kinds[i] = FACEOFF_KINDS.index(kind)
        halves[i] = h
        prov[f"faceoff[{i}]"] = r.source(s, f"faceoff[{i}]")
    want = [("center", None)] + [(k, h) for h in (0, 1) for k, _ in FACEOFF_ORDER]
    for i, (kind, h) in enumerate(want):
        if FACEOFF_KINDS[kinds[i]] != kind or (h is not None and halves[i] != h):
            where = "" if h is None else f" of half {h}"
            raise r.aot_error("faceoff", i, "kind", FACEOFF_KINDS[kinds[i]],
                              f"spot {i} must be {kind}{where} (order: center, then per half neutral left, neutral "
                              "right, end left, end right)")
    for i in (1, 3, 5, 7):
        y, x = faceoff[i]
        y2, x2 = faceoff[i + 1]
        if not (y == y2 and x < x2 if halves[i] == 0 else y == y2 and x > x2):
            raise r.aot_error("faceoff", i + 1, "column", spots[i + 1]["column"],
                              "the right spot must be on the same line as the left one, to its right")
    for i in range(9):
        for j in range(i):
            if tuple(faceoff[i]) == tuple(faceoff[j]):
                raise r.aot_error("faceoff", i, "line", spots[i]["line"], f"the same square as spot {j}")

    # ---- gates, pulled-goalie spots, corners, Row 3, rim
    gate = np.zeros((2, 2), np.int64)
    pull = np.zeros((2, 2), np.int64)
    for t in (0, 1):
        y = row_of(t, gate_line)
        box_x, far_x = (int(first_ice[y]), int(last_ice[y])) if side == "left" else (int(last_ice[y]),
                                                                                     int(first_ice[y]))
        gate[t] = (y, box_x)
        pull[t] = (y, far_x)
    prov["pull_spot"] = "rulebook:Pulling the Goalie"
    corners = np.zeros((2, 2, 2), np.int64)
    for h in (0, 1):
        y = row_of(h, 0)
        if first_ice[y] < 0:
            raise r.error("grid.behind", g["behind"], "line 0 (the corners) is off the ice")
        corners[h, 0] = (y, first_ice[y])
        corners[h, 1] = (y, last_ice[y])
    prov["corners"] = "rulebook:Dumping the Puck (Penalty-Kill Team)"
    row3 = np.stack([np.minimum(first_ice + row3_n - 1, cx), np.maximum(last_ice - row3_n + 1, cx)]).astype(np.int64)
    rim = _rim(cell)
    rim_index = np.full((H, W), -1, np.int64)
    for k, (y, x) in enumerate(rim):
        rim_index[y, x] = k
    prov["rim"] = "reconstructed:boundary-loop"
    near_all, near_neutral, near_end = _nearest_spots(faceoff, kinds, halves, H, W)
    prov["nearest_spot"] = "reconstructed:straight-line-distance"

    arrays = dict(cell=cell, row_line=row_line, row_half=row_half, inside=inside, goal=goal, crease=crease,
                  faceoff=faceoff, faceoff_kind=kinds, faceoff_half=halves, gate=gate, pull_spot=pull,
                  corners=corners, rim=rim, rim_index=rim_index, row3=row3, first_ice=first_ice,
                  last_ice=last_ice, nearest_spot=near_all, nearest_neutral=near_neutral, nearest_end=near_end)
    return Board(width=W, height=H, half_lines=half_lines, behind=behind, blue=blue, shot_lines=shot_lines,
                 gate_line=gate_line, source=str(path), provenance=prov,
                 feet={"across": across, "along": along, "corner_radius": radius_ft, "width": width_ft,
                       "goal_line_to_red": length_ft},
                 **{k: _ro(v) for k, v in arrays.items()})


def _nearest_spots(faceoff, kinds, halves, H, W):
    """``(nearest of all 9, nearest neutral, nearest end of each half)`` spot index for every square."""
    centres = faceoff.astype(float)
    centres[kinds == CENTER, 0] = (H - 1) / 2          # the center spot counted at the red line
    yy, xx = np.mgrid[0:H, 0:W]
    d = np.hypot(yy[None] - centres[:, 0, None, None], xx[None] - centres[:, 1, None, None])   # (9, H, W)

    def pick(ids):
        ids = np.asarray(ids)
        return ids[np.argmin(d[ids], axis=0)].astype(np.int64)     # argmin: ties to the first (lower) index

    near_end = np.stack([pick(np.flatnonzero((kinds == END) & (halves == h))) for h in (0, 1)])
    return pick(np.arange(len(kinds))), pick(np.flatnonzero(kinds == NEUTRAL)), near_end


def _rim(cell: np.ndarray) -> np.ndarray:
    """The ice squares next to the boards (an 8-neighbour off the ice or off the grid), ordered as a closed loop
    counter-clockwise (y up, x right) from the middle of half 0's end boards."""
    H, W = cell.shape
    pts = []
    for y in range(H):
        for x in range(W):
            if cell[y, x] == OFF:
                continue
            edge = any(not (0 <= y + dy < H and 0 <= x + dx < W) or cell[y + dy, x + dx] == OFF
                       for dy in (-1, 0, 1) for dx in (-1, 0, 1))
            if edge:
                pts.append((y, x))
    cy, cx = (H - 1) / 2, (W - 1) / 2

    def angle(p):
        # from "straight down" (toward y = 0), increasing counter-clockwise: toward +x first
        a = math.atan2(p[0] - cy, p[1] - cx) + math.pi / 2
        return a % (2 * math.pi)

    pts.sort(key=lambda p: (angle(p), -abs(p[0] - cy) - abs(p[1] - cx)))
    return np.array(pts, dtype=np.int64)


_DEFAULT: Board | None = None


def default_board() -> Board:
    """The shipped board (read once)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_board()
    return _DEFAULT
