"""The season kernel (numba): the rest of a season, then the playoffs, game by game on any game's engine.

:func:`play_season` is the one season loop of simcore.  A game that supports leagues hands it, through its
league adapter (:mod:`.adapter`), a jitted ``play_game`` and ``new_state``, and numba specializes the loop on
them; the game's ``season.py`` holds the cached parallel kernel built on :func:`seasons_block` (see
:mod:`simcore.parallel` for why a kernel names its own block function).

Season ``s`` of a projection with seed ``seed`` draws every game from one stream seeded by ``(seed, s)``
(:mod:`simcore.rng`), in schedule order: the regular-season games, then the playoff series round by round,
bracket slot by slot, game by game.  Seasons are independent, so the result does not depend on threads or
chunks.  What a game's ``play_game(gctx, state, st, g, h, a, stats, playoff, gout, i, out_games, keep)`` does:
play game ``g`` of the remaining schedule (``g`` -1 in the playoffs) of team ``h`` at home to team ``a`` on the
season's stream ``st``, carry its own state from game to game (goalies' runs, injuries: ``state``, built once a
season by ``new_state(gctx, st, gout, i)``; a game borrows its arrays there, so that no array is reference
counted game by game), count its own per-season outputs into row ``i`` of ``gout`` in the regular
season, write its columns of ``out_games[i, g]`` from :data:`GM_GAME` on when ``keep``, and return ``(home goals,
away goals, winner, decided_in)`` (recorded goals: an overtime goal counts, shootout goals do not).

The other functions here are the season's bookkeeping: results into standings, goalie rotation and fatigue,
playoff series.  They are also called from Python to replay the played results into the state a projection
starts from, so the simulated games and the played ones follow exactly the same rules.  docs/league.md
describes the goalie policy and the playoff rules.

Shapes: ``stats`` int64 (n_teams, NS) with the columns of :mod:`.ranking`; ``h2h`` int64 (n_teams, n_teams, 2),
the points team i earned in games against team j and the number of those games; goalie arrays (n_teams, MAX_GOALIES).
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.layout import Output, Outputs
from simcore.nbarrays import borrow, stack_empty
from simcore.rng import STATE_SIZE, seed_stream

from .ranking import NS, S_GA, S_GF, S_GP, S_L, S_OTL, S_PTS, S_ROW, S_RW, S_T, S_W, playoff_bracket, standings_ranks

MAX_GOALIES = 4
# game results, as the engines write them
HOME, AWAY, TIE = 0, 1, 2
REG, OT, SO = 0, 1, 2
# points vector: win, loss, overtime/shootout loss (-1: counted as a plain loss), tie (-1: no ties)
P_WIN, P_LOSS, P_OTL, P_TIE = range(4)
NO_FATIGUE = 1 << 30     # a goalie rating no run of games reaches (engines without 24.4 fatigue)
SHELLED_GOALS = 4        # 24.41: a hot goalie keeps going until he allows more than 4 goals in a game


@nb.njit(cache=True, inline="always")
def record_game(stats, h2h, pts, h, a, hg, ag, winner, decided):
    """Add one game to the standings: ``hg``/``ag`` recorded goals (the overtime goal counts, shootout goals do
    not), ``winner`` HOME/AWAY/TIE, ``decided`` REG/OT/SO; ``pts`` int64 (4,) the points system.  The same
    accounting as :func:`simcore.league.standings.standings`."""
    for side in range(2):
        t = h if side == 0 else a
        o = a if side == 0 else h
        gf = hg if side == 0 else ag
        ga = ag if side == 0 else hg
        won = winner == side
        tied = winner == TIE
        lost = not won and not tied
        p = 0
        stats[t, S_GP] += 1
        stats[t, S_GF] += gf
        stats[t, S_GA] += ga
        if won:
            stats[t, S_W] += 1
            p = pts[P_WIN]
            if decided == REG:
                stats[t, S_RW] += 1
            if decided != SO:
                stats[t, S_ROW] += 1
        elif tied:
            stats[t, S_T] += 1
            p = pts[P_TIE]
        elif lost and decided != REG and pts[P_OTL] >= 0:
            stats[t, S_OTL] += 1
            p = pts[P_OTL]
        else:
            stats[t, S_L] += 1
            p = pts[P_LOSS]
        stats[t, S_PTS] += p
        h2h[t, o, 0] += p
        h2h[t, o, 1] += 1


@nb.njit(cache=True, inline="always")
def fatigued_start(consec, okrun, rating, single, playoff):
    """Whether a goalie starts fatigued under 24.4: he has played ``consec`` consecutive games (the first
    ``okrun`` of them complete games with at most 4 goals against) and ``rating`` is his
    consecutive-games rating.  Exceptions: 24.41 the hot goalie (every game of the run qualifies), 24.42 a
    team's only goalie (``single``), 24.43 playoffs with a rating of 5 or more."""
    if single or consec + 1 <= rating:
        return False
    if playoff and rating >= 5:
        return False
    return okrun < consec


@nb.njit(cache=True, inline="always")
def only_goalie(t, share, n_goalies):
    """Whether team ``t`` has exactly one goalie with a share of the starts (24.42)."""
    n = 0
    for g in range(n_goalies[t]):
        if share[t, g] > 0:
            n += 1
    return n == 1


@nb.njit(cache=True, inline="always")
def pick_goalie(t, share, n_goalies, starts, team_gp, consec, okrun, rating, playoff):
    """The starting goalie slot of team ``t`` under the ``shares`` policy.

    Regular season: the goalie furthest below his target share of the team's starts (``share * (games + 1) -
    starts``; ties to the lower slot).  Playoffs: the goalie with the largest share.  Either way, a pick who
    would start fatigued (24.4) is rested when a goalie with a share would start fresh, or else a fresh goalie
    without one.  A team whose one goalie has a share never rests him (24.42: he is never fatigued by 24.4).
    """
    single_goalie = only_goalie(t, share, n_goalies)
    best = -1
    bval = -1e300
    for g in range(n_goalies[t]):
        if share[t, g] <= 0:
            continue
        v = share[t, g] if playoff else share[t, g] * (team_gp + 1) - starts[t, g]
        if v > bval + 1e-9:
            best = g
            bval = v
    if not fatigued_start(consec[t, best], okrun[t, best], rating[t, best], single_goalie, playoff):
        return best
    alt = -1
    aval = -1e300
    for g in range(n_goalies[t]):
        if g == best or fatigued_start(consec[t, g], okrun[t, g], rating[t, g], False, playoff):
            continue
        v = share[t, g] if playoff else share[t, g] * (team_gp + 1) - starts[t, g]
        if share[t, g] <= 0:
            v -= 1e6          # a goalie without a share only spells a tired one
        if v > aval + 1e-9:
            alt = g
            aval = v
    return alt if alt >= 0 else best


@nb.njit(cache=True, inline="always")
def goalie_after_game(t, n_goalies, played, complete, ga, consec, okrun):
    """Carry 24.4's run of consecutive games after team ``t``'s game: ``played[g]`` whether goalie slot g
    appeared, ``complete[g]`` whether he played the whole game, ``ga[g]`` goals against him (empty-net goals
    excluded)."""
    for k in range(n_goalies[t]):
        if played[k]:
            consec[t, k] += 1
            if complete[k] and ga[k] <= SHELLED_GOALS and okrun[t, k] == consec[t, k] - 1:
                okrun[t, k] += 1
        else:
            consec[t, k] = 0
            okrun[t, k] = 0


@nb.njit(cache=True, inline="always")
def series_need(best_of):
    """Wins needed to take a best-of-``best_of`` series."""
    return (best_of + 1) // 2


# per-season team outputs (out_team columns)
R_RANK, R_CONF, R_DIV, R_MADE, R_SERIES, R_CHAMP = range(6)
NR = 6


@nb.njit(cache=True)
def standings_and_bracket(stats, h2h, pts, codes, name_rank, conf_of, div_of, n_conf, n_div, conf_divs, fmt,
                          n_playoff, out_team, slots, pos):
    """The final standings (ranks into ``out_team``) and the playoff field: fills ``slots`` (the bracket, -1 a
    bye; at least 16 long) and ``pos`` (each team's place in the overall order, 0 the best; home ice goes to
    the lower) and returns the bracket size."""
    n_teams = stats.shape[0]
    overall = np.empty(n_teams, np.int64)
    conf_rank = np.empty(n_teams, np.int64)
    div_rank = np.empty(n_teams, np.int64)
    standings_ranks(stats, h2h, pts[P_WIN], codes, name_rank, conf_of, div_of, n_conf, n_div, overall,
                    conf_rank, div_rank)
    for k in range(n_teams):
        pos[overall[k]] = k
        out_team[overall[k], R_RANK] = k + 1
    for t in range(n_teams):
        out_team[t, R_CONF] = conf_rank[t]
        out_team[t, R_DIV] = div_rank[t]
    for k in range(slots.shape[0]):
        slots[k] = -1
    size = playoff_bracket(fmt, n_playoff, overall, stats, h2h, pts[P_WIN], codes, name_rank, conf_of, div_of,
                           conf_divs, slots)
    for k in range(size):
        if slots[k] >= 0:
            out_team[slots[k], R_MADE] = 1
    return size


@nb.njit(cache=True)
def end_of_season(stats, h2h, pts, codes, name_rank, conf_of, div_of, n_conf, n_div, conf_divs, fmt, n_playoff,
                  out_stats, out_team):
    """Close the regular season: copy the standings into ``out_stats``, rank the teams and seed the playoffs.
    Returns ``(slots, pos, ps)`` for :func:`playoff_next`."""
    n_teams = stats.shape[0]
    for t in range(n_teams):
        for k in range(stats.shape[1]):
            out_stats[t, k] = stats[t, k]
    slots = np.empty(max(16, 2 * n_teams), np.int64)
    pos = np.empty(n_teams, np.int64)
    size = standings_and_bracket(stats, h2h, pts, codes, name_rank, conf_of, div_of, n_conf, n_div, conf_divs,
                                 fmt, n_playoff, out_team, slots, pos)
    ps = np.empty(NPS, np.int64)
    playoffs_start(ps, size)
    return slots, pos, ps


@nb.njit(cache=True, inline="always")
def series_pair(slots, k, pos):
    """The k-th pairing of the current round: (higher seed, lower seed), or (team, -1) for a bye."""
    x = slots[2 * k]
    y = slots[2 * k + 1]
    if x < 0 or y < 0:
        return (y if x < 0 else x), -1
    if pos[x] < pos[y]:
        return x, y
    return y, x


# playoff state (a small int64 array): slots left in the round, pairing, the series in progress
PS_M, PS_K, PS_HI, PS_LO, PS_WHI, PS_WLO, PS_G = range(7)
NPS = 7


@nb.njit(cache=True, inline="always")
def playoffs_start(ps, size):
    """Start the playoffs on a bracket of ``size`` slots."""
    ps[PS_M] = size
    ps[PS_K] = 0
    ps[PS_HI] = -1


@nb.njit(cache=True, inline="always")
def playoff_next(ps, slots, pos, home_flags, out_team):
    """The next playoff game as (home team, away team), or (-1, -1) once the final is over.

    Rounds are played pairing by pairing (``slots`` (2k, 2k+1), byes passing straight through), each series
    game by game with home ice to the team placed higher in the table (``pos``) by the pattern ``home_flags``
    (1: the higher seed is at home).  A decided series moves its winner into slot k and counts in ``out_team``;
    the champion is marked when the last series ends."""
    need = series_need(home_flags.shape[0])
    while True:
        if ps[PS_HI] >= 0:
            if ps[PS_WHI] < need and ps[PS_WLO] < need:
                if home_flags[ps[PS_G]]:
                    return ps[PS_HI], ps[PS_LO]
                return ps[PS_LO], ps[PS_HI]
            win = ps[PS_HI] if ps[PS_WHI] == need else ps[PS_LO]
            out_team[win, R_SERIES] += 1
            slots[ps[PS_K]] = win
            ps[PS_HI] = -1
            ps[PS_K] += 1
        if ps[PS_K] >= ps[PS_M] // 2:
            ps[PS_M] //= 2
            ps[PS_K] = 0
            if ps[PS_M] <= 1:
                out_team[slots[0], R_CHAMP] = 1
                return -1, -1
        hi, lo = series_pair(slots, ps[PS_K], pos)
        if lo < 0:
            slots[ps[PS_K]] = hi
            ps[PS_K] += 1
            continue
        ps[PS_HI] = hi
        ps[PS_LO] = lo
        ps[PS_WHI] = 0
        ps[PS_WLO] = 0
        ps[PS_G] = 0


@nb.njit(cache=True, inline="always")
def playoff_record(ps, home, home_won):
    """Count the result of the game :func:`playoff_next` gave."""
    if home_won == (home == ps[PS_HI]):
        ps[PS_WHI] += 1
    else:
        ps[PS_WLO] += 1
    ps[PS_G] += 1


# ---------------------------------------------------------------- the season loop

#: The league's part of a season kernel's ``ctx`` (built by :func:`simcore.league.projection.league_ctx`), in
#: order; the game's own arrays follow.
LCTX = ("pts", "homes", "aways", "base_stats", "base_h2h", "codes", "name_rank", "conf_of", "div_of", "n_conf",
        "n_div", "conf_divs", "fmt", "n_playoff", "home_flags")
NL = 15
#: Columns of out_games the loop writes; a game's own columns start at GM_GAME.
GM_HG, GM_AG, GM_WINNER, GM_DECIDED = range(4)
GM_GAME = 4
#: The league's part of a season kernel's ``out`` (the first NLOUT arrays; :func:`season_outputs`).
NLOUT = 3


def season_outputs(game_columns: int, game: Outputs = Outputs()) -> Outputs:
    """A season kernel's ``out``, per season (first dimension the seasons): the league's three arrays, then the
    game's own (``game``, counted in the regular season).  ``game_columns``: how many columns of a kept game
    the game writes after GM_GAME.  Named dimensions: ``teams`` (the league's teams) and ``games`` (the
    remaining schedule's games when they are kept, else 0)."""
    return Outputs(
        Output("team", ("teams", NR), np.int16, "rank overall, in the conference, in the division; made the "
               "playoffs; series won; champion (R_* columns)"),
        Output("stats", ("teams", NS), np.int32, "final standings columns (simcore.league.ranking S_*)"),
        Output("games", ("games", GM_GAME + game_columns), np.int16, "each remaining regular-season game: home "
               "goals, away goals, winner, decided_in (GM_*), then the game's own columns"),
    ) + game


@nb.njit(inline="always")
def play_season(play_game, new_state, ctx, seed, s, i, out):
    """Season ``s`` into row ``i`` of the outputs (see the module docstring)."""
    pts = borrow(ctx[0])
    homes = borrow(ctx[1])
    aways = borrow(ctx[2])
    base_stats = ctx[3]
    base_h2h = ctx[4]
    codes = ctx[5]
    name_rank = ctx[6]
    conf_of = ctx[7]
    div_of = ctx[8]
    n_conf = ctx[9]
    n_div = ctx[10]
    conf_divs = ctx[11]
    fmt = ctx[12]
    n_playoff = ctx[13]
    home_flags = borrow(ctx[14])
    gctx = ctx[15:]
    out_team = out[0][i]
    out_stats = out[1][i]
    out_games = out[2]
    gout = out[3:]
    st = stack_empty(STATE_SIZE, np.uint64)      # on the stack: the dice state stays in registers
    seed_stream(st, seed, s)
    state = new_state(gctx, st, gout, i)
    stats_ = base_stats.copy()
    h2h_ = base_h2h.copy()
    # in the game loop, views without reference counts (the owners above live until end_of_season)
    stats = borrow(stats_)
    h2h = borrow(h2h_)
    games = borrow(out_games)[i]
    keep = games.shape[0] > 0
    for g in range(homes.shape[0]):
        h = homes[g]
        a = aways[g]
        hg, ag, w, d = play_game(state, st, g, h, a, stats, False, games, keep)
        record_game(stats, h2h, pts, h, a, hg, ag, w, d)
        if keep:
            games[g, GM_HG] = hg
            games[g, GM_AG] = ag
            games[g, GM_WINNER] = w
            games[g, GM_DECIDED] = d
    slots, pos, ps = end_of_season(stats_, h2h_, pts, codes, name_rank, conf_of, div_of, n_conf, n_div, conf_divs,
                                   fmt, n_playoff, out_stats, out_team)
    while True:
        home, away = playoff_next(ps, slots, pos, home_flags, out_team)
        if home < 0:
            break
        hg, ag, w, d = play_game(state, st, -1, home, away, stats, True, games, False)
        playoff_record(ps, home, w == HOME)


@nb.njit(inline="always")
def seasons_block(play_game, new_state, ctx, seed, s0, lo, hi, out):
    """Seasons ``s0 + lo .. s0 + hi - 1``: the body of a game's ``play_block`` for
    :func:`simcore.parallel.run_blocks` (one season a block)::

        @nb.njit(cache=True)
        def _seasons(ctx, seed, s0, lo, hi, b, out):
            LK.seasons_block(play_game, new_state, ctx, seed, s0, lo, hi, out)

        @nb.njit(cache=True, parallel=True)
        def simulate_seasons(ctx, seed, s0, n, out):
            run_blocks(_seasons, ctx, seed, s0, n, 1, out)

    ``_seasons`` is a function of its own, not inlined into the parallel loop: a borrowed view
    (:func:`simcore.nbarrays.borrow`) taken there of an output reached through a slice of ``out`` was seen to
    lose its writes when inlined into the loop.
    """
    for i in range(lo, hi):
        play_season(play_game, new_state, ctx, seed, s0 + i, i, out)
