"""The game contract, checked on every registered game and each of its presets (docs/architecture.md).

A run terminates; its common game columns balance (goals, winner, decided_in); it is identical on 1 and 2 threads
and for other chunkings; a variant compared with itself differs by exactly zero; the kernel run as plain Python
(NUMBA_DISABLE_JIT=1) plays the same games; compare and sweep run on it; its play-by-play is the simulated game;
every summary row is one of its metrics, under one name, with the same value; its command line has generated
help.  The toy game of toygame.py passes like the shipped ones.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from contract_games import games, presets, size

import simcore
from simcore.analysis import compare, sweep
from simcore.cli import main
from simcore.results import COMMON_COLUMNS

HERE = Path(__file__).parent


def _digest(df: pd.DataFrame) -> str:
    return hashlib.sha256(df.to_csv(index=False).encode()).hexdigest()


@pytest.mark.parametrize("gid,preset", presets())
def test_a_run_terminates_and_its_common_columns_balance(gid, preset):
    g = simcore.game(gid)
    n = size(gid)
    rules = g.Rules.preset(preset)
    res = g.simulate(n=n, seed=11, rules=rules, progress=False)
    df = res.games
    assert list(df.columns[:len(COMMON_COLUMNS)]) == list(COMMON_COLUMNS)
    assert len(df) == n and (df.game_id.to_numpy() == np.arange(n)).all()
    assert (df.game == g.id).all() and (df.variant == rules.id).all() and (df.seed == 11).all()
    assert res.meta["variant"] == rules.id and res.meta["seed"] == 11 and res.meta["n"] == n
    assert set(df.winner.astype(str)) <= {"home", "away", "tie"}
    assert set(df.decided_in.astype(str)) <= {"REG", "OT", "SO"}
    h, a = df.home_goals.to_numpy(np.int64), df.away_goals.to_numpy(np.int64)
    assert (h >= 0).all() and (a >= 0).all()
    w, d = df.winner.astype(str).to_numpy(), df.decided_in.astype(str).to_numpy()
    played = d != "SO"          # recorded goals: an overtime goal counts, shootout goals do not
    assert ((w == "home") <= (h > a))[played].all() and ((w == "away") <= (a > h))[played].all()
    assert ((w == "tie") <= (h == a)).all()
    assert ((h != a) <= (w != "tie")).all()
    assert (h == a)[d == "SO"].all()
    # every game has a result: the shares add up
    s = res.summary().set_index("metric")["estimate"]
    if {"home_win", "away_win", "tie"} <= set(s.index):
        assert s["home_win"] + s["away_win"] + s["tie"] == pytest.approx(1)


@pytest.mark.parametrize("gid", games())
def test_identical_on_one_and_two_threads_and_any_chunking(gid):
    g = simcore.game(gid)
    n = size(gid)
    base = _digest(g.simulate(n=n, seed=5, threads=1, progress=False).games)
    for threads, chunk in ((2, None), (2, max(1, n // 3) + 1), (1, 97)):
        other = g.simulate(n=n, seed=5, threads=threads, chunk_size=chunk, progress=False).games
        assert _digest(other) == base, (threads, chunk)
    assert _digest(g.simulate(n=n, seed=6, progress=False).games) != base     # and the seed matters


@pytest.mark.parametrize("gid", games())
def test_a_variant_compared_with_itself_differs_by_zero(gid):
    g = simcore.game(gid)
    cmp = compare(g, None, None, size(gid), seed=3)
    t = cmp.table()
    assert len(t) == len(cmp.differences) > 0
    assert (t["diff"] == 0).all() and (t["ci_low"].fillna(0) == 0).all() and (t["ci_high"].fillna(0) == 0).all()


_PURE = """
import hashlib, json, sys, warnings
warnings.simplefilter("ignore", RuntimeWarning)     # uint64 wrap-around in the seed mixer is intended
sys.path.insert(0, {here!r})
import numpy as np
import toygame
import simcore
toygame.register()
g = simcore.game({gid!r})
with np.errstate(over="ignore"):
    df = g.simulate(n={n}, seed=21, progress=False).games
print(hashlib.sha256(df.to_csv(index=False).encode()).hexdigest())
"""


@pytest.mark.parametrize("gid", games())
def test_the_kernel_as_plain_python_plays_the_same_games(gid):
    n = 6 if gid == "strat" else 40
    code = _PURE.format(here=str(HERE), gid=gid, n=n)
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    compiled = _digest(simcore.game(gid).simulate(n=n, seed=21, progress=False).games)
    assert p.stdout.strip().splitlines()[-1] == compiled


@pytest.mark.parametrize("gid", games())
def test_compare_and_sweep_run_on_it(gid):
    g = simcore.game(gid)
    n = size(gid)
    field = next(f for f in g.Rules.describe() if len(f["choices"]) > 1)
    other = next(c for c in field["choices"] if c != field["default"])
    cmp = compare(g, None, {field["name"]: other}, n, seed=1)
    doc = cmp.to_json()
    assert doc["game"] == g.id and doc["n"] == n and doc["paired"]
    assert {m["name"] for m in doc["metrics"]} == set(g.default_metrics or g.metrics)
    df = sweep(g, None, {field["name"]: list(field["choices"])[:2]}, n, seeds=(0,), metrics=["home_win", "tie"])
    assert set(df.metric) == {"home_win", "tie"} and df.cell.nunique() == 2
    base = df[df.variant_id == g.Rules().id]
    assert len(base) == 2 and (base["diff"] == 0).all()


@pytest.mark.parametrize("gid", games())
def test_its_play_by_play_is_the_simulated_game(gid):
    g = simcore.game(gid)
    df = g.simulate(n=40, seed=9, progress=False).games
    for i in (0, 7, 39):
        lg = g.play_by_play(None, 9, i)
        assert isinstance(lg.text, str) and lg.text and isinstance(lg.events, pd.DataFrame)
        assert list(lg.result) == list(df.columns)          # the games table's row, every column of it
        for col in df.columns:
            assert str(lg.result[col]) == str(df.iloc[i][col]), (i, col)


@pytest.mark.parametrize("gid", games())
def test_every_summary_row_is_one_of_its_metrics_with_the_same_value(gid):
    g = simcore.game(gid)
    res = g.simulate(n=size(gid), seed=2, progress=False)
    summary_only = getattr(g, "summary_rows", {})
    for row in res.summary().itertuples():
        if row.metric in g.metrics:
            m = g.metrics[row.metric]
            v = np.mean(np.asarray(m.per_game(res), float)) if m.kind == "per_game" else m.functional(res)[0]
            assert v == pytest.approx(row.estimate, rel=1e-12, abs=1e-12, nan_ok=True), row.metric
        else:
            assert any(row.metric == k or (k.endswith("<name>") and row.metric.startswith(k[:-6]))
                       for k in summary_only), f"{row.metric} is not a {gid} metric"
    for old, new in g.renamed_metrics.items():
        assert new in g.metrics and old not in g.metrics


#: per-game metrics with no bounds to declare (a difference of two sides' goals)
SIGNED = {"margin"}


@pytest.mark.parametrize("gid", games())
def test_every_count_and_rate_declares_its_bounds(gid):
    """A metric's bounds cut its intervals in summaries and sweeps and bound a difference no paired game shows
    (docs/analysis.md): every metric but an indicator (true or false per game) and a signed one declares them."""
    from simcore.metrics import is_indicator

    g = simcore.game(gid)
    res = g.simulate(n=size(gid), seed=2, progress=False)
    loose = [name for name, m in g.metrics.items() if m.bounds is None and name not in SIGNED
             and not (m.kind == "per_game" and is_indicator(m.per_game(res)))]
    assert loose == [], f"{gid}: no bounds declared for {loose}"


@pytest.mark.parametrize("gid", games())
def test_its_command_line_has_generated_help(gid, capsys):
    g = simcore.game(gid)
    assert main([gid, "--help"]) == 0
    out = capsys.readouterr().out
    for f in g.Rules.describe():
        assert f"{f['name']} = " in out and f"(default {f['default']})" in out
    for f in g.Setup.describe():
        assert f"  {f['name']}" in out
    assert "--seed" in out and "example:" in out
    assert main([gid, "rules", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [f["name"] for f in doc["fields"]] == [f["name"] for f in g.Rules.describe()]
    assert main([gid, "metrics", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [m["name"] for m in doc["metrics"]] == list(g.metrics)
    assert main(["--help"]) == 0
    assert g.title in capsys.readouterr().out


@pytest.mark.parametrize("gid", games())
def test_its_setup_reads_back_from_its_text(gid):
    g = simcore.game(gid)
    s = g.setup()
    assert g.setup(s.id) == s and g.setup(s.as_text()) == s
    with pytest.raises(simcore.SetupError, match="unknown"):
        g.setup({"no_such_key": 1})
