"""The Pass & Score board as a matplotlib figure: circles, goals, creases, shooting circles, red dots, slide lines,
the blue, centre and icing lines, the X starting circles (and, optionally, players on a position)."""
from __future__ import annotations

import numpy as np


def board_figure(board=None, pos=None, carrier=None, ax=None, title=None):
    """The board, home goal at the bottom; ``pos (2, 6)`` circles of the players to draw (default: the X
    circles), ``carrier`` (team, slot) ringed.  Returns the figure."""
    import matplotlib.pyplot as plt

    from .board import load_board

    b = board if board is not None else load_board()
    if ax is None:
        fig, ax = plt.subplots(figsize=(4.2, 9.0))
    else:
        fig = ax.figure
    rc = np.asarray(b.rc)
    y, x = rc[:, 0], rc[:, 1]
    face = np.full(b.n, "white", dtype=object)
    face[np.asarray(b.shade_of) >= 0] = "#9ecae1"
    face[np.asarray(b.crease_of) >= 0] = "#fde0dd"
    face[np.asarray(b.goal_of) >= 0] = "#e41a1c"
    ax.scatter(x, y, s=230, c=list(face), edgecolors="0.4", linewidths=0.8, zorder=2)
    dots = np.asarray(b.dots)
    ax.scatter(x[dots], y[dots], s=40, c="#e41a1c", zorder=3)
    for k in range(len(b.slide_len)):
        path = [c for c in b.slide_path[k] if c >= 0]
        if path:
            ax.plot(x[path], y[path], color="#2171b5", lw=4, alpha=0.6, zorder=1)
    w = b.columns
    for row, color, style in ((b.blue[0], "#2171b5", "-"), (b.blue[1], "#2171b5", "-"), (b.centre, "#e41a1c", "-"),
                              (b.icing[0], "#e41a1c", ":"), (b.icing[1], "#e41a1c", ":")):
        ax.plot([-0.5, w - 0.5], [row + 0.5, row + 0.5], color=color, ls=style, lw=2 if style == "-" else 1.2)
    pos = np.asarray(b.start if pos is None else pos)
    for t, color in ((0, "#cb181d"), (1, "#08519c")):
        for s in range(pos.shape[1]):
            c = int(pos[t, s])
            if c < 0:
                continue
            ax.scatter([x[c]], [y[c]], s=120, marker="X" if pos is b.start or pos is None else "o", c=color,
                       zorder=4)
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
    ax.set_title(title or f"{b.name}\nred goal circles, pink crease, blue shooting circles, X starts",
                 fontsize=8)
    fig.tight_layout()
    return fig
