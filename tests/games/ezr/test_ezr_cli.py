"""The EZR command line: JSON documents, tables, and one-line errors with exit status 2."""
import json
import subprocess
import sys

import pytest

import simcore

from simcore.games import ezr


@pytest.mark.parametrize("n, seed, goals, ci", [
    (3, 1020, 0.0, (0.0, 3.6889 / 3)),            # no away goal in 3 games: the bound of none seen, not [0, 0]
    (2, 9, 0.5, (0.0, 1.48))])                     # 0 and 1 goals: the normal interval, cut at 0
def test_ezr_goal_intervals_are_count_intervals(cli, n, seed, goals, ci):
    """docs/analysis.md, "Metrics": a count's interval is the normal one cut at 0, and [0, 3.69 / n] when no game
    has one (simcore.stats.count_interval), in the EZR summary as in the other games'."""
    code, out, err = cli("ezr", "-n", str(n), "--seed", str(seed), "--format", "json")
    assert code == 0, err
    mc = json.loads(out)["mc"]
    assert mc["away_goals_mean"] == goals and mc["ci95"]["away_goals_mean"] == pytest.approx(ci, abs=1e-3)


def test_ezr_json_document(cli):
    code, out, err = cli("ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "-n", "20000", "--seed", "7",
                         "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["ezr"] == {"home": 1, "away": -1}
    ex = ezr.exact("D/E/B/c", "F/E/C/b")
    for part in ("exact", "mc"):
        d = doc[part]
        for k in ("home_win", "away_win", "tie", "home_goals_mean", "away_goals_mean"):
            assert isinstance(d[k], float)
        assert set(d["regulation"]) == {"home_win", "away_win", "tie"}
        assert set(d["decided_in"]) == {"REG", "OT", "SO"}
        assert d["home_win"] + d["away_win"] + d["tie"] == pytest.approx(1)
    assert doc["mc"]["n"] == 20000
    assert doc["exact"]["home_win"] == pytest.approx(ex.result["home"])
    res = ezr.simulate("D/E/B/c", "F/E/C/b", n=20000, seed=7, mode="aggregate")
    assert doc["mc"]["home_win"] == pytest.approx(res.summary().set_index("metric").loc["home_win", "estimate"])


def test_ezr_rule_flags_change_the_variant(cli):
    code, out, _ = cli("ezr", "--home", "BOS", "--away", "NYR", "-n", "2000", "--no-qq-chart",
                       "--overtime", "none", "--shootout", "off", "--format", "json")
    doc = json.loads(out)
    assert code == 0
    assert "qq_chart=off" in doc["variant"] and "overtime=none" in doc["variant"] and "shootout=off" in doc["variant"]
    assert (doc["exact"]["decided_REG"], doc["exact"]["decided_OT"], doc["exact"]["decided_SO"]) == (1.0, 0.0, 0.0)
    assert doc["mc"]["tie"] > 0 and doc["mc"]["tie"] == doc["mc"]["regulation_tie"]
    # every figure under its metric name; the nested keys of earlier releases kept, and mapped, for a release
    names = set(simcore.game("ezr").metrics)
    assert {k for k in doc["exact"] if k not in ("regulation", "decided_in")} <= names
    assert doc["exact"]["decided_in"] == {"REG": 1.0, "OT": 0.0, "SO": 0.0}
    assert doc["deprecated_keys"]["mc.decided_in.OT"] == "mc.decided_OT"


def test_ezr_table_output_and_plot(cli, tmp_path):
    plot = tmp_path / "goals.png"
    code, out, _ = cli("ezr", "--home", "BOS", "--away", "NYR", "-n", "2000", "--plot", str(plot))
    assert code == 0 and plot.stat().st_size > 1000
    assert "regulation_home_win" in out and "exact" in out and "simulated" in out
    code, _, err = cli("ezr", "--home", "BOS", "--away", "NYR", "-n", "2000", "--plot", str(plot))
    assert code == 2 and "exists" in err   # never overwrite a user's file without --force


def test_period_json_is_exact(cli):
    code, out, _ = cli("ezr", "period", "--ezr", "10", "--no-qq-chart", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["ezr"] == 10
    assert doc["goals"]["0"] == pytest.approx(7 / 99)
    assert doc["mean"] == pytest.approx(sum(int(g) * p for g, p in doc["goals"].items()))
    assert doc["mean"] == pytest.approx(256 / 99)   # (15 + 40 + 69 + 104 + 8 * 3.5) / 99
    code, out, _ = cli("ezr", "period", "--ezr", "0", "--format", "json")
    assert json.loads(out)["mean"] == pytest.approx(ezr.exact_period(0) @ range(15))


def test_table_shows_provenance(cli):
    code, out, _ = cli("ezr", "table")
    assert code == 0
    assert "+10  1-7    8-22" in out and "-7   1-77*" in out and "reconstructed:ordered-logit" in out
    code, out, _ = cli("ezr", "table", "--format", "json")
    doc = json.loads(out)
    assert doc["goals"]["rows"]["+10"]["0"] == {"value": "1-7", "source": "rulebook:Goals Scored Table"}


@pytest.mark.parametrize("argv,needle", [
    (["ezr", "--home", "Z/E/B/c", "--away", "F/E/C/b"], "team OFF 'Z'"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/x"], "goalie shootout rating 'x'"),
    (["ezr", "--home", "D/E/B", "--away", "F/E/C/b"], "must be OFF/GDEF/SHOOTER/GSO"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "-n", "0"], "must be positive"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "-n", "ten"], "expected a whole number"),
    (["ezr", "--away", "XYZ"], "away='XYZ'"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "--rules", "qq_chart=maybe"], "allowed values: on, off"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "--rules", "colour=red"], "unknown ezr rule field"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "--policy", "sometimes"], "SHUFFLE LINES policy"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "--chart", "goals=/nonexistent.csv"], "cannot read file"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "--chart", "dice=x.csv"], "unknown chart"),
    (["ezr", "period", "--ezr", "11"], "argument --ezr: expected a whole number from -7 to +10, got '11'"),
    (["ezr", "period", "--ezr", "0", "--goalie-def", "K"], "--goalie-def 'K'"),
])
def test_bad_input_one_line_exit_2(cli, argv, needle):
    code, out, err = cli(*argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("simcore: error:")
    assert needle in err


def test_bad_chart_file_error_names_location(cli, tmp_path):
    from simcore.games.ezr.charts import data_path

    bad = tmp_path / "goals.csv"
    bad.write_text(data_path("goals.csv").read_text().replace("66-91,92-99", "66-91,92-98"))
    code, _, err = cli("ezr", "period", "--ezr", "10", "--chart", f"goals={bad}")
    assert code == 2 and str(bad) in err and "line 2" in err and "99" in err


def test_no_traceback_from_the_installed_command():
    p = subprocess.run([sys.executable, "-m", "simcore.cli", "ezr", "--home", "Q/E/B/c", "--away", "F/E/C/b"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "Traceback" not in p.stderr and p.stderr.count("\n") == 1


def test_home_and_away_default_to_the_setup_s(cli):
    """``simcore ezr`` without --home/--away plays the setup's defaults, as its help says (BOS, NYR)."""
    code, out, _ = cli("ezr", "--home", "D/E/B/c", "-n", "500", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["home"]["ratings"] == "D/E/B/c" and doc["away"]["team"] == "NYR"
    code, out, _ = cli("ezr", "-n", "500", "--format", "json")
    assert code == 0 and (json.loads(out)["home"]["team"], json.loads(out)["away"]["team"]) == ("BOS", "NYR")


def test_ezr_pbp_prints_the_game_the_run_plays(cli):
    """`--pbp` prints game G of seed S roll by roll, the same game `simulate` plays as game G."""
    code, out, err = cli("ezr", "--pbp", "--seed", "1", "--game-id", "3")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "game 3 of seed 1; SHUFFLE LINES policy expected"
    assert lines[2].split() == ["period", "1", "BOS", "rolls", "69", "1", "goal"]
    assert lines[-1] == "final: BOS 8, NYR 1 (BOS wins)"
    games = simcore.game("ezr").simulate(None, n=4, seed=1, mode="games", progress=False).games
    assert (int(games.home_goals[3]), int(games.away_goals[3])) == (8, 1)
    code, out, err = cli("ezr", "--pbp", "--seed", "1", "--game-id", "3", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["game_id"] == 3 and doc["result"]["home_goals"] == 8
    assert doc["title"] == lines[1] and doc["title"].startswith("EZR quick play: home BOS") and \
        doc["events"] == lines[2:]          # one line an event, the first a roll


@pytest.mark.parametrize("argv,msg", [
    (["--game-id", "2"], "--game-id 2 picks the game --pbp prints"),
    (["--pbp", "--game-id", "5", "-n", "5"], "--game-id 5 is not a game of a run of -n 5 games"),
    (["--pbp", "--plot", "x.png"], "--plot draws the matchup's goal distributions, not a --pbp game"),
])
def test_ezr_pbp_bad_options(cli, argv, msg):
    code, out, err = cli("ezr", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and msg in err, err
