"""The players on the ice: the lines put on, "any player" picks (4.3, 4.31), and the chain of passes and
rebound-producing shots that assists are credited from (14.1).

Players on the ice are addressed by slot: LW, C, RW, LD, RD (0-4) and the extra skater (5) when the goalie is
pulled; ``Z[ZL.ice + t * 6 + s]`` is side ``t``'s player in slot ``s`` (-1: nobody).
"""
from __future__ import annotations

import numba as nb

from .layout import LINES_W, MAX_ROSTER, TM, ZL, F
from .tables import sk

SELF_PASS = (2, 0, 1, 4, 3, 1)     # 4.42: LW to RW, C to LW, RW to C (defensemen: the other side)
MIRROR = (2, 1, 0, 4, 3, 1)        # matched-up slot of the opponent (Getting Started: RW vs LW, RD vs LD)


@nb.njit(inline="always", cache=True)
def put_lines(Z):
    cf = Z[ZL.cf]
    cd = Z[ZL.cd]
    for t in range(2):
        for k in range(3):
            Z[ZL.ice + t * 6 + k] = Z[ZL.lines + t * LINES_W + TM.f + 3 * cf + k]
        for k in range(2):
            Z[ZL.ice + t * 6 + 3 + k] = Z[ZL.lines + t * LINES_W + TM.d + 2 * cd + k]


@nb.njit(cache=True, forceinline=True)
def pick_any(D, Z, t, min_off, exclude_slot, alternate):
    """Slot of the player with the highest Offense on team ``t``'s ice (4.3), at least ``min_off``, never
    ``exclude_slot``; with ``alternate``, players tied at the highest Offense take turns (4.31 "they must
    alternate throughout the game"): the one with fewer turns so far is picked, and a turn is counted only when
    the pick was among tied players (a player who is the only best choice uses no turn).  The turn is counted at
    the pick, whatever becomes of the shot (4.32).  The first slot wins a remaining tie.  The extra skater takes
    every "any player" reading (13.3).  -1 when nobody qualifies."""
    x = Z[ZL.ice + t * 6 + 5]
    if Z[ZL.pull + t] and x >= 0 and exclude_slot != 5 and sk(D, x, F.off) >= min_off:
        return 5
    best = -1
    bo = -1
    bturns = 0
    tied = 0
    for s in range(5):
        p = Z[ZL.ice + t * 6 + s]
        if s == exclude_slot or p < 0:
            continue
        o = sk(D, p, F.off)
        if o < min_off or o < bo:
            continue
        turns = Z[ZL.turns + t * MAX_ROSTER + sk(D, p, F.slot)] if alternate else 0
        if o > bo:
            best = s
            bo = o
            bturns = turns
            tied = 1
        else:
            tied += 1
            if turns < bturns:
                best = s
                bturns = turns
    if tied > 1 and alternate:
        Z[ZL.turns + t * MAX_ROSTER + sk(D, Z[ZL.ice + t * 6 + best], F.slot)] += 1
    return best


@nb.njit(inline="always", cache=True)
def chain_reset(Z):
    Z[ZL.ch_t] = -1
    Z[ZL.ch1] = -1
    Z[ZL.ch2] = -1


@nb.njit(inline="always", cache=True)
def chain_add(Z, t, p):
    """Credit ``p`` (skater id) of team ``t`` with a pass or a rebound-producing shot (14.1)."""
    if Z[ZL.ch_t] != t:
        Z[ZL.ch_t] = t
        Z[ZL.ch1] = -1
        Z[ZL.ch2] = -1
    if p != Z[ZL.ch1]:
        Z[ZL.ch2] = Z[ZL.ch1]
        Z[ZL.ch1] = p
