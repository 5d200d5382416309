"""The intervals every summary uses."""
from scipy import stats

import numpy as np

from simcore.stats import Z95, mean_ci, score_ci, wilson_ci


def test_z95_is_the_normal_quantile_written_out():
    assert Z95 == float(stats.norm.ppf(0.975))        # the same float, bit for bit


def test_intervals_at_their_ends_and_in_the_middle():
    assert wilson_ci(0, 10)[0] == 0.0 and wilson_ci(10, 10)[1] == 1.0
    lo, hi = wilson_ci(5, 10)
    assert round(lo, 4) == 0.2366 and round(hi, 4) == 0.7634 and abs(lo + hi - 1) < 1e-12   # symmetric at 1/2
    lo, hi = mean_ci(1.0, 1.0, 100)
    assert abs(hi - lo - 2 * Z95 / 10) < 1e-12


def test_a_score_interval_never_collapses_at_a_clean_sweep_and_stays_in_0_1():
    # 200 wins in 200: no spread, so not the point [1, 1] but Wilson's [1 - 3.84 / 203.84, 1]
    lo, hi = score_ci(np.ones(200))
    assert hi == 1.0 and round(lo, 4) == 0.9812 and (lo, hi) == wilson_ci(200, 200)
    assert score_ci(np.zeros(50)) == wilson_ci(0, 50) and score_ci(np.zeros(50))[0] == 0.0
    # mostly wins: the normal interval, cut at 1
    x = np.r_[np.ones(98), 0.5, 0.75]
    lo, hi = score_ci(x)
    m, sd = x.mean(), x.std(ddof=1)
    assert hi == 1.0 and m + Z95 * sd / 10 > 1 and abs(lo - (m - Z95 * sd / 10)) < 1e-12
    # a run against itself is exactly even: every pair scores 1/2, and so does the interval
    assert score_ci(np.full(30, 0.5)) == (0.5, 0.5)
