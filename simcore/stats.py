"""Estimates and intervals used across games."""
from __future__ import annotations

import math

import numpy as np

from simcore.errors import InputError

#: The normal 97.5% quantile, ``scipy.stats.norm.ppf(0.975)`` written out (a test checks it), so that importing
#: simcore does not load scipy.stats.
Z95 = 1.959963984540054


def wilson_ci(k: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``k / n`` (95% by default): ``k`` successes (a tie may count a
    half) of ``n`` trials, 0 <= k <= n; (nan, nan) when n is 0."""
    if n <= 0:
        return (math.nan, math.nan)
    if k < -1e-9 * n or k > n * (1 + 1e-9):
        raise InputError(f"wilson_ci needs 0 <= k <= n (successes of n trials), got k={k!r}, n={n!r}")
    k = min(max(k, 0), n)            # a float total a rounding error past an end
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if k <= 0 else max(0.0, centre - half)   # exact ends: rounding would leave 1e-19 / 1 - 2e-16
    hi = 1.0 if k >= n else min(1.0, centre + half)
    return (lo, hi)


def score_ci(x, z: float = Z95) -> tuple[float, float]:
    """Interval for the mean of scores in [0, 1] (a win 1, a tie 1/2, a loss 0; one value per game or per pair of
    games): the normal interval (:func:`mean_ci`) clipped to [0, 1].  When every score is 1 (or every one 0) there
    is no spread to estimate it from, and the normal interval would be the single point [1, 1]: then the Wilson
    interval of ``n`` wins (losses) in ``n`` (:func:`wilson_ci`), the widest a [0, 1] score's can be."""
    x = np.asarray(x, dtype=float)
    n = x.size
    if n == 0:
        return (math.nan, math.nan)
    m = float(x.mean())
    if m in (0.0, 1.0):
        return wilson_ci(m * n, n, z)
    lo, hi = mean_ci(m, float(x.std(ddof=1)) if n > 1 else math.nan, n, z)
    return (max(0.0, lo), min(1.0, hi))


#: The effective count on a bounded mean's rarer side below which its interval is Wilson's, not the normal one:
#: the normal interval's rule of thumb (at P(home win) 0.995 over 1,000 games it covered 87%; :func:`advantage_ci`).
WILSON_BELOW = 10


def bounded_wilson_ci(m: float, var: float, n: int, z: float = Z95) -> tuple[float, float] | None:
    """Wilson's interval for the mean ``m`` of ``n`` values in [0, 1] with sample variance ``var`` > 0, on the
    effective number of trials n' = n m (1 - m) / var (n itself for 0/1 values; more when values sit between, as
    ties do), when that sample's rarer side counts fewer than :data:`WILSON_BELOW` (m n' or (1 - m) n'); None
    otherwise (the normal interval serves there)."""
    if not (0.0 < m < 1.0 and var > 0):
        return None
    ne = n * m * (1.0 - m) / var
    if min(m, 1.0 - m) * ne >= WILSON_BELOW:
        return None
    return wilson_ci(m * ne, ne, z)


def advantage_ci(d, z: float = Z95) -> tuple[float, float]:
    """Interval for the mean of per-game values in {-1, 0, 1} (a home win 1, a tie 0, an away win -1: P(home win) -
    P(away win)): the normal interval (:func:`mean_ci`) cut at [-1, 1].  With no spread the normal interval is a
    single point; then the Wilson bounds (:func:`wilson_ci`): every game a home win, [2 l - 1, 1] with l the lower
    end for ``n`` wins in ``n`` (the same for away wins, mirrored); every game tied, [-u, u] with u the upper end
    for no wins in ``n`` (neither side's win share is known to be 0), one game included, as :func:`score_ci`
    has it; (nan, nan) for none.
    Near the edge, where the games of one side (home wins and half the ties, in effect) count fewer than
    :data:`WILSON_BELOW`, the normal interval undercovers (87% at P(home win) 0.995 over 1,000 games, 88% at 0.9
    with 5% ties over 50): there Wilson's, on the mean's effective number of games (:func:`bounded_wilson_ci`;
    97% and 93% in the same cases, docs/analysis.md).  20 home wins in 20 give a lower end of 0.678, 19 wins and
    a tie 0.738."""
    d = np.asarray(d, dtype=float)
    n = d.size
    if n == 0:
        return (math.nan, math.nan)
    m = float(d.mean())
    if float(d.std()) == 0.0:
        if m == 0.0:
            u = wilson_ci(0, n, z)[1]
            return (-u, u)
        if abs(m) == 1.0:
            edge = 2 * wilson_ci(n, n, z)[0] - 1
            return (edge, 1.0) if m > 0 else (-1.0, -edge)
    near_edge = bounded_wilson_ci((1.0 + m) / 2, float(d.var(ddof=1)) / 4, n, z)
    if near_edge is not None:       # few games on one side: the normal interval undercovers there
        return (2 * near_edge[0] - 1, 2 * near_edge[1] - 1)
    lo, hi = mean_ci(m, float(d.std(ddof=1)), n, z)
    return (max(-1.0, lo), min(1.0, hi))


def balance_ci(lo: float, hi: float) -> tuple[float, float]:
    """The interval of 1 - |g| from an interval [lo, hi] of g (such as :func:`advantage_ci`'s): its ends where
    |g| is least and greatest, up to 1 when the interval of g holds 0 (there 1 - |g| has its peak, and a delta-method
    interval around it would shrink to a point)."""
    if lo != lo or hi != hi:
        return (math.nan, math.nan)
    far = max(abs(lo), abs(hi))
    near = 0.0 if lo <= 0.0 <= hi else min(abs(lo), abs(hi))
    return (max(0.0, 1.0 - far), 1.0 - near)


def cut(lo: float, hi: float, bounds=None) -> tuple[float, float]:
    """An interval cut at ``bounds`` (the least and greatest values the quantity can take; None: as it is); an
    undefined end stays undefined."""
    if bounds is None:
        return lo, hi
    return (float(max(lo, bounds[0])) if lo == lo else lo), (float(min(hi, bounds[1])) if hi == hi else hi)


#: The exact (Poisson) 95% upper bound on the expected number of events when none was seen: -ln(0.025).
NO_EVENTS_95 = -math.log(0.025)


def count_mean_ci(x, z: float = Z95) -> tuple[float, float]:
    """95% interval of the mean of ``x``, counts (>= 0) one value per game: the normal interval of the mean cut at
    0; when every value is 0 (no event in ``n`` games), [0, -ln(0.025) / n] = [0, 3.69 / n], the exact Poisson
    bound of no events seen, where the normal interval would be the point [0, 0] (conservative for a value that
    is itself the mean of several counts, such as a game's two teams)."""
    x = np.asarray(x, dtype=float)
    n = x.size
    return count_interval(float(x.mean()) if n else math.nan, float(x.std(ddof=1)) if n > 1 else math.nan, n, z)


def count_interval(mean: float, sd: float, n: int, z: float = Z95) -> tuple[float, float]:
    """:func:`count_mean_ci` from the counts' ``mean``, ``sd`` and number ``n`` (what a histogram gives): a mean
    of 0 over ``n`` >= 1 values is every value 0, [0, 3.69 / n]."""
    if n and mean == 0:                     # one game of none too: the bound needs no spread
        return 0.0, NO_EVENTS_95 / n
    return cut(*mean_ci(mean, sd, n, z), (0.0, math.inf))


def mean_estimate(x, bounds=None) -> dict:
    """``{"estimate", "ci"}``: the mean of ``x`` with its normal 95% interval (:func:`mean_ci`; NaN for one value),
    cut at ``bounds`` (the least and greatest values the mean can take, e.g. ``(0, inf)`` for a count)."""
    x = np.asarray(x, dtype=float)
    return {"estimate": float(x.mean()), "ci": list(mean_interval(x, bounds))}


def mean_interval(x, bounds=None) -> tuple[float, float]:
    """The normal 95% interval of the mean of ``x`` (NaN for one value), cut at ``bounds``; for a count
    (``bounds`` (0, inf)) :func:`count_mean_ci`, whose bound of no events seen is not the point [0, 0]."""
    x = np.asarray(x, dtype=float)
    if bounds is not None and tuple(bounds) == (0.0, math.inf):
        return count_mean_ci(x)
    m = float(x.mean()) if x.size else math.nan
    return cut(*mean_ci(m, float(x.std(ddof=1)) if x.size > 1 else math.nan, x.size), bounds)


def score_estimate(x) -> dict:
    """``{"estimate", "ci"}``: the mean of scores in [0, 1] with :func:`score_ci`."""
    x = np.asarray(x, dtype=float)
    return {"estimate": float(x.mean()), "ci": list(score_ci(x))}


def hist_moments(hist: np.ndarray) -> tuple[float, float, float]:
    """(count, mean, sd) of a histogram over values 0, 1, 2, ..."""
    hist = np.asarray(hist, dtype=float)
    n = hist.sum()
    if n == 0:
        return 0.0, math.nan, math.nan
    x = np.arange(hist.size)
    mean = float(hist @ x / n)
    var = float(hist @ (x - mean) ** 2 / max(n - 1, 1))
    return float(n), mean, math.sqrt(var)


def mean_ci(mean: float, sd: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Normal-approximation interval for a mean from its ``sd`` (>= 0) over ``n`` values; (nan, nan) for n <= 1."""
    if sd < 0 or n < 0 or not z > 0:
        raise InputError(f"mean_ci needs sd >= 0, n >= 0 and z > 0, got sd={sd!r}, n={n!r}, z={z!r}")
    if n <= 1:
        return (math.nan, math.nan)
    half = z * sd / math.sqrt(n)
    return (mean - half, mean + half)
