"""Randomness contract shared by every game.

Each simulated game ``g`` of a run with seed ``s`` draws from its own
xoshiro256** stream whose 256-bit state is derived from ``(s, g)`` alone
through splitmix64.  Consequences:

* the same seed gives bit-identical games whatever the thread count, chunking
  or executor, because no game ever touches another game's stream;
* two rule variants run with one seed consume the same stream game by game
  (common random numbers), so paired comparisons are tight.

A stream is a ``uint64`` array of length :data:`STATE_SIZE`::

    st[0:4]  xoshiro256** state
    st[4]    cursor into the script (scripted and recording modes)
    st[5]    0 draws, SCRIPTED replays a script, RECORDING draws and writes each roll down

Scripted mode feeds fixed dice to the very same kernel code: every draw
function returns the next value of the script array instead of a random
number (a 2d6 or 2d10 roll is one script entry: the total the dice show).
Kernels receive the script as an ``int64`` array (empty when not scripted).
Recording mode draws exactly as the plain stream does and appends every roll
to the script array (a play-by-play shows them); a kernel may add
:data:`MARK` entries between the parts of a game (:func:`mark`).
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.checks import is_whole
from simcore.errors import InputError
from simcore.parallel import n_blocks, run_blocks

STATE_SIZE = 6
_SPLITMIX_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
#: st[5]: the stream replays a script / draws and records every roll
SCRIPTED = np.uint64(1)
RECORDING = np.uint64(2)
#: The entry :func:`mark` writes into a record (no die shows 0)
MARK = 0
# Domain separator so the game stream never equals splitmix64(seed) itself.
_GAME_KEY = np.uint64(0xD1B54A32D192ED03)


@nb.njit(inline="always", cache=True)
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@nb.njit(inline="always", cache=True)
def splitmix64(x):
    """One splitmix64 output for the 64-bit input ``x`` (a pure function)."""
    z = x + _SPLITMIX_GAMMA
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@nb.njit(inline="always", cache=True)
def seed_stream(st, seed, game):
    """Fill ``st`` (uint64[STATE_SIZE]) with the stream of ``game`` under ``seed``.

    Four splitmix64 outputs of a key mixing the seed and the game index; the
    key is itself hashed so nearby seeds and games give unrelated streams.
    """
    key = splitmix64(np.uint64(seed)) ^ (np.uint64(game) * _GAME_KEY)
    x = splitmix64(key)
    for i in range(4):
        x = splitmix64(x + np.uint64(i))
        st[i] = x
    st[4] = np.uint64(0)
    st[5] = np.uint64(0)


@nb.njit(inline="always", cache=True)
def _step(s0, s1, s2, s3):
    """One xoshiro256** step on a state held in four values: (output, new s0, s1, s2, s3)."""
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, s0, s1, s2, s3


@nb.njit(inline="always", cache=True)
def next_u64(st):
    """Next raw 64-bit output of xoshiro256** (advances ``st``)."""
    result, st[0], st[1], st[2], st[3] = _step(st[0], st[1], st[2], st[3])
    return result


@nb.njit(inline="always", cache=True)
def uniform_int(st, n):
    """Unbiased integer in ``0 .. n-1`` (Lemire's multiply-shift with rejection), n < 2**32."""
    nn = np.uint64(n)
    m = (next_u64(st) >> np.uint64(32)) * nn
    low = m & np.uint64(0xFFFFFFFF)
    if low < nn:
        threshold = (np.uint64(0x100000000) - nn) % nn
        while low < threshold:
            m = (next_u64(st) >> np.uint64(32)) * nn
            low = m & np.uint64(0xFFFFFFFF)
    return np.int64(m >> np.uint64(32))


@nb.njit(inline="always", cache=True)
def shuffle(st, a, n):
    """Shuffle ``a[0:n]`` in place (Fisher-Yates): exactly the draws and swaps of
    ``for i in n-1 .. 1: j = uniform_int(st, i + 1); a[i], a[j] = a[j], a[i]``.

    The state stays in registers for the whole shuffle; through ``st`` each draw
    would wait for the previous one's stores whenever ``a`` might share memory with
    ``st`` (a raw pointer, see :mod:`simcore.nbarrays`).
    """
    s0 = st[0]
    s1 = st[1]
    s2 = st[2]
    s3 = st[3]
    for i in range(n - 1, 0, -1):
        nn = np.uint64(i + 1)
        while True:
            out, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
            m = (out >> np.uint64(32)) * nn
            low = m & np.uint64(0xFFFFFFFF)
            # uniform_int's rejection: low < threshold, where threshold < nn is computed only when low < nn
            if low >= nn or low >= (np.uint64(0x100000000) - nn) % nn:
                break
        j = np.int64(m >> np.uint64(32))
        x = a[i]
        a[i] = a[j]
        a[j] = x
    st[0] = s0
    st[1] = s1
    st[2] = s2
    st[3] = s3


@nb.njit(inline="always", cache=True)
def _scripted(st, script, lo, hi):
    i = np.int64(st[4])
    if i >= script.shape[0]:
        raise ValueError("scripted dice ran out: the game needed more rolls than the script holds")
    v = script[i]
    if v < lo or v > hi:
        raise ValueError("a scripted roll is outside the range of the dice the game rolled at that point")
    st[4] = np.uint64(i + 1)
    return v


@nb.njit(inline="always", cache=True)
def _record(st, script, v):
    i = np.int64(st[4])
    if i < script.shape[0]:
        script[i] = v
    st[4] = np.uint64(i + 1)
    return v


@nb.njit(inline="always", cache=True)
def mark(st, script):
    """In recording mode, write :data:`MARK` into the record (a kernel separates the parts of a game)."""
    if st[5] == RECORDING:
        _record(st, script, MARK)


@nb.njit(inline="always", cache=True)
def roll_die(st, script, sides):
    """One die with ``sides`` faces, 1..sides (a d6 or a d10)."""
    if st[5] != np.uint64(0):
        if st[5] == RECORDING:
            return _record(st, script, uniform_int(st, sides) + 1)
        return _scripted(st, script, 1, sides)
    return uniform_int(st, sides) + 1


@nb.njit(inline="always", cache=True)
def roll_2d6(st, script):
    """Total of two six-sided dice, 2..12 (one script entry in scripted mode)."""
    if st[5] != np.uint64(0):
        if st[5] == RECORDING:
            return _record(st, script, uniform_int(st, 6) + uniform_int(st, 6) + 2)
        return _scripted(st, script, 2, 12)
    return uniform_int(st, 6) + uniform_int(st, 6) + 2


@nb.njit(inline="always", cache=True)
def roll_percentile(st, script):
    """2d10 read as 1..100, uniform (one script entry in scripted mode)."""
    if st[5] != np.uint64(0):
        if st[5] == RECORDING:
            return _record(st, script, uniform_int(st, 100) + 1)
        return _scripted(st, script, 1, 100)
    return uniform_int(st, 100) + 1


@nb.njit(inline="always", cache=True)
def draw_weighted(st, script, cdf):
    """An index ``0 .. K-1`` drawn with probability ``cdf[i] - cdf[i-1]`` (``cdf``: float64[K], cumulative
    weights, nondecreasing, ``cdf[K-1] > 0``; they need not sum to 1).  An index of zero weight is never drawn.
    One script entry in scripted mode: the index + 1 (1..K, a card's number); recording writes the same."""
    k = cdf.shape[0]
    if st[5] == SCRIPTED:
        return _scripted(st, script, 1, k) - 1
    u = np.float64(next_u64(st) >> np.uint64(11)) * (1.0 / 9007199254740992.0) * cdf[k - 1]
    i = 0
    while i < k - 1 and u >= cdf[i]:
        i += 1
    if st[5] == RECORDING:
        _record(st, script, i + 1)
    return i


def script_values(values, name: str = "script") -> np.ndarray:
    """A script of dice, cards or plays as ``int64[k]``: whole numbers only.  A string (read one character per die),
    a float (cut to a whole number) or True/False is an InputError naming ``name``."""
    if isinstance(values, (str, bytes)):
        raise InputError(f"{name} must be a list of whole numbers, got the text {values[:20]!r}"
                         f"{'...' if len(values) > 20 else ''}")
    try:
        items = values.tolist() if isinstance(values, np.ndarray) else list(values)
    except TypeError:
        raise InputError(f"{name} must be a list of whole numbers, got {values!r}") from None
    for i, v in enumerate(items):
        if not is_whole(v):
            raise InputError(f"{name} must be a list of whole numbers; entry {i} is {v!r}")
    return np.asarray(items, dtype=np.int64).reshape(len(items))


def scripted_stream() -> np.ndarray:
    """A stream that replays a script from its start."""
    st = np.zeros(STATE_SIZE, dtype=np.uint64)
    st[5] = SCRIPTED
    return st


def check_seed(seed) -> int:
    """Validate a user seed: an integer in 0 .. 2**64-1."""
    if seed is None:
        raise InputError("seed must be an integer, got None (a run is reproducible from its seed; 0 is the default)")
    if not is_whole(seed):
        raise InputError(f"seed must be an integer, got {seed!r}")
    seed = int(seed)
    if not 0 <= seed < 2**64:
        raise InputError(f"seed must be in 0 .. 2**64-1, got {seed}")
    return seed


@nb.njit(cache=True)
def _ceiling_block(ctx, seed, g0, lo, hi, b, out):
    (draws_per_game,) = ctx
    (partial,) = out
    st = np.empty(STATE_SIZE, dtype=np.uint64)
    acc = 0
    for g in range(lo, hi):
        seed_stream(st, seed, g0 + g)
        for _d in range(draws_per_game):
            acc += uniform_int(st, 100) + 1
    partial[b] = acc


@nb.njit(cache=True, parallel=True)
def _ceiling(seed, g0, n, draws_per_game, block, partial):
    run_blocks(_ceiling_block, (draws_per_game,), seed, g0, n, block, (partial,))


def ceiling(seed, g0, n, draws_per_game, block):
    """RNG ceiling for benchmarks: per-game seeding plus ``draws_per_game`` percentile draws, summed (the sum
    keeps the work from being optimized away).  Same block layout and scheduling as the game kernels
    (:func:`simcore.parallel.run_blocks`)."""
    partial = np.zeros(n_blocks(n, block), dtype=np.int64)
    _ceiling(np.uint64(seed), np.int64(g0), np.int64(n), np.int64(draws_per_game), np.int64(block), partial)
    return int(partial.sum())
