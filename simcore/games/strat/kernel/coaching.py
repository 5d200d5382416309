"""The coaches' decisions (:class:`simcore.games.strat.policies.Coach`), each made on what the deciding side sees.

Hidden information is a boundary: a decision function receives the side's observation, which the engine builds
(:func:`observe`: the period, overtime, how many action cards are left in the period's deck, the score, whether
his goalie is pulled or shelled, the opponent's announced alignment), the card facts it concerns (a shooter's
Tendency stars) and its own memory, never the game's state ``Z``: the order of the action and split decks, the
other bench's pending choices and the dice stay out of reach.  ``policy`` is the side's choice for the decision,
as :meth:`Coach.numeric` codes it (the index of its value in ``policies.PENETRATE``, ``PULL_GOALIE``,
``SHELLED``, ``PP_UNITS``, ``ALIGNMENT``).  :func:`align_teams` applies the alignment decisions (9.12) to the
game's state; the decisions themselves (:func:`alignment`) see only the observation.
"""
from __future__ import annotations

import numba as nb

import numpy as np

from simcore.nbarrays import stack_empty

from .events import log
from .layout import AWAY, EV, HOME, N_OBS, N_POL, OBS, POL, ZL

PULL_CARDS_LEFT = 2                # 13.0: the goalie may be pulled with this many cards or fewer left
#: 9.2's "late in the game" for the ``rulebook`` alignment policy: the third period's last this many action cards
#: (a third of a period's 30).
LATE_CARDS = 10
#: The fixed alignments of policies.ALIGNMENT after ``rulebook`` and ``counter``, as offense * 4 + defense
#: (9.11: Offense 1 -> Defense 0 or 1, Offense 2 -> 1 or 2, Offense 3 -> 2 or 3).
FIXED_ALIGNMENTS = (1 * 4 + 0, 1 * 4 + 1, 2 * 4 + 1, 2 * 4 + 2, 3 * 4 + 2, 3 * 4 + 3)
ALIGN_FACEOFF, ALIGN_LINE = 0, 1   # when an alignment may change (9.12): before a faceoff, a new forward line


@nb.njit(inline="always", cache=True)
def observe(Z, t, obs):
    """Fill ``obs`` (int64[N_OBS], :data:`.layout.OBS`) with what side ``t``'s coach sees now."""
    obs[OBS.period] = Z[ZL.period]
    obs[OBS.overtime] = Z[ZL.ot]
    obs[OBS.cards_left] = Z[ZL.ncards] - Z[ZL.cur]
    obs[OBS.score] = Z[ZL.score + t]
    obs[OBS.opp_score] = Z[ZL.score + 1 - t]
    obs[OBS.pulled] = Z[ZL.pull + t]
    obs[OBS.shelled] = Z[ZL.shelled + t]
    obs[OBS.opp_offense] = Z[ZL.align + (1 - t) * 2]
    obs[OBS.opp_defense] = Z[ZL.align + (1 - t) * 2 + 1]


@nb.njit(inline="always", cache=True)
def pulls_goalie(obs, policy):
    """13.0, policy ``trailing`` (0): the goalie is out while the team trails by one or two in the third period
    with two or fewer action cards left; ``never`` (1): he stays in."""
    if policy != 0:
        return False
    behind = obs[OBS.opp_score] - obs[OBS.score]
    return (obs[OBS.period] == 3 and obs[OBS.overtime] == 0 and obs[OBS.cards_left] <= PULL_CARDS_LEFT
            and 1 <= behind and behind <= 2)


@nb.njit(inline="always", cache=True)
def relieves_shelled(obs, policy):
    """24.3, policy ``relieve`` (1): a goalie just shelled goes out for the backup; ``stay`` (0): he stays in."""
    return obs[OBS.shelled] == 1 and policy == 1


@nb.njit(inline="always", cache=True)
def next_pp_unit(unit, policy):
    """7.1, policy ``alternate`` (0): the units take turns; ``first`` (1): PP1 on every power play."""
    return 1 - unit if policy == 0 else unit


@nb.njit(inline="always", cache=True)
def penetrates(tendency, memory, policy):
    """6.0, on an unrestricted outside shot: ``(penetrate?, the coach's new memory of this shooter)``.

    ``tendency``: the shooter's Tendency stars (29.0); policy ``tendency`` (0) penetrates ``stars - 1`` times in
    four, in a fixed rotation kept per shooter in ``memory`` (no dice, so variants stay paired); ``never`` (1);
    ``always`` (2)."""
    if policy == 2:
        return True, memory
    if policy == 0:
        memory += tendency - 1
        if memory >= 4:
            return True, memory - 4
    return False, memory


@nb.njit(inline="always", cache=True)
def passes(assist, tendency, memory, policy):
    """11.0, on an unrestricted outside shot the ``penetrate`` policy declined, with the ``passing`` rule in
    force: ``(pass inside?, the coach's new memory of this player)``.

    ``assist``: the player's Assist rating (his Passing ability); ``tendency``: his Tendency stars (29.0: the
    fewer stars, the more he plays from outside).  Policy ``tendency`` (0) passes ``assist + 5 - stars`` times in
    twelve, in a fixed rotation kept per player in ``memory`` (no dice, so variants stay paired); ``never`` (1);
    ``always`` (2)."""
    if policy == 2:
        return True, memory
    if policy == 0:
        memory += assist + 5 - tendency
        if memory >= 12:
            return True, memory - 12
    return False, memory


@nb.njit(inline="always", cache=True)
def deflects(policy):
    """25.0, a defenseman's outside shot reads X-Reb, with the ``deflections`` rule in force: policy ``always``
    (0) tries the deflection, ``never`` (1) follows the normal rebound procedure."""
    return policy == 0


#: 12.3's "the odds of penalty are high": the Intimidation Chart penalizes the intimidator on this many of the 20
#: split numbers or more (more likely than not) ...
INTIM_PENALTY_HIGH = 11
#: ... "and the odds for successful intimidation are low": his I rating covers this many numbers or fewer.
INTIM_SUCCESS_LOW = 7


@nb.njit(inline="always", cache=True)
def intimidates(success, penalty, obs, policy):
    """12.2-12.3, an inside shot with an I reading: whether the defending coach intimidates.  ``success``: how
    many of the 20 Intimidation numbers the intimidator's I rating covers; ``penalty``: how many split numbers
    the Intimidation Chart penalizes his Penalty rating on (16.1).  Policy ``odds`` (0) declines "if the odds of
    penalty are high and the odds for successful intimidation are low" (:data:`INTIM_PENALTY_HIGH`,
    :data:`INTIM_SUCCESS_LOW`) "or if a power play presents a larger threat than the immediate scoring chance":
    late in the game (the third period's last :data:`LATE_CARDS` cards) with the lead, when the penalty numbers
    outnumber the success numbers; ``always`` (1); ``never`` (2)."""
    if policy == 1:
        return True
    if policy == 2:
        return False
    if penalty >= INTIM_PENALTY_HIGH and success <= INTIM_SUCCESS_LOW:
        return False
    late = obs[OBS.period] == 3 and obs[OBS.overtime] == 0 and obs[OBS.cards_left] <= LATE_CARDS
    if late and obs[OBS.score] > obs[OBS.opp_score] and penalty > success:
        return False
    return True


@nb.njit(inline="always", cache=True)
def alignment(obs, policy):
    """9.0-9.2: the side's offense and defense as ``offense * 4 + defense``, on what it sees (the score, the clock,
    the opponent's announced alignment).

    ``rulebook`` (0) follows 9.2's advice: late in the game (the third period's last :data:`LATE_CARDS` cards) a
    team ahead protects its lead with Offense 1 ("should be used late in the game to protect a lead") and no
    forecheckers (the offense "will have a much tougher time trying to penetrate"), a team behind chases with
    Offense 3 and three forecheckers; otherwise Offense 2 ("Most teams should use this alignment") with one.
    ``counter`` (1) takes the same offense and counters the opponent's announced offense (9.12 "the home team
    may counter"): the most forecheckers its offense allows against an Offense 3 (which "will allow more scoring
    opportunities for the opposing team"), the fewest otherwise.  The others are fixed: ``o1d0`` ... ``o3d3``."""
    if policy >= 2:
        return FIXED_ALIGNMENTS[policy - 2]
    lead = obs[OBS.score] - obs[OBS.opp_score]
    late = obs[OBS.period] == 3 and obs[OBS.overtime] == 0 and obs[OBS.cards_left] <= LATE_CARDS
    if late and lead > 0:
        o, dd = 1, 0
    elif late and lead < 0:
        o, dd = 3, 3
    else:
        o, dd = 2, 1
    if policy == 1:
        most = obs[OBS.opp_offense] == 3
        dd = o if most else o - 1             # the allowed pair of offense o is defense o - 1 or o
    return o * 4 + dd


@nb.njit(cache=True)
def align_teams(Z, pol, L, why):
    """9.12: "The visiting team must make the initial offense-defense alignments, and then the home team may
    counter": each coach decides (:func:`alignment`) on what his side sees, the visitors first; a change is
    logged (EV.align: side, offense, defense, ``why`` ALIGN_FACEOFF / ALIGN_LINE)."""
    obs = stack_empty(N_OBS, np.int64)
    for t in (AWAY, HOME):
        observe(Z, t, obs)
        v = alignment(obs, pol[t * N_POL + POL.alignment])
        o = v // 4
        dd = v % 4
        if Z[ZL.align + t * 2] != o or Z[ZL.align + t * 2 + 1] != dd:
            Z[ZL.align + t * 2] = o
            Z[ZL.align + t * 2 + 1] = dd
            log(Z, L, EV.align, t, o, dd, why, 0)
