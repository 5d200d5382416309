"""League files: the shipped EZR sample, validation errors naming file, line and column, and the CLI."""
import json
import shutil

import pytest

from simcore.charts import ChartError
from simcore.cli import main
from simcore.league.files import load_league
from simcore.league.samplegen import DATA
from simcore.league.schedule import check_schedule
from simcore.league.standings import standings

SAMPLE = DATA / "ezr" / "league.toml"


def test_sample_league_reads_and_balances():
    lg = load_league(SAMPLE)
    assert lg.engine == "ezr" and len(lg.teams) == 32 and len(lg.schedule) == 32 * 82 // 2
    assert len(lg.results) == len(lg.schedule) // 2 and len(lg.remaining()) == len(lg.schedule) - len(lg.results)
    chk = check_schedule(lg.schedule.drop(columns="played"), lg.teams)
    assert (chk.teams.gp == 82).all() and (chk.teams.home == 41).all()
    assert lg.goalies.groupby("team").share.sum().round(6).eq(1).all()
    t = standings(lg.results, lg.teams, lg.points, lg.tiebreakers)
    assert t.GP.sum() == 2 * len(lg.results) and (t.W + t.L + t.OTL == t.GP).all()
    assert t.W.sum() == len(lg.results) and t.GF.sum() == t.GA.sum()


def _copy(tmp_path):
    d = tmp_path / "lg"
    shutil.copytree(DATA / "ezr", d)
    return d


def _edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("fname, old, new, needle", [
    ("league.toml", 'engine = "ezr"', 'engine = "chess"', "column 'engine': 'chess': must be one of ezr, strat"),
    ("league.toml", 'points = "nhl"', 'points = "soccer"', "unknown points system 'soccer'"),
    ("league.toml", 'name = ', 'colour = "red"\nname = ', "column 'colour'"),
    ("league.toml", 'rules = ""', 'rules = "overtime=never"', "column 'rules'"),
    ("league.toml", "best_of = 7", "best_of = 4", "must be a positive odd number"),
    ("teams.csv", "ANC,East,Atlantic,", "ANC,East,Atlantic,Z", "teams.csv, line 3, column 'off'"),
    ("goalies.csv", "ANC,ANC starter", "ANC,ANC starter", None),
    ("played.csv", ",REG,", ",FINAL,", "column 'decided_in': 'FINAL'"),
])
def test_errors_name_file_line_and_column(tmp_path, fname, old, new, needle):
    d = _copy(tmp_path)
    _edit(d / fname, old, new)
    if needle is None:
        load_league(d / "league.toml")          # an edit that changes nothing still reads
        return
    with pytest.raises(ChartError) as e:
        load_league(d / "league.toml")
    assert needle in str(e.value)


def test_goalie_shares_and_unscheduled_results(tmp_path):
    d = _copy(tmp_path)
    lines = (d / "goalies.csv").read_text().splitlines()
    lines[2] = lines[2].rsplit(",", 1)[0] + ",0.9"
    (d / "goalies.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(ChartError, match="goalies.csv, line 3, column 'share'.*must add up to 1"):
        load_league(d / "league.toml")
    d = _copy(tmp_path / "b")
    lines = (d / "played.csv").read_text().splitlines()
    lines[2] = "1999-01-01" + lines[2][10:]
    (d / "played.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(ChartError, match="played.csv, line 3.*no unplayed scheduled game"):
        load_league(d / "league.toml")


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_sample_and_standings(capsys, tmp_path):
    code, out, err = _run(capsys, "league", "sample", "ezr", str(tmp_path / "x"))
    assert code == 0 and (tmp_path / "x" / "league.toml").exists(), err
    code, out, err = _run(capsys, "league", "sample", "ezr", str(tmp_path / "x"))
    assert code == 2 and "exists" in err and err.count("\n") == 1
    code, out, err = _run(capsys, "league", "standings", str(tmp_path / "x" / "league.toml"))
    assert code == 0 and "656 games played, 656 to play" in out and "Atlantic Division" in out
    code, out, err = _run(capsys, "league", "standings", str(tmp_path / "x" / "league.toml"), "--format", "json")
    doc = json.loads(out)
    assert len(doc["teams"]) == 32 and doc["games_left"] == 656 and doc["teams"][0]["rank"] == 1
    code, out, err = _run(capsys, "league", "standings", str(tmp_path / "nope.toml"))
    assert code == 2 and "cannot read the league file" in err and err.count("\n") == 1
    code, out, err = _run(capsys, "league", "sample", "hockey", str(tmp_path / "y"))
    assert code == 2 and "samples: ezr" in err


def test_strat_league_teams_come_from_the_kit(tmp_path):
    (tmp_path / "league.toml").write_text('engine = "strat"\nteams = "teams.csv"\n'
                                          '[schedule]\ngenerate = "round-robin"\nrounds = 2\n')
    teams = ["ASR", "BRW", "DNM", "FNW", "GRP", "KBY", "LKP", "NRV"]
    rows = [f"{t},{'East' if i < 4 else 'West'},{'ABCD'[i // 2]}" for i, t in enumerate(teams)]
    (tmp_path / "teams.csv").write_text("team,conference,division\n" + "\n".join(rows) + "\n")
    lg = load_league(tmp_path / "league.toml")
    assert lg.engine == "strat" and len(lg.schedule) == 8 * 7 and len(lg.remaining()) == 56
    (tmp_path / "teams.csv").write_text("team,conference,division\n" + "\n".join(["XXX,East,A"] + rows[1:]) + "\n")
    with pytest.raises(ChartError, match="'XXX': not a team of the kit"):
        load_league(tmp_path / "league.toml")
