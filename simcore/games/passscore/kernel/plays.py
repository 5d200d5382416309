"""The rules of Pass & Score as functions over the ``Ctx`` / ``Work`` tuples: one action, the legal plays, resolving
a play's end (a capture, an offside, a goal), face-offs, penalties.

A play is three actions (layout: the play codes).  :func:`step` makes one action on the working position and says
what it did (layout ILLEGAL, OK, CAPTURE, OFFSIDE, GOAL); :func:`save` / :func:`restore` put a position back, so
:func:`generate` tries every play and lists the legal ones.  A capture or an offside ends the play at once (its
remaining actions are -1); the shot is always the last action.  docs/passscore.md "Rules and interpretations"
quotes the rulebook for each check.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import stack_empty
from simcore.rng import uniform_int

from .context import PassCtx, PassWork
from .geom import (NRT, code_of, dist2, in_attack_zone, king, line_clear, lines_crossed, may_stand, move_dest,
                   progress, put, slide_allowed, slide_end, step_allowed)
from .layout import (C, CAPTURE, CENTRE, EV_FACEOFF, EV_RETURN, EV_THROW, GK, GOAL, ILLEGAL, KINDS, MAX_CANDS, MOVE,
                     MOVERS, N_SLOTS, OFFSIDE, OK, ONTO, ONTO_AT, PAIRS, PASS, PERMS2, PERMS3, R, SKIP, TRIPLES, Z)
from .values import leaf_value


# ---------------------------------------------------------------- undoing an action

@nb.njit(cache=True, inline="always", _nrt=NRT)
def undo(w, d):
    """Take back the action whose undo record is ``w.save[d]`` (written by :func:`step`): actions are taken back
    in the reverse order they were made."""
    u = w.save[d]
    if u[0] == MOVE:
        t = u[1]
        s = u[2]
        w.occ[u[4]] = u[5]
        w.occ[u[3]] = code_of(t, s)
        w.pos[t, s] = u[3]
    elif u[0] == PASS:
        w.S[Z.carrier] = u[6]


# ---------------------------------------------------------------- one action

@nb.njit(cache=True, inline="always", _nrt=NRT)
def move_target(c, w, t, code):
    """Where move ``code`` of team t ends, or -1 when it is not legal (the capture and offside are left to
    :func:`step`)."""
    s = code // 16
    d = (code // 2) % 8
    slide = code % 2
    p = w.pos[t, s]
    if p < 0:
        return -1
    q = c.nbr[p, d]
    if q < 0 or not step_allowed(c, t, p, q):
        return -1
    poss = w.S[Z.poss]
    is_carrier = poss == t and w.S[Z.carrier] == s
    dest = q
    if slide == 1:
        # SLIDE LINES: onto the start of the line as part of the move, then its full length; no player on it
        if c.rules[R.slides] == 0:
            return -1
        k = c.slide_of[q]
        if k < 0 or w.occ[q] != 0:
            return -1
        n = c.slide_len[k]
        far = slide_end(c, q)
        if not slide_allowed(c, t, q, far):
            return -1
        for i in range(n):
            m = c.slide_path[k, i]
            if m == q or m == far:
                continue
            if w.occ[m] != 0:
                return -1
        dest = far
        if w.occ[q] != 0:
            return -1
    o = w.occ[dest]
    capture = False
    if o != 0:
        if poss < 0 or poss == t or o != code_of(poss, w.S[Z.carrier]):
            return -1
        capture = True
    if not may_stand(c, t, s, dest, is_carrier or capture):
        return -1
    return dest


@nb.njit(cache=True, inline="always", _nrt=NRT)
def rank_of(S, t, s):
    """Where slot s of team t comes in the order of a play's moves of different players: the puck carrier first,
    then the others in slot order (for the team without the puck, slot order)."""
    return rank_by(S[Z.carrier] if S[Z.poss] == t else -1, s)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def rank_by(cs, s):
    """:func:`rank_of` for a team whose puck carrier is slot cs (-1: the team without the puck)."""
    if s == cs:
        return 0
    return s + 1 if s < cs else s


@nb.njit(cache=True, inline="always", _nrt=NRT)
def slot_at(S, t, r):
    """The slot of team t at place r of the order of moves (:func:`rank_of`)."""
    cs = S[Z.carrier] if S[Z.poss] == t else -1
    if cs < 0:
        return r
    if r == 0:
        return cs
    return r - 1 if r <= cs else r


@nb.njit(cache=True, inline="always", _nrt=NRT)
def step(c, w, t, kind, code, d):
    """Make one action of team t on the working position: ``kind`` MOVE / PASS / SHOT and its ``code`` (layout),
    writing how to take it back into ``w.save[d]`` (:func:`undo`).  Returns ILLEGAL (nothing changed), OK, CAPTURE
    (a defender moved onto the puck carrier: the mover stands there, the captured carrier is moved off by
    :func:`resolve_capture`), OFFSIDE (a team-mate of the carrier moved over the opponents' blue line ahead of him:
    into the attacking zone while the carrier stands outside it; with offside_pass=called, a pass ahead over two
    lines, the carrier unchanged) or GOAL.  ``d``: the action's undo row."""
    poss = w.S[Z.poss]
    u = w.save[d]
    u[0] = kind
    if kind == MOVE:
        dest = move_target(c, w, t, code)
        if dest < 0:
            return ILLEGAL
        s = code // 16
        p = w.pos[t, s]
        capture = w.occ[dest] != 0
        u[1] = t
        u[2] = s
        u[3] = p
        u[4] = dest
        u[5] = w.occ[dest]
        u[6] = code
        w.occ[p] = 0
        w.pos[t, s] = dest
        w.occ[dest] = code_of(t, s)
        if capture:
            w.S[Z.captured_slot] = w.S[Z.carrier]
            return CAPTURE
        return OFFSIDE if _offside(c, w, t, s, p, dest) else OK
    if poss != t:
        return ILLEGAL
    cs = w.S[Z.carrier]
    a = w.pos[t, cs]
    if kind == PASS:
        r = code
        if r == cs or r < 0 or r >= N_SLOTS:
            return ILLEGAL
        b = w.pos[t, r]
        if b < 0:
            return ILLEGAL
        k = c.crease_of[a]
        if k >= 0 and not (cs == GK and k == t):
            return ILLEGAL          # the passer would be left in the crease without the puck
        over = c.rules[R.offside] != 0 and lines_crossed(c, t, a, b) >= 2      # OFFSIDE 1: ahead over two lines
        if over and c.rules[R.pass_called] == 0:
            return ILLEGAL
        if line_clear(c, w, a, b, t, c.rules[R.pass_block_all] != 0) != 1:
            return ILLEGAL
        u[6] = cs
        if over:
            return OFFSIDE          # offside_pass=called: the play ends, the puck still with the passer
        w.S[Z.carrier] = r
        return OK
    # SHOT: from a shaded circle of the goal attacked, straight through unoccupied circles into an empty goal circle
    if code < 0 or code > 2 or c.shade_of[a] != 1 - t:
        return ILLEGAL
    g = c.goal[1 - t, code]
    if w.occ[g] != 0 or line_clear(c, w, a, g, t, True) != 1:
        return ILLEGAL
    return GOAL


# ---------------------------------------------------------------- the legal plays

@nb.njit(cache=True, inline="always", _nrt=NRT)
def _emit(buf, n, typ, a1, a2, a3):
    if n < buf.shape[0]:
        buf[n, 0] = typ
        buf[n, 1] = a1
        buf[n, 2] = a2
        buf[n, 3] = a3
    return n + 1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def listed(typ, depth):
    """Whether a play of type typ that ends at its action ``depth`` (a capture or an offside cuts it short) is
    listed as that type: a play cut short is listed once, as type 1, or as type 5 when one player moved twice; one
    cut short by a pass called offside (offside_pass=called) as type 3 (a move, then the pass) or type 4 (passes
    only: type 7's first passes are type 4's)."""
    if KINDS[typ, depth] == PASS:
        return depth == 2 or typ == 3 or typ == 4
    return depth == 2 or typ == 1 or (typ == 5 and depth == 1)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _wide(c, w, t, d):
    """Whether any move of a player earlier in the order of moves may follow the play's move at action d (undo row
    d): it is a slide (a move onto its line must wait for it), or, where offside is called, a team-mate's step into
    the attacking zone (the carrier may leave the zone after it); otherwise only the moves of :func:`first_moves`'
    lists for that (:func:`next_move`)."""
    if w.save[d, 6] % 2 == 1:
        return True
    return (c.rules[R.offside_called] != 0 and w.S[Z.poss] == t and w.save[d, 2] != w.S[Z.carrier]
            and in_attack_zone(c, t, w.save[d, 4]) and not in_attack_zone(c, t, w.save[d, 3]))


@nb.njit(cache=True, inline="always", _nrt=NRT)
def n_cands(c, w, t, typ, depth):
    """How many candidates the generator has for the action at position ``depth`` of a play of type ``typ``: the
    six receivers of a pass, the three goal circles of a shot, a move's :func:`next_move` candidates."""
    kind = KINDS[typ, depth]
    if kind != MOVE:
        return 6 if kind == PASS else 3
    m = MOVERS[typ]
    if depth == 0:
        if m == 3:
            return w.cstart[1] - w.cstart[0]            # type 8: the carrier, first in the order of moves
        return w.cstart[N_SLOTS]
    prev = w.ix[depth - 1] // 16
    if m == 1:
        r = rank_of(w.S, t, prev)
        n = w.cstart[N_SLOTS] - w.cstart[r + 1]
        if _wide(c, w, t, depth - 1):
            return n + w.cstart[r]
        return n + w.cstart[N_SLOTS + 2] - w.cstart[N_SLOTS + 1] + w.cstart[ONTO + prev]
    return w.nmv[t, 1 if prev == GK else 0, w.pos[t, prev]]


@nb.njit(cache=True, inline="always", _nrt=NRT)
def next_move(c, w, t, typ, depth, j):
    """The generator's j-th candidate (j < :func:`n_cands`) for the move at position ``depth`` of a play of type
    ``typ``.  A first move comes from the lists of :func:`first_moves`, the carrier's first move of type 8 from his
    list alone.  A move by another player after a move (types 1, 2 and 6) from the lists of the players later in
    the order of moves (:func:`rank_of`: the carrier first, then slot order), then the moves of players earlier in
    the order that may follow it: after a slide or a team-mate's step into the zone (:func:`_wide`) any of their
    moves, else those of :func:`first_moves`' list of moves that may follow a later player's and its list of steps
    onto the circle the last mover left; SKIP for one by a player who has moved.  A coach moves his players in any
    order, and each set of moves is listed once, in the first order that can be made (:func:`passed_over`,
    :func:`first_order`).  A player's second move comes from the list of where his first left him
    (:func:`fill_moves`)."""
    if depth == 0:
        return w.cand[j]            # type 8: j < the carrier's list, the first (n_cands)
    prev = w.ix[depth - 1] // 16
    if MOVERS[typ] == 1:
        r = rank_of(w.S, t, prev)
        i = w.cstart[r + 1] + j
        if i < w.cstart[N_SLOTS]:
            a = w.cand[i]
        else:
            i -= w.cstart[N_SLOTS]
            if _wide(c, w, t, depth - 1):
                a = w.cand[i]
            else:
                i += w.cstart[N_SLOTS + 1]
                a = w.cand[i] if i < w.cstart[N_SLOTS + 2] else w.cand[ONTO_AT + prev * 8 + i - w.cstart[N_SLOTS + 2]]
                if rank_of(w.S, t, a // 16) >= r:
                    return SKIP
        if depth == 2 and a // 16 == w.ix[0] // 16:
            return SKIP
        return a
    p = w.pos[t, prev]
    return prev * 16 + w.mv[t, 1 if prev == GK else 0, p, j]


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _on_slide(c, p, code, q):
    """Move ``code`` from circle p is a slide whose line holds circle q."""
    return code % 2 == 1 and _line_holds(c, c.slide_of[c.nbr[p, (code % 16) // 2]], q)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _line_holds(c, k, q):
    """Slide line k runs through circle q (either end included)."""
    for j in range(c.slide_len[k]):
        if c.slide_path[k, j] == q:
            return True
    return False


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _forced(c, xf, xc, yf, yt, yc):
    """Move y can only be made after move x (different players, x from circle xf with code xc, y from yf to yt with
    code yc), whatever else is moved: y ends on or slides across the circle x leaves, or x slides across the circle
    y ends on."""
    return yt == xf or _on_slide(c, yf, yc, xf) or _on_slide(c, xf, xc, yt)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _forced_rows(c, w, dx, dy):
    """:func:`_forced` for the moves of undo rows dx and dy."""
    return _forced(c, w.save[dx, 3], w.save[dx, 6], w.save[dy, 3], w.save[dy, 4], w.save[dy, 6])


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _matters(c, w, t, xs, xf, xt, xc, ys, yf, yt, yc):
    """Whether team t's moves x then y (different players, each OK, y right after x; their slots, circles left and
    reached, and codes) might not be made in the other order with the same result: y ends on or slides across the
    circle x left, x's slide crosses the circle y ends on (:func:`_forced`), or one is the carrier's move into or out
    of the attacking zone and the other a team-mate's step into it (offside is judged where the carrier stands).
    Otherwise y then x is legal move by move and ends the same, so the other order lists the play
    (:func:`first_order`)."""
    if _forced(c, xf, xc, yf, yt, yc):
        return True
    if c.rules[R.offside_called] != 0 and w.S[Z.poss] == t:
        cs = w.S[Z.carrier]
        if xs == cs:
            return (in_attack_zone(c, t, yt) and not in_attack_zone(c, t, yf)
                    and in_attack_zone(c, t, xf) != in_attack_zone(c, t, xt))
        if ys == cs:
            return (in_attack_zone(c, t, xt) and not in_attack_zone(c, t, xf)
                    and in_attack_zone(c, t, yf) != in_attack_zone(c, t, yt))
    return False


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _could_reorder(c, w, t, k, a1, a2, a3):
    """Whether the order of team t's k moves a1..a3 (different players, not made) might matter (a quick superset of
    :func:`_matters` for some two of them): one is a slide, one ends on the circle another leaves, or (where
    the rules call offside, with the puck) one is the carrier's and another a team-mate's step into the zone."""
    cs = w.S[Z.carrier] if w.S[Z.poss] == t else -1
    carrier = False
    entry = False
    for i in range(k):
        x = a1 if i == 0 else (a2 if i == 1 else a3)
        if x % 2 == 1:
            return True
        xf = w.pos[t, x // 16]
        xt = move_dest(c, xf, x % 16)
        for j in range(k):
            y = a1 if j == 0 else (a2 if j == 1 else a3)
            if j != i and w.pos[t, y // 16] == xt:
                return True
        if x // 16 == cs:
            carrier = True
        elif cs >= 0 and in_attack_zone(c, t, xt) and not in_attack_zone(c, t, xf):
            entry = True
    return carrier and entry and c.rules[R.offside_called] != 0


@nb.njit(cache=True, inline="always", _nrt=NRT)
def pre_moves(typ, depth, st):
    """How many moves of different players come before whatever the play's order cannot change: all of them in a
    play made to its end (type 1 three, types 2 and 6 two, then the pass or the shot), those before the move that
    ends a play cut short (a capture, an offside at action ``depth``)."""
    if st == CAPTURE or st == OFFSIDE:
        return depth
    return 3 if typ == 1 else 2


@nb.njit(cache=True, inline="always", _nrt=NRT)
def first_order(c, w, t, typ, depth, k):
    """Whether the play made on the working position (actions ``w.ix[:depth + 1]`` in undo rows 0..depth, its first
    k moves by different players, each OK) is written in the first order of those k moves that can be made: no
    order of them that comes earlier -- lexicographically by their movers' places in the order of moves,
    :func:`rank_of` -- can be made move by move, each move OK.  What follows them (the move that ends the play, a
    pass, a shot) is the same whatever their order.  A coach moves his players in any order; each set of moves is
    listed once, in this order.  Moves already in the order of moves are; any other order is tried
    (:func:`_no_earlier_order`)."""
    if k < 2:
        return True
    cs = -1                                     # the carrier when the play began: a pass made since is undone
    if w.S[Z.poss] == t:
        cs = w.save[2, 6] if depth == 2 and KINDS[typ, 2] == PASS else w.S[Z.carrier]
    r0 = rank_by(cs, w.ix[0] // 16)
    r1 = rank_by(cs, w.ix[1] // 16)
    r2 = rank_by(cs, w.ix[2] // 16) if k == 3 else N_SLOTS
    if r0 < r1 and r1 < r2:
        return True
    # Where each pair of moves out of the order of moves is one whose order is forced (:func:`_forced`), no earlier
    # order can be made -- except, of three moves, when the first is the latest in the order of moves and the second
    # the earliest (an order starting with the third may still be made)
    if (r0 < r1 or _forced_rows(c, w, 0, 1)) and (r1 < r2 or _forced_rows(c, w, 1, 2)) and not (r1 < r2 < r0):
        return True
    return _no_earlier_order(c, w, t, typ, depth, k, cs)


@nb.njit(cache=True, _nrt=NRT)
def _no_earlier_order(c, w, t, typ, depth, k, cs):
    """:func:`first_order` for moves not in the order of moves (``cs`` the carrier when the play began, -1 for the
    team without the puck): each earlier order is tried on the position (undo rows 9-11), which is left as it was."""
    ix = w.ix
    o = stack_empty(3, np.int64)               # the k moves' indices in ix, sorted by place in the order of moves
    for i in range(k):
        o[i] = i
    for i in range(1, k):
        j = i
        while j > 0 and rank_by(cs, ix[o[j]] // 16) < rank_by(cs, ix[o[j - 1]] // 16):
            o[j], o[j - 1] = o[j - 1], o[j]
            j -= 1
    perms = PERMS3 if k == 3 else PERMS2
    for d in range(depth, -1, -1):
        undo(w, d)
    earlier = False
    for i in range(perms.shape[0]):
        this = True
        for j in range(k):
            if o[perms[i, j]] != j:
                this = False
        if this:
            break                               # the order made: no earlier order can be made
        made = 0
        ok = True
        for j in range(k):
            st = step(c, w, t, MOVE, ix[o[perms[i, j]]], 9 + j)
            if st != ILLEGAL:
                made += 1
            if st != OK:
                ok = False
                break
        for j in range(made - 1, -1, -1):
            undo(w, 9 + j)
        if ok:
            earlier = True
            break
    for d in range(depth + 1):
        step(c, w, t, KINDS[typ, d], ix[d], d)
    return not earlier


@nb.njit(cache=True, inline="always", _nrt=NRT)
def may_follow(c, w, t, p, code):
    """Whether a move ``code`` of team t from circle p might come right after a team-mate's move made by a player
    later in the order of moves (:func:`passed_over` lets it): it ends on a circle a team-mate holds now, it is a
    slide, or it ends on a slide line (a team-mate's slide may need to cross the circle first).  Offside's pair, the
    carrier's move after a team-mate's step into the zone, is left to the caller."""
    q = move_dest(c, p, code % 16)
    if code % 2 == 1 or (w.occ[q] != 0 and (w.occ[q] - 1) // N_SLOTS == t):
        return True
    for k in range(c.slide_len.shape[0]):
        if _line_holds(c, k, q):
            return True
    return False


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _offside(c, w, t, s, p, q):
    """OFFSIDE 2, where the rules call it: slot s of team t, a team-mate of the carrier, steps from circle p outside
    the attacking zone to q inside it while the carrier stands outside it."""
    cs = w.S[Z.carrier]
    return (c.rules[R.offside_called] != 0 and w.S[Z.poss] == t and s != cs and in_attack_zone(c, t, q)
            and not in_attack_zone(c, t, p) and not in_attack_zone(c, t, w.pos[t, cs]))


@nb.njit(cache=True, inline="always", _nrt=NRT)
def may_end(c, w, t, s, p, q):
    """Whether slot s of team t stepping from circle p to q would end the play, if legal: a capture of the opposing
    carrier, or an offside (:func:`_offside`) -- :func:`step`'s tests."""
    poss = w.S[Z.poss]
    if poss == 1 - t:
        return w.occ[q] == code_of(poss, w.S[Z.carrier])
    return _offside(c, w, t, s, p, q)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def passed_over(c, w, t, typ, depth, a):
    """Whether the generator passes over move ``a`` as action ``depth`` of a play of type typ, before making it: a
    move by a player earlier in the order of moves (:func:`rank_of`) than the move before it (made, undo row
    ``depth - 1``) that would not end the play and could be made before that move with the same result (not
    :func:`_matters`), so that the earlier order lists the play."""
    if depth == 0 or MOVERS[typ] != 1 or KINDS[typ, depth] != MOVE:
        return False
    ys = a // 16
    if rank_of(w.S, t, ys) > rank_of(w.S, t, w.ix[depth - 1] // 16):
        return False
    yf = w.pos[t, ys]
    yt = move_dest(c, yf, a % 16)
    if may_end(c, w, t, ys, yf, yt):
        return False
    x = depth - 1
    return not _matters(c, w, t, w.save[x, 2], w.save[x, 3], w.save[x, 4], w.save[x, 6], ys, yf, yt, a)


@nb.njit(cache=True, _nrt=NRT)
def generate(c, w, t, buf, evalmode, view, val):
    """Every legal play of team t from the working position into ``buf`` (rows type, a1, a2, a3); returns how
    many.  A play cut short (a capture or an offside at its first or second action) is listed once: as type 1
    (a first move, or moves of different players) or type 5 (two moves of one player); one cut short by a pass
    called offside (offside_pass=called) as type 3 or 4 (:func:`listed`).  Moves of different players
    may come in any order; each set of them is listed once, in the first order that can be made
    (:func:`first_order`).  With ``evalmode`` > 0 each play's value (policies.leaf_value, from team ``view``'s side)
    goes into ``val``.  The position is left as it was.  The plays come by type, then in the order of each action's
    candidates (:func:`next_move`: moves from the players' lists of possible moves only, every other code being one
    :func:`step` refuses)."""
    n = 0
    has = w.S[Z.poss] == t
    ix = w.ix
    jx = w.jx
    nn = stack_empty(3, np.int64)
    first_moves(c, w, t)
    for typ in range(1, 9):
        if not has and typ > 1:
            break
        depth = 0
        jx[0] = -1
        nn[0] = n_cands(c, w, t, typ, 0)
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
            st = step(c, w, t, kind, a, depth)
            if st == ILLEGAL:
                continue
            if depth == 2 or st != OK:
                if listed(typ, depth) and (MOVERS[typ] != 1
                                           or first_order(c, w, t, typ, depth, pre_moves(typ, depth, st))):
                    if evalmode > 0 and n < val.shape[0]:
                        val[n] = leaf_value(c, w, t, st, evalmode, view)
                    n = _emit(buf, n, typ, ix[0], ix[1] if depth >= 1 else -1, ix[2] if depth == 2 else -1)
                undo(w, depth)
                continue
            depth += 1
            jx[depth] = -1
            nn[depth] = n_cands(c, w, t, typ, depth)
    return n


# ---------------------------------------------------------------- a uniformly random legal play

@nb.njit(cache=True, _nrt=NRT)
def fill_moves(c, mv, mvd, nmv, kmv, reach):
    """The sampler's move lists (:func:`random_play`) and greedy's reach table, ``w.mv`` to ``w.kmv`` and
    ``w.reach`` of every game on the board and rules of ``c`` (engine.compile_ctx fills them into the run's ``Ctx``).
    ``w.mv[t, g, p, :w.nmv[t, g, p]]`` are the move codes (direction * 2 + slide) a player of team t (g 1 the
    goalkeeper, 0 a skater) on circle p might make in some position: toward a neighbouring circle, a slide only onto
    a slide line's end with slides on, ending on a circle he may stand on as the puck carrier (the most a player
    may).  ``w.mvd`` beside it: the circle the move ends on, times 2, plus 1 when only the carrier (or a capture)
    may end there.  ``w.kmv[0]`` is the longest list.  A superset of the legal moves: whether the circle is free, a
    capture or an offside is left to :func:`step`.  Also ``w.reach[t, g, p]``: the most rows up the ice within 0, 1
    and 2 moves from p, the moves to a shaded circle of the goal attacked (3: three or more), and (column 4, where
    the rules call offside) the moves of the list that step from outside t's attacking zone into it, bit i for
    ``w.mv[t, g, p, i]`` (:func:`first_moves`: a team-mate of the carrier's such move may end a play).  Columns 5
    and 6, the circles the list's moves end on, circles 0-63 and 64-127 as bits; column 7, 1 when the board has
    more than 128 circles (no bits) -- the sampler looks for a capture among a player's moves only when the
    carrier's circle is one of them (:func:`random_play`)."""
    kmax = 1
    for t in range(2):
        for g in range(2):
            s = GK if g == 1 else CENTRE
            for p in range(c.rc.shape[0]):
                n = 0
                for d in range(8):
                    q = c.nbr[p, d]
                    if q < 0 or not step_allowed(c, t, p, q):
                        continue
                    for slide in range(2):
                        dest = q
                        if slide == 1:
                            if c.rules[R.slides] == 0 or c.slide_of[q] < 0:
                                continue
                            dest = slide_end(c, q)
                            if not slide_allowed(c, t, q, dest):
                                continue
                        if may_stand(c, t, s, dest, True):
                            mv[t, g, p, n] = d * 2 + slide
                            mvd[t, g, p, n] = dest * 2 + (0 if may_stand(c, t, s, dest, False) else 1)
                            n += 1
                nmv[t, g, p] = n
                kmax = max(kmax, n)
    kmv[0] = kmax
    # greedy's bounds (greedy.py): the most rows a player could be up the ice after 0, 1, 2 moves, and the moves
    # to a shaded circle of the goal attacked (3: three or more), through the same lists
    for t in range(2):
        for g in range(2):
            for k in range(3):
                for p in range(c.rc.shape[0]):
                    if k == 0:
                        reach[t, g, p, 0] = progress(c, t, p)
                        reach[t, g, p, 3] = 0 if c.shade_of[p] == 1 - t else 3
                        continue
                    best = reach[t, g, p, k - 1]
                    near = reach[t, g, p, 3]
                    for i in range(nmv[t, g, p]):
                        q = mvd[t, g, p, i] // 2
                        best = max(best, reach[t, g, q, k - 1])
                        if reach[t, g, q, 3] == k - 1:
                            near = min(near, k)
                    reach[t, g, p, k] = best
                    reach[t, g, p, 3] = near
    # the moves that step into the team's attacking zone from outside it (an offside when the carrier is outside)
    for t in range(2):
        for g in range(2):
            for p in range(c.rc.shape[0]):
                bits = 0
                if c.rules[R.offside_called] != 0 and not in_attack_zone(c, t, p):
                    for i in range(nmv[t, g, p]):
                        if in_attack_zone(c, t, mvd[t, g, p, i] // 2):
                            bits |= 1 << i
                reach[t, g, p, 4] = bits
    # the circles each list's moves end on: where a capture could be among them (random_play)
    for t in range(2):
        for g in range(2):
            for p in range(c.rc.shape[0]):
                m0 = 0
                m1 = 0
                for i in range(nmv[t, g, p]):
                    m0, m1 = with_circle(m0, m1, mvd[t, g, p, i] // 2)
                reach[t, g, p, 5] = m0
                reach[t, g, p, 6] = m1
                reach[t, g, p, 7] = 1 if c.rc.shape[0] > 128 else 0


@nb.njit(cache=True, inline="always", _nrt=NRT)
def with_circle(m0, m1, x):
    """The set of circles (m0: bits of circles 0-63, m1: 64-127) with circle x added; x >= 128 is left out."""
    if x < 64:
        return m0 | (1 << x), m1
    if x < 128:
        return m0, m1 | (1 << (x - 64))
    return m0, m1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _move(w, t, s, i):
    """Move code of slot s's i-th listed move from the circle he stands on (:func:`fill_moves`); -1 past the end
    of the list or off the board."""
    p = w.pos[t, s]
    if p < 0:
        return -1
    g = 1 if s == GK else 0
    if i >= w.nmv[t, g, p]:
        return -1
    return s * 16 + w.mv[t, g, p, i]


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _slide_blocked(slide_of, slide_len, slide_path, occ, t, q):
    """An opponent of team t stands on the slide line starting at circle q, short of its far end."""
    k = slide_of[q]
    ln = slide_len[k]
    start = 0 if slide_path[k, 0] == q else ln - 1
    for j in range(ln - 1):
        o = occ[slide_path[k, abs(start - j)]]
        if o != 0 and (o - 1) // N_SLOTS != t:
            return True
    return False


@nb.njit(cache=True, inline="always", _nrt=NRT)
def first_moves(c, w, t):
    """Each player's possible first moves from where he stands: ``w.cand[w.cstart[r]:w.cstart[r + 1]]`` (move
    codes, ascending) is the list of the player at place r of the order of moves (:func:`rank_of`: the carrier
    first, then slot order), his list of :func:`fill_moves` without the moves no action of team t's play can make
    legal -- onto or along a slide through a circle an opponent holds (opponents do not move during the play; the
    capture of their carrier excepted), or onto a circle only the carrier may stand on.  A player's moves all come
    before the play's passes, so whether he carries the puck is known now.  After the six lists,
    ``w.cand[w.cstart[N_SLOTS]:w.cstart[N_SLOTS + 1]]``: the moves among them that may end a play: a capture of the
    carrier, or a team-mate of the carrier stepping from outside the attacking zone into it (``w.reach[..., 4]``:
    :func:`fill_moves`; an offside, where the rules call it).  Then, ``w.cand[w.cstart[N_SLOTS +
    1]:w.cstart[N_SLOTS + 2]]``, the moves that may come right after the move of a player later in the order of
    moves (:func:`next_move`; :func:`passed_over` lets no other through): those that may end a play and slides; and
    the other steps onto the circle of team-mate k, which may come only right after his move (when it is neither a
    slide nor a step into the zone: :func:`next_move`), ``w.cand[ONTO_AT + 8 * k:][:w.cstart[ONTO + k]]``.  The play
    generator's and greedy's lists; the random sampler reads each player's whole list instead
    (:func:`_first_of`).  The work is :func:`_first_moves`, a call on the arrays it reads (a call copies every array
    it is given)."""
    _first_moves(c.nbr, c.slide_of, c.slide_len, c.slide_path, w.S, w.pos, w.occ, w.mv, w.mvd, w.nmv, w.reach,
                 w.cand, w.cstart, t)


@nb.njit(cache=True, _nrt=NRT)
def _first_moves(nbr, slide_of, slide_len, slide_path, S, pos, occ, mv, mvd, nmv, reach, cand, cstart, t):
    """The work of :func:`first_moves`."""
    poss = S[Z.poss]
    cs = S[Z.carrier]
    prey = code_of(poss, cs) if poss == 1 - t else -1     # the carrier team t may capture
    for k in range(N_SLOTS):
        cstart[ONTO + k] = 0
    n = 0
    m = 0                   # the moves that may end a play, kept from cand[MAX_CANDS] on until the lists are done
    m2 = 0                  # the moves that may follow a later player's, kept from cand[2 * MAX_CANDS] on
    for r in range(N_SLOTS):
        cstart[r] = n
        s = slot_at(S, t, r)
        p = pos[t, s]
        if p >= 0:
            g = 1 if s == GK else 0
            carrier = poss == t and cs == s
            entry = reach[t, g, p, 4] if poss == t and not carrier else 0      # bit i: move i enters the zone
            for i in range(nmv[t, g, p]):
                loc = mv[t, g, p, i]
                o = occ[mvd[t, g, p, i] // 2]
                capture = o != 0 and o == prey
                if o != 0 and (o - 1) // N_SLOTS != t and not capture:
                    continue
                if mvd[t, g, p, i] % 2 == 1 and not (carrier or capture):
                    continue
                if loc % 2 == 1 and _slide_blocked(slide_of, slide_len, slide_path, occ, t, nbr[p, loc // 2]):
                    continue
                cand[n] = s * 16 + loc
                n += 1
                ends = capture or (entry >> i) & 1 == 1
                if ends:
                    cand[MAX_CANDS + m] = s * 16 + loc
                    m += 1
                if ends or loc % 2 == 1:
                    cand[2 * MAX_CANDS + m2] = s * 16 + loc
                    m2 += 1
                elif o != 0:                # onto a team-mate: only right after his move
                    k = (o - 1) % N_SLOTS
                    cand[ONTO_AT + k * 8 + cstart[ONTO + k]] = s * 16 + loc
                    cstart[ONTO + k] += 1
    cstart[N_SLOTS] = n
    for i in range(m):
        cand[n + i] = cand[MAX_CANDS + i]
    cstart[N_SLOTS + 1] = n + m
    for i in range(m2):
        cand[n + m + i] = cand[2 * MAX_CANDS + i]
    cstart[N_SLOTS + 2] = n + m + m2


@nb.njit(cache=True, _nrt=NRT)
def _draw(st, n):
    """``uniform_int(st, n)`` as a call: the sampler draws at some 20 places, and numba would inline each copy."""
    return uniform_int(st, n)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _class_size(k, K, K2, E):
    """Size of the sampler's proposal class k (see :func:`random_play`): a move by one of several players drawn as
    one of K places in his list of first moves, a player's second move as one of K2 places, a move that ends the
    play after other players' moves as one of the E moves that may end a play; the team without the puck
    draws from classes 0-2, 11 and 12 only; classes 13-15, plays cut short by a pass called offside, are drawn
    only with offside_pass=called."""
    if k == 13:
        return 6 * K * 6            # type 3 cut short at its first pass
    if k == 14:
        return 6                    # type 4 cut short at its first pass
    if k == 15:
        return 36                   # type 4 cut short at its second pass
    if k == 11:
        return 6 * K * E            # one move, then one of an earlier player that ends the play
    if k == 12:
        return 15 * K * K * E       # two moves of different players, then one of a third that ends the play
    if k == 0:
        return 6 * K                # a first move that is cut short
    if k == 1:
        return 15 * K * K           # two moves of different players (in order), the second cut short
    if k == 2:
        return 20 * K * K * K       # type 1: three players, made to its end
    if k == 3:
        return 6 * K * K2           # one player moved twice, the second move cut short
    if k == 4:
        return 15 * K * K * 6       # type 2
    if k == 5:
        return 6 * K * 36           # type 3
    if k == 6:
        return 216                  # type 4
    if k == 7:
        return 6 * K * K2 * 6       # type 5
    if k == 8:
        return 15 * K * K * 3       # type 6
    if k == 9:
        return 108                  # type 7
    return K * K2 * 3               # type 8 (the carrier)


#: the sampler's proposal classes (:func:`_class_size`)
N_CLASSES = 16

#: the sampler's table of the order of moves (:func:`_first_of`): each place's slot, then each place's circle
PL_LEN = 2 * N_SLOTS


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _first_of(c, w, t, pl, r, i):
    """The sampler's i-th place in the whole list of moves (:func:`fill_moves`) of team t's player at place r of the
    order of moves (``pl[r]``: his slot, ``pl[N_SLOTS + r]`` his circle, -1 off the board), as a move code; -1
    past the end of the list or for a move :func:`first_moves` would leave out (no action of the play can make it
    legal: the checks of :func:`_first_moves`, written out again here; one helper shared by both made the sampler,
    which inlines this at twelve places, about 0.92x as fast)."""
    p = pl[N_SLOTS + r]
    if p < 0:
        return -1
    s = pl[r]
    g = 1 if s == GK else 0
    if i >= w.nmv[t, g, p]:
        return -1
    loc = w.mv[t, g, p, i]
    d = w.mvd[t, g, p, i]
    o = w.occ[d // 2]
    if o != 0:
        poss = w.S[Z.poss]
        capture = poss == 1 - t and o == code_of(poss, w.S[Z.carrier])
        if (o - 1) // N_SLOTS != t and not capture:
            return -1
    else:
        capture = False
    if d % 2 == 1 and not (capture or (w.S[Z.poss] == t and w.S[Z.carrier] == s)):
        return -1
    if loc % 2 == 1 and _slide_blocked(c.slide_of, c.slide_len, c.slide_path, w.occ, t, c.nbr[p, loc // 2]):
        return -1
    return s * 16 + loc


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _try(c, w, t, typ, a1, a2, a3, cut, again, keep):
    """Whether the proposed play is legal and, for ``cut`` 1, 2 or 3, ended by a capture or an offside exactly at
    that action (and not before; ``cut`` 0: made to its end, a type-1 play's third move OK).  With ``again`` the
    second action is the mover's ``a2``-th listed move from where the first left him.  The position is restored,
    except for a legal play with ``keep``, which stays made.  Returns (legal, the second action's code, the status
    of the last action made)."""
    made = 0
    ok = False
    last = OK
    for i in range(3):
        code = a1 if i == 0 else (a2 if i == 1 else a3)
        if i == 1 and again:
            code = _move(w, t, a1 // 16, a2)
            a2 = code
            if code < 0:
                break
        st = step(c, w, t, KINDS[typ, i], code, 3 + i)
        if st == ILLEGAL:
            break
        made += 1
        last = st
        if i + 1 == cut:
            ok = st == CAPTURE or st == OFFSIDE
            break
        if i == 2:
            ok = KINDS[typ, 2] == PASS or (st != CAPTURE and st != OFFSIDE)    # a last pass may be called offside
            break
        if st != OK:
            break
    if not (ok and keep):
        for i in range(made - 1, -1, -1):
            undo(w, 3 + i)
    return ok, a2, last


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _try_orders(c, w, t, typ, a1, a2, a3, cut, again, keep, out):
    """:func:`_try` for a proposal; one of moves of different players (types 1, 2, 6, not cut short at its first
    move) is given in the order of moves (:func:`rank_of`) and made in the first order that can be made
    (:func:`first_order`): as given, else (when the order of its moves might matter, :func:`_could_reorder`) each
    other order of the moves before whatever the order cannot change, in turn.  The actions as made go into
    ``out[1:4]``.  Returns (legal, the status of the last action made).  One call of :func:`_try`, inlined once."""
    k = 0
    if MOVERS[typ] == 1 and cut != 1:
        k = 3 if cut == 0 and typ == 1 else (2 if cut == 0 or cut == 3 else 1)
    n = 1
    ok = False
    last = OK
    for i in range(6):
        if i == 1:
            if k < 2 or not _could_reorder(c, w, t, k, a1, a2, a3):
                break
            n = 6 if k == 3 else 2
        if i >= n:
            break
        b1 = a1
        b2 = a2
        b3 = a3
        if i > 0:
            for j in range(k):
                q = PERMS3[i, j] if k == 3 else PERMS2[i, j]
                m = a1 if q == 0 else (a2 if q == 1 else a3)
                if j == 0:
                    b1 = m
                elif j == 1:
                    b2 = m
                else:
                    b3 = m
        ok, b2, last = _try(c, w, t, typ, b1, b2, b3, cut, again, keep)
        out[1] = b1
        out[2] = b2
        out[3] = b3
        if ok:
            break
    return ok, last


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _pass_refused(c, w, t, ps, r):
    """A pass of team t from slot ps to slot r, neither of them moving in the play, is refused whatever the play's
    moves do: r off the board, the passer in a crease, two lines crossed, or the line not straight or blocked by an
    opponent (opponents do not move during a play).  A call of :func:`_pass_refused_on` on the seven arrays it
    reads: the sampler checks passes at seven places, and each inlined copy would lengthen the kernel's compile.
    With offside_pass=called a pass over two lines is not refused: it ends the play (:func:`step`)."""
    return _pass_refused_on(PassCtx(c.rc, c.index, c.lines, c.crease_of, c.rules), PassWork(w.pos, w.occ), t, ps, r)


@nb.njit(cache=True, _nrt=NRT)
def _pass_refused_on(c, w, t, ps, r):
    """:func:`_pass_refused` on ``c`` a context.PassCtx, ``w`` a context.PassWork."""
    a = w.pos[t, ps]
    b = w.pos[t, r]
    if r == ps or b < 0:
        return True
    k = c.crease_of[a]
    if k >= 0 and not (ps == GK and k == t):
        return True
    if c.rules[R.offside] != 0 and c.rules[R.pass_called] == 0 and lines_crossed(c, t, a, b) >= 2:
        return True
    return line_clear(c, w, a, b, t, False) != 1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _may_hold(c, w, t, typ, a1, a2, a3, cut):
    """False for a proposal :func:`step` would refuse for what is known before any action: a pass between two
    players who do not move that :func:`_pass_refused`, a shot at a goal circle the goalkeeper holds, a shot by a
    player who stands off the shaded circles and does not move.  Moves do not change the carrier; a play's moves
    come before its passes."""
    if cut != 0:
        return True
    cs = w.S[Z.carrier]
    if (typ == 6 or typ == 7 or typ == 8) and w.occ[c.goal[1 - t, a3]] != 0:
        return False
    if typ == 2 or typ == 5:
        m1 = a1 // 16
        m2 = m1 if typ == 5 else a2 // 16
        if a3 == cs:
            return False
        return m1 == cs or m1 == a3 or m2 == cs or m2 == a3 or not _pass_refused(c, w, t, cs, a3)
    if typ == 3:
        m = a1 // 16
        if a2 == cs or a3 == a2:
            return False
        if m != cs and m != a2 and _pass_refused(c, w, t, cs, a2):
            return False
        return m == a2 or m == a3 or not _pass_refused(c, w, t, a2, a3)
    if typ == 4:
        return not (_pass_refused(c, w, t, cs, a1) or _pass_refused(c, w, t, a1, a2)
                    or _pass_refused(c, w, t, a2, a3))
    if typ == 7:
        if _pass_refused(c, w, t, cs, a1) or _pass_refused(c, w, t, a1, a2):
            return False
        return c.shade_of[w.pos[t, a2]] == 1 - t
    if typ == 6 and a1 // 16 != cs and a2 // 16 != cs:
        return c.shade_of[w.pos[t, cs]] == 1 - t
    return True


@nb.njit(cache=True, inline="always", _nrt=NRT)
def random_play(c, w, t, st, script, out, max_tries, keep):
    """A legal play of team t drawn uniformly from all of them (the list :func:`generate` makes), by rejection:
    draw a proposal uniformly from a superset in which every legal play appears exactly once and keep the first
    that is legal.  In the superset a move by one of several players is one of K places in his whole list of moves
    from where he stands (:func:`fill_moves`; K the longest of the team's lists), a move :func:`first_moves` would
    leave out rejected when it is drawn (:func:`_first_of`: the decision's lists are not made, which was a quarter
    of a random game), a player's second move one of K2 = ``w.kmv[0]`` places in the list of where the first left
    him, a place past the end of a list rejected at once; a move that ends the play after moves of other players
    (classes 11, 12) one of the decision's moves that may end a play (those of :func:`first_moves`: a capture, or a
    step into the attacking zone by a team-mate of the carrier, found among the players' whole lists where
    ``w.reach`` says one may be; ``w.cand[:E]``), rejected when its player has moved (after one move, class 1
    holds those of players later in the order); each pass goes to any of the six slots, each shot at any of the three
    goal circles; with offside_pass=called, a play cut short by a pass called offside (types 3 and 4) is one of
    classes 13-15 (a type 3, 4 or 7 play that is not the one cut short is rejected).  Moves of different players
    are proposed as a set, in the order of moves (PAIRS, TRIPLES), and made in the first order that can be made
    (:func:`_try_orders`: the order :func:`generate` lists).  Writes
    (type, a1, a2, a3) into ``out``; returns False when ``max_tries`` proposals found nothing (then the caller lists
    the legal plays).  With ``keep`` the play drawn is left made on the board and the status of its last action is
    in ``w.S[Z.status]``: the game loop does not make it a second time (drivers.play_turn)."""
    has = w.S[Z.poss] == t
    K2 = w.kmv[0]
    pl = stack_empty(PL_LEN, np.int64)
    K = 0
    E = 0
    prey = -1 if has or w.S[Z.poss] < 0 else w.pos[1 - t, w.S[Z.carrier]]
    for r in range(N_SLOTS):
        s = slot_at(w.S, t, r)
        p = w.pos[t, s]
        pl[r] = s
        pl[N_SLOTS + r] = p
        if p < 0:
            continue
        g = 1 if s == GK else 0
        n = w.nmv[t, g, p]
        if n > K:
            K = n
        entry = w.reach[t, g, p, 4] if has and w.S[Z.carrier] != s else 0     # bit i: move i enters the zone
        near = prey >= 0 and (w.reach[t, g, p, 7] != 0 or (      # a capture may be among his moves
            (w.reach[t, g, p, 5] >> prey) & 1 == 1 if prey < 64 else (w.reach[t, g, p, 6] >> (prey - 64)) & 1 == 1))
        if entry != 0 or near:
            for i in range(n):
                if (entry >> i) & 1 == 1 or (near and w.mvd[t, g, p, i] // 2 == prey):
                    e = _first_of(c, w, t, pl, r, i)
                    if e >= 0:
                        w.cand[E] = e
                        E += 1
    size = stack_empty(N_CLASSES, np.int64)
    total = 0
    called = has and c.rules[R.pass_called] != 0
    for k in range(N_CLASSES):
        size[k] = _class_size(k, K, K2, E) if (called if k >= 13 else has or k <= 2 or k >= 11) else 0
        total += size[k]
    if total == 0:
        return False
    for _ in range(max_tries):
        # the class by its size, then each part of the proposal by its own draw (no division); a part that
        # falls past the end of a list refuses the proposal before the rest is drawn
        u = _draw(st, total)
        k = 0
        while u >= size[k]:
            u -= size[k]
            k += 1
        typ = 1
        a1 = -1
        a2 = -1
        a3 = -1
        cut = 0
        again = False
        if k == 0:
            a1 = _first_of(c, w, t, pl, _draw(st, N_SLOTS), _draw(st, K))
            cut = 1
        elif k == 11 or k == 12:
            if k == 11:
                r0 = _draw(st, N_SLOTS)
                r1 = r0
            else:
                j = _draw(st, 15)
                r0 = PAIRS[j, 0]
                r1 = PAIRS[j, 1]
            a1 = _first_of(c, w, t, pl, r0, _draw(st, K))
            if a1 < 0:
                continue
            e = w.cand[_draw(st, E)]
            re = rank_of(w.S, t, e // 16)
            if re == r0 or re == r1 or (k == 11 and re > r0):
                continue                    # by a player who has moved (one move: class 1 has the later ones)
            if has:
                cs = w.S[Z.carrier]
                cp = move_dest(c, w.pos[t, cs], a1 % 16) if a1 // 16 == cs else w.pos[t, cs]
                if in_attack_zone(c, t, cp):
                    continue                # no offside while the carrier is in the zone
            if k == 11:
                a2 = e
                cut = 2
            else:
                a2 = _first_of(c, w, t, pl, r1, _draw(st, K))
                a3 = e
                cut = 3
        elif k == 1 or k == 4 or k == 8:
            j = _draw(st, 15)
            a1 = _first_of(c, w, t, pl, PAIRS[j, 0], _draw(st, K))
            if a1 < 0:
                continue
            a2 = _first_of(c, w, t, pl, PAIRS[j, 1], _draw(st, K))
            if k == 1:
                cut = 2
            else:
                typ = 2 if k == 4 else 6
                a3 = _draw(st, 6 if k == 4 else 3)
        elif k == 2:
            j = _draw(st, 20)
            a1 = _first_of(c, w, t, pl, TRIPLES[j, 0], _draw(st, K))
            if a1 < 0:
                continue
            a2 = _first_of(c, w, t, pl, TRIPLES[j, 1], _draw(st, K))
            if a2 < 0:
                continue
            a3 = _first_of(c, w, t, pl, TRIPLES[j, 2], _draw(st, K))
        elif k == 3 or k == 7:
            typ = 5
            a1 = _first_of(c, w, t, pl, _draw(st, N_SLOTS), _draw(st, K))
            if a1 < 0:
                continue
            a2 = _draw(st, K2)
            again = True
            if k == 3:
                cut = 2
            else:
                a3 = _draw(st, 6)
        elif k == 5 or k == 13:
            typ = 3
            a1 = _first_of(c, w, t, pl, _draw(st, N_SLOTS), _draw(st, K))
            if a1 < 0:
                continue
            a2 = _draw(st, 6)
            if k == 5:
                a3 = _draw(st, 6)
            else:
                cut = 2
        elif k == 6 or k == 14 or k == 15:
            typ = 4
            a1 = _draw(st, 6)
            if k != 14:
                a2 = _draw(st, 6)
            if k == 6:
                a3 = _draw(st, 6)
            else:
                cut = 1 if k == 14 else 2
        elif k == 9:
            typ = 7
            a1 = _draw(st, 6)
            a2 = _draw(st, 6)
            a3 = _draw(st, 3)
        else:
            typ = 8
            a1 = _first_of(c, w, t, pl, 0, _draw(st, K))      # the carrier: first in the order of moves
            if a1 < 0:
                continue
            a2 = _draw(st, K2)
            a3 = _draw(st, 3)
            again = True
        if KINDS[typ, 0] == MOVE and a1 < 0:
            continue
        if KINDS[typ, 1] == MOVE and not again and cut != 1 and a2 < 0:
            continue
        if KINDS[typ, 2] == MOVE and cut == 0 and a3 < 0:
            continue
        if not _may_hold(c, w, t, typ, a1, a2, a3, cut):
            continue
        ok, last = _try_orders(c, w, t, typ, a1, a2, a3, cut, again, keep, out)
        if ok:
            if keep:
                w.S[Z.status] = last
            out[0] = typ
            if cut == 1:
                out[2] = -1
            if cut == 1 or cut == 2:
                out[3] = -1
            return True
    return False


# ---------------------------------------------------------------- after a play

@nb.njit(cache=True, inline="always", _nrt=NRT)
def log(w, team, typ, a1, a2, a3, status, extra, extra2):
    n = w.S[Z.nlog]
    if n < w.log.shape[0]:
        r = w.log[n]
        r[0] = w.S[Z.played]
        r[1] = team
        r[2] = typ
        r[3] = a1
        r[4] = a2
        r[5] = a3
        r[6] = status
        r[7] = extra
        r[8] = extra2
    w.S[Z.nlog] = n + 1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def snapshot(w):
    n = w.S[Z.nsnap]
    if n < w.snap.shape[0]:
        r = w.snap[n]
        k = 0
        for t in range(2):
            for s in range(N_SLOTS):
                r[k] = w.pos[t, s]
                k += 1
        r[12] = w.S[Z.poss]
        r[13] = w.S[Z.carrier]
        r[14] = w.S[Z.nlog]
    w.S[Z.nsnap] = n + 1


@nb.njit(cache=True, _nrt=NRT)
def free_near(c, w, t, s, centre, ahead):
    """A free circle where player (t, s) (not carrying the puck) may stand: an adjoining circle of ``centre``
    (directions in the board's order, starting toward t's own goal, or with ``ahead`` toward the goal t attacks)
    or, when none is free, the free circle nearest ``centre`` (straight-line distance, then the lower index), never
    ``centre`` itself.  -1 if none."""
    back = 4 if t == 0 else 0
    if ahead:
        back = 4 - back
    for j in range(8):
        q = c.nbr[centre, (back + j) % 8]
        if q >= 0 and w.occ[q] == 0 and may_stand(c, t, s, q, False):
            return q
    best = -1
    bd = 1 << 40
    for q in range(c.rc.shape[0]):
        if q != centre and w.occ[q] == 0 and may_stand(c, t, s, q, False):
            d = dist2(c, q, centre)
            if d < bd:
                bd = d
                best = q
    return best


@nb.njit(cache=True, _nrt=NRT)
def resolve_capture(c, w, t, s):
    """PUCK IS CAPTURED: player (t, s) stands on the captured carrier's circle; the carrier "is moved on to any
    adjoining circle" (the first free one he may stand on, starting toward his own goal, or under captured_to=ahead
    toward the goal he attacks), team t has the puck and
    (s the goalkeeper, goalie_throw=teammate) the goalkeeper throws it to his most advanced team-mate short of the
    far icing line, unless he stands in the other crease.  Returns the thrower's receiver or -1."""
    o = 1 - t
    cs = w.S[Z.captured_slot]
    here = w.pos[t, s]
    q = free_near(c, w, o, cs, here, c.rules[R.captured_ahead] != 0)
    w.pos[o, cs] = q
    if q >= 0:
        w.occ[q] = code_of(o, cs)
    w.occ[here] = code_of(t, s)
    w.S[Z.poss] = t
    w.S[Z.carrier] = s
    w.cnt[t, C.captures] += 1
    # a goalkeeper who captured in the other crease (goalie_area=free) keeps the puck: thrown, it would leave him
    # without it on a circle only a carrier may stand on
    if s == GK and c.rules[R.goalie_throw] != 0 and may_stand(c, t, s, here, False):
        far = c.lines[4] if t == 0 else c.lines[3]
        best = -1
        bp = -1
        for r in range(1, N_SLOTS):
            p = w.pos[t, r]
            if p < 0:
                continue
            row = c.rc[p, 0]
            if (t == 0 and row > far) or (t == 1 and row <= far):
                continue
            pr = progress(c, t, p)
            if pr > bp:
                bp = pr
                best = r
        if best >= 0:
            w.S[Z.carrier] = best
            w.cnt[t, C.throws] += 1
            log(w, t, 0, best, -1, -1, OK, EV_THROW, 0)
            return best
    return -1


@nb.njit(cache=True, _nrt=NRT)
def faceoff(c, w, t):
    """After team t's offside (OFFSIDE, FACE OFF): the red dot nearest the puck; the defenders' skater nearest it
    is given the puck there (an attacker on the dot is moved to an adjoining circle); with faceoff_place=nearest
    the offending team's skater nearest the dot is placed on a circle adjoining it.  The carrier who lost the puck,
    if he stands in a crease (GAME MARKING: goalkeeper and puck carrier only), is moved off it as a captured carrier
    is (:func:`free_near`).  The defenders attack next."""
    d = 1 - t
    cs = w.S[Z.carrier]
    puck = w.pos[t, cs]
    dot = c.dots[0]
    bd = 1 << 40
    for i in range(c.dots.shape[0]):
        x = dist2(c, c.dots[i], puck)
        if x < bd:
            bd = x
            dot = c.dots[i]
    o = w.occ[dot]
    if o != 0 and (o - 1) // N_SLOTS == t:
        s2 = (o - 1) % N_SLOTS
        w.occ[dot] = 0
        w.pos[t, s2] = -1
        put(w, t, s2, free_near(c, w, t, s2, dot, False))
    taker = -1
    bd = 1 << 40
    for s in range(1, N_SLOTS):
        p = w.pos[d, s]
        if p >= 0:
            x = dist2(c, p, dot)
            if x < bd:
                bd = x
                taker = s
    if taker < 0:
        taker = GK
    if w.occ[dot] != code_of(d, taker):
        if w.occ[dot] != 0:          # a team-mate of the taker stands on the dot: they change places
            s2 = (w.occ[dot] - 1) % N_SLOTS
            old = w.pos[d, taker]
            w.occ[dot] = 0
            w.pos[d, s2] = -1
            put(w, d, taker, dot)
            put(w, d, s2, old)
        else:
            put(w, d, taker, dot)
    w.S[Z.poss] = d
    w.S[Z.carrier] = taker
    p = w.pos[t, cs]
    if p >= 0 and not may_stand(c, t, cs, p, False):
        put(w, t, cs, free_near(c, w, t, cs, p, c.rules[R.captured_ahead] != 0))
    placed = -1
    if c.rules[R.faceoff_place] != 0:
        bd = 1 << 40
        for s in range(1, N_SLOTS):
            p = w.pos[t, s]
            if p >= 0 and king(c, p, dot) > 1:
                x = dist2(c, p, dot)
                if x < bd:
                    bd = x
                    placed = s
        if placed >= 0:
            back = 4 if t == 0 else 0
            for j in range(8):
                q = c.nbr[dot, (back + j) % 8]
                if q >= 0 and w.occ[q] == 0 and may_stand(c, t, placed, q, False):
                    put(w, t, placed, q)
                    break
    w.cnt[d, C.faceoffs] += 1
    log(w, d, 0, dot, taker, placed, OK, EV_FACEOFF, 0)


@nb.njit(cache=True, _nrt=NRT)
def return_player(c, w, t):
    """The penalized player of team t back "to an X marked circle": his own if free, else the first free X circle
    of his team, else the free circle nearest his own."""
    s = w.S[Z.pen_slot + t]
    home = c.start[t, s]
    q = -1
    if w.occ[home] == 0:
        q = home
    else:
        for r in range(1, N_SLOTS):
            x = c.start[t, r]
            if w.occ[x] == 0:
                q = x
                break
    if q < 0:
        q = free_near(c, w, t, s, home, False)
    put(w, t, s, q)
    w.S[Z.pen_slot + t] = -1
    log(w, t, 0, s, q, -1, OK, EV_RETURN, 0)


@nb.njit(cache=True, _nrt=NRT)
def line_up(c, w, attacker):
    """Everyone on his X circle, the centre of ``attacker`` with the puck (the start, and the restart after a
    goal); a penalized player stays off the board."""
    for t in range(2):
        for s in range(N_SLOTS):
            p = w.pos[t, s]
            if p >= 0:
                w.occ[p] = 0
    for t in range(2):
        for s in range(N_SLOTS):
            if w.S[Z.pen_slot + t] == s:
                w.pos[t, s] = -1
            else:
                w.pos[t, s] = c.start[t, s]
                w.occ[c.start[t, s]] = code_of(t, s)
    w.S[Z.poss] = attacker
    w.S[Z.carrier] = CENTRE if w.S[Z.pen_slot + attacker] != CENTRE else 2

