"""Fixtures shared by every test folder."""
import pytest


@pytest.fixture
def cli(capsys):
    """Run the command line in this process: ``cli("ezr", "-n", "10")`` returns (exit status, stdout, stderr)."""
    from simcore.cli import main

    def run(*argv):
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run
