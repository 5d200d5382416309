"""League files: a ``league.toml`` naming its teams, goalies, schedule and played results (CSV files beside it).

docs/league.md describes the format.  Every problem is a :class:`~simcore.charts.ChartError` naming the file,
the line and the column, with the offending text; nothing runs until the whole league reads cleanly.
"""
from __future__ import annotations

import csv
import datetime
import re
import tomllib
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from simcore.charts import ChartError
from simcore.deprecation import SimcoreDeprecationWarning

from .ranking import check_playoff_format
from .schedule import nhl_schedule, round_robin
from .series import parse_pattern
from .standings import DEFAULT_TIEBREAKERS, check_tiebreakers, points_system

DECIDED = ("REG", "OT", "SO")
PLAYOFF_FORMATS = ("top", "nhl")
PLAYOFF_KEYS = ("format", "teams", "best_of", "pattern")
GOALIE_COLUMNS = ("team", "goalie", "slot", "share")
#: Keys every league.toml may have; a game's adapter adds its own (``Adapter.keys``).
KEYS = {"name", "game", "engine", "points", "tiebreakers", "rules", "teams", "goalies", "schedule", "results",
        "playoffs"}



def key_error(path, key, text, problem) -> ChartError:
    """A league file's key that cannot be used (the file, the key, the text, the problem)."""
    return ChartError(path, None, key, text, problem, field="key")

@dataclass
class League:
    """A league read from its files.

    ``game``: the id of the game it plays (the league file's ``game``, or ``engine`` in files of earlier
    releases).  ``teams``: team, conference, division and the game's team columns (``Adapter.team_columns``;
    EZR ``off``, ``shooter``).

    ``goalies``: one row per goalie: ``team``, ``goalie``, ``slot`` (0, 1, ...: the game says how slots are
    numbered) and ``share`` (the target share of starts, summing to 1 per team), an optional ``fatigue`` (the
    consecutive-games rating of a goalie who tires, Strat-O-Matic 24.4), then the game's own goalie columns.

    ``schedule``: date, home, away, game_no; ``results``: the played games (date, home, away, home_goals,
    away_goals, decided_in, optional winner, and ``home_goalie``, ``away_goalie``: the starting goalies' names,
    "" when not given), each matched to a scheduled game.  ``data``: what the game read from its own keys
    (Strat: the kit).
    """

    path: Path
    name: str
    game: str
    points: str
    tiebreakers: tuple[str, ...]
    rules: str
    teams: pd.DataFrame
    goalies: pd.DataFrame
    schedule: pd.DataFrame
    results: pd.DataFrame
    playoffs: dict = field(default_factory=dict)
    data: dict = field(default_factory=dict)

    @property
    def engine(self) -> str:
        """The name of :attr:`game` in earlier releases (deprecated)."""
        warnings.warn("League.engine is now League.game", SimcoreDeprecationWarning, stacklevel=2)
        return self.game

    @property
    def kit(self):
        """The kit name a Strat league file gives (deprecated: the game's data, :attr:`data`, holds it)."""
        warnings.warn("League.kit is deprecated: the kit is in League.data", SimcoreDeprecationWarning, stacklevel=2)
        return self.data.get("kit_name")

    def remaining(self) -> pd.DataFrame:
        """Scheduled games without a result, in schedule order."""
        return self.schedule[~self.schedule["played"]].drop(columns="played").reset_index(drop=True)


def read_csv(path: Path, required: tuple[str, ...]) -> list[tuple[int, dict]]:
    """Rows of a CSV file as (line number, {column: text}); comment lines start with #."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ChartError(path, None, None, None, f"cannot read the file ({exc.strerror})") from None
    lines = [(i + 1, line) for i, line in enumerate(text.splitlines()) if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        raise ChartError(path, None, None, None, "the file is empty")
    head_no, head_line = lines[0]
    head = [h.strip() for h in next(csv.reader([head_line]))]
    for col in required:
        if col not in head:
            raise ChartError(path, head_no, col, head_line, f"missing column {col!r} (needs: {', '.join(required)})")
    rows = []
    for no, line in lines[1:]:
        cells = next(csv.reader([line]))
        if len(cells) != len(head):
            raise ChartError(path, no, None, line, f"{len(cells)} fields where the header has {len(head)}")
        rows.append((no, {h: c.strip() for h, c in zip(head, cells)}))
    return rows


def _int(path, no, col, text, lo=0):
    try:
        v = int(text)
    except ValueError:
        raise ChartError(path, no, col, text, "must be a whole number") from None
    if v < lo:
        raise ChartError(path, no, col, text, f"must be at least {lo}")
    return v


def _teams(path: Path, adapter) -> pd.DataFrame:
    rows = read_csv(path, ("team", "conference", "division") + tuple(adapter.team_columns))
    seen = {}
    out = []
    for no, r in rows:
        for col in ("team", "conference", "division"):
            if not r[col]:
                raise ChartError(path, no, col, r[col], "must not be empty")
        if r["team"] in seen:
            raise ChartError(path, no, "team", r["team"], f"team listed twice (first on line {seen[r['team']]})")
        seen[r["team"]] = no
        adapter.check_team(path, no, r)
        out.append(r)
    df = pd.DataFrame(out)
    for div, g in df.groupby("division"):
        if g["conference"].nunique() > 1:
            raise ChartError(path, None, "division", div, "a division belongs to one conference")
    return df


def read_share(path, no, text) -> float:
    try:
        share = float(text)
    except ValueError:
        raise ChartError(path, no, "share", text, "must be a number between 0 and 1") from None
    if not 0 <= share <= 1:
        raise ChartError(path, no, "share", text, "must be between 0 and 1")
    return share


def check_shares(path, df: pd.DataFrame, teams) -> None:
    """Each team's listed shares add up to 1 (``df`` has team, share and line)."""
    for t in teams:
        g = df[df.team == t]
        if len(g) and abs(g.share.sum() - 1) > 0.01:
            raise ChartError(path, int(g.line.iloc[0]), "share", f"{g.share.sum():.3f}",
                             f"the shares of {t}'s goalies must add up to 1")


def read_goalies(path: Path, teams: set, columns: tuple[str, ...], check, max_per_team: int) -> pd.DataFrame:
    """A goalies file: team, goalie, share and the game's ``columns`` (``check(path, line, row)`` validates a
    row); up to ``max_per_team`` goalies a team, slots in file order; every team has one, and each team's
    shares add up to 1."""
    rows = read_csv(path, ("team", "goalie", *columns, "share"))
    out = []
    seen: dict = {}
    for no, r in rows:
        if r["team"] not in teams:
            raise ChartError(path, no, "team", r["team"], "not a team of the league")
        if not r["goalie"]:
            raise ChartError(path, no, "goalie", r["goalie"], "must not be empty")
        mine = seen.setdefault(r["team"], {})
        if r["goalie"] in mine:
            raise ChartError(path, no, "goalie", r["goalie"], f"goalie listed twice for {r['team']} "
                             f"(first on line {mine[r['goalie']]})")
        if len(mine) == max_per_team:
            raise ChartError(path, no, "goalie", r["goalie"],
                             f"{r['team']} already has {max_per_team} goalies (at most {max_per_team} a team)")
        check(path, no, r)
        share = read_share(path, no, r["share"])
        out.append({"team": r["team"], "goalie": r["goalie"], "slot": len(mine), "share": share,
                    **{c: r[c] for c in columns}, "line": no})
        mine[r["goalie"]] = no
    df = pd.DataFrame(out, columns=[*GOALIE_COLUMNS, *columns, "line"])
    for t in sorted(teams):
        if not (df.team == t).any():
            raise ChartError(path, None, "team", t, "team has no goalie")
    check_shares(path, df, sorted(teams))
    return df.drop(columns="line")


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _is_date(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _games(path: Path, teams: set, played: bool, goalies: pd.DataFrame | None = None) -> pd.DataFrame:
    """Schedule or played-results rows; a played game's optional ``home_goalie``/``away_goalie`` must name a
    goalie of that team (``goalies``: the league's goalie table)."""
    roster = {} if goalies is None else {t: list(g.goalie) for t, g in goalies.groupby("team", sort=False)}
    required = ("date", "home", "away") + (("home_goals", "away_goals", "decided_in") if played else ())
    rows = read_csv(path, required)
    out = []
    for no, r in rows:
        for col in ("home", "away"):
            if r[col] not in teams:
                raise ChartError(path, no, col, r[col], "not a team of the league")
        if r["home"] == r["away"]:
            raise ChartError(path, no, "away", r["away"], "a team cannot play itself")
        if not _ISO_DATE.fullmatch(r["date"]) or not _is_date(r["date"]):
            raise ChartError(path, no, "date", r["date"], "must be a date written YYYY-MM-DD")
        rec = {"date": r["date"], "home": r["home"], "away": r["away"], "line": no}
        if played:
            rec["home_goals"] = _int(path, no, "home_goals", r["home_goals"])
            rec["away_goals"] = _int(path, no, "away_goals", r["away_goals"])
            if r["decided_in"] not in DECIDED:
                raise ChartError(path, no, "decided_in", r["decided_in"], f"must be one of {', '.join(DECIDED)}")
            rec["decided_in"] = r["decided_in"]
            if r.get("winner"):
                if r["winner"] not in ("home", "away"):
                    raise ChartError(path, no, "winner", r["winner"], "must be home or away")
                rec["winner"] = r["winner"]
            for side in ("home", "away"):
                col = f"{side}_goalie"
                name = r.get(col, "")
                if name and name not in roster.get(r[side], ()):
                    raise ChartError(path, no, col, name, f"not a goalie of {r[side]} (its goalies: "
                                     f"{', '.join(roster.get(r[side], ())) or 'none'})")
                rec[col] = name
        out.append(rec)
    cols = ["date", "home", "away"]
    if played:
        cols += ["home_goals", "away_goals", "decided_in"] + (["winner"] if any("winner" in r for r in out) else [])
        cols += ["home_goalie", "away_goalie"]
    return pd.DataFrame(out, columns=cols + ["line"])


def load_league(path, results=None) -> League:
    """Read ``league.toml`` and the files it names (relative to it).  ``results``: a played-results CSV that
    replaces the one the league file names."""
    path = Path(path)
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ChartError(path, None, None, None, f"cannot read the league file ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ChartError(path, None, None, None, f"not valid TOML: {exc}") from None
    base = path.parent

    def need(key):
        if key not in doc:
            raise key_error(path, key, None, "missing key")
        return doc[key]

    g, adapter = _game_of(path, doc)
    keys = KEYS | set(adapter.keys)
    for k in doc:
        if k not in keys:
            raise key_error(path, k, k, f"unknown key; keys: {', '.join(sorted(keys))}")
    try:
        points = points_system(doc.get("points", "nhl")).name
    except ValueError as exc:
        raise key_error(path, "points", str(doc.get("points")), str(exc)) from None
    try:
        tiebreakers = tuple(check_tiebreakers(doc.get("tiebreakers", DEFAULT_TIEBREAKERS)))
    except ValueError as exc:
        raise key_error(path, "tiebreakers", str(doc.get("tiebreakers")), str(exc)) from None
    rules = doc.get("rules", "")
    try:
        g.Rules().with_options(rules)
    except ValueError as exc:
        raise key_error(path, "rules", rules, str(exc)) from None
    teams = _teams(base / need("teams"), adapter)
    names = set(teams.team)
    data = adapter.read(doc, path, teams)
    goalies = adapter.goalies(doc, path, teams, data)

    sched = need("schedule")
    if isinstance(sched, str):
        schedule = _games(base / sched, names, played=False).drop(columns="line")
        schedule["game_no"] = range(1, len(schedule) + 1)
    elif isinstance(sched, dict):
        kind = sched.get("generate")
        seed = int(sched.get("seed", 0))
        start = sched.get("start", "2026-10-01")
        if kind == "nhl":
            try:
                schedule = nhl_schedule(teams, seed=seed, start=start)
            except ValueError as exc:
                raise key_error(path, "schedule", "nhl", str(exc)) from None
        elif kind == "round-robin":
            schedule = round_robin(list(teams.team), rounds=int(sched.get("rounds", 2)), seed=seed, start=start)
        else:
            raise key_error(path, "schedule.generate", kind, "must be nhl or round-robin")
    else:
        raise key_error(path, "schedule", str(sched), "a CSV file name or a [schedule] table")

    res_path = Path(results) if results is not None else (base / doc["results"] if "results" in doc else None)
    if res_path is not None:
        played = _games(res_path, names, played=True, goalies=goalies)
    else:
        played = pd.DataFrame(columns=["date", "home", "away", "home_goals", "away_goals", "decided_in",
                                       "home_goalie", "away_goalie", "line"])
    schedule = schedule.reset_index(drop=True)
    schedule["played"] = False
    open_games: dict = {}
    for i, r in schedule.iterrows():
        open_games.setdefault((str(r["date"]), r["home"], r["away"]), []).append(i)
    for r in played.itertuples():
        slot = open_games.get((str(r.date), r.home, r.away))
        if not slot:
            raise ChartError(res_path, int(r.line), "date", f"{r.date},{r.home},{r.away}",
                             "no unplayed scheduled game with this date, home and away team")
        schedule.loc[slot.pop(0), "played"] = True
    given = doc.get("playoffs", {})
    for k in given:
        if k not in PLAYOFF_KEYS:
            raise key_error(path, f"playoffs.{k}", k, f"unknown key; keys: {', '.join(PLAYOFF_KEYS)}")
    default_n = 16 if given.get("format") == "nhl" else min(16, max(2, len(teams) // 2))
    playoffs = {"format": "top", "teams": default_n, "best_of": 7, **given}
    if playoffs["format"] not in PLAYOFF_FORMATS:
        raise key_error(path, "playoffs.format", playoffs["format"], f"must be one of {', '.join(PLAYOFF_FORMATS)}")
    if not isinstance(playoffs["best_of"], int) or playoffs["best_of"] < 1 or playoffs["best_of"] % 2 == 0:
        raise key_error(path, "playoffs.best_of", str(playoffs["best_of"]), "must be a positive odd number")
    try:
        check_playoff_format(teams, playoffs["format"], playoffs["teams"])
    except ValueError as exc:
        raise key_error(path, "playoffs", f"format={playoffs['format']}, teams={playoffs['teams']}",
                         str(exc)) from None
    if "pattern" in playoffs:
        try:
            parse_pattern(playoffs["pattern"], playoffs["best_of"])
        except ValueError as exc:
            raise key_error(path, "playoffs.pattern", str(playoffs["pattern"]), str(exc)) from None
    return League(path, doc.get("name", path.parent.name), g.id, points, tiebreakers, rules, teams, goalies,
                  schedule, played.drop(columns="line").reset_index(drop=True), playoffs, data)


def _game_of(path: Path, doc: dict):
    """The game a league file names (``game``, or ``engine`` in files of earlier releases) and its league
    adapter."""
    from simcore.games import games

    key = "game" if "game" in doc else "engine"
    if key not in doc:
        raise key_error(path, "game", None, "missing key (the id of the game the league plays)")
    if "game" in doc and "engine" in doc and doc["game"] != doc["engine"]:
        raise key_error(path, "engine", doc["engine"], f"names another game than game = {doc['game']!r}")
    with_leagues = {gid: g for gid, g in games().items() if g.league is not None}
    gid = str(doc[key]).strip().lower()
    if gid not in with_leagues:
        raise key_error(path, key, doc[key], f"must be one of {', '.join(with_leagues)}")
    if key == "engine":
        warnings.warn(f"{path}: the key engine = is now game = (engine = is still read for a release)",
                      SimcoreDeprecationWarning, stacklevel=3)
    g = with_leagues[gid]
    return g, g.league
