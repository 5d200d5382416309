"""Strat-O-Matic Hockey Basic: scripted tests of the rules a card-by-card audit found played wrongly (the
offender on his own penalty kill, line-change cards as power-play time, the goalie-penalty retaliation, 4.31's
alternation, goalie pulls with no card left, shootouts that go on when decided).

Each test finds the cards, split numbers and dice it needs in the compiled kit (the sample kit, or a copy
edited by the test) rather than relying on one card's printed readings, so that it stays valid when the
sample teams change.  Rule sections refer to shared/rules/strat-o-matic-hockey.txt.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from simcore.errors import InputError
from simcore.games.strat import engine
from simcore.games.strat import readings as R
from simcore.games.strat.kernel.layout import COL_IN, COL_OUT, COL_REB, EV, F, PK_SLOTS, TB, TM, K, P, T
from simcore.games.strat.kit import load_kit

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


def penalizable(c, home, away, f=0):
    """(home ice slot, the visitor's matched defender on forward line ``f`` and the first pair, a penalty card
    that penalizes him) for the first home slot that has a center-ice faceoff split and a defender some penalty
    card penalizes."""
    ar = team_row(c, away)
    first = [int(ar[TM.f + 3 * f + k]) for k in range(3)] + [int(ar[TM.d + k]) for k in range(2)]
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


def _play_offender_pp(c, kit, home, away, f, w, q, repl, buzzer=False):
    """The visitor's ``q`` (on forward line ``f`` at wing ``w``) is penalized by the home team's first action
    card (``buzzer``: the period's last card, so the power play opens the next period, 7.37); the Power Play
    Chart row drawn has a short-handed shot at ``w``, which ``repl`` should take.  Every chart shot is saved (an
    X-D reading).  Returns (game log, short-handed shots, power-play shots)."""
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
    actions = [["F"] * f + [pen], flips] if buzzer else [["F"] * f + [pen] + flips]
    gl = engine.play_scripted(home, away, actions=actions,
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
    assert texts(gl, EV.pk_sub) == [f"  {away} {name(c, q)} is in the penalty box: {name(c, repl)} takes his "
                                    f"place at {POS[w]}"]
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



def test_offender_sits_out_a_power_play_carried_into_the_next_period():
    # 7.37: "the penalty occurred at the buzzer and the power play begins at the start of the next period": the
    # offender still sits out when it does
    c = engine.compiled(None)
    home, away, f, w, q, repl = _offender_on_pk1(c)
    gl, sh, _ = _play_offender_pp(c, None, home, away, f, w, q, repl, buzzer=True)
    assert gl.events.loc[gl.events["code"] == EV.pp, "period"].tolist() == [2]
    assert texts(gl, EV.pk_sub) == [f"  {away} {name(c, q)} is in the penalty box: {name(c, repl)} takes his "
                                    f"place at {POS[w]}"]
    assert any(s.startswith(f"  {away} {name(c, repl)} ") for s in texts(gl, EV.pp_shot))


def test_offender_replaced_from_the_bench_when_the_other_unit_cannot_give_a_player():
    # The documented order's second step: when the other unit's player at the offender's position cannot come on
    # (here: he is already on the unit going on), the bench skater who plays that position (a center at a wing,
    # 7.2) with the best short-handed Defense comes on, roster order breaking ties; an injured skater never does.
    import numpy as np

    from simcore.games.strat.kernel import powerplay as PPK
    from simcore.games.strat.kernel.layout import MAX_ROSTER, NZ, ZL

    c = engine.compiled(None)
    home, away, f, w, q, repl = _offender_on_pk1(c)
    ti = c.team_index(away)
    tr = team_row(c, away)
    unit = np.full(5, -1, np.int64)
    for j, sl in enumerate(PK_SLOTS):
        unit[sl] = tr[TM.pk + j]
    other = unit.copy()                           # the "other unit" repeats the unit going on
    sk = c.tables[TB.sk]
    roster = [int(p) for p in tr[TM.roster:TM.roster + tr[TM.nroster]]]
    bench = [p for p in roster if p != q and p not in unit.tolist()]
    eligible = [p for p in bench if w in (sk[p, F.pos1], sk[p, F.pos2]) or 1 in (sk[p, F.pos1], sk[p, F.pos2])]
    best = max(eligible, key=lambda p: (sk[p, F.shdef], -roster.index(p)))
    Z = np.zeros(NZ, np.int64)
    Z[ZL.team + 1] = ti
    L = np.zeros(0, np.int64)
    u = unit.copy()
    PPK.sit_out(c.D, Z, 1, u, other, q, L)
    assert u[w] == best and u.tolist()[:w] + u.tolist()[w + 1:] == unit.tolist()[:w] + unit.tolist()[w + 1:]
    # the same with that skater injured: the next best comes on
    Z[ZL.injured + MAX_ROSTER + roster.index(best)] = 1
    rest = [p for p in eligible if p != best]
    u = unit.copy()
    PPK.sit_out(c.D, Z, 1, u, other, q, L)
    assert u[w] == max(rest, key=lambda p: (sk[p, F.shdef], -roster.index(p)))

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


# ---------------------------------------------------------------- 3. goalie penalties and retaliation (5.72, 5.73)

def _goalie_penalty_script(c, home="KBY", away="NRV"):
    """The pieces of a goalie penalty on the visitor's goalie (5.72) with a retaliation check that names a home
    skater on the ice who is also on PP1 and penalizes him (5.73).  Returns a dict."""
    hr, ar = team_row(c, home), team_row(c, away)
    ice = [int(hr[TM.f + k]) for k in range(3)] + [int(hr[TM.d + k]) for k in range(2)]
    pp1 = [int(x) for x in hr[TM.pp:TM.pp + 5]]
    g = int(ar[TM.g])
    gdice = next(dd for dd in range(2, 13) if c.tables[TB.gc][g, dd - 2, 1][0] == R.SAVE_PENALTY)
    grow = c.tables[TB.gc][g, gdice - 2, 1]
    for s0 in range(5):
        try:
            fo = faceoff_split(c, HOME, s0)
        except AssertionError:
            continue
        for i, card in enumerate(c.action_cards):
            r = c.tables[TB.act][i, HOME]
            if r[0] != R.SHOT_FOR or r[1] != 1 or r[2] in (R.ANY, s0):
                continue
            shooter = int(r[2])
            try:
                sdice = roll(c, ice[shooter], COL_IN, lambda x: x[0] == R.GOALIE_RATING and x[1] == 0)
            except AssertionError:
                continue
            for die in range(1, 7):
                pos = int(c.tables[TB.ret][die - 1])
                if pos < 0 or ice[pos] not in pp1:
                    continue
                lo, hi = c.tables[TB.penalty][c.tables[TB.sk][ice[pos], F.pen]]
                if lo <= 0:
                    continue
                return dict(fo=fo, card=card, shooter=ice[shooter], sdice=sdice, gdice=gdice, g=g,
                            pen_split=split_index(c, int(grow[1])), die=die, pos=pos, retaliator=ice[pos],
                            ret_split=split_index(c, int(lo)), ret_lo=int(lo), ret_hi=int(hi),
                            none_die=next((dd for dd in range(1, 7) if c.tables[TB.ret][dd - 1] < 0), None))
    raise AssertionError("no scripted goalie penalty with a retaliation on a PP1 skater")


def _goalie_text(c, g):
    return f"{c.goalies[g][1]} (G, {c.goalies[g][0]})"


def test_5_73_retaliation_offsetting_minors_no_power_play():
    # 5.72: "There is a possibility of a penalty on the goalie. Draw a split and if it falls within range (1-18)
    # the goalie is penalized."  5.73: "If so, roll one die and refer to the Goalie Penalty Retaliation Chart to
    # determine which opposing player might also receive a penalty. After the retaliation check, refer to the
    # penalty chart in the normal manner."  retaliation=offsetting: the named attacker's split falls in his
    # penalty-chart range, the two minors offset, no power play, and the faceoff is in the goalie's end.
    c = engine.compiled(None)
    x = _goalie_penalty_script(c)
    away_fo = next(split_index(c, n) for n in range(1, 21) if c.tables[TB.fo][n - 1][1] == AWAY)
    gl = engine.play_scripted("KBY", "NRV", actions=[[x["card"]]],
                              splits=[x["fo"], x["pen_split"], x["ret_split"], away_fo],
                              dice=[x["sdice"], x["gdice"], x["die"]], rules=PLAIN + ",retaliation=offsetting",
                              coaches="pull_goalie=never,penetrate=never")
    rating = "AA A B C D".split()[c.tables[TB.sk][x["retaliator"], F.pen]]
    assert texts(gl, EV.retaliation) == [
        f"  Retaliation check: KBY rolls {x['die']}: {POS[x['pos']]}, {name(c, x['retaliator'])} penalty rating "
        f"{rating} (penalized on {x['ret_lo']}-{x['ret_hi']}): split {x['ret_lo']}, penalized"]
    assert texts(gl, EV.penalty) == [f"PENALTY KBY: {name(c, x['retaliator'])}, 2 minutes (retaliation)",
                                     f"PENALTY NRV: {_goalie_text(c, x['g'])}, 2 minutes (goalie penalty "
                                     "(coincidental))"]
    assert texts(gl, EV.pp) == [] and texts(gl, EV.flip) == []
    assert gl.team[HOME, T.ppo] == 0 and gl.team[AWAY, T.ppo] == 0
    assert gl.team[HOME, T.pen_retal] == 1 and gl.team[AWAY, T.pen_goalie] == 1
    assert gl.team[HOME, T.pim] == 2 and gl.team[AWAY, T.pim] == 2
    # the goalie's own line: one minor, 2 minutes, for NRV's goalie in net and nobody else
    assert gl.goalies[AWAY, :, K.pen].tolist() == [1, 0] and gl.goalies[AWAY, :, K.pim].tolist() == [2, 0]
    assert gl.goalies[HOME, :, K.pim].tolist() == [0, 0]
    assert texts(gl, EV.faceoff)[-1].startswith("Faceoff at NRV's end")


def test_5_73_retaliation_power_play_is_played_without_the_retaliator():
    # retaliation=power_play: "refer to the penalty chart in the normal manner" -- the power play is played;
    # the retaliator serves his minor in the box, so the other PP unit's player at his position takes his place
    c = engine.compiled(None, "retaliation=power_play")
    x = _goalie_penalty_script(c)
    a, b = quiet_cards(c, 2, exclude=(x["card"],))
    hr = team_row(c, "KBY")
    pp = [int(v) for v in hr[TM.pp:TM.pp + 5]]
    repl = int(hr[TM.pp + 5 + x["pos"]])
    if repl in pp:                 # the same defensemen may play on both units (7.1): then the bench
        pytest.skip("PP2 repeats the retaliator's PP1 partner at his position")
    pp[x["pos"]] = repl
    pk, _ = _units(c, "KBY", "NRV")
    n = 1
    gl = engine.play_scripted("KBY", "NRV", actions=[[x["card"], a, b]],
                              splits=[x["fo"], x["pen_split"], x["ret_split"], split_index(c, n)],
                              dice=[x["sdice"], x["gdice"], x["die"]] + _saved_pp_dice(c, pk, pp, n),
                              rules=PLAIN + ",retaliation=power_play", coaches="pull_goalie=never,penetrate=never")
    assert texts(gl, EV.penalty) == [f"PENALTY KBY: {name(c, x['retaliator'])}, 2 minutes (retaliation)",
                                     f"PENALTY NRV: {_goalie_text(c, x['g'])}, 2 minutes (goalie penalty)"]
    assert texts(gl, EV.retaliation)[0].endswith(f"split {x['ret_lo']}, penalized")
    assert texts(gl, EV.pk_sub) == [f"  KBY {name(c, x['retaliator'])} is in the penalty box: {name(c, repl)} "
                                    f"takes his place at {POS[x['pos']]}"]
    assert texts(gl, EV.pp) == ["KBY power play, unit PP1 against PK1: split 1, "
                                + ("top" if pp_chart_rows(c, pk)[n][0] == 0 else "bottom") + " half of the chart"]
    assert all(c.skaters[x["retaliator"]][1] not in t for t in texts(gl, EV.pp_shot))
    assert gl.team[HOME, T.ppo] == 1 and gl.team[HOME, T.pen_retal] == 1 and gl.team[AWAY, T.pen_goalie] == 1
    assert gl.goalies[AWAY, :, K.pen].tolist() == [1, 0] and gl.goalies[AWAY, :, K.pim].tolist() == [2, 0]


def test_5_73_retaliation_die_names_nobody():
    # a die the Retaliation Chart reads as nobody: no split card for a retaliation, the power play follows
    c = engine.compiled(None)
    x = _goalie_penalty_script(c)
    if x["none_die"] is None:
        pytest.skip("the retaliation chart names a position on every die")
    a, b = quiet_cards(c, 2, exclude=(x["card"],))
    pk, pp = _units(c, "KBY", "NRV")
    gl = engine.play_scripted("KBY", "NRV", actions=[[x["card"], a, b]],
                              splits=[x["fo"], x["pen_split"], split_index(c, 1)],
                              dice=[x["sdice"], x["gdice"], x["none_die"]] + _saved_pp_dice(c, pk, pp, 1),
                              rules=PLAIN, coaches="pull_goalie=never,penetrate=never")
    assert texts(gl, EV.retaliation) == [f"  Retaliation check: KBY rolls {x['none_die']}: none"]
    assert texts(gl, EV.penalty) == [f"PENALTY NRV: {_goalie_text(c, x['g'])}, 2 minutes (goalie penalty)"]
    assert gl.team[HOME, T.ppo] == 1 and gl.team[HOME, T.pen_retal] == 0


# ---------------------------------------------------------------- 4. "any player": tied players alternate (4.31)

def _edit_kit(tmp_path_factory, label, edit):
    import shutil

    from simcore.games.strat.kit import SAMPLE_KIT_DIR, load_kit
    d = tmp_path_factory.mktemp(label) / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    edit(d)
    return load_kit(d)


def _kby_offense_kit(tmp_path_factory, label, tied, tied_off, others, others_off):
    """A sample-kit copy whose KBY skaters ``tied`` have Offense ``tied_off`` and ``others`` ``others_off``."""
    def edit(d):
        path = d / "teams" / "KBY_skaters.csv"
        rows = _read_csv(path)
        for r in rows:
            if r["name"] in tied:
                r["off"] = tied_off
            elif r["name"] in others:
                r["off"] = others_off
        _write_csv(path, rows)

    return _edit_kit(tmp_path_factory, label, edit)


def _read_csv(path):
    import csv
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def _write_csv(path, rows):
    import csv
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def _any_card_column(c, card):
    """The shot column of a home "Inside/Outside shot for any player" action card."""
    return COL_IN if c.tables[TB.act][c.action_cards.index(card), HOME][1] == 1 else COL_OUT


def test_4_31_only_tied_choices_use_a_turn(tmp_path_factory):
    # 4.3: "Whenever a shot is for 'any player' you MUST select the teammate with the highest Offense rating on
    # the ice."  4.31: "If more than one player on the ice has the same rating, they must alternate throughout
    # the game."  The home LD (X) is the only best choice while F1 is on (period 1); from period 2 a forward of
    # F2 (Y) ties him.  A turn counts only when the choice was among tied players, so period 1's untied pick
    # uses none: period 2 goes to Y (no turns either, first slot first), period 3 to X (fewer turns).  Counting
    # the untied pick as a turn would give Y both.  Each shot is saved or the puck lost (4.32: the pick is the
    # turn, whatever becomes of the shot).
    c0 = engine.compiled(None)
    card = next((nm for i, nm in enumerate(c0.action_cards)
                 if c0.tables[TB.act][i, HOME][0] == R.SHOT_FOR and c0.tables[TB.act][i, HOME][2] == R.ANY), None)
    if card is None:
        pytest.skip("no home 'shot for any player' action card in the sample deck")
    s0 = next(s for s in range(3) if any(c0.tables[TB.fo][n][1] == HOME and c0.tables[TB.fo][n][2] == s
                                         for n in range(20)))
    ys = next(s for s in range(3) if s != s0)
    from simcore.games.strat.kit import SAMPLE_KIT_DIR
    units = {r["unit"]: r for r in _read_csv(SAMPLE_KIT_DIR / "teams" / "KBY_lines.csv")}
    x_name, y_name = units["D1"]["LD"], units["F2"][POS[ys]]
    others = {units[u][p] for u in ("F1", "F2") for p in ("LW", "C", "RW")} | {units["D1"]["RD"]}
    others -= {x_name, y_name}

    kit = _kby_offense_kit(tmp_path_factory, "tied_offense", (x_name, y_name), "9", others, "1")
    c = engine.compiled(kit)
    x, y = c.skaters.index(("KBY", x_name)), c.skaters.index(("KBY", y_name))
    done = lambda r: r[0] in (R.SAVE_TO, R.LOSE_PUCK_TO)       # noqa: E731
    fo = faceoff_split(c, HOME, s0)
    col = _any_card_column(c, card)
    gl = engine.play_scripted("KBY", "NRV", actions=[[card], ["F", card], ["F", card]], splits=[fo, fo, fo],
                              dice=[roll(c, x, col, done), roll(c, y, col, done), roll(c, x, col, done)],
                              rules=PLAIN, kit=kit, coaches="pull_goalie=never,penetrate=never")
    shooters = [t.split(" shoots")[0] for t in texts(gl, EV.shot)]
    assert shooters == [f"KBY LD {x_name}", f"KBY {POS[ys]} {y_name}", f"KBY LD {x_name}"]


def test_4_31_tied_players_alternate(tmp_path_factory):
    # two players tied at the highest Offense on the same lines all game: they alternate, X, Y, X
    c0 = engine.compiled(None)
    card = next((nm for i, nm in enumerate(c0.action_cards)
                 if c0.tables[TB.act][i, HOME][0] == R.SHOT_FOR and c0.tables[TB.act][i, HOME][2] == R.ANY), None)
    if card is None:
        pytest.skip("no home 'shot for any player' action card in the sample deck")
    s0 = next(s for s in range(3) if any(c0.tables[TB.fo][n][1] == HOME and c0.tables[TB.fo][n][2] == s
                                         for n in range(20)))
    from simcore.games.strat.kit import SAMPLE_KIT_DIR
    units = {r["unit"]: r for r in _read_csv(SAMPLE_KIT_DIR / "teams" / "KBY_lines.csv")}
    ys = [s for s in range(3) if s != s0]
    x_name, y_name = units["F1"][POS[ys[1]]], units["F1"][POS[ys[0]]]     # X in the later slot
    others = {units["F1"][POS[s0]], units["D1"]["LD"], units["D1"]["RD"]}

    kit = _kby_offense_kit(tmp_path_factory, "tied_f1", (x_name, y_name), "8", others, "2")
    c = engine.compiled(kit)
    x, y = c.skaters.index(("KBY", x_name)), c.skaters.index(("KBY", y_name))
    done = lambda r: r[0] in (R.SAVE_TO, R.LOSE_PUCK_TO)       # noqa: E731
    fo = faceoff_split(c, HOME, s0)
    col = _any_card_column(c, card)
    gl = engine.play_scripted("KBY", "NRV", actions=[[card], [card], [card]], splits=[fo, fo, fo],
                              dice=[roll(c, y, col, done), roll(c, x, col, done), roll(c, y, col, done)],
                              rules=PLAIN, kit=kit, coaches="pull_goalie=never,penetrate=never")
    shooters = [t.split(" shoots")[0] for t in texts(gl, EV.shot)]
    assert shooters == [f"KBY {POS[ys[0]]} {y_name}", f"KBY {POS[ys[1]]} {x_name}", f"KBY {POS[ys[0]]} {y_name}"]


# ---------------------------------------------------------------- 5. no goalie pull without a card to play (13.0)

def _home_goal_period(c):
    """(action cards, split cards, dice) of a period in which the home team scores once: a center-ice faceoff
    won at some slot, a home action card giving a shot to a named teammate, and a plain Goal on his card."""
    hr = team_row(c, "KBY")
    ice = [int(hr[TM.f + k]) for k in range(3)] + [int(hr[TM.d + k]) for k in range(2)]
    for s0 in range(5):
        try:
            fo = faceoff_split(c, HOME, s0)
        except AssertionError:
            continue
        for i, card in enumerate(c.action_cards):
            r = c.tables[TB.act][i, HOME]
            if r[0] != R.SHOT_FOR or r[2] in (R.ANY, s0):
                continue
            col = COL_IN if r[1] == 1 else COL_OUT
            try:
                d = roll(c, ice[int(r[2])], col, lambda x: x[0] == R.GOAL and x[1:] == (1, 20, 0))
            except AssertionError:
                continue
            return [card], [fo], [d]
    raise AssertionError("no scripted home goal")


def test_13_no_pull_with_no_card_left():
    # 13.0: "The goalie may be pulled ... when there are 2 or fewer action cards remaining in the game."  A pull
    # with no card left to play is no pull: the visitor trails 0-1 and period 3's deck has no card, so the game
    # ends at the opening faceoff check without a pull (earlier releases logged "pulls the goalie (0 card(s)
    # left)" and counted it in pulled_goalie).
    c = engine.compiled(None)
    cards, splits, dice = _home_goal_period(c)
    gl = engine.play_scripted("KBY", "NRV", actions=[cards, [], []], splits=splits, dice=dice, rules=PLAIN,
                              coaches=("pull_goalie=never,penetrate=never", "pull_goalie=trailing"))
    assert (gl.home_goals, gl.away_goals) == (1, 0)
    assert texts(gl, EV.pull) == []
    assert gl.team[AWAY, T.pulled] == 0


def test_13_pull_with_one_card_left():
    # the same game with one card in period 3: the visitor pulls at the opening faceoff (1 card left)
    c = engine.compiled(None)
    cards, splits, dice = _home_goal_period(c)
    # whatever the period-3 card leads to, the script has cards and dice enough for it
    gl = engine.play_scripted("KBY", "NRV", actions=[cards, [], [cards[0]]], splits=splits + [0] * 20,
                              dice=dice + [7] * 20, rules=PLAIN,
                              coaches=("pull_goalie=never,penetrate=never", "pull_goalie=trailing"))
    pulls = texts(gl, EV.pull)
    assert len(pulls) == 1 and pulls[0].startswith("NRV pulls the goalie (1 card left)")
    assert gl.team[AWAY, T.pulled] == 1


# ---------------------------------------------------------------- 6. shootouts (28)

def _so_order(c, team):
    """The team's shooters in the engine's shootout order (the compiled TM.so roster slots)."""
    tr = team_row(c, team)
    return [int(tr[TM.roster + int(tr[TM.so + k])]) for k in range(int(tr[TM.nroster]))]


def _scores(r):
    return r[0] == R.SAVE_REBOUND          # 28.1: X-Reb is a goal, with no card to draw


def _misses(r):
    return r[0] == R.SAVE_TO               # 28.11: any other reading is a save


def _so_script(c, pattern):
    """Dice for shots in order (home, away, home, ...), each True (a goal) or False (a save), by the shooters'
    cards."""
    order = (_so_order(c, "KBY"), _so_order(c, "NRV"))
    dice = []
    for i, g in enumerate(pattern):
        side, rnd = i % 2, i // 2
        p = order[side][rnd % len(order[side])]
        dice.append(roll(c, p, COL_REB, _scores if g else _misses))
    return dice


@pytest.mark.parametrize("pattern, shots", [
    # home scores twice, the visitor misses twice: after round 2 the visitor's one shot left cannot tie (2-0)
    ((True, False, True, False), 4),
    # 1-0 after round 2; home scores its third: 2-0 with one visitor shot left, decided before the visitor shoots
    ((True, False, False, False, True), 5),
    # 1-1 after three rounds: sudden death, one round, home scores and the visitor misses
    ((True, True, False, False, False, False, True, False), 8),
])
def test_28_shootout_stops_when_decided(pattern, shots):
    # 28: "End-of-game, tie-breaking shootouts" -- the three rounds end as soon as one side cannot catch up
    # with the shots it has left; sudden death ends after a round with the sides apart.
    c = engine.compiled(None)
    gl = engine.play_scripted("KBY", "NRV", actions=[], splits=[], dice=_so_script(c, pattern),
                              rules="overtime=none,shootout=on,assists=off", coaches="pull_goalie=never")
    so = texts(gl, EV.so)
    assert len(so) == shots
    assert [s.endswith("-- scores") for s in so] == list(pattern[:shots])
    home, away = sum(pattern[0:shots:2]), sum(pattern[1:shots:2])
    assert (gl.team[HOME, T.so_goals], gl.team[AWAY, T.so_goals]) == (home, away)
    assert gl.winner == ("home" if home > away else "away") and gl.decided_in == "SO"
    assert gl.goalies[AWAY, 0, K.so_sa] == (shots + 1) // 2 and gl.goalies[HOME, 0, K.so_sa] == shots // 2


def test_28_1_shootout_goalie_rating_shows_the_goalie_card():
    # 28.1: "If a Goalie Rating or a Goalie Rating+ occurs, then refer to the goalie's card in the normal manner
    # to determine if the shot results in a goal."  The first home shooter's Goalie Rating goes to the visitor's
    # goalie's card (the Inside/Reb column), whose roll and reading the play-by-play shows, then the outcome.
    c = engine.compiled(None)
    home, away = _so_order(c, "KBY"), _so_order(c, "NRV")
    p = home[0]
    gr = roll(c, p, COL_REB, lambda r: r[0] == R.GOALIE_RATING and r[1] == 0)
    g = int(team_row(c, "NRV")[TM.g])
    gd = next(d for d in range(2, 13) if tuple(c.tables[TB.gc][g, d - 2, 1][:3]) == (R.GOAL, 1, 20))
    # round 1: the Goalie Rating goal, the visitor misses; round 2: both miss (1-0, not decided); round 3: the
    # home goal makes it 2-0 with one visitor shot left, decided
    dice = [gr, gd, roll(c, away[0], COL_REB, _misses)] + _so_script(c, (False,) * 4)[2:4]
    dice += [roll(c, home[2], COL_REB, _scores)]
    gl = engine.play_scripted("KBY", "NRV", actions=[], splits=[], dice=dice,
                              rules="overtime=none,shootout=on,assists=off", coaches="pull_goalie=never")
    ev = gl.events
    t = ev["text"].tolist()
    i = t.index(f"Shootout: KBY {name(c, p)} rolls {gr}: Goalie Rating")
    assert t[i + 1] == f"  {_goalie_text(c, g)} card, rolls {gd}: Goal"
    assert t[i + 2] == f"  -- {name(c, p)} scores"
    assert len(texts(gl, EV.so)) == 5 and gl.team[HOME, T.so_goals] == 2 and gl.winner == "home"


# --------------------------------------------------------------- 7. the Advanced power play as rule fields (16.3-16.51)

ADV_OFF = ",pp_three_cards=off,pp_play_on=off,pp_units_stay=off"


def _pp_scenario(c, home="KBY", away="NRV", f=0):
    """(faceoff split, penalty card, home slot, penalized defender, PK by slot, PP1 by slot) for a penalty on the
    visitor drawn by the home team's first card after ``f`` forward line changes."""
    s, q, pen = penalizable(c, home, away, f)
    pk, pp = _units(c, home, away)
    pk = [repl_if(c, away, pk, q, j) for j in range(5)]
    return faceoff_split(c, HOME, s), pen, s, q, pk, pp


def test_16_31_three_elapsed_time_cards():
    # 16.31: "Three action cards are turned over to account for the elapsed time instead of two."  Forced on at
    # level=basic (a house rule); a line-change card among them is still set aside (7.31).
    c = engine.compiled(None)
    fo, pen, s, q, pk, pp = _pp_scenario(c)
    a, b, d = quiet_cards(c, 3, exclude=(pen,))
    gl = engine.play_scripted("KBY", "NRV", actions=[[pen, a, "F", b, d]], splits=[fo, split_index(c, 1)],
                              dice=_saved_pp_dice(c, pk, pp, 1), rules=PLAIN + ADV_OFF.replace(
                                  "pp_three_cards=off", "pp_three_cards=on"),
                              coaches="pull_goalie=never,penetrate=never")
    assert texts(gl, EV.flip) == [f"  elapsed time: card {a}", "  elapsed time: card F line change (waits)",
                                  f"  elapsed time: card {b}", f"  elapsed time: card {d}"]
    assert texts(gl, EV.manpower) == ["Manpower: KBY 5, NRV 4 skaters (NRV killing a minor)",
                                      "Manpower: KBY 5, NRV 5 skaters (NRV's minor is over)"]
    # the Basic game's two cards with the field off
    gl2 = engine.play_scripted("KBY", "NRV", actions=[[pen, a, "F", b]], splits=[fo, split_index(c, 1)],
                               dice=_saved_pp_dice(c, pk, pp, 1), rules=PLAIN + ADV_OFF,
                               coaches="pull_goalie=never,penetrate=never")
    assert len(texts(gl2, EV.flip)) == 3


def _last_shot_rebound(c, units_on_ice, pp, pk, differ=None):
    """A Power Play Chart row n, dice for its shots (every shot saved, the power play's last one X-Reb), a split
    card whose Rebound section gives the home player at some slot (of ``units_on_ice``) a rebound shot, and that
    player's Goal+ (or Goalie Rating+) roll: (n, dice, rebound split, rebound shooter, his roll)."""
    rows = pp_chart_rows(c, pk)
    plus = lambda r: (r[0] == R.GOAL and r[3] == 1) or (r[0] == R.GOALIE_RATING and r[1] == 1)   # noqa: E731
    for n, (_, sh, ppl) in rows.items():
        if not ppl:
            continue
        kind, pos = ppl[-1]
        try:
            last = roll(c, pp[pos], PP_COLS[kind], lambda r: r[0] == R.SAVE_REBOUND)
        except AssertionError:
            continue
        dice = ([roll(c, pk[ps], PP_COLS[k], save_to) for k, ps in sh if pk[ps] >= 0]
                + [roll(c, pp[ps], PP_COLS[k], save_to) for k, ps in ppl[:-1]] + [last])
        for i in range(40):
            r = c.tables[TB.spx][i, 1]
            if r[0] != R.REB_OFFENSE or r[1] == R.ANY or r[3]:
                continue
            shooter = units_on_ice[int(r[1])]
            if c.tables[TB.sk][shooter, F.off] < r[2] or (differ is not None and differ[int(r[1])] == shooter):
                continue
            try:
                return n, dice, i, shooter, int(r[1]), roll(c, shooter, COL_REB, plus)
            except AssertionError:
                continue
    raise AssertionError("no chart row ending in an X-Reb with a rebound shot to script")


def test_16_32_play_continues_after_the_last_shot_and_16_4_goal_plus_is_a_save():
    # 16.32: "continue play as normal after the last shot of an advanced power play. For example, if a reading of
    # X-REB occurs on the last power play shot only, assume that the shot on goal occurred during the power play
    # and the rebound situation occurs with both teams at even strength."  16.4: "On all shots occurring after
    # the last shot of a power play, a reading of Goal+ or Goalie Rating+ is considered a shot on goal with a save
    # and a faceoff."  Forced on at level=basic, the units not staying (pp_units_stay=off): the rebound goes to
    # the even-strength line's player, whose Goal+ is a save and a faceoff in the visitor's end.
    c = engine.compiled(None)
    fo, pen, s, q, pk, pp = _pp_scenario(c)
    hr = team_row(c, "KBY")
    line = [int(hr[TM.f + k]) for k in range(3)] + [int(hr[TM.d + k]) for k in range(2)]
    n, dice, rsplit, shooter, rslot, plus = _last_shot_rebound(c, line, pp, pk)
    a, b = quiet_cards(c, 2, exclude=(pen,))
    away_fo = next(split_index(c, m) for m in range(1, 21) if c.tables[TB.fo][m - 1][1] == AWAY)
    gl = engine.play_scripted("KBY", "NRV", actions=[[pen, a, b]],
                              splits=[fo, split_index(c, n), rsplit, away_fo], dice=dice + [plus],
                              rules=PLAIN + ",injuries=off" + ADV_OFF.replace("pp_play_on=off", "pp_play_on=on"),
                              coaches="pull_goalie=never,penetrate=never")
    ev = gl.events
    t = ev["text"].tolist()
    last_pp = max(i for i, code in enumerate(ev["code"]) if code == EV.pp_shot)
    assert t[last_pp].endswith(": X-Reb")
    assert t[last_pp + 1] == "Manpower: KBY 5, NRV 5 skaters (NRV's minor is over)"
    assert t[last_pp + 2].startswith("  Rebound: Offense")
    shot = texts(gl, EV.shot)
    assert len(shot) == 1 and shot[0].startswith(f"KBY {POS[rslot]} {c.skaters[shooter][1]} shoots (Reb/Bkwy), "
                                                 f"rolls {plus}: Goal")
    assert (gl.home_goals, gl.away_goals) == (0, 0)
    assert texts(gl, EV.faceoff)[-1].startswith("Faceoff at NRV's end")
    # every power-play shot was on goal (X-D, the last X-Reb), and so is the even-strength Goal+ after it
    home_pp = len([x for x in texts(gl, EV.pp_shot) if x.startswith("  KBY")])
    assert gl.team[HOME, T.ppo] == 1 and gl.team[HOME, T.ppg] == 0
    assert gl.team[HOME, T.sog_pp] == home_pp and gl.team[HOME, T.sog] == home_pp + 1


def test_16_5_power_play_unit_stays_while_it_keeps_the_puck():
    # 16.5: "If play continues after the power play is over with the power play team (now the offensive team)
    # still in control, do not change lines. The power play team remains on the ice until a goal is scored, a
    # faceoff occurs or the defensive team gains control of the puck."  The rebound goes to PP1's player, whose
    # Goal+ is a save (16.4) and a faceoff: the units go off and the lines come on.  Two forward line changes
    # before the penalty put F3 on the ice, so the rebound shooter is a PP1 player who is not on that line.
    c = engine.compiled(None)
    fo, pen, s, q, pk, pp = _pp_scenario(c, f=2)
    hr = team_row(c, "KBY")
    line = [int(hr[TM.f + 6 + k]) for k in range(3)] + [int(hr[TM.d + k]) for k in range(2)]
    n, dice, rsplit, shooter, rslot, plus = _last_shot_rebound(c, pp, pp, pk, differ=line)
    a, b = quiet_cards(c, 2, exclude=(pen,))
    away_fo = next(split_index(c, m) for m in range(1, 21) if c.tables[TB.fo][m - 1][1] == AWAY)
    gl = engine.play_scripted("KBY", "NRV", actions=[["F", "F", pen, a, b]],
                              splits=[fo, split_index(c, n), rsplit, away_fo], dice=dice + [plus],
                              rules=PLAIN + ",injuries=off,pp_play_on=on,pp_units_stay=on,pp_three_cards=off",
                              coaches="pull_goalie=never,penetrate=never")
    assert texts(gl, EV.shot)[0].startswith(f"KBY {POS[rslot]} {c.skaters[shooter][1]} shoots (Reb/Bkwy)")
    mp = texts(gl, EV.manpower)
    assert mp[-2] == "  KBY power-play unit and the penalty killers stay on the ice (16.5-16.51)"
    assert mp[-1] == "Even strength: the power-play and penalty-killing units go off, the lines come on (16.5)"
    ev = gl.events
    codes = ev["code"].tolist()
    assert codes.index(EV.faceoff, codes.index(EV.shot)) > len(codes) - 1 - codes[::-1].index(EV.manpower)


def _last_shot_defensemans(c, pk, pp, reading=R.SAVE_REBOUND):
    """A Power Play Chart row n whose power play ends on a defenseman's outside shot reading ``reading`` on his
    card, and dice for its shots (every other shot an X-D save, :func:`_saved_pp_dice`): (n, dice, his slot)."""
    for n, (_, sh, ppl) in pp_chart_rows(c, pk).items():
        if not ppl or ppl[-1][0] != 0 or ppl[-1][1] not in (3, 4):
            continue
        try:
            last = roll(c, pp[ppl[-1][1]], COL_OUT, lambda r: r[0] == reading)
        except AssertionError:
            continue
        return n, _saved_pp_dice(c, pk, pp, n)[:-1] + [last], ppl[-1][1]
    raise AssertionError(f"no chart row ending in a defenseman's outside shot reading {reading}")


@pytest.mark.parametrize("case", ["units stay", "lines come on", "deflect=never"])
def test_25_0_the_last_power_play_shots_outside_x_reb_by_a_defenseman_may_be_deflected(case):
    # 25.0: "Whenever a reading of 'X-Reb' occurs on an outside shot by a defenseman, the offensive team may choose
    # to try for a deflection or follow the normal rebound procedure."  16.32: on the last power-play shot "the
    # rebound situation occurs with both teams at even strength".  So the try is offered there too, at even
    # strength: die 3 on the sample Deflection chart gives the RW now on the ice (the power-play unit's, or the
    # line's when the units go off) the opportunity, and his Inside Goal is an even-strength goal (25.2).  The
    # coach's deflect=never follows the rebound procedure, as before.
    c = engine.compiled(None)
    fo, pen, s, q, pk, pp = _pp_scenario(c)
    n, dice, dslot = _last_shot_defensemans(c, pk, pp)
    shooter = pp[dslot]
    rw = int(team_row(c, "KBY")[TM.f + 2]) if case == "lines come on" else pp[2]
    goal = roll(c, rw, COL_IN, lambda r: r[0] == R.GOAL and (r[1], r[2], r[3]) == (1, 20, 0))
    a, b = quiet_cards(c, 2, exclude=(pen,))
    away_fo = next(split_index(c, m) for m in range(1, 21) if c.tables[TB.fo][m - 1][1] == AWAY)
    stay = "off" if case == "lines come on" else "on"
    gl = engine.play_scripted("KBY", "NRV", actions=[[pen, a, b]], splits=[fo, split_index(c, n), away_fo],
                              dice=dice + [3, goal],
                              rules=PLAIN + f",injuries=off,pp_play_on=on,pp_units_stay={stay},pp_three_cards=off,"
                                            "deflections=on",
                              coaches="pull_goalie=never,penetrate=never" + (",deflect=never" if case ==
                                                                             "deflect=never" else ""))
    ev = gl.events
    t = ev["text"].tolist()
    last_pp = max(i for i, code in enumerate(ev["code"]) if code == EV.pp_shot)
    assert t[last_pp] == f"  KBY {name(c, shooter)} Outside shot, rolls {dice[-1]}: X-Reb"
    if case == "deflect=never":
        assert texts(gl, EV.deflect) == [] and len(texts(gl, EV.rebound)) == 1
        assert gl.team[HOME, T.defl_try] == 0
        return
    assert texts(gl, EV.rebound) == []
    assert texts(gl, EV.deflect) == [
        f"KBY tries to deflect {POS[dslot]} {c.skaters[shooter][1]}'s shot (25.1): die 3, RW gets the opportunity",
        f"  KBY RW {c.skaters[rw][1]} deflects (Inside), rolls {goal}: Goal"]
    assert (gl.home_goals, gl.away_goals) == (1, 0)
    assert gl.team[HOME, T.ppg] == 0 and gl.team[HOME, T.defl_try] == 1 and gl.team[HOME, T.defl_goals] == 1
    scorer = int(c.tables[TB.sk][rw, F.slot])
    assert gl.players[HOME, scorer, P.g] == 1 and gl.players[HOME, scorer, P.defl_g] == 1
    # the power play's shots stay power-play shots; the deflected one is now the deflector's (25.2)
    home_pp = len([x for x in texts(gl, EV.pp_shot) if x.startswith("  KBY")])
    assert gl.team[HOME, T.sog_pp] == home_pp and gl.team[HOME, T.sog] == home_pp
    assert gl.players[HOME, scorer, P.sog] == 1 + sum(x.startswith(f"  KBY {name(c, rw)} ")
                                                      for x in texts(gl, EV.pp_shot))


def test_25_0_the_goalie_cards_x_reb_on_the_last_power_play_shot_is_a_rebound():
    # docs/strat.md "Which X-Reb": an X-Reb read on the goalie's card (a defenseman's outside shot reading Goalie
    # Rating) is the goalie's own reading and follows the rebound procedure, on the last power-play shot too
    from simcore.games.strat.kit import sample_kit

    c = engine.compiled(None)
    fo, pen, s, q, pk, pp = _pp_scenario(c)
    g = int(team_row(c, "NRV")[TM.g])
    gx = next(d for d in range(2, 13) if c.tables[TB.gc][g, d - 2, 0][0] == R.SAVE_REBOUND)
    n, dice, _ = _last_shot_defensemans(c, pk, pp, R.GOALIE_RATING)
    dice = dice + [gx]
    reb = next(x.card for x in sample_kit().split_deck if x.rebound.kind == R.REB_DEFENSE and x.rebound.b == 0)
    a, b = quiet_cards(c, 2, exclude=(pen,))
    gl = engine.play_scripted("KBY", "NRV", actions=[[pen, a, b]], splits=[fo, split_index(c, n), reb], dice=dice,
                              rules=PLAIN + ",injuries=off,pp_play_on=on,pp_units_stay=on,pp_three_cards=off,"
                                            "deflections=on", coaches="pull_goalie=never,penetrate=never")
    assert texts(gl, EV.goalie)[-1].endswith(f"card, rolls {gx}: X-Reb")
    assert texts(gl, EV.deflect) == [] and len(texts(gl, EV.rebound)) == 1
    assert gl.team[HOME, T.defl_try] == 0


def test_25_1_after_the_power_play_the_deflector_is_told_from_the_shooter_by_who_he_is(tmp_path_factory):
    # 25.1 "the offensive coach rolls one die to determine which player gets the opportunity": after the last
    # power-play shot the lines may have come on (pp_units_stay=off), and the player now at the shooter's place is
    # another man, who may deflect.  A kit whose PP1 defense is the second pair (sharing PP2's, 7.1) and whose
    # Deflection chart names that place at die 3: the first pair's defenseman there gets the opportunity (he was
    # ruled out as if he were the shooter).
    def pp1_second_pair(d):
        rows = _read_csv(d / "teams" / "KBY_lines.csv")
        by = {r["unit"]: r for r in rows}
        by["PP1"]["LD"], by["PP1"]["RD"] = by["D2"]["LD"], by["D2"]["RD"]
        _write_csv(d / "teams" / "KBY_lines.csv", rows)

    kit = _edit_kit(tmp_path_factory, "pp1d2", pp1_second_pair)
    c = engine.compiled(kit)
    fo, pen, s, q, pk, pp = _pp_scenario(c)
    n, dice, dslot = _last_shot_defensemans(c, pk, pp)
    shooter, there = pp[dslot], int(team_row(c, "KBY")[TM.d + dslot - 3])
    assert shooter != there
    d = Path(kit.path)
    rows = _read_csv(d / "charts" / "deflection.csv")
    rows[2]["deflector"] = POS[dslot]
    _write_csv(d / "charts" / "deflection.csv", rows)
    kit = load_kit(d)
    c = engine.compiled(kit)
    miss = roll(c, there, COL_IN, lambda r: r[0] not in (R.GOAL, R.GOALIE_RATING))
    a, b = quiet_cards(c, 2, exclude=(pen,))
    gl = engine.play_scripted("KBY", "NRV", actions=[[pen, a, b]], splits=[fo, split_index(c, n)],
                              dice=dice + [3, miss], kit=kit, coaches="pull_goalie=never,penetrate=never",
                              rules=PLAIN + ",injuries=off,pp_play_on=on,pp_units_stay=off,pp_three_cards=off,"
                                            "deflections=on")
    tried, deflected = texts(gl, EV.deflect)[:2]
    assert tried == (f"KBY tries to deflect {POS[dslot]} {c.skaters[shooter][1]}'s shot (25.1): die 3, "
                     f"{POS[dslot]} gets the opportunity")
    assert deflected.startswith(f"  KBY {POS[dslot]} {c.skaters[there][1]} deflects (Inside), rolls {miss}: ")
    assert gl.players[HOME, int(c.tables[TB.sk][there, F.slot]), P.defl_try] == 1


def _killers_with_a_center_at_a_wing():
    """A sample-kit team with a penalty-killing unit that has a center at a wing, as the game state after its
    power play against another team: (c, Z, the team's row, the unit by ice slot, that wing, ppi, shi)."""
    import numpy as np

    from simcore.games.strat.kernel.layout import LINES_W, NZ, ZL

    c = engine.compiled(None)
    for team in c.teams:
        tr = team_row(c, team)
        for k in range(2):
            pk = [-1] * 5
            for j, s in enumerate(PK_SLOTS):
                pk[s] = int(tr[TM.pk + 4 * k + j])
            wing = next((w for w in (0, 2) if c.tables[TB.sk][pk[w], F.pos1] == 1), None)
            if wing is not None:
                break
        if wing is not None:
            break
    else:
        pytest.skip("no penalty-killing unit in the sample kit has a center at a wing")
    ti = c.team_index(team)
    other = next(i for i in range(len(c.teams)) if i != ti)
    Z = np.zeros(NZ, np.int64)
    for sd, row in ((0, other), (1, ti)):
        Z[ZL.lines + sd * LINES_W:ZL.lines + (sd + 1) * LINES_W] = c.tables[TB.tm][row, :LINES_W]
    ppi = np.array(c.tables[TB.tm][other, TM.pp:TM.pp + 5], np.int64)
    return c, Z, tr, pk, wing, ppi, np.array(pk, np.int64)


def _stay(c, Z, ppi, shi):
    """units_stay for the home power play; the killers' (away) ice slots LW, C, RW, LD, RD."""
    import numpy as np

    from simcore.games.strat.kernel import powerplay as PPK
    from simcore.games.strat.kernel.layout import ZL

    PPK.units_stay(c.D, Z, 0, ppi, shi, np.zeros(0, np.int64))
    return Z[ZL.ice + 6:ZL.ice + 11].tolist()


def test_16_51_center_of_the_penalty_killers_back_at_center():
    # 16.51: "The same holds true for the short-handed team. If a center was at either wing position on the
    # short-handed team, put him at center and bring on the appropriate wing."
    from simcore.games.strat.kernel.layout import ZL

    c, Z, tr, pk, wing, ppi, shi = _killers_with_a_center_at_a_wing()
    ice = _stay(c, Z, ppi, shi)
    assert ice[1] == pk[wing]                                   # the center back at center
    assert ice[wing] == int(tr[TM.f + wing])                    # the line's wing comes on (F1 at the period start)
    assert [ice[s] for s in (2 - wing, 3, 4)] == [pk[s] for s in (2 - wing, 3, 4)]
    assert Z[ZL.ice:ZL.ice + 5].tolist() == ppi.tolist() and Z[ZL.pp_stay] == 1


def test_16_51_a_wing_who_is_the_killing_center_does_not_come_on_twice():
    # An injury's replacement (15.1) can be both the line's wing and the killers' center at that wing: he cannot
    # come on beside himself, so he stays at the wing and the line's center comes on (five skaters, each once).
    # If the line's center is a killer too, the killers stay as they are.
    from simcore.games.strat.kernel.layout import LINES_W, ZL

    c, Z, tr, pk, wing, ppi, shi = _killers_with_a_center_at_a_wing()
    line = ZL.lines + LINES_W + TM.f                            # the away side's first forward line
    Z[line + wing] = pk[wing]
    ice = _stay(c, Z, ppi, shi)
    assert ice == [int(Z[line + 1]) if s == 1 else pk[s] for s in range(5)]
    assert len(set(ice)) == 5
    Z[line + 1] = pk[3]
    assert _stay(c, Z, ppi, shi) == pk


def _injure_each(c, chain=1):
    """Each skater of each team of ``c`` injured in turn at the period start (the visitor's first line and pair on
    the ice), and with ``chain`` 2 his replacement injured next: yields (team, injured, replacement, the visitor's
    lines row after the replacement) for each injury."""
    import numpy as np

    from simcore.games.strat.kernel import injuries as INJ
    from simcore.games.strat.kernel.layout import LINES_W, MAX_ROSTER, NZ, ZL

    for team in c.teams:
        tr = team_row(c, team)
        for p in sorted({int(x) for x in tr[:LINES_W - 2] if x >= 0}):
            Z = np.zeros(NZ, np.int64)
            Z[ZL.lines + LINES_W:ZL.lines + 2 * LINES_W] = tr[:LINES_W]
            Z[ZL.ice:ZL.ice + 12] = -1
            Z[ZL.ice + 6:ZL.ice + 11] = [tr[TM.f], tr[TM.f + 1], tr[TM.f + 2], tr[TM.d], tr[TM.d + 1]]
            for _ in range(chain):
                Z[ZL.injured + MAX_ROSTER + c.tables[TB.sk][p, F.slot]] = 1
                best = INJ.replace_skater(c.D, Z, 1, p)
                yield team, p, best, Z[ZL.lines + LINES_W:ZL.lines + 2 * LINES_W].copy()
                if best < 0:
                    break
                p = best


def test_15_1_the_replacement_is_never_in_a_unit_with_the_injured_player():
    # 15.1 "use the most logical remaining player": whoever replaces a skater takes his place in every unit, so a
    # skater already in one of those units (a power-play or penalty-kill unit off the ice) would be in it twice.
    # Every skater of every sample team is injured in turn at the period start; no unit holds anyone twice.
    from simcore.games.strat.kernel.layout import LINES_W

    regions = ((TM.f, 4, 3), (TM.d, 3, 2), (TM.pp, 2, 5), (TM.pk, 2, 4))
    checked = 0
    for team, p, best, lines in _injure_each(engine.compiled(None)):
        assert best >= 0 and p not in lines[:LINES_W - 2]
        for start, units, size in regions:
            for u in range(units):
                unit = [int(x) for x in lines[start + u * size:start + (u + 1) * size] if x >= 0]
                assert len(unit) == len(set(unit)), (team, p, best, start, u, unit)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("rules", ["lines=4,pk_units=2", "lines=3", "pk_units=2"])
def test_15_1_the_replacement_is_never_in_a_line_and_a_pair_that_play_together(rules):
    # Any forward line plays with any defense pair, so a replacement who would be in a forward line in use and a
    # defense pair in use would be on the ice twice when the two are on together (docs/strat.md, "Injuries").
    # Each skater of each sample team is injured, then his replacement; no skater is ever in both.
    c = engine.compiled(None, rules)
    n_f, n_d = (3, 2) if "lines=3" in rules else (4, 3)
    checked = 0
    for team, p, best, lines in _injure_each(c, chain=2):
        forwards = {int(x) for x in lines[TM.f:TM.f + 3 * n_f] if x >= 0}
        pairs = {int(x) for x in lines[TM.d:TM.d + 2 * n_d] if x >= 0}
        assert not forwards & pairs, (team, p, best, forwards & pairs)
        checked += 1
    assert checked >= 200


def _both_units(lines, start, size, q):
    return all(q in [int(x) for x in lines[start + u * size:start + (u + 1) * size]] for u in range(2))


def test_19_2_19_3_with_two_pk_units_the_replacement_is_never_in_both_units():
    # 19.2 "No player (forward or defenseman) can be in both power-play units"; 19.3 "No player can be in both
    # penalty-killing units." With pk_units=2 (19.1) every skater of every sample team is injured in turn; his
    # replacement is in at most one PP unit and one PK unit whenever a skater off the ice and in neither is left.
    # With pk_units=1 (the Basic 7.2) the rule is not played, and some replacement lands in both units.
    from simcore.games.strat.rules import Rules

    def doubled(rules):
        runs = list(_injure_each(engine.compiled(None, Rules(pk_units=rules))))
        assert len(runs) > 100
        return sum(_both_units(lines, TM.pp, 5, best) or _both_units(lines, TM.pk, 4, best)
                   for _, _, best, lines in runs)

    assert doubled("2") == 0
    assert doubled("1") > 0


def _last_shot_goalie_card(c, pk, pp, reading):
    """A Power Play Chart row n whose power play's last shot can go to the visitor's goalie card and read
    ``reading`` there (R.SAVE_BREAKAWAY on an outside shot, R.SAVE_PENALTY on an inside or rebound shot, 5.7), and
    the scripts for it: (n, dice for the chart's shots ending with the last shot's Goalie Rating and the goalie
    card's roll, the split card at the bottom of the card's range, that range)."""
    g = int(team_row(c, "NRV")[TM.g])
    for n, (_, sh, ppl) in pp_chart_rows(c, pk).items():
        if not ppl:
            continue
        kind, pos = ppl[-1]
        gcol = 0 if PP_COLS[kind] == COL_OUT else 1
        gdice = next((dd for dd in range(2, 13) if c.tables[TB.gc][g, dd - 2, gcol][0] == reading), None)
        if gdice is None:
            continue
        try:
            last = roll(c, pp[pos], PP_COLS[kind], lambda r: r[0] == R.GOALIE_RATING)
        except AssertionError:
            continue
        lo, hi = (int(x) for x in c.tables[TB.gc][g, gdice - 2, gcol][1:3])
        dice = ([roll(c, pk[ps], PP_COLS[k], save_to) for k, ps in sh if pk[ps] >= 0]
                + [roll(c, pp[ps], PP_COLS[k], save_to) for k, ps in ppl[:-1]] + [last, gdice])
        return n, dice, split_index(c, lo), (lo, hi)
    raise AssertionError("no chart row whose last power-play shot can read that on the goalie's card")


def test_16_32_goalie_card_breakaway_on_the_last_power_play_shot_is_played():
    # 16.32: "continue play as normal after the last shot of an advanced power play."  The last power-play shot
    # is a Goalie Rating and the goalie's card reads "Save, Breakaway 1-6" (5.71); the split card falls in range,
    # so the breakaway is played at even strength once the minor is over (on the other chart shots the save is
    # all there is, 7.35): nobody started it, so the Breakaway section's player shoots, and his goal is an
    # even-strength goal, not a short-handed one.
    c = engine.compiled(None)
    fo, pen, s, q, pk, pp = _pp_scenario(c)
    n, dice, gsplit, (lo, hi) = _last_shot_goalie_card(c, pk, pp, R.SAVE_BREAKAWAY)
    ar = team_row(c, "NRV")
    line = [int(ar[TM.f + k]) for k in range(3)] + [int(ar[TM.d + k]) for k in range(2)]
    sure_goal = lambda r: r[0] == R.GOAL and r[1] == 1 and r[2] == 20 and r[3] == 0    # noqa: E731
    for b in range(40):
        r = c.tables[TB.spx][b, 0]
        if r[0] != R.BKWY_PLAYER:
            continue
        try:
            bdice = roll(c, line[int(r[1])], COL_REB, sure_goal)
        except AssertionError:
            continue
        bslot = int(r[1])
        break
    else:
        pytest.skip("no breakaway split card sends the puck to a visitor with a sure goal on his card")
    a, b2 = quiet_cards(c, 2, exclude=(pen,))
    rules = PLAIN + ",injuries=off" + ADV_OFF.replace("pp_play_on=off", "pp_play_on=on")
    gl = engine.play_scripted("KBY", "NRV", actions=[[pen, a, b2]], splits=[fo, split_index(c, n), gsplit, b],
                              dice=dice + [bdice], rules=rules, coaches="pull_goalie=never,penetrate=never")
    t = gl.events["text"].tolist()
    i = next(j for j, x in enumerate(t) if x.startswith("Manpower: KBY 5, NRV 5"))
    assert t[i - 2].endswith(f"rolls {dice[-1]}: OUT: Save, Breakaway {lo}-{hi}")
    assert t[i - 1] == f"  split card {lo}: within {lo}-{hi}"
    assert t[i + 1].startswith("  NRV possible breakaway: ")
    assert t[i + 2].startswith(f"NRV {POS[bslot]} {c.skaters[line[bslot]][1]} shoots (Reb/Bkwy), rolls {bdice}: "
                               "Goal")
    assert (gl.home_goals, gl.away_goals) == (0, 1)
    assert gl.team[AWAY, T.shg] == 0 and gl.team[HOME, T.ppo] == 1 and gl.team[HOME, T.ppg] == 0
    # with the rule off (the Basic game), the same reading is a frozen save and a faceoff at center ice (7.35-7.36)
    gl0 = engine.play_scripted("KBY", "NRV", actions=[[pen, a, b2]], splits=[fo, split_index(c, n)], dice=dice,
                               rules=PLAIN + ",injuries=off" + ADV_OFF, coaches="pull_goalie=never,penetrate=never")
    assert texts(gl0, EV.breakaway) == [] and texts(gl0, EV.split) == []
    assert (gl0.home_goals, gl0.away_goals) == (0, 0)


def test_16_32_goalie_card_penalty_on_the_last_power_play_shot_is_played():
    # 16.32 with 5.72-5.73: the last power-play shot's Goalie Rating reads "Faceoff, Penalty 1-18" on the
    # goalie's card and the split card falls in range: the goalie is penalized.  The first minor is over, so the
    # retaliation check is made on the home skaters on the ice and the goalie's minor gives a second power play,
    # played in the normal manner (two more elapsed-time cards, a new chart split).
    c = engine.compiled(None)
    fo, pen, s, q, pk, pp = _pp_scenario(c)
    n, dice, gsplit, (lo, hi) = _last_shot_goalie_card(c, pk, pp, R.SAVE_PENALTY)
    none_die = next((dd for dd in range(1, 7) if c.tables[TB.ret][dd - 1] < 0), None)
    if none_die is None:
        pytest.skip("the retaliation chart names a position on every die")
    # the second power play: PP2 (the units alternate, 7.1) against the whole PK1 (the offender is the goalie);
    # every chart shot an X-D save
    ar = team_row(c, "NRV")
    pk1, _ = _units(c, "KBY", "NRV")
    pp2 = [int(x) for x in team_row(c, "KBY")[TM.pp + 5:TM.pp + 10]]
    a, b2, d1, d2 = quiet_cards(c, 4, exclude=(pen,))
    rules = PLAIN + ",injuries=off" + ADV_OFF.replace("pp_play_on=off", "pp_play_on=on")
    gl = engine.play_scripted("KBY", "NRV", actions=[[pen, a, b2, d1, d2]],
                              splits=[fo, split_index(c, n), gsplit, split_index(c, 1)],
                              dice=dice + [none_die] + _saved_pp_dice(c, pk1, pp2, 1), rules=rules,
                              coaches="pull_goalie=never,penetrate=never")
    g = int(ar[TM.g])
    t = gl.events["text"].tolist()
    i = next(j for j, x in enumerate(t) if x.startswith("Manpower: KBY 5, NRV 5"))
    assert t[i - 2].endswith(f"rolls {dice[-1]}: IN/BKWY: Faceoff, Penalty {lo}-{hi}")
    assert t[i - 1] == f"  split card {lo}: within {lo}-{hi}"
    assert t[i + 1] == f"  Retaliation check: KBY rolls {none_die}: none"
    assert t[i + 2] == f"PENALTY NRV: {_goalie_text(c, g)}, 2 minutes (goalie penalty)"
    assert texts(gl, EV.flip)[-2:] == [f"  elapsed time: card {d1}", f"  elapsed time: card {d2}"]
    assert gl.team[HOME, T.ppo] == 2 and gl.team[AWAY, T.pen_goalie] == 1 and gl.team[AWAY, T.pen] == 2


# ---------------------------------------------------------------- the power play's own state (7.35, 13.3)

def _pp_games(rules="injuries=off", n=120):
    """Play-by-play text of ``n`` round-robin games of the sample league (seed 1)."""
    import simcore

    g = simcore.game("strat")
    return [g.play_by_play(None, 1, i, rules=rules).events for i in range(n)]


def test_7_35_passes_before_the_penalty_assist_no_power_play_goal():
    # 7.35: "The only actions taken during a power play are the shots indicated on the Power Play Chart", and
    # 14.1 credits a pass that "contributes directly to a goal": on a chart goal only a power-play skater on
    # the ice can assist.  LKP-FNW seed 1 game 34 credited the two skaters who set up the shot that drew the
    # goalie penalty (Ignatius Ketholm, Linus Eckholm; not on LKP's PP1).
    import simcore

    lg = simcore.game("strat").play_by_play({"home": "LKP", "away": "FNW"}, 1, 34, rules="injuries=off")
    t = lg.events.text.tolist()
    i = next(j for j, s in enumerate(t) if s.startswith("GOAL LKP: Linus Rudton") and "[power play]" in s)
    assert t[i + 1].strip() == "assists: Kasper Garwell (C, LKP), Felix Vandford (RW, LKP)"
    pp1 = set(engine.sample_kit().teams["LKP"].lines.power_play[0])
    assert {"Kasper Garwell", "Felix Vandford", "Linus Rudton"} <= pp1


def test_13_3_a_power_play_is_not_played_into_an_empty_net():
    # The Power Play Chart is a 5-on-4 with both goalies in; 13.3 gives an extra skater "the benefits of a power
    # play team" only "as long as [he] gives his team a numerical advantage".  KBY-GRP seed 1 game 5: GRP pulled
    # its goalie, then took a penalty, and KBY's power-play goal went into the empty net.
    import simcore

    t = simcore.game("strat").play_by_play({"home": "KBY", "away": "GRP"}, 1, 5).events.text.tolist()
    pull = next(j for j, s in enumerate(t) if s.startswith("GRP pulls the goalie"))
    pen = next(j for j in range(pull, len(t)) if t[j].startswith("PENALTY GRP"))
    assert t[pen + 1] == "GRP goalie back in the net"
    goal = next(s for s in t[pen:] if s.startswith("GOAL KBY"))
    assert goal == "GOAL KBY: Bram Ulvmont (RW, KBY) [power play] -- KBY 3, GRP 1"
    # and in 120 games of the round robin, no power-play or short-handed goal is scored into an empty net
    for ev in _pp_games():
        goals = ev.text[ev.text.str.startswith("GOAL ")]
        assert not goals.str.contains(r"\[(?:power play|short-handed)[^]]*empty net").any(), goals.tolist()


def test_28_the_final_line_gives_the_shootout():
    # KBY-FNW seed 1 game 6 is tied 3-3 and FNW wins the shootout 1-0 (28.1): the final line says so; KBY's
    # third miss decides it, so FNW's third shooter does not shoot
    import simcore

    t = simcore.game("strat").play_by_play({"home": "KBY", "away": "FNW"}, 1, 6).events.text.tolist()
    so = [s for s in t if s.startswith("Shootout: ")]
    assert len(so) == 5 and sum(s.endswith("scores") for s in so) == 1
    assert t[-1] == "Final: KBY 3, FNW 3 (shootout KBY 0, FNW 1: FNW wins)"


def test_a_bad_scripted_die_is_named_by_its_place_and_value():
    # The retaliation script of 5.73 above with its third die (one die, 1-6) replaced, then cut short.
    c = engine.compiled(None)
    x = _goalie_penalty_script(c)
    away_fo = next(split_index(c, n) for n in range(1, 21) if c.tables[TB.fo][n - 1][1] == AWAY)

    def play(dice):
        engine.play_scripted("KBY", "NRV", actions=[[x["card"]]], splits=[x["fo"], x["pen_split"], x["ret_split"],
                             away_fo], dice=dice, rules=PLAIN + ",retaliation=offsetting",
                             coaches="pull_goalie=never,penetrate=never")

    with pytest.raises(InputError, match=r"^dice entry 2 \(7\): a scripted value is outside the range"):
        play([x["sdice"], x["gdice"], 7])
    with pytest.raises(InputError, match=r"^scripted dice ran out \(dice: 2 entries given\)$"):
        play([x["sdice"], x["gdice"]])
    with pytest.raises(InputError, match="unknown split card 40"):
        engine.play_scripted("KBY", "NRV", actions=[[x["card"]]], splits=[40], dice=[])
