"""A refused input is an InputError (one line, exit 2 on the command line); any other exception reaching the
command line is a bug in simcore: one ``simcore: internal error: ...`` line and exit 1, its traceback with
``SIMCORE_TRACEBACK=1``."""
import pytest

import simcore
from simcore.errors import InputError, UnknownNameError
from simcore.rulesbase import RulesBase

INTERNAL = "simcore: internal error: "
HINT = " (a bug in simcore; set SIMCORE_TRACEBACK=1 to see where)\n"


# ---------------------------------------------------------------- bugs are not refused inputs

@pytest.fixture
def a_bug(monkeypatch):
    """``RulesBase.with_options``, which every command reading ``--rules`` calls, failing as a bug would: with a
    plain ValueError or KeyError (set ``a_bug.exc``)."""
    class Bug:
        exc = ValueError("deep in the library")

    def failing(self, spec):
        raise Bug.exc

    monkeypatch.setattr(RulesBase, "with_options", failing)
    return Bug


@pytest.mark.parametrize("exc,shown", [(ValueError("deep in the library"), "ValueError: deep in the library"),
                                       (KeyError("home"), "KeyError: 'home'"),
                                       (OverflowError("int too big to convert"),
                                        "OverflowError: int too big to convert"),
                                       (ValueError("two\nlines"), "ValueError: two")])
def test_a_plain_exception_is_an_internal_error_exit_1_one_line(cli, monkeypatch, a_bug, exc, shown):
    monkeypatch.delenv("SIMCORE_TRACEBACK", raising=False)
    a_bug.exc = exc
    code, out, err = cli("passscore", "-n", "2", "--rules", "plays=40")
    assert code == 1, err
    assert err == f"{INTERNAL}{shown}{HINT}"
    assert "Traceback" not in err and out == ""


@pytest.mark.parametrize("signal_exc, want", [("Terminated", (143, "simcore: terminated\n")),
                                              ("KeyboardInterrupt", (130, "simcore: interrupted\n"))])
def test_a_signal_an_import_wrapped_is_still_the_signal(cli, monkeypatch, a_bug, signal_exc, want):
    """A SIGTERM that lands while a C extension initialises (scipy's, as the command imports) comes out as
    ``ImportError: initialization failed`` raised from it: the one line and status of the signal, not an internal
    error (2 of 55 timed SIGTERMs)."""
    from simcore import cli as simcore_cli

    stop = getattr(simcore_cli, signal_exc, None) or KeyboardInterrupt
    try:
        try:
            raise stop()
        except KeyboardInterrupt as inner:
            raise ImportError("initialization failed") from inner
    except ImportError as wrapped:
        a_bug.exc = wrapped
    code, out, err = cli("passscore", "-n", "2", "--rules", "plays=40")
    assert (code, err) == want and out == ""


def test_simcore_traceback_prints_where_the_bug_is(cli, monkeypatch, a_bug):
    monkeypatch.setenv("SIMCORE_TRACEBACK", "1")
    a_bug.exc = KeyError("home")
    code, _, err = cli("passscore", "-n", "2", "--rules", "plays=40")
    assert code == 1
    assert err.startswith("Traceback (most recent call last):")
    assert "in failing" in err and "raise Bug.exc" in err            # the frame that raised it
    assert err.endswith(f"{INTERNAL}KeyError: 'home' (a bug in simcore)\n")


def test_a_refused_input_from_the_same_place_is_exit_2(cli, monkeypatch, a_bug):
    a_bug.exc = UnknownNameError("unknown thing 'x'")
    code, _, err = cli("passscore", "-n", "2", "--rules", "plays=40")
    assert (code, err) == (2, "simcore: error: unknown thing 'x'\n")          # no quotes a KeyError would add


@pytest.mark.parametrize("make", [lambda: __import__("tomllib").TOMLDecodeError("Invalid value (at line 3)"),
                                  lambda: __import__("csv").Error("field larger than field limit"),
                                  lambda: FileNotFoundError(2, "No such file or directory", "x.csv"),
                                  lambda: b"\xff".decode("utf-8")])
def test_a_file_its_parser_refuses_is_exit_2(cli, a_bug, make):
    try:
        a_bug.exc = make()
    except UnicodeDecodeError as exc:
        a_bug.exc = exc
    code, _, err = cli("passscore", "-n", "2", "--rules", "plays=40")
    assert code == 2 and err.startswith("simcore: error: ") and err.count("\n") == 1, err


# ---------------------------------------------------------------- the error classes

def test_the_refused_input_classes_are_input_errors():
    from simcore.charts import ChartError
    from simcore.games.base import MemoryLimitError, SetupError
    from simcore.games.ezr.matchup import TeamError
    from simcore.games.strat.compile import LineupError
    from simcore.games.strat.readings import ReadingError
    from simcore.league.schedule import StartDateError
    from simcore.outputs import IncompleteOutput
    from simcore.rulesbase import RuleError
    from simcore.textio import FieldError

    for cls in (FieldError, IncompleteOutput, RuleError, StartDateError, SetupError, MemoryLimitError, ReadingError,
                LineupError, TeamError, ChartError):
        assert issubclass(cls, InputError) and issubclass(cls, ValueError), cls
    assert simcore.InputError is InputError and simcore.UnknownNameError is UnknownNameError


def test_usage_and_block_errors_keep_their_own_handling():
    from simcore.cliargs import UsageError
    from simcore.runner import BlockError

    assert not issubclass(UsageError, InputError) and not issubclass(BlockError, InputError)


def test_an_unknown_name_is_a_key_error_too():
    with pytest.raises(UnknownNameError) as exc:
        simcore.game("nope")
    assert isinstance(exc.value, KeyError) and isinstance(exc.value, InputError)
    assert str(exc.value).startswith("unknown game 'nope'; games: ")           # the message, without quotes


# ---------------------------------------------------------------- a converted raise of each family

def test_league_refusals_are_input_errors():
    from simcore.league.schedule import round_robin
    from simcore.league.series import series_win_prob

    with pytest.raises(InputError, match="at least 2 teams"):
        round_robin(["Solo"])
    with pytest.raises(InputError, match="best_of must be a positive odd integer, got 4"):
        series_win_prob(0.5, best_of=4)
    with pytest.raises(UnknownNameError, match="no sample league for 'nope'"):
        simcore.league.sample("nope")


def test_analysis_refusals_are_input_errors():
    from simcore.analysis.inference import paired_difference, required_n
    from simcore.analysis.plots import goal_distributions

    with pytest.raises(InputError, match="power < 1"):
        required_n(sd=1.0, delta=0.1, power=1.5)
    with pytest.raises(InputError, match="equal length"):
        paired_difference([1.0, 2.0], [1.0])
    with pytest.raises(InputError, match="per must be 'team' or 'game', got 'x'"):
        goal_distributions({}, per="x")


def test_game_refusals_are_input_errors():
    from simcore.games.passscore.policies import Policy as PassScorePolicy
    from simcore.games.pyramid.policies import Policy as PyramidPolicy
    from simcore.games.strat.policies import Coach

    with pytest.raises(InputError, match="unknown policy 'dream'"):
        PassScorePolicy.parse("dream")
    with pytest.raises(InputError, match="unknown pyramid policy field 'x'"):
        PyramidPolicy.parse("x=1")
    with pytest.raises(InputError, match="unknown coach policy 'x'"):
        Coach.parse("x=1")
    with pytest.raises(InputError, match="n must be a positive whole number"):
        simcore.game("ezr").simulate(None, n=0)
    with pytest.raises(InputError, match="mode must be 'games' or 'aggregate', got 'all'"):
        simcore.game("ezr").simulate(None, n=10, mode="all")


def test_runner_and_rng_refusals_are_input_errors():
    from simcore import rng, runner

    with pytest.raises(InputError, match="executor must be"):
        runner.parse_executor("cloud")
    with pytest.raises(InputError, match="chunk_size must be a positive whole number of games, got -1"):
        runner.chunk_size_of(-1)
    with pytest.raises(InputError, match=r"seed must be in 0 \.\. 2\*\*64-1, got -1"):
        rng.check_seed(-1)


def test_refusals_quote_the_offending_values():
    from simcore.analysis.inference import required_n
    from simcore.games.strat import engine as strat

    with pytest.raises(InputError, match=r"got sd=1\.0, delta=0, power=0\.8, alpha=0\.05"):
        required_n(1.0, 0)
    slots = [[0, 0], [0, 2]]
    with pytest.raises(InputError, match=r"0 \(starter\) or 1 \(backup\); game 1, away: 2"):
        strat.simulate("KBY", "NRV", n=2, seed=1, goalie_slots=slots)


@pytest.mark.parametrize("module", [False, True])
def test_a_thread_count_numba_refuses_is_one_line_exit_2(module):
    """NUMBA_NUM_THREADS=0 made numba raise as it loaded, a traceback from the import (the console script and
    ``python -m simcore``); now one line naming the variable."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    exe = [sys.executable, "-m", "simcore"] if module else [str(Path(sys.executable).with_name("simcore"))]
    r = subprocess.run(exe + ["--help"], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "NUMBA_NUM_THREADS": "0"})
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == ("simcore: error: environment variable NUMBA_NUM_THREADS='0': numba needs a whole number of "
                        "threads of at least 1; unset it to use every core, or use --threads\n")


@pytest.mark.parametrize("value", ["x", "0", ""])
def test_a_bad_task_thread_count_names_its_variable(monkeypatch, value):
    from simcore import runner

    monkeypatch.setenv("SIMCORE_TASK_THREADS", value)
    with pytest.raises(InputError, match=f"SIMCORE_TASK_THREADS={value!r} must be a whole number"):
        runner._task_threads()
    monkeypatch.setenv("SIMCORE_TASK_THREADS", "1")
    assert runner._task_threads() == 1
