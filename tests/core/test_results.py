"""Results: the common game table, bookkeeping that balances, metadata, parquet."""
import math

import numpy as np
import pytest

import simcore
from simcore.games import ezr
from simcore.results import COMMON_COLUMNS, read_table


@pytest.fixture(scope="module")
def res():
    teams = ezr.sample_teams()
    return ezr.simulate(teams["BOS"].team, teams["NYR"].team, n=20_000, seed=42)


def test_common_game_table(res):
    g = res.games
    assert list(g.columns[: len(COMMON_COLUMNS)]) == list(COMMON_COLUMNS)
    assert len(g) == 20_000 and (g["game_id"] == np.arange(20_000)).all()
    assert set(g["winner"].unique()) <= {"home", "away", "tie"}
    assert (g["variant"] == ezr.Rules().id).all() and (g["home"] == "BOS").all()


def test_tables_are_the_played_games(res):
    """Games ended in regulation, in overtime and in the shootout, replayed roll by roll: the games and periods
    tables hold the goals of each logged team-period, the overtime roll's goal (WIN: home, LOSS: away) and the
    shootout's winner."""
    g, p = res.games, res.table("periods")
    ids = [i for d in ("REG", "OT", "SO") for i in g.index[g["decided_in"] == d][:4]]
    assert len(ids) == 12
    for i in ids:
        pbp = simcore.game("ezr").play_by_play(None, seed=42, game_index=int(i))
        ev, row = pbp.events, g.loc[i]
        reg = ev[ev["period"].isin(["1", "2", "3"])]
        logged = reg.set_index(["team", "period"])["goals"]
        periods = p[p["game_id"] == i].assign(period=lambda x: x["period"].astype(str))
        assert periods.set_index(["team", "period"])["goals"].sort_index().to_dict() == logged.sort_index().to_dict()
        score = {t: int(reg.loc[reg["team"] == t, "goals"].sum()) for t in ("home", "away")}
        assert (row["home_goals_reg"], row["away_goals_reg"]) == (score["home"], score["away"])
        ot = ev.loc[ev["period"] == "OT", "events"].tolist()
        score["home"] += ot == ["WIN"]
        score["away"] += ot == ["LOSS"]
        assert (row["home_goals"], row["away_goals"]) == (score["home"], score["away"])
        so = [ln for ln in pbp.text.splitlines() if ln.startswith("shootout round")]
        so_goals = [sum(ln.split(", ")[k].endswith("(goal)") for ln in so) for k in (0, 1)]
        assert (len(so) > 0) == (row["decided_in"] == "SO") and row["shootout_rounds"] == len(so)
        key = (score["home"] - score["away"], so_goals[0] - so_goals[1])
        assert row["winner"] == ("home" if key > (0, 0) else "away" if key < (0, 0) else "tie")


def test_bookkeeping_balances(res):
    g = res.games
    reg = g["decided_in"] == "REG"
    assert ((g.loc[reg, "home_goals"] > g.loc[reg, "away_goals"]) == (g.loc[reg, "winner"] == "home")).all()
    assert (g.loc[~reg, "home_goals_reg"] == g.loc[~reg, "away_goals_reg"]).all()
    so = g["decided_in"] == "SO"
    assert (g.loc[so, "overtime"] == "TIE or SO").all() and (g.loc[so, "shootout_rounds"] >= 1).all()
    # summary agrees with the table
    s = res.summary().set_index("metric")
    assert s.loc["home_win", "estimate"] == pytest.approx((g["winner"] == "home").mean())
    assert s.loc["home_goals_mean", "estimate"] == pytest.approx(g["home_goals"].mean())
    assert s.loc["decided_SO", "estimate"] == pytest.approx(so.mean())
    # every event in the events table is counted in the summary, a rate per team period (3 periods, 2 teams)
    ev = res.table("events")
    rates = s[s.index.str.startswith("event_rate:")]
    counts = ev["event"].value_counts()
    assert len(counts) >= 10 and sorted(rates.index) == sorted(f"event_rate:{e}" for e in counts.index)
    for event, k in counts.items():
        assert s.loc[f"event_rate:{event}", "estimate"] == pytest.approx(k / (6 * res.n)), event


def test_summary_intervals_from_the_games_table(res):
    """The summary's means have the normal 95% interval mean +- z_0.975 * sd / sqrt(n) (sd with n - 1) of the
    games table's values, goals per team game that of the per-game average of both teams, its sd the spread
    of the 2n single team scores; a share has the Wilson score interval."""
    from scipy import stats

    g, s = res.games, res.summary().set_index("metric")
    n = len(g)
    h, a = g["home_goals"].to_numpy(float), g["away_goals"].to_numpy(float)
    z = stats.norm.ppf(0.975)
    for name, x in (("home_goals_mean", h), ("away_goals_mean", a), ("goals_per_team_game", (h + a) / 2)):
        half = z * x.std(ddof=1) / math.sqrt(n)
        assert s.loc[name, "estimate"] == pytest.approx(x.mean(), rel=1e-12)
        assert s.loc[name, "ci_low"] == pytest.approx(x.mean() - half, rel=1e-9)
        assert s.loc[name, "ci_high"] == pytest.approx(x.mean() + half, rel=1e-9)
    assert s.loc["goals_per_team_game_sd", "estimate"] == pytest.approx(np.concatenate([h, a]).std(ddof=1), rel=1e-9)
    k = (g["winner"] == "home").sum()
    p = k / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    lo, hi = (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)
    assert s.loc["home_win", "ci_low"] == pytest.approx(lo, rel=1e-9)
    assert s.loc["home_win", "ci_high"] == pytest.approx(hi, rel=1e-9)


def test_distribution_tables(res):
    """The goal and score distributions are the games table counted: each cell's games and share."""
    g = res.games
    d = res.table("goal_distribution")
    assert d.groupby("team")["games"].sum().tolist() == [20_000, 20_000]
    for team in ("home", "away"):
        want = g[f"{team}_goals"].value_counts()
        got = d[d["team"] == team].set_index("goals")
        assert sorted(got.index) == sorted(want.index)
        for goals, k in want.items():
            assert got.loc[goals, "games"] == k and got.loc[goals, "share"] == pytest.approx(k / 20_000)
    sd = res.table("score_distribution")
    want = g.groupby(["home_goals", "away_goals"]).size()
    assert len(sd) == len(want) and sd["games"].sum() == 20_000
    for row in sd.itertuples():
        assert row.games == want[(row.home_goals, row.away_goals)]
        assert row.share == pytest.approx(row.games / 20_000)
    assert (sd["games"].diff().dropna() <= 0).all()          # the commonest scores first


def test_meta_travels_with_results(res, tmp_path):
    m = res.meta
    assert m["seed"] == 42 and m["version"] == simcore.__version__ and m["variant"] == ezr.Rules().id
    assert m["ezr"] == {"home": 1, "away": -2}
    assert "goals" in m["charts"] and m["charts"]["goals"]["reconstructed"]
    path = res.to_parquet(tmp_path / "games.parquet")
    df, meta = read_table(path)
    assert meta["seed"] == 42 and meta["variant"] == m["variant"] and meta["table"] == "games"
    assert (df["home_goals"].to_numpy() == res.games["home_goals"].to_numpy()).all()
    with pytest.raises(FileExistsError):
        res.to_parquet(path)
    res.to_parquet(tmp_path / "periods.parquet", table="periods")


def test_aggregate_mode_has_no_per_game_tables():
    a = ezr.simulate("E/E/C/c", "E/E/C/c", n=5_000, seed=1, mode="aggregate")
    assert len(a.summary()) > 10
    with pytest.raises(KeyError, match="mode='games'"):
        a.games


def test_simulate_rejects_bad_arguments():
    for bad in (0, -5, 2.5, True):
        with pytest.raises(ValueError, match="n must be"):
            ezr.simulate("E/E/C/c", "E/E/C/c", n=bad)
    with pytest.raises(ValueError, match="mode"):
        ezr.simulate("E/E/C/c", "E/E/C/c", n=10, mode="fast")
    with pytest.raises(simcore.RuleError):
        ezr.simulate("E/E/C/c", "E/E/C/c", n=10, rules="overtime=sudden")


def test_registry_and_rules_ids():
    assert simcore.available_games() == ["blueline", "ezr", "passscore", "pyramid", "strat"]
    assert simcore.game("ezr") is ezr.GAME and simcore.game("EZR") is ezr.GAME
    pyramid = simcore.game("pyramid")
    assert pyramid.id == "pyramid" and pyramid.Rules().id.startswith("pyramid(deck=standard,lineup=3-2-1,")
    assert callable(pyramid.simulate) and callable(pyramid.exact) and callable(pyramid.play_by_play)
    strat = simcore.game("strat")
    assert strat.id == "strat" and strat.Rules().id.startswith("strat(")
    assert callable(strat.simulate) and callable(strat.play_by_play)
    with pytest.raises(KeyError):
        simcore.game("chess")
    r = ezr.Rules.preset("no_chart")
    assert r.id == "ezr(qq_chart=off,qq_unprinted=mirror,overtime=table,shootout=on,shootout_undecided=repeat)"
    assert r.with_options({"qq_chart": "on"}) == ezr.Rules()
    with pytest.raises(simcore.RuleError, match="allowed values: table, none"):
        ezr.Rules(overtime="sometimes")


def test_rules_coerce():
    r = ezr.Rules.coerce("qq_chart=off")
    assert r == ezr.Rules(qq_chart="off") and ezr.Rules.coerce(r) is r
    assert ezr.Rules.coerce(None) == ezr.Rules() == ezr.Rules.coerce("") and ezr.Rules.coerce({"qq_chart": "off"}) == r
    with pytest.raises(simcore.RuleError, match="ezr rules must be a Rules"):
        ezr.Rules.coerce(42)
