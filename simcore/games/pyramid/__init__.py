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
           "play_by_play", "play_scripted", "shape", "simulate", "standard_deck",
           "variant_run", "ANALYSIS_METRICS", "SETUP_KEYS", "GAME_ID", "TITLE"]


def variant_run(rules, n, seed, *, threads=None, progress=None, policy_a="default", policy_b="default",
                deck_file=None):
    """One rule variant for the analysis layer: ``n`` games between policies A (home) and B."""
    return simulate(n, seed, rules, policies=(policy_a, policy_b), deck_file=deck_file, threads=threads,
                    progress=progress)


#: Per-game metrics beyond the common game table's (name -> function of the ``games`` table).
ANALYSIS_METRICS = {
    "first_mover_win": lambda g: g.first_drafter_won,
    "game_length": lambda g: g.turns,
    "shots_per_game": lambda g: g.home_shots + g.away_shots,
}
SETUP_KEYS = ("policy_a", "policy_b", "deck_file")
