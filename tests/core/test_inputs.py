"""Every data file is read the same way (simcore.textio): bad input is one error naming the file, the line, the
field and the text; numbers are ASCII with declared ranges; charts are complete; contradictions are refused.

Each test is the regression test of one input that used to give a traceback, a wrong number or a silent
acceptance.  No simulation runs here (only loaders and `league standings`), so the module is fast.
"""
import shutil

import pytest

from simcore.charts import ChartError, parse_number_set
from simcore.cli import main
from simcore.games.ezr.charts import DATA_FILES, data_path, load_charts
from simcore.games.pyramid.deck import load_deck
from simcore.games.pyramid.rules import Rules as PyramidRules
from simcore.games.pyramid.deck import deck_for
from simcore.games.strat import decks as D
from simcore.games.strat.cards import load_goalies, load_skaters
from simcore.games.strat.kit import SAMPLE_KIT_DIR, load_kit
from simcore.games.ezr.rules import Rules as EzrRules
from simcore.league import sample
from simcore.league.files import load_league
from simcore.league.schedule import round_robin
from simcore.rulesbase import RuleError
from simcore import textio

BOM = b"\xef\xbb\xbf"


# ---------------------------------------------------------------- helpers

@pytest.fixture
def league(tmp_path):
    """A copy of the EZR sample league; returns its folder."""
    d = tmp_path / "lg"
    shutil.copytree(sample("ezr"), d)
    return d


@pytest.fixture
def kit(tmp_path):
    d = tmp_path / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    return d


def _replace_line(path, lineno, text):
    lines = path.read_text().split("\n")
    lines[lineno - 1] = text
    path.write_text("\n".join(lines))


def _cell(path, lineno, column, text):
    """Set one CSV cell (no quoting in the shipped files touched here)."""
    lines = path.read_text().split("\n")
    header = lines[[i for i, s in enumerate(lines) if s and not s.startswith("#")][0]].split(",")
    cells = lines[lineno - 1].split(",")
    cells[header.index(column)] = text
    lines[lineno - 1] = ",".join(cells)
    path.write_text("\n".join(lines))


def _error(fn, *args):
    with pytest.raises(ChartError) as e:
        fn(*args)
    return str(e.value)


def _cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


PLAYED_LINE = 3   # the first game of the sample's played.csv (after the comment and the header)


# ---------------------------------------------------------------- the reader


def test_textio_numbers_are_ascii_with_ranges():
    assert textio.integer("+12") == 12 and textio.integer(" -3 ") == -3
    for bad in ("١٢", "1_0", "²", "1e3", "12.0", "", "--1", "1 2", "٣"):
        with pytest.raises(textio.FieldError):
            textio.integer(bad)
    with pytest.raises(textio.FieldError, match="out of range"):
        textio.integer("9" * 5000)        # int() would raise a ValueError of its own (4300 digits)
    assert textio.number("0.65") == 0.65 and textio.number(".5") == 0.5
    for bad in ("nan", "inf", "1e-1", "١.٥", "0,5"):
        with pytest.raises(textio.FieldError):
            textio.number(bad)
    r = textio.Range(0, 9, "a rating")
    assert r.parse("9") == 9
    with pytest.raises(textio.FieldError, match=r"out of range: a rating must be a whole number 0..9"):
        r.parse("10")
    with pytest.raises(textio.FieldError):
        r.check(True)                     # a TOML boolean is not a number


def test_number_sets_are_ascii_and_bounded():
    assert parse_number_set("1-3,7") == [1, 2, 3, 7]
    # Unicode digits, underscores and ranges that would build a list of a trillion numbers are not number sets
    for bad in ("١٢", "1_0", "1-99999999999", "²"):
        assert parse_number_set(bad) is None


def test_bad_utf8_byte_is_located(tmp_path):
    f = tmp_path / "x.csv"
    f.write_bytes(b"a,b\n1,2\n3,\xff\n")
    msg = _error(textio.read_text, f)
    assert msg == f"{f}, line 3: not UTF-8 text: byte 0xff at byte 10 (save the file as UTF-8)"


def test_a_long_cell_is_an_error_not_a_csv_traceback(tmp_path):
    f = tmp_path / "x.csv"
    f.write_text("a,b\n1," + "x" * 200_000 + "\n")
    rows = lambda: textio.csv_rows(textio.read_text(f))   # noqa: E731
    msg = _error(rows)
    assert f"{f}, line 2" in msg and "longer than 1000 characters" in msg
    f.write_text("a,b\n1," + "x" * 5000 + "\n")
    assert "cell 2 is 5000 characters long" in _error(rows)


@pytest.mark.parametrize("row, needle", [
    ('B,"2', 'a quoted cell is not closed'),
    ('B,"2"5', "text after a quoted cell's closing"),
])
def test_a_quote_left_open_is_refused_not_read_as_its_text(tmp_path, row, needle):
    """A cell opened with a quote and never closed used to load as the text after the quote (a deck card worth 2
    from '"2'); every CSV the software reads goes through this reader."""
    f = tmp_path / "deck.csv"
    f.write_text("card,value\nA,1\n" + row + "\nC,3\n")
    msg = _error(load_deck, f)
    assert msg.startswith(f"{f}, line 3: {row!r}: ") and needle in msg
    f.write_text('card,value\n"A, high",14\n"5\'11"" card",5\nC,3\nD,4\nE,5\nF,6\nG,7\n')
    assert load_deck(f).labels[:2] == ("A, high", "5'11\" card")       # quoting as CSV writes it still reads
    f.write_text('card  ,value\n"A, high" ,14\n"B",2  \nC,"3"\t\nD,4\nE,5\nF,6\nG,7\n')
    assert load_deck(f).values[:3] == (14, 2, 3)     # blanks after a closing quote are padding, as around any cell


@pytest.mark.parametrize("line, cells", [
    ('"a" ,"say ""hi""  , ok"', ["a", 'say "hi"  , ok']),        # a cell's own blanks and quotes kept
    ('"a" ,"   ,b"', ["a", "   ,b"]),
    ("\"a\"  ,6'2\"   ,z", ["a", "6'2\"   ", "z"]),                # a quote inside an unquoted cell is text
    ('"a" ,', ["a", ""]), ('"a"\t,,c', ["a", "", "c"]),
])
def test_blanks_after_a_closing_quote_change_no_cell(line, cells):
    """Blanks after a quoted cell's closing quote are dropped as padding; nothing inside any cell changes, whatever
    its neighbours (a first reading dropped blanks after any quote once some cell had padding)."""
    assert textio.split_csv_line("f.csv", 1, line) == cells


def test_a_spreadsheets_padding_is_dropped(tmp_path):
    """A spreadsheet's export pads the header with empty names and rows with empty cells: both are dropped (the
    header "had no name" in column 3); a row's cell past the header's width that holds something is still an
    error, and so is an empty name inside the header."""
    f = tmp_path / "x.csv"
    rows = lambda: textio.csv_rows(textio.read_text(f))   # noqa: E731
    f.write_text("card,value,,\nA,1,,\nB,2\nC,3, ,\n")
    assert rows() == [(1, ["card", "value"]), (2, ["A", "1"]), (3, ["B", "2"]), (4, ["C", "3"])]
    f.write_text("card,value,,\nA,1,,x\n")
    assert rows()[1] == (2, ["A", "1", "", "x"])
    f.write_text("card,,value\nA,1,2\n")
    assert "column 2 of the header has no name" in _error(load_deck, f)
    # a comment above the header is not the header: its width is the header's own (read_table keeps comments)
    f.write_text("# exported,,,,\ncard,value,,\nA,1,,\nB,,,\n")
    assert textio.csv_rows(textio.read_text(f), comments=False) == [
        (1, ["# exported", "", "", "", ""]), (2, ["card", "value"]), (3, ["A", "1"]), (4, ["B", ""])]


def test_duplicate_header_column(tmp_path):
    f = tmp_path / "x.csv"
    f.write_text("card,value,value\nA,1,2\n")
    assert _error(load_deck, f) == f"{f}, line 1, column 'value': column 'value' appears twice in the " \
        "header (columns 2 and 3)"


# ---------------------------------------------------------------- league files


def test_huge_goals_are_refused_with_file_line_column(league, capsys):
    played = league / "played.csv"
    for goals in ("99999999999999999999", str(10**30), "100", "-1"):
        _cell(played, PLAYED_LINE, "home_goals", goals)
        msg = _error(load_league, league / "league.toml")
        assert msg.startswith(f"{played}, line {PLAYED_LINE}, column 'home_goals': '{goals}': ")
        assert "0..99" in msg
    code, out, err = _cli(capsys, "league", "standings", str(league / "league.toml"))
    assert code == 2 and err.count("\n") == 1 and err.startswith("simcore: error: ") and "played.csv, line 3" in err


@pytest.mark.parametrize("row, column, needle", [
    ("2026-10-01,UPL,FAL,3,0,REG,away", "winner", "contradicts the score 3-0"),
    ("2026-10-01,UPL,FAL,7,1,OT,home", "decided_in", "one goal apart; the score is 7-1"),
    ("2026-10-01,UPL,FAL,1,1,OT,home", "decided_in", "the score is 1-1"),
    ("2026-10-01,UPL,FAL,4,1,SO,home", "decided_in", "shootout game is recorded level"),
    ("2026-10-01,UPL,FAL,2,2,SO,", "winner", "needs the winner column"),
    # the sample's points system (nhl) has no ties: this was 'results row 0' with no file or line
    ("2026-10-01,UPL,FAL,2,2,REG,", "decided_in", "has no ties: a game the shootout decided is SO with its winner"),
    ("2026-10-01,UPL,FAL,٣,1,REG,home", "home_goals", "in ASCII digits"),
    ("2026-10-01,UPL,FAL,1_0,1,REG,home", "home_goals", "in ASCII digits"),
    ("2026-10-01,UPL,FAL,²,1,REG,home", "home_goals", "in ASCII digits"),
])
def test_played_results_that_contradict_themselves(league, row, column, needle):
    played = league / "played.csv"
    _replace_line(played, PLAYED_LINE, row + ",UPL starter,FAL starter")
    msg = _error(load_league, league / "league.toml")
    assert msg.startswith(f"{played}, line {PLAYED_LINE}, column '{column}'") and needle in msg


def test_results_consistent_in_every_form_still_load(league):
    played = league / "played.csv"
    for row in ("2026-10-01,UPL,FAL,3,2,SO,home", "2026-10-01,UPL,FAL,3,3,SO,away", "2026-10-01,UPL,FAL,2,3,OT,"):
        _replace_line(played, PLAYED_LINE, row + ",UPL starter,FAL starter")
        assert len(load_league(league / "league.toml").results) == 656


def test_a_level_regulation_game_under_ties_has_no_winner(league):
    toml = league / "league.toml"
    toml.write_text(toml.read_text().replace('points = "nhl"', 'points = "ties"'))
    played = league / "played.csv"
    _replace_line(played, PLAYED_LINE, "2026-10-01,UPL,FAL,2,2,REG,,UPL starter,FAL starter")
    assert load_league(toml).results.iloc[0].home_goals == 2
    _replace_line(played, PLAYED_LINE, "2026-10-01,UPL,FAL,2,2,REG,home,UPL starter,FAL starter")
    assert "is a tie and has no winner" in _error(load_league, toml)


def test_scheduled_game_listed_twice(league):
    sched = league / "schedule.csv"
    lines = sched.read_text().rstrip("\n").split("\n")
    sched.write_text("\n".join(lines + [lines[2]]) + "\n")
    msg = _error(load_league, league / "league.toml")
    assert msg.startswith(f"{sched}, line {len(lines) + 1}, column 'date'") and "listed twice (first on line 3)" in msg


def test_goalie_share_is_a_plain_decimal(league):
    goalies = league / "goalies.csv"
    for share in ("nan", "0.6e0", "٠.٦", "1.5"):
        _cell(goalies, 3, "share", share)
        msg = _error(load_league, league / "league.toml")
        assert msg.startswith(f"{goalies}, line 3, column 'share': '{share}'")


@pytest.mark.parametrize("old, new, key, needle", [
    ("best_of = 7", "best_of = 1000001", "playoffs.best_of", "1..99"),
    ("best_of = 7", "best_of = 8", "playoffs.best_of", "odd"),
    ("best_of = 7", "best_of = true", "playoffs.best_of", "whole number"),
    ("teams = 16", "teams = 1000000000000000000000000000000", "playoffs.teams", "2..128"),
    ("teams = 16", "teams = 9223372036854775807", "playoffs.teams", "2..128"),
    ('name = "simcore sample EZR league"', "name = 42", "name", "must be a string"),
    ('rules = ""', "rules = 42", "rules", "must be a string"),
    ('rules = ""', 'rules = "qq_chart=on,qq_chart=off"', "rules", "given twice"),
    ('points = "nhl"', "points = [1]", "points", "must be a string"),
    ('"goals_for"]', '"goals_for", "wins"]', "tiebreakers", "'wins' is listed twice"),
    ('"goals_for"]', '"goals_for", 3]', "tiebreakers", "list of strings"),
    ('teams = "teams.csv"', "teams = 5", "teams", "must be a string"),
    ('format = "top"', "format = 1", "playoffs.format", "must be a string"),
    ('format = "top"', 'format = "top"\nround = 3', "playoffs.round", "unknown key"),
])
def test_league_toml_values_have_types_and_ranges(league, old, new, key, needle):
    toml = league / "league.toml"
    text = toml.read_text()
    assert old in text
    toml.write_text(text.replace(old, new))
    msg = _error(load_league, toml)
    assert msg.startswith(str(toml)) and needle in msg
    if key is not None:
        assert f"key '{key}'" in msg and ", line " in msg


@pytest.mark.parametrize("table, key, needle", [
    ('{generate = "round-robin", rounds = 100000000}', "schedule.rounds", "1..100"),
    ('{generate = "round-robin", rounds = 60}', "schedule.rounds", "at most 20000"),
    ('{generate = "round-robin", rounds = "2"}', "schedule.rounds", "whole number"),
    ('{generate = "round-robin", seed = -1}', "schedule.seed", "0..9223372036854775807"),
    ('{generate = "round-robin", start = "2026-13-01"}', "schedule.start", "YYYY-MM-DD"),
    ('{generate = "round-robin", length = 3}', "schedule.length", "unknown key"),
    ('{generate = "nhl", rounds = 2}', "schedule.rounds", "no rounds"),
    ('{generate = "swiss"}', "schedule.generate", "nhl or round-robin"),
])
def test_schedule_generator_keys_are_checked_and_bounded(league, table, key, needle):
    toml = league / "league.toml"
    text = toml.read_text().replace('schedule = "schedule.csv"', f"schedule = {table}").replace(
        'results = "played.csv"\n', "")
    toml.write_text(text)
    msg = _error(load_league, toml)
    assert msg.startswith(f"{toml}, line 11, key '{key}'") and needle in msg


def test_round_robin_refuses_a_schedule_it_could_not_build_quickly():
    with pytest.raises(ValueError, match="rounds must be at most 100"):
        round_robin(["A", "B"], rounds=100_000_000)
    with pytest.raises(ValueError, match="at most 20000"):
        round_robin([str(i) for i in range(128)], rounds=3)
    assert len(round_robin(["A", "B", "C"], rounds=100)) == 300


def test_bom_is_accepted_by_every_league_file(league):
    for name in ("league.toml", "teams.csv", "goalies.csv", "schedule.csv", "played.csv"):
        p = league / name
        p.write_bytes(BOM + p.read_bytes())
    lg = load_league(league / "league.toml")
    assert len(lg.teams) == 32 and list(lg.teams.columns[:3]) == ["team", "conference", "division"]


@pytest.mark.parametrize("name", ["league.toml", "teams.csv", "goalies.csv", "schedule.csv", "played.csv"])
def test_non_utf8_league_file_names_file_and_line(league, name):
    p = league / name
    p.write_bytes(p.read_bytes().replace(b"\n", b"\n\xff", 1))
    msg = _error(load_league, league / "league.toml")
    assert msg.startswith(f"{p}, line 2: not UTF-8 text: byte 0xff")


# ---------------------------------------------------------------- EZR charts


def _ezr_copy(tmp_path, name):
    p = tmp_path / DATA_FILES[name]
    shutil.copy(data_path(DATA_FILES[name]), p)
    return p


@pytest.mark.parametrize("text", ["١٢", "1_0", str(10**30), "100"])
def test_qq_modifier_is_ascii_and_in_range(tmp_path, text):
    qq = _ezr_copy(tmp_path, "qq")
    body = qq.read_text()
    lines = body.split("\n")
    no = next(i for i, s in enumerate(lines) if ",injury," in s)
    cells = lines[no].split(",")
    cells[cells.index("injury") + 1] = text
    lines[no] = ",".join(cells)
    qq.write_text("\n".join(lines))
    msg = _error(lambda: load_charts(qq=qq))
    assert msg.startswith(f"{qq}, line {no + 1}, column 'value': '{text}'") and "-99..99" in msg


def test_ez_rating_cell_refuses_other_digits(tmp_path):
    ez = _ezr_copy(tmp_path, "ez_rating")
    _cell(ez, 2, "A", "١")
    msg = _error(lambda: load_charts(ez_rating=ez))
    assert msg.startswith(f"{ez}, line 2, column 'A': '١'") and "-7..10" in msg


def test_ezr_chart_with_bom_and_long_cell(tmp_path):
    goals = _ezr_copy(tmp_path, "goals")
    goals.write_bytes(BOM + goals.read_bytes())
    assert load_charts(goals=goals).goals_col.shape == (18, 101)
    goals.write_text(goals.read_text(encoding="utf-8-sig") + "+10," + "9" * 150_000 + ",,,,,,\n")
    assert "longer than 1000 characters" in _error(lambda: load_charts(goals=goals))


# ---------------------------------------------------------------- Strat kit


def test_penetration_chart_must_be_complete(kit):
    pen = kit / "charts" / "penetration.csv"
    full = pen.read_text()
    pen.write_text(full.replace("5,1-15,reconstructed:synthetic-kit\n", ""))
    assert _error(D.load_penetration_chart, pen) == f"{pen}, column 'rating': missing rows: 5"
    pen.write_text(full + "10,1-20,user\n")
    assert _error(D.load_penetration_chart, pen).startswith(f"{pen}, line 12, column 'rating': '10': unknown row")
    pen.write_text(full.replace("4,1-13,rulebook:6.1\n", "4,1-13,rulebook:6.1\n4,1-12,user\n"))
    assert "row '4' appears twice" in _error(D.load_penetration_chart, pen)
    pen.write_text(full[: full.index("7,1-18")])          # truncated after rating 6
    assert _error(D.load_penetration_chart, pen).endswith("missing rows: 7, 8, 9")
    pen.write_text(full)
    assert D.load_penetration_chart(pen)[4] == (1, 13)


def test_skater_ratings_have_ranges(kit):
    sk = kit / "teams" / "ASR_skaters.csv"
    orig = sk.read_text()
    for col, text, needle in (("ast", "999", "0..9"), ("off", "٣", "0..9"), ("off", "10", "0..9"),
                              ("bkwy", "1_0", "0..9"), ("skate", "1-١٤", "skating range")):
        sk.write_text(orig)
        _cell(sk, 2, col, text)
        msg = _error(load_skaters, sk)
        assert msg.startswith(f"{sk}, line 2, column '{col}': '{text}'") and needle in msg, msg


def test_goalie_starts_need_the_percent_sign(kit):
    g = kit / "teams" / "ASR_goalies.csv"
    orig = g.read_text()
    _cell(g, 2, "starts", "32.5%")
    assert load_goalies(g)["Hugo Fenby"].starts == pytest.approx(0.325)
    for text in ("32.5", "0.325", "١٢%", "101%"):
        g.write_text(orig)
        _cell(g, 2, "starts", text)
        msg = _error(load_goalies, g)
        assert msg.startswith(f"{g}, line 2, column 'starts': '{text}'")
    g.write_text(orig)
    _cell(g, 2, "fatigue", "99999999999999999999")
    assert "1..99" in _error(load_goalies, g)


def test_split_deck_readings_bounded(kit):
    sd = kit / "split_deck.csv"
    text = sd.read_text()
    sd.write_text(text.replace("Offense RW 1 game", "Offense RW 0 games", 1))
    assert "an injury lasts 1-99 games" in _error(D.load_split_deck, sd)
    sd.write_text(text.replace('"Any 7; RW 1', '"Any 70; RW 1', 1))
    assert "'Any' assist threshold runs 1-9" in _error(D.load_split_deck, sd)
    sd.write_text(text.replace("Rating 2", "Rating ٢", 1))
    assert _error(D.load_split_deck, sd).startswith(f"{sd}, line 2, column 'breakaway'")


def test_power_play_condition_rating(kit):
    pp = kit / "charts" / "power_play.csv"
    pp.write_text(pp.read_text().replace("1,LD 4,", "1,LD ٤,", 1))
    assert _error(D.load_power_play_chart, pp).startswith(f"{pp}, line 2, column 'condition': 'LD ٤'")


def test_kit_toml_unknown_key_types_bom_and_encoding(kit):
    toml = kit / "kit.toml"
    orig = toml.read_bytes()
    toml.write_bytes(orig + b'colour = "red"\n')
    line = orig.count(b"\n") + 1
    assert _error(load_kit, kit) == f"{toml}, line {line}, key 'colour': unknown key; keys: " \
        "action_deck, advanced_action_deck, advanced_faceoff_chart, deflection_chart, faceoff_chart, " \
        "intimidation_chart, name, passing_l_chart, penalty_chart, penetration_chart, power_play_chart, retaliation_chart, split_advanced, " \
        "split_deck, super_advanced_faceoff_chart, synthetic, teams"
    toml.write_bytes(orig.replace(b'name = "simcore synthetic kit"', b"name = 42"))
    assert "key 'name': '42': must be a string" in _error(load_kit, kit)
    toml.write_bytes(orig.replace(b"synthetic = true", b'synthetic = "yes"'))
    assert "key 'synthetic': 'yes': must be true or false" in _error(load_kit, kit)
    toml.write_bytes(orig.replace(b"\n", b"\n\xff", 1))
    assert _error(load_kit, kit).startswith(f"{toml}, line 2: not UTF-8 text: byte 0xff")
    toml.write_bytes(BOM + orig)
    for p in (kit / "teams.csv", kit / "teams" / "ASR_skaters.csv", kit / "charts" / "penetration.csv"):
        p.write_bytes(BOM + p.read_bytes())
    assert len(load_kit(kit).teams) == 8


def test_kit_csv_long_cell(kit):
    sk = kit / "teams" / "ASR_skaters.csv"
    _cell(sk, 2, "name", "x" * 140_000)
    assert _error(load_skaters, sk).startswith(f"{sk}, line 2: ")


# ---------------------------------------------------------------- pyramid decks


@pytest.mark.parametrize("text, needle", [
    ("card,value\nA,١٢\n", "line 2, column 'value': '١٢'"),
    ("card,value\nA,1_0\n", "line 2, column 'value': '1_0'"),
    ("card,value,count\nA,1,1000000000\n", "line 2, column 'count': '1000000000'"),
    ("card,value,count\nA,1,600\nB,2,600\n", "line 3, column 'count': '600': the deck would have 1200 cards"),
    ("card,value\nA,99999999999999999999999\n", "line 2, column 'value'"),
])
def test_deck_numbers(tmp_path, text, needle):
    f = tmp_path / "deck.csv"
    f.write_text(text)
    msg = _error(load_deck, f)
    assert msg.startswith(str(f)) and needle in msg


def test_deck_bom_and_encoding(tmp_path):
    f = tmp_path / "deck.csv"
    f.write_bytes(BOM + b"card,value\n" + b"".join(b"C%d,%d\n" % (i, i) for i in range(13)))
    assert load_deck(f).values == tuple(range(13))
    f.write_bytes(b"card,value\nA,1\n\xffB,2\n")
    assert _error(load_deck, f).startswith(f"{f}, line 3: not UTF-8 text: byte 0xff")


def test_a_deck_too_small_to_play_is_refused(tmp_path, capsys):
    f = tmp_path / "two.csv"
    f.write_text("card,value\nA,1\nB,2\n")
    msg = _error(deck_for, PyramidRules(deck="custom"), f)
    assert msg == f"{f}: 2 cards cannot fill both 3-2-1 lineups (6 slots each) and leave a card to flip: a 3-2-1 " \
        "game needs at least 13 cards (add cards)"
    code, out, err = _cli(capsys, "pyramid", "-n", "100", "--rules", "deck=custom", "--deck-file", str(f))
    assert code == 2 and err == f"simcore: error: {msg}\n" and out == ""
    small = PyramidRules(deck="custom", lineup="1-1-1")
    f.write_text("card,value\n" + "".join(f"C{i},{i}\n" for i in range(7)))
    assert deck_for(small, f).size == 7
    f.write_text("card,value\n" + "".join(f"C{i},{i}\n" for i in range(6)))   # both lineups, nothing to flip
    assert "6 cards cannot fill both 1-1-1 lineups" in _error(deck_for, small, f)


# ---------------------------------------------------------------- rules


def test_a_rule_field_given_twice_is_refused(capsys):
    with pytest.raises(RuleError, match=r"rule field 'qq_chart' is given twice \(qq_chart=on and qq_chart=off\)"):
        EzrRules().with_options("qq_chart=on,qq_chart=off")
    assert EzrRules().with_options("qq_chart=off, qq_chart=off") == EzrRules().with_options("qq_chart=off")
    with pytest.raises(RuleError, match="must be 'field=value,...' or a dict"):
        EzrRules().with_options(42)
    code, out, err = _cli(capsys, "ezr", "-n", "10", "--rules", "qq_chart=on,qq_chart=off")
    assert code == 2 and err.count("\n") == 1 and "given twice" in err


def test_a_whole_number_is_taken_for_a_value_written_in_digits():
    """A dict's ``{"lines": 4}`` is the ``lines=4`` of a spec (it was refused, "lines=4 is not allowed; allowed
    values: 3, 4"); a value the field does not take is still refused, and so are True and 4.0."""
    import simcore
    from simcore.games.passscore import Rules as PassRules

    strat = simcore.game("strat")
    assert strat.rules({"lines": 4}) == strat.rules("lines=4") == strat.Rules(lines=4)
    assert strat.rules({"lines": 4}).lines == "4"
    assert PassRules().with_options({"plays": 40}) == PassRules(plays="40")
    for bad in (5, True, 4.0):
        with pytest.raises(RuleError, match=f"strat rule lines={bad!r} is not allowed; allowed values: 3, 4"):
            strat.rules({"lines": bad})


def test_a_rules_spec_may_start_from_presets(capsys):
    """A preset's name in a spec sets its fields; the spec's own fields then change them."""
    import simcore
    from simcore.games.passscore import Rules as PassRules

    r = PassRules().with_options("first-to-3,plays=80")
    assert (r.goal_target, r.plays) == ("3", "80")          # the preset's plays=160 changed by the field
    assert PassRules().with_options("short,no-slides") == PassRules(plays="40", slides="off")
    assert simcore.game("passscore").rules("short") == PassRules.preset("short")
    with pytest.raises(RuleError, match="presets 'short' and 'first-to-3' set plays differently"):
        PassRules().with_options("short,first-to-3")
    with pytest.raises(RuleError, match="passscore preset 'short' is given twice; give each preset once"):
        PassRules().with_options("short,plays=80,short")
    with pytest.raises(RuleError, match=r"'nopreset' must look like field=value or name a preset; .*presets: "
                                        r"rulebook, no_chart"):
        EzrRules().with_options("nopreset")
    code, out, err = _cli(capsys, "passscore", "-n", "4", "--rules", "short,first-to-3")
    assert code == 2 and err.count("\n") == 1 and "set plays differently" in err and out == ""
    code, out, err = _cli(capsys, "compare", "ezr", "--a", "rulebook,rulebook", "--b", "no_chart", "-n", "4")
    assert code == 2 and err == "simcore: error: ezr preset 'rulebook' is given twice; give each preset once\n"


def test_a_file_name_no_file_can_have(tmp_path):
    msg = _error(textio.read_text, str(tmp_path / "a\x00b.csv"))
    assert msg.endswith("a\\x00b.csv: cannot read file (embedded null byte)") and "\x00" not in msg


def test_only_regular_files_are_read(tmp_path, capsys):
    assert _error(textio.read_text, "/dev/zero") == "/dev/zero: not a regular file"      # was an endless read
    assert _error(textio.read_text, tmp_path).endswith("cannot read file (Is a directory)")
    code, out, err = _cli(capsys, "pyramid", "-n", "10", "--rules", "deck=custom", "--deck-file", "/dev/zero")
    assert code == 2 and err == "simcore: error: /dev/zero: not a regular file\n"


def test_a_team_has_at_most_the_rosters_skaters(kit):
    sk = kit / "teams" / "ASR_skaters.csv"
    lines = sk.read_text().rstrip("\n").split("\n")
    extra = [f"Extra {i}," + lines[1].split(",", 1)[1] for i in range(30 - (len(lines) - 1))]
    sk.write_text("\n".join(lines + extra) + "\n")
    msg = _error(load_skaters, sk)
    assert msg.startswith(f"{sk}, line 26, column 'name'") and "30 skater cards; a team has at most 24" in msg


# ---------------------------------------------------------------- empty cells, lines, messages


@pytest.mark.parametrize("chart, line, column", [("penalty.csv", 2, "penalized"), ("penetration.csv", 7, "success")])
def test_an_empty_chart_cell_is_not_never(kit, chart, line, column):
    # an empty cell used to mean "never" in silence; the chart writes '-' for none
    p = kit / "charts" / chart
    _cell(p, line, column, "")
    assert _error(load_kit, kit).startswith(f"{p}, line {line}, column '{column}': '': empty cell")


def test_empty_card_cells_and_kit_team_are_refused(kit):
    sk = kit / "teams" / "ASR_skaters.csv"
    orig = sk.read_text()
    for col in ("intim", "O2"):
        sk.write_text(orig)
        _cell(sk, 2, col, "")
        assert _error(load_skaters, sk).startswith(f"{sk}, line 2, column '{col}': '': empty")
    pp = kit / "charts" / "power_play.csv"
    _cell(pp, 2, "top_power_play", "")
    assert _error(load_kit, kit).startswith(f"{pp}, line 2, column 'top_power_play': '': empty cell")
    sk.write_text(orig)
    shutil.copy(SAMPLE_KIT_DIR / "charts" / "power_play.csv", pp)
    teams = kit / "teams.csv"
    lines = teams.read_text().split("\n")
    no = next(i for i, s in enumerate(lines) if s.startswith("ASR,"))
    lines[no] = lines[no][len("ASR"):]
    teams.write_text("\n".join(lines))
    assert _error(load_kit, kit).startswith(f"{teams}, line {no + 1}, column 'team': '': empty cell")


def test_empty_ezr_shootout_cell(tmp_path):
    so = _ezr_copy(tmp_path, "shootout")
    lines = so.read_text().split("\n")
    no = next(i for i, s in enumerate(lines) if s.startswith("A,"))
    lines[no] = "A,,4-8,4-8,4-10,3-11,user"
    so.write_text("\n".join(lines))
    assert ": '': empty cell" in _error(lambda: load_charts(shootout=so))


@pytest.mark.parametrize("text", ["١٢", "1_0", "²", "１２"])
def test_qq_modifier_message_reads_right(tmp_path, text):
    qq = _ezr_copy(tmp_path, "qq")
    lines = qq.read_text().split("\n")
    no = next(i for i, s in enumerate(lines) if ",injury," in s)
    cells = lines[no].split(",")
    cells[cells.index("injury") + 1] = text
    lines[no] = ",".join(cells)
    qq.write_text("\n".join(lines))
    msg = _error(lambda: load_charts(qq=qq))
    assert msg == (f"{qq}, line {no + 1}, column 'value': '{text}': a roll modifier (such as -10) must be a whole "
                   "number -99..99 in ASCII digits (the injury effect's value)")


def test_a_long_number_is_out_of_range_not_not_a_number():
    for text in (str(10**20), str(10**30)):
        with pytest.raises(textio.FieldError, match="^out of range"):
            textio.Range(0, 99, "goals").parse(text)


def test_goalie_share_sum_names_the_team(league):
    g = league / "goalies.csv"
    lines = g.read_text().split("\n")
    no = next(i for i, s in enumerate(lines) if s and not s.startswith("#") and not s.startswith("team")) + 1
    cells = lines[no - 1].split(",")
    head = next(s for s in lines if s.startswith("team")).split(",")
    cells[head.index("share")] = "0.001"
    lines[no - 1] = ",".join(cells)
    g.write_text("\n".join(lines))
    msg = _error(load_league, league / "league.toml")
    assert f"column 'team': '{cells[0]}': the shares of {cells[0]}'s goalies sum to" in msg


@pytest.mark.parametrize("old, new, key, line, needle", [
    ('game = "ezr"', 'game = "x"', "game", 4, "must be one of"),
    ('game = "ezr"', 'game = "ezr"\nengine = "strat"', "engine", 5, "names another game"),
    ("teams = 16", "teams = 33", "playoffs.teams", 16, "got 33"),
    ('teams = "teams.csv"', 'teams = "x"', "teams", 9, "no such file: "),
    ('schedule = "schedule.csv"', 'schedule = {generate="round-robin", rounds=1, start="9999-12-30"}',
     "schedule.start", 11, "past the last date 9999-12-31"),
    ('schedule = "schedule.csv"', 'schedule = {generate="nhl", start="9999-12-01"}', "schedule.start", 11,
     "past the last date 9999-12-31"),
])
def test_league_toml_errors_name_the_keys_line(league, old, new, key, line, needle):
    lt = league / "league.toml"
    lt.write_text(lt.read_text().replace(old, new, 1))
    msg = _error(load_league, lt)
    assert msg.startswith(f"{lt}, line {line}, key '{key}': ") and needle in msg


def test_a_small_deck_suggests_a_lineup_it_can_fill(tmp_path):
    # 2 cards fill no lineup (1-1-1 needs 7): no lineup is suggested; 8 cards fill 1-1-1, which is suggested
    f = tmp_path / "eight.csv"
    f.write_text("card,value\n" + "".join(f"c{i},{i}\n" for i in range(8)))
    assert _error(deck_for, PyramidRules(deck="custom"), f).endswith("(or use a smaller lineup, e.g. lineup=1-1-1)")


def test_toml_values_are_shown_as_toml():
    assert textio.toml_text(__import__("datetime").date(2026, 10, 1)) == "2026-10-01"
    assert textio.toml_text(True) == "true"


def test_kit_toml_missing_file_names_the_key_and_its_line(kit):
    kt = kit / "kit.toml"
    kt.write_text(kt.read_text().replace('teams = "teams.csv"', 'teams = "gone.csv"'))
    line = next(i for i, s in enumerate(kt.read_text().split("\n"), 1) if s.startswith("teams ="))
    assert _error(load_kit, kit) == f"{kt}, line {line}, key 'teams': 'gone.csv': file not found: {kit / 'gone.csv'}"


@pytest.fixture
def strat_league(tmp_path, kit):
    d = tmp_path / "st"
    shutil.copytree(sample("strat"), d)
    lt = d / "league.toml"
    lt.write_text(lt.read_text().replace('kit = "sample"', f'kit = "{kit}"'))
    return d


def test_strat_league_team_missing_from_the_kit_names_its_line(strat_league, kit):
    teams = kit / "teams.csv"
    teams.write_text("\n".join(s for s in teams.read_text().split("\n") if not s.startswith("KBY,")))
    lt = strat_league / "teams.csv"
    line = next(i for i, s in enumerate(lt.read_text().split("\n"), 1) if s.startswith("KBY,"))
    assert _error(load_league, strat_league / "league.toml").startswith(
        f"{lt}, line {line}, column 'team': 'KBY': not a team of the kit")


@pytest.mark.parametrize("value, shown", [("42", "42"), ("2026-10-01", "2026-10-01")])
def test_strat_league_kit_must_be_a_string(strat_league, value, shown):
    lt = strat_league / "league.toml"
    lines = lt.read_text().split("\n")
    lines = [f"kit = {value}" if s.startswith("kit =") else s for s in lines]
    lt.write_text("\n".join(lines))
    line = next(i for i, s in enumerate(lt.read_text().split("\n"), 1) if s.startswith("kit ="))
    assert _error(load_league, lt).startswith(f"{lt}, line {line}, key 'kit': '{shown}': must be a string")


def test_a_card_label_is_never_empty(tmp_path):
    from simcore.games.pyramid.deck import custom_deck
    f = tmp_path / "d.csv"
    f.write_text("card,value\n" + "".join(f"c{i},{i}\n" for i in range(12)) + " ,5\n")
    assert _error(load_deck, f) == f"{f}, line 14, column 'card': '': a card needs a label"
    with pytest.raises(ValueError, match="card 2 \\(value 2\\) has an empty label"):
        custom_deck([1, 2], ["a", ""])
    assert custom_deck([1, 2]).labels == ("1", "2")
