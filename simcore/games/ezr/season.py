"""EZR replay leagues: the game's league adapter (:mod:`simcore.league.adapter`) and its season kernel.

A league's teams carry their offense letter (``off``) and shootout shooter (``shooter``); its goalies file lists
each team's goalies (``def``, ``so``, ``share``).  EZR goalies have no fatigue, so the starters' rotation
depends on the schedule alone and is the same in every season: :func:`compile` works it out once, with each
game's matchup as the kernel reads it (both sides' EZR line, the opposing goalie's DEF bit, the shootout odds
and the SHUFFLE LINES thresholds, exactly as :func:`.matchup.compile_matchup` builds them), for every
regular-season game and for every pair of teams in the playoffs (where the number one goalie starts).  Playoff
games cannot end tied: a game tied after regulation rolls the Overtime table until it gives WIN or LOSS (sudden
death; docs/league-projection.md).
"""
from __future__ import annotations

from pathlib import Path

import numba as nb
import numpy as np
import pandas as pd

from simcore.errors import InputError
from simcore.layout import Output, Outputs
from simcore.league import kernel as LK
from simcore.league.adapter import Adapter
from simcore.league.files import read_goalies
from simcore.nbarrays import borrow, stack_empty
from simcore.parallel import run_blocks
from simcore.rng import roll_percentile

from . import kernel as EK
from .charts import DEF_LETTERS, GOALIE_SO_LETTERS, OFF_LETTERS, SHOOTER_LETTERS, data_path, default_charts
from .matchup import Team, compile_matchup
from .policies import ShufflePolicy
from .rules import Rules

# a matchup: int64 (3, 2) rows team_line, opp_def_bit, so_bits by side; thresholds float64 (2, 2*MOD_SPAN+1)
M_LINE, M_DEF, M_SO = range(3)
# per-season goalie outputs
GO_STARTS, GO_WINS, GO_GA = range(3)
NGO = 3
MAX_GOALIES = 4
#: Columns of a kept game after GM_GAME: the home and away starting goalie slots.
GAME_COLUMNS = 2
#: ``out`` of :func:`simulate_seasons`, per season.
SEASON_OUTPUTS = LK.season_outputs(GAME_COLUMNS, Outputs(
    Output("goalie", ("teams", MAX_GOALIES, NGO), np.int32, "each goalie slot's starts, wins and goals against "
           "in the regular season (GO_* columns)")))


# ---------------------------------------------------------------- the game's part of the season kernel

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


@nb.njit(inline="always")
def new_state(gctx, st, gout, i):
    """A season's scratch on the stack of the season kernel (the empty dice script, the game's goal and event
    counters), with the game's arrays and this season's goalie row borrowed once
    (:func:`simcore.nbarrays.borrow`): inside the game loop no array is reference counted."""
    return (stack_empty(0, np.int64), stack_empty((2, 3), np.int64), stack_empty((2, 3), np.int64), borrow(gctx[0]),
            borrow(gctx[1]), borrow(gctx[2]), borrow(gctx[3]), borrow(gctx[4]), gctx[5], borrow(gctx[6]),
            borrow(gctx[7]), borrow(gctx[8]), borrow(gctx[9]), borrow(gctx[10]), borrow(gctx[11]), borrow(gctx[12]),
            borrow(gout[0])[i])


@nb.njit(inline="always")
def play_game(state, st, g, h, a, stats, playoff, games, keep):
    """Game ``g`` of the remaining schedule (``g`` -1: a playoff game of ``h`` at home to ``a``); see
    :mod:`simcore.league.kernel`.  The game's context (``gctx``, :func:`compile`) is (goals_col, ot_col, qq_code,
    qq_amount, qq_mask, shuffle_amount, flags, pflags, gmatch (n_games, 3, 2), gthr (n_games, 2, W), gslots
    (n_games, 2), pmatch (n_teams, n_teams, 3, 2), pthr (n_teams, n_teams, 2, W)); its outputs (``gout``) are
    (out_goalie int32 (n, n_teams, MAX_GOALIES, NGO),)."""
    script, og, oe, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, flags, pflags, gmatch, gthr, \
        gslots, pmatch, pthr, out_goalie = state
    if playoff:
        return _play(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, pflags, pmatch[h, a],
                     pthr[h, a], True, og, oe)
    hg, ag, w, d = _play(st, script, goals_col, ot_col, qq_code, qq_amount, qq_mask, shuffle_amount, flags, gmatch[g],
                         gthr[g], False, og, oe)
    gh = gslots[g, 0]
    ga = gslots[g, 1]
    out_goalie[h, gh, GO_STARTS] += 1
    out_goalie[a, ga, GO_STARTS] += 1
    out_goalie[h, gh, GO_GA] += ag
    out_goalie[a, ga, GO_GA] += hg
    if w == EK.HOME:
        out_goalie[h, gh, GO_WINS] += 1
    elif w == EK.AWAY:
        out_goalie[a, ga, GO_WINS] += 1
    if keep:
        games[g, LK.GM_GAME] = gh
        games[g, LK.GM_GAME + 1] = ga
    return hg, ag, w, d


@nb.njit(cache=True)
def _seasons(ctx, seed, s0, lo, hi, b, out):
    LK.seasons_block(play_game, new_state, ctx, seed, s0, lo, hi, out)


@nb.njit(cache=True, parallel=True)
def simulate_seasons(ctx, seed, s0, n, out):
    """Seasons s0 .. s0+n-1, each to the next free thread: ``ctx`` = the league's arrays
    (:data:`simcore.league.kernel.LCTX`) and then :func:`compile`'s; ``out`` = :data:`SEASON_OUTPUTS`."""
    run_blocks(_seasons, ctx, seed, s0, n, 1, out)


# ---------------------------------------------------------------- the adapter

def compile(lg, s) -> tuple[tuple, dict]:
    """The kernel's game context for league ``lg`` with set-up ``s`` (:func:`simcore.league.projection.setup`):
    the chart arrays and flags, the rotation (``gslots`` (n_games, 2)), each regular-season game's matchup
    (``gmatch``, ``gthr``) and each playoff pairing's (``pmatch``, ``pthr``); and ``{team: index}``."""
    rules = Rules.coerce(lg.rules or None)
    charts = default_charts(rules.qq_unprinted)
    teams = lg.teams.reset_index(drop=True)
    n_teams = len(teams)
    index = {t: i for i, t in enumerate(s.names)}
    off = np.array([OFF_LETTERS.index(x) for x in teams["off"]], np.int64)
    shooter = np.array([SHOOTER_LETTERS.index(x) for x in teams["shooter"]], np.int64)
    gdef = np.zeros((n_teams, MAX_GOALIES), np.int64)
    gso = np.zeros((n_teams, MAX_GOALIES), np.int64)
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
        raise InputError(f"the rules {rules.id} can end a game tied, but the {lg.points!r} points system has no "
                         "ties; use points = \"ties\" or rules with a shootout that repeats until decided")
    pflags = flags.copy()
    pflags[EK.F_OT] = 1
    pflags[EK.F_SO] = 0

    # the rotation: the same every season (no fatigue in EZR), among the goalies with the team on each date
    n_games = len(s.homes)
    gslots = np.zeros((n_games, 2), np.int64)
    starts = s.starts.copy()
    due = s.due.copy()
    for i, (h, a) in enumerate(zip(s.homes, s.aways)):
        for side, t in ((0, h), (1, a)):
            g = s.pick(t, s.dates[i], starts, due, s.consec, s.okrun)
            gslots[i, side] = g
            starts[t, g] += 1
    width = thr_by_line.shape[1]
    gmatch = np.zeros((n_games, 3, 2), np.int64)
    gthr = np.zeros((n_games, 2, width))
    for i, (h, a) in enumerate(zip(s.homes, s.aways)):
        gmatch[i], gthr[i] = matchup(h, gslots[i, 0], a, gslots[i, 1])
    # the playoffs come after the schedule's last date: the goalies with the team then, the largest share first
    last = max(lg.schedule["date"], default="")
    pslot = [s.pick(t, last, starts, due, s.consec, s.okrun, True) for t in range(n_teams)]
    pmatch = np.zeros((n_teams, n_teams, 3, 2), np.int64)
    pthr = np.zeros((n_teams, n_teams, 2, width))
    for h in range(n_teams):
        for a in range(n_teams):
            if h != a:
                pmatch[h, a], pthr[h, a] = matchup(h, pslot[h], a, pslot[a])
                line = pmatch[h, a, M_LINE, 0]
                if not np.isin(charts.ot_col[line, 1:], (0, 1)).any():
                    raise InputError(f"the Overtime table never decides on EZR line {10 - line:+d}, so a playoff "
                                     f"game of {s.names[h]} at home to {s.names[a]} could not end")
    gctx = (c0.goals_col, c0.ot_col, c0.qq_code, c0.qq_amount, c0.qq_mask, np.int64(c0.shuffle_amount), flags,
            pflags, gmatch, gthr, gslots, pmatch, pthr)
    return gctx, index


class LeagueAdapter(Adapter):
    """EZR leagues: teams with ``off`` and ``shooter``; goalies from the league's goalies file."""

    team_columns = ("off", "shooter")
    game_columns = (("home_goalie_slot", "int16"), ("away_goalie_slot", "int16"))
    sample = data_path("league")

    def check_team(self, path, line, row):
        if row["off"] not in OFF_LETTERS:
            raise self.error(path, line, "off", row["off"], f"EZR offense must be one of {', '.join(OFF_LETTERS)}")
        if row["shooter"] not in SHOOTER_LETTERS:
            raise self.error(path, line, "shooter", row["shooter"],
                             f"shooter rating must be one of {', '.join(SHOOTER_LETTERS)}")

    def goalies(self, doc, path, teams, data):
        """goalies.csv: team, goalie, def, so, share; up to four goalies a team, slots in file order."""
        if "goalies" not in doc:
            raise self.key_error(path, "goalies", None, "missing key")

        def check(gpath, line, r):
            if r["def"] not in DEF_LETTERS:
                raise self.error(gpath, line, "def", r["def"], f"goalie DEF must be one of {', '.join(DEF_LETTERS)}")
            if r["so"] not in GOALIE_SO_LETTERS:
                raise self.error(gpath, line, "so", r["so"],
                                 f"goalie shootout rating must be one of {', '.join(GOALIE_SO_LETTERS)}")

        return read_goalies(path.parent / doc["goalies"], set(teams.team), ("def", "so"), check, MAX_GOALIES,
                            teams.attrs.get("lines"))

    def runner(self, lg, s):
        gctx, index = compile(lg, s)
        n_teams = len(s.names)
        n_games = len(s.homes)
        ctx = s.league_ctx() + gctx

        def run(seed, s0, count, keep_games):
            out = SEASON_OUTPUTS.allocate(count, teams=n_teams, games=n_games if keep_games else 0)
            simulate_seasons(ctx, seed, s0, count, out)
            return SEASON_OUTPUTS.as_dict(out)

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

    def write_sample(self, out: Path, seed: int) -> None:
        from .samples import write_sample

        write_sample(self.game, out, seed)
