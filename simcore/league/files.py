"""League files: a ``league.toml`` naming its teams, goalies, schedule and played results (CSV files beside it).

docs/league.md describes the format.  Every problem is a :class:`~simcore.charts.ChartError` naming the file,
the line and the column, with the offending text; nothing runs until the whole league reads cleanly.
"""
from __future__ import annotations

import csv
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from simcore.charts import ChartError

from .schedule import nhl_schedule, round_robin
from .standings import DEFAULT_TIEBREAKERS, check_tiebreakers, points_system

ENGINES = ("ezr", "strat")
DECIDED = ("REG", "OT", "SO")
PLAYOFF_FORMATS = ("top", "nhl")
KEYS = {"name", "engine", "points", "tiebreakers", "rules", "teams", "goalies", "schedule", "results", "kit",
        "playoffs"}


@dataclass
class League:
    """A league read from its files.

    ``teams``: team, conference, division and the engine's team data (EZR: ``off``, ``shooter``);
    ``goalies`` (EZR): team, goalie, ``def``, ``so``, ``share`` (target share of starts, summing to 1 per team);
    ``schedule``: date, home, away, game_no; ``results``: the played games (date, home, away, home_goals,
    away_goals, decided_in, optional winner), each matched to a scheduled game.
    """

    path: Path
    name: str
    engine: str
    points: str
    tiebreakers: tuple[str, ...]
    rules: str
    teams: pd.DataFrame
    goalies: pd.DataFrame | None
    schedule: pd.DataFrame
    results: pd.DataFrame
    playoffs: dict = field(default_factory=dict)
    kit: str | None = None

    def remaining(self) -> pd.DataFrame:
        """Scheduled games without a result, in schedule order."""
        return self.schedule[~self.schedule["played"]].drop(columns="played").reset_index(drop=True)


def _read_csv(path: Path, required: tuple[str, ...]) -> list[tuple[int, dict]]:
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


def _teams(path: Path, engine: str) -> pd.DataFrame:
    extra = ("off", "shooter") if engine == "ezr" else ()
    rows = _read_csv(path, ("team", "conference", "division") + extra)
    seen = {}
    out = []
    for no, r in rows:
        for col in ("team", "conference", "division"):
            if not r[col]:
                raise ChartError(path, no, col, r[col], "must not be empty")
        if r["team"] in seen:
            raise ChartError(path, no, "team", r["team"], f"team listed twice (first on line {seen[r['team']]})")
        seen[r["team"]] = no
        if engine == "ezr":
            from simcore.games.ezr.charts import OFF_LETTERS, SHOOTER_LETTERS

            if r["off"] not in OFF_LETTERS:
                raise ChartError(path, no, "off", r["off"], f"EZR offense must be one of {', '.join(OFF_LETTERS)}")
            if r["shooter"] not in SHOOTER_LETTERS:
                raise ChartError(path, no, "shooter", r["shooter"],
                                 f"shooter rating must be one of {', '.join(SHOOTER_LETTERS)}")
        out.append(r)
    df = pd.DataFrame(out)
    for div, g in df.groupby("division"):
        if g["conference"].nunique() > 1:
            raise ChartError(path, None, "division", div, "a division belongs to one conference")
    return df


def _goalies(path: Path, teams: set) -> pd.DataFrame:
    from simcore.games.ezr.charts import DEF_LETTERS, GOALIE_SO_LETTERS

    rows = _read_csv(path, ("team", "goalie", "def", "so", "share"))
    out = []
    for no, r in rows:
        if r["team"] not in teams:
            raise ChartError(path, no, "team", r["team"], "not a team of the league")
        if not r["goalie"]:
            raise ChartError(path, no, "goalie", r["goalie"], "must not be empty")
        if r["def"] not in DEF_LETTERS:
            raise ChartError(path, no, "def", r["def"], f"goalie DEF must be one of {', '.join(DEF_LETTERS)}")
        if r["so"] not in GOALIE_SO_LETTERS:
            raise ChartError(path, no, "so", r["so"],
                             f"goalie shootout rating must be one of {', '.join(GOALIE_SO_LETTERS)}")
        try:
            share = float(r["share"])
        except ValueError:
            raise ChartError(path, no, "share", r["share"], "must be a number between 0 and 1") from None
        if not 0 <= share <= 1:
            raise ChartError(path, no, "share", r["share"], "must be between 0 and 1")
        out.append({**r, "share": share, "line": no})
    df = pd.DataFrame(out)
    for t in sorted(teams):
        g = df[df.team == t] if len(df) else df
        if len(g) == 0:
            raise ChartError(path, None, "team", t, "team has no goalie")
        if abs(g.share.sum() - 1) > 0.01:
            raise ChartError(path, int(g.line.iloc[0]), "share", f"{g.share.sum():.3f}",
                             f"the shares of {t}'s goalies must add up to 1")
    return df.drop(columns="line")


def _games(path: Path, teams: set, played: bool) -> pd.DataFrame:
    required = ("date", "home", "away") + (("home_goals", "away_goals", "decided_in") if played else ())
    rows = _read_csv(path, required)
    out = []
    for no, r in rows:
        for col in ("home", "away"):
            if r[col] not in teams:
                raise ChartError(path, no, col, r[col], "not a team of the league")
        if r["home"] == r["away"]:
            raise ChartError(path, no, "away", r["away"], "a team cannot play itself")
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
        out.append(rec)
    return pd.DataFrame(out)


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
    for k in doc:
        if k not in KEYS:
            raise ChartError(path, None, k, k, f"unknown key; keys: {', '.join(sorted(KEYS))}")
    base = path.parent

    def need(key):
        if key not in doc:
            raise ChartError(path, None, key, None, "missing key")
        return doc[key]

    engine = need("engine")
    if engine not in ENGINES:
        raise ChartError(path, None, "engine", engine, f"must be one of {', '.join(ENGINES)}")
    try:
        points = points_system(doc.get("points", "nhl")).name
    except ValueError as exc:
        raise ChartError(path, None, "points", str(doc.get("points")), str(exc)) from None
    try:
        tiebreakers = tuple(check_tiebreakers(doc.get("tiebreakers", DEFAULT_TIEBREAKERS)))
    except ValueError as exc:
        raise ChartError(path, None, "tiebreakers", str(doc.get("tiebreakers")), str(exc)) from None
    rules = doc.get("rules", "")
    try:
        from simcore.games import game

        game(engine).Rules().with_options(rules)
    except ValueError as exc:
        raise ChartError(path, None, "rules", rules, str(exc)) from None
    teams = _teams(base / need("teams"), engine)
    names = set(teams.team)
    goalies = _goalies(base / need("goalies"), names) if engine == "ezr" else None
    kit = None
    if engine == "strat":
        from simcore.games.strat.kit import load_kit, sample_kit

        kit = doc.get("kit", "sample")
        try:
            k = sample_kit() if kit == "sample" else load_kit(base / kit)
        except (OSError, ValueError) as exc:
            raise ChartError(path, None, "kit", kit, f"cannot load the kit: {exc}") from None
        for t in teams.team:
            if t not in k.teams:
                raise ChartError(base / doc["teams"], None, "team", t,
                                 f"not a team of the kit; kit teams: {', '.join(sorted(k.teams))}")

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
                raise ChartError(path, None, "schedule", "nhl", str(exc)) from None
        elif kind == "round-robin":
            schedule = round_robin(list(teams.team), rounds=int(sched.get("rounds", 2)), seed=seed, start=start)
        else:
            raise ChartError(path, None, "schedule.generate", kind, "must be nhl or round-robin")
    else:
        raise ChartError(path, None, "schedule", str(sched), "a CSV file name or a [schedule] table")

    res_path = Path(results) if results is not None else (base / doc["results"] if "results" in doc else None)
    if res_path is not None:
        played = _games(res_path, names, played=True)
    else:
        played = pd.DataFrame(columns=["date", "home", "away", "home_goals", "away_goals", "decided_in", "line"])
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
    playoffs = {"format": "top", "teams": min(16, max(2, len(teams) // 2)), "best_of": 7, **doc.get("playoffs", {})}
    if playoffs["format"] not in PLAYOFF_FORMATS:
        raise ChartError(path, None, "playoffs.format", playoffs["format"], f"must be one of {', '.join(PLAYOFF_FORMATS)}")
    if not isinstance(playoffs["best_of"], int) or playoffs["best_of"] < 1 or playoffs["best_of"] % 2 == 0:
        raise ChartError(path, None, "playoffs.best_of", str(playoffs["best_of"]), "must be a positive odd number")
    if not isinstance(playoffs["teams"], int) or not 2 <= playoffs["teams"] <= len(teams):
        raise ChartError(path, None, "playoffs.teams", str(playoffs["teams"]),
                         f"must be a whole number from 2 to the {len(teams)} teams")
    return League(path, doc.get("name", path.parent.name), engine, points, tiebreakers, rules, teams, goalies,
                  schedule, played.drop(columns="line").reset_index(drop=True), playoffs, kit)
