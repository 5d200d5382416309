"""The Pass & Score game loop and the kernel's entry points: blocks of games on threads, one recorded game, one
scripted game, and single plays on a set position (for scenario tests).

``simulate_games(ctx, seed, g0, n, out)`` plays games ``g0 .. g0+n-1`` of ``seed`` into ``out`` (the arrays of
layout.GAME_OUTPUTS, in order) through :func:`simcore.parallel.run_blocks`: each game draws from its own stream,
so the results do not depend on threads or chunks.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import borrow
from simcore.parallel import run_blocks
from simcore.rng import SCRIPTED, STATE_SIZE, seed_stream, uniform_int

from .context import Ctx, Work
from .geom import NRT, progress, put
from .layout import (BLOCK, CAND_LEN, CAPTURE, CSTART_LEN, EV_GOAL, EV_NOPLAY, EV_PENALTY, EV_PLAY, EV_START, GOAL,
                     KINDS, LOG_W, MAX_PLAYS, MOVE, N_COUNTS, N_SLOTS, NZ, OFFSIDE, OK, PASS, SAVE_ROWS, SAVE_W, SHOT,
                     SNAP_W, C, R, Z)
from .plays import faceoff, line_up, log, resolve_capture, return_player, snapshot, step
from .policies import choose_play


@nb.njit(cache=True)
def new_work(c, nlog):
    """A game's working arrays on the board of ``c``; the sampler's move lists and greedy's reach table are those
    of ``c`` (the same in every game of a run, read only)."""
    n = c.rc.shape[0]
    return Work(np.zeros(NZ, np.int64), np.full((2, N_SLOTS), -1, np.int64), np.zeros(n, np.int64),
                np.zeros((2, N_COUNTS), np.int64), np.empty((MAX_PLAYS, 4), np.int64), np.empty(MAX_PLAYS),
                np.empty((MAX_PLAYS, 4), np.int64), np.empty(MAX_PLAYS), np.zeros((SAVE_ROWS, SAVE_W), np.int64),
                np.zeros(4, np.int64), np.zeros(4, np.int64), np.zeros((nlog, LOG_W), np.int64),
                np.zeros((nlog, SNAP_W), np.int64), c.mv, c.mvd, c.nmv, c.kmv, np.zeros(CAND_LEN, np.int64),
                np.zeros(CSTART_LEN, np.int64), np.zeros(4, np.int64), c.reach, np.zeros((2, n)))


@nb.njit(cache=True, _nrt=NRT)
def reset(c, w):
    """The opening position: every player on his X circle, the home centre with the puck, home to play."""
    w.S[:] = 0
    w.S[Z.pen_slot] = -1
    w.S[Z.pen_slot + 1] = -1
    w.cnt[:, :] = 0
    w.occ[:] = 0
    w.pos[:, :] = -1
    line_up(c, w, 0)
    w.S[Z.to_move] = 0
    w.S[Z.rest] = 1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def play_turn(c, w, t, play, made):
    """Team t makes ``play`` (type, a1, a2, a3; type 0 = no legal play) and everything it brings about: a goal
    (the restart from centre ice), a capture (the carrier moved off, the capturer's team plays again), an offside
    (the face-off).  ``made``: -1, or the status of the play's last action when the play is on the board already
    (the random sampler leaves it made).  Counts and logs it; returns the team to play next.  Inlined, as the
    game loop's other steps (:func:`one_turn`, policies.choose_play, plays.random_play): a call copies every array
    of ``c`` and ``w``, some 330 words, at every play."""
    typ = play[0]
    if typ == 0:
        w.cnt[t, C.no_play] += 1
        log(w, t, 0, -1, -1, -1, OK, EV_NOPLAY, 0)
        return 1 - t
    stt = OK
    last = -1
    for i in range(3):
        code = play[1 + i]
        if code < 0:
            break
        kind = KINDS[typ, i]
        if made < 0:
            stt = step(c, w, t, kind, code, 6 + i)
            if stt < 0:
                raise ValueError("an illegal play reached the game loop")
        if kind == MOVE:
            w.cnt[t, C.moves] += 1
            last = code
            if code % 2 == 1:
                w.cnt[t, C.slides] += 1
        elif kind == PASS:
            w.cnt[t, C.passes] += 1
        elif kind == SHOT:
            w.cnt[t, C.shots] += 1
        if stt != OK:
            break
    if made >= 0:
        stt = made
    log(w, t, typ, play[1], play[2], play[3], stt, EV_PLAY, 0)
    if stt == GOAL:
        w.S[Z.goals + t] += 1
        log(w, t, 0, w.S[Z.goals], w.S[Z.goals + 1], -1, OK, EV_GOAL, 0)
        line_up(c, w, 1 - t)
        w.S[Z.rest] = 1
        return 1 - t
    if stt == CAPTURE:
        if last % 2 == 1:
            w.cnt[t, C.slide_captures] += 1
        resolve_capture(c, w, t, last // 16)
        return t
    if stt == OFFSIDE:
        w.cnt[t, C.offsides] += 1
        faceoff(c, w, t)
        w.S[Z.rest] = 1
        return 1 - t
    return 1 - t


@nb.njit(cache=True, _nrt=NRT)
def _slow_play(c, w, st, script, t):
    """PENALTY: team t fails to move in time (a draw against rules.slow_ppm, or a script entry 1); the other team
    removes t's most advanced skater other than the carrier (ties: the lower slot).  Returns True if called.  No
    draw while t has a player out, nor at the first play after the opening, a goal or a face-off ("players may
    rest when a face off or goal occurs": ``Z.rest``, cleared by the turn)."""
    ppm = c.rules[R.slow_ppm]
    if ppm <= 0 or w.S[Z.pen_slot + t] >= 0 or w.S[Z.rest] != 0:
        return False
    if st[5] == SCRIPTED:
        i = int(st[4])
        if i >= script.shape[0]:
            raise ValueError("the script ran out at a slow-play draw")
        fail = script[i] == 1
        st[4] = i + 1
    else:
        fail = uniform_int(st, 1_000_000) < ppm
    if not fail:
        return False
    best = -1
    bp = -1
    for s in range(1, N_SLOTS):
        p = w.pos[t, s]
        if p < 0 or (w.S[Z.poss] == t and w.S[Z.carrier] == s):
            continue
        pr = progress(c, t, p)
        if pr > bp:
            bp = pr
            best = s
    if best < 0:
        return False
    put(w, t, best, -1)
    w.S[Z.pen_slot + t] = best
    w.S[Z.pen_left + t] = c.rules[R.penalty_plays]
    w.cnt[t, C.penalties] += 1
    log(w, t, 0, best, -1, -1, OK, EV_PENALTY, 0)
    return True


@nb.njit(cache=True, inline="always", _nrt=NRT)
def one_turn(c, w, st, script):
    """The turn of the team to play: a slow-play penalty (rules.slow_play) or its policy's play (:func:`play_turn`);
    a penalized player comes back after his team's ``rules.penalty_plays``-th play."""
    play = w.play
    t = w.S[Z.to_move]
    slow = c.rules[R.slow_ppm] > 0 and _slow_play(c, w, st, script, t)
    w.S[Z.rest] = 0
    if slow:
        nxt = 1 - t
    else:
        w.S[Z.status] = -1
        if not choose_play(c, w, t, st, script, play, True):
            play[0] = 0
        nxt = play_turn(c, w, t, play, w.S[Z.status])
        if w.S[Z.pen_slot + t] >= 0:
            w.S[Z.pen_left + t] -= 1
            if w.S[Z.pen_left + t] <= 0:
                return_player(c, w, t)
    w.S[Z.played] += 1
    w.cnt[t, C.plays] += 1
    w.S[Z.to_move] = nxt
    snapshot(w)


@nb.njit(cache=True, _nrt=NRT)
def play_game(c, w, st, script, turns):
    """One game from the opening (``turns`` 0); returns the winner (0 home, 1 away, 2 tie).  It ends after
    ``rules.plays`` plays (both teams) or when a team reaches ``rules.goal_target`` goals.  ``turns`` > 0: that
    many turns from the position as it stands instead (the scenario tests' entry points, which so run the
    compiled loop of the game kernel rather than compile a copy of their own).  Every caller passes an int64
    ``turns``, never a literal: numba would compile a copy of the loop for each literal value."""
    maxp = c.rules[R.plays]
    if turns > 0:
        maxp = w.S[Z.played] + turns
    else:
        reset(c, w)
        log(w, 0, 0, -1, -1, -1, OK, EV_START, 0)
        snapshot(w)
    target = c.rules[R.goal_target]
    while w.S[Z.played] < maxp:
        one_turn(c, w, st, script)
        if target > 0 and (w.S[Z.goals] >= target or w.S[Z.goals + 1] >= target):
            break
    g0 = w.S[Z.goals]
    g1 = w.S[Z.goals + 1]
    return 0 if g0 > g1 else (1 if g1 > g0 else 2)


@nb.njit(cache=True)
def scripted_turn(c, w, script):
    """One turn from the position of ``w`` on a scripted stream (scenario tests): ``script`` holds the slow-play
    draw where the rules make one, then the play.  Returns the script entries used."""
    st = np.zeros(STATE_SIZE, np.uint64)
    st[5] = SCRIPTED
    play_game(borrowed(c), borrowed_work(w), st, script, np.int64(1))
    return np.int64(st[4])


@nb.njit(cache=True)
def turn_on_stream(c, w, seed, game):
    """One turn from the position of ``w`` as the game loop plays it, on the stream of (seed, game); the play
    made is left in ``w.play`` (type 0: none was legal)."""
    st = np.zeros(STATE_SIZE, np.uint64)
    seed_stream(st, seed, game)
    play_game(borrowed(c), borrowed_work(w), st, np.zeros(0, np.int64), np.int64(1))


@nb.njit(cache=True)
def borrowed(c):
    """``c`` with every array a view numba does not reference count (simcore.nbarrays.borrow)."""
    return Ctx(borrow(c.rc), borrow(c.index), borrow(c.nbr), borrow(c.goal), borrow(c.crease), borrow(c.goal_of),
               borrow(c.crease_of), borrow(c.shade_of), borrow(c.start), borrow(c.dots), borrow(c.lines),
               borrow(c.slide_path), borrow(c.slide_len), borrow(c.slide_of), borrow(c.rules), borrow(c.pol),
               borrow(c.mv), borrow(c.mvd), borrow(c.nmv), borrow(c.kmv), borrow(c.reach))


@nb.njit(cache=True)
def borrowed_work(w):
    return Work(borrow(w.S), borrow(w.pos), borrow(w.occ), borrow(w.cnt), borrow(w.buf), borrow(w.val),
                borrow(w.buf2), borrow(w.val2), borrow(w.save), borrow(w.play), borrow(w.ix), borrow(w.log),
                borrow(w.snap), borrow(w.mv), borrow(w.mvd), borrow(w.nmv), borrow(w.kmv), borrow(w.cand),
                borrow(w.cstart), borrow(w.jx), borrow(w.reach), borrow(w.memo))


@nb.njit(cache=True)
def _block(c_, seed, g0, lo, hi, b, out):
    goals, winner, counts = out
    st = np.empty(STATE_SIZE, np.uint64)
    script = np.zeros(0, np.int64)
    c = borrowed(c_)
    w_ = new_work(c_, np.int64(0))
    w = borrowed_work(w_)
    for i in range(lo, hi):
        seed_stream(st, seed, g0 + i)
        win = play_game(c, w, st, script, np.int64(0))
        for t in range(2):
            goals[i, t] = w.S[Z.goals + t]
            for k in range(N_COUNTS):
                counts[i, t, k] = w.cnt[t, k]
        winner[i] = win
    w_.S[0] = 0          # keeps the owner of w's borrowed views alive to here


@nb.njit(cache=True, parallel=True)
def simulate_games(c, seed, g0, n, out):
    run_blocks(_block, c, seed, g0, n, BLOCK, out)


@nb.njit(cache=True)
def play_recorded(c, seed, game, nlog):
    """Game ``game`` of ``seed`` (the game simulate_games plays), logged: returns (winner, work)."""
    st = np.zeros(STATE_SIZE, np.uint64)
    seed_stream(st, seed, game)
    w = new_work(c, nlog)
    win = play_game(borrowed(c), borrowed_work(w), st, np.zeros(0, np.int64), np.int64(0))
    return win, w


@nb.njit(cache=True)
def play_scripted(c, script, nlog):
    """A whole game whose plays come from ``script`` (4 entries a play: type, a1, a2, a3; a slow-play draw one
    entry, 1 = the team failed to move in time); returns (winner, entries used, work)."""
    st = np.zeros(STATE_SIZE, np.uint64)
    st[5] = SCRIPTED
    w = new_work(c, nlog)
    win = play_game(borrowed(c), borrowed_work(w), st, script, np.int64(0))
    return win, np.int64(st[4]), w
