"""simcore.analysis.plots: each figure builds from real inputs, saves, and rejects bad inputs by name."""
import math

import numpy as np
import pandas as pd
import pytest
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import StepPatch

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


def test_forest_from_comparison(comparison, tmp_path):
    table = comparison.table()
    fig = forest(comparison)
    (ax,) = fig.axes
    # one row per metric, named, the table's first metric at the top
    rows = sorted(zip(ax.get_yticks(), (t.get_text() for t in ax.get_yticklabels())), reverse=True)
    assert [name for _, name in rows] == list(table["metric"])
    assert ax.get_title() == "pyramid: (tie_break=sudden-death) - (tie_break=ties)"
    # one interval segment per metric with a finite, non-degenerate interval, one row annotation per metric
    segments = ax.collections[0].get_segments()
    assert len(segments) == len(table)
    assert len(ax.texts) == len(table)
    # the vertical line at 0
    assert any(np.allclose(line.get_xdata(), 0) for line in ax.get_lines())
    _saved(fig, tmp_path, "forest.png")


def test_forest_subset_and_standardize(comparison, tmp_path):
    names = ["tie", "goals_per_team_game", "decided_SO", "game_length"]
    fig = forest(comparison.table(), metrics=names, standardize=True, title="pyramid")
    ax = fig.axes[0]
    rows = sorted(zip(ax.get_yticks(), (t.get_text() for t in ax.get_yticklabels())), reverse=True)
    assert [name for _, name in rows] == names
    assert ax.get_title() == "pyramid"
    row = comparison.table().set_index("metric").loc["tie"]
    half = (row.ci_high - row.ci_low) / 2
    segs = ax.collections[0].get_segments()
    top = max(segs, key=lambda s: s[0][1])                      # the "tie" row
    assert np.allclose([top[0][0], top[1][0]], [row.ci_low / half, row.ci_high / half])
    assert math.isclose(top[1][0] - top[0][0], 2.0)
    # decided_SO never happens in either variant: a zero-width interval at exactly 0, noted as such
    assert any("exactly 0" in t.get_text() for t in ax.texts)
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
