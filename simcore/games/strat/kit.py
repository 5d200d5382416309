"""A whole Strat-O-Matic Hockey kit: decks, charts, teams and their line-ups (docs/strat-data.md, "A kit").

``load_kit(path)`` reads a kit folder (or its ``kit.toml``) into a :class:`Kit`.  Every file is validated when
it is read, and every team's line-up is checked for legality (see :func:`load_lines`), so a kit that cannot be
played fails before any simulation, with the file, line, field and text.  ``sample_kit()`` is the shipped
synthetic kit (fictional players, built by ``simcore.games.strat.kitgen``).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from simcore.charts import ChartError, read_table
from simcore.textio import as_path, read_toml

from .advdeck import AdvancedCard, load_advanced_action_deck, load_advanced_faceoff_chart, load_super_faceoff_chart
from .cards import Goalie, Skater, load_goalies, load_skaters
from .decks import (ActionCard, PowerPlayRow, SplitCard, load_action_deck, load_faceoff_chart, load_penalty_chart,
                    load_penetration_chart, load_power_play_chart, load_retaliation_chart, load_split_deck)
from .readings import POSITIONS, C, Reading
from .shotcharts import KEYS as SHOT_CHART_KEYS, ShotCharts, load_shot_charts

SAMPLE_KIT_DIR = Path(__file__).resolve().parent / "data" / "kit"

#: kit.toml keys naming a file, in the order they are loaded.
KIT_FILES = ("action_deck", "split_deck", "faceoff_chart", "penetration_chart", "power_play_chart",
             "retaliation_chart", "penalty_chart", "teams")
#: Optional kit.toml keys of the Advanced game's files (a Basic kit without them still loads; level=advanced
#: without the deck is an error naming kit.toml and the key).
KIT_ADVANCED = ("advanced_action_deck", "advanced_faceoff_chart", "super_advanced_faceoff_chart")
#: Optional: the Intimidation Chart (16.1, the ``intimidation`` rule; same layout as the penalty chart).
KIT_INTIMIDATION = ("intimidation_chart",)

LINE_COLUMNS = ["LW", "C", "RW", "LD", "RD", "G"]
#: unit -> the columns it fills (every other column holds "-").
UNIT_SLOTS = {
    **{f"F{i}": ("LW", "C", "RW") for i in range(1, 5)},
    **{f"D{i}": ("LD", "RD") for i in range(1, 4)},
    "PP1": ("LW", "C", "RW", "LD", "RD"), "PP2": ("LW", "C", "RW", "LD", "RD"),
    "PK1": ("LW", "RW", "LD", "RD"), "PK2": ("LW", "RW", "LD", "RD"),
    "G1": ("G",), "G2": ("G",),
}
REQUIRED_UNITS = ("F1", "F2", "F3", "D1", "D2", "PP1", "PP2", "PK1", "PK2", "G1", "G2")
UNUSED = ("", "-")


@dataclass(frozen=True)
class Lines:
    """A team's line-up: even-strength lines and pairs, special teams and goalies, as skater/goalie names."""

    forwards: tuple[tuple[str, str, str], ...]                 # F1..F3 or F1..F4: (LW, C, RW)
    defense: tuple[tuple[str, str], ...]                       # D1..D2 or D1..D3: (LD, RD)
    power_play: tuple[tuple[str, str, str, str, str], ...]     # PP1, PP2: (LW, C, RW, LD, RD)
    penalty_kill: tuple[tuple[str, str, str, str], ...]        # PK1, PK2: (LW, RW, LD, RD); no center (7.2)
    goalies: tuple[str, str]                                   # (starter, backup)

    @property
    def has_four_lines(self) -> bool:
        """A fourth forward line is set, as the four-line option needs (Getting Started, Note)."""
        return len(self.forwards) == 4

    @property
    def has_three_pairs(self) -> bool:
        """A third defense pair is set (the four-line option's "Three defensive pairs")."""
        return len(self.defense) == 3


@dataclass(frozen=True)
class Team:
    abbr: str
    name: str
    skaters: dict[str, Skater]
    goalies: dict[str, Goalie]
    lines: Lines
    lines_file: str = ""                            # the line-up file read (for errors that name it)
    skaters_file: str = ""                          # the skater cards' file read (for errors that name it)


@dataclass(frozen=True)
class Kit:
    name: str
    synthetic: bool
    path: str                                       # the kit folder
    action_deck: tuple[ActionCard, ...]
    split_deck: tuple[SplitCard, ...]
    faceoff_chart: tuple[Reading, ...]              # by split 1..20
    penetration_chart: dict[int, tuple[int, int]]   # Penetration rating -> succeeding split range
    power_play_chart: tuple[PowerPlayRow, ...]      # by split 1..20
    retaliation_chart: tuple[int, ...]              # by die 1..6: position, or -1
    penalty_chart: tuple[tuple[int, int], ...]      # by penalty rating AA, A, B, C, D: split range, (0, 0) none
    teams: dict[str, Team]
    # optional files (shotcharts.py): the split deck's Advanced sections, the Passing L and Deflection charts
    shot_charts: ShotCharts | None = None
    # the Advanced game (optional kit.toml keys KIT_ADVANCED; None when the kit has no such file)
    advanced_action_deck: tuple[AdvancedCard, ...] | None = None
    advanced_faceoff_chart: tuple | None = None     # by split 1..20: (Even, +1, +2) readings (8.1)
    super_advanced_faceoff_chart: tuple | None = None   # by split 1..20: Even, +1 .. +4 or more (8.2)
    intimidation_chart: tuple | None = None         # by Penalty rating AA..D: penalized split range (16.1)
    toml_path: str = ""                             # the kit.toml read (for errors naming its keys)

    def __repr__(self) -> str:          # the cards and charts run to hundreds of thousands of characters
        advanced = ", Advanced" if self.advanced_action_deck is not None else ""
        return (f"Kit({self.name!r}, {len(self.teams)} teams: {', '.join(self.teams)}; {len(self.action_deck)} "
                f"action cards{advanced}; {self.path})")


# ---------------------------------------------------------------- line-ups

def load_lines(path, skaters: dict[str, Skater], goalies: dict[str, Goalie]) -> Lines:
    """Read a lines file and check that it dresses a legal line-up from the given roster.

    Layout (docs/strat-data.md, "Lines"): header ``unit, LW, C, RW, LD, RD, G[, source]``; one row per unit
    ``F1``..``F4``, ``D1``..``D3``, ``PP1``, ``PP2``, ``PK1``, ``PK2``, ``G1`` (starter), ``G2`` (backup);
    a unit fills only its own columns, every other cell is ``-``.
    """
    t = read_table(path, "unit", LINE_COLUMNS, blank=LINE_COLUMNS)   # a slot the unit does not use may be empty
    units: dict[str, dict[str, str]] = {}

    def err(unit, col, problem):
        return t.error(unit, col, problem)

    for unit, cells in t.rows.items():
        if unit not in UNIT_SLOTS:
            raise ChartError(t.path, t.row_lines[unit], "unit", unit,
                             f"unknown unit; expected one of {', '.join(UNIT_SLOTS)}")
        slots = UNIT_SLOTS[unit]
        seen: dict[str, str] = {}
        for col in LINE_COLUMNS:
            text = cells[col].text
            if col not in slots:
                if text not in UNUSED:
                    why = " (7.2: the penalty-killing unit has no center)" if unit.startswith("PK") and col == "C" \
                        else ""
                    raise err(unit, col, f"unit {unit} does not use column {col}; write '-'{why}")
                continue
            if text in UNUSED:
                raise err(unit, col, f"unit {unit} needs a player at {col}")
            if col == "G":
                if text in skaters and text not in goalies:
                    raise err(unit, col, f"{text!r} is a skater, not a goalie")
                if text not in goalies:
                    raise err(unit, col, f"no goalie named {text!r} on the roster")
            else:
                if text in goalies and text not in skaters:
                    raise err(unit, col, f"{text!r} is a goalie; a skater unit takes skaters only")
                if text not in skaters:
                    raise err(unit, col, f"no skater named {text!r} on the roster")
            if text in seen:
                raise err(unit, col, f"{text!r} is already in unit {unit} at {seen[text]}")
            seen[text] = col
        units[unit] = {col: cells[col].text for col in slots}

    for unit in REQUIRED_UNITS:
        if unit not in units:
            raise ChartError(t.path, None, "unit", unit, f"missing unit {unit} (required: "
                             f"{', '.join(REQUIRED_UNITS)}; F4 and D3 are optional)")
    # even strength: a skater skates in one forward line or one defense pair, not two
    even: dict[str, str] = {}
    for unit in (*(f"F{i}" for i in range(1, 5)), *(f"D{i}" for i in range(1, 4))):
        for col, name in units.get(unit, {}).items():
            if (prev := even.get(name)) is not None:
                raise err(unit, col, f"{name!r} is already in {prev} (line {t.row_lines[prev]}); a skater plays in "
                          "one forward line or defense pair only")
            even[name] = unit
    # power play (7.1, 19.2): no forward in both units; the same defensemen may play in both (7.1, Basic game)
    pp1 = units["PP1"]
    for col, name in units["PP2"].items():
        for col1, name1 in pp1.items():
            if name1 == name and not (col in ("LD", "RD") and col1 in ("LD", "RD")):
                raise err("PP2", col, f"{name!r} is already in PP1 at {col1}; only defensemen may play in both "
                          "power-play units (7.1, 19.2)")
    # penalty kill (19.3, 7.2): no player in both units; wings at their wing or a center; defensemen at their side
    pk1_names = set(units["PK1"].values())
    for unit in ("PK1", "PK2"):
        for col, name in units[unit].items():
            if unit == "PK2" and name in pk1_names:
                raise err(unit, col, f"{name!r} is already in PK1; no player can be in both penalty-killing units "
                          "(19.3)")
            rated = skaters[name].positions
            if col in ("LW", "RW") and POSITIONS.index(col) not in rated and C not in rated:
                raise err(unit, col, f"{name!r} is not rated at {col} or C; on the penalty kill the wings must play "
                          "their designated positions, a center may play either wing (7.2)")
            if col in ("LD", "RD") and POSITIONS.index(col) not in rated:
                raise err(unit, col, f"{name!r} is not rated at {col}; penalty-killing defensemen must be rated to "
                          "play the proper position (19.3)")
    if units["G1"]["G"] == units["G2"]["G"]:
        raise err("G2", "G", "the backup goalie must differ from the starter")

    def tup(unit, cols):
        return tuple(units[unit][c] for c in cols)

    return Lines(
        forwards=tuple(tup(f"F{i}", ("LW", "C", "RW")) for i in range(1, 5) if f"F{i}" in units),
        defense=tuple(tup(f"D{i}", ("LD", "RD")) for i in range(1, 4) if f"D{i}" in units),
        power_play=tuple(tup(u, ("LW", "C", "RW", "LD", "RD")) for u in ("PP1", "PP2")),
        penalty_kill=tuple(tup(u, ("LW", "RW", "LD", "RD")) for u in ("PK1", "PK2")),
        goalies=(units["G1"]["G"], units["G2"]["G"]),
    )


# ---------------------------------------------------------------- teams and kit

def _referenced(referrer: str, line, field: str, folder: Path, rel: str, kind: str = "column") -> Path:
    """The file ``rel`` (relative to ``folder``) that ``referrer`` names in its ``field`` (a CSV column, or a
    TOML key when ``kind="key"``); a ChartError there when it is missing."""
    rel = rel.strip()
    if not rel:
        raise ChartError(referrer, line, field, rel, "no file named", field=kind)
    p = folder / rel
    if not p.is_file():
        raise ChartError(referrer, line, field, rel, f"file not found: {p}", field=kind)
    return p


def load_teams(path) -> dict[str, Team]:
    """``teams.csv``: ``team, name, skaters, goalies, lines[, source]``; file paths relative to its folder."""
    path = Path(path)
    t = read_table(path, "team", ["name", "skaters", "goalies", "lines"])
    folder = path.parent
    teams = {}
    for abbr, cells in t.rows.items():
        same = [k for k in teams if k.upper() == abbr.upper()]
        if same:
            raise ChartError(t.path, cells["name"].line, "team", abbr, f"team {abbr!r} is {same[0]!r} written "
                             "another way; a team is named without regard to case, so each must differ in letters")
        files = {col: _referenced(t.path, cells[col].line, col, folder, cells[col].text)
                 for col in ("skaters", "goalies", "lines")}
        skaters = load_skaters(files["skaters"])
        goalies = load_goalies(files["goalies"])
        both = [n for n in skaters if n in goalies]
        if both:
            raise ChartError(str(files["goalies"]), None, "name", both[0],
                             f"{both[0]!r} is also on the skater roster {files['skaters']}; names must be unique")
        lines = load_lines(files["lines"], skaters, goalies)
        name = cells["name"].text or abbr
        teams[abbr] = Team(abbr, name, skaters, goalies, lines, str(files["lines"]), str(files["skaters"]))
    if not teams:
        raise ChartError(t.path, None, None, None, "no teams")
    return teams


#: The keys a kit.toml may have: its name, whether it is synthetic, and the files it names.
KIT_KEYS = ("name", "synthetic", *KIT_FILES, *KIT_ADVANCED,
            *KIT_INTIMIDATION,     # optional: the Intimidation Chart (16.1)
            *SHOT_CHART_KEYS)      # optional: the split deck's Advanced sections, Passing L and Deflection charts


def load_kit(path) -> Kit:
    """A kit folder (holding ``kit.toml``) or the ``kit.toml`` itself."""
    path = as_path(path, "a kit")
    if not path.exists():
        raise ChartError(str(path), None, None, None, "no such kit folder (a folder holding kit.toml; `simcore "
                         "strat kit new DIR` writes one to edit)")
    toml_path = path / "kit.toml" if path.is_dir() else path
    if path.is_file() and path.suffix.lower() != ".toml":
        raise ChartError(str(path), None, None, None, "not a kit: a kit is a folder holding kit.toml (or the "
                         "kit.toml itself); `simcore strat kit new DIR` writes one to edit")
    t = read_toml(toml_path)
    shown, doc = t.path, t.doc
    folder = toml_path.parent
    t.unknown_keys(doc, KIT_KEYS)
    for key in ("name", *KIT_FILES):
        t.str(doc, key, required=True)
    synthetic = t.bool(doc, "synthetic", default=False)
    files = {key: _referenced(shown, t.line(key), key, folder, doc[key], kind="key") for key in KIT_FILES}
    for key in SHOT_CHART_KEYS:
        t.str(doc, key)
    shot_files = {key: _referenced(shown, t.line(key), key, folder, doc[key], kind="key")
                  for key in SHOT_CHART_KEYS if key in doc}
    split_deck = load_split_deck(files["split_deck"])
    for key in KIT_ADVANCED + KIT_INTIMIDATION:
        if key in doc:
            t.str(doc, key, required=True)
            files[key] = _referenced(shown, t.line(key), key, folder, doc[key], kind="key")
    return Kit(
        name=doc["name"], synthetic=synthetic, path=str(folder),
        action_deck=load_action_deck(files["action_deck"]),
        split_deck=split_deck,
        faceoff_chart=load_faceoff_chart(files["faceoff_chart"]),
        penetration_chart=load_penetration_chart(files["penetration_chart"]),
        power_play_chart=load_power_play_chart(files["power_play_chart"]),
        retaliation_chart=load_retaliation_chart(files["retaliation_chart"]),
        penalty_chart=load_penalty_chart(files["penalty_chart"]),
        teams=load_teams(files["teams"]),
        shot_charts=load_shot_charts(str(shown), shot_files, [c.card for c in split_deck]),
        advanced_action_deck=(load_advanced_action_deck(files["advanced_action_deck"])
                              if "advanced_action_deck" in files else None),
        advanced_faceoff_chart=(load_advanced_faceoff_chart(files["advanced_faceoff_chart"])
                                if "advanced_faceoff_chart" in files else None),
        super_advanced_faceoff_chart=(load_super_faceoff_chart(files["super_advanced_faceoff_chart"])
                                      if "super_advanced_faceoff_chart" in files else None),
        intimidation_chart=(load_penalty_chart(files["intimidation_chart"])
                            if "intimidation_chart" in files else None),
        toml_path=str(shown),
    )


@functools.lru_cache(maxsize=1)
def sample_kit() -> Kit:
    """The shipped synthetic kit (``SAMPLE_KIT_DIR``), loaded once."""
    return load_kit(SAMPLE_KIT_DIR)
