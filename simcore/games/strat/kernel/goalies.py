"""Goalie changes: the pull for an extra skater (13; the delayed penalty's pull, 16.13, is kernel/delayed.py's) and the shelled goalie relieved (policy
``shelled=relieve``)."""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import stack_empty

from .coaching import PULL_CARDS_LEFT, observe, pulls_goalie
from .events import log
from .layout import EV, F, G, K, MAX_ROSTER, N_OBS, N_POL, NK, NT, POL, T, TM, ZL
from .tables import gk, sk, tm


@nb.njit(inline="always", cache=True)
def pull_possible(Z):
    """Whether :func:`goalie_pull` can change anything now: a goalie is out, or two or fewer cards are left."""
    return Z[ZL.ncards] - Z[ZL.cur] <= PULL_CARDS_LEFT or Z[ZL.pull] + Z[ZL.pull + 1] > 0


@nb.njit(inline="always", cache=True)
def extra_skater(D, Z, t):
    """The skater side ``t`` sends on for its pulled goalie (13.0, 16.13): the best healthy Offense off the ice
    (roster order breaks ties; -1 nobody)."""
    team = Z[ZL.team + t]
    best = -1
    bo = -1
    for k in range(tm(D, team, TM.nroster)):
        q = tm(D, team, TM.roster + k)
        if q < 0 or Z[ZL.injured + t * MAX_ROSTER + sk(D, q, F.slot)]:
            continue
        on = False
        for s in range(5):
            if Z[ZL.ice + t * 6 + s] == q:
                on = True
        if not on and sk(D, q, F.off) > bo:
            bo = sk(D, q, F.off)
            best = q
    return best


@nb.njit(cache=True)
def goalie_pull(D, Z, pol, OT_, L):
    """13.0: a team behind by one or two may pull its goalie with two or fewer cards left in the game: each
    coach decides on what his side sees (:func:`.coaching.pulls_goalie`); the extra skater is the best healthy
    Offense off the ice.  A pull needs a card left to play: with the deck spent (a center-ice faceoff or a draw
    that ends the period) the goalie stays in (one already out still comes back when his team is no longer one or
    two behind)."""
    if Z[ZL.delayed]:
        return          # a delayed penalty's pull (16.13) lasts until it is over (kernel/delayed.py)
    left = Z[ZL.ncards] - Z[ZL.cur]
    obs = stack_empty(N_OBS, np.int64)
    for t in range(2):
        observe(Z, t, obs)
        want = pulls_goalie(obs, pol[t * N_POL + POL.pull])
        if want and not Z[ZL.pull + t] and left > 0:
            best = extra_skater(D, Z, t)
            Z[ZL.pull + t] = 1
            Z[ZL.ice + t * 6 + 5] = best
            OT_[t * NT + T.pulled] = 1
            log(Z, L, EV.pull, t, best, left, 0, 0)
        elif Z[ZL.pull + t] and not want:
            Z[ZL.pull + t] = 0
            Z[ZL.ice + t * 6 + 5] = -1
            log(Z, L, EV.return_, t, 0, 0, 0, 0)


@nb.njit(cache=True)
def relieve(D, Z, OK, L):
    """The shelled goalie goes out for the backup at this faceoff (policy ``shelled=relieve``).  The backup comes
    in rested, with no goals against, and can be shelled in his turn; a goalie shelled earlier in the game is
    fatigued "for the rest of the game" (24.3) and does not come back: with both shelled the one in net stays."""
    for s in range(2):
        if Z[ZL.relieve + s]:
            Z[ZL.relieve + s] = 0
            team = gk(D, Z[ZL.gk + s], G.team)
            ns = 1 - Z[ZL.gkslot + s]
            if OK[(s * 2 + ns) * NK + K.shelled]:
                continue
            Z[ZL.gkslot + s] = ns
            Z[ZL.shelled + s] = 0
            Z[ZL.gk + s] = tm(D, team, TM.g + ns)
            Z[ZL.fat + s] = 0
            Z[ZL.gap + s] = 0
            Z[ZL.gag + s] = 0
            OK[(s * 2 + ns) * NK + K.gp] = 1
            log(Z, L, EV.relieve, s, Z[ZL.gk + s], 0, 0, 0)
