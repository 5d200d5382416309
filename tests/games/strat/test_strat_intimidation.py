"""Intimidation (12.0-12.3, 4.32), its penalties (16.1-16.12) and the delayed penalty (16.13-16.15) at
level=advanced, on the sample kit's Advanced action deck (shared/rules/strat-o-matic-hockey.txt).

The games below are scripted: KBY (home) and NRV both at Offense 2 with one forechecker, the opening faceoff on
split 6 (Home LW: KBY's LW Nils Ulvridge has the puck), then Advanced cards:

* AA13, Offense 2 (home): "Inside shot for RW, I-LD" -- the 12.1 example: KBY's RW Player A has an inside shot
  unless NRV's LD Emmett Marby (I 1-6, Penalty rating C) intimidates;
* AA02, Offense 2 (home): "Inside shot for any player, I-OPP" -- on a kit copy where Silas Quilholm's Offense is
  5, the "any player" is Player A (RW, Offense 6) and OPP the player defending him, NRV's LW Player B (I 1-4
  on that copy, Penalty rating B): the 16.11 example ("Player B's penalty rating is B and the Intimidation Chart tells us that
  a split card number from 1-9 would not result in a penalty. If the number was 10-20, Player B would be
  assessed a two-minute penalty").

The sample split deck's Intimidation section (split_advanced.csv): S10 1, S08 17, S02 3 possible penalty, S04 14
possible penalty; the split numbers: S2n-1 and S2n read n.  Player A's Inside column: 2 Goal, 7 X-DLW, 11 Goal+.
"""
from __future__ import annotations

import csv
import shutil

import numpy as np
import pytest

from simcore.games.strat import engine
from simcore.games.strat.kernel import coaching
from simcore.games.strat.kernel.layout import EV, N_OBS, OBS, P, T
from simcore.games.strat.kit import SAMPLE_KIT_DIR, load_kit, sample_kit
from simcore.games.strat.policies import Coach

ADV = "level=advanced,overtime=none,shootout=off,assists=off"
COACH = "alignment=o2d1,pull_goalie=never,penetrate=never,pass_inside=never"
HOME, AWAY = 0, 1
PAD_SPLITS = [f"S{i:02d}" for i in (39, 40, 37, 38, 35, 36, 33, 34)] * 3
PAD_DICE = [7] * 30


def split(n: int) -> str:
    return f"S{2 * n - 1:02d}"


@pytest.fixture(scope="module")
def kit_b(tmp_path_factory):
    """The sample kit with Silas Quilholm's Offense 5, so that Player A is KBY's "any player", and Player B's I
    rating 1-4 (the sample's 1-2 takes the puck on no "possible penalty" card of the sample split deck)."""
    d = tmp_path_factory.mktemp("intim") / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    path = d / "teams" / "KBY_skaters.csv"
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        if r["name"] == "Silas Quilholm":
            r["off"] = "5"
    _write(path, rows)
    path = d / "teams" / "NRV_skaters.csv"
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        if r["name"] == "Player B":
            r["intim"] = "1-4"
    _write(path, rows)
    return load_kit(d)


def _write(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


#: NRV's coach intimidates whatever the odds (Player B, I 1-4 against B's 10-20, is the case 12.3's ``odds``
#: policy declines: test_12_3_odds_policy_declines_player_b)
ALWAYS = (COACH, COACH + ",intimidate=always")


def play(actions, splits, dice=(), kit=None, coaches=COACH, rules=ADV):
    return engine.play_scripted("KBY", "NRV", actions=actions, splits=list(splits), dice=list(dice), rules=rules,
                                kit=kit or sample_kit(), coaches=coaches)


def texts(gl, code):
    ev = gl.events
    return ev.loc[ev["code"] == code, "text"].tolist()


def player(gl, kit, team, name, counter):
    c = engine.compiled(kit, ADV)
    side = HOME if team == "KBY" else AWAY
    return int(gl.players[side, c.roster[c.team_index(team)].index(name), counter])


# ---------------------------------------------------------------- 12.1-12.2: the 12.1 example

def test_12_1_example_intimidation_takes_the_puck_away():
    # 12.2: "If the intimidator's rating (e.g. 1-11) includes the intimidation number on the split card, the
    # defender has successfully intimidated and now has control of the puck."  Marby's I 1-6, split S10 reads 1.
    gl = play([["AA13"]], [split(6), "S10"])
    assert texts(gl, EV.intimidate) == ["NRV LD Emmett Marby intimidates (I 1-6): split number 1, takes the puck "
                                        "away"]
    assert texts(gl, EV.shot) == []
    assert gl.team[AWAY, T.intim_try] == 1 and gl.team[AWAY, T.intim_ok] == 1
    assert player(gl, sample_kit(), "NRV", "Emmett Marby", P.intim_try) == 1
    assert player(gl, sample_kit(), "NRV", "Emmett Marby", P.intim_ok) == 1
    assert gl.team[HOME, T.sog] == 0 and gl.team[AWAY, T.pen] == 0


def test_12_2_number_above_the_rating_the_inside_shot_is_taken():
    # "If the intimidation number is higher than the intimidator's rating, the offensive player takes his inside
    # shot."  S08 reads 17 (no possible penalty); Player A rolls 7: X-DLW, a save to NRV's LW.
    gl = play([["AA13"]], [split(6), "S08"], [7])
    assert texts(gl, EV.intimidate) == ["NRV LD Emmett Marby intimidates (I 1-6): split number 17, fails to take "
                                        "the puck away"]
    shots = texts(gl, EV.shot)
    assert len(shots) == 1 and shots[0].startswith("KBY RW Player A shoots (Inside), rolls 7")
    assert gl.team[AWAY, T.intim_try] == 1 and gl.team[AWAY, T.intim_ok] == 0
    assert gl.team[HOME, T.sog] == 1


def test_12_0_no_pass_no_intimidation():
    # 12.0: "When a pass resulting in an inside shot is followed by an intimidation (I) reading ...".  Split 7
    # gives KBY's RW the opening faceoff, so AA13's "Inside shot for RW, I-LD" is his own shot, no pass (4.41: "a
    # player cannot make a pass to himself"): the I reading is not played, and no split card is drawn for it.
    gl = play([["AA13"]], [split(7)], [7])
    assert texts(gl, EV.intimidate) == []
    shots = texts(gl, EV.shot)
    assert len(shots) == 1 and shots[0].startswith("KBY RW Player A shoots (Inside), rolls 7")
    assert gl.team[AWAY, T.intim_try] == 0 and gl.team[HOME, T.sog] == 1


def test_intimidation_off_ignores_the_i_reading():
    gl = play([["AA13"]], [split(6)], [7], rules=ADV + ",intimidation=off")
    assert texts(gl, EV.intimidate) == []
    assert len(texts(gl, EV.shot)) == 1 and gl.team[AWAY, T.intim_try] == 0


# ---------------------------------------------------------------- 12.3: the defending coach's choice

def _obs(period=1, cards_left=20, score=0, opp_score=0):
    o = np.zeros(N_OBS, np.int64)
    o[OBS.period], o[OBS.cards_left], o[OBS.score], o[OBS.opp_score] = period, cards_left, score, opp_score
    return o


def test_12_3_odds_policy_declines_high_penalty_odds_with_low_success_odds():
    odds, always, never = (Coach(intimidate=v).numeric()[coaching.POL.intimidate] for v in ("odds", "always",
                                                                                              "never"))
    # "decline the chance to intimidate if the odds of penalty are high and the odds for successful intimidation
    # are low": penalized on 11+ of 20 numbers (AA 6-20: 15) with an I rating of 7 or fewer numbers
    assert not coaching.intimidates(4, 15, _obs(), odds)
    assert coaching.intimidates(8, 15, _obs(), odds)       # success odds not low
    assert coaching.intimidates(4, 9, _obs(), odds)        # penalty odds not high (C 12-20: 9)
    # "or if a power play presents a larger threat than the immediate scoring chance": late, with the lead
    assert not coaching.intimidates(8, 9, _obs(period=3, cards_left=5, score=2, opp_score=1), odds)
    assert coaching.intimidates(10, 9, _obs(period=3, cards_left=5, score=2, opp_score=1), odds)
    assert coaching.intimidates(8, 9, _obs(period=3, cards_left=5, score=1, opp_score=1), odds)
    assert coaching.intimidates(4, 15, _obs(), always) and not coaching.intimidates(20, 1, _obs(), never)
    assert Coach().intimidate == "odds"
    with pytest.raises(ValueError, match="intimidate"):
        Coach(intimidate="sometimes")


def test_12_3_declined_intimidation_is_logged_and_not_counted():
    gl = play([["AA13"]], [split(6)], [7], coaches=(COACH, COACH + ",intimidate=never"))
    assert texts(gl, EV.intimidate) == ["NRV LD Emmett Marby declines to intimidate (12.3)"]
    assert gl.team[AWAY, T.intim_try] == 0 and len(texts(gl, EV.shot)) == 1


# ---------------------------------------------------------------- 16.1-16.12: the 16.11 example

def test_12_3_odds_policy_declines_player_b(kit_b):
    # Player B: I 1-4 (4 of 20 numbers, low), Penalty rating B penalized on 10-20 (11 of 20, high): the default
    # policy declines, and Player A takes his inside shot (rolls 7)
    gl = play([["AA02"]], [split(6)], [7], kit=kit_b)
    assert texts(gl, EV.intimidate) == ["NRV LW Player B declines to intimidate (12.3)"]
    assert texts(gl, EV.shot)[0].startswith("KBY RW Player A shoots (Inside), rolls 7")


def test_16_11_player_b_split_1_to_9_no_penalty_fails_gives_the_inside_shot(kit_b):
    # S04: 14, possible penalty (14 > Player B's I 1-4: fails); the penalty split S17 reads 9: no penalty (B: 10-20)
    # -> 16.12 "fails to take away the puck" results in an inside shot: Player A rolls 7, a save to NRV's LW.
    gl = play([["AA02"]], [split(6), "S04", "S17"], [7], kit=kit_b, coaches=ALWAYS)
    assert texts(gl, EV.intimidate) == [
        "NRV LW Player B intimidates (I 1-4): split number 14, fails to take the puck away - possible penalty: "
        "split 9, penalty rating B (penalized on 10-20): no penalty"]
    assert len(texts(gl, EV.shot)) == 1 and gl.team[AWAY, T.pen] == 0 and gl.team[AWAY, T.delayed] == 0


def test_16_11_player_b_takes_the_puck_no_penalty(kit_b):
    # S02: 3, possible penalty (inside 1-4: takes the puck); S17 9: no penalty -> 16.12 the defense has control
    gl = play([["AA02"]], [split(6), "S02", "S17"], kit=kit_b, coaches=ALWAYS)
    assert texts(gl, EV.intimidate)[0].endswith("takes the puck away - possible penalty: split 9, penalty rating B "
                                                "(penalized on 10-20): no penalty")
    assert texts(gl, EV.shot) == [] and gl.team[AWAY, T.pen] == 0 and gl.team[AWAY, T.intim_ok] == 1


def test_16_11_player_b_takes_the_puck_split_10_to_20_penalty_and_power_play(kit_b):
    # S02 takes the puck; the penalty split S19 reads 10: "Player B would be assessed a two-minute penalty"; the
    # defense has control, so the power play begins at once (16.15)
    gl = play([["AA02", "AA01", "AA03", "AA04", "AA05"]], [split(6), "S02", "S19"] + PAD_SPLITS, PAD_DICE,
              kit=kit_b, coaches=ALWAYS)
    assert texts(gl, EV.intimidate)[0].endswith("penalty rating B (penalized on 10-20): penalty")
    assert texts(gl, EV.penalty)[0] == "PENALTY NRV: Player B (LW, NRV), 2 minutes (intimidation, 16.1)"
    assert gl.team[AWAY, T.pen] == 1 and gl.team[AWAY, T.pen_intim] == 1 and gl.team[HOME, T.ppo] == 1
    assert gl.team[AWAY, T.delayed] == 0
    assert player(gl, kit_b, "NRV", "Player B", P.pim) == 2


# ---------------------------------------------------------------- 16.13-16.15: the delayed penalty

def _delayed(kit_b, dice, actions=("AA02", "AA01", "AA03", "AA04", "AA05")):
    # S04 fails (14); S19 penalty (10): 16.13 "the player in control takes the shot. This is a delayed penalty."
    return play([list(actions)], [split(6), "S04", "S19"] + PAD_SPLITS, list(dice) + PAD_DICE, kit=kit_b, coaches=ALWAYS)


def _begins(gl):
    d = texts(gl, EV.delayed)
    assert d[0].startswith("DELAYED PENALTY NRV: Player B (LW, NRV) (16.13); the shot is taken, the goalie out for "
                           "an extra skater, ")
    assert gl.team[AWAY, T.delayed] == 1
    return d


def test_16_14_delayed_penalty_goal_no_power_play(kit_b):
    # Player A rolls 2: Goal.  "If a goal is scored, no power play follows. Credit the penalized defender with a
    # two-minute penalty and continue with a faceoff at center ice with both teams at full strength."
    gl = _delayed(kit_b, [2])
    d = _begins(gl)
    assert d[1] == "  the delayed penalty ends: a goal, no power play (16.14)"
    assert texts(gl, EV.penalty)[0] == ("PENALTY NRV: Player B (LW, NRV), 2 minutes (intimidation, 16.1: no power "
                                        "play of its own)")
    assert gl.team[HOME, T.goals] == 1 and gl.team[HOME, T.ppo] == 0 and gl.team[HOME, T.ppg] == 0
    assert gl.team[AWAY, T.pen] == 1 and gl.team[AWAY, T.pen_intim] == 1 and gl.team[AWAY, T.pim] == 2
    faceoffs = texts(gl, EV.faceoff)
    assert faceoffs[1].startswith("Faceoff at center ice")


def test_16_15_delayed_penalty_defense_gains_control_power_play(kit_b):
    # Player A rolls 7: X-DLW, a save to NRV's LW: "If the defensive team gains control ... begin the power play"
    gl = _delayed(kit_b, [7])
    d = _begins(gl)
    assert d[1] == "  the delayed penalty ends: the defense has the puck (16.15)"
    assert gl.team[HOME, T.sog] >= 1 and gl.team[HOME, T.ppo] == 1 and gl.team[AWAY, T.pen_intim] == 1
    assert texts(gl, EV.penalty)[0] == "PENALTY NRV: Player B (LW, NRV), 2 minutes (intimidation, 16.1)"


def test_16_15_delayed_penalty_faceoff_power_play(kit_b):
    # Player A rolls 11: Goal+ at even strength, a faceoff (5.9; 13.3 Goal+ is no goal for the extra skater's
    # team): "If ... a faceoff occurs, stop play and begin the power play"
    gl = _delayed(kit_b, [11])
    d = _begins(gl)
    assert d[1] == "  the delayed penalty ends: a faceoff (16.15)"
    assert gl.team[HOME, T.goals] == 0 or gl.team[HOME, T.ppg] == gl.team[HOME, T.goals]
    assert gl.team[HOME, T.ppo] == 1 and gl.team[AWAY, T.pen] == 1


def test_16_13_extra_skater_is_the_best_offense_off_the_ice_and_leaves_after(kit_b):
    gl = _delayed(kit_b, [7])
    ev = gl.events
    begin = ev.index[ev["code"] == EV.delayed][0]
    # the shot after the delayed penalty begins is taken with KBY's goalie out
    extra = texts(gl, EV.delayed)[0].rsplit("extra skater, ", 1)[1]
    c = engine.compiled(kit_b, ADV)
    ti = c.team_index("KBY")
    on = {"Nils Ulvridge", "Silas Quilholm", "Player A", "Nils Thornmire", "Dorian Holgren"}
    team = kit_b.teams["KBY"]
    best = max((s.offense for n, s in team.skaters.items() if n not in on))
    name = extra.split(" (")[0]
    assert name not in on and team.skaters[name].offense == best
    assert ev.loc[begin + 1:, "code"].tolist()[0] == EV.shot
    assert extra.endswith("KBY)") and name in c.roster[ti]



# ---------------------------------------------------------------- 13.2, 8.2: the manpower state read

def _z(pulled=(0, 0), manpower=(5, 5)):
    from simcore.games.strat.kernel.layout import NZ, ZL
    z = np.zeros(NZ, np.int64)
    for s in range(2):
        z[ZL.pull + s] = pulled[s]
        z[ZL.manpower + s] = manpower[s]
        z[ZL.align + 2 * s], z[ZL.align + 2 * s + 1] = 2, 1
    return z


def test_13_2_a_short_handed_team_that_pulls_its_goalie_keeps_its_own_section():
    # 13.2: "The team with the extra skater refers to the power play section of the action deck (unless the team
    # that pulls it's goalie was short-handed to begin with)"
    from simcore.games.strat.advdeck import SEC_O2_HOME, SEC_PP
    from simcore.games.strat.kernel import actions
    assert not actions.short_handed(_z(), HOME)
    assert actions.section_segment(_z(pulled=(1, 0)), HOME)[0] == SEC_PP
    assert actions.short_handed(_z(manpower=(4, 5)), HOME)
    assert actions.section_segment(_z(pulled=(1, 0), manpower=(4, 5)), HOME)[0] == SEC_O2_HOME


def test_8_2_power_play_bonus_counts_the_manpower_state_and_the_extra_skater():
    from simcore.games.strat.kernel import faceoffs
    assert not faceoffs.on_power_play(_z(), HOME) and not faceoffs.on_power_play(_z(), AWAY)
    assert faceoffs.on_power_play(_z(manpower=(5, 4)), HOME) and not faceoffs.on_power_play(_z(manpower=(5, 4)),
                                                                                           AWAY)
    assert faceoffs.on_power_play(_z(pulled=(0, 1)), AWAY)
    assert not faceoffs.on_power_play(_z(pulled=(1, 0), manpower=(4, 5)), HOME)     # 5 on 5 with the extra man


def test_delayed_penalty_on_the_periods_last_card_carries_the_power_play(kit_b):
    # 16.15 on the period's last card: the power play of the next period (7.37); on the game's last card none (7.38)
    gl = play([["AA02"], ["AA01", "AA03", "AA04", "AA05"]], [split(6), "S04", "S19"] + PAD_SPLITS, [7] + PAD_DICE,
              kit=kit_b, coaches=ALWAYS)
    assert texts(gl, EV.delayed)[1] == "  the delayed penalty ends: the defense has the puck (16.15)"
    ev = gl.events
    pen = ev.loc[ev["code"] == EV.penalty, "period"].tolist()
    mp = ev.loc[ev["code"] == EV.manpower, "period"].tolist()
    assert pen[0] == 1 and mp[0] == 2 and gl.team[HOME, T.ppo] == 1
    gl = play([[], [], ["AA02"]], [split(6), "S04", "S19"], [7], kit=kit_b, coaches=ALWAYS)
    assert gl.team[AWAY, T.pen] == 1 and gl.team[AWAY, T.pen_intim] == 1 and gl.team[HOME, T.ppo] == 0


# ---------------------------------------------------------------- 4.32

@pytest.fixture(scope="module")
def kit_tie(tmp_path_factory):
    """The sample kit with Silas Quilholm's Offense 6, tied with Player A's (4.31: "they must alternate"), and NRV's
    C Ambrose Eckstead an I rating of 1-8 (the sample's is "-")."""
    d = tmp_path_factory.mktemp("intim_tie") / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    for team, name, col, value in (("KBY", "Silas Quilholm", "off", "6"), ("NRV", "Ambrose Eckstead", "intim", "1-8")):
        path = d / "teams" / f"{team}_skaters.csv"
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
        for r in rows:
            if r["name"] == name:
                r[col] = value
        _write(path, rows)
    return load_kit(d)


def test_4_32_a_nullified_any_player_shot_still_counts_as_his_turn(kit_tie):
    # 4.32: "If a successful intimidation nullifies the shot of a player in an 'any player' shooting situation,
    # this still counts as a turn for that player in the alternating sequence."  AA02 "Inside shot for any
    # player, I-OPP": Quilholm and Player A tie at Offense 6, Quilholm (the first slot) shoots; NRV's C Eckstead
    # takes the puck (S10: 1).  AA25 (NRV, Offense 2 visitors): "Lose puck, inside shot for any player" -- the
    # turn goes to Player A.
    gl = play([["AA02", "AA25"]], [split(6), "S10"], [7], kit=kit_tie)
    assert texts(gl, EV.intimidate) == ["NRV C Ambrose Eckstead intimidates (I 1-8): split number 1, takes the puck "
                                        "away"]
    shots = texts(gl, EV.shot)
    assert len(shots) == 1 and shots[0].startswith("KBY RW Player A shoots (Inside), rolls 7")


def test_intimidation_on_needs_the_advanced_deck(capsys):
    """12.1: intimidation starts from the Advanced action deck's I readings; the Basic deck prints none, so
    intimidation=on at level=basic is refused rather than played as nothing."""
    from simcore.cli import main
    from simcore.games.strat.rules import Rules
    from simcore.rulesbase import RuleError

    with pytest.raises(RuleError, match="needs level=advanced"):
        Rules(intimidation="on")
    assert Rules(intimidation="on", level="advanced").in_force("intimidation")
    assert not Rules(intimidation="off", level="advanced").in_force("intimidation")
    assert main(["strat", "KBY", "NRV", "-n", "10", "--rules", "intimidation=on"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs level=advanced" in err
