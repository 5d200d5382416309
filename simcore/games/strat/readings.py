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

from simcore.errors import InputError

POSITIONS = ("LW", "C", "RW", "LD", "RD")
LW, C, RW, LD, RD = range(5)
ANY = 5
NONE = -1
PENALTY_RATINGS = ("AA", "A", "B", "C", "D")
#: The split deck's numbers: every split range on a card, deck or chart lies within them ("1-8").
SPLIT_RANGE = (1, 20)
#: Games an injury reading keeps a player out ("Offense LW 2 games"; "rest of game" is written as such).
INJURY_GAMES = (1, 99)
#: The assist thresholds of a split card's Assists section ("Any 6", "RD 3"), against Assist ratings 0-9.
ASSIST_THRESHOLD = (0, 9)


class ReadingError(InputError):
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
# Advanced defense column, Opponent Defense 7-11 (16.2)
DEF_PENALTY = 23       # "Penalty": the defender is penalized
TAKES_PUCK_SHOOTS = 24  # "Takes puck, outside shot": the defender takes the puck and attempts an outside shot
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
#: A position in parentheses after another, with or without a space: "LW (RW)" (4.41), "C(LW)" (23.0).
_ALT = r"(?: ?\(" + _POS + r"\))?"


def _norm(text: str) -> str:
    return " ".join(text.strip().split())


def position(text: str) -> int:
    t = text.strip().upper()
    if t not in POSITIONS:
        raise ReadingError(f"expected a position ({', '.join(POSITIONS)})")
    return POSITIONS.index(t)


def split_range(text: str) -> tuple[int, int]:
    """``"1-8"`` or ``"7"`` within the split deck's 1-20."""
    m = re.fullmatch(r"([0-9]+)(?:\s*-\s*([0-9]+))?", text.strip())
    if not m:
        raise ReadingError("expected a split range such as 1-8")
    lo = int(m.group(1))
    hi = int(m.group(2) or lo)
    if not SPLIT_RANGE[0] <= lo <= hi <= SPLIT_RANGE[1]:
        raise ReadingError(f"a split range lies within {SPLIT_RANGE[0]}-{SPLIT_RANGE[1]}, low to high")
    return lo, hi


def _lose_puck_to(u: str) -> Reading | None:
    """``LOSE PUCK TO <pos>`` / ``... ANY D PLAYER`` (upper-cased), shared by shooting and passing columns."""
    if m := re.fullmatch(r"LOSE PUCK TO " + _POS, u):
        return Reading(LOSE_PUCK_TO, position(m.group(1)))
    if u in ("LOSE PUCK TO ANY D PLAYER", "LOSE PUCK TO ANY DEFENSIVE PLAYER"):
        return Reading(LOSE_PUCK_TO, ANY)
    return None


#: Spellings the rulebook prints once in its prose that are not readings of their own: refused, naming the
#: printed reading meant (docs/strat.md, "Readings as printed").
_MISPRINTS = {
    "GOALIE RATINGS-": "5.10 prints 'Goalie Ratings-' once for the reading it is about, Goalie Rating+",
    "GOALIE RATING-": "5.10 prints 'Goalie Ratings-' once for the reading it is about, Goalie Rating+",
    "GOAL-+": "18.91 prints 'Goal-+' once for Goal+",
    "GOALIE RATING*": "25.2 names 'Goalie Rating*' once without saying what the star means; write Goalie "
                      "Rating or Goalie Rating+",
}


def _refuse_misprint(u: str) -> None:
    if u in _MISPRINTS:
        raise ReadingError(f"{_MISPRINTS[u]}; write the reading as printed on the cards")


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
    if m := re.fullmatch(r"GOAL\s+([0-9]+\s*-\s*[0-9]+|[0-9]+)", u):
        lo, hi = split_range(m.group(1))
        return Reading(GOAL, lo, hi, 0)
    if r := _lose_puck_to(u):
        return r
    _refuse_misprint(u)
    raise ReadingError("expected a shooting reading: X-D<pos>, X-Any D player, X-Reb, Goalie Rating[+], "
                       "Goal[+], Goal <split range>, Lose puck to <pos> / any D player")


_TAKES = ("TAKES PUCK", "TAKES PUCK AWAY", "TAKES AWAY PUCK", "TAKES AWAY THE PUCK", "TAKES THE PUCK AWAY")


def parse_defense(text: str) -> Reading:
    """A Defense-column reading: ``Takes puck``, ``Outside shot`` (4.1, Opponent Defense 1-6 and 12-14);
    ``Penalty``, ``Takes puck, outside shot`` (16.2, Opponent Defense 7-11)."""
    u = _norm(text).upper()
    if u in _TAKES:
        return Reading(TAKES_PUCK)
    if u == "OUTSIDE SHOT":
        return Reading(OUTSIDE_SHOT)
    if u == "PENALTY":
        return Reading(DEF_PENALTY)
    if m := re.fullmatch(r"(.+?)(?:,| -| AND) (?:ATTEMPTS? AN |HAS AN )?OUTSIDE SHOT(?: ONLY)?", u):
        if m.group(1) in _TAKES:
            return Reading(TAKES_PUCK_SHOOTS)
    raise ReadingError("expected a defense reading: Takes puck, Outside shot, Penalty, Takes puck, outside shot")


def parse_passing(text: str) -> Reading:
    u = _norm(text).upper()
    if m := re.fullmatch(r"INSIDE SHOT FOR " + _POS, u):
        return Reading(PASS_INSIDE, position(m.group(1)))
    if u == "INSIDE SHOT FOR ANY PLAYER":
        return Reading(PASS_INSIDE, ANY)
    if r := _lose_puck_to(u):
        return r
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
    if m := re.fullmatch(r"OPPONENT DEFENSE ([0-9]+)", u):
        n = int(m.group(1))
        if not 1 <= n <= 14:
            raise ReadingError("Opponent Defense numbers run 1-14")
        return Reading(OPP_DEFENSE, n)
    if m := re.fullmatch(r"PASSING ([A-Z])", u):
        return Reading(PASSING, ord(m.group(1)) - ord("A"))
    if m := re.fullmatch(r"(OUTSIDE|INSIDE) SHOT FOR ANY PLAYER", u):
        return Reading(SHOT_FOR, int(m.group(1) == "INSIDE"), ANY, NONE)
    if m := re.fullmatch(r"(OUTSIDE|INSIDE) SHOT FOR " + _POS + _ALT, u):
        alt = position(m.group(3)) if m.group(3) else NONE
        return Reading(SHOT_FOR, int(m.group(1) == "INSIDE"), position(m.group(2)), alt)
    if m := re.fullmatch(r"LOSE PUCK,? OUTSIDE SHOT ONLY FOR " + _POS, u):
        return Reading(LOSE_PUCK_OUTSIDE, position(m.group(1)))
    if u in ("POSSIBLE BREAKAWAY", "BREAKAWAY"):       # 4.6; 1.0 B lists it as "Breakaway"
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
    if u == "PENALTY":
        raise ReadingError("a penalty card prints its two rows of ratings: Penalty AA A B / C D (4.81-4.82)")
    if re.fullmatch(r"(OUTSIDE|INSIDE) SHOT FOR .*\bI-.*", u):
        raise ReadingError("an intimidation (I-) reading belongs to the Advanced action deck (12.1), not the Basic "
                           "one")
    raise ReadingError("expected an action reading: Opponent Defense <n>, Passing <letter>, "
                       "<Outside|Inside> shot for <pos> [(<pos>)] / any player, Lose puck, outside shot only for "
                       "<pos>, Possible breakaway, Lose puck, possible breakaway, Lose puck, inside shot for any "
                       "player, Penalty <top row> / <bottom row>")


def parse_goalie(text: str) -> tuple[Reading, Reading]:
    """A goalie-card cell: (reading against outside shots, reading against inside and rebound/breakaway shots).

    Forms: ``Goal``, ``Goal 1-8`` (optionally ``, Faceoff 9-20``), ``Faceoff``, ``Faceoff•``, ``X-DLD``,
    ``X-Reb``, and the shot-type form of 5.7, as printed ``OUT: Save, Breakaway 1-6 IN/BKWY: Faceoff, Penalty
    1-18`` or with a slash between the halves ``OUT: ... / IN/BKWY: ...``.
    """
    t = _norm(text)
    if t.upper().startswith("OUT:"):
        m = re.fullmatch(r"OUT:(.*?)\s*(?:/\s*)?(?:(IN/BKWY|IN):(.*))?", t, flags=re.IGNORECASE)
        if not m or m.group(2) is None:
            raise ReadingError("the second half must start 'IN/BKWY:' (5.7: 'OUT: Save, Breakaway 1-6 IN/BKWY: "
                               "Faceoff, Penalty 1-18')")
        return _goalie_one(m.group(1), outside=True), _goalie_one(m.group(3), outside=False)
    r = _goalie_one(t, outside=None)
    return r, r


def _goalie_one(text: str, outside) -> Reading:
    u = _norm(text).upper()
    if u in ("FACEOFF", "SAVE, FACEOFF"):
        return Reading(FACEOFF, 0)
    if re.fullmatch(r"(?:SAVE, )?FACEOFF ?[•·*]", u):          # 24.2 "'Faceoff' followed by a dot"
        return Reading(FACEOFF, 1)
    if u == "GOAL":
        return Reading(GOAL, 1, 20, 0)
    if m := re.fullmatch(r"GOAL ([0-9]+\s*-\s*[0-9]+|[0-9]+)(?:, FACEOFF ([0-9]+\s*-\s*[0-9]+|[0-9]+))?", u):
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
    if m := re.fullmatch(r"SAVE, BREAKAWAY ([0-9]+\s*-\s*[0-9]+|[0-9]+)", u):
        if outside is False:
            raise ReadingError("a breakaway on a save belongs to the OUT half (5.71)")
        return Reading(SAVE_BREAKAWAY, *split_range(m.group(1)))
    if m := re.fullmatch(r"FACEOFF, PENALTY ([0-9]+\s*-\s*[0-9]+|[0-9]+)", u):
        if outside is True:
            raise ReadingError("a goalie penalty belongs to the IN/BKWY half (5.72)")
        return Reading(SAVE_PENALTY, *split_range(m.group(1)))
    raise ReadingError("expected a goalie reading: Goal, Goal <split range>[, Faceoff <rest>], Faceoff, Faceoff•, "
                       "X-D<pos>, X-Reb, or 'OUT: Save, Breakaway <range> IN/BKWY: Faceoff, Penalty <range>'")


# ---------------------------------------------------------------- split-deck sections and charts

BKWY_PLAYER = 40       # a: position, b: alternative position or NONE (4.6, 4.61)
BKWY_RATING = 41       # a: Breakaway rating the player who started it needs (4.62)
REB_OFFENSE = 42       # a: position or ANY, b: minimum Offense rating (0: automatic), c: 1 also injury (5.31, 5.33)
REB_DEFENSE = 43       # a: position, b: minimum Defense rating (0: automatic), c: 1 also injury (5.32, 5.34)
INJURY = 44            # a: 0 attacking side, 1 defending side; b: position; c: games out (0: rest of game) (15)
FACEOFF_WIN = 45       # a: 0 home, 1 visitor; b: position or ANY (2.1)
PP_SHOT = 46           # a: shot column (0 outside, 1 inside, 2 rebound, 3 breakaway); b: position (7.32)
SHOT_KINDS = ("OUTSIDE", "INSIDE", "REBOUND", "BREAKAWAY")


def _also_injury(u: str) -> tuple[str, int]:
    for suffix in (", ALSO INJURY", " ALSO INJURY", " - ALSO INJURY"):
        if u.endswith(suffix):
            return u[: -len(suffix)].strip(), 1
    return u, 0


def parse_breakaway(text: str) -> Reading:
    """Breakaway section of a split card: ``RW (LW)``, ``C`` or ``Rating 3``."""
    u = _norm(text).upper()
    if m := re.fullmatch(_POS + _ALT, u):
        return Reading(BKWY_PLAYER, position(m.group(1)), position(m.group(2)) if m.group(2) else NONE)
    if m := re.fullmatch(r"(?:BREAKAWAY )?RATING (?:OF )?([0-9])(?: NEEDED)?", u):   # 4.62 "rating of 3 needed"
        return Reading(BKWY_RATING, int(m.group(1)))
    raise ReadingError("expected a breakaway reading: <pos> [(<pos>)] or Rating <n>")


def parse_rebound(text: str) -> Reading:
    """Rebound section: ``Offense LW``, ``Defense RD``, ``Offense LW 3``, ``Defense LD 4``,
    ``Offense any player 3``, each optionally followed by ``, also injury``."""
    u, injury = _also_injury(_norm(text).upper())
    # 4.31 prints the rating as prose, "offense - any player with Offense rating of 3 or more"
    u = re.sub(r"^(OFFENSE|DEFENSE) ?- ?", r"\1 ", u)
    u = re.sub(r"^(OFFENSE|DEFENSE) (.+) WITH (?:AN? )?\1 RATING (?:OF )?([0-9]) OR MORE$", r"\1 \2 \3", u)
    if m := re.fullmatch(r"OFFENSE (?:" + _POS + r"|ANY PLAYER)(?: ([0-9]))?", u):
        pos = position(m.group(1)) if m.group(1) else ANY
        if pos == ANY and not m.group(2):
            raise ReadingError("'Offense any player' needs the Offense rating it calls for (4.31)")
        return Reading(REB_OFFENSE, pos, int(m.group(2) or 0), injury)
    if m := re.fullmatch(r"DEFENSE " + _POS + r"(?: ([0-9]))?", u):
        return Reading(REB_DEFENSE, position(m.group(1)), int(m.group(2) or 0), injury)
    raise ReadingError("expected a rebound reading: Offense|Defense <pos> [<rating>], Offense any player <rating>"
                       "[, also injury]")


def parse_injury(text: str) -> Reading:
    """Injury section: ``Offense LW 2 games``, ``Defense RD rest of game``."""
    u = _norm(text).upper()
    m = re.fullmatch(r"(OFFENSE|DEFENSE) " + _POS + r" (?:([0-9]+) GAMES?|REST OF GAME)", u)
    if not m:
        raise ReadingError("expected an injury reading: Offense|Defense <pos> <n> games | rest of game")
    if m.group(3) and not INJURY_GAMES[0] <= int(m.group(3)) <= INJURY_GAMES[1]:
        raise ReadingError(f"an injury lasts {INJURY_GAMES[0]}-{INJURY_GAMES[1]} games (or 'rest of game')")
    return Reading(INJURY, int(m.group(1) == "DEFENSE"), position(m.group(2)), int(m.group(3) or 0))


@dataclass(frozen=True)
class AssistReading:
    """Assists section (14.2): the "any player" threshold (0: none), then positions in order with their
    thresholds; ``one_only`` for "one assist only"."""

    any_player: int
    order: tuple[tuple[int, int], ...]
    one_only: bool


def parse_assists(text: str) -> AssistReading:
    """``[One assist only; ][Any 6; ]RD 3, C 2, RW 2, LD 2, LW 2``."""
    parts = [p.strip() for p in _norm(text).upper().split(";") if p.strip()]
    one_only = False
    any_player = 0
    if parts and parts[0] == "ONE ASSIST ONLY":
        one_only = True
        parts = parts[1:]
    if parts and (m := re.fullmatch(r"ANY(?: PLAYER)? ([0-9]+)", parts[0])):
        any_player = int(m.group(1))
        if not 1 <= any_player <= ASSIST_THRESHOLD[1]:
            raise ReadingError(f"the 'Any' assist threshold runs 1-{ASSIST_THRESHOLD[1]}")
        parts = parts[1:]
    if len(parts) > 1:
        raise ReadingError("expected '[One assist only; ][Any <n>; ]<pos> <n>, <pos> <n>, ...'")
    order = []
    for item in (parts[0].split(",") if parts else []):
        m = re.fullmatch(_POS + r" ([0-9]+)", item.strip())
        if not m:
            raise ReadingError(f"expected '<pos> <rating>' in the assist order, got {item.strip()!r}")
        if not ASSIST_THRESHOLD[0] <= int(m.group(2)) <= ASSIST_THRESHOLD[1]:
            raise ReadingError(f"an assist threshold runs {ASSIST_THRESHOLD[0]}-{ASSIST_THRESHOLD[1]}, "
                               f"got {item.strip()!r}")
        order.append((position(m.group(1)), int(m.group(2))))
    if len({p for p, _ in order}) != len(order):
        raise ReadingError("a position appears twice in the assist order")
    return AssistReading(any_player, tuple(order), one_only)


def parse_faceoff(text: str) -> Reading:
    """Basic faceoff chart result: ``Home C``, ``Visitor LW``, ``Home any player`` (2.1)."""
    u = _norm(text).upper()
    m = re.fullmatch(r"(HOME|VISITOR|VISITORS) (?:" + _POS + r"|ANY PLAYER)", u)
    if not m:
        raise ReadingError("expected Home|Visitor <pos> | any player")
    return Reading(FACEOFF_WIN, int(m.group(1) != "HOME"), position(m.group(2)) if m.group(2) else ANY)


def parse_shot_list(text: str) -> tuple[Reading, ...]:
    """Power play chart shots, in order: ``Breakaway RD; Inside RW`` (``-`` for none)."""
    t = _norm(text)
    if t in ("", "-"):
        return ()
    out = []
    for item in t.upper().split(";"):
        m = re.fullmatch(r"(OUTSIDE|INSIDE|REBOUND|BREAKAWAY) " + _POS, item.strip())
        if not m:
            raise ReadingError(f"expected '<Outside|Inside|Rebound|Breakaway> <pos>', got {item.strip()!r}")
        out.append(Reading(PP_SHOT, SHOT_KINDS.index(m.group(1)), position(m.group(2))))
    return tuple(out)
