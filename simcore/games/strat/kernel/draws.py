"""Randomness: the dice, the split deck, the period's action deck, and the scripts that replace them in
scripted mode (the module docstring of :mod:`simcore.games.strat.kernel`).  ``RS`` = (RNG state, script
cursors (3,), action-card, split-card and dice scripts, split deck (40,)); the scripts' lengths are
``Z[ZL.nscript + k]``."""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import stack_empty
from simcore.rng import shuffle, uniform_int

from .events import log
from .layout import EV, ORDER_CAP, ZL
from .tables import spn


@nb.njit(inline="always", cache=True)
def _script_next(Z, arr, cur, k, lo, hi, what):
    i = cur[k]
    if i >= Z[ZL.nscript + k]:
        raise ValueError(what)
    v = arr[i]
    if v < lo or v > hi:
        raise ValueError("a scripted value is outside the range the game drew at that point")
    cur[k] = i + 1
    return v


@nb.njit(inline="always", cache=True)
def roll2(Z, RS):
    """2d6 total."""
    if Z[ZL.scripted]:
        return _script_next(Z, RS[4], RS[1], 2, 2, 12, "scripted dice ran out")
    Z[ZL.draws] += 2
    return uniform_int(RS[0], 6) + uniform_int(RS[0], 6) + 2


@nb.njit(inline="always", cache=True)
def roll1(Z, RS):
    """One die."""
    if Z[ZL.scripted]:
        return _script_next(Z, RS[4], RS[1], 2, 1, 6, "scripted dice ran out")
    Z[ZL.draws] += 1
    return uniform_int(RS[0], 6) + 1


@nb.njit(cache=True, forceinline=True)
def draw_split(Z, RS):
    """Index (0-39) of the next split card."""
    if Z[ZL.scripted]:
        return _script_next(Z, RS[3], RS[1], 1, 0, 39, "scripted split cards ran out")
    st = RS[0]
    sdeck = RS[5]
    if Z[ZL.spcur] >= 40:
        shuffle(st, sdeck, 40)
        Z[ZL.spcur] = 0
        Z[ZL.draws] += 39
    c = sdeck[Z[ZL.spcur]]
    Z[ZL.spcur] += 1
    return c


@nb.njit(cache=True)
def build_deck(Z, RS, n_lines, ot_cards):
    """Lay out this period's action deck in Z[ZL.deck:]; returns the card count.

    Regular period (Getting Started): the 30 action cards shuffled, with the line-change cards after 10, 15
    and 20 cards (3 lines: F, D, F) or after 8, 10, 15, 20, 23 cards (4 lines: F, D, F, D, F).  Overtime
    (27.0 note): 8 cards of the reshuffled deck, no line changes.
    """
    st = RS[0]
    cur = RS[1]
    sact = RS[2]
    if Z[ZL.scripted]:
        n = 0
        while cur[0] < Z[ZL.nscript]:
            v = sact[cur[0]]
            cur[0] += 1
            if v == -9:
                break
            if v < -2 or v > 29:
                raise ValueError("a scripted action card is outside 0-29 (or -1, -2, -9)")
            if n >= ORDER_CAP:
                raise ValueError("a scripted period holds more cards than a deck (48)")
            Z[ZL.deck + n] = v
            n += 1
        return n
    perm = stack_empty(30, np.int64)
    for i in range(30):
        perm[i] = i
    shuffle(st, perm, 30)
    Z[ZL.draws] += 29
    if ot_cards > 0:
        for i in range(ot_cards):
            Z[ZL.deck + i] = perm[i]
        return ot_cards
    k = 0
    for i in range(30):
        if n_lines == 3:
            if i == 10 or i == 20:
                Z[ZL.deck + k] = -1
                k += 1
            elif i == 15:
                Z[ZL.deck + k] = -2
                k += 1
        else:
            if i == 8 or i == 15 or i == 23:
                Z[ZL.deck + k] = -1
                k += 1
            elif i == 10 or i == 20:
                Z[ZL.deck + k] = -2
                k += 1
        Z[ZL.deck + k] = perm[i]
        k += 1
    return k


@nb.njit(inline="always", cache=True)
def in_range(n, lo, hi):
    return lo <= n and n <= hi


@nb.njit(cache=True, forceinline=True)
def split_in(D, Z, RS, L, side, lo, hi):
    """Draw a split card: is its number within lo-hi?  (Logged for the play-by-play.)"""
    n = spn(D, draw_split(Z, RS))
    ok = lo <= n and n <= hi
    log(Z, L, EV.split, side, n, lo, hi, ok)
    return ok
