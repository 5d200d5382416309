"""``simcore league``: standings, sample leagues, projections and their history, for a league of any game."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from simcore.cliargs import (JoinRepeated, Parser, UsageError, add_format, add_seed, add_threads, counted, figure_name,
                             iso_date, named, output_file, plain, plot_file, positive_int, refuse_one_file_twice,
                             refuse_overwrite, refuse_overwrite_any, wrote_page)


def cmd_league_standings(argv):
    p = Parser(prog="simcore league standings", description="Today's standings of a league under its tiebreakers.")
    p.add_argument("league", type=named, help="league.toml, or the folder that holds it")
    p.add_argument("--results", type=named, default=None,
                   help="played-results CSV (default: the one the league file names)")
    p.add_argument("--by", choices=("division", "conference", "league"), default=None,
                   help="the table's blocks (default division); the JSON lists every team with all three ranks")
    add_format(p)
    p.add_argument("--as-of", type=iso_date, default=None, metavar="DATE",
                   help="count only the results played on or before DATE (YYYY-MM-DD)")
    args = p.parse_args(argv)
    if args.by and args.format == "json":
        raise UsageError(f"--by {args.by} groups the table only; the JSON lists every team with its rank, "
                         "conference_rank and division_rank: drop --by")
    from simcore.league.files import load_league
    from simcore.league.standings import format_standings, standings

    lg = _as_of(load_league(args.league, results=args.results), args.as_of)
    table = standings(lg.results, lg.teams, lg.points, lg.tiebreakers)
    if args.format == "json":
        doc = {"league": lg.name, "as_of": args.as_of, "points": lg.points, "tiebreakers": list(lg.tiebreakers),
               "games_played": len(lg.results), "games_left": len(lg.remaining()),
               "teams": table.to_dict(orient="records")}
        print(json.dumps(plain(doc), indent=2))
        return
    print(f"{lg.name}{f' as of {args.as_of}' if args.as_of else ''}: {counted(len(lg.results), 'game')} played, "
          f"{len(lg.remaining())} to play "
          f"({lg.points} points; tiebreakers: {', '.join(lg.tiebreakers)})\n")
    print(format_standings(table, by=args.by or "division"))


def _as_of(lg, date):
    """The league as it stood after the games of ``date`` (all of it when ``date`` is None)."""
    if date is None:
        return lg
    from simcore.league.projection import as_of

    return as_of(lg, date)


def cmd_league_sample(argv):
    from simcore.league.samplegen import samples

    names = list(samples())
    p = Parser(prog="simcore league sample", description="Write a shipped sample league's files to a folder.")
    p.add_argument("name", help=f"sample (a game id): {', '.join(names)}")
    p.add_argument("dir", type=named, help="folder to write league.toml and the files it names into")
    p.add_argument("--force", action="store_true", help="replace files that exist")
    args = p.parse_args(argv)
    if args.name.lower() not in names:
        raise UsageError(f"unknown sample league {args.name!r}; samples: {', '.join(names)}")
    import shutil

    from simcore.outputs import make_folder, replacing

    src = Path(samples()[args.name.lower()].sample)
    out = Path(args.dir)
    # league.toml last: once it is there, so are the files it names
    files = sorted((f for f in src.iterdir() if f.suffix in (".toml", ".csv")), key=lambda f: (f.suffix == ".toml",
                                                                                               f.name))
    refuse_overwrite_any(out, [f.name for f in files], args.force, option="DIR")
    make_folder(out)
    for f in files:
        with replacing(out / f.name, overwrite=args.force) as tmp:
            shutil.copyfile(f, tmp)
    print(f"wrote {out / 'league.toml'} and {', '.join(f.name for f in files if f.suffix == '.csv')}")


def cmd_league_project(argv):
    p = Parser(prog="simcore league project",
                description="Simulate the rest of a league's season many times: points, playoff and title odds.")
    p.add_argument("league", type=named, help="league.toml, or the folder that holds it")
    p.add_argument("-n", type=positive_int, default=10_000, help="seasons to simulate (default 10000)")
    add_seed(p, what="seasons")
    p.add_argument("--results", type=named, default=None,
                   help="played-results CSV (default: the one the league file names)")
    add_format(p)
    p.add_argument("--out", type=named, default=None, metavar="DIR",
                   help="write teams.csv, seasons.parquet, goalies.csv (and players.csv) into DIR, then "
                   "manifest.json listing them")
    p.add_argument("--plot", default=None, metavar="FILE.png", type=figure_name,
                   help="save the points bands and playoff odds (FILE.png without an extension; it may go into "
                        "the --out folder)")
    p.add_argument("--report", type=named, default=None, metavar="FILE.html",
                   help="write a page to share: odds table, points bands, odds over dates (.html, or .md with "
                        "its figures beside it; it may go into the --out folder)")
    p.add_argument("--force", action="store_true", help="replace output files that exist")
    add_threads(p)
    args = p.parse_args(argv)
    from simcore.league.files import load_league
    from simcore.league.projection import OUTPUT_FILES, project, write
    from simcore.outputs import MANIFEST, replaced_files
    from simcore.sharing import LEAGUE_FIGURES, refuse_existing

    _refuse_outputs_twice(args, [*OUTPUT_FILES, MANIFEST], LEAGUE_FIGURES)
    if args.plot and not _into_out(args.plot, args.out):
        try:
            output_file(args.plot)
        except argparse.ArgumentTypeError as exc:
            raise UsageError(f"argument --plot: {exc}") from None
    if args.report:
        refuse_existing(args.report, LEAGUE_FIGURES, args.force, folder_made=_into_out(args.report, args.out))

    lg = load_league(args.league, results=args.results)
    if args.out:
        refuse_overwrite_any(args.out, [*OUTPUT_FILES, MANIFEST], args.force)
        replaced_files(args.out, OUTPUT_FILES)
    if args.plot:
        refuse_overwrite(args.plot, args.force)
    proj = project(lg, n=args.n, seed=args.seed, threads=args.threads, progress=None if args.format == "table" else False)
    if args.out:
        write(proj, Path(args.out), force=args.force)
    if args.plot:
        from simcore.league.plots import projection_figure
        from simcore.outputs import save_figure

        save_figure(projection_figure(proj), args.plot, overwrite=args.force, dpi=120, bbox_inches="tight")
    if args.report:
        from simcore.sharing import league_report

        written = league_report(proj, threads=args.threads).write(args.report, force=args.force)
    if args.format == "json":
        print(json.dumps(plain(proj.to_json()), indent=2))
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
    if args.report:
        print(wrote_page(written))


def _into_out(path, out) -> bool:
    """Whether the output ``path`` goes straight into the ``--out`` folder ``out``, which the command makes before
    it writes the figure and the page: that folder need not exist yet."""
    return out is not None and Path(path).parent.resolve() == Path(out).resolve()


def _refuse_outputs_twice(args, out_files, report_figures) -> None:
    """UsageError, before anything runs, when two of ``--out`` (the folder and its files ``out_files``),
    ``--plot`` and ``--report`` (with the figures a Markdown page writes beside it) are one file."""
    from simcore.outputs import figure_path
    from simcore.sharing import report_outputs

    outputs = []
    if args.out:
        outputs += [("--out", Path(args.out)),
                    *((f"the file --out {args.out} writes", Path(args.out) / n) for n in out_files)]
    if args.plot:
        outputs.append(("--plot", figure_path(args.plot)))
    if args.report:
        outputs += report_outputs(args.report, report_figures)
    refuse_one_file_twice(outputs)


def cmd_league_history(argv):
    p = Parser(prog="simcore league history",
                description="Projected odds as of successive dates of the played results.")
    p.add_argument("league", type=named, help="league.toml, or the folder that holds it")
    p.add_argument("--dates", default=None, action=JoinRepeated,
                   help="comma-separated dates, YYYY-MM-DD, each once and in order (default: five dates spread over "
                        "the played results)")
    p.add_argument("--odds", choices=("playoff", "division", "first_overall", "title"), default="playoff",
                   help="which odds to follow over the dates (default playoff)")
    p.add_argument("-n", type=positive_int, default=2_000, help="seasons per date (default 2000)")
    add_seed(p, what="seasons")
    p.add_argument("--results", type=named, default=None,
                   help="played-results CSV (default: the one the league file names)")
    add_format(p)
    p.add_argument("--plot", default=None, metavar="FILE.png", type=plot_file,
                   help="save the odds over the dates (FILE.png without an extension)")
    p.add_argument("--force", action="store_true", help="replace the plot file if it exists")
    add_threads(p)
    args = p.parse_args(argv)
    from simcore.league.files import load_league
    from simcore.league.projection import default_dates, odds_by_date

    dates = _dates_arg(args.dates) if args.dates else None
    lg = load_league(args.league, results=args.results)
    if dates is None:
        dates = default_dates(lg)
        if not dates:
            raise UsageError("the league has no played results yet; pass --dates")
    if args.plot:
        refuse_overwrite(args.plot, args.force)
    col = f"{args.odds}_odds"
    frame = odds_by_date(lg, dates, n=args.n, seed=args.seed, threads=args.threads)
    if args.plot:
        from simcore.league.plots import odds_over_dates
        from simcore.outputs import save_figure

        save_figure(odds_over_dates(frame, col), args.plot, overwrite=args.force, dpi=120, bbox_inches="tight")
    if args.format == "json":
        doc = {"league": lg.name, "n": args.n, "seed": args.seed, "odds": col,
               "dates": [{"date": d, "games_played": int(g.games_played.iloc[0]),
                          "teams": {r.team: float(getattr(r, col)) for r in g.itertuples()}}
                         for d, g in frame.groupby("date", sort=False)]}
        print(json.dumps(plain(doc), indent=2))
        return
    wide = frame.pivot(index="team", columns="date", values=col)[list(dict.fromkeys(frame["date"]))]
    wide = wide.sort_values(wide.columns[-1], ascending=False).rename_axis(index=None, columns=None)
    played = frame.drop_duplicates("date").set_index("date")["games_played"]
    print(f"{lg.name}: P({args.odds.replace('_', ' ')}) as of each date, {counted(args.n, 'season')} per date "
          f"(seed {args.seed})")
    print("games played: " + ", ".join(f"{d} {int(g)}" for d, g in played.items()) + "\n")
    print(wide.to_string(float_format=lambda v: f"{v:6.1%}"))
    if args.plot:
        print(f"\nwrote {args.plot}")


def _dates_arg(text: str) -> list[str]:
    """``--dates``: comma-separated dates, each YYYY-MM-DD, in increasing order (the odds are followed through
    time), none given twice, no empty item."""
    import argparse

    dates = []
    for d in (d.strip() for d in text.split(",")):
        if not d:
            raise UsageError(f"--dates {text!r} has an empty item; give dates separated by commas")
        try:
            dates.append(iso_date(d))
        except argparse.ArgumentTypeError as exc:
            raise UsageError(f"--dates: {exc}") from None
        if dates.count(d) > 1:
            raise UsageError(f"--dates gives {d} twice; give each date once")
        if len(dates) > 1 and dates[-1] < dates[-2]:
            raise UsageError(f"--dates gives {d} after {dates[-2]}; give the dates in increasing order")
    return dates


def cmd_league_add_result(argv):
    p = Parser(prog="simcore league add-result",
               description="Check one played result against the whole league and append it to the league's "
                           "results file (earlier rows are never rewritten; on any error the file is unchanged).")
    p.add_argument("league", type=named, help="league.toml, or the folder that holds it")
    p.add_argument("date", type=iso_date, help="the date of the game, YYYY-MM-DD (as the schedule has it)")
    p.add_argument("home", help="home team")
    p.add_argument("away", help="away team")
    p.add_argument("home_goals", type=_goals, metavar="HG",
                   help="home goals; a shootout game: level with --winner, or one goal apart with the deciding "
                        "shootout goal counted (the standings take it off)")
    p.add_argument("away_goals", type=_goals, metavar="AG", help="away goals")
    p.add_argument("decided_in", nargs="?", default="REG", type=str.upper, choices=("REG", "OT", "SO"),
                   metavar="REG|OT|SO", help="how the game was decided (default REG)")
    p.add_argument("--winner", choices=("home", "away"), default=None,
                   help="who won the shootout, for a shootout game recorded level (needs a winner column)")
    p.add_argument("--home-goalie", default="", metavar="NAME", help="the home starting goalie")
    p.add_argument("--away-goalie", default="", metavar="NAME", help="the away starting goalie")
    add_format(p)
    args = p.parse_args(argv)
    from simcore.league.edit import add_result

    a = add_result(args.league, args.date, args.home, args.away, args.home_goals, args.away_goals, args.decided_in,
                   winner=args.winner, home_goalie=args.home_goalie, away_goalie=args.away_goalie)
    home, away = a.row["home"], a.row["away"]          # as written: the names stripped
    rows = a.table.set_index("team").loc[[home, away]].reset_index()
    if args.format == "json":
        added = {**a.row, "home_goals": args.home_goals, "away_goals": args.away_goals}    # numbers, not cells
        print(json.dumps(plain({"file": str(a.path), "line": a.line, "added": added,
                                "games_played": len(a.league.results), "games_left": len(a.league.remaining()),
                                "teams": rows.to_dict(orient="records")}), indent=2))
        return
    how = "" if a.row["decided_in"] == "REG" else f" ({a.row['decided_in']})"
    print(f"added to {a.path}, line {a.line}: {args.date} {home} {args.home_goals}, "
          f"{away} {args.away_goals}{how}")
    print(f"{counted(len(a.league.results), 'game')} played, {len(a.league.remaining())} to play\n")
    from simcore.league.standings import format_standings

    print(format_standings(rows, by="league").replace("League\n", "", 1), end="")


def _goals(text: str) -> int:
    import argparse

    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"expected a whole number of goals, got {text!r}")
    return int(text)


def cmd_league_validate(argv):
    p = Parser(prog="simcore league validate",
               description="Read and check a league and every file it names (a Strat league's card kit "
                           "included); run nothing.")
    p.add_argument("league", type=named, help="league.toml, or the folder that holds it")
    add_format(p)
    args = p.parse_args(argv)
    from simcore.league.edit import validate
    from simcore.league.files import goalie_count

    c = validate(args.league)
    lg = c.league
    doc = {"league": lg.name, "game": lg.game, "teams": len(lg.teams),
           "conferences": int(lg.teams.conference.nunique()), "divisions": int(lg.teams.division.nunique()),
           "goalies": goalie_count(lg.goalies), "games_scheduled": len(lg.schedule), "games_played": len(lg.results),
           "games_left": len(lg.remaining()), "files": c.files}
    sizes = lg.teams.groupby("division", sort=False)["team"].agg(list)
    doc["notes"] = [f"division {d!r} has one team ({teams[0]}): a typo of another division's name?"
                    for d, teams in sizes.items() if len(teams) == 1 and len(sizes) > 1]
    if args.format == "json":
        print(json.dumps(plain(doc), indent=2))
        return
    print(f"{c.files[0]}: valid ({lg.name + ', ' if lg.name else ''}game {lg.game})")
    print(f"teams: {doc['teams']} in {doc['conferences']} conferences, {doc['divisions']} divisions; "
          f"{doc['goalies']} goalies")
    print(f"games: {doc['games_scheduled']} scheduled, {doc['games_played']} played, {doc['games_left']} to play")
    print(f"files checked ({len(c.files)}):")
    for f in c.files:
        print(f"  {f}")
    for note in doc["notes"]:
        print(f"note: {note}")


USAGE = """usage: simcore league COMMAND [--help] ...

A replay league: a league.toml naming its game, teams, goalies, schedule and played results (docs/league.md).

commands:
  standings LEAGUE.toml [--results FILE] [--by division|conference|league]   today's standings
                   [--as-of DATE]  the standings after that date's games
  add-result LEAGUE.toml DATE HOME AWAY HG AG [REG|OT|SO]   check one played result and append it
  validate LEAGUE.toml             check the league and every file it names; run nothing
  sample GAME DIR                  write a shipped sample league's files to DIR
  project LEAGUE.toml [-n N]       the rest of the season simulated N times: points, playoff and title odds
  history LEAGUE.toml [--dates ..] the projected odds as of successive dates of the played results

Each command takes --help."""


def cmd_league(argv):
    subs = {"standings": cmd_league_standings, "sample": cmd_league_sample, "project": cmd_league_project,
            "history": cmd_league_history, "add-result": cmd_league_add_result, "validate": cmd_league_validate}
    from simcore.cli import _quiet_first

    argv = _quiet_first(argv)             # `simcore league --quiet project ...`, as `simcore --quiet ...`
    if argv[:1] in (["-h"], ["--help"]):
        print(USAGE)
        return
    if not argv:
        raise UsageError(f"no league command given; commands: {', '.join(subs)} (simcore league --help)")
    if argv[0] not in subs:
        raise UsageError(f"unknown league command {argv[0]!r}; commands: {', '.join(subs)} "
                         "(simcore league --help)")
    subs[argv[0]](argv[1:])
