"""Pass & Score on the command line: ``simcore passscore`` (a run, one game play by play with ``--pbp``, or the
balance report with ``--report``) and the documents they print.  The balance report itself is :mod:`.balance`."""
from __future__ import annotations

import warnings

from simcore.cliargs import (JoinRepeated, UsageError, add_format, add_n, add_pbp, add_seed, add_threads, counted,
                             fixed, named, pbp_game, plain, positive_int, print_json, print_report, refuse_unless)
from simcore.games.base import Command


def _policy(flag: str, spec: str):
    from .policies import Policy

    try:
        return Policy.parse(spec)
    except ValueError as exc:
        raise UsageError(f"{flag}: {exc.args[0] if exc.args else exc}") from None


def passscore_report(res) -> dict:
    """The JSON document of ``simcore passscore``: the run's labels and every metric of ``Results.summary()`` as
    ``{"estimate", "ci": [low, high]}`` (``n``, ``home_win``, ``away_win``, ``tie``, ``goals_per_team_game``,
    ...)."""
    m = res.meta
    doc = {"game": "passscore", "n": res.n, "seed": m["seed"], "variant": m["variant"], "policies": m["policies"],
           "files": m["files"], "version": m["version"]}
    for row in res.summary().itertuples():
        doc[row.metric] = {"estimate": row.estimate, "ci": [row.ci_low, row.ci_high]}
    return plain(doc)


def format_passscore(doc: dict) -> str:
    pol = doc["policies"]
    out = ["Pass & Score: home (red, attacks first) against away (blue)", f"rules {doc['variant']}",
           "policies " + (pol["home"] if pol["home"] == pol["away"] else f"home {pol['home']}; away {pol['away']}"),
           f"board {doc['files']['board']}", f"simulated {counted(doc['n'], 'game')}, seed {doc['seed']}", "",
           f"{'metric':<30}{'estimate':>10}   95% interval"]
    for name, v in doc.items():
        if isinstance(v, dict) and set(v) == {"estimate", "ci"}:
            lo, hi = v["ci"]
            out.append(f"{name:<30}{fixed(v['estimate']):>10}   [{fixed(lo)}, {fixed(hi)}]")
    return "\n".join(out)


def _build(p):
    add_n(p, 2000)
    add_seed(p)
    p.add_argument("--rules", default="", metavar="FIELD=VALUE,...", action=JoinRepeated,
                   help="rule fields or a preset name (see below)")
    p.add_argument("--policy-home", default=None, metavar="P",
                   help="the home (red) coach's policy: random (uniform over the legal plays; the default), greedy "
                        "(the default of --report), search or search:N (N plays searched two plays deep per "
                        "decision; default 8)")
    p.add_argument("--policy-away", default=None, metavar="P", help="the away (blue) coach's policy, the same "
                   "forms and defaults")
    p.add_argument("--board", type=named, metavar="FILE", default=None,
                   help="a board file (TOML) instead of the shipped one")
    add_threads(p)
    add_pbp(p, "play by play, with the board after each play")
    p.add_argument("--report", action="store_true",
                   help="the balance report: the first attacker's advantage, goals and game length, a policy-vs-"
                        "policy matrix, which rule options change balance")
    p.add_argument("--matrix-n", type=positive_int, metavar="N",
                   help="with --report: games per seat of each policy-matrix cell (default 200)")
    p.add_argument("--out", type=named, metavar="FILE.html",
                   help="with --report: also write it as a page to share (.html, or .md with its figures beside it)")
    p.add_argument("--force", action="store_true", help="replace an existing --out file")
    add_format(p)


#: the policy of a side not named: the report's base run is greedy's game, since random against random almost never
#: scores (94% ties leave every balance figure at its floor)
DEFAULT_POLICY = "random"
REPORT_POLICY = "greedy"


def setup_from_args(game, args):
    default = REPORT_POLICY if getattr(args, "report", False) else DEFAULT_POLICY
    fields = {"policy_home": _policy("--policy-home", args.policy_home or default),
              "policy_away": _policy("--policy-away", args.policy_away or default)}
    if args.board is not None:
        fields["board"] = args.board
    return game.setup(fields)


def _run(game, args):
    if args.pbp and args.report:
        raise UsageError("--pbp and --report are separate forms; pass one of them")
    if not args.report:
        refuse_unless(args, "--report", {"--matrix-n": "matrix_n", "--out": "out"})
    pbp_game(args)
    rules = game.rules(args.rules or None)
    setup = setup_from_args(game, args)
    if args.out:
        from simcore.sharing import refuse_existing

        from .balance import REPORT_FIGURES

        refuse_existing(args.out, REPORT_FIGURES, args.force)
    if args.pbp:
        _print_pbp(game.play_by_play(setup, args.seed, args.game_id, rules), args, rules, setup)
        return
    if args.report:
        from .balance import balance_report

        with warnings.catch_warnings():      # a one-game run has no spread: its intervals are NaN (null)
            warnings.simplefilter("ignore", RuntimeWarning)
            rep = balance_report(args.n, args.seed, rules, setup, matrix_n=args.matrix_n or 200,
                                 threads=args.threads)
        print_report(rep, args)
        return
    res = game.simulate(setup, n=args.n, seed=args.seed, rules=rules, threads=args.threads)
    doc = passscore_report(res)
    if args.format == "json":
        print_json(doc)
    else:
        print(format_passscore(doc))


def _print_pbp(lg, args, rules, setup):
    row = plain(lg.result)
    pol = {"home": str(setup.policy_home), "away": str(setup.policy_away)}
    if args.format == "json":
        print_json({"game": "passscore", "seed": args.seed, "game_id": args.game_id, "variant": rules.id,
                    "policies": pol, "files": setup.files(), "result": row,
                    "events": plain(lg.events.to_dict(orient="records")),
                    "text": lg.text.splitlines()})
        return
    print(f"Pass & Score: game {args.game_id} of seed {args.seed}, home (red) against away (blue)")
    print(f"rules {rules.id}")
    print("policies " + (pol["home"] if pol["home"] == pol["away"] else f"home {pol['home']}; away {pol['away']}"))
    print(f"board {setup.files()['board']}")
    print()
    print(lg.text.removesuffix("\n"))     # the play-by-play's last line is the final score


COMMANDS = (
    Command("", "simulate games, print one play by play (--pbp), or run the balance report (--report)", _build, _run,
            "simcore passscore -n 200 --seed 1 --policy-home search --policy-away greedy --format json"),
)
