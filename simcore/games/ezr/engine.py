"""EZR quick play, public entry points: simulate, exact, exact_period, play_scripted."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

import simcore
from simcore import runner
from simcore.checks import is_whole, run_script
from simcore.errors import InputError
from simcore.parallel import n_blocks
from simcore.results import Results
from simcore.rng import check_seed, script_values
from simcore.stats import count_interval, hist_moments, wilson_ci

from . import kernel as K
from .charts import Charts, default_charts
from .exact import ExactResult, TeamExact, _TeamPeriods, matchup_exact, team_exact
from .matchup import Team, TeamError, compile_matchup, team_named
from .policies import ShufflePolicy
from .rules import Rules

WINNERS = ("home", "away", "tie")
DECIDED = ("REG", "OT", "SO")
OT_NAMES = ("WIN", "LOSS", "TIE or SO")
TEAMS = ("home", "away")


def _team(x) -> Team:
    """A Team, a sample team's abbreviation (any case, ``"BOS"``) or ``[NAME=]OFF/GDEF/SHOOTER/GSO``."""
    if isinstance(x, Team):
        return x
    if not isinstance(x, str):
        raise TeamError(f"a team is a sample team's name or OFF/GDEF/SHOOTER/GSO, e.g. D/E/B/c, got {x!r}")
    return team_named(x)


def _policies(policies):
    if policies is None:
        return (ShufflePolicy(), ShufflePolicy())
    if isinstance(policies, (str, ShufflePolicy)):
        policies = (policies, policies)
    return tuple(p if isinstance(p, ShufflePolicy) else ShufflePolicy(p) for p in policies)


def _charts(charts, rules) -> Charts:
    """``charts`` (a :class:`Charts`, :func:`load_charts`'s) or, for None, the shipped charts of ``rules``; with the
    shipped ?? chart, the one ``rules.qq_unprinted`` names (:meth:`Charts.for_rules`)."""
    if charts is None:
        return default_charts(rules.qq_unprinted)
    if not isinstance(charts, Charts):
        raise InputError(f"charts must be a Charts (simcore.games.ezr.load_charts(...)), got {charts!r}")
    return charts.for_rules(rules.qq_unprinted)


def _setup(home, away, rules, charts, policies):
    rules = Rules.coerce(rules)
    home, away = _team(home), _team(away)
    charts = _charts(charts, rules)
    pol = _policies(policies)
    return rules, home, away, charts, pol, compile_matchup(rules, home, away, charts, pol)


def event_names(charts: Charts) -> dict[tuple[int, int], str]:
    """``{(period kind, event bit): name}``: ?? results by the chart's names, then outcomes."""
    out = {}
    for kind in (0, 1):
        for e in charts.qq[kind]:
            out[kind, e.roll] = e.name
        for bit, name in K.OUTCOME_EVENTS.items():
            out[kind, bit] = name
    return out


# ---------------------------------------------------------------- simulate

def simulate(home, away, n: int = 100_000, seed: int = 0, rules: Rules | str | None = None, *,
             charts: Charts | None = None, policies=None, mode: str = "games", threads: int | None = None,
             chunk_size: int | None = None, progress: bool | None = None) -> Results:
    """Simulate ``n`` games of ``home`` vs ``away`` (Team or ``"OFF/GDEF/SHOOTER/GSO"``).

    ``mode="games"`` keeps per-game records (tables ``games``, ``periods``,
    ``events``); ``mode="aggregate"`` keeps only in-kernel counters, in
    constant memory, for runs of any size.  Both give ``summary()`` and the
    ``goal_distribution`` and ``score_distribution`` tables.  Game ``g``
    depends only on ``(seed, g)``: results are identical for any ``threads``
    and ``chunk_size``.  ``policies``: a SHUFFLE LINES policy name for both
    teams, or a (home, away) pair.
    """
    if not is_whole(n) or n <= 0:
        raise InputError(f"n must be a positive whole number of games, got {n!r}")
    n = int(n)
    seed = check_seed(seed)
    if mode not in ("games", "aggregate"):
        raise InputError(f"mode must be 'games' or 'aggregate', got {mode!r}")
    rules, home, away, charts, pol, c = _setup(home, away, rules, charts, policies)
    ctx = c.ctx()
    useed = np.uint64(seed)
    arrays, totals = None, ()
    if mode == "games":
        arrays = K.GAME_OUTPUTS.allocate(n)

        def play(g0, count, inputs, rows, totals):
            K.simulate_games(ctx, useed, g0, count, rows)
    else:
        totals = tuple(np.zeros(o.shape, o.dtype) for o in K.AGG_OUTPUTS.specs)

        def play(g0, count, inputs, rows, totals):
            part = K.AGG_OUTPUTS.allocate(n_blocks(count, K.BLOCK))     # the kernel's counters per block of K.BLOCK
            K.simulate_aggregate(ctx, useed, g0, count, part)
            for t, a in zip(totals, part):
                t += a.sum(axis=0)

    runner.run_games(n, play, rows=arrays or (), totals=totals, chunk_size=chunk_size, n_threads=threads,
                     progress=progress, seed=seed)
    if arrays is None:
        agg = K.AGG_OUTPUTS.as_dict(totals)
    if arrays is not None:
        arrays = K.GAME_OUTPUTS.as_dict(arrays)
        agg = _aggregate_arrays(arrays)
    meta = {
        "game": "ezr", "variant": rules.id, "seed": seed, "n": n, "mode": mode, "version": simcore.__version__,
        "home": home.spec, "away": away.spec, "home_name": home.label, "away_name": away.label,
        "ezr": {"home": c.ezr[0], "away": c.ezr[1]}, "policies": [p.name for p in pol],
        "charts": charts.provenance(),
    }
    res = Results(meta, agg, summarizer=_summary)
    names = event_names(charts)
    res.builders["goal_distribution"] = lambda: _goal_distribution(res)
    res.builders["score_distribution"] = lambda: _score_distribution(res)
    if arrays is not None:
        res.builders["games"] = lambda: games_table(res.meta, arrays)
        res.builders["periods"] = lambda: _periods_table(arrays)
        res.builders["events"] = lambda: _events_table(arrays, names)
    res.meta["event_names"] = {f"{k}:{b}": v for (k, b), v in names.items()}
    return res


def _aggregate_arrays(a) -> dict:
    goals = a["goals"].astype(np.int64)
    reg = goals.sum(axis=2)
    final = reg.copy()
    ot_won = a["decided"] == K.OT
    final[ot_won & (a["winner"] == K.HOME), 0] += 1
    final[ot_won & (a["winner"] == K.AWAY), 1] += 1
    team_hist = np.stack([np.bincount(np.minimum(final[:, t], K.MAX_TEAM_GOALS - 1),
                                      minlength=K.MAX_TEAM_GOALS) for t in range(2)])
    period_hist = np.stack([np.stack([np.bincount(np.minimum(goals[:, t, p], K.MAX_PERIOD_GOALS - 1),
                                                  minlength=K.MAX_PERIOD_GOALS) for p in range(3)])
                            for t in range(2)])
    s = K.MAX_SCORE
    sh = np.bincount(np.minimum(final[:, 0], s - 1) * s + np.minimum(final[:, 1], s - 1), minlength=s * s)
    results = np.bincount(a["winner"].astype(np.int64) * 3 + a["decided"], minlength=9).reshape(3, 3)
    bits = (a["events"][..., None] >> np.arange(K.N_EVENT_BITS, dtype=np.uint32)) & 1
    return {"team_hist": team_hist, "period_hist": period_hist, "score_hist": sh.reshape(s, s),
            "results": results, "event_counts": bits.sum(axis=0, dtype=np.int64)}


def games_table(meta: dict, a, first_id: int = 0) -> pd.DataFrame:
    """The common game table and EZR's own columns from per-game arrays (:data:`.kernel.GAME_OUTPUTS`);
    game ids from ``first_id``."""
    n = a["goals"].shape[0]
    reg = a["goals"].astype(np.int16).sum(axis=2)
    w, d = a["winner"], a["decided"]
    ot_goal = d == K.OT
    home_goals = reg[:, 0] + (ot_goal & (w == K.HOME))
    away_goals = reg[:, 1] + (ot_goal & (w == K.AWAY))
    ot = pd.Categorical.from_codes(a["ot"].astype(np.int64), categories=list(OT_NAMES))  # -1: no overtime
    return pd.DataFrame({
        "game": pd.Categorical(["ezr"]).repeat(n),
        "variant": pd.Categorical([meta["variant"]]).repeat(n),
        "seed": np.full(n, meta["seed"], dtype=np.uint64),
        "game_id": np.arange(first_id, first_id + n, dtype=np.int64),
        "home": pd.Categorical([meta["home_name"]]).repeat(n),
        "away": pd.Categorical([meta["away_name"]]).repeat(n),
        "home_goals": home_goals.astype(np.int16),
        "away_goals": away_goals.astype(np.int16),
        "winner": pd.Categorical.from_codes(w.astype(np.int64), categories=list(WINNERS)),
        "decided_in": pd.Categorical.from_codes(d.astype(np.int64), categories=list(DECIDED)),
        "home_goals_reg": reg[:, 0],
        "away_goals_reg": reg[:, 1],
        "overtime": ot,
        "shootout_rounds": a["so_rounds"],
    })


def _periods_table(a) -> pd.DataFrame:
    n = a["goals"].shape[0]
    return pd.DataFrame({
        "game_id": np.repeat(np.arange(n, dtype=np.int64), 6),
        "team": pd.Categorical.from_codes(np.tile(np.repeat([0, 1], 3), n), categories=list(TEAMS)),
        "period": np.tile(np.array([1, 2, 3], dtype=np.int8), 2 * n),
        "goals": a["goals"].reshape(-1),
    })


def _events_table(a, names) -> pd.DataFrame:
    ev = a["events"]
    gi, ti, pi = np.nonzero(ev)
    rows = []
    for g, t, p in zip(gi, ti, pi):
        e = int(ev[g, t, p])
        kind = 1 if p == 2 else 0
        for b in range(K.N_EVENT_BITS):
            if (e >> b) & 1:
                rows.append((int(g), TEAMS[t], int(p) + 1, names[kind, b]))
    df = pd.DataFrame(rows, columns=["game_id", "team", "period", "event"])
    df["team"] = pd.Categorical(df["team"], categories=list(TEAMS))
    return df


def _goal_distribution(res: Results) -> pd.DataFrame:
    h = res.aggregates["team_hist"]
    rows = []
    for t in range(2):
        total = h[t].sum()
        for g in range(h.shape[1]):
            if h[t, g]:
                rows.append((TEAMS[t], g, int(h[t, g]), h[t, g] / total))
    return pd.DataFrame(rows, columns=["team", "goals", "games", "share"])


def _score_distribution(res: Results) -> pd.DataFrame:
    s = res.aggregates["score_hist"]
    hi, ai = np.nonzero(s)
    df = pd.DataFrame({"home_goals": hi, "away_goals": ai, "games": s[hi, ai]})
    df["share"] = df["games"] / s.sum()
    return df.sort_values("games", ascending=False, ignore_index=True)


def _summary(res: Results) -> pd.DataFrame:
    """Metrics with 95% intervals (Wilson for rates; for goals, counts, the normal interval cut at 0, or [0, 3.69 / n]
    when no goal was scored: :func:`simcore.stats.count_interval`).

    ``event_rate:<name>`` is the share of all team-periods (6 per game) in which the ?? result or outcome
    called <name> came up, at least once; every name of the chart in use is listed, zero or not.  A name
    at two results of the chart (the mirrored 8-12) counts both.
    """
    agg, n = res.aggregates, res.n
    rows = []

    def prop(name, k):
        lo, hi = wilson_ci(k, n)
        rows.append((name, k / n, lo, hi))

    def mean(name, hist):
        cnt, m, sd = hist_moments(hist)
        lo, hi = count_interval(m, sd, cnt)
        rows.append((name, m, lo, hi))
        return sd

    th = agg["team_hist"]
    mean("home_goals_mean", th[0])
    mean("away_goals_mean", th[1])
    # goals per team per game: the per-game average of the two teams (its interval treats a game, not a
    # team-game, as the unit); the sd beside it is the spread of single team scores
    sh = agg["score_hist"]
    s = sh.shape[0]
    avg_hist = np.bincount((np.arange(s)[:, None] + np.arange(s)[None, :]).ravel(), weights=sh.ravel(),
                           minlength=2 * s - 1)
    cnt, m2, sd2 = hist_moments(avg_hist)
    lo, hi = count_interval(m2 / 2, sd2 / 2, cnt)
    rows.append(("goals_per_team_game", m2 / 2, lo, hi))
    rows.append(("goals_per_team_game_sd", hist_moments(th.sum(axis=0))[2], np.nan, np.nan))
    r = agg["results"]
    prop("home_win", r[K.HOME].sum())
    prop("away_win", r[K.AWAY].sum())
    prop("tie", r[K.TIE].sum())
    prop("regulation_home_win", r[K.HOME, K.REG])
    prop("regulation_away_win", r[K.AWAY, K.REG])
    prop("regulation_tie", n - r[K.HOME, K.REG] - r[K.AWAY, K.REG])
    for d, name in enumerate(DECIDED):
        prop(f"decided_{name}", r[:, d].sum())
    prop("past_regulation", r[:, K.OT].sum() + r[:, K.SO].sum())
    ec = agg["event_counts"]
    names = res.meta["event_names"]
    per_name: dict[str, int] = {}
    for key, name in names.items():
        kind, bit = map(int, key.split(":"))
        periods = [2] if kind == 1 else [0, 1]
        per_name[name] = per_name.get(name, 0) + int(ec[:, periods, bit].sum())
    team_periods = 6 * n
    for name in sorted(per_name):
        k = per_name[name]
        lo, hi = wilson_ci(k, team_periods)
        rows.append((f"event_rate:{name}", k / team_periods, lo, hi))
    df = pd.DataFrame(rows, columns=["metric", "estimate", "ci_low", "ci_high"])
    df["n"] = n
    return df


# ---------------------------------------------------------------- exact

def exact(home, away, rules: Rules | str | None = None, *, charts: Charts | None = None,
          policies=None) -> ExactResult:
    """Exact distributions of a matchup (see :mod:`.exact`)."""
    *_, c = _setup(home, away, rules, charts, policies)
    return matchup_exact(c)


def exact_summary(ex: ExactResult) -> pd.DataFrame:
    """The exact result under the metric names of :meth:`Results.summary`."""
    h, a = ex.final_score.sum(axis=1), ex.final_score.sum(axis=0)
    x = np.arange(h.size)
    both = (h + a) / 2
    sd = float(np.sqrt(both @ (x - both @ x) ** 2))
    rows = [
        ("home_goals_mean", ex.home_goals_mean), ("away_goals_mean", ex.away_goals_mean),
        ("goals_per_team_game", float(both @ x)), ("goals_per_team_game_sd", sd),
        ("home_win", ex.result["home"]), ("away_win", ex.result["away"]), ("tie", ex.result["tie"]),
        ("regulation_home_win", ex.regulation["home"]), ("regulation_away_win", ex.regulation["away"]),
        ("regulation_tie", ex.regulation["tie"]),
        ("decided_REG", ex.decided_in["REG"]), ("decided_OT", ex.decided_in["OT"]),
        ("decided_SO", ex.decided_in["SO"]), ("past_regulation", ex.decided_in["OT"] + ex.decided_in["SO"]),
    ]
    return pd.DataFrame(rows, columns=["metric", "exact"])


def _line_matchup(ezr, rules, goalie_def, shooter, goalie_so, charts, policy):
    """A matchup whose home team attacks on EZR line ``ezr`` against the given goalie."""
    rules = Rules.coerce(rules)
    if not is_whole(ezr) or not -7 <= ezr <= 10:
        raise InputError(f"EZR must be a whole number from -7 to +10, got {ezr!r}")
    charts = _charts(charts, rules)
    attacker = Team("E", "E", shooter, "a")
    defender = Team("E", goalie_def, "A", goalie_so)
    return compile_matchup(rules, attacker, defender, charts, (_policies(policy)[0], ShufflePolicy()),
                           ezr=(int(ezr), 0))


def exact_period(ezr: int, rules: Rules | str | None = None, *, period: int = 1, goalie_def: str = "E",
                 shooter: str = "C", goalie_so: str = "c", injuries: int = 0, charts: Charts | None = None,
                 policy=None) -> np.ndarray:
    """Exact goal distribution of one period on EZR line ``ezr``: ``p[g]`` for g = 0, 1, ...

    The ?? chart makes the period depend on more than the line: HOT GOALIE on
    the opposing goalie's DEF letter (``goalie_def``), BREAKAWAY on the
    shooter's and goalie's shootout ratings, period 3 on its own column, and
    earlier INJURY results (``injuries``: 0 or more; they stack, each lowering every later roll, which
    stays in 1..99).
    """
    if not is_whole(period) or period not in (1, 2, 3):
        raise InputError(f"period must be 1, 2 or 3, got {period!r}")
    if not is_whole(injuries) or injuries < 0:
        raise InputError(f"injuries must be a whole number of earlier INJURY results (0 or more), got {injuries!r}")
    c = _line_matchup(ezr, rules, goalie_def, shooter, goalie_so, charts, policy)
    return _TeamPeriods(c, 0).period(1 if period == 3 else 0, injuries).sum(axis=1)


def exact_line(ezr: int, rules: Rules | str | None = None, *, goalie_def: str = "E", shooter: str = "C",
               goalie_so: str = "c", charts: Charts | None = None, policy=None) -> TeamExact:
    """Exact regulation of a team on EZR line ``ezr``: ``.period_goals`` (3, G), ``.goals`` (per game), ``.mean``.

    Same arguments as :func:`exact_period`; injuries carry from period to period.
    """
    c = _line_matchup(ezr, rules, goalie_def, shooter, goalie_so, charts, policy)
    return team_exact(c, 0)


# ---------------------------------------------------------------- scripted dice

@dataclass
class ScriptedGame:
    """A game played on scripted dice (see kernel.py for the order of rolls)."""

    goals: np.ndarray            # (2, 3) by team, period
    events: list[list[list[str]]]  # [team][period] -> event names
    winner: str
    decided_in: str
    overtime: str | None
    shootout_rounds: int
    dice_used: int

    @property
    def home_goals(self) -> int:
        return int(self.goals[0].sum()) + (self.decided_in == "OT" and self.winner == "home")

    @property
    def away_goals(self) -> int:
        return int(self.goals[1].sum()) + (self.decided_in == "OT" and self.winner == "away")


def play_scripted(home, away, dice, rules: Rules | str | None = None, *, charts: Charts | None = None,
                  policies=None, strict: bool = True) -> ScriptedGame:
    """Play one game on the given dice (each entry: a 2d10 roll 1-100, a 2d6 total or a d6).

    ``strict``: every die must be used.  The same kernel code as :func:`simulate`.
    """
    rules, home, away, charts, pol, c = _setup(home, away, rules, charts, policies)
    script = script_values(dice, "dice")
    og = np.zeros((2, 3), np.int64)
    oe = np.zeros((2, 3), np.int64)
    w, d, o, r, used = run_script(lambda s: K.play_scripted(s, c.ctx(), og, oe), script, "dice")
    if strict and used != script.size:
        raise InputError(f"the game used {used} of {script.size} scripted dice")
    names = event_names(charts)
    events = [[[names[1 if p == 2 else 0, b] for b in range(K.N_EVENT_BITS) if (int(oe[t, p]) >> b) & 1]
               for p in range(3)] for t in range(2)]
    return ScriptedGame(og, events, WINNERS[w], DECIDED[d], OT_NAMES[o] if o >= 0 else None, int(r), int(used))
