"""The Shot on Goal Slide Rule Calculator: the shipped chart, its model, and the loader's errors.

Rulebook "Shots on Goal": the chart is read by line, INSIDE / OUTSIDE, OPEN / SCREENED / BLOCKED and the goalie IN /
OUT OF POSITION, on 2d6.  The chart itself is not printed (a reconstruction, docs/blueline.md).
"""
import numpy as np
import pytest

from simcore.charts import ChartError
from simcore.games.blueline import chartgen
from simcore.games.blueline.chart import (
    BLOCKED, DEFAULT_CHART, GOAL, IN, INSIDE, LANES, N_CONTEXTS, OPEN, OUT, OUTSIDE, POSITIONS, RESULTS, ROLLS,
    SCREENED, SHOT_LINES, SIDES, WAYS, context_index, context_of, load_chart,
)

HEADER = "side,lane,position,line,roll,result,source\n"


@pytest.fixture(scope="module")
def chart():
    return load_chart()


def shipped_lines():
    return DEFAULT_CHART.read_text().splitlines()


def write(tmp_path, lines, name="chart.csv"):
    f = tmp_path / name
    f.write_text("\n".join(lines) + "\n")
    return f


def test_layout_constants():
    assert RESULTS == ("blank", "save", "rebound", "goal")
    assert SIDES == ("inside", "outside") and LANES == ("open", "screened", "blocked") and POSITIONS == ("in", "out")
    assert WAYS[2:].sum() == 36 and list(WAYS[2:]) == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert N_CONTEXTS == 78
    assert context_index(1, 0, 0) == 0 and context_index(1, 1, 2) == 5 and context_index(13, 1, 2) == 77
    assert all(context_index(*context_of(c)) == c for c in range(N_CONTEXTS))


def test_chart_covers_every_cell_once(chart):
    t = chart.table
    assert t.shape == (2, 3, 2, 14, 13) and t.dtype == np.int8
    used = t[:, :, :, 1:, 2:]
    assert used.min() >= 0 and used.max() <= 3
    assert (t[:, :, :, 0, :] == -1).all() and (t[:, :, :, :, :2] == -1).all()
    rows = shipped_lines()[1:]
    assert len(rows) == 2 * 3 * 2 * 13 * 11 == 1716
    keys = [tuple(r.split(",")[:5]) for r in rows]
    assert len(set(keys)) == len(keys)
    assert {r.split(",")[6] for r in rows} == {"reconstructed:slide-rule-model"}
    assert chart.source(0, 0, 0, 1, 2) == "reconstructed:slide-rule-model"
    assert chart.arrays()[0] is chart.table


def test_probabilities_are_36ths_and_sum_to_one(chart):
    for s in range(2):
        for l in range(3):
            for p in range(2):
                for line in SHOT_LINES:
                    pr = chart.probabilities(s, l, p, line)
                    assert pr.min() >= 0 and abs(pr.sum() - 1) < 1e-12
                    assert np.allclose(pr * 36, np.round(pr * 36), atol=1e-9)
                    assert chart.goal_p(s, l, p, line) == pytest.approx(pr[GOAL], abs=1e-15)
    g = chart.goal_table()
    assert g.shape == (2, 3, 2, 14) and g[0, 0, 1, 1] == chart.goal_p(0, 0, 1, 1)


def test_goal_on_the_extreme_rolls(chart):
    # a cell with 3/36 goals: the totals farthest from 7 with 3 throws, ties to the higher (12 and 11)
    m = chartgen.load_model()
    for s in range(2):
        for l in range(3):
            for p in range(2):
                for line in SHOT_LINES:
                    res = {r: RESULTS[chart.table[s, l, p, line, r]] for r in ROLLS}
                    dist = {k: [abs(r - 7) for r in ROLLS if res[r] == k] for k in RESULTS}
                    assert dist["save"], "every cell has saves, on the middle totals"
                    assert 0 in dist["save"] or 0 in dist["goal"]
                    # the save is the middle: no goal, rebound or blank total is nearer 7 than a save total
                    for k in ("goal", "rebound", "blank"):
                        if dist[k]:
                            assert min(dist[k]) >= max(dist["save"]) or k == "goal" and 0 in dist["goal"]
    assert chartgen._pick(list(ROLLS), 1) == (12,)
    assert chartgen._pick(list(ROLLS), 2) == (2, 12)
    assert chartgen._pick(list(ROLLS), 3) == (11, 12)
    assert sum(WAYS[r] for r in chartgen._pick(list(ROLLS), 25)) == 25
    assert m.scale == 2.1        # the shipped tuning (docs/blueline.md: about 3 goals per team per game)


def test_chart_is_the_models_output():
    """The shipped file is exactly chartgen's output for the shipped model (so re-tuning is regenerating)."""
    assert chartgen.generate(chartgen.load_model()) == DEFAULT_CHART.read_text()


def test_goal_counts_follow_the_documented_formula(chart):
    m = chartgen.load_model()
    assert (m.base, m.decay, m.cap) == (0.70, 0.86, 0.92)
    for s, side in enumerate(SIDES):
        for l, lane in enumerate(LANES):
            for p, pos in enumerate(POSITIONS):
                for line in SHOT_LINES:
                    want = min(m.cap, m.scale * m.base * m.decay ** (line - 1) * m.side[side] * m.lane[lane]
                               * m.position[pos])
                    assert round(chart.goal_p(s, l, p, line) * 36) == int(np.floor(36 * want + 0.5))
    # three cells by hand: inside open out of position at line 1, 2.1 * 0.70 = 1.47, capped at 0.92:
    # 36 * 0.92 = 33.1 -> 33/36; in position, 36 * 2.1 * 0.7 * .22 = 11.6 -> 12/36;
    # outside blocked in position at line 1, 36 * 2.1 * 0.7 * .55 * .4 * .22 = 2.56 -> 3/36
    assert chart.goal_p(INSIDE, OPEN, OUT, 1) == 33 / 36
    assert chart.goal_p(INSIDE, OPEN, IN, 1) == 12 / 36
    assert chart.goal_p(OUTSIDE, BLOCKED, IN, 1) == 3 / 36


def test_goal_chance_is_monotone_as_the_model_intends(chart):
    g = chart.goal_table()[:, :, :, 1:]            # (side, lane, position, line 1..13)
    assert (np.diff(g, axis=-1) <= 1e-15).all(), "farther out never scores more"
    assert g[:, :, :, 0].sum() > g[:, :, :, -1].sum()
    assert (g[INSIDE] >= g[OUTSIDE]).all() and g[INSIDE].sum() > g[OUTSIDE].sum()
    assert (g[:, OPEN] >= g[:, SCREENED]).all() and (g[:, SCREENED] >= g[:, BLOCKED]).all()
    assert g[:, OPEN].sum() > g[:, SCREENED].sum() > g[:, BLOCKED].sum()
    assert (g[:, :, OUT] > g[:, :, IN]).all(), "out of position always scores more"
    # the averages over the 78 (side, lane, line) cells, in and out of position
    assert g[:, :, IN].mean() == pytest.approx(0.0826, abs=5e-4)
    assert g[:, :, OUT].mean() == pytest.approx(0.3611, abs=5e-4)


def test_scale_is_the_overall_knob():
    m = chartgen.load_model()
    half = chartgen.Model(**{**m.__dict__, "scale": m.scale / 2})
    full = sum(sum(WAYS[r] for r, v in chartgen.cell_results(m, s, l, p, n).items() if v == "goal")
               for s in SIDES for l in LANES for p in POSITIONS for n in SHOT_LINES)
    halved = sum(sum(WAYS[r] for r, v in chartgen.cell_results(half, s, l, p, n).items() if v == "goal")
                 for s in SIDES for l in LANES for p in POSITIONS for n in SHOT_LINES)
    # the shipped model's goal ways, in 36ths summed over every cell: halving the scale halves them, but for
    # rounding to 36ths and the cap (0.520)
    assert (full, halved) == (1246, 648)


def test_model_errors_name_file_line_key(tmp_path):
    text = chartgen.DEFAULT_MODEL.read_text()
    f = tmp_path / "m.toml"
    f.write_text(text.replace("decay = 0.86", "decay = 1.5"))
    with pytest.raises(ChartError) as e:
        chartgen.load_model(f)
    assert e.value.path == str(f) and e.value.column == "decay" and e.value.text == "1.5"
    assert e.value.line == text.splitlines().index("decay = 0.86") + 1
    f.write_text(text.replace("screened = 0.70", "screend = 0.70"))
    with pytest.raises(ChartError, match="unknown key") as e:
        chartgen.load_model(f)
    assert e.value.column == "lane.screend"
    f.write_text(text.replace("cap = 0.92", ""))
    with pytest.raises(ChartError, match="missing") as e:
        chartgen.load_model(f)
    assert e.value.column == "cap"
    f.write_text(text.replace("blank = 0.32", "blank = 0.90"))
    with pytest.raises(ChartError, match="at most 1") as e:
        chartgen.load_model(f)


def test_regenerate_to_a_file(tmp_path):
    out = tmp_path / "c.csv"
    assert chartgen.main(["--out", str(out)]) == 0
    assert load_chart(out).table.tobytes() == load_chart().table.tobytes()


# ---------------------------------------------------------------- the loader's errors


def error_of(tmp_path, lines):
    with pytest.raises(ChartError) as e:
        load_chart(write(tmp_path, lines))
    return e.value


def test_bad_values_name_file_line_column_text(tmp_path):
    lines = shipped_lines()
    cases = [(0, "insde", "side"), (1, "clear", "lane"), (2, "maybe", "position"), (3, "14", "line"),
             (4, "13", "roll"), (5, "miss", "result")]
    for col, bad, name in cases:
        ls = list(lines)
        cells = ls[7].split(",")
        cells[col] = bad
        ls[7] = ",".join(cells)
        e = error_of(tmp_path, ls)
        assert (e.path, e.line, e.column, e.text) == (str(tmp_path / "chart.csv"), 8, name, bad), e
        assert str(e).startswith(f"{tmp_path / 'chart.csv'}, line 8, column {name!r}: {bad!r}")


def test_duplicate_and_missing_cells(tmp_path):
    lines = shipped_lines()
    dup = lines[:3] + [lines[1]] + lines[4:]          # line 4 repeats line 2's cell, line 4's own cell missing
    e = error_of(tmp_path, dup)
    assert e.line == 4 and e.column == "roll" and "given twice (first on line 2)" in e.problem
    e = error_of(tmp_path, lines[:1] + lines[2:])
    assert e.line is None and "missing cell inside,open,in,line 1,roll 2" in e.problem


def test_header_and_shape_errors(tmp_path):
    lines = shipped_lines()
    e = error_of(tmp_path, ["side,lane,pos,line,roll,result,source"] + lines[1:])
    assert e.line == 1 and e.column == "pos" and "expected 'position'" in e.problem
    # a column after source is the one named
    e = error_of(tmp_path, [lines[0].rstrip("\n") + ",note"] + lines[1:])
    assert e.line == 1 and e.column == "note" and "unknown column after source" in e.problem
    e = error_of(tmp_path, lines[:5] + [lines[5] + ",extra"] + lines[6:])
    assert e.line == 6 and "expected 7 fields, found 8" in e.problem
    e = error_of(tmp_path, lines[:9] + [lines[9].rsplit(",", 1)[0] + ", "] + lines[10:])
    assert e.line == 10 and e.column == "source"
    with pytest.raises(ChartError, match="file is empty"):
        load_chart(write(tmp_path, [""]))


def test_a_users_chart_without_source_column(tmp_path):
    lines = [",".join(r.split(",")[:6]) for r in shipped_lines()]
    lines = [lines[0]] + [(r.rsplit(",", 1)[0] + ",goal") for r in lines[1:]]     # every roll a goal
    c = load_chart(write(tmp_path, lines, "mine.csv"))
    assert c.goal_p(1, 2, 0, 13) == 1.0 and c.source(0, 0, 0, 1, 2) == "user:mine.csv"
