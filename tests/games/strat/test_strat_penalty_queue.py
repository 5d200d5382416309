"""The penalty queue (kernel/manpower.py): penalties called, served on a clock of action cards and released, the
manpower state they give, and the power play as a step of the period (kernel/powerplay.py, kernel/penalties.py).

Rules: 7.3 "flip over two action cards to account for the elapsed time of the power play", 7.31 (a line-change
card is not counted), 7.34 "If the power play team scores, the penalty is over", 7.37 (a penalty at the buzzer:
"the power play begins at the start of the next period"), 16.31 (three cards), 23.0 (five against three is the
fewest skaters a side ices).
"""
from __future__ import annotations

import numpy as np
import pytest

from simcore.games.strat import engine
from simcore.games.strat.kernel import manpower as mp
from simcore.games.strat.kernel.layout import (EV, LOG_W, LR, MP_BEGIN, MP_GOAL, MP_PERIOD, MP_SERVED, NZ, Q, T,
                                             ZL)

HOME, AWAY = 0, 1


class Box:
    """A game state holding only the queue, with a log: the kernel functions called from Python."""

    def __init__(self):
        self.Z = np.zeros(NZ, np.int64)
        self.L = np.zeros(64 * LOG_W, np.int64)
        self.Z[ZL.logcap] = 64
        mp.clear_penalties(self.Z)

    def flip(self, *cards):
        """Cards flipped off the period's deck: an action card's index (>= 0) or a line-change card (-1)."""
        for c in cards:
            self.Z[ZL.deck + self.Z[ZL.cur]] = c
            self.Z[ZL.cur] += 1

    @property
    def strength(self):
        return int(self.Z[ZL.manpower]), int(self.Z[ZL.manpower + 1])

    def entries(self):
        return [tuple(int(self.Z[ZL.penq + len(Q) * i + k]) for k in range(len(Q))) for i in range(self.Z[ZL.npen])]

    def events(self):
        """(side, home skaters, away skaters, how) of each EV.manpower row logged."""
        rows = self.L.reshape(-1, LOG_W)[:self.Z[ZL.logn]]
        assert (rows[:, LR.code] == EV.manpower).all()
        return [tuple(int(x) for x in r[[LR.side, LR.a, LR.b, LR.c]]) for r in rows]


def test_a_called_penalty_changes_no_manpower_until_it_is_served():
    b = Box()
    mp.call_penalty(b.Z, AWAY, 7, 2, -1)
    assert b.strength == (5, 5) and mp.first_called(b.Z) == 0
    assert b.entries() == [(AWAY, 7, 2, 0, mp.QS_CALLED, -1)]
    mp.begin_serving(b.Z, b.L, 0, 3)
    assert b.strength == (5, 4) and mp.first_called(b.Z) == -1
    assert b.entries()[0][Q.left] == 3 and b.entries()[0][Q.state] == mp.QS_SERVING
    assert b.events() == [(AWAY, 5, 4, MP_BEGIN)]


def test_the_clock_counts_action_cards_and_the_penalty_expires_when_served():
    # 16.31: three cards in the Advanced power play; each action card counts one off every penalty being served,
    # a line-change card none (7.31); cards flipped before the penalty began do not count for it
    b = Box()
    b.flip(4, 5)
    mp.call_penalty(b.Z, HOME, 3, 2, -1)
    b.flip(6)
    mp.begin_serving(b.Z, b.L, 0, 3)
    assert b.entries()[0][Q.left] == 3
    b.flip(7, -1)
    mp.run_clock_expire(b.Z, b.L)
    assert b.entries()[0][Q.left] == 2 and b.strength == (4, 5)
    b.flip(-1, 8)
    mp.run_clock_expire(b.Z, b.L)
    mp.run_clock_expire(b.Z, b.L)      # the same cards are counted once
    assert b.entries()[0][Q.left] == 1 and b.strength == (4, 5)
    b.flip(9)
    mp.run_clock_expire(b.Z, b.L)
    assert b.entries() == [] and b.strength == (5, 5)
    assert b.events()[-1] == (HOME, 5, 5, MP_SERVED)


def test_two_minors_served_together_are_five_on_three_and_never_fewer_than_three_skaters():
    # 23.0: "5 AGAINST 3 - The short-handed team leaves both wing positions vacant" is the fewest
    b = Box()
    for who in (1, 2, 3):
        mp.call_penalty(b.Z, AWAY, who, 2, -1)
    mp.begin_serving(b.Z, b.L, 0, 3)
    b.flip(0)
    mp.begin_serving(b.Z, b.L, 1, 3)
    assert b.strength == (5, 3)
    mp.begin_serving(b.Z, b.L, 2, 3)
    assert b.strength == (5, 3)
    # 7.34: a power-play goal ends the penalty with the least time left (the first one, 2 cards left)
    mp.release_penalty(b.Z, b.L, AWAY)
    assert [e[Q.who] for e in b.entries()] == [2, 3] and b.strength == (5, 3)
    assert b.events()[-1] == (AWAY, 5, 3, MP_GOAL)
    mp.release_penalty(b.Z, b.L, HOME)            # the home side serves nothing: nothing ends
    assert len(b.entries()) == 2


def test_one_minor_on_each_side_is_four_on_four():
    # 23.0: "4 AGAINST 4 - This is not a power play situation"
    b = Box()
    mp.call_penalty(b.Z, HOME, 1, 2, -1)
    mp.call_penalty(b.Z, AWAY, 2, 2, -1)
    mp.begin_serving(b.Z, b.L, 0, 3)
    mp.begin_serving(b.Z, b.L, 1, 3)
    assert b.strength == (4, 4)
    mp.release_penalty(b.Z, b.L, AWAY)
    assert b.strength == (4, 5) and [e[Q.side] for e in b.entries()] == [HOME]


def test_the_periods_end_ends_penalties_served_and_keeps_those_called():
    # 7.37: a penalty at the buzzer is played at the start of the next period
    b = Box()
    mp.call_penalty(b.Z, HOME, 4, 2, -1)
    mp.call_penalty(b.Z, AWAY, 9, 2, 11)
    mp.begin_serving(b.Z, b.L, 0, 2)
    mp.period_over(b.Z, b.L)
    assert b.entries() == [(AWAY, 9, 2, 0, mp.QS_CALLED, 11)] and b.strength == (5, 5)
    assert b.events()[-1] == (HOME, 5, 5, MP_PERIOD)


def test_a_full_queue_is_an_error_not_an_overwrite():
    b = Box()
    for i in range(8):
        mp.call_penalty(b.Z, i % 2, i, 2, -1)
    with pytest.raises(ValueError, match="penalty queue"):
        mp.call_penalty(b.Z, 0, 99, 2, -1)


# ---------------------------------------------------------------- the queue in games

def test_two_minors_from_a_delayed_penalty_are_two_power_plays_one_after_the_other():
    # BRW-KBY, seed 1, game 3372 at level=advanced: KBY's RW is penalized on a failed intimidation (16.13, a
    # delayed penalty); on BRW's shot KBY's goalie is penalized too (5.72).  Both minors are called; the first is
    # served on the chart with the second period's last two cards (16.31 wants three, so the period's end ends it as
    # soon as the chart's shots are taken) and the second's power play opens period 3 (7.37), where BRW scores on it
    # (7.34).
    gl = engine.play_by_play("BRW", "KBY", seed=1, game=3372, rules="level=advanced")
    ev = gl.events
    start = ev.index[(ev["code"] == EV.delayed) & ev["text"].str.contains("another penalty")][0]
    after = ev.loc[start:]
    pens = after.loc[after["code"] == EV.penalty, "text"].tolist()[:2]
    assert pens == ["PENALTY KBY: Nils Thornwell (RW, KBY), 2 minutes (intimidation, 16.1)",
                    "PENALTY KBY: Linus Ashwick (G, KBY), 2 minutes (goalie penalty)"]
    m = after.loc[after["code"] == EV.manpower]
    assert m["text"].tolist()[:4] == [
        "Manpower: BRW 5, KBY 4 skaters (KBY killing a minor)",
        "Manpower: BRW 5, KBY 5 skaters (KBY's minor ends with the period)",
        "Manpower: BRW 5, KBY 4 skaters (KBY killing a minor)",
        "Manpower: BRW 5, KBY 5 skaters (KBY's minor is over: a power-play goal, 7.34)"]
    assert m["period"].tolist()[:4] == [2, 2, 3, 3]
    # the first power play's minor ends with its shots (the deck is spent), before the period's end
    first_end = m.index[1]
    assert ev.loc[first_end - 1, "code"] == EV.pp_shot and ev.loc[first_end + 1, "code"] == EV.end
    flips = after.loc[after["code"] == EV.flip, "period"].tolist()
    assert flips[:5] == [2, 2, 3, 3, 3]
    pp = after.loc[after["code"] == EV.pp, "text"].tolist()
    assert pp[0].startswith("BRW power play, unit PP2") and pp[1].startswith("BRW power play, unit PP1")
    # the second power play is the first step of period 3, before its faceoff
    p3 = ev.loc[ev["period"] == 3, "code"].tolist()
    assert p3.index(EV.pp) < p3.index(EV.faceoff)
    # the period's end says so: the goalie's minor was called on a shot, not at the buzzer, and waited
    assert ev.loc[first_end + 1, "text"] == ("End of period 2: BRW 1, KBY 2; the waiting penalty's power play opens "
                                             "period 3 (7.37)")


def test_the_second_power_play_follows_the_first_in_the_same_period_and_stops_its_play_on():
    # KBY-BRW, seed 3, game 60 at level=advanced: BRW's two minors from a delayed penalty.  The first power play's
    # last shot reads Goalie Rating, and the goalie's card X-Reb: with no other minor waiting, 16.32 would play
    # the rebound on; here play stops for the second power play (16.15 "stop play and begin the power play"),
    # which follows at once, with no faceoff, action card or rebound between them (7.36's faceoff skipped)
    gl = engine.play_by_play("KBY", "BRW", seed=3, game=60, rules="level=advanced")
    ev = gl.events
    start = ev.index[(ev["code"] == EV.delayed) & ev["text"].str.contains("another penalty")][0]
    pps = ev.loc[start:].index[ev.loc[start:, "code"] == EV.pp][:2]
    between = ev.loc[pps[0] + 1:pps[1] - 1]
    assert ev.loc[pps[0], "period"] == ev.loc[pps[1], "period"]
    assert between["text"].tolist()[-7:] == [
        "  Jory Margren (G, BRW) card, rolls 8: X-Reb",
        "Manpower: KBY 5, BRW 5 skaters (BRW's minor is over)",
        "Manpower: KBY 5, BRW 4 skaters (BRW killing a minor)",
        "  elapsed time: card AA17", "  elapsed time: card AA11", "  elapsed time: card AA09",
        "  KBY Emmett Brackstead (RD, KBY) is in the penalty box: Dorian Holgren (RD, KBY) takes his place at RD"]
    assert not between["code"].isin([EV.faceoff, EV.card, EV.rebound, EV.goal]).any()
    assert ev.loc[pps[0], "text"].startswith("KBY power play, unit PP1")
    assert ev.loc[pps[1], "text"].startswith("KBY power play, unit PP2")


def test_a_retaliator_sits_out_of_the_power_play_before_his_goalies_minor():
    # LKP-DNM, seed 3, game 1151 at level=advanced: LKP's LW Xavier Brackwick takes a retaliation minor (5.73) on
    # DNM's goalie penalty, which ends DNM's delayed penalty.  DNM's delayed minor is played first; Brackwick is
    # in the box from his call, so he sits out of that power play's unit too (PP1, where he plays LW)
    gl = engine.play_by_play("LKP", "DNM", seed=3, game=1151, rules="level=advanced")
    ev = gl.events
    start = ev.index[(ev["code"] == EV.delayed) & ev["text"].str.contains("another penalty")][0]
    first_pp = ev.loc[start:].index[ev.loc[start:, "code"] == EV.pp][0]
    subs = ev.loc[start:first_pp]
    assert subs.loc[subs["code"] == EV.pk_sub, "text"].tolist() == [
        "  DNM Bram Branby (LD, DNM) is in the penalty box: Ignatius Marridge (LD, DNM) takes his place at LD",
        "  LKP Xavier Brackwick (LW, LKP) is in the penalty box: Fitz Dalstead (LW, LKP) takes his place at LW"]
    assert ev.loc[first_pp, "text"].startswith("LKP power play, unit PP1")


@pytest.fixture(scope="module")
def advanced_league():
    return engine.simulate(league=True, n=30_000, seed=3, rules="level=advanced")


def test_power_plays_balance_with_the_penalties_that_give_them(advanced_league):
    OT_ = advanced_league.aggregates["OT"]
    # a power-play goal needs a power play; a deflection goal is an even-strength goal (25.0: the deflected
    # shot is an even-strength X-Reb), never a power-play one even when a goalie penalty follows the deflection
    assert (OT_[:, :, T.ppg] <= OT_[:, :, T.ppo]).all()
    even = OT_[:, :, T.goals] - OT_[:, :, T.ppg] - OT_[:, :, T.shg]
    assert (OT_[:, :, T.defl_goals] <= even).all()
    assert OT_[:, :, T.defl_goals].sum() > 1000
    # every power play comes from a minor of the other side: no more power plays than the opponent's minors
    assert (OT_[:, :, T.ppo] <= OT_[:, ::-1, T.pen]).all()
    # minors with no power play of their own: a goal during the delayed penalty (16.14), the retaliation
    # offsetting option is off, and the game's last card (7.38) -- a small share
    missing = OT_[:, ::-1, T.pen].sum() - OT_[:, :, T.ppo].sum()
    assert 0 < missing < 0.06 * OT_[:, :, T.ppo].sum()


@pytest.mark.parametrize("game, period, note", [
    (8, 2, "; the penalty at the buzzer: its power play opens period 3 (7.37)"),
    (231, 3, "; the penalty on the game's last card brings no power play (7.38)")])
def test_a_penalty_as_the_deck_runs_out_is_explained_at_the_periods_end(game, period, note):
    # 7.37 "the penalty occurred at the buzzer and the power play begins at the start of the next period"; 7.38 "if the
    # penalty occurs on the last card of the game, the game ends without a power play".  KBY-NRV, seed 1 (Basic):
    # the PENALTY line is the period's last; its end line says what becomes of it.
    txt = engine.play_by_play("KBY", "NRV", seed=1, game=game).events["text"].tolist()
    at = next(i for i, t in enumerate(txt) if t.startswith(f"End of period {period}:"))
    assert txt[at - 1].startswith("PENALTY") and txt[at].endswith(note)
    assert sum("(7.37)" in t or "(7.38)" in t for t in txt) == (2 if game == 231 else 1)



@pytest.mark.parametrize("home, away, game, ends", [
    # the overtime's last card: a penalty (and the retaliator's) with a shootout to follow brings no power play
    ("ASR", "KBY", 14, ["End of period 1: ASR 1, KBY 2", "End of period 2: ASR 1, KBY 2",
                        "End of period 3: ASR 2, KBY 2", "End of the overtime: ASR 2, KBY 2; the penalty on the "
                        "game's last card brings no power play (7.38)"]),
    # the goalie's penalty at the buzzer with an injury settled on the same reading: the penalty at the buzzer,
    # not one that waited
    ("FNW", "LKP", 26933, ["End of period 1: FNW 3, LKP 0", "End of period 2: FNW 3, LKP 2; the penalty at the "
                           "buzzer: its power play opens period 3 (7.37)", "End of period 3: FNW 4, LKP 2"]),
    # a penalty on period 3's last card of a tied game: its power play opens the overtime
    ("ASR", "KBY", 106, ["End of period 1: ASR 1, KBY 2", "End of period 2: ASR 3, KBY 3",
                         "End of period 3: ASR 3, KBY 3; the penalty at the buzzer: its power play opens the "
                         "overtime (7.37)", "End of the overtime: ASR 4, KBY 3"]),
])
def test_a_periods_end_line_says_what_becomes_of_a_penalty_at_the_buzzer(home, away, game, ends):
    """7.37 "the penalty occurred at the buzzer and the power play begins at the start of the next period" and 7.38
    "if the penalty occurs on the last card of the game, the game ends without a power play": the end lines of
    three games of seed 1 (docs/strat.md, the end-of-period line)."""
    ev = engine.play_by_play(home, away, seed=1, game=game).events
    assert ev.loc[ev["code"] == EV.end, "text"].tolist()[:len(ends)] == ends
