"""Injuries (15): the pending "also injury" resolved on a split card, and the most logical replacement (15.1)."""
from __future__ import annotations

import numba as nb

from .draws import draw_split
from .events import log
from .layout import EV, F, LINES_W, MAX_ROSTER, NP, P, RULE, TM, ZL
from .tables import rule, sk, spx, tm


@nb.njit(cache=True)
def resolve_injury(D, Z, RS, OP, L):
    """The pending "also injury": draw a split card, read its Injury section, replace the player (15.1)."""
    att = Z[ZL.inj_pend] - 1
    Z[ZL.inj_pend] = 0
    c = draw_split(Z, RS)
    side = att if spx(D, c, 2, 1) == 0 else 1 - att
    slot = spx(D, c, 2, 2)
    games = spx(D, c, 2, 3)
    p = Z[ZL.ice + side * 6 + slot]
    if p < 0:
        return
    rs = sk(D, p, F.slot)
    Z[ZL.injured + side * MAX_ROSTER + rs] = 1
    OP[(side * MAX_ROSTER + rs) * NP + P.inj] = games + 1
    best = replace_skater(D, Z, side, p)
    log(Z, L, EV.injury, side, slot, p, games, best)


@nb.njit(cache=True)
def _unit_mates(Z, base, start, units, size, p, q):
    """Whether ``p`` and ``q`` are in one of the ``units`` units of ``size`` players at lines offset ``start``."""
    for u in range(units):
        has_p = False
        has_q = False
        for j in range(size):
            x = Z[base + start + u * size + j]
            has_p = has_p or x == p
            has_q = has_q or x == q
        if has_p and has_q:
            return True
    return False


@nb.njit(cache=True)
def shares_unit(Z, side, p, q):
    """Whether ``q`` is in a forward line, defense pair, power-play or penalty-kill unit with ``p``: put in
    ``p``'s place he would be in it twice, and on the ice twice when it plays."""
    base = ZL.lines + side * LINES_W
    return (_unit_mates(Z, base, TM.f, 4, 3, p, q) or _unit_mates(Z, base, TM.d, 3, 2, p, q)
            or _unit_mates(Z, base, TM.pp, 2, 5, p, q) or _unit_mates(Z, base, TM.pk, 2, 4, p, q))


@nb.njit(cache=True)
def _other_unit(Z, base, start, size, p, q):
    """Whether ``q`` is in the one of the two units of ``size`` players at lines offset ``start`` that ``p`` is
    not in, ``p`` being in the other: put in ``p``'s place he would be in both units (19.2-19.3)."""
    for u in range(2):
        has_p = False
        has_q = False
        for j in range(size):
            has_p = has_p or Z[base + start + u * size + j] == p
            has_q = has_q or Z[base + start + (1 - u) * size + j] == q
        if has_p and has_q:
            return True
    return False


@nb.njit(cache=True)
def both_units(Z, side, p, q):
    """Whether ``q`` put in ``p``'s place would be in both power-play units (19.2) or both penalty-killing units
    (19.3)."""
    base = ZL.lines + side * LINES_W
    return _other_unit(Z, base, TM.pp, 5, p, q) or _other_unit(Z, base, TM.pk, 4, p, q)


@nb.njit(cache=True)
def in_lines(Z, side, start, n, q):
    """Whether ``q`` is among the first ``n`` places of ``side``'s lines at offset ``start`` (``TM.f``: the forward
    lines, three places each; ``TM.d``: the defense pairs, two each)."""
    for j in range(n):
        if Z[ZL.lines + side * LINES_W + start + j] == q:
            return True
    return False


@nb.njit(cache=True)
def replace_skater(D, Z, side, p):
    """Put the most logical replacement (15.1) for skater ``p`` of ``side`` into every unit and ice slot he
    holds; returns the replacement's id, or -1 when nobody is left (the position plays short)."""
    # a healthy skater off the ice, in no unit with p and not in a forward line in use when p is in a defense pair
    # in use or the reverse (a line and a pair play together: he would be on the ice twice), preferring (with two
    # PK units, 19.1) one who would not be in both PP or both PK units (19.2-19.3), then one in no forward line or
    # defense pair in use, at the same position, then the same group (forward / defense), then the best Offense
    special = rule(D, RULE.pk_units) == 2
    team = sk(D, p, F.team)
    n_f = 3 if rule(D, RULE.lines) == 3 else 4
    n_d = 2 if rule(D, RULE.lines) == 3 else 3
    p_f = in_lines(Z, side, TM.f, 3 * n_f, p)
    p_d = in_lines(Z, side, TM.d, 2 * n_d, p)
    best = -1
    bscore = -1
    for k in range(tm(D, team, TM.nroster)):
        q = tm(D, team, TM.roster + k)
        if q < 0 or Z[ZL.injured + side * MAX_ROSTER + sk(D, q, F.slot)] or q == p:
            continue
        on = False
        for s in range(6):
            if Z[ZL.ice + side * 6 + s] == q:
                on = True
        if on or shares_unit(Z, side, p, q):
            continue
        q_f = in_lines(Z, side, TM.f, 3 * n_f, q)
        q_d = in_lines(Z, side, TM.d, 2 * n_d, q)
        if (p_f and q_d) or (p_d and q_f):
            continue
        in_use = q_f or q_d
        score = 0
        if not (special and both_units(Z, side, p, q)):
            score += 800
        if not in_use:
            score += 400
        if sk(D, q, F.pos1) == sk(D, p, F.pos1) or sk(D, q, F.pos2) == sk(D, p, F.pos1):
            score += 200
        if sk(D, q, F.isd) == sk(D, p, F.isd):
            score += 100
        score += sk(D, q, F.off)
        if score > bscore:
            bscore = score
            best = q
    if best < 0:
        return best
    for j in range(LINES_W - 2):
        if Z[ZL.lines + side * LINES_W + j] == p:
            Z[ZL.lines + side * LINES_W + j] = best
    for s in range(6):
        if Z[ZL.ice + side * 6 + s] == p:
            Z[ZL.ice + side * 6 + s] = best
    return best
