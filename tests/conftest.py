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


@pytest.fixture
def no_simulation(monkeypatch):
    """Every game's ``simulate`` fails if it is reached: a command refused up front plays no game."""
    import simcore
    from simcore.games import available_games

    def never(*args, **kwargs):
        raise AssertionError("a game was simulated: the command should have been refused before running")

    for gid in available_games():
        monkeypatch.setattr(type(simcore.game(gid)), "simulate", never)
