"""Command line: ``simcore <game> ...`` (``ezr``, ``strat``, ``pyramid``), ``simcore demo``.

Bad input prints one line (``simcore: error: ...``) and exits with status 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

EXIT_USAGE = 2


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2
        raise UsageError(f"{self.prog}: {message}")


def _positive_int(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v <= 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {v}")
    return v


def _seed(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= v < 2**64:
        raise argparse.ArgumentTypeError(f"must be in 0 .. 2**64-1, got {v}")
    return v


def _ezr_value(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number from -7 to +10, got {text!r}") from None


# ------------------------------------------------------------------ ezr

CHART_NAMES = ("ez_rating", "goals", "overtime", "qq", "shootout", "shooter_id")


def _ezr_common(p):
    p.add_argument("--no-qq-chart", action="store_true", help="play without the ?? chart (100 re-rolled as 1-99)")
    p.add_argument("--rules", default="", metavar="FIELD=VALUE,...",
                   help="rule fields, e.g. 'qq_unprinted=blank,shootout_undecided=tie'")
    p.add_argument("--chart", action="append", default=[], metavar="NAME=FILE",
                   help=f"replace a chart with your own file; NAME is one of {', '.join(CHART_NAMES)}")
    p.add_argument("--format", choices=("table", "json"), default="table")


def _ezr_rules(args):
    from simcore.games.ezr import Rules

    rules = Rules().with_options(args.rules)
    if getattr(args, "no_qq_chart", False):
        rules = rules.with_options("qq_chart=off")
    if getattr(args, "overtime", None):
        rules = rules.with_options(f"overtime={args.overtime}")
    if getattr(args, "shootout", None):
        rules = rules.with_options(f"shootout={args.shootout}")
    return rules


def _ezr_charts(args, rules):
    from simcore.games.ezr import default_charts, load_charts

    if not args.chart:
        return default_charts(rules.qq_unprinted)
    files = {}
    for item in args.chart:
        if "=" not in item:
            raise UsageError(f"--chart {item!r} must be NAME=FILE with NAME one of {', '.join(CHART_NAMES)}")
        name, path = item.split("=", 1)
        if name not in CHART_NAMES:
            raise UsageError(f"--chart: unknown chart {name!r}; charts: {', '.join(CHART_NAMES)}")
        files[name] = path
    return load_charts(**files, qq_unprinted=rules.qq_unprinted)


def _team_arg(text: str):
    from simcore.games.ezr import Team, sample_teams

    samples = sample_teams()
    if text in samples:
        return samples[text].team
    return Team.parse(text)


def _refuse_overwrite(path: str, force: bool):
    if Path(path).exists() and not force:
        raise UsageError(f"{path} exists; pass --force to replace it")


def cmd_ezr_match(argv):
    p = _Parser(prog="simcore ezr", description="EZR quick play: exact and simulated odds of a matchup.")
    p.add_argument("--home", required=True, type=str, metavar="OFF/GDEF/SHOOTER/GSO",
                   help="home team, e.g. D/E/B/c, or a sample team (BOS, NYR, ...)")
    p.add_argument("--away", required=True, type=str, metavar="OFF/GDEF/SHOOTER/GSO")
    p.add_argument("-n", type=_positive_int, default=100_000, help="games to simulate (default 100000)")
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--overtime", choices=("table", "none"))
    p.add_argument("--shootout", choices=("on", "off"))
    p.add_argument("--policy", default="expected", help="SHUFFLE LINES policy for both teams "
                   "(expected, keep, reroll, at-least-K)")
    p.add_argument("--threads", type=_positive_int)
    p.add_argument("--plot", metavar="FILE", help="write the goal distributions (exact vs simulated) to FILE")
    p.add_argument("--force", action="store_true", help="replace an existing --plot file")
    _ezr_common(p)
    args = p.parse_args(argv)
    from simcore.games import ezr

    rules = _ezr_rules(args)
    charts = _ezr_charts(args, rules)
    home, away = _team_arg(args.home), _team_arg(args.away)
    if args.plot:
        _refuse_overwrite(args.plot, args.force)
    policy = ezr.ShufflePolicy(args.policy)
    ex = ezr.exact(home, away, rules, charts=charts, policies=policy)
    res = ezr.simulate(home, away, n=args.n, seed=args.seed, rules=rules, charts=charts, policies=policy,
                       mode="aggregate", threads=args.threads)
    report = matchup_report(ex, res)
    if args.plot:
        from simcore.games.ezr.plots import goals_figure

        goals_figure(ex, res, labels=(f"home {home.label}", f"away {away.label}")).savefig(args.plot, dpi=110)
    if args.format == "json":
        print(json.dumps(report, indent=2))
    else:
        print(format_matchup(report))


def matchup_report(ex, res) -> dict:
    """The JSON document of ``simcore ezr``: exact and Monte Carlo figures side by side."""
    s = res.summary().set_index("metric")

    def est(m):
        return float(s.loc[m, "estimate"])

    def ci(m):
        return [float(s.loc[m, "ci_low"]), float(s.loc[m, "ci_high"])]

    mc = {
        "n": res.n,
        "home_win": est("home_win"), "away_win": est("away_win"), "tie": est("tie"),
        "regulation": {"home_win": est("regulation_home_win"), "away_win": est("regulation_away_win"),
                       "tie": est("regulation_tie")},
        "decided_in": {d: est(f"decided_{d}") for d in ("REG", "OT", "SO")},
        "home_goals_mean": est("home_goals_mean"), "away_goals_mean": est("away_goals_mean"),
        "ci95": {m: ci(m) for m in ("home_win", "away_win", "tie", "regulation_home_win", "regulation_away_win",
                                    "regulation_tie", "decided_REG", "decided_OT", "decided_SO",
                                    "home_goals_mean", "away_goals_mean")},
    }
    meta = res.meta
    return {
        "home": {"team": meta["home_name"], "ratings": meta["home"]},
        "away": {"team": meta["away_name"], "ratings": meta["away"]},
        "ezr": dict(meta["ezr"]),
        "variant": meta["variant"], "seed": meta["seed"], "version": meta["version"],
        "exact": ex.to_dict(),
        "mc": mc,
    }


def format_matchup(r: dict) -> str:
    e, m = r["exact"], r["mc"]
    rows = [
        ("home win", e["home_win"], m["home_win"], "home_win"),
        ("away win", e["away_win"], m["away_win"], "away_win"),
        ("tie", e["tie"], m["tie"], "tie"),
        ("regulation: home win", e["regulation"]["home_win"], m["regulation"]["home_win"], "regulation_home_win"),
        ("regulation: away win", e["regulation"]["away_win"], m["regulation"]["away_win"], "regulation_away_win"),
        ("regulation: tie", e["regulation"]["tie"], m["regulation"]["tie"], "regulation_tie"),
        ("decided in regulation", e["decided_in"]["REG"], m["decided_in"]["REG"], "decided_REG"),
        ("decided in overtime", e["decided_in"]["OT"], m["decided_in"]["OT"], "decided_OT"),
        ("decided by shootout", e["decided_in"]["SO"], m["decided_in"]["SO"], "decided_SO"),
        ("home goals per game", e["home_goals_mean"], m["home_goals_mean"], "home_goals_mean"),
        ("away goals per game", e["away_goals_mean"], m["away_goals_mean"], "away_goals_mean"),
    ]

    def sgn(x):
        return f"{x:+d}" if x else "0"

    out = [
        f"EZR quick play  home {r['home']['team']} ({r['home']['ratings']}, EZR {sgn(r['ezr']['home'])})"
        f"  vs  away {r['away']['team']} ({r['away']['ratings']}, EZR {sgn(r['ezr']['away'])})",
        f"rules {r['variant']}",
        f"simulated {m['n']:,} games, seed {r['seed']}",
        "",
        f"{'':24}{'exact':>9}{'simulated':>11}   95% interval",
    ]
    for label, ex, mc, key in rows:
        lo, hi = m["ci95"][key]
        out.append(f"{label:24}{ex:9.4f}{mc:11.4f}   [{lo:.4f}, {hi:.4f}]")
    return "\n".join(out)


def cmd_ezr_period(argv):
    p = _Parser(prog="simcore ezr period", description="Exact goal distribution of one period on an EZR line.")
    p.add_argument("--ezr", type=_ezr_value, required=True, help="EZR line, -7 .. +10")
    p.add_argument("--period", type=int, choices=(1, 2, 3), default=1)
    p.add_argument("--goalie-def", default="E", help="opposing goalie DEF letter (HOT GOALIE), default E")
    p.add_argument("--shooter", default="C", help="own shootout shooter rating A-E (BREAKAWAY), default C")
    p.add_argument("--goalie-so", default="c", help="opposing goalie shootout rating a-e (BREAKAWAY), default c")
    p.add_argument("--policy", default="expected")
    _ezr_common(p)
    args = p.parse_args(argv)
    from simcore.games import ezr
    from simcore.games.ezr.charts import DEF_LETTERS, GOALIE_SO_LETTERS, SHOOTER_LETTERS

    for value, allowed, flag in ((args.goalie_def, DEF_LETTERS, "--goalie-def"),
                                 (args.shooter, SHOOTER_LETTERS, "--shooter"),
                                 (args.goalie_so, GOALIE_SO_LETTERS, "--goalie-so")):
        if value not in allowed:
            raise UsageError(f"{flag} {value!r} is not one of {', '.join(allowed)}")
    rules = _ezr_rules(args)
    charts = _ezr_charts(args, rules)
    dist = ezr.exact_period(args.ezr, rules, period=args.period, goalie_def=args.goalie_def, shooter=args.shooter,
                            goalie_so=args.goalie_so, charts=charts, policy=args.policy)
    last = max(i for i, v in enumerate(dist) if v > 0)
    goals = {str(g): float(dist[g]) for g in range(last + 1)}
    mean = float(sum(g * p for g, p in enumerate(dist)))
    if args.format == "json":
        print(json.dumps({"ezr": args.ezr, "period": args.period, "variant": rules.id, "goals": goals,
                          "mean": mean}, indent=2))
    else:
        print(f"EZR {args.ezr:+d}, period {args.period}, {rules.id}")
        for g, v in goals.items():
            print(f"  {g:>2} goals  {v:.6f}")
        print(f"  mean     {mean:.6f}  ({3 * mean:.3f} per game at this rate)")


def cmd_ezr_table(argv):
    p = _Parser(prog="simcore ezr table", description="Print the effective EZR charts with provenance.")
    _ezr_common(p)
    args = p.parse_args(argv)
    rules = _ezr_rules(args)
    charts = _ezr_charts(args, rules)
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


def cmd_ezr(argv):
    if argv and argv[0] == "period":
        return cmd_ezr_period(argv[1:])
    if argv and argv[0] == "table":
        return cmd_ezr_table(argv[1:])
    return cmd_ezr_match(argv)


# ------------------------------------------------------------------ strat

STRAT_TABLES = ("games", "team_games", "teams", "players", "goalies")


def _strat_kit(spec):
    """A kit folder (or kit.toml), or ``sample`` / None for the shipped synthetic kit."""
    from simcore.games.strat.kit import load_kit, sample_kit

    if spec is None or spec == "sample":
        return sample_kit()
    return load_kit(spec)


def _jsonable(df) -> list[dict]:
    """Rows of a frame as plain JSON values (NaN becomes null)."""
    return json.loads(df.to_json(orient="records"))


def cmd_strat_teams(argv):
    p = _Parser(prog="simcore strat teams", description="List the teams of a Strat-O-Matic Hockey kit.")
    p.add_argument("--kit", metavar="DIR", help="kit folder (holding kit.toml); default: the shipped sample kit")
    p.add_argument("--format", choices=("table", "json"), default="table")
    args = p.parse_args(argv)
    kit = _strat_kit(args.kit)
    rows = []
    for abbr, t in kit.teams.items():
        ln = t.lines
        rows.append({"team": abbr, "name": t.name, "skaters": len(t.skaters), "goalies": len(t.goalies),
                     "starter": ln.goalies[0], "backup": ln.goalies[1],
                     "forward_lines": len(ln.forwards), "defense_pairs": len(ln.defense)})
    if args.format == "json":
        print(json.dumps({"kit": kit.name, "path": kit.path, "synthetic": kit.synthetic, "teams": rows}, indent=2))
        return
    print(f"{kit.name}{' (synthetic)' if kit.synthetic else ''}: {len(rows)} teams  [{kit.path}]")
    w = max(len(r["name"]) for r in rows)
    print(f"{'team':<5} {'name':<{w}}  {'skaters':>7}  {'lines':>5}  {'pairs':>5}  goalies (starter / backup)")
    for r in rows:
        print(f"{r['team']:<5} {r['name']:<{w}}  {r['skaters']:>7}  {r['forward_lines']:>5}  {r['defense_pairs']:>5}  "
              f"{r['starter']} / {r['backup']}")


def cmd_strat_play(argv):
    p = _Parser(prog="simcore strat",
                description="Strat-O-Matic Hockey, Basic game: simulate one matchup or a kit's round robin.")
    p.add_argument("home", nargs="?", help="home team abbreviation (see `simcore strat teams`)")
    p.add_argument("away", nargs="?", help="away team abbreviation")
    p.add_argument("--league", metavar="KIT", help="play the round robin of every ordered pair of a kit's teams "
                   "instead of one matchup: 'sample' (the shipped kit) or a kit folder")
    p.add_argument("-n", type=_positive_int, default=5600, help="games to simulate (default 5600)")
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--rules", default="", metavar="FIELD=VALUE,...",
                   help="rule fields, e.g. 'goalie_fatigue=off,lines=4' (see docs/strat.md)")
    p.add_argument("--coach", default="", metavar="POLICY=VALUE,...",
                   help="coaching policies for both teams, e.g. 'penetrate=always,pull_goalie=never'")
    p.add_argument("--kit", metavar="DIR", help="kit folder (holding kit.toml); default: the shipped sample kit")
    p.add_argument("--threads", type=_positive_int)
    p.add_argument("--pbp", action="store_true", help="print the play-by-play of one game instead of the tables")
    p.add_argument("--game", type=int, default=0, metavar="G",
                   help="with --pbp: which game of the run (default 0; the same game -n/--seed simulate)")
    p.add_argument("--out", metavar="DIR", help="write the games, team_games, teams, players and goalies tables "
                   "as parquet files to DIR")
    p.add_argument("--force", action="store_true", help="replace existing --out files")
    p.add_argument("--format", choices=("table", "json"), default="table")
    args = p.parse_args(argv)
    from simcore.games.strat import engine
    from simcore.games.strat.policies import Coach
    from simcore.games.strat.rules import Rules

    league = args.league is not None
    if league:
        if args.home or args.away:
            raise UsageError("name HOME AWAY or --league, not both")
        if args.kit and args.league != args.kit:
            raise UsageError("--league names the kit; leave out --kit (or pass the same folder)")
    elif not (args.home and args.away):
        raise UsageError("name a HOME and an AWAY team (see `simcore strat teams`), or pass --league sample")
    if args.game < 0:
        raise UsageError(f"--game must be 0 or more, got {args.game}")
    rules = Rules().with_options(args.rules)
    coach = Coach.parse(args.coach)
    kit = _strat_kit(args.league if league else args.kit)
    c = engine.compiled(kit, rules)  # checks the line-ups against the rules and the team names below
    home, away = (None, None) if league else (args.home, args.away)
    if not league:
        engine.schedule(c, home, away, 1)

    if args.pbp:
        if league:
            h, a = engine.schedule(c, n=args.game + 1, league=True)
            home, away = c.teams[int(h[-1])], c.teams[int(a[-1])]
        log = engine.play_by_play(home, away, seed=args.seed, game=args.game, rules=rules, kit=kit, coaches=coach)
        _print_pbp(log, args, rules, coach, kit)
        return

    paths = []
    if args.out:
        out = Path(args.out)
        if out.exists() and not out.is_dir():
            raise UsageError(f"--out {out} is a file, not a folder")
        paths = [out / f"{t}.parquet" for t in STRAT_TABLES]
        for path in paths:
            _refuse_overwrite(str(path), args.force)
    res = engine.simulate(home, away, n=args.n, seed=args.seed, rules=rules, kit=kit, league=league, coaches=coach,
                          threads=args.threads)
    if paths:
        paths[0].parent.mkdir(parents=True, exist_ok=True)
        for t, path in zip(STRAT_TABLES, paths):
            res.to_parquet(path, t, overwrite=True)
    report = strat_report(res)
    if paths:
        report["files"] = [str(p) for p in paths]
    if args.format == "json":
        print(json.dumps(report, indent=2))
    else:
        print(format_strat(report, res))


def strat_report(res) -> dict:
    """The JSON document of ``simcore strat``: the league metrics with 95% intervals and the team table."""
    from simcore.games.strat.analysis import league_json

    m = res.meta
    return {
        "game": "strat", "n": res.n, "seed": m["seed"], "variant": m["variant"], "kit": m["kit"],
        "mode": "league" if m["league"] else "matchup", "home": m["home"], "away": m["away"],
        "coaches": {"home": m["coaches"][0], "away": m["coaches"][1]}, "version": m["version"],
        "league": league_json(res),
        "teams": _jsonable(res.table("teams")),
    }


def _pct(x) -> str:
    return "   -  " if x != x else f"{100 * x:5.1f}%"


def format_strat(r: dict, res) -> str:
    teams = res.table("teams")
    if r["mode"] == "league":
        k = len(teams)
        pairs = k * (k - 1)
        title = f"round robin of {k} teams ({pairs} ordered pairings)"
        if r["n"] % pairs:
            title += f"; {r['n']:,} is not a multiple of {pairs}, so pairings are played unevenly"
    else:
        title = f"home {r['home']} vs away {r['away']}"
    out = [f"Strat-O-Matic Hockey Basic: {title}",
           f"kit {r['kit']}; rules {r['variant']}",
           "coach " + (r["coaches"]["home"] if r["coaches"]["home"] == r["coaches"]["away"]
                       else f"home {r['coaches']['home']}; away {r['coaches']['away']}"),
           f"simulated {r['n']:,} games, seed {r['seed']}", ""]
    ties = teams["ties"].sum() > 0
    rec = "W-L-OTL-T" if ties else "W-L-OTL"
    out.append(f"{'team':<6}{'GP':>7}  {rec:<19}{'PTS':>7}{'GF/G':>7}{'GA/G':>7}{'SH/G':>7}{'SA/G':>7}"
               f"{'PP%':>8}{'PK%':>8}{'SV%':>8}")
    for t in teams.itertuples():
        wl = f"{t.wins}-{t.losses}-{t.ot_losses}" + (f"-{t.ties}" if ties else "")
        out.append(f"{t.team:<6}{t.games:>7}  {wl:<19}{t.points:>7}{t.goals_per_game:7.2f}"
                   f"{t.goals_against_per_game:7.2f}{t.shots_per_game:7.1f}{t.shots_against / t.games:7.1f}"
                   f"{_pct(t.pp_pct):>8}{_pct(t.pk_pct):>8}{t.save_pct:8.3f}")
    out += ["", f"{'all games (per team per game; rates)':<36}{'estimate':>10}   95% interval"]
    for row in res.summary().itertuples():
        out.append(f"{row.metric:<36}{row.estimate:10.4f}   [{row.ci_low:.4f}, {row.ci_high:.4f}]")
    if r.get("files"):
        out += ["", "wrote " + ", ".join(r["files"])]
    return "\n".join(out)


def _print_pbp(log, args, rules, coach, kit):
    if args.format == "json":
        print(json.dumps({"game": "strat", "seed": args.seed, "game_index": args.game, "variant": rules.id,
                          "kit": kit.name, "coaches": coach.id, "home": log.home, "away": log.away,
                          "home_goals": log.home_goals, "away_goals": log.away_goals, "winner": log.winner,
                          "decided_in": log.decided_in, "events": _jsonable(log.events)}, indent=2))
        return
    print(f"Strat-O-Matic Hockey Basic: game {args.game} of seed {args.seed}, home {log.home} vs away {log.away}")
    print(f"kit {kit.name}; rules {rules.id}; coach {coach.id}")
    print()
    print(log.text())
    print()
    print(f"final: {log.home} {log.home_goals}, {log.away} {log.away_goals} "
          f"({log.winner} {'win' if log.winner != 'tie' else ''}, {log.decided_in})".replace(" ,", ","))


def cmd_strat(argv):
    if argv and argv[0] == "teams":
        return cmd_strat_teams(argv[1:])
    return cmd_strat_play(argv)


# ------------------------------------------------------------------ pyramid

def _plain(obj):
    """A JSON-safe copy: numpy scalars and arrays as Python values, NaN and infinities as null."""
    import math

    import numpy as np

    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    if isinstance(obj, np.ndarray):
        return [_plain(v) for v in obj.tolist()]
    if isinstance(obj, np.generic):
        obj = obj.item()
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    return obj


def _pyramid_policy(flag: str, spec: str):
    from simcore.games.pyramid.policies import Policy

    try:
        return Policy.parse(spec)
    except ValueError as exc:
        raise UsageError(f"{flag}: {exc}") from None


def pyramid_report(res) -> dict:
    """The JSON document of ``simcore pyramid``: the run's labels and every metric of ``Results.summary()``
    as ``{"estimate", "ci": [low, high], "unit"}``."""
    m = res.meta
    doc = {"game": "pyramid", "n": res.n, "seed": m["seed"], "variant": m["variant"], "policies": m["policies"],
           "deck": m["deck"], "version": m["version"]}
    for row in res.summary().itertuples():
        doc[row.metric] = {"estimate": row.estimate, "ci": [row.ci_low, row.ci_high], "unit": row.unit}
    return _plain(doc)


def format_pyramid(r: dict, metrics) -> str:
    pol = r["policies"]
    out = ["Pyramid card hockey: side A (home) against side B (away)",
           f"rules {r['variant']}",
           f"deck {r['deck']['source']} ({r['deck']['cards']} cards)",
           "policies " + (pol["home"] if pol["home"] == pol["away"] else f"A {pol['home']}; B {pol['away']}"),
           f"simulated {r['n']:,} games, seed {r['seed']}", "",
           f"{'metric':<24}{'estimate':>10}   {'95% interval':<20}  unit"]

    def num(x):
        return "   nan" if x is None else f"{x:.4f}"

    for name in metrics:
        v = r[name]
        lo, hi = v["ci"]
        out.append(f"{name:<24}{num(v['estimate']):>10}   {'[' + num(lo) + ', ' + num(hi) + ']':<20}  {v['unit']}")
    return "\n".join(out)


def _pyramid_plot(path, *, res=None, report=None):
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt
    import numpy as np

    if report is not None:
        mat = report.matrix
        pols = list(dict.fromkeys(mat.row))
        grid = mat.pivot(index="row", columns="column", values="estimate").loc[pols, pols].to_numpy()
        opts = report.options
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.6))
        im = ax1.imshow(grid, cmap="RdBu_r", vmin=0, vmax=1)
        ax1.set_xticks(range(len(pols)), pols, rotation=45, ha="right")
        ax1.set_yticks(range(len(pols)), pols)
        for i in range(len(pols)):
            for j in range(len(pols)):
                ax1.text(j, i, f"{grid[i, j]:.2f}", ha="center", va="center", fontsize=8)
        ax1.set(xlabel="column policy", ylabel="row policy",
                title=f"row's score against column ({int(mat.n.iloc[0]):,} games a cell)")
        fig.colorbar(im, ax=ax1, fraction=0.046)
        y = np.arange(len(opts))
        ax2.errorbar(100 * opts.tie, y, xerr=100 * np.abs(np.vstack([opts.tie - opts.tie_ci_low,
                                                                      opts.tie_ci_high - opts.tie])),
                     fmt="o", capsize=3)
        ax2.set_yticks(y, list(opts.option))
        ax2.invert_yaxis()
        ax2.set(xlabel="ties, % of games (95% interval)", title="rule options")
    else:
        g = res.table("games")
        goals = (g.home_goals + g.away_goals).to_numpy()
        fig, ax = plt.subplots(figsize=(6.5, 3.8))
        k = np.arange(goals.max() + 1)
        ax.bar(k, np.bincount(goals, minlength=k.size) / goals.size, color="#9ecae1")
        ax.set(xlabel="goals in a game (both sides)", ylabel="share of games",
               title=f"Pyramid card hockey, {res.n:,} games, seed {res.meta['seed']}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def cmd_pyramid(argv):
    p = _Parser(prog="simcore pyramid",
                description="Pyramid card hockey: simulate games, print one card by card, or run the balance "
                            "report (first-mover advantage, ties, policy matrix, tie-breaking rule options).")
    p.add_argument("-n", type=_positive_int, default=100_000, help="games to simulate (default 100000)")
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--rules", default="", metavar="FIELD=VALUE,...",
                   help="rule fields, e.g. 'tie_break=sudden-death,deck=jokers' (see docs/pyramid.md)")
    p.add_argument("--policy-a", default="default", metavar="P",
                   help="side A's (home) policy: a preset (default, random, forwards, balance, cheap-shot, rush, "
                        "in-order) or 'draft=..,route=..,shoot=..'")
    p.add_argument("--policy-b", default="default", metavar="P", help="side B's (away) policy, the same forms")
    p.add_argument("--deck-file", metavar="FILE", help="deck for --rules deck=custom: CSV with columns card,value "
                   "and an optional count")
    p.add_argument("--threads", type=_positive_int)
    p.add_argument("--pbp", action="store_true", help="print one game card by card instead of the summary")
    p.add_argument("--game-id", type=int, default=0, metavar="G",
                   help="with --pbp: which game of the run (default 0; the same game -n/--seed simulate)")
    p.add_argument("--report", action="store_true",
                   help="the balance report: headline figures, policy matrix and rule options")
    p.add_argument("--matrix-n", type=_positive_int, metavar="N",
                   help="with --report: games per policy-matrix cell (default 20000)")
    p.add_argument("--options-n", type=_positive_int, metavar="N",
                   help="with --report: games per rule option (default: -n)")
    p.add_argument("--plot", metavar="FILE", help="write a figure to FILE (the report's matrix and rule options "
                   "with --report, else the distribution of goals per game)")
    p.add_argument("--force", action="store_true", help="replace an existing --plot file")
    p.add_argument("--format", choices=("table", "json"), default="table")
    args = p.parse_args(argv)
    from simcore.games.pyramid import engine
    from simcore.games.pyramid.rules import Rules

    if args.pbp and args.report:
        raise UsageError("--pbp and --report are separate forms; pass one of them")
    if args.pbp and args.plot:
        raise UsageError("--plot draws a run or a report, not a --pbp game")
    if not 0 <= args.game_id < 2**63:
        raise UsageError(f"--game-id must be in 0 .. 2**63-1, got {args.game_id}")
    if not args.report and (args.matrix_n or args.options_n):
        raise UsageError("--matrix-n and --options-n go with --report")
    rules = Rules().with_options(args.rules)
    policies = (_pyramid_policy("--policy-a", args.policy_a), _pyramid_policy("--policy-b", args.policy_b))
    from simcore.games.pyramid.deck import deck_for

    deck = deck_for(rules, args.deck_file) if (args.deck_file or rules.deck == "custom") else None
    engine.compile_game(rules, policies, deck)      # checks the deck before any play; the file is read once
    if args.plot:
        _refuse_overwrite(args.plot, args.force)

    if args.pbp:
        log = engine.play_by_play(args.seed, args.game_id, rules, policies=policies, deck_file=deck)
        _print_pyramid_pbp(log, args, rules, policies)
        return

    if args.report:
        import warnings

        from simcore.games.pyramid.report import balance_report

        with warnings.catch_warnings():      # a one-game run has no spread: its intervals are NaN (null)
            warnings.simplefilter("ignore", RuntimeWarning)
            rep = balance_report(args.n, args.seed, rules, policies, matrix_n=args.matrix_n or 20_000,
                                 options_n=args.options_n or args.n, threads=args.threads,
                                 deck_file=deck)
        if args.plot:
            _pyramid_plot(args.plot, report=rep)
        if args.format == "json":
            print(json.dumps(_plain(rep.to_json()), indent=2))
        else:
            print(rep.to_text())
            if args.plot:
                print(f"\nwrote {args.plot}")
        return

    res = engine.simulate(args.n, args.seed, rules, policies=policies, deck_file=deck,
                          threads=args.threads)
    report = pyramid_report(res)
    if args.plot:
        _pyramid_plot(args.plot, res=res)
        report["files"] = [args.plot]
    if args.format == "json":
        print(json.dumps(report, indent=2))
    else:
        print(format_pyramid(report, list(res.summary().metric)))
        if args.plot:
            print(f"\nwrote {args.plot}")


def _print_pyramid_pbp(log, args, rules, policies):
    row = _plain(log.row)
    pol = {"home": str(policies[0]), "away": str(policies[1])}
    if args.format == "json":
        print(json.dumps({"game": "pyramid", "seed": args.seed, "game_id": args.game_id, "variant": rules.id,
                          "policies": pol, "result": row, "events": log.text.splitlines()}, indent=2))
        return
    print(f"Pyramid card hockey: game {args.game_id} of seed {args.seed}, side A (home) against side B (away)")
    print(f"rules {rules.id}")
    print("policies " + (pol["home"] if pol["home"] == pol["away"] else f"A {pol['home']}; B {pol['away']}"))
    print()
    print(log.text)
    print()
    winner = {"home": "A wins", "away": "B wins", "tie": "tie"}[row["winner"]]
    how = {"REG": "", "OT": ", in the sudden-death period", "SO": ", in the shootout"}[row["decided_in"]]
    print(f"final: A {row['home_goals']}, B {row['away_goals']} ({winner}{how})")


# ------------------------------------------------------------------ compare

def _setup_arg(text: str) -> dict:
    out = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        if "=" not in part:
            raise UsageError(f"--setup {part!r} must look like key=value")
        k, v = (x.strip() for x in part.split("=", 1))
        out[k] = v
    return out


def cmd_compare(argv):
    from simcore.games import available_games

    p = _Parser(prog="simcore compare",
                description="Compare two rule variants of a game on common random numbers (paired, game by game).")
    p.add_argument("game", help=f"game id: {', '.join(available_games())}")
    p.add_argument("--a", default="", metavar="RULES", help="variant A: field=value,... (default: the rulebook)")
    p.add_argument("--b", default="", metavar="RULES", help="variant B: field=value,...")
    p.add_argument("-n", type=_positive_int, default=100_000, help="games per variant (default 100000)")
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--metrics", default=None, help="comma-separated metric names (default: all)")
    p.add_argument("--setup", default="", help="the matchup: ezr/strat home=..,away=..; "
                   "pyramid policy_a=..,policy_b=..,deck_file=..")
    p.add_argument("--unpaired", action="store_true", help="run B on another seed (no common random numbers)")
    p.add_argument("--power", type=float, default=0.8, help="power for the suggested sample sizes (default 0.8)")
    p.add_argument("--threads", type=_positive_int, default=None)
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--plot", metavar="FILE", help="write a forest plot of the differences (PNG, PDF, SVG)")
    p.add_argument("--force", action="store_true", help="replace an existing --plot file")
    args = p.parse_args(argv)
    if args.game not in available_games():
        raise UsageError(f"unknown game {args.game!r}; games: {', '.join(available_games())}")
    if not 0 < args.power < 1:
        raise UsageError(f"--power must be between 0 and 1, got {args.power}")
    if args.plot:
        _refuse_overwrite(args.plot, args.force)
    from simcore.analysis.compare import compare
    from simcore.analysis.inference import required_n

    metrics = [m.strip() for m in args.metrics.split(",") if m.strip()] if args.metrics else None
    cmp = compare(args.game, args.a, args.b, args.n, args.seed, metrics=metrics, setup=_setup_arg(args.setup),
                  paired=not args.unpaired, threads=args.threads, progress=False)
    doc = cmp.to_json()
    for m, d in zip(doc["metrics"], cmp.differences):
        # an interval that straddles zero cannot decide: how many games would detect the observed difference
        undecided = d.ci[0] <= 0 <= d.ci[1] and d.diff != 0 and d.sd > 0
        m["required_n"] = required_n(d.sd, d.diff, args.power) if undecided else None
    if args.plot:
        from simcore.analysis.plots import forest

        forest(cmp).savefig(args.plot, dpi=100, bbox_inches="tight")
    if args.format == "json":
        print(json.dumps(_plain(doc), indent=2))
        return
    print(format_compare(doc, args.power))
    if args.plot:
        print(f"\nwrote {args.plot}")


def format_compare(doc: dict, power: float) -> str:
    kind = "paired, same seed" if doc["paired"] else f"unpaired, seeds {doc['seed']} and {doc['seed_b']}"
    lines = [f"{doc['game']}: B - A over {doc['n']:,} games each ({kind})",
             f"  A {doc['a']}", f"  B {doc['b']}"]
    if doc["setup"]:
        lines.append("  setup " + ", ".join(f"{k}={v}" for k, v in doc["setup"].items()))
    lines += ["", f"{'metric':<28}{'A':>10}{'B':>10}{'B - A':>11}{'95% interval':>24}{'p':>9}{'p (Holm)':>10}"]
    for m in doc["metrics"]:
        lo, hi = m["ci"]
        ci = "" if lo is None or lo != lo else f"[{lo:+.4f}, {hi:+.4f}]"
        lines.append(f"{m['name']:<28}{m['a']:>10.4f}{m['b']:>10.4f}{m['diff']:>+11.4f}{ci:>24}"
                     f"{m['p_value']:>9.3g}{m['p_holm']:>10.3g}")
    lines.append("")
    for key, what in (("goals_distribution_test", "goals per team"), ("margin_distribution_test", "goal margin")):
        t = doc[key]
        lines.append(f"{what}, whole distribution: chi-square {t['statistic']:.1f} on {t['dof']} df, "
                     f"p = {t['p_value']:.3g}")
    wide = [m for m in doc["metrics"] if m["required_n"]]
    if wide:
        lines += ["", f"Intervals that include 0 cannot decide; games per variant to detect the observed "
                      f"difference with {power:.0%} power:"]
        lines += [f"  {m['name']:<26} about {m['required_n']:,}" for m in wide]
    return "\n".join(lines)


# ------------------------------------------------------------------ sweep

def _grid_arg(text: str) -> dict:
    """``'field=v1,v2;field2=v3'`` as ``{field: [v1, v2], field2: [v3]}`` (fields and values checked later)."""
    grid = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
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
    for part in filter(None, (p.strip() for p in text.split(","))):
        try:
            seeds.append(_seed(part))
        except argparse.ArgumentTypeError as exc:
            raise UsageError(f"--seeds {part!r}: {exc}") from None
    if not seeds:
        raise UsageError("--seeds needs at least one seed")
    return seeds


def cmd_sweep(argv):
    from simcore.games import available_games

    p = _Parser(prog="simcore sweep",
                description="Run every combination of some rule values and compare each with a base variant "
                            "on common random numbers.")
    p.add_argument("game", help=f"game id: {', '.join(available_games())}")
    p.add_argument("--grid", required=True, metavar="GRID",
                   help="rule values to combine: 'field=v1,v2;field2=v3,v4'")
    p.add_argument("--base", default="", metavar="RULES", help="the base variant: field=value,... "
                   "(default: the rulebook)")
    p.add_argument("-n", type=_positive_int, default=10_000, help="games per cell and seed (default 10000)")
    p.add_argument("--seeds", default="0", help="comma-separated seeds, the same for every cell (default 0)")
    p.add_argument("--metrics", default=None, help="comma-separated metric names (default: all)")
    p.add_argument("--setup", default="", help="the matchup: ezr/strat home=..,away=..; "
                   "pyramid policy_a=..,policy_b=..,deck_file=..")
    p.add_argument("--threads", type=_positive_int, default=None)
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--out", default=None, metavar="FILE.parquet", help="also write the table to parquet")
    p.add_argument("--force", action="store_true", help="replace an existing --out file")
    args = p.parse_args(argv)
    if args.game not in available_games():
        raise UsageError(f"unknown game {args.game!r}; games: {', '.join(available_games())}")
    grid = _grid_arg(args.grid)
    seeds = _seeds_arg(args.seeds)
    if args.out:
        _refuse_overwrite(args.out, args.force)
    from simcore.analysis.sweep import sweep, to_parquet

    metrics = [m.strip() for m in args.metrics.split(",") if m.strip()] if args.metrics else None
    df = sweep(args.game, args.base, grid, args.n, seeds, metrics=metrics, setup=_setup_arg(args.setup),
               threads=args.threads, progress=None if args.format == "table" else False)
    if args.out:
        to_parquet(df, args.out, overwrite=args.force)
    if args.format == "json":
        a = df.attrs
        doc = {"game": a["game"], "base": a["base"], "n": a["n"], "seeds": a["seeds"], "grid": a["grid"],
               "setup": a["setup"], "rows": json.loads(df.to_json(orient="records"))}
        print(json.dumps(_plain(doc), indent=2))
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
    lines = [f"{a['game']}: {df.cell.nunique()} cells x {a['n']:,} games x seeds "
             f"{', '.join(map(str, a['seeds']))}, each against the base on common random numbers",
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


# ------------------------------------------------------------------ league

LEAGUE_SAMPLES = ("ezr", "strat")


def cmd_league_standings(argv):
    p = _Parser(prog="simcore league standings", description="Today's standings of a league under its tiebreakers.")
    p.add_argument("league", help="league.toml")
    p.add_argument("--results", default=None, help="played-results CSV (default: the one the league file names)")
    p.add_argument("--by", choices=("division", "conference", "league"), default="division")
    p.add_argument("--format", choices=("table", "json"), default="table")
    args = p.parse_args(argv)
    from simcore.league.files import load_league
    from simcore.league.standings import format_standings, standings

    lg = load_league(args.league, results=args.results)
    table = standings(lg.results, lg.teams, lg.points, lg.tiebreakers)
    if args.format == "json":
        doc = {"league": lg.name, "points": lg.points, "tiebreakers": list(lg.tiebreakers),
               "games_played": len(lg.results), "games_left": len(lg.remaining()),
               "teams": table.to_dict(orient="records")}
        print(json.dumps(_plain(doc), indent=2))
        return
    print(f"{lg.name}: {len(lg.results)} games played, {len(lg.remaining())} to play "
          f"({lg.points} points; tiebreakers: {', '.join(lg.tiebreakers)})\n")
    print(format_standings(table, by=args.by))


def cmd_league_sample(argv):
    p = _Parser(prog="simcore league sample", description="Write a shipped sample league's files to a folder.")
    p.add_argument("name", help=f"sample: {', '.join(LEAGUE_SAMPLES)}")
    p.add_argument("dir", help="folder to write league.toml and the files it names into")
    p.add_argument("--force", action="store_true", help="replace files that exist")
    args = p.parse_args(argv)
    if args.name not in LEAGUE_SAMPLES:
        raise UsageError(f"unknown sample league {args.name!r}; samples: {', '.join(LEAGUE_SAMPLES)}")
    import shutil

    from simcore.league.samplegen import DATA

    src = DATA / args.name
    out = Path(args.dir)
    files = sorted(f for f in src.iterdir() if f.suffix in (".toml", ".csv"))
    if not args.force:
        for f in files:
            _refuse_overwrite(str(out / f.name), False)
    out.mkdir(parents=True, exist_ok=True)
    for f in files:
        shutil.copyfile(f, out / f.name)
    print(f"wrote {out / 'league.toml'} and {', '.join(f.name for f in files if f.suffix == '.csv')}")


def cmd_league_project(argv):
    p = _Parser(prog="simcore league project",
                description="Simulate the rest of a league's season many times: points, playoff and title odds.")
    p.add_argument("league", help="league.toml")
    p.add_argument("-n", type=_positive_int, default=10_000, help="seasons to simulate (default 10000)")
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--results", default=None, help="played-results CSV (default: the one the league file names)")
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--out", default=None, metavar="DIR",
                   help="write teams.csv, seasons.parquet, goalies.csv (and players.csv) into DIR")
    p.add_argument("--plot", default=None, metavar="FILE.png", help="save the points bands and playoff odds")
    p.add_argument("--force", action="store_true", help="replace output files that exist")
    p.add_argument("--threads", type=_positive_int, default=None)
    args = p.parse_args(argv)
    from simcore.league.files import load_league
    from simcore.league.projection import OUTPUT_FILES, project, write

    lg = load_league(args.league, results=args.results)
    if args.out:
        for name in OUTPUT_FILES:
            _refuse_overwrite(str(Path(args.out) / name), args.force)
    if args.plot:
        _refuse_overwrite(args.plot, args.force)
    proj = project(lg, n=args.n, seed=args.seed, threads=args.threads, progress=None if args.format == "table" else False)
    if args.out:
        write(proj, Path(args.out), force=args.force)
    if args.plot:
        from simcore.league.plots import projection_figure

        projection_figure(proj).savefig(args.plot, dpi=120, bbox_inches="tight")
    if args.format == "json":
        print(json.dumps(_plain(proj.to_json()), indent=2))
        return
    print(proj.format())
    if proj.players is not None:
        top = proj.players.head(10)
        print("Top projected scorers (rest of season):")
        print(top[["team", "player", "gp_mean", "G_mean", "A_mean", "PTS_mean", "PTS_p5", "PTS_p95"]]
              .to_string(index=False, float_format=lambda v: f"{v:.1f}"))
        print()
    if args.out:
        print(f"wrote {args.out}")
    if args.plot:
        print(f"wrote {args.plot}")


def cmd_league_history(argv):
    p = _Parser(prog="simcore league history",
                description="Projected odds as of successive dates of the played results.")
    p.add_argument("league", help="league.toml")
    p.add_argument("--dates", default=None,
                   help="comma-separated dates (default: five dates spread over the played results)")
    p.add_argument("--odds", choices=("playoff", "division", "first_overall", "title"), default="playoff")
    p.add_argument("-n", type=_positive_int, default=2_000, help="seasons per date (default 2000)")
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--results", default=None, help="played-results CSV (default: the one the league file names)")
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--plot", default=None, metavar="FILE.png", help="save the odds over the dates")
    p.add_argument("--force", action="store_true", help="replace the plot file if it exists")
    args = p.parse_args(argv)
    from simcore.league.files import load_league
    from simcore.league.projection import default_dates, odds_by_date

    lg = load_league(args.league, results=args.results)
    import datetime

    if args.dates:
        dates = []
        for d in (d.strip() for d in args.dates.split(",")):
            if not d:
                continue
            try:
                dates.append(datetime.date.fromisoformat(d).isoformat())
            except ValueError:
                raise UsageError(f"--dates: {d!r} is not a date (YYYY-MM-DD)") from None
        if not dates:
            raise UsageError("--dates needs at least one date")
    else:
        dates = default_dates(lg)
        if not dates:
            raise UsageError("the league has no played results yet; pass --dates")
    if args.plot:
        _refuse_overwrite(args.plot, args.force)
    col = f"{args.odds}_odds"
    frame = odds_by_date(lg, dates, n=args.n, seed=args.seed)
    if args.plot:
        from simcore.league.plots import odds_over_dates

        odds_over_dates(frame, col).savefig(args.plot, dpi=120, bbox_inches="tight")
    if args.format == "json":
        doc = {"league": lg.name, "n": args.n, "seed": args.seed, "odds": col,
               "dates": [{"date": d, "games_played": int(g.games_played.iloc[0]),
                          "teams": {r.team: float(getattr(r, col)) for r in g.itertuples()}}
                         for d, g in frame.groupby("date", sort=False)]}
        print(json.dumps(_plain(doc), indent=2))
        return
    wide = frame.pivot(index="team", columns="date", values=col)[list(dict.fromkeys(frame["date"]))]
    wide = wide.sort_values(wide.columns[-1], ascending=False)
    played = frame.drop_duplicates("date").set_index("date")["games_played"]
    print(f"{lg.name}: P({args.odds.replace('_', ' ')}) as of each date, {args.n:,} seasons per date (seed {args.seed})")
    print("games played: " + ", ".join(f"{d} {int(g)}" for d, g in played.items()) + "\n")
    print(wide.to_string(float_format=lambda v: f"{v:6.1%}"))
    if args.plot:
        print(f"\nwrote {args.plot}")


def cmd_league(argv):
    subs = {"standings": cmd_league_standings, "sample": cmd_league_sample, "project": cmd_league_project,
            "history": cmd_league_history}
    if not argv or argv[0] not in subs:
        raise UsageError("usage: simcore league {standings LEAGUE.toml [--results FILE] | sample NAME DIR | "
                         "project LEAGUE.toml [-n N] [--seed S] [--results FILE] [--format table|json] [--out DIR] | "
                         "history LEAGUE.toml [--dates D1,D2,..] [--odds KIND]}")
    subs[argv[0]](argv[1:])


# ------------------------------------------------------------------ demo

def cmd_demo(argv):
    p = _Parser(prog="simcore demo", description="EZR matchup report on the embedded sample teams.")
    p.add_argument("--out", default="out/demo", help="folder for the report and plot (default out/demo)")
    p.add_argument("-n", type=_positive_int, default=200_000)
    p.add_argument("--seed", type=_seed, default=2019)
    p.add_argument("--home", default="BOS")
    p.add_argument("--away", default="NYR")
    args = p.parse_args(argv)
    from simcore.demo import run_demo

    print(run_demo(Path(args.out), home=args.home, away=args.away, n=args.n, seed=args.seed))


COMMANDS = {"ezr": cmd_ezr, "strat": cmd_strat, "compare": cmd_compare, "sweep": cmd_sweep, "league": cmd_league, "pyramid": cmd_pyramid,
            "demo": cmd_demo}


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from simcore.charts import ChartError
    from simcore.rulesbase import RuleError

    if not argv or argv[0] in ("-h", "--help"):
        print("usage: simcore {ezr,strat,pyramid,compare,sweep,league,demo} ...\n\n"
              "  simcore ezr --home D/E/B/c --away F/E/C/b [-n N] [--seed S] [--format table|json]\n"
              "  simcore ezr period --ezr E [--format json]\n"
              "  simcore ezr table\n"
              "  simcore strat HOME AWAY [-n N] [--seed S] [--rules K=V,...] [--coach K=V,...] [--kit DIR]\n"
              "  simcore strat --league sample [-n N] [--pbp] [--out DIR] [--format table|json]\n"
              "  simcore strat teams [--kit DIR]\n"
              "  simcore pyramid [-n N] [--seed S] [--rules K=V,...] [--policy-a P] [--policy-b P] [--deck-file FILE]\n"
              "  simcore pyramid --pbp [--game-id G] | --report [--matrix-n N] [--options-n N] [--format table|json]\n"
              "  simcore compare GAME --a RULES --b RULES [-n N] [--seed S] [--metrics M,...] [--format table|json]\n"
              "                      [--plot FILE [--force]]\n"
              "  simcore sweep GAME --grid 'F=V1,V2;F2=V3,V4' [--base RULES] [-n N] [--seeds S1,S2] [--metrics M,...]\n"
              "                [--format table|json] [--out FILE.parquet [--force]]\n"
              "  simcore league standings LEAGUE.toml [--results FILE] [--by division|conference|league]\n"
              "  simcore league sample ezr|strat DIR\n"
              "  simcore league project LEAGUE.toml [-n N] [--seed S] [--results FILE] [--format table|json]\n"
              "                         [--out DIR] [--plot FILE.png]\n"
              "  simcore league history LEAGUE.toml [--dates D1,D2,..] [--odds playoff|division|first_overall|title]\n"
              "  simcore demo [--out DIR]\n\n"
              "Each command takes --help.")
        return 0 if argv else EXIT_USAGE
    cmd = argv[0]
    if cmd not in COMMANDS:
        print(f"simcore: error: unknown command {cmd!r}; commands: {', '.join(COMMANDS)}", file=sys.stderr)
        return EXIT_USAGE
    try:
        COMMANDS[cmd](argv[1:])
    except UsageError as exc:
        print(f"simcore: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # output cut short by a closed pipe (e.g. `| head`): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (ChartError, RuleError, ValueError, KeyError, OSError, OverflowError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"simcore: error: {msg}".splitlines()[0], file=sys.stderr)
        return EXIT_USAGE
    return 0


if __name__ == "__main__":
    sys.exit(main())
