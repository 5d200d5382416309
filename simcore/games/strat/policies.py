"""Named coaching decisions for Strat-O-Matic Hockey (Basic).

A :class:`Coach` bundles a team's choices where the rules leave one to the coach:

* ``penetrate`` — on an unrestricted outside shot (6.0: "the coach has a decision to make"):
  ``tendency`` (default) follows the shooter's Tendency stars (29.0: one star "strictly outside", three
  "about equally", five "strictly inside"): a shooter with ``k`` stars penetrates on ``k-1`` of every four
  chances, in a fixed rotation kept per player (no dice, so variants stay paired); ``never``; ``always``.
* ``pull_goalie`` — 13.0 allows it "when there are 2 or fewer action cards remaining in the game":
  ``trailing`` (default) pulls when behind by one or two goals in the third period with two or fewer cards
  left, and puts the goalie back when no longer one or two behind (tied, ahead, or three behind after an
  empty-net goal); ``never``.
* ``shelled`` — what to do with a goalie fatigued by being shelled (24.3): ``stay`` (default; the rule only
  says he is fatigued "for the rest of the game") or ``relieve`` (the backup comes in at the next faceoff).
* ``pp_units`` — power-play units (7.1 "will alternate on each power-play opportunity"): ``alternate``
  (default) or ``first`` (PP1 on every power play, a house rule).
* ``pass_inside`` — with the ``passing`` rule in force (11.0: "Another option in the Advanced game permits an
  attempt to pass inside to a teammate"), on an unrestricted outside shot the ``penetrate`` policy declines:
  ``tendency`` (default) passes on the shooter's Passing ability and Tendency stars (29.0: fewer stars, more
  outside play): ``assist + 5 - stars`` of every 12 chances, in a fixed rotation kept per player;
  ``never``; ``always``.
* ``deflect`` — with the ``deflections`` rule in force, on a defenseman's outside X-Reb (25.0 "the offensive
  team may choose to try for a deflection or follow the normal rebound procedure"): ``always`` (default) or
  ``never``.
* ``alignment`` — the Advanced game's offense (1-3) and defense (0-3 forecheckers) (9.0-9.2), chosen before
  every faceoff and when a new forward line comes on (9.12), the visitors first: ``rulebook`` (default) follows
  9.2's advice (late in the game Offense 1 with no forecheckers to protect a lead, Offense 3 with three to
  come from behind, otherwise Offense 2 with one forechecker); ``counter`` likewise, but counters an opponent's
  Offense 3 with the most forecheckers its offense allows and anything else with the fewest; or fixed:
  ``o1d0``, ``o1d1``, ``o2d1``, ``o2d2``, ``o3d2``, ``o3d3`` (9.11's allowed pairs).  Basic games ignore it.

* ``intimidate`` — with the ``intimidation`` rule in force, before an inside shot whose action card carries an
  I reading (12.1-12.3, "If the defending coach chooses to intimidate"): ``odds`` (default) follows 12.3's
  advice, declining "if the odds of penalty are high and the odds for successful intimidation are low" (the
  Intimidation Chart penalizes the intimidator's Penalty rating on 11 or more of the 20 numbers and his I rating
  covers 7 or fewer) "or if a power play presents a larger threat than the immediate scoring chance" (in the
  third period's last 10 action cards with the lead, when the chart's penalty numbers outnumber his I rating's);
  ``always``; ``never``.

"Any player" choices that the rules give to the coach (2.1 faceoffs, 5.2 X-Any D player, Lose puck to any D
player) go to the player with the highest Offense rating on the ice, alternating ties (4.31).

In the kernel each decision is a function of what the deciding side sees (``kernel/coaching.py``): the engine
builds the side's observation (period, overtime, action cards left, the score, its own goalie) and hands it to
the decision with the card facts it concerns; the game's state, the decks' order and the dice stay out of reach.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from simcore.errors import InputError

from .kernel.layout import N_POL, POL

PENETRATE = ("tendency", "never", "always")
PULL_GOALIE = ("trailing", "never")
SHELLED = ("stay", "relieve")
PP_UNITS = ("alternate", "first")
PASS_INSIDE = ("tendency", "never", "always")     # 11.0 (coaching.passes)
DEFLECT = ("always", "never")                     # 25.0 (coaching.deflects)
#: 9.0-9.2, the Advanced game's offense / defense alignment (kernel/coaching.py ``alignment``): ``rulebook``
#: follows 9.2's advice, ``counter`` also counters the opponent's offense, the rest are fixed (offense, defense).
INTIMIDATE = ("odds", "always", "never")          # 12.3 (coaching.intimidates)
ALIGNMENT = ("rulebook", "counter", "o1d0", "o1d1", "o2d1", "o2d2", "o3d2", "o3d3")


@dataclass(frozen=True)
class Coach:
    penetrate: str = "tendency"
    pull_goalie: str = "trailing"
    shelled: str = "stay"
    pp_units: str = "alternate"
    pass_inside: str = "tendency"
    deflect: str = "always"
    alignment: str = "rulebook"
    intimidate: str = "odds"

    def __post_init__(self):
        for f in fields(self):
            allowed = {"penetrate": PENETRATE, "pull_goalie": PULL_GOALIE, "shelled": SHELLED,
                       "pp_units": PP_UNITS, "pass_inside": PASS_INSIDE, "deflect": DEFLECT,
                       "alignment": ALIGNMENT, "intimidate": INTIMIDATE}[f.name]
            if getattr(self, f.name) not in allowed:
                raise InputError(f"coach policy {f.name}={getattr(self, f.name)!r} is not allowed; "
                                 f"allowed values: {', '.join(allowed)}")

    @classmethod
    def parse(cls, spec) -> "Coach":
        """``Coach``, None, or ``"penetrate=always,pull_goalie=never"``."""
        if spec is None or spec == "":
            return cls()
        if isinstance(spec, Coach):
            return spec
        items = {}
        for part in str(spec).split(","):
            if not part.strip():
                continue
            if "=" not in part:
                raise InputError(f"coach policy {part.strip()!r} must look like field=value; fields: "
                                 f"{', '.join(f.name for f in fields(cls))}")
            k, v = (s.strip() for s in part.split("=", 1))
            if k not in {f.name for f in fields(cls)}:
                raise InputError(f"unknown coach policy {k!r}; fields: {', '.join(f.name for f in fields(cls))}")
            if k in items and items[k] != v:
                raise InputError(f"coach policy {k!r} is given twice ({k}={items[k]} and {k}={v}); give each "
                                 "policy once")
            items[k] = v
        return cls(**items)

    @property
    def id(self) -> str:
        return ",".join(f"{f.name}={getattr(self, f.name)}" for f in fields(self))

    def numeric(self) -> np.ndarray:
        """The policies as the kernel's integer vector (slots kernel.layout.POL)."""
        r = np.zeros(N_POL, dtype=np.int64)
        r[POL.penetrate] = PENETRATE.index(self.penetrate)
        r[POL.pull] = PULL_GOALIE.index(self.pull_goalie)
        r[POL.shelled] = SHELLED.index(self.shelled)
        r[POL.pp_units] = PP_UNITS.index(self.pp_units)
        r[POL.pass_] = PASS_INSIDE.index(self.pass_inside)
        r[POL.deflect] = DEFLECT.index(self.deflect)
        r[POL.alignment] = ALIGNMENT.index(self.alignment)
        r[POL.intimidate] = INTIMIDATE.index(self.intimidate)
        return r
