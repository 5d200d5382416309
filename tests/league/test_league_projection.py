"""Season projections: the season kernels against the standings code, closed-form series odds, the goalie
rotation and fatigue rules (24.4-24.43), injuries carried over, reproducibility and the CLI."""
from __future__ import annotations

import json
import re
import textwrap

import numpy as np
import pandas as pd
import pytest

from simcore.cli import main
from simcore.games.ezr.engine import exact
from simcore.league import kernel as LK
from simcore.league.files import load_league
from simcore.league.projection import as_of, odds_by_date, project, write
from simcore.league import sample
from simcore.league.series import series_win_prob_pattern
from simcore.league.standings import standings

EZR_SAMPLE = sample("ezr") / "league.toml"
STRAT_SAMPLE = sample("strat") / "league.toml"


def write_league(tmp, teams, schedule, played=None, goalies=None, engine="ezr", extra=""):
    """A league folder in ``tmp``: DataFrames to CSV files and a league.toml naming them."""
    teams.to_csv(tmp / "teams.csv", index=False)
    schedule.to_csv(tmp / "schedule.csv", index=False)
    lines = ['name = "test"', f'game = "{engine}"', 'teams = "teams.csv"', 'schedule = "schedule.csv"']
    if goalies is not None:
        goalies.to_csv(tmp / "goalies.csv", index=False)
        lines.append('goalies = "goalies.csv"')
    if played is not None:
        played.to_csv(tmp / "played.csv", index=False)
        lines.append('results = "played.csv"')
    (tmp / "league.toml").write_text("\n".join(lines) + "\n" + textwrap.dedent(extra))
    return tmp / "league.toml"


def ezr_four(tmp, n_rounds=2, played_all=True, seed=5, extra="[playoffs]\nformat = \"top\"\nteams = 2\n"):
    """Four EZR teams in one division, a double round robin, every game played with random scores."""
    teams = pd.DataFrame({"team": ["AAA", "BBB", "CCC", "DDD"], "conference": "C", "division": "D",
                          "off": ["C", "D", "E", "F"], "shooter": "C"})
    goalies = pd.DataFrame({"team": teams.team, "goalie": [f"{t} g" for t in teams.team], "def": "E", "so": "c",
                            "share": 1.0})
    pairs = [(h, a) for _ in range(n_rounds) for h in teams.team for a in teams.team if h != a]
    schedule = pd.DataFrame({"date": [f"2026-10-{1 + i // 2:02d}" for i in range(len(pairs))],
                             "home": [p[0] for p in pairs], "away": [p[1] for p in pairs]})
    played = None
    if played_all:
        rng = np.random.default_rng(seed)
        hg = rng.integers(0, 6, len(pairs))
        ag = rng.integers(0, 6, len(pairs))
        ag = np.where(ag == hg, ag + 1, ag)
        decided = np.where(np.abs(hg - ag) == 1, rng.choice(["REG", "OT", "SO"], len(pairs)), "REG")
        played = schedule.assign(home_goals=hg, away_goals=ag, decided_in=decided)
    return write_league(tmp, teams, schedule, played, goalies, extra=extra)


# ------------------------------------------------------------------ the kernels against the reference code

def test_fully_played_season_projects_deterministically(tmp_path):
    path = ezr_four(tmp_path)
    lg = load_league(path)
    assert len(lg.remaining()) == 0
    table = standings(lg.results, lg.teams, lg.points, lg.tiebreakers).set_index("team")
    p = project(lg, n=40, seed=3, progress=False)
    for team, g in p.seasons.groupby("team"):
        assert g["points"].nunique() == 1 and g["rank"].nunique() == 1
        assert g["points"].iloc[0] == table.loc[team, "PTS"]
        assert g["rank"].iloc[0] == table.loc[team, "rank"]
    t = p.teams.set_index("team")
    assert (t["points_sd"] == 0).all() and (t["points_se"] == 0).all()
    top2 = set(table.index[table["rank"] <= 2])
    assert {k for k, v in t["playoff_odds"].items() if v == 1.0} == top2
    assert set(t.index[t["playoff_odds"] == 0.0]) == set(t.index) - top2
    assert set(t.index[t["first_overall_odds"] == 1.0]) == set(table.index[table["rank"] == 1])
    # the final is still played: both finalists win some titles, the others none
    assert t.loc[list(top2), "title_odds"].sum() == pytest.approx(1.0)
    assert (t.loc[list(top2), "title_odds"] > 0).all()


def test_kernel_standings_match_the_standings_code():
    lg = load_league(EZR_SAMPLE)
    p = project(lg, n=6, seed=11, progress=False, keep_games=True)
    cols = ["date", "home", "away", "home_goals", "away_goals", "decided_in", "winner"]
    for season in range(6):
        sim = p.games[p.games.season == season][cols]
        played = lg.results[cols]
        table = standings(pd.concat([played, sim], ignore_index=True), lg.teams, lg.points, lg.tiebreakers)
        got = p.seasons[p.seasons.season == season].set_index("team")
        ref = table.set_index("team")
        for col, rcol in (("points", "PTS"), ("W", "W"), ("L", "L"), ("OTL", "OTL"), ("GF", "GF"), ("GA", "GA"),
                          ("rank", "rank"), ("division_rank", "division_rank"),
                          ("conference_rank", "conference_rank")):
            assert (got[col] == ref.loc[got.index, rcol]).all(), (season, col)


def test_playoff_bookkeeping():
    p = project(EZR_SAMPLE, n=30, seed=2, progress=False)
    for _, g in p.seasons.groupby("season"):
        assert g["made_playoffs"].sum() == 16
        assert g["champion"].sum() == 1
        assert g["series_won"].sum() == 15
        assert g.loc[g["champion"], "series_won"].iloc[0] == 4
        assert (g.loc[~g["made_playoffs"], "series_won"] == 0).all()
        # top-16 format: the field is the 16 best records
        assert set(g.loc[g["made_playoffs"], "rank"]) == set(range(1, 17))
    t = p.teams
    assert t["title_odds"].sum() == pytest.approx(1.0)
    assert t["playoff_odds"].sum() == pytest.approx(16.0)
    assert t["first_overall_odds"].sum() == pytest.approx(1.0)
    assert t["division_odds"].sum() == pytest.approx(4.0)


def test_series_odds_match_the_closed_form(tmp_path):
    """A best-of-7 final between two EZR teams: the title odds of the team with home ice equal the exact series
    probability built from the exact per-game probabilities (playoff overtime is sudden death)."""
    teams = pd.DataFrame({"team": ["HHH", "LLL"], "conference": "C", "division": "D", "off": ["D", "E"],
                          "shooter": ["C", "C"]})
    goalies = pd.DataFrame({"team": ["HHH", "LLL"], "goalie": ["h", "l"], "def": ["E", "D"], "so": ["c", "b"],
                            "share": 1.0})
    schedule = pd.DataFrame({"date": ["2026-10-01"], "home": ["HHH"], "away": ["LLL"]})
    played = schedule.assign(home_goals=[3], away_goals=[1], decided_in=["REG"])
    path = write_league(tmp_path, teams, schedule, played, goalies,
                        extra="[playoffs]\nformat = \"top\"\nteams = 2\nbest_of = 7\n")
    n = 20_000
    p = project(path, n=n, seed=7, progress=False)
    got = p.teams.set_index("team").loc["HHH", "title_odds"]

    def p_home_wins(home, away):
        ex = exact(home, away)
        ot = ex.overtime
        return ex.regulation["home"] + ex.regulation["tie"] * ot["win"] / (ot["win"] + ot["loss"])

    h, l_ = "D/E/C/c", "E/D/C/b"
    ph = p_home_wins(h, l_)
    pa = 1 - p_home_wins(l_, h)
    want = series_win_prob_pattern(ph, pa, 7, "2-2-1-1-1")
    assert abs(got - want) < 4 * np.sqrt(want * (1 - want) / n)


# ------------------------------------------------------------------ goalies

def test_fatigue_rule_text():
    """24.4: a rating of 4 allows four consecutive games; a fifth is fatigued.  24.41: unless every game of the
    run was complete with at most 4 goals against.  24.42: a team's only goalie.  24.43: playoffs, rating 5+."""
    f = LK.fatigued_start
    assert not f(3, 0, 4, False, False)           # the fourth consecutive game
    assert f(4, 0, 4, False, False)               # the fifth
    assert f(4, 3, 4, False, False)               # one game of the run spoils the hot streak
    assert not f(4, 4, 4, False, False)           # hot goalie (24.41)
    assert not f(9, 9, 4, False, False)           # ... keeps going while it lasts
    assert not f(7, 0, 4, True, False)            # 24.42
    assert not f(7, 0, 5, False, True)            # 24.43
    assert f(7, 0, 4, False, True)                # a rating under 5 gets no playoff exception


def test_goalie_after_game_tracks_the_hot_run():
    consec = np.zeros((1, LK.MAX_GOALIES), np.int64)
    okrun = np.zeros_like(consec)
    n_goalies = np.array([2], np.int64)
    one = np.array([1, 0, 0, 0], np.int64)
    for ga, want_ok in ((2, 1), (4, 2), (5, 2), (0, 2)):
        LK.goalie_after_game(0, n_goalies, one, one, np.array([ga, 0, 0, 0], np.int64), consec, okrun)
        assert okrun[0, 0] == want_ok
    assert consec[0, 0] == 4
    # relieved: played but not a complete game; then a rest resets the run
    LK.goalie_after_game(0, n_goalies, np.array([1, 1, 0, 0], np.int64), np.zeros(4, np.int64),
                         np.zeros(4, np.int64), consec, okrun)
    assert consec[0].tolist()[:2] == [5, 1] and okrun[0].tolist()[:2] == [2, 0]
    LK.goalie_after_game(0, n_goalies, np.array([0, 1, 0, 0], np.int64), np.array([0, 1, 0, 0], np.int64),
                         np.zeros(4, np.int64), consec, okrun)
    # the backup's run began with a relief appearance, so it can never be a hot run
    assert consec[0].tolist()[:2] == [0, 2] and okrun[0].tolist()[:2] == [0, 0]


def test_pick_goalie_follows_shares_and_rests_a_tired_goalie():
    share = np.array([[0.7, 0.3, 0, 0]])
    n_goalies = np.array([2], np.int64)
    rating = np.array([[3, 3, 0, 0]], np.int64)
    starts = np.zeros((1, 4), np.int64)
    consec = np.zeros((1, 4), np.int64)
    okrun = np.zeros((1, 4), np.int64)
    seq = []
    for game in range(20):
        g = LK.pick_goalie(0, share, n_goalies, starts, game, consec, okrun, np.full((1, 4), LK.NO_FATIGUE), False)
        seq.append(int(g))
        starts[0, g] += 1
    assert starts[0, 0] == 14 and starts[0, 1] == 6
    assert all(abs(seq[:k].count(0) - 0.7 * k) < 1 for k in range(1, 21))
    # the starter has played 3 straight (his rating), not hot: the backup starts; hot: he keeps going
    consec[0, 0], okrun[0, 0], starts[0] = 3, 1, (2, 1, 0, 0)
    assert LK.pick_goalie(0, share, n_goalies, starts, 3, consec, okrun, rating, False) == 1
    okrun[0, 0] = 3
    assert LK.pick_goalie(0, share, n_goalies, starts, 3, consec, okrun, rating, False) == 0
    # playoffs: the number-one goalie
    assert LK.pick_goalie(0, share, n_goalies, np.array([[0, 50, 0, 0]]), 82, np.zeros((1, 4), np.int64),
                          okrun, rating, True) == 0


def test_ezr_rotation_meets_the_target_shares():
    p = project(EZR_SAMPLE, n=20, seed=1, progress=False)
    g = p.goalies
    total = g["starts_now"] + g["starts_mean"]
    assert (g["starts_p5"] == g["starts_p95"]).all()   # EZR has no fatigue: the rotation is the same every season
    assert (np.abs(total - g["share"] * 82) < 1).all()


def two_ezr_teams(tmp, goalies, home_goalie, away_goalie):
    """AAA and BBB (EZR) with ``goalies`` (a DataFrame of goalies.csv), 20 games home and away in turn, the first
    four played with these starting goalies."""
    teams = pd.DataFrame({"team": ["AAA", "BBB"], "conference": "C", "division": "D", "off": "D", "shooter": "C"})
    schedule = pd.DataFrame({"date": [f"2026-10-{d:02d}" for d in range(1, 21)], "home": ["AAA", "BBB"] * 10,
                             "away": ["BBB", "AAA"] * 10})
    played = schedule.head(4).assign(home_goals=[2, 1, 3, 2], away_goals=[1, 2, 2, 4], decided_in="REG",
                                     home_goalie=home_goalie, away_goalie=away_goalie)
    return write_league(tmp, teams, schedule, played, goalies, extra="[playoffs]\nformat = \"top\"\nteams = 2\n")


def test_rotation_catches_up_after_played_games(tmp_path):
    """The backup started the first four played games; the starter then starts until he is back on his share."""
    goalies = pd.DataFrame({"team": ["AAA", "AAA", "BBB"], "goalie": ["one", "two", "b"], "def": "E", "so": "c",
                            "share": [0.75, 0.25, 1.0]})
    path = two_ezr_teams(tmp_path, goalies, ["two", "b", "two", "b"], ["b", "two", "b", "two"])
    p = project(path, n=2, seed=0, progress=False, keep_games=True)
    g = p.games[p.games.season == 0]
    slot = np.where(g["home"] == "AAA", g["home_goalie_slot"], g["away_goalie_slot"])
    # after 4 games with 0 starts, "one" is 3.75 starts behind: the deficit rule gives him the next starts
    starts = np.array([0, 4])
    for k, s in enumerate(slot):
        want = int(np.argmax(np.array([0.75, 0.25]) * (4 + k + 1) - starts))
        assert s == want
        starts[s] += 1
    assert starts.tolist() == [15, 5]


def test_an_ezr_goalie_trade_is_a_goalie_on_two_teams(tmp_path):
    """docs/league.md "Trades and call-ups": the goalie who left AAA stays in its rows, with the date he left and
    share 0, so its played games may name him, and starts none of its games to come (EZR has no fatigue: a goalie
    without a share never starts); BBB lists him too, and he starts BBB's games by his share there."""
    goalies = pd.DataFrame({"team": ["AAA", "AAA", "AAA", "BBB", "BBB"],
                            "goalie": ["one", "gone", "new", "b", "gone"], "def": ["E", "C", "F", "E", "C"],
                            "so": "c", "share": [0.5, 0.0, 0.5, 0.5, 0.5],
                            "left": ["", "2026-10-05", "", "", ""]})
    lg = load_league(two_ezr_teams(tmp_path, goalies, ["gone", "b", "one", "b"], ["b", "gone", "b", "one"]))
    assert lg.results["home_goalie"].tolist() == ["gone", "b", "one", "b"]
    p = project(lg, n=2, seed=0, progress=False, keep_games=True)
    g = p.goalies.set_index(["team", "goalie"])
    assert g.loc[("AAA", "gone"), "starts_now"] == 2 and g.loc[("AAA", "gone"), "starts_mean"] == 0
    assert g.loc[("BBB", "gone"), "starts_now"] == 0 and g.loc[("BBB", "gone"), "starts_mean"] > 0
    # AAA's 16 games to come go to "one" and "new" alone. The shares are of the season's 20 games, of which
    # "gone" started 2: "new" is 10 short of his half, "one" 8, so "new" starts two, then they take turns
    assert g.loc[("AAA", "new"), "starts_mean"] == 9 and g.loc[("AAA", "one"), "starts_mean"] == 7
    # BBB's season: "b" started all 4 played games, so "gone" starts until he catches up with his share of 0.5
    assert g.loc[("BBB", "gone"), "starts_mean"] == 10 and g.loc[("BBB", "b"), "starts_mean"] == 6


def test_an_ezr_trade_to_come_changes_the_rotation_on_its_date(tmp_path):
    """docs/league.md "Trades and call-ups": a goalie's share is of the team's starts while he is with it. "gone"
    (0.5) leaves AAA on 2026-10-11, a game still to play, when "new" (0.5) joins it: "gone" shares AAA's games
    with "one" up to 2026-10-10 and starts none from then; "new" starts every other game from his first, not
    every game until he has caught up with half the season."""
    goalies = pd.DataFrame({"team": ["AAA", "AAA", "AAA", "BBB"], "goalie": ["one", "gone", "new", "b"],
                            "def": "E", "so": "c", "share": [0.5, 0.5, 0.5, 1.0],
                            "joined": ["", "", "2026-10-11", ""], "left": ["", "2026-10-11", "", ""]})
    path = two_ezr_teams(tmp_path, goalies, ["gone", "b", "one", "b"], ["b", "one", "b", "gone"])
    p = project(path, n=2, seed=0, progress=False, keep_games=True)
    g = p.games[p.games.season == 0]
    slot = np.where(g["home"] == "AAA", g["home_goalie_slot"], g["away_goalie_slot"])
    # games 5-10 (2026-10-05 .. 10): one and gone level at 2 starts, ties to the lower slot; 11-20: one and new
    assert slot.tolist() == [0, 1] * 3 + [0, 2] * 5
    starts = p.goalies.set_index(["team", "goalie"])
    assert [starts.at[("AAA", k), "starts_mean"] for k in ("one", "gone", "new")] == [8, 3, 5]
    assert starts.at[("AAA", "gone"), "starts_now"] == 2


def test_a_played_game_without_its_goalie_goes_to_one_with_the_team_that_day(tmp_path):
    """The played results name no goalie: each is taken as the rotation's pick among the goalies with the team on
    its date (2026-10-01 "one", the lower slot of a tie; "new", with AAA from 2026-10-02, then takes turns with
    him; "gone", who left that day, none)."""
    goalies = pd.DataFrame({"team": ["AAA", "AAA", "AAA", "BBB"], "goalie": ["one", "gone", "new", "b"],
                            "def": "E", "so": "c", "share": [0.5, 0.5, 0.5, 1.0],
                            "joined": ["", "", "2026-10-02", ""], "left": ["", "2026-10-02", "", ""]})
    path = two_ezr_teams(tmp_path, goalies, [""] * 4, [""] * 4)
    starts = project(path, n=1, seed=0, progress=False).goalies.set_index(["team", "goalie"]).starts_now
    assert [starts[("AAA", k)] for k in ("one", "gone", "new")] == [2, 0, 2]


def test_a_team_without_a_goalie_on_a_date_is_refused_and_an_unordered_schedule_rotates_by_date(tmp_path):
    """A league built in Python whose goalies leave a team without one on some date is refused when projected
    (the file check does the same for goalies.csv); a schedule whose rows are not in date order rotates as the
    same schedule in order: a goalie is due his share of a game only while he is with the team."""
    import dataclasses

    from simcore.errors import InputError

    goalies = pd.DataFrame({"team": ["AAA", "AAA", "AAA", "BBB"], "goalie": ["one", "gone", "new", "b"],
                            "def": "E", "so": "c", "share": [0.5, 0.5, 0.5, 1.0],
                            "joined": ["", "", "2026-10-11", ""], "left": ["", "2026-10-11", "", ""]})
    lg = load_league(two_ezr_teams(tmp_path, goalies, ["gone", "b", "one", "b"], ["b", "one", "b", "gone"]))
    alone = lg.goalies.assign(left=np.where(lg.goalies.goalie == "one", "2026-10-11", lg.goalies.left),
                              joined=np.where(lg.goalies.goalie == "new", "2026-10-12", lg.goalies.joined))
    with pytest.raises(InputError, match="AAA has no goalie with a share on 2026-10-11"):
        project(dataclasses.replace(lg, goalies=alone), n=1, seed=0, progress=False)

    def rotation(league):
        g = project(league, n=1, seed=0, progress=False, keep_games=True).games
        aaa = np.where(g["home"] == "AAA", g["home_goalie_slot"], g["away_goalie_slot"])
        return dict(zip(g.date, aaa))

    in_order = rotation(lg)
    # the game of 2026-10-05 listed last, as of 2026-10-25: the other games keep their dates and rows
    late = lg.schedule.copy()
    row = late.index[late.date == "2026-10-05"][0]
    late = pd.concat([late.drop(index=row), late.loc[[row]].assign(date="2026-10-25")], ignore_index=True)
    moved = rotation(dataclasses.replace(lg, schedule=late))
    assert [int(in_order[d]) for d in sorted(in_order) if d >= "2026-10-11"] == [0, 2] * 5
    # moved: "one" started three of the five games before 2026-10-11 (half a start ahead), so "new" starts first;
    # then they take turns, "new" never starting two games running for the games before he came
    assert [int(moved[d]) for d in sorted(moved) if d >= "2026-10-11"] == [2, 0] * 5 + [2]


def test_a_goalie_sent_down_leaves_the_others_his_part(tmp_path):
    """docs/league.md "Trades and call-ups": "three" (0.1) is sent down on 2026-10-11, with no call-up: from then
    "one" (0.6) and "two" (0.3) share AAA's starts two thirds and one third. Over the season each goalie's starts,
    the four played games' (no starter named) and the sixteen to come, are within one of what he is due: 10 games
    at 0.6 / 0.3 / 0.1, then 10 at 2/3 / 1/3 / 0."""
    goalies = pd.DataFrame({"team": ["AAA", "AAA", "AAA", "BBB"], "goalie": ["one", "two", "three", "b"],
                            "def": "E", "so": "c", "share": [0.6, 0.3, 0.1, 1.0],
                            "left": ["", "", "2026-10-11", ""]})
    p = project(two_ezr_teams(tmp_path, goalies, [""] * 4, [""] * 4), n=1, seed=0, progress=False, keep_games=True)
    g = p.games
    slot = np.where(g["home"] == "AAA", g["home_goalie_slot"], g["away_goalie_slot"])
    assert 2 not in slot[g.date.to_numpy() >= "2026-10-11"]
    season = p.goalies.set_index("goalie")
    starts = season.starts_now + season.starts_mean
    due = {"one": 6 + 20 / 3, "two": 3 + 10 / 3, "three": 1.0}
    assert all(abs(starts[k] - v) < 1 for k, v in due.items()), starts.to_dict()


def strat_two(tmp, played_ga, rules=""):
    """LKP vs KBY; LKP's share override makes its backup card (Viktor Garcroft, rating 2) the main goalie. LKP
    plays the first len(played_ga) games with him, conceding ``played_ga`` goals."""
    teams = pd.DataFrame({"team": ["LKP", "KBY"], "conference": "C", "division": "D"})
    goalies = pd.DataFrame({"team": ["LKP", "LKP"], "goalie": ["Bram Cragcroft", "Viktor Garcroft"],
                            "share": [0.1, 0.9]})
    schedule = pd.DataFrame({"date": [f"2026-10-{d:02d}" for d in range(1, 9)], "home": ["LKP", "KBY"] * 4,
                             "away": ["KBY", "LKP"] * 4})
    k = len(played_ga)
    home_is_lkp = schedule.head(k)["home"] == "LKP"
    played = schedule.head(k).assign(
        home_goals=np.where(home_is_lkp, 9, played_ga), away_goals=np.where(home_is_lkp, played_ga, 9),
        decided_in="REG", home_goalie=np.where(home_is_lkp, "Viktor Garcroft", ""),
        away_goalie=np.where(home_is_lkp, "", "Viktor Garcroft"))
    return write_league(tmp, teams, schedule, played, goalies, engine="strat",
                        extra=f'rules = "{rules}"\n[playoffs]\nformat = "top"\nteams = 2\n')


@pytest.mark.parametrize("played_ga", [(2, 4), (2, 5)])
def test_strat_tired_goalie_is_rested_unless_hot(tmp_path, played_ga):
    # rating 2 and two straight games: a third is fatigued (24.4) unless both were complete games with at most
    # 4 goals against (24.41).  Hot: he starts, fresh.  Not hot: the coach starts the other goalie.
    path = strat_two(tmp_path, played_ga)
    p = project(path, n=3, seed=0, progress=False, keep_games=True)
    first = p.games[p.games.season == 0].iloc[0]       # game 3: LKP at home
    assert first["home"] == "LKP"
    hot = max(played_ga) <= 4
    assert first["home_goalie_slot"] == (1 if hot else 0)
    assert not first["home_fatigued"]


def test_strat_only_goalie_is_never_fatigued_by_consecutive_games(tmp_path):
    """A team's only goalie (the other's share 0, 24.42) starts every game and is never fatigued by 24.4, even
    after games that were not hot."""
    path = strat_two(tmp_path, (5, 5))
    lg = load_league(path)
    lg.goalies.loc[(lg.goalies.team == "LKP") & (lg.goalies.slot == 0), "share"] = 0.0
    lg.goalies.loc[(lg.goalies.team == "LKP") & (lg.goalies.slot == 1), "share"] = 1.0
    p = project(lg, n=2, seed=0, progress=False, keep_games=True)
    g = p.games[p.games.season == 0]
    lkp = np.where(g["home"] == "LKP", g["home_goalie_slot"], g["away_goalie_slot"])
    fat = np.where(g["home"] == "LKP", g["home_fatigued"], g["away_fatigued"])
    assert (lkp == 1).all() and not fat.any()


# ------------------------------------------------------------------ Strat seasons

def test_strat_projection_players_goalies_and_injuries():
    p = project(STRAT_SAMPLE, n=12, seed=4, progress=False)
    left = p.teams.set_index("team")["games_left"]
    pl = p.players
    # a skater is out, or available; dressed players come from the healthy ones
    assert (pl["gp_mean"] + pl["games_out_mean"] <= pl["team"].map(left) + 1e-9).all()
    assert pl["games_out_mean"].sum() > 0                    # injuries happen and carry over
    assert np.allclose(pl["PTS_mean"], pl["G_mean"] + pl["A_mean"])
    gl = p.goalies
    assert np.allclose(gl.groupby("team")["starts_mean"].sum(), left.loc[gl.groupby("team").size().index])
    assert ((gl["sv_pct"] > 0.85) & (gl["sv_pct"] < 0.95)).all()
    # team goals in the standings equal the skaters' goals (shootouts score no goals)
    gf_sim = p.seasons.groupby("team")["GF"].mean() - load_league(STRAT_SAMPLE).results.pipe(
        lambda r: pd.concat([r.set_index("home")["home_goals"], r.set_index("away")["away_goals"]]).groupby(level=0).sum())
    assert np.allclose(gf_sim.sort_index(), pl.groupby("team")["G_mean"].sum().sort_index())


def test_strat_injuries_off_means_nobody_misses_games(tmp_path):
    src = STRAT_SAMPLE.read_text().replace('rules = ""', 'rules = "injuries=off"')
    for f in ("teams.csv", "schedule.csv", "played.csv"):
        (tmp_path / f).write_text((STRAT_SAMPLE.parent / f).read_text())
    (tmp_path / "league.toml").write_text(src)
    p = project(tmp_path / "league.toml", n=4, seed=4, progress=False)
    assert p.players["games_out_mean"].sum() == 0


# ------------------------------------------------------------------ reproducibility, dates, files

def test_same_seed_same_projection_whatever_threads_and_chunks():
    a = project(EZR_SAMPLE, n=40, seed=9, progress=False, threads=1, chunk_size=7)
    b = project(EZR_SAMPLE, n=40, seed=9, progress=False, threads=2)
    pd.testing.assert_frame_equal(a.seasons, b.seasons)
    pd.testing.assert_frame_equal(a.teams, b.teams)
    c = project(STRAT_SAMPLE, n=6, seed=9, progress=False, threads=1, chunk_size=4)
    d = project(STRAT_SAMPLE, n=6, seed=9, progress=False, threads=2)
    pd.testing.assert_frame_equal(c.seasons, d.seasons)
    pd.testing.assert_frame_equal(c.players, d.players)
    e = project(EZR_SAMPLE, n=40, seed=10, progress=False)
    assert not a.seasons["points"].equals(e.seasons["points"])


def test_as_of_takes_back_later_results():
    lg = load_league(EZR_SAMPLE)
    d = sorted(lg.results["date"].unique())[10]
    early = as_of(lg, d)
    assert (early.results["date"] <= d).all() and len(early.results) < len(lg.results)
    assert len(early.remaining()) == len(lg.schedule) - len(early.results)
    frame = odds_by_date(lg, [d, lg.results["date"].max()], n=50, seed=1)
    assert frame.groupby("date")["playoff_odds"].sum().round(6).tolist() == [16.0, 16.0]
    assert sorted(frame["games_played"].unique()) == [len(early.results), len(lg.results)]


def test_write_refuses_to_overwrite(tmp_path):
    p = project(EZR_SAMPLE, n=5, seed=1, progress=False)
    written = write(p, tmp_path)
    assert {f.name for f in written} == {"teams.csv", "seasons.parquet", "goalies.csv"}
    before = (tmp_path / "teams.csv").read_text()
    with pytest.raises(FileExistsError):
        write(p, tmp_path)
    assert (tmp_path / "teams.csv").read_text() == before


def test_points_system_without_ties_rejects_rules_that_tie(tmp_path):
    path = ezr_four(tmp_path, played_all=False, extra='rules = "shootout=off"\n[playoffs]\nformat = "top"\nteams = 2\n')
    with pytest.raises(ValueError, match="tied"):
        project(path, n=2, progress=False)


# ------------------------------------------------------------------ CLI

def test_cli_project_json(capsys):
    assert main(["league", "project", str(EZR_SAMPLE), "-n", "30", "--seed", "5", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["n"] == 30 and len(doc["teams"]) == 32
    t = doc["teams"][0]
    # one name in the JSON and in teams.csv: every column of the table, under its name
    p = project(EZR_SAMPLE, n=30, seed=5, progress=False)
    row = p.teams.set_index("team").loc[t["team"]]
    for col in p.teams.columns:
        assert col in t, col
    for col in ("W_mean", "points_sd", "points_p5", "rank_mean", "title_odds"):
        assert t[col] == pytest.approx(row[col])
    assert t["points_p5"] <= t["points_p50"] <= t["points_p95"]
    # the names of earlier releases still there for a release, each mapped to its new name
    assert t["wins_mean"] == t["W_mean"] and t["points_pct"] == {str(q): t[f"points_p{q}"] for q in (5, 25, 50, 75, 95)}
    assert doc["deprecated_keys"]["teams[].wins_mean"] == "teams[].W_mean"
    assert doc["engine"] == doc["game"] == "ezr" and doc["deprecated_keys"]["engine"] == "game"
    assert sum(x["title_odds"] for x in doc["teams"]) == pytest.approx(1.0)
    # the goalies' projection, as goalies.csv; an EZR league projects no skaters
    assert len(doc["goalies"]) == len(p.goalies) and set(doc["goalies"][0]) == set(p.goalies.columns)
    assert "players" not in doc


def test_cli_project_json_has_the_strat_skaters_and_goalies(capsys):
    """A Strat league's JSON has what its table prints and its --out writes: the skaters' and goalies' projections
    (players.csv, goalies.csv), row for row."""
    assert main(["league", "project", str(STRAT_SAMPLE), "-n", "4", "--seed", "2", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    p = project(STRAT_SAMPLE, n=4, seed=2, progress=False)
    assert len(doc["players"]) == len(p.players) and len(doc["goalies"]) == len(p.goalies)
    first = p.players.iloc[0]
    assert doc["players"][0]["player"] == first.player and doc["players"][0]["PTS_mean"] == pytest.approx(
        first.PTS_mean)


def test_cli_project_table_and_out(tmp_path, capsys):
    out = tmp_path / "proj"
    assert main(["league", "project", str(EZR_SAMPLE), "-n", "20", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Playoff" in text and "WIL" in text
    assert (out / "teams.csv").exists()
    # floats at 15 significant digits (16.950000000000003 read 16.95), the same table as the projection's
    for f in out.glob("*.csv"):
        assert not re.search(r"\d\.\d*(?:0{6,}|9{6,})\d\b", f.read_text()), f.name
    got = pd.read_csv(out / "teams.csv")
    num = got.select_dtypes("number").columns
    want = project(load_league(EZR_SAMPLE), n=20, seed=0).teams
    np.testing.assert_allclose(got[num].to_numpy(float), want[num].to_numpy(float), rtol=1e-14)
    assert (got[num].dtypes == want[num].dtypes).all()          # a float column of whole values reads as floats
    # a second run refuses to replace the files
    assert main(["league", "project", str(EZR_SAMPLE), "-n", "20", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "exists" in err


def test_cli_project_plot_and_report_may_go_into_the_out_folder(tmp_path, capsys, monkeypatch):
    """--out DIR makes DIR, so --plot DIR/p.png and --report DIR/r.html may name it before it exists; a folder
    nothing makes is still refused before the run; interrupted while the page is written, the run takes back the
    folder and all it wrote."""
    import simcore.sharing as sharing

    out = tmp_path / "proj"
    argv = ["league", "project", str(EZR_SAMPLE), "-n", "20", "--out", str(out), "--plot", str(out / "odds"),
            "--report", str(out / "odds.html")]
    write = sharing.Report.write

    def interrupted(self, path, *a, **kw):
        assert (out / "odds.png").exists() and (out / "manifest.json").exists()
        raise KeyboardInterrupt

    monkeypatch.setattr(sharing.Report, "write", interrupted)
    assert main(argv) == 130 and not out.exists()
    monkeypatch.setattr(sharing.Report, "write", write)
    assert main(argv) == 0
    assert sorted(f.name for f in out.iterdir()) == ["goalies.csv", "manifest.json", "odds.html", "odds.png",
                                                    "seasons.parquet", "teams.csv"]
    capsys.readouterr()
    for extra in (["--plot", str(tmp_path / "elsewhere" / "p.png")], ["--report", str(out / "sub" / "r.html")]):
        assert main(["league", "project", str(EZR_SAMPLE), "-n", "20", "--out", str(tmp_path / "p2"), *extra]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "no folder" in err, err
    assert not (tmp_path / "p2").exists()


def test_cli_project_of_one_season_has_no_spread(capsys):
    """One season gives a point, not a spread: sd and se are NaN (null, "-"), not 0, and the count is singular."""
    assert main(["league", "project", str(EZR_SAMPLE), "-n", "1", "--seed", "5", "--format", "json"]) == 0
    teams = json.loads(capsys.readouterr().out)["teams"]
    assert all(t["points_sd"] is None and t["points_se"] is None for t in teams)
    assert all(t["points_p5"] == t["points_p95"] == t["points_mean"] for t in teams)
    assert main(["league", "project", str(EZR_SAMPLE), "-n", "1", "--seed", "5"]) == 0
    head, _, *rows = capsys.readouterr().out.splitlines()
    assert "656 to play; 1 season simulated (seed 5)" in head
    rows = [r.split() for r in rows[2:] if r.strip()]
    assert len(rows) == 32 and all(r[5] == "-" for r in rows)
    assert main(["league", "project", str(EZR_SAMPLE), "-n", "2", "--seed", "5"]) == 0
    assert "; 2 seasons simulated (seed 5)" in capsys.readouterr().out


@pytest.mark.parametrize("args, needle", [
    (["nope/league.toml"], "cannot read"),
    (["{ezr}", "-n", "0"], "must be positive"),
    (["{ezr}", "--seed", "x"], "whole number"),
    (["{ezr}", "--results", "{bad}"], "not a team"),
])
def test_cli_project_errors(tmp_path, capsys, args, needle):
    bad = tmp_path / "bad.csv"
    bad.write_text("date,home,away,home_goals,away_goals,decided_in\n2026-10-01,XXX,ANC,1,2,REG\n")
    argv = ["league", "project"] + [a.format(ezr=EZR_SAMPLE, bad=bad) for a in args]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and needle in err and "Traceback" not in err


def test_nhl_playoff_format(tmp_path):
    """Divisions plus wildcards: three teams of every division at least, eight a conference, sixteen in all."""
    for f in ("teams.csv", "goalies.csv", "schedule.csv", "played.csv"):
        (tmp_path / f).write_text((EZR_SAMPLE.parent / f).read_text())
    text = EZR_SAMPLE.read_text().replace('format = "top"\nteams = 16', 'format = "nhl"')
    (tmp_path / "league.toml").write_text(text)
    p = project(tmp_path / "league.toml", n=20, seed=3, progress=False)
    for _, g in p.seasons.groupby("season"):
        made = g[g["made_playoffs"]]
        assert len(made) == 16
        assert (made.groupby("conference").size() == 8).all()
        assert (made.groupby("division").size() >= 3).all()
        assert (made.groupby("division")["division_rank"].apply(lambda r: {1, 2, 3} <= set(r))).all()
        assert g.loc[g["champion"], "series_won"].iloc[0] == 4


@pytest.mark.parametrize("playoffs, needle", [
    ('format = "nhl"', "2 divisions per conference"),
    ('format = "top"\nteams = 4\npattern = "2-2-2"', "has 6 games; its blocks must add up to the series. best_of=7"),
    ('format = "top"\nseeds = 4', "unknown key"),
])
def test_playoff_settings_are_checked(tmp_path, playoffs, needle):
    from simcore.charts import ChartError

    for f in ("teams.csv", "schedule.csv", "played.csv"):
        (tmp_path / f).write_text((STRAT_SAMPLE.parent / f).read_text())
    text = STRAT_SAMPLE.read_text().replace('format = "top"\nteams = 4', playoffs)
    (tmp_path / "league.toml").write_text(text)
    with pytest.raises(ChartError, match=needle):
        load_league(tmp_path / "league.toml")


def test_ezr_season_matchups_are_compile_matchups():
    """The season kernel's per-game matchup arrays are the ones the single-game engine builds for that game."""
    from simcore.games.ezr.matchup import Team, compile_matchup
    from simcore.games.ezr.rules import Rules
    from simcore.games.ezr.season import compile
    from simcore.league.projection import setup

    lg = load_league(EZR_SAMPLE)
    s = setup(lg)
    gctx, _ = compile(lg, s)
    k = {"gmatch": gctx[8], "gthr": gctx[9], "gslots": gctx[10]}
    teams = lg.teams.set_index("team")
    goalies = lg.goalies.set_index(["team", "slot"])
    for i in range(0, len(s.homes), 37):
        side = []
        for t, g in ((s.homes[i], k["gslots"][i, 0]), (s.aways[i], k["gslots"][i, 1])):
            name = s.names[t]
            gl = goalies.loc[(name, g)]
            side.append(Team(teams.loc[name, "off"], gl["def"], teams.loc[name, "shooter"], gl["so"]))
        c = compile_matchup(Rules(), side[0], side[1])
        assert k["gmatch"][i].tolist() == [c.team_line.tolist(), c.opp_def_bit.tolist(), c.so_bits.tolist()]
        assert np.array_equal(k["gthr"][i], c.shuffle_thr)


def test_cli_history(tmp_path, capsys):
    assert main(["league", "history", str(STRAT_SAMPLE), "-n", "40", "--dates", "2026-10-01,2099-01-01",
                 "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [d["date"] for d in doc["dates"]] == ["2026-10-01", "2099-01-01"]
    assert doc["dates"][1]["games_played"] == 140 and doc["dates"][0]["games_played"] < 140
    assert all(sum(d["teams"].values()) == pytest.approx(4.0) for d in doc["dates"])
    assert main(["league", "history", str(STRAT_SAMPLE), "-n", "40", "--dates", "2026-10-01,2099-01-01",
                 "--format", "json", "--threads", "1"]) == 0            # as --workers' help says, and project takes
    assert json.loads(capsys.readouterr().out) == doc
    plot = tmp_path / "h.png"
    assert main(["league", "history", str(STRAT_SAMPLE), "-n", "20", "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert plot.stat().st_size > 0 and "games played" in out
    assert not re.search(r"^(date|team)\b", out, re.M)          # the table has no stray axis names
    assert main(["league", "history", str(STRAT_SAMPLE), "--dates", "soon"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "not a date" in err


def test_dates_must_be_iso(tmp_path):
    from simcore.charts import ChartError

    path = ezr_four(tmp_path)
    text = (tmp_path / "played.csv").read_text().replace("2026-10-01", "2026-10-1", 1)
    (tmp_path / "played.csv").write_text(text)
    with pytest.raises(ChartError, match="YYYY-MM-DD"):
        load_league(path)


def test_odds_over_dates_with_repeated_game_counts():
    from simcore.league.plots import odds_over_dates

    lg = load_league(STRAT_SAMPLE)
    frame = odds_by_date(lg, ["2026-01-01", "2026-01-02", "2099-01-01"], n=20, seed=1)
    assert frame.drop_duplicates("date")["games_played"].tolist() == [0, 0, 140]
    fig = odds_over_dates(frame, "title_odds")
    assert len(fig.axes[0].get_xticks()) == 3


def test_kept_games_read_back_as_results(tmp_path):
    path = ezr_four(tmp_path, played_all=False,
                    extra='points = "ties"\nrules = "shootout=off"\n[playoffs]\nformat = "top"\nteams = 2\n')
    lg = load_league(path)
    p = project(lg, n=5, seed=2, progress=False, keep_games=True)
    sim = p.games[p.games.season == 0]
    ties = sim["home_goals"] == sim["away_goals"]
    assert ties.any() and (sim.loc[ties, "winner"] == "").all() and (sim.loc[ties, "decided_in"] == "REG").all()
    table = standings(sim, lg.teams, lg.points, lg.tiebreakers).set_index("team")
    got = p.seasons[p.seasons.season == 0].set_index("team")
    assert (got["points"] == table.loc[got.index, "PTS"]).all()
    assert (got["T"] == table.loc[got.index, "T"]).all()
    # and as a played-results file, the league reads them back (a tie's winner "tie" was refused)
    cols = ["date", "home", "away", "home_goals", "away_goals", "decided_in", "winner"]
    sim[cols].to_csv(tmp_path / "sim.csv", index=False)
    back = load_league(path, results=tmp_path / "sim.csv")
    assert len(back.results) == len(sim) and (back.results["winner"].fillna("") == sim["winner"].to_numpy()).all()


def test_strat_skater_out_injured_sits_and_is_replaced():
    """A skater still out from an earlier game (15) does not play: no goals, assists or shots in any of 30
    games, while his line-mates play on; with nobody out the same games give him points."""
    import numpy as np

    from simcore.games.strat import engine
    from simcore.games.strat import kernel as SK

    c = engine.compiled()
    roster = list(c.roster[c.team_index("KBY")])
    star = "Silas Quilholm"
    j = roster.index(star)
    e = np.zeros(0, np.int64)
    out_stats = np.zeros(3, np.int64)
    in_stats = np.zeros(3, np.int64)
    for game in range(30):
        hurt = engine._play_logged(c, "KBY", "NRV", 5, game, None, 0, e, e, e, injured_out=([star], []))
        fine = engine._play_logged(c, "KBY", "NRV", 5, game, None, 0, e, e, e)
        out_stats += hurt.players[0, j, [SK.P.g, SK.P.a, SK.P.sog]]
        in_stats += fine.players[0, j, [SK.P.g, SK.P.a, SK.P.sog]]
        assert star not in " ".join(hurt.events["text"])
        assert hurt.team[0, SK.T.goals] == hurt.players[0, :, SK.P.g].sum()
    assert out_stats.sum() == 0 and in_stats.sum() > 0
    with pytest.raises(ValueError, match="not a skater"):
        engine._play_logged(c, "KBY", "NRV", 5, 0, None, 0, e, e, e, injured_out=(["Nobody"], []))


def test_projection_refuses_seasons_that_would_not_fit_in_memory():
    """A projection keeps every season: n is bounded by the available memory before anything is allocated,
    and the message gives the limit (EZR sample: 32 teams x 600 bytes a team-season)."""
    from simcore.league.projection import check_season_memory, setup

    lg = load_league(sample("ezr") / "league.toml")
    s = setup(lg)
    check_season_memory(lg, s, 1_000, False, available=32 * 600 * 1_000)
    with pytest.raises(ValueError, match=r"1,001 seasons keep about 19.2 MB .* at most 1,000 seasons a projection"):
        check_season_memory(lg, s, 1_001, False, available=32 * 600 * 1_000)
    with pytest.raises(ValueError, match="seasons a projection"):
        project(lg, n=10**15, seed=1)


@pytest.mark.parametrize("bad", ["2026-11-5", "2026/11/05", "Nov 5 2026", None, 20261115, "nonsense"])
def test_a_date_that_is_not_yyyy_mm_dd_is_refused(bad):
    """Dates are compared as YYYY-MM-DD text: "2026-11-5" kept 488 of the sample's results where "2026-11-05"
    keeps 288, and the other spellings kept the whole season, in silence."""
    import datetime

    import simcore

    lg = load_league(simcore.league.sample("ezr") / "league.toml")
    assert len(as_of(lg, "2026-11-05").results) == len(as_of(lg, datetime.date(2026, 11, 5)).results) == 288
    with pytest.raises(simcore.InputError, match=r"is not a date written YYYY-MM-DD"):
        as_of(lg, bad)
    with pytest.raises(simcore.InputError, match=r"is not a date written YYYY-MM-DD"):
        odds_by_date(lg, ["2026-11-05", bad], n=10)
    for dates in ("2026-11-15", []):
        with pytest.raises(simcore.InputError, match="dates must be a list of one or more dates"):
            odds_by_date(lg, dates, n=10)


def test_the_projection_table_fits_its_longest_team_name():
    from simcore.league.projection import project

    p = project(EZR_SAMPLE, n=2, seed=1, progress=False)
    p.teams.loc[p.teams.index[0], "team"] = "Montreal Voyageurs"
    lines = p.format().splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith("Team"))
    head, rows = lines[at], lines[at + 2:at + 2 + len(p.teams)]
    col = head.index("Div")             # every row's division starts under the header's Div
    assert all(r[col - 1] == " " and r[col] != " " for r in rows), (head, rows[:3])
    assert rows[0].startswith("Montreal Voyageurs ")
