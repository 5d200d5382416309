"""The power play (7.x): the Power Play Chart's short-handed and power-play shots."""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import stack_empty

from .. import readings as R
from .coaching import ALIGN_LINE, align_teams, next_pp_unit
from .draws import draw_split, roll2, split_in
from .events import enc, log
from .goals import score_goal, shot_on_goal
from .ice import MIRROR, chain_reset, pick_any, put_lines
from .layout import (COL_IN, COL_OUT, COL_REB, EV, F, LEVEL_ADVANCED, LINES_W, M, MAX_ROSTER, MODE, MP_STAY, N_POL,
                     NT, PK_SLOTS, POL, Q, RULE, T, TM, ZL)
from .manpower import QS_CALLED, begin_serving, entry, first_called, period_over, release_penalty, run_clock_expire
from .penalties import power_play_next
from .tables import gc_row, ppc_row, ppcond, rule, shot_row, sk, spn, tm


@nb.njit(inline="always", cache=True)
def on_unit(unit, q):
    """Whether skater ``q`` is on the special-teams ``unit`` (players by ice slot)."""
    for j in range(5):
        if unit[j] == q:
            return True
    return False


@nb.njit(cache=True)
def sit_out(D, Z, s, unit, other, offender, L):
    """A skater serving a minor sits out the power play (Getting Started: "All rules of pro hockey apply"): if
    ``offender`` is on the special-teams ``unit`` of side ``s`` that is going on (its players by ice slot, -1
    vacant), his place goes, in this order, to the player at the same position of the side's other unit
    (``other``, by ice slot), else to the bench skater (healthy, not on the unit going on) who plays that
    position (listed at it, or a center at a wing, 7.2) with the best short-handed Defense, else to the bench
    skater of the same group (forward / defenseman) with the best short-handed Defense; roster order breaks
    ties.  Nobody left: the position stays vacant."""
    js = -1
    for j in range(5):
        if unit[j] == offender:
            js = j
    if js < 0:
        return
    team = Z[ZL.team + s]
    best = other[js]
    if best >= 0:
        for j in range(5):
            if unit[j] == best:
                best = -1
        if best >= 0 and (best == offender or Z[ZL.injured + s * MAX_ROSTER + sk(D, best, F.slot)]):
            best = -1
    if best < 0:
        bscore = -1
        wing = js == 0 or js == 2
        for r in range(tm(D, team, TM.nroster)):
            q = tm(D, team, TM.roster + r)
            if q < 0 or q == offender or Z[ZL.injured + s * MAX_ROSTER + sk(D, q, F.slot)]:
                continue
            on = False
            for j in range(5):
                if unit[j] == q:
                    on = True
            if on:
                continue
            p1 = sk(D, q, F.pos1)
            p2 = sk(D, q, F.pos2)
            score = -1
            if p1 == js or p2 == js or (wing and (p1 == 1 or p2 == 1)):
                score = 200
            elif sk(D, q, F.isd) == (1 if js >= 3 else 0):
                score = 100
            if score < 0:
                continue
            score += sk(D, q, F.shdef)
            if score > bscore:
                bscore = score
                best = q
    unit[js] = best
    log(Z, L, EV.pk_sub, s, offender, best, js, 0)


@nb.njit(inline="always", cache=True)
def _then(Z, mode, team, slot, zone):
    Z[ZL.m + M.mode] = mode
    Z[ZL.m + M.team] = team
    Z[ZL.m + M.slot] = slot
    Z[ZL.m + M.zone] = zone


@nb.njit(cache=True)
def pp_shot(D, Z, RS, t, p, slot, kind, pp, cont, OT_, OP, OK, L):
    """One Power Play Chart shot by skater ``p`` (ice slot ``slot``) of team ``t``; 1 on a goal, 2 for a goal the
    fatigue rule made, 0 none.  Only the shot counts (7.35): rebounds, lost pucks, breakaways and goalie penalties
    on the goalie's card end as a save.  ``cont`` (16.32, the last shot of an Advanced power play): play goes on
    from the shot's reading, which sets the machine state: the defender's puck (X-D, Lose puck, the goalie card's
    X-D), a rebound (X-Reb on either card; ``M.col`` the shooter's column, -1 the goalie card's, ``M.shooter``
    ``p``: a defenseman's outside X-Reb may be tried as a deflection, 25.0), the goalie card's breakaway or penalty when its split card falls in
    range (5.71, 5.72: the breakaway for the goalie's team, tested on the shooter's matched opponent; the penalty,
    its retaliation check included, played once the penalty is over), else a faceoff in the goalie's end (a save
    he freezes).  Slot R.ANY: "any defensive player", picked once the players are back on the ice."""
    col = COL_OUT if kind == 0 else (COL_IN if kind == 1 else COL_REB)
    d = 1 - t
    dice = roll2(Z, RS)
    r = shot_row(D, p, col, dice - 2)
    k = D[r + 0]
    log(Z, L, EV.pp_shot, t, p, kind, dice, enc(D, r))
    if cont:
        _then(Z, MODE.faceoff, d, 0, d)
    if k == R.LOSE_PUCK_TO:
        if cont:
            _then(Z, MODE.action, d, D[r + 1], -1)
        return 0
    shot_on_goal(D, Z, t, p, OT_, OP, OK, pp)
    if k == R.GOAL:
        if D[r + 3] and not pp:
            return 0
        if (D[r + 1] == 1 and D[r + 2] == 20) or Z[ZL.pull + d]:
            return 1
        return 1 if split_in(D, Z, RS, L, t, D[r + 1], D[r + 2]) else 0
    if k == R.GOALIE_RATING:
        if D[r + 1] and not pp:
            return 0
        if Z[ZL.pull + d]:
            return 1
        gd = roll2(Z, RS)
        g = gc_row(D, Z[ZL.gk + d], gd - 2, 0 if col == COL_OUT else 1)
        log(Z, L, EV.goalie, d, Z[ZL.gk + d], gd, 0, enc(D, g))
        if D[g + 0] == R.GOAL:
            if D[g + 1] == 1 and D[g + 2] == 20:
                return 1
            return 1 if split_in(D, Z, RS, L, t, D[g + 1], D[g + 2]) else 0
        if D[g + 0] == R.FACEOFF and D[g + 1] and Z[ZL.fat + d] and rule(D, RULE.fatigue):
            return 2
        if cont:
            gk = D[g + 0]
            if gk == R.SAVE_TO:
                _then(Z, MODE.action, d, D[g + 1], -1)
            elif gk == R.SAVE_REBOUND:
                _then(Z, MODE.rebound, t, slot, -1)
                Z[ZL.m + M.col] = -1            # the goalie's own X-Reb: the rebound procedure (docs/strat.md)
            elif gk == R.SAVE_BREAKAWAY or gk == R.SAVE_PENALTY:
                # 16.32: the breakaway (5.71) or the goalie's penalty (5.72) is drawn for now; it is played once
                # the penalty is over, at even strength (:func:`.shots.play_on`)
                if split_in(D, Z, RS, L, d, D[g + 1], D[g + 2]):
                    if gk == R.SAVE_BREAKAWAY:
                        _then(Z, MODE.breakaway, d, MIRROR[slot], -1)
                    else:
                        _then(Z, MODE.goalie_penalty, t, slot, -1)
        return 0
    if cont and k == R.SAVE_TO:
        _then(Z, MODE.action, d, D[r + 1], -1)
    elif cont and k == R.SAVE_REBOUND:
        _then(Z, MODE.rebound, t, slot, -1)
        Z[ZL.m + M.col] = col                   # the shooter's X-Reb: an outside one may be deflected (25.0)
        Z[ZL.m + M.shooter] = p
    return 0


@nb.njit(cache=True, inline="always")
def _among(unit, q):
    """Whether skater ``q`` (>= 0; a vacancy, -1, never is) is one of ``unit``'s."""
    for x in unit:
        if q >= 0 and x == q:
            return True
    return False


@nb.njit(cache=True)
def units_stay(D, Z, t, ppi, shi, L):
    """16.5-16.51: after the power play the power-play unit stays on (ice ``ppi``), and so does the penalty-killing
    unit (``shi``) with a center playing a wing back at center and the line's player at that wing coming on (no
    center among its wingers: the line's center comes on); until a goal, a faceoff or the other side's puck
    (:func:`.game.play_period` ends it).  A line player already among the killers (an injury's replacement can be
    both) does not come on twice: when the wing is the center himself, the center stays at the wing and the
    line's center comes on; when that one is a killer too, the killers stay as they are."""
    s = 1 - t
    cf = Z[ZL.cf]
    for j in range(5):
        Z[ZL.ice + t * 6 + j] = ppi[j]
        Z[ZL.ice + s * 6 + j] = shi[j]
    moved = -1
    for w in (0, 2):
        q = shi[w]
        if moved < 0 and q >= 0 and sk(D, q, F.pos1) == 1:
            moved = w
    line = ZL.lines + s * LINES_W + TM.f + 3 * cf
    if moved >= 0 and not _among(shi, Z[line + moved]):
        Z[ZL.ice + s * 6 + 1] = shi[moved]
        Z[ZL.ice + s * 6 + moved] = Z[line + moved]
    elif not _among(shi, Z[line + 1]):
        Z[ZL.ice + s * 6 + 1] = Z[line + 1]
    Z[ZL.pp_stay] = 1 + t
    log(Z, L, EV.manpower, t, Z[ZL.manpower], Z[ZL.manpower + 1], MP_STAY, 0)


@nb.njit(cache=True)
def power_play(D, Z, RS, pol, OT_, OP, OK, L):
    """The power play of the oldest called penalty (:mod:`.manpower`), Basic rules 7.1-7.36: the minor begins to
    be served, two action cards are flipped for its time, one split on the Power Play Chart, short-handed shots
    first, then the power play's shots until it scores (a goal ends the minor, 7.34).  The Advanced power play's
    rule fields: three cards (16.31, ``RULE.pp_three``); play on from the last shot (16.32, ``RULE.pp_play_on``:
    the last shot sets the machine state; otherwise a faceoff at center ice, 7.36); the units staying on
    (16.5-16.51, ``RULE.pp_stay``).  The offender (< 0: a goalie) sits out (:func:`sit_out`); so does the
    entry's ``ppout``, a skater of the power-play team in the box too (the goalie-penalty retaliation, 5.73
    ``retaliation=power_play``), from the power-play unit, and from the power play before it when the goalie's
    minor waits behind another.  Another called penalty: its power play follows at once, and this one's last
    shot does not play on."""
    i = first_called(Z)
    waiting = False                         # another called minor, whose power play follows this one
    pp_out = entry(Z, i, Q.ppout)
    for j in range(i + 1, Z[ZL.npen]):
        if entry(Z, j, Q.state) == QS_CALLED:
            waiting = True
            if pp_out < 0:
                pp_out = entry(Z, j, Q.ppout)   # a retaliator is in the box from his call, through both
    s = entry(Z, i, Q.side)
    t = 1 - s
    offender = entry(Z, i, Q.who)
    Z[ZL.m + M.mode] = MODE.faceoff         # 7.36: a faceoff at center ice follows, unless a shot sets the play
    Z[ZL.m + M.zone] = -1
    # 7.35 "The only actions taken during a power play are the shots indicated on the Power Play Chart": the
    # passes before the penalty assist no power-play goal (14.1)
    chain_reset(Z)
    # the chart is a 5-on-4 with both goalies in: a pulled goalie comes back for it (13.3's extra skater plays
    # at even strength); the pull policy decides again when play resumes
    for side in range(2):
        if Z[ZL.pull + side]:
            Z[ZL.pull + side] = 0
            Z[ZL.ice + side * 6 + 5] = -1
            log(Z, L, EV.return_, side, 0, 0, 0, 0)
    OT_[t * NT + T.ppo] += 1
    Z[ZL.pp_stay] = 0
    ncards = 3 if rule(D, RULE.pp_three) else 2            # 16.31: three cards in the Advanced power play
    begin_serving(Z, L, i, ncards)
    # elapsed time: two action cards (7.3); a line-change card is not an action card (Getting Started): it is
    # set aside, not counted as time, and takes effect when the penalty is over (7.31)
    defer_f = 0
    defer_d = 0
    flipped = 0
    while flipped < ncards and Z[ZL.cur] < Z[ZL.ncards]:
        c = Z[ZL.deck + Z[ZL.cur]]
        Z[ZL.cur] += 1
        log(Z, L, EV.flip, t, c, 0, 0, 0)
        if c == -1:
            defer_f += 1
        elif c == -2:
            defer_d += 1
        else:
            flipped += 1
    u = Z[ZL.ppnext + t]
    Z[ZL.ppnext + t] = next_pp_unit(u, pol[t * N_POL + POL.pp_units])
    k = Z[ZL.pknext + s]
    if rule(D, RULE.pk_units) == 2:
        Z[ZL.pknext + s] = 1 - k
    ppi = stack_empty(5, np.int64)
    shi = stack_empty(5, np.int64)
    for j in range(5):
        ppi[j] = Z[ZL.lines + t * LINES_W + TM.pp + 5 * u + j]
        shi[j] = -1
    for j in range(4):
        shi[PK_SLOTS[j]] = Z[ZL.lines + s * LINES_W + TM.pk + 4 * k + j]
    # the offender sits out only when he is on the unit going on (in most power plays he is not)
    sh_sub = offender >= 0 and on_unit(shi, offender)
    pp_sub = pp_out >= 0 and on_unit(ppi, pp_out)
    if sh_sub or pp_sub:
        oth = stack_empty(5, np.int64)
        if sh_sub:
            for j in range(5):
                oth[j] = -1
            for j in range(4):
                oth[PK_SLOTS[j]] = Z[ZL.lines + s * LINES_W + TM.pk + 4 * (1 - k) + j]
            sit_out(D, Z, s, shi, oth, offender, L)
        if pp_sub:
            for j in range(5):
                oth[j] = Z[ZL.lines + t * LINES_W + TM.pp + 5 * (1 - u) + j]
            sit_out(D, Z, t, ppi, oth, pp_out, L)
    c = draw_split(Z, RS)
    n = spn(D, c) - 1
    cpos = ppcond(D, n, 0)
    q = shi[cpos]
    half = 0 if (q >= 0 and sk(D, q, F.shdef) >= ppcond(D, n, 1)) else 1
    log(Z, L, EV.pp, t, u, spn(D, c), half, k)
    # 16.32: play goes on from the last shot (the power play's last listed shot; none: the short-handed team's)
    # ... unless another minor's power play is waiting: play stops for it (16.15 "stop play and begin the power
    # play"), so this one ends with its last shot as in the Basic game
    play_on = rule(D, RULE.pp_play_on) != 0 and not waiting
    last_t = -1
    last_j = -1
    if play_on:
        for side in range(2):
            row = ppc_row(D, n, half, side)
            for j in range(D[row + 0]):
                if (ppi if side == 1 else shi)[D[row + 2 + 2 * j]] >= 0:
                    last_t = t if side == 1 else s
                    last_j = j
    cont_shot = False
    # short-handed shots first (7.33); a short-handed goal does not end the penalty (7.34)
    row = ppc_row(D, n, half, 0)
    for j in range(D[row + 0]):
        p = shi[D[row + 2 + 2 * j]]
        if p < 0:
            continue
        cont = last_t == s and j == last_j
        res = pp_shot(D, Z, RS, s, p, D[row + 2 + 2 * j], D[row + 1 + 2 * j], 0, cont, OT_, OP, OK, L)
        if res:
            for jj in range(5):
                Z[ZL.ice + s * 6 + jj] = shi[jj]
            Z[ZL.ice + s * 6 + 1] = -1
            score_goal(D, Z, RS, s, p, 0, 1, res == 2, OT_, OP, OK, L)
            _then(Z, MODE.faceoff, s, 0, -1)
            put_lines(Z)
            if Z[ZL.done]:
                run_clock_expire(Z, L)
                return
        elif cont:
            cont_shot = True
    row = ppc_row(D, n, half, 1)
    for j in range(D[row + 0]):
        p = ppi[D[row + 2 + 2 * j]]
        if p < 0:
            continue
        cont = last_t == t and j == last_j
        res = pp_shot(D, Z, RS, t, p, D[row + 2 + 2 * j], D[row + 1 + 2 * j], 1, cont, OT_, OP, OK, L)
        if res:
            for jj in range(5):
                Z[ZL.ice + t * 6 + jj] = ppi[jj]
            score_goal(D, Z, RS, t, p, 1, 0, res == 2, OT_, OP, OK, L)
            release_penalty(Z, L, s)                # 7.34: the penalty is over
            _then(Z, MODE.faceoff, t, 0, -1)
            put_lines(Z)
            break
        elif cont:
            cont_shot = True
    run_clock_expire(Z, L)   # its time is served
    if Z[ZL.cur] >= Z[ZL.ncards]:
        period_over(Z, L)    # the deck spent before its last card: the period's end ends it, before any play on
    # the line on the ice at the penalty returns; the deferred changes happen now (7.31)
    if defer_f or defer_d:
        nf = 3 if rule(D, RULE.lines) == 3 else 4
        nd = 2 if rule(D, RULE.lines) == 3 else 3
        Z[ZL.cf] = (Z[ZL.cf] + defer_f) % nf
        Z[ZL.cd] = (Z[ZL.cd] + defer_d) % nd
        log(Z, L, EV.line, -1, Z[ZL.cf], Z[ZL.cd], 1, 0)
    chain_reset(Z)
    # 16.5: the units stay on only "with the power play team (now the offensive team) still in control"
    keeps = Z[ZL.m + M.mode] != MODE.faceoff and Z[ZL.m + M.team] == t
    if cont_shot and rule(D, RULE.pp_stay) and keeps:
        units_stay(D, Z, t, ppi, shi, L)          # 16.5-16.51
    else:
        put_lines(Z)
        if cont_shot and rule(D, RULE.level) == LEVEL_ADVANCED:
            align_teams(Z, pol, L, ALIGN_LINE)    # 9.12: the lines come on in play, no faceoff before them
    if cont_shot:
        # 16.32: the machine state the last shot set; "any defensive player" and vacant slots picked now
        m = Z[ZL.m + M.mode]
        tt = Z[ZL.m + M.team]
        if m == MODE.action and (Z[ZL.m + M.slot] >= 5 or Z[ZL.ice + tt * 6 + Z[ZL.m + M.slot]] < 0):
            Z[ZL.m + M.slot] = pick_any(D, Z, tt, 0, -1, False)
    if first_called(Z) >= 0 and not Z[ZL.done]:
        # another minor called with this one (docs/strat.md, "Intimidation penalties and delayed
        # penalties"): its power play follows
        power_play_next(D, Z)
