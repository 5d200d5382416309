"""A kit to start from, and a kit checked whole: ``simcore strat kit new DIR`` and ``simcore strat kit validate
DIR``.

The template (``data/kit_template/``) is a complete, valid kit: the shipped sample kit's decks and charts and two
of its fictional teams (``EXA``, the example a user edits from, and ``EXB``, so the kit plays a game as written;
``python -m simcore.games.strat.kittemplate`` copies their cards and lines again from the sample kit's KBY and NRV,
and the Advanced game's decks and charts from the sample kit's files of the same names),
every CSV file with ``#`` comment lines after its header saying what each column holds, ``kit.toml`` with a
comment on every key and a ``README.md`` telling how to add a team.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from simcore.charts import read_table
from simcore.outputs import make_folder, replacing

from .kit import KIT_ADVANCED, KIT_FILES, KIT_INTIMIDATION, SHOT_CHART_KEYS, Kit, load_kit, sample_kit

TEMPLATE_DIR = Path(__file__).resolve().parent / "data" / "kit_template"


#: The template's teams and the sample kit's teams whose cards and lines they carry.
TEMPLATE_TEAMS = {"EXA": "KBY", "EXB": "NRV"}
TEAM_FILES = ("skaters", "goalies", "lines")
#: The Advanced game's files the template carries, under the sample kit's paths (the sample kit's kit.toml keys
#: advanced_action_deck, split_advanced, advanced_faceoff_chart, super_advanced_faceoff_chart, passing_l_chart,
#: deflection_chart, intimidation_chart); the sample kit's generator rewrites them, so they are copied as the teams.
ADVANCED_FILES = ("advanced_action_deck.csv", "split_advanced.csv", "charts/advanced_faceoff.csv",
                  "charts/super_advanced_faceoff.csv", "charts/passing_l.csv", "charts/deflection.csv",
                  "charts/intimidation.csv")


def _with_comments(sample: Path, template: Path) -> str:
    """The sample kit's file (header and rows, byte for byte) with the template file's ``#`` comment lines after
    the header."""
    header, *rows = sample.read_text(encoding="utf-8").splitlines(True)
    comments = [line for line in template.read_text(encoding="utf-8").splitlines(True)[1:] if line.startswith("#")]
    return "".join([header, *comments, *rows])


def template_team_files(kit_dir=None, template_dir=TEMPLATE_DIR) -> dict[str, str]:
    """The template's files copied from the sample kit, as they should read: the sample kit's files of the teams
    in :data:`TEMPLATE_TEAMS` and its :data:`ADVANCED_FILES`, each with the template file's own ``#`` comment
    lines after the header.  ``python -m simcore.games.strat.kittemplate`` rewrites them after the sample kit is
    rebuilt (``--check`` exits 1 when they differ)."""
    from .kit import SAMPLE_KIT_DIR

    kit_dir = Path(kit_dir or SAMPLE_KIT_DIR)
    out = {}
    for mine, theirs in TEMPLATE_TEAMS.items():
        for part in TEAM_FILES:
            rel = f"teams/{mine}_{part}.csv"
            out[rel] = _with_comments(kit_dir / "teams" / f"{theirs}_{part}.csv", template_dir / rel)
    for rel in ADVANCED_FILES:
        out[rel] = _with_comments(kit_dir / rel, template_dir / rel)
    return out


def template_files() -> list[Path]:
    """The template's files, relative to its folder, in a stable order."""
    return sorted(p.relative_to(TEMPLATE_DIR) for p in TEMPLATE_DIR.rglob("*") if p.is_file())


def write_template(out, force: bool = False) -> list[Path]:
    """Write the template kit into the folder ``out``; refuses a folder that holds anything unless ``force``
    (then the template's files replace files of the same name, and nothing else is touched).  Each file is
    written under a temporary name and renamed, so an interrupted write leaves no half-written file, and a
    command interrupted before the last one takes back the files and folders it had made.  Returns the paths
    written."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise FileExistsError(f"{out} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise FileExistsError(f"{out} is not empty; choose a new folder or pass --force to write the template "
                              "over files of the same names")
    for rel in template_files():            # nothing is written when one of them cannot be
        dest = out / rel
        if dest.is_dir():
            raise FileExistsError(f"{dest} is a folder; the template writes a file there")
        for folder in list(dest.relative_to(out).parents)[:-1]:
            if (out / folder).exists() and not (out / folder).is_dir():
                raise FileExistsError(f"{out / folder} is a file; the template needs a folder there")
    written = []
    for rel in template_files():
        dest = out / rel
        make_folder(dest.parent)
        with replacing(dest, overwrite=force) as tmp:
            tmp.write_bytes((TEMPLATE_DIR / rel).read_bytes())
        written.append(dest)
    return written


@dataclass
class KitCheck:
    """What :func:`check_kit` read: the kit and every file it checked."""

    kit: Kit
    files: list[Path]


def kit_files(folder: Path) -> list[Path]:
    """Every file a (loaded, so valid) kit folder consists of: kit.toml, its decks, charts and teams file, the
    optional Advanced files it names, and each team's skaters, goalies and lines files."""
    toml = folder / "kit.toml"
    doc = tomllib.loads(toml.read_text(encoding="utf-8-sig"))
    files = [toml] + [folder / doc[k].strip() for k in KIT_FILES]
    files += [folder / doc[k].strip() for k in (*KIT_ADVANCED, *SHOT_CHART_KEYS, *KIT_INTIMIDATION)
              if k in doc]                                                      # optional (kit.py, shotcharts.py)
    teams = folder / doc["teams"].strip()
    t = read_table(teams, "team", ["name", "skaters", "goalies", "lines"])
    for cells in t.rows.values():
        files += [teams.parent / cells[c].text for c in ("skaters", "goalies", "lines")]
    return files


def check_kit(spec, rules=None) -> KitCheck:
    """Load a kit folder (or its kit.toml; ``sample`` for the shipped kit) and every file it names, and compile
    every team's line-up for ``rules`` (a line-up the rules cannot dress, e.g. three lines under ``lines=4``, is
    an error); play nothing."""
    from .compile import compile_kit

    kit = sample_kit() if spec in (None, "sample") else load_kit(spec)
    compile_kit(kit, rules)
    return KitCheck(kit, kit_files(Path(kit.path)))


def main(argv=None) -> int:
    import argparse
    import sys

    p = argparse.ArgumentParser(prog="python -m simcore.games.strat.kittemplate",
                                description="Copy the template kit's teams and Advanced files again from the sample "
                                            "kit (data/kit_template/), writing only the files that differ.")
    p.add_argument("--check", action="store_true", help="write nothing; list the files that differ and exit 1 if any")
    check = p.parse_args(argv).check
    differ = []
    for rel, text in template_team_files().items():
        path = TEMPLATE_DIR / rel
        if path.read_text(encoding="utf-8") != text:
            differ.append(rel)
            if not check:
                path.write_text(text, encoding="utf-8")
    for rel in differ:
        print(("differs: " if check else "wrote ") + rel, file=sys.stderr if check else sys.stdout)
    return 1 if check and differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
