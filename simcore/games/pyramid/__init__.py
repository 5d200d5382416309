"""Pyramid card hockey (game id ``pyramid``): ``GAME``, the game on the contract, and its toolkit."""
from . import exact as _exact_module  # noqa: F401  (loaded first: the name exact is the game's method)
from .deck import Deck, custom_deck, load_deck, shape, standard_deck
from .engine import compile_game, play_scripted
from .game import GAME, Setup
from .policies import PRESETS as POLICY_PRESETS
from .policies import Policy
from .rules import Rules

simulate = GAME.simulate
exact = GAME.exact
play_by_play = GAME.play_by_play
variant_run = GAME.variant_run

__all__ = ["GAME", "Deck", "POLICY_PRESETS", "Policy", "Rules", "Setup", "compile_game", "custom_deck", "exact",
           "load_deck", "play_by_play", "play_scripted", "shape", "simulate", "standard_deck", "variant_run"]
