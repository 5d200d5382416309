"""The outputs a user sees, at fixed seeds: the runs whose digests ``digests.json`` keeps.

Each run returns ``{name: DataFrame | JSON document}``.  :func:`digest` reduces a frame to one sha256 per
column (row order included) and a document to one sha256 per top-level key over the key paths recorded with it,
so columns and keys that are added later do not count, and a renamed one is looked up by its new name
(:data:`simcore.vocabulary.RENAMED`).  ``python tests/golden/golden_runs.py`` rewrites ``digests.json``; it was written
before the game contract (docs/architecture.md) and must not change when code is reorganized.  ``--new`` adds the
digests of outputs it does not hold yet (Blue Line's and Pass & Score's, recorded after the contract), and
``--rerecord NAME ...`` records again the ones :data:`RERECORDED` gives a reason for.
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import json
import math
from pathlib import Path

import numpy as np
import pandas as pd

from simcore.cliargs import counted

ROOT = Path(__file__).resolve().parents[2]
DIGESTS = Path(__file__).with_name("digests.json")


def _cli(argv: list[str]) -> dict:
    """The JSON document a CLI command prints."""
    from simcore.cli import main

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = main(argv)
    assert rc == 0, f"simcore {' '.join(argv)} exited {rc}"
    return json.loads(buf.getvalue())


def _tables(res, names) -> dict:
    out = {f"table:{t}": res.table(t) for t in names}
    out["summary"] = res.summary()
    return out


def ezr_runs() -> dict:
    import simcore

    ezr = simcore.game("ezr")
    out = {}
    res = ezr.simulate("D/D/B/b", "F/E/C/b", n=20_000, seed=1)
    for k, v in _tables(res, ("games", "periods", "events", "goal_distribution", "score_distribution")).items():
        out[f"ezr/{k}"] = v
    agg = ezr.simulate("D/E/B/c", "F/E/C/b", n=50_000, seed=3, rules="qq_chart=off", mode="aggregate")
    out["ezr/aggregate/summary"] = agg.summary()
    out["ezr/aggregate/table:score_distribution"] = agg.table("score_distribution")
    out["ezr/exact"] = ezr.exact("D/D/B/b", "F/E/C/b").to_dict()
    return out


def strat_runs() -> dict:
    from simcore.games.strat import analysis, engine

    out = {}
    res = engine.simulate(league=True, n=2_240, seed=1)
    for k, v in _tables(res, ("games", "team_games", "teams", "players", "goalies", "goalie_games")).items():
        out[f"strat/league/{k}"] = v
    res = engine.simulate("KBY", "NRV", n=1_000, seed=5, rules="lines=4,pk_units=2",
                          coaches="penetrate=always,pull_goalie=never")
    for k, v in _tables(res, ("games", "team_games", "players")).items():
        out[f"strat/matchup/{k}"] = v
    out["strat/special_teams"] = analysis.special_teams(res)
    out["strat/pbp"] = engine.play_by_play("KBY", "NRV", seed=1, game=3).events
    return out


def pyramid_runs() -> dict:
    import simcore

    pyramid = simcore.game("pyramid")
    out = {}
    res = pyramid.simulate(20_000, seed=1)
    for k, v in _tables(res, ("games", "periods")).items():
        out[f"pyramid/default/{k}"] = v
    res = pyramid.simulate(20_000, seed=2, rules="tie_break=shootout,first_player=random",
                           policies=("random", "rush"))
    for k, v in _tables(res, ("games",)).items():
        out[f"pyramid/variant/{k}"] = v
    lg = pyramid.play_by_play(1, 7, "tie_break=sudden-death", policies=("balance", "cheap-shot"))
    row = lg.result if hasattr(lg, "result") else lg.row
    out["pyramid/pbp"] = {"row": {k: str(v) for k, v in row.items()}, "text": lg.text}
    return out


def _pbp(lg) -> dict:
    """A logged game as a document: its row (as text) and its play-by-play text."""
    return {"row": {k: str(v) for k, v in lg.row.items()}, "text": lg.text}


def _contract_runs(gid: str, runs: dict, pbp: tuple) -> dict:
    """A game on the contract: every table and the summary of each run (``{name: (setup, n, seed, rules)}``) as
    ``gid/name/...``, and one logged game (``pbp``: setup, seed, game index) as ``gid/pbp``."""
    import simcore

    g = simcore.game(gid)
    out = {}
    for name, (setup, n, seed, rules) in runs.items():
        res = g.simulate(setup, n=n, seed=seed, rules=rules, progress=False)
        for k, v in _tables(res, res.table_names).items():
            out[f"{gid}/{name}/{k}"] = v
    setup, seed, index = pbp
    out[f"{gid}/pbp"] = _pbp(g.play_by_play(setup, seed=seed, game_index=index))
    return out


def blueline_runs() -> dict:
    return _contract_runs("blueline", {
        "default": (None, 1_000, 1, None),
        "variant": ("policy_home=aggressive,policy_away=equilibrium", 500, 2, "touch-delayed,pp_move_pass=every-turn"),
    }, (None, 1, 3))


def passscore_runs() -> dict:
    return _contract_runs("passscore", {
        "greedy": ("policy_home=greedy,policy_away=greedy", 300, 1, None),
        "variant": ("policy_home=random,policy_away=greedy", 1_000, 2, "slides=off,offside=off"),
    }, ("policy_home=search:4,policy_away=greedy", 1, 2))


def league_runs() -> dict:
    from simcore.league.projection import project
    from simcore.league.samplegen import DATA

    out = {}
    for name in ("ezr", "strat"):
        p = project(DATA / name / "league.toml", n=200, seed=1, keep_games=True)
        out[f"league/{name}/teams"] = p.teams
        out[f"league/{name}/seasons"] = p.seasons
        out[f"league/{name}/goalies"] = p.goalies
        if p.players is not None:
            out[f"league/{name}/players"] = p.players
        out[f"league/{name}/games"] = p.games
    return out


def cli_runs() -> dict:
    from simcore.league.samplegen import DATA

    ezr_league = str(DATA / "ezr" / "league.toml")
    strat_league = str(DATA / "strat" / "league.toml")
    cmds = {
        "ezr": ["ezr", "--home", "BOS", "--away", "NYR", "-n", "20000", "--seed", "1", "--format", "json"],
        "ezr-policy": ["ezr", "--home", "D/E/B/c", "--away", "TBL", "-n", "5000", "--policy", "at-least-2",
                       "--rules", "shootout_undecided=tie", "--format", "json"],
        "ezr-period": ["ezr", "period", "--ezr", "3", "--period", "3", "--format", "json"],
        "ezr-table": ["ezr", "table", "--format", "json"],
        "strat": ["strat", "KBY", "NRV", "-n", "2000", "--seed", "1", "--format", "json"],
        "strat-league": ["strat", "--league", "sample", "-n", "560", "--seed", "2", "--rules", "goalie_fatigue=off",
                         "--format", "json"],
        "strat-pbp": ["strat", "KBY", "NRV", "--pbp", "--game", "2", "--seed", "4", "--format", "json"],
        "strat-teams": ["strat", "teams", "--format", "json"],
        "pyramid": ["pyramid", "-n", "20000", "--seed", "1", "--format", "json"],
        "pyramid-pbp": ["pyramid", "--pbp", "--game-id", "3", "--seed", "2", "--format", "json"],
        "pyramid-report": ["pyramid", "--report", "-n", "2000", "--matrix-n", "400", "--options-n", "400",
                           "--format", "json"],
        "compare-ezr": ["compare", "ezr", "--b", "qq_chart=off", "-n", "20000", "--format", "json"],
        "compare-strat": ["compare", "strat", "--b", "goalie_fatigue=off", "-n", "1120", "--format", "json"],
        "compare-pyramid": ["compare", "pyramid", "--b", "tie_break=sudden-death", "-n", "20000",
                            "--setup", "policy_a=rush", "--format", "json"],
        "sweep-ezr": ["sweep", "ezr", "--grid", "qq_chart=on,off;overtime=table,none", "-n", "5000",
                      "--seeds", "0,1", "--format", "json"],
        "sweep-pyramid": ["sweep", "pyramid", "--grid", "policy_b=default,rush", "-n", "5000", "--format", "json"],
        "league-standings": ["league", "standings", strat_league, "--format", "json"],
        "league-standings-ezr": ["league", "standings", ezr_league, "--format", "json"],
        "league-project-ezr": ["league", "project", ezr_league, "-n", "200", "--seed", "3", "--format", "json"],
        "league-project-strat": ["league", "project", strat_league, "-n", "100", "--seed", "3", "--format", "json"],
        "league-history": ["league", "history", strat_league, "-n", "50", "--dates", "2026-10-20,2026-11-20",
                           "--format", "json"],
        "blueline": ["blueline", "-n", "500", "--seed", "1", "--format", "json"],
        "passscore": ["passscore", "-n", "200", "--seed", "1", "--policy-home", "greedy", "--format", "json"],
    }
    return {f"cli/{k}": _cli(v) for k, v in cmds.items()}


RUNS = {"ezr": ezr_runs, "strat": strat_runs, "pyramid": pyramid_runs, "blueline": blueline_runs,
        "passscore": passscore_runs, "league": league_runs, "cli": cli_runs}

#: Values corrected on purpose since the digests were first recorded: output -> {key path or column: why}.
#: The paths are left out of the digests (recorded and recomputed alike), so everything else still has to
#: match; after adding one, rerecord from the commit the digests come from (08f2692).
CORRECTIONS = {
    "pyramid/pbp": {"row.game_id": "the logged game's game_id was 0 whatever the game; it is the game's index"},
    "cli/pyramid-pbp": {"result.game_id": "as pyramid/pbp's row.game_id"},
    "strat/league/table:teams": {"save_pct": "a team's save % counted empty-net shots against it; now saves over "
                                             "shots on its goalies, as the league summary and the goalie table"},
    "cli/strat": {"teams[].save_pct": "as strat/league/table:teams"},
    "cli/strat-league": {"teams[].save_pct": "as strat/league/table:teams"},
}

#: Names changed since the digests were recorded, by output (a prefix of its name): new name -> recorded name.
#: A summary's metric names are values of its ``metric`` column; JSON documents keep the old keys beside the
#: new ones for a release, so they need no entry.
BACK = {
    "pyramid/": {"game_length": "turns_per_game"},
    "strat/": {"home_win": "home_win_pct", "away_win": "away_win_pct", "tie": "tie_pct"},
}


def back(name: str) -> dict:
    """The renames that apply to output ``name``."""
    out = {}
    for prefix, m in BACK.items():
        if name.startswith(prefix):
            out.update(m)
    return out


# ---------------------------------------------------------------- digests

def _float(v: float) -> str:
    """A float as it is digested: 12 significant digits.  The last bits of a float computed through numpy's
    vectorized loops differ between processors (the exact EZR distributions on an AMD EPYC against an Intel Xeon),
    so a digest of the full ``repr`` would change with the machine, not with the code."""
    return format(v, ".12g")


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _plain(x):
    """A JSON-comparable form: paths of this checkout replaced, floats at 12 significant digits (:func:`_float`)."""
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, np.generic):
        x = x.item()
    if isinstance(x, float):
        return None if not math.isfinite(x) else _float(x)
    if isinstance(x, str):
        return x.replace(str(ROOT), "<root>")
    return x


def _paths(x, prefix="") -> set[str]:
    """Every key path of a document (list items as ``[]``)."""
    if isinstance(x, dict):
        out = set()
        for k, v in x.items():
            p = f"{prefix}.{k}" if prefix else k
            out |= {p} | _paths(v, p)
        return out
    if isinstance(x, list):
        out = set()
        for v in x:
            out |= _paths(v, f"{prefix}[]")
        return out
    return set()


def _prune(x, schema: set, prefix="", drop=()):
    """``x`` with only the key paths in ``schema`` and none of those in ``drop``; ``path[name=X]`` in ``drop``
    leaves out the items of the list at ``path`` whose ``name`` is X."""
    if isinstance(x, dict):
        out = {}
        for k, v in x.items():
            p = f"{prefix}.{k}" if prefix else k
            if p in schema and p not in drop:
                out[k] = _prune(v, schema, p, drop)
        return out
    if isinstance(x, list):
        gone = {d.split("[name=", 1)[1][:-1] for d in drop if d.startswith(f"{prefix}[name=")}
        return [_prune(v, schema, f"{prefix}[]", drop) for v in x
                if not (isinstance(v, dict) and v.get("name") in gone)]
    return x


def _rename(x, back: dict):
    """Keys and names (a metric's name is also a value) of a later release, renamed back to those recorded."""
    if isinstance(x, dict):
        return {back.get(k, k): _rename(v, back) for k, v in x.items()}
    if isinstance(x, list):
        return [_rename(v, back) for v in x]
    if isinstance(x, str):
        return back.get(x, x)
    return x


def _column(s: pd.Series) -> str:
    if pd.api.types.is_float_dtype(s):
        vals = [_float(float(v)) if v == v else "nan" for v in s]
    else:
        vals = [str(v) for v in s.astype(object)]
    return _sha("\n".join(vals))


def digest(x, schema: dict | None = None, back: dict | None = None, drop=()) -> dict:
    """``{"kind", "rows"/"schema", "columns"/"keys": {name: sha}}`` of a frame or a document, leaving out the
    columns or key paths in ``drop``."""
    back = back or {}
    if isinstance(x, pd.DataFrame):
        df = x.rename(columns=back).reset_index(drop=True).drop(columns=[c for c in drop if c in x.columns])
        for c in df.columns:
            if pd.api.types.is_string_dtype(df[c]) or df[c].dtype == object or \
                    isinstance(df[c].dtype, pd.CategoricalDtype):
                df[c] = df[c].astype(object).map(lambda v: back.get(v, v) if isinstance(v, str) else v)
        return {"kind": "frame", "rows": len(df), "columns": {str(c): _column(df[c]) for c in df.columns}}
    doc = _rename(_plain(x), back)
    if isinstance(doc, str):
        doc = {"text": doc}
    paths = sorted(_paths(doc)) if schema is None else schema
    doc = _prune(doc, set(paths), drop=set(drop))
    return {"kind": "doc", "schema": list(paths),
            "keys": {k: _sha(json.dumps(v, sort_keys=True)) for k, v in doc.items()}}


#: Why the Strat outputs were recorded again: CHANGELOG, "Strat-O-Matic Hockey, the Basic game corrected".
STRAT_CORRECTED = ("the Basic game's rules played as the rulebook has them (the offender sits out his penalty kill, "
                   "two action cards of power-play time, the retaliation's power play, 4.31's alternation, no goalie "
                   "pull with no card left, shootouts stopping when decided, no assist or empty net on the Power "
                   "Play Chart from play before it), the sample kit's Players B and C on NRV, the play-by-play's "
                   "new lines, new summary rows and table columns, and the rules and coach ids naming the new "
                   "fields and policies")
#: Why the compare outputs were recorded again: CHANGELOG, "Pooled-rate metrics in compare".
POOLED_P = ("a pooled rate's p-value (balance, goals_variance, goals_dispersion, save_pct, pp_pct) is taken from the "
            "Student t distribution of its interval, no longer the normal, and the Holm-adjusted p-values take "
            "them in (EZR's balance p 0.389701 -> 0.389711; no interval and no other value changed)")
#: Why the compare outputs were recorded again with every metric row digested.
COMPARED_IN_FULL = "the p_holm values and the {rows} are now compared too"
#: Outputs recorded again on purpose, with the reason (``python tests/golden/golden_runs.py --rerecord NAME ...``
#: recomputes the named outputs' digests over their recorded schema and names, leaving every other digest as it was).
RERECORDED = {
    **{name: STRAT_CORRECTED for name in (
        "cli/compare-strat", "cli/league-history", "cli/league-project-strat", "cli/strat", "cli/strat-league",
        "cli/strat-pbp", "cli/strat-teams", "league/strat/games", "league/strat/goalies", "league/strat/players",
        "league/strat/seasons", "league/strat/teams", "strat/league/summary", "strat/league/table:games",
        "strat/league/table:goalie_games", "strat/league/table:goalies", "strat/league/table:players",
        "strat/league/table:team_games", "strat/league/table:teams", "strat/matchup/summary",
        "strat/matchup/table:games", "strat/matchup/table:players", "strat/matchup/table:team_games", "strat/pbp",
        "strat/special_teams",
    )},
    "strat/pbp": STRAT_CORRECTED + "; the penalty queue's manpower line after a power-play goal says that the goal "
                 "ended the minor (7.34)",
    "cli/league-standings": "the Strat sample league's played results were rebuilt on the sample kit with the "
                            "rulebook's Players B and C on NRV (python -m simcore.league.samplegen strat)",
    "cli/compare-ezr": POOLED_P,
    "cli/compare-pyramid": POOLED_P + "; " + COMPARED_IN_FULL.format(rows="decided_OT and past_regulation rows (a tie "
                                                                         "after a scoreless sudden-death period is "
                                                                         "decided in OT)"),
    "cli/compare-strat": STRAT_CORRECTED + "; " + POOLED_P + "; " + COMPARED_IN_FULL.format(
        rows="save_pct row (saves over shots on a goalie)"),
}



def _add_reason(names, reason):
    """Give each of ``names`` the ``reason`` it was recorded again, after any reason it already has."""
    for name in names:
        RERECORDED[name] = RERECORDED[name] + "; " + reason if name in RERECORDED else reason


#: The outputs a change to the games reaches: every Blue Line output; those that print the rules' id.
BLUELINE_OUTPUTS = ("blueline/default/summary", "blueline/default/table:games", "blueline/pbp",
                    "blueline/variant/summary", "blueline/variant/table:games", "cli/blueline")
BLUELINE_RULES_ID = ("blueline/default/table:games", "blueline/pbp", "blueline/variant/table:games", "cli/blueline")
PASSSCORE_RULES_ID = ("cli/passscore", "passscore/greedy/table:games", "passscore/pbp",
                      "passscore/variant/table:games")


#: Why the Strat sample league's projections were recorded again.
SAMPLE_REPLAYED = ("the Strat sample league's played results replayed on the engine as it is (python -m "
                   "simcore.league.samplegen strat): the shipped ones had been played before the later Strat "
                   "corrections, so the generator no longer wrote them; a test now checks it does")
_add_reason(("cli/league-history", "cli/league-project-strat", "cli/league-standings", "league/strat/games",
             "league/strat/goalies", "league/strat/players", "league/strat/seasons", "league/strat/teams"),
            SAMPLE_REPLAYED)

#: Why Strat outputs with injuries were recorded again: CHANGELOG, "Strat-O-Matic: nobody is on the ice twice".
INJURY_UNITS = ("an injured skater's replacement (15.1) is no longer a player of a unit the injured one is in (he "
                "played in it twice); the Strat sample league's played results replayed with it (one game of 2026-10-16)")
_add_reason(("cli/compare-strat", "cli/league-history", "cli/league-project-strat", "cli/league-standings",
             "cli/strat-league", "league/strat/games", "league/strat/goalies", "league/strat/players",
             "league/strat/seasons", "league/strat/teams", "strat/league/summary", "strat/league/table:games",
             "strat/league/table:goalie_games", "strat/league/table:goalies", "strat/league/table:players",
             "strat/league/table:team_games", "strat/league/table:teams"),
            INJURY_UNITS)


#: Why the Strat outputs with two PK units were recorded again: CHANGELOG, "Strat-O-Matic: special-team units".
SPECIAL_UNITS = ("with pk_units=2 an injured skater's replacement is no longer put in both power-play or both "
                 "penalty-killing units when another skater is left (19.2-19.3)")
_add_reason(("strat/matchup/summary", "strat/matchup/table:games", "strat/matchup/table:players",
             "strat/matchup/table:team_games", "strat/special_teams"),
            SPECIAL_UNITS)

#: Why the Pass & Score outputs were recorded again: CHANGELOG, "Pass & Score: a capture after any other move".
LATE_ENDINGS = ("the move that ends a play (a capture, an offside) may be made by any player who has not moved, "
                "after the others; the legal plays had left out a capture after a move of a player later in slot "
                "order")
_add_reason(("cli/passscore", "passscore/greedy/summary", "passscore/greedy/table:games", "passscore/pbp",
             "passscore/variant/summary", "passscore/variant/table:games"),
            LATE_ENDINGS)

#: Why the Pass & Score outputs that name the rules were recorded again: the rules gained the field ``moves``.
MOVES_FIELD = "the rules' id names the new field moves=eight (the games are the same)"
_add_reason(PASSSCORE_RULES_ID, MOVES_FIELD)

#: Why the Blue Line outputs were recorded again: CHANGELOG, "Blue Line: a goalie's stick check is his team's turn".
GOALIE_TURN = ("a goalie who leaves his crease to stick check spends his team's defensive turn (no skater skates or "
               "checks after him, steal or miss); a series capped at turn_cap is counted once, for the face-off's "
               "winner")
_add_reason(("blueline/default/summary", "blueline/default/table:games", "blueline/variant/summary",
             "blueline/variant/table:games", "cli/blueline"),
            GOALIE_TURN)

#: Why the Blue Line outputs that name the rules were recorded again: the rules gained the field ``blank_hold``.
BLANK_HOLD_FIELD = "the rules' id names the new field blank_hold=possession (the games are the same)"
_add_reason(BLUELINE_RULES_ID, BLANK_HOLD_FIELD)

#: Why the Blue Line outputs that name the rules were recorded again: the rules gained the field ``beaten_cards``.
BEATEN_CARDS_FIELD = "the rules' id names the new field beaten_cards=read (the games are the same)"
_add_reason(BLUELINE_RULES_ID, BEATEN_CARDS_FIELD)


#: Why the Blue Line outputs were recorded again: CHANGELOG, "Blue Line: a player on his side".
PLAYER_DOWN = ("a player on his side takes no loose puck he would have to reach; a face-off stands him up (the new "
               "field frozen_reset=faceoff, in the rules' id); the play-by-play says who is down")
_add_reason(("blueline/default/summary", "blueline/default/table:games", "blueline/variant/summary",
             "blueline/variant/table:games", "blueline/pbp", "cli/blueline"),
            PLAYER_DOWN)


#: Why the Blue Line outputs that name the rules were recorded again: the rules gained the field ``pull_faceoff``.
PULL_FACEOFF_FIELD = "the rules' id names the new field pull_faceoff=crease (the games are the same)"
_add_reason(BLUELINE_RULES_ID, PULL_FACEOFF_FIELD)


#: Why the Blue Line outputs that name the rules were recorded again: the rules gained the field ``drop_pass``.
DROP_PASS_FIELD = "the rules' id names the new field drop_pass=end (the games are the same)"
_add_reason(BLUELINE_RULES_ID, DROP_PASS_FIELD)


#: Why the Blue Line play-by-play was recorded again: a checker who missed is told apart from a player down.
MISSED_CHECK_TEXT = "the play-by-play says a checker who missed may not move on his team's next turn (not 'is down')"
_add_reason(("blueline/pbp",), MISSED_CHECK_TEXT)


#: Why the Pass & Score outputs were recorded again: CHANGELOG, "Pass & Score: moves of different players in any
#: order".
ANY_ORDER = ("moves of different players come in any order, each set once (about 3% more legal plays), and offside "
             "is judged when the move is made")
_add_reason(("cli/passscore", "passscore/greedy/summary", "passscore/greedy/table:games", "passscore/pbp",
             "passscore/variant/summary", "passscore/variant/table:games"),
            ANY_ORDER)


#: Why the Pass & Score outputs with greedy were recorded again: CHANGELOG, "Pass & Score: greedy finds its key
#: first".
GREEDY_KEY_FIRST = ("greedy finds its best key before drawing among that key's plays, and without the puck tries the "
                    "uniform sampler's plays first: the same distribution of plays, another use of the stream")
_add_reason(("cli/passscore", "passscore/greedy/summary", "passscore/greedy/table:games", "passscore/pbp",
             "passscore/variant/summary", "passscore/variant/table:games"),
            GREEDY_KEY_FIRST)


#: Why the Pass & Score outputs were recorded again: CHANGELOG, "the uniform sampler draws from each player's whole
#: list of moves".
SAMPLER_WHOLE_LISTS = ("the uniform sampler draws each player's move from his whole list of moves and refuses at the "
                       "draw what the decision's lists used to leave out: the same distribution of plays, another use "
                       "of the stream")
_add_reason(("cli/passscore", "passscore/greedy/summary", "passscore/greedy/table:games", "passscore/pbp",
             "passscore/variant/summary", "passscore/variant/table:games"),
            SAMPLER_WHOLE_LISTS)

#: Why the Pass & Score play-by-play text was recorded again (the games are the same).
PBP_CIRCLES = ("the play-by-play names the circles each action uses and draws a scoring play's board at the shot, "
               "heads the text with a legend, draws the crease as + and the icing lines")
_add_reason(("passscore/pbp",), PBP_CIRCLES)

#: Why summaries whose home advantage could be 0 were recorded again (the games are the same).
ADVANTAGE_INTERVALS = ("balance's interval is 1 - |g| over the interval of the home advantage g, reaching 1 where "
                       "that holds 0 (the delta method gave the point 1 at g = 0); the home advantage's is cut at "
                       "[-1, 1] and takes Wilson's bounds when every game is a home win, an away win or a tie")
_add_reason(("cli/passscore", "passscore/variant/summary"), ADVANTAGE_INTERVALS)

#: Why the Pass & Score summaries were recorded again (the games are the same).
NO_OVERTIME_ROWS = ("the summary leaves out decided_OT, decided_SO and past_regulation, 0 in every Pass & Score run "
                    "(the game has no overtime or shootout)")
_add_reason(("cli/passscore", "passscore/greedy/summary", "passscore/variant/summary"), NO_OVERTIME_ROWS)


#: Why summaries with a count no game had were recorded again (the games are the same).
NO_EVENTS_BOUND = ("a count that no game of the run has gets [0, -ln(0.025) / n], the exact Poisson bound of none "
                   "seen (it was the point [0, 0]); Strat's per-team-game counts are cut at 0")
_add_reason(("strat/league/summary", "strat/matchup/summary", "blueline/default/summary", "blueline/variant/summary",
             "passscore/greedy/summary", "passscore/variant/summary", "cli/blueline", "cli/passscore"),
            NO_EVENTS_BOUND)


#: Why the Blue Line play-by-play was recorded again (the game is the same).
PBP_ONE_FINAL_LINE = ("the play-by-play ends with the shots and one final line (the command printed a second, "
                      "differently worded one), its first rink carries the legend, and a move names the skater as "
                      "the rink draws him (the visitors in lower case)")
_add_reason(("blueline/pbp",), PBP_ONE_FINAL_LINE)

#: Why the Pass & Score play-by-play was recorded again (the game is the same).
PBP_CIRCLES_NAMED = ("a capture names the circle the captured carrier is moved to, and a goalkeeper's throw the "
                     "circle of the team-mate it reaches")
_add_reason(("passscore/pbp",), PBP_CIRCLES_NAMED)

#: Why the Blue Line play-by-play was recorded again (the game is the same).
PBP_CHECK_TEAM = "a check names the team of the skater checked (HOME LD body checks AWAY C)"
_add_reason(("blueline/pbp",), PBP_CHECK_TEAM)

#: Why the Strat play-by-play was recorded again (the game is the same).
PBP_COUNTS_IN_WORDS = "counts in words: a goalie pulled with '2 cards left', a skater 'out 1 game' (were 'card(s)')"
_add_reason(("strat/pbp",), PBP_COUNTS_IN_WORDS)

#: Why the Blue Line outputs were recorded again: CHANGELOG, "a player given two penalties", "the box moved before a
#: shot was played", and the new rule field goalie_challenge in the variant's name.
BOX_ORDER = ("a player given two penalties serves them one after the other (he held both box places at once); the "
             "box moves once a shot is played (it moved before), a power-play goal ending a minor of those serving "
             "when it was shot; a goalie's penalty is served by a teammate without one of his own; the rule field "
             "goalie_challenge (turn) is new")
_add_reason(BLUELINE_OUTPUTS, BOX_ORDER)

#: Why the Pass & Score outputs that name the rules were recorded again (the games are the same).
PASSSCORE_NEW_FIELDS = ("the rules' id names the new fields slide_way=both and offside_pass=refused (the games are "
                        "the same)")
_add_reason(PASSSCORE_RULES_ID, PASSSCORE_NEW_FIELDS)

#: Why the Blue Line outputs were recorded again (the games changed).
BLUELINE_FIVE_FIXES = ("a shot whose result ends the period moves the box (it was skipped, so a minor served a shot "
                       "too many); a power-play goal into an empty net ends a minor; the power play's set-up ends "
                       "the turn that brought it (the power-play team passed or moved on); a power play that wins a "
                       "face-off outside its own end sets up again; ot_benched counts a winger's return from the "
                       "bench")
_add_reason(BLUELINE_OUTPUTS, BLUELINE_FIVE_FIXES)

#: Why the Pass & Score outputs that name the rules were recorded again (the games are the same).
PASSSCORE_CAPTURED_FIELD = "the rules' id names the new field captured_to=back (the games are the same)"
_add_reason(PASSSCORE_RULES_ID, PASSSCORE_CAPTURED_FIELD)


#: Why the Blue Line outputs that name the rules were recorded again (the games are the same).
BLUELINE_DUMP_FIELD = "the rules' id names the new field dump_intercept=off (the games are the same)"
_add_reason(BLUELINE_RULES_ID, BLUELINE_DUMP_FIELD)


#: Why the Blue Line play-by-play was recorded again (the game is the same).
PBP_BANK_INTERCEPTED = ("an intercepted pass off the boards is printed as intercepted, without a rebound, before its "
                        "interception rolls and the new series (it printed a rebound, then the new series, then the "
                        "rolls)")
_add_reason(("blueline/pbp",), PBP_BANK_INTERCEPTED)

#: Why the Strat four-line matchup was recorded again (the games changed).
STRAT_INJURY_LINE_AND_PAIR = ("an injury's replacement is never both in a forward line and a defense pair in use, "
                              "where he was on the ice twice when the two were on together (lines=4, pk_units=2)")
_add_reason(("strat/matchup/summary", "strat/matchup/table:games", "strat/matchup/table:players",
             "strat/matchup/table:team_games"), STRAT_INJURY_LINE_AND_PAIR)

#: Why the Strat play-by-play command's output was recorded again (the game is the same).
PBP_BUZZER_NOTE = ("a period's end line says what becomes of a penalty called as its deck ran out: its power play "
                   "opens the next period (7.37), or on the game's last card there is none (7.38)")
_add_reason(("cli/strat-pbp",), PBP_BUZZER_NOTE)

#: Why the comparisons and sweeps were recorded again (the games are the same).
NO_GAME_DIFFERS = ("a metric on which two differing variants agree in every paired game gets the bound of no game "
                   "differing (docs/analysis.md), not the point [0, 0], and compare's JSON names that bound "
                   "(games_differ_at_most); Strat's and pyramid's counts and rates declare their bounds")
_add_reason(("cli/compare-ezr", "cli/compare-pyramid", "cli/compare-strat", "cli/sweep-ezr", "cli/sweep-pyramid"),
            NO_GAME_DIFFERS)

#: Why a comparison and the pyramid report were recorded again (the games are the same).
SIZE_NEAR_EVEN = ("balance's change, and the pyramid report's change in the size of the first-mover advantage, take "
                  "their interval from the two advantages' joint region where it meets an axis "
                  "(simcore.analysis.size_change; docs/analysis.md \"Balance near an even game\"): wider there, the "
                  "estimates and p-values as before")
_add_reason(("cli/compare-strat", "cli/pyramid-report"), SIZE_NEAR_EVEN)

def rerecord(names):
    """Record the digests of ``names`` again (each listed in :data:`RERECORDED` with its reason)."""
    import warnings

    warnings.simplefilter("ignore")
    recorded = json.loads(DIGESTS.read_text())
    unknown = [n for n in names if n not in RERECORDED or n not in recorded]
    if unknown:
        raise SystemExit(f"not recorded, or no reason in RERECORDED: {', '.join(unknown)}")
    for group in sorted({n.split("/")[0] for n in names}):
        got = RUNS[group]()
        for name in [n for n in names if n.split("/")[0] == group]:
            rec = recorded[name]
            recorded[name] = digest(got[name], rec.get("schema"), back(name), drop=CORRECTIONS.get(name, ()))
            if "schema" not in rec:
                recorded[name].pop("schema", None)
    DIGESTS.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")
    print(f"recorded {counted(len(names), 'digest')} again in {DIGESTS}")


def record_new():
    """Record the digests of the outputs that ``digests.json`` does not hold yet (a game or a command added
    later), leaving every recorded digest as it is."""
    import warnings

    warnings.simplefilter("ignore")
    recorded = json.loads(DIGESTS.read_text())
    added = []
    for group, fn in RUNS.items():
        got = fn()
        for name in sorted(set(got) - set(recorded)):
            recorded[name] = digest(got[name])
            added.append(name)
    DIGESTS.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(added)} new digests in {DIGESTS}: {', '.join(added) or 'none'}")


def main():
    import warnings

    warnings.simplefilter("ignore")
    out = {}
    for group, fn in RUNS.items():
        for name, x in fn().items():
            out[name] = digest(x, drop=CORRECTIONS.get(name, ()))
    DIGESTS.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(out)} digests to {DIGESTS}")


USAGE = """usage: python tests/golden/golden_runs.py --rerecord [NAME ...] | --new | --all
  --rerecord NAME ...  record the named outputs again (each needs its reason in RERECORDED; none: all of them)
  --new                record the outputs digests.json does not hold yet
  --all                record every digest again from scratch (replaces digests.json whole)"""

if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["--rerecord"]:
        rerecord(sys.argv[2:] or list(RERECORDED))
    elif sys.argv[1:] == ["--new"]:
        record_new()
    elif sys.argv[1:] == ["--all"]:
        main()
    else:
        raise SystemExit(USAGE)
