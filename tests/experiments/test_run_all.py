"""experiments/run_all.py: where the reports go.  A --quick smoke test never writes over the committed reports
(experiments/reports/); the experiments themselves are replaced by a recorder, so nothing is simulated."""
import importlib.util
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REPORTS = ROOT / "experiments" / "reports"


@pytest.fixture
def run_all(monkeypatch):
    spec = importlib.util.spec_from_file_location("run_all", ROOT / "experiments" / "run_all.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    calls = []

    def record(cmd, cwd=None, **kw):
        calls.append(cmd)
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr(mod.subprocess, "run", record)
    mod.calls = calls
    return mod


def _out(cmd) -> Path:
    return Path(cmd[cmd.index("--out") + 1]).resolve()


def test_quick_writes_into_a_new_temporary_folder(run_all, capsys):
    assert run_all.REPORTS == REPORTS
    assert run_all.main(["--quick"]) == 0
    assert [Path(c[1]).stem for c in run_all.calls] == list(run_all.EXPERIMENTS)
    outs = {_out(c) for c in run_all.calls}
    (out,) = outs                                                    # one folder for every experiment
    assert out != REPORTS and REPORTS not in out.parents
    assert out.is_dir() and out.name.startswith("simcore-experiments-quick-")
    assert not any(out.iterdir())
    # a tenth of each experiment's games (at least 1,000)
    for c in run_all.calls:
        assert int(c[c.index("--n") + 1]) == max(1000, run_all.EXPERIMENTS[Path(c[1]).stem] // 10)
    assert str(out) in capsys.readouterr().out                       # the folder is printed
    out.rmdir()


def test_quick_with_out_and_refused_into_the_reports(run_all, tmp_path, capsys):
    assert run_all.main(["--quick", "--out", str(tmp_path / "smoke"), "--only", "ezr_overtime"]) == 0
    (cmd,) = run_all.calls
    assert _out(cmd) == (tmp_path / "smoke").resolve() and (tmp_path / "smoke").is_dir()
    with pytest.raises(SystemExit) as exit_:
        run_all.main(["--quick", "--out", str(REPORTS)])
    assert exit_.value.code == 2 and "--quick writes a smoke test" in capsys.readouterr().err
    assert len(run_all.calls) == 1                                   # nothing ran


def test_full_run_regenerates_the_committed_reports(run_all):
    assert run_all.main(["--only", "pyramid_tie_breaks", "--seed", "3"]) == 0
    (cmd,) = run_all.calls
    assert _out(cmd) == REPORTS
    assert "--n" not in cmd and cmd[cmd.index("--seed") + 1] == "3"
