"""Small state helpers of the Blue Line kernel: placing players, counting skaters, zones, logging.

Every function takes the ``Ctx`` / ``Work`` tuples of :mod:`.context` (``c``, ``w``; or any tuple with the fields it
reads), but for :func:`place_at`, :func:`lift` and :func:`nearest_spot`, which take the arrays themselves.
"""
from __future__ import annotations

import numba as nb

from .geometry import NRT, passable
from .layout import Z


@nb.njit(cache=True, inline="always", _nrt=NRT)
def log(c, w, code, team, slot, a, b, cc, d):
    """Append an event row (code, period, dial, team, slot, a, b, c, d) when the game is recorded."""
    S = w.S
    n = S[Z.nlog]
    if n < w.log.shape[0]:
        r = w.log[n]
        r[0] = code
        r[1] = S[Z.period]
        r[2] = S[Z.dial]
        r[3] = team
        r[4] = slot
        r[5] = a
        r[6] = b
        r[7] = cc
        r[8] = d
    S[Z.nlog] = n + 1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def snapshot(w):
    """After a turn of a recorded game: every player's square and the puck's, tagged with the log row."""
    S = w.S
    n = S[Z.nsnap]
    if n < w.snap.shape[0]:
        r = w.snap[n]
        k = 0
        for t in range(2):
            for s in range(6):
                r[k] = w.pos[t, s, 0]
                r[k + 1] = w.pos[t, s, 1]
                k += 2
        r[24] = S[Z.puck_y]
        r[25] = S[Z.puck_x]
        r[26] = S[Z.nlog]
    S[Z.nsnap] = n + 1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def onice(w, t, s):
    return w.S[Z.on_ice + t * 6 + s] != 0


@nb.njit(cache=True, inline="always", _nrt=NRT)
def skaters(w, t):
    """Skaters of team t on the ice (a pulled goalie not counted)."""
    n = 0
    for s in range(5):
        n += w.S[Z.on_ice + t * 6 + s] != 0
    return n


@nb.njit(cache=True, inline="always", _nrt=NRT)
def short(w, t):
    """Team t is killing a penalty: fewer skaters on the ice than the opponent, a player in its box."""
    S = w.S
    inbox = S[Z.box_slot + t * 2] >= 0 or S[Z.box_slot + t * 2 + 1] >= 0
    return inbox and skaters(w, t) < skaters(w, 1 - t)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def advantage(w, t):
    """Team t has the power play's advantages: more skaters than the opponent, or an extra attacker."""
    return skaters(w, t) > skaters(w, 1 - t) or w.S[Z.pulled + t] != 0


@nb.njit(cache=True, inline="always", _nrt=NRT)
def in_attack(c, t, y):
    return c.aline[t, y] <= c.dims[4]


@nb.njit(cache=True, inline="always", _nrt=NRT)
def in_own_end(c, t, y):
    return c.aline[t, y] > 2 * c.dims[2] + 1 - c.dims[4] - 1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def lift(occ, pos, t, s):
    """Take player (t, s) off the board: his square in ``occ`` freed, ``pos`` -1."""
    y = pos[t, s, 0]
    if y >= 0:
        x = pos[t, s, 1]
        if occ[y, x] == t * 6 + s + 1:
            occ[y, x] = 0
    pos[t, s, 0] = -1
    pos[t, s, 1] = -1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def remove(w, t, s):
    lift(w.occ, w.pos, t, s)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def place(c, w, t, s, y, x):
    """Put player (t, s) on (y, x), or on the nearest free square to it (:func:`place_at` on ``c.cell``,
    ``w.occ``, ``w.pos``: a call copies only the arrays it is given)."""
    place_at(c.cell, w.occ, w.pos, t, s, y, x)


@nb.njit(cache=True, _nrt=NRT)
def place_at(cell, occ, pos, t, s, y, x):
    """Put player (t, s) on (y, x), or on the nearest free square to it (rings of growing king distance)."""
    lift(occ, pos, t, s)
    H = cell.shape[0]
    W = cell.shape[1]
    for r in range(0, 12):
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                if max(abs(dy), abs(dx)) != r:
                    continue
                ny = y + dy
                nx = x + dx
                if 0 <= ny < H and 0 <= nx < W and passable(cell, ny, nx) and occ[ny, nx] == 0:
                    pos[t, s, 0] = ny
                    pos[t, s, 1] = nx
                    occ[ny, nx] = t * 6 + s + 1
                    return
    raise ValueError("no free square on the board")


@nb.njit(cache=True, inline="always", _nrt=NRT)
def sync_puck(w):
    """The puck's square follows its carrier."""
    S = w.S
    if S[Z.poss] >= 0 and S[Z.carrier] >= 0:
        S[Z.puck_y] = w.pos[S[Z.poss], S[Z.carrier], 0]
        S[Z.puck_x] = w.pos[S[Z.poss], S[Z.carrier], 1]


@nb.njit(cache=True, inline="always", _nrt=NRT)
def nearest_dot(c, y, x, kind, half):
    """The face-off spot nearest (y, x) among those of ``kind`` (-1 any) in ``half`` (-1 any)
    (:func:`nearest_spot` on the spots' arrays of ``c``)."""
    return nearest_spot(c.fodot, c.fokind, c.fohalf, y, x, kind, half)


@nb.njit(cache=True, _nrt=NRT)
def nearest_spot(fodot, fokind, fohalf, y, x, kind, half):
    """The face-off spot (a row of ``fodot``) nearest (y, x) among those of ``kind`` (-1 any) in ``half``
    (-1 any; a center spot, kind 0, is in either half)."""
    best = 0
    bd = 1 << 40
    for i in range(fodot.shape[0]):
        if kind >= 0 and fokind[i] != kind:
            continue
        if half >= 0 and fohalf[i] != half and fokind[i] != 0:
            continue
        d = (fodot[i, 0] - y) ** 2 + (fodot[i, 1] - x) ** 2
        if d < bd:
            bd = d
            best = i
    return best


@nb.njit(cache=True, inline="always", _nrt=NRT)
def half_of(c, y):
    """The half row y lies in (0 / 1)."""
    return 0 if c.aline[0, y] > c.dims[2] else 1
