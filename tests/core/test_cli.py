"""The command line: JSON documents, tables, and one-line errors with exit status 2 (what no game owns).

Each game's own CLI tests are in tests/games/<id>/test_<id>_cli.py.
"""
import sys

import pytest


@pytest.mark.parametrize("argv,needle", [
    (["hockey"], "unknown command"),
])
def test_bad_input_one_line_exit_2(cli, argv, needle):
    code, out, err = cli(*argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("simcore: error:")
    assert needle in err


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
