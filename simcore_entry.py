"""The ``simcore`` command's entry point (pyproject ``[project.scripts]``), outside the package.

Importing the package takes about half a second (numba, pandas), and a console script imports its entry before it
runs it: with the entry in the package, Ctrl-C in that half second printed a traceback.  Here the import is inside
the same ``KeyboardInterrupt`` handling as the command itself (:func:`simcore.cli.main`): one line,
``simcore: interrupted``, and status 130.  SIGTERM during the import ends the command the same way, with
``simcore: terminated`` and status 143 (it killed the process silently).

Two more ways a Ctrl-C was lost.  An import that catches every exception swallows the ``KeyboardInterrupt`` and the
command went on to run (a ``simcore ezr -n 1000000000000`` interrupted half a second in ran on); the entry notes
each SIGINT (and SIGTERM) while it imports and ends the command when one was swallowed.  A signal that lands in a
callback Python cannot raise from (the import system's module-lock weakref callback) was printed as "Exception
ignored in ...", with a traceback, before the one line: while it imports, the entry's ``sys.unraisablehook`` leaves
those out (the count ends the command).  And :func:`simcore.cli.main` sets up
(importing pandas) before its own ``KeyboardInterrupt`` handling begins and takes it down after that ends: a Ctrl-C
there printed a traceback; the entry answers it in one line too.
"""
from __future__ import annotations

import signal
import sys

EXIT_INTERRUPTED = 130          # 128 + SIGINT, as simcore.cli
EXIT_TERMINATED = 143           # 128 + SIGTERM, as simcore.cli

#: SIGINTs and SIGTERMs seen while the command imports (the first entry counts them)
_seen = [0]
_terms = [0]


class _TerminatedWhileImporting(KeyboardInterrupt):
    pass


def _raise_terminated(signum, frame):
    _terms[0] += 1
    raise _TerminatedWhileImporting


def _note_interrupt(signum, frame):
    """Python's own Ctrl-C (a KeyboardInterrupt), counted: an import may catch the exception, not the count."""
    _seen[0] += 1
    raise KeyboardInterrupt


def _quiet_interrupts(previous):
    """A ``sys.unraisablehook`` that leaves out a KeyboardInterrupt raised where it cannot propagate (a weakref
    callback): the signal was counted, and the command ends with its one line."""
    def hook(unraisable):
        if not isinstance(unraisable.exc_value, KeyboardInterrupt):
            previous(unraisable)
    return hook


def _stopped(exc: KeyboardInterrupt) -> int:
    """The line and status of a command stopped by ``exc``: SIGTERM (while importing, or simcore.cli's Terminated)
    or Ctrl-C."""
    cli = sys.modules.get("simcore.cli")
    terminated = isinstance(exc, _TerminatedWhileImporting) or (
        cli is not None and isinstance(exc, getattr(cli, "Terminated", ())))
    print(f"simcore: {'terminated' if terminated else 'interrupted'}", file=sys.stderr)
    return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED


def _stop_importing(signum, frame):
    """While ``python -m simcore`` imports the package (nothing written yet): the one line and the status, at once."""
    import os

    os.write(2, b"simcore: interrupted\n" if signum == signal.SIGINT else b"simcore: terminated\n")
    os._exit(EXIT_INTERRUPTED if signum == signal.SIGINT else EXIT_TERMINATED)


def _running_as_module() -> bool:
    """Whether this process is ``python -m simcore`` still locating the module (``sys.argv[0]`` is "-m" until
    runpy has found ``simcore.__main__``, importing the package on the way): the module named after the
    interpreter's ``-m`` (``-m simcore``, ``-msimcore``, ``-um simcore``, after ``-X dev`` or ``-W error``)."""
    if sys.argv[:1] != ["-m"]:
        return False
    orig = list(getattr(sys, "orig_argv", ()))
    i = 1
    while i < len(orig):
        a = orig[i]
        if a in ("-X", "-W", "--check-hash-based-pycs"):      # an option whose value is the next argument
            i += 2
            continue
        if a.startswith("--") or not a.startswith("-") or a == "-":
            i += 1 if a.startswith("--") else len(orig)
            continue
        for j, ch in enumerate(a[1:], start=1):                # a cluster of one-letter options: -um, -Bm
            if ch == "m":
                name = a[j + 1:] or (orig[i + 1] if i + 1 < len(orig) else "")
                return name == "simcore"
            if ch == "c":                                      # -c CMD: not a module
                return False
            if ch in "XW":                # its value: the rest of the argument, or the next one (-uX dev)
                i += 1 if j == len(a) - 1 else 0
                break
        i += 1
    return False


def environment_error() -> str | None:
    """What is wrong with an environment setting the import would fail on, or None: numba refuses a
    ``NUMBA_NUM_THREADS`` below 1 with a traceback as it loads."""
    import os

    v = os.environ.get("NUMBA_NUM_THREADS", "")
    try:
        bad = int(v) < 1
    except ValueError:
        bad = False                 # numba's own reading of other text (it ignores it)
    if bad:
        return (f"environment variable NUMBA_NUM_THREADS={v!r}: numba needs a whole number of threads of at least "
                "1; unset it to use every core, or use --threads")
    return None


def guard_module_import() -> None:
    """Called first thing by the package (``simcore/__init__.py``): under ``python -m simcore`` the package imports
    before ``simcore/__main__.py`` and so outside :func:`main`; a Ctrl-C or SIGTERM then printed a traceback or
    nothing.  Until :func:`end_module_guard`, either ends the process with its one line and status."""
    if not _running_as_module():
        return
    bad = environment_error()
    if bad:
        print(f"simcore: error: {bad}", file=sys.stderr)
        sys.exit(2)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _stop_importing)
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _stop_importing)


def end_module_guard() -> None:
    """``simcore/__main__.py``, before :func:`main`: the default handlers back, for :func:`main` to take over."""
    if signal.getsignal(signal.SIGINT) is _stop_importing:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if signal.getsignal(signal.SIGTERM) is _stop_importing:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def main(argv=None) -> int:
    """The command line ``argv`` (None: this process's own, as the console script calls it; then the process ends
    with the command's status as soon as it returns, :func:`simcore.cli.exit_now`)."""
    bad = environment_error()
    if bad:
        print(f"simcore: error: {bad}", file=sys.stderr)
        return 2
    own = argv is None and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    watch = argv is None and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if own:                         # the console process: its SIGTERM, until simcore.cli takes it over
        signal.signal(signal.SIGTERM, _raise_terminated)
    if watch:
        signal.signal(signal.SIGINT, _note_interrupt)
    unraisable = sys.unraisablehook
    if own or watch:
        sys.unraisablehook = _quiet_interrupts(unraisable)
    try:
        try:
            from simcore.cli import exit_now
            from simcore.cli import main as command
            if _terms[0]:
                raise _TerminatedWhileImporting     # a SIGTERM that an import caught, or a callback could not raise
            if _seen[0]:
                raise KeyboardInterrupt         # a Ctrl-C that an import caught
        finally:
            sys.unraisablehook = unraisable
            if own:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)       # simcore.cli.main installs its own handler
            if watch:
                signal.signal(signal.SIGINT, signal.default_int_handler)
        status = command(argv)
    except KeyboardInterrupt as exc:
        # while importing, or before (after) the command's own handling of Ctrl-C begins (ends)
        return _stopped(exc)
    if argv is None:
        exit_now(status)
    return status
