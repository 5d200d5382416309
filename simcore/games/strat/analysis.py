"""Strat-O-Matic Hockey analysis on Results: league summary, power play and penalty kill, goal distributions,
goalie fatigue effects.  Every rate comes with a 95% interval (Wilson for proportions, normal for means over
games)."""
from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from simcore.results import Results
from simcore.deprecation import SimcoreDeprecationWarning
from simcore.checks import is_whole, of_kind
from simcore.errors import InputError
from simcore.stats import count_mean_ci, wilson_ci

from .kernel.layout import OT, REG, SO, WIN_AWAY, WIN_HOME, WIN_TIE, K, O, T

#: The league metrics of ``simcore strat --format json`` (``league`` object) and of :func:`league_summary`.
#: The headline league metrics (first in the ``league`` object; every other :func:`league_summary` metric follows).
LEAGUE_METRICS = ("goals_per_team_game", "shots_per_team_game", "pp_opportunities_per_team_game", "pp_pct",
                  "pk_pct", "home_win", "save_pct")
#: Penalties by kind (league_summary's ``penalties_<kind>_per_team_game``): action card 4.8, goalie 5.72,
#: retaliation 5.73, intimidation 16.1, Defense column 16.2.
PENALTY_KINDS = (("action_card", T.pen_card), ("goalie", T.pen_goalie), ("retaliation", T.pen_retal),
                 ("intimidation", T.pen_intim), ("defense", T.pen_def))
#: Names of earlier releases, still written beside the new ones in the ``league`` object for one release.
RENAMED = {"home_win_pct": "home_win", "away_win_pct": "away_win", "tie_pct": "tie"}


def _mean_row(name, x):
    """A count's mean per team game: its interval cut at 0 (:func:`simcore.stats.count_mean_ci`)."""
    x = np.asarray(x, float)
    lo, hi = count_mean_ci(x)
    return (name, float(x.mean()), lo, hi)


def _prop_row(name, k, n):
    lo, hi = wilson_ci(k, n)
    return (name, k / n if n else float("nan"), lo, hi)


def _strat_run(res, counters: bool = False) -> None:
    """InputError unless ``res`` is a Strat-O-Matic run; with ``counters``, one that has the kernel's
    per-game counters (``aggregates["OT"]``...), which a table read back from parquet does not keep."""
    of_kind(res, Results, "res", 'simcore.game("strat").simulate()')
    if res.game != "strat":
        raise InputError(f"res must be a Strat-O-Matic run; this one is of {res.game!r}")
    if counters and "OT" not in res.aggregates:
        raise InputError("res has no per-game counters of the kernel (a table read back from a file keeps none): "
                         "simulate the run again, or use the tables (special_teams, fatigue_effects)")


def league_summary(res: Results) -> pd.DataFrame:
    """League-wide metrics per team per game, with 95% intervals.  Means treat a game (both teams) as the unit;
    ``pp_pct`` is power-play goals over opportunities, ``pk_pct`` its complement over the same opportunities,
    ``save_pct`` saves over shots on a goalie (empty-net goals and shots excluded)."""
    _strat_run(res, counters=True)
    a = res.aggregates
    OT_ = a["OT"].astype(np.int64)
    OG = a["OG"]
    OK = a["OK"].astype(np.int64)
    n = res.n
    rows = [
        _mean_row("goals_per_team_game", OT_[:, :, T.goals].mean(axis=1)),
        _mean_row("shots_per_team_game", OT_[:, :, T.sog].mean(axis=1)),
        _mean_row("pp_opportunities_per_team_game", OT_[:, :, T.ppo].mean(axis=1)),
    ]
    ppg, ppo = int(OT_[:, :, T.ppg].sum()), int(OT_[:, :, T.ppo].sum())
    rows.append(_prop_row("pp_pct", ppg, ppo))
    rows.append(_prop_row("pk_pct", ppo - ppg, ppo))
    rows.append(_prop_row("home_win", int((OG[:, O.winner] == WIN_HOME).sum()), n))
    sa, ga = int(OK[:, :, :, K.sa].sum()), int(OK[:, :, :, K.ga].sum())
    rows.append(_prop_row("save_pct", sa - ga, sa))
    rows += [
        _mean_row("home_goals_mean", OT_[:, 0, T.goals]),
        _mean_row("away_goals_mean", OT_[:, 1, T.goals]),
        _mean_row("sh_goals_per_team_game", OT_[:, :, T.shg].mean(axis=1)),
        _mean_row("empty_net_goals_per_team_game", OT_[:, :, T.eng].mean(axis=1)),
        _mean_row("pim_per_team_game", OT_[:, :, T.pim].mean(axis=1)),
        _prop_row("away_win", int((OG[:, O.winner] == WIN_AWAY).sum()), n),
        _prop_row("tie", int((OG[:, O.winner] == WIN_TIE).sum()), n),
        _prop_row("past_regulation", int((OG[:, O.decided] != REG).sum()), n),
        _prop_row("decided_OT", int((OG[:, O.decided] == OT).sum()), n),
        _prop_row("decided_SO", int((OG[:, O.decided] == SO).sum()), n),
        _prop_row("games_with_fatigued_goalie", int((OK[:, :, :, K.sa_fat] + OK[:, :, :, K.fat_start]
                                                     + OK[:, :, :, K.shelled]).sum(axis=(1, 2)).astype(bool).sum()),
                  n),
        _mean_row("fatigue_goals_per_team_game", OT_[:, :, T.fatg].mean(axis=1)),
        _mean_row("penalties_per_team_game", OT_[:, :, T.pen].mean(axis=1)),
        *(_mean_row(f"penalties_{kind}_per_team_game", OT_[:, :, k].mean(axis=1)) for kind, k in PENALTY_KINDS),
        _mean_row("delayed_penalties_per_team_game", OT_[:, :, T.delayed].mean(axis=1)),
        _mean_row("intimidations_per_team_game", OT_[:, :, T.intim_try].mean(axis=1)),
        _prop_row("intimidation_success", int(OT_[:, :, T.intim_ok].sum()), int(OT_[:, :, T.intim_try].sum())),
        _mean_row("deflections_per_team_game", OT_[:, :, T.defl_try].mean(axis=1)),
        _mean_row("deflection_goals_per_team_game", OT_[:, :, T.defl_goals].mean(axis=1)),
        _mean_row("passes_per_team_game", OT_[:, :, T.pass_try].mean(axis=1)),
        _prop_row("pass_success", int(OT_[:, :, T.pass_ok].sum()), int(OT_[:, :, T.pass_try].sum())),
    ]
    df = pd.DataFrame(rows, columns=["metric", "estimate", "ci_low", "ci_high"])
    df["n"] = n
    return df


def league_json(res: Results) -> dict:
    """The ``league`` object of the CLI's JSON: every :func:`league_summary` metric (the text output's), the
    :data:`LEAGUE_METRICS` first, each as {estimate, ci: [low, high]}; and the names of :data:`RENAMED`,
    deprecated, beside the new ones."""
    s = league_summary(res).set_index("metric")
    names = list(LEAGUE_METRICS) + [m for m in s.index if m not in LEAGUE_METRICS]
    out = {m: {"estimate": float(s.at[m, "estimate"]), "ci": [float(s.at[m, "ci_low"]), float(s.at[m, "ci_high"])]}
           for m in names}
    for old, new in RENAMED.items():
        if new in out:
            out[old] = out[new]
    return out


def special_teams(res: Results) -> pd.DataFrame:
    """PP% and PK% by team and for the league, with Wilson intervals."""
    _strat_run(res)
    tg = res.table("team_games")
    g = tg.groupby("team", observed=True)[["pp_opportunities", "pp_goals", "times_short_handed",
                                            "pp_goals_against", "sh_goals"]].sum()
    g.loc["league"] = g.sum()
    out = g.copy()
    for col, k, n in (("pp_pct", g["pp_goals"], g["pp_opportunities"]),
                      ("pk_pct", g["times_short_handed"] - g["pp_goals_against"], g["times_short_handed"])):
        out[col] = k / n.where(n > 0)
        ci = [wilson_ci(int(a), int(b)) for a, b in zip(k, n)]
        out[col + "_low"] = [c[0] for c in ci]
        out[col + "_high"] = [c[1] for c in ci]
    return out.reset_index()


def goal_distribution(res: Results, max_goals: int = 12) -> pd.DataFrame:
    """Share of team-games with 0, 1, ... goals (the last row counts ``max_goals`` or more), home and away."""
    _strat_run(res, counters=True)
    if not is_whole(max_goals) or not 0 <= max_goals <= 100:
        raise InputError(f"max_goals must be a whole number 0..100, got {max_goals!r}")
    OT_ = res.aggregates["OT"]
    rows = []
    for side, name in ((0, "home"), (1, "away")):
        g = np.minimum(OT_[:, side, T.goals].astype(np.int64), max_goals)
        cnt = np.bincount(g, minlength=max_goals + 1)
        for k, c in enumerate(cnt):
            rows.append((name, k, int(c), c / res.n))
    return pd.DataFrame(rows, columns=["side", "goals", "games", "share"])


def fatigue_effects(res: Results) -> pd.DataFrame:
    """Goalie fatigue (24.2-24.4): for goalies who played fatigued, goals and shots against before and after
    fatigue set in, the save percentage on each side, the goals the Faceoff\u2022 rule made, and the share of
    goalie-games played fatigued."""
    _strat_run(res)
    gg = res.table("goalie_games")
    fat = (gg["shelled"] > 0) | (gg["fatigued_start"] > 0)
    ga_after = gg["goals_against_fatigued"].astype(int)
    sa_after = gg["shots_against_fatigued"].astype(int)
    ga_before = gg["goals_against"].astype(int) - ga_after
    sa_before = gg["shots_against"].astype(int) - sa_after
    rows = []

    def add(name, k, n):
        lo, hi = wilson_ci(int(k), int(n)) if n else (np.nan, np.nan)
        rows.append((name, k / n if n else np.nan, lo, hi, int(n)))

    add("goalie_games_fatigued", int(fat.sum()), len(gg))
    add("goalie_games_shelled", int((gg["shelled"] > 0).sum()), len(gg))
    add("save_pct_rested", int(sa_before.sum() - ga_before.sum()), int(sa_before.sum()))
    add("save_pct_fatigued", int(sa_after.sum() - ga_after.sum()), int(sa_after.sum()))
    add("fatigue_goals_share_of_fatigued_goals", int(gg["fatigue_goals_against"].sum()), int(ga_after.sum()))
    return pd.DataFrame(rows, columns=["metric", "estimate", "ci_low", "ci_high", "n"])


def fatigue_on_off(n: int = 56_000, seed: int = 0, *, setup=None, rules=None, threads=None, progress=None,
                   **legacy) -> pd.DataFrame:
    """The same games with the fatigue rule on and off (common random numbers: the same seed gives each game
    the same stream, so the difference is paired game by game).  ``setup``: who plays (a strat ``Setup``, a
    dict or ``"key=value,..."``; default the sample kit's round robin); ``rules``: the other rules, whose
    ``goalie_fatigue`` is set on and off.  Returns per-metric estimates for both and each metric's paired
    difference (on - off) with its 95% interval, as ``simcore compare`` gives it (NaN where the metric is
    undefined in these games, a Basic game's pass success).  The keywords of earlier releases (``kit``, ``home``,
    ``away``, ``league``, ``coaches``) still work, with a warning."""
    from simcore.analysis.compare import metric_difference

    from .game import GAME

    if legacy:
        keys = {k: legacy.pop(k) for k in ("home", "away") if k in legacy}
        if keys:
            warnings.warn("fatigue_on_off(home=, away=) is deprecated: pass setup={'home': ..., 'away': ...}",
                          SimcoreDeprecationWarning, stacklevel=2)
            setup = GAME.setup(setup).replace(**keys)
        setup, legacy = GAME._legacy_setup(setup, legacy)
        if legacy:
            raise TypeError(f"fatigue_on_off() got unexpected keyword arguments: {', '.join(legacy)}")
    st = GAME.setup(setup)
    base = GAME.rules(rules)
    on = GAME.simulate(st, n=n, seed=seed, rules=base.with_options({"goalie_fatigue": "on"}), threads=threads,
                       progress=progress)
    off = GAME.simulate(st, n=n, seed=seed, rules=base.with_options({"goalie_fatigue": "off"}), threads=threads,
                        progress=progress)
    a = on.summary().set_index("metric")["estimate"]
    b = off.summary().set_index("metric")["estimate"]
    df = pd.DataFrame({"fatigue_on": a, "fatigue_off": b})
    df["difference"] = df["fatigue_on"] - df["fatigue_off"]
    # each metric's paired difference as `simcore compare` gives it (a difference, not a count: never cut at 0)
    cis = [metric_difference(GAME, m, off, on).ci if m in GAME.metrics else (np.nan, np.nan) for m in df.index]
    df["paired_ci_low"] = [lo for lo, _ in cis]
    df["paired_ci_high"] = [hi for _, hi in cis]
    return df.reset_index()
