"""Pyramid card hockey (game id ``pyramid``): a 6-card inverted-pyramid lineup, three periods of one deck."""
from .deck import Deck, custom_deck, load_deck, shape, standard_deck
from .engine import compile_game, play_by_play, play_scripted, simulate
from .exact import exact
from .policies import PRESETS as POLICY_PRESETS
from .policies import Policy
from .rules import Rules

GAME_ID = "pyramid"
TITLE = "Pyramid card hockey"

__all__ = ["Deck", "POLICY_PRESETS", "Policy", "Rules", "compile_game", "custom_deck", "exact", "load_deck",
           "play_by_play", "play_scripted", "shape", "simulate", "standard_deck", "GAME_ID", "TITLE"]
