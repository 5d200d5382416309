"""Strat-O-Matic Hockey Basic, public entry points: simulate, play_by_play, play_scripted.

A run is a list of games (home team, away team); :func:`simulate` plays ``n`` games of one matchup or cycles
through every ordered pair of a kit's teams (``league=True``: a round robin; ``n`` a multiple of the number of
pairs gives each pair the same number of games).  Game ``g`` depends only on ``(seed, g)``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

import simcore
from simcore import runner
from simcore.checks import is_whole, run_script
from simcore.errors import InputError
from simcore.results import Results
from simcore.rng import check_seed, script_values

from .compile import Compiled, LineupError, compile_kit
from .kernel.layout import (DEC_L, DEC_OTL, DEC_T, DEC_W, LOG_W, MAX_EVENTS, MAX_ROSTER, NK, NO, NP, NT, TB, TM, K, O,
                            P, T)
from .kit import Kit, load_kit, sample_kit
from .policies import Coach
from .rules import Rules

WINNERS = ("home", "away", "tie")
DECIDED = ("REG", "OT", "SO")
DEFAULT_CHUNK = 1 << 16
PLAYER_PASS = 1 << 13        # games per kernel call: their per-game player counters (5.5 MB) stay in cache

TEAM_COLUMNS = {
    "goals": T.goals, "shots": T.sog, "pp_opportunities": T.ppo, "pp_goals": T.ppg,
    "sh_goals": T.shg, "penalties": T.pen, "pim": T.pim, "faceoffs_won": T.fow,
    "empty_net_goals": T.eng, "fatigue_goals": T.fatg, "goals_p1": T.g1, "goals_p2": T.g2,
    "goals_p3": T.g3, "goals_ot": T.got, "pp_shots": T.sog_pp, "shootout_goals": T.so_goals,
    "penetrations": T.pen_try, "penetrations_won": T.pen_ok, "pulled_goalie": T.pulled,
    # penalties by kind (each also in penalties): action card (4.8), goalie (5.72), retaliation (5.73),
    # intimidation (16.1), Defense column (16.2); delayed penalties (16.13)
    "penalties_action_card": T.pen_card, "penalties_goalie": T.pen_goalie, "penalties_retaliation": T.pen_retal,
    "penalties_intimidation": T.pen_intim, "penalties_defense": T.pen_def, "delayed_penalties": T.delayed,
    # Advanced: intimidation attempts (12), deflection attempts (25), passes chosen over penetration (11)
    "intimidations": T.intim_try, "intimidations_won": T.intim_ok, "deflections": T.defl_try,
    "deflection_goals": T.defl_goals, "passes": T.pass_try, "passes_completed": T.pass_ok,
}
#: Columns summed per team by :func:`team_table` beyond its record and rates.
TEAM_SUMS = ("penalties_action_card", "penalties_goalie", "penalties_retaliation", "penalties_intimidation",
             "penalties_defense", "delayed_penalties", "intimidations", "intimidations_won", "deflections",
             "deflection_goals", "passes", "passes_completed", "penetrations", "penetrations_won")
PLAYER_COLUMNS = {"goals": P.g, "assists": P.a, "shots": P.sog, "pim": P.pim, "pp_goals": P.ppg,
                  "sh_goals": P.shg, "intimidations": P.intim_try, "intimidations_won": P.intim_ok,
                  "deflections": P.defl_try, "deflection_goals": P.defl_g, "passes": P.pass_try,
                  "passes_completed": P.pass_ok, "penalties_action_card": P.pen_card,
                  "penalties_retaliation": P.pen_retal, "penalties_intimidation": P.pen_intim,
                  "penalties_defense": P.pen_def, "delayed_penalties": P.delayed}
GOALIE_COLUMNS = {"games": K.gp, "starts": K.start, "shots_against": K.sa, "goals_against": K.ga,
                  "fatigued_start": K.fat_start, "shelled": K.shelled, "shots_against_fatigued": K.sa_fat,
                  "goals_against_fatigued": K.ga_fat, "fatigue_goals_against": K.fatg,
                  "shootout_shots": K.so_sa, "shootout_goals_against": K.so_ga, "penalties": K.pen, "pim": K.pim}
DECISIONS = {DEC_W: "W", DEC_L: "L", DEC_OTL: "OTL", DEC_T: "T"}


def _kit(kit) -> Kit:
    if kit is None or kit == "sample":
        return sample_kit()
    if isinstance(kit, Kit):
        return kit
    return load_kit(kit)


_COMPILED: dict = {}


def compiled(kit=None, rules=None) -> Compiled:
    """The kit compiled for ``rules`` (cached per kit object and rules)."""
    kit, rules = _kit(kit), Rules.coerce(rules)
    key = (id(kit), rules)
    hit = _COMPILED.get(key)
    if hit is None or hit[0] is not kit:
        if len(_COMPILED) > 32:
            _COMPILED.clear()
        hit = _COMPILED[key] = (kit, compile_kit(kit, rules))
    return hit[1]


def _coaches(coaches) -> np.ndarray:
    if coaches is None or isinstance(coaches, (str, Coach)):
        coaches = (coaches, coaches)
    if not isinstance(coaches, (tuple, list)) or len(coaches) != 2:
        raise InputError(f"coaches must be one coach for both teams or a (home, away) pair, got {coaches!r}")
    pair = [Coach.parse(c) for c in coaches]
    return np.stack([c.numeric() for c in pair]), pair


def _side_flags(name: str, value, n: int, what: str) -> np.ndarray:
    """``value`` (None: zeros) as ``int64[n, 2]`` in C order (the kernel reads a game's row through a pointer),
    each entry ``what``: 0 or 1 by game and side; anything else is an InputError naming the game and side."""
    if value is None:
        return np.zeros((n, 2), np.int64)
    a = np.asarray(value)
    if a.dtype.kind not in "biu" or a.size != 2 * n:
        raise InputError(f"{name} must be {n} game(s) x (home, away) whole numbers, each {what}; got {value!r}")
    a = np.ascontiguousarray(a.astype(np.int64).reshape(n, 2))
    if ((a < 0) | (a > 1)).any():
        g, side = np.argwhere((a < 0) | (a > 1))[0]
        raise InputError(f"{name} are {what}; game {g}, {('home', 'away')[side]}: {a[g, side]}")
    return a


def round_robin_pairs(c: Compiled) -> list[tuple[int, int]]:
    """Every ordered pair of the kit's teams (rows), home first: the league round robin's pairings, in turn.  A
    kit of fewer than two teams has none: an InputError."""
    k = len(c.teams)
    if k < 2:
        raise InputError(f"the league round robin needs two teams or more; the kit has {k} "
                         f"({', '.join(c.teams) or 'none'})")
    return [(i, j) for i in range(k) for j in range(k) if i != j]


def schedule(c: Compiled, home=None, away=None, n: int = 1, league: bool = False):
    """(homes, aways) team rows for ``n`` games: one matchup, or every ordered pair in turn (game ``g`` of a run
    plays pair ``g`` modulo the number of pairs, counted from the run's first game: :func:`runner.first_game_index`,
    so a block played on its own, as :mod:`simcore.dataset` does, gets the pairings of the whole run)."""
    if league:
        pairs = round_robin_pairs(c)
        idx = (runner.first_game_index() + np.arange(n)) % len(pairs)
        arr = np.array(pairs, dtype=np.int64)
        return arr[idx, 0].copy(), arr[idx, 1].copy()
    if home is None or away is None:
        raise InputError("name a home and an away team, or ask for the league round robin")
    h, a = c.team_index(home), c.team_index(away)
    if h == a:
        raise LineupError(f"a team cannot play itself ({home})")
    return np.full(n, h, np.int64), np.full(n, a, np.int64)


def simulate(home=None, away=None, n: int = 10_000, seed: int = 0, rules: Rules | str | None = None, *,
             kit=None, league: bool = False, coaches=None, goalie_slots=None, fatigued=None,
             threads: int | None = None, chunk_size: int | None = None, progress: bool | None = None) -> Results:
    """Simulate ``n`` Basic games.

    ``home``/``away``: team abbreviations of the kit (default: the shipped synthetic kit); or ``league=True``
    for the round robin of all its teams.  ``coaches``: a :class:`Coach` (or ``"penetrate=always,..."``) for
    both teams or a (home, away) pair.  ``goalie_slots`` (n, 2) picks each side's starting goalie (0 the
    lines file's starter, 1 the backup; default 0); ``fatigued`` (n, 2) marks a starter fatigued before the
    game (24.4: more consecutive starts than his rating), an input a league schedule drives.
    Tables: ``games``, ``team_games``, ``teams``, ``players``, ``goalies``, ``goalie_games``; ``summary()``.
    """
    if not is_whole(n) or n <= 0:
        raise InputError(f"n must be a positive whole number of games, got {n!r}")
    n = int(n)
    seed = check_seed(seed)
    rules = Rules.coerce(rules)
    c = compiled(kit, rules)
    homes, aways = schedule(c, home, away, n, league)
    pol, pair = _coaches(coaches)
    gsl = _side_flags("goalie_slots", goalie_slots, n, "0 (starter) or 1 (backup)")
    gft = _side_flags("fatigued", fatigued, n, "0 or 1 (fatigued before the game)")
    OG = np.zeros((n, NO), np.int32)
    OT_ = np.zeros((n, 2, NT), np.int16)
    OK = np.zeros((n, 2, 2, NK), np.int16)
    nteams = len(c.teams)
    players = np.zeros((nteams, MAX_ROSTER, NP), np.int64)
    useed = np.uint64(seed)
    from .kernel import drivers          # the jitted kernel, defined on first use

    def play(g0, count, inputs, rows, totals):
        hs, as_, gs, gf = inputs
        og, ot, ok = rows
        # the per-game player counters are only summed per team: one buffer, a pass at a time
        op = np.zeros((min(count, PLAYER_PASS), 2, MAX_ROSTER, NP), np.int16)
        for p0 in range(0, count, PLAYER_PASS):
            m = min(PLAYER_PASS, count - p0)
            sl = slice(p0, p0 + m)
            drivers.simulate_games((c.D, pol, hs[sl], as_[sl], gs[sl], gf[sl]), useed, g0 + p0, m,
                                   (og[sl], ot[sl], op[:m], ok[sl]))
            drivers.add_players(op[:m], hs[sl], as_[sl], totals[0])

    runner.run_games(n, play, inputs=(homes, aways, gsl, gft), rows=(OG, OT_, OK), totals=(players,),
                     chunk_size=chunk_size, default_chunk=DEFAULT_CHUNK, n_threads=threads, progress=progress,
                     seed=seed)
    meta = {"game": "strat", "variant": rules.id, "seed": seed, "n": n, "mode": "games",
            "version": simcore.__version__, "kit": _kit(kit).name, "league": bool(league),
            "home": None if league else home, "away": None if league else away,
            "coaches": [p.id for p in pair]}
    arrays = {"OG": OG, "OT": OT_, "OK": OK, "homes": homes, "aways": aways, "players": players}
    res = Results(meta, arrays, summarizer=_summary)
    res.builders["games"] = lambda: _games_table(res, c)
    res.builders["team_games"] = lambda: _team_games(res, c)
    res.builders["teams"] = lambda: team_table(res.table("team_games"), res.table("games"))
    res.builders["players"] = lambda: _players_table(res, c)
    res.builders["goalie_games"] = lambda: _goalie_games(res, c)
    res.builders["goalies"] = lambda: goalie_table(res.table("goalie_games"))
    res.compiled = c
    return res


# ---------------------------------------------------------------- tables

def _games_table(res: Results, c: Compiled) -> pd.DataFrame:
    a = res.aggregates
    OG, OT_ = a["OG"], a["OT"]
    n = res.n
    cats = list(c.teams)
    df = pd.DataFrame({
        "game": pd.Categorical(["strat"]).repeat(n),
        "variant": pd.Categorical([res.variant]).repeat(n),
        "seed": np.full(n, res.seed, dtype=np.uint64),
        "game_id": np.arange(n, dtype=np.int64),
        "home": pd.Categorical.from_codes(a["homes"], categories=cats),
        "away": pd.Categorical.from_codes(a["aways"], categories=cats),
        "home_goals": OG[:, O.home].astype(np.int16),
        "away_goals": OG[:, O.away].astype(np.int16),
        "winner": pd.Categorical.from_codes(OG[:, O.winner].astype(np.int64), categories=list(WINNERS)),
        "decided_in": pd.Categorical.from_codes(OG[:, O.decided].astype(np.int64), categories=list(DECIDED)),
    })
    for k, v in counter_columns(OG, OT_).items():
        df[k] = v
    return df


def counter_columns(OG: np.ndarray, OT_: np.ndarray) -> dict[str, np.ndarray]:
    """The games table's columns after the common ones, from the game counters ``OG`` (games, NO) and the team
    counters ``OT_`` (games, 2, NT): shots, power plays and power-play goals by side, the shootout goals and the
    action cards drawn (int16)."""
    out = {}
    for side, pre in ((0, "home"), (1, "away")):
        out[f"{pre}_shots"] = OT_[:, side, T.sog]
        out[f"{pre}_pp_opportunities"] = OT_[:, side, T.ppo]
        out[f"{pre}_pp_goals"] = OT_[:, side, T.ppg]
    out["shootout_home"] = OG[:, O.so_home].astype(np.int16)
    out["shootout_away"] = OG[:, O.so_away].astype(np.int16)
    out["action_cards"] = OG[:, O.cards].astype(np.int16)
    return out


def _team_games(res: Results, c: Compiled) -> pd.DataFrame:
    """One row per team and game: the team's counters and its opponent's goals and shots."""
    a = res.aggregates
    OT_ = a["OT"]
    n = res.n
    g = res.table("games")
    cats = list(c.teams)
    parts = []
    for side, pre in ((0, "home"), (1, "away")):
        other = 1 - side
        d = {"game_id": np.arange(n), "team": pd.Categorical.from_codes(a["homes" if side == 0 else "aways"], cats),
             "opponent": pd.Categorical.from_codes(a["aways" if side == 0 else "homes"], cats),
             "is_home": np.full(n, side == 0)}
        for name, k in TEAM_COLUMNS.items():
            d[name] = OT_[:, side, k].astype(np.int16)
        d["goals_against"] = OT_[:, other, T.goals].astype(np.int16)
        d["shots_against"] = OT_[:, other, T.sog].astype(np.int16)
        d["times_short_handed"] = OT_[:, other, T.ppo].astype(np.int16)
        d["pp_goals_against"] = OT_[:, other, T.ppg].astype(np.int16)
        d["empty_net_goals_against"] = OT_[:, other, T.eng].astype(np.int16)
        # shots and goals against the team's goalies (empty-net shots and goals are against no goalie)
        d["goalie_shots_against"] = a["OK"][:, side, :, K.sa].sum(axis=1).astype(np.int16)
        d["goalie_goals_against"] = a["OK"][:, side, :, K.ga].sum(axis=1).astype(np.int16)
        w = g["winner"].cat.codes.to_numpy()
        dec = g["decided_in"].cat.codes.to_numpy()
        won = w == side
        lost = w == other
        d["result"] = pd.Categorical(np.where(won, "W", np.where(lost & (dec == 0), "L",
                                                                  np.where(lost, "OTL", "T"))),
                                     categories=["W", "L", "OTL", "T"])
        parts.append(pd.DataFrame(d))
    return pd.concat(parts, ignore_index=True).sort_values(["game_id", "is_home"], ascending=[True, False],
                                                           ignore_index=True)


#: Columns of the ``teams`` table renamed so that a per-team figure reads ``*_per_team_game`` as the metrics do
#: (the metric ``shots_per_game`` is both teams' shots in a game): old -> new.  The old columns are kept, last,
#: for one release.
TEAM_COLUMNS_RENAMED = {"goals_per_game": "goals_per_team_game",
                        "goals_against_per_game": "goals_against_per_team_game",
                        "shots_per_game": "shots_per_team_game"}


def team_table(team_games: pd.DataFrame, games: pd.DataFrame | None = None) -> pd.DataFrame:
    """Per-team totals and rates from a ``team_games`` table: record, goals, shots, PP% (power-play goals over
    opportunities), PK% (1 - power-play goals against over times short-handed), save % (saves over shots on the
    team's goalies: empty-net shots and goals excluded, as in the league summary and the goalie table)."""
    tg = team_games
    agg = tg.groupby("team", observed=True).agg(
        games=("game_id", "size"), wins=("result", lambda r: (r == "W").sum()),
        losses=("result", lambda r: (r == "L").sum()), ot_losses=("result", lambda r: (r == "OTL").sum()),
        ties=("result", lambda r: (r == "T").sum()),
        goals=("goals", "sum"), goals_against=("goals_against", "sum"), shots=("shots", "sum"),
        shots_against=("shots_against", "sum"), pp_opportunities=("pp_opportunities", "sum"),
        pp_goals=("pp_goals", "sum"), times_short_handed=("times_short_handed", "sum"),
        pp_goals_against=("pp_goals_against", "sum"), sh_goals=("sh_goals", "sum"), pim=("pim", "sum"),
        penalties=("penalties", "sum"), faceoffs_won=("faceoffs_won", "sum"),
        empty_net_goals=("empty_net_goals", "sum"), fatigue_goals=("fatigue_goals", "sum"),
        goalie_shots_against=("goalie_shots_against", "sum"), goalie_goals_against=("goalie_goals_against", "sum"),
        **{col: (col, "sum") for col in TEAM_SUMS if col in tg.columns})
    agg["points"] = 2 * agg["wins"] + agg["ot_losses"] + agg["ties"]
    agg["goals_per_team_game"] = agg["goals"] / agg["games"]
    agg["goals_against_per_team_game"] = agg["goals_against"] / agg["games"]
    agg["shots_per_team_game"] = agg["shots"] / agg["games"]
    agg["pp_pct"] = agg["pp_goals"] / agg["pp_opportunities"].where(agg["pp_opportunities"] > 0)
    agg["pk_pct"] = 1 - agg["pp_goals_against"] / agg["times_short_handed"].where(agg["times_short_handed"] > 0)
    sa = agg["goalie_shots_against"]
    agg["save_pct"] = 1 - agg["goalie_goals_against"] / sa.where(sa > 0)
    for old, new in TEAM_COLUMNS_RENAMED.items():          # the names of earlier releases, for one release
        agg[old] = agg[new]
    return agg.reset_index().sort_values("points", ascending=False, ignore_index=True)


def _players_table(res: Results, c: Compiled) -> pd.DataFrame:
    a = res.aggregates
    P = a["players"]
    gp = np.bincount(a["homes"], minlength=len(c.teams)) + np.bincount(a["aways"], minlength=len(c.teams))
    rows = []
    for ti, team in enumerate(c.teams):
        for slot, name in enumerate(c.roster[ti]):
            r = {"team": team, "player": name, "pos": c.skater_pos[c.tables[TB.tm][ti, TM.roster + slot]],
                 "games": int(gp[ti])}
            for col, k in PLAYER_COLUMNS.items():
                r[col] = int(P[ti, slot, k])
            rows.append(r)
    df = pd.DataFrame(rows)
    df["points"] = df["goals"] + df["assists"]
    return df.sort_values(["points", "goals"], ascending=False, ignore_index=True)


def _goalie_games(res: Results, c: Compiled) -> pd.DataFrame:
    """One row per goalie who played in a game: his counters and decision."""
    a = res.aggregates
    OK = a["OK"]
    parts = []
    for side in (0, 1):
        teams = a["homes"] if side == 0 else a["aways"]
        opp = a["aways"] if side == 0 else a["homes"]
        for gs in (0, 1):
            played = OK[:, side, gs, K.gp] > 0
            if not played.any():
                continue
            idx = np.nonzero(played)[0]
            d = {"game_id": idx, "team": pd.Categorical.from_codes(teams[idx], list(c.teams)),
                 "opponent": pd.Categorical.from_codes(opp[idx], list(c.teams)), "is_home": side == 0,
                 "goalie": [c.team_goalies[t][gs] for t in teams[idx]]}
            for name, k in GOALIE_COLUMNS.items():
                d[name] = OK[idx, side, gs, k].astype(np.int16)
            dec = OK[idx, side, gs, K.dec]
            d["decision"] = pd.Categorical([DECISIONS.get(int(x), "") for x in dec],
                                           categories=["W", "L", "OTL", "T", ""])
            parts.append(pd.DataFrame(d))
    return pd.concat(parts, ignore_index=True).sort_values(["game_id", "is_home"], ascending=[True, False],
                                                           ignore_index=True)


def goalie_table(goalie_games: pd.DataFrame) -> pd.DataFrame:
    """Per-goalie totals: GP, GS, W-L-OTL, SA, GA, SV%, shelled games, fatigued starts, the fatigue rule's goals
    (24.2), and his own penalties and minutes (5.72)."""
    gg = goalie_games
    agg = gg.groupby(["team", "goalie"], observed=True).agg(
        games=("games", "sum"), starts=("starts", "sum"),
        wins=("decision", lambda d: (d == "W").sum()), losses=("decision", lambda d: (d == "L").sum()),
        ot_losses=("decision", lambda d: (d == "OTL").sum()),
        shots_against=("shots_against", "sum"), goals_against=("goals_against", "sum"),
        shelled=("shelled", "sum"), fatigued_starts=("fatigued_start", "sum"),
        fatigue_goals_against=("fatigue_goals_against", "sum"), penalties=("penalties", "sum"), pim=("pim", "sum"))
    agg["save_pct"] = 1 - agg["goals_against"] / agg["shots_against"].where(agg["shots_against"] > 0)
    agg["goals_against_per_game"] = agg["goals_against"] / agg["games"].where(agg["games"] > 0)
    return agg.reset_index()


# ---------------------------------------------------------------- summary

def _summary(res: Results) -> pd.DataFrame:
    from .analysis import league_summary
    return league_summary(res)


# ---------------------------------------------------------------- play-by-play and scripted games

@dataclass
class GameLog:
    """One game played with its log: ``events`` (DataFrame, one row per step, with a ``text`` column a Strat
    player can follow card by card), the final score, and the per-team, per-player and goalie counters."""

    events: pd.DataFrame
    home: str
    away: str
    home_goals: int
    away_goals: int
    winner: str
    decided_in: str
    team: np.ndarray
    players: np.ndarray
    goalies: np.ndarray
    counters: np.ndarray            # the game counters (NO,): what the games table's row reads besides ``team``

    def text(self) -> str:
        return "\n".join(self.events["text"])

    def counter_columns(self) -> dict:
        """The game's values of the games table's columns after the common ones (:func:`counter_columns`)."""
        return {k: v[0].item() for k, v in counter_columns(self.counters[None], self.team[None]).items()}


def _play_logged(c: Compiled, home, away, seed, game, coaches, scripted, sact, ssplit, sdice, goalie_slots=(0, 0),
                 fatigued=(0, 0), injured_out=((), ())) -> GameLog:
    from .kernel import drivers

    pol, _ = _coaches(coaches)
    h, a = c.team_index(home), c.team_index(away)
    if h == a:
        raise LineupError(f"a team cannot play itself ({home})")
    if isinstance(injured_out, str) or len(injured_out) != 2 or \
            any(isinstance(side, str) for side in injured_out):
        raise InputError(f"injured_out must be a (home, away) pair of lists of skater names, got {injured_out!r}")
    OG = np.zeros(NO, np.int32)
    OT_ = np.zeros((2, NT), np.int16)
    OP = np.zeros((2, MAX_ROSTER, NP), np.int16)
    OK = np.zeros((2, 2, NK), np.int16)
    L = np.zeros((MAX_EVENTS, LOG_W), np.int64)
    out = np.zeros((2, MAX_ROSTER), np.int64)
    for side, (t, names) in enumerate(zip((h, a), injured_out)):
        roster = list(c.roster[t])
        for name in names:
            if name not in roster:
                raise LineupError(f"{name!r} is not a skater of {c.teams[t]}")
            out[side, roster.index(name)] = 1
    gsl = _side_flags("goalie_slots", goalie_slots, 1, "0 (starter) or 1 (backup)")[0]
    gft = _side_flags("fatigued", fatigued, 1, "0 or 1 (fatigued before the game)")[0]
    nlog = drivers.play_logged(c.D, pol, np.uint64(seed), int(game), h, a, gsl, gft, out, int(scripted), sact,
                               ssplit, sdice, OG, OT_, OP, OK, L)
    from .pbp import describe
    events = describe(c, L[:nlog], (h, a))
    return GameLog(events, home, away, int(OG[O.home]), int(OG[O.away]), WINNERS[OG[O.winner]],
                   DECIDED[OG[O.decided]], OT_, OP, OK, OG)


def play_by_play(home, away, seed: int = 0, game: int = 0, rules=None, *, kit=None, coaches=None) -> GameLog:
    """Game ``game`` of the run with ``seed`` (the same game :func:`simulate` plays as game ``game`` of that
    matchup), with its play-by-play."""
    c = compiled(kit, rules)
    e = np.zeros(0, np.int64)
    return _play_logged(c, home, away, check_seed(seed), game, coaches, 0, e, e, e)


def play_scripted(home, away, actions, splits, dice, rules=None, *, kit=None, coaches=None,
                  goalie_slots=(0, 0), fatigued=(0, 0), injured_out=((), ())) -> GameLog:
    """Replay a game with set cards and dice.

    ``actions``: per period, the action cards in order (card names of the action deck file, ``"F"`` / ``"D"``
    for a forward / defense line-change card); a period ends when its list runs out, and periods not given are
    empty.  ``splits``: split cards in the order drawn (card names, or row numbers 0-39).  ``dice``: 2d6 totals
    and single dice in the order rolled.  Running out of scripted cards or dice mid-play is an error.
    ``injured_out``: (home, away) lists of skater names still out injured from earlier games (15).
    """
    c = compiled(kit, rules)
    act_ids = {name: i for i, name in enumerate(c.action_cards)}
    split_ids = {name: i for i, name in enumerate(c.split_cards)}
    sact = []
    for period in actions:
        for a in period:
            if a in ("F", "D"):
                sact.append(-1 if a == "F" else -2)
            elif a in act_ids:
                sact.append(act_ids[a])
            else:
                raise InputError(f"unknown action card {a!r}")
        sact.append(-9)
    ss = []
    for s in splits:
        if is_whole(s) and 0 <= s < len(split_ids):
            ss.append(int(s))
        elif s in split_ids:
            ss.append(split_ids[s])
        else:
            raise InputError(f"unknown split card {s!r}")
    sact, ss = np.array(sact, np.int64), np.array(ss, np.int64)
    return run_script(lambda d: _play_logged(c, home, away, 0, 0, coaches, 1, sact, ss, d, goalie_slots, fatigued,
                                             injured_out), script_values(dice, "dice"), "dice")
