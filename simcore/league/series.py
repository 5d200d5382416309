"""Playoff series odds for independent games.

* :func:`series_win_prob` -- closed form for a team that wins every game with
  the same probability ``p``: to take a best-of-``2n-1`` series it must win
  ``n`` games before losing ``n``, i.e. win the last game played after exactly
  ``k`` losses (``k = 0 .. n-1``) among the games before it::

      P(p) = sum_{k=0}^{n-1} C(n-1+k, k) p^n (1-p)^k

  (best-of-7 at ``p = 0.6``: 0.710208).
* :func:`series_win_prob_pattern` -- exact recursion when the team wins a home
  game with ``p_home`` and a road game with ``p_away``, game ``g`` being home or
  away according to a home pattern such as the NHL's ``"2-2-1-1-1"`` (from the
  view of the team with home ice: games 1-2 home, 3-4 away, 5 home, 6 away,
  7 home).
"""
from __future__ import annotations

import math

import numpy as np

from simcore.checks import is_whole
from simcore.errors import InputError

__all__ = ["series_win_prob", "series_win_prob_pattern", "default_pattern", "parse_pattern"]


def _check_best_of(best_of) -> int:
    if not is_whole(best_of):
        raise InputError(f"best_of must be a positive odd integer, got {best_of!r}")
    if best_of < 1 or best_of % 2 == 0:
        raise InputError(f"best_of must be a positive odd integer, got {best_of}")
    return int(best_of)


def _check_p(p, name: str = "p"):
    raw = np.asarray(p)
    if raw.dtype.kind not in "iuf":     # True is not a probability of 1, nor "0.6" one of 0.6
        raise InputError(f"{name} must be a number or numbers in [0, 1], got {p!r}")
    arr = raw.astype(float)
    if not np.all(np.isfinite(arr)) or np.any(arr < 0.0) or np.any(arr > 1.0):
        raise InputError(f"{name} must lie in [0, 1], got {p!r}")
    return arr


def series_win_prob(p, best_of: int = 7):
    """Probability of winning a best-of-``best_of`` series, each game won
    independently with probability ``p``.

    ``p`` may be a float (a float is returned) or array-like (an array of the
    same shape is returned).  ``best_of`` must be a positive odd integer.
    """
    best_of = _check_best_of(best_of)
    arr = _check_p(p)
    n = (best_of + 1) // 2
    q = 1.0 - arr
    total = np.zeros_like(arr)
    for k in range(n):
        total = total + math.comb(n - 1 + k, k) * q**k
    out = arr**n * total
    return float(out) if out.ndim == 0 else out


def default_pattern(best_of: int) -> str:
    """Home pattern used when none is given: ``"2-2-1-1-1"`` for best-of-7,
    ``"2-2-1"`` for best-of-5, alternating single games for best-of-3 and 1,
    and in general two home, two away, then alternating single games."""
    best_of = _check_best_of(best_of)
    if best_of <= 3:
        return "-".join(["1"] * best_of)
    return "-".join(["2", "2"] + ["1"] * (best_of - 4))


def parse_pattern(pattern: str, best_of: int) -> tuple[bool, ...]:
    """Home flags per game from a pattern like ``"2-2-1-1-1"``.

    Blocks alternate home, away, home, ... starting with the team that has
    home ice; the block sizes must be positive and sum to ``best_of``.
    """
    best_of = _check_best_of(best_of)
    if not isinstance(pattern, str):    # 7 would read as "7", every game at home
        raise InputError(f"pattern must be block sizes joined by '-', like '2-2-1-1-1'; got {pattern!r}")
    try:
        blocks = [int(b) for b in pattern.split("-")]
    except ValueError:
        raise InputError(f"pattern must be block sizes joined by '-', like '2-2-1-1-1'; got {pattern!r}") from None
    if any(b < 1 for b in blocks):
        raise InputError(f"pattern {pattern!r} has a block of {min(blocks)} games; every block is 1 game or more")
    if sum(blocks) != best_of:
        raise InputError(f"pattern {pattern!r} has {sum(blocks)} games; its blocks must add up to the series' "
                         f"best_of={best_of}")
    flags: list[bool] = []
    for i, b in enumerate(blocks):
        flags.extend([i % 2 == 0] * b)
    return tuple(flags)


def series_win_prob_pattern(p_home, p_away, best_of: int = 7, pattern: str | None = "2-2-1-1-1") -> float:
    """Exact probability that the team with home ice wins the series.

    It wins a home game with probability ``p_home`` and a road game with
    ``p_away`` (games independent); game ``g`` is at home when the pattern says
    so.  ``pattern=None`` uses :func:`default_pattern` for ``best_of``; the
    default ``"2-2-1-1-1"`` fits only ``best_of=7``.  Computed exactly over
    (games played, games won), game by game.  A series stopped once decided
    has the same winner as the same games played out in full, so the answer
    depends only on how many of the ``best_of`` slots are home games, not on
    their order ("2-2-1-1-1" and "2-3-2" agree); with ``p_home == p_away`` it
    equals :func:`series_win_prob`.
    """
    best_of = _check_best_of(best_of)
    ph_arr, pa_arr = _check_p(p_home, "p_home"), _check_p(p_away, "p_away")
    if ph_arr.ndim or pa_arr.ndim:
        raise InputError("series_win_prob_pattern takes scalar p_home and p_away")
    ph, pa = float(ph_arr), float(pa_arr)
    if pattern is None:
        pattern = default_pattern(best_of)
    home = parse_pattern(pattern, best_of)
    need = (best_of + 1) // 2
    wins = np.zeros(best_of + 1)           # P(w games won) after the games so far, every game played out
    wins[0] = 1.0
    for g in range(best_of):
        p = ph if home[g] else pa
        wins[1:g + 2] = wins[1:g + 2] * (1.0 - p) + wins[:g + 1] * p
        wins[0] *= 1.0 - p
    return float(wins[need:].sum())
