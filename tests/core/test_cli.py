"""The command line: JSON documents, tables, and one-line errors with exit status 2 (what no game owns).

Each game's own CLI tests are in tests/games/<id>/test_<id>_cli.py.
"""
import sys

import pytest

from simcore.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv,needle", [
    (["hockey"], "unknown command"),
])
def test_bad_input_one_line_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
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
