"""The shot path's Advanced data: the split deck's Advanced sections and the Passing L and Deflection charts.

None of these is printed in the rulebook; a kit carries them as three optional files named in ``kit.toml``
(docs/strat-data.md, "The split deck's Advanced sections"):

* ``split_advanced`` -- one row per split card (the names of ``split_deck``): ``passing`` (11.1-11.4),
  ``loose_puck_pp`` and ``loose_puck_even`` (22.1, 22.11-22.12), ``icing`` (21.11-21.14) and ``intimidation``
  (12.2, 16.1, 22.3);
* ``passing_l_chart`` -- the Passing L chart (11.5): by the passer's Assist rating 0-9, the split range on which
  a Passing L inside shot is completed;
* ``deflection_chart`` -- the Deflection chart (25.1): by one die 1-6, the position that tries the deflection,
  or ``none``.

A Basic kit without them loads; a rule in force that reads one (``passing``, ``passing_l``, ``deflections``)
refuses to compile a kit that lacks it, naming ``kit.toml`` and the key (:func:`shot_tables`).

Reading kinds 60-69 are this module's block (docs/strat.md; ``readings.py`` keeps the Basic ones).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from simcore.charts import ChartError, read_table

from .cards import _field, _range
from .readings import NONE, POSITIONS, Reading, ReadingError, position

# ---------------------------------------------------------------- reading kinds (60-69)
PASS_LOSE = 60          # 11.1 "Lose puck, defensive player has control": a = defending position, or NONE (the
#                         passer's matched opponent)
PASS_TO = 61            # 11.2 "Inside shot for LW, C or RW": a = the receiver (LW, C, RW)
PASS_LETTER = 62        # 11.3 "Passing J, K or L": a = letter index (J = 9, K = 10, L = 11)
LOOSE_PP_SHOT = 63      # 22.11 the power-play team gains control: a = its position, with an outside shot
LOOSE_SH = 64           # 22.11 the short-handed team gains control: a = its position
LOOSE_EVEN = 65         # 22.12 a = 0 home, 1 visitor; b = position; c = the alternative (NONE: none printed)
ICE_INTERCEPTED = 66    # 21.11 not iced: a = power-play position with an inside shot
ICE_SH_CONTROL = 67     # 21.12 iced: a = short-handed position in control
ICE_OUTSIDE_ONLY = 68   # 21.13 iced: a = power-play position with an outside shot only
ICE_DEFENSE = 69        # 21.14 iced: a = short-handed defender, b = Defense number, c = power-play shooter

#: 11.4's three readings, in the order the compiled table holds them: against a short-handed team, at even
#: strength, against a power-play team.  Outside the Super Advanced power play the game reads E.
MANPOWER = ("SH", "E", "PP")
E = 1
#: kit.toml keys of this module's files, in the order they load.
KEYS = ("split_advanced", "passing_l_chart", "deflection_chart")
#: The rule field that reads each file (the error when it is missing names both).
NEEDED_BY = {"split_advanced": "passing", "passing_l_chart": "passing_l", "deflection_chart": "deflections"}
WHAT = {"split_advanced": "the split deck's Advanced sections (Passing, 11.1-11.4)",
        "passing_l_chart": "the Passing L chart (11.5)", "deflection_chart": "the Deflection chart (25.1)"}
SPLIT_COLUMNS = ["passing", "loose_puck_pp", "loose_puck_even", "icing", "intimidation"]
ASSIST_ROWS = tuple(range(10))          # the Assist ratings a card can carry (cards.ASSIST)
DIE_ROWS = tuple(range(1, 7))


def _norm(text: str) -> str:
    return " ".join(text.replace("\u2013", "-").replace("\u2014", "-").strip().split()).upper()


_POS = r"(LW|C|RW|LD|RD)"
_FWD = r"(LW|C|RW)"


def _pass_one(u: str) -> Reading:
    if u in ("LOSE PUCK, DEFENSIVE PLAYER HAS CONTROL", "LOSE PUCK - DEFENSIVE PLAYER HAS CONTROL"):
        return Reading(PASS_LOSE, NONE)
    if m := re.fullmatch(r"LOSE PUCK TO (?:D)?" + _POS, u):
        return Reading(PASS_LOSE, position(m.group(1)))
    if m := re.fullmatch(r"INSIDE SHOT FOR " + _FWD, u):
        return Reading(PASS_TO, position(m.group(1)))
    if m := re.fullmatch(r"PASSING (J|K|L)", u):
        return Reading(PASS_LETTER, ord(m.group(1)) - ord("A"))
    raise ReadingError("expected a passing reading: Lose puck, defensive player has control; Lose puck to <pos>; "
                       "Inside shot for LW|C|RW; Passing J|K|L; or 'Against SH: <reading>; E: <reading>; PP: "
                       "<reading>'")


def parse_pass(text: str) -> tuple[Reading, Reading, Reading]:
    """The Passing section (11.1-11.4): one reading for every manpower situation, or the "Against" form
    ``Against SH: Passing K; E: Inside shot for C; PP: Lose puck, defensive player has control``; returns the
    readings against SH, E, PP (:data:`MANPOWER`)."""
    u = _norm(text)
    if not u.startswith("AGAINST"):
        r = _pass_one(u)
        return r, r, r
    parts = [p.strip() for p in u[len("AGAINST"):].split(";")]
    got = {}
    for p in parts:
        m = re.fullmatch(r"\(?(SH|E|PP)\)?\s*:\s*(.+)", p)
        if not m:
            raise ReadingError("the Against form reads 'Against SH: <reading>; E: <reading>; PP: <reading>'")
        if m.group(1) in got:
            raise ReadingError(f"the Against form names {m.group(1)} twice")
        got[m.group(1)] = _pass_one(m.group(2).strip())
    if set(got) != set(MANPOWER):
        raise ReadingError("the Against form gives all three readings: SH, E and PP")
    return tuple(got[k] for k in MANPOWER)


def parse_loose_pp(text: str) -> Reading:
    """22.11, the "Power Play" reading: ``Power play team, outside shot for RW`` or ``Short-handed team, LD has
    control``."""
    u = _norm(text)
    if m := re.fullmatch(r"(?:POWER PLAY|PP) TEAM,? OUTSIDE SHOT FOR " + _POS, u):
        return Reading(LOOSE_PP_SHOT, position(m.group(1)))
    if m := re.fullmatch(r"(?:SHORT-HANDED|SH) TEAM,? " + _POS + r" HAS CONTROL", u):
        return Reading(LOOSE_SH, position(m.group(1)))
    raise ReadingError("expected 'Power play team, outside shot for <pos>' or 'Short-handed team, <pos> has "
                       "control'")


def parse_loose_even(text: str) -> Reading:
    """22.12, the "Even Strength" reading: ``Home LD (RD)``, ``Visitor C (LW)``."""
    u = _norm(text)
    m = re.fullmatch(r"(HOME|VISITOR|VISITORS) " + _POS + r"(?: \(" + _POS + r"\))?", u)
    if not m:
        raise ReadingError("expected 'Home|Visitor <pos> (<pos>)'")
    alt = position(m.group(3)) if m.group(3) else NONE
    if alt == position(m.group(2)):
        raise ReadingError("the alternative in parentheses must be another position")
    return Reading(LOOSE_EVEN, int(m.group(1) != "HOME"), position(m.group(2)), alt)


def parse_icing(text: str) -> Reading:
    """The Icing section (21.11-21.14), as the rulebook words it."""
    u = _norm(text)
    if m := re.fullmatch(r"PUCK INTERCEPTED BY POWER PLAY TEAM - INSIDE SHOT FOR " + _POS, u):
        return Reading(ICE_INTERCEPTED, position(m.group(1)))
    if m := re.fullmatch(r"PUCK ICED - PP TEAM LOSES PUCK - SHORT-HANDED " + _POS + r" HAS CONTROL", u):
        return Reading(ICE_SH_CONTROL, position(m.group(1)))
    if m := re.fullmatch(r"PUCK ICED - PP TEAM HAS CONTROL - OUTSIDE SHOT ONLY FOR " + _POS, u):
        return Reading(ICE_OUTSIDE_ONLY, position(m.group(1)))
    if m := re.fullmatch(r"PUCK ICED - SH " + _POS + r" DEFENSE ([0-9]+)(?: \.\.\.)? TAKES PUCK AWAY OR OUTSIDE "
                         r"SHOT FOR " + _POS, u):
        n = int(m.group(2))
        if not 1 <= n <= 14:
            raise ReadingError("Defense numbers run 1-14")
        return Reading(ICE_DEFENSE, position(m.group(1)), n, position(m.group(3)))
    raise ReadingError("expected an icing reading: 'Puck intercepted by power play team - inside shot for <pos>', "
                       "'Puck iced - PP team loses puck - short-handed <pos> has control', 'Puck iced - PP team has "
                       "control - outside shot ONLY for <pos>', 'Puck iced - SH <pos> defense <n> takes puck away "
                       "or outside shot for <pos>'")


@dataclass(frozen=True)
class Intimidation:
    """The Intimidation section (12.2, 16.1, 22.3): the intimidation number; whether it reads "possible
    penalty" (16.1); the "PP <n>" number of the Super Advanced power play (22.3; 0: none)."""

    number: int
    possible_penalty: bool
    pp_number: int


def _split_number(text: str) -> int:
    lo, hi = _range(text)
    if lo != hi:
        raise ReadingError("expected one number 1-20")
    return lo


def parse_intimidation(text: str) -> Intimidation:
    """``12``, ``12, possible penalty``, ``12, possible penalty, PP 16``."""
    parts = [p.strip() for p in _norm(text).split(",")]
    try:
        number = _split_number(parts[0])
    except ReadingError:
        raise ReadingError("expected '<n>[, possible penalty][, PP <n>]' with numbers 1-20") from None
    penalty, pp = False, 0
    for p in parts[1:]:
        if p == "POSSIBLE PENALTY" and not penalty and not pp:
            penalty = True
        elif (m := re.fullmatch(r"(?:PP|POWER PLAY) ([0-9]+)", p)) and not pp:
            pp = _split_number(m.group(1))
        else:
            raise ReadingError("expected '<n>[, possible penalty][, PP <n>]' with numbers 1-20")
    return Intimidation(number, penalty, pp)


@dataclass(frozen=True)
class SplitAdvanced:
    """One split card's Advanced sections (the row of ``split_advanced`` for the card of that name)."""

    card: str
    passing: tuple[Reading, Reading, Reading]     # against SH, E, PP (11.4)
    loose_puck_pp: Reading                        # 22.11
    loose_puck_even: Reading                      # 22.12
    icing: Reading                                # 21.11-21.14 (Super Advanced)
    intimidation: Intimidation                    # 12.2, 16.1, 22.3


@dataclass(frozen=True)
class ShotCharts:
    """The optional files of a kit (None: the kit.toml has no such key); ``toml`` is the kit.toml they were named
    in, for the error when a rule needs a missing one."""

    toml: str
    split_advanced: tuple[SplitAdvanced, ...] | None = None   # in split_deck order
    passing_l: tuple[tuple[int, int], ...] | None = None      # by Assist rating 0-9: completing range, (0, 0) none
    deflection: tuple[int, ...] | None = None                 # by die 1-6: position, or NONE


def load_split_advanced(path, split_cards: list[str]) -> tuple[SplitAdvanced, ...]:
    """``card, passing, loose_puck_pp, loose_puck_even, icing, intimidation[, source]``: one row for every card of
    the split deck, in any order; returned in the split deck's order."""
    t = read_table(path, "card", SPLIT_COLUMNS, keys=list(split_cards))
    return tuple(SplitAdvanced(
        key, _field(t, key, "passing", parse_pass), _field(t, key, "loose_puck_pp", parse_loose_pp),
        _field(t, key, "loose_puck_even", parse_loose_even), _field(t, key, "icing", parse_icing),
        _field(t, key, "intimidation", parse_intimidation)) for key in split_cards)


def load_passing_l_chart(path) -> tuple[tuple[int, int], ...]:
    """``assist, complete[, source]``: rows 0-9, the split range on which the pass is completed (``-``: never)."""
    t = read_table(path, "assist", ["complete"], [str(a) for a in ASSIST_ROWS])
    return tuple(_field(t, str(a), "complete", lambda s: (0, 0) if s.strip() == "-" else _range(s),
                        "a split range such as 1-14, or - for never") for a in ASSIST_ROWS)


def load_deflection_chart(path) -> tuple[int, ...]:
    """``die, deflector[, source]``: rows 1-6, the position that tries the deflection or ``none``."""
    t = read_table(path, "die", ["deflector"], [str(d) for d in DIE_ROWS])

    def parse(text):
        return NONE if text.strip().upper() in ("NONE", "-") else position(text)

    return tuple(_field(t, str(d), "deflector", parse, f"a position ({', '.join(POSITIONS)}) or none")
                 for d in DIE_ROWS)


def load_shot_charts(toml: str, files: dict[str, Path], split_cards: list[str]) -> ShotCharts:
    """The files ``kit.toml`` names under :data:`KEYS` (``files``: key -> path, present keys only)."""
    return ShotCharts(
        toml=toml,
        split_advanced=load_split_advanced(files["split_advanced"], split_cards) if "split_advanced" in files
        else None,
        passing_l=load_passing_l_chart(files["passing_l_chart"]) if "passing_l_chart" in files else None,
        deflection=load_deflection_chart(files["deflection_chart"]) if "deflection_chart" in files else None)


# ---------------------------------------------------------------- compiled tables

def _code(r: Reading) -> tuple[int, int, int, int]:
    return (r.kind, r.a, r.b, r.c)


def shot_tables(charts: ShotCharts | None, rules, toml: str) -> dict[str, np.ndarray]:
    """The kernel's tables of this data (layout.TABLES ``spp``, ``splp``, ``spic``, ``spim``, ``plc``, ``dfl``),
    zeros where the kit has no file; a ChartError naming ``kit.toml`` and the key when a rule in force reads a
    file the kit lacks."""
    charts = charts or ShotCharts(toml)
    for key in KEYS:
        field = NEEDED_BY[key]
        if getattr(charts, key.removesuffix("_chart")) is None and rules.in_force(field):
            raise ChartError(toml, None, key, None, f"rule {field}={getattr(rules, field)} (level={rules.level}) "
                             f"reads {WHAT[key]}, and kit.toml names no such file; add the key "
                             f"(docs/strat-data.md) or set {field}=off", field="key")
    spp = np.zeros((40, 3, 4), np.int16)
    splp = np.zeros((40, 2, 4), np.int16)
    spic = np.zeros((40, 4), np.int16)
    spim = np.zeros((40, 3), np.int16)
    if charts.split_advanced is not None:
        for i, s in enumerate(charts.split_advanced):
            spp[i] = [_code(r) for r in s.passing]
            splp[i] = [_code(s.loose_puck_pp), _code(s.loose_puck_even)]
            spic[i] = _code(s.icing)
            spim[i] = (s.intimidation.number, int(s.intimidation.possible_penalty), s.intimidation.pp_number)
    plc = np.zeros((10, 2), np.int16)
    if charts.passing_l is not None:
        plc[:] = charts.passing_l
    dfl = np.full(6, NONE, np.int16)
    if charts.deflection is not None:
        dfl[:] = charts.deflection
    return {"spp": spp, "splp": splp, "spic": spic, "spim": spim, "plc": plc, "dfl": dfl}


# ---------------------------------------------------------------- play-by-play text

def reading_text(kind: int, a: int = 0, b: int = 0, c: int = 0) -> str | None:
    """A reading of this module's kinds written back as the data file writes it (None: not one of them)."""
    p = POSITIONS
    if kind == PASS_LOSE:
        return "Lose puck, defensive player has control" if a == NONE else f"Lose puck to {p[a]}"
    if kind == PASS_TO:
        return f"Inside shot for {p[a]}"
    if kind == PASS_LETTER:
        return f"Passing {chr(ord('A') + a)}"
    if kind == LOOSE_PP_SHOT:
        return f"Power play team, outside shot for {p[a]}"
    if kind == LOOSE_SH:
        return f"Short-handed team, {p[a]} has control"
    if kind == LOOSE_EVEN:
        return f"{('Home', 'Visitor')[a]} {p[b]}" + (f" ({p[c]})" if c >= 0 else "")
    if kind == ICE_INTERCEPTED:
        return f"Puck intercepted by power play team - inside shot for {p[a]}"
    if kind == ICE_SH_CONTROL:
        return f"Puck iced - PP team loses puck - short-handed {p[a]} has control"
    if kind == ICE_OUTSIDE_ONLY:
        return f"Puck iced - PP team has control - outside shot ONLY for {p[a]}"
    if kind == ICE_DEFENSE:
        return f"Puck iced - SH {p[a]} defense {b} takes puck away or outside shot for {p[c]}"
    return None

