"""The exact small-deck oracle against Monte Carlo (fixed seeds; tolerance 4.5 standard errors for each
probability and mean, and a chi-square test of the whole score distribution)."""
import math
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

from simcore.games import pyramid as P
from simcore.games.pyramid.deck import DATA, load_deck
from simcore.games.pyramid.exact import MAX_ORDERS, distinct_orders_count

NINE = load_deck(DATA / "decks" / "nine.csv")
TEN_DUP = P.custom_deck([1, 1, 2, 2, 3, 4, 5, 6, 7, 8])
N_MC = 200_000

# each case's oracle runs once (a module fixture), on one worker: split across workers it ran on both
pytestmark = pytest.mark.xdist_group("pyramid_exact")

CASES = [
    ("deck=custom,lineup=1-1-1", NINE, ("default", "default"), 1),
    ("deck=custom,lineup=1-1-1,tie_break=sudden-death,period_start=alternate,first_player=random", NINE,
     ("forwards", "cheap-shot"), 2),
    ("deck=custom,lineup=2-1-1,skater_beats=>,first_attack=second-drafter,tie_break=sudden-death", TEN_DUP,
     ("balance", "rush"), 3),
    ("deck=custom,lineup=1-1-1,goalie_beats=>=,last_card=off", TEN_DUP, ("in-order", "draft=goalie-high,route=cheapest,shoot=threshold-6"), 4),
]


def S(policies=None, deck=None):
    """A pyramid setup: one policy for both sides or an (A, B) pair, and a deck for deck=custom."""
    a, b = (policies, policies) if policies is None or isinstance(policies, str) else policies
    return {"policy_a": a or "default", "policy_b": b or "default", "deck_file": deck}


@pytest.fixture(scope="module", params=CASES, ids=[f"case{c[3]}" for c in CASES])
def case(request):
    rules, deck, pols, seed = request.param
    ex = P.exact(S(policies=pols, deck=deck), rules)
    mc = P.simulate(S(policies=pols, deck=deck), n=N_MC, seed=seed, rules=rules, progress=False).games
    return ex, mc


def _close(p_exact, hits, n):
    p = float(p_exact)
    se = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(hits / n - p) <= 4.5 * se + 1e-12


def test_distinct_orders_weigh_as_every_card_order():
    """The oracle plays a deck with repeated values once per *distinct* order, each standing for the same number
    of card orders: its period table equals the one from all 9! = 362,880 orders of the cards with the equal
    cards told apart (each order 1/362,880), for both first drafters, and the distinct orders are the
    multiset's 9! / (2! 2!) = 90,720, each once."""
    import itertools

    from simcore.games.pyramid.exact import _all_orders, _period_table
    from simcore.games.pyramid.engine import compile_game

    vals = [1, 1, 2, 2, 3, 4, 5, 6, 7]
    game = compile_game("deck=custom,lineup=1-1-1", ("default", "default"), P.custom_deck(vals))
    distinct = _all_orders(np.sort(np.array(vals, dtype=np.int64)), distinct_orders_count(vals))
    assert distinct.shape == (90_720, 9) and len({tuple(r) for r in distinct.tolist()}) == 90_720
    every = np.array([[vals[i] for i in p] for p in itertools.permutations(range(9))], dtype=np.int64)
    for starter in (0, 1):
        by_distinct = _period_table(game, distinct, starter, False)
        by_every = _period_table(game, every, starter, False)
        assert by_distinct == by_every and len(by_distinct) > 3
        assert all(isinstance(p, Fraction) and p > 0 for p in by_distinct.values())


def test_monte_carlo_agrees_with_exact(case):
    ex, g = case
    n = len(g)
    assert _close(ex.winner["home"], (g.winner == "home").sum(), n)
    assert _close(ex.winner["away"], (g.winner == "away").sum(), n)
    assert _close(ex.winner["tie"], (g.winner == "tie").sum(), n)
    assert _close(ex.decided_in["OT"], (g.decided_in == "OT").sum(), n)
    assert _close(ex.first_mover_win, g.first_drafter_won.sum(), n)
    goals = (g.home_goals + g.away_goals).to_numpy(float)
    exact_var = float(sum((h + a) ** 2 * p for (h, a), p in ex.score.items())) - float(ex.goals_per_game) ** 2
    assert abs(goals.mean() - float(ex.goals_per_game)) <= 4.5 * math.sqrt(exact_var / n)


def test_score_distribution_chi_square(case):
    ex, g = case
    n = len(g)
    keys = sorted(ex.score, key=lambda k: -ex.score[k])
    expected = np.array([float(ex.score[k]) * n for k in keys])
    counts = g.groupby(["home_goals", "away_goals"]).size().to_dict()
    observed = np.array([counts.get(k, 0) for k in keys], dtype=float)
    assert sum(counts.values()) == sum(counts.get(k, 0) for k in keys)   # no score the oracle rules out
    big = expected >= 5
    obs = np.append(observed[big], observed[~big].sum())
    exp = np.append(expected[big], expected[~big].sum())
    if exp[-1] == 0:
        obs, exp = obs[:-1], exp[:-1]
    assert stats.chisquare(obs, exp).pvalue > 1e-4


def test_symmetric_game_is_exactly_fair():
    # same policy both sides and a coin flip for the first drafter: home and away win equally, exactly
    ex = P.exact(S(policies="default", deck=NINE), "deck=custom,lineup=1-1-1,first_player=random")
    assert ex.winner["home"] == ex.winner["away"]
    assert ex.first_mover_win + ex.winner["tie"] < 1


def test_oracle_limits():
    assert distinct_orders_count([1, 1, 2]) == 3
    assert distinct_orders_count(range(9)) == 362_880
    with pytest.raises(ValueError, match="distinct orders"):
        P.exact(S(deck=P.custom_deck(range(1, 12))), "deck=custom,lineup=1-1-1")
    assert distinct_orders_count(range(1, 12)) > MAX_ORDERS
    with pytest.raises(ValueError, match="deterministic"):
        P.exact(S(policies="random", deck=NINE), "deck=custom,lineup=1-1-1")
    with pytest.raises(ValueError, match="shootout"):
        P.exact(S(deck=NINE), "deck=custom,lineup=1-1-1,tie_break=shootout")


def test_exact_reads_setup_text_as_setup_and_rule_text_as_rules():
    """``exact("policy_a=rush,...")`` is a setup; ``exact("deck=custom,...", deck_file=...)`` the earlier
    releases' rules-first call (with a warning)."""
    text = "policy_a=rush,policy_b=balance,deck_file=" + str(DATA / "decks" / "nine.csv")
    by_text = P.exact(text, "deck=custom,lineup=1-1-1")
    by_setup = P.exact(S(policies=("rush", "balance"), deck=NINE), "deck=custom,lineup=1-1-1")
    assert by_text.score == by_setup.score and sum(by_text.score.values()) == 1
    with pytest.warns(DeprecationWarning):
        old = P.exact("deck=custom,lineup=1-1-1", policies=("rush", "balance"), deck_file=NINE)
    assert old.score == by_setup.score
