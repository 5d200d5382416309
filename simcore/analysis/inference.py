"""Comparing two rule variants game by game: paired and unpaired differences, multiple testing, sample size.

Every game's random stream depends only on (seed, game index), so two variants simulated with one seed are
paired game by game (common random numbers).  For a per-game quantity x (a win indicator, goals, shots) the
paired difference d_g = x_b[g] - x_a[g] has variance Var(x_a) + Var(x_b) - 2 Cov(x_a, x_b): the shared
shuffles and dice make the covariance positive, so the paired interval is narrower than the unpaired one
for the same n.  Both are normal-approximation (Student t) intervals for a difference of means, which for a
0/1 indicator is a difference of proportions.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from scipy import stats as _st

from simcore.errors import InputError
from simcore.stats import mean_estimate

from .size_change import size_change_interval

ALPHA = 0.05


@dataclass(frozen=True)
class Difference:
    """Estimate of ``b - a`` for one metric.

    ``a``, ``b``: the two means; ``diff``: b - a; ``ci``: its 95% interval (level ``1 - alpha``);
    ``p_value``: two-sided test of no difference; ``se``: standard error of ``diff``; ``sd``: the standard
    deviation a power calculation needs (of the paired per-game differences; unpaired, of the difference
    between one game of each variant, sqrt(Var a + Var b));
    ``paired``: whether the games were paired; ``n``: games per variant; ``df``: the degrees of freedom of the
    Student t distribution that ``ci`` and ``p_value`` both refer to (paired: n - 1; unpaired: Welch's; inf: the
    normal distribution), from which :meth:`interval` gives the interval at another level.
    ``bounded``, ``span``, ``none_seen``: the games were seen alike and ``ci`` is their bound
    (:func:`no_game_differs`), for values spanning ``span`` or a count never seen.  ``constant``: every paired
    game differed by ``diff`` exactly, and ``ci`` is the bound of :func:`constant_interval` for values spanning
    ``span``.  ``flat``: a pooled metric whose per-game influences are 0 in every game of both runs (``balance``
    at a home advantage of exactly 0), so they cannot tell whether games differ: no interval.  ``region``: for a
    metric 1 - |g| (``balance``), the two runs' joint region of g (:class:`~simcore.analysis.size_change.Region`):
    where at a level it meets an axis, the interval is the range of the difference over it; ``se`` and ``sd``
    stay the delta method's.
    """

    name: str
    a: float
    b: float
    diff: float
    ci: tuple[float, float]
    p_value: float
    se: float
    sd: float
    paired: bool
    n: int
    df: float = math.inf
    bounded: bool = False
    span: float = math.nan
    none_seen: bool = False
    constant: bool = False
    flat: bool = False
    region: object = None

    @property
    def differ_at_most(self) -> float:
        """For paired games that all agree (:func:`no_game_differs`), the 95% upper bound on the share of games
        in which the variants could differ on the metric; NaN otherwise."""
        return games_differ_at_most(self.n) if self.bounded and self.paired else math.nan

    def interval(self, alpha: float = ALPHA) -> tuple[float, float]:
        """The ``1 - alpha`` interval of ``diff``: ``diff`` -/+ the t quantile on :attr:`df` times ``se``; for
        games seen alike (:attr:`bounded`), the bound of :func:`agreeing_interval` at that level."""
        if self.bounded:
            return agreeing_interval(self.n, self.span, self.none_seen, alpha)
        if self.constant:
            return constant_interval(self.diff, self.n, self.span, alpha)
        if self.flat:
            return (math.nan, math.nan)
        if self.region is not None:         # B - A of 1 - |g| is minus the change in |g|
            lo, hi = size_change_interval(-self.diff, self.se, self.df, self.region, alpha)
            return (-hi, -lo)
        return t_interval(self.diff, self.se, self.df, alpha)[0]

    def as_dict(self) -> dict:
        return {"name": self.name, "a": self.a, "b": self.b, "diff": self.diff, "ci": list(self.ci),
                "p_value": self.p_value, "paired": self.paired, "n": self.n, "se": self.se,
                "games_differ_at_most": self.differ_at_most}


def games_differ_at_most(n: int, alpha: float = ALPHA) -> float:
    """The ``1 - alpha`` upper bound on the share of games in which two variants differ when none of ``n`` paired
    games did: ``1 - (alpha / 2) ** (1 / n)`` (the exact binomial bound, two-sided level; about 3.69 / n at 95%,
    as for a count never seen)."""
    return 1.0 - (alpha / 2) ** (1.0 / n)


def no_game_differs(d: Difference, span: float, none_seen: bool = False, alpha: float = ALPHA) -> Difference:
    """``d``, a paired difference of two variants that differ, whose ``n`` games all agree (B - A = 0 in each, so
    no spread: :func:`t_interval` would give the point 0).  Agreeing in ``n`` games shows the variants differ in
    few games, not in none: in at most q = :func:`games_differ_at_most` of them.  A metric whose per-game values
    span at most ``span`` (1: a share of games) then differs by at most q * span: the interval [-q span,
    +q span].  A count (``span`` inf) that is 0 in every game of both variants (``none_seen``) has each mean in
    [0, 3.69 / n] (:func:`simcore.stats.count_interval`), so their difference in [-3.69 / n, +3.69 / n]; any
    other count, or a pooled rate, gets no interval (NaN).  The p-value is 1: no game is evidence of a
    difference.  The same bound holds for ``d`` unpaired, two runs of one constant share of games at 0 or 1 or
    of a count never seen: each mean is within it of that value."""
    return replace(d, ci=agreeing_interval(d.n, span, none_seen, alpha), p_value=1.0, bounded=True, span=span,
                   none_seen=none_seen)


def agreeing_interval(n: int, span: float, none_seen: bool, alpha: float = ALPHA) -> tuple[float, float]:
    """The interval of :func:`no_game_differs`: +/- q * ``span`` (q = :func:`games_differ_at_most`), else for a
    count never seen (``none_seen``) +/- -ln(alpha / 2) / n, else none (NaN)."""
    if math.isfinite(span):
        b = games_differ_at_most(n, alpha) * span
    elif none_seen:
        b = -math.log(alpha / 2) / n
    else:
        return (math.nan, math.nan)
    return (-b, b)


def constant_interval(c: float, n: int, span: float, alpha: float = ALPHA) -> tuple[float, float]:
    """The ``1 - alpha`` interval of a paired difference that was ``c`` in each of ``n`` games (no spread:
    :func:`t_interval` would give the point ``c``).  As for :func:`no_game_differs`, at most a share q =
    :func:`games_differ_at_most` of games can differ from ``c``, each by no more than the values' ``span`` allows
    (a difference lies in [-span, span]): [c - q (c + span), c + q (span - c)].  With no bound on the values
    (``span`` inf: a count, a pooled rate), none (NaN)."""
    if not math.isfinite(span):
        return (math.nan, math.nan)
    q = games_differ_at_most(n, alpha)
    return (max(-span, c - q * (c + span)), min(span, c + q * (span - c)))


def paired_change(d, span: float, none_seen: bool = False, differ: bool = True) -> dict:
    """``{"estimate", "ci"}``: the mean of the paired per-game changes ``d`` (B - A, one a game) with its normal
    95% interval (:func:`simcore.stats.mean_estimate`); when the variants differ (``differ``) but each of two or
    more changes is 0, the bound of :func:`agreeing_interval` for values spanning ``span`` (a count 0 in every game
    of both runs: ``none_seen``), not the point 0."""
    d = np.asarray(d, dtype=float)
    if differ and d.size > 1 and not d.any():
        return {"estimate": 0.0, "ci": list(agreeing_interval(d.size, span, none_seen))}
    return mean_estimate(d)


def t_interval(diff: float, se: float, df: float, alpha: float = ALPHA):
    """(the ``1 - alpha`` interval, the two-sided p-value of no difference) of ``diff`` with standard error
    ``se``, both on the Student t distribution with ``df`` degrees of freedom (inf: the normal), so that
    p < alpha exactly when the interval excludes 0."""
    if not math.isfinite(se) or not df >= 1:
        return (math.nan, math.nan), math.nan
    if se == 0:
        return (diff, diff), (1.0 if diff == 0 else 0.0)
    q = float(_st.t.ppf(1 - alpha / 2, df))
    p = float(2 * _st.t.sf(abs(diff) / se, df))
    return (diff - q * se, diff + q * se), p


def paired_difference(x_a, x_b, name: str = "", alpha: float = ALPHA) -> Difference:
    """Paired estimate of mean(x_b) - mean(x_a); ``x_a[g]`` and ``x_b[g]`` come from the same game stream."""
    x_a = np.asarray(x_a, dtype=float)
    x_b = np.asarray(x_b, dtype=float)
    if x_a.shape != x_b.shape or x_a.ndim != 1:
        raise InputError(f"paired samples must be 1-d and of equal length, got {x_a.shape} and {x_b.shape}")
    n = x_a.size
    d = x_b - x_a
    sd = float(d.std(ddof=1)) if n > 1 else math.nan
    se = sd / math.sqrt(n) if n > 1 else math.nan
    diff = float(d.mean()) if n else math.nan
    ci, p = t_interval(diff, se, n - 1, alpha)
    return Difference(name, float(x_a.mean()), float(x_b.mean()), diff, ci, p, se, sd, True, n, n - 1)


def unpaired_difference(x_a, x_b, name: str = "", alpha: float = ALPHA) -> Difference:
    """Welch estimate of mean(x_b) - mean(x_a) from independent samples."""
    x_a = np.asarray(x_a, dtype=float)
    x_b = np.asarray(x_b, dtype=float)
    na, nb = x_a.size, x_b.size
    if na < 2 or nb < 2:         # the means and their difference, without a spread to give them an interval
        a = float(np.mean(x_a)) if na else math.nan
        b = float(np.mean(x_b)) if nb else math.nan
        return Difference(name, a, b, b - a, (math.nan, math.nan), math.nan, math.nan, math.nan, False, min(na, nb))
    va, vb = float(x_a.var(ddof=1)), float(x_b.var(ddof=1))
    se = math.sqrt(va / na + vb / nb)
    diff = float(x_b.mean() - x_a.mean())
    if se > 0:
        df = (va / na + vb / nb) ** 2 / ((va / na) ** 2 / (na - 1) + (vb / nb) ** 2 / (nb - 1))
    else:
        df = na + nb - 2
    ci, p = t_interval(diff, se, df, alpha)
    sd = math.sqrt(va + vb)     # of the difference between one game of each variant
    return Difference(name, float(x_a.mean()), float(x_b.mean()), diff, ci, p, se, sd, False, min(na, nb),
                      float(df))


def holm(p_values) -> np.ndarray:
    """Holm-Bonferroni adjusted p-values (same order as given), for testing many metrics at once: reject
    the hypotheses whose adjusted p-value is below alpha and the family-wise error rate stays at alpha.

    An undefined p-value (NaN: a metric without an interval) stays undefined; it still counts among the
    hypotheses, as a test that rejects nothing."""
    p = np.asarray(p_values, dtype=float)
    m = p.size
    undefined = np.isnan(p)
    order = np.argsort(np.where(undefined, 1.0, p), kind="stable")
    adj = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * (1.0 if undefined[i] else p[i])))
        adj[i] = running
    adj[undefined] = np.nan
    return adj


def _counts(x, name: str) -> np.ndarray:
    """``x`` as a histogram: a 1-d list of whole, finite, non-negative counts (InputError naming ``name``)."""
    try:
        a = np.asarray(x, dtype=float)
    except (TypeError, ValueError):
        a = None
    if a is None or a.ndim != 1 or not np.isfinite(a).all() or (a < 0).any() or (a != np.floor(a)).any():
        raise InputError(f"histogram_test: {name} must be counts (whole numbers >= 0, one per value), got "
                         f"{str(x)[:80]}")
    return a


def histogram_test(counts_a, counts_b, min_expected: float = 5.0) -> tuple[float, float, int]:
    """Chi-square test that two histograms (counts over the same values 0, 1, 2, ...) come from one
    distribution.  Sparse tail bins are pooled until every expected count is at least ``min_expected``.
    Returns (statistic, p_value, degrees of freedom); (nan, nan, 0) when the values pool into one class, which
    leaves nothing to test (a handful of games).  The test treats the samples as independent.  A paired
    run's samples (both variants on one seed) are positively correlated game by game, which makes the test
    conservative (its p-values too large), the more so the stronger the pairing."""
    a, b = (_counts(x, name) for x, name in ((counts_a, "counts_a"), (counts_b, "counts_b")))
    k = max(a.size, b.size)
    a = np.pad(a, (0, k - a.size))
    b = np.pad(b, (0, k - b.size))
    tot = a + b
    keep = np.flatnonzero(tot > 0)
    if keep.size < 2:
        return math.nan, math.nan, 0
    a, b, tot = a[keep], b[keep], tot[keep]
    share_a = a.sum() / tot.sum()
    # pool from the right until each bin expects enough in both rows
    bins_a, bins_b = [], []
    acc_a = acc_b = 0.0
    for x, y in zip(a[::-1], b[::-1]):
        acc_a += x
        acc_b += y
        t = acc_a + acc_b
        if min(t * share_a, t * (1 - share_a)) >= min_expected:
            bins_a.append(acc_a)
            bins_b.append(acc_b)
            acc_a = acc_b = 0.0
    if acc_a + acc_b > 0:
        if bins_a:
            bins_a[-1] += acc_a
            bins_b[-1] += acc_b
        else:
            bins_a.append(acc_a)
            bins_b.append(acc_b)
    if len(bins_a) < 2:
        return math.nan, math.nan, 0
    table = np.array([bins_a, bins_b])
    stat, p, dof, _ = _st.chi2_contingency(table, correction=False)
    return float(stat), float(p), int(dof)


def required_n(sd: float, delta: float, power: float = 0.8, alpha: float = ALPHA) -> int:
    """Games per variant to detect a true difference ``delta`` with probability ``power`` (two-sided test at
    ``alpha``), for per-game differences with standard deviation ``sd`` (:attr:`Difference.sd` of a pilot
    run, paired or not)."""
    def real(x):
        return isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(x, bool) and math.isfinite(x)

    if not (all(map(real, (sd, delta, power, alpha))) and sd >= 0 and delta != 0 and 0 < power < 1
            and 0 < alpha < 1):
        raise InputError("required_n needs finite numbers sd >= 0, delta != 0, 0 < power < 1 and 0 < alpha < 1; "
                         f"got sd={sd!r}, delta={delta!r}, power={power!r}, alpha={alpha!r}")
    z = float(_st.norm.ppf(1 - alpha / 2) + _st.norm.ppf(power))
    return max(2, math.ceil((z * sd / abs(delta)) ** 2))
