"""Strat-O-Matic Hockey readings: the printed text of cards, decks and charts, parsed to a typed form.

Every reading is written in the data files as it is printed ("X-DRW", "Goal 1-8", "Outside shot for LW (RW)",
"Opponent Defense 13", ...).  ``parse_*`` turns one into a :class:`Reading` (a kind and up to three integer
arguments) or raises :class:`ReadingError` saying what was expected; the loader adds file, line and field.
``Reading.code()`` is the integer row the kernel sees.

Positions are indexed LW=0, C=1, RW=2, LD=3, RD=4; ANY=5 stands for "any player"; NONE=-1.
Rule sections are those of shared/rules/strat-o-matic-hockey.txt.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

POSITIONS = ("LW", "C", "RW", "LD", "RD")
LW, C, RW, LD, RD = range(5)
ANY = 5
NONE = -1
PENALTY_RATINGS = ("AA", "A", "B", "C", "D")


class ReadingError(ValueError):
    """A reading that is not one of the printed forms."""


# Reading kinds (values are the kernel's codes; keep them stable)
# shooting columns and goalie card (5.x)
SAVE_TO = 1            # a: defending position that gets the puck, or ANY (X-Any D player)
SAVE_REBOUND = 2       # X-Reb
GOALIE_RATING = 3      # a: 1 when "+" (power play only)
GOAL = 4               # a, b: split range (1-20 when unconditional); c: 1 when "+" (power play only)
LOSE_PUCK_TO = 5       # a: defending position or ANY
FACEOFF = 6            # goalie: save, faceoff; a: 1 with the fatigue dot (a goal when fatigued, 24.2)
GOALIE_SPLIT = 7       # goalie shot-type reading (5.7): stored as two sub-readings, see GoalieCell
SAVE_BREAKAWAY = 8     # goalie OUT: save, breakaway for the defence on splits a-b, else faceoff
SAVE_PENALTY = 9       # goalie IN/BKWY: save, faceoff, goalie penalty on splits a-b
# defense column (4.1)
TAKES_PUCK = 20
OUTSIDE_SHOT = 21      # the attacker has an (unrestricted) outside shot
# passing column (4.2)
PASS_INSIDE = 22       # a: position or ANY
# action deck (4.x)
OPP_DEFENSE = 30       # a: number (12, 13, 14; 1-11 Advanced)
PASSING = 31           # a: letter index (A=0 ...)
SHOT_FOR = 32          # a: 0 outside, 1 inside; b: position or ANY; c: alternative position or NONE
LOSE_PUCK_OUTSIDE = 33  # a: opposing position who shoots outside only
POSSIBLE_BREAKAWAY = 34
LOSE_PUCK_BREAKAWAY = 35
LOSE_PUCK_INSIDE_ANY = 36
PENALTY_CARD = 37      # a: bitmask of penalized ratings (top row), b: bitmask of bottom row
FORWARD_CHANGE = 38
DEFENSE_CHANGE = 39


@dataclass(frozen=True)
class Reading:
    kind: int
    a: int = 0
    b: int = 0
    c: int = 0

    def code(self) -> tuple[int, int, int, int]:
        return (self.kind, self.a, self.b, self.c)


_POS = r"(LW|C|RW|LD|RD)"


def _norm(text: str) -> str:
    return " ".join(text.strip().split())


def position(text: str) -> int:
    t = text.strip().upper()
    if t not in POSITIONS:
        raise ReadingError(f"expected a position ({', '.join(POSITIONS)})")
    return POSITIONS.index(t)


def split_range(text: str) -> tuple[int, int]:
    """``"1-8"`` or ``"7"`` within the split deck's 1-20."""
    m = re.fullmatch(r"(\d+)(?:\s*-\s*(\d+))?", text.strip())
    if not m:
        raise ReadingError("expected a split range such as 1-8")
    lo = int(m.group(1))
    hi = int(m.group(2) or lo)
    if not 1 <= lo <= hi <= 20:
        raise ReadingError("a split range lies within 1-20, low to high")
    return lo, hi


def parse_shot(text: str) -> Reading:
    """A shooting-column reading (Outside, Inside, Reb/Bkwy; 5.1-5.10)."""
    t = _norm(text)
    u = t.upper()
    if m := re.fullmatch(r"X-D" + _POS, u):
        return Reading(SAVE_TO, position(m.group(1)))
    if u in ("X-ANY D PLAYER", "X-ANY DEFENSIVE PLAYER"):
        return Reading(SAVE_TO, ANY)
    if u == "X-REB":
        return Reading(SAVE_REBOUND)
    if u in ("GOALIE RATING", "GOALIE RATING+"):
        return Reading(GOALIE_RATING, int(u.endswith("+")))
    if u == "GOAL":
        return Reading(GOAL, 1, 20, 0)
    if u == "GOAL+":
        return Reading(GOAL, 1, 20, 1)
    if m := re.fullmatch(r"GOAL\s+(\d+\s*-\s*\d+|\d+)", u):
        lo, hi = split_range(m.group(1))
        return Reading(GOAL, lo, hi, 0)
    if m := re.fullmatch(r"LOSE PUCK TO " + _POS, u):
        return Reading(LOSE_PUCK_TO, position(m.group(1)))
    if u in ("LOSE PUCK TO ANY D PLAYER", "LOSE PUCK TO ANY DEFENSIVE PLAYER"):
        return Reading(LOSE_PUCK_TO, ANY)
    raise ReadingError("expected a shooting reading: X-D<pos>, X-Any D player, X-Reb, Goalie Rating[+], "
                       "Goal[+], Goal <split range>, Lose puck to <pos> / any D player")


def parse_defense(text: str) -> Reading:
    u = _norm(text).upper()
    if u in ("TAKES PUCK", "TAKES PUCK AWAY", "TAKES AWAY PUCK"):
        return Reading(TAKES_PUCK)
    if u == "OUTSIDE SHOT":
        return Reading(OUTSIDE_SHOT)
    raise ReadingError("expected a defense reading: Takes puck, Outside shot")


def parse_passing(text: str) -> Reading:
    u = _norm(text).upper()
    if m := re.fullmatch(r"INSIDE SHOT FOR " + _POS, u):
        return Reading(PASS_INSIDE, position(m.group(1)))
    if u == "INSIDE SHOT FOR ANY PLAYER":
        return Reading(PASS_INSIDE, ANY)
    if m := re.fullmatch(r"LOSE PUCK TO " + _POS, u):
        return Reading(LOSE_PUCK_TO, position(m.group(1)))
    if u in ("LOSE PUCK TO ANY D PLAYER", "LOSE PUCK TO ANY DEFENSIVE PLAYER"):
        return Reading(LOSE_PUCK_TO, ANY)
    raise ReadingError("expected a passing reading: Inside shot for <pos> / any player, Lose puck to <pos> / "
                       "any D player")


def _rating_mask(text: str) -> int:
    mask = 0
    for r in text.replace(",", " ").split():
        if r not in PENALTY_RATINGS:
            raise ReadingError(f"{r!r} is not a penalty rating ({', '.join(PENALTY_RATINGS)})")
        mask |= 1 << PENALTY_RATINGS.index(r)
    return mask


def parse_action(text: str) -> Reading:
    """One section of a basic action card (4.1-4.8)."""
    t = _norm(text)
    u = t.upper()
    if m := re.fullmatch(r"OPPONENT DEFENSE (\d+)", u):
        n = int(m.group(1))
        if not 1 <= n <= 14:
            raise ReadingError("Opponent Defense numbers run 1-14")
        return Reading(OPP_DEFENSE, n)
    if m := re.fullmatch(r"PASSING ([A-Z])", u):
        return Reading(PASSING, ord(m.group(1)) - ord("A"))
    if m := re.fullmatch(r"(OUTSIDE|INSIDE) SHOT FOR ANY PLAYER", u):
        return Reading(SHOT_FOR, int(m.group(1) == "INSIDE"), ANY, NONE)
    if m := re.fullmatch(r"(OUTSIDE|INSIDE) SHOT FOR " + _POS + r"(?: \(" + _POS + r"\))?", u):
        alt = position(m.group(3)) if m.group(3) else NONE
        return Reading(SHOT_FOR, int(m.group(1) == "INSIDE"), position(m.group(2)), alt)
    if m := re.fullmatch(r"LOSE PUCK,? OUTSIDE SHOT ONLY FOR " + _POS, u):
        return Reading(LOSE_PUCK_OUTSIDE, position(m.group(1)))
    if u == "POSSIBLE BREAKAWAY":
        return Reading(POSSIBLE_BREAKAWAY)
    if u in ("LOSE PUCK, POSSIBLE BREAKAWAY", "LOSE PUCK - POSSIBLE BREAKAWAY"):
        return Reading(LOSE_PUCK_BREAKAWAY)
    if u in ("LOSE PUCK, INSIDE SHOT FOR ANY PLAYER", "LOSE PUCK - INSIDE SHOT FOR ANY PLAYER"):
        return Reading(LOSE_PUCK_INSIDE_ANY)
    if m := re.fullmatch(r"PENALTY ([A-Z ,]+)/([A-Z ,]+)", u):
        top, bottom = _rating_mask(m.group(1)), _rating_mask(m.group(2))
        if top & bottom or (top | bottom) != 0b11111:
            raise ReadingError("a penalty card splits the ratings AA, A, B, C, D between its two rows, each once")
        return Reading(PENALTY_CARD, top, bottom)
    raise ReadingError("expected an action reading: Opponent Defense <n>, Passing <letter>, "
                       "<Outside|Inside> shot for <pos> [(<pos>)] / any player, Lose puck, outside shot only for "
                       "<pos>, Possible breakaway, Lose puck, possible breakaway, Lose puck, inside shot for any "
                       "player, Penalty <top row> / <bottom row>")


def parse_goalie(text: str) -> tuple[Reading, Reading]:
    """A goalie-card cell: (reading against outside shots, reading against inside and rebound/breakaway shots).

    Forms: ``Goal``, ``Goal 1-8`` (optionally ``, Faceoff 9-20``), ``Faceoff``, ``Faceoff•``, ``X-DLD``,
    ``X-Reb``, and the shot-type form of 5.7 ``OUT: Save, Breakaway 1-6 / IN/BKWY: Faceoff, Penalty 1-18``.
    """
    t = _norm(text)
    if "/" in t and t.upper().startswith("OUT:"):
        out_part, in_part = t.split("/", 1)
        in_part = in_part.strip()
        if not in_part.upper().startswith("IN/BKWY:") and not in_part.upper().startswith("IN:"):
            raise ReadingError("the second half must start 'IN/BKWY:'")
        # the slash inside "IN/BKWY" was consumed by the split; rebuild the second half
        in_text = in_part.split(":", 1)[1]
        return _goalie_one(out_part.split(":", 1)[1], outside=True), _goalie_one(in_text, outside=False)
    r = _goalie_one(t, outside=None)
    return r, r


def _goalie_one(text: str, outside) -> Reading:
    u = _norm(text).upper()
    if u in ("FACEOFF", "SAVE, FACEOFF"):
        return Reading(FACEOFF, 0)
    if u in ("FACEOFF•", "FACEOFF*", "SAVE, FACEOFF•"):
        return Reading(FACEOFF, 1)
    if u == "GOAL":
        return Reading(GOAL, 1, 20, 0)
    if m := re.fullmatch(r"GOAL (\d+\s*-\s*\d+|\d+)(?:, FACEOFF (\d+\s*-\s*\d+|\d+))?", u):
        lo, hi = split_range(m.group(1))
        if m.group(2):
            flo, fhi = split_range(m.group(2))
            if flo != hi + 1 or fhi != 20:
                raise ReadingError("the Faceoff range must take the rest of 1-20 after the Goal range")
        return Reading(GOAL, lo, hi, 0)
    if m := re.fullmatch(r"X-D" + _POS, u):
        return Reading(SAVE_TO, position(m.group(1)))
    if u == "X-REB":
        return Reading(SAVE_REBOUND)
    if m := re.fullmatch(r"SAVE, BREAKAWAY (\d+\s*-\s*\d+|\d+)", u):
        if outside is False:
            raise ReadingError("a breakaway on a save belongs to the OUT half (5.71)")
        return Reading(SAVE_BREAKAWAY, *split_range(m.group(1)))
    if m := re.fullmatch(r"FACEOFF, PENALTY (\d+\s*-\s*\d+|\d+)", u):
        if outside is True:
            raise ReadingError("a goalie penalty belongs to the IN/BKWY half (5.72)")
        return Reading(SAVE_PENALTY, *split_range(m.group(1)))
    raise ReadingError("expected a goalie reading: Goal, Goal <split range>[, Faceoff <rest>], Faceoff, Faceoff•, "
                       "X-D<pos>, X-Reb, or 'OUT: Save, Breakaway <range> / IN/BKWY: Faceoff, Penalty <range>'")
