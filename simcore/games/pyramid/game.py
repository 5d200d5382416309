"""Pyramid card hockey on the game contract (:mod:`simcore.games.base`): its Setup, metrics, runs and
play-by-play."""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd

from simcore.errors import InputError
from simcore.games.base import Game, PlayByPlay, SetupBase, setup_field
from simcore.deprecation import SimcoreDeprecationWarning
from simcore.metrics import ADVANTAGE, COUNT, SHARE, Metric, flow_metrics, margins_by_period, ratio
from simcore.stats import advantage_ci

from . import engine
from .deck import Deck, load_deck
from .policies import Policy
from .report import COMMANDS
from .rules import Rules


def _deck(value) -> Deck:
    return value if isinstance(value, Deck) else load_deck(value)


@dataclass(frozen=True)
class Setup(SetupBase):
    """Who plays a pyramid game: side A's (home) and side B's (away) policies, and the deck for
    ``deck=custom``."""

    GAME: ClassVar[str] = "pyramid"

    policy_a: Policy = setup_field("default", "side A's (home) policy: a preset (default, random, forwards, balance, "
                                   "cheap-shot, rush, in-order) or draft=..,route=..,shoot=.. (from Python)",
                                   Policy.parse, str)
    policy_b: Policy = setup_field("default", "side B's (away) policy, the same forms", Policy.parse, str)
    deck_file: Deck | None = setup_field(None, "the deck for the rule deck=custom: a CSV file with columns "
                                         "card,value and an optional count", _deck, lambda d: d.source)

    @property
    def policies(self) -> tuple[Policy, Policy]:
        return (self.policy_a, self.policy_b)


def _period_margins(r) -> np.ndarray:
    g = r.games
    return margins_by_period(g[["home_p1", "home_p2", "home_p3"]].to_numpy(),
                             g[["away_p1", "away_p2", "away_p3"]].to_numpy())


def _first_mover_advantage(r):
    g = r.games
    won = g.first_drafter_won.to_numpy(float)
    lost = ((~g.first_drafter_won) & (g.winner != "tie")).to_numpy(float)
    return won - lost


def _goals(r):
    g = r.games
    return ratio(lambda r: g.home_goals + g.away_goals, lambda r: g.home_shots + g.away_shots)(r)


def _saves(r):
    g = r.games
    return ratio(lambda r: g.home_saves + g.away_saves, lambda r: g.home_shots + g.away_shots)(r)


class Pyramid(Game):
    id = "pyramid"
    title = "Pyramid card hockey"
    description = ("Two managers lay six cards from one deck as an inverted pyramid (three forwards, two "
                   "defenders, a face-down goalie) and flip cards to beat their way to the hidden goalie; three "
                   "passes through the deck are three periods.  Each side's decisions are a named policy.")
    Rules = Rules
    Setup = Setup
    has_exact = True
    default_n = 100_000
    commands = COMMANDS
    own_metrics = {
        "first_mover_win": Metric("first_mover_win", "share of games the side that drafted first in period 1 won",
                                  lambda r: r.games.first_drafter_won),
        "second_mover_win": Metric("second_mover_win", "share of games the other side won",
                                   lambda r: (~r.games.first_drafter_won) & (r.games.winner != "tie")),
        "first_mover_advantage": Metric("first_mover_advantage", "first-mover wins minus second-mover wins, as a "
                                        "share of games", _first_mover_advantage, interval=advantage_ci,
                                        bounds=ADVANTAGE),
        "game_length": Metric("game_length", "turns in a game (both sides)", lambda r: r.games.turns, bounds=COUNT),
        "shots_per_game": Metric("shots_per_game", "shots in a game (both sides)",
                                 lambda r: r.games.home_shots + r.games.away_shots, bounds=COUNT),
        "goals_per_game": Metric("goals_per_game", "goals in a game (both sides; shootout goals excluded)",
                                 lambda r: r.games.home_goals + r.games.away_goals, bounds=COUNT),
        "advances_per_game": Metric("advances_per_game", "skaters passed in a game (both sides)",
                                    lambda r: r.games.home_advances + r.games.away_advances, bounds=COUNT),
        **flow_metrics(_period_margins),
        "shooting_pct": Metric("shooting_pct", "goals per shot", functional=_goals, bounds=SHARE),
        "save_pct": Metric("save_pct", "saves per shot (1 - shooting_pct)", functional=_saves, bounds=SHARE),
    }
    default_metrics = ("home_win", "away_win", "tie", "home_advantage", "decided_OT", "decided_SO",
                       "past_regulation", "home_goals_mean", "away_goals_mean", "goals_per_team_game", "margin",
                       "abs_margin", "first_mover_win", "game_length", "shots_per_game", "lead_changes", "comeback",
                       "balance", "goals_variance", "goals_dispersion", "save_pct")
    renamed_metrics = {"turns_per_game": "game_length"}
    legacy_setup = {"policies": lambda p: dict(zip(("policy_a", "policy_b"), engine._policies(p))),
                    "deck_file": lambda d: {"deck_file": d}}

    def simulate(self, setup=None, *args, **kw):
        """Simulate ``n`` games: ``simulate(setup, n, seed, rules)`` (see :meth:`Game.simulate`).  The form of
        earlier releases, ``simulate(n, seed, rules, policies=..., deck_file=...)``, still works."""
        if isinstance(setup, (int, np.integer)) and not isinstance(setup, bool):
            warnings.warn("pyramid simulate(n, seed, ...) is now simulate(setup, n, seed, ...); pass n= and seed=",
                          SimcoreDeprecationWarning, stacklevel=2)
            kw.pop("names", None)
            return super().simulate(None, setup, *args, **kw)
        return super().simulate(setup, *args, **kw)

    table_bytes_per_game = 1110     # the games and periods tables (1,223 bytes a game in all, measured)

    def per_game_outputs(self, mode):
        from .kernel import GAME_OUTPUTS

        return GAME_OUTPUTS

    def run(self, setup, n, seed, rules, *, threads, progress, mode, chunk_size):
        if mode != "games":
            raise InputError("pyramid keeps every game: mode='games' only")
        res = engine.simulate(n, seed, rules, policies=setup.policies, deck_file=setup.deck_file, threads=threads,
                              chunk_size=chunk_size, progress=progress)
        res.meta["setup"] = setup.id
        return res

    def play_by_play(self, setup=None, seed=0, game_index=0, rules=None, **legacy):
        """Game ``game_index`` of the run with ``seed``, card by card.  The form of earlier releases,
        ``play_by_play(seed, game_id, rules, policies=..., deck_file=...)``, still works."""
        if isinstance(setup, (int, np.integer)) and not isinstance(setup, bool):
            warnings.warn("pyramid play_by_play(seed, game_id, ...) is now play_by_play(setup, seed, game_index, "
                          "...)", SimcoreDeprecationWarning, stacklevel=2)
            setup, seed, game_index, rules = None, setup, seed, (game_index if game_index != 0 else rules)
        if "game_id" in legacy:
            game_index = legacy.pop("game_id")
        legacy.pop("max_events", None)
        return super().play_by_play(setup, seed, game_index, rules, **legacy)

    def log(self, setup, seed, game_index, rules) -> PlayByPlay:
        lg = engine.play_by_play(seed, game_index, rules, policies=setup.policies, deck_file=setup.deck_file)
        events = pd.DataFrame(lg.events, columns=["code", "period", "side", "a", "b", "c"])
        meta = {"game": "pyramid", "variant": rules.id, "seed": seed, "game_index": game_index, "setup": setup.id}
        return PlayByPlay(lg.text, events, {**lg.row, "game_id": game_index}, meta)

    def exact(self, setup=None, rules=None, **legacy):
        """The exact game distribution for a small deck (:func:`.exact.exact`)."""
        from .exact import exact

        if rules is None and _rules_not_setup(setup):
            setup, rules = None, setup             # exact(rules, policies=..., deck_file=...) of earlier releases
        setup, legacy = self._legacy_setup(setup, legacy)
        if legacy:
            raise TypeError(f"exact() got unexpected keyword arguments: {', '.join(legacy)}")
        s = self.setup(setup)
        return exact(self.rules(rules), policies=s.policies, deck_file=s.deck_file)


def _rules_not_setup(x) -> bool:
    """Whether the first argument of ``exact`` is a rule set (earlier releases' ``exact(rules)``): Rules, a
    preset name, or ``key=value`` text whose keys are rule keys, not setup keys."""
    if isinstance(x, Rules):
        return True
    if not isinstance(x, str):
        return False
    if x in Rules.PRESETS:
        return True
    keys = {kv.split("=", 1)[0].strip() for kv in x.split(",") if "=" in kv}
    return bool(keys) and not keys & set(Setup.keys())


GAME = Pyramid()
__all__ = ["GAME", "Pyramid", "Setup"]
