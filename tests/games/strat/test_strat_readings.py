"""Strat-O-Matic Hockey readings and card files (docs/strat-data.md)."""
import re

import pytest

from simcore.charts import ChartError
from simcore.games.strat import readings as R
from simcore.games.strat.cards import DICE, SKATER_COLUMNS, load_goalies, load_skaters


@pytest.mark.parametrize("text,expected", [
    ("X-DRW", R.Reading(R.SAVE_TO, R.RW)),                  # 5.1
    ("X-DLD", R.Reading(R.SAVE_TO, R.LD)),
    ("X-Any D player", R.Reading(R.SAVE_TO, R.ANY)),        # 5.2
    ("X-Reb", R.Reading(R.SAVE_REBOUND)),                   # 5.3
    ("Goalie Rating", R.Reading(R.GOALIE_RATING, 0)),       # 5.5
    ("Goalie Rating+", R.Reading(R.GOALIE_RATING, 1)),      # 5.10
    ("Goal", R.Reading(R.GOAL, 1, 20, 0)),                  # 5.8
    ("Goal 1-8", R.Reading(R.GOAL, 1, 8, 0)),
    ("goal  3 - 11", R.Reading(R.GOAL, 3, 11, 0)),
    ("Goal+", R.Reading(R.GOAL, 1, 20, 1)),                 # 5.9
    ("Lose puck to LD", R.Reading(R.LOSE_PUCK_TO, R.LD)),   # 5.4
    ("Lose puck to any D player", R.Reading(R.LOSE_PUCK_TO, R.ANY)),
])
def test_shot_readings(text, expected):
    assert R.parse_shot(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("Opponent Defense 12", R.Reading(R.OPP_DEFENSE, 12)),                       # 4.1
    ("Passing K", R.Reading(R.PASSING, 10)),                                     # 4.2
    ("Inside shot for any player", R.Reading(R.SHOT_FOR, 1, R.ANY, R.NONE)),     # 4.3
    ("Outside shot for LW (RW)", R.Reading(R.SHOT_FOR, 0, R.LW, R.RW)),          # 4.4, 4.41
    ("Inside shot for C", R.Reading(R.SHOT_FOR, 1, R.C, R.NONE)),
    ("Lose puck, outside shot only for LD", R.Reading(R.LOSE_PUCK_OUTSIDE, R.LD)),  # 4.5
    ("Possible breakaway", R.Reading(R.POSSIBLE_BREAKAWAY)),                     # 4.6
    ("Lose puck, possible breakaway", R.Reading(R.LOSE_PUCK_BREAKAWAY)),         # 4.7
    ("Lose puck, inside shot for any player", R.Reading(R.LOSE_PUCK_INSIDE_ANY)),  # 4.71
    ("Penalty AA A B / C D", R.Reading(R.PENALTY_CARD, 0b00111, 0b11000)),       # 4.8
])
def test_action_readings(text, expected):
    assert R.parse_action(text) == expected


def test_defense_and_passing_readings():
    assert R.parse_defense("Takes puck") == R.Reading(R.TAKES_PUCK)
    assert R.parse_defense("Outside shot") == R.Reading(R.OUTSIDE_SHOT)
    assert R.parse_passing("Inside shot for C") == R.Reading(R.PASS_INSIDE, R.C)
    assert R.parse_passing("Inside shot for any player") == R.Reading(R.PASS_INSIDE, R.ANY)
    assert R.parse_passing("Lose puck to RD") == R.Reading(R.LOSE_PUCK_TO, R.RD)


def test_goalie_readings():
    # 5.7: "OUT: Save, Breakaway 1-6 IN/BKWY: Faceoff, Penalty 1-18"
    out, inside = R.parse_goalie("OUT: Save, Breakaway 1-6 / IN/BKWY: Faceoff, Penalty 1-18")
    assert out == R.Reading(R.SAVE_BREAKAWAY, 1, 6) and inside == R.Reading(R.SAVE_PENALTY, 1, 18)
    # 5.6: "GOAL 1-8, Faceoff 9-20"
    assert R.parse_goalie("GOAL 1-8, Faceoff 9-20") == (R.Reading(R.GOAL, 1, 8, 0),) * 2
    assert R.parse_goalie("Faceoff•")[0] == R.Reading(R.FACEOFF, 1)     # 24.2 the fatigue dot
    assert R.parse_goalie("Faceoff")[0] == R.Reading(R.FACEOFF, 0)
    assert R.parse_goalie("X-DRD")[1] == R.Reading(R.SAVE_TO, R.RD)


@pytest.mark.parametrize("fn,text,needle", [
    (R.parse_shot, "X-DQ", "expected a shooting reading"),
    (R.parse_shot, "Goal 9-3", "low to high"),
    (R.parse_shot, "Goal 1-24", "within 1-20"),
    (R.parse_shot, "Saved", "expected a shooting reading"),
    (R.parse_action, "Opponent Defense 15", "1-14"),
    (R.parse_action, "Outside shot for G", "expected an action reading"),
    (R.parse_action, "Penalty AA A / C D", "each once"),
    (R.parse_action, "Penalty AA A B / C E", "not a penalty rating"),
    (R.parse_defense, "Steals", "expected a defense reading"),
    (R.parse_passing, "Inside shot for D", "expected a passing reading"),
    (R.parse_goalie, "GOAL 1-8, Faceoff 10-20", "rest of 1-20"),
    (R.parse_goalie, "OUT: Faceoff, Penalty 1-18 / IN/BKWY: Faceoff", "IN/BKWY half"),
    (R.parse_goalie, "OUT: Save, Breakaway 1-6 / OUTSIDE: Faceoff", "must start 'IN/BKWY:'"),
    (R.parse_goalie, "Miss", "expected a goalie reading"),
])
def test_malformed_readings(fn, text, needle):
    with pytest.raises(R.ReadingError, match=needle):
        fn(text)


PLAYER_A = {  # the rulebook's sample right wing (4.1, 4.2, 5.5, 5.8, 6.1, 21.2)
    "pos": "RW", "off": "4", "def": "3 (4)", "bkwy": "4", "pen": "B", "intim": "1-11", "ast": "3", "skate": "1-14 (1)",
    "fo": "0", "tend": "***",
    **{f"O{d}": "X-DRW" for d in DICE}, **{f"I{d}": "X-Reb" for d in DICE}, **{f"R{d}": "X-DLD" for d in DICE},
    "I5": "Goal 1-8", "R9": "Goalie Rating", "D12": "Takes puck", "D13": "Outside shot", "D14": "Outside shot",
    "PJ": "Lose puck to LD", "PK": "Inside shot for C", "PL": "Inside shot for any player",
}


def _write_skaters(tmp_path, rows, header=None):
    header = header or ["name", *SKATER_COLUMNS]
    lines = [",".join(header)]
    for name, row in rows.items():
        lines.append(",".join([name, *('"%s"' % row.get(c, "") for c in header[1:])]))
    p = tmp_path / "skaters.csv"
    p.write_text("\n".join(lines) + "\n")
    return p


def test_load_skater_card(tmp_path):
    a = load_skaters(_write_skaters(tmp_path, {"Player A": PLAYER_A}))["Player A"]
    assert a.positions == (R.RW,) and a.offense == 4 and (a.defense, a.sh_defense) == (3, 4)
    assert a.breakaway == 4 and a.penalty == R.PENALTY_RATINGS.index("B") and a.intimidation == (1, 11)
    assert a.skating == (1, 14) and a.skating_breakaway == (1, 1) and a.tendency == 3
    assert a.inside[5 - 2] == R.Reading(R.GOAL, 1, 8, 0)
    assert a.rebound[9 - 2] == R.Reading(R.GOALIE_RATING, 0)
    assert a.defense_column[12] == R.Reading(R.TAKES_PUCK)
    assert a.passing["K"] == R.Reading(R.PASS_INSIDE, R.C) and a.passing["L"] == R.Reading(R.PASS_INSIDE, R.ANY)


@pytest.mark.parametrize("field,text,needle", [
    ("pos", "RW/RW", "one or two positions"),
    ("def", "three", "Defense rating"),
    ("pen", "E", "penalty rating"),
    ("ast", "3**", "assist rating"),
    ("skate", "1-24", "within 1-20"),
    ("fo", "+3", "faceoff rating"),
    ("tend", "******", "one to five stars"),
    ("O7", "Goal 25", "within 1-20"),
    ("D13", "Steals", "defense reading"),
    ("PK", "Inside shot for D", "passing reading"),
])
def test_bad_skater_card_names_file_line_field_text(tmp_path, field, text, needle):
    p = _write_skaters(tmp_path, {"Player A": PLAYER_A, "Player B": {**PLAYER_A, field: text}})
    with pytest.raises(ChartError) as info:
        load_skaters(p)
    msg = str(info.value)
    assert str(p) in msg and "line 3" in msg and f"column {field!r}" in msg and repr(text) in msg and needle in msg


def test_advanced_columns_are_optional_and_unknown_ones_fail(tmp_path):
    header = ["name", *SKATER_COLUMNS, "D7", "PG"]
    row = {**PLAYER_A, "D7": "Takes puck, outside shot", "PG": "Inside shot for RW"}
    p = _write_skaters(tmp_path, {"Player A": row}, header)
    a = load_skaters(p)["Player A"]
    assert a.defense_column[7] == R.Reading(R.TAKES_PUCK_SHOOTS) and a.passing["G"] == R.Reading(R.PASS_INSIDE, R.RW)
    p = _write_skaters(tmp_path, {"Player A": PLAYER_A}, ["name", *SKATER_COLUMNS, "Q1"])
    with pytest.raises(ChartError, match="unknown or repeated column"):
        load_skaters(p)


def test_goalie_card(tmp_path):
    cells = {f"G{d}": "Faceoff" for d in DICE}
    cells.update({"G2": "Goal", "G3": "GOAL 1-8, Faceoff 9-20", "G7": "Faceoff•",
                  "G11": "OUT: Save, Breakaway 1-6 / IN/BKWY: Faceoff, Penalty 1-18"})
    header = ["name", "fatigue", "starts", *(f"G{d}" for d in DICE)]
    row = ["Player C", "4", "60%", *(f'"{cells[c]}"' for c in header[3:])]
    p = tmp_path / "goalies.csv"
    p.write_text(",".join(header) + "\n" + ",".join(row) + "\n")
    g = load_goalies(p)["Player C"]
    assert g.fatigue == 4 and g.starts == pytest.approx(0.6)
    assert g.card[7 - 2][0] == R.Reading(R.FACEOFF, 1)
    assert g.card[11 - 2] == (R.Reading(R.SAVE_BREAKAWAY, 1, 6), R.Reading(R.SAVE_PENALTY, 1, 18))
    p.write_text(",".join(header) + "\n" + ",".join(row).replace("60%", "160%") + "\n")
    with pytest.raises(ChartError, match="column 'starts'"):
        load_goalies(p)


def test_split_deck_sections_and_chart_readings():
    assert R.parse_breakaway("RW (LW)") == R.Reading(R.BKWY_PLAYER, R.RW, R.LW)        # 4.61
    assert R.parse_breakaway("Rating 3") == R.Reading(R.BKWY_RATING, 3)                 # 4.62
    assert R.parse_rebound("Offense LW") == R.Reading(R.REB_OFFENSE, R.LW, 0, 0)        # 5.31
    assert R.parse_rebound("Defense RD") == R.Reading(R.REB_DEFENSE, R.RD, 0, 0)        # 5.32
    assert R.parse_rebound("Offense C 3") == R.Reading(R.REB_OFFENSE, R.C, 3, 0)        # 5.33
    assert R.parse_rebound("Defense LD 4, also injury") == R.Reading(R.REB_DEFENSE, R.LD, 4, 1)  # 5.34, 15
    assert R.parse_rebound("Offense any player 3") == R.Reading(R.REB_OFFENSE, R.ANY, 3, 0)     # 4.31
    assert R.parse_injury("Defense RD rest of game") == R.Reading(R.INJURY, 1, R.RD, 0)
    assert R.parse_injury("Offense LW 2 games") == R.Reading(R.INJURY, 0, R.LW, 2)
    a = R.parse_assists("Any 6; C 3, RD 3, RW 2, LD 2, LW 1")                            # 14.22 example
    assert a.any_player == 6 and a.order[1] == (R.RD, 3) and not a.one_only
    assert R.parse_assists("One assist only; LW 2, C 2").one_only
    assert R.parse_faceoff("Visitor any player") == R.Reading(R.FACEOFF_WIN, 1, R.ANY)
    assert R.parse_shot_list("Breakaway RD; Inside RW") == (R.Reading(R.PP_SHOT, 3, R.RD), R.Reading(R.PP_SHOT, 1, R.RW))
    assert R.parse_shot_list("-") == ()
    for fn, text in ((R.parse_breakaway, "Rating"), (R.parse_rebound, "Offense any player"),
                     (R.parse_injury, "LW 2 games"), (R.parse_assists, "RD three"), (R.parse_assists, "C 2, C 3"),
                     (R.parse_faceoff, "Home G"), (R.parse_shot_list, "Slapshot LW")):
        with pytest.raises(R.ReadingError):
            fn(text)


@pytest.mark.parametrize("fn,text,expected", [
    # forms and spellings not covered above, one per reading kind or alias
    (R.parse_shot, "X-Any defensive player", R.Reading(R.SAVE_TO, R.ANY)),
    (R.parse_shot, "Lose puck to any defensive player", R.Reading(R.LOSE_PUCK_TO, R.ANY)),
    (R.parse_shot, "Goal 7", R.Reading(R.GOAL, 7, 7, 0)),
    (R.parse_defense, "Takes puck away", R.Reading(R.TAKES_PUCK)),
    (R.parse_passing, "Lose puck to any D player", R.Reading(R.LOSE_PUCK_TO, R.ANY)),
    (R.parse_action, "Opponent Defense 14", R.Reading(R.OPP_DEFENSE, 14)),
    (R.parse_action, "Passing J", R.Reading(R.PASSING, 9)),
    (R.parse_action, "Outside shot for any player", R.Reading(R.SHOT_FOR, 0, R.ANY, R.NONE)),
    (R.parse_action, "Lose puck - possible breakaway", R.Reading(R.LOSE_PUCK_BREAKAWAY)),
    (R.parse_action, "Lose puck - inside shot for any player", R.Reading(R.LOSE_PUCK_INSIDE_ANY)),
    (R.parse_action, "Penalty AA / A B C D", R.Reading(R.PENALTY_CARD, 0b00001, 0b11110)),
    (R.parse_breakaway, "C", R.Reading(R.BKWY_PLAYER, R.C, R.NONE)),
    (R.parse_rebound, "Offense LW, also injury", R.Reading(R.REB_OFFENSE, R.LW, 0, 1)),
    (R.parse_injury, "Offense C 1 game", R.Reading(R.INJURY, 0, R.C, 1)),
    (R.parse_faceoff, "Home C", R.Reading(R.FACEOFF_WIN, 0, R.C)),
    (R.parse_faceoff, "Visitors LD", R.Reading(R.FACEOFF_WIN, 1, R.LD)),
])
def test_more_reading_forms(fn, text, expected):
    assert fn(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("Goal", R.Reading(R.GOAL, 1, 20, 0)),
    ("Goal 1-8", R.Reading(R.GOAL, 1, 8, 0)),
    ("Save, Faceoff", R.Reading(R.FACEOFF, 0)),
    ("Faceoff*", R.Reading(R.FACEOFF, 1)),
    ("X-Reb", R.Reading(R.SAVE_REBOUND)),
])
def test_goalie_reading_forms_read_the_same_for_every_shot(text, expected):
    assert R.parse_goalie(text) == (expected, expected)


def test_goalie_shot_type_reading_accepts_an_in_half():
    out, inside = R.parse_goalie("OUT: Save, Breakaway 3 / IN: Faceoff, Penalty 1-2")
    assert out == R.Reading(R.SAVE_BREAKAWAY, 3, 3) and inside == R.Reading(R.SAVE_PENALTY, 1, 2)


def test_assists_without_any_player():
    a = R.parse_assists("LW 2, RD 1")
    assert a.any_player == 0 and a.order == ((R.LW, 2), (R.RD, 1)) and not a.one_only
    assert R.parse_assists("One assist only; Any player 7; C 2").any_player == 7


@pytest.mark.parametrize("fn,text,needle", [
    # every error a parser raises, with its message
    (R.parse_shot, "Goal x", "expected a shooting reading"),
    (R.parse_action, "Opponent Defense 0", "1-14"),
    (R.parse_action, "Penalty AA A B C D / AA", "each once"),
    (R.parse_goalie, "OUT: Save, Breakaway 1-6 / IN/BKWY: Save, Breakaway 1-6", "OUT half"),
    (R.parse_goalie, "Goal 0-4", "within 1-20"),
    (R.parse_breakaway, "Rating", "expected a breakaway reading"),
    (R.parse_breakaway, "G (LW)", "expected a breakaway reading"),
    (R.parse_rebound, "Offense any player", "needs the Offense rating"),
    (R.parse_rebound, "Rebound LW", "expected a rebound reading"),
    (R.parse_injury, "LW 2 games", "expected an injury reading"),
    (R.parse_assists, "Any 6; C 2; RD 3", "expected '[One assist only"),
    (R.parse_assists, "RD three", "expected '<pos> <rating>'"),
    (R.parse_assists, "C 2, C 3", "appears twice"),
    (R.parse_faceoff, "Home G", "expected Home|Visitor"),
    (R.parse_shot_list, "Slapshot LW", "expected '<Outside|Inside|Rebound|Breakaway> <pos>', got"),
    (R.position, "G", "expected a position"),
    (R.split_range, "a-b", "expected a split range"),
])
def test_every_error_kind_says_what_was_expected(fn, text, needle):
    with pytest.raises(R.ReadingError, match=re.escape(needle)):
        fn(text)


# ---------------------------------------------------------------- every reading the rulebook prints

P = R.Reading
#: (section, parser, the reading as the rulebook prints or quotes it, what it means).  Section headings that list
#: several readings at once ("OPPONENT DEFENSE 12,13 or 14", "PASSING J, K or L") are given one reading each.
#: Left out: the Advanced action deck's I readings (12.1 "I-RD", 23.0 "I-LD(RD)") and the split deck's Passing,
#: Intimidation and Loose Puck sections (11.1-11.4, 16.1, 22.1), parsed with the Advanced deck and split-deck
#: sections; the Super Advanced icing readings (21.11-21.14) and penetration chart ("Must Pass", 30.2).
PRINTED = [
    # 1.0 Common Play Results
    ("1.0 A", R.parse_faceoff, "Home any player", P(R.FACEOFF_WIN, 0, R.ANY)),
    ("1.0 B", R.parse_action, "Opponent Defense 12", P(R.OPP_DEFENSE, 12)),
    ("1.0 B", R.parse_action, "Opponent Defense 13", P(R.OPP_DEFENSE, 13)),
    ("1.0 B", R.parse_action, "Opponent Defense 14", P(R.OPP_DEFENSE, 14)),
    ("1.0 B", R.parse_action, "Passing J", P(R.PASSING, 9)),
    ("1.0 B", R.parse_action, "Passing K", P(R.PASSING, 10)),
    ("1.0 B", R.parse_action, "Passing L", P(R.PASSING, 11)),
    ("1.0 B", R.parse_action, "Breakaway", P(R.POSSIBLE_BREAKAWAY)),
    ("1.0 C", R.parse_shot, "X-DRW", P(R.SAVE_TO, R.RW)),
    ("1.0 C", R.parse_shot, "X-Reb", P(R.SAVE_REBOUND)),
    ("1.0 C", R.parse_shot, "Goalie Rating", P(R.GOALIE_RATING, 0)),
    ("1.0 C", R.parse_shot, "Goal", P(R.GOAL, 1, 20, 0)),
    ("1.0 C", R.parse_shot, "Goal+", P(R.GOAL, 1, 20, 1)),
    # 2.1 faceoffs: "If a reading of 'any player' results"
    ("2.1", R.parse_faceoff, "Visitor any player", P(R.FACEOFF_WIN, 1, R.ANY)),
    # 4.x action deck
    ("4.1", R.parse_action, "OPPONENT DEFENSE 12", P(R.OPP_DEFENSE, 12)),
    ("4.1", R.parse_defense, "Takes puck", P(R.TAKES_PUCK)),
    ("4.1", R.parse_defense, "Outside shot", P(R.OUTSIDE_SHOT)),
    ("4.1", R.parse_defense, "Takes away the puck", P(R.TAKES_PUCK)),
    ("4.2", R.parse_action, "PASSING L", P(R.PASSING, 11)),
    ("4.2", R.parse_passing, "Inside shot for C", P(R.PASS_INSIDE, R.C)),
    ("4.2", R.parse_passing, "Inside shot for any player", P(R.PASS_INSIDE, R.ANY)),
    ("4.2", R.parse_passing, "Lose puck to LD", P(R.LOSE_PUCK_TO, R.LD)),
    ("4.3", R.parse_action, "Shot for any player", None),   # a heading: the card says Outside or Inside
    ("4.3", R.parse_action, "Inside shot for any player", P(R.SHOT_FOR, 1, R.ANY, R.NONE)),
    ("4.31", R.parse_rebound, "offense - any player with Offense rating of 3 or more", P(R.REB_OFFENSE, R.ANY, 3, 0)),
    ("4.4", R.parse_action, "Inside shot for LW", P(R.SHOT_FOR, 1, R.LW, R.NONE)),
    ("4.41", R.parse_action, "outside shot for LW (RW)", P(R.SHOT_FOR, 0, R.LW, R.RW)),
    ("4.5", R.parse_action, "LOSE PUCK, OUTSIDE SHOT ONLY for LD", P(R.LOSE_PUCK_OUTSIDE, R.LD)),
    ("4.6", R.parse_action, "POSSIBLE BREAKAWAY", P(R.POSSIBLE_BREAKAWAY)),
    ("4.6", R.parse_breakaway, "LD", P(R.BKWY_PLAYER, R.LD, R.NONE)),
    ("4.61", R.parse_breakaway, "RW (LW)", P(R.BKWY_PLAYER, R.RW, R.LW)),
    ("4.62", R.parse_breakaway, "breakaway rating of 3 needed", P(R.BKWY_RATING, 3)),
    ("4.7", R.parse_action, "LOSE PUCK, POSSIBLE BREAKAWAY", P(R.LOSE_PUCK_BREAKAWAY)),
    ("4.71", R.parse_action, "Lose puck, possible breakaway", P(R.LOSE_PUCK_BREAKAWAY)),
    ("4.71", R.parse_action, "Lose puck - inside shot for any player", P(R.LOSE_PUCK_INSIDE_ANY)),
    ("4.8", R.parse_action, "Penalty AA A B / C D", P(R.PENALTY_CARD, 0b00111, 0b11000)),
    # 5.x player and goalie cards
    ("5.1", R.parse_shot, "X-DLW", P(R.SAVE_TO, R.LW)),
    ("5.2", R.parse_shot, "X-ANY D PLAYER", P(R.SAVE_TO, R.ANY)),
    ("5.3", R.parse_shot, "X-REB", P(R.SAVE_REBOUND)),
    ("5.31", R.parse_rebound, "Offense LW", P(R.REB_OFFENSE, R.LW, 0, 0)),
    ("5.32", R.parse_rebound, "Defense RD", P(R.REB_DEFENSE, R.RD, 0, 0)),
    ("5.33", R.parse_rebound, "Offense RW 3", P(R.REB_OFFENSE, R.RW, 3, 0)),
    ("5.34", R.parse_rebound, "Defense LD 4", P(R.REB_DEFENSE, R.LD, 4, 0)),
    ("5.4", R.parse_shot, "LOSE PUCK TO LD", P(R.LOSE_PUCK_TO, R.LD)),
    ("5.4", R.parse_shot, "LOSE PUCK TO ANY DEFENSIVE PLAYER", P(R.LOSE_PUCK_TO, R.ANY)),
    ("5.5", R.parse_shot, "GOALIE RATING", P(R.GOALIE_RATING, 0)),
    ("5.6", R.parse_goalie, "GOAL 1-8, Faceoff 9-20", (P(R.GOAL, 1, 8, 0),) * 2),
    ("5.7", R.parse_goalie, "OUT: Save, Breakaway 1-6 IN/BKWY: Faceoff, Penalty 1-18",
     (P(R.SAVE_BREAKAWAY, 1, 6), P(R.SAVE_PENALTY, 1, 18))),
    ("5.7", R.parse_goalie, "OUT: Save, Breakaway 1-6 / IN/BKWY: Faceoff, Penalty 1-18",
     (P(R.SAVE_BREAKAWAY, 1, 6), P(R.SAVE_PENALTY, 1, 18))),
    ("5.8", R.parse_shot, "GOAL", P(R.GOAL, 1, 20, 0)),
    ("5.8", R.parse_shot, "Goal 1-8", P(R.GOAL, 1, 8, 0)),
    ("5.9", R.parse_shot, "GOAL+", P(R.GOAL, 1, 20, 1)),
    ("5.10", R.parse_shot, "GOALIE RATING+", P(R.GOALIE_RATING, 1)),
    # 14 assists, 15 injuries
    ("14.21", R.parse_assists, "Any player 6; C 3, RD 3, RW 2, LD 2, LW 1",
     R.AssistReading(6, ((R.C, 3), (R.RD, 3), (R.RW, 2), (R.LD, 2), (R.LW, 1)), False)),
    ("14.22", R.parse_assists, "one assist only; LW 2", R.AssistReading(0, ((R.LW, 2),), True)),
    ("15.0", R.parse_rebound, "Offense C 3, also injury", P(R.REB_OFFENSE, R.C, 3, 1)),
    # 16.2 Opponent Defense 7-11: "Either a penalty will occur or the defender will take away the puck and
    # attempt an outside shot"
    ("16.2", R.parse_action, "Opponent Defense 7", P(R.OPP_DEFENSE, 7)),
    ("16.2", R.parse_defense, "Penalty", P(R.DEF_PENALTY)),
    ("16.2", R.parse_defense, "Takes puck, outside shot", P(R.TAKES_PUCK_SHOOTS)),
    ("16.2", R.parse_defense, "take away the puck and attempt an outside shot", None),   # prose, not a cell
    ("16.2", R.parse_defense, "Takes away the puck and attempts an outside shot", P(R.TAKES_PUCK_SHOOTS)),
    # 21.14 (Super Advanced icing, the Defense 14 part of it): "takes puck away or outside shot"
    ("21.14", R.parse_defense, "takes puck away", P(R.TAKES_PUCK)),
    # 23.0 "INSIDE SHOT FOR C(LW) I-LD(RD)": the Basic part of it
    ("23.0", R.parse_action, "Inside shot for C(LW)", P(R.SHOT_FOR, 1, R.C, R.LW)),
    ("23.0", R.parse_action, "INSIDE SHOT FOR C(LW)", P(R.SHOT_FOR, 1, R.C, R.LW)),
    # 24.2 "a reading of 'Faceoff' followed by a dot"
    ("24.2", R.parse_goalie, "Faceoff•", (P(R.FACEOFF, 1),) * 2),
    ("24.2", R.parse_goalie, "Faceoff \u00b7", (P(R.FACEOFF, 1),) * 2),
]


@pytest.mark.parametrize("section,fn,text,expected", [p for p in PRINTED if p[3] is not None],
                         ids=[f"{p[0]}:{p[2]}" for p in PRINTED if p[3] is not None])
def test_every_printed_reading_parses(section, fn, text, expected):
    assert fn(text) == expected


@pytest.mark.parametrize("section,fn,text", [p[:3] for p in PRINTED if p[3] is None])
def test_printed_prose_that_is_not_a_reading_is_refused(section, fn, text):
    with pytest.raises(R.ReadingError, match="expected"):
        fn(text)


@pytest.mark.parametrize("fn,text,needle", [
    # misprints in the rulebook's prose are refused, naming the reading meant
    (R.parse_shot, "Goalie Ratings-", "5.10 prints 'Goalie Ratings-' once"),
    (R.parse_shot, "Goal-+", "18.91 prints 'Goal-+' once for Goal+"),
    (R.parse_shot, "Goalie Rating*", "without saying what the star means"),
    # a bare penalty card has no rows; an I reading is the Advanced deck's
    (R.parse_action, "Penalty", "prints its two rows of ratings"),
    (R.parse_action, "Inside shot for C(LW) I-LD(RD)", "Advanced action deck (12.1)"),
    # what the new forms must not let through
    (R.parse_action, "Inside shot for C((LW)", "expected an action reading"),
    (R.parse_action, "Inside shot for C (C", "expected an action reading"),
    (R.parse_rebound, "Offense LW with Defense rating of 3 or more", "expected a rebound reading"),
    (R.parse_rebound, "offense - any player with Offense rating of 3", "expected a rebound reading"),
    (R.parse_defense, "Penalty, outside shot", "expected a defense reading"),
    (R.parse_defense, "Outside shot, takes puck", "expected a defense reading"),
    (R.parse_goalie, "OUT: Save, Breakaway 1-6 IN/BKWY:", "expected a goalie reading"),
    (R.parse_goalie, "OUT: Save, Breakaway 1-6", "must start 'IN/BKWY:'"),
    (R.parse_goalie, "OUT: Save, Breakaway 1-6 OUTSIDE: Faceoff", "must start 'IN/BKWY:'"),
    (R.parse_goalie, "Faceoff.", "expected a goalie reading"),
    (R.parse_breakaway, "rating of needed", "expected a breakaway reading"),
])
def test_printed_forms_refuse_what_they_do_not_say(fn, text, needle):
    with pytest.raises(R.ReadingError, match=re.escape(needle)):
        fn(text)


@pytest.mark.parametrize("col,text,needle", [
    ("D12", "Penalty", "Defense 12 reads Takes puck or Outside shot (4.1)"),
    ("D13", "Takes puck, outside shot", "Defense 13 reads Takes puck or Outside shot (4.1)"),
])
def test_penalty_readings_only_in_defense_7_to_11(tmp_path, col, text, needle):
    p = _write_skaters(tmp_path, {"Player A": {**PLAYER_A, col: text}})
    with pytest.raises(ChartError, match=re.escape(needle)):
        load_skaters(p)
    header = ["name", *SKATER_COLUMNS, "D9"]
    p = _write_skaters(tmp_path, {"Player A": {**PLAYER_A, "D9": "Outside shot"}}, header)
    with pytest.raises(ChartError, match=re.escape("Defense 9 reads Penalty or Takes puck, outside shot (16.2)")):
        load_skaters(p)


@pytest.mark.parametrize("text,expected", [
    ("(MC: 10 11)", frozenset({10, 11})),       # 17.4 as printed
    ("MC: 9", frozenset({9})),
    ("(mc: 7, 11)", frozenset({7, 11})),
    ("-", frozenset()),
])
def test_misconduct_entry(tmp_path, text, expected):
    header = ["name", *SKATER_COLUMNS, "mc"]
    a = load_skaters(_write_skaters(tmp_path, {"Player A": {**PLAYER_A, "mc": text}}, header))["Player A"]
    assert a.misconduct == expected


@pytest.mark.parametrize("text", ["(MC: 12)", "(MC: 10 10)", "(MC:)", "MC 10 11", "10 11"])
def test_bad_misconduct_entry_names_the_cell(tmp_path, text):
    header = ["name", *SKATER_COLUMNS, "mc"]
    p = _write_skaters(tmp_path, {"Player A": {**PLAYER_A, "mc": text}}, header)
    with pytest.raises(ChartError) as info:
        load_skaters(p)
    msg = str(info.value)
    assert "line 2" in msg and "column 'mc'" in msg and repr(text) in msg and "(MC: 10 11)" in msg


def test_a_card_without_the_misconduct_column_has_none(tmp_path):
    assert load_skaters(_write_skaters(tmp_path, {"Player A": PLAYER_A}))["Player A"].misconduct == frozenset()
