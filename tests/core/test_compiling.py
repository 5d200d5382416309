"""The notice of kernels compiling (simcore.compiling), --quiet, and `simcore compile`.

Each case runs in a fresh process on a numba cache of its own (NUMBA_CACHE_DIR in a temporary folder), on the
cheapest kernel, the RNG ceiling (about a second to compile).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from simcore import compiling

ROOT = Path(__file__).resolve().parents[2]
CEILING = "from simcore.rng import ceiling; ceiling(1, 0, 1000, 6, 256)"


def _run(code: str, cache: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                          cwd=str(ROOT), timeout=300)


def _notices(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("simcore: compiling")]


def test_the_notice_prints_once_when_the_kernel_compiles_and_not_when_it_is_cached(tmp_path):
    code = f"import simcore; {CEILING}; {CEILING}; from simcore import compiling; print(compiling.history())"
    cold = _run(code, tmp_path)
    assert cold.returncode == 0, cold.stderr
    est = compiling.estimates()["simcore.rng._ceiling"]
    assert _notices(cold.stderr) == [f"simcore: compiling the RNG ceiling of the benchmarks (first run only, about "
                                     f"{compiling.about(est.seconds)} s on {est.cpus} cores)..."]
    assert "simcore.rng._ceiling" in cold.stdout          # what compiled, recorded once
    assert cold.stdout.count("simcore.rng._ceiling") == 1
    # stderr is a pipe here: the notice line, no bar drawn after it
    assert cold.stderr.strip() == _notices(cold.stderr)[0]
    warm = _run(code, tmp_path)
    assert warm.returncode == 0, warm.stderr
    assert _notices(warm.stderr) == [] and warm.stdout.strip() == "[]"


def test_quiet_silences_the_notice(tmp_path):
    code = f"import simcore; from simcore import progress; progress.set_quiet(True); {CEILING}"
    p = _run(code, tmp_path)
    assert p.returncode == 0 and p.stderr == ""


# the real command line (simcore.cli.main: --quiet parsed by every command's Parser), on a command that
# compiles the ceiling
_CLI = f"""
import sys
import simcore.compiling as c
from simcore import cli
from simcore.cliargs import Parser

def ceiling_command(argv):
    Parser(prog="simcore compile").parse_args(argv)
    {CEILING}

c.cmd_compile = ceiling_command
sys.exit(cli.main(sys.argv[1:]))
"""


@pytest.mark.parametrize("argv, shown", [(["compile"], True), (["compile", "--quiet"], False),
                                         (["--quiet", "compile"], False)])
def test_quiet_on_the_command_line(tmp_path, argv, shown):
    p = _run(_CLI, tmp_path, *argv)
    assert p.returncode == 0, p.stderr
    assert len(_notices(p.stderr)) == (1 if shown else 0)
    if not shown:
        assert p.stderr == ""


def test_quiet_holds_for_one_command_only(capsys):
    from simcore import cli, progress

    assert cli.main(["ezr", "table", "--quiet"]) == 0
    assert not progress.quiet()


def test_simcore_compile_a_line_per_kernel_then_cached(tmp_path):
    code = "import sys; from simcore import cli; sys.exit(cli.main(sys.argv[1:]))"
    first = _run(code, tmp_path, "compile", "rng", "--jobs", "2")
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert lines[0] == "simcore: compiling 1 kernels, 2 games at a time (a game's take from seconds to a few " \
                       "minutes on 2 cores; a kernel already cached loads in a second or two)"
    assert lines[1].split()[0] == "rng.ceiling" and lines[1].split()[3] == "compiled"
    assert lines[2].startswith("simcore: 1 kernels ready in ")
    assert first.stderr == ""           # the workers are quiet: the lines above are the whole report
    again = _run(code, tmp_path, "compile", "rng")
    assert again.stdout.splitlines()[1].split()[3] == "cached"


def test_simcore_compile_unknown_game_is_one_line_error(capsys):
    from simcore import cli

    assert cli.main(["compile", "hockey"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "simcore: error: no kernels for 'hockey'; choose from blueline, ezr, passscore, pyramid, rng, strat"


def test_every_kernel_has_a_measured_estimate_and_the_longest_compile_first():
    est = compiling.estimates()
    assert {e.kernel for e in est.values()} == set(compiling.KERNELS)
    assert all(e.seconds > 0 and e.cpus >= 1 for e in est.values())
    order = [k.name for k in compiling.selected()]
    total = {k: sum(e.seconds for e in est.values() if e.kernel == k) for k in order}
    assert [total[k] for k in order] == sorted(total.values(), reverse=True)
    assert [k.name for k in compiling.selected(["ezr"])] == [k for k in order if k.startswith("ezr.")]


def test_a_games_kernels_compile_in_one_chain_the_longest_game_first():
    got = [[k.name for k in ks] for ks in compiling.chains(compiling.selected())]
    # in simcore compile's chains (compile_times.csv, in_chain): blueline 201, passscore 188, strat 171, pyramid 87,
    # ezr 48, rng 2 s; a chain starts with its longest kernel in it (Blue Line's play-by-play kernel takes 9 s after
    # the game kernel; its first call compiles the game kernel first)
    assert [ks[0].split(".")[0] for ks in got] == ["blueline", "passscore", "strat", "pyramid", "ezr", "rng"]
    assert got[0] == ["blueline.simulate_games", "blueline.play_recorded"]
    assert got[1] == ["passscore.simulate_games", "passscore.play_recorded"]
    assert got[2] == ["strat.season", "strat.simulate_games", "strat.play_logged"]
    assert got[3] == ["pyramid.simulate_games", "pyramid.period_outcomes", "pyramid.play_logged"]
    assert got[4][0] == "ezr.season" and sorted(got[4]) == sorted(k for k in compiling.KERNELS if k[:3] == "ezr")
    assert sum(map(len, got)) == len(compiling.KERNELS)


def test_estimates_are_shown_to_5_s():
    assert [compiling.about(s) for s in (0.4, 7.4, 7.6, 41.6, 57.4, 57.6)] == [5, 5, 10, 40, 55, 60]
    name = "simcore.games.strat.kernel.drivers.simulate_games"
    seconds = compiling.estimates()[name].seconds          # simcore/data/compile_times.csv (90.9 s measured)
    assert compiling.notice(name) == (
        f"simcore: compiling the Strat game kernel (first run only, about {compiling.about(seconds)} s on 2 cores)...")


def test_a_function_without_an_estimate_is_named_in_its_notice():
    assert compiling.notice("simcore.games.toy.kernel.f") == "simcore: compiling simcore.games.toy.kernel.f (first " \
                                                            "run only)..."


def test_cached_tells_a_function_never_compiled_from_one_compiled_or_on_disk(tmp_path, monkeypatch):
    """compiling.cached: False before the first call of a cache=True function with nothing on disk; True after
    it, and in a new process that would load it from the cache (the index read and its stamp checked)."""
    mod = tmp_path / "cachedprobe.py"
    mod.write_text("import numba\n\n@numba.njit(cache=True)\ndef f(x):\n    return x + 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib

    m = importlib.import_module("cachedprobe")
    assert compiling.cached(m.f) is False and compiling._on_disk("cachedprobe.f") is False
    assert m.f(1) == 2
    assert compiling.cached(m.f) is True and compiling._on_disk("cachedprobe.f") is True
    assert compiling._on_disk("cachedprobe.g") is False and compiling._on_disk("no.such.module.f") is False
    code = "import cachedprobe, simcore.compiling as c; print(c.cached(cachedprobe.f))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                         env=dict(os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT}"), check=True)
    assert out.stdout.strip() == "True"
    mod.write_text(mod.read_text().replace("x + 1", "x + 10"))      # an edit makes the cached code stale
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                         env=dict(os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT}"), check=True)
    assert out.stdout.strip() == "False"


def test_the_estimate_after_another_kernel_of_the_game_compiled_is_its_in_chain_figure(monkeypatch):
    """The in-chain figure once another kernel of the game has compiled in this process, or is in the on-disk
    cache (the Pass & Score play-by-play kernel, some 160 s alone, took 8.5 s with the game kernel on disk)."""
    pbp = "simcore.games.blueline.kernel.drivers.play_recorded"
    game = "simcore.games.blueline.kernel.drivers.simulate_games"
    on_disk = set()
    monkeypatch.setattr(compiling, "_on_disk", lambda f: f in on_disk)
    est = compiling.estimates()[pbp]
    assert est.in_chain < est.seconds / 10          # 6 s after the game kernel, some 400 s alone
    assert compiling.estimate_now(pbp).seconds == est.seconds
    assert compiling.estimate_now(pbp, ["simcore.games.strat.kernel.drivers.simulate_games"]).seconds == est.seconds
    after = compiling.estimate_now(pbp, [game])
    assert after.seconds == est.in_chain
    assert compiling.notice(pbp, after) == "simcore: compiling the Blue Line play-by-play kernel (first run only, " \
        f"about {compiling.about(est.in_chain)} s on 2 cores)..."
    assert compiling.estimate_now("simcore.games.toy.kernel.f", [game]) is None
    on_disk.add("simcore.games.strat.kernel.drivers.simulate_games")
    assert compiling.estimate_now(pbp).seconds == est.seconds
    on_disk.add(game)
    assert compiling.estimate_now(pbp).seconds == est.in_chain
    on_disk.discard(game)
    on_disk.add(pbp)                                 # itself on disk (of other types): not another kernel
    assert compiling.estimate_now(pbp).seconds == est.seconds
