"""The Advanced rules of penetration: the Enforcer rule (26) and the Alternate Penetration system (31)."""
from __future__ import annotations

import numba as nb

from .ice import MIRROR
from .layout import F, RULE, ZL
from .tables import rule, sk

#: 31.1, the default assignments: LW against RD, C against C, RW against LD, LD against RW, RD against LW (the
#: extra skater against the center), by attacking ice slot
ALTERNATE = (4, 1, 3, 2, 0, 1)
ENFORCER_RATINGS = 1                # 26.1: Penalty ratings AA (0) and A (1) make an enforcer


@nb.njit(inline="always", cache=True)
def has_enforcer(D, Z, t):
    """26.1: is an "enforcer" (a player with an A or AA Penalty Rating) among team ``t``'s players on the ice?"""
    for s in range(6):
        q = Z[ZL.ice + t * 6 + s]
        if q >= 0 and sk(D, q, F.pen) <= ENFORCER_RATINGS:
            return True
    return False


@nb.njit(inline="always", cache=True)
def penetration_rating(D, Z, t, b):
    """26.2: team ``t``'s Breakaway/Penetration rating ``b`` on the penetration chart, one lower (not below 1) when
    only the other team has an enforcer on the ice; unchanged unless the ``enforcer`` rule is in force."""
    if rule(D, RULE.enforcer) and b > 1 and has_enforcer(D, Z, 1 - t) and not has_enforcer(D, Z, t):
        return b - 1
    return b


@nb.njit(inline="always", cache=True)
def penetrated_against(D, slot):
    """The defending slot a penetration from ``slot`` works against, who takes the puck when it fails: the
    matched-up opponent (6.1), or the Alternate Penetration system's assignment (31.1)."""
    return ALTERNATE[slot] if rule(D, RULE.pen_alt) else MIRROR[slot]
