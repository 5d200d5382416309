"""Action cards (4.x): the top card of the action deck read for the team with the puck."""
from __future__ import annotations

import numba as nb

from simcore.nbhints import unlikely

from .. import readings as R
from ..advdeck import (DEF_PENALTY, I_OPP, SEC_O1, SEC_O2_HOME, SEC_O2_VISITORS, SEC_O3, SEC_PP,
                       TAKES_PUCK_SHOOTS)
from .coaching import ALIGN_LINE, align_teams
from .events import enc, log
from .ice import MIRROR, SELF_PASS, chain_add, chain_reset, pick_any, put_lines
from .layout import COL_IN, COL_OUT, EV, F, HOME, LEVEL_ADVANCED, M, MODE, NT, RULE, T, ZL
from .passing import passing_l_completes
from .penalties import PEN_KIND_DEFENSE, penalty
from .shots import breakaway_for
from .tables import act_row, adeck_row, defa, defc, passa_row, passc_row, rule, sk




@nb.njit(inline="always", cache=True)
def short_handed(Z, t):
    """Whether team ``t`` is short-handed: the penalty queue's manpower state (kernel/manpower.py) gives it fewer
    skaters than its opponent (13.2's "unless the team that pulls its goalie was short-handed to begin with"; at
    4 on 4 neither is).  The Basic and Advanced power plays (7.3, 16.3) are resolved on the Power Play Chart, so
    in their open play this is False; play continuing during penalties (Super Advanced) makes it True."""
    return Z[ZL.manpower + t] < Z[ZL.manpower + 1 - t]


@nb.njit(inline="always", cache=True)
def section_segment(Z, t):
    """The section of the Advanced card team ``t`` reads (10.2: by its offense, home or visitors at Offense 2)
    and the segment (by the defending team's forecheckers).  13.2: a team with its goalie pulled reads the
    power-play section (unless it was short-handed) and is considered to be in a three-forechecker defense."""
    d = 1 - t
    if Z[ZL.pull + t] and not short_handed(Z, t):
        sec = SEC_PP
    else:
        o = Z[ZL.align + t * 2]
        sec = SEC_O1 if o == 1 else (SEC_O3 if o == 3 else (SEC_O2_HOME if t == HOME else SEC_O2_VISITORS))
    seg = 3 if Z[ZL.pull + d] else Z[ZL.align + d * 2 + 1]
    return sec, seg


@nb.njit(inline="always", cache=True)
def set_intimidator(Z, d, code, shooter, second):
    """12.1: the defender of side ``d`` who may intimidate before the inside shot, from the card's I code
    (advdeck.intim_code): the second player "only if the pass for the inside shot went to the second offensive
    player" (``second``); OPP the player defending the shooter.  M.intim = 1 + his slot (0: vacant, none)."""
    first = code % 8 - 1
    alt = code // 8 - 1
    who = alt if (second and alt >= 0) else first
    s = MIRROR[shooter] if who == I_OPP else who
    Z[ZL.m + M.intim] = 1 + s if Z[ZL.ice + d * 6 + s] >= 0 else 0


@nb.njit(cache=True, forceinline=True)
def action(D, Z, RS, t, slot, pol, OT_, OP, OK, L, adv_rules):
    """Team ``t``'s ``slot`` has the puck: draw the top action card and read the team's section (Basic 4.x; at
    level=advanced the Advanced deck's section and segment, 10.2).  ``adv_rules``: whether any Advanced rule is in
    force (:func:`.tables.advanced_rules`)."""
    d = 1 - t
    adv = adv_rules and rule(D, RULE.level) == LEVEL_ADVANCED
    while True:
        if Z[ZL.cur] >= Z[ZL.ncards]:
            Z[ZL.m + M.mode] = MODE.end
            return
        c = Z[ZL.deck + Z[ZL.cur]]
        Z[ZL.cur] += 1
        Z[ZL.cards] += 1
        if c >= 0:
            break
        # a line-change card on top: change lines, then draw the next card (Getting Started)
        nf = 3 if rule(D, RULE.lines) == 3 else 4
        nd = 2 if rule(D, RULE.lines) == 3 else 3
        if c == -1:
            Z[ZL.cf] = (Z[ZL.cf] + 1) % nf
        else:
            Z[ZL.cd] = (Z[ZL.cd] + 1) % nd
        put_lines(Z)
        chain_reset(Z)
        log(Z, L, EV.line, -1, Z[ZL.cf], Z[ZL.cd], 0, 0)
        if c == -1 and unlikely(adv):
            align_teams(Z, pol, L, ALIGN_LINE)     # 9.12: a new forward line comes on
    # 12.1: an I reading is pending only until its shot; the shot code (intimidation, 12) reads and clears it,
    # and a new card clears one that no shot used (only the Advanced deck sets one)
    if unlikely(adv):
        Z[ZL.m + M.intim] = 0
    if unlikely(Z[ZL.ice + t * 6 + slot] < 0):
        slot = pick_any(D, Z, t, 0, -1, False)
    p = Z[ZL.ice + t * 6 + slot]
    if unlikely(adv):
        sec, seg = section_segment(Z, t)
        r = adeck_row(D, c, sec, seg)
        log(Z, L, EV.card, t, c, p * 8 + slot, D[r + 0], 1 + sec * 4 + seg)
    else:
        r = act_row(D, c, t)
        log(Z, L, EV.card, t, c, p * 8 + slot, D[r + 0], 0)
    k = D[r + 0]
    ms = MIRROR[slot]
    if k == R.OPP_DEFENSE:
        q = Z[ZL.ice + d * 6 + ms]
        if q < 0:
            res = R.OUTSIDE_SHOT
        elif unlikely(adv):
            res = defa(D, q, D[r + 1], 0)           # Defense 2-14 (10.2, 16.2)
        else:
            res = defc(D, q, D[r + 1] - 12, 0)
        log(Z, L, EV.defense, d, (q if q >= 0 else 0) * 8 + ms, D[r + 1], res, 0)
        if res == R.TAKES_PUCK:
            Z[ZL.m + M.mode] = MODE.action
            Z[ZL.m + M.team] = d
            Z[ZL.m + M.slot] = ms
            return
        if unlikely(res == DEF_PENALTY):           # 16.2: "Either a penalty will occur ..."
            OT_[d * NT + T.pen_def] += 1
            penalty(D, Z, RS, d, q, pol, OT_, OP, OK, L, PEN_KIND_DEFENSE)
            return
        if unlikely(res == TAKES_PUCK_SHOOTS):     # 16.2: "... or the defender will take away the puck and
            chain_reset(Z)                         # attempt an outside shot" (no penetration, as 4.83)
            Z[ZL.m + M.mode] = MODE.shot
            Z[ZL.m + M.team] = d
            Z[ZL.m + M.slot] = ms
            Z[ZL.m + M.col] = COL_OUT
            Z[ZL.m + M.unrestricted] = 0
            return
        Z[ZL.m + M.mode] = MODE.shot
        Z[ZL.m + M.team] = t
        Z[ZL.m + M.slot] = slot
        Z[ZL.m + M.col] = COL_OUT
        Z[ZL.m + M.unrestricted] = 1
        return
    if k == R.PASSING:
        pr = passa_row(D, p, D[r + 1]) if unlikely(adv) else passc_row(D, p, D[r + 1] - 9)
        log(Z, L, EV.pass_, t, p * 8 + slot, D[r + 1], 0, enc(D, pr))
        if D[pr + 0] == R.PASS_INSIDE:
            s = D[pr + 1]
            if s == R.ANY:
                s = pick_any(D, Z, t, 0, slot, True)
            elif s == slot:
                s = SELF_PASS[s]          # 4.42: a player off his first position passing to "himself"
            if s < 0 or Z[ZL.ice + t * 6 + s] < 0:
                s = slot
            # 11.5: a Passing L inside shot may be broken up (the Passing L chart, kernel/passing.py)
            if s != slot and D[r + 1] == 11 and unlikely(adv_rules) and rule(D, RULE.passing_l) and \
                    not passing_l_completes(D, Z, RS, t, p, slot, s, L):
                return
            if s != slot:
                chain_add(Z, t, p)
            Z[ZL.m + M.mode] = MODE.shot
            Z[ZL.m + M.team] = t
            Z[ZL.m + M.slot] = s
            Z[ZL.m + M.col] = COL_IN
            Z[ZL.m + M.unrestricted] = 0
            return
        # lose puck to a defender
        Z[ZL.m + M.mode] = MODE.action
        Z[ZL.m + M.team] = d
        Z[ZL.m + M.slot] = D[pr + 1] if D[pr + 1] != R.ANY else pick_any(D, Z, d, 0, -1, False)
        return
    if k == R.SHOT_FOR:
        s = D[r + 2]
        if s == R.ANY:
            s = pick_any(D, Z, t, 0, slot, True)
            if s < 0:
                s = slot
        elif s == slot:
            s = D[r + 3] if D[r + 3] >= 0 else slot       # 4.41: the pass goes to the player in parentheses
        if Z[ZL.ice + t * 6 + s] < 0:
            s = slot
        if s != slot:
            chain_add(Z, t, p)
            if unlikely(adv) and D[r + 4] != 0:     # 12.0: "When a pass resulting in an inside shot ..."
                set_intimidator(Z, d, D[r + 4], s, s == D[r + 3] and s != D[r + 2])
        Z[ZL.m + M.mode] = MODE.shot
        Z[ZL.m + M.team] = t
        Z[ZL.m + M.slot] = s
        Z[ZL.m + M.col] = COL_IN if D[r + 1] == 1 else COL_OUT
        Z[ZL.m + M.unrestricted] = 1
        return
    if k == R.LOSE_PUCK_OUTSIDE:
        s = D[r + 1]
        if Z[ZL.ice + d * 6 + s] < 0:
            s = ms
        Z[ZL.m + M.mode] = MODE.shot
        Z[ZL.m + M.team] = d
        Z[ZL.m + M.slot] = s
        Z[ZL.m + M.col] = COL_OUT
        Z[ZL.m + M.unrestricted] = 0
        chain_reset(Z)
        return
    if k == R.POSSIBLE_BREAKAWAY:
        breakaway_for(D, Z, RS, t, slot, slot, L)
        return
    if k == R.LOSE_PUCK_BREAKAWAY:
        chain_reset(Z)
        breakaway_for(D, Z, RS, d, -1, ms, L)
        if Z[ZL.m + M.mode] == MODE.action:   # 4.62 failed: the puck goes back to the opponent of the intended shooter
            Z[ZL.m + M.team] = t
            Z[ZL.m + M.slot] = slot
        return
    if k == R.LOSE_PUCK_INSIDE_ANY:
        chain_reset(Z)
        s = pick_any(D, Z, d, 0, -1, True)          # 4.71: every opposing player is eligible
        Z[ZL.m + M.mode] = MODE.shot
        Z[ZL.m + M.team] = d
        Z[ZL.m + M.slot] = s
        Z[ZL.m + M.col] = COL_IN
        Z[ZL.m + M.unrestricted] = 0
        return
    if k == R.PENALTY_CARD:
        q = Z[ZL.ice + d * 6 + ms]
        log(Z, L, EV.pencard, d, (q if q >= 0 else 0) * 8 + ms, sk(D, q, F.pen) if q >= 0 else -1,
            1 if (q >= 0 and (D[r + 1] >> sk(D, q, F.pen)) & 1) else 0, 0)
        if q >= 0 and (D[r + 1] >> sk(D, q, F.pen)) & 1:
            penalty(D, Z, RS, d, q, pol, OT_, OP, OK, L, 0)
            return
        # 4.82-4.83: no penalty, the defender takes the puck and shoots from outside, no penetration
        chain_reset(Z)
        Z[ZL.m + M.mode] = MODE.shot
        Z[ZL.m + M.team] = d
        Z[ZL.m + M.slot] = ms if q >= 0 else pick_any(D, Z, d, 0, -1, False)
        Z[ZL.m + M.col] = COL_OUT
        Z[ZL.m + M.unrestricted] = 0
        return
    raise ValueError("an action card reading the Basic game does not know")
