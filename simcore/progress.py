"""What simcore shows while it works: progress bars of long runs and the notice of kernels compiling.

Bars are ``tqdm.auto`` bars on stderr: a text bar on a terminal, a widget in Jupyter (a text bar there when
ipywidgets is not installed), nothing when stderr is neither (a pipe, a file, a CI log).  Quiet mode (every
command's ``--quiet``, or :func:`set_quiet` from Python) hides the bars and the compile notice
(:mod:`simcore.compiling`) everywhere; errors and warnings still print.
"""
from __future__ import annotations

import sys
import warnings

_quiet = False


def quiet() -> bool:
    """True while quiet mode is on."""
    return _quiet


def set_quiet(flag: bool) -> bool:
    """Turn quiet mode on or off; returns what it was."""
    global _quiet
    old, _quiet = _quiet, bool(flag)
    return old


def interactive(stream=None) -> bool:
    """True when ``stream`` (default stderr) is a terminal."""
    stream = sys.stderr if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):      # no isatty, or a closed stream
        return False


def in_jupyter() -> bool:
    """True inside a Jupyter (IPython kernel) session, whose stderr is no terminal but shows what is drawn."""
    ipython = sys.modules.get("IPython")
    try:
        return ipython is not None and "IPKernelApp" in ipython.get_ipython().config
    except (AttributeError, TypeError):     # IPython imported but no shell running
        return False


def _tqdm():
    with warnings.catch_warnings():
        # tqdm.auto in Jupyter without ipywidgets warns once and draws a text bar: the text bar is what we want
        warnings.simplefilter("ignore")
        from tqdm.auto import tqdm
    return tqdm


def bar(*, show: bool | None = None, **kw):
    """A ``tqdm.auto`` bar on stderr (``kw`` as tqdm's).  ``show``: True draws it whatever stderr is, False
    hides it, None draws it on a terminal or in Jupyter; quiet mode hides it in every case."""
    if isinstance(show, str) or show not in (True, False, None):
        from simcore.errors import InputError

        raise InputError(f"progress must be True, False or None (a bar on a terminal or in Jupyter), got {show!r}")
    if _quiet:
        disable = True
    elif show is None:
        disable = False if in_jupyter() else None     # None: tqdm draws on a terminal only
    else:
        disable = not show
    return _tqdm()(disable=disable, file=kw.pop("file", sys.stderr), **kw)


def write(line: str) -> None:
    """Print one line on stderr without breaking a bar that is being drawn (nothing in quiet mode)."""
    if _quiet:
        return
    _tqdm().write(line, file=sys.stderr)
