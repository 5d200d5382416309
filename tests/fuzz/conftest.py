"""Hypothesis profiles of the fuzz tests and their folder on sys.path (for ``mutate``).

``fuzz``: a few examples per test, so the default suite stays fast (the module runs in well under a minute
warm); ``fuzz-slow``: many more, for the copies of the tests marked ``slow`` (``pytest -m slow tests/fuzz``).
Neither keeps a database of examples (nothing is written into the work tree) and neither has a deadline (a
numba kernel's first call may compile); a hang is caught by :func:`mutate.time_limit` instead.
"""
from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

_COMMON = dict(deadline=None, database=None, print_blob=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
settings.register_profile("fuzz", max_examples=10, **_COMMON)
settings.register_profile("fuzz-slow", max_examples=300, **_COMMON)
