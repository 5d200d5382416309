"""simcore: Monte Carlo simulation and statistics for tabletop hockey games.

Start with ``simcore.game("ezr")``: each game module has ``Rules``,
``simulate(...) -> Results`` and, where the dice allow it, ``exact(...)``.
"""
__version__ = "0.1.0"

from .charts import ChartError
from .games import available_games, game
from .results import Results, read_parquet
from .rulesbase import RuleError

__all__ = ["ChartError", "Results", "RuleError", "available_games", "game", "read_parquet", "__version__"]
