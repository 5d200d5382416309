"""EZR figures (matplotlib; functions return the Figure)."""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np


def goals_figure(exact, results=None, *, labels=("home", "away"), max_goals: int = 12):
    """Per-team final goals: exact bars, simulated shares as points (when ``results`` given)."""
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8), sharey=True)
    dists = (exact.final_score.sum(axis=1), exact.final_score.sum(axis=0))
    x = np.arange(max_goals + 1)
    for t, ax in enumerate(axes):
        p = np.zeros(max_goals + 1)
        p[: min(dists[t].size, max_goals + 1)] = dists[t][: max_goals + 1]
        ax.bar(x, p, color="#9ecae1", label="exact")
        if results is not None:
            h = results.aggregates["team_hist"][t]
            sim = np.zeros(max_goals + 1)
            sim[: min(h.size, max_goals + 1)] = h[: max_goals + 1] / h.sum()
            ax.plot(x, sim, "o", color="#d6604d", ms=5, label=f"simulated (n={results.n:,})")
        ax.set_title(f"{labels[t]}: goals per game")
        ax.set_xlabel("goals (overtime goal included)")
        ax.set_xticks(x)
    axes[0].set_ylabel("probability")
    axes[0].legend(frameon=False)
    fig.tight_layout()
    return fig
