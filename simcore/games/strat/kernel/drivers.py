"""Drivers: games in parallel blocks (:func:`simulate_games`), the players' counters summed
(:func:`add_players`), and one game with its play-by-play log (:func:`play_logged`)."""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.layout import Output, Outputs
from simcore.nbarrays import borrow, stack_empty
from simcore.parallel import run_blocks
from simcore.rng import STATE_SIZE, seed_stream

from .game import play_game
from .layout import HOME, LOG_W, MAX_ROSTER, NK, NO, NP, NT, NZ, ZL

BLOCK = 256                        # games per block; free threads claim the next block

#: Per-game outputs of :func:`simulate_games` (``out``, first dimension n).
GAME_OUTPUTS = Outputs(
    Output("OG", (NO,), np.int32, "the game: score, winner, decided_in, shootout, cards, steps, draws (O)"),
    Output("OT", (2, NT), np.int16, "per team (0 home, 1 away): goals, shots, power plays, penalties, ... (T)"),
    Output("OP", (2, MAX_ROSTER, NP), np.int16, "per team and roster slot: goals, assists, shots, PIM, ... (P)"),
    Output("OK", (2, 2, NK), np.int16, "per team and goalie slot (0 starter, 1 backup): GP, GS, SA, GA, "
           "decision, fatigue, ... (K)"),
)


@nb.njit(cache=True)
def _block(ctx, seed, g0, lo, hi, b, out):
    """Games lo .. hi-1 on one thread (the ``play_block`` of :func:`simcore.parallel.run_blocks`).  Every array
    is borrowed (simcore.nbarrays): without reference counts the shared cards and outputs are not contended
    between threads."""
    D_, pol_, homes_, aways_, gslots_, gfats_ = ctx
    OG_, OT__, OP_, OK_ = out
    D = borrow(D_)
    pol = borrow(pol_)
    homes = borrow(homes_)
    aways = borrow(aways_)
    gslots = borrow(gslots_)
    gfats = borrow(gfats_)
    OG = borrow(OG_)
    OT_ = borrow(OT__)
    OP = borrow(OP_)
    OK = borrow(OK_)
    _games(D, pol, seed, g0, lo, hi, homes, aways, gslots, gfats, OG, OT_, OP, OK)


@nb.njit(cache=True)
def _games(D, pol, seed, g0, lo, hi, homes, aways, gslots, gfats, OG, OT_, OP, OK):
    Z = stack_empty(NZ, np.int64)
    st = stack_empty(STATE_SIZE, np.uint64)
    cur = stack_empty(3, np.int64)
    empty = stack_empty(0, np.int64)
    sdeck = stack_empty(40, np.int64)
    L = stack_empty((0, LOG_W), np.int64)
    out = stack_empty((2, MAX_ROSTER), np.int64)
    for k in range(NZ):
        Z[k] = 0
    for k in range(3):
        cur[k] = 0
    for t in range(2):
        for k in range(MAX_ROSTER):
            out[t, k] = 0
    RS = (st, cur, empty, empty, empty, sdeck)
    for i in range(lo, hi):
        seed_stream(st, seed, g0 + i)
        Z[ZL.scripted] = 0
        play_game(D, pol, homes[i], aways[i], gslots[i], gfats[i], out, Z, RS, OG[i], OT_[i], OP[i], OK[i], L)


@nb.njit(cache=True, parallel=True)
def simulate_games(ctx, seed, g0, n, out):
    """Games g0 .. g0+n-1 into ``out`` (:data:`GAME_OUTPUTS`, first dimension n).  ``ctx`` = (D, pol, homes,
    aways, gslots, gfats): the kit's buffer, the coaching policies (2, N_POL), and per game (first dimension n)
    the home and away team rows, the starting goalie slots (n, 2) and pre-game fatigue (n, 2).  Blocks of BLOCK
    games go to the threads as they come free (:func:`simcore.parallel.run_blocks`)."""
    run_blocks(_block, ctx, seed, g0, n, BLOCK, out)


@nb.njit(cache=True)
def add_players(OP, homes, aways, players):
    """Add the per-game player counters OP (n, 2, MAX_ROSTER, NP) of games with team rows ``homes``/``aways``
    (n,) into ``players`` (n_teams, MAX_ROSTER, NP)."""
    for i in range(OP.shape[0]):
        for side in range(2):
            t = homes[i] if side == HOME else aways[i]
            for j in range(MAX_ROSTER):
                for k in range(NP):
                    players[t, j, k] += OP[i, side, j, k]


@nb.njit(cache=True)
def play_logged(D, pol, seed, game, home, away, gslot, gfat, out, scripted, sact, ssplit, sdice, OG, OT_, OP, OK,
                L):
    """One game with its play-by-play log L (MAX_EVENTS, LOG_W); scripted mode reads the three scripts.
    ``out`` (2, MAX_ROSTER): players still out injured (see :func:`play_game`).  Returns the number of log
    rows."""
    Z = np.zeros(NZ, dtype=np.int64)
    st = np.zeros(STATE_SIZE, dtype=np.uint64)
    cur = np.zeros(3, dtype=np.int64)
    sdeck = np.zeros(40, dtype=np.int64)
    seed_stream(st, seed, game)
    Z[ZL.scripted] = scripted
    RS = (st, cur, sact, ssplit, sdice, sdeck)
    play_game(D, pol, home, away, gslot, gfat, out, Z, RS, OG, OT_, OP, OK, L)
    return Z[ZL.logn]
