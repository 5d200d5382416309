"""The contract suite runs on every registered game: the shipped ones and a toy game defined in this folder
(toygame.py), which registers through the public API as a plug-in would."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toygame  # noqa: E402

import simcore  # noqa: E402

toygame.register()

#: Games a contract run plays, by game: small enough for the default suite, large enough to see every outcome.
SIZES = {"strat": 112, "pyramid": 2000, "ezr": 4000}
DEFAULT_SIZE = 3000


def games():
    return sorted(simcore.games())


def presets():
    return [(gid, name) for gid in games() for name in simcore.game(gid).Rules.PRESETS]


def size(gid: str) -> int:
    return SIZES.get(gid, DEFAULT_SIZE)


@pytest.fixture(params=games())
def game(request):
    return simcore.game(request.param)
