"""Figures for season projections: points bands per team, playoff odds, odds as of successive dates.

Odds are probabilities (0 to 1) drawn on axes labelled in percent.

Every function returns a :class:`matplotlib.figure.Figure` built with matplotlib's object API (nothing is
shown); save it with ``fig.savefig(path)``.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import cm
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from simcore.checks import frame_with, is_whole, name_list, of_kind
from simcore.cliargs import counted
from simcore.errors import InputError

ODDS = {"playoff_odds": "playoffs", "division_odds": "division title", "first_overall_odds": "first overall",
        "title_odds": "title"}


def _draw_points(ax, proj) -> None:
    t = proj.teams.iloc[::-1]
    y = np.arange(len(t))
    ax.hlines(y, t["points_p5"], t["points_p95"], color="0.7", lw=2, label="5-95%")
    ax.hlines(y, t["points_p25"], t["points_p75"], color="tab:blue", lw=5, label="25-75%")
    ax.plot(t["points_p50"], y, "|", color="k", ms=9, label="median")
    ax.plot(t["points_now"], y, ".", color="tab:red", ms=5, label="points now")
    ax.set_yticks(y, t["team"].astype(str), fontsize=7 if len(t) > 16 else 9)
    ax.set_xlabel("final points")
    ax.set_title("Projected points", pad=18)
    points_legend(ax)
    ax.grid(axis="x", alpha=0.3)


def points_legend(ax) -> None:
    """The points bands' legend in one row between the title and the axes, where it covers no team's band."""
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=5, fontsize=7, frameon=False,
              borderaxespad=0.2, handlelength=1.5, columnspacing=1.2)


def _draw_odds(ax, proj, odds: str) -> None:
    t = proj.teams.iloc[::-1]
    y = np.arange(len(t))
    p = t[odds].to_numpy()
    se = t[f"{odds}_se"].to_numpy()
    ax.barh(y, p, xerr=1.96 * se, color="tab:green", alpha=0.8, error_kw={"lw": 0.8, "capsize": 1.5})
    ax.set_yticks(y, t["team"].astype(str), fontsize=7 if len(t) > 16 else 9)
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(xmax=1))
    ax.set_xlabel(f"P({ODDS[odds]}), with its 95% Monte Carlo interval")
    ax.set_title(f"Odds: {ODDS[odds]}")
    ax.grid(axis="x", alpha=0.3)


def _projection(proj) -> None:
    """A projection, or anything with its ``teams`` table of odds (the figures read nothing else but ``n`` and
    ``meta``)."""
    teams = getattr(proj, "teams", None)
    if not (isinstance(teams, pd.DataFrame) and "playoff_odds" in teams.columns):
        from .projection import Projection

        of_kind(proj, Projection, "proj", "simcore.league.project()")


def points_distribution(proj) -> Figure:
    """Each team's projected final points: 5-95% and 25-75% bands, the median and today's points."""
    _projection(proj)
    fig = Figure(figsize=(7, 0.25 * len(proj.teams) + 1.5))
    _draw_points(fig.add_subplot(), proj)
    fig.tight_layout()
    return fig


def odds_bars(proj, odds: str = "playoff_odds") -> Figure:
    """Bars of one kind of odds per team (``playoff_odds``, ``division_odds``, ``first_overall_odds``,
    ``title_odds``) with their 95% Monte Carlo intervals."""
    _projection(proj)
    if odds not in ODDS:
        raise InputError(f"unknown odds {odds!r}; known: {', '.join(ODDS)}")
    fig = Figure(figsize=(6, 0.25 * len(proj.teams) + 1.5))
    _draw_odds(fig.add_subplot(), proj, odds)
    fig.tight_layout()
    return fig


def projection_figure(proj) -> Figure:
    """Points bands and playoff odds side by side (what ``simcore league project --plot`` saves)."""
    _projection(proj)
    fig = Figure(figsize=(12, 0.25 * len(proj.teams) + 1.8))
    a, b = fig.subplots(1, 2)
    _draw_points(a, proj)
    _draw_odds(b, proj, "playoff_odds")
    fig.suptitle(f"{proj.meta['league']}: {counted(proj.n, 'season')} from "
                 f"{counted(proj.meta['games_played'], 'game')} played")
    fig.tight_layout()
    return fig


def odds_over_dates(frame: pd.DataFrame, odds: str = "playoff_odds", teams=None, top: int = 8) -> Figure:
    """How ``odds`` moved as results came in: one line per team over the dates of
    :func:`simcore.league.projection.odds_by_date`; ``teams`` names the lines (default: the ``top`` teams whose
    odds moved most, ranked by the range of their odds over the dates: highest minus lowest)."""
    if odds not in ODDS:
        raise InputError(f"unknown odds {odds!r}; known: {', '.join(ODDS)}")
    frame_with(frame, ("date", "games_played", "team", odds), "frame", "odds_by_date()")
    dates = list(dict.fromkeys(frame["date"]))
    wide = frame.pivot(index="date", columns="team", values=odds).loc[dates]
    played = frame.drop_duplicates("date").set_index("date")["games_played"].loc[dates]
    if teams is None:
        if not is_whole(top) or top < 1:
            raise InputError(f"top must be a positive whole number of teams, got {top!r}")
        teams = list((wide.max() - wide.min()).sort_values(ascending=False, kind="stable").index[:top])
    else:
        teams = list(name_list(teams, "teams"))
        unknown = [t for t in teams if t not in wide.columns]
        if unknown:
            raise InputError(f"no team {unknown[0]!r} in the frame; teams: {', '.join(map(str, wide.columns))}")
    fig = Figure(figsize=(8, 4.5))
    ax = fig.add_subplot()
    x = np.arange(len(dates))
    # up to ten teams, ten distinct hues; tab20's pairs of light and dark shades only for more
    colors = [cm.tab10(i) if len(teams) <= 10 else cm.tab20(i % 20) for i in range(len(teams))]
    for t, c in zip(teams, colors):
        ax.plot(x, wide[t].to_numpy(), marker="o", ms=3, label=str(t), color=c)
    ax.set_xticks(x, [f"{d}\n({g} games)" for d, g in played.items()], fontsize=7)
    ax.set_ylim(-0.02, 1.02)
    ax.yaxis.set_major_formatter(PercentFormatter(xmax=1))
    ax.set_ylabel(f"P({ODDS[odds]})")
    ax.set_xlabel("projected as of the date (games played by then)")
    ax.set_title(f"Odds of the {ODDS[odds]} as results came in")
    # beside the axes, where it hides no line
    ax.legend(fontsize=7, ncol=2 if len(teams) > 16 else 1, loc="upper left", bbox_to_anchor=(1.01, 1.0),
              frameon=False)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig
