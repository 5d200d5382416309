"""Monte Carlo against the exact engine, fixed seeds, stated tolerances.

Tolerance: every probability and mean within 4.5 standard errors of the exact value (with 15-20 figures per
case, a correct engine fails a case with probability well under 1e-3; the seeds are fixed, so the outcome is
deterministic).
"""
import numpy as np
import pytest

from simcore.games import ezr

CASES = [
    ("D/D/B/b", "F/E/C/b", "", 1),                                  # the rulebook's BOS vs NYR example
    ("AA/J/A/a", "H/A/E/e", "", 2),                                 # +10 vs -7 lines, extremes
    ("E/E/C/c", "E/E/C/c", "qq_chart=off", 3),
    ("C/B/A/d", "B/D/D/a", "qq_unprinted=blank,shootout_undecided=tie", 4),
    ("E/C/B/b", "D/F/C/c", "overtime=none", 5),
    ("E/C/B/b", "D/F/C/c", "overtime=none,shootout=off", 6),
]
N = 200_000
Z = 4.5


@pytest.mark.parametrize("home,away,rules,seed", CASES)
def test_monte_carlo_matches_exact(home, away, rules, seed):
    ex = ezr.exact(home, away, rules)
    res = ezr.simulate(home, away, n=N, seed=seed, rules=rules, mode="aggregate")
    s = res.summary().set_index("metric")["estimate"]
    e = ezr.exact_summary(ex).set_index("metric")["exact"]
    for m in ("home_win", "away_win", "tie", "regulation_home_win", "regulation_away_win", "regulation_tie",
              "decided_REG", "decided_OT", "decided_SO"):
        p = e[m]
        se = np.sqrt(max(p * (1 - p), 1e-12) / N)
        assert abs(s[m] - p) <= Z * se + 1e-12, (m, s[m], p)
    final = ex.final_score
    for t, m in ((0, "home_goals_mean"), (1, "away_goals_mean")):
        dist = final.sum(axis=1 - t)
        x = np.arange(dist.size)
        sd = np.sqrt(dist @ (x - dist @ x) ** 2)
        assert abs(s[m] - e[m]) <= Z * sd / np.sqrt(N), m
        # whole distribution: chi-square over goals 0..9 and 10+
        hist = res.aggregates["team_hist"][t]
        obs = np.append(hist[:10], hist[10:].sum())
        exp = np.append(dist[:10], dist[10:].sum()) * N
        keep = exp > 5
        chi2 = ((obs[keep] - exp[keep]) ** 2 / exp[keep]).sum()
        assert chi2 < 35, (m, chi2)   # <= 10 degrees of freedom: P(chi2 > 35) < 2e-4
    for p in range(3):
        for t in range(2):
            exact_p = (ex.home, ex.away)[t].period_goals[p]
            sim = res.aggregates["period_hist"][t, p]
            assert abs(sim @ np.arange(sim.size) / N - exact_p @ np.arange(exact_p.size)) < Z * 1.5 / np.sqrt(N)


def test_exact_distributions_are_proper():
    for home, away, rules, _ in CASES:
        ex = ezr.exact(home, away, rules)
        assert ex.final_score.sum() == pytest.approx(1, abs=1e-12)
        assert sum(ex.result.values()) == pytest.approx(1, abs=1e-12)
        assert sum(ex.decided_in.values()) == pytest.approx(1, abs=1e-12)
        assert sum(ex.regulation.values()) == pytest.approx(1, abs=1e-12)
        for team in (ex.home, ex.away):
            assert team.goals.sum() == pytest.approx(1, abs=1e-12)
            for p in range(3):
                assert team.period_goals[p].sum() == pytest.approx(1, abs=1e-12)
            assert team.mean == pytest.approx(sum(team.period_goals[p] @ np.arange(team.period_goals.shape[1])
                                                  for p in range(3)))


def test_exact_without_chart_is_a_closed_form():
    # With no ?? chart a period is one read of rolls 1-99: P(0 goals) on +10 is 7/99.
    p = ezr.exact_period(10, "qq_chart=off")
    assert p[0] == pytest.approx(7 / 99) and p[4] == pytest.approx((26 + 8 / 6) / 99) and p[6] == pytest.approx(8 / 6 / 99)
    assert p[1] == pytest.approx(15 / 99 + 8 / 99 / 6)
    ex = ezr.exact("AA/E/B/c", "E/J/B/c", "qq_chart=off,overtime=none,shootout=off")   # home on +10
    h = np.convolve(np.convolve(p, p), p)
    assert ex.home.goals[: h.size] == pytest.approx(h)


def test_shootout_closed_form():
    # A vs a scores on 5-8 (20/36); B vs b scores on 5-8 (20/36): a repeated shootout is a coin flip
    ex = ezr.exact("E/E/A/b", "E/E/B/a")
    assert ex.shootout["home"] == pytest.approx(0.5)
    ex = ezr.exact("E/E/A/b", "E/E/B/a", "shootout_undecided=tie")
    p = 20 / 36
    assert ex.shootout["tie"] == pytest.approx(p * p + (1 - p) ** 2)


@pytest.mark.slow
@pytest.mark.parametrize("home,away,rules,seed", CASES)
def test_monte_carlo_matches_exact_large(home, away, rules, seed):
    n = 20_000_000
    ex = ezr.exact(home, away, rules)
    res = ezr.simulate(home, away, n=n, seed=1000 + seed, rules=rules, mode="aggregate")
    s = res.summary().set_index("metric")["estimate"]
    e = ezr.exact_summary(ex).set_index("metric")["exact"]
    for m in ("home_win", "away_win", "tie", "decided_OT", "decided_SO"):
        p = e[m]
        assert abs(s[m] - p) <= Z * np.sqrt(max(p * (1 - p), 1e-12) / n) + 1e-12, m


def test_exact_line_chains_the_periods():
    line = ezr.exact_line(0, "qq_chart=off")
    p = ezr.exact_period(0, "qq_chart=off")
    assert line.goals[:19] == pytest.approx(np.convolve(np.convolve(p, p), p))
    full = ezr.exact_line(0)
    assert full.period_goals[0][:15] == pytest.approx(ezr.exact_period(0, period=1))   # no earlier injuries
    # later periods carry period-1 injuries, so they score a little less than a fresh period
    assert full.period_goals[1] @ np.arange(full.period_goals.shape[1]) < ezr.exact_period(0, period=2) @ np.arange(15)
    with pytest.raises(ValueError, match="EZR must be"):
        ezr.exact_line(11)
