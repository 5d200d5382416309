"""The Pass & Score board as a matplotlib figure: circles, goals, creases, shooting circles, red dots, slide lines,
the blue, centre and icing lines, the X starting circles (and, optionally, players on a position), with a legend
of every mark.  ``python -m simcore.games.passscore.plots [OUT] [--board FILE] [--force]`` writes it
(docs/passscore.md's figure)."""
from __future__ import annotations

import sys

import numpy as np

#: the colours of the board's marks and of the two teams (home red, the team that attacks first; away blue)
GOAL, CREASE, SHADE, LINE_BLUE, LINE_RED = "#e41a1c", "#fde0dd", "#9ecae1", "#2171b5", "#e41a1c"
TEAM = ("#cb181d", "#08519c")


def _legend_handles(starting: bool) -> list:
    """One entry per mark the figure draws, and the players' letters."""
    from matplotlib.lines import Line2D

    def circle(face, label, size=11):
        return Line2D([], [], marker="o", ms=size, markerfacecolor=face, markeredgecolor="0.4", linestyle="none",
                      label=label)

    piece = "X" if starting else "o"
    where = " on its X starting circles" if starting else ""
    return [circle("white", "circle"), circle(GOAL, "goal circle (shaded red)"),
            circle(CREASE, "crease circle"), circle(SHADE, "shooting circle (shaded blue)"),
            Line2D([], [], marker="o", ms=5, color=GOAL, linestyle="none", label="red face-off dot"),
            Line2D([], [], color=LINE_BLUE, lw=4, alpha=0.6, label="slide line"),
            Line2D([], [], color=LINE_BLUE, lw=2, label="blue line"),
            Line2D([], [], color=LINE_RED, lw=2, label="centre line"),
            Line2D([], [], color=LINE_RED, lw=1.2, ls=":", label="icing line"),
            Line2D([], [], marker=piece, ms=8, color=TEAM[0], linestyle="none",
                   label=f"home (red, attacks up){where}: G C L R D E"),
            Line2D([], [], marker=piece, ms=8, color=TEAM[1], linestyle="none",
                   label=f"away (blue){where}: g c l r d e"),
            Line2D([], [], linestyle="none",
                   label="G goalkeeper, C centre, L R wings, D E defence")]


def board_figure(board=None, pos=None, carrier=None, ax=None, title=None):
    """The board, home goal at the bottom; ``pos (2, 6)`` circles of the players to draw (default: the X
    circles), ``carrier`` (team, slot) ringed; a legend below it names every mark.  Returns the figure."""
    import matplotlib.pyplot as plt

    from .board import load_board

    b = board if board is not None else load_board()
    if ax is None:
        fig, ax = plt.subplots(figsize=(4.2, 10.4))
    else:
        fig = ax.figure
    rc = np.asarray(b.rc)
    y, x = rc[:, 0], rc[:, 1]
    face = np.full(b.n, "white", dtype=object)
    face[np.asarray(b.shade_of) >= 0] = SHADE
    face[np.asarray(b.crease_of) >= 0] = CREASE
    face[np.asarray(b.goal_of) >= 0] = GOAL
    ax.scatter(x, y, s=230, c=list(face), edgecolors="0.4", linewidths=0.8, zorder=2)
    dots = np.asarray(b.dots)
    ax.scatter(x[dots], y[dots], s=40, c=GOAL, zorder=3)
    for k in range(len(b.slide_len)):
        path = [c for c in b.slide_path[k] if c >= 0]
        if path:
            ax.plot(x[path], y[path], color=LINE_BLUE, lw=4, alpha=0.6, zorder=1)
    w = b.columns
    for row, color, style in ((b.blue[0], LINE_BLUE, "-"), (b.blue[1], LINE_BLUE, "-"), (b.centre, LINE_RED, "-"),
                              (b.icing[0], LINE_RED, ":"), (b.icing[1], LINE_RED, ":")):
        ax.plot([-0.5, w - 0.5], [row + 0.5, row + 0.5], color=color, ls=style, lw=2 if style == "-" else 1.2)
    starting = pos is None
    pos = np.asarray(b.start if starting else pos)
    for t, color in enumerate(TEAM):
        for s in range(pos.shape[1]):
            c = int(pos[t, s])
            if c < 0:
                continue
            ax.scatter([x[c]], [y[c]], s=120, marker="X" if starting else "o", c=color, zorder=4)
            ax.annotate("GCLRDE"[s] if t == 0 else "gclrde"[s], (x[c], y[c]), xytext=(7, 5),
                        textcoords="offset points", fontsize=7, color=color)
    if carrier is not None and pos[carrier[0], carrier[1]] >= 0:
        c = int(pos[carrier[0], carrier[1]])
        ax.scatter([x[c]], [y[c]], s=420, facecolors="none", edgecolors="black", linewidths=1.6, zorder=5)
    ax.set_xlim(-0.8, w - 0.2)
    ax.set_ylim(-0.8, b.rows - 0.2)
    ax.set_aspect("equal")
    ax.set_xticks(range(w))
    ax.set_yticks(range(b.rows))
    ax.tick_params(labelsize=7)
    ax.set_title(title or b.name, fontsize=8)
    ax.legend(handles=_legend_handles(starting), loc="upper center", bbox_to_anchor=(0.5, -0.04), ncol=2,
              fontsize=6, frameon=False, handlelength=1.6, columnspacing=1.0)
    fig.tight_layout()
    return fig


def main(argv=None) -> int:
    from simcore.outputs import figure_command

    from .board import load_board

    def arguments(ap):
        ap.add_argument("--board", default=None, help="a board file (default: the shipped data/board.toml)")

    return figure_command(argv, "python -m simcore.games.passscore.plots", "Write the figure of the Pass & Score "
                          "board.", "docs/images/passscore_board.png",
                          lambda args: board_figure(load_board(args.board)), arguments)


if __name__ == "__main__":
    sys.exit(main())
