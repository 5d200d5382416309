"""Shoot-Out Hockey, EZR quick play (game id ``ezr``)."""
from .charts import Charts, default_charts, load_charts
from .engine import exact, exact_line, exact_period, exact_summary, play_scripted, simulate
from .matchup import Team, sample_teams
from .policies import ShufflePolicy
from .rules import Rules

GAME_ID = "ezr"
TITLE = "Shoot-Out Hockey, EZR quick play"

__all__ = ["Charts", "Rules", "ShufflePolicy", "Team", "default_charts", "exact", "exact_line", "exact_period", "exact_summary",
           "load_charts", "play_scripted", "sample_teams", "simulate", "GAME_ID", "TITLE"]
