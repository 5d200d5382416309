"""The command line: JSON documents, tables, and one-line errors with exit status 2 (what no game owns).

Each game's own CLI tests are in tests/games/<id>/test_<id>_cli.py.
"""
import json
import sys

import pytest


@pytest.mark.parametrize("argv,needle", [
    (["hockey"], "unknown command"),
    ([], "no command given; commands: blueline, ezr, passscore, pyramid, strat, compare, sweep, league"),
    (["--quiet"], "no command given"),
    (["league"], "no league command given; commands: standings, sample, project, history, add-result, validate"),
    (["league", "--quiet"], "no league command given"),
])
def test_bad_input_one_line_exit_2(cli, argv, needle):
    code, out, err = cli(*argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("simcore: error:")
    assert needle in err


@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["league", "--help"], ["--version"]])
def test_help_and_version_exit_0(cli, argv):
    code, out, err = cli(*argv)
    assert code == 0 and err == ""
    assert out.startswith("simcore 0.") if argv == ["--version"] else out.startswith("usage: simcore ")


def test_a_command_sets_the_agg_backend_only_while_it_runs(monkeypatch):
    """A command writes figures to files (MPLBACKEND=Agg while it runs) and takes the variable back afterwards:
    a notebook kernel started later by the same Python must keep its inline backend."""
    import os

    import simcore.cli as cli

    monkeypatch.delenv("MPLBACKEND", raising=False)
    monkeypatch.delitem(sys.modules, "matplotlib", raising=False)
    seen = []
    monkeypatch.setattr(cli, "_main", lambda argv: seen.append(os.environ.get("MPLBACKEND")) or 0)
    assert cli.main(["ezr"]) == 0
    assert seen == ["Agg"] and "MPLBACKEND" not in os.environ
    monkeypatch.setenv("MPLBACKEND", "module://my_backend")          # a user's own choice is left alone
    assert cli.main(["ezr"]) == 0
    assert seen[-1] == "module://my_backend" and os.environ["MPLBACKEND"] == "module://my_backend"


@pytest.mark.parametrize("text", ["2026-W45-4", "20261105", "2026-11-5", "2026-02-30", "2026-11-05 ", "2026-11-05\n",
                                  "\u0662\u0660\u0662\u0666-11-05", "2026-11-05T00:00", ""])
def test_a_command_line_date_is_written_yyyy_mm_dd(text):
    import argparse

    from simcore.cliargs import iso_date

    assert iso_date("2026-11-05") == "2026-11-05"
    with pytest.raises(argparse.ArgumentTypeError) as exc:
        iso_date(text)
    assert str(exc.value) == f"{text!r} is not a date (YYYY-MM-DD)"


def test_ctrl_c_while_the_cluster_closes_is_one_line(monkeypatch, capsys):
    # the command printed its output, then Ctrl-C came while runner.shutdown() closed a dask cluster: a traceback
    # through cli.main's finally, and no "interrupted" line
    from simcore import runner
    from simcore.cli import main

    def interrupted():
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "shutdown", interrupted)
    assert main(["ezr", "-n", "100", "--seed", "1", "--format", "json"]) == 130
    out, err = capsys.readouterr()
    assert err == "simcore: interrupted\n" and '"n": 100' in out


def test_sigterm_stops_a_command_as_ctrl_c_does(tmp_path):
    """SIGTERM (kill, timeout, a CI job's or a container's stop) stops a command the way Ctrl-C does: the files
    being written are removed, one line, status 143.  It killed the process with nothing removed."""
    import signal
    import subprocess
    import time

    out = tmp_path / "d"
    cmd = [sys.executable, "-m", "simcore", "dataset", "ezr", "-n", str(10**12), "--block", "20000", "--tables",
           "games", "--out", str(out), "--threads", "1", "--quiet"]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len(list(out.rglob("*part-*"))) < 3 and p.poll() is None:
            time.sleep(0.1)                      # until blocks are being written
        assert p.poll() is None, p.communicate()
        p.send_signal(signal.SIGTERM)
        stdout, stderr = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    assert (p.returncode, stderr, stdout) == (143, "simcore: terminated\n", "")
    assert not list(out.rglob("*part-*")) and not (out / "manifest.json").exists()


def test_the_command_ends_with_its_status_at_once(tmp_path):
    """``python -m simcore`` (as the installed command) ends its process as soon as the command returns, with its
    status and its whole output, the exit functions run (simcore.cli.exit_now)."""
    import subprocess

    script = tmp_path / "run.py"
    script.write_text("import atexit, runpy, sys\n"
                      "atexit.register(lambda: print('exit functions ran', file=sys.stderr))\n"
                      "sys.argv = ['simcore', 'ezr', '-n', '100', '--seed', '3', '--format', 'json']\n"
                      "runpy.run_module('simcore', run_name='__main__')\n"
                      "print('not reached', file=sys.stderr)\n")
    p = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and json.loads(p.stdout)["seed"] == 3
    assert p.stderr == "exit functions ran\n"
    p = subprocess.run([sys.executable, "-m", "simcore", "ezr", "--ezr", "12"], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and p.stdout == ""


@pytest.mark.parametrize("argv,line", [
    (["ezr", "-n", "1"], "simulated 1 game, seed 0"),
    (["pyramid", "-n", "1"], "simulated 1 game, seed 0"),
    (["passscore", "-n", "1"], "simulated 1 game, seed 0"),
    (["compare", "ezr", "--b", "qq_chart=off", "-n", "1", "--metrics", "home_win"],
     "ezr: B - A over 1 game each (paired, same seed)"),
    (["sweep", "ezr", "--grid", "qq_chart=off", "-n", "1", "--metrics", "home_win"],
     "ezr: 1 cell x 1 game x seed 0, each against the base on common random numbers"),
    (["ezr", "period", "--ezr", "0"], "   1 goal   0.332997"),
])
def test_one_of_a_thing_is_counted_in_the_singular(cli, argv, line):
    code, out, err = cli(*argv)
    assert code == 0, err
    assert line in out.splitlines()


def test_a_rare_events_bound_is_not_written_as_zero(cli):
    """A run table writes figures to 4 places; a bound that is not zero but rounds to it is written to two
    significant figures, positionally (Wilson's upper bound for no event in 100,000 games is 3.84e-05)."""
    from simcore.cliargs import fixed

    assert [fixed(x) for x in (0.0, 3.8414e-05, -3.8414e-05, 0.00005, 0.12345, None, float("nan"))] == \
        ["0.0000", "0.000038", "-0.000038", "0.0001", "0.1235", "-", "-"]
    code, out, err = cli("pyramid", "-n", "100000", "--seed", "1")
    assert code == 0, err
    line = next(line for line in out.splitlines() if line.startswith("decided_SO "))
    assert line.split()[:4] == ["decided_SO", "0.0000", "[0.0000,", "0.000038]"]
