"""The ASCII rink: the board and the players as text a player at the table can follow, turn after turn.

``render(board, pos, puck)`` draws the rink with the visitors' goal at the top and the home goal at the bottom
(the home team attacks up the page), ``x`` left to right.  Every square is two characters: what is on it, then
a mark.  The text (see :data:`LEGEND`):

* each row starts and ends with its line number (counted from the goal line of its half, as on the board),
  and ends with whose end of the ice it is (``home``: the home goal's half, ``away``: the visitors');
* ``=`` rows are the blue lines (between lines 12 and 13), the ``-`` row the red line;
* ``.`` ice, ``o`` a face-off spot, ``+`` a penalty-box gate (line 18, both boxes on one side), ``_`` crease,
  ``#`` net, blank off the ice (outside the boards, the cut corners);
* the home players in capitals, the visitors in lower case: ``C``/``c`` center, ``L`` left wing, ``R`` right
  wing, ``D`` left defense, ``E`` right defense, ``G`` goalie;
* the mark ``*`` is the puck (on the puck carrier's square when a player has it), ``~`` a player down (checked,
  cannot move).

With ``window=k`` only the rows within ``k`` rows of the puck (and the separators among them) are printed.
"""
from __future__ import annotations

import numpy as np

from simcore.games.blueline.board import CREASE, ICE, NET, OFF, Board

#: Letters of slots C, LW, RW, LD, RD, G for the home team; the visitors' are the same in lower case.
LETTERS = ("C", "L", "R", "D", "E", "G")
_GROUND = {OFF: " ", ICE: ".", CREASE: "_", NET: "#"}
LEGEND = ("home CAPITALS (attack up), away lower case: C center, L left wing, R right wing, D left defense,\n"
          "E right defense, G goalie; * puck, ~ down; o face-off spot, + box gate, _ crease, # net; = blue, - red")


def render(board: Board, pos, puck=None, *, window: int | None = None, down=None, legend: bool = True,
           title: str | None = None) -> str:
    """The rink as text (see the module docstring).

    ``pos``: ``(2, 6, 2)`` int (y, x) per team (0 home, 1 away) and slot (C, LW, RW, LD, RD, G); ``(-1, -1)``
    = not on the ice (in the box, pulled, removed in overtime).  ``puck``: (y, x) or None.  ``down``: optional
    ``(2, 6)`` bool, players lying down.  ``window``: print only rows within that many rows of the puck.
    ``legend``: end with the legend line.  ``title``: a first line.
    """
    pos = np.asarray(pos)
    H, W = board.height, board.width
    grid = [[_GROUND[int(board.cell[y, x])] for x in range(W)] for y in range(H)]
    for y, x in board.faceoff:
        grid[y][x] = "o"
    for y, x in board.gate:
        grid[y][x] = "+"
    marks = [[" "] * W for _ in range(H)]
    for t in (0, 1):
        for s in range(6):
            y, x = int(pos[t, s, 0]), int(pos[t, s, 1])
            if y < 0 or x < 0:
                continue
            if not (0 <= y < H and 0 <= x < W):
                raise ValueError(f"team {t} slot {s} at ({y}, {x}): off the board")
            grid[y][x] = LETTERS[s] if t == 0 else LETTERS[s].lower()
            if down is not None and down[t][s]:
                marks[y][x] = "~"
    if puck is not None and puck[0] >= 0:
        py, px = int(puck[0]), int(puck[1])
        marks[py][px] = "*"
    lo, hi = 0, H - 1
    if window is not None and puck is not None and puck[0] >= 0:
        lo, hi = max(0, int(puck[0]) - window), min(H - 1, int(puck[0]) + window)
    out = [] if title is None else [title]
    out.append("    " + "".join(f"{x % 10} " for x in range(W)).rstrip())
    for y in range(hi, lo - 1, -1):
        line = int(board.row_line[y])
        squares = "".join(grid[y][x] + marks[y][x] for x in range(W))
        end = "home" if board.row_half[y] == 0 else "away"
        out.append(f"{line:>3} {squares}{line:>3} {end}")
        if y > lo and _is_blue(board, y, y - 1):
            out.append("    " + "=" * (2 * W - 1) + " blue")
        elif y > lo and board.row_half[y] != board.row_half[y - 1]:
            out.append("    " + "-" * (2 * W - 1) + " red")
    if legend:
        out.append(LEGEND)
    return "\n".join(out)


def _is_blue(board: Board, y: int, y2: int) -> bool:
    """The blue line runs between rows y and y2 (adjacent, same half, lines blue and blue + 1)."""
    if board.row_half[y] != board.row_half[y2]:
        return False
    return {int(board.row_line[y]), int(board.row_line[y2])} == {board.blue, board.blue + 1}
