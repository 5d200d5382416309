"""The SHOT ON GOAL and GOALIE POSITION cards, how a pair decides the shot, and the card policies (mixes).

"Shots on Goal": the shooter secretly picks a target card, the goalie a position card; "If the Goalie chose the
same target area that shooter was aiming for, its an automatic save"; if not but the goalie "correctly choose
to defend either the top or bottom, the Goalie is then considered to be IN POSITION", else OUT OF POSITION.
Card faces in the rulebook's order ("Shot on Goal and Goalie Position Cards"), index 0..4.

A card policy is a mix: for every shot context (:func:`simcore.games.blueline.chart.context_index`) the
probability of each of the shooter's cards and of each of the goalie's cards; the kernel draws the shooter's
card from the shooting team's row and the goalie's from the defending team's row, neither seeing the other's.
"""
from __future__ import annotations

import numpy as np

from simcore.errors import InputError

from .chart import N_CONTEXTS

#: SHOT ON GOAL cards, index 0..4.
SHOT_CARDS = ("TR", "TL", "B5", "BR", "BL")
SHOT_NAMES = {"TR": "Top Right Corner (Glove Side)", "TL": "Top Left Corner (Blocker Side)",
              "B5": "Bottom 5-Hole", "BR": "Bottom Right Corner", "BL": "Bottom Left Corner"}
#: GOALIE POSITION cards, index 0..4 (a different order from the shooter's, as printed).
GOALIE_CARDS = ("TL", "TR", "B5", "BL", "BR")
GOALIE_NAMES = {"TL": "Defend Top Left (Blocker Side)", "TR": "Defend Top Right (Glove Side)",
                "B5": "Defend Bottom 5-Hole", "BL": "Defend Bottom Left Corner",
                "BR": "Defend Bottom Right Corner"}
TOP = ("TR", "TL")
BOTTOM = ("B5", "BR", "BL")
#: Outcome codes of :func:`outcome_matrix`.
MATCH, IN_POSITION, OUT_OF_POSITION = 0, 1, 2


def outcome(shot: str, goalie: str) -> int:
    """0 the goalie's card matches the target (a save), 1 in position (same half), 2 out of position."""
    if shot == goalie:
        return MATCH
    return IN_POSITION if (shot in TOP) == (goalie in TOP) else OUT_OF_POSITION


def outcome_matrix() -> np.ndarray:
    """(5, 5) int64: ``[shooter card i, goalie card j]`` -> :data:`MATCH` / :data:`IN_POSITION` /
    :data:`OUT_OF_POSITION` (rows :data:`SHOT_CARDS`, columns :data:`GOALIE_CARDS`)."""
    return np.array([[outcome(s, g) for g in GOALIE_CARDS] for s in SHOT_CARDS], dtype=np.int64)


def _fixed(cards: tuple, order: tuple) -> np.ndarray:
    row = np.array([1.0 if c in cards else 0.0 for c in order])
    return np.tile(row / row.sum(), (N_CONTEXTS, 1))


#: Habits: (the shooter's favourite cards, the goalie's), played uniformly among themselves in every context.
HABITS = {
    "glove-high": (("TR",), ("TR",)),           # always glove side high, and the goalie always guards it
    "blocker-high": (("TL",), ("TL",)),
    "five-hole": (("B5",), ("B5",)),
    "high": (TOP, TOP),                         # a top corner (either), the goalie a top card (either)
    "low": (BOTTOM, BOTTOM),                    # one of the three low targets, the goalie a low card
}
#: The card policies' names (:func:`card_mixes`).
CARD_POLICIES = ("equilibrium", "random", *HABITS)


def card_mixes(name: str, chart=None) -> tuple[np.ndarray, np.ndarray]:
    """``(shooter (78, 5), goalie (78, 5))`` float64: the probability of each card (:data:`SHOT_CARDS` /
    :data:`GOALIE_CARDS` order) in each shot context under the card policy ``name``; rows sum to 1.

    * ``equilibrium``: both sides play the context's exact equilibrium (:mod:`equilibrium`, needs ``chart``);
    * ``random``: every card 1/5, whatever the context;
    * the habits of :data:`HABITS` (``glove-high``, ``blocker-high``, ``five-hole``, ``high``, ``low``): fixed
      favourite cards, the same in every context.
    """
    if name == "equilibrium":
        if chart is None:
            raise ValueError("the equilibrium card policy needs the chart")
        from .equilibrium import solve_all

        shooter, goalie, _ = solve_all(chart)
        return shooter, goalie
    if name == "random":
        u = np.full((N_CONTEXTS, 5), 0.2)
        return u, u.copy()
    if name in HABITS:
        s, g = HABITS[name]
        return _fixed(s, SHOT_CARDS), _fixed(g, GOALIE_CARDS)
    raise InputError(f"unknown card policy {name!r}; expected one of {', '.join(CARD_POLICIES)}")
