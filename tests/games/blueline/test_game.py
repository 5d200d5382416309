"""Blue Line Hockey on the game contract: the games table against the engine's arrays, the metrics, the setup
(policies and the data files a user may load), the play-by-play, threads and chunking, memory bounds."""
from __future__ import annotations

import hashlib

import numpy as np
import pandas as pd
import pytest

import simcore
from simcore.charts import ChartError
from simcore.games.base import MemoryLimitError, bytes_per_game
from simcore.games.blueline import engine
from simcore.games.blueline.game import DEFAULT_METRICS, GAME, games_table
from simcore.games.blueline.kernel.layout import COUNT_NAMES, GAME_OUTPUTS
from simcore.games.blueline.policies import Policy
from simcore.results import COMMON_COLUMNS

N = 400
SEED = 17


@pytest.fixture(scope="module")
def res():
    return GAME.simulate(None, n=N, seed=SEED, progress=False)


def _digest(df: pd.DataFrame) -> str:
    return hashlib.sha256(df.to_csv(index=False).encode()).hexdigest()


def test_registered_under_its_id():
    assert simcore.game("blueline") is GAME and simcore.game("BlueLine") is GAME
    assert GAME.title == "Blue Line Hockey"


def test_games_table_is_the_engines_arrays(res):
    g = res.games
    assert list(g.columns[:len(COMMON_COLUMNS)]) == list(COMMON_COLUMNS)
    assert len(g) == N and (g.game_id.to_numpy() == np.arange(N)).all() and (g.seed == SEED).all()
    out = engine.simulate(N, SEED, GAME.rules(), (Policy.parse("default"), Policy.parse("default")))
    goals = out["goals"].astype(np.int64)
    assert (g.home_goals.to_numpy() == goals[:, 0].sum(axis=1)).all()
    assert (g.away_goals.to_numpy() == goals[:, 1].sum(axis=1)).all()
    for p, name in enumerate(("p1", "p2", "p3", "ot")):
        assert (g[f"home_{name}"].to_numpy() == goals[:, 0, p]).all()
        assert (g[f"away_{name}"].to_numpy() == goals[:, 1, p]).all()
    assert (g.home_so_goals.to_numpy() == out["so_goals"][:, 0]).all()
    for k, name in enumerate(COUNT_NAMES):
        assert (g[f"home_{name}"].to_numpy() == out["counts"][:, 0, k]).all(), name
        assert (g[f"away_{name}"].to_numpy() == out["counts"][:, 1, k]).all(), name
    codes = {"home": 0, "away": 1, "tie": 2}
    assert (g.winner.astype(str).map(codes).to_numpy() == out["winner"]).all()
    assert (g.decided_in.astype(str).map({"REG": 0, "OT": 1, "SO": 2}).to_numpy() == out["decided"]).all()


def test_a_shootout_decides_a_level_game_and_adds_no_goal(res):
    g = res.games
    so = g[g.decided_in == "SO"]
    assert (so.home_goals == so.away_goals).all()
    won_home = so.winner == "home"
    assert (so.home_so_goals[won_home] > so.away_so_goals[won_home]).all()
    assert (so.away_so_goals[~won_home & (so.winner == "away")] > so.home_so_goals[~won_home & (so.winner == "away")]).all()
    assert (g.home_so_goals[g.decided_in != "SO"] == 0).all()


def test_faceoffs_per_game_counts_each_face_off_once(res):
    """Face-Offs: one draw, one winner.  Both teams count every face-off they take part in, so the game's
    face-offs are one team's counter and equal the face-offs won by either team."""
    counts = res.aggregates["counts"].astype(np.int64)
    s = res.summary().set_index("metric")
    fo = counts[:, :, COUNT_NAMES.index("faceoffs")]
    won = counts[:, :, COUNT_NAMES.index("faceoffs_won")].sum(axis=1)
    assert (fo[:, 0] == fo[:, 1]).all() and (fo[:, 0] == won).all()
    assert s.at["faceoffs_per_game", "estimate"] == pytest.approx(won.mean())
    assert s.at["faceoffs_per_game", "estimate"] == pytest.approx(s.at["faceoffs_won_per_game", "estimate"])


def test_metrics_are_the_counts_of_both_teams(res):
    counts = res.aggregates["counts"].astype(np.int64)
    s = res.summary().set_index("metric")
    for k, name in enumerate(COUNT_NAMES):
        if name == "faceoffs":
            continue
        assert s.at[f"{name}_per_game", "estimate"] == pytest.approx(counts[:, :, k].sum(axis=1).mean()), name
    if {"pp_goals", "pp_opportunities"} <= set(COUNT_NAMES):
        ppg = counts[:, :, COUNT_NAMES.index("pp_goals")].sum()
        ppo = counts[:, :, COUNT_NAMES.index("pp_opportunities")].sum()
        assert s.at["pp_pct", "estimate"] == pytest.approx(ppg / ppo)
        assert s.at["pk_pct", "estimate"] == pytest.approx(1 - ppg / ppo)
    shots = counts[:, :, COUNT_NAMES.index("shots")].sum()
    goals = res.games.home_goals.sum() + res.games.away_goals.sum()
    assert s.at["shooting_pct", "estimate"] == pytest.approx(goals / shots)
    assert s.at["goals_per_team_game", "estimate"] == pytest.approx(goals / (2 * N))
    pen = [COUNT_NAMES.index(c) for c in ("minors", "majors")]
    assert s.at["penalties_per_game", "estimate"] == pytest.approx(counts[:, :, pen].sum(axis=(1, 2)).mean())


def test_every_metric_is_summarized_with_its_interval(res):
    s = res.summary()
    assert list(s.metric) == list(GAME.metrics)
    ok = s.dropna(subset=["ci_low"])
    assert len(ok) >= len(s) - 2
    assert ((ok.ci_low <= ok.estimate + 1e-12) & (ok.estimate <= ok.ci_high + 1e-12)).all()
    assert set(DEFAULT_METRICS) <= set(GAME.metrics)
    for m in ("home_win", "goals_per_team_game", "shots_per_game", "pp_pct", "save_pct", "series_per_game"):
        assert m in DEFAULT_METRICS


def test_the_play_by_play_is_the_game_simulate_plays(res):
    g = res.games
    for i in (0, 5, N - 1):
        lg = GAME.play_by_play(None, SEED, i)
        row = g.iloc[i].to_dict()
        for col, v in row.items():
            assert str(lg.result[col]) == str(v), (i, col)
        assert isinstance(lg.text, str) and lg.text.count("\n") > 10
        assert isinstance(lg.events, pd.DataFrame) and len(lg.events) > 0


def test_setup_policies_read_back_and_change_the_games():
    s = GAME.setup({"policy_home": "random", "policy_away": "aggressive"})
    assert s.policy_home == Policy.parse("random") and str(s.policy_away) == str(Policy.parse("aggressive"))
    assert GAME.setup(s.id) == s
    assert GAME.setup(("random", "aggressive")) == s
    a = GAME.simulate(None, n=300, seed=1, progress=False).games
    b = GAME.simulate(s, n=300, seed=1, progress=False).games
    assert _digest(a) != _digest(b)
    with pytest.raises(simcore.SetupError, match="policy_home"):
        GAME.setup({"policy_home": "no-such-policy"})


def test_the_shipped_data_files_loaded_by_path_play_the_same_games():
    from simcore.games.blueline import board, chart, penalties

    paths = {"board": board.load_board().source, "chart": chart.load_chart().path,
             "penalties": penalties.load_penalties().path}
    s = GAME.setup(paths)
    assert s.files() == {**{k: str(v) for k, v in paths.items()}, "formations": "shipped"}
    a = GAME.simulate(None, n=200, seed=4, progress=False).games
    b = GAME.simulate(s, n=200, seed=4, progress=False).games
    assert _digest(a) == _digest(b)


def test_a_broken_chart_file_names_its_file_line_and_column(tmp_path):
    from simcore.games.blueline import chart

    src = chart.load_chart().path
    lines = open(src, encoding="utf-8").read().splitlines()
    row = next(i for i, ln in enumerate(lines) if ",goal," in ln)
    lines[row] = lines[row].replace(",goal,", ",gaol,", 1)
    bad = tmp_path / "chart.csv"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ChartError) as e:
        GAME.setup({"chart": str(bad)})
    msg = str(e.value)
    assert str(bad) in msg and f"line {row + 1}" in msg and "'result'" in msg and "gaol" in msg


def test_memory_bound_refuses_a_run_that_cannot_fit():
    assert GAME.per_game_outputs("games") is GAME_OUTPUTS
    per = bytes_per_game(GAME, "games")
    assert per == sum(int(np.prod(s.shape)) * np.dtype(s.dtype).itemsize for s in GAME_OUTPUTS.specs) \
        + GAME.table_bytes_per_game
    with pytest.raises(MemoryLimitError, match="blueline"):
        GAME.simulate(None, n=10**15, seed=0, progress=False)


def test_table_bytes_per_game_covers_the_games_table(res):
    """The games table's own memory per game is within the declared figure (which also covers the summary's
    temporaries: measured as peak resident memory)."""
    per = res.games.memory_usage(deep=True).sum() / N
    assert per <= GAME.table_bytes_per_game


def test_games_table_of_one_row_matches_the_run(res):
    out = {k: v[3:4] for k, v in res.aggregates.items()}
    one = games_table(out, res.meta, 3)
    assert _digest(one) == _digest(res.games.iloc[3:4])
