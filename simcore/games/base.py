"""The game contract: what a game hands the rest of simcore, in one place.

A game is a :class:`Game` subclass registered once (:func:`simcore.games.register`).  Nothing else in simcore
names it: the command line, the analysis layer (comparisons, sweeps), the league layer and the contract tests
reach it through this interface only (docs/architecture.md).

What a game declares:

* ``id`` (``"ezr"``), ``title``, a one-paragraph ``description``;
* ``Rules``: its frozen rule set (:class:`simcore.rulesbase.RulesBase`), every field citing its rulebook section,
  with named presets;
* ``Setup``: who plays (teams, a card kit, policies, a deck), a frozen dataclass of :func:`setup_field`
  fields (:class:`SetupBase`);
* :meth:`Game.run`: ``n`` games of one setup and rule set, as :class:`~simcore.results.Results` whose ``games``
  table starts with the common columns (:data:`simcore.results.COMMON_COLUMNS`);
* :meth:`Game.log`: one game of a run, the same game :meth:`Game.simulate` plays, as a :class:`PlayByPlay`;
* ``own_metrics``: its metrics beyond the common ones (:mod:`simcore.metrics`), and ``default_metrics``, those a
  comparison reports when none are named;
* optionally ``exact(...)`` (games whose chance the dice allow to enumerate), a command-line adapter
  (``commands``: :class:`Command`) and a league adapter (``league``: :class:`simcore.league.adapter.Adapter`).

Users call :meth:`Game.simulate` and :meth:`Game.play_by_play`, which check their arguments and call the
game's ``run`` and ``log``.
"""
from __future__ import annotations

import dataclasses
import warnings
from dataclasses import dataclass
from typing import Callable, ClassVar

import numpy as np

from simcore import runner
from simcore.charts import ChartError
from simcore.deprecation import SimcoreDeprecationWarning
from simcore.checks import is_whole
from simcore.errors import InputError, UnknownNameError
from simcore.metrics import COMMON, Metric
from simcore.rng import check_seed
from simcore.rulesbase import RulesBase


class _DefaultSeed(int):
    """The seed ``simulate`` plays when none is given: 0, told apart from a seed given as 0 only to catch one
    given both by position and by keyword."""

    def __repr__(self) -> str:
        return "0"


_SEED_0 = _DefaultSeed(0)


class SetupError(InputError):
    """An unknown setup key, or a value the game cannot play."""


def setup_field(default, doc: str, parse: Callable | None = None, show: Callable = str):
    """Declare a setup field: its default, what it is, ``parse(value)`` turning a user's value (text or an
    object) into the field's value (raising ``ValueError`` with a message), and ``show(value)`` writing it
    back as text."""
    return dataclasses.field(default=default, metadata={"doc": doc, "parse": parse, "show": show})


@dataclass(frozen=True)
class SetupBase:
    """Who plays.  A game's ``Setup`` subclasses this (frozen); :meth:`coerce` reads ``None`` (the default
    setup), a Setup, a dict or ``"key=value,key=value"``.  ``id`` is its canonical text, the form ``--setup``
    takes."""

    GAME: ClassVar[str] = ""
    #: Fields that a two-sided game fills from ``simulate(home, away, ...)``.
    PAIR: ClassVar[tuple[str, str] | None] = None

    def __post_init__(self):
        for f in dataclasses.fields(self):
            parse = f.metadata.get("parse")
            value = getattr(self, f.name)
            if value is None and f.default is not None:
                d = parse(f.default) if parse is not None else f.default
                raise SetupError(f"{self.GAME} setup {f.name}=None: {f.name} needs a value; leave the key out for "
                                 f"its default, {f.metadata['show'](d)!r}")
            if parse is not None and value is not None:
                try:
                    parsed = parse(value)
                except ChartError:
                    raise                      # a data file that cannot be used names its own file and line
                except (ValueError, KeyError, TypeError) as exc:
                    msg = exc.args[0] if exc.args else str(exc)
                    raise SetupError(f"{self.GAME} setup {f.name}={value!r}: {msg}") from None
                object.__setattr__(self, f.name, parsed)
        self.check()

    def check(self) -> None:
        """Checks across fields (a game overrides it); raise :class:`SetupError`."""

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))

    @classmethod
    def describe(cls) -> list[dict]:
        """One record per field: name, default (as text), doc."""
        out = []
        for f in dataclasses.fields(cls):
            d, parse = f.default, f.metadata.get("parse")
            if d is not None and parse is not None:
                d = parse(d)
            out.append({"name": f.name, "default": None if d is None else f.metadata["show"](d),
                        "doc": f.metadata["doc"]})
        return out

    @classmethod
    def coerce(cls, spec=None):
        if spec is None or spec == "":
            return cls()
        if isinstance(spec, cls):
            return spec
        if isinstance(spec, str):
            items = {}
            for part in filter(None, (p.strip() for p in spec.split(","))):
                if "=" not in part:
                    raise SetupError(f"{cls.GAME} setup {part!r} must look like key=value; keys: "
                                     f"{', '.join(cls.keys())}")
                k, v = (x.strip() for x in part.split("=", 1))
                if k in items:
                    raise SetupError(f"{cls.GAME} setup names {k!r} twice")
                items[k] = v
            spec = items
        if isinstance(spec, tuple) and cls.PAIR and len(spec) == 2:
            spec = dict(zip(cls.PAIR, spec))
        if not isinstance(spec, dict):
            raise SetupError(f"{cls.GAME} setup must be a {cls.__name__}, a dict or 'key=value,...', "
                             f"got {type(spec).__name__}")
        for k in spec:
            if k not in cls.keys():
                raise SetupError(f"unknown {cls.GAME} setup key {k!r}; setup keys: {', '.join(cls.keys())}")
        return cls(**spec)

    def replace(self, **changes):
        return self.coerce({**{f.name: getattr(self, f.name) for f in dataclasses.fields(self)}, **changes})

    def as_text(self) -> dict[str, str]:
        """``{key: value as text}`` for every field that is set."""
        return {f.name: f.metadata["show"](getattr(self, f.name)) for f in dataclasses.fields(self)
                if getattr(self, f.name) is not None}

    @property
    def id(self) -> str:
        return ",".join(f"{k}={v}" for k, v in self.as_text().items())

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True)
class PlayByPlay:
    """One game, as a player at the table would follow it.

    ``text``: the play-by-play, one line per event; ``events``: the same as a table (one row per event, the
    game's own columns); ``result``: the game's row of the common game table (``home_goals``, ``away_goals``,
    ``winner``, ``decided_in``, ...); ``meta``: game, variant, seed, game index and setup.
    """

    text: str
    events: object
    result: dict
    meta: dict

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:          # the text is print()'s, often hundreds of lines
        m, r = self.meta, self.result
        score = f"{r.get('home_goals')}-{r.get('away_goals')}" if "home_goals" in r else "?"
        return (f"PlayByPlay({m.get('game')!r}, seed {m.get('seed')}, game {m.get('game_index')}: {score} "
                f"{r.get('decided_in', '')}, {len(self.events)} events, {len(self.text.splitlines())} lines; "
                "print() it for the text)")

    @property
    def row(self) -> dict:
        """The name of :attr:`result` in earlier releases (pyramid)."""
        warnings.warn("PlayByPlay.row is now PlayByPlay.result", SimcoreDeprecationWarning, stacklevel=2)
        return self.result


@dataclass(frozen=True)
class Command:
    """One command of a game's command line (``simcore <game> [name] ...``): ``name`` ("" for the game's main
    command), a line of help, ``build(parser)`` adding its arguments and ``run(game, args)`` doing the work
    (printing; raising ``simcore.cli.UsageError`` or ValueError for bad input)."""

    name: str
    help: str
    build: Callable
    run: Callable
    example: str = ""


class Game:
    """Base class of a game (see the module docstring for the contract)."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    description: ClassVar[str] = ""
    Rules: ClassVar[type[RulesBase]]
    Setup: ClassVar[type[SetupBase]]
    #: Metrics beyond :data:`simcore.metrics.COMMON`.
    own_metrics: ClassVar[dict[str, Metric]] = {}
    #: The metrics a comparison reports when none are named (default: every metric).
    default_metrics: ClassVar[tuple[str, ...] | None] = None
    #: Names of earlier releases: ``{old: new}`` (they keep working, with a deprecation warning).
    renamed_metrics: ClassVar[dict[str, str]] = {}
    #: The command-line adapter: the game's commands, the main one first.
    commands: ClassVar[tuple[Command, ...]] = ()
    has_exact: ClassVar[bool] = False
    #: Default games for ``simulate`` when ``n`` is not given.
    default_n: ClassVar[int] = 10_000
    #: ``simcore demo`` runs this game's ``demo`` command.
    main_demo: ClassVar[bool] = False
    #: Bytes per game of the tables a run's records become (``summary()`` and the command line build them), on
    #: top of the records themselves (:meth:`per_game_outputs`): measured, the peak resident memory of a run
    #: of 400,000 games with every table built, less the records.  :meth:`simulate` bounds ``n`` by both.
    table_bytes_per_game: ClassVar[int] = 0

    # ------------------------------------------------------------ what a game implements

    def run(self, setup, n: int, seed: int, rules, *, threads, progress, mode, chunk_size):
        """``n`` games (checked arguments: a Setup, an int, a seed, a Rules) -> Results."""
        raise NotImplementedError

    def log(self, setup, seed: int, game_index: int, rules) -> PlayByPlay:
        """Game ``game_index`` of the run with ``seed``, with its play-by-play."""
        raise NotImplementedError

    def per_game_outputs(self, mode: str):
        """The arrays a run of ``mode`` keeps for every game, as a :class:`simcore.layout.Outputs` (its kernel's
        per-game outputs and any per-game inputs), or None when the run's memory does not grow with ``n`` (an
        ``"aggregate"`` mode).  :meth:`simulate` refuses an ``n`` whose records and tables would not fit in
        memory (:func:`check_memory`)."""
        return None

    #: The module of the game's package that holds its league adapter (a ``LeagueAdapter`` class), or None
    #: when the game has no replay leagues.
    league_module: ClassVar[str | None] = None

    @property
    def league(self):
        """The league adapter (:class:`simcore.league.adapter.Adapter`), or None when the game has no leagues."""
        if self.league_module is None:
            return None
        if "_league" not in self.__dict__:
            import importlib

            pkg = type(self).__module__.rsplit(".", 1)[0]
            self.__dict__["_league"] = importlib.import_module(f"{pkg}.{self.league_module}").LeagueAdapter(self)
        return self.__dict__["_league"]

    # ------------------------------------------------------------ the public interface

    @property
    def metrics(self) -> dict[str, Metric]:
        """Every metric: the common ones, then the game's own."""
        return {**COMMON, **self.own_metrics}

    def metric(self, name: str) -> Metric:
        """A metric by name (a name of an earlier release works, with a deprecation warning)."""
        if name in self.renamed_metrics:
            new = self.renamed_metrics[name]
            warnings.warn(f"{self.id} metric {name!r} is now called {new!r}", SimcoreDeprecationWarning, stacklevel=3)
            name = new
        if name not in self.metrics:
            raise UnknownNameError(f"unknown {self.id} metric {name!r}; metrics: {', '.join(self.metrics)}")
        return self.metrics[name]

    def rules(self, rules=None) -> RulesBase:
        """``rules`` as this game's rule set: None (the rulebook), a preset name, ``"field=value,..."``, a dict
        or a Rules; a spec may start with a preset (``"short,slides=off"``)."""
        return self.Rules.coerce(rules)

    def setup(self, spec=None, **fields) -> SetupBase:
        """``spec`` (None, a Setup, a dict, ``"key=value,..."`` or a (home, away) pair) with ``fields`` set."""
        s = self.Setup.coerce(spec)
        return s.replace(**fields) if fields else s

    def simulate(self, setup=None, *args, n: int | None = None, seed: int = _SEED_0, rules=None,
                 threads: int | None = None, progress: bool | None = None, mode: str = "games",
                 chunk_size: int | None = None, executor=None, workers: int | None = None, **legacy):
        """Simulate ``n`` games of ``setup`` under ``rules``: ``simulate(setup, n, seed, rules)``.

        ``n`` left out (or None) is the game's ``default_n``; ``seed`` left out is 0.  A seed is an integer, never
        None: a run is reproducible from the seed it was given.

        ``setup``: who plays (see ``Setup``; None is the game's default); a two-sided game also takes
        ``simulate(home, away, n=..., seed=...)``.  ``mode``: ``"games"`` keeps every game's record,
        ``"aggregate"`` (games that support it) only in-kernel counters, in constant memory.  Game ``g``
        depends only on ``(seed, g)``: the same seed gives identical results for any ``threads`` and
        ``chunk_size``, and two rule sets run with one seed share their dice game by game.

        ``executor``: where the blocks of games run (:mod:`simcore.runner`): ``"threads"`` (this process, the
        default), ``"dask"`` (a LocalCluster of ``workers`` processes), ``"dask:ADDRESS"`` (a scheduler), a
        ``distributed.Client``; None runs on the current executor (a :func:`simcore.runner.executor` block's,
        or the command line's ``--executor``).  The results are bit-identical on every executor.
        """
        setup, rest = self._split_pair(setup, args)
        n, seed, rules = self._positional(rest, n, seed, rules)
        setup, legacy = self._legacy_setup(setup, legacy)
        if legacy:
            raise TypeError(f"{self.id}.simulate() got unexpected keyword arguments: {', '.join(legacy)}")
        n = check_n(self.default_n if n is None else n)
        seed = check_seed(seed)
        if mode not in ("games", "aggregate"):
            raise InputError(f"mode must be 'games' or 'aggregate', got {mode!r}")
        check_memory(self, n, mode)
        setup, rules = self.setup(setup), self.rules(rules)
        with runner.maybe(executor, workers, threads):
            return self.run(setup, n, seed, rules, threads=threads, progress=progress, mode=mode,
                            chunk_size=chunk_size)

    def play_by_play(self, setup=None, seed: int = 0, game_index: int = 0, rules=None, **legacy) -> PlayByPlay:
        """Game ``game_index`` of the run with ``seed`` (the game :meth:`simulate` plays as that game), with its
        play-by-play."""
        setup, legacy = self._legacy_setup(setup, legacy)
        if legacy:
            raise TypeError(f"{self.id}.play_by_play() got unexpected keyword arguments: {', '.join(legacy)}")
        if not is_whole(game_index) \
                or not 0 <= game_index < 2**63:
            raise InputError(f"game_index must be a whole number in 0 .. 2**63-1, got {game_index!r}")
        return self.log(self.setup(setup), check_seed(seed), int(game_index), self.rules(rules))

    def variant_run(self, rules, n, seed, *, threads=None, progress=None, **setup):
        """One rule variant of the default setup with ``setup`` fields set (the analysis layer's call of earlier
        releases; deprecated: use :meth:`simulate`)."""
        warnings.warn(f"{self.id}.variant_run(rules, n, seed, **setup) is deprecated: use "
                      f"simulate(setup, n=n, seed=seed, rules=rules)", SimcoreDeprecationWarning, stacklevel=2)
        return self.simulate(self.setup(None, **setup), n=n, seed=seed, rules=rules, threads=threads,
                             progress=progress)

    # ------------------------------------------------------------ helpers

    def _split_pair(self, setup, args):
        """``simulate(home, away, ...)``: a second positional argument that is a side, not a number or rules
        (a Rules, a dict, a preset name or ``"field=value,..."``), is the away side."""
        pair = self.Setup.PAIR
        if pair and args and not self._rules_like(args[0]):
            return {pair[0]: setup, pair[1]: args[0]}, args[1:]
        return setup, args

    def _rules_like(self, x) -> bool:
        if x is None or isinstance(x, (int, np.integer, dict, RulesBase)):
            return True
        return isinstance(x, str) and (x.strip() == "" or "=" in x or x in self.Rules.PRESETS)

    @staticmethod
    def _positional(rest, n, seed, rules):
        names = ("n", "seed", "rules")
        if len(rest) > len(names):
            raise TypeError(f"simulate() takes at most {len(names) + 1} positional arguments after the setup")
        given = dict(zip(names, rest))
        for k, v in (("n", n), ("seed", seed), ("rules", rules)):
            if k in given and v is not None and v is not _SEED_0:
                raise TypeError(f"simulate() got multiple values for argument {k!r}")
        return given.get("n", n), given.get("seed", seed), given.get("rules", rules)

    def _legacy_setup(self, setup, legacy: dict):
        """Keyword arguments of earlier releases that are setup fields now (a game lists them in
        ``legacy_setup``: ``{keyword: function(value) -> {field: value}}``); they warn."""
        table = getattr(self, "legacy_setup", {})
        moved = {}
        for k in list(legacy):
            if k in table:
                warnings.warn(f"{self.id}: the keyword {k}= is a setup field now; pass setup="
                              f"{self.Setup.__name__}(...) or 'key=value,...'", SimcoreDeprecationWarning, stacklevel=4)
                moved.update(table[k](legacy.pop(k)))
        if moved:
            base = self.setup(setup)
            setup = base.replace(**moved)
        return setup, legacy

    def __repr__(self) -> str:
        return f"<game {self.id}: {self.title}>"

    def __getattr__(self, name):
        """The game's own toolkit (its package's public names, e.g. ``ezr.exact_line``), and the module
        attributes earlier releases' ``simcore.game(id)`` had (deprecated)."""
        if name.startswith("__"):
            raise AttributeError(name)
        legacy = {"GAME_ID": ("id", lambda: self.id), "TITLE": ("title", lambda: self.title),
                  "SETUP_KEYS": ("Setup.keys()", lambda: self.Setup.keys()),
                  "ANALYSIS_METRICS": ("metrics", lambda: {k: m.per_game for k, m in self.own_metrics.items()
                                                            if m.kind == "per_game"}),
                  "ANALYSIS_FUNCTIONALS": ("metrics", lambda: {k: m.functional for k, m in self.own_metrics.items()
                                                                if m.kind == "functional"})}
        if name in legacy:
            now, value = legacy[name]
            warnings.warn(f"simcore.game({self.id!r}).{name} is deprecated: use simcore.game({self.id!r}).{now}",
                          SimcoreDeprecationWarning, stacklevel=2)
            return value()
        import importlib

        package = importlib.import_module(type(self).__module__.rsplit(".", 1)[0])
        if name in getattr(package, "__all__", ()):
            return getattr(package, name)
        raise AttributeError(f"game {self.id!r} has no attribute {name!r}")


def check_n(n) -> int:
    """A number of games: a whole number in 1 .. 2**63-1 (game indices are int64)."""
    if not is_whole(n) or not 0 < n < 2**63:
        raise InputError(f"n must be a positive whole number of games (1 .. 2**63-1), got {n!r}")
    return int(n)


#: The memory budget when the machine's available memory cannot be read (not Linux): 4 GiB.
FALLBACK_MEMORY = 4 << 30


def available_memory() -> int:
    """Bytes of memory a run may use: the kernel's estimate of available memory (``MemAvailable`` of
    /proc/meminfo), or what the process's cgroup has left if that is less; :data:`FALLBACK_MEMORY` where
    neither can be read."""
    avail = []
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    avail.append(int(line.split()[1]) * 1024)
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open("/sys/fs/cgroup/memory.max") as fh:
            limit = fh.read().strip()
        if limit != "max":
            with open("/sys/fs/cgroup/memory.current") as fh:
                avail.append(max(int(limit) - int(fh.read().strip()), 0))
    except (OSError, ValueError):
        pass
    return min(avail) if avail else FALLBACK_MEMORY


def bytes_per_game(game: Game, mode: str) -> int:
    """Bytes a run of ``game`` in ``mode`` needs per game: its per-game records (:meth:`Game.per_game_outputs`)
    and the tables built from them (:attr:`Game.table_bytes_per_game`); 0 when memory does not grow with n."""
    outputs = game.per_game_outputs(mode)
    if outputs is None:
        return 0
    records = sum(int(np.prod(s.shape, dtype=np.int64)) * np.dtype(s.dtype).itemsize for s in outputs.specs)
    return records + game.table_bytes_per_game


def size_text(b: float) -> str:
    """``b`` bytes in decimal units: ``23.3 GB``."""
    unit = "bytes"
    for unit in ("bytes", "KB", "MB", "GB", "TB", "PB"):
        if b < 1000 or unit == "PB":
            break
        b /= 1000
    return f"{b:,.0f} {unit}" if unit == "bytes" else f"{b:,.1f} {unit}"


class MemoryLimitError(InputError):
    """``n`` games would not fit in memory (:func:`check_memory`).  ``str()`` is the message for the Python API;
    ``command_line`` says the same with what a command line can change (``-n``, ``--seed``), which has no
    ``mode``."""

    def __init__(self, message: str, command_line: str):
        super().__init__(message)
        self.command_line = command_line


def check_memory(game: Game, n: int, mode: str, available: int | None = None, runs: int = 1) -> None:
    """:class:`MemoryLimitError` (a ValueError), before anything is allocated, when ``n`` games of ``game`` in
    ``mode`` would need more memory than is available (:func:`available_memory`): the message gives the limit
    and the way around it (mode='aggregate' where the game has it and one run is checked, else fewer games per
    run).  ``runs``: how
    many such runs hold their games at the same time (a comparison's two variants side by side on Dask,
    :func:`simcore.runner.side_by_side`)."""
    per_game = bytes_per_game(game, mode) * runs
    if per_game == 0:
        return
    budget = available_memory() if available is None else available
    if n * per_game <= budget:
        return
    limit = budget // per_game
    if runs == 1 and game.per_game_outputs("aggregate") is None:      # compare and sweep have no aggregate mode
        way = "use mode='aggregate' (counters only, in constant memory for any n), or fewer games"
    else:
        way = "run fewer games (several runs with different seeds add up)"
    what = f"{n:,} games" if runs == 1 else f"{runs} runs side by side of {n:,} games each"
    head = (f"{game.id}: {what} keep about {size_text(n * per_game)} of records and tables "
            f"({per_game // runs:,} bytes a game), more than the {size_text(budget)} of memory available: at most "
            f"{limit:,} games a run; ")
    raise MemoryLimitError(head + way, head + "run fewer games with -n (several runs with different --seed "
                           "values add up)")
