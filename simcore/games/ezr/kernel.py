"""numba kernels for EZR quick play.

Everything here works on plain arrays compiled by :mod:`.charts` and
:mod:`.matchup`; shapes and codes are documented on :class:`.charts.Charts`.

Dice order within a game (what a script must list, one entry per roll):
period 1 home, period 1 away, period 2 home, ..., period 3 away; then the
overtime roll (home line); then shootout rounds, home shooter then away
shooter (:func:`play_recorded` writes the rolls down in this order).  Within one team-period: the 2d10 roll;
on 100 the ?? 2d6, then that
effect's own roll if it has one (GOAL UNDER REVIEW and BREAKAWAY: a 2d6), then
the next 2d10; a d6 column adds a d6 roll; SHUFFLE LINES' re-roll is another
2d10.

Performance layout: :func:`simulate_games` and :func:`simulate_aggregate` hand
one block of games at a time to :func:`_games_block` / :func:`_aggregate_block`.
:func:`play_game` and :func:`team_period` are compiled with ``forceinline``
(LLVM ``alwaysinline``), so each block function is one loop holding the whole
game.  In that loop no array is reference counted: the charts and outputs are
borrowed views (:func:`_borrow`) and the dice stream and the per-game scratch
live on the stack (:func:`_stack_empty`), where LLVM keeps them in registers;
the next game's stream is seeded while the current game plays.  Without this,
every array the game touches costs atomic reference-count updates per period
(on the shared charts, contended between threads), several times the cost of
the dice themselves.  None of this changes a draw: results are bit-identical
to playing :func:`play_game` on ordinary arrays, as :func:`play_scripted`
does.  Should a numba release move the internals this relies on, or with
``SIMCORE_PLAIN_ARRAYS=1`` (and a separate ``NUMBA_CACHE_DIR``), the kernels
fall back to ordinary arrays.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.layout import Output, Outputs
from simcore.nbarrays import borrow as _borrow
from simcore.nbarrays import stack_empty as _stack_empty
from simcore.parallel import run_blocks
from simcore.rng import RECORDING, SCRIPTED, STATE_SIZE, mark, roll_2d6, roll_die, roll_percentile, seed_stream
from .policies import MOD_SPAN

# ?? effect codes (charts.EFFECTS)
E_NONE, E_HOT, E_INJURY, E_REVIEW, E_MOD, E_SHUFFLE, E_BREAKAWAY = 0, 1, 2, 3, 4, 5, 6
# Event bits of a team-period: bits 2..12 = ?? chart result rolled; outcome bits above.
EV_HOT_APPLIED = 16
EV_REVIEW_YES = 17
EV_REVIEW_NO = 18
EV_BREAKAWAY_GOAL = 19
EV_BREAKAWAY_SAVE = 20
EV_SHUFFLE_KEEP = 21
EV_SHUFFLE_REROLL = 22
OUTCOME_EVENTS = {
    EV_HOT_APPLIED: "HOT GOALIE: goals taken away",
    EV_REVIEW_YES: "GOAL UNDER REVIEW: goal added",
    EV_REVIEW_NO: "GOAL UNDER REVIEW: goal taken away",
    EV_BREAKAWAY_GOAL: "BREAKAWAY: goal",
    EV_BREAKAWAY_SAVE: "BREAKAWAY: saved",
    EV_SHUFFLE_KEEP: "SHUFFLE LINES: kept",
    EV_SHUFFLE_REROLL: "SHUFFLE LINES: re-rolled",
}
# Results
HOME, AWAY, TIE = 0, 1, 2
REG, OT, SO = 0, 1, 2
# Flags vector: qq chart on, overtime table, shootout on, shootout repeats undecided rounds
F_QQ, F_OT, F_SO, F_SO_REPEAT = 0, 1, 2, 3
N_FLAGS = 4

BLOCK = 2048
MAX_TEAM_GOALS = 64
MAX_PERIOD_GOALS = 32
MAX_SCORE = 32
N_EVENT_BITS = 32


@nb.njit(cache=True, forceinline=True)
def team_period(st, script, goals_col, line, qq_code, qq_amount, qq_mask, kind, qq_on, opp_def_bit, so_bits,
                persist_mod, shuffle_thr, team, shuffle_amount):
    """One team's period on its EZR line.

    goals_col: int8 (lines, 101) column code by [line, roll], read on ``line``;
    qq_*: int64 (2, 13) read on row ``kind`` (0: periods 1-2, 1: period 3);
    opp_def_bit: 1 << opposing goalie DEF index; so_bits: 2d6 bitmask of
    breakaway goals; persist_mod: the game-long modifier (injuries);
    shuffle_thr: float64 (2, 2*MOD_SPAN+1) keep thresholds by [team, re-roll
    modifier + MOD_SPAN], read on row ``team``.
    Returns (goals, new persist_mod, event bitmask).

    Rows are indexed in place rather than sliced: a slice is a new array view
    with its own reference count.
    """
    mod = persist_mod
    adj = 0
    zero = False
    pend = 0
    ev = 0
    g = 0
    while True:
        r = roll_percentile(st, script)
        if r == 100:
            if not qq_on:
                continue  # "roll again to get a random number between 1-99"
            s = roll_2d6(st, script)
            ev |= 1 << s
            code = qq_code[kind, s]
            if code == E_HOT:
                if opp_def_bit & qq_mask[kind, s]:
                    zero = True
                    ev |= 1 << EV_HOT_APPLIED
            elif code == E_INJURY:
                persist_mod += qq_amount[kind, s]
                mod += qq_amount[kind, s]
            elif code == E_REVIEW:
                y = roll_2d6(st, script)
                if (qq_mask[kind, s] >> y) & 1:
                    adj += 1
                    ev |= 1 << EV_REVIEW_YES
                else:
                    adj -= 1
                    ev |= 1 << EV_REVIEW_NO
            elif code == E_MOD:
                mod += qq_amount[kind, s]
            elif code == E_SHUFFLE:
                pend += 1
            elif code == E_BREAKAWAY:
                y = roll_2d6(st, script)
                if (so_bits >> y) & 1:
                    adj += 1
                    ev |= 1 << EV_BREAKAWAY_GOAL
                else:
                    ev |= 1 << EV_BREAKAWAY_SAVE
            continue
        x = min(max(r + mod, 1), 99)
        c = goals_col[line, x]
        g = roll_die(st, script, 6) if c == 5 else np.int64(c)
        if pend > 0:
            m = min(max(mod + shuffle_amount, -MOD_SPAN), MOD_SPAN)
            if g >= shuffle_thr[team, m + MOD_SPAN]:
                ev |= 1 << EV_SHUFFLE_KEEP
                break
            pend -= 1
            mod += shuffle_amount
            ev |= 1 << EV_SHUFFLE_REROLL
            continue
        break
    if zero:
        return 0, persist_mod, ev
    return max(g + adj, 0), persist_mod, ev


@nb.njit(cache=True, forceinline=True)
def play_game(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, team_line, opp_def_bit, so_bits,
              shuffle_thr, shuffle_amount, flags, out_goals, out_events):
    """One EZR game.

    team_line, opp_def_bit, so_bits: int64 (2,) by team (0 home, 1 away);
    shuffle_thr: float64 (2, 2*MOD_SPAN+1); flags: int64 (N_FLAGS,);
    out_goals: (2, 3) goals by team and period; out_events: (2, 3) event bitmasks.
    Returns (winner, decided_in, overtime code or -1, shootout rounds).

    The six team-periods are written out rather than looped over: with every
    index a constant, the per-game state and outputs stay in registers once
    the game is inlined.  Per-team state lives in scalars (no allocation).
    """
    qq_on = flags[F_QQ] != 0
    line0 = team_line[0]
    line1 = team_line[1]
    def0 = opp_def_bit[0]
    def1 = opp_def_bit[1]
    so0 = so_bits[0]
    so1 = so_bits[1]
    # Typed int64 rather than literals, so that team_period compiles once.
    home = np.int64(HOME)
    away = np.int64(AWAY)
    p12 = np.int64(0)  # ?? chart row of periods 1 and 2
    p3 = np.int64(1)   # ?? chart row of period 3
    persist0 = 0
    persist1 = 0
    reg0 = 0
    reg1 = 0
    g, persist0, ev = team_period(st, script, goals_col, line0, qq_code, qq_amount, qq_mask, p12, qq_on, def0, so0,
                                  persist0, shuffle_thr, home, shuffle_amount)
    out_goals[0, 0] = g
    out_events[0, 0] = ev
    reg0 += g
    mark(st, script)
    g, persist1, ev = team_period(st, script, goals_col, line1, qq_code, qq_amount, qq_mask, p12, qq_on, def1, so1,
                                  persist1, shuffle_thr, away, shuffle_amount)
    out_goals[1, 0] = g
    out_events[1, 0] = ev
    reg1 += g
    mark(st, script)
    g, persist0, ev = team_period(st, script, goals_col, line0, qq_code, qq_amount, qq_mask, p12, qq_on, def0, so0,
                                  persist0, shuffle_thr, home, shuffle_amount)
    out_goals[0, 1] = g
    out_events[0, 1] = ev
    reg0 += g
    mark(st, script)
    g, persist1, ev = team_period(st, script, goals_col, line1, qq_code, qq_amount, qq_mask, p12, qq_on, def1, so1,
                                  persist1, shuffle_thr, away, shuffle_amount)
    out_goals[1, 1] = g
    out_events[1, 1] = ev
    reg1 += g
    mark(st, script)
    g, persist0, ev = team_period(st, script, goals_col, line0, qq_code, qq_amount, qq_mask, p3, qq_on, def0, so0,
                                  persist0, shuffle_thr, home, shuffle_amount)
    out_goals[0, 2] = g
    out_events[0, 2] = ev
    reg0 += g
    mark(st, script)
    g, persist1, ev = team_period(st, script, goals_col, line1, qq_code, qq_amount, qq_mask, p3, qq_on, def1, so1,
                                  persist1, shuffle_thr, away, shuffle_amount)
    out_goals[1, 2] = g
    out_events[1, 2] = ev
    reg1 += g
    mark(st, script)
    if reg0 > reg1:
        return HOME, REG, -1, 0
    if reg1 > reg0:
        return AWAY, REG, -1, 0
    ot = -1
    if flags[F_OT] != 0:
        ot = ot_col[line0, roll_percentile(st, script)]
        mark(st, script)
        if ot == 0:
            return HOME, OT, ot, 0
        if ot == 1:
            return AWAY, OT, ot, 0
    if flags[F_SO] == 0:
        return TIE, (OT if flags[F_OT] != 0 else REG), ot, 0
    rounds = 0
    while True:
        rounds += 1
        h = (so0 >> roll_2d6(st, script)) & 1
        a = (so1 >> roll_2d6(st, script)) & 1
        mark(st, script)
        if h != a:
            return (HOME if h else AWAY), SO, ot, rounds
        if flags[F_SO_REPEAT] == 0:
            return TIE, SO, ot, rounds


#: Per-game outputs of :func:`simulate_games` (``out``, first dimension n games).
GAME_OUTPUTS = Outputs(
    Output("goals", (2, 3), np.uint8, "regulation goals by team (0 home, 1 away) and period"),
    Output("events", (2, 3), np.uint32, "event bits of each team-period (?? results rolled, EV_* outcomes)"),
    Output("winner", (), np.int8, "HOME, AWAY or TIE"),
    Output("decided", (), np.int8, "REG, OT or SO"),
    Output("ot", (), np.int8, "the Overtime table's result (0 WIN, 1 LOSS, 2 TIE or SO), -1 without overtime"),
    Output("so_rounds", (), np.int16, "shootout rounds played"),
)
#: Per-block counters of :func:`simulate_aggregate` (``out``, first dimension the number of blocks).
AGG_OUTPUTS = Outputs(
    Output("team_hist", (2, MAX_TEAM_GOALS), np.int64, "final goals (overtime goal included) by team; the last "
           "bin is that many or more"),
    Output("period_hist", (2, 3, MAX_PERIOD_GOALS), np.int64, "goals by team and period"),
    Output("score_hist", (MAX_SCORE, MAX_SCORE), np.int64, "final scores, home x away"),
    Output("results", (3, 3), np.int64, "games by winner x decided_in"),
    Output("event_counts", (2, 3, N_EVENT_BITS), np.int64, "team-periods with each event bit"),
)


@nb.njit(cache=True)
def _games_block(ctx, seed, g0, lo, hi, b, out):
    """Games lo .. hi-1 of :func:`simulate_games`, on one thread (the ``play_block`` of
    :func:`simcore.parallel.run_blocks`).

    A plain function called once per block: the borrowed and stack arrays are valid for exactly this call, and
    LLVM gets the whole game (inlined) in one simple loop.
    """
    goals_col_, ot_col_, qq_code_, qq_amount_, qq_mask_, team_line_, opp_def_bit_, so_bits_, shuffle_thr_, \
        shuffle_amount, flags_ = ctx
    goals_, events_, winner_, decided_, ot_, so_rounds_ = out
    script = _stack_empty(0, np.int64)
    goals_col = _borrow(goals_col_)
    ot_col = _borrow(ot_col_)
    qq_code = _borrow(qq_code_)
    qq_amount = _borrow(qq_amount_)
    qq_mask = _borrow(qq_mask_)
    team_line = _borrow(team_line_)
    opp_def_bit = _borrow(opp_def_bit_)
    so_bits = _borrow(so_bits_)
    shuffle_thr = _borrow(shuffle_thr_)
    flags = _borrow(flags_)
    goals = _borrow(goals_)
    events = _borrow(events_)
    winner = _borrow(winner_)
    decided = _borrow(decided_)
    ot = _borrow(ot_)
    so_rounds = _borrow(so_rounds_)
    st = _stack_empty(STATE_SIZE, np.uint64)
    nxt = _stack_empty(STATE_SIZE, np.uint64)
    og = _stack_empty((2, 3), np.int64)
    oe = _stack_empty((2, 3), np.int64)
    seed_stream(nxt, seed, g0 + lo)
    for i in range(lo, hi):
        # Game i plays on the stream seeded one iteration earlier, and the next
        # game's stream is seeded now: the seeding (a serial chain of
        # multiplies) overlaps this game instead of delaying its first roll.
        for k in range(STATE_SIZE):
            st[k] = nxt[k]
        seed_stream(nxt, seed, g0 + i + 1)
        w, d, o, r = play_game(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, team_line,
                               opp_def_bit, so_bits, shuffle_thr, shuffle_amount, flags, og, oe)
        for t in range(2):
            for p in range(3):
                goals[i, t, p] = og[t, p]
                events[i, t, p] = oe[t, p]
        winner[i] = w
        decided[i] = d
        ot[i] = o
        so_rounds[i] = r


@nb.njit(cache=True, parallel=True)
def simulate_games(ctx, seed, g0, n, out):
    """Games g0 .. g0+n-1 into ``out`` (:data:`GAME_OUTPUTS`, first dimension n); ``ctx``: the matchup's
    arrays (:meth:`.matchup.Compiled.ctx`).  Blocks of BLOCK games go to the threads as they come free
    (:func:`simcore.parallel.run_blocks`)."""
    run_blocks(_games_block, ctx, seed, g0, n, BLOCK, out)


@nb.njit(cache=True)
def _aggregate_block(ctx, seed, g0, lo, hi, b, out):
    """Games lo .. hi-1 of :func:`simulate_aggregate`, counted into block ``b`` (see :func:`_games_block`)."""
    goals_col_, ot_col_, qq_code_, qq_amount_, qq_mask_, team_line_, opp_def_bit_, so_bits_, shuffle_thr_, \
        shuffle_amount, flags_ = ctx
    team_hist_, period_hist_, score_hist_, results_, event_counts_ = out
    script = _stack_empty(0, np.int64)
    goals_col = _borrow(goals_col_)
    ot_col = _borrow(ot_col_)
    qq_code = _borrow(qq_code_)
    qq_amount = _borrow(qq_amount_)
    qq_mask = _borrow(qq_mask_)
    team_line = _borrow(team_line_)
    opp_def_bit = _borrow(opp_def_bit_)
    so_bits = _borrow(so_bits_)
    shuffle_thr = _borrow(shuffle_thr_)
    flags = _borrow(flags_)
    team_hist = _borrow(team_hist_)[b]
    period_hist = _borrow(period_hist_)[b]
    score_hist = _borrow(score_hist_)[b]
    results = _borrow(results_)[b]
    event_counts = _borrow(event_counts_)[b]
    st = _stack_empty(STATE_SIZE, np.uint64)
    nxt = _stack_empty(STATE_SIZE, np.uint64)
    og = _stack_empty((2, 3), np.int64)
    oe = _stack_empty((2, 3), np.int64)
    seed_stream(nxt, seed, g0 + lo)
    for i in range(lo, hi):
        # the next game's stream is seeded while this one plays (see _games_block)
        for k in range(STATE_SIZE):
            st[k] = nxt[k]
        seed_stream(nxt, seed, g0 + i + 1)
        w, d, o, r = play_game(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, team_line,
                               opp_def_bit, so_bits, shuffle_thr, shuffle_amount, flags, og, oe)
        final0 = og[0, 0] + og[0, 1] + og[0, 2]
        final1 = og[1, 0] + og[1, 1] + og[1, 2]
        if d == OT:
            if w == HOME:
                final0 += 1
            elif w == AWAY:
                final1 += 1
        team_hist[0, min(final0, MAX_TEAM_GOALS - 1)] += 1
        team_hist[1, min(final1, MAX_TEAM_GOALS - 1)] += 1
        score_hist[min(final0, MAX_SCORE - 1), min(final1, MAX_SCORE - 1)] += 1
        results[w, d] += 1
        for t in range(2):
            for p in range(3):
                period_hist[t, p, min(og[t, p], MAX_PERIOD_GOALS - 1)] += 1
                e = oe[t, p]
                if e != 0:
                    for k in range(N_EVENT_BITS):
                        if (e >> k) & 1:
                            event_counts[t, p, k] += 1


@nb.njit(cache=True, parallel=True)
def simulate_aggregate(ctx, seed, g0, n, out):
    """Games g0 .. g0+n-1 counted into per-block counters ``out`` (:data:`AGG_OUTPUTS`, first dimension the
    number of blocks, :func:`simcore.parallel.n_blocks`).  Block ``b`` always holds games b * BLOCK ..; which
    thread counts it does not matter."""
    run_blocks(_aggregate_block, ctx, seed, g0, n, BLOCK, out)


@nb.njit(cache=True)
def play_scripted(script, ctx, out_goals, out_events):
    """One game on scripted dice; returns play_game's tuple plus the number of script entries used."""
    goals_col, ot_col, qq_code, qq_amount, qq_mask, team_line, opp_def_bit, so_bits, shuffle_thr, shuffle_amount, \
        flags = ctx
    st = np.zeros(STATE_SIZE, dtype=np.uint64)
    st[5] = SCRIPTED
    w, d, o, r = play_game(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, team_line, opp_def_bit,
                           so_bits, shuffle_thr, shuffle_amount, flags, out_goals, out_events)
    return w, d, o, r, np.int64(st[4])


@nb.njit(cache=True)
def play_recorded(seed, game, ctx, out_goals, out_events, record):
    """Game ``game`` of a run with ``seed`` (the game :func:`simulate_games` plays), every roll written into
    ``record`` (int64, in the order rolled, :data:`simcore.rng.MARK` after each team-period, after the overtime
    roll and after each shootout round); returns play_game's tuple plus the number of entries written."""
    goals_col, ot_col, qq_code, qq_amount, qq_mask, team_line, opp_def_bit, so_bits, shuffle_thr, shuffle_amount, \
        flags = ctx
    st = np.zeros(STATE_SIZE, dtype=np.uint64)
    seed_stream(st, seed, game)
    st[5] = RECORDING
    w, d, o, r = play_game(st, record, goals_col, ot_col, qq_code, qq_amount, qq_mask, team_line, opp_def_bit,
                           so_bits, shuffle_thr, shuffle_amount, flags, out_goals, out_events)
    return w, d, o, r, np.int64(st[4])
