"""Layers point one way (docs/architecture.md): cli -> analysis, league -> games -> the core; league and analysis
import no particular game, and no game imports the command line's dispatcher."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import simcore

PACKAGE = Path(simcore.__file__).parent
CORE = ("errors", "rng", "runner", "results", "charts", "stats", "parallel", "layout", "metrics", "rulesbase",
        "atomics", "nbarrays", "nbcache", "scoring", "cliargs", "textio", "outputs", "progress", "compiling",
        "htmlview", "lazy", "checks")


def _imports(path: Path) -> set[str]:
    """Every simcore module a file imports (absolute names), at any depth of the file."""
    out = set()
    pkg = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[:len(pkg.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if mod.startswith("simcore"):
                out.add(mod)
                out |= {f"{mod}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("simcore")}
    return out


def _files(*parts):
    return sorted((PACKAGE.joinpath(*parts)).rglob("*.py"))


@pytest.mark.parametrize("layer", ["league", "analysis"])
def test_league_and_analysis_name_no_game(layer):
    shipped = [g for g in simcore.available_games() if (PACKAGE / "games" / g).is_dir()]
    for f in _files(layer):
        bad = {m for m in _imports(f) if any(m.startswith(f"simcore.games.{g}") for g in shipped)}
        assert not bad, f"{f.relative_to(PACKAGE)} imports {sorted(bad)}"


def test_games_do_not_import_the_command_line_or_each_other():
    for gdir in sorted(p for p in (PACKAGE / "games").iterdir() if p.is_dir() and p.name != "__pycache__"):
        for f in gdir.rglob("*.py"):
            mods = _imports(f)
            assert not any(m.startswith("simcore.cli") and not m.startswith("simcore.cliargs") for m in mods), f
            own = f"simcore.games.{gdir.name}"
            others = {m for m in mods if m.startswith("simcore.games.") and not m.startswith(own)
                      and not m.startswith("simcore.games.base")}
            assert not others, f"{f.relative_to(PACKAGE)} imports {sorted(others)}"


def test_the_core_imports_no_layer_above_it():
    for name in CORE:
        mods = _imports(PACKAGE / f"{name}.py")
        above = {m for m in mods if m.count(".") and m.split(".")[1] in ("games", "analysis", "league", "cli", "sharing")}
        assert not above, f"{name}.py imports {sorted(above)}"
