"""How the unprinted EZR chart cells were reconstructed (docs/ezr.md, "Reconstructions").

These functions regenerate the ``reconstructed`` cells of the shipped data
files; a test checks that the files still equal their output.  They run only
when someone rebuilds the data, never during a simulation.
"""
from __future__ import annotations

import numpy as np
from scipy.optimize import brentq
from scipy.special import expit, logit

#: Printed Goals Scored rows: upper end of columns 0, 1, 2, 3, 4, d6 (?? is 100).
PRINTED_GOALS = {
    10: (7, 22, 42, 65, 91, 99),
    9: (8, 26, 48, 69, 93, 99),
    8: (8, 30, 53, 77, 95, 99),
}
#: Target for the average matchup (EZR 0): goals per team per game, read off the
#: table alone (no ?? chart), NHL 2018-19 (shared reference: 2.98, 3.02 with shootout winners).
AVERAGE_MATCHUP_EZR = 0
TARGET_GOALS_PER_GAME = 3.0
EZR_LINES = list(range(10, -8, -1))


def goals_distribution(cuts) -> np.ndarray:
    """Goals in one period for a row given as upper ends of 0,1,2,3,4,d6 within 1-99."""
    edges = np.concatenate([[0.0], np.asarray(cuts, dtype=float)])
    p = np.diff(edges) / 99.0
    g = np.zeros(7)
    g[:5] += p[:5]
    g[1:7] += p[5] / 6.0
    return g


def _mean_per_game(cuts) -> float:
    return 3.0 * float(goals_distribution(cuts) @ np.arange(7))


def ordered_logit_fit():
    """Proportional-odds model ``P(col <= k | e) = logistic(theta_k - beta * e)``.

    The thresholds ``theta_k`` are the least-squares fit to the printed rows'
    cumulative logits for a given slope; the common slope ``beta`` is the one
    that gives the average matchup exactly :data:`TARGET_GOALS_PER_GAME`.
    Returns ``(theta, beta)``.
    """
    e = np.array(sorted(PRINTED_GOALS))
    lg = np.array([logit(np.array(PRINTED_GOALS[x][:5]) / 99.0) for x in e])

    def theta(beta):
        return (lg + beta * e[:, None]).mean(axis=0)

    def cuts(beta, x):
        return list(expit(theta(beta) - beta * x) * 99.0) + [99.0]

    beta = brentq(lambda b: _mean_per_game(cuts(b, AVERAGE_MATCHUP_EZR)) - TARGET_GOALS_PER_GAME, 0.01, 2.0)
    return theta(beta), beta


def _round_row(real_cuts: np.ndarray, above) -> tuple[int, ...]:
    """Whole-number upper ends for one row.

    Each cut point is rounded down or up (32 candidates); among the rows that
    stay in order, the one whose mean goals per period is closest to the
    model's wins, ties broken by the smaller squared rounding error.  A
    candidate must give stochastically no more goals than the line ``above``.  Plain
    rounding would let the mean wobble by up to one cell (0.01 goal per period)
    from line to line; this keeps the line-to-line steps as smooth as whole
    cells allow.
    """
    target = _mean_per_game(list(real_cuts) + [99.0])
    best, best_key = None, None
    for bits in range(32):
        cand = [int(np.floor(c)) + ((bits >> k) & 1) for k, c in enumerate(real_cuts)]
        cand = [min(max(c, 0), 99) for c in cand]
        if any(b < a for a, b in zip(cand, cand[1:])):
            continue
        if (np.cumsum(goals_distribution(cand + [99])) < np.cumsum(goals_distribution(above)) - 1e-12).any():
            continue
        key = (round(abs(_mean_per_game(cand + [99]) - target), 12),
               float(np.sum((np.array(cand) - real_cuts) ** 2)))
        if best_key is None or key < best_key:
            best, best_key = cand, key
    return tuple(best) + (99,)


def reconstructed_goal_rows() -> dict[int, tuple[int, ...]]:
    """Upper ends (0,1,2,3,4,d6) for every unprinted EZR line, +7 down to -7.

    Cumulative probabilities of the fitted model times 99, brought to whole
    cells by :func:`_round_row`; each row is a partition of 1-99 (100 is ??).
    """
    theta, beta = ordered_logit_fit()
    out, above = {}, PRINTED_GOALS[min(PRINTED_GOALS)]
    for x in EZR_LINES:
        if x not in PRINTED_GOALS:
            out[x] = above = _round_row(expit(theta - beta * x) * 99.0, above)
    return out


def reconstructed_overtime_rows() -> dict[int, tuple[int, int]]:
    """Upper ends of WIN and LOSS for EZR +4 .. -7.

    The printed rows step exactly -2 (WIN) and -1 (LOSS) per line from +10 to
    +5 (and +4's printed WIN, 42, continues the step); the lines below carry
    the same steps on: WIN = 34 + 2e, LOSS = 64 + e.
    """
    return {x: (34 + 2 * x, 64 + x) for x in range(4, -8, -1)}


def ez_rating(off_index: int, def_index: int) -> int:
    """EZR = DEF column index - OFF row index + 1 (AA=0, A=1, ..., H=8; A=0, ..., J=9).

    Reproduces both printed rows and the rulebook example (NYR F vs D -> -2, BOS D vs E -> +1).
    """
    return def_index - off_index + 1


def reconstructed_shootout_row_e() -> list[str]:
    """Shooter E: each of its cells equals shooter D's cell one goalie column to the left
    (the diagonal the printed rows B-D follow exactly); its ``a`` cell keeps dropping the
    lowest number as the printed ``a`` cells of C (4,5,6) and D (5,6) do, giving 6."""
    return ["6", "5,6", "4,5,6", "6,7,8", "5,6,7,8"]
