"""What every command line of simcore shares: the one-line usage error, argument types, common options, file
safety and JSON output.

Games build their commands (``games/<id>/report.py``) from these pieces; :mod:`simcore.cli` dispatches to them.
This module imports no game and nothing of the command line itself.
"""
from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np

EXIT_USAGE = 2


class UsageError(Exception):
    """Bad input on the command line: printed as one line, exit status 2."""


class _Quiet(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None):
        import simcore.progress as progress

        progress.set_quiet(True)
        setattr(namespace, self.dest, True)


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a :class:`UsageError` (one line, exit 2) and whose help keeps the
    layout of its epilog.  Every command has ``--quiet`` (:func:`simcore.progress.set_quiet`)."""

    def __init__(self, *args, **kw):
        kw.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kw)
        self.add_argument("--quiet", action=_Quiet, nargs=0, default=False,
                          help="no progress bars and no notice of kernels compiling")

    def error(self, message):
        raise UsageError(f"{self.prog}: {message}")


def positive_int(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v <= 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {v}")
    return v


def seed(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= v < 2**64:
        raise argparse.ArgumentTypeError(f"must be in 0 .. 2**64-1, got {v}")
    return v


def add_n(p, default: int, what: str = "games to simulate"):
    p.add_argument("-n", type=positive_int, default=default, help=f"{what} (default {default})")


def add_seed(p, default: int = 0):
    p.add_argument("--seed", type=seed, default=default, help=f"random seed, 0 .. 2**64-1 (default {default}); the "
                   "same seed gives the same games on any number of threads")


def add_threads(p):
    p.add_argument("--threads", type=positive_int, default=None,
                   help="threads to run on (default: every core)")


def add_format(p):
    p.add_argument("--format", choices=("table", "json"), default="table", help="output (default table)")


def add_rules(p, example: str):
    p.add_argument("--rules", default="", metavar="FIELD=VALUE,...",
                   help=f"rule fields, e.g. '{example}' (see below)")


def add_plot(p, what: str):
    p.add_argument("--plot", metavar="FILE", help=f"write {what} to FILE (PNG, PDF, SVG)")
    p.add_argument("--force", action="store_true", help="replace an existing output file")


def refuse_overwrite(path, force: bool) -> None:
    if Path(path).exists() and not force:
        raise UsageError(f"{path} exists; pass --force to replace it")


def plain(obj):
    """A JSON-safe copy: numpy scalars and arrays as Python values, NaN and infinities as null."""
    if isinstance(obj, dict):
        return {str(k): plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [plain(v) for v in obj]
    if isinstance(obj, np.ndarray):
        return [plain(v) for v in obj.tolist()]
    if isinstance(obj, np.generic):
        obj = obj.item()
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    return obj


def jsonable(df) -> list[dict]:
    """Rows of a frame as plain JSON values (NaN becomes null)."""
    return json.loads(df.to_json(orient="records"))


def print_json(doc) -> None:
    print(json.dumps(doc, indent=2))
