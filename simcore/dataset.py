"""Runs bigger than memory: a game's per-game tables written as parquet datasets, one file per block of games.

:func:`write` plays games 0 .. n-1 in blocks on the current executor (:mod:`simcore.runner`: threads, or the
workers of a Dask cluster, which write their blocks' files themselves: the output folder must be one they all
see, as on a LocalCluster or a shared file system).  Each block is played on its own (game ``g`` depends only on
``(seed, g)``, so a block's games are the games of the whole run) and its per-game tables (every table of the
game with a ``game_id`` column) are written as ``DIR/<table>/part-<block>.parquet``; no process holds more than
one block's games.  ``pandas.read_parquet(DIR / "games")`` (or ``pyarrow.dataset``) reads a table back whole,
``game_id`` in order.

The folder follows :mod:`simcore.outputs`: the parts are written under hidden names (``.part-...partial``,
which parquet readers skip), renamed into place when every block is done, and ``manifest.json`` is written last,
listing every file with its size and sha256, the command and the run (game, variant, seed, n, block size).  An
interrupted run leaves no manifest and no part under its final name; :func:`simcore.outputs.read_manifest`
refuses a folder without a manifest.  (The manifest sits above the tables' folders rather than beside their
parts: a parquet reader given a table's folder would try to read it as a part.)
"""
from __future__ import annotations

import gc
import json
import os
from pathlib import Path

from simcore import runner
from simcore.checks import is_whole
from simcore.errors import InputError, UnknownNameError
from simcore.outputs import COMMAND, MANIFEST, _make, _sha256, keep, refuse_existing, write_json

#: Games a block of a dataset holds when ``block`` is not given: its tables fit a worker's memory easily.
DEFAULT_BLOCK = 1 << 17
PART = "part-{:08d}.parquet"


def per_game_tables(game, setup=None, rules=None, seed: int = 0) -> list[str]:
    """The names of ``game``'s tables with one or more rows per game (a ``game_id`` column), from a run of one
    game."""
    from simcore.games import game as find_game

    g = find_game(game)
    res = g.simulate(setup, n=1, seed=seed, rules=rules, progress=False, executor="threads")
    return [t for t in res.table_names if "game_id" in res.table(t).columns]


def _hidden(folder: Path, b: int) -> Path:
    """Where block ``b``'s part is written until the run is complete (a block played again, after a lost
    worker, writes the same bytes to the same name)."""
    return folder / ("." + PART.format(b) + ".partial")


def _write_block(g, setup, rules, seed, out, tables, block, g0, count, meta, threads=None):
    """Play games ``g0 .. g0+count-1`` (on ``threads`` threads; None: every core) and write each of ``tables`` as
    a hidden part file; returns ``[(table, block, rows, bytes, sha256)]``.  Runs on a worker (or here, on
    threads)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    with runner.first_game(g0):
        res = g.simulate(setup, n=count, seed=seed, rules=rules, progress=False, executor="threads",
                         threads=threads)
    b = g0 // block
    done = []
    for name in tables:
        df = res.table(name).copy()
        df["game_id"] = df["game_id"].to_numpy().astype("int64") + g0
        tbl = pa.Table.from_pandas(df, preserve_index=False)
        md = dict(tbl.schema.metadata or {})
        md[b"simcore"] = json.dumps({**meta, "table": name, "block": b, "first_game": g0, "games": count},
                                    default=str).encode()
        folder = Path(out) / name
        folder.mkdir(parents=True, exist_ok=True)
        tmp = _hidden(folder, b)
        pq.write_table(tbl.replace_schema_metadata(md), tmp)
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        done.append((name, b, len(df), tmp.stat().st_size, _sha256(tmp)))
    # the block's games are held in reference cycles (the results' table builders, pandas' block references)
    # that Python's collector reaches only now and then: without this, memory grew by a block's tables a block
    del res, df, tbl
    gc.collect()
    return done


def write(game, out, n: int, seed: int = 0, rules=None, setup=None, *, tables=None, block: int | None = None,
          overwrite: bool = False, progress: bool | None = None, executor=None, workers: int | None = None,
          threads: int | None = None) -> dict:
    """Play ``n`` games of ``game`` and write its per-game ``tables`` (default: every one) into the folder
    ``out`` as parquet datasets, one file per block of ``block`` games, each block's games on ``threads`` threads
    (None: every core of the process that plays it); returns the manifest written.

    Refuses (FileExistsError) a folder with a manifest or a table folder already there, unless ``overwrite``;
    replacing a dataset also removes the parts its manifest lists for the tables this run does not write.
    An interrupted or failed run removes its parts, and the table folders (and ``out``) it created that are left
    empty, so that the same command can run again.
    """
    from simcore.games import game as find_game
    from simcore.games.base import check_n
    from simcore.rng import check_seed

    g = find_game(game)
    n, seed = check_n(n), check_seed(seed)
    setup, rules = g.setup(setup), g.rules(rules)
    if block is None:
        block = DEFAULT_BLOCK
    elif not is_whole(block) or block <= 0:
        raise InputError(f"block must be a positive whole number of games, got {block!r}")
    block = int(block)
    available = per_game_tables(g, setup, rules, seed)
    tables = available if tables is None else [tables] if isinstance(tables, str) else list(tables)
    for t in tables:
        if t not in available:
            raise InputError(f"{g.id} has no per-game table {t!r}; per-game tables: {', '.join(available)}")
    if not tables:
        raise InputError("tables must name at least one table")
    twice = next((t for i, t in enumerate(tables) if t in tables[:i]), None)
    if twice is not None:
        raise InputError(f"tables names {twice!r} twice; give each table once")
    runner.check_threads(threads)       # refused before anything is written
    out = Path(out).absolute()          # the workers of a cluster may run in another folder
    if out.exists() and not out.is_dir():
        raise NotADirectoryError(f"{out} is a file, not a folder")
    for t in tables:                    # no overwrite replaces a user's file by a table's folder
        if (out / t).exists() and not (out / t).is_dir():
            raise InputError(f"{out / t} is a file, not a table folder of a simcore dataset; write the dataset to "
                             "another folder, or move the file")
    hint = "pass overwrite=True to replace it"
    refuse_existing(out / MANIFEST, overwrite, hint)
    for t in tables:
        refuse_existing(out / t, overwrite, hint)
    old_tables, listed = [], set()      # the dataset replaced: its tables, the files its manifest lists
    if overwrite:
        old_tables, listed = _old_dataset(out)
        _check_replaceable(out, tables, listed)
    new_tables = [out / t for t in tables if not (out / t).exists()]
    for t in tables:        # hidden parts a cluster's tasks wrote after an earlier run was interrupted
        for stale in (out / t).glob(".part-*.partial"):
            stale.unlink()
    # the folders this run makes, outermost first (out and any missing parents, then its tables' folders): a run
    # that fails or is stopped removes those left empty
    created = [*_make(out), *new_tables]
    meta = {"game": g.id, "variant": rules.id, "setup": setup.id, "seed": seed, "n": n, "block": block,
            "version": __import__("simcore").__version__}

    def fn(g0, count):
        return _write_block(g, setup, rules, seed, out, tables, block, g0, count, meta, threads)

    try:
        with runner.maybe(executor, workers, threads) as ex:
            try:
                parts = runner.map_blocks(n, fn, chunk_size=block, progress=progress, seed=seed)
            except BaseException:
                if isinstance(ex, runner.Dask):     # a cancelled block still running on a worker writes its part
                    ex.after_close(lambda: _clean(out, tables, [], created))   # after the clean below
                raise
    except BaseException:
        _clean(out, tables, [], created)
        raise
    # every block is written: the folder becomes complete (the old manifest and parts go first, the new manifest
    # last; a part of a replaced run is never left beside new ones)
    others = _other_tables(old_tables, listed, tables)
    (out / MANIFEST).unlink(missing_ok=True)
    for t in tables:
        for old in (out / t).glob("part-*.parquet"):
            old.unlink()
    for t, names in others.items():     # a replaced run's tables this run does not write: not left beside it
        for name in names:
            (out / name).unlink(missing_ok=True)
        try:
            (out / t).rmdir()
        except OSError:
            pass                        # a file of the user's is left with the folder
    files = []
    rows = {t: 0 for t in tables}
    renamed = []
    try:
        for p in parts:
            for t, b, nrows, size, digest in p:
                os.replace(_hidden(out / t, b), out / t / PART.format(b))
                renamed.append(out / t / PART.format(b))
                files.append({"name": f"{t}/{PART.format(b)}", "bytes": size, "sha256": digest})
                rows[t] += nrows
    except BaseException:
        # interrupted while the parts are renamed: a parquet reader given a table's folder would read the parts
        # already renamed as if they were the whole table
        _clean(out, tables, renamed, created)
        raise
    doc = {"simcore": meta["version"], "command": COMMAND.get(), "files": files,
           "dataset": {**meta, "blocks": len(parts), "tables": {t: {"rows": rows[t], "path": t} for t in tables}}}
    write_json(out / MANIFEST, doc, overwrite=True)
    keep(out / MANIFEST)            # a finished dataset stays, whatever comes after in the command
    return doc


def _old_dataset(out: Path) -> tuple[list[str], set[str]]:
    """The dataset that replacing ``out`` replaces, by its manifest.json: its tables and the files the manifest
    lists (``TABLE/part-...parquet``); both empty when there is no manifest.  InputError when ``out`` has a
    manifest.json that is not a dataset's."""
    if not (out / MANIFEST).exists():
        return [], set()
    try:
        doc = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        return [t for t in doc["dataset"]["tables"] if isinstance(t, str)], \
            {f["name"] for f in doc["files"] if isinstance(f["name"], str)}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        raise InputError(f"{out / MANIFEST} is not a simcore dataset's manifest; write the dataset to another "
                         "folder") from None


def _check_replaceable(out: Path, tables, listed: set[str]) -> None:
    """Replacing (``overwrite``) replaces a dataset, nothing else: InputError when a table folder holds a file
    that the old dataset's manifest does not list (``listed``: a user's file, or a folder that was never a
    dataset); hidden parts an interrupted run left are the run's own."""
    for t in tables:
        if not (out / t).is_dir():
            continue
        for f in sorted((out / t).iterdir()):
            if f.name.startswith(".part-") and f.name.endswith(".partial"):
                continue
            if f"{t}/{f.name}" not in listed:
                raise InputError(f"{f} is not a file of a simcore dataset in {out} (no manifest lists it); "
                                 "write the dataset to another folder, or move the file")


def _other_tables(old: list[str], listed: set[str], tables) -> dict[str, list[str]]:
    """The old dataset's tables (``old``) that are not in ``tables``, each with the files its manifest lists for
    it (from ``listed``): what replacing the dataset removes."""
    return {t: sorted(f for f in listed if f.startswith(f"{t}/part-") and "/" not in f[len(t) + 1:])
            for t in old if t not in tables and "/" not in t and t not in ("", ".", "..")}


def _clean(out: Path, tables, renamed, created) -> None:
    """After an interrupted or failed run: remove the parts it wrote (hidden, and ``renamed`` into place), then
    the folders in ``created`` that are left empty (table folders first, then ``out``)."""
    for p in renamed:
        p.unlink(missing_ok=True)
    for t in tables:
        for tmp in (out / t).glob(".part-*.partial"):
            tmp.unlink(missing_ok=True)
    for folder in reversed(created):
        try:
            folder.rmdir()              # only when empty
        except OSError:
            pass


def read(path, table: str = "games"):
    """A table of a complete dataset folder (:func:`simcore.outputs.read_manifest` checks it) as one frame."""
    import pandas as pd

    from simcore.outputs import read_manifest

    doc = read_manifest(path, verify=False)
    names = [f["name"] for f in doc["files"] if f["name"].startswith(table + "/")]
    if not names:
        raise UnknownNameError(f"{path}: no table {table!r}; tables: "
                       f"{', '.join(doc.get('dataset', {}).get('tables', {}))}")
    return pd.read_parquet(Path(path) / table)


def cmd_dataset(argv):
    """``simcore dataset GAME --out DIR``: the command line of :func:`write`."""
    from simcore.cliargs import (JoinRepeated, Parser, UsageError, add_seed, add_threads, named, positive_int,
                                 refuse_overwrite_any)
    from simcore.games import available_games

    p = Parser(prog="simcore dataset",
               description="Play n games and write the game's per-game tables as parquet datasets, one file per "
               "block of games (runs bigger than memory; on a Dask cluster each worker writes its blocks).",
               epilog="Read a table back with pandas.read_parquet('DIR/games') (or pyarrow.dataset); DIR/manifest.json "
               "lists every file and is written last.\n\nexample:\n  simcore dataset strat -n 10000000 --out "
               "runs/strat --executor dask --workers 2")
    p.add_argument("game", help=f"game id: {', '.join(available_games())}")
    p.add_argument("-n", type=positive_int, default=1_000_000, help="games to play (default 1000000)")
    add_seed(p)
    p.add_argument("--rules", default="", metavar="FIELD=VALUE,...", action=JoinRepeated, help="rule fields")
    p.add_argument("--setup", default="", metavar="KEY=VALUE,...", action=JoinRepeated, help="who plays")
    p.add_argument("--tables", default=None, action=JoinRepeated,
                   help="comma-separated per-game tables (default: every one)")
    p.add_argument("--block", type=positive_int, default=DEFAULT_BLOCK,
                   help=f"games per file (default {DEFAULT_BLOCK})")
    p.add_argument("--out", type=named, required=True, metavar="DIR", help="the output folder")
    p.add_argument("--force", action="store_true",
                   help="replace the dataset in DIR: its manifest and every table it lists")
    add_threads(p)
    args = p.parse_args(argv)
    if args.game.lower() not in available_games():
        raise UsageError(f"unknown game {args.game!r}; games: {', '.join(available_games())}")
    tables = None
    if args.tables is not None:
        tables = [t.strip() for t in args.tables.split(",")]
        if "" in tables:
            raise UsageError(f"--tables {args.tables!r} has an empty item; name each table once, separated by commas")
    refuse_overwrite_any(args.out, [MANIFEST, *(tables or [])], args.force)
    try:
        doc = write(args.game.lower(), args.out, args.n, args.seed, args.rules or None, args.setup or None,
                    tables=tables, block=args.block, overwrite=args.force, threads=args.threads)
    except FileExistsError as exc:     # refuse_existing's message names the path; an OS error names it as filename
        said = exc.args[0] if exc.args and isinstance(exc.args[0], str) else f"{exc.filename} exists"
        raise UsageError(f"{said.split(';')[0]}; pass --force to replace it") from None
    d = doc["dataset"]
    parts = ", ".join(f"{t} ({v['rows']:,} row{'' if v['rows'] == 1 else 's'})" for t, v in d["tables"].items())
    blocks = "1 block" if d["blocks"] == 1 else f"{d['blocks']:,} blocks of {d['block']:,}"
    print(f"{args.out}: {d['n']:,} {d['game']} game{'' if d['n'] == 1 else 's'} in {blocks}: {parts}; read "
          f"with pandas.read_parquet('{Path(args.out) / next(iter(d['tables']))}')")
