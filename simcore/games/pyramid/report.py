"""Pyramid card hockey on the command line: ``simcore pyramid`` (a run, one game card by card, or the balance
report) and the documents it prints.  The balance report itself is :mod:`.balance` (its names are also here)."""
from __future__ import annotations

import warnings

from simcore.cliargs import (JoinRepeated, UsageError, add_format, add_n, add_pbp, add_seed, add_threads, counted,
                             fixed, named, pbp_game, plain, plot_file, positive_int, print_json, refuse_one_file_twice,
                             refuse_overwrite, refuse_unless, wrote_page)
from simcore.games.base import Command

from .balance import (BALANCE_SLACK, MATRIX_POLICIES, TIE_OPTIONS, BalanceReport, balance_report,  # noqa: F401
                      draw_options, headline, policy_matrix, rule_options)
from .policies import Policy


def _policy(flag: str, spec: str) -> Policy:
    try:
        return Policy.parse(spec)
    except ValueError as exc:
        raise UsageError(f"{flag}: {exc}") from None


#: JSON keys of earlier releases still written beside their new names (for one release): old -> new.
RENAMED_KEYS = {"turns_per_game": "game_length"}


def pyramid_report(res) -> dict:
    """The JSON document of ``simcore pyramid``: the run's labels and every metric of ``Results.summary()``
    as ``{"estimate", "ci": [low, high], "unit"}`` (and the keys of :data:`RENAMED_KEYS`, deprecated)."""
    m = res.meta
    doc = {"game": "pyramid", "n": res.n, "seed": m["seed"], "variant": m["variant"], "policies": m["policies"],
           "deck": m["deck"], "version": m["version"]}
    for row in res.summary().itertuples():
        doc[row.metric] = {"estimate": row.estimate, "ci": [row.ci_low, row.ci_high], "unit": row.unit}
    for old, new in RENAMED_KEYS.items():
        doc[old] = doc[new]
    doc["deprecated_keys"] = {**RENAMED_KEYS, "deck.sha256": "deck.fingerprint"}
    return plain(doc)


def format_pyramid(r: dict, metrics) -> str:
    pol = r["policies"]
    out = ["Pyramid card hockey: side A (home) against side B (away)",
           f"rules {r['variant']}",
           f"deck {r['deck']['source']} ({r['deck']['cards']} cards)",
           "policies " + (pol["home"] if pol["home"] == pol["away"] else f"A {pol['home']}; B {pol['away']}"),
           f"simulated {counted(r['n'], 'game')}, seed {r['seed']}", "",
           f"{'metric':<24}{'estimate':>10}   {'95% interval':<20}  unit"]

    for name in metrics:
        v = r[name]
        lo, hi = v["ci"]
        ci = f"[{fixed(lo)}, {fixed(hi)}]"
        out.append(f"{name:<24}{fixed(v['estimate']):>10}   {ci:<20}  {v['unit']}")
    return "\n".join(out)


def plot(path, *, res=None, report=None, overwrite: bool = False):
    """Write the distribution of goals per game of ``res``, or the policy matrix and rule options of a balance
    ``report``, to ``path`` (``path.png`` without an extension; an existing file only with ``overwrite``);
    returns the path written."""
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.ticker import PercentFormatter

    from simcore.analysis.plots import score_matrix

    if report is not None:
        mat = report.matrix
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.6))
        score_matrix(ax1, mat, fontsize=8, rotate=True)
        ax1.set(title=f"row's score against column ({counted(int(mat.n.iloc[0]), 'game')} a cell)")
        draw_options(ax2, report.options)
    else:
        g = res.table("games")
        goals = (g.home_goals + g.away_goals).to_numpy()
        fig, ax = plt.subplots(figsize=(6.5, 3.8))
        k = np.arange(goals.max() + 1)
        ax.bar(k, np.bincount(goals, minlength=k.size) / goals.size, color="#9ecae1")
        ax.set(xlabel="goals in a game (both sides)", ylabel="share of games",
               title=f"Pyramid card hockey, {res.n:,} games, seed {res.meta['seed']}")
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    fig.tight_layout()
    from simcore.outputs import save_figure

    try:
        return save_figure(fig, path, overwrite=overwrite, dpi=110)
    finally:
        plt.close(fig)


def _build(p):
    add_n(p, 100_000)
    add_seed(p)
    p.add_argument("--rules", default="", metavar="FIELD=VALUE,...", action=JoinRepeated,
                   help="rule fields, e.g. 'tie_break=sudden-death,deck=jokers' (see below)")
    p.add_argument("--policy-a", default="default", metavar="P",
                   help="side A's (home) policy: a preset (default, random, forwards, balance, cheap-shot, rush, "
                        "in-order) or 'draft=..,route=..,shoot=..'")
    p.add_argument("--policy-b", default="default", metavar="P", help="side B's (away) policy, the same forms")
    p.add_argument("--deck-file", type=named, metavar="FILE",
                   help="deck for --rules deck=custom: CSV with columns card,value "
                   "and an optional count")
    add_threads(p)
    add_pbp(p, "card by card instead of the summary")
    p.add_argument("--report", action="store_true",
                   help="the balance report: headline figures, policy matrix and rule options")
    p.add_argument("--matrix-n", type=positive_int, metavar="N",
                   help="with --report: games per policy-matrix cell (default 20000)")
    p.add_argument("--options-n", type=positive_int, metavar="N",
                   help="with --report: games per rule option (default: -n)")
    p.add_argument("--plot", metavar="FILE", type=plot_file, help="write a figure to FILE (the report's matrix and "
                   "rule options with --report, else the distribution of goals per game; FILE.png without an "
                   "extension)")
    p.add_argument("--out", type=named, metavar="FILE.html",
                   help="with --report: also write it as a page to share (.html, or .md with its figures beside it)")
    p.add_argument("--force", action="store_true", help="replace an existing --plot or --out file")
    add_format(p)


def _run(game, args):
    from . import engine
    from .deck import deck_for

    if args.pbp and args.report:
        raise UsageError("--pbp and --report are separate forms; pass one of them")
    if args.pbp and args.plot:
        raise UsageError("--plot draws a run or a report, not a --pbp game")
    pbp_game(args)
    if not args.report:
        refuse_unless(args, "--report", {"--matrix-n": "matrix_n", "--options-n": "options_n", "--out": "out"})
    rules = game.rules(args.rules)
    policies = (_policy("--policy-a", args.policy_a), _policy("--policy-b", args.policy_b))
    deck = deck_for(rules, args.deck_file) if (args.deck_file or rules.deck == "custom") else None
    engine.compile_game(rules, policies, deck)      # checks the deck before any play; the file is read once
    setup = game.setup({"policy_a": policies[0], "policy_b": policies[1], "deck_file": deck})
    if args.plot:
        refuse_overwrite(args.plot, args.force)
    if args.out:
        from simcore.sharing import refuse_existing, report_outputs

        from .balance import REPORT_FIGURES

        refuse_one_file_twice([*([("--plot", args.plot)] if args.plot else []),
                               *report_outputs(args.out, REPORT_FIGURES, "--out")])
        refuse_existing(args.out, REPORT_FIGURES, args.force)

    if args.pbp:
        lg = game.play_by_play(setup, args.seed, args.game_id, rules)
        _print_pbp(lg, args, rules, policies)
        return

    if args.report:
        with warnings.catch_warnings():      # a one-game run has no spread: its intervals are NaN (null)
            warnings.simplefilter("ignore", RuntimeWarning)
            rep = balance_report(args.n, args.seed, rules, policies, matrix_n=args.matrix_n or 20_000,
                                 options_n=args.options_n or args.n, threads=args.threads, deck_file=deck)
        if args.plot:
            plot(args.plot, report=rep, overwrite=args.force)
        written = rep.page().write(args.out, force=args.force) if args.out else None
        if args.format == "json":
            print_json(plain(rep.to_json()))
        else:
            print(rep.to_text())
            wrote = ([f"wrote {args.plot}"] if args.plot else []) + ([wrote_page(written)] if written else [])
            if wrote:
                print("\n" + "\n".join(wrote))
        return

    res = game.simulate(setup, n=args.n, seed=args.seed, rules=rules, threads=args.threads)
    report = pyramid_report(res)
    if args.plot:
        plot(args.plot, res=res, overwrite=args.force)
        report["files"] = [args.plot]
    if args.format == "json":
        print_json(report)
    else:
        print(format_pyramid(report, list(res.summary().metric)))
        if args.plot:
            print(f"\nwrote {args.plot}")


def _print_pbp(lg, args, rules, policies):
    row = plain(lg.result)
    pol = {"home": str(policies[0]), "away": str(policies[1])}
    if args.format == "json":
        print_json({"game": "pyramid", "seed": args.seed, "game_id": args.game_id, "variant": rules.id,
                    "policies": pol, "result": row, "events": lg.text.splitlines()})
        return
    print(f"Pyramid card hockey: game {args.game_id} of seed {args.seed}, side A (home) against side B (away)")
    print(f"rules {rules.id}")
    print("policies " + (pol["home"] if pol["home"] == pol["away"] else f"A {pol['home']}; B {pol['away']}"))
    print()
    print(lg.text)
    print()
    winner = {"home": "A wins", "away": "B wins", "tie": "tie"}[row["winner"]]
    how = {"REG": "", "OT": ", in the sudden-death period", "SO": ", in the shootout"}[row["decided_in"]]
    if row["winner"] == "tie" and row["decided_in"] == "OT":
        how = ", after a scoreless sudden-death period"
    print(f"final: A {row['home_goals']}, B {row['away_goals']} ({winner}{how})")


COMMANDS = (
    Command("", "simulate games, print one card by card (--pbp), or run the balance report (--report)", _build, _run,
            "simcore pyramid -n 100000 --seed 1 --rules tie_break=sudden-death --policy-b rush"),
)
