"""EZR quick play on the game contract (:mod:`simcore.games.base`): its Setup, metrics, runs and play-by-play."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd

from simcore.errors import InputError
from simcore.games.base import Game, PlayByPlay, SetupBase, SetupError, setup_field
from simcore.metrics import Metric, flow_metrics, margins_by_period
from simcore.rng import MARK

from . import engine
from . import kernel as K
from .charts import Charts, default_charts
from .matchup import Team, TeamsFile, compile_matchup, sample_teams, team_named
from .policies import ShufflePolicy
from .report import COMMANDS
from .rules import Rules


def team(value) -> Team:
    """A Team, a sample team's abbreviation (any case) or ``OFF/GDEF/SHOOTER/GSO`` (``NAME=...`` names it)."""
    if isinstance(value, Team):
        return value
    return team_named(str(value))


def team_text(t: Team) -> str:
    """The text :func:`team` reads back as ``t``: a sample's abbreviation, or ``[NAME=]OFF/GDEF/SHOOTER/GSO``."""
    s = sample_teams().get(t.name)
    if s is not None and s.team == t:
        return t.name
    return f"{t.name}={t.spec}" if t.name else t.spec


def teams_file(value) -> TeamsFile:
    """A teams file (a path, or a TeamsFile already read)."""
    return value if isinstance(value, TeamsFile) else TeamsFile.read(str(value).strip())


def policy(value) -> ShufflePolicy:
    return value if isinstance(value, ShufflePolicy) else ShufflePolicy(str(value).strip())


def charts(value) -> Charts:
    if not isinstance(value, Charts):
        raise InputError("charts are a Charts object (simcore.games.ezr.load_charts); on the command line use "
                         "--chart NAME=FILE")
    return value


@dataclass(frozen=True)
class Setup(SetupBase):
    """Who plays an EZR game: the two teams, each team's SHUFFLE LINES policy and the charts."""

    GAME: ClassVar[str] = "ezr"
    PAIR: ClassVar[tuple[str, str]] = ("home", "away")

    home: Team = setup_field("BOS", "home team: OFF/GDEF/SHOOTER/GSO (team offense, goalie DEF, shootout "
                             "shooter, goalie shootout rating), e.g. D/E/B/c, or a sample team (BOS, NYR, TBL, CGY, "
                             "NSH, OTT)", team, team_text)
    away: Team = setup_field("NYR", "away team, the same forms", team, team_text)
    home_policy: ShufflePolicy = setup_field("expected", "home SHUFFLE LINES policy: expected, keep, reroll or "
                                             "at-least-K", policy, lambda p: p.name)
    away_policy: ShufflePolicy = setup_field("expected", "away SHUFFLE LINES policy", policy, lambda p: p.name)
    charts: Charts | None = setup_field(None, "the charts (a Charts of your own files; default: the shipped "
                                        "charts)", charts, lambda c: "custom")
    teams: TeamsFile | None = setup_field(None, "a teams file (CSV: team,OFF,GDEF,SHOOTER,GSO; docs/ezr.md) whose "
                                          "team names home and away may give", teams_file, lambda f: f.path)

    def __post_init__(self):
        # home and away may name a team of the teams file: resolve them before the fields are parsed
        if self.teams is not None:
            roster = teams_file(self.teams)
            object.__setattr__(self, "teams", roster)
            for side in self.PAIR:
                value = getattr(self, side)
                if isinstance(value, str) and (found := roster.find(value)) is not None:
                    object.__setattr__(self, side, found)
                elif isinstance(value, str) and "/" not in value and value.strip().upper() not in sample_teams():
                    raise SetupError(f"ezr setup {side}={value!r}: not a team of {roster.path} "
                                     f"({', '.join(roster.names)}) nor a sample team ({', '.join(sample_teams())})")
        else:
            for side in self.PAIR:
                value = getattr(self, side)
                if isinstance(value, str) and value.strip() and "/" not in value \
                        and value.strip().upper() not in sample_teams():
                    name = value.strip() if value.strip().isprintable() else "NAME"
                    raise SetupError(f"ezr setup {side}={value!r}: team {value!r} must be OFF/GDEF/SHOOTER/GSO "
                                     f"(e.g. D/E/B/c) or a sample team ({', '.join(sample_teams())}); a team of "
                                     f"a teams file needs the file: setup teams=FILE,{side}={name} "
                                     "(--setup on the command line; --teams FILE with simcore ezr)")
        super().__post_init__()

    def check(self):
        if self.home == self.away and self.home.name and self.home.name == self.away.name:
            raise SetupError(f"ezr setup: {self.home.name} cannot play itself")

    def chart_set(self, rules: Rules) -> Charts:
        """The setup's charts, with the shipped ?? chart ``rules.qq_unprinted`` names, or the shipped ones."""
        return self.charts.for_rules(rules.qq_unprinted) if self.charts else default_charts(rules.qq_unprinted)


def _period_margins(r) -> np.ndarray:
    p = r.table("periods")
    goals = p.pivot_table(index="game_id", columns=["team", "period"], values="goals", aggfunc="sum",
                          fill_value=0).sort_index()
    return margins_by_period(goals["home"].to_numpy(), goals["away"].to_numpy())


class EZR(Game):
    id = "ezr"
    title = "Shoot-Out Hockey, EZR quick play"
    description = ("Each team rolls 2d10 on its EZ Rating line of the Goals Scored table once a period; the ?? "
                   "chart adds hot goalies, injuries, goals under review, shuffled lines and breakaways; ties go "
                   "to the Overtime table and a shootout.  Exact distributions beside Monte Carlo.")
    Rules = Rules
    Setup = Setup
    has_exact = True
    default_n = 100_000
    commands = COMMANDS
    main_demo = True
    league_module = "season"
    own_metrics = {
        **flow_metrics(_period_margins),
        "decided_REG": Metric("decided_REG", "share of games that ended in regulation (a tie without overtime "
                              "included)", lambda r: r.games.decided_in == "REG"),
        "regulation_home_win": Metric("regulation_home_win", "share of games the home side won in regulation",
                                      lambda r: (r.games.decided_in == "REG") & (r.games.winner == "home")),
        "regulation_away_win": Metric("regulation_away_win", "share of games the away side won in regulation",
                                      lambda r: (r.games.decided_in == "REG") & (r.games.winner == "away")),
        "regulation_tie": Metric("regulation_tie", "share of games level after regulation",
                                 lambda r: r.games.home_goals_reg == r.games.away_goals_reg),
    }
    default_metrics = ("home_win", "away_win", "tie", "home_advantage", "decided_OT", "decided_SO",
                       "past_regulation", "home_goals_mean", "away_goals_mean", "goals_per_team_game", "margin",
                       "abs_margin", "lead_changes", "comeback", "balance", "goals_variance", "goals_dispersion")
    #: Rows of ``summary()`` that are not per-game metrics.
    summary_rows = {"goals_per_team_game_sd": "spread of a single team's goals in a game",
                    "event_rate:<name>": "share of team-periods in which the ?? result or outcome <name> came up"}
    legacy_setup = {"charts": lambda c: {"charts": c},
                    "policies": lambda p: dict(zip(("home_policy", "away_policy"), engine._policies(p)))}

    table_bytes_per_game = 1600     # the games, periods and events tables (1,637 bytes a game in all, measured)

    def per_game_outputs(self, mode):
        return K.GAME_OUTPUTS if mode == "games" else None      # aggregate: per-block counters only

    def run(self, setup, n, seed, rules, *, threads, progress, mode, chunk_size):
        res = engine.simulate(setup.home, setup.away, n, seed, rules, charts=setup.chart_set(rules),
                              policies=(setup.home_policy, setup.away_policy), mode=mode, threads=threads,
                              chunk_size=chunk_size, progress=progress)
        res.meta["setup"] = setup.id
        return res

    def exact(self, setup=None, *args, rules=None, **legacy):
        """Exact distributions of a matchup (:class:`.exact.ExactResult`): ``exact(setup, rules)``, or
        ``exact(home, away, rules)``."""
        setup, rest = self._split_pair(setup, args)
        if len(rest) > 1 or (rest and rules is not None):
            raise TypeError("exact() takes a setup (or home and away) and rules")
        rules = rest[0] if rest else rules
        setup, legacy = self._legacy_setup(setup, legacy)
        if legacy:
            raise TypeError(f"exact() got unexpected keyword arguments: {', '.join(legacy)}")
        s, r = self.setup(setup), self.rules(rules)
        return engine.exact(s.home, s.away, r, charts=s.chart_set(r), policies=(s.home_policy, s.away_policy))

    def log(self, setup, seed, game_index, rules) -> PlayByPlay:
        return play_by_play(setup, seed, game_index, rules)


# ---------------------------------------------------------------- play-by-play

MAX_RECORD = 4096


def play_by_play(setup: Setup, seed: int, game_index: int, rules: Rules) -> PlayByPlay:
    """Game ``game_index`` of the run with ``seed``, roll by roll: each team-period's dice (in the order rolled:
    2d10, a ?? 2d6 and its own 2d6 where it has one, a d6 column's d6, a SHUFFLE LINES re-roll), what the ??
    chart did and the goals; the overtime roll; the shootout rounds."""
    ch = setup.chart_set(rules)
    c = compile_matchup(rules, setup.home, setup.away, ch, (setup.home_policy, setup.away_policy))
    og = np.zeros((2, 3), np.int64)
    oe = np.zeros((2, 3), np.int64)
    record = np.zeros(MAX_RECORD, np.int64)
    w, d, o, r, used = K.play_recorded(np.uint64(seed), np.int64(game_index), c.ctx(), og, oe, record)
    if used > MAX_RECORD:
        raise ValueError(f"game {game_index} rolled more than {MAX_RECORD} dice")
    parts, cur = [], []
    for v in record[:used].tolist():
        if v == MARK:
            parts.append(cur)
            cur = []
        else:
            cur.append(v)
    names = engine.event_names(ch)
    teams = (setup.home, setup.away)
    labels = [team_text(t) for t in teams]
    rows, lines = [], []
    lines.append(f"EZR quick play: home {labels[0]} ({teams[0].spec}, EZR {c.ezr[0]:+d}) vs away {labels[1]} "
                 f"({teams[1].spec}, EZR {c.ezr[1]:+d}); rules {rules.id}")
    k = 0
    score = [0, 0]
    for p in range(3):
        for t in range(2):
            dice = parts[k]
            k += 1
            ev = [names[1 if p == 2 else 0, b] for b in range(K.N_EVENT_BITS) if (int(oe[t, p]) >> b) & 1]
            g = int(og[t, p])
            score[t] += g
            rows.append({"period": str(p + 1), "team": engine.TEAMS[t], "dice": " ".join(map(str, dice)),
                         "goals": g, "events": "; ".join(ev)})
            lines.append(f"period {p + 1}  {labels[t]:<8} rolls {' '.join(map(str, dice)):<16} "
                         f"{g} goal{'s' if g != 1 else ''}" + (f"   ({'; '.join(ev)})" if ev else ""))
    lines.append(f"end of regulation: {labels[0]} {score[0]}, {labels[1]} {score[1]}")
    if o >= 0:
        dice = parts[k]
        k += 1
        # the home line rolls; the goal, when the roll decides the game, is the winner's (a LOSS: the away team's)
        scored = d == K.OT and w != K.TIE
        rows.append({"period": "OT", "team": engine.TEAMS[w] if scored else "home", "dice": " ".join(map(str, dice)),
                     "goals": int(scored), "events": engine.OT_NAMES[o]})
        lines.append(f"overtime: the home line rolls {dice[0]}: {engine.OT_NAMES[o]}")
    so = c.so_bits
    for rnd in range(r):
        dice = parts[k]
        k += 1
        shots = [bool((int(so[t]) >> v) & 1) for t, v in enumerate(dice)]
        rows.append({"period": "SO", "team": "both", "dice": " ".join(map(str, dice)),
                     "goals": sum(shots), "events": f"round {rnd + 1}"})
        lines.append(f"shootout round {rnd + 1}: {labels[0]} rolls {dice[0]} "
                     f"({'goal' if shots[0] else 'saved'}), {labels[1]} rolls {dice[1]} "
                     f"({'goal' if shots[1] else 'saved'})")
    arrays = {"goals": og[None].astype(np.uint8), "events": oe[None].astype(np.uint32),
              "winner": np.array([w], np.int8), "decided": np.array([d], np.int8), "ot": np.array([o], np.int8),
              "so_rounds": np.array([r], np.int16)}
    meta = {"variant": rules.id, "seed": seed, "home_name": teams[0].label, "away_name": teams[1].label}
    result = engine.games_table(meta, arrays, first_id=game_index).iloc[0].to_dict()
    how = {"REG": "", "OT": ", in overtime", "SO": ", in the shootout"}[result["decided_in"]]
    won = {"home": f"{labels[0]} wins", "away": f"{labels[1]} wins", "tie": "tie"}[result["winner"]]
    lines.append(f"final: {labels[0]} {result['home_goals']}, {labels[1]} {result['away_goals']} ({won}{how})")
    return PlayByPlay("\n".join(lines), pd.DataFrame(rows, columns=["period", "team", "dice", "goals", "events"]),
                      result, {"game": "ezr", "variant": rules.id, "seed": seed, "game_index": game_index,
                               "setup": setup.id})


GAME = EZR()
