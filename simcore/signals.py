"""Ctrl-C and SIGTERM held for a few statements that must not be cut in two."""
from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager

SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _install(sig, handler) -> BaseException | None:
    """Set ``sig``'s handler, whatever a signal already pending raises on the way (``signal.signal`` runs the
    pending handlers first): the handler is set, and the exception returned for the caller to raise."""
    raised = None
    while True:
        try:
            signal.signal(sig, handler)
            return raised
        except BaseException as exc:            # a KeyboardInterrupt or simcore.cli's Terminated
            raised = raised or exc


@contextmanager
def held():
    """SIGINT and SIGTERM held while the block runs (in the main thread; elsewhere nothing changes) and delivered
    to their own handlers once it ends: a Ctrl-C raises its KeyboardInterrupt then, after the block, so that a
    file the block creates is named where the caller's clean-up finds it (a temporary output, a staged file).

    Every handler swapped is put back, even when a signal arrives between two of the swaps (and should one stay
    swapped, a signal raised at the wrong bytecode, it acts as the handler it replaced); each signal held is
    delivered (the first exception a handler raises is raised once all have run).  A signal whose handler was not
    set from Python (``signal.getsignal`` gives None) is left alone."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    got: list[int] = []
    ended = []

    def note(signum, frame):
        if not ended:
            got.append(signum)
            return
        # the block is over: a handler the restore below could not put back (a signal raised between two of its
        # steps) acts as the one it stands for, so no signal is ever lost to it
        handler = old.get(signum)
        if callable(handler):
            handler(signum, frame)
        elif handler == signal.SIG_DFL:
            signal.signal(signum, signal.SIG_DFL)
            signal.raise_signal(signum)

    old: dict = {}
    raised = None
    try:
        for sig in SIGNALS:
            handler = signal.getsignal(sig)
            if handler is None:
                continue
            old[sig] = handler
            raised = _install(sig, note)
            if raised is not None:
                break
        if raised is None:
            yield
    finally:
        ended.append(True)
        for sig, handler in old.items():
            raised = _install(sig, handler) or raised
        for sig in dict.fromkeys(got):
            handler = old[sig]
            try:
                if callable(handler):
                    handler(sig, sys._getframe(0))
                elif handler == signal.SIG_DFL:
                    signal.raise_signal(sig)
            except BaseException as exc:
                raised = raised or exc
        if raised is not None:
            raise raised
