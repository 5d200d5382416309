"""Strat-O-Matic Hockey Basic: scripted-deck scenarios replaying the rulebook's worked examples
(shared/rules/strat-o-matic-hockey.txt).

Each game is played by :func:`engine.play_scripted` with set action cards, split cards and dice.  Split cards are
named by their row in the sample kit's split deck (``S01``..``S40``); card ``S{2n-1}`` carries split number ``n``.
Sample kit facts used below: faceoff chart 6 = Home LW, 7 = Home RW, 1 = Home C, 11 = Visitor C, 17 = Visitor
RW; team KBY's first line is Nils Ulvridge (LW) - Silas Quilholm (C) - Player A (RW), goalie Linus Ashwick;
NRV's first line is Player B (LW, Penalty B) - Ambrose Eckstead (C) - Ignatius Zeller (RW), goalie Player C,
penalty-killing unit 1 Rowan Vandvik, Jasper Zellford, Emmett Marby (LD, Defense 5), Jory Ulvton.  The
rulebook's Player A and Player B are opponents (4.1) and Player A shoots at Player C (5.5): with NRV at home and
KBY visiting, Player B (home LW) and Player A (visiting RW) are matched up.
"""
from __future__ import annotations

import csv
import shutil

import pytest

from simcore.games.strat import engine
from simcore.games.strat import kernel
from simcore.games.strat import readings as R
from simcore.games.strat.kernel.layout import COL_IN, COL_OUT, COL_REB, DEC_OTL, DEC_W, NZ, TB, TM, ZL, EV, F, K, P, T
from simcore.games.strat.kit import SAMPLE_KIT_DIR, load_kit

NO_TIE_BREAK = "overtime=none,shootout=off"
PLAIN = NO_TIE_BREAK + ",assists=off"          # no assists split card to script
HOME, AWAY = 0, 1
GOAL_ONLY = "pull_goalie=never"


def split(n: int) -> str:
    """The first split card of the sample deck with number ``n``."""
    return f"S{2 * n - 1:02d}"


# ---------------------------------------------------------------- kit copies

def _edit_csv(path, fn):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
        fields = list(rows[0].keys())
    rows = fn(rows)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def set_cells(kit_dir, rel, key, name, **values):
    def fn(rows):
        hit = [r for r in rows if r[key] == name]
        assert hit, (rel, name)
        for r in hit:
            r.update(values)
        return rows
    _edit_csv(kit_dir / rel, fn)


def kit_copy(tmp_path_factory, name, edit):
    d = tmp_path_factory.mktemp(name) / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    edit(d)
    return load_kit(d)


# ---------------------------------------------------------------- helpers

def texts(gl, code):
    ev = gl.events
    return ev.loc[ev["code"] == code, "text"].tolist()


def rows(gl, code):
    ev = gl.events
    return ev.loc[ev["code"] == code]


def slot(kit, team, name):
    c = engine.compiled(kit)
    return c.roster[c.team_index(team)].index(name)


def skater_id(c, team, name):
    return c.skaters.index((team, name))


def roll_for(kit, team, name, col, kind, want=None):
    """A 2d6 total whose reading in ``col`` (COL_OUT / COL_IN / COL_REB) of the player's card is of ``kind``
    (and, with ``want``, has fields ``a, b, c`` == want)."""
    c = engine.compiled(kit)
    p = skater_id(c, team, name)
    for dice in range(2, 13):
        r = c.tables[TB.shot][p, col, dice - 2]
        if r[0] == kind and (want is None or tuple(r[1:]) == want):
            return dice
    raise AssertionError(f"{name} has no such reading in column {col}")


#: Player B's and Player C's team at home, Player A's visiting (the rulebook's opponents, 4.1, 5.5).
B_HOME = {"home": "NRV", "away": "KBY"}


def play(home="KBY", away="NRV", actions=(), splits=(), dice=(), rules=PLAIN, kit=None, coaches=GOAL_ONLY, **kw):
    return engine.play_scripted(home, away, actions=[list(p) for p in actions], splits=list(splits),
                                dice=list(dice), rules=rules, kit=kit, coaches=coaches, **kw)


# ---------------------------------------------------------------- 4.1 Opponent Defense

def test_4_1_opponent_defense_example():
    # 4.1: "If Player B is on the attack and the action card reads 'Opponent Defense 12,' refer to the Defense
    # column of Player A's card. Player A has taken away the puck. Draw a new action card to continue play."
    # Faceoff 6 = Home LW Player B (NRV); A12 home section "Opponent Defense 12"; Player A (KBY RW) D12 "Takes
    # puck".  A10 visitor section "Opponent Defense 14" is then drawn by Player A: Player B's D14 "Outside shot",
    # and Player A shoots from outside (roll 4: X-DLW, the puck to NRV's LW).
    gl = play(**B_HOME, actions=[["A12", "A10"]], splits=[split(6)], dice=[4],
              coaches="penetrate=never,pull_goalie=never")
    assert texts(gl, EV.faceoff) == ["Faceoff at center ice: split 6, NRV LW Player B wins it"]
    assert texts(gl, EV.defense) == ["KBY RW Player A, Defense 12: Takes puck",
                                       "NRV LW Player B, Defense 14: Outside shot"]
    cards = texts(gl, EV.card)
    assert cards[0].endswith("Opponent Defense 12 -- LW Player B has the puck")
    assert cards[1].startswith("KBY draws action card A10 (visitor section)")
    assert cards[1].endswith("RW Player A has the puck")
    assert texts(gl, EV.shot) == ["KBY RW Player A shoots (Outside), rolls 4: X-DLW"]
    assert (gl.home_goals, gl.away_goals, gl.winner) == (0, 0, "tie")
    assert gl.team[AWAY, T.sog] == 1 and gl.team[HOME, T.sog] == 0


# ---------------------------------------------------------------- 4.6 breakaways

def test_4_62_breakaway_rating_example():
    # 4.62: "With a breakaway rating of 3 needed, Player B's BREAKAWAY / PENETRATION rating (3) is high enough for
    # him to attempt the shot."  A09 home "Possible breakaway"; split S04 Breakaway "Rating 3"; the shot is
    # from the Reb/Bkwy column (roll 2: Goal).  Player B is NRV's LW, at home (faceoff 6).
    gl = play(**B_HOME, actions=[["A09"]], splits=[split(6), "S04"], dice=[2])
    assert texts(gl, EV.breakaway) == ["  NRV possible breakaway: Rating 3"]
    assert texts(gl, EV.shot) == ["NRV LW Player B shoots (Reb/Bkwy), rolls 2: Goal"]
    assert (gl.home_goals, gl.away_goals, gl.winner) == (1, 0, "home")
    assert gl.players[HOME, slot(None, "NRV", "Player B"), P.g] == 1
    assert gl.team[HOME, T.g1] == 1 and gl.team[HOME, T.sog] == 1


def test_4_62_breakaway_rating_too_low(tmp_path_factory):
    # 4.62: "if his rating was 1 or 2, he would lose the puck to his defensive opponent, who then would draw an
    # action card."  Player B's rating set to 2: his defensive opponent, KBY's RW Player A, draws A12.
    kit = kit_copy(tmp_path_factory, "b_bkwy2",
                   lambda d: set_cells(d, "teams/NRV_skaters.csv", "name", "Player B", bkwy="2"))
    gl = play(**B_HOME, actions=[["A09", "A12"]], splits=[split(6), "S04"], dice=[], kit=kit)
    assert texts(gl, EV.shot) == []
    cards = texts(gl, EV.card)
    assert cards[1].startswith("KBY draws action card A12 (visitor section)")
    assert cards[1].endswith("RW Player A has the puck")
    # A12 visitor "Opponent Defense 12": Player B's D12 takes the puck back
    assert texts(gl, EV.defense) == ["NRV LW Player B, Defense 12: Takes puck"]
    assert gl.team[:, T.sog].tolist() == [0, 0]


# ---------------------------------------------------------------- 6.1 penetration, 5.8 goal splits, 4.41

@pytest.mark.parametrize("goal_split, scores", [(1, True), (8, True), (9, False), (20, False)])
def test_6_1_penetration_and_5_8_goal_split(goal_split, scores):
    # 4.41: the left wing (KBY's Nils Ulvridge) has the puck and A15 reads "Outside shot for LW (RW)": the pass
    # goes to the RW.
    # 6.1: "Player A ... has a Penetration rating of 4. On the chart, a 4 earns a successful penetration on split
    # readings 1-13." (split 13: inside shot)
    # 5.8: "If Player A rolls a 5 on an inside shot attempt, his coach picks a split card. Split cards 1-8
    # indicate a goal and 9-20 a faceoff."  A missed split is a save and a faceoff in NRV's end; NRV's C wins
    # it (split 11) and, with the deck spent, the period ends.
    splits = [split(6), split(13), split(goal_split)] + ([] if scores else [split(11)])
    gl = play(actions=[["A15"]], splits=splits, dice=[5], coaches="penetrate=always,pull_goalie=never")
    assert texts(gl, EV.penetrate) == ["KBY RW Player A tries to penetrate (rating 4): split 13, inside shot"]
    assert texts(gl, EV.shot) == ["KBY RW Player A shoots (Inside), rolls 5: Goal 1-8"]
    assert gl.team[HOME, T.pen_try] == 1 and gl.team[HOME, T.pen_ok] == 1
    assert gl.team[HOME, T.sog] == 1
    if scores:
        assert (gl.home_goals, gl.away_goals) == (1, 0)
        assert gl.players[HOME, slot(None, "KBY", "Player A"), P.g] == 1
    else:
        assert (gl.home_goals, gl.away_goals) == (0, 0)
        assert texts(gl, EV.faceoff)[1] == "Faceoff at NRV's end: split 11, NRV C Ambrose Eckstead wins it"


def test_6_1_failed_penetration_goes_to_opposing_left_wing():
    # 6.1: "If the split card is 14-20, the puck is stolen by Player A's defensive counterpart, the opposing left
    # wing. Draw an action card to resume play."  NRV's LW Player B draws A12 (visitor "Opponent Defense
    # 12"): Player A's D12 takes the puck back.
    gl = play(actions=[["A15", "A12"]], splits=[split(6), split(14)], dice=[],
              coaches="penetrate=always,pull_goalie=never")
    assert texts(gl, EV.penetrate) == ["KBY RW Player A tries to penetrate (rating 4): split 14, puck lost"]
    cards = texts(gl, EV.card)
    assert cards[1].startswith("NRV draws action card A12") and cards[1].endswith("LW Player B has the puck")
    assert texts(gl, EV.defense) == ["KBY RW Player A, Defense 12: Takes puck"]
    assert gl.team[HOME, T.pen_try] == 1 and gl.team[HOME, T.pen_ok] == 0
    assert gl.team[:, T.sog].tolist() == [0, 0]


# ---------------------------------------------------------------- 5.3 / 5.5 rebound and goalie rating

@pytest.mark.parametrize("goalie_roll, extra_splits, goal",
                         [(2, [], True), (9, [split(1)], True), (9, [split(2), split(1)], False),
                          (5, [split(1)], False)])
def test_5_5_rebound_goalie_rating_example(goalie_roll, extra_splits, goal):
    # 5.5: "see Player C's goalie card and Player A's Reb/Bkwy column. If, on a rebound shot by Player A, his
    # coach rolls a nine, the result is a Goalie Rating. Roll two dice ... and refer to the goalie's card."
    # Player A (KBY RW, visiting) wins the faceoff (17), A10 visitor "Opponent Defense 14" -> Player B's D14
    # "Outside shot"; roll 5 on his Outside column: X-Reb; split S10 Rebound "Offense RW 3" (5.33: Offense 6 >= 3);
    # rebound roll 9: Goalie Rating.  Player C's card: 2 Goal; 9 "Goal 1-1, Faceoff 2-20" (5.6); 5 Faceoff.
    # A save for a faceoff is in NRV's end; NRV's C wins it (split 1) and the deck is spent.
    gl = play(**B_HOME, actions=[["A10"]], splits=[split(17), "S10"] + extra_splits, dice=[5, 9, goalie_roll],
              coaches="penetrate=never,pull_goalie=never")
    assert texts(gl, EV.rebound) == ["  Rebound: Offense RW 3"]
    assert texts(gl, EV.shot) == ["KBY RW Player A shoots (Outside), rolls 5: X-Reb",
                                    "KBY RW Player A shoots (Reb/Bkwy), rolls 9: Goalie Rating"]
    g = texts(gl, EV.goalie)
    assert len(g) == 1 and g[0].startswith(f"  Player C (G, NRV) card, rolls {goalie_roll}:")
    assert gl.team[AWAY, T.sog] == 2
    assert gl.goalies[HOME, 0, K.sa] == 2
    assert (gl.home_goals, gl.away_goals) == (0, 1 if goal else 0)
    assert gl.goalies[HOME, 0, K.ga] == (1 if goal else 0)


# ---------------------------------------------------------------- 7.x power plays

def _penalty_on_player_b():
    # 4.81: faceoff 7 = Home RW Player A; A01 home "Penalty AA A B / C D": the defender matched against KBY's RW
    # is NRV's LW Player B, Penalty rating B (16.11; top row): a two-minute penalty, KBY on the power play.
    return [split(7)]


_penalty_on_ulvridge = _penalty_on_player_b      # its name in test_7_31


@pytest.fixture(scope="module")
def kit_weak_ld(tmp_path_factory):
    # NRV's penalty-killing LD Emmett Marby drops to Defense 2 (< 4 on the chart's "LD 4" row)
    return kit_copy(tmp_path_factory, "weak_ld",
                    lambda d: set_cells(d, "teams/NRV_skaters.csv", "name", "Emmett Marby", **{"def": "2"}))


def test_7_32_power_play_chart_top_half():
    # 7.32: "If the short-handed team left defenseman's rating is a 4, the top section will be used, giving the
    # short-handed team a breakaway opportunity and the power play team an inside shot for the right wing."
    # Split 1's row: condition LD 4; top: SH "Breakaway LW", PP "Inside RW".  Marby's Defense 5 >= 4: top half.
    # 7.3: two action cards (A02, A03) are flipped for the elapsed time.  7.33: short-handed shots first.
    vandvik_save = roll_for(None, "NRV", "Rowan Vandvik", COL_REB, R.SAVE_TO)
    gl = play(actions=[["A01", "A02", "A03"]], splits=_penalty_on_player_b() + [split(1)],
              dice=[vandvik_save, 2])
    assert texts(gl, EV.penalty) == ["PENALTY NRV: Player B (LW, NRV), 2 minutes (action-card penalty)"]
    assert texts(gl, EV.flip) == ["  elapsed time: card A02", "  elapsed time: card A03"]
    assert texts(gl, EV.pp) == ["KBY power play, unit PP1 against PK1: split 1, top half of the chart"]
    pp = texts(gl, EV.pp_shot)
    assert len(pp) == 2
    assert pp[0].startswith("  NRV Rowan Vandvik (LW, NRV) Breakaway shot")
    assert pp[1] == "  KBY Player A (RW, KBY) Inside shot, rolls 2: Goal"
    assert (gl.home_goals, gl.away_goals) == (1, 0)
    assert gl.team[HOME, T.ppo] == 1 and gl.team[HOME, T.ppg] == 1
    assert gl.team[AWAY, T.pen] == 1 and gl.team[AWAY, T.pim] == 2
    assert gl.players[AWAY, slot(None, "NRV", "Player B"), P.pim] == 2
    assert gl.players[HOME, slot(None, "KBY", "Player A"), P.ppg] == 1
    # 7.36: a faceoff at center ice follows; the deck is spent, so the period ends
    assert texts(gl, EV.faceoff) == ["Faceoff at center ice: split 7, KBY RW Player A wins it"]


def test_7_33_power_play_chart_bottom_half_and_7_34_goal_ends_it(kit_weak_ld):
    # 7.33: "If the defensive rating of the left defenseman is less than 4, the power play team has an inside
    # shot for the center and a rebound shot for the left wing."
    # 7.34: "If the power play team scores, the penalty is over and no subsequent power play shots are taken."
    gl = play(actions=[["A01", "A02", "A03"]], splits=_penalty_on_player_b() + [split(1)], dice=[2],
              kit=kit_weak_ld)
    assert texts(gl, EV.pp) == ["KBY power play, unit PP1 against PK1: split 1, bottom half of the chart"]
    assert texts(gl, EV.pp_shot) == ["  KBY Silas Quilholm (C, KBY) Inside shot, rolls 2: Goal"]
    assert gl.team[HOME, T.ppg] == 1 and gl.home_goals == 1


def test_7_33_bottom_half_both_shots(kit_weak_ld):
    # the center's inside shot is saved (X-D...), so the left wing takes the chart's rebound shot (7.34)
    c_save = roll_for(kit_weak_ld, "KBY", "Silas Quilholm", COL_IN, R.SAVE_TO)
    gl = play(actions=[["A01", "A02", "A03"]], splits=_penalty_on_player_b() + [split(1)], dice=[c_save, 2],
              kit=kit_weak_ld)
    pp = texts(gl, EV.pp_shot)
    assert len(pp) == 2
    assert pp[0].startswith("  KBY Silas Quilholm (C, KBY) Inside shot")
    assert pp[1] == "  KBY Nils Ulvridge (LW, KBY) Rebound shot, rolls 2: Goal"
    assert gl.players[HOME, slot(kit_weak_ld, "KBY", "Nils Ulvridge"), P.ppg] == 1
    assert gl.team[HOME, T.sog] == 2 and gl.team[HOME, T.sog_pp] == 2


def test_7_31_line_change_among_elapsed_time_cards():
    # 7.31: "If, when flipping two action cards for penalty time, a line change card comes up, do not change
    # lines. Instead, change lines after the penalty is concluded."  7.3 flips "two action cards", and the
    # line-change cards are not action cards (Getting Started: "Separate the two forward line-change cards and
    # the one defenseman line-change card from the perforated deck"): the F card is set aside and two action
    # cards (A02, A03) still make the elapsed time.
    vandvik_save = roll_for(None, "NRV", "Rowan Vandvik", COL_REB, R.SAVE_TO)
    a_save = roll_for(None, "KBY", "Player A", COL_IN, R.SAVE_TO)
    gl = play(actions=[["A01", "F", "A02", "A03"]], splits=_penalty_on_ulvridge() + [split(1)],
              dice=[vandvik_save, a_save])
    assert texts(gl, EV.flip) == ["  elapsed time: card F line change (waits)", "  elapsed time: card A02",
                                  "  elapsed time: card A03"]
    assert texts(gl, EV.line) == ["Line change: forward line F2, defense pair D1 on the ice (after the penalty, "
                                    "7.31)"]
    assert (gl.home_goals, gl.away_goals) == (0, 0)
    # the PP unit took the shots, but the even-strength line on the ice before the penalty was F1 (not PP1)
    assert gl.team[HOME, T.ppo] == 1 and gl.team[HOME, T.ppg] == 0


def test_7_37_penalty_on_last_card_of_period():
    # 7.37: "if a penalty card is drawn on the last action card ... the penalty occurred at the buzzer and the
    # power play begins at the start of the next period."  Period 2's first two cards are the elapsed time.
    vandvik_save = roll_for(None, "NRV", "Rowan Vandvik", COL_REB, R.SAVE_TO)
    gl = play(actions=[["A01"], ["A02", "A03"]], splits=_penalty_on_player_b() + [split(1)],
              dice=[vandvik_save, 2])
    pen = rows(gl, EV.penalty)
    pp = rows(gl, EV.pp)
    assert pen["period"].tolist() == [1] and pp["period"].tolist() == [2]
    assert texts(gl, EV.flip) == ["  elapsed time: card A02", "  elapsed time: card A03"]
    assert gl.team[HOME, T.g1] == 0 and gl.team[HOME, T.g2] == 1
    assert gl.team[HOME, T.ppo] == 1 and gl.team[HOME, T.ppg] == 1


def test_7_38_penalty_on_last_card_of_game():
    # 7.38: "if the penalty occurs on the last card of the game, the game ends without a power play. Charge the
    # offending player with a penalty."  KBY leads 1-0 (Nils Ulvridge's breakaway goal in period 1).
    gl = play(actions=[["A09"], [], ["A01"]], splits=[split(6), "S04"] + _penalty_on_player_b(), dice=[2])
    assert texts(gl, EV.penalty) == ["PENALTY NRV: Player B (LW, NRV), 2 minutes (action-card penalty)"]
    assert texts(gl, EV.pp) == [] and texts(gl, EV.flip) == []
    assert gl.team[HOME, T.ppo] == 0
    assert gl.team[AWAY, T.pen] == 1 and gl.players[AWAY, slot(None, "NRV", "Player B"), P.pim] == 2
    assert (gl.home_goals, gl.away_goals, gl.decided_in) == (1, 0, "REG")


def test_7_37_tied_game_penalty_carries_into_overtime():
    # a tie after the last card of period 3 is not the game's last card when overtime is played: the power play
    # opens the overtime (27.0 note: 8 cards), and the power-play goal ends it (sudden death)
    vandvik_save = roll_for(None, "NRV", "Rowan Vandvik", COL_REB, R.SAVE_TO)
    gl = play(actions=[[], [], ["A01"], ["A02", "A03"]], splits=_penalty_on_player_b() + [split(1)],
              dice=[vandvik_save, 2], rules="overtime=8cards,shootout=off,assists=off")
    assert rows(gl, EV.pp)["period"].tolist() == [4]
    assert (gl.home_goals, gl.away_goals, gl.winner, gl.decided_in) == (1, 0, "home", "OT")
    assert gl.team[HOME, T.got] == 1


# ---------------------------------------------------------------- 14 assists

def _assist_kit(rw_assist):
    def edit(d):
        # 14.22's example split card: "Any 6", then C, RD 3, RW 2, LD 3, LW 2 (left to right)
        set_cells(d, "split_deck.csv", "card", "S39", assists="Any 6; C 1, RD 3, RW 2, LD 3, LW 2")
        for name, ast in (("Nils Ulvridge", "1"), ("Player A", rw_assist), ("Nils Thornmire", "2"),
                          ("Dorian Holgren", "3"), ("Silas Quilholm", "4")):
            set_cells(d, "teams/KBY_skaters.csv", "name", name, ast=ast)
    return edit


@pytest.mark.parametrize("rw_assist, expected", [("1", {"Dorian Holgren"}),
                                                 ("2", {"Dorian Holgren", "Player A"})])
def test_14_22_assists_example(tmp_path_factory, rw_assist, expected):
    # 14.22: "If any player on the ice other than the goal-scoring center has an assist rating of 6 or better, he
    # gets an assist. Assume none do. ... The center cannot be credited with an assist because he scored the
    # goal. Assume the RD has a rating of 3. He gets an assist. Then assume the assist ratings for the RW, the LD
    # and the LW are 1, 2 and 1 respectively. ... only one assist is given for the goal. If the RW had an assist
    # rating of 2 or more, he would have been credited with the second assist."
    # The center scores on his own breakaway (no pass to credit, 14.1), so the split card decides (14.2).
    kit = kit_copy(tmp_path_factory, f"assists_{rw_assist}", _assist_kit(rw_assist))
    gl = play(actions=[["A09"]], splits=[split(1), "S04", "S39"], dice=[2], kit=kit,
              rules=NO_TIE_BREAK)
    assert texts(gl, EV.shot) == ["KBY C Silas Quilholm shoots (Reb/Bkwy), rolls 2: Goal"]
    c = engine.compiled(kit, NO_TIE_BREAK)
    names = c.roster[c.team_index("KBY")]
    got = {names[i] for i in range(len(names)) if gl.players[HOME, i, P.a] > 0}
    assert got == expected
    assert gl.players[HOME, :, P.a].sum() == len(expected)
    assert gl.players[HOME, names.index("Silas Quilholm"), P.a] == 0


def test_14_1_pass_earns_an_assist():
    # 14.1: "Credit a player with an assist if his pass contributes directly to a goal".  KBY's LW Nils Ulvridge
    # passes to Player A (A15 "Outside shot for LW (RW)", 4.41); Player A penetrates and scores; the second assist
    # comes from the split card S39 (sample: "Any 8; C 2, LW 2, LD 4, RD 4, RW 3").
    gl = play(actions=[["A15"]], splits=[split(6), split(13), split(1), "S39"], dice=[5], rules=NO_TIE_BREAK,
              coaches="penetrate=always,pull_goalie=never")
    assert gl.home_goals == 1
    assert gl.players[HOME, slot(None, "KBY", "Nils Ulvridge"), P.a] == 1
    assert gl.players[HOME, slot(None, "KBY", "Silas Quilholm"), P.a] == 1      # S39's second assist
    assert gl.players[HOME, :, P.a].sum() == 2
    assert gl.players[HOME, slot(None, "KBY", "Player A"), P.a] == 0


# ---------------------------------------------------------------- 24 goalie fatigue

@pytest.mark.parametrize("fatigue", ["on", "off"])
def test_24_3_shelled_goalie_faceoff_dot_is_a_goal(fatigue):
    # 24.3: "If he allows 4 or more goals in one period ... consider him to be fatigued for the rest of the
    # game."  24.2: "On each goalie card there will be a reading of 'Faceoff' followed by a dot. Normally, this is
    # a save and a faceoff. However, if the goalie is fatigued, this reading is a goal instead."
    # Player A (KBY) scores four breakaway goals on Player C (faceoff 17, A14 visitor "Possible breakaway", S04
    # "Rating 3", Reb/Bkwy roll 2: Goal); the fifth breakaway rolls 9 (Goalie Rating) and Player C's card rolls 10
    # (Faceoff with the dot).
    splits = [split(17), "S04"] * 5 + ([] if fatigue == "on" else [split(1)])
    gl = play(**B_HOME, actions=[["A14"] * 5], splits=splits, dice=[2, 2, 2, 2, 9, 10],
              rules=PLAIN + f",goalie_fatigue={fatigue}")
    assert texts(gl, EV.goalie) == ["  Player C (G, NRV) card, rolls 10: Faceoff\u2022"]
    if fatigue == "on":
        assert texts(gl, EV.shelled) == ["Player C (G, NRV) is shelled (4 in the period, 4 in the game): "
                                           "fatigued for the rest of the game"]
        assert gl.away_goals == 5
        assert gl.team[AWAY, T.fatg] == 1
        assert gl.goalies[HOME, 0, K.shelled] == 1 and gl.goalies[HOME, 0, K.fatg] == 1
        assert gl.goalies[HOME, 0, K.ga] == 5
    else:
        assert texts(gl, EV.shelled) == []
        assert gl.away_goals == 4
        assert gl.team[AWAY, T.fatg] == 0 and gl.goalies[HOME, 0, K.shelled] == 0
    assert gl.team[AWAY, T.sog] == 5 and gl.goalies[HOME, 0, K.sa] == 5


def test_24_3_goals_spread_over_periods_do_not_shell():
    # four goals, but two per period: not 4 in one period nor 6 in the game; the Faceoff\u2022 is a save
    goal = [split(17), "S04"]
    gl = play(**B_HOME, actions=[["A14", "A14"], ["A14", "A14"], ["A14"]], splits=goal * 5 + [split(1)],
              dice=[2, 2, 2, 2, 9, 10])
    assert gl.away_goals == 4 and texts(gl, EV.shelled) == []


def test_24_3_a_relieved_goalie_does_not_come_back_when_his_backup_is_shelled():
    # Policy shelled=relieve: Player C (NRV) allows four breakaway goals and is shelled, "fatigued for the rest of
    # the game" (24.3); Jonah Rudford comes in at the next faceoff, allows four and is shelled in his turn.  Player
    # C does not come back: Rudford stays in and allows the ninth goal.
    goal = [split(17), "S04"]
    gl = play(**B_HOME, actions=[["A14"] * 9], splits=goal * 9, dice=[2] * 9,
              coaches="shelled=relieve,pull_goalie=never")
    assert texts(gl, EV.relieve) == ["NRV changes goalies: Jonah Rudford (G, NRV) comes in"]
    assert texts(gl, EV.shelled) == [
        "Player C (G, NRV) is shelled (4 in the period, 4 in the game): fatigued for the rest of the game",
        "Jonah Rudford (G, NRV) is shelled (4 in the period, 4 in the game): fatigued for the rest of the game"]
    assert gl.away_goals == 9
    assert (gl.goalies[HOME, 0, K.ga], gl.goalies[HOME, 1, K.ga]) == (4, 5)
    assert gl.goalies[HOME, 0, K.shelled] == 1 and gl.goalies[HOME, 1, K.shelled] == 1


def test_24_3_a_starter_fatigued_from_the_start_is_shelled_too():
    # 24.4 makes Player C fatigued for the whole game; allowing four goals in a period still shells him (24.3):
    # the goalie count says so and the coach's shelled policy sees it.
    goal = [split(17), "S04"]
    gl = play(**B_HOME, actions=[["A14"] * 4], splits=goal * 4, dice=[2] * 4, fatigued=(1, 0))
    assert gl.goalies[HOME, 0, K.fat_start] == 1 and gl.goalies[HOME, 0, K.ga] == 4
    assert texts(gl, EV.shelled) == ["Player C (G, NRV) is shelled (4 in the period, 4 in the game): "
                                       "fatigued for the rest of the game"]
    assert gl.goalies[HOME, 0, K.shelled] == 1
    relieved = play(**B_HOME, actions=[["A14"] * 5], splits=goal * 5, dice=[2] * 5, fatigued=(1, 0),
                    coaches="shelled=relieve,pull_goalie=never")
    assert texts(relieved, EV.relieve) == ["NRV changes goalies: Jonah Rudford (G, NRV) comes in"]
    assert (relieved.goalies[HOME, 0, K.ga], relieved.goalies[HOME, 1, K.ga]) == (4, 1)


# ---------------------------------------------------------------- 13 pulling the goalie

def test_13_pulled_goalie_goalie_rating_is_a_goal():
    # 13.0: the goalie may be pulled "when there are 2 or fewer action cards remaining in the game".  13.1: "If a
    # Goalie Rating results from a shot by the team shooting at the empty net, consider it to be a goal."
    # NRV (home) leads 1-0; period 3 has one card, so KBY (coach policy pull_goalie=trailing) pulls at its
    # faceoff.  Player B's breakaway rolls 8 on the Reb/Bkwy column: Goalie Rating -> empty-net goal, no goalie
    # roll.
    gr = roll_for(None, "NRV", "Player B", COL_REB, R.GOALIE_RATING, (0, 0, 0))
    gl = play(**B_HOME, actions=[["A09"], [], ["A09"]], splits=[split(6), "S04", split(6), "S04"], dice=[2, gr],
              coaches=("pull_goalie=never", "pull_goalie=trailing"))
    pulls = texts(gl, EV.pull)
    assert len(pulls) == 1 and pulls[0].startswith("KBY pulls the goalie (1 card left)")
    assert texts(gl, EV.goalie) == []
    assert (gl.home_goals, gl.away_goals) == (2, 0)
    assert gl.team[HOME, T.eng] == 1 and gl.team[AWAY, T.pulled] == 1
    assert "empty net" in texts(gl, EV.goal)[1]
    # empty-net goals are not charged to the goalie
    assert gl.goalies[AWAY, 0, K.ga] == 1


def test_13_no_pull_means_goalie_card():
    # the same shot with KBY's goalie in net goes to his card; a plain Faceoff there is a save and a faceoff in
    # KBY's end, which KBY's C wins (split 11)
    gr = roll_for(None, "NRV", "Player B", COL_REB, R.GOALIE_RATING, (0, 0, 0))
    c = engine.compiled(None)
    gk = c.tables[TB.tm][c.team_index("KBY"), TM.g]
    save = next(d for d in range(2, 13) if tuple(c.tables[TB.gc][gk, d - 2, 1][:2]) == (R.FACEOFF, 0))
    gl = play(**B_HOME, actions=[["A09"], [], ["A09"]], splits=[split(6), "S04", split(6), "S04", split(11)],
              dice=[2, gr, save], coaches="pull_goalie=never")
    assert texts(gl, EV.pull) == [] and len(texts(gl, EV.goalie)) == 1
    assert (gl.home_goals, gl.away_goals) == (1, 0) and gl.team[HOME, T.eng] == 0


def test_13_three_cards_left_no_pull():
    # with three cards left at the faceoff nobody pulls yet; the first card leaves two and the trailing team pulls
    gl = play(actions=[["A09"], [], ["A12", "A12", "A12"]], splits=[split(6), "S04", split(16)], dice=[2],
              coaches=("pull_goalie=never", "pull_goalie=trailing"))
    pulls = rows(gl, EV.pull)
    assert len(pulls) == 1 and pulls["text"].iloc[0].startswith("NRV pulls the goalie (2 cards left)")


# ---------------------------------------------------------------- 28 shootout

def _shooters(team, kit=None):
    """The shootout order of the engine's coach: forwards first, by Offense, roster order on ties."""
    c = engine.compiled(kit)
    ti = c.team_index(team)
    names = c.roster[ti]
    ids = [skater_id(c, team, n) for n in names]
    key = [c.tables[TB.sk][p, F.off] * 2 + (0 if c.tables[TB.sk][p, F.isd] else 100) for p in ids]
    order = sorted(range(len(names)), key=lambda i: (-key[i], i))
    return [(names[i], bool(c.tables[TB.sk][ids[i], F.isd])) for i in order]


def _reb_roll(team, name, pred, kit=None):
    c = engine.compiled(kit)
    p = skater_id(c, team, name)
    for dice in range(2, 13):
        if pred(tuple(c.tables[TB.shot][p, COL_REB, dice - 2])):
            return dice
    return None


SAVE = lambda r: r[0] == R.SAVE_TO          # noqa: E731
XREB = lambda r: r[0] == R.SAVE_REBOUND     # noqa: E731
GOALPLUS = lambda r: r[0] == R.GOAL and r[3] == 1       # noqa: E731


def test_28_1_shootout_x_reb_is_a_goal():
    # 28.1: "Roll two dice and refer to the shooters Reb/Bkwy column. If a Goal, Goal+ or X-Reb reading occurs,
    # the penalty shot results in a goal ... 28.11 Any other reading results in a save by the goalie."
    home, away = _shooters("KBY"), _shooters("NRV")
    dice = [_reb_roll("KBY", home[0][0], XREB), _reb_roll("NRV", away[0][0], SAVE)]
    for r in (1, 2):
        dice += [_reb_roll("KBY", home[r][0], SAVE), _reb_roll("NRV", away[r][0], SAVE)]
    assert None not in dice
    gl = play(dice=dice, rules="overtime=none,shootout=on,assists=off")
    so = texts(gl, EV.so)
    assert len(so) == 6 and so[0].endswith("X-Reb -- scores") and so[1].endswith("no goal")
    assert (gl.home_goals, gl.away_goals, gl.winner, gl.decided_in) == (0, 0, "home", "SO")
    assert gl.team[HOME, T.so_goals] == 1 and gl.team[AWAY, T.so_goals] == 0
    assert gl.goalies[HOME, 0, K.dec] == DEC_W and gl.goalies[AWAY, 0, K.dec] == DEC_OTL


def _d_goal_plus(d):
    # KBY's first shootout defenseman Dorian Holgren gets Goal+ at 7 and X-Reb at 8 on his Reb/Bkwy column;
    # the next, Nils Thornmire, X-Reb at 8
    set_cells(d, "teams/KBY_skaters.csv", "name", "Dorian Holgren", R7="Goal+", R8="X-Reb")
    set_cells(d, "teams/KBY_skaters.csv", "name", "Nils Thornmire", R8="X-Reb")


def test_28_2_goal_plus_for_a_defenseman_is_not_a_goal(tmp_path_factory):
    # 28.2: "For players who are primarily defensemen ... Goal+ and Goalie Rating+ are not goals".  Forwards
    # shoot first (the engine's shootout order), so every forward of both teams misses; then KBY's first
    # defenseman rolls his Goal+ (no goal), NRV's shooter misses, and the next round KBY's next defenseman's
    # X-Reb (28.1: a goal) wins it.
    kit = kit_copy(tmp_path_factory, "d_goal_plus", _d_goal_plus)
    home, away = _shooters("KBY", kit), _shooters("NRV", kit)
    n, m = len(home), len(away)
    dice = []
    rnd = 0
    while not home[rnd][1]:
        dice += [_reb_roll("KBY", home[rnd][0], SAVE, kit), _reb_roll("NRV", away[rnd % m][0], SAVE, kit)]
        rnd += 1
    assert rnd >= 12 and home[rnd][0] == "Dorian Holgren" and home[rnd + 1][0] == "Nils Thornmire"
    dice += [7, _reb_roll("NRV", away[rnd % m][0], SAVE, kit)]
    dice += [8, _reb_roll("NRV", away[(rnd + 1) % m][0], SAVE, kit)]
    assert None not in dice and n > rnd + 1
    gl = play(dice=dice, rules="overtime=none,shootout=on,assists=off", kit=kit)
    so = texts(gl, EV.so)
    assert len(so) == 2 * (rnd + 2)
    assert so[2 * rnd] == "Shootout: KBY Dorian Holgren (RD, KBY) rolls 7: Goal+ -- no goal"
    assert so[2 * rnd + 2] == "Shootout: KBY Nils Thornmire (LD, KBY) rolls 8: X-Reb -- scores"
    assert gl.winner == "home" and gl.decided_in == "SO"
    assert gl.team[HOME, T.so_goals] == 1 and gl.team[AWAY, T.so_goals] == 0


GRPLUS = lambda r: r[0] == R.GOALIE_RATING and r[1] == 1       # noqa: E731


def test_28_2_a_sample_defensemans_goalie_rating_plus_is_wide():
    # 28.2 with the sample kit's own card: KBY's LD Nils Thornmire carries Goalie Rating+ on his Reb/Bkwy column
    # (docs/strat-data.md).  Every forward of both teams and KBY's first defenseman miss; Thornmire rolls his
    # Goalie Rating+: "shots wide of the net", no roll on the goalie's card; NRV's next shooter scores.
    home, away = _shooters("KBY"), _shooters("NRV")
    m = len(away)
    rnd = next(i for i, (_, isd) in enumerate(home) if isd)
    assert home[rnd + 1][0] == "Nils Thornmire"
    grp = _reb_roll("KBY", "Nils Thornmire", GRPLUS)
    assert grp is not None
    dice = []
    for r in range(rnd + 1):
        dice += [_reb_roll("KBY", home[r][0], SAVE), _reb_roll("NRV", away[r % m][0], SAVE)]
    dice += [grp, _reb_roll("NRV", away[(rnd + 1) % m][0], XREB)]
    assert None not in dice
    gl = play(dice=dice, rules="overtime=none,shootout=on,assists=off")
    so = texts(gl, EV.so)
    assert len(so) == 2 * (rnd + 2)
    assert so[2 * rnd + 2] == f"Shootout: KBY Nils Thornmire (LD, KBY) rolls {grp}: Goalie Rating+ -- no goal"
    assert so[-1].endswith("X-Reb -- scores")
    assert texts(gl, EV.goalie) == []
    assert gl.winner == "away" and gl.team[AWAY, T.so_goals] == 1 and gl.team[HOME, T.so_goals] == 0


def test_28_1_goal_plus_for_a_forward_is_a_goal():
    home, away = _shooters("KBY"), _shooters("NRV")
    # find the first KBY forward with Goal+ and have every earlier shooter miss
    dice = []
    for r, (name, isd) in enumerate(home):
        gp = _reb_roll("KBY", name, GOALPLUS)
        if gp is not None and not isd and r < 3:
            dice += [gp, _reb_roll("NRV", away[r][0], SAVE)]
            rest = [(_reb_roll("KBY", home[k][0], SAVE), _reb_roll("NRV", away[k][0], SAVE)) for k in range(r + 1, 3)]
            for a, b in rest:
                dice += [a, b]
            break
        dice += [_reb_roll("KBY", name, SAVE), _reb_roll("NRV", away[r][0], SAVE)]
    else:
        pytest.skip("no KBY forward with Goal+ among the first three shooters")
    if r >= 3:
        pytest.skip("no KBY forward with Goal+ among the first three shooters")
    assert None not in dice
    gl = play(dice=dice, rules="overtime=none,shootout=on,assists=off")
    assert gl.winner == "home" and gl.team[HOME, T.so_goals] == 1


# ---------------------------------------------------------------- line changes (Getting Started)

def test_forward_line_change_card():
    # Getting Started: "Do not change forward lines until the forward line-change card is on the top of the
    # action deck and the coach in control of the puck has to pick the top action card."  Nils Ulvridge (F1) wins
    # the faceoff; the F card comes up, F2 (Tobias Pellley at LW) takes over, and the next card (A11 home "Lose puck,
    # outside shot only for C") gives NRV's F2 center Felix Ecker an outside shot.
    ecker_save = roll_for(None, "NRV", "Felix Ecker", COL_OUT, R.SAVE_TO)
    gl = play(actions=[["F", "A11"]], splits=[split(6)], dice=[ecker_save])
    assert texts(gl, EV.faceoff) == ["Faceoff at center ice: split 6, KBY LW Nils Ulvridge wins it"]
    assert texts(gl, EV.line) == ["Line change: forward line F2, defense pair D1 on the ice"]
    assert texts(gl, EV.card)[0].endswith("LW Tobias Pellley has the puck")
    assert texts(gl, EV.shot)[0].startswith("NRV C Felix Ecker shoots (Outside)")
    assert gl.team[AWAY, T.sog] == 1


def test_defense_line_change_card():
    ecker_save = roll_for(None, "NRV", "Felix Ecker", COL_OUT, R.SAVE_TO)
    gl = play(actions=[["F", "D", "A11"]], splits=[split(6)], dice=[ecker_save])
    assert texts(gl, EV.line) == ["Line change: forward line F2, defense pair D1 on the ice",
                                    "Line change: forward line F2, defense pair D2 on the ice"]


@pytest.mark.parametrize("n_lines, f_at, d_at", [(3, [10, 20], [15]), (4, [8, 15, 23], [10, 20])])
def test_regular_deck_layout_line_changes(n_lines, f_at, d_at):
    # Getting Started: "count off 10 cards from the top. Place one of the forward line-change cards on top. Count
    # off five more cards and insert the defenseman line-change card. Count off five more cards and place the
    # other forward line change card on top."  Four lines: "the first forward line-change card after 8 action
    # deck cards, the second after 7 more, the third after 8 more. Three defensive pairs would get 10 cards each".
    # Overtime (27.0 note): "reshuffle the action deck and select 8 cards", no line changes.
    import numpy as np
    from simcore.rng import STATE_SIZE, seed_stream
    st = np.zeros(STATE_SIZE, np.uint64)
    seed_stream(st, np.uint64(5), 0)
    e = np.zeros(0, np.int64)
    RS = (st, np.zeros(3, np.int64), e, e, e, np.zeros(40, np.int64))
    Z = np.zeros(NZ, np.int64)
    n = kernel.build_deck(Z, RS, n_lines, 0)
    deck = Z[ZL.deck:ZL.deck + n].tolist()
    assert n == 30 + len(f_at) + len(d_at)
    assert sorted(c for c in deck if c >= 0) == list(range(30))
    actions_before = lambda i: sum(1 for c in deck[:i] if c >= 0)   # noqa: E731
    assert [actions_before(i) for i, c in enumerate(deck) if c == -1] == f_at
    assert [actions_before(i) for i, c in enumerate(deck) if c == -2] == d_at
    n_ot = kernel.build_deck(Z, RS, n_lines, 8)
    ot = Z[ZL.deck:ZL.deck + 8].tolist()
    assert n_ot == 8 and all(0 <= c < 30 for c in ot) and len(set(ot)) == 8


def test_play_by_play_text_after_a_penalty():
    vandvik_save = roll_for(None, "NRV", "Rowan Vandvik", COL_REB, R.SAVE_TO)
    a_save = roll_for(None, "KBY", "Player A", COL_IN, R.SAVE_TO)
    # after the power play: faceoff (split 11, NRV's C) and an action card
    gl = play(actions=[["A01", "A02", "A03", "A12"]], splits=_penalty_on_ulvridge() + [split(1), split(11)],
              dice=[vandvik_save, a_save, 4])
    assert texts(gl, EV.faceoff)[-1].startswith("Faceoff at center ice: split 11, NRV C")


def test_4_71_lose_puck_breakaway_opponent_is_eligible():
    # 4.71: "When readings of 'Lose puck, possible breakaway' ... occur, all opposing players (including the
    # opponent of the player who was in possession of the puck) are eligible for these shots."
    # Nils Ulvridge (KBY LW) has the puck; A18 home "Lose puck, possible breakaway"; split S03 Breakaway "RW (C)":
    # NRV's RW Ignatius Zeller (Ulvridge's opponent) should take the breakaway shot.
    c = engine.compiled(None)
    z, e = skater_id(c, "NRV", "Ignatius Zeller"), skater_id(c, "NRV", "Ambrose Eckstead")
    both_save = next(d for d in range(2, 13)
                     if c.tables[TB.shot][z, COL_REB, d - 2][0] == R.SAVE_TO
                     and c.tables[TB.shot][e, COL_REB, d - 2][0] == R.SAVE_TO)
    gl = play(actions=[["A18"]], splits=[split(6), "S03"], dice=[both_save])
    assert texts(gl, EV.shot)[0].startswith("NRV RW Ignatius Zeller shoots (Reb/Bkwy)")


def test_coaches_decide_on_what_their_side_sees():
    """The coaching decisions (kernel.coaching) take the side's observation, never the game's state: the
    observation holds the clock, the score and his own goalie, and does not change with the deck's order."""
    import inspect

    import numpy as np

    from simcore.games.strat.kernel import coaching as C
    from simcore.games.strat.kernel import layout as SL

    for f in (C.pulls_goalie, C.relieves_shelled, C.next_pp_unit, C.penetrates):
        assert "Z" not in inspect.signature(f.py_func).parameters
    Z = np.zeros(SL.NZ, np.int64)
    Z[SL.ZL.period], Z[SL.ZL.ncards], Z[SL.ZL.cur] = 3, 30, 28
    Z[SL.ZL.score], Z[SL.ZL.score + 1] = 1, 2            # home trails by one with two cards left
    obs = np.zeros(SL.N_OBS, np.int64)
    C.observe(Z, 0, obs)
    assert obs[SL.OBS.cards_left] == 2 and obs[SL.OBS.score] == 1 and obs[SL.OBS.opp_score] == 2
    assert C.pulls_goalie(obs, 0) and not C.pulls_goalie(obs, 1)      # trailing / never
    C.observe(Z, 1, obs)
    assert not C.pulls_goalie(obs, 0)                                  # the leader keeps his goalie
    Z2 = Z.copy()
    Z2[SL.ZL.deck:SL.ZL.deck + 30] = np.random.default_rng(1).permutation(30)   # another deck order
    a, b = np.zeros(SL.N_OBS, np.int64), np.zeros(SL.N_OBS, np.int64)
    C.observe(Z, 0, a)
    C.observe(Z2, 0, b)
    assert (a == b).all()
    Z[SL.ZL.cur] = 27                                                   # three cards left: too early (13.0)
    C.observe(Z, 0, obs)
    assert not C.pulls_goalie(obs, 0)
    # penetration by Tendency stars (29.0): three stars penetrate twice in four chances
    mem, goes = 0, []
    for _ in range(4):
        go, mem = C.penetrates(3, mem, 0)
        goes.append(go)
    assert sum(goes) == 2 and C.penetrates(1, 0, 2)[0] and not C.penetrates(5, 9, 1)[0]
