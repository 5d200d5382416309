"""Game-flow measures from period-by-period scores, shared by every game that records them.

``margins`` is ``int[n_games, n_periods]``: home minus away goals at the end of each period (cumulative).
"""
from __future__ import annotations

import numpy as np


def lead_changes(margins: np.ndarray) -> np.ndarray:
    """Per game, the times the leader at a period's end differs from the previous leader (a level score in
    between is skipped: home ahead, level, away ahead is one change)."""
    sign = np.sign(np.asarray(margins))
    last = np.zeros(sign.shape[0], dtype=np.int64)
    changes = np.zeros(sign.shape[0], dtype=np.int64)
    for k in range(sign.shape[1]):
        s = sign[:, k]
        changes += (s != 0) & (last != 0) & (s != last)
        last = np.where(s != 0, s, last)
    return changes


def comeback(margins: np.ndarray, winner) -> np.ndarray:
    """Per game, whether the winner (``"home"``/``"away"``) trailed at the end of any of ``margins``' periods."""
    m = np.asarray(margins)
    w = np.asarray(winner).astype(str)
    return ((w == "home") & (m < 0).any(axis=1)) | ((w == "away") & (m > 0).any(axis=1))
