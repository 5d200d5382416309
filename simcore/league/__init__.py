"""Replay leagues of any game: league files, standings, schedules, season projections and their history.

A league is a ``league.toml`` naming its game, teams, goalies, schedule and played results (docs/league.md).
Nothing here names a game: a game that supports leagues hands this layer its league adapter
(:mod:`.adapter`): its team and goalie columns, its season kernel's game part, its sample league.

* :func:`load_league` reads and checks a league (:class:`League`);
* :mod:`.standings` (``standings.standings``), :func:`format_standings` -- today's table under a points system
  and NHL tiebreakers (docs/league-standings.md);
* :func:`round_robin`, :func:`nhl_schedule`, :func:`check_schedule` -- schedules (docs/league-schedule.md);
* :func:`project` -- the rest of the season simulated many times (:class:`Projection`: points bands, playoff,
  division, first-overall and title odds with their Monte Carlo errors, goalie and skater lines);
  :func:`odds_by_date` -- how the odds moved as results came in (docs/league-projection.md);
* :func:`sample` -- the folder of a game's shipped sample league; :mod:`.plots` -- figures.

The names are loaded on first use.
"""
from __future__ import annotations

from simcore.lazy import attributes

_NAMES = {
    "League": "files", "load_league": "files",
    "format_standings": "standings", "points_system": "standings",
    "round_robin": "schedule", "nhl_schedule": "schedule", "check_schedule": "schedule",
    "project": "projection", "Projection": "projection", "odds_by_date": "projection", "as_of": "projection",
    "default_dates": "projection", "write": "projection",
    "series_win_prob": "series", "sample": "samplegen", "Adapter": "adapter",
}
_MODULES = ("files", "standings", "schedule", "projection", "plots", "series", "adapter", "kernel", "samplegen")

__all__ = sorted([*_NAMES, *_MODULES])


__getattr__ = attributes(__name__, _NAMES, _MODULES)
