"""The coaches' decisions (:class:`simcore.games.strat.policies.Coach`), each made on what the deciding side sees.

Hidden information is a boundary: a decision function receives the side's observation, which the engine builds
(:func:`observe`: the period, overtime, how many action cards are left in the period's deck, the score, whether
his goalie is pulled or shelled), the card facts it concerns (a shooter's Tendency stars) and its own memory,
never the game's state ``Z``: the order of the action and split decks, the other bench's choices and the dice
stay out of reach.  ``policy`` is the side's choice for the decision, as :meth:`Coach.numeric` codes it (the
index of its value in ``policies.PENETRATE``, ``PULL_GOALIE``, ``SHELLED``, ``PP_UNITS``).
"""
from __future__ import annotations

import numba as nb

from .layout import OBS, ZL

PULL_CARDS_LEFT = 2                # 13.0: the goalie may be pulled with this many cards or fewer left


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
