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


#: Per-game metrics beyond the common game table's (name -> function of the ``games`` table).
ANALYSIS_METRICS: dict = {}
SETUP_KEYS = ("home", "away")
