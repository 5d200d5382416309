"""Paired and unpaired differences, Holm's correction, histogram tests and sample sizes."""
import math

import numpy as np
import pytest
from scipy import stats

from simcore.analysis.inference import (histogram_test, holm, paired_difference, required_n,
                                        unpaired_difference)
from simcore.errors import InputError


def _pairs(rng, n, rho=0.8, delta=0.1):
    z = rng.standard_normal((2, n))
    a = z[0]
    b = rho * z[0] + math.sqrt(1 - rho * rho) * z[1] + delta
    return a, b


def test_intervals_cover_the_truth_at_the_nominal_rate():
    rng = np.random.default_rng(1)
    reps, n, delta = 2000, 200, 0.1
    cover_p = cover_u = 0
    for _ in range(reps):
        a, b = _pairs(rng, n, delta=delta)
        p = paired_difference(a, b)
        _, b_other = _pairs(rng, n, delta=delta)      # independent of a: an unpaired run
        u = unpaired_difference(a, b_other)
        cover_p += p.ci[0] <= delta <= p.ci[1]
        cover_u += u.ci[0] <= delta <= u.ci[1]
    # 95% nominal: within 3.5 binomial standard errors of 0.95 (sd 0.0049 at 2000 replications)
    for c in (cover_p, cover_u):
        assert abs(c / reps - 0.95) < 3.5 * math.sqrt(0.95 * 0.05 / reps)


def test_binary_indicators_paired_difference_of_proportions():
    rng = np.random.default_rng(2)
    a = rng.random(50_000) < 0.4
    b = a.copy()
    flip = rng.random(a.size) < 0.05
    b[flip] = ~b[flip]
    d = paired_difference(a, b, "home_win")
    assert d.a == pytest.approx(a.mean()) and d.b == pytest.approx(b.mean())
    assert d.diff == pytest.approx(b.mean() - a.mean())
    # paired: only the flipped games vary; unpaired sees two whole Bernoulli samples
    u = unpaired_difference(a, b)
    assert d.ci[1] - d.ci[0] < 0.35 * (u.ci[1] - u.ci[0])


def test_paired_narrower_when_correlated_and_equal_when_not():
    rng = np.random.default_rng(3)
    a, b = _pairs(rng, 10_000, rho=0.9)
    p, u = paired_difference(a, b), unpaired_difference(a, b)
    # Var(b - a) = 2 - 2 rho = 0.2 against Var a + Var b = 2: the paired interval is sqrt(0.1) as wide
    assert (p.ci[1] - p.ci[0]) / (u.ci[1] - u.ci[0]) == pytest.approx(math.sqrt(0.1), rel=0.05)
    a, b = _pairs(rng, 10_000, rho=0.0)
    p, u = paired_difference(a, b), unpaired_difference(a, b)
    assert (p.ci[1] - p.ci[0]) / (u.ci[1] - u.ci[0]) == pytest.approx(1.0, rel=0.05)


def test_one_game_each_has_a_difference_of_means_but_no_interval():
    """Paired or not, one game a variant: the difference of the two means is known, its interval and p are not
    (the unpaired one was NaN where the paired one was the difference)."""
    for d, b in ((paired_difference([1.0], [3.0]), 3.0), (unpaired_difference([1.0], [3.0]), 3.0),
                 (unpaired_difference([1.0], [3.0, 5.0]), 4.0)):
        assert (d.a, d.b, d.diff) == (1.0, b, b - 1.0)
        assert math.isnan(d.ci[0]) and math.isnan(d.ci[1]) and math.isnan(d.p_value)


def test_p_values_match_scipy():
    rng = np.random.default_rng(4)
    a, b = _pairs(rng, 300, delta=0.05)
    assert paired_difference(a, b).p_value == pytest.approx(stats.ttest_rel(b, a).pvalue)
    assert unpaired_difference(a, b).p_value == pytest.approx(stats.ttest_ind(b, a, equal_var=False).pvalue)


def test_degenerate_samples():
    d = paired_difference([1, 1, 1], [1, 1, 1])
    assert d.diff == 0 and d.ci == (0.0, 0.0) and d.p_value == 1.0
    d = paired_difference([0, 0, 0], [1, 1, 1])
    assert d.ci == (1.0, 1.0) and d.p_value == 0.0
    assert math.isnan(paired_difference([1.0], [2.0]).se)
    with pytest.raises(ValueError, match="equal length"):
        paired_difference([1, 2], [1, 2, 3])


def test_holm():
    adj = holm([0.01, 0.04, 0.03, 0.005])
    # sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04 -> running max 0.02, 0.03, 0.06, 0.06
    assert adj == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]).size == 0


def test_holm_controls_the_family_wise_error_rate():
    rng = np.random.default_rng(5)
    reps, m = 4000, 10
    raw = rng.random((reps, m))            # ten true null hypotheses per family
    any_raw = (raw < 0.05).any(axis=1).mean()
    any_holm = np.array([(holm(r) < 0.05).any() for r in raw]).mean()
    assert any_raw > 0.35                  # 1 - 0.95**10 = 0.40 without a correction
    assert any_holm <= 0.05 + 3.5 * math.sqrt(0.05 * 0.95 / reps)


def test_histogram_test():
    rng = np.random.default_rng(6)
    same = [np.bincount(rng.poisson(3.0, 20_000), minlength=20) for _ in range(2)]
    stat, p, dof = histogram_test(*same)
    assert p > 1e-3 and dof >= 8
    other = np.bincount(rng.poisson(3.2, 20_000), minlength=20)
    assert histogram_test(same[0], other)[1] < 1e-6
    stat, p, dof = histogram_test([5], [7])       # one class: nothing to test
    assert math.isnan(stat) and math.isnan(p) and dof == 0


def test_histogram_test_pools_sparse_tails():
    """Bins are pooled from the right until each expects at least 5 in both rows; a sparse left end left over
    joins the last bin formed; empty bins are dropped.  Here the right tail 2+1+0+1 | 3+0+0+2 joins the 30 | 28
    bin, 50 | 55 stands alone and the left tail 1+3 | 2+1 joins 40 | 35: a 2 x 3 table."""
    a = [1, 3, 40, 50, 30, 2, 1, 0, 1]
    b = [2, 1, 35, 55, 28, 3, 0, 0, 2]
    pooled = np.array([[1 + 3 + 40, 50, 30 + 2 + 1 + 0 + 1],
                       [2 + 1 + 35, 55, 28 + 3 + 0 + 0 + 2]])
    want = stats.chi2_contingency(pooled, correction=False)
    stat, p, dof = histogram_test(a, b)
    assert dof == 2 == want.dof
    assert stat == pytest.approx(want.statistic, rel=1e-12) and p == pytest.approx(want.pvalue, rel=1e-12)
    # a threshold no bin reaches alone pools everything into one bin: no test
    stat, p, dof = histogram_test(a, b, min_expected=200)
    assert math.isnan(stat) and math.isnan(p) and dof == 0
    # a histogram with a tail to the left only: 1 | 2 and 3 | 1 are pooled into the 40 | 35 bin
    stat, p, dof = histogram_test([1, 3, 40, 50], [2, 1, 35, 55])
    want = stats.chi2_contingency(np.array([[44, 50], [38, 55]]), correction=False)
    assert dof == 1 and stat == pytest.approx(want.statistic, rel=1e-12)


def test_required_n_gives_the_power_it_promises():
    sd, delta = 1.0, 0.1
    n = required_n(sd, delta)
    z = stats.norm.ppf(0.975) + stats.norm.ppf(0.8)
    assert n == math.ceil((z * sd / delta) ** 2) == 785
    rng = np.random.default_rng(7)
    rejected = [paired_difference(np.zeros(n), rng.normal(delta, sd, n)).p_value < 0.05 for _ in range(2000)]
    assert abs(np.mean(rejected) - 0.8) < 0.035
    with pytest.raises(ValueError):
        required_n(1.0, 0.0)
    for bad in ((1.0, math.nan), (math.inf, 0.1), (None, 0.1), ("1", 0.1), (True, 0.1)):
        with pytest.raises(InputError, match="required_n needs finite numbers"):
            required_n(*bad)


@pytest.mark.parametrize("a,b,what", [
    ([math.nan, 10, 20], [50, 10, 20], "counts_a"),
    ([10, 20, 30], [-5, 20, 30], "counts_b"),
    (None, [1, 2], "counts_a"),
    ([[1, 2], [3, 4]], [1, 2], "counts_a"),
    ([1.5, 2], [1, 2], "counts_a"),
])
def test_histogram_test_refuses_what_is_not_a_histogram(a, b, what):
    with pytest.raises(InputError, match=f"histogram_test: {what} must be counts"):
        histogram_test(a, b)


def test_required_n_of_an_unpaired_difference():
    """Unpaired, the per-game difference is that of one independent game of each variant: sd**2 = var_a + var_b,
    and the games per variant are ((z_0.975 + z_0.8) * sd / delta)**2 rounded up."""
    a = np.array([0.0, 1, 2, 3, 4, 5, 6, 7])          # var 6
    b = np.array([1.0, 1, 2, 2, 3, 3, 4, 4]) + 0.5    # var 10/7; B - A = 3 - 3.5
    d = unpaired_difference(a, b)
    sd = math.sqrt(6 + 10 / 7)
    assert d.sd == pytest.approx(sd, rel=1e-12) and d.diff == pytest.approx(-0.5)
    z = stats.norm.ppf(0.975) + stats.norm.ppf(0.8)
    assert required_n(d.sd, d.diff) == math.ceil((z * sd / 0.5) ** 2) == 234
    # paired on the same values, the spread is that of b - a: far smaller than the unpaired one
    assert paired_difference(a, b).sd < d.sd / 2


def test_holm_leaves_an_undefined_p_value_undefined():
    # 0.01 and 0.04 among three hypotheses: 0.03 and 0.08; the undefined one counts, and stays NaN
    adj = holm([0.01, float("nan"), 0.04])
    assert adj[0] == pytest.approx(0.03) and adj[2] == pytest.approx(0.08) and math.isnan(adj[1])
    assert np.isnan(holm([float("nan")] * 3)).all()


def test_an_interval_at_another_level_from_the_difference():
    rng = np.random.default_rng(8)
    a, b = _pairs(rng, 50)
    for d, df in ((paired_difference(a, b), 49), (unpaired_difference(a, b), None)):
        if df is None:                              # Welch's degrees of freedom, as scipy's Welch test has them
            df = stats.ttest_ind(b, a, equal_var=False).df
        assert d.df == pytest.approx(df)
        assert d.interval() == d.ci
        lo, hi = d.interval(0.1)
        q = stats.t.ppf(0.95, df)
        assert lo == pytest.approx(d.diff - q * d.se) and hi == pytest.approx(d.diff + q * d.se)


def test_paired_games_that_all_agree_give_a_bound_not_a_point():
    """docs/analysis.md, "When no paired game differs": n paired games with B - A = 0 in each bound the share of
    games that differ by q = 1 - 0.025^(1/n) (about 3.69 / n); a metric whose values span R differs by at most
    q R, p = 1; a count (no span) gets no interval."""
    from simcore.analysis.inference import games_differ_at_most, no_game_differs

    d = paired_difference(np.zeros(300), np.zeros(300), "x")
    assert d.ci == (0.0, 0.0) and d.p_value == 1.0           # the t interval alone: a point
    q = games_differ_at_most(300)
    assert q == pytest.approx(1 - 0.025 ** (1 / 300)) and q == pytest.approx(3.69 / 300, rel=0.01)
    b = no_game_differs(d, 1.0)
    assert b.ci == pytest.approx((-q, q)) and b.p_value == 1.0 and b.differ_at_most == q
    q90 = 1 - 0.05 ** (1 / 300)
    assert b.interval(0.10) == pytest.approx((-q90, q90))              # the bound at another level
    c = no_game_differs(d, math.inf)
    assert all(math.isnan(v) for v in c.ci) and c.p_value == 1.0 and c.as_dict()["games_differ_at_most"] == q


def test_compare_bounds_a_metric_no_game_changes_unless_the_variants_are_one():
    """`simcore compare ezr --b qq_chart=off -n 300 --seed 0`: decided_SO is 4.00% under both and no game differs:
    the interval is +/- q, the verdict says so; the rulebook compared with itself differs by exactly 0."""
    from simcore.analysis.compare import compare

    q = 1 - 0.025 ** (1 / 300)
    c = compare("ezr", None, "qq_chart=off", 300, seed=0, metrics=["decided_SO", "home_goals_mean"])
    so, goals = c.differences
    assert so.a == so.b == 0.04 and so.ci == pytest.approx((-q, q)) and so.differ_at_most == pytest.approx(q)
    v = c.verdicts().set_index("metric").verdict
    assert v["decided_SO"] == ("no game differs: B - A is 0 in each of the 300 games, so decided_SO differs in at most "
                               "1.2% of games (95% bound); 95% CI -1.2 to +1.2 percentage points")
    assert goals.se > 0 and np.isnan(goals.differ_at_most)          # some games' goals differ
    assert c.to_json()["metrics"][0]["games_differ_at_most"] == pytest.approx(q)
    # two unpaired runs with no tie in either: each share is within the bound of none seen, at any level
    tie = compare("ezr", None, "qq_chart=off", 300, seed=0, paired=False, metrics=["tie"]).differences[0]
    q90 = 1 - 0.05 ** (1 / 300)
    assert tie.ci == pytest.approx((-q, q)) and tie.interval(0.10) == pytest.approx((-q90, q90))
    same = compare("ezr", None, None, 300, seed=0, metrics=["decided_SO"])
    assert same.differences[0].ci == (0.0, 0.0)
    assert same.verdicts().verdict.tolist() == ["no difference: B - A is exactly 0 with no spread"]



def test_a_paired_change_no_game_shows_is_the_bound_unless_the_variants_are_one():
    """paired_change, the balance reports' option changes: changes all 0 over n games of variants that differ give
    +/- q times the values' span (a count never seen: +/- 3.69 / n; a count seen: no interval); any change seen
    gives the mean's normal interval; variants that are one give exactly 0."""
    from simcore.analysis.inference import paired_change
    from simcore.stats import mean_estimate

    q = 1 - 0.025 ** (1 / 40)
    z = np.zeros(40)
    assert paired_change(z, 1.0) == {"estimate": 0.0, "ci": pytest.approx([-q, q])}
    assert paired_change(z, 2.0)["ci"] == pytest.approx([-2 * q, 2 * q])
    assert paired_change(z, math.inf, none_seen=True)["ci"] == pytest.approx([-3.689 / 40, 3.689 / 40], rel=1e-3)
    assert np.isnan(paired_change(z, math.inf)["ci"]).all()
    assert paired_change(z, 1.0, differ=False) == {"estimate": 0.0, "ci": [0.0, 0.0]}
    d = np.r_[np.zeros(39), 1.0]
    assert paired_change(d, 1.0) == mean_estimate(d)


def test_paired_games_that_all_differ_by_one_amount_give_a_bound_not_a_point():
    """Every paired game differing by the same c shows, as games that all agree do, only that at most a share
    q = 1 - 0.025^(1/n) of games could differ from c: for values spanning R the interval is
    [c - q (c + R), c + q (R - c)], not the point c (50 games, A all ties, B all home wins: [1 - 2q, 1])."""
    from simcore.analysis.compare import Comparison, agreeing
    from simcore.analysis.inference import constant_interval, games_differ_at_most

    d = paired_difference(np.zeros(50), np.ones(50), "home_win")
    assert d.ci == (1.0, 1.0)                                             # the t interval alone: a point
    q = games_differ_at_most(50)
    b = agreeing(d, 1.0)
    assert b.constant and b.ci == pytest.approx((1 - 2 * q, 1.0)) and b.diff == 1.0
    assert b.interval(0.10) == pytest.approx(constant_interval(1.0, 50, 1.0, 0.10))
    assert b.interval(0.10)[0] > b.ci[0]
    assert all(math.isnan(v) for v in agreeing(d, math.inf).ci)          # a count: no bound
    c = Comparison({"game": "ezr", "a": "A", "b": "B", "n": 50, "seed": 0, "seed_b": 0, "paired": True,
                    "setup": {}}, [b], np.array([0.0]), (0.0, 1.0, 1), (0.0, 1.0, 1))
    assert c.verdicts()["verdict"].iloc[0] == (f"higher under B by 100.0 percentage points (95% CI "
                                               f"+{100 * (1 - 2 * q):.1f} to +100.0)")


def test_balance_with_no_influence_in_either_run_gets_no_interval():
    """balance's per-game influence is 0 in every game when a run's home advantage is exactly 0; two such runs
    cannot tell whether their games differ (here every game does: A's home wins are B's away wins), so there is
    no interval and the verdict says why, not "no game differs"."""
    import types

    import pandas as pd

    import simcore
    from simcore.analysis.compare import Comparison, metric_difference

    winners = np.array(["home", "away"] * 100)
    a = types.SimpleNamespace(games=pd.DataFrame({"winner": winners}))
    b = types.SimpleNamespace(games=pd.DataFrame({"winner": winners[::-1].copy()}))
    assert (a.games.winner != b.games.winner).all()
    d = metric_difference(simcore.game("ezr"), "balance", a, b)
    assert d.flat and d.diff == 0 and all(math.isnan(v) for v in d.ci) and math.isnan(d.differ_at_most)
    c = Comparison({"game": "ezr", "a": "A", "b": "B", "n": 200, "seed": 0, "seed_b": 0, "paired": True,
                    "setup": {}}, [d], np.array([float("nan")]), (0.0, 1.0, 1), (0.0, 1.0, 1))
    assert c.verdicts()["verdict"].iloc[0].startswith("no interval: every game's influence on the estimate is 0")
