"""Strat-O-Matic Hockey Basic game kernel: one game per iteration, card by card.

The kernel reads only the integer tables built by :mod:`simcore.games.strat.compile`, packed into one flat
array ``D`` (see "the flat data buffer" below), and writes per-game counters.  Rule sections in comments refer
to shared/rules/strat-o-matic-hockey.txt; every reading of the rules the code makes is in docs/strat.md.

Randomness.  Game ``g`` of a run with seed ``s`` draws from its own stream (:mod:`simcore.rng`): the per-period
shuffle of the action deck, the 40-card split deck (drawn without replacement and reshuffled when spent), and
the dice.  In scripted mode the same code reads three scripts instead: the action cards of each period in order
(``-1`` a forward line-change card, ``-2`` a defense line-change card, ``-9`` ends the period's deck), split
card indices (0-39, rows of the split deck file), and dice totals.

Players on the ice are addressed by slot: LW, C, RW, LD, RD (0-4) and the extra skater (5) when the goalie is
pulled.  A line change puts new players into the same slots, which is how the cards read ("the player in
control" keeps his position).

Arrays inside a game are raw pointers (:func:`simcore.nbarrays.ptr`), indexed flat in C order:
``OP[(t * MAX_ROSTER + r) * NP + P_G]`` for the (2, MAX_ROSTER, NP) player counters, and so on (the shapes are in
:func:`play_game`'s docstring).  numba calls its runtime twice for every array passed to a function, inlined or
not, and the handlers below run on every step: as arrays that was about 68 runtime calls a step and four fifths
of the kernel's time.  :func:`play_game` takes ordinary arrays and hands pointers to :func:`_play_game`.

The game's whole state is one int64 array ``Z``: the scalars ``Z_*`` first (the script and log lengths among
them, ``Z_NSCRIPT`` and ``Z_LOGCAP``), then fixed regions: ``Z[Z_ICE + t * 6 + s]`` is the player in slot ``s``
of side ``t``, and so on for the lines (``Z_LN``), "any player" turns, shooting tendencies, injuries, the
machine state (``Z_M``: mode, team, slot, column, restricted, zone) and the period's action deck (``Z_ORDER``).
One base pointer for all of it leaves the registers to the game; a pointer per array had to be reloaded from the
stack at nearly every use.

Tables of ``D`` in order (read by the accessors ``sk``, ``shot_row``, ...; shapes as compile.py builds them):
  0 SK (n_skaters, NSK) ratings, fields F_*;       1 SHOT (n_skaters, 3, 11, 4) Outside/Inside/Reb-Bkwy readings
  2 DEFC (n_skaters, 3, 4) Defense 12-14;           3 PASSC (n_skaters, 3, 4) Passing J, K, L
  4 GK (n_goalies, NGKF);                           5 GC (n_goalies, 11, 2, 4) goalie card (vs outside, vs others)
  6 TM (n_teams, TW) lines and rosters, TM_*;       7 ACT (30, 2, 4) action cards (home, visitor section)
  8 SPN (40,) split numbers;                        9 SPX (40, 3, 4) breakaway, rebound, injury readings
  10 SPA (40, 13) assists: any, one-only, count, then (position, rating) pairs
  11 FO (20, 4) faceoff chart;                      12 PENC (10, 2) penetration success range by rating
  13 PPC (20, 2, 2, 9) power play chart [split, half (top/bottom), side (SH/PP)] = count, (kind, position)*4
  14 PPCOND (20, 2) (position, rating);             15 RET (6,) retaliation position or -1
  16 PENALTY (5, 2) split range penalized by Penalty rating;  17 RULES (N_RULES,)
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.layout import Output, Outputs
from simcore.nbarrays import borrow, ptr, stack_empty
from simcore.parallel import run_blocks
from simcore.rng import STATE_SIZE, seed_stream, shuffle, uniform_int

from . import readings as R

# ---------------------------------------------------------------- layout constants
F_OFF, F_DEF, F_SHDEF, F_BKWY, F_PEN, F_AST, F_STAR, F_POS1, F_POS2, F_ISD, F_TEND, F_SLOT, F_TEAM = range(13)
NSK = 13
G_FATIGUE, G_TEAM, G_SLOT = range(3)
NGKF = 3
MAX_ROSTER = 24
TM_F, TM_D, TM_PP, TM_PK, TM_G = 0, 12, 18, 28, 36
TM_ROSTER = 38
TM_NROSTER = TM_ROSTER + MAX_ROSTER
TM_SO = TM_NROSTER + 1             # roster slots in shootout order (28.1): Offense, forwards first
TW = TM_SO + MAX_ROSTER
LINES_W = 38                       # TM_F .. TM_G+2: the part copied per game (injury substitutions)
PK_SLOTS = (0, 2, 3, 4)            # PK units list LW, RW, LD, RD

R_LINES, R_OT_CARDS, R_SHOOTOUT, R_FATIGUE, R_ASSISTS, R_INJURIES, R_PK_UNITS = range(7)
N_RULES = 7
P_PENETRATE, P_PULL, P_SHELLED, P_PP_UNITS = range(4)
N_POL = 4

COL_OUT, COL_IN, COL_REB = 0, 1, 2
HOME, AWAY = 0, 1
REG, OT, SO = 0, 1, 2
WIN_HOME, WIN_AWAY, WIN_TIE = 0, 1, 2

# per-team counters (out_team[g, side, :])
(T_GOALS, T_SOG, T_PPO, T_PPG, T_SHG, T_PEN, T_PIM, T_FOW, T_ENG, T_FATG, T_G1, T_G2, T_G3, T_GOT, T_SOG_PP,
 T_SO_GOALS, T_PEN_TRY, T_PEN_OK, T_PULLED) = range(19)
NT = 19
# per-player counters (out_player[g, side, roster slot, :])
P_G, P_A, P_SOG, P_PIM, P_PPG, P_SHG, P_INJ = range(7)
NP = 7
# per-goalie counters (out_goalie[g, side, goalie slot, :])
K_GP, K_START, K_SA, K_GA, K_DEC, K_FAT_START, K_SHELLED, K_SA_FAT, K_GA_FAT, K_FATG, K_SO_SA, K_SO_GA = range(12)
NK = 12
DEC_W, DEC_L, DEC_OTL, DEC_T = 1, 2, 3, 4
# per-game (out_game[g, :])
O_HOME, O_AWAY, O_WINNER, O_DECIDED, O_SO_HOME, O_SO_AWAY, O_SO_ROUNDS, O_CARDS, O_STEPS, O_DRAWS = range(10)
NO = 10

# game scalars (Z)
(Z_SCRIPTED, Z_PERIOD, Z_CUR, Z_NCARDS, Z_CF, Z_CD, Z_OT, Z_DONE, Z_SPCUR, Z_PEND_PP, Z_INJ_PEND, Z_CH_T,
 Z_CH1, Z_CH2, Z_LOGN, Z_STEPS, Z_CARDS, Z_DRAWS) = range(18)
Z_GK = 18          # +side: current goalie (global id), -1 pulled is tracked in Z_PULL
Z_GKSLOT = 20
Z_FAT = 22
Z_PULL = 24
Z_PPNEXT = 26
Z_PKNEXT = 28
Z_SCORE = 30
Z_GAP = 32         # goals against the current goalie this period
Z_GAG = 34         # ... this game
Z_LEADGK = 36      # goalie slots in net when the last go-ahead goal was scored (decisions)
Z_RELIEVE = 38
Z_SHELLED = 40
Z_TEAM = 42        # +side: team row of TM
Z_NSCRIPT = 44     # +k: length of script k (action cards, split cards, dice)
Z_LOGCAP = 47      # rows of the play-by-play log (0: none)
Z_ICE = 48         # (2, 6) players on the ice by slot
Z_LN = 60          # (2, LINES_W) the game's lines (injury replacements change them)
Z_TURNS = 136      # (2, MAX_ROSTER) "any player" turns (4.31)
Z_TACC = 184       # (2, MAX_ROSTER) shooting-tendency accumulators
Z_INJURED = 232    # (2, MAX_ROSTER) 1: out injured
Z_M = 280          # (6,) machine state: mode, team, slot, column, restricted, zone
Z_ORDER = 286      # (ORDER_CAP,) this period's action deck, line-change cards included
ORDER_CAP = 48
NZ = Z_ORDER + ORDER_CAP
M_FACEOFF, M_ACTION, M_SHOT, M_END = range(4)

# play-by-play event codes: row = (period, card, code, side, a, b, c, d)
(EV_PERIOD, EV_CARD, EV_LINE, EV_FACEOFF, EV_DEFENSE, EV_PASS, EV_SHOT, EV_GOALIE, EV_GOAL, EV_SAVE,
 EV_REBOUND, EV_BREAKAWAY, EV_PENETRATE, EV_PENALTY, EV_PP, EV_PP_SHOT, EV_INJURY, EV_PULL, EV_SHELLED,
 EV_SO, EV_END, EV_ASSIST, EV_FLIP, EV_RETURN, EV_RELIEVE, EV_SPLIT, EV_PENCARD) = range(27)
LOG_W = 8
MAX_EVENTS = 4000

SELF_PASS = (2, 0, 1, 4, 3, 1)     # 4.42: LW to RW, C to LW, RW to C (defensemen: the other side)
MIRROR = (2, 1, 0, 4, 3, 1)        # matched-up slot of the opponent (Getting Started: RW vs LW, RD vs LD)
BLOCK = 256                        # games per block; free threads claim the next block
PULL_CARDS_LEFT = 2                # 13.0: the goalie may be pulled with this many cards or fewer left


# ---------------------------------------------------------------- the flat data buffer
# The kit's tables travel as one int32 array: a header of (offset, rows) pairs, one per table in the order
# of TABLES, then the tables back to back (compile.flatten): numba passes every array argument as its separate
# fields, so one array beats eighteen, and at 4 bytes a cell the sample league's cards take half the cache
# they took as int64.  The accessors below read one cell, or return the index of a 4-int
# reading (``*_row``: kind, a, b, c at D[i:i+4]), without making array views: in a loop a view (slice,
# reshape, row) costs several times the cell it reads.
TABLES = ("SK", "SHOT", "DEFC", "PASSC", "GK", "GC", "TM", "ACT", "SPN", "SPX", "SPA", "FO", "PENC", "PPC",
          "PPCOND", "RET", "PENALTY", "RULES")


@nb.njit(inline="always", cache=True)
def sk(D, p, f):
    """Skater ``p``'s rating field ``f`` (F_*)."""
    return D[D[0] + p * NSK + f]


@nb.njit(inline="always", cache=True)
def shot_row(D, p, col, d):
    """Index of skater ``p``'s reading in column ``col`` for 2d6 = d + 2."""
    return D[2] + ((p * 3 + col) * 11 + d) * 4


@nb.njit(inline="always", cache=True)
def defc(D, q, i, k):
    """Field ``k`` of skater ``q``'s Defense-column reading ``i`` (0-2: Defense 12-14)."""
    return D[D[4] + (q * 3 + i) * 4 + k]


@nb.njit(inline="always", cache=True)
def passc_row(D, p, i):
    """Index of skater ``p``'s Passing reading ``i`` (0-2: J, K, L)."""
    return D[6] + (p * 3 + i) * 4


@nb.njit(inline="always", cache=True)
def gk(D, g, f):
    return D[D[8] + g * NGKF + f]


@nb.njit(inline="always", cache=True)
def gc_row(D, g, d, h):
    """Index of goalie ``g``'s reading for 2d6 = d + 2, against outside shots (h 0) or the others (h 1)."""
    return D[10] + ((g * 11 + d) * 2 + h) * 4


@nb.njit(inline="always", cache=True)
def tm(D, t, j):
    return D[D[12] + t * TW + j]


@nb.njit(inline="always", cache=True)
def act_row(D, c, side):
    """Index of action card ``c``'s reading in the home (0) or visitor (1) section."""
    return D[14] + (c * 2 + side) * 4


@nb.njit(inline="always", cache=True)
def spn(D, c):
    """Split card ``c``'s number."""
    return D[D[16] + c]


@nb.njit(inline="always", cache=True)
def spx(D, c, sec, k):
    return D[D[18] + (c * 3 + sec) * 4 + k]


@nb.njit(inline="always", cache=True)
def spx_row(D, c, sec):
    """Index of split card ``c``'s section reading (0 breakaway, 1 rebound, 2 injury)."""
    return D[18] + (c * 3 + sec) * 4


@nb.njit(inline="always", cache=True)
def spa(D, c, j):
    return D[D[20] + c * 13 + j]


@nb.njit(inline="always", cache=True)
def fo_row(D, n):
    return D[22] + n * 4


@nb.njit(inline="always", cache=True)
def penc(D, r, j):
    return D[D[24] + r * 2 + j]


@nb.njit(inline="always", cache=True)
def ppc_row(D, n, half, side):
    """Index of the Power Play Chart list (count, then kind/position pairs) for split n + 1."""
    return D[26] + ((n * 2 + half) * 2 + side) * 9


@nb.njit(inline="always", cache=True)
def ppcond(D, n, j):
    return D[D[28] + n * 2 + j]


@nb.njit(inline="always", cache=True)
def ret(D, i):
    return D[D[30] + i]


@nb.njit(inline="always", cache=True)
def pen_chart(D, r, j):
    return D[D[32] + r * 2 + j]


@nb.njit(inline="always", cache=True)
def rule(D, j):
    return D[D[34] + j]


# ---------------------------------------------------------------- randomness

@nb.njit(inline="always", cache=True)
def _script_next(Z, arr, cur, k, lo, hi, what):
    i = cur[k]
    if i >= Z[Z_NSCRIPT + k]:
        raise ValueError(what)
    v = arr[i]
    if v < lo or v > hi:
        raise ValueError("a scripted value is outside the range the game drew at that point")
    cur[k] = i + 1
    return v


@nb.njit(inline="always", cache=True)
def roll2(Z, RS):
    """2d6 total."""
    if Z[Z_SCRIPTED]:
        return _script_next(Z, RS[4], RS[1], 2, 2, 12, "scripted dice ran out")
    Z[Z_DRAWS] += 2
    return uniform_int(RS[0], 6) + uniform_int(RS[0], 6) + 2


@nb.njit(inline="always", cache=True)
def roll1(Z, RS):
    """One die."""
    if Z[Z_SCRIPTED]:
        return _script_next(Z, RS[4], RS[1], 2, 1, 6, "scripted dice ran out")
    Z[Z_DRAWS] += 1
    return uniform_int(RS[0], 6) + 1


@nb.njit(cache=True, forceinline=True)
def draw_split(Z, RS):
    """Index (0-39) of the next split card."""
    if Z[Z_SCRIPTED]:
        return _script_next(Z, RS[3], RS[1], 1, 0, 39, "scripted split cards ran out")
    st = RS[0]
    sdeck = RS[5]
    if Z[Z_SPCUR] >= 40:
        shuffle(st, sdeck, 40)
        Z[Z_SPCUR] = 0
        Z[Z_DRAWS] += 39
    c = sdeck[Z[Z_SPCUR]]
    Z[Z_SPCUR] += 1
    return c


@nb.njit(cache=True)
def build_deck(Z, RS, n_lines, ot_cards):
    """Lay out this period's action deck in Z[Z_ORDER:]; returns the card count.

    Regular period (Getting Started): the 30 action cards shuffled, with the line-change cards after 10, 15
    and 20 cards (3 lines: F, D, F) or after 8, 10, 15, 20, 23 cards (4 lines: F, D, F, D, F).  Overtime
    (27.0 note): 8 cards of the reshuffled deck, no line changes.
    """
    st = RS[0]
    cur = RS[1]
    sact = RS[2]
    if Z[Z_SCRIPTED]:
        n = 0
        while cur[0] < Z[Z_NSCRIPT]:
            v = sact[cur[0]]
            cur[0] += 1
            if v == -9:
                break
            if v < -2 or v > 29:
                raise ValueError("a scripted action card is outside 0-29 (or -1, -2, -9)")
            if n >= ORDER_CAP:
                raise ValueError("a scripted period holds more cards than a deck (48)")
            Z[Z_ORDER + n] = v
            n += 1
        return n
    perm = stack_empty(30, np.int64)
    for i in range(30):
        perm[i] = i
    shuffle(st, perm, 30)
    Z[Z_DRAWS] += 29
    if ot_cards > 0:
        for i in range(ot_cards):
            Z[Z_ORDER + i] = perm[i]
        return ot_cards
    k = 0
    for i in range(30):
        if n_lines == 3:
            if i == 10 or i == 20:
                Z[Z_ORDER + k] = -1
                k += 1
            elif i == 15:
                Z[Z_ORDER + k] = -2
                k += 1
        else:
            if i == 8 or i == 15 or i == 23:
                Z[Z_ORDER + k] = -1
                k += 1
            elif i == 10 or i == 20:
                Z[Z_ORDER + k] = -2
                k += 1
        Z[Z_ORDER + k] = perm[i]
        k += 1
    return k


# ---------------------------------------------------------------- small helpers

@nb.njit(inline="always", cache=True)
def log(Z, L, code, side, a, b, c, d):
    if Z[Z_LOGCAP] > 0:
        i = Z[Z_LOGN]
        if i < Z[Z_LOGCAP]:
            L[i * LOG_W + 0] = Z[Z_PERIOD]
            L[i * LOG_W + 1] = Z[Z_CUR]
            L[i * LOG_W + 2] = code
            L[i * LOG_W + 3] = side
            L[i * LOG_W + 4] = a
            L[i * LOG_W + 5] = b
            L[i * LOG_W + 6] = c
            L[i * LOG_W + 7] = d
            Z[Z_LOGN] = i + 1


@nb.njit(inline="always", cache=True)
def enc(D, r):
    """A reading (kind, a, b, c) packed into one log field (see pbp.dec)."""
    return ((D[r + 0] * 100 + D[r + 1] + 1) * 100 + D[r + 2] + 1) * 100 + D[r + 3] + 1


@nb.njit(inline="always", cache=True)
def put_lines(Z):
    cf = Z[Z_CF]
    cd = Z[Z_CD]
    for t in range(2):
        for k in range(3):
            Z[Z_ICE + t * 6 + k] = Z[Z_LN + t * LINES_W + TM_F + 3 * cf + k]
        for k in range(2):
            Z[Z_ICE + t * 6 + 3 + k] = Z[Z_LN + t * LINES_W + TM_D + 2 * cd + k]


@nb.njit(cache=True, forceinline=True)
def pick_any(D, Z, t, min_off, exclude_slot, alternate):
    """Slot of the player with the highest Offense on team ``t``'s ice (4.3), at least ``min_off``, never
    ``exclude_slot``; ties alternate (4.31) when ``alternate``.  The extra skater takes every "any player"
    reading (13.3).  -1 when nobody qualifies."""
    x = Z[Z_ICE + t * 6 + 5]
    if Z[Z_PULL + t] and x >= 0 and exclude_slot != 5 and sk(D, x, F_OFF) >= min_off:
        return 5
    # the key orders by Offense, then (alternating) by fewer turns; the first slot wins a tie
    best = -1
    bk = -1
    for s in range(5):
        p = Z[Z_ICE + t * 6 + s]
        if s == exclude_slot or p < 0:
            continue
        o = sk(D, p, F_OFF)
        if o < min_off:
            continue
        key = np.int64(o) << 32
        if alternate:
            key -= Z[Z_TURNS + t * MAX_ROSTER + sk(D, p, F_SLOT)]
        if key > bk:
            best = s
            bk = key
    if best >= 0 and alternate:
        Z[Z_TURNS + t * MAX_ROSTER + sk(D, Z[Z_ICE + t * 6 + best], F_SLOT)] += 1
    return best


@nb.njit(inline="always", cache=True)
def chain_reset(Z):
    Z[Z_CH_T] = -1
    Z[Z_CH1] = -1
    Z[Z_CH2] = -1


@nb.njit(inline="always", cache=True)
def chain_add(Z, t, p):
    """Credit ``p`` (skater id) of team ``t`` with a pass or a rebound-producing shot (14.1)."""
    if Z[Z_CH_T] != t:
        Z[Z_CH_T] = t
        Z[Z_CH1] = -1
        Z[Z_CH2] = -1
    if p != Z[Z_CH1]:
        Z[Z_CH2] = Z[Z_CH1]
        Z[Z_CH1] = p


# ---------------------------------------------------------------- injuries (15)

@nb.njit(cache=True)
def resolve_injury(D, Z, RS, OP, L):
    """The pending "also injury": draw a split card, read its Injury section, replace the player (15.1)."""
    att = Z[Z_INJ_PEND] - 1
    Z[Z_INJ_PEND] = 0
    c = draw_split(Z, RS)
    side = att if spx(D, c, 2, 1) == 0 else 1 - att
    slot = spx(D, c, 2, 2)
    games = spx(D, c, 2, 3)
    p = Z[Z_ICE + side * 6 + slot]
    if p < 0:
        return
    rs = sk(D, p, F_SLOT)
    Z[Z_INJURED + side * MAX_ROSTER + rs] = 1
    OP[(side * MAX_ROSTER + rs) * NP + P_INJ] = games + 1
    best = replace_skater(D, Z, side, p)
    log(Z, L, EV_INJURY, side, slot, p, games, best)


@nb.njit(cache=True)
def replace_skater(D, Z, side, p):
    """Put the most logical replacement (15.1) for skater ``p`` of ``side`` into every unit and ice slot he
    holds; returns the replacement's id, or -1 when nobody is left (the position plays short)."""
    # a healthy skater off the ice, preferring one dressed in no line in use,
    # at the same position, then the same group (forward / defense), then the best Offense
    team = sk(D, p, F_TEAM)
    n_f = 3 if rule(D, R_LINES) == 3 else 4
    n_d = 2 if rule(D, R_LINES) == 3 else 3
    best = -1
    bscore = -1
    for k in range(tm(D, team, TM_NROSTER)):
        q = tm(D, team, TM_ROSTER + k)
        if q < 0 or Z[Z_INJURED + side * MAX_ROSTER + sk(D, q, F_SLOT)] or q == p:
            continue
        on = False
        for s in range(6):
            if Z[Z_ICE + side * 6 + s] == q:
                on = True
        if on:
            continue
        in_use = False
        for j in range(3 * n_f):
            if Z[Z_LN + side * LINES_W + TM_F + j] == q:
                in_use = True
        for j in range(2 * n_d):
            if Z[Z_LN + side * LINES_W + TM_D + j] == q:
                in_use = True
        score = 0
        if not in_use:
            score += 400
        if sk(D, q, F_POS1) == sk(D, p, F_POS1) or sk(D, q, F_POS2) == sk(D, p, F_POS1):
            score += 200
        if sk(D, q, F_ISD) == sk(D, p, F_ISD):
            score += 100
        score += sk(D, q, F_OFF)
        if score > bscore:
            bscore = score
            best = q
    if best < 0:
        return best
    for j in range(LINES_W - 2):
        if Z[Z_LN + side * LINES_W + j] == p:
            Z[Z_LN + side * LINES_W + j] = best
    for s in range(6):
        if Z[Z_ICE + side * 6 + s] == p:
            Z[Z_ICE + side * 6 + s] = best
    return best


# ---------------------------------------------------------------- goals, assists, fatigue

@nb.njit(cache=True)
def award_assists(D, Z, RS, t, scorer, pp, OP, L):
    """Assists on a goal by ``scorer`` (skater id) of team ``t`` (14.1-14.22)."""
    a = stack_empty(2, np.int64)
    a[0] = -1
    a[1] = -1
    n = 0
    if Z[Z_CH_T] == t:
        for q in (Z[Z_CH1], Z[Z_CH2]):
            if q >= 0 and q != scorer and n < 2 and q != a[0]:
                a[n] = q
                n += 1
    if n < 2:
        c = draw_split(Z, RS)
        limit = 1 if spa(D, c, 1) else 2
        if spa(D, c, 0) > 0 and n < limit:
            best = -1
            br = -1
            for s in range(6):
                q = Z[Z_ICE + t * 6 + s]
                if q < 0 or q == scorer or q == a[0]:
                    continue
                r = sk(D, q, F_AST) - (1 if (pp and sk(D, q, F_STAR) and sk(D, q, F_ISD)) else 0)
                if r >= spa(D, c, 0) and r > br:
                    br = r
                    best = q
            if best >= 0:
                a[n] = best
                n += 1
        for k in range(spa(D, c, 2)):
            if n >= limit:
                break
            q = Z[Z_ICE + t * 6 + spa(D, c, 3 + 2 * k)]
            if q < 0 or q == scorer or q == a[0]:
                continue
            r = sk(D, q, F_AST) - (1 if (pp and sk(D, q, F_STAR) and sk(D, q, F_ISD)) else 0)
            if r >= spa(D, c, 4 + 2 * k):
                a[n] = q
                n += 1
    for k in range(n):
        OP[(t * MAX_ROSTER + sk(D, a[k], F_SLOT)) * NP + P_A] += 1
    log(Z, L, EV_ASSIST, t, a[0], a[1], 0, 0)


@nb.njit(cache=True)
def score_goal(D, Z, RS, t, scorer, pp, sh, fatigue_goal, OT_, OP, OK, L):
    """Book a goal by ``scorer`` (skater id) of team ``t``; checks the shelled rule (24.3)."""
    d = 1 - t
    empty = Z[Z_PULL + d] != 0
    Z[Z_SCORE + t] += 1
    OT_[t * NT + T_GOALS] += 1
    per = Z[Z_PERIOD]
    OT_[t * NT + T_G1 + (per - 1 if per <= 3 else 3)] += 1
    OP[(t * MAX_ROSTER + sk(D, scorer, F_SLOT)) * NP + P_G] += 1
    if pp:
        OT_[t * NT + T_PPG] += 1
        OP[(t * MAX_ROSTER + sk(D, scorer, F_SLOT)) * NP + P_PPG] += 1
    if sh:
        OT_[t * NT + T_SHG] += 1
        OP[(t * MAX_ROSTER + sk(D, scorer, F_SLOT)) * NP + P_SHG] += 1
    if empty:
        OT_[t * NT + T_ENG] += 1
    if fatigue_goal:
        OT_[t * NT + T_FATG] += 1
    log(Z, L, EV_GOAL, t, scorer, pp + 2 * sh + 4 * empty + 8 * fatigue_goal, Z[Z_SCORE], Z[Z_SCORE + 1])
    if rule(D, R_ASSISTS):
        award_assists(D, Z, RS, t, scorer, pp, OP, L)
    if Z[Z_SCORE + t] == Z[Z_SCORE + d] + 1:
        Z[Z_LEADGK] = Z[Z_GKSLOT]
        Z[Z_LEADGK + 1] = Z[Z_GKSLOT + 1]
    if not empty:
        gs = Z[Z_GKSLOT + d]
        OK[(d * 2 + gs) * NK + K_GA] += 1
        if Z[Z_FAT + d]:
            OK[(d * 2 + gs) * NK + K_GA_FAT] += 1
        if fatigue_goal:
            OK[(d * 2 + gs) * NK + K_FATG] += 1
        Z[Z_GAP + d] += 1
        Z[Z_GAG + d] += 1
        if rule(D, R_FATIGUE) and not Z[Z_FAT + d] and (Z[Z_GAP + d] >= 4 or Z[Z_GAG + d] >= 6):
            Z[Z_FAT + d] = 1
            Z[Z_SHELLED + d] = 1
            OK[(d * 2 + gs) * NK + K_SHELLED] = 1
            log(Z, L, EV_SHELLED, d, Z[Z_GK + d], Z[Z_GAP + d], Z[Z_GAG + d], 0)
    if Z[Z_OT]:
        Z[Z_DONE] = 1
    chain_reset(Z)


@nb.njit(inline="always", cache=True)
def shot_on_goal(D, Z, t, p, OT_, OP, OK, pp):
    OT_[t * NT + T_SOG] += 1
    if pp:
        OT_[t * NT + T_SOG_PP] += 1
    OP[(t * MAX_ROSTER + sk(D, p, F_SLOT)) * NP + P_SOG] += 1
    d = 1 - t
    if not Z[Z_PULL + d]:
        gs = Z[Z_GKSLOT + d]
        OK[(d * 2 + gs) * NK + K_SA] += 1
        if Z[Z_FAT + d]:
            OK[(d * 2 + gs) * NK + K_SA_FAT] += 1


@nb.njit(inline="always", cache=True)
def in_range(n, lo, hi):
    return lo <= n and n <= hi


@nb.njit(cache=True, forceinline=True)
def split_in(D, Z, RS, L, side, lo, hi):
    """Draw a split card: is its number within lo-hi?  (Logged for the play-by-play.)"""
    n = spn(D, draw_split(Z, RS))
    ok = lo <= n and n <= hi
    log(Z, L, EV_SPLIT, side, n, lo, hi, ok)
    return ok


# ---------------------------------------------------------------- power play (7.x)

@nb.njit(cache=True)
def pp_shot(D, Z, RS, t, p, kind, pp, OT_, OP, OK, L):
    """One Power Play Chart shot by skater ``p`` of team ``t``; True on a goal.  Only the shot counts (7.35):
    rebounds, lost pucks, breakaways and goalie penalties on the goalie's card end as a save.  Returns
    2 for a goal the fatigue rule made."""
    col = COL_OUT if kind == 0 else (COL_IN if kind == 1 else COL_REB)
    dice = roll2(Z, RS)
    r = shot_row(D, p, col, dice - 2)
    k = D[r + 0]
    log(Z, L, EV_PP_SHOT, t, p, kind, dice, enc(D, r))
    if k == R.LOSE_PUCK_TO:
        return 0
    shot_on_goal(D, Z, t, p, OT_, OP, OK, pp)
    d = 1 - t
    if k == R.GOAL:
        if D[r + 3] and not pp:
            return 0
        if (D[r + 1] == 1 and D[r + 2] == 20) or Z[Z_PULL + d]:
            return 1
        return 1 if split_in(D, Z, RS, L, t, D[r + 1], D[r + 2]) else 0
    if k == R.GOALIE_RATING:
        if D[r + 1] and not pp:
            return 0
        if Z[Z_PULL + d]:
            return 1
        gd = roll2(Z, RS)
        g = gc_row(D, Z[Z_GK + d], gd - 2, 0 if col == COL_OUT else 1)
        log(Z, L, EV_GOALIE, d, Z[Z_GK + d], gd, 0, enc(D, g))
        if D[g + 0] == R.GOAL:
            if D[g + 1] == 1 and D[g + 2] == 20:
                return 1
            return 1 if split_in(D, Z, RS, L, t, D[g + 1], D[g + 2]) else 0
        if D[g + 0] == R.FACEOFF and D[g + 1] and Z[Z_FAT + d] and rule(D, R_FATIGUE):
            return 2
    return 0


@nb.njit(cache=True)
def power_play(D, Z, RS, t, pol, OT_, OP, OK, L):
    """Team ``t`` on the power play, Basic rules 7.1-7.36: flip two cards for the elapsed time, one split on
    the Power Play Chart, short-handed shots first, then the power play's shots until it scores."""
    s = 1 - t
    OT_[t * NT + T_PPO] += 1
    # elapsed time: two cards; line changes among them wait for the end of the penalty (7.31)
    defer_f = 0
    defer_d = 0
    for _ in range(2):
        if Z[Z_CUR] < Z[Z_NCARDS]:
            c = Z[Z_ORDER + Z[Z_CUR]]
            Z[Z_CUR] += 1
            log(Z, L, EV_FLIP, t, c, 0, 0, 0)
            if c == -1:
                defer_f += 1
            elif c == -2:
                defer_d += 1
    u = Z[Z_PPNEXT + t]
    if pol[t * N_POL + P_PP_UNITS] == 0:
        Z[Z_PPNEXT + t] = 1 - u
    k = Z[Z_PKNEXT + s]
    if rule(D, R_PK_UNITS) == 2:
        Z[Z_PKNEXT + s] = 1 - k
    ppi = stack_empty(5, np.int64)
    shi = stack_empty(5, np.int64)
    for j in range(5):
        ppi[j] = Z[Z_LN + t * LINES_W + TM_PP + 5 * u + j]
        shi[j] = -1
    for j in range(4):
        shi[PK_SLOTS[j]] = Z[Z_LN + s * LINES_W + TM_PK + 4 * k + j]
    c = draw_split(Z, RS)
    n = spn(D, c) - 1
    cpos = ppcond(D, n, 0)
    q = shi[cpos]
    half = 0 if (q >= 0 and sk(D, q, F_SHDEF) >= ppcond(D, n, 1)) else 1
    log(Z, L, EV_PP, t, u, spn(D, c), half, k)
    # short-handed shots first (7.33); a short-handed goal does not end the penalty (7.34)
    row = ppc_row(D, n, half, 0)
    for j in range(D[row + 0]):
        p = shi[D[row + 2 + 2 * j]]
        if p < 0:
            continue
        res = pp_shot(D, Z, RS, s, p, D[row + 1 + 2 * j], 0, OT_, OP, OK, L)
        if res:
            for jj in range(5):
                Z[Z_ICE + s * 6 + jj] = shi[jj]
            Z[Z_ICE + s * 6 + 1] = -1
            score_goal(D, Z, RS, s, p, 0, 1, res == 2, OT_, OP, OK, L)
            put_lines(Z)
            if Z[Z_DONE]:
                return
    row = ppc_row(D, n, half, 1)
    for j in range(D[row + 0]):
        p = ppi[D[row + 2 + 2 * j]]
        if p < 0:
            continue
        res = pp_shot(D, Z, RS, t, p, D[row + 1 + 2 * j], 1, OT_, OP, OK, L)
        if res:
            for jj in range(5):
                Z[Z_ICE + t * 6 + jj] = ppi[jj]
            score_goal(D, Z, RS, t, p, 1, 0, res == 2, OT_, OP, OK, L)
            put_lines(Z)
            break
    # the line on the ice at the penalty returns; the deferred changes happen now (7.31)
    if defer_f or defer_d:
        nf = 3 if rule(D, R_LINES) == 3 else 4
        nd = 2 if rule(D, R_LINES) == 3 else 3
        Z[Z_CF] = (Z[Z_CF] + defer_f) % nf
        Z[Z_CD] = (Z[Z_CD] + defer_d) % nd
        log(Z, L, EV_LINE, -1, Z[Z_CF], Z[Z_CD], 1, 0)
    put_lines(Z)
    chain_reset(Z)


@nb.njit(cache=True)
def penalty(D, Z, RS, t_off, p, pol, OT_, OP, OK, L, kind):
    """Skater ``p`` (or a goalie: ``p`` < 0) of team ``t_off`` takes a minor; the other team gets a power play
    now, at the start of the next period (7.37), or not at all on the game's last card (7.38)."""
    OT_[t_off * NT + T_PEN] += 1
    OT_[t_off * NT + T_PIM] += 2
    if p >= 0:
        OP[(t_off * MAX_ROSTER + sk(D, p, F_SLOT)) * NP + P_PIM] += 2
    log(Z, L, EV_PENALTY, t_off, p, kind, 0, 0)
    t = 1 - t_off
    Z[Z_M + 0] = M_FACEOFF
    Z[Z_M + 5] = -1
    if Z[Z_CUR] >= Z[Z_NCARDS]:
        last_of_game = Z[Z_OT] or (Z[Z_PERIOD] == 3 and (Z[Z_SCORE] != Z[Z_SCORE + 1] or rule(D, R_OT_CARDS) == 0))
        if not last_of_game:
            Z[Z_PEND_PP] = t
        Z[Z_M + 0] = M_END
        return
    power_play(D, Z, RS, t, pol, OT_, OP, OK, L)


# ---------------------------------------------------------------- shots and goalie cards (3.0, 5.x, 6.x)

@nb.njit(cache=True, forceinline=True)
def rebound(D, Z, RS, t, shooter_slot, L):
    """X-Reb: the Rebound section of a split card (5.31-5.34)."""
    c = draw_split(Z, RS)
    r = spx_row(D, c, 1)
    if D[r + 3] and rule(D, R_INJURIES):
        Z[Z_INJ_PEND] = 1 + t
    d = 1 - t
    shooter = Z[Z_ICE + t * 6 + shooter_slot]
    log(Z, L, EV_REBOUND, t, 0, 0, 0, enc(D, r))
    if D[r + 0] == R.REB_OFFENSE:
        if D[r + 1] == R.ANY:
            s = pick_any(D, Z, t, D[r + 2], -1, False)   # the coach's pick (4.31): best Offense
            if s < 0:
                Z[Z_M + 0] = M_ACTION
                Z[Z_M + 1] = d
                Z[Z_M + 2] = MIRROR[shooter_slot]
                return
        else:
            s = D[r + 1]
        q = Z[Z_ICE + t * 6 + s]
        if q >= 0 and sk(D, q, F_OFF) >= D[r + 2]:
            chain_add(Z, t, shooter)
            Z[Z_M + 0] = M_SHOT
            Z[Z_M + 1] = t
            Z[Z_M + 2] = s
            Z[Z_M + 3] = COL_REB
            Z[Z_M + 4] = 1
            return
        Z[Z_M + 0] = M_ACTION
        Z[Z_M + 1] = d
        Z[Z_M + 2] = MIRROR[s]
        return
    # REB_DEFENSE
    s = D[r + 1]
    q = Z[Z_ICE + d * 6 + s]
    if q >= 0 and (D[r + 2] == 0 or sk(D, q, F_DEF) >= D[r + 2]):
        Z[Z_M + 0] = M_ACTION
        Z[Z_M + 1] = d
        Z[Z_M + 2] = s
        return
    chain_add(Z, t, shooter)
    Z[Z_M + 0] = M_SHOT
    Z[Z_M + 1] = t
    Z[Z_M + 2] = MIRROR[s]
    Z[Z_M + 3] = COL_REB
    Z[Z_M + 4] = 1


@nb.njit(cache=True, forceinline=True)
def breakaway_for(D, Z, RS, t, starter_slot, rating_slot, L):
    """Possible breakaway for team ``t`` (4.6-4.62, 4.7, 5.71).  ``starter_slot``: the player who started it,
    whose own position sends the shot to the player in parentheses (4.61; -1: nobody, as when the other team
    lost the puck, 4.71); ``rating_slot``: whose Breakaway rating a "Rating N" reading tests (4.62)."""
    c = draw_split(Z, RS)
    r = spx_row(D, c, 0)
    log(Z, L, EV_BREAKAWAY, t, rating_slot, 0, 0, enc(D, r))
    if D[r + 0] == R.BKWY_PLAYER:
        s = D[r + 1]
        if s == starter_slot and D[r + 2] >= 0:
            s = D[r + 2]            # 4.61: the first reading is the player who started it
        if Z[Z_ICE + t * 6 + s] < 0:
            s = rating_slot
        Z[Z_M + 0] = M_SHOT
        Z[Z_M + 1] = t
        Z[Z_M + 2] = s
        Z[Z_M + 3] = COL_REB
        Z[Z_M + 4] = 1
        if starter_slot >= 0 and s != starter_slot and Z[Z_ICE + t * 6 + starter_slot] >= 0:
            chain_add(Z, t, Z[Z_ICE + t * 6 + starter_slot])
        return
    q = Z[Z_ICE + t * 6 + rating_slot]
    if q >= 0 and sk(D, q, F_BKWY) >= D[r + 1]:
        Z[Z_M + 0] = M_SHOT
        Z[Z_M + 1] = t
        Z[Z_M + 2] = rating_slot
        Z[Z_M + 3] = COL_REB
        Z[Z_M + 4] = 1
        return
    # 4.62: no breakaway, the opponent of the intended shooter has the puck
    Z[Z_M + 0] = M_ACTION
    Z[Z_M + 1] = 1 - t
    Z[Z_M + 2] = MIRROR[rating_slot]


@nb.njit(cache=True, forceinline=True)
def faceoff_dz(Z, t_goalie):
    """A save frozen by ``t_goalie``'s goalie: faceoff in his end (2.2)."""
    Z[Z_M + 0] = M_FACEOFF
    Z[Z_M + 5] = t_goalie


@nb.njit(cache=True, forceinline=True)
def goalie_card(D, Z, RS, t, slot, col, pol, OT_, OP, OK, L):
    """Goalie Rating against a shot of column ``col`` by team ``t``'s ``slot`` (5.5-5.8, 5.7, 24.2)."""
    d = 1 - t
    p = Z[Z_ICE + t * 6 + slot]
    gd = roll2(Z, RS)
    g = gc_row(D, Z[Z_GK + d], gd - 2, 0 if col == COL_OUT else 1)
    log(Z, L, EV_GOALIE, d, Z[Z_GK + d], gd, 0, enc(D, g))
    k = D[g + 0]
    if k == R.GOAL:
        if not (D[g + 1] == 1 and D[g + 2] == 20):
            if not split_in(D, Z, RS, L, t, D[g + 1], D[g + 2]):
                faceoff_dz(Z, d)
                return
        score_goal(D, Z, RS, t, p, 0, 0, 0, OT_, OP, OK, L)
        Z[Z_M + 0] = M_FACEOFF
        Z[Z_M + 5] = -1
        return
    if k == R.FACEOFF:
        if D[g + 1] and Z[Z_FAT + d] and rule(D, R_FATIGUE):
            score_goal(D, Z, RS, t, p, 0, 0, 1, OT_, OP, OK, L)
            Z[Z_M + 0] = M_FACEOFF
            Z[Z_M + 5] = -1
            return
        faceoff_dz(Z, d)
        return
    if k == R.SAVE_TO:
        Z[Z_M + 0] = M_ACTION
        Z[Z_M + 1] = d
        Z[Z_M + 2] = D[g + 1] if D[g + 1] != R.ANY else pick_any(D, Z, d, 0, -1, False)
        if Z[Z_ICE + d * 6 + Z[Z_M + 2]] < 0:
            Z[Z_M + 2] = pick_any(D, Z, d, 0, -1, False)
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
            # 5.73: the retaliation check, then the penalty chart for the attacker it names
            die = roll1(Z, RS)
            rs = ret(D, die - 1)
            both = False
            if rs >= 0 and Z[Z_ICE + t * 6 + rs] >= 0:
                q = Z[Z_ICE + t * 6 + rs]
                c2 = draw_split(Z, RS)
                pr = sk(D, q, F_PEN)
                if in_range(spn(D, c2), pen_chart(D, pr, 0), pen_chart(D, pr, 1)):
                    both = True
                    OT_[t * NT + T_PEN] += 1
                    OT_[t * NT + T_PIM] += 2
                    OP[(t * MAX_ROSTER + sk(D, q, F_SLOT)) * NP + P_PIM] += 2
                    log(Z, L, EV_PENALTY, t, q, 2, 0, 0)
            if both:
                # coincidental minors: no power play; the goalie's minor is served, play resumes
                OT_[d * NT + T_PEN] += 1
                OT_[d * NT + T_PIM] += 2
                log(Z, L, EV_PENALTY, d, -1 - Z[Z_GK + d], 3, 0, 0)
                faceoff_dz(Z, d)
                return
            penalty(D, Z, RS, d, -1 - Z[Z_GK + d], pol, OT_, OP, OK, L, 1)
            return
        faceoff_dz(Z, d)
        return
    faceoff_dz(Z, d)


@nb.njit(cache=True, forceinline=True)
def shoot(D, Z, RS, t, slot, col, unrestricted, pol, OT_, OP, OK, L):
    """A shot by team ``t``'s ``slot`` from column ``col`` (3.0); an unrestricted outside shot may first
    penetrate (6.0-6.1) per the coach's policy."""
    d = 1 - t
    p = Z[Z_ICE + t * 6 + slot]
    if p < 0:
        Z[Z_M + 0] = M_ACTION
        Z[Z_M + 1] = d
        Z[Z_M + 2] = MIRROR[slot]
        return
    if col == COL_OUT and unrestricted:
        pen = pol[t * N_POL + P_PENETRATE]
        go = False
        if pen == 2:
            go = True
        elif pen == 0:
            rs = sk(D, p, F_SLOT)
            Z[Z_TACC + t * MAX_ROSTER + rs] += sk(D, p, F_TEND) - 1
            if Z[Z_TACC + t * MAX_ROSTER + rs] >= 4:
                Z[Z_TACC + t * MAX_ROSTER + rs] -= 4
                go = True
        if go:
            OT_[t * NT + T_PEN_TRY] += 1
            c = draw_split(Z, RS)
            b = sk(D, p, F_BKWY)
            ok = in_range(spn(D, c), penc(D, b, 0), penc(D, b, 1))
            log(Z, L, EV_PENETRATE, t, p * 8 + slot, b, spn(D, c), ok)
            if not ok:
                Z[Z_M + 0] = M_ACTION
                Z[Z_M + 1] = d
                Z[Z_M + 2] = MIRROR[slot]
                return
            OT_[t * NT + T_PEN_OK] += 1
            col = COL_IN
    dice = roll2(Z, RS)
    r = shot_row(D, p, col, dice - 2)
    k = D[r + 0]
    log(Z, L, EV_SHOT, t, p * 8 + slot, col, dice, enc(D, r))
    empty = Z[Z_PULL + d] != 0
    if k == R.LOSE_PUCK_TO:
        Z[Z_M + 0] = M_ACTION
        Z[Z_M + 1] = d
        Z[Z_M + 2] = D[r + 1] if D[r + 1] != R.ANY else pick_any(D, Z, d, 0, -1, False)
        return
    if k == R.SAVE_TO:
        if not empty:
            shot_on_goal(D, Z, t, p, OT_, OP, OK, 0)
        Z[Z_M + 0] = M_ACTION
        Z[Z_M + 1] = d
        Z[Z_M + 2] = D[r + 1] if D[r + 1] != R.ANY else pick_any(D, Z, d, 0, -1, False)
        if Z[Z_ICE + d * 6 + Z[Z_M + 2]] < 0:
            Z[Z_M + 2] = pick_any(D, Z, d, 0, -1, False)
        return
    shot_on_goal(D, Z, t, p, OT_, OP, OK, 0)
    if k == R.SAVE_REBOUND:
        rebound(D, Z, RS, t, slot, L)
        return
    if k == R.GOAL:
        if D[r + 3]:        # Goal+ at even strength (5.9)
            faceoff_dz(Z, d)
            return
        if not empty and not (D[r + 1] == 1 and D[r + 2] == 20):
            if not split_in(D, Z, RS, L, t, D[r + 1], D[r + 2]):
                faceoff_dz(Z, d)
                return
        score_goal(D, Z, RS, t, p, 0, 0, 0, OT_, OP, OK, L)
        Z[Z_M + 0] = M_FACEOFF
        Z[Z_M + 5] = -1
        return
    if k == R.GOALIE_RATING:
        if D[r + 1]:        # Goalie Rating+ at even strength (5.10)
            faceoff_dz(Z, d)
            return
        if empty:       # 13.1
            score_goal(D, Z, RS, t, p, 0, 0, 0, OT_, OP, OK, L)
            Z[Z_M + 0] = M_FACEOFF
            Z[Z_M + 5] = -1
            return
        goalie_card(D, Z, RS, t, slot, col, pol, OT_, OP, OK, L)
        return
    faceoff_dz(Z, d)


# ---------------------------------------------------------------- action cards (4.x)

@nb.njit(cache=True, forceinline=True)
def action(D, Z, RS, t, slot, pol, OT_, OP, OK, L):
    """Team ``t``'s ``slot`` has the puck: draw the top action card and read the team's section."""
    d = 1 - t
    while True:
        if Z[Z_CUR] >= Z[Z_NCARDS]:
            Z[Z_M + 0] = M_END
            return
        c = Z[Z_ORDER + Z[Z_CUR]]
        Z[Z_CUR] += 1
        Z[Z_CARDS] += 1
        if c >= 0:
            break
        # a line-change card on top: change lines, then draw the next card (Getting Started)
        nf = 3 if rule(D, R_LINES) == 3 else 4
        nd = 2 if rule(D, R_LINES) == 3 else 3
        if c == -1:
            Z[Z_CF] = (Z[Z_CF] + 1) % nf
        else:
            Z[Z_CD] = (Z[Z_CD] + 1) % nd
        put_lines(Z)
        chain_reset(Z)
        log(Z, L, EV_LINE, -1, Z[Z_CF], Z[Z_CD], 0, 0)
    if Z[Z_ICE + t * 6 + slot] < 0:
        slot = pick_any(D, Z, t, 0, -1, False)
    p = Z[Z_ICE + t * 6 + slot]
    r = act_row(D, c, t)
    k = D[r + 0]
    log(Z, L, EV_CARD, t, c, p * 8 + slot, k, 0)
    ms = MIRROR[slot]
    if k == R.OPP_DEFENSE:
        q = Z[Z_ICE + d * 6 + ms]
        if q < 0:
            res = R.OUTSIDE_SHOT
        else:
            res = defc(D, q, D[r + 1] - 12, 0)
        log(Z, L, EV_DEFENSE, d, (q if q >= 0 else 0) * 8 + ms, D[r + 1], res, 0)
        if res == R.TAKES_PUCK:
            Z[Z_M + 0] = M_ACTION
            Z[Z_M + 1] = d
            Z[Z_M + 2] = ms
            return
        Z[Z_M + 0] = M_SHOT
        Z[Z_M + 1] = t
        Z[Z_M + 2] = slot
        Z[Z_M + 3] = COL_OUT
        Z[Z_M + 4] = 1
        return
    if k == R.PASSING:
        pr = passc_row(D, p, D[r + 1] - 9)
        log(Z, L, EV_PASS, t, p * 8 + slot, D[r + 1], 0, enc(D, pr))
        if D[pr + 0] == R.PASS_INSIDE:
            s = D[pr + 1]
            if s == R.ANY:
                s = pick_any(D, Z, t, 0, slot, True)
            elif s == slot:
                s = SELF_PASS[s]          # 4.42: a player off his first position passing to "himself"
            if s < 0 or Z[Z_ICE + t * 6 + s] < 0:
                s = slot
            if s != slot:
                chain_add(Z, t, p)
            Z[Z_M + 0] = M_SHOT
            Z[Z_M + 1] = t
            Z[Z_M + 2] = s
            Z[Z_M + 3] = COL_IN
            Z[Z_M + 4] = 0
            return
        # lose puck to a defender
        Z[Z_M + 0] = M_ACTION
        Z[Z_M + 1] = d
        Z[Z_M + 2] = D[pr + 1] if D[pr + 1] != R.ANY else pick_any(D, Z, d, 0, -1, False)
        return
    if k == R.SHOT_FOR:
        s = D[r + 2]
        if s == R.ANY:
            s = pick_any(D, Z, t, 0, slot, True)
            if s < 0:
                s = slot
        elif s == slot:
            s = D[r + 3] if D[r + 3] >= 0 else slot       # 4.41: the pass goes to the player in parentheses
        if Z[Z_ICE + t * 6 + s] < 0:
            s = slot
        if s != slot:
            chain_add(Z, t, p)
        Z[Z_M + 0] = M_SHOT
        Z[Z_M + 1] = t
        Z[Z_M + 2] = s
        Z[Z_M + 3] = COL_IN if D[r + 1] == 1 else COL_OUT
        Z[Z_M + 4] = 1
        return
    if k == R.LOSE_PUCK_OUTSIDE:
        s = D[r + 1]
        if Z[Z_ICE + d * 6 + s] < 0:
            s = ms
        Z[Z_M + 0] = M_SHOT
        Z[Z_M + 1] = d
        Z[Z_M + 2] = s
        Z[Z_M + 3] = COL_OUT
        Z[Z_M + 4] = 0
        chain_reset(Z)
        return
    if k == R.POSSIBLE_BREAKAWAY:
        breakaway_for(D, Z, RS, t, slot, slot, L)
        return
    if k == R.LOSE_PUCK_BREAKAWAY:
        chain_reset(Z)
        breakaway_for(D, Z, RS, d, -1, ms, L)
        if Z[Z_M + 0] == M_ACTION:        # 4.62 failed: the puck goes back to the opponent of the intended shooter
            Z[Z_M + 1] = t
            Z[Z_M + 2] = slot
        return
    if k == R.LOSE_PUCK_INSIDE_ANY:
        chain_reset(Z)
        s = pick_any(D, Z, d, 0, -1, True)          # 4.71: every opposing player is eligible
        Z[Z_M + 0] = M_SHOT
        Z[Z_M + 1] = d
        Z[Z_M + 2] = s
        Z[Z_M + 3] = COL_IN
        Z[Z_M + 4] = 0
        return
    if k == R.PENALTY_CARD:
        q = Z[Z_ICE + d * 6 + ms]
        log(Z, L, EV_PENCARD, d, (q if q >= 0 else 0) * 8 + ms, sk(D, q, F_PEN) if q >= 0 else -1,
            1 if (q >= 0 and (D[r + 1] >> sk(D, q, F_PEN)) & 1) else 0, 0)
        if q >= 0 and (D[r + 1] >> sk(D, q, F_PEN)) & 1:
            penalty(D, Z, RS, d, q, pol, OT_, OP, OK, L, 0)
            return
        # 4.82-4.83: no penalty, the defender takes the puck and shoots from outside, no penetration
        chain_reset(Z)
        Z[Z_M + 0] = M_SHOT
        Z[Z_M + 1] = d
        Z[Z_M + 2] = ms if q >= 0 else pick_any(D, Z, d, 0, -1, False)
        Z[Z_M + 3] = COL_OUT
        Z[Z_M + 4] = 0
        return
    raise ValueError("an action card reading the Basic game does not know")


# ---------------------------------------------------------------- faceoffs (2.x), goalie pull (13)

@nb.njit(cache=True, forceinline=True)
def faceoff(D, Z, RS, zone, OT_, L):
    """Faceoff at center (``zone`` -1) or in ``zone``'s end after his goalie's save (2.1-2.21)."""
    c = draw_split(Z, RS)
    r = fo_row(D, spn(D, c) - 1)
    w = D[r + 1]
    s = D[r + 2]
    if s == R.ANY or Z[Z_ICE + w * 6 + s] < 0:
        s = pick_any(D, Z, w, 0, -1, False)
    OT_[w * NT + T_FOW] += 1
    log(Z, L, EV_FACEOFF, w, Z[Z_ICE + w * 6 + s] * 8 + s, zone, spn(D, c), 0)
    chain_reset(Z)
    if zone >= 0 and w != zone:
        Z[Z_M + 0] = M_SHOT        # 2.21: an outside shot, with the option to penetrate
        Z[Z_M + 1] = w
        Z[Z_M + 2] = s
        Z[Z_M + 3] = COL_OUT
        Z[Z_M + 4] = 1
        return
    Z[Z_M + 0] = M_ACTION
    Z[Z_M + 1] = w
    Z[Z_M + 2] = s


@nb.njit(inline="always", cache=True)
def pull_possible(Z):
    """Whether :func:`goalie_pull` can change anything now: a goalie is out, or two or fewer cards are left."""
    return Z[Z_NCARDS] - Z[Z_CUR] <= PULL_CARDS_LEFT or Z[Z_PULL] + Z[Z_PULL + 1] > 0


@nb.njit(cache=True)
def goalie_pull(D, Z, pol, OT_, L):
    """13.0: a team behind by one or two may pull its goalie with two or fewer cards left in the game; the
    extra skater is the best healthy Offense off the ice."""
    left = Z[Z_NCARDS] - Z[Z_CUR]
    for t in range(2):
        if pol[t * N_POL + P_PULL] != 0:
            continue
        behind = Z[Z_SCORE + 1 - t] - Z[Z_SCORE + t]
        want = Z[Z_PERIOD] == 3 and not Z[Z_OT] and left <= PULL_CARDS_LEFT and 1 <= behind and behind <= 2
        if want and not Z[Z_PULL + t]:
            team = Z[Z_TEAM + t]
            best = -1
            bo = -1
            for k in range(tm(D, team, TM_NROSTER)):
                q = tm(D, team, TM_ROSTER + k)
                if q < 0 or Z[Z_INJURED + t * MAX_ROSTER + sk(D, q, F_SLOT)]:
                    continue
                on = False
                for s in range(5):
                    if Z[Z_ICE + t * 6 + s] == q:
                        on = True
                if not on and sk(D, q, F_OFF) > bo:
                    bo = sk(D, q, F_OFF)
                    best = q
            Z[Z_PULL + t] = 1
            Z[Z_ICE + t * 6 + 5] = best
            OT_[t * NT + T_PULLED] = 1
            log(Z, L, EV_PULL, t, best, left, 0, 0)
        elif Z[Z_PULL + t] and not want:
            Z[Z_PULL + t] = 0
            Z[Z_ICE + t * 6 + 5] = -1
            log(Z, L, EV_RETURN, t, 0, 0, 0, 0)


# ---------------------------------------------------------------- periods, game

@nb.njit(cache=True)
def play_period(D, Z, RS, pol, OT_, OP, OK, L,
                ot_cards):
    Z[Z_NCARDS] = build_deck(Z, RS, rule(D, R_LINES), ot_cards)
    Z[Z_CUR] = 0
    Z[Z_CF] = 0
    Z[Z_CD] = 0
    Z[Z_GAP] = 0
    Z[Z_GAP + 1] = 0
    Z[Z_PULL] = 0
    Z[Z_PULL + 1] = 0
    Z[Z_ICE + 0 * 6 + 5] = -1
    Z[Z_ICE + 1 * 6 + 5] = -1
    put_lines(Z)
    chain_reset(Z)
    log(Z, L, EV_PERIOD, -1, Z[Z_PERIOD], Z[Z_NCARDS], 0, 0)
    if Z[Z_PEND_PP] >= 0:        # a penalty at the buzzer (7.37)
        t = Z[Z_PEND_PP]
        Z[Z_PEND_PP] = -1
        power_play(D, Z, RS, t, pol, OT_, OP, OK, L)
        if Z[Z_DONE]:
            return
    Z[Z_M + 0] = M_FACEOFF
    Z[Z_M + 5] = -1
    prev_t = -1
    steps = 0
    third = Z[Z_PERIOD] == 3          # goalies are pulled in the third period only (13.0)
    while True:
        steps += 1
        if steps > 100000:
            raise ValueError("a period did not end: check the deck and cards")
        mode = Z[Z_M + 0]
        if mode == M_END or Z[Z_DONE]:
            break
        if Z[Z_INJ_PEND] and (mode == M_FACEOFF or (mode == M_ACTION and Z[Z_M + 1] != prev_t)):
            resolve_injury(D, Z, RS, OP, L)
        if Z[Z_RELIEVE] + Z[Z_RELIEVE + 1] and mode == M_FACEOFF:
            relieve(D, Z, OK, L)
        if mode == M_FACEOFF:
            if third and pull_possible(Z):
                goalie_pull(D, Z, pol, OT_, L)
            if Z[Z_M + 5] < 0 and Z[Z_CUR] >= Z[Z_NCARDS]:
                break           # a center-ice faceoff with the deck spent: the period is over
            faceoff(D, Z, RS, Z[Z_M + 5], OT_, L)
            prev_t = Z[Z_M + 1]
        elif mode == M_ACTION:
            if third and pull_possible(Z):
                goalie_pull(D, Z, pol, OT_, L)
            t = Z[Z_M + 1]
            if t != prev_t:
                chain_reset(Z)
            prev_t = t
            action(D, Z, RS, t, Z[Z_M + 2], pol, OT_, OP, OK, L)
        else:
            prev_t = Z[Z_M + 1]
            shoot(D, Z, RS, Z[Z_M + 1], Z[Z_M + 2], Z[Z_M + 3], Z[Z_M + 4], pol, OT_, OP, OK, L)
        for s in range(2):
            if Z[Z_SHELLED + s] == 1 and pol[s * N_POL + P_SHELLED] == 1:
                Z[Z_SHELLED + s] = 2
                Z[Z_RELIEVE + s] = 1
    if Z[Z_INJ_PEND]:
        resolve_injury(D, Z, RS, OP, L)
    Z[Z_STEPS] += steps
    log(Z, L, EV_END, -1, Z[Z_PERIOD], Z[Z_SCORE], Z[Z_SCORE + 1], 0)


@nb.njit(cache=True)
def relieve(D, Z, OK, L):
    """The shelled goalie goes out for the backup at this faceoff (policy ``shelled=relieve``)."""
    for s in range(2):
        if Z[Z_RELIEVE + s]:
            Z[Z_RELIEVE + s] = 0
            team = gk(D, Z[Z_GK + s], G_TEAM)
            ns = 1 - Z[Z_GKSLOT + s]
            Z[Z_GKSLOT + s] = ns
            Z[Z_GK + s] = tm(D, team, TM_G + ns)
            Z[Z_FAT + s] = 0
            Z[Z_GAP + s] = 0
            Z[Z_GAG + s] = 0
            OK[(s * 2 + ns) * NK + K_GP] = 1
            log(Z, L, EV_RELIEVE, s, Z[Z_GK + s], 0, 0, 0)


@nb.njit(cache=True)
def shootout(D, Z, RS, OT_, OK, L):
    """28.1-28.2: rounds of one shooter a side on his Reb/Bkwy column, three rounds then sudden death; shooters
    by Offense (forwards first), each once before anyone repeats; injured skaters do not shoot (while a team
    has a healthy one).  Returns (home, away goals, rounds, winner)."""
    goals = stack_empty(2, np.int64)
    shooters = stack_empty((2, MAX_ROSTER), np.int64)       # shooting order per side
    ns = stack_empty(2, np.int64)
    for t in range(2):
        goals[t] = 0
        ns[t] = 0
        team = Z[Z_TEAM + t]
        n = tm(D, team, TM_NROSTER)
        healthy = 0
        for j in range(n):
            if tm(D, team, TM_ROSTER + j) >= 0 and not Z[Z_INJURED + t * MAX_ROSTER + j]:
                healthy += 1
        for k in range(n):
            j = tm(D, team, TM_SO + k)
            q = tm(D, team, TM_ROSTER + j)
            if q < 0 or (Z[Z_INJURED + t * MAX_ROSTER + j] and healthy > 0):
                continue
            shooters[t, ns[t]] = q
            ns[t] += 1
    rounds = 0
    while rounds < 100:
        for t in range(2):
            p = shooters[t, rounds % ns[t]]
            d = 1 - t
            dice = roll2(Z, RS)
            r = shot_row(D, p, COL_REB, dice - 2)
            k = D[r + 0]
            goal = False
            isd = sk(D, p, F_ISD)
            gs = Z[Z_GKSLOT + d]
            OK[(d * 2 + gs) * NK + K_SO_SA] += 1
            if k == R.SAVE_REBOUND:
                goal = True
            elif k == R.GOAL and not (D[r + 3] and isd):
                if D[r + 1] == 1 and D[r + 2] == 20:
                    goal = True
                else:
                    goal = split_in(D, Z, RS, L, t, D[r + 1], D[r + 2])
            elif k == R.GOALIE_RATING and not (D[r + 1] and isd):
                gd = roll2(Z, RS)
                g = gc_row(D, Z[Z_GK + d], gd - 2, 1)
                if D[g + 0] == R.GOAL:
                    if D[g + 1] == 1 and D[g + 2] == 20:
                        goal = True
                    else:
                        goal = split_in(D, Z, RS, L, t, D[g + 1], D[g + 2])
                elif D[g + 0] == R.FACEOFF and D[g + 1] and Z[Z_FAT + d] and rule(D, R_FATIGUE):
                    goal = True
            if goal:
                goals[t] += 1
                OK[(d * 2 + gs) * NK + K_SO_GA] += 1
            log(Z, L, EV_SO, t, p, dice, 1 if goal else 0, enc(D, r))
        rounds += 1
        if rounds >= 3 and goals[0] != goals[1]:
            break
    for t in range(2):
        OT_[t * NT + T_SO_GOALS] = goals[t]
    if goals[0] > goals[1]:
        w = WIN_HOME
    elif goals[1] > goals[0]:
        w = WIN_AWAY
    else:
        w = WIN_TIE
    return goals[0], goals[1], rounds, w


@nb.njit(cache=True)
def play_game(D, pol, home, away, gslot, gfat, out, Z, RS, OG, OT_, OP, OK, L):
    """One game of ``home`` vs ``away`` (team rows of TM).  ``gslot[side]``: the starting goalie (0 the
    team's starter, 1 its backup); ``gfat[side]``: 1 when he starts fatigued (24.4, an input a league can
    drive); ``out`` (2, MAX_ROSTER): nonzero for a roster slot still out injured from an earlier game, who is
    replaced before the opening faceoff as an in-game injury is (15.1); ``pol`` (2, N_POL): each side's coaching
    policies.  Fills OG (NO,), OT_ (2, NT), OP (2, MAX_ROSTER, NP), OK (2, 2, NK); L is the play-by-play log
    (rows, LOG_W) (no rows: none).  Every array is C-contiguous (the game reads them through pointers).  Scratch:
    Z (NZ,) int64, the game's whole state (the Z_* layout: scalars, then the ice, lines, turns, tendencies,
    injuries, machine state and action deck); RS = (RNG state (STATE_SIZE,) uint64, then int64: script cursors
    (3,), action-card, split-card and dice scripts, split deck (40,)).  After the game, Z[Z_LN:Z_LN + 2 * LINES_W]
    holds the lines as they ended (injury replacements in)."""
    Z[Z_NSCRIPT] = RS[2].shape[0]
    Z[Z_NSCRIPT + 1] = RS[3].shape[0]
    Z[Z_NSCRIPT + 2] = RS[4].shape[0]
    Z[Z_LOGCAP] = L.shape[0]
    PS = (ptr(RS[0]), ptr(RS[1]), ptr(RS[2]), ptr(RS[3]), ptr(RS[4]), ptr(RS[5]))
    _play_game(ptr(D), ptr(pol), home, away, ptr(gslot), ptr(gfat), ptr(out), ptr(Z), PS, ptr(OG), ptr(OT_),
               ptr(OP), ptr(OK), ptr(L))


@nb.njit(cache=True)
def _play_game(D, pol, home, away, gslot, gfat, out, Z, RS, OG, OT_, OP, OK, L):
    """The game on pointers (see the module docstring); the arguments as :func:`play_game`'s."""
    teams = (home, away)
    for t in range(2):
        team = teams[t]
        Z[Z_TEAM + t] = team
        tb = D[12] + team * TW
        for j in range(LINES_W):
            Z[Z_LN + t * LINES_W + j] = D[tb + j]
        for j in range(6):
            Z[Z_ICE + t * 6 + j] = -1
        for j in range(MAX_ROSTER):
            Z[Z_TURNS + t * MAX_ROSTER + j] = 0
            Z[Z_TACC + t * MAX_ROSTER + j] = 0
            Z[Z_INJURED + t * MAX_ROSTER + j] = 0
        nout = 0
        for j in range(D[tb + TM_NROSTER]):
            if out[t * MAX_ROSTER + j] != 0:
                Z[Z_INJURED + t * MAX_ROSTER + j] = 1
                nout += 1
        if nout:
            for j in range(D[tb + TM_NROSTER]):
                if out[t * MAX_ROSTER + j] != 0:
                    replace_skater(D, Z, t, D[tb + TM_ROSTER + j])
        for j in range(NT):
            OT_[t * NT + j] = 0
        for j in range(MAX_ROSTER):
            for k in range(NP):
                OP[(t * MAX_ROSTER + j) * NP + k] = 0
        for j in range(2):
            for k in range(NK):
                OK[(t * 2 + j) * NK + k] = 0
        Z[Z_GKSLOT + t] = gslot[t]
        Z[Z_GK + t] = tm(D, team, TM_G + gslot[t])
        Z[Z_FAT + t] = 1 if (gfat[t] and rule(D, R_FATIGUE)) else 0
        OK[(t * 2 + gslot[t]) * NK + K_GP] = 1
        OK[(t * 2 + gslot[t]) * NK + K_START] = 1
        OK[(t * 2 + gslot[t]) * NK + K_FAT_START] = Z[Z_FAT + t]
        Z[Z_PULL + t] = 0
        Z[Z_PPNEXT + t] = 0
        Z[Z_PKNEXT + t] = 0
        Z[Z_SCORE + t] = 0
        Z[Z_GAG + t] = 0
        Z[Z_RELIEVE + t] = 0
        Z[Z_SHELLED + t] = 0
        Z[Z_LEADGK + t] = gslot[t]
    sdeck = RS[5]
    for i in range(40):
        sdeck[i] = i
    Z[Z_SPCUR] = 40
    Z[Z_PEND_PP] = -1
    Z[Z_INJ_PEND] = 0
    Z[Z_OT] = 0
    Z[Z_DONE] = 0
    Z[Z_LOGN] = 0
    Z[Z_STEPS] = 0
    Z[Z_CARDS] = 0
    Z[Z_DRAWS] = 0
    for k in range(NO):
        OG[k] = 0
    for per in range(1, 4):
        Z[Z_PERIOD] = per
        play_period(D, Z, RS, pol, OT_, OP, OK,
                    L, 0)
    decided = REG
    winner = WIN_TIE
    if Z[Z_SCORE] == Z[Z_SCORE + 1] and rule(D, R_OT_CARDS) > 0:
        Z[Z_PERIOD] = 4
        Z[Z_OT] = 1
        play_period(D, Z, RS, pol, OT_, OP, OK,
                    L, rule(D, R_OT_CARDS))
        if Z[Z_SCORE] != Z[Z_SCORE + 1]:
            decided = OT
    if Z[Z_SCORE] != Z[Z_SCORE + 1]:
        winner = WIN_HOME if Z[Z_SCORE] > Z[Z_SCORE + 1] else WIN_AWAY
    elif rule(D, R_SHOOTOUT):
        Z[Z_PERIOD] = 5
        sh, sa, rounds, winner = shootout(D, Z, RS, OT_, OK, L)
        OG[O_SO_HOME] = sh
        OG[O_SO_AWAY] = sa
        OG[O_SO_ROUNDS] = rounds
        decided = SO
        if winner == WIN_TIE:
            decided = REG
    OG[O_HOME] = Z[Z_SCORE]
    OG[O_AWAY] = Z[Z_SCORE + 1]
    OG[O_WINNER] = winner
    OG[O_DECIDED] = decided
    OG[O_CARDS] = Z[Z_CARDS]
    OG[O_STEPS] = Z[Z_STEPS]
    OG[O_DRAWS] = Z[Z_DRAWS]
    # decisions: the goalies in net at the last go-ahead goal (shootout: at the end)
    for t in range(2):
        gs = Z[Z_LEADGK + t] if decided != SO else Z[Z_GKSLOT + t]
        if winner == WIN_TIE:
            OK[(t * 2 + Z[Z_GKSLOT + t]) * NK + K_DEC] = DEC_T
        elif (winner == WIN_HOME) == (t == HOME):
            OK[(t * 2 + gs) * NK + K_DEC] = DEC_W
        else:
            OK[(t * 2 + gs) * NK + K_DEC] = DEC_OTL if decided != REG else DEC_L
    log(Z, L, EV_END, -1, 0, Z[Z_SCORE], Z[Z_SCORE + 1], 1)


# ---------------------------------------------------------------- drivers

#: Per-game outputs of :func:`simulate_games` (``out``, first dimension n games).
GAME_OUTPUTS = Outputs(
    Output("OG", (NO,), np.int32, "the game: score, winner, decided_in, shootout, cards, steps, draws (O_*)"),
    Output("OT", (2, NT), np.int16, "per team (0 home, 1 away): goals, shots, power plays, penalties, ... (T_*)"),
    Output("OP", (2, MAX_ROSTER, NP), np.int16, "per team and roster slot: goals, assists, shots, PIM, ... (P_*)"),
    Output("OK", (2, 2, NK), np.int16, "per team and goalie slot (0 starter, 1 backup): GP, GS, SA, GA, "
           "decision, fatigue, ... (K_*)"),
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
        Z[Z_SCRIPTED] = 0
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
    Z[Z_SCRIPTED] = scripted
    RS = (st, cur, sact, ssplit, sdice, sdeck)
    play_game(D, pol, home, away, gslot, gfat, out, Z, RS, OG, OT_, OP, OK, L)
    return Z[Z_LOGN]
