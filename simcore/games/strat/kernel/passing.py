"""Passing instead of penetrating (11.0-11.4: the split card's Passing section) and the Passing L chart (11.5)."""
from __future__ import annotations

import numba as nb

from .. import readings as R
from .. import shotcharts as SC
from .draws import draw_split, split_in
from .events import enc, log
from .ice import MIRROR, SELF_PASS, chain_add, pick_any
from .layout import COL_IN, EV, F, HDR, M, MAX_ROSTER, MODE, NP, NT, P, RULE, T, ZL
from .tables import passc_row, rule, sk, spn


@nb.njit(inline="always", cache=True)
def spp_row(D, c, m):
    """Index of split card ``c``'s Passing reading against manpower ``m`` (shotcharts.MANPOWER: SH, E, PP)."""
    return D[HDR.spp] + (c * 3 + m) * 4


@nb.njit(inline="always", cache=True)
def _defender_has_puck(D, Z, d, s):
    """Team ``d``'s ``s`` takes the puck and draws (any player when the position is vacant)."""
    if s < 0 or Z[ZL.ice + d * 6 + s] < 0:
        s = pick_any(D, Z, d, 0, -1, False)
    Z[ZL.m + M.mode] = MODE.action
    Z[ZL.m + M.team] = d
    Z[ZL.m + M.slot] = s


@nb.njit(cache=True)
def passing_l_completes(D, Z, RS, t, passer, passer_slot, s, L):
    """11.5: a Passing L inside shot from team ``t``'s ``passer`` (skater id) to slot ``s``: a split card on the
    Passing L chart by the passer's Assist rating, unadjusted ("On a power play, use defensemen's unadjusted
    rating").  True when completed; otherwise the receiver's matched defender has the puck (docs/strat.md)."""
    a = sk(D, passer, F.ast)
    log(Z, L, EV.pass_in, t, passer * 8 + passer_slot, a, 1, s)
    if split_in(D, Z, RS, L, t, D[D[HDR.plc] + a * 2], D[D[HDR.plc] + a * 2 + 1]):
        return True
    _defender_has_puck(D, Z, 1 - t, MIRROR[s])
    return False


@nb.njit(cache=True)
def pass_inside(D, Z, RS, t, slot, OT_, OP, L):
    """11.0: team ``t``'s ``slot`` passes inside instead of taking his outside shot.  A split card's Passing section,
    the E reading (11.4): 11.1 the passer's matched opponent (or the defender named) has the puck; 11.2 the
    forward named shoots inside; 11.3 the passer's Passing column at the letter, read as an action card's Passing
    reading is (4.2), the Passing L chart included (11.5)."""
    d = 1 - t
    p = Z[ZL.ice + t * 6 + slot]
    OT_[t * NT + T.pass_try] += 1
    OP[(t * MAX_ROSTER + sk(D, p, F.slot)) * NP + P.pass_try] += 1
    c = draw_split(Z, RS)
    r = spp_row(D, c, SC.E)
    log(Z, L, EV.pass_in, t, p * 8 + slot, spn(D, c), 0, enc(D, r))
    k = D[r + 0]
    if k == SC.PASS_TO:
        s = D[r + 1]
        if s == slot:
            s = SELF_PASS[s]            # 4.41 "a player cannot make a pass to himself" (4.42's substitution)
    elif k == SC.PASS_LETTER:
        pr = passc_row(D, p, D[r + 1] - 9)
        log(Z, L, EV.pass_, t, p * 8 + slot, D[r + 1], 0, enc(D, pr))
        if D[pr + 0] != R.PASS_INSIDE:
            _defender_has_puck(D, Z, d, D[pr + 1] if D[pr + 1] != R.ANY else -1)
            return
        s = D[pr + 1]
        if s == R.ANY:
            s = pick_any(D, Z, t, 0, slot, True)
        elif s == slot:
            s = SELF_PASS[s]
        if s >= 0 and s != slot and Z[ZL.ice + t * 6 + s] >= 0 and D[r + 1] == 11 and rule(D, RULE.passing_l):
            if not passing_l_completes(D, Z, RS, t, p, slot, s, L):
                return
    else:                               # 11.1 PASS_LOSE
        _defender_has_puck(D, Z, d, MIRROR[slot] if D[r + 1] < 0 else D[r + 1])
        return
    if s < 0 or Z[ZL.ice + t * 6 + s] < 0:
        s = slot                        # nobody to pass to: he keeps the puck and goes in himself
    if s != slot:
        chain_add(Z, t, p)              # 14.1: his pass contributes to a goal
    OT_[t * NT + T.pass_ok] += 1
    OP[(t * MAX_ROSTER + sk(D, p, F.slot)) * NP + P.pass_ok] += 1
    Z[ZL.m + M.mode] = MODE.shot
    Z[ZL.m + M.team] = t
    Z[ZL.m + M.slot] = s
    Z[ZL.m + M.col] = COL_IN
    Z[ZL.m + M.unrestricted] = 0
