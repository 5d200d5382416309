"""The change in the size of an advantage, |g_b| - |g_a|, and its interval near g = 0 (simcore.analysis.size_change):
the range over the joint region against a brute-force search, the delta method where both signs are clear, p and
interval agreeing at every level, and coverage at the kink where the delta method's fails."""
import math

import numpy as np
import pytest

from simcore.analysis.size_change import Region, paired_size_change, size_change


def _games(rng, n, ga, gb, paired=True, tie=0.05, shared=0.7):
    """Per-game advantages (+1 a home win, 0 a tie, -1 an away win) of two runs with mean advantages ga and gb;
    paired runs share a game's uniform draw with probability ``shared`` (common random numbers)."""
    u = rng.random(n)
    v = np.where(rng.random(n) < shared, u, rng.random(n)) if paired else rng.random(n)

    def side(w, g):
        return np.where(w < (1 - tie + g) / 2, 1.0, np.where(w > 1 - (1 - tie - g) / 2, -1.0, 0.0))
    return side(u, ga), side(v, gb)


def _brute_range(region, alpha, k=100_000):
    """|g_b| - |g_a| over a dense sample of the region: its edge at k angles and a grid inside."""
    m = np.array(region.m)
    chol = np.linalg.cholesky(np.array(region.cov))
    r = math.sqrt(region.radius2(alpha))
    t = np.linspace(0, 2 * np.pi, k)
    edge = m[:, None] + r * chol @ np.vstack([np.cos(t), np.sin(t)])
    gx, gy = np.meshgrid(np.linspace(-1, 1, 81), np.linspace(-1, 1, 81))
    disc = np.vstack([gx.ravel(), gy.ravel()])
    inside = m[:, None] + r * chol @ disc[:, (disc ** 2).sum(axis=0) <= 1]
    pts = np.hstack([edge, inside])
    v = np.abs(pts[1]) - np.abs(pts[0])
    return v.min(), v.max()


@pytest.mark.parametrize("m, cov", [((0.01, -0.012), ((4e-4, 3e-4), (3e-4, 5e-4))),
                                    ((0.0, 0.0), ((1e-3, 0.0), (0.0, 1e-3))),
                                    ((0.03, 0.001), ((2e-4, -1e-4), (-1e-4, 3e-4))),
                                    ((-0.02, 0.05), ((9e-4, 8.9e-4), (8.9e-4, 9e-4)))])
def test_range_over_the_region_matches_a_dense_search(m, cov):
    region = Region(m, cov, math.inf)
    lo, hi = region.size_change_range(0.05)
    blo, bhi = _brute_range(region, 0.05)
    # the closed form is exact; the sample of the edge comes within a hair of it from inside
    assert lo <= blo + 1e-12 and hi >= bhi - 1e-12
    assert blo - lo < 1e-5 and hi - bhi < 1e-5


def test_clear_signs_give_the_delta_method_interval():
    """Both advantages far from 0: |g| is linear over the region and the interval is the delta method's t
    interval of the paired per-game changes in the signed advantage."""
    from simcore.analysis.inference import paired_difference

    a, b = _games(np.random.default_rng(3), 2000, 0.30, 0.24)
    s = size_change(a, b)
    assert s.linear
    d = paired_difference(a * np.sign(a.mean()), b * np.sign(b.mean()))
    assert s.estimate == pytest.approx(abs(b.mean()) - abs(a.mean()))
    assert s.ci == pytest.approx(d.ci) and s.p_value == pytest.approx(d.p_value)


def test_near_zero_the_interval_is_the_range_over_the_region_and_holds_0():
    """Advantages of +0.02 and -0.02 (no change in size) over 1,000 paired games: the region meets an axis, so
    the interval is its range, wider than the delta method's, and holds 0 in this sample where the delta
    method's does not."""
    from simcore.analysis.inference import paired_difference

    rng = np.random.default_rng(11)
    for _ in range(50):
        a, b = _games(rng, 1000, 0.02, -0.02)
        d = paired_difference(a * np.sign(a.mean() or 1), b * np.sign(b.mean() or 1))
        if d.ci[0] > 0 or d.ci[1] < 0:
            break
    else:
        pytest.fail("no sample whose delta-method interval excludes 0")
    s = size_change(a, b)
    assert not s.linear and s.ci[0] <= 0 <= s.ci[1] and s.p_value >= 0.05
    assert s.ci[0] < d.ci[0] and s.ci[1] > d.ci[1]


@pytest.mark.parametrize("ga, gb", [(0.02, -0.02), (0.0, 0.0), (0.0, 0.05), (0.1, 0.12), (0.3, 0.25)])
def test_p_below_alpha_exactly_when_the_interval_excludes_0(ga, gb):
    rng = np.random.default_rng(5)
    for _ in range(40):
        s = size_change(*_games(rng, 1000, ga, gb))
        for alpha in (0.01, 0.05, 0.1, 0.2, 0.5):
            lo, hi = s.interval(alpha)
            assert lo <= s.estimate <= hi
            if abs(s.p_value - alpha) > 1e-9:
                assert (s.p_value < alpha) == (lo > 0 or hi < 0), (alpha, s.p_value, lo, hi)


def test_coverage_at_the_kink():
    """True advantages +0.02 and -0.02, 1,000 paired games, 400 samples (seed 1): the delta method's 95% interval,
    taking the estimated signs as known, covers the true change 0 in about 89% of them; this interval in at
    least 95% (measured 99.8%; the binomial sd of a coverage near 0.95 at 400 samples is 1.1 points)."""
    rng = np.random.default_rng(1)
    hit = delta_hit = 0
    for _ in range(400):
        a, b = _games(rng, 1000, 0.02, -0.02)
        lo, hi = size_change(a, b).ci
        hit += lo <= 0 <= hi
        d = b * np.sign(b.mean() or 1) - a * np.sign(a.mean() or 1)
        half = 1.96 * d.std(ddof=1) / math.sqrt(d.size)
        delta_hit += abs(d.mean()) <= half
    assert hit / 400 >= 0.95
    assert delta_hit / 400 < 0.92


def test_unpaired_runs_use_independent_means():
    a, b = _games(np.random.default_rng(2), 500, 0.0, 0.01, paired=False)
    s = size_change(a, b, paired=False)
    assert s.region.cov[0][1] == 0.0
    assert s.region.cov[0][0] == pytest.approx(a.var(ddof=1) / 500)


def test_no_region_without_spread_and_the_fallbacks():
    ones = np.ones(50)
    assert size_change(ones, np.zeros(50)) is None            # a run of one value
    x = np.array([1.0, -1.0, 0.0] * 20)
    assert size_change(x, x) is None                          # runs that move together
    # variants that differ but agree in every game: the bound of agreeing games, a signed advantage spanning 2
    r = paired_size_change(x, x, differ=True)
    q = 1 - 0.025 ** (1 / 60)
    assert r["estimate"] == 0.0 and r["ci"] == pytest.approx([-2 * q, 2 * q])
    r = paired_size_change(ones, np.zeros(50))
    assert r["estimate"] == -1.0


def test_balance_comparison_near_an_even_game_uses_the_region():
    """compare's balance at home advantages of exactly 0 in both runs (wins and losses even, games differing):
    an interval holding 0 with p = 1, where the delta method's influences are all 0 and give none."""
    import types

    import pandas as pd

    import simcore
    from simcore.analysis.compare import metric_difference

    rng = np.random.default_rng(4)
    wa = rng.permutation(np.array(["home"] * 90 + ["away"] * 90 + ["tie"] * 20))
    wb = wa.copy()
    flip = rng.choice(200, 60, replace=False)
    wb[flip] = rng.permutation(wa[flip])          # the same counts: an advantage of exactly 0 in both runs
    assert (wa != wb).any()
    a = types.SimpleNamespace(games=pd.DataFrame({"winner": wa}))
    b = types.SimpleNamespace(games=pd.DataFrame({"winner": wb}))
    d = metric_difference(simcore.game("ezr"), "balance", a, b)
    assert not d.flat and d.region is not None and d.diff == 0
    assert d.ci[0] < 0 < d.ci[1] and d.p_value == pytest.approx(1.0)
    assert d.interval(0.2)[0] > d.ci[0]           # a lower level, a narrower range
