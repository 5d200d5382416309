"""The greedy policy's play, found without listing every legal play: branch-and-bound walks of the plays
(docs/passscore.md "Policies").

Greedy makes a uniformly random one of the legal plays of the highest key (:func:`.values.leaf_value`, mode 1): with
the puck a goal, else the most rows advanced, then a carrier no opponent stands next to, then one on a shaded circle,
an offside last; without it a capture, else the nearest skater closest to the carrier, then all skaters.  Listing
the legal plays (some 5,000 a position) to take the best is what costs; a walk visits the plays in the generator's
order (:func:`.plays.generate`: the play types, then each action's candidates) and leaves out every branch whose
bound -- a key no play through it can exceed -- is too low:

* with the puck, the goal types (6, 7, 8) first: a branch is left when no player it could still make the shooter
  stands within his remaining moves of a shaded circle (``w.reach``) from which a line no opponent blocks leads to
  an empty goal circle; then types 1-5, where the puck ends with the carrier or a receiver: each bounded by his key
  where he stands (no moves left), by the best key of the circles his listed moves reach (one move left) or by the
  most rows two moves could gain; when the play's last pass leaves from where the carrier now stands, a receiver's
  circle counts only if a straight line no opponent blocks leads to it (for a type-2 play's second move, before
  the move is made, with the mover where it takes him);
* without it, a capture while a move is left and a player with one among his first moves has not moved; else every
  skater as near the carrier as he stands, the players still to move credited with the most their one move could
  gain.

Moves of different players come in any order, each set of them once (plays.first_order, asked only of a play that
would be kept): the bounds count every player who has not moved as one who may still move.

Two walks make a decision.  :func:`greedy_best` finds the largest key: it leaves out a branch that can only equal
the best found so far (keys are whole numbers, so a bound below best + 1/2), and counts no ties.  :func:`greedy_draw`
draws among the plays of that key: it leaves out what is below it, every play of the key is met (a branch that
holds one is never left), and each one met replaces the one kept with probability 1 / (the plays of that key met so
far): reservoir sampling, so the play made is uniform over all the legal plays of the largest key -- what choosing
from the full list gives.  Without the puck the policies' choice (:func:`.policies.choose_play`) tries the uniform
sampler's plays before the second walk.  ``tests/games/passscore/test_greedy.py`` checks the key against the full
list and the draws with a chi-square test.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import stack_empty
from simcore.rng import uniform_int

from .geom import NRT, in_attack_zone, king, line_clear, lines_crossed, move_dest
from .layout import CAPTURE, GK, GOAL, ILLEGAL, KINDS, MOVE, MOVERS, N_SLOTS, OFFSIDE, OK, PASS, R, SHOT, SKIP, Z
from .plays import (first_moves, first_order, listed, may_follow, n_cands, next_move, passed_over, pre_moves, rank_of,
                    step, undo)
from .values import G_GOAL, G_ROW, G_SAFE, G_SHADED, greedy_key, open_shots

#: the lengths of greedy_play's per-player bounds (stack arrays need a constant): ``b1`` a key per slot and the
#: carrier's after another player's move; ``dmin`` a distance per slot, then per slot one after a later player's
B1_LEN = N_SLOTS + 1
DMIN_LEN = 2 * N_SLOTS
#: a bound no play can reach (a branch left out whatever was found), and the best key before any play was found
NEG = -1.0e18
NONE = -1.0e17
#: keys are whole numbers (G_* constants, rows, king distances): a key above k is one of at least k + HALF
HALF = 0.5


@nb.njit(cache=True, _nrt=NRT)
def _fill_memo(c, w, t, q):
    """``w.memo[:, q]``: greedy_key of a carrier on circle q, and 1.0 / 0.0 for whether a shot from q could score
    once team t's own players are out of the way (a shaded circle of the goal attacked, a line no opponent blocks
    to an empty goal circle: opponents do not move during t's play)."""
    w.memo[0, q] = greedy_key(c, w, t, q)
    w.memo[1, q] = 1.0 if open_shots(c, w, t, q, False) > 0 else 0.0


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _key_at(c, w, t, q):
    """greedy_key of a carrier on circle q, computed once a decision (``w.memo[0]``; the computation a call, so
    that the many places that read a key inline only the look-up)."""
    if w.memo[0, q] != w.memo[0, q]:
        _fill_memo(c, w, t, q)
    return w.memo[0, q]


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _may_shoot(c, w, t, q):
    """Whether a shot from circle q could score once team t's own players are out of the way (``w.memo[1]``)."""
    if w.memo[0, q] != w.memo[0, q]:
        _fill_memo(c, w, t, q)
    return w.memo[1, q] > 0.5


@nb.njit(cache=True, _nrt=NRT)
def _shot_within(c, w, t, g, p, k):
    """A player of team t (g 1 the goalkeeper) on circle p could, within k moves (0..2, through his lists of
    possible moves), reach a circle :func:`_may_shoot` from."""
    if w.reach[t, g, p, 3] > k:
        return False
    if _may_shoot(c, w, t, p):
        return True
    if k == 0:
        return False
    for i in range(w.nmv[t, g, p]):
        q = w.mvd[t, g, p, i] // 2
        if w.reach[t, g, q, 3] <= k - 1:
            if _may_shoot(c, w, t, q):
                return True
            if k == 2:
                for j in range(w.nmv[t, g, q]):
                    if _may_shoot(c, w, t, w.mvd[t, g, q, j] // 2):
                        return True
    return False


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _left(typ, d, kind):
    """How many actions of ``kind`` a play of type typ has from its action d on."""
    n = 0
    for i in range(d, 3):
        if KINDS[typ, i] == kind:
            n += 1
    return n


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _moves_left(w, t, typ, d, s, ls, cs):
    """The moves slot s may still make in a play of type typ after its first d actions (``ls`` the last mover's
    slot, -1 before any move; ``cs`` the carrier): the types' moves all come first, moves of different players in
    any order (one each)."""
    m = MOVERS[typ]
    if m == 3:
        return 2 - d if s == cs and d < 2 else 0
    if m == 2:
        return 2 if d == 0 else (1 if d == 1 and s == ls else 0)
    return 1 if _left(typ, d, MOVE) > 0 and not _moved(w, d, s) else 0


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _holder_bound(c, w, t, s, k, moved, b1):
    """The best key the puck could have with slot s, who may still make k moves (``moved``: he has made one):
    his key where he stands; with one move left the best key of his first moves' circles (``b1``, for a player
    who has not moved) or of his listed moves from where he stands; with two, the most rows he could gain."""
    p = w.pos[t, s]
    if p < 0:
        return NEG
    g = 1 if s == GK else 0
    if k == 2:
        return G_ROW * w.reach[t, g, p, 2] + G_SAFE + G_SHADED
    if k == 1 and not moved:
        return b1[s]
    v = NEG
    for i in range(-1, w.nmv[t, g, p] if k == 1 else 0):
        v = max(v, _key_at(c, w, t, p if i < 0 else w.mvd[t, g, p, i] // 2))
    return v


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _passable(c, w, t, a, q):
    """A pass of team t from circle a to circle q could be legal: a straight line no opponent blocks, not over two
    lines (offside) -- team-mates who might still move and the crease rule left out."""
    if q == a or (c.rules[R.offside] != 0 and lines_crossed(c, t, a, q) >= 2):
        return False
    return line_clear(c, w, a, q, t, False) == 1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _pass_bound(c, w, t, typ, d, ls, cs, best):
    """:func:`_attack_bound` when the play's one pass is left and the carrier can no longer move, so the pass
    leaves from where he stands: a receiver's circle (where he stands, or where a move he may still make takes
    him) counts only when a pass could reach it.  Returns a value of at least ``best`` as soon as one circle
    reaches it, else NEG."""
    a = w.pos[t, cs]
    for r in range(N_SLOTS):
        p = w.pos[t, r]
        if r == cs or p < 0:
            continue
        g = 1 if r == GK else 0
        n = w.nmv[t, g, p] if _moves_left(w, t, typ, d, r, ls, cs) > 0 else 0
        for i in range(-1, n):
            q = p if i < 0 else w.mvd[t, g, p, i] // 2
            v = _key_at(c, w, t, q)
            if v >= best and _passable(c, w, t, a, q):
                return v
    return NEG


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _second_move_bound(c, w, t, a, best):
    """A key no type-2 play (two players one space each, then a pass) can exceed once its second move is ``a``, known
    before the move is made: the pass leaves from where the carrier then stands, to a team-mate where he then
    stands, along a straight line no opponent blocks (opponents do not move in team t's play).  Returns a value of
    at least ``best`` as soon as one receiver reaches it, else NEG (the offside's key where a pass over two lines
    is called)."""
    cs = w.S[Z.carrier]
    s = a // 16
    dest = move_dest(c, w.pos[t, s], a % 16)
    src = dest if s == cs else w.pos[t, cs]
    for r in range(N_SLOTS):
        p = w.pos[t, r]
        if r == cs or p < 0:
            continue
        q = dest if r == s else p
        v = _key_at(c, w, t, q)
        if v >= best and _passable(c, w, t, src, q):
            return v
    return -G_GOAL if c.rules[R.pass_called] != 0 else NEG


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _attack_bound(c, w, t, typ, d, b1, best):
    """The best key a play of type typ by team t (with the puck) could reach after its first d actions (or any
    value above ``best`` when it could beat it)."""
    cs = w.S[Z.carrier]
    ls = w.ix[d - 1] // 16 if d > 0 and KINDS[typ, d - 1] == MOVE else -1
    passes = _left(typ, d, PASS)
    if typ >= 6:
        # a goal or nothing: some possible shooter within his moves of a shaded circle with a line to shoot on
        for r in range(N_SLOTS):
            if (passes == 0 and r != cs) or (passes == 1 and r == cs):
                continue
            p = w.pos[t, r]
            if p < 0:
                continue
            if _left(typ, d, MOVE) == 0:
                if open_shots(c, w, t, p, True) > 0:
                    return G_GOAL
            elif _shot_within(c, w, t, 1 if r == GK else 0, p, _moves_left(w, t, typ, d, r, ls, cs)):
                return G_GOAL
        return NEG
    # an offside (listed, the lowest key) may still end the play: a type-5 play's second move, or any pass left
    # where a pass over two lines is called
    low = NEG
    if (typ == 5 and d == 1 and c.rules[R.offside_called] != 0) or (passes > 0 and c.rules[R.pass_called] != 0):
        low = -G_GOAL
    if passes == 1 and d > 0 and _moves_left(w, t, typ, d, cs, ls, cs) == 0:
        return max(low, _pass_bound(c, w, t, typ, d, ls, cs, best))
    top = low
    for r in range(N_SLOTS):
        if (passes == 0 and r != cs) or (passes == 1 and r == cs):
            continue
        top = max(top, _holder_bound(c, w, t, r, _moves_left(w, t, typ, d, r, ls, cs), typ == 5 and d == 1, b1))
    return top


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _moved(w, d, s):
    """Slot s made one of the play's first d moves (``w.ix``)."""
    for i in range(d):
        if w.ix[i] // 16 == s:
            return True
    return False


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _defence_bound(c, w, t, d, ls, ms, mdest, dmin, capt):
    """The best key team t's (without the puck) three-move play could reach after its first d moves (``w.ix[:d]``),
    the last by slot ``ls`` (-1 before any), with slot ``ms`` standing on ``mdest`` (-1: as he stands; the move
    about to be made, before it is made): a capture while a move is left and a player who had one among his first
    moves (``capt``) has not moved; else each skater as near the carrier as he stands, the players still to move
    (those who have not moved with a move in their list: ``w.cstart`` is by slot for a team without the puck) as
    near as their best move (``dmin``) would bring them, at most 3 - d of them; with one move left, a player
    earlier in the order than ``ls`` as near as his best move that may follow a later player's would (``dmin[6 +
    s]``, plays.may_follow: the moves of different players come in any order, each set once)."""
    r = 3 - d
    if r > 0:
        for s in range(N_SLOTS):
            if capt[s] != 0 and not _moved(w, d, s):
                return G_GOAL
    avail = 0
    for s in range(N_SLOTS):
        if w.cstart[s + 1] > w.cstart[s] and not _moved(w, d, s):
            avail += 1
    if avail < r:
        return NEG
    car = w.pos[1 - t, w.S[Z.carrier]]
    near = 1000
    tot = 0
    g1 = 0
    g2 = 0
    g3 = 0
    for s in range(1, N_SLOTS):
        p = mdest if s == ms else w.pos[t, s]
        if p < 0:
            continue
        x = king(c, p, car)
        tot += x
        near = min(near, x)
        if r > 0 and not _moved(w, d, s):
            if r == 1 and s < ls:
                x2 = dmin[N_SLOTS + s]          # his move right after a later player's: only where order matters
            else:
                x2 = dmin[s]
            near = min(near, x2)
            gain = x - x2
            if gain > g1:
                g3 = g2
                g2 = g1
                g1 = gain
            elif gain > g2:
                g3 = g2
                g2 = gain
            elif gain > g3:
                g3 = gain
    if r == 1:
        tot -= g1
    elif r == 2:
        tot -= g1 + g2
    elif r == 3:
        tot -= g1 + g2 + g3
    return -G_ROW * near - tot


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _first_bound(c, w, t, has, d, a, dmin, capt, b1):
    """A key no type-1 play can exceed once its action d (0 or 1) is move ``a`` (``w.ix[d]``), known before the move
    is made: with the puck the carrier's key where the move leaves him, or when another player moves the best key
    of the carrier where he stands and (he has not moved) where a move after another player's may take him
    (``b1[N_SLOTS]``: he is first in the order of moves); without it a capture, or :func:`_defence_bound` with the
    mover on the circle he moves to."""
    s = a // 16
    dest = move_dest(c, w.pos[t, s], a % 16)
    cs = w.S[Z.carrier]
    if has:
        if s == cs:
            return _key_at(c, w, t, dest)
        return b1[N_SLOTS] if not _moved(w, d, cs) else _key_at(c, w, t, w.pos[t, cs])
    if dest == w.pos[1 - t, cs]:
        return G_GOAL
    return _defence_bound(c, w, t, d + 1, s, s, dest, dmin, capt)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _bound(c, w, t, has, typ, d, dmin, capt, b1, best):
    """A key no play through the node after the first d actions of a play of type typ can exceed."""
    if has:
        return _attack_bound(c, w, t, typ, d, b1, best)
    return _defence_bound(c, w, t, d, w.ix[d - 1] // 16 if d > 0 else -1, -1, -1, dmin, capt)


@nb.njit(cache=True, _nrt=NRT)
def _root_bound(c, w, t, has, typ, dmin, capt, b1, best):
    """:func:`_bound` before a play's first action, as a call (once a type: one inlined copy of the bounds is
    enough for the kernel's compile time)."""
    return _bound(c, w, t, has, typ, 0, dmin, capt, b1, best)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _last_bound(c, w, t, has, kind, a):
    """A key the play cannot exceed when its last action is ``kind`` ``a`` (known before making it): a pass ends
    with the receiver where he stands; a move (type 1) changes the key only when the carrier makes it or, for the
    team without the puck, through the mover's distance to the carrier."""
    if kind == SHOT:
        return G_GOAL
    cs = w.S[Z.carrier]
    if kind == PASS:
        p = w.pos[t, a]
        return _key_at(c, w, t, p) if p >= 0 and a != cs else NEG
    s = a // 16
    dest = move_dest(c, w.pos[t, s], a % 16)
    if has:
        return _key_at(c, w, t, dest if s == cs else w.pos[t, cs])
    car = w.pos[1 - t, cs]
    if dest == car:
        return G_GOAL
    near = 1000
    tot = 0
    for r in range(1, N_SLOTS):
        p = dest if r == s else w.pos[t, r]
        if p >= 0:
            x = king(c, p, car)
            tot += x
            near = min(near, x)
    return -G_ROW * near - tot


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _leaf(c, w, t, has, st):
    """Greedy's key of the play just made whose last action did ``st``: :func:`.values.leaf_value` mode 1, with the
    carrier's key from the memo."""
    if st == GOAL or st == CAPTURE:
        return G_GOAL
    if st == OFFSIDE:
        return -G_GOAL
    if has:
        return _key_at(c, w, t, w.pos[t, w.S[Z.carrier]])
    return _defence_bound(c, w, t, 3, N_SLOTS - 1, -1, -1, w.ix, w.ix)      # no one left to move: the key itself


@nb.njit(cache=True, _nrt=NRT)
def defence_key(c, w, t, st):
    """Greedy's key of the play team t, without the puck, just made (its last action's status ``st``)."""
    return _leaf(c, w, t, False, st)


@nb.njit(cache=True, _nrt=NRT)
def _walk(c, w, t, typ, best, strict, out, rs, ties, dmin, capt, b1):
    """The plays of type typ as good as ``best`` or better (``strict``: better only, a branch that can only tie
    left out); a play of the best key into ``out``, without ``strict`` uniformly among the plays of that key met so
    far (``ties[0]`` counts them: reservoir sampling).  Returns the best key.  The position is left as it was."""
    has = w.S[Z.poss] == t
    bar = best + HALF if strict != 0 and best > NONE else best      # whole-number keys: > best is >= best + 1/2
    if _root_bound(c, w, t, has, typ, dmin, capt, b1, bar) < bar:
        return best
    ix = w.ix
    jx = w.jx
    nn = stack_empty(3, np.int64)
    depth = 0
    nn[0] = n_cands(c, w, t, typ, 0)
    jx[0] = -1
    while depth >= 0:
        jx[depth] += 1
        if jx[depth] >= nn[depth]:
            depth -= 1
            if depth >= 0:
                undo(w, depth)
            continue
        kind = KINDS[typ, depth]
        a = next_move(c, w, t, typ, depth, jx[depth]) if kind == MOVE else jx[depth]
        if a == SKIP:
            continue
        if passed_over(c, w, t, typ, depth, a):
            continue
        ix[depth] = a
        if depth == 2:
            if _last_bound(c, w, t, has, kind, a) < bar:
                continue
        elif typ == 1 and _first_bound(c, w, t, has, depth, a, dmin, capt, b1) < bar:
            continue
        elif typ == 2 and depth == 1 and _second_move_bound(c, w, t, a, bar) < bar:
            continue
        st = step(c, w, t, kind, a, depth)
        if st == ILLEGAL:
            continue
        if depth == 2 or st != OK:
            v = _leaf(c, w, t, has, st) if listed(typ, depth) else NEG
            if v >= bar and (MOVERS[typ] != 1 or first_order(c, w, t, typ, depth, pre_moves(typ, depth, st))):
                take = False
                if v > best:
                    best = v
                    bar = best + HALF if strict != 0 else best
                    ties[0] = 1
                    take = True
                else:
                    ties[0] += 1
                    take = ties[0] == 1 or uniform_int(rs, ties[0]) == 0
                if take:
                    out[0] = typ
                    out[1] = ix[0]
                    out[2] = ix[1] if depth >= 1 else -1
                    out[3] = ix[2] if depth == 2 else -1
            undo(w, depth)
            continue
        if typ != 1 and _attack_bound(c, w, t, typ, depth + 1, b1, bar) < bar:
            undo(w, depth)
            continue
        depth += 1
        jx[depth] = -1
        nn[depth] = n_cands(c, w, t, typ, depth)
    return best


@nb.njit(cache=True, _nrt=NRT)
def _prepare(c, w, t, dmin, capt, b1):
    """The decision's lists of possible first moves (:func:`.plays.first_moves`) and the bounds' tables: with the puck
    ``b1``, each player's best key after one move; without it ``dmin`` (each skater's nearest to the carrier after
    one move, and after one that follows a later player's) and ``capt`` (a capture among his first moves)."""
    first_moves(c, w, t)
    if w.S[Z.poss] == t:
        for s in range(N_SLOTS):
            p = w.pos[t, s]
            b1[s] = NEG
            if p >= 0:
                b1[s] = _key_at(c, w, t, p)
                r = rank_of(w.S, t, s)
                for j in range(w.cstart[r], w.cstart[r + 1]):
                    b1[s] = max(b1[s], _key_at(c, w, t, move_dest(c, p, w.cand[j] % 16)))
        # the carrier, first in the order of moves, moves after another player only where the order matters
        cs = w.S[Z.carrier]
        p = w.pos[t, cs]
        b1[N_SLOTS] = _key_at(c, w, t, p)
        free = c.rules[R.offside_called] != 0 and in_attack_zone(c, t, p) \
            and w.cstart[N_SLOTS + 1] > w.cstart[N_SLOTS]
        for j in range(w.cstart[0], w.cstart[1]):
            q = move_dest(c, p, w.cand[j] % 16)
            if (free and not in_attack_zone(c, t, q)) or may_follow(c, w, t, p, w.cand[j]):
                b1[N_SLOTS] = max(b1[N_SLOTS], _key_at(c, w, t, q))
        return
    car = w.pos[1 - t, w.S[Z.carrier]]
    for s in range(N_SLOTS):
        p = w.pos[t, s]
        x = king(c, p, car) if p >= 0 else 0
        dmin[s] = x
        dmin[N_SLOTS + s] = x
        capt[s] = 0
        for j in range(w.cstart[s], w.cstart[s + 1]):         # without the puck the order of moves is slot order
            q = move_dest(c, p, w.cand[j] % 16)
            if q == car:
                capt[s] = 1
            else:
                dmin[s] = min(dmin[s], king(c, q, car))
                if may_follow(c, w, t, p, w.cand[j]):
                    dmin[N_SLOTS + s] = min(dmin[N_SLOTS + s], king(c, q, car))


@nb.njit(cache=True, _nrt=NRT)
def _walk_types(c, w, t, best, strict, out, rs, dmin, capt, b1):
    """:func:`_walk` over every play type of team t, from ``best`` (with the puck the goal types first: a goal found
    leaves the other types nothing to walk); returns the best key, NONE when there is no legal play."""
    ties = stack_empty(1, np.int64)
    ties[0] = 0
    if w.S[Z.poss] != t:
        return _walk(c, w, t, np.int64(1), best, strict, out, rs, ties, dmin, capt, b1)   # int64: one compiled copy
    for typ in (6, 7, 8, 1, 2, 3, 4, 5):
        best = _walk(c, w, t, typ, best, strict, out, rs, ties, dmin, capt, b1)
    return best


@nb.njit(cache=True, _nrt=NRT)
def _walk_all(c, w, t, best, key, draw, out, rs):
    """The bounds' tables prepared once, then with ``key`` the walk for the best key from ``best`` (strict), with
    ``draw`` the walk that draws among the plays of the best key; returns the best key, NONE when there is no legal
    play."""
    dmin = stack_empty(DMIN_LEN, np.int64)
    capt = stack_empty(N_SLOTS, np.int64)
    b1 = stack_empty(B1_LEN, np.float64)
    _prepare(c, w, t, dmin, capt, b1)
    if key != 0:
        best = _walk_types(c, w, t, best, np.int64(1), out, rs, dmin, capt, b1)   # int64 flags: one compiled copy
    if draw != 0 and best != NONE:
        best = _walk_types(c, w, t, best, np.int64(0), out, rs, dmin, capt, b1)
    return best


@nb.njit(cache=True, _nrt=NRT)
def _new_memo(w):
    """Start the decision's memo of keys (:func:`_key_at`)."""
    for q in range(w.memo.shape[1]):
        w.memo[0, q] = np.nan
        w.memo[1, q] = np.nan


@nb.njit(cache=True, _nrt=NRT)
def greedy_best(c, w, t, rs, out):
    """The largest key of team t's legal plays (NONE when it has none), found by the walk that leaves out every
    branch that cannot beat the best found (no ties counted, nothing drawn from ``rs``); ``out`` is left with the
    first play of that key.  Starts the decision's memo of keys."""
    _new_memo(w)
    return _walk_all(c, w, t, NONE, np.int64(1), np.int64(0), out, rs)


@nb.njit(cache=True, _nrt=NRT)
def greedy_draw(c, w, t, rs, out, best):
    """A uniformly random one of team t's legal plays of key ``best`` (:func:`greedy_best`, on the same position)
    into ``out``, drawn from ``rs`` by reservoir sampling over the walk of the plays of that key."""
    _walk_all(c, w, t, best, np.int64(0), np.int64(1), out, rs)


@nb.njit(cache=True, _nrt=NRT)
def greedy_play(c, w, t, rs, out):
    """Greedy's play for team t into ``out`` (type, a1, a2, a3): a uniformly random one of the legal plays of the
    largest key, drawn from ``rs``; returns False when team t has no legal play.  The key first (no ties counted),
    then the draw among the plays of that key: walking the ties of keys that are later beaten is what a single
    walk would cost."""
    _new_memo(w)
    return _walk_all(c, w, t, NONE, np.int64(1), np.int64(1), out, rs) != NONE
