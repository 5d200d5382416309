"""Intimidation (12.0-12.3, 4.32) and the penalties it draws (16.1-16.12), and the end of a delayed penalty
(16.14-16.15).

An Advanced action card's I reading leaves ``M.intim`` = 1 + the defending ice slot who may intimidate before
the inside shot (kernel/actions.py ``set_intimidator``); :func:`.shots.shoot` reads and clears it and calls
:func:`intimidation` when the ``intimidation`` rule is in force.  The defending coach decides
(:func:`.coaching.intimidates`, policy ``intimidate``); then a split card's Intimidation section (table ``spim``):
its number inside the intimidator's I rating (``F.ilo``-``F.ihi``) takes the puck away (12.2); "possible
penalty" draws another split card against the Intimidation Chart (table ``imc``) by his Penalty rating (16.1).
Outcomes (16.12-16.13): taken away, no penalty -> the defender's puck; taken away, penalty -> the power play;
not taken away, no penalty -> the inside shot; not taken away, penalty -> the inside shot on a delayed penalty
(kernel/delayed.py).  An "any player" shooter's turn was counted when he was picked (4.32: a nullified shot
"still counts as a turn for that player").
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import stack_empty

from .coaching import intimidates, observe
from .delayed import (DEL_CONTROL, DEL_END, DEL_FACEOFF, DEL_GOAL, PEN_KIND_INTIM, PEN_KIND_INTIM_GOAL, begin,
                      charge_minor, finish)
from .draws import draw_split, in_range
from .events import log
from .layout import EV, F, M, MAX_ROSTER, MODE, N_OBS, N_POL, NP, NT, P, POL, T, ZL
from .penalties import penalty
from .tables import imc, sk, spim, spn

#: EV.intimidate's ``d`` bits: 1 the puck taken away, 2 "possible penalty" (``c`` the second split's number),
#: 4 penalized; DECLINED the coach declined (12.3)
INTIM_TAKES, INTIM_POSSIBLE, INTIM_PENALIZED, INTIM_DECLINED = 1, 2, 4, 8


@nb.njit(cache=True)
def intimidation(D, Z, RS, t, slot, s, pol, OT_, OP, OK, L):
    """Side ``1 - t``'s ice slot ``s`` may intimidate before team ``t``'s ``slot`` takes his inside shot (12.1).
    Returns True when the shot is taken (no intimidation, declined, failed, or a delayed penalty), False when the
    machine state was set otherwise (the puck taken away, or the power play)."""
    d = 1 - t
    q = Z[ZL.ice + d * 6 + s]
    if q < 0 or sk(D, q, F.ihi) == 0:
        return True                 # vacant, or a "-" I rating: nobody to intimidate
    lo = sk(D, q, F.ilo)
    hi = sk(D, q, F.ihi)
    pr = sk(D, q, F.pen)
    plo = imc(D, pr, 0)
    phi = imc(D, pr, 1)
    npen = phi - plo + 1 if plo > 0 else 0
    obs = stack_empty(N_OBS, np.int64)
    observe(Z, d, obs)
    if not intimidates(hi - lo + 1, npen, obs, pol[d * N_POL + POL.intimidate]):
        log(Z, L, EV.intimidate, d, q * 8 + s, 0, 0, INTIM_DECLINED)
        return True
    row = (d * MAX_ROSTER + sk(D, q, F.slot)) * NP
    OT_[d * NT + T.intim_try] += 1
    OP[row + P.intim_try] += 1
    c = draw_split(Z, RS)
    num = spim(D, c, 0)
    takes = in_range(num, lo, hi)
    if takes:
        OT_[d * NT + T.intim_ok] += 1
        OP[row + P.intim_ok] += 1
    n2 = 0
    pen = False
    if spim(D, c, 1):               # 16.1 "possible penalty" ("Power Play 16" disregarded: Super Advanced)
        n2 = spn(D, draw_split(Z, RS))
        pen = plo > 0 and in_range(n2, plo, phi)
    log(Z, L, EV.intimidate, d, q * 8 + s, num, n2,
        (INTIM_TAKES if takes else 0) + (INTIM_POSSIBLE if spim(D, c, 1) else 0) + (INTIM_PENALIZED if pen else 0))
    if takes and not pen:           # 12.2, 16.12: the defender has the puck; an action card resumes play
        Z[ZL.m + M.mode] = MODE.action
        Z[ZL.m + M.team] = d
        Z[ZL.m + M.slot] = s
        return False
    if takes:                       # 16.15: the defense has control, the power play begins
        OT_[d * NT + T.pen_intim] += 1
        OP[(d * MAX_ROSTER + sk(D, q, F.slot)) * NP + P.pen_intim] += 1
        penalty(D, Z, RS, d, q, pol, OT_, OP, OK, L, PEN_KIND_INTIM)
        return False
    if pen:                         # 16.13: the shot is taken on a delayed penalty
        begin(D, Z, d, q, OT_, OP, L)
    return True


@nb.njit(cache=True)
def settle_delayed(D, Z, RS, pol, OT_, OP, OK, L):
    """The delayed penalty pending is over (:func:`.delayed.is_over`): a goal (16.14: the minor is charged, no
    power play, the faceoff at center ice that follows the goal) or the defense's puck or a faceoff (16.15:
    "stop play and begin the power play"; at the period's end, the power play of the next period, 7.37)."""
    d = Z[ZL.delayed] - 1
    mode = Z[ZL.m + M.mode]
    if Z[ZL.score + 1 - d] != Z[ZL.del_score]:
        d, q = finish(D, Z, OT_, OP, L, DEL_GOAL)
        charge_minor(D, Z, d, q, OT_, OP, L, PEN_KIND_INTIM_GOAL)
        Z[ZL.m + M.mode] = MODE.faceoff if mode != MODE.end else MODE.end
        Z[ZL.m + M.zone] = -1
        return
    how = DEL_FACEOFF if mode == MODE.faceoff else (DEL_END if mode == MODE.end else DEL_CONTROL)
    d, q = finish(D, Z, OT_, OP, L, how)
    penalty(D, Z, RS, d, q, pol, OT_, OP, OK, L, PEN_KIND_INTIM)
