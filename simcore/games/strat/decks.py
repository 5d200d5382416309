"""Action deck, split deck and charts: loading and validation (docs/strat-data.md)."""
from __future__ import annotations

from dataclasses import dataclass

from simcore.charts import ChartError, read_table

from .cards import BREAKAWAY, DEFENSE, _field, _range
from .readings import (PENALTY_RATINGS, POSITIONS, AssistReading, Reading, ReadingError, parse_action,
                       parse_assists, parse_breakaway, parse_faceoff, parse_injury, parse_rebound, parse_shot_list,
                       position)

CARD_KINDS = ("action", "forward_line_change", "defense_line_change")
SPLIT_SECTIONS = ("breakaway", "rebound", "injury", "assists")
#: the split cards' Advanced and Super Advanced sections: a file of their own (kit.toml's split_advanced), never
#: columns of split_deck.csv
SPLIT_ADVANCED_SECTIONS = ("passing", "intimidation", "icing", "loose_puck", "loose_puck_pp", "loose_puck_even")
#: The rows of the penetration chart (6.1): one for every Penetration (Breakaway) rating a card can carry.
PENETRATION_RATINGS = tuple(range(BREAKAWAY.lo, BREAKAWAY.hi + 1))


@dataclass(frozen=True)
class ActionCard:
    card: str
    kind: str                          # one of CARD_KINDS
    spare: bool                        # a blank card for the four-line option
    home: Reading | None               # None on line-change cards
    visitor: Reading | None


@dataclass(frozen=True)
class SplitCard:
    card: str
    number: int
    breakaway: Reading
    rebound: Reading
    injury: Reading
    assists: AssistReading


def card_kind(t, key) -> tuple[str, bool]:
    """An action deck row's ``kind`` cell: (kind, spare); "<kind> spare" marks a spare line-change card."""
    kind_text = t.cell(key, "kind").text.strip()
    spare = kind_text.endswith(" spare")
    kind = kind_text.removesuffix(" spare").strip()
    if kind not in CARD_KINDS:
        raise t.error(key, "kind", f"expected one of {', '.join(CARD_KINDS)} (optionally followed by ' spare')")
    if kind == "action" and spare:
        raise t.error(key, "kind", "only line-change cards can be spares")
    return kind, spare


def check_deck_counts(t, cards, holds: str) -> None:
    """30 action cards, 2 forward and 1 defense line-change card besides spares (Getting Started, 10.1); else a
    ChartError saying what the deck ``holds`` and what was found."""
    counts = {k: sum(1 for c in cards if c.kind == k and not c.spare) for k in CARD_KINDS}
    if counts != {"action": 30, "forward_line_change": 2, "defense_line_change": 1}:
        raise ChartError(t.path, None, "kind", None, f"{holds}; found {counts}")


def load_action_deck(path) -> tuple[ActionCard, ...]:
    """30 action cards, 2 forward and 1 defense line-change card, plus optional spares (Getting Started)."""
    t = read_table(path, "card", ["kind", "home", "visitor"])
    cards = []
    for key in t.rows:
        kind, spare = card_kind(t, key)
        if kind == "action":
            home = _field(t, key, "home", parse_action, "an action reading")
            visitor = _field(t, key, "visitor", parse_action, "an action reading")
        else:
            for col in ("home", "visitor"):
                if t.cell(key, col).text not in ("", "-"):
                    raise t.error(key, col, "a line-change card has no reading")
            home = visitor = None
        cards.append(ActionCard(key, kind, spare, home, visitor))
    check_deck_counts(t, cards, "the action deck holds 30 action cards, 2 forward and 1 defense line-change card "
                               "(besides spares)")
    return tuple(cards)


def _split_number(text: str) -> int:
    lo, hi = _range(text)
    if lo != hi:
        raise ReadingError("expected one number 1-20")
    return lo


def load_split_deck(path) -> tuple[SplitCard, ...]:
    """40 split cards, each number 1-20 on exactly two."""
    try:
        t = read_table(path, "card", ["number", *SPLIT_SECTIONS])
    except ChartError as exc:
        if exc.column not in SPLIT_ADVANCED_SECTIONS:
            raise
        raise ChartError(exc.path, exc.line, exc.column, exc.text, "the split cards' Advanced sections are read from "
                         "split_advanced.csv (kit.toml's split_advanced; docs/strat-data.md), not from the split "
                         "deck", header=True) from None
    cards = []
    for key in t.rows:
        f = lambda col, fn, what="a valid reading": _field(t, key, col, fn, what)  # noqa: E731
        number = f("number", _split_number)
        cards.append(SplitCard(key, number, f("breakaway", parse_breakaway), f("rebound", parse_rebound),
                               f("injury", parse_injury), f("assists", parse_assists)))
    per = [sum(1 for c in cards if c.number == n) for n in range(1, 21)]
    if len(cards) != 40 or any(k != 2 for k in per):
        bad = [n for n in range(1, 21) if per[n - 1] != 2]
        raise ChartError(t.path, None, "number", None,
                         f"the split deck holds 40 cards, each number 1-20 twice; found {len(cards)} cards, "
                         f"numbers not twice: {bad}")
    return tuple(cards)


def load_faceoff_chart(path) -> tuple[Reading, ...]:
    """Basic faceoff chart (2.1): the result for split 1..20."""
    t = read_table(path, "split", ["result"], [str(n) for n in range(1, 21)])
    return tuple(_field(t, str(n), "result", parse_faceoff) for n in range(1, 21))


def load_penetration_chart(path) -> dict[int, tuple[int, int]]:
    """Basic penetration chart (6.1): the split range that succeeds for each Penetration rating."""
    t = read_table(path, "rating", ["success"], [str(r) for r in PENETRATION_RATINGS])
    return {r: _field(t, str(r), "success", lambda s: (0, 0) if s.strip() == "-" else _range(s),
                      "a split range such as 1-13, or - for none") for r in PENETRATION_RATINGS}


@dataclass(frozen=True)
class PowerPlayRow:
    """One split number of the Basic and Advanced Power Play Chart (7.32): the top half applies when the
    short-handed player at ``position`` has a (short-handed) Defense rating of at least ``rating``."""

    position: int
    rating: int
    top_short_handed: tuple[Reading, ...]
    top_power_play: tuple[Reading, ...]
    bottom_short_handed: tuple[Reading, ...]
    bottom_power_play: tuple[Reading, ...]


def _condition(text: str) -> tuple[int, int]:
    parts = text.split()
    if len(parts) != 2:
        raise ReadingError("expected '<pos> <rating>', e.g. LD 4")
    try:
        rating = DEFENSE.parse(parts[1])
    except ValueError as exc:
        raise ReadingError(f"expected '<pos> <rating>', e.g. LD 4: {exc}") from None
    return position(parts[0]), rating


def load_power_play_chart(path) -> tuple[PowerPlayRow, ...]:
    cols = ["condition", "top_short_handed", "top_power_play", "bottom_short_handed", "bottom_power_play"]
    t = read_table(path, "split", cols, [str(n) for n in range(1, 21)])
    rows = []
    for n in range(1, 21):
        k = str(n)
        pos, rating = _field(t, k, "condition", _condition)
        rows.append(PowerPlayRow(pos, rating, *(_field(t, k, c, parse_shot_list) for c in cols[1:])))
    return tuple(rows)


def load_retaliation_chart(path) -> tuple[int, ...]:
    """Goalie Penalty Retaliation Chart (5.73): for a die 1..6, the opposing position who may also be
    penalized, or -1 for none."""
    t = read_table(path, "die", ["result"], [str(n) for n in range(1, 7)])

    def parse(text):
        return -1 if text.strip().upper() in ("NONE", "-") else position(text)

    return tuple(_field(t, str(n), "result", parse, f"a position ({', '.join(POSITIONS)}) or none")
                 for n in range(1, 7))


def load_penalty_chart(path) -> tuple[tuple[int, int], ...]:
    """Penalty chart: for each Penalty rating AA, A, B, C, D (in that order) the split range on which a player
    with that rating is penalized, (0, 0) for never.  Read only to decide whether a goalie penalty's retaliator
    is penalized (5.73); 5.73's "refer to the penalty chart in the normal manner" is the Power Play Chart, which
    7.32 calls the penalty chart (docs/strat-data.md)."""
    t = read_table(path, "rating", ["penalized"], list(PENALTY_RATINGS))
    return tuple(_field(t, r, "penalized", lambda s: (0, 0) if s.strip() == "-" else _range(s),
                        "a split range such as 1-16, or - for none") for r in PENALTY_RATINGS)
