"""Penalties: a minor is called into the penalty queue (kernel/manpower.py), and its power play is the period's next
step, the next period's first (7.37) or none (7.38)."""
from __future__ import annotations

import numba as nb

from .delayed import DEL_COINCIDENT, PEN_KIND_INTIM, charge_minor, finish
from .events import log
from .layout import EV, F, K, M, MAX_ROSTER, MODE, NK, NP, NT, P, Q, RULE, T, ZL
from .manpower import call_penalty, clear_penalties, entry, first_called
from .tables import rule, sk

MINOR = 2                           # minutes of a minor (4.8, 5.72, 16.1, 16.2)

PEN_KIND_DEFENSE = 4                # EV.penalty's kind for a Defense-column penalty (16.2; pbp.ADV_PENALTY_WHY)


@nb.njit(inline="always", cache=True)
def charge_goalie(Z, OK, side):
    """The goalie in net of ``side`` takes a minor (5.72): one penalty and 2 minutes on his own counters."""
    i = (side * 2 + Z[ZL.gkslot + side]) * NK
    OK[i + K.pen] += 1
    OK[i + K.pim] += 2


@nb.njit(cache=True)
def penalty(D, Z, RS, t_off, p, pol, OT_, OP, OK, L, kind, pp_out=-1):
    """Skater ``p`` (or a goalie: ``p`` < 0) of team ``t_off`` takes a minor, called into the penalty queue; the
    other team's power play (:func:`.powerplay.power_play`) is the period's next step, the next period's first
    when the deck is spent (7.37), or none on the game's last card (7.38: the queue is emptied).  ``kind``: 0 an
    action-card penalty (4.8), 1 a goalie penalty (5.72), 4 a Defense-column penalty (16.2), 5 an intimidation
    penalty (16.1, kernel/intimidation.py).  The offender sits out the power play (Getting Started: "All rules
    of pro hockey apply"); ``pp_out`` (-1 none) is a skater of the other team serving a minor of his own through
    that power play (5.73, ``retaliation=power_play``)."""
    if Z[ZL.delayed]:
        # a penalty during a delayed penalty (16.13): the delayed minor is booked and called first; the two
        # minors are served one after the other (docs/strat.md, "Intimidation penalties and delayed penalties")
        dd, dq = finish(D, Z, OT_, OP, L, DEL_COINCIDENT)
        charge_minor(D, Z, dd, dq, OT_, OP, L, PEN_KIND_INTIM)
        call_penalty(Z, dd, dq, MINOR, -1)
    OT_[t_off * NT + T.pen] += 1
    OT_[t_off * NT + T.pim] += 2
    if kind == 0:
        OT_[t_off * NT + T.pen_card] += 1
    elif kind == 1:
        OT_[t_off * NT + T.pen_goalie] += 1
    if p >= 0:
        OP[(t_off * MAX_ROSTER + sk(D, p, F.slot)) * NP + P.pim] += 2
        if kind == 0:
            OP[(t_off * MAX_ROSTER + sk(D, p, F.slot)) * NP + P.pen_card] += 1
        elif kind == PEN_KIND_DEFENSE:
            OP[(t_off * MAX_ROSTER + sk(D, p, F.slot)) * NP + P.pen_def] += 1
    else:
        charge_goalie(Z, OK, t_off)
    log(Z, L, EV.penalty, t_off, p, kind, 0, 0)
    call_penalty(Z, t_off, p, MINOR, pp_out)
    power_play_next(D, Z)


@nb.njit(cache=True, forceinline=True)
def power_play_next(D, Z):
    """The next step once a penalty is called, or a power play is over with another called penalty in the queue:
    its power play (:func:`.powerplay.power_play`), now or, with the period's deck spent, at the start of the next
    period (7.37: "the penalty occurred at the buzzer and the power play begins at the start of the next
    period"); on the game's last card none (7.38: "the game ends without a power play")."""
    Z[ZL.m + M.zone] = -1
    if Z[ZL.cur] >= Z[ZL.ncards]:
        last_of_game = Z[ZL.ot] or (Z[ZL.period] == 3 and (Z[ZL.score] != Z[ZL.score + 1]
                                                     or rule(D, RULE.ot_cards) == 0))
        if last_of_game:
            clear_penalties(Z)
        Z[ZL.m + M.mode] = MODE.end
        return
    Z[ZL.m + M.mode] = MODE.power_play
    Z[ZL.m + M.team] = 1 - entry(Z, first_called(Z), Q.side)
