"""The command line: ``simcore <game> ...`` for every registered game, ``simcore compare``, ``sweep``, ``league``
and ``demo``.

Each game brings its own commands (``Game.commands``, in ``games/<id>/report.py``); this module dispatches to
them and adds what every game has: ``simcore <game> --help`` generated from the game's Rules and Setup, and
``simcore <game> rules`` / ``simcore <game> metrics``.  Bad input (a :class:`~simcore.errors.InputError`, a
missing or unreadable file, a file its parser refuses) prints one line (``simcore: error: ...``) and exits with
status 2; ``simcore``, ``simcore --help`` and ``simcore <command> --help`` print help and exit 0.  Any other
exception is a bug in simcore: one line, ``simcore: internal error: TYPE: MESSAGE (...)``, and exit status 1
(with ``SIMCORE_TRACEBACK=1``, its traceback too).  A block that failed on a worker exits 1 with its own line.
Ctrl-C prints ``simcore: interrupted`` and exits with status 130 (128 + SIGINT); the files being written are
removed (:mod:`simcore.outputs`).
"""
from __future__ import annotations

import json
import os
import sys
import textwrap

from simcore.cliargs import EXIT_USAGE, Parser, UsageError, add_format, plain

WIDTH = 100
EXIT_INTERNAL = 1               # a bug in simcore (an exception that refuses no input)
EXIT_INTERRUPTED = 130          # 128 + SIGINT, what a shell reports for a command stopped by Ctrl-C
EXIT_TERMINATED = 143           # 128 + SIGTERM (kill, timeout, a CI job's or a container's stop)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread as Ctrl-C's KeyboardInterrupt is: the command stops the same way (the
    files being written removed, a cluster's tasks cancelled) and says ``simcore: terminated``."""


def _raise_terminated(signum, frame):
    raise Terminated


def _on_sigterm():
    """Make SIGTERM stop the command as Ctrl-C does, when this is the main thread and SIGTERM still has its default
    action (a program that runs commands in its own process keeps its own handler).  Returns the handler to put
    back, or None."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return None
    if signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        return None
    signal.signal(signal.SIGTERM, _raise_terminated)
    return signal.SIG_DFL


def _games():
    from simcore.games import games

    return games()


# ---------------------------------------------------------------- help generated from the contract

def _wrap(text: str, indent: int) -> str:
    return textwrap.fill(text, WIDTH, initial_indent=" " * indent, subsequent_indent=" " * indent)


def _rules_help(g) -> list[str]:
    presets = ", ".join(g.Rules.PRESETS) or "none"
    out = [_wrap(f"rules (--rules FIELD=VALUE,..., or a preset, then fields to change: PRESET,FIELD=VALUE; "
                 f"presets: {presets}; `simcore {g.id} rules` for the sections):", 0)]
    for f in g.Rules.describe():
        choices = " | ".join(map(str, f["choices"]))
        out.append(f"  {f['name']} = {choices}  (default {f['default']})")
        out.append(_wrap(f["doc"], 6))
    return out


def _setup_help(g) -> list[str]:
    out = ["setup (who plays; `--setup KEY=VALUE,...` in `simcore compare` and `simcore sweep`):"]
    for f in g.Setup.describe():
        d = "" if f["default"] is None else f" (default {f['default']})"
        out.append(f"  {f['name']}{d}")
        out.append(_wrap(f["doc"], 6))
    return out


def _epilog(g, cmd) -> str:
    lines = []
    if not cmd.name:
        lines += _rules_help(g) + [""] + _setup_help(g) + [""]
        lines.append("commands:")
        for c in g.commands[1:]:
            lines.append(f"  simcore {g.id} {c.name:<10} {c.help}")
        lines.append(f"  simcore {g.id} {'rules':<10} the rule fields, their choices and rulebook sections")
        lines.append(f"  simcore {g.id} {'metrics':<10} the metric names of every command, JSON key and column")
        lines.append("")
    if cmd.example:
        lines += ["example:", f"  {cmd.example}"]
    return "\n".join(lines)


def _parser(g, cmd, prog=None) -> Parser:
    prog = prog or f"simcore {g.id}" + (f" {cmd.name}" if cmd.name else "")
    desc = f"{g.title}: {cmd.help}." + (f"\n\n{_wrap(g.description, 0)}" if not cmd.name else "")
    p = Parser(prog=prog, description=desc, epilog=_epilog(g, cmd))
    cmd.build(p)
    return p


def _cmd_rules(g, argv):
    p = Parser(prog=f"simcore {g.id} rules", description=f"{g.title}: the rule fields.")
    add_format(p)
    args = p.parse_args(argv)
    fields = g.Rules.describe()
    if args.format == "json":
        print(json.dumps(plain({"game": g.id, "rulebook": g.Rules().id, "presets": g.Rules.PRESETS,
                                "fields": fields}), indent=2))
        return
    print(f"{g.title}: rule fields (--rules FIELD=VALUE,...), default {g.Rules().id}\n")
    for f in fields:
        print(f"{f['name']}  [{f['section']}]  {' | '.join(map(str, f['choices']))}  (default {f['default']})")
        print(_wrap(f["doc"], 4))
    print("\npresets: " + "; ".join(f"{k} ({', '.join(f'{a}={b}' for a, b in v.items()) or 'the rulebook'})"
                                    for k, v in g.Rules.PRESETS.items()))


def _cmd_metrics(g, argv):
    p = Parser(prog=f"simcore {g.id} metrics", description=f"{g.title}: the metric names.")
    add_format(p)
    args = p.parse_args(argv)
    default = set(g.default_metrics or g.metrics)
    rows = [{"name": m.name, "kind": m.kind, "default": m.name in default, "doc": m.doc}
            for m in g.metrics.values()]
    extra = getattr(g, "summary_rows", {})
    if args.format == "json":
        print(json.dumps({"game": g.id, "metrics": rows, "summary_rows": extra, "renamed": g.renamed_metrics},
                         indent=2))
        return
    print(f"{g.title}: metrics (`simcore compare {g.id} --metrics NAME,...`; * compared by default; per_game: "
          "a value per game, its mean compared; functional: a pooled rate)\n")
    w = max(len(name) for name in [*(r["name"] for r in rows), *extra, *g.renamed_metrics])
    for r in rows:
        print(f"{r['name']:<{w}} {'*' if r['default'] else ' '} {r['kind']:<10} {r['doc']}")
    for name, doc in extra.items():
        print(f"{name:<{w}}   {'summary':<10} {doc}")
    for old, new in g.renamed_metrics.items():
        print(f"{old:<{w}}   {'renamed':<10} now {new} (the old name works, with a warning)")


def run_game(g, argv, prog=None):
    """``simcore <game> [command] ...`` (``prog``: the command's name in its usage line, when it is an alias)."""
    cmds = {c.name: c for c in g.commands}
    if argv and argv[0] == "rules":
        return _cmd_rules(g, argv[1:])
    if argv and argv[0] == "metrics":
        return _cmd_metrics(g, argv[1:])
    if argv and argv[0] in cmds and argv[0]:
        cmd, rest = cmds[argv[0]], argv[1:]
    else:
        cmd, rest = cmds[""], argv
    args = _parser(g, cmd, prog).parse_args(rest)
    return cmd.run(g, args)


# ---------------------------------------------------------------- the top level

def _cmd_demo(argv):
    demo = [g for g in _games().values() if g.main_demo]
    if not demo:
        raise UsageError("no game has a demo")
    return run_game(demo[0], ["demo", *argv], prog="simcore demo")


def _lazy(module: str, name: str):
    """The command ``module.name``, imported when it runs (``simcore --help`` loads no analysis code)."""
    def run(argv):
        import importlib

        return getattr(importlib.import_module(module), name)(argv)
    return run


def _generic():
    return {"compare": ("two rule variants of a game, paired on common random numbers",
                        _lazy("simcore.analysis.cli", "cmd_compare")),
            "sweep": ("every combination of some rule values, each against a base variant",
                      _lazy("simcore.analysis.cli", "cmd_sweep")),
            "league": ("a replay league: standings, projections, odds over time, samples",
                       _lazy("simcore.league.cli", "cmd_league")),
            "dataset": ("a game's per-game tables as parquet files, one per block of games (bigger than memory)",
                        _lazy("simcore.dataset", "cmd_dataset")),
            "demo": ("the main demo: a matchup report on the embedded sample teams", _cmd_demo),
            "compile": ("compile every kernel now, in parallel (`make demo` runs it): no first run waits",
                        _lazy("simcore.compiling", "cmd_compile"))}


def usage() -> str:
    lines = ["usage: simcore COMMAND [--help] ...", "",
             "Monte Carlo simulation and statistics for tabletop hockey games.", "", "games:"]
    for gid, g in _games().items():
        lines.append(f"  {gid:<10} {g.title}")
    lines += ["", "commands:"]
    for name, (help_, _) in _generic().items():
        lines.append(f"  {name:<10} {help_}")
    lines += ["", "Every command takes --help; `simcore GAME rules` and `simcore GAME metrics` list a game's rule "
              "fields and metric names.", "Every command takes --quiet: no progress bars, no notice of kernels "
              "compiling (bars show only on a terminal or in Jupyter)."]
    return "\n".join(lines)


def _show_deprecations():
    """Print simcore's deprecation warnings (a name or form of an earlier release the user's command or file
    used) as one line each on stderr; every other warning as Python would."""
    import warnings

    from simcore.deprecation import SimcoreDeprecationWarning

    shown = warnings.showwarning

    def show(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, SimcoreDeprecationWarning):
            print(f"simcore: warning: {message}", file=sys.stderr)
        else:
            shown(message, category, filename, lineno, file, line)

    warnings.showwarning = show
    warnings.simplefilter("default", SimcoreDeprecationWarning)


def main(argv=None) -> int:
    import warnings

    import simcore.progress as progress
    from simcore.outputs import COMMAND
    from simcore.textio import INPUTS, reads_inputs

    # a command writes its figures to files, never to a window; the variable is taken back on the way out, so that
    # a caller's later processes (a notebook kernel started by the same Python) keep their own backend
    headless = "matplotlib" not in sys.modules and "MPLBACKEND" not in os.environ
    argv = _quiet_first(argv)
    token = COMMAND.set(["simcore", *argv])
    inputs = reads_inputs()             # no output of the command may replace a file it read
    was = progress.set_quiet(False)     # a command's --quiet (cliargs.Parser) holds for that command only
    sigterm = _on_sigterm()
    try:
        try:
            if headless:
                os.environ["MPLBACKEND"] = "Agg"
            with warnings.catch_warnings():
                _show_deprecations()
                return _main(argv)
        finally:
            from simcore import runner

            runner.shutdown()     # the cluster --executor dask started, if any (its tasks cancelled on Ctrl-C)
    except KeyboardInterrupt as exc:
        # files being written were removed on the way out (simcore.outputs.replacing); no traceback, also when
        # the Ctrl-C comes while the cluster closes
        if isinstance(exc, Terminated):
            print("simcore: terminated", file=sys.stderr)
            return EXIT_TERMINATED
        print("simcore: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        if sigterm is not None:
            import signal

            signal.signal(signal.SIGTERM, sigterm)
        progress.set_quiet(was)
        COMMAND.reset(token)
        INPUTS.reset(inputs)
        if headless:
            os.environ.pop("MPLBACKEND", None)


def exit_now(status: int) -> None:
    """End the ``simcore`` command's process with ``status`` once :func:`main` returned it: the exit functions run
    (``atexit``), the output is flushed, and the process ends without tearing the interpreter down (numba's and
    LLVM's objects, some 0.4 s in which a Ctrl-C killed the process by the signal with nothing said, the command's
    output complete).  Ctrl-C or SIGTERM from here on ends it at once with ``status``.  Only the command's own
    process calls it; with threads of its own still running (none of simcore's) it returns and Python exits as
    usual."""
    import atexit
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return
    if any(not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        return

    def flush():
        for f in (sys.stdout, sys.stderr):
            try:
                f.flush()
            except (OSError, ValueError):
                pass

    def now(signum, frame):
        flush()
        os._exit(status)

    signal.signal(signal.SIGINT, now)
    signal.signal(signal.SIGTERM, now)
    atexit._run_exitfuncs()
    flush()
    os._exit(status)


def _quiet_first(argv):
    """``simcore --quiet COMMAND ...`` is ``simcore COMMAND ... --quiet``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--quiet"]:
        argv = [*argv[1:], "--quiet"] if len(argv) > 1 else []     # `simcore --quiet` alone names no command
    return argv


def _refused_input(exc: BaseException) -> bool:
    """Whether ``exc`` refuses a user's input (exit 2): an :class:`~simcore.errors.InputError`, a file that is
    missing, unreadable or in the way (``OSError``), or a file that the parser simcore reads it with cannot parse
    (the loaders turn these into a ChartError naming the line; this is the net under them).  Any other exception
    is a bug in simcore, an ``OverflowError`` too: every number an option takes is bounded by its parser."""
    import csv
    import json
    import tomllib

    from simcore.errors import InputError

    kinds = [InputError, OSError, UnicodeDecodeError, json.JSONDecodeError, tomllib.TOMLDecodeError, csv.Error]
    pandas_errors = sys.modules.get("pandas.errors")      # only a command that imported pandas can meet them
    if pandas_errors is not None:
        kinds += [pandas_errors.ParserError, pandas_errors.EmptyDataError]
    return isinstance(exc, tuple(kinds))


def _interrupt_within(exc: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C or SIGTERM (:class:`Terminated`) behind ``exc``, its cause or context, if any: a C extension
    that a signal interrupted while it initialised raises ``ImportError: initialization failed`` from it."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return exc
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return None


def _internal_error(exc: BaseException) -> int:
    """Report ``exc``, a bug in simcore, as one line (and exit status 1); its traceback with
    ``SIMCORE_TRACEBACK=1``."""
    import traceback

    first = (str(exc) or "(no message)").split("\n", 1)[0]
    line = f"simcore: internal error: {type(exc).__name__}: {_one_line(first)} (a bug in simcore"
    if os.environ.get("SIMCORE_TRACEBACK", "") not in ("", "0"):
        traceback.print_exception(exc, file=sys.stderr)
        print(f"{line})", file=sys.stderr)
    else:
        print(f"{line}; set SIMCORE_TRACEBACK=1 to see where)", file=sys.stderr)
    return EXIT_INTERNAL


def _main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from simcore.games.base import MemoryLimitError
    from simcore.runner import BlockError

    try:
        if argv[:1] in (["-h"], ["--help"]):
            print(usage())
            return 0
        if argv[:1] == ["--version"]:
            import simcore

            print(f"simcore {simcore.__version__}")
            return 0
        games = _games()
        generic = _generic()
        if not argv:
            raise UsageError(f"no command given; commands: {', '.join([*games, *generic])} (simcore --help)")
        cmd = argv[0]
        if cmd.lower() not in games and cmd not in generic:
            raise UsageError(f"unknown command {cmd!r}; commands: {', '.join([*games, *generic])}")
        from simcore.outputs import one_run

        with one_run():         # a command that fails takes back the outputs it had written
            if cmd.lower() in games:
                run_game(games[cmd.lower()], argv[1:])
            else:
                generic[cmd][1](argv[1:])
    except SystemExit as exc:      # --help: argparse printed it
        return int(exc.code or 0)
    except UsageError as exc:
        print(f"simcore: error: {_one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # output cut short by a closed pipe (e.g. `| head`): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except MemoryLimitError as exc:       # its own message names mode=, which no command line has
        print(f"simcore: error: {_one_line(exc.command_line)}", file=sys.stderr)
        return EXIT_USAGE
    except BlockError as exc:             # a block failed on a worker: the message names the block and seed
        print(f"simcore: error: {_one_line(str(exc))}", file=sys.stderr)
        return 1
    except MemoryError:
        print("simcore: error: out of memory; run fewer games or seasons (-n)", file=sys.stderr)
        return EXIT_USAGE
    except Exception as exc:
        stop = _interrupt_within(exc)
        if stop is not None:        # a Ctrl-C or SIGTERM an import wrapped (a C extension's initialisation)
            raise stop from None
        if not _refused_input(exc):
            return _internal_error(exc)
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        if isinstance(exc, OSError) and exc.filename and exc.strerror:     # "[Errno 2] ...: 'x.png.ab12cd34.partial'"
            from simcore.outputs import written_name

            msg = f"{written_name(exc.filename)}: {exc.strerror}"
        first = str(msg).split("\n", 1)[0]        # a message's own later lines are detail
        print(f"simcore: error: {_one_line(first)}", file=sys.stderr)
        return EXIT_USAGE
    return 0


def _one_line(text: str) -> str:
    """``text`` with every control or line-breaking character a user's argument or file may carry written as
    its escape (``\\x1e``), so the error stays one line whatever the input."""
    return "".join(c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii")
                   for c in text)


if __name__ == "__main__":
    sys.exit(main())
