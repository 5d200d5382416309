"""Rule-variant sweeps: every combination of a few rule fields, each against a base variant, on common
random numbers.

:func:`sweep` runs the Cartesian product of a grid of rule values (each *cell* a variant of the base rules),
every cell with the same seeds, and returns one tidy long table: per cell and metric, the mean over all the
cell's games (every seed pooled) with a 95% interval, and the paired difference against the base variant.
Game g of seed s is the same random stream in every cell, so the differences are paired game by game
(docs/analysis.md).
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import pandas as pd

import simcore.progress as _progress
from simcore import runner
from simcore.errors import InputError
from simcore.games import game as find_game
from simcore.games.base import check_memory, check_n
from simcore.metrics import is_indicator, per_game_interval
from simcore.rng import check_seed
from simcore.rulesbase import RuleError

from .compare import agreeing, metric_names, setup_changes, value_span
from .inference import paired_difference

#: Columns of :func:`sweep`'s table after the swept fields.
COLUMNS = ("seed", "metric", "estimate", "ci_low", "ci_high", "n", "base_estimate", "diff", "diff_ci_low",
           "diff_ci_high", "p_value")


def _grid(g, base, setup, grid) -> dict[str, list[str]]:
    """Validated ``{field: [value, ...]}``: known rule fields or setup keys, allowed values, no repeats, at
    least one value."""
    if not isinstance(grid, dict):
        raise InputError(f"grid must be a dict {{field: [values]}}, got {type(grid).__name__}")
    allowed = g.Rules.options()
    setup_keys = g.Setup.keys()
    out = {}
    for field, values in grid.items():
        if field not in allowed and field not in setup_keys:
            raise RuleError(f"unknown {g.id} rule field {field!r}; fields: {', '.join(allowed)}"
                            + (f"; setup keys: {', '.join(setup_keys)}" if setup_keys else ""))
        if isinstance(values, str):
            values = [v.strip() for v in values.split(",")]
        elif not isinstance(values, (list, tuple, range)):
            raise InputError(f"grid field {field!r} takes a list of values (or 'a,b'), got {values!r}")
        values = [str(v) for v in values]
        if not values or any(v == "" for v in values):
            hint = f"allowed values: {', '.join(map(str, allowed[field]))}" if field in allowed else "e.g. a policy"
            raise InputError(f"grid field {field!r} needs one or more values; {hint}")
        for v in values:
            if field in allowed:
                base.with_options({field: v})      # RuleError naming the field and its allowed values
            else:
                setup.replace(**{field: v})        # SetupError naming the key and the value
        dup = sorted({v for v in values if values.count(v) > 1})
        if dup:
            raise InputError(f"grid field {field!r} (--grid) repeats {', '.join(dup)}; give each value once")
        out[field] = values
    return out


def _seeds(seeds) -> list[int]:
    """``seeds`` (one seed or an iterable of seeds) as a list of distinct seeds (:func:`simcore.rng.check_seed`)."""
    if isinstance(seeds, (int, np.integer)):
        seeds = [seeds]
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Iterable):
        raise InputError(f"seeds must be a seed or a list of seeds (whole numbers), got {seeds!r}")
    seeds = [check_seed(s) for s in seeds]
    if not seeds:
        raise InputError("seeds must name at least one seed")
    if len(set(seeds)) != len(seeds):
        dup = sorted({s for s in seeds if seeds.count(s) > 1})
        raise InputError(f"seeds (--seeds) repeat {', '.join(map(str, dup))}: {seeds}; give each seed once")
    return seeds


def _vectors(g, rules, n, seeds, metrics, setup, threads) -> dict[str, tuple[np.ndarray, bool]]:
    """Per-game values of each metric over every seed's games, seed by seed, each in game order, and whether
    the metric is an indicator (:func:`simcore.metrics.is_indicator`)."""
    parts = {m: [] for m in metrics}
    indicator = {m: True for m in metrics}
    for s in seeds:
        res = g.simulate(setup, n=n, seed=s, rules=rules, threads=threads, progress=False)
        for m in metrics:
            v = g.metrics[m].per_game(res)
            indicator[m] &= is_indicator(v)
            parts[m].append(np.asarray(v, dtype=float))
    return {m: (np.concatenate(parts[m]), indicator[m]) for m in metrics}


def sweep(game, base_rules, grid: dict, n: int, seeds=(0,), *, metrics=None, setup=None, threads=None,
          progress=None, executor=None, workers=None) -> pd.DataFrame:
    """Run every combination of ``grid``'s rule values, each a variant of ``base_rules``, and compare each with
    the base on common random numbers.

    ``game``: a game id or a Game.  ``base_rules``: a ``Rules``, a
    dict, ``"field=value,..."`` or None (the rulebook).  ``grid``: ``{field: [value, ...]}`` with values as
    ``Rules`` takes them (strings); a field may also be a key of the game's ``Setup`` (a policy, a team), so
    policies and matchups sweep like rules.
    Every field and value is checked before anything runs.  Each cell
    (numbered 0, 1, ... in ``itertools.product`` order of the grid) runs ``n`` games with each of ``seeds``;
    the base variant runs once with the same seeds (its runs are reused when a cell's rules equal it).

    Returns one row per (cell, metric): ``variant_id`` (the cell's rules id), ``cell``, one column per swept
    field, ``seed`` (the seeds pooled, comma-separated), ``metric``, ``estimate`` (mean over the cell's
    ``n * len(seeds)`` games) with ``ci_low``/``ci_high`` (95%, :func:`simcore.metrics.per_game_interval`: the
    metric's own ``interval`` where it has one, as ``home_advantage``; Wilson for an indicator, a share of games;
    normal otherwise, as for a count),
    ``n`` (games pooled), ``base_estimate`` (the base's mean), ``diff`` (cell minus base, paired by seed and
    game; a cell's ``variant_id`` adds ``|key=value`` for each setup value that differs from the base's),
    ``diff_ci_low``/``diff_ci_high`` (95%) and ``p_value`` (two-sided, no difference).  ``df.attrs``
    holds the labels: game, ``base`` (the base's rules id: the base's own cell is the one whose
    ``variant_id`` equals it), n, seeds, grid, setup, metrics.
    ``progress``: True forces a bar over cells, False hides it, None shows it on a terminal or in Jupyter
    (never with ``--quiet``: :func:`simcore.progress.bar`).
    ``executor``/``workers``: where the games run (:meth:`simcore.games.base.Game.simulate`); on Dask the
    cells' blocks of games are the cluster's tasks together (cells x blocks), and the table is the same.
    """
    g = find_game(game)
    base = g.rules(base_rules)
    setup = g.setup(setup)
    grid = _grid(g, base, setup, grid)
    names = metric_names(g, metrics, functionals=False)
    seeds = _seeds(seeds)
    n = check_n(n)

    fields = list(grid)
    rule_fields = set(g.Rules.options())
    cells = [dict(zip(fields, combo)) for combo in itertools.product(*grid.values())]
    cell_rules = [base.with_options({k: v for k, v in c.items() if k in rule_fields}) for c in cells]
    cell_setup = [setup.replace(**{k: v for k, v in c.items() if k not in rule_fields}) for c in cells]
    same_as_base = [r == base and cs == setup for r, cs in zip(cell_rules, cell_setup)]
    base_in_grid = any(same_as_base)
    seed_label = ",".join(map(str, seeds))

    def cell_rows(i, values, rules, cs, base_vec):
        vec = base_vec if same_as_base[i] else _vectors(g, rules, n, seeds, names, cs, threads)
        extra = {k: v for k, v in cs.as_text().items() if getattr(cs, k) != getattr(setup, k)}
        vid = rules.id + "".join(f"|{k}={v}" for k, v in extra.items())
        out = []
        for m in names:
            x, indicator = vec[m]
            est, lo, hi = per_game_interval(x, indicator, g.metrics[m].bounds, g.metrics[m].interval)
            d = paired_difference(base_vec[m][0], x, m)
            if not same_as_base[i]:             # games that all agree bound the difference (no_game_differs)
                d = agreeing(d, *value_span(g.metrics[m].bounds, indicator, x))
            out.append({"variant_id": vid, "cell": i, **values, "seed": seed_label, "metric": m,
                        "estimate": est, "ci_low": lo, "ci_high": hi, "n": int(x.size), "base_estimate": d.a,
                        "diff": d.diff, "diff_ci_low": d.ci[0], "diff_ci_high": d.ci[1], "p_value": d.p_value})
        return out          # the cell's per-game values are dropped here: memory holds the base's and a few cells'

    runs = sum(not same for same in same_as_base)       # the cells that play their own games, side by side
    check_memory(g, n, "games", runs=runner.side_by_side(runs, spec=executor))          # on Dask
    with _progress.bar(total=len(cells) + (0 if base_in_grid else 1), unit=" cells", show=progress) as bar, \
            runner.maybe(executor, workers, threads):
        base_vec = _vectors(g, base, n, seeds, names, setup, threads)
        if not base_in_grid:
            bar.update(1)
        # on Dask the cells run side by side: their blocks are the cluster's tasks together
        per_cell = runner.concurrently(
            [lambda i=i, v=v, r=r, cs=cs: cell_rows(i, v, r, cs, base_vec)
             for i, (v, r, cs) in enumerate(zip(cells, cell_rules, cell_setup))],
            on_done=lambda i: bar.update(1))
    rows = [row for part in per_cell for row in part]
    df = pd.DataFrame(rows, columns=["variant_id", "cell", *fields, *COLUMNS])
    df["cell"] = df["cell"].astype(np.int64)
    df["n"] = df["n"].astype(np.int64)
    df.attrs = {"game": g.id, "base": base.id, "n": n, "seeds": seeds, "grid": grid,
                "setup": setup_changes(g, setup), "metrics": names}
    return df


def to_parquet(df: pd.DataFrame, path, overwrite: bool = False) -> Path:
    """Write a :func:`sweep` table to parquet, its ``attrs`` in the file's key-value metadata (key ``simcore``,
    as :meth:`simcore.results.Results.to_parquet`; :func:`simcore.results.read_table` reads both back).

    Refuses to replace an existing file unless ``overwrite`` (FileExistsError); the file is written whole or
    not at all (:func:`simcore.outputs.replacing`).
    """
    from simcore.outputs import write_parquet

    return write_parquet(path, df, {**df.attrs, "table": "sweep"}, overwrite=overwrite)
