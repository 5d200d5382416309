"""Decks and lineup shapes for pyramid card hockey.

A :class:`Deck` is a multiset of cards, each with a label (``"QH"``, ``"Joker"``) and an integer value
that decides every comparison.  The kernel sees only the values, as ``int64[N]`` in the order the cards are
listed; a shuffle permutes that array.  A :class:`Shape` is a lineup (slots, which cards open which, the
goal) read from ``data/lineups.toml``.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from simcore.charts import ChartError
from simcore.checks import is_whole
from simcore.cliargs import counted
from simcore.errors import InputError
from simcore.textio import FieldError, Range, check_header, csv_rows, read_text, read_toml

DATA = Path(__file__).parent / "data"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "D", "H", "S")
#: Values are small integers; the kernel counts cards per value in arrays of this size.
MAX_VALUE = 63
#: The largest deck the kernel accepts (two standard decks are 104 cards; a custom deck may be larger).
MAX_CARDS = 1024
#: The most slots a lineup shape may have: the kernel keeps each side's empty slots as a bit mask.
MAX_SLOTS = 6


@dataclass(frozen=True)
class Deck:
    """Cards of one deck: ``labels[i]`` is worth ``values[i]``; ``source`` says where it came from."""

    labels: tuple[str, ...]
    values: tuple[int, ...]
    source: str

    def __post_init__(self):
        """The checks every deck passes, however it was made (the kernel counts values 0..MAX_VALUE in fixed
        arrays and holds at most MAX_CARDS cards): an InputError naming the deck's source and the card."""
        src = self.source
        values, labels = tuple(self.values), tuple(self.labels)
        if not values:
            raise InputError(f"{src}: a deck needs at least one card")
        if len(labels) != len(values):
            raise InputError(f"{src}: {len(labels)} labels for {len(values)} cards")
        if len(values) > MAX_CARDS:
            raise InputError(f"{src}: {len(values)} cards; at most {MAX_CARDS}")
        for i, (lab, v) in enumerate(zip(labels, values)):
            if not is_whole(v):
                raise InputError(f"{src}: card {i + 1}'s value {v!r} is not a whole number")
            if not 0 <= v <= MAX_VALUE:
                raise InputError(f"{src}: card value {v} is outside 0..{MAX_VALUE}")
            if not isinstance(lab, str) or not lab.strip():
                raise InputError(f"{src}: card {i + 1} (value {v}) has an empty label")
        object.__setattr__(self, "values", tuple(int(v) for v in values))
        object.__setattr__(self, "labels", labels)

    @property
    def size(self) -> int:
        return len(self.values)

    def array(self) -> np.ndarray:
        """``int64[size]``: the values in listed order (the kernel's unshuffled deck)."""
        return np.asarray(self.values, dtype=np.int64)

    def counts(self) -> np.ndarray:
        """``int64[max value + 1]``: how many cards carry each value."""
        return np.bincount(self.array()).astype(np.int64)

    def label_of(self, value: int) -> str:
        """A readable name for a value (the first label carrying it, without the suit for standard cards)."""
        for lab, v in zip(self.labels, self.values):
            if v == value:
                return lab[:-1] if len(lab) >= 2 and lab[-1] in SUITS and lab[:-1] in RANKS + ("1",) else lab
        return str(value)

    @property
    def digest(self) -> str:
        """The deck's fingerprint: the first 16 hex digits of the SHA-256 of its cards written ``label=value``
        joined by ``;`` in deck order (the same cards give the same fingerprint in any file layout; it is not
        the hash of a file)."""
        text = ";".join(f"{lab}={v}" for lab, v in zip(self.labels, self.values))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def standard_deck(ace: str = "high", jokers: int = 0, copies: int = 1) -> Deck:
    """The 52-card deck: 2..10, J=11, Q=12, K=13, ace 14 (``ace="high"``) or 1 (``"low"``);
    ``jokers`` jokers worth 15; ``copies`` decks shuffled together (at most MAX_CARDS cards in all)."""
    if ace not in ("high", "low"):
        raise InputError(f"ace must be 'high' or 'low', got {ace!r}")
    for name, v, least in (("jokers", jokers, 0), ("copies", copies, 1)):
        if not is_whole(v) or v < least:
            raise InputError(f"{name} must be a whole number, {least} or more, got {v!r}")
    labels, values = [], []
    for _ in range(copies):
        for s in SUITS:
            for i, r in enumerate(RANKS):
                v = i + 2
                if r == "A" and ace == "low":
                    v = 1
                labels.append(r + s)
                values.append(v)
        labels += ["Joker"] * jokers
        values += [15] * jokers
    what = f"standard 52-card deck, ace {ace}" + (f", {jokers} jokers" if jokers else "") + \
        (f", {copies} decks" if copies > 1 else "")
    return Deck(tuple(labels), tuple(values), what)


def custom_deck(values, labels=None, source: str = "custom") -> Deck:
    """A deck from a list of values.  Without ``labels`` each card is labelled by its value; labels given are one
    per card and none may be empty (an empty label is an error, never filled in from the value)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise InputError(f"{source}: a deck's values are a list of whole numbers, got {values!r}")
    values = tuple(values)
    labels = tuple(str(lab) for lab in labels) if labels is not None else tuple(str(v) for v in values)
    return Deck(labels, values, source)          # Deck checks every card


#: The columns of a deck file (``count`` optional) and the range of each integer column.
DECK_COLUMNS = ("card", "value", "count")
VALUE = Range(0, MAX_VALUE, "a card value")
COUNT = Range(1, MAX_CARDS, "a number of copies")


def load_deck(path) -> Deck:
    """Read a deck file: CSV with columns ``card,value`` and an optional ``count`` (default 1; a row may
    leave it out).

    ``card`` is any label; ``value`` an integer 0..63 that decides comparisons (higher beats lower).
    Errors name the file, line, column and text.
    """
    text = read_text(path)
    shown = text.path
    rows = csv_rows(text)
    if not rows:
        raise ChartError(shown, None, None, None, "the deck file is empty")
    head_line, head = rows[0]
    head = check_header(shown, head_line, head)
    for need in ("card", "value"):
        if need not in head:
            raise ChartError(shown, head_line, None, ",".join(head), f"the header needs a {need!r} column "
                             "(columns: card, value, optional count)")
    unknown = [h for h in head if h not in DECK_COLUMNS]
    if unknown:
        raise ChartError(shown, head_line, unknown[0], unknown[0], "unknown column; columns: card, value, count")
    labels, values = [], []
    for line, row in rows[1:]:
        rec = dict(zip(head, (c.strip() for c in row)))
        missing = head[len(row):]
        if len(row) > len(head) or any(h != "count" for h in missing):
            raise ChartError(shown, line, None, ",".join(row), f"expected {len(head)} fields, found {len(row)}")
        label = rec["card"]
        if not label:
            raise ChartError(shown, line, "card", label, "a card needs a label")
        try:
            value = VALUE.parse(rec["value"])
            col = "count"
            count = COUNT.parse(rec["count"]) if rec.get("count", "") != "" else 1
        except FieldError as exc:
            col = "value" if "value" in str(exc) else "count"
            raise ChartError(shown, line, col, rec[col], str(exc)) from None
        if len(values) + count > MAX_CARDS:
            raise ChartError(shown, line, "count", rec.get("count", ""), f"the deck would have "
                             f"{len(values) + count} cards; at most {MAX_CARDS}")
        labels += [label] * count
        values += [value] * count
    if not values:
        raise ChartError(shown, None, None, None, "the deck file lists no cards")
    return Deck(tuple(labels), tuple(values), shown)


#: The slots of the smallest lineup, 1-1-1.
SMALLEST_SLOTS = 3


def check_playable(deck: Deck, lineup: "Shape") -> Deck:
    """``deck`` if a game can be played with it in ``lineup``: both lineups drafted and at least one card left
    to flip (``2 * slots + 1`` cards); else a ChartError naming the deck's file (its ``source``)."""
    need = 2 * lineup.n + 1
    if deck.size < need:
        # Suggest a smaller lineup only when there is one the deck can fill (1-1-1, 3 slots, is the smallest).
        fits = lineup.n > SMALLEST_SLOTS and deck.size >= 2 * SMALLEST_SLOTS + 1
        hint = "or use a smaller lineup, e.g. lineup=1-1-1" if fits else "add cards"
        raise ChartError(deck.source, None, None, None, f"{counted(deck.size, 'card')} cannot fill both "
                         f"{lineup.name} lineups ({lineup.n} slots each) and leave a card to flip: a {lineup.name} "
                         f"game needs at least {need} cards ({hint})")
    return deck


def deck_for(rules, deck_file=None) -> Deck:
    """The deck a rule set plays with (``deck_file`` is required for ``deck=custom`` and refused otherwise); a deck
    too small for the rules' lineup is refused (:func:`check_playable`)."""
    if rules.deck == "custom":
        if deck_file is None:
            raise InputError("pyramid rule deck=custom needs a deck file (--deck-file FILE; in compare and sweep, "
                             "--setup deck_file=FILE, with deck=custom in both variants' rules)")
        deck = deck_file if isinstance(deck_file, Deck) else load_deck(deck_file)
        return check_playable(deck, shape(rules.lineup))
    if deck_file is not None:
        raise InputError(f"a deck file was given but the rules say deck={rules.deck}; use deck=custom (in compare "
                         "and sweep the setup's deck plays every variant: give each deck=custom)")
    return {
        "standard": lambda: standard_deck(),
        "ace-low": lambda: standard_deck(ace="low"),
        "jokers": lambda: standard_deck(jokers=2),
        "two-decks": lambda: standard_deck(copies=2),
    }[rules.deck]()


@dataclass(frozen=True)
class Shape:
    """A lineup shape compiled for the kernel.

    ``kinds``: int64[n] (0 forward, 1 defender, 2 goalie; the goalie is the last slot).
    ``opened``: int64[2**n]: for each set of slots passed this turn (a bit mask), the mask of slots then
    open, the goalie's bit meaning "the goal is open".  Mask 0 gives the start row.
    """

    name: str
    slots: tuple[str, ...]
    kinds: np.ndarray
    opened: np.ndarray

    @property
    def n(self) -> int:
        return len(self.slots)

    @property
    def goal(self) -> int:
        return self.n - 1

    def open_slots(self, passed: set[str]) -> set[str]:
        """Names of the open slots after passing ``passed`` (the goal appears as its slot name)."""
        mask = sum(1 << self.slots.index(s) for s in passed)
        m = int(self.opened[mask])
        return {s for i, s in enumerate(self.slots) if m >> i & 1}


def shape(name: str) -> Shape:
    """The lineup shape ``name`` from ``data/lineups.toml``."""
    if not isinstance(name, str):
        raise InputError(f"a lineup is named by a string such as '3-2-1', got {name!r}")
    return _shape(name)


def _key_line(text: str, table: str, key: str | None = None) -> int | None:
    """The line of a lineups file where ``key`` (``slots``, ``opens.LF``) is set in the table ``["table"]``; for a
    key written another way (``opens = {LF = [...]}``, a ``["table".opens]`` table) the line of its parent key,
    else the table's own line (None: no such table)."""
    inside, head_line, found = False, None, {}
    for i, line in enumerate(text.split("\n"), start=1):
        head = re.match(r'\s*\[\s*"?([^"\]]+?)"?\s*\]', line)
        if head:
            inside = head.group(1).strip() == table
            if inside and head_line is None:
                head_line = i
            continue
        m = re.match(r"\s*([A-Za-z0-9_.\"-]+?)\s*=", line) if inside else None
        if m:
            found.setdefault(m.group(1).replace('"', ""), i)
    while key:
        if key in found:
            return found[key]
        key = key.rpartition(".")[0]
    return head_line


def _names(toml, name: str, key: str, value, slots=None, what="a slot") -> list:
    """A lineup's list ``key``: strings, each one of ``slots`` when given (``what`` names one of them)."""
    def bad(text, problem):
        raise ChartError(toml.path, _key_line(toml.text, name, key), f"{name}.{key}", text, problem, field="key")

    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        bad(str(value), "must be a list of names, like [\"LF\", \"CF\"]")
    for v in value:
        if slots is not None and v not in slots:
            bad(v, f"is not {what} of lineup {name!r} ({', '.join(slots)})")
    return value


@lru_cache(maxsize=None)
def _shape(name: str) -> Shape:
    path = DATA / "lineups.toml"
    toml = read_toml(path)
    table = toml.doc
    if name not in table:
        raise InputError(f"unknown lineup {name!r}; lineups: {', '.join(table)}")
    t = table[name]
    if not isinstance(t, dict):
        raise ChartError(toml.path, None, name, None, f"a lineup is a table [\"{name}\"] of slots, kinds, start "
                         "and opens", field="key")
    keys = ("slots", "kinds", "start", "opens")
    for key in t:
        if key not in keys:
            raise ChartError(toml.path, _key_line(toml.text, name, key), f"{name}.{key}", None,
                             f"is not a key of a lineup ({', '.join(keys)})", field="key")
    for key in keys:
        if key not in t:
            raise ChartError(toml.path, _key_line(toml.text, name), name, None, f"lineup {name!r} has no {key!r}",
                             field="table")
    slots = tuple(_names(toml, name, "slots", t["slots"]))
    if len(set(slots)) != len(slots):
        raise ChartError(toml.path, _key_line(toml.text, name, "slots"), f"{name}.slots", str(list(slots)),
                         "names each slot once", field="key")
    kinds = _names(toml, name, "kinds", t["kinds"], ("F", "D", "G"), "a kind")
    if len(kinds) != len(slots):
        raise ChartError(toml.path, _key_line(toml.text, name, "kinds"), f"{name}.kinds", str(kinds),
                         f"needs one kind for each of the {len(slots)} slots", field="key")
    kinds = np.array(["FDG".index(k) for k in kinds], dtype=np.int64)
    if kinds[-1] != 2 or (kinds == 2).sum() != 1:
        raise ChartError(toml.path, _key_line(toml.text, name, "kinds"), f"{name}.kinds", None,
                         "a lineup has one goalie (G), in the last slot", field="key")
    idx = {s: i for i, s in enumerate(slots)}
    start = sum(1 << idx[s] for s in _names(toml, name, "start", t["start"], slots))
    if not isinstance(t["opens"], dict):
        raise ChartError(toml.path, _key_line(toml.text, name, "opens"), f"{name}.opens", str(t["opens"]),
                         "must be a table of slot = [slots it opens]", field="key")
    opens = {}
    for s, v in t["opens"].items():
        if s not in idx:
            raise ChartError(toml.path, _key_line(toml.text, name, f"opens.{s}"), f"{name}.opens.{s}", None,
                             f"{s!r} is not a slot of lineup {name!r} ({', '.join(slots)})", field="key")
        opens[idx[s]] = sum(1 << idx[o] for o in _names(toml, name, f"opens.{s}", v, slots))
    n = len(slots)
    if n > MAX_SLOTS:
        raise ChartError(toml.path, _key_line(toml.text, name, "slots"), f"{name}.slots", None,
                         f"a lineup has at most {MAX_SLOTS} slots", field="key")
    opened = np.zeros(1 << n, dtype=np.int64)
    for mask in range(1 << n):
        if mask == 0:
            opened[mask] = start
            continue
        m = 0
        for i in range(n):
            if mask >> i & 1:
                m |= opens.get(i, 0)
        opened[mask] = m & ~mask
    return Shape(name, slots, kinds, opened)
