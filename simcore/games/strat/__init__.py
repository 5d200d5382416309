"""Strat-O-Matic Hockey, Basic and Advanced games (game id ``strat``): ``GAME``, the game on the contract, and its toolkit.

The engine is loaded on first use (importing the game or the kit loader does not import the numba kernel):
``play_scripted``, ``analysis``, ``engine``.
"""
from __future__ import annotations

import importlib

from .game import GAME, Setup
from .kit import load_kit, sample_kit
from .policies import Coach
from .rules import Rules

simulate = GAME.simulate
play_by_play = GAME.play_by_play
variant_run = GAME.variant_run

_LAZY = {"play_scripted": "engine"}

__all__ = ["GAME", "Coach", "Rules", "Setup", "analysis", "load_kit", "play_by_play", "play_scripted", "sample_kit",
           "simulate", "variant_run"]


def __getattr__(name):
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    if name == "analysis":
        return importlib.import_module(f"{__name__}.analysis")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
