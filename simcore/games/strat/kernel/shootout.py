"""The shootout (28.1-28.2)."""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import stack_empty

from .. import readings as R
from .draws import roll2, split_in
from .events import enc, log
from .layout import COL_REB, EV, F, K, MAX_ROSTER, NK, NT, RULE, T, TM, WIN_AWAY, WIN_HOME, WIN_TIE, ZL
from .tables import gc_row, rule, shot_row, sk, tm


@nb.njit(cache=True)
def shootout(D, Z, RS, OT_, OK, L):
    """28.1-28.2: rounds of one shooter a side on his Reb/Bkwy column, three rounds then sudden death; shooters
    by Offense (forwards first), each once before anyone repeats; injured skaters do not shoot (while a team
    has a healthy one).  The first three rounds end early once one side cannot catch up with the shots left
    (after any shot); sudden death ends after a round with the sides apart.  Returns (home, away goals, rounds
    begun, winner)."""
    goals = stack_empty(2, np.int64)
    shooters = stack_empty((2, MAX_ROSTER), np.int64)       # shooting order per side
    ns = stack_empty(2, np.int64)
    for t in range(2):
        goals[t] = 0
        ns[t] = 0
        team = Z[ZL.team + t]
        n = tm(D, team, TM.nroster)
        healthy = 0
        for j in range(n):
            if tm(D, team, TM.roster + j) >= 0 and not Z[ZL.injured + t * MAX_ROSTER + j]:
                healthy += 1
        for k in range(n):
            j = tm(D, team, TM.so + k)
            q = tm(D, team, TM.roster + j)
            if q < 0 or (Z[ZL.injured + t * MAX_ROSTER + j] and healthy > 0):
                continue
            shooters[t, ns[t]] = q
            ns[t] += 1
    rounds = 0
    decided = False
    while rounds < 100 and not decided:
        for t in range(2):
            p = shooters[t, rounds % ns[t]]
            d = 1 - t
            dice = roll2(Z, RS)
            r = shot_row(D, p, COL_REB, dice - 2)
            k = D[r + 0]
            goal = False
            isd = sk(D, p, F.isd)
            gs = Z[ZL.gkslot + d]
            OK[(d * 2 + gs) * NK + K.so_sa] += 1
            pending = ((k == R.GOAL and not (D[r + 3] and isd) and not (D[r + 1] == 1 and D[r + 2] == 20))
                       or (k == R.GOALIE_RATING and not (D[r + 1] and isd)))
            if pending:            # the shot is shown before the split card or the goalie's card that decides it
                log(Z, L, EV.so, t, p, dice, 2, enc(D, r))
            if k == R.SAVE_REBOUND:
                goal = True
            elif k == R.GOAL and not (D[r + 3] and isd):
                if D[r + 1] == 1 and D[r + 2] == 20:
                    goal = True
                else:
                    goal = split_in(D, Z, RS, L, t, D[r + 1], D[r + 2])
            elif k == R.GOALIE_RATING and not (D[r + 1] and isd):
                gd = roll2(Z, RS)
                g = gc_row(D, Z[ZL.gk + d], gd - 2, 1)
                log(Z, L, EV.goalie, d, Z[ZL.gk + d], gd, 0, enc(D, g))
                if D[g + 0] == R.GOAL:
                    if D[g + 1] == 1 and D[g + 2] == 20:
                        goal = True
                    else:
                        goal = split_in(D, Z, RS, L, t, D[g + 1], D[g + 2])
                elif D[g + 0] == R.FACEOFF and D[g + 1] and Z[ZL.fat + d] and rule(D, RULE.fatigue):
                    goal = True
            if goal:
                goals[t] += 1
                OK[(d * 2 + gs) * NK + K.so_ga] += 1
            if pending:
                log(Z, L, EV.so_result, t, p, 0, 1 if goal else 0, 0)
            else:
                log(Z, L, EV.so, t, p, dice, 1 if goal else 0, enc(D, r))
            # 28: in the first three rounds, stop as soon as one side cannot catch up with the shots it has left
            if rounds < 3:
                left_home = 2 - rounds
                left_away = 3 - rounds if t == 0 else 2 - rounds
                if goals[0] > goals[1] + left_away or goals[1] > goals[0] + left_home:
                    decided = True
                    break
        rounds += 1
        if rounds >= 3 and goals[0] != goals[1]:
            decided = True
    for t in range(2):
        OT_[t * NT + T.so_goals] = goals[t]
    if goals[0] > goals[1]:
        w = WIN_HOME
    elif goals[1] > goals[0]:
        w = WIN_AWAY
    else:
        w = WIN_TIE
    return goals[0], goals[1], rounds, w
