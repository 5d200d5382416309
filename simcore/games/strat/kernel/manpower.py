"""The penalty queue and the manpower state.

A penalty is an entry of a queue in the game state, from the moment it is called until its time is served:

* **called** (:data:`QS_CALLED`): charged, its power play not begun.  It waits for the next step of the period
  (the power play of 7.3 begins at once), for the next period (a penalty at the buzzer, 7.37), or behind another
  minor of the same side (two minors called together are served one after the other);
* **serving** (:data:`QS_SERVING`): the offender is in the box and his side plays a skater short.  Its time is
  counted in action cards: every action card flipped off the period's deck while it is served, in play or for a
  power play's elapsed time, counts one off (a line-change card does not count, 7.31), and at none left it is
  over.  The clock reads the deck (:func:`run_clock`): the step that needs a penalty's time runs it, and
  :func:`expire` ends those served.  The Basic and Advanced games serve a penalty only in the power-play step,
  which runs it; a step serving penalties while play goes on (23.0's four on four) runs the same clock.  A
  power-play goal ends it early (:func:`release_penalty`, 7.34); the period's end ends what is left of it
  (:func:`period_over`).

The manpower state (``Z[ZL.manpower + side]``: skaters on the ice, goalie and extra skater not counted) follows
from the serving entries: five less one per penalty served, never below three (23.0's five against three is the
fewest).  The Basic and Advanced power plays (7.3-7.36, 16.3-16.51) begin one called minor at a time and serve
it on the Power Play Chart: its shots are the power play and its elapsed-time cards (two, three in the Advanced
game) are the minor's whole time, so the entry has no time left once they are flipped.  The Super Advanced power
play (18-23: 5 on 3, 4 on 4, the timing chart) is to serve penalties on the same queue while play goes on.

``Z[ZL.penq + NQ * i + Q.*]``: entry ``i``'s side, offender (skater id, or -1 - goalie id), minutes, action
cards left, state, and a skater of the other side in the box with him who is not short-handed for it (the
goalie-penalty retaliation, 5.73 ``retaliation=power_play``; -1 none).  ``Z[ZL.npen]`` entries, oldest first.
"""
from __future__ import annotations

import numba as nb

from .events import log
from .layout import EV, MP_BEGIN, MP_GOAL, MP_PERIOD, MP_SERVED, NQ, PENQ_CAP, Q, ZL

FULL_STRENGTH = 5                  # skaters a side ices at even strength (Getting Started)
MIN_SKATERS = 3                    # fewest skaters a side ices however many penalties it serves (23.0)
QS_CALLED, QS_SERVING = 0, 1       # an entry's Q.state


@nb.njit(inline="always", cache=True)
def _at(i, k):
    return ZL.penq + NQ * i + k


@nb.njit(inline="always", cache=True)
def manpower(Z):
    """Set ``Z[ZL.manpower + side]`` from the queue: full strength less one per penalty the side serves, never
    below three."""
    for side in range(2):
        n = FULL_STRENGTH
        for i in range(Z[ZL.npen]):
            if Z[_at(i, Q.side)] == side and Z[_at(i, Q.state)] == QS_SERVING:
                n -= 1
        Z[ZL.manpower + side] = n if n > MIN_SKATERS else MIN_SKATERS


@nb.njit(cache=True, forceinline=True)
def call_penalty(Z, side, offender, minutes, ppout):
    """Side ``side``'s ``offender`` is called for ``minutes``: a called entry at the end of the queue (its
    power play not begun).  ``ppout``: the other side's skater in the box with him (5.73), -1 none."""
    i = Z[ZL.npen]
    if i >= PENQ_CAP:
        raise ValueError("more penalties called at once than the penalty queue holds")
    Z[_at(i, Q.side)] = side
    Z[_at(i, Q.who)] = offender
    Z[_at(i, Q.minutes)] = minutes
    Z[_at(i, Q.left)] = 0
    Z[_at(i, Q.state)] = QS_CALLED
    Z[_at(i, Q.ppout)] = ppout
    Z[ZL.npen] = i + 1


@nb.njit(inline="always", cache=True)
def first_called(Z):
    """The oldest called entry (its power play is the next to begin); -1 none."""
    for i in range(Z[ZL.npen]):
        if Z[_at(i, Q.state)] == QS_CALLED:
            return i
    return -1


@nb.njit(inline="always", cache=True)
def entry(Z, i, k):
    """Field ``k`` (``Q.*``) of entry ``i``."""
    return Z[_at(i, k)]


@nb.njit(cache=True, forceinline=True)
def begin_serving(Z, L, i, cards):
    """Entry ``i`` begins to be served, ``cards`` action cards long (the clock is brought up to date first, so
    cards flipped before do not count for it); the new manpower is logged."""
    run_clock(Z)
    Z[_at(i, Q.state)] = QS_SERVING
    Z[_at(i, Q.left)] = cards
    manpower(Z)
    log(Z, L, EV.manpower, Z[_at(i, Q.side)], Z[ZL.manpower], Z[ZL.manpower + 1], MP_BEGIN, 0)


@nb.njit(cache=True, forceinline=True)
def run_clock(Z):
    """Count the action cards flipped since the clock last ran (the period's deck from ``Z[ZL.clock]`` to the
    cursor; a line-change card does not count, 7.31): each is one card less for every penalty served.  The
    clock reads the deck, so drawing a card costs nothing; :func:`expire` then ends those with none left."""
    serving = False
    for i in range(Z[ZL.npen]):
        if Z[_at(i, Q.state)] == QS_SERVING:
            serving = True
    if serving:                 # else nothing to count: the clock only moves on
        for k in range(Z[ZL.clock], Z[ZL.cur]):
            if Z[ZL.deck + k] >= 0:
                for i in range(Z[ZL.npen]):
                    if Z[_at(i, Q.state)] == QS_SERVING and Z[_at(i, Q.left)] > 0:
                        Z[_at(i, Q.left)] -= 1
    Z[ZL.clock] = Z[ZL.cur]


@nb.njit(cache=True, forceinline=True)
def run_clock_expire(Z, L):
    """:func:`run_clock`, then :func:`expire`: the penalties whose time the cards flipped so far have served end."""
    run_clock(Z)
    expire(Z, L)


@nb.njit(cache=True, forceinline=True)
def _drop(Z, L, i, how):
    side = Z[_at(i, Q.side)]
    n = Z[ZL.npen]
    for j in range(i, n - 1):
        for k in range(NQ):
            Z[_at(j, k)] = Z[_at(j + 1, k)]
    Z[ZL.npen] = n - 1
    manpower(Z)
    log(Z, L, EV.manpower, side, Z[ZL.manpower], Z[ZL.manpower + 1], how, 0)


@nb.njit(cache=True, forceinline=True)
def _end_serving(Z, L, how):
    """End the penalties served whose time is up, or (``how`` MP_PERIOD) all of them; each is logged with the
    new manpower and ``how``."""
    i = 0
    while i < Z[ZL.npen]:
        if Z[_at(i, Q.state)] == QS_SERVING and (how == MP_PERIOD or Z[_at(i, Q.left)] <= 0):
            _drop(Z, L, i, how)
        else:
            i += 1


@nb.njit(cache=True, forceinline=True)
def expire(Z, L):
    """End every penalty served whose time is up."""
    _end_serving(Z, L, MP_SERVED)


@nb.njit(cache=True, forceinline=True)
def release_penalty(Z, L, side):
    """A power-play goal against ``side`` (7.34: "If the power play team scores, the penalty is over"): the
    penalty it serves with the least time left is over."""
    best = -1
    for i in range(Z[ZL.npen]):
        if Z[_at(i, Q.side)] == side and Z[_at(i, Q.state)] == QS_SERVING:
            if best < 0 or Z[_at(i, Q.left)] < Z[_at(best, Q.left)]:
                best = i
    if best >= 0:
        _drop(Z, L, best, MP_GOAL)


@nb.njit(cache=True)
def period_over(Z, L):
    """The period's deck is spent: penalties being served end with it (their power play was played on the
    chart, whose elapsed-time cards the deck could not all give); called penalties wait for the next period
    (7.37)."""
    _end_serving(Z, L, MP_PERIOD)


@nb.njit(inline="always", cache=True)
def clear_penalties(Z):
    """An empty queue, both sides at full strength (a game's start; 7.38: a penalty on the game's last card is
    charged with no power play)."""
    Z[ZL.npen] = 0
    Z[ZL.manpower] = FULL_STRENGTH
    Z[ZL.manpower + 1] = FULL_STRENGTH
