"""The flat data buffer ``D``: one accessor per table (the tables and the header are declared in layout.py).

The kit's tables travel as one int32 array: a header of (offset, rows) pairs, one per table in the order
of TABLES, then the tables back to back (compile.flatten): numba passes every array argument as its separate
fields, so one array beats eighteen, and at 4 bytes a cell the sample league's cards take half the cache
they took as int64.  The accessors below read one cell, or return the index of a 4-int
reading (``*_row``: kind, a, b, c at D[i:i+4]), without making array views: in a loop a view (slice,
reshape, row) costs several times the cell it reads.  ``D[HDR.x]`` is where table ``x`` starts.
"""
from __future__ import annotations

import numba as nb

from .layout import FO_BASIC, HDR, LEVEL_BASIC, NGKF, NSK, RULE, TW


@nb.njit(inline="always", cache=True)
def sk(D, p, f):
    """Skater ``p``'s rating field ``f`` (layout.F)."""
    return D[D[HDR.sk] + p * NSK + f]


@nb.njit(inline="always", cache=True)
def shot_row(D, p, col, d):
    """Index of skater ``p``'s reading in column ``col`` for 2d6 = d + 2."""
    return D[HDR.shot] + ((p * 3 + col) * 11 + d) * 4


@nb.njit(inline="always", cache=True)
def defc(D, q, i, k):
    """Field ``k`` of skater ``q``'s Defense-column reading ``i`` (0-2: Defense 12-14)."""
    return D[D[HDR.defc] + (q * 3 + i) * 4 + k]


@nb.njit(inline="always", cache=True)
def passc_row(D, p, i):
    """Index of skater ``p``'s Passing reading ``i`` (0-2: J, K, L)."""
    return D[HDR.passc] + (p * 3 + i) * 4


@nb.njit(inline="always", cache=True)
def gk(D, g, f):
    return D[D[HDR.gk] + g * NGKF + f]


@nb.njit(inline="always", cache=True)
def gc_row(D, g, d, h):
    """Index of goalie ``g``'s reading for 2d6 = d + 2, against outside shots (h 0) or the others (h 1)."""
    return D[HDR.gc] + ((g * 11 + d) * 2 + h) * 4


@nb.njit(inline="always", cache=True)
def tm(D, t, j):
    return D[D[HDR.tm] + t * TW + j]


@nb.njit(inline="always", cache=True)
def act_row(D, c, side):
    """Index of action card ``c``'s reading in the home (0) or visitor (1) section."""
    return D[HDR.act] + (c * 2 + side) * 4


@nb.njit(inline="always", cache=True)
def spn(D, c):
    """Split card ``c``'s number."""
    return D[D[HDR.spn] + c]


@nb.njit(inline="always", cache=True)
def spx(D, c, sec, k):
    return D[D[HDR.spx] + (c * 3 + sec) * 4 + k]


@nb.njit(inline="always", cache=True)
def spx_row(D, c, sec):
    """Index of split card ``c``'s section reading (0 breakaway, 1 rebound, 2 injury)."""
    return D[HDR.spx] + (c * 3 + sec) * 4


@nb.njit(inline="always", cache=True)
def spa(D, c, j):
    return D[D[HDR.spa] + c * 13 + j]


@nb.njit(inline="always", cache=True)
def fo_row(D, n):
    return D[HDR.fo] + n * 4


@nb.njit(inline="always", cache=True)
def penc(D, r, j):
    return D[D[HDR.penc] + r * 2 + j]


@nb.njit(inline="always", cache=True)
def ppc_row(D, n, half, side):
    """Index of the Power Play Chart list (count, then kind/position pairs) for split n + 1."""
    return D[HDR.ppc] + ((n * 2 + half) * 2 + side) * 9


@nb.njit(inline="always", cache=True)
def ppcond(D, n, j):
    return D[D[HDR.ppcond] + n * 2 + j]


@nb.njit(inline="always", cache=True)
def ret(D, i):
    return D[D[HDR.ret] + i]


@nb.njit(inline="always", cache=True)
def imc(D, r, j):
    """The Intimidation Chart (16.1): bound ``j`` (0 lo, 1 hi) of the split range penalizing Penalty rating ``r``."""
    return D[D[HDR.imc] + r * 2 + j]


@nb.njit(inline="always", cache=True)
def spim(D, c, j):
    """Split card ``c``'s Intimidation section: ``j`` 0 the number, 1 possible penalty, 2 the PP number (22.3)."""
    return D[D[HDR.spim] + c * 3 + j]


@nb.njit(inline="always", cache=True)
def pen_chart(D, r, j):
    return D[D[HDR.penalty] + r * 2 + j]


@nb.njit(inline="always", cache=True)
def rule(D, j):
    return D[D[HDR.rules] + j]


# ---------------------------------------------------------------- the Advanced game (advdeck.py)

@nb.njit(inline="always", cache=True)
def adeck_row(D, c, sec, f):
    """Index of Advanced action card ``c``'s reading in section ``sec`` (advdeck.SECTIONS) against ``f``
    forecheckers: kind, a, b, c, intimidation code at D[i:i+5]."""
    return D[HDR.adeck] + ((c * 6 + sec) * 4 + f) * 5


@nb.njit(inline="always", cache=True)
def defa(D, q, n, k):
    """Field ``k`` of skater ``q``'s Defense-column reading ``n`` (2-14)."""
    return D[D[HDR.defa] + (q * 13 + n - 2) * 4 + k]


@nb.njit(inline="always", cache=True)
def passa_row(D, p, i):
    """Index of skater ``p``'s Passing reading ``i`` (letter index: G=6 ... L=11)."""
    return D[HDR.passa] + (p * 6 + i - 6) * 4


@nb.njit(inline="always", cache=True)
def afo_row(D, n, col):
    """Index of the Advanced faceoff chart's reading for split n + 1 in column ``col`` (0 Even, 1 +1, 2 +2)."""
    return D[HDR.afo] + (n * 3 + col) * 4


@nb.njit(inline="always", cache=True)
def sfo_row(D, n, col):
    """Index of the Super Advanced faceoff chart's reading for split n + 1 in column ``col`` (0 Even ... 4 +4)."""
    return D[HDR.sfo] + (n * 5 + col) * 4


@nb.njit(inline="always", cache=True)
def skfo(D, p):
    """Skater ``p``'s faceoff rating (8.1)."""
    return D[D[HDR.skfo] + p]


@nb.njit(inline="always", cache=True)
def advanced_rules(D):
    """Whether any rule the Basic game's open play never reads is in force: level=advanced, or a faceoff chart,
    intimidation, passing, the Passing L chart, deflections, the Enforcer rule, Alternate Penetration or the
    power-play units staying on (16.5) as a house rule.  Read once a period (:func:`.game.play_period`), so that
    the Basic game tests one flag instead of each rule's slot."""
    return (rule(D, RULE.level) != LEVEL_BASIC or rule(D, RULE.faceoffs) != FO_BASIC or rule(D, RULE.intim) != 0
            or rule(D, RULE.passing) != 0 or rule(D, RULE.passing_l) != 0 or rule(D, RULE.deflections) != 0
            or rule(D, RULE.enforcer) != 0 or rule(D, RULE.pen_alt) != 0 or rule(D, RULE.pp_stay) != 0)
