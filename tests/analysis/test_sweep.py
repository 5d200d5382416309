"""Rule-variant sweeps (simcore.analysis.sweep) and `simcore sweep`."""
import json

import numpy as np
import pytest

from simcore.analysis.sweep import sweep, to_parquet
from simcore.games import game
from simcore.results import read_table
from simcore.rulesbase import RuleError

PYR_GRID = {"tie_break": ["ties", "shootout"], "lineup": ["3-2-1", "2-1-1", "1-1-1"]}
PYR_METRICS = ["home_win", "tie", "game_length"]


@pytest.fixture(scope="module")
def pyr():
    return sweep("pyramid", "tie_break=ties", PYR_GRID, 2_000, seeds=(0, 1), metrics=PYR_METRICS, progress=False)


def test_shape_and_labels(pyr):
    df = pyr
    assert len(df) == 2 * 3 * len(PYR_METRICS)
    assert sorted(df.cell.unique()) == list(range(6))
    # every cell x metric exactly once
    assert df.groupby(["cell", "metric"]).size().eq(1).all() and set(df.metric) == set(PYR_METRICS)
    cells = df.drop_duplicates("cell").set_index("cell")
    assert list(zip(cells.tie_break, cells.lineup)) == [(t, l) for t in PYR_GRID["tie_break"]
                                                       for l in PYR_GRID["lineup"]]
    # one variant id per cell, different between cells, and it is the cell's rules
    assert df.groupby("cell").variant_id.nunique().eq(1).all() and cells.variant_id.is_unique
    Rules = game("pyramid").Rules
    for c, r in cells.iterrows():
        assert r.variant_id == Rules().with_options(f"tie_break={r.tie_break},lineup={r.lineup}").id
    assert (df.seed == "0,1").all() and (df.n == 4_000).all()
    assert df.attrs["seeds"] == [0, 1] and df.attrs["n"] == 2_000 and df.attrs["grid"] == PYR_GRID
    assert (df.ci_low <= df.estimate).all() and (df.estimate <= df.ci_high).all()


def test_base_cell_differs_by_exactly_nothing(pyr):
    base = pyr[pyr.variant_id == pyr.attrs["base"]]
    assert list(base.cell.unique()) == [0] and pyr.attrs["base"] == base.variant_id.iloc[0]
    assert (base["diff"] == 0).all() and (base.diff_ci_low == 0).all() and (base.diff_ci_high == 0).all()
    assert (base.p_value == 1).all() and (base.estimate == base.base_estimate).all()
    # every cell is compared with the same base
    assert pyr.groupby("metric").base_estimate.nunique().eq(1).all()
    # a real change: a shootout leaves no ties, and its interval says so
    so = pyr[(pyr.tie_break == "shootout") & (pyr.metric == "tie")]
    assert (so.estimate == 0).all() and (so.diff_ci_high < 0).all()


def test_common_random_numbers_across_sweeps(pyr):
    # a base outside the grid is still run, with the same seeds; its estimates are the in-grid base cell's
    other = sweep("pyramid", "tie_break=ties", {"tie_break": ["shootout"]}, 2_000, seeds=(0, 1),
                  metrics=PYR_METRICS, progress=False).set_index("metric")
    assert not (other.variant_id == other.attrs["base"]).any()
    ref = pyr[pyr.cell == 0].set_index("metric")
    assert (other.base_estimate == ref.estimate).all()
    # the same cell in two sweeps with different bases: identical games, identical estimates
    so = pyr[(pyr.tie_break == "shootout") & (pyr.lineup == "3-2-1")].set_index("metric")
    for col in ("estimate", "ci_low", "ci_high", "diff", "diff_ci_low", "diff_ci_high"):
        assert np.array_equal(other[col], so.loc[other.index, col], equal_nan=True), col
    # tie_break only touches tied games: game length is unchanged game by game, which bounds the share of games
    # that differ but not how much a count could (docs/analysis.md "When no paired game differs"): no interval
    gl = other.loc["game_length"]
    assert gl["diff"] == 0 and np.isnan(gl.diff_ci_low) and np.isnan(gl.diff_ci_high) and gl.p_value == 1


def test_n_and_seeds_respected():
    one = sweep("ezr", None, {"qq_chart": ["on", "off"]}, 5_000, seeds=(3,), metrics=["home_win"], progress=False)
    two = sweep("ezr", None, {"qq_chart": ["on", "off"]}, 5_000, seeds=[3, 4], metrics=["home_win"],
                progress=False)
    assert (one.n == 5_000).all() and (two.n == 10_000).all() and (two.seed == "3,4").all()
    # seeds pool: the two-seed estimate is the mean of seed 3's and seed 4's
    four = sweep("ezr", None, {"qq_chart": ["on", "off"]}, 5_000, seeds=4, metrics=["home_win"], progress=False)
    assert np.allclose(two.estimate, (one.estimate.to_numpy() + four.estimate.to_numpy()) / 2)
    assert (two.ci_high - two.ci_low < one.ci_high - one.ci_low).all()


def test_parquet_round_trip_and_refusal(pyr, tmp_path):
    path = tmp_path / "sweep.parquet"
    assert to_parquet(pyr, path) == path
    back, meta = read_table(path)
    assert back.equals(pyr.reset_index(drop=True))
    assert meta["base"] == pyr.attrs["base"] and meta["seeds"] == [0, 1] and meta["table"] == "sweep"
    with pytest.raises(FileExistsError):
        to_parquet(pyr, path)
    to_parquet(pyr.head(3), path, overwrite=True)
    assert len(read_table(path)[0]) == 3


def test_bad_arguments_fail_before_running():
    with pytest.raises(RuleError, match="tie_break='never' is not allowed; allowed values: ties"):
        sweep("pyramid", None, {"tie_break": ["ties", "never"]}, 10)
    with pytest.raises(RuleError, match="unknown pyramid rule field 'colour'; fields: deck"):
        sweep("pyramid", None, {"colour": ["red"]}, 10)
    with pytest.raises(ValueError, match="unknown ezr metric 'pp'"):
        sweep("ezr", None, {"qq_chart": ["on"]}, 10, metrics=["pp"])
    with pytest.raises(ValueError, match="repeats on"):
        sweep("ezr", None, {"qq_chart": ["on", "on"]}, 10)
    with pytest.raises(ValueError, match=r"seeds \(--seeds\) repeat"):
        sweep("ezr", None, {"qq_chart": ["on"]}, 10, seeds=(1, 1))


def test_cli_json_table_and_out(cli, tmp_path):
    out_file = tmp_path / "s.parquet"
    argv = ["sweep", "pyramid", "--grid", "tie_break=ties,shootout;period_start=next-in-turn,alternate",
            "--base", "tie_break=shootout", "-n", "2000", "--seeds", "0,1", "--metrics", "home_win,tie"]
    code, out, err = cli(*argv, "--format", "json", "--out", str(out_file))
    assert code == 0, err
    doc = json.loads(out)
    assert {"game", "base", "n", "seeds", "grid", "rows"} <= set(doc)
    assert doc["game"] == "pyramid" and doc["n"] == 2000 and doc["seeds"] == [0, 1]
    assert doc["grid"] == {"tie_break": ["ties", "shootout"], "period_start": ["next-in-turn", "alternate"]}
    assert "tie_break=shootout" in doc["base"] and len(doc["rows"]) == 4 * 2
    row = doc["rows"][0]
    for k in ("variant_id", "cell", "tie_break", "period_start", "seed", "metric", "estimate", "ci_low",
              "ci_high", "n", "diff", "diff_ci_low", "diff_ci_high", "p_value"):
        assert k in row
    assert sum(r["variant_id"] == doc["base"] for r in doc["rows"]) == 2
    assert len(read_table(out_file)[0]) == 8
    code, out, err = cli(*argv, "--out", str(out_file))
    assert code == 2 and "exists; pass --force" in err
    code, out, err = cli(*argv, "--out", str(out_file), "--force")
    assert code == 0, err
    assert "4 cells x 2,000 games" in out and "home_win" in out and "2*" in out


@pytest.mark.parametrize("argv,needle", [
    (["pyramid", "--grid", "tie_break"], "--grid 'tie_break' must look like field=value1,value2"),
    (["pyramid", "--grid", "tie_break=ties;tie_break=shootout"], "--grid names 'tie_break' twice"),
    (["pyramid", "--grid", "tie_break=ties,never"], "tie_break='never' is not allowed; allowed values: ties"),
    (["ezr", "--grid", "colour=red"], "unknown ezr rule field 'colour'; fields: qq_chart"),
    (["ezr", "--grid", "qq_chart=on", "--base", "qq_chart=maybe"], "qq_chart='maybe' is not allowed"),
    (["ezr", "--grid", "qq_chart=on", "--metrics", "foo"], "unknown ezr metric 'foo'; metrics: home_win"),
    (["ezr", "--grid", "qq_chart=on", "--seeds", "x"], "--seeds 'x': expected a whole number"),
    (["ezr", "--grid", "qq_chart=on", "--seeds", "0,,1"], "--seeds '0,,1' has an empty item"),
    (["ezr", "--grid", "qq_chart=on;;overtime=none"], "--grid 'qq_chart=on;;overtime=none' has an empty item"),
    (["chess", "--grid", "a=b"], "unknown game 'chess'; games: blueline, ezr, passscore, pyramid, strat"),
    (["ezr"], "the following arguments are required: --grid"),
])
def test_cli_errors_exit_2_with_one_line(cli, argv, needle):
    code, out, err = cli("sweep", *argv, "-n", "10")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert needle in err


def test_policies_sweep_like_rules():
    from simcore.analysis.sweep import sweep

    df = sweep("pyramid", None, {"policy_a": ["default", "random"], "tie_break": ["ties", "shootout"]}, n=2_000,
               seeds=(3,), metrics=["home_win"], progress=False)
    assert len(df) == 4 and set(df.policy_a) == {"default", "random"}
    base = df[(df.policy_a == "default") & (df.tie_break == "ties")].iloc[0]
    assert base["diff"] == 0 and base.variant_id == df.attrs["base"]
    rnd = df[(df.policy_a == "random") & (df.tie_break == "ties")].iloc[0]
    assert rnd.variant_id.endswith("|policy_a=random") and rnd["diff"] < -0.2      # random play loses
    with pytest.raises(ValueError, match="pyramid policy 'sometimes'"):
        sweep("pyramid", None, {"policy_a": ["sometimes"]}, n=10, progress=False)


def test_a_counts_interval_is_cut_at_0():
    """A cell's interval of a count's mean stops at 0, as simcore.metrics.summarize cuts it: 10 Pass & Score games
    of random play, seed 4, hold one goal (0.05 a team game), whose plain normal interval reaches -0.048."""
    df = sweep("passscore", None, {"slides": ["on", "off"]}, 10, seeds=(4,), metrics=["goals_per_team_game", "margin"],
               progress=False).set_index(["slides", "metric"])
    goals = df.loc[("on", "goals_per_team_game")]
    assert goals.estimate == 0.05 and goals.ci_low == 0.0 and goals.ci_high == pytest.approx(0.148, abs=1e-3)
    margin = df.loc[("on", "margin")]          # a margin has no bounds: its interval is the plain one
    assert margin.estimate == 0.1 and margin.ci_low == pytest.approx(-0.096, abs=1e-3)


def test_a_count_that_is_0_or_1_in_every_game_keeps_the_normal_interval():
    """EZR, 40 games, seed 3: every game has 0 or 1 lead changes.  A count's interval is the normal one (cut at 0),
    in a sweep as in simcore.metrics.summarize; Wilson's, for a share of games, would stop at 1 change a game."""
    import simcore
    from simcore.metrics import summarize
    from simcore.stats import Z95

    ezr = simcore.game("ezr")
    res = ezr.simulate(n=40, seed=3)
    x = np.asarray(ezr.metrics["lead_changes"].per_game(res), dtype=float)
    assert set(x) == {0.0, 1.0}
    half = Z95 * x.std(ddof=1) / np.sqrt(40)
    want = (x.mean(), x.mean() - half, x.mean() + half)
    s = summarize(res, {m: ezr.metrics[m] for m in ("lead_changes", "comeback")}).set_index("metric")
    assert tuple(s.loc["lead_changes", ["estimate", "ci_low", "ci_high"]]) == pytest.approx(want)
    assert s.loc["lead_changes", "ci_low"] == pytest.approx(0.0212, abs=1e-4)
    df = sweep("ezr", None, {"qq_chart": ["on"]}, 40, seeds=(3,), metrics=["lead_changes", "comeback"],
               progress=False).set_index("metric")
    for m in ("lead_changes", "comeback"):              # a count and a share of games: the same in both
        assert tuple(df.loc[m, ["estimate", "ci_low", "ci_high"]]) == tuple(s.loc[m, ["estimate", "ci_low",
                                                                                     "ci_high"]]), m


SWEEP = ["sweep", "pyramid", "--grid", "tie_break=ties,shootout", "-n", "200"]


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_cli_out_into_a_folder_is_refused_before_running(cli, tmp_path, no_simulation, force):
    """`--out DIR`, an existing folder: not "exists; pass --force" (which --force would not cure), and with
    --force not a whole sweep run before the write fails."""
    folder = tmp_path / "dirout"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    code, out, err = cli(*SWEEP, "--out", str(folder), *force)
    assert code == 2 and out == ""
    assert err == f"simcore: error: simcore sweep: argument --out: {folder} is a folder; name a file FILE.parquet\n"
    assert [p.name for p in folder.iterdir()] == ["keep.txt"] and (folder / "keep.txt").read_text() == "mine"
    # a name ending in a separator is a folder too, even one that does not exist yet
    code, out, err = cli(*SWEEP, "--out", f"{tmp_path / 'new'}/")
    assert code == 2 and err == (f"simcore: error: simcore sweep: argument --out: {tmp_path / 'new'}/ is a folder; "
                                 "name a file FILE.parquet\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dirout"]


@pytest.mark.parametrize("name", ["sw2.csv", "sw2", "sw2.parquet.bak", "sw2.json"])
def test_cli_out_must_end_in_parquet(cli, tmp_path, no_simulation, name):
    """The table is written as parquet whatever its name: any other extension, or none, is refused up front
    (nothing is appended), and no file is written."""
    target = tmp_path / name
    code, out, err = cli(*SWEEP, "--out", str(target))
    assert code == 2 and out == ""
    assert err == (f"simcore: error: simcore sweep: argument --out: {str(target)!r}: the name must end in .parquet "
                   "(the table is written as parquet)\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("metrics,needle", [
    ("tie,home_win,tie", "--metrics names the pyramid metric 'tie' twice (tie and tie); give each metric once"),
    # an earlier release's name and its new one are the same metric
    ("turns_per_game,home_win,game_length",
     "--metrics names the pyramid metric 'game_length' twice (turns_per_game and game_length); give each metric once"),
])
def test_cli_a_metric_named_twice_is_refused_before_running(cli, no_simulation, metrics, needle):
    code, out, err = cli(*SWEEP, "--metrics", metrics)
    assert code == 2 and out == ""
    assert err == f"simcore: error: {needle}\n"        # one line: no deprecation warning before it


def test_sweep_refuses_a_metric_named_twice_before_running(no_simulation):
    with pytest.raises(ValueError, match=r"^pyramid metric 'game_length' is named twice \(game_length and "
                                         r"turns_per_game\); give each metric once$"):
        sweep("pyramid", None, {"tie_break": ["ties", "shootout"]}, 10, metrics=["game_length", "turns_per_game"])
