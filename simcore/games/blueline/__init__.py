"""Blue Line Hockey (game id ``blueline``): ``GAME``, the game on the contract, and its toolkit."""
from .game import GAME, Setup
from .policies import Policy
from .rules import Rules

simulate = GAME.simulate
play_by_play = GAME.play_by_play

__all__ = ["GAME", "Policy", "Rules", "Setup", "play_by_play", "simulate"]
