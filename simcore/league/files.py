"""League files: a ``league.toml`` naming its teams, goalies, schedule and played results (CSV files beside it).

docs/league.md describes the format.  Every problem is a :class:`~simcore.charts.ChartError` naming the file,
the line and the column, with the offending text; nothing runs until the whole league reads cleanly.
"""
from __future__ import annotations

import datetime
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from simcore.charts import ChartError
from simcore.cliargs import counted
from simcore.deprecation import SimcoreDeprecationWarning
from simcore.errors import InputError
from simcore.textio import (FieldError, Range, as_path, check_header, csv_rows, name_problem, number, read_text,
                            read_toml)

from .ranking import check_playoff_format
from .schedule import MAX_GAMES, MAX_ROUNDS, StartDateError, nhl_schedule, round_robin
from .series import parse_pattern
from .standings import DEFAULT_TIEBREAKERS, MAX_GOALS, check_tiebreakers, points_system

DECIDED = ("REG", "OT", "SO")
PLAYOFF_FORMATS = ("top", "nhl")
PLAYOFF_KEYS = ("format", "teams", "best_of", "pattern")
GOALIE_COLUMNS = ("team", "goalie", "slot", "share")
#: Keys every league.toml may have; a game's adapter adds its own (``Adapter.keys``).
KEYS = {"name", "game", "engine", "points", "tiebreakers", "rules", "teams", "goalies", "schedule", "results",
        "playoffs"}
SCHEDULE_KEYS = ("generate", "seed", "start", "rounds")

# The ranges of a league's numbers, each declared once beside what it bounds (docs/league.md, "Ranges").
#: The most teams a league may have (the kernels size per-pair tables by it).
MAX_TEAMS = 128
#: Goals of one team in a played game (shootout goals excluded).
GOALS = Range(0, MAX_GOALS, "goals")
#: A goalie's target share of his team's starts.
SHARE = (0.0, 1.0)
#: [playoffs] teams: how many teams the playoffs take.
PLAYOFF_TEAMS = Range(2, MAX_TEAMS, "playoff teams")
#: [playoffs] best_of: games of a series (odd).
BEST_OF = Range(1, 99, "games in a playoff series")
#: [schedule] rounds: how often every pair meets in a generated round robin.
ROUNDS = Range(1, MAX_ROUNDS, "rounds of the round robin")
#: [schedule] seed of a generated schedule.
SCHEDULE_SEED = Range(0, 2**63 - 1, "a schedule seed")



def key_error(path, key, text, problem) -> ChartError:
    """A league file's key that cannot be used (the file, the key's line when found, the key, the text, the
    problem)."""
    return ChartError(path, key_line(path, key), key, text, problem, field="key")


def key_line(path, key) -> int | None:
    """The line of ``path`` (a TOML file) where ``key`` is set, or None when it cannot be read or found."""
    try:
        return read_toml(path).line(key)
    except ValueError:
        return None

@dataclass
class League:
    """A league read from its files.

    ``game``: the id of the game it plays (the league file's ``game``, or ``engine`` in files of earlier
    releases).  ``teams``: team, conference, division and the game's team columns (``Adapter.team_columns``;
    EZR ``off``, ``shooter``).

    ``goalies``: one row per goalie: ``team``, ``goalie``, ``slot`` (0, 1, ...: the game says how slots are
    numbered) and ``share`` (the target share of the team's starts while he is with it; the shares of the goalies
    with a team from the season's start sum to 1), an optional ``fatigue`` (the
    consecutive-games rating of a goalie who tires, Strat-O-Matic 24.4), then the game's own goalie columns (EZR:
    ``def``, ``so``, ``joined`` and ``left``, the dates a goalie joined and left the team, "" for with it from the
    start and still with it).

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

    def __repr__(self) -> str:          # the tables (and a Strat kit) are for looking at one by one
        return (f"League({self.name!r}, game {self.game!r}, {len(self.teams)} teams, {len(self.schedule)} games "
                f"scheduled, {len(self.results)} played; {self.path})")

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


def not_a_team(name: str, teams) -> str:
    """What is wrong with a team name the league does not have: the closest of its teams, when one is close."""
    import difflib

    close = difflib.get_close_matches(name, sorted(teams), n=1, cutoff=0.6) \
        or difflib.get_close_matches(name.upper(), sorted(teams), n=1, cutoff=0.6)
    return "not a team of the league" + (f" (did you mean {close[0]!r}?)" if close else "")


def read_csv(path: Path, required: tuple[str, ...]) -> list[tuple[int, dict]]:
    """Rows of a CSV file as (line number, {column: text}); comment lines start with #.  The file is read through
    :mod:`simcore.textio` (UTF-8, a byte-order mark dropped, bounded cells); a header naming a column twice, a
    missing required column or a row of the wrong width is a ChartError naming the file and line."""
    text = read_text(path)
    lines = csv_rows(text)
    if not lines:
        raise ChartError(path, None, None, None, f"the file is empty; its first line is the header, naming at "
                         f"least the columns {','.join(required)}")
    head_no, cells = lines[0]
    head = check_header(path, head_no, cells)
    for col in required:
        if col not in head:
            raise ChartError(path, head_no, col, ",".join(head),
                             f"missing column {col!r} (needs: {', '.join(required)})")
    rows = []
    for no, cells in lines[1:]:
        if len(cells) != len(head):
            raise ChartError(path, no, None, ",".join(cells), f"{counted(len(cells), 'field')} where the header has "
                             f"{len(head)}")
        rows.append((no, {h: c.strip() for h, c in zip(head, cells)}))
    return rows


def _int(path, no, col, text, rng: Range) -> int:
    try:
        return rng.parse(text)
    except FieldError as exc:
        raise ChartError(path, no, col, text, str(exc)) from None


def _teams(path: Path, adapter) -> pd.DataFrame:
    rows = read_csv(path, ("team", "conference", "division") + tuple(adapter.team_columns))
    seen = {}
    out = []
    for no, r in rows:
        for col in ("team", "conference", "division"):
            problem = name_problem(r[col])
            if problem:
                raise ChartError(path, no, col, r[col], problem)
        if r["team"] in seen:
            raise ChartError(path, no, "team", r["team"], f"team listed twice (first on line {seen[r['team']]})")
        seen[r["team"]] = no
        adapter.check_team(path, no, r)
        out.append(r)
    if len(out) < 2:
        raise ChartError(path, None, "team", None, f"a league needs at least 2 teams; the file lists {len(out)}")
    if len(out) > MAX_TEAMS:
        raise ChartError(path, rows[MAX_TEAMS][0], "team", rows[MAX_TEAMS][1]["team"],
                         f"more than {MAX_TEAMS} teams; a league has at most {MAX_TEAMS}")
    conference_of: dict = {}
    for r in out:
        first = conference_of.setdefault(r["division"], (r["conference"], seen[r["team"]]))
        if r["conference"] != first[0]:
            raise ChartError(path, seen[r["team"]], "conference", r["conference"],
                             f"division {r['division']} is in conference {first[0]} (line {first[1]}); a division "
                             "belongs to one conference")
    df = pd.DataFrame(out)
    df.attrs["lines"] = (path, dict(seen))             # where each team is listed, for later files' messages
    return df


def read_share(path, no, text) -> float:
    try:
        return number(text, *SHARE)
    except FieldError:
        raise ChartError(path, no, "share", text, f"must be a decimal number between {SHARE[0]:g} and {SHARE[1]:g}, "
                         "such as 0.6") from None


#: How far a team's goalie shares may add up from 1: 0.6 and 0.395, or 0.33 three times, are accepted; 0.3 three
#: times is not.
SHARE_TOLERANCE = 0.01


def _lines(rows) -> str:
    return f"line {rows.iloc[0]}" if len(rows) == 1 else f"lines {', '.join(str(n) for n in rows)}"


def check_shares(path, df: pd.DataFrame, teams) -> None:
    """Each team's shares add up to 1 (``df`` has team, share and line).  Where ``df`` dates the goalies' time with
    their team (``joined``, ``left``; :func:`with_team`): the goalies with it from the season's start (no
    ``joined``) add up to 1, and on every later date some goalie with it then has a share (the shares of those with
    it on a date are its parts of the starts then: :meth:`simcore.league.projection.Setup.shares_on`)."""
    dated = "joined" in df.columns and "left" in df.columns
    for t in teams:
        g = df[df.team == t]
        if not len(g):
            continue
        start = g[g.joined == ""] if dated else g
        total = start.share.sum()
        if round(abs(total - 1), 9) > SHARE_TOLERANCE:                      # 0.99 is within 0.01
            whose = f"{t}'s goalies" if len(start) == len(g) else f"the goalies with {t} from the season's start " \
                                                                  "(no joined date)"
            rows = start.line if len(start) else g.line
            raise ChartError(path, int(rows.iloc[0]), "team", t, f"the shares of {whose} sum to {total:.3f}; they "
                             f"must add up to 1, within {SHARE_TOLERANCE} ({_lines(rows)})")
        for day in sorted({d for c in ("joined", "left") if dated for d in g[c] if d}):
            if g[with_team(g.joined, g.left, day)].share.sum() <= 0:
                moved = g[(g.joined == day) | (g.left == day)]
                raise ChartError(path, int(moved.line.iloc[0]), "team", t,
                                 f"no goalie with a share is with {t} from {day} ({_lines(moved.line)} dated that "
                                 "day): from then on it would have no goalie to start")


def check_moves(path, df: pd.DataFrame) -> None:
    """A goalie traded between two teams (one name on both, a ``joined`` or ``left`` date on either row) is with
    one at a time while he has a share with both: his time with one (``joined`` .. ``left``) ends by the day his
    time with the other begins.  Two undated rows of one name are two goalies of that name."""
    if "joined" not in df.columns or "left" not in df.columns:
        return
    for name, g in df[df.share > 0].groupby("goalie", sort=False):
        rows = list(g.itertuples())
        for i, a in enumerate(rows):
            for b in rows[i + 1:]:
                dated = a.joined or a.left or b.joined or b.left
                if dated and (not a.left or b.joined < a.left) and (not b.left or a.joined < b.left):
                    first, second = (a, b) if (a.joined, a.line) <= (b.joined, b.line) else (b, a)
                    raise ChartError(path, int(second.line), "goalie", name,
                                     f"with {second.team} from {second.joined or 'the season start'} while with "
                                     f"{first.team} until {first.left or 'the season end'} (line {first.line}), "
                                     "with a share of the starts of both: a goalie traded is with one team at a "
                                     "time (his left date on one on or before his joined date on the other)")


def goalie_count(df: pd.DataFrame) -> int:
    """How many goalies a league's goalie table lists: a traded goalie (one name on two teams, a ``joined`` or
    ``left`` date on a row of it) counts once; undated rows of one name are goalies of that name, each counted."""
    if "joined" not in df.columns or "left" not in df.columns:
        return len(df)
    dated = (df.joined.astype(str) != "") | (df.left.astype(str) != "")
    return int(sum(1 if dated[g.index].any() else len(g) for _, g in df.groupby("goalie", sort=False)))


def with_team(joined, left, date: str):
    """Whether each goalie (``joined``, ``left``: his dates, "" for none) is with his team on ``date`` (a
    YYYY-MM-DD; "" for before any date): he joined it by then, and left it after."""
    joined, left = np.asarray(joined, dtype=object), np.asarray(left, dtype=object)
    if not date:
        return joined == ""
    return ((joined == "") | (joined <= date)) & ((left == "") | (left > date))


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _is_date(text: str) -> bool:
    """Whether ``text`` is a date written YYYY-MM-DD (a real one: not 2026-02-30)."""
    if not _ISO_DATE.fullmatch(text):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _roster_date(path: Path, no: int, row: dict, column: str, blank: str) -> str:
    """A goalies.csv row's ``joined`` or ``left`` cell: "" (``blank`` says what that means) or a date written
    YYYY-MM-DD."""
    text = row.get(column, "")
    if text and not _is_date(text):
        raise ChartError(path, no, column, text, f"must be the date the goalie {column} the team, written "
                         f"YYYY-MM-DD (blank {blank})")
    return text


def read_goalies(path: Path, teams: set, columns: tuple[str, ...], check, max_per_team: int,
                 listed: tuple | None = None) -> pd.DataFrame:
    """A goalies file: team, goalie, share and the game's ``columns`` (``check(path, line, row)`` validates a
    row), and optionally ``joined``, the date a goalie joined the team (traded for, called up; blank when he was
    with it from the start), and ``left``, the date he left it (traded, sent down; blank while he is with it);
    up to ``max_per_team`` goalies a team, slots in file order; every team has one, the shares of its goalies
    from the season's start add up to 1 and on every date it has a goalie with a share (:func:`check_shares`), and
    a goalie traded is with one team at a time (:func:`check_moves`).  ``listed``: the teams file and ``{team:
    line}`` (the teams frame's ``attrs["lines"]``), to name where a team without a goalie is listed."""
    rows = read_csv(path, ("team", "goalie", *columns, "share"))
    out = []
    seen: dict = {}
    for no, r in rows:
        if r["team"] not in teams:
            raise ChartError(path, no, "team", r["team"], not_a_team(r["team"], teams))
        problem = name_problem(r["goalie"])
        if problem:
            raise ChartError(path, no, "goalie", r["goalie"], problem)
        mine = seen.setdefault(r["team"], {})
        if r["goalie"] in mine:
            raise ChartError(path, no, "goalie", r["goalie"], f"goalie listed twice for {r['team']} "
                             f"(first on line {mine[r['goalie']]})")
        if len(mine) == max_per_team:
            raise ChartError(path, no, "goalie", r["goalie"],
                             f"{r['team']} already has {max_per_team} goalies (at most {max_per_team} a team)")
        check(path, no, r)
        share = read_share(path, no, r["share"])
        joined = _roster_date(path, no, r, "joined", "when he was with it from the start")
        left = _roster_date(path, no, r, "left", "while he is with it")
        if joined and left and left <= joined:
            raise ChartError(path, no, "left", left, f"{r['goalie']} joined {r['team']} on {joined}, so he left it "
                             "after that date")
        out.append({"team": r["team"], "goalie": r["goalie"], "slot": len(mine), "share": share,
                    **{c: r[c] for c in columns}, "joined": joined, "left": left, "line": no})
        mine[r["goalie"]] = no
    df = pd.DataFrame(out, columns=[*GOALIE_COLUMNS, *columns, "joined", "left", "line"])
    for t in sorted(teams):
        if not (df.team == t).any():
            where = f" (listed in {listed[0].name}, line {listed[1][t]})" if listed and t in listed[1] else ""
            raise ChartError(path, None, "team", t, f"team has no goalie{where}: every team needs a row here")
    check_shares(path, df, sorted(teams))
    check_moves(path, df)
    return df.drop(columns="line")


def _games(path: Path, teams: set, played: bool, goalies: pd.DataFrame | None = None, points=None) -> pd.DataFrame:
    """Schedule or played-results rows; a played game's optional ``home_goalie``/``away_goalie`` must name a
    goalie of that team (``goalies``: the league's goalie table), one who had joined it and not left it by the
    game's date (its ``joined`` and ``left`` columns, where it has them).  A schedule lists a game (date, home, away)
    once; a played game's score, ``decided_in`` and ``winner`` agree (:func:`_check_result`, under the points
    system ``points``)."""
    roster = {} if goalies is None else {t: list(g.goalie) for t, g in goalies.groupby("team", sort=False)}
    dated = {c: {} if goalies is None or c not in goalies.columns else
             {(r.team, r.goalie): getattr(r, c) for r in goalies.itertuples() if getattr(r, c)}
             for c in ("joined", "left")}
    required = ("date", "home", "away") + (("home_goals", "away_goals", "decided_in") if played else ())
    rows = read_csv(path, required)
    if len(rows) > MAX_GAMES:
        raise ChartError(path, rows[MAX_GAMES][0], None, None, f"more than {MAX_GAMES} games; a league file lists "
                         f"at most {MAX_GAMES}")
    ps = points_system(points or "nhl")
    out = []
    seen: dict = {}
    for no, r in rows:
        for col in ("home", "away"):
            if r[col] not in teams:
                raise ChartError(path, no, col, r[col], not_a_team(r[col], teams))
        if r["home"] == r["away"]:
            raise ChartError(path, no, "away", r["away"], "a team cannot play itself")
        if not _is_date(r["date"]):
            raise ChartError(path, no, "date", r["date"], "must be a date written YYYY-MM-DD")
        rec = {"date": r["date"], "home": r["home"], "away": r["away"], "line": no}
        if not played:
            key = (r["date"], r["home"], r["away"])
            if key in seen:
                raise ChartError(path, no, "date", ",".join(key), f"this game is listed twice (first on line "
                                 f"{seen[key]}): a team plays another at home once on a date")
            seen[key] = no
        if played:
            rec["home_goals"] = _int(path, no, "home_goals", r["home_goals"], GOALS)
            rec["away_goals"] = _int(path, no, "away_goals", r["away_goals"], GOALS)
            if r["decided_in"].upper() not in DECIDED:            # any case, as add-result and standings() take it
                raise ChartError(path, no, "decided_in", r["decided_in"], f"must be one of {', '.join(DECIDED)}")
            rec["decided_in"] = r["decided_in"].upper()
            if r.get("winner"):
                if r["winner"].lower() not in ("home", "away"):
                    raise ChartError(path, no, "winner", r["winner"], "must be home or away")
                rec["winner"] = r["winner"].lower()
            _check_result(path, no, rec, ps)
            shootout_level(rec)
            for side in ("home", "away"):
                col = f"{side}_goalie"
                name = r.get(col, "")
                if name and name not in roster.get(r[side], ()):
                    raise ChartError(path, no, col, name, f"not a goalie of {r[side]} (its goalies: "
                                     f"{', '.join(roster.get(r[side], ())) or 'none'})")
                came, gone = dated["joined"].get((r[side], name)), dated["left"].get((r[side], name))
                if name and came and r["date"] < came:
                    raise ChartError(path, no, col, name, f"joined {r[side]} on {came} (goalies.csv), so he started "
                                     f"none of its games before then; this one is of {r['date']}")
                if name and gone and r["date"] >= gone:
                    raise ChartError(path, no, col, name, f"left {r[side]} on {gone} (goalies.csv), so he started "
                                     f"none of its games from then on; this one is of {r['date']}")
                rec[col] = name
        out.append(rec)
    cols = ["date", "home", "away"]
    if played:
        cols += ["home_goals", "away_goals", "decided_in"] + (["winner"] if any("winner" in r for r in out) else [])
        cols += ["home_goalie", "away_goalie"]
    return pd.DataFrame(out, columns=cols + ["line"])


def shootout_level(rec: dict) -> None:
    """A shootout game written one goal apart, the deciding shootout goal counted (the NHL's final score), made
    the level score the standings keep with its ``winner``: goals exclude shootout goals, so the game counts the
    same however it was written (docs/league.md, "played.csv")."""
    hg, ag = rec["home_goals"], rec["away_goals"]
    if rec["decided_in"] == "SO" and abs(hg - ag) == 1:
        side = "home" if hg > ag else "away"
        rec["winner"] = side
        rec[f"{side}_goals"] -= 1


def _check_result(path, no, rec: dict, ps) -> None:
    """A played game's score, ``decided_in`` and ``winner`` agree (docs/league.md, "played.csv"):

    * the winner, when given, is the side with more goals (a level game: the shootout's winner);
    * a regulation game ends level only under a points system with ties, and then has no winner;
    * an overtime game (sudden death) is won by exactly one goal;
    * a shootout game is recorded level (shootout goals excluded; ``winner`` says who won it) or with the
      shootout's deciding goal counted, one goal apart.
    """
    hg, ag, d, w = rec["home_goals"], rec["away_goals"], rec["decided_in"], rec.get("winner")
    score = f"{hg}-{ag}"
    by_score = "home" if hg > ag else "away" if ag > hg else None
    if w and by_score and w != by_score:
        raise ChartError(path, no, "winner", w, f"contradicts the score {score} ({by_score} scored more)")
    margin = abs(hg - ag)
    if d == "REG" and margin == 0:
        if ps.tie is None:
            raise ChartError(path, no, "decided_in", d, f"a regulation game ended level {score}, but the "
                             f"{ps.name!r} points system has no ties: a game the shootout decided is SO with its "
                             f"winner (points = \"ties\" allows ties)")
        if w:
            raise ChartError(path, no, "winner", w, f"a regulation game level {score} is a tie and has no winner")
    if d == "OT" and margin != 1:
        tied = " (a game still level after overtime is a tie: REG)" if margin == 0 and ps.tie is not None else ""
        raise ChartError(path, no, "decided_in", d, f"an overtime game is won by the one sudden-death goal, so "
                         f"it ends one goal apart; the score is {score}{tied}")
    if d == "SO":
        if margin > 1:
            raise ChartError(path, no, "decided_in", d, f"a shootout game is recorded level (with its winner) or "
                             f"one goal apart; the score is {score}")
        if margin == 0 and not w:
            raise ChartError(path, no, "winner", "", f"a shootout game recorded level {score} needs the winner "
                             "column: home or away")


def league_file(path) -> Path:
    """The league file ``path`` names: the file itself, or ``league.toml`` in a folder (``simcore league project
    mine`` after ``simcore league sample ezr mine``).  A folder without one is an InputError."""
    path = as_path(path, "a league (its league.toml)")
    if path.is_dir():
        if not (path / "league.toml").is_file():
            raise InputError(f"{path} is a folder with no league.toml in it; name the league file")
        return path / "league.toml"
    return path


def load_league(path, results=None) -> League:
    """Read ``league.toml`` (or the one in the folder ``path``, :func:`league_file`) and the files it names
    (relative to it).  ``results``: a played-results CSV that replaces the one the league file names."""
    path = league_file(path)
    t = read_toml(path)
    doc = t.doc
    base = path.parent

    def need(key):
        if key not in doc:
            raise key_error(path, key, None, "missing key")
        return t.str(doc, key)

    def named_file(key, name):
        """The file a key names, relative to the league file; one that is not there is an error of the key."""
        f = base / name
        if f.is_dir():
            raise t.error(key, name, f"{f} is a folder; name a file")
        if not f.is_file():
            raise t.error(key, name, f"no such file: {f}")
        return f

    g, adapter = _game_of(path, doc, t)
    keys = KEYS | set(adapter.keys)
    t.unknown_keys(doc, keys)
    name = t.str(doc, "name", default=path.parent.name)
    given_points = t.str(doc, "points", default="nhl")
    try:
        points = points_system(given_points).name
    except ValueError as exc:
        raise t.error("points", doc.get("points"), str(exc)) from None
    given_tb = t.str_list(doc, "tiebreakers", default=list(DEFAULT_TIEBREAKERS))
    try:
        tiebreakers = tuple(check_tiebreakers(given_tb))
    except ValueError as exc:
        raise t.error("tiebreakers", doc.get("tiebreakers"), str(exc)) from None
    if not {"points", "points_pct"} & set(tiebreakers):     # a table ranked by wins, goals or names alone
        raise t.error("tiebreakers", doc.get("tiebreakers"), "the standings rank by points: list 'points' or "
                      f"'points_pct' (the default list starts {DEFAULT_TIEBREAKERS[0]}, {DEFAULT_TIEBREAKERS[1]})")
    rules = t.str(doc, "rules", default="")
    try:
        g.Rules().with_options(rules)
    except ValueError as exc:
        raise t.error("rules", rules, str(exc)) from None
    for key in ("teams", "goalies", "schedule", "results"):
        if key == "results" and results is not None or key == "schedule" and not isinstance(doc.get(key), str):
            continue                # another results file; a [schedule] table (generated, its keys checked)
        if t.str(doc, key) is not None:
            named_file(key, doc[key])
    teams = _teams(named_file("teams", need("teams")), adapter)
    names = set(teams.team)
    data = adapter.read(doc, path, teams)
    goalies = adapter.goalies(doc, path, teams, data)
    schedule = _schedule(t, base, teams, names)

    res_path = Path(results) if results is not None else (base / doc["results"] if "results" in doc else None)
    if results is not None and not res_path.exists() and not res_path.is_absolute() and (base / res_path).is_file():
        raise InputError(f"{res_path}: no such file in the current folder (a results file given on the command "
                         f"line is read from there, not from the league's folder); did you mean {base / res_path}?")
    if res_path is not None:
        played = _games(res_path, names, played=True, goalies=goalies, points=points)
    else:
        played = pd.DataFrame(columns=["date", "home", "away", "home_goals", "away_goals", "decided_in",
                                       "home_goalie", "away_goalie", "line"])
    schedule = schedule.reset_index(drop=True)
    schedule["played"] = False
    open_games: dict = {}
    for i, r in schedule.iterrows():
        open_games.setdefault((str(r["date"]), r["home"], r["away"]), []).append(i)
    played_on: dict = {}                # the results lines of each scheduled game played so far
    for r in played.itertuples():
        key = (str(r.date), r.home, r.away)
        slot = open_games.get(key)
        if not slot:
            problem = "no scheduled game with this date, home and away team"
            if open_games.get((key[0], key[2], key[1])):
                problem += f" (the schedule has {key[2]} at home to {key[1]} that day: home and away swapped?)"
            if key in played_on:
                lines = played_on[key]
                problem = (f"this game was played already (line {', '.join(map(str, lines))}) and the schedule has "
                           f"it {'once' if len(lines) == 1 else f'{len(lines)} times'}")
            raise ChartError(res_path, int(r.line), "date", f"{r.date},{r.home},{r.away}", problem)
        played_on.setdefault(key, []).append(int(r.line))
        schedule.loc[slot.pop(0), "played"] = True
    playoffs = _playoffs(t, teams)
    return League(path, name, g.id, points, tiebreakers, rules, teams, goalies,
                  schedule, played.drop(columns="line").reset_index(drop=True), playoffs, data)


def _schedule(t, base: Path, teams: pd.DataFrame, names: set) -> pd.DataFrame:
    """The league's schedule: the CSV file ``schedule`` names, or generated from a ``[schedule]`` table (its keys
    checked for type and range; a generator's error names the file and the key)."""
    path, doc = Path(t.path), t.doc
    if "schedule" not in doc:
        raise key_error(path, "schedule", None, "missing key")
    sched = doc["schedule"]
    if isinstance(sched, str):
        schedule = _games(base / t.str(doc, "schedule"), names, played=False).drop(columns="line")
        # the season is played in date order whatever the file's order (a day's games in the file's)
        schedule = schedule.sort_values("date", kind="stable").reset_index(drop=True)
        schedule["game_no"] = range(1, len(schedule) + 1)
        return schedule
    if not isinstance(sched, dict):
        raise t.error("schedule", sched, "a CSV file name or a [schedule] table")
    t.unknown_keys(sched, SCHEDULE_KEYS, prefix="schedule.")
    kind = t.str(sched, "generate", prefix="schedule.")
    seed = t.int(sched, "seed", SCHEDULE_SEED, prefix="schedule.", default=0)
    start = sched.get("start", "2026-10-01")
    if isinstance(start, datetime.datetime) or not isinstance(start, (str, datetime.date)) or \
            (isinstance(start, str) and not _is_date(start)):
        raise t.error("schedule.start", start, "must be a date written YYYY-MM-DD")
    if kind == "nhl":
        if "rounds" in sched:
            raise t.error("schedule.rounds", sched["rounds"], "the nhl schedule has no rounds (only round-robin)")
        try:
            return nhl_schedule(teams, seed=seed, start=start)
        except StartDateError as exc:
            raise t.error("schedule.start", start, str(exc)) from None
        except ValueError as exc:
            raise t.error("schedule.generate", kind, str(exc)) from None
    if kind == "round-robin":
        rounds = t.int(sched, "rounds", ROUNDS, prefix="schedule.", default=2)
        try:
            return round_robin(list(teams.team), rounds=rounds, seed=seed, start=start)
        except StartDateError as exc:
            raise t.error("schedule.start", start, str(exc)) from None
        except ValueError as exc:
            raise t.error("schedule.rounds", rounds, str(exc)) from None
    raise t.error("schedule.generate", kind, "must be nhl or round-robin")


def _playoffs(t, teams: pd.DataFrame) -> dict:
    """The ``[playoffs]`` table with its defaults, every key checked for type and range."""
    doc = t.doc
    given = t.table(doc, "playoffs")
    t.unknown_keys(given, PLAYOFF_KEYS, prefix="playoffs.")
    fmt = t.str(given, "format", prefix="playoffs.", default="top")
    if fmt not in PLAYOFF_FORMATS:
        raise t.error("playoffs.format", fmt, f"must be one of {', '.join(PLAYOFF_FORMATS)}")
    default_n = 16 if fmt == "nhl" else min(16, max(2, len(teams) // 2))
    n = t.int(given, "teams", PLAYOFF_TEAMS, prefix="playoffs.", default=default_n)
    best_of = t.int(given, "best_of", BEST_OF, prefix="playoffs.", default=7)
    if best_of % 2 == 0:
        raise t.error("playoffs.best_of", best_of, "must be a positive odd number of games (a series cannot end level)")
    playoffs = {"format": fmt, "teams": n, "best_of": best_of}
    try:
        check_playoff_format(teams, fmt, n)
    except ValueError as exc:       # the playoff teams' number, or the league's shape for format 'nhl'
        count = "teams" in given and (fmt == "top" or n != 16)
        message = str(exc) + (" (leave teams out, or set 16)" if count and fmt == "nhl" else "")
        raise t.error("playoffs.teams" if count else "playoffs.format", n if count else fmt, message) from None
    if "pattern" in given:
        playoffs["pattern"] = t.str(given, "pattern", prefix="playoffs.")
        try:
            parse_pattern(playoffs["pattern"], best_of)
        except ValueError as exc:
            raise t.error("playoffs.pattern", playoffs["pattern"], str(exc)) from None
    return playoffs


def _game_of(path: Path, doc: dict, t=None):
    """The game a league file names (``game``, or ``engine`` in files of earlier releases) and its league
    adapter."""
    from simcore.games import games

    key = "game" if "game" in doc else "engine"
    if key not in doc:
        raise key_error(path, "game", None, "missing key (the id of the game the league plays)")
    if t is not None:
        t.str(doc, key)
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
