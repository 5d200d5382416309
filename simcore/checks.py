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


def run_script(play, script, name: str = "script", entries: int = 1):
    """``play(script)``, with a kernel's complaint about the script (it ran out, an entry is outside what the game
    drew there, a scripted play is not legal) raised as an InputError naming ``name``, the entry and its value
    (the ``entries`` entries that end there, when the kernel reads a play of several at once).

    A kernel stops at the first bad entry without saying where it is.  Scripts are read in order, so a prefix of
    the script fails the same way exactly when it holds that entry: the entry is found by bisection over prefixes,
    a few replays of a short scripted game."""
    try:
        return play(script)
    except InputError:
        raise
    except ValueError as exc:
        msg = str(exc)
        if "ran out" in msg:
            raise InputError(f"{msg} ({name}: {len(script)} {'entry' if len(script) == 1 else 'entries'} given)") from None
        if "outside" not in msg and "not legal" not in msg:
            raise
    lo, hi = 0, len(script)          # script[:hi] fails with msg, script[:lo] does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        try:
            play(script[:mid])
            same = False
        except ValueError as exc:
            same = str(exc) == msg
        if same:
            hi = mid
        else:
            lo = mid
    first = max(hi - entries, 0)
    where = f"entry {first}" if hi - first == 1 else f"entries {first}-{hi - 1}"
    raise InputError(f"{name} {where} ({', '.join(str(int(v)) for v in script[first:hi])}): {msg}")


def of_kind(value, kind: type, what: str, made_by: str) -> None:
    """An InputError unless ``value`` is a ``kind`` (a projection, a comparison, a run's Results): the message
    names the argument ``what`` and the call that makes one, ``made_by``."""
    if not isinstance(value, kind):
        got = repr(value)[:60] if value is None or isinstance(value, (str, numbers.Number)) else \
            f"a {type(value).__name__}"
        raise InputError(f"{what} must be a {kind.__name__}, as {made_by} returns; got {got}")


def frame_with(frame, columns, what: str, made_by: str) -> None:
    """An InputError unless ``frame`` is a DataFrame holding every one of ``columns``; the message names the
    argument ``what``, the call that makes such a table, ``made_by``, and what is missing."""
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        of_kind(frame, pd.DataFrame, what, made_by)
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise InputError(f"{what} lacks column(s) {', '.join(map(str, missing))}: it must be the table {made_by} "
                         "returns")
