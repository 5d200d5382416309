"""The Advanced game's action deck (10.0-10.2) and faceoff charts (8.1-8.21): readings, parsers and loaders.

The rulebook does not print these cards and charts; the sample kit's files are reconstructions
(docs/strat-data.md, "Advanced action deck"), and a user's own files replace them through kit.toml's
optional keys ``advanced_action_deck``, ``advanced_faceoff_chart`` and ``super_advanced_faceoff_chart``.

An Advanced action card has four offensive sections (Offense 1, Offense 2 home, Offense 2 visitors, Offense 3),
each one reading or split into segments by the number of forecheckers of the defending team (0-3), plus the
power-play and short-handed sections (13.2, 21.31) and the number 1-30 in its corner (30.11).  A section cell is
written either as one reading, or as segments ``0-1: Opponent Defense 2 | 2-3: Passing H`` that cover 0, 1, 2
and 3 forecheckers once each, in order.

Readings are the Basic action readings (:func:`readings.parse_action`) with the Advanced numbers (Opponent
Defense 2-14, Passing G-L), and an inside shot may carry an intimidation (I) reading (12.0-12.1):
``Inside shot for RW, I-LD``; two players ``Inside shot for C (LW), I-LD (RD)`` ("use the second player only if
the pass for the inside shot went to the second offensive player"); ``I-OPP`` (printed "1-OPP" in 12.1), the
player defending the shooter.  The 23.0 note's spelling without spaces or comma,
``INSIDE SHOT FOR C(LW) I-LD(RD)``, is accepted.  The Advanced deck has no penalty cards: "Penalties can occur
two ways in the Advanced game" (16.0): after intimidation (16.1) and Opponent Defense 7-11 (16.2).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from simcore.charts import ChartError, read_table

from . import readings as R
from .decks import card_kind, check_deck_counts
from .readings import POSITIONS, Reading, ReadingError

# ---------------------------------------------------------------- reading kinds (block 50-59) and codes
#: Advanced faceoff chart result (8.11): a = 0 home / superior, 1 visitor / inferior; b = position or ANY.
FACEOFF_ADV = 50
#: Super Advanced faceoff chart result (8.2, 8.21): a thrown-out reading; a = 0 the superior side's man,
#: 1 the inferior side's man is thrown out of the circle and another player takes the faceoff.
FACEOFF_THROWN = 51
#: Defense column readings of the Advanced game (16.2); the card readings' kinds of readings.py (the same
#: numbers): the defender is penalized / takes the puck and attempts an outside shot only.
DEF_PENALTY = 23
TAKES_PUCK_SHOOTS = 24
#: The intimidation target "OPP": the player defending the shooter (12.1).
I_OPP = 6
#: Opponent Defense numbers and Passing letters (index A=0) the Advanced deck may read.
DEFENSE_NUMBERS = tuple(range(2, 15))
PASSING_LETTERS = tuple("GHIJKL")
FIRST_PASSING = ord("G") - ord("A")            # Passing G's letter index (6)

#: The sections of an Advanced action card, in the kernel's order (the second axis of table ``adeck``).
SECTIONS = ("offense1", "offense2_home", "offense2_visitors", "offense3", "power_play", "short_handed")
SECTION_TITLES = ("Offense 1", "Offense 2 (home)", "Offense 2 (visitors)", "Offense 3", "power play",
                  "short-handed")
SEC_O1, SEC_O2_HOME, SEC_O2_VISITORS, SEC_O3, SEC_PP, SEC_SH = range(6)
FORECHECKERS = 4                               # segments 0, 1, 2, 3 forecheckers (9.2 "DEFENSE 0, 1, 2 or 3")


@dataclass(frozen=True)
class AdvancedReading:
    """One reading of an Advanced card: the action reading, and its intimidation targets (12.1): ``()`` none,
    ``(pos,)`` or ``(pos, second pos)``; a position 0-4 or :data:`I_OPP`."""

    reading: Reading
    intim: tuple[int, ...] = ()

    def code(self) -> tuple[int, int, int, int, int]:
        """The kernel's row: kind, a, b, c, then the intimidation code (:func:`intim_code`)."""
        return (*self.reading.code(), intim_code(self.intim))


def intim_code(intim: tuple[int, ...]) -> int:
    """0 none; else ``(first + 1) + 8 * (second + 1)`` (second 0 when there is none)."""
    if not intim:
        return 0
    return (intim[0] + 1) + 8 * ((intim[1] + 1) if len(intim) > 1 else 0)


def intim_decode(code: int) -> tuple[int, ...]:
    if code == 0:
        return ()
    first, second = code % 8 - 1, code // 8 - 1
    return (first,) if second < 0 else (first, second)


def intim_text(intim: tuple[int, ...]) -> str:
    name = lambda x: "OPP" if x == I_OPP else POSITIONS[x]  # noqa: E731
    if not intim:
        return ""
    return f"I-{name(intim[0])}" + (f" ({name(intim[1])})" if len(intim) > 1 else "")


_POS = r"(LW|C|RW|LD|RD)"
_I_TARGET = r"(OPP|LW|C|RW|LD|RD)"
_I_PART = re.compile(r"^(.*?)\s*,?\s+[I1]\s*-\s*" + _I_TARGET + r"(?:\s*\(\s*" + _POS + r"\s*\))?$")


def _target(text: str) -> int:
    return I_OPP if text == "OPP" else POSITIONS.index(text)


def parse_advanced_action(text: str) -> AdvancedReading:
    """One reading of an Advanced action card section (10.2, 12.1, 16.0)."""
    t = " ".join(text.strip().split())
    t = re.sub(r"(\S)\(", r"\1 (", t)                     # "C(LW)" as printed in the 23.0 note
    u = t.upper()
    intim: tuple[int, ...] = ()
    if m := _I_PART.match(u):
        u = m.group(1).strip().rstrip(",")
        intim = (_target(m.group(2)),) + ((POSITIONS.index(m.group(3)),) if m.group(3) else ())
        if len(intim) == 2 and intim[0] == I_OPP:
            raise ReadingError("I-OPP names the player defending the shooter; it takes no second player")
    elif re.search(r"[,\s][I1]\s*-", u):
        raise ReadingError("expected an action reading with an I reading naming LW, C, RW, LD, RD or OPP: "
                           "'Inside shot for RW, I-LD', 'Inside shot for C (LW), I-LD (RD)' (12.1)")
    r = R.parse_action(u)
    if intim and not (r.kind == R.SHOT_FOR and r.a == 1):
        raise ReadingError("an I (intimidation) reading follows an inside shot (12.0: 'When a pass resulting in an "
                           "inside shot is followed by an intimidation (I) reading')")
    if len(intim) == 2 and r.c < 0:
        raise ReadingError("a second I player needs a second offensive player: 'Inside shot for C (LW), I-LD (RD)' "
                           "(12.1)")
    if r.kind == R.PENALTY_CARD:
        raise ReadingError("the Advanced deck has no penalty cards: penalties come from intimidation and Opponent "
                           "Defense 7-11 (16.0-16.2)")
    if r.kind == R.OPP_DEFENSE and r.a not in DEFENSE_NUMBERS:
        raise ReadingError("the Advanced deck reads Opponent Defense 2-14")
    if r.kind == R.PASSING and r.a < FIRST_PASSING:
        raise ReadingError("the Advanced deck reads Passing G-L")
    if r.kind == R.PASSING and r.a > FIRST_PASSING + 5:
        raise ReadingError("the Advanced deck reads Passing G-L")
    return AdvancedReading(r, intim)


def parse_section(text: str) -> tuple[AdvancedReading, ...]:
    """A section cell: one reading for every forechecker count, or segments ``0-1: <reading> | 2-3: <reading>``
    covering 0, 1, 2, 3 once each in order.  Returns the reading for 0, 1, 2, 3 forecheckers."""
    t = text.strip()
    if not t:
        raise ReadingError("empty section; write a reading, or segments such as '0-1: Passing G | 2-3: Passing H'")
    parts = [p.strip() for p in t.split("|")]
    if len(parts) == 1 and not re.match(r"^[0-3](?:\s*-\s*[0-3])?\s*:", parts[0]):
        r = parse_advanced_action(parts[0])
        return (r,) * FORECHECKERS
    out: list[AdvancedReading] = []
    for part in parts:
        m = re.fullmatch(r"([0-3])(?:\s*-\s*([0-3]))?\s*:\s*(.+)", part)
        if not m:
            raise ReadingError(f"expected a segment '<forecheckers>: <reading>' such as '0-1: Passing G', got "
                               f"{part!r}")
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        if lo != len(out) or hi < lo:
            raise ReadingError(f"segment {part!r}: the segments cover 0, 1, 2 and 3 forecheckers once each, in order")
        try:
            r = parse_advanced_action(m.group(3))
        except ReadingError as exc:
            raise ReadingError(f"segment {lo}{'-' + str(hi) if hi != lo else ''}: {exc}") from None
        out.extend([r] * (hi - lo + 1))
    if len(out) != FORECHECKERS:
        raise ReadingError(f"the segments cover forecheckers 0-{len(out) - 1}; they must cover 0-3")
    return tuple(out)


def section_text(seg: tuple[AdvancedReading, ...]) -> str:
    """A section written back the way :func:`parse_section` reads it (one reading, or merged segments)."""
    from .pbp import advanced_reading_text

    if all(s == seg[0] for s in seg):
        return advanced_reading_text(seg[0])
    out, i = [], 0
    while i < len(seg):
        j = i
        while j + 1 < len(seg) and seg[j + 1] == seg[i]:
            j += 1
        out.append(f"{i}{'-' + str(j) if j > i else ''}: {advanced_reading_text(seg[i])}")
        i = j + 1
    return " | ".join(out)


@dataclass(frozen=True)
class AdvancedCard:
    card: str
    kind: str                                        # one of decks.CARD_KINDS
    spare: bool                                      # a blank line-change card for the four-line option
    number: int                                      # the 1-30 in the corner (30.11); 0 on line-change cards
    sections: tuple[tuple[AdvancedReading, ...], ...] | None   # by SECTIONS, each by forecheckers 0-3


def load_advanced_action_deck(path) -> tuple[AdvancedCard, ...]:
    """The Advanced action deck (10.1-10.2): 30 action cards numbered 1-30 (30.11), and the line-change cards as
    in the Basic deck (2 forward, 1 defense, plus optional spares)."""
    t = read_table(path, "card", ["kind", "number", *SECTIONS])
    cards = []
    for key in t.rows:
        kind, spare = card_kind(t, key)
        if kind == "action":
            num = t.cell(key, "number").text.strip()
            if not num.isdigit() or not 1 <= int(num) <= 30:
                raise t.error(key, "number", "expected the card's number 1-30 (30.11)")
            secs = []
            for col in SECTIONS:
                try:
                    secs.append(parse_section(t.cell(key, col).text))
                except ReadingError as exc:
                    raise t.error(key, col, str(exc)) from None
            cards.append(AdvancedCard(key, kind, False, int(num), tuple(secs)))
        else:
            for col in ("number", *SECTIONS):
                if t.cell(key, col).text.strip() not in ("", "-"):
                    raise t.error(key, col, "a line-change card has no number or reading; write '-'")
            cards.append(AdvancedCard(key, kind, spare, 0, None))
    check_deck_counts(t, cards, "the Advanced action deck holds 30 action cards, 2 forward and 1 defense "
                               "line-change card (besides spares; 10.1)")
    seen: dict[int, str] = {}
    for c in cards:
        if c.kind == "action":
            if c.number in seen:
                raise ChartError(t.path, t.row_lines[c.card], "number", str(c.number),
                                 f"each number 1-30 is on one card (30.11); {seen[c.number]} has it too")
            seen[c.number] = c.card
    return tuple(cards)


# ---------------------------------------------------------------- the Advanced and Super Advanced faceoff charts

#: The columns of the Advanced faceoff chart (8.1) and of the Super Advanced one (8.2, "+4 or more" last).
ADVANCED_FO_COLUMNS = ("even", "plus1", "plus2")
SUPER_FO_COLUMNS = ("even", "plus1", "plus2", "plus3", "plus4")


def parse_faceoff_result(text: str, even: bool, thrown: bool) -> Reading:
    """A faceoff chart cell (8.11): in the Even column ``Home C`` / ``Visitor LW`` / ``Home any player``, in the
    +1 ... columns ``Superior C`` / ``Inferior RW`` / ``Superior any player``; on the Super Advanced chart also
    ``Superior thrown out`` (``Home thrown out`` in Even; 8.21).  a: 0 home / superior, 1 visitor / inferior;
    b: the position or ANY that gains control."""
    u = " ".join(text.strip().split()).upper()
    sides = r"(HOME|VISITOR|VISITORS)" if even else r"(SUPERIOR|INFERIOR)"
    first = ("HOME",) if even else ("SUPERIOR",)
    if m := re.fullmatch(sides + r" THROWN OUT", u):
        if not thrown:
            raise ReadingError("a thrown-out reading belongs to the Super Advanced chart (8.21)")
        return Reading(FACEOFF_THROWN, int(m.group(1) not in first))
    m = re.fullmatch(sides + r" (?:" + _POS + r"|ANY PLAYER)", u)
    if not m:
        who = "Home|Visitor" if even else "Superior|Inferior"
        raise ReadingError(f"expected {who} <pos> | any player" + (f" | {who.split('|')[0]} thrown out"
                                                                     if thrown else "")
                           + (" (8.11: the Even column is read by home and visitors)" if even else
                              " (8.11: the +1 and +2 columns are read by the superior and inferior faceoff teams)"))
    return Reading(FACEOFF_ADV, int(m.group(1) not in first), POSITIONS.index(m.group(2)) if m.group(2) else R.ANY)


def _load_faceoff(path, columns, thrown: bool) -> tuple[tuple[Reading, ...], ...]:
    t = read_table(path, "split", list(columns), [str(n) for n in range(1, 21)])
    out = []
    for n in range(1, 21):
        row = []
        for col in columns:
            try:
                row.append(parse_faceoff_result(t.cell(str(n), col).text, col == "even", thrown))
            except ReadingError as exc:
                raise t.error(str(n), col, str(exc)) from None
        out.append(tuple(row))
    return tuple(out)


def load_advanced_faceoff_chart(path):
    """Advanced Faceoff Chart (8.1-8.11): for splits 1..20, the Even, +1 and +2 results."""
    return _load_faceoff(path, ADVANCED_FO_COLUMNS, thrown=False)


def load_super_faceoff_chart(path):
    """Super Advanced Faceoff Chart (8.2-8.21): for splits 1..20, the Even, +1, +2, +3 and +4-or-more results."""
    return _load_faceoff(path, SUPER_FO_COLUMNS, thrown=True)


def faceoff_difference(rating_home: int, rating_visitor: int, center_home: bool, center_visitor: bool,
                       pp_home: bool = False, pp_visitor: bool = False) -> int:
    """8.2: the home side's difference after the bonuses (negative: the visitors are superior): the faceoff
    ratings' difference, +3 for the team on the power play, +1 for a man rated at center against one who is
    not.  The kernel's faceoffs.fo_difference computes the same."""
    d = rating_home - rating_visitor
    d += 3 * (int(pp_home) - int(pp_visitor))
    d += int(center_home) - int(center_visitor)
    return d


def faceoff_column(difference: int, chart: str) -> int:
    """The chart column of a difference: 0 Even, 1 +1, ... capped at the last (8.1: +2; 8.2: "+4 or more")."""
    last = 2 if chart == "advanced" else 4
    return min(abs(difference), last)
