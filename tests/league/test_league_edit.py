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


def _standings_json(cli, *argv):
    rc, out, err = cli("league", "standings", *argv, "--format", "json")
    assert rc == 0, err
    return json.loads(out)


# ---------------------------------------------------------------- standings --as-of

@pytest.mark.parametrize("date", ["2026-10-05", "2026-11-14"])
def test_standings_as_of_equals_the_results_file_cut_at_that_date(tmp_path, cli, date):
    d = _copy(tmp_path)
    toml = str(d / "league.toml")
    got = _standings_json(cli, toml, "--as-of", date)
    lines = (d / "played.csv").read_text().splitlines(keepends=True)
    kept = lines[:2] + [ln for ln in lines[2:] if ln[:10] <= date]
    assert 0 < len(kept) - 2 < len(lines) - 2
    cut = d / "cut.csv"
    cut.write_text("".join(kept))
    want = _standings_json(cli, toml, "--results", str(cut))
    assert got.pop("as_of") == date and want.pop("as_of") is None
    assert got["games_played"] == len(kept) - 2
    assert got == want


def test_standings_as_of_before_the_first_game_is_all_zero(cli):
    doc = _standings_json(cli, str(sample("ezr") / "league.toml"), "--as-of", "2026-09-30")
    assert doc["games_played"] == 0 and doc["games_left"] == 1312 and len(doc["teams"]) == 32
    for t in doc["teams"]:
        assert (t["GP"], t["W"], t["L"], t["OTL"], t["PTS"], t["GF"], t["GA"]) == (0, 0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize("bad", ["2026-13-01", "yesterday", "2026-1-5", "20261005"])
def test_standings_as_of_not_a_date_is_one_line(cli, bad):
    rc, out, err = cli("league", "standings", str(sample("ezr") / "league.toml"), "--as-of", bad)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("simcore: error: ") and f"'{bad}' is not a date" in err


# ---------------------------------------------------------------- add-result

def test_add_result_appends_exactly_one_line(tmp_path, cli):
    d = _copy(tmp_path)
    before = (d / "played.csv").read_bytes()
    rc, out, err = cli("league", "add-result", str(d / "league.toml"), *NEXT, "3", "2", "OT",
                       "--home-goalie", "LAK starter")
    assert rc == 0, err
    assert (d / "played.csv").read_bytes() == before + b"2026-12-22,LAK,OAK,3,2,OT,home,LAK starter,\n"
    n = before.count(b"\n") + 1
    assert f"line {n}: 2026-12-22 LAK 3, OAK 2 (OT)" in out and "657 games played, 655 to play" in out
    # the two teams' new standings lines, as `league standings` gives them
    table = _standings_json(cli, str(d / "league.toml"))["teams"]
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


def test_add_result_json_goals_are_numbers_and_a_league_warns_once(tmp_path, cli):
    """The JSON's added row gives goals as numbers (they were the file's text, "3"); a league file of an earlier
    release warns once (it was read twice, and warned twice); a lower-case decided_in is shown as written."""
    d = _copy(tmp_path)
    toml = d / "league.toml"
    toml.write_text(toml.read_text().replace('game = "ezr"', 'engine = "ezr"', 1))
    rc, out, err = cli("league", "add-result", str(toml), *NEXT, "3", "2", "ot", "--format", "json")
    assert rc == 0, err
    added = json.loads(out)["added"]
    assert (added["home_goals"], added["away_goals"], added["decided_in"]) == (3, 2, "OT")
    assert err.count("the key engine = is now game =") == 1, err


@pytest.mark.parametrize("goals, message", [
    (("3", 2), r"home_goals must be a whole number of goals \(an int\), got '3'"),
    ((3, -1), "away_goals must be a whole number of goals"),
    ((3.0, 2), "home_goals must be a whole number"),
])
def test_add_result_from_python_names_a_goal_count_of_the_wrong_kind(tmp_path, goals, message):
    d = _copy(tmp_path)
    before = (d / "played.csv").read_bytes()
    with pytest.raises(ValueError, match=message):
        add_result(d / "league.toml", *NEXT, *goals, "OT")
    assert (d / "played.csv").read_bytes() == before


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
def test_add_result_keeps_line_endings_and_adds_a_missing_newline(tmp_path, cli, newline, end):
    d = _small_league(tmp_path / "lg", "# my results\ndate,away,home,home_goals,away_goals,decided_in\n"
                                       "2026-10-01,BBB,AAA,2,1,REG", newline=newline, end=end)
    before = (d / "played.csv").read_bytes()
    rc, out, err = cli("league", "add-result", str(d / "league.toml"), "2026-10-02", "BBB", "CCC", "4",
                       "3", "so")
    assert rc == 0, err
    nl = newline.encode()
    # the file's own column order (away before home); no winner or goalie columns to fill
    assert (d / "played.csv").read_bytes() == before + (b"" if end else nl) + b"2026-10-02,CCC,BBB,4,3,SO" + nl
    assert "line 4: 2026-10-02 BBB 4, CCC 3 (SO)" in out


def test_add_result_keeps_a_byte_order_mark(tmp_path, capsys):
    d = _small_league(tmp_path / "lg", "date,home,away,home_goals,away_goals,decided_in\n", bom=True)
    load_league(d / "league.toml")          # the loader reads the mark (utf-8-sig)
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
    (("2026-12-23", "LAK", "OAK", "3", "2"), "no scheduled game with this date, home and away team"),
    (("2026-10-01", "UPL", "FAL", "3", "2"), "this game was played already (line 3) and the schedule has it once"),
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
def test_add_result_refused_leaves_the_file_unchanged(tmp_path, cli, args, message):
    d = _copy(tmp_path)
    before = (d / "played.csv").read_bytes()
    listing = sorted(p.name for p in d.iterdir())
    rc, out, err = cli("league", "add-result", str(d / "league.toml"), *args)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("simcore: error: ") and message in err, err
    if "line 659" in message:
        assert err.startswith(f"simcore: error: {d / 'played.csv'}, line 659")
        assert "(the new row; nothing was added)" in err
    assert (d / "played.csv").read_bytes() == before
    assert sorted(p.name for p in d.iterdir()) == listing          # no candidate file left behind


def test_add_result_names_the_column_a_file_lacks(tmp_path, cli):
    d = _small_league(tmp_path / "lg", "date,home,away,home_goals,away_goals,decided_in\n")
    before = (d / "played.csv").read_bytes()
    rc, _, err = cli("league", "add-result", str(d / "league.toml"), "2026-10-01", "AAA", "BBB", "1",
                     "0", "--home-goalie", "Al")
    assert rc == 2 and "has no 'home_goalie' column; add it to the header" in err
    assert err.startswith(f"simcore: error: {d / 'played.csv'}, line 2, column 'home_goalie': ")   # the new row's
    assert err.endswith("(earlier rows may leave it empty; nothing was added)\n")
    assert (d / "played.csv").read_bytes() == before


def test_add_result_strips_the_team_names_as_the_reader_does(tmp_path, cli):
    d = _small_league(tmp_path / "lg", "date,home,away,home_goals,away_goals,decided_in,winner,home_goalie\n")
    rc, out, err = cli("league", "add-result", str(d), "2026-10-01", " AAA", "BBB ", "3", "2", "OT",
                       "--home-goalie", " Al ")
    assert rc == 0, err
    assert (d / "played.csv").read_text().splitlines()[-1] == "2026-10-01,AAA,BBB,3,2,OT,home,Al"
    assert "line 2: 2026-10-01 AAA 3, BBB 2 (OT)" in out
    assert [line.split()[1] for line in out.splitlines()[-2:]] == ["AAA", "BBB"]


def test_add_result_completes_a_crlf_file_cut_short_at_its_last_carriage_return(tmp_path, cli):
    d = _small_league(tmp_path / "lg", "date,home,away,home_goals,away_goals,decided_in\r\n"
                                       "2026-10-01,AAA,BBB,3,1,REG\r", end=False)
    before = (d / "played.csv").read_bytes()
    rc, out, err = cli("league", "add-result", str(d), "2026-10-02", "BBB", "CCC", "2", "1")
    assert rc == 0, err
    assert (d / "played.csv").read_bytes() == before + b"\n2026-10-02,BBB,CCC,2,1,REG\r\n"
    rc, out, err = cli("league", "validate", str(d))
    assert rc == 0, err


def test_add_result_completes_a_header_only_crlf_file_cut_at_its_carriage_return(tmp_path, cli):
    d = _small_league(tmp_path / "lg", "date,home,away,home_goals,away_goals,decided_in\r", end=False)
    rc, out, err = cli("league", "add-result", str(d), "2026-10-01", "AAA", "BBB", "2", "1")
    assert rc == 0, err
    assert (d / "played.csv").read_bytes() == (b"date,home,away,home_goals,away_goals,decided_in\r\n"
                                               b"2026-10-01,AAA,BBB,2,1,REG\r\n")


def test_a_csv_line_with_a_lone_carriage_return_says_so(tmp_path, cli):
    d = _small_league(tmp_path / "lg", "date,home,away,home_goals,away_goals,decided_in\r"
                                       "2026-10-01,AAA,BBB,3,1,REG\r", end=False)
    rc, out, err = cli("league", "validate", str(d))
    assert rc == 2 and "a carriage return (\\r) without a new line after it" in err and "universal" not in err


def test_add_result_reports_an_earlier_bad_row_in_its_own_file(tmp_path, cli):
    d = _copy(tmp_path)
    text = (d / "played.csv").read_text().replace("2026-10-01,UPL,FAL,3,0", "2026-10-01,UPL,FAL,3,zero", 1)
    (d / "played.csv").write_text(text)
    before = (d / "played.csv").read_bytes()
    rc, _, err = cli("league", "add-result", str(d / "league.toml"), *NEXT, "3", "2")
    assert rc == 2 and f"{d / 'played.csv'}, line 3, column 'away_goals': 'zero'" in err
    assert (d / "played.csv").read_bytes() == before


def test_add_result_without_a_results_key_says_what_to_add(tmp_path, cli):
    d = _copy(tmp_path)
    toml = d / "league.toml"
    toml.write_text(toml.read_text().replace('results = "played.csv"\n', ""))
    rc, _, err = cli("league", "add-result", str(toml), *NEXT, "3", "2")
    assert rc == 2 and "names no results file; add results = \"played.csv\" (the first result starts it)" in err


def test_the_first_result_starts_the_results_file(tmp_path, cli):
    """A league whose results file is not there yet: a result refused leaves no file; the first one accepted starts
    it with the header and its row (the mode of any new file); the next is appended."""
    d = _copy(tmp_path)
    (d / "played.csv").unlink()
    first = load_league(sample("ezr") / "league.toml").schedule.iloc[0]
    rc, _, err = cli("league", "add-result", str(d), first.date, first.home, first.away, "2", "2", "OT")
    assert rc == 2 and f"{d / 'played.csv'}, line 2" in err and not (d / "played.csv").exists()
    rc, out, err = cli("league", "add-result", str(d), first.date, first.home, first.away, "2", "1", "OT")
    assert rc == 0, err
    assert out.startswith(f"added to {d / 'played.csv'}, line 2: {first.date} {first.home} 2, {first.away} 1 (OT)")
    assert "1 game played, 1311 to play" in out
    assert (d / "played.csv").read_text() == ("date,home,away,home_goals,away_goals,decided_in,winner,home_goalie,"
                                              f"away_goalie\n{first.date},{first.home},{first.away},2,1,OT,home,,\n")
    assert (d / "played.csv").stat().st_mode & 0o777 == (d / "teams.csv").stat().st_mode & 0o777
    second = load_league(sample("ezr") / "league.toml").schedule.iloc[1]
    assert add_result(d, second.date, second.home, second.away, 0, 3).line == 3
    assert len(load_league(d).results) == 2


def test_add_result_reads_the_league_file_as_the_league_reader_does(tmp_path, cli):
    """Before it looks for the results file: invalid TOML and a `results` key that is not text are errors naming
    the league file (exit 2), not a parser's bare message or an internal error."""
    d = _copy(tmp_path)
    toml = d / "league.toml"
    text = toml.read_text()
    for bad, needle in ((text.replace('results = "played.csv"', 'results = 3'), "key 'results': '3': must be"),
                        (text + "\nbroken = [\n", "not valid TOML")):
        toml.write_text(bad)
        rc, _, err = cli("league", "add-result", str(d), *NEXT, "3", "2")
        assert rc == 2 and err.startswith(f"simcore: error: {toml}") and needle in err, err


def test_a_results_file_started_stays_when_the_command_is_interrupted_after(tmp_path, cli, monkeypatch):
    """The results file add-result starts is the league's data once written: an interrupt while the standings
    print does not take it back."""
    import simcore.league.standings as league_standings

    d = _copy(tmp_path)
    (d / "played.csv").unlink()
    first = load_league(sample("ezr") / "league.toml").schedule.iloc[0]

    def interrupted(*a, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(league_standings, "format_standings", interrupted)
    rc, out, err = cli("league", "add-result", str(d), first.date, first.home, first.away, "2", "1")
    assert rc == 130 and "added to" in out
    assert (d / "played.csv").read_text().splitlines()[1] == f"{first.date},{first.home},{first.away},2,1,REG,home,,"


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
def test_validate_the_samples(cli, game, counts):
    rc, out, err = cli("league", "validate", str(sample(game) / "league.toml"), "--format", "json")
    assert rc == 0, err
    doc = json.loads(out)
    assert (doc["teams"], doc["games_scheduled"], doc["games_played"], doc["games_left"], len(doc["files"])) == counts
    assert doc["game"] == game and doc["notes"] == []
    rc, out, _ = cli("league", "validate", str(sample(game) / "league.toml"))
    assert rc == 0 and ": valid (" in out and f"{counts[1]} scheduled, {counts[2]} played" in out
    if game == "strat":
        assert "(kit, 8 teams)" in out


def test_validate_notes_a_division_of_one_team(tmp_path, cli):
    """A division name typed wrong makes a division of one team, which the 'top' format accepts: validate says so."""
    d = _copy(tmp_path)
    f = d / "teams.csv"
    f.write_text(f.read_text().replace("ANC,East,Atlantic,", "ANC,East,Atlantc,", 1))
    rc, out, err = cli("league", "validate", str(d / "league.toml"))
    assert rc == 0, err
    assert out.endswith("note: division 'Atlantc' has one team (ANC): a typo of another division's name?\n")


def test_a_level_overtime_game_under_ties_says_it_is_a_regulation_tie(tmp_path, cli):
    d = _small_league(tmp_path / "t", "date,home,away,home_goals,away_goals,decided_in\n")
    (d / "league.toml").write_text((d / "league.toml").read_text().replace('game = "ezr"', 'game = "ezr"\npoints = '
                                                                        '"ties"\nrules = "overtime=none"'))
    rc, out, err = cli("league", "add-result", str(d / "league.toml"), "2026-10-01", "AAA", "BBB", "3", "3", "OT")
    assert rc == 2 and "the score is 3-3 (a game still level after overtime is a tie: REG)" in err, err
    rc, out, err = cli("league", "add-result", str(d / "league.toml"), "2026-10-01", "AAA", "BBB", "3", "3", "REG")
    assert rc == 0, err


def test_add_result_to_a_padded_file(tmp_path, cli):
    """A results file a spreadsheet padded (empty header names at the end) takes a row of the header's width."""
    d = _copy(tmp_path)
    f = d / "played.csv"
    lines = f.read_text().splitlines()
    head = next(i for i, ln in enumerate(lines) if not ln.startswith("#"))
    lines[head] += ",,"
    f.write_text("\n".join(lines) + "\n")
    rc, out, err = cli("league", "add-result", str(d / "league.toml"), *NEXT, "3", "2", "--format", "json")
    assert rc == 0, err
    assert "" not in json.loads(out)["added"]
    assert f.read_text().splitlines()[-1] == "2026-12-22,LAK,OAK,3,2,REG,home,,"
    assert load_league(d / "league.toml").results.iloc[-1]["home_goals"] == 3


def test_a_team_name_typed_wrong_gets_the_closest_and_a_swapped_game_says_so(tmp_path, cli):
    d = _copy(tmp_path)
    before = (d / "played.csv").read_bytes()
    rc, out, err = cli("league", "add-result", str(d / "league.toml"), NEXT[0], "LAX", NEXT[2], "3", "2")
    assert rc == 2 and "column 'home': 'LAX': not a team of the league (did you mean 'LAK'?)" in err
    rc, out, err = cli("league", "add-result", str(d / "league.toml"), NEXT[0], NEXT[2], NEXT[1], "3", "2")
    assert rc == 2 and ("(the schedule has LAK at home to OAK that day: home and away swapped?) (the new row; "
                        "nothing was added)") in err
    assert (d / "played.csv").read_bytes() == before


@pytest.mark.parametrize("game, fname, old, new", [
    ("ezr", "goalies.csv", "ANC,ANC starter,E,c,0.6", "ANC,ANC starter,Q,c,0.6"),
    ("ezr", "schedule.csv", "2026-10-01,UPL,FAL", "2026-10-01,UPL,UPL"),
    ("ezr", "played.csv", "2026-10-01,UPL,FAL,3,0,REG", "2026-10-01,UPL,FAL,3,3,OT"),
    ("strat", "teams.csv", "KBY,East,Coastal", "KBX,East,Coastal"),
])
def test_validate_a_broken_copy_names_the_file(tmp_path, cli, game, fname, old, new):
    d = _copy(tmp_path, game)
    f = d / fname
    assert old in f.read_text()
    f.write_text(f.read_text().replace(old, new, 1))
    rc, out, err = cli("league", "validate", str(d / "league.toml"))
    assert rc == 2 and out == "" and err.count("\n") == 1
    shown = d / ("league.toml" if game == "strat" and fname == "teams.csv" else fname)
    assert err.startswith(f"simcore: error: {shown}") or str(d / fname) in err, err
    if fname == "played.csv":
        assert f"{f}, line 3, column " in err


# ---------------------------------------------------------------- lines, dates and arguments as the user wrote them

def test_add_result_counts_lines_as_the_reader_does(tmp_path, cli):
    """A line separator other than \\n (U+2028 in a comment) does not end a line for the league's reader, so it
    does not for add-result either: the header is found, the new row's line is the reader's, and an error in the
    new row blames the new row."""
    played = "# results\u2028kept by hand\ndate,home,away,home_goals,away_goals,decided_in\n"
    d = _small_league(tmp_path / "lg", played)
    before = (d / "played.csv").read_bytes()
    rc, _, err = cli("league", "add-result", str(d / "league.toml"), "2026-10-01", "AAA", "XXX", "4", "2")
    assert rc == 2 and (d / "played.csv").read_bytes() == before
    assert err == (f"simcore: error: {d / 'played.csv'}, line 3, column 'away': 'XXX': not a team of the league "
                   "(the new row; nothing was added)\n")
    rc, out, err = cli("league", "add-result", str(d / "league.toml"), "2026-10-01", "AAA", "BBB", "4", "2")
    assert rc == 0, err
    assert f"added to {d / 'played.csv'}, line 3: 2026-10-01 AAA 4, BBB 2" in out
    assert (d / "played.csv").read_bytes() == before + b"2026-10-01,AAA,BBB,4,2,REG\n"
    a = add_result(d / "league.toml", "2026-10-02", "BBB", "CCC", 1, 0)
    assert a.line == 4 == len((d / "played.csv").read_bytes().split(b"\n")) - 1


@pytest.mark.parametrize("args, problem", [
    (("3", "2", "OT", "--winner", "home"), "'winner': 'home': a winner is given only for a shootout game recorded "
                                           "level; the score 3-2 (OT) says who won"),
    (("3", "3", "SO"), "'winner': '': a shootout game recorded level (3-3) needs the shootout winner"),
])
def test_add_result_winner_errors_name_the_results_file(tmp_path, cli, args, problem):
    d = _copy(tmp_path)
    before = (d / "played.csv").read_bytes()
    rc, out, err = cli("league", "add-result", str(d / "league.toml"), *NEXT, *args)
    assert rc == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"simcore: error: {d / 'played.csv'}, line 659, column {problem}"), err
    assert err.endswith("(the new row; nothing was added)\n"), err
    assert (d / "played.csv").read_bytes() == before


@pytest.mark.parametrize("argv, shown", [
    (("standings", "{toml}", "--as-of", "2026-W45-1"), "argument --as-of: '2026-W45-1' is not a date (YYYY-MM-DD)"),
    (("standings", "{toml}", "--as-of", "20261105"), "argument --as-of: '20261105' is not a date (YYYY-MM-DD)"),
    (("add-result", "{toml}", "2026-W52-2", "LAK", "OAK", "3", "2"),
     "argument date: '2026-W52-2' is not a date (YYYY-MM-DD)"),
    (("add-result", "{toml}", "20261222", "LAK", "OAK", "3", "2"),
     "argument date: '20261222' is not a date (YYYY-MM-DD)"),
    (("history", "{toml}", "--dates", "2026-10-05,20261101"), "--dates: '20261101' is not a date (YYYY-MM-DD)"),
    (("history", "{toml}", "--dates", "2026-W45-1"), "--dates: '2026-W45-1' is not a date (YYYY-MM-DD)"),
])
def test_cli_dates_are_written_yyyy_mm_dd(tmp_path, cli, monkeypatch, argv, shown):
    import simcore.league.projection as projection

    monkeypatch.setattr(projection, "project", _never)
    d = _copy(tmp_path)
    before = (d / "played.csv").read_bytes()
    rc, out, err = cli("league", *(a.format(toml=d / "league.toml") for a in argv))
    assert rc == 2 and out == "" and err.count("\n") == 1 and err.endswith(f"{shown}\n"), err
    assert (d / "played.csv").read_bytes() == before


def _never(*args, **kw):
    raise AssertionError("nothing should run")


def test_history_refuses_a_repeated_date_before_anything_runs(cli, monkeypatch):
    import simcore.league.projection as projection

    monkeypatch.setattr(projection, "project", _never)
    rc, out, err = cli("league", "history", str(sample("ezr") / "league.toml"), "--dates",
                       "2026-10-15,2026-11-01, 2026-11-01")
    assert rc == 2 and out == ""
    assert err == "simcore: error: --dates gives 2026-11-01 twice; give each date once\n"
    with pytest.raises(ValueError, match="dates repeat 2026-11-01; give each date once"):
        projection.odds_by_date(load_league(sample("ezr") / "league.toml"), ["2026-11-01", "2026-11-01"], n=10)


@pytest.mark.parametrize("dates, line", [
    ("2026-12-01,2026-11-01", "--dates gives 2026-11-01 after 2026-12-01; give the dates in increasing order"),
    ("2026-11-01,,2026-11-02", "--dates '2026-11-01,,2026-11-02' has an empty item; give dates separated by commas"),
    (",", "--dates ',' has an empty item; give dates separated by commas"),
])
def test_history_dates_go_forward_in_time(cli, monkeypatch, dates, line):
    """The odds are followed through time: dates out of order were plotted going back in time."""
    import simcore.league.projection as projection

    monkeypatch.setattr(projection, "project", _never)
    rc, out, err = cli("league", "history", str(sample("ezr") / "league.toml"), "--dates", dates)
    assert (rc, out, err) == (2, "", f"simcore: error: {line}\n")


def test_standings_by_with_json_is_refused(cli):
    toml = str(sample("ezr") / "league.toml")
    rc, out, err = cli("league", "standings", toml, "--by", "league", "--format", "json")
    assert rc == 2 and out == ""
    assert err == ("simcore: error: --by league groups the table only; the JSON lists every team with its rank, "
                   "conference_rank and division_rank: drop --by\n")
    doc = _standings_json(cli, toml)                     # without --by the JSON is as before
    assert [t["rank"] for t in doc["teams"]] == list(range(1, 33))
    rc, out, _ = cli("league", "standings", toml, "--by", "conference")
    assert rc == 0 and "East Conference" in out


def test_sample_into_a_file_names_the_argument_given(tmp_path, cli):
    f = tmp_path / "notadir"
    f.write_text("mine")
    rc, out, err = cli("league", "sample", "ezr", str(f))
    assert rc == 2 and out == "" and err == f"simcore: error: DIR {f} is a file, not a folder\n"
    assert f.read_text() == "mine"


# ---------------------------------------------------------------- validate: what a projection would refuse

def _with_rules(d, rules, points=None):
    import re

    toml = d / "league.toml"
    text = re.sub(r"(?m)^rules = .*$", f'rules = "{rules}"', toml.read_text())
    if points:
        text = re.sub(r"(?m)^points = .*$", f'points = "{points}"', text)
    toml.write_text(text)
    lines = text.split("\n")
    return toml, [i + 1 for i, ln in enumerate(lines) if ln.startswith(("points =", "rules ="))]


@pytest.mark.parametrize("game, rules", [("ezr", "shootout_undecided=tie"), ("ezr", "shootout=off"),
                                         ("strat", "shootout=off")])
def test_validate_refuses_rules_that_tie_under_nhl_points(tmp_path, cli, game, rules):
    d = _copy(tmp_path, game)
    toml, (points_line, rules_line) = _with_rules(d, rules)
    rc, out, err = cli("league", "validate", str(toml))
    assert rc == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"simcore: error: {toml}, line {points_line}, key 'points': 'nhl': the rules {game}("), err
    assert "can end a game tied, but the 'nhl' points system has no ties; use points = \"ties\"" in err
    assert err.endswith(f'(the rules set by rules = "{rules}", line {rules_line})\n')
    # project refuses it with the same line, before any season is played
    rc, _, err_project = cli("league", "project", str(toml), "-n", "10")
    assert rc == 2 and err_project == err
    # with points that have ties the league is valid
    _with_rules(d, rules, points="ties")
    rc, out, err = cli("league", "validate", str(toml))
    assert rc == 0 and ": valid (" in out, err


@pytest.mark.parametrize("argv, shown", [
    (("--plot", "{d}/r-points.png", "--report", "{d}/r.md"),
     "--plot {d}/r-points.png is also the figure --report {d}/r.md writes beside it; choose another name"),
    (("--plot", "{d}/y.png", "--out", "{d}/y.png"), "--out {d}/y.png is also --plot; choose another name"),
    (("--out", "{d}/o", "--report", "{d}/o/teams.csv"),
     "the file --out {d}/o writes {d}/o/teams.csv is also --report; choose another name"),
])
def test_project_refuses_one_file_for_two_outputs_before_anything_runs(tmp_path, cli, monkeypatch, argv, shown):
    """A plot the report's own figure would replace, or a plot named as the --out folder, was written and then
    lost (or the folder written, then the command failed)."""
    import simcore.league.projection as projection

    monkeypatch.setattr(projection, "project", _never)
    d = _copy(tmp_path)
    rc, out, err = cli("league", "project", str(d / "league.toml"), "-n", "5",
                       *(a.format(d=tmp_path) for a in argv))
    assert (rc, out, err) == (2, "", f"simcore: error: {shown.format(d=tmp_path)}\n")
    assert not list(tmp_path.glob("*.png")) and not (tmp_path / "o").exists()


def test_project_force_replaces_a_projection_but_not_a_dataset(tmp_path, cli):
    """--force replaces a projection folder (an old players.csv the new run does not write goes with it), never
    another command's output: its manifest would be replaced and its files left unreadable."""
    from simcore.dataset import read
    from simcore.outputs import read_manifest

    ds = tmp_path / "ds"
    assert cli("dataset", "ezr", "-n", "40", "--out", str(ds), "--quiet")[0] == 0
    before = sorted(p.relative_to(ds) for p in ds.rglob("*"))
    rc, out, err = cli("league", "project", str(sample("ezr") / "league.toml"), "-n", "5", "--out", str(ds),
                       "--force")
    assert (rc, out) == (2, "") and err == (f"simcore: error: {ds / 'manifest.json'} lists "
                                            "'games/part-00000000.parquet', which this command does not write: the "
                                            "folder holds another command's output; write to another folder\n")
    assert sorted(p.relative_to(ds) for p in ds.rglob("*")) == before and len(read(ds, "games")) == 40
    proj = tmp_path / "proj"
    assert cli("league", "project", str(sample("ezr") / "league.toml"), "-n", "5", "--out", str(proj))[0] == 0
    (proj / "players.csv").write_text("team,player\n")           # as a league with players writes it
    doc = json.loads((proj / "manifest.json").read_text())
    doc["files"].append({"name": "players.csv", "bytes": 12, "sha256": "0"})
    (proj / "manifest.json").write_text(json.dumps(doc))
    assert cli("league", "project", str(sample("ezr") / "league.toml"), "-n", "5", "--out", str(proj),
               "--force")[0] == 0
    assert not (proj / "players.csv").exists()
    assert [f["name"] for f in read_manifest(proj)["files"]] == ["teams.csv", "seasons.parquet", "goalies.csv"]


def test_league_takes_quiet_before_its_command(cli):
    """README: every command takes --quiet, also before the command, as `simcore --quiet COMMAND` does."""
    toml = str(sample("ezr") / "league.toml")
    first = cli("league", "--quiet", "standings", toml)
    assert first[0] == 0 and first == cli("league", "standings", toml, "--quiet")
