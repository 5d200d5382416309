"""The command line: JSON documents, tables, and one-line errors with exit status 2 (what no game owns).

Each game's own CLI tests are in tests/games/<id>/test_<id>_cli.py.
"""
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
