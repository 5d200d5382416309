"""Kernels compiling: the notice a first run prints while numba compiles, and ``simcore compile``.

numba compiles a kernel on its first call and caches the machine code on disk (:mod:`simcore.nbcache`); a
later process loads it in under a second.  The first call of a big kernel takes 20 s to 5 minutes on 2
cores.  Then simcore prints one line on stderr, ``simcore: compiling the Strat game kernel (first run only,
about 90 s on 2 cores)...``, the estimate read from ``simcore/data/compile_times.csv`` (measured by
``benchmarks/compile_times.py``), and, on a terminal or in Jupyter, a bar of the seconds elapsed until the kernel is compiled.  A function missing from
that file gets the notice (without an estimate) once it has compiled for :data:`UNKNOWN_AFTER` seconds; with
``--quiet`` (:func:`simcore.progress.set_quiet`) nothing prints.  The notice is driven by numba's own
``numba:compile`` event, which numba broadcasts only when it really compiles (not when it loads the cache), so
it cannot claim a compile that does not happen.

``simcore compile [--jobs N] [GAME ...]`` compiles every kernel (:data:`KERNELS`) ahead, each in a process of
its own, ``N`` games at a time (default: every core), a game's kernels one after the other (:func:`chains`), the
longest first, printing a line per kernel; the Makefile's set-up runs it, so that every game command starts
warm.
"""
from __future__ import annotations

import csv
import functools
import json
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import simcore.progress as progress

DATA = Path(__file__).resolve().parent / "data" / "compile_times.csv"
#: seconds a function missing from the data file compiles before its notice prints (small ones print nothing)
UNKNOWN_AFTER = 3.0


@dataclass(frozen=True)
class Kernel:
    """A kernel that ``simcore compile`` compiles: ``code`` (Python) makes its first call."""
    name: str
    label: str
    code: str

    @property
    def group(self) -> str:
        return self.name.split(".")[0]


def _k(name, label, code):
    return name, Kernel(name, label, code.strip())


#: every kernel, by name (``game.kernel``); ``code`` runs what a command runs first, so the types match
KERNELS = dict([
    _k("rng.ceiling", "the RNG ceiling of the benchmarks", """
from simcore.rng import ceiling
ceiling(1, 0, 1000, 6, 256)"""),
    _k("ezr.simulate_aggregate", "the EZR kernel counting games", """
import simcore
simcore.game("ezr").simulate(n=1000, seed=1, mode="aggregate")"""),
    _k("ezr.simulate_games", "the EZR game kernel", """
import simcore
simcore.game("ezr").simulate(n=1000, seed=1)"""),
    _k("ezr.play_recorded", "the EZR play-by-play kernel", """
import simcore
simcore.game("ezr").play_by_play(seed=1, game_index=0)"""),
    _k("pyramid.simulate_games", "the pyramid game kernel", """
import simcore
simcore.game("pyramid").simulate(n=1000, seed=1)"""),
    _k("pyramid.play_logged", "the pyramid play-by-play kernel", """
import simcore
simcore.game("pyramid").play_by_play(seed=1, game_index=0)"""),
    _k("pyramid.period_outcomes", "pyramid's exact kernel", """
import simcore
p = simcore.game("pyramid")
p.exact({"deck_file": p.custom_deck(range(1, 10))}, "deck=custom,lineup=1-1-1")"""),
    _k("passscore.simulate_games", "the Pass & Score game kernel", """
import simcore
simcore.game("passscore").simulate(n=16, seed=1)"""),
    _k("passscore.play_recorded", "the Pass & Score play-by-play kernel", """
import simcore
simcore.game("passscore").play_by_play(seed=1, game_index=0)"""),
    _k("blueline.simulate_games", "the Blue Line game kernel", """
import simcore
simcore.game("blueline").simulate(n=16, seed=1)"""),
    _k("blueline.play_recorded", "the Blue Line play-by-play kernel", """
import simcore
simcore.game("blueline").play_by_play(seed=1, game_index=0)"""),
    _k("strat.simulate_games", "the Strat game kernel", """
import simcore
simcore.game("strat").simulate(n=112, seed=1)"""),
    _k("strat.play_logged", "the Strat play-by-play kernel", """
import simcore
simcore.game("strat").play_by_play(seed=1, game_index=0)"""),
    _k("ezr.season", "the EZR league season kernel", """
import simcore
lg = simcore.league.load_league(simcore.league.sample("ezr") / "league.toml")
simcore.league.project(lg, n=4, seed=1, progress=False)"""),
    _k("strat.season", "the Strat league season kernel", """
import simcore
lg = simcore.league.load_league(simcore.league.sample("strat") / "league.toml")
simcore.league.project(lg, n=2, seed=1, progress=False)"""),
])


@dataclass(frozen=True)
class Estimate:
    function: str       # the compiled function, module.qualname
    kernel: str         # the entry of KERNELS whose first call compiles it
    seconds: float      # its cold compile alone, on an empty cache: what a command that meets it first waits
    cpus: int           # of the machine measured
    in_chain: float     # its compile in `simcore compile`, after its game's kernels before it (:func:`chains`)


@functools.lru_cache(maxsize=1)
def estimates() -> dict[str, Estimate]:
    """The measured compile times, by function (module.qualname); empty when the file is missing."""
    try:
        with open(DATA, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(row for row in f if not row.startswith("#")))
    except OSError:
        return {}
    return {r["function"]: Estimate(r["function"], r["kernel"], float(r["seconds"]), int(r["cpus"]),
                                    float(r.get("in_chain") or r["seconds"]))
            for r in rows}


def function_name(dispatcher) -> str:
    """``module.qualname`` of the Python function a numba dispatcher compiles ("" when it has none)."""
    f = getattr(dispatcher, "py_func", None)
    return f"{getattr(f, '__module__', '')}.{getattr(f, '__qualname__', '')}" if f is not None else ""


def cached(dispatcher) -> bool:
    """Whether ``dispatcher`` has a compiled version in this process or a fresh one in numba's on-disk cache (the
    cache's index read and its stamp checked; :mod:`simcore.nbcache`).  True when it cannot tell (no cache, or
    numba's cache classes moved), so that a caller only ever does extra work when it knows a compile is coming."""
    if getattr(dispatcher, "overloads", None):
        return True
    disk = _disk_index(dispatcher)
    return True if disk is None else disk


def _disk_index(dispatcher) -> bool | None:
    """Whether numba's on-disk cache holds a fresh version of ``dispatcher`` (its index read, its stamp checked);
    None when it cannot tell (no cache, or numba's cache classes moved)."""
    try:
        return bool(dispatcher._cache._cache_file._load_index())
    except Exception:
        return None


def _on_disk(function: str) -> bool:
    """Whether the kernel ``function`` (module.qualname, of a module already imported) has a version in numba's
    on-disk cache; False when it cannot tell."""
    module, _, name = function.rpartition(".")
    return bool(_disk_index(getattr(sys.modules.get(module), name, None)))


def estimate_now(function: str, compiled=()) -> Estimate | None:
    """The estimate of ``function``'s compile in a process that has already compiled the functions ``compiled``:
    its in-chain figure once a kernel of the same game has compiled, or is in the on-disk cache (what the kernels
    share is then compiled or loaded: Blue Line's play-by-play kernel takes some 400 s alone, 6 s after the game
    kernel), else alone."""
    est = estimates().get(function)
    if est is None:
        return None
    group = est.kernel.split(".")[0]
    others = [e.function for e in estimates().values() if e.kernel.split(".")[0] == group and e.function != function]
    if any(f in compiled or _on_disk(f) for f in others):
        return Estimate(est.function, est.kernel, est.in_chain, est.cpus, est.in_chain)
    return est


def notice(function: str, est: Estimate | None = None) -> str:
    """The line printed when ``function`` starts compiling (``est``: the estimate to show, by default its compile
    alone)."""
    est = est if est is not None else estimates().get(function)
    if est is None:
        return f"simcore: compiling {function} (first run only)..."
    k = KERNELS.get(est.kernel)
    what = k.label if k else function
    return f"simcore: compiling {what} (first run only, about {about(est.seconds)} s on {est.cpus} cores)..."


def about(seconds: float) -> int:
    """An estimate as it is shown: to 5 s, at least 5."""
    return max(5, 5 * round(seconds / 5))


# ---------------------------------------------------------------- the notice, on numba's compile event

class _Compiling:
    """One outermost compile of a simcore function: the notice and, where bars show, the elapsed seconds."""

    def __init__(self, function: str):
        self.function = function
        self.t0 = time.perf_counter()
        self.estimate = estimate_now(function, [f for f, _ in history()])
        self._stop = threading.Event()
        self._thread = None
        if progress.quiet():
            return
        if self.estimate is not None:
            self._announce()
        self._thread = threading.Thread(target=self._run, name="simcore-compiling", daemon=True)
        self._thread.start()

    def _announce(self):
        progress.write(notice(self.function, self.estimate))

    def _run(self):
        if self.estimate is None:
            if self._stop.wait(UNKNOWN_AFTER):
                return              # a small function: done before anyone waited
            self._announce()
        total = about(self.estimate.seconds) if self.estimate else 60
        with progress.bar(total=total, leave=False, ncols=72, mininterval=0.5,
                          bar_format="  compiling {bar} {n:.0f} of about {total:.0f} s") as bar:
            while not self._stop.wait(0.5):
                elapsed = time.perf_counter() - self.t0
                if elapsed >= bar.total:
                    bar.total = round(elapsed * 1.2)
                bar.n = elapsed
                bar.refresh()

    def done(self) -> float:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        return time.perf_counter() - self.t0


class _Outermost:
    """Follows ``numba:compile``; a compile inside another (a callee) belongs to the outer one."""

    def __init__(self):
        self.depth = 0
        self.current = None
        #: (function, seconds) of every outermost compile of a simcore function in this process
        self.history: list[tuple[str, float]] = []

    # a notice must never break a compile: what goes wrong here is dropped

    def on_start(self, event):
        self.depth += 1
        if self.depth == 1:
            try:
                name = function_name(event.data.get("dispatcher"))
                self.current = _Compiling(name) if name.startswith("simcore.") else None
            except Exception:       # noqa: BLE001
                self.current = None

    def on_end(self, event):
        self.depth -= 1
        if self.depth == 0 and self.current is not None:
            try:
                self.history.append((self.current.function, self.current.done()))
            except Exception:       # noqa: BLE001
                pass
            self.current = None


_listener = None


def listen() -> bool:
    """Print the compile notice from now on in this process (run once when simcore is imported); True when
    numba's event API is there to listen to."""
    global _listener
    if _listener is not None:
        return True
    try:
        from numba.core import event
    except ImportError:
        return False
    listener = type("SimcoreCompileNotice", (_Outermost, event.Listener), {})()
    event.register("numba:compile", listener)
    _listener = listener
    return True


def history() -> list[tuple[str, float]]:
    """(function, seconds) of each simcore function compiled in this process so far, outermost first."""
    return list(_listener.history) if _listener is not None else []


# ---------------------------------------------------------------- simcore compile

_WORKER = """
import json, sys, time
from simcore import compiling, progress
progress.set_quiet(True)
t0 = time.perf_counter()
exec(compiling.KERNELS[sys.argv[1]].code)
print(json.dumps({"seconds": time.perf_counter() - t0, "compiled": compiling.history()}))
"""


def compile_one(name: str, env: dict | None = None) -> dict:
    """First-call kernel ``name`` in a fresh process: ``{"seconds", "compiled": [[function, s], ...]}``."""
    p = subprocess.run([sys.executable, "-c", _WORKER, name], capture_output=True, text=True,
                       env=dict(os.environ if env is None else env))
    if p.returncode != 0:
        raise RuntimeError(f"compiling {name} failed:\n{p.stderr[-3000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def _seconds(in_chain: bool = False) -> dict[str, float]:
    """Each kernel's estimate: alone (the order of a game's kernels), or in its chain (the order of the games)."""
    est = {}
    for e in estimates().values():
        est[e.kernel] = est.get(e.kernel, 0.0) + (e.in_chain if in_chain else e.seconds)
    return est


def selected(groups=()) -> list[Kernel]:
    """The kernels of ``groups`` (a game id or rng; none: every kernel), the longest to compile first."""
    unknown = sorted(set(groups) - {k.group for k in KERNELS.values()})
    if unknown:
        from simcore.cliargs import UsageError
        raise UsageError(f"no kernels for {', '.join(map(repr, unknown))}; choose from "
                         f"{', '.join(sorted({k.group for k in KERNELS.values()}))}")
    ks = [k for k in KERNELS.values() if not groups or k.group in groups]
    est = _seconds()
    return sorted(ks, key=lambda k: -est.get(k.name, 0.0))


def chains(kernels) -> list[list[Kernel]]:
    """``kernels`` by game, each game's by its ``in_chain`` estimate (the longest first), the games longest first.

    A game's kernels compile one after the other in one process at a time: the first caches the functions they
    share (the game's play functions, compiled as functions of their own), and the others load those and compile
    in seconds (EZR's after its season kernel: 2-4 s each instead of 19-22 s).  Compiled side by side they would
    each compile everything.  The chain starts with the kernel whose compile in it is the longest: the one that
    compiles what the others share (not always the longest alone: Blue Line's play-by-play kernel takes 360 s
    alone and 6 s after the game kernel, which takes 215 s).  The games are ordered by what their chain takes, so
    that with two at a time the longest chains start first and the short ones fill in."""
    est = _seconds(in_chain=True)
    by_game: dict[str, list[Kernel]] = {}
    for k in kernels:
        by_game.setdefault(k.group, []).append(k)
    for ks in by_game.values():
        ks.sort(key=lambda k: -est.get(k.name, 0.0))
    return sorted(by_game.values(), key=lambda ks: -sum(est.get(k.name, 0.0) for k in ks))


def compile_all(kernels, jobs: int, out=print) -> list[dict]:
    """Compile ``kernels``, ``jobs`` games at a time (:func:`chains`), calling ``out(line)`` as each is ready."""
    from simcore.cliargs import counted

    t0 = time.perf_counter()
    lock = threading.Lock()
    rows = []

    def chain(ks):
        for k in ks:
            r = compile_one(k.name)
            compiled = sum(s for _, s in r["compiled"])
            row = {"kernel": k.name, "seconds": r["seconds"], "compiled_s": compiled, "compiled": r["compiled"]}
            state = "compiled" if r["compiled"] else "cached"
            with lock:
                rows.append(row)
                out(f"  {k.name:<24} {r['seconds']:6.1f} s  {state:<8}  {k.label}")

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(chain, chains(kernels)))
    out(f"simcore: {len(rows)} kernels ready in {time.perf_counter() - t0:.0f} s ({counted(jobs, 'game')} at a time)")
    return rows


def cmd_compile(argv):
    from simcore.cliargs import Parser, positive_int

    p = Parser(prog="simcore compile",
               description="Compile every kernel now (numba caches them on disk), so that no command waits for "
                           "one later; `make demo` runs this. Each kernel compiles in a process of its own, a "
                           "game's kernels one after the other (the later ones reuse what the first cached); a "
                           "kernel already cached loads in a second or two.")
    p.add_argument("games", nargs="*", metavar="GAME",
                   help=f"only these kernels' games ({', '.join(sorted({k.group for k in KERNELS.values()}))})")
    p.add_argument("--jobs", "-j", type=positive_int, default=os.cpu_count() or 1,
                   help="games whose kernels compile at the same time (default: every core)")
    args = p.parse_args(argv)
    kernels = selected(args.games)
    print(f"simcore: compiling {len(kernels)} kernels, {args.jobs} games at a time (a game's take from seconds to "
          "a few minutes on 2 cores; a kernel already cached loads in a second or two)", flush=True)
    compile_all(kernels, args.jobs, out=lambda line: print(line, flush=True))
    return 0
