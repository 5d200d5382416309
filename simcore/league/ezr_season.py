"""EZR season kernel: the rest of a season, then the playoffs, game by game on the EZR engine (numba).

Season ``s`` of a projection with seed ``seed`` draws every game from one stream seeded by ``(seed, s)``
(:mod:`simcore.rng`), in schedule order: regular-season games, then the playoff series round by round, bracket
slot by slot, game by game.  Seasons are independent, so the result does not depend on threads or chunks.

The starting goalies come from :func:`.kernel.pick_goalie`.  EZR goalies have no fatigue, so the rotation
depends on the schedule alone and is the same in every season: :func:`season_runner` works it out once, with
each game's matchup as the kernel reads it (both sides' EZR line, the opposing goalie's DEF bit, the shootout
odds and the SHUFFLE LINES thresholds, exactly as :func:`simcore.games.ezr.matchup.compile_matchup` builds
them), for every regular-season game and for every pair of teams in the playoffs (where the number one goalie
starts).  Playoff games cannot end tied: a game tied after regulation rolls the Overtime table until it gives
WIN or LOSS (sudden death; docs/league-projection.md).
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.atomics import fetch_add
from simcore.games.ezr import kernel as EK
from simcore.nbarrays import borrow, stack_empty
from simcore.rng import STATE_SIZE, roll_percentile, seed_stream

from . import kernel as LK
from .ranking import S_GP

# a matchup: int64 (3, 2) rows team_line, opp_def_bit, so_bits by side; thresholds float64 (2, 2*MOD_SPAN+1)
M_LINE, M_DEF, M_SO = range(3)
# per-season goalie outputs
GO_STARTS, GO_WINS, GO_GA = range(3)
NGO = 3
# per-game outputs (regular season, simulated games)
GM_HG, GM_AG, GM_WINNER, GM_DECIDED, GM_GH, GM_GA = range(6)
NGM = 6


@nb.njit(cache=True, inline="always")
def _play(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, flags, m, thr, playoff, og,
          oe):
    """One game on matchup ``m`` (3, 2) with thresholds ``thr`` (2, W).  Returns (home goals, away goals,
    winner, decided) with the overtime goal counted."""
    w, d, o, r = EK.play_game(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, m[M_LINE], m[M_DEF],
                              m[M_SO], thr, shuffle_amount, flags, og, oe)
    hg = og[0, 0] + og[0, 1] + og[0, 2]
    ag = og[1, 0] + og[1, 1] + og[1, 2]
    if playoff and w == EK.TIE:
        while True:       # sudden-death overtime: roll until the table decides
            o = ot_col[m[M_LINE, 0], roll_percentile(st, script)]
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
def _season(s, seed, goals_col_, ot_col_, qq_code_, qq_amount_, qq_mask_, shuffle_amount, flags_, pflags_,
            gmatch_, gthr_, gslots_, pmatch_, pthr_, pts_, homes_, aways_, stats_, h2h_, codes, name_rank, conf_of,
            div_of, n_conf, n_div, conf_divs, fmt, n_playoff, home_flags_, out_team_, out_stats_, out_goalie_,
            out_games_):
    """Season ``s``: the remaining regular-season games (``homes``/``aways`` team indices; matchups ``gmatch``
    (n_games, 3, 2), thresholds ``gthr`` (n_games, 2, W), starting goalie slots ``gslots`` (n_games, 2)), the
    standings, the playoffs (matchups by home and away team: ``pmatch`` (n_teams, n_teams, 3, 2), ``pthr``).
    ``stats_``/``h2h_`` are this season's copies of the standings the played results left, updated in place.
    Writes out_team (n_teams, kernel.NR), out_stats (n_teams, NS), out_goalie (n_teams, MAX_GOALIES, NGO)
    and, when it has rows, out_games (n_games, NGM).

    Every array is borrowed (no reference counts: :mod:`simcore.nbarrays`) and the per-game scratch lives on
    the stack, as in the single-game kernel."""
    goals_col = borrow(goals_col_)
    ot_col = borrow(ot_col_)
    qq_code = borrow(qq_code_)
    qq_amount = borrow(qq_amount_)
    qq_mask = borrow(qq_mask_)
    flags = borrow(flags_)
    pflags = borrow(pflags_)
    gmatch = borrow(gmatch_)
    gthr = borrow(gthr_)
    gslots = borrow(gslots_)
    pmatch = borrow(pmatch_)
    pthr = borrow(pthr_)
    pts = borrow(pts_)
    homes = borrow(homes_)
    aways = borrow(aways_)
    stats = borrow(stats_)
    h2h = borrow(h2h_)
    home_flags = borrow(home_flags_)
    out_team = borrow(out_team_)
    out_stats = borrow(out_stats_)
    out_goalie = borrow(out_goalie_)
    out_games = borrow(out_games_)
    st = stack_empty(STATE_SIZE, np.uint64)
    seed_stream(st, seed, s)
    script = stack_empty(0, np.int64)
    og = stack_empty((2, 3), np.int64)
    oe = stack_empty((2, 3), np.int64)
    keep_games = out_games.shape[0] > 0
    for i in range(homes.shape[0]):
        h = homes[i]
        a = aways[i]
        hg, ag, w, d = _play(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, flags,
                             gmatch[i], gthr[i], False, og, oe)
        LK.record_game(stats, h2h, pts, h, a, hg, ag, w, d)
        gh = gslots[i, 0]
        ga = gslots[i, 1]
        out_goalie[h, gh, GO_STARTS] += 1
        out_goalie[a, ga, GO_STARTS] += 1
        out_goalie[h, gh, GO_GA] += ag
        out_goalie[a, ga, GO_GA] += hg
        if w == EK.HOME:
            out_goalie[h, gh, GO_WINS] += 1
        elif w == EK.AWAY:
            out_goalie[a, ga, GO_WINS] += 1
        if keep_games:
            out_games[i, GM_HG] = hg
            out_games[i, GM_AG] = ag
            out_games[i, GM_WINNER] = w
            out_games[i, GM_DECIDED] = d
            out_games[i, GM_GH] = gh
            out_games[i, GM_GA] = ga
    slots, pos, ps = LK.end_of_season(stats, h2h, pts, codes, name_rank, conf_of, div_of, n_conf, n_div, conf_divs,
                                      fmt, n_playoff, out_stats, out_team)
    while True:
        home, away = LK.playoff_next(ps, slots, pos, home_flags, out_team)
        if home < 0:
            break
        hg, ag, w, d = _play(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, pflags,
                             pmatch[home, away], pthr[home, away], True, og, oe)
        LK.playoff_record(ps, home, w == EK.HOME)


@nb.njit(cache=True, parallel=True)
def simulate_seasons(seed, s0, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, flags, pflags, gmatch,
                     gthr, gslots, pmatch, pthr, pts, homes, aways, base_stats, base_h2h, codes, name_rank, conf_of,
                     div_of, n_conf, n_div, conf_divs, fmt, n_playoff, home_flags, out_team, out_stats, out_goalie,
                     out_games):
    """Seasons s0 .. s0+n-1 (n = out_team.shape[0]) in parallel, each to the next free thread
    (:mod:`simcore.atomics`).  Outputs by season (first dimension n):
    out_team int16 (n, n_teams, NR), out_stats int32 (n, n_teams, NS), out_goalie int32 (n, n_teams,
    MAX_GOALIES, NGO) zeroed by the caller, out_games int16 (n, n_games, NGM) or (n, 0, NGM) to skip."""
    n = out_team.shape[0]
    nxt = np.zeros(1, np.int64)         # the next unplayed season, claimed by whichever thread is free
    for _ in nb.prange(n):
        i = fetch_add(nxt, 1)
        while i < n:
            _season(s0 + i, seed, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, flags, pflags,
                    gmatch, gthr, gslots, pmatch, pthr, pts, homes, aways, base_stats.copy(), base_h2h.copy(), codes,
                    name_rank, conf_of, div_of, n_conf, n_div, conf_divs, fmt, n_playoff, home_flags, out_team[i],
                    out_stats[i], out_goalie[i], out_games[i])
            i = fetch_add(nxt, 1)


def prepare(lg, s) -> dict:
    """The kernel's inputs for league ``lg`` with set-up ``s`` (:func:`simcore.league.projection.setup`): the
    chart arrays and flags (``c0``, ``flags``, ``pflags``), the rotation (``gslots`` (n_games, 2)), each
    regular-season game's matchup (``gmatch``, ``gthr``) and each playoff pairing's (``pmatch``, ``pthr``)."""
    from simcore.games.ezr.charts import DEF_LETTERS, GOALIE_SO_LETTERS, OFF_LETTERS, SHOOTER_LETTERS, default_charts
    from simcore.games.ezr.matchup import Team, compile_matchup
    from simcore.games.ezr.policies import ShufflePolicy
    from simcore.games.ezr.rules import Rules

    rules = Rules.coerce(lg.rules or None)
    charts = default_charts(rules.qq_unprinted)
    teams = lg.teams.reset_index(drop=True)
    n_teams = len(teams)
    index = {t: i for i, t in enumerate(s.names)}
    off = np.array([OFF_LETTERS.index(x) for x in teams["off"]], np.int64)
    shooter = np.array([SHOOTER_LETTERS.index(x) for x in teams["shooter"]], np.int64)
    gdef = np.zeros((n_teams, LK.MAX_GOALIES), np.int64)
    gso = np.zeros((n_teams, LK.MAX_GOALIES), np.int64)
    for r in s.goalies.to_dict("records"):
        gdef[index[r["team"]], int(r["slot"])] = DEF_LETTERS.index(r["def"])
        gso[index[r["team"]], int(r["slot"])] = GOALIE_SO_LETTERS.index(r["so"])
    # compile_matchup's arrays from the charts once: lines by [OFF, DEF], shootout masks, thresholds by line
    line_tab = np.array([[charts.line(int(e)) for e in row] for row in charts.ez], np.int64)
    policy = ShufflePolicy()
    thr_by_line = np.stack([policy.thresholds(charts.goals_col[li]) for li in range(charts.goals_col.shape[0])])

    def matchup(h, gh, a, ga):
        """(3, 2) lines, opposing DEF bits, shootout masks by side, and the (2, W) thresholds."""
        line = [line_tab[off[h], gdef[a, ga]], line_tab[off[a], gdef[h, gh]]]
        m = np.array([line, [1 << gdef[a, ga], 1 << gdef[h, gh]],
                      [charts.so_mask[shooter[h], gso[a, ga]], charts.so_mask[shooter[a], gso[h, gh]]]], np.int64)
        return m, thr_by_line[line]

    c0 = compile_matchup(rules, Team(teams["off"][0], DEF_LETTERS[gdef[0, 0]], teams["shooter"][0],
                                     GOALIE_SO_LETTERS[gso[0, 0]]), Team("C", "E", "C", "c"), charts, (policy, policy))
    flags = c0.flags.copy()
    if lg.points != "ties" and (not flags[EK.F_SO] or not flags[EK.F_SO_REPEAT]):
        raise ValueError(f"the rules {rules.id} can end a game tied, but the {lg.points!r} points system has no "
                         "ties; use points = \"ties\" or rules with a shootout that repeats until decided")
    pflags = flags.copy()
    pflags[EK.F_OT] = 1
    pflags[EK.F_SO] = 0

    # the rotation: the same every season (no fatigue in EZR)
    n_games = len(s.homes)
    gslots = np.zeros((n_games, 2), np.int64)
    starts = s.starts.copy()
    gp = s.stats[:, S_GP].copy()
    for i, (h, a) in enumerate(zip(s.homes, s.aways)):
        for side, t in ((0, h), (1, a)):
            g = LK.pick_goalie(t, s.share, s.n_goalies, starts, gp[t], s.consec, s.okrun, s.rating, False)
            gslots[i, side] = g
            starts[t, g] += 1
            gp[t] += 1
    width = thr_by_line.shape[1]
    gmatch = np.zeros((n_games, 3, 2), np.int64)
    gthr = np.zeros((n_games, 2, width))
    for i, (h, a) in enumerate(zip(s.homes, s.aways)):
        gmatch[i], gthr[i] = matchup(h, gslots[i, 0], a, gslots[i, 1])
    pslot = [LK.pick_goalie(t, s.share, s.n_goalies, starts, 0, s.consec, s.okrun, s.rating, True)
             for t in range(n_teams)]
    pmatch = np.zeros((n_teams, n_teams, 3, 2), np.int64)
    pthr = np.zeros((n_teams, n_teams, 2, width))
    for h in range(n_teams):
        for a in range(n_teams):
            if h != a:
                pmatch[h, a], pthr[h, a] = matchup(h, pslot[h], a, pslot[a])
                line = pmatch[h, a, M_LINE, 0]
                if not np.isin(charts.ot_col[line, 1:], (0, 1)).any():
                    raise ValueError(f"the Overtime table never decides on EZR line {10 - line:+d}, so a playoff "
                                     f"game of {s.names[h]} at home to {s.names[a]} could not end")
    return {"c0": c0, "flags": flags, "pflags": pflags, "gslots": gslots, "gmatch": gmatch, "gthr": gthr,
            "pmatch": pmatch, "pthr": pthr, "index": index}


def season_runner(lg, s):
    """(run, finish) for :func:`simcore.league.projection.project`: ``run(seed, s0, count, keep_games)`` plays
    seasons s0 .. s0+count-1 and returns their output arrays; ``finish(outputs)`` gives the goalie table."""
    import pandas as pd

    from .ranking import NS

    k = prepare(lg, s)
    c0, flags, pflags, gslots, gmatch, gthr, pmatch, pthr, index = (
        k[x] for x in ("c0", "flags", "pflags", "gslots", "gmatch", "gthr", "pmatch", "pthr", "index"))
    n_teams = len(s.names)
    n_games = len(s.homes)

    def run(seed, s0, count, keep_games):
        out = {"team": np.zeros((count, n_teams, LK.NR), np.int16),
               "stats": np.zeros((count, n_teams, NS), np.int32),
               "goalie": np.zeros((count, n_teams, LK.MAX_GOALIES, NGO), np.int32),
               "games": np.zeros((count, n_games if keep_games else 0, NGM), np.int16)}
        simulate_seasons(seed, s0, c0.goals_col, c0.ot_col, c0.qq_code, c0.qq_amount, c0.qq_mask,
                         np.int64(c0.shuffle_amount), flags, pflags, gmatch, gthr, gslots, pmatch, pthr, s.pts,
                         s.homes, s.aways, s.stats, s.h2h, s.codes, s.name_rank, s.conf_of, s.div_of, s.n_conf,
                         s.n_div, s.conf_divs, s.fmt, s.n_playoff, s.home_flags, out["team"], out["stats"],
                         out["goalie"], out["games"])
        return out

    def finish(out):
        go = out["goalie"].astype(np.int64)
        rows = []
        for r in s.goalies.itertuples():
            t, g = index[r.team], int(r.slot)
            st = go[:, t, g, GO_STARTS]
            ga = go[:, t, g, GO_GA]
            rows.append({"team": r.team, "goalie": r.goalie, "share": r.share, "starts_now": int(s.starts[t, g]),
                         "starts_mean": st.mean(), "starts_p5": np.percentile(st, 5),
                         "starts_p95": np.percentile(st, 95), "wins_mean": go[:, t, g, GO_WINS].mean(),
                         "ga_per_start": ga.sum() / st.sum() if st.sum() else np.nan})
        return pd.DataFrame(rows), None

    return run, finish
