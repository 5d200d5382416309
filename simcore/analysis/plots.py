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
from matplotlib.lines import Line2D
from matplotlib.ticker import MaxNLocator, PercentFormatter, ScalarFormatter
from matplotlib.transforms import blended_transform_factory

from simcore.checks import is_whole, name_list
from simcore.errors import InputError

#: Columns of the tidy sweep table that are not swept rule fields.
SWEEP_COLUMNS = ("variant_id", "cell", "seed", "metric", "estimate", "ci_low", "ci_high", "n", "diff",
                 "diff_ci_low", "diff_ci_high", "p_value")

_FOREST_COLUMNS = ("metric", "diff", "ci_low", "ci_high")


def _require_columns(df: pd.DataFrame, columns, what: str) -> None:
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise InputError(f"{what} lacks column(s) {', '.join(map(repr, missing))}; "
                         f"it has {', '.join(map(str, df.columns))}")


def _fmt(v: float, decimals: int | None = None) -> str:
    """``v`` with a sign, positional (never ``1e-05``): ``decimals`` places, or 3 significant digits."""
    if not math.isfinite(v):
        return "n/a"
    if decimals is None:
        text = np.format_float_positional(abs(v), precision=3, fractional=False, trim="-")
    else:
        text = f"{abs(v):.{decimals}f}"
    if float(text) == 0:
        return "0" if decimals is None else f"{0:.{decimals}f}"
    return ("-" if v < 0 else "+") + text


def _decimals(half: float) -> int | None:
    """Decimal places that show a 95% half-width ``half`` to two significant digits (None: no width)."""
    if not (math.isfinite(half) and half > 0):
        return None
    return int(min(8, max(0, 1 - math.floor(math.log10(half)))))


def _plain_axis(axis) -> None:
    """Tick labels as plain numbers: no scientific notation, no offset text."""
    fmt = ScalarFormatter(useOffset=False)
    fmt.set_scientific(False)
    axis.set_major_formatter(fmt)


# --------------------------------------------------------------------------------------------------------
# 1. goal distributions


#: The most bins a goal histogram draws: larger counts are pooled into its last bin (``k+``).
MAX_GOAL_BINS = 100


def score_matrix(ax, matrix: pd.DataFrame, *, fontsize: int = 9, rotate: bool = False):
    """Draw a policy matrix (rows ``row``, ``column``, ``estimate``: the row policy's score against the column's,
    a win 1 and a tie 1/2) on ``ax`` as a heatmap with each cell's score written in it (white on the darkest
    cells) and a colour bar saying what the colours are; returns the image."""
    pols = list(dict.fromkeys(matrix.row))
    grid = matrix.pivot(index="row", columns="column", values="estimate").loc[pols, pols].to_numpy()
    im = ax.imshow(grid, cmap="RdBu_r", vmin=0, vmax=1)
    ax.set_xticks(range(len(pols)), pols, **({"rotation": 45, "ha": "right"} if rotate else {}))
    ax.set_yticks(range(len(pols)), pols)
    for i in range(len(pols)):
        for j in range(len(pols)):
            v = grid[i, j]
            ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=fontsize,
                    color="white" if abs(v - 0.5) > 0.3 else "black")
    ax.set(xlabel="column policy", ylabel="row policy")
    ax.figure.colorbar(im, ax=ax, fraction=0.046, label="row's score (win 1, tie 1/2)")
    return im


def matrix_figure(matrix: pd.DataFrame, title: str, *, size=(6.4, 5.2), fontsize: int = 8,
                  rotate: bool = True) -> Figure:
    """A report's policy-matrix figure: :func:`score_matrix` on a figure of its own (matplotlib's object API, so
    nothing is left open in pyplot) with ``title``."""
    fig = Figure(figsize=size)
    ax = fig.subplots()
    score_matrix(ax, matrix, fontsize=fontsize, rotate=rotate)
    ax.set(title=title)
    fig.tight_layout()
    return fig


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
        raise InputError(f"per must be 'team' or 'game', got {per!r}")
    if not isinstance(results, dict) or not results:
        raise InputError("results must be a non-empty dict {label: games table}")
    samples = {}
    for label, games in results.items():
        games = getattr(games, "games", games)
        if not isinstance(games, pd.DataFrame):
            raise InputError(f"results[{label!r}] is not a games DataFrame (or a Results with .games)")
        _require_columns(games, ("home_goals", "away_goals"), f"games table {label!r}")
        if len(games) == 0:
            raise InputError(f"games table {label!r} is empty")
        goals = games[["home_goals", "away_goals"]].to_numpy(dtype=float)
        bad = ~np.isfinite(goals) | (goals < 0) | (goals != np.round(goals))
        if bad.any():
            row, col = np.argwhere(bad)[0]
            raise InputError(f"games table {label!r}, row {row}: {('home_goals', 'away_goals')[col]} "
                             f"{goals[row, col]:g} is not a whole number of goals (0 or more)")
        h, a = goals[:, 0].astype(np.int64), goals[:, 1].astype(np.int64)
        samples[label] = np.concatenate([h, a]) if per == "team" else h + a
    if max_goals is not None and (not is_whole(max_goals)
                                  or not 0 <= max_goals <= MAX_GOAL_BINS):
        raise InputError(f"max_goals must be a whole number 0..{MAX_GOAL_BINS}, got {max_goals!r}")
    top = min(max(int(s.max()) for s in samples.values()), MAX_GOAL_BINS) if max_goals is None else int(max_goals)
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
    if max_goals is not None or top == MAX_GOAL_BINS:
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


SCALES = ("relative", "raw", "standardized")

_BLUE = "#2c7fb8"


def _forest_table(comparison_or_table, title, metrics):
    if hasattr(comparison_or_table, "table") and callable(comparison_or_table.table):
        table = comparison_or_table.table()
        meta = getattr(comparison_or_table, "meta", {}) or {}
        if title is None and meta:
            title = _comparison_title(meta)
    elif isinstance(comparison_or_table, pd.DataFrame):
        table = comparison_or_table
    else:
        raise InputError("forest needs a Comparison or its .table() DataFrame")
    _require_columns(table, _FOREST_COLUMNS, "comparison table")
    if table.empty:
        raise InputError("comparison table has no rows")
    if metrics is not None:
        metrics = [metrics] if isinstance(metrics, str) else list(name_list(metrics, "metrics"))
        known = list(table["metric"])
        unknown = [m for m in metrics if m not in known]
        if unknown:
            raise InputError(f"metric(s) {', '.join(map(repr, unknown))} not in the table; "
                             f"metrics: {', '.join(known)}")
        table = table.set_index("metric").loc[metrics].reset_index()
    return table, title


def _forest_positions(scale, a, diff, lo, hi):
    """Each row's point and interval on the axis of ``scale``, and a note for a row drawn specially."""
    k = diff.size
    x, xl, xh = np.full(k, np.nan), np.full(k, np.nan), np.full(k, np.nan)
    notes = [""] * k
    for i in range(k):
        if diff[i] == 0 and not (math.isfinite(lo[i]) and math.isfinite(hi[i])):
            x[i] = xl[i] = xh[i] = 0.0          # B - A is 0 in every game, with no bound on how much one could
            notes[i] = "no game differs"        # differ (a count; docs/analysis.md): a point at no change
            continue
        if not (math.isfinite(diff[i]) and math.isfinite(lo[i]) and math.isfinite(hi[i])):
            notes[i] = "no interval"
            continue
        if scale == "raw":
            x[i], xl[i], xh[i] = diff[i], lo[i], hi[i]
            if lo[i] == hi[i]:
                notes[i] = "exactly 0" if diff[i] == 0 else "zero-width interval"
            continue
        if scale == "relative":
            base = abs(a[i])
            if not math.isfinite(base):
                notes[i] = "A unknown"
            elif base > 0:
                x[i], xl[i], xh[i] = diff[i] / base, lo[i] / base, hi[i] / base
                if lo[i] == hi[i]:
                    notes[i] = "exactly 0" if diff[i] == 0 else "zero-width interval"
            elif diff[i] == 0:
                x[i] = xl[i] = xh[i] = 0.0                   # no change; no interval on this scale
                notes[i] = "A = B = 0"
            else:
                notes[i] = "A = 0"                            # an arrow at the axis' edge (forest)
            continue
        half = (hi[i] - lo[i]) / 2                               # standardized
        if half > 0:
            x[i], xl[i], xh[i] = diff[i] / half, lo[i] / half, hi[i] / half
        elif diff[i] == 0:
            x[i] = xl[i] = xh[i] = 0.0
            notes[i] = "exactly 0"
        else:
            notes[i] = "zero-width interval"
    return x, xl, xh, notes


def _relative_text(a: float, diff: float) -> str:
    if not (math.isfinite(a) and math.isfinite(diff)) or a == 0:
        return ""
    r = 100 * diff / abs(a)
    return _fmt(r, 1 if abs(r) >= 1 else 2) + "%"


def _annotations(a, diff, lo, hi, notes, with_a: bool, relative: bool) -> tuple[str, list[str]]:
    """The right-hand column, aligned: A (when known), B - A [95% interval] in the metric's own units, and
    with ``relative`` the change relative to A in percent."""
    cols, notes = [], list(notes)
    for i in range(diff.size):
        d = _decimals((hi[i] - lo[i]) / 2)
        av = "n/a" if not math.isfinite(a[i]) else _fmt(a[i], d).lstrip("+")
        change = _relative_text(a[i], diff[i])
        if relative and notes[i] in ("A = 0", "A = B = 0", "exactly 0", "A unknown"):
            change, notes[i] = change or notes[i], ""       # the change column says it
        ci = f"[{_fmt(lo[i], d)}, {_fmt(hi[i], d)}]" if math.isfinite(lo[i]) and math.isfinite(hi[i]) else "-"
        cols.append([av, _fmt(diff[i], d), ci, change])
    heads = ["A", "B - A", "[95% interval]", "change"]
    keep = [with_a, True, True, relative]
    widths = [max(len(h), *(len(c[j]) for c in cols)) for j, h in enumerate(heads)]
    align = [">", ">", "<", ">"]

    def line(values):
        return "  ".join(f"{v:{al}{w}}" for v, w, al, kept in zip(values, widths, align, keep) if kept)

    rows = [line(c) + (f"  ({note})" if note else "") for c, note in zip(cols, notes)]
    return line(heads), rows


def forest(comparison_or_table, title: str | None = None, *, metrics=None, standardize: bool = False,
           annotate: bool = True, scale: str | None = None) -> Figure:
    """Forest plot of the differences B - A with their 95% intervals, one row per metric (top to bottom in
    table order), variant A as the line at 0.

    ``comparison_or_table``: a :class:`~simcore.analysis.compare.Comparison` or its ``.table()`` (at least
    ``metric``, ``diff``, ``ci_low``, ``ci_high``; ``a``, A's value, for the relative scale).
    ``metrics``: names to show, in that order (default all).

    Metrics have different units (a share of games, goals, turns), so the axis is unit-free.  ``scale``:

    * ``"relative"`` (the default when the table has ``a``): the change relative to A, (B - A) / |A|, in
      percent: +10% is B a tenth above A whatever the metric.  A metric whose A is 0 has no relative change:
      its row has an arrow at the axis' edge on the side B lies (filled or hollow as a point), or a point at 0
      when B is 0 too, and its annotation says so.
    * ``"raw"`` (the default without ``a``): the differences themselves, each in its own units, on one axis.
    * ``"standardized"`` (or ``standardize=True``): each difference and interval divided by the row's 95%
      half-width, so every interval spans 2 and it excludes 0 exactly when the point lies beyond +-1 (dotted
      lines).  That axis shows how clearly each difference is resolved, not how large it is.

    Filled markers: the 95% interval excludes 0 (B differs from A); hollow: it includes 0.  The legend says
    so.  ``annotate=True`` (default) writes each row's A and its difference and interval in the metric's
    own units at the right, whatever the axis shows.  A row with no interval (NaN) is left blank, but for one
    whose B - A is 0 in every game (a count no game changed: no bound on how much one could), a hollow point
    at 0; a zero-width interval is drawn as a point.  Tick labels are plain numbers or percentages, never
    scientific notation.
    """
    table, title = _forest_table(comparison_or_table, title, metrics)
    has_a = "a" in table.columns
    if scale is None:
        scale = "standardized" if standardize else ("relative" if has_a else "raw")
    if scale not in SCALES:
        raise InputError(f"scale must be one of {', '.join(SCALES)}; got {scale!r}")
    if standardize and scale != "standardized":
        raise InputError(f"standardize=True contradicts scale={scale!r}")
    if scale == "relative" and not has_a:
        raise InputError("scale='relative' needs column 'a' (variant A's value); "
                         f"the table has {', '.join(map(str, table.columns))}")
    names = [str(m) for m in table["metric"]]
    a = table["a"].to_numpy(dtype=float) if has_a else np.full(len(table), np.nan)
    diff = table["diff"].to_numpy(dtype=float)
    lo = table["ci_low"].to_numpy(dtype=float)
    hi = table["ci_high"].to_numpy(dtype=float)
    k = len(names)
    y = np.arange(k)[::-1].astype(float)
    x, xl, xh, notes = _forest_positions(scale, a, diff, lo, hi)

    header, rows = _annotations(a, diff, lo, hi, notes, has_a, scale == "relative") if annotate else ("", [])
    # width: metric names (~0.085 inch a character at 10 points), a 3.6-inch axis, the annotations (~0.067
    # inch a monospace character at 8 points)
    width = 0.6 + 0.085 * max(map(len, names)) + 3.6 + 0.067 * max([0, *map(len, rows)])
    fig = Figure(figsize=(max(6.5, width), 1.7 + 0.32 * k), layout="constrained")
    ax = fig.add_subplot()
    excludes0 = (lo > 0) | (hi < 0)
    ok = np.isfinite(x) & np.isfinite(xl) & np.isfinite(xh)
    ax.hlines(y[ok], xl[ok], xh[ok], color=_BLUE, linewidth=2)
    sel = ok & excludes0
    ax.plot(x[sel], y[sel], "o", color=_BLUE, ms=6, linestyle="none", label="_differs")
    sel = ok & ~excludes0
    ax.plot(x[sel], y[sel], "o", markerfacecolor="white", markeredgecolor=_BLUE, ms=6, linestyle="none",
            label="_includes0")
    ax.axvline(0, color="0.3", linewidth=1, label="A")
    # A = 0, B not: a change of no relative size, drawn as an arrow at the axis' edge on its side
    from_zero = np.array([n == "A = 0" for n in notes], dtype=bool)
    edge = blended_transform_factory(ax.transAxes, ax.transData)
    for side, frac, marker in ((diff > 0, 0.985, ">"), (diff < 0, 0.015, "<")):
        for filled in (True, False):
            sel = from_zero & side & (excludes0 == filled)
            if sel.any():
                ax.plot(np.full(int(sel.sum()), frac), y[sel], marker, transform=edge, color=_BLUE, ms=7,
                        markerfacecolor=_BLUE if filled else "white", markeredgecolor=_BLUE, linestyle="none",
                        label="_from0", clip_on=False)
    handles = [Line2D([], [], color="0.3", linewidth=1, label="variant A (no difference)"),
               Line2D([], [], color=_BLUE, linewidth=2, marker="o", ms=6,
                      label="B - A, 95% interval excludes 0"),
               Line2D([], [], color=_BLUE, linewidth=2, marker="o", ms=6, markerfacecolor="white",
                      label="B - A, 95% interval includes 0")]
    if from_zero.any():
        handles.append(Line2D([], [], color=_BLUE, marker=">", ms=7, linestyle="none",
                              label="A = 0: B above (or below) it, no relative size"))
    if scale == "standardized":
        for v in (-1, 1):
            ax.axvline(v, color="0.6", linewidth=0.8, linestyle=":")
        handles.append(Line2D([], [], color="0.6", linewidth=0.8, linestyle=":",
                              label="+-1: interval reaches 0"))
        ax.set_xlabel("difference B - A / its 95% half-width (interval excludes 0 beyond +-1)")
        _plain_axis(ax.xaxis)
    elif scale == "relative":
        ax.set_xlabel("change relative to A: (B - A) / |A|")
        ax.xaxis.set_major_formatter(PercentFormatter(xmax=1))
    else:
        ax.set_xlabel("difference B - A (each metric in its own units)")
        _plain_axis(ax.xaxis)
    ax.xaxis.set_major_locator(MaxNLocator(nbins=5))
    ax.set_yticks(y)
    ax.set_yticklabels(names)
    ax.set_ylim(-0.7, k - 0.3)
    if annotate:
        trans = blended_transform_factory(ax.transAxes, ax.transData)
        for i, text in enumerate(rows):
            ax.text(1.02, y[i], text, transform=trans, va="center", ha="left", fontsize=8, family="monospace")
        ax.text(1.02, k - 0.3, header, transform=trans, va="bottom", ha="left", fontsize=8,
                family="monospace", color="0.35")
    if title:
        fig.suptitle(title)
    fig.legend(handles=handles, loc="outside lower center", ncol=2, frameon=False, fontsize=8)
    ax.grid(axis="x", color="0.92")
    ax.set_axisbelow(True)
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
    is only a guide to the eye).  Tick labels are plain numbers (no scientific notation).  Each (x, hue)
    pair must occur once for ``metric``: a table with several seeds or with other swept fields varying raises
    ``ValueError`` (filter it first).
    """
    if value not in ("estimate", "diff"):
        raise InputError(f"value must be 'estimate' or 'diff', got {value!r}")
    if not isinstance(df, pd.DataFrame):
        raise InputError("sweep_curves needs the sweep's DataFrame")
    y_col, lo_col, hi_col = (("estimate", "ci_low", "ci_high") if value == "estimate"
                             else ("diff", "diff_ci_low", "diff_ci_high"))
    if hue is not None and hue == x:
        raise InputError(f"hue and x are both {x!r}")
    needed = ["metric", x, y_col, lo_col, hi_col] + ([hue] if hue is not None else [])
    _require_columns(df, needed, "sweep table")
    if metric not in set(df["metric"]):
        raise InputError(f"metric {metric!r} not in the sweep table; metrics: "
                         f"{', '.join(map(str, pd.unique(df['metric'])))}")
    d = df[df["metric"] == metric]
    keys = [x] + ([hue] if hue is not None else [])
    dup = d.duplicated(keys, keep=False)
    if dup.any():
        others = [c for c in d.columns if c not in SWEEP_COLUMNS and c not in keys and d.loc[dup, c].nunique() > 1]
        if "seed" in d.columns and d.loc[dup, "seed"].nunique() > 1:
            others.append("seed")
        raise InputError(f"several rows per {' x '.join(keys)} for metric {metric!r}"
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
    ax.set_ylabel((f"{metric} (B - baseline)" if value == "diff" else metric) + ", 95% band")
    _plain_axis(ax.yaxis)
    if numeric_x:
        _plain_axis(ax.xaxis)
    if hue is not None:
        ax.legend(frameon=False, title=None)
    if title:
        ax.set_title(title)
    fig.tight_layout()
    return fig
