"""Pass & Score (game id ``passscore``): ``GAME``, the game on the contract, and its toolkit."""
from .board import Board, load_board
from .engine import Position
from .game import GAME, Setup
from .policies import Policy
from .rules import Rules

simulate = GAME.simulate
play_by_play = GAME.play_by_play

__all__ = ["GAME", "Board", "Policy", "Position", "Rules", "Setup", "load_board", "play_by_play", "simulate"]
