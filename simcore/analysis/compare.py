"""Paired comparison of two rule variants of any game, on common random numbers.

A game module hands this layer what it needs and nothing else is imported from it: ``Rules`` (the variants),
``variant_run(rules, n, seed, *, threads, progress, **setup) -> Results`` (n games of one variant; ``setup``
names the matchup, e.g. EZR teams or pyramid policies, from the game's ``SETUP_KEYS``) and
``ANALYSIS_METRICS`` (per-game metrics of its ``games`` table beyond the common ones below).  Both variants
run with the same seed, so game g of A and game g of B share their random stream, and every metric is
compared as a paired difference (docs/analysis.md).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats as _st

from simcore.games import game as game_module

from .inference import Difference, histogram_test, holm, paired_difference, unpaired_difference

#: Per-game metrics every game's common game table provides: name -> function of a run's
#: :class:`~simcore.results.Results` giving one value per game, in game order.
COMMON_METRICS = {
    "home_win": lambda r: r.games.winner == "home",
    "away_win": lambda r: r.games.winner == "away",
    "tie": lambda r: r.games.winner == "tie",
    "home_advantage": lambda r: (r.games.winner == "home").astype(float) - (r.games.winner == "away"),
    "decided_OT": lambda r: r.games.decided_in == "OT",
    "decided_SO": lambda r: r.games.decided_in == "SO",
    "past_regulation": lambda r: r.games.decided_in != "REG",
    "home_goals_mean": lambda r: r.games.home_goals,
    "away_goals_mean": lambda r: r.games.away_goals,
    "goals_per_team_game": lambda r: (r.games.home_goals + r.games.away_goals) / 2,
    "margin": lambda r: r.games.home_goals - r.games.away_goals,
    "abs_margin": lambda r: (r.games.home_goals - r.games.away_goals).abs(),
}


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


def _balance(r):
    """1 - |P(home win) - P(away win)|; influence -sign(gap) (home win - away win) per game."""
    g = r.games
    d = (g.winner == "home").to_numpy(float) - (g.winner == "away").to_numpy(float)
    gap = d.mean()
    return 1 - abs(gap), -np.sign(gap) * (d - gap)


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


#: Metrics that are not a mean of per-game values (name -> function of a Results giving
#: ``(estimate, per-game influence)``); compared by the paired difference of the influences.
COMMON_FUNCTIONALS = {
    "balance": _balance,
    "goals_variance": _variance,
    "goals_dispersion": _dispersion,
}


def metrics_for(mod) -> dict:
    """Every per-game metric of a game module: the common ones, then its own."""
    return {**COMMON_METRICS, **getattr(mod, "ANALYSIS_METRICS", {})}


def functionals_for(mod) -> dict:
    """Every functional metric of a game module: the common ones, then its own."""
    return {**COMMON_FUNCTIONALS, **getattr(mod, "ANALYSIS_FUNCTIONALS", {})}


def functional_difference(fa, fb, name: str = "", paired: bool = True) -> Difference:
    """Difference B - A of a functional metric from each variant's ``(estimate, per-game influence)``: the
    delta method, with the influences' paired (or Welch) standard error."""
    (ea, ia), (eb, ib) = fa, fb
    d = paired_difference(ia, ib, name) if paired else unpaired_difference(ia, ib, name)
    diff = float(eb - ea)
    half = (d.ci[1] - d.ci[0]) / 2 if np.isfinite(d.ci[0]) else float("nan")
    if d.se == 0:
        p = 1.0 if diff == 0 else 0.0
    elif np.isfinite(d.se):
        p = float(2 * _st.norm.sf(abs(diff) / d.se))
    else:
        p = float("nan")
    return Difference(name, float(ea), float(eb), diff, (diff - half, diff + half), p, d.se, d.sd, paired, d.n)


def _setup(mod, setup) -> dict:
    setup = dict(setup or {})
    keys = getattr(mod, "SETUP_KEYS", ())
    for k in setup:
        if k not in keys:
            raise ValueError(f"unknown {mod.GAME_ID} setup {k!r}; setup keys: {', '.join(keys) or 'none'}")
    return setup


@dataclass
class Comparison:
    """Result of :func:`compare`: one row per metric, plus the distribution test and the labels."""

    meta: dict
    differences: list[Difference]
    p_holm: np.ndarray
    goals_test: tuple[float, float, int]
    margin_test: tuple[float, float, int]

    def table(self) -> pd.DataFrame:
        rows = []
        for d, ph in zip(self.differences, self.p_holm):
            rows.append({"metric": d.name, "a": d.a, "b": d.b, "diff": d.diff, "ci_low": d.ci[0],
                         "ci_high": d.ci[1], "p_value": d.p_value, "p_holm": ph, "paired": d.paired, "n": d.n})
        return pd.DataFrame(rows)

    def to_json(self) -> dict:
        metrics = []
        for d, ph in zip(self.differences, self.p_holm):
            m = d.as_dict()
            m["p_holm"] = float(ph)
            metrics.append(m)
        def test(t):
            return {"test": "chi-square, pooled tail", "statistic": t[0], "p_value": t[1], "dof": t[2]}

        return {**self.meta, "metrics": metrics, "goals_distribution_test": test(self.goals_test),
                "margin_distribution_test": test(self.margin_test)}


def compare(game, rules_a, rules_b, n: int, seed: int = 0, *, metrics=None, setup=None, paired: bool = True,
            threads=None, progress=None) -> Comparison:
    """Compare two rule variants of ``game`` (an id such as ``"ezr"``, or a game module) over ``n`` games each.

    ``paired=True`` (default) runs both variants with ``seed``; ``paired=False`` runs B with a different
    seed and compares independent samples (what a comparison without common random numbers would give).
    ``metrics``: names to compare (default every metric the game has).  Each is a per-game quantity whose
    mean is compared; p-values are also given Holm-adjusted over the metrics compared.
    """
    mod = game_module(game) if isinstance(game, str) else game
    ra, rb = mod.Rules.coerce(rules_a), mod.Rules.coerce(rules_b)
    available = metrics_for(mod)
    functionals = functionals_for(mod)
    names = list(available) + list(functionals) if metrics is None else list(metrics)
    for m in names:
        if m not in available and m not in functionals:
            raise ValueError(f"unknown {mod.GAME_ID} metric {m!r}; metrics: "
                             f"{', '.join(list(available) + list(functionals))}")
    setup = _setup(mod, setup)
    seed_b = seed if paired else seed + 1
    res_a = mod.variant_run(ra, n, seed, threads=threads, progress=progress, **setup)
    res_b = mod.variant_run(rb, n, seed_b, threads=threads, progress=progress, **setup)
    diff = paired_difference if paired else unpaired_difference
    out = []
    for m in names:
        if m in available:
            out.append(diff(np.asarray(available[m](res_a), dtype=float),
                            np.asarray(available[m](res_b), dtype=float), m))
        else:
            out.append(functional_difference(functionals[m](res_a), functionals[m](res_b), m, paired))
    p_holm = holm([d.p_value if np.isfinite(d.p_value) else 1.0 for d in out])
    ga, gb = res_a.games, res_b.games
    goals_a = np.bincount(np.concatenate([ga.home_goals.to_numpy(), ga.away_goals.to_numpy()]).astype(np.int64))
    goals_b = np.bincount(np.concatenate([gb.home_goals.to_numpy(), gb.away_goals.to_numpy()]).astype(np.int64))
    ma = (ga.home_goals.to_numpy(np.int64) - ga.away_goals.to_numpy(np.int64))
    mb = (gb.home_goals.to_numpy(np.int64) - gb.away_goals.to_numpy(np.int64))
    lo = min(ma.min(), mb.min())
    margin_test = histogram_test(np.bincount(ma - lo), np.bincount(mb - lo))
    meta = {"game": mod.GAME_ID, "a": ra.id, "b": rb.id, "n": n, "seed": seed, "seed_b": seed_b,
            "paired": paired, "setup": {k: str(v) for k, v in setup.items()}}
    return Comparison(meta, out, p_holm, histogram_test(goals_a, goals_b), margin_test)
