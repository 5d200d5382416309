"""Shot lanes and pass lanes read on the current state ("Shots on Goal", "Passing", "Passing Through an
Opponent's Contact Zone").  Shared by the rules (turns.py) and the policies (policies.py)."""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import stack_empty

from .geometry import NRT, pass_blocked, pass_path, shot_path
from .layout import Z
from .state import short

LANE_OPEN, LANE_SCREENED, LANE_BLOCKED = 0, 1, 2


@nb.njit(cache=True, inline="always", _nrt=NRT)
def shot_line(c, o, y):
    """The line of row y in the half team o attacks, or 0 when no shot may be taken from it ("Shots on goal may
    ONLY occur between lines 1-13 inclusive")."""
    line = c.aline[o, y]
    if line < 1 or line > c.dims[5]:
        return 0
    return line


@nb.njit(cache=True, inline="always", _nrt=NRT)
def shot_lane(c, w, o, y, x):
    """``(side, lane)`` of a shot by team o from (y, x): side 0 inside ("from center", the board's ``inside``
    map) / 1 outside; lane 0 open, 1 screened (a teammate on the line to the goal), 2 blocked (an opposing
    skater on it; a penalty-killer cannot block an inside shot, "Penalty Kill Team Limitations").  The
    defending goalie is the target, not a blocker."""
    d = 1 - o
    half = d
    gy = c.goal[half, 0]
    gx = c.goal[half, 1]
    side = 0 if c.inside[y, x] != 0 else 1
    n = shot_path(y, x, gy, gx, w.oy, w.ox)
    screened = False
    blocked = False
    pk = short(w, d)
    for i in range(n):
        v = w.occ[w.oy[i], w.ox[i]]
        if v == 0:
            continue
        t = (v - 1) // 6
        s = (v - 1) % 6
        if t == o:
            screened = True
        elif s != 5:
            if not (pk and side == 0):
                blocked = True
    lane = LANE_BLOCKED if blocked else (LANE_SCREENED if screened else LANE_OPEN)
    return side, lane


@nb.njit(cache=True, inline="always", _nrt=NRT)
def context(line, side, lane):
    """The shot context index ``((line - 1) * 2 + side) * 3 + lane`` (0..77)."""
    return ((line - 1) * 2 + side) * 3 + lane


@nb.njit(cache=True, inline="always", _nrt=NRT)
def pass_lane(c, w, o, ay, ax, by, bx):
    """``(blocked, n)`` for a pass by team o from (ay, ax) to (by, bx): blocked ("Blocked Pass"), and the path
    squares stored in ``w.py/w.px[:n]`` for the interception check.  Right after team o stole the puck
    (``S[Z.steal]``: the player it was stolen from, ``team * 6 + slot + 1``) his square does not block: "except
    when successfully checking an opponent and stealing the puck. In this case an immediate pass may be made to a
    teammate regardless of the having to pass through the space of the player that you just stole the puck from"
    (Passing)."""
    n, axis = pass_path(ay, ax, by, bx, w.py, w.px)
    v = w.S[Z.steal] - 1
    if v >= 0 and v // 6 == 1 - o and w.pos[1 - o, v % 6, 0] >= 0:
        vy = w.pos[1 - o, v % 6, 0]
        vx = w.pos[1 - o, v % 6, 1]
        keep = w.occ[vy, vx]
        w.occ[vy, vx] = 0
        blocked = pass_blocked(w.occ, ay, ax, by, bx, w.py, w.px, n, axis)
        w.occ[vy, vx] = keep
        return blocked, n
    return pass_blocked(w.occ, ay, ax, by, bx, w.py, w.px, n, axis), n


@nb.njit(cache=True, inline="always", _nrt=NRT)
def zone_crossers(w, o, n, order):
    """Opposing skaters (slots, in ``order[:k]``) whose contact zone the pass path ``w.py/w.px[:n]`` crosses,
    in the order the puck reaches them (ties: the lower slot); returns k.  Only the skaters within one square of
    the path's bounding box can be reached, so the path is walked for those alone (none: not at all)."""
    d = 1 - o
    if n == 0:
        return 0
    ylo = w.py[0]
    yhi = ylo
    xlo = w.px[0]
    xhi = xlo
    for i in range(1, n):
        ylo = min(ylo, w.py[i])
        yhi = max(yhi, w.py[i])
        xlo = min(xlo, w.px[i])
        xhi = max(xhi, w.px[i])
    cs = stack_empty(5, np.int64)
    cy = stack_empty(5, np.int64)
    cx = stack_empty(5, np.int64)
    nc = 0
    for s in range(5):
        if w.S[Z.on_ice + d * 6 + s] == 0:
            continue
        sy = w.pos[d, s, 0]
        sx = w.pos[d, s, 1]
        if sy < ylo - 1 or sy > yhi + 1 or sx < xlo - 1 or sx > xhi + 1:
            continue
        cs[nc] = s
        cy[nc] = sy
        cx[nc] = sx
        nc += 1
    k = 0
    seen = 0
    for i in range(n):
        if k == nc:
            break
        y = w.py[i]
        x = w.px[i]
        for j in range(nc):
            if (seen >> j) & 1:
                continue
            if abs(cy[j] - y) <= 1 and abs(cx[j] - x) <= 1:
                seen |= 1 << j
                order[k] = cs[j]
                k += 1
    return k
