"""The ``simcore`` command's entry point (pyproject ``[project.scripts]``), outside the package.

Importing the package takes about half a second (numba, pandas), and a console script imports its entry before it
runs it: with the entry in the package, Ctrl-C in that half second printed a traceback.  Here the import is inside
the same ``KeyboardInterrupt`` handling as the command itself (:func:`simcore.cli.main`): one line,
``simcore: interrupted``, and status 130.
"""
from __future__ import annotations

import sys

EXIT_INTERRUPTED = 130          # 128 + SIGINT, as simcore.cli


def main(argv=None) -> int:
    """The command line ``argv`` (None: this process's own, as the console script calls it; then the process ends
    with the command's status as soon as it returns, :func:`simcore.cli.exit_now`)."""
    try:
        from simcore.cli import exit_now
        from simcore.cli import main as command
    except KeyboardInterrupt:
        print("simcore: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    status = command(argv)
    if argv is None:
        exit_now(status)
    return status
