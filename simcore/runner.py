"""Running kernels in blocks of game indices, on this machine's threads or on a Dask cluster, with a progress bar.

Blocks never change results: every game draws from its own stream (:mod:`simcore.rng`), so a run is a pure
function of (seed, game index).  A block of games ``g0 .. g0+count-1`` can be played anywhere; the runner puts
each block's per-game rows at rows ``g0 ..`` of the run's arrays (index order) and adds its counters into the
run's totals (integers: a sum is exact in any grouping).  The same seed gives bit-identical results on either
executor, with any number of workers or threads and any block size.

Executors (:func:`executor`):

* ``threads`` (the default): blocks one after the other in this process, each on numba's threads;
* ``dask``: blocks as tasks of a ``dask.distributed`` cluster (``pip install 'simcore[dask]'``): a
  ``LocalCluster`` of worker processes on this machine, or the cluster of a scheduler's address
  (``dask:tcp://host:8786``), or a ``distributed.Client`` you made.  A worker lost in the middle of a run has its
  blocks played again elsewhere (the scheduler reschedules them); the result is the same.

A game hands the runner its work in one of two shapes:

* :func:`run_games`: ``play(g0, count, inputs, rows, totals)`` plays games ``g0 .. g0+count-1``, reading the
  block's part of its per-game ``inputs``, writing the block's ``rows`` (arrays of leading dimension ``count``)
  and adding into ``totals`` (counters of the whole run);
* :func:`map_blocks`: ``fn(g0, count)`` returns a value per block (a league's seasons); the values come back in
  index order.

The functions go to the workers by pickle (cloudpickle: closures over numpy arrays and jitted functions travel),
once per run, and each task carries only its block's inputs.  :func:`run_chunks` (a closure that writes into
arrays of this process) runs in this process whatever the executor.
"""
from __future__ import annotations

import collections
import contextvars
import itertools
import logging
import os
import sys
import time
import warnings
from contextlib import contextmanager

import numba
import numpy as np

import simcore.progress as _progress

from simcore.checks import is_whole
from simcore.errors import InputError
from simcore.signals import held as signals_held

DEFAULT_CHUNK = 1 << 20
EXECUTORS = ("threads", "dask")


class BlockError(RuntimeError):
    """A block of games failed on a worker: the message names the block, its games and the seed, in one line."""


def check_threads(n: int | None) -> None:
    """ValueError unless ``n`` is None (every core) or a thread count numba can run on this machine."""
    if n is not None and (not is_whole(n)):
        raise InputError(f"threads must be a whole number of threads, got {n!r}")
    if n is not None and not 1 <= n <= numba.config.NUMBA_NUM_THREADS:
        raise InputError(f"threads must be between 1 and {numba.config.NUMBA_NUM_THREADS}, got {n}")


@contextmanager
def threads(n: int | None):
    """Run numba parallel kernels on ``n`` threads inside the block (None: numba's default)."""
    if n is None:
        yield
        return
    check_threads(n)
    old = numba.get_num_threads()
    numba.set_num_threads(n)
    try:
        yield
    finally:
        numba.set_num_threads(old)


def chunk_size_of(chunk_size: int | None = None) -> int:
    """The chunk size a run uses (``chunk_size`` or :data:`DEFAULT_CHUNK`), checked."""
    if chunk_size is None:
        return DEFAULT_CHUNK
    if not is_whole(chunk_size) or chunk_size <= 0:
        raise InputError(f"chunk_size must be a positive whole number of games, got {chunk_size!r}")
    return int(chunk_size)


def n_chunks(n: int, chunk_size: int | None = None) -> int:
    """How many chunks :func:`chunks` gives for ``n`` games."""
    return -(-max(int(n), 0) // chunk_size_of(chunk_size))


def chunks(n: int, chunk_size: int | None = None):
    """``(g0, count)`` pairs covering games 0 .. n-1, made one at a time (``n`` may be 10**18: nothing is built
    up front)."""
    size = chunk_size_of(chunk_size)
    return ((g0, min(size, n - g0)) for g0 in range(0, n, size))


def _show(n, size, progress):
    return progress if progress is not None else (None if n_chunks(n, size) > 1 else False)


def run_chunks(n: int, fn, *, chunk_size: int | None = None, n_threads: int | None = None,
               progress: bool | None = None, desc: str = "games"):
    """Call ``fn(g0, count)`` for each chunk of games 0 .. n-1, in this process (whatever the executor).

    ``progress``: True forces a bar, False hides it, None shows it (on a terminal or in Jupyter, not with
    ``--quiet``: :func:`simcore.progress.bar`) when the run has more than one chunk.
    """
    show = _show(n, chunk_size, progress)
    with threads(n_threads), _progress.bar(total=n, unit=" " + desc, show=show, unit_scale=True) as bar:
        for g0, count in chunks(n, chunk_size):
            fn(g0, count)
            bar.update(count)


# ---------------------------------------------------------------- executors

def parse_executor(text: str) -> tuple[str, str | None]:
    """``"threads"``, ``"dask"`` or ``"dask:ADDRESS"`` -> (kind, address)."""
    if not isinstance(text, str):
        raise InputError(f"executor must be 'threads', 'dask' or 'dask:ADDRESS', got {text!r}")
    kind, sep, address = text.strip().partition(":")
    if kind not in EXECUTORS or (sep and (kind != "dask" or not address.strip())):
        raise InputError(f"executor must be 'threads', 'dask' or 'dask:ADDRESS' (a scheduler such as "
                         f"tcp://host:8786), got {text!r}")
    if sep:
        host, colon, port = address.strip().split("://", 1)[-1].rpartition(":")
        if not (colon and host and port.isdigit()):
            raise InputError(f"executor 'dask:ADDRESS' needs a scheduler's host and port, such as "
                             f"dask:tcp://host:8786; got {text!r}")
    return kind, (address.strip() if sep else None)


def check_workers(workers) -> int | None:
    if workers is None:
        return None
    if not is_whole(workers) or workers < 1:
        raise InputError(f"workers must be a positive whole number, got {workers!r}")
    return int(workers)


class Threads:
    """This process, blocks one after another on numba's threads (``workers``: how many; None, every core)."""

    kind = "threads"

    def __init__(self, workers: int | None = None):
        self.workers = check_workers(workers)
        if self.workers is not None and self.workers > numba.config.NUMBA_NUM_THREADS:
            raise InputError(f"workers: the threads executor runs on this machine's {numba.config.NUMBA_NUM_THREADS}"
                             f" threads at most, got {self.workers} (--executor dask starts worker processes)")

    def block_size(self, n, chunk_size, default_chunk=None):
        """``chunk_size``, else the caller's ``default_chunk`` (its game's), else :data:`DEFAULT_CHUNK`."""
        return chunk_size_of(default_chunk if chunk_size is None else chunk_size)

    def map_blocks(self, n, fn, *, chunk_size=None, n_threads=None, progress=None, desc="games", seed=None,
                   default_chunk=None):
        out = []
        first = _FIRST.get()
        run_chunks(n, lambda g0, c: out.append(fn(first + g0, c)), chunk_size=self.block_size(n, chunk_size,
                                                                                             default_chunk),
                   n_threads=n_threads or self.workers, progress=progress, desc=desc)
        return out

    def run_games(self, n, play, inputs, rows, totals, *, chunk_size=None, n_threads=None, progress=None,
                  desc="games", seed=None, sink=None, default_chunk=None):
        first = _FIRST.get()
        chunk_size = self.block_size(n, chunk_size, default_chunk)

        def fn(g0, c):
            part = tuple(a[g0:g0 + c] for a in rows)
            play(first + g0, c, tuple(a[g0:g0 + c] for a in inputs), part, totals)
            if sink is not None:
                sink(g0, c, part)

        run_chunks(n, fn, chunk_size=chunk_size, n_threads=n_threads or self.workers, progress=progress, desc=desc)

    def close(self):
        pass

    def __repr__(self):
        return f"<threads executor: {self.workers or numba.config.NUMBA_NUM_THREADS} threads>"


def _task_threads() -> int:
    """numba threads a task uses on a Dask worker: the worker's own threads each run a task, so one each
    (``SIMCORE_TASK_THREADS`` sets another number)."""
    v = os.environ.get("SIMCORE_TASK_THREADS", "1")
    try:
        n = int(v)
    except ValueError:
        n = 0
    if n < 1:
        raise InputError(f"environment variable SIMCORE_TASK_THREADS={v!r} must be a whole number of numba threads "
                         "a task uses on a Dask worker, at least 1 (unset: 1)")
    return min(n, numba.config.NUMBA_NUM_THREADS)


def _attribute(module: str, qualname: str):
    import importlib

    obj = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def _dumps(obj) -> bytes:
    """``obj`` pickled by cloudpickle, with numba's jitted functions that a module holds pickled by reference
    (module and name): a worker then uses its own, whose compiled code numba's cache gives it.  Pickled by value
    (numba's own way) a jitted function is a new function on the worker, and a kernel that receives it as an
    argument compiles again there."""
    import io

    import cloudpickle
    from numba.core.registry import CPUDispatcher

    class Pickler(cloudpickle.Pickler):
        def reducer_override(self, o):
            if isinstance(o, CPUDispatcher):
                f = o.py_func
                mod = sys.modules.get(f.__module__)
                if mod is not None and "<locals>" not in f.__qualname__:
                    try:
                        if _attribute(f.__module__, f.__qualname__) is o:
                            return _attribute, (f.__module__, f.__qualname__)
                    except (AttributeError, ImportError):
                        pass
            return super().reducer_override(o)

    buf = io.BytesIO()
    Pickler(buf, protocol=5).dump(obj)
    return buf.getvalue()


_LOADED: dict = {}


class Shipped:
    """A block function on its way to the workers: pickled once (:func:`_dumps`), unpickled once per worker
    process and run (:meth:`get`) for each of its tasks."""

    def __init__(self, fn):
        import uuid

        self.token = uuid.uuid4().hex
        self.payload = _dumps(fn)

    def get(self):
        fn = _LOADED.get(self.token)
        if fn is None:
            import cloudpickle

            if len(_LOADED) > 64:          # the functions of earlier runs
                _LOADED.clear()
            fn = _LOADED[self.token] = cloudpickle.loads(self.payload)
        return fn


def _block_task(shipped, g0, count):
    """A :func:`map_blocks` task on a worker."""
    fn = shipped.get()
    with threads(_task_threads()):
        return fn(g0, count)


def _games_task(shipped, g0, count, inputs, row_specs, total_specs):
    """A :func:`run_games` task on a worker: the block's rows and its counters, fresh arrays."""
    play = shipped.get()
    rows = tuple(np.zeros((count, *shape), dtype) for shape, dtype in row_specs)
    totals = tuple(np.zeros(shape, dtype) for shape, dtype in total_specs)
    with threads(_task_threads()):
        play(g0, count, inputs, rows, totals)
    return rows, totals


@contextmanager
def _workers_ignore_ctrl_c():
    """Processes started inside the block ignore SIGINT: Ctrl-C at a terminal reaches every process of its
    group, and a LocalCluster's workers are ours to stop (the client cancels their tasks and closes the cluster)
    rather than each printing its own KeyboardInterrupt.  Python keeps an ignored SIGINT ignored in a child.
    A Ctrl-C while the cluster starts is lost with it: the process's other threads (numba's) take the signal and
    ignore it, so blocking it in this thread would not keep it pending.  SIGTERM is not ignored so: ignored here
    while the cluster starts, a ``kill`` of the command in those seconds would be lost."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _drain(done, timeout: float = 5.0) -> None:
    """Wait (at most ``timeout`` seconds) until ``done``, a ``distributed.as_completed``, has settled every future
    it tracks.  It fetches a finished block's result in the background; a fetch still under way when a Ctrl-C
    closes the cluster fails on the closed connection, and the event loop prints that failure's traceback after
    "simcore: interrupted"."""
    deadline = time.monotonic() + timeout
    try:
        while done.count() > done.queue.qsize() and time.monotonic() < deadline:
            time.sleep(0.02)
    except AttributeError:          # another distributed's as_completed: nothing to wait for
        pass


class _CancelledKeys:
    """A filter for the ``distributed.scheduler`` logger: it drops the scheduler's "Couldn't gather keys" error
    when every key it names is one of ``keys``.  A result fetch already under way when Ctrl-C cancels its task
    asks an in-process scheduler for a forgotten key, and the scheduler logs that as an error after "simcore:
    interrupted"; a key the executor did not cancel is still reported."""

    def __init__(self):
        self.keys: set = set()

    def filter(self, record) -> bool:
        if record.msg != "Couldn't gather keys: %s" or not record.args:
            return True
        failed = record.args[0] if isinstance(record.args, tuple) else record.args
        return not (failed and set(failed) <= self.keys)


class Dask:
    """Blocks as tasks of a ``dask.distributed`` cluster.

    ``address``: a scheduler to connect to (None: start a ``LocalCluster`` of ``workers`` processes, one thread
    each, on this machine, closed with the executor); ``client``: a ``distributed.Client`` to use as it is (not
    closed).  With an address, ``workers`` waits until that many workers have joined.
    """

    kind = "dask"
    #: Tasks in flight for each worker thread: enough to keep them busy, few enough that a run of 10**18 games
    #: starts at once and its finished blocks leave the workers' memory as they come.
    IN_FLIGHT = 4
    #: How many times a block whose task the cluster cancelled on its own (not this executor: a result lost with
    #: a worker that died, "already forgotten") is submitted again.  A block is a pure function of (seed, games),
    #: so the result is the same.
    RESUBMITS = 3

    def __init__(self, address: str | None = None, workers: int | None = None, client=None, *,
                 timeout: float = 60, **cluster_kw):
        try:
            import distributed
        except ImportError:
            raise InputError("the dask executor needs dask.distributed: pip install 'simcore[dask]'") from None
        self.workers = check_workers(workers)
        if "SIMCORE_TASK_THREADS" in os.environ:
            _task_threads()         # a bad setting refused before a cluster starts (a local one inherits it)
        self._in_flight: set = set()
        self._after_close: list = []
        self._stopping = False
        self._cancelled = _CancelledKeys()
        self.cluster = None
        self.owns = client is None
        if client is not None:
            self.client = client
        elif address is None:
            # a task's error reaches the client (a BlockError naming the block); the cluster's own error logs
            # would print tracebacks of connections cut when a Ctrl-C closes it
            kw = dict(n_workers=self.workers or numba.config.NUMBA_NUM_THREADS, threads_per_worker=1,
                      processes=True, dashboard_address=":0", silence_logs=logging.CRITICAL)
            kw.update(cluster_kw)
            with _workers_ignore_ctrl_c():
                self.cluster = distributed.LocalCluster(**kw)
            self.client = distributed.Client(self.cluster, timeout=timeout)
        else:
            if _progress.interactive() or _progress.in_jupyter():     # a wrong address waits the whole timeout
                _progress.write(f"simcore: connecting to the dask scheduler at {address} (waiting up to "
                                f"{timeout:g} s)")
            try:
                self.client = distributed.Client(address, timeout=timeout)
            except OSError as exc:
                raise InputError(f"dask scheduler {address}: cannot connect ({exc})") from None
            if self.workers:
                self.client.wait_for_workers(self.workers, timeout=timeout)
        logging.getLogger("distributed.scheduler").addFilter(self._cancelled)

    def threads_total(self) -> int:
        return max(1, sum(self.client.nthreads().values()))

    def block_size(self, n, chunk_size, default_chunk=None):
        """``chunk_size``, or about four blocks per worker thread, at most the caller's ``default_chunk`` (its
        game's block for one machine's threads) or :data:`DEFAULT_CHUNK` games."""
        if chunk_size is not None:
            return chunk_size_of(chunk_size)
        return max(1, min(default_chunk or DEFAULT_CHUNK, -(-int(n) // (4 * self.threads_total()))))

    def _run(self, n, size, submit, receive, progress, desc, seed):
        """Submit one task per block (a window of them at a time) and hand each result to ``receive(b, g0,
        count, result)`` as it completes; Ctrl-C cancels every task."""
        from distributed import as_completed

        blocks = enumerate(chunks(n, size))
        window = self.IN_FLIGHT * self.threads_total()
        pending = {}
        resubmitted = collections.Counter()
        show = _show(n, size, progress)
        with _progress.bar(total=n, unit=" " + desc, show=show, unit_scale=True) as bar:
            # results are fetched in the background as tasks finish, not one round trip per task here
            done = as_completed(with_results=True, raise_errors=False)

            def add(b, g0, count):
                if self._stopping:
                    raise KeyboardInterrupt
                f = submit(g0, count)
                pending[f.key] = (b, g0, count, f)
                self._in_flight.add(f)
                done.add(f)

            try:
                for b, (g0, count) in itertools.islice(blocks, window):
                    add(b, g0, count)
                for f, result in done:
                    b, g0, count, _ = pending.pop(f.key)
                    self._in_flight.discard(f)
                    if f.status == "cancelled" and not self._stopping and f.key not in self._cancelled.keys \
                            and resubmitted[b] < self.RESUBMITS:
                        resubmitted[b] += 1
                        add(b, g0, count)
                        continue
                    if f.status != "finished":
                        exc = result[1] if f.status == "error" else result
                        first = str(exc).splitlines()[0] if str(exc) else ""
                        raise BlockError(f"block {b} ({desc} {g0:,} .. {g0 + count - 1:,}) of seed {seed} failed: "
                                         f"{type(exc).__name__}: {first}") from (exc if isinstance(exc, BaseException)
                                                                                 else None)
                    receive(b, g0, count, result)
                    bar.update(count)
                    for b2, (g2, c2) in itertools.islice(blocks, 1):
                        add(b2, g2, c2)
            except BaseException:
                futures = [p[3] for p in pending.values()]
                self._in_flight.difference_update(futures)
                self._cancel(futures)
                _drain(done)
                raise

    def cancel_all(self):
        """Cancel every task of this executor's runs under way (they stop with a :class:`BlockError`)."""
        self._stopping = True
        self._cancel(list(self._in_flight))

    def _cancel(self, futures):
        self._cancelled.keys.update(f.key for f in futures)
        self.client.cancel(futures)

    def _shared(self, obj):
        """``obj`` on every worker once (a copy each, so a lost worker loses nothing another does not hold)."""
        return self.client.scatter(Shipped(obj), broadcast=True, hash=False)

    def map_blocks(self, n, fn, *, chunk_size=None, n_threads=None, progress=None, desc="games", seed=None,
                   default_chunk=None):
        size = self.block_size(n, chunk_size, default_chunk)
        shared = self._shared(fn)
        out = {}
        first = _FIRST.get()
        self._run(n, size, lambda g0, c: self.client.submit(_block_task, shared, first + g0, c, pure=False),
                  lambda b, g0, c, r: out.__setitem__(b, r), progress, desc, seed)
        return [out[b] for b in range(len(out))]

    def run_games(self, n, play, inputs, rows, totals, *, chunk_size=None, n_threads=None, progress=None,
                  desc="games", seed=None, sink=None, default_chunk=None):
        size = self.block_size(n, chunk_size, default_chunk)
        shared = self._shared(play)
        row_specs = [(a.shape[1:], a.dtype) for a in rows]
        total_specs = [(a.shape, a.dtype) for a in totals]

        first = _FIRST.get()

        def submit(g0, c):
            return self.client.submit(_games_task, shared, first + g0, c, tuple(a[g0:g0 + c] for a in inputs),
                                      row_specs, total_specs, pure=False)

        def receive(b, g0, c, result):
            got_rows, got_totals = result
            for a, r in zip(rows, got_rows):
                a[g0:g0 + c] = r
            for t, r in zip(totals, got_totals):
                t += r
            if sink is not None:
                sink(g0, c, got_rows)

        self._run(n, size, submit, receive, progress, desc, seed)

    def close(self):
        """Close the client, and the LocalCluster this executor started.  A Ctrl-C or SIGTERM while it closes
        (about a second) is held until it is closed, then raised: cut short, the close was left to dask's exit
        function, which waited some 10 s for workers already gone."""
        with signals_held():
            fns, self._after_close = self._after_close, []
            try:
                if self.owns:
                    self.client.close()
                    if self.cluster is not None:
                        self.cluster.close()
                logging.getLogger("distributed.scheduler").removeFilter(self._cancelled)
            finally:
                for fn in fns:
                    try:
                        fn()
                    except Exception as exc:        # a clean-up that fails does not stop the others or the close
                        warnings.warn(f"simcore: a clean-up after the cluster closed failed: {exc}", stacklevel=2)

    def after_close(self, fn) -> None:
        """Call ``fn()`` once this executor is closed: a task cancelled by a Ctrl-C may still be running on a
        worker (a block of games is not cut short) and write its files; the run that was stopped removes them
        once the workers are gone (:mod:`simcore.dataset`)."""
        self._after_close.append(fn)

    def __repr__(self):
        return f"<dask executor: {self.client.scheduler.address}, {self.threads_total()} worker threads>"


def make(spec=None, workers: int | None = None):
    """An executor: ``spec`` None or ``"threads"``, ``"dask"``, ``"dask:ADDRESS"``, a ``distributed.Client``,
    or an executor (returned as it is)."""
    if isinstance(spec, (Threads, Dask)):
        return spec
    if spec is not None and not isinstance(spec, str):
        if type(spec).__name__ == "Client" and type(spec).__module__.startswith("distributed"):
            return Dask(client=spec, workers=workers)
        raise InputError(f"executor must be 'threads', 'dask', 'dask:ADDRESS' or a distributed.Client, got {spec!r}")
    kind, address = parse_executor(spec or "threads")
    if kind == "threads":
        return Threads(workers)
    return Dask(address, workers)


_CURRENT: contextvars.ContextVar = contextvars.ContextVar("simcore_executor", default=None)
_FIRST: contextvars.ContextVar = contextvars.ContextVar("simcore_first_game", default=0)


def first_game_index() -> int:
    """The global index of game 0 of the run being played (0 unless inside :func:`first_game`): a game whose
    inputs depend on the game's index (a round robin's pairings) reads it, so a block played on its own gets the
    inputs it has in the whole run."""
    return _FIRST.get()


@contextmanager
def first_game(g: int):
    """Inside the block a run of ``n`` games plays games ``g .. g+n-1`` (index 0 of its arrays is game ``g``):
    how one block of a bigger run is played on its own (:mod:`simcore.dataset`)."""
    token = _FIRST.set(int(g))
    try:
        yield
    finally:
        _FIRST.reset(token)
#: What the command line asked for (``--executor``, ``--workers``): started on first use, closed by
#: :func:`shutdown`.
_configured: dict = {"spec": None, "workers": None, "executor": None}


@contextmanager
def executor(spec=None, workers: int | None = None):
    """Run every simulation inside the block on the executor ``spec`` (see :func:`make`), started here and
    closed at the end when it was made here::

        with runner.executor("dask", workers=2):
            a = game.simulate(n=10**6)
            b = game.simulate(n=10**6, rules="...")
    """
    ex = make(spec, workers)
    token = _CURRENT.set(ex)
    try:
        yield ex
    finally:
        _CURRENT.reset(token)
        if ex is not spec:
            ex.close()


def _kind(spec) -> str | None:
    """``"threads"`` or ``"dask"``: the kind of executor ``spec`` (as :func:`make` takes it) makes; None for a
    spec :func:`make` refuses."""
    if isinstance(spec, (Threads, Dask)):
        return spec.kind
    if isinstance(spec, str):
        return parse_executor(spec)[0]
    return "dask" if type(spec).__name__ == "Client" else None


@contextmanager
def maybe(spec=None, workers: int | None = None, threads: int | None = None):
    """:func:`executor` when ``spec`` or ``workers`` is given, else the current executor as it is.

    ``threads``, the run's own thread count, is checked against them: with ``workers`` it is one setting given
    twice (both set the threads executor's threads), with a dask executor it has nothing to set (the games run on
    the cluster's workers); either is an InputError, as ``--threads`` with ``--workers`` or ``--executor dask``
    is on the command line."""
    check_threads(threads)
    if threads is not None and workers is not None:
        raise InputError(f"threads={threads} and workers={workers} both set the threads executor's threads; "
                         "give one")
    if threads is not None and spec is not None and _kind(spec) == "dask":
        raise InputError(f"threads={threads}: with the executor {spec!r} the games run on the cluster's workers "
                         "(workers= sets how many); threads= is for the threads executor")
    if spec is None and workers is None:
        yield current()
        return
    if spec is None:
        spec = current()
        if isinstance(spec, Threads):
            spec = Threads(workers)
    with executor(spec, workers) as ex:
        yield ex


def configure(spec=None, workers: int | None = None) -> None:
    """The executor a command line asked for; started when a run first needs it (:func:`current`)."""
    if spec is not None:
        parse_executor(spec)
        _configured["spec"] = spec
    if workers is not None:
        _configured["workers"] = check_workers(workers)


def current():
    """The executor runs use now: the innermost :func:`executor` block's, else the configured one, else
    threads."""
    ex = _CURRENT.get()
    if ex is not None:
        return ex
    if _configured["spec"] is not None or _configured["workers"] is not None:
        if _configured["executor"] is None:
            _configured["executor"] = make(_configured["spec"], _configured["workers"])
        return _configured["executor"]
    return Threads()


def shutdown() -> None:
    """Close the configured executor (if one was started) and forget the configuration."""
    ex = _configured["executor"]
    _configured.update(spec=None, workers=None, executor=None)
    if ex is not None:
        ex.close()


# ---------------------------------------------------------------- what games call

def run_games(n: int, play, *, inputs=(), rows=(), totals=(), chunk_size: int | None = None,
              n_threads: int | None = None, progress: bool | None = None, desc: str = "games", seed=None,
              sink=None, default_chunk: int | None = None) -> None:
    """Play games 0 .. n-1 in blocks on the current executor.

    ``play(g0, count, inputs, rows, totals)`` plays games ``g0 .. g0+count-1``: ``inputs`` are the block's rows
    of the per-game input arrays ``inputs`` (leading dimension n), ``rows`` the arrays to write the block's
    games into (leading dimension ``count``), ``totals`` counters to add into (integers).  On return ``rows``
    (leading dimension n) holds every game in index order and ``totals`` the sums.  ``play`` must depend only
    on its arguments and what it was made with (it may run in another process).  ``seed`` names the run in
    the message of a block that fails.  ``sink(g0, count, rows)``, if given, sees each block's rows as it
    arrives (in completion order).  ``chunk_size``: the user's block size; ``default_chunk``: the game's, when the
    user gave none (the threads executor's blocks; Dask's are smaller when that gives each worker thread about
    four).
    """
    current().run_games(n, play, tuple(inputs), tuple(rows), tuple(totals), chunk_size=chunk_size,
                        n_threads=n_threads, progress=progress, desc=desc, seed=seed, sink=sink,
                        default_chunk=default_chunk)


def map_blocks(n: int, fn, *, chunk_size: int | None = None, n_threads: int | None = None,
               progress: bool | None = None, desc: str = "games", seed=None, default_chunk: int | None = None) -> list:
    """``[fn(g0, count) for each block of items 0 .. n-1]`` on the current executor, in index order
    (``chunk_size``, ``default_chunk``: as :func:`run_games` takes them)."""
    return current().map_blocks(n, fn, chunk_size=chunk_size, n_threads=n_threads, progress=progress, desc=desc,
                                seed=seed, default_chunk=default_chunk)


#: Runs :func:`concurrently` runs at the same time on Dask, at most (its client threads).
MAX_PARALLEL = 8


def side_by_side(calls: int, max_parallel: int = MAX_PARALLEL, spec=None) -> int:
    """How many of ``calls`` runs :func:`concurrently` runs at the same time: up to ``max_parallel`` on Dask, else
    one (what a memory check multiplies a run's memory by).  The executor is ``spec`` (as :func:`maybe` takes
    it) or else the current one; nothing is started to find out, so a run a memory check refuses starts no
    cluster."""
    return max(1, min(max_parallel, calls)) if _pending_kind(spec) == "dask" else 1


def _pending_kind(spec=None) -> str | None:
    """The kind of executor a run with ``spec`` would use (:func:`maybe`), without starting it."""
    if spec is not None:
        return _kind(spec)
    ex = _CURRENT.get()
    if ex is None:
        ex = _configured["executor"] or _configured["spec"]
    return "threads" if ex is None else _kind(ex)


def concurrently(calls, on_done=None, max_parallel: int = MAX_PARALLEL) -> list:
    """``[call() for call in calls]``, in that order.  On a Dask executor the calls run side by side (up to
    ``max_parallel`` client threads), so the blocks of several runs (a comparison's two variants, a sweep's
    cells) are tasks of the cluster at the same time; elsewhere one after the other.  ``on_done(i)`` is called
    as call ``i`` finishes."""
    calls = list(calls)
    ex = current()
    if not isinstance(ex, Dask) or len(calls) < 2:
        out = []
        for i, call in enumerate(calls):
            out.append(call())
            if on_done is not None:
                on_done(i)
        return out
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

    ex._stopping = False
    results = [None] * len(calls)

    def run(i):
        results[i] = calls[i]()
        return i

    context = contextvars.copy_context()       # the executor of this thread, in every call
    pool = ThreadPoolExecutor(max_workers=min(max_parallel, len(calls)))
    futures = {pool.submit(context.copy().run, run, i): i for i in range(len(calls))}
    try:
        pending = set(futures)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                f.result()
                if on_done is not None:
                    on_done(futures[f])
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        ex.cancel_all()                         # the calls under way stop at their next block
        raise
    pool.shutdown()
    return results
