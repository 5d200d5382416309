"""Season projections: the rest of a replay league's season simulated many times on its game engine.

:func:`project` replays the played results into the standings, the goalies' rotation and 24.4 runs, then hands
the remaining schedule to the season kernel (:mod:`.kernel`) on the league's game (through the game's league
adapter, :mod:`.adapter`), which plays it, ranks the teams under the league's tiebreakers and plays the
playoffs, ``n`` times.  Season ``s`` depends on
``(seed, s)`` only: the same seed gives the same projection whatever the threads or chunk size.

The :class:`Projection` holds the per-season tidy frame and the per-team summary with Monte Carlo standard
errors; for Strat-O-Matic leagues also skater and goalie projections.  docs/league-projection.md explains every
column and rule.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

import simcore
from simcore import runner
from simcore.checks import is_whole
from simcore.cliargs import counted
from simcore.errors import InputError
from simcore.outputs import check_flag
from simcore.rng import check_seed

from . import kernel as LK
from .files import League, load_league, with_team
from .ranking import (NS, S_GA, S_GF, S_GP, S_L, S_OTL, S_PTS, S_T, S_W, check_playoff_format, league_arrays,
                      name_ranks, tiebreaker_codes)
from .series import default_pattern, parse_pattern
from .standings import _game_table, points_system

PERCENTILES = (5, 25, 50, 75, 95)
#: Team keys of earlier releases' ``league project`` JSON, still written beside the new ones for one release:
#: old -> new (the new names are teams.csv's columns; ``points_pct`` held the percentiles, ``{"5": ...}``, that
#: are the ``points_p5`` .. ``points_p95`` columns, not a points percentage)
RENAMED_KEYS = {"points_pct": "points_p5 .. points_p95", "wins_mean": "W_mean", "losses_mean": "L_mean",
                "otl_mean": "OTL_mean", "ties_mean": "T_mean"}
OUTPUT_FILES = ("teams.csv", "seasons.parquet", "goalies.csv", "players.csv", "games.parquet")
DEFAULT_CHUNK = 256


@dataclass
class Setup:
    """Everything a season kernel needs that does not depend on the engine: the league as arrays, the state the
    played results leave (standings, head-to-head, goalie starts and runs), the remaining schedule."""

    names: list
    pts: np.ndarray
    codes: np.ndarray
    name_rank: np.ndarray
    conf_of: np.ndarray
    div_of: np.ndarray
    n_conf: int
    n_div: int
    conf_divs: np.ndarray
    fmt: int
    n_playoff: int
    home_flags: np.ndarray
    homes: np.ndarray
    aways: np.ndarray
    stats: np.ndarray
    h2h: np.ndarray
    share: np.ndarray
    n_goalies: np.ndarray
    rating: np.ndarray
    starts: np.ndarray
    consec: np.ndarray
    okrun: np.ndarray
    goalies: pd.DataFrame
    #: the remaining games' dates (YYYY-MM-DD), in schedule order
    dates: tuple = ()
    #: (n_teams, MAX_GOALIES) str: each goalie's ``joined`` and ``left`` dates, "" for none (EZR leagues)
    joined: np.ndarray | None = None
    left: np.ndarray | None = None
    #: (n_teams, MAX_GOALIES) float64: each goalie's starts due after the played games, his part of each of his
    #: team's games while he was with it (:meth:`pick`)
    due: np.ndarray | None = None

    def shares_on(self, t: int, date: str) -> np.ndarray:
        """Team ``t``'s parts of the starts on ``date``, by goalie slot: the shares of the goalies with it then
        (``files.with_team``), scaled to add up to what those with it from the season's start add up to, 1 (a
        goalie sent down leaves the others his part); with everyone there, the shares as they are."""
        row = np.where(with_team(self.joined[t], self.left[t], date), self.share[t], 0.0)
        total = row.sum()
        if total <= 0:
            raise InputError(f"{self.names[t]} has no goalie with a share on {date}: every date of its games needs "
                             "one (goalies' joined and left dates)")
        start = np.where(self.joined[t] == "", self.share[t], 0.0).sum()
        return row * ((start or 1.0) / total)

    def pick(self, t: int, date: str, starts, due, consec, okrun, playoff: bool = False, named: int = -1) -> int:
        """Team ``t``'s starting goalie slot for its game of ``date`` (``named``: the one a played result names):
        each goalie with the team then is due his part of the game (:meth:`shares_on`, added to ``due``; not in the
        playoffs), and :func:`.kernel.pick_goalie` picks the one furthest below what he is due, due - starts
        (counting a goalie's part only while he is with the team, so a newcomer starts by his share from his first
        game, and a share is never owed for games before he came)."""
        row = self.shares_on(t, date)
        if not playoff:
            due[t] += row
        if named >= 0:
            return named
        share = self.share.copy()
        share[t] = row
        # team_gp -1: pick_goalie's target share * (team_gp + 1) is 0, so it ranks the goalies by due - starts
        return int(LK.pick_goalie(t, share, self.n_goalies, starts - due, -1, consec, okrun, self.rating, playoff))

    def league_ctx(self) -> tuple:
        """The league's part of a season kernel's ``ctx`` (:data:`.kernel.LCTX`)."""
        return (self.pts, self.homes, self.aways, self.stats, self.h2h, self.codes, self.name_rank, self.conf_of,
                self.div_of, np.int64(self.n_conf), np.int64(self.n_div), self.conf_divs, np.int64(self.fmt),
                np.int64(self.n_playoff), self.home_flags)


def _points_vector(ps) -> np.ndarray:
    return np.array([ps.win, ps.loss, -1 if ps.otl is None else ps.otl, -1 if ps.tie is None else ps.tie],
                    dtype=np.int64)


def setup(lg: League) -> Setup:
    """The league as kernel arrays, with the played results replayed (in date order, file order within a
    date) through the same bookkeeping the kernels use."""
    names = list(lg.teams["team"])
    index = {t: i for i, t in enumerate(names)}
    n_teams = len(names)
    ps = points_system(lg.points)
    pts = _points_vector(ps)
    conf_of, div_of, n_conf, n_div, conf_divs, _, _ = league_arrays(lg.teams)
    n_playoff = int(lg.playoffs["teams"]) if lg.playoffs.get("format", "top") == "top" else 16
    fmt = check_playoff_format(lg.teams, lg.playoffs.get("format", "top"), n_playoff)
    best_of = int(lg.playoffs.get("best_of", 7))
    home_flags = np.array(parse_pattern(lg.playoffs.get("pattern") or default_pattern(best_of), best_of),
                          dtype=np.int64)

    gdf = lg.goalies.copy()
    share = np.zeros((n_teams, LK.MAX_GOALIES))
    rating = np.full((n_teams, LK.MAX_GOALIES), LK.NO_FATIGUE, dtype=np.int64)
    n_goalies = np.zeros(n_teams, dtype=np.int64)
    slot_of = {}
    joined = np.full((n_teams, LK.MAX_GOALIES), "", dtype=object)
    left = np.full((n_teams, LK.MAX_GOALIES), "", dtype=object)
    for r in gdf.itertuples():
        t, g = index[r.team], int(r.slot)
        share[t, g] = float(r.share)
        joined[t, g], left[t, g] = (v if isinstance(v, str) else "" for v in (getattr(r, "joined", ""),
                                                                             getattr(r, "left", "")))
        if "fatigue" in gdf.columns:
            rating[t, g] = int(r.fatigue)
        n_goalies[t] = max(n_goalies[t], g + 1)
        slot_of[r.team, r.goalie] = g

    stats = np.zeros((n_teams, NS), dtype=np.int64)
    h2h = np.zeros((n_teams, n_teams, 2), dtype=np.int64)
    starts = np.zeros((n_teams, LK.MAX_GOALIES), dtype=np.int64)
    consec = np.zeros_like(starts)
    okrun = np.zeros_like(starts)
    due = np.zeros(share.shape)
    rem = lg.remaining()
    s = Setup(names, pts, tiebreaker_codes(lg.tiebreakers), name_ranks(names), conf_of, div_of, n_conf, n_div,
              conf_divs, fmt, n_playoff, home_flags, np.array([index[t] for t in rem["home"]], dtype=np.int64),
              np.array([index[t] for t in rem["away"]], dtype=np.int64), stats, h2h, share, n_goalies, rating,
              starts, consec, okrun, gdf, tuple(rem["date"]), joined, left, due)
    res = lg.results
    if len(res):
        g = _game_table(res, set(names), ps)
        g = g.assign(_order=range(len(g))).sort_values(["date", "_order"], kind="stable")
        code = {"home": LK.HOME, "away": LK.AWAY, "tie": LK.TIE}
        dec = {"REG": LK.REG, "OT": LK.OT, "SO": LK.SO}
        played = np.zeros(LK.MAX_GOALIES, np.int64)
        goals = np.zeros(LK.MAX_GOALIES, np.int64)
        for r in g.itertuples():
            h, a = index[r.home], index[r.away]
            picks = []
            for side, t in (("home", h), ("away", a)):
                named = getattr(r, f"{side}_goalie", "") if f"{side}_goalie" in g.columns else ""
                slot = slot_of[names[t], named] if isinstance(named, str) and named else -1
                picks.append(s.pick(t, r.date, starts, due, consec, okrun, named=slot))
            LK.record_game(stats, h2h, pts, h, a, int(r.home_goals), int(r.away_goals), code[r.winner],
                           dec[r.decided_in])
            for t, slot, ga in ((h, picks[0], int(r.away_goals)), (a, picks[1], int(r.home_goals))):
                starts[t, slot] += 1
                played[:] = 0
                goals[:] = 0
                played[slot] = 1
                goals[slot] = ga
                LK.goalie_after_game(t, n_goalies, played, played, goals, consec, okrun)
    return s


@dataclass
class Projection:
    """A projected season.

    ``teams``: one row per team, best projected points first; ``seasons``: one row per simulated season and team
    (whole-season standings, played plus simulated); ``goalies``: per goalie and ``players``: per skater
    (Strat-O-Matic leagues), both over the games still to play (``starts_now`` gives the goalies' starts so
    far); ``games``: the simulated regular-season games of every season when asked for (``keep_games=True``).
    """

    league: League
    n: int
    seed: int
    teams: pd.DataFrame
    seasons: pd.DataFrame
    goalies: pd.DataFrame
    players: pd.DataFrame | None = None
    games: pd.DataFrame | None = None
    meta: dict = field(default_factory=dict)

    def __repr__(self) -> str:
        m = self.meta
        return (f"Projection(league={m.get('league')!r}, game={m.get('game')!r}, n={self.n:,}, seed={self.seed}, "
                f"games_played={m.get('games_played')}, games_left={m.get('games_left')}, teams={len(self.teams)})")

    def _repr_html_(self) -> str:
        """Jupyter's view: the league, n, seed, games played and to play, and the odds table of the report
        (:func:`simcore.sharing.odds_table`)."""
        from simcore.htmlview import fragment
        from simcore.sharing import odds_table

        m = self.meta
        played = self.league.results
        facts = {"league": m.get("league"), "game": m.get("game"),
                 "results through": str(played["date"].astype(str).max()) if len(played) else "no results yet",
                 "games": f"{m.get('games_played')} played, {m.get('games_left')} to play",
                 "seasons simulated": f"{self.n:,}", "seed": self.seed}
        return fragment(f"{m.get('league')}: projection", facts, odds_table(self),
                        f"Odds: share of the {self.n:,} simulated seasons (Monte Carlo standard error at most "
                        f"{0.5 / np.sqrt(self.n):.1%}).")

    def to_json(self) -> dict:
        """The JSON document of ``simcore league project --format json``: per team every column of ``teams.csv``
        under the same name, and the keys of :data:`RENAMED_KEYS` (deprecated) beside them; ``goalies`` and (a
        league that projects skaters: Strat) ``players``, each row of ``goalies.csv`` and ``players.csv``;
        ``deprecated_keys`` maps each old key path to its new one."""
        teams = []
        for row in self.teams.to_dict("records"):
            d = {k: (v.item() if hasattr(v, "item") else v) for k, v in row.items()}
            d["points_pct"] = {str(p): d[f"points_p{p}"] for p in PERCENTILES}
            for old, new in RENAMED_KEYS.items():
                if new in d:
                    d[old] = d[new]
            teams.append(d)
        renamed = {f"teams[].{old}": f"teams[].{new}" for old, new in RENAMED_KEYS.items()}
        doc = {**self.meta, "n": self.n, "seed": self.seed, "teams": teams,
               "goalies": self.goalies.to_dict("records")}
        if self.players is not None:
            doc["players"] = self.players.to_dict("records")
        doc["deprecated_keys"] = {"engine": "game", **renamed}
        return doc

    def format(self) -> str:
        """The projection as a text table, best projected points first."""
        t = self.teams
        third = "OTL" if "OTL_mean" in t.columns else "T"
        tw = max([6, *(len(str(x)) for x in t.team)])          # the longest team name sets the column
        head = (f"{'Team':<{tw}} {'Div':<10} {'Now':>4} {'Left':>4} {'PTS':>6} {'+/-se':>5}  {'5%':>4} {'50%':>4} "
                f"{'95%':>4}  {'W':>5} {'L':>5} {third:>5}  {'Playoff':>7} {'Div':>6} {'1st':>6} {'Title':>6}")
        lines = [head, "-" * len(head)]
        for r in t.itertuples():
            se = "-" if r.points_se != r.points_se else f"{r.points_se:.2f}"        # one season: no spread
            lines.append(
                f"{str(r.team):<{tw}} {str(r.division)[:10]:<10} {int(r.points_now):>4} {int(r.games_left):>4} "
                f"{r.points_mean:>6.1f} {se:>5}  {r.points_p5:>4.0f} {r.points_p50:>4.0f} "
                f"{r.points_p95:>4.0f}  {r.W_mean:>5.1f} {r.L_mean:>5.1f} {getattr(r, third + '_mean'):>5.1f}  "
                f"{r.playoff_odds:>7.1%} {r.division_odds:>6.1%} {r.first_overall_odds:>6.1%} {r.title_odds:>6.1%}")
        m = self.meta
        top = (f"{m['league']}: {counted(m['games_played'], 'game')} played, {m['games_left']} to play; "
               f"{counted(self.n, 'season')} simulated (seed {self.seed}); odds have a Monte Carlo "
               f"standard error of at most {0.5 / np.sqrt(self.n):.1%}")
        return top + "\n\n" + "\n".join(lines) + "\n"


def _engine(lg: League, s: Setup):
    """(run(seed, s0, count, keep_games) -> dict of output arrays, finish(outputs) -> (goalies, players)), from
    the league's game.  The game refuses rules that can end a game tied under a points system without ties; that
    is a ChartError naming the league file and its keys ``points`` and ``rules``."""
    from simcore.games import game

    try:
        return game(lg.game).league.runner(lg, s)
    except ValueError as exc:
        if "can end a game tied" not in str(exc):
            raise
        raise _points_rules_error(lg, str(exc)) from None


def _points_rules_error(lg: League, problem: str):
    """The game's ``problem`` with rules that can end a game tied, as a ChartError naming the league file, its
    ``points`` key (and line) and the ``rules`` it has."""
    from simcore.charts import ChartError

    from .files import key_line

    line = key_line(lg.path, "rules")
    if lg.rules:
        rules = f'the rules set by rules = "{lg.rules}"' + (f", line {line}" if line else "")
    else:
        rules = "the game's rulebook: the file has no rules key"
    return ChartError(lg.path, key_line(lg.path, "points"), "points", lg.points, f"{problem} ({rules})",
                      field="key")


def check_runnable(lg: League) -> None:
    """What :func:`project` checks before it plays a season: the league's set-up (:func:`setup`) and its game's
    season runner built, which refuses rules that can end a game tied under a points system without ties (a
    ChartError naming the league file and its keys ``points`` and ``rules``).  Plays nothing."""
    _engine(lg, setup(lg))


def project(league, n: int = 10_000, seed: int = 0, *, results=None, threads: int | None = None,
            chunk_size: int | None = None, progress: bool | None = None, keep_games: bool = False, executor=None,
            workers: int | None = None) -> Projection:
    """Project ``league`` (a :class:`~simcore.league.files.League` or the path of its ``league.toml``) ``n`` times.

    ``results``: a played-results CSV replacing the one the league file names (path leagues only).
    ``keep_games``: also keep every simulated regular-season game (n x remaining games rows).
    ``executor``/``workers``: where the blocks of seasons run (:mod:`simcore.runner`; default the current
    executor); season s depends only on (seed, s), so the projection is the same on every executor.
    """
    if not is_whole(n) or n <= 0:
        raise InputError(f"n must be a positive whole number of seasons, got {n!r}")
    n = int(n)
    seed = check_seed(seed)
    if chunk_size is not None and (not is_whole(chunk_size) or chunk_size <= 0):
        raise InputError(f"chunk_size must be a positive whole number of seasons, got {chunk_size!r}")
    keep_games = check_flag(keep_games, "keep_games")
    if isinstance(league, League):
        if results is not None:
            raise InputError("results= replaces a league file's results; pass the league's path, not a League")
        lg = league
    else:
        lg = load_league(league, results=results)
    s = setup(lg)
    check_season_memory(lg, s, n, keep_games)
    run, finish = _engine(lg, s)
    useed = np.uint64(seed)

    def fn(s0, count):
        return run(useed, s0, count, keep_games)

    with runner.maybe(executor, workers, threads):
        parts = runner.map_blocks(n, fn, chunk_size=chunk_size, default_chunk=DEFAULT_CHUNK, n_threads=threads,
                                  progress=progress, desc="seasons", seed=seed)
    out = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    seasons = _seasons_frame(lg, s, out["team"], out["stats"])
    teams = _summary(lg, s, seasons, n)
    goalies, players = finish(out)
    games = _games_frame(lg, out["games"]) if keep_games else None
    meta = {"league": lg.name, "game": lg.game, "engine": lg.game, "points": lg.points,
            "tiebreakers": list(lg.tiebreakers),
            "playoffs": dict(lg.playoffs), "games_played": int(len(lg.results)), "games_left": int(len(s.homes)),
            "version": simcore.__version__}
    return Projection(lg, n, seed, teams, seasons, goalies, players, games, meta)


#: Bytes a kept regular-season game takes (its output row and its row of the games table).
BYTES_PER_KEPT_GAME = 120


def check_season_memory(lg: League, s: Setup, n: int, keep_games: bool, available: int | None = None) -> None:
    """ValueError before anything is allocated when ``n`` seasons of ``lg`` would not fit in the available
    memory (:func:`simcore.games.base.available_memory`), giving the limit and the way around it."""
    from simcore.games import game
    from simcore.games.base import available_memory, size_text

    per = len(lg.teams) * game(lg.game).league.bytes_per_team_season
    if keep_games:
        per += len(s.homes) * BYTES_PER_KEPT_GAME
    budget = available_memory() if available is None else available
    if n * per > budget:
        raise InputError(f"{lg.name}: {n:,} seasons keep about {size_text(n * per)} ({per:,} bytes a season), more "
                         f"than the {size_text(budget)} of memory available: at most {budget // per:,} seasons a "
                         "projection; project fewer (odds of several seeds' projections can be averaged)")


def _seasons_frame(lg: League, s: Setup, team_out: np.ndarray, stats: np.ndarray) -> pd.DataFrame:
    n, n_teams = team_out.shape[:2]
    df = pd.DataFrame({
        "season": np.repeat(np.arange(n), n_teams),
        "team": np.tile(np.array(s.names, dtype=object), n),
        "conference": np.tile(lg.teams["conference"].to_numpy(), n),
        "division": np.tile(lg.teams["division"].to_numpy(), n),
        "GP": stats[:, :, S_GP].ravel(),
        "W": stats[:, :, S_W].ravel(), "L": stats[:, :, S_L].ravel(), "OTL": stats[:, :, S_OTL].ravel(),
        "T": stats[:, :, S_T].ravel(), "points": stats[:, :, S_PTS].ravel(),
        "GF": stats[:, :, S_GF].ravel(), "GA": stats[:, :, S_GA].ravel(),
        "rank": team_out[:, :, LK.R_RANK].ravel(), "conference_rank": team_out[:, :, LK.R_CONF].ravel(),
        "division_rank": team_out[:, :, LK.R_DIV].ravel(),
        "made_playoffs": team_out[:, :, LK.R_MADE].ravel().astype(bool),
        "series_won": team_out[:, :, LK.R_SERIES].ravel(),
        "champion": team_out[:, :, LK.R_CHAMP].ravel().astype(bool),
    })
    ps = points_system(lg.points)
    drop = (["OTL"] if ps.otl is None else []) + (["T"] if ps.tie is None else [])
    for c in ("GP", "W", "L", "OTL", "T", "points", "GF", "GA", "rank", "conference_rank", "division_rank",
              "series_won"):
        df[c] = df[c].astype("int64")
    return df.drop(columns=drop)


def odds_se(p, n):
    """Monte Carlo standard error of a proportion estimated from ``n`` independent seasons."""
    return np.sqrt(np.asarray(p) * (1 - np.asarray(p)) / n)


def _summary(lg: League, s: Setup, seasons: pd.DataFrame, n: int) -> pd.DataFrame:
    g = seasons.groupby("team", sort=False)
    out = lg.teams[["team", "conference", "division"]].copy().set_index("team")
    now = pd.Series(s.stats[:, S_PTS], index=s.names)
    left = pd.Series(np.bincount(np.concatenate([s.homes, s.aways]), minlength=len(s.names)), index=s.names)
    out["points_now"] = now
    out["games_left"] = left
    out["points_mean"] = g["points"].mean()
    out["points_sd"] = g["points"].std(ddof=1)      # NaN from one season: a spread needs two
    out["points_se"] = out["points_sd"] / np.sqrt(n)
    for p in PERCENTILES:
        out[f"points_p{p}"] = g["points"].quantile(p / 100)
    for c in ("W", "L", "OTL", "T"):
        if c in seasons.columns:
            out[f"{c}_mean"] = g[c].mean()
    seasons = seasons.assign(division_winner=seasons["division_rank"] == 1, first_overall=seasons["rank"] == 1)
    g = seasons.groupby("team", sort=False)
    for name, col in (("playoff", "made_playoffs"), ("division", "division_winner"),
                      ("first_overall", "first_overall"), ("title", "champion")):
        out[f"{name}_odds"] = g[col].mean()
        out[f"{name}_odds_se"] = odds_se(out[f"{name}_odds"], n)
    out["rank_mean"] = g["rank"].mean()
    return (out.reset_index().sort_values(["points_mean", "title_odds"], ascending=False, kind="stable")
            .reset_index(drop=True))


def _games_frame(lg: League, games: np.ndarray) -> pd.DataFrame:
    from simcore.games import game

    rem = lg.remaining()
    n, m = games.shape[:2]
    winners = np.array(["home", "away", ""], dtype=object)     # a tie has no winner, as in a played-results file
    decided = np.array(["REG", "OT", "SO"], dtype=object)
    # a game still level after overtime or a shootout is a tie: recorded as standings() reads ties
    dec = np.where(games[:, :, LK.GM_WINNER] == LK.TIE, LK.REG, games[:, :, LK.GM_DECIDED])
    df = pd.DataFrame({
        "season": np.repeat(np.arange(n), m),
        "date": np.tile(rem["date"].to_numpy(), n), "home": np.tile(rem["home"].to_numpy(), n),
        "away": np.tile(rem["away"].to_numpy(), n),
        "home_goals": games[:, :, LK.GM_HG].ravel(), "away_goals": games[:, :, LK.GM_AG].ravel(),
        "winner": winners[games[:, :, LK.GM_WINNER].ravel()], "decided_in": decided[dec.ravel()],
    })
    for k, (name, dtype) in enumerate(game(lg.game).league.game_columns):
        df[name] = games[:, :, LK.GM_GAME + k].ravel().astype(dtype)
    return df


def as_of(lg: League, date) -> League:
    """The league as it stood after the games of ``date`` (a ``datetime.date`` or YYYY-MM-DD; the results dated
    later are taken back).  Any other date is an InputError: dates are compared as YYYY-MM-DD text, so
    ``"2026-11-5"`` would silently keep the wrong games."""
    date = _date(date)
    keep = lg.results["date"].astype(str) <= date
    sched = lg.schedule.copy()
    sched["played"] = sched["played"] & (sched["date"].astype(str) <= date)
    return dataclasses.replace(lg, results=lg.results[keep].reset_index(drop=True), schedule=sched)


def _date(value) -> str:
    """``value`` as YYYY-MM-DD: a ``datetime.date`` or such a string (the command line's ``--as-of`` rule)."""
    import argparse

    from simcore.cliargs import date_text

    try:
        return date_text(value)
    except argparse.ArgumentTypeError:
        raise InputError(f"date {value!r} is not a date written YYYY-MM-DD (or a datetime.date)") from None


def default_dates(lg: League, k: int = 5) -> list[str]:
    """``k`` dates spread over the played results: the first and last result dates and quantiles between
    (fewer when the results have fewer dates; ``k`` = 1: the first)."""
    if not is_whole(k) or k < 1:
        raise InputError(f"k must be a whole number of dates (1 or more), got {k!r}")
    dates = sorted(set(lg.results["date"].astype(str)))
    if not dates:
        return []
    picks = [dates[round(q * (len(dates) - 1))] for q in np.linspace(0, 1, k)]
    return list(dict.fromkeys(picks))


def odds_by_date(league, dates, n: int = 2_000, seed: int = 0, *, threads: int | None = None,
                 progress: bool | None = False, executor=None, workers: int | None = None) -> pd.DataFrame:
    """Projections as of successive ``dates`` (results through each date; a date given twice is a ValueError):
    one row per date and team with the games played then and the playoff, division, first-overall and title
    odds and mean points.  ``executor``/``workers``: as :func:`project` takes them (one executor, a cluster
    started once, for every date)."""
    lg = league if isinstance(league, League) else load_league(league)
    if isinstance(dates, str) or not len(dates):
        raise InputError(f"dates must be a list of one or more dates (YYYY-MM-DD), got {dates!r}")
    dates = [_date(d) for d in dates]
    twice = sorted({d for d in dates if dates.count(d) > 1})
    if twice:
        raise InputError(f"dates repeat {', '.join(twice)}; give each date once")
    rows = []
    with runner.maybe(executor, workers, threads):
        for d in dates:
            p = project(as_of(lg, d), n=n, seed=seed, threads=threads, progress=progress)
            t = p.teams[["team", "points_mean", "playoff_odds", "division_odds", "first_overall_odds", "title_odds"]]
            rows.append(t.assign(date=str(d), games_played=p.meta["games_played"]))
    return pd.concat(rows, ignore_index=True)[["date", "games_played", "team", "points_mean", "playoff_odds",
                                              "division_odds", "first_overall_odds", "title_odds"]]


def write(p: Projection, out: Path, force: bool = False) -> list[Path]:
    """Write ``teams.csv``, ``seasons.parquet``, ``goalies.csv`` (and ``players.csv``, ``games.parquet``) into
    ``out``, then ``manifest.json`` listing them (:class:`simcore.outputs.Folder`: each file whole or absent,
    the manifest last); refuses to replace a file that exists unless ``force``, and even then (InputError) a
    folder whose manifest lists a file a projection does not write (another command's output).  Returns the
    paths written."""
    from simcore.outputs import Folder, check_flag

    force = check_flag(force, "force")
    files = {"teams.csv": p.teams, "seasons.parquet": p.seasons, "goalies.csv": p.goalies}
    if p.players is not None:
        files["players.csv"] = p.players
    if p.games is not None:
        files["games.parquet"] = p.games
    written = []
    with Folder(out, files, overwrite=force, hint="choose another folder or remove it",
                replaces=OUTPUT_FILES) as folder:
        for name, df in files.items():
            write_file = folder.csv if name.endswith(".csv") else folder.parquet
            written.append(write_file(name, df))
    return written
