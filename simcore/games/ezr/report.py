"""EZR quick play on the command line: ``simcore ezr`` (a matchup, exact and simulated), ``simcore ezr period``,
``simcore ezr table``, ``simcore ezr demo``; and the report documents they print."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from simcore.cliargs import (JoinRepeated, UsageError, add_format, add_n, add_pbp, add_seed, add_threads, counted,
                             fixed, named, pbp_game, plain, plot_file, positive_int, print_json, refuse_overwrite,
                             refuse_overwrite_any, whole_number)
from simcore.cliargs import seed as seed_arg
from simcore.games.base import Command

from .charts import DEF_LETTERS, GOALIE_SO_LETTERS, SHOOTER_LETTERS, default_charts, load_charts
from .policies import ShufflePolicy

CHART_NAMES = ("ez_rating", "goals", "overtime", "qq", "shootout", "shooter_id")


def _ezr_value(text: str) -> int:
    try:
        value = whole_number(text)
    except argparse.ArgumentTypeError:
        value = None
    if value is None or not -7 <= value <= 10:
        raise argparse.ArgumentTypeError(f"expected a whole number from -7 to +10, got {text!r}")
    return value


def _common(p):
    p.add_argument("--no-qq-chart", action="store_true", help="play without the ?? chart (100 re-rolled as 1-99)")
    p.add_argument("--rules", default="", metavar="FIELD=VALUE,...", action=JoinRepeated,
                   help="rule fields, e.g. 'qq_unprinted=blank,shootout_undecided=tie' (see below)")
    p.add_argument("--chart", action="append", default=[], metavar="NAME=FILE",
                   help=f"replace a chart with your own file; NAME is one of {', '.join(CHART_NAMES)}")
    add_format(p)


def _rules(game, args):
    """The rule set of ``--rules`` and the flags that set one field each (``--no-qq-chart``, ``--overtime``,
    ``--shootout``); a flag and ``--rules`` setting the same field to different values is refused."""
    rules = game.rules(args.rules)
    flags = (("--no-qq-chart", "qq_chart", "off" if getattr(args, "no_qq_chart", False) else None),
             ("--overtime", "overtime", getattr(args, "overtime", None)),
             ("--shootout", "shootout", getattr(args, "shootout", None)))
    # what --rules sets, each field with the words that set it: its own field=value, or a preset naming it
    in_rules = {}
    for part in (s.strip() for s in args.rules.split(",")):
        if "=" in part:
            k, v = (x.strip() for x in part.split("=", 1))
            in_rules[k] = (v, f"{k}={v}")
        elif part in type(rules).PRESETS:
            for k, v in type(rules).PRESETS[part].items():
                in_rules.setdefault(k, (v, f"{part} (the preset sets {k}={v})"))
    for flag, field, value in flags:
        if value is None:
            continue
        if field in in_rules and in_rules[field][0] != value:
            shown = flag if flag == "--no-qq-chart" else f"{flag} {value}"
            raise UsageError(f"{shown} and --rules {in_rules[field][1]} contradict each other; give one")
        rules = rules.with_options(f"{field}={value}")
    return rules


def _charts(args, rules):
    if not args.chart:
        return default_charts(rules.qq_unprinted)
    files = {}
    for item in args.chart:
        if "=" not in item:
            raise UsageError(f"--chart {item!r} must be NAME=FILE with NAME one of {', '.join(CHART_NAMES)}")
        name, path = item.split("=", 1)
        if name not in CHART_NAMES:
            raise UsageError(f"--chart: unknown chart {name!r}; charts: {', '.join(CHART_NAMES)}")
        if name in files and files[name] != path:
            raise UsageError(f"--chart {name} is given twice ({name}={files[name]} and {name}={path}); "
                             "give each chart once")
        files[name] = path
    return load_charts(**files, qq_unprinted=rules.qq_unprinted)


# ---------------------------------------------------------------- simcore ezr (a matchup)

def _build_match(p):
    p.add_argument("--home", type=str, metavar="OFF/GDEF/SHOOTER/GSO",
                   help="home team, e.g. D/E/B/c, a sample team (BOS, NYR, ...: `simcore ezr teams`) or a team of "
                   "--teams FILE; default the setup's (BOS)")
    p.add_argument("--away", type=str, metavar="OFF/GDEF/SHOOTER/GSO", help="away team; default the setup's (NYR)")
    add_n(p, 100_000)
    add_seed(p)
    p.add_argument("--overtime", choices=("table", "none"), help="the overtime rule field (see below)")
    p.add_argument("--shootout", choices=("on", "off"), help="the shootout rule field (see below)")
    p.add_argument("--policy", default="expected", help="SHUFFLE LINES policy for both teams "
                   "(expected, keep, reroll, at-least-K)")
    _add_teams(p)
    add_threads(p)
    p.add_argument("--plot", metavar="FILE", type=plot_file, help="write the goal distributions (exact vs "
                   "simulated) to FILE (PNG, PDF, SVG; FILE.png without an extension)")
    p.add_argument("--force", action="store_true", help="replace an existing --plot file")
    add_pbp(p, "roll by roll instead of the matchup's odds")
    _common(p)


def _run_match(game, args):
    if args.pbp and args.plot:
        raise UsageError("--plot draws the matchup's goal distributions, not a --pbp game")
    pbp_game(args)
    rules = _rules(game, args)
    charts = _charts(args, rules)
    policy = ShufflePolicy(args.policy)
    sides = {k: v for k, v in (("home", args.home), ("away", args.away)) if v is not None}
    setup = game.setup({**sides, "home_policy": policy, "away_policy": policy,
                        "charts": charts if args.chart else None, "teams": args.teams})
    if args.pbp:
        lg = game.play_by_play(setup, args.seed, args.game_id, rules)
        if args.format == "json":
            title, *events = lg.text.splitlines()           # the matchup's line, then one line an event
            print_json({"game": "ezr", "seed": args.seed, "game_id": args.game_id, "variant": rules.id,
                        "policy": policy.name, "title": title, "result": plain(lg.result), "events": events})
        else:
            print(f"game {args.game_id} of seed {args.seed}; SHUFFLE LINES policy {policy.name}")
            print(lg.text)
        return
    if args.plot:
        refuse_overwrite(args.plot, args.force)
    ex = game.exact(setup, rules=rules)
    res = game.simulate(setup, n=args.n, seed=args.seed, rules=rules, mode="aggregate", threads=args.threads)
    report = matchup_report(ex, res)
    if args.plot:
        from simcore.outputs import save_figure

        from .plots import goals_figure

        fig = goals_figure(ex, res, labels=(f"home {setup.home.label}", f"away {setup.away.label}"))
        report["files"] = [str(save_figure(fig, args.plot, overwrite=args.force, dpi=110))]
    if args.format == "json":
        print_json(report)
    else:
        print(format_matchup(report))
        if args.plot:
            print(f"\nwrote {report['files'][0]}")


#: The metrics of ``simcore ezr``, exact and simulated side by side, in the order printed.
MATCHUP_METRICS = ("home_win", "away_win", "tie", "regulation_home_win", "regulation_away_win", "regulation_tie",
                   "decided_REG", "decided_OT", "decided_SO", "home_goals_mean", "away_goals_mean")
#: Keys of earlier releases still written (for one release) in ``exact`` and ``mc``: old path -> new key.
NESTED_KEYS = {"regulation.home_win": "regulation_home_win", "regulation.away_win": "regulation_away_win",
               "regulation.tie": "regulation_tie", "decided_in.REG": "decided_REG", "decided_in.OT": "decided_OT",
               "decided_in.SO": "decided_SO"}


def _flat(ex) -> dict:
    """The exact figures of a matchup under the metric names."""
    d = ex.to_dict()
    out = {m: d[m] for m in ("home_win", "away_win", "tie", "home_goals_mean", "away_goals_mean")}
    for old, new in NESTED_KEYS.items():
        group, key = old.split(".")
        out[new] = d[group][key]
    return {m: out[m] for m in MATCHUP_METRICS}


def _nested(flat: dict) -> dict:
    """The ``regulation`` and ``decided_in`` objects of earlier releases, from the metric names."""
    out: dict = {}
    for old, new in NESTED_KEYS.items():
        group, key = old.split(".")
        out.setdefault(group, {})[key] = flat[new]
    return out


def matchup_report(ex, res) -> dict:
    """The JSON document of ``simcore ezr``: exact and Monte Carlo figures side by side, each under its metric
    name (``simcore ezr metrics``); ``mc.ci95`` holds the 95% intervals.  ``deprecated_keys`` maps the nested
    keys of earlier releases, still written for one release, to their names."""
    s = res.summary().set_index("metric")
    exact = _flat(ex)
    mc = {"n": res.n, **{m: float(s.loc[m, "estimate"]) for m in MATCHUP_METRICS}}
    mc["ci95"] = {m: [float(s.loc[m, "ci_low"]), float(s.loc[m, "ci_high"])] for m in MATCHUP_METRICS}
    meta = res.meta
    return {
        "home": {"team": meta["home_name"], "ratings": meta["home"]},
        "away": {"team": meta["away_name"], "ratings": meta["away"]},
        "ezr": dict(meta["ezr"]),
        "variant": meta["variant"], "seed": meta["seed"], "version": meta["version"],
        "policies": dict(zip(("home", "away"), meta["policies"])),
        "charts": {name: _chart_source(p["file"]) for name, p in meta["charts"].items()},
        "exact": {**exact, **_nested(exact)},
        "mc": {**mc, **_nested(mc)},
        "deprecated_keys": {f"{part}.{old}": f"{part}.{new}" for part in ("exact", "mc")
                            for old, new in NESTED_KEYS.items()},
    }


def _chart_source(path) -> str:
    """A chart file as a run's document names it: ``shipped`` for the package's own, else the path as given."""
    from .charts import data_path

    return "shipped" if Path(path) == data_path(Path(path).name) else str(path)


def _matchup_labels(r: dict) -> dict:
    """A matchup document's (:func:`matchup_report`) sides, SHUFFLE LINES policy and charts as text, for the
    terminal's table and the demo's page alike."""
    def side(s):
        x = r["ezr"][s]
        return f"{r[s]['team']} ({r[s]['ratings']}, EZR {f'{x:+d}' if x else '0'})"

    pol = r["policies"]
    own = {k: v for k, v in r["charts"].items() if v != "shipped"}
    return {"home": side("home"), "away": side("away"),
            "policy": pol["home"] if pol["home"] == pol["away"] else f"home {pol['home']}; away {pol['away']}",
            "charts": ", ".join(f"{k} {v}" for k, v in own.items()) + " (the others shipped)" if own else "shipped"}


def format_matchup(r: dict) -> str:
    e, m = r["exact"], r["mc"]
    lab = _matchup_labels(r)
    out = [
        f"EZR quick play  home {lab['home']}  vs  away {lab['away']}",
        f"rules {r['variant']}",
        f"SHUFFLE LINES policy {lab['policy']}",
        f"charts {lab['charts']}",
        f"simulated {counted(m['n'], 'game')}, seed {r['seed']}",
        "",
        f"{'metric':24}{'exact':>9}{'simulated':>11}   95% interval",
    ]
    for key in MATCHUP_METRICS:
        lo, hi = m["ci95"][key]
        out.append(f"{key:24}{e[key]:9.4f}{fixed(m[key]):>11}   [{fixed(lo)}, {fixed(hi)}]")
    return "\n".join(out)


# ---------------------------------------------------------------- teams: simcore ezr teams, --teams FILE

def _add_teams(p):
    p.add_argument("--teams", type=named, metavar="FILE", default=None,
                   help="a teams file (CSV: team,OFF,GDEF,SHOOTER,GSO; docs/ezr.md) whose team names --home and "
                        "--away may give; sample team names still work")


def _build_teams(p):
    p.add_argument("--teams", type=named, metavar="FILE", default=None,
                   help="list the teams of this teams file instead of the sample teams")
    add_format(p)


def _run_teams(game, args):
    from .matchup import load_teams, sample_teams

    teams = load_teams(args.teams) if args.teams else sample_teams()
    rows = [{"team": name, "OFF": s.team.off, "GDEF": s.team.gdef, "SHOOTER": s.team.shooter, "GSO": s.team.gso,
             "season": s.season, "source": s.source} for name, s in teams.items()]
    if args.format == "json":
        print_json({"file": args.teams or "sample", "teams": rows})
        return
    print(f"{'teams of ' + args.teams if args.teams else 'sample teams'} (--home/--away NAME; "
          "OFF team offense, GDEF goalie DEF, SHOOTER shootout shooter, GSO goalie shootout)")
    cols = ["team", "OFF", "GDEF", "SHOOTER", "GSO", "season", "source"]
    widths = {c: max(len(c), *(len(r[c]) for r in rows)) for c in cols}
    print("  ".join(c.ljust(widths[c]) for c in cols).rstrip())
    for r in rows:
        print("  ".join(r[c].ljust(widths[c]) for c in cols).rstrip())


# ---------------------------------------------------------------- simcore ezr period

def _build_period(p):
    p.add_argument("--ezr", type=_ezr_value, required=True, help="EZR line, -7 .. +10")
    p.add_argument("--period", type=whole_number, choices=(1, 2, 3), default=1,
                   help="which period (1-3; the ?? chart differs by period), default 1")
    p.add_argument("--goalie-def", default="E", help="opposing goalie DEF letter (HOT GOALIE), default E")
    p.add_argument("--shooter", default="C", help="own shootout shooter rating A-E (BREAKAWAY), default C")
    p.add_argument("--goalie-so", default="c", help="opposing goalie shootout rating a-e (BREAKAWAY), default c")
    p.add_argument("--policy", default="expected", help="SHUFFLE LINES policy (expected, keep, reroll, "
                   "at-least-K), default expected")
    _common(p)


def _run_period(game, args):
    from .engine import exact_period

    for value, allowed, flag in ((args.goalie_def, DEF_LETTERS, "--goalie-def"),
                                 (args.shooter, SHOOTER_LETTERS, "--shooter"),
                                 (args.goalie_so, GOALIE_SO_LETTERS, "--goalie-so")):
        if value not in allowed:
            raise UsageError(f"{flag} {value!r} is not one of {', '.join(allowed)}")
    rules = _rules(game, args)
    charts = _charts(args, rules)
    dist = exact_period(args.ezr, rules, period=args.period, goalie_def=args.goalie_def, shooter=args.shooter,
                        goalie_so=args.goalie_so, charts=charts, policy=args.policy)
    last = max(i for i, v in enumerate(dist) if v > 0)
    goals = {str(g): float(dist[g]) for g in range(last + 1)}
    mean = float(sum(g * p for g, p in enumerate(dist)))
    if args.format == "json":
        print_json({"ezr": args.ezr, "period": args.period, "variant": rules.id, "goals": goals, "mean": mean})
    else:
        print(f"EZR {args.ezr:+d}, period {args.period}, {rules.id}")
        for g, v in goals.items():
            print(f"  {g:>2} {'goal ' if g == '1' else 'goals'}  {v:.6f}")
        print(f"  mean     {mean:.6f}  ({3 * mean:.3f} per game at this rate)")


# ---------------------------------------------------------------- simcore ezr table

def _run_table(game, args):
    rules = _rules(game, args)
    charts = _charts(args, rules)
    if args.format == "json":
        out = {}
        for name, t in charts.tables.items():
            out[name] = {"file": t.path, "sha256": t.sha256,
                         "rows": {k: {c: {"value": cell.text, "source": cell.source} for c, cell in cols.items()}
                                  for k, cols in t.rows.items()}}
        print(json.dumps(out, indent=2))
        return
    print(format_tables(charts))


def format_tables(charts) -> str:
    titles = {"ez_rating": "EZ Rating table (TEAM OFF x GOALIE DEF)", "goals": "Goals Scored table",
              "overtime": "Overtime table (home team's line)", "qq": "?? chart",
              "shootout": "Shoot Out table (SHOOTER x GOALTENDER)", "shooter_id": "Shooter ID table"}
    out = ["Cells marked * are reconstructed (not printed in the rulebook); see docs/ezr.md.", ""]
    for name, t in charts.tables.items():
        out.append(f"{titles[name]}  [{t.path}]")
        header = [t.key_column, *t.columns]
        rows = []
        for k, cols in t.rows.items():
            rows.append([k] + [c.text + ("*" if c.source.startswith("reconstructed") else "") for c in cols.values()])
        widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
        out.append("  ".join(h.ljust(w) for h, w in zip(header, widths)))
        for r in rows:
            out.append("  ".join(str(x).ljust(w) for x, w in zip(r, widths)))
        srcs = sorted({c.source for cols in t.rows.values() for c in cols.values()})
        out.append("sources: " + "; ".join(srcs))
        out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------- simcore ezr demo (the main demo)

def _build_demo(p):
    p.add_argument("--out", type=named, default="out/demo",
                   help="folder for the report and plot (default out/demo); its "
                   "manifest.json, written last, lists them")
    p.add_argument("--force", action="store_true", help="replace the demo's files in the folder if they exist")
    p.add_argument("-n", type=positive_int, default=200_000, help="games to simulate (default 200000)")
    p.add_argument("--seed", type=seed_arg, default=2019, help="random seed (default 2019)")
    p.add_argument("--home", default="BOS", help="home team (default BOS)")
    p.add_argument("--away", default="NYR", help="away team (default NYR)")
    _add_teams(p)


def _run_demo(game, args):
    refuse_overwrite_any(args.out, (*DEMO_FILES, "manifest.json"), args.force)
    print(run_demo(game, Path(args.out), home=args.home, away=args.away, n=args.n, seed=args.seed,
                   teams=args.teams, overwrite=args.force))


#: The files ``simcore demo`` writes (and its manifest.json, last).
DEMO_FILES = ("ezr_goals.png", "ezr_report.md", "ezr_report.json")


def run_demo(game, out: Path, *, home: str = "BOS", away: str = "NYR", n: int = 200_000, seed: int = 2019,
             teams=None, overwrite: bool = False) -> str:
    """Exact and simulated odds side by side, a goal-distribution plot, written under ``out``.

    Writes ``ezr_report.md``, ``ezr_report.json`` and ``ezr_goals.png``, then ``manifest.json``
    (:class:`simcore.outputs.Folder`); refuses (FileExistsError) when one of them exists, unless ``overwrite``,
    and even then (InputError) a folder whose manifest lists a file the demo does not write (another command's
    output).  Returns the report text.
    """
    from simcore.outputs import Folder

    from .plots import goals_figure

    setup = game.setup({"home": home, "away": away, "teams": teams})
    h, a = setup.home, setup.away
    folder = Folder(out, DEMO_FILES, overwrite=overwrite)
    ex = game.exact(setup)
    res = game.simulate(setup, n=n, seed=seed, mode="aggregate")
    report = matchup_report(ex, res)
    plain = game.exact(setup, rules="qq_chart=off")
    fig = goals_figure(ex, res, labels=(f"home {h.label}", f"away {a.label}"))
    png = out / DEMO_FILES[0]
    cells = sum(len(v["reconstructed"]) for v in res.meta["charts"].values())
    plain_text = (f"home win {plain.result['home']:.4f}, away win {plain.result['away']:.4f}, "
                  f"home goals {plain.home_goals_mean:.3f}, away goals {plain.away_goals_mean:.3f}")
    page = demo_page(report, game, plain_text, cells, fig)
    with folder:
        folder.figure(png.name, fig, dpi=110)
        folder.text("ezr_report.md", page.markdown(lambda f: png.name))
        folder.text("ezr_report.json", json.dumps(report, indent=2))
    return (f"{format_matchup(report)}\n\nWithout the ?? chart (exact): {plain_text}.\n"
            f"Reconstructed chart cells in use: {cells} (see `simcore ezr table` and docs/ezr.md).\n\n"
            f"wrote {out / 'ezr_report.md'}, {out / 'ezr_report.json'}, {png} and {out / 'manifest.json'} "
            "(every file's size and sha256)\n")


def demo_page(r: dict, game, plain_text: str, cells: int, figure):
    """The demo's report (:func:`matchup_report`'s document ``r``) as a :class:`simcore.sharing.Report`: the
    matchup and run as facts, each metric's exact and simulated value with its 95% interval and whether the
    interval holds the exact value, the exact figures without the ?? chart (``plain_text``), the count of
    reconstructed chart cells in use and the goals ``figure``."""
    import pandas as pd

    from simcore.htmlview import Table
    from simcore.sharing import Figure, Report

    e, m = r["exact"], r["mc"]
    lab = _matchup_labels(r)
    facts = {"Home": lab["home"], "Away": lab["away"], "Rules": r["variant"], "SHUFFLE LINES policy": lab["policy"],
             "Charts": lab["charts"], "Games simulated": f"{m['n']:,}", "Seed": str(r["seed"]),
             "simcore": r["version"]}
    inside = [m["ci95"][k][0] <= e[k] <= m["ci95"][k][1] for k in MATCHUP_METRICS]
    table = pd.DataFrame({"Metric": list(MATCHUP_METRICS),
                          "What it is": [game.metrics[k].doc if k in game.metrics else "" for k in MATCHUP_METRICS],
                          "Exact": [f"{e[k]:.4f}" for k in MATCHUP_METRICS],
                          "Simulated": [fixed(m[k]) for k in MATCHUP_METRICS],
                          "95% interval": [f"[{fixed(m['ci95'][k][0])}, {fixed(m['ci95'][k][1])}]"
                                           for k in MATCHUP_METRICS],
                          "Exact inside": ["yes" if x else "no" for x in inside]})
    page = Report(f"EZR quick play: matchup report, {r['home']['team']} at home to {r['away']['team']}", facts)
    page.blocks += [
        ("h2", "Exact odds and the simulation"),
        ("p", "Exact: computed from the charts' dice probabilities, period by period, with no sampling. Simulated: "
              f"{m['n']:,} games played by the game kernel, with 95% intervals (Wilson for shares, normal for the "
              f"goal means). The exact value lies inside its interval for {sum(inside)} of the {len(inside)} "
              "metrics; each interval misses the true value 1 time in 20 by chance, and these metrics move "
              "together (a game that goes past regulation counts in several)."),
        Table(table, numeric=("Exact", "Simulated", "95% interval")),
        ("p", f"Without the ?? chart (exact): {plain_text}."),
        ("note", f"Reconstructed chart cells in use: {cells} (cells the rulebook does not print; see `simcore ezr "
                 "table` and docs/ezr.md)."),
        ("h2", "Goals per game"),
        Figure("goals", figure, "Each side's goals in a game: the exact probabilities (bars) and the simulated "
                                "shares (points)."),
    ]
    return page


COMMANDS = (
    Command("", "exact and simulated odds of a matchup", _build_match, _run_match,
            "simcore ezr --home BOS --away D/E/B/c -n 100000 --seed 1 --no-qq-chart"),
    Command("teams", "the sample teams, or a teams file's (--teams FILE)", _build_teams, _run_teams,
            "simcore ezr teams --teams my_teams.csv"),
    Command("period", "the exact goal distribution of one period on an EZR line", _build_period, _run_period,
            "simcore ezr period --ezr 0 --format json"),
    Command("table", "the charts in effect, with the provenance of every cell", _common, _run_table,
            "simcore ezr table --chart goals=my_goals.csv"),
    Command("demo", "the main demo: a matchup report written to a folder", _build_demo, _run_demo,
            "simcore ezr demo --out out/demo"),
)
