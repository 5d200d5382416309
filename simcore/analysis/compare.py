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

from simcore.games import game as game_module
from simcore.rulesbase import RuleError

from .inference import Difference, histogram_test, holm, paired_difference, unpaired_difference

#: Per-game metrics every game's common game table provides (name -> function of the ``games`` table).
COMMON_METRICS = {
    "home_win": lambda g: g.winner == "home",
    "away_win": lambda g: g.winner == "away",
    "tie": lambda g: g.winner == "tie",
    "home_advantage": lambda g: (g.winner == "home").astype(float) - (g.winner == "away"),
    "decided_OT": lambda g: g.decided_in == "OT",
    "decided_SO": lambda g: g.decided_in == "SO",
    "past_regulation": lambda g: g.decided_in != "REG",
    "home_goals_mean": lambda g: g.home_goals,
    "away_goals_mean": lambda g: g.away_goals,
    "goals_per_team_game": lambda g: (g.home_goals + g.away_goals) / 2,
    "margin": lambda g: g.home_goals - g.away_goals,
    "abs_margin": lambda g: (g.home_goals - g.away_goals).abs(),
}


def metrics_for(mod) -> dict:
    """Every per-game metric of a game module: the common ones, then its own."""
    return {**COMMON_METRICS, **getattr(mod, "ANALYSIS_METRICS", {})}


def _rules(mod, spec):
    if spec is None or spec == "":
        return mod.Rules()
    if isinstance(spec, mod.Rules):
        return spec
    if isinstance(spec, dict) or isinstance(spec, str):
        return mod.Rules().with_options(spec)
    raise RuleError(f"rules must be a {mod.GAME_ID} Rules, a dict or 'field=value,...'")


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
        stat, p, dof = self.goals_test
        return {**self.meta, "metrics": metrics,
                "goals_distribution_test": {"test": "chi-square, pooled tail", "statistic": stat, "p_value": p,
                                            "dof": dof}}


def compare(game, rules_a, rules_b, n: int, seed: int = 0, *, metrics=None, setup=None, paired: bool = True,
            threads=None, progress=None) -> Comparison:
    """Compare two rule variants of ``game`` (an id such as ``"ezr"``, or a game module) over ``n`` games each.

    ``paired=True`` (default) runs both variants with ``seed``; ``paired=False`` runs B with a different
    seed and compares independent samples (what a comparison without common random numbers would give).
    ``metrics``: names to compare (default every metric the game has).  Each is a per-game quantity whose
    mean is compared; p-values are also given Holm-adjusted over the metrics compared.
    """
    mod = game_module(game) if isinstance(game, str) else game
    ra, rb = _rules(mod, rules_a), _rules(mod, rules_b)
    available = metrics_for(mod)
    names = list(available) if metrics is None else list(metrics)
    for m in names:
        if m not in available:
            raise ValueError(f"unknown {mod.GAME_ID} metric {m!r}; metrics: {', '.join(available)}")
    setup = _setup(mod, setup)
    seed_b = seed if paired else seed + 1
    ga = mod.variant_run(ra, n, seed, threads=threads, progress=progress, **setup).games
    gb = mod.variant_run(rb, n, seed_b, threads=threads, progress=progress, **setup).games
    diff = paired_difference if paired else unpaired_difference
    out = [diff(np.asarray(available[m](ga), dtype=float), np.asarray(available[m](gb), dtype=float), m)
           for m in names]
    p_holm = holm([d.p_value if np.isfinite(d.p_value) else 1.0 for d in out])
    goals_a = np.bincount(np.concatenate([ga.home_goals.to_numpy(), ga.away_goals.to_numpy()]).astype(np.int64))
    goals_b = np.bincount(np.concatenate([gb.home_goals.to_numpy(), gb.away_goals.to_numpy()]).astype(np.int64))
    meta = {"game": mod.GAME_ID, "a": ra.id, "b": rb.id, "n": n, "seed": seed, "seed_b": seed_b,
            "paired": paired, "setup": {k: str(v) for k, v in setup.items()}}
    return Comparison(meta, out, p_holm, histogram_test(goals_a, goals_b))
