"""Goals, assists (14.1-14.22), shots on goal, and the goalie shelled by goals against (fatigue, 24.3)."""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import stack_empty

from .draws import draw_split
from .events import log
from .ice import chain_reset
from .layout import EV, F, K, MAX_ROSTER, NK, NP, NT, P, RULE, T, ZL
from .tables import rule, sk, spa


@nb.njit(cache=True)
def award_assists(D, Z, RS, t, scorer, pp, OP, L):
    """Assists on a goal by ``scorer`` (skater id) of team ``t`` (14.1-14.22)."""
    a = stack_empty(2, np.int64)
    a[0] = -1
    a[1] = -1
    n = 0
    if Z[ZL.ch_t] == t:
        for q in (Z[ZL.ch1], Z[ZL.ch2]):
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
                q = Z[ZL.ice + t * 6 + s]
                if q < 0 or q == scorer or q == a[0]:
                    continue
                r = sk(D, q, F.ast) - (1 if (pp and sk(D, q, F.star) and sk(D, q, F.isd)) else 0)
                if r >= spa(D, c, 0) and r > br:
                    br = r
                    best = q
            if best >= 0:
                a[n] = best
                n += 1
        for k in range(spa(D, c, 2)):
            if n >= limit:
                break
            q = Z[ZL.ice + t * 6 + spa(D, c, 3 + 2 * k)]
            if q < 0 or q == scorer or q == a[0]:
                continue
            r = sk(D, q, F.ast) - (1 if (pp and sk(D, q, F.star) and sk(D, q, F.isd)) else 0)
            if r >= spa(D, c, 4 + 2 * k):
                a[n] = q
                n += 1
    for k in range(n):
        OP[(t * MAX_ROSTER + sk(D, a[k], F.slot)) * NP + P.a] += 1
    log(Z, L, EV.assist, t, a[0], a[1], 0, 0)


@nb.njit(cache=True)
def score_goal(D, Z, RS, t, scorer, pp, sh, fatigue_goal, OT_, OP, OK, L):
    """Book a goal by ``scorer`` (skater id) of team ``t``; checks the shelled rule (24.3)."""
    d = 1 - t
    empty = Z[ZL.pull + d] != 0
    Z[ZL.score + t] += 1
    OT_[t * NT + T.goals] += 1
    per = Z[ZL.period]
    OT_[t * NT + T.g1 + (per - 1 if per <= 3 else 3)] += 1
    OP[(t * MAX_ROSTER + sk(D, scorer, F.slot)) * NP + P.g] += 1
    if pp:
        OT_[t * NT + T.ppg] += 1
        OP[(t * MAX_ROSTER + sk(D, scorer, F.slot)) * NP + P.ppg] += 1
    if sh:
        OT_[t * NT + T.shg] += 1
        OP[(t * MAX_ROSTER + sk(D, scorer, F.slot)) * NP + P.shg] += 1
    if empty:
        OT_[t * NT + T.eng] += 1
    if fatigue_goal:
        OT_[t * NT + T.fatg] += 1
    log(Z, L, EV.goal, t, scorer, pp + 2 * sh + 4 * empty + 8 * fatigue_goal, Z[ZL.score], Z[ZL.score + 1])
    if rule(D, RULE.assists):
        award_assists(D, Z, RS, t, scorer, pp, OP, L)
    if Z[ZL.score + t] == Z[ZL.score + d] + 1:
        Z[ZL.leadgk] = Z[ZL.gkslot]
        Z[ZL.leadgk + 1] = Z[ZL.gkslot + 1]
    if not empty:
        gs = Z[ZL.gkslot + d]
        OK[(d * 2 + gs) * NK + K.ga] += 1
        if Z[ZL.fat + d]:
            OK[(d * 2 + gs) * NK + K.ga_fat] += 1
        if fatigue_goal:
            OK[(d * 2 + gs) * NK + K.fatg] += 1
        Z[ZL.gap + d] += 1
        Z[ZL.gag + d] += 1
        # shelled once a game (24.3), a starter fatigued from the start (24.4) too: the count and the coach's
        # shelled policy see him
        if rule(D, RULE.fatigue) and Z[ZL.shelled + d] == 0 and (Z[ZL.gap + d] >= 4 or Z[ZL.gag + d] >= 6):
            Z[ZL.fat + d] = 1
            Z[ZL.shelled + d] = 1
            OK[(d * 2 + gs) * NK + K.shelled] = 1
            log(Z, L, EV.shelled, d, Z[ZL.gk + d], Z[ZL.gap + d], Z[ZL.gag + d], 0)
    if Z[ZL.ot]:
        Z[ZL.done] = 1
    chain_reset(Z)


@nb.njit(inline="always", cache=True)
def shot_on_goal(D, Z, t, p, OT_, OP, OK, pp):
    OT_[t * NT + T.sog] += 1
    if pp:
        OT_[t * NT + T.sog_pp] += 1
    OP[(t * MAX_ROSTER + sk(D, p, F.slot)) * NP + P.sog] += 1
    d = 1 - t
    if not Z[ZL.pull + d]:
        gs = Z[ZL.gkslot + d]
        OK[(d * 2 + gs) * NK + K.sa] += 1
        if Z[ZL.fat + d]:
            OK[(d * 2 + gs) * NK + K.sa_fat] += 1
