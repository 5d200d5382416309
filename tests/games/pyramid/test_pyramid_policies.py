"""Pyramid policies: each decision rule does what its name says, and no policy reads hidden cards.

A manager at the table sees the card he drew or flipped, his own lineup with his face-down goalie, the
opponent's face-up skaters, the cards played and the deck's composition.  He never sees the opponent's
goalie or the order of the deck.  The engine hands a decision the table as its side sees it: while a policy
decides, the opponent's goalie is out of the lineups (``kernel.hide``).  The tests build that observation on
random positions through the engine's own ``hide``, call the decision functions (``kernel.choose`` for
advancing and shooting, ``kernel.place`` for the draft and refills), permute the hidden cards, and check that
neither the observation nor the decision changes; handed the raw lineups, goalie in place, the decisions are the
same too.  Whole games from two decks that differ only in a goalie agree until the shot at him.
"""
import numpy as np
import pytest

from simcore.games import pyramid as P
from simcore.games.pyramid import kernel as K
from simcore.games.pyramid.deck import MAX_SLOTS
from simcore.games.pyramid.policies import PRESETS, Policy
from simcore.rng import STATE_SIZE, seed_stream

POLICIES = list(PRESETS) + ["draft=balance,route=cheapest,shoot=count-30",
                            "draft=forwards-high,route=shortest,shoot=random", "shoot=threshold-12"]


def _game(a, b, rules=None):
    return P.compile_game(rules, (a, b))


def _stream(k):
    st = np.zeros(STATE_SIZE, dtype=np.uint64)
    seed_stream(st, 123, k)
    return st


def _random_position(rng, game):
    """A mid-turn position: both lineups, the slots the attacker (side 0) passed, the public cards, the
    flipped card and the hidden pool (the opponent's goalie and the undrawn deck)."""
    S = game.shape.n
    cards = rng.permutation(game.vals)
    L = cards[:2 * S].reshape(2, S).copy()
    rest = list(cards[2 * S:])
    # the attacker has passed a few open slots this turn (their cards are discarded)
    passed = 0
    for _ in range(rng.integers(0, 4)):
        om = int(game.shape.opened[passed]) & ~(1 << (S - 1))
        choices = [s for s in range(S - 1) if om >> s & 1]
        if not choices:
            break
        s = int(rng.choice(choices))
        passed |= 1 << s
        L[1, s] = -1
    n_disc = int(rng.integers(0, len(rest) - 2))
    discards, rest = rest[:n_disc], rest[n_disc:]
    v, rest = rest[0], rest[1:]
    pub = np.zeros(64, dtype=np.int64)
    for w in list(L[0, :S - 1]) + [x for x in L[1, :S - 1] if x >= 0] + discards + [v]:
        pub[w] += 1
    # cards the opponent passed were discarded too: count them as public
    for s in range(S - 1):
        if L[1, s] < 0:
            pub[cards[S + s]] += 1
    last = len(rest) == 0
    return L, passed, pub, int(v), last, rest


def _empty(L):
    """The kernel's empty-slot masks of lineups ``L``."""
    return np.array([sum(1 << s for s in range(L.shape[1]) if L[side, s] < 0) for side in range(2)])


def _padded(L):
    """The lineups in the kernel's layout: MAX_SLOTS columns, -1 past the lineup."""
    Lk = np.full((2, MAX_SLOTS), -1, dtype=np.int64)
    Lk[:, :L.shape[1]] = L
    return Lk


def _observation(L, side=0):
    """The lineups as the engine hands them to ``side``'s policy: the opponent's goalie taken out by the engine's
    own ``hide``."""
    Lk = _padded(L)
    K.hide(Lk, side, L.shape[1] - 1)
    return Lk


def _choose(game, L, passed, pub, v, last, st, hidden=True):
    """``kernel.choose`` for side 0 on the observation (``hidden``) or on the raw lineups, the opponent's goalie
    in place."""
    # the kernel's count of cards not public yet: the whole deck less the public ones
    n_hidden = game.vals.size - int(pub.sum())
    Lk = _observation(L) if hidden else _padded(L)
    return K.choose(v, 0, Lk, _empty(L), passed, game.shape.opened, game.shape.kinds, game.shape.n,
                    last, pub, n_hidden, game.total, game.rule_vec, game.pol, st.copy())


def _place(game, L, v, st):
    table = K.placement_table(game.pol, game.shape.n, game.quant)
    return K.place(v, 0, L, _empty(L), table, game.shape.n, game.quant, game.meanv, game.routes, game.pol,
                   st.copy())


@pytest.mark.parametrize("pol", POLICIES)
def test_decisions_ignore_hidden_cards(pol):
    game = _game(pol, "default")
    rng = np.random.default_rng(7)
    goal = game.shape.goal
    changed = 0
    for k in range(300):
        L, passed, pub, v, last, rest = _random_position(rng, game)
        st = _stream(k)
        d = _choose(game, L, passed, pub, v, last, st)
        # the decision itself does not read the goalie's slot: handed the raw lineups it decides the same
        assert _choose(game, L, passed, pub, v, last, st, hidden=False) == d
        for _ in range(3):
            # the opponent's goalie trades places with a card still in the deck: nothing visible changes
            if not rest:
                break
            L2 = L.copy()
            j = int(rng.integers(len(rest)))
            L2[1, goal] = rest[j]
            assert np.array_equal(_observation(L2), _observation(L))
            assert _observation(L)[1, goal] == K.HIDDEN
            assert _choose(game, L2, passed, pub, v, last, st, hidden=False) == d
            changed += rest[j] != L[1, goal]
        # the draft and refills: place a card for side 0 into a lineup with empty slots
        Lp = L.copy()
        empty = rng.choice(game.shape.n, size=int(rng.integers(1, game.shape.n + 1)), replace=False)
        Lp[0, empty] = -1
        p = _place(game, Lp, v, st)
        assert Lp[0, p] < 0
        for w in rest[:3]:
            L3 = Lp.copy()
            L3[1, goal] = w
            assert _place(game, L3, v, st) == p
    assert changed > 100   # the permutations did change the hidden card


def test_deck_order_is_never_read():
    # two deck orders that agree on their first 30 cards give the same game up to the 30th card drawn
    rng = np.random.default_rng(3)
    vals = P.compile_game().vals
    for pol in ("default", "forwards", "balance", "rush"):
        for _ in range(5):
            a = rng.permutation(vals)
            b = np.concatenate([a[:30], rng.permutation(a[30:])])
            ea = P.play_scripted([a] * 3, policies=pol).events.tolist()
            eb = P.play_scripted([b] * 3, policies=pol).events.tolist()
            drawn = 0
            for x, y in zip(ea, eb):
                if drawn >= 30:
                    break
                assert x == y
                drawn += x[0] in (K.EV_PLACE, K.EV_ADVANCE, K.EV_SHOT, K.EV_FAIL)
            assert drawn == 30          # the games did draw 30 cards, all compared


@pytest.mark.parametrize("pol", POLICIES)
def test_engine_hides_the_goalie(pol):
    """Two decks that differ only in B's goalie give A the same game up to A's first shot at him: the engine
    hands A's policy the table without that card.  B drafts in order and shoots on a threshold, so B reads
    nothing of his own goalie either."""
    rng = np.random.default_rng(11)
    game = P.compile_game()
    vals, goal = game.vals, game.shape.goal
    N = vals.size
    pols = (pol, "draft=in-order,shoot=threshold-11")
    shots = 0
    for _ in range(40):
        a = rng.permutation(vals)
        later = [rng.permutation(vals) for _ in range(4)]
        ea = P.play_scripted([a] + later, policies=pols).events.tolist()
        places = [e for e in ea if e[0] == K.EV_PLACE and e[1] == 0]
        # B's goalie is his last card of the draft; the deck's last card takes his place
        k = next(i for i, e in enumerate(places) if e[2] == 1 and e[3] == goal and e[5] == 0)
        if a[k] == a[-1]:
            continue
        b = a.copy()
        b[k], b[-1] = a[-1], a[k]
        eb = P.play_scripted([b] + later, policies=pols).events.tolist()
        drawn = 0
        for x, y in zip(ea, eb):
            if x[1] > 0 or drawn == N - 1:
                break                            # period 1 is over or its last card is next
            if x[0] == K.EV_PLACE and drawn == k:
                assert x[:4] == y[:4] and (x[4], y[4]) == (a[k], b[k])
            elif x[0] == K.EV_SHOT and x[2] == 0:
                assert x[:4] == y[:4] and (x[4], y[4]) == (a[k], b[k])      # the same shot at a different goalie
                shots += 1
                break
            else:
                assert x == y
            drawn += x[0] in (K.EV_PLACE, K.EV_ADVANCE, K.EV_SHOT, K.EV_FAIL)
    assert shots >= 30


def _position(opp_lineup, own=(5, 5, 5, 5, 5, 9), passed=0):
    L = np.array([list(own), list(opp_lineup)], dtype=np.int64)
    for s in range(6):
        if passed >> s & 1:
            L[1, s] = -1
    return L


def test_route_rules():
    # B's forwards LF 3, CF 8, RF 5; a flipped 9 beats all three
    L = _position((3, 8, 5, 10, 10, 12))
    pub = np.zeros(64, dtype=np.int64)
    st = _stream(0)
    picks = {r: _choose(_game(f"route={r}", "default"), L, 0, pub, 9, False, st) for r in ("toughest", "cheapest")}
    assert picks == {"toughest": 1, "cheapest": 0}
    # after CF: LF 3, RF 5 and the defenders LD 4, RD 6 are open; shortest takes a defender
    L = _position((3, 8, 5, 4, 6, 12), passed=0b10)
    g = _game("route=shortest,shoot=always", "default")
    assert _choose(g, L, 0b10, pub, 9, False, st) == 4        # the higher defender, RD 6
    assert _choose(_game("route=cheapest", "default"), L, 0b10, pub, 9, False, st) == 0


def test_shoot_rules():
    # LD passed: the goal is open; the flipped card also beats the open RD 4
    L = _position((3, 8, 5, 2, 4, 12), passed=0b1000)
    pub = np.zeros(64, dtype=np.int64)
    st = _stream(0)
    assert _choose(_game("shoot=threshold-10", "default"), L, 0b1000, pub, 9, False, st) == 4
    assert _choose(_game("shoot=threshold-9", "default"), L, 0b1000, pub, 9, False, st) == K.MOVE_SHOOT
    assert _choose(_game("shoot=always", "default"), L, 0b1000, pub, 5, False, st) == K.MOVE_SHOOT
    # count-P: with nothing public, 8 of the 51 unseen cards (52 less his own goalie 9) are below a 4
    g = _game("shoot=count-14", "default")
    assert _choose(g, L, 0b1000, pub, 4, False, st) == K.MOVE_SHOOT          # 8/51 >= 14%
    g = _game("shoot=count-16", "default")
    assert _choose(g, L, 0b1000, pub, 4, False, st) != K.MOVE_SHOOT          # 8/51 < 16%
    # ... and every public low card makes the shot less likely
    pub2 = pub.copy()
    pub2[2] = 4
    pub2[3] = 4
    assert _choose(_game("shoot=count-1", "default"), L, 0b1000, pub2, 4, False, st) != K.MOVE_SHOOT
    # no beatable card and an open goal: every policy shoots; last card: every non-random policy shoots
    assert _choose(_game("shoot=threshold-14", "default"), L, 0b1000, pub, 1, False, st) == K.MOVE_SHOOT
    L0 = _position((13, 13, 13, 13, 13, 2))
    assert _choose(_game("default", "default"), L0, 0, pub, 3, True, st) == K.MOVE_SHOOT
    assert _choose(_game("default", "default"), L0, 0, pub, 3, False, st) == K.MOVE_FAIL
    g = _game("default", "default", "last_card=off")
    assert _choose(g, L0, 0, pub, 3, True, st) == K.MOVE_FAIL


def test_draft_rules():
    st = _stream(0)
    empty = np.full((2, 6), -1, dtype=np.int64)
    g = _game("draft=goalie-high", "default")
    assert _place(g, empty, 14, st) == 5                     # an ace goes in goal
    assert _place(g, empty, 2, st) in (0, 2)                 # a deuce on a wing
    g = _game("draft=forwards-high", "default")
    assert _place(g, empty, 14, st) == 1                     # an ace at centre
    assert _place(g, empty, 2, st) == 5
    g = _game("draft=in-order", "default")
    assert _place(g, empty, 14, st) == 0
    g = _game("draft=balance", "default")
    assert _place(g, empty, 14, st) == 5                     # on every route: raises the weakest most
    assert _place(g, empty, 2, st) in (0, 2)                 # on one route only
    # the last empty slot takes whatever comes
    full = np.array([[7, 7, 7, 7, 7, -1], [-1] * 6], dtype=np.int64)
    for d in ("goalie-high", "forwards-high", "balance", "in-order", "random"):
        assert _place(_game(f"draft={d}", "default"), full, 2, st) == 5


def test_policy_parsing():
    assert Policy.parse("default") == Policy()
    assert str(Policy.parse("draft=random,route=random,shoot=random")) == "random"
    assert Policy.parse("shoot=always").route == "toughest"
    assert not Policy.parse("random").deterministic and Policy.parse("rush").deterministic
    for bad, msg in (("greedy", "preset"), ("speed=3", "unknown pyramid policy field"),
                     ("route=longest", "route policies"), ("shoot=count-x", "shoot policies")):
        with pytest.raises(ValueError, match=msg):
            Policy.parse(bad)
