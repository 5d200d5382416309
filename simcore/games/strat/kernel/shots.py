"""Shots and goalie cards (3.0, 5.x, 6.x): the shot, penetration, the goalie's card, rebounds and breakaways;
the Advanced choices of the shot path: passing instead of penetrating (11, kernel/passing.py), deflections (25,
kernel/deflections.py), the Enforcer rule (26) and Alternate Penetration (31, kernel/penetration.py)."""
from __future__ import annotations

import numba as nb

from simcore.nbhints import unlikely

from .. import readings as R
from .coaching import deflects, passes, penetrates
from .deflections import deflection_goal, deflector, move_shot
from .draws import draw_split, in_range, roll1, roll2, split_in
from .events import enc, log
from .goals import score_goal, shot_on_goal
from .ice import MIRROR, chain_add, pick_any
from .intimidation import intimidation
from .layout import (COL_IN, COL_OUT, COL_REB, EV, F, M, MAX_ROSTER, MODE, N_POL, NP, NT, P, POL, RET_OFFSETTING,
                     RULE, T, ZL)
from .passing import pass_inside
from .penalties import charge_goalie, penalty
from .penetration import penetrated_against, penetration_rating
from .tables import gc_row, pen_chart, penc, ret, rule, shot_row, sk, spn, spx_row


@nb.njit(cache=True, forceinline=True)
def rebound(D, Z, RS, t, shooter_slot, L):
    """X-Reb: the Rebound section of a split card (5.31-5.34)."""
    c = draw_split(Z, RS)
    r = spx_row(D, c, 1)
    if D[r + 3] and rule(D, RULE.injuries):
        Z[ZL.inj_pend] = 1 + t
    d = 1 - t
    shooter = Z[ZL.ice + t * 6 + shooter_slot]
    log(Z, L, EV.rebound, t, 0, 0, 0, enc(D, r))
    if D[r + 0] == R.REB_OFFENSE:
        if D[r + 1] == R.ANY:
            s = pick_any(D, Z, t, D[r + 2], -1, False)   # the coach's pick (4.31): best Offense
            if s < 0:
                Z[ZL.m + M.mode] = MODE.action
                Z[ZL.m + M.team] = d
                Z[ZL.m + M.slot] = MIRROR[shooter_slot]
                return
        else:
            s = D[r + 1]
        q = Z[ZL.ice + t * 6 + s]
        if q >= 0 and sk(D, q, F.off) >= D[r + 2]:
            chain_add(Z, t, shooter)
            Z[ZL.m + M.mode] = MODE.shot
            Z[ZL.m + M.team] = t
            Z[ZL.m + M.slot] = s
            Z[ZL.m + M.col] = COL_REB
            Z[ZL.m + M.unrestricted] = 1
            return
        Z[ZL.m + M.mode] = MODE.action
        Z[ZL.m + M.team] = d
        Z[ZL.m + M.slot] = MIRROR[s]
        return
    # REB_DEFENSE
    s = D[r + 1]
    q = Z[ZL.ice + d * 6 + s]
    if q >= 0 and (D[r + 2] == 0 or sk(D, q, F.def_) >= D[r + 2]):
        Z[ZL.m + M.mode] = MODE.action
        Z[ZL.m + M.team] = d
        Z[ZL.m + M.slot] = s
        return
    chain_add(Z, t, shooter)
    Z[ZL.m + M.mode] = MODE.shot
    Z[ZL.m + M.team] = t
    Z[ZL.m + M.slot] = MIRROR[s]
    Z[ZL.m + M.col] = COL_REB
    Z[ZL.m + M.unrestricted] = 1


@nb.njit(cache=True, forceinline=True)
def breakaway_for(D, Z, RS, t, starter_slot, rating_slot, L):
    """Possible breakaway for team ``t`` (4.6-4.62, 4.7, 5.71).  ``starter_slot``: the player who started it,
    whose own position sends the shot to the player in parentheses (4.61; -1: nobody, as when the other team
    lost the puck, 4.71); ``rating_slot``: whose Breakaway rating a "Rating N" reading tests (4.62)."""
    c = draw_split(Z, RS)
    r = spx_row(D, c, 0)
    log(Z, L, EV.breakaway, t, rating_slot, 0, 0, enc(D, r))
    if D[r + 0] == R.BKWY_PLAYER:
        s = D[r + 1]
        if s == starter_slot and D[r + 2] >= 0:
            s = D[r + 2]            # 4.61: the first reading is the player who started it
        if Z[ZL.ice + t * 6 + s] < 0:
            s = rating_slot
        Z[ZL.m + M.mode] = MODE.shot
        Z[ZL.m + M.team] = t
        Z[ZL.m + M.slot] = s
        Z[ZL.m + M.col] = COL_REB
        Z[ZL.m + M.unrestricted] = 1
        if starter_slot >= 0 and s != starter_slot and Z[ZL.ice + t * 6 + starter_slot] >= 0:
            chain_add(Z, t, Z[ZL.ice + t * 6 + starter_slot])
        return
    q = Z[ZL.ice + t * 6 + rating_slot]
    if q >= 0 and sk(D, q, F.bkwy) >= D[r + 1]:
        Z[ZL.m + M.mode] = MODE.shot
        Z[ZL.m + M.team] = t
        Z[ZL.m + M.slot] = rating_slot
        Z[ZL.m + M.col] = COL_REB
        Z[ZL.m + M.unrestricted] = 1
        return
    # 4.62: no breakaway, the opponent of the intended shooter has the puck
    Z[ZL.m + M.mode] = MODE.action
    Z[ZL.m + M.team] = 1 - t
    Z[ZL.m + M.slot] = MIRROR[rating_slot]


@nb.njit(cache=True, forceinline=True)
def faceoff_dz(Z, t_goalie):
    """A save frozen by ``t_goalie``'s goalie: faceoff in his end (2.2)."""
    Z[ZL.m + M.mode] = MODE.faceoff
    Z[ZL.m + M.zone] = t_goalie


@nb.njit(cache=True)
def goalie_penalty(D, Z, RS, t, pol, OT_, OP, OK, L):
    """The goalie of the team defending against team ``t`` is penalized (5.72: his card's penalty split card fell
    in range): the retaliation check (5.73), then the power play for ``t`` or, with offsetting minors, a faceoff
    in the goalie's end."""
    d = 1 - t
    # 5.73: the retaliation die names an attacker; a split card on the penalty chart (his Penalty rating)
    # decides whether he is penalized too (docs/strat.md, "Goalie penalties and retaliation")
    die = roll1(Z, RS)
    rs = ret(D, die - 1)
    q = -1
    n2 = 0
    hit = 0
    if rs >= 0 and Z[ZL.ice + t * 6 + rs] >= 0:
        q = Z[ZL.ice + t * 6 + rs]
        n2 = spn(D, draw_split(Z, RS))
        pr = sk(D, q, F.pen)
        hit = 1 if in_range(n2, pen_chart(D, pr, 0), pen_chart(D, pr, 1)) else 0
    log(Z, L, EV.retaliation, t, die, rs, n2, (q + 1) * 2 + hit)
    if hit:
        OT_[t * NT + T.pen] += 1
        OT_[t * NT + T.pim] += 2
        OT_[t * NT + T.pen_retal] += 1
        OP[(t * MAX_ROSTER + sk(D, q, F.slot)) * NP + P.pim] += 2
        OP[(t * MAX_ROSTER + sk(D, q, F.slot)) * NP + P.pen_retal] += 1
        log(Z, L, EV.penalty, t, q, 2, 0, 0)
        if rule(D, RULE.retaliation) == RET_OFFSETTING:
            # offsetting minors: no power play; the goalie's minor is served, play resumes
            OT_[d * NT + T.pen] += 1
            OT_[d * NT + T.pim] += 2
            OT_[d * NT + T.pen_goalie] += 1
            charge_goalie(Z, OK, d)
            log(Z, L, EV.penalty, d, -1 - Z[ZL.gk + d], 3, 0, 0)
            faceoff_dz(Z, d)
            return
    # the power play, the retaliator (if penalized) in the box with the goalie's minor
    penalty(D, Z, RS, d, -1 - Z[ZL.gk + d], pol, OT_, OP, OK, L, 1, q if hit else -1)


@nb.njit(cache=True, forceinline=True)
def goalie_card(D, Z, RS, t, slot, col, pol, OT_, OP, OK, L):
    """Goalie Rating against a shot of column ``col`` by team ``t``'s ``slot`` (5.5-5.8, 5.7, 24.2)."""
    d = 1 - t
    p = Z[ZL.ice + t * 6 + slot]
    gd = roll2(Z, RS)
    g = gc_row(D, Z[ZL.gk + d], gd - 2, 0 if col == COL_OUT else 1)
    log(Z, L, EV.goalie, d, Z[ZL.gk + d], gd, 0, enc(D, g))
    k = D[g + 0]
    if k == R.GOAL:
        if not (D[g + 1] == 1 and D[g + 2] == 20):
            if not split_in(D, Z, RS, L, t, D[g + 1], D[g + 2]):
                faceoff_dz(Z, d)
                return
        score_goal(D, Z, RS, t, p, 0, 0, 0, OT_, OP, OK, L)
        Z[ZL.m + M.mode] = MODE.faceoff
        Z[ZL.m + M.zone] = -1
        return
    if k == R.FACEOFF:
        if D[g + 1] and Z[ZL.fat + d] and rule(D, RULE.fatigue):
            score_goal(D, Z, RS, t, p, 0, 0, 1, OT_, OP, OK, L)
            Z[ZL.m + M.mode] = MODE.faceoff
            Z[ZL.m + M.zone] = -1
            return
        faceoff_dz(Z, d)
        return
    if k == R.SAVE_TO:
        Z[ZL.m + M.mode] = MODE.action
        Z[ZL.m + M.team] = d
        Z[ZL.m + M.slot] = D[g + 1] if D[g + 1] != R.ANY else pick_any(D, Z, d, 0, -1, False)
        if Z[ZL.ice + d * 6 + Z[ZL.m + M.slot]] < 0:
            Z[ZL.m + M.slot] = pick_any(D, Z, d, 0, -1, False)
        return
    if k == R.SAVE_REBOUND:
        rebound(D, Z, RS, t, slot, L)
        return
    if k == R.SAVE_BREAKAWAY:
        if split_in(D, Z, RS, L, d, D[g + 1], D[g + 2]):
            breakaway_for(D, Z, RS, d, -1, MIRROR[slot], L)
            return
        faceoff_dz(Z, d)
        return
    if k == R.SAVE_PENALTY:
        if split_in(D, Z, RS, L, d, D[g + 1], D[g + 2]):
            goalie_penalty(D, Z, RS, t, pol, OT_, OP, OK, L)
            return
        faceoff_dz(Z, d)
        return
    faceoff_dz(Z, d)


@nb.njit(cache=True, forceinline=True)
def shoot(D, Z, RS, t, slot, col, unrestricted, pol, OT_, OP, OK, L, adv):
    """A shot by team ``t``'s ``slot`` from column ``col`` (3.0); an unrestricted outside shot may first
    penetrate (6.0-6.1) per the coach's policy.  ``adv``: whether any Advanced rule is in force
    (:func:`.tables.advanced_rules`); without, none of their steps is tried."""
    d = 1 - t
    p = Z[ZL.ice + t * 6 + slot]
    if unlikely(p < 0):
        Z[ZL.m + M.mode] = MODE.action
        Z[ZL.m + M.team] = d
        Z[ZL.m + M.slot] = MIRROR[slot]
        return
    if unlikely(adv) and Z[ZL.m + M.intim]:
        # 12.1: the card's I reading names a defender who may intimidate first (kernel/intimidation.py)
        s = Z[ZL.m + M.intim] - 1
        Z[ZL.m + M.intim] = 0
        if rule(D, RULE.intim) and not intimidation(D, Z, RS, t, slot, s, pol, OT_, OP, OK, L):
            return
    if col == COL_OUT and unrestricted:
        # the coach decides on the shooter's card and his own memory of this shooter (coaching.penetrates)
        mem = ZL.tacc + t * MAX_ROSTER + sk(D, p, F.slot)
        go, Z[mem] = penetrates(sk(D, p, F.tend), Z[mem], pol[t * N_POL + POL.penetrate])
        if not go and unlikely(adv) and rule(D, RULE.passing):
            # 11.0: or pass inside (coaching.passes: his Passing ability and Tendency stars)
            pm = ZL.pacc + t * MAX_ROSTER + sk(D, p, F.slot)
            ps, Z[pm] = passes(sk(D, p, F.ast), sk(D, p, F.tend), Z[pm], pol[t * N_POL + POL.pass_])
            if ps:
                pass_inside(D, Z, RS, t, slot, OT_, OP, L)
                return
        if go:
            OT_[t * NT + T.pen_try] += 1
            c = draw_split(Z, RS)
            b = sk(D, p, F.bkwy)
            if unlikely(adv):
                b = penetration_rating(D, Z, t, b)      # 26.2
                if b != sk(D, p, F.bkwy):
                    log(Z, L, EV.enforcer, t, p * 8 + slot, sk(D, p, F.bkwy), b, 0)
            ok = in_range(spn(D, c), penc(D, b, 0), penc(D, b, 1))
            log(Z, L, EV.penetrate, t, p * 8 + slot, b, spn(D, c), ok)
            if not ok:
                Z[ZL.m + M.mode] = MODE.action
                Z[ZL.m + M.team] = d
                Z[ZL.m + M.slot] = penetrated_against(D, slot) if unlikely(adv) else MIRROR[slot]    # 6.1, or 31.1
                return
            OT_[t * NT + T.pen_ok] += 1
            col = COL_IN
    dice = roll2(Z, RS)
    r = shot_row(D, p, col, dice - 2)
    k = D[r + 0]
    log(Z, L, EV.shot, t, p * 8 + slot, col, dice, enc(D, r))
    empty = Z[ZL.pull + d] != 0
    if k == R.LOSE_PUCK_TO:
        Z[ZL.m + M.mode] = MODE.action
        Z[ZL.m + M.team] = d
        Z[ZL.m + M.slot] = D[r + 1] if D[r + 1] != R.ANY else pick_any(D, Z, d, 0, -1, False)
        return
    if k == R.SAVE_TO:
        if not empty:
            shot_on_goal(D, Z, t, p, OT_, OP, OK, 0)
        Z[ZL.m + M.mode] = MODE.action
        Z[ZL.m + M.team] = d
        Z[ZL.m + M.slot] = D[r + 1] if D[r + 1] != R.ANY else pick_any(D, Z, d, 0, -1, False)
        if Z[ZL.ice + d * 6 + Z[ZL.m + M.slot]] < 0:
            Z[ZL.m + M.slot] = pick_any(D, Z, d, 0, -1, False)
        return
    shot_on_goal(D, Z, t, p, OT_, OP, OK, 0)
    defl = False
    if k == R.SAVE_REBOUND:
        # 25.0: an outside X-Reb by a defenseman may be tried as a deflection (coaching.deflects)
        if not (col == COL_OUT and unlikely(adv) and tries_deflection(D, t, p, pol)):
            rebound(D, Z, RS, t, slot, L)
            return
        k, r, p, slot = deflection(D, Z, RS, t, p, slot, OT_, OP, L)
        if k < 0:
            return
        col = COL_IN
        defl = True
    shot_result(D, Z, RS, t, p, slot, col, k, r, empty, defl, pol, OT_, OP, OK, L)


@nb.njit(cache=True, inline="always")
def tries_deflection(D, t, p, pol):
    """25.0: whether team ``t`` tries to deflect skater ``p``'s outside X-Reb: the rule in force, ``p`` a
    defenseman, and the coach's choice (coaching.deflects)."""
    return rule(D, RULE.deflections) and sk(D, p, F.isd) and deflects(pol[t * N_POL + POL.deflect])


@nb.njit(cache=True, forceinline=True)
def deflection(D, Z, RS, t, p, slot, OT_, OP, L):
    """25.1-25.21: team ``t``'s try to deflect defenseman ``p``'s (ice ``slot``) outside shot, after its X-Reb
    was read and counted as a shot on goal.  Returns ``(k, r, q, ds)``: the deflector ``q`` (ice slot ``ds``)
    and the reading ``k`` (row ``r``) of his Inside column, a Goal or Goalie Rating, the shot now his (25.2:
    resolve it as his inside shot, :func:`shot_result`); or ``k`` -1 when not deflected, play set to the
    defense's puck."""
    d = 1 - t
    ds = deflector(D, Z, RS, t, p, slot, OT_, OP, L)
    k = -1
    r = 0
    q = -1
    if ds >= 0:
        q = Z[ZL.ice + t * 6 + ds]
        dice = roll2(Z, RS)
        r = shot_row(D, q, COL_IN, dice - 2)
        k = D[r + 0]
        log(Z, L, EV.deflect, t, q * 8 + ds, dice, 9, enc(D, r))
    if k != R.GOAL and k != R.GOALIE_RATING:
        # not deflected -- nobody there (25.1 "then the shot is not deflected") or any other reading (25.21):
        # "a save by the goalie with a rebound to Any Defensive Player", the shot the defenseman's
        Z[ZL.m + M.mode] = MODE.action
        Z[ZL.m + M.team] = d
        Z[ZL.m + M.slot] = pick_any(D, Z, d, 0, -1, False)
        return -1, r, p, slot
    # 25.2: resolved normally, as the deflector's inside shot (the defenseman's shot assists, 14.1)
    move_shot(D, t, p, q, OP)
    chain_add(Z, t, p)
    return k, r, q, ds


@nb.njit(cache=True, forceinline=True)
def shot_result(D, Z, RS, t, p, slot, col, k, r, empty, defl, pol, OT_, OP, OK, L):
    """The end of team ``t``'s shot at even strength by ``p`` (ice ``slot``, column ``col``) whose reading ``k``
    (row ``r`` of his card) is neither a lost puck, a save to a defender nor an X-Reb: a Goal (5.9) or a Goalie
    Rating (5.10, the goalie's card), else a faceoff in the defense's end.  ``empty``: the defense's goal is
    empty (13.1); ``defl``: the shot is a deflection (25.2)."""
    d = 1 - t
    if k == R.GOAL:
        if D[r + 3]:        # Goal+ at even strength (5.9)
            faceoff_dz(Z, d)
            return
        if not empty and not (D[r + 1] == 1 and D[r + 2] == 20):
            if not split_in(D, Z, RS, L, t, D[r + 1], D[r + 2]):
                faceoff_dz(Z, d)
                return
        score_goal(D, Z, RS, t, p, 0, 0, 0, OT_, OP, OK, L)
        if defl:
            deflection_goal(D, t, p, OT_, OP)
        Z[ZL.m + M.mode] = MODE.faceoff
        Z[ZL.m + M.zone] = -1
        return
    if k == R.GOALIE_RATING:
        if D[r + 1]:        # Goalie Rating+ at even strength (5.10)
            faceoff_dz(Z, d)
            return
        if empty:       # 13.1
            score_goal(D, Z, RS, t, p, 0, 0, 0, OT_, OP, OK, L)
            if defl:
                deflection_goal(D, t, p, OT_, OP)
            Z[ZL.m + M.mode] = MODE.faceoff
            Z[ZL.m + M.zone] = -1
            return
        before = Z[ZL.score + t]
        goalie_card(D, Z, RS, t, slot, col, pol, OT_, OP, OK, L)     # 25.22: the goalie's card as usual
        if defl and Z[ZL.score + t] > before:
            deflection_goal(D, t, p, OT_, OP)
        return
    faceoff_dz(Z, d)


@nb.njit(cache=True)
def play_on(D, Z, RS, pol, OT_, OP, OK, L):
    """Play going on after an Advanced power play's last shot (16.32), at even strength, from the machine state
    the shot set (:func:`.powerplay.pp_shot`): a rebound (5.3), a possible breakaway for the goalie's team
    (5.71: nobody started it; the shooter's matched opponent's Breakaway rating), or the goalie's penalty with
    its retaliation check (5.72-5.73)."""
    mode = Z[ZL.m + M.mode]
    t = Z[ZL.m + M.team]
    if mode == MODE.rebound:
        slot = Z[ZL.m + M.slot]
        p = Z[ZL.m + M.shooter]
        # 25.0 "Whenever": the shooter's own outside X-Reb by a defenseman may be tried as a deflection here too,
        # by the skaters now on the ice, at even strength as the rebound it replaces (M.col: the column of an
        # X-Reb read on his card, -1 the goalie card's)
        if Z[ZL.m + M.col] == COL_OUT and tries_deflection(D, t, p, pol):
            k, r, q, ds = deflection(D, Z, RS, t, p, slot, OT_, OP, L)
            if k >= 0:
                shot_result(D, Z, RS, t, q, ds, COL_IN, k, r, Z[ZL.pull + 1 - t] != 0, True, pol, OT_, OP, OK, L)
        else:
            rebound(D, Z, RS, t, slot, L)
    elif mode == MODE.breakaway:
        breakaway_for(D, Z, RS, t, -1, Z[ZL.m + M.slot], L)
    else:
        goalie_penalty(D, Z, RS, t, pol, OT_, OP, OK, L)
