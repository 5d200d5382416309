"""The play-by-play log: one row per event (layout.EV codes, row fields layout.LR), and readings packed into
one log field."""
from __future__ import annotations

import numba as nb

from simcore.nbhints import unlikely

from .layout import LOG_W, LR, ZL


@nb.njit(inline="always", cache=True)
def log(Z, L, code, side, a, b, c, d):
    if unlikely(Z[ZL.logcap] > 0):      # the play-by-play only
        i = Z[ZL.logn]
        if i < Z[ZL.logcap]:
            L[i * LOG_W + LR.period] = Z[ZL.period]
            L[i * LOG_W + LR.card] = Z[ZL.cur]
            L[i * LOG_W + LR.code] = code
            L[i * LOG_W + LR.side] = side
            L[i * LOG_W + LR.a] = a
            L[i * LOG_W + LR.b] = b
            L[i * LOG_W + LR.c] = c
            L[i * LOG_W + LR.d] = d
            Z[ZL.logn] = i + 1


@nb.njit(inline="always", cache=True)
def enc(D, r):
    """A reading (kind, a, b, c) packed into one log field (see pbp.dec)."""
    return ((D[r + 0] * 100 + D[r + 1] + 1) * 100 + D[r + 2] + 1) * 100 + D[r + 3] + 1
