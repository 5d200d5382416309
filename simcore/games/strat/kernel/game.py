"""Periods and the game: the state machine of a period, one game on pointers, and :func:`play_game`, the
entry point for ordinary arrays (the module docstring of :mod:`simcore.games.strat.kernel`)."""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import ptr, stack_empty
from simcore.nbhints import unlikely

from .actions import action
from .coaching import ALIGN_LINE, align_teams, observe, relieves_shelled
from .draws import build_deck
from .events import log
from .faceoffs import faceoff
from .delayed import is_over
from .goalies import goalie_pull, pull_possible, relieve
from .intimidation import settle_delayed
from .ice import chain_reset, put_lines
from .injuries import replace_skater, resolve_injury
from .layout import (DEC_L, DEC_OTL, DEC_T, DEC_W, EV, HDR, HOME, K, LEVEL_ADVANCED, LINES_W, M, MAX_ROSTER, MODE,
                     MP_LEAVE, N_OBS, N_POL, NK, NO, NP, NT, O, OT, POL, REG, RULE, SO, TM, TW, WIN_AWAY, WIN_HOME,
                     WIN_TIE, ZL)
from .penalties import power_play_next
from .powerplay import power_play
from .shootout import shootout
from .manpower import clear_penalties, first_called, period_over
from .shots import play_on, shoot
from .tables import advanced_rules, rule, tm


@nb.njit(cache=True)
def units_leave(Z, L):
    """16.5: the power-play and penalty-killing units go off (a goal, a faceoff, or the defending team's puck);
    the lines come on, line changes set aside meanwhile included."""
    Z[ZL.pp_stay] = 0
    put_lines(Z)
    log(Z, L, EV.manpower, -1, Z[ZL.manpower], Z[ZL.manpower + 1], MP_LEAVE, 0)


@nb.njit(cache=True)
def defer_line_changes(D, Z, L):
    """16.5 "do not change lines" while the power-play team keeps the puck: a line-change card on top is set
    aside; the change takes effect when the units go off."""
    nf = 3 if rule(D, RULE.lines) == 3 else 4
    nd = 2 if rule(D, RULE.lines) == 3 else 3
    while Z[ZL.cur] < Z[ZL.ncards] and Z[ZL.deck + Z[ZL.cur]] < 0:
        c = Z[ZL.deck + Z[ZL.cur]]
        Z[ZL.cur] += 1
        Z[ZL.cards] += 1
        if c == -1:
            Z[ZL.cf] = (Z[ZL.cf] + 1) % nf
        else:
            Z[ZL.cd] = (Z[ZL.cd] + 1) % nd
        log(Z, L, EV.line, -1, Z[ZL.cf], Z[ZL.cd], 2, 0)


#: ``play_period``'s ``rules`` argument: the Basic game's open play only, or any rules (:func:`.tables.advanced_rules`)
BASIC_ONLY, ANY_RULES = 1, 0


@nb.njit(cache=True)
def play_period(D, Z, RS, pol, OT_, OP, OK, L, ot_cards, rules):
    """One period (overtime: ``ot_cards`` > 0 action cards) from its opening faceoff to its last card.

    ``rules`` is :data:`BASIC_ONLY` or :data:`ANY_RULES`, a constant at the call (:func:`period`): numba compiles
    one copy of the period for each, and in the BASIC_ONLY copy the test below is settled at compile time, so
    every Advanced branch of the loop and of the inlined faceoff, action and shot steps is left out."""
    if rules == BASIC_ONLY:
        adv = False
    else:
        adv = advanced_rules(D)         # the rules in force, read once (tables.advanced_rules)
    Z[ZL.ncards] = build_deck(Z, RS, rule(D, RULE.lines), ot_cards)
    Z[ZL.cur] = 0
    Z[ZL.clock] = 0
    Z[ZL.cf] = 0
    Z[ZL.cd] = 0
    Z[ZL.gap] = 0
    Z[ZL.gap + 1] = 0
    Z[ZL.pull] = 0
    Z[ZL.pull + 1] = 0
    Z[ZL.ice + 0 * 6 + 5] = -1
    Z[ZL.ice + 1 * 6 + 5] = -1
    Z[ZL.pp_stay] = 0
    put_lines(Z)
    chain_reset(Z)
    log(Z, L, EV.period, -1, Z[ZL.period], Z[ZL.ncards], 0, 0)
    Z[ZL.m + M.mode] = MODE.faceoff
    Z[ZL.m + M.zone] = -1
    if first_called(Z) >= 0:      # a penalty at the buzzer (7.37): its power play opens the period
        power_play_next(D, Z)
    prev_t = -1
    steps = 0
    obs = stack_empty(N_OBS, np.int64)    # what a coach sees when he decides (coaching.observe)
    third = Z[ZL.period] == 3          # goalies are pulled in the third period only (13.0)
    while True:
        steps += 1
        if unlikely(steps > 100000):
            raise ValueError("a period did not end: check the deck and cards")
        mode = Z[ZL.m + M.mode]
        if unlikely(adv) and Z[ZL.delayed] and is_over(Z):        # 16.14-16.15: a goal, the defense's puck or a faceoff
            settle_delayed(D, Z, RS, pol, OT_, OP, OK, L)
            mode = Z[ZL.m + M.mode]
        if mode == MODE.end or Z[ZL.done]:
            break
        if unlikely(adv) and Z[ZL.pp_stay] and mode != MODE.power_play:
            # 16.5-16.51: the special-teams units stay on while the power-play team keeps the puck
            if mode == MODE.faceoff or Z[ZL.m + M.team] != Z[ZL.pp_stay] - 1:
                units_leave(Z, L)
                if mode != MODE.faceoff and rule(D, RULE.level) == LEVEL_ADVANCED:
                    align_teams(Z, pol, L, ALIGN_LINE)    # 9.12: the lines come on in play (a faceoff aligns itself)
            elif mode == MODE.action:
                defer_line_changes(D, Z, L)
        if unlikely(Z[ZL.inj_pend] != 0) and (mode == MODE.faceoff or (mode == MODE.action and Z[ZL.m + M.team] != prev_t)):
            resolve_injury(D, Z, RS, OP, L)
        if unlikely(Z[ZL.relieve] + Z[ZL.relieve + 1] != 0) and mode == MODE.faceoff:
            relieve(D, Z, OK, L)
        if mode == MODE.faceoff:
            if third and pull_possible(Z):
                goalie_pull(D, Z, pol, OT_, L)
            if Z[ZL.m + M.zone] < 0 and Z[ZL.cur] >= Z[ZL.ncards]:
                break           # a center-ice faceoff with the deck spent: the period is over
            faceoff(D, Z, RS, Z[ZL.m + M.zone], pol, OT_, L, adv)
            prev_t = Z[ZL.m + M.team]
        elif mode == MODE.action:
            if third and pull_possible(Z):
                goalie_pull(D, Z, pol, OT_, L)
            t = Z[ZL.m + M.team]
            if t != prev_t:
                chain_reset(Z)
            prev_t = t
            action(D, Z, RS, t, Z[ZL.m + M.slot], pol, OT_, OP, OK, L, adv)
        elif mode == MODE.shot:
            prev_t = Z[ZL.m + M.team]
            shoot(D, Z, RS, Z[ZL.m + M.team], Z[ZL.m + M.slot], Z[ZL.m + M.col], Z[ZL.m + M.unrestricted], pol, OT_,
                  OP, OK, L, adv)
        elif mode == MODE.power_play:
            prev_t = Z[ZL.m + M.team]
            power_play(D, Z, RS, pol, OT_, OP, OK, L)
        else:                               # play on after an Advanced power play's last shot (16.32)
            prev_t = Z[ZL.m + M.team]
            play_on(D, Z, RS, pol, OT_, OP, OK, L)
        for s in range(2):
            if unlikely(Z[ZL.shelled + s] == 1):          # just shelled: the coach decides (coaching.relieves_shelled)
                observe(Z, s, obs)
                Z[ZL.shelled + s] = 2
                Z[ZL.relieve + s] = relieves_shelled(obs, pol[s * N_POL + POL.shelled])
    if Z[ZL.inj_pend]:
        resolve_injury(D, Z, RS, OP, L)
    if Z[ZL.npen]:
        period_over(Z, L)
    Z[ZL.steps] += steps
    log(Z, L, EV.end, -1, Z[ZL.period], Z[ZL.score], Z[ZL.score + 1], 0)


@nb.njit(inline="always", cache=True)
def period(D, Z, RS, pol, OT_, OP, OK, L, ot_cards, basic):
    """:func:`play_period` in its Basic-only copy when ``basic`` (no Advanced rule in force), else the full one;
    ``ot_cards`` an int64 in both, so that regulation and overtime share the copy."""
    if basic:
        play_period(D, Z, RS, pol, OT_, OP, OK, L, np.int64(ot_cards), BASIC_ONLY)
    else:
        play_period(D, Z, RS, pol, OT_, OP, OK, L, np.int64(ot_cards), ANY_RULES)


@nb.njit(cache=True)
def play_game(D, pol, home, away, gslot, gfat, out, Z, RS, OG, OT_, OP, OK, L):
    """One game of ``home`` vs ``away`` (team rows of TM).  ``gslot[side]``: the starting goalie (0 the
    team's starter, 1 its backup); ``gfat[side]``: 1 when he starts fatigued (24.4, an input a league can
    drive); ``out`` (2, MAX_ROSTER): nonzero for a roster slot still out injured from an earlier game, who is
    replaced before the opening faceoff as an in-game injury is (15.1); ``pol`` (2, N_POL): each side's coaching
    policies.  Fills OG (NO,), OT_ (2, NT), OP (2, MAX_ROSTER, NP), OK (2, 2, NK); L is the play-by-play log
    (rows, LOG_W) (no rows: none).  Every array is C-contiguous (the game reads them through pointers).  Scratch:
    Z (NZ,) int64, the game's whole state (layout ZL: scalars, then the ice, lines, turns, tendencies,
    injuries, machine state and action deck); RS = (RNG state (STATE_SIZE,) uint64, then int64: script cursors
    (3,), action-card, split-card and dice scripts, split deck (40,)).  After the game,
    Z[ZL.lines:ZL.lines + 2 * LINES_W] holds the lines as they ended (injury replacements in)."""
    Z[ZL.nscript] = RS[2].shape[0]
    Z[ZL.nscript + 1] = RS[3].shape[0]
    Z[ZL.nscript + 2] = RS[4].shape[0]
    Z[ZL.logcap] = L.shape[0]
    PS = (ptr(RS[0]), ptr(RS[1]), ptr(RS[2]), ptr(RS[3]), ptr(RS[4]), ptr(RS[5]))
    _play_game(ptr(D), ptr(pol), home, away, ptr(gslot), ptr(gfat), ptr(out), ptr(Z), PS, ptr(OG), ptr(OT_),
               ptr(OP), ptr(OK), ptr(L))


@nb.njit(cache=True)
def _play_game(D, pol, home, away, gslot, gfat, out, Z, RS, OG, OT_, OP, OK, L):
    """The game on pointers (see the module docstring); the arguments as :func:`play_game`'s."""
    teams = (home, away)
    for t in range(2):
        team = teams[t]
        Z[ZL.team + t] = team
        tb = D[HDR.tm] + team * TW
        for j in range(LINES_W):
            Z[ZL.lines + t * LINES_W + j] = D[tb + j]
        for j in range(6):
            Z[ZL.ice + t * 6 + j] = -1
        for j in range(MAX_ROSTER):
            Z[ZL.turns + t * MAX_ROSTER + j] = 0
            Z[ZL.tacc + t * MAX_ROSTER + j] = 0
            Z[ZL.pacc + t * MAX_ROSTER + j] = 0
            Z[ZL.injured + t * MAX_ROSTER + j] = 0
        nout = 0
        for j in range(D[tb + TM.nroster]):
            if out[t * MAX_ROSTER + j] != 0:
                Z[ZL.injured + t * MAX_ROSTER + j] = 1
                nout += 1
        if nout:
            for j in range(D[tb + TM.nroster]):
                if out[t * MAX_ROSTER + j] != 0:
                    replace_skater(D, Z, t, D[tb + TM.roster + j])
        for j in range(NT):
            OT_[t * NT + j] = 0
        for j in range(MAX_ROSTER):
            for k in range(NP):
                OP[(t * MAX_ROSTER + j) * NP + k] = 0
        for j in range(2):
            for k in range(NK):
                OK[(t * 2 + j) * NK + k] = 0
        Z[ZL.gkslot + t] = gslot[t]
        Z[ZL.gk + t] = tm(D, team, TM.g + gslot[t])
        Z[ZL.fat + t] = 1 if (gfat[t] and rule(D, RULE.fatigue)) else 0
        OK[(t * 2 + gslot[t]) * NK + K.gp] = 1
        OK[(t * 2 + gslot[t]) * NK + K.start] = 1
        OK[(t * 2 + gslot[t]) * NK + K.fat_start] = Z[ZL.fat + t]
        Z[ZL.pull + t] = 0
        Z[ZL.ppnext + t] = 0
        Z[ZL.pknext + t] = 0
        Z[ZL.score + t] = 0
        Z[ZL.gag + t] = 0
        Z[ZL.relieve + t] = 0
        Z[ZL.shelled + t] = 0
        Z[ZL.leadgk + t] = gslot[t]
    sdeck = RS[5]
    for i in range(40):
        sdeck[i] = i
    Z[ZL.spcur] = 40
    Z[ZL.pp_stay] = 0
    clear_penalties(Z)
    Z[ZL.delayed] = 0
    Z[ZL.del_pull] = 0
    Z[ZL.inj_pend] = 0
    Z[ZL.ot] = 0
    Z[ZL.done] = 0
    Z[ZL.logn] = 0
    Z[ZL.steps] = 0
    Z[ZL.cards] = 0
    Z[ZL.draws] = 0
    for k in range(NO):
        OG[k] = 0
    basic = not advanced_rules(D)
    for per in range(1, 4):
        Z[ZL.period] = per
        period(D, Z, RS, pol, OT_, OP, OK, L, 0, basic)
    # decided: where the game ended (a tie after overtime ended in overtime, as in every game's table)
    decided = REG
    winner = WIN_TIE
    if Z[ZL.score] == Z[ZL.score + 1] and rule(D, RULE.ot_cards) > 0:
        Z[ZL.period] = 4
        Z[ZL.ot] = 1
        period(D, Z, RS, pol, OT_, OP, OK, L, rule(D, RULE.ot_cards), basic)
        decided = OT
    if Z[ZL.score] != Z[ZL.score + 1]:
        winner = WIN_HOME if Z[ZL.score] > Z[ZL.score + 1] else WIN_AWAY
    elif rule(D, RULE.shootout):
        Z[ZL.period] = 5
        sh, sa, rounds, winner = shootout(D, Z, RS, OT_, OK, L)
        OG[O.so_home] = sh
        OG[O.so_away] = sa
        OG[O.so_rounds] = rounds
        decided = SO
    OG[O.home] = Z[ZL.score]
    OG[O.away] = Z[ZL.score + 1]
    OG[O.winner] = winner
    OG[O.decided] = decided
    OG[O.cards] = Z[ZL.cards]
    OG[O.steps] = Z[ZL.steps]
    OG[O.draws] = Z[ZL.draws]
    # decisions: the goalies in net at the last go-ahead goal (shootout: at the end)
    for t in range(2):
        gs = Z[ZL.leadgk + t] if decided != SO else Z[ZL.gkslot + t]
        if winner == WIN_TIE:
            OK[(t * 2 + Z[ZL.gkslot + t]) * NK + K.dec] = DEC_T
        elif (winner == WIN_HOME) == (t == HOME):
            OK[(t * 2 + gs) * NK + K.dec] = DEC_W
        else:
            OK[(t * 2 + gs) * NK + K.dec] = DEC_OTL if decided != REG else DEC_L
    log(Z, L, EV.end, -1, 0, Z[ZL.score], Z[ZL.score + 1], 1)
