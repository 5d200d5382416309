"""numba kernel for pyramid card hockey: one game per loop iteration.

Arrays the kernel reads (built by engine.compile_game):

* ``vals``   int64[N]      the deck's card values in listed order (a shuffle permutes a copy);
* ``total``  int64[V]      cards per value (V = the highest value + 1); ``quant`` float64[V] each value's rank
  in the deck, 0..1 (cards below it plus half the cards equal to it, over N); ``meanv`` the deck's mean value;
* ``kinds``  int64[S]      slot kinds (0 forward, 1 defender, 2 goalie; the goalie is slot S-1);
* ``opened`` int64[2**S]   open slots after passing a set of slots (deck.Shape);
* ``routes`` int64[R]      route masks (policies.routes);
* ``rules``  int64[N_RULES]; ``pol`` int64[2, N_POL] one policy vector per side (policies.Policy.vector).

Side 0 is home (A), side 1 away (B).  A lineup ``L[side, slot]`` holds a card value or EMPTY (-1) for an empty
slot; ``E[side]`` is the bit mask of the side's empty slots, kept in step with ``L``.  ``pub[v]`` counts the cards
of value v that are public: discards, the flipped card and face-up skaters.

Hidden information is a boundary: a decision sees the table as its side does.  While a side's policies decide
(:func:`choose` for the attacker's whole turn, :func:`place_balance` for a placement), the opponent's face-down
goalie is out of the lineups (:func:`hide`: the slot shows HIDDEN; the engine holds the card) and back after
(:func:`unhide`), so no policy function can read it; the table-driven draft policies are handed only the mask
of their empty slots; the deck's order is never handed to a policy.  The cost: about 2% of the kernel's speed
(benchmarks/RESULTS.md).

Speed (benchmarks/RESULTS.md): a game's working arrays live on the stack, where they cannot alias the shared
tables or the output; the draft policies' slot choices come from a table built once per call
(:func:`placement_table`); the advance decision is a bit mask computed without a branch per slot, over
``MAX_SLOTS - 1`` skater slots whatever the lineup (a constant trip count the compiler unrolls; slots past the
lineup are masked out), so ``L`` always has ``MAX_SLOTS`` columns.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.layout import Output, Outputs
from simcore.nbarrays import borrow, stack_empty
from simcore.parallel import run_blocks
from simcore.rng import seed_stream, STATE_SIZE, uniform_int

from .deck import MAX_CARDS, MAX_SLOTS, MAX_VALUE
from .policies import (P_DRAFT, P_ORDER, P_PARAM, P_ROUTE, P_SHOOT, SHOOT_COUNT, SHOOT_RANDOM,
                       SHOOT_THRESHOLD)

# rules vector
R_SKATER_STRICT, R_GOALIE_STRICT, R_FIRST_ATTACK_SECOND, R_ALTERNATE, R_RANDOM_FIRST, R_LAST_CARD, \
    R_TIE_BREAK = range(7)
N_RULES = 7
TB_TIES, TB_SUDDEN, TB_SHOOTOUT = 0, 1, 2

DRAFT_GOALIE_HIGH, DRAFT_FORWARDS_HIGH, DRAFT_BALANCE, DRAFT_IN_ORDER, DRAFT_RANDOM = range(5)
ROUTE_TOUGHEST, ROUTE_CHEAPEST, ROUTE_SHORTEST, ROUTE_RANDOM = range(4)

MOVE_FAIL = -1
MOVE_SHOOT = 100
EMPTY = -1               # an empty slot
HIDDEN = -2              # the opponent's face-down goalie, as a policy sees his slot

L_SIZE = 2 * MAX_SLOTS   # both lineups, flat (the stack array is reshaped to (2, MAX_SLOTS))
PUB_SIZE = MAX_VALUE + 1 # public cards counted per value
MAX_PERIODS = 4          # three periods and a sudden-death period
BLOCK = 256              # games per block; free threads claim the next block
EXACT_BLOCK = 4096       # deck orders per block of the exact oracle's kernel
SHOOTOUT_ROUNDS = 200    # a shootout still level after this many rounds is a tie (a deck of equal cards)

# per-game output columns (int32)
(C_GOALS,) = (0,)        # goals[side, period] at C_GOALS + side*4 + period
C_SHOTS = 8              # + side
C_ADV = 10               # advances + side
C_FAIL = 12              # failed flips + side
C_LAST = 14              # last-card shots + side
C_TURNS = 16             # turns + side
C_SO = 18                # shootout goals + side
C_DRAFTED = 20           # side that drafted first, + period (-1: not played)
C_WINNER = 24            # 0 home, 1 away, 2 tie
C_DECIDED = 25           # 0 REG, 1 OT, 2 SO
C_FIRST = 26             # side that drafted first in period 1
C_FLIPS = 27             # cards flipped by attackers
C_UNACCOUNTED = 28       # cards not in a lineup, the discards or the deck at a period's end (always 0)
N_COLS = 29

# event log codes: (code, period, side, a, b, c)
EV_PERIOD, EV_PLACE, EV_TURN, EV_ADVANCE, EV_SHOT, EV_FAIL, EV_END, EV_SO_SHOT = range(8)
LOG_FIELDS = 6


#: set bits of each empty-slot mask
BIT_COUNT = np.array([bin(m).count("1") for m in range(1 << MAX_SLOTS)], dtype=np.int64)


@nb.njit(cache=True, inline="always")
def nth_slot(mask, k, n):
    """The ``k``-th (from 0) of slots ``0 .. n-1`` set in ``mask``, in slot order (-1 if there are fewer)."""
    for s in range(n):
        if mask >> s & 1:
            if k == 0:
                return s
            k -= 1
    return -1


@nb.njit(cache=True)
def placement_table(pol, S, quant):
    """``int8[2, 2**MAX_SLOTS, V]``: ``[side, mask, v]`` is the slot where ``side``'s draft policy puts a card
    of value ``v`` when ``mask`` holds its empty slots (goalie-high, forwards-high and in-order; the random
    and balance policies decide card by card).  ``quant``: float64[V], each value's rank in the deck."""
    V = quant.shape[0]
    t = np.zeros((2, 1 << MAX_SLOTS, V), dtype=np.int8)
    for side in range(2):
        kind = pol[side, P_DRAFT]
        ranked = kind == DRAFT_GOALIE_HIGH or kind == DRAFT_FORWARDS_HIGH
        for m in range(1, 1 << S):
            n_empty = BIT_COUNT[m]
            for v in range(V):
                if kind == DRAFT_IN_ORDER:
                    k = 0
                else:
                    # the card's rank in the deck picks among the empty slots by importance
                    k = int((1.0 - quant[v]) * n_empty)
                    if k > n_empty - 1:
                        k = n_empty - 1
                for j in range(S):
                    s = pol[side, P_ORDER + j] if ranked else j
                    if m >> s & 1:
                        if k == 0:
                            t[side, m, v] = s
                            break
                        k -= 1
    return t


@nb.njit(cache=True, inline="always")
def log_event(log, n_ev, code, period, side, a, b, c):
    """Append one event (events past the log's end are counted, not stored)."""
    if n_ev < log.shape[0]:
        log[n_ev, 0] = code
        log[n_ev, 1] = period
        log[n_ev, 2] = side
        log[n_ev, 3] = a
        log[n_ev, 4] = b
        log[n_ev, 5] = c
    return n_ev + 1


@nb.njit(cache=True, inline="always")
def hide(L, side, goal):
    """Take the face-down goalie of the opponent of ``side`` out of the lineups before ``side``'s policy decides;
    returns the card, for :func:`unhide`."""
    g = L[1 - side, goal]
    L[1 - side, goal] = HIDDEN
    return g


@nb.njit(cache=True, inline="always")
def unhide(L, side, goal, g):
    """Put the goalie :func:`hide` took out back into the lineups."""
    L[1 - side, goal] = g


@nb.njit(cache=True, inline="always")
def place_balance(v, side, L, S, meanv, routes, pol):
    """The ``balance`` draft: the empty slot of ``side`` that leaves its weakest route (forward + defender +
    goalie, empty slots counted at the deck's mean ``meanv``) strongest.  ``L`` as :func:`place` hands it over
    (the opponent's goalie hidden); it reads ``L[side]`` only."""
    x = v - meanv
    best, best1, best2 = -1, -1e18, -1e18
    for j in range(S):
        s = pol[side, P_ORDER + j]
        if L[side, s] >= 0:
            continue
        lo = 1e18
        through = 0
        for r in range(routes.shape[0]):
            m = routes[r]
            tot = 0.0
            for q in range(S):
                if m >> q & 1:
                    tot += L[side, q] if L[side, q] >= 0 else meanv
            if m >> s & 1:
                tot += x
                through += 1
            if tot < lo:
                lo = tot
        sec = x * through
        if lo > best1 + 1e-9 or (abs(lo - best1) <= 1e-9 and sec > best2 + 1e-9):
            best, best1, best2 = s, lo, sec
    return best


@nb.njit(cache=True, inline="always")
def place(v, side, L, E, place_tbl, S, quant, meanv, routes, pol, st):
    """Slot where ``side``'s draft policy puts a drawn card of value ``v`` (draft and refills), each policy
    handed what it reads: the placement table's policies and ``random`` the mask of the side's empty slots
    ``E[side]``; ``balance`` the lineups with the opponent's goalie hidden.  ``place_tbl``:
    :func:`placement_table` of the sides' policies."""
    kind = pol[side, P_DRAFT]
    m = E[side]
    if kind == DRAFT_BALANCE:
        g = hide(L, side, S - 1)
        s = place_balance(v, side, L, S, meanv, routes, pol)
        unhide(L, side, S - 1, g)
        return s
    if kind == DRAFT_RANDOM:
        return nth_slot(m, uniform_int(st, BIT_COUNT[m]), S)
    return np.int64(place_tbl[side, m, v])


@nb.njit(cache=True, inline="always")
def choose(v, side, L, E, passed, opened, kinds, S, last, pub, n_hidden, total, rules, pol, st):
    """The move of ``side`` with the flipped card ``v``: a slot index to advance past, MOVE_SHOOT or
    MOVE_FAIL.  Decides on the opponent's skater slots, never the opponent's goalie (with fewer than
    ``MAX_SLOTS`` slots the unrolled mask loop loads the goalie's slot too and masks it out before any use).
    ``E``: the empty-slot masks; ``n_hidden``: the cards not public yet (the deck, both goalies), a count every
    manager knows."""
    opp = 1 - side
    goal = S - 1
    om = opened[passed]
    tie_ok = rules[R_SKATER_STRICT] == 0
    # the open skaters v beats, as a bit mask; the loop body has no branch (card values are random)
    beat = 0
    for s in range(MAX_SLOTS - 1):   # a constant trip count: unrolled; slots past the lineup are masked below
        w = L[opp, s]
        beat |= np.int64((v > w) | ((v == w) & tie_ok)) << s
    beat &= om & ~E[opp] & ((1 << goal) - 1)
    nb_ = BIT_COUNT[beat]
    can_shoot = (om >> goal & 1) == 1 or (last and rules[R_LAST_CARD] == 1)
    if nb_ == 0:
        return MOVE_SHOOT if can_shoot else MOVE_FAIL
    shoot_kind = pol[side, P_SHOOT]
    pick = -1
    if can_shoot:
        if shoot_kind == SHOOT_RANDOM:
            k = uniform_int(st, nb_ + 1)
            if k == nb_:
                return MOVE_SHOOT
            pick = k
        elif last:
            return MOVE_SHOOT
        elif shoot_kind == SHOOT_THRESHOLD:
            if v >= pol[side, P_PARAM]:
                return MOVE_SHOOT
        elif shoot_kind == SHOOT_COUNT:
            # of the cards this manager has not seen (not public, not his own goalie), those the shot beats
            own_g = L[side, goal]
            lim = v + 1 if rules[R_GOALIE_STRICT] == 0 else v     # the goalie values this shot beats
            below = 0
            for w in range(total.shape[0]):   # a fixed trip count: no mispredicted loop exit
                below += (total[w] - pub[w]) * np.int64(w < lim)
            unseen = n_hidden - np.int64(own_g >= 0)
            below -= np.int64((own_g >= 0) & (own_g < lim))
            if unseen > 0 and 100 * below >= pol[side, P_PARAM] * unseen:
                return MOVE_SHOOT
    route = pol[side, P_ROUTE]
    if route == ROUTE_RANDOM and pick < 0:
        pick = uniform_int(st, nb_)
    if pick >= 0:
        return nth_slot(beat, pick, goal)
    # the route's choice among the beaten skaters, as the largest key (the first slot on equal keys):
    # toughest: value, then the deeper slot; cheapest: lowest value, then the deeper slot;
    # shortest: the deeper slot, then value
    if route == ROUTE_TOUGHEST:
        cw, ck, c0 = 4, 1, 0
    elif route == ROUTE_CHEAPEST:
        cw, ck, c0 = -4, 1, 4 * PUB_SIZE
    else:
        cw, ck, c0 = 1, PUB_SIZE, 0
    best = -1
    bkey = -1
    for s in range(MAX_SLOTS - 1):
        key = cw * L[opp, s] + ck * kinds[min(s, goal)] + c0
        key = key if (beat >> s) & 1 == 1 else -1
        take = key > bkey
        best = s if take else best
        bkey = key if take else bkey
    return best


@nb.njit(cache=True, inline="always")
def shuffle(deck, lo, st):
    """Fisher-Yates shuffle of ``deck[lo:]`` in place."""
    n = deck.shape[0]
    for i in range(n - 1, lo, -1):
        j = lo + uniform_int(st, i - lo + 1)
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t


@nb.njit(cache=True, inline="always")
def fill_slot(deck, top, side, L, E, place_tbl, S, pub, quant, meanv, routes, pol, st):
    """Draw the top card and place it for ``side``; returns the slot."""
    v = deck[top]
    s = place(v, side, L, E, place_tbl, S, quant, meanv, routes, pol, st)
    L[side, s] = v
    E[side] &= ~(1 << s)
    pub[v] += np.int64(s != S - 1)   # skaters are face up, the goalie face down (no branch: s is random)
    return s


@nb.njit(cache=True, inline="always")
def fill_empty(deck, top, side, phase, period, L, E, place_tbl, S, pub, quant, meanv, routes, pol, st, log,
               n_ev):
    """Fill ``side``'s empty slots one card at a time from ``deck[top]`` on: the draft (``phase`` 0, every
    slot empty) and the refill at the start of a turn (``phase`` 1).  Returns ``(top, n_ev, over)``; ``over``
    when the deck ran out first."""
    for _ in range(BIT_COUNT[E[side]]):
        if top == deck.shape[0]:
            return top, n_ev, True
        s = fill_slot(deck, top, side, L, E, place_tbl, S, pub, quant, meanv, routes, pol, st)
        if log.shape[0] > 0:
            n_ev = log_event(log, n_ev, EV_PLACE, period, side, s, deck[top], phase)
        top += 1
    return top, n_ev, False


@nb.njit(cache=True, inline="always")
def play_period(deck, period, starter, sudden, L, E, place_tbl, pub, out, total, quant, meanv, kinds, opened,
                routes, rules, pol, st, log, n_ev):
    """Draft and play one period from ``deck`` (already in play order); ``starter`` drafts first.

    Adds to ``out`` (one game's row); returns ``(next_starter, n_ev)``: the player who did not take the
    period's last turn, and the log length.  ``sudden``: stop at the first goal.
    """
    N = deck.shape[0]
    S = kinds.shape[0]
    goal = S - 1
    logging = log.shape[0] > 0
    for side in range(2):
        for s in range(MAX_SLOTS):   # slots past the lineup stay -1: choose() reads them and masks them out
            L[side, s] = -1
        E[side] = (1 << S) - 1
    for w in range(total.shape[0]):
        pub[w] = 0
    top = 0
    discards = 0
    skaters = (1 << goal) - 1
    attacker = starter if rules[R_FIRST_ATTACK_SECOND] == 0 else 1 - starter
    if logging:
        n_ev = log_event(log, n_ev, EV_PERIOD, period, starter, attacker, 0, 0)
    over = False
    for k in range(2):
        side = starter if k == 0 else 1 - starter
        top, n_ev, over = fill_empty(deck, top, side, 0, period, L, E, place_tbl, S, pub, quant, meanv, routes,
                                     pol, st, log, n_ev)
        if over:
            break
    last_turn = 1 - starter
    while not over:
        if top == N:
            break   # the previous turn took the deck's last card
        # refill the attacker's own open spots
        top, n_ev, over = fill_empty(deck, top, attacker, 1, period, L, E, place_tbl, S, pub, quant, meanv,
                                     routes, pol, st, log, n_ev)
        last_turn = attacker
        if over or top == N:
            break
        opp = 1 - attacker
        out[C_TURNS + attacker] += 1
        if logging:
            n_ev = log_event(log, n_ev, EV_TURN, period, attacker, N - top, 0, 0)
        passed = 0
        scored = False
        # the attacker's flips see the table as he does: the opponent's goalie is out of the lineups for the turn
        g = hide(L, attacker, goal)
        while top < N:
            last = N - top == 1
            v = deck[top]
            top += 1
            pub[v] += 1
            discards += 1
            # cards not yet public: every discard and every skater in a lineup is public
            n_hidden = N - discards - 2 * goal + BIT_COUNT[E[0] & skaters] + BIT_COUNT[E[1] & skaters]
            m = choose(v, attacker, L, E, passed, opened, kinds, S, last, pub, n_hidden, total, rules, pol, st)
            if m == MOVE_SHOOT:
                L[opp, goal] = EMPTY         # the engine turns over the goalie it held aside, g
                E[opp] |= 1 << goal
                pub[g] += 1
                discards += 1
                out[C_SHOTS + attacker] += 1
                if last and (opened[passed] >> goal & 1) == 0:
                    out[C_LAST + attacker] += 1
                scored = v > g or (v == g and rules[R_GOALIE_STRICT] == 0)
                if scored:
                    out[C_GOALS + attacker * 4 + period] += 1
                if logging:
                    n_ev = log_event(log, n_ev, EV_SHOT, period, attacker, v, g, 1 if scored else 0)
                break
            if m == MOVE_FAIL:
                out[C_FAIL + attacker] += 1
                if logging:
                    n_ev = log_event(log, n_ev, EV_FAIL, period, attacker, v, 0, 0)
                break
            if logging:
                n_ev = log_event(log, n_ev, EV_ADVANCE, period, attacker, v, m, L[opp, m])
            L[opp, m] = EMPTY
            E[opp] |= 1 << m
            discards += 1
            passed |= 1 << m
            out[C_ADV + attacker] += 1
        if L[opp, goal] == HIDDEN:
            unhide(L, attacker, goal, g)
        if sudden and scored:
            break
        attacker = 1 - attacker
    in_lineups = 0
    for side in range(2):
        for s in range(S):
            if L[side, s] >= 0:
                in_lineups += 1
    out[C_FLIPS] = out[C_SHOTS] + out[C_SHOTS + 1] + out[C_ADV] + out[C_ADV + 1] + out[C_FAIL] + out[C_FAIL + 1]
    out[C_UNACCOUNTED] += abs(in_lineups + discards + (N - top) - N)
    if logging:
        n_ev = log_event(log, n_ev, EV_END, period, 1 - last_turn, N - top, in_lineups, discards)
    return 1 - last_turn, n_ev


@nb.njit(cache=True, inline="always")
def shootout(deck, first, out, rules, st, log, n_ev):
    """Card shootout (docs/pyramid.md) from ``deck`` in play order.  Each shot takes two cards: the shooter
    flips one, the defending side flips one for its goalie; a goal when the shot beats the goalie as in
    play.  The first drafter of period 1 shoots first; three rounds, then sudden-death rounds; a spent deck
    is reshuffled.  Returns the winner (0, 1, or 2 when still level after SHOOTOUT_ROUNDS rounds, as with
    a deck of equal cards) and the log length."""
    N = deck.shape[0]
    logging = log.shape[0] > 0
    if N < 2:
        return 2, n_ev
    top = 0
    gstrict = rules[R_GOALIE_STRICT]
    score0 = 0
    score1 = 0
    for rnd in range(SHOOTOUT_ROUNDS):
        for k in range(2):
            side = first if k == 0 else 1 - first
            if N - top < 2:
                shuffle(deck, 0, st)
                top = 0
            v = deck[top]
            g = deck[top + 1]
            top += 2
            goal_ = v > g or (v == g and gstrict == 0)
            if goal_:
                out[C_SO + side] += 1
                if side == 0:
                    score0 += 1
                else:
                    score1 += 1
            if logging:
                n_ev = log_event(log, n_ev, EV_SO_SHOT, 4, side, v, g, 1 if goal_ else 0)
        if rnd >= 2 and score0 != score1:
            return (0 if score0 > score1 else 1), n_ev
    return 2, n_ev


@nb.njit(cache=True, inline="always")
def play_game(g, seed, vals, scripted, script, out, deck, L, E, place_tbl, pub, total, quant, meanv, kinds,
              opened, routes, rules, pol, st, log):
    """Play game ``g`` into ``out`` (int32[N_COLS], zeroed).  In scripted mode period p plays the deck
    order ``script[p]`` (and the shootout ``script[4]``) instead of a shuffle; random policies still draw
    from the game's stream."""
    seed_stream(st, seed, g)
    N = vals.shape[0]
    for i in range(N):
        deck[i] = vals[i]
    first = 0
    if rules[R_RANDOM_FIRST] == 1:
        first = uniform_int(st, 2)
    out[C_FIRST] = first
    for p in range(MAX_PERIODS):
        out[C_DRAFTED + p] = -1
    n_ev = 0
    drafter = first
    winner = 2
    decided = 0
    for p in range(MAX_PERIODS):
        if p == 3:
            # three periods played: the sudden-death period only for a tie under that option
            h = out[C_GOALS] + out[C_GOALS + 1] + out[C_GOALS + 2]
            a = out[C_GOALS + 4] + out[C_GOALS + 5] + out[C_GOALS + 6]
            winner = 0 if h > a else (1 if a > h else 2)
            if winner != 2 or rules[R_TIE_BREAK] != TB_SUDDEN:
                break
        if scripted:
            deck[:] = script[p]
        else:
            shuffle(deck, 0, st)
        out[C_DRAFTED + p] = drafter
        nxt, n_ev = play_period(deck, p, drafter, p == 3, L, E, place_tbl, pub, out, total, quant, meanv, kinds,
                                opened, routes, rules, pol, st, log, n_ev)
        drafter = nxt if rules[R_ALTERNATE] == 0 else 1 - drafter
        if p == 3:
            decided = 1     # the sudden-death period was played: OT whether or not it found a goal
            if out[C_GOALS + 3] > 0:
                winner = 0
            elif out[C_GOALS + 7] > 0:
                winner = 1
    if winner == 2 and rules[R_TIE_BREAK] == TB_SHOOTOUT:
        if scripted:
            deck[:] = script[4]
        else:
            shuffle(deck, 0, st)
        w, n_ev = shootout(deck, first, out, rules, st, log, n_ev)
        winner = w
        decided = 2         # the shootout was played: SO whether or not it decided the game
    out[C_WINNER] = winner
    out[C_DECIDED] = decided
    return n_ev


#: Per-game output of :func:`simulate_games` (``out``, first dimension n games): the C_* columns.
GAME_OUTPUTS = Outputs(Output("out", (N_COLS,), np.int32, "the game's row: goals by side and period, shots, "
                              "advances, turns, who drafted first, winner, decided_in, ... (C_* columns)"))


@nb.njit(cache=True, inline="always")
def _games_block(ctx, seed, g0, lo, hi, b, out):
    """Games lo .. hi-1 of :func:`simulate_games` on one thread (the ``play_block`` of
    :func:`simcore.parallel.run_blocks`).  Inlined into the parallel loop: compiled as a function of its own the
    game loop ran about 12% slower (benchmarks/RESULTS.md)."""
    vals_, total_, quant_, meanv, kinds_, opened_, routes_, rules_, pol_, place_tbl_ = ctx
    # shared by every thread: borrowed views carry no reference count to contend for
    vals, total, quant, kinds = borrow(vals_), borrow(total_), borrow(quant_), borrow(kinds_)
    opened, routes, rules, pol, place_tbl = borrow(opened_), borrow(routes_), borrow(rules_), borrow(pol_), \
        borrow(place_tbl_)
    rows = borrow(out[0])
    # the game's working state on the stack: it cannot alias the shared tables or the output
    st = stack_empty(STATE_SIZE, np.uint64)
    deck = stack_empty(MAX_CARDS, np.int64)[:vals.shape[0]]
    L = stack_empty(L_SIZE, np.int64).reshape((2, MAX_SLOTS))
    pub = stack_empty(PUB_SIZE, np.int64)
    E = stack_empty(2, np.int64)
    row = stack_empty(N_COLS, np.int32)
    log = np.empty((0, LOG_FIELDS), dtype=np.int64)
    script = np.empty((0, vals.shape[0]), dtype=np.int64)
    for i in range(lo, hi):
        for c in range(N_COLS):
            row[c] = 0
        play_game(g0 + i, seed, vals, False, script, row, deck, L, E, place_tbl, pub, total, quant, meanv, kinds,
                  opened, routes, rules, pol, st, log)
        for c in range(N_COLS):
            rows[i, c] = row[c]


@nb.njit(cache=True, parallel=True)
def simulate_games(ctx, seed, g0, n, out):
    """Games ``g0 .. g0+n-1`` into ``out`` (:data:`GAME_OUTPUTS`, first dimension n).  ``ctx``: the compiled
    game (:meth:`.engine.Game.ctx`).  Blocks of BLOCK games go to the threads as they come free
    (:func:`simcore.parallel.run_blocks`); each game draws only from its own stream, so the result does not
    depend on threads or blocks."""
    run_blocks(_games_block, ctx, seed, g0, n, BLOCK, out)


@nb.njit(cache=True)
def play_logged(seed, g, vals, scripted, script, total, quant, meanv, kinds, opened, routes, rules, pol,
                max_events):
    """One game with its event log: ``(out int32[N_COLS], log int64[n_events, LOG_FIELDS])``."""
    N = vals.shape[0]
    S = kinds.shape[0]
    out = np.zeros(N_COLS, dtype=np.int32)
    st = np.empty(STATE_SIZE, dtype=np.uint64)
    deck = np.empty(N, dtype=np.int64)
    L = np.empty((2, MAX_SLOTS), dtype=np.int64)
    E = np.empty(2, dtype=np.int64)
    place_tbl = placement_table(pol, S, quant)
    pub = np.zeros(total.shape[0], dtype=np.int64)
    log = np.zeros((max_events, LOG_FIELDS), dtype=np.int64)
    n_ev = play_game(g, seed, vals, scripted, script, out, deck, L, E, place_tbl, pub, total, quant, meanv, kinds,
                     opened, routes, rules, pol, st, log)
    return out, log[:min(n_ev, max_events)]


@nb.njit(cache=True, inline="always")
def _periods_block(ctx, seed, g0, lo, hi, b, out):
    """Deck orders lo .. hi-1 of :func:`period_outcomes` on one thread (the ``play_block`` of
    :func:`simcore.parallel.run_blocks`; ``seed``, ``g0`` and ``b`` unused: no stream is drawn)."""
    orders, starter, sudden, total, quant, meanv, kinds, opened, routes, rules, pol, place_tbl = ctx
    res = out[0]
    N = orders.shape[1]
    st = np.zeros(STATE_SIZE, dtype=np.uint64)
    deck = np.empty(N, dtype=np.int64)
    L = np.empty((2, MAX_SLOTS), dtype=np.int64)
    E = np.empty(2, dtype=np.int64)
    pub = np.zeros(PUB_SIZE, dtype=np.int64)
    row = np.zeros(N_COLS, dtype=np.int32)
    log = np.zeros((3 * N + 8, LOG_FIELDS), dtype=np.int64)   # a period logs at most 3N+2 events
    for i in range(lo, hi):
        deck[:] = orders[i]
        row[:] = 0
        nxt, n_ev = play_period(deck, 0, starter, sudden, L, E, place_tbl, pub, row, total, quant, meanv, kinds,
                                opened, routes, rules, pol, st, log, 0)
        res[i, 0] = row[C_GOALS]
        res[i, 1] = row[C_GOALS + 4]
        res[i, 2] = nxt
        res[i, 3] = -1
        for e in range(min(n_ev, log.shape[0])):
            if log[e, 0] == EV_SHOT and log[e, 5] == 1:
                res[i, 3] = log[e, 2]
                break


@nb.njit(cache=True, parallel=True)
def period_outcomes(orders, starter, sudden, total, quant, meanv, kinds, opened, routes, rules, pol):
    """The exact oracle's work: play one period from each deck order in ``orders`` (int64[M, N]) with
    ``starter`` drafting first.  Returns int64[M, 4]: goals of side 0, goals of side 1, the next period's
    starter, and the side that scored first (-1: none).  Deterministic policies only (no stream); blocks of
    orders go to the threads as they come free, each order's row its own, so the result does not depend on
    threads.  Compiled as a parallel kernel it also runs faster on one thread: 1.3 s against 6.6 s as a plain
    loop over the 4 x 907,200 periods of a ten-card deck (``tests/games/pyramid/test_pyramid_exact.py`` case 3)."""
    M = orders.shape[0]
    res = np.zeros((M, 4), dtype=np.int64)
    place_tbl = placement_table(pol, kinds.shape[0], quant)
    ctx = (orders, starter, sudden, total, quant, meanv, kinds, opened, routes, rules, pol, place_tbl)
    run_blocks(_periods_block, ctx, np.uint64(0), 0, M, EXACT_BLOCK, (res,))
    return res
