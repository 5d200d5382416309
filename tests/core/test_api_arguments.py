"""The Python API checks its arguments as the command line does: a value of the wrong kind or out of range is an
InputError naming the argument and the value, never a raw TypeError/IndexError, a silently truncated number or a
string read character by character."""
import math

import numpy as np
import pandas as pd
import pytest

import simcore
from simcore import dataset, runner
from simcore.analysis import compare, plots, sweep
from simcore.errors import InputError
from simcore.games import pyramid
from simcore.games.ezr import exact_period
from simcore.league import load_league, round_robin, sample
from simcore.league.projection import default_dates
from simcore.results import read_parquet
from simcore.sharing import compare_report
from simcore.stats import wilson_ci

GRID = {"overtime": ["none"]}


@pytest.fixture(scope="module")
def cmp():
    return compare("ezr", None, "overtime=none", 60, seed=4, metrics=["home_win", "tie"])


@pytest.mark.parametrize("seeds,message", [
    ("01", "seeds must be a seed or a list of seeds"),          # not seeds 0 and 1
    (1.7, "seeds must be a seed or a list of seeds"),           # not seed 1
    (None, "seeds must be a seed or a list of seeds"),
    ([True], "seed must be an integer, got True"),
    ([1, "a"], "seed must be an integer, got 'a'"),
    ([-1], "seed must be in 0 .. 2\\*\\*64-1"),
    ([3, 3], "seeds repeat"),
])
def test_sweep_refuses_seeds_that_are_not_seeds(seeds, message):
    with pytest.raises(InputError, match=message):
        sweep("ezr", None, GRID, 10, seeds=seeds, progress=False)


def test_sweep_refuses_a_bool_n():
    with pytest.raises(InputError, match="n must be a positive whole number of games"):
        sweep("ezr", None, GRID, True, progress=False)


def test_a_single_metric_name_is_one_metric_not_its_letters(cmp):
    df = sweep("ezr", None, GRID, 10, metrics="home_win", progress=False)
    assert set(df.metric) == {"home_win"}
    c = compare("ezr", None, "overtime=none", 10, metrics="tie")
    assert list(c.table().metric) == ["tie"]


@pytest.mark.parametrize("run", [lambda: compare("ezr", None, None, 10, metrics=[]),
                                 lambda: sweep("ezr", None, GRID, 10, metrics=[], progress=False)])
def test_an_empty_metric_list_is_refused(run):
    with pytest.raises(InputError, match="metrics must name at least one metric"):
        run()


@pytest.mark.parametrize("kwargs,message", [
    ({"seed": "1", "paired": False}, "seed must be an integer, got '1'"),
    ({"seed": None}, "seed must be an integer, got None"),
    ({"paired": "no"}, "paired must be True or False, got 'no'"),
    ({"n": True}, "n must be a positive whole number of games"),
])
def test_compare_checks_its_seed_n_and_pairing(kwargs, message):
    args = {"n": 10, **kwargs}
    with pytest.raises(InputError, match=message):
        compare("ezr", None, None, **args)


@pytest.mark.parametrize("kwargs", [{"alpha": 1.5}, {"alpha": 0}, {"alpha": True}, {"power": 1}, {"power": -0.2}])
def test_verdicts_take_probabilities(cmp, kwargs):
    name = next(iter(kwargs))
    with pytest.raises(InputError, match=f"{name} must be a probability between 0 and 1"):
        cmp.verdicts(**kwargs)


def test_verdicts_at_another_level_still_work(cmp):
    v = cmp.verdicts(alpha=0.1)
    assert (v.ci_high - v.ci_low <= cmp.table().ci_high - cmp.table().ci_low + 1e-12).all()


@pytest.mark.parametrize("kwargs,message", [
    ({"injuries": -1}, "injuries must be a whole number of earlier INJURY results"),
    ({"injuries": 1.5}, "injuries must be a whole number of earlier INJURY results"),
    ({"period": 2.0}, "period must be 1, 2 or 3, got 2.0"),
    ({"period": True}, "period must be 1, 2 or 3, got True"),
])
def test_exact_period_checks_period_and_injuries(kwargs, message):
    with pytest.raises(InputError, match=message):
        exact_period(5, **kwargs)


def test_exact_period_injuries_lower_the_goals():
    # each INJURY lowers every later roll by 10 (docs/ezr.md): more of them, fewer goals
    dists = [exact_period(5, injuries=k) for k in (0, 1, 2)]
    means = [float((p * np.arange(p.size)).sum()) for p in dists]
    assert means[0] > means[1] > means[2] and all(abs(p.sum() - 1) < 1e-12 for p in dists)


def test_results_tables_are_copies_the_run_keeps_its_own():
    res = simcore.game("ezr").simulate(None, n=200, seed=5, progress=False)
    before = res.games.home_goals.sum()
    wins = simcore.game("ezr").metrics["home_win"].per_game(res).mean()
    edited = res.games
    edited["home_goals"] = 99
    assert res.games.home_goals.sum() == before
    assert simcore.game("ezr").metrics["home_win"].per_game(res).mean() == wins


@pytest.mark.parametrize("size", [1.5, "2", 0, True, -3])
def test_chunk_size_is_a_positive_whole_number(size):
    with pytest.raises(InputError, match="chunk_size must be a positive whole number of games"):
        simcore.game("ezr").simulate(None, n=10, chunk_size=size)


def test_chunk_size_none_is_the_default():
    assert runner.chunk_size_of(None) == runner.DEFAULT_CHUNK and runner.chunk_size_of(7) == 7


@pytest.mark.parametrize("block", [2.5, "2", 0, True])
def test_dataset_block_is_a_positive_whole_number(tmp_path, block):
    with pytest.raises(InputError, match="block must be a positive whole number of games"):
        dataset.write("ezr", tmp_path / "ds", 10, block=block)
    assert not (tmp_path / "ds").exists()


def test_forest_refuses_an_empty_metric_list(cmp):
    with pytest.raises(InputError, match="metrics must name at least one metric"):
        plots.forest(cmp, metrics=[])


@pytest.mark.parametrize("teams,kwargs,message", [
    ("ABC", {}, "teams must be a list of team names"),                 # not teams A, B and C
    (5, {}, "teams must be a list of team names"),
    (["A", "B"], {"seed": -1}, "seed must be in 0 .. 2\\*\\*64-1"),
    (["A", "B"], {"seed": 1.5}, "seed must be an integer"),
])
def test_round_robin_checks_teams_and_seed(teams, kwargs, message):
    with pytest.raises(InputError, match=message):
        round_robin(teams, **kwargs)


def test_league_arguments():
    with pytest.raises(InputError, match="a league \\(its league.toml\\) is named by its path .*got 5"):
        load_league(5)
    lg = load_league(sample("ezr") / "league.toml")
    for k in (-2, 0, 1.5, True):
        with pytest.raises(InputError, match="k must be a whole number of dates"):
            default_dates(lg, k)
    first, last = sorted(set(lg.results["date"].astype(str)))[::len(set(lg.results["date"])) - 1]
    assert default_dates(lg, 1) == [first] and default_dates(lg, 2) == [first, last]


@pytest.mark.parametrize("k,n", [(5, 3), (-1, 3), (3.1, 3)])
def test_wilson_ci_needs_k_within_n(k, n):
    with pytest.raises(InputError, match="wilson_ci needs 0 <= k <= n"):
        wilson_ci(k, n)


def test_wilson_ci_takes_a_rounding_error_at_the_ends():
    assert wilson_ci(3 + 1e-13, 3)[1] == 1.0 and wilson_ci(-1e-13, 3)[0] == 0.0
    assert all(math.isnan(v) for v in wilson_ci(0, 0))     # no trials


@pytest.mark.parametrize("values,message", [([1.5] * 13, "card 1's value 1.5 is not a whole number"),
                                            ("123", "a deck's values are a list of whole numbers"),
                                            ([1, True], "card 2's value True is not a whole number")])
def test_custom_deck_values_are_whole_numbers(values, message):
    with pytest.raises(InputError, match=message):
        pyramid.custom_deck(values)


@pytest.mark.parametrize("gid,key,default", [("ezr", "home", "'BOS'"), ("pyramid", "policy_a", "'default'"),
                                              ("passscore", "policy_away", "'random'")])
def test_a_setup_key_given_none_is_named(gid, key, default):
    with pytest.raises(InputError, match=f"{gid} setup {key}=None: {key} needs a value; leave the key out for its "
                                         f"default, {default}"):
        simcore.game(gid).simulate({key: None}, n=10)


def test_read_parquet_of_a_missing_file_says_so(tmp_path):
    with pytest.raises(InputError, match="no such file: .*nope.parquet"):
        read_parquet(tmp_path / "nope.parquet")


def test_a_report_written_from_python_names_the_python_argument(cmp, tmp_path):
    page = tmp_path / "c.html"
    page.write_text("mine")
    with pytest.raises(FileExistsError, match="exists; pass force=True to replace it"):
        compare_report(cmp).write(page)
    assert page.read_text() == "mine"
    compare_report(cmp).write(page, force=True)
    assert page.read_text() != "mine"


def test_strat_play_by_play_result_is_the_games_row():
    g = simcore.game("strat")
    row = g.simulate(None, n=12, seed=3, progress=False).games.iloc[11]
    r = g.play_by_play(None, seed=3, game_index=11).result
    assert r["home_shots"] == row.home_shots and r["action_cards"] == row.action_cards > 0
    assert pd.Series(r)[row.index].astype(str).equals(row.astype(str))


@pytest.mark.parametrize("load", ["strat.load_kit", "pyramid.load_deck", "passscore.load_board", "league.load_league"])
def test_a_file_argument_that_is_not_a_path_is_named(load):
    import importlib

    module, name = load.rsplit(".", 1)
    fn = getattr(importlib.import_module(("simcore.games." if module != "league" else "simcore.") + module), name)
    with pytest.raises(InputError, match="path.*got 5"):
        fn(5)


def test_mean_ci_needs_a_standard_deviation():
    from simcore.stats import mean_ci

    with pytest.raises(InputError, match="mean_ci needs a standard deviation >= 0, got sd=-1"):
        mean_ci(1.0, -1, 10)
    assert mean_ci(1.0, 0.0, 10) == (1.0, 1.0)


@pytest.mark.parametrize("progress", ["yes", "no", 2])
def test_progress_is_true_false_or_none(progress):
    with pytest.raises(InputError, match=f"progress must be True, False or None .*got {progress!r}"):
        simcore.game("ezr").simulate(None, n=5, progress=progress)
