"""The registry of games: :func:`register` once per game, :func:`game` and :func:`available_games` everywhere else.

The games shipped with simcore are the packages of this folder that define ``GAME`` (a
:class:`~simcore.games.base.Game`); they are found, not listed.  A game defined elsewhere (a plug-in, a test's
toy game) calls :func:`register`.  Nothing outside a game's own folder names it (docs/architecture.md).
"""
from __future__ import annotations

import importlib
import pkgutil

from simcore.errors import InputError, UnknownNameError

from .base import Game

_REGISTRY: dict[str, Game] = {}
_SCANNED = False


def register(game: Game, *, replace: bool = False) -> Game:
    """Make ``game`` available under its id (lower case); an id taken by another game is an error unless
    ``replace``."""
    if not isinstance(game, Game):
        raise TypeError(f"register() takes a simcore.games.base.Game, got {type(game).__name__}")
    gid = game.id.lower()
    if not gid or not gid.isidentifier():
        raise InputError(f"a game id is a lower-case identifier, got {game.id!r}")
    old = _REGISTRY.get(gid)
    if old is not None and old is not game and not replace:
        raise InputError(f"a game with id {gid!r} is already registered ({old.title})")
    _REGISTRY[gid] = game
    return game


def unregister(game_id: str) -> None:
    """Remove a registered game (tests register toy games and take them back)."""
    _REGISTRY.pop(game_id.lower(), None)


def _scan() -> None:
    global _SCANNED
    if _SCANNED:
        return
    _SCANNED = True
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            mod = importlib.import_module(f"{__name__}.{info.name}")
            g = getattr(mod, "GAME", None)
            if isinstance(g, Game) and g.id.lower() not in _REGISTRY:
                register(g)


def games() -> dict[str, Game]:
    """Every registered game by id, the shipped ones first."""
    _scan()
    return dict(_REGISTRY)


def available_games() -> list[str]:
    """Ids of the registered games."""
    return list(games())


def game(game_id) -> Game:
    """The game ``game_id`` (any case), or a :class:`Game` itself."""
    if isinstance(game_id, Game):
        return game_id
    reg = games()
    gid = str(game_id).strip().lower()
    if gid not in reg:
        raise UnknownNameError(f"unknown game {game_id!r}; games: {', '.join(reg)}")
    return reg[gid]


__all__ = ["Game", "available_games", "game", "games", "register", "unregister"]
