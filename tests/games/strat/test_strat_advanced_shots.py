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
