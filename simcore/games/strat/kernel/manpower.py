"""The penalty queue and the manpower state: the penalties being served, as (side, offender, minutes), and the
skaters each side has on the ice because of them (5 on 5, 5 on 4, ...).

The Basic and Advanced power plays (7.3-7.36, 16.3-16.51) serve one minor at a time, settled on the Power Play
Chart, so the queue holds at most the minor being killed; the Super Advanced power play (18-23: 5-on-3, 4-on-4,
penalties timed on the Penalty Timing chart) reads the same queue.  ``Z[ZL.penq + 3 * i + k]``: entry ``i``'s side
(k 0), offender (k 1: skater id, or -1 - goalie id) and minutes (k 2); ``Z[ZL.npen]`` entries.
"""
from __future__ import annotations

import numba as nb

from .events import log
from .layout import EV, PENQ_CAP, ZL

FULL_STRENGTH = 5                  # skaters a side ices at even strength (Getting Started)
MIN_SKATERS = 3                    # fewest skaters a side ices however many penalties it serves (23.0)


@nb.njit(inline="always", cache=True)
def manpower(Z):
    """Set ``Z[ZL.manpower + side]`` from the queue: full strength less one per penalty the side serves, never
    below three."""
    for side in range(2):
        n = FULL_STRENGTH
        for i in range(Z[ZL.npen]):
            if Z[ZL.penq + 3 * i] == side:
                n -= 1
        Z[ZL.manpower + side] = n if n > MIN_SKATERS else MIN_SKATERS


@nb.njit(cache=True, forceinline=True)
def queue_penalty(Z, L, side, offender, minutes):
    """Side ``side``'s ``offender`` starts serving ``minutes``; the new manpower is logged."""
    i = Z[ZL.npen]
    if i >= PENQ_CAP:
        raise ValueError("more penalties served at once than the penalty queue holds")
    Z[ZL.penq + 3 * i] = side
    Z[ZL.penq + 3 * i + 1] = offender
    Z[ZL.penq + 3 * i + 2] = minutes
    Z[ZL.npen] = i + 1
    manpower(Z)
    log(Z, L, EV.manpower, side, Z[ZL.manpower], Z[ZL.manpower + 1], 0, 0)


@nb.njit(cache=True, forceinline=True)
def release_penalty(Z, L, side):
    """The oldest penalty side ``side`` serves is over (a power-play goal, or its time is up); the new manpower
    is logged."""
    n = Z[ZL.npen]
    for i in range(n):
        if Z[ZL.penq + 3 * i] == side:
            for j in range(i, n - 1):
                for k in range(3):
                    Z[ZL.penq + 3 * j + k] = Z[ZL.penq + 3 * (j + 1) + k]
            Z[ZL.npen] = n - 1
            manpower(Z)
            log(Z, L, EV.manpower, side, Z[ZL.manpower], Z[ZL.manpower + 1], 1, 0)
            return


@nb.njit(inline="always", cache=True)
def clear_penalties(Z):
    Z[ZL.npen] = 0
    Z[ZL.manpower] = FULL_STRENGTH
    Z[ZL.manpower + 1] = FULL_STRENGTH
