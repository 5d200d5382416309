"""Strat-O-Matic Hockey Basic game kernel: one game per iteration, card by card.

The kernel reads only the integer tables built by :mod:`simcore.games.strat.compile`, packed into one flat
array ``D`` (see "the flat data buffer" in :mod:`.tables`), and writes per-game counters.  Rule sections in
comments refer to shared/rules/strat-o-matic-hockey.txt; every reading of the rules the code makes is in
docs/strat.md.

Randomness.  Game ``g`` of a run with seed ``s`` draws from its own stream (:mod:`simcore.rng`): the per-period
shuffle of the action deck, the 40-card split deck (drawn without replacement and reshuffled when spent), and
the dice.  In scripted mode the same code reads three scripts instead: the action cards of each period in order
(``-1`` a forward line-change card, ``-2`` a defense line-change card, ``-9`` ends the period's deck), split
card indices (0-39, rows of the split deck file), and dice totals.

Players on the ice are addressed by slot: LW, C, RW, LD, RD (0-4) and the extra skater (5) when the goalie is
pulled.  A line change puts new players into the same slots, which is how the cards read ("the player in
control" keeps his position).

Arrays inside a game are raw pointers (:func:`simcore.nbarrays.ptr`), indexed flat in C order:
``OP[(t * MAX_ROSTER + r) * NP + P.g]`` for the (2, MAX_ROSTER, NP) player counters, and so on (the shapes are
in :func:`.game.play_game`'s docstring).  numba calls its runtime twice for every array passed to a function,
inlined or not, and the handlers run on every step: as arrays that was about 68 runtime calls a step and four
fifths of the kernel's time.  :func:`.game.play_game` takes ordinary arrays and hands pointers to
:func:`.game._play_game`.

The game's whole state is one int64 array ``Z`` (layout ``ZL``): the scalars first (the script and log lengths
among them, ``ZL.nscript`` and ``ZL.logcap``), then fixed regions: ``Z[ZL.ice + t * 6 + s]`` is the player in
slot ``s`` of side ``t``, and so on for the lines (``ZL.lines``), "any player" turns, shooting tendencies,
injuries, the machine state (``ZL.m``, fields ``M``: mode, team, slot, column, unrestricted, zone) and the
period's action deck (``ZL.deck``).  One base pointer for all of it leaves the registers to the game; a pointer
per array had to be reloaded from the stack at nearly every use.

The tables of ``D``, in order, with their shapes: :data:`.layout.TABLES`.

Rules.  The rule vector (``RULE``) is a table of ``D``.  A period reads once whether any rule beyond the Basic
game's open play is in force (:func:`.tables.advanced_rules`) and hands that flag to the faceoff, action and shot
handlers, so the Basic game tests one value there rather than each Advanced rule's slot; the Advanced-only steps
(the rated faceoff charts, passing, the Passing L chart, deflections, the goalie penalty) are calls, not inlined
into the period's loop.  When no Advanced rule is in force the game plays the period's ``BASIC_ONLY`` copy
(:func:`.game.period`), compiled with that flag a constant False, so none of those branches is in its code.

Modules, by concept (each imports what it uses at module level, so simcore.nbcache stamps a cached function
with every module it inlines):

* :mod:`.layout` -- every offset and code, generated from declarations (plain constants, no numba code);
* :mod:`.tables` -- the accessors of ``D``'s tables; :mod:`.events` -- the play-by-play log;
* :mod:`.draws` -- dice, the split deck, the action deck, scripts; :mod:`.ice` -- lines on the ice, "any
  player" picks, the assist chain;
* :mod:`.injuries` (15); :mod:`.goals` -- goals, assists, shots on goal (14, 24.3); :mod:`.manpower` -- the
  penalty queue, its clock and the skaters each side has (7.x, 16.3x, 23.0); :mod:`.penalties` -- a penalty
  called into the queue; :mod:`.powerplay` -- the power play of a called penalty (7.x, 16.31-16.51);
  :mod:`.passing` -- passing instead of penetrating, the Passing L chart (11);
  :mod:`.penetration` (6.1, 26, 31); :mod:`.deflections` (25); :mod:`.intimidation` (12, 16.1-16.12) and :mod:`.delayed`
  (16.13-16.15); :mod:`.shots` -- shots, goalie cards, rebounds, breakaways (3.0, 5.x, 6.x);
  :mod:`.actions` -- action cards (4.x; the Advanced deck's sections and segments at level=advanced, 10);
  :mod:`.faceoffs` (2.x; the Advanced and Super Advanced charts, 8); :mod:`.coaching` -- the coaches'
  decisions (alignments, 9); :mod:`.goalies` -- pull (13) and relief;
  :mod:`.shootout` (28);
* :mod:`.game` -- periods and the game; :mod:`.drivers` -- :func:`simulate_games`, :func:`add_players`,
  :func:`play_logged`.

This package re-exports the layout's names; the kernel's functions load on first use (``kernel.simulate_games``
imports :mod:`.drivers`), so importing the layout alone defines no jitted function.  No kernel code lives here:
simcore.nbcache does not follow package ``__init__`` files.
"""
from __future__ import annotations

import importlib

from .layout import *  # noqa: F401,F403  (the constants: ZL, TM, T, P, K, O, EV, ...)

_MODULES = ("layout", "tables", "events", "draws", "ice", "injuries", "goals", "manpower", "penalties", "powerplay",
            "passing", "penetration", "deflections", "delayed", "intimidation", "shots",
            "actions", "faceoffs", "coaching", "goalies", "shootout", "game", "drivers")
_LAZY = {name: module for module, names in {
    "drivers": ("simulate_games", "add_players", "play_logged", "GAME_OUTPUTS", "BLOCK"),
    "game": ("play_game", "play_period"),
    "draws": ("build_deck", "roll1", "roll2", "draw_split"),
    "tables": ("sk", "tm", "gk", "rule"),
    "events": ("log", "enc"),
    "ice": ("MIRROR", "SELF_PASS"),
    "coaching": ("PULL_CARDS_LEFT", "observe"),
}.items() for name in names}


def __getattr__(name):
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    if name in _MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY) | set(_MODULES))
