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

__all__ = [*_LAZY, "analysis", "variant_run", "ANALYSIS_METRICS", "ANALYSIS_FUNCTIONALS", "SETUP_KEYS", "GAME_ID", "TITLE"]


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


def _per_game(r, column):
    """A team_games column summed over the game's two teams, in game order."""
    return r.table("team_games").groupby("game_id", sort=True)[column].sum().to_numpy()


def _period_margins(r):
    """int[n, 3]: home minus away goals at the end of each regulation period (from team_games)."""
    import numpy as np

    t = r.table("team_games").sort_values(["game_id", "is_home"], ascending=[True, False], kind="stable")
    goals = t[["goals_p1", "goals_p2", "goals_p3"]].to_numpy(dtype=np.int64).reshape(-1, 2, 3)
    return np.cumsum(goals[:, 0] - goals[:, 1], axis=1)


def _lead_changes(r):
    """Times the leader at a period's end changes (simcore.scoring.lead_changes)."""
    from simcore.scoring import lead_changes

    return lead_changes(_period_margins(r))


def _comeback(r):
    """The winner trailed at the end of period 1 or 2 (simcore.scoring.comeback)."""
    from simcore.scoring import comeback

    return comeback(_period_margins(r)[:, :2], r.games.winner)


#: Per-game metrics beyond the common ones (name -> function of a Results giving one value per game).
ANALYSIS_METRICS = {
    "lead_changes": _lead_changes,
    "comeback": _comeback,
    "shots_per_game": lambda r: r.games.home_shots + r.games.away_shots,
    "pp_opportunities_per_game": lambda r: r.games.home_pp_opportunities + r.games.away_pp_opportunities,
    "pp_goals_per_game": lambda r: r.games.home_pp_goals + r.games.away_pp_goals,
    "empty_net_goals_per_game": lambda r: _per_game(r, "empty_net_goals"),
    "fatigue_goals_per_game": lambda r: _per_game(r, "fatigue_goals"),
    "sh_goals_per_game": lambda r: _per_game(r, "sh_goals"),
}


def _pp_pct(r):
    from simcore.analysis.compare import ratio

    return ratio(lambda r: _per_game(r, "pp_goals"), lambda r: _per_game(r, "pp_opportunities"))(r)


def _save_pct(r):
    from simcore.analysis.compare import ratio

    return ratio(lambda r: _per_game(r, "shots") - _per_game(r, "goals") + _per_game(r, "shootout_goals") * 0,
                 lambda r: _per_game(r, "shots"))(r)


#: Metrics that are not per-game means: name -> function of a Results giving (estimate, per-game influence).
#: PP% is power-play goals per opportunity over both sides (so PK% is 1 - PP%); save % is 1 - goals / shots.
ANALYSIS_FUNCTIONALS = {"pp_pct": _pp_pct, "save_pct": _save_pct}
SETUP_KEYS = ("home", "away")
