"""Named policies of Pass & Score, selectable per team (docs/passscore.md "Policies").

A policy is a name and, for ``search``, a budget: ``random``, ``greedy``, ``search`` (budget 8) or
``search:16``.  The kernel's functions are in :mod:`.kernel.policies`.  The game has no chance: two deterministic
policies would play the same game every time, so every shipped policy breaks its ties at random, from the game's
own stream.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.checks import is_whole
from simcore.errors import InputError

KINDS = ("random", "greedy", "search")
DEFAULT_BUDGET = 8
MAX_BUDGET = 4096
#: greedy without the puck first tries this many of the uniform sampler's plays, keeping the first of the best key,
#: before walking the plays for a uniform one of that key (kernel.policies.choose_play): the same draw either way,
#: the proposals being much cheaper where the best key has many plays (benchmarks/RESULTS.md)
GREEDY_PROPOSALS = 64


@dataclass(frozen=True)
class Policy:
    """A named policy: ``kind`` (random, greedy, search) and ``budget``, search's plays looked at two plays deep
    per decision."""

    kind: str = "random"
    budget: int = DEFAULT_BUDGET

    def __post_init__(self):
        if self.kind not in KINDS:
            raise InputError(f"unknown policy {self.kind!r}; policies: {', '.join(KINDS)}")
        b = self.budget
        if not is_whole(b) or not 1 <= b <= MAX_BUDGET:
            raise InputError(f"policy {self.kind}: the budget must be a whole number 1..{MAX_BUDGET}, got {b!r}")
        object.__setattr__(self, "budget", int(b))

    @classmethod
    def parse(cls, spec) -> "Policy":
        """``random``, ``greedy``, ``search`` or ``search:N`` (a Policy passes through)."""
        if isinstance(spec, Policy):
            return spec
        if not isinstance(spec, str):
            raise InputError(f"a policy is one of {', '.join(KINDS)} (search:N for a budget), got {spec!r}")
        text = spec.strip().lower()
        name, colon, budget = text.partition(":")
        if name not in KINDS:
            raise InputError(f"unknown policy {spec!r}; policies: {', '.join(KINDS)} (search:N sets search's "
                             "budget)")
        if colon and name != "search":
            raise InputError(f"policy {spec!r}: only search takes a budget (search:N)")
        b = DEFAULT_BUDGET
        if colon:
            if not budget.isascii() or not budget.isdigit() or not 1 <= int(budget) <= MAX_BUDGET:
                raise InputError(f"policy {spec!r}: the budget must be a whole number 1..{MAX_BUDGET}")
            b = int(budget)
        return cls(name, b)

    def numeric(self) -> np.ndarray:
        from .kernel.layout import N_POL, P

        v = np.zeros(N_POL, np.int64)
        v[P.kind] = KINDS.index(self.kind)
        v[P.budget] = self.budget
        v[P.proposals] = GREEDY_PROPOSALS if self.kind == "greedy" else 0
        return v

    def __str__(self) -> str:
        if self.kind == "search" and self.budget != DEFAULT_BUDGET:
            return f"search:{self.budget}"
        return self.kind
