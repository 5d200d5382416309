"""What the policies make of a position: greedy's ordering of plays and search's evaluation (docs/passscore.md
"Policies" gives the formulas).

:func:`leaf_value` values a play at the end of it (the position the play leaves and what its last action did);
``mode`` 1 is greedy's key for the team that played, ``mode`` 2 search's evaluation from the side ``view``.
"""
from __future__ import annotations

import numba as nb

from .geom import NRT, king, line_clear, may_stand, progress
from .layout import CAPTURE, GOAL, N_SLOTS, OFFSIDE, Z

#: greedy: a goal, then an offside last; puck advance (rows) then a safe carrier, then the shooting circle
G_GOAL = 1.0e6
G_ROW = 100.0
G_SAFE = 10.0
G_SHADED = 5.0
#: search's evaluation (points from the side to view): see static()
V_GOAL = 1.0e5
V_ROW = 100.0
V_THREAT = 1500.0
V_EXPOSED = 2500.0
V_POSSESSION = 300.0
V_CAPTURE = 5000.0
V_OFFSIDE = 3000.0


@nb.njit(cache=True, inline="always", _nrt=NRT)
def exposed(c, w, a, car):
    """Team a's puck carrier, on circle ``car``, can be captured at the opponents' next play: an opponent stands on
    an adjoining circle from which he may step onto it (a slide capture is not counted)."""
    o = 1 - a
    for s in range(N_SLOTS):
        p = w.pos[o, s]
        if p >= 0 and king(c, p, car) == 1 and may_stand(c, o, s, car, True):
            return True
    return False


@nb.njit(cache=True, inline="always", _nrt=NRT)
def open_shots(c, w, a, x, block_all):
    """Goal circles a player of team a on circle x could shoot into now (0..3): x is a shaded circle of the goal
    attacked and the line to an empty goal circle is clear (of anyone, or with ``block_all`` False of opponents:
    the shots a play's moves might still open)."""
    if c.shade_of[x] != 1 - a:
        return 0
    n = 0
    for k in range(3):
        g = c.goal[1 - a, k]
        if w.occ[g] == 0 and line_clear(c, w, x, g, a, block_all) == 1:
            n += 1
    return n


@nb.njit(cache=True, _nrt=NRT)
def threat(c, w, a):
    """Goal circles team a's carrier could shoot into now (0..3)."""
    return open_shots(c, w, a, w.pos[a, w.S[Z.carrier]], True)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def greedy_key(c, w, t, car):
    """Greedy's key of a play of team t that leaves its carrier on circle ``car`` (no goal, no offside): rows
    advanced, then a carrier no opponent stands next to, then one on a shaded circle."""
    v = G_ROW * progress(c, t, car)
    if not exposed(c, w, t, car):
        v += G_SAFE
    if c.shade_of[car] == 1 - t:
        v += G_SHADED
    return v


@nb.njit(cache=True, _nrt=NRT)
def static(c, w, view):
    """Search's evaluation of a position from team ``view``'s side, the other team to play: for the team a with
    the puck, ``V_POSSESSION + V_ROW * rows advanced + V_THREAT * (an open shot) - V_EXPOSED * (carrier exposed)``,
    counted for view when a is view and against it otherwise."""
    a = w.S[Z.poss]
    car = w.pos[a, w.S[Z.carrier]]
    v = V_POSSESSION + V_ROW * progress(c, a, car)
    if threat(c, w, a) > 0:
        v += V_THREAT
    if exposed(c, w, a, car):
        v -= V_EXPOSED
    return v if a == view else -v


@nb.njit(cache=True, inline="always", _nrt=NRT)
def leaf_value(c, w, t, st, mode, view):
    """The value of the play team t just made (its last action's status ``st``)."""
    if mode == 1:
        if w.S[Z.poss] == t and st != CAPTURE:
            if st == GOAL:
                return G_GOAL
            if st == OFFSIDE:
                return -G_GOAL
            return greedy_key(c, w, t, w.pos[t, w.S[Z.carrier]])
        if st == CAPTURE:
            return G_GOAL
        # defending: close on the carrier (nearest skater first, then all of them)
        a = 1 - t
        car = w.pos[a, w.S[Z.carrier]]
        near = 1000
        tot = 0
        for s in range(1, N_SLOTS):
            p = w.pos[t, s]
            if p >= 0:
                d = king(c, p, car)
                tot += d
                if d < near:
                    near = d
        return -G_ROW * near - tot
    sign = 1.0 if t == view else -1.0
    if st == GOAL:
        return sign * V_GOAL
    if st == CAPTURE:
        return sign * (V_CAPTURE + V_ROW * progress(c, t, w.pos[1 - t, w.S[Z.carrier]]))
    if st == OFFSIDE:
        return -sign * V_OFFSIDE
    return static(c, w, view)
