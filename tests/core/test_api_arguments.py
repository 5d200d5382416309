"""The Python API checks its arguments as the command line does: a value of the wrong kind or out of range is an
InputError naming the argument and the value, never a raw TypeError/IndexError, a silently truncated number or a
string read character by character."""
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import simcore
from simcore import dataset, runner
from simcore.analysis import compare, plots, sweep
from simcore.errors import InputError
from simcore.games import blueline, ezr, passscore, pyramid
from simcore.games.ezr import exact_period
from simcore.league import load_league, round_robin, sample
from simcore.league.projection import default_dates
from simcore.league.series import series_win_prob, series_win_prob_pattern
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
    ([3, 3], r"seeds \(--seeds\) repeat 3"),
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


def test_simulate_seed_is_an_integer_left_out_it_is_0():
    """A seed of None is refused (it read as seed 0, where numpy's None means fresh entropy), as play_by_play and
    compare refuse it; a seed left out is 0, and one given by position and by keyword is refused."""
    g = simcore.game("pyramid")
    assert g.simulate(n=20).games.equals(g.simulate(n=20, seed=0).games)
    assert not g.simulate(n=20).games.equals(g.simulate(n=20, seed=1).games)
    assert g.simulate(None, 20, 1).games.equals(g.simulate(n=20, seed=1).games)
    with pytest.raises(InputError, match="seed must be an integer, got None"):
        g.simulate(n=20, seed=None)
    with pytest.raises(TypeError, match="multiple values for argument 'seed'"):
        g.simulate(None, 20, 1, seed=0)
    assert g.simulate(n=None, seed=2).n == g.default_n


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
    with pytest.raises(InputError, match="metrics must name at least one"):
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

    with pytest.raises(InputError, match="mean_ci needs sd >= 0, n >= 0 and z > 0, got sd=-1"):
        mean_ci(1.0, -1, 10)
    assert mean_ci(1.0, 0.0, 10) == (1.0, 1.0)


@pytest.mark.parametrize("progress", ["yes", "no", 2])
def test_progress_is_true_false_or_none(progress):
    with pytest.raises(InputError, match=f"progress must be True, False or None .*got {progress!r}"):
        simcore.game("ezr").simulate(None, n=5, progress=progress)


# ---------------------------------------------------------------- inputs that reached a kernel unchecked

@pytest.mark.parametrize("make,message", [
    (lambda: pyramid.standard_deck(copies=30), "1560 cards; at most 1024"),
    (lambda: pyramid.standard_deck(jokers=2000), "2052 cards; at most 1024"),
    (lambda: pyramid.standard_deck(ace="middle"), "ace must be 'high' or 'low', got 'middle'"),
    (lambda: pyramid.standard_deck(jokers=-1), "jokers must be a whole number, 0 or more, got -1"),
    (lambda: pyramid.standard_deck(copies=0), "copies must be a whole number, 1 or more, got 0"),
    (lambda: pyramid.Deck(tuple("abcdefghijklm"), tuple(range(100, 113)), "mine"), "mine: card value 100 is outside"),
    (lambda: pyramid.Deck(("a",), (1, 2), "mine"), "mine: 1 labels for 2 cards"),
    (lambda: pyramid.Deck(("a",), (1.5,), "mine"), "mine: card 1's value 1.5 is not a whole number"),
])
def test_every_deck_is_checked_however_it_is_made(make, message):
    with pytest.raises(InputError, match=message):
        make()


def test_the_largest_standard_deck_plays():
    deck = pyramid.standard_deck(copies=19, jokers=1)         # 19 x 53 = 1,007 cards, within 1,024
    assert deck.size == 19 * 53
    res = simcore.game("pyramid").simulate({"deck_file": deck}, n=20, rules="deck=custom", progress=False)
    assert res.n == 20 and res.games.home_goals.sum() + res.games.away_goals.sum() > 0


@pytest.mark.parametrize("kwargs,message", [
    ({"goalie_slots": (5, 5)}, "goalie_slots are 0 \\(starter\\) or 1 \\(backup\\); game 0, home: 5"),
    ({"goalie_slots": (0, -1)}, "game 0, away: -1"),
    ({"goalie_slots": (0,)}, "goalie_slots must be 1 game\\(s\\) x \\(home, away\\) whole numbers"),
    ({"fatigued": (1.5, 0)}, "fatigued must be 1 game\\(s\\) x \\(home, away\\) whole numbers"),
    ({"coaches": ("penetrate=never",)}, "coaches must be one coach for both teams or a \\(home, away\\) pair"),
    ({"injured_out": ("Player A", ())}, "injured_out must be a \\(home, away\\) pair of lists of skater names"),
])
def test_strat_scripted_game_checks_its_pairs(kwargs, message):
    from simcore.games import strat

    with pytest.raises(InputError, match=message):
        strat.play_scripted("KBY", "NRV", [], [], [], **kwargs)


def test_strat_scripted_team_cannot_play_itself():
    from simcore.games import strat

    with pytest.raises(InputError, match="a team cannot play itself \\(KBY\\)"):
        strat.play_scripted("KBY", "KBY", [], [], [])


@pytest.mark.parametrize("call,message", [
    (lambda P: P().legal(5), "team must be 0 \\(home\\) or 1 \\(away\\), got 5"),
    (lambda P: P().choose(True), "team must be 0 \\(home\\) or 1 \\(away\\), got True"),
    (lambda P: P().set([None] * 6, [None] * 6, poss=7), "poss must be 0 \\(home\\) or 1 \\(away\\), got 7"),
    (lambda P: P().set([None] * 6, [None] * 6, carrier=99), "carrier must be a slot 0..5, got 99"),
    (lambda P: P().set([None] * 6, [None] * 6), "the puck carrier, slot 1 of home, is off the board"),
    (lambda P: P().set([None] * 5, [None] * 6), "home must be 6 \\[row, column\\] pairs"),
    (lambda P: P().play(0, []), "a play is 4 whole numbers"),
    # a play whose every action could be made, but not as one play: the same player moved in a type-1 play
    (lambda P: P().play(0, (1, 16, 16, -1)), "^\\(1, 16, 16, -1\\) is not a legal play of team 0 here"),
    # the moves of a listed play in another order: the message names the order legal() writes them in
    (lambda P: P().play(0, (1, 18, 34, 0)), "^\\(1, 18, 34, 0\\) is not .* listed as \\(1, 18, 0, 34\\), in the first "
                                            "order"),
    (lambda P: P(policies=("greedy",)), "policies must be a \\(home, away\\) pair"),
])
def test_pass_and_score_position_checks_team_carrier_and_play(call, message):
    from simcore.games.passscore import Position

    with pytest.raises(InputError, match=message):
        call(Position)


def test_pass_and_score_position_plays_a_legal_play():
    from simcore.games.passscore import Position

    pos = Position()
    first = pos.legal(0)[0]
    # the generator's first play from the start: type 1, three players one space each (slots 1, 0 and 2)
    assert list(first) == [1, 18, 0, 34]
    before = [pos.where(0, s) for s in range(6)]
    assert pos.play(0, first) == 1                      # blue plays next
    assert [pos.where(0, s) for s in range(6)] == [(1, 3), (9, 4), (9, 2)] + before[3:]


# ---------------------------------------------------------------- second round: the rest of the public surface

@pytest.mark.parametrize("write", [
    lambda res, cmp, path: res.to_parquet(path, overwrite="no"),
    lambda res, cmp, path: compare_report(cmp).write(path, force="no"),
])
def test_a_truthy_string_never_replaces_a_file(tmp_path, cmp, write):
    res = simcore.game("ezr").simulate(None, n=20, seed=1, progress=False)
    mine = tmp_path / "mine.html"
    mine.write_text("mine")
    with pytest.raises(InputError, match="must be True or False, got 'no'"):
        write(res, cmp, mine)
    assert mine.read_text() == "mine"


def test_league_write_checks_force_and_its_folder(tmp_path):
    from simcore import league

    p = league.project(load_league(sample("ezr") / "league.toml"), n=4, seed=1, progress=False)
    (tmp_path / "teams.csv").write_text("mine")
    with pytest.raises(InputError, match="force must be True or False, got 'no'"):
        league.write(p, tmp_path, force="no")
    assert (tmp_path / "teams.csv").read_text() == "mine"
    for bad, message in ((None, "an output folder is named by its path"), ("", "an output folder needs a name")):
        with pytest.raises(InputError, match=message):
            league.write(p, bad)


@pytest.mark.parametrize("dates,message", [
    (["2026-10-01", "2026-10-1"], "schedule row 1: date '2026-10-1' is not a date written YYYY-MM-DD"),
    (["2026/10/01", "2026-10-02"], "schedule row 0: date '2026/10/01'"),
])
def test_check_schedule_reads_dates_as_dates(dates, message):
    from simcore.league import check_schedule

    df = pd.DataFrame({"date": dates, "home": ["A", "C"], "away": ["B", "A"]})
    with pytest.raises(InputError, match=message):
        check_schedule(df, ["A", "B", "C"])
    import datetime
    same_day = df.assign(date=[datetime.date(2026, 10, 1), pd.Timestamp("2026-10-01")])
    assert not check_schedule(same_day, ["A", "B", "C"]).ok_dates          # A plays twice on one day


@pytest.mark.parametrize("kind,budget,message", [("search", 2.7, "budget must be a whole number 1..4096, got 2.7"),
                                                 ("search", 0, "got 0"), ("bogus", 8, "unknown policy 'bogus'")])
def test_pass_and_score_policy_checks_kind_and_budget(kind, budget, message):
    from simcore.games.passscore import Policy

    with pytest.raises(InputError, match=message):
        Policy(kind, budget)


@pytest.mark.parametrize("dice,message", [([50.7] * 200, "dice must be a list of whole numbers; entry 0 is 50.7"),
                                          ("5" * 200, "dice must be a list of whole numbers, got the text"),
                                          ([True] * 200, "entry 0 is True")])
def test_scripted_dice_are_whole_numbers(dice, message):
    with pytest.raises(InputError, match=message):
        ezr.play_scripted("D/E/B/c", "C/D/C/b", dice)


def test_goal_histogram_checks_goals_and_its_last_bin():
    res = simcore.game("ezr").simulate(None, n=50, seed=1, progress=False)
    g = res.games
    with pytest.raises(InputError, match="row 0: home_goals .* is not a whole number of goals"):
        plots.goal_distributions({"a": g.assign(home_goals=g.home_goals + 0.5)})
    for bad in (1.5, "5", 10**7, -1):
        with pytest.raises(InputError, match="max_goals must be a whole number 0..100"):
            plots.goal_distributions({"a": res}, max_goals=bad)


@pytest.mark.parametrize("kwargs,message", [({"win": -2}, "win must be a whole number of points"),
                                            ({"win": "2"}, "got '2'"), ({"loss": None}, "loss must be"),
                                            ({"win": 0}, "a win \\(0\\) must be worth more")])
def test_points_system_checks_its_points(kwargs, message):
    from simcore.league.standings import PointsSystem

    with pytest.raises(InputError, match=message):
        PointsSystem("mine", **kwargs)


def test_standings_need_every_team_placed():
    from simcore.league.standings import standings

    lg = load_league(sample("ezr") / "league.toml")
    teams = lg.teams.copy()
    teams.loc[3, "division"] = np.nan
    with pytest.raises(InputError, match="teams row 3: no division"):
        standings(lg.results, teams)
    with pytest.raises(InputError, match="results must be a DataFrame"):
        standings(None, lg.teams)


def test_a_long_series_with_home_ice_is_computed():
    assert series_win_prob_pattern(0.55, 0.55, 501, None) == pytest.approx(series_win_prob(0.55, 501), abs=1e-12)
    assert series_win_prob_pattern(0.6, 0.5, 7) == pytest.approx(0.624, abs=1e-12)   # 4 home games of 7


def test_balance_lists_are_lists():
    from simcore.games.blueline import balance as bl
    from simcore.games.passscore import balance as ps

    for call in (lambda: ps.policy_matrix("random", n=5), lambda: bl.policy_matrix("default", n=5),
                 lambda: bl.card_value("random", n=5), lambda: ps.rule_options(5, options="plays=40")):
        with pytest.raises(InputError, match="must be a list"):
            call()
    with pytest.raises(InputError, match="unknown blueline policy preset 'defualt'"):
        bl.matrix_policies(["defualt", "random"])


def test_pass_and_score_rule_options_pair_only_with_their_own_base():
    from simcore.games.passscore import balance

    base = simcore.game("passscore").simulate(None, n=20, seed=1, progress=False).games
    with pytest.raises(InputError, match="base was played with seed 1, the options with seed 0"):
        balance.rule_options(20, seed=0, options=[{"plays": "40"}], base=base)
    with pytest.raises(InputError, match="base must hold games 0 .. 9"):
        balance.rule_options(10, seed=1, options=[{"plays": "40"}], base=base)
    ezr = simcore.game("ezr").simulate(None, n=20, seed=1, progress=False).games
    with pytest.raises(InputError, match="base is a ezr games table"):
        balance.rule_options(20, seed=1, options=[{"plays": "40"}], base=ezr)


def test_pyramid_log_refuses_to_cut_a_game_short():
    from simcore.games.pyramid import engine

    with pytest.raises(InputError, match="the game has more than max_events = 5 events"):
        engine.play_by_play(0, 0, max_events=5)
    with pytest.raises(InputError, match="max_events must be a whole number"):
        engine.play_by_play(0, 0, max_events=1.5)
    with pytest.raises(InputError, match="policies must be one policy for both sides or an \\(A, B\\) pair"):
        engine.compile_game(None, ("default",))
    full = len(engine.play_by_play(0, 0).events)
    assert len(engine.play_by_play(0, 0, max_events=full).events) == full


@pytest.mark.parametrize("call,message", [
    (lambda: ezr.ShufflePolicy(None), "unknown SHUFFLE LINES policy None"),
    (lambda: ezr.Team.parse(None), "a team is written OFF/GDEF"),
    (lambda: pyramid.Policy(shoot=5), "unknown shoot policy 5"),
    (lambda: pyramid.shape(["3-2-1"]), "a lineup is named by a string"),
    (lambda: blueline.Policy(shoot=None), "blueline policy shoot=None"),
    (lambda: blueline.Policy(check=None), "check=None"),
    (lambda: exact_period(3, charts="x"), "charts must be a Charts"),
    (lambda: passscore.load_board().circle(1.5, 2),
     "no circle at \\[1.5, 2\\]"),
    (lambda: sample(None), "no sample league for None"),
    (lambda: simcore.game("ezr").simulate(None, n=5, progress=False).table(["games"]), "a table is named by a string"),
])
def test_a_value_of_the_wrong_kind_is_named(call, message):
    with pytest.raises(InputError, match=message):
        call()


def test_a_schedule_pair_outside_the_teams_is_named():
    from simcore.league import check_schedule

    chk = check_schedule(pd.DataFrame({"date": ["2026-10-01"], "home": ["A"], "away": ["B"]}), ["A", "B"])
    assert chk.pair("B", "A") == (0, 1)
    with pytest.raises(InputError, match="no pair 'A'-'Z'"):
        chk.pair("A", "Z")


@pytest.mark.parametrize("call,message", [
    (lambda: series_win_prob(True), "p must be a number or numbers in \\[0, 1\\], got True"),   # not p = 1
    (lambda: series_win_prob("0.6"), "got '0.6'"),
    (lambda: series_win_prob_pattern(0.6, 0.5, 7, pattern=7), "pattern must be block sizes joined by '-'.*got 7"),
])
def test_series_odds_take_numbers_and_a_text_pattern(call, message):
    with pytest.raises(InputError, match=message):
        call()


def test_series_odds_still_take_arrays_and_whole_numbers():
    assert series_win_prob(1) == 1.0 and series_win_prob(0) == 0.0
    assert np.allclose(series_win_prob(np.array([0.6, 0.4])), [0.710208, 0.289792])


@pytest.fixture(scope="module")
def ezr_league():
    return load_league(sample("ezr") / "league.toml")


def test_league_tables_and_figures_name_what_they_were_given_instead(ezr_league, cmp):
    from simcore.league import plots as lp
    from simcore.league.standings import format_standings
    from simcore.sharing import compare_report, history_table, league_report

    lg = ezr_league
    res = simcore.game("ezr").simulate(None, n=10, seed=1, progress=False)
    cases = [
        (lambda: format_standings(lg.teams), r"^df lacks column\(s\) GP, W, L, PTS, rank, division_rank, "
                                             r"conference_rank: it must be the table standings\(\) returns$"),
        (lambda: format_standings(None), r"^df must be a DataFrame, as standings\(\) returns; got None$"),
        (lambda: lp.points_distribution(None), r"^proj must be a Projection, as simcore.league.project\(\) returns"),
        (lambda: lp.odds_bars(lg), "got a League$"),
        (lambda: lp.projection_figure(lg), "got a League$"),
        (lambda: lp.odds_over_dates(None), r"^frame must be a DataFrame, as odds_by_date\(\) returns; got None$"),
        (lambda: history_table(lg.teams), r"^frame lacks column\(s\) date, games_played, playoff_odds"),
        (lambda: league_report(lg), "^proj must be a Projection"),
        (lambda: compare_report(res), r"^cmp must be a Comparison, as simcore.analysis.compare\(\) returns; "
                                      "got a Results$"),
    ]
    for call, message in cases:
        with pytest.raises(InputError, match=message):
            call()
    assert compare_report(cmp).title        # the right kinds still pass


def test_strat_analysis_takes_a_strat_run():
    from simcore.games.strat import analysis as sa

    res = simcore.game("ezr").simulate(None, n=10, seed=1, progress=False)
    for f in (sa.league_summary, sa.league_json, sa.special_teams, sa.goal_distribution, sa.fatigue_effects):
        with pytest.raises(InputError, match="^res must be a Strat-O-Matic run; this one is of 'ezr'$"):
            f(res)
    with pytest.raises(InputError, match=r"^res must be a Results, as simcore.game\(\"strat\"\).simulate\(\) "
                                         r"returns; got 'x'$"):
        sa.league_summary("x")


def test_reprs_are_a_line_not_the_whole_object():
    """What Jupyter shows for a setup, a play-by-play and a league: a line naming it, not hundreds of thousands of
    characters of cards and tables (a Strat setup's was 412,075)."""
    import simcore
    from simcore.league.files import load_league

    for gid in ("strat", "pyramid", "blueline", "passscore"):
        g = simcore.game(gid)
        assert len(repr(g.setup(None))) < 1000, gid
        pbp = g.play_by_play(None, seed=1, game_index=0)
        r = pbp.result
        assert repr(pbp).startswith(f"PlayByPlay({gid!r}, seed 1, game 0: {r['home_goals']}-{r['away_goals']} ")
        assert repr(pbp).endswith(f"{len(pbp.text.splitlines())} lines; print() it for the text)")
    root = Path(simcore.__file__).parent
    lg = load_league(root / "games/strat/data/league/league.toml")
    assert repr(lg) == (f"League('simcore sample Strat league', game 'strat', 8 teams, 280 games scheduled, 140 "
                        f"played; {lg.path})")
    assert repr(lg.data["kit"]).startswith("Kit('simcore synthetic kit', 8 teams: KBY, NRV")


def test_an_unknown_metric_is_an_unknown_name():
    """README: an unknown game, table, metric or sample league is an UnknownNameError, a KeyError too."""
    from simcore.errors import UnknownNameError

    with pytest.raises(UnknownNameError) as e:
        simcore.game("strat").metric("nope")
    assert isinstance(e.value, KeyError) and str(e.value).startswith("unknown strat metric 'nope'; metrics: home_win")
    with pytest.raises(KeyError):
        simcore.game("nope")


@pytest.mark.parametrize("call,message", [
    (lambda: simcore.analysis.sweep("ezr", None, {"overtime": 5}, n=10),
     "grid field 'overtime' takes a list of values (or 'a,b'), got 5"),
    (lambda: simcore.analysis.sweep("ezr", None, {"qq_chart": None}, n=10),
     "grid field 'qq_chart' takes a list of values (or 'a,b'), got None"),
    (lambda: simcore.analysis.compare("ezr", None, "qq_chart=off", 10, metrics=5),
     "metrics must be a metric's name or a list of names, got 5"),
    (lambda: simcore.analysis.compare("ezr", None, simcore.game("pyramid").Rules(), 10),
     "ezr rules must be ezr's, got pyramid's rules pyramid("),
    (lambda: _project(chunk_size=0), "chunk_size must be a positive whole number of seasons, got 0"),
    (lambda: _project(keep_games="yes"), "keep_games must be True or False, got 'yes'"),
])
def test_api_arguments_of_the_wrong_kind_are_named(call, message):
    """Each was a bare TypeError ('int' object is not iterable), a message naming two classes both called Rules,
    or accepted (chunk_size=0 ran with the default, keep_games="yes" as true)."""
    with pytest.raises(InputError) as e:
        call()
    assert str(e.value).startswith(message)


def _project(**kw):
    from simcore.league.projection import project

    return project(Path(simcore.__file__).parent / "games/ezr/data/league/league.toml", n=3, progress=False, **kw)


def test_dataset_tables_may_be_one_name(tmp_path):
    dataset.write("ezr", tmp_path / "d", n=10, tables="games")      # was read letter by letter: no table 'g'
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == ["games", "manifest.json"]


def test_ezr_scripted_play_takes_sample_team_names():
    from simcore.games import ezr

    by_name = ezr.play_scripted("bos", "NYR", [50] * 60, strict=False)
    by_card = ezr.play_scripted("D/D/B/b", "F/E/C/b", [50] * 60, strict=False)
    assert (by_name.winner, by_name.decided_in, by_name.dice_used) == (by_card.winner, by_card.decided_in,
                                                                       by_card.dice_used)
    assert (by_name.goals == by_card.goals).all()
    with pytest.raises(InputError, match="dice must be a list of whole numbers, got None"):
        ezr.play_scripted("BOS", "NYR", None)
