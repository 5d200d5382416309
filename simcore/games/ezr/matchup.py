"""Teams, matchups and their compilation to kernel arguments."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from simcore.charts import ChartError, read_table
from simcore.errors import InputError
from simcore.textio import name_problem

from .charts import (DEF_LETTERS, GOALIE_SO_LETTERS, OFF_LETTERS, SHOOTER_LETTERS, Charts, data_path,
                     default_charts)
from .kernel import F_OT, F_QQ, F_SO, F_SO_REPEAT, N_FLAGS
from .policies import ShufflePolicy
from .rules import Rules


class TeamError(InputError):
    """A team written in a form the game cannot read."""


@dataclass(frozen=True)
class Team:
    """A side in EZR quick play: team offense letter, the starting goalie's DEF letter,
    the shootout shooter's rating and the goalie's shootout rating, as on the roster card."""

    off: str
    gdef: str
    shooter: str
    gso: str
    name: str = ""

    def __post_init__(self):
        for value, allowed, what in ((self.off, OFF_LETTERS, "team OFF"), (self.gdef, DEF_LETTERS, "goalie DEF"),
                                     (self.shooter, SHOOTER_LETTERS, "shooter rating"),
                                     (self.gso, GOALIE_SO_LETTERS, "goalie shootout rating")):
            if value not in allowed:
                raise TeamError(f"{what} {value!r} is not one of {', '.join(allowed)}")

    @classmethod
    def parse(cls, text: str) -> "Team":
        """``OFF/GDEF/SHOOTER/GSO`` such as ``D/E/B/c``, optionally ``NAME=D/E/B/c``."""
        if not isinstance(text, str):
            raise TeamError(f"a team is written OFF/GDEF/SHOOTER/GSO, e.g. D/E/B/c, got {text!r}")
        name = ""
        body = text.strip()
        if "=" in body:
            name, body = (s.strip() for s in body.split("=", 1))
        parts = [p.strip() for p in body.split("/")]
        if len(parts) != 4:
            raise TeamError(f"team {text!r} must be OFF/GDEF/SHOOTER/GSO, e.g. D/E/B/c")
        return cls(*parts, name=name)

    @property
    def spec(self) -> str:
        return f"{self.off}/{self.gdef}/{self.shooter}/{self.gso}"

    @property
    def label(self) -> str:
        return self.name or self.spec


def ezr_of(charts: Charts, attacker: Team, defender: Team) -> int:
    """The attacker's EZR: its OFF row against the defender's goalie DEF column."""
    return int(charts.ez[OFF_LETTERS.index(attacker.off), DEF_LETTERS.index(defender.gdef)])


@dataclass(frozen=True, eq=False)
class Compiled:
    """Kernel arguments for one matchup under one rule set (arrays by team: 0 home, 1 away)."""

    goals_col: np.ndarray
    ot_col: np.ndarray
    qq_code: np.ndarray
    qq_amount: np.ndarray
    qq_mask: np.ndarray
    team_line: np.ndarray
    opp_def_bit: np.ndarray
    so_bits: np.ndarray
    shuffle_thr: np.ndarray
    shuffle_amount: int
    injury_amount: int
    flags: np.ndarray
    ezr: tuple[int, int]

    def ctx(self) -> tuple:
        """The kernel's inputs, in the order :func:`.kernel.play_game` reads them (the ``ctx`` of the drivers)."""
        return (self.goals_col, self.ot_col, self.qq_code, self.qq_amount, self.qq_mask, self.team_line,
                self.opp_def_bit, self.so_bits, self.shuffle_thr, np.int64(self.shuffle_amount), self.flags)


def compile_matchup(rules: Rules, home: Team, away: Team, charts: Charts | None = None,
                    policies: tuple[ShufflePolicy, ShufflePolicy] | None = None,
                    ezr: tuple[int, int] | None = None) -> Compiled:
    """Kernel arguments for ``home`` vs ``away``; ``ezr`` overrides the lines the EZ Rating table gives."""
    charts = charts or default_charts(rules.qq_unprinted)
    policies = policies or (ShufflePolicy(), ShufflePolicy())
    teams = (home, away)
    if ezr is None:
        ezr = (ezr_of(charts, home, away), ezr_of(charts, away, home))
    line = np.array([charts.line(e) for e in ezr], dtype=np.int64)
    opp_def = np.array([1 << DEF_LETTERS.index(teams[1 - t].gdef) for t in range(2)], dtype=np.int64)
    so_bits = np.array([charts.so_mask[SHOOTER_LETTERS.index(teams[t].shooter),
                                       GOALIE_SO_LETTERS.index(teams[1 - t].gso)] for t in range(2)],
                       dtype=np.int64)
    thr = np.stack([policies[t].thresholds(charts.goals_col[line[t]]) for t in range(2)])
    flags = np.zeros(N_FLAGS, dtype=np.int64)
    flags[F_QQ] = rules.qq_chart == "on"
    flags[F_OT] = rules.overtime == "table"
    flags[F_SO] = rules.shootout == "on"
    flags[F_SO_REPEAT] = rules.shootout_undecided == "repeat"
    if flags[F_SO] and flags[F_SO_REPEAT] and never_decided(int(so_bits[0]), int(so_bits[1])):
        none = int(so_bits[0]) & EVERY_2D6 == 0          # never_decided's other case: both always score
        raise InputError(f"{'neither shooter can ever score' if none else 'both shooters always score'} "
                         "on the Shoot Out table, so no round is ever decided and a repeating shootout never ends; "
                         "use shootout_undecided=tie or another chart")
    return Compiled(charts.goals_col, charts.ot_col, charts.qq_code, charts.qq_amount, charts.qq_mask, line,
                    opp_def, so_bits, thr, charts.shuffle_amount, charts.injury_amount, flags, ezr)


#: A Shoot Out table cell's results: every 2d6 total, 2 .. 12.
EVERY_2D6 = sum(1 << k for k in range(2, 13))


def never_decided(home_mask: int, away_mask: int) -> bool:
    """Whether no shootout round of these two shooters (2d6 bitmasks of their goals) can ever be decided: a round is
    decided when one scores and the other does not, so never when neither can score or both always do."""
    h, a = home_mask & EVERY_2D6, away_mask & EVERY_2D6
    return (h == 0 and a == 0) or (h == EVERY_2D6 and a == EVERY_2D6)


@dataclass(frozen=True)
class SampleTeam:
    team: Team
    season: str
    source: str


#: The columns of a teams file after ``team``: the four ratings of :class:`Team`, as on the roster card.
TEAM_COLUMNS = ("OFF", "GDEF", "SHOOTER", "GSO")
_RATINGS = {"OFF": (OFF_LETTERS, "team OFF"), "GDEF": (DEF_LETTERS, "goalie DEF"),
            "SHOOTER": (SHOOTER_LETTERS, "shooter rating"), "GSO": (GOALIE_SO_LETTERS, "goalie shootout rating")}


def load_teams(path) -> dict[str, SampleTeam]:
    """A teams file, by team name: header ``team, OFF, GDEF, SHOOTER, GSO[, season][, source]`` (docs/ezr.md,
    "Teams"); one row per team: its name, team offense, its goalie's DEF, its shootout shooter and its goalie's
    shootout rating, as on the roster card.  A problem is a :class:`~simcore.charts.ChartError` naming the file,
    line, column and text."""
    t = read_table(path, "team", list(TEAM_COLUMNS), optional=("season",))
    out = {}
    for name, cells in t.rows.items():
        if not name or any(c in name for c in ",=/"):
            raise ChartError(t.path, t.row_lines[name], "team", name,
                             "a team name must not be empty or hold ',', '=' or '/'")
        problem = name_problem(name)
        if problem:
            raise ChartError(t.path, t.row_lines[name], "team", name, f"a team name {problem}")
        if any(k.upper() == name.upper() for k in out):
            raise ChartError(t.path, t.row_lines[name], "team", name, "team listed twice (names ignore case)")
        for col, (allowed, what) in _RATINGS.items():
            if cells[col].text not in allowed:
                raise t.error(name, col, f"{what} must be one of {', '.join(allowed)}")
        team = Team(*(cells[c].text for c in TEAM_COLUMNS), name=name)
        season = cells["season"].text if "season" in cells else ""
        source = "; ".join(dict.fromkeys(c.source for c in cells.values()))
        out[name] = SampleTeam(team, season, source)
    if not out:
        raise ChartError(t.path, None, None, None, "no teams (header team,OFF,GDEF,SHOOTER,GSO, then one row a team)")
    return out


@dataclass(frozen=True)
class TeamsFile:
    """The teams of a teams file (:func:`load_teams`), found by name (any case)."""

    path: str
    teams: tuple[SampleTeam, ...]

    @classmethod
    def read(cls, path) -> "TeamsFile":
        return cls(str(path), tuple(load_teams(path).values()))

    def find(self, name: str) -> Team | None:
        key = str(name).strip().upper()
        return next((s.team for s in self.teams if s.team.name.upper() == key), None)

    @property
    def names(self) -> list[str]:
        return [s.team.name for s in self.teams]


@lru_cache(maxsize=1)
def team_named(text: str) -> Team:
    """A sample team's abbreviation (any case, ``"BOS"``) or ``[NAME=]OFF/GDEF/SHOOTER/GSO``."""
    sample = sample_teams().get(text.strip().upper())
    return sample.team if sample is not None else Team.parse(text.strip())


def sample_teams() -> dict[str, SampleTeam]:
    """The embedded sample teams (data/sample_teams.csv, a teams file), by abbreviation."""
    return load_teams(data_path("sample_teams.csv"))
