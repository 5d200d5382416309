"""Shoot-Out Hockey, EZR quick play (game id ``ezr``): ``GAME``, the game on the contract, and its toolkit."""
from .charts import Charts, default_charts, load_charts
from .engine import exact_line, exact_period, exact_summary, play_scripted
from .game import GAME, Setup
from .matchup import Team, sample_teams
from .policies import ShufflePolicy
from .rules import Rules

simulate = GAME.simulate
exact = GAME.exact
play_by_play = GAME.play_by_play
variant_run = GAME.variant_run

__all__ = ["GAME", "Charts", "Rules", "Setup", "ShufflePolicy", "Team", "default_charts", "exact", "exact_line",
           "exact_period", "exact_summary", "load_charts", "play_by_play", "play_scripted", "sample_teams",
           "simulate", "variant_run"]
