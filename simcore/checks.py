"""Argument checks shared by every layer: what counts as a whole number, and a list of names.

The messages stay with the callers, which know what the value is (games, seeds, a slot); these say only whether
a value is of the right kind.
"""
from __future__ import annotations

import numbers
from collections.abc import Iterable

from simcore.errors import InputError


def is_whole(value) -> bool:
    """Whether ``value`` is a whole number: a Python or numpy integer, not a bool (True is not 1 game) and not a
    float, however round (1.0 would be cut silently elsewhere)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def name_list(values, what: str) -> tuple:
    """``values`` (policies, options, ...) as a non-empty tuple; a single string (read one letter at a time), a
    non-iterable or an empty list is an InputError naming ``what``."""
    if isinstance(values, (str, bytes, dict)) or not isinstance(values, Iterable):
        raise InputError(f"{what} must be a list (a single one in a list too), got {values!r}")
    values = tuple(values)
    if not values:
        raise InputError(f"{what} must name at least one")
    return values
