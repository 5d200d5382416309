"""The randomness contract (simcore/rng.py, DESIGN.md section 4)."""
import numpy as np
import pytest

from simcore import rng


def test_xoshiro_reference_output():
    # xoshiro256** with state (1, 2, 3, 4): first output rotl(2*5, 7)*9 = 11520 (reference implementation)
    st = np.array([1, 2, 3, 4, 0, 0], dtype=np.uint64)
    assert int(rng.next_u64(st)) == 11520
    assert int(rng.next_u64(st)) == 0  # after one step s1 = 2 ^ (3 ^ 1) = 0, so the output is 0


def test_splitmix64_reference_values():
    # splitmix64 reference: state 0 -> first output 0xE220A8397B1DCDAF
    assert int(rng.splitmix64(np.uint64(0))) == 0xE220A8397B1DCDAF


M64 = (1 << 64) - 1


def _rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & M64


def _xoshiro256ss(s):
    """The reference xoshiro256** (Blackman and Vigna's next()) in plain Python integers: (output, new state)."""
    s0, s1, s2, s3 = s
    result = _rotl((s1 * 5) & M64, 7) * 9 & M64
    t = (s1 << 17) & M64
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, (s0, s1, s2, s3)


def _splitmix64(x):
    """The reference splitmix64 output for input x (Vigna's next() with the state x before its increment)."""
    z = (x + 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


@pytest.mark.parametrize("state", [(1, 2, 3, 4), (0x0123456789ABCDEF, 0xFEDCBA9876543210, 1 << 63, M64)])
def test_xoshiro_against_a_plain_python_reference(state):
    """Every shift and rotation counts: 1,000 outputs from two states equal the reference's."""
    st = np.array([*state, 0, 0], dtype=np.uint64)
    ref = state
    for _ in range(1_000):
        want, ref = _xoshiro256ss(ref)
        assert int(rng.next_u64(st)) == want
    assert tuple(int(v) for v in st[:4]) == ref


def test_splitmix64_against_a_plain_python_reference():
    for x in (1, 2, 0x9E3779B97F4A7C15, 1 << 63, M64, 123456789):
        assert int(rng.splitmix64(np.uint64(x))) == _splitmix64(x)


def test_stream_depends_only_on_seed_and_game():
    a = np.zeros(rng.STATE_SIZE, np.uint64)
    b = np.zeros(rng.STATE_SIZE, np.uint64)
    rng.seed_stream(a, np.uint64(7), 123)
    rng.next_u64(b)  # b's history must not matter
    rng.seed_stream(b, np.uint64(7), 123)
    assert (a == b).all()
    rng.seed_stream(b, np.uint64(7), 124)
    assert not (a[:4] == b[:4]).any()
    rng.seed_stream(b, np.uint64(8), 123)
    assert not (a[:4] == b[:4]).any()


def test_uniform_int_is_uniform():
    st = np.zeros(rng.STATE_SIZE, np.uint64)
    rng.seed_stream(st, np.uint64(1), 0)
    draws = np.array([rng.uniform_int(st, 100) for _ in range(200_000)])
    assert draws.min() == 0 and draws.max() == 99
    counts = np.bincount(draws, minlength=100)
    chi2 = ((counts - 2000) ** 2 / 2000).sum()
    assert chi2 < 160  # 99 degrees of freedom: P(chi2 > 160) < 1e-4


def test_scripted_mode_replays_and_checks_ranges():
    st = rng.scripted_stream()
    script = np.array([42, 7, 3, 13], dtype=np.int64)
    assert rng.roll_percentile(st, script) == 42
    assert rng.roll_2d6(st, script) == 7
    assert rng.roll_die(st, script, 6) == 3
    with pytest.raises(ValueError, match="outside the range"):
        rng.roll_2d6(st, script)  # 13 is not a 2d6 total
    st2 = rng.scripted_stream()
    with pytest.raises(ValueError, match="ran out"):
        rng.roll_percentile(st2, np.zeros(0, np.int64))


def test_check_seed():
    assert rng.check_seed(2**64 - 1) == 2**64 - 1
    for bad in (-1, 2**64, 1.5, "3", True):
        with pytest.raises(ValueError):
            rng.check_seed(bad)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 6, 30, 40, 257])
def test_shuffle_makes_the_draws_of_the_uniform_int_loop(n):
    for seed in range(5):
        a = np.zeros(rng.STATE_SIZE, np.uint64)
        rng.seed_stream(a, np.uint64(seed), n)
        b = a.copy()
        x = np.arange(n, dtype=np.int64) * 3
        rng.shuffle(a, x, n)
        y = np.arange(n, dtype=np.int64) * 3
        for i in range(n - 1, 0, -1):
            j = rng.uniform_int(b, i + 1)
            y[i], y[j] = y[j], y[i]
        assert (x == y).all()
        assert (a == b).all()            # the stream advanced by the same draws
        assert sorted(x) == list(np.arange(n) * 3)


def test_shuffle_rejects_like_uniform_int():
    # s1 = 0 makes the next output 0: for n = 3 the first draw (i = 2) has low = 0 < 2**32 % 3 = 1 and is rejected
    st = np.array([1, 0, 3, 4, 0, 0], dtype=np.uint64)
    a, b, c = st.copy(), st.copy(), st.copy()
    x = np.arange(3, dtype=np.int64)
    rng.shuffle(a, x, 3)
    y = np.arange(3, dtype=np.int64)
    for i in (2, 1):
        j = rng.uniform_int(b, i + 1)
        y[i], y[j] = y[j], y[i]
    assert (x == y).all() and (a == b).all()
    rng.next_u64(c)
    rng.next_u64(c)
    assert not (a == c).all()           # more than two steps: the rejection happened
