"""Faceoffs (2.x): at center ice, or in a goalie's end after his save."""
from __future__ import annotations

import numba as nb

from .. import readings as R
from .draws import draw_split
from .events import log
from .ice import chain_reset, pick_any
from .coaching import ALIGN_FACEOFF, align_teams
from .layout import COL_OUT, EV, LEVEL_ADVANCED, M, MODE, NT, RULE, T, ZL
from .tables import fo_row, rule, spn


@nb.njit(cache=True, forceinline=True)
def faceoff(D, Z, RS, zone, pol, OT_, L):
    """Faceoff at center (``zone`` -1) or in ``zone``'s end after his goalie's save (2.1-2.21).  At
    level=advanced the coaches may first change their alignments (9.12 "or before any faceoff")."""
    Z[ZL.m + M.intim] = 0
    if rule(D, RULE.level) == LEVEL_ADVANCED:
        if Z[ZL.period] == 1 and Z[ZL.cards] == 0:
            for j in range(4):              # the game's opening faceoff: no alignment announced yet
                Z[ZL.align + j] = 0
        align_teams(Z, pol, L, ALIGN_FACEOFF)
    c = draw_split(Z, RS)
    r = fo_row(D, spn(D, c) - 1)
    w = D[r + 1]
    s = D[r + 2]
    if s == R.ANY or Z[ZL.ice + w * 6 + s] < 0:
        s = pick_any(D, Z, w, 0, -1, False)
    OT_[w * NT + T.fow] += 1
    log(Z, L, EV.faceoff, w, Z[ZL.ice + w * 6 + s] * 8 + s, zone, spn(D, c), 0)
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
