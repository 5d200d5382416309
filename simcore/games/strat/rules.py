"""Strat-O-Matic Hockey Basic rules: every option a frozen field citing the section it interprets.

docs/strat.md gives the quote behind each field and the alternatives.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from simcore.rulesbase import RulesBase, option

from .kernel.layout import N_RULES, RULE


@dataclass(frozen=True)
class Rules(RulesBase):
    """Strat-O-Matic Hockey, Basic Version (shared/rules/strat-o-matic-hockey.txt)."""

    GAME: ClassVar[str] = "strat"
    PRESETS: ClassVar[dict[str, dict[str, str]]] = {
        "rulebook": {},
        "four_lines": {"lines": "4"},
        "no_fatigue": {"goalie_fatigue": "off"},
        "regulation_only": {"overtime": "none", "shootout": "off"},
    }

    lines: str = option(
        "3", ("3", "4"), "Getting Started (ACTION DECK)",
        "3: forward line changes after 10 and 20 action cards, a defense change after 15; "
        "4: forward changes after 8, 15 and 23 cards, defense changes after 10 and 20.")
    overtime: str = option(
        "8cards", ("8cards", "none"), "27.0 (OVERTIME note)",
        "8cards: a tie after three periods plays a sudden-death overtime of 8 action cards from a reshuffled "
        "deck; none: no overtime.")
    shootout: str = option(
        "on", ("on", "off"), "28.0",
        "on: a game still tied goes to a shootout (28.1), three rounds then sudden death; off: the tie stands.")
    goalie_fatigue: str = option(
        "on", ("on", "off"), "24.2-24.4",
        "on: a fatigued goalie's Faceoff\u2022 readings are goals (shelled: 4 goals in a period or 6 in a game; "
        "or more consecutive starts than his rating); off: the dot is ignored.")
    assists: str = option(
        "on", ("on", "off"), "1.0 F, 14.0",
        "on: assists are credited (passes and rebounds, then the split deck's Assists section); off: none, "
        "and no split card is drawn for them.")
    injuries: str = option(
        "on", ("on", "off"), "15.0",
        "on: an 'also injury' rebound reading injures a player (split deck Injury section) who is replaced "
        "(15.1); off: the note is ignored.")
    pk_units: str = option(
        "1", ("1", "2"), "7.2, 19.1",
        "1: the PK1 unit kills every penalty (7.2 'may be on the ice for all short-handed situations'); "
        "2: PK1 and PK2 alternate like the power-play units (19.1, Advanced).")
    level: str = option(
        "basic", ("basic", "advanced"), "The Basic Version (1.0-7.38) / Advanced Version (8.0-16.51)",
        "basic: the Basic game (basic action deck and faceoff chart, the Basic power play); advanced: the "
        "Advanced game (the Advanced action deck with offense and defense levels, the Advanced faceoff chart, "
        "passing, intimidation, Advanced penalties and power plays).")

    faceoffs: str = option(
        "level", ("level", "basic", "advanced", "super"), "2.1, 8.1-8.11, 8.2",
        "level: the Basic faceoff chart at level=basic, the Advanced one at level=advanced; basic: the Basic chart "
        "(2.1); advanced: the Advanced chart, columns Even / +1 / +2 by the centers' faceoff ratings (8.1); super: "
        "the Super Advanced chart, the best faceoff man of each side with the power-play (+3) and rated-at-center "
        "(+1) bonuses, columns up to '+4 or more' (8.2).")
    faceoff_thrown_out: str = option(
        "on", ("on", "off"), "8.21",
        "on: a thrown-out reading of the Super Advanced faceoff chart sends another player of that side into the "
        "circle (the best faceoff rating among its other forwards) and the faceoff is drawn again; off: the "
        "reading is drawn again with the same faceoff men.")

    def faceoff_chart(self) -> str:
        """The faceoff chart in force: ``basic``, ``advanced`` or ``super`` (``level`` follows the game's level)."""
        if self.faceoffs == "level":
            return "advanced" if self.level == "advanced" else "basic"
        return self.faceoffs

    def in_force(self, name: str) -> bool:
        """Whether the Advanced rule field ``name`` applies: ``on``/``off`` as set, or with its default ``level``
        the game's level (on at ``level=advanced``).  Fields of this kind let a house rule mix one Advanced rule
        into the Basic game, or leave it out of the Advanced one."""
        value = getattr(self, name)
        return self.level == "advanced" if value == "level" else value == "on"

    def numeric(self):
        """The rule fields as the kernel's integer vector (slots kernel.layout.RULE)."""
        import numpy as np

        r = np.zeros(N_RULES, dtype=np.int64)
        r[RULE.level] = ("basic", "advanced").index(self.level)
        r[RULE.lines] = int(self.lines)
        r[RULE.ot_cards] = 8 if self.overtime == "8cards" else 0
        r[RULE.shootout] = self.shootout == "on"
        r[RULE.fatigue] = self.goalie_fatigue == "on"
        r[RULE.assists] = self.assists == "on"
        r[RULE.injuries] = self.injuries == "on"
        r[RULE.pk_units] = int(self.pk_units)
        r[RULE.faceoffs] = ("basic", "advanced", "super").index(self.faceoff_chart())
        r[RULE.thrown_out] = self.faceoff_thrown_out == "on"
        return r
