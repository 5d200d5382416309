"""EZR quick-play rules: every option a frozen field citing the rulebook section it interprets."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from simcore.rulesbase import RulesBase, option


@dataclass(frozen=True)
class Rules(RulesBase):
    """Shoot-Out Hockey EZR quick play (shared/rules/shoot-out-hockey-ezr.txt).

    See docs/ezr.md for the quote behind each field and its alternatives.
    """

    GAME: ClassVar[str] = "ezr"
    PRESETS: ClassVar[dict[str, dict[str, str]]] = {
        "rulebook": {},
        "no_chart": {"qq_chart": "off"},
        "regulation_only": {"overtime": "none", "shootout": "off"},
        "ties": {"shootout": "off"},
    }

    qq_chart: str = option(
        "on", ("on", "off"), "?? (optional)",
        "on: a roll of 100 goes to the ?? chart; off: 'roll again to get a random number between 1-99'.")
    qq_unprinted: str = option(
        "mirror", ("mirror", "blank"), "?? Chart",
        "?? results 8-12 are not printed: mirror repeats 6..2 (symmetry about 7); blank makes them no event.")
    overtime: str = option(
        "table", ("table", "none"), "Overtime",
        "table: a tie after regulation rolls on the home team's Overtime line; none: no overtime.")
    shootout: str = option(
        "on", ("on", "off"), "Shootout",
        "on: an overtime 'TIE or SO' (or a regulation tie without overtime) goes to the quick-play "
        "shootout; off: it stands as a tie.")
    shootout_undecided: str = option(
        "repeat", ("repeat", "tie"), "Shootout",
        "A round where both shooters score or both miss: repeat rounds until one is decided, or stand as a tie.")
