"""Every notebook in notebooks/ runs from top to bottom without a cell error.

Each notebook is executed with nbclient in a fresh ``python3`` kernel, from the
notebooks/ folder, with ``SIMCORE_NB_N`` set small so the simulations are
quick.  Notebooks read their sample size as
``int(os.environ.get("SIMCORE_NB_N", <default>))``.  New notebooks added to
notebooks/ are picked up automatically.
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import nbclient
import nbclient.exceptions
import nbformat
import pytest

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
SMALL_N = "2000"
TIMEOUT_S = 600
KERNEL = "python3"


#: a code cell that draws: it must show an image (a library call that switched matplotlib away from the inline
#: backend once left a notebook with no figures at all)
DRAWS = re.compile(r"plt\.subplots\(|_figure\(|plot_board\(|\.plot\(|plots\.\w+\(")


def figures_missing(nb) -> list[int]:
    """The code cells of ``nb`` that draw (:data:`DRAWS`) but have no image among their outputs."""
    return [i for i, cell in enumerate(nb.cells) if cell.cell_type == "code" and DRAWS.search(cell.source)
            and not any("image/png" in out.get("data", {}) for out in cell.get("outputs", []))]


def execute(nb, monkeypatch):
    """Run ``nb`` in place in a fresh kernel started from notebooks/ with the small sample size."""
    monkeypatch.setenv("SIMCORE_NB_N", SMALL_N)
    client = nbclient.NotebookClient(nb, timeout=TIMEOUT_S, kernel_name=KERNEL,
                                     resources={"metadata": {"path": str(NOTEBOOK_DIR)}})
    client.execute()
    return nb


def test_kernel_is_this_interpreter(monkeypatch):
    """The ``python3`` kernel is the interpreter running the tests (so it sees this simcore), in notebooks/."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import os, sys\nprint(sys.prefix)\nprint(os.getcwd())\nprint(os.environ['SIMCORE_NB_N'])")])
    execute(nb, monkeypatch)
    prefix, cwd, n = nb.cells[0].outputs[0]["text"].splitlines()
    assert os.path.realpath(prefix) == os.path.realpath(sys.prefix)
    assert os.path.realpath(cwd) == os.path.realpath(NOTEBOOK_DIR)
    assert n == SMALL_N


def test_readme_lists_every_notebook():
    """notebooks/README.md has a row for each notebook, and each row names a notebook that exists."""
    import re

    listed = set(re.findall(r"^\| \[([\w.-]+\.ipynb)\]", (NOTEBOOK_DIR / "README.md").read_text(), re.M))
    assert listed == {p.name for p in NOTEBOOKS}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_the_saved_notebook_shows_its_figures(path):
    """Each notebook as committed (what a reader sees on opening it) has an image for every cell that draws."""
    nb = nbformat.read(path, as_version=4)
    assert any(DRAWS.search(c.source) for c in nb.cells if c.cell_type == "code"), f"{path.name} draws nothing"
    assert figures_missing(nb) == [], f"{path.name}: cells without their figure"


def test_pyramid_notebook_is_run():
    """The pyramid balance analysis is among the notebooks this suite executes (at SMALL_N games per run)."""
    assert "pyramid_balance.ipynb" in {p.name for p in NOTEBOOKS}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path, monkeypatch):
    nb = nbformat.read(path, as_version=4)
    try:
        execute(nb, monkeypatch)
    except nbclient.exceptions.CellExecutionError as exc:
        pytest.fail(f"{path.name}: a cell raised an error\n{exc}", pytrace=False)
    errors = [out for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", [])
              if out.get("output_type") == "error"]
    assert not errors, f"{path.name}: {errors[0]['ename']}: {errors[0]['evalue']}"
    assert figures_missing(nb) == [], f"{path.name}: cells that draw showed no figure"
