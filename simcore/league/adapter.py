"""What a game hands the league layer: its :class:`Adapter` (``Game.league``).

The league layer (files, standings, schedules, projections) names no game.  A game that supports replay
leagues gives, through its adapter:

* the columns its teams file adds (``team_columns``, checked by :meth:`Adapter.check_team`) and the
  ``league.toml`` keys it reads (``keys``; Strat: ``kit``), read by :meth:`Adapter.read` into the league's
  ``data``;
* its goalies (:meth:`Adapter.goalies`): one row per goalie with ``team``, ``goalie``, ``slot``, ``share``, an
  optional ``fatigue`` (the consecutive-games rating of Strat-O-Matic's 24.4) and its own columns;
* the season kernel's game part (:meth:`Adapter.runner`): its compiled context and the cached parallel kernel
  built on :func:`simcore.league.kernel.seasons_block` with its jitted ``play_game`` and ``new_state``;
* the columns it adds to a kept game (``game_columns``) and its sample league (``sample``, a folder holding a
  ``league.toml``; :meth:`Adapter.write_sample` rebuilds it).

``games/<id>/season.py`` holds a game's adapter.
"""
from __future__ import annotations

from pathlib import Path

from simcore.charts import ChartError


class Adapter:
    """A game's league adapter (see the module docstring); a game subclasses it in its ``season.py``."""

    #: Columns a league's teams file must have for this game, beyond team, conference, division.
    team_columns: tuple[str, ...] = ()
    #: Keys of league.toml that the game reads.
    keys: tuple[str, ...] = ()
    #: Columns of the kept simulated games after the league's (name, dtype), in the order the kernel writes.
    game_columns: tuple[tuple[str, str], ...] = ()
    #: The folder of the shipped sample league (holding league.toml), or None.
    sample: Path | None = None
    #: Memory a projection keeps per team and season (its outputs, the seasons table and the game's player and
    #: goalie sums), in bytes: what bounds the number of seasons one projection may hold.  Measured as peak RSS
    #: over 100,000 seasons of the sample leagues (EZR 466, Strat 2,114), with some headroom.
    bytes_per_team_season: int = 600

    def __init__(self, game):
        self.game = game

    def check_team(self, path, line: int, row: dict) -> None:
        """Check a teams-file row's game columns; raise :class:`~simcore.charts.ChartError` naming the file,
        line, column and text."""

    def read(self, doc: dict, path: Path, teams) -> dict:
        """The game's data from its own league.toml keys (``doc``; ``path`` is the league file), e.g. a card kit;
        raise ChartError naming the key."""
        return {}

    def goalies(self, doc: dict, path: Path, teams, data: dict):
        """The league's goalies (a DataFrame: team, goalie, slot, share, [fatigue], the game's columns)."""
        raise NotImplementedError

    def runner(self, lg, setup):
        """``(run, finish)`` for :func:`simcore.league.projection.project`: ``run(seed, s0, count, keep_games)``
        plays seasons s0 .. s0+count-1 and returns ``{"team", "stats", "games", ...}`` output arrays;
        ``finish(outputs)`` gives the goalie table and the skater table (or None)."""
        raise NotImplementedError

    def write_sample(self, out: Path, seed: int) -> None:
        """Rebuild the sample league into ``out`` (``python -m simcore.league.samplegen``)."""
        raise NotImplementedError

    @staticmethod
    def error(path, line, column, text, problem) -> ChartError:
        """A CSV cell that cannot be used (the file, line, column, text and problem)."""
        return ChartError(path, line, column, text, problem)

    @staticmethod
    def key_error(path, key, text, problem) -> ChartError:
        """A league file's key that cannot be used (with the key's line when found)."""
        from simcore.league.files import key_line
        return ChartError(path, key_line(path, key), key, text, problem, field="key")
