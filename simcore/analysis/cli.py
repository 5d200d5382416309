"""``simcore compare`` and ``simcore sweep``: rule variants of any game on common random numbers."""
from __future__ import annotations

import argparse
import json
import math
import os
from pathlib import Path

from simcore.cliargs import (JoinRepeated, JoinRepeatedGroups, Parser, UsageError, counted, decimal, named, output_file,
                             plain, plot_file, positive_int, refuse_one_file_twice, refuse_overwrite, wrote_page)
from simcore.cliargs import add_format, add_seed, add_threads
from simcore.cliargs import seed as seed_arg
from simcore.games import available_games
from simcore.htmlview import decimals_showing, p_text


def _check_game(name: str) -> None:
    if name.lower() not in available_games():
        raise UsageError(f"unknown game {name!r}; games: {', '.join(available_games())}")


def _setup_arg(text: str) -> dict:
    out = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        if "=" not in part:
            raise UsageError(f"--setup {part!r} must look like key=value")
        k, v = (x.strip() for x in part.split("=", 1))
        if k in out and out[k] != v:
            raise UsageError(f"--setup key {k!r} is given twice ({k}={out[k]} and {k}={v}); give each key once")
        out[k] = v
    return out


def _metrics_arg(g, text: str | None) -> list[str] | None:
    """``--metrics a,b,...`` as names (None: the game's default set), checked before anything runs: an unknown
    name is refused, and so is a metric named twice, or a renamed metric's old and new names together, naming
    both as given."""
    if not text:
        return None
    from simcore.analysis.compare import repeated_metric

    names = [m.strip() for m in text.split(",")]
    if "" in names:
        raise UsageError(f"--metrics {text!r} has an empty item; name each metric once, separated by commas")
    for m in names:
        if m not in g.metrics and m not in g.renamed_metrics:
            g.metric(m)                      # the game's own error: the unknown name and the metrics it has
    twice = repeated_metric(g, names)
    if twice:
        name, first, second = twice
        raise UsageError(f"--metrics names the {g.id} metric {name!r} twice ({first} and {second}); "
                         "give each metric once")
    return names


def _is_folder(text: str) -> bool:
    """Whether an output path names a folder: an existing one, or a name ending in a path separator."""
    return text.endswith(("/", os.sep)) or Path(text).is_dir()


def _parquet_file(text: str) -> str:
    """``--out FILE.parquet``: a file name ending in .parquet (any other extension, or none, is refused: the
    file is parquet whatever its name), not a folder, in a folder that exists; checked before anything
    runs."""
    named(text)
    if _is_folder(text):
        raise argparse.ArgumentTypeError(f"{text} is a folder; name a file FILE.parquet")
    if Path(text).suffix.lower() != ".parquet":
        raise argparse.ArgumentTypeError(f"{text!r}: the name must end in .parquet (the table is written as "
                                         "parquet)")
    return output_file(text)


def _check_variants_differ(args, ra, rb) -> None:
    """Refuse a paired comparison of a variant with itself: with the same rules and the same seed A and B are
    the same games and every difference is exactly 0 (the setup, who plays, is the same for both).
    ``--unpaired`` runs B on another seed, so a variant against itself is then a comparison of two seeds."""
    if ra != rb or args.unpaired:
        return
    if not args.a and not args.b:
        raise UsageError("give --a and/or --b: the two rule variants to compare are the same (both the rulebook"
                         + ("; --setup sets who plays in both A and B)" if args.setup else ")"))
    given = " and ".join(f"{opt} {text!r}" if text else f"{opt} (not given: the rulebook)"
                         for opt, text in (("--a", args.a), ("--b", args.b)))
    raise UsageError(f"{given} are the same rules, {ra.id}: the two rule variants to compare are the same; "
                     "change --a or --b")


def cmd_compare(argv):
    p = Parser(prog="simcore compare",
                description="Compare two rule variants of a game on common random numbers (paired, game by game).")
    p.add_argument("game", help=f"game id: {', '.join(available_games())}")
    p.add_argument("--a", default="", metavar="RULES", action=JoinRepeated,
                   help="variant A: field=value,... (default: the rulebook)")
    p.add_argument("--b", default="", metavar="RULES", action=JoinRepeated,
                   help="variant B: field=value,... (default: the rulebook); A and B must differ, "
                   "except with --unpaired")
    p.add_argument("-n", type=positive_int, default=100_000, help="games per variant (default 100000)")
    add_seed(p)
    p.add_argument("--metrics", default=None, action=JoinRepeated,
                   help="comma-separated metric names, each once (default: the game's default set; `simcore GAME "
                   "metrics` lists them)")
    p.add_argument("--setup", default="", metavar="KEY=VALUE,...", action=JoinRepeated,
                   help="who plays in both A and B (the game's setup keys: `simcore GAME --help`), e.g. "
                   "home=BOS,away=NYR")
    p.add_argument("--unpaired", action="store_true", help="run B on another seed (no common random numbers)")
    p.add_argument("--power", type=decimal, default=0.8, help="power for the suggested sample sizes (default 0.8)")
    add_threads(p)
    add_format(p)
    p.add_argument("--plot", metavar="FILE", type=plot_file, help="write a forest plot of the differences (PNG, PDF, "
                   "SVG; FILE.png without an extension)")
    p.add_argument("--report", type=named, metavar="FILE.html",
                   help="write a page to share: the verdict per metric and the "
                   "forest plot (.html, or .md with its figure beside it)")
    p.add_argument("--force", action="store_true", help="replace an existing --plot or --report file")
    args = p.parse_args(argv)
    _check_game(args.game)
    if not 0 < args.power < 1:
        raise UsageError(f"--power must be between 0 and 1, got {args.power}")
    from simcore.games import game as find_game

    g = find_game(args.game)
    metrics = _metrics_arg(g, args.metrics)
    setup = g.setup(_setup_arg(args.setup))               # a bad key or value: one line, before anything runs
    ra, rb = g.rules(args.a), g.rules(args.b)
    if args.plot:
        refuse_overwrite(args.plot, args.force)
    if args.report:
        from simcore.sharing import COMPARE_FIGURES, refuse_existing, report_outputs

        refuse_existing(args.report, COMPARE_FIGURES, args.force, option="--report")
        if args.plot:
            from simcore.outputs import figure_path

            refuse_one_file_twice([("--plot", figure_path(args.plot)),
                                   *report_outputs(args.report, COMPARE_FIGURES)])
    _check_variants_differ(args, ra, rb)
    from simcore.analysis.compare import compare

    cmp = compare(g, ra, rb, args.n, args.seed, metrics=metrics, setup=setup,
                  paired=not args.unpaired, threads=args.threads, progress=False)
    doc = cmp.to_json(args.power)
    if args.plot:
        from simcore.analysis.plots import forest
        from simcore.outputs import save_figure

        save_figure(forest(cmp), args.plot, overwrite=args.force, dpi=100, bbox_inches="tight")
    if args.report:
        from simcore.sharing import compare_report

        written = compare_report(cmp, power=args.power).write(args.report, force=args.force)
    if args.format == "json":
        print(json.dumps(plain(doc), indent=2))
        return
    print(format_compare(doc, args.power))
    if args.plot:
        print(f"\nwrote {args.plot}")
    if args.report:
        print(("" if args.plot else "\n") + wrote_page(written))


def format_compare(doc: dict, power: float) -> str:
    kind = "paired, same seed" if doc["paired"] else f"unpaired, seeds {doc['seed']} and {doc['seed_b']}"
    lines = [f"{doc['game']}: B - A over {counted(doc['n'], 'game')} each ({kind})",
             f"  A {doc['a']}", f"  B {doc['b']}"]
    if doc["setup"]:
        lines.append("  setup " + ", ".join(f"{k}={v}" for k, v in doc["setup"].items()))
    lines += ["", f"{'metric':<28}{'A':>10}{'B':>10}{'B - A':>11}{'95% interval':>24}{'p':>9}{'p (Holm)':>10}"]
    for m in doc["metrics"]:
        lo, hi = m["ci"]
        ci = "" if lo is None or lo != lo else f"[{lo:+.{decimals_showing(lo)}f}, {hi:+.{decimals_showing(hi)}f}]"
        a, b, diff, p, ph = (math.nan if m[k] is None else m[k] for k in ("a", "b", "diff", "p_value", "p_holm"))
        lines.append(f"{m['name']:<28}{a:>10.4f}{b:>10.4f}{diff:>+11.4f}{ci:>24}{p_text(p):>9}{p_text(ph):>10}")
    lines.append("")
    for key, what in (("goals_distribution_test", "goals per team"), ("margin_distribution_test", "goal margin")):
        t = doc[key]
        if t["dof"] == 0:           # the pooled tail left one class: nothing to test
            lines.append(f"{what}, whole distribution: no test (too few games: the values pool into one class)")
            continue
        p = p_text(t["p_value"])
        lines.append(f"{what}, whole distribution: chi-square {t['statistic']:.1f} on {t['dof']} df, "
                     f"p {p if p.startswith('<') else '= ' + p}")
    wide = [m for m in doc["metrics"] if m["required_n"]]
    if wide:
        lines += ["", f"Intervals that include 0 cannot decide; games per variant to detect the observed "
                      f"difference with {power:.0%} power:"]
        lines += [f"  {m['name']:<26} about {m['required_n']:,}" for m in wide]
    return "\n".join(lines)


def _grid_arg(text: str) -> dict:
    """``'field=v1,v2;field2=v3'`` as ``{field: [v1, v2], field2: [v3]}`` (fields and values checked later)."""
    grid = {}
    for part in (p.strip() for p in text.split(";")):
        if not part:
            raise UsageError(f"--grid {text!r} has an empty item; separate field=value1,value2,... with ';'")
        if "=" not in part:
            raise UsageError(f"--grid {part!r} must look like field=value1,value2,...")
        field, values = (x.strip() for x in part.split("=", 1))
        vals = [v.strip() for v in values.split(",")]
        if not field or not any(vals) or not all(vals):
            raise UsageError(f"--grid {part!r} must look like field=value1,value2,...")
        if field in grid:
            raise UsageError(f"--grid names {field!r} twice")
        grid[field] = vals
    if not grid:
        raise UsageError("--grid needs at least one field=value1,value2,...")
    return grid


def _seeds_arg(text: str) -> list[int]:
    seeds = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise UsageError(f"--seeds {text!r} has an empty item; give seeds separated by commas")
        try:
            seeds.append(seed_arg(part))
        except argparse.ArgumentTypeError as exc:
            raise UsageError(f"--seeds {part!r}: {exc}") from None
    if not seeds:
        raise UsageError("--seeds needs at least one seed")
    return seeds


def cmd_sweep(argv):
    p = Parser(prog="simcore sweep",
                description="Run every combination of some rule values and compare each with a base variant "
                            "on common random numbers.")
    p.add_argument("game", help=f"game id: {', '.join(available_games())}")
    p.add_argument("--grid", required=True, metavar="GRID", action=JoinRepeatedGroups,
                   help="rule values to combine: 'field=v1,v2;field2=v3,v4' (or one --grid per field)")
    p.add_argument("--base", default="", metavar="RULES", action=JoinRepeated, help="the base variant: field=value,... "
                   "(default: the rulebook)")
    p.add_argument("-n", type=positive_int, default=10_000, help="games per cell and seed (default 10000)")
    p.add_argument("--seeds", default="0", action=JoinRepeated,
                   help="comma-separated seeds, the same for every cell (default 0)")
    p.add_argument("--metrics", default=None, action=JoinRepeated,
                   help="comma-separated metric names, each once (default: the game's default set; `simcore GAME "
                   "metrics` lists them)")
    p.add_argument("--setup", default="", metavar="KEY=VALUE,...", action=JoinRepeated,
                   help="who plays (the game's setup keys: `simcore GAME --help`), e.g. home=BOS,away=NYR")
    add_threads(p)
    add_format(p)
    p.add_argument("--out", default=None, metavar="FILE.parquet", type=_parquet_file,
                   help="also write the table to FILE.parquet (the name must end in .parquet; a folder, another "
                   "extension or none, and a file in a folder that does not exist are refused before anything runs)")
    p.add_argument("--force", action="store_true", help="replace an existing --out file")
    args = p.parse_args(argv)
    _check_game(args.game)
    grid = _grid_arg(args.grid)
    seeds = _seeds_arg(args.seeds)
    from simcore.games import game as find_game

    metrics = _metrics_arg(find_game(args.game), args.metrics)
    if args.out:
        refuse_overwrite(args.out, args.force)
    from simcore.analysis.sweep import sweep, to_parquet

    df = sweep(args.game, args.base, grid, args.n, seeds, metrics=metrics, setup=_setup_arg(args.setup),
               threads=args.threads, progress=None if args.format == "table" else False)
    if args.out:
        to_parquet(df, args.out, overwrite=args.force)
    if args.format == "json":
        a = df.attrs
        doc = {"game": a["game"], "base": a["base"], "n": a["n"], "seeds": a["seeds"], "grid": a["grid"],
               "setup": a["setup"], "rows": json.loads(df.to_json(orient="records"))}
        print(json.dumps(plain(doc), indent=2))
        return
    print(format_sweep(df))
    if args.out:
        print(f"\nwrote {args.out}")


def format_sweep(df, per_block: int = 3) -> str:
    """One row per cell (its swept fields, * marking the base) and per metric ``estimate [95% interval]``,
    in blocks of ``per_block`` metrics."""
    import pandas as pd

    a = df.attrs
    fields = list(a["grid"])
    seeds = f"seed {a['seeds'][0]}" if len(a["seeds"]) == 1 else f"seeds {', '.join(map(str, a['seeds']))}"
    lines = [f"{a['game']}: {counted(df.cell.nunique(), 'cell')} x {counted(a['n'], 'game')} x {seeds}, each "
             "against the base on common random numbers",
             f"  base {a['base']}"]
    if a.get("setup"):
        lines.append("  setup " + ", ".join(f"{k}={v}" for k, v in a["setup"].items()))
    lines.append("  * the base's own cell; cells differ from the base where the paired 95% interval of the "
                 "difference excludes 0 (!)")

    def cellfmt(r):
        if r.estimate != r.estimate:
            return "-"
        ci = "" if r.ci_low != r.ci_low else f" [{r.ci_low:.4f}, {r.ci_high:.4f}]"
        sig = " !" if r.diff_ci_low > 0 or r.diff_ci_high < 0 else ""
        return f"{r.estimate:.4f}{ci}{sig}"

    cells = df.drop_duplicates("cell").set_index("cell")
    metrics = list(dict.fromkeys(df.metric))
    for b in range(0, len(metrics), per_block):
        block = pd.DataFrame({"cell": [f"{c}{'*' if cells.loc[c, 'variant_id'] == a['base'] else ''}"
                                       for c in cells.index],
                              **{f: list(cells[f]) for f in fields}})
        for m in metrics[b:b + per_block]:
            sub = df[df.metric == m].set_index("cell")
            block[m] = [cellfmt(sub.loc[c]) for c in cells.index]
        lines += ["", block.to_string(index=False)]
    return "\n".join(lines)
