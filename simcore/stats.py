"""Estimates and intervals used across games."""
from __future__ import annotations

import math

import numpy as np

#: The normal 97.5% quantile, ``scipy.stats.norm.ppf(0.975)`` written out (a test checks it), so that importing
#: simcore does not load scipy.stats.
Z95 = 1.959963984540054


def wilson_ci(k: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``k / n`` (95% by default)."""
    if n <= 0:
        return (math.nan, math.nan)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if k <= 0 else max(0.0, centre - half)   # exact ends: rounding would leave 1e-19 / 1 - 2e-16
    hi = 1.0 if k >= n else min(1.0, centre + half)
    return (lo, hi)


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
    """Normal-approximation interval for a mean."""
    if n <= 1:
        return (math.nan, math.nan)
    half = z * sd / math.sqrt(n)
    return (mean - half, mean + half)
