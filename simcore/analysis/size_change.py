"""The change between two runs in the size |g| of a mean g (a home or first-mover advantage), with an interval
that holds near g = 0.

|g| has a kink at 0.  The delta method takes each run's sign of g as known and gives |g_b| - |g_a| the interval of
s_b g_b - s_a g_a; near 0 the signs are not known, and with true advantages of +0.02 and -0.02 (no change in
size) over 1,000 paired games that interval covered 84% of the time.  Here the joint confidence region of
(g_a, g_b) at the interval's level decides: an ellipse from the two means' covariance (paired: the games' sample
covariance; unpaired: independent).  Where it keeps both signs, |g_b| - |g_a| is linear over it and the interval
is the delta method's; where it meets an axis, the interval is the range of |g_b| - |g_a| over the region, which
covers at least its level (a projection of a joint region).  The p-value is the least level whose interval
excludes 0, so p < alpha exactly when the 1 - alpha interval excludes 0, at every alpha.  docs/analysis.md gives
the coverage measured.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats as _st


@dataclass(frozen=True)
class Region:
    """The joint confidence region of two means (g_a, g_b): the means ``m``, their covariance ``cov`` (2 x 2) and
    the degrees of freedom ``df`` (the games less one; inf: the normal).  At level 1 - alpha the region is
    (g - m)' cov^-1 (g - m) <= :meth:`radius2` (Hotelling's T-squared, chi-square with 2 degrees of freedom in the
    limit)."""

    m: tuple[float, float]
    cov: tuple[tuple[float, float], tuple[float, float]]
    df: float

    def radius2(self, alpha: float) -> float:
        """The squared Mahalanobis radius of the ``1 - alpha`` region."""
        if math.isinf(self.df):
            return -2.0 * math.log(alpha)
        return 2.0 * self.df / (self.df - 1.0) * float(_st.f.ppf(1.0 - alpha, 2, self.df - 1.0))

    def p_value(self, radius2: float) -> float:
        """The level ``alpha`` whose region has squared radius ``radius2`` (the inverse of :meth:`radius2`)."""
        if math.isinf(self.df):
            return math.exp(-radius2 / 2.0)
        return float(_st.f.sf(radius2 * (self.df - 1.0) / (2.0 * self.df), 2, self.df - 1.0))

    def axis_distance2(self) -> float:
        """The squared Mahalanobis radius at which the region first meets an axis (a mean's sign in doubt)."""
        (va, _), (_, vb) = self.cov
        return min(self.m[0] ** 2 / va, self.m[1] ** 2 / vb)

    def signs_clear(self, alpha: float) -> bool:
        """Whether both means keep their sign over the ``1 - alpha`` region (where |g_b| - |g_a| is linear)."""
        return self.axis_distance2() > self.radius2(alpha)

    def size_change_range(self, alpha: float) -> tuple[float, float]:
        """The least and greatest |g_b| - |g_a| over the ``1 - alpha`` region.  The function is linear in each
        quadrant, so its extremes lie where a quadrant's linear function touches the ellipse, where the ellipse
        crosses an axis, or at the origin."""
        m = np.array(self.m)
        s = np.array(self.cov)
        inv = np.linalg.inv(s)
        r2 = self.radius2(alpha)
        points = []
        for sa in (-1.0, 1.0):
            for sb in (-1.0, 1.0):
                w = np.array([-sa, sb])
                step = math.sqrt(r2) * (s @ w) / math.sqrt(float(w @ s @ w))
                for p in (m + step, m - step):
                    if sa * p[0] >= 0 and sb * p[1] >= 0:
                        points.append(p)
        for axis in (0, 1):                 # where the ellipse's edge crosses g_axis = 0
            other = 1 - axis
            # (g - m)' inv (g - m) = r2 with g[axis] = 0: a quadratic in t = g[other] - m[other]
            u = -m[axis]
            a, b, c = inv[other, other], 2.0 * inv[axis, other] * u, inv[axis, axis] * u * u - r2
            disc = b * b - 4.0 * a * c
            if disc >= 0:
                for t in ((-b - math.sqrt(disc)) / (2 * a), (-b + math.sqrt(disc)) / (2 * a)):
                    p = np.zeros(2)
                    p[other] = m[other] + t
                    points.append(p)
        if float(m @ inv @ m) <= r2:
            points.append(np.zeros(2))
        values = [abs(p[1]) - abs(p[0]) for p in points]
        return (min(values), max(values))

    def equal_size_distance2(self) -> float:
        """The squared Mahalanobis distance from the means to the nearest point where |g_a| = |g_b| (the lines
        g_b = g_a and g_b = -g_a)."""
        m = np.array(self.m)
        inv = np.linalg.inv(np.array(self.cov))
        best = math.inf
        for v in (np.array([1.0, 1.0]), np.array([1.0, -1.0])):
            t = float(v @ inv @ m) / float(v @ inv @ v)     # the nearest point t v of the line
            e = m - t * v
            best = min(best, float(e @ inv @ e))
        return best


@dataclass(frozen=True)
class SizeChange:
    """|g_b| - |g_a| of two runs' mean advantages: ``estimate``; ``ci`` at level 1 - alpha and ``p_value`` of no
    change in size (the module's doc says how); ``se`` and ``df`` of the delta method's linearization; ``region``:
    the two means' joint region.  ``linear``: whether ``ci`` is the delta method's (the region keeps both signs)."""

    estimate: float
    ci: tuple[float, float]
    p_value: float
    se: float
    df: float
    region: Region
    linear: bool

    def interval(self, alpha: float) -> tuple[float, float]:
        """The ``1 - alpha`` interval, on the same footing as :attr:`ci`."""
        return size_change_interval(self.estimate, self.se, self.df, self.region, alpha)


def size_change_interval(estimate: float, se: float, df: float, region: Region, alpha: float) -> tuple[float, float]:
    """The ``1 - alpha`` interval of |g_b| - |g_a|: the delta method's (``estimate`` -/+ the t quantile on ``df``
    times ``se``) where ``region`` at that level keeps both signs, else the range over the region."""
    if region.signs_clear(alpha):
        q = float(_st.t.ppf(1 - alpha / 2, df))
        return (estimate - q * se, estimate + q * se)
    return region.size_change_range(alpha)


def size_change(x_a, x_b, paired: bool = True, alpha: float = 0.05) -> SizeChange | None:
    """|mean(x_b)| - |mean(x_a)| with its ``1 - alpha`` interval and p-value (the module's doc says which).
    ``x_a``, ``x_b``: per-game values (a home win 1, a tie 0, an away win -1), paired game by game (``paired``) or
    two independent runs.  None when there is no interval to give this way: fewer than three games a run, or a
    covariance without spread in some direction (a run of one value, or paired runs whose values move exactly
    together), which the caller bounds by other means."""
    x_a = np.asarray(x_a, dtype=float)
    x_b = np.asarray(x_b, dtype=float)
    na, nb = x_a.size, x_b.size
    if min(na, nb) < 3 or (paired and na != nb):
        return None
    ma, mb = float(x_a.mean()), float(x_b.mean())
    if paired:
        c = np.cov(np.stack([x_a, x_b]), ddof=1) / na
        df = na - 1.0
    else:
        c = np.diag([x_a.var(ddof=1) / na, x_b.var(ddof=1) / nb])
        df = min(na, nb) - 1.0
    if c[0, 0] <= 0 or c[1, 1] <= 0 or np.linalg.det(c) <= 1e-12 * c[0, 0] * c[1, 1]:
        return None
    w = np.array([-_sign(ma), _sign(mb)])
    se = math.sqrt(float(w @ c @ w))
    estimate = abs(mb) - abs(ma)
    region = Region((ma, mb), ((float(c[0, 0]), float(c[0, 1])), (float(c[1, 0]), float(c[1, 1]))), df)
    # the least level whose interval excludes 0: the delta method's p where the region of that level keeps the
    # signs; else the region's own, or the level at which the region leaves an axis, whichever is less (the
    # intervals are nested: at that level the range over the region holds the delta method's interval)
    p_delta = float(2 * _st.t.sf(abs(estimate) / se, df))
    p_axis = region.p_value(region.axis_distance2())
    p = max(p_delta, min(region.p_value(region.equal_size_distance2()), p_axis))
    return SizeChange(estimate, size_change_interval(estimate, se, df, region, alpha), p, se, df, region,
                      region.signs_clear(alpha))


def paired_size_change(x_a, x_b, differ: bool = True) -> dict:
    """``{"estimate", "ci"}``: |mean(x_b)| - |mean(x_a)| of paired per-game advantages (a side's win 1, a tie 0,
    the other's win -1) with its 95% interval (:func:`size_change`).  Where that gives none (a run of one value,
    or runs that move exactly together), the mean of the per-game changes in the signed advantage, each run
    signed by its estimate, with :func:`~simcore.analysis.inference.paired_change`'s interval (the bound of
    agreeing games when the variants differ, ``differ``, and no game does; a signed advantage spans 2)."""
    from .inference import paired_change

    x_a = np.asarray(x_a, dtype=float)
    x_b = np.asarray(x_b, dtype=float)
    s = size_change(x_a, x_b, paired=True)
    if s is not None and not (differ and np.array_equal(x_a, x_b)):
        return {"estimate": s.estimate, "ci": list(s.ci)}
    return paired_change(_sign(x_b.mean()) * x_b - _sign(x_a.mean()) * x_a, 2.0, differ=differ)


def _sign(g: float) -> float:
    """The sign a mean advantage is taken with (+1 at 0)."""
    return 1.0 if g >= 0 else -1.0
