"""A toy game defined entirely here, to show that a game plugs into simcore at one place.

Two-dice hockey: each team has a rating 1-6.  In each period a team rolls 2d6 once and scores when the roll plus
its rating reaches the rules' ``target``; a game level after regulation plays sudden-death overtime rolls (both
teams roll; the first roll that scores alone wins), at most ``overtime_rolls`` pairs, then stands as a tie.
It registers through the public API (:func:`simcore.register`) and brings a league adapter; no line of simcore
names it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numba as nb
import numpy as np
import pandas as pd

import simcore
from simcore.games.base import Command, Game, PlayByPlay, SetupBase, SetupError, setup_field
from simcore.layout import Output, Outputs
from simcore.league import kernel as LK
from simcore.league.adapter import Adapter
from simcore.metrics import COUNT, Metric, flow_metrics, margins_by_period
from simcore.parallel import run_blocks
from simcore.results import Results
from simcore.rng import MARK, RECORDING, STATE_SIZE, mark, roll_2d6, seed_stream
from simcore.rulesbase import RulesBase, option
from simcore.stats import mean_ci, wilson_ci

ID = "dicehockey"
MAX_OT = 50


@dataclass(frozen=True)
class Rules(RulesBase):
    """Two-dice hockey rules."""

    GAME: ClassVar[str] = ID
    PRESETS: ClassVar[dict[str, dict[str, str]]] = {"rulebook": {}, "short": {"periods": "2"},
                                                    "ties": {"overtime_rolls": "0"}}

    periods: str = option("3", ("3", "2"), "toy 1", "regulation periods")
    target: str = option("10", ("9", "10", "11"), "toy 2", "a roll plus the rating at least this scores")
    overtime_rolls: str = option("5", ("0", "5", "50"), "toy 3", "sudden-death overtime roll pairs (0: none)")

    def numeric(self) -> np.ndarray:
        return np.array([int(self.periods), int(self.target), int(self.overtime_rolls)], np.int64)


def _rating(v) -> int:
    r = int(v)
    if not 1 <= r <= 6:
        raise ValueError("a rating is 1 to 6")
    return r


@dataclass(frozen=True)
class Setup(SetupBase):
    """Two teams by rating."""

    GAME: ClassVar[str] = ID
    PAIR: ClassVar[tuple[str, str]] = ("home", "away")

    home: int = setup_field(4, "home rating, 1-6", _rating)
    away: int = setup_field(3, "away rating, 1-6", _rating)


# ---------------------------------------------------------------- the kernel

@nb.njit(cache=True)
def play_game(st, script, rules, rh, ra, goals):
    """One game on stream ``st``: ``goals`` (2, 4) regulation periods and overtime; returns (winner, decided)."""
    for t in range(2):
        for p in range(4):
            goals[t, p] = 0
    target = rules[1]
    for p in range(rules[0]):
        goals[0, p] += roll_2d6(st, script) + rh >= target
        mark(st, script)
        goals[1, p] += roll_2d6(st, script) + ra >= target
        mark(st, script)
    h = goals[0, 0] + goals[0, 1] + goals[0, 2]
    a = goals[1, 0] + goals[1, 1] + goals[1, 2]
    if h != a:
        return (0 if h > a else 1), 0
    if rules[2] == 0:
        return 2, 0
    for _ in range(rules[2]):
        sh = roll_2d6(st, script) + rh >= target
        sa = roll_2d6(st, script) + ra >= target
        mark(st, script)
        if sh != sa:
            goals[0 if sh else 1, 3] = 1
            return (0 if sh else 1), 1
    return 2, 1


OUTPUTS = Outputs(Output("goals", (2, 4), np.int8, "goals by team and period (the fourth: overtime)"),
                  Output("winner", (), np.int8, "0 home, 1 away, 2 tie"),
                  Output("decided", (), np.int8, "0 REG, 1 OT"))


@nb.njit(cache=True)
def _block(ctx, seed, g0, lo, hi, b, out):
    rules, rh, ra = ctx
    goals, winner, decided = out
    st = np.empty(STATE_SIZE, np.uint64)
    script = np.zeros(0, np.int64)
    og = np.empty((2, 4), np.int64)
    for i in range(lo, hi):
        seed_stream(st, seed, g0 + i)
        w, d = play_game(st, script, rules, rh, ra, og)
        for t in range(2):
            for p in range(4):
                goals[i, t, p] = og[t, p]
        winner[i] = w
        decided[i] = d


@nb.njit(cache=True, parallel=True)
def simulate_games(ctx, seed, g0, n, out):
    run_blocks(_block, ctx, seed, g0, n, 512, out)


@nb.njit(cache=True)
def play_recorded(seed, game, rules, rh, ra, og, record):
    st = np.zeros(STATE_SIZE, np.uint64)
    seed_stream(st, seed, game)
    st[5] = RECORDING
    w, d = play_game(st, record, rules, rh, ra, og)
    return w, d, np.int64(st[4])


# ---------------------------------------------------------------- the game on the contract

def _games_table(meta, goals, winner, decided, first_id=0) -> pd.DataFrame:
    n = goals.shape[0]
    g = goals.astype(np.int64)
    return pd.DataFrame({
        "game": ID, "variant": meta["variant"], "seed": np.full(n, meta["seed"], np.uint64),
        "game_id": np.arange(first_id, first_id + n), "home": meta["home"], "away": meta["away"],
        "home_goals": g[:, 0].sum(axis=1), "away_goals": g[:, 1].sum(axis=1),
        "winner": pd.Categorical.from_codes(winner.astype(np.int64), ["home", "away", "tie"]),
        "decided_in": pd.Categorical.from_codes(decided.astype(np.int64), ["REG", "OT", "SO"]),
        **{f"{s}_p{p + 1}": g[:, t, p] for t, s in enumerate(("home", "away")) for p in range(3)},
    })


def _summary(res) -> pd.DataFrame:
    g = res.games
    rows = []
    for name, x in (("home_win", g.winner == "home"), ("tie", g.winner == "tie"),
                    ("decided_OT", g.decided_in == "OT")):
        lo, hi = wilson_ci(float(x.sum()), len(g))
        rows.append((name, float(x.mean()), lo, hi))
    x = (g.home_goals + g.away_goals) / 2
    lo, hi = mean_ci(float(x.mean()), float(x.std(ddof=1)), len(g))
    rows.append(("goals_per_team_game", float(x.mean()), lo, hi))
    return pd.DataFrame(rows, columns=["metric", "estimate", "ci_low", "ci_high"])


def _margins(r):
    g = r.games
    return margins_by_period(g[["home_p1", "home_p2", "home_p3"]].to_numpy(),
                             g[["away_p1", "away_p2", "away_p3"]].to_numpy())


def _build(p):
    p.add_argument("-n", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rules", default="")


def _run(game, args):
    res = game.simulate(n=args.n, seed=args.seed, rules=args.rules)
    print(res.summary().to_string(index=False))


class DiceHockey(Game):
    id = ID
    title = "Two-dice hockey (a toy game of the test suite)"
    description = "Each team rolls 2d6 a period and scores when the roll plus its rating reaches the target."
    Rules = Rules
    Setup = Setup
    default_n = 1000
    own_metrics = {**flow_metrics(_margins),
                   "goals_per_game": Metric("goals_per_game", "goals in a game",
                                            lambda r: r.games.home_goals + r.games.away_goals, bounds=COUNT)}
    commands = (Command("", "simulate games", _build, _run, "simcore dicehockey -n 1000"),)

    def ctx(self, setup, rules):
        return (rules.numeric(), np.int64(setup.home), np.int64(setup.away))

    def run(self, setup, n, seed, rules, *, threads, progress, mode, chunk_size):
        from simcore import runner

        out = OUTPUTS.allocate(n)
        ctx = self.ctx(setup, rules)
        def play(g0, c, inputs, rows, totals):
            simulate_games(ctx, np.uint64(seed), g0, c, rows)

        runner.run_games(n, play, rows=out, chunk_size=chunk_size, n_threads=threads, progress=progress, seed=seed)
        meta = {"game": ID, "variant": rules.id, "seed": seed, "n": n, "mode": "games",
                "version": simcore.__version__, "home": str(setup.home), "away": str(setup.away), "setup": setup.id}
        res = Results(meta, OUTPUTS.as_dict(out), summarizer=_summary)
        res.builders["games"] = lambda: _games_table(meta, *out)
        return res

    def log(self, setup, seed, game_index, rules):
        og = np.zeros((2, 4), np.int64)
        record = np.zeros(4 * MAX_OT + 64, np.int64)
        w, d, used = play_recorded(np.uint64(seed), np.int64(game_index), *self.ctx(setup, rules), og, record)
        rolls = [v for v in record[:used].tolist() if v != MARK]
        meta = {"variant": rules.id, "seed": seed, "home": str(setup.home), "away": str(setup.away)}
        row = _games_table(meta, og[None], np.array([w]), np.array([d]), game_index).iloc[0].to_dict()
        text = f"rolls {' '.join(map(str, rolls))}\nfinal: {row['home_goals']}-{row['away_goals']} ({row['winner']})"
        return PlayByPlay(text, pd.DataFrame({"roll": rolls}), row, {"game": ID, "seed": seed,
                                                                     "game_index": game_index})

    @property
    def league(self):
        if "_league" not in self.__dict__:
            self.__dict__["_league"] = LeagueAdapter(self)
        return self.__dict__["_league"]


# ---------------------------------------------------------------- the league adapter and season kernel

@nb.njit(inline="always")
def new_state(gctx, st, gout, i):
    return (np.zeros(0, np.int64), np.zeros((2, 4), np.int64), gctx[0], gctx[1])


@nb.njit(inline="always")
def season_game(state, st, g, h, a, stats, playoff, games, keep):
    script, og, rules, rating = state
    w, d = play_game(st, script, rules, rating[h], rating[a], og)
    hg = og[0, 0] + og[0, 1] + og[0, 2] + og[0, 3]
    ag = og[1, 0] + og[1, 1] + og[1, 2] + og[1, 3]
    while playoff and w == 2:        # playoff games are played until someone wins
        w, d = play_game(st, script, rules, rating[h], rating[a], og)
        hg = og[0, 0] + og[0, 1] + og[0, 2] + og[0, 3]
        ag = og[1, 0] + og[1, 1] + og[1, 2] + og[1, 3]
    return hg, ag, w, d


@nb.njit(cache=True)
def _seasons(ctx, seed, s0, lo, hi, b, out):
    LK.seasons_block(season_game, new_state, ctx, seed, s0, lo, hi, out)


#: ``out`` of :func:`simulate_seasons`: the league's outputs only (the toy game keeps no season figures of its own).
SEASON_OUTPUTS = LK.season_outputs(0)


@nb.njit(cache=True, parallel=True)
def simulate_seasons(ctx, seed, s0, n, out):
    run_blocks(_seasons, ctx, seed, s0, n, 1, out)


class LeagueAdapter(Adapter):
    team_columns = ("rating",)

    def check_team(self, path, line, row):
        if row["rating"] not in tuple("123456"):
            raise self.error(path, line, "rating", row["rating"], "a rating is 1 to 6")

    def goalies(self, doc, path, teams, data):
        return pd.DataFrame({"team": teams.team, "goalie": [f"{t} goalie" for t in teams.team], "slot": 0,
                             "share": 1.0})

    def runner(self, lg, s):
        rules = Rules.coerce(lg.rules or None)
        if lg.points != "ties" and rules.overtime_rolls == "0":
            raise ValueError("ties need points = \"ties\"")
        rating = np.array([int(x) for x in lg.teams["rating"]], np.int64)
        ctx = s.league_ctx() + (rules.numeric(), rating)
        n_teams, n_games = len(s.names), len(s.homes)

        def run(seed, s0, count, keep_games):
            out = SEASON_OUTPUTS.allocate(count, teams=n_teams, games=n_games if keep_games else 0)
            simulate_seasons(ctx, seed, s0, count, out)
            return SEASON_OUTPUTS.as_dict(out)

        def finish(out):
            return s.goalies.assign(starts_mean=float("nan")), None

        return run, finish


GAME = DiceHockey()


def register() -> DiceHockey:
    """Register the toy game (again: a test module may be imported more than once)."""
    return simcore.register(GAME, replace=True)


__all__ = ["GAME", "register", "SetupError"]
