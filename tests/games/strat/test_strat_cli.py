"""The Strat-O-Matic command line: JSON documents, tables, and one-line errors with exit status 2."""
import json
import subprocess
import sys

import pytest

from simcore.cliargs import plain


STRAT_LEAGUE = ("goals_per_team_game", "shots_per_team_game", "pp_opportunities_per_team_game", "pp_pct", "pk_pct",
                "home_win", "save_pct")


def test_strat_league_json_document(cli):
    from simcore.games.strat import analysis, engine

    code, out, err = cli("strat", "--league", "sample", "-n", "112", "--seed", "5", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["n"] == 112 and doc["seed"] == 5 and doc["mode"] == "league"
    assert doc["variant"].startswith("strat(") and "goalie_fatigue=on" in doc["variant"]
    # every metric of the text output, the headline ones first; then the names of earlier releases
    names = list(analysis.league_summary(engine.simulate(league=True, n=112, seed=5)).metric)
    assert list(doc["league"]) == list(STRAT_LEAGUE) + [m for m in names if m not in STRAT_LEAGUE] + [
        "home_win_pct", "away_win_pct", "tie_pct"]
    assert {"empty_net_goals_per_team_game", "penalties_intimidation_per_team_game", "deflections_per_team_game",
            "passes_per_team_game"} <= set(doc["league"])
    assert doc["league"]["home_win_pct"] == doc["league"]["home_win"]
    assert doc["league"]["tie_pct"] == doc["league"]["tie"]
    undefined = ("intimidation_success", "pass_success")
    for m, v in doc["league"].items():
        if m not in undefined:
            lo, hi = v["ci"]
            assert lo <= v["estimate"] <= hi, m
    # at level=basic nothing is intimidated or passed: their success rates are undefined, null in strict JSON
    assert doc["league"]["intimidation_success"] == {"estimate": None, "ci": [None, None]}
    assert "NaN" not in out
    res = engine.simulate(league=True, n=112, seed=5)
    assert doc["league"] == plain(analysis.league_json(res))       # JSON floats round-trip exactly
    rows = {r["team"]: r for r in doc["teams"]}
    assert set(rows) == {"KBY", "NRV", "ASR", "DNM", "LKP", "BRW", "GRP", "FNW"}
    assert all(r["games"] == 28 for r in rows.values())       # 112 games = 2 round robins: 14 games a team each
    assert sum(r["wins"] for r in rows.values()) == 112 - sum(r["ties"] for r in rows.values()) // 2
    assert 0 <= rows["KBY"]["pp_pct"] <= 1 and 0 <= rows["KBY"]["pk_pct"] <= 1


def test_strat_matchup_table_rules_and_coach(cli):
    code, out, err = cli("strat", "KBY", "NRV", "-n", "100", "--seed", "2")
    assert code == 0, err
    assert "home KBY vs away NRV" in out and "W-L-OTL" in out and "PP%" in out and "PK%" in out
    assert "95% interval" in out and "pp_pct" in out and "home_win" in out
    team_lines = [ln for ln in out.splitlines() if ln.startswith(("KBY ", "NRV "))]
    assert len(team_lines) == 2 and all(" 100 " in ln for ln in team_lines)
    code, out, err = cli("strat", "KBY", "NRV", "-n", "100", "--rules", "goalie_fatigue=off,shootout=off",
                         "--coach", "penetrate=always,pull_goalie=never", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert "goalie_fatigue=off" in doc["variant"] and "shootout=off" in doc["variant"]
    assert doc["coaches"]["home"].startswith("penetrate=always,pull_goalie=never")
    assert doc["home"] == "KBY" and doc["away"] == "NRV" and doc["mode"] == "matchup"
    code, out2, _ = cli("strat", "KBY", "NRV", "-n", "100", "--rules", "goalie_fatigue=off,shootout=off",
                        "--coach", "penetrate=always,pull_goalie=never", "--format", "json")
    assert json.loads(out2) == doc                                 # same seed, same games


def test_strat_out_writes_parquet_and_refuses_to_overwrite(cli, tmp_path):
    from simcore.results import read_table

    out = tmp_path / "run"
    code, _, err = cli("strat", "--league", "sample", "-n", "56", "--seed", "1", "--out", str(out))
    assert code == 0, err
    names = sorted(p.name for p in out.iterdir())
    tables = [f"{t}.parquet" for t in ("games", "team_games", "teams", "players", "goalies")]
    assert names == sorted([*tables, "manifest.json"])
    manifest = json.loads((out / "manifest.json").read_text())
    assert [f["name"] for f in manifest["files"]] == tables
    assert manifest["command"][:2] == ["simcore", "strat"]
    games, meta = read_table(out / "games.parquet")
    assert len(games) == 56 and meta["game"] == "strat" and meta["table"] == "games" and meta["seed"] == 1
    teams, _ = read_table(out / "teams.parquet")
    assert len(teams) == 8 and "pp_pct" in teams
    before = (out / "games.parquet").stat().st_mtime_ns
    code, _, err = cli("strat", "--league", "sample", "-n", "56", "--seed", "2", "--out", str(out))
    assert code == 2 and "exists" in err and "--force" in err and err.count("\n") == 1
    assert (out / "games.parquet").stat().st_mtime_ns == before
    code, _, err = cli("strat", "--league", "sample", "-n", "56", "--seed", "2", "--out", str(out), "--force")
    assert code == 0, err
    assert read_table(out / "games.parquet")[1]["seed"] == 2


def test_strat_teams_listing(cli):
    code, out, _ = cli("strat", "teams")
    assert code == 0 and "KBY" in out and "Kestrel Bay Ospreys" in out and "8 teams" in out
    code, out, _ = cli("strat", "teams", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and len(doc["teams"]) == 8 and doc["synthetic"] is True


def test_strat_kit_folder_is_accepted(cli):
    from simcore.games.strat.kit import SAMPLE_KIT_DIR

    code, out, err = cli("strat", "teams", "--kit", str(SAMPLE_KIT_DIR))
    assert code == 0 and "8 teams" in out, err
    code, out, err = cli("strat", "--league", str(SAMPLE_KIT_DIR), "-n", "56", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["n"] == 56


def test_strat_pbp_is_the_simulated_game(cli):
    from simcore.games.strat import engine

    code, out, err = cli("strat", "KBY", "NRV", "--pbp", "--seed", "3", "--game", "2")
    assert code == 0, err
    g = engine.simulate("KBY", "NRV", n=3, seed=3).table("games").iloc[2]
    assert f"Final: KBY {g.home_goals}, NRV {g.away_goals}" in out
    assert "action card" in out and "Faceoff" in out
    code, out, err = cli("strat", "--league", "sample", "--pbp", "--seed", "4", "--game", "57")
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
    (["strat", "KBY", "NRV", "--kit", "/nonexistent/kit"], "/nonexistent/kit: no such kit folder"),
    (["strat", "--league", "/nonexistent/kit"], "/nonexistent/kit: no such kit folder"),
    (["strat", "KBY", "NRV", "-n", "0"], "must be positive"),
    (["strat", "teams", "--kit", "/nonexistent/kit"], "/nonexistent/kit: no such kit folder"),
])
def test_strat_bad_input_one_line_exit_2(cli, argv, needle):
    code, out, err = cli(*argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("simcore: error:")
    assert needle in err


def test_strat_bad_kit_file_names_the_file(cli, tmp_path):
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
    code, _, err = cli("strat", "KBY", "NRV", "-n", "10", "--kit", str(kit))
    assert code == 2 and err.count("\n") == 1, err
    assert "KBY_lines.csv" in err and "Silas Quilholm" in err and "not a goalie" in err
    toml = kit / "kit.toml"
    toml.write_text(toml.read_text().replace('teams = "teams.csv"', 'teams = "nope.csv"'))
    code, _, err = cli("strat", "teams", "--kit", str(kit))
    assert code == 2 and err.count("\n") == 1 and "kit.toml" in err and "nope.csv" in err


def test_strat_no_traceback_from_the_installed_command():
    p = subprocess.run([sys.executable, "-m", "simcore.cli", "strat", "KBY", "NOPE", "-n", "5"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "Traceback" not in p.stderr and p.stderr.count("\n") == 1


def test_fatigue_on_off_gives_every_metric_its_paired_interval():
    """Every metric's difference (fatigue on - off, game by game on one seed) has the interval `compare` gives it,
    never cut at 0 as a count's is (the goals difference may be negative); a rate the Basic game does not have
    is NaN, with no interval."""
    import numpy as np

    import simcore
    from simcore.analysis.inference import paired_difference
    from simcore.games.strat import analysis
    from simcore.games.strat.kernel.layout import T

    df = analysis.fatigue_on_off(n=112, seed=1, progress=False).set_index("metric")
    strat = simcore.game("strat")
    runs = [strat.simulate(n=112, seed=1, rules={"goalie_fatigue": v}, progress=False) for v in ("on", "off")]
    on, off = (r.aggregates["OT"][:, :, T.goals].astype(float).mean(axis=1) for r in runs)
    want = paired_difference(off, on)
    lo, hi = df.loc["goals_per_team_game", ["paired_ci_low", "paired_ci_high"]]
    assert (lo, hi) == pytest.approx(want.ci, rel=1e-12)
    assert lo < 0 < hi and df.loc["goals_per_team_game", "difference"] == pytest.approx(np.mean(on - off), rel=1e-12)
    defined = df.drop(index=["intimidation_success", "pass_success"])
    # a count that no game changes (short-handed goals, ...) bounds the share of games that differ, not how much a
    # count could: no interval (docs/analysis.md, "When no paired game differs")
    agree = defined.paired_ci_low.isna()
    assert (defined.loc[agree, "difference"] == 0).all() and defined.loc[agree, "paired_ci_high"].isna().all()
    assert 0 < agree.sum() < len(defined) / 4
    ok = defined[~agree]
    assert (ok.paired_ci_low <= ok.difference).all() and (ok.difference <= ok.paired_ci_high).all()
    lo, hi = df.loc["games_with_fatigued_goalie", ["paired_ci_low", "paired_ci_high"]]
    assert 0 < lo < df.loc["games_with_fatigued_goalie", "difference"] < hi
    assert df.loc[["intimidation_success", "pass_success"], "paired_ci_low"].isna().all()


def test_the_counter_analyses_of_a_table_read_back_say_what_is_missing(tmp_path):
    import simcore
    from simcore.errors import InputError
    from simcore.games.strat import analysis

    simcore.game("strat").simulate(n=20, seed=1, progress=False).to_parquet(tmp_path / "v.parquet")
    back = simcore.read_parquet(tmp_path / "v.parquet")
    for f in (analysis.league_summary, analysis.goal_distribution):
        with pytest.raises(InputError, match=r"^res has no per-game counters of the kernel \(a table read back"):
            f(back)
