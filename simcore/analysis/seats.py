"""Policies against each other with the seats balanced, for the games whose balance reports have a policy matrix
(Blue Line Hockey, Pass & Score).

A pairing of policies A and B is played both ways round on one seed: run ``ab`` has A at home, run ``ba`` has B at
home, and game g of each starts from game g's stream.  A's score in game g is the mean of its home score in ``ab``
and its away score in ``ba``, so the home side's edge cancels game by game and a policy against itself scores
exactly 1/2.  A games table here is a game's ``Results.games``: ``winner`` ("home", "away", "tie"),
``home_goals`` and ``away_goals``, one row a game.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from simcore.stats import mean_estimate, score_estimate

#: The columns of :func:`policy_matrix`.
MATRIX_COLUMNS = ("row", "column", "estimate", "ci_low", "ci_high", "margin", "margin_ci_low", "margin_ci_high", "n")


def home_score(games: pd.DataFrame) -> np.ndarray:
    """float64[n]: the home side's score in each game, a win 1, a tie 1/2, a loss 0."""
    w = games.winner.astype(str).to_numpy()
    return np.where(w == "home", 1.0, np.where(w == "tie", 0.5, 0.0))


def home_margin(games: pd.DataFrame) -> np.ndarray:
    """int64[n]: the home side's goal margin in each game."""
    return games.home_goals.to_numpy(np.int64) - games.away_goals.to_numpy(np.int64)


def seat_balanced(ab: pd.DataFrame, ba: pd.DataFrame) -> dict:
    """A's score against B with the seats balanced, game by game (``ab``: A at home; ``ba``: the same seed, B at
    home), and A's goal margin per game: ``{"score": {"estimate", "ci"}, "margin": {"estimate", "ci"}}``, each
    with its 95% interval."""
    score = (home_score(ab) + 1.0 - home_score(ba)) / 2
    margin = (home_margin(ab) - home_margin(ba)) / 2
    return {"score": score_estimate(score), "margin": mean_estimate(margin)}


def policy_matrix(policies, play: Callable[[object, object], pd.DataFrame], n: int) -> pd.DataFrame:
    """The row policy's score against the column policy, seats balanced (:func:`seat_balanced`).  ``play(a, b)``
    returns the ``n`` games of a run with ``a`` at home and ``b`` away, all on one seed; each ordered pair of
    ``policies`` is played once.  Tidy, :data:`MATRIX_COLUMNS`: row, column, estimate, ci_low, ci_high, margin
    (the row's goal margin per game), margin_ci_low, margin_ci_high, n (games a seat)."""
    runs = {(a, b): play(a, b) for a in policies for b in policies}
    rows = []
    for a in policies:
        for b in policies:
            sb = seat_balanced(runs[a, b], runs[b, a])
            rows.append({"row": a, "column": b, "estimate": sb["score"]["estimate"],
                         "ci_low": sb["score"]["ci"][0], "ci_high": sb["score"]["ci"][1],
                         "margin": sb["margin"]["estimate"], "margin_ci_low": sb["margin"]["ci"][0],
                         "margin_ci_high": sb["margin"]["ci"][1], "n": n})
    return pd.DataFrame(rows, columns=list(MATRIX_COLUMNS))


def run_games(game, setup, n: int, seed: int, rules, threads, **policies) -> pd.DataFrame:
    """The games table of ``n`` games of ``game`` (a registered game) on ``seed``: ``setup`` with the given
    ``policy_home`` / ``policy_away`` (none given: the setup's own), no progress bar."""
    s = game.setup(setup).replace(**policies) if policies else game.setup(setup)
    return game.simulate(s, n=n, seed=seed, rules=rules, threads=threads, progress=False).games


__all__ = ["MATRIX_COLUMNS", "home_margin", "home_score", "policy_matrix", "run_games", "seat_balanced"]
