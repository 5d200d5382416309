"""Strat-O-Matic Hockey, Basic game (game id ``strat``).

The engine's names are loaded on first use (importing the kit loader alone does not import the numba kernel):
``simulate``, ``play_by_play``, ``play_scripted``, ``Rules``, ``Coach``, ``load_kit``, ``sample_kit`` and the
``analysis`` module.
"""
from __future__ import annotations

import importlib

GAME_ID = "strat"
TITLE = "Strat-O-Matic Hockey, Basic game"

_LAZY = {
    "simulate": "engine", "play_by_play": "engine", "play_scripted": "engine",
    "Rules": "rules", "Coach": "policies", "load_kit": "kit", "sample_kit": "kit",
}

__all__ = [*_LAZY, "analysis", "GAME_ID", "TITLE"]


def __getattr__(name):
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    if name == "analysis":
        return importlib.import_module(f"{__name__}.analysis")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
