"""EZR games on scripted dice, one rule at a time (shared/rules/shoot-out-hockey-ezr.txt).

Dice order (kernel.py): period 1 home, period 1 away, period 2 home, ..., period 3 away, then overtime (home
line), then shootout rounds (home shooter, away shooter).  A 2d10 roll is one entry 1-100, a 2d6 roll one
entry (its total), a d6 one entry.

The teams sit on printed Goals Scored lines: home OFF AA against away goalie DEF J is EZR +10; away OFF AA
against home goalie DEF H is EZR +8.
  +10: 0:1-7  1:8-22  2:23-42  3:43-65  4:66-91  d6:92-99  ??:100
  +8:  0:1-8  1:9-30  2:31-53  3:54-77  4:78-95  d6:96-99  ??:100
Overtime on +10: WIN 1-54, LOSS 55-74, TIE or SO 75-100.
Shoot Out: home shooter A vs away goalie a scores on 5,6,7,8; away shooter B vs home goalie b on 5,6,7,8.
"""
import pytest

from simcore.errors import InputError
from simcore.games import ezr

HOME = "AA/H/A/b"   # OFF AA, goalie DEF H (not a HOT GOALIE letter), shooter A, goalie shootout b
AWAY = "AA/J/B/a"   # OFF AA, goalie DEF J, shooter B, goalie shootout a
HOT_AWAY = "AA/E/B/a"  # same, but a goalie DEF E: HOT GOALIE applies to the home team's ?? roll


def play(dice, rules=None, home=HOME, away=AWAY, **kw):
    return ezr.play_scripted(home, away, dice, rules, **kw)


def test_lines_of_the_scenario_teams(charts):
    """EZ Rating Table: "Find the team's letter offense (TEAM OFF, rows AA to H) and the opposing starting
    goaltender's letter defence (GOALIE DEF, columns A to J). The number where they meet is that team's EZR."
    Row AA as printed: column H is +8, column J is +10."""
    from simcore.games.ezr.matchup import Team, ezr_of
    assert ezr_of(charts, Team.parse(HOME), Team.parse(AWAY)) == 10
    assert ezr_of(charts, Team.parse(AWAY), Team.parse(HOME)) == 8


def test_plain_periods_and_the_d6_column():
    # Play: "Roll 2d10 and read that number on the team's EZR line"; "When "d6" is the column result you
    # must roll one six-sided die."
    g = play([7, 9, 92, 5, 96, 2, 43, 78])
    assert g.goals.tolist() == [[0, 5, 3], [1, 2, 4]]
    assert (g.home_goals, g.away_goals, g.winner, g.decided_in) == (8, 7, "home", "REG")
    assert g.overtime is None and g.dice_used == 8


def test_column_edges():
    """Goals Scored Table: "Roll 2d10 (read as 1-100) and find the team's EZR line. Read the column that contains
    the roll."  A roll on the first or last number of a printed range reads that range's column."""
    g = play([8, 8, 22, 30, 91, 95])   # +10: 8 -> 1, 22 -> 1, 91 -> 4; +8: 8 -> 0, 30 -> 1, 95 -> 4
    assert g.goals.tolist() == [[1, 1, 4], [0, 1, 4]]


def test_breakaway_example():
    # ??: "you roll a 2d6 result of 7-BREAKAWAY. If the breakaway results in a goal, you would add one goal
    # to whatever the results of your next roll on the Goals Scored table."  The shot reads the Shoot Out
    # table (docs/ezr.md): shooter A vs goalie a scores on 5-8.
    g = play([100, 7, 6, 23, 1, 1, 1, 1, 1])
    assert g.goals[0, 0] == 3
    assert g.events[0][0] == ["BREAKAWAY", "BREAKAWAY: goal"]
    g = play([100, 7, 9, 23, 1, 1, 1, 1, 1])
    assert g.goals[0, 0] == 2 and "BREAKAWAY: saved" in g.events[0][0]


def test_hot_goalie_takes_away_all_goals_only_against_a_to_e():
    # "If the opposing goaltender's DEF rating is A, B, C, D or E - he takes away all the goals you score"
    g = play([100, 2, 99, 6, 1, 1, 1, 1, 1, 54], away=HOT_AWAY)   # 0-0: the overtime roll decides
    assert g.goals[0, 0] == 0
    assert "HOT GOALIE: goals taken away" in g.events[0][0]
    g = play([100, 2, 99, 6, 1, 1, 1, 1, 1])   # goalie J: no effect
    assert g.goals[0, 0] == 6
    assert g.events[0][0] == ["HOT GOALIE"]


def test_injury_lowers_every_later_roll_of_the_game():
    # "REDUCE your EZR dice roll result by 10 for rest of game"
    g = play([100, 3, 30, 1, 30, 1, 30, 1])
    # 30 - 10 = 20 reads 1 goal on +10 (it would be 2), in the period of the injury and every later one
    assert g.goals[0].tolist() == [1, 1, 1]
    g = play([100, 3, 30, 1, 5, 1, 8, 1])
    assert g.goals[0].tolist() == [1, 0, 0]   # 5 - 10 and 8 - 10 leave 1-100: read as 1


def test_goal_under_review():
    # "Roll 2d6: YES = 2-8 add one goal to your total. NO = 9-12 take away one goal from your total"
    assert play([100, 4, 8, 43, 1, 1, 1, 1, 1]).goals[0, 0] == 4
    assert play([100, 4, 9, 43, 1, 1, 1, 1, 1]).goals[0, 0] == 2
    assert play([100, 4, 12, 1, 1, 1, 1, 1, 1, 54]).goals[0, 0] == 0   # never below zero (0-0, then overtime)


def test_out_hustled_and_good_coaching():
    # Periods 1 & 2: "SUBTRACT -15 to your dice roll for goals in the period"
    g = play([100, 5, 30, 1, 30, 1, 1, 1])
    assert g.goals[0].tolist() == [1, 2, 0]   # 30-15 = 15 -> 1 goal; the next period is back to normal
    # Period 3: GOOD COACHING "Increase your EZR dice roll by +15 in Period 3"; 90+15 leaves 1-100: read 99
    g = play([1, 1, 1, 1, 100, 5, 90, 4, 1])
    assert g.goals[0, 2] == 4 and g.events[0][2] == ["GOOD COACHING"]


def test_shuffle_lines_is_a_policy_choice():
    # "YOUR CHOICE: Keep the goals scored in your roll OR roll again adding +10 to the dice result."
    # 8 reads 1 goal; the +10 re-roll averages well over 2 on +10, so the default policy rolls again: 60+10 -> 4
    g = play([100, 6, 8, 60, 1, 1, 1, 1, 1])
    assert g.goals[0, 0] == 4
    assert g.events[0][0] == ["SHUFFLE LINES", "SHUFFLE LINES: re-rolled"]
    g = play([100, 6, 8, 1, 1, 1, 1, 1], policies="keep")
    assert g.goals[0, 0] == 1 and "SHUFFLE LINES: kept" in g.events[0][0]
    # a 4-goal roll beats the re-roll's expectation: kept without another roll
    g = play([100, 6, 70, 1, 1, 1, 1, 1])
    assert g.goals[0, 0] == 4
    g = play([100, 6, 70, 5, 1, 1, 1, 1, 1], policies="reroll")
    assert g.goals[0, 0] == 1   # 5 + 10 = 15 -> 1 goal


def test_late_night_blues_in_period_3():
    # Period 3: "REDUCE your EZR dice roll in period 3 by 10"
    g = play([1, 1, 1, 1, 100, 6, 30, 1])
    assert g.goals[0, 2] == 1 and g.events[0][2] == ["LATE NIGHT BLUES"]


def test_a_100_on_the_reroll_goes_back_to_the_chart():
    """?? (optional): "When you roll 100 two additional rolls are required." ... "No matter what the outcome may be
    on the ?? Chart, you will have to roll again on the Goals Scored table."  docs/ezr.md "?? chart": "If the
    re-roll is itself a 100, the chart is consulted again and the effects accumulate, then the team rolls
    again"."""
    # OUT HUSTLED (-15), then the re-roll is 100 again: GOAL UNDER REVIEW, YES; then 50 - 15 = 35 -> 2, +1
    g = play([100, 5, 100, 4, 8, 50, 1, 1, 1, 1, 1])
    assert g.goals[0, 0] == 3
    assert g.events[0][0] == ["GOAL UNDER REVIEW", "OUT HUSTLED", "GOAL UNDER REVIEW: goal added"]


def test_without_the_chart_100_is_rolled_again():
    # "If you prefer not to use it, just roll again to get a random number between 1-99."
    g = play([100, 23, 1, 1, 1, 1, 1], "qq_chart=off")
    assert g.goals[0, 0] == 2 and g.events[0][0] == []


def test_unprinted_results_mirror_or_blank():
    """?? Chart, 2 HOT GOALIE: "If the opposing goaltender's DEF rating is A, B, C, D or E - he takes away all the
    goals you score in the period."  Results 8-12 are not printed: docs/ezr.md "?? chart",
    reconstructed:mirror-7: "results 12, 11, 10, 9, 8 repeat 2, 3, 4, 5, 6"; reconstructed:blank: "8-12 are
    "NO EVENT", a plain re-roll"."""
    g = play([100, 12, 99, 6, 1, 1, 1, 1, 1, 54], away=HOT_AWAY)   # 12 mirrors 2: HOT GOALIE
    assert g.goals[0, 0] == 0
    g = play([100, 12, 99, 6, 1, 1, 1, 1, 1], "qq_unprinted=blank", away=HOT_AWAY)
    assert g.goals[0, 0] == 6 and g.events[0][0] == ["NO EVENT"]


TIE_REG = [43, 54, 1, 1, 1, 1]   # 3-3 after regulation


def test_overtime_on_the_home_line():
    # "Roll 2d10 for the home team on the same EZR line ... WON / LOST / TIED or continue on to a shootout."
    g = play(TIE_REG + [54])
    assert (g.winner, g.decided_in, g.overtime, g.home_goals, g.away_goals) == ("home", "OT", "WIN", 4, 3)
    g = play(TIE_REG + [55])
    assert (g.winner, g.decided_in, g.overtime, g.home_goals, g.away_goals) == ("away", "OT", "LOSS", 3, 4)


def test_play_by_play_table_gives_an_overtime_goal_to_the_team_that_scored():
    """The play-by-play's events table sums to the final score: an overtime LOSS (the home line's roll) is the
    away team's goal; seed 3's first BOS-NYR game goes to overtime and NYR wins it."""
    import simcore

    pbp = simcore.game("ezr").play_by_play({"home": "BOS", "away": "NYR"}, seed=3, game_index=0)
    ot = pbp.events.set_index("period").loc["OT"]
    assert (ot.team, ot.goals, ot.events) == ("away", 1, "LOSS")
    goals = pbp.events.groupby("team").goals.sum()
    assert (goals["home"], goals["away"]) == (pbp.result["home_goals"], pbp.result["away_goals"]) == (3, 4)


def test_overtime_ignores_injury_modifier():
    # the INJURY modifier is for Goals Scored rolls (docs/ezr.md): on the home line's Overtime table (+10: WIN 1-54)
    # 64 is a LOSS; with the injury's -10 it would read 54, a WIN
    g = play([100, 3, 53, 54, 1, 1, 1, 1, 64])
    assert g.goals[0].sum() == 3 and g.overtime == "LOSS"


def test_shootout_after_tie_or_so():
    # "you will only use one shooter ... for each team. Roll once for each and read the result"
    g = play(TIE_REG + [75, 6, 2])
    assert (g.winner, g.decided_in, g.overtime, g.shootout_rounds) == ("home", "SO", "TIE or SO", 1)
    assert (g.home_goals, g.away_goals) == (3, 3)   # shootout goals are not goals
    g = play(TIE_REG + [75, 6, 7, 2, 2, 9, 5])        # both score, both miss, then the away shooter scores
    assert (g.winner, g.shootout_rounds) == ("away", 3)
    g = play(TIE_REG + [75, 6, 7], "shootout_undecided=tie")
    assert (g.winner, g.decided_in, g.shootout_rounds) == ("tie", "SO", 1)


def test_without_shootout_or_overtime():
    """Overtime: "Roll 2d10 for the home team on the same EZR line as they rolled on in regulation to determine if
    they WON / LOST / TIED or continue on to a shootout."  docs/ezr.md "Overtime": "TIE or SO: a shootout when
    `shootout=on`, otherwise the game ends tied. With `overtime=none` a regulation tie goes straight to the
    shootout when it is on, and stands when it is off."  Each option replayed on a 3-3 regulation tie."""
    g = play(TIE_REG + [75], "shootout=off")
    assert (g.winner, g.decided_in, g.overtime) == ("tie", "OT", "TIE or SO")
    g = play(TIE_REG + [6, 2], "overtime=none")
    assert (g.winner, g.decided_in, g.overtime) == ("home", "SO", None)
    g = play(TIE_REG, "overtime=none,shootout=off")
    assert (g.winner, g.decided_in) == ("tie", "REG")


def test_script_must_match_the_game():
    with pytest.raises(ValueError, match="used 8 of 9"):
        play([7, 9, 92, 5, 96, 2, 43, 78, 1])
    with pytest.raises(InputError, match=r"ran out: .* \(dice: 2 entries given\)$"):
        play([7, 9])
    with pytest.raises(InputError, match=r"^dice entry 1 \(13\): a scripted roll is outside the range"):
        play([100, 13])             # a 2d6 total after the 2d10 roll
