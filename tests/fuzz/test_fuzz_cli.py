"""Fuzzing the command line in this process (``simcore.cli.main``): mutated arguments of every command, and
mutated input files given to the commands that read them (``--chart``, ``--kit``, ``--deck-file``, a league
file, Blue Line's ``--board`` / ``--chart`` / ``--penalties`` / ``--formations``, Pass & Score's ``--board``).
Every run exits 0, or 2 with exactly one ``simcore: error: ...`` line (naming the mutated file when a file was
mutated); never a traceback or a hang.  Runs are tiny (``-n`` of 2 to 20 games).  ``league add-result`` with
random arguments leaves the results file as it was, or with exactly one line more.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import event, example, strategies as st

from mutate import check_cli, fuzz, mutated, run_cli

from simcore.games.blueline.board import DATA as BLUELINE_DATA
from simcore.games.ezr.charts import DATA_FILES, data_path
from simcore.games.passscore.board import DEFAULT_BOARD as PASSSCORE_BOARD
from simcore.games.pyramid.deck import DATA as PYRAMID_DATA
from simcore.games.strat.kit import SAMPLE_KIT_DIR
from simcore.league import sample
from simcore.league.files import load_league

EZR_LEAGUE = str(sample("ezr") / "league.toml")
STRAT_LEAGUE = str(sample("strat") / "league.toml")
NINE = str(PYRAMID_DATA / "decks" / "nine.csv")

#: Valid command lines to start from (each quick: a few games, or no simulation at all).
BASES = [
    ["ezr", "--home", "BOS", "--away", "NYR", "-n", "20"],
    ["ezr", "--home", "D/E/B/c", "--away", "F/E/C/b", "-n", "20", "--rules", "qq_chart=off"],
    ["ezr", "period", "--ezr", "3"],
    ["strat", "KBY", "NRV", "-n", "2"],
    ["strat", "KBY", "NRV", "-n", "2", "--pbp"],
    ["strat", "teams"],
    ["pyramid", "-n", "20"],
    ["pyramid", "-n", "20", "--rules", "deck=custom,lineup=1-1-1", "--deck-file", NINE],
    ["league", "standings", EZR_LEAGUE],
    ["league", "standings", STRAT_LEAGUE, "--by", "league"],
    ["compare", "ezr", "--b", "qq_chart=off", "-n", "20"],
    ["ezr", "rules"],
    ["strat", "metrics"],
    ["blueline", "-n", "2"],
    ["blueline", "-n", "2", "--policy-home", "aggressive;cards=random", "--pbp"],
    ["passscore", "-n", "2"],
    ["passscore", "-n", "2", "--policy-home", "greedy", "--rules", "short", "--pbp"],
    ["passscore", "-n", "2", "--policy-away", "search:2", "--rules", "plays=40", "--format", "json"],
]
#: Small or malformed values (no huge game counts: bounding -n is not what these tests are about).
VALUES = ["0", "1", "3", "-1", "-5", "١٠", "1_0", "²", "+2", "", " ", "x", "BOS", "KBY", "D/E/B/c", "AA/J/A/a",
          "D/E/B", "q=1", "qq_chart=on,qq_chart=off", "qq_chart=maybe", "nope=on", "=", ",", ",,", "json", "xml",
          "x" * 300, "\x00", "--", "-", "/nonexistent/file.csv", "shootout=off,overtime=none", "deck=custom",
          "lineup=1-1-1", "threshold-١٢", "count-2", "at-least-٣", "draft=x", "home=BOS,away=NYR", "kit=nope",
          "home=BOS,home=NYR", "goals", "qq=" + NINE, "2026-13-45", "league", "division", "greedy", "search",
          "search:0", "search:2", "search:x", "random", "default", "aggressive;cards=random", "cards=equilibrium;x=1",
          "plays=40", "plays=7", "slides=off", "short", "timed", "goal_target=1", "offside=maybe", "99", "10**9"]
#: Options a mutation may add, with the values they are given (from VALUES or their own).
OPTIONS = ["--seed", "--rules", "--format", "--threads", "--policy-a", "--policy-b", "--home", "--away", "--coach",
           "--policy", "--setup", "--metrics", "--by", "--chart", "--kit", "--a", "--b", "--shootout", "--overtime",
           "--period", "--goalie-def", "--shooter", "--goalie-so", "--ezr", "--results", "--deck-file",
           "--no-qq-chart", "--pbp", "--unpaired", "--power", "--policy-home", "--policy-away", "--board",
           "--game-id", "--penalties", "--formations"]


@pytest.fixture(scope="module", autouse=True)
def _warm():
    """Each base command once before the fuzzing (a kernel compiling, or loading from numba's cache, is not a
    hang): every one runs and exits 0, so a mutation's refusal is the mutation's."""
    for args in BASES:
        code, out, err = run_cli(args, seconds=1800)
        assert code == 0 and out, f"simcore {' '.join(args)} exited {code}: {err[-2000:]}"


@st.composite
def argv(draw):
    args = list(draw(st.sampled_from(BASES)))
    protected = set()
    if "-n" in args:
        k = args.index("-n")
        protected = {k, k + 1}
    for _ in range(draw(st.integers(1, 3))):
        free = [i for i in range(1, len(args)) if i not in protected]
        op = draw(st.sampled_from(["replace", "replace", "delete", "duplicate", "insert", "swap", "n"]))
        if op == "n" and "-n" in args:
            args[args.index("-n") + 1] = draw(st.sampled_from(["0", "-1", "1", "2", "١٠", "1_0", "x", "", "3.5"]))
        elif op == "insert":
            opt = draw(st.sampled_from(OPTIONS))
            val = [] if opt in ("--no-qq-chart", "--pbp", "--unpaired") else [draw(st.sampled_from(VALUES))]
            args[len(args):] = [opt, *val]
        elif not free:
            continue
        elif op == "replace":
            args[draw(st.sampled_from(free))] = draw(st.one_of(st.sampled_from(VALUES), st.text(max_size=8)))
        elif op == "delete":
            i = draw(st.sampled_from(free))
            del args[i]
            protected = {p - (p > i) for p in protected}
        elif op == "duplicate":
            i = draw(st.sampled_from(free))
            args.append(args[i])
        elif op == "swap":
            i, j = draw(st.sampled_from(free)), draw(st.sampled_from(free))
            args[i], args[j] = args[j], args[i]
    return args


def _arguments(args):
    if "--plot" in args or "--out" in args or "--report" in args:      # never written here
        return
    check_cli(args)


test_arguments, test_arguments_slow = fuzz(args=argv())(_arguments)
# found by this fuzzer: a rule field given twice was the last one silently; other scripts' digits in a policy
test_arguments = example(args=["ezr", "--home", "BOS", "--away", "NYR", "-n", "20", "--rules",
                               "qq_chart=on,qq_chart=off"])(test_arguments)
test_arguments = example(args=["pyramid", "-n", "20", "--policy-a", "threshold-١٢"])(test_arguments)


def test_arguments_examples_refused():
    """The examples above are refused (one line, exit 2), not played."""
    for args, needle in ((["ezr", "--home", "BOS", "--away", "NYR", "-n", "20", "--rules", "qq_chart=on,qq_chart=off"],
                          "given twice"),
                         (["pyramid", "-n", "20", "--policy-a", "threshold-١٢"], "threshold-١٢")):
        code, out, err = check_cli(args)
        assert code == 2 and needle in err


# ---------------------------------------------------------------- mutated files through the command line


def _tmp():
    return Path(tempfile.mkdtemp(prefix="simcore-fuzz-"))


def _league_file(data, rel):
    d = _tmp()
    try:
        shutil.copytree(sample("ezr"), d / "lg")
        f = d / "lg" / rel
        f.write_bytes(data.draw(mutated(f.read_bytes(), toml=rel.endswith(".toml")), label=rel))
        check_cli(["league", "standings", str(d / "lg" / "league.toml")], names=[d])
    finally:
        shutil.rmtree(d)


LEAGUE = ["league.toml", "teams.csv", "goalies.csv", "schedule.csv", "played.csv"]
test_league_file, test_league_file_slow = fuzz(data=st.data())(_league_file)
test_league_file = pytest.mark.parametrize("rel", LEAGUE)(test_league_file)
test_league_file_slow = pytest.mark.parametrize("rel", LEAGUE)(test_league_file_slow)


def _ezr_chart_file(data, name):
    d = _tmp()
    try:
        f = d / DATA_FILES[name]
        f.write_bytes(data.draw(mutated(data_path(DATA_FILES[name]).read_bytes()), label=name))
        check_cli(["ezr", "--home", "BOS", "--away", "NYR", "-n", "20", "--chart", f"{name}={f}"], names=[d])
    finally:
        shutil.rmtree(d)


test_ezr_chart_file, test_ezr_chart_file_slow = fuzz(data=st.data())(_ezr_chart_file)
test_ezr_chart_file = pytest.mark.parametrize("name", ["goals", "qq"])(test_ezr_chart_file)
test_ezr_chart_file_slow = pytest.mark.parametrize("name", list(DATA_FILES))(test_ezr_chart_file_slow)


def _kit_file(data, rel):
    d = _tmp()
    try:
        shutil.copytree(SAMPLE_KIT_DIR, d / "kit")
        f = d / "kit" / rel
        f.write_bytes(data.draw(mutated(f.read_bytes(), toml=rel.endswith(".toml")), label=rel))
        check_cli(["strat", "KBY", "NRV", "-n", "2", "--kit", str(d / "kit")], names=[d])
    finally:
        shutil.rmtree(d)


KIT = ["kit.toml", "charts/penetration.csv", "teams/KBY_skaters.csv", "teams/NRV_goalies.csv", "split_deck.csv"]
test_kit_file, test_kit_file_slow = fuzz(data=st.data())(_kit_file)
test_kit_file = pytest.mark.parametrize("rel", KIT[:3])(test_kit_file)
test_kit_file_slow = pytest.mark.parametrize("rel", KIT)(test_kit_file_slow)


def _deck_file(data):
    d = _tmp()
    try:
        f = d / "deck.csv"
        f.write_bytes(data.draw(mutated(Path(NINE).read_bytes())))
        check_cli(["pyramid", "-n", "20", "--rules", "deck=custom,lineup=1-1-1", "--deck-file", str(f)], names=[d])
    finally:
        shutil.rmtree(d)


test_deck_file, test_deck_file_slow = fuzz(data=st.data())(_deck_file)


def _blueline_file(data, option):
    d = _tmp()
    try:
        name = BLUELINE_FILES[option]
        f = d / name
        f.write_bytes(data.draw(mutated((BLUELINE_DATA / name).read_bytes(), toml=name.endswith(".toml")),
                                label=name))
        check_cli(["blueline", "-n", "2", option, str(f)], names=[d])
    finally:
        shutil.rmtree(d)


BLUELINE_FILES = {"--board": "board.toml", "--chart": "slide_rule.csv", "--penalties": "penalty_cards.csv",
                  "--formations": "formations.toml"}
test_blueline_file, test_blueline_file_slow = fuzz(data=st.data())(_blueline_file)
test_blueline_file = pytest.mark.parametrize("option", list(BLUELINE_FILES))(test_blueline_file)
test_blueline_file_slow = pytest.mark.parametrize("option", list(BLUELINE_FILES))(test_blueline_file_slow)


def _passscore_board(data, policy):
    d = _tmp()
    try:
        f = d / "board.toml"
        f.write_bytes(data.draw(mutated(PASSSCORE_BOARD.read_bytes(), toml=True)))
        check_cli(["passscore", "-n", "2", "--policy-home", policy, "--board", str(f), "--pbp"], names=[d])
    finally:
        shutil.rmtree(d)


test_passscore_board, test_passscore_board_slow = fuzz(data=st.data())(_passscore_board)
test_passscore_board = pytest.mark.parametrize("policy", ["random", "greedy"])(test_passscore_board)
test_passscore_board_slow = pytest.mark.parametrize("policy", ["random", "greedy"])(test_passscore_board_slow)


# ---------------------------------------------------------------- add-result: the user's file is never damaged

#: scheduled games of the EZR sample after its last played date (2026-12-21), and some that are not
GAMES = [("2026-12-22", "LAK", "OAK"), ("2026-12-22", "BAY", "ZEN"), ("2026-12-21", "LAK", "OAK"),
         ("2026-12-22", "OAK", "LAK"), ("2026-12-22", "LAK", "LAK"), ("2027-02-30", "LAK", "OAK"),
         ("2026-12-22", "lak", "OAK"), ("2026-12-22", "NOPE", "OAK")]


def _add_result(data):
    d = _tmp()
    try:
        shutil.copytree(sample("ezr"), d / "lg")
        played = d / "lg" / "played.csv"
        before = played.read_bytes()
        date, home, away = data.draw(st.sampled_from(GAMES[:2] * 4 + GAMES), label="game")      # mostly valid

        def goals():            # mostly a whole number: else nearly every example is refused at its first check
            odd = data.draw(st.integers(0, 9)) == 0
            return data.draw(st.sampled_from(VALUES) if odd else st.integers(0, 12).map(str))

        args = ["league", "add-result", str(d / "lg" / "league.toml"), date, home, away, goals(), goals()]
        more = st.lists(st.sampled_from(["REG", "OT", "SO", "so", "--winner", "home", "away", "--home-goalie",
                                         "LAK starter", "--away-goalie", "x,y", "\""]), max_size=3)
        args += data.draw(st.one_of(st.just([]), st.just(["OT"]), more), label="more")
        code, _, _ = check_cli(args)
        event(f"exit {code}")
        after = played.read_bytes()
        if code != 0:
            assert after == before                  # refused: the file untouched, byte for byte
        else:
            assert after.startswith(before) and after[len(before):].count(b"\n") == 1     # one line appended
            load_league(d / "lg" / "league.toml")    # and the league still loads
    finally:
        shutil.rmtree(d)


test_add_result, test_add_result_slow = fuzz(data=st.data())(_add_result)
