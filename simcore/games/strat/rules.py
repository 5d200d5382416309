"""Strat-O-Matic Hockey Basic rules: every option a frozen field citing the section it interprets.

docs/strat.md gives the quote behind each field and the alternatives.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from simcore.rulesbase import RuleError, RulesBase, option

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
        "advanced": {"level": "advanced"},
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
        "1", ("1", "2"), "7.2, 19.1-19.3",
        "1: the PK1 unit kills every penalty (7.2 'may be on the ice for all short-handed situations'); "
        "2: PK1 and PK2 alternate like the power-play units (19.1, a Super Advanced rule), a lines file whose PP1 "
        "and PP2 share a defenseman is refused (19.2), and an injured skater's replacement is not put in both PP "
        "or both PK units while another skater is left (19.2-19.3).")
    level: str = option(
        "basic", ("basic", "advanced"), "The Basic Version (1.0-7.38) / Advanced Version (8.0-16.51)",
        "basic: the Basic game (basic action deck and faceoff chart, the Basic power play); advanced: the "
        "Advanced game (the Advanced action deck with offense and defense levels, the Advanced faceoff chart, "
        "passing, intimidation, Advanced penalties and power plays).")

    # ---- the shot path's Advanced rules (docs/strat.md, "Advanced shot rules"); "level": on at level=advanced
    passing: str = option(
        "level", ("level", "on", "off"), "11.0-11.4",
        "on: on an unrestricted outside shot the coach may also pass inside (policy pass_inside): a split card's "
        "Passing section (E reading) completes the pass for an inside shot, sends it to the passer's Passing "
        "column, or loses the puck; off: shoot or penetrate only.")
    passing_l: str = option(
        "level", ("level", "on", "off"), "11.5",
        "on: a Passing L that gives an inside shot draws a split card on the Passing L chart by the passer's "
        "(unadjusted) Assist rating; out of range the receiver's matched defender takes the puck; off: every "
        "Passing L inside shot is completed.")
    deflections: str = option(
        "level", ("level", "on", "off"), "25.0-25.22",
        "on: a defenseman's outside X-Reb may be tried as a deflection (policy deflect): one die on the "
        "Deflection chart, then 2d6 on the deflector's Inside column; off: the normal rebound.")
    enforcer: str = option(
        "level", ("level", "on", "off"), "26.1-26.3",
        "on: when only one team has an enforcer (Penalty rating A or AA) on the ice, the other team's "
        "Breakaway/Penetration ratings are one lower on the penetration chart (not below 1; not for "
        "breakaways); off: no adjustment.")
    penetration: str = option(
        "rulebook", ("rulebook", "alternate"), "6.1, 31.0-31.1",
        "rulebook: a failed penetration gives the puck to the matched opponent (6.1); alternate: to the default "
        "assignment of the Alternate Penetration System (LW vs RD, LD vs RW, C vs C, RD vs LW, RW vs LD).")
    retaliation: str = option(
        "power_play", ("power_play", "offsetting"), "5.72-5.73",
        "After a goalie penalty the retaliation die names an attacker, and a split card on the penalty chart "
        "decides whether he is penalized too.  power_play: 'refer to the penalty chart in the normal manner' -- "
        "the power play is played anyway, the retaliator serving his minor (another skater takes his place on "
        "the power-play unit); offsetting: if he is penalized, the two minors offset and there is no power play "
        "(the reading of earlier releases).")

    pp_three_cards: str = option(
        "level", ("level", "on", "off"), "16.31",
        "Advanced power play: three action cards are turned over for the elapsed time instead of two (7.3).  "
        "level: on at level=advanced.")
    pp_play_on: str = option(
        "level", ("level", "on", "off"), "16.32, 16.4",
        "Advanced power play: play continues as normal after the power play's last shot, its reading played out "
        "at even strength (X-Reb: a rebound; X-D: that defender's puck), and Goal+ / Goalie Rating+ after it "
        "are saves (16.4); off: a faceoff at center ice follows the power play (7.36).  level: on at "
        "level=advanced.")
    pp_units_stay: str = option(
        "level", ("level", "on", "off"), "16.5, 16.51",
        "With pp_play_on: the power-play unit stays on while its team keeps the puck (no line change until a "
        "goal, a faceoff or the defending team's puck), and so does the penalty-killing unit, a center at a wing "
        "back at center and the wing coming on; off: the lines come back on at once.  level: on at "
        "level=advanced.")

    intimidation: str = option(
        "level", ("level", "on", "off"), "12.0-12.3, 16.1-16.15",
        "on: before an inside shot with the Advanced deck's I reading the defending coach may intimidate (policy "
        "intimidate): a split card's Intimidation number inside the intimidator's I rating takes the puck away; "
        "a 'possible penalty' reading draws another split card on the Intimidation Chart by his Penalty rating "
        "(a penalty with the puck taken away: the power play; with the shot still taken: a delayed penalty, the "
        "offense's goalie pulled for an extra skater until the defense gains control, a goal or a faceoff); "
        "off: the I readings are ignored.  level: on at level=advanced.")

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

    def __post_init__(self):
        super().__post_init__()
        if self.intimidation == "on" and self.level == "basic":
            raise RuleError("strat rule intimidation=on needs level=advanced: intimidation starts from the I "
                            "readings of the Advanced action deck (12.1), and the Basic deck prints none")

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
        for name in ("passing", "passing_l", "deflections", "enforcer"):
            r[getattr(RULE, name)] = self.in_force(name)
        r[RULE.pen_alt] = self.penetration == "alternate"
        r[RULE.retaliation] = ("offsetting", "power_play").index(self.retaliation)
        r[RULE.pp_three] = self.in_force("pp_three_cards")
        r[RULE.pp_play_on] = self.in_force("pp_play_on")
        r[RULE.pp_stay] = self.in_force("pp_units_stay")
        r[RULE.faceoffs] = ("basic", "advanced", "super").index(self.faceoff_chart())
        r[RULE.intim] = self.in_force("intimidation")
        r[RULE.thrown_out] = self.faceoff_thrown_out == "on"
        return r
