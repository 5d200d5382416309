"""League standings from played results: a points system, a tiebreaker order and a printable table.

``results`` has one row per game: ``home``, ``away``, ``home_goals``, ``away_goals``, ``decided_in``
(``REG``/``OT``/``SO``), optionally ``date`` (ignored here) and ``winner`` (``home``/``away``, needed only for
shootout games recorded level). Recorded goals exclude shootout goals. ``teams`` has ``team``, ``conference``,
``division``. See docs/league-standings.md.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from simcore.checks import frame_with, is_whole
from simcore.errors import InputError


@dataclass(frozen=True)
class PointsSystem:
    """Points per result. ``otl`` is the points for a loss in overtime or a shootout (``None``: such a loss is a
    plain loss, counted in ``L``); ``tie`` the points for a regulation game ending level (``None``: ties are not
    allowed)."""

    name: str
    win: int = 2
    loss: int = 0
    otl: int | None = 1
    tie: int | None = None

    def __post_init__(self):
        """Whole numbers 0 or more, a win worth more than a loss (PTS% divides by a win's points)."""
        for field in ("win", "loss", "otl", "tie"):
            v = getattr(self, field)
            if v is None and field in ("otl", "tie"):
                continue
            if not is_whole(v) or v < 0:
                raise InputError(f"points system {self.name!r}: {field} must be a whole number of points, 0 or "
                                 f"more{' (or None)' if field in ('otl', 'tie') else ''}, got {v!r}")
        if not self.win > max(self.loss, self.otl or 0, self.tie or 0):
            raise InputError(f"points system {self.name!r}: a win ({self.win}) must be worth more than any other "
                             "result")


POINTS_SYSTEMS: dict[str, PointsSystem] = {
    "nhl": PointsSystem("nhl", win=2, loss=0, otl=1, tie=None),
    "ties": PointsSystem("ties", win=2, loss=0, otl=None, tie=1),
}

#: Criterion names, in the NHL's default order. The team name is always applied last as a deterministic fallback.
DEFAULT_TIEBREAKERS: tuple[str, ...] = (
    "points", "points_pct", "regulation_wins", "regulation_overtime_wins", "wins", "head_to_head",
    "goal_differential", "goals_for",
)
TIEBREAKERS = DEFAULT_TIEBREAKERS

_DECIDED = ("REG", "OT", "SO")
#: The most goals one team scores in a game (shootout goals excluded); league files are held to it too.
MAX_GOALS = 99


def points_system(points: str | PointsSystem) -> PointsSystem:
    """The named preset (``nhl``, ``ties``), or ``points`` itself if already a ``PointsSystem``."""
    if isinstance(points, PointsSystem):
        return points
    try:
        return POINTS_SYSTEMS[points]
    except (KeyError, TypeError):
        raise InputError(f"unknown points system {points!r}; known: {', '.join(POINTS_SYSTEMS)}") from None


def check_tiebreakers(tiebreakers) -> tuple[str, ...]:
    """``tiebreakers`` as a tuple of known criterion names; ValueError naming any unknown one."""
    if isinstance(tiebreakers, str):
        tiebreakers = (tiebreakers,)
    tb = tuple(tiebreakers)
    for c in tb:
        if c not in DEFAULT_TIEBREAKERS:
            raise InputError(f"unknown tiebreaker {c!r}; known: {', '.join(DEFAULT_TIEBREAKERS)}")
    return tb


def _check_teams(teams: pd.DataFrame) -> pd.DataFrame:
    if not isinstance(teams, pd.DataFrame):
        raise InputError(f"teams must be a DataFrame with columns team, conference, division, got "
                         f"{type(teams).__name__}")
    missing = [c for c in ("team", "conference", "division") if c not in teams.columns]
    if missing:
        raise InputError(f"teams: missing column(s) {', '.join(missing)}")
    for col in ("team", "conference", "division"):
        empty = teams[col].isna() | (teams[col].astype(str).str.strip() == "")
        if empty.any():
            raise InputError(f"teams row {teams.index[empty.to_numpy()][0]}: no {col}; every team has a team name, "
                             "a conference and a division")
    dup = teams["team"][teams["team"].duplicated()]
    if len(dup):
        raise InputError(f"teams: team {dup.iloc[0]!r} listed more than once")
    return teams[["team", "conference", "division"]].reset_index(drop=True)


def _game_table(results: pd.DataFrame, known: set, ps: PointsSystem) -> pd.DataFrame:
    """Validated per-game frame with ``winner`` in {home, away, tie} and ``decided_in`` upper-cased."""
    if not isinstance(results, pd.DataFrame):
        raise InputError(f"results must be a DataFrame of played games, got {type(results).__name__}")
    missing = [c for c in ("home", "away", "home_goals", "away_goals", "decided_in") if c not in results.columns]
    if missing:
        raise InputError(f"results: missing column(s) {', '.join(missing)}")
    g = results.copy()
    labels = list(g.index)

    def fail(pos, msg):
        raise InputError(f"results row {labels[pos]}: {msg}")

    for side in ("home", "away"):
        for pos, t in enumerate(g[side]):
            if t not in known:
                fail(pos, f"{side} team {t!r} is not in the teams table")
    for pos, (h, a) in enumerate(zip(g["home"], g["away"])):
        if h == a:
            fail(pos, f"team {h!r} plays itself")
    for col in ("home_goals", "away_goals"):
        num = pd.to_numeric(g[col], errors="coerce")
        bad = num.isna() | (num < 0) | (num != num.round())
        if bad.any():
            pos = int(bad.to_numpy().argmax())
            fail(pos, f"{col} {g[col].tolist()[pos]!r} is not a non-negative whole number")
        big = num > MAX_GOALS
        if big.any():
            pos = int(big.to_numpy().argmax())
            fail(pos, f"{col} {g[col].tolist()[pos]!r} is more than {MAX_GOALS} goals")
        g[col] = num.astype("int64")
    dec = g["decided_in"].astype(str).str.strip().str.upper()
    bad = ~dec.isin(_DECIDED)
    if bad.any():
        pos = int(bad.to_numpy().argmax())
        fail(pos, f"decided_in {g['decided_in'].tolist()[pos]!r} is not one of {', '.join(_DECIDED)}")
    g["decided_in"] = dec

    hg, ag = g["home_goals"].to_numpy(), g["away_goals"].to_numpy()
    has_winner = "winner" in g.columns
    given = (g["winner"].astype("string").str.strip().str.lower() if has_winner else None)
    winner, level = [], []
    for pos in range(len(g)):
        d = dec.iloc[pos]
        w = "home" if hg[pos] > ag[pos] else "away" if ag[pos] > hg[pos] else None
        if w is None:
            if d == "REG":
                if ps.tie is None:
                    fail(pos, f"regulation game ended level {hg[pos]}-{ag[pos]}, but the {ps.name!r} points "
                              "system has no ties (use points='ties')")
                w = "tie"
            elif d == "OT":
                fail(pos, f"overtime game ended level {hg[pos]}-{ag[pos]}; an overtime game needs a winner")
            else:  # SO, recorded level: the winner column decides
                if not has_winner:
                    fail(pos, f"shootout game recorded level {hg[pos]}-{ag[pos]} and results have no 'winner' "
                              "column ('home'/'away') to say who won the shootout")
                gw = given.iloc[pos]
                if pd.isna(gw) or gw not in ("home", "away"):
                    fail(pos, f"shootout game recorded level {hg[pos]}-{ag[pos]} needs winner 'home' or 'away', "
                              f"got {g['winner'].tolist()[pos]!r}")
                w = gw
        else:
            if has_winner:
                gw = given.iloc[pos]
                if not pd.isna(gw) and gw != "" and gw != w:
                    fail(pos, f"winner {g['winner'].tolist()[pos]!r} contradicts the score {hg[pos]}-{ag[pos]}")
            if d == "SO":
                if abs(int(hg[pos]) - int(ag[pos])) != 1:
                    fail(pos, f"a shootout game is recorded level (with its winner) or one goal apart, the "
                              f"deciding shootout goal counted; the score is {hg[pos]}-{ag[pos]}")
                level.append((pos, w))
        winner.append(w)
    g["winner"] = winner
    # goals exclude shootout goals: a game written with the deciding shootout goal counted counts as level
    for pos, w in level:
        g.iloc[pos, g.columns.get_loc(f"{w}_goals")] -= 1
    return g


def _team_games(g: pd.DataFrame, ps: PointsSystem) -> pd.DataFrame:
    """One row per team per game: team, opp, GF, GA, and the result flags and points."""
    sides = []
    for side, other in (("home", "away"), ("away", "home")):
        s = pd.DataFrame({
            "team": g[side].to_numpy(), "opp": g[other].to_numpy(),
            "GF": g[f"{side}_goals"].to_numpy(), "GA": g[f"{other}_goals"].to_numpy(),
            "decided_in": g["decided_in"].to_numpy(),
        })
        won = (g["winner"] == side).to_numpy()
        tied = (g["winner"] == "tie").to_numpy()
        lost = ~won & ~tied
        extra = (s["decided_in"] != "REG").to_numpy()
        s["W"] = won.astype("int64")
        s["T"] = tied.astype("int64")
        s["OTL"] = (lost & extra).astype("int64") if ps.otl is not None else 0
        s["L"] = (lost & ~extra).astype("int64") if ps.otl is not None else lost.astype("int64")
        s["RW"] = (won & (s["decided_in"] == "REG").to_numpy()).astype("int64")
        s["ROW"] = (won & (s["decided_in"] != "SO").to_numpy()).astype("int64")
        s["PTS"] = (s["W"] * ps.win + s["L"] * ps.loss + s["T"] * (ps.tie or 0) + s["OTL"] * (ps.otl or 0))
        sides.append(s)
    return pd.concat(sides, ignore_index=True)


def _order(group: list, level: int, criteria: tuple, value) -> list:
    """``group`` best first: split by criterion ``level`` (values from ``value(criterion, group)``), each tied
    subgroup by the next criterion, and the team name last."""
    if len(group) <= 1:
        return list(group)
    if level == len(criteria):
        return sorted(group, key=str)
    vals = value(criteria[level], group)
    out = []
    for v in sorted(set(vals.values()), reverse=True):
        out += _order([t for t in group if vals[t] == v], level + 1, criteria, value)
    return out


def standings(results: pd.DataFrame, teams: pd.DataFrame, points="nhl",
              tiebreakers=DEFAULT_TIEBREAKERS) -> pd.DataFrame:
    """The standings table, one row per team, sorted by overall ``rank`` (1 = best).

    Columns: team, conference, division, GP, W, L, OTL (if the points system gives points for an overtime or
    shootout loss), T (if it allows ties), PTS, PTS%, RW, ROW, GF, GA, DIFF, rank, division_rank, conference_rank.
    """
    ps = points_system(points)
    criteria = check_tiebreakers(tiebreakers)
    teams = _check_teams(teams)
    g = _game_table(results, set(teams["team"]), ps)
    tg = _team_games(g, ps)

    cols = ["W", "L", "OTL", "T", "PTS", "RW", "ROW", "GF", "GA"]
    agg = tg.groupby("team")[cols].sum()
    gp = tg.groupby("team").size()
    table = teams.set_index("team")
    table["GP"] = gp
    for c in cols:
        table[c] = agg[c]
    table = table.fillna({c: 0 for c in ["GP"] + cols})
    for c in ["GP"] + cols:
        table[c] = table[c].astype("int64")
    table["PTS%"] = [p / (ps.win * n) if n else 0.0 for p, n in zip(table["PTS"], table["GP"])]
    table["DIFF"] = table["GF"] - table["GA"]

    # exact values for comparison (points % as a fraction, so equal ratios tie exactly)
    stat = {
        "points": table["PTS"].to_dict(),
        "points_pct": {t: Fraction(int(p), ps.win * int(n)) if n else Fraction(0)
                       for t, p, n in zip(table.index, table["PTS"], table["GP"])},
        "regulation_wins": table["RW"].to_dict(),
        "regulation_overtime_wins": table["ROW"].to_dict(),
        "wins": table["W"].to_dict(),
        "goal_differential": table["DIFF"].to_dict(),
        "goals_for": table["GF"].to_dict(),
    }
    h2h = tg.groupby(["team", "opp"])["PTS"].sum().to_dict()
    met = tg.groupby(["team", "opp"]).size().to_dict()

    def value(criterion, group):
        if criterion == "head_to_head":
            pts = {t: sum(h2h.get((t, o), 0) for o in group if o != t) for t in group}
            if len(group) <= 2:
                return pts
            # more than two tied: the share of the points available in their games among each other
            games = {t: sum(met.get((t, o), 0) for o in group if o != t) for t in group}
            return {t: Fraction(int(pts[t]), ps.win * games[t]) if games[t] else Fraction(0) for t in group}
        return {t: stat[criterion][t] for t in group}

    def ranks(group):
        return {t: i + 1 for i, t in enumerate(_order(list(group), 0, criteria, value))}

    table["rank"] = pd.Series(ranks(table.index))
    table["division_rank"] = 0
    table["conference_rank"] = 0
    for _, sub in table.groupby(["conference", "division"], sort=False):
        table.loc[list(ranks(sub.index)), "division_rank"] = pd.Series(ranks(sub.index))
    for _, sub in table.groupby("conference", sort=False):
        table.loc[list(ranks(sub.index)), "conference_rank"] = pd.Series(ranks(sub.index))

    third = (["OTL"] if ps.otl is not None else []) + (["T"] if ps.tie is not None else [])
    order = (["team", "conference", "division", "GP", "W", "L"] + third
             + ["PTS", "PTS%", "RW", "ROW", "GF", "GA", "DIFF", "rank", "division_rank", "conference_rank"])
    out = table.reset_index().rename(columns={"index": "team"})
    return out[order].sort_values("rank").reset_index(drop=True)


_SHOWN = ["GP", "W", "L", "OTL", "T", "PTS", "PTS%", "RW", "ROW", "GF", "GA", "DIFF"]


def _block(df: pd.DataFrame, rank_col: str, title: str) -> list[str]:
    cols = [c for c in _SHOWN if c in df.columns]
    rows = df.sort_values(rank_col)
    name_w = max([len("Team")] + [len(str(t)) for t in rows["team"]])
    cells = [[f"{v:.3f}" if c == "PTS%" else f"{int(v):+d}" if c == "DIFF" else str(int(v))
              for c, v in zip(cols, r)] for r in rows[cols].itertuples(index=False)]
    widths = [max([len(c)] + [len(cl[i]) for cl in cells]) for i, c in enumerate(cols)]
    head = f"{'#':>3}  {'Team':<{name_w}}  " + "  ".join(f"{c:>{w}}" for c, w in zip(cols, widths))
    lines = [title, head, "-" * len(head)]
    for (rk, team), cl in zip(zip(rows[rank_col], rows["team"]), cells):
        lines.append(f"{int(rk):>3}  {str(team):<{name_w}}  " + "  ".join(f"{v:>{w}}" for v, w in zip(cl, widths)))
    return lines


def format_standings(df: pd.DataFrame, by: str = "division") -> str:
    """A text table of ``standings()`` output: one block per division (``by="division"``), per conference
    (``"conference"``) or the whole league (``"league"``), each ordered by the matching rank."""
    frame_with(df, ("team", "conference", "division", "GP", "W", "L", "PTS", "rank", "division_rank",
                    "conference_rank"), "df", "standings()")
    if by == "league":
        blocks = [_block(df, "rank", "League")]
    elif by == "conference":
        blocks = [_block(sub, "conference_rank", f"{conf} Conference")
                  for conf, sub in df.groupby("conference", sort=True)]
    elif by == "division":
        blocks = [_block(sub, "division_rank", f"{conf} Conference / {div} Division")
                  for (conf, div), sub in df.groupby(["conference", "division"], sort=True)]
    else:
        raise InputError(f"unknown grouping {by!r}; known: division, conference, league")
    return "\n\n".join("\n".join(b) for b in blocks) + "\n"
