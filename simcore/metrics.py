"""Metrics: one name, one definition, in every command, JSON key and CSV column.

A :class:`Metric` is a function of a run's :class:`~simcore.results.Results`.  Most are *per game*: one value a
game (a win indicator, goals, shots), whose mean is the estimate and whose paired differences game by game make
a comparison's interval.  Some are *functionals*: a pooled rate such as PP% or save % (sum over sum), returned
with its per-game influence (the linearization a paired interval needs, :func:`ratio`).

:data:`COMMON` holds the metrics every game's common game table provides; a game adds its own
(``Game.metrics``).  ``simcore <game> metrics`` lists them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

from simcore.stats import advantage_ci, balance_ci

#: ``Metric.bounds`` of a count (goals, shots, plays: a mean or pooled rate of counts) and of a share of games or
#: events (a win share, PP%, a success rate)
COUNT = (0.0, math.inf)
SHARE = (0.0, 1.0)
#: ``Metric.bounds`` of one side's share of games less the other's (a home advantage: +1, 0 or -1 a game)
ADVANTAGE = (-1.0, 1.0)


@dataclass(frozen=True)
class Metric:
    """A named quantity of a run: ``per_game(res)`` gives one value per game in game order, or
    ``functional(res)`` gives ``(estimate, per-game influence)``; ``doc`` says what it is in a line.
    ``bounds``: the least and greatest values the quantity can take (:data:`COUNT`, :data:`SHARE`; None:
    unbounded, as a margin); :func:`summarize` cuts a normal interval there.  ``interval``: the 95% interval
    ``(low, high)`` where the usual one does not fit, from the per-game values (a per-game metric) or from the
    run (a functional); None: the usual one (:func:`summarize`).  ``size_of``: for a functional 1 - |mean(x)|
    (``balance``), the per-game values x; a comparison then takes its change's interval from
    :mod:`simcore.analysis.size_change`, which holds near mean(x) = 0 where the delta method's does not."""

    name: str
    doc: str
    per_game: Callable | None = None
    functional: Callable | None = None
    bounds: tuple | None = None
    interval: Callable | None = None
    size_of: Callable | None = None

    def __post_init__(self):
        if (self.per_game is None) == (self.functional is None):
            raise ValueError(f"metric {self.name!r} needs exactly one of per_game and functional")

    @property
    def kind(self) -> str:
        return "per_game" if self.per_game is not None else "functional"


def ratio(num, den):
    """A functional metric: sum(num) / sum(den) over games (a pooled rate such as PP% or save %), with its
    per-game influence (num_g - R den_g) / mean(den), the linearization a paired interval needs."""
    def f(r):
        x = np.asarray(num(r), dtype=float)
        y = np.asarray(den(r), dtype=float)
        my = y.mean()
        est = x.sum() / y.sum() if y.sum() else float("nan")
        return est, (x - est * y) / my if my else np.full(x.size, np.nan)
    return f


def _advantage(r) -> np.ndarray:
    """Per game: 1 a home win, -1 an away win, 0 a tie."""
    g = r.games
    return (g.winner == "home").to_numpy(float) - (g.winner == "away").to_numpy(float)


def _balance(r):
    """1 - |P(home win) - P(away win)|; influence -sign(gap) (home win - away win) per game (the delta method's
    linearization, 0 in every game at a gap of exactly 0, where 1 - |g| has its kink; a comparison uses it only
    where both runs' gaps are clearly away from 0: :mod:`simcore.analysis.size_change`, docs/analysis.md; its
    interval alone is :func:`_balance_interval`)."""
    d = _advantage(r)
    gap = d.mean()
    return 1 - abs(gap), -np.sign(gap) * (d - gap)


def _balance_interval(r):
    """1 - |g| over the interval of the home advantage g (:func:`simcore.stats.advantage_ci`): at g = 0, where
    balance peaks, the delta method's interval would be the single point 1."""
    return balance_ci(*advantage_ci(_advantage(r)))


def _dispersion(r):
    """Variance / mean of goals per team per game (1 for Poisson scoring); influence per game is the sum of
    its two team-games' influences, halved (a game holds two team-games)."""
    g = r.games
    x = np.stack([g.home_goals.to_numpy(float), g.away_goals.to_numpy(float)], axis=1)
    m = x.mean()
    v = ((x - m) ** 2).mean()
    if m == 0:
        return float("nan"), np.full(len(g), np.nan)
    infl = ((x - m) ** 2 - v) / m - v / m ** 2 * (x - m)
    return v / m, infl.mean(axis=1)


def _variance(r):
    """Variance of goals per team per game; influence per game is its two team-games' influences, halved."""
    g = r.games
    x = np.stack([g.home_goals.to_numpy(float), g.away_goals.to_numpy(float)], axis=1)
    m = x.mean()
    v = ((x - m) ** 2).mean()
    return v, ((x - m) ** 2 - v).mean(axis=1)


def _metrics(*items) -> dict[str, Metric]:
    return {m.name: m for m in items}


#: Metrics of the common game table, in the order comparisons list them (the per-game ones, then the
#: functionals); every game has them.
COMMON = _metrics(
    Metric("home_win", "share of games the home side won", lambda r: r.games.winner == "home"),
    Metric("away_win", "share of games the away side won", lambda r: r.games.winner == "away"),
    Metric("tie", "share of games that ended tied", lambda r: r.games.winner == "tie"),
    Metric("home_advantage", "home wins minus away wins, as a share of games", _advantage,
           interval=advantage_ci, bounds=ADVANTAGE),
    Metric("decided_OT", "share of games that ended in overtime (won there, or tied after it: decided_in OT, the "
           "last phase played)", lambda r: r.games.decided_in == "OT"),
    Metric("decided_SO", "share of games decided by a shootout", lambda r: r.games.decided_in == "SO"),
    Metric("past_regulation", "share of games that went past regulation (decided_in OT or SO)",
           lambda r: r.games.decided_in != "REG"),
    Metric("home_goals_mean", "home goals per game", lambda r: r.games.home_goals, bounds=COUNT),
    Metric("away_goals_mean", "away goals per game", lambda r: r.games.away_goals, bounds=COUNT),
    Metric("goals_per_team_game", "goals per team per game (both sides' mean)",
           lambda r: (r.games.home_goals + r.games.away_goals) / 2, bounds=COUNT),
    Metric("margin", "home goals minus away goals", lambda r: r.games.home_goals - r.games.away_goals),
    Metric("abs_margin", "the goal margin either way", lambda r: (r.games.home_goals - r.games.away_goals).abs(),
           bounds=COUNT),
    Metric("balance", "1 - |P(home win) - P(away win)| (1: a coin flip)", functional=_balance, bounds=SHARE,
           interval=_balance_interval, size_of=_advantage),
    Metric("goals_variance", "variance of a team's goals in a game", functional=_variance, bounds=COUNT),
    Metric("goals_dispersion", "variance over mean of a team's goals in a game (1 for Poisson scoring)",
           functional=_dispersion, bounds=COUNT),
)


def margins_by_period(home, away) -> np.ndarray:
    """int[n, P]: home minus away goals at the end of each period, from per-period goals (n, P) of each side."""
    return np.cumsum(np.asarray(home, dtype=np.int64), axis=1) - np.cumsum(np.asarray(away, dtype=np.int64), axis=1)


def flow_metrics(period_margins: Callable) -> dict[str, Metric]:
    """``lead_changes`` and ``comeback`` of a game whose ``period_margins(res)`` gives the home-minus-away
    margin at the end of each regulation period (:func:`margins_by_period`)."""
    from simcore.scoring import comeback, lead_changes

    return _metrics(
        Metric("lead_changes", "times the leader at a period's end changes",
               lambda r: lead_changes(period_margins(r)), bounds=COUNT),
        Metric("comeback", "the winner trailed at the end of period 1 or 2",
               lambda r: comeback(period_margins(r)[:, :2], r.games.winner), bounds=SHARE),
    )


def is_indicator(values) -> bool:
    """Whether a per-game metric's values are indicators, True or False per game (a win, a game decided in
    overtime), whose mean is a share of games; otherwise they are counts or other numbers (goals, lead changes,
    a margin), whose mean is a mean.  Decided by what the metric returns (booleans), not by the values a sample
    happens to hold: a count that is 0 or 1 in every game of a run is still a count."""
    import pandas as pd

    dtype = getattr(values, "dtype", None)
    return pd.api.types.is_bool_dtype(dtype if dtype is not None else np.asarray(values).dtype)


def per_game_interval(x, indicator: bool, bounds=None, interval=None) -> tuple[float, float, float]:
    """(mean, 95% interval) of a per-game metric's values ``x``: the metric's own ``interval(x)`` when it has one
    (``Metric.interval``), the Wilson interval of a share of games when the metric is an indicator
    (:func:`is_indicator`), else the normal interval of the mean cut at the metric's ``bounds`` (the mean of goals
    is never below 0, whatever its spread; a count never seen has :func:`simcore.stats.count_mean_ci`'s bound)."""
    from simcore.stats import cut, mean_interval, wilson_ci

    x = np.asarray(x, dtype=float)
    n = x.size
    est = float(x.mean()) if n else float("nan")
    if interval is not None:
        lo, hi = interval(x)
    elif indicator:
        lo, hi = wilson_ci(float(x.sum()), n)
    else:                           # a count never seen gets a bound, not the point [0, 0]
        lo, hi = mean_interval(x, bounds)
    lo, hi = cut(lo, hi, bounds)
    return est, lo, hi


def summarize(res, metrics: dict[str, Metric]):
    """One row per metric of ``res``: estimate and 95% interval, and the number of games.  A metric with its own
    ``interval`` gets it (``home_advantage``, ``balance``); another per-game metric :func:`per_game_interval`
    (Wilson for an indicator, a share of games; the normal interval of its mean for another, such as a count); a
    functional (a pooled rate) the normal interval of its per-game influence (the delta method).  A normal
    interval is cut at the metric's ``bounds``: the mean of goals is never below 0, whatever its spread."""
    import pandas as pd

    from simcore.stats import Z95, cut

    rows = []
    for name, m in metrics.items():
        if m.kind == "per_game":
            values = m.per_game(res)
            n = np.size(values)
            est, lo, hi = per_game_interval(values, is_indicator(values), m.bounds, m.interval)
        else:
            n = res.n
            est, infl = m.functional(res)
            est = float(est)
            if m.interval is not None:
                lo, hi = m.interval(res)
            else:
                infl = np.asarray(infl, float)
                half = Z95 * float(infl.std(ddof=1)) / np.sqrt(n) if n > 1 else float("nan")
                lo, hi = cut(est - half, est + half, m.bounds)
        rows.append((name, est, lo, hi, n))
    return pd.DataFrame(rows, columns=["metric", "estimate", "ci_low", "ci_high", "n"])
