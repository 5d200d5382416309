"""Faceoffs (2.x): at center ice, or in a goalie's end after his save; the Basic chart (2.1), or the Advanced
(8.1-8.11) or Super Advanced (8.2-8.21) chart by the faceoff men's ratings (rule ``faceoffs``)."""
from __future__ import annotations

import numba as nb

from simcore.nbhints import unlikely

from .. import readings as R
from ..advdeck import FACEOFF_THROWN
from .draws import draw_split
from .events import log
from .ice import chain_reset, pick_any
from .coaching import ALIGN_FACEOFF, align_teams
from .layout import COL_OUT, EV, F, FO_ADVANCED, FO_BASIC, FO_SUPER, LEVEL_ADVANCED, M, MODE, NT, RULE, T, ZL
from .tables import afo_row, fo_row, rule, sfo_row, sk, skfo, spn

C_POS = R.C


@nb.njit(inline="always", cache=True)
def on_power_play(Z, t):
    """8.2's power-play bonus: team ``t`` has more skaters, counting the penalty queue's manpower state
    (kernel/manpower.py) and the extra skater (13.3: "as long as the extra skater gives his team a numerical
    advantage in skaters ... his team gets the benefits of a power play team").  Open play is at full strength in
    the Basic and Advanced power plays (7.3, 16.3: the Power Play Chart), so there it is the extra skater's edge."""
    return (Z[ZL.manpower + t] + (1 if Z[ZL.pull + t] else 0)
            > Z[ZL.manpower + 1 - t] + (1 if Z[ZL.pull + 1 - t] else 0))


@nb.njit(inline="always", cache=True)
def rated_at_center(D, p):
    return sk(D, p, F.pos1) == C_POS or sk(D, p, F.pos2) == C_POS


@nb.njit(inline="always", cache=True)
def fo_difference(D, Z, chart, ph, pv):
    """The home side's difference (negative: the visitors are superior) between faceoff men ``ph`` and ``pv``:
    their ratings (8.1); on the Super Advanced chart plus the bonuses, +3 for the power play and +1 for a man
    rated at center against one who is not (8.2).  Returns (difference, bonus bits: 1 home PP, 2 visitor PP,
    4 home center, 8 visitor center)."""
    dif = skfo(D, ph) - skfo(D, pv)
    bits = 0
    if chart == FO_SUPER:
        if on_power_play(Z, 0):
            dif += 3
            bits |= 1
        if on_power_play(Z, 1):
            dif -= 3
            bits |= 2
        ch = rated_at_center(D, ph)
        cv = rated_at_center(D, pv)
        if ch and not cv:
            dif += 1
            bits |= 4
        if cv and not ch:
            dif -= 1
            bits |= 8
    return dif, bits


@nb.njit(inline="always", cache=True)
def faceoff_man(D, Z, t, chart, skip):
    """Side ``t``'s slot that takes the faceoff: the center (8.1 "the opposing centers on the ice"); on the Super
    Advanced chart the forward with the best faceoff rating, the center unless a winger's is better (8.2
    "usually the centers, but sometimes a winger will have a better faceoff rating than his center").  ``skip``:
    a bit mask of the slots thrown out of the circle in this faceoff (bit ``s`` for slot ``s``; 8.21: "choose
    another player on the ice"), 0 none.  A vacant forward slot is passed over; with no forward left, the best
    of the defensemen; -1 when every skater on the ice is skipped."""
    if chart == FO_ADVANCED and (skip >> 1) & 1 == 0 and Z[ZL.ice + t * 6 + 1] >= 0:
        return 1
    best = -1
    br = -1
    for k in range(5):
        s = (1, 0, 2, 3, 4)[k]                 # the center first: a winger must be better to take it
        p = Z[ZL.ice + t * 6 + s]
        if (skip >> s) & 1 or p < 0 or (s >= 3 and best >= 0):
            continue
        if skfo(D, p) > br:
            best = s
            br = skfo(D, p)
    return best


@nb.njit(cache=True)
def rated_faceoff(D, Z, RS, chart, L):
    """The Advanced (8.1-8.11) or Super Advanced (8.2-8.21) faceoff chart: the column by the difference of the
    faceoff men, Even read by home and visitors, the others by the superior and inferior sides; a thrown-out
    reading (8.21) sends another man of that side in and the faceoff is drawn again.  Returns (winning side, slot
    named, split number, the play-by-play's column code 1 + column + 8 * (chart - 1) + 64 * superior side)."""
    mh = faceoff_man(D, Z, 0, chart, 0)
    mv = faceoff_man(D, Z, 1, chart, 0)
    out_h = 0                                   # each side's slots thrown out so far (bit masks)
    out_v = 0
    while True:
        ph = Z[ZL.ice + mh]
        pv = Z[ZL.ice + 6 + mv]
        dif, bits = fo_difference(D, Z, chart, ph, pv)
        last = 2 if chart == FO_ADVANCED else 4
        col = min(abs(dif), last)
        sup = 0 if dif >= 0 else 1
        log(Z, L, EV.fo_men, sup, ph * 8 + mh, pv * 8 + mv, dif, bits)
        c = draw_split(Z, RS)
        n = spn(D, c)
        r = afo_row(D, n - 1, col) if chart == FO_ADVANCED else sfo_row(D, n - 1, col)
        first = 0 if col == 0 else sup          # the side the chart's first reading (home / superior) names
        side = first if D[r + 1] == 0 else 1 - first
        if D[r + 0] != FACEOFF_THROWN:
            return side, D[r + 2], n, 1 + col + 8 * (chart - 1) + 64 * sup
        # 8.21: thrown out of the circle
        if rule(D, RULE.thrown_out):
            m = mh if side == 0 else mv
            out = (out_h if side == 0 else out_v) | (1 << m)    # a man thrown out does not take it again
            nm = faceoff_man(D, Z, side, FO_SUPER, out)
            if nm < 0:                           # every skater of the side thrown out: the others may come back
                out = 1 << m
                nm = faceoff_man(D, Z, side, FO_SUPER, out)
            log(Z, L, EV.fo_thrown, side, Z[ZL.ice + side * 6 + m] * 8 + m, Z[ZL.ice + side * 6 + nm] * 8 + nm, n, 0)
            if side == 0:
                mh, out_h = nm, out
            else:
                mv, out_v = nm, out
        else:
            log(Z, L, EV.fo_thrown, side, -1, -1, n, 1)


@nb.njit(cache=True, forceinline=True)
def faceoff(D, Z, RS, zone, pol, OT_, L, adv):
    """Faceoff at center (``zone`` -1) or in ``zone``'s end after his goalie's save (2.1-2.21).  At
    level=advanced the coaches may first change their alignments (9.12 "or before any faceoff").  ``adv``:
    whether any Advanced rule is in force (:func:`.tables.advanced_rules`); without, the Basic chart."""
    chart = FO_BASIC
    if unlikely(adv):
        Z[ZL.m + M.intim] = 0
        if rule(D, RULE.level) == LEVEL_ADVANCED:
            if Z[ZL.period] == 1 and Z[ZL.cards] == 0:
                for j in range(4):              # the game's opening faceoff: no alignment announced yet
                    Z[ZL.align + j] = 0
            align_teams(Z, pol, L, ALIGN_FACEOFF)
        chart = rule(D, RULE.faceoffs)
    if chart == FO_BASIC:
        c = draw_split(Z, RS)
        n = spn(D, c)
        r = fo_row(D, n - 1)
        w = D[r + 1]
        s = D[r + 2]
        how = 0
    else:
        w, s, n, how = rated_faceoff(D, Z, RS, chart, L)
    if s == R.ANY or Z[ZL.ice + w * 6 + s] < 0:
        s = pick_any(D, Z, w, 0, -1, False)
    OT_[w * NT + T.fow] += 1
    log(Z, L, EV.faceoff, w, Z[ZL.ice + w * 6 + s] * 8 + s, zone, n, how)
    chain_reset(Z)
    if zone >= 0 and w != zone:
        Z[ZL.m + M.mode] = MODE.shot        # 2.21: an outside shot, with the option to penetrate
        Z[ZL.m + M.team] = w
        Z[ZL.m + M.slot] = s
        Z[ZL.m + M.col] = COL_OUT
        Z[ZL.m + M.unrestricted] = 1
        return
    Z[ZL.m + M.mode] = MODE.action
    Z[ZL.m + M.team] = w
    Z[ZL.m + M.slot] = s
