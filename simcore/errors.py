"""The error a refused input raises, which the command line reports as one line and exit status 2.

Every other exception that reaches the command line is a bug in simcore: it prints ``simcore: internal error:
...`` and exits with status 1 (:func:`simcore.cli._main`).
"""
from __future__ import annotations


class InputError(ValueError):
    """A user's input that simcore refuses: a data file, a command-line option or a Python argument.

    The message names where the input is (the file, row and field, or the option or argument) and quotes the
    offending text, so that it alone tells the user what to change.  Raise it (or one of its subclasses) only for
    input a user could get wrong; a check that fails only when simcore itself is wrong raises anything else, so
    that it is reported as a bug.  A subclass of ``ValueError``, as the errors it replaces were."""


class UnknownNameError(InputError, KeyError):
    """A name (a team, game, metric, player, ...) that is not among the known ones: an :class:`InputError` that is
    also a ``KeyError``, for callers that look names up.  ``str()`` is the message itself, without the quotes a
    ``KeyError`` adds."""

    def __str__(self) -> str:
        return str(self.args[0]) if len(self.args) == 1 else super().__str__()
