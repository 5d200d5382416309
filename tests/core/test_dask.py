"""The dask executor (simcore.runner): every registered game gives bit-identical results on threads and on a
2-worker LocalCluster, whatever the block size; a killed worker's blocks are played again with the same result;
a failing block names itself and its seed in one line; Ctrl-C cancels the tasks.

One LocalCluster of two single-thread worker processes serves the module (about 10 s to start on 2 shared
cores).  Each test runs threads first: the kernels it compiles land in numba's cache beside the code, where
the workers load them instead of compiling again.
"""
from __future__ import annotations

import _thread
import os
import signal
import sys
import threading
import time

import numba
import numpy as np
import pandas as pd
import pytest

distributed = pytest.importorskip("distributed")

import simcore  # noqa: E402
from simcore import runner  # noqa: E402
from simcore.games import available_games  # noqa: E402

#: one xdist worker runs this module (`make test` distributes with --dist loadgroup): one cluster, not one each
pytestmark = pytest.mark.xdist_group("dask")

N = 61          # games a test run plays: a prime, so no block size divides it
BLOCK = 7


@pytest.fixture(scope="module")
def dask_ex():
    ex = runner.Dask(workers=2, timeout=120)
    try:
        yield ex
    finally:
        ex.close()


def _same(a, b):
    """Two Results: every aggregate array and every table equal, bit for bit."""
    assert a.meta == b.meta
    assert a.aggregates.keys() == b.aggregates.keys()
    for k in a.aggregates:
        np.testing.assert_array_equal(np.asarray(a.aggregates[k]), np.asarray(b.aggregates[k]), err_msg=k)
    assert a.table_names == b.table_names
    for name in a.table_names:
        pd.testing.assert_frame_equal(a.table(name), b.table(name), check_exact=True, obj=name)
    pd.testing.assert_frame_equal(a.summary(), b.summary(), check_exact=True)


def _spy_blocks(ex, monkeypatch) -> list:
    """The block size of each run ``ex`` makes from now on."""
    sizes = []
    run = ex._run
    monkeypatch.setattr(ex, "_run", lambda n, size, *args: (sizes.append(size), run(n, size, *args))[1])
    return sizes


@pytest.mark.parametrize("game_id", available_games())
def test_every_game_is_bit_identical_on_dask_in_any_block_size(game_id, dask_ex, monkeypatch):
    g = simcore.game(game_id)
    local = g.simulate(n=N, seed=2026, progress=False)
    small_blocks = g.simulate(n=N, seed=2026, progress=False, chunk_size=5, threads=1)
    _same(local, small_blocks)
    remote = g.simulate(n=N, seed=2026, progress=False, chunk_size=BLOCK, executor=dask_ex)
    _same(local, remote)
    one_block = g.simulate(n=N, seed=2026, progress=False, executor=dask_ex, chunk_size=N)
    _same(local, one_block)
    # no block size given: about four blocks a worker thread (docs/scale.md), whatever block the game's own
    # engine uses on this machine's threads (Strat's and pyramid's made the run one block, on one worker)
    sizes = _spy_blocks(dask_ex, monkeypatch)
    _same(local, g.simulate(n=N, seed=2026, progress=False, executor=dask_ex))
    assert sizes == [-(-N // (4 * dask_ex.threads_total()))] and sizes[0] < N


#: the games with an aggregate mode (counters summed in the kernel, no per-game records)
AGGREGATING = [gid for gid in available_games() if simcore.game(gid).per_game_outputs("aggregate") is None]


def test_ezr_has_an_aggregate_mode():
    assert "ezr" in AGGREGATING          # the test below has at least one game to run


@pytest.mark.parametrize("game_id", AGGREGATING)
def test_aggregate_mode_sums_the_counters_exactly(game_id, dask_ex):
    g = simcore.game(game_id)
    local = g.simulate(n=5000, seed=11, mode="aggregate", progress=False)
    remote = g.simulate(n=5000, seed=11, mode="aggregate", progress=False, chunk_size=777, executor=dask_ex)
    _same(local, remote)
    big_blocks = g.simulate(n=5000, seed=11, mode="aggregate", progress=False, executor=dask_ex)
    _same(local, big_blocks)


def test_compare_and_sweep_are_the_same_on_dask(dask_ex):
    from simcore.analysis import compare, sweep

    a = compare("ezr", None, "overtime=none", n=400, seed=3, progress=False)
    b = compare("ezr", None, "overtime=none", n=400, seed=3, progress=False, executor=dask_ex)
    pd.testing.assert_frame_equal(a.table(), b.table(), check_exact=True)
    grid = {"overtime": ["table", "none"], "qq_chart": ["on", "off"]}
    s1 = sweep("ezr", None, grid, n=300, seeds=(1, 2), progress=False)
    s2 = sweep("ezr", None, grid, n=300, seeds=(1, 2), progress=False, executor=dask_ex)
    pd.testing.assert_frame_equal(s1, s2, check_exact=True)


def test_compare_and_sweep_on_dask_check_the_memory_of_the_runs_side_by_side(dask_ex, monkeypatch):
    """On Dask a comparison's two variants (a sweep's cells) run at the same time: each run's own check saw the
    memory before the other took its share, and a run the threads executor holds was killed for memory."""
    from simcore.analysis.compare import compare
    from simcore.analysis.sweep import sweep
    from simcore.games import base

    g = simcore.game("ezr")
    monkeypatch.setattr(base, "available_memory", lambda: 3 * N * base.bytes_per_game(g, "games") // 2)
    compare(g, None, "qq_chart=off", n=N, progress=False)                        # threads: one run at a time
    with pytest.raises(base.MemoryLimitError, match=f"ezr: 2 runs side by side of {N} games each"):
        compare(g, None, "qq_chart=off", n=N, progress=False, executor=dask_ex)
    # the cell (table, on) is the base's rules: it reuses the base's games, so 3 runs side by side
    with pytest.raises(base.MemoryLimitError, match=f"ezr: 3 runs side by side of {N} games each"):
        sweep(g, None, {"overtime": ["table", "none"], "qq_chart": ["on", "off"]}, N, progress=False,
              executor=dask_ex)


def test_a_run_the_memory_check_refuses_starts_no_cluster(monkeypatch):
    """`--executor dask` is started when a run first needs it: a comparison or a sweep too big for memory is
    refused before, not after a cluster's start (seconds, and workers to stop)."""
    from simcore import runner
    from simcore.analysis.compare import compare
    from simcore.analysis.sweep import sweep
    from simcore.games import base

    def started(*a, **kw):
        raise AssertionError("a cluster was started")

    g = simcore.game("ezr")
    monkeypatch.setattr(base, "available_memory", lambda: 3 * N * base.bytes_per_game(g, "games") // 2)
    monkeypatch.setattr(runner, "make", started)
    runner.configure("dask")
    try:
        with pytest.raises(base.MemoryLimitError, match=f"ezr: 2 runs side by side of {N} games each"):
            compare(g, None, "qq_chart=off", n=N, progress=False)
        with pytest.raises(base.MemoryLimitError, match=f"ezr: 3 runs side by side of {N} games each"):
            sweep(g, None, {"overtime": ["table", "none"], "qq_chart": ["on", "off"]}, N, progress=False)
        with pytest.raises(base.MemoryLimitError, match=f"ezr: 2 runs side by side of {N} games each"):
            compare(g, None, "qq_chart=off", n=N, progress=False, executor="dask", workers=2)
    finally:
        runner.shutdown()


def test_league_projection_is_the_same_on_dask(dask_ex, monkeypatch):
    from simcore.league.projection import project
    from simcore.league.samplegen import sample

    path = sample("ezr") / "league.toml"
    a = project(path, n=40, seed=5, progress=False, chunk_size=40)
    b = project(path, n=40, seed=5, progress=False, chunk_size=6, executor=dask_ex)
    pd.testing.assert_frame_equal(a.teams, b.teams, check_exact=True)
    pd.testing.assert_frame_equal(a.seasons, b.seasons, check_exact=True)
    sizes = _spy_blocks(dask_ex, monkeypatch)                 # no block size: several blocks, not one of 256
    c = project(path, n=40, seed=5, progress=False, executor=dask_ex)
    pd.testing.assert_frame_equal(a.seasons, c.seasons, check_exact=True)
    assert sizes == [-(-40 // (4 * dask_ex.threads_total()))]
    # the odds over dates (league history) take the executor too: one projection a date, each on the cluster
    from simcore.league.projection import odds_by_date

    dates = ["2026-11-15", "2026-12-01"]
    local = odds_by_date(path, dates, n=12, seed=5)
    pd.testing.assert_frame_equal(local, odds_by_date(path, dates, n=12, seed=5, executor=dask_ex), check_exact=True)
    assert len(sizes) == 3


def test_a_dataset_written_by_the_workers_is_the_same_files(dask_ex, tmp_path):
    from simcore import dataset

    a = dataset.write("ezr", tmp_path / "threads", n=900, seed=4, block=200)
    b = dataset.write("ezr", tmp_path / "dask", n=900, seed=4, block=200, executor=dask_ex)
    assert [(f["name"], f["sha256"]) for f in a["files"]] == [(f["name"], f["sha256"]) for f in b["files"]]
    assert a["dataset"] == b["dataset"]


# ---------------------------------------------------------------- faults

_KILL_AT = 3 * BLOCK        # the block whose first attempt kills its worker


def _set_env(key, value):
    os.environ[key] = value


def _killing_task(play, g0, count, *rest):
    """The runner's games task, but the first attempt at block ``_KILL_AT`` kills its own worker process
    (SIGKILL: no clean-up, as when a machine goes away).  Runs on a worker, pickled by value."""
    marker = os.environ.get("SIMCORE_TEST_KILL_MARKER")      # a worker started again has none: it plays
    if g0 == _KILL_AT and marker and not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    from simcore import runner as r

    return r._games_task(play, g0, count, *rest)


def _raising_task(play, g0, count, *rest):
    if g0 == 2 * BLOCK:
        raise ValueError("scripted failure\nsecond line")
    from simcore import runner as r

    return r._games_task(play, g0, count, *rest)


@pytest.fixture
def by_value():
    import cloudpickle

    mod = sys.modules[__name__]
    cloudpickle.register_pickle_by_value(mod)
    yield
    cloudpickle.unregister_pickle_by_value(mod)


def test_a_killed_worker_has_its_blocks_played_again_with_the_same_result(dask_ex, monkeypatch, tmp_path,
                                                                          by_value):
    marker = tmp_path / "killed"
    g = simcore.game("ezr")
    local = g.simulate(n=20 * BLOCK, seed=99, progress=False)
    pids = set(dask_ex.client.run(os.getpid).values())
    dask_ex.client.run(_set_env, "SIMCORE_TEST_KILL_MARKER", str(marker))
    monkeypatch.setattr(runner, "_games_task", _killing_task)
    remote = g.simulate(n=20 * BLOCK, seed=99, progress=False, chunk_size=BLOCK, executor=dask_ex)
    assert marker.exists()                       # a worker was killed in the middle of the run
    _same(local, remote)
    dask_ex.client.wait_for_workers(2, timeout=60)      # its nanny starts it again
    now = set(dask_ex.client.run(os.getpid).values())
    assert len(now) == 2 and now != pids


def _cancel_block(monkeypatch, ex, g0, times):
    """The executor's client cancels the task of the block starting at game ``g0`` right after it is submitted,
    the first ``times`` times, as a cluster does when a result is lost with its worker; returns the count."""
    submit = ex.client.submit
    cancelled = []

    def cancelling(fn, shared, first, *rest, **kw):
        f = submit(fn, shared, first, *rest, **kw)
        if first == g0 and len(cancelled) < times:
            cancelled.append(f.key)
            ex.client.cancel([f])
        return f

    monkeypatch.setattr(ex.client, "submit", cancelling)
    return cancelled


def test_a_block_the_cluster_cancels_is_played_again(dask_ex, monkeypatch):
    g = simcore.game("ezr")
    local = g.simulate(n=N, seed=7, progress=False)
    cancelled = _cancel_block(monkeypatch, dask_ex, 2 * BLOCK, runner.Dask.RESUBMITS)
    remote = g.simulate(n=N, seed=7, progress=False, chunk_size=BLOCK, executor=dask_ex)
    assert len(cancelled) == runner.Dask.RESUBMITS
    _same(local, remote)


def test_a_block_cancelled_every_time_fails_in_one_line(dask_ex, monkeypatch):
    cancelled = _cancel_block(monkeypatch, dask_ex, 2 * BLOCK, runner.Dask.RESUBMITS + 1)
    with pytest.raises(runner.BlockError) as info:
        simcore.game("ezr").simulate(n=N, seed=7, progress=False, chunk_size=BLOCK, executor=dask_ex)
    assert len(cancelled) == runner.Dask.RESUBMITS + 1
    assert str(info.value).startswith("block 2 (games 14 .. 20) of seed 7 failed: ") and "Cancelled" in str(info.value)


def test_a_failing_block_names_its_games_and_seed_in_one_line(dask_ex, monkeypatch, by_value):
    monkeypatch.setattr(runner, "_games_task", _raising_task)
    with pytest.raises(runner.BlockError) as info:
        simcore.game("ezr").simulate(n=N, seed=4242, progress=False, chunk_size=BLOCK, executor=dask_ex)
    msg = str(info.value)
    assert msg == "block 2 (games 14 .. 20) of seed 4242 failed: ValueError: scripted failure"


def _slow_block(g0, count):
    time.sleep(0.5)
    return g0


@pytest.fixture
def ctrl_c_raises():
    """SIGINT raises KeyboardInterrupt in this process while the test runs, as in a terminal.  A command started
    in the background of a non-interactive shell (``make test &``, a CI runner) inherits SIGINT ignored, and then
    ``_thread.interrupt_main`` does nothing."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _sigint_default():
    """In a child before it runs: SIGINT at its default, whatever this process inherited (see ctrl_c_raises)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_while_closing_waits_for_the_close(ctrl_c_raises):
    """A Ctrl-C while the executor closes its client and cluster is held until both are closed, then raised: cut
    short, the close was left to dask's exit function, which waited some 10 s for the workers."""
    done = []

    class Part:
        def __init__(self, name, interrupt=False):
            self.name, self.interrupt = name, interrupt

        def close(self):
            if self.interrupt:
                os.kill(os.getpid(), signal.SIGINT)      # the Ctrl-C arrives here, mid-close
                time.sleep(0.05)
            done.append(self.name)

    ex = object.__new__(runner.Dask)
    ex.owns, ex.client, ex.cluster, ex._cancelled = True, Part("client", interrupt=True), Part("cluster"), None
    ex._after_close = []
    with pytest.raises(KeyboardInterrupt):
        ex.close()
    assert done == ["client", "cluster"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_cancels_the_tasks(dask_ex, by_value, ctrl_c_raises):
    timer = threading.Timer(1.5, _thread.interrupt_main)
    timer.start()
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt), runner.executor(dask_ex):
        runner.map_blocks(400, _slow_block, chunk_size=1, progress=False)
    assert time.monotonic() - t0 < 10
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(dask_ex.client.processing().values()):
        time.sleep(0.1)
    assert not any(dask_ex.client.processing().values())       # nothing left running on the workers
    assert runner.map_blocks(3, _slow_block, chunk_size=1, progress=False) == [0, 1, 2]   # threads, as before


def test_the_scheduler_error_for_a_cancelled_result_fetch_is_not_printed():
    """A result fetch under way at a Ctrl-C asks the in-process scheduler for a cancelled, forgotten key; its
    "Couldn't gather keys" error is dropped for keys the executor cancelled and kept for any other."""
    import logging

    quiet = runner._CancelledKeys()
    quiet.keys.update({"_block_task-1", "_block_task-2"})

    def record(failed):
        return logging.LogRecord("distributed.scheduler", logging.ERROR, __file__, 1, "Couldn't gather keys: %s",
                                 (failed,), None)

    assert not quiet.filter(record({"_block_task-1": "forgotten"}))
    assert not quiet.filter(record({"_block_task-1": "forgotten", "_block_task-2": "released"}))
    assert quiet.filter(record({"_block_task-1": "forgotten", "_other-3": "memory"}))
    assert quiet.filter(record({}))
    assert quiet.filter(logging.LogRecord("distributed.scheduler", logging.ERROR, __file__, 1, "worker %s lost",
                                          ("tcp://w",), None))


def test_executor_specs_are_checked():
    assert runner.parse_executor("dask:tcp://10.0.0.1:8786") == ("dask", "tcp://10.0.0.1:8786")
    assert runner.parse_executor("threads") == ("threads", None)
    for bad in ("dask:", "thread", "threads:x", ""):
        with pytest.raises(ValueError, match="executor must be 'threads', 'dask' or 'dask:ADDRESS'"):
            runner.parse_executor(bad)
    with pytest.raises(ValueError, match="workers must be a positive whole number, got 0"):
        runner.make("threads", 0)
    # a scheduler's address needs a port: checked as the option is read, not when the cluster is first needed
    for bad in ("dask:nonsense", "dask:tcp://host", "dask:host:port"):
        with pytest.raises(ValueError, match=r"executor 'dask:ADDRESS' needs a scheduler's host and port"):
            runner.parse_executor(bad)
    assert runner.parse_executor("dask:[::1]:8786") == ("dask", "[::1]:8786")
    # more threads than the machine has: named as workers (it said "threads must be between ...")
    with pytest.raises(ValueError, match=r"workers: the threads executor runs on this machine's \d+ threads"):
        runner.make("threads", numba.config.NUMBA_NUM_THREADS + 1)


def test_a_scheduler_address_says_it_waits_on_a_terminal_and_an_unreachable_one_is_one_error(monkeypatch, capsys):
    """Nothing listening at a scheduler's address waits the whole timeout (distributed retries until then): on a
    terminal the wait is announced first; the failure is an InputError naming the address."""
    import simcore.progress as progress

    tried = []

    def client(address, timeout):
        tried.append((address, timeout))
        raise OSError(f"Timed out trying to connect to {address} after {timeout} s")

    monkeypatch.setattr(distributed, "Client", client)
    monkeypatch.setattr(progress, "interactive", lambda stream=None: True)
    with pytest.raises(simcore.errors.InputError,
                       match=r"^dask scheduler tcp://127.0.0.1:1: cannot connect \(Timed out trying"):
        runner.Dask("tcp://127.0.0.1:1", timeout=7)
    assert tried == [("tcp://127.0.0.1:1", 7)]
    assert capsys.readouterr().err == ("simcore: connecting to the dask scheduler at tcp://127.0.0.1:1 (waiting up "
                                       "to 7 s)\n")
    monkeypatch.setattr(progress, "interactive", lambda stream=None: False)     # a log or a pipe: no notice
    with pytest.raises(simcore.errors.InputError):
        runner.Dask("tcp://127.0.0.1:1", timeout=7)
    assert capsys.readouterr().err == ""


def test_the_command_line_runs_on_dask_with_the_same_output(capsys):
    from simcore.cli import main

    assert main(["ezr", "-n", "3000", "--seed", "8", "--format", "json", "--quiet"]) == 0
    local = capsys.readouterr().out
    assert main(["ezr", "-n", "3000", "--seed", "8", "--format", "json", "--quiet", "--executor", "dask",
                 "--workers", "2"]) == 0
    remote = capsys.readouterr()
    assert remote.out == local
    assert runner._configured["executor"] is None          # closed when the command ended


def test_the_command_line_refuses_a_bad_executor_in_one_line(capsys):
    from simcore.cli import main

    assert main(["ezr", "-n", "10", "--executor", "spark"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "executor must be 'threads', 'dask' or 'dask:ADDRESS'" in err


def test_ctrl_c_at_the_terminal_stops_a_cluster_run_with_one_line(tmp_path):
    """Ctrl-C reaches every process of the terminal's group: the command cancels its tasks, closes its
    LocalCluster and exits 130 with one line; the workers print nothing; the dataset folder the run created is
    gone, also the hidden parts of blocks still running on the workers when the tasks were cancelled (Strat's
    blocks of 4,000 games take seconds)."""
    import subprocess

    out = tmp_path / "d"
    cmd = [sys.executable, "-m", "simcore", "dataset", "strat", "-n", str(10**9), "--block", "4000", "--tables",
           "games", "--out", str(out), "--executor", "dask", "--workers", "2"]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                         preexec_fn=_sigint_default)
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and not list((out / "games").glob(".part-*")) and p.poll() is None:
            time.sleep(0.2)                      # until the workers are writing blocks
        assert p.poll() is None, p.communicate()
        os.killpg(p.pid, signal.SIGINT)
        stdout, stderr = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert (p.returncode, stderr, stdout) == (130, "simcore: interrupted\n", "")
    assert not out.exists()


def test_the_progress_bar_counts_finished_blocks(dask_ex, capsys):
    simcore.game("ezr").simulate(n=N, seed=1, chunk_size=BLOCK, progress=True, executor=dask_ex)
    err = capsys.readouterr().err
    assert "100%" in err and f"{N}/{N}" in err.replace(".0", "")


def test_after_close_runs_every_clean_up_once_even_when_one_fails():
    """A clean-up that raises is reported as a warning: the others still run, and the close (a Ctrl-C's exit)
    is not replaced by its error; each runs once."""
    ex = object.__new__(runner.Dask)            # the close of an executor that does not own its client
    ex.owns, ex._cancelled, ex._after_close = False, runner._CancelledKeys(), []
    ran = []
    ex.after_close(lambda: 1 / 0)
    ex.after_close(lambda: ran.append(1))
    with pytest.warns(UserWarning, match="a clean-up after the cluster closed failed: division by zero"):
        ex.close()
    assert ran == [1]
    ex.close()
    assert ran == [1]
