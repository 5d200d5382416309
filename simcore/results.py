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
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pandas as pd

from simcore.errors import InputError, UnknownNameError
from simcore.textio import as_path

from .deprecation import SimcoreDeprecationWarning

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
        """The table ``name`` (one of :attr:`table_names`), built on first use.  Each call returns a copy, so
        editing it leaves the run's own table, and every metric and summary computed from it, unchanged."""
        if not isinstance(name, str):
            raise UnknownNameError(f"a table is named by a string; tables: {', '.join(self.builders)}; got {name!r}")
        if name not in self.builders:
            if self.meta.get("mode") == "aggregate":
                raise UnknownNameError(f"table {name!r} needs per-game records; this run kept only aggregates "
                               f"(simulate with mode='games')")
            raise UnknownNameError(f"no table {name!r}; tables: {', '.join(self.builders)}")
        if name not in self._cache:
            self._cache[name] = self.builders[name]()
        return self._cache[name].copy()

    @property
    def games(self) -> pd.DataFrame:
        """The common game table (a copy: :meth:`table`)."""
        return self.table("games")

    def summary(self) -> pd.DataFrame:
        """Tidy summary: one row per metric with estimate and 95% interval."""
        if self.summarizer is None:
            raise NotImplementedError(f"{self.game} has no summary")
        return self.summarizer(self)

    def __iter__(self):
        """Deprecated: what :func:`read_parquet` returned before it gave a Results, ``(frame, meta)``."""
        read = getattr(self, "_read_from", None)
        if read is None:
            raise TypeError("a Results is not iterable; use res.games, res.table(name) or res.summary()")
        warnings.warn("read_parquet() now returns a Results; unpacking it as (frame, meta) is deprecated: use "
                      "simcore.results.read_table(path), or res.table(name) and res.meta", SimcoreDeprecationWarning,
                      stacklevel=2)
        return iter(read)

    def __repr__(self) -> str:
        m = self.meta
        n = m.get("n")
        return (f"Results(game={m.get('game')!r}, setup={m.get('setup')!r}, n={n:,}, seed={m.get('seed')!r}, "
                f"variant={m.get('variant')!r}, mode={m.get('mode')!r}, tables: {', '.join(self.builders) or '-'})"
                if isinstance(n, int) else f"Results(meta={m!r})")

    def _repr_html_(self) -> str:
        """Jupyter's view: game, setup, n, seed, rules variant and the summary table with 95% intervals (not
        the provenance in ``meta``)."""
        from simcore.htmlview import fragment

        m = self.meta
        facts = {"game": m.get("game"), "setup": m.get("setup") or f"{m.get('home')} vs {m.get('away')}",
                 "games": f"{m['n']:,}" if isinstance(m.get("n"), int) else m.get("n"), "seed": m.get("seed"),
                 "rules": m.get("variant"), "mode": m.get("mode"), "tables": ", ".join(self.builders) or "-"}
        try:
            summary = self.summary()
        except NotImplementedError:
            summary = None
        return fragment(f"{m.get('game')} Results", facts, summary_display(summary) if summary is not None else None)

    def _parquet_metadata(self, table: str) -> dict:
        """The file metadata :meth:`to_parquet` writes: ``simcore``, the run's ``meta`` and the table's name;
        ``simcore.summary``, the run's :meth:`summary` as JSON records (what :func:`read_parquet` gives back as
        the read Results' summary)."""
        md = {b"simcore": json.dumps({**self.meta, "table": table}, default=str).encode()}
        if self.summarizer is not None:
            records = [{k: _plain(v) for k, v in row.items()} for row in self.summary().to_dict("records")]
            md[b"simcore.summary"] = json.dumps(records).encode()   # floats in full: they read back equal
        return md

    def to_parquet(self, path, table: str = "games", overwrite: bool = False) -> Path:
        """Write one table to parquet with ``meta`` and the summary in the file's key-value metadata (keys
        ``simcore`` and ``simcore.summary``): :func:`read_parquet` gives back a :class:`Results`.

        Refuses to replace an existing file unless ``overwrite``; the file is written whole or not at all (a
        temporary file renamed into place, :mod:`simcore.outputs`).
        """
        from simcore.outputs import write_parquet

        md = self._parquet_metadata(table)
        return write_parquet(path, self.table(table), {**self.meta, "table": table}, overwrite=overwrite,
                             extra={k: v for k, v in md.items() if k != b"simcore"})


def _plain(v):
    """A summary cell as a JSON value: numpy scalars as Python ones, NaN as null."""
    v = v.item() if hasattr(v, "item") else v
    return None if isinstance(v, float) and v != v else v


def common_summary(res: "Results") -> pd.DataFrame:
    """The summary the common game table alone gives: each per-game metric of :data:`simcore.metrics.COMMON`
    with its 95% interval (Wilson for a share of games, normal for a mean)."""
    from .metrics import COMMON, summarize

    return summarize(res, {name: m for name, m in COMMON.items() if m.kind == "per_game"})


def summary_display(summary: pd.DataFrame) -> pd.DataFrame:
    """A summary table as text for display: metric, estimate and 95% interval to four significant figures."""
    def num(v):
        return "" if v != v else f"{v:.4g}"

    return pd.DataFrame({"metric": summary["metric"], "estimate": [num(v) for v in summary["estimate"]],
                         "95% interval": ["" if lo != lo else f"[{num(lo)}, {num(hi)}]"
                                          for lo, hi in zip(summary["ci_low"], summary["ci_high"])]})


def read_table(path) -> tuple[pd.DataFrame, dict]:
    """Read any parquet file simcore wrote (:meth:`Results.to_parquet`, ``simcore sweep --out``):
    ``(frame, meta)``, ``meta`` being the file's ``simcore`` metadata."""
    import pyarrow.parquet as pq

    import pyarrow as pa

    from simcore.outputs import MANIFEST, check_complete, read_manifest

    path = as_path(path, "a parquet file")
    if path.is_dir() and (path.parent / MANIFEST).is_file() and not (path / MANIFEST).exists():
        # a table's folder of a dataset (simcore.dataset): its parts are read together, not as one run's table
        read_manifest(path.parent, verify=False)
        raise InputError(f"{path} is a table of the dataset {path.parent}: read it with "
                         f"simcore.dataset.read({str(path.parent)!r}, {path.name!r}) or pandas.read_parquet(path)")
    if path.is_dir():                   # an --out folder: say what to read in it, or that it is incomplete
        doc = read_manifest(path, verify=False)
        tables = ", ".join(f["name"] for f in doc["files"] if f["name"].endswith(".parquet")) or "none"
        raise InputError(f"{path} is an output folder, not a table: read one of its parquet files ({tables}), "
                         "or simcore.outputs.read_folder(path)")
    if not path.exists():
        raise InputError(f"no such file: {path}")
    try:
        tbl = pq.read_table(path)
    except (pa.ArrowInvalid, OSError) as exc:
        raise InputError(f"{path}: not a parquet file simcore wrote ({exc})") from None
    meta = json.loads((tbl.schema.metadata or {}).get(b"simcore", b"{}"))
    check_complete(path, meta)          # a table of an --out folder whose run did not finish: IncompleteOutput
    return tbl.to_pandas(), meta


def read_parquet(path) -> "Results":
    """The :class:`Results` of a file :meth:`Results.to_parquet` wrote: its ``meta`` (game, variant, seed, n,
    mode, version, setup, ...), the table that was written (``res.table(name)``; ``res.games`` for the
    default) and, when the file has it, the run's ``summary()``.  The other tables and the in-kernel
    aggregates stay with the run that wrote the file.

    A sweep table (``simcore sweep --out``) is not a run: :func:`read_table` reads it.  For one release
    ``read_parquet`` still gives such a file as ``(frame, meta)``, and a Results unpacks as
    ``frame, meta = read_parquet(path)``, both with a :class:`~simcore.deprecation.SimcoreDeprecationWarning`.
    """
    import pyarrow.parquet as pq

    path = as_path(path, "a parquet file")
    frame, meta = read_table(path)
    if meta.get("table") == "sweep":
        warnings.warn(f"{path}: read_parquet() of a sweep table is deprecated: use "
                      f"simcore.results.read_table(path) for (frame, meta)", SimcoreDeprecationWarning, stacklevel=2)
        return frame, meta
    if not meta.get("game") or not meta.get("table"):
        raise InputError(f"{path}: not a file Results.to_parquet wrote (no 'simcore' metadata with game and table)")
    name = meta.pop("table")
    raw = (pq.read_schema(path).metadata or {}).get(b"simcore.summary")
    summary = pd.DataFrame.from_records(json.loads(raw)) if raw else None
    if summary is not None:
        summarizer = lambda r: summary.copy()      # noqa: E731
    else:                                          # a file of an earlier release: what its game table gives
        summarizer = common_summary if name == "games" else None
    res = Results(meta, {}, {name: lambda: frame}, summarizer)
    res._read_from = (frame, {**meta, "table": name})
    return res
