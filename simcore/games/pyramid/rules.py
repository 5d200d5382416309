"""Pyramid card hockey rules: every option a frozen field citing the passage it interprets.

docs/pyramid.md gives the quote behind each field and the alternatives.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from simcore.rulesbase import RulesBase, option


@dataclass(frozen=True)
class Rules(RulesBase):
    """Card hockey with a 6-card inverted-pyramid lineup (shared/rules/pyramid-card-hockey.txt)."""

    GAME: ClassVar[str] = "pyramid"
    PRESETS: ClassVar[dict[str, dict[str, str]]] = {
        "rulebook": {},
        "sudden_death": {"tie_break": "sudden-death"},
        "shootout": {"tie_break": "shootout"},
        "alternate": {"period_start": "alternate"},
    }

    deck: str = option(
        "standard", ("standard", "ace-low", "jokers", "two-decks", "custom"), "Description (the deck)",
        "standard: 52 cards, 2..10, J=11, Q=12, K=13, A=14; ace-low: A=1; jokers: standard plus two jokers "
        "worth 15; two-decks: 104 cards; custom: a deck file (see docs/pyramid.md).")
    lineup: str = option(
        "3-2-1", ("3-2-1", "2-1-1", "1-1-1"), "Description (game area)",
        "3-2-1: the rulebook's three forwards, two defenders and a goalie; 2-1-1 and 1-1-1: smaller "
        "lineups for small decks (data/lineups.toml).")
    skater_beats: str = option(
        ">=", (">=", ">"), "turns",
        ">=: a flipped card 'matches or beats' a skater; >: it must be higher.")
    goalie_beats: str = option(
        ">", (">", ">="), "shooting",
        ">: the card must be 'higher' than the goalkeeper to score; >=: a match scores too.")
    first_attack: str = option(
        "first-drafter", ("first-drafter", "second-drafter"), "Description (turns)",
        "Who takes the first turn of a period: the player who drafted first, or the one holding the deck.")
    period_start: str = option(
        "next-in-turn", ("next-in-turn", "alternate"), "period end",
        "next-in-turn: 'play switches to the next player', the one who did not take the period's last turn, "
        "drafts first; alternate: the first drafter alternates every period.")
    first_player: str = option(
        "home", ("home", "random"), "Description (first player)",
        "Who drafts first in period 1: home (side A), or a coin flip per game.")
    last_card: str = option(
        "on", ("on", "off"), "Special Rule",
        "on: with one card left in the deck, the player to flip may shoot with it whether or not the goal "
        "is open; off: no exception.")
    tie_break: str = option(
        "ties", ("ties", "sudden-death", "shootout"), "final paragraph",
        "ties: 'There are no rules for breaking ties', a tie stands; sudden-death: one more period, the "
        "first goal wins; shootout: a card shootout (docs/pyramid.md).")

    def numeric(self) -> np.ndarray:
        """The rule fields as the kernel's integer vector (see kernel.R_*)."""
        from . import kernel as K

        r = np.zeros(K.N_RULES, dtype=np.int64)
        r[K.R_SKATER_STRICT] = self.skater_beats == ">"
        r[K.R_GOALIE_STRICT] = self.goalie_beats == ">"
        r[K.R_FIRST_ATTACK_SECOND] = self.first_attack == "second-drafter"
        r[K.R_ALTERNATE] = self.period_start == "alternate"
        r[K.R_RANDOM_FIRST] = self.first_player == "random"
        r[K.R_LAST_CARD] = self.last_card == "on"
        r[K.R_TIE_BREAK] = ("ties", "sudden-death", "shootout").index(self.tie_break)
        return r
