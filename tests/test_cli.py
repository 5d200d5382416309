"""The command line: JSON documents, tables, and one-line errors with exit status 2."""
import json
import subprocess
import sys

import pytest

from simcore.cli import main
from simcore.games import ezr


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_ezr_json_document(capsys):
    code, out, err = run(capsys, "ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "-n", "20000", "--seed", "7",
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


def test_ezr_rule_flags_change_the_variant(capsys):
    code, out, _ = run(capsys, "ezr", "--home", "BOS", "--away", "NYR", "-n", "2000", "--no-qq-chart",
                       "--overtime", "none", "--shootout", "off", "--format", "json")
    doc = json.loads(out)
    assert code == 0
    assert "qq_chart=off" in doc["variant"] and "overtime=none" in doc["variant"] and "shootout=off" in doc["variant"]
    assert doc["exact"]["decided_in"] == {"REG": 1.0, "OT": 0.0, "SO": 0.0}
    assert doc["mc"]["tie"] > 0


def test_ezr_table_output_and_plot(capsys, tmp_path):
    plot = tmp_path / "goals.png"
    code, out, _ = run(capsys, "ezr", "--home", "BOS", "--away", "NYR", "-n", "2000", "--plot", str(plot))
    assert code == 0 and plot.stat().st_size > 1000
    assert "home win" in out and "exact" in out and "simulated" in out
    code, _, err = run(capsys, "ezr", "--home", "BOS", "--away", "NYR", "-n", "2000", "--plot", str(plot))
    assert code == 2 and "exists" in err   # never overwrite a user's file without --force


def test_period_json_is_exact(capsys):
    code, out, _ = run(capsys, "ezr", "period", "--ezr", "10", "--no-qq-chart", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["ezr"] == 10
    assert doc["goals"]["0"] == pytest.approx(7 / 99)
    assert doc["mean"] == pytest.approx(sum(int(g) * p for g, p in doc["goals"].items()))
    assert doc["mean"] == pytest.approx(256 / 99)   # (15 + 40 + 69 + 104 + 8 * 3.5) / 99
    code, out, _ = run(capsys, "ezr", "period", "--ezr", "0", "--format", "json")
    assert json.loads(out)["mean"] == pytest.approx(ezr.exact_period(0) @ range(15))


def test_table_shows_provenance(capsys):
    code, out, _ = run(capsys, "ezr", "table")
    assert code == 0
    assert "+10  1-7    8-22" in out and "-7   1-77*" in out and "reconstructed:ordered-logit" in out
    code, out, _ = run(capsys, "ezr", "table", "--format", "json")
    doc = json.loads(out)
    assert doc["goals"]["rows"]["+10"]["0"] == {"value": "1-7", "source": "rulebook:Goals Scored Table"}


@pytest.mark.parametrize("argv,needle", [
    (["ezr", "--home", "Z/E/B/c", "--away", "F/E/C/b"], "team OFF 'Z'"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/x"], "goalie shootout rating 'x'"),
    (["ezr", "--home", "D/E/B", "--away", "F/E/C/b"], "must be OFF/GDEF/SHOOTER/GSO"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "-n", "0"], "must be positive"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "-n", "ten"], "expected a whole number"),
    (["ezr", "--home", "D/E/B/c"], "--away"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "--rules", "qq_chart=maybe"], "allowed values: on, off"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "--rules", "colour=red"], "unknown ezr rule field"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "--policy", "sometimes"], "SHUFFLE LINES policy"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "--chart", "goals=/nonexistent.csv"], "cannot read file"),
    (["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "--chart", "dice=x.csv"], "unknown chart"),
    (["ezr", "period", "--ezr", "11"], "EZR must be"),
    (["ezr", "period", "--ezr", "0", "--goalie-def", "K"], "--goalie-def 'K'"),
    (["hockey"], "unknown command"),
])
def test_bad_input_one_line_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("simcore: error:")
    assert needle in err


def test_bad_chart_file_error_names_location(capsys, tmp_path):
    from simcore.games.ezr.charts import data_path

    bad = tmp_path / "goals.csv"
    bad.write_text(data_path("goals.csv").read_text().replace("66-91,92-99", "66-91,92-98"))
    code, _, err = run(capsys, "ezr", "period", "--ezr", "10", "--chart", f"goals={bad}")
    assert code == 2 and str(bad) in err and "line 2" in err and "99" in err


def test_no_traceback_from_the_installed_command():
    p = subprocess.run([sys.executable, "-m", "simcore.cli", "ezr", "--home", "Q/E/B/c", "--away", "F/E/C/b"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "Traceback" not in p.stderr and p.stderr.count("\n") == 1


# ------------------------------------------------------------------ strat

STRAT_LEAGUE = ("goals_per_team_game", "shots_per_team_game", "pp_opportunities_per_team_game", "pp_pct", "pk_pct",
                "home_win", "save_pct")


def test_strat_league_json_document(capsys):
    from simcore.games.strat import analysis, engine

    code, out, err = run(capsys, "strat", "--league", "sample", "-n", "112", "--seed", "5", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["n"] == 112 and doc["seed"] == 5 and doc["mode"] == "league"
    assert doc["variant"].startswith("strat(") and "goalie_fatigue=on" in doc["variant"]
    assert set(doc["league"]) == set(STRAT_LEAGUE) | {"home_win_pct"}    # the name of earlier releases, for one
    assert doc["league"]["home_win_pct"] == doc["league"]["home_win"]
    for m, v in doc["league"].items():
        lo, hi = v["ci"]
        assert lo <= v["estimate"] <= hi, m
    res = engine.simulate(league=True, n=112, seed=5)
    assert doc["league"] == analysis.league_json(res)             # JSON floats round-trip exactly
    rows = {r["team"]: r for r in doc["teams"]}
    assert set(rows) == {"KBY", "NRV", "ASR", "DNM", "LKP", "BRW", "GRP", "FNW"}
    assert all(r["games"] == 28 for r in rows.values())       # 112 games = 2 round robins: 14 games a team each
    assert sum(r["wins"] for r in rows.values()) == 112 - sum(r["ties"] for r in rows.values()) // 2
    assert 0 <= rows["KBY"]["pp_pct"] <= 1 and 0 <= rows["KBY"]["pk_pct"] <= 1


def test_strat_matchup_table_rules_and_coach(capsys):
    code, out, err = run(capsys, "strat", "KBY", "NRV", "-n", "100", "--seed", "2")
    assert code == 0, err
    assert "home KBY vs away NRV" in out and "W-L-OTL" in out and "PP%" in out and "PK%" in out
    assert "95% interval" in out and "pp_pct" in out and "home_win" in out
    team_lines = [ln for ln in out.splitlines() if ln.startswith(("KBY ", "NRV "))]
    assert len(team_lines) == 2 and all(" 100 " in ln for ln in team_lines)
    code, out, err = run(capsys, "strat", "KBY", "NRV", "-n", "100", "--rules", "goalie_fatigue=off,shootout=off",
                         "--coach", "penetrate=always,pull_goalie=never", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert "goalie_fatigue=off" in doc["variant"] and "shootout=off" in doc["variant"]
    assert doc["coaches"]["home"].startswith("penetrate=always,pull_goalie=never")
    assert doc["home"] == "KBY" and doc["away"] == "NRV" and doc["mode"] == "matchup"
    code, out2, _ = run(capsys, "strat", "KBY", "NRV", "-n", "100", "--rules", "goalie_fatigue=off,shootout=off",
                        "--coach", "penetrate=always,pull_goalie=never", "--format", "json")
    assert json.loads(out2) == doc                                 # same seed, same games


def test_strat_out_writes_parquet_and_refuses_to_overwrite(capsys, tmp_path):
    from simcore import read_parquet

    out = tmp_path / "run"
    code, _, err = run(capsys, "strat", "--league", "sample", "-n", "56", "--seed", "1", "--out", str(out))
    assert code == 0, err
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(f"{t}.parquet" for t in ("games", "team_games", "teams", "players", "goalies"))
    games, meta = read_parquet(out / "games.parquet")
    assert len(games) == 56 and meta["game"] == "strat" and meta["table"] == "games" and meta["seed"] == 1
    teams, _ = read_parquet(out / "teams.parquet")
    assert len(teams) == 8 and "pp_pct" in teams
    before = (out / "games.parquet").stat().st_mtime_ns
    code, _, err = run(capsys, "strat", "--league", "sample", "-n", "56", "--seed", "2", "--out", str(out))
    assert code == 2 and "exists" in err and "--force" in err and err.count("\n") == 1
    assert (out / "games.parquet").stat().st_mtime_ns == before
    code, _, err = run(capsys, "strat", "--league", "sample", "-n", "56", "--seed", "2", "--out", str(out), "--force")
    assert code == 0, err
    assert read_parquet(out / "games.parquet")[1]["seed"] == 2


def test_strat_teams_listing(capsys):
    code, out, _ = run(capsys, "strat", "teams")
    assert code == 0 and "KBY" in out and "Kestrel Bay Ospreys" in out and "8 teams" in out
    code, out, _ = run(capsys, "strat", "teams", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and len(doc["teams"]) == 8 and doc["synthetic"] is True


def test_strat_kit_folder_is_accepted(capsys):
    from simcore.games.strat.kit import SAMPLE_KIT_DIR

    code, out, err = run(capsys, "strat", "teams", "--kit", str(SAMPLE_KIT_DIR))
    assert code == 0 and "8 teams" in out, err
    code, out, err = run(capsys, "strat", "--league", str(SAMPLE_KIT_DIR), "-n", "56", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["n"] == 56


def test_strat_pbp_is_the_simulated_game(capsys):
    from simcore.games.strat import engine

    code, out, err = run(capsys, "strat", "KBY", "NRV", "--pbp", "--seed", "3", "--game", "2")
    assert code == 0, err
    g = engine.simulate("KBY", "NRV", n=3, seed=3).table("games").iloc[2]
    assert f"Final: KBY {g.home_goals}, NRV {g.away_goals}" in out
    assert "action card" in out and "Faceoff" in out
    code, out, err = run(capsys, "strat", "--league", "sample", "--pbp", "--seed", "4", "--game", "57")
    assert code == 0, err
    g = engine.simulate(league=True, n=58, seed=4).table("games").iloc[57]      # pairing 57 % 56 = 1
    assert f"home {g.home} vs away {g.away}" in out and f"Final: {g.home} {g.home_goals}, {g.away} {g.away_goals}" in out


@pytest.mark.parametrize("argv,needle", [
    (["strat", "KBY", "XXX", "-n", "10"], "unknown team 'XXX'"),
    (["strat", "KBY", "KBY", "-n", "10"], "cannot play itself"),
    (["strat", "KBY"], "name a HOME and an AWAY team"),
    (["strat", "--league", "sample", "KBY", "NRV"], "not both"),
    (["strat", "KBY", "NRV", "--rules", "lines=5"], "allowed values: 3, 4"),
    (["strat", "KBY", "NRV", "--rules", "colour=red"], "unknown strat rule field 'colour'"),
    (["strat", "KBY", "NRV", "--coach", "penetrate=sometimes"], "allowed values: tendency, never, always"),
    (["strat", "KBY", "NRV", "--coach", "bench=all"], "unknown coach policy 'bench'"),
    (["strat", "KBY", "NRV", "--kit", "/nonexistent/kit"], "cannot read file"),
    (["strat", "--league", "/nonexistent/kit"], "cannot read file"),
    (["strat", "KBY", "NRV", "-n", "0"], "must be positive"),
    (["strat", "teams", "--kit", "/nonexistent/kit"], "cannot read file"),
])
def test_strat_bad_input_one_line_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("simcore: error:")
    assert needle in err


def test_strat_bad_kit_file_names_the_file(capsys, tmp_path):
    import shutil

    from simcore.games.strat.kit import SAMPLE_KIT_DIR

    kit = tmp_path / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, kit)
    lines = kit / "teams" / "KBY_lines.csv"
    rows = lines.read_text().splitlines()
    g1 = next(i for i, r in enumerate(rows) if r.startswith("G1,"))
    cells = rows[g1].split(",")
    cells[6] = "Silas Quilholm"                      # a skater in goal
    rows[g1] = ",".join(cells)
    lines.write_text("\n".join(rows) + "\n")
    code, _, err = run(capsys, "strat", "KBY", "NRV", "-n", "10", "--kit", str(kit))
    assert code == 2 and err.count("\n") == 1, err
    assert "KBY_lines.csv" in err and "Silas Quilholm" in err and "not a goalie" in err
    toml = kit / "kit.toml"
    toml.write_text(toml.read_text().replace('teams = "teams.csv"', 'teams = "nope.csv"'))
    code, _, err = run(capsys, "strat", "teams", "--kit", str(kit))
    assert code == 2 and err.count("\n") == 1 and "kit.toml" in err and "nope.csv" in err


def test_strat_no_traceback_from_the_installed_command():
    p = subprocess.run([sys.executable, "-m", "simcore.cli", "strat", "KBY", "NOPE", "-n", "5"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "Traceback" not in p.stderr and p.stderr.count("\n") == 1


# ------------------------------------------------------------------ pyramid

PYRAMID_HEADLINE = ("first_mover_win", "tie", "goals_per_game")


def _estimate_in_ci(v):
    lo, hi = v["ci"]
    return isinstance(v["estimate"], float) and lo <= v["estimate"] <= hi


def test_pyramid_table_names_the_metrics(capsys):
    code, out, err = run(capsys, "pyramid", "-n", "2000", "--seed", "4")
    assert code == 0, err
    assert "Pyramid card hockey" in out and "simulated 2,000 games, seed 4" in out and "95% interval" in out
    for m in ("first_mover_win", "first_mover_advantage", "tie", "goals_per_game", "game_length"):
        assert f"\n{m} " in out


def test_pyramid_json_document_matches_simulate(capsys):
    from simcore.games import pyramid

    code, out, err = run(capsys, "pyramid", "-n", "2000", "--seed", "4", "--policy-b", "rush",
                         "--rules", "tie_break=sudden-death", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["n"] == 2000 and doc["seed"] == 4 and doc["game"] == "pyramid"
    assert doc["variant"].startswith("pyramid(") and "tie_break=sudden-death" in doc["variant"]
    assert doc["policies"] == {"home": "default", "away": "rush"}
    for m in PYRAMID_HEADLINE + ("home_win", "away_win", "decided_OT", "game_length"):
        assert _estimate_in_ci(doc[m]), m
    assert doc["turns_per_game"] == doc["game_length"] and doc["deprecated_keys"] == {"turns_per_game": "game_length"}
    res = pyramid.simulate({"policy_b": "rush"}, 2000, 4, "tie_break=sudden-death", progress=False)
    s = res.summary().set_index("metric")
    assert doc["tie"]["estimate"] == s.loc["tie", "estimate"]
    assert doc["goals_per_game"]["ci"] == [s.loc["goals_per_game", "ci_low"], s.loc["goals_per_game", "ci_high"]]
    code, out2, _ = run(capsys, "pyramid", "-n", "2000", "--seed", "4", "--policy-b", "rush",
                        "--rules", "tie_break=sudden-death", "--format", "json")
    assert code == 0 and out2 == out                                # same seed, same games


def test_pyramid_report_json(capsys):
    argv = ("pyramid", "--report", "-n", "2000", "--seed", "2", "--matrix-n", "200", "--options-n", "1000",
            "--format", "json")
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["n"] == 2000 and doc["seed"] == 2 and doc["matrix_n"] == 200 and doc["options_n"] == 1000
    for m in PYRAMID_HEADLINE + ("second_mover_win", "first_mover_advantage", "game_length"):
        assert set(doc[m]) == {"estimate", "ci"} and _estimate_in_ci(doc[m]), m
    assert len(doc["policy_matrix"]) == 36 and all(r["n"] == 200 for r in doc["policy_matrix"])
    opts = {r["option"]: r for r in doc["rule_options"]}
    assert list(opts)[0] == "base" and "tie_break=sudden-death" in opts
    assert opts["tie_break=shootout"]["reduces_ties"] is True
    code, out2, _ = run(capsys, *argv)
    assert out2 == out


def test_pyramid_report_json_is_strict_for_one_game(capsys):
    # one game has no spread: the undefined intervals come out as null, never as NaN (invalid JSON)
    code, out, err = run(capsys, "pyramid", "--report", "-n", "1", "--matrix-n", "2", "--format", "json")
    assert code == 0 and err == "", err

    def no_nan(text):
        raise AssertionError(f"non-JSON constant {text}")

    doc = json.loads(out, parse_constant=no_nan)
    assert doc["n"] == 1 and doc["first_mover_advantage"]["ci"] == [None, None]


def test_pyramid_report_text(capsys):
    code, out, err = run(capsys, "pyramid", "--report", "-n", "1000", "--matrix-n", "100", "--seed", "1")
    assert code == 0, err
    assert "balance report: 1,000 games, seed 1" in out and "Policy matrix" in out and "Rule options" in out
    assert "tie_break=sudden-death" in out


def test_pyramid_pbp_prints_the_simulated_game(capsys):
    from simcore.games import pyramid

    code, out, err = run(capsys, "pyramid", "--pbp", "--seed", "3", "--game-id", "5")
    assert code == 0, err
    for heading in ("== period 1:", "== period 2:", "== period 3:"):
        assert heading in out
    g = pyramid.simulate(n=6, seed=3, progress=False).table("games").iloc[5]
    assert f"final: A {g.home_goals}, B {g.away_goals}" in out
    code, out, err = run(capsys, "pyramid", "--pbp", "--seed", "3", "--game-id", "5", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["result"]["home_goals"] == g.home_goals and doc["events"][0].startswith("== period 1")


def test_pyramid_custom_deck_file(capsys, tmp_path):
    deck = tmp_path / "nine.csv"
    deck.write_text("card,value\n" + "".join(f"c{v},{v}\n" for v in range(1, 10)))
    code, out, err = run(capsys, "pyramid", "-n", "2000", "--rules", "deck=custom,lineup=1-1-1", "--deck-file",
                         str(deck), "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["deck"]["cards"] == 9 and "deck=custom" in doc["variant"] and "lineup=1-1-1" in doc["variant"]
    code, out, err = run(capsys, "pyramid", "--report", "-n", "2000", "--matrix-n", "100", "--rules",
                         "deck=custom,lineup=1-1-1", "--deck-file", str(deck), "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["deck"]["cards"] == 9 and doc["n"] == 2000 and len(doc["policy_matrix"]) == 36


def test_pyramid_plot_refuses_to_overwrite(capsys, tmp_path):
    plot = tmp_path / "goals.png"
    code, out, err = run(capsys, "pyramid", "-n", "2000", "--plot", str(plot))
    assert code == 0 and plot.stat().st_size > 1000, err
    code, _, err = run(capsys, "pyramid", "-n", "2000", "--plot", str(plot))
    assert code == 2 and "exists" in err and err.count("\n") == 1
    code, _, err = run(capsys, "pyramid", "-n", "2000", "--plot", str(plot), "--force")
    assert code == 0, err


@pytest.mark.parametrize("argv,needle", [
    (["--rules", "colour=red"], "unknown pyramid rule field 'colour'"),
    (["--rules", "tie_break=coin"], "allowed values: ties, sudden-death, shootout"),
    (["--policy-a", "sometimes"], "--policy-a: pyramid policy 'sometimes'"),
    (["--policy-b", "draft=sideways"], "unknown draft policy 'sideways'"),
    (["--rules", "deck=custom"], "deck=custom needs a deck file"),
    (["--rules", "deck=custom", "--deck-file", "/nonexistent/deck.csv"], "cannot read the deck file"),
    (["-n", "0"], "must be positive"),
    (["--pbp", "--report"], "separate forms"),
    (["--matrix-n", "10"], "go with --report"),
    (["--pbp", "--game-id", "-1"], "--game-id must be in 0 .. 2**63-1"),
    (["--pbp", "--game-id", "99999999999999999999"], "--game-id must be in 0 .. 2**63-1"),
    (["--policy-a", "shoot=threshold-99999999999999999999"], "shoot policies: threshold-K"),
])
def test_pyramid_bad_input_one_line_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, "pyramid", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("simcore: error:")
    assert needle in err


def test_pyramid_bad_deck_file_names_file_line_and_field(capsys, tmp_path):
    deck = tmp_path / "deck.csv"
    deck.write_text("card,value\n2,2\nX,abc\n")
    code, _, err = run(capsys, "pyramid", "-n", "100", "--rules", "deck=custom", "--deck-file", str(deck))
    assert code == 2 and err.count("\n") == 1, err
    assert str(deck) in err and "line 3" in err and "'value'" in err and "abc" in err


def test_pyramid_no_traceback_from_the_installed_command():
    p = subprocess.run([sys.executable, "-m", "simcore.cli", "pyramid", "--policy-a", "nope", "-n", "5"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "Traceback" not in p.stderr and p.stderr.count("\n") == 1
