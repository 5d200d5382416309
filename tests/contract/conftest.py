"""The contract suite's fixtures: its folder on sys.path (for toygame and contract_games), the toy game
registered while a contract test runs."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import contract_games  # noqa: E402


@pytest.fixture(autouse=True)
def _toy_game_registered():
    contract_games.toygame.register()
    yield
    contract_games.unregister(contract_games.toygame.ID)
