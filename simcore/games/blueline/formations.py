"""Set-ups for the set plays of Blue Line Hockey: the opening line-up, face-offs, penalty-kill postures, power play.

Read from ``data/formations.toml`` (a user may load their own): each set-up lists a square per slot in the
team's own frame, ``[line, column]`` (line from the team's own goal line, column from the middle of the ice,
positive to the team's right as it attacks); the visitors' squares are the mirror of the same numbers.  The
loader turns them into board squares for each team and checks them on the board (see :func:`load_formations`).

Slots everywhere: :data:`SLOTS` = C, LW, RW, LD, RD, G (0..5).  Teams: 0 home, 1 away.  Arrays (int64):

* ``opening (2, 6, 2)``: (y, x) of each player for the opening face-off (the rulebook's suggested set-up);
* ``faceoff (2, 6, 2)``: (dy, dx) board offsets from a face-off spot, already mirrored for each team (team 0's
  own goal is at -dy); ``faceoff[:, 5]`` is (0, 0) and unused: at a face-off the goalie stands on the middle
  square of its own crease.  ``faceoff_pos (9, 2, 6, 2)`` is every player's (y, x) at each spot (goalies
  included): ``faceoff_pos[k, t, s] = spot k + faceoff[t, s]`` for the 8 spots k = 1..8, while
  ``faceoff_pos[0]`` (center ice) is ``opening``: every center-ice face-off (a period's start, after a goal)
  lines up as the suggested set-up, the two centers facing off across the red line on their own lines 20, so
  neither team stands a line nearer the other's goal (the center spot square itself is on the home half's
  line 20, as the red line runs between rows);
* ``pk (3, 2, 6, 2)``: posture (0 large box, 1 small box, 2 high/low 1-2-1) x killing team: (y, x) in the
  killing team's own end; ``pk_fill (3, 5)`` the slots in the order the posture's squares are manned
  (:meth:`Formations.pk_positions` places the skaters actually on the ice);
* ``pp (2, 6, 2)``: the power-play set-up of team t in its attack zone, the slot ``pp_puck`` (a defenseman) on
  line 12 holding the puck; the goalie in its own crease.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from simcore.charts import ChartError
from simcore.games.blueline.board import CREASE, DEFAULT_BOARD, Board, default_board, table_line
from simcore.textio import read_toml

DATA = Path(__file__).parent / "data"
DEFAULT_FORMATIONS = DATA / "formations.toml"

SLOTS = ("C", "LW", "RW", "LD", "RD", "G")
C, LW, RW, LD, RD, G = range(6)
SKATERS = SLOTS[:5]
POSTURES = ("large_box", "small_box", "high_low")
#: Face-Offs: "at least 3 spaces from the centers facing off ... there must be 2 empty spaces between players":
#: two players stand at least this many squares apart (the larger of the row and column differences).
FACEOFF_SPACING = 3

_TABLES = ("opening", "faceoff", "pk", "pp")


def _ro(a) -> np.ndarray:
    a = np.ascontiguousarray(a, dtype=np.int64)
    a.setflags(write=False)
    return a


def chebyshev(a, b) -> int:
    """Squares apart: the larger of the row and column differences (1 = adjacent, in the contact zone)."""
    return max(abs(int(a[0]) - int(b[0])), abs(int(a[1]) - int(b[1])))


@dataclass(frozen=True, eq=False)
class Formations:
    """The set-ups as board squares (see the module docstring for the arrays)."""

    opening: np.ndarray
    faceoff: np.ndarray
    faceoff_pos: np.ndarray
    pk: np.ndarray
    pk_fill: np.ndarray
    pp: np.ndarray
    pp_puck: int
    source: str
    provenance: dict

    def arrays(self) -> tuple:
        """``(opening, faceoff, faceoff_pos, pk, pk_fill, pp, pp_puck int64[1])`` for the kernel."""
        return (self.opening, self.faceoff, self.faceoff_pos, self.pk, self.pk_fill, self.pp,
                np.array([self.pp_puck], dtype=np.int64))

    def pk_positions(self, posture: int, team: int, present) -> np.ndarray:
        """``(6, 2)`` squares of the killing team ``team`` in ``posture`` when only the skaters with
        ``present[s]`` are on the ice (the others, and absent slots, get (-1, -1)).  The posture's squares are
        manned in ``pk_fill`` order: as many squares as skaters present; a skater whose own square is manned
        keeps it, the others take the remaining manned squares in order.  The goalie is on its crease."""
        out = np.full((6, 2), -1, dtype=np.int64)
        order = [int(s) for s in self.pk_fill[posture]]
        here = [s for s in range(5) if present[s]]
        manned = order[:len(here)]
        free = [s for s in manned if s not in here]
        for s in here:
            if s in manned:
                out[s] = self.pk[posture, team, s]
        for s in here:
            if s not in manned:
                out[s] = self.pk[posture, team, free.pop(0)]
        if len(present) > 5 and present[5]:
            out[5] = self.pk[posture, team, 5]
        return out


class _Reader:
    def __init__(self, path, board: Board):
        self.toml = read_toml(path)
        self.path = self.toml.path
        self.board = board

    def error(self, key, value, problem) -> ChartError:
        """The ChartError of the set-up file at ``key``; on a board other than the shipped one it names that
        board too (a set-up that fits the shipped board may not fit a user's)."""
        if Path(self.board.source).resolve() != DEFAULT_BOARD.resolve():
            problem = f"{problem} (on the board {self.board.source})"
        return self.toml.error(key, value, problem)

    def square(self, t: dict, sec: str, slot: str, allow_crease: bool = True):
        """``[line, column]`` (two whole numbers) or ``"crease"`` (only for the goalie)."""
        if slot not in t:
            raise ChartError(self.path, table_line(self.toml.text, sec), f"{sec}.{slot}", None,
                             f"missing key {sec}.{slot}", field="key")
        v = t[slot]
        if v == "crease" and slot == "G" and allow_crease:
            return "crease"
        ok = (isinstance(v, list) and len(v) == 2 and all(isinstance(n, int) and not isinstance(n, bool)
                                                           for n in v) and all(-60 <= n <= 60 for n in v))
        if not ok:
            what = '[line, column] (two whole numbers -60..60)' + (' or "crease"' if slot == "G" else "")
            raise self.error(f"{sec}.{slot}", v, f"must be {what}")
        return (v[0], v[1])


def _place(board: Board, team: int, frame: str, sq) -> tuple[int, int]:
    """Board (y, x) of a file square of team ``team``: ``frame`` "own" (its own half) or "attack" (the other)."""
    if sq == "crease":
        return tuple(int(v) for v in board.crease[team, 1])
    line, col = sq
    if frame == "own":
        return board.square(team, line, col)
    return board.square(1 - team, line, -col)


def load_formations(path=None, board: Board | None = None) -> Formations:
    """The set-ups of ``path`` (default ``data/formations.toml``) on ``board`` (default the shipped board).

    Checked, each failure a ChartError naming the file, line, key and text: every player on the ice (not off it,
    not in a net; skaters not in a crease), no two on one square (both teams together), the opening in each
    team's own half with the goalie in its crease, face-offs at each of the 9 spots onside (every player on its
    own goal's side of the spot) with 2 empty squares between any two players but the two centers, the
    penalty-kill postures in the killing team's own end (lines 1..blue), the power play in the attack zone with
    the puck defenseman on line ``blue``.
    """
    board = default_board() if board is None else board
    path = DEFAULT_FORMATIONS if path is None else Path(path)
    r = _Reader(path, board)
    doc = r.toml.doc
    for k in doc:
        if k not in _TABLES:
            raise ChartError(r.path, table_line(r.toml.text, k), k, k, f"unknown table; tables: "
                             f"{', '.join(_TABLES)}", field="key")
        if not isinstance(doc[k], dict):
            raise r.error(k, doc[k], f"must be a table [{k}]")
    for k in _TABLES:
        if k not in doc:
            raise ChartError(r.path, None, k, None, f"missing table [{k}]", field="key")
    prov: dict[str, str] = {}

    def section(sec: str, t: dict, extra=()):
        r.toml.unknown_keys(t, ("source",) + SLOTS + tuple(extra), prefix=sec + ".")
        prov[sec] = r.toml.str(t, "source", prefix=sec + ".") or f"user:{Path(r.path).name}"
        return {s: r.square(t, sec, s) for s in SLOTS}

    def check_on_ice(sec, file_sq, squares):
        for t in (0, 1):
            for s, slot in enumerate(SLOTS):
                y, x = squares[t][s]
                if not board.on_ice(y, x):
                    raise r.error(f"{sec}.{slot}", _shown(file_sq[slot]), "off the ice (outside the boards or in "
                                  f"a net) for the {'home' if t == 0 else 'away'} team: board square ({y}, {x})")
                if s != G and board.cell[y, x] == CREASE:
                    raise r.error(f"{sec}.{slot}", _shown(file_sq[slot]), "a skater may not stand in a crease")

    def check_distinct(sec, file_sq, squares, label=""):
        seen = {}
        for t in (0, 1):
            for s, slot in enumerate(SLOTS):
                sq = tuple(int(v) for v in squares[t][s])
                if sq in seen:
                    t2, s2 = seen[sq]
                    raise r.error(f"{sec}.{slot}", _shown(file_sq[slot]), f"{_who(t, s)} is on the same "
                                  f"square {sq} as {_who(t2, s2)}{label}")
                seen[sq] = (t, s)

    # ---- opening
    sq = section("opening", doc["opening"])
    opening = np.array([[_place(board, t, "own", sq[s]) for s in SLOTS] for t in (0, 1)], np.int64)
    check_on_ice("opening", sq, opening)
    check_distinct("opening", sq, opening)
    for t in (0, 1):
        for s, slot in enumerate(SLOTS):
            if board.row_half[opening[t, s, 0]] != t:
                raise r.error(f"opening.{slot}", _shown(sq[slot]), "not in the team's own half (Setup: \"positions "
                              "6 players on the on their half of the ice\")")
        if tuple(opening[t, G]) not in {tuple(c) for c in board.crease[t]}:
            raise r.error("opening.G", _shown(sq["G"]), "the goalie must start in its own crease")
    _check_spacing(r, "opening", sq, opening, "at the opening face-off")

    # ---- face-offs
    ft = doc["faceoff"]
    r.toml.unknown_keys(ft, ("source",) + SLOTS, prefix="faceoff.")
    prov["faceoff"] = r.toml.str(ft, "source", prefix="faceoff.") or f"user:{Path(r.path).name}"
    fsq = {s: r.square(ft, "faceoff", s) for s in SLOTS}
    if fsq["G"] != "crease":
        raise r.error("faceoff.G", _shown(fsq["G"]), 'must be "crease": at a face-off the goalie is in its crease')
    off = np.zeros((2, 6, 2), np.int64)
    for t in (0, 1):
        sign = -1 if t == 0 else 1
        for s in range(5):
            dl, dc = fsq[SLOTS[s]]
            off[t, s] = (sign * dl, -sign * dc)
    if tuple(fsq["C"]) != (1, 0):
        raise r.error("faceoff.C", _shown(fsq["C"]), "must be [1, 0]: the centers face off on the squares on "
                      "either side of the spot")
    fpos = np.zeros((9, 2, 6, 2), np.int64)
    for k in range(9):
        dot = board.faceoff[k]
        for t in (0, 1):
            for s in range(5):
                fpos[k, t, s] = dot + off[t, s]
            fpos[k, t, G] = board.crease[t, 1]
        label = f" at face-off spot {k} {tuple(int(v) for v in dot)}"
        for t in (0, 1):
            for s in range(5):
                y, x = fpos[k, t, s]
                if not board.on_ice(y, x) or board.cell[y, x] == CREASE:
                    raise r.error(f"faceoff.{SLOTS[s]}", _shown(fsq[SLOTS[s]]), f"off the ice or in a crease{label} "
                                  f"for the {'home' if t == 0 else 'away'} team: board square ({y}, {x})")
                onside = y < dot[0] if t == 0 else y > dot[0]
                if not onside:
                    raise r.error(f"faceoff.{SLOTS[s]}", _shown(fsq[SLOTS[s]]), f"offside{label}: every player must "
                                  "line up on its own goal's side of the spot")
        check_distinct("faceoff", fsq, fpos[k], label)
        _check_spacing(r, "faceoff", fsq, fpos[k], label.strip())
    fpos[0] = opening

    # ---- penalty kill
    pkt = doc["pk"]
    r.toml.unknown_keys(pkt, POSTURES, prefix="pk.")
    pk = np.zeros((3, 2, 6, 2), np.int64)
    fill = np.zeros((3, 5), np.int64)
    for p, name in enumerate(POSTURES):
        sec = f"pk.{name}"
        if name not in pkt:
            raise ChartError(r.path, None, sec, None, f"missing table [{sec}]", field="key")
        t_ = pkt[name]
        psq = section(sec, t_, extra=("fill",))
        if psq["G"] != "crease":
            raise r.error(f"{sec}.G", _shown(psq["G"]), 'must be "crease": the killers\' goalie stays in his crease')
        order = r.toml.str_list(t_, "fill", prefix=sec + ".")
        if order is None or sorted(order) != sorted(SKATERS):
            raise r.error(f"{sec}.fill", t_.get("fill"), f"must list the 5 skaters {', '.join(SKATERS)} once each")
        fill[p] = [SLOTS.index(s) for s in order]
        pk[p] = [[_place(board, t, "own", psq[s]) for s in SLOTS] for t in (0, 1)]
        check_on_ice(sec, psq, pk[p])
        check_distinct(sec, psq, pk[p])
        for t in (0, 1):
            for s, slot in enumerate(SLOTS):
                y = pk[p, t, s, 0]
                if board.row_half[y] != t or not 1 <= board.row_line[y] <= board.blue:
                    raise r.error(f"{sec}.{slot}", _shown(psq[slot]), f"outside the killing team's own end (lines "
                                  f"1..{board.blue} of its own half)")

    # ---- power play
    ppt = doc["pp"]
    ppsq = section("pp", ppt, extra=("puck",))
    if ppsq["G"] != "crease":
        raise r.error("pp.G", _shown(ppsq["G"]), 'must be "crease": the power play\'s goalie stays in his crease')
    puck = r.toml.str(ppt, "puck", prefix="pp.", required=True)
    if puck not in ("LD", "RD"):
        raise r.error("pp.puck", puck, 'must be "LD" or "RD" ("one PP defenseman will start with the puck")')
    pp = np.array([[_place(board, t, "own" if s == "G" else "attack", ppsq[s]) for s in SLOTS] for t in (0, 1)],
                  np.int64)
    check_on_ice("pp", ppsq, pp)
    check_distinct("pp", ppsq, pp)
    for t in (0, 1):
        for s, slot in enumerate(SKATERS):
            y = pp[t, s, 0]
            if board.row_half[y] != 1 - t or board.row_line[y] > board.blue:
                raise r.error(f"pp.{slot}", _shown(ppsq[slot]), f"not in the attack zone (lines ..{board.blue} of "
                              "the opponent's half)")
        if board.row_line[pp[t, SLOTS.index(puck), 0]] != board.blue:
            raise r.error(f"pp.{puck}", _shown(ppsq[puck]), f"the defenseman with the puck must be on line "
                          f"{board.blue} (\"must be in any space on line 12 inside the blue line\")")
    for p, name in enumerate(POSTURES):
        for t in (0, 1):
            both = np.stack([pk[p, t], pp[1 - t]])
            mine = {tuple(int(c) for c in v) for v in both[0]}
            for s, slot in enumerate(SLOTS):
                sq_ = tuple(int(v) for v in both[1, s])
                if sq_ in mine:
                    raise r.error(f"pp.{slot}", _shown(ppsq[slot]), f"on the same square {sq_} as a penalty killer "
                                  f"in pk.{name}")

    return Formations(opening=_ro(opening), faceoff=_ro(off), faceoff_pos=_ro(fpos), pk=_ro(pk), pk_fill=_ro(fill),
                      pp=_ro(pp), pp_puck=SLOTS.index(puck), source=str(path), provenance=prov)


def _shown(v) -> str:
    return v if isinstance(v, str) else f"[{v[0]}, {v[1]}]"


def _who(t: int, s: int) -> str:
    return f"the {'home' if t == 0 else 'away'} {SLOTS[s]}"


def _check_spacing(r: _Reader, sec: str, file_sq: dict, pos: np.ndarray, label: str) -> None:
    """Face-Offs: at least 3 squares from the centers, 2 empty squares between any two skaters (the two centers
    facing off excepted).  The goalies, in their creases, are not lined up and are not counted: at an end-zone
    spot no fixed set of offsets could keep five skaters 3 squares from each other and from the goalie."""
    players = [(t, s) for t in (0, 1) for s in range(5)]
    for i, (t, s) in enumerate(players):
        for t2, s2 in players[:i]:
            if s == C and s2 == C:
                continue
            d = chebyshev(pos[t, s], pos[t2, s2])
            if d < FACEOFF_SPACING:
                raise r.error(f"{sec}.{SLOTS[s]}", _shown(file_sq[SLOTS[s]]), f"{_who(t, s)} is {d} square(s) from "
                              f"{_who(t2, s2)} {label}: Face-Offs: \"at least 3 spaces from the centers facing off "
                              "... 2 empty spaces between players\"")


_DEFAULT: Formations | None = None


def default_formations() -> Formations:
    """The shipped set-ups on the shipped board (read once)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_formations()
    return _DEFAULT


__all__ = ["Formations", "load_formations", "default_formations", "SLOTS", "POSTURES"]
