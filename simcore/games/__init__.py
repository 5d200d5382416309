"""Registry of the games simcore plays: ``available_games()`` and ``game(id)``."""
from __future__ import annotations

import importlib

_GAMES = {
    "ezr": "simcore.games.ezr",
    "strat": "simcore.games.strat",
    "pyramid": "simcore.games.pyramid",
}


def available_games() -> list[str]:
    """Ids of the games with an engine."""
    return list(_GAMES)


def game(game_id: str):
    """The module of a game: its ``Rules``, ``simulate`` and, where the game allows it, ``exact``."""
    if game_id not in _GAMES:
        raise KeyError(f"unknown game {game_id!r}; games: {', '.join(_GAMES)}")
    return importlib.import_module(_GAMES[game_id])
