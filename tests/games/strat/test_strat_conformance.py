"""Strat-O-Matic Hockey Basic: whole-run conformance of the engine on the sample league.

Bookkeeping that every game must balance, reproducibility across threads and chunking, the calibration bands at
a fixed seed, and the play-by-play agreeing with the batch run.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simcore.games.strat import engine, kernel
from simcore.games.strat.kernel.layout import (DEC_L, DEC_OTL, DEC_T, DEC_W, LOG_W, MAX_EVENTS, MAX_ROSTER, NK, NO,
                                             NP, NT, WIN_TIE, EV, K, O, P, T)


@pytest.fixture(scope="module")
def league():
    return engine.simulate(league=True, n=2_000, seed=2024)


def test_every_game_ends_and_balances(league):
    a = league.aggregates
    OG, OT_, OK = a["OG"], a["OT"], a["OK"]
    n = OG.shape[0]
    g = league.table("games")
    assert len(g) == n
    # action cards drawn (line-change cards included; a power play's elapsed-time flips are not draws)
    assert (OG[:, O.cards] > 0).all() and (OG[:, O.cards] <= 3 * 33 + 8).all()
    # scores = team goal counters = sum of goals by period
    assert (OG[:, O.home] == OT_[:, 0, T.goals]).all() and (OG[:, O.away] == OT_[:, 1, T.goals]).all()
    by_period = OT_[:, :, T.g1] + OT_[:, :, T.g2] + OT_[:, :, T.g3] + OT_[:, :, T.got]
    assert (by_period == OT_[:, :, T.goals]).all()
    # team goals = the sum of the team's players' goals (players aggregated per team row over the run)
    tg = league.table("team_games")
    goals_by_team = tg.groupby("team", observed=True)["goals"].sum()
    pl = league.table("players").groupby("team")[["goals", "assists", "pp_goals", "sh_goals", "pim"]].sum()
    assert (pl["goals"] == goals_by_team.reindex(pl.index)).all()
    # assists: at most two per goal
    assert (pl["assists"] <= 2 * pl["goals"]).all() and pl["assists"].sum() > 0
    assert (pl["pp_goals"] == tg.groupby("team", observed=True)["pp_goals"].sum().reindex(pl.index)).all()
    assert (pl["sh_goals"] == tg.groupby("team", observed=True)["sh_goals"].sum().reindex(pl.index)).all()
    # PIM: players' minutes plus goalies' minors make the team's
    assert (pl["pim"] <= tg.groupby("team", observed=True)["pim"].sum().reindex(pl.index)).all()
    # per team-game: PP goals <= PP opportunities; shots >= goals - empty-net goals; PIM = 2 x penalties
    assert (OT_[:, :, T.ppg] <= OT_[:, :, T.ppo]).all()
    assert (OT_[:, :, T.sog] >= OT_[:, :, T.goals] - OT_[:, :, T.eng]).all()
    assert (OT_[:, :, T.pim] == 2 * OT_[:, :, T.pen]).all()
    assert (OT_[:, :, T.ppg] + OT_[:, :, T.shg] <= OT_[:, :, T.goals]).all()
    # goalies: goals against = opponent's goals - empty-net goals; shots against <= opponent's shots
    ga = OK[:, :, :, K.ga].sum(axis=2)
    assert (ga == OT_[:, ::-1, T.goals] - OT_[:, ::-1, T.eng]).all()
    assert (OK[:, :, :, K.sa].sum(axis=2) <= OT_[:, ::-1, T.sog]).all()
    # decisions: exactly one W and one loss (L or OTL) in every decided game, two T in a tie
    dec = OK[:, :, :, K.dec].reshape(n, -1)
    decided = OG[:, O.winner] != WIN_TIE
    w = (dec == DEC_W).sum(axis=1)
    losses = ((dec == DEC_L) | (dec == DEC_OTL)).sum(axis=1)
    assert (w[decided] == 1).all() and (losses[decided] == 1).all()
    assert (w[~decided] == 0).all()
    # the winner has more goals, or won the shootout
    so = g["decided_in"] == "SO"
    reg_ot = ~so & (g["winner"] != "tie")
    hw = g["winner"] == "home"
    assert ((g["home_goals"] > g["away_goals"]) == hw)[reg_ot].all()
    assert ((g["shootout_home"] > g["shootout_away"]) == hw)[so].all()
    assert (g["home_goals"] == g["away_goals"])[so].all()
    # default rules: overtime then a shootout, so no ties stand; OT games end on the first goal
    assert (g["winner"] != "tie").all()
    ot = g["decided_in"] == "OT"
    assert (OT_[ot.to_numpy(), :, T.got].sum(axis=1) == 1).all()
    # team_games is consistent with games
    assert len(tg) == 2 * n
    assert (tg.loc[tg["is_home"], "goals"].to_numpy() == g["home_goals"].to_numpy()).all()


def test_regulation_only_ties_and_decisions():
    res = engine.simulate(league=True, n=560, seed=7, rules="overtime=none,shootout=off")
    g = res.table("games")
    assert (g["decided_in"] == "REG").all()
    tie = (g["home_goals"] == g["away_goals"]).to_numpy()
    assert tie.any()
    assert (g["winner"][tie] == "tie").all()
    dec = res.aggregates["OK"][:, :, :, K.dec].reshape(len(g), -1)
    assert ((dec == DEC_T).sum(axis=1)[tie] == 2).all()


def _tables(res):
    return res.table("games"), res.table("team_games")


def test_reproducible_across_threads_and_chunks():
    kw = dict(league=True, n=3_000, seed=99)
    base = _tables(engine.simulate(threads=1, **kw))
    for threads, chunk in ((2, None), (1, 1_000), (2, 777), (2, 1 << 12)):
        other = _tables(engine.simulate(threads=threads, chunk_size=chunk, **kw))
        for a, b in zip(base, other):
            pd.testing.assert_frame_equal(a, b)


_PURE_PYTHON = """
import json, warnings
import numpy as np
from simcore.games.strat import engine, kernel
from simcore.games.strat.kernel.layout import MAX_ROSTER, NK, NO, NP, NT
from simcore.games.strat.policies import Coach
from simcore.games.strat.rules import Rules
warnings.simplefilter("ignore", RuntimeWarning)     # uint64 wrap-around in the seed mixer is intended
c = engine.compiled(None, Rules())
n = 6
homes, aways = engine.schedule(c, n=n, league=True)
pol = np.stack([Coach().numeric(), Coach().numeric()])
out = [np.zeros((n, NO), np.int32), np.zeros((n, 2, NT), np.int16),
       np.zeros((n, 2, MAX_ROSTER, NP), np.int16), np.zeros((n, 2, 2, NK), np.int16)]
g = np.zeros((n, 2), np.int64)
with np.errstate(over="ignore"):
    kernel.simulate_games((c.D, pol, homes, aways, g, g), np.uint64(41), 0, n, tuple(out))
print(json.dumps([a.tolist() for a in out]))
"""


def test_pure_python_kernel_matches_compiled():
    # the kernel's own code run as plain Python (flat views in place of the compiled pointers) plays the same
    # games, counter for counter
    import json
    import os
    import subprocess
    import sys
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    text = subprocess.run([sys.executable, "-c", _PURE_PYTHON], env=env, capture_output=True, text=True,
                          check=True).stdout
    py = json.loads(text)
    env.pop("NUMBA_DISABLE_JIT")
    compiled = json.loads(subprocess.run([sys.executable, "-c", _PURE_PYTHON], env=env, capture_output=True,
                                         text=True, check=True).stdout)
    assert np.asarray(py[0])[:, O.steps].min() > 100
    assert py == compiled


def test_player_totals_are_the_per_game_counters_summed(monkeypatch):
    # simulate() sums the per-game player counters per team a pass at a time; with passes of 700 games the
    # totals equal one kernel call's counters summed by numpy
    from simcore.games.strat.policies import Coach
    n, seed = 2_000, 8
    monkeypatch.setattr(engine, "PLAYER_PASS", 700)
    res = engine.simulate(league=True, n=n, seed=seed)
    c = res.compiled
    homes, aways = res.aggregates["homes"], res.aggregates["aways"]
    pol = np.stack([Coach().numeric(), Coach().numeric()])
    g = np.zeros((n, 2), np.int64)
    OP = np.zeros((n, 2, MAX_ROSTER, NP), np.int16)
    kernel.simulate_games((c.D, pol, homes, aways, g, g), np.uint64(seed), 0, n,
                     (np.zeros((n, NO), np.int32), np.zeros((n, 2, NT), np.int16), OP,
                      np.zeros((n, 2, 2, NK), np.int16)))
    want = np.zeros((len(c.teams), MAX_ROSTER, NP), np.int64)
    np.add.at(want, homes, OP[:, 0].astype(np.int64))
    np.add.at(want, aways, OP[:, 1].astype(np.int64))
    assert want[:, :, P.g].sum() == res.aggregates["OG"][:, [O.home, O.away]].sum() > 0
    assert (res.aggregates["players"] == want).all()
    monkeypatch.setattr(engine, "PLAYER_PASS", 1 << 13)
    assert (engine.simulate(league=True, n=n, seed=seed).aggregates["players"] == want).all()


def test_game_depends_only_on_seed_and_index():
    a = engine.simulate("KBY", "NRV", n=50, seed=3)
    b = engine.simulate("KBY", "NRV", n=80, seed=3)
    cols = ["home_goals", "away_goals", "home_shots", "away_shots", "winner", "decided_in"]
    pd.testing.assert_frame_equal(a.table("games")[cols], b.table("games")[cols].iloc[:50])
    c = engine.simulate("KBY", "NRV", n=50, seed=4)
    assert not a.table("games")[cols].equals(c.table("games")[cols])


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_calibration_bands(level):
    # the bands, both levels, sample league round robin at a fixed seed: 100 games per ordered pair
    c = engine.compiled()
    pairs = len(c.teams) * (len(c.teams) - 1)
    res = engine.simulate(league=True, n=100 * pairs, seed=12345, rules=f"level={level}")
    s = res.summary().set_index("metric")["estimate"]
    assert 2.8 <= s["goals_per_team_game"] <= 3.2
    assert 28 <= s["shots_per_team_game"] <= 34
    assert 2.4 <= s["pp_opportunities_per_team_game"] <= 3.4
    assert 0.17 <= s["pp_pct"] <= 0.23
    assert 0.50 <= s["home_win"] <= 0.58
    # the summary agrees with the tables
    tg = res.table("team_games")
    assert s["goals_per_team_game"] == pytest.approx(tg["goals"].mean())
    assert s["pp_pct"] == pytest.approx(tg["pp_goals"].sum() / tg["pp_opportunities"].sum())


def _kernel_logged(home, away, seed, game):
    """play_by_play's kernel call without the text (pbp.describe): the game's (OG, OT) counters."""
    c = engine.compiled()
    pol, _ = engine._coaches(None)
    OG = np.zeros(NO, np.int32)
    OT_ = np.zeros((2, NT), np.int16)
    OP = np.zeros((2, MAX_ROSTER, NP), np.int16)
    OK = np.zeros((2, 2, NK), np.int16)
    L = np.zeros((MAX_EVENTS, LOG_W), np.int64)
    e = np.zeros(0, np.int64)
    n = kernel.play_logged(c.D, pol, np.uint64(seed), game, c.team_index(home), c.team_index(away),
                      np.zeros(2, np.int64), np.zeros(2, np.int64), np.zeros((2, MAX_ROSTER), np.int64), 0, e, e, e,
                      OG, OT_, OP, OK, L)
    return OG, OT_, L[:n]


@pytest.mark.parametrize("seed", [0, 1, 17, 2024])
def test_logged_game_matches_simulate(seed):
    # play_by_play plays game 0 of the run with that seed: same score, same counters
    res = engine.simulate("KBY", "NRV", n=3, seed=seed)
    for game in range(3):
        OG, OT_, L = _kernel_logged("KBY", "NRV", seed, game)
        assert np.array_equal(OG, res.aggregates["OG"][game])
        assert np.array_equal(OT_, res.aggregates["OT"][game])
        # the log's final row carries the final score
        assert L[-1, 2] == EV.end and (L[-1, 5], L[-1, 6]) == (OG[O.home], OG[O.away])


def test_play_by_play_matches_simulate():
    res = engine.simulate("KBY", "NRV", n=1, seed=0)
    g = res.table("games").iloc[0]
    gl = engine.play_by_play("KBY", "NRV", seed=0)
    assert (gl.home_goals, gl.away_goals) == (int(g["home_goals"]), int(g["away_goals"]))
    assert gl.winner == g["winner"] and gl.decided_in == g["decided_in"]
    assert np.array_equal(gl.team, res.aggregates["OT"][0])
    assert gl.events["text"].iloc[-1] == f"Final: KBY {gl.home_goals}, NRV {gl.away_goals}"


def test_goalie_inputs_in_any_memory_order():
    # goalie_slots / fatigued may come as Fortran-ordered or strided arrays; the kernel reads C-ordered copies
    n = 40
    slots = np.zeros((n, 2), np.int64)
    slots[::3, 1] = 1
    slots[1::3, 0] = 1
    fat = np.zeros((n, 2), np.int64)
    fat[::4, 0] = 1
    a = engine.simulate("KBY", "NRV", n=n, seed=12, goalie_slots=slots, fatigued=fat)
    b = engine.simulate("KBY", "NRV", n=n, seed=12, goalie_slots=np.asfortranarray(slots),
                        fatigued=np.repeat(fat, 2, axis=1)[:, ::2])
    pd.testing.assert_frame_equal(a.table("games"), b.table("games"))
    starts = a.table("goalie_games").groupby("goalie")["starts"].sum()
    assert (starts > 0).sum() == 4            # both teams' starters and backups started
