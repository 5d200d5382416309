"""Blue Line Hockey on the command line: ``simcore blueline`` (a run, one game turn by turn with ``--pbp``, or the
balance report with ``--report``) and ``simcore blueline equilibrium`` (the card game of every shot context,
solved), and the documents they print.  The balance report itself is :mod:`.balance`."""
from __future__ import annotations

import warnings

from simcore.cliargs import (JoinRepeated, UsageError, add_format, add_n, add_pbp, add_seed, add_threads, counted,
                             fixed, named, pbp_game, plain, positive_int, print_json, print_report, refuse_unless)
from simcore.games.base import Command

#: The data-file options of the command line: option -> (setup field, what the file holds).
DATA_OPTIONS = {"--board": ("board", "the board (TOML)"),
                "--chart": ("chart", "the Shot on Goal Slide Rule chart (CSV)"),
                "--penalties": ("penalties", "the 15 penalty cards (CSV)"),
                "--formations": ("formations", "the set-ups (TOML)")}


def _policy(flag: str, spec: str):
    from .policies import Policy

    try:
        return Policy.parse(spec)
    except ValueError as exc:
        raise UsageError(f"{flag}: {exc.args[0] if exc.args else exc}") from None


def blueline_report(res) -> dict:
    """The JSON document of ``simcore blueline``: the run's labels, the data files in play and every metric of
    ``Results.summary()`` as ``{"estimate", "ci": [low, high]}``."""
    m = res.meta
    doc = {"game": "blueline", "n": res.n, "seed": m["seed"], "variant": m["variant"], "policies": m["policies"],
           "files": m["files"], "version": m["version"]}
    for row in res.summary().itertuples():
        doc[row.metric] = {"estimate": row.estimate, "ci": [row.ci_low, row.ci_high]}
    return plain(doc)


def format_blueline(doc: dict) -> str:
    pol = doc["policies"]
    files = ", ".join(f"{k} {v}" for k, v in doc["files"].items())
    out = ["Blue Line Hockey: home (red) against the visitors (blue)",
           f"rules {doc['variant']}",
           "policies " + (pol["home"] if pol["home"] == pol["away"] else f"home {pol['home']}; away {pol['away']}"),
           f"files {files}",
           f"simulated {counted(doc['n'], 'game')}, seed {doc['seed']}", "",
           f"{'metric':<30}{'estimate':>10}   95% interval"]
    for name, v in doc.items():
        if isinstance(v, dict) and set(v) == {"estimate", "ci"}:
            lo, hi = v["ci"]
            out.append(f"{name:<30}{fixed(v['estimate']):>10}   [{fixed(lo)}, {fixed(hi)}]")
    return "\n".join(out)


def _add_data_options(p):
    for flag, (_, what) in DATA_OPTIONS.items():
        p.add_argument(flag, type=named, metavar="FILE", default=None,
                       help=f"{what} to play with instead of the shipped file")


def _build(p):
    add_n(p, 100_000)
    add_seed(p)
    p.add_argument("--rules", default="", metavar="FIELD=VALUE,...", action=JoinRepeated,
                   help="rule fields or a preset name (see below)")
    p.add_argument("--policy-home", default="default", metavar="P",
                   help="the home (red) coach's policy: a preset (default, random, cautious, aggressive, "
                        "equilibrium) or 'field=value;field=value' (a preset may start it: 'aggressive;cards=random')")
    p.add_argument("--policy-away", default="default", metavar="P", help="the visitors' policy, the same forms")
    _add_data_options(p)
    add_threads(p)
    add_pbp(p, "turn by turn, with the rink after each turn")
    p.add_argument("--report", action="store_true",
                   help="the balance report: home advantage, goals, PP%%, what equilibrium card play is worth, "
                        "a policy matrix")
    p.add_argument("--matrix-n", type=positive_int, metavar="N",
                   help="with --report: games per seat of each policy-matrix cell (default 4000)")
    p.add_argument("--cards-n", type=positive_int, metavar="N",
                   help="with --report: games per seat of each card-play pairing (default 20000)")
    p.add_argument("--out", type=named, metavar="FILE.html",
                   help="with --report: also write it as a page to share (.html, or .md with its figures beside it)")
    p.add_argument("--force", action="store_true", help="replace an existing --out file")
    add_format(p)


def _rules(game, spec: str):
    return game.rules(spec or None)


def setup_from_args(game, args):
    """The Setup the command line's options name (policies and data files)."""
    fields = {"policy_home": _policy("--policy-home", args.policy_home),
              "policy_away": _policy("--policy-away", args.policy_away)}
    for flag, (field, _) in DATA_OPTIONS.items():
        value = getattr(args, field)
        if value is not None:
            fields[field] = value
    return game.setup(fields)


#: The options that go with --report only: option -> its dest.
REPORT_OPTIONS = {"--matrix-n": "matrix_n", "--cards-n": "cards_n", "--out": "out"}


def _run(game, args):
    if args.pbp and args.report:
        raise UsageError("--pbp and --report are separate forms; pass one of them")
    if not args.report:
        refuse_unless(args, "--report", REPORT_OPTIONS)
    pbp_game(args)
    rules = _rules(game, args.rules)
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
            rep = balance_report(args.n, args.seed, rules, setup, matrix_n=args.matrix_n or 4000,
                                 cards_n=args.cards_n or 20_000, threads=args.threads)
        print_report(rep, args)
        return

    res = game.simulate(setup, n=args.n, seed=args.seed, rules=rules, threads=args.threads)
    doc = blueline_report(res)
    if args.format == "json":
        print_json(doc)
    else:
        print(format_blueline(doc))


def _print_pbp(lg, args, rules, setup):
    pol = {"home": str(setup.policy_home), "away": str(setup.policy_away)}
    if args.format == "json":
        print_json({"game": "blueline", "seed": args.seed, "game_id": args.game_id, "variant": rules.id,
                    "policies": pol, "result": plain(lg.result), "events": plain(lg.events.to_dict(orient="records")),
                    "text": lg.text.splitlines()})
        return
    print(f"Blue Line Hockey: game {args.game_id} of seed {args.seed}, home (red) against the visitors (blue)")
    print(f"rules {rules.id}")
    print("policies " + (pol["home"] if pol["home"] == pol["away"] else f"home {pol['home']}; away {pol['away']}"))
    print()
    print(lg.text)      # it ends with the shots and the final score


# ---------------------------------------------------------------- simcore blueline equilibrium

def _build_equilibrium(p):
    p.add_argument("--chart", type=named, metavar="FILE", default=None,
                   help="the Shot on Goal Slide Rule chart (CSV) to solve instead of the shipped one")
    p.add_argument("--format", choices=("table", "json"), default="table", help="output (default table)")


def format_equilibrium(doc: dict) -> str:
    """The solved card game of every shot context as a table: the context, the equilibrium mixes of shooter
    and goalie cards (percent) and the goal probability at the equilibrium."""
    ctxs = doc["contexts"]
    if not ctxs:
        return "no shot contexts"
    shooter, goalie = ctxs[0]["shooter_cards"], ctxs[0]["goalie_cards"]
    keys = list(ctxs[0]["context"])
    head = "".join(f"{k:<10}" for k in keys)
    lines = ["Blue Line Hockey: the SHOT ON GOAL / GOALIE POSITION card game of each shot context, solved "
             "(mixed-strategy equilibrium, linear programming)",
             f"shooter cards {' '.join(shooter)}; goalie cards {' '.join(goalie)}; mixes in percent; value = goal "
             "probability at the equilibrium", "",
             head + f"{'shooter mix':<32}{'goalie mix':<32}{'value':>7}"]
    for c in ctxs:
        ctx = "".join(f"{str(c['context'][k]):<10}" for k in keys)
        s = " ".join(f"{100 * p:5.1f}" for p in c["shooter"])
        g = " ".join(f"{100 * p:5.1f}" for p in c["goalie"])
        lines.append(f"{ctx}{s:<32}{g:<32}{c['value']:>7.4f}")
    return "\n".join(lines)


def _run_equilibrium(game, args):
    from .chart import load_chart
    from .equilibrium import equilibrium_document

    doc = equilibrium_document(load_chart(args.chart))
    if args.format == "json":
        print_json(plain(doc))
    else:
        print(format_equilibrium(plain(doc)))


COMMANDS = (
    Command("", "simulate games, print one turn by turn (--pbp), or run the balance report (--report)", _build, _run,
            "simcore blueline -n 100000 --seed 1 --policy-away aggressive --format json"),
    Command("equilibrium", "the shot card game of every context, solved exactly (mixed equilibrium)",
            _build_equilibrium, _run_equilibrium, "simcore blueline equilibrium --format json"),
)
