"""Pyramid card hockey conformance: every game ends with every card accounted for, the tables balance,
results depend only on (seed, game index), and a logged game is the batch game."""
import numpy as np
import pytest
from scipy import stats

from simcore.games import pyramid as P
from simcore.games.pyramid import kernel as K
from simcore.games.pyramid.rules import Rules

OPTIONS = [f"{name}={v}" for name, vals in Rules.options().items() for v in vals
           if name != "deck" and v != getattr(Rules(), name)] + ["deck=ace-low", "deck=jokers", "deck=two-decks"]


def S(policies=None, deck=None):
    """A pyramid setup: one policy for both sides or an (A, B) pair, and a deck for deck=custom."""
    a, b = (policies, policies) if policies is None or isinstance(policies, str) else policies
    return {"policy_a": a or "default", "policy_b": b or "default", "deck_file": deck}


def _check_balances(g, n):
    assert len(g) == n
    assert (g.unaccounted_cards == 0).all()
    for side in ("home", "away"):
        assert (g[f"{side}_shots"] >= g[f"{side}_goals"]).all()
        assert (g[f"{side}_last_card_shots"] <= g[f"{side}_shots"]).all()
    tied = g.home_goals == g.away_goals
    assert ((g.winner == "tie") == (tied & (g.decided_in != "SO"))).all()
    # decided_in names the last phase played: OT exactly when the sudden-death period was drafted
    assert ((g.decided_in == "OT") == g.drafted_first_ot.notna()).all()
    assert ((g.winner == "home") == ((g.home_goals > g.away_goals) |
                                      ((g.decided_in == "SO") & (g.home_shootout_goals > g.away_shootout_goals)))).all()


def test_default_game_balances():
    res = P.simulate(n=20_000, seed=11, progress=False)
    g = res.games
    _check_balances(g, 20_000)
    assert set(g.decided_in) == {"REG"} and g.drafted_first_ot.isna().all()
    assert (g.drafted_first_p1 == "home").all()
    # a standard deck: 3 periods of 52 cards, 12 drafted, so 40 a period are flipped or refilled; a refill
    # replaces a card taken out, and only a flip takes one out (an advance or a shot), so at least half of the
    # 40 are flips: 60 to 120 a game (seen: 61 at least)
    assert g.flips.between(3 * 20, 3 * 40).all()


@pytest.mark.parametrize("opt", OPTIONS)
def test_every_rule_option_runs_and_balances(opt):
    res = P.simulate(S(policies=("default", "random")), n=3_000, seed=5, rules=opt, progress=False)
    _check_balances(res.games, 3_000)


def test_tie_breaks_decide_games():
    sd = P.simulate(n=20_000, seed=3, rules="tie_break=sudden-death", progress=False).games
    assert (sd.decided_in == "OT").any()
    ot = sd[(sd.decided_in == "OT") & (sd.winner != "tie")]
    assert ((sd.decided_in == "OT") & (sd.winner == "tie")).any()     # a scoreless extra period: a tie after OT
    assert ((ot.home_ot + ot.away_ot) == 1).all() and (ot.home_goals - ot.away_goals).abs().eq(1).all()
    assert sd.drafted_first_ot.notna().sum() == ((sd.home_p1 + sd.home_p2 + sd.home_p3) ==
                                                 (sd.away_p1 + sd.away_p2 + sd.away_p3)).sum()
    so = P.simulate(n=20_000, seed=3, rules="tie_break=shootout", progress=False).games
    assert (so.winner != "tie").all()        # a standard deck always settles a shootout
    s = so[so.decided_in == "SO"]
    assert (s.home_goals == s.away_goals).all() and (s.home_shootout_goals != s.away_shootout_goals).all()
    # common random numbers: games that are not tied after regulation are the same games in all three
    base = P.simulate(n=20_000, seed=3, progress=False).games
    decided = base.winner != "tie"
    assert (base.loc[decided, "home_goals"] == so.loc[decided, "home_goals"]).all()
    assert (base.loc[decided, "winner"] == sd.loc[decided, "winner"]).all()


def test_period_start_rules():
    g = P.simulate(n=5_000, seed=2, rules="period_start=alternate", progress=False).games
    assert (g.drafted_first_p1 == "home").all() and (g.drafted_first_p2 == "away").all()
    assert (g.drafted_first_p3 == "home").all()
    g = P.simulate(n=20_000, seed=2, rules="first_player=random", progress=False).games
    k = int((g.first_drafter == "home").sum())
    assert stats.binomtest(k, len(g), 0.5).pvalue > 1e-3
    assert (g.drafted_first_p1 == g.first_drafter).all()


def test_reproducible_across_threads_and_chunks():
    a = P.simulate(S(policies=("random", "default")), n=3_000, seed=99, threads=1, progress=False).aggregates["out"]
    b = P.simulate(S(policies=("random", "default")), n=3_000, seed=99, threads=2, chunk_size=700,
                   progress=False).aggregates["out"]
    assert np.array_equal(a, b)
    c = P.simulate(S(policies=("random", "default")), n=3_000, seed=100, progress=False).aggregates["out"]
    assert not np.array_equal(a, c)


def test_game_depends_only_on_seed_and_index():
    full = P.simulate(n=2_000, seed=8, progress=False).aggregates["out"]
    g0 = 1_500
    (part,) = K.GAME_OUTPUTS.allocate(500)
    K.simulate_games(P.compile_game().ctx(), np.uint64(8), g0, 500, (part,))
    assert np.array_equal(full[g0:], part)


@pytest.mark.parametrize("gid", [0, 17, 444])
def test_logged_game_is_the_batch_game(gid):
    rules, pols = "tie_break=shootout,first_player=random", ("random", "rush")
    setup = {"policy_a": pols[0], "policy_b": pols[1]}
    g = P.simulate(setup, n=500, seed=31, rules=rules, progress=False).games.iloc[gid]
    lg = P.play_by_play(setup, seed=31, game_index=gid, rules=rules)
    for col in ("home_goals", "away_goals", "winner", "decided_in", "home_shots", "away_advances", "turns",
                "flips", "first_drafter", "drafted_first_p3", "home_shootout_goals"):
        assert str(lg.result[col]) == str(g[col]), col
    # the log replays the counters
    ev = lg.events.to_numpy()
    assert (ev[:, 0] == K.EV_SHOT).sum() == g.home_shots + g.away_shots
    goals = (ev[:, 0] == K.EV_SHOT) & (ev[:, 5] == 1)
    assert (goals & (ev[:, 1] < 3)).sum() == g.home_p1 + g.home_p2 + g.home_p3 + g.away_p1 + g.away_p2 + g.away_p3
    assert (goals & (ev[:, 1] == 3)).sum() == g.home_ot + g.away_ot
    assert ((ev[:, 0] == K.EV_SO_SHOT) & (ev[:, 5] == 1)).sum() == g.home_shootout_goals + g.away_shootout_goals
    assert (ev[:, 0] == K.EV_TURN).sum() == g.turns


@pytest.mark.parametrize("rules", ["tie_break=sudden-death,first_player=random",
                                   "tie_break=shootout,goalie_beats=>=,period_start=alternate"])
def test_games_table_counts_the_logged_events(rules):
    """Goals per period, saves, turns, advances, failed flips, shots, flips, the winner and first_drafter_won of
    the games table are what the event log of the same game shows: shots that scored or not, turn starts, the
    cards flipped, the first period's first drafter."""
    setup = {"policy_a": "random", "policy_b": "default"}
    g = P.simulate(setup, n=300, seed=21, rules=rules, progress=False).games
    seen = set()
    for gid in range(0, 300, 6):
        row = g.iloc[gid]
        ev = P.play_by_play(setup, seed=21, game_index=gid, rules=rules).events.to_numpy()
        shot = ev[:, 0] == K.EV_SHOT
        for i, side in enumerate(("home", "away")):
            by = ev[:, 2] == i
            for p, name in enumerate(("p1", "p2", "p3", "ot")):
                assert row[f"{side}_{name}"] == (shot & by & (ev[:, 1] == p) & (ev[:, 5] == 1)).sum()
            assert row[f"{side}_saves"] == (shot & ~by & (ev[:, 5] == 0)).sum()
            assert row[f"{side}_turns"] == ((ev[:, 0] == K.EV_TURN) & by).sum()
            assert row[f"{side}_advances"] == ((ev[:, 0] == K.EV_ADVANCE) & by).sum()
            assert row[f"{side}_failed_flips"] == ((ev[:, 0] == K.EV_FAIL) & by).sum()
            assert row[f"{side}_shots"] == (shot & by).sum()
        # every flip is logged once: an advance, a failed flip or a shot
        assert row.flips == np.isin(ev[:, 0], (K.EV_ADVANCE, K.EV_FAIL, K.EV_SHOT)).sum()
        so = [((ev[:, 0] == K.EV_SO_SHOT) & (ev[:, 2] == i) & (ev[:, 5] == 1)).sum() for i in range(2)]
        goals = [(shot & (ev[:, 2] == i) & (ev[:, 5] == 1)).sum() for i in range(2)]
        key = (goals[0] - goals[1], so[0] - so[1])
        winner = 0 if key > (0, 0) else 1 if key < (0, 0) else 2
        first = ev[(ev[:, 0] == K.EV_PERIOD) & (ev[:, 1] == 0), 2][0]
        assert row.winner == ("home", "away", "tie")[winner]
        assert row.first_drafter == ("home", "away")[first]
        assert row.first_drafter_won == (winner == first)
        seen.add((row.decided_in, bool(row.first_drafter_won)))
    # the sample has games won and lost by the first drafter, and games past regulation
    assert {w for _, w in seen} == {True, False} and {d for d, _ in seen} - {"REG"}


def test_summary_matches_the_games_table():
    res = P.simulate(n=10_000, seed=4, rules="first_player=random", progress=False)
    s = res.summary().set_index("metric")
    g = res.games
    assert s.loc["home_win", "estimate"] == (g.winner == "home").mean()
    assert s.loc["tie", "estimate"] == (g.winner == "tie").mean()
    assert s.loc["first_mover_win", "estimate"] == g.first_drafter_won.mean()
    assert s.loc["goals_per_game", "estimate"] == pytest.approx((g.home_goals + g.away_goals).mean())
    assert s.loc["game_length", "estimate"] == pytest.approx(g.turns.mean())
    sh = (g.home_shots + g.away_shots).sum()
    assert s.loc["shooting_pct", "estimate"] == pytest.approx((g.home_goals + g.away_goals).sum() / sh)
    for m in ("home_win", "tie", "first_mover_win", "goals_per_game", "game_length"):
        assert s.loc[m, "ci_low"] < s.loc[m, "estimate"] < s.loc[m, "ci_high"]
    assert (s["n"] == 10_000).all()                 # the games, as every game's summary has them
    assert list(s.columns) == ["estimate", "ci_low", "ci_high", "n", "unit"]


def test_a_count_no_game_had_has_the_bound_of_none_seen():
    """A count's mean has the other games' count interval: goals in games that had none are [0, 3.69/n] (the exact
    Poisson bound of none seen), not the point [0, 0]."""
    from simcore.games.pyramid import kernel as K
    from simcore.games.pyramid.engine import summary_frame

    res = P.simulate(n=50, seed=1, progress=False)
    out = res.aggregates["out"].copy()
    out[:, K.C_GOALS:K.C_GOALS + 8] = 0
    s = summary_frame(out).set_index("metric")
    assert s.loc["goals_per_game", "estimate"] == 0
    assert (s.loc["goals_per_game", "ci_low"], s.loc["goals_per_game", "ci_high"]) == pytest.approx((0, 3.6889 / 50),
                                                                                                   abs=1e-4)


def test_bad_arguments():
    with pytest.raises(ValueError, match="n must be a positive"):
        P.simulate(n=0)
    with pytest.raises(ValueError, match="seed"):
        P.simulate(n=10, seed=-1)
    with pytest.raises(ValueError, match="deck=custom needs a deck file"):
        P.simulate(n=10, rules="deck=custom")
    with pytest.raises(ValueError, match="use deck=custom"):
        P.simulate(S(deck=P.custom_deck([1, 2, 3])), n=10)
    with pytest.raises(ValueError, match="unknown draft policy"):
        P.simulate(S(policies="draft=goalie-low"), n=10)
    with pytest.raises(ValueError, match="shoot policies"):
        P.simulate(S(policies="shoot=count-101"), n=10)
