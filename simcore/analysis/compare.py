"""Paired comparison of two rule variants of any game, on common random numbers.

A game hands this layer what it needs through the game contract (:mod:`simcore.games.base`): its ``Rules``
(the variants), its ``Setup`` (who plays), ``simulate`` and its metrics (:mod:`simcore.metrics`).  Nothing here
names a game.  Both variants run with the same seed, so game g of A and game g of B share their random stream,
and every metric is compared as a paired difference (docs/analysis.md).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from simcore import runner
from simcore.errors import InputError
from simcore.games import game as find_game
from simcore.games.base import check_memory, check_n
from simcore.rng import check_seed
from simcore.metrics import COMMON, is_indicator, ratio  # noqa: F401  (ratio: part of this module's interface)

from .inference import (ALPHA, Difference, constant_interval, games_differ_at_most, histogram_test, holm,
                        no_game_differs, paired_difference, required_n, t_interval, unpaired_difference)
from .size_change import size_change

#: Per-game metrics every game's common game table provides (name -> function of a Results).
COMMON_METRICS = {k: m.per_game for k, m in COMMON.items() if m.kind == "per_game"}
#: Functional metrics every game has (name -> function of a Results giving (estimate, per-game influence)).
COMMON_FUNCTIONALS = {k: m.functional for k, m in COMMON.items() if m.kind == "functional"}


def metrics_for(game) -> dict:
    """Every per-game metric of a game: name -> function of a Results giving one value per game."""
    return {k: m.per_game for k, m in find_game(game).metrics.items() if m.kind == "per_game"}


def functionals_for(game) -> dict:
    """Every functional metric of a game: name -> function of a Results giving (estimate, influence)."""
    return {k: m.functional for k, m in find_game(game).metrics.items() if m.kind == "functional"}


def repeated_metric(g, metrics) -> tuple[str, str, str] | None:
    """The first metric that ``metrics`` (names as given) names twice, as ``(metric, first, second)`` with the
    two names as given: the same name twice, or a renamed metric's old name and its new one (Strat
    ``home_win_pct`` and ``home_win``); None when each metric is named once."""
    seen = {}
    for m in metrics:
        key = g.renamed_metrics.get(m, m)
        if key in seen:
            return key, seen[key], m
        seen[key] = m
    return None


def metric_names(g, metrics, *, functionals: bool = True) -> list[str]:
    """The metrics a comparison reports: ``metrics`` (names, an earlier release's name resolving with a
    warning), or the game's default set (per-game metrics, then functionals).  A metric named twice is a
    ValueError naming both names as given (it would be reported twice and counted twice by Holm's
    adjustment)."""
    if metrics is None:
        names = list(g.default_metrics or g.metrics)
        per = [m for m in names if g.metrics[m].kind == "per_game"]
        fun = [m for m in names if g.metrics[m].kind == "functional"]
        return per + (fun if functionals else [])
    if not isinstance(metrics, (str, list, tuple)):
        raise InputError(f"metrics must be a metric's name or a list of names, got {metrics!r}")
    metrics = [metrics] if isinstance(metrics, str) else list(metrics)
    if not metrics:
        raise InputError("metrics must name at least one metric")
    twice = repeated_metric(g, metrics)
    if twice:
        name, first, second = twice
        raise InputError(f"{g.id} metric {name!r} is named twice ({first} and {second}); give each metric once")
    out = []
    for m in metrics:
        metric = g.metric(m)
        if metric.kind == "functional" and not functionals:
            per_game = ", ".join(k for k, v in g.metrics.items() if v.kind == "per_game")
            raise InputError(f"{g.id} metric {metric.name!r} is a pooled rate, not a per-game value; a sweep "
                             f"compares per-game metrics: {per_game}")
        out.append(metric.name)
    return out


def setup_changes(g, setup) -> dict[str, str]:
    """The fields of a setup that differ from the game's default setup, as text."""
    base, s = g.setup(), g.setup(setup)
    return {k: v for k, v in s.as_text().items() if getattr(s, k) != getattr(base, k)}


def functional_difference(fa, fb, name: str = "", paired: bool = True) -> Difference:
    """Difference B - A of a functional metric from each variant's ``(estimate, per-game influence)``: the
    delta method, with the influences' paired (or Welch) standard error.  The interval and the p-value both
    refer to the Student t distribution of a per-game metric's difference (n - 1 or Welch's degrees of
    freedom), so p < 0.05 exactly when the 95% interval excludes 0."""
    (ea, ia), (eb, ib) = fa, fb
    d = paired_difference(ia, ib, name) if paired else unpaired_difference(ia, ib, name)
    diff = float(eb - ea)
    ci, p = t_interval(diff, d.se, d.df)
    return Difference(name, float(ea), float(eb), diff, ci, p, d.se, d.sd, paired, d.n, d.df)


@dataclass
class Comparison:
    """Result of :func:`compare`: one row per metric, plus the distribution test and the labels.

    ``res_a`` and ``res_b`` are the two variants' :class:`~simcore.results.Results` (every game's row, for a
    metric the comparison did not name, a plot or a table)."""

    meta: dict
    differences: list[Difference]
    p_holm: np.ndarray
    goals_test: tuple[float, float, int]
    margin_test: tuple[float, float, int]
    res_a: object = field(default=None, repr=False, compare=False)
    res_b: object = field(default=None, repr=False, compare=False)

    def __repr__(self) -> str:
        m = self.meta
        decided = int(np.sum(np.asarray(self.p_holm) < 0.05))
        return (f"Comparison(game={m.get('game')!r}, n={m.get('n'):,}, seed={m.get('seed')}, paired={m.get('paired')}, "
                f"a={m.get('a')!r}, b={m.get('b')!r}, metrics={len(self.differences)}, "
                f"detected={decided} (Holm-adjusted p < 0.05))")

    def _repr_html_(self) -> str:
        """Jupyter's view: the game, variants, n, seed and per metric A, B, B - A with its interval, the
        Holm-adjusted p and the verdict (:meth:`verdicts`)."""
        from simcore.htmlview import fragment, p_text
        from simcore.sharing import rule_changes

        m = self.meta
        v = self.verdicts()
        facts = {"game": m["game"], "A": m["a"], "B": m["b"], "B changes": rule_changes(m["a"], m["b"]) or None,
                 "setup": ", ".join(f"{k}={x}" for k, x in m["setup"].items()) or None,
                 "games per variant": f"{m['n']:,}", "seed": m["seed"],
                 "design": "paired (same seed)" if m["paired"] else f"unpaired (seeds {m['seed']}, {m['seed_b']})"}
        shown = pd.DataFrame({"metric": v["metric"], "A": v["a_text"], "B": v["b_text"], "B - A": v["diff_text"],
                              "95% interval": v["ci_text"], "p (Holm)": [p_text(p) for p in v["p_holm"]],
                              "verdict": v["verdict"]})
        return fragment(f"{m['game']}: B - A", facts, shown)

    def table(self) -> pd.DataFrame:
        rows = []
        for d, ph in zip(self.differences, self.p_holm):
            rows.append({"metric": d.name, "a": d.a, "b": d.b, "diff": d.diff, "ci_low": d.ci[0],
                         "ci_high": d.ci[1], "p_value": d.p_value, "p_holm": ph, "paired": d.paired, "n": d.n})
        return pd.DataFrame(rows)

    def verdicts(self, power: float = 0.8, alpha: float = ALPHA) -> pd.DataFrame:
        """:meth:`table` with each metric's description (``doc``), the values as text (shares of games in
        percent, their differences in percentage points, digits to the interval's precision), ``detected``
        (Holm-adjusted p below ``alpha`` and the interval excludes 0), ``no_game_differs`` (B - A is 0 in each
        paired game: the verdict gives the bound on the share of games that could differ), ``required_n``
        (games per variant that would detect the observed difference with ``power`` in a two-sided test at
        ``alpha``, where the interval includes 0) and ``verdict``, in plain words, e.g. ``"higher under B by 0.310
        (95% CI +0.250 to +0.370)"`` or ``"no detectable difference at n = 10,000 (95% CI -0.012 to +0.008)"``.

        ``alpha`` sets all three: the intervals (``ci_low``, ``ci_high``, ``ci_text`` and the verdicts') are
        at level 1 - ``alpha`` (``alpha=0.1``: 90% intervals, from each difference's standard error and
        degrees of freedom), the Holm-adjusted p is compared with ``alpha``, and ``required_n`` uses it."""
        for name, v in (("power", power), ("alpha", alpha)):
            if isinstance(v, bool) or not isinstance(v, (int, float, np.number)) or not 0 < v < 1:
                raise InputError(f"{name} must be a probability between 0 and 1 (exclusive), got {v!r}")
        g = find_game(self.meta["game"])
        t = self.table()
        k = len(t)
        level = f"{100 * (1 - alpha):.10g}% CI"
        rows, cis = [], []
        for d, ph in zip(self.differences, self.p_holm):
            doc = g.metrics[d.name].doc if d.name in g.metrics else ""
            scale = 100.0 if _is_share(d.name, doc) else 1.0
            lo, hi = d.ci if alpha == ALPHA else d.interval(alpha)     # compare() builds the ALPHA intervals
            cis.append((lo, hi))
            half = (hi - lo) / 2 * scale if np.isfinite(lo) and np.isfinite(hi) else float("nan")
            dp = _decimals(half, d.diff * scale)
            unit = " percentage points" if scale == 100.0 else ""
            val = (lambda v: f"{v * scale:.{dp}f}{'%' if scale == 100.0 else ''}")
            sig = (lambda v: f"{v * scale:+.{dp}f}")
            ci = f"{sig(lo)} to {sig(hi)}" if np.isfinite(half) else "-"
            detected = bool(np.isfinite(ph) and ph < alpha and np.isfinite(half) and (lo > 0 or hi < 0))
            undecided = np.isfinite(half) and lo <= 0 <= hi and d.diff != 0 and d.sd > 0
            need = required_n(d.sd, d.diff, power, alpha) if undecided else None
            by = f"{'higher' if d.diff > 0 else 'lower'} under B by {abs(d.diff) * scale:.{dp}f}{unit} ({level} {ci})"
            if np.isfinite(d.differ_at_most):
                verdict = (f"no game differs: B - A is 0 in each of the {d.n:,} games, so {d.name} differs in at most "
                           f"{differ_at_most_text(d.n, alpha)} of games ({100 * (1 - alpha):.10g}% bound)" +
                           (f"; {level} {ci}{unit}" if np.isfinite(half) else
                            "; how much such a game could differ has no bound, so there is no interval"))
            elif d.flat:
                verdict = ("no interval: every game's influence on the estimate is 0 in both runs, so they cannot "
                           "tell whether the games differ (balance at a home advantage of exactly 0: compare "
                           "home_advantage)")
            elif not np.isfinite(half) or not np.isfinite(d.diff):
                verdict = "no interval: the metric is undefined in these games"
            elif half == 0 and d.diff == 0:
                verdict = "no difference: B - A is exactly 0 with no spread"
            elif detected:
                verdict = by
            elif lo > 0 or hi < 0:
                verdict = f"{by} on its own, but not after the Holm adjustment over {k} metrics"
            else:
                verdict = f"no detectable difference at n = {d.n:,} ({level} {ci}{unit})"
                if need:
                    verdict += f"; about {need:,} games per variant would detect {sig(d.diff)}{unit}" + (
                        f" in a test of its own (more after the Holm adjustment over {k} metrics)" if k > 1 else "")
            rows.append({"doc": doc, "a_text": val(d.a), "b_text": val(d.b),
                         "diff_text": sig(d.diff) + (" pp" if unit else ""), "ci_text": ci, "detected": detected,
                         "required_n": need, "no_game_differs": bool(np.isfinite(d.differ_at_most)),
                         "verdict": verdict})
        t["ci_low"] = [c[0] for c in cis]
        t["ci_high"] = [c[1] for c in cis]
        return pd.concat([t, pd.DataFrame(rows, index=t.index)], axis=1)

    def to_json(self, power: float = 0.8) -> dict:
        """The JSON document of ``simcore compare --format json`` (NaN written as None, so ``json.dumps`` gives
        valid JSON): per metric its difference, interval, p and Holm-adjusted p, and ``required_n``, the games
        per variant that would detect the observed difference with ``power`` where the interval holds 0 (else
        None); the two whole-distribution tests."""
        from simcore.cliargs import plain

        if isinstance(power, bool) or not isinstance(power, (int, float, np.number)) or not 0 < power < 1:
            raise InputError(f"power must be a number between 0 and 1, got {power!r}")
        metrics = []
        for d, ph in zip(self.differences, self.p_holm):
            m = d.as_dict()
            m["p_holm"] = float(ph)
            # an interval that straddles zero cannot decide: how many games would detect the observed difference
            undecided = d.ci[0] <= 0 <= d.ci[1] and d.diff != 0 and d.sd > 0
            m["required_n"] = required_n(d.sd, d.diff, power) if undecided else None
            metrics.append(m)
        def test(t):
            if t[2] == 0:           # the values pool into one class: no test (JSON has no NaN)
                return {"test": "none: the values pool into one class", "statistic": None, "p_value": None, "dof": 0}
            return {"test": "chi-square, pooled tail", "statistic": t[0], "p_value": t[1], "dof": t[2]}

        return plain({**self.meta, "metrics": metrics, "goals_distribution_test": test(self.goals_test),
                      "margin_distribution_test": test(self.margin_test)})


def differ_at_most_text(n: int, alpha: float = ALPHA) -> str:
    """The bound on the share of games two variants can differ in when none of ``n`` paired games did
    (:func:`~simcore.analysis.inference.games_differ_at_most`), in percent to two significant figures: ``0.074%``."""
    share = games_differ_at_most(n, alpha)
    return np.format_float_positional(100 * share, precision=2, fractional=False, trim="-") + "%"


def _is_share(name: str, doc: str) -> bool:
    """A metric that is a share of games or a rate per attempt (shown in percent)."""
    return "share of games" in doc or name.endswith("_pct")


def _decimals(half: float, diff: float) -> int:
    """Digits after the point that show an interval of half-width ``half`` to two significant figures."""
    ref = half if np.isfinite(half) and half > 0 else abs(diff)
    if not np.isfinite(ref) or ref == 0:
        return 2
    return int(min(6, max(0, 1 - np.floor(np.log10(ref)))))


def metric_difference(g, name: str, res_a, res_b, paired: bool = True, differ: bool = True) -> Difference:
    """The difference B - A of game ``g``'s metric ``name`` between two runs (``res_b`` less ``res_a``): of the
    per-game values' means (paired game by game when both runs played the same seed), or of a pooled rate by the
    delta method (:func:`functional_difference`).  ``differ``: whether the two runs' variants differ; paired games
    that then all agree on the metric give a bound, not the point 0 (:func:`agreeing`)."""
    metric = g.metrics[name]
    if metric.kind != "per_game":
        fa, fb = metric.functional(res_a), metric.functional(res_b)
        d = functional_difference(fa, fb, name, paired)
        if metric.size_of is not None:
            s = size_change(metric.size_of(res_a), metric.size_of(res_b), paired)
            if s is not None:
                # B - A of 1 - |g| is minus the change in |g|; near g = 0 its interval is over the two g's joint
                # region, where the delta method's does not hold
                return replace(d, ci=(-s.ci[1], -s.ci[0]), p_value=s.p_value, region=s.region)
        if differ and not np.any(fa[1]) and not np.any(fb[1]) and np.size(fa[1]) > 1:
            # influences of 0 in every game of both runs say nothing of whether the games differ
            return replace(d, ci=(math.nan, math.nan), p_value=math.nan, flat=True)
        return agreeing(d, math.inf) if paired and differ else d
    values = metric.per_game(res_a)
    indicator = is_indicator(values)
    x_a = np.asarray(values, dtype=float)
    diff = paired_difference if paired else unpaired_difference
    d = diff(x_a, np.asarray(metric.per_game(res_b), dtype=float), name)
    span, none_seen = value_span(metric.bounds, indicator, x_a)
    if paired:
        return agreeing(d, span, none_seen) if differ else d
    at_bound = metric.bounds is not None and x_a.size > 0 and x_a[0] in metric.bounds
    if d.n > 1 and d.se == 0 and d.diff == 0 and (indicator or at_bound):
        # two independent runs of one constant value at a bound (a share of games at 0 or 1, a count never seen):
        # each mean is within the bound of none seen of it, and so their difference
        return no_game_differs(d, span, none_seen)
    return d


def value_span(bounds, indicator: bool, values) -> tuple[float, bool]:
    """(the range of a per-game metric's values: an indicator's 1, else its ``bounds``' (inf: unbounded), whether
    they are a count 0 in every game of ``values``)."""
    if indicator:
        return 1.0, False
    if bounds is None:
        return math.inf, False
    return float(bounds[1] - bounds[0]), bounds[0] == 0 and not np.asarray(values, dtype=float).any()


def agreeing(d: Difference, span: float, none_seen: bool = False) -> Difference:
    """``d`` as it is, or, when its paired games all agree (B - A = 0 in each of two or more), the bound of
    :func:`~simcore.analysis.inference.no_game_differs` for values that span ``span`` (``none_seen``: a count 0
    in every game); when they all differ by one amount c, the bound of
    :func:`~simcore.analysis.inference.constant_interval`, not the point c."""
    if d.paired and d.n > 1 and d.se == 0 and d.diff == 0:
        return no_game_differs(d, span, none_seen)
    if d.paired and d.n > 1 and d.se == 0 and math.isfinite(d.diff):
        return replace(d, ci=constant_interval(d.diff, d.n, span), constant=True, span=span)
    return d


def compare(game, rules_a, rules_b, n: int, seed: int = 0, *, metrics=None, setup=None, paired: bool = True,
            threads=None, progress=None, executor=None, workers=None) -> Comparison:
    """Compare two rule variants of ``game`` (an id such as ``"ezr"``, or a Game) over ``n`` games each.

    ``setup``: who plays (the game's ``Setup``, a dict or ``"key=value,..."``; default the game's).
    ``paired=True`` (default) runs both variants with ``seed``; ``paired=False`` runs B with a different
    seed and compares independent samples (what a comparison without common random numbers would give).
    ``metrics``: names to compare (default the game's default set).  Each is a per-game quantity whose
    mean is compared, or a pooled rate compared through its influence; p-values are also given Holm-adjusted
    over the metrics compared.
    ``executor``/``workers``: where the games run (:meth:`simcore.games.base.Game.simulate`); on Dask both
    variants' blocks are tasks at the same time.
    """
    g = find_game(game)
    ra, rb = g.rules(rules_a), g.rules(rules_b)
    names = metric_names(g, metrics)
    st = g.setup(setup)
    n, seed = check_n(n), check_seed(seed)
    if not isinstance(paired, (bool, np.bool_)):
        raise InputError(f"paired must be True or False, got {paired!r}")
    paired = bool(paired)
    seed_b = seed if paired else (seed + 1) % 2**64      # the largest seed's neighbour is 0
    check_memory(g, n, "games", runs=runner.side_by_side(2, spec=executor))
    with runner.maybe(executor, workers, threads):
        res_a, res_b = runner.concurrently(
            [lambda: g.simulate(st, n=n, seed=seed, rules=ra, threads=threads, progress=progress),
             lambda: g.simulate(st, n=n, seed=seed_b, rules=rb, threads=threads, progress=progress)])
    out = [metric_difference(g, m, res_a, res_b, paired, differ=ra.id != rb.id) for m in names]
    p_holm = holm([d.p_value for d in out])
    ga, gb = res_a.games, res_b.games
    goals_a = np.bincount(np.concatenate([ga.home_goals.to_numpy(), ga.away_goals.to_numpy()]).astype(np.int64))
    goals_b = np.bincount(np.concatenate([gb.home_goals.to_numpy(), gb.away_goals.to_numpy()]).astype(np.int64))
    ma = (ga.home_goals.to_numpy(np.int64) - ga.away_goals.to_numpy(np.int64))
    mb = (gb.home_goals.to_numpy(np.int64) - gb.away_goals.to_numpy(np.int64))
    lo = min(ma.min(), mb.min())
    margin_test = histogram_test(np.bincount(ma - lo), np.bincount(mb - lo))
    meta = {"game": g.id, "a": ra.id, "b": rb.id, "n": n, "seed": seed, "seed_b": seed_b,
            "paired": paired, "setup": setup_changes(g, st)}
    return Comparison(meta, out, p_holm, histogram_test(goals_a, goals_b), margin_test, res_a, res_b)
