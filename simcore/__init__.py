"""simcore: Monte Carlo simulation and statistics for tabletop hockey games.

Start with ``simcore.game("ezr")`` (any case; ``simcore.available_games()`` lists the ids): a game on the
game contract (:mod:`simcore.games.base`) with its ``Rules``, its ``Setup`` (who plays),
``simulate(setup, n, seed, rules) -> Results``, ``play_by_play(setup, seed, game_index)`` and, where the dice
allow it, ``exact(...)``.  Comparisons and sweeps of rule variants are in :mod:`simcore.analysis`, replay
leagues in :mod:`simcore.league`; ``simcore.register(game)`` adds a game of your own (docs/architecture.md).
"""
__version__ = "0.1.0"

try:        # `python -m simcore` imports this package before its __main__: Ctrl-C here is one line too
    from simcore_entry import guard_module_import as _guard
except ImportError:                 # the package without the command's entry module beside it
    pass
else:
    _guard()

from . import nbcache, nbinline  # noqa: E402

nbcache.install()      # before any kernel is defined: cached machine code follows the modules it uses
nbinline.install()     # before any kernel compiles: numba's inlining copies a callee's IR once, not once a block

from .charts import ChartError  # noqa: E402
from .errors import InputError, UnknownNameError  # noqa: E402
from .games import available_games, game, register  # noqa: E402
from .games.base import Game, PlayByPlay, SetupBase, SetupError  # noqa: E402
from .metrics import Metric  # noqa: E402
from .results import Results, read_parquet  # noqa: E402
from .rulesbase import RuleError  # noqa: E402

__all__ = ["ChartError", "Game", "InputError", "Metric", "PlayByPlay", "Results", "RuleError", "SetupBase",
           "SetupError", "UnknownNameError", "analysis", "available_games", "game", "league", "read_parquet",
           "register", "__version__"]
# ``simcore.games`` is the games' package (its ``games()`` lists the registered games by id)


def __getattr__(name):
    if name in ("analysis", "league"):
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
