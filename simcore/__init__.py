"""simcore: Monte Carlo simulation and statistics for tabletop hockey games.

Start with ``simcore.game("ezr")``: each game module has ``Rules``,
``simulate(...) -> Results`` and, where the dice allow it, ``exact(...)``.
"""
__version__ = "0.1.0"

from . import nbcache

nbcache.install()      # before any kernel is defined: cached machine code follows the modules it uses

from .charts import ChartError  # noqa: E402
from .games import available_games, game  # noqa: E402
from .results import Results, read_parquet  # noqa: E402
from .rulesbase import RuleError  # noqa: E402

__all__ = ["ChartError", "Results", "RuleError", "available_games", "game", "read_parquet", "__version__"]
