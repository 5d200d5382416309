"""Skater and goalie cards: loading and validation (docs/strat-data.md).

``load_skaters(path)`` and ``load_goalies(path)`` read a team's card files into typed cards; every error
names the file, line, field and text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from simcore.charts import ChartError, Table, read_table
from simcore.textio import FieldError, Range

from .kernel.layout import MAX_ROSTER
from .readings import (DEF_PENALTY, PENALTY_RATINGS, POSITIONS, SPLIT_RANGE, TAKES_PUCK_SHOOTS, Reading,
                       ReadingError, parse_defense, parse_goalie, parse_passing, parse_shot)

DICE = tuple(range(2, 13))
SHOT_COLUMNS = {"O": "outside", "I": "inside", "R": "rebound"}
BASIC_DEFENSE = (12, 13, 14)
BASIC_PASSING = ("J", "K", "L")
SKATER_COLUMNS = ["pos", "off", "def", "bkwy", "pen", "intim", "ast", "skate", "fo", "tend",
                  *(f"{c}{d}" for c in SHOT_COLUMNS for d in DICE),
                  *(f"D{n}" for n in BASIC_DEFENSE), *(f"P{x}" for x in BASIC_PASSING)]
#: Advanced-game columns a card file may add: Defense 1-11 (the Advanced deck reads Opponent Defense 2-14; 7-11
#: carry the penalty readings of 16.2), more Passing letters (it reads Passing G-L), and ``mc``, the misconduct
#: entry an AA-rated player's Defense column carries for Super Advanced, "(MC: 10 11)" (17.4), or ``-``.
SKATER_OPTIONAL = (*(f"D{n}" for n in range(1, 12)), *(f"P{x}" for x in "ABCDEFGHI"), "mc")
GOALIE_COLUMNS = ["fatigue", "starts", *(f"G{d}" for d in DICE)]
#: The ranges of the integer fields of a card (a rating or count outside them is an error naming the cell).
OFFENSE = Range(0, 9, "an Offense rating")
BREAKAWAY = Range(0, 9, "a Breakaway rating")
DEFENSE = Range(0, 9, "a Defense rating")
ASSIST = Range(0, 9, "an Assist rating")
FATIGUE = Range(1, 99, "a fatigue rating (consecutive games)")
#: A split range on a card or chart ("1-11"): the split deck's numbers.
SPLIT = SPLIT_RANGE


@dataclass(frozen=True)
class Skater:
    """One skater card. Ratings as printed; ranges are inclusive (lo, hi) pairs of split numbers."""

    name: str
    positions: tuple[int, ...]          # first position, then the optional second (4.42)
    offense: int
    defense: int
    sh_defense: int                     # the parenthesized short-handed rating (7.21); = defense when none
    breakaway: int                      # Breakaway / Penetration
    penalty: int                        # index into PENALTY_RATINGS (AA = 0)
    intimidation: tuple[int, int] | None
    assist: int
    assist_star: bool                   # '*': one less on the power play for a defenseman (14)
    skating: tuple[int, int]
    skating_breakaway: tuple[int, int] | None
    faceoff: int
    tendency: int
    outside: tuple[Reading, ...]        # by 2d6 = 2..12
    inside: tuple[Reading, ...]
    rebound: tuple[Reading, ...]
    defense_column: dict[int, Reading]  # by Opponent Defense number
    passing: dict[str, Reading]         # by Passing letter
    misconduct: frozenset[int] = frozenset()   # Defense numbers (7-11) adding a 10-minute misconduct (17.4)

    @property
    def position(self) -> int:
        return self.positions[0]

    @property
    def is_defenseman(self) -> bool:
        return POSITIONS[self.positions[0]] in ("LD", "RD")


@dataclass(frozen=True)
class Goalie:
    name: str
    fatigue: int                         # consecutive games before fatigue (24.4)
    starts: float                        # suggested share of starts (24.1)
    card: tuple[tuple[Reading, Reading], ...]  # by 2d6 = 2..12: (against outside shots, against the others)


def _field(t: Table, key: str, col: str, fn, what: str = "a valid value"):
    cell = t.cell(key, col)
    try:
        return fn(cell.text)
    except (ReadingError, ValueError) as exc:
        msg = str(exc) if isinstance(exc, (ReadingError, FieldError)) else f"expected {what}"
        raise ChartError(t.path, cell.line, col, cell.text, msg) from None


def _int_in(rng: Range):
    return rng.parse


def _range(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*([0-9]{1,3})\s*(?:-\s*([0-9]{1,3}))?\s*", text)
    if not m:
        raise ReadingError("expected a range such as 1-11")
    lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
    if not SPLIT[0] <= lo <= hi <= SPLIT[1]:
        raise ReadingError(f"a range lies within {SPLIT[0]}-{SPLIT[1]}, low to high")
    return lo, hi


def _positions(text: str) -> tuple[int, ...]:
    parts = [p.strip().upper() for p in text.split("/")]
    if not 1 <= len(parts) <= 2 or any(p not in POSITIONS for p in parts) or len(set(parts)) != len(parts):
        raise ReadingError(f"expected one or two positions such as RW or C/RW ({', '.join(POSITIONS)})")
    return tuple(POSITIONS.index(p) for p in parts)


def _defense(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*([0-9])\s*(?:\(\s*([0-9])\s*\))?\s*", text)
    if not m:
        raise ReadingError("expected a Defense rating such as 3 or 3 (4)")
    d = DEFENSE.parse(m.group(1))
    return d, DEFENSE.parse(m.group(2)) if m.group(2) else d


def _penalty(text: str) -> int:
    t = text.strip().upper()
    if t not in PENALTY_RATINGS:
        raise ReadingError(f"expected a penalty rating ({', '.join(PENALTY_RATINGS)})")
    return PENALTY_RATINGS.index(t)


def _intim(text: str):
    return None if text.strip() == "-" else _range(text)


def _assist(text: str) -> tuple[int, bool]:
    m = re.fullmatch(r"\s*([0-9]+)\s*(\*?)\s*", text)
    if not m:
        raise ReadingError("expected an assist rating such as 3 or 3*")
    return ASSIST.parse(m.group(1)), bool(m.group(2))


def _skate(text: str):
    m = re.fullmatch(r"\s*([0-9\s-]+?)\s*(?:\(([0-9\s-]+)\))?\s*", text)
    if not m:
        raise ReadingError("expected a skating range such as 1-14 or 1-14 (1)")
    return _range(m.group(1)), (_range(m.group(2)) if m.group(2) else None)


def _faceoff(text: str) -> int:
    t = text.strip()
    if t not in ("+2", "+1", "0", "2", "1"):
        raise ReadingError("expected a faceoff rating +2, +1 or 0")
    return int(t)


def _tendency(text: str) -> int:
    t = text.strip()
    if not t or set(t) != {"*"} or len(t) > 5:
        raise ReadingError("expected one to five stars, e.g. ***")
    return len(t)


def load_skaters(path) -> dict[str, Skater]:
    """A team's skater cards, by name."""
    t = read_table(path, "name", SKATER_COLUMNS, optional=SKATER_OPTIONAL)
    out = {}
    for name in t.rows:
        f = lambda col, fn, what="a valid value": _field(t, name, col, fn, what)  # noqa: E731
        d, shd = f("def", _defense)
        ast, star = f("ast", _assist)
        skate, skate_b = f("skate", _skate)
        defense_cols = sorted(int(c[1:]) for c in t.columns if c.startswith("D") and c[1:].isdigit())
        passing_cols = sorted(c[1:] for c in t.columns if c.startswith("P") and len(c) == 2)
        out[name] = Skater(
            name=name, positions=f("pos", _positions), offense=f("off", _int_in(OFFENSE)),
            defense=d, sh_defense=shd, breakaway=f("bkwy", _int_in(BREAKAWAY)),
            penalty=f("pen", _penalty), intimidation=f("intim", _intim), assist=ast, assist_star=star,
            skating=skate, skating_breakaway=skate_b, faceoff=f("fo", _faceoff), tendency=f("tend", _tendency),
            outside=tuple(f(f"O{k}", parse_shot) for k in DICE),
            inside=tuple(f(f"I{k}", parse_shot) for k in DICE),
            rebound=tuple(f(f"R{k}", parse_shot) for k in DICE),
            defense_column={n: f(f"D{n}", _defense_reading(n)) for n in defense_cols},
            passing={x: f(f"P{x}", parse_passing) for x in passing_cols},
            misconduct=f("mc", _misconduct) if "mc" in t.columns else frozenset(),
        )
    if not out:
        raise ChartError(t.path, None, None, None, "no skater cards")
    if len(out) > MAX_ROSTER:
        extra = list(out)[MAX_ROSTER]
        raise ChartError(t.path, t.row_lines[extra], "name", extra, f"{len(out)} skater cards; a team has at most "
                         f"{MAX_ROSTER} (the roster slots of the game)")
    return out


#: Opponent Defense numbers whose Defense-column cell may be a penalty reading (16.2); every other number reads
#: Takes puck or Outside shot (4.1).
PENALTY_DEFENSE = range(7, 12)


def _defense_reading(n: int):
    def parse(text: str) -> Reading:
        r = parse_defense(text)
        if (r.kind in (DEF_PENALTY, TAKES_PUCK_SHOOTS)) != (n in PENALTY_DEFENSE):
            allowed = ("Penalty or Takes puck, outside shot (16.2)" if n in PENALTY_DEFENSE
                       else "Takes puck or Outside shot (4.1)")
            raise ReadingError(f"Defense {n} reads {allowed}")
        return r
    return parse


def _misconduct(text: str) -> frozenset[int]:
    """The misconduct entry of 17.4 as printed, ``(MC: 10 11)``, or ``-`` for none."""
    t = " ".join(text.split())
    if t == "-":
        return frozenset()
    m = re.fullmatch(r"\(?\s*MC:\s*([0-9 ,]+?)\s*\)?", t, flags=re.IGNORECASE)
    nums = [int(x) for x in re.split(r"[ ,]+", m.group(1)) if x] if m else []
    if not nums or any(n not in PENALTY_DEFENSE for n in nums) or len(set(nums)) != len(nums):
        raise ReadingError("expected a misconduct entry such as (MC: 10 11): Defense numbers 7-11, each once "
                           "(17.4), or - for none")
    return frozenset(nums)


def _starts(text: str) -> float:
    """Suggested starts as printed, a percentage with its sign: ``60%`` or ``32.5%`` (a bare ``32.5`` could be a
    percentage or a share, so it is refused)."""
    m = re.fullmatch(r"\s*([0-9]{1,3}(?:\.[0-9]{1,3})?)\s*%\s*", text)
    if not m:
        raise ReadingError("expected suggested starts as a percentage with its % sign, such as 60% or 32.5%")
    v = float(m.group(1))
    if not 0 <= v <= 100:
        raise ReadingError("suggested starts run 0-100%")
    return v / 100.0


def load_goalies(path) -> dict[str, Goalie]:
    """A team's goalie cards, by name."""
    t = read_table(path, "name", GOALIE_COLUMNS)
    out = {}
    for name in t.rows:
        f = lambda col, fn, what="a valid value": _field(t, name, col, fn, what)  # noqa: E731
        out[name] = Goalie(name=name, fatigue=f("fatigue", _int_in(FATIGUE)),
                           starts=f("starts", _starts, "a percentage such as 60%"),
                           card=tuple(f(f"G{k}", parse_goalie) for k in DICE))
    if not out:
        raise ChartError(t.path, None, None, None, "no goalie cards")
    return out
