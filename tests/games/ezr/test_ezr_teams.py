"""EZR teams: `simcore ezr teams` lists the sample teams (or a teams file's), and a teams file (--teams FILE,
the setup key teams) names the teams of `simcore ezr`, `simcore demo` and `simcore compare`; a bad file is one
line naming file, line, column and text."""
import json

import pytest

import simcore
from simcore.charts import ChartError
from simcore.games.ezr.charts import data_path
from simcore.games.ezr.matchup import Team, load_teams, sample_teams

TEAMS = "team,OFF,GDEF,SHOOTER,GSO\nMine,C,D,A,b\n# a comment line\nyours,G,H,E,e\n"


@pytest.fixture
def teams_file(tmp_path):
    f = tmp_path / "teams.csv"
    f.write_text(TEAMS)
    return f


def test_ezr_teams_lists_the_sample_teams(cli):
    rc, out, _ = cli("ezr", "teams")
    assert rc == 0
    lines = out.splitlines()
    assert lines[1].split() == ["team", "OFF", "GDEF", "SHOOTER", "GSO", "season", "source"]
    assert [ln.split()[:6] for ln in lines[2:]] == [
        ["BOS", "D", "D", "B", "b", "2018-19"], ["NYR", "F", "E", "C", "b", "2018-19"],
        ["TBL", "A", "C", "A", "c", "sample"], ["CGY", "B", "E", "B", "c", "sample"],
        ["NSH", "E", "B", "C", "a", "sample"], ["OTT", "H", "I", "D", "e", "sample"]]
    rc, out, _ = cli("ezr", "teams", "--format", "json")
    doc = json.loads(out)
    assert doc["file"] == "sample" and len(doc["teams"]) == 6
    assert doc["teams"][0] == {"team": "BOS", "OFF": "D", "GDEF": "D", "SHOOTER": "B", "GSO": "b",
                               "season": "2018-19", "source": "rulebook:Play example; sample"}


def test_ezr_teams_lists_a_teams_file(cli, teams_file):
    rc, out, _ = cli("ezr", "teams", "--teams", str(teams_file), "--format", "json")
    assert rc == 0
    doc = json.loads(out)
    assert doc["file"] == str(teams_file)
    assert [(t["team"], t["OFF"], t["GDEF"], t["SHOOTER"], t["GSO"]) for t in doc["teams"]] == [
        ("Mine", "C", "D", "A", "b"), ("yours", "G", "H", "E", "e")]


def test_the_sample_teams_file_is_a_teams_file():
    assert load_teams(data_path("sample_teams.csv")) == sample_teams()
    assert sample_teams()["NSH"].team == Team("E", "B", "C", "a", name="NSH")


def test_a_teams_file_names_the_teams_of_a_matchup(cli, teams_file):
    rc, out, err = cli("ezr", "--teams", str(teams_file), "--home", "mine", "--away", "YOURS",
                       "-n", "2000", "--seed", "3", "--format", "json")
    assert rc == 0, err
    doc = json.loads(out)
    assert (doc["home"]["team"], doc["home"]["ratings"]) == ("Mine", "C/D/A/b")
    assert (doc["away"]["team"], doc["away"]["ratings"]) == ("yours", "G/H/E/e")
    # the same ratings written out give the same exact and simulated figures
    rc, out2, _ = cli("ezr", "--home", "C/D/A/b", "--away", "G/H/E/e", "-n", "2000", "--seed", "3",
                      "--format", "json")
    same = json.loads(out2)
    assert doc["ezr"] == same["ezr"] and doc["exact"] == same["exact"] and doc["mc"] == same["mc"]
    # a sample team still works beside the file's
    rc, out, _ = cli("ezr", "--teams", str(teams_file), "--home", "Mine", "--away", "bos", "-n", "500",
                     "--format", "json")
    assert rc == 0 and json.loads(out)["away"]["ratings"] == "D/D/B/b"


def test_the_setup_key_teams(teams_file):
    g = simcore.game("ezr")
    s = g.setup(f"teams={teams_file},home=yours,away=Mine")
    assert s.home == Team("G", "H", "E", "e", name="yours") and s.away.spec == "C/D/A/b"
    assert s.as_text()["teams"] == str(teams_file)
    assert g.setup(s.id) == s
    assert g.exact(s).to_dict() == g.exact({"home": "G/H/E/e", "away": "C/D/A/b"}).to_dict()
    with pytest.raises(ValueError, match=r"home='nobody': not a team of .*teams.csv \(Mine, yours\) nor a sample"):
        g.setup(f"teams={teams_file},home=nobody")
    assert "teams" in [f["name"] for f in g.Setup.describe()]


def test_compare_takes_the_setup_key_teams(cli, teams_file):
    rc, out, err = cli("compare", "ezr", "--b", "qq_chart=off", "-n", "2000", "--metrics", "home_win",
                       "--setup", f"teams={teams_file},home=Mine,away=yours", "--format", "json")
    assert rc == 0, err
    doc = json.loads(out)
    assert doc["setup"]["home"] == "Mine=C/D/A/b" and doc["setup"]["teams"] == str(teams_file)


def test_demo_takes_a_teams_file(tmp_path, cli, teams_file):
    out_dir = tmp_path / "demo"
    rc, out, err = cli("demo", "--teams", str(teams_file), "--home", "Mine", "--away", "yours",
                       "-n", "2000", "--out", str(out_dir))
    assert rc == 0, err
    report = json.loads((out_dir / "ezr_report.json").read_text())
    assert (report["home"]["team"], report["away"]["team"]) == ("Mine", "yours")
    assert "- **Home:** Mine (C/D/A/b" in (out_dir / "ezr_report.md").read_text()


def test_a_teams_file_may_open_with_comment_lines(tmp_path):
    f = tmp_path / "mine.csv"
    f.write_text("# my league's teams, 2026\n\n  # ratings from the roster cards\nteam,OFF,GDEF,SHOOTER,GSO\n"
                 "Mine,C,D,A,b\n# a retired team\nYours,F,E,C,b\n")
    teams = load_teams(f)
    assert list(teams) == ["Mine", "Yours"] and teams["Yours"].team.off == "F"
    f.write_text("# my teams\nteam,OFF,GSO,GDEF,SHOOTER\nMine,C,b,D,A\n")       # the header's line is its own
    with pytest.raises(ChartError, match=r"mine.csv, line 2, column 'GSO': unknown or misplaced column"):
        load_teams(f)


@pytest.mark.parametrize("text, where", [
    ("team,OFF,GDEF,SHOOTER,GSO\nMine,Z,D,A,b\n", "line 2, column 'OFF': 'Z': team OFF must be one of AA, A"),
    ("team,OFF,GDEF,SHOOTER,GSO\nMine,C,K,A,b\n", "line 2, column 'GDEF': 'K': goalie DEF must be one of"),
    ("team,OFF,GDEF,SHOOTER,GSO\nMine,C,D,a,b\n", "line 2, column 'SHOOTER': 'a': shooter rating must be"),
    ("team,OFF,GDEF,SHOOTER,GSO\nMine,C,D,A,B\n", "line 2, column 'GSO': 'B': goalie shootout rating must be"),
    ("team,OFF,GDEF,SHOOTER\nMine,C,D,A\n", ("line 1", "'GSO'")),
    ("team,OFF,GDEF,GSO,SHOOTER\nMine,C,D,b,A\n", "line 1, column 'GSO': unknown or misplaced column"),
    ("team,OFF,GDEF,SHOOTER,GSO\nMine,C,D,A\n", "line 2: 'Mine,C,D,A': expected 5 fields, found 4"),
    ("team,OFF,GDEF,SHOOTER,GSO\n\"Mine,C,D,A,b\n", "line 2: '\"Mine,C,D,A,b': a quoted cell is not closed: its "
     "closing \" is missing"),
    ("team,OFF,GDEF,SHOOTER,GSO\nMine,C,D,A,b\nMINE,C,D,A,b\n", "line 3, column 'team': 'MINE': team listed twice"),
    ("team,OFF,GDEF,SHOOTER,GSO\nMine,C,D,A,b\nMine,C,D,A,b\n", "line 3, column 'team': 'Mine': row 'Mine' appears"),
    ("team,OFF,GDEF,SHOOTER,GSO\nA=B,C,D,A,b\n", "line 2, column 'team': 'A=B': a team name must not"),
    ("team,OFF,GDEF,SHOOTER,GSO\nMi\x00ne,C,D,A,b\n",
     ("line 2, column 'team'", "a team name must not hold a control character (U+0000)")),
    ("team,OFF,GDEF,SHOOTER,GSO\n", "no teams"),
    ("team,OFF,GDEF,SHOOTER,GSO,colour\nMine,C,D,A,b,red\n", "line 1, column 'colour'"),
])
def test_a_bad_teams_file_is_one_line_naming_file_line_column_and_text(tmp_path, cli, text, where):
    f = tmp_path / "bad.csv"
    f.write_text(text)
    with pytest.raises(ChartError):
        load_teams(f)
    for argv in (("ezr", "teams", "--teams", str(f)),
                 ("ezr", "--teams", str(f), "--home", "Mine", "--away", "BOS", "-n", "100")):
        rc, out, err = cli(*argv)
        assert rc == 2 and out == "" and err.count("\n") == 1
        assert err.startswith(f"simcore: error: {f}"), err
        assert all(part in err for part in ((where,) if isinstance(where, str) else where)), err


def test_a_missing_teams_file_is_one_line(tmp_path, cli):
    rc, _, err = cli("ezr", "teams", "--teams", str(tmp_path / "none.csv"))
    assert rc == 2 and err.startswith(f"simcore: error: {tmp_path / 'none.csv'}: cannot read file")


def test_a_misplaced_column_names_the_whole_header_with_its_optional_columns(tmp_path, cli):
    """The header a teams file may have, optional `season` included (it was accepted but not named)."""
    f = tmp_path / "t.csv"
    f.write_text("team,OFF,GDEF,SHOOTER,XX\nMine,C,D,B,c\n")
    code, _, err = cli("ezr", "teams", "--teams", str(f))
    assert code == 2 and err.rstrip().endswith("(header must be: team, OFF, GDEF, SHOOTER, GSO[, season][, source])")
