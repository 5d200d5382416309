"""Strat-O-Matic Hockey, the shot path's Advanced rules: the split deck's Advanced sections and the Passing L /
Deflection charts (data), passing instead of penetrating (11), the Passing L chart (11.5), deflections (25), the
Enforcer rule (26) and the Alternate Penetration system (31).

Each rule is a ``level``/``on``/``off`` field, forced ``on`` here at ``level=basic`` with the Basic deck (the
scripts stay valid when the Advanced deck plays at ``level=advanced``).  Scripted games as in
test_strat_scenarios.py: split cards named by their row of the sample split deck (``S{2n-1}`` carries number n).
"""
from __future__ import annotations

import shutil

import pytest

from simcore.charts import ChartError
from simcore.games.strat import compile as strat_compile
from simcore.games.strat import readings as R
from simcore.games.strat import shotcharts as SC
from simcore.games.strat.kit import SAMPLE_KIT_DIR, load_kit, sample_kit
from simcore.games.strat.rules import Rules


# ---------------------------------------------------------------- data: parsing

@pytest.mark.parametrize("text, want", [
    ("Lose puck, defensive player has control", (SC.PASS_LOSE, R.NONE)),      # 11.1
    ("Inside shot for RW", (SC.PASS_TO, R.RW)),                               # 11.2
    ("Passing L", (SC.PASS_LETTER, 11)),                                      # 11.3
    ("passing  j", (SC.PASS_LETTER, 9)),
])
def test_11_passing_section_readings(text, want):
    sh, e, pp = SC.parse_pass(text)
    assert sh == e == pp and (e.kind, e.a) == want


def test_11_4_against_form_stores_all_three():
    # 11.4 "Against SH, E or PP - Except when using the Super Advanced power play, disregard the SH and PP readings
    # and always refer to the E reading"
    sh, e, pp = SC.parse_pass("Against SH: Inside shot for C; E: Passing K; PP: Lose puck, defensive player has "
                              "control")
    assert (sh.kind, sh.a) == (SC.PASS_TO, R.C)
    assert (e.kind, e.a) == (SC.PASS_LETTER, 10)
    assert (pp.kind, pp.a) == (SC.PASS_LOSE, R.NONE)
    assert SC.MANPOWER[SC.E] == "E"


@pytest.mark.parametrize("text, problem", [
    ("Inside shot for LD", "expected a passing reading"),                     # 11.2 names LW, C or RW only
    ("Against SH: Passing K; E: Passing J", "all three readings"),
    ("Against SH: Passing K; SH: Passing J; PP: Passing L", "names SH twice"),
])
def test_passing_section_refuses(text, problem):
    with pytest.raises(R.ReadingError, match=problem):
        SC.parse_pass(text)


def test_22_1_loose_puck_21_1_icing_12_2_intimidation_readings():
    assert SC.parse_loose_pp("Power play team, outside shot for RW") == R.Reading(SC.LOOSE_PP_SHOT, R.RW)
    assert SC.parse_loose_pp("Short-handed team, LD has control") == R.Reading(SC.LOOSE_SH, R.LD)
    # 22.12 "If a loose puck is awarded to a vacant position, use the position in parentheses"
    assert SC.parse_loose_even("Visitor C (LW)") == R.Reading(SC.LOOSE_EVEN, 1, R.C, R.LW)
    assert SC.parse_icing("Puck intercepted by power play team - inside shot for C") == \
        R.Reading(SC.ICE_INTERCEPTED, R.C)
    assert SC.parse_icing("Puck iced - PP team loses puck - short-handed LD has control") == \
        R.Reading(SC.ICE_SH_CONTROL, R.LD)
    assert SC.parse_icing("Puck iced - PP team has control - outside shot ONLY for RW") == \
        R.Reading(SC.ICE_OUTSIDE_ONLY, R.RW)
    # 21.14, as printed with its ellipsis
    assert SC.parse_icing("Puck iced - SH RD defense 14 ... takes puck away or outside shot for LW") == \
        R.Reading(SC.ICE_DEFENSE, R.RD, 14, R.LW)
    assert SC.parse_intimidation("12") == SC.Intimidation(12, False, 0)
    assert SC.parse_intimidation("9, possible penalty") == SC.Intimidation(9, True, 0)        # 16.1
    assert SC.parse_intimidation("9, possible penalty, PP 16") == SC.Intimidation(9, True, 16)  # 22.3
    with pytest.raises(R.ReadingError):
        SC.parse_intimidation("21")


def test_sample_kit_carries_the_advanced_shot_data():
    sc = sample_kit().shot_charts
    assert [s.card for s in sc.split_advanced] == [c.card for c in sample_kit().split_deck]
    assert len(sc.passing_l) == 10 and sc.passing_l[9] == (1, 20)
    assert len(sc.deflection) == 6
    kinds = {s.passing[SC.E].kind for s in sc.split_advanced}
    assert kinds == {SC.PASS_LOSE, SC.PASS_TO, SC.PASS_LETTER}
    assert sum(s.passing[0] != s.passing[2] for s in sc.split_advanced) > 0      # some cards read "Against"


# ---------------------------------------------------------------- data: kit files and errors

@pytest.fixture
def kit_dir(tmp_path):
    d = tmp_path / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    return d


def _drop_keys(d, *keys):
    toml = d / "kit.toml"
    toml.write_text("".join(line for line in toml.read_text().splitlines(keepends=True)
                            if not any(line.startswith(k + " ") for k in keys)))


def test_a_basic_kit_without_the_files_loads_and_compiles(kit_dir):
    _drop_keys(kit_dir, *SC.KEYS)
    kit = load_kit(kit_dir)
    assert kit.shot_charts.split_advanced is None and kit.shot_charts.deflection is None
    c = strat_compile.compile_kit(kit, Rules())
    assert c.tables[strat_compile.TABLES.index("spp")].sum() == 0


@pytest.mark.parametrize("key, rule", [("split_advanced", "passing=on"), ("passing_l_chart", "passing_l=on"),
                                       ("deflection_chart", "deflections=on"),
                                       ("split_advanced", "level=advanced")])
def test_a_rule_in_force_needs_its_file(kit_dir, key, rule):
    _drop_keys(kit_dir, key)
    kit = load_kit(kit_dir)
    with pytest.raises(ChartError, match=rf"kit\.toml, key '{key}': rule .* kit\.toml names no such file"):
        strat_compile.compile_kit(kit, Rules.coerce(rule))
    strat_compile.compile_kit(kit, Rules.coerce(rule.split("=")[0] + "=off" if "level" not in rule else None))


def _edit_cell(path, row, col, text):
    import csv
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    j = rows[0].index(col)
    for r in rows:
        if r[0] == row:
            r[j] = text
    with open(path, "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)


@pytest.mark.parametrize("rel, row, col, text, problem", [
    ("split_advanced.csv", "S07", "passing", "Inside shot for D", "expected a passing reading"),
    ("split_advanced.csv", "S08", "loose_puck_even", "Home LW (LW)", "another position"),
    ("split_advanced.csv", "S09", "icing", "Puck iced", "expected an icing reading"),
    ("split_advanced.csv", "S10", "intimidation", "0", "numbers 1-20"),
    ("charts/passing_l.csv", "3", "complete", "1-25", "within 1-20"),
    ("charts/deflection.csv", "2", "deflector", "G", "a position"),
])
def test_bad_cells_name_file_line_column_and_text(kit_dir, rel, row, col, text, problem):
    _edit_cell(kit_dir / rel, row, col, text)
    with pytest.raises(ChartError) as e:
        load_kit(kit_dir)
    msg = str(e.value)
    assert rel.split("/")[-1] in msg and f"column {col!r}" in msg and repr(text) in msg and problem in msg
    assert ", line " in msg


def test_split_advanced_rows_match_the_split_deck(kit_dir):
    p = kit_dir / "split_advanced.csv"
    p.write_text(p.read_text().replace("\nS40,", "\nS41,"))
    with pytest.raises(ChartError, match=r"split_advanced\.csv, line 41, column 'card': 'S41': unknown row"):
        load_kit(kit_dir)


# ---------------------------------------------------------------- scripted games: helpers

import csv as _csv  # noqa: E402

from simcore.games.strat import engine  # noqa: E402
from simcore.games.strat.kernel.layout import COL_IN, COL_OUT, EV, TB, K, P, T  # noqa: E402
from simcore.games.strat.pbp import reading_text  # noqa: E402

PLAIN = "overtime=none,shootout=off,assists=off"
HOME, AWAY = 0, 1


def split(n: int) -> str:
    """The first split card of the sample deck with number ``n``."""
    return f"S{2 * n - 1:02d}"


def texts(gl, code):
    ev = gl.events
    return ev.loc[ev["code"] == code, "text"].tolist()


def play(actions=(), splits=(), dice=(), rules=PLAIN, kit=None, coaches="pull_goalie=never"):
    return engine.play_scripted("KBY", "NRV", actions=[list(p) for p in actions], splits=list(splits),
                                dice=list(dice), rules=rules, kit=kit, coaches=coaches)


def pslot(team, name, kit=None):
    c = engine.compiled(kit)
    return c.roster[c.team_index(team)].index(name)


def split_passing(text):
    """The first split card whose Passing section reads ``text`` at even strength."""
    for s in sample_kit().shot_charts.split_advanced:
        if reading_text(*s.passing[SC.E].code()) == text:
            return s.card
    raise AssertionError(text)


def split_number(card):
    return next(c.number for c in sample_kit().split_deck if c.card == card)


def roll_for(team, name, col, want, kit=None):
    """A 2d6 total whose reading in ``col`` of the player's card reads ``want``."""
    c = engine.compiled(kit)
    p = c.skaters.index((team, name))
    for dice in range(2, 13):
        if reading_text(*map(int, c.tables[TB.shot][p, col, dice - 2])) == want:
            return dice
    raise AssertionError(f"{name}: no {want!r} in column {col}")


FORWARDS, DEFENSE = ("LW", "C", "RW"), ("LD", "RD")


def first(team, pos, kit=None):
    """The name of ``team``'s first-line (F1, or D1 for LD/RD) player at ``pos`` in the kit's line-up."""
    lines = (kit or sample_kit()).teams[team].lines
    if pos in FORWARDS:
        return lines.forwards[0][FORWARDS.index(pos)]
    return lines.defense[0][DEFENSE.index(pos)]


def first_card(team, pos, kit=None):
    """The skater card of ``team``'s first-line player at ``pos``."""
    k = kit or sample_kit()
    return k.teams[team].skaters[first(team, pos, k)]


def kit_with(tmp_path, edits):
    """A copy of the sample kit with skater cells changed: {(team, name): {column: text}}."""
    d = tmp_path / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, d)
    for (team, name), cells in edits.items():
        p = d / "teams" / f"{team}_skaters.csv"
        with open(p, newline="") as f:
            rows = list(_csv.DictReader(f))
        hit = [r for r in rows if r["name"] == name]
        assert hit, name
        hit[0].update(cells)
        with open(p, "w", newline="") as f:
            w = _csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
            w.writeheader()
            w.writerows(rows)
    return load_kit(d)


# Faceoff split 6: Home LW (KBY's first-line LW); A15 home "Outside shot for LW (RW)": the pass goes to RW Player A
# (4.41), who has an unrestricted outside shot.  KBY (home) and NRV (visiting) play their first lines; the tests
# look players up by team and position (first()) where they can, so a change of the kit's line-ups breaks less.
PASSER = ["A15"]
PASS_ON = PLAIN + ",passing=on"
PASS_ALWAYS = "penetrate=never,pass_inside=always,pull_goalie=never"


# ---------------------------------------------------------------- 11.0-11.4 passing instead of penetrating

def test_11_2_completed_pass_inside_shot_and_14_1_assists():
    # 11.0 "Another option in the Advanced game permits an attempt to pass inside to a teammate"; 11.2 "Inside
    # shot for LW, C or RW - pass is completed and the designated player attempts an inside shot."  14.1: both
    # passers (KBY's LW's A15 pass, Player A's pass inside) get the assists, no split card is drawn for them.
    lw, c = first("KBY", "LW"), first("KBY", "C")
    card = split_passing("Inside shot for C")
    roll = roll_for("KBY", c, COL_IN, "Goal")
    gl = play([PASSER], [split(6), card], [roll], rules="overtime=none,shootout=off,passing=on",
              coaches=PASS_ALWAYS)
    assert texts(gl, EV.pass_in) == [f"KBY RW Player A passes inside instead of shooting (11.0): split "
                                     f"{split_number(card)}, Passing: Inside shot for C"]
    assert texts(gl, EV.shot) == [f"KBY C {c} shoots (Inside), rolls {roll}: Goal"]
    assert (gl.home_goals, gl.away_goals) == (1, 0)
    assert gl.team[HOME, T.pass_try] == 1 and gl.team[HOME, T.pass_ok] == 1 and gl.team[HOME, T.pen_try] == 0
    assert gl.players[HOME, pslot("KBY", c), P.g] == 1
    assert gl.players[HOME, pslot("KBY", "Player A"), P.a] == 1
    assert gl.players[HOME, pslot("KBY", lw), P.a] == 1
    assert texts(gl, EV.assist) == [f"  assists: Player A (RW, KBY), {lw} (LW, KBY)"]


def test_11_1_intercepted_pass_goes_to_the_matched_opponent():
    # 11.1 "Lose puck, defensive player has control - the pass was intercepted, the defending team has control and
    # draws an action card."  Player A's matched opponent, NRV's first-line LW, draws A12.
    card = split_passing("Lose puck, defensive player has control")
    gl = play([PASSER + ["A12"]], [split(6), card], [], rules=PASS_ON, coaches=PASS_ALWAYS)
    assert texts(gl, EV.pass_in)[0].endswith("Passing: Lose puck, defensive player has control")
    assert texts(gl, EV.card)[1].endswith(f"LW {first('NRV', 'LW')} has the puck")
    assert texts(gl, EV.shot) == []
    assert gl.team[HOME, T.pass_try] == 1 and gl.team[HOME, T.pass_ok] == 0


def test_11_3_passing_letter_reads_the_passers_column():
    # 11.3 "Passing J, K or L - Refer to the offensive player's Passing column": Player A's Passing K reads
    # "Inside shot for C".
    card = split_passing("Passing K")
    roll = roll_for("KBY", "Silas Quilholm", COL_IN, "X-DRD")
    gl = play([PASSER], [split(6), card], [roll], rules=PASS_ON, coaches=PASS_ALWAYS)
    assert texts(gl, EV.pass_) == ["KBY RW Player A, Passing K: Inside shot for C"]
    assert texts(gl, EV.shot) == [f"KBY C Silas Quilholm shoots (Inside), rolls {roll}: X-DRD"]
    assert gl.team[HOME, T.pass_ok] == 1 and gl.team[HOME, T.sog] == 1


def test_11_4_even_strength_reads_E():
    # 11.4 "Except when using the Super Advanced power play, disregard the SH and PP readings and always refer to
    # the E reading": a card whose SH reading completes the pass and whose E reading loses it.
    card = next(s.card for s in sample_kit().shot_charts.split_advanced
                if s.passing[0].kind == SC.PASS_TO and s.passing[SC.E].kind == SC.PASS_LOSE)
    gl = play([PASSER], [split(6), card], [], rules=PASS_ON, coaches=PASS_ALWAYS)
    assert texts(gl, EV.pass_in)[0].endswith("Passing: Lose puck, defensive player has control")
    assert gl.team[HOME, T.pass_ok] == 0


def advanced_passer():
    """The Advanced deck's card whose Offense 2 (home) section reads as PASSER does, against every forechecker
    count: the RW's outside shot when the LW has the puck (10.2)."""
    from simcore.games.strat import advdeck as A
    want = R.parse_action("Outside shot for LW (RW)")
    return next(x.card for x in sample_kit().advanced_action_deck if x.kind == "action"
                and all(r.reading == want and not r.intim for r in x.sections[A.SEC_O2_HOME]))


@pytest.mark.parametrize("rules", [PLAIN, PLAIN + ",passing=off", PLAIN + ",level=advanced,passing=off"])
def test_passing_off_or_basic_shoots(rules):
    # the Basic game (passing follows the level) and passing=off: the coach can only shoot or penetrate; at
    # level=advanced the Advanced deck's card of the same reading, KBY in Offense 2
    roll = roll_for("KBY", "Player A", COL_OUT, "X-DLW")
    advanced = "level=advanced" in rules
    gl = play([[advanced_passer()] if advanced else PASSER], [split(6)], [roll], rules=rules,
              coaches=PASS_ALWAYS + (",alignment=o2d1" if advanced else ""))
    if advanced:
        assert "[Offense 2 (home), 1 forechecker] -- LW" in texts(gl, EV.card)[0]
    assert texts(gl, EV.pass_in) == []
    assert texts(gl, EV.shot) == [f"KBY RW Player A shoots (Outside), rolls {roll}: X-DLW"]
    assert gl.team[HOME, T.pass_try] == 0


def test_11_0_pass_policy_tendency_rotation():
    # policy pass_inside=tendency: assist + 5 - stars passes in every 12 chances, in a fixed rotation
    from simcore.games.strat.kernel.coaching import passes
    mem, got = 0, []
    for _ in range(12):
        go, mem = passes(4, 5, mem, 0)          # Player A: Assist 4, five stars -> 4 in 12
        got.append(bool(go))
    assert sum(got) == 4 and got[:3] == [False, False, True]
    assert passes(0, 5, 0, 0)[0] is False and passes(0, 5, 0, 2)[0] is True and passes(9, 1, 11, 1)[0] is False


# ---------------------------------------------------------------- 11.5 the Passing L chart

def _passing_l_range(assist):
    return sample_kit().shot_charts.passing_l[assist]


@pytest.mark.parametrize("completed", [True, False])
def test_11_5_passing_l_chart_on_the_split_cards_passing_l(completed):
    # 11.5 "Whenever a 'Passing L' indicates an Inside shot, draw a split card and use the passer's assist rating
    # ... If the shot is for 'any player,' the offensive coach must first identify the player who is to receive
    # the pass before drawing the split card."  Player A (Assist 4) Passing L: "Inside shot for any player", the
    # best Offense on the ice, C Silas Quilholm.  Out of range the receiver's matched defender (NRV's C Ambrose
    # Eckstead) takes the puck.
    lo, hi = _passing_l_range(4)
    n = hi if completed else hi + 1
    roll = roll_for("KBY", "Silas Quilholm", COL_IN, "X-DRD")
    gl = play([PASSER + ["A12"]], [split(6), split_passing("Passing L"), split(n)], [roll] if completed else [],
              rules=PASS_ON + ",passing_l=on", coaches=PASS_ALWAYS)
    assert texts(gl, EV.pass_) == ["KBY RW Player A, Passing L: Inside shot for any player"]
    assert texts(gl, EV.pass_in)[1] == "  Passing L chart (11.5): RW Player A (assist 4) to C"
    assert texts(gl, EV.split) == [f"  split card {n}: {'within' if completed else 'outside'} {lo}-{hi}"]
    if completed:
        assert texts(gl, EV.shot) == [f"KBY C Silas Quilholm shoots (Inside), rolls {roll}: X-DRD"]
        assert gl.team[HOME, T.pass_ok] == 1
    else:
        assert texts(gl, EV.shot) == []
        assert texts(gl, EV.card)[1].endswith("C Ambrose Eckstead has the puck")
        assert gl.team[HOME, T.pass_ok] == 0


def test_11_5_passing_l_chart_on_an_action_card(tmp_path):
    # the action card's Passing L (4.2) is a Passing L too: A20 home "Passing L" for KBY's LW (in this copy of the
    # kit Assist 2, and his L reads "Inside shot for any player": the best Offense on the ice, KBY's center); a
    # split out of range breaks it up and the center's matched opponent, NRV's center, takes the puck
    lw, c = first("KBY", "LW"), first("KBY", "C")
    assert max(first_card("KBY", p).offense for p in FORWARDS + DEFENSE) == first_card("KBY", "C").offense
    kit = kit_with(tmp_path, {("KBY", lw): {"ast": "2", "PL": "Inside shot for any player"}})
    lo, hi = _passing_l_range(2)
    assert hi < 20 and _passing_l_range(9) == (1, 20)
    gl = play([["A20", "A12"]], [split(6), split(hi + 1)], [], rules=PLAIN + ",passing_l=on", kit=kit)
    assert texts(gl, EV.pass_in) == [f"  Passing L chart (11.5): LW {lw} (assist 2) to C"]
    assert texts(gl, EV.card)[1].endswith(f"C {first('NRV', 'C')} has the puck")
    # passing_l off (the Basic game): the same card is a completed pass, no split card drawn for it
    roll = roll_for("KBY", c, COL_IN, "X-DRD", kit=kit)
    gl = play([["A20"]], [split(6)], [roll], rules=PLAIN, kit=kit)
    assert texts(gl, EV.pass_in) == [] and texts(gl, EV.shot)[0].startswith(f"KBY C {c} shoots (Inside)")


# ---------------------------------------------------------------- 25 deflections

# Faceoff split 8: Home LD Nils Thornmire; A29 home "Outside shot for LD (RD)": the pass goes to RD Dorian Holgren
# (4.41), a defenseman with an outside shot.  The sample Deflection chart: 1 LW, 2 C, 3 RW, 4 C, 5-6 none.
D_SHOT = ["A29"]
DEFL_ON = PLAIN + ",deflections=on"
SHOOT = "penetrate=never,pull_goalie=never"


def auto_defense_rebound():
    """A split card whose Rebound section gives the puck to a defender outright ("Defense <pos>")."""
    c = next(c for c in sample_kit().split_deck if c.rebound.kind == R.REB_DEFENSE and c.rebound.b == 0)
    return c.card, R.POSITIONS[c.rebound.a]


def test_25_deflection_goal_credits_the_deflector():
    # 25.0 "Whenever a reading of 'X-Reb' occurs on an outside shot by a defenseman, the offensive team may choose
    # to try for a deflection"; 25.1 one die on the Deflection chart (3: RW Player A); 25.2 "roll two dice and
    # refer to that players Inside column ... Any readings of Goal ... are resolved normally."  14.1: the
    # defenseman whose shot was deflected and Thornmire (A29's pass) get the assists.
    xreb = roll_for("KBY", "Dorian Holgren", COL_OUT, "X-Reb")
    goal = roll_for("KBY", "Player A", COL_IN, "Goal")
    gl = play([D_SHOT], [split(8)], [xreb, 3, goal], rules="overtime=none,shootout=off,deflections=on",
              coaches=SHOOT)
    assert texts(gl, EV.shot) == [f"KBY RD Dorian Holgren shoots (Outside), rolls {xreb}: X-Reb"]
    assert texts(gl, EV.deflect) == ["KBY tries to deflect RD Dorian Holgren's shot (25.1): die 3, RW gets the "
                                     "opportunity", f"  KBY RW Player A deflects (Inside), rolls {goal}: Goal"]
    assert texts(gl, EV.rebound) == []
    assert (gl.home_goals, gl.away_goals) == (1, 0)
    a, h = pslot("KBY", "Player A"), pslot("KBY", "Dorian Holgren")
    assert gl.team[HOME, T.defl_try] == 1 and gl.team[HOME, T.defl_goals] == 1 and gl.team[HOME, T.sog] == 1
    assert gl.players[HOME, a, P.defl_try] == 1 and gl.players[HOME, a, P.defl_g] == 1
    assert gl.players[HOME, a, P.g] == 1 and gl.players[HOME, a, P.sog] == 1 and gl.players[HOME, h, P.sog] == 0
    assert texts(gl, EV.assist) == ["  assists: Dorian Holgren (RD, KBY), Nils Thornmire (LD, KBY)"]


def test_25_21_other_reading_is_a_save_to_any_defensive_player():
    # 25.21 "Any other reading FROM THE SHOOTING COLUMN indicates that the puck was not deflected by the offensive
    # player and results in a save by the goalie with a rebound to Any Defensive Player (credit the defenseman
    # with the shot on goal)."  Die 2: C Silas Quilholm; NRV's pick is its best Offense, C Ambrose Eckstead.
    xreb = roll_for("KBY", "Dorian Holgren", COL_OUT, "X-Reb")
    save = roll_for("KBY", "Silas Quilholm", COL_IN, "X-DRD")
    gl = play([D_SHOT + ["A12"]], [split(8)], [xreb, 2, save], rules=DEFL_ON, coaches=SHOOT)
    assert texts(gl, EV.deflect)[1] == (f"  KBY C Silas Quilholm deflects (Inside), rolls {save}: X-DRD -- not "
                                        "deflected: a save, rebound to any defensive player (25.21)")
    assert texts(gl, EV.card)[1].endswith("C Ambrose Eckstead has the puck")
    assert gl.players[HOME, pslot("KBY", "Dorian Holgren"), P.sog] == 1
    assert gl.players[HOME, pslot("KBY", "Silas Quilholm"), P.sog] == 0
    assert gl.team[HOME, T.sog] == 1 and gl.goalies[AWAY, 0, K.sa] == 1
    assert gl.team[HOME, T.defl_try] == 1 and gl.team[HOME, T.defl_goals] == 0


def test_25_22_goalie_rating_reads_the_goalie_card():
    # 25.2 "Goalie Rating ... resolved normally"; 25.22 "readings from the goalie's card following a deflection
    # that results in Goalie Rating are treated normally": NRV's goalie card against an inside shot, a Goal.
    c = engine.compiled()
    g = c.goalies.index(("NRV", c.team_goalies[c.team_index("NRV")][0]))
    groll = next(d for d in range(2, 13) if tuple(c.tables[TB.gc][g, d - 2, 1][:3]) == (R.GOAL, 1, 20))
    xreb = roll_for("KBY", "Dorian Holgren", COL_OUT, "X-Reb")
    gr = roll_for("KBY", "Silas Quilholm", COL_IN, "Goalie Rating")
    gl = play([D_SHOT], [split(8)], [xreb, 2, gr, groll], rules=DEFL_ON, coaches=SHOOT)
    assert texts(gl, EV.deflect)[1] == f"  KBY C Silas Quilholm deflects (Inside), rolls {gr}: Goalie Rating"
    assert texts(gl, EV.goalie)[0].endswith(f"card, rolls {groll}: Goal")
    q = pslot("KBY", "Silas Quilholm")
    assert gl.players[HOME, q, P.g] == 1 and gl.players[HOME, q, P.defl_g] == 1 and gl.players[HOME, q, P.sog] == 1
    assert gl.team[HOME, T.defl_goals] == 1


def test_25_1_none_or_vacant_is_not_deflected():
    # 25.1 "If the roll to determine the player who will attempt a deflection indicates a vacant position, then
    # the shot is not deflected", which 25.21 says "results in a save by the goalie with a rebound to Any
    # Defensive Player": die 5 reads none; no Rebound section is read, the defending team has the puck.  (25.0
    # makes the try a choice against "the normal rebound procedure", so a try can turn out worse.)
    xreb = roll_for("KBY", "Dorian Holgren", COL_OUT, "X-Reb")
    gl = play([D_SHOT], [split(8)], [xreb, 5], rules=DEFL_ON, coaches=SHOOT)
    assert texts(gl, EV.deflect) == ["KBY tries to deflect RD Dorian Holgren's shot (25.1): die 5, nobody gets the "
                                     "opportunity: not deflected, a save, rebound to any defensive player (25.21)"]
    assert texts(gl, EV.rebound) == []
    assert gl.team[HOME, T.defl_try] == 1 and gl.players[HOME, :, P.defl_try].sum() == 0
    assert gl.team[HOME, T.sog] == 1 and gl.players[HOME, pslot("KBY", "Dorian Holgren"), P.sog] == 1


@pytest.mark.parametrize("case", ["forward", "policy never", "rule off"])
def test_25_only_a_defensemans_outside_x_reb_and_only_when_chosen(case):
    # "on an outside shot by a defenseman, the offensive team may choose": a forward's X-Reb, the coach's
    # deflect=never and the rule off all follow the normal rebound procedure
    card, pos = auto_defense_rebound()
    if case == "forward":       # faceoff split 7: Home RW Player A; A30 home "Outside shot for RW (LW)" -> KBY's LW
        shooter, actions, fo = first("KBY", "LW"), ["A30"], split(7)
    else:
        shooter, actions, fo = "Dorian Holgren", D_SHOT, split(8)
    xreb = roll_for("KBY", shooter, COL_OUT, "X-Reb")
    coaches = SHOOT + (",deflect=never" if case == "policy never" else "")
    gl = play([actions], [fo, card], [xreb], rules=PLAIN if case == "rule off" else DEFL_ON, coaches=coaches)
    assert texts(gl, EV.shot)[0].endswith(f"{shooter} shoots (Outside), rolls {xreb}: X-Reb")
    assert texts(gl, EV.deflect) == [] and texts(gl, EV.rebound) == [f"  Rebound: Defense {pos}"]
    assert gl.team[HOME, T.defl_try] == 0


# ---------------------------------------------------------------- 26 the Enforcer rule

PENETRATE = "penetrate=always,pull_goalie=never"


def _penc(rating):
    return engine.compiled().tables[TB.penc][rating].tolist()


@pytest.fixture
def kit_nrv_enforcer(tmp_path):
    # NRV's first-line center gets Penalty rating A: an enforcer (26.1); KBY's first line and pair have none (B and
    # C ratings)
    return kit_with(tmp_path, {("NRV", first("NRV", "C")): {"pen": "A"}})


@pytest.mark.parametrize("rules", [PLAIN + ",enforcer=on", PLAIN])
def test_26_2_enforcer_lowers_the_other_teams_penetration(kit_nrv_enforcer, rules):
    # 26.2 "Whenever one team has an 'enforcer' on the ice and the opposing team does not, then reduce the
    # Breakaway/Penetration rating of all opposing-team players by 1 when consulting the penetration chart".
    # Player A (rating 4) penetrates on split 12: within 4's range, outside 3's.
    assert _penc(4)[0] <= 12 <= _penc(4)[1] and not _penc(3)[0] <= 12 <= _penc(3)[1]
    on = "enforcer=on" in rules
    roll = roll_for("KBY", "Player A", COL_IN, "X-DLW", kit=kit_nrv_enforcer)
    gl = play([PASSER + ["A12"]], [split(6), split(12)], [] if on else [roll], rules=rules, kit=kit_nrv_enforcer,
              coaches=PENETRATE)
    if on:
        assert texts(gl, EV.enforcer) == ["  Enforcer rule (26.2): RW Player A's penetration rating 4 counts as 3"]
        assert texts(gl, EV.penetrate) == ["KBY RW Player A tries to penetrate (rating 3): split 12, puck lost"]
        assert texts(gl, EV.card)[1].endswith(f"LW {first('NRV', 'LW')} has the puck")
        assert gl.team[HOME, T.pen_ok] == 0
    else:
        assert texts(gl, EV.enforcer) == []
        assert texts(gl, EV.penetrate) == ["KBY RW Player A tries to penetrate (rating 4): split 12, inside shot"]
        assert gl.team[HOME, T.pen_ok] == 1


def test_26_2_no_adjustment_when_both_teams_have_one_or_rating_1(tmp_path):
    # "Whenever one team has an 'enforcer' on the ice and the opposing team does not": KBY's first-line LW (AA)
    # too; and "their ratings cannot be reduced below 1"
    kit = kit_with(tmp_path, {("NRV", first("NRV", "C")): {"pen": "A"}, ("KBY", first("KBY", "LW")): {"pen": "AA"}})
    roll = roll_for("KBY", "Player A", COL_IN, "X-DLW", kit=kit)
    gl = play([PASSER], [split(6), split(12)], [roll], rules=PLAIN + ",enforcer=on", kit=kit, coaches=PENETRATE)
    assert texts(gl, EV.enforcer) == []
    assert texts(gl, EV.penetrate) == ["KBY RW Player A tries to penetrate (rating 4): split 12, inside shot"]
    kit1 = kit_with(tmp_path / "b", {("NRV", first("NRV", "C")): {"pen": "A"}, ("KBY", "Player A"): {"bkwy": "1"}})
    gl = play([PASSER], [split(6), split(_penc(1)[1])], [roll_for("KBY", "Player A", COL_IN, "X-DLW", kit=kit1)],
              rules=PLAIN + ",enforcer=on", kit=kit1, coaches=PENETRATE)
    assert texts(gl, EV.enforcer) == []
    assert texts(gl, EV.penetrate)[0].startswith("KBY RW Player A tries to penetrate (rating 1)")
    assert texts(gl, EV.penetrate)[0].endswith("inside shot")


def test_26_3_not_used_for_breakaways(kit_nrv_enforcer):
    # 26.3 "This adjustment applies only to penetration - it is not used for breakaways": A09 "Possible
    # breakaway" for KBY's LW (Breakaway 3, 2 if the rule applied), split S04 "Rating 3": he still shoots
    lw = first("KBY", "LW")
    assert first_card("KBY", "LW", kit_nrv_enforcer).breakaway == 3
    roll = roll_for("KBY", lw, 2, "Goal", kit=kit_nrv_enforcer)
    gl = play([["A09"]], [split(6), "S04"], [roll], rules=PLAIN + ",enforcer=on", kit=kit_nrv_enforcer)
    assert texts(gl, EV.breakaway) == ["  KBY possible breakaway: Rating 3"]
    assert texts(gl, EV.shot) == [f"KBY LW {lw} shoots (Reb/Bkwy), rolls {roll}: Goal"]
    assert texts(gl, EV.enforcer) == []


# ---------------------------------------------------------------- 31 Alternate Penetration

@pytest.mark.parametrize("rules, pos", [
    (PLAIN, "LW"),                                  # 6.1: the matched-up opponent
    (PLAIN + ",penetration=alternate", "LD"),       # 31.1 "Right Winger Penetrates against Left Defenseman"
])
def test_31_1_failed_penetration_goes_to_the_assigned_defender(rules, pos):
    who = f"{pos} {first('NRV', pos)}"
    n = _penc(4)[1] + 1
    gl = play([PASSER + ["A12"]], [split(6), split(n)], [], rules=rules, coaches=PENETRATE)
    assert texts(gl, EV.penetrate) == [f"KBY RW Player A tries to penetrate (rating 4): split {n}, puck lost"]
    assert texts(gl, EV.card)[1].startswith("NRV draws action card A12")
    assert texts(gl, EV.card)[1].endswith(f"{who} has the puck")


def test_31_1_left_wing_against_right_defenseman():
    # 31.1 "Left Winger penetrates against Right Defenseman": faceoff split 7 Home RW Player A; A30 home
    # "Outside shot for RW (LW)" -> KBY's LW penetrates and fails against NRV's RD
    lw, rating = first("KBY", "LW"), first_card("KBY", "LW").breakaway
    n = _penc(rating)[1] + 1
    assert n <= 20
    gl = play([["A30", "A12"]], [split(7), split(n)], [], rules=PLAIN + ",penetration=alternate", coaches=PENETRATE)
    assert texts(gl, EV.penetrate) == [f"KBY LW {lw} tries to penetrate (rating {rating}): split {n}, puck lost"]
    assert texts(gl, EV.card)[1].endswith(f"RD {first('NRV', 'RD')} has the puck")


def test_31_assignments():
    from simcore.games.strat.kernel.penetration import ALTERNATE
    # LW vs RD, C vs C, RW vs LD, LD vs RW, RD vs LW
    assert [R.POSITIONS[ALTERNATE[s]] for s in range(5)] == ["RD", "C", "LD", "RW", "LW"]
