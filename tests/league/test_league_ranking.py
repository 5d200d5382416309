"""The array ranking and playoff brackets of simcore.league.ranking against the pandas standings: scripted random
seasons full of ties, hand-built head-to-head and name cases, the bracket layouts and the format checks."""
import numpy as np
import pandas as pd
import pytest

from simcore.league import ranking as rk
from simcore.league.standings import DEFAULT_TIEBREAKERS, POINTS_SYSTEMS, standings

TIEBREAKER_ORDERS = [
    DEFAULT_TIEBREAKERS,
    ("points",),
    ("points_pct", "wins", "goals_for"),
    ("head_to_head", "points"),
    ("points", "head_to_head", "goal_differential", "head_to_head"),
    (),
]


# --- arrays built from the results, independently of the code under test ---

def season_arrays(results, teams, points):
    """(stats, h2h, win_pts) for ``results`` (every game with a winner or a regulation tie)."""
    ps = POINTS_SYSTEMS[points]
    idx = {t: i for i, t in enumerate(teams["team"])}
    n = len(idx)
    stats = np.zeros((n, rk.NS), dtype=np.int64)
    h2h = np.zeros((n, n, 2), dtype=np.int64)
    for g in results.itertuples(index=False):
        h, a = idx[g.home], idx[g.away]
        if g.home_goals != g.away_goals:
            win = h if g.home_goals > g.away_goals else a
        elif g.decided_in == "SO":
            win = h if g.winner == "home" else a
        else:
            win = None
        for me, opp, gf, ga in ((h, a, g.home_goals, g.away_goals), (a, h, g.away_goals, g.home_goals)):
            s = stats[me]
            s[rk.S_GP] += 1
            s[rk.S_GF] += gf
            s[rk.S_GA] += ga
            if win is None:
                s[rk.S_T] += 1
                pts = ps.tie
            elif win == me:
                s[rk.S_W] += 1
                s[rk.S_RW] += g.decided_in == "REG"
                s[rk.S_ROW] += g.decided_in != "SO"
                pts = ps.win
            elif g.decided_in != "REG" and ps.otl is not None:
                s[rk.S_OTL] += 1
                pts = ps.otl
            else:
                s[rk.S_L] += 1
                pts = ps.loss
            s[rk.S_PTS] += pts
            h2h[me, opp, 0] += pts
            h2h[me, opp, 1] += 1
    return stats, h2h, ps.win


def random_league(rng, names):
    n = len(names)
    confs = ["East", "West"] if n >= 6 else ["League"]
    conf = [confs[i % len(confs)] for i in rng.permutation(n)]
    div = [f"{c[0]}{rng.integers(2)}" for c in conf]
    return pd.DataFrame({"team": names, "conference": conf, "division": div})


def random_results(rng, names, n_games, points):
    recs = []
    for _ in range(n_games):
        h, a = rng.choice(len(names), 2, replace=False)
        dec = str(rng.choice(["REG", "OT", "SO"], p=[0.6, 0.2, 0.2]))
        winner = None
        if dec == "REG":
            hg, ag = int(rng.integers(3)), int(rng.integers(3))
            if hg == ag and points == "nhl":
                dec = "SO"
        if dec == "OT":
            lo = int(rng.integers(3))
            hg, ag = (lo + 1, lo) if rng.integers(2) else (lo, lo + 1)
        if dec == "SO":
            hg = ag = int(rng.integers(3))
            winner = str(rng.choice(["home", "away"]))
        recs.append({"home": names[h], "away": names[a], "home_goals": hg, "away_goals": ag,
                     "decided_in": dec, "winner": winner})
    return pd.DataFrame(recs, columns=["home", "away", "home_goals", "away_goals", "decided_in", "winner"])


def array_ranks(results, teams, points, tiebreakers):
    """(rank, conference_rank, division_rank) per team row, from standings_ranks."""
    stats, h2h, win = season_arrays(results, teams, points)
    conf_of, div_of, n_conf, n_div, _, _, _ = rk.league_arrays(teams)
    n = len(teams)
    overall, conf_rank, div_rank = (np.empty(n, np.int64) for _ in range(3))
    codes, names = rk.tiebreaker_codes(tiebreakers), rk.name_ranks(teams["team"])
    rk.standings_ranks(stats, h2h, win, codes, names, conf_of, div_of, n_conf, n_div, overall, conf_rank, div_rank)
    rank = np.empty(n, np.int64)
    rank[overall] = np.arange(1, n + 1)
    return rank, conf_rank, div_rank


def reference_ranks(results, teams, points, tiebreakers):
    s = standings(results, teams, points=points, tiebreakers=tiebreakers).set_index("team").loc[list(teams["team"])]
    return tuple(s[c].to_numpy() for c in ("rank", "conference_rank", "division_rank"))


# --- random seasons ---

NAME_POOL = ["A", "B", "b", "B10", "B9", "Zed", "a1", "X", "Y"]


@pytest.mark.parametrize("points", ["nhl", "ties"])
@pytest.mark.parametrize("tiebreakers", TIEBREAKER_ORDERS,
                         ids=["default", "points", "pct-wins-gf", "h2h-first", "h2h-twice", "names-only"])
def test_random_seasons_match_standings(points, tiebreakers):
    rng = np.random.default_rng(1234 + len(tiebreakers) + 100 * (points == "ties"))
    multi_ties = 0
    for _ in range(15):
        n = int(rng.integers(4, 9))
        names = [str(x) for x in rng.choice(NAME_POOL, n, replace=False)]
        teams = random_league(rng, names)
        results = random_results(rng, names, int(rng.integers(n, 2 * n + 1)), points)
        got = array_ranks(results, teams, points, tiebreakers)
        want = reference_ranks(results, teams, points, tiebreakers)
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)
        stats, _, _ = season_arrays(results, teams, points)
        multi_ties += np.bincount(stats[:, rk.S_PTS]).max() >= 3
    assert multi_ties >= 2   # the seasons do exercise ties of three or more teams


def test_random_season_integer_names_and_member_order():
    rng = np.random.default_rng(7)
    names = [9, 10, 100, 11, 2, 20]
    teams = random_league(rng, names)
    results = random_results(rng, names, 8, "nhl")
    np.testing.assert_array_equal(array_ranks(results, teams, "nhl", DEFAULT_TIEBREAKERS)[0],
                                  reference_ranks(results, teams, "nhl", DEFAULT_TIEBREAKERS)[0])
    # the order does not depend on the order the members are given in
    stats, h2h, win = season_arrays(results, teams, "nhl")
    codes, nr = rk.tiebreaker_codes(DEFAULT_TIEBREAKERS), rk.name_ranks(names)
    first = np.empty(6, np.int64)
    rk.rank_group(np.arange(6), stats, h2h, win, codes, nr, first)
    for _ in range(5):
        out = np.empty(6, np.int64)
        rk.rank_group(rng.permutation(6).astype(np.int64), stats, h2h, win, codes, nr, out)
        np.testing.assert_array_equal(out, first)


# --- hand-built cases ---

def games(*rows):
    return pd.DataFrame([{"home": h, "away": a, "home_goals": hg, "away_goals": ag, "decided_in": "REG",
                          "winner": None} for h, a, hg, ag in rows])


def one_division(names):
    return pd.DataFrame({"team": list(names), "conference": "East", "division": "Atlantic"})


def ordered(results, teams, tiebreakers=DEFAULT_TIEBREAKERS, members=None):
    stats, h2h, win = season_arrays(results, teams, "nhl")
    names = list(teams["team"])
    members = np.arange(len(names)) if members is None else np.array([names.index(t) for t in members])
    out = np.empty(len(members), np.int64)
    rk.rank_group(members.astype(np.int64), stats, h2h, win, rk.tiebreaker_codes(tiebreakers),
                  rk.name_ranks(names), out)
    return [names[i] for i in out]


def test_three_way_head_to_head_then_the_pair():
    # Zulu, Yank, Xray: 6 GP, 6 PTS, 3 RW/ROW/W, 3-3 goals each. Among the three (a share of the points their
    # games offered, as they met unevenly) Zulu has 6 of 8, Yank and Xray 2 of 6 each; between Yank and Xray alone
    # Yank won. Dee and Eve make up the rest of the schedule.
    res = games(("Yank", "Xray", 1, 0),
                ("Xray", "Zulu", 1, 0), ("Zulu", "Xray", 1, 0), ("Zulu", "Yank", 1, 0), ("Zulu", "Yank", 1, 0),
                ("Yank", "Eve", 1, 0), ("Yank", "Eve", 1, 0), ("Dee", "Yank", 1, 0),
                ("Xray", "Eve", 1, 0), ("Xray", "Eve", 1, 0), ("Dee", "Xray", 1, 0),
                ("Eve", "Zulu", 1, 0), ("Eve", "Zulu", 1, 0))
    teams = one_division(["Dee", "Xray", "Yank", "Zulu", "Eve"])
    stats, h2h, _ = season_arrays(res, teams, "nhl")
    assert (stats[1:4, [rk.S_GP, rk.S_PTS, rk.S_RW, rk.S_W, rk.S_GF, rk.S_GA]] == [6, 6, 3, 3, 3, 3]).all()
    for tiebreakers, expected in [
        # the pair left tied by head-to-head goes on to the next criteria (level), then the name: Xray
        (DEFAULT_TIEBREAKERS, ["Zulu", "Xray", "Yank", "Dee", "Eve"]),
        # head-to-head listed again: applied to the pair alone, where Yank won
        (("points", "head_to_head", "head_to_head"), ["Zulu", "Yank", "Xray", "Dee", "Eve"]),
        (("points", "head_to_head", "goal_differential", "head_to_head"), ["Zulu", "Yank", "Xray", "Dee", "Eve"]),
        # without head-to-head only the name splits the three
        (("points", "wins", "goal_differential"), ["Xray", "Yank", "Zulu", "Dee", "Eve"]),
    ]:
        assert list(standings(res, teams, tiebreakers=tiebreakers)["team"]) == expected
        assert ordered(res, teams, tiebreakers) == expected
    # the pair on its own: head-to-head between the two
    assert ordered(res, teams, members=["Xray", "Yank"]) == ["Yank", "Xray"]


@pytest.mark.parametrize("names, first", [(["A", "B9", "B10"], "B10"), ([1, 9, 10], 10)])
def test_name_fallback(names, first):
    # the two tied teams split their games, so only the name (str order: "B10" < "B9", "10" < "9") decides;
    # the third team has no games (points % 0)
    other, x, y = names
    res = games((x, y, 1, 0), (y, x, 1, 0))
    teams = one_division(names)
    expected = [first, x if first == y else y, other]
    assert list(standings(res, teams)["team"]) == expected
    assert ordered(res, teams) == expected
    assert ordered(res, teams, ()) == sorted(names, key=str)


def test_codes_and_name_ranks():
    np.testing.assert_array_equal(rk.tiebreaker_codes(DEFAULT_TIEBREAKERS), np.arange(8))
    np.testing.assert_array_equal(rk.tiebreaker_codes("head_to_head"), [rk.TB_H2H])
    assert rk.tiebreaker_codes(()).dtype == np.int64
    with pytest.raises(ValueError, match="unknown tiebreaker 'luck'"):
        rk.tiebreaker_codes(("points", "luck"))
    np.testing.assert_array_equal(rk.name_ranks(["b", "B9", "B10", "a"]), [3, 1, 0, 2])
    np.testing.assert_array_equal(rk.name_ranks([9, 10, 100]), [2, 0, 1])


def test_league_arrays():
    teams = pd.DataFrame({"team": list("abcdef"), "conference": ["W", "E", "W", "E", "E", "W"],
                          "division": ["Pac", "Met", "Cen", "Atl", "Met", "Cen"]})
    conf_of, div_of, n_conf, n_div, conf_divs, conf_names, div_names = rk.league_arrays(teams)
    assert (n_conf, n_div, conf_names, div_names) == (2, 4, ["E", "W"], ["Atl", "Cen", "Met", "Pac"])
    np.testing.assert_array_equal(conf_of, [1, 0, 1, 0, 0, 1])
    np.testing.assert_array_equal(div_of, [3, 2, 1, 0, 2, 1])
    np.testing.assert_array_equal(conf_divs, [[0, 2], [1, 3]])


# --- playoff brackets ---

def seeded_league(n, seed=3):
    """n teams in one division, team row i of seed ``seeds[i]`` (1 = best, by points alone)."""
    rng = np.random.default_rng(seed)
    seeds = rng.permutation(n) + 1
    stats = np.zeros((n, rk.NS), np.int64)
    stats[:, rk.S_GP] = 10
    stats[:, rk.S_PTS] = 100 - seeds
    teams = pd.DataFrame({"team": [f"T{i:02d}" for i in range(n)], "conference": "C", "division": "D"})
    return teams, stats, {int(s): i for i, s in enumerate(seeds)}


def bracket(fmt, n_playoff, teams, stats, h2h=None):
    n = len(teams)
    h2h = np.zeros((n, n, 2), np.int64) if h2h is None else h2h
    conf_of, div_of, n_conf, n_div, conf_divs, _, _ = rk.league_arrays(teams)
    codes, names = rk.tiebreaker_codes(DEFAULT_TIEBREAKERS), rk.name_ranks(teams["team"])
    overall, conf_rank, div_rank = (np.empty(n, np.int64) for _ in range(3))
    rk.standings_ranks(stats, h2h, 2, codes, names, conf_of, div_of, n_conf, n_div, overall, conf_rank, div_rank)
    slots = np.full(16, -7, np.int64)
    used = rk.playoff_bracket(fmt, n_playoff, overall, stats, h2h, 2, codes, names, conf_of, div_of, conf_divs,
                              slots)
    return used, slots


@pytest.mark.parametrize("n_playoff, used, layout", [
    (16, 16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
    (8, 8, [1, 8, 4, 5, 2, 7, 3, 6]),
    (6, 8, [1, None, 4, 5, 2, None, 3, 6]),
    (3, 4, [1, None, 2, 3]),
    (2, 2, [1, 2]),
])
def test_top_bracket(n_playoff, used, layout):
    teams, stats, team_of_seed = seeded_league(20)
    assert rk.check_playoff_format(teams, "top", n_playoff) == rk.FMT_TOP
    got_used, slots = bracket(rk.FMT_TOP, n_playoff, teams, stats)
    assert got_used == used
    assert slots[:used].tolist() == [-1 if s is None else team_of_seed[s] for s in layout]


NHL_POINTS = {
    ("East", "Atlantic"): [100, 98, 95, 93, 90, 70, 60, 50],
    ("East", "Metropolitan"): [110, 96, 80, 79, 78, 77, 76, 40],
    ("West", "Central"): [105, 100, 99, 86, 85, 60, 55, 50],
    ("West", "Pacific"): [108, 90, 88, 87, 84, 70, 65, 30],
}


def test_nhl_bracket_hand_built():
    # East: the Metropolitan winner (110) outranks the Atlantic winner (100), so Met plays the second wildcard;
    # both wildcards (93, 90) are Atlantic teams although Met's third team has 80. West: Pacific is division A,
    # wildcards P4 (87) and C4 (86).
    rows = [(f"{d[:3]}{k + 1}", c, d, p) for (c, d), pts in NHL_POINTS.items() for k, p in enumerate(pts)]
    rows = [rows[i] for i in np.random.default_rng(5).permutation(len(rows))]
    teams = pd.DataFrame([r[:3] for r in rows], columns=["team", "conference", "division"])
    stats = np.zeros((32, rk.NS), np.int64)
    stats[:, rk.S_GP] = 82
    stats[:, rk.S_PTS] = [r[3] for r in rows]
    assert rk.check_playoff_format(teams, "nhl", 16) == rk.FMT_NHL
    used, slots = bracket(rk.FMT_NHL, 16, teams, stats)
    names = list(teams["team"])
    assert used == 16
    assert [names[i] for i in slots] == ["Met1", "Atl5", "Met2", "Met3", "Atl1", "Atl4", "Atl2", "Atl3",
                                         "Pac1", "Cen4", "Pac2", "Pac3", "Cen1", "Pac4", "Cen2", "Cen3"]


def nhl_reference(table):
    """The NHL bracket from a standings() table, by its conference and division ranks."""
    slots = []
    for _, conf in sorted(table.groupby("conference"), key=lambda kv: kv[0]):
        divs = [d.sort_values("division_rank")["team"].tolist()[:3]
                for _, d in sorted(conf.groupby("division"), key=lambda kv: kv[0])]
        crank = conf.set_index("team")["conference_rank"]
        rest = [t for t in conf.sort_values("conference_rank")["team"] if t not in divs[0] + divs[1]]
        a, b = sorted(divs, key=lambda d: crank[d[0]])
        slots += [a[0], rest[1], a[1], a[2], b[0], rest[0], b[1], b[2]]
    return slots


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_nhl_bracket_random_season(seed):
    rng = np.random.default_rng(seed)
    sizes = {("East", "Atlantic"): 8, ("East", "Metropolitan"): 8, ("West", "Central"): 9, ("West", "Pacific"): 7}
    teams = pd.DataFrame([(f"{d[0]}{k}", c, d) for (c, d), m in sizes.items() for k in range(m)],
                         columns=["team", "conference", "division"])
    names = list(teams["team"])
    results = random_results(rng, names, 64, "nhl")   # few games: many ties, head-to-head matters
    stats, h2h, win = season_arrays(results, teams, "nhl")
    used, slots = bracket(rk.FMT_NHL, 16, teams, stats, h2h)
    assert used == 16
    assert [names[i] for i in slots] == nhl_reference(standings(results, teams))


# --- format checks ---

def nhl_league(sizes):
    """sizes: {(conference, division): number of teams}."""
    return pd.DataFrame([(f"{c}{d}{k}", c, d) for (c, d), m in sizes.items() for k in range(m)],
                        columns=["team", "conference", "division"])


@pytest.mark.parametrize("sizes, fmt, n_playoff, message", [
    ({("E", "A"): 4}, "top", 1, r"'top' seeds 2 to 4 teams \(the league's\), got 1 playoff teams"),
    ({("E", "A"): 4}, "top", 5, r"'top' seeds 2 to 4 teams"),
    ({("E", "A"): 4}, "best", 4, r"unknown playoff format 'best'; known: top, nhl"),
    ({("E", "A"): 4}, "top", 2.5, r"n_playoff must be a whole number"),
    ({("E", "A"): 8, ("W", "B"): 8, ("X", "C"): 8}, "nhl", 16, r"exactly 2 conferences, the league has 3"),
    ({("E", "A"): 16, ("E", "B"): 16}, "nhl", 16, r"exactly 2 conferences, the league has 1"),
    ({("E", "A"): 4, ("E", "B"): 4, ("E", "C"): 4, ("W", "D"): 4, ("W", "F"): 4}, "nhl", 16,
     r"2 divisions per conference, conference 'E' has 3"),
    ({("E", "A"): 6, ("E", "B"): 2, ("W", "C"): 4, ("W", "D"): 4}, "nhl", 16,
     r"at least 3 teams per division, division 'B' \(E\) has 2"),
    ({("E", "A"): 4, ("E", "B"): 3, ("W", "C"): 4, ("W", "D"): 4}, "nhl", 16,
     r"at least 8 teams per conference, conference 'E' has 7"),
    ({("E", "A"): 4, ("E", "B"): 4, ("W", "C"): 4, ("W", "D"): 4}, "nhl", 8,
     r"'nhl' seeds 16 teams, got 8 playoff teams"),
])
def test_check_playoff_format_errors(sizes, fmt, n_playoff, message):
    with pytest.raises(ValueError, match=message):
        rk.check_playoff_format(nhl_league(sizes), fmt, n_playoff)


def test_check_playoff_format_accepts():
    league = nhl_league({("E", "A"): 4, ("E", "B"): 4, ("W", "C"): 3, ("W", "D"): 5})
    assert rk.check_playoff_format(league, "nhl", 16) == rk.FMT_NHL
    assert rk.check_playoff_format(league, "top", 16) == rk.FMT_TOP
    assert rk.check_playoff_format(league, "top", np.int64(2)) == rk.FMT_TOP


def test_nhl_wildcards_are_ranked_among_the_teams_still_in_the_race():
    """QQQ and RRR race for the second wildcard, level through wins with PPP, third in its division and so in
    already. Ranked in the whole conference, the three-way head-to-head (RRR beat PPP twice) put RRR ahead; the
    wildcard race is ranked among the teams still in it, where QQQ beat RRR in their one game."""
    names = (["Ea0", "Ea1", "PPP", "Ea3", "Ea4"] + ["Eb0", "Eb1", "Eb2", "SSS", "QQQ", "RRR"]
             + ["Wa0", "Wa1", "Wa2", "Wa3", "Wa4"] + ["Wb0", "Wb1", "Wb2", "Wb3", "Wb4"])
    teams = pd.DataFrame({"team": names, "conference": ["E"] * 11 + ["W"] * 10,
                          "division": ["Ea"] * 5 + ["Eb"] * 6 + ["Wa"] * 5 + ["Wb"] * 5})
    pts = {"Ea0": 100, "Ea1": 95, "PPP": 80, "Ea3": 50, "Ea4": 40, "Eb0": 100, "Eb1": 95, "Eb2": 90, "SSS": 85,
           "QQQ": 80, "RRR": 80}
    idx = {t: i for i, t in enumerate(names)}
    n = len(names)
    stats = np.zeros((n, rk.NS), np.int64)
    stats[:, rk.S_GP] = 82
    for t, i in idx.items():
        stats[i, rk.S_PTS] = pts.get(t, 60 + i)
        stats[i, rk.S_W] = stats[i, rk.S_RW] = stats[i, rk.S_ROW] = stats[i, rk.S_PTS] // 2
    h2h = np.zeros((n, n, 2), np.int64)
    for winner, loser, games in (("QQQ", "RRR", 1), ("RRR", "PPP", 2), ("PPP", "QQQ", 1)):
        h2h[idx[winner], idx[loser]] = (2 * games, games)
        h2h[idx[loser], idx[winner]] = (0, games)
    _, slots = bracket(rk.FMT_NHL, 16, teams, stats, h2h)
    east = [names[s] for s in slots[:8]]          # [A1, WC2, A2, A3, B1, WC1, B2, B3]
    assert east == ["Ea0", "QQQ", "Ea1", "PPP", "Eb0", "SSS", "Eb1", "Eb2"]
