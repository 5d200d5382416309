"""Deflections (25.0-25.22): who tries it (the Deflection chart, 25.1) and the counts; kernel/shots.py resolves
the deflector's Inside reading, as it resolves a shot."""
from __future__ import annotations

import numba as nb

from .draws import roll1
from .events import log
from .layout import EV, F, HDR, MAX_ROSTER, NP, NT, P, T, ZL
from .tables import sk


@nb.njit(cache=True)
def deflector(D, Z, RS, t, p, slot, OT_, OP, L):
    """25.1: team ``t``'s try for a deflection of ``p``'s (at ``slot``) outside shot: one die on the Deflection
    chart; returns the slot of the player who gets the opportunity, or -1 when the chart reads none, names a
    vacant position ("then the shot is not deflected") or the shooter himself.  ``slot`` is where ``p`` shot
    from; after a power play's last shot the lines may have come on since (16.32), so the shooter is told by
    his id, not by that slot."""
    OT_[t * NT + T.defl_try] += 1
    die = roll1(Z, RS)
    s = D[D[HDR.dfl] + die - 1]
    if s >= 0 and (Z[ZL.ice + t * 6 + s] < 0 or Z[ZL.ice + t * 6 + s] == p):
        s = -1
    log(Z, L, EV.deflect, t, p * 8 + slot, die, s, 0)
    if s >= 0:
        OP[(t * MAX_ROSTER + sk(D, Z[ZL.ice + t * 6 + s], F.slot)) * NP + P.defl_try] += 1
    return s


@nb.njit(inline="always", cache=True)
def deflection_goal(D, t, q, OT_, OP):
    """Count a goal scored on a deflection by team ``t``'s ``q`` (skater id)."""
    OT_[t * NT + T.defl_goals] += 1
    OP[(t * MAX_ROSTER + sk(D, q, F.slot)) * NP + P.defl_g] += 1


@nb.njit(inline="always", cache=True)
def move_shot(D, t, p, q, OP):
    """The shot on goal counted for the defenseman ``p`` becomes the deflector ``q``'s (the puck was deflected:
    his Inside reading was a Goal or a Goalie Rating, 25.2)."""
    OP[(t * MAX_ROSTER + sk(D, p, F.slot)) * NP + P.sog] -= 1
    OP[(t * MAX_ROSTER + sk(D, q, F.slot)) * NP + P.sog] += 1
