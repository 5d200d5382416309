"""A matplotlib figure of the Blue Line Hockey board (for the docs and the balance notebook).

``plot_board(board, ax=None, pos=None)`` draws the grid lengthwise (the home goal at the left, the home team
attacking to the right; board ``y`` on the horizontal axis, ``x`` on the vertical one, x = 0 at the bottom):
the ice squares, the squares off the ice (the cut corners) in grey with the real rounded boards they are cut
from, the goal lines, blue lines and red line, creases, nets, the inside (slot) region, the 9 face-off spots,
the penalty-box gates and the pulled goalie's spots (line 18), the corner squares, the rim squares along the
boards, Row 3, and each half's line numbers.  With ``pos`` (2, 6, 2) the players are drawn too.

``python -m simcore.games.blueline.plots [OUT.png] [--board FILE]`` writes the figure (default
``docs/images/blueline_board.png``).
"""
from __future__ import annotations

import sys

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Arc, Rectangle

from simcore.games.blueline.board import CREASE, NET, OFF, Board, load_board
from simcore.outputs import figure_command

SLOT_LETTERS = ("C", "L", "R", "D", "E", "G")
TEAM_COLORS = ("#c0392b", "#1f4e9c")   # home is red, the visitors blue (Setup)


def plot_board(board: Board, ax=None, pos=None, *, numbers: bool = True, legend: bool = True):
    """Draw ``board`` on ``ax`` (a new figure when None); returns the Axes.  ``pos``: optional (2, 6, 2)
    players ((-1, -1) = not on the ice)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(13, 6.2))
    H, W = board.height, board.width

    def sq(y, x, **kw):
        ax.add_patch(Rectangle((y, x), 1, 1, **kw))

    for y in range(H):
        for x in range(W):
            c = int(board.cell[y, x])
            if c == OFF:
                sq(y, x, facecolor="#bdbdbd", edgecolor="none")
            elif c == NET:
                sq(y, x, facecolor="#333333", edgecolor="none")
            elif c == CREASE:
                sq(y, x, facecolor="#9ecae1", edgecolor="none")
            elif board.inside[y, x]:
                sq(y, x, facecolor="#fff3c4", edgecolor="none")
    for k, (y, x) in enumerate(board.rim):
        if board.cell[y, x] not in (CREASE, NET) and not board.inside[y, x]:
            sq(int(y), int(x), facecolor="#eef5ee", edgecolor="none")
    # grid
    for y in range(H + 1):
        ax.plot([y, y], [0, W], color="#d9d9d9", lw=0.4, zorder=1)
    for x in range(W + 1):
        ax.plot([0, H], [x, x], color="#d9d9d9", lw=0.4, zorder=1)
    # lines: goal lines, blue lines, red line (each between two rows)
    for h in (0, 1):
        goal_edge = board.row_of(h, 1) if h == 0 else board.row_of(h, 1) + 1
        blue_edge = board.row_of(h, board.blue) + 1 if h == 0 else board.row_of(h, board.blue)
        ax.plot([goal_edge] * 2, [0, W], color="#c0392b", lw=1.2, zorder=3)
        ax.plot([blue_edge] * 2, [0, W], color="#1f4e9c", lw=4, zorder=3)
    ax.plot([H // 2] * 2, [0, W], color="#c0392b", lw=4, zorder=3)
    # the real boards the corners are cut from (square units)
    along, across = board.feet["along"], board.feet["across"]
    ry, rx = board.feet["corner_radius"] / along, board.feet["corner_radius"] / across
    for cy, cx, a in ((ry, rx, 180), (ry, W - rx, 90), (H - ry, rx, 270), (H - ry, W - rx, 0)):
        ax.add_patch(Arc((cy, cx), 2 * ry, 2 * rx, angle=0, theta1=a, theta2=a + 90, color="#555555", lw=1.5,
                         zorder=4))
    ax.plot([ry, H - ry], [0, 0], color="#555555", lw=1.5, zorder=4)
    ax.plot([ry, H - ry], [W, W], color="#555555", lw=1.5, zorder=4)
    ax.plot([0, 0], [rx, W - rx], color="#555555", lw=1.5, zorder=4)
    ax.plot([H, H], [rx, W - rx], color="#555555", lw=1.5, zorder=4)
    # Row 3
    for side in (0, 1):
        ys = np.arange(H)
        xs = board.row3[side] + 0.5
        ok = board.cell[ys, board.row3[side]] != OFF
        ax.plot(ys[ok] + 0.5, xs[ok], ls=":", color="#2e7d32", lw=1, zorder=2)
    # face-off spots, gates, pulled goalie spots, corners
    kinds_done = set()
    for k, (y, x) in enumerate(board.faceoff):
        kind = int(board.faceoff_kind[k])
        ax.plot(y + 0.5, x + 0.5, "o", color="#c0392b", ms=8 if kind else 10, zorder=5,
                label=None if "spot" in kinds_done else "face-off spot")
        kinds_done.add("spot")
    ax.plot(board.gate[:, 0] + 0.5, board.gate[:, 1] + 0.5, "s", color="#2e7d32", ms=9, zorder=5,
            label="penalty-box gate (line 18)")
    ax.plot(board.pull_spot[:, 0] + 0.5, board.pull_spot[:, 1] + 0.5, "D", color="#e67e22", ms=7, zorder=5,
            label="pulled goalie enters (line 18)")
    c = board.corners.reshape(-1, 2)
    ax.plot(c[:, 0] + 0.5, c[:, 1] + 0.5, "^", color="#6a1b9a", ms=8, zorder=5, label="corner (line 0)")
    ax.plot(board.goal[:, 0] + 0.5, board.goal[:, 1] + 0.5, "x", color="white", ms=7, zorder=6)
    if pos is not None:
        pos = np.asarray(pos)
        for t in (0, 1):
            for s in range(6):
                y, x = pos[t, s]
                if y < 0:
                    continue
                ax.plot(y + 0.5, x + 0.5, "o", color=TEAM_COLORS[t], ms=13, zorder=7)
                ax.text(y + 0.5, x + 0.5, SLOT_LETTERS[s] if t == 0 else SLOT_LETTERS[s].lower(), color="white",
                        ha="center", va="center", fontsize=8, weight="bold", zorder=8)
    if numbers:
        ticks = np.arange(H) + 0.5
        ax.set_xticks(ticks)
        ax.set_xticklabels([str(int(v)) for v in board.row_line], fontsize=7)
        ax.set_yticks(np.arange(W) + 0.5)
        ax.set_yticklabels([str(x) for x in range(W)], fontsize=7)
        ax.set_xlabel(f"line (from each half's goal line); home end at the left, visitors' at the right; "
                      f"blue lines between lines {board.blue} and {board.blue + 1}, red line between the 20s")
        ax.set_ylabel("x (across the ice)")
    ax.set_xlim(-0.3, H + 0.3)
    ax.set_ylim(-0.3, W + 0.3)
    ax.set_aspect(along / across)
    if legend:
        ax.add_patch(Rectangle((0, 0), 0, 0, facecolor="#fff3c4", label="inside (slot) squares"))
        ax.add_patch(Rectangle((0, 0), 0, 0, facecolor="#9ecae1", label="crease (3 squares)"))
        ax.add_patch(Rectangle((0, 0), 0, 0, facecolor="#333333", label="net"))
        ax.add_patch(Rectangle((0, 0), 0, 0, facecolor="#bdbdbd", label="off the ice (cut corner)"))
        ax.add_patch(Rectangle((0, 0), 0, 0, facecolor="#eef5ee", label="rim (along the boards)"))
        ax.plot([], [], ls=":", color="#2e7d32", label="Row 3")
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=5, fontsize=8, frameon=False)
    ax.set_title(f"Blue Line Hockey board: {W} x {H} squares ({board.half_lines} lines a half, "
                 f"{board.behind} behind each goal line)", fontsize=10)
    return ax


def board_figure(board: Board | None = None, pos=None):
    """A Figure with the board (default: the shipped board)."""
    board = load_board() if board is None else board
    fig, ax = plt.subplots(figsize=(13, 6.2))
    plot_board(board, ax=ax, pos=pos)
    fig.tight_layout()
    return fig


def main(argv=None) -> int:
    def arguments(ap):
        ap.add_argument("--board", default=None, help="a board file (default: the shipped data/board.toml)")
        ap.add_argument("--formation", default=None, choices=("opening",), help="draw the players of a set-up")

    def build(args):
        board = load_board(args.board)
        pos = None
        if args.formation == "opening":
            from simcore.games.blueline.formations import load_formations

            pos = load_formations(board=board).opening
        return board_figure(board, pos=pos)

    return figure_command(argv, "python -m simcore.games.blueline.plots", "Write the figure of the Blue Line "
                          "Hockey board.", "docs/images/blueline_board.png", build, arguments)


if __name__ == "__main__":
    sys.exit(main())
