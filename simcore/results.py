"""Results: arrays and metadata of a run, exposed as tidy pandas tables.

Every game produces the common game table (``games``): ``game``, ``variant``,
``seed``, ``game_id``, ``home``, ``away``, ``home_goals``, ``away_goals``,
``winner`` (home/away/tie), ``decided_in`` (REG/OT/SO), followed by the
game's own columns.  Other tables (``periods``, ``events``, ...) are the
game's own.  Tables are built on first use, so a run of millions of games
costs nothing until asked for.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pandas as pd

COMMON_COLUMNS = ("game", "variant", "seed", "game_id", "home", "away", "home_goals", "away_goals", "winner",
                  "decided_in")


@dataclass
class Results:
    """What a simulation returns.

    ``meta`` carries at least: game, variant (rules id), seed, n, mode and
    simcore version; games add what reproduces the run (teams, charts and
    their provenance).  ``aggregates`` holds the in-kernel counters (numpy
    arrays); ``builders`` maps table names to functions building them.
    """

    meta: dict
    aggregates: dict
    builders: dict[str, Callable[[], pd.DataFrame]] = field(default_factory=dict)
    summarizer: Callable[["Results"], pd.DataFrame] | None = None
    _cache: dict = field(default_factory=dict, repr=False)

    @property
    def game(self) -> str:
        return self.meta["game"]

    @property
    def variant(self) -> str:
        return self.meta["variant"]

    @property
    def seed(self) -> int:
        return self.meta["seed"]

    @property
    def n(self) -> int:
        return self.meta["n"]

    @property
    def table_names(self) -> list[str]:
        return list(self.builders)

    def table(self, name: str) -> pd.DataFrame:
        if name not in self.builders:
            if self.meta.get("mode") == "aggregate":
                raise KeyError(f"table {name!r} needs per-game records; this run kept only aggregates "
                               f"(simulate with mode='games')")
            raise KeyError(f"no table {name!r}; tables: {', '.join(self.builders)}")
        if name not in self._cache:
            self._cache[name] = self.builders[name]()
        return self._cache[name]

    @property
    def games(self) -> pd.DataFrame:
        """The common game table."""
        return self.table("games")

    def summary(self) -> pd.DataFrame:
        """Tidy summary: one row per metric with estimate and 95% interval."""
        if self.summarizer is None:
            raise NotImplementedError(f"{self.game} has no summary")
        return self.summarizer(self)

    def to_parquet(self, path, table: str = "games", overwrite: bool = False) -> Path:
        """Write one table to parquet with ``meta`` in the file's key-value metadata (key ``simcore``).

        Refuses to replace an existing file unless ``overwrite``; the file is written whole or not at all (a
        temporary file renamed into place, :mod:`simcore.outputs`).
        """
        from simcore.outputs import write_parquet

        return write_parquet(path, self.table(table), {**self.meta, "table": table}, overwrite=overwrite)


def read_parquet(path) -> tuple[pd.DataFrame, dict]:
    """Read a table written by :meth:`Results.to_parquet`: ``(frame, meta)``."""
    import pyarrow.parquet as pq

    from simcore.outputs import check_complete

    tbl = pq.read_table(path)
    meta = json.loads((tbl.schema.metadata or {}).get(b"simcore", b"{}"))
    check_complete(path, meta)          # a table of an --out folder whose run did not finish: IncompleteOutput
    return tbl.to_pandas(), meta
