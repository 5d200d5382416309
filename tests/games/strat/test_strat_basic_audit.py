"""Strat-O-Matic Hockey Basic: scripted tests of the rules a card-by-card audit found played wrongly (the
offender on his own penalty kill, line-change cards as power-play time, the goalie-penalty retaliation, 4.31's
alternation, goalie pulls with no card left, shootouts that go on when decided).

Each test finds the cards, split numbers and dice it needs in the compiled kit (the sample kit, or a copy
edited by the test) rather than relying on one card's printed readings, so that it stays valid when the
sample teams change.  Rule sections refer to shared/rules/strat-o-matic-hockey.txt.
"""
from __future__ import annotations

import pytest

from simcore.games.strat import engine
from simcore.games.strat import readings as R
from simcore.games.strat.kernel.layout import COL_IN, COL_OUT, COL_REB, EV, F, PK_SLOTS, TB, TM, K, O, P, T

HOME, AWAY = 0, 1
PLAIN = "overtime=none,shootout=off,assists=off"
MIRROR = (2, 1, 0, 4, 3, 1)
POS = ("LW", "C", "RW", "LD", "RD")
PP_COLS = (COL_OUT, COL_IN, COL_REB, COL_REB)        # Power Play Chart shot kinds: Outside, Inside, Rebound, Bkwy


# ---------------------------------------------------------------- finding what a test needs in the kit

def texts(gl, code):
    ev = gl.events
    return ev.loc[ev["code"] == code, "text"].tolist()


def name(c, p):
    team, nm = c.skaters[p]
    return f"{nm} ({c.skater_pos[p]}, {team})"


def team_row(c, team):
    return c.tables[TB.tm][c.team_index(team)]


def split_index(c, n):
    """Row (0-39) of the first split card with number ``n``."""
    return int(next(i for i, x in enumerate(c.tables[TB.spn]) if x == n))


def faceoff_split(c, side, slot):
    """A split card whose number wins the center-ice faceoff for ``side`` at ``slot``."""
    for n in range(1, 21):
        r = c.tables[TB.fo][n - 1]
        if r[1] == side and r[2] == slot:
            return split_index(c, n)
    raise AssertionError(f"no faceoff split for side {side} slot {slot}")


def roll(c, p, col, pred):
    """A 2d6 total whose reading in column ``col`` of skater ``p``'s card satisfies ``pred``."""
    for dice in range(2, 13):
        if pred(tuple(int(x) for x in c.tables[TB.shot][p, col, dice - 2])):
            return dice
    raise AssertionError(f"{c.skaters[p]} has no such reading in column {col}")


def save_to(r):
    return r[0] == R.SAVE_TO


def penalty_card(c, side, rating):
    """An action card whose ``side`` section is a penalty card with ``rating`` in its top row (4.81)."""
    for i, nm in enumerate(c.action_cards):
        r = c.tables[TB.act][i, side]
        if r[0] == R.PENALTY_CARD and (r[1] >> rating) & 1:
            return nm
    raise AssertionError(f"no penalty card penalizes rating {rating}")


def penalizable(c, home, away):
    """(home ice slot, the visitor's matched defender on the first lines, a penalty card that penalizes him) for
    the first home slot that has a center-ice faceoff split and a defender some penalty card penalizes."""
    ar = team_row(c, away)
    first = [int(ar[TM.f + k]) for k in range(3)] + [int(ar[TM.d + k]) for k in range(2)]
    for s in range(5):
        q = first[MIRROR[s]]
        try:
            faceoff_split(c, HOME, s)
            return s, q, penalty_card(c, HOME, int(c.tables[TB.sk][q, F.pen]))
        except AssertionError:
            continue
    raise AssertionError("no home slot draws a penalty on his matched defender")


def quiet_cards(c, n, exclude=()):
    """``n`` action cards other than ``exclude`` (they are only flipped for elapsed time)."""
    return [nm for nm in c.action_cards if nm not in exclude][:n]


def pp_chart_rows(c, pk):
    """For a penalty-killing unit ``pk`` (players by ice slot, -1 vacant): {split n: (half, SH shots, PP
    shots)} with shots as (kind, position) pairs (7.32: the condition picks the half)."""
    out = {}
    for n in range(20):
        cpos, rating = c.tables[TB.ppcond][n]
        q = pk[cpos]
        half = 0 if (q >= 0 and c.tables[TB.sk][q, F.shdef] >= rating) else 1
        rows = []
        for side in (0, 1):
            row = c.tables[TB.ppc][n, half, side]
            rows.append([(int(row[1 + 2 * j]), int(row[2 + 2 * j])) for j in range(row[0])])
        out[n + 1] = (half, rows[0], rows[1])
    return out


# ---------------------------------------------------------------- 1. the offender sits out (Getting Started, 7.2)

def _offender_on_pk1(c):
    """(attacking team, defending team, forward line, wing slot, offender, replacement): a defending winger who
    plays on a forward line and at the same wing on PK1, and PK2's player at that wing."""
    for home, away in (("KBY", "NRV"), ("NRV", "KBY")) + tuple(
            (a, b) for a in c.teams for b in c.teams if a != b):
        tr = team_row(c, away)
        for f in range(3):
            for w in (0, 2):
                q = int(tr[TM.f + 3 * f + w])
                j = PK_SLOTS.index(w)
                pk1 = [int(x) for x in tr[TM.pk:TM.pk + 4]]
                repl = int(tr[TM.pk + 4 + j])
                if pk1[j] == q and repl >= 0 and repl not in pk1:
                    return home, away, f, w, q, repl
    raise AssertionError("no winger of a forward line kills penalties on PK1 at his position")


def _play_offender_pp(c, kit, home, away, f, w, q, repl):
    """The visitor's ``q`` (on forward line ``f`` at wing ``w``) is penalized by the home team's first action
    card; the Power Play Chart row drawn has a short-handed shot at ``w``, which ``repl`` should take.  Every
    chart shot is saved (an X-D reading).  Returns (game log, short-handed shots, power-play shots)."""
    pen = penalty_card(c, HOME, int(c.tables[TB.sk][q, F.pen]))
    flips = quiet_cards(c, 2, exclude=(pen,))
    ar = team_row(c, away)
    pk = [-1] * 5
    for j, s in enumerate(PK_SLOTS):
        pk[s] = int(ar[TM.pk + j])
    pk[w] = repl
    rows = pp_chart_rows(c, pk)
    n = next(n for n, (_, sh, _) in rows.items() if any(pos == w for _, pos in sh))
    _, sh, ppl = rows[n]
    dice = [roll(c, pk[pos], PP_COLS[kind], save_to) for kind, pos in sh]
    hr = team_row(c, home)
    pp1 = [int(x) for x in hr[TM.pp:TM.pp + 5]]
    dice += [roll(c, pp1[pos], PP_COLS[kind], save_to) for kind, pos in ppl]
    gl = engine.play_scripted(home, away, actions=[["F"] * f + [pen] + flips],
                              splits=[faceoff_split(c, HOME, MIRROR[w]), split_index(c, n)], dice=dice,
                              rules=PLAIN, coaches="pull_goalie=never,penetrate=never", kit=kit)
    return gl, sh, ppl


def test_offender_sits_out_and_the_other_units_winger_kills_the_penalty():
    # Getting Started: "All rules of pro hockey apply": the penalized player serves his penalty, so he cannot be
    # one of the four penalty killers (7.2).  The visitor's winger who is on PK1 is penalized (4.81); PK2's
    # player at his wing takes his place and takes the chart's short-handed shot at that wing (7.33).
    c = engine.compiled(None)
    home, away, f, w, q, repl = _offender_on_pk1(c)
    gl, sh, ppl = _play_offender_pp(c, None, home, away, f, w, q, repl)
    assert texts(gl, EV.penalty) == [f"PENALTY {away}: {name(c, q)}, 2 minutes (action-card penalty)"]
    assert texts(gl, EV.pk_sub) == [f"{away} {name(c, q)} sits out his own penalty: {name(c, repl)} kills it at "
                                    f"{POS[w]}"]
    shots = texts(gl, EV.pp_shot)
    assert len(shots) == len(sh) + len(ppl)
    sh_shots = [s for s in shots if s.startswith(f"  {away} ")]
    assert len(sh_shots) == len(sh) and all(c.skaters[q][1] not in s for s in shots)
    assert any(s.startswith(f"  {away} {name(c, repl)} ") for s in sh_shots)
    assert gl.team[AWAY, T.pen] == 1 and gl.team[AWAY, T.pen_card] == 1 and gl.team[HOME, T.ppo] == 1
    roster = c.roster[c.team_index(away)]
    assert gl.players[AWAY, roster.index(c.skaters[q][1]), P.pim] == 2
    assert gl.players[AWAY, roster.index(c.skaters[q][1]), P.sog] == 0
    assert gl.players[AWAY, roster.index(c.skaters[repl][1]), P.sog] == sum(1 for _, pos in sh if pos == w)


# ---------------------------------------------------------------- 2. elapsed time: two action cards (7.3, 7.31)

def _units(c, home, away):
    """(PK1 of the visitor by ice slot, PP1 of the home team by ice slot)."""
    ar, hr = team_row(c, away), team_row(c, home)
    pk = [-1] * 5
    for j, s in enumerate(PK_SLOTS):
        pk[s] = int(ar[TM.pk + j])
    return pk, [int(x) for x in hr[TM.pp:TM.pp + 5]]


def _saved_pp_dice(c, pk, pp, n):
    """Dice that make every shot of Power Play Chart row ``n`` an X-D save (7.35: the shot is all there is)."""
    _, sh, ppl = pp_chart_rows(c, pk)[n]
    return ([roll(c, pk[pos], PP_COLS[kind], save_to) for kind, pos in sh if pk[pos] >= 0]
            + [roll(c, pp[pos], PP_COLS[kind], save_to) for kind, pos in ppl])


def test_7_3_line_change_cards_are_set_aside_and_two_action_cards_flipped():
    # 7.3: "flip over two action cards to account for the elapsed time of the power play."  Getting Started:
    # "Separate the two forward line-change cards and the one defenseman line-change card from the perforated
    # deck" -- they are not action cards.  7.31: "do not change lines. Instead, change lines after the penalty
    # is concluded."  Both line-change cards that come up are set aside, two action cards are flipped, and both
    # changes happen after the power play.  A home skater who wins the opening faceoff draws a penalty card
    # that penalizes his matched defender (4.81).
    c = engine.compiled(None)
    home, away = "KBY", "NRV"
    s, q, pen = penalizable(c, home, away)
    a, b = quiet_cards(c, 2, exclude=(pen,))
    pk, pp = _units(c, home, away)
    pk = [repl_if(c, away, pk, q, j) for j in range(5)]
    n = 1
    gl = engine.play_scripted(home, away, actions=[[pen, "F", a, "D", b]],
                              splits=[faceoff_split(c, HOME, s), split_index(c, n)],
                              dice=_saved_pp_dice(c, pk, pp, n), rules=PLAIN,
                              coaches="pull_goalie=never,penetrate=never")
    assert texts(gl, EV.flip) == ["  elapsed time: card F line change (waits)", f"  elapsed time: card {a}",
                                  "  elapsed time: card D line change (waits)", f"  elapsed time: card {b}"]
    assert texts(gl, EV.line) == ["Line change: forward line F2, defense pair D2 on the ice (after the penalty, "
                                  "7.31)"]
    assert gl.team[HOME, T.ppo] == 1
    # the flipped cards are elapsed time, not cards drawn (the games table's action_cards: only the penalty card)
    assert len(texts(gl, EV.card)) == 1


def repl_if(c, team, pk, offender, s):
    """PK1's player at slot ``s``, or the other unit's player there when he is the offender (7.2, Getting
    Started)."""
    if pk[s] != offender:
        return pk[s]
    return int(team_row(c, team)[TM.pk + 4 + PK_SLOTS.index(s)])
