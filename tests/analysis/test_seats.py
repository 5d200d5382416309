"""Seat-balanced policy matrices (simcore.analysis.seats) on constructed games tables: the matrix scores each
ordered pair from the two runs with the seats swapped, so the cells (a, b) and (b, a) add up to 1 and a policy
scores exactly 1/2 against itself."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simcore.analysis import seats


def _games(winners, margins):
    w = pd.Categorical(winners, categories=["home", "away", "tie"])
    h = np.array([max(m, 0) for m in margins]) + 1
    return pd.DataFrame({"winner": w, "home_goals": h, "away_goals": h - np.array(margins)})


# the home side of each constructed run: "strong" wins at home against "weak"; "weak" at home ties one and
# loses two; a policy against itself wins at home in the first game only
RUNS = {("strong", "weak"): _games(["home", "home", "home"], [2, 1, 3]),
        ("weak", "strong"): _games(["tie", "away", "away"], [0, -1, -2]),
        ("strong", "strong"): _games(["home", "away", "tie"], [1, -1, 0]),
        ("weak", "weak"): _games(["home", "away", "tie"], [2, -2, 0])}


def test_policy_matrix_scores_each_pair_from_both_seats():
    played = []

    def play(a, b):
        played.append((a, b))
        return RUNS[a, b]

    m = seats.policy_matrix(("strong", "weak"), play, 3)
    assert sorted(played) == sorted(RUNS)                       # each ordered pair once
    assert tuple(m.columns) == seats.MATRIX_COLUMNS
    cell = m.set_index(["row", "column"])
    # strong against weak, game by game: (1 + 1 - 1/2) / 2, (1 + 1 - 0) / 2, (1 + 1 - 0) / 2
    assert cell.at[("strong", "weak"), "estimate"] == pytest.approx(np.mean([0.75, 1.0, 1.0]))
    # margins: (2 - 0) / 2, (1 - -1) / 2, (3 - -2) / 2
    assert cell.at[("strong", "weak"), "margin"] == pytest.approx(np.mean([1.0, 1.0, 2.5]))
    assert cell.at[("strong", "weak"), "estimate"] + cell.at[("weak", "strong"), "estimate"] == pytest.approx(1.0)
    assert cell.at[("strong", "strong"), "estimate"] == 0.5 and cell.at[("weak", "weak"), "margin"] == 0.0
    assert (m["n"] == 3).all()


def test_home_score_and_margin_read_the_games_table():
    g = _games(["home", "tie", "away"], [2, 0, -3])
    assert seats.home_score(g).tolist() == [1.0, 0.5, 0.0]
    assert seats.home_margin(g).tolist() == [2, 0, -3]
