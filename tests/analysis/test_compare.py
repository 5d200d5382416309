"""Paired comparisons of rule variants across games (simcore.analysis.compare) and `simcore compare`."""
import json
import math

import numpy as np
import pytest

from simcore.analysis.compare import COMMON_METRICS, compare

REQUIRED_JSON = ("name", "a", "b", "diff", "ci", "p_value", "paired")


def test_paired_interval_is_narrower_than_unpaired_ezr_qq_chart():
    # EZR with and without the ?? chart: the same seed pairs every game, so the interval of the change in
    # home wins and goals is several times narrower than from two independent runs of the same size
    p = compare("ezr", None, "qq_chart=off", 20_000, seed=1).table().set_index("metric")
    u = compare("ezr", None, "qq_chart=off", 20_000, seed=1, paired=False).table().set_index("metric")
    for m in ("home_win", "goals_per_team_game", "home_goals_mean"):
        wp = p.loc[m, "ci_high"] - p.loc[m, "ci_low"]
        wu = u.loc[m, "ci_high"] - u.loc[m, "ci_low"]
        assert wp < 0.5 * wu, m
    assert p.paired.all() and not u.paired.any()
    # A's side is the same run in both comparisons
    assert p.loc["home_win", "a"] == u.loc["home_win", "a"]


def test_a_variant_against_itself_differs_by_exactly_nothing():
    t = compare("pyramid", "tie_break=ties", None, 5_000, seed=4).table()
    assert (t["diff"] == 0).all() and (t.ci_low == 0).all() and (t.ci_high == 0).all()
    assert (t.p_value == 1).all() and (t.p_holm == 1).all()


def test_game_metrics_and_holm():
    c = compare("pyramid", None, "tie_break=sudden-death", 10_000, seed=2,
                setup={"policy_a": "default", "policy_b": "rush"})
    t = c.table().set_index("metric")
    assert set(COMMON_METRICS) <= set(t.index)
    assert {"first_mover_win", "game_length", "lead_changes", "comeback"} <= set(t.index)
    assert t.loc["tie", "diff"] < -0.1 and t.loc["tie", "ci_high"] < 0
    # Holm's step-down over every metric compared: ascending p, the i-th (from 0) times m - i, running maximum,
    # at most 1; an undefined p-value ranks last and stays undefined
    p = t.p_value.to_numpy(float)
    m = p.size
    order = np.argsort(np.where(np.isnan(p), np.inf, p), kind="stable")
    stepped = np.minimum(1.0, np.maximum.accumulate((m - np.arange(m)) * np.nan_to_num(p[order], nan=1.0)))
    want = np.empty(m)
    want[order] = stepped
    want[np.isnan(p)] = np.nan
    np.testing.assert_allclose(t.p_holm.to_numpy(float), want, rtol=1e-12, equal_nan=True)
    assert (t.p_holm > t.p_value).sum() >= 3
    # every game not tied after regulation is the same game under both rules
    assert t.loc["decided_OT", "b"] > 0 and t.loc["decided_OT", "a"] == 0


def test_strat_round_robin_compare():
    c = compare("strat", None, "goalie_fatigue=off", 560, seed=3, metrics=["home_win", "shots_per_game"])
    t = c.table()
    assert list(t.metric) == ["home_win", "shots_per_game"] and (t.n == 560).all()
    t = t.set_index("metric")
    # each figure from the two runs' games tables: home wins, and both teams' shots in a game
    for side, res in (("a", c.res_a), ("b", c.res_b)):
        g = res.games
        assert t.loc["home_win", side] == pytest.approx((g.winner.astype(str) == "home").mean())
        assert t.loc["shots_per_game", side] == pytest.approx((g.home_shots + g.away_shots).mean())
    for metric in ("home_win", "shots_per_game"):
        assert t.loc[metric, "diff"] == pytest.approx(t.loc[metric, "b"] - t.loc[metric, "a"])


def test_bad_names():
    with pytest.raises(ValueError, match="unknown ezr metric 'pp'"):
        compare("ezr", None, None, 10, metrics=["pp"])
    with pytest.raises(ValueError, match="setup keys: home, away"):
        compare("ezr", None, None, 10, setup={"goalie": "x"})
    with pytest.raises(KeyError, match="unknown game"):
        compare("chess", None, None, 10)


def test_cli_json(cli):
    code, out, err = cli("compare", "ezr", "--a", "qq_chart=on", "--b", "qq_chart=off", "-n", "5000",
                         "--seed", "7", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["game"] == "ezr" and doc["n"] == 5000 and doc["paired"] is True
    names = [m["name"] for m in doc["metrics"]]
    for need in ("home_win", "tie", "home_goals_mean", "goals_per_team_game"):
        assert need in names
    # the document is the library's comparison of the same runs
    assert doc["metrics"] == json.loads(json.dumps(compare("ezr", "qq_chart=on", "qq_chart=off", 5000,
                                                           seed=7).to_json()["metrics"]))
    for m in doc["metrics"]:
        assert all(k in m for k in REQUIRED_JSON)
        assert m["ci"][0] <= m["diff"] <= m["ci"][1]
        assert m["paired"] is True
        assert (m["required_n"] is None) == (not (m["ci"][0] <= 0 <= m["ci"][1]) or m["diff"] == 0)
    code, out2, _ = cli("compare", "ezr", "--a", "qq_chart=on", "--b", "qq_chart=off", "-n", "5000",
                        "--seed", "7", "--format", "json")
    assert out2 == out


def test_cli_table_suggests_sample_sizes(cli):
    """An undecided metric's line gives the games per variant a paired test at 5% needs for 80% power against the
    observed difference: ((z_0.975 + z_0.8) * sd / diff)^2, sd = se * sqrt(n)."""
    from scipy.stats import norm

    argv = ("compare", "pyramid", "--b", "period_start=alternate", "-n", "3000", "--metrics", "home_win,tie")
    code, out, err = cli(*argv)
    assert code == 0, err
    assert "B - A over 3,000 games each (paired, same seed)" in out and "cannot decide" in out
    code, doc, err = cli(*argv, "--format", "json")
    assert code == 0, err
    for m in json.loads(doc)["metrics"]:
        assert m["ci"][0] <= 0 <= m["ci"][1]
        sd = m["se"] * math.sqrt(m["n"])
        assert m["required_n"] == math.ceil(((norm.ppf(0.975) + norm.ppf(0.8)) * sd / m["diff"]) ** 2)
        line = next(x for x in out.splitlines() if x.split()[:1] == [m["name"]] and "about" in x)
        assert line.split() == [m["name"], "about", f"{m['required_n']:,}"]


@pytest.mark.parametrize("argv,needle", [
    (["ezr", "--b", "qq_chart=maybe"], "qq_chart='maybe' is not allowed; allowed values: on, off"),
    (["ezr", "--a", "colour=red"], "unknown ezr rule field 'colour'; fields: qq_chart"),
    (["chess"], "unknown game 'chess'; games: blueline, ezr, passscore, pyramid, strat"),
    (["ezr", "--metrics", "foo"], "unknown ezr metric 'foo'; metrics: home_win"),
    (["pyramid", "--setup", "policy_a"], "must look like key=value"),
    (["pyramid", "--setup", "policy_a=sometimes", "-n", "10"], "pyramid policy 'sometimes'"),
    (["ezr", "--power", "2"], "--power must be between 0 and 1"),
])
def test_cli_errors_exit_2_with_one_line(cli, argv, needle):
    code, out, err = cli("compare", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert needle in err


def test_period_score_metrics():
    import pandas as pd

    from simcore.games import pyramid

    g = pd.DataFrame({"home_p1": [1, 0, 0, 2], "home_p2": [0, 2, 0, 0], "home_p3": [0, 0, 1, 0],
                      "away_p1": [0, 1, 0, 0], "away_p2": [2, 0, 0, 0], "away_p3": [0, 0, 0, 3],
                      "winner": ["away", "home", "home", "away"]})
    # game 0: home leads 1-0, away leads 2-1 (one change, away comes back); game 1: away leads 0-1 after
    # period 1, home 2-1 after 2; game 2: level, level, home; game 3: home 2-0 until away scores 3 in period 3
    assert list(pyramid.GAME.metrics["lead_changes"].per_game(_Res(g))) == [1, 1, 0, 1]
    assert list(pyramid.GAME.metrics["comeback"].per_game(_Res(g))) == [True, True, False, True]


def test_cli_forest_plot_refuses_to_overwrite(cli, tmp_path):
    plot = tmp_path / "forest.png"
    code, out, err = cli("compare", "pyramid", "--b", "tie_break=shootout", "-n", "2000", "--plot", str(plot))
    assert code == 0 and plot.stat().st_size > 5000 and f"wrote {plot}" in out, err
    code, out, err = cli("compare", "pyramid", "--b", "tie_break=shootout", "-n", "2000", "--plot", str(plot))
    assert code == 2 and "exists" in err and err.count("\n") == 1


@pytest.mark.parametrize("plot", ["r-forest.png", "r-forest"])
def test_cli_plot_that_is_the_reports_figure_is_refused_before_running(cli, no_simulation, tmp_path, plot):
    """--plot naming the figure a Markdown --report writes beside it: refused before any game, --force or not (the
    run ended refusing the file it had just written, or with --force replaced the plot with the report's)."""
    for force in ([], ["--force"]):
        code, out, err = cli("compare", "ezr", "--b", "overtime=none", "--plot", str(tmp_path / plot), "--report",
                             str(tmp_path / "r.md"), *force)
        assert code == 2 and out == "" and err == (f"simcore: error: --plot {tmp_path / 'r-forest.png'} is also the "
                                                   f"figure --report {tmp_path / 'r.md'} writes beside it; choose "
                                                   "another name\n")
    assert list(tmp_path.iterdir()) == []


def test_cli_metrics_with_an_empty_item_is_refused(cli, no_simulation):
    code, out, err = cli("compare", "ezr", "--b", "overtime=none", "--metrics", "home_win,,tie")
    assert code == 2 and err == ("simcore: error: --metrics 'home_win,,tie' has an empty item; name each metric "
                                 "once, separated by commas\n")


class _Res:
    """A stand-in for Results holding a games table."""

    def __init__(self, games):
        self.games = games


def test_functional_metrics_delta_method():
    import pandas as pd

    from simcore.analysis.compare import COMMON_FUNCTIONALS, functional_difference, ratio

    rng = np.random.default_rng(9)
    n = 40_000
    shots = rng.poisson(30, n)
    goals = rng.binomial(shots, 0.1)
    f = ratio(lambda r: r.games.goals, lambda r: r.games.shots)
    est, infl = f(_Res(pd.DataFrame({"goals": goals, "shots": shots})))
    assert est == goals.sum() / shots.sum() and abs(infl.mean()) < 1e-12
    # the delta-method standard error matches the spread of the estimate over 40 independent batches
    se = infl.std(ddof=1) / math.sqrt(n)
    batches = [goals[i::40].sum() / shots[i::40].sum() for i in range(40)]
    assert np.std(batches, ddof=1) / math.sqrt(40) == pytest.approx(se, rel=0.3)
    # Poisson goals: variance / mean near 1
    g = pd.DataFrame({"home_goals": rng.poisson(3, n), "away_goals": rng.poisson(3, n),
                      "winner": rng.choice(["home", "away", "tie"], n)})
    disp, dinf = COMMON_FUNCTIONALS["goals_dispersion"](_Res(g))
    assert disp == pytest.approx(1.0, abs=0.03)
    var, vinf = COMMON_FUNCTIONALS["goals_variance"](_Res(g))
    both = np.concatenate([g.home_goals, g.away_goals])
    assert var == pytest.approx(both.var()) and var == pytest.approx(3.0, rel=0.03)
    se = vinf.std(ddof=1) / math.sqrt(n)
    halves = [np.concatenate([g.home_goals[i::40], g.away_goals[i::40]]).var() for i in range(40)]
    assert np.std(halves, ddof=1) / math.sqrt(40) == pytest.approx(se, rel=0.3)
    same = functional_difference((disp, dinf), (disp, dinf), "goals_dispersion")
    assert same.diff == 0 and same.ci == (0.0, 0.0) and same.p_value == 1.0
    bal, _ = COMMON_FUNCTIONALS["balance"](_Res(g))
    assert bal == pytest.approx(1 - abs((g.winner == "home").mean() - (g.winner == "away").mean()))


def test_ezr_period_metrics_from_the_periods_table():
    import simcore

    ezr = simcore.game("ezr")
    r = ezr.simulate(n=5_000, seed=1)
    p = r.table("periods").pivot_table(index="game_id", columns=["team", "period"], values="goals",
                                       aggfunc="sum").astype(int)
    m = (p["home"].cumsum(axis=1) - p["away"].cumsum(axis=1)).to_numpy()
    w = r.games.winner.astype(str).to_numpy()
    want = ((w == "home") & (m[:, :2] < 0).any(axis=1)) | ((w == "away") & (m[:, :2] > 0).any(axis=1))
    assert np.array_equal(ezr.GAME.metrics["comeback"].per_game(r), want)
    lc = ezr.GAME.metrics["lead_changes"].per_game(r)

    def flips(row):
        """The leader at each period's end, a level score skipped: how often it is another team than before."""
        leaders = [np.sign(x) for x in row if x != 0]
        return sum(a != b for a, b in zip(leaders, leaders[1:]))

    assert list(lc) == [flips(row) for row in m]
    assert lc.max() == 2                    # some game's leader changes at both later period ends


def test_lead_changes_and_comeback_on_constructed_margins():
    from simcore.scoring import comeback, lead_changes

    m = np.array([[1, 0, -1], [1, 2, 3], [0, 0, 0], [-1, 1, -1], [0, -2, 1]])
    assert list(lead_changes(m)) == [1, 0, 0, 2, 1]
    assert list(comeback(m, ["away", "home", "tie", "away", "home"])) == [True, False, False, True, True]


def test_strat_functionals():
    c = compare("strat", None, "goalie_fatigue=off", 560, seed=3, metrics=["pp_pct", "save_pct", "fatigue_goals_per_game"])
    t = c.table().set_index("metric")
    assert 0.1 < t.loc["pp_pct", "a"] < 0.35 and 0.85 < t.loc["save_pct", "a"] < 0.95
    doc = c.to_json()
    # the distribution tests compare the two runs' team scores and home margins, game by game in the tables
    from simcore.analysis.inference import histogram_test

    ga, gb = c.res_a.games, c.res_b.games
    goals = [np.bincount(np.concatenate([g.home_goals, g.away_goals]).astype(np.int64)) for g in (ga, gb)]
    margins = [(g.home_goals - g.away_goals).to_numpy(np.int64) for g in (ga, gb)]
    lo = min(m.min() for m in margins)
    for key, want in (("goals_distribution_test", histogram_test(*goals)),
                      ("margin_distribution_test", histogram_test(*[np.bincount(m - lo) for m in margins]))):
        got = doc[key]
        assert want[2] > 0 and got["dof"] == want[2]
        assert got["statistic"] == pytest.approx(want[0], rel=1e-12)
        assert got["p_value"] == pytest.approx(want[1], rel=1e-12)
    import simcore

    strat = simcore.game("strat")
    r = strat.simulate(n=112, seed=5)
    tg = r.table("team_games")
    home = tg[tg.is_home].set_index("game_id").sort_index()
    away = tg[~tg.is_home].set_index("game_id").sort_index()
    m = (home[["goals_p1", "goals_p2"]].cumsum(axis=1).to_numpy(int)
         - away[["goals_p1", "goals_p2"]].cumsum(axis=1).to_numpy(int))
    w = r.games.winner.astype(str).to_numpy()
    want = ((w == "home") & (m < 0).any(axis=1)) | ((w == "away") & (m > 0).any(axis=1))
    assert np.array_equal(strat.GAME.metrics["comeback"].per_game(r), want)
    assert t.loc["fatigue_goals_per_game", "b"] == 0          # no fatigue rule, no fatigue goals


def test_a_functionals_p_value_and_interval_agree():
    """A pooled rate's p-value refers to the interval's Student t distribution: with 5 games and B - A at 2.2
    standard errors the 95% interval (t on 4 df: +/- 2.78 se) includes 0, and so p = 0.093 > 0.05 (the normal
    distribution gave p = 0.028, against the interval)."""
    from scipy import stats

    from simcore.analysis.compare import functional_difference

    ib = np.array([1.0, -1.0, 1.0, -1.0, 0.0])           # influence differences: sd 1, se 1 / sqrt(5)
    se = 1 / math.sqrt(5)
    d = functional_difference((0.0, np.zeros(5)), (2.2 * se, ib), "rate")
    assert d.se == pytest.approx(se)
    assert d.ci[0] < 0 < d.ci[1] and d.ci[1] == pytest.approx(2.2 * se + stats.t.ppf(0.975, 4) * se)
    assert d.p_value == pytest.approx(2 * stats.t.sf(2.2, 4)) and d.p_value == pytest.approx(0.0927, abs=1e-4)
    assert d.df == 4
    # p < 0.05 exactly when the interval excludes 0, paired or not
    for paired in (True, False):
        for k in np.linspace(0.5, 4.0, 36):
            d = functional_difference((0.0, np.zeros(5)), (k * se, ib), "rate", paired)
            assert (d.p_value < 0.05) == (d.ci[0] > 0), (paired, k)


def test_unpaired_at_the_largest_seed_runs_b_on_seed_0():
    import simcore

    top = 2**64 - 1
    c = compare("ezr", None, "qq_chart=off", 100, seed=top, paired=False, metrics=["home_win"])
    assert (c.meta["seed"], c.meta["seed_b"]) == (top, 0)
    b = simcore.game("ezr").simulate(n=100, seed=0, rules="qq_chart=off").games
    assert c.res_b.games.equals(b)
    assert compare("ezr", None, "qq_chart=off", 10, seed=41, paired=False, metrics=["tie"]).meta["seed_b"] == 42


def test_cli_unpaired_at_the_largest_seed(cli):
    code, out, err = cli("compare", "ezr", "--b", "qq_chart=off", "-n", "100", "--seed",
                         "18446744073709551615", "--unpaired", "--metrics", "home_win")
    assert code == 0, err
    assert "(unpaired, seeds 18446744073709551615 and 0)" in out


def test_to_json_from_python_is_the_commands_document():
    """Comparison.to_json() is the document `compare --format json` prints: valid JSON (no NaN) with
    required_n."""
    c = compare("ezr", None, "qq_chart=off", 1, metrics=["home_win", "goals_per_team_game"])
    doc = c.to_json()
    json.dumps(doc, allow_nan=False)
    assert [sorted(m) for m in doc["metrics"]] == [sorted([*m, "required_n"]) for m in
                                                  [d.as_dict() | {"p_holm": 0} for d in c.differences]]
    c = compare("ezr", None, "qq_chart=off", 400, seed=3, metrics=["goals_per_team_game"])
    m = c.to_json()["metrics"][0]
    assert m["ci"][0] <= 0 <= m["ci"][1] and m["required_n"] > 400        # undecided: how many games would do
    assert c.to_json(power=0.9)["metrics"][0]["required_n"] > m["required_n"]
    for bad in (1.5, 0, "0.8", True):
        with pytest.raises(ValueError, match="power must be a number between 0 and 1"):
            c.to_json(power=bad)


def test_the_table_keeps_a_tiny_p_apart_from_its_interval(cli):
    """A p below 0.001 is written as the report writes it: "6.33e-149" ran into the interval's bracket."""
    code, out, err = cli("compare", "ezr", "--b", "overtime=none,shootout=off", "-n", "2000", "--metrics", "tie")
    assert code == 0, err
    row = next(line for line in out.splitlines() if line.startswith("tie"))
    assert row.split()[-4:] == ["<", "0.001", "<", "0.001"] and "] " in row
    assert "goal margin, whole distribution: chi-square" in out and "df, p < 0.001" in out


def test_one_game_each_p_and_holm_are_both_undefined(cli):
    t = compare("ezr", None, "qq_chart=off", 1, metrics=["home_win", "goals_per_team_game", "balance"]).table()
    assert t.p_value.isna().all() and t.p_holm.isna().all()
    code, out, err = cli("compare", "ezr", "--b", "qq_chart=off", "-n", "1", "--metrics", "home_win",
                         "--format", "json")
    assert code == 0, err
    m = json.loads(out)["metrics"][0]
    assert m["p_value"] is None and m["p_holm"] is None
    code, out, err = cli("compare", "ezr", "--b", "qq_chart=off", "-n", "1", "--metrics", "home_win")
    row = next(line for line in out.splitlines() if line.startswith("home_win"))
    assert row.split()[-2:] == ["-", "-"]                  # as the report shows an undefined p
    # the whole-distribution tests: one class once the tail is pooled, so none (not "chi-square 0.0, p = 1")
    assert "goals per team, whole distribution: no test (too few games: the values pool into one class)" in out
    assert "chi-square" not in out
    code, out, err = cli("compare", "ezr", "--b", "qq_chart=off", "-n", "1", "--metrics", "home_win",
                         "--format", "json")
    for key in ("goals_distribution_test", "margin_distribution_test"):      # JSON: no test, and no NaN
        assert json.loads(out)[key] == {"test": "none: the values pool into one class", "statistic": None,
                                        "p_value": None, "dof": 0}


def _one_metric(x_a, x_b, name="home_goals_mean"):
    from simcore.analysis.compare import Comparison
    from simcore.analysis.inference import holm, paired_difference

    d = paired_difference(x_a, x_b, name)
    return d, Comparison({"game": "ezr", "a": "A", "b": "B", "n": d.n, "seed": 0, "seed_b": 0, "paired": True,
                          "setup": {}}, [d], holm([d.p_value]), (0.0, 1.0, 1), (0.0, 1.0, 1))


def test_verdicts_alpha_sets_the_interval_the_test_and_the_sample_size():
    """B - A at 1.8 standard errors (t on 199 df): p = 0.073.  At alpha 0.05 the 95% interval includes 0 and the
    games to detect it are planned at 0.05; at alpha 0.1 the 90% interval excludes 0 and the difference is
    detected; at alpha 0.01 the 99% interval and the plan use 0.01."""
    from scipy import stats

    from simcore.analysis.inference import required_n

    rng = np.random.default_rng(3)
    z = rng.standard_normal(200)
    z = (z - z.mean()) / z.std(ddof=1)                    # per-game differences with sd exactly 1
    se = 1 / math.sqrt(200)
    d, c = _one_metric(np.zeros(200), z + 1.8 * se)
    assert d.diff == pytest.approx(1.8 * se) and d.p_value == pytest.approx(2 * stats.t.sf(1.8, 199))

    v = c.verdicts(alpha=0.05).iloc[0]
    assert (v.ci_low, v.ci_high) == d.ci and not v.detected
    assert v.required_n == required_n(d.sd, d.diff, 0.8, 0.05)
    assert v.verdict.startswith("no detectable difference at n = 200 (95% CI ")

    v = c.verdicts(alpha=0.1).iloc[0]
    q = stats.t.ppf(0.95, 199)
    assert v.ci_low == pytest.approx(d.diff - q * se) and v.ci_high == pytest.approx(d.diff + q * se)
    assert v.ci_low > 0 and v.detected and v.required_n is None
    assert v.verdict == f"higher under B by {d.diff:.2f} (90% CI {v.ci_low:+.2f} to {v.ci_high:+.2f})"

    v = c.verdicts(alpha=0.01).iloc[0]
    q = stats.t.ppf(0.995, 199)
    assert v.ci_low == pytest.approx(d.diff - q * se) and not v.detected
    assert v.required_n == required_n(d.sd, d.diff, 0.8, 0.01) > required_n(d.sd, d.diff, 0.8, 0.05)
    assert "(99% CI " in v.verdict and f"about {v.required_n:,} games per variant" in v.verdict


RULEBOOK = {"ezr": "ezr(qq_chart=on,qq_unprinted=mirror,overtime=table,shootout=on,shootout_undecided=repeat)"}
SAME = "the two rule variants to compare are the same"


@pytest.mark.parametrize("argv,line", [
    (["ezr"], f"give --a and/or --b: {SAME} (both the rulebook)"),
    # the setup is who plays in both A and B: it cannot make them differ
    (["ezr", "--setup", "home=TBL,away=OTT"],
     f"give --a and/or --b: {SAME} (both the rulebook; --setup sets who plays in both A and B)"),
    (["ezr", "--a", "qq_chart=on"],
     f"--a 'qq_chart=on' and --b (not given: the rulebook) are the same rules, {RULEBOOK['ezr']}: {SAME}; "
     "change --a or --b"),
    (["pyramid", "--a", "tie_break=shootout", "--b", "tie_break=shootout"],
     "--a 'tie_break=shootout' and --b 'tie_break=shootout' are the same rules, "
     "pyramid(deck=standard,lineup=3-2-1,skater_beats=>=,goalie_beats=>,first_attack=first-drafter,"
     "period_start=next-in-turn,first_player=home,last_card=on,tie_break=shootout): "
     f"{SAME}; change --a or --b"),
])
def test_cli_a_variant_against_itself_is_refused_before_running(cli, no_simulation, argv, line):
    """Without a difference between A and B (paired: the same games) every difference is exactly 0: refused up
    front, where it used to play -n games (100,000 by default) of the rulebook against itself."""
    code, out, err = cli("compare", *argv, "-n", "100")
    assert code == 2 and out == ""
    assert err == f"simcore: error: {line}\n"


def test_cli_a_variant_against_itself_unpaired_compares_two_seeds(cli):
    """--unpaired runs B on the next seed: a variant against itself differs there (two independent samples)."""
    code, out, err = cli("compare", "ezr", "--unpaired", "-n", "2000", "--seed", "5", "--metrics",
                         "home_win", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["a"] == doc["b"] == RULEBOOK["ezr"] and (doc["seed"], doc["seed_b"], doc["paired"]) == (5, 6, False)
    m = doc["metrics"][0]
    assert m["diff"] != 0 and m["ci"][0] < 0 < m["ci"][1]


@pytest.mark.parametrize("game,b,metrics,needle", [
    ("ezr", "qq_chart=off", "home_win,home_win", "the ezr metric 'home_win' twice (home_win and home_win)"),
    ("ezr", "qq_chart=off", "home_win,tie,goals_per_team_game,tie",
     "the ezr metric 'tie' twice (tie and tie)"),
    # an earlier release's name and its new one are the same metric, named as given
    ("strat", "goalie_fatigue=off", "home_win,home_win_pct",
     "the strat metric 'home_win' twice (home_win and home_win_pct)"),
    ("pyramid", "tie_break=shootout", "turns_per_game,game_length",
     "the pyramid metric 'game_length' twice (turns_per_game and game_length)"),
])
def test_cli_a_metric_named_twice_is_refused_before_running(cli, no_simulation, game, b, metrics, needle):
    code, out, err = cli("compare", game, "--b", b, "-n", "100", "--metrics", metrics)
    assert code == 2 and out == ""
    assert err == f"simcore: error: --metrics names {needle}; give each metric once\n"   # no warning line


def test_compare_refuses_a_metric_named_twice_before_running(no_simulation):
    with pytest.raises(ValueError, match=r"^strat metric 'away_win' is named twice \(away_win_pct and away_win\); "
                                         r"give each metric once$"):
        compare("strat", None, "goalie_fatigue=off", 112, metrics=["away_win_pct", "tie", "away_win"])


def test_cli_report_into_a_folder_is_refused_before_running(cli, tmp_path, no_simulation):
    """--report DIR (an existing folder): refused up front, not "exists; pass --force" and, with --force, a whole
    comparison run before the write fails."""
    folder = tmp_path / "page.html"
    folder.mkdir()
    for force in ([], ["--force"]):
        code, out, err = cli("compare", "ezr", "--b", "qq_chart=off", "-n", "100", "--report", str(folder),
                             *force)
        assert code == 2 and out == ""
        assert err == f"simcore: error: --report {folder} is a folder; name a page FILE.html or FILE.md\n"
    assert list(folder.iterdir()) == []
