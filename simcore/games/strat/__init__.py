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

__all__ = [*_LAZY, "analysis", "variant_run", "ANALYSIS_METRICS", "SETUP_KEYS", "GAME_ID", "TITLE"]


def __getattr__(name):
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    if name == "analysis":
        return importlib.import_module(f"{__name__}.analysis")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def variant_run(rules, n, seed, *, threads=None, progress=None, home=None, away=None):
    """One rule variant for the analysis layer: ``n`` games of the sample kit's round robin (default), or
    of ``home`` vs ``away`` (team abbreviations)."""
    if (home is None) != (away is None):
        raise ValueError("strat setup needs both home and away, or neither (the sample league's round robin)")
    from .engine import simulate

    return simulate(home, away, n, seed, rules, league=home is None, threads=threads, progress=progress)


#: Per-game metrics beyond the common game table's (name -> function of the ``games`` table).
ANALYSIS_METRICS = {
    "shots_per_game": lambda g: g.home_shots + g.away_shots,
    "pp_opportunities_per_game": lambda g: g.home_pp_opportunities + g.away_pp_opportunities,
    "pp_goals_per_game": lambda g: g.home_pp_goals + g.away_pp_goals,
}
SETUP_KEYS = ("home", "away")
