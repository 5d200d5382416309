"""A league's own data: standings as of a date, one result appended by hand (byte for byte, never on error),
a league checked whole without running anything."""
import json
import shutil

import pytest

from simcore.cli import main
from simcore.league import sample
from simcore.league.edit import add_result
from simcore.league.files import load_league
from simcore.league.standings import standings

# 2026-12-22's first scheduled games of the EZR sample (its played results stop at 2026-12-21)
NEXT = ("2026-12-22", "LAK", "OAK")


def _copy(tmp_path, game="ezr"):
    d = tmp_path / game
    shutil.copytree(sample(game), d)
    return d


def _run(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def _standings_json(capsys, *argv):
    rc, out, err = _run(capsys, "league", "standings", *argv, "--format", "json")
    assert rc == 0, err
    return json.loads(out)


# ---------------------------------------------------------------- standings --as-of

@pytest.mark.parametrize("date", ["2026-10-05", "2026-11-14"])
def test_standings_as_of_equals_the_results_file_cut_at_that_date(tmp_path, capsys, date):
    d = _copy(tmp_path)
    toml = str(d / "league.toml")
    got = _standings_json(capsys, toml, "--as-of", date)
    lines = (d / "played.csv").read_text().splitlines(keepends=True)
    kept = lines[:2] + [ln for ln in lines[2:] if ln[:10] <= date]
    assert 0 < len(kept) - 2 < len(lines) - 2
    cut = d / "cut.csv"
    cut.write_text("".join(kept))
    want = _standings_json(capsys, toml, "--results", str(cut))
    assert got.pop("as_of") == date and want.pop("as_of") is None
    assert got["games_played"] == len(kept) - 2
    assert got == want


def test_standings_as_of_before_the_first_game_is_all_zero(capsys):
    doc = _standings_json(capsys, str(sample("ezr") / "league.toml"), "--as-of", "2026-09-30")
    assert doc["games_played"] == 0 and doc["games_left"] == 1312 and len(doc["teams"]) == 32
    for t in doc["teams"]:
        assert (t["GP"], t["W"], t["L"], t["OTL"], t["PTS"], t["GF"], t["GA"]) == (0, 0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize("bad", ["2026-13-01", "yesterday", "2026-1-5", "20261005"])
def test_standings_as_of_not_a_date_is_one_line(capsys, bad):
    rc, out, err = _run(capsys, "league", "standings", str(sample("ezr") / "league.toml"), "--as-of", bad)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("simcore: error: ") and f"'{bad}' is not a date" in err


# ---------------------------------------------------------------- add-result

def test_add_result_appends_exactly_one_line(tmp_path, capsys):
    d = _copy(tmp_path)
    before = (d / "played.csv").read_bytes()
    rc, out, err = _run(capsys, "league", "add-result", str(d / "league.toml"), *NEXT, "3", "2", "OT",
                        "--home-goalie", "LAK starter")
    assert rc == 0, err
    assert (d / "played.csv").read_bytes() == before + b"2026-12-22,LAK,OAK,3,2,OT,home,LAK starter,\n"
    n = before.count(b"\n") + 1
    assert f"line {n}: 2026-12-22 LAK 3, OAK 2 (OT)" in out and "657 games played, 655 to play" in out
    # the two teams' new standings lines, as `league standings` gives them
    table = _standings_json(capsys, str(d / "league.toml"))["teams"]
    for team in ("LAK", "OAK"):
        row = next(t for t in table if t["team"] == team)
        line = next(ln for ln in out.splitlines() if f"  {team}  " in ln)
        assert line.split()[2:6] == [str(row["GP"]), str(row["W"]), str(row["L"]), str(row["OTL"])]
        assert line.split()[0] == str(row["rank"])
    lak = next(t for t in table if t["team"] == "LAK")
    assert lak["GP"] == 40 and lak["ROW"] == 16
    lg = load_league(d / "league.toml")
    assert lg.results.iloc[-1].to_dict() == {"date": "2026-12-22", "home": "LAK", "away": "OAK", "home_goals": 3,
                                             "away_goals": 2, "decided_in": "OT", "winner": "home",
                                             "home_goalie": "LAK starter", "away_goalie": ""}


def _write(path, text: str, newline="\n", bom=False, end=True):
    body = newline.join(text.strip("\n").split("\n")) + (newline if end else "")
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + body.encode())


def _small_league(d, played: str, **kw):
    """A three-team league whose results file is ``played`` (written with ``kw``: newline, bom, end)."""
    d.mkdir()
    (d / "league.toml").write_text('name = "t"\ngame = "ezr"\nteams = "teams.csv"\ngoalies = "goalies.csv"\n'
                                   'schedule = "schedule.csv"\nresults = "played.csv"\n[playoffs]\nteams = 2\n')
    (d / "teams.csv").write_text("team,conference,division,off,shooter\nAAA,E,X,D,B\nBBB,E,X,E,C\nCCC,E,X,F,C\n")
    (d / "goalies.csv").write_text("team,goalie,def,so,share\nAAA,Al,E,c,1\nBBB,Bo,E,c,1\nCCC,Cy,E,c,1\n")
    (d / "schedule.csv").write_text("date,home,away\n2026-10-01,AAA,BBB\n2026-10-02,BBB,CCC\n2026-10-03,CCC,AAA\n")
    _write(d / "played.csv", played, **kw)
    return d


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
@pytest.mark.parametrize("end", [True, False])
def test_add_result_keeps_line_endings_and_adds_a_missing_newline(tmp_path, capsys, newline, end):
    d = _small_league(tmp_path / "lg", "# my results\ndate,away,home,home_goals,away_goals,decided_in\n"
                                       "2026-10-01,BBB,AAA,2,1,REG", newline=newline, end=end)
    before = (d / "played.csv").read_bytes()
    rc, out, err = _run(capsys, "league", "add-result", str(d / "league.toml"), "2026-10-02", "BBB", "CCC", "4",
                        "3", "so")
    assert rc == 0, err
    nl = newline.encode()
    # the file's own column order (away before home); no winner or goalie columns to fill
    assert (d / "played.csv").read_bytes() == before + (b"" if end else nl) + b"2026-10-02,CCC,BBB,4,3,SO" + nl
    assert "line 4: 2026-10-02 BBB 4, CCC 3 (SO)" in out


def test_add_result_keeps_a_byte_order_mark(tmp_path, capsys):
    d = _small_league(tmp_path / "lg", "date,home,away,home_goals,away_goals,decided_in\n", bom=True)
    try:
        load_league(d / "league.toml")
    except ValueError:
        pytest.skip("the league loader of this tree does not read a byte-order mark")
    before = (d / "played.csv").read_bytes()
    assert main(["league", "add-result", str(d / "league.toml"), "2026-10-01", "AAA", "BBB", "1", "0"]) == 0
    assert (d / "played.csv").read_bytes() == before + b"2026-10-01,AAA,BBB,1,0,REG\n"


def test_add_result_quotes_a_cell_with_a_comma(tmp_path):
    d = _small_league(tmp_path / "lg", "date,home,away,home_goals,away_goals,decided_in,home_goalie\n")
    (d / "goalies.csv").write_text('team,goalie,def,so,share\nAAA,"Al, Jr.",E,c,1\nBBB,Bo,E,c,1\nCCC,Cy,E,c,1\n')
    before = (d / "played.csv").read_bytes()
    a = add_result(d / "league.toml", "2026-10-01", "AAA", "BBB", 0, 2, home_goalie="Al, Jr.")
    assert (d / "played.csv").read_bytes() == before + b'2026-10-01,AAA,BBB,0,2,REG,"Al, Jr."\n'
    assert a.line == 2 and a.row["home_goalie"] == "Al, Jr." and list(a.league.results.home_goalie) == ["Al, Jr."]


@pytest.mark.parametrize("args, message", [
    (("2026-12-22", "XXX", "OAK", "3", "2"), "'home': 'XXX': not a team of the league (the new row"),
    (("2026-12-22", "LAK", "LAK", "3", "2"), "a team cannot play itself"),
    (("2026-12-23", "LAK", "OAK", "3", "2"), "no unplayed scheduled game with this date"),
    (("2026-10-01", "UPL", "FAL", "3", "2"), "no unplayed scheduled game with this date"),   # played already
    (("2026-12-22", "LAK", "OAK", "3", "3", "OT"), "line 659, column"),       # an overtime game has a winner
    (("2026-12-22", "LAK", "OAK", "3", "3"), "line 659, column"),             # no ties under nhl points
    (("2026-12-22", "LAK", "OAK", "3", "3", "SO"), "needs the shootout winner: --winner home or away"),
    (("2026-12-22", "LAK", "OAK", "3", "0", "REG", "--winner", "away"), "the score 3-0 (REG) says who won"),
    (("2026-12-22", "LAK", "OAK", "3", "2", "--away-goalie", "LAK starter"), "not a goalie of OAK"),
    (("2026-12-40", "LAK", "OAK", "3", "2"), "'2026-12-40' is not a date"),
    (("2026-12-22", "LAK", "OAK", "3", "-1"), "expected a whole number of goals, got '-1'"),
    (("2026-12-22", "LAK", "OAK", "3", "²"), "expected a whole number of goals"),
    (("2026-12-22", "LAK", "OAK", "3", "2", "PEN"), "invalid choice"),
])
def test_add_result_refused_leaves_the_file_unchanged(tmp_path, capsys, args, message):
    d = _copy(tmp_path)
    before = (d / "played.csv").read_bytes()
    listing = sorted(p.name for p in d.iterdir())
    rc, out, err = _run(capsys, "league", "add-result", str(d / "league.toml"), *args)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("simcore: error: ") and message in err, err
    if "line 659" in message:
        assert err.startswith(f"simcore: error: {d / 'played.csv'}, line 659")
        assert "(the new row; nothing was added)" in err
    assert (d / "played.csv").read_bytes() == before
    assert sorted(p.name for p in d.iterdir()) == listing          # no candidate file left behind


def test_add_result_names_the_column_a_file_lacks(tmp_path, capsys):
    d = _small_league(tmp_path / "lg", "date,home,away,home_goals,away_goals,decided_in\n")
    before = (d / "played.csv").read_bytes()
    rc, _, err = _run(capsys, "league", "add-result", str(d / "league.toml"), "2026-10-01", "AAA", "BBB", "1",
                      "0", "--home-goalie", "Al")
    assert rc == 2 and "has no 'home_goalie' column; add it to the header" in err
    assert (d / "played.csv").read_bytes() == before


def test_add_result_reports_an_earlier_bad_row_in_its_own_file(tmp_path, capsys):
    d = _copy(tmp_path)
    text = (d / "played.csv").read_text().replace("2026-10-01,UPL,FAL,3,0", "2026-10-01,UPL,FAL,3,zero", 1)
    (d / "played.csv").write_text(text)
    before = (d / "played.csv").read_bytes()
    rc, _, err = _run(capsys, "league", "add-result", str(d / "league.toml"), *NEXT, "3", "2")
    assert rc == 2 and f"{d / 'played.csv'}, line 3, column 'away_goals': 'zero'" in err
    assert (d / "played.csv").read_bytes() == before


def test_add_result_without_a_results_key_says_what_to_add(tmp_path, capsys):
    d = _copy(tmp_path)
    toml = d / "league.toml"
    toml.write_text(toml.read_text().replace('results = "played.csv"\n', ""))
    rc, _, err = _run(capsys, "league", "add-result", str(toml), *NEXT, "3", "2")
    assert rc == 2 and "names no results file; add results = \"played.csv\"" in err


def test_add_result_then_the_next_result(tmp_path):
    d = _copy(tmp_path)
    a = add_result(d / "league.toml", *NEXT, 1, 4)
    b = add_result(d / "league.toml", "2026-12-22", "IRO", "PIN", 2, 2, "SO", winner="away")
    assert (a.line, b.line) == (659, 660)
    assert b.row["winner"] == "away" and len(b.league.results) == 658
    assert b.table.set_index("team").loc["PIN", "OTL"] == standings(
        load_league(sample("ezr") / "league.toml").results, b.league.teams).set_index("team").loc["PIN", "OTL"]
    assert b.table.set_index("team").loc["IRO", "OTL"] == a.table.set_index("team").loc["IRO", "OTL"] + 1


# ---------------------------------------------------------------- validate

@pytest.mark.parametrize("game, counts", [("ezr", (32, 1312, 656, 656, 5)), ("strat", (8, 280, 140, 140, 5))])
def test_validate_the_samples(capsys, game, counts):
    rc, out, err = _run(capsys, "league", "validate", str(sample(game) / "league.toml"), "--format", "json")
    assert rc == 0, err
    doc = json.loads(out)
    assert (doc["teams"], doc["games_scheduled"], doc["games_played"], doc["games_left"], len(doc["files"])) == counts
    assert doc["game"] == game
    rc, out, _ = _run(capsys, "league", "validate", str(sample(game) / "league.toml"))
    assert rc == 0 and ": valid (" in out and f"{counts[1]} scheduled, {counts[2]} played" in out
    if game == "strat":
        assert "(kit, 8 teams)" in out


@pytest.mark.parametrize("game, fname, old, new", [
    ("ezr", "goalies.csv", "ANC,ANC starter,E,c,0.6", "ANC,ANC starter,Q,c,0.6"),
    ("ezr", "schedule.csv", "2026-10-01,UPL,FAL", "2026-10-01,UPL,UPL"),
    ("ezr", "played.csv", "2026-10-01,UPL,FAL,3,0,REG", "2026-10-01,UPL,FAL,3,3,OT"),
    ("strat", "teams.csv", "KBY,East,Coastal", "KBX,East,Coastal"),
])
def test_validate_a_broken_copy_names_the_file(tmp_path, capsys, game, fname, old, new):
    d = _copy(tmp_path, game)
    f = d / fname
    assert old in f.read_text()
    f.write_text(f.read_text().replace(old, new, 1))
    rc, out, err = _run(capsys, "league", "validate", str(d / "league.toml"))
    assert rc == 2 and out == "" and err.count("\n") == 1
    shown = d / ("league.toml" if game == "strat" and fname == "teams.csv" else fname)
    assert err.startswith(f"simcore: error: {shown}") or str(d / fname) in err, err
    if fname == "played.csv":
        assert f"{f}, line 3, column " in err
