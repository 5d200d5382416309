"""simcore.dataset: per-game tables as one parquet file per block, the manifest last; the same files on every
executor (tests/core/test_dask.py runs it on a LocalCluster)."""
from __future__ import annotations

import json

import pandas as pd
import pytest

import simcore
from simcore import dataset, runner
from simcore.outputs import IncompleteOutput, read_folder, read_manifest


def test_a_dataset_is_the_run_block_by_block(tmp_path):
    g = simcore.game("ezr")
    whole = g.simulate(n=1000, seed=9)
    doc = dataset.write("ezr", tmp_path / "run", n=1000, seed=9, block=300)
    assert [f["name"] for f in doc["files"] if f["name"].startswith("games/")] == [
        f"games/part-{b:08d}.parquet" for b in range(4)]
    assert doc["dataset"]["blocks"] == 4 and doc["dataset"]["tables"]["games"]["rows"] == 1000
    games = pd.read_parquet(tmp_path / "run" / "games")
    assert games["game_id"].tolist() == list(range(1000))
    pd.testing.assert_frame_equal(games, whole.games, check_categorical=False, check_dtype=True)
    for name in ("periods", "events"):
        got = pd.read_parquet(tmp_path / "run" / name)
        pd.testing.assert_frame_equal(got, whole.table(name), check_categorical=False)
    read_manifest(tmp_path / "run")                    # every file as listed
    assert not list((tmp_path / "run").rglob("*.partial"))
    tables = read_folder(tmp_path / "run")
    pd.testing.assert_frame_equal(tables["games"], games)


def test_a_round_robin_dataset_pairs_each_block_as_the_whole_run_does(tmp_path):
    # Strat's default setup is the kit's round robin: game g plays ordered pair g modulo the pairs (56 for 8
    # teams), so blocks of 7 games starting past game 0 must continue the pairings, not restart them
    g = simcore.game("strat")
    whole = g.simulate(n=70, seed=5, progress=False)
    dataset.write("strat", tmp_path / "rr", n=70, seed=5, block=7, tables=["games"])
    games = pd.read_parquet(tmp_path / "rr" / "games")
    pd.testing.assert_frame_equal(games, whole.games, check_categorical=False)


def test_a_dataset_is_not_replaced_without_overwrite_and_an_interrupted_one_looks_incomplete(tmp_path, monkeypatch):
    out = tmp_path / "run"
    dataset.write("ezr", out, n=50, seed=1, block=20, tables=["games"])
    with pytest.raises(FileExistsError, match="manifest.json exists"):
        dataset.write("ezr", out, n=50, seed=1, block=20, tables=["games"])
    old = (out / "games" / "part-00000000.parquet").read_bytes()

    def stop(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "map_blocks", stop)
    with pytest.raises(KeyboardInterrupt):
        dataset.write("ezr", out, n=80, seed=2, block=20, tables=["games"], overwrite=True)
    assert (out / "games" / "part-00000000.parquet").read_bytes() == old      # nothing replaced
    monkeypatch.undo()
    doc = dataset.write("ezr", out, n=30, seed=2, block=20, tables=["games"], overwrite=True)
    assert sorted(p.name for p in (out / "games").iterdir()) == ["part-00000000.parquet", "part-00000001.parquet"]
    assert json.loads((out / "manifest.json").read_text())["dataset"]["seed"] == 2 == doc["dataset"]["seed"]
    (out / "manifest.json").unlink()
    with pytest.raises(IncompleteOutput):
        read_folder(out)


def test_unknown_tables_are_refused():
    with pytest.raises(ValueError, match="ezr has no per-game table 'teams'; per-game tables: games, periods, events"):
        dataset.write("ezr", "unused", n=10, tables=["teams"])


def test_the_dataset_command(tmp_path, capsys):
    from simcore.cli import main

    out = tmp_path / "d"
    assert main(["dataset", "ezr", "-n", "500", "--block", "200", "--out", str(out), "--tables", "games"]) == 0
    line = capsys.readouterr().out
    assert "500 ezr games in 3 blocks of 200: games (500 rows)" in line
    assert main(["dataset", "ezr", "-n", "500", "--out", str(out)]) == 2
    assert "exists; pass --force" in capsys.readouterr().err


def test_a_finished_dataset_stays_when_the_command_is_stopped_while_it_prints(tmp_path, monkeypatch):
    """The dataset's manifest is written last; a Ctrl-C after it (the command's closing line) leaves the dataset
    complete, not without its manifest (neither readable nor replaceable)."""
    import builtins

    from simcore.cli import main
    from simcore.outputs import read_folder

    real = builtins.print

    def interrupted(*a, **kw):
        if a and "ezr games in" in str(a[0]):
            raise KeyboardInterrupt
        return real(*a, **kw)

    monkeypatch.setattr(builtins, "print", interrupted)
    out = tmp_path / "d"
    assert main(["dataset", "ezr", "-n", "50", "--out", str(out), "--tables", "games"]) == 130
    assert list(read_folder(out)) == ["games"] and len(read_folder(out)["games"]) == 50


def test_an_interrupt_while_the_parts_are_renamed_leaves_no_part_and_no_folder(tmp_path, monkeypatch):
    # Ctrl-C between two renames used to leave the parts already renamed: pandas.read_parquet(DIR/games) then read
    # them as the whole table, with no error
    out = tmp_path / "new" / "run"
    real = dataset.os.replace
    calls = []

    def interrupted(src, dst):
        calls.append(dst)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(src, dst)

    monkeypatch.setattr(dataset.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        dataset.write("ezr", out, n=100, seed=1, block=20, tables=["games"])
    assert len(calls) == 3
    assert not out.exists() and not (tmp_path / "new").exists()   # the folders the run made, left empty, go
    monkeypatch.undo()
    doc = dataset.write("ezr", out, n=100, seed=1, block=20, tables=["games"])   # the same run again: no --force
    assert doc["dataset"]["blocks"] == 5 and len(pd.read_parquet(out / "games")) == 100


def test_a_replaced_dataset_keeps_no_part_of_the_old_run_when_interrupted(tmp_path, monkeypatch):
    out = tmp_path / "run"
    dataset.write("ezr", out, n=100, seed=1, block=20, tables=["games"])

    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(dataset.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        dataset.write("ezr", out, n=100, seed=2, block=20, tables=["games"], overwrite=True)
    assert list((out / "games").iterdir()) == [] and not (out / "manifest.json").exists()


def test_the_dataset_command_reads_threads_and_the_workers_get_an_absolute_folder(tmp_path, capsys, monkeypatch):
    from simcore.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["dataset", "ezr", "-n", "100", "--threads", "99", "--out", "d"]) == 2
    assert "argument --threads: this machine runs " in capsys.readouterr().err and not (tmp_path / "d").exists()
    seen = []
    real = dataset._write_block

    def spy(g, setup, rules, seed, out, tables, block, g0, count, meta, threads=None):
        seen.append((out, threads))
        return real(g, setup, rules, seed, out, tables, block, g0, count, meta, threads)

    monkeypatch.setattr(dataset, "_write_block", spy)
    assert main(["dataset", "ezr", "-n", "100", "--block", "50", "--threads", "1", "--out", "d"]) == 0
    assert seen == [(tmp_path / "d", 1)] * 2


def test_read_parquet_on_a_dataset_names_what_to_read_and_refuses_a_part_of_an_incomplete_one(tmp_path):
    out = tmp_path / "run"
    dataset.write("ezr", out, n=60, seed=1, block=20, tables=["games"])
    with pytest.raises(ValueError, match=r"is a table of the dataset .*run: read it with simcore.dataset.read"):
        simcore.read_parquet(out / "games")             # it said the complete dataset's run did not finish
    part = out / "games" / "part-00000001.parquet"
    assert simcore.read_parquet(part).games["game_id"].tolist() == list(range(20, 40))
    (out / "manifest.json").unlink()
    with pytest.raises(IncompleteOutput, match="has no manifest.json"):
        simcore.read_parquet(part)                      # it read a part of an unfinished run as if complete


def test_force_removes_hidden_parts_an_interrupted_cluster_run_left(tmp_path):
    out = tmp_path / "run"
    (out / "games").mkdir(parents=True)
    (out / "games" / ".part-00000007.parquet.partial").write_bytes(b"a task that finished after Ctrl-C")
    with pytest.raises(FileExistsError, match="games exists"):
        dataset.write("ezr", out, n=40, seed=1, block=20, tables=["games"])
    dataset.write("ezr", out, n=40, seed=1, block=20, tables=["games"], overwrite=True)
    assert sorted(p.name for p in (out / "games").iterdir()) == ["part-00000000.parquet", "part-00000001.parquet"]


def test_a_file_where_a_table_folder_goes_is_refused_with_or_without_force(cli, tmp_path):
    """A user's file named like a table (``run/games``) is not a dataset's: refused before any game, with or without
    --force, and kept; with --force the command stopped on an internal error (the OS error's number read as its
    message), after telling the user to pass --force."""
    out = tmp_path / "run"
    out.mkdir()
    (out / "games").write_text("mine")
    for force in ([], ["--force"]):
        code, _, err = cli("dataset", "ezr", "-n", "100", "--out", str(out), *force)
        assert code == 2 and err == (f"simcore: error: {out / 'games'} is a file, not a table folder of a simcore "
                                     "dataset; write the dataset to another folder, or move the file\n"), err
    assert sorted(p.name for p in out.iterdir()) == ["games"] and (out / "games").read_text() == "mine"


def test_a_replaced_dataset_keeps_no_table_of_the_old_run(tmp_path):
    """Replacing a dataset with fewer tables removes the old run's other tables (the files its manifest lists), so
    that pandas.read_parquet('DIR/periods') cannot read the old run's games as if they were the new one's; a
    file of the user's in such a folder is kept, and the folder with it."""
    out = tmp_path / "run"
    dataset.write("ezr", out, n=600, seed=1, block=250)
    (out / "events" / "notes.txt").write_text("mine")
    doc = dataset.write("ezr", out, n=300, seed=2, block=250, tables=["games"], overwrite=True)
    assert sorted(doc["dataset"]["tables"]) == ["games"]
    assert not (out / "periods").exists()
    assert sorted(p.name for p in (out / "events").iterdir()) == ["notes.txt"]
    assert len(pd.read_parquet(out / "games")) == 300
    read_manifest(out)


def test_a_block_leaves_nothing_of_its_games_behind(tmp_path, monkeypatch):
    """A dataset's memory does not grow with its blocks: each block's results are freed before the next block
    (they sit in reference cycles, which the automatic collector, switched off here, would free only now and then;
    a run of 300 million games grew by 150 MB a block of a million)."""
    import gc
    import weakref

    from simcore.results import Results

    made = []
    init = Results.__init__

    def tracked(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(weakref.ref(self))

    monkeypatch.setattr(Results, "__init__", tracked)
    write_block = dataset._write_block
    seen = []

    def block(*args, **kwargs):
        out = write_block(*args, **kwargs)
        seen.append(sum(r() is not None for r in made))
        return out

    monkeypatch.setattr(dataset, "_write_block", block)
    was = gc.isenabled()
    gc.disable()
    try:
        dataset.write("ezr", tmp_path / "run", n=2500, seed=3, block=500, threads=1)
    finally:
        if was:
            gc.enable()
    assert seen == [0] * 5          # (one more was made before the run: the tables a run has)


def test_replacing_replaces_a_dataset_and_nothing_else(tmp_path):
    """overwrite replaces a dataset: a folder of the user's that no manifest describes (a file in a table folder,
    a manifest.json of their own) is refused, with nothing written; a table named twice is refused."""
    out = tmp_path / "mine"
    (out / "games").mkdir(parents=True)
    (out / "games" / "part-00000000.parquet").write_text("mine")
    with pytest.raises(simcore.InputError, match=r"part-00000000.parquet is not a file of a simcore dataset"):
        dataset.write("ezr", out, n=20, seed=1, overwrite=True)
    assert (out / "games" / "part-00000000.parquet").read_text() == "mine" and not (out / "manifest.json").exists()
    other = tmp_path / "other"
    other.mkdir()
    (other / "manifest.json").write_text('{"oops": 1}')
    with pytest.raises(simcore.InputError, match="is not a simcore dataset's manifest"):
        dataset.write("ezr", other, n=20, seed=1, overwrite=True)
    assert (other / "manifest.json").read_text() == '{"oops": 1}'
    with pytest.raises(simcore.InputError, match="tables names 'games' twice"):
        dataset.write("ezr", tmp_path / "x", n=20, seed=1, tables=["games", "games"])
    assert not (tmp_path / "x").exists()
