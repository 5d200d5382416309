"""Figures for rule-variant analysis: goal distributions, forest plots of differences, sweep curves.

Every function returns a :class:`matplotlib.figure.Figure` built with matplotlib's object API (no pyplot,
no GUI backend, nothing shown); save it with ``fig.savefig(path)``.  Inputs are validated up front: a missing
column, metric or variant raises ``ValueError`` naming it.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.transforms import blended_transform_factory

#: Columns of the tidy sweep table that are not swept rule fields.
SWEEP_COLUMNS = ("variant_id", "cell", "seed", "metric", "estimate", "ci_low", "ci_high", "n", "diff",
                 "diff_ci_low", "diff_ci_high", "p_value")

_FOREST_COLUMNS = ("metric", "diff", "ci_low", "ci_high")


def _require_columns(df: pd.DataFrame, columns, what: str) -> None:
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ValueError(f"{what} lacks column(s) {', '.join(map(repr, missing))}; "
                         f"it has {', '.join(map(str, df.columns))}")


def _fmt(v: float) -> str:
    return "n/a" if not math.isfinite(v) else f"{v:+.3g}"


# --------------------------------------------------------------------------------------------------------
# 1. goal distributions


def goal_distributions(results: dict, per: str = "team", *, max_goals: int | None = None,
                       title: str | None = None) -> Figure:
    """Overlaid histograms of goals, one step outline per variant, as shares.

    ``results``: ``{label: games}`` where ``games`` is a game table (``Results.games``, or a ``Results``
    itself) with ``home_goals`` and ``away_goals``.  ``per="team"``: goals of one team in one game, home and
    away pooled (2 team-games per game), as shares of team-games; ``per="game"``: both teams' goals
    together, as shares of games.  Each legend entry gives the variant's mean and sample size.
    ``max_goals``: last bin shown (default the largest count seen); larger counts are pooled into it and
    the tick is labelled ``k+``.
    """
    if per not in ("team", "game"):
        raise ValueError(f"per must be 'team' or 'game', got {per!r}")
    if not isinstance(results, dict) or not results:
        raise ValueError("results must be a non-empty dict {label: games table}")
    samples = {}
    for label, games in results.items():
        games = getattr(games, "games", games)
        if not isinstance(games, pd.DataFrame):
            raise ValueError(f"results[{label!r}] is not a games DataFrame (or a Results with .games)")
        _require_columns(games, ("home_goals", "away_goals"), f"games table {label!r}")
        if len(games) == 0:
            raise ValueError(f"games table {label!r} is empty")
        h = games["home_goals"].to_numpy(dtype=np.int64)
        a = games["away_goals"].to_numpy(dtype=np.int64)
        samples[label] = np.concatenate([h, a]) if per == "team" else h + a
    top = max(int(s.max()) for s in samples.values()) if max_goals is None else int(max_goals)
    if top < 0:
        raise ValueError(f"max_goals must be >= 0, got {max_goals}")
    edges = np.arange(top + 2) - 0.5
    fig = Figure(figsize=(7, 4.2))
    ax = fig.add_subplot()
    unit = "team-games" if per == "team" else "games"
    for label, s in samples.items():
        counts = np.bincount(np.minimum(s, top), minlength=top + 1)
        shares = counts / s.size
        n_games = s.size // 2 if per == "team" else s.size
        ax.stairs(shares, edges, linewidth=1.8,
                  label=f"{label}: mean {s.mean():.3f} (n={n_games:,} games)")
    ax.set_xticks(np.arange(top + 1))
    if max_goals is not None:
        ax.set_xticklabels([str(k) for k in range(top)] + [f"{top}+"])
    ax.set_xlabel("goals per team per game (home and away pooled)" if per == "team"
                  else "goals per game (both teams)")
    ax.set_ylabel(f"share of {unit}")
    ax.set_ylim(bottom=0)
    ax.legend(frameon=False)
    if title:
        ax.set_title(title)
    fig.tight_layout()
    return fig


# --------------------------------------------------------------------------------------------------------
# 2. forest plot


def _fields(rule_id: str) -> dict | None:
    """``'game(k=v,...)'`` -> ``{k: v}``; None for any other shape."""
    if not (isinstance(rule_id, str) and "(" in rule_id and rule_id.endswith(")")):
        return None
    body = rule_id[rule_id.index("(") + 1:-1]
    out = {}
    for part in body.split(","):
        if "=" not in part:
            return None
        k, v = part.split("=", 1)
        out[k] = v
    return out


def _comparison_title(meta: dict) -> str:
    """``game: B - A`` naming only the rule fields in which the two variants differ."""
    a, b = str(meta.get("a", "A")), str(meta.get("b", "B"))
    fa, fb = _fields(a), _fields(b)
    if fa is not None and fb is not None:
        keys = [k for k in dict.fromkeys([*fa, *fb]) if fa.get(k) != fb.get(k)]
        a = ",".join(f"{k}={fa.get(k, '-')}" for k in keys) or a
        b = ",".join(f"{k}={fb.get(k, '-')}" for k in keys) or b
    game = meta.get("game")
    return f"{game}: ({b}) - ({a})" if game else f"({b}) - ({a})"


def forest(comparison_or_table, title: str | None = None, *, metrics=None, standardize: bool = False,
           annotate: bool = True) -> Figure:
    """Forest plot of the differences B - A with their 95% intervals, one row per metric (top to bottom in
    table order), a vertical line at 0.

    ``comparison_or_table``: a :class:`~simcore.analysis.compare.Comparison` or its ``.table()`` (at least
    ``metric``, ``diff``, ``ci_low``, ``ci_high``).  ``metrics``: names to show, in that order (default all).

    Metrics have different units (a share of games, goals, turns), so one shared x axis can only be read
    row by row.  ``annotate=True`` (default) writes each row's difference and interval in its own units at
    the right, whatever the axis shows.  ``standardize=False`` plots the raw differences on one axis;
    ``standardize=True`` divides each row's difference and interval by that row's 95% half-width, so every
    interval spans 2 and an interval excludes 0 exactly when the point lies beyond +-1 (dotted lines).  That
    axis shows how clearly each difference is resolved, not how large it is.  A row whose interval has
    zero width (no variation in the paired differences) is drawn at 0 when its difference is 0 and left
    blank otherwise; a row with no interval (NaN) is left blank; the annotation says so.
    Filled markers: the interval excludes 0; hollow: it does not.
    """
    if hasattr(comparison_or_table, "table") and callable(comparison_or_table.table):
        table = comparison_or_table.table()
        meta = getattr(comparison_or_table, "meta", {}) or {}
        if title is None and meta:
            title = _comparison_title(meta)
    elif isinstance(comparison_or_table, pd.DataFrame):
        table = comparison_or_table
    else:
        raise ValueError("forest needs a Comparison or its .table() DataFrame")
    _require_columns(table, _FOREST_COLUMNS, "comparison table")
    if table.empty:
        raise ValueError("comparison table has no rows")
    if metrics is not None:
        metrics = [metrics] if isinstance(metrics, str) else list(metrics)
        known = list(table["metric"])
        unknown = [m for m in metrics if m not in known]
        if unknown:
            raise ValueError(f"metric(s) {', '.join(map(repr, unknown))} not in the table; "
                             f"metrics: {', '.join(known)}")
        table = table.set_index("metric").loc[metrics].reset_index()
    names = [str(m) for m in table["metric"]]
    diff = table["diff"].to_numpy(dtype=float)
    lo = table["ci_low"].to_numpy(dtype=float)
    hi = table["ci_high"].to_numpy(dtype=float)
    k = len(names)
    y = np.arange(k)[::-1].astype(float)

    notes = [""] * k
    if standardize:
        half = (hi - lo) / 2
        x, xl, xh = np.full(k, np.nan), np.full(k, np.nan), np.full(k, np.nan)
        for i in range(k):
            if not (math.isfinite(half[i]) and math.isfinite(diff[i])):
                notes[i] = "no interval"
            elif half[i] > 0:
                x[i] = diff[i] / half[i]
                xl[i], xh[i] = lo[i] / half[i], hi[i] / half[i]
            elif diff[i] == 0:
                x[i] = xl[i] = xh[i] = 0.0
                notes[i] = "exactly 0"
            else:
                notes[i] = "zero-width interval"
    else:
        x, xl, xh = diff, lo, hi
        for i in range(k):
            if not (math.isfinite(lo[i]) and math.isfinite(hi[i])):
                notes[i] = "no interval"

    fig = Figure(figsize=(8, 0.9 + 0.38 * k))
    ax = fig.add_subplot()
    excludes0 = (lo > 0) | (hi < 0)
    ok = np.isfinite(x) & np.isfinite(xl) & np.isfinite(xh)
    ax.hlines(y[ok], xl[ok], xh[ok], color="#2c7fb8", linewidth=2)
    sel = ok & excludes0
    ax.plot(x[sel], y[sel], "o", color="#2c7fb8", ms=6, linestyle="none")
    sel = ok & ~excludes0
    ax.plot(x[sel], y[sel], "o", markerfacecolor="white", markeredgecolor="#2c7fb8", ms=6, linestyle="none")
    ax.axvline(0, color="0.3", linewidth=1)
    if standardize:
        for v in (-1, 1):
            ax.axvline(v, color="0.6", linewidth=0.8, linestyle=":")
        ax.set_xlabel("difference B - A / its 95% half-width (interval excludes 0 beyond +-1)")
    else:
        ax.set_xlabel("difference B - A (each metric in its own units)")
    ax.set_yticks(y)
    ax.set_yticklabels(names)
    ax.set_ylim(-0.7, k - 0.3)
    longest = 0
    if annotate:
        trans = blended_transform_factory(ax.transAxes, ax.transData)
        for i in range(k):
            text = f"{_fmt(diff[i])} [{_fmt(lo[i])}, {_fmt(hi[i])}]"
            if notes[i]:
                text += f"  ({notes[i]})"
            longest = max(longest, len(text))
            ax.text(1.02, y[i], text, transform=trans, va="center", ha="left", fontsize=8, family="monospace")
    if title:
        ax.set_title(title)
    ax.grid(axis="x", color="0.92")
    ax.set_axisbelow(True)
    fig.tight_layout()
    if annotate:
        # room for the annotations: about 0.067 inch per monospace character at 8 points
        width = fig.get_figwidth()
        right = min(fig.subplotpars.right, max(0.45, 1 - (0.15 + 0.067 * longest) / width))
        fig.subplots_adjust(right=right)
    return fig


# --------------------------------------------------------------------------------------------------------
# 3. sweep curves


def _is_numeric(s: pd.Series) -> bool:
    return pd.api.types.is_numeric_dtype(s) and not pd.api.types.is_bool_dtype(s)


def _ordered(values: pd.Series) -> list:
    uniq = list(pd.unique(values))
    if _is_numeric(values):
        uniq.sort()
    return uniq


def sweep_curves(df: pd.DataFrame, x: str, metric: str, hue: str | None = None, *, value: str = "estimate",
                 title: str | None = None) -> Figure:
    """One metric of a sweep against the swept rule field ``x``, with its 95% band, one curve per value of
    ``hue`` (another swept field), from the tidy sweep table (columns ``variant_id``, ``cell``, one per swept
    field, ``seed``, ``metric``, ``estimate``, ``ci_low``, ``ci_high``, ``n``, ``diff``, ``diff_ci_low``,
    ``diff_ci_high``, ``p_value``).

    ``value="estimate"`` plots the metric's mean with ``ci_low``/``ci_high``; ``value="diff"`` plots the
    difference from the sweep's baseline with ``diff_ci_low``/``diff_ci_high`` and a line at 0.
    A numeric ``x`` is plotted on its own scale, sorted; any other ``x`` (strings, booleans) is placed at
    0, 1, 2, ... in order of first appearance and labelled with its values (the band between two categories
    is only a guide to the eye).  Each (x, hue) pair must occur once for ``metric``: a table with several
    seeds or with other swept fields varying raises ``ValueError`` (filter it first).
    """
    if value not in ("estimate", "diff"):
        raise ValueError(f"value must be 'estimate' or 'diff', got {value!r}")
    if not isinstance(df, pd.DataFrame):
        raise ValueError("sweep_curves needs the sweep's DataFrame")
    y_col, lo_col, hi_col = (("estimate", "ci_low", "ci_high") if value == "estimate"
                             else ("diff", "diff_ci_low", "diff_ci_high"))
    if hue is not None and hue == x:
        raise ValueError(f"hue and x are both {x!r}")
    needed = ["metric", x, y_col, lo_col, hi_col] + ([hue] if hue is not None else [])
    _require_columns(df, needed, "sweep table")
    if metric not in set(df["metric"]):
        raise ValueError(f"metric {metric!r} not in the sweep table; metrics: "
                         f"{', '.join(map(str, pd.unique(df['metric'])))}")
    d = df[df["metric"] == metric]
    keys = [x] + ([hue] if hue is not None else [])
    dup = d.duplicated(keys, keep=False)
    if dup.any():
        others = [c for c in d.columns if c not in SWEEP_COLUMNS and c not in keys and d.loc[dup, c].nunique() > 1]
        if "seed" in d.columns and d.loc[dup, "seed"].nunique() > 1:
            others.append("seed")
        raise ValueError(f"several rows per {' x '.join(keys)} for metric {metric!r}"
                         + (f"; {', '.join(others)} also vary" if others else "")
                         + "; filter the table to one value of each first")

    numeric_x = _is_numeric(d[x])
    if numeric_x:
        xcats = None
        pos = d[x].astype(float)
    else:
        xcats = list(pd.unique(d[x]))
        where = {v: i for i, v in enumerate(xcats)}
        pos = d[x].map(where).astype(float)
    d = d.assign(_pos=pos.to_numpy()).sort_values("_pos")

    fig = Figure(figsize=(7, 4.2))
    ax = fig.add_subplot()
    groups = [(None, d)] if hue is None else [(h, d[d[hue] == h]) for h in _ordered(d[hue])]
    for h, g in groups:
        label = None if hue is None else f"{hue}={h}"
        (line,) = ax.plot(g["_pos"], g[y_col].astype(float), marker="o", ms=4, label=label)
        ax.fill_between(g["_pos"].to_numpy(float), g[lo_col].to_numpy(float), g[hi_col].to_numpy(float),
                        color=line.get_color(), alpha=0.2, linewidth=0)
    if value == "diff":
        ax.axhline(0, color="0.3", linewidth=1)
    if xcats is not None:
        ax.set_xticks(np.arange(len(xcats)))
        ax.set_xticklabels([str(v) for v in xcats])
    ax.set_xlabel(x)
    ax.set_ylabel(f"{metric} (B - baseline)" if value == "diff" else metric)
    if hue is not None:
        ax.legend(frameon=False, title=None)
    if title:
        ax.set_title(title)
    fig.tight_layout()
    return fig
