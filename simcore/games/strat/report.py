"""Strat-O-Matic Hockey on the command line: ``simcore strat`` (a matchup, a kit's round robin, one game card by
card) and ``simcore strat teams``; and the documents they print."""
from __future__ import annotations

import json
from pathlib import Path

from simcore.cliargs import (JoinRepeated, UsageError, add_format, add_n, add_seed, add_threads, check_game_index,
                             counted, fixed, game_index, jsonable, named, print_json, refuse_overwrite_any)
from simcore.games.base import Command
from simcore.outputs import MANIFEST, Folder, replaced_files

from .kit import load_kit, sample_kit
from .policies import Coach

STRAT_TABLES = ("games", "team_games", "teams", "players", "goalies")


def _strat_kit(spec, option: str = "--kit"):
    """A kit folder (or kit.toml), or ``sample`` / None for the shipped synthetic kit (``sample`` with a folder of
    that name here is refused as ambiguous: ``./sample`` names the folder)."""
    if spec == "sample" and Path(spec).exists():
        raise UsageError(f"{option} sample names the shipped sample kit, and there is a folder 'sample' here too: "
                         f"write {option} ./sample for the folder")
    if spec is None or spec == "sample":
        return sample_kit()
    return load_kit(spec)


def _build_teams(p):
    p.add_argument("--kit", type=named, metavar="DIR",
                   help="kit folder (holding kit.toml); default: the shipped sample kit")
    add_format(p)


def _run_teams(game, args):
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


def _chart_count(kit) -> int:
    """The kit's charts: the Basic game's five, and each optional one the kit has (docs/strat-data.md)."""
    sc = kit.shot_charts
    optional = (kit.advanced_faceoff_chart, kit.super_advanced_faceoff_chart, kit.intimidation_chart,
                sc.passing_l if sc else None, sc.deflection if sc else None)
    return 5 + sum(x is not None for x in optional)


def _build_play(p):
    p.add_argument("home", nargs="?", help="home team abbreviation (see `simcore strat teams`)")
    p.add_argument("away", nargs="?", help="away team abbreviation")
    p.add_argument("--league", type=named, metavar="KIT",
                   help="play the round robin of every ordered pair of a kit's teams "
                   "instead of one matchup: 'sample' (the shipped kit) or a kit folder")
    add_n(p, 5600)
    add_seed(p)
    p.add_argument("--rules", default="", metavar="FIELD=VALUE,...", action=JoinRepeated,
                   help="rule fields, e.g. 'goalie_fatigue=off,lines=4' (see below and docs/strat.md)")
    p.add_argument("--coach", default="", metavar="POLICY=VALUE,...", action=JoinRepeated,
                   help="coaching policies for both teams, e.g. 'penetrate=always,pull_goalie=never'")
    p.add_argument("--kit", type=named, metavar="DIR",
                   help="kit folder (holding kit.toml); default: the shipped sample kit")
    add_threads(p)
    p.add_argument("--pbp", action="store_true", help="print the play-by-play of one game instead of the tables")
    p.add_argument("--game-id", "--game", dest="game", type=game_index, default=None, metavar="G",
                   help="with --pbp: which game of the run (default 0; the same game -n/--seed simulate; with -n, "
                   "0 .. n-1; --game is its name in earlier releases)")
    p.add_argument("--out", type=named, metavar="DIR",
                   help="write the games, team_games, teams, players and goalies tables "
                   "as parquet files to DIR, then manifest.json listing them")
    p.add_argument("--force", action="store_true", help="replace existing --out files")
    add_format(p)


def _run_play(game, args):
    from . import engine

    league = args.league is not None
    if league:
        if args.home or args.away:
            raise UsageError("name HOME AWAY or --league, not both")
        if args.kit and args.league != args.kit:
            raise UsageError("--league names the kit; leave out --kit (or pass the same folder)")
    elif not (args.home and args.away):
        raise UsageError("name a HOME and an AWAY team (see `simcore strat teams`), or pass --league sample")
    if args.game is not None and not args.pbp:
        raise UsageError(f"--game-id {args.game} picks the game --pbp prints; pass --pbp too, or leave out --game-id")
    if args.pbp and args.out:
        raise UsageError("--out writes a simulation's tables; --pbp prints one game: leave out one of them")
    args.game = args.game or 0
    check_game_index(args, "--game-id", args.game)
    rules = game.rules(args.rules)
    coach = Coach.parse(args.coach)
    kit = _strat_kit(args.league, "--league") if league else _strat_kit(args.kit)
    engine.compiled(kit, rules)  # checks the line-ups against the rules
    setup = game.setup({"home": None if league else args.home, "away": None if league else args.away, "kit": kit,
                        "home_coach": coach, "away_coach": coach})

    if args.pbp:
        lg = game.play_by_play(setup, args.seed, args.game, rules)
        _print_pbp(lg.meta["log"], args, rules, coach, kit)
        return

    paths = []
    if args.out:
        names = [f"{t}.parquet" for t in STRAT_TABLES]
        refuse_overwrite_any(args.out, [*names, MANIFEST], args.force)
        replaced_files(args.out, names)
        paths = [Path(args.out) / name for name in names]
    res = game.simulate(setup, n=args.n, seed=args.seed, rules=rules, threads=args.threads)
    report = strat_report(res)
    if paths:
        report["files"] = [str(p) for p in paths]
    text = None if args.format == "json" else format_strat(report, res)
    if paths:                   # the folder is complete last: nothing is left to compute after its manifest
        with Folder(args.out, [p.name for p in paths], overwrite=args.force) as folder:
            for t, path in zip(STRAT_TABLES, paths):
                folder.parquet(path.name, res.table(t), {**res.meta, "table": t})
    if text is None:
        print_json(report)
    else:
        print(text)


def strat_report(res) -> dict:
    """The JSON document of ``simcore strat``: the league metrics with 95% intervals and the team table.

    ``deprecated_keys`` maps each old key still written beside its new name (for one release) to that name."""
    from .analysis import RENAMED, league_json
    from .engine import TEAM_COLUMNS_RENAMED

    m = res.meta
    league = league_json(res)
    return {
        "game": "strat", "n": res.n, "seed": m["seed"], "variant": m["variant"], "kit": m["kit"],
        "mode": "league" if m["league"] else "matchup", "home": m["home"], "away": m["away"],
        "coaches": {"home": m["coaches"][0], "away": m["coaches"][1]}, "version": m["version"],
        "league": league,
        "teams": jsonable(res.table("teams")),
        "deprecated_keys": {**{f"league.{old}": f"league.{new}" for old, new in RENAMED.items() if old in league},
                            **{f"teams[].{old}": f"teams[].{new}" for old, new in TEAM_COLUMNS_RENAMED.items()}},
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
    level = "Advanced" if "level=advanced" in r["variant"] else "Basic"
    out = [f"Strat-O-Matic Hockey {level}: {title}",
           f"kit {r['kit']}; rules {r['variant']}",
           "coach " + (r["coaches"]["home"] if r["coaches"]["home"] == r["coaches"]["away"]
                       else f"home {r['coaches']['home']}; away {r['coaches']['away']}"),
           f"simulated {counted(r['n'], 'game')}, seed {r['seed']}", ""]
    ties = teams["ties"].sum() > 0
    rec = "W-L-OTL-T" if ties else "W-L-OTL"
    out.append(f"{'team':<6}{'GP':>7}  {rec:<19}{'PTS':>7}{'GF/G':>7}{'GA/G':>7}{'SH/G':>7}{'SA/G':>7}"
               f"{'PP%':>8}{'PK%':>8}{'SV%':>8}")
    for t in teams.itertuples():
        wl = f"{t.wins}-{t.losses}-{t.ot_losses}" + (f"-{t.ties}" if ties else "")
        out.append(f"{t.team:<6}{t.games:>7}  {wl:<19}{t.points:>7}{t.goals_per_team_game:7.2f}"
                   f"{t.goals_against_per_team_game:7.2f}{t.shots_per_team_game:7.1f}{t.shots_against / t.games:7.1f}"
                   f"{_pct(t.pp_pct):>8}{_pct(t.pk_pct):>8}{t.save_pct:8.3f}")
    out += ["", f"{'all games (per team per game; rates)':<36}{'estimate':>10}   95% interval"]
    for row in res.summary().itertuples():
        out.append(f"{row.metric:<36}{fixed(row.estimate):>10}   [{fixed(row.ci_low)}, {fixed(row.ci_high)}]")
    if r.get("files"):
        out += ["", "wrote " + ", ".join(r["files"])]
    return "\n".join(out)


def _print_pbp(log, args, rules, coach, kit):
    if args.format == "json":
        print(json.dumps({"game": "strat", "seed": args.seed, "game_index": args.game, "variant": rules.id,
                          "kit": kit.name, "coaches": coach.id, "home": log.home, "away": log.away,
                          "home_goals": log.home_goals, "away_goals": log.away_goals, "winner": log.winner,
                          "decided_in": log.decided_in, "events": jsonable(log.events)}, indent=2))
        return
    level = "Advanced" if rules.level == "advanced" else "Basic"
    print(f"Strat-O-Matic Hockey {level}: game {args.game} of seed {args.seed}, home {log.home} vs away {log.away}")
    print(f"kit {kit.name}; rules {rules.id}; coach {coach.id}")
    print()
    print(log.text())            # it ends with the final score
    winner = {"home": f"{log.home} wins", "away": f"{log.away} wins"}.get(log.winner, "a tie")
    how = {"REG": "in regulation", "OT": "in overtime", "SO": "in the shootout"}[log.decided_in]
    print(f"result: {winner} {how}")


def _build_kit(p):
    p.add_argument("action", choices=("validate", "new"),
                   help="validate: read and check every file of the kit DIR, play nothing; new: write a template "
                        "kit (two complete example teams, every column documented) into DIR")
    p.add_argument("dir", type=named, metavar="DIR",
                   help="the kit folder (holding kit.toml); validate also takes 'sample'")
    p.add_argument("--rules", default="", metavar="FIELD=VALUE,...", action=JoinRepeated,
                   help="validate: check the line-ups against these rules too, e.g. 'lines=4'")
    p.add_argument("--force", action="store_true", help="new: write into a folder that is not empty (files of "
                   "the template's names are replaced)")
    add_format(p)


def _run_kit(game, args):
    from .kittemplate import check_kit, write_template

    if args.action == "new":
        try:
            written = write_template(args.dir, force=args.force)
        except FileExistsError as exc:
            raise UsageError(str(exc)) from None
        if args.format == "json":
            print_json({"kit": args.dir, "files": [str(f) for f in written]})
            return
        print(f"wrote a template kit of {len(written)} files to {args.dir}: teams EXA and EXB "
              f"(README.md says how to edit and add teams)")
        print(f"check it with `simcore strat kit validate {args.dir}`, "
              f"play it with `simcore strat EXA EXB --kit {args.dir}`")
        return
    rules = game.rules(args.rules)
    c = check_kit(args.dir, rules)
    kit = c.kit
    doc = {"kit": kit.name, "path": kit.path, "synthetic": kit.synthetic, "rules": rules.id,
           "teams": {abbr: {"name": t.name, "skaters": len(t.skaters), "goalies": len(t.goalies),
                            "forward_lines": len(t.lines.forwards), "defense_pairs": len(t.lines.defense)}
                     for abbr, t in kit.teams.items()},
           "action_cards": len(kit.action_deck), "split_cards": len(kit.split_deck), "charts": _chart_count(kit),
           "files": [str(f) for f in c.files]}
    if args.format == "json":
        print_json(doc)
        return
    print(f"{kit.path}: valid kit {kit.name!r}{' (synthetic)' if kit.synthetic else ''}, line-ups checked "
          f"against {rules.id}")
    print(f"{len(kit.teams)} teams: " + ", ".join(f"{a} ({len(t.skaters)} skaters, {len(t.goalies)} goalies)"
                                                  for a, t in kit.teams.items()))
    print(f"decks: {doc['action_cards']} action cards, {doc['split_cards']} split cards; {doc['charts']} charts")
    print(f"files checked: {len(c.files)}")
    if len(kit.teams) < 2:
        print("note: a game needs two teams; add one to teams.csv (README.md of a template kit says how)")


COMMANDS = (
    Command("", "simulate one matchup or a kit's round robin (--league), or print one game card by card (--pbp)",
            _build_play, _run_play, "simcore strat KBY NRV -n 10000 --seed 1 --rules goalie_fatigue=off"),
    Command("teams", "the teams of a kit", _build_teams, _run_teams, "simcore strat teams --kit my_kit"),
    Command("kit", "check every file of a kit (validate DIR) or write a template kit to edit (new DIR)",
            _build_kit, _run_kit, "simcore strat kit new my_kit && simcore strat kit validate my_kit"),
)
