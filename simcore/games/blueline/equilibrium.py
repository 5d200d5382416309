"""The secret card choice of a shot, solved exactly as a zero-sum game for every shot context.

The shooter picks one of the 5 SHOT ON GOAL cards, the goalie one of the 5 GOALIE POSITION cards, secretly and
at once ("Shots on Goal").  For a shot context (line, side, lane) the payoff is the goal probability of the
pair: 0 when the goalie's card matches the target (an automatic save), the chart's in-position goal probability
when the goalie picked the right half (top or bottom), the out-of-position one otherwise
(:func:`simcore.games.blueline.cards.outcome_matrix`).  The shooter maximises it, the goalie minimises it;
:func:`solve` finds both mixed strategies and the value by linear programming (``scipy.optimize.linprog``).
"""
from __future__ import annotations

import functools
import itertools

import numpy as np
from scipy.optimize import linprog

from .cards import GOALIE_CARDS, SHOT_CARDS, outcome_matrix
from .chart import IN, LANES, N_CONTEXTS, OUT, SIDES, Chart, context_of

def solve(matrix) -> tuple[np.ndarray, np.ndarray, float]:
    """The equilibrium of the zero-sum game ``matrix`` (rows: the maximising shooter's cards, columns: the
    minimising goalie's cards; entries: goal probabilities).

    Returns ``(shooter (m,), goalie (n,), value)``: the shooter's mix guarantees at least ``value`` against every
    goalie card, the goalie's at most ``value`` against every shooter card.  Two linear programs (HiGHS): the
    shooter's ``max v s.t. x^T A >= v, sum x = 1, x >= 0`` and the goalie's ``min w s.t. A y <= w``.
    """
    a = np.asarray(matrix, dtype=np.float64)
    m, n = a.shape
    # shooter: variables (x_1..x_m, v); minimise -v; for each column j: v - sum_i x_i a_ij <= 0
    res = linprog(np.r_[np.zeros(m), -1.0], A_ub=np.c_[-a.T, np.ones(n)], b_ub=np.zeros(n),
                  A_eq=np.r_[np.ones(m), 0.0][None, :], b_eq=[1.0],
                  bounds=[(0, None)] * m + [(None, None)], method="highs")
    if res.status != 0:
        raise RuntimeError(f"linprog failed on the shooter's program: {res.message}")
    x = _clean(res.x[:m])
    # goalie: variables (y_1..y_n, w); minimise w; for each row i: sum_j a_ij y_j - w <= 0
    res2 = linprog(np.r_[np.zeros(n), 1.0], A_ub=np.c_[a, -np.ones(m)], b_ub=np.zeros(m),
                   A_eq=np.r_[np.ones(n), 0.0][None, :], b_eq=[1.0],
                   bounds=[(0, None)] * n + [(None, None)], method="highs")
    if res2.status != 0:
        raise RuntimeError(f"linprog failed on the goalie's program: {res2.message}")
    y = _clean(res2.x[:n])
    return x, y, float(x @ a @ y)


def _clean(p: np.ndarray) -> np.ndarray:
    """A mix from the LP: tiny negative round-off clipped to 0, renormalised to sum to 1."""
    p = np.where(p < 0, 0.0, p)
    return p / p.sum()


def matrix_of(chart: Chart, context: int) -> np.ndarray:
    """(5, 5) goal probabilities of a context: rows SHOT_CARDS, columns GOALIE_CARDS."""
    line, side, lane = context_of(context)
    values = np.array([0.0, chart.goal_p(side, lane, IN, line), chart.goal_p(side, lane, OUT, line)])
    return values[outcome_matrix()]


def matrices(chart: Chart) -> np.ndarray:
    """(78, 5, 5) goal probabilities of every context (:func:`matrix_of`)."""
    return np.stack([matrix_of(chart, c) for c in range(N_CONTEXTS)])


@functools.lru_cache(maxsize=None)
def symmetries() -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """The relabellings of the cards that leave :func:`outcome_matrix` unchanged: pairs (shooter permutation,
    goalie permutation) ``(p, q)`` with ``outcome[p][:, q] == outcome`` (12 of them: the two top corners swapped
    on both sides, the three low targets permuted on both sides)."""
    om = outcome_matrix()
    perms = list(itertools.permutations(range(5)))
    return tuple((p, q) for p in perms for q in perms if np.array_equal(om[np.ix_(p, q)], om))


def symmetric(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The average of a card-game equilibrium over :func:`symmetries`: again an equilibrium (in a zero-sum game
    each side's optimal mixes form a convex set, and a relabelling of an optimal mix is optimal), and the same
    whichever optimal vertex the LP returned; the two top corners get equal weight, and so do the three low
    targets."""
    sym = symmetries()
    xs = sum(x[list(p)] for p, _ in sym) / len(sym)
    ys = sum(y[list(q)] for _, q in sym) / len(sym)
    return xs, ys


_CACHE: dict = {}


def solve_all(chart: Chart) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(shooter (78, 5), goalie (78, 5), value (78,))``: the symmetric equilibrium of every context
    (:func:`solve`, then :func:`symmetric`; cached per chart contents)."""
    key = chart.table.tobytes()
    if key not in _CACHE:
        sh, go, val = [], [], []
        for c in range(N_CONTEXTS):
            a = matrix_of(chart, c)
            x, y, _ = solve(a)
            x, y = symmetric(x, y)
            sh.append(x), go.append(y), val.append(float(x @ a @ y))
        _CACHE[key] = (np.array(sh), np.array(go), np.array(val))
    return tuple(a.copy() for a in _CACHE[key])


def context_goal_p(chart: Chart, shooter: str = "equilibrium", goalie: str | None = None) -> np.ndarray:
    """(78,) goal probability per shot of every context when the shooter plays the card policy ``shooter`` and
    the goalie ``goalie`` (default: the same name), e.g. ``context_goal_p(chart)`` at equilibrium,
    ``context_goal_p(chart, "random")`` under random cards.  Index by :func:`chart.context_index`."""
    from .cards import card_mixes

    s, _ = card_mixes(shooter, chart)
    _, g = card_mixes(goalie or shooter, chart)
    return np.einsum("ci,cij,cj->c", s, matrices(chart), g)


def _r(v) -> float:
    """A plain float, unrounded (so a mix still sums to 1 within 1e-15); + 0.0 turns -0.0 into 0.0."""
    return float(v) + 0.0


def contexts(chart: Chart) -> list[dict]:
    """Every context's game as JSON-safe dicts (the ``simcore blueline equilibrium --format json`` document):
    ``{"context": {"index", "line", "side", "lane"}, "shooter_cards" (codes, :data:`cards.SHOT_CARDS`),
    "goalie_cards" (:data:`cards.GOALIE_CARDS`), "matrix" (5x5, rows shooter
    cards, columns goalie cards), "shooter" [5], "goalie" [5], "value"}``; plain floats, not rounded (the
    chart's probabilities are 36ths; the LP's mixes are good to about 1e-12)."""
    sh, go, val = solve_all(chart)
    out = []
    for c in range(N_CONTEXTS):
        line, side, lane = context_of(c)
        out.append({
            "context": {"index": c, "line": line, "side": SIDES[side], "lane": LANES[lane]},
            "shooter_cards": list(SHOT_CARDS),
            "goalie_cards": list(GOALIE_CARDS),
            "matrix": [[_r(v) for v in row] for row in matrix_of(chart, c)],
            "shooter": [_r(v) for v in sh[c]],
            "goalie": [_r(v) for v in go[c]],
            "value": _r(val[c]),
        })
    return out


def equilibrium_document(chart: Chart) -> dict:
    """``{"contexts": contexts(chart)}``."""
    return {"contexts": contexts(chart)}
