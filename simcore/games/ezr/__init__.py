"""Shoot-Out Hockey, EZR quick play (game id ``ezr``)."""
from .charts import Charts, default_charts, load_charts
from .engine import exact, exact_line, exact_period, exact_summary, play_scripted, simulate
from .matchup import Team, sample_teams
from .policies import ShufflePolicy
from .rules import Rules

GAME_ID = "ezr"
TITLE = "Shoot-Out Hockey, EZR quick play"

__all__ = ["Charts", "Rules", "ShufflePolicy", "Team", "default_charts", "exact", "exact_line", "exact_period", "exact_summary",
           "load_charts", "play_scripted", "sample_teams", "simulate",
           "variant_run", "ANALYSIS_METRICS", "SETUP_KEYS", "GAME_ID", "TITLE"]


def variant_run(rules, n, seed, *, threads=None, progress=None, home="BOS", away="NYR"):
    """One rule variant for the analysis layer: ``n`` games of ``home`` vs ``away`` (sample team names or
    ``OFF/GDEF/SHOOTER/GSO``; default the embedded Boston vs New York)."""
    samples = sample_teams()
    teams = [samples[t].team if t in samples else Team.parse(t) for t in (home, away)]
    return simulate(teams[0], teams[1], n, seed, rules, threads=threads, progress=progress)


def _period_margins(r):
    """int[n, 3]: home minus away goals at the end of each regulation period (from the periods table)."""
    import numpy as np

    p = r.table("periods")
    goals = p.pivot_table(index="game_id", columns=["team", "period"], values="goals", aggfunc="sum",
                          fill_value=0).sort_index()
    h = np.cumsum(goals["home"].to_numpy(dtype=np.int64), axis=1)     # goals are stored unsigned
    a = np.cumsum(goals["away"].to_numpy(dtype=np.int64), axis=1)
    return h - a


def _lead_changes(r):
    """Times the leader at a period's end changes (simcore.scoring.lead_changes)."""
    from simcore.scoring import lead_changes

    return lead_changes(_period_margins(r))


def _comeback(r):
    """The winner trailed at the end of period 1 or 2 (simcore.scoring.comeback)."""
    from simcore.scoring import comeback

    return comeback(_period_margins(r)[:, :2], r.games.winner)


#: Per-game metrics beyond the common ones (name -> function of a Results giving one value per game).
ANALYSIS_METRICS = {"lead_changes": _lead_changes, "comeback": _comeback}
SETUP_KEYS = ("home", "away")
