"""Replay leagues: standings under a points system and tiebreaker order, and (in later modules) league files,
schedules and season projections on the game engines.

``simcore.league.standings`` is plain Python/pandas so it can be reused inside a season simulation.
"""
