"""Strat-O-Matic Hockey: the counts of the tables balance, at both levels (penalties by kind, delayed
penalties, intimidations, deflections, passes; per team and per player)."""
from __future__ import annotations

import numpy as np
import pytest

from simcore.games.strat import engine

KINDS = ("penalties_action_card", "penalties_goalie", "penalties_retaliation", "penalties_intimidation",
         "penalties_defense")
PER_PLAYER = ("passes", "passes_completed", "penalties_action_card", "penalties_retaliation",
              "penalties_intimidation", "penalties_defense", "delayed_penalties", "intimidations",
              "intimidations_won", "deflection_goals")


@pytest.fixture(scope="module", params=["level=basic", "level=advanced"])
def run(request):
    return engine.simulate(n=1120, seed=3, rules=request.param, league=True, progress=False)


def test_penalties_are_the_sum_of_their_kinds(run):
    tg = run.table("team_games")
    assert (tg["penalties"] == tg[list(KINDS)].sum(axis=1)).all()
    assert (tg["pim"] == 2 * tg["penalties"]).all()
    # goalie penalties are the goalies' own: the skaters' minors are the rest
    teams, players = run.table("teams"), run.table("players")
    skater_pim = players.groupby("team", observed=True)["pim"].sum()
    t = teams.set_index("team")
    assert (skater_pim.reindex(t.index) == 2 * (t["penalties"] - t["penalties_goalie"])).all()
    # ... and the goalies' own lines carry them, game by game and in the goalie table
    gg, tg = run.table("goalie_games"), run.table("team_games")
    per_game = gg.groupby(["game_id", "team"], observed=True)["penalties"].sum()
    want = tg.set_index(["game_id", "team"])["penalties_goalie"]
    assert (per_game.reindex(want.index, fill_value=0) == want).all() and want.sum() > 0
    goalies = run.table("goalies")
    assert goalies["penalties"].sum() == t["penalties_goalie"].sum()
    assert (goalies["pim"] == 2 * goalies["penalties"]).all()


def test_per_player_counts_add_up_to_the_team_counts(run):
    players, teams = run.table("players"), run.table("teams").set_index("team")
    by_team = players.groupby("team", observed=True)[list(PER_PLAYER)].sum().reindex(teams.index)
    for col in PER_PLAYER:
        assert (by_team[col] == teams[col]).all(), col
    # a team's deflection tries include dice on which nobody gets the opportunity (25.1); its players count
    # their opportunities
    opportunities = players.groupby("team", observed=True)["deflections"].sum().reindex(teams.index)
    assert (opportunities <= teams["deflections"]).all()


def test_successes_never_exceed_attempts(run):
    tg = run.table("team_games")
    assert (tg["intimidations_won"] <= tg["intimidations"]).all()
    assert (tg["passes_completed"] <= tg["passes"]).all()
    assert (tg["deflection_goals"] <= np.minimum(tg["deflections"], tg["goals"])).all()
    # every delayed penalty ends as an intimidation minor (16.14-16.15), whether or not a power play follows
    assert (tg["delayed_penalties"] <= tg["penalties_intimidation"]).all()


def test_the_advanced_counts_are_zero_in_the_basic_game_and_not_in_the_advanced(run):
    tg = run.table("team_games")
    adv = ("penalties_intimidation", "penalties_defense", "delayed_penalties", "intimidations", "deflections",
           "passes")
    if "level=basic" in run.variant:
        assert (tg[list(adv)] == 0).all().all()
        assert tg["penalties_action_card"].sum() > 0
    else:
        assert (tg[list(adv)].sum() > 0).all()
        assert tg["penalties_action_card"].sum() == 0          # the Advanced deck has no penalty cards (16.0)
