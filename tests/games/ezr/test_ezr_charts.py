"""EZR charts: transcription, reconstruction, validation (shared/rules/shoot-out-hockey-ezr.txt)."""
from pathlib import Path

import numpy as np
import pytest

from simcore.charts import ChartError
from simcore.games import ezr
from simcore.games.ezr import reconstruction as rec
from simcore.games.ezr.charts import DATA_FILES, data_path, load_charts
from simcore.games.ezr.matchup import Team, ezr_of

RULES_TXT = Path(__file__).resolve().parents[4] / "shared" / "rules" / "shoot-out-hockey-ezr.txt"

# Every cell the rulebook prints, transcribed by hand from the rulebook text.
PRINTED = {
    "ez_rating": {  # EZ Rating Table
        "AA": dict(zip("ABCDEFGHIJ", ["+1", "+2", "+3", "+4", "+5", "+6", "+7", "+8", "+9", "+10"])),
        "A": dict(zip("ABCDEFGHI", ["0", "+1", "+2", "+3", "+4", "+5", "+6", "+7", "+8"])),
    },
    "goals": {  # Goals Scored Table
        "+10": dict(zip(["0", "1", "2", "3", "4", "d6", "??"], ["1-7", "8-22", "23-42", "43-65", "66-91", "92-99", "100"])),
        "+9": dict(zip(["0", "1", "2", "3", "4", "d6", "??"], ["1-8", "9-26", "27-48", "49-69", "70-93", "94-99", "100"])),
        "+8": dict(zip(["0", "1", "2", "3", "4", "d6", "??"], ["1-8", "9-30", "31-53", "54-77", "78-95", "96-99", "100"])),
    },
    "overtime": {  # Overtime
        "+10": {"WIN": "1-54", "LOSS": "55-74", "TIE or SO": "75-100"},
        "+9": {"WIN": "1-52", "LOSS": "53-73", "TIE or SO": "74-100"},
        "+8": {"WIN": "1-50", "LOSS": "51-72", "TIE or SO": "73-100"},
        "+7": {"WIN": "1-48", "LOSS": "49-71", "TIE or SO": "72-100"},
        "+6": {"WIN": "1-46", "LOSS": "47-70", "TIE or SO": "71-100"},
        "+5": {"WIN": "1-44", "LOSS": "45-69", "TIE or SO": "70-100"},
        "+4": {"WIN": "1-42"},
    },
    "shootout": {  # Shoot Out Table
        "A": {"a": "5,6,7,8", "b": "4-8", "c": "3-8,11", "d": "4-10", "e": "3-11"},
        "B": {"a": "6,7,8", "b": "5,6,7,8", "c": "4-8", "d": "3-8,11", "e": "4-10"},
        "C": {"a": "4,5,6", "b": "6,7,8", "c": "5,6,7,8", "d": "4-8", "e": "3-8,11"},
        "D": {"a": "5,6", "b": "4,5,6", "c": "6,7,8", "d": "5,6,7,8", "e": "4-8"},
    },
    "shooter_id": {  # Shooter ID Table
        "2": dict(zip("123456", ["RARE", "W", "V", "Y", "K", "Z"])),
        "3": dict(zip("123456", ["R", "R", "S", "S", "T", "U"])),
        "4": dict(zip("123456", ["G", "H", "M", "G", "E", "H"])),
        "5": dict(zip("123", ["K", "K", "B"])),
    },
    "qq": {  # ?? Chart, results 2-6 (and 7 BREAKAWAY from the ?? example)
        "2": {"name": "HOT GOALIE"}, "3": {"name": "INJURY"}, "4": {"name": "GOAL UNDER REVIEW"},
        "5": {"name": "OUT HUSTLED", "p3_name": "GOOD COACHING"},
        "6": {"name": "SHUFFLE LINES", "p3_name": "LATE NIGHT BLUES"},
        "7": {"name": "BREAKAWAY"},
    },
}


def test_printed_cells_are_transcribed_verbatim_and_tagged(charts):
    for table, rows in PRINTED.items():
        t = charts.tables[table]
        for key, cells in rows.items():
            for col, text in cells.items():
                cell = t.cell(key, col)
                assert cell.text == text, (table, key, col)
                assert cell.source.startswith("rulebook:"), (table, key, col, cell.source)


def test_only_printed_cells_claim_the_rulebook(charts):
    claimed = {(name, k, c) for name, t in charts.tables.items() for k, cols in t.rows.items()
               for c, cell in cols.items() if cell.source.startswith("rulebook:")}
    printed = {(name, k, c) for name, rows in PRINTED.items() for k, cells in rows.items() for c in cells}
    # the ?? rows 2-6 carry their effect columns from the printed text too
    extra = {x for x in claimed - printed if x[0] == "qq" and x[1] in "23456"}
    qq7 = {("qq", "7", "effect")}
    assert claimed - printed - extra - qq7 == set()
    unclaimed = [x for x in claimed | printed if x not in claimed]
    assert not unclaimed


def test_every_other_cell_is_reconstructed_with_a_documented_method(charts):
    methods = {"ezr-formula", "ordered-logit", "linear-steps", "diagonal-shift", "mirror-7", "top-line-fill",
               "breakaway-shot"}
    docs = (Path(__file__).resolve().parents[3] / "docs" / "ezr.md").read_text()
    for t in charts.tables.values():
        for cols in t.rows.values():
            for cell in cols.values():
                if cell.source.startswith("reconstructed"):
                    method = cell.source.split(":", 1)[1]
                    assert method in methods
                    assert f"`reconstructed:{method}`" in docs


@pytest.mark.skipif(not RULES_TXT.exists(), reason="rulebook text not beside the checkout")
def test_transcription_against_rulebook_text():
    text = RULES_TXT.read_text()
    assert "AA\t+1\t+2\t+3\t+4\t+5\t+6\t+7\t+8\t+9\t+10" in text
    for key, cells in PRINTED["goals"].items():
        assert "\t".join([key, *cells.values()]) in text
    for key, cells in PRINTED["overtime"].items():
        assert "\t".join([key, *cells.values()]) in text


def test_ezr_formula_and_rulebook_example(charts):
    # "the EZR for New York will be -2 (NYR OFF F vs BOS Rask DEF D) and for Boston the EZR is +1
    #  (BOS OFF D vs Lundqvist DEF E)"
    nyr, bos = Team("F", "E", "C", "b"), Team("D", "D", "B", "b")
    assert ezr_of(charts, nyr, bos) == -2
    assert ezr_of(charts, bos, nyr) == 1
    for i in range(9):
        for j in range(10):
            assert charts.ez[i, j] == rec.ez_rating(i, j)
    assert charts.ez.max() == 10 and charts.ez.min() == -7


def test_reconstructed_files_match_their_method(charts):
    goals = rec.reconstructed_goal_rows()
    for e, cuts in goals.items():
        row = charts.goals_col[charts.line(e)]
        upper = [int(np.nonzero(row[1:100] <= c)[0].max()) + 1 if (row[1:100] <= c).any() else 0 for c in range(6)]
        assert tuple(upper) == cuts, e
    for e, (w, l) in rec.reconstructed_overtime_rows().items():
        row = charts.ot_col[charts.line(e)]
        assert (row[1:w + 1] == 0).all() and (row[w + 1:l + 1] == 1).all() and (row[l + 1:] == 2).all()
    row_e = [charts.tables["shootout"].cell("E", c).text for c in "abcde"]
    assert row_e == rec.reconstructed_shootout_row_e()


def _period_dist(charts, e):
    return rec.goals_distribution([int(np.nonzero(charts.goals_col[charts.line(e), 1:100] <= c)[0].max()) + 1
                                   if (charts.goals_col[charts.line(e), 1:100] <= c).any() else 0
                                   for c in range(6)])


def test_goal_rows_partition_and_are_monotone_and_smooth(charts):
    for e in range(10, -8, -1):
        row = charts.goals_col[charts.line(e)]
        assert row[100] == 6  # ?? column is exactly 100
        assert (np.diff(row[1:100].astype(int)) >= 0).all()  # columns in order, 1-99 covered once
    cdfs = [np.cumsum(_period_dist(charts, e)) for e in range(10, -8, -1)]
    for hi, lo in zip(cdfs, cdfs[1:]):
        assert (hi <= lo + 1e-12).all()  # a higher EZR gives stochastically more goals
    means = np.array([_period_dist(charts, e) @ np.arange(7) for e in range(10, -8, -1)])
    steps = -np.diff(means)
    assert (steps > 0).all()
    assert np.abs(np.diff(steps)).max() < 0.03  # no kinks: the step between lines changes slowly
    assert steps.max() < 0.2


def test_average_matchup_scores_about_three_goals():
    # EZR 0 (a league-average offense against a league-average goalie, E vs E) with every rule on
    per_game = sum(ezr.exact_period(0, period=p) @ np.arange(15) for p in (1, 2, 3))
    assert abs(per_game - 3.0) < 0.1
    table_only = 3 * (ezr.exact_period(0, "qq_chart=off") @ np.arange(7))
    assert abs(table_only - rec.TARGET_GOALS_PER_GAME) < 0.05


def _copy(tmp_path, name, edit):
    src = data_path(DATA_FILES[name])
    dst = tmp_path / DATA_FILES[name]
    lines = src.read_text().splitlines()
    lines = edit(lines)
    dst.write_text("\n".join(lines) + "\n")
    return dst


@pytest.mark.parametrize("name,edit,where,text,problem", [
    ("goals", lambda L: [L[0], L[1].replace("1-7,8-22", "1-6,8-22"), *L[2:]], "line 2, column '0'", "1-6", "gap"),
    ("goals", lambda L: [L[0], L[1].replace("8-22", "7-22"), *L[2:]], "column '1'", "7-22", "overlap"),
    ("goals", lambda L: [L[0].replace("d6", "d8"), *L[1:]], "column 'd8'", "d8", "unknown or misplaced column"),
    ("goals", lambda L: [L[0], L[1].replace("23-42", "twenty"), *L[2:]], "column '2'", "twenty", "expected numbers"),
    ("goals", lambda L: [L[0], L[1].replace("92-99", "92-100"), *L[2:]], "column '??'", "100", "overlap"),
    ("ez_rating", lambda L: [L[0], L[1].replace("AA,", "Z,"), *L[2:]], "column 'TEAM OFF'", "Z", "unknown row"),
    ("ez_rating", lambda L: [L[0], L[1].replace("+5", "five"), *L[2:]], "column 'E'", "five", "whole number"),
    ("ez_rating", lambda L: [L[0], L[1].replace("+5", "+11"), *L[2:]], "column 'E'", "+11", "line of the Goals"),
    ("overtime", lambda L: [L[0], L[1].replace("55-74", "56-74"), *L[2:]], "column 'WIN'", "1-54", "gap"),
    ("qq", lambda L: [L[0], L[1].replace("hot_goalie", "hot_goal"), *L[2:]], "column 'effect'", "hot_goal",
     "unknown effect"),
    ("qq", lambda L: [L[0], L[1].replace("ABCDE", "ABCDX"), *L[2:]], "column 'value'", "ABCDX", "DEF letters"),
    ("shootout", lambda L: [L[0], L[1].replace("4-10", "4-13"), *L[2:]], "column 'd'", "4-13", "not a 2d6"),
    ("shooter_id", lambda L: [L[0], L[1].replace("W", "ww"), *L[2:]], "column '2'", "ww", "roster letter"),
])
def test_bad_chart_names_file_line_column_and_text(tmp_path, name, edit, where, text, problem):
    path = _copy(tmp_path, name, edit)
    with pytest.raises(ChartError) as info:
        load_charts(**{name: path})
    msg = str(info.value)
    assert str(path) in msg and where in msg and problem in msg
    if text is not None:
        assert repr(text) in msg


def test_missing_row_and_unreadable_file(tmp_path):
    path = _copy(tmp_path, "goals", lambda L: L[:-1])
    with pytest.raises(ChartError, match="missing EZR lines: -7"):
        load_charts(goals=path)
    with pytest.raises(ChartError, match="cannot read file"):
        load_charts(goals=tmp_path / "nope.csv")


def test_user_chart_replaces_builtin_and_is_traced(tmp_path):
    # a user's physical chart for EZR 0 that is much stingier; no source column at all
    def edit(lines):
        out = []
        for line in lines:
            parts = line.split(",")[:-1]
            if parts[0] == "0":
                parts = ["0", "1-90", "91-99", "-", "-", "-", "-", "100"]
            out.append(",".join(parts))
        return out

    path = _copy(tmp_path, "goals", edit)
    mine = load_charts(goals=path)
    assert mine.tables["goals"].cell("0", "0").source == f"user:{path.name}"
    assert mine.provenance()["goals"]["file"] == str(path)
    assert mine.provenance()["goals"]["reconstructed"] == []
    p = ezr.exact_period(0, "qq_chart=off", charts=mine)
    assert p[0] == pytest.approx(90 / 99) and p[1] == pytest.approx(9 / 99)
    res = ezr.simulate({"home": "E/E/C/c", "away": "E/E/C/c", "charts": mine}, n=100, seed=1)
    assert res.meta["charts"]["goals"]["file"] == str(path)


def test_a_shootout_no_round_can_decide_is_refused_not_played_forever(tmp_path):
    """shootout_undecided=repeat "plays rounds until one is decided": a user's Shoot Out table on which both shooters
    always score (A against a: 2-12) decides no round, so the matchup is refused (as when neither can score) instead
    of the simulation looping; the exact odds refuse it too, and shootout_undecided=tie plays it (every shootout
    tied)."""
    from simcore.errors import InputError
    from simcore.games.ezr.exact import matchup_exact
    from simcore.games.ezr.matchup import compile_matchup, never_decided
    from simcore.games.ezr.kernel import F_SO_REPEAT
    from simcore.games.ezr.rules import Rules

    path = tmp_path / "shootout.csv"
    path.write_text(data_path("shootout.csv").read_text().replace('A,"5,6,7,8",', "A,2-12,", 1))
    ch = load_charts(shootout=path)
    assert never_decided(int(ch.so_mask[0, 0]), int(ch.so_mask[0, 0]))
    assert not never_decided(int(ch.so_mask[0, 0]), int(ch.so_mask[1, 0]))
    with pytest.raises(InputError, match="both shooters always score on the Shoot Out table, so no round is ever "
                                         "decided and a repeating shootout never ends"):
        ezr.simulate({"home": "A/J/A/a", "away": "A/J/A/a", "charts": ch}, n=10, seed=1, progress=False)
    team = Team("A", "J", "A", "a")
    c = compile_matchup(Rules.coerce("shootout_undecided=tie"), team, team, ch)
    assert matchup_exact(c).result["tie"] > 0
    c.flags[F_SO_REPEAT] = 1              # shootout_undecided=repeat, past compile_matchup's refusal
    with pytest.raises(InputError, match="no shootout round can ever be decided"):
        matchup_exact(c)
    r = ezr.simulate({"home": "A/J/A/a", "away": "A/J/A/a", "charts": ch}, n=200, seed=1, progress=False,
                     rules="shootout_undecided=tie")
    assert (r.games.decided_in.astype(str) == "SO").sum() == (r.games.winner.astype(str) == "tie").sum() > 0


def test_charts_passed_in_take_the_shipped_qq_chart_the_rules_name():
    """qq_unprinted ("how the unprinted ?? results 8-12 are filled") applies to a Charts passed in from Python that
    holds the shipped ?? chart (here only the Goals Scored table is the user's): blank leaves results 8-12 empty, so
    its games differ from mirror's and show NO EVENT; a ?? chart of the user's stays whatever the rules say."""
    ch = load_charts(goals=data_path("goals.csv"))
    assert ch.qq_shipped == "mirror" and ch.for_rules("mirror") is ch
    assert ch.for_rules("blank").qq_shipped == "blank" and ch.for_rules("blank").goals_col is ch.goals_col
    runs = {q: ezr.simulate({"home": "BOS", "away": "NYR", "charts": ch}, n=20_000, seed=1, progress=False,
                            rules=f"qq_unprinted={q}") for q in ("mirror", "blank")}
    assert not runs["mirror"].games.equals(runs["blank"].games)
    shipped = ezr.simulate({"home": "BOS", "away": "NYR"}, n=20_000, seed=1, progress=False, rules="qq_unprinted=blank")
    assert runs["blank"].games.drop(columns="variant").equals(shipped.games.drop(columns="variant"))
    mine = load_charts(qq=data_path(DATA_FILES["qq"]))
    assert mine.qq_shipped == "" and mine.for_rules("blank") is mine
