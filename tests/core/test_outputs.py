"""Output files whole or absent (simcore.outputs), output folders with a manifest, --plot names, --out and
--force, and Ctrl-C: one line, exit 130, no file that looks complete."""
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from simcore import outputs
from simcore.errors import InputError
from simcore.outputs import MANIFEST, Folder, IncompleteOutput

PNG = b"\x89PNG\r\n\x1a\n"
ROOT = Path(__file__).resolve().parents[2]


def listing(folder) -> list[str]:
    return sorted(p.name for p in Path(folder).iterdir())


# ---------------------------------------------------------------- one file

def test_replacing_renames_a_finished_file_into_place(tmp_path):
    target = tmp_path / "report.md"
    with outputs.replacing(target) as tmp:
        assert tmp.parent == tmp_path and tmp.name.startswith("report.md.") and tmp.name.endswith(".partial")
        tmp.write_text("done")
        assert not target.exists()                  # nothing under the final name until it is complete
    assert target.read_text() == "done"
    assert listing(tmp_path) == ["report.md"]
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask     # the usual mode, not mkstemp's 0600


@pytest.mark.parametrize("exc", [KeyboardInterrupt, RuntimeError])
def test_replacing_leaves_nothing_when_interrupted(tmp_path, exc):
    target = tmp_path / "t.parquet"
    with pytest.raises(exc):
        with outputs.replacing(target) as tmp:
            tmp.write_bytes(b"half")
            raise exc()
    assert listing(tmp_path) == []


def test_replacing_keeps_the_old_file_when_interrupted(tmp_path):
    target = tmp_path / "t.csv"
    target.write_text("old")
    with pytest.raises(KeyboardInterrupt):
        with outputs.replacing(target, overwrite=True) as tmp:
            tmp.write_text("new, half")
            raise KeyboardInterrupt
    assert target.read_text() == "old" and listing(tmp_path) == ["t.csv"]


def test_replacing_refuses_an_existing_file_without_overwrite(tmp_path):
    target = tmp_path / "t.csv"
    target.write_text("mine")
    with pytest.raises(FileExistsError, match="t.csv exists"):
        outputs.write_text(target, "theirs")
    assert target.read_text() == "mine"
    outputs.write_text(target, "theirs", overwrite=True)
    assert target.read_text() == "theirs"


def test_results_to_parquet_interrupted_leaves_no_file(tmp_path, monkeypatch):
    import pyarrow.parquet as pq

    from simcore.results import Results

    res = Results({"game": "toy", "variant": "v", "seed": 1, "n": 2}, {},
                  builders={"games": lambda: pd.DataFrame({"game_id": [0, 1]})})
    ok = res.to_parquet(tmp_path / "ok.parquet")
    assert ok.read_bytes()[:4] == b"PAR1"

    def interrupted(table, where, **kw):
        Path(where).write_bytes(b"PAR1 half")
        raise KeyboardInterrupt

    monkeypatch.setattr(pq, "write_table", interrupted)
    with pytest.raises(KeyboardInterrupt):
        res.to_parquet(tmp_path / "games.parquet")
    assert listing(tmp_path) == ["ok.parquet"]


# ---------------------------------------------------------------- figure names

@pytest.mark.parametrize("name,written", [("p", "p.png"), ("p.png", "p.png"), ("p.PDF", "p.PDF"),
                                          ("sub/p.svg", "sub/p.svg"), ("run.1", None)])
def test_figure_path_is_the_name_written(tmp_path, name, written):
    if written is None:
        with pytest.raises(ValueError, match="not a figure format"):
            outputs.figure_path(tmp_path / name)
    else:
        assert outputs.figure_path(tmp_path / name) == tmp_path / written


def test_figure_path_refuses_a_folder(tmp_path):
    (tmp_path / "figs").mkdir()
    with pytest.raises(ValueError, match="is a folder"):
        outputs.figure_path(tmp_path / "figs")


def test_a_longest_name_gets_its_temporary_file(tmp_path):
    """A name of 255 bytes, as long as the file system takes: its temporary NAME.<random>.partial would pass the
    limit, so NAME is cut short in the temporary's name; the output gets the name asked for."""
    name = "e" * 251 + ".csv"
    out = outputs.write_text(tmp_path / name, "x\n")
    assert out.name == name and out.read_text() == "x\n"
    assert [p.name for p in tmp_path.iterdir()] == [name]
    assert outputs.temporary_prefix(tmp_path / "short.csv") == "short.csv."


def test_pgf_offered_only_with_its_tex_program(tmp_path, monkeypatch):
    """PGF figures need a TeX program at the end of the run; without it .pgf is refused before, naming it."""
    import shutil

    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert "pgf" not in outputs.figure_formats() and "png" in outputs.figure_formats()
    with pytest.raises(InputError, match=r"'\.pgf' needs xelatex"):
        outputs.figure_path(tmp_path / "f.pgf")
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/" + name)
    assert outputs.figure_path(tmp_path / "f.pgf") == tmp_path / "f.pgf"


def test_save_figure_writes_the_decided_name(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    ax.plot([0, 1])
    path = outputs.save_figure(fig, tmp_path / "p")
    assert path == tmp_path / "p.png" and path.read_bytes()[:8] == PNG
    assert listing(tmp_path) == ["p.png"]
    with pytest.raises(FileExistsError):
        outputs.save_figure(fig, tmp_path / "p")
    plt.close(fig)


# ---------------------------------------------------------------- folders and manifests

def _write_folder(path, **kw):
    with Folder(path, ["a.csv", "b.parquet", "c.md"], **kw) as f:
        f.csv("a.csv", pd.DataFrame({"x": [1, 2]}))
        f.parquet("b.parquet", pd.DataFrame({"y": [3.5]}), {"game": "toy"})
        f.text("c.md", "# report\n")


def test_folder_writes_its_manifest_last(tmp_path):
    out = tmp_path / "out"
    _write_folder(out, command=["simcore", "toy", "--out", "out"])
    assert listing(out) == ["a.csv", "b.parquet", "c.md", MANIFEST]
    doc = json.loads((out / MANIFEST).read_text())
    assert doc["command"] == ["simcore", "toy", "--out", "out"] and doc["simcore"] == __import__("simcore").__version__
    for entry in doc["files"]:
        data = (out / entry["name"]).read_bytes()
        assert entry["bytes"] == len(data) and entry["sha256"] == hashlib.sha256(data).hexdigest()
    assert [e["name"] for e in doc["files"]] == ["a.csv", "b.parquet", "c.md"]
    tables = outputs.read_folder(out)
    assert tables["a.csv"].x.tolist() == [1, 2] and tables["b.parquet"].y.tolist() == [3.5]
    assert tables["c.md"] == "# report\n"


def test_folder_refuses_existing_files_naming_them(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "b.parquet").write_text("mine")
    with pytest.raises(InputError, match="b.parquet exists and .* has no manifest.json"):
        _write_folder(out)                  # a folder simcore did not write: not with overwrite either
    assert listing(out) == ["b.parquet"]
    (tmp_path / "file").write_text("x")
    with pytest.raises(NotADirectoryError, match="is a file, not a folder"):
        Folder(tmp_path / "file", ["a.csv"])


def test_folder_replaces_a_folder_of_its_kind_only(tmp_path):
    """With overwrite a Folder replaces what its own command wrote, and removes an old file of that command that
    this run does not write (``replaces``); a manifest listing any other file, or one that is not a manifest, is
    another output's and refused, the folder untouched."""
    out = tmp_path / "out"
    _write_folder(out)
    with Folder(out, ["a.csv", "b.parquet"], overwrite=True, replaces=["c.md"]) as f:
        f.csv("a.csv", pd.DataFrame({"x": [7]}))
        f.parquet("b.parquet", pd.DataFrame({"y": [1.0]}))
    assert listing(out) == ["a.csv", "b.parquet", MANIFEST]
    assert [x["name"] for x in outputs.read_manifest(out)["files"]] == ["a.csv", "b.parquet"]
    before = {n: (out / n).read_bytes() for n in listing(out)}
    with pytest.raises(ValueError, match=r"manifest.json lists 'b.parquet', which this command does not write: "
                                         r"the folder holds another command's output; write to another folder"):
        Folder(out, ["a.csv"], overwrite=True)
    (out / MANIFEST).write_text("my notes")
    with pytest.raises(ValueError, match="manifest.json is not a simcore manifest; write to another folder"):
        Folder(out, ["a.csv", "b.parquet"], overwrite=True)
    before[MANIFEST] = b"my notes"
    assert {n: (out / n).read_bytes() for n in listing(out)} == before


def test_folder_interrupted_while_writing_leaves_nothing(tmp_path):
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        with Folder(out, ["a.csv", "b.csv"]) as f:
            f.csv("a.csv", pd.DataFrame({"x": [1]}))
            with f.file("b.csv") as tmp:
                tmp.write_text("x\n")
                raise KeyboardInterrupt
    assert not out.exists()         # no table under its final name, no manifest, no .partial: nor the folder it made


def test_folder_interrupted_keeps_the_old_complete_folder(tmp_path):
    out = tmp_path / "out"
    _write_folder(out)
    before = {n: (out / n).read_bytes() for n in listing(out)}
    with pytest.raises(KeyboardInterrupt):
        with Folder(out, ["a.csv", "b.parquet", "c.md"], overwrite=True) as f:
            f.csv("a.csv", pd.DataFrame({"x": [9]}))
            raise KeyboardInterrupt
    assert {n: (out / n).read_bytes() for n in listing(out)} == before
    outputs.read_manifest(out)                   # still complete


def test_a_folder_without_its_manifest_is_incomplete(tmp_path):
    from simcore.results import read_table

    out = tmp_path / "out"
    _write_folder(out)
    frame, meta = read_table(out / "b.parquet")
    assert frame.y.tolist() == [3.5] and meta["game"] == "toy"
    (out / MANIFEST).unlink()                    # what a run interrupted before its manifest leaves
    with pytest.raises(IncompleteOutput, match="has no manifest.json"):
        outputs.read_folder(out)
    with pytest.raises(IncompleteOutput, match="has no manifest.json"):
        read_table(out / "b.parquet")
    plain = tmp_path / "mine"                     # a folder of the user's: not said to be an unfinished run only
    plain.mkdir()
    with pytest.raises(IncompleteOutput) as e:
        outputs.read_folder(plain)
    assert str(e.value) == (f"{plain} has no manifest.json: a simcore command did not write it, or its run did not "
                            "finish, so its files are incomplete (run the command again)")
    with pytest.raises(FileNotFoundError, match="no such folder"):
        outputs.read_folder(tmp_path / "nowhere")


def test_a_folder_whose_files_changed_is_incomplete(tmp_path):
    out = tmp_path / "out"
    _write_folder(out)
    (out / "c.md").write_text("# other\n")       # same size, other content
    with pytest.raises(IncompleteOutput, match="c.md differs"):
        outputs.read_manifest(out)
    (out / "a.csv").unlink()
    with pytest.raises(IncompleteOutput, match="a.csv, listed in manifest.json, is missing"):
        outputs.read_manifest(out, verify=False)


def test_a_table_the_manifest_does_not_list_is_incomplete(tmp_path):
    from simcore import read_parquet

    out = tmp_path / "out"
    _write_folder(out)
    with Folder(tmp_path / "other", ["b.parquet"]) as f:
        f.parquet("b.parquet", pd.DataFrame({"y": [1.0, 2.0]}))
    os.replace(tmp_path / "other" / "b.parquet", out / "b.parquet")   # a file left from another run
    with pytest.raises(IncompleteOutput, match="differs"):
        read_parquet(out / "b.parquet")


# ---------------------------------------------------------------- --plot: the name written is the name checked

def _user_file(path: Path) -> Path:
    path.write_bytes(b"my own file")
    return path


@pytest.mark.parametrize("argv", [
    ["ezr", "-n", "500"],
    ["pyramid", "-n", "500"],
    ["compare", "ezr", "--b", "qq_chart=off", "-n", "500"],
    ["league", "project", "{league}", "-n", "5"],
    ["league", "history", "{league}", "-n", "5"],
])
def test_plot_without_extension_refuses_to_replace_name_png(cli, tmp_path, argv):
    from simcore.league.samplegen import samples

    league = str(samples()["ezr"].sample / "league.toml")
    argv = [a.replace("{league}", league) for a in argv]
    mine = _user_file(tmp_path / "p.png")
    code, out, err = cli(*argv, "--plot", str(tmp_path / "p"))
    assert code == 2 and err == f"simcore: error: {mine} exists; pass --force to replace it\n"
    assert mine.read_bytes() == b"my own file"


@pytest.mark.parametrize("cmd", [["ezr", "-n", "500"], ["pyramid", "-n", "500"]])
def test_plot_folder_and_unknown_format_refused(cli, tmp_path, cmd):
    (tmp_path / "figs").mkdir()
    code, _, err = cli(*cmd, "--plot", str(tmp_path / "figs"), "--force")
    assert code == 2 and "is a folder; name a figure file" in err and err.count("\n") == 1
    code, _, err = cli(*cmd, "--plot", str(tmp_path / "p.xyz"))
    assert code == 2 and "'.xyz' is not a figure format" in err and err.count("\n") == 1
    assert listing(tmp_path) == ["figs"]


def test_plot_without_extension_writes_name_png(cli, tmp_path):
    code, out, err = cli("ezr", "-n", "500", "--plot", str(tmp_path / "p"))
    assert code == 0, err
    assert listing(tmp_path) == ["p.png"] and (tmp_path / "p.png").read_bytes()[:8] == PNG
    _user_file(tmp_path / "p.png")
    code, out, err = cli("ezr", "-n", "500", "--plot", str(tmp_path / "p"), "--force")
    assert code == 0 and (tmp_path / "p.png").read_bytes()[:8] == PNG and listing(tmp_path) == ["p.png"]


def test_league_project_plot_and_out(cli, tmp_path):
    from simcore.league.samplegen import samples

    league = str(samples()["ezr"].sample / "league.toml")
    out = tmp_path / "proj"
    code, _, err = cli("league", "project", league, "-n", "5", "--plot", str(tmp_path / "bands"),
                       "--out", str(out), "--format", "json")
    assert code == 0, err
    assert (tmp_path / "bands.png").read_bytes()[:8] == PNG
    assert listing(out) == ["goalies.csv", MANIFEST, "seasons.parquet", "teams.csv"]
    tables = outputs.read_folder(out)
    assert len(tables["teams.csv"]) == 32
    code, _, err = cli("league", "project", league, "-n", "5", "--out", str(out))
    assert code == 2 and err == f"simcore: error: {out / 'teams.csv'} exists; pass --force to replace it\n"


@pytest.mark.parametrize("argv,names", [
    (("ezr", "-n", "10", "--force"), "(--plot)"),
    (("passscore", "-n", "2", "--report", "--force"), "(--out)"),
    (("compare", "ezr", "-n", "10", "--force"), "(--plot or --report)"),
    (("league", "project", "sample:ezr", "-n", "2", "--force"), "(--out or --plot or --report)"),
])
def test_force_without_an_output_is_refused(cli, argv, names):
    """--force replaces an output file: alone it would do nothing, so it names the outputs it goes with; nothing
    runs."""
    code, out, err = cli(*argv)
    assert code == 2 and out == ""
    assert err == f"simcore: error: simcore {' '.join(argv[:2 if argv[0] in ('league',) else 1])}: --force " \
                  f"replaces an output file, and none is given {names}\n"


@pytest.fixture
def read_only(tmp_path, monkeypatch):
    """A folder ``ro`` no file can be written into (a read-only file system), and ``ro/sub`` not yet made."""
    import errno
    import tempfile

    ro = tmp_path / "ro"
    ro.mkdir()
    mkstemp = tempfile.mkstemp

    def refuse(*args, dir=None, **kw):
        if Path(dir) == ro:
            raise OSError(errno.EROFS, "Read-only file system", str(ro / "x"))
        return mkstemp(*args, dir=dir, **kw)

    monkeypatch.setattr(outputs.tempfile, "mkstemp", refuse)
    return ro


@pytest.mark.parametrize("argv,output", [
    (("ezr", "-n", "10", "--plot", "{ro}/g.png"), "{ro}/g.png"),
    (("compare", "ezr", "--b", "qq_chart=off", "-n", "10", "--report", "{ro}/c.html"), "{ro}/c.html"),
    (("sweep", "ezr", "--grid", "qq_chart=off", "-n", "10", "--out", "{ro}/s.parquet"), "{ro}/s.parquet"),
    (("strat", "KBY", "NRV", "-n", "10", "--out", "{ro}/sub/o"), "{ro}/sub/o"),
    (("passscore", "-n", "10", "--report", "--out", "{ro}/r.md"), "{ro}/r.md"),
    (("demo", "--out", "{ro}/demo"), "{ro}/demo"),
    (("dataset", "ezr", "-n", "10", "--out", "{ro}/ds"), "{ro}/ds"),
    (("league", "project", str(ROOT / "simcore/games/ezr/data/league/league.toml"), "-n", "2", "--out", "{ro}/p"),
     "{ro}/p"),
])
def test_an_output_that_cannot_be_written_is_refused_before_the_run(cli, read_only, no_simulation, argv, output):
    """Found before any game is played (it was found when the finished run was written, naming the writer's
    temporary file), in one line naming the output and the folder."""
    code, out, err = cli(*(a.replace("{ro}", str(read_only)) for a in argv))
    assert code == 2 and out == ""
    assert err == f"simcore: error: {output.replace('{ro}', str(read_only))}: cannot write into {read_only} " \
                  "(Read-only file system)\n"
    assert listing(read_only) == []


def test_a_write_that_fails_names_the_output_not_its_temporary_file(cli, tmp_path, monkeypatch):
    """A folder that refuses the write only after the run (a disk that filled up): the writer's ``.partial``
    name is shown as the output it stands for."""
    import errno

    def full(*args, **kw):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "g.png.k2j_x9aq.partial"))

    monkeypatch.setattr("matplotlib.figure.Figure.savefig", full)
    code, out, err = cli("ezr", "-n", "10", "--plot", str(tmp_path / "g.png"))
    assert code == 2 and err == f"simcore: error: {tmp_path / 'g.png'}: No space left on device\n"
    assert listing(tmp_path) == []
    assert outputs.written_name("a.csv") == "a.csv" and outputs.written_name("a.csv.partial") == "a.csv.partial"


# ---------------------------------------------------------------- simcore demo --out

def test_demo_refuses_to_replace_its_files_without_force(cli, tmp_path):
    out = tmp_path / "demo"
    out.mkdir()
    mine = _user_file(out / "ezr_report.md")
    for force in ([], ["--force"]):         # the user's own file in a folder simcore did not write: kept
        code, _, err = cli("demo", "--out", str(out), "-n", "500", *force)
        assert code == 2 and err.startswith(f"simcore: error: {mine} exists and {out} has no manifest.json")
        assert mine.read_bytes() == b"my own file" and listing(out) == ["ezr_report.md"]
    mine.unlink()
    assert cli("demo", "--out", str(out), "-n", "500")[0] == 0
    code, _, err = cli("demo", "--out", str(out), "-n", "500")
    assert code == 2 and err == f"simcore: error: {out / 'ezr_goals.png'} exists; pass --force to replace it\n"
    code, text, err = cli("demo", "--out", str(out), "-n", "500", "--force")
    assert code == 0, err
    assert listing(out) == ["ezr_goals.png", "ezr_report.json", "ezr_report.md", MANIFEST]
    md = (out / "ezr_report.md").read_text()
    assert md.startswith("# EZR quick play: matchup report, BOS at home to NYR\n")
    doc = outputs.read_folder(out)
    assert doc["ezr_report.json"]["mc"]["n"] == 500
    # the report is a page, not the terminal's text: facts, then per metric its exact and simulated value, the
    # interval and whether it holds the exact value, the count of those said above the table
    r = doc["ezr_report.json"]
    assert "- **Games simulated:** 500" in md and "- **Seed:** 2019" in md
    assert "| Metric | What it is | Exact | Simulated | 95% interval | Exact inside |" in md
    inside = [lo <= r["exact"][k] <= hi for k, (lo, hi) in r["mc"]["ci95"].items()]
    assert f"inside its interval for {sum(inside)} of the {len(inside)} metrics" in md
    assert f"| home_win | share of games the home side won | {r['exact']['home_win']:.4f} |" in md
    assert "![goals](ezr_goals.png)" in md and "```" not in md
    assert text.startswith("EZR quick play  home BOS (D/D/B/b, EZR +1)")         # the terminal keeps its table
    assert json.loads((out / MANIFEST).read_text())["command"] == ["simcore", "demo", "--out", str(out), "-n",
                                                                  "500", "--force"]


# ---------------------------------------------------------------- Ctrl-C

def test_interrupt_while_writing_strat_out(cli, tmp_path, monkeypatch):
    """Ctrl-C while the third table is written: one line, exit 130, no table under its name, no manifest."""
    import pyarrow.parquet as pq

    write = pq.write_table
    calls = []

    def interrupted(table, where, **kw):
        calls.append(where)
        if len(calls) == 3:
            Path(where).write_bytes(b"PAR1 half")
            raise KeyboardInterrupt
        return write(table, where, **kw)

    monkeypatch.setattr(pq, "write_table", interrupted)
    out = tmp_path / "run"
    code, _, err = cli("strat", "KBY", "NRV", "-n", "50", "--out", str(out))
    assert len(calls) == 3
    assert code == 130 and err == "simcore: interrupted\n"
    assert not out.exists()                 # the folder the run made goes too
    out.mkdir()                             # a folder of the user's stays, as it was
    (out / "notes.txt").write_text("mine")
    calls.clear()
    code, _, err = cli("strat", "KBY", "NRV", "-n", "50", "--out", str(out))
    assert code == 130 and listing(out) == ["notes.txt"]


def test_a_command_that_fails_takes_back_the_outputs_it_wrote(cli, tmp_path, monkeypatch):
    """compare --plot then --report: Ctrl-C while the report is written takes the plot back too, so the same
    command runs again; a file the run replaced (--force) stays, and so do the outputs of a run whose reader
    stopped reading (a closed pipe)."""
    import simcore.sharing as sharing

    plot, report = tmp_path / "fp.png", tmp_path / "rep.html"
    argv = ["compare", "ezr", "--b", "qq_chart=off", "-n", "200", "--metrics", "tie", "--plot", str(plot),
            "--report", str(report)]
    write = sharing.Report.write

    def interrupted(self, path, *a, **kw):
        assert plot.exists()                # the plot was written first
        raise KeyboardInterrupt

    monkeypatch.setattr(sharing.Report, "write", interrupted)
    code, out, err = cli(*argv)
    assert code == 130 and err == "simcore: interrupted\n" and listing(tmp_path) == []
    monkeypatch.setattr(sharing.Report, "write", write)
    code, out, err = cli(*argv)
    assert code == 0, err
    assert listing(tmp_path) == ["fp.png", "rep.html"]
    before = plot.read_bytes()
    monkeypatch.setattr(sharing.Report, "write", interrupted)
    code, out, err = cli(*argv, "--force")
    assert code == 130 and listing(tmp_path) == ["fp.png", "rep.html"] and plot.read_bytes() == before
    from simcore import outputs as o

    # an output folder that replaced one of its kind stays whole, manifest and all, when the command fails after
    out = tmp_path / "folder"
    with o.one_run():
        with Folder(out, ["a.csv"]) as f:
            f.csv("a.csv", pd.DataFrame({"x": [1]}))
    with pytest.raises(KeyboardInterrupt), o.one_run():
        with Folder(out, ["a.csv", "b.csv"], overwrite=True) as f:
            f.csv("a.csv", pd.DataFrame({"x": [2]}))
            f.csv("b.csv", pd.DataFrame({"y": [3]}))
        raise KeyboardInterrupt                       # after the folder is complete: its report, its printing
    assert sorted(o.read_folder(out)) == ["a.csv", "b.csv"]
    with pytest.raises(KeyboardInterrupt), o.one_run():      # a new folder goes with the command
        with Folder(tmp_path / "new" / "deep", ["a.csv"]) as f:
            f.csv("a.csv", pd.DataFrame({"x": [1]}))
        raise KeyboardInterrupt
    assert not (tmp_path / "new").exists()
    with pytest.raises(BrokenPipeError), o.one_run():
        o.write_text(tmp_path / "t.txt", "whole")
        raise BrokenPipeError
    assert (tmp_path / "t.txt").read_text() == "whole"
    with pytest.raises(ValueError), o.one_run():
        o.write_text(tmp_path / "u.txt", "whole")
        raise ValueError("a later step failed")
    assert not (tmp_path / "u.txt").exists()


def test_a_folder_the_user_had_stays_when_its_path_goes_through_a_new_one(tmp_path, monkeypatch):
    """In new/../mine, mine exists while new does not: a failed run takes back new (it made it), not mine."""
    from simcore import outputs as o

    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").mkdir()
    with pytest.raises(KeyboardInterrupt), o.one_run():
        o.make_folder("new/../mine/sub")
        o.write_text("new/../mine/sub/a.txt", "x")
        raise KeyboardInterrupt
    assert listing(tmp_path) == ["mine"] and listing(tmp_path / "mine") == []


def test_interrupt_in_the_kernel_leaves_no_files(cli, tmp_path, monkeypatch):
    from simcore import runner

    def interrupted(*a, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "run_chunks", interrupted)
    code, _, err = cli("ezr", "-n", "500", "--plot", str(tmp_path / "p.png"))
    assert code == 130 and err == "simcore: interrupted\n"
    code, _, err = cli("strat", "KBY", "NRV", "-n", "50", "--out", str(tmp_path / "run"))
    assert code == 130 and err == "simcore: interrupted\n"
    assert listing(tmp_path) == []


def test_interrupt_while_saving_a_figure(cli, tmp_path, monkeypatch):
    from matplotlib.figure import Figure

    def interrupted(self, fname, **kw):
        Path(fname).write_bytes(PNG)
        raise KeyboardInterrupt

    monkeypatch.setattr(Figure, "savefig", interrupted)
    code, _, err = cli("pyramid", "-n", "200", "--plot", str(tmp_path / "p"))
    assert code == 130 and err == "simcore: interrupted\n"
    assert listing(tmp_path) == []


def test_a_ctrl_c_as_a_temporary_file_is_made_leaves_nothing(tmp_path, monkeypatch):
    """A Ctrl-C that lands the moment a writer's temporary file exists, before the writer has its name (a report's
    figures each make one; 2 of 14 interrupted reports left a ``NAME.<random>.partial``): the signal waits until
    the name is where the clean-up finds it, so nothing is left; the same for a folder's staged file and the
    writable-folder probe."""
    import tempfile

    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        pytest.skip("this process's Ctrl-C is not Python's own")
    real = tempfile.mkstemp

    def made_then_ctrl_c(*args, **kwargs):
        made = real(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGINT)
        return made

    monkeypatch.setattr(tempfile, "mkstemp", made_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        outputs.write_text(tmp_path / "a.txt", "x")
    with pytest.raises(KeyboardInterrupt):
        with outputs.Folder(tmp_path / "run", ["t.csv"]) as f:
            f.text("t.csv", "x")
    with pytest.raises(KeyboardInterrupt):
        outputs.check_writable(tmp_path / "b.txt")
    assert listing(tmp_path) == []


def _sigint_after(argv, cwd, seconds, command=None):
    """Run ``simcore argv`` in a fresh process (``command``: the simcore command's path; default ``python -m
    simcore``; SIGINT at its default, as in a terminal) and press Ctrl-C ``seconds`` in."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "simcore"] if command is None else [command]
    p = subprocess.Popen([*command, *argv], cwd=cwd, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        time.sleep(seconds)
        assert p.poll() is None, "the run ended before the interrupt"
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()                # a run the interrupt did not end must not outlive the test
    return p.returncode, out.decode(), err.decode()


@pytest.mark.parametrize("argv", [
    ["ezr", "-n", "1000000000000", "--plot", "p.png"],          # aggregate mode: a run of hours
    ["strat", "KBY", "NRV", "-n", "2000000", "--out", "run"],
])
def test_real_sigint(tmp_path, argv):
    code, out, err = _sigint_after(argv, tmp_path, 5)
    assert code == 130 and err == "simcore: interrupted\n", err
    assert listing(tmp_path) == []


@pytest.mark.parametrize("seconds", [0.3, 0.5])
def test_sigint_while_the_package_imports_is_one_line(tmp_path, seconds):
    """Ctrl-C in the first half second of the ``simcore`` command, while numba and pandas import (the console
    script's entry, simcore_entry.py, imports the package inside the command's interrupt handling): one line and
    130, not a traceback."""
    script = Path(sys.executable).parent / "simcore"
    if not script.exists():
        pytest.skip("the simcore console script is not installed beside this Python")
    code, _, err = _sigint_after(["ezr", "-n", "1000000000000", "--quiet"], tmp_path, seconds, str(script))
    assert code == 130 and err == "simcore: interrupted\n", err[-2000:]
    assert listing(tmp_path) == []


ENTRY = ("import simcore_entry\n"
         "sys.argv = ['simcore', 'ezr', '--help']\n"
         "sys.exit(simcore_entry.main())\n")


def _entry_when_importing_the_command(action: str, module: str = "simcore.cli", start: str = ENTRY):
    """The console process's entry (simcore_entry.main, ``simcore ezr --help``; ``start``: the lines that start the
    command) with ``action`` (a statement) run by a finder at the moment ``module`` is imported (simcore.cli: the
    command's module): (status, stderr)."""
    code = ("import os, runpy, signal, sys\n"
            "class At:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            f"        if name == {module!r}:\n"
            f"            {action}\n"
            "sys.meta_path.insert(0, At())\n" + start)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    return p.returncode, p.stderr


def test_the_entry_answers_an_interrupted_import_in_one_line():
    """simcore_entry.main when the import of the command itself is interrupted (a finder that raises
    KeyboardInterrupt for simcore.cli stands in for the Ctrl-C): one line, 130."""
    assert _entry_when_importing_the_command("raise KeyboardInterrupt") == (130, "simcore: interrupted\n")


def test_a_ctrl_c_an_import_swallows_still_ends_the_command():
    """A Ctrl-C whose KeyboardInterrupt an import catches (a library's catch-all) while the command imports: the
    entry counts the signal and ends the command, one line and 130; the command ran on (here ``ezr --help``
    printed its help and 0; ``ezr -n 1000000000000`` ran for hours)."""
    swallow = 'exec("try:\\n    os.kill(os.getpid(), signal.SIGINT)\\nexcept KeyboardInterrupt:\\n    pass")'
    assert _entry_when_importing_the_command(swallow) == (130, "simcore: interrupted\n")


def test_a_ctrl_c_before_the_commands_own_handling_is_one_line():
    """Ctrl-C while simcore.cli.main sets up, before its own KeyboardInterrupt handling begins (it imports pandas
    through simcore.outputs, a second or two on a loaded machine): one line and 130, not a traceback."""
    assert _entry_when_importing_the_command("raise KeyboardInterrupt", "simcore.outputs") == \
        (130, "simcore: interrupted\n")


@pytest.mark.parametrize("sig, want", [("SIGINT", (130, "simcore: interrupted\n")),
                                       ("SIGTERM", (143, "simcore: terminated\n"))])
def test_a_signal_in_a_callback_that_cannot_raise_is_one_line(sig, want):
    """A Ctrl-C or SIGTERM that lands in a weakref callback while the command imports (as in the import system's
    module-lock callback, where a timed Ctrl-C in the first half second once landed): Python cannot raise it there
    and printed "Exception ignored in ..." with a traceback before the line; now the one line and the status."""
    action = ("import weakref; o = type('O', (), {})(); "
              f"r = weakref.ref(o, lambda _: os.kill(os.getpid(), signal.{sig})); del o")
    assert _entry_when_importing_the_command(action) == want


def test_sigterm_while_the_package_imports_is_one_line():
    """SIGTERM while the console process imports the package (sent when simcore.cli is imported, standing in for
    `kill` or `timeout` in the first half second): one line, ``simcore: terminated``, status 143; it killed the
    process silently."""
    assert _entry_when_importing_the_command("os.kill(os.getpid(), signal.SIGTERM)") == (143, "simcore: terminated\n")


@pytest.mark.parametrize("sig, want", [("SIGINT", (130, "simcore: interrupted\n")),
                                       ("SIGTERM", (143, "simcore: terminated\n"))])
def test_a_signal_while_python_m_simcore_imports_the_package_is_one_line(sig, want):
    """``python -m simcore`` imports the package before simcore/__main__.py runs, so outside the entry's handling:
    a Ctrl-C there printed a 30-line traceback and a SIGTERM nothing.  Here the signal is sent when the package
    imports numpy (a finder stands in for the moment), in a process that locates the module as ``-m`` does."""
    as_module = ("sys.argv = ['-m', 'ezr', '--help']\n"
                 "sys.orig_argv = [sys.executable, '-m', 'simcore', 'ezr', '--help']\n"
                 "runpy._run_module_as_main('simcore')\n")
    assert _entry_when_importing_the_command(f"os.kill(os.getpid(), signal.{sig})", "numpy", as_module) == want


@pytest.mark.parametrize("flags, guarded", [(["-m", "simcore"], True), (["-um", "simcore"], True),
                                             (["-msimcore"], True), (["-X", "dev", "-Bm", "simcore"], True),
                                             (["-uX", "dev", "-m", "simcore"], True),
                                             (["-m", "mytool"], False), (["-m", "simcore.league.samplegen"], False)])
def test_the_package_guards_its_import_only_under_python_m_simcore(flags, guarded):
    """While ``python -m simcore`` (in any spelling) imports the package, Ctrl-C and SIGTERM end it in one line;
    a package imported by another ``-m`` target (a tool of the user's, a module of simcore's own) keeps Python's
    own handlers.  Then the command runs (its help, status 0)."""
    code = ("import signal, sys\n"
            "sys.argv = ['-m']\n"
            f"sys.orig_argv = [sys.executable, *{flags!r}]\n"
            "import simcore, simcore_entry\n"
            "guard = signal.getsignal(signal.SIGINT) is simcore_entry._stop_importing\n"
            "assert guard is (signal.getsignal(signal.SIGTERM) is simcore_entry._stop_importing)\n"
            "print(guard)\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 0 and p.stdout == f"{guarded}\n", p.stderr
    if flags == ["-m", "simcore"]:
        p = subprocess.run([sys.executable, "-m", "simcore", "ezr", "--help"], capture_output=True, text=True,
                           env=env, timeout=120)
        assert p.returncode == 0 and p.stdout.startswith("usage: simcore ezr")


def test_force_never_replaces_files_in_a_folder_simcore_did_not_write(cli, tmp_path):
    """An output folder with one of the command's file names but no manifest holds someone's own files (another
    league's teams.csv): refused with --force too, and the message does not offer --force; a folder of the
    command's own kind is still replaced with --force."""
    from simcore.errors import InputError
    from simcore.league import sample

    other = tmp_path / "other"
    other.mkdir()
    (other / "teams.csv").write_text("team,off\nAAA,1\n")
    before = listing(other)
    for force in ([], ["--force"]):
        code, out, err = cli("league", "project", str(sample("ezr")), "-n", "5", "--out", str(other), *force)
        assert code == 2 and err == (f"simcore: error: {other / 'teams.csv'} exists and {other} has no manifest.json: "
                                     "its files are not a finished simcore output (another program's, or left by a "
                                     "run that was stopped), so they are not replaced; write to another folder, or "
                                     "remove them\n")
    assert listing(other) == before and (other / "teams.csv").read_text() == "team,off\nAAA,1\n"
    with pytest.raises(InputError, match="has no manifest.json"):
        Folder(other, ["teams.csv"], overwrite=True)
    mine = tmp_path / "mine"
    assert cli("league", "project", str(sample("ezr")), "-n", "5", "--out", str(mine))[0] == 0
    code, out, err = cli("league", "project", str(sample("ezr")), "-n", "5", "--out", str(mine), "--force")
    assert code == 0, err


def test_read_folder_keeps_a_team_named_na_and_an_empty_cell_missing(tmp_path):
    """pandas reads NA, nan and null as missing by default: a team so named stays a name; an empty cell (how an
    undefined figure is written) is still missing."""
    frame = pd.DataFrame({"team": ["Montreal", "NA", "nan", "null"], "points_se": [1.5, float("nan"), 2.0, 0.25]})
    with outputs.Folder(tmp_path / "run", ["teams.csv"]) as f:
        f.csv("teams.csv", frame)
    back = outputs.read_folder(tmp_path / "run")["teams.csv"]
    assert list(back.team) == ["Montreal", "NA", "nan", "null"]
    assert back.points_se.isna().tolist() == [False, True, False, False] and back.points_se.dtype == float
