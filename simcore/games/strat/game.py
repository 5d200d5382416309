"""Strat-O-Matic Hockey on the game contract (:mod:`simcore.games.base`): its Setup, metrics, runs and
play-by-play."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

import numpy as np

from simcore.errors import InputError
from simcore.games.base import Game, PlayByPlay, SetupBase, SetupError, setup_field
from simcore.metrics import COUNT, SHARE, Metric, flow_metrics, ratio

from .kit import Kit, load_kit, sample_kit
from .policies import Coach
from .report import COMMANDS
from .rules import Rules


def _kit(value) -> Kit:
    if isinstance(value, Kit):
        return value
    if value is None or str(value).strip().lower() == "sample":
        return sample_kit()
    return load_kit(value)


def _kit_text(kit: Kit) -> str:
    return "sample" if kit is sample_kit() else str(kit.path)


def _coach(value) -> Coach:
    """A Coach, or its text: ``penetrate=always,pull_goalie=never`` (in a setup's text, ``+`` separates the
    fields: ``home_coach=penetrate=always+pull_goalie=never``)."""
    return Coach.parse(value.replace("+", ",") if isinstance(value, str) else value)


def _coach_text(c: Coach) -> str:
    return c.id.replace(",", "+")


def _abbr(value):
    return None if value is None else str(value).strip()


@dataclass(frozen=True)
class Setup(SetupBase):
    """Who plays a Strat-O-Matic game: a kit, a home and an away team of it (neither: the kit's round robin,
    every ordered pair of its teams in turn) and each team's coaching policies."""

    GAME: ClassVar[str] = "strat"
    PAIR: ClassVar[tuple[str, str]] = ("home", "away")

    home: str | None = setup_field(None, "home team abbreviation of the kit (none, with no away team: the "
                                   "kit's round robin)", _abbr)
    away: str | None = setup_field(None, "away team abbreviation", _abbr)
    kit: Kit = setup_field("sample", "the card kit: sample (the shipped synthetic kit) or a kit folder", _kit,
                           _kit_text)
    home_coach: Coach = setup_field(Coach(), f"home coaching policies: {', '.join(f.name for f in fields(Coach))} "
                                    "(e.g. penetrate=always+pull_goalie=never)", _coach, _coach_text)
    away_coach: Coach = setup_field(Coach(), "away coaching policies, the same form", _coach, _coach_text)

    def check(self):
        if (self.home is None) != (self.away is None):
            raise SetupError("strat setup needs both home and away, or neither (the kit's round robin)")
        if self.home is None:
            return
        teams = {t.upper(): t for t in self.kit.teams}
        for side in ("home", "away"):
            v = getattr(self, side)
            if v.upper() not in teams:
                raise SetupError(f"strat setup: unknown team {v!r} ({side}); teams: {', '.join(self.kit.teams)}")
            object.__setattr__(self, side, teams[v.upper()])
        if self.home == self.away:
            raise SetupError(f"strat setup: a team cannot play itself ({self.home})")

    @property
    def league(self) -> bool:
        return self.home is None

    @property
    def coaches(self) -> tuple[Coach, Coach]:
        return (self.home_coach, self.away_coach)


def _per_game(r, column):
    """A team_games column summed over the game's two teams, in game order."""
    return r.table("team_games").groupby("game_id", sort=True)[column].sum().to_numpy()


def _period_margins(r):
    t = r.table("team_games").sort_values(["game_id", "is_home"], ascending=[True, False], kind="stable")
    goals = t[["goals_p1", "goals_p2", "goals_p3"]].to_numpy(dtype=np.int64).reshape(-1, 2, 3)
    return np.cumsum(goals[:, 0] - goals[:, 1], axis=1)


def _pp_pct(r):
    return ratio(lambda r: _per_game(r, "pp_goals"), lambda r: _per_game(r, "pp_opportunities"))(r)


def _pk_pct(r):
    return ratio(lambda r: _per_game(r, "pp_opportunities") - _per_game(r, "pp_goals"),
                 lambda r: _per_game(r, "pp_opportunities"))(r)


def _fatigued_goalie(r):
    from .kernel.layout import K

    OK = r.aggregates["OK"]
    return (OK[:, :, :, K.sa_fat] + OK[:, :, :, K.fat_start] + OK[:, :, :, K.shelled]).sum(axis=(1, 2)) > 0


def _goalie_shots(r):
    """Per game, shots and goals against a goalie (both teams; empty-net shots and goals excluded)."""
    from .kernel.layout import K

    OK = r.aggregates["OK"].astype(np.int64)
    return OK[:, :, :, K.sa].sum(axis=(1, 2)), OK[:, :, :, K.ga].sum(axis=(1, 2))


def _save_pct(r):
    return ratio(lambda r: np.subtract(*_goalie_shots(r)), lambda r: _goalie_shots(r)[0])(r)


#: team_games columns with a ``<column>_per_team_game`` metric, and what they count.
ADVANCED_COUNTS = {
    "penalties": "penalties (minors called)",
    "penalties_action_card": "action-card penalties (4.8)",
    "penalties_goalie": "goalie penalties (5.72)",
    "penalties_retaliation": "retaliation penalties (5.73)",
    "penalties_intimidation": "intimidation penalties (16.1)",
    "penalties_defense": "Defense-column penalties (16.2)",
    "delayed_penalties": "delayed penalties (16.13)",
    "intimidations": "intimidation attempts (12)",
    "deflections": "deflection attempts (25)",
    "deflection_goals": "deflection goals (25)",
    "passes": "passes chosen over penetration (11)",
}


class Strat(Game):
    id = "strat"
    title = "Strat-O-Matic Hockey, Basic and Advanced games"
    description = ("Card by card from a kit (action deck, split deck, dice, player and goalie cards): faceoffs, "
                   "passes, shots, goalie cards, penalties and power plays, injuries, goalie fatigue, overtime "
                   "and a shootout, with per-game, team, player and goalie tables and a play-by-play.")
    Rules = Rules
    Setup = Setup
    default_n = 5_600
    commands = COMMANDS
    league_module = "season"
    own_metrics = {
        **flow_metrics(_period_margins),
        "shots_per_game": Metric("shots_per_game", "shots on goal in a game (both teams)",
                                 lambda r: r.games.home_shots + r.games.away_shots, bounds=COUNT),
        "shots_per_team_game": Metric("shots_per_team_game", "shots on goal per team per game",
                                      lambda r: (r.games.home_shots + r.games.away_shots) / 2, bounds=COUNT),
        "pp_opportunities_per_game": Metric("pp_opportunities_per_game", "power plays in a game (both teams)",
                                            lambda r: r.games.home_pp_opportunities + r.games.away_pp_opportunities,
                                            bounds=COUNT),
        "pp_opportunities_per_team_game": Metric(
            "pp_opportunities_per_team_game", "power plays per team per game",
            lambda r: (r.games.home_pp_opportunities + r.games.away_pp_opportunities) / 2, bounds=COUNT),
        "pp_goals_per_game": Metric("pp_goals_per_game", "power-play goals in a game (both teams)",
                                    lambda r: r.games.home_pp_goals + r.games.away_pp_goals, bounds=COUNT),
        "empty_net_goals_per_game": Metric("empty_net_goals_per_game", "empty-net goals in a game",
                                           lambda r: _per_game(r, "empty_net_goals"), bounds=COUNT),
        "empty_net_goals_per_team_game": Metric("empty_net_goals_per_team_game", "empty-net goals per team per game",
                                                lambda r: _per_game(r, "empty_net_goals") / 2, bounds=COUNT),
        "fatigue_goals_per_game": Metric("fatigue_goals_per_game", "goals the fatigue rule made (24.2) in a game",
                                         lambda r: _per_game(r, "fatigue_goals"), bounds=COUNT),
        "fatigue_goals_per_team_game": Metric("fatigue_goals_per_team_game",
                                              "goals the fatigue rule made (24.2) per team per game",
                                              lambda r: _per_game(r, "fatigue_goals") / 2, bounds=COUNT),
        "sh_goals_per_game": Metric("sh_goals_per_game", "short-handed goals in a game",
                                    lambda r: _per_game(r, "sh_goals"), bounds=COUNT),
        "sh_goals_per_team_game": Metric("sh_goals_per_team_game", "short-handed goals per team per game",
                                         lambda r: _per_game(r, "sh_goals") / 2, bounds=COUNT),
        "pim_per_team_game": Metric("pim_per_team_game", "penalty minutes per team per game",
                                    lambda r: _per_game(r, "pim") / 2, bounds=COUNT),
        **{f"{col}_per_team_game": Metric(f"{col}_per_team_game", f"{what} per team per game",
                                          (lambda c: lambda r: _per_game(r, c) / 2)(col), bounds=COUNT)
           for col, what in ADVANCED_COUNTS.items()},
        "intimidation_success": Metric("intimidation_success", "intimidations that took the puck away, per attempt "
                                       "(both teams; 12.2)", functional=ratio(
                                           lambda r: _per_game(r, "intimidations_won"),
                                           lambda r: _per_game(r, "intimidations")), bounds=SHARE),
        "pass_success": Metric("pass_success", "passes (chosen over penetration, 11) completed for an inside shot, "
                               "per attempt (both teams)", functional=ratio(
                                   lambda r: _per_game(r, "passes_completed"), lambda r: _per_game(r, "passes")),
                               bounds=SHARE),
        "games_with_fatigued_goalie": Metric("games_with_fatigued_goalie", "share of games in which a fatigued goalie "
                                             "played (24.2-24.4)", _fatigued_goalie),
        "pp_pct": Metric("pp_pct", "power-play goals per power play (both teams)", functional=_pp_pct, bounds=SHARE),
        "pk_pct": Metric("pk_pct", "power plays killed per power play (both teams: 1 - pp_pct)", functional=_pk_pct,
                         bounds=SHARE),
        "save_pct": Metric("save_pct", "saves over shots on a goalie (both teams; empty-net shots and goals "
                           "excluded)", functional=_save_pct, bounds=SHARE),
    }
    default_metrics = ("home_win", "away_win", "tie", "home_advantage", "decided_OT", "decided_SO",
                       "past_regulation", "home_goals_mean", "away_goals_mean", "goals_per_team_game", "margin",
                       "abs_margin", "lead_changes", "comeback", "shots_per_game", "pp_opportunities_per_game",
                       "pp_goals_per_game", "empty_net_goals_per_game", "fatigue_goals_per_game", "sh_goals_per_game",
                       "balance", "goals_variance", "goals_dispersion", "pp_pct", "save_pct")
    renamed_metrics = {"home_win_pct": "home_win", "away_win_pct": "away_win", "tie_pct": "tie"}
    legacy_setup = {"kit": lambda k: {"kit": k},
                    "coaches": lambda c: dict(zip(("home_coach", "away_coach"),
                                                  (c, c) if c is None or isinstance(c, (str, Coach)) else c)),
                    "league": lambda v: {}}

    table_bytes_per_game = 1300     # its six tables, written to parquet (1,557 bytes a game in all, measured)

    def per_game_outputs(self, mode):
        """The kernel's per-game outputs but the player counters (summed per team, a pass at a time), and the
        per-game inputs: the pairing, the starting goalies' slots and fatigue."""
        from simcore.layout import Output, Outputs

        from .kernel import GAME_OUTPUTS

        return Outputs(*(s for s in GAME_OUTPUTS.specs if s.name != "OP"),
                       Output("pairing", (2,), np.int64), Output("goalie_slots", (2,), np.int64),
                       Output("fatigued", (2,), np.int64))

    def run(self, setup, n, seed, rules, *, threads, progress, mode, chunk_size):
        from . import engine

        if mode != "games":
            raise InputError("strat keeps every game: mode='games' only")
        res = engine.simulate(setup.home, setup.away, n, seed, rules, kit=setup.kit, league=setup.league,
                              coaches=setup.coaches, threads=threads, chunk_size=chunk_size, progress=progress)
        res.meta["setup"] = setup.id
        return res

    def pairing(self, setup, game_index: int, rules) -> tuple[str, str]:
        """The (home, away) teams of game ``game_index`` of a run of ``setup``."""
        from . import engine

        if not setup.league:
            return setup.home, setup.away
        c = engine.compiled(setup.kit, rules)
        pairs = engine.round_robin_pairs(c)
        h, a = pairs[game_index % len(pairs)]
        return c.teams[h], c.teams[a]

    def log(self, setup, seed, game_index, rules) -> PlayByPlay:
        from . import engine

        home, away = self.pairing(setup, game_index, rules)
        lg = engine.play_by_play(home, away, seed=seed, game=game_index, rules=rules, kit=setup.kit,
                                 coaches=setup.coaches)
        result = {"game": "strat", "variant": rules.id, "seed": seed, "game_id": game_index, "home": home,
                  "away": away, "home_goals": lg.home_goals, "away_goals": lg.away_goals, "winner": lg.winner,
                  "decided_in": lg.decided_in, **lg.counter_columns()}
        return PlayByPlay(lg.text(), lg.events, result, {"game": "strat", "variant": rules.id, "seed": seed,
                                                         "game_index": game_index, "setup": setup.id,
                                                         "kit": setup.kit.name, "log": lg})


GAME = Strat()
__all__ = ["GAME", "Setup", "Strat"]
