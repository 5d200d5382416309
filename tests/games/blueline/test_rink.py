"""The ASCII rink a player follows: exact text for small positions, the legend, windows, marks."""
from __future__ import annotations

import numpy as np
import pytest

from simcore.games.blueline.board import load_board
from simcore.games.blueline.formations import load_formations
from simcore.games.blueline.rink import LEGEND, render

B = load_board()


def empty():
    return np.full((2, 6, 2), -1, dtype=np.int64)


def test_exact_text_around_the_blue_line():
    pos = empty()
    pos[0, 0] = (13, 9)        # home C with the puck on line 12, just inside his own blue line
    pos[0, 1] = (12, 3)        # home LW
    pos[1, 3] = (14, 8)        # away LD, down (checked)
    down = np.zeros((2, 6), bool)
    down[1, 3] = True
    text = render(B, pos, (13, 9), window=2, down=down)
    assert text == "\n".join([
        "    0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8",
        " 14 . . . . o . . . . . . . . . o . . . .  14 home",
        " 13 . . . . . . . . d~. . . . . . . . . .  13 home",
        "    ===================================== blue",
        " 12 . . . . . . . . . C*. . . . . . . . .  12 home",
        " 11 . . . L . . . . . . . . . . . . . . .  11 home",
        " 10 . . . . . . . . . . . . . . . . . . .  10 home",
        LEGEND,
    ])


def test_exact_text_at_the_net_and_the_red_line():
    pos = empty()
    pos[1, 5] = (2, 9)         # the away goalie in the home crease (any square may be drawn)
    text = render(B, pos, (2, 10), window=2, legend=False)
    assert text.split("\n") == [
        "    0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8",
        "  3 . . . . . . . . . . . . . . . . . . .   3 home",
        "  2   . . . . . . . . . . . . . . . . .     2 home",
        "  1   . . . . . . . _ g _*. . . . . . .     1 home",
        "  0     . . . . . . # # # . . . . . .       0 home",
        " -1         . . . . . . . . . . .          -1 home",
    ]
    pos = empty()
    pos[0, 2] = (20, 0)
    pos[1, 2] = (22, 9)
    assert render(B, pos, (21, 1), window=1, legend=False).split("\n")[1:] == [
        " 20 . . . . . . . . . r . . . . . . . . .  20 away",
        "    ------------------------------------- red",
        " 20 . .*. . . . . . . o . . . . . . . . .  20 home",
        " 19 R . . . . . . . . . . . . . . . . . .  19 home",
    ]


def test_full_rink_with_the_opening_setup():
    f = load_formations()
    lines = render(B, f.opening, f.opening[0, 0], title="opening face-off").split("\n")
    assert lines[0] == "opening face-off"
    assert len(lines) == 1 + 1 + 44 + 3 + 2          # title, columns, rows, 2 blue + 1 red, legend
    assert lines[2] == " -1         . . . . . . . . . . .          -1 away"
    assert lines[4] == "  1   . . . . . . . _ g _ . . . . . . .     1 away"
    assert lines[24] == " 20 . . . . . . . . . c . . . . . . . . .  20 away"
    assert lines[25] == "    ------------------------------------- red"
    assert lines[26] == " 20 . . . . . . . . . C*. . . . . . . . .  20 home"
    assert lines[27] == " 19 . . . . . L . . . . . . . R . . . . .  19 home"
    assert lines[28] == " 18 + . . . . . . . . . . . . . . . . . .  18 home"   # the home box gate, line 18
    assert lines[22] == " 18 + . . . . . . . . . . . . . . . . . .  18 away"
    assert sum(line.count("=") > 30 for line in lines) == 2
    letters = "".join(ch for line in lines[1:-2] for ch in line[4:42:2] if ch.isalpha() and ch != "o")
    assert sorted(letters) == sorted("CLRDEGclrdeg")
    assert max(len(line) for line in lines[:-2]) <= 52


def test_players_off_the_ice_are_skipped_and_off_board_refused():
    pos = empty()
    assert "C" not in render(B, pos, None, legend=False)
    pos[0, 0] = (44, 0)
    with pytest.raises(ValueError, match=r"team 0 slot 0 at \(44, 0\): off the board"):
        render(B, pos, None)
