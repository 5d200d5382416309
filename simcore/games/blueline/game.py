"""Blue Line Hockey on the game contract (:mod:`simcore.games.base`): its Setup (both coaches' policies and the
data files a user may replace), the games table, the metrics, runs and the play-by-play.

The engine (:mod:`.engine`) plays the games and returns the arrays of :data:`.kernel.layout.GAME_OUTPUTS`;
this module turns them into :class:`~simcore.results.Results`: the common game table (home = the red team,
away = the visitors) followed by Blue Line's own columns (goals by period, shootout goals and every per-team
counter of :data:`.kernel.layout.COUNT_NAMES`, as ``home_<count>`` and ``away_<count>``).
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
from simcore.metrics import COMMON, COUNT, SHARE, Metric, flow_metrics, margins_by_period, ratio, summarize
from simcore.results import Results

from .policies import Policy
from .report import COMMANDS
from .rules import Rules

WINNERS = ("home", "away", "tie")
DECIDED = ("REG", "OT", "SO")
SIDES = ("home", "away")
PERIODS = ("p1", "p2", "p3", "ot")
#: The names of the two teams in the common game table (the rulebook: "Home is red, and the visitors are blue").
TEAM_NAMES = ("home", "away")


# ---------------------------------------------------------------- the setup: policies and data files

def _source(obj) -> str:
    """The file a loaded data object came from (what a setup's text writes back)."""
    for attr in ("path", "source"):
        v = getattr(obj, attr, None)
        if isinstance(v, (str, os.PathLike)):
            return str(v)
    return str(obj)


def _loader(module: str, name: str, cls: str):
    """``parse`` of a data-file setup field: a loaded object as it is, else a path read by ``module.name``
    (which raises :class:`simcore.charts.ChartError` naming the file, line and field of bad input)."""
    def parse(value):
        import importlib

        mod = importlib.import_module(f"{__package__}.{module}")
        if isinstance(value, getattr(mod, cls)):
            return value
        return getattr(mod, name)(str(value))
    return parse


def _formations(value):
    """Formations depend on the board they are set on: a path is kept here and read in ``Setup.check``."""
    return value if not isinstance(value, (str, bytes)) and not hasattr(value, "__fspath__") else str(value)


@dataclass(frozen=True)
class Setup(SetupBase):
    """Who plays a Blue Line game: the home (red) and away (visiting, blue) coaches' policies, and the board,
    slide-rule chart, penalty deck and formations they play with (None: the files shipped under
    ``simcore/games/blueline/data/``)."""

    GAME: ClassVar[str] = "blueline"
    PAIR: ClassVar[tuple[str, str]] = ("policy_home", "policy_away")

    policy_home: Policy = setup_field("default", "the home (red) coach's policy: a preset (default, random, "
                                      "cautious, aggressive, equilibrium) or field=value;field=value, a preset "
                                      "may start it (the fields, their values and the presets: docs/blueline.md, "
                                      "\"Policies\")", Policy.parse, str)
    policy_away: Policy = setup_field("default", "the visiting (blue) coach's policy, the same forms",
                                      Policy.parse, str)
    board: object = setup_field(None, "the board file (TOML; default the shipped data/board.toml)",
                                _loader("board", "load_board", "Board"), _source)
    chart: object = setup_field(None, "the Shot on Goal Slide Rule chart (CSV; default data/slide_rule.csv)",
                                _loader("chart", "load_chart", "Chart"), _source)
    penalties: object = setup_field(None, "the 15 penalty cards (CSV; default data/penalty_cards.csv)",
                                    _loader("penalties", "load_penalties", "PenaltyDeck"), _source)
    formations: object = setup_field(None, "the set-ups (TOML; default data/formations.toml), read on the board",
                                     _formations, _source)

    def check(self) -> None:
        if isinstance(self.formations, str):
            from .formations import load_formations

            object.__setattr__(self, "formations", load_formations(self.formations, self.board))

    @property
    def policies(self) -> tuple[Policy, Policy]:
        return (self.policy_home, self.policy_away)

    def data(self) -> dict:
        """The data files as the engine takes them (None: the shipped file)."""
        return {"board": self.board, "chart": self.chart, "penalties": self.penalties,
                "formations": self.formations}

    def files(self) -> dict:
        """The data files in play, by name: the user's file, or ``shipped``."""
        return {k: ("shipped" if v is None else _source(v)) for k, v in self.data().items()}


# ---------------------------------------------------------------- the games table

def count_names() -> tuple[str, ...]:
    from .kernel.layout import COUNT_NAMES

    return tuple(COUNT_NAMES)


def games_table(out: dict, meta: dict, first_id: int = 0) -> pd.DataFrame:
    """The common game table and Blue Line's own columns from the engine's arrays ``out`` (name -> array with
    a leading game axis): ``home_p1 .. home_ot`` (goals by period; overtime fourth), ``home_so_goals``, then
    ``home_<count>`` for every name of :data:`COUNT_NAMES`, the same for ``away``.  ``home_goals`` counts
    regulation and overtime goals; a shootout decides the winner without adding to it."""
    goals = np.asarray(out["goals"]).astype(np.int64)
    n = goals.shape[0]
    cols = {
        "game": "blueline", "variant": meta["variant"], "seed": np.full(n, meta["seed"], np.uint64),
        "game_id": np.arange(first_id, first_id + n, dtype=np.int64),
        "home": TEAM_NAMES[0], "away": TEAM_NAMES[1],
        "home_goals": goals[:, 0].sum(axis=1), "away_goals": goals[:, 1].sum(axis=1),
        "winner": pd.Categorical.from_codes(np.asarray(out["winner"]).astype(np.int64).reshape(n), list(WINNERS)),
        "decided_in": pd.Categorical.from_codes(np.asarray(out["decided"]).astype(np.int64).reshape(n),
                                                list(DECIDED)),
    }
    for t, side in enumerate(SIDES):
        for p, name in enumerate(PERIODS):
            cols[f"{side}_{name}"] = goals[:, t, p].astype(np.int16)
    so = np.asarray(out["so_goals"]).astype(np.int16)
    for t, side in enumerate(SIDES):
        cols[f"{side}_so_goals"] = so[:, t]
    counts = np.asarray(out["counts"])
    for t, side in enumerate(SIDES):
        for k, name in enumerate(count_names()):
            cols[f"{side}_{name}"] = counts[:, t, k]
    return pd.DataFrame(cols)


def _one_game(name: str, value) -> np.ndarray:
    """One game's output as an array of its declared shape: the counters may come as ``{name: (home, away)}``."""
    if isinstance(value, dict):
        return np.array([[value[c][t] for c in count_names()] for t in range(2)], np.int64)
    return np.asarray(value)


def _both(column: str):
    """Per game: a count summed over both teams."""
    return lambda r: r.games[f"home_{column}"].to_numpy(np.int64) + r.games[f"away_{column}"].to_numpy(np.int64)


def _sum(*columns):
    def f(r):
        return sum(_both(c)(r) for c in columns)
    return f


def _goals(r):
    return r.games.home_goals.to_numpy(np.int64) + r.games.away_goals.to_numpy(np.int64)


def _period_margins(r) -> np.ndarray:
    g = r.games
    return margins_by_period(g[["home_p1", "home_p2", "home_p3"]].to_numpy(),
                             g[["away_p1", "away_p2", "away_p3"]].to_numpy())


#: What each counter of the kernel counts, for the metric docs (a name missing here is described by its name).
COUNT_DOCS = {
    "shots": "shots on goal", "goals_even": "even-strength goals", "pp_goals": "power-play goals",
    "sh_goals": "short-handed goals", "en_goals": "empty-net goals",
    "card_saves": "saves by a matching GOALIE POSITION card", "in_position": "shots with the goalie in position",
    "out_of_position": "shots with the goalie out of position", "saves": "saves on the slide rule (goalie holds)",
    "rebounds": "rebounds", "blanks": "blank results on the slide rule", "screened": "screened shots",
    "blocked": "blocked shots", "passes": "passes", "intercepted": "passes intercepted by the defense",
    "dumps": "dumps", "icings": "icings", "offsides": "offsides", "stick_checks": "stick checks",
    "stick_steals": "stick checks that stole the puck", "body_checks": "body checks",
    "body_steals": "body checks that stole the puck", "minors": "minor penalties", "majors": "major penalties",
    "incidentals": "incidental minors (both drew minors)", "delayed": "delayed penalties",
    "pp_opportunities": "power-play opportunities", "pk_clears": "penalty-kill clears down the ice",
    "faceoffs_won": "face-offs won", "series": "series (changes of possession)",
    "pulled_goalie": "times the goalie was pulled", "timeouts": "time-outs called", "turns": "turns",
    "moves": "player moves", "goals": "goals (regulation and overtime)", "drop_passes": "drop passes",
    "third_player": "third-player penalties waiting for the box", "pk_dump_fails": "penalty-kill dumps that failed",
    "faceoffs": "face-offs", "goalie_passes": "goalie passes", "goalie_holds": "goalie holds for a face-off",
    "loose_won": "loose pucks won", "so_shots": "shootout shots", "capped": "series ended by the turn cap",
    "bank_passes": "passes off the sideboards", "row3_dumps": "pucks around the boards to Row 3 beyond the second "
    "corner", "sweeps": "goalie sweeps to the corner", "goalie_loose": "goalie rolls to leave the crease for a "
    "loose puck", "goalie_returns": "pulled goalies skated back to the crease during play",
    "ot_benched": "overtime changes of strength (a skater to or from the bench)",
}


def _count_metrics() -> dict[str, Metric]:
    """``<count>_per_game`` (both teams) for every counter of the kernel, and the rates built from them where
    the counters exist."""
    names = set(count_names())
    out = {f"{c}_per_game": Metric(f"{c}_per_game", f"{COUNT_DOCS.get(c, c.replace('_', ' '))} in a game "
                                   f"(both teams)", _both(c), bounds=COUNT) for c in count_names()}
    if "faceoffs" in names:
        # both teams take part in every face-off and count it: one team's counter is the game's face-offs
        out["faceoffs_per_game"] = Metric("faceoffs_per_game", "face-offs in a game",
                                          lambda r: r.games["home_faceoffs"].to_numpy(np.int64), bounds=COUNT)

    def add(name, doc, needs, **kw):
        """A metric from counters the kernel has; a pooled rate (a functional) is a share, the rest counts."""
        if set(needs) <= names and name not in out:
            out[name] = Metric(name, doc, bounds=SHARE if "functional" in kw else COUNT, **kw)

    add("shots_per_team_game", "shots on goal per team per game", ["shots"],
        per_game=lambda r: _both("shots")(r) / 2)
    add("penalties_per_game", "penalties called (minors and majors) in a game, both teams", ["minors", "majors"],
        per_game=_sum("minors", "majors"))
    add("checks_per_game", "stick and body checks in a game, both teams", ["stick_checks", "body_checks"],
        per_game=_sum("stick_checks", "body_checks"))
    add("steals_per_game", "checks that stole the puck in a game, both teams", ["stick_steals", "body_steals"],
        per_game=_sum("stick_steals", "body_steals"))
    add("shooting_pct", "goals (regulation and overtime) per shot on goal, both teams", ["shots"],
        functional=ratio(_goals, _both("shots")))
    add("save_pct", "shots on goal that did not score, per shot (1 - shooting_pct)", ["shots"],
        functional=ratio(lambda r: _both("shots")(r) - _goals(r), _both("shots")))
    add("card_save_pct", "shots saved by a matching GOALIE POSITION card, per shot", ["card_saves", "shots"],
        functional=ratio(_both("card_saves"), _both("shots")))
    add("pp_pct", "power-play goals per power-play opportunity, both teams", ["pp_goals", "pp_opportunities"],
        functional=ratio(_both("pp_goals"), _both("pp_opportunities")))
    add("pk_pct", "power plays killed per opportunity (1 - pp_pct)", ["pp_goals", "pp_opportunities"],
        functional=ratio(lambda r: _both("pp_opportunities")(r) - _both("pp_goals")(r), _both("pp_opportunities")))
    add("interception_rate", "passes intercepted per pass", ["intercepted", "passes"],
        functional=ratio(_both("intercepted"), _both("passes")))
    add("stick_check_success", "stick checks that stole the puck, per stick check", ["stick_steals", "stick_checks"],
        functional=ratio(_both("stick_steals"), _both("stick_checks")))
    add("body_check_success", "body checks that stole the puck, per body check", ["body_steals", "body_checks"],
        functional=ratio(_both("body_steals"), _both("body_checks")))
    return out


def _own_metrics() -> dict[str, Metric]:
    return {
        **_count_metrics(),
        "goals_per_game": Metric("goals_per_game", "goals in a game (both teams; shootout goals excluded)", _goals,
                                 bounds=COUNT),
        "shootout_goals_per_game": Metric("shootout_goals_per_game", "shootout goals in a game (both teams)",
                                          _both("so_goals"), bounds=COUNT),
        **flow_metrics(_period_margins),
    }


def metric_summary(res: Results, metrics: dict[str, Metric]) -> pd.DataFrame:
    """One row per metric: estimate and 95% interval, cut at the metric's bounds (:func:`simcore.metrics.summarize`),
    and the number of games."""
    return summarize(res, metrics)


OWN_METRICS = _own_metrics()
#: What ``simcore compare blueline`` reports when no metrics are named (those the counters allow).
DEFAULT_METRICS = tuple(m for m in (
    "home_win", "away_win", "tie", "home_advantage", "decided_OT", "decided_SO", "past_regulation",
    "home_goals_mean", "away_goals_mean", "goals_per_team_game", "margin", "abs_margin", "lead_changes",
    "comeback", "shots_per_game", "pp_opportunities_per_game", "pp_goals_per_game", "penalties_per_game",
    "checks_per_game", "steals_per_game", "intercepted_per_game", "series_per_game", "balance",
    "goals_variance", "goals_dispersion", "shooting_pct", "save_pct", "pp_pct") if m in {**COMMON, **OWN_METRICS})


# ---------------------------------------------------------------- the game

class BlueLine(Game):
    id = "blueline"
    title = "Blue Line Hockey"
    description = ("A grid board game: six players a side skate on 2d6, pass along straight lines, check with "
                   "dice and shoot with secretly chosen SHOT ON GOAL and GOALIE POSITION cards read on the slide "
                   "rule; penalties from a 15-card deck, power plays and penalty-kill postures, pulled goalies, "
                   "overtime 4-on-4 and a shootout.  Each coach's decisions are a named policy; the card choices "
                   "can play the exact equilibrium of each shot's 5x5 game.")
    Rules = Rules
    Setup = Setup
    default_n = 100_000
    commands = COMMANDS
    own_metrics = OWN_METRICS
    default_metrics = DEFAULT_METRICS
    #: The games table (10 common columns, 10 of goals, 2 x len(COUNT_NAMES) counters) and the summary's
    #: temporaries: the peak resident memory of a run with the table and summary built, less the records
    #: (measured at 30,000 games: 1,519 bytes a game in all, 372 of them records).
    table_bytes_per_game = 1200

    def per_game_outputs(self, mode):
        from .kernel.layout import GAME_OUTPUTS

        return GAME_OUTPUTS

    def run(self, setup, n, seed, rules, *, threads, progress, mode, chunk_size):
        from . import engine

        if mode != "games":
            raise InputError("blueline keeps every game: mode='games' only")
        out = engine.simulate(n, seed, rules, setup.policies, **setup.data(), threads=threads,
                              chunk_size=chunk_size, progress=progress)
        meta = {"game": "blueline", "variant": rules.id, "seed": seed, "n": n, "mode": "games",
                "version": simcore.__version__, "home": TEAM_NAMES[0], "away": TEAM_NAMES[1], "setup": setup.id,
                "policies": {"home": str(setup.policy_home), "away": str(setup.policy_away)},
                "files": setup.files()}
        res = Results(meta, dict(out), summarizer=lambda r: metric_summary(r, self.metrics))
        res.builders["games"] = lambda: games_table(out, meta)
        return res

    def log(self, setup, seed, game_index, rules) -> PlayByPlay:
        from . import engine

        lg = engine.play_by_play(seed, game_index, rules, setup.policies, **setup.data())
        meta = {"game": "blueline", "variant": rules.id, "seed": seed, "game_index": game_index,
                "setup": setup.id}
        one = {k: _one_game(k, v)[None] for k, v in lg.row.items()}
        row = games_table(one, meta, game_index).iloc[0].to_dict()
        from .kernel import layout

        columns = getattr(engine, "EVENT_COLUMNS", getattr(layout, "EVENT_COLUMNS", None))
        events = pd.DataFrame(list(lg.events), columns=list(columns) if columns is not None else None)
        return PlayByPlay(lg.text, events, row, {**meta, "log": lg})


GAME = BlueLine()
__all__ = ["GAME", "BlueLine", "Setup", "games_table", "metric_summary"]
