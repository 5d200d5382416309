"""Analysis over any registered game: rule variants compared on common random numbers, sweeps, inference, plots.

Nothing here names a game: a game hands this layer its Rules, its Setup, ``simulate`` and its metrics through
the game contract (:mod:`simcore.games.base`), so a game that registers is analysed like the shipped ones.

* :func:`compare` -- two rule variants, paired game by game (the same seed gives both the same dice and cards),
  every metric's difference with its 95% interval, p-value and Holm-adjusted p-value (:class:`Comparison`);
* :func:`sweep` -- every combination of some rule values (or setup values), each cell against a base variant,
  as one tidy table;
* :mod:`.inference` -- paired and unpaired differences, Holm's adjustment, a whole-distribution test, the
  sample size that decides (:func:`required_n`);
* :func:`wilson_ci`, :func:`mean_ci` -- the 95% intervals every summary table uses (:mod:`simcore.stats`);
* :mod:`.plots` -- goal distributions, forest plots of differences, sweep curves (matplotlib figures);
* :mod:`.seats` -- policies against each other with the seats balanced (the balance reports' policy matrices).

docs/analysis.md explains the method.  ``compare`` and ``sweep`` are the functions (their modules are
``simcore.analysis.compare`` and ``simcore.analysis.sweep`` on import); plots are loaded on first use.
"""
from __future__ import annotations

from simcore.lazy import attributes

from .compare import COMMON_FUNCTIONALS, COMMON_METRICS, Comparison, compare  # noqa: F401
from .inference import Difference, histogram_test, holm, paired_difference, required_n, unpaired_difference  # noqa: F401
from .sweep import sweep  # noqa: F401
from simcore.stats import mean_ci, wilson_ci  # noqa: F401,E402

_NAMES: dict = {}
_MODULES = ("inference", "plots")

__all__ = sorted(["COMMON_FUNCTIONALS", "COMMON_METRICS", "Comparison", "Difference", "compare", "histogram_test",
                  "holm", "mean_ci", "paired_difference", "required_n", "sweep", "unpaired_difference",
                  "wilson_ci", *_MODULES])


__getattr__ = attributes(__name__, _NAMES, _MODULES)
