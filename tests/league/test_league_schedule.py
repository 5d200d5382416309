"""Schedule generation (round robin, NHL 82-game format) and series odds."""
from __future__ import annotations


import numpy as np
import pandas as pd
import pytest

from simcore.league.schedule import check_schedule, nhl_schedule, round_robin
from simcore.league.series import (
    default_pattern,
    parse_pattern,
    series_win_prob,
    series_win_prob_pattern,
)


# --------------------------------------------------------------------------- #
# round robin
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("n", [2, 3, 6, 7, 10])
@pytest.mark.parametrize("rounds", [1, 2, 3, 4])
def test_round_robin_balance(n, rounds):
    teams = [f"T{i}" for i in range(n)]
    df = round_robin(teams, rounds=rounds, seed=5)
    assert list(df.columns) == ["date", "home", "away", "game_no"]
    assert list(df.game_no) == list(range(1, len(df) + 1))
    assert list(df.date) == sorted(df.date)
    chk = check_schedule(df, teams)
    assert (chk.pairs.games == rounds).all()
    assert ((chk.pairs.a_home - chk.pairs.b_home).abs() <= 1).all()
    assert (chk.teams.gp == rounds * (n - 1)).all()
    diff = (chk.teams.home - chk.teams.away).abs()
    if rounds % 2 == 0:
        assert (diff == 0).all()
    else:
        assert (diff <= 1).all()
    assert chk.ok_dates
    assert (chk.teams.max_per_date == 1).all()
    # one date per round of the circle method
    assert df.date.nunique() == rounds * (n - 1 if n % 2 == 0 else n)


def test_round_robin_dates_and_seed():
    teams = pd.DataFrame({"team": list("ABCDEF")})
    a = round_robin(teams, seed=1, start="2027-01-30")
    assert a.date.iloc[0] == "2027-01-30"
    assert a.date.iloc[-1] == "2027-02-08"  # 10 consecutive dates
    assert a.equals(round_robin(teams, seed=1, start="2027-01-30"))
    assert not a.equals(round_robin(teams, seed=2, start="2027-01-30"))


@pytest.mark.parametrize(
    "kwargs, msg",
    [
        (dict(teams=["A"]), "at least 2 teams"),
        (dict(teams=["A", "A", "B"]), "duplicate team"),
        (dict(teams=["A", "B"], rounds=0), "rounds"),
        (dict(teams=["A", "B"], start="Oct 1"), "ISO date"),
    ],
)
def test_round_robin_errors(kwargs, msg):
    with pytest.raises(ValueError, match=msg):
        round_robin(**kwargs)


# --------------------------------------------------------------------------- #
# NHL 82-game schedule
# --------------------------------------------------------------------------- #
def nhl_teams() -> pd.DataFrame:
    rows = []
    for conf, divs in (("East", ("Atlantic", "Metro")), ("West", ("Central", "Pacific"))):
        for div in divs:
            for i in range(8):
                rows.append((f"{div[:3]}{i}", conf, div))
    return pd.DataFrame(rows, columns=["team", "conference", "division"])


@pytest.fixture(scope="module")
def nhl():
    teams = nhl_teams()
    return teams, nhl_schedule(teams, seed=3)


def test_nhl_totals(nhl):
    teams, df = nhl
    assert list(df.columns) == ["date", "home", "away", "game_no"]
    assert len(df) == 32 * 82 // 2
    chk = check_schedule(df, teams)
    assert (chk.teams.gp == 82).all()
    assert (chk.teams.home == 41).all()
    assert (chk.teams.away == 41).all()
    assert chk.ok_dates
    assert df.groupby("date").size().max() <= 8  # default games_per_date cap
    assert list(df.date) == sorted(df.date)
    assert df.date.iloc[0] == "2026-10-01"


def test_nhl_pair_counts(nhl):
    teams, df = nhl
    chk = check_schedule(df, teams)
    conf = dict(zip(teams.team, teams.conference))
    div = dict(zip(teams.team, teams.division))
    per_team_div = {t: [] for t in teams.team}
    for row in chk.pairs.itertuples():
        a, b = row.team_a, row.team_b
        if div[a] == div[b]:
            assert row.games in (3, 4)
            if row.games == 4:
                assert row.a_home == row.b_home == 2
            else:
                assert sorted((row.a_home, row.b_home)) == [1, 2]
            per_team_div[a].append(row.games)
            per_team_div[b].append(row.games)
        elif conf[a] == conf[b]:
            assert row.games == 3
            assert sorted((row.a_home, row.b_home)) == [1, 2]
        else:
            assert row.games == 2
            assert row.a_home == row.b_home == 1
    for t, counts in per_team_div.items():
        assert sorted(counts) == [3, 3, 4, 4, 4, 4, 4], t
        assert sum(counts) == 26


def test_nhl_deterministic(nhl):
    teams, df = nhl
    assert df.equals(nhl_schedule(teams, seed=3))
    other = nhl_schedule(teams, seed=4)
    assert not df.equals(other)
    # another seed is still a valid schedule
    chk = check_schedule(other, teams)
    assert (chk.teams.home == 41).all() and (chk.teams.away == 41).all() and chk.ok_dates


def test_nhl_uncapped_dates():
    teams = nhl_teams()
    df = nhl_schedule(teams, seed=0, games_per_date=None, start="2026-10-07")
    chk = check_schedule(df, teams)
    assert chk.ok_dates and (chk.teams.gp == 82).all()
    assert df.date.min() == "2026-10-07"
    assert df.groupby("date").size().max() <= 16


def test_nhl_errors():
    teams = nhl_teams()
    with pytest.raises(ValueError, match="2 conferences x 2 divisions x 8 teams"):
        nhl_schedule(teams.iloc[:-1])
    with pytest.raises(ValueError, match="games=82"):
        nhl_schedule(teams, games=84)
    with pytest.raises(ValueError, match="lacks column"):
        nhl_schedule(teams.drop(columns="division"))
    bad = teams.copy()
    bad.loc[0, "conference"] = "West"
    with pytest.raises(ValueError, match="division 'Atlantic' appears in conferences"):
        nhl_schedule(bad)
    with pytest.raises(ValueError, match="games_per_date"):
        nhl_schedule(teams, games_per_date=0)


def test_check_schedule_reports_problems():
    teams = ["A", "B", "C"]
    df = pd.DataFrame(
        {"date": ["2026-10-01", "2026-10-01", "2026-10-02"], "home": ["A", "A", "B"], "away": ["B", "C", "C"]}
    )
    chk = check_schedule(df, teams)
    assert not chk.ok_dates
    assert chk.double_dates[["date", "team"]].values.tolist() == [["2026-10-01", "A"]]
    assert chk.pair("A", "B") == (1, 0) and chk.pair("C", "B") == (0, 1)
    assert chk.teams.set_index("team").loc["A", "max_per_date"] == 2
    with pytest.raises(ValueError, match="unknown team"):
        check_schedule(df, ["A", "B"])
    with pytest.raises(ValueError, match="plays itself"):
        check_schedule(pd.DataFrame({"date": ["d"], "home": ["A"], "away": ["A"]}), teams)


# --------------------------------------------------------------------------- #
# series odds
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("p", [0.0, 0.13, 0.5, 0.77, 1.0])
def test_best_of_one_is_p(p):
    assert series_win_prob(p, best_of=1) == pytest.approx(p)


@pytest.mark.parametrize("best_of", [1, 3, 5, 7, 9])
def test_even_odds_and_symmetry(best_of):
    assert series_win_prob(0.5, best_of) == pytest.approx(0.5)
    ps = np.linspace(0, 1, 21)
    f = series_win_prob(ps, best_of)
    assert np.allclose(f + series_win_prob(1 - ps, best_of), 1.0)
    assert np.all(np.diff(f) >= 0)


def test_known_values():
    assert series_win_prob(0.6, 7) == pytest.approx(0.710208, abs=1e-12)
    assert series_win_prob(0.6, 3) == pytest.approx(0.648, abs=1e-12)  # p^2 (1 + 2q)
    assert series_win_prob(0.6, 5) == pytest.approx(0.68256, abs=1e-12)  # p^3 (1 + 3q + 6q^2)
    assert series_win_prob(0.0) == 0.0 and series_win_prob(1.0) == 1.0
    assert isinstance(series_win_prob(0.6), float)


@pytest.mark.parametrize("best_of", [1, 3, 5, 7])
@pytest.mark.parametrize("p", [0.0, 0.3, 0.55, 0.6, 1.0])
def test_pattern_equals_simple_when_home_equals_away(p, best_of):
    got = series_win_prob_pattern(p, p, best_of=best_of, pattern=None)
    assert got == pytest.approx(series_win_prob(p, best_of), abs=1e-12)


def test_pattern_values():
    # 4 home and 3 road games: order does not change the answer
    a = series_win_prob_pattern(0.6, 0.5)
    assert a == pytest.approx(series_win_prob_pattern(0.6, 0.5, pattern="2-3-2"))
    assert a == pytest.approx(series_win_prob_pattern(0.6, 0.5, pattern="1-1-1-1-1-1-1"))
    assert a == pytest.approx(0.624, abs=1e-12)
    # home ice helps: more home slots -> higher odds when p_home > p_away
    assert series_win_prob_pattern(0.6, 0.5, 7, "3-4") < a
    assert default_pattern(7) == "2-2-1-1-1" and default_pattern(5) == "2-2-1"
    assert default_pattern(3) == "1-1-1" and default_pattern(1) == "1"
    assert parse_pattern("2-2-1", 5) == (True, True, False, False, True)


def _mc_series(p_per_game: np.ndarray, n: int, seed: int) -> float:
    """Fraction of ``n`` simulated series won: all games played out, since a
    series stopped once decided has the same winner."""
    rng = np.random.default_rng(seed)
    best_of = len(p_per_game)
    wins = (rng.random((n, best_of)) < p_per_game).sum(axis=1)
    return float(np.mean(wins >= (best_of + 1) // 2))


def _mc_series_sequential(p_home, p_away, home, n, seed):
    """Game-by-game simulation stopping once a side has won enough games."""
    rng = np.random.default_rng(seed)
    need = (len(home) + 1) // 2
    u = rng.random((n, len(home)))
    won = 0
    for i in range(n):
        w = l = 0
        for g, h in enumerate(home):
            if u[i, g] < (p_home if h else p_away):
                w += 1
            else:
                l += 1
            if w == need or l == need:
                break
        won += w == need
    return won / n


def test_monte_carlo_agrees():
    # 200,000 series: standard error <= 0.5 / sqrt(2e5) ~ 0.0011; tolerance 0.005 (> 4 SE)
    n, tol = 200_000, 0.005
    for p, best_of in ((0.6, 7), (0.45, 5), (0.52, 3)):
        mc = _mc_series(np.full(best_of, p), n, seed=11)
        assert abs(mc - series_win_prob(p, best_of)) < tol
    home = parse_pattern("2-2-1-1-1", 7)
    probs = np.where(home, 0.62, 0.48)
    assert abs(_mc_series(probs, n, seed=12) - series_win_prob_pattern(0.62, 0.48)) < tol
    # 20,000 sequential series (stops when decided): SE ~ 0.0035; tolerance 0.015 (> 4 SE)
    seq = _mc_series_sequential(0.62, 0.48, home, 20_000, seed=13)
    assert abs(seq - series_win_prob_pattern(0.62, 0.48)) < 0.015


@pytest.mark.parametrize(
    "call, msg",
    [
        (lambda: series_win_prob(0.5, 4), "odd"),
        (lambda: series_win_prob(0.5, 0), "odd"),
        (lambda: series_win_prob(0.5, -3), "odd"),
        (lambda: series_win_prob(0.5, 7.0), "odd"),
        (lambda: series_win_prob(0.5, True), "odd"),
        (lambda: series_win_prob(1.2), r"\[0, 1\]"),
        (lambda: series_win_prob(-0.1), r"\[0, 1\]"),
        (lambda: series_win_prob(float("nan")), r"\[0, 1\]"),
        (lambda: series_win_prob([0.5, 2.0]), r"\[0, 1\]"),
        (lambda: series_win_prob_pattern(1.5, 0.5), "p_home"),
        (lambda: series_win_prob_pattern(0.5, -1), "p_away"),
        (lambda: series_win_prob_pattern(0.5, 0.5, best_of=6), "odd"),
        (lambda: series_win_prob_pattern(0.5, 0.5, best_of=5), "its blocks must add up to the series. best_of=5"),
        (lambda: series_win_prob_pattern(0.5, 0.5, pattern="2-2-x"), "block sizes"),
        (lambda: series_win_prob_pattern(0.5, 0.5, pattern="2-0-2-3"),
         "has a block of 0 games; every block is 1 game or more"),
    ],
)
def test_series_validation(call, msg):
    with pytest.raises(ValueError, match=msg):
        call()
