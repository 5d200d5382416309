"""The kernel's legal plays against the independent brute-force generator (bruteforce.py) on random positions, and
the random policy's sampler: every draw a legal play, all of them equally likely."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from simcore.games.passscore import Rules
from simcore.games.passscore.engine import Position

sys.path.insert(0, str(Path(__file__).parent))
import bruteforce  # noqa: E402
from positions import BOARD, random_position, zone_edge_position  # noqa: E402

#: one xdist worker runs the Pass & Score position tests (`make test` distributes with --dist loadgroup): they call
#: entry points `simcore compile` does not compile (the play generator, a scripted turn), once a worker otherwise
pytestmark = pytest.mark.xdist_group("passscore_positions")


def check(rng, position=random_position, seen=None):
    """The kernel's plays of both teams against the brute-force ones on a position drawn by ``position``; ``seen``, a
    list, gets (brute-force state, team, brute-force plays) of each team."""
    rules, pos, poss, carrier = position(rng)
    p = Position(rules, BOARD).set(pos[0], pos[1], poss, carrier)
    st = bruteforce.State(BOARD, rules, pos, poss, carrier)
    for team in (0, 1):
        kernel = [tuple(int(v) for v in r) for r in p.legal(team)]
        assert len(kernel) == len(set(kernel)), "a play listed twice"
        brute = bruteforce.legal_plays(st, team)
        assert set(kernel) == brute, (rules.id, pos, poss, carrier, team, sorted(set(kernel) ^ brute)[:5])
        if seen is not None:
            seen.append((st, team, brute))
    return len(kernel)


def test_the_generator_matches_the_brute_force_one_on_random_positions():
    rng = np.random.default_rng(2026)
    sizes = [check(rng, lambda r: random_position(r, max_players=4)) for _ in range(30)]
    assert max(sizes) > 100


def test_the_generator_matches_the_brute_force_one_at_the_blue_line():
    """Offside at the blue line, where it is decided: a team-mate goes into the zone before the carrier leaves it
    (onside) or after (offside, the play ends there).  A coach moves his pieces in whatever order he likes, so a play
    that the carrier-first, then-by-slot order cannot make is written in the first order that can; the brute-force
    lists hold many such plays, many of them a team-mate going in before the carrier leaves, so the check reaches
    them (12 positions: 1,408 and 641)."""
    rng = np.random.default_rng(12)
    seen = []
    for _ in range(12):
        check(rng, zone_edge_position, seen)
    moved = [(p, st, team) for st, team, brute in seen for p in bruteforce.reordered(brute, st, team)]
    assert len(moved) > 1000
    assert sum(bruteforce.in_first(p, st, team) for p, st, team in moved) > 400


@pytest.mark.slow
def test_the_generator_matches_the_brute_force_one_on_many_full_positions():
    rng = np.random.default_rng(7)
    for _ in range(150):
        check(rng)


def test_the_opening_position_matches():
    p = Position()
    pos = [[tuple(int(v) for v in BOARD.rc[c]) for c in BOARD.start[t]] for t in range(2)]
    st = bruteforce.State(BOARD, Rules(), pos, 0, 1)
    assert {tuple(int(v) for v in r) for r in p.legal(0)} == bruteforce.legal_plays(st, 0)
    assert {tuple(int(v) for v in r) for r in p.legal(1)} == bruteforce.legal_plays(st, 1)


def test_the_random_policy_draws_legal_plays_uniformly():
    # the home carrier and one team-mate, three away skaters: a few hundred plays of every type
    home = [None, (13, 2), (13, 4), None, None, None]
    away = [(17, 3), (11, 3), (15, 5), None, (9, 0), None]
    p = Position().set(home, away, 0, 1)
    plays = sorted({tuple(int(v) for v in r) for r in p.legal(0)})
    assert 50 < len(plays) < 2000 and len({r[0] for r in plays}) >= 5
    uniform_draws(p, 0, plays, seed=11)


def uniform_draws(p, team, plays, seed):
    """Team's random plays on position p, 30 draws a play of ``plays`` (the sorted legal ones; one not among them
    is a KeyError), games 0.. of ``seed``, checked uniform by a chi-square test; returns the counts, by play."""
    index = {r: i for i, r in enumerate(plays)}
    counts = np.zeros(len(plays))
    for g in range(30 * len(plays)):
        counts[index[tuple(int(v) for v in p.random_play(team, seed=seed, game=g))]] += 1
    chi2 = stats.chisquare(counts)
    assert chi2.pvalue > 1e-3, chi2
    return counts


def test_the_random_policy_draws_plays_cut_short_by_a_called_pass_uniformly():
    """offside_pass=called: a pass over two lines ends the play, so types 3 and 4 have plays cut short at a pass
    (the sampler's classes 13-15), and types 2 and 5 end with such a pass; every play drawn as often as any other."""
    home = [None, (5, 3), (9, 3), (13, 3), None, None]
    away = [(17, 3), (11, 1), (15, 5), None, (7, 0), None]
    p = Position("offside_pass=called").set(home, away, 0, 1)
    plays = sorted({tuple(int(v) for v in r) for r in p.legal(0)})
    index = {r: i for i, r in enumerate(plays)}
    cut = [index[r] for r in plays if r[0] in (3, 4) and r[3] == -1]
    assert len(plays) == 867 and len(cut) == 24
    counts = uniform_draws(p, 0, plays, seed=3)
    assert counts[cut].sum() > 0.02 * counts.sum()


def test_the_random_policy_draws_the_defences_plays_uniformly_late_captures_included():
    """The team without the puck: its captures made after other players' moves come from their own proposal classes
    (11, 12), so every play, one of those or not, is drawn as often as any other."""
    home = [None, (9, 3), (9, 1), None, None, None]
    away = [None, (10, 3), (11, 1), None, (12, 4), None]     # C next to the carrier, L and D behind him
    p = Position().set(home, away, 0, 1)
    plays = sorted({tuple(int(v) for v in r) for r in p.legal(1)})
    index = {r: i for i, r in enumerate(plays)}
    late = [r for r in plays if (r[2] >= 0 and r[2] // 16 < r[1] // 16) or (r[3] >= 0 and r[3] // 16 < r[2] // 16)]
    assert len(plays) == 497 and len(late) == 80
    counts = uniform_draws(p, 1, plays, seed=5)
    assert counts[[index[r] for r in late]].sum() > 0.1 * counts.sum()


def test_the_move_lists_are_filled_once_a_run_and_shared_read_only():
    """engine.compile_ctx fills the sampler's move lists into Ctx; every game's Work holds those arrays, read only
    (kernel/context.py).  With slides off no move is a slide (an odd code) and the lists are shorter."""
    from simcore.games.passscore.engine import compile_ctx
    from simcore.games.passscore.kernel.drivers import new_work

    c = compile_ctx(Rules())
    w = new_work(c, 0)
    for name in ("mv", "mvd", "nmv", "kmv", "reach"):
        a = getattr(c, name)
        assert not a.flags.writeable, name
        assert np.shares_memory(getattr(w, name), a), name
    assert c.nmv.max() == c.kmv[0] > 0
    c_off = compile_ctx("slides=off")
    for t in range(2):
        for g in range(2):
            for p in range(c_off.nmv.shape[2]):
                assert not np.any(c_off.mv[t, g, p, :c_off.nmv[t, g, p]] % 2 == 1)
    assert c_off.nmv.sum() < c.nmv.sum()


def test_the_samplers_capture_shortcut_changes_no_game():
    """plays.random_play looks for a capture among a player's whole list of moves only when the carrier stands on a
    circle one of them ends on (fill_moves: ``reach`` columns 5-6 as bits).  With that shortcut off for every player
    (column 7, as on a board of more than 128 circles) the random policy plays the same games, draw for draw, and
    the games have captures, so the comparison is not an empty one."""
    from simcore.games.passscore.engine import compile_ctx
    from simcore.games.passscore.kernel.drivers import simulate_games
    from simcore.games.passscore.kernel.layout import GAME_OUTPUTS, C

    c = compile_ctx(Rules())
    reach = c.reach.copy()
    reach[..., 7] = 1
    reach.setflags(write=False)                      # as compile_ctx leaves it: the compiled kernel's types
    off = c._replace(reach=reach)
    outs = []
    for ctx in (c, off):
        out = GAME_OUTPUTS.allocate(300)
        simulate_games(ctx, np.uint64(4), np.int64(0), np.int64(300), out)
        outs.append(out)
    for a, b in zip(*outs):
        assert np.array_equal(a, b)
    assert outs[0][2][:, :, C.captures].sum() > 100  # the captures the shortcut is about were made


def test_a_board_of_more_than_128_circles_lists_its_plays(tmp_path):
    """The circles a player's moves end on are kept as two 64-bit words; a larger board (the shipped one two columns
    wider, 162 circles) has no bits, and the sampler looks for a capture in every list: its plays still match the
    brute-force ones, and the random policy draws only legal plays."""
    from simcore.games.passscore import load_board
    from simcore.games.passscore.board import DEFAULT_BOARD

    text = DEFAULT_BOARD.read_text().replace("columns = 7", "columns = 9", 1)
    f = tmp_path / "wide.toml"
    f.write_text(text)
    wide = load_board(f)
    assert wide.n == 162
    p = Position(None, wide)
    assert np.all(p.c.reach[..., 7] == 1)
    pos = [[tuple(int(v) for v in wide.rc[c]) for c in wide.start[t]] for t in range(2)]
    pos[1][1] = (9, 4)                               # the away centre beside the home centre: a capture to make
    p.set(pos[0], pos[1], 0, 1)
    st = bruteforce.State(wide, Rules(), pos, 0, 1)
    for team in (0, 1):
        legal = {tuple(int(v) for v in r) for r in p.legal(team)}
        assert legal == bruteforce.legal_plays(st, team)
        for g in range(50):
            assert tuple(int(v) for v in p.random_play(team, seed=3, game=g)) in legal
