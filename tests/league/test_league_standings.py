"""Standings and tiebreakers from scripted results: each tiebreaker step, the points systems, bookkeeping and
the error messages."""
import numpy as np
import pandas as pd
import pytest

from simcore.league.standings import (DEFAULT_TIEBREAKERS, POINTS_SYSTEMS, PointsSystem, format_standings,
                                      points_system, standings)


def league(names, conference="East", division="Atlantic"):
    return pd.DataFrame({"team": list(names), "conference": conference, "division": division})


def games(*rows):
    """rows: (home, away, home_goals, away_goals[, decided_in[, winner]])."""
    recs = []
    for r in rows:
        h, a, hg, ag = r[:4]
        recs.append({"home": h, "away": a, "home_goals": hg, "away_goals": ag,
                     "decided_in": r[4] if len(r) > 4 else "REG", "winner": r[5] if len(r) > 5 else None})
    return pd.DataFrame(recs)


def order(table, among):
    """The teams of ``among`` in table order."""
    return [t for t in table["team"] if t in among]


def row(table, team):
    return table.set_index("team").loc[team]


def consecutive(table, teams):
    r = table.set_index("team")["rank"]
    ranks = [int(r[t]) for t in teams]
    assert ranks == list(range(ranks[0], ranks[0] + len(teams)))


# --- each tiebreaker step; the better team always has the later name so the name fallback cannot explain it ---

def test_points():
    s = standings(games(("B", "A", 3, 1)), league("AB"))
    assert list(s["team"]) == ["B", "A"]
    assert list(s["PTS"]) == [2, 0]
    assert list(s["rank"]) == [1, 2]


def test_points_pct_with_unequal_games_played():
    s = standings(games(("B", "X", 2, 1), ("A", "Y", 2, 1), ("X", "A", 1, 0)), league("ABXY"))
    a, b = row(s, "A"), row(s, "B")
    assert (a["PTS"], a["GP"], b["PTS"], b["GP"]) == (2, 2, 2, 1)
    assert (a["PTS%"], b["PTS%"]) == (0.5, 1.0)
    assert order(s, "AB") == ["B", "A"]


def test_regulation_wins():
    s = standings(games(("B", "X", 2, 1), ("Y", "B", 3, 0),
                        ("A", "X", 2, 1, "OT"), ("Y", "A", 3, 0)), league("ABXY"))
    a, b = row(s, "A"), row(s, "B")
    assert (a["PTS"], a["GP"], a["RW"], a["ROW"]) == (2, 2, 0, 1)
    assert (b["PTS"], b["GP"], b["RW"], b["ROW"]) == (2, 2, 1, 1)
    assert order(s, "AB") == ["B", "A"]
    consecutive(s, ["B", "A"])


def test_regulation_plus_overtime_wins_shootout_win_against_overtime_win():
    s = standings(games(("A", "X", 2, 2, "SO", "home"), ("Y", "A", 3, 0),
                        ("B", "X", 3, 2, "OT"), ("Y", "B", 3, 0)), league("ABXY"))
    a, b = row(s, "A"), row(s, "B")
    assert (a["PTS"], a["W"], a["RW"], a["ROW"]) == (2, 1, 0, 0)
    assert (b["PTS"], b["W"], b["RW"], b["ROW"]) == (2, 1, 0, 1)
    assert (a["GF"], a["GA"]) == (2, 5)        # shootout goals are not in the table
    assert order(s, "AB") == ["B", "A"]
    consecutive(s, ["B", "A"])


def test_wins():
    # B: a shootout win and a regulation loss; A: two overtime losses. 2 points each, no RW or ROW.
    s = standings(games(("B", "X", 1, 1, "SO", "home"), ("Y", "B", 1, 0),
                        ("X", "A", 3, 2, "OT"), ("Y", "A", 2, 2, "SO", "home")), league("ABXY"))
    a, b = row(s, "A"), row(s, "B")
    assert (a["PTS"], a["GP"], a["W"], a["L"], a["OTL"], a["ROW"]) == (2, 2, 0, 0, 2, 0)
    assert (b["PTS"], b["GP"], b["W"], b["L"], b["OTL"], b["ROW"]) == (2, 2, 1, 1, 0, 0)
    assert order(s, "AB") == ["B", "A"]
    consecutive(s, ["B", "A"])


def test_head_to_head_two_teams():
    # B beat A; A has the better goal differential and goals for, so only head-to-head puts B first.
    s = standings(games(("B", "A", 3, 1), ("A", "X", 5, 0), ("Y", "B", 1, 0)), league("ABXY"))
    a, b = row(s, "A"), row(s, "B")
    for c in ("PTS", "GP", "RW", "ROW", "W"):
        assert a[c] == b[c]
    assert (a["DIFF"], b["DIFF"], a["GF"], b["GF"]) == (3, 1, 6, 3)
    assert list(s["team"]) == ["Y", "B", "A", "X"]


def test_head_to_head_three_teams():
    # Among A, B, C: C beat A and B (4 points), A beat B (2), B none (0). B has the best goal differential.
    s = standings(games(("C", "A", 1, 0), ("C", "B", 1, 0), ("A", "B", 1, 0),
                        ("A", "X", 1, 0), ("Z", "A", 1, 0),
                        ("B", "X", 9, 0), ("B", "Y", 9, 0),
                        ("Z", "C", 5, 0), ("Z", "C", 5, 0)), league("ABCXYZ"))
    for t in "ABC":
        r = row(s, t)
        assert (r["GP"], r["PTS"], r["RW"], r["ROW"], r["W"]) == (4, 4, 2, 2, 2)
    assert row(s, "B")["DIFF"] == 16
    assert order(s, "ABC") == ["C", "A", "B"]
    consecutive(s, ["C", "A", "B"])


def test_head_to_head_of_three_or_more_is_the_share_of_points_available_among_them():
    """NHL tie-breaker 5: "When more than two Clubs are tied, the percentage of available points earned in games
    among each other". A, B and C finish level through wins (5 W, 5 L, 10 points each) after uneven meetings
    (A-B twice, A-C four times, B-C twice): A 8 of 12 points among them (.667), B 6 of 8 (.750), C 2 of 12 (.167).
    By raw points A (8) would come first; by the share, B. The numba ranking gives the same order
    (tests/league/test_league_ranking.py compares the two on random leagues)."""
    res = games(("A", "B", 2, 1), ("B", "A", 2, 1),
                ("A", "C", 2, 1), ("C", "A", 1, 2), ("A", "C", 2, 1), ("C", "A", 2, 1),
                ("B", "C", 2, 1), ("C", "B", 1, 2),
                ("A", "X", 2, 1), ("X", "A", 2, 1), ("X", "A", 2, 1), ("X", "A", 2, 1),
                ("B", "X", 2, 1), ("B", "X", 2, 1), ("X", "B", 2, 1), ("X", "B", 2, 1), ("X", "B", 2, 1),
                ("X", "B", 2, 1),
                ("C", "X", 2, 1), ("C", "X", 2, 1), ("C", "X", 2, 1), ("C", "X", 2, 1))
    s = standings(res, league("ABCX"))
    for t in "ABC":
        assert tuple(row(s, t)[["GP", "W", "L", "PTS", "RW", "ROW"]]) == (10, 5, 5, 10, 5, 5)
    assert order(s, "ABC") == ["B", "A", "C"]
    consecutive(s, ["B", "A", "C"])
    # two teams tied: the points between them (their games offer both the same points)
    two = standings(games(("A", "B", 2, 1), ("B", "A", 3, 1), ("B", "X", 1, 2), ("X", "A", 2, 1)), league("ABX"))
    assert order(two, "AB") == ["B", "A"]


def test_head_to_head_among_all_tied_then_next_criterion_for_the_rest():
    # A beat B, C beat A twice, B and C split two: among the three C has 6 of the 8 points its games offered, A
    # and B 2 of 6 each. Between A and B alone A would win head-to-head, but the next criterion (goal
    # differential) is applied to the remaining pair: B first.
    res = games(("A", "B", 1, 0), ("C", "A", 1, 0), ("C", "A", 1, 0), ("B", "C", 1, 0), ("C", "B", 1, 0),
                ("A", "X", 1, 0), ("A", "X", 1, 0), ("Z", "A", 1, 0),
                ("B", "X", 6, 0), ("B", "X", 1, 0), ("Z", "B", 1, 0),
                ("Z", "C", 1, 0), ("Z", "C", 1, 0))
    teams = pd.DataFrame({"team": list("ABCXZ"), "conference": "East",
                          "division": ["North", "North", "South", "South", "South"]})
    s = standings(res, teams)
    for t in "ABC":
        r = row(s, t)
        assert (r["GP"], r["PTS"], r["RW"], r["ROW"], r["W"]) == (6, 6, 3, 3, 3)
    assert (row(s, "A")["DIFF"], row(s, "B")["DIFF"]) == (0, 5)
    assert order(s, "ABC") == ["C", "B", "A"]
    consecutive(s, ["C", "B", "A"])
    # in the North division only A and B are tied, and head-to-head between them puts A first
    assert (row(s, "A")["division_rank"], row(s, "B")["division_rank"]) == (1, 2)
    assert (row(s, "C")["division_rank"], row(s, "Z")["division_rank"], row(s, "X")["division_rank"]) == (2, 1, 3)
    assert [int(row(s, t)["conference_rank"]) for t in "ZCBAX"] == [1, 2, 3, 4, 5]


def test_goal_differential():
    s = standings(games(("A", "X", 6, 5), ("B", "Y", 3, 0)), league("ABXY"))
    a, b = row(s, "A"), row(s, "B")
    assert (a["DIFF"], b["DIFF"], a["GF"], b["GF"]) == (1, 3, 6, 3)
    assert order(s, "AB") == ["B", "A"]
    consecutive(s, ["B", "A"])


def test_goals_for():
    s = standings(games(("A", "X", 2, 1), ("B", "Y", 5, 4)), league("ABXY"))
    a, b = row(s, "A"), row(s, "B")
    assert (a["DIFF"], b["DIFF"], a["GF"], b["GF"]) == (1, 1, 2, 5)
    assert order(s, "AB") == ["B", "A"]


def test_team_name_is_the_final_fallback():
    res = games(("B", "Y", 2, 1), ("A", "X", 2, 1))
    s = standings(res, league("YXBA"))
    assert list(s["team"]) == ["A", "B", "X", "Y"]
    assert list(s["rank"]) == [1, 2, 3, 4]
    s2 = standings(res.iloc[::-1], league("ABXY"))
    assert list(s2["team"]) == ["A", "B", "X", "Y"]


def test_custom_tiebreaker_order():
    # B beat A head-to-head; A has more goals for. Goals for before head-to-head puts A first.
    res = games(("B", "A", 3, 1), ("A", "X", 5, 0), ("Y", "B", 1, 0))
    s = standings(res, league("ABXY"), tiebreakers=("points", "goals_for", "head_to_head"))
    assert order(s, "AB") == ["A", "B"]
    s = standings(res, league("ABXY"), tiebreakers=["points", "head_to_head"])
    assert order(s, "AB") == ["B", "A"]
    assert DEFAULT_TIEBREAKERS == ("points", "points_pct", "regulation_wins", "regulation_overtime_wins", "wins",
                                   "head_to_head", "goal_differential", "goals_for")


# --- points systems ---

def test_nhl_and_ties_points_systems():
    res = games(("A", "B", 2, 2), ("A", "C", 3, 2, "OT"), ("C", "B", 4, 1), ("B", "C", 1, 1))
    s = standings(res, league("ABC"), points="ties")
    assert list(s.columns) == ["team", "conference", "division", "GP", "W", "L", "T", "PTS", "PTS%", "RW", "ROW",
                               "GF", "GA", "DIFF", "rank", "division_rank", "conference_rank"]
    t = s.set_index("team")
    assert t.loc["A", ["GP", "W", "L", "T", "PTS"]].tolist() == [2, 1, 0, 1, 3]
    assert t.loc["B", ["GP", "W", "L", "T", "PTS"]].tolist() == [3, 0, 1, 2, 2]
    assert t.loc["C", ["GP", "W", "L", "T", "PTS"]].tolist() == [3, 1, 1, 1, 3]   # the OT loss scores nothing
    assert t.loc["A", "PTS%"] == 0.75 and t.loc["C", "PTS%"] == 0.5
    assert list(s["team"]) == ["A", "C", "B"]

    res = games(("A", "B", 2, 1), ("A", "C", 3, 2, "OT"), ("C", "B", 4, 4, "SO", "away"), ("B", "C", 0, 1))
    s = standings(res, league("ABC"), points="nhl")
    assert "OTL" in s.columns and "T" not in s.columns
    t = s.set_index("team")
    assert t.loc["A", ["GP", "W", "L", "OTL", "PTS", "RW", "ROW"]].tolist() == [2, 2, 0, 0, 4, 1, 2]
    assert t.loc["B", ["GP", "W", "L", "OTL", "PTS", "RW", "ROW"]].tolist() == [3, 1, 2, 0, 2, 0, 0]
    assert t.loc["C", ["GP", "W", "L", "OTL", "PTS", "RW", "ROW"]].tolist() == [3, 1, 0, 2, 4, 1, 1]
    assert t.loc["C", ["GF", "GA", "DIFF"]].tolist() == [7, 7, 0]
    assert list(s["team"]) == ["A", "C", "B"]     # same points; A's 1.000 points % beats C's .667
    # the same results scored under the ties system: the OT and SO losses are plain losses
    t = standings(res, league("ABC"), points="ties").set_index("team")
    assert t.loc["C", ["W", "L", "T", "PTS"]].tolist() == [1, 2, 0, 2]
    assert t.loc["B", ["W", "L", "T", "PTS"]].tolist() == [1, 2, 0, 2]


def test_points_system_presets():
    assert points_system("nhl") == PointsSystem("nhl", win=2, loss=0, otl=1, tie=None)
    assert points_system("ties") == PointsSystem("ties", win=2, loss=0, otl=None, tie=1)
    custom = PointsSystem("three", win=3, loss=0, otl=1, tie=None)
    assert points_system(custom) is custom
    assert set(POINTS_SYSTEMS) == {"nhl", "ties"}


def test_team_without_games():
    s = standings(games(("A", "B", 1, 0)), league("ABC"))
    c = row(s, "C")
    assert c[["GP", "W", "L", "OTL", "PTS", "GF", "GA"]].tolist() == [0] * 7
    assert c["PTS%"] == 0.0
    assert list(s["team"]) == ["A", "C", "B"]    # B and C level to head-to-head; C's 0 goal differential beats -1


def test_bookkeeping_random_300_games():
    rng = np.random.default_rng(20261130)
    names = [f"T{i:02d}" for i in range(12)]
    teams = pd.DataFrame({"team": names, "conference": ["East"] * 6 + ["West"] * 6,
                          "division": ["A"] * 3 + ["B"] * 3 + ["C"] * 3 + ["D"] * 3})
    recs = []
    for _ in range(300):
        h, a = rng.choice(names, 2, replace=False)
        dec = rng.choice(["REG", "OT", "SO"], p=[0.75, 0.15, 0.10])
        hg, ag = int(rng.integers(0, 7)), int(rng.integers(0, 7))
        winner = None
        if dec == "REG" and hg == ag:
            hg += 1
        elif dec == "OT":
            ag = hg + 1 if rng.random() < 0.5 else hg - 1 if hg > 0 else hg + 1
        elif dec == "SO":
            ag = hg
            winner = rng.choice(["home", "away"])
        recs.append(dict(home=h, away=a, home_goals=hg, away_goals=ag, decided_in=dec, winner=winner))
    res = pd.DataFrame(recs)
    s = standings(res, teams)
    assert (s["W"] + s["L"] + s["OTL"] == s["GP"]).all()
    assert s["GP"].sum() == 600 and s["W"].sum() == 300
    assert s["L"].sum() == (res["decided_in"] == "REG").sum()
    assert s["OTL"].sum() == (res["decided_in"] != "REG").sum()
    assert (s["PTS"] == 2 * s["W"] + s["OTL"]).all()
    assert (s["RW"] <= s["ROW"]).all() and (s["ROW"] <= s["W"]).all()
    assert s["RW"].sum() == (res["decided_in"] == "REG").sum()
    assert s["ROW"].sum() == (res["decided_in"] != "SO").sum()
    assert s["GF"].sum() == s["GA"].sum() == res["home_goals"].sum() + res["away_goals"].sum()
    assert (s["DIFF"] == s["GF"] - s["GA"]).all()
    assert np.allclose(s["PTS%"], s["PTS"] / (2 * s["GP"]))
    assert list(s["rank"]) == list(range(1, 13))
    assert (s["PTS"].diff().dropna() <= 0).all()
    for _, sub in s.groupby("division"):
        assert sorted(sub["division_rank"]) == [1, 2, 3]
        assert list(sub.sort_values("division_rank")["team"]) == list(sub["team"])  # division order = league order
    for _, sub in s.groupby("conference"):
        assert sorted(sub["conference_rank"]) == list(range(1, 7))
    t = standings(res.assign(decided_in="REG", winner=None), teams, points="ties")
    assert (t["W"] + t["L"] + t["T"] == t["GP"]).all()
    assert (t["PTS"] == 2 * t["W"] + t["T"]).all()
    assert t["T"].sum() == 2 * (res["decided_in"] == "SO").sum()


# --- errors ---

def test_unknown_points_system():
    with pytest.raises(ValueError, match=r"unknown points system 'shootout'; known: nhl, ties"):
        standings(games(("A", "B", 1, 0)), league("AB"), points="shootout")


def test_unknown_tiebreaker():
    with pytest.raises(ValueError, match=r"unknown tiebreaker 'coin_toss'; known: points, points_pct, "
                                         r"regulation_wins, .*goals_for"):
        standings(games(("A", "B", 1, 0)), league("AB"), tiebreakers=("points", "coin_toss"))


def test_team_not_in_teams_table():
    with pytest.raises(ValueError, match=r"results row 1: away team 'Q' is not in the teams table"):
        standings(games(("A", "B", 1, 0), ("A", "Q", 1, 0)), league("AB"))


def test_shootout_level_needs_winner_column():
    res = games(("A", "B", 1, 0), ("A", "B", 2, 2, "SO")).drop(columns="winner")
    with pytest.raises(ValueError, match=r"results row 1: shootout game recorded level 2-2 and results have no "
                                         r"'winner' column"):
        standings(res, league("AB"))
    with pytest.raises(ValueError, match=r"results row 1: shootout game recorded level 2-2 needs winner 'home' "
                                         r"or 'away', got None"):
        standings(games(("A", "B", 1, 0), ("A", "B", 2, 2, "SO")), league("AB"))
    # a shootout game recorded with a margin needs no winner column
    s = standings(games(("A", "B", 3, 2, "SO")).drop(columns="winner"), league("AB"))
    assert row(s, "B")["OTL"] == 1


def test_other_result_errors():
    with pytest.raises(ValueError, match=r"results row 0: regulation game ended level 1-1, but the 'nhl' points "
                                         r"system has no ties"):
        standings(games(("A", "B", 1, 1)), league("AB"))
    with pytest.raises(ValueError, match=r"results row 0: overtime game ended level 1-1"):
        standings(games(("A", "B", 1, 1, "OT")), league("AB"), points="ties")
    with pytest.raises(ValueError, match=r"results row 0: decided_in 'PEN' is not one of REG, OT, SO"):
        standings(games(("A", "B", 2, 1, "PEN")), league("AB"))
    with pytest.raises(ValueError, match=r"results row 0: team 'A' plays itself"):
        standings(games(("A", "A", 2, 1)), league("AB"))
    with pytest.raises(ValueError, match=r"results row 0: away_goals -1 is not a non-negative whole number"):
        standings(games(("A", "B", 2, -1)), league("AB"))
    with pytest.raises(ValueError, match=r"results row 0: winner 'away' contradicts the score 3-2"):
        standings(games(("A", "B", 3, 2, "SO", "away")), league("AB"))
    with pytest.raises(ValueError, match=r"results: missing column\(s\) decided_in"):
        standings(games(("A", "B", 1, 0)).drop(columns="decided_in"), league("AB"))
    with pytest.raises(ValueError, match=r"teams: missing column\(s\) division"):
        standings(games(("A", "B", 1, 0)), league("AB").drop(columns="division"))
    with pytest.raises(ValueError, match=r"teams: team 'A' listed more than once"):
        standings(games(("A", "B", 1, 0)), league("ABA"))


# --- text table ---

def test_format_standings():
    teams = pd.DataFrame({"team": ["Boston", "Toronto", "Dallas", "Denver"],
                          "conference": ["East", "East", "West", "West"],
                          "division": ["Atlantic", "Atlantic", "Central", "Central"]})
    res = games(("Boston", "Toronto", 4, 1), ("Dallas", "Denver", 2, 3, "OT"), ("Toronto", "Dallas", 2, 1))
    s = standings(res, teams)
    text = format_standings(s)
    lines = text.splitlines()
    assert lines[0] == "East Conference / Atlantic Division"
    assert lines[1].split() == ["#", "Team", "GP", "W", "L", "OTL", "PTS", "PTS%", "RW", "ROW", "GF", "GA", "DIFF"]
    assert lines[3].split() == ["1", "Boston", "1", "1", "0", "0", "2", "1.000", "1", "1", "4", "1", "+3"]
    assert lines[4].split() == ["2", "Toronto", "2", "1", "1", "0", "2", "0.500", "1", "1", "3", "5", "-2"]
    assert "West Conference / Central Division" in lines
    conf = format_standings(s, by="conference").splitlines()
    assert conf[0] == "East Conference" and "West Conference" in conf
    lg = format_standings(s, by="league").splitlines()
    assert lg[0] == "League"
    assert [ln.split()[1] for ln in lg[3:]] == ["Boston", "Denver", "Toronto", "Dallas"]
    with pytest.raises(ValueError, match="unknown grouping 'team'; known: division, conference, league"):
        format_standings(s, by="team")


def test_a_shootout_game_counts_alike_written_level_or_with_its_deciding_goal():
    """Goals exclude shootout goals: a shootout win written 2-2 with its winner and written 3-2 (the deciding
    shootout goal counted, the NHL's final score) give the same line, GF 2 and DIFF 0 (3-2 gave GF 3, DIFF +1,
    and so ranked above an identical team whose game was written level); two goals apart is an error."""
    level = standings(games(("B", "A", 2, 2, "SO", "home"), ("D", "C", 2, 2, "SO", "home")), league("ABCD"))
    counted = standings(games(("B", "A", 3, 2, "SO"), ("D", "C", 2, 2, "SO", "home")), league("ABCD"))
    pd.testing.assert_frame_equal(level, counted)
    assert row(counted, "B")[["GF", "GA", "DIFF", "PTS"]].tolist() == [2, 2, 0, 2]
    assert row(counted, "A")[["GF", "GA", "DIFF", "PTS", "OTL"]].tolist() == [2, 2, 0, 1, 1]
    with pytest.raises(ValueError, match="recorded level .* or one goal apart"):
        standings(games(("B", "A", 4, 2, "SO")), league("AB"))


def test_a_league_reads_a_shootout_game_with_its_deciding_goal_as_level(tmp_path):
    import shutil

    from simcore.league import sample
    from simcore.league.files import load_league

    d = tmp_path / "lg"
    shutil.copytree(sample("ezr"), d)
    played = d / "played.csv"
    text = played.read_text()
    old = "2026-10-08,EAG,UPL,3,3,SO,away,"
    assert old in text
    played.write_text(text.replace(old, "2026-10-08,EAG,UPL,3,4,SO,,"))
    a, b = load_league(sample("ezr")), load_league(d)
    cols = ["date", "home", "away", "home_goals", "away_goals", "decided_in", "winner"]
    pd.testing.assert_frame_equal(a.results[cols], b.results[cols])
    pd.testing.assert_frame_equal(standings(a.results, a.teams, a.points), standings(b.results, b.teams, b.points))
