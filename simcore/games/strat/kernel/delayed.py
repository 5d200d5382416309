"""The delayed penalty (16.13-16.15): a penalty called on an intimidator who failed to take the puck away.

"the player in control takes the shot.  This is a delayed penalty.  Play continues until the defense gains
control, a goal is scored or a faceoff occurs ... the offensive team should pull its goalie and bring in an extra
skater" (16.13).  State: ``Z[ZL.delayed]`` 1 + the penalized side (0 none), ``Z[ZL.del_off]`` the offender,
``Z[ZL.del_score]`` the other side's score when it began, ``Z[ZL.del_pull]`` 1 when its goalie came out for it
(a goalie already pulled late in the game, 13.0, stays out).  :func:`begin` starts it; the period loop asks
:func:`is_over` after every step and :func:`.intimidation.settle_delayed` ends it (16.14 a goal: the minor
without a power play; 16.15 the defense's puck or a faceoff: the power play).
"""
from __future__ import annotations

import numba as nb

from .events import log
from .goalies import extra_skater
from .layout import EV, F, M, MAX_ROSTER, MODE, NP, NT, P, T, ZL
from .tables import sk

#: EV.penalty kinds of an intimidation penalty (16.1; pbp.ADV_PENALTY_WHY): with its power play, and a delayed
#: penalty ended by a goal (16.14: "Credit the penalized defender with a two-minute penalty", no power play)
PEN_KIND_INTIM, PEN_KIND_INTIM_GOAL = 5, 6
#: EV.delayed's ``c``: the delayed penalty begins, ends by a goal, by the defense's puck, by a faceoff, by the
#: period's end, or with another penalty on the same side (two minors, two power plays one after the other)
DEL_BEGIN, DEL_GOAL, DEL_CONTROL, DEL_FACEOFF, DEL_END, DEL_COINCIDENT = 0, 1, 2, 3, 4, 5


@nb.njit(cache=True)
def begin(D, Z, d, q, OT_, OP, L):
    """Side ``d``'s skater ``q`` is penalized on a failed intimidation (16.13): the other side keeps the puck and
    pulls its goalie for an extra skater in ice slot 5 (13.3: the "any player" readings go to him)."""
    t = 1 - d
    Z[ZL.delayed] = 1 + d
    Z[ZL.del_off] = q
    Z[ZL.del_score] = Z[ZL.score + t]
    Z[ZL.del_pull] = 0
    OT_[d * NT + T.delayed] += 1
    OP[(d * MAX_ROSTER + sk(D, q, F.slot)) * NP + P.delayed] += 1
    x = -1
    if not Z[ZL.pull + t]:
        x = extra_skater(D, Z, t)
        if x >= 0:
            Z[ZL.pull + t] = 1
            Z[ZL.ice + t * 6 + 5] = x
            Z[ZL.del_pull] = 1
    log(Z, L, EV.delayed, d, q, x, DEL_BEGIN, 0)


@nb.njit(inline="always", cache=True)
def is_over(Z):
    """Whether the delayed penalty pending ends now (16.13): a goal by the other side, a faceoff (or the period's
    end), or the penalized side's puck."""
    d = Z[ZL.delayed] - 1
    mode = Z[ZL.m + M.mode]
    return (Z[ZL.score + 1 - d] != Z[ZL.del_score] or mode == MODE.faceoff or mode == MODE.end
            or Z[ZL.m + M.team] == d)


@nb.njit(cache=True)
def finish(D, Z, OT_, OP, L, how):
    """End the delayed penalty: the extra skater goes off, the goalie back in (if he came out for it); the
    intimidation penalty is counted (T.pen_intim).  Returns (penalized side, offender)."""
    d = Z[ZL.delayed] - 1
    t = 1 - d
    q = Z[ZL.del_off]
    Z[ZL.delayed] = 0
    if Z[ZL.del_pull]:
        Z[ZL.pull + t] = 0
        Z[ZL.ice + t * 6 + 5] = -1
        Z[ZL.del_pull] = 0
    OT_[d * NT + T.pen_intim] += 1
    OP[(d * MAX_ROSTER + sk(D, q, F.slot)) * NP + P.pen_intim] += 1
    log(Z, L, EV.delayed, d, q, -1, how, 0)
    return d, q


@nb.njit(cache=True)
def charge_minor(D, Z, d, q, OT_, OP, L, kind):
    """The minor of side ``d``'s skater ``q`` charged: with no power play (16.14), or before it is called into the
    penalty queue when a second penalty ends the delayed one (:func:`.penalties.penalty`)."""
    OT_[d * NT + T.pen] += 1
    OT_[d * NT + T.pim] += 2
    OP[(d * MAX_ROSTER + sk(D, q, F.slot)) * NP + P.pim] += 2
    log(Z, L, EV.penalty, d, q, kind, 0, 0)
