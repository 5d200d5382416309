"""EZR season kernel: the rest of a season, then the playoffs, game by game on the EZR engine (numba).

Season ``s`` of a projection with seed ``seed`` draws every game from one stream seeded by ``(seed, s)``
(:mod:`simcore.rng`), in schedule order: regular-season games, then the playoff series round by round, bracket
slot by slot, game by game.  Seasons are independent, so the result does not depend on threads or chunks.

Per game the starting goalies come from :func:`.kernel.pick_goalie`; the EZR line of each side follows from
its offense letter and the opposing starter's DEF letter, the shootout odds from the shooter and the goalie's
shootout letter, exactly as :func:`simcore.games.ezr.matchup.compile_matchup` builds them for one matchup.
Playoff games cannot end tied: a game tied after regulation rolls the Overtime table until it gives WIN or LOSS
(sudden death; docs/league.md).
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.games.ezr import kernel as EK
from simcore.nbarrays import stack_empty
from simcore.rng import STATE_SIZE, roll_percentile, seed_stream

from . import kernel as LK
from .ranking import S_GP

# per-season goalie outputs
GO_STARTS, GO_WINS, GO_GA, GO_FATIGUED = range(4)
NGO = 4
# per-game outputs (regular season, simulated games)
GM_HG, GM_AG, GM_WINNER, GM_DECIDED, GM_GH, GM_GA = range(6)
NGM = 6


@nb.njit(cache=True, inline="always")
def _play(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, flags, line_tab, so_tab,
          thr_by_line, off, shooter, gdef, gso, h, a, gh, ga, playoff, team_line, opp_def_bit, so_bits, thr, og,
          oe):
    """One game of team ``h`` at home to team ``a`` with starting goalie slots ``gh``/``ga``.
    Returns (home goals, away goals, winner, decided) with the overtime goal counted."""
    team_line[0] = line_tab[off[h], gdef[a, ga]]
    team_line[1] = line_tab[off[a], gdef[h, gh]]
    opp_def_bit[0] = 1 << gdef[a, ga]
    opp_def_bit[1] = 1 << gdef[h, gh]
    so_bits[0] = so_tab[shooter[h], gso[a, ga]]
    so_bits[1] = so_tab[shooter[a], gso[h, gh]]
    for t in range(2):
        for k in range(thr.shape[1]):
            thr[t, k] = thr_by_line[team_line[t], k]
    w, d, o, r = EK.play_game(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, team_line, opp_def_bit,
                              so_bits, thr, shuffle_amount, flags, og, oe)
    hg = og[0, 0] + og[0, 1] + og[0, 2]
    ag = og[1, 0] + og[1, 1] + og[1, 2]
    if playoff and w == EK.TIE:
        while True:       # sudden-death overtime: roll until the table decides
            o = ot_col[team_line[0], roll_percentile(st, script)]
            if o == 0 or o == 1:
                w = o
                d = EK.OT
                break
    if d == EK.OT:
        if w == EK.HOME:
            hg += 1
        elif w == EK.AWAY:
            ag += 1
    return hg, ag, w, d


@nb.njit(cache=True)
def _season(s, seed, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, flags, pflags, line_tab,
            so_tab, thr_by_line, off, shooter, gdef, gso, share, n_goalies, rating, pts, homes, aways, base_stats,
            base_h2h, base_starts, base_consec, base_okrun, codes, name_rank, conf_of, div_of, n_conf, n_div,
            conf_divs, fmt, n_playoff, home_flags, out_team, out_stats, out_goalie, out_games):
    """Season ``s``: the remaining regular-season games (``homes``/``aways`` team indices), the standings, the
    playoffs.  Writes out_team (n_teams, kernel.NR), out_stats (n_teams, NS), out_goalie (n_teams, MAX_GOALIES, NGO)
    and, when it has rows, out_games (n_games, NGM)."""
    n_teams = base_stats.shape[0]
    st = stack_empty(STATE_SIZE, np.uint64)
    seed_stream(st, seed, s)
    script = np.zeros(0, np.int64)
    team_line = stack_empty(2, np.int64)
    opp_def_bit = stack_empty(2, np.int64)
    so_bits = stack_empty(2, np.int64)
    thr = np.empty((2, thr_by_line.shape[1]), np.float64)
    og = stack_empty((2, 3), np.int64)
    oe = stack_empty((2, 3), np.int64)
    played = np.empty(LK.MAX_GOALIES, np.int64)
    complete = np.empty(LK.MAX_GOALIES, np.int64)
    gag = np.empty(LK.MAX_GOALIES, np.int64)
    stats = base_stats.copy()
    h2h = base_h2h.copy()
    starts = base_starts.copy()
    consec = base_consec.copy()
    okrun = base_okrun.copy()
    keep_games = out_games.shape[0] > 0
    for i in range(homes.shape[0]):
        h = homes[i]
        a = aways[i]
        gh = LK.pick_goalie(h, share, n_goalies, starts, stats[h, S_GP], consec, okrun, rating, False)
        ga = LK.pick_goalie(a, share, n_goalies, starts, stats[a, S_GP], consec, okrun, rating, False)
        hg, ag, w, d = _play(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, flags,
                             line_tab, so_tab, thr_by_line, off, shooter, gdef, gso, h, a, gh, ga, False,
                             team_line, opp_def_bit, so_bits, thr, og, oe)
        LK.record_game(stats, h2h, pts, h, a, hg, ag, w, d)
        for side in range(2):
            t = h if side == 0 else a
            g = gh if side == 0 else ga
            starts[t, g] += 1
            out_goalie[t, g, GO_STARTS] += 1
            out_goalie[t, g, GO_GA] += ag if side == 0 else hg
            if w == side:
                out_goalie[t, g, GO_WINS] += 1
            for k in range(LK.MAX_GOALIES):
                played[k] = k == g
                complete[k] = k == g
                gag[k] = 0
            gag[g] = ag if side == 0 else hg
            LK.goalie_after_game(t, n_goalies, played, complete, gag, consec, okrun)
        if keep_games:
            out_games[i, GM_HG] = hg
            out_games[i, GM_AG] = ag
            out_games[i, GM_WINNER] = w
            out_games[i, GM_DECIDED] = d
            out_games[i, GM_GH] = gh
            out_games[i, GM_GA] = ga
    for t in range(n_teams):
        for k in range(stats.shape[1]):
            out_stats[t, k] = stats[t, k]

    # standings and playoffs
    slots = np.empty(max(16, 2 * n_teams), np.int64)
    pos = np.empty(n_teams, np.int64)
    size = LK.standings_and_bracket(stats, h2h, pts, codes, name_rank, conf_of, div_of, n_conf, n_div, conf_divs,
                                    fmt, n_playoff, out_team, slots, pos)
    need = LK.series_need(home_flags.shape[0])
    m = size
    while m > 1:
        for k in range(m // 2):
            hi, lo = LK.series_pair(slots, k, pos)
            if lo < 0:
                slots[k] = hi
                continue
            whi = 0
            wlo = 0
            g = 0
            while whi < need and wlo < need:
                home = hi if home_flags[g] else lo
                away = lo if home_flags[g] else hi
                gh = LK.pick_goalie(home, share, n_goalies, starts, stats[home, S_GP], consec, okrun, rating, True)
                ga = LK.pick_goalie(away, share, n_goalies, starts, stats[away, S_GP], consec, okrun, rating, True)
                hg, ag, w, d = _play(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount,
                                     pflags, line_tab, so_tab, thr_by_line, off, shooter, gdef, gso, home, away,
                                     gh, ga, True, team_line, opp_def_bit, so_bits, thr, og, oe)
                if (w == EK.HOME) == (home == hi):
                    whi += 1
                else:
                    wlo += 1
                g += 1
            win = hi if whi == need else lo
            out_team[win, LK.R_SERIES] += 1
            slots[k] = win
        m //= 2
    out_team[slots[0], LK.R_CHAMP] = 1


@nb.njit(cache=True, parallel=True)
def simulate_seasons(seed, s0, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, flags, pflags,
                     line_tab, so_tab, thr_by_line, off, shooter, gdef, gso, share, n_goalies, rating, pts, homes,
                     aways, base_stats, base_h2h, base_starts, base_consec, base_okrun, codes, name_rank, conf_of,
                     div_of, n_conf, n_div, conf_divs, fmt, n_playoff, home_flags, out_team, out_stats, out_goalie,
                     out_games):
    """Seasons s0 .. s0+n-1 (n = out_team.shape[0]) in parallel.  Outputs by season (first dimension n):
    out_team int16 (n, n_teams, NR), out_stats int32 (n, n_teams, NS), out_goalie int32 (n, n_teams,
    MAX_GOALIES, NGO) zeroed by the caller, out_games int16 (n, n_games, NGM) or (n, 0, NGM) to skip."""
    n = out_team.shape[0]
    for i in nb.prange(n):
        _season(s0 + i, seed, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, flags, pflags,
                line_tab, so_tab, thr_by_line, off, shooter, gdef, gso, share, n_goalies, rating, pts, homes, aways,
                base_stats, base_h2h, base_starts, base_consec, base_okrun, codes, name_rank, conf_of, div_of,
                n_conf, n_div, conf_divs, fmt, n_playoff, home_flags, out_team[i], out_stats[i], out_goalie[i],
                out_games[i])


def season_runner(lg, s):
    """(run, finish) for :func:`simcore.league.projection.project`: ``run(seed, s0, count, keep_games)`` plays
    seasons s0 .. s0+count-1 and returns their output arrays; ``finish(outputs)`` gives the goalie table."""
    import pandas as pd

    from simcore.games.ezr.charts import DEF_LETTERS, GOALIE_SO_LETTERS, OFF_LETTERS, SHOOTER_LETTERS, default_charts
    from simcore.games.ezr.matchup import Team, compile_matchup
    from simcore.games.ezr.policies import ShufflePolicy
    from simcore.games.ezr.rules import Rules

    from .ranking import NS

    rules = Rules.coerce(lg.rules or None)
    charts = default_charts(rules.qq_unprinted)
    teams = lg.teams.reset_index(drop=True)
    n_teams = len(teams)
    gdf = s.goalies
    off = np.array([OFF_LETTERS.index(x) for x in teams["off"]], np.int64)
    shooter = np.array([SHOOTER_LETTERS.index(x) for x in teams["shooter"]], np.int64)
    gdef = np.zeros((n_teams, LK.MAX_GOALIES), np.int64)
    gso = np.zeros((n_teams, LK.MAX_GOALIES), np.int64)
    index = {t: i for i, t in enumerate(s.names)}
    for r in gdf.to_dict("records"):
        gdef[index[r["team"]], int(r["slot"])] = DEF_LETTERS.index(r["def"])
        gso[index[r["team"]], int(r["slot"])] = GOALIE_SO_LETTERS.index(r["so"])
    n_lines = charts.goals_col.shape[0]
    line_tab = np.array([[charts.line(int(charts.ez[o, d])) for d in range(len(DEF_LETTERS))]
                         for o in range(len(OFF_LETTERS))], np.int64)
    so_tab = np.ascontiguousarray(charts.so_mask, dtype=np.int64)
    thr_by_line = np.stack([ShufflePolicy().thresholds(charts.goals_col[li]) for li in range(n_lines)])
    t0 = Team(teams["off"][0], DEF_LETTERS[gdef[0, 0]], teams["shooter"][0], GOALIE_SO_LETTERS[gso[0, 0]])
    c = compile_matchup(rules, t0, t0, charts)
    flags = c.flags.copy()
    if lg.points != "ties" and (not flags[EK.F_SO] or not flags[EK.F_SO_REPEAT]):
        raise ValueError(f"the rules {rules.id} can end a game tied, but the {lg.points!r} points system has no "
                         "ties; use points = \"ties\" or rules with a shootout that repeats until decided")
    pflags = flags.copy()
    pflags[EK.F_OT] = 1
    pflags[EK.F_SO] = 0
    for li in np.unique(line_tab):
        if not np.isin(charts.ot_col[li, 1:], (0, 1)).any():
            raise ValueError(f"the Overtime table never decides on EZR line {10 - li:+d}, so a playoff game "
                             "there could not end")
    n_games = len(s.homes)

    def run(seed, s0, count, keep_games):
        out = {"team": np.zeros((count, n_teams, LK.NR), np.int16),
               "stats": np.zeros((count, n_teams, NS), np.int32),
               "goalie": np.zeros((count, n_teams, LK.MAX_GOALIES, NGO), np.int32),
               "games": np.zeros((count, n_games if keep_games else 0, NGM), np.int16)}
        simulate_seasons(seed, s0, c.goals_col, c.ot_col, c.qq_code, c.qq_amount, c.qq_mask,
                         np.int64(c.shuffle_amount), flags, pflags, line_tab, so_tab, thr_by_line, off, shooter, gdef,
                         gso, s.share, s.n_goalies, s.rating, s.pts, s.homes, s.aways, s.stats, s.h2h, s.starts,
                         s.consec, s.okrun, s.codes, s.name_rank, s.conf_of, s.div_of, s.n_conf, s.n_div,
                         s.conf_divs, s.fmt, s.n_playoff, s.home_flags, out["team"], out["stats"], out["goalie"],
                         out["games"])
        return out

    def finish(out):
        go = out["goalie"].astype(np.int64)
        rows = []
        for r in gdf.itertuples():
            t, g = index[r.team], int(r.slot)
            st = go[:, t, g, GO_STARTS]
            ga = go[:, t, g, GO_GA]
            rows.append({"team": r.team, "goalie": r.goalie, "share": r.share, "starts_now": int(s.starts[t, g]),
                         "starts_mean": st.mean(), "starts_p5": np.percentile(st, 5), "starts_p95": np.percentile(st, 95),
                         "wins_mean": go[:, t, g, GO_WINS].mean(),
                         "gaa": ga.sum() / st.sum() if st.sum() else np.nan})
        return pd.DataFrame(rows), None

    return run, finish
