"""Pass & Score on the game contract (:mod:`simcore.games.base`): its Setup (both coaches' policies and the board
file), the games table, the metrics, runs and the play-by-play.

The engine (:mod:`.engine`) plays the games and returns the arrays of :data:`.kernel.layout.GAME_OUTPUTS`; this
module turns them into :class:`~simcore.results.Results`: the common game table (home = red, the team that attacks
first; away = blue) followed by every per-team counter of :data:`.kernel.layout.COUNT_NAMES` as ``home_<count>`` and
``away_<count>``.  Every game is decided in regulation (``decided_in`` is ``REG``); a level game is a tie.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd

import simcore
from simcore.errors import InputError
from simcore.games.base import Game, PlayByPlay, SetupBase, setup_field
from simcore.metrics import COUNT, Metric, ratio, summarize
from simcore.results import Results

from .policies import Policy
from .report import COMMANDS
from .rules import Rules

WINNERS = ("home", "away", "tie")
SIDES = ("home", "away")


def _board(value):
    from .board import Board, load_board

    return value if isinstance(value, Board) else load_board(str(value))


def _source(obj) -> str:
    v = getattr(obj, "path", None)
    return str(v) if isinstance(v, (str, os.PathLike)) else str(obj)


@dataclass(frozen=True)
class Setup(SetupBase):
    """Who plays a Pass & Score game: the home (red, first to attack) and away (blue) coaches' policies, and the
    board (None: the shipped ``data/board.toml``)."""

    GAME: ClassVar[str] = "passscore"
    PAIR: ClassVar[tuple[str, str]] = ("policy_home", "policy_away")

    policy_home: Policy = setup_field("random", "the home (red) coach's policy: random (uniform over the legal "
                                      "plays), greedy, search or search:N (N plays searched per decision)",
                                      Policy.parse, str)
    policy_away: Policy = setup_field("random", "the away (blue) coach's policy, the same forms", Policy.parse, str)
    board: object = setup_field(None, "the board file (TOML; default the shipped data/board.toml)", _board, _source)

    @property
    def policies(self) -> tuple[Policy, Policy]:
        return (self.policy_home, self.policy_away)

    def files(self) -> dict:
        return {"board": "shipped" if self.board is None else _source(self.board)}


def count_names() -> tuple[str, ...]:
    from .kernel.layout import COUNT_NAMES

    return tuple(COUNT_NAMES)


def games_table(out: dict, meta: dict, first_id: int = 0) -> pd.DataFrame:
    """The common game table and Pass & Score's counters (``home_<count>``, ``away_<count>``) from the engine's
    arrays."""
    goals = np.asarray(out["goals"]).astype(np.int64)
    n = goals.shape[0]
    cols = {
        "game": "passscore", "variant": meta["variant"], "seed": np.full(n, meta["seed"], np.uint64),
        "game_id": np.arange(first_id, first_id + n, dtype=np.int64), "home": "red", "away": "blue",
        "home_goals": goals[:, 0], "away_goals": goals[:, 1],
        "winner": pd.Categorical.from_codes(np.asarray(out["winner"]).astype(np.int64).reshape(n), list(WINNERS)),
        "decided_in": pd.Categorical.from_codes(np.zeros(n, np.int64), ["REG", "OT", "SO"]),
    }
    counts = np.asarray(out["counts"])
    for t, side in enumerate(SIDES):
        for k, name in enumerate(count_names()):
            cols[f"{side}_{name}"] = counts[:, t, k]
    return pd.DataFrame(cols)


def _both(column: str):
    return lambda r: r.games[f"home_{column}"].to_numpy(np.int64) + r.games[f"away_{column}"].to_numpy(np.int64)


def _goals(r):
    return r.games.home_goals.to_numpy(np.int64) + r.games.away_goals.to_numpy(np.int64)


COUNT_DOCS = {
    "plays": "plays made (a play lost to a slow-play penalty counts)", "moves": "player moves",
    "passes": "passes", "shots": "shots (every shot the rules allow scores)", "captures": "pucks captured",
    "offsides": "offsides called", "slides": "slides along a slide line",
    "slide_captures": "captures made by a slide", "faceoffs": "face-offs won (after the opponents' offside)",
    "throws": "goalkeeper throws after a capture", "penalties": "slow-play penalties",
    "no_play": "turns with no legal play",
}


def _own_metrics() -> dict[str, Metric]:
    out = {f"{c}_per_game": Metric(f"{c}_per_game", f"{COUNT_DOCS[c]} in a game (both teams)", _both(c),
                                   bounds=COUNT) for c in count_names()}
    out["goals_per_game"] = Metric("goals_per_game", "goals in a game (both teams)", _goals, bounds=COUNT)
    out["plays_per_goal"] = Metric("plays_per_goal", "plays per goal (both teams, pooled over games)",
                                   functional=ratio(_both("plays"), _goals), bounds=COUNT)
    out["passes_per_play"] = Metric("passes_per_play", "passes per play (pooled)",
                                    functional=ratio(_both("passes"), _both("plays")), bounds=COUNT)
    return out


OWN_METRICS = _own_metrics()
DEFAULT_METRICS = ("home_win", "away_win", "tie", "home_advantage", "home_goals_mean", "away_goals_mean",
                   "goals_per_team_game", "margin", "abs_margin", "balance", "goals_per_game", "captures_per_game",
                   "offsides_per_game", "passes_per_game", "shots_per_game", "slides_per_game", "plays_per_game",
                   "plays_per_goal")


#: common metrics a Pass & Score game cannot move: it has no overtime and no shootout (every game is decided in
#: regulation or tied), so these are 0 in every run; they stay metrics (``compare``, ``sweep``) but the summary
#: leaves them out
NO_OVERTIME = ("decided_OT", "decided_SO", "past_regulation")


def metric_summary(res: Results, metrics: dict[str, Metric]) -> pd.DataFrame:
    """One row per metric (but :data:`NO_OVERTIME`): estimate and 95% interval, cut at the metric's bounds
    (:func:`simcore.metrics.summarize`), and the number of games."""
    return summarize(res, {k: m for k, m in metrics.items() if k not in NO_OVERTIME})


class PassScore(Game):
    id = "passscore"
    title = "Pass & Score"
    description = ("A circle-board game without dice: each play is one of eight combinations of moves, passes and "
                   "a shot; passes and shots travel straight lines, defenders capture by moving onto the puck "
                   "carrier, slide lines give breakaways, offside is called.  The coaches' choices are named "
                   "policies (random, greedy, search).")
    Rules = Rules
    Setup = Setup
    default_n = 2_000
    commands = COMMANDS
    own_metrics = OWN_METRICS
    default_metrics = DEFAULT_METRICS
    #: the games table (10 common columns, 24 counters) and the summary's temporaries (estimated from the columns)
    table_bytes_per_game = 600

    def per_game_outputs(self, mode):
        from .kernel.layout import GAME_OUTPUTS

        return GAME_OUTPUTS

    def run(self, setup, n, seed, rules, *, threads, progress, mode, chunk_size):
        from . import engine

        if mode != "games":
            raise InputError("passscore keeps every game: mode='games' only")
        out = engine.simulate(n, seed, rules, setup.policies, setup.board, threads=threads, chunk_size=chunk_size,
                              progress=progress)
        meta = {"game": "passscore", "variant": rules.id, "seed": seed, "n": n, "mode": "games",
                "version": simcore.__version__, "home": "red", "away": "blue", "setup": setup.id,
                "policies": {"home": str(setup.policy_home), "away": str(setup.policy_away)},
                "files": setup.files()}
        res = Results(meta, dict(out), summarizer=lambda r: metric_summary(r, self.metrics))
        res.builders["games"] = lambda: games_table(out, meta)
        return res

    def log(self, setup, seed, game_index, rules) -> PlayByPlay:
        from . import engine

        lg = engine.play_by_play(seed, game_index, rules, setup.policies, setup.board)
        meta = {"game": "passscore", "variant": rules.id, "seed": seed, "game_index": game_index,
                "setup": setup.id}
        c = lg.row["counts"]
        one = {"goals": np.asarray(lg.row["goals"])[None], "winner": np.array([lg.row["winner"]]),
               "counts": np.array([[[c[k][t] for k in count_names()] for t in range(2)]])}
        row = games_table(one, meta, game_index).iloc[0].to_dict()
        events = pd.DataFrame(lg.events, columns=list(engine.EVENT_COLUMNS))
        return PlayByPlay(lg.text, events, row, {**meta, "log": lg})


GAME = PassScore()
__all__ = ["GAME", "PassScore", "Setup", "games_table", "metric_summary"]
