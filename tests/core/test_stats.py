"""The intervals every summary uses."""
from scipy import stats

from simcore.stats import Z95, mean_ci, wilson_ci


def test_z95_is_the_normal_quantile_written_out():
    assert Z95 == float(stats.norm.ppf(0.975))        # the same float, bit for bit


def test_intervals_at_their_ends_and_in_the_middle():
    assert wilson_ci(0, 10)[0] == 0.0 and wilson_ci(10, 10)[1] == 1.0
    lo, hi = wilson_ci(5, 10)
    assert round(lo, 4) == 0.2366 and round(hi, 4) == 0.7634 and abs(lo + hi - 1) < 1e-12   # symmetric at 1/2
    lo, hi = mean_ci(1.0, 1.0, 100)
    assert abs(hi - lo - 2 * Z95 / 10) < 1e-12
