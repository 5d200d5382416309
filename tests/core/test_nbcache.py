"""simcore.nbcache: a kernel's cached machine code is stamped with the modules it uses, not its file alone."""
from __future__ import annotations

import os

from simcore import nbcache


def _package(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    files = {
        "__init__.py": "from . import c\n",
        "a.py": "import numpy as np\nfrom . import b\nfrom .e import helper\n\ndef later():\n    from . import c\n",
        "b.py": "from pkg.d import X\n",
        "c.py": "Y = 1\n",
        "d.py": "X = 1\n",
        "e.py": "def helper():\n    return 2\n",
    }
    for name, text in files.items():
        (pkg / name).write_text(text)
    return pkg


def test_closure_follows_module_level_imports_of_the_package(tmp_path):
    pkg = _package(tmp_path)
    got = [p.name for p in nbcache.closure(pkg / "a.py", pkg)]
    # b directly, d through b, e by "from .e import"; not c (imported inside a function, and by __init__)
    assert got == ["a.py", "b.py", "d.py", "e.py"]


def test_stamp_changes_with_a_module_used_indirectly_and_only_then(tmp_path):
    pkg = _package(tmp_path)
    before = nbcache.stamp(pkg / "a.py", pkg)
    (pkg / "c.py").write_text("Y = 2\n")
    assert nbcache.stamp(pkg / "a.py", pkg) == before
    (pkg / "d.py").write_text("X = 2\n")
    st = (pkg / "d.py").stat()
    os.utime(pkg / "d.py", ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert nbcache.stamp(pkg / "a.py", pkg) != before


def test_simcore_kernels_are_cached_under_the_closure_stamp():
    from simcore.games.strat import kernel as K
    from simcore.games.strat import season as strat_season

    locator = K.simulate_games._cache._impl.locator
    assert type(locator).__name__.startswith("Simcore")
    assert locator.get_source_stamp() == nbcache.stamp(nbcache.PACKAGE / "games/strat/kernel/drivers.py")
    # the Strat kernel is a package of modules by concept: the drivers' stamp covers every one it inlines
    modules = {f"games/strat/kernel/{m}.py" for m in K._MODULES}
    drivers = {str(p.relative_to(nbcache.PACKAGE))
               for p in nbcache.closure(nbcache.PACKAGE / "games/strat/kernel/drivers.py")}
    assert modules <= drivers
    used = {str(p.relative_to(nbcache.PACKAGE)) for p in nbcache.closure(nbcache.PACKAGE / "games/strat/season.py")}
    # the season kernel plays the Strat kernel's game: an edit to it (or to what it reads) must recompile the season
    game = modules - {"games/strat/kernel/drivers.py"}
    assert game | {"games/strat/readings.py", "rng.py", "nbarrays.py", "league/kernel.py", "parallel.py"} <= used
    assert strat_season.simulate_seasons._cache._impl.locator.get_source_stamp() == nbcache.stamp(
        nbcache.PACKAGE / "games/strat/season.py")
