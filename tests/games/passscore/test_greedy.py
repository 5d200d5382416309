"""The greedy policy (kernel/greedy.py) finds its play without listing them all: the play it makes must be legal and
have the largest key of all the legal plays (generate's list valued by values.leaf_value, mode 1), on random
positions and on the positions of greedy games, and its ties must fall at random.  Without the puck greedy first
tries the uniform sampler's plays (kernel/policies.choose_play); the tests parametrized by ``tries`` run with those
and with the walk alone (0 proposals)."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from simcore.games.passscore import Rules
from simcore.games.passscore.engine import Position, compile_ctx
from simcore.games.passscore.kernel.layout import P, Z
from simcore.games.passscore.policies import GREEDY_PROPOSALS
from simcore.games.passscore.kernel.values import G_GOAL

sys.path.insert(0, str(Path(__file__).parent))
from positions import BOARD, random_position  # noqa: E402

#: one xdist worker runs the Pass & Score position tests (`make test` distributes with --dist loadgroup): they call
#: entry points `simcore compile` does not compile (the play generator, a scripted turn), once a worker otherwise
pytestmark = pytest.mark.xdist_group("passscore_positions")


def keys(p, team):
    """Every legal play of team with greedy's key."""
    from simcore.games.passscore.kernel.plays import generate

    n = generate(p.c, p.w, team, p.w.buf, 1, team, p.w.val)
    return {tuple(int(v) for v in p.w.buf[i]): float(p.w.val[i]) for i in range(n)}


def proposals(p, tries):
    """Position p with greedy trying ``tries`` of the sampler's plays without the puck before its walk."""
    pol = p.c.pol.copy()
    pol[:, P.proposals] = tries
    p.c = p.c._replace(pol=pol)
    return p


def check(p, team, seeds):
    """Greedy's play for each seed is legal and of the best key; returns (the keys, the plays made)."""
    k = keys(p, team)
    made = set()
    for seed in seeds:
        play = p.choose(team, seed=seed)
        if not k:
            assert play is None
            continue
        play = tuple(int(v) for v in play)
        assert play in k, play
        assert k[play] == max(k.values()), (play, k[play], max(k.values()))
        made.add(play)
    return k, made


def test_greedys_keys_are_whole_numbers():
    """The walk for the best key leaves out a branch whose bound is below best + 1/2 (greedy.HALF): right only while
    every key is a whole number, as the weights are."""
    from simcore.games.passscore.kernel import greedy, values

    assert greedy.HALF == 0.5
    assert all(float(x).is_integer() for x in (values.G_GOAL, values.G_ROW, values.G_SAFE, values.G_SHADED))
    rng = np.random.default_rng(5)
    for _ in range(20):
        rules, pos, poss, carrier = random_position(rng)
        p = Position(rules, BOARD, policies=("greedy", "greedy")).set(pos[0], pos[1], poss, carrier)
        for team in (0, 1):
            assert all(float(v).is_integer() for v in keys(p, team).values())


def test_greedy_tries_the_samplers_plays_without_the_puck():
    assert GREEDY_PROPOSALS > 0
    assert list(compile_ctx(None, ("greedy", "random")).pol[:, P.proposals]) == [GREEDY_PROPOSALS, 0]


@pytest.mark.parametrize("tries", [GREEDY_PROPOSALS, 0])
def test_greedy_makes_a_best_play_on_random_positions(tries):
    rng = np.random.default_rng(31)
    goals = captures = 0
    for i in range(60):
        rules, pos, poss, carrier = random_position(rng)
        p = proposals(Position(rules, BOARD, policies=("greedy", "greedy")).set(pos[0], pos[1], poss, carrier), tries)
        for team in (0, 1):
            k, _ = check(p, team, seeds=(i, 1000 + i))
            if k and max(k.values()) >= G_GOAL:
                if team == poss:
                    goals += 1
                else:
                    captures += 1
    assert goals > 3 and captures > 3      # the positions include open goals and captures (the walk finds them)


def test_greedy_makes_a_best_play_where_a_pass_over_two_lines_is_called():
    """offside_pass=called: every pass left may still end the play in an offside (the lowest key), so the walk's
    bounds keep that key for a branch with a pass to come."""
    rng = np.random.default_rng(8)
    called = 0
    for i in range(30):
        rules, pos, poss, carrier = random_position(rng, variants=("offside_pass=called",))
        p = Position(rules, BOARD, policies=("greedy", "greedy")).set(pos[0], pos[1], poss, carrier)
        k, _ = check(p, poss, seeds=(i,))
        called += sum(1 for r in k if r[0] in (3, 4) and r[3] == -1)
    assert called > 20


def test_greedy_plays_an_offside_when_it_is_the_only_play():
    """Away's only legal plays are type-5 offsides (L two circles up and over the blue line, the carrier -- the
    goalkeeper, in his crease -- left outside the zone): greedy makes one of them (the lowest key), not no play."""
    p = Position(None, BOARD, policies=("greedy", "greedy")).set(
        [(1, 2), None, (6, 0), None, None, (11, 3)], [(16, 3), None, (5, 0), None, None, None], 1, 0)
    k, made = check(p, 1, seeds=range(6))
    assert set(k) == {(5, 34, 38, -1), (5, 34, 40, -1), (5, 34, 42, -1)} and set(k.values()) == {-G_GOAL}
    assert len(made) == 3


def test_greedy_draws_among_plays_ended_by_a_called_pass_when_they_are_the_only_plays():
    """offside_pass=called, home's goalkeeper with the puck in his crease and L at [11,3]: every pass to L crosses
    the blue and centre lines and L cannot step into the zone ahead of the carrier, so each of the 57 legal plays
    ends in an offside (the lowest key).  Greedy draws all of them alike, those whose pass to come is the offside
    included (the walk's bound keeps the offside's key for a branch with a pass left)."""
    from collections import Counter

    p = Position("offside_pass=called", BOARD, policies=("greedy", "greedy")).set(
        [(1, 3), None, (11, 3), None, None, None], [(17, 3), None, None, None, None, None], 0, 0)
    k = keys(p, 0)
    assert len(k) == 57 and set(k.values()) == {-G_GOAL}
    assert {r[0] for r in k} == {1, 2, 3, 4, 5}
    made = Counter(tuple(int(v) for v in p.choose(0, seed=2, game=g)) for g in range(40 * len(k)))
    assert set(made) == set(k)
    assert stats.chisquare([made[r] for r in sorted(k)]).pvalue > 1e-3


def test_greedy_makes_a_best_play_in_the_positions_of_greedy_games():
    from simcore.games.passscore.kernel.drivers import play_recorded

    c = compile_ctx(Rules(), ("greedy", "greedy"))
    goals = 0
    for game in range(2):
        _, w = play_recorded(c, np.uint64(4), game, 4000)
        snaps = w.snap[:w.S[Z.nsnap]]
        for row in snaps[::2]:
            side = [[None if row[t * 6 + s] < 0 else tuple(int(v) for v in BOARD.rc[row[t * 6 + s]])
                     for s in range(6)] for t in range(2)]
            p = Position(None, BOARD, policies=("greedy", "greedy")).set(side[0], side[1], int(row[12]),
                                                                         int(row[13]))
            for team in (0, 1):
                k, _ = check(p, team, seeds=(game,))
                goals += team == row[12] and bool(k) and max(k.values()) >= G_GOAL
    assert goals >= 2              # open goals come up in a greedy game, and greedy takes them


@pytest.mark.parametrize("tries", [GREEDY_PROPOSALS, 0])
def test_greedy_draws_uniformly_among_the_plays_of_the_best_key(tries):
    """Every play of the best key equally likely (chi-square), at the opening (4 best plays for the side with the
    puck, 6 captures for the other) and in a position of a greedy game: the reservoir sampling over the walk, and
    without the puck the first of the sampler's plays of that key."""
    from collections import Counter

    p = proposals(Position(None, BOARD, policies=("greedy", "greedy")), tries)
    home = [(0, 3), (13, 3), (12, 1), (11, 5), (7, 2), (8, 4)]
    away = [(17, 3), (15, 3), (14, 1), (14, 5), (10, 2), (10, 4)]
    q = proposals(Position(None, BOARD, policies=("greedy", "greedy")).set(home, away, 0, 1), tries)
    sizes = []
    for pos, team in ((p, 0), (p, 1), (q, 0), (q, 1)):
        k = keys(pos, team)
        best = max(k.values())
        tied = sorted(r for r, v in k.items() if v == best)
        sizes.append(len(tied))
        draws = min(40 * len(tied), 4000)
        made = Counter(tuple(int(v) for v in pos.choose(team, seed=9, game=g)) for g in range(draws))
        assert set(made) <= set(tied)
        counts = np.array([made[r] for r in tied])
        if len(tied) > 1:
            assert stats.chisquare(counts).pvalue > 1e-3, (team, counts)
    assert max(sizes) >= 20, sizes
