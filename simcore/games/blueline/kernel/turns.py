"""The rules of Blue Line Hockey as a turn loop (numba): possession and series, face-offs, skating, passes,
shots, checks, penalties, the power play and the penalty kill, goalies, dumps, the pulled goalie, time-outs,
overtime and the shoot-out.  Each function cites the rulebook heading it plays; docs/blueline.md "Rules and
interpretations" gives every reading where the rulebook is silent.

All dice and card draws go through :mod:`simcore.rng` (``roll_die``, ``roll_2d6``, ``draw_weighted``) in the order
the table plays them, so a scripted stream replays a scenario and a recording stream writes the very game down.

Constants passed to a function that is not inlined are written ``np.int64(k)`` / ``np.bool_(b)``, and variables
that start from a constant start from one written so: numba compiles a separate copy of the callee (and of
everything it calls) for each literal value it sees, including the passing literal type of a variable whose
first assignment is a constant.  Those copies roughly doubled the cold compile.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import stack_empty
from simcore.rng import draw_weighted, roll_2d6, roll_die

from .context import MoveCtx, MoveWork, SeriesCtx, SeriesWork
from .geometry import NRT, cheb, pass_path, passable, search
from .lanes import LANE_BLOCKED, LANE_SCREENED, context, pass_lane, shot_lane, shot_line, zone_crossers
from .layout import (C, CK_NEVER, EV, P, R, ST_CAP, ST_GOAL, ST_HOLD, ST_ICING, ST_INCIDENTAL, ST_NONE,
                     ST_OFFSIDE, ST_PENALTY, ST_PERIOD, ST_SAVE, Z)
from .policies import (ACT_BANK, ACT_DUMP, ACT_PASS, ACT_SHOOT, GROUP_C, bank_path, best_receiver, boards_choice,
                       carrier_value, check_kind, choose_action, defense_group, drop_row, goalie_goes, goalie_receiver,
                       group_of, mark_target, nearest_of, pass_view, posture, skate_target, sweep_corner, want_drop,
                       want_pull, want_recall, want_timeout)
from .state import (advantage, half_of, in_attack, in_own_end, log, nearest_dot, place, remove, short,
                    skaters, snapshot, sync_puck)

MAX_GAME_TURNS = 30000


# ---------------------------------------------------------------- stoppages, series, possession

@nb.njit(cache=True, inline="always", _nrt=NRT)
def halt(c, w, kind, dot):
    """Stop play ("a stoppage"): a face-off at spot ``dot`` follows (after delayed penalties are imposed)."""
    S = w.S
    if S[Z.stop] == ST_NONE:
        S[Z.stop] = kind
        S[Z.stop_y] = dot


@nb.njit(cache=True, inline="always", _nrt=NRT)
def stopped(w):
    return w.S[Z.stop] != ST_NONE or w.S[Z.done] != 0


@nb.njit(cache=True, _nrt=NRT)
def new_series(c, w, t):
    """"A new series begins only when there is a turn over of puck possession": the dial goes down by 1;
    "When the series dial is turned to from 1 to 10, the period ends immediately" (a trailing team may first
    call its time-out in the 3rd period, "Time-Outs": one series back).  Team t is credited with the series;
    t = -1 (the turn cap) only turns the dial: the face-off that follows credits its winner.  ``c, w``:
    :func:`series_view`."""
    S = w.S
    if S[Z.dial] == 1:
        if S[Z.period] == 3 and S[Z.ot] == 0 and c.rules[R.timeouts] != 0:
            for k in range(2):
                if S[Z.timeout_used + k] == 0 and want_timeout(c, w, k):
                    S[Z.timeout_used + k] = 1
                    S[Z.dial] += 1
                    w.cnt[k, C.timeouts] += 1
                    log(c, w, EV.timeout, k, -1, S[Z.dial], 0, 0, 0)
                    break
        if S[Z.dial] == 1:
            S[Z.done] = 1
            log(c, w, EV.end, -1, -1, 0, 0, 0, 0)
            return
    S[Z.dial] -= 1
    S[Z.series_turns] = 0
    if t >= 0:
        w.cnt[t, C.series] += 1
        log(c, w, EV.series, t, -1, S[Z.dial], 0, 0, 0)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def series_view(c, w):
    """``(SeriesCtx, SeriesWork)``: the arrays of ``c`` and ``w`` a change of possession reads (context.py), to
    call :func:`new_series` and :func:`change_hands` with."""
    return (SeriesCtx(c.rules, c.pol, c.fodot, c.fokind, c.fohalf), SeriesWork(w.S, w.cnt, w.log))


@nb.njit(cache=True, _nrt=NRT)
def change_hands(c, w, t):
    """Team t has just taken the puck from the other team (or the period's first face-off): a new series
    (:func:`new_series`), and the delayed penalties of team t stop play now that it has the puck.  Returns
    False when play stops or the period ends.  ``c, w``: :func:`series_view`."""
    S = w.S
    if S[Z.last_poss] >= 0:
        new_series(c, w, t)
    else:
        w.cnt[t, C.series] += 1
    S[Z.last_poss] = t
    S[Z.fresh + t] = 1
    S[Z.fresh + 1 - t] = 0
    S[Z.setup_done] = 0
    S[Z.beaten] = 0
    if S[Z.done] != 0:
        return False
    if c.rules[R.delayed_until] != 0 and S[Z.del_n + t] > 0:
        halt(c, w, ST_PENALTY, nearest_dot(c, S[Z.puck_y], S[Z.puck_x], np.int64(-1), np.int64(-1)))
        return False
    return True


@nb.njit(cache=True, inline="always", _nrt=NRT)
def gain(c, w, st, script, t, s):
    """Team t takes the puck with player s; a change of possession starts a new series (:func:`change_hands`,
    called on the few arrays it reads: a call copies every array it is given, and this runs at every face-off,
    steal and pass)."""
    S = w.S
    S[Z.poss] = t
    S[Z.carrier] = s
    sync_puck(w)
    go_on = True
    if S[Z.last_poss] != t:
        sc, sw = series_view(c, w)
        go_on = change_hands(sc, sw, t)
    if go_on:
        maybe_pp_setup(c, w, st, script, t)


# ---------------------------------------------------------------- penalties and the box

@nb.njit(cache=True, _nrt=NRT)
def server(w, t, s):
    """Who serves team t's penalty on slot s: the player himself, or for the goalie a skater on the ice
    ("Goalie penalties are served by a teammate": the first of LW, RW, C, LD, RD on the ice)."""
    if s != 5:
        return s
    for q in (1, 2, 0, 3, 4):
        if w.S[Z.on_ice + t * 6 + q] != 0 and not waiting(w, t, q):
            return q
    return 0


@nb.njit(cache=True, inline="always", _nrt=NRT)
def waiting(w, t, s):
    S = w.S
    for k in range(S[Z.wait_n + t]):
        if S[Z.wait_slot + t * 4 + k] == s:
            return True
    return False


@nb.njit(cache=True, inline="always", _nrt=NRT)
def box_count(w, t):
    S = w.S
    n = 0                  # (an int sum: numpy bools would add as "or" when run without numba)
    if S[Z.box_slot + t * 2] >= 0:
        n += 1
    if S[Z.box_slot + t * 2 + 1] >= 0:
        n += 1
    return n


@nb.njit(cache=True, _nrt=NRT)
def to_box(c, w, st, script, t, s, kind):
    """Player (t, s) goes to the box (:func:`seat`) during play (a third player entering); when that leaves team t
    short the other team's power play starts (:func:`open_power_play`)."""
    if seat(c, w, st, script, t, s, kind):
        open_power_play(w, 1 - t)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def open_power_play(w, p):
    """A penalty has just put a player of team 1 - p in the box: when team p now has more skaters, a power-play
    opportunity for p and its "Move & Pass for one turn"."""
    if skaters(w, p) > skaters(w, 1 - p):
        w.cnt[p, C.pp_opportunities] += 1
        w.S[Z.move_pass + p] = 1


@nb.njit(cache=True, _nrt=NRT)
def seat(c, w, st, script, t, s, kind):
    """Player (t, s) goes to the box: "MINOR (Space #2 in the box) or a MAJOR (Space #4 in the box)"; with two
    already serving he waits in the delayed area ("3rd Player Penalty"), stays on the ice, and this returns
    False; a player already serving waits in the same queue, off the ice, for his own next penalty
    (:func:`release` starts it).  Credits no power play (the callers do)."""
    S = w.S
    again = S[Z.box_slot + t * 2] == s or S[Z.box_slot + t * 2 + 1] == s
    if again or box_count(w, t) >= 2:
        # a player already in the box serves this penalty after the one he is serving: he waits for it in the
        # same queue (off the ice), and is not a third player
        if S[Z.wait_n + t] < 4:
            k = S[Z.wait_n + t]
            S[Z.wait_slot + t * 4 + k] = s
            S[Z.wait_kind + t * 4 + k] = kind
            S[Z.wait_n + t] = k + 1
            if not again:
                w.cnt[t, C.third_player] += 1
        return False
    k = 0 if S[Z.box_slot + t * 2] < 0 else 1
    S[Z.box_slot + t * 2 + k] = s
    S[Z.box_left + t * 2 + k] = 2 if kind == 0 else 4
    S[Z.box_kind + t * 2 + k] = kind
    was_carrier = S[Z.poss] == t and S[Z.carrier] == s
    S[Z.on_ice + t * 6 + s] = 0
    remove(w, t, s)
    if was_carrier:
        # the carrier leaves mid-play (a third player entering): the nearest teammate takes the puck
        best = np.int64(-1)
        bd = 1 << 30
        for q in range(6):
            if S[Z.on_ice + t * 6 + q] != 0 and w.pos[t, q, 0] >= 0:
                dd = cheb(w.pos[t, q, 0], w.pos[t, q, 1], S[Z.puck_y], S[Z.puck_x])
                if dd < bd:
                    bd = dd
                    best = q
        S[Z.carrier] = best
        sync_puck(w)
    ot_strength(c, w, t, np.int64(-1))
    log(c, w, EV.penalty, t, s, kind, 1, S[Z.box_left + t * 2 + k], 0)
    return True


@nb.njit(cache=True, _nrt=NRT)
def release(c, w, st, script, t, k):
    """The player in box place k of team t returns to the ice at his gate and the first waiting penalty goes in
    (a third player's); when that is his own next penalty, it starts at once and he stays in the box."""
    S = w.S
    s = S[Z.box_slot + t * 2 + k]
    # the first waiting penalty whose player is not still in the box (serving another) goes in next
    j = -1
    other = S[Z.box_slot + t * 2 + 1 - k]
    for i in range(S[Z.wait_n + t]):
        if S[Z.wait_slot + t * 4 + i] != other:
            j = i
            break
    q = np.int64(-1)
    kind = np.int64(0)
    if j >= 0:
        q = S[Z.wait_slot + t * 4 + j]
        kind = S[Z.wait_kind + t * 4 + j]
        for i in range(j, S[Z.wait_n + t] - 1):
            S[Z.wait_slot + t * 4 + i] = S[Z.wait_slot + t * 4 + i + 1]
            S[Z.wait_kind + t * 4 + i] = S[Z.wait_kind + t * 4 + i + 1]
        S[Z.wait_n + t] -= 1
    if q == s:
        # his own next penalty: it starts at once, he stays in the box (the same power play, not a new one)
        S[Z.box_left + t * 2 + k] = 2 if kind == 0 else 4
        S[Z.box_kind + t * 2 + k] = kind
        log(c, w, EV.penalty, t, s, kind, 1, S[Z.box_left + t * 2 + k], 0)
        return
    S[Z.box_slot + t * 2 + k] = -1
    S[Z.box_left + t * 2 + k] = 0
    S[Z.on_ice + t * 6 + s] = 1
    place(c, w, t, s, c.gate[t, 0], c.gate[t, 1])
    log(c, w, EV.release, t, s, 0, 0, 0, 0)
    if q >= 0:
        to_box(c, w, st, script, t, q, kind)
    ot_strength(c, w, t, s)


@nb.njit(cache=True, _nrt=NRT)
def ot_strength(c, w, t, pref):
    """"Remove one of the wingers from each team so that both teams are 4-on-4" ("Over Time") and "You must
    always have 3 skaters on the ice" ("3rd Player Penalty"): in overtime (``ot_release=bench``) team t has 4
    skaters less those in the box, never fewer than 3.  A skater past that goes to the bench (a winger, ``pref``
    first, never the carrier); a benched skater comes back at his gate when the team would have fewer."""
    S = w.S
    if S[Z.ot] != 1 or c.rules[R.ot_release] == 0:
        return
    target = max(3, 4 - box_count(w, t))
    while skaters(w, t) > target:
        q = np.int64(-1)
        for i in range(7):
            if i == 0:
                s = pref if pref == 1 or pref == 2 else -1
            elif i < 3:
                s = 3 - i
            elif i == 3:
                s = pref
            else:
                s = (0, 3, 4)[i - 4]
            if s < 0 or s > 4 or S[Z.on_ice + t * 6 + s] == 0 or waiting(w, t, s):
                continue
            if S[Z.poss] == t and S[Z.carrier] == s:
                continue
            q = s
            break
        if q < 0:
            break
        S[Z.on_ice + t * 6 + q] = 0
        remove(w, t, q)
        w.cnt[t, C.ot_benched] += 1
        log(c, w, EV.benched, t, q, 0, 0, 0, 0)
    while skaters(w, t) < target:
        q = np.int64(-1)
        for s in (1, 2, 0, 3, 4):
            if S[Z.on_ice + t * 6 + s] == 0 and S[Z.box_slot + t * 2] != s and S[Z.box_slot + t * 2 + 1] != s:
                q = s
                break
        if q < 0:
            break
        S[Z.on_ice + t * 6 + q] = 1
        place(c, w, t, q, c.gate[t, 0], c.gate[t, 1])
        w.cnt[t, C.ot_benched] += 1
        log(c, w, EV.benched, t, q, 1, 0, 0, 0)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def box_advance(c, w, st, script, t):
    """Team t's penalized players move one space toward the gate (a shot on net by either team; a clear by the
    penalty killers); at the gate they are free.  Asked inline: :func:`advance_box` is called only when someone
    is in the box (a call copies every array of ``c`` and ``w``)."""
    if box_count(w, t) > 0:
        return advance_box(c, w, st, script, t)
    return 0


@nb.njit(cache=True, _nrt=NRT)
def advance_box(c, w, st, script, t):
    """:func:`box_advance`'s move; returns the places it freed (bit k: place k, which a waiting penalty may have
    taken since)."""
    S = w.S
    freed = 0
    for k in range(2):
        if S[Z.box_slot + t * 2 + k] >= 0:
            S[Z.box_left + t * 2 + k] -= 1
            if S[Z.box_left + t * 2 + k] <= 0:
                release(c, w, st, script, t, k)
                freed |= 1 << k
    return freed


@nb.njit(cache=True, _nrt=NRT)
def draw_card(c, w, st, script, t, s):
    """Draw a penalty card for player (t, s) from the deck (reshuffled when empty); returns 0 minor, 1 major."""
    S = w.S
    if S[Z.deck_left] == 0:
        for i in range(c.pkinds.shape[0]):
            S[Z.deck + i] = 1
        S[Z.deck_left] = c.pkinds.shape[0]
    acc = 0.0
    for i in range(c.pkinds.shape[0]):
        acc += S[Z.deck + i]
        w.deckw[i] = acc
    i = draw_weighted(st, script, w.deckw)
    S[Z.deck + i] = 0
    S[Z.deck_left] -= 1
    kind = c.pkinds[i]
    w.cnt[t, C.minors if kind == 0 else C.majors] += 1
    log(c, w, EV.penalty, t, s, kind, 0, i + 1, 0)
    return kind


@nb.njit(cache=True, _nrt=NRT)
def queue_penalty(w, t, s, kind):
    """Put a drawn penalty in the Delayed Penalty Area (imposed at the next stoppage)."""
    S = w.S
    k = S[Z.del_n + t]
    if k < 4:
        S[Z.del_slot + t * 4 + k] = s
        S[Z.del_kind + t * 4 + k] = kind
        S[Z.del_n + t] = k + 1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def impose_delayed(c, w, st, script):
    """The penalties in the Delayed Penalty Area go to the box (:func:`impose_queued`, called only when there are
    some)."""
    if w.S[Z.del_n] > 0 or w.S[Z.del_n + 1] > 0:
        impose_queued(c, w, st, script)


@nb.njit(cache=True, _nrt=NRT)
def impose_queued(c, w, st, script):
    """Both teams' queued penalties go to the box, then the power play is decided on the strengths that result
    ("Power-Play Team Enhancements until both teams are even strength"): a home minor with an away major at one
    stoppage is 4-on-4, nobody's power play."""
    S = w.S
    seated = 0
    for t in range(2):
        gs = np.int64(-1)
        # the skaters' own penalties first, then the goalie's: one teammate, found among those left on the ice
        # and not waiting, serves every goalie penalty of the stoppage (one after the other, as a skater his own)
        for goalie in (False, True):
            for k in range(S[Z.del_n + t]):
                slot = S[Z.del_slot + t * 4 + k]
                if (slot == 5) != goalie:
                    continue
                if goalie and gs < 0:
                    gs = server(w, t, slot)
                if seat(c, w, st, script, t, gs if goalie else slot, S[Z.del_kind + t * 4 + k]):
                    seated |= 1 << t
        S[Z.del_n + t] = 0
    for t in range(2):
        if (seated >> t) & 1:
            open_power_play(w, 1 - t)


# ---------------------------------------------------------------- face-offs and set-ups

@nb.njit(cache=True, _nrt=NRT)
def clear_board(occ, pos):
    """Nobody on the board (``occ`` 0, ``pos`` -1)."""
    for y in range(occ.shape[0]):
        for x in range(occ.shape[1]):
            occ[y, x] = 0
    for t in range(2):
        for s in range(6):
            pos[t, s, 0] = -1
            pos[t, s, 1] = -1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def faceoff(c, w, st, script, dot, opening):
    """"Each player rolls 1D6 ... High roller wins ... In the case of a tie, the HOME team wins" (+1 and ties
    for a power-play team or a team with an extra attacker, "Power Plays & Penalty Killing").  The players line
    up by the formations (the suggested setup for a period's opening face-off); goalies return to their
    creases, but a pulled goalie who stays on (:func:`stays_pulled`) lines up at his pull spot; the winner's
    center takes the puck, and a power play that wins it outside its own end sets up (:func:`maybe_pp_setup`)
    whether or not it had set up in that possession before the stoppage.  A player on his side stands up for it
    unless the rules' ``frozen_reset`` is ``turns``.  Inlined into :func:`stoppage`, its one caller."""
    S = w.S
    for t in range(2):
        if not stays_pulled(c, w, t, opening):
            S[Z.pulled + t] = 0
    S[Z.steal] = 0
    S[Z.beaten] = 0               # back in his crease: no longer out of position
    if c.rules[R.frozen_reset] == 0:
        for i in range(12):
            S[Z.frozen + i] = 0
    clear_board(w.occ, w.pos)
    for t in range(2):
        for s in range(5):
            if S[Z.on_ice + t * 6 + s] == 0:
                continue
            if opening:
                place(c, w, t, s, c.opening[t, s, 0], c.opening[t, s, 1])
            else:
                place(c, w, t, s, c.fopos[dot, t, s, 0], c.fopos[dot, t, s, 1])
        if S[Z.pulled + t] != 0:
            place(c, w, t, np.int64(5), c.pullspot[t, 0], c.pullspot[t, 1])
        else:
            place(c, w, t, np.int64(5), c.crease[t, 1, 0], c.crease[t, 1, 1])
    S[Z.puck_y] = c.fodot[dot, 0]
    S[Z.puck_x] = c.fodot[dot, 1]
    S[Z.poss] = -1
    S[Z.carrier] = -1
    h = roll_die(st, script, 6)
    a = roll_die(st, script, 6)
    ah = advantage(w, 0)
    aa = advantage(w, 1)
    hm = h + (1 if ah and not aa else 0)
    am = a + (1 if aa and not ah else 0)
    if hm > am:
        win = np.int64(0)
    elif am > hm:
        win = np.int64(1)
    else:
        win = np.int64(1) if (aa and not ah) else np.int64(0)
    w.cnt[0, C.faceoffs] += 1
    w.cnt[1, C.faceoffs] += 1
    w.cnt[win, C.faceoffs_won] += 1
    log(c, w, EV.faceoff, win, dot, h, a, hm, am)
    s = np.int64(0)
    if S[Z.on_ice + win * 6] == 0:
        bd = 1 << 30
        for q in range(5):
            if S[Z.on_ice + win * 6 + q] != 0:
                dd = cheb(w.pos[win, q, 0], w.pos[win, q, 1], S[Z.puck_y], S[Z.puck_x])
                if dd < bd:
                    bd = dd
                    s = q
    S[Z.stop] = ST_NONE
    S[Z.next_actor] = win
    # the line-up breaks a power play's set-up: won by the power play outside its own end, the set-up comes again
    # ("Whenever the power-play team is in possession of the puck in the neutral zone or the penalty-killers end")
    S[Z.setup_done] = 0
    gain(c, w, st, script, win, s)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def stays_pulled(c, w, t, opening):
    """Team t's pulled goalie stays on through this face-off: the rules' ``pull_faceoff`` is ``stay``, it is not
    a period's opening face-off, and his team still trails."""
    S = w.S
    return c.rules[R.pull_faceoff] != 0 and S[Z.pulled + t] != 0 and not opening \
        and S[Z.score + t] < S[Z.score + 1 - t]


@nb.njit(cache=True, inline="always", _nrt=NRT)
def maybe_pp_setup(c, w, st, script, t):
    """"Whenever the power-play team is in possession of the puck in the neutral zone or the penalty-killers
    end of the ice", the set-up (once a possession)."""
    S = w.S
    if S[Z.setup_done] != 0 or S[Z.poss] != t or S[Z.carrier] < 0 or stopped(w):
        return
    if skaters(w, t) <= skaters(w, 1 - t):
        return
    if in_own_end(c, t, S[Z.puck_y]):
        return
    pp_setup(c, w, st, script, t)


@nb.njit(cache=True, _nrt=NRT)
def pp_setup(c, w, st, script, p):
    """"Penalty Kill Team Positioning": the killers take a posture in their own end (no dice), the power play
    sets up in the attack zone with a defenseman holding the puck on line 12; the killers move first."""
    S = w.S
    k = 1 - p
    ps = posture(c, w, st, script, k)
    for t in range(2):
        for s in range(5):
            remove(w, t, s)
    # the killers: the posture's squares manned in its fill order
    here = 0
    for s in range(5):
        here += S[Z.on_ice + k * 6 + s] != 0
    used = 0
    for i in range(here):
        q = c.pkfill[ps, i]
        if S[Z.on_ice + k * 6 + q] != 0:
            place(c, w, k, q, c.pk[ps, k, q, 0], c.pk[ps, k, q, 1])
            used |= 1 << i
    for s in range(5):
        if S[Z.on_ice + k * 6 + s] == 0 or w.pos[k, s, 0] >= 0:
            continue
        for i in range(here):
            if not (used >> i) & 1:
                q = c.pkfill[ps, i]
                place(c, w, k, s, c.pk[ps, k, q, 0], c.pk[ps, k, q, 1])
                used |= 1 << i
                break
    holder = c.pppuck[0]
    if S[Z.on_ice + p * 6 + holder] == 0:
        holder = np.int64(-1)
        for q in (4, 3, 0, 1, 2):
            if S[Z.on_ice + p * 6 + q] != 0:
                holder = q
                break
    for s in range(5):
        if S[Z.on_ice + p * 6 + s] == 0:
            continue
        q = c.pppuck[0] if s == holder else s
        if s != holder and q == c.pppuck[0]:
            q = holder
        place(c, w, p, s, c.pp[p, q, 0], c.pp[p, q, 1])
    S[Z.poss] = p
    S[Z.carrier] = holder
    sync_puck(w)
    S[Z.setup_done] = 1
    S[Z.next_actor] = k
    log(c, w, EV.pp_setup, p, holder, ps, 0, 0, 0)


# ---------------------------------------------------------------- shots

@nb.njit(cache=True, inline="always", _nrt=NRT)
def strength_kind(w, g):
    """The goal kind of a goal by team g now: 0 even, 1 power play, 2 short-handed, 3 empty net."""
    if w.S[Z.pulled + 1 - g] != 0:
        return 3
    a = skaters(w, g)
    b = skaters(w, 1 - g)
    if a > b:
        return 1
    if a < b:
        return 2
    return 0


@nb.njit(cache=True, _nrt=NRT)
def score_goal(c, w, st, script, g, kind):
    S = w.S
    per = 3 if S[Z.ot] != 0 else S[Z.period] - 1
    w.goals[g, per] += 1
    S[Z.score + g] += 1
    w.cnt[g, C.goals] += 1
    w.cnt[g, (C.goals_even, C.pp_goals, C.sh_goals, C.en_goals)[kind]] += 1
    log(c, w, EV.goal, g, S[Z.carrier], kind, S[Z.score], S[Z.score + 1], 0)
    if S[Z.ot] != 0:
        # a reading: overtime is sudden death (the rulebook says only "If the score is still tied after Over Time")
        S[Z.done] = 1
    halt(c, w, ST_GOAL, 0)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def play_goes_on(c, w):
    """After the period that just ended, the game goes on: a regulation period before the third, or the third
    ending level with an overtime to come (overtime's end leaves only the shoot-out, where the box plays no
    part)."""
    S = w.S
    if S[Z.ot] != 0:
        return False
    return S[Z.period] < 3 or (S[Z.score] == S[Z.score + 1] and c.rules[R.overtime] != 0)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def shot(c, w, st, script, o):
    """"Shots on Goal": the shot (:func:`shot_on_goal`), then, unless it ended the game, the box as it stood
    when the shot was taken: both teams' penalized players move one space ("A shot on net by either team"), also
    when the shot's result ended a period the game goes on after (:func:`play_goes_on`), and a goal scored with
    more skaters than the other team ends the
    shorthanded team's minor with fewest spaces left of those still serving ("MINOR penalties will automatically
    expire if there is a power-play goal"; into an empty net too, though such a goal is counted as an empty-net
    goal).  A player the shot frees, or a waiting one it sends in, is not part of the shot, and one who goes in is
    not moved by it.  Inlined into the offensive turn, its one caller (a call copies every array of ``c`` and
    ``w``)."""
    S = w.S
    pp = skaters(w, o) > skaters(w, 1 - o)
    goals = w.cnt[o, C.goals]
    shot_on_goal(c, w, st, script, o)
    if S[Z.done] == 0 or play_goes_on(c, w):
        fresh = 0
        for t in range(2):
            fresh |= box_advance(c, w, st, script, t) << (2 * t)
        if pp and w.cnt[o, C.goals] > goals:
            expire_minor(c, w, st, script, 1 - o, (fresh >> (2 * (1 - o))) & 3)


@nb.njit(cache=True, _nrt=NRT)
def expire_minor(c, w, st, script, d, fresh):
    """A power-play goal against team d: its minor with fewest spaces left ends, of the places not refilled by
    the box's move (bit k of ``fresh``: place k was freed by it and may hold a player who just went in)."""
    S = w.S
    best = np.int64(-1)
    bl = 99
    for k in range(2):
        if (fresh >> k) & 1 == 0 and S[Z.box_slot + d * 2 + k] >= 0 and S[Z.box_kind + d * 2 + k] == 0 \
                and S[Z.box_left + d * 2 + k] < bl:
            bl = S[Z.box_left + d * 2 + k]
            best = k
    if best >= 0:
        release(c, w, st, script, d, best)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def shot_on_goal(c, w, st, script, o):
    """The shot itself: the shooter's card, then the goalie's (each from its own side's mix for the context),
    a match is a save; top/bottom decides in or out of position; 2d6 on the chart for line, inside/outside,
    open/screened/blocked.  Inlined into :func:`shot`."""
    S = w.S
    d = 1 - o
    s0 = S[Z.carrier]
    y = w.pos[o, s0, 0]
    x = w.pos[o, s0, 1]
    line = shot_line(c, o, y)
    side, lane = shot_lane(c, w, o, y, x)
    kind = strength_kind(w, o)
    w.cnt[o, C.shots] += 1
    if lane == LANE_SCREENED:
        w.cnt[o, C.screened] += 1
    elif lane == LANE_BLOCKED:
        w.cnt[o, C.blocked] += 1
    S[Z.fresh + o] = 0
    ctx = context(line, side, lane)
    empty = S[Z.pulled + d] != 0
    end_dot = nearest_dot(c, y, x, np.int64(2), d)
    if empty:
        cards = -1                          # the log's cards: shot * 8 + goalie, -1 none (empty net)
        pos = 1
        if c.rules[R.empty_net] != 0:
            w.cnt[o, C.out_of_position] += 1
            log(c, w, EV.shot, o, s0, line, side * 3 + lane, -1, 103)
            score_goal(c, w, st, script, o, kind)
            return
    elif S[Z.beaten] != 0 and c.rules[R.beaten_cards] != 0:
        cards = -2                          # -2: none, the goalie is out of his crease
        pos = 1
    else:
        sc = draw_weighted(st, script, c.scdf[o, ctx])
        gc = draw_weighted(st, script, c.gcdf[d, ctx])
        m = c.outcome[sc, gc]
        if m == 0:
            w.cnt[o, C.card_saves] += 1
            log(c, w, EV.shot, o, s0, line, side * 3 + lane, sc * 8 + gc, -1)
            halt(c, w, ST_SAVE, end_dot)
            return
        cards = sc * 8 + gc
        pos = m - 1
        if S[Z.beaten] != 0:
            pos = 1
    w.cnt[o, C.in_position if pos == 0 else C.out_of_position] += 1
    roll = roll_2d6(st, script)
    res = c.table[side, lane, pos, line, roll]
    log(c, w, EV.shot, o, s0, line, side * 3 + lane, cards, pos * 100 + roll * 4 + res)
    if res == 3:
        score_goal(c, w, st, script, o, kind)
        return
    ry = c.goal[d, 0] + (2 if d == 0 else -2)
    rx = c.goal[d, 1]
    if res == 1:
        w.cnt[o, C.saves] += 1
        if empty:
            loose(c, w, st, script, ry, rx, d)
        else:
            halt(c, w, ST_SAVE, end_dot)
        return
    if res == 2:
        w.cnt[o, C.rebounds] += 1
        if c.rules[R.rebound] != 0 and not empty:
            halt(c, w, ST_SAVE, end_dot)
        else:
            loose(c, w, st, script, ry, rx, d)
        return
    w.cnt[o, C.blanks] += 1
    if empty:
        loose(c, w, st, script, ry, rx, d)
    elif c.rules[R.blank_hold] != 0 and goalie_keeps(c, w, d):
        goalie_hold(c, w, d)                # blank_hold=save: a held blank is a save, no change of possession
    else:
        goalie_play(c, w, st, script, d)


@nb.njit(cache=True, _nrt=NRT)
def goalie_play(c, w, st, script, t):
    """The goalie has the puck (a blank on the chart, a loose puck): "hold the puck for a face-off or pass to an
    open teammate a maximum of 8 spaced"."""
    gain(c, w, st, script, t, np.int64(5))
    if stopped(w):
        return
    goalie_dispose(c, w, st, script, t)


@nb.njit(cache=True, _nrt=NRT)
def goalie_dispose(c, w, st, script, t):
    """The goalie with the puck passes "a maximum of 8 spaces in any direction", or sweeps it "to the either
    corner of the ice surface behind their own goal line" ("the space up against the boards directly adjacent
    to the goal line just below line 1": a loose puck there), or holds "for a face-off at the nearest face-off
    dot" (his policy's ``goalie_pass`` and ``sweep``)."""
    r, k = goalie_choice(c, w, t)
    if r >= 0:
        w.cnt[t, C.goalie_passes] += 1
        log(c, w, EV.goalie, t, 5, 1, r, 0, 0)
        do_pass(c, w, st, script, t, r)
        return
    if k >= 0:
        # the puck rests in the corner; a skater of his gets there first (the policy's condition), so this is
        # the loose-puck rule without a goalie's roll
        y = c.corners[t, k, 0]
        x = c.corners[t, k, 1]
        w.cnt[t, C.sweeps] += 1
        log(c, w, EV.sweep, t, 5, y, x, 0, 0)
        bt, bs, bd = nearest_player(w, y, x, t, True)
        if bs != 5:
            S = w.S
            S[Z.poss] = -1
            S[Z.carrier] = -1
            S[Z.puck_y] = y
            S[Z.puck_x] = x
            w.cnt[bt, C.loose_won] += 1
            log(c, w, EV.loose, bt, bs, y, x, bd, 0)
            if w.occ[y, x] == 0:
                place(c, w, bt, bs, y, x)
            gain(c, w, st, script, bt, bs)
            return
    goalie_hold(c, w, t)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def goalie_choice(c, w, t):
    """What team t's goalie with the puck does by his policy: ``(receiver, corner)``, the teammate he passes to
    (``goalie_receiver``) or -1, else the corner he sweeps to (``sweep_corner``) or -1; both -1: he holds."""
    pc, pw = pass_view(c, w)
    r = goalie_receiver(pc, pw, t, w.ordr)
    if r >= 0:
        return r, np.int64(-1)
    return np.int64(-1), np.int64(sweep_corner(c, w, t))


@nb.njit(cache=True, _nrt=NRT)
def goalie_keeps(c, w, t):
    """Team t's goalie, given the puck now, would hold it (:func:`goalie_choice`)."""
    r, k = goalie_choice(c, w, t)
    return r < 0 and k < 0


@nb.njit(cache=True, inline="always", _nrt=NRT)
def goalie_hold(c, w, t):
    """Team t's goalie holds the puck "for a face-off at the nearest face-off dot" (of his end)."""
    w.cnt[t, C.goalie_holds] += 1
    log(c, w, EV.goalie, t, 5, 0, 0, 0, 0)
    halt(c, w, ST_HOLD, nearest_dot(c, w.pos[t, 5, 0], w.pos[t, 5, 1], np.int64(2), t))


@nb.njit(cache=True, inline="always", _nrt=NRT)
def nearest_player(w, y, x, dteam, goalies):
    """``(team, slot, distance)`` of the player nearest (y, x) (king distance; the goalies in net count when
    ``goalies``, a pulled goalie always), ties to ``dteam`` then the lower slot.  A player who may not move
    (``Z.frozen``: on his side after a body check, or the checker who missed one) takes only a puck on his own
    square; should every player be waiting or away, they count as the others (``policies.nearest_of``)."""
    da, sa = nearest_of(w, dteam, y, x, goalies, -1, False)
    db, sb = nearest_of(w, 1 - dteam, y, x, goalies, -1, False)
    if sa < 0 and sb < 0:
        da, sa = nearest_of(w, dteam, y, x, goalies, -1, True)
        db, sb = nearest_of(w, 1 - dteam, y, x, goalies, -1, True)
    if db < da:
        return 1 - dteam, sb, db
    return dteam, sa, da


@nb.njit(cache=True, _nrt=NRT)
def loose(c, w, st, script, y, x, dteam):
    """A loose puck on (y, x): the nearest player (king distance; the goalies count) takes it, ties to
    ``dteam`` (the team defending that end); he is put on the puck's square when it is free.  A goalie in net
    who is nearest but cannot play it from where he stands (more than one square away, off his crease) must
    "leave the crease to recover and play a loose puck ... They may roll 1D6 only" (``goalie_loose=roll``): his
    policy sends him when the 1d6 can reach it; he gets it when the roll covers the distance, else he skates the
    roll toward it and the nearest skater takes it."""
    S = w.S
    S[Z.poss] = -1
    S[Z.carrier] = -1
    S[Z.puck_y] = y
    S[Z.puck_x] = x
    bt, bs, bd = nearest_player(w, y, x, dteam, True)
    if bs == 5 and S[Z.pulled + bt] == 0 and c.rules[R.goalie_loose] != 0 and bd > 1 and c.cell[y, x] != 2:
        if goalie_goes(c, w, bt, bd):
            roll = roll_die(st, script, 6)
            w.cnt[bt, C.goalie_loose] += 1
            gy = w.pos[bt, 5, 0]
            gx = w.pos[bt, 5, 1]
            log(c, w, EV.goalie, bt, 5, 4, roll, bd, 1 if roll >= bd else 0)
            if roll >= bd:
                if w.occ[y, x] == 0:
                    place(c, w, bt, np.int64(5), y, x)
                w.cnt[bt, C.loose_won] += 1
                log(c, w, EV.loose, bt, 5, y, x, bd, 0)
                goalie_play(c, w, st, script, bt)
                return
            ny = gy + max(-roll, min(roll, y - gy))
            nx = gx + max(-roll, min(roll, x - gx))
            if w.occ[ny, nx] == 0 and passable(c.cell, ny, nx):
                w.occ[gy, gx] = 0
                w.pos[bt, 5, 0] = ny
                w.pos[bt, 5, 1] = nx
                w.occ[ny, nx] = bt * 6 + 5 + 1
        bt, bs, bd = nearest_player(w, y, x, dteam, False)
    w.cnt[bt, C.loose_won] += 1
    log(c, w, EV.loose, bt, bs, y, x, bd, 0)
    if bs == 5 and S[Z.pulled + bt] == 0:
        goalie_play(c, w, st, script, bt)
        return
    if w.occ[y, x] == 0:
        place(c, w, bt, bs, y, x)
    gain(c, w, st, script, bt, bs)


# ---------------------------------------------------------------- passes and dumps

@nb.njit(cache=True, inline="always", _nrt=NRT)
def intercept(c, w, st, script, o, n):
    """Passing Through an Opponent's Contact Zone, for a puck team o sent along ``w.py/w.px[:n]``: each opponent
    whose contact zone it crosses, in the order it reaches them, rolls 2d6 to intercept (8+, a penalty-killer
    10+).  Returns the slot of the one who intercepts (counted), -1 if none does."""
    d = 1 - o
    k = zone_crossers(w, o, n, w.ordr)
    need = c.rules[R.intercept_pk] if short(w, d) else c.rules[R.intercept]
    for i in range(k):
        q = w.ordr[i]
        roll = roll_2d6(st, script)
        log(c, w, EV.intercept, d, q, roll, need, 1 if roll >= need else 0, 0)
        if roll >= need:
            w.cnt[d, C.intercepted] += 1
            return q
    return -1


@nb.njit(cache=True, _nrt=NRT)
def do_pass(c, w, st, script, o, r):
    """A pass from the carrier to teammate r ("Passing"): blocked lanes are refused (returns False); each
    opponent whose contact zone the puck crosses rolls 2d6 to intercept (8+, a penalty-killer 10+); a pass from
    outside the attack zone to a teammate inside it is offside.  Returns True when the pass was made."""
    S = w.S
    d = 1 - o
    s0 = S[Z.carrier]
    ay = w.pos[o, s0, 0]
    ax = w.pos[o, s0, 1]
    by = w.pos[o, r, 0]
    bx = w.pos[o, r, 1]
    blocked, n = pass_lane(c, w, o, ay, ax, by, bx)
    if blocked:
        return False
    S[Z.steal] = 0                # "an immediate pass": the first one after the steal
    w.cnt[o, C.passes] += 1
    S[Z.fresh + o] = 0
    q = intercept(c, w, st, script, o, n)
    if q >= 0:
        log(c, w, EV.pass_, o, s0, r, 0, 0, 0)
        gain(c, w, st, script, d, q)
        return True
    log(c, w, EV.pass_, o, s0, r, 1, 0, 0)
    if c.rules[R.offside] != 0 and not in_attack(c, o, ay) and in_attack(c, o, by):
        w.cnt[o, C.offsides] += 1
        log(c, w, EV.offside, o, r, 0, 0, 0, 0)
        S[Z.carrier] = r
        sync_puck(w)
        halt(c, w, ST_OFFSIDE, nearest_dot(c, by, bx, np.int64(1), d))
        return True
    S[Z.carrier] = r
    sync_puck(w)
    maybe_pp_setup(c, w, st, script, o)
    return True


@nb.njit(cache=True, _nrt=NRT)
def bank_pass(c, w, st, script, o, code):
    """A pass off the side boards at square ``code`` (``y * 64 + x``) ("Passing Off Sideboards",
    policies.bank_path): the lane must be open; each opponent whose contact zone the puck crosses (on its way to
    the boards and back) rolls to intercept as for any pass; the player it meets on the rebound takes it, else it
    rests three squares off the boards and the nearest player takes it (ties to the other team).  A pass from
    outside the attack zone that a teammate takes inside it is offside.  Returns True when the pass was made."""
    S = w.S
    d = 1 - o
    s0 = S[Z.carrier]
    ay = w.pos[o, s0, 0]
    ax = w.pos[o, s0, 1]
    by = code // 64
    bx = code % 64
    pc, pw = pass_view(c, w)
    ok, n, ry, rx, hit = bank_path(pc, pw, o, ay, ax, by, bx)
    if not ok:
        return False
    w.cnt[o, C.passes] += 1
    w.cnt[o, C.bank_passes] += 1
    S[Z.fresh + o] = 0
    q = intercept(c, w, st, script, o, n)
    log(c, w, EV.bank, o, s0, by * 64 + bx, ry * 64 + rx, 1 if q >= 0 else 0, 0)
    if q >= 0:
        gain(c, w, st, script, d, q)
        return True
    if hit != 0:
        t = (hit - 1) // 6
        s = (hit - 1) % 6
        if t == o:
            S[Z.carrier] = s
            sync_puck(w)
        else:
            gain(c, w, st, script, t, s)
    else:
        loose(c, w, st, script, ry, rx, d)
    if c.rules[R.offside] != 0 and S[Z.poss] == o and not stopped(w) and not in_attack(c, o, ay) \
            and in_attack(c, o, ry):
        w.cnt[o, C.offsides] += 1
        log(c, w, EV.offside, o, S[Z.carrier], 0, 0, 0, 0)
        halt(c, w, ST_OFFSIDE, nearest_dot(c, ry, rx, np.int64(1), d))
        return True
    if S[Z.poss] == o and not stopped(w):
        maybe_pp_setup(c, w, st, script, o)
    return True


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _path_square(w, n, y, x):
    """Append square (y, x) to the puck's path ``w.py/w.px[:n]`` (room for 256); returns the new length."""
    if n < w.py.shape[0]:
        w.py[n] = y
        w.px[n] = x
        return n + 1
    return n


@nb.njit(cache=True, _nrt=NRT)
def dump(c, w, st, script, o):
    """A dump: by a penalty-killing team in its own end, "Dumping the Puck (Penalty-Kill Team)" (2d6 >= 6
    clears: the box moves, no new series, the power play sets up again; else the puck goes to the power-play
    defenseman farthest from the dumper); otherwise around the boards ("Passing Around the Boards": five
    squares beyond the first corner), intercepted on its way where the rules say (dump_intercept=on), icing from
    the team's own half, then a loose puck."""
    S = w.S
    d = 1 - o
    s0 = S[Z.carrier]
    y = w.pos[o, s0, 0]
    x = w.pos[o, s0, 1]
    w.cnt[o, C.dumps] += 1
    if short(w, o) and in_own_end(c, o, y):
        roll = roll_2d6(st, script)
        ok = roll >= c.rules[R.pk_dump]
        log(c, w, EV.pk_dump, o, s0, roll, 1 if ok else 0, 0, 0)
        if ok:
            w.cnt[o, C.pk_clears] += 1
            box_advance(c, w, st, script, o)
            # the power play regains control without a new series ("DO NOT advance the series dial")
            S[Z.last_poss] = d
            S[Z.poss] = d
            S[Z.series_turns] = 0
            if skaters(w, d) > skaters(w, o):
                pp_setup(c, w, st, script, d)
            else:
                S[Z.carrier] = 3 if S[Z.on_ice + d * 6 + 3] != 0 else 0
                sync_puck(w)
                S[Z.next_actor] = o
            return
        w.cnt[o, C.pk_dump_fails] += 1
        best = np.int64(-1)
        bd = -1
        for q in (3, 4, 0, 1, 2):
            if S[Z.on_ice + d * 6 + q] == 0:
                continue
            dd = cheb(w.pos[d, q, 0], w.pos[d, q, 1], y, x)
            if dd > bd and (q >= 3 or best < 0):
                bd = dd
                best = q
        gain(c, w, st, script, d, best)
        return
    # around the boards from the corner of the attacked end on the carrier's side
    cx = c.dims[0] // 2
    k = 0 if x < cx else 1
    cy = c.corners[d, k, 0]
    cxx = c.corners[d, k, 1]
    K = c.rim.shape[0]
    ri = c.rim_index[cy, cxx]
    a = c.rim[(ri + 1) % K]
    b = c.rim[(ri - 1 + K) % K]
    step = 1 if abs(a[1] - cx) < abs(b[1] - cx) else -1
    j = (ri + 5 * step + 5 * K) % K
    ty = c.rim[j, 0]
    tx = c.rim[j, 1]
    # icing is not called on a penalty-killing team, wherever it dumps from
    own_half = c.rules[R.icing] != 0 and c.aline[o, y] > c.dims[2] and not short(w, o)
    second = 0
    r2 = -1
    step2 = step
    if c.rules[R.boards_row3] != 0:
        # "Or, puck comes to rest five squares beyond second corner in Row 3": behind the net, past the other
        # corner, five rim squares up the boards, then Row 3 of that line
        cy2 = c.corners[d, 1 - k, 0]
        cx2 = c.corners[d, 1 - k, 1]
        r2 = c.rim_index[cy2, cx2]
        a2 = c.rim[(r2 + 1) % K]
        b2 = c.rim[(r2 - 1 + K) % K]
        step2 = 1 if abs(a2[1] - cx) > abs(b2[1] - cx) else -1
        j2 = (r2 + 5 * step2 + 5 * K) % K
        ty2 = c.rim[j2, 0]
        tx2 = c.row3[0 if c.rim[j2, 1] < cx else 1, ty2]
        pc, pw = pass_view(c, w)
        if boards_choice(pc, pw, o, ty, tx, own_half and c.aline[o, ty] < 1, ty2, tx2,
                         own_half and c.aline[o, ty2] < 1) == 1:
            ty = ty2
            tx = tx2
            second = 1
            w.cnt[o, C.row3_dumps] += 1
    caught = -1
    if c.rules[R.dump_intercept] != 0:
        # the puck's way: to the corner, the rim squares beyond it (behind the net; for the second corner on
        # round to it and five squares up the boards), then across to Row 3
        n, _ = pass_path(y, x, cy, cxx, w.py, w.px)
        n = _path_square(w, n, cy, cxx)
        i = ri
        for _ in range(K):
            if second == 0 or i == r2:
                break
            i = (i + step + K) % K
            n = _path_square(w, n, c.rim[i, 0], c.rim[i, 1])
        for _ in range(5):
            i = (i + (step if second == 0 else step2) + K) % K
            n = _path_square(w, n, c.rim[i, 0], c.rim[i, 1])
        if second != 0:
            m, _ = pass_path(c.rim[i, 0], c.rim[i, 1], ty, tx, w.oy, w.ox)
            for e in range(m):
                n = _path_square(w, n, w.oy[e], w.ox[e])
            n = _path_square(w, n, ty, tx)
        caught = intercept(c, w, st, script, o, n)
    log(c, w, EV.dump, o, s0, ty, tx, second, 1 if caught >= 0 else 0)
    if caught >= 0:
        gain(c, w, st, script, d, caught)
        return
    if own_half and c.aline[o, ty] < 1:
        w.cnt[o, C.icings] += 1
        log(c, w, EV.icing, o, s0, 0, 0, 0, 0)
        S[Z.poss] = -1
        S[Z.carrier] = -1
        halt(c, w, ST_ICING, nearest_dot(c, y, x, np.int64(2), o))
        return
    loose(c, w, st, script, ty, tx, d)


# ---------------------------------------------------------------- checks

@nb.njit(cache=True, _nrt=NRT)
def check(c, w, st, script, d, s, kind):
    """A stick check (kind 1) or body check (kind 2) by defender (d, s) on the carrier ("Checking"): both roll
    2d6, the defender first, high roll wins (the rules' ``check_tie`` for ties); a penalty-killer's rolls -2.
    Stick check: the checker's double 6 draws a penalty card.  Body check: double 1 or 6 by either draws one
    (the checker first; two minors are incidentals); a won body check puts the carrier down 2 turns, a miss
    freezes the checker 1 turn.  A penalty on the team that has the puck stops play at once; on the other team
    it is delayed ("Delayed Penalty").  Returns True on a steal.  Not inlined: inlined into its two callers it
    gave 2% more games a second for 45 s more cold compile."""
    S = w.S
    o = 1 - d
    k = S[Z.carrier]
    rd = roll_2d6(st, script)
    ro = roll_2d6(st, script)
    md = rd - (2 if short(w, d) else 0)
    mo = ro - (2 if short(w, o) else 0)
    win = md > mo or (md == mo and c.rules[R.check_tie] != 0)
    if kind == 1:
        w.cnt[d, C.stick_checks] += 1
        pen_d = rd == 12
        pen_o = False
    else:
        w.cnt[d, C.body_checks] += 1
        pen_d = rd == 12 or rd == 2
        pen_o = ro == 12 or ro == 2
    log(c, w, EV.stick_check if kind == 1 else EV.body_check, d, s, k, rd, ro, 1 if win else 0)
    iy = w.pos[o, k, 0]
    ix = w.pos[o, k, 1]
    if win:
        w.cnt[d, C.stick_steals if kind == 1 else C.body_steals] += 1
        if kind == 2:
            w.S[Z.frozen + o * 6 + k] = 2
            log(c, w, EV.frozen, o, k, 2, 0, 0, 0)
        S[Z.next_actor] = d
        S[Z.steal] = o * 6 + k + 1
        gain(c, w, st, script, d, s)
    elif kind == 2:
        w.S[Z.frozen + d * 6 + s] = 1
        log(c, w, EV.frozen, d, s, 1, 0, 0, 0)
    if not pen_d and not pen_o:
        return win
    kd = draw_card(c, w, st, script, d, s) if pen_d else -1
    ko = draw_card(c, w, st, script, o, k) if pen_o else -1
    if kd == 0 and ko == 0:
        w.cnt[d, C.incidentals] += 1
        w.cnt[o, C.incidentals] += 1
        log(c, w, EV.incidental, d, s, k, 0, 0, 0)
        halt(c, w, ST_INCIDENTAL, nearest_dot(c, iy, ix, np.int64(-1), np.int64(-1)))
        return win
    holder = S[Z.poss]
    stop_now = False
    for i in range(2):
        t = d if i == 0 else o
        kk = kd if i == 0 else ko
        q = s if i == 0 else k
        if kk < 0:
            continue
        queue_penalty(w, t, q, kk)
        if holder == t:
            stop_now = True
        else:
            w.cnt[t, C.delayed] += 1
            log(c, w, EV.delayed, t, q, kk, 0, 0, 0)
    if stop_now:
        dot = nearest_dot(c, iy, ix, np.int64(-1), np.int64(-1))
        # "Penalty on an attacking player in the opponent's zone": the nearest neutral-zone spot
        if (pen_o and in_attack(c, o, iy)) or (pen_d and holder == d and in_attack(c, d, iy)):
            dot = nearest_dot(c, iy, ix, np.int64(1), half_of(c, iy))
        if pen_d and pen_o:
            dot = nearest_dot(c, iy, ix, np.int64(-1), np.int64(-1))
        halt(c, w, ST_PENALTY, dot)
    return win


# ---------------------------------------------------------------- skating

@nb.njit(cache=True, inline="always", _nrt=NRT)
def allowance(c, w, t, s, roll):
    """A player's spaces this move: the roll, +2 on the power play ("Movement dice rolls get a +2"), +2 for the
    overtime center-and-winger roll, -2 for a penalty killer in his own end."""
    S = w.S
    n = roll
    if advantage(w, t):
        n += 2
    if S[Z.ot] != 0 and group_of(w, t, s) == GROUP_C:
        n += 2
    if short(w, t) and in_own_end(c, t, w.pos[t, s, 0]):
        n -= 2
    return max(n, 0)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def slowed(c, w, t, s):
    """The contact-zone -2 applies to this player now (not the puck carrier; ``zone_slow``)."""
    S = w.S
    if S[Z.poss] == t and S[Z.carrier] == s:
        return False
    if c.rules[R.zone_slow] != 0 and skaters(w, 0) != skaters(w, 1):
        return False
    return True


@nb.njit(cache=True, inline="always", _nrt=NRT)
def members(w, t, g, out):
    """The players of group g (0 center, 1 wings and a pulled goalie, 2 defense) who may move: on the ice, not
    frozen; the carrier first.  Returns how many."""
    S = w.S
    n = 0
    car = S[Z.carrier] if S[Z.poss] == t else -1
    if car >= 0 and group_of(w, t, car) == g and S[Z.frozen + t * 6 + car] == 0 \
            and (car != 5 or S[Z.pulled + t] != 0):
        out[n] = car
        n += 1
    for s in range(6):
        if s == car or S[Z.on_ice + t * 6 + s] == 0 or S[Z.frozen + t * 6 + s] != 0:
            continue
        if s == 5 and S[Z.pulled + t] == 0:
            continue
        if group_of(w, t, s) == g:
            out[n] = s
            n += 1
    return n


@nb.njit(cache=True, inline="always", _nrt=NRT)
def maybe_return(c, w, t):
    """"The Goalie may be returned directly to the crease but only after skating to the starting position at
    line 18 where they entered the game as an extra attacker" (``pull_return=skate``): a pulled goalie his
    policy calls back, standing on the pull spot (or beside it when someone else stands on it), goes straight
    to his crease; the net is no longer empty.  Asked inline, every turn: :func:`return_goalie` is called only
    when team t's goalie is pulled (a call copies every array of ``c`` and ``w``)."""
    if w.S[Z.pulled + t] != 0 and c.rules[R.pull_return] != 0:
        return_goalie(c, w, t)


@nb.njit(cache=True, _nrt=NRT)
def return_goalie(c, w, t):
    """:func:`maybe_return` for a pulled goalie, once its guard holds (``c, w``: ``Ctx`` / ``Work`` or ``MoveCtx`` /
    ``MoveWork``)."""
    S = w.S
    if w.pos[t, 5, 0] < 0:
        return
    sy = c.pullspot[t, 0]
    sx = c.pullspot[t, 1]
    gy = w.pos[t, 5, 0]
    gx = w.pos[t, 5, 1]
    if not ((gy == sy and gx == sx) or (cheb(gy, gx, sy, sx) == 1 and w.occ[sy, sx] != 0)):
        return
    if not want_recall(c, w, t):
        return
    S[Z.pulled + t] = 0
    place(c, w, t, np.int64(5), c.crease[t, 1, 0], c.crease[t, 1, 1])
    w.cnt[t, C.goalie_returns] += 1
    log(c, w, EV.goalie_return, t, 5, w.pos[t, 5, 0], w.pos[t, 5, 1], 0, 0)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def move_view(c, w):
    """``(MoveCtx, MoveWork)``: the arrays of ``c`` and ``w`` an offensive skate reads (context.py), to call
    :func:`skate_group` with."""
    return (MoveCtx(c.dims, c.cell, c.aline, c.crease, c.fodot, c.fokind, c.fohalf, c.pullspot, c.rules, c.pol),
            MoveWork(w.S, w.pos, w.occ, w.cnt, w.log, w.rout, w.rdist, w.rq))


@nb.njit(cache=True, inline="always", _nrt=NRT)
def move_offense(c, w, st, script, o, g, only):
    """"Skating": one 2d6 roll for the group (``only`` >= 0: that player alone); the carrier moves first
    (:func:`skate_group`, given the fields it reads); then the power play's set-up when the puck was carried
    where it starts."""
    mc, mw = move_view(c, w)
    skate_group(mc, mw, st, script, o, g, only)
    maybe_pp_setup(c, w, st, script, o)


@nb.njit(cache=True, _nrt=NRT)
def skate_group(c, w, st, script, o, g, only):
    """The skate of :func:`move_offense` (``c, w``: :func:`move_view`).  Offside when the carrier crosses the blue
    line with a teammate already in the attack zone (play stops); drop passes to a teammate skating by
    ("Exchanging the Puck")."""
    S = w.S
    roll = roll_2d6(st, script)
    mem = stack_empty(6, np.int64)
    n = members(w, o, g, mem)
    if only >= 0:
        k = 0
        for i in range(n):
            if mem[i] == only:
                k = 1
        mem[0] = only
        n = k
    log(c, w, EV.skate, o, g, roll, n, 0, 0)
    dc = c.rules[R.zone_slow_dest]
    for i in range(n):
        s = mem[i]
        ty, tx, fence = skate_target(c, w, o, s)
        y0 = w.pos[o, s, 0]
        x0 = w.pos[o, s, 1]
        a = allowance(c, w, o, s, roll)
        steps = search(c.cell, w.occ, w.pos, w.S[Z.on_ice:Z.on_ice + 12], o, s, ty, tx, a, slowed(c, w, o, s),
                       dc != 0, fence, o, c.aline, S[Z.poss] == o and S[Z.carrier] == s, w.rout, w.rdist, w.rq)
        w.cnt[o, C.moves] += 1
        log(c, w, EV.move, o, s, y0 * 64 + x0, w.pos[o, s, 0] * 64 + w.pos[o, s, 1], a, steps)
        if s == 5:
            maybe_return(c, w, o)
        if S[Z.poss] == o and S[Z.carrier] == s:
            sync_puck(w)
            if c.rules[R.offside] != 0 and not in_attack(c, o, y0) and in_attack(c, o, w.pos[o, s, 0]):
                for q in range(6):
                    if q != s and S[Z.on_ice + o * 6 + q] != 0 and w.pos[o, q, 0] >= 0 \
                            and in_attack(c, o, w.pos[o, q, 0]):
                        w.cnt[o, C.offsides] += 1
                        log(c, w, EV.offside, o, q, 0, 0, 0, 0)
                        halt(c, w, ST_OFFSIDE, nearest_dot(c, w.pos[o, s, 0], w.pos[o, s, 1], np.int64(1), 1 - o))
                        return
        elif S[Z.poss] == o and S[Z.carrier] >= 0 and not (s == 5 and S[Z.pulled + o] == 0):
            # (a pulled goalie who has just gone back to his crease takes no drop pass there)
            k = S[Z.carrier]
            if drops_by(c, w, o, s, k, steps):
                S[Z.carrier] = s
                sync_puck(w)
                w.cnt[o, C.drop_passes] += 1
                log(c, w, EV.drop_pass, o, k, s, 0, 0, 0)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def drops_by(c, w, o, s, k, steps):
    """Teammate s, who just skated ``steps`` squares (``w.rq[0:2, :steps]``, :func:`geometry.walk`), takes a
    drop pass from carrier k ("Exchanging the Puck"): where his move ends is beside the carrier (``drop_pass``
    ``end``), or any square of it is (``path``), farther up the ice and onside (``policies.drop_row``); he
    carries the puck on to where his move ends.  ``c, w``: :func:`move_view`."""
    ky = w.pos[o, k, 0]
    kx = w.pos[o, k, 1]
    if cheb(w.pos[o, s, 0], w.pos[o, s, 1], ky, kx) == 1 and want_drop(c, w, o, s):
        return True
    if c.rules[R.drop_pass] == 0:
        return False
    for i in range(steps):
        y = w.rq[0, i]
        if cheb(y, w.rq[1, i], ky, kx) == 1 and drop_row(c, o, ky, y):
            return True
    return False


@nb.njit(cache=True, inline="always", _nrt=NRT)
def thaw(w, t, mask):
    """At the end of team t's turn its players frozen when the turn began have one turn fewer to wait."""
    for s in range(6):
        if (mask >> s) & 1 and w.S[Z.frozen + t * 6 + s] > 0:
            w.S[Z.frozen + t * 6 + s] -= 1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def goalie_crease(c, w, d):
    """"Goalie movements in the crease ... are a free move": the goalie steps to the crease square nearest
    the puck's column."""
    S = w.S
    if S[Z.pulled + d] != 0 or w.pos[d, 5, 0] < 0:
        return
    px = S[Z.puck_x]
    best = np.int64(-1)
    bd = 1 << 30
    for i in range(3):
        y = c.crease[d, i, 0]
        x = c.crease[d, i, 1]
        v = w.occ[y, x]
        if v != 0 and v != d * 6 + 5 + 1:
            continue
        dd = abs(x - px)
        if dd < bd:
            bd = dd
            best = i
    if best >= 0:
        y = c.crease[d, best, 0]
        x = c.crease[d, best, 1]
        if y != w.pos[d, 5, 0] or x != w.pos[d, 5, 1]:
            w.occ[w.pos[d, 5, 0], w.pos[d, 5, 1]] = 0
            w.pos[d, 5, 0] = y
            w.pos[d, 5, 1] = x
            w.occ[y, x] = d * 6 + 5 + 1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def may_challenge(c, w, d):
    """The goalie of team d may try :func:`goalie_challenge` now: in net, the policy checks, and the other team's
    carrier is in d's end within 3 squares of him.  Asked before the call, which is rare (a call copies every
    array of ``c`` and ``w``)."""
    S = w.S
    o = 1 - d
    k = S[Z.carrier]
    if S[Z.pulled + d] != 0 or w.pos[d, 5, 0] < 0 or k < 0 or S[Z.poss] != o or c.pol[d, P.check] == CK_NEVER:
        return False
    py = w.pos[o, k, 0]
    return cheb(w.pos[d, 5, 0], w.pos[d, 5, 1], py, w.pos[o, k, 1]) <= 3 and in_own_end(c, d, py)


@nb.njit(cache=True, _nrt=NRT)
def goalie_challenge(c, w, st, script, d):
    """"Goalie's": "If a Goalie wants to leave the crease to ... "Stick Check" an opposing player. They may roll
    1D6 only"; "If they fail a stick check and the offensive player decides to shoot … consider the goalie to be
    automatically out of position"; a goalie who steals the puck holds it or passes up to 8 spaces.  The policy
    (any ``check`` but ``never``) tries it when the carrier is in its end within 3 squares of the goalie.
    Returns True on a steal."""
    if not may_challenge(c, w, d):
        return False
    S = w.S
    o = 1 - d
    k = S[Z.carrier]
    py = w.pos[o, k, 0]
    px = w.pos[o, k, 1]
    gy = w.pos[d, 5, 0]
    gx = w.pos[d, 5, 1]
    roll = roll_die(st, script, 6)
    ty, tx = mark_target(c, w, d, 5, 5)
    if cheb(ty, tx, py, px) != 1 or cheb(gy, gx, ty, tx) > roll:
        log(c, w, EV.goalie, d, 5, 2, roll, 0, 0)
        return False
    w.occ[gy, gx] = 0
    w.pos[d, 5, 0] = ty
    w.pos[d, 5, 1] = tx
    w.occ[ty, tx] = d * 6 + 5 + 1
    log(c, w, EV.goalie, d, 5, 3, roll, ty * 64 + tx, 0)
    stole = check(c, w, st, script, d, np.int64(5), np.int64(1))
    if not stole:
        S[Z.beaten] = 1
        return False
    if stopped(w):
        return True
    goalie_dispose(c, w, st, script, d)
    return True


@nb.njit(cache=True, inline="always", _nrt=NRT)
def defense_turn(c, w, st, script, d):
    """"Defensive Turn": a group skates (one 2d6 roll), the goalie moves free in his crease, and a defender who
    moved into the carrier's contact zone may check.  Or the goalie leaves his crease to stick check
    (:func:`goalie_challenge`): his 1d6 is the turn's roll, and the turn ends with it, steal or not (rules
    ``goalie_challenge=free``: unless he took the puck, a group skates and may check after him)."""
    S = w.S
    o = 1 - d
    w.cnt[d, C.turns] += 1
    S[Z.next_actor] = 1 - d
    frozen_mask = 0
    for s in range(6):
        if S[Z.frozen + d * 6 + s] > 0:
            frozen_mask |= 1 << s
    maybe_return(c, w, d)
    goalie_crease(c, w, d)
    if may_challenge(c, w, d):
        goalie_challenge(c, w, st, script, d)   # his 1d6 is the team's roll: the turn is his, steal or not
        if c.rules[R.goalie_challenge] == 0 or S[Z.poss] != o or stopped(w):
            thaw(w, d, frozen_mask)
            return
        # goalie_challenge=free: his move was free; unless it took the puck, a group skates and may check
    g = defense_group(c, w, st, script, d)
    roll = roll_2d6(st, script)
    mem = stack_empty(6, np.int64)
    n = members(w, d, g, mem)
    log(c, w, EV.skate, d, g, roll, n, 0, 1)
    k = S[Z.carrier]
    py = S[Z.puck_y]
    px = S[Z.puck_x]
    checker = -1
    bd = 1 << 30
    for i in range(n):
        s = mem[i]
        if s == 5:
            continue
        dd = cheb(w.pos[d, s, 0], w.pos[d, s, 1], py, px)
        if dd < bd:
            bd = dd
            checker = s
    cand = stack_empty(6, np.int64)
    nc = 0
    dc = c.rules[R.zone_slow_dest]
    for i in range(n):
        s = mem[i]
        ty, tx = mark_target(c, w, d, s, checker)
        y0 = w.pos[d, s, 0]
        x0 = w.pos[d, s, 1]
        a = allowance(c, w, d, s, roll)
        steps = search(c.cell, w.occ, w.pos, w.S[Z.on_ice:Z.on_ice + 12], d, s, ty, tx, a, slowed(c, w, d, s),
                       dc != 0, np.int64(0), d, c.aline, np.bool_(False), w.rout, w.rdist, w.rq)
        w.cnt[d, C.moves] += 1
        log(c, w, EV.move, d, s, y0 * 64 + x0, w.pos[d, s, 0] * 64 + w.pos[d, s, 1], a, steps)
        if s == 5:
            maybe_return(c, w, d)
        if steps > 0 and s != 5 and k >= 0 and S[Z.poss] == o:
            if cheb(w.pos[d, s, 0], w.pos[d, s, 1], w.pos[o, k, 0], w.pos[o, k, 1]) == 1:
                cand[nc] = s
                nc += 1
    stole = False
    for i in range(nc):
        s = cand[i]
        if c.rules[R.checks] == 0 and i > 0:
            break
        kind = check_kind(c, w, st, script, d, s)
        if kind == 0:
            continue
        stole = check(c, w, st, script, d, s, kind)
        if stole or stopped(w):
            break
    thaw(w, d, frozen_mask)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def maybe_pull(c, w, o):
    """"Pulling the Goalie": in the last ``pull_series`` series of the 3rd period, behind by 1 to
    ``pull_margin`` goals, at the start of a new series before a pass, in possession; he enters at the pull
    spot and skates with the wings.  Asked inline, every offensive turn: :func:`pull_goalie` is called only
    for a pull (a call copies every array of ``c`` and ``w``, some 430 words: about 150 ns)."""
    S = w.S
    if c.rules[R.pull_goalie] != 0 and S[Z.period] == 3 and S[Z.ot] == 0 and S[Z.pulled + o] == 0 \
            and S[Z.fresh + o] != 0 and S[Z.dial] <= c.rules[R.pull_series] and S[Z.carrier] != 5:
        behind = S[Z.score + 1 - o] - S[Z.score + o]
        if 1 <= behind <= c.rules[R.pull_margin] and want_pull(c, w, o):
            pull_goalie(c, w, o)


@nb.njit(cache=True, _nrt=NRT)
def pull_goalie(c, w, o):
    """The pull itself, once :func:`maybe_pull` found every condition met.  "ALL THE SAME ADVANTAGES OF A POWER
    PLAY TEAM": the extra attacker's team gets the power play's Move & Pass (the +2 comes with ``advantage``)."""
    S = w.S
    S[Z.pulled + o] = 1
    S[Z.move_pass + o] = 1
    place(c, w, o, np.int64(5), c.pullspot[o, 0], c.pullspot[o, 1])
    w.cnt[o, C.pulled_goalie] += 1
    log(c, w, EV.pull, o, 5, w.pos[o, 5, 0], w.pos[o, 5, 1], 0, 0)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def offense_turn(c, w, st, script, o):
    """"Offensive Turn": one of move, pass (to as many open teammates as the coach likes), dump or shoot; on the
    power play's first turn and in overtime a move may be followed by a pass.  Inlined into the period's loop,
    its one caller (a call copies every array of ``c`` and ``w``, once a turn)."""
    S = w.S
    w.cnt[o, C.turns] += 1
    S[Z.series_turns] += 1
    S[Z.next_actor] = 1 - o
    frozen_mask = 0
    for s in range(6):
        if S[Z.frozen + o * 6 + s] > 0:
            frozen_mask |= 1 << s
    maybe_return(c, w, o)
    maybe_pull(c, w, o)
    act, arg = choose_action(c, w, st, script, o, w.ordr)
    # the power play's set-up ends the turn it comes in: "Penalty-Kill team now rolls to skate/check first"
    set_before = S[Z.setup_done]
    mp = S[Z.move_pass + o] != 0 and advantage(w, o)
    if S[Z.move_pass + o] != 0 and c.rules[R.pp_move_pass] == 0:
        S[Z.move_pass + o] = 0
    if act == ACT_SHOOT:
        shot(c, w, st, script, o)
    elif act == ACT_PASS or act == ACT_BANK:
        if act == ACT_BANK:
            bank_pass(c, w, st, script, o, arg)
        else:
            for _ in range(3):
                if not do_pass(c, w, st, script, o, arg) or stopped(w) or S[Z.poss] != o \
                        or S[Z.setup_done] != set_before:
                    break
                pc, pw = pass_view(c, w)
                arg = best_receiver(pc, pw, o, w.ordr, carrier_value(c, w, o))
                if arg < 0:
                    break
        # "Passing is a free turn ... may pass to a teammate and that player may now move" (Over Time)
        m = c.rules[R.ot_pass_move]
        if S[Z.ot] != 0 and m != 0 and not stopped(w) and S[Z.poss] == o and S[Z.carrier] >= 0 \
                and S[Z.setup_done] == set_before:
            r = S[Z.carrier]
            move_offense(c, w, st, script, o, group_of(w, o, r), r if m == 2 else -1)
    elif act == ACT_DUMP:
        dump(c, w, st, script, o)
    else:
        S[Z.steal] = 0
        move_offense(c, w, st, script, o, arg, np.int64(-1))
        if (mp or S[Z.ot] != 0) and not stopped(w) and S[Z.poss] == o and S[Z.setup_done] == set_before:
            pc, pw = pass_view(c, w)
            r = best_receiver(pc, pw, o, w.ordr, carrier_value(c, w, o))
            if r >= 0:
                do_pass(c, w, st, script, o, r)
    S[Z.steal] = 0
    thaw(w, o, frozen_mask)


# ---------------------------------------------------------------- periods and the game

@nb.njit(cache=True, inline="always", _nrt=NRT)
def stoppage(c, w, st, script):
    """After a stoppage: delayed penalties are imposed, then the face-off at the stoppage's spot; a period's
    opening face-off (``ST_PERIOD``) in the suggested setup.  Inlined into the period's loop: a call would copy
    every array of ``c`` and ``w``."""
    S = w.S
    impose_delayed(c, w, st, script)
    dot = S[Z.stop_y]
    opening = S[Z.stop] == ST_PERIOD
    S[Z.stop] = ST_NONE
    faceoff(c, w, st, script, dot, opening)


@nb.njit(cache=True, _nrt=NRT)
def play_period(c, w, st, script, p, dial, ot):
    S = w.S
    S[Z.period] = p
    S[Z.dial] = dial
    S[Z.ot] = ot
    S[Z.done] = 0
    S[Z.last_poss] = -1
    S[Z.series_turns] = 0
    log(c, w, EV.period, -1, -1, p, ot, 0, 0)
    # the opening face-off is the loop's first stoppage (one inlined face-off for both)
    S[Z.stop] = ST_PERIOD
    S[Z.stop_y] = 0
    cap = c.rules[R.turn_cap]
    while S[Z.done] == 0:
        if S[Z.turns] > MAX_GAME_TURNS and S[Z.stop] != ST_PERIOD:
            S[Z.done] = 1
            break
        if S[Z.stop] != ST_NONE:
            stoppage(c, w, st, script)
            snapshot(w)
            continue
        a = S[Z.next_actor]
        S[Z.turns] += 1
        if S[Z.poss] == a:
            offense_turn(c, w, st, script, a)
        else:
            defense_turn(c, w, st, script, a)
        snapshot(w)
        if S[Z.series_turns] > cap and S[Z.done] == 0 and S[Z.stop] == ST_NONE:
            t = S[Z.poss] if S[Z.poss] >= 0 else 0
            w.cnt[t, C.capped] += 1
            log(c, w, EV.cap, t, -1, 0, 0, 0, 0)
            sc, sw = series_view(c, w)
            new_series(sc, sw, np.int64(-1))
            S[Z.last_poss] = -1             # the face-off's winner starts the series the dial just counted
            halt(c, w, ST_CAP, 0)


@nb.njit(cache=True, _nrt=NRT)
def start_overtime(c, w, st, script):
    """"Remove one of the wingers from each team so that both teams are 4-on-4" ("Over Time"): with
    ``ot_release=bench`` the penalties pending at the end of regulation are imposed first, then each team goes
    down to its overtime strength (:func:`ot_strength`, the right wing benched first); with ``ice`` each team's
    right wing (the left if the right is in the box) leaves the ice."""
    S = w.S
    if c.rules[R.ot_release] != 0:
        impose_delayed(c, w, st, script)
        S[Z.ot] = 1
        for t in range(2):
            ot_strength(c, w, t, np.int64(2))
        return
    for t in range(2):
        q = 2 if S[Z.on_ice + t * 6 + 2] != 0 else 1
        S[Z.on_ice + t * 6 + q] = 0
        remove(w, t, q)


@nb.njit(cache=True, _nrt=NRT)
def shootout(c, w, st, script):
    """"Shoot Out": rounds of one shot a team (home first), cards then 2d6 on the inside "Open" side at the
    rules' line; a tie after the rounds goes to sudden-death rounds (``shootout_tie``)."""
    S = w.S
    S[Z.ot] = 2
    line = c.rules[R.shootout_line]
    ctx = context(line, 0, 0)
    rounds = c.rules[R.so_rounds]
    r = 0
    while True:
        if r >= rounds:
            if w.so[0] != w.so[1] or c.rules[R.shootout_tie] != 0 or r >= rounds + 50:
                break
        S[Z.dial] = max(rounds - r, 0)
        for t in range(2):
            d = 1 - t
            sc = draw_weighted(st, script, c.scdf[t, ctx])
            gc = draw_weighted(st, script, c.gcdf[d, ctx])
            m = c.outcome[sc, gc]
            w.cnt[t, C.so_shots] += 1
            res = 1
            roll = 0
            if m != 0:
                roll = roll_2d6(st, script)
                res = c.table[0, 0, m - 1, line, roll]
            if res == 3:
                w.so[t] += 1
            log(c, w, EV.shootout, t, r, sc, gc, roll, res)
        r += 1


@nb.njit(cache=True, _nrt=NRT)
def reset(c, w):
    S = w.S
    for i in range(S.shape[0]):
        S[i] = 0
    for t in range(2):
        for k in range(w.cnt.shape[1]):
            w.cnt[t, k] = 0
        for p in range(4):
            w.goals[t, p] = 0
        w.so[t] = 0
        for s in range(6):
            S[Z.on_ice + t * 6 + s] = 1
        for k in range(2):
            S[Z.box_slot + t * 2 + k] = -1
    for i in range(c.pkinds.shape[0]):
        S[Z.deck + i] = 1
    S[Z.deck_left] = c.pkinds.shape[0]
    S[Z.poss] = -1
    S[Z.carrier] = -1
    S[Z.last_poss] = -1
    clear_board(w.occ, w.pos)


@nb.njit(cache=True, _nrt=NRT)
def play_game(st, script, c, w):
    """One game on stream ``st``; fills ``w.goals``, ``w.so``, ``w.cnt``; returns ``(winner, decided)``."""
    reset(c, w)
    S = w.S
    n = c.rules[R.series]
    for p in range(1, 4):
        play_period(c, w, st, script, p, n, np.int64(0))
    decided = 0
    if S[Z.score] == S[Z.score + 1] and c.rules[R.overtime] != 0:
        decided = 1
        start_overtime(c, w, st, script)
        play_period(c, w, st, script, np.int64(4), c.rules[R.ot_series], np.int64(1))
    if S[Z.score] == S[Z.score + 1]:
        decided = 2
        shootout(c, w, st, script)
        if w.so[0] == w.so[1]:
            return 2, 2
        return (0 if w.so[0] > w.so[1] else 1), 2
    return (0 if S[Z.score] > S[Z.score + 1] else 1), decided
