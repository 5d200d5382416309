"""The ``simcore`` command's entry point (pyproject ``[project.scripts]``), outside the package.

Importing the package takes about half a second (numba, pandas), and a console script imports its entry before it
runs it: with the entry in the package, Ctrl-C in that half second printed a traceback.  Here the import is inside
the same ``KeyboardInterrupt`` handling as the command itself (:func:`simcore.cli.main`): one line,
``simcore: interrupted``, and status 130.  SIGTERM during the import ends the command the same way, with
``simcore: terminated`` and status 143 (it killed the process silently).
"""
from __future__ import annotations

import signal
import sys

EXIT_INTERRUPTED = 130          # 128 + SIGINT, as simcore.cli
EXIT_TERMINATED = 143           # 128 + SIGTERM, as simcore.cli


class _TerminatedWhileImporting(KeyboardInterrupt):
    pass


def _raise_terminated(signum, frame):
    raise _TerminatedWhileImporting


def main(argv=None) -> int:
    """The command line ``argv`` (None: this process's own, as the console script calls it; then the process ends
    with the command's status as soon as it returns, :func:`simcore.cli.exit_now`)."""
    own = argv is None and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    if own:                         # the console process: its SIGTERM, until simcore.cli takes it over
        signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        from simcore.cli import exit_now
        from simcore.cli import main as command
    except KeyboardInterrupt as exc:
        terminated = isinstance(exc, _TerminatedWhileImporting)
        print(f"simcore: {'terminated' if terminated else 'interrupted'}", file=sys.stderr)
        return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
    finally:
        if own:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)       # simcore.cli.main installs its own handler
    status = command(argv)
    if argv is None:
        exit_now(status)
    return status
