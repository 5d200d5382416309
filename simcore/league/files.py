"""League files: a ``league.toml`` naming its teams, goalies, schedule and played results (CSV files beside it).

docs/league.md describes the format.  Every problem is a :class:`~simcore.charts.ChartError` naming the file,
the line and the column, with the offending text; nothing runs until the whole league reads cleanly.
"""
from __future__ import annotations

import csv
import datetime
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from simcore.charts import ChartError

from .ranking import check_playoff_format
from .schedule import nhl_schedule, round_robin
from .series import parse_pattern
from .standings import DEFAULT_TIEBREAKERS, check_tiebreakers, points_system

ENGINES = ("ezr", "strat")
DECIDED = ("REG", "OT", "SO")
PLAYOFF_FORMATS = ("top", "nhl")
PLAYOFF_KEYS = ("format", "teams", "best_of", "pattern")
MAX_EZR_GOALIES = 4
GOALIE_COLUMNS = ("team", "goalie", "slot", "share")
ENGINE_GOALIE_COLUMNS = {"ezr": ("def", "so"), "strat": ("fatigue",)}
KEYS = {"name", "engine", "points", "tiebreakers", "rules", "teams", "goalies", "schedule", "results", "kit",
        "playoffs"}


@dataclass
class League:
    """A league read from its files.

    ``teams``: team, conference, division and the engine's team data (EZR: ``off``, ``shooter``).

    ``goalies``: one row per goalie, for both engines: ``team``, ``goalie``, ``slot`` (EZR: 0, 1, .. in
    goalies.csv order within the team; Strat: 0 the lines file's starter G1, 1 the backup G2) and ``share``
    (the target share of starts, summing to 1 per team), then the engine's goalie data: EZR ``def`` and
    ``so``; Strat ``fatigue`` (the card's consecutive-games rating, 24.4).  A Strat goalie's share is his
    card's suggested starts, normalized over the team's two goalies, unless the league's goalies file sets it.

    ``schedule``: date, home, away, game_no; ``results``: the played games (date, home, away, home_goals,
    away_goals, decided_in, optional winner, and ``home_goalie``, ``away_goalie``: the starting goalies' names,
    "" when not given), each matched to a scheduled game.
    """

    path: Path
    name: str
    engine: str
    points: str
    tiebreakers: tuple[str, ...]
    rules: str
    teams: pd.DataFrame
    goalies: pd.DataFrame
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


def _share(path, no, text) -> float:
    try:
        share = float(text)
    except ValueError:
        raise ChartError(path, no, "share", text, "must be a number between 0 and 1") from None
    if not 0 <= share <= 1:
        raise ChartError(path, no, "share", text, "must be between 0 and 1")
    return share


def _check_shares(path, df: pd.DataFrame, teams) -> None:
    """Each team's listed shares add up to 1 (``df`` has team, share and line)."""
    for t in teams:
        g = df[df.team == t]
        if len(g) and abs(g.share.sum() - 1) > 0.01:
            raise ChartError(path, int(g.line.iloc[0]), "share", f"{g.share.sum():.3f}",
                             f"the shares of {t}'s goalies must add up to 1")


def _goalies(path: Path, teams: set) -> pd.DataFrame:
    """EZR goalies.csv: team, goalie, def, so, share; up to four goalies a team, slots in file order."""
    from simcore.games.ezr.charts import DEF_LETTERS, GOALIE_SO_LETTERS

    rows = _read_csv(path, ("team", "goalie", "def", "so", "share"))
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
        if len(mine) == MAX_EZR_GOALIES:
            raise ChartError(path, no, "goalie", r["goalie"],
                             f"{r['team']} already has {MAX_EZR_GOALIES} goalies (at most {MAX_EZR_GOALIES} a team)")
        if r["def"] not in DEF_LETTERS:
            raise ChartError(path, no, "def", r["def"], f"goalie DEF must be one of {', '.join(DEF_LETTERS)}")
        if r["so"] not in GOALIE_SO_LETTERS:
            raise ChartError(path, no, "so", r["so"],
                             f"goalie shootout rating must be one of {', '.join(GOALIE_SO_LETTERS)}")
        share = _share(path, no, r["share"])
        out.append({"team": r["team"], "goalie": r["goalie"], "slot": len(mine), "share": share,
                    "def": r["def"], "so": r["so"], "line": no})
        mine[r["goalie"]] = no
    df = pd.DataFrame(out, columns=[*GOALIE_COLUMNS, *ENGINE_GOALIE_COLUMNS["ezr"], "line"])
    for t in sorted(teams):
        if not (df.team == t).any():
            raise ChartError(path, None, "team", t, "team has no goalie")
    _check_shares(path, df, sorted(teams))
    return df.drop(columns="line")


def strat_goalies(kit, teams: list, override: Path | None = None) -> pd.DataFrame:
    """A Strat league's goalies: each team's starter (G1, slot 0) and backup (G2, slot 1) from the kit, with
    their cards' suggested starts normalized to shares; ``override`` (team, goalie, share) sets the shares."""
    out = []
    for t in teams:
        team = kit.teams[t]
        cards = [team.goalies[name] for name in team.lines.goalies]
        total = sum(c.starts for c in cards)
        for slot, c in enumerate(cards):
            share = c.starts / total if total > 0 else 1 / len(cards)
            out.append({"team": t, "goalie": c.name, "slot": slot, "share": share, "fatigue": int(c.fatigue)})
    df = pd.DataFrame(out, columns=[*GOALIE_COLUMNS, *ENGINE_GOALIE_COLUMNS["strat"]])
    if override is None:
        return df
    rows = _read_csv(override, ("team", "goalie", "share"))
    names = set(teams)
    seen: dict = {}
    given = []
    for no, r in rows:
        if r["team"] not in names:
            raise ChartError(override, no, "team", r["team"], "not a team of the league")
        own = list(kit.teams[r["team"]].lines.goalies)
        if r["goalie"] not in own:
            raise ChartError(override, no, "goalie", r["goalie"],
                             f"not a goalie of {r['team']} (its kit goalies: {', '.join(own)})")
        key = (r["team"], r["goalie"])
        if key in seen:
            raise ChartError(override, no, "goalie", r["goalie"], f"goalie listed twice (first on line {seen[key]})")
        seen[key] = no
        given.append({"team": r["team"], "goalie": r["goalie"], "share": _share(override, no, r["share"]),
                      "line": no})
    g = pd.DataFrame(given, columns=["team", "goalie", "share", "line"])
    _check_shares(override, g, list(dict.fromkeys(g.team)))
    listed = set(g.team)
    new = {(r.team, r.goalie): r.share for r in g.itertuples()}
    df["share"] = [new.get((t, n), 0.0) if t in listed else s for t, n, s in zip(df.team, df.goalie, df.share)]
    return df


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
    rows = _read_csv(path, required)
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
    kit = None
    if engine == "ezr":
        goalies = _goalies(base / need("goalies"), names)
    else:
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
        goalies = strat_goalies(k, list(teams.team), base / doc["goalies"] if "goalies" in doc else None)

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
            raise ChartError(path, None, f"playoffs.{k}", k, f"unknown key; keys: {', '.join(PLAYOFF_KEYS)}")
    default_n = 16 if given.get("format") == "nhl" else min(16, max(2, len(teams) // 2))
    playoffs = {"format": "top", "teams": default_n, "best_of": 7, **given}
    if playoffs["format"] not in PLAYOFF_FORMATS:
        raise ChartError(path, None, "playoffs.format", playoffs["format"], f"must be one of {', '.join(PLAYOFF_FORMATS)}")
    if not isinstance(playoffs["best_of"], int) or playoffs["best_of"] < 1 or playoffs["best_of"] % 2 == 0:
        raise ChartError(path, None, "playoffs.best_of", str(playoffs["best_of"]), "must be a positive odd number")
    try:
        check_playoff_format(teams, playoffs["format"], playoffs["teams"])
    except ValueError as exc:
        raise ChartError(path, None, "playoffs", f"format={playoffs['format']}, teams={playoffs['teams']}",
                         str(exc)) from None
    if "pattern" in playoffs:
        try:
            parse_pattern(playoffs["pattern"], playoffs["best_of"])
        except ValueError as exc:
            raise ChartError(path, None, "playoffs.pattern", str(playoffs["pattern"]), str(exc)) from None
    return League(path, doc.get("name", path.parent.name), engine, points, tiebreakers, rules, teams, goalies,
                  schedule, played.drop(columns="line").reset_index(drop=True), playoffs, kit)
