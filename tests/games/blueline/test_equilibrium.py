"""The secret card choice of a shot ("Shots on Goal"), solved as a zero-sum game: the LP against closed forms
and brute force, the defining property on every chart context, the card policies' mixes and the JSON document."""
import itertools
import json

import numpy as np
import pytest

from simcore.games.blueline import equilibrium as eq
from simcore.games.blueline.cards import (
    CARD_POLICIES, GOALIE_CARDS, HABITS, IN_POSITION, MATCH, OUT_OF_POSITION, SHOT_CARDS, card_mixes, outcome,
    outcome_matrix,
)
from simcore.games.blueline.chart import IN, INSIDE, N_CONTEXTS, OPEN, OUT, context_index, load_chart

TOL = 1e-9


@pytest.fixture(scope="module")
def chart():
    return load_chart()


def check_equilibrium(a, x, y, v, tol=TOL):
    """No pure deviation of either side gains more than ``tol``; mixes are distributions."""
    for p in (x, y):
        assert p.min() >= 0 and abs(p.sum() - 1) < 1e-12
    assert (a @ y).max() <= v + tol, "the shooter gains by a pure card against the goalie's mix"
    assert (x @ a).min() >= v - tol, "the goalie gains by a pure card against the shooter's mix"


# ---------------------------------------------------------------- the cards ("Shots on Goal")


def test_card_faces_and_outcomes():
    assert SHOT_CARDS == ("TR", "TL", "B5", "BR", "BL") and GOALIE_CARDS == ("TL", "TR", "B5", "BL", "BR")
    # "If the Goalie chose the same target area ... its an automatic save"; the right half top/bottom is IN
    # POSITION, the wrong half OUT OF POSITION
    assert outcome("TR", "TR") == MATCH and outcome("TR", "TL") == IN_POSITION and outcome("TR", "B5") == OUT_OF_POSITION
    assert outcome("B5", "BL") == IN_POSITION and outcome("BL", "TL") == OUT_OF_POSITION
    assert outcome_matrix().tolist() == [[1, 0, 2, 2, 2],
                                         [0, 1, 2, 2, 2],
                                         [2, 2, 0, 1, 1],
                                         [2, 2, 1, 1, 0],
                                         [2, 2, 1, 0, 1]]


def test_matrix_of_a_context(chart):
    c = context_index(1, INSIDE, OPEN)
    m = eq.matrix_of(chart, c)
    a, b = chart.goal_p(INSIDE, OPEN, IN, 1), chart.goal_p(INSIDE, OPEN, OUT, 1)
    assert (a, b) == (6 / 36, 25 / 36)
    assert m[0].tolist() == [a, 0.0, b, b, b] and m[3].tolist() == [b, b, a, a, 0.0]
    assert eq.matrices(chart).shape == (78, 5, 5)


# ---------------------------------------------------------------- the LP on small games


def test_2x2_closed_form():
    rng = np.random.default_rng(7)
    checked = 0
    for _ in range(200):
        (p, q), (r, s) = rng.random((2, 2))
        if not (min(p, s) > max(q, r) or max(p, s) < min(q, r)):      # only games without a saddle point
            continue
        d = p - q - r + s
        x1, y1, value = (s - r) / d, (s - q) / d, (p * s - q * r) / d
        x, y, v = eq.solve([[p, q], [r, s]])
        assert x[0] == pytest.approx(x1, abs=1e-9) and y[0] == pytest.approx(y1, abs=1e-9)
        assert v == pytest.approx(value, abs=1e-12)
        checked += 1
    assert checked > 50


def test_3x3_known_answers():
    # rock-paper-scissors: uniform, value 0
    x, y, v = eq.solve([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert np.allclose(x, 1 / 3) and np.allclose(y, 1 / 3) and abs(v) < 1e-12
    # a diagonal game diag(d): both play proportional to 1/d, value 1 / sum(1/d)
    d = np.array([0.5, 0.25, 0.2])
    x, y, v = eq.solve(np.diag(d))
    assert np.allclose(x, (1 / d) / (1 / d).sum()) and np.allclose(y, x)
    assert v == pytest.approx(1 / 11)                               # 1 / (2 + 4 + 5)
    # matching pennies: 1/2 each, value 1/2
    x, y, v = eq.solve([[0, 1], [1, 0]])
    assert np.allclose(x, 0.5) and np.allclose(y, 0.5) and v == pytest.approx(0.5)


def test_dominated_strategy_gets_no_weight():
    a = np.array([[0.3, 0.6, 0.1],
                  [0.2, 0.5, 0.0],        # row 1 < row 0 everywhere: the shooter never plays it
                  [0.5, 0.1, 0.4]])
    x, y, v = eq.solve(a)
    assert x[1] == 0.0
    # removing the dominated row changes nothing
    sub = a[[0, 2]]
    x2, y2, v2 = eq.solve(sub)
    assert v == pytest.approx(v2, abs=1e-12) and x[[0, 2]] == pytest.approx(x2, abs=1e-9)
    check_equilibrium(a, x, y, v)
    # a strictly dominant row is a pure strategy
    x, y, v = eq.solve([[0.9, 0.8], [0.1, 0.2]])
    assert x.tolist() == [1.0, 0.0] and y.tolist() == [0.0, 1.0] and v == pytest.approx(0.8)


def test_random_matrices_minimax_and_grid_search():
    rng = np.random.default_rng(2026)
    grid = np.linspace(0, 1, 2001)
    for _ in range(20):
        a = rng.random((2, 3))
        x, y, v = eq.solve(a)
        check_equilibrium(a, x, y, v)
        # the shooter's maximin by a fine grid over his two-card mixes
        best = max(min(t * a[0] + (1 - t) * a[1]) for t in grid)
        assert best == pytest.approx(v, abs=2e-3) and best <= v + 1e-12
    for m, n in [(3, 3), (4, 5), (5, 5), (6, 4)]:
        for _ in range(10):
            a = rng.random((m, n))
            x, y, v = eq.solve(a)
            # the minimax theorem: the best pure reply to either mix gives the same value
            assert (a @ y).max() == pytest.approx(v, abs=TOL) and (x @ a).min() == pytest.approx(v, abs=TOL)
            check_equilibrium(a, x, y, v)


def test_4x4_brute_force_over_supports():
    """Against an independent solver: enumerate equal-size supports, solve the indifference equations, keep the
    equilibrium (the classic support-enumeration algorithm)."""
    rng = np.random.default_rng(5)
    for _ in range(5):
        a = rng.random((4, 4))
        found = None
        for k in range(1, 5):
            for rs in itertools.combinations(range(4), k):
                for cs in itertools.combinations(range(4), k):
                    sub = a[np.ix_(rs, cs)]
                    # goalie mix y on cs makes the shooter indifferent on rs; shooter mix x on rs likewise
                    mat = np.block([[sub, -np.ones((k, 1))], [np.ones((1, k)), np.zeros((1, 1))]])
                    try:
                        sy = np.linalg.solve(mat, np.r_[np.zeros(k), 1.0])
                        sx = np.linalg.solve(np.block([[sub.T, -np.ones((k, 1))], [np.ones((1, k)), np.zeros((1, 1))]]),
                                             np.r_[np.zeros(k), 1.0])
                    except np.linalg.LinAlgError:
                        continue
                    y, x = np.zeros(4), np.zeros(4)
                    y[list(cs)], x[list(rs)] = sy[:k], sx[:k]
                    v = sy[k]
                    if x.min() < -1e-12 or y.min() < -1e-12:
                        continue
                    if (a @ y).max() <= v + 1e-9 and (x @ a).min() >= v - 1e-9:
                        found = v
                        break
                if found is not None:
                    break
            if found is not None:
                break
        assert found is not None
        assert eq.solve(a)[2] == pytest.approx(found, abs=1e-9)


def test_symmetries():
    sym = eq.symmetries()
    assert len(sym) == 12
    om = outcome_matrix()
    assert all(np.array_equal(om[np.ix_(p, q)], om) for p, q in sym)
    x, y = eq.symmetric(np.array([0.5, 0, 0.5, 0, 0]), np.array([0, 1.0, 0, 0, 0]))
    assert np.allclose(x, [0.25, 0.25, 1 / 6, 1 / 6, 1 / 6]) and np.allclose(y, [0.5, 0.5, 0, 0, 0])


def test_card_game_closed_form():
    """The card game with in-position a and out-of-position b (b >= a >= 0) in closed form: the goalie guards
    the top with probability t (t/2 on each top card, (1 - t)/3 on each low one), so a top shot scores
    a t/2 + b (1 - t) and a low shot b t + 2a (1 - t)/3; the two are equal at t = (b - 2a/3) / (2b - 7a/6),
    and the value is that common goal probability."""
    for a, b in [(6 / 36, 25 / 36), (1 / 36, 5 / 36), (0.0, 0.1), (0.1, 0.1)]:
        m = np.array([0.0, a, b])[outcome_matrix()]
        x, y, v = eq.solve(m)
        t = (b - 2 * a / 3) / (2 * b - 7 * a / 6)
        value = a * t / 2 + b * (1 - t)
        assert v == pytest.approx(value, abs=1e-12)
        check_equilibrium(m, x, y, v)


# ---------------------------------------------------------------- every chart context


def test_defining_property_on_every_context(chart):
    sh, go, val = eq.solve_all(chart)
    assert sh.shape == go.shape == (N_CONTEXTS, 5) and val.shape == (N_CONTEXTS,)
    for c in range(N_CONTEXTS):
        a = eq.matrix_of(chart, c)
        check_equilibrium(a, sh[c], go[c], val[c])
        assert val[c] >= 0 and val[c] <= a.max()
    assert val.mean() == pytest.approx(0.1019, abs=5e-4)
    # the symmetric equilibrium: equal weight on the two top corners and on the three low targets
    assert np.allclose(sh[:, 0], sh[:, 1]) and np.allclose(sh[:, 2:], sh[:, 2:3])
    assert np.allclose(go[:, 0], go[:, 1]) and np.allclose(go[:, 2:], go[:, 2:3])
    # where the in-position chance is 0 (line 13 outside blocked: 0 in, 1/36 out) the LP's vertex is
    # lopsided; the symmetric mix is 1/4 on each top corner, 1/6 on each low target
    far = context_index(13, 1, 2)
    assert eq.matrix_of(chart, far).max() == 1 / 36
    assert np.allclose(sh[far], [0.25, 0.25, 1 / 6, 1 / 6, 1 / 6]) and np.allclose(go[far], sh[far])
    assert val[context_index(1, INSIDE, OPEN)] == pytest.approx(0.39599483, abs=1e-8)


def test_card_mixes(chart):
    assert set(CARD_POLICIES) == {"equilibrium", "random", *HABITS} and "glove-high" in HABITS
    for name in CARD_POLICIES:
        s, g = card_mixes(name, chart)
        assert s.shape == g.shape == (78, 5) and s.dtype == np.float64
        assert s.min() >= 0 and g.min() >= 0 and np.allclose(s.sum(1), 1) and np.allclose(g.sum(1), 1)
    s, g = card_mixes("random")
    assert (s == 0.2).all() and (g == 0.2).all()
    s, g = card_mixes("glove-high")
    assert (s[:, SHOT_CARDS.index("TR")] == 1).all() and (g[:, GOALIE_CARDS.index("TR")] == 1).all()
    s, g = card_mixes("low")
    assert np.allclose(s[0], [0, 0, 1 / 3, 1 / 3, 1 / 3]) and np.allclose(g[0], [0, 0, 1 / 3, 1 / 3, 1 / 3])
    with pytest.raises(ValueError, match="unknown card policy"):
        card_mixes("lucky", chart)
    with pytest.raises(ValueError, match="needs the chart"):
        card_mixes("equilibrium")


def test_goal_probability_per_context(chart):
    v = eq.context_goal_p(chart)
    assert np.allclose(v, eq.solve_all(chart)[2], atol=1e-12)
    r = eq.context_goal_p(chart, "random")
    assert np.allclose(r, eq.matrices(chart).mean(axis=(1, 2)))
    assert r.mean() == pytest.approx(0.0994, abs=5e-4)
    # the equilibrium guarantees: its shooter scores at least the value against any goalie habit, its goalie
    # concedes at most the value against any shooter habit
    s_eq, g_eq = card_mixes("equilibrium", chart)
    mats = eq.matrices(chart)
    for name in HABITS:
        s_h, g_h = card_mixes(name, chart)
        assert (np.einsum("ci,cij,cj->c", s_eq, mats, g_h) >= v - TOL).all()
        assert (np.einsum("ci,cij,cj->c", s_h, mats, g_eq) <= v + TOL).all()
    # a glove-high shooter against a glove-high goalie never scores (every shot a matching card)
    assert (eq.context_goal_p(chart, "glove-high") == 0).all()
    assert eq.context_goal_p(chart, "glove-high", "five-hole")[0] == chart.goal_p(INSIDE, OPEN, OUT, 1)


def test_equilibrium_document(chart):
    doc = eq.equilibrium_document(chart)
    text = json.dumps(doc, allow_nan=False)
    back = json.loads(text)
    assert list(back) == ["contexts"] and len(back["contexts"]) == 78
    first = back["contexts"][0]
    assert list(first) == ["context", "shooter_cards", "goalie_cards", "matrix", "shooter", "goalie", "value"]
    assert first["context"] == {"index": 0, "line": 1, "side": "inside", "lane": "open"}
    assert first["shooter_cards"] == list(SHOT_CARDS) and first["goalie_cards"] == list(GOALIE_CARDS)
    assert back["contexts"][77]["context"] == {"index": 77, "line": 13, "side": "outside", "lane": "blocked"}
    for c, item in enumerate(back["contexts"]):
        a = np.array(item["matrix"])
        assert a.shape == (5, 5) and np.allclose(a, eq.matrix_of(chart, c), atol=1e-12)
        x, y = np.array(item["shooter"]), np.array(item["goalie"])
        check_equilibrium(a, x, y, item["value"], tol=1e-9)
        assert abs(x.sum() - 1) < 1e-10
    assert first["value"] == pytest.approx(0.395994832041, abs=1e-12) and first["matrix"][0][2] == 25 / 36
