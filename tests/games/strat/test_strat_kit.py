"""Strat-O-Matic Hockey kits: the shipped synthetic kit, the kit loader and its line-up checks
(docs/strat-data.md)."""
import csv
import shutil

import pytest

from simcore.charts import ChartError, read_table
from simcore.games.strat import kitgen
from simcore.games.strat import readings as R
from simcore.games.strat.decks import load_penalty_chart
from simcore.games.strat.kit import SAMPLE_KIT_DIR, load_kit, sample_kit

SAMPLE_TEAM = "KBY"   # Player A's team
OPPONENT = "NRV"      # Player B's and Player C's: 4.1 and 5.5 make them Player A's opponents


@pytest.fixture(scope="module")
def kit():
    return sample_kit()


def test_sample_kit_loads(kit):
    assert kit.name == "simcore synthetic kit" and kit.synthetic and kit.path == str(SAMPLE_KIT_DIR)
    assert load_kit(SAMPLE_KIT_DIR / "kit.toml").teams.keys() == kit.teams.keys()
    assert len(kit.teams) >= 8
    for team in kit.teams.values():
        forwards = [s for s in team.skaters.values() if not s.is_defenseman]
        assert 16 <= len(team.skaters) <= 18 and len(team.goalies) == 2, team.abbr
        assert len(forwards) >= 12 and len(team.skaters) - len(forwards) >= 6, team.abbr
        assert team.lines.has_four_lines and team.lines.has_three_pairs
        assert len(team.lines.power_play) == 2 and len(team.lines.penalty_kill) == 2
        assert set(team.lines.goalies) == set(team.goalies)
    kinds = [(c.kind, c.spare) for c in kit.action_deck]
    assert kinds.count(("action", False)) == 30
    assert kinds.count(("forward_line_change", False)) == 2 and kinds.count(("forward_line_change", True)) == 2
    assert kinds.count(("defense_line_change", False)) == 1 and kinds.count(("defense_line_change", True)) == 1
    assert len(kit.split_deck) == 40 and len(kit.faceoff_chart) == 20 and len(kit.power_play_chart) == 20
    assert sum(c.rebound.c for c in kit.split_deck) == 2        # "also injury" is rare (15)
    assert len(kit.retaliation_chart) == 6 and len(kit.penalty_chart) == 5


def test_team_strength_varies(kit):
    means = [sum(s.offense for s in t.skaters.values()) / len(t.skaters) for t in kit.teams.values()]
    assert max(means) - min(means) > 1.0
    offense = [s.offense for t in kit.teams.values() for s in t.skaters.values()]
    assert min(offense) >= 1 and max(offense) <= 9 and sum(o >= 8 for o in offense) < len(offense) / 10


def test_rulebook_sample_players(kit):
    team, opp = kit.teams[SAMPLE_TEAM], kit.teams[OPPONENT]
    a, b, c = team.skaters["Player A"], opp.skaters["Player B"], opp.goalies["Player C"]
    # 4.1 "If Player B is on the attack ... refer to the Defense column of Player A's card": matched up, first
    # lines (home RW against visitor LW); 5.5 Player A's rebound shot goes to "Player C's goalie card"
    assert team.lines.forwards[0][R.RW] == "Player A" and opp.lines.forwards[0][R.LW] == "Player B"
    assert opp.lines.goalies[0] == "Player C"
    assert "Player B" not in team.skaters and "Player C" not in team.goalies
    assert a.positions == (R.RW,)                  # 6.1: his defensive counterpart is "the opposing left wing"
    assert a.breakaway == 4                        # 6.1: "has a Penetration rating of 4"
    assert a.defense_column[12] == R.Reading(R.TAKES_PUCK)   # 4.1: "Player A has taken away the puck"
    assert a.passing["K"] == R.Reading(R.PASS_INSIDE, R.C)   # 4.2: "letter K indicates a pass to the center"
    assert a.passing["L"] == R.Reading(R.PASS_INSIDE, R.ANY)  # 4.2: "to any player (see Player A, Passing L)"
    assert a.rebound[9 - 2] == R.Reading(R.GOALIE_RATING, 0)  # 5.5: "rolls a nine, the result is a Goalie Rating"
    assert a.inside[5 - 2] == R.Reading(R.GOAL, 1, 8, 0)     # 5.8: "rolls a 5 ... Split cards 1-8 indicate a goal"
    assert a.skating == (1, 14) and a.skating_breakaway == (1, 1)        # 21.2: "Player A is 1-14 (1)"
    assert b.positions == (R.LW,)                  # 4.41: "left wing Player B"
    assert b.breakaway == 3                        # 4.62: "Player B's BREAKAWAY / PENETRATION rating (3)"
    assert b.penalty == R.PENALTY_RATINGS.index("B")                     # 16.11: "Player B's penalty rating is B"
    # 5.7: "OUT: Save, Breakaway 1-6 IN/BKWY: Faceoff, Penalty 1-18"
    assert (R.Reading(R.SAVE_BREAKAWAY, 1, 6), R.Reading(R.SAVE_PENALTY, 1, 18)) in c.card
    assert kit.penetration_chart[4] == (1, 13)     # 6.1: "a 4 earns a successful penetration on split readings 1-13"


KEYS = {"action_deck.csv": "card", "split_deck.csv": "card", "teams.csv": "team", "charts/faceoff.csv": "split",
        "charts/penetration.csv": "rating", "charts/power_play.csv": "split", "charts/goalie_retaliation.csv": "die",
        "charts/penalty.csv": "rating", "advanced_action_deck.csv": "card", "charts/advanced_faceoff.csv": "split",
        "charts/super_advanced_faceoff.csv": "split",
        # the split deck's Advanced sections and the Passing L / Deflection charts (shotchartgen's methods)
        "split_advanced.csv": "card", "charts/passing_l.csv": "assist", "charts/deflection.csv": "die",
        "charts/intimidation.csv": "rating"}
ADVANCED_SHOT_METHODS = {"split_advanced.csv": "reconstructed:split-advanced-mix",
                         "charts/passing_l.csv": "reconstructed:passing-l-by-assist",
                         "charts/deflection.csv": "reconstructed:deflection-forwards",
                         "charts/intimidation.csv": "reconstructed:intimidation-by-penalty-rating"}
RULEBOOK_CELLS = {
    ("teams/KBY_skaters.csv", "Player A"): {"pos", "bkwy", "D12", "PK", "PL", "R9", "I5", "skate"},
    ("teams/NRV_skaters.csv", "Player B"): {"pos", "bkwy", "pen"},
    ("teams/NRV_goalies.csv", "Player C"): {"G11"},
    ("charts/penetration.csv", "4"): {"success"},
    ("charts/power_play.csv", "1"): {"condition", "top_power_play", "bottom_short_handed", "bottom_power_play"},
    ("advanced_action_deck.csv", "AA01"): {"offense1", "offense2_home"},      # 10.2's example
    ("charts/intimidation.csv", "B"): {"penalized"},                          # 16.11's example
}


#: the methods of the sample kit's reconstructed cells (docs/strat-data.md)
RECONSTRUCTED = ("reconstructed:synthetic-kit", "reconstructed:advanced-deck-targets", "reconstructed:faceoff-shares")


def _tables():
    for p in sorted(SAMPLE_KIT_DIR.rglob("*.csv")):
        rel = p.relative_to(SAMPLE_KIT_DIR).as_posix()
        key = KEYS.get(rel) or ("unit" if rel.endswith("_lines.csv") else "name")
        with open(p, newline="") as f:
            header = next(csv.reader(f))
        yield rel, read_table(p, key, header[1:-1])


def test_every_cell_is_tagged_and_only_printed_cells_claim_the_rulebook():
    seen = set()
    for rel, t in _tables():
        for key, cells in t.rows.items():
            for col, cell in cells.items():
                if cell.source.startswith("rulebook:"):
                    assert col in RULEBOOK_CELLS.get((rel, key), ()), (rel, key, col)
                    seen.add((rel, key, col))
                elif rel.endswith("_skaters.csv") and col in kitgen.ADVANCED_COLUMNS:
                    assert cell.source == kitgen.ADVANCED_METHOD, (rel, key, col, cell.source)
                else:
                    method = ADVANCED_SHOT_METHODS.get(rel)
                    assert (cell.source == method) if method else (cell.source in RECONSTRUCTED), \
                        (rel, key, col, cell.source)
    assert seen == {(rel, key, col) for (rel, key), cols in RULEBOOK_CELLS.items() for col in cols}
    docs = (SAMPLE_KIT_DIR.parents[4] / "docs" / "strat-data.md").read_text()
    assert "`reconstructed:synthetic-kit`" in docs and "How the sample kit was built" in docs
    assert "`reconstructed:advanced-deck-targets`" in docs


def test_shipped_files_equal_the_generator_output(tmp_path):
    written = kitgen.write_kit(tmp_path)
    shipped = sorted(p.relative_to(SAMPLE_KIT_DIR) for p in SAMPLE_KIT_DIR.rglob("*") if p.is_file())
    assert shipped == sorted(p.relative_to(tmp_path) for p in written)
    for rel in shipped:
        assert (SAMPLE_KIT_DIR / rel).read_bytes() == (tmp_path / rel).read_bytes(), rel
    assert kitgen.differences(SAMPLE_KIT_DIR) == []
    assert kitgen.main(["--check"]) == 0


def test_several_defensemen_carry_power_play_readings(kit):
    # 28.2 "For players who are primarily defensemen ... Goal+ and Goalie Rating+ are not goals": the kit gives
    # some defensemen such cells (Reb/Bkwy, and some also Outside), drawn from their own stream
    plus = (R.Reading(R.GOAL, 1, 20, 1), R.Reading(R.GOALIE_RATING, 1))
    ds = [s for t in kit.teams.values() for s in t.skaters.values() if s.is_defenseman]
    reb = [s for s in ds if any(r in plus for r in s.rebound)]
    out = [s for s in ds if any(r in plus for r in s.outside)]
    assert 8 <= len(reb) <= len(ds) // 2 and 3 <= len(out) <= len(reb)
    assert {s.name for s in out} <= {s.name for s in reb}
    assert any(R.Reading(R.GOAL, 1, 20, 1) in s.rebound for s in reb)
    assert all(sum(r in plus for r in s.rebound) == 1 for s in reb)
    assert not any(r in plus for s in ds for r in s.inside)


def test_only_the_defense_plus_stream_moves_defensemen(kit):
    # switching the defensemen's power-play readings off redraws no other cell: each defenseman's card differs
    # from the kit without them in at most one Reb/Bkwy and one Outside cell, and every forward is the same
    off = kitgen.build_files(kitgen.Knobs(d_plus_chance=(0.0, 0.0)))
    on = kitgen.build_files()
    for rel in on:
        if not rel.endswith("_skaters.csv"):
            assert on[rel] == off[rel], rel
            continue
        for a, b in zip(csv.DictReader(on[rel].splitlines()), csv.DictReader(off[rel].splitlines())):
            diff = {c for c in a if a[c] != b[c]}
            assert all(c[0] in "RO" for c in diff) and len(diff) <= 2, (rel, a["name"], diff)
            assert not diff or a["pos"][:2] in ("LD", "RD")


# ---------------------------------------------------------------- the Advanced card fields

def _skaters(kit):
    return [s for t in kit.teams.values() for s in t.skaters.values()]


def test_every_skater_has_the_advanced_card_fields(kit):
    # the Advanced deck reads Opponent Defense 2-14 and Passing G-L (10.2); 16.2 "Either a penalty will occur or
    # the defender will take away the puck and attempt an outside shot" on Defense 7-11
    lo_hi = dict(zip(range(5), kitgen.KNOBS.penalty_cells))
    for s in _skaters(kit):
        assert sorted(s.defense_column) == list(range(2, 15)) and sorted(s.passing) == list("GHIJKL"), s.name
        for n in (*range(2, 7), 12, 13, 14):
            assert s.defense_column[n].kind in (R.TAKES_PUCK, R.OUTSIDE_SHOT), (s.name, n)
        kinds = [s.defense_column[n].kind for n in range(7, 12)]
        assert set(kinds) <= {R.DEF_PENALTY, R.TAKES_PUCK_SHOOTS}, s.name
        lo, hi = lo_hi[s.penalty]
        assert lo <= kinds.count(R.DEF_PENALTY) <= hi, (s.name, R.PENALTY_RATINGS[s.penalty], kinds)
        # 17.4 "For AA-rated players, note the extra entry ... (MC: 10 11)": on Defense numbers that read Penalty
        if s.penalty == 0:
            assert s.misconduct and all(s.defense_column[n].kind == R.DEF_PENALTY for n in s.misconduct), s.name
        else:
            assert s.misconduct == frozenset(), s.name
    # the rulebook's own example entry appears in the kit
    assert any(s.misconduct == {10, 11} for s in _skaters(kit))


def test_penalty_cells_follow_the_penalty_rating(kit):
    by_rating = {}
    for s in _skaters(kit):
        by_rating.setdefault(s.penalty, []).append(
            sum(s.defense_column[n].kind == R.DEF_PENALTY for n in range(7, 12)))
    means = [sum(v) / len(v) for _, v in sorted(by_rating.items())]
    assert means == sorted(means, reverse=True) and means[0] >= 3 and means[-1] <= 1


def test_takes_puck_follows_the_defense_rating(kit):
    def share(pred):
        cells = [s.defense_column[n].kind == R.TAKES_PUCK for s in _skaters(kit) if pred(s) for n in range(2, 7)]
        return sum(cells) / len(cells)
    assert share(lambda s: s.defense >= 4) > share(lambda s: s.defense == 3) + 0.05 > share(lambda s: s.defense <= 2)


def test_faceoff_ratings_by_position(kit):
    # 8.1 "All forwards have a faceoff rating of either +2, +1 or 0": centers take the faceoffs and rate highest
    fwd = [s for s in _skaters(kit) if not s.is_defenseman]
    assert all(s.faceoff in (0, 1, 2) for s in fwd)
    centers = [s.faceoff for s in fwd if s.position == R.C]
    wings = [s.faceoff for s in fwd if s.position != R.C]
    assert 2 in centers and 2 not in wings and sum(centers) / len(centers) > 2 * sum(wings) / len(wings)
    assert all(s.faceoff == 0 for s in _skaters(kit) if s.is_defenseman)


def test_intimidation_ranges_are_wider_for_defensemen_and_physical_forwards(kit):
    def width(pred):
        w = [(s.intimidation or (0, 0))[1] for s in _skaters(kit) if pred(s)]
        return sum(w) / len(w)
    assert width(lambda s: s.is_defenseman) > width(lambda s: not s.is_defenseman) + 2
    physical = width(lambda s: not s.is_defenseman and s.penalty <= 1)       # AA, A (26.1's enforcers)
    assert physical > width(lambda s: not s.is_defenseman and s.penalty >= 3) + 2


def test_a_basic_kit_without_the_advanced_columns_loads_and_plays_the_same(copy, kit):
    # a user's Basic kit (the columns of docs/strat-data.md without D2-D11, PG-PI, mc) loads, and the Basic game
    # compiles the same tables from it: it reads only D12-D14 and PJ-PL of those columns
    import numpy as np

    from simcore.games.strat.compile import compile_kit

    drop = set(kitgen.ADVANCED_COLUMNS) - {"intim"}
    for p in (copy / "teams").glob("*_skaters.csv"):
        with open(p, newline="") as f:
            rows = list(csv.DictReader(f))
        keep = [c for c in rows[0] if c not in drop]
        for r in rows:
            r["source"] = r["source"].replace(kitgen.ADVANCED_SOURCE, f"{kitgen.ADVANCED_METHOD}[intim]")
        with open(p, "w", newline="") as f:
            w = csv.DictWriter(f, keep, extrasaction="ignore", lineterminator="\n")
            w.writeheader()
            w.writerows(rows)
    basic = load_kit(copy)
    a = basic.teams[SAMPLE_TEAM].skaters["Player A"]
    assert sorted(a.defense_column) == [12, 13, 14] and sorted(a.passing) == list("JKL")
    assert a.misconduct == frozenset()
    mine, full = compile_kit(basic), compile_kit(kit)
    assert len(mine.tables) == len(full.tables)
    assert all(np.array_equal(x, y) for x, y in zip(mine.tables, full.tables)) and np.array_equal(mine.D, full.D)


def test_generator_is_deterministic_and_its_knobs_matter():
    assert kitgen.build_files() == kitgen.build_files()
    other = kitgen.build_files(kitgen.Knobs(seed=1))
    assert other["teams/NRV_skaters.csv"] != kitgen.build_files()["teams/NRV_skaters.csv"]


# ---------------------------------------------------------------- broken copies

@pytest.fixture
def copy(tmp_path):
    dst = tmp_path / "kit"
    shutil.copytree(SAMPLE_KIT_DIR, dst)
    return dst


def _lines_path(folder, team=SAMPLE_TEAM):
    return folder / "teams" / f"{team}_lines.csv"


def _edit_lines(folder, unit, col, text, team=SAMPLE_TEAM):
    """Set one cell of a team's lines file; return the line number it sits on."""
    p = _lines_path(folder, team)
    rows = list(csv.reader(p.read_text().splitlines()))
    header = rows[0]
    for i, r in enumerate(rows):
        if r[0] == unit:
            r[header.index(col)] = text
            with open(p, "w", newline="") as f:
                csv.writer(f, lineterminator="\n").writerows(rows)
            return i + 1
    raise KeyError(unit)


def _lines_row(unit):
    lines = sample_kit().teams[SAMPLE_TEAM].lines
    cols = {"F": ("LW", "C", "RW"), "D": ("LD", "RD"), "PP": ("LW", "C", "RW", "LD", "RD"),
            "PK": ("LW", "RW", "LD", "RD")}
    kind, n = unit.rstrip("0123456789"), int(unit[len(unit.rstrip("0123456789")):] or 0)
    seq = {"F": lines.forwards, "D": lines.defense, "PP": lines.power_play, "PK": lines.penalty_kill}[kind]
    return dict(zip(cols[kind], seq[n - 1]))


def _expect(folder, line, col, text, needle, path=None):
    with pytest.raises(ChartError) as info:
        load_kit(folder)
    e = info.value
    assert e.path == str(path or _lines_path(folder)), str(e)
    assert (e.line, e.column, e.text) == (line, col, text), str(e)
    assert needle in e.problem, str(e)
    msg = str(e)
    assert e.path in msg and (line is None or f"line {line}" in msg) and repr(col) in msg
    assert text is None or repr(text) in msg


def _rd_only(team):
    """A defenseman rated at RD only, not in PK1 (for the side check)."""
    lines = team.lines
    pk1 = set(lines.penalty_kill[0])
    return next(s.name for s in team.skaters.values() if s.positions == (R.RD,) and s.name not in pk1)


CASES = {
    # name: (unit, column, text or a function of the team, expected problem)
    "unknown player": ("F2", "LW", "Nobody Known", "no skater named"),
    "twice in one unit": ("F2", "C", lambda t: _lines_row("F2")["LW"], "already in unit F2"),
    "two forward lines": ("F3", "LW", lambda t: _lines_row("F2")["LW"], "already in F2"),
    "two defense pairs": ("D3", "RD", lambda t: _lines_row("D1")["RD"], "already in D1"),
    "forward line and pair": ("D3", "LD", lambda t: _lines_row("F2")["C"], "already in F2"),
    "goalie in a skater unit": ("F2", "LW", "Otto Corholm", "is a goalie"),
    "skater in goal": ("G2", "G", "Player A", "is a skater"),
    "unknown goalie": ("G2", "G", "Nobody Known", "no goalie named"),
    "same goalie twice": ("G2", "G", lambda t: t.lines.goalies[0], "must differ"),
    "empty required cell": ("F1", "C", "-", "needs a player at C"),
    "cell a unit does not use": ("D1", "C", "Player A", "does not use column C"),
    "center on the penalty kill": ("PK1", "C", "Player A", "no center"),
    "forward in both power-play units": ("PP2", "LW", lambda t: _lines_row("PP1")["LW"],
                                         "only defensemen may play in both"),
    "player in both penalty-killing units": ("PK2", "LD", lambda t: _lines_row("PK1")["LD"], "already in PK1"),
    "penalty-kill wing off his wing": ("PK1", "LW", "Player A", "not rated at LW or C"),
    "penalty-kill defenseman off his side": ("PK1", "LD", _rd_only, "not rated at LD"),
}


@pytest.mark.parametrize("case", CASES)
def test_illegal_lineups_fail_with_file_line_field_text(copy, case):
    unit, col, text, needle = CASES[case]
    if callable(text):
        text = text(sample_kit().teams[SAMPLE_TEAM])
    line = _edit_lines(copy, unit, col, text)
    _expect(copy, line, col, text, needle)


@pytest.mark.parametrize("unit", ["F3", "D2", "PP2", "PK1", "G2"])
def test_missing_required_unit(copy, unit):
    p = _lines_path(copy)
    p.write_text("".join(l for l in p.read_text().splitlines(True) if not l.startswith(unit + ",")))
    _expect(copy, None, "unit", unit, f"missing unit {unit}")


def test_unknown_unit(copy):
    p = _lines_path(copy)
    text = p.read_text()
    p.write_text(text + "F5,-,-,-,-,-,-,user\n")
    _expect(copy, len(text.splitlines()) + 1, "unit", "F5", "unknown unit")


def test_three_lines_two_pairs_and_shared_power_play_defensemen_are_legal(copy):
    p = _lines_path(copy)
    p.write_text("".join(l for l in p.read_text().splitlines(True) if not l.startswith(("F4,", "D3,"))))
    # 7.1: "the same defensemen may play with both power-play units" (the Basic game)
    pp1 = _lines_row("PP1")
    _edit_lines(copy, "PP2", "LD", pp1["LD"])
    _edit_lines(copy, "PP2", "RD", pp1["RD"])
    kit = load_kit(copy)
    lines = kit.teams[SAMPLE_TEAM].lines
    assert not lines.has_four_lines and not lines.has_three_pairs and len(lines.forwards) == 3
    assert lines.power_play[1][3:] == lines.power_play[0][3:]
    # ... but not under 19.2, played with the Super Advanced units: "No player (forward or defenseman) can be in
    # both power-play units"; the line-up is refused there, naming the file, the unit and the column
    from simcore.games.strat.compile import LineupError, compile_kit
    from simcore.games.strat.rules import Rules

    compile_kit(kit, Rules(pk_units="1"))
    with pytest.raises(LineupError) as e:
        compile_kit(kit, Rules(pk_units="2"))
    assert str(e.value) == (f"{_lines_path(copy)}: team {SAMPLE_TEAM}, unit PP2, column LD: {pp1['LD']!r} is also "
                            "in PP1 (column LD); with pk_units=2 no player, forward or defenseman, can be in both "
                            "power-play units (19.2); give PP2 other defensemen or play pk_units=1 (7.1 lets the two "
                            "units share them)")
    compile_kit(sample_kit(), Rules(pk_units="2"))           # the shipped teams keep their units apart


def test_off_position_forwards_and_a_center_on_a_penalty_kill_wing_are_legal(kit):
    team = kit.teams[SAMPLE_TEAM]
    pk2_lw = team.skaters[team.lines.penalty_kill[1][0]]
    assert R.C in pk2_lw.positions and R.LW not in pk2_lw.positions    # 7.2: "a center may play either wing"


def test_off_position_even_strength_is_legal(copy):
    f2 = _lines_row("F2")
    _edit_lines(copy, "F2", "LW", f2["RW"])
    _edit_lines(copy, "F2", "RW", f2["LW"])
    assert load_kit(copy).teams[SAMPLE_TEAM].lines.forwards[1][0] == f2["RW"]


def test_missing_file_named_by_kit_toml(copy):
    (copy / "charts" / "penalty.csv").unlink()
    toml = copy / "kit.toml"
    line = next(i for i, l in enumerate(toml.read_text().splitlines(), 1) if l.startswith("penalty_chart"))
    _expect(copy, line, "penalty_chart", "charts/penalty.csv", "file not found", path=toml)


def test_missing_file_named_by_teams_csv(copy):
    (copy / "teams" / "NRV_lines.csv").unlink()
    line = next(i for i, l in enumerate((copy / "teams.csv").read_text().splitlines(), 1) if l.startswith("NRV,"))
    _expect(copy, line, "lines", "teams/NRV_lines.csv", "file not found", path=copy / "teams.csv")


def test_kit_toml_errors(copy):
    toml = copy / "kit.toml"
    text = toml.read_text()
    toml.write_text("\n".join(l for l in text.splitlines() if not l.startswith("teams")) + "\n")
    _expect(copy, None, "teams", None, "missing key 'teams'", path=toml)
    toml.write_text(text.replace("synthetic = true", 'synthetic = "yes"'))
    _expect(copy, 3, "synthetic", "yes", "true or false", path=toml)
    toml.write_text(text + "name = \n")
    with pytest.raises(ChartError, match="not valid TOML"):
        load_kit(copy)
    with pytest.raises(ChartError, match="nothing: no such kit folder"):
        load_kit(copy / "nothing")
    with pytest.raises(ChartError, match=r"teams/kit.toml: cannot read file"):   # a folder without kit.toml
        load_kit(copy / "teams")
    # a kit's CSV file given for the kit: named as not a kit, not read as TOML
    with pytest.raises(ChartError, match=r"teams.csv: not a kit: a kit is a folder holding kit.toml"):
        load_kit(copy / "teams.csv")


def test_name_on_both_rosters(copy):
    g = copy / "teams" / f"{SAMPLE_TEAM}_goalies.csv"
    g.write_text(g.read_text().replace("Linus Ashwick,", "Player A,", 1))
    with pytest.raises(ChartError, match="also on the skater roster"):
        load_kit(copy)


def test_card_errors_surface_through_the_kit(copy):
    p = copy / "teams" / f"{SAMPLE_TEAM}_skaters.csv"
    p.write_text(p.read_text().replace("Player A,RW,", "Player A,G,", 1))
    with pytest.raises(ChartError, match=r"KBY_skaters.csv, line 4, column 'pos'"):
        load_kit(copy)


def test_penalty_chart(tmp_path):
    p = tmp_path / "penalty.csv"
    p.write_text("rating,penalized,source\nAA,1-16,user\nA,1-12,user\nB,1-9,user\nC,3,user\nD,-,user\n")
    assert load_penalty_chart(p) == ((1, 16), (1, 12), (1, 9), (3, 3), (0, 0))
    p.write_text("rating,penalized\nAA,1-16\nA,1-12\nB,1-9\nC,1-4\nD,1-25\n")
    with pytest.raises(ChartError, match=r"line 6, column 'penalized': '1-25'"):
        load_penalty_chart(p)
    p.write_text("rating,penalized\nAA,1-16\nA,1-12\nB,1-9\nC,1-4\n")
    with pytest.raises(ChartError, match="missing rows: D"):
        load_penalty_chart(p)
    p.write_text("rating,penalized\nAA,1-16\nA,1-12\nB,1-9\nC,1-4\nD,-\nE,1-2\n")
    with pytest.raises(ChartError, match="line 7, column 'rating'"):
        load_penalty_chart(p)
