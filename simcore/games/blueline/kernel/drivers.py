"""The Blue Line kernel's entry points: blocks of games on threads, one recorded game, one scripted game.

``simulate_games(ctx, seed, g0, n, out)`` plays games ``g0 .. g0+n-1`` of ``seed`` into ``out`` (the arrays of
layout.GAME_OUTPUTS, in order) through :func:`simcore.parallel.run_blocks`: each game draws from its own stream,
so the results do not depend on threads or chunks.  A block allocates its working arrays once
(:func:`new_work`) and reuses them for every game it plays.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import borrow
from simcore.parallel import run_blocks
from simcore.rng import RECORDING, SCRIPTED, STATE_SIZE, seed_stream

from .context import Ctx, Work
from .layout import BLOCK, LOG_W, N_COUNTS, NZ, Z
from .turns import play_game


@nb.njit(cache=True)
def new_work(H, W, nlog):
    return Work(np.zeros(NZ, np.int64), np.full((2, 6, 2), -1, np.int64), np.zeros((H, W), np.int64),
                np.zeros((2, N_COUNTS), np.int64), np.zeros((2, 4), np.int64), np.zeros(2, np.int64),
                np.zeros((nlog, LOG_W), np.int64), np.zeros((nlog, 27), np.int64), np.zeros(256, np.int64),
                np.zeros(256, np.int64), np.zeros(256, np.int64), np.zeros(256, np.int64),
                np.zeros(15, np.float64), np.zeros(8, np.int64), np.zeros((H, W), np.int8),
                np.zeros((H, W, 2), np.int64), np.zeros((3, 2 * H * W + 2), np.int64))


@nb.njit(cache=True)
def borrowed(c):
    """``c`` with every array a view numba does not reference count (simcore.nbarrays.borrow): the context
    is passed to nearly every rule function, and counting its arrays at each call cost more than the game."""
    return Ctx(borrow(c.dims), borrow(c.cell), borrow(c.aline), borrow(c.inside), borrow(c.goal),
               borrow(c.crease), borrow(c.fodot), borrow(c.fokind), borrow(c.fohalf), borrow(c.gate),
               borrow(c.pullspot), borrow(c.corners), borrow(c.rim), borrow(c.rim_index), borrow(c.row3),
               borrow(c.table),
               borrow(c.outcome), borrow(c.scdf), borrow(c.gcdf), borrow(c.shotv), borrow(c.pkinds),
               borrow(c.opening), borrow(c.fopos), borrow(c.pk), borrow(c.pkfill), borrow(c.pp),
               borrow(c.pppuck), borrow(c.rules), borrow(c.pol))


@nb.njit(cache=True)
def borrowed_work(w):
    """``w`` as borrowed views (its owner, the caller's, stays alive while a game is played)."""
    return Work(borrow(w.S), borrow(w.pos), borrow(w.occ), borrow(w.cnt), borrow(w.goals), borrow(w.so),
                borrow(w.log), borrow(w.snap), borrow(w.oy), borrow(w.ox), borrow(w.py), borrow(w.px),
                borrow(w.deckw), borrow(w.ordr), borrow(w.rout), borrow(w.rdist), borrow(w.rq))


@nb.njit(cache=True)
def _block(c_, seed, g0, lo, hi, b, out):
    goals, so_goals, winner, decided, counts = out
    st = np.empty(STATE_SIZE, np.uint64)
    script = np.zeros(0, np.int64)
    c = borrowed(c_)
    w_ = new_work(c.cell.shape[0], c.cell.shape[1], np.int64(0))
    w = borrowed_work(w_)
    for i in range(lo, hi):
        seed_stream(st, seed, g0 + i)
        win, dec = play_game(st, script, c, w)
        for t in range(2):
            for p in range(4):
                goals[i, t, p] = w.goals[t, p]
            so_goals[i, t] = w.so[t]
            for k in range(N_COUNTS):
                counts[i, t, k] = w.cnt[t, k]
        winner[i] = win
        decided[i] = dec
    w_.S[0] = 0          # keeps the owner of w's borrowed views alive to here (numba frees a value after its last use)


@nb.njit(cache=True, parallel=True)
def simulate_games(c, seed, g0, n, out):
    run_blocks(_block, c, seed, g0, n, BLOCK, out)


@nb.njit(cache=True)
def play_recorded(c, seed, game, record, nlog):
    """Game ``game`` of ``seed`` on a recording stream: returns (winner, decided, rolls used, work)."""
    st = np.zeros(STATE_SIZE, np.uint64)
    seed_stream(st, seed, game)
    st[5] = RECORDING
    w = new_work(c.cell.shape[0], c.cell.shape[1], nlog)
    win, dec = play_game(st, record, borrowed(c), borrowed_work(w))
    w.S[Z.nlog] = w.S[Z.nlog]
    return win, dec, np.int64(st[4]), w


@nb.njit(cache=True)
def play_scripted(c, script, nlog):
    """A game on scripted dice and cards (``script``: one entry a roll or a card, in the order the game draws);
    returns (winner, decided, entries used, work)."""
    st = np.zeros(STATE_SIZE, np.uint64)
    st[5] = SCRIPTED
    w = new_work(c.cell.shape[0], c.cell.shape[1], nlog)
    win, dec = play_game(st, script, borrowed(c), borrowed_work(w))
    w.S[Z.nlog] = w.S[Z.nlog]
    return win, dec, np.int64(st[4]), w
