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
           "variant_run", "ANALYSIS_METRICS", "ANALYSIS_FUNCTIONALS", "SETUP_KEYS", "GAME_ID", "TITLE"]


def variant_run(rules, n, seed, *, threads=None, progress=None, policy_a="default", policy_b="default",
                deck_file=None):
    """One rule variant for the analysis layer: ``n`` games between policies A (home) and B."""
    return simulate(n, seed, rules, policies=(policy_a, policy_b), deck_file=deck_file, threads=threads,
                    progress=progress)


def _period_margins(g):
    """int[n, 3]: home minus away goals at the end of periods 1, 2 and 3."""
    import numpy as np

    h = np.cumsum(g[["home_p1", "home_p2", "home_p3"]].to_numpy(dtype=np.int64), axis=1)
    a = np.cumsum(g[["away_p1", "away_p2", "away_p3"]].to_numpy(dtype=np.int64), axis=1)
    return h - a


def _lead_changes(g):
    """Times the leader at a period's end changes (simcore.scoring.lead_changes)."""
    from simcore.scoring import lead_changes

    return lead_changes(_period_margins(g))


def _comeback(g):
    """The winner trailed at the end of period 1 or 2 (simcore.scoring.comeback)."""
    from simcore.scoring import comeback

    return comeback(_period_margins(g)[:, :2], g.winner)


#: Per-game metrics beyond the common ones (name -> function of a Results giving one value per game).
ANALYSIS_METRICS = {
    "first_mover_win": lambda r: r.games.first_drafter_won,
    "game_length": lambda r: r.games.turns,
    "shots_per_game": lambda r: r.games.home_shots + r.games.away_shots,
    "lead_changes": lambda r: _lead_changes(r.games),
    "comeback": lambda r: _comeback(r.games),
}


def _save_pct(r):
    from simcore.analysis.compare import ratio

    g = r.games
    return ratio(lambda r: g.home_saves + g.away_saves, lambda r: g.home_shots + g.away_shots)(r)


#: Metrics that are not per-game means: name -> function of a Results giving (estimate, per-game influence).
ANALYSIS_FUNCTIONALS = {"save_pct": _save_pct}
SETUP_KEYS = ("policy_a", "policy_b", "deck_file")
