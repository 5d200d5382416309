"""What every command line of simcore shares: the one-line usage error, argument types, common options, file
safety and JSON output.

Games build their commands (``games/<id>/report.py``) from these pieces; :mod:`simcore.cli` dispatches to them.
This module imports no game and nothing of the command line itself.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
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


class _Once:
    """A stored option given twice with different values is refused, naming both (``--overtime none
    --overtime table``, ``--home BOS --home NYR``, ``--qq-chart --no-qq-chart``): never "the last wins".  The
    same value twice is the same setting and passes."""

    def __call__(self, parser, namespace, values, option_string=None):
        _once(self, parser, namespace, values, option_string)
        super().__call__(parser, namespace, values, option_string)


def _once(action, parser, namespace, values, option_string):
    """Record that ``action`` set its destination; refuse a second, different value (:class:`_Once`)."""
    value = action.const if action.nargs == 0 else values
    given = getattr(namespace, "_given_values", {})
    if action.dest in given and given[action.dest][1] != value:
        show = (lambda opt, v: opt if action.nargs == 0 else f"{opt} {v}")
        parser.error(f"{show(*given[action.dest])} and {show(option_string, value)} set one thing twice; give one")
    namespace._given_values = {**given, action.dest: (option_string, value)}


class _StoreOnce(_Once, argparse._StoreAction):
    pass


class _StoreConstOnce(_Once, argparse._StoreConstAction):
    pass


class _StoreTrueOnce(_Once, argparse._StoreTrueAction):
    pass


class _StoreFalseOnce(_Once, argparse._StoreFalseAction):
    pass


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a :class:`UsageError` (one line, exit 2) and whose help keeps the
    layout of its epilog.  Every command has ``--quiet`` (:func:`simcore.progress.set_quiet`).  An option given
    twice with different values is refused (:class:`_Once`); a list option adds up (:class:`JoinRepeated`)."""

    def __init__(self, *args, **kw):
        kw.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kw)
        for name, action in ((None, _StoreOnce), ("store", _StoreOnce), ("store_const", _StoreConstOnce),
                             ("store_true", _StoreTrueOnce), ("store_false", _StoreFalseOnce)):
            self.register("action", name, action)
        self.add_argument("--quiet", action=_Quiet, nargs=0, default=False,
                          help="no progress bars and no notice of kernels compiling")

    def error(self, message):
        raise UsageError(f"{self.prog}: {message}")

    def parse_known_args(self, args=None, namespace=None):
        ns, rest = super().parse_known_args(args, namespace)
        _one_thread_count(self, ns)
        _force_with_an_output(self, ns)
        return ns, rest


#: where a command's outputs are named: ``--out``, ``--plot``, ``--report FILE``, a ``DIR`` argument
OUTPUT_DESTS = ("out", "plot", "report", "dir")


def _force_with_an_output(p, ns):
    """``--force`` replaces an output file, so it comes with one: given alone it would do nothing, and the user
    who typed it expected a file."""
    if getattr(ns, "force", False) is not True:
        return
    if any(isinstance(getattr(ns, k, None), (str, os.PathLike)) for k in OUTPUT_DESTS):
        return
    names = [a.option_strings[0] for a in p._actions
             if a.dest in OUTPUT_DESTS and a.option_strings and a.nargs != 0]
    p.error("--force replaces an output file, and none is given" + (f" ({' or '.join(names)})" if names else ""))


def _one_thread_count(p, ns):
    """``--threads`` sets the threads of the threads executor, as ``--workers`` does: both given is a setting
    given twice; with ``--executor dask`` the workers are processes and ``--threads`` has nothing to set."""
    import numba

    threads, workers = getattr(ns, "threads", None), getattr(ns, "workers", None)
    spec = getattr(ns, "spec", None) or "threads"
    most = numba.config.NUMBA_NUM_THREADS
    if spec == "threads" and workers is not None and workers > most:      # checked here, not when a run starts
        p.error(f"argument --workers: the threads executor runs on this machine's {most} threads at most, got "
                f"{workers} (--executor dask starts worker processes)")
    if threads is None:
        return
    if spec != "threads":
        p.error(f"--threads {threads}: with --executor {spec} the games run on the cluster's workers, one thread "
                f"each (--workers sets how many); --threads is for the threads executor")
    if workers is not None:
        p.error(f"--threads {threads} and --workers {workers} both set the threads executor's threads; give one")


#: The largest count or index an option takes: what the kernels' int64 game indices hold.
INT64_MAX = 2**63 - 1
_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


def whole_number(text: str) -> int:
    """A whole number written in ASCII digits (``12``, ``-3``): ``int()`` alone would also read ``١٢``, ``1_0``
    and `` 5 ``, which a command line should refuse."""
    if not isinstance(text, str) or not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected a whole number (digits 0-9), got {text!r}")
    return int(text)


def decimal(text: str) -> float:
    """A decimal number written in ASCII (``0.8``, ``.95``, ``1e-3``); ``float()`` alone would also read
    ``٠.٥`` and ``1_0``."""
    if not isinstance(text, str) or not _DECIMAL.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected a number (digits 0-9), got {text!r}")
    return float(text)


def positive_int(text: str) -> int:
    """A count: 1 .. 2**63-1."""
    v = whole_number(text)
    if v <= 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {v}")
    if v > INT64_MAX:
        raise argparse.ArgumentTypeError(f"must be at most 2**63-1 ({INT64_MAX}), got {text}")
    return v


def game_index(text: str) -> int:
    """A game of a run: 0 .. 2**63-1 (:func:`check_game_index` bounds it by the run's ``-n``)."""
    v = whole_number(text)
    if not 0 <= v <= INT64_MAX:
        raise argparse.ArgumentTypeError(f"must be in 0 .. 2**63-1, got {text}")
    return v


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def iso_date(text: str) -> str:
    """A calendar date written YYYY-MM-DD (``2026-11-05``); ``date.fromisoformat`` alone would also read
    ``20261105`` and the week date ``2026-W45-4``, which a command line should refuse."""
    import datetime

    if isinstance(text, str) and _ISO_DATE.fullmatch(text):
        try:
            return datetime.date.fromisoformat(text).isoformat()
        except ValueError:
            pass
    raise argparse.ArgumentTypeError(f"{text!r} is not a date (YYYY-MM-DD)")


def date_text(value, *, timestamps: bool = False) -> str:
    """``value`` as YYYY-MM-DD text: a ``datetime.date`` (with ``timestamps``, a ``datetime`` or pandas
    ``Timestamp`` too, as its date) or a string :func:`iso_date` takes; an ArgumentTypeError otherwise.  Dates
    are compared as text, so every spelling must come to this one."""
    import datetime

    if isinstance(value, datetime.datetime):
        if timestamps:
            return value.date().isoformat()
    elif isinstance(value, datetime.date):
        return value.isoformat()
    return iso_date(value)


def seed(text: str) -> int:
    v = whole_number(text)
    if not 0 <= v < 2**64:
        raise argparse.ArgumentTypeError(f"must be in 0 .. 2**64-1, got {v}")
    return v


class _Given(argparse.Action):
    """Store the option's value and remember it was given on the command line (see :func:`given`)."""

    def __call__(self, parser, namespace, values, option_string=None):
        _once(self, parser, namespace, values, option_string)
        setattr(namespace, self.dest, values)
        namespace._given = getattr(namespace, "_given", frozenset()) | {self.dest}


def given(args, dest: str) -> bool:
    """Whether the option stored in ``dest`` was on the command line (options added with ``action=_Given``, ``-n``
    of :func:`add_n`, or :class:`JoinRepeated`), not its default."""
    return dest in getattr(args, "_given", ())


def check_game_index(args, flag: str, index: int, n_dest: str = "n") -> None:
    """A game index (``--game``) is a game of the run that ``-n`` names, when ``-n`` is given: 0 .. n-1."""
    if given(args, n_dest):
        n = getattr(args, n_dest)
        if index >= n:
            raise UsageError(f"{flag} {index} is not a game of a run of -n {n} games (0 .. {n - 1})")


def add_pbp(p, how: str):
    """``--pbp`` (print one game ``how``, e.g. "play by play, with the board after each play") and ``--game-id``
    (which game of the run); :func:`pbp_game` checks them."""
    p.add_argument("--pbp", action="store_true", help=f"print one game {how}")
    p.add_argument("--game-id", type=game_index, default=None, metavar="G",
                   help="with --pbp: which game of the run (default 0; the same game -n/--seed simulate; with -n, "
                   "0 .. n-1)")


def pbp_game(args) -> int:
    """The game ``--pbp`` prints: ``--game-id`` (0 when not given), refused without ``--pbp`` and, when ``-n`` is
    given, outside the run; sets ``args.game_id``."""
    if args.game_id is not None and not args.pbp:
        raise UsageError(f"--game-id {args.game_id} picks the game --pbp prints; pass --pbp too, or leave out "
                         "--game-id")
    args.game_id = args.game_id or 0
    check_game_index(args, "--game-id", args.game_id)
    return args.game_id


def add_n(p, default: int, what: str = "games to simulate"):
    p.add_argument("-n", type=positive_int, default=default, action=_Given, help=f"{what} (default {default})")


def add_seed(p, default: int = 0, what: str = "games"):
    p.add_argument("--seed", type=seed, default=default, help=f"random seed, 0 .. 2**64-1 (default {default}); the "
                   f"same seed gives the same {what} on any number of threads")


def executor_spec(text: str) -> str:
    """``--executor threads|dask|dask:ADDRESS``, checked (:func:`simcore.runner.parse_executor`)."""
    from simcore.runner import parse_executor

    try:
        parse_executor(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


class _Executor(argparse.Action):
    """Store ``--executor`` / ``--workers`` and make them the run's executor (:func:`simcore.runner.configure`;
    a cluster starts when the first run needs it, and ``simcore.cli.main`` closes it)."""

    def __call__(self, parser, namespace, values, option_string=None):
        from simcore import runner

        _once(self, parser, namespace, values, option_string)
        setattr(namespace, self.dest, values)
        runner.configure(**{self.dest: values})


def add_threads(p):
    """``--threads``, and where the games run: ``--executor`` and ``--workers`` (:mod:`simcore.runner`)."""
    p.add_argument("--threads", type=thread_count, default=None,
                   help="threads to run on (default: every core)")
    add_executor(p)


def thread_count(text: str) -> int:
    """``--threads N``: a positive whole number, at most the threads numba runs on this machine."""
    import numba

    n = positive_int(text)
    most = numba.config.NUMBA_NUM_THREADS
    if n > most:
        raise argparse.ArgumentTypeError(f"this machine runs {most} threads at most, got {n}")
    return n


def add_executor(p):
    """``--executor`` and ``--workers``: set the runs' executor as they are read (a cluster starts when the
    first run needs it; :func:`simcore.runner.shutdown` closes it)."""
    p.add_argument("--executor", dest="spec", type=executor_spec, default=None, action=_Executor,
                   metavar="threads|dask[:ADDRESS]",
                   help="where blocks of games run: threads of this process (default), a Dask cluster of worker "
                   "processes on this machine (dask), or the Dask scheduler at ADDRESS (dask:tcp://host:8786); "
                   "the same seed gives the same results on any (needs simcore[dask])")
    p.add_argument("--workers", type=positive_int, default=None, action=_Executor,
                   help="threads (threads: the same setting as --threads, give one), worker processes (dask; "
                   "default every core) or workers to wait for (dask:ADDRESS)")


def add_format(p):
    p.add_argument("--format", choices=("table", "json"), default="table", help="output (default table)")


class JoinRepeated(argparse.Action):
    """A list option (``FIELD=VALUE,...``, ``--metrics a,b``, ``--seeds 1,2``) that may be repeated: the values
    are joined with :attr:`sep`, so a field set in two of them is refused by the spec's parser as a field given
    twice (``--rules a=1 --rules a=2`` is the same error as ``--rules a=1,a=2``) and ``--seeds 1 --seeds 2`` is
    ``--seeds 1,2``; the last one does not win in silence, and the option's default is not joined in.  An empty
    one adds nothing, as ``--rules ''`` alone sets nothing (a script's ``--rules "$EXTRA"`` with nothing in it)."""

    sep = ","

    def __call__(self, parser, namespace, values, option_string=None):
        before = getattr(namespace, self.dest, None) if given(namespace, self.dest) else None
        namespace._given = getattr(namespace, "_given", frozenset()) | {self.dest}
        if not values.strip():
            values = ""
        setattr(namespace, self.dest, f"{before}{self.sep}{values}" if before and values else (before or values))


class JoinRepeatedGroups(JoinRepeated):
    """:class:`JoinRepeated` for an option whose items are separated by ``;`` (``--grid 'a=1,2;b=3'``)."""

    sep = ";"


def add_rules(p, example: str):
    p.add_argument("--rules", default="", metavar="FIELD=VALUE,...", action=JoinRepeated,
                   help=f"rule fields, e.g. '{example}', after a preset if you like (see below)")


def plot_file(text: str) -> str:
    """``--plot FILE``: the file the figure will be written to, decided once (what the overwrite check looks
    at and what is written): FILE with a figure extension (.png, .pdf, .svg, ...) as it is, FILE.png without
    one; a folder or an unknown extension is refused."""
    from simcore.outputs import figure_path

    try:
        return output_file(str(figure_path(named(text))))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def figure_name(text: str) -> str:
    """``--plot FILE`` of a command that makes the figure's folder itself (``league project --out DIR --plot
    DIR/odds.png``): the file decided as :func:`plot_file` decides it, the folder left for the command to check."""
    from simcore.outputs import figure_path

    try:
        return str(figure_path(named(text)))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def named(text: str) -> str:
    """A file or folder argument: a name, not ``""`` (an empty name read as the option not given, or as the
    current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"needs a file or folder name, got {text!r}")
    return text


def output_file(text: str) -> str:
    """A single output file (``--plot``, ``--out FILE.parquet``): its folder must exist, checked before
    anything runs (``no folder 'nodir'``); the file itself is checked by :func:`refuse_overwrite`."""
    from simcore.outputs import check_folder

    try:
        check_folder(text)
    except FileNotFoundError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def refuse_overwrite(path, force: bool, writable: bool = True) -> None:
    """UsageError naming ``path`` when it exists and ``--force`` was not given, or when the command read it as an
    input (``--force`` or not); PermissionError when nothing can be written into its folder
    (:func:`simcore.outputs.check_writable`; not checked with ``writable=False``)."""
    from simcore.outputs import check_writable
    from simcore.textio import input_clash

    clash = input_clash(path)
    if clash:
        raise UsageError(clash)
    if Path(path).exists() and not force:
        raise UsageError(f"{path} exists; pass --force to replace it")
    if writable:
        check_writable(path)


def refuse_one_file_twice(outputs) -> None:
    """UsageError when two of a command's outputs are one file: ``outputs`` is ``(what, path)`` pairs, ``what``
    saying where the path comes from (``--plot``, "the figure --report r.md writes beside it")."""
    seen = {}
    for what, path in outputs:
        key = os.path.realpath(path)
        if key in seen:
            first, shown = seen[key]
            raise UsageError(f"{first} {shown} is also {what}; choose another name")
        seen[key] = (what, path)


def refuse_overwrite_any(folder, names, force: bool, option: str = "--out") -> None:
    """UsageError naming the first of the files ``names`` in ``folder`` that exists, without ``--force``;
    and when ``folder`` is a file (naming the argument that gave it: ``option``, e.g. ``--out`` or ``DIR``);
    PermissionError when the folder cannot be written into or created.  A folder a command writes with its
    manifest (``names`` has ``manifest.json``) that holds one of ``names`` but no manifest is refused, ``--force``
    or not (:func:`simcore.outputs.check_own_folder`): its files are not simcore's output."""
    from simcore.outputs import MANIFEST, check_own_folder, check_writable
    from simcore.textio import input_clash

    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{option} {folder} is a file, not a folder")
    clash = next((c for c in (input_clash(folder / name) for name in names) if c), None)
    if clash:
        raise UsageError(clash)
    if MANIFEST in names:
        check_own_folder(folder, names)
    for name in names:
        refuse_overwrite(folder / name, force, writable=False)
    check_writable(folder, folder=True)


def refuse_unless(args, form: str, options: dict) -> None:
    """UsageError when options that go with ``form`` (``--report``) were given without it, naming the ones given
    and only those: ``options`` maps each option to its ``args`` attribute (None when not given)."""
    given = [flag for flag, dest in options.items() if getattr(args, dest) is not None]
    if given:
        names = given[0] if len(given) == 1 else ", ".join(given[:-1]) + " and " + given[-1]
        raise UsageError(f"{names} {'goes' if len(given) == 1 else 'go'} with {form}")


def counted(n: int, noun: str) -> str:
    """``n`` with its noun, singular for 1: ``counted(1, "season")`` is "1 season", 2,000 "2,000 seasons"."""
    return f"{n:,} {noun if n == 1 else noun + 's'}"


def fixed(x, digits: int = 4) -> str:
    """A figure of a run's table to ``digits`` places, ``-`` when undefined (None or NaN: a rate of no events, an
    interval of one game; the JSON has null). A value that is not zero but would show as zero (the upper end of a
    rare event's interval, 0.000038) is written to two significant figures, in the column's positional form (not
    ``3.8e-05``), so the interval does not read as ``[0.0000, 0.0000]``."""
    if x is None or x != x:
        return "-"
    text = f"{x:.{digits}f}"
    if x != 0 and float(text) == 0:
        y = float(f"{x:.2g}")                   # two significant figures, then as many places as they need
        return f"{y:.{1 - math.floor(math.log10(abs(y)))}f}"
    return text


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
    """``doc`` as strict JSON (:func:`plain`: a NaN, such as the rate of something that never happened, is null)."""
    print(json.dumps(plain(doc), indent=2, allow_nan=False))


def wrote_page(written) -> str:
    """The line a command prints for a page it wrote: ``written`` is what ``Report.write`` returns, the figures
    of a Markdown page and the page last: "wrote r.md (its figures beside it: r-goals.png, r-matrix.png)"."""
    *figures, page = [str(p) for p in written]
    return f"wrote {page}" + (f" (its figures beside it: {', '.join(Path(f).name for f in figures)})" if figures
                              else "")


def print_report(rep, args) -> None:
    """A balance report (``to_text``, ``to_json``, ``page``) as ``--report`` prints it: JSON or text on stdout,
    and the page written to ``--out`` when given (``--force`` to replace it)."""
    written = rep.page().write(args.out, force=args.force) if args.out else None
    if args.format == "json":
        print_json(plain(rep.to_json()))
    else:
        print(rep.to_text())
        if written:
            print("\n" + wrote_page(written))
