"""The pyramid balance report's figures recomputed from the games tables of the runs they summarize: the headline's
first-mover advantage, a policy-matrix cell, and an option's paired changes in the tie rate and in the size of the
advantage (docs/pyramid.md "The balance report")."""
from __future__ import annotations

import numpy as np
import pytest

from simcore.games.pyramid import balance
from simcore.games.pyramid.engine import simulate
from simcore.games.pyramid.rules import Rules


def _games(n, seed, rules=None, policies=None):
    return simulate(n, seed, Rules.coerce(rules), policies=policies, progress=False).games


def _first_mover_result(g):
    """Per game: +1 when the first drafter wins, -1 when the other side does, 0 for a tie."""
    won = g.first_drafter_won.to_numpy(bool)
    lost = ~won & (g.winner.astype(str).to_numpy() != "tie")
    return won.astype(float) - lost


def test_headline_advantage_tie_and_goals_are_the_games_tables():
    res = simulate(3000, 5, Rules(), progress=False)
    h = balance.headline(res.aggregates["out"])
    g = res.games
    adv = _first_mover_result(g)
    assert h["n"] == 3000
    assert h["first_mover_advantage"]["estimate"] == pytest.approx(adv.mean())
    assert h["first_mover_win"]["estimate"] == pytest.approx(g.first_drafter_won.mean())
    assert h["tie"]["estimate"] == pytest.approx((g.winner.astype(str) == "tie").mean())
    assert h["balance"]["estimate"] == pytest.approx(1 - abs(adv.mean()))
    assert h["game_length"]["estimate"] == pytest.approx(g.turns.mean())       # turns, both sides
    lo, hi = h["first_mover_advantage"]["ci"]
    assert lo < adv.mean() < hi


def test_headline_goals_leave_the_shootout_out():
    """Goals per game are the periods' goals (home_goals and away_goals, each period's columns summed); the
    shoot-out's goals, which decide a fifth of these games, are not among them."""
    res = simulate(3000, 5, Rules.coerce("tie_break=shootout"), progress=False)
    g = res.games
    h = balance.headline(res.aggregates["out"])
    periods = sum(g[f"{side}_{p}"] for side in ("home", "away") for p in ("p1", "p2", "p3", "ot"))
    assert (periods == g.home_goals + g.away_goals).all()
    assert (g.home_shootout_goals + g.away_shootout_goals).sum() > 1000
    assert h["goals_per_game"]["estimate"] == pytest.approx(periods.mean())


def test_a_policy_matrix_cell_is_the_row_policys_score_with_the_first_drafter_drawn():
    m = balance.policy_matrix(("default", "random"), n=1500, seed=3).set_index(["row", "column"])
    g = _games(1500, 3, "first_player=random", ("default", "random"))
    w = g.winner.astype(str).to_numpy()
    score = np.where(w == "home", 1.0, np.where(w == "tie", 0.5, 0.0))
    assert m.at[("default", "random"), "estimate"] == pytest.approx(score.mean())
    # the coin flip: both sides draft first in a fair share of the games
    assert 0.45 < (g.first_drafter.astype(str) == "home").mean() < 0.55
    # the default coach beats the random one: the whole interval above even
    assert m.at[("default", "random"), "ci_low"] > 0.5


def test_an_options_changes_are_paired_game_by_game():
    opt = "tie_break=shootout"
    rows = balance.rule_options((opt,), n=2000, seed=9).set_index("option")
    base, alt = _games(2000, 9), _games(2000, 9, opt)
    tie_b = (base.winner.astype(str) == "tie").to_numpy(float)
    tie_o = (alt.winner.astype(str) == "tie").to_numpy(float)
    assert rows.at[opt, "tie"] == pytest.approx(tie_o.mean()) and rows.at["base", "tie"] == pytest.approx(tie_b.mean())
    assert rows.at[opt, "tie_change"] == pytest.approx((tie_o - tie_b).mean())
    # a shoot-out decides every tied game: no ties left, so the change is minus the base's tie rate
    assert tie_o.sum() == 0 and rows.at[opt, "tie_change"] == pytest.approx(-tie_b.mean())
    assert bool(rows.at[opt, "reduces_ties"]) is True
    # the size of the advantage: each game's +1/0/-1 signed by its own run's estimated advantage
    a_b, a_o = _first_mover_result(base), _first_mover_result(alt)
    size = np.sign(a_o.mean() or 1) * a_o - np.sign(a_b.mean() or 1) * a_b
    assert rows.at[opt, "advantage_size_change"] == pytest.approx(size.mean())
    assert rows.at[opt, "advantage_size_change"] == pytest.approx(abs(a_o.mean()) - abs(a_b.mean()))
    assert bool(rows.at[opt, "keeps_balance"]) == (rows.at[opt, "advantage_size_change_ci_high"]
                                                    <= balance.BALANCE_SLACK)


def test_an_option_no_sampled_game_shows_is_bounded_not_the_point_zero():
    """docs/analysis.md, "When no paired game differs": goalie_beats=>= changes no result of these five games (seed
    4; it changes other figures of them), so each change gets the bound q = 1 - 0.025^(1/5) times its per-game span (a tie: 1; the signed advantage: 2),
    not [0, 0]; an option that is the base's own rule changes them by exactly 0."""
    base, alt = _games(5, 4), _games(5, 4, "goalie_beats=>=")
    assert (alt.winner == base.winner).all() and (alt.first_drafter == base.first_drafter).all()
    assert not alt.drop(columns="variant").equals(base.drop(columns="variant"))  # the games differ, their results not
    q = 1 - 0.025 ** (1 / 5)
    rows = balance.rule_options(("goalie_beats=>=", "goalie_beats=>"), n=5, seed=4).set_index("option")
    ge = rows.loc["goalie_beats=>="]
    assert ge.tie_change == 0 and (ge.tie_change_ci_low, ge.tie_change_ci_high) == pytest.approx((-q, q))
    assert ge.advantage_size_change == 0
    assert (ge.advantage_size_change_ci_low, ge.advantage_size_change_ci_high) == pytest.approx((-2 * q, 2 * q))
    # the text, page and Markdown cells, in points: a bound at 100,000 games (3.69 / n) shows, not as -0.0
    small = ge.copy()
    small["option"] = "goalie_beats=>="
    small[["tie_change_ci_low", "tie_change_ci_high"]] = [-3.689e-5, 3.689e-5]
    assert balance._option_cells(small)[0] == "+0.0 [-0.0037, +0.0037]"
    same = rows.loc["goalie_beats=>"]
    assert (same.tie_change_ci_low, same.tie_change_ci_high) == (0.0, 0.0)
    assert (same.advantage_size_change_ci_low, same.advantage_size_change_ci_high) == (0.0, 0.0)
