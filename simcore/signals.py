"""Ctrl-C and SIGTERM held for a few statements that must not be cut in two."""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager


@contextmanager
def held():
    """SIGINT and SIGTERM held while the block runs (in the main thread; elsewhere nothing changes) and delivered
    to their own handlers once it ends: a Ctrl-C raises its KeyboardInterrupt then, after the block, so that a
    file the block creates is named where the caller's clean-up finds it (a temporary output, a staged file)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held_ = []
    sigs = (signal.SIGINT, signal.SIGTERM)
    old = {sig: signal.signal(sig, lambda signum, frame: held_.append(signum)) for sig in sigs}
    try:
        yield
    finally:
        for sig in sigs:
            signal.signal(sig, old[sig])
        for sig in dict.fromkeys(held_):
            handler = old[sig]
            if callable(handler):
                handler(sig, None)
            elif handler == signal.SIG_DFL:
                signal.raise_signal(sig)
