"""simcore.analysis.plots: each figure builds from real inputs, saves, and rejects bad inputs by name."""
import math

import numpy as np
import pandas as pd
import pytest
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import StepPatch
from matplotlib.ticker import PercentFormatter, ScalarFormatter

import simcore
from simcore.analysis.compare import compare
from simcore.analysis.plots import forest, goal_distributions, sweep_curves


@pytest.fixture(scope="module")
def comparison():
    return compare("pyramid", None, "tie_break=sudden-death", 2000, seed=1)


@pytest.fixture(scope="module")
def games():
    g = simcore.game("pyramid")
    a = g.simulate(n=1000, seed=3).games
    b = g.simulate(n=1000, seed=3, rules="tie_break=sudden-death").games
    return {"rulebook": a, "sudden-death": b}


def _saved(fig, tmp_path, name):
    path = tmp_path / name
    fig.savefig(path, dpi=60)
    assert path.stat().st_size > 5000
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def _sweep_table():
    rows = []
    for vid, (tb, ot) in enumerate([(tb, ot) for tb in ("shootout", "sudden-death", "none") for ot in (3, 5, 10)]):
        for metric, base in (("tie", 0.2), ("goals_per_team_game", 1.7)):
            est = base + 0.01 * ot + (0.05 if tb == "none" else 0.0)
            rows.append({"variant_id": f"tie_break={tb},ot_minutes={ot}", "cell": vid, "tie_break": tb,
                         "ot_minutes": ot, "seed": 1, "metric": metric, "estimate": est,
                         "ci_low": est - 0.02, "ci_high": est + 0.02, "n": 1000, "diff": est - base,
                         "diff_ci_low": est - base - 0.01, "diff_ci_high": est - base + 0.01, "p_value": 0.01})
    return pd.DataFrame(rows)


# ---- goal distributions


def test_goal_distributions(games, tmp_path):
    fig = goal_distributions(games)
    assert isinstance(fig, Figure)
    (ax,) = fig.axes
    steps = [p for p in ax.patches if isinstance(p, StepPatch)]
    assert len(steps) == 2
    for step, g in zip(steps, games.values()):
        values = step.get_data().values
        assert math.isclose(values.sum(), 1.0)                 # shares of team-games
        pooled = np.concatenate([g.home_goals, g.away_goals])
        assert math.isclose(values[0], np.mean(pooled == 0))
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert len(labels) == 2
    for label, (name, g) in zip(labels, games.items()):
        assert label.startswith(name)
        assert f"{(g.home_goals.mean() + g.away_goals.mean()) / 2:.3f}" in label
    _saved(fig, tmp_path, "goals.png")


def test_goal_distributions_per_game_and_cap(games):
    fig = goal_distributions(games, per="game", max_goals=4)
    ax = fig.axes[0]
    step = ax.patches[0]
    assert len(step.get_data().values) == 5
    assert math.isclose(step.get_data().values.sum(), 1.0)
    assert ax.get_xticklabels()[-1].get_text() == "4+"


def test_goal_distributions_errors(games):
    with pytest.raises(ValueError, match="away_goals"):
        goal_distributions({"x": games["rulebook"].drop(columns="away_goals")})
    with pytest.raises(ValueError, match="per"):
        goal_distributions(games, per="period")
    with pytest.raises(ValueError, match="non-empty"):
        goal_distributions({})


# ---- forest


def _rows(ax):
    """Row name by y position."""
    return {round(float(t), 6): lab.get_text() for t, lab in zip(ax.get_yticks(), ax.get_yticklabels())}


def _points(ax):
    """{metric: (x, filled)} of the drawn B - A markers."""
    rows = _rows(ax)
    out = {}
    for line in ax.get_lines():
        if line.get_label() not in ("_differs", "_includes0"):
            continue
        for x, y in zip(line.get_xdata(), line.get_ydata()):
            out[rows[round(float(y), 6)]] = (float(x), line.get_label() == "_differs")
    return out


def _segments(ax):
    rows = _rows(ax)
    return {rows[round(float(s[0][1]), 6)]: (float(s[0][0]), float(s[1][0])) for s in ax.collections[0].get_segments()}


def _tick_texts(fig):
    fig.canvas.draw()
    ax = fig.axes[0]
    return [t.get_text() for t in ax.get_xticklabels()] + [ax.xaxis.get_offset_text().get_text()]


def _legend_labels(fig):
    return [t.get_text() for lg in fig.legends for t in lg.get_texts()]


def test_forest_from_comparison_is_relative_to_a(comparison, tmp_path):
    table = comparison.table().set_index("metric")
    fig = forest(comparison)
    (ax,) = fig.axes
    # one row per metric, named, the table's first metric at the top
    rows = sorted(_rows(ax).items(), reverse=True)
    assert [name for _, name in rows] == list(table.index)
    assert fig.get_suptitle() == "pyramid: (tie_break=sudden-death) - (tie_break=ties)"
    # variant A is the reference line at 0, and named in the legend
    (ref,) = [line for line in ax.get_lines() if line.get_label() == "A"]
    assert np.allclose(ref.get_xdata(), 0)
    labels = _legend_labels(fig)
    assert labels[:3] == ["variant A (no difference)", "B - A, 95% interval excludes 0",
                          "B - A, 95% interval includes 0"]
    # each point is (B - A) / |A|, its interval the same ratio; the ties rule halves nothing else: the tie
    # share falls by most of its value
    points, segs = _points(ax), _segments(ax)
    tie = table.loc["tie"]
    assert math.isclose(points["tie"][0], tie["diff"] / tie["a"])
    assert points["tie"][0] < -0.5
    assert np.allclose(segs["tie"], (tie["ci_low"] / tie["a"], tie["ci_high"] / tie["a"]))
    length = table.loc["game_length"]
    assert math.isclose(points["game_length"][0], length["diff"] / length["a"])
    # filled exactly when the interval excludes 0
    for name, (_, filled) in points.items():
        row = table.loc[name]
        assert filled == (row.ci_low > 0 or row.ci_high < 0), name
    # A is 0 for decided_OT and past_regulation (ties are never played on): no relative change, so no point on
    # the axis but an arrow at its right edge (B above A), filled as each interval excludes 0; said at the
    # right and in the legend
    ot = table.loc["decided_OT"]
    assert ot["a"] == 0 and ot["diff"] > 0 and ot["ci_low"] > 0
    assert "decided_OT" not in points
    (arrow,) = [line for line in ax.get_lines() if line.get_label() == "_from0"]
    assert arrow.get_marker() == ">" and arrow.get_markerfacecolor() == arrow.get_markeredgecolor()
    from_zero = {_rows(ax)[round(float(y), 6)] for y in arrow.get_ydata()}
    assert from_zero == {"decided_OT", "past_regulation"} and set(arrow.get_xdata()) == {0.985}
    assert "A = 0: B above (or below) it, no relative size" in _legend_labels(fig)
    (ot_text,) = [t.get_text() for t in ax.texts if t.get_position()[1] == _y_of(ax, "decided_OT")]
    assert ot_text.rstrip().endswith("A = 0")
    # percent axis, no scientific notation anywhere
    assert isinstance(ax.xaxis.get_major_formatter(), PercentFormatter)
    ticks = _tick_texts(fig)
    assert all("e+" not in t and "e-" not in t and "1e" not in t for t in ticks)
    assert any(t.endswith("%") for t in ticks)
    _saved(fig, tmp_path, "forest.png")


def _y_of(ax, name):
    return {v: k for k, v in _rows(ax).items()}[name]


def test_forest_annotations_in_own_units_without_scientific_notation():
    table = pd.DataFrame({"metric": ["save_pct", "shots", "tie"], "a": [0.9067, 65.053, 0.0],
                          "diff": [0.000291, -0.0100, 0.0], "ci_low": [0.000115, -0.0516, 0.0],
                          "ci_high": [0.000467, 0.0316, 0.0]})
    fig = forest(table)
    ax = fig.axes[0]
    texts = {t.get_position()[1]: t.get_text() for t in ax.texts}
    save, shots, tie = (texts[_y_of(ax, m)] for m in ("save_pct", "shots", "tie"))
    # two significant digits of the half-width fix the decimals: 0.000176 -> 5 places
    assert save.split() == ["0.90670", "+0.00029", "[+0.00012,", "+0.00047]", "+0.03%"]
    assert shots.split() == ["65.053", "-0.010", "[-0.052,", "+0.032]", "-0.02%"]
    assert tie.split() == ["0", "0", "[0,", "0]", "A", "=", "B", "=", "0"]
    assert not any("e-" in t.get_text() or "e+" in t.get_text() for t in ax.texts)
    points = _points(ax)
    assert math.isclose(points["save_pct"][0], 0.000291 / 0.9067)
    assert points["save_pct"][1] and not points["shots"][1]
    assert points["tie"][0] == 0                                      # A = B = 0: drawn at no change


def test_forest_rows_whose_a_is_zero():
    """Relative scale: B above or below an A of 0 is an arrow at that side's edge, filled when the interval
    excludes 0; B = A = 0 with an interval (the bound of no game differing) is a hollow point at 0."""
    table = pd.DataFrame({"metric": ["up", "down", "same"], "a": [0.0, 0.0, 0.0], "diff": [0.05, -0.3, 0.0],
                          "ci_low": [0.02, -0.5, -0.001], "ci_high": [0.08, 0.1, 0.001]})
    ax = forest(table).axes[0]
    arrows = {(line.get_marker(), line.get_markerfacecolor() == "white"): (list(line.get_xdata()),
                                                                           list(line.get_ydata()))
              for line in ax.get_lines() if line.get_label() == "_from0"}
    assert arrows == {(">", False): ([0.985], [_y_of(ax, "up")]), ("<", True): ([0.015], [_y_of(ax, "down")])}
    assert _points(ax) == {"same": (0.0, False)}
    texts = {t.get_position()[1]: t.get_text() for t in ax.texts}
    assert texts[_y_of(ax, "same")].split()[-5:] == ["A", "=", "B", "=", "0"]


@pytest.mark.parametrize("scale", ["relative", "raw", "standardized"])
def test_forest_row_no_game_changed_is_a_point_at_zero(scale):
    """A count that no paired game changed has B - A = 0 and no interval (no bound on how much one game could
    change): a hollow point at no change, said at the right; an undefined row stays blank."""
    nan = float("nan")
    table = pd.DataFrame({"metric": ["shots", "pp_pct", "tie"], "a": [64.2, nan, 0.2], "diff": [0.0, nan, -0.01],
                          "ci_low": [nan, nan, -0.02], "ci_high": [nan, nan, 0.0]})
    ax = forest(table, scale=scale).axes[0]
    points = _points(ax)
    assert points["shots"] == (0.0, False) and "pp_pct" not in points
    texts = {t.get_position()[1]: t.get_text() for t in ax.texts}
    shots, pp = texts[_y_of(ax, "shots")], texts[_y_of(ax, "pp_pct")]
    assert shots.rstrip().endswith("(no game differs)") and " - " in shots and "n/a" not in shots
    assert pp.rstrip().endswith("(no interval)")


def test_forest_raw_scale_and_table_without_a(comparison, tmp_path):
    table = comparison.table()
    fig = forest(table, scale="raw")
    ax = fig.axes[0]
    points = _points(ax)
    row = table.set_index("metric").loc["game_length"]
    assert math.isclose(points["game_length"][0], row["diff"])
    assert isinstance(ax.xaxis.get_major_formatter(), ScalarFormatter)
    assert all("e" not in t for t in _tick_texts(fig))
    # a table without A's value has no relative scale: raw by default, an error when asked for
    bare = table.drop(columns=["a", "b"])
    assert _points(forest(bare).axes[0]) == points
    with pytest.raises(ValueError, match="'a'"):
        forest(bare, scale="relative")
    with pytest.raises(ValueError, match="scale"):
        forest(table, scale="log")
    with pytest.raises(ValueError, match="contradicts"):
        forest(table, standardize=True, scale="raw")
    _saved(fig, tmp_path, "forest_raw.png")


def test_forest_tiny_differences_tick_labels_plain(tmp_path):
    table = pd.DataFrame({"metric": ["x", "y"], "a": [1e-3, 2e-3], "diff": [2e-6, -1e-6],
                          "ci_low": [1e-6, -3e-6], "ci_high": [3e-6, 1e-6]})
    for scale in ("raw", "relative", "standardized"):
        fig = forest(table, scale=scale)
        ticks = _tick_texts(fig)
        assert ticks[-1] == "", scale                                # no offset text such as 1e-6
        assert all("e" not in t for t in ticks), (scale, ticks)
        assert not any("e-" in t.get_text() for t in fig.axes[0].texts)


def test_forest_subset_and_standardize(comparison, tmp_path):
    names = ["tie", "goals_per_team_game", "decided_SO", "game_length"]
    fig = forest(comparison.table(), metrics=names, standardize=True, title="pyramid")
    ax = fig.axes[0]
    rows = sorted(_rows(ax).items(), reverse=True)
    assert [name for _, name in rows] == names
    assert fig.get_suptitle() == "pyramid"
    row = comparison.table().set_index("metric").loc["tie"]
    half = (row.ci_high - row.ci_low) / 2
    segs = _segments(ax)
    assert np.allclose(segs["tie"], [row.ci_low / half, row.ci_high / half])
    assert math.isclose(segs["tie"][1] - segs["tie"][0], 2.0)
    # decided_SO never happens in either variant: no game differs, and its interval is that bound (+/- 1 -
    # 0.025^(1/n), docs/analysis.md "When no paired game differs"), drawn as any other
    so = comparison.table().set_index("metric").loc["decided_SO"]
    assert so["diff"] == 0 and so.ci_high == -so.ci_low > 0 and np.allclose(segs["decided_SO"], [-1.0, 1.0])
    assert not any("exactly 0" in t.get_text() for t in ax.texts)
    assert "+-1: interval reaches 0" in _legend_labels(fig)
    _saved(fig, tmp_path, "forest_std.png")


def test_forest_errors(comparison):
    with pytest.raises(ValueError, match="'nope'"):
        forest(comparison, metrics=["tie", "nope"])
    with pytest.raises(ValueError, match="ci_high"):
        forest(comparison.table().drop(columns="ci_high"))
    with pytest.raises(ValueError):
        forest([1, 2, 3])


# ---- sweep


def test_sweep_curves_numeric_x_with_hue(tmp_path):
    df = _sweep_table()
    fig = sweep_curves(df, "ot_minutes", "tie", hue="tie_break")
    (ax,) = fig.axes
    bands = [c for c in ax.collections if isinstance(c, PolyCollection)]
    assert len(bands) == 3
    assert len(ax.get_lines()) == 3
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["tie_break=shootout", "tie_break=sudden-death", "tie_break=none"]
    line = ax.get_lines()[2]
    assert list(line.get_xdata()) == [3, 5, 10]
    assert np.allclose(line.get_ydata(), [0.2 + 0.03 + 0.05, 0.2 + 0.05 + 0.05, 0.2 + 0.1 + 0.05])
    assert ax.get_xlabel() == "ot_minutes"
    _saved(fig, tmp_path, "sweep.png")


def test_sweep_curves_categorical_x_and_diff(tmp_path):
    df = _sweep_table()
    fig = sweep_curves(df[df.ot_minutes == 5], "tie_break", "goals_per_team_game", value="diff")
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["shootout", "sudden-death", "none"]
    assert [c for c in ax.collections if isinstance(c, PolyCollection)].__len__() == 1
    data_line = ax.get_lines()[0]
    assert list(data_line.get_xdata()) == [0, 1, 2]
    assert np.allclose(data_line.get_ydata(), [0.05, 0.05, 0.10])
    _saved(fig, tmp_path, "sweep_cat.png")


def test_sweep_curves_errors():
    df = _sweep_table()
    with pytest.raises(ValueError, match="'shots'"):
        sweep_curves(df, "ot_minutes", "shots")
    with pytest.raises(ValueError, match="'overtime'"):
        sweep_curves(df, "overtime", "tie")
    with pytest.raises(ValueError, match="'ci_low'"):
        sweep_curves(df.drop(columns="ci_low"), "ot_minutes", "tie")
    with pytest.raises(ValueError, match="'colour'"):
        sweep_curves(df, "ot_minutes", "tie", hue="colour")
    # without hue, several tie_break values per ot_minutes: ambiguous, and the message says which field varies
    with pytest.raises(ValueError, match="tie_break"):
        sweep_curves(df, "ot_minutes", "tie")


# ---- league projection figures: odds on percent axes, bars from zero


def _projection(k=6):
    from types import SimpleNamespace

    rng = np.random.default_rng(0)
    p = np.sort(rng.uniform(0, 1, k))[::-1]
    mid = np.linspace(100, 60, k)
    teams = pd.DataFrame({"team": [f"T{i}" for i in range(k)], "playoff_odds": p, "playoff_odds_se": 0.01 + 0 * p,
                          "points_p5": mid - 12, "points_p25": mid - 5, "points_p50": mid, "points_p75": mid + 5,
                          "points_p95": mid + 12, "points_now": mid / 2})
    return SimpleNamespace(teams=teams, n=500, meta={"league": "test league", "games_played": 40})


def test_league_odds_bars_percent_from_zero():
    from simcore.league import plots as lp

    fig = lp.odds_bars(_projection())
    ax = fig.axes[0]
    assert isinstance(ax.xaxis.get_major_formatter(), PercentFormatter)
    assert ax.get_xlim() == (0.0, 1.0)
    fig.canvas.draw()
    assert [t.get_text() for t in ax.get_xticklabels()][-1] == "100%"
    widths = [bar.get_width() for bar in ax.patches]
    assert np.allclose(sorted(widths), sorted(_projection().teams["playoff_odds"]))
    assert all(bar.get_x() == 0 for bar in ax.patches)                  # every bar starts at 0
    both = lp.projection_figure(_projection())
    assert isinstance(both.axes[1].xaxis.get_major_formatter(), PercentFormatter)


def test_league_odds_over_dates_percent_and_legend_beside():
    from simcore.league import plots as lp

    frame = pd.DataFrame({"date": ["d1", "d1", "d2", "d2"], "games_played": [0, 0, 10, 10],
                          "team": ["A", "B", "A", "B"], "playoff_odds": [0.5, 0.5, 0.9, 0.1]})
    fig = lp.odds_over_dates(frame)
    ax = fig.axes[0]
    assert isinstance(ax.yaxis.get_major_formatter(), PercentFormatter)
    legend = ax.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["A", "B"]
    fig.canvas.draw()
    assert legend.get_window_extent().x0 >= ax.get_window_extent().x1   # right of the axes, over no line


# ---- every bar chart of simcore starts at zero; sweep ticks are plain


def _bar_axes(fig):
    from matplotlib.patches import Rectangle

    return [ax for ax in fig.axes if any(isinstance(p, Rectangle) and p.get_height() > 0 for p in ax.patches)]


def test_game_bar_charts_start_at_zero(games, tmp_path, monkeypatch):
    from simcore.games.ezr.plots import goals_figure
    from simcore.games.pyramid import report as pyramid_report

    ezr = simcore.game("ezr")
    fig = goals_figure(ezr.exact(None), ezr.simulate(None, n=2000, seed=1, mode="aggregate"))
    bars = _bar_axes(fig)
    assert len(bars) == 2
    for ax in bars:
        assert ax.get_ylim()[0] == 0
        assert all(p.get_y() == 0 for p in ax.patches)
    # the pyramid goals histogram: the figure is saved and closed inside plot(); look at it before it is
    seen = []
    monkeypatch.setattr(Figure, "savefig", lambda self, *a, **k: seen.append(self))
    pyramid_report.plot(tmp_path / "p.png", res=simcore.game("pyramid").simulate(n=500, seed=2))
    (fig,) = seen
    (ax,) = _bar_axes(fig)
    assert ax.get_ylim()[0] == 0 and ax.get_ylabel() == "share of games"


def test_sweep_curves_plain_ticks_for_tiny_values():
    df = _sweep_table()
    for c in ("estimate", "ci_low", "ci_high"):
        df[c] = df[c] * 1e-4
    fig = sweep_curves(df[df.tie_break == "none"], "ot_minutes", "tie")
    ax = fig.axes[0]
    fig.canvas.draw()
    ticks = [t.get_text() for t in ax.get_yticklabels()]
    assert ax.yaxis.get_offset_text().get_text() == ""
    assert ticks and all("e" not in t for t in ticks)
    assert ax.get_ylabel() == "tie, 95% band"
