"""The games the contract suite runs on: every registered game, the shipped ones and a toy game defined in this
folder (toygame.py), which registers through the public API as a plug-in would."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import toygame  # noqa: E402

import simcore  # noqa: E402
from simcore.games import games as registered  # noqa: E402
from simcore.games import unregister  # noqa: E402

# the contract suite's games, the toy game among them; the toy is registered only while a contract test runs, so
# that the rest of the suite sees the shipped games alone
toygame.register()
GAMES = sorted(registered())
unregister(toygame.ID)

#: Games a contract run plays, by game: small enough for the default suite, large enough to see every outcome.
SIZES = {"strat": 112, "pyramid": 2000, "ezr": 4000, "blueline": 300, "passscore": 64}
DEFAULT_SIZE = 3000


def games():
    return list(GAMES)


def presets():
    toygame.register()
    out = [(gid, name) for gid in GAMES for name in simcore.game(gid).Rules.PRESETS]
    unregister(toygame.ID)
    return out


def size(gid: str) -> int:
    return SIZES.get(gid, DEFAULT_SIZE)


