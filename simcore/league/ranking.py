"""Standings order and playoff brackets on arrays, for numba season kernels (one season per loop iteration).

The rules are those of :func:`simcore.league.standings.standings` (NHL tiebreakers): teams are ordered by the
first criterion, each tied subgroup by the next one, and so on; head-to-head counts the points a team earned
against the other teams of the subgroup tied at that step only (more than two teams: as a share of the points
available in those games, the NHL's percentage), and the team name (ascending ``str`` order) is the final
fallback. The functions here give exactly the same order as that pandas reference.

A season is described by

* ``stats`` int64 (n_teams, NS): per-team totals, columns ``S_GP`` ... ``S_GA`` below;
* ``h2h`` int64 (n_teams, n_teams, 2): ``h2h[i, j, 0]`` the points team ``i`` earned in its games against team
  ``j``, ``h2h[i, j, 1]`` the number of those games;
* ``win_pts``: the points for a win (points % = PTS / (win_pts * GP), 0 for a team without games);
* ``codes`` int64: the tiebreaker order as ``TB_*`` codes (:func:`tiebreaker_codes`);
* ``name_rank`` int64 (n_teams,): each team's position in name order (:func:`name_ranks`).

Teams are indices into the league's teams table; conferences and divisions are ids from :func:`league_arrays`.
"""
from __future__ import annotations

import numba as nb
import numpy as np
import pandas as pd

from simcore.checks import is_whole
from simcore.errors import InputError
from simcore.league.standings import DEFAULT_TIEBREAKERS, _check_teams, check_tiebreakers

# columns of the per-team stats array
S_GP, S_W, S_L, S_OTL, S_T, S_PTS, S_RW, S_ROW, S_GF, S_GA = range(10)
NS = 10

# tiebreaker codes, in the order of standings.DEFAULT_TIEBREAKERS
TB_POINTS, TB_POINTS_PCT, TB_RW, TB_ROW, TB_WINS, TB_H2H, TB_GD, TB_GF = range(8)

# playoff formats
FMT_TOP, FMT_NHL = 0, 1
PLAYOFF_FORMATS: dict[str, int] = {"top": FMT_TOP, "nhl": FMT_NHL}


def tiebreaker_codes(names) -> np.ndarray:
    """int64 ``TB_*`` codes of the tiebreaker names (as accepted by ``standings.check_tiebreakers``), in order."""
    return np.array([DEFAULT_TIEBREAKERS.index(c) for c in check_tiebreakers(names)], dtype=np.int64)


def name_ranks(team_names) -> np.ndarray:
    """int64 (n_teams,): the position of each team in ``sorted(team_names, key=str)``."""
    names = list(team_names)
    order = sorted(range(len(names)), key=lambda i: str(names[i]))
    ranks = np.empty(len(names), dtype=np.int64)
    ranks[order] = np.arange(len(names), dtype=np.int64)
    return ranks


# --- ranking ---

# the stats column of each criterion read straight from the table (head-to-head and goal differential are not)
_COLUMN = np.array([S_PTS, S_PTS, S_RW, S_ROW, S_W, -1, S_GF, S_GF], dtype=np.int64)


@nb.njit(cache=True)
def _values(code, out, lo, hi, stats, h2h, win_pts, num, den):
    """``num[k] / den[k]`` (den > 0) = criterion ``code`` of team ``out[k]`` for k in [lo, hi), the teams tied at
    this step (head-to-head counts the points earned against the others of them; of three or more, as a share of
    the points those games offered, 0 for a team that played none of them)."""
    for k in range(lo, hi):
        t = out[k]
        den[k] = 1
        if code == TB_H2H:
            pts = 0
            games = 0
            for i in range(lo, hi):
                if out[i] != t:
                    pts += h2h[t, out[i], 0]
                    games += h2h[t, out[i], 1]
            num[k] = pts
            if hi - lo > 2:
                den[k] = win_pts * games if games > 0 else 1
        elif code == TB_GD:
            num[k] = stats[t, S_GF] - stats[t, S_GA]
        elif code == TB_POINTS_PCT:
            gp = stats[t, S_GP]
            num[k] = stats[t, S_PTS] if gp > 0 else 0
            den[k] = win_pts * gp if gp > 0 else 1
        else:
            num[k] = stats[t, _COLUMN[code]]


@nb.njit(cache=True)
def _sort_by_name(out, lo, hi, name_rank):
    """``out[lo:hi]`` in ascending name order (insertion sort; groups are small)."""
    for i in range(lo + 1, hi):
        t = out[i]
        j = i - 1
        while j >= lo and name_rank[out[j]] > name_rank[t]:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = t


@nb.njit(cache=True)
def _sort_by_value(out, lo, hi, num, den):
    """``out[lo:hi]`` with its values ``num/den`` in descending value order, compared exactly by
    cross-multiplication."""
    for i in range(lo + 1, hi):
        t, n, d = out[i], num[i], den[i]
        j = i - 1
        while j >= lo and num[j] * d < n * den[j]:
            out[j + 1] = out[j]
            num[j + 1] = num[j]
            den[j + 1] = den[j]
            j -= 1
        out[j + 1] = t
        num[j + 1] = n
        den[j + 1] = d


@nb.njit(cache=True)
def rank_group(members, stats, h2h, win_pts, codes, name_rank, out):
    """Order the teams ``members`` int64 (m,) best first into ``out[0:m]`` (see the module for the other
    arguments): by ``codes[0]``, each tied subgroup by the next code (head-to-head among that subgroup only),
    then by name. Equal to ``standings._order``, working on tied ranges of ``out`` with an explicit stack."""
    m = members.size
    for k in range(m):
        out[k] = members[k]
    if m <= 1:
        return
    n_codes = codes.size
    num = np.empty(m, np.int64)
    den = np.empty(m, np.int64)
    # pending tied ranges [lo, hi) of out and their next criterion: disjoint, each of 2+ teams, so at most m
    st_lo = np.empty(m, np.int64)
    st_hi = np.empty(m, np.int64)
    st_level = np.empty(m, np.int64)
    st_lo[0], st_hi[0], st_level[0] = 0, m, 0
    sp = 1
    while sp > 0:
        sp -= 1
        lo, hi, level = st_lo[sp], st_hi[sp], st_level[sp]
        if level == n_codes:
            _sort_by_name(out, lo, hi, name_rank)
            continue
        _values(codes[level], out, lo, hi, stats, h2h, win_pts, num, den)
        _sort_by_value(out, lo, hi, num, den)
        i = lo
        while i < hi:
            j = i + 1
            while j < hi and num[i] * den[j] == num[j] * den[i]:
                j += 1
            if j - i > 1:
                st_lo[sp], st_hi[sp], st_level[sp] = i, j, level + 1
                sp += 1
            i = j


@nb.njit(cache=True)
def _group_order(group_of, g, stats, h2h, win_pts, codes, name_rank, members, order):
    """Fill ``order`` with the teams of group ``g`` best first; returns their number."""
    m = 0
    for t in range(group_of.size):
        if group_of[t] == g:
            members[m] = t
            m += 1
    rank_group(members[:m], stats, h2h, win_pts, codes, name_rank, order)
    return m


@nb.njit(cache=True)
def _rank_within(group_of, n_groups, stats, h2h, win_pts, codes, name_rank, rank, members, order):
    """``rank[t]`` = 1-based rank of team ``t`` within its group ``group_of[t]``; ``members``/``order`` scratch."""
    for g in range(n_groups):
        m = _group_order(group_of, g, stats, h2h, win_pts, codes, name_rank, members, order)
        for k in range(m):
            rank[order[k]] = k + 1


@nb.njit(cache=True)
def standings_ranks(stats, h2h, win_pts, codes, name_rank, conf_of, div_of, n_conf, n_div, overall, conf_rank,
                    div_rank):
    """The whole standings: ``overall`` int64 (n_teams,) = team indices best first for the league, and
    ``conf_rank``/``div_rank`` int64 (n_teams,) = each team's 1-based rank within its conference/division
    (``conf_of``/``div_of`` int64 (n_teams,) the ids). Each group is ranked on its own, as head-to-head depends
    on who is tied."""
    n = stats.shape[0]
    rank_group(np.arange(n), stats, h2h, win_pts, codes, name_rank, overall)
    members = np.empty(n, np.int64)
    order = np.empty(n, np.int64)
    _rank_within(conf_of, n_conf, stats, h2h, win_pts, codes, name_rank, conf_rank, members, order)
    _rank_within(div_of, n_div, stats, h2h, win_pts, codes, name_rank, div_rank, members, order)


# --- playoff brackets ---

@nb.njit(cache=True)
def _seed_order(size):
    """int64 (size,): the seeds (1-based) of the bracket slots, size a power of two, so that seeds 1 and 2 can
    meet only in the final: 8 gives [1, 8, 4, 5, 2, 7, 3, 6]."""
    seeds = np.empty(size, np.int64)
    seeds[0] = 1
    k = 1
    while k < size:
        for i in range(k - 1, -1, -1):  # each seed s splits into s v (2k + 1 - s)
            s = seeds[i]
            seeds[2 * i] = s
            seeds[2 * i + 1] = 2 * k + 1 - s
        k *= 2
    return seeds


@nb.njit(cache=True)
def _top_bracket(n_playoff, overall, slots):
    size = 1
    while size < n_playoff:
        size *= 2
    seeds = _seed_order(size)
    for k in range(size):
        slots[k] = overall[seeds[k] - 1] if seeds[k] <= n_playoff else -1
    return size


@nb.njit(cache=True)
def _nhl_conference(c, stats, h2h, win_pts, codes, name_rank, conf_of, div_of, conf_divs, slots, base):
    """Conference ``c``'s eight slots from ``base``: [A1, WC2, A2, A3, B1, WC1, B2, B3], A the division whose
    winner is ranked higher in the conference, WC1/WC2 the two best other teams of the conference, ranked among
    themselves."""
    n = stats.shape[0]
    members = np.empty(n, np.int64)
    conf_order = np.empty(n, np.int64)
    mc = _group_order(conf_of, c, stats, h2h, win_pts, codes, name_rank, members, conf_order)
    pos = np.full(n, n, np.int64)
    for k in range(mc):
        pos[conf_order[k]] = k
    top = np.empty((2, 3), np.int64)
    div_order = np.empty(n, np.int64)
    qualified = np.zeros(n, np.bool_)
    for k in range(2):
        _group_order(div_of, conf_divs[c, k], stats, h2h, win_pts, codes, name_rank, members, div_order)
        for r in range(3):
            top[k, r] = div_order[r]
            qualified[div_order[r]] = True
    a = 0 if pos[top[0, 0]] < pos[top[1, 0]] else 1
    b = 1 - a
    # the wildcard race is ranked among the teams still in it (the NHL's wildcard standings): a tie with a team
    # already in through its division is not broken by games against him
    rest = np.empty(mc, np.int64)
    m = 0
    for k in range(mc):
        if not qualified[conf_order[k]]:
            rest[m] = conf_order[k]
            m += 1
    wc_order = np.empty(m, np.int64)
    rank_group(rest[:m], stats, h2h, win_pts, codes, name_rank, wc_order)
    wc = wc_order[:2]
    slots[base + 0], slots[base + 1], slots[base + 2], slots[base + 3] = top[a, 0], wc[1], top[a, 1], top[a, 2]
    slots[base + 4], slots[base + 5], slots[base + 6], slots[base + 7] = top[b, 0], wc[0], top[b, 1], top[b, 2]


@nb.njit(cache=True)
def playoff_bracket(fmt, n_playoff, overall, stats, h2h, win_pts, codes, name_rank, conf_of, div_of, conf_divs,
                    slots):
    """Fill ``slots`` int64 (a power of two >= n_playoff) with the team of each bracket slot, -1 for a bye; round
    one pairs (slots[0], slots[1]), (slots[2], slots[3]), ...; winners of adjacent pairs meet next. Returns the
    number of slots used.

    FMT_TOP: the best ``n_playoff`` teams of ``overall`` (team indices best first), seeded so that 1 and 2 meet
    only in the final ([1, 8, 4, 5, 2, 7, 3, 6] for 8); missing seeds are byes for the top seeds.
    FMT_NHL: two conferences of two divisions (``conf_divs`` int64 (2, 2) their division ids), 16 teams: per
    conference [A1, WC2, A2, A3, B1, WC1, B2, B3], conference 0 first (see ``_nhl_conference``)."""
    if fmt == FMT_TOP:
        return _top_bracket(n_playoff, overall, slots)
    for c in range(2):
        _nhl_conference(c, stats, h2h, win_pts, codes, name_rank, conf_of, div_of, conf_divs, slots, 8 * c)
    return 16


# --- league set-up (plain Python) ---

def league_arrays(teams: pd.DataFrame):
    """Ids for ``teams`` (columns team, conference, division; team ``i`` is row ``i``):
    ``(conf_of, div_of, n_conf, n_div, conf_divs, conference_names, division_names)``.

    Conference ids follow the sorted conference names, division ids the sorted division names (a name used in two
    conferences is two divisions, ordered by conference). ``conf_of``/``div_of`` int64 (n_teams,);
    ``conf_divs`` int64 (n_conf, most divisions in a conference): each conference's division ids ascending,
    padded with -1."""
    teams = _check_teams(teams)
    conference_names = sorted(set(teams["conference"]), key=str)
    conf_id = {c: i for i, c in enumerate(conference_names)}
    pairs = sorted(set(zip(teams["division"], teams["conference"])), key=lambda p: (str(p[0]), conf_id[p[1]]))
    div_id = {p: i for i, p in enumerate(pairs)}
    conf_of = np.array([conf_id[c] for c in teams["conference"]], dtype=np.int64)
    div_of = np.array([div_id[p] for p in zip(teams["division"], teams["conference"])], dtype=np.int64)
    per_conf = [[div_id[p] for p in pairs if p[1] == c] for c in conference_names]
    conf_divs = np.full((len(conference_names), max(len(d) for d in per_conf)), -1, dtype=np.int64)
    for c, ds in enumerate(per_conf):
        conf_divs[c, :len(ds)] = ds
    division_names = [d for d, _ in pairs]
    return conf_of, div_of, len(conference_names), len(pairs), conf_divs, conference_names, division_names


def check_playoff_format(teams: pd.DataFrame, fmt: str, n_playoff: int) -> int:
    """The ``FMT_*`` code of ``fmt`` (``top`` or ``nhl``); ValueError when the league cannot use it: ``top`` needs
    2 <= n_playoff <= the number of teams; ``nhl`` needs n_playoff 16 and exactly 2 conferences of 2 divisions,
    every division of at least 3 teams and every conference of at least 8."""
    teams = _check_teams(teams)
    if fmt not in PLAYOFF_FORMATS:
        raise InputError(f"unknown playoff format {fmt!r}; known: {', '.join(PLAYOFF_FORMATS)}")
    if not is_whole(n_playoff):
        raise InputError(f"n_playoff must be a whole number, got {n_playoff!r}")
    n = len(teams)
    if fmt == "top":
        if not 2 <= n_playoff <= n:
            raise InputError(f"playoff format 'top' seeds 2 to {n} teams (the league's), got {n_playoff} playoff "
                             "teams")
        return FMT_TOP
    if n_playoff != 16:
        raise InputError(f"playoff format 'nhl' seeds 16 teams, got {n_playoff} playoff teams")
    confs = sorted(set(teams["conference"]), key=str)
    if len(confs) != 2:
        raise InputError(f"playoff format 'nhl' needs exactly 2 conferences, the league has {len(confs)}: "
                         f"{', '.join(map(str, confs))}")
    for conf in confs:
        sub = teams[teams["conference"] == conf]
        sizes = sub.groupby("division", sort=True).size()
        if len(sizes) != 2:
            raise InputError(f"playoff format 'nhl' needs 2 divisions per conference, conference {conf!r} has "
                             f"{len(sizes)}: {', '.join(map(str, sizes.index))}")
        for div, size in sizes.items():
            if size < 3:
                raise InputError(f"playoff format 'nhl' needs at least 3 teams per division, division {div!r} "
                                 f"({conf}) has {size}")
        if len(sub) < 8:
            raise InputError(f"playoff format 'nhl' needs at least 8 teams per conference, conference {conf!r} "
                             f"has {len(sub)}")
    return FMT_NHL
