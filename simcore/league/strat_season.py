"""Strat-O-Matic season kernel: the rest of a season, then the playoffs, card by card on the Basic engine (numba).

Season ``s`` of a projection with seed ``seed`` plays every game on one stream seeded by ``(seed, s)``
(:mod:`simcore.rng`) in schedule order, then the playoffs round by round.  What carries from game to game:

* goalies (24.4): each goalie's run of consecutive games and whether every game of it was a complete game with
  at most 4 goals against (the hot goalie, 24.41); :func:`.kernel.pick_goalie` chooses the starters and
  :func:`.kernel.fatigued_start` says who starts fatigued (24.42 a team's only goalie, 24.43 playoffs);
* injuries (15): a skater hurt for N games misses his team's next N games and is replaced before the opening
  faceoff as an in-game injury is (15.1).

Playoff games run on the playoff deck buffer ``DP`` (the league's rules with the shootout on), so no playoff
game ends tied (docs/league.md).
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.atomics import fetch_add
from simcore.games.strat.kernel import game as SG
from simcore.games.strat.kernel import layout as SL
from simcore.games.strat.kernel import tables as ST
from simcore.nbarrays import stack_empty
from simcore.rng import STATE_SIZE, seed_stream

from . import kernel as LK
from .ranking import S_GP

# per-season goalie outputs
GO_STARTS, GO_GP, GO_WINS, GO_SA, GO_GA, GO_FATIGUED, GO_SHELLED, GO_FAT_START = range(8)
NGO = 8
# per-season skater outputs
PO_G, PO_A, PO_GP, PO_OUT = range(4)
NPO = 4
# per-game outputs (regular season, simulated games)
GM_HG, GM_AG, GM_WINNER, GM_DECIDED, GM_GH, GM_GA, GM_FH, GM_FA = range(8)
NGM = 8


@nb.njit(cache=True, inline="always")
def _game(D, pol, h, a, share, n_goalies, rating, starts, consec, okrun, inj, stats, playoff, gslot, gfat, out,
          Z, RS, OG, OT_, OP, OK, L):
    """One game of team ``h`` at home to team ``a`` (league team indices = rows of the compiled kit): pick and
    fatigue the goalies, dress the healthy skaters, play, then carry the goalies' runs and the injuries on."""
    for side in range(2):
        t = h if side == 0 else a
        g = LK.pick_goalie(t, share, n_goalies, starts, stats[t, S_GP], consec, okrun, rating, playoff)
        gslot[side] = g
        gfat[side] = LK.fatigued_start(consec[t, g], okrun[t, g], rating[t, g], LK.only_goalie(t, share, n_goalies),
                                       playoff)
        for j in range(SL.MAX_ROSTER):
            out[side, j] = inj[t, j] > 0
    SG.play_game(D, pol, h, a, gslot, gfat, out, Z, RS, OG, OT_, OP, OK, L)
    played = stack_empty(2, np.int64)
    complete = stack_empty(2, np.int64)
    gag = stack_empty(2, np.int64)
    for side in range(2):
        t = h if side == 0 else a
        for k in range(2):
            played[k] = OK[side, k, SL.K.gp] > 0
            complete[k] = OK[side, k, SL.K.start] > 0 and OK[side, 1 - k, SL.K.gp] == 0
            gag[k] = OK[side, k, SL.K.ga]
        LK.goalie_after_game(t, n_goalies, played, complete, gag, consec, okrun)
        starts[t, gslot[side]] += 1
        for j in range(SL.MAX_ROSTER):
            if out[side, j]:
                inj[t, j] -= 1
            elif OP[side, j, SL.P.inj] > 0:
                inj[t, j] = OP[side, j, SL.P.inj] - 1


@nb.njit(cache=True)
def _season(s, seed, D, DP, pol, share, n_goalies, rating, pts, homes, aways, base_stats, base_h2h, base_starts,
            base_consec, base_okrun, base_inj, codes, name_rank, conf_of, div_of, n_conf, n_div, conf_divs, fmt,
            n_playoff, home_flags, out_team, out_stats, out_goalie, out_player, out_games):
    """Season ``s``: the remaining regular-season games (``homes``/``aways`` team indices), the standings and
    the playoffs.  Writes out_team (n_teams, kernel.NR), out_stats (n_teams, NS), out_goalie (n_teams, 2, NGO)
    and out_player (n_teams, MAX_ROSTER, NPO) for the regular season, and out_games (n_games, NGM) when it has
    rows."""
    Z = np.zeros(SL.NZ, np.int64)
    st = stack_empty(STATE_SIZE, np.uint64)
    seed_stream(st, seed, s)
    cur = np.zeros(3, np.int64)
    empty = np.zeros(0, np.int64)
    sdeck = np.zeros(40, np.int64)
    L = np.zeros((0, SL.LOG_W), np.int64)
    # the dtypes of simulate_games' outputs, so the engine's compiled play_game is reused
    OG = np.zeros(SL.NO, np.int32)
    OT_ = np.zeros((2, SL.NT), np.int16)
    OP = np.zeros((2, SL.MAX_ROSTER, SL.NP), np.int16)
    OK = np.zeros((2, 2, SL.NK), np.int16)
    gslot = np.zeros(2, np.int64)
    gfat = np.zeros(2, np.int64)
    out = np.zeros((2, SL.MAX_ROSTER), np.int64)
    RS = (st, cur, empty, empty, empty, sdeck)
    stats = base_stats.copy()
    h2h = base_h2h.copy()
    starts = base_starts.copy()
    consec = base_consec.copy()
    okrun = base_okrun.copy()
    inj = base_inj.copy()
    keep_games = out_games.shape[0] > 0
    for i in range(homes.shape[0]):
        h = homes[i]
        a = aways[i]
        _game(D, pol, h, a, share, n_goalies, rating, starts, consec, okrun, inj, stats, False, gslot, gfat, out,
              Z, RS, OG, OT_, OP, OK, L)
        hg = OG[SL.O.home]
        ag = OG[SL.O.away]
        w = OG[SL.O.winner]
        d = OG[SL.O.decided]
        LK.record_game(stats, h2h, pts, h, a, hg, ag, w, d)
        for side in range(2):
            t = h if side == 0 else a
            for k in range(2):
                if OK[side, k, SL.K.gp] == 0:
                    continue
                out_goalie[t, k, GO_GP] += 1
                out_goalie[t, k, GO_STARTS] += OK[side, k, SL.K.start]
                out_goalie[t, k, GO_WINS] += OK[side, k, SL.K.dec] == SL.DEC_W
                out_goalie[t, k, GO_SA] += OK[side, k, SL.K.sa]
                out_goalie[t, k, GO_GA] += OK[side, k, SL.K.ga]
                out_goalie[t, k, GO_FATIGUED] += OK[side, k, SL.K.fat_start] > 0 or OK[side, k, SL.K.shelled] > 0
                out_goalie[t, k, GO_SHELLED] += OK[side, k, SL.K.shelled] > 0
                out_goalie[t, k, GO_FAT_START] += OK[side, k, SL.K.fat_start] > 0
            for j in range(ST.tm(D, t, SL.TM.nroster)):
                if out[side, j]:
                    out_player[t, j, PO_OUT] += 1
                    continue
                out_player[t, j, PO_G] += OP[side, j, SL.P.g]
                out_player[t, j, PO_A] += OP[side, j, SL.P.a]
                # games played: dressed in a unit at the end of the game, or hurt during it
                q = ST.tm(D, t, SL.TM.roster + j)
                dressed = OP[side, j, SL.P.inj] > 0
                for k in range(SL.LINES_W - 2):
                    if Z[SL.ZL.lines + side * SL.LINES_W + k] == q:
                        dressed = True
                out_player[t, j, PO_GP] += dressed
        if keep_games:
            out_games[i, GM_HG] = hg
            out_games[i, GM_AG] = ag
            out_games[i, GM_WINNER] = w
            out_games[i, GM_DECIDED] = d
            out_games[i, GM_GH] = gslot[0]
            out_games[i, GM_GA] = gslot[1]
            out_games[i, GM_FH] = gfat[0]
            out_games[i, GM_FA] = gfat[1]
    slots, pos, ps = LK.end_of_season(stats, h2h, pts, codes, name_rank, conf_of, div_of, n_conf, n_div, conf_divs,
                                      fmt, n_playoff, out_stats, out_team)
    while True:
        home, away = LK.playoff_next(ps, slots, pos, home_flags, out_team)
        if home < 0:
            break
        _game(DP, pol, home, away, share, n_goalies, rating, starts, consec, okrun, inj, stats, True, gslot, gfat,
              out, Z, RS, OG, OT_, OP, OK, L)
        LK.playoff_record(ps, home, OG[SL.O.winner] == SL.WIN_HOME)


@nb.njit(cache=True, parallel=True)
def simulate_seasons(seed, s0, D, DP, pol, share, n_goalies, rating, pts, homes, aways, base_stats, base_h2h,
                     base_starts, base_consec, base_okrun, base_inj, codes, name_rank, conf_of, div_of, n_conf,
                     n_div, conf_divs, fmt, n_playoff, home_flags, out_team, out_stats, out_goalie, out_player,
                     out_games):
    """Seasons s0 .. s0+n-1 (n = out_team.shape[0]) in parallel, each to the next free thread
    (:mod:`simcore.atomics`).  Outputs by season (first dimension n):
    out_team int16 (n, n_teams, NR), out_stats int32 (n, n_teams, NS), out_goalie int32 (n, n_teams, 2, NGO),
    out_player int32 (n, n_teams, MAX_ROSTER, NPO), all zeroed by the caller; out_games int16 (n, n_games, NGM)
    or (n, 0, NGM) to skip."""
    n = out_team.shape[0]
    nxt = np.zeros(1, np.int64)         # the next unplayed season, claimed by whichever thread is free
    for _ in nb.prange(n):
        i = fetch_add(nxt, 1)
        while i < n:
            _season(s0 + i, seed, D, DP, pol, share, n_goalies, rating, pts, homes, aways, base_stats, base_h2h,
                    base_starts, base_consec, base_okrun, base_inj, codes, name_rank, conf_of, div_of, n_conf, n_div,
                    conf_divs, fmt, n_playoff, home_flags, out_team[i], out_stats[i], out_goalie[i], out_player[i],
                    out_games[i])
            i = fetch_add(nxt, 1)


def season_runner(lg, s):
    """(run, finish) for :func:`simcore.league.projection.project`: ``run(seed, s0, count, keep_games)`` plays
    seasons s0 .. s0+count-1 and returns their output arrays; ``finish(outputs)`` gives the goalie and skater
    projections."""
    import pandas as pd

    from simcore.games.strat.compile import compile_kit
    from simcore.games.strat.engine import _coaches
    from simcore.games.strat.kit import load_kit, sample_kit
    from simcore.games.strat.rules import Rules

    from .projection import PERCENTILES
    from .ranking import NS

    rules = Rules.coerce(lg.rules or None)
    if lg.points != "ties" and rules.shootout == "off":
        raise ValueError(f"the rules {rules.id} can end a game tied, but the {lg.points!r} points system has no "
                         "ties; use points = \"ties\" or shootout=on")
    kit = sample_kit() if lg.kit in (None, "sample") else load_kit(lg.path.parent / lg.kit)
    c = compile_kit(kit, rules, teams=s.names)
    cp = compile_kit(kit, rules.with_options("shootout=on"), teams=s.names)
    pol, _ = _coaches(None)
    n_teams = len(s.names)
    n_games = len(s.homes)
    base_inj = np.zeros((n_teams, SL.MAX_ROSTER), np.int64)

    def run(seed, s0, count, keep_games):
        out = {"team": np.zeros((count, n_teams, LK.NR), np.int16),
               "stats": np.zeros((count, n_teams, NS), np.int32),
               "goalie": np.zeros((count, n_teams, 2, NGO), np.int32),
               "player": np.zeros((count, n_teams, SL.MAX_ROSTER, NPO), np.int32),
               "games": np.zeros((count, n_games if keep_games else 0, NGM), np.int16)}
        simulate_seasons(seed, s0, c.D, cp.D, pol, s.share, s.n_goalies, s.rating, s.pts, s.homes, s.aways, s.stats,
                         s.h2h, s.starts, s.consec, s.okrun, base_inj, s.codes, s.name_rank, s.conf_of, s.div_of,
                         s.n_conf, s.n_div, s.conf_divs, s.fmt, s.n_playoff, s.home_flags, out["team"],
                         out["stats"], out["goalie"], out["player"], out["games"])
        return out

    def pct(x, prefix):
        return {f"{prefix}_p{p}": float(np.percentile(x, p)) for p in PERCENTILES}

    def finish(out):
        go = out["goalie"].astype(np.int64)
        grows = []
        for t, team in enumerate(s.names):
            for g, name in enumerate(c.team_goalies[t]):
                x = go[:, t, g]
                sa, ga, gp = x[:, GO_SA].sum(), x[:, GO_GA].sum(), x[:, GO_GP].sum()
                grows.append({"team": team, "goalie": name, "slot": g, "share": float(s.share[t, g]),
                              "fatigue": int(s.rating[t, g]), "starts_now": int(s.starts[t, g]),
                              "starts_mean": x[:, GO_STARTS].mean(), **pct(x[:, GO_STARTS], "starts"),
                              "gp_mean": x[:, GO_GP].mean(), "wins_mean": x[:, GO_WINS].mean(),
                              "gaa": ga / gp if gp else np.nan, "sv_pct": 1 - ga / sa if sa else np.nan,
                              "fatigued_games_mean": x[:, GO_FATIGUED].mean(),
                              "fatigued_starts_mean": x[:, GO_FAT_START].mean(),
                              "shelled_mean": x[:, GO_SHELLED].mean()})
        po = out["player"].astype(np.int64)
        prows = []
        for t, team in enumerate(s.names):
            for j, name in enumerate(c.roster[t]):
                x = po[:, t, j]
                pts = x[:, PO_G] + x[:, PO_A]
                prows.append({"team": team, "player": name, "gp_mean": x[:, PO_GP].mean(),
                              "games_out_mean": x[:, PO_OUT].mean(),
                              "G_mean": x[:, PO_G].mean(), **pct(x[:, PO_G], "G"),
                              "A_mean": x[:, PO_A].mean(), **pct(x[:, PO_A], "A"),
                              "PTS_mean": pts.mean(), **pct(pts, "PTS")})
        players = pd.DataFrame(prows).sort_values("PTS_mean", ascending=False, kind="stable").reset_index(drop=True)
        return pd.DataFrame(grows), players

    return run, finish
