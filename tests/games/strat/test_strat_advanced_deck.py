"""The Advanced action deck (10.0-10.2): its readings, the data file and loader, the compiled tables, and the
kernel reading it at level=advanced (shared/rules/strat-o-matic-hockey.txt).

The games read the sample kit's own Advanced card columns (Defense 2-14 with 16.2's Penalty and Takes puck,
outside shot readings in 7-11, Passing G-L); the tests find the cards and cells whose readings they need and look
the players up by team and position, so they follow the kit's trades.
"""
from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from simcore.charts import ChartError
from simcore.games.strat import advdeck as A
from simcore.games.strat import advkit, engine
from simcore.games.strat import readings as R
from simcore.games.strat.compile import LineupError, compile_kit
from simcore.games.strat.kernel.layout import EV, NZ, TB, M, P, T, ZL
from simcore.games.strat.kit import SAMPLE_KIT_DIR, load_kit
from simcore.games.strat.readings import ReadingError
from simcore.games.strat.rules import Rules

ADV = "level=advanced,overtime=none,shootout=off,assists=off"
HOME, AWAY = 0, 1
LW, C, RW, LD, RD = range(5)


def split(n: int) -> str:
    """The first split card of the sample deck with number ``n`` (faceoff chart: 6 = Home LW)."""
    return f"S{2 * n - 1:02d}"


# ---------------------------------------------------------------- kit copies

def _edit_csv(path, fn):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    fields = list(rows[0].keys())
    rows, fields = fn(rows, fields)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def first(team, pos, kit=None):
    """The name of ``team``'s first-line (F1, or D1 for LD/RD) player at ``pos`` in the kit's line-up."""
    lines = (kit or load_kit(SAMPLE_KIT_DIR)).teams[team].lines
    return lines.forwards[0][pos] if pos <= RW else lines.defense[0][pos - LD]


KBY_LW = first("KBY", LW)           # the home LW who wins split 6's faceoff
# 1.0: "the home team's right wing will be matched against the visitors left wing, right defenseman against left
# defenseman, center against center": the position defending each position
MATCHED = {LW: RW, C: C, RW: LW, LD: RD, RD: LD}


def without_advanced_columns(d: Path, team):
    """``team``'s skater cards lose Defense 2-11 and Passing G-I (a kit made for the Basic game)."""
    drop = {f"D{n}" for n in range(2, 12)} | {"PG", "PH", "PI"}

    def fn(rows, fields):
        for r in rows:
            for x in drop:
                r.pop(x, None)
            # the provenance tag names the card's columns: keep only the ones still there
            r["source"] = re.sub(r"\[([^]]*)\]", lambda m: "[" + "|".join(c for c in m.group(1).split("|")
                                                                         if c not in drop) + "]", r["source"])
        return rows, [f for f in fields if f not in drop]

    _edit_csv(d / "teams" / f"{team}_skaters.csv", fn)


def set_cells(d: Path, rel, name, **values):
    def fn(rows, fields):
        hit = [r for r in rows if r["name"] == name]
        assert hit, (rel, name)
        for r in hit:
            r.update(values)
        return rows, fields
    _edit_csv(d / rel, fn)


def copy_kit(tmp_path_factory, name, edit=None):
    d = tmp_path_factory.mktemp(name) / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    if edit:
        edit(d)
    return d


@pytest.fixture(scope="module")
def kit_dir(tmp_path_factory):
    def edit(d):
        # faceoff ratings (8.1): the first lines' centers even (the Advanced chart's Even column is the Basic
        # chart, so the faceoffs below read as the Basic ones); KBY's first-line LW the best faceoff man (8.2)
        set_cells(d, "teams/KBY_skaters.csv", KBY_LW, fo="+2")
        for team, pos in (("KBY", C), ("KBY", RW), ("NRV", LW), ("NRV", C), ("NRV", RW)):
            set_cells(d, f"teams/{team}_skaters.csv", first(team, pos), fo="0")
    return copy_kit(tmp_path_factory, "adv", edit)


@pytest.fixture(scope="module")
def kit(kit_dir):
    return load_kit(kit_dir)


def texts(gl, code):
    ev = gl.events
    return ev.loc[ev["code"] == code, "text"].tolist()


def play(kit, actions, splits=(), dice=(), coaches="pull_goalie=never,penetrate=never", rules=ADV):
    return engine.play_scripted("KBY", "NRV", actions=[list(p) for p in actions], splits=list(splits),
                                dice=list(dice), rules=rules, kit=kit, coaches=coaches)


def aa01_dice(kit):
    """The dice for the play after KBY's LW wins a faceoff when AA01 is the period's only card (the faceoff tests):
    AA01's Offense 2 (home) section against one forechecker reads Opponent Defense 2, the Defense 2 of NRV's
    first-line RW (matched against the LW); if it reads an outside shot, the LW rolls the first number of his
    Outside column that is a save to a player, and with the deck spent the period ends."""
    if kit.teams["NRV"].skaters[first("NRV", RW, kit)].defense_column[2].kind == R.TAKES_PUCK:
        return []
    return [next(d for d, r in zip(range(2, 13), kit.teams["KBY"].skaters[KBY_LW].outside) if r.kind == R.SAVE_TO)]


# ---------------------------------------------------------------- readings (10.2, 12.1, 16.0)

def test_i_readings_as_printed():
    # 12.1: "The action deck reads inside shot for RW, I-LD."
    r = A.parse_advanced_action("Inside shot for RW, I-LD")
    assert r.reading == R.Reading(R.SHOT_FOR, 1, RW, R.NONE) and r.intim == (LD,)
    # 12.1 "If the 'I' reading refers to two players ..."; the 23.0 note's spelling without spaces or comma
    for text in ("Inside shot for C (LW), I-LD (RD)", "INSIDE SHOT FOR C(LW) I-LD(RD)"):
        r = A.parse_advanced_action(text)
        assert r.reading == R.Reading(R.SHOT_FOR, 1, C, LW) and r.intim == (LD, RD), text
    # 12.1 "the player defending the offensive player in control (1-OPP)": I-OPP, and the OCR'd 1-OPP
    for text in ("Inside shot for any player, I-OPP", "Inside shot for any player, 1-OPP"):
        r = A.parse_advanced_action(text)
        assert r.reading == R.Reading(R.SHOT_FOR, 1, R.ANY, R.NONE) and r.intim == (A.I_OPP,), text
    assert A.intim_decode(A.intim_code((LD, RD))) == (LD, RD)
    assert A.intim_decode(A.intim_code((A.I_OPP,))) == (A.I_OPP,)
    assert A.parse_advanced_action("Opponent Defense 2").reading == R.Reading(R.OPP_DEFENSE, 2)
    assert A.parse_advanced_action("Passing G").reading == R.Reading(R.PASSING, 6)


@pytest.mark.parametrize("text, problem", [
    ("Outside shot for LW, I-LD", "follows an inside shot"),
    ("Inside shot for RW, I-LD (RD)", "second offensive player"),
    ("Penalty AA A / B C D", "no penalty cards"),
    ("Opponent Defense 1", "Opponent Defense 2-14"),
    ("Passing F", "Passing G-L"),
    ("Inside shot for RW, I-XX", "expected an action reading"),
])
def test_readings_the_advanced_deck_refuses(text, problem):
    with pytest.raises(ReadingError, match=problem):
        A.parse_advanced_action(text)


def test_sections_and_forechecker_segments():
    one = A.parse_section("Passing G")
    assert len(one) == 4 and len(set(one)) == 1
    segs = A.parse_section("0-1: Opponent Defense 2 | 2: Passing H | 3: Inside shot for RW, I-LD")
    assert [s.reading.kind for s in segs] == [R.OPP_DEFENSE, R.OPP_DEFENSE, R.PASSING, R.SHOT_FOR]
    assert segs[3].intim == (LD,)
    assert A.section_text(segs) == "0-1: Opponent Defense 2 | 2: Passing H | 3: Inside shot for RW, I-LD"
    for bad, problem in (("0: Passing G | 2-3: Passing H", "once each, in order"),
                         ("0-2: Passing G", "must cover 0-3"),
                         ("0-3: Passing G | 3: Passing H", "once each"),
                         ("", "empty section"),
                         ("0-3: Passing B", "segment 0-3: the Advanced deck reads Passing G-L")):
        with pytest.raises(ReadingError, match=problem):
            A.parse_section(bad)


# ---------------------------------------------------------------- the data file and its loader

def _deck_rows(path):
    with open(path, newline="") as f:
        return list(csv.reader(f))


def _write(path, rows):
    with open(path, "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)


def test_sample_deck_loads_with_numbers_and_line_change_cards():
    kit = load_kit(SAMPLE_KIT_DIR)
    deck = kit.advanced_action_deck
    acts = [c for c in deck if c.kind == "action"]
    assert len(acts) == 30 and sorted(c.number for c in acts) == list(range(1, 31))         # 30.11
    kinds = [(c.kind, c.spare) for c in deck if c.kind != "action"]
    assert kinds.count(("forward_line_change", False)) == 2 and kinds.count(("defense_line_change", False)) == 1
    assert all(len(c.sections) == 6 and all(len(s) == 4 for s in c.sections) for c in acts)
    # 10.2 on card AA01: Offense 2 (home) against one forechecker "Opponent Defense 2"; Offense 1 "Passing G"
    aa01 = acts[0]
    assert aa01.card == "AA01"
    assert aa01.sections[A.SEC_O2_HOME][1].reading == R.Reading(R.OPP_DEFENSE, 2)
    assert aa01.sections[A.SEC_O1][1].reading == R.Reading(R.PASSING, ord("G") - ord("A"))
    # "If the action card divides the offensive section into separate defensive segments ... look under the 1
    # Forechecker segment": the example card's sections are divided, so the other segments read otherwise
    for sec in (A.SEC_O2_HOME, A.SEC_O1):
        assert aa01.sections[sec][2].reading != aa01.sections[sec][1].reading


def _category(r: A.AdvancedReading) -> str:
    k, a = r.reading.kind, r.reading.a
    if k == R.OPP_DEFENSE:
        return "defense_penalty" if 7 <= a <= 11 else "defense"
    return {R.PASSING: "passing", R.POSSIBLE_BREAKAWAY: "breakaway", R.LOSE_PUCK_OUTSIDE: "lose_outside",
            R.LOSE_PUCK_BREAKAWAY: "lose_breakaway", R.LOSE_PUCK_INSIDE_ANY: "lose_inside"}.get(k) or \
        ("inside" if r.reading.a == 1 else "outside")


@pytest.mark.parametrize("section", A.SECTIONS)
def test_sample_deck_meets_its_documented_target_frequencies(section):
    # docs/strat-data.md "Advanced action deck": every section and segment has the counts of advkit.TARGETS
    # shifted by advkit.FORECHECK_SHIFT
    acts = [c for c in load_kit(SAMPLE_KIT_DIR).advanced_action_deck if c.kind == "action"]
    si = A.SECTIONS.index(section)
    for f in range(4):
        cats = [_category(c.sections[si][f]) for c in acts]
        assert tuple(cats.count(x) for x in advkit.CAT) == advkit.targets(section, f), (section, f)
    # Offense 2 against one forechecker is the Basic deck's section, its 4 penalty cards Opponent Defense 7-11
    assert advkit.targets("offense2_visitors", 1) == (8, 4, 6, 4, 3, 1, 2, 1, 1)


def test_loader_errors_name_file_line_column_and_text(tmp_path):
    d = tmp_path / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    p = d / "advanced_action_deck.csv"
    rows = _deck_rows(p)
    head = rows[0]
    bad = [list(r) for r in rows]
    bad[3][head.index("offense3")] = "0-1: Passing G | 3: Passing H"
    _write(p, bad)
    with pytest.raises(ChartError) as e:
        load_kit(d)
    msg = str(e.value)
    assert str(p) in msg and "line 4" in msg and "column 'offense3'" in msg and "'0-1: Passing G | 3: Passing H'" in msg
    assert "once each, in order" in msg
    bad = [list(r) for r in rows]
    bad[2][head.index("number")] = bad[1][head.index("number")]
    _write(p, bad)
    with pytest.raises(ChartError, match=r"line 3, column 'number'.*each number 1-30 is on one card \(30.11\)"):
        load_kit(d)
    bad = [list(r) for r in rows]
    bad[1][head.index("number")] = "31"
    _write(p, bad)
    with pytest.raises(ChartError, match=r"line 2, column 'number': '31': expected the card's number 1-30"):
        load_kit(d)
    bad = [list(r) for r in rows if r[0] != "AA30"]
    _write(p, bad)
    with pytest.raises(ChartError, match="holds 30 action cards"):
        load_kit(d)


def test_a_basic_kit_without_the_deck_loads_and_advanced_names_the_key(tmp_path):
    d = tmp_path / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    toml = d / "kit.toml"
    toml.write_text("".join(line for line in toml.read_text().splitlines(True)
                            if not line.startswith("advanced_action_deck")))
    (d / "advanced_action_deck.csv").unlink()
    kit = load_kit(d)
    assert kit.advanced_action_deck is None
    compile_kit(kit)                                        # the Basic game does not need it
    with pytest.raises(ChartError, match=r"kit.toml, key 'advanced_action_deck': level=advanced plays the "
                                         r"Advanced action deck \(10.1\)"):
        compile_kit(kit, Rules.coerce("level=advanced"))


def test_level_advanced_needs_the_columns_the_deck_reads(tmp_path):
    compile_kit(load_kit(SAMPLE_KIT_DIR), Rules.coerce("level=advanced"))      # the sample cards carry them
    d = tmp_path / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    without_advanced_columns(d, "KBY")
    name = next(iter(load_kit(d).teams["KBY"].skaters))
    with pytest.raises(LineupError, match=rf"team KBY, {name}: level=advanced reads Defense 2, 3, 4, "
                                          r"5, 6, 7, 8, 9, 10, 11 .* no column D2, D3"):
        compile_kit(load_kit(d), Rules.coerce("level=advanced"))


def test_compiled_tables(kit):
    c = compile_kit(kit, Rules.coerce("level=advanced"))
    adeck = c.tables[TB.adeck]
    assert adeck.shape == (30, 6, 4, 5)
    assert c.action_cards[0] == "AA01" and len(c.action_cards) == 30
    assert adeck[0, A.SEC_O2_HOME, 1].tolist() == [R.OPP_DEFENSE, 2, 0, 0, 0]
    # an I reading's code in the fifth field
    acts = [x for x in kit.advanced_action_deck if x.kind == "action"]
    j, si, f = next((j, si, f) for j, x in enumerate(acts) for si in range(6) for f in range(4)
                    if x.sections[si][f].intim)
    assert adeck[j, si, f, 4] == A.intim_code(acts[j].sections[si][f].intim) > 0
    assert sorted(c.tables[TB.anum].tolist()) == list(range(1, 31))
    # an NRV skater whose card's Defense 2 reads Takes puck (the kit's cells move with its calibration)
    team = kit.teams["NRV"]
    name = next(n for n, s in team.skaters.items() if s.defense_column[2].kind == R.TAKES_PUCK)
    p = c.skaters.index(("NRV", name))
    defa, passa = c.tables[TB.defa], c.tables[TB.passa]
    assert defa.shape == (len(c.skaters), 13, 4) and passa.shape == (len(c.skaters), 6, 4)
    card = team.skaters[name]
    assert defa[p, 0].tolist() == [R.TAKES_PUCK, 0, 0, 0]                    # Defense 2, as printed
    assert [defa[p, n - 2].tolist() for n in range(2, 12)] == [list(card.defense_column[n].code())
                                                                for n in range(2, 12)]
    assert {int(defa[p, n - 2, 0]) for n in range(2, 7)} <= {R.TAKES_PUCK, R.OUTSIDE_SHOT}
    assert {int(defa[p, n - 2, 0]) for n in range(7, 12)} <= {R.DEF_PENALTY, R.TAKES_PUCK_SHOOTS}
    assert defa[p, 12].tolist() == list(card.defense_column[14].code())
    b = compile_kit(kit)                                                       # Basic: no Advanced tables
    assert b.tables[TB.adeck].shape[0] == 0 and b.tables[TB.defa].shape[0] == 0
    assert b.action_cards[0] == "A01"


# ---------------------------------------------------------------- the kernel at level=advanced

def test_10_2_example_offense_2_home_against_one_forechecker(kit):
    # 10.2: "The home team is attacking in a 2 offense against the visitors in a 1 defense. Refer to the Offense 2
    # (Home) section and look under the 1 Forechecker segment. The result reads 'Opponent Defense 2' Refer to No. 2
    # in the defender's Defense column."  Card AA01; the faceoff (Even column) goes to the KBY first-line man whose
    # matched NRV defender's Defense 2 reads Takes puck; the defender reads it; with the deck spent, the period ends.
    nrv = kit.teams["NRV"].skaters
    pos = next(p for p in (LW, C, RW, LD, RD)
               if nrv[first("NRV", MATCHED[p], kit)].defense_column[2].kind == R.TAKES_PUCK)
    carrier, defender = first("KBY", pos, kit), first("NRV", MATCHED[pos], kit)
    n = _fo_split(kit, "advanced", 0, True, pos)
    gl = play(kit, [["AA01"]], [split(n)], coaches=("alignment=o2d1,pull_goalie=never",
                                                     "alignment=o2d1,pull_goalie=never"))
    assert texts(gl, EV.align) == ["NRV alignment: Offense 2, Defense 1 (1 forechecker) -- before the faceoff",
                                   "KBY alignment: Offense 2, Defense 1 (1 forechecker) -- before the faceoff"]
    assert texts(gl, EV.card) == ["KBY draws action card AA01: Opponent Defense 2 [Offense 2 (home), 1 forechecker] "
                                  f"-- {R.POSITIONS[pos]} {carrier} has the puck"]
    assert texts(gl, EV.defense) == [f"NRV {R.POSITIONS[MATCHED[pos]]} {defender}, Defense 2: Takes puck"]
    assert gl.team[:, T.sog].tolist() == [0, 0]


def test_10_2_example_offense_1_reads_passing_g(kit):
    # 10.2: "if the home (offense) team had been in a 1 offense the result would have been Passing G. Refer to
    # letter G in the controlling player's Passing column": KBY's LW's Passing G (on the sample card: Lose puck).
    gl = play(kit, [["AA01"]], [split(6)], coaches=("alignment=o1d1,pull_goalie=never",
                                                     "alignment=o2d1,pull_goalie=never"))
    from simcore.games.strat.pbp import reading_text
    g = kit.teams["KBY"].skaters[KBY_LW].passing["G"]
    assert g.kind == R.LOSE_PUCK_TO
    assert texts(gl, EV.card) == ["KBY draws action card AA01: Passing G [Offense 1, 1 forechecker] -- LW "
                                  f"{KBY_LW} has the puck"]
    assert texts(gl, EV.pass_) == [f"KBY LW {KBY_LW}, Passing G: {reading_text(*g.code())}"]
    assert reading_text(*g.code()).startswith("Lose puck to ")


def _section_card(kit, section, f, want):
    """The name of a sample card whose ``section`` against ``f`` forecheckers satisfies ``want``."""
    acts = [x for x in kit.advanced_action_deck if x.kind == "action"]
    return next(x for x in acts if want(x.sections[A.SECTIONS.index(section)][f]))


def test_segment_follows_the_defending_teams_forecheckers(kit):
    # 10.2 "If the action card divides the offensive section into separate defensive segments (determined by
    # the number of forecheckers the defensive coach is using), refer to the appropriate segment."  A card
    # whose Offense 2 (home) section differs between 1 and 3 forecheckers, read against NRV in o3d3.
    x = next(x for x in kit.advanced_action_deck if x.kind == "action"
             and x.sections[A.SEC_O2_HOME][3] != x.sections[A.SEC_O2_HOME][1]
             and x.sections[A.SEC_O2_HOME][3].reading.kind == R.LOSE_PUCK_OUTSIDE)
    gl = play(kit, [[x.card]], [split(6)], dice=[7],
              coaches=("alignment=o2d1,pull_goalie=never", "alignment=o3d3,pull_goalie=never"))
    from simcore.games.strat.pbp import advanced_reading_text
    want = advanced_reading_text(x.sections[A.SEC_O2_HOME][3])
    assert texts(gl, EV.card)[0] == (f"KBY draws action card {x.card}: {want} [Offense 2 (home), 3 forecheckers] "
                                     f"-- LW {KBY_LW} has the puck")
    # the lose-puck reading: NRV's designated player shoots from outside (one shot, rolled 7)
    assert len(texts(gl, EV.shot)) == 1 and texts(gl, EV.shot)[0].startswith("NRV ")


def test_visitors_read_their_offense_2_section(kit):
    # 10.2: "Offense 2 (separate for home and visitors)": faceoff split 11 is won by the visitors' C
    x = next(x for x in kit.advanced_action_deck if x.kind == "action"
             and x.sections[A.SEC_O2_VISITORS][1].reading.kind == R.OPP_DEFENSE
             and x.sections[A.SEC_O2_VISITORS][1] != x.sections[A.SEC_O2_HOME][1])
    gl = play(kit, [[x.card]], [split(11)], dice=[7, 7, 7])
    n = x.sections[A.SEC_O2_VISITORS][1].reading.a
    assert texts(gl, EV.card)[0] == (f"NRV draws action card {x.card}: Opponent Defense {n} [Offense 2 (visitors), "
                                     "1 forechecker] -- C Ambrose Eckstead has the puck")
    assert texts(gl, EV.defense)[0].startswith(f"KBY C Silas Quilholm, Defense {n}: ")


def _defense_card(kit, kind):
    """A sample card whose Offense 2 (home) section against one forechecker reads Opponent Defense n (7-11) where
    the defender of KBY's LW (NRV's first-line RW) has reading ``kind`` (16.2: Penalty, or Takes puck, outside
    shot) in his Defense n; returns (card, n, the defender's name)."""
    name = first("NRV", RW)
    col = kit.teams["NRV"].skaters[name].defense_column
    x = _section_card(kit, "offense2_home", 1, lambda r: r.reading.kind == R.OPP_DEFENSE
                      and 7 <= r.reading.a <= 11 and col[r.reading.a].kind == kind)
    return x, x.sections[A.SEC_O2_HOME][1].reading.a, name


def test_16_2_defense_penalty_is_a_minor_to_the_defender(kit):
    # 16.2: "Opponent Defense 7, 8, 9,10 or 11 off the action deck. If drawn, refer to the defending player's
    # Defense column. Either a penalty will occur ..."  The card reading Opponent Defense n against one
    # forechecker; the defender's Defense n reads Penalty: a minor (pen_def and pen), and a power play.
    x, n, name = _defense_card(kit, R.DEF_PENALTY)
    assert name == "Ignatius Zeller"
    gl = play(kit, [[x.card, "AA02", "AA03"]], [split(6)] + [split(20)] * 8, dice=[7] * 12)
    assert texts(gl, EV.defense) == [f"NRV RW Ignatius Zeller, Defense {n}: Penalty"]
    pen = texts(gl, EV.penalty)
    assert pen[0] == "PENALTY NRV: Ignatius Zeller (RW, NRV), 2 minutes (Defense column penalty, 16.2)"
    assert gl.team[AWAY, T.pen_def] == 1 and gl.team[AWAY, T.pen] == 1 and gl.team[HOME, T.ppo] == 1
    assert gl.players[AWAY, engine.compiled(kit, ADV).roster[engine.compiled(kit, ADV).team_index("NRV")]
                      .index("Ignatius Zeller"), P.pim] == 2


def test_16_2_defender_takes_the_puck_and_shoots_outside_only(kit):
    # 16.2: "... or the defender will take away the puck and attempt an outside shot" (no penetration, even
    # under penetrate=always; 4.83 likewise).  Zeller shoots from outside: roll 7.
    x, n, name = _defense_card(kit, R.TAKES_PUCK_SHOOTS)
    assert name == "Ignatius Zeller"
    gl = play(kit, [[x.card]], [split(6)], dice=[7], coaches="penetrate=always,pull_goalie=never")
    assert texts(gl, EV.defense) == [f"NRV RW Ignatius Zeller, Defense {n}: Takes puck, outside shot"]
    assert texts(gl, EV.penetrate) == []
    shots = texts(gl, EV.shot)
    assert len(shots) == 1 and shots[0].startswith("NRV RW Ignatius Zeller shoots (Outside), rolls 7")


def test_passing_letters_read_the_passing_column(kit):
    # 4.2 with the Advanced letters G-L: Offense 1 against one forechecker on a card reading Passing H or I
    x = _section_card(kit, "offense1", 1, lambda r: r.reading.kind == R.PASSING and r.reading.a in (7, 8))
    letter = chr(ord("A") + x.sections[A.SEC_O1][1].reading.a)
    gl = play(kit, [[x.card]], [split(6)], dice=[7, 7, 7, 7],
              coaches=("alignment=o1d1,pull_goalie=never", "alignment=o2d1,pull_goalie=never"))
    b = kit.teams["KBY"].skaters[KBY_LW].passing[letter]
    from simcore.games.strat.pbp import reading_text
    assert texts(gl, EV.pass_) == [f"KBY LW {KBY_LW}, Passing {letter}: {reading_text(*b.code())}"]


# ---------------------------------------------------------------- the kernel's helpers, called directly

def _z(align=((2, 1), (2, 1)), pulled=(0, 0)):
    Z = np.zeros(NZ, np.int64)
    for t in range(2):
        Z[ZL.align + 2 * t], Z[ZL.align + 2 * t + 1] = align[t]
        Z[ZL.pull + t] = pulled[t]
        for s in range(5):
            Z[ZL.ice + 6 * t + s] = 10 * t + s
        Z[ZL.ice + 6 * t + 5] = 10 * t + 5 if pulled[t] else -1
    return Z


def test_section_and_segment_by_offense_home_visitors_and_forecheckers():
    from simcore.games.strat.kernel.actions import section_segment
    # 10.2: the section by the attacking team's offense (home / visitors at Offense 2), the segment by the
    # defending team's forecheckers
    assert section_segment(_z(((2, 1), (2, 1))), HOME) == (A.SEC_O2_HOME, 1)
    assert section_segment(_z(((2, 1), (2, 2))), HOME) == (A.SEC_O2_HOME, 2)
    assert section_segment(_z(((2, 1), (2, 1))), AWAY) == (A.SEC_O2_VISITORS, 1)
    assert section_segment(_z(((1, 0), (3, 3))), HOME) == (A.SEC_O1, 3)
    assert section_segment(_z(((1, 0), (3, 3))), AWAY) == (A.SEC_O3, 0)
    # 13.2: "The team with the extra skater refers to the power play section of the action deck ... and is
    # considered to be in a three-forechecker defense."
    assert section_segment(_z(((2, 1), (1, 0)), pulled=(0, 1)), AWAY) == (A.SEC_PP, 1)
    assert section_segment(_z(((2, 1), (1, 0)), pulled=(0, 1)), HOME) == (A.SEC_O2_HOME, 3)


def test_i_reading_names_the_intimidator():
    from simcore.games.strat.kernel.actions import set_intimidator
    # 12.1: "inside shot for RW, I-LD": the defending LD (slot 3), M.intim = 1 + 3
    Z = _z()
    set_intimidator(Z, AWAY, A.intim_code((LD,)), RW, False)
    assert Z[ZL.m + M.intim] == 1 + LD
    # "use the second player only if the pass for the inside shot went to the second offensive player"
    code = A.intim_code((LD, RD))
    set_intimidator(Z, AWAY, code, C, False)
    assert Z[ZL.m + M.intim] == 1 + LD
    set_intimidator(Z, AWAY, code, LW, True)
    assert Z[ZL.m + M.intim] == 1 + RD
    # I-OPP: the player defending the shooter (the RW's opponent is the LW)
    set_intimidator(Z, AWAY, A.intim_code((A.I_OPP,)), RW, False)
    assert Z[ZL.m + M.intim] == 1 + LW
    # a vacant intimidator: none
    Z[ZL.ice + 6 * AWAY + LD] = -1
    set_intimidator(Z, AWAY, A.intim_code((LD,)), RW, False)
    assert Z[ZL.m + M.intim] == 0


# ---------------------------------------------------------------- 9.0-9.2 offense and defense alignments

def _obs(period=1, overtime=0, cards_left=20, score=0, opp_score=0, opp_offense=2, opp_defense=1):
    from simcore.games.strat.kernel.layout import N_OBS, OBS
    o = np.zeros(N_OBS, np.int64)
    o[OBS.period], o[OBS.overtime], o[OBS.cards_left] = period, overtime, cards_left
    o[OBS.score], o[OBS.opp_score] = score, opp_score
    o[OBS.opp_offense], o[OBS.opp_defense] = opp_offense, opp_defense
    return o


def _align(obs, name):
    from simcore.games.strat.kernel.coaching import alignment
    from simcore.games.strat.policies import ALIGNMENT
    return divmod(int(alignment(obs, ALIGNMENT.index(name))), 4)


def test_9_2_rulebook_alignment_protects_a_late_lead_and_chases_from_behind():
    # 9.2: "OFFENSE 1 ... should be used late in the game to protect a lead"; "OFFENSE 3 ... late in the game
    # when trying to come from behind"; "OFFENSE 2 - Standard offense ... Most teams should use this alignment".
    assert _align(_obs(period=3, cards_left=10, score=3, opp_score=2), "rulebook") == (1, 0)
    assert _align(_obs(period=3, cards_left=1, score=1, opp_score=4), "rulebook") == (3, 3)
    assert _align(_obs(period=3, cards_left=11, score=3, opp_score=2), "rulebook") == (2, 1)   # not late yet
    assert _align(_obs(period=2, cards_left=1, score=3, opp_score=0), "rulebook") == (2, 1)
    assert _align(_obs(period=3, cards_left=5, score=2, opp_score=2), "rulebook") == (2, 1)    # tied
    assert _align(_obs(period=4, overtime=1, cards_left=3, score=2, opp_score=2), "rulebook") == (2, 1)
    # counter: the most forecheckers its offense allows against an Offense 3, the fewest otherwise
    assert _align(_obs(opp_offense=3), "counter") == (2, 2)
    assert _align(_obs(opp_offense=1), "counter") == (2, 1)
    assert _align(_obs(period=3, cards_left=2, score=0, opp_score=1, opp_offense=3), "counter") == (3, 3)
    assert _align(_obs(), "o3d2") == (3, 2) and _align(_obs(), "o1d0") == (1, 0)


def test_9_11_every_policy_keeps_to_the_allowed_pairs():
    # 9.11: "if a team is in a 2 offense, its defensive alignment may be either 1 or 2. A team in a 3 offense may
    # only use a 2 or 3 defensive alignment" (and Offense 1 with 0 or 1)
    from simcore.games.strat.policies import ALIGNMENT
    seen = set()
    for name in ALIGNMENT:
        for period, cards, lead, opp in ((1, 20, 0, 2), (3, 2, 1, 3), (3, 2, -1, 1), (3, 9, 2, 3)):
            o, d = _align(_obs(period=period, cards_left=cards, score=max(lead, 0), opp_score=max(-lead, 0),
                               opp_offense=opp), name)
            assert o in (1, 2, 3) and d in (o - 1, o), (name, o, d)
            seen.add((o, d))
    assert seen == {(1, 0), (1, 1), (2, 1), (2, 2), (3, 2), (3, 3)}


def test_coach_alignment_policy_is_checked():
    from simcore.games.strat.policies import Coach
    assert Coach.parse("alignment=o3d3").alignment == "o3d3"
    with pytest.raises(ValueError, match="alignment='o3d1' is not allowed"):
        Coach.parse("alignment=o3d1")


def test_9_12_visitors_choose_first_the_home_team_counters_and_a_new_line_may_change(kit):
    # 9.12: "Changes may be made only when a new forward line comes on the ice, or before any faceoff. The
    # visiting team must make the initial offense-defense alignments, and then the home team may counter."
    # KBY plays o3d3; NRV counters: before the opening faceoff KBY has announced nothing (Offense 2 for NRV with
    # one forechecker); on the next forward line NRV sees KBY's Offense 3 and goes to two forecheckers.  KBY's
    # card reads Offense 3 against one forechecker: an Opponent Defense that the matched NRV defender of the KBY
    # first-line man winning the faceoff (Even column) takes away.
    nrv = kit.teams["NRV"].skaters
    x, pos = next((x, p) for x in kit.advanced_action_deck if x.kind == "action"
                  and x.sections[A.SEC_O3][1].reading.kind == R.OPP_DEFENSE for p in (LW, C, RW, LD, RD)
                  if nrv[first("NRV", MATCHED[p], kit)].defense_column[x.sections[A.SEC_O3][1].reading.a].kind
                  == R.TAKES_PUCK)
    gl = play(kit, [[x.card, "F"]], [split(_fo_split(kit, "advanced", 0, True, pos))],
              coaches=("alignment=o3d3,pull_goalie=never", "alignment=counter,pull_goalie=never"))
    assert texts(gl, EV.align) == [
        "NRV alignment: Offense 2, Defense 1 (1 forechecker) -- before the faceoff",
        "KBY alignment: Offense 3, Defense 3 (3 forecheckers) -- before the faceoff",
        "NRV alignment: Offense 2, Defense 2 (2 forecheckers) -- a new forward line"]
    assert texts(gl, EV.card)[0].startswith(f"KBY draws action card {x.card}: Opponent Defense ")
    assert "[Offense 3, 1 forechecker]" in texts(gl, EV.card)[0]
    assert texts(gl, EV.defense)[0].endswith(": Takes puck")
    ev = gl.events
    order = ev.loc[ev["code"].isin([EV.align, EV.faceoff, EV.line]), "code"].tolist()
    assert order == [EV.align, EV.align, EV.faceoff, EV.line, EV.align]


def test_9_12_the_lines_coming_on_after_the_units_stayed_may_change_the_alignment():
    # 9.12 "Changes may be made only when a new forward line comes on the ice": when the special-teams units go off
    # in play (16.5: the defending team gained the puck) the lines come on with no faceoff before them, and the
    # coaches decide there.  Game 19 of seed 5 (KBY counters NRV's `rulebook` alignment): KBY's units stay on for
    # the rebound of the last power-play shot, NRV's defense takes the next rebound, NRV drops to Offense 1 (9.2:
    # "to protect a lead") as the lines come on, and KBY counters at once, before any faceoff or card.
    gl = engine.play_by_play("KBY", "NRV", seed=5, game=19, rules="level=advanced",
                             coaches=("alignment=counter", "alignment=rulebook"))
    ev = gl.events
    codes, txt = ev["code"].tolist(), ev["text"].tolist()
    leave = [i for i, c in enumerate(codes) if c == EV.manpower and "units go off, the lines come on" in txt[i]]
    after = []
    for i in leave:
        for j in range(i + 1, len(codes)):
            if codes[j] in (EV.faceoff, EV.line, EV.card):
                break
            if codes[j] == EV.align:
                after.append(txt[j])
    assert after == ["NRV alignment: Offense 1, Defense 0 (0 forecheckers) -- a new forward line",
                     "KBY alignment: Offense 3, Defense 2 (2 forecheckers) -- a new forward line"]


def test_16_5_the_units_stay_on_only_while_the_power_play_team_has_the_puck():
    # 16.5 "If play continues after the power play is over with the power play team (now the offensive team) still in
    # control ... The power play team remains on the ice": when the last power-play shot leaves the other team the
    # puck, the lines come on at once; the units never stay on only to go off before anything is played.
    stays = 0
    for game in range(40):
        gl = engine.play_by_play("KBY", "NRV", seed=5, game=game, rules="level=advanced")
        txt = gl.events["text"].tolist()
        for i, t in enumerate(txt):
            if "stay on the ice (16.5" in t:
                stays += 1
                assert "units go off" not in txt[i + 1], (game, txt[i - 2:i + 2])
    assert stays >= 5


def test_9_12_the_lines_coming_on_for_play_after_a_power_play_may_change_the_alignment():
    # The same when the units do not stay (pp_units_stay=off): the lines come on for the play after the last
    # power-play shot (16.32), here a rebound, with no faceoff before them.  Game 744 of seed 5: NRV's `rulebook`
    # coach goes back to Offense 2 there (the only alignment decided right after a power-play shot in that game).
    gl = engine.play_by_play("KBY", "NRV", seed=5, game=744, rules="level=advanced,pp_units_stay=off",
                             coaches=("alignment=counter", "alignment=rulebook"))
    ev = gl.events
    codes, txt = ev["code"].tolist(), ev["text"].tolist()
    after_pp = []
    for i, c in enumerate(codes):
        if c == EV.align:
            j = i - 1
            while j >= 0 and codes[j] not in (EV.card, EV.faceoff, EV.line, EV.pp_shot, EV.align):
                j -= 1
            if j >= 0 and codes[j] == EV.pp_shot:
                after_pp.append((txt[j], txt[i]))
    assert after_pp == [("  KBY Tobias Pellley (LW, KBY) Inside shot, rolls 5: X-Reb",
                         "NRV alignment: Offense 2, Defense 1 (1 forechecker) -- a new forward line")]


def test_basic_games_keep_no_alignment(kit):
    gl = play(kit, [["A12"]], [split(6)], dice=[7, 7, 7], rules="overtime=none,shootout=off,assists=off")
    assert texts(gl, EV.align) == []
    assert "(home section)" in texts(gl, EV.card)[0]


# ---------------------------------------------------------------- 8.1-8.21 faceoff charts

def _fo_split(kit, chart, col, side_first, pos):
    """A split number whose reading in ``col`` of ``chart`` names the first side (home / superior) or not and
    position ``pos``."""
    rows = kit.advanced_faceoff_chart if chart == "advanced" else kit.super_advanced_faceoff_chart
    return next(n for n in range(1, 21) if rows[n - 1][col].kind == A.FACEOFF_ADV
                and rows[n - 1][col].a == (0 if side_first else 1) and rows[n - 1][col].b == pos)


def test_8_2_example_plus_1_power_play_and_center_is_plus_4_or_more(kit):
    # 8.2: "Team A is on a power play and its faceoff man is a center with a +1 faceoff rating, while Team B's
    # faceoff man is not rated at center and has a 0 faceoff rating. Start with the difference in their ratings
    # (+1), then add +3 because Team A is on the power play, and add another +1 because Team A's player is rated
    # at center while Team B's is not. The total difference is +5, so use the last column ('+4 or more')"
    assert A.faceoff_difference(1, 0, True, False, pp_home=True) == 5
    assert A.faceoff_column(5, "super") == 4 and A.faceoff_column(5, "advanced") == 2
    # the kernel's own difference on the kit's cards: a +1 center of one team against a 0 winger (not rated at
    # center) of another, the first team with a numerical advantage (13.3: the extra skater's power play)
    from simcore.games.strat.kernel.faceoffs import fo_difference
    from simcore.games.strat.kernel.layout import FO_SUPER
    c = compile_kit(kit, Rules.coerce("level=advanced,faceoffs=super"))
    fo = {t: kit.teams[t].skaters for t in kit.teams}
    a = next((t, n) for t in fo for n, s in fo[t].items() if s.faceoff == 1 and s.positions == (C,))
    b = next((t, n) for t in fo for n, s in fo[t].items() if s.faceoff == 0 and C not in s.positions
             and t != a[0])
    Z = _z(pulled=(1, 0))
    dif, bits = fo_difference(c.D, Z, FO_SUPER, c.skaters.index(a), c.skaters.index(b))
    assert (dif, bits) == (5, 1 | 4)
    dif, bits = fo_difference(c.D, _z(pulled=(0, 1)), FO_SUPER, c.skaters.index(b), c.skaters.index(a))
    assert (dif, bits) == (-5, 2 | 8)


def test_8_1_advanced_chart_columns_by_the_centers_ratings(kit_dir, tmp_path):
    # 8.1: "subtract the lower rating from the higher rating of the opposing centers on the ice ... If a center
    # has a superior rating over his opponent, refer to the difference"; 8.11 "In the +1 and +2 columns, control
    # is determined by the superior or inferior faceoff ratings."  NRV's center Ambrose Eckstead at +2 against
    # KBY's Silas Quilholm at 0: the +2 column, NRV superior; the split names the inferior side's LW.
    d = tmp_path / "kit"
    shutil.copytree(kit_dir, d)
    set_cells(d, "teams/NRV_skaters.csv", "Ambrose Eckstead", fo="+2")
    k = load_kit(d)
    n = _fo_split(k, "advanced", 2, False, LW)
    gl = play(k, [["AA01"]], [split(n)], dice=aa01_dice(k))
    assert texts(gl, EV.fo_men) == ["Faceoff men: KBY C Silas Quilholm (+0) against NRV C Ambrose Eckstead (+2): "
                                    "difference 2, NRV superior"]
    assert texts(gl, EV.faceoff) == [f"Faceoff at center ice: split {n}, KBY LW {KBY_LW} wins it [Advanced faceoff "
                                     "chart, +2: NRV superior]"]
    assert gl.team[HOME, T.fow] == 1
    # even centers: the Even column, read by home and visitors (8.11)
    gl = play(load_kit(kit_dir), [["AA01"]], [split(6)], dice=aa01_dice(k))
    assert texts(gl, EV.faceoff) == [f"Faceoff at center ice: split 6, KBY LW {KBY_LW} wins it [Advanced faceoff "
                                     "chart, Even]"]
    # faceoffs=basic keeps the Basic chart at level=advanced
    gl = play(load_kit(kit_dir), [["AA01"]], [split(6)], dice=aa01_dice(k), rules=ADV + ",faceoffs=basic")
    assert texts(gl, EV.faceoff) == [f"Faceoff at center ice: split 6, KBY LW {KBY_LW} wins it"]
    assert texts(gl, EV.fo_men) == []


def test_8_2_super_chart_a_winger_with_the_better_rating_takes_it(kit):
    # 8.2: "the two players taking the faceoff (usually the centers, but sometimes a winger will have a better
    # faceoff rating than his center)": KBY's LW (+2) over his center (0); NRV's center (0).  The
    # difference +2, less 1 because NRV's man is rated at center and KBY's LW is not: +1, KBY superior.
    n = _fo_split(kit, "super", 1, True, LW)
    gl = play(kit, [["AA01"]], [split(n)], dice=aa01_dice(kit), rules=ADV + ",faceoffs=super")
    assert texts(gl, EV.fo_men) == [f"Faceoff men: KBY LW {KBY_LW} (+2) against NRV C Ambrose Eckstead (+0), "
                                    "bonuses +1 NRV rated at center: difference 1, KBY superior"]
    assert texts(gl, EV.faceoff) == [f"Faceoff at center ice: split {n}, KBY LW {KBY_LW} wins it [Super Advanced "
                                     "faceoff chart, +1: KBY superior]"]


def test_8_21_thrown_out_of_the_circle(kit):
    # 8.21: "If a player gets thrown out of the faceoff circle, choose another player on the ice to take the
    # faceoff."  Split 20 of the sample chart throws out the superior man: KBY's LW goes, KBY's best other man
    # (the center Silas Quilholm, 0) comes in; even now, the Even column is read again (split 6: Home LW).
    gl = play(kit, [["AA01"]], [split(20), split(6)], dice=aa01_dice(kit), rules=ADV + ",faceoffs=super")
    assert texts(gl, EV.fo_thrown) == [f"  KBY LW {KBY_LW} is thrown out of the faceoff circle (split 20); C Silas "
                                       "Quilholm takes the faceoff (8.21)"]
    assert texts(gl, EV.fo_men)[1] == "Faceoff men: KBY C Silas Quilholm (+0) against NRV C Ambrose Eckstead (+0): even"
    assert texts(gl, EV.faceoff) == [f"Faceoff at center ice: split 6, KBY LW {KBY_LW} wins it [Super Advanced "
                                     "faceoff chart, Even]"]
    # faceoff_thrown_out=off: the same men draw again (split 6 in the +1 column)
    m = _fo_split(kit, "super", 1, True, LW)
    gl = play(kit, [["AA01"]], [split(20), split(m)], dice=aa01_dice(kit),
              rules=ADV + ",faceoffs=super,faceoff_thrown_out=off")
    assert texts(gl, EV.fo_thrown) == ["  KBY faceoff man thrown out of the circle (split 20): the faceoff is drawn "
                                       "again"]
    assert len(texts(gl, EV.fo_men)) == 2 and texts(gl, EV.fo_men)[0] == texts(gl, EV.fo_men)[1]


def test_8_21_a_man_thrown_out_does_not_come_back_to_that_faceoff(kit):
    # 8.21 "choose another player on the ice": split 20 twice throws out KBY's LW, then the center who replaced
    # him; the LW, thrown out already, does not come back: KBY's best man left takes it.
    gl = play(kit, [["AA01"]], [split(20), split(20), split(6)], dice=aa01_dice(kit), rules=ADV + ",faceoffs=super")
    thrown = texts(gl, EV.fo_thrown)
    assert thrown[0].startswith(f"  KBY LW {KBY_LW} is thrown out") and len(thrown) == 2
    assert thrown[1].startswith("  KBY C Silas Quilholm is thrown out") and KBY_LW not in thrown[1]
    assert KBY_LW not in texts(gl, EV.fo_men)[2]


def test_faceoff_charts_load_and_refuse_bad_cells(tmp_path):
    kit = load_kit(SAMPLE_KIT_DIR)
    adv, sup = kit.advanced_faceoff_chart, kit.super_advanced_faceoff_chart
    assert len(adv) == 20 and all(len(r) == 3 for r in adv) and len(sup) == 20 and all(len(r) == 5 for r in sup)
    # the documented shares: the superior side's splits per column (advkit.FO_SUPERIOR_SPLITS)
    for j, want in enumerate(advkit.FO_SUPERIOR_SPLITS[:3]):
        assert sum(1 for r in adv if r[j].a == 0) == want
    assert [r[4].kind for r in sup].count(A.FACEOFF_THROWN) == 1
    d = tmp_path / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    p = d / "charts" / "advanced_faceoff.csv"
    rows = _deck_rows(p)
    rows[5][1] = "Superior C"                     # split 5, column even
    _write(p, rows)
    with pytest.raises(ChartError, match=r"advanced_faceoff.csv, line 6, column 'even': 'Superior C': expected "
                                         r"Home\|Visitor <pos> \| any player \(8.11: the Even column"):
        load_kit(d)
    rows[5][1] = "Home C"
    rows[5][2] = "Superior thrown out"
    _write(p, rows)
    with pytest.raises(ChartError, match=r"line 6, column 'plus1': 'Superior thrown out': a thrown-out reading "
                                         r"belongs to the Super Advanced chart"):
        load_kit(d)


def test_faceoff_charts_are_required_only_when_read(tmp_path):
    d = tmp_path / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    toml = d / "kit.toml"
    toml.write_text("".join(line for line in toml.read_text().splitlines(True) if "faceoff_chart = \"charts/adv"
                            not in line and "super_advanced" not in line))
    kit = load_kit(d)
    compile_kit(kit, Rules.coerce("level=advanced,faceoffs=basic"))
    with pytest.raises(ChartError, match=r"key 'advanced_faceoff_chart': faceoffs=advanced reads the Advanced "
                                         r"faceoff chart \(8.1\)"):
        compile_kit(kit, Rules.coerce("level=advanced"))
    with pytest.raises(ChartError, match=r"key 'super_advanced_faceoff_chart'"):
        compile_kit(kit, Rules.coerce("faceoffs=super"))


# ---------------------------------------------------------------- the command line

def test_command_line_plays_level_advanced_with_the_play_by_play(capsys, kit_dir, tmp_path):
    from simcore.cli import main
    code = main(["strat", "KBY", "NRV", "--rules", "level=advanced", "--kit", str(kit_dir), "--pbp", "--seed", "3"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "NRV alignment: Offense 2, Defense 1 (1 forechecker) -- before the faceoff" in out
    assert "[Offense 2 (home), 1 forechecker] --" in out and "[Offense 2 (visitors), 1 forechecker] --" in out
    assert "[Advanced faceoff chart, " in out
    code = main(["strat", "KBY", "NRV", "-n", "56", "--rules", "level=advanced", "--kit", str(kit_dir)])
    assert code == 0
    assert main(["strat", "KBY", "NRV", "-n", "10", "--rules", "level=advanced"]) == 0      # the sample kit
    # a kit whose cards lack the columns: one line naming the team, the player and the columns
    d = tmp_path / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    without_advanced_columns(d, "KBY")
    name = next(iter(load_kit(d).teams["KBY"].skaters))
    capsys.readouterr()
    code = main(["strat", "KBY", "NRV", "-n", "10", "--rules", "level=advanced", "--kit", str(d)])
    out, err = capsys.readouterr()
    assert code == 2
    cards = d / "teams" / "KBY_skaters.csv"
    assert err.strip().splitlines()[-1].startswith(f"simcore: error: {cards}: team KBY, {name}: level=advanced "
                                                   "reads Defense 2")


def test_13_2_extra_skater_reads_the_power_play_section_and_forechecks_with_three(kit):
    # 13.2: "The team with the extra skater refers to the power play section of the action deck ... and is
    # considered to be in a three-forechecker defense. The opponent may choose any allowable offensive and
    # defensive alignment."  KBY scores in period 1 (card X, an inside shot for a designated player, a Goal roll);
    # period 3 has two cards, so NRV, behind by one, pulls its goalie (13.0).  NRV's C wins the faceoff (split
    # 11: Visitor C) and reads card Y's power-play section, an Opponent Defense that Silas Quilholm's card takes
    # away; KBY, protecting its lead in Offense 1, reads card Z's Offense 1 section against three forecheckers.
    acts = [x for x in kit.advanced_action_deck if x.kind == "action"]
    kby, nrv = kit.teams["KBY"].skaters, kit.teams["NRV"].skaters
    line = {pos: first("KBY", pos, kit) for pos in (R.LW, R.C, R.RW)}

    def goal_roll(name):
        return next((d for d, r in zip(range(2, 13), kby[name].inside)
                     if r.kind == R.GOAL and (r.a, r.b, r.c) == (1, 20, 0)), None)

    x, roll = next((x, goal_roll(line[r.reading.b])) for x in acts for r in [x.sections[A.SEC_O2_HOME][1]]
                   if r.reading.kind == R.SHOT_FOR and r.reading.a == 1 and r.reading.b in (R.C, R.RW)
                   and goal_roll(line[r.reading.b]))
    y = next(y for y in acts if y.sections[A.SEC_PP][0].reading.kind == R.OPP_DEFENSE
             and kby["Silas Quilholm"].defense_column[y.sections[A.SEC_PP][0].reading.a].kind == R.TAKES_PUCK)
    z = next(z for z in acts if z is not y and z.sections[A.SEC_O1][3].reading.kind == R.OPP_DEFENSE
             and nrv["Ambrose Eckstead"].defense_column[z.sections[A.SEC_O1][3].reading.a].kind == R.TAKES_PUCK)
    # intimidate=never: card X's inside shot may carry an I reading (12.1), and this test is about 13.2, not about
    # intimidation (tested in test_strat_intimidation.py); with the coaches declining, X's shot is the Goal roll.
    gl = play(kit, [[x.card], [], [y.card, z.card]], [split(6), split(11)], dice=[roll],
              coaches="penetrate=never,pull_goalie=trailing,intimidate=never")
    assert (gl.home_goals, gl.away_goals) == (1, 0)
    assert texts(gl, EV.pull)[0].startswith("NRV pulls the goalie (2 cards left)")
    cards = texts(gl, EV.card)
    assert "[power play, 0 forecheckers] -- C Ambrose Eckstead has the puck" in cards[1]
    assert cards[1].startswith(f"NRV draws action card {y.card}: Opponent Defense")
    assert cards[2].startswith(f"KBY draws action card {z.card}: Opponent Defense")
    assert "[Offense 1, 3 forecheckers] -- C Silas Quilholm has the puck" in cards[2]
    assert "KBY alignment: Offense 1, Defense 0 (0 forecheckers) -- before the faceoff" in texts(gl, EV.align)
