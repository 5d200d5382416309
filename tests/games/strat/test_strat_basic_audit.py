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
