"""The 15 PENALTY cards, as data (``data/penalty_cards.csv``).

The rulebook has the deck ("shuffle the (15) PENALTY cards", Setup) and two kinds of card: "it will either be a
MINOR (Space #2 in the box) or a MAJOR (Space #4 in the box)" (Penalties & the Penalty Box), but does not print
the faces.  The shipped deck is a reconstruction: 12 minors and 3 majors with NHL infraction names
(docs/blueline.md, "Penalty cards").  A user can load their own file with the columns::

    card,name,kind,source

card 1..15 (each once), name (any text), kind ``minor|major``; ``source`` optional.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from simcore.charts import read_table

DEFAULT_PENALTIES = Path(__file__).parent / "data" / "penalty_cards.csv"
#: "(15) PENALTY cards" (Setup).
DECK_SIZE = 15
#: Kind codes of ``PenaltyDeck.kinds``.
KINDS = ("minor", "major")
MINOR, MAJOR = 0, 1
#: The penalty-box space a card's player starts on ("MINOR (Space #2 in the box) or a MAJOR (Space #4 ...)").
BOX_SPACE = (2, 4)


@dataclass(frozen=True, eq=False)
class PenaltyDeck:
    """A loaded penalty deck: ``kinds (15,) int8`` (0 minor, 1 major) and ``names`` (15 str) in card order
    1..15, ``sources`` (15 str), ``path``, ``sha256``."""

    kinds: np.ndarray
    names: tuple
    sources: tuple
    path: str
    sha256: str

    @property
    def minors(self) -> int:
        return int((self.kinds == MINOR).sum())

    @property
    def majors(self) -> int:
        return int((self.kinds == MAJOR).sum())

    def arrays(self) -> tuple:
        """The kernel's arrays: ``(kinds,)``."""
        return (self.kinds,)


def load_penalties(path=None) -> PenaltyDeck:
    """Read and check a penalty deck (default ``data/penalty_cards.csv``): exactly the cards 1..15, each once,
    every kind ``minor`` or ``major``, every name written; errors (:class:`simcore.charts.ChartError`) name the
    file, line, column and text."""
    keys = [str(i) for i in range(1, DECK_SIZE + 1)]
    t = read_table(path or DEFAULT_PENALTIES, "card", ["name", "kind"], keys=keys)
    kinds, names, sources = [], [], []
    for k in keys:
        kind = t.cell(k, "kind")
        if kind.text not in KINDS:
            raise t.error(k, "kind", f"expected one of {', '.join(KINDS)}")
        kinds.append(KINDS.index(kind.text))
        names.append(t.cell(k, "name").text)
        sources.append(kind.source)
    return PenaltyDeck(np.array(kinds, dtype=np.int8), tuple(names), tuple(sources), t.path, t.sha256)
