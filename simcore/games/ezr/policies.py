"""Named coaching decisions for EZR quick play.

The only decision the chart leaves to a team is SHUFFLE LINES ("YOUR CHOICE:
Keep the goals scored in your roll OR roll again adding +10 to the dice
result").  A policy sees what a coach at the table sees: the goals just rolled
and the modifier the re-roll would carry.  It compiles to a threshold per
modifier: keep when ``goals >= threshold``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from simcore.errors import InputError

#: Modifiers are indexed -MOD_SPAN .. +MOD_SPAN; beyond +-98 every roll reads 99 or 1.
MOD_SPAN = 98


def expected_table_goals(goals_col_row: np.ndarray, modifier: int) -> float:
    """Mean goals of one Goals Scored roll on a line with ``modifier`` (d6 counts 3.5, ?? ignored)."""
    reads = np.clip(np.arange(1, 100) + modifier, 1, 99)
    cols = goals_col_row[reads].astype(float)
    cols[cols == 5] = 3.5
    return float(cols.mean())


@dataclass(frozen=True)
class ShufflePolicy:
    """A named SHUFFLE LINES policy.

    * ``expected`` (default): keep when the goals rolled are at least the mean
      of the re-roll with its bonus, read off the team's own line;
    * ``keep``: always keep; ``reroll``: always roll again;
    * ``at-least-K``: keep when at least K goals were rolled.
    """

    name: str = "expected"

    def __post_init__(self):
        if not isinstance(self.name, str) or \
                self.name not in ("expected", "keep", "reroll") and not re.fullmatch(r"at-least-[0-9]", self.name):
            raise InputError(f"unknown SHUFFLE LINES policy {self.name!r}; "
                             "policies: expected, keep, reroll, at-least-K (K = 0..9)")

    def thresholds(self, goals_col_row: np.ndarray) -> np.ndarray:
        """float64 ``(2*MOD_SPAN+1,)``: keep when goals >= value, indexed by the
        re-roll's total modifier (current modifier + the shuffle bonus) + MOD_SPAN."""
        mods = np.arange(-MOD_SPAN, MOD_SPAN + 1)
        if self.name == "keep":
            return np.zeros(mods.size)
        if self.name == "reroll":
            return np.full(mods.size, np.inf)
        if self.name.startswith("at-least-"):
            return np.full(mods.size, float(self.name.rsplit("-", 1)[1]))
        return np.array([expected_table_goals(goals_col_row, int(m)) for m in mods])

