"""How `make test` spreads the suite over its workers.

Tests that call the same uncompiled entry points carry one ``xdist_group`` mark (tests/games/blueline/
test_engine_rules.py, the Pass & Score position tests, ...), so that ``--dist loadgroup`` (the Makefile) runs them
on one worker, which compiles those entry points once.  A pytest / pytest-xdist pair that drops the group sends
them to every worker, each compiling the same functions side by side (pytest 9.2 with pytest-xdist 3.8 did: the
Blue Line turn tests compiled ``offense_turn`` on both workers, 29 s each).
"""
import os
import re
import subprocess
import sys
import textwrap


def test_one_xdist_group_runs_on_one_worker(tmp_path):
    (tmp_path / "test_grouped.py").write_text(textwrap.dedent("""
        import time
        import pytest
        pytestmark = pytest.mark.xdist_group("one")

        @pytest.mark.parametrize("i", range(6))
        def test_a(i):
            time.sleep(0.1)
        """))
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS" and not k.startswith("PYTEST_XDIST")}
    run = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v", "-p",
                          "no:cacheprovider", "test_grouped.py"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    workers = re.findall(r"\[(gw\d+)\].*PASSED", run.stdout)
    assert len(workers) == 6, run.stdout
    assert len(set(workers)) == 1, f"the group ran on {sorted(set(workers))}: pytest's and pytest-xdist's versions " \
                                   "no longer agree on --dist loadgroup (see pyproject.toml)"
