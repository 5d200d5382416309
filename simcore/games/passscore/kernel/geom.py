"""Geometry and small state helpers of the Pass & Score kernel (every function takes the Ctx ``c`` and/or the Work
``w`` of :mod:`.context`)."""
from __future__ import annotations

import numba as nb

from simcore.nbarrays import INTRINSICS

from .layout import GK, N_SLOTS, R

#: compile the rule functions without numba's runtime when arrays can be borrowed (no reference counting of the
#: Ctx / Work arrays at every call; such a function must not allocate)
NRT = not INTRINSICS


@nb.njit(cache=True, inline="always", _nrt=NRT)
def code_of(t, s):
    return 1 + t * N_SLOTS + s


@nb.njit(cache=True, inline="always", _nrt=NRT)
def progress(c, t, circle):
    """How far up the ice circle is for team t: its row counted from t's own goal end."""
    row = c.rc[circle, 0]
    return row if t == 0 else c.index.shape[0] - 1 - row


@nb.njit(cache=True, inline="always", _nrt=NRT)
def in_attack_zone(c, t, circle):
    """Circle lies beyond the opponents' blue line, in team t's attacking zone."""
    row = c.rc[circle, 0]
    if t == 0:
        return row > c.lines[1]
    return row <= c.lines[0]


@nb.njit(cache=True, inline="always", _nrt=NRT)
def king(c, a, b):
    """Spaces between circles a and b for a player moving in eight directions."""
    return max(abs(c.rc[a, 0] - c.rc[b, 0]), abs(c.rc[a, 1] - c.rc[b, 1]))


@nb.njit(cache=True, inline="always", _nrt=NRT)
def dist2(c, a, b):
    dy = c.rc[a, 0] - c.rc[b, 0]
    dx = c.rc[a, 1] - c.rc[b, 1]
    return dy * dy + dx * dx


@nb.njit(cache=True, inline="always", _nrt=NRT)
def slide_end(c, q):
    """The far end of the slide line that starts at circle q (one of its two ends; ``c.slide_of[q] >= 0``)."""
    k = c.slide_of[q]
    return c.slide_path[k, c.slide_len[k] - 1] if c.slide_path[k, 0] == q else c.slide_path[k, 0]


@nb.njit(cache=True, inline="always", _nrt=NRT)
def step_allowed(c, t, p, q):
    """Whether the rules let a player of team t step from circle p onto its neighbour q (rules.moves, "A player may
    be moved forward, sideways or diagonally"): eight every step; seven not straight back (toward t's own goal);
    five no step back, straight or diagonal."""
    m = c.rules[R.moves]
    if m == 0:
        return True
    back = c.rc[q, 0] < c.rc[p, 0] if t == 0 else c.rc[q, 0] > c.rc[p, 0]
    return not back or (m == 1 and c.rc[q, 1] != c.rc[p, 1])


@nb.njit(cache=True, inline="always", _nrt=NRT)
def slide_allowed(c, t, q, far):
    """Whether the rules let a player of team t slide from slide-line end q to its other end ``far`` (rules.slide_way,
    "A player must move on to the start of the slide line"): both ways, or with forward never back toward t's own
    goal."""
    return c.rules[R.slide_forward] == 0 or progress(c, t, far) >= progress(c, t, q)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def move_dest(c, p, loc):
    """The circle a move with list code ``loc`` (direction * 2 + slide) from circle p ends on."""
    q = c.nbr[p, loc // 2]
    return q if loc % 2 == 0 else slide_end(c, q)


@nb.njit(cache=True, _nrt=NRT)
def put(w, t, s, circle):
    """Player (t, s) onto circle (-1: off the board); the circle it leaves is emptied if it held it."""
    old = w.pos[t, s]
    if old >= 0 and w.occ[old] == code_of(t, s):
        w.occ[old] = 0
    w.pos[t, s] = circle
    if circle >= 0:
        w.occ[circle] = code_of(t, s)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def may_stand(c, t, s, circle, carrier):
    """Player (t, s) may stand on circle: goal circles only the goalkeeper of that goal; crease circles only that
    goal's goalkeeper or the puck carrier (GAME MARKING); the goalkeeper only on his own goal and crease circles
    unless goalie_area=free."""
    g = c.goal_of[circle]
    if g >= 0:
        return s == GK and g == t
    k = c.crease_of[circle]
    if k >= 0:
        return (s == GK and k == t) or carrier
    if s == GK and c.rules[R.goalie_free] == 0:
        return False
    return True


@nb.njit(cache=True, inline="always", _nrt=NRT)
def line_clear(c, w, a, b, t, block_all):
    """The straight line from circle a to circle b (a row, a column or a diagonal): -1 when not straight, 1 when
    no player stands strictly between them (only an opponent of team t counts unless ``block_all``), else 0."""
    ya = c.rc[a, 0]
    xa = c.rc[a, 1]
    dy = c.rc[b, 0] - ya
    dx = c.rc[b, 1] - xa
    if not (dy == 0 or dx == 0 or abs(dy) == abs(dx)) or (dy == 0 and dx == 0):
        return -1
    n = max(abs(dy), abs(dx))
    sy = 1 if dy > 0 else (-1 if dy < 0 else 0)
    sx = 1 if dx > 0 else (-1 if dx < 0 else 0)
    for i in range(1, n):
        m = c.index[ya + i * sy, xa + i * sx]
        if m < 0:
            continue
        o = w.occ[m]
        if o != 0 and (block_all or (o - 1) // N_SLOTS != t):
            return 0
    return 1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def lines_crossed(c, t, a, b):
    """Lines (home blue, centre, away blue) a pass from circle a to circle b crosses going forward for team t."""
    ra = c.rc[a, 0]
    rb = c.rc[b, 0]
    n = 0
    for k in range(3):
        L = c.lines[k] if k < 2 else c.lines[2]
        if t == 0 and ra <= L < rb:
            n += 1
        if t == 1 and rb <= L < ra:
            n += 1
    return n
