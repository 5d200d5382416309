"""Blue Line Hockey rules on scripted dice and cards: each test sets a position on the board, runs one rule of the
kernel on a scripted stream (entries: a 1d6 or a 2d6 total, a card's number 1..5, a penalty card's number 1..15)
and checks what happened.  Each docstring cites the rulebook heading it plays.
"""
from __future__ import annotations

import numpy as np
import pytest

from simcore.errors import InputError
from simcore.games.blueline import engine
from simcore.games.blueline.kernel import geometry as G
from simcore.games.blueline.kernel import turns as T
from simcore.games.blueline.kernel.layout import C, ST_HOLD, ST_INCIDENTAL, ST_NONE, ST_OFFSIDE, ST_PENALTY, Z
from simcore.games.blueline.kernel.policies import GROUP_W

#: one xdist worker runs this module (`make test` distributes with --dist loadgroup): its tests call the turns
#: (T.offense_turn, ...) directly, entry points `simcore compile` does not compile, and two workers meeting one at
#: once each compiled it (27 s each for offense_turn on a cold cache)
pytestmark = pytest.mark.xdist_group("blueline_turns")

HOME, AWAY = 0, 1
MINOR_CARD, MAJOR_CARD = 1, 13          # data/penalty_cards.csv: cards 1-12 minors, 13-15 majors


@pytest.fixture(scope="module")
def base():
    return engine.compile_ctx()


def fresh(c, period=1, dial=10):
    w = engine.new_work(c, 2000)
    T.reset(c, w)
    w.S[Z.period] = period
    w.S[Z.dial] = dial
    return w


def put(c, w, t, s, y, x):
    from simcore.games.blueline.kernel.state import place
    place(c, w, t, s, y, x)
    assert tuple(w.pos[t, s]) == (y, x), "the square was taken"


def possess(c, w, t, s):
    w.S[Z.poss] = t
    w.S[Z.carrier] = s
    w.S[Z.last_poss] = t
    w.S[Z.puck_y], w.S[Z.puck_x] = w.pos[t, s]


def bench(w, t, s):
    """Take player (t, s) off the ice (not placed)."""
    w.S[Z.on_ice + t * 6 + s] = 0


def stream(*entries):
    return engine.scripted(entries)


def row(c, t, line):
    """The row of ``line`` in the half team t attacks."""
    return int(np.nonzero(c.aline[t] == line)[0][0])


# ---------------------------------------------------------------- face-offs

def test_faceoff_high_roll_wins_and_home_wins_ties(base):
    """Face-Offs: "High roller wins ... In the case of a tie, the HOME team wins the draw"; the winner's center
    takes the puck; the opening face-off uses the suggested setup."""
    c = base
    w = fresh(c)
    st, sc = stream(2, 5)
    T.faceoff(c, w, st, sc, 0, True)
    assert w.S[Z.poss] == AWAY and w.S[Z.carrier] == 0
    assert tuple(w.pos[AWAY, 0]) == tuple(c.opening[AWAY, 0])
    assert (w.S[Z.puck_y], w.S[Z.puck_x]) == tuple(c.opening[AWAY, 0])
    w = fresh(c)
    st, sc = stream(4, 4)
    T.faceoff(c, w, st, sc, 0, True)
    assert w.S[Z.poss] == HOME and w.cnt[HOME, C.faceoffs_won] == 1 and w.cnt[AWAY, C.faceoffs_won] == 0
    assert st[4] == 2


def test_faceoff_power_play_plus_one_and_ties(base):
    """Power Plays & Penalty Killing: "Face off dice rolls get a +1 added (Ties go to the power play team)"."""
    c = base
    w = fresh(c)
    bench(w, HOME, 1)                 # home short-handed: away has the power play
    w.S[Z.box_slot + HOME * 2] = 1
    w.S[Z.box_left + HOME * 2] = 2
    st, sc = stream(5, 4)             # away 4 + 1 ties home's 5: the power play wins
    T.faceoff(c, w, st, sc, 0, False)
    assert w.S[Z.poss] == AWAY
    w = fresh(c)
    bench(w, AWAY, 1)
    w.S[Z.box_slot + AWAY * 2] = 1
    w.S[Z.box_left + AWAY * 2] = 2
    st, sc = stream(3, 4)             # home 3 + 1 ties away's 4: home, the power play, wins
    T.faceoff(c, w, st, sc, 0, False)
    assert w.S[Z.poss] == HOME


def test_faceoff_new_series_only_on_a_change_of_possession(base):
    """Series: "if the last team in possession of puck wins the draw, there is no change of series"."""
    c = base
    w = fresh(c, dial=7)
    w.S[Z.last_poss] = HOME
    st, sc = stream(6, 1)
    T.faceoff(c, w, st, sc, 1, False)
    assert w.S[Z.dial] == 7
    st, sc = stream(1, 6)
    T.faceoff(c, w, st, sc, 1, False)
    assert w.S[Z.dial] == 6 and w.S[Z.poss] == AWAY


@pytest.mark.parametrize("reset", ["faceoff", "turns"])
def test_a_faceoff_stands_the_players_on_their_side_up_or_not(reset):
    """Body Checking: "that player may not move for the next 2 turns"; at a face-off every player lines up
    (Face-Offs): rules frozen_reset=faceoff ends the wait there, =turns lets it run on."""
    c = engine.compile_ctx(f"frozen_reset={reset}")
    w = fresh(c)
    w.S[Z.frozen + HOME * 6 + 0] = 2
    w.S[Z.frozen + AWAY * 6 + 3] = 1
    st, sc = stream(5, 2)
    T.faceoff(c, w, st, sc, 0, True)
    assert w.S[Z.poss] == HOME and tuple(w.pos[HOME, 0]) == tuple(c.opening[HOME, 0])
    left = (0, 0) if reset == "faceoff" else (2, 1)
    assert (w.S[Z.frozen + HOME * 6 + 0], w.S[Z.frozen + AWAY * 6 + 3]) == left


# ---------------------------------------------------------------- skating and the contact zone

def reach(c, w, t, s, n, slowed=True):
    out = np.zeros(c.cell.shape, np.int8)
    y, x = w.pos[t, s]
    G.reachable(c.cell, w.occ, w.pos, w.S[Z.on_ice:Z.on_ice + 12], t, y, x, n, slowed, True, out)
    return out


def test_skating_allowance_is_king_moves(base):
    """Skating: "each winger can be moved a maximum of 9 spaces each in any direction" (diagonals count one)."""
    c = base
    w = fresh(c)
    put(c, w, HOME, 1, 20, 9)
    out = reach(c, w, HOME, 1, 4)
    assert out[24, 13] == 1 and out[25, 9] == 0 and out[16, 5] == 1 and out[20, 14] == 0


def test_contact_zone_costs_two_not_doubled(base):
    """Contact Zone: "movement is reduced by 2 spaces if you are starting in or skating through an opponent's
    Contact Zone ... in the contact zone of two opposing players ... NOT doubled"."""
    c = base
    w = fresh(c)
    put(c, w, HOME, 1, 20, 9)
    put(c, w, AWAY, 0, 21, 9)          # home LW starts in the away center's zone
    out = reach(c, w, HOME, 1, 6)
    assert out[16, 9] == 1 and out[15, 9] == 0       # 4 spaces, not 6
    put(c, w, AWAY, 1, 19, 10)         # a second zone: still -2
    out = reach(c, w, HOME, 1, 6)
    assert out[16, 9] == 1 and out[15, 9] == 0
    # the puck carrier is not slowed
    out = reach(c, w, HOME, 1, 6, slowed=False)
    assert out[14, 9] == 1


def test_no_skating_through_players(base):
    """Exchanging the Puck: "Players may not skate through the same square as any other player"."""
    c = base
    w = fresh(c)
    put(c, w, HOME, 0, 20, 9)
    for s, x in zip(range(5), range(7, 12)):
        put(c, w, AWAY, s, 22, x)
    for s, x in ((1, 6), (2, 12)):
        put(c, w, HOME, s, 21, x)
    out = reach(c, w, HOME, 0, 2, slowed=False)
    assert out[22, 9] == 0 and out[21, 9] == 1
    assert out[23, 9] == 0                    # behind the wall: no way round in 2 spaces


def test_walk_stays_within_the_reachable_squares(base):
    """Skating: the policy's route (a greedy king walk) ends on a square the rule allows (BFS referee), every
    step taking the skater nearer the target; walled in, with no free square nearer, he stays."""
    from simcore.games.blueline.kernel.state import place

    c = base
    rng = np.random.default_rng(5)
    moved = 0
    for _ in range(25):
        w = fresh(c)
        for t in range(2):
            for s in range(5):
                place(c, w, t, s, int(rng.integers(8, 36)), int(rng.integers(3, 16)))
        n = int(rng.integers(2, 13))
        ref = reach(c, w, HOME, 1, n)
        ty, tx = int(rng.integers(3, 41)), int(rng.integers(2, 17))
        y0, x0 = w.pos[HOME, 1]
        steps = G.walk(c.cell, w.occ, w.pos, w.S[Z.on_ice:Z.on_ice + 12], HOME, 1, ty, tx, n, True, True, 0,
                       HOME, c.aline, w.rq)
        y, x = w.pos[HOME, 1]
        assert ref[y, x] == 1
        assert max(abs(y - y0), abs(x - x0)) <= steps <= n
        if steps:
            moved += 1
            assert G.remoteness(y, x, ty, tx) < G.remoteness(y0, x0, ty, tx)
    assert moved >= 20
    # walled in: the three squares toward the target are taken, the ones beside him are no nearer
    w = fresh(c)
    put(c, w, HOME, 1, 20, 9)
    for s, x in zip(range(3), (8, 9, 10)):
        put(c, w, AWAY, s, 21, x)
    steps = G.walk(c.cell, w.occ, w.pos, w.S[Z.on_ice:Z.on_ice + 12], HOME, 1, 30, 9, 8, False, True, 0, HOME,
                   c.aline, w.rq)
    assert steps == 0 and tuple(w.pos[HOME, 1]) == (20, 9) and w.occ[20, 9] != 0
    # an open path: he arrives in the fewest king steps (3 across, 5 up: 5 steps of 6)
    w = fresh(c)
    put(c, w, HOME, 1, 20, 6)
    steps = G.walk(c.cell, w.occ, w.pos, w.S[Z.on_ice:Z.on_ice + 12], HOME, 1, 25, 9, 6, False, True, 0, HOME,
                   c.aline, w.rq)
    assert steps == 5 and tuple(w.pos[HOME, 1]) == (25, 9)
    assert [(int(w.rq[0, i]), int(w.rq[1, i])) for i in range(steps)] == [(21, 7), (22, 8), (23, 9), (24, 9), (25, 9)]


def wing_skates_by(c, start, roll):
    """The home left defenseman carries the puck on (20, 5); the left wing, alone in the wings' group, starts
    on ``start`` and the wings skate ``roll`` (2d6).  Returns the position and the scripted stream."""
    w = fresh(c)
    put(c, w, HOME, 3, 20, 5)
    put(c, w, HOME, 1, *start)
    bench(w, HOME, 2)
    possess(c, w, HOME, 3)
    st, sc = stream(roll)
    T.move_offense(c, w, st, sc, HOME, GROUP_W, -1)
    return w, st


def test_drop_pass_to_a_teammate_skating_by(base):
    """Exchanging the Puck (Drop Passes): a teammate passing the carrier in an adjacent space takes the puck,
    a free action (the wings' move: 2d6 = 3)."""
    w, st = wing_skates_by(base, (18, 4), 3)
    assert tuple(w.pos[HOME, 1]) == (21, 5)
    assert w.S[Z.carrier] == 1 and w.cnt[HOME, C.drop_passes] == 1 and st[4] == 1


@pytest.mark.parametrize("rule", ["end", "path"])
def test_drop_pass_while_passing_by(rule):
    """Exchanging the Puck: "when a teammate is passing by the puck carrier in an adjacent space ... The player
    receiving the drop pass simply takes the puck and carries on with it".  The left wing skates 5 (2d6 = 5) from
    behind the carrier past him to line 19: rules drop_pass=end counts only where his move ends (not beside the
    carrier: no drop); path takes the puck on the way, and he carries it on to where he stops."""
    c = engine.compile_ctx(f"drop_pass={rule}")
    w, _ = wing_skates_by(c, (18, 4), 5)
    assert tuple(w.pos[HOME, 1]) == (23, 5) and tuple(w.pos[HOME, 3]) == (20, 5)
    if rule == "path":
        assert w.S[Z.carrier] == 1 and (w.S[Z.puck_y], w.S[Z.puck_x]) == (23, 5)
        assert w.cnt[HOME, C.drop_passes] == 1
    else:
        assert w.S[Z.carrier] == 3 and w.cnt[HOME, C.drop_passes] == 0
    w, _ = wing_skates_by(c, (17, 5), 3)         # beside him at the end, but not farther up the ice: no drop
    assert tuple(w.pos[HOME, 1]) == (20, 4) and w.S[Z.carrier] == 3


def test_a_goalie_back_in_his_crease_takes_no_drop_pass(base):
    """Pulling the Goalie / Exchanging the Puck: a pulled goalie called back ("returned directly to the crease
    but only after skating to the starting position at line 18") who skated past the carrier on his way does not
    take the puck with him into the crease (rules drop_pass=path)."""
    c = engine.compile_ctx("drop_pass=path")
    w = fresh(c, period=3, dial=2)               # level: his coach (pull=trailing) calls him back
    put(c, w, HOME, 0, 20, 17)
    put(c, w, HOME, 5, 23, 16)
    w.S[Z.pulled + HOME] = 1
    possess(c, w, HOME, 0)
    st, sc = stream(4)
    T.move_offense(c, w, st, sc, HOME, GROUP_W, 5)
    assert w.cnt[HOME, C.goalie_returns] == 1 and tuple(w.pos[HOME, 5]) == tuple(c.crease[HOME, 1])
    assert w.S[Z.carrier] == 0 and (w.S[Z.puck_y], w.S[Z.puck_x]) == (20, 17)
    assert w.cnt[HOME, C.drop_passes] == 0


def test_the_coaches_count_a_player_down_as_the_engine_does(base):
    """Body Checking: the policies' nearest player (``nearest_of``: the sweep, the boards, the bank pass) passes
    over a player who may not move, unless the puck is on his square."""
    from simcore.games.blueline.kernel.policies import nearest_of
    c = base
    w = fresh(c)
    put(c, w, HOME, 1, 24, 9)
    put(c, w, HOME, 2, 21, 9)
    assert nearest_of(w, HOME, 25, 9, False, -1, False) == (1, 1)
    w.S[Z.frozen + HOME * 6 + 1] = 1
    assert nearest_of(w, HOME, 25, 9, False, -1, False) == (4, 2)
    assert nearest_of(w, HOME, 24, 9, False, -1, False) == (0, 1)


# ---------------------------------------------------------------- passing

def test_pass_lines_open_and_blocked(base):
    """Passing: "Puck may not be passed through any occupied square, or passed horizontally or vertically if a
    player occupies a square adjacent to its path"; a diagonal line between the closest corners."""
    c = base
    w = fresh(c)
    put(c, w, HOME, 0, 20, 5)
    put(c, w, HOME, 1, 20, 12)
    blocked, n = engine_pass(c, w, (20, 5), (20, 12))
    assert not blocked and n == 6
    put(c, w, AWAY, 0, 19, 8)             # beside the horizontal path
    assert engine_pass(c, w, (20, 5), (20, 12))[0]
    put(c, w, HOME, 2, 24, 9)             # diagonal from (20, 5): corners (21, 6) -> (24, 9)
    blocked, n = engine_pass(c, w, (20, 5), (24, 9))
    assert not blocked and [(int(w.py[i]), int(w.px[i])) for i in range(n)] == [(21, 6), (22, 7), (23, 8)]
    put(c, w, AWAY, 1, 22, 7)
    assert engine_pass(c, w, (20, 5), (24, 9))[0]


def engine_pass(c, w, a, b):
    from simcore.games.blueline.kernel.lanes import pass_lane
    return pass_lane(c, w, HOME, a[0], a[1], b[0], b[1])


@pytest.mark.parametrize("roll, caught", [(7, False), (8, True)])
def test_interception_at_8(base, roll, caught):
    """Passing Through an Opponent's Contact Zone: "If the result is (8) or higher the pass is intercepted
    causing a turnover and a new series begins"."""
    c = base
    w = fresh(c, dial=9)
    put(c, w, HOME, 0, 20, 4)
    put(c, w, HOME, 1, 26, 10)            # the path: (21, 5) (22, 6) (23, 7) (24, 8) (25, 9)
    put(c, w, AWAY, 3, 23, 9)             # off the path; its contact zone holds (24, 8)
    possess(c, w, HOME, 0)
    st, sc = stream(roll)
    assert T.do_pass(c, w, st, sc, HOME, 1)
    if caught:
        assert w.S[Z.poss] == AWAY and w.S[Z.carrier] == 3 and w.S[Z.dial] == 8
        assert w.cnt[AWAY, C.intercepted] == 1
    else:
        assert w.S[Z.poss] == HOME and w.S[Z.carrier] == 1 and w.S[Z.dial] == 9


def test_a_pass_path_runs_from_the_passer_to_the_receiver():
    """The squares of a pass (pass_path, "a straight line between the two closest corners of the passer and
    recipient") come in the order the puck crosses them, whichever way it goes: the reverse pass crosses the same
    squares backwards, and neither rows nor columns ever step back against the pass."""
    rng = np.random.default_rng(3)
    oy = np.zeros(256, np.int64)
    ox = np.zeros(256, np.int64)

    def path(a, b):
        n, _ = G.pass_path(a[0], a[1], b[0], b[1], oy, ox)
        return list(zip(oy[:n].tolist(), ox[:n].tolist()))

    for _ in range(500):
        a, b = (tuple(int(v) for v in rng.integers((0, 0), (44, 19))) for _ in range(2))
        there, back = path(a, b), path(b, a)
        assert there == back[::-1], (a, b)
        for (y0, x0), (y1, x1) in zip(there, there[1:]):
            assert (y1 - y0) * (b[0] - a[0]) >= 0 and (x1 - x0) * (b[1] - a[1]) >= 0, (a, b, there)


def test_interceptors_roll_in_the_order_the_puck_reaches_them(base):
    """Passing Through an Opponent's Contact Zone, on a steep pass from right to left (one column, several rows): the
    opponent beside the passer's end of the path rolls first (an 8 intercepts), the one by the receiver's end is not
    reached."""
    c = base
    w = fresh(c, dial=9)
    put(c, w, HOME, 0, 20, 6)
    put(c, w, HOME, 1, 30, 4)                 # the path: (21, 5) (22, 5) ... (29, 5)
    put(c, w, AWAY, 3, 22, 4)                 # his contact zone holds (21, 5) to (23, 5)
    put(c, w, AWAY, 4, 28, 6)                 # his contact zone holds (27, 5) to (29, 5)
    possess(c, w, HOME, 0)
    st, sc = stream(8)
    assert T.do_pass(c, w, st, sc, HOME, 1)
    assert (w.S[Z.poss], w.S[Z.carrier]) == (AWAY, 3) and st[4] == 1


@pytest.mark.parametrize("roll, caught", [(9, False), (10, True)])
def test_penalty_killer_intercepts_at_10(base, roll, caught):
    """Goalie's (NOTE): "The penalty-kill players ... must roll now 2D6 and achieve a (10) or higher"."""
    c = base
    w = fresh(c)
    bench(w, AWAY, 1)
    w.S[Z.box_slot + AWAY * 2] = 1
    w.S[Z.box_left + AWAY * 2] = 2
    put(c, w, HOME, 0, 20, 4)
    put(c, w, HOME, 1, 26, 10)
    put(c, w, AWAY, 3, 23, 9)
    possess(c, w, HOME, 0)
    st, sc = stream(roll)
    T.do_pass(c, w, st, sc, HOME, 1)
    assert (w.S[Z.poss] == AWAY) == caught


def test_blocked_pass_is_refused(base):
    """Passing: a pass "may not be passed through a space occupied by an opponent"."""
    c = base
    w = fresh(c)
    put(c, w, HOME, 0, 20, 4)
    put(c, w, HOME, 1, 20, 12)
    put(c, w, AWAY, 3, 20, 8)
    possess(c, w, HOME, 0)
    st, sc = stream()
    assert not T.do_pass(c, w, st, sc, HOME, 1)
    assert w.S[Z.carrier] == 0 and w.cnt[HOME, C.passes] == 0


@pytest.mark.parametrize("rules", [None, "offside=off"])
def test_offside_pass_into_the_zone(base, rules):
    """Offsides: "If a player on the attacking team is inside the opponent's blue line before the puck crosses
    over, that player is offside": face-off at the nearest neutral-zone spot.  With rules offside=off the same
    pass reaches him and play goes on."""
    c = engine.compile_ctx(rules) if rules else base
    w = fresh(c)
    put(c, w, HOME, 0, row(c, HOME, 14), 9)
    put(c, w, HOME, 1, row(c, HOME, 10), 6)
    possess(c, w, HOME, 0)
    st, sc = stream()
    T.do_pass(c, w, st, sc, HOME, 1)
    if rules:
        assert w.S[Z.stop] == ST_NONE and w.cnt[HOME, C.offsides] == 0
        assert w.S[Z.poss] == HOME and w.S[Z.carrier] == 1 and w.cnt[HOME, C.passes] == 1
        return
    assert w.S[Z.stop] == ST_OFFSIDE and w.cnt[HOME, C.offsides] == 1
    assert c.fokind[w.S[Z.stop_y]] == 1 and c.fohalf[w.S[Z.stop_y]] == AWAY


def test_carrier_onside_when_first_across(base):
    """Offsides: "The puck carrier must be the first of the attacking team to cross the opponents blue line"."""
    c = base
    w = fresh(c)
    put(c, w, HOME, 0, row(c, HOME, 14), 9)
    for s in (1, 2, 3, 4):
        put(c, w, HOME, s, row(c, HOME, 18), 2 + 3 * s)
    possess(c, w, HOME, 0)
    st, sc = stream(6)
    T.move_offense(c, w, st, sc, HOME, 0, -1)
    assert c.aline[HOME, w.pos[HOME, 0, 0]] <= 12 and w.S[Z.stop] == ST_NONE


# ---------------------------------------------------------------- checks and penalties

def check_scene(c, dial=10):
    w = fresh(c, dial=dial)
    put(c, w, HOME, 0, 20, 9)
    put(c, w, AWAY, 0, 21, 9)
    possess(c, w, HOME, 0)
    return w


def test_stick_check_win_steals_and_starts_a_series(base):
    """Stick Checking: "Defender rolls first. High roll wins. If the defender steals the puck, advance the series
    dial ... The defender now in possession immediately gets a turn"."""
    c = base
    w = check_scene(c)
    st, sc = stream(9, 7)
    assert T.check(c, w, st, sc, AWAY, 0, 1)
    assert w.S[Z.poss] == AWAY and w.S[Z.carrier] == 0 and w.S[Z.dial] == 9 and w.S[Z.next_actor] == AWAY
    assert w.cnt[AWAY, C.stick_steals] == 1


def test_pass_right_after_a_steal_may_cross_the_stripped_player(base):
    """Passing: "may not be passed through a space occupied by an opponent except when successfully checking an
    opponent and stealing the puck. In this case an immediate pass may be made to a teammate regardless of the
    having to pass through the space of the player that you just stole the puck from".  The first pass only; the
    stripped player still rolls to intercept (his contact zone holds the path)."""
    c = base
    w = check_scene(c)
    put(c, w, AWAY, 1, 18, 9)             # the pass (21, 9) -> (18, 9) runs through the home C on (20, 9)
    st, sc = stream()
    w.S[Z.poss], w.S[Z.carrier] = AWAY, 0
    assert not T.do_pass(c, w, st, sc, AWAY, 1)          # without a steal: blocked
    w = check_scene(c)
    put(c, w, AWAY, 1, 18, 9)
    st, sc = stream(9, 7, 5)              # the stick check won 9-7; the home C's interception roll 5 misses
    assert T.check(c, w, st, sc, AWAY, 0, 1)
    assert w.S[Z.steal] == HOME * 6 + 0 + 1
    assert T.do_pass(c, w, st, sc, AWAY, 1)
    assert w.S[Z.poss] == AWAY and w.S[Z.carrier] == 1 and w.cnt[AWAY, C.passes] == 1 and st[4] == 3
    assert w.S[Z.steal] == 0
    put(c, w, AWAY, 0, 21, 9)
    w.S[Z.carrier] = 0
    assert not T.do_pass(c, w, st, sc, AWAY, 1)          # the next pass: blocked again


def test_stick_check_lose_and_tie(base):
    """Stick Checking: "If the defender fails the stick check, play continues as normal" (a tie: the carrier
    keeps the puck, rules check_tie=carrier)."""
    c = base
    for rolls in ((6, 9), (8, 8)):
        w = check_scene(c)
        st, sc = stream(*rolls)
        assert not T.check(c, w, st, sc, AWAY, 0, 1)
        assert w.S[Z.poss] == HOME and w.S[Z.dial] == 10 and w.S[Z.frozen + AWAY * 6] == 0


def test_stick_check_double_six_is_a_penalty_on_the_checker(base):
    """Stick Checking: "If player attempting a Stick Check rolls double 6's they draw a penalty card ... The
    offensive player cannot receive a penalty on a Stick Check"; the checker's team has the puck: play stops
    and the penalty is imposed at the face-off (a minor: space 2)."""
    c = base
    w = check_scene(c)
    st, sc = stream(12, 12, MINOR_CARD)     # a tie at 12: the carrier keeps the puck, the penalty is delayed
    T.check(c, w, st, sc, AWAY, 0, 1)
    assert w.S[Z.poss] == HOME and w.S[Z.stop] == ST_NONE and w.cnt[AWAY, C.delayed] == 1
    w = check_scene(c)
    st, sc = stream(12, 5, MINOR_CARD)
    T.check(c, w, st, sc, AWAY, 0, 1)
    assert w.S[Z.poss] == AWAY and w.S[Z.stop] == ST_PENALTY and w.cnt[AWAY, C.minors] == 1
    T.impose_delayed(c, w, st, sc)
    assert w.S[Z.box_slot + AWAY * 2] == 0 and w.S[Z.box_left + AWAY * 2] == 2
    assert w.S[Z.on_ice + AWAY * 6] == 0 and tuple(w.pos[AWAY, 0]) == (-1, -1)


def test_body_check_win_puts_the_carrier_down_two_turns(base):
    """Body Checking: the winner takes the puck, "Advance the series dial by 1", "that player may not move for
    the next 2 turns"."""
    c = base
    w = check_scene(c)
    st, sc = stream(10, 4)
    assert T.check(c, w, st, sc, AWAY, 0, 2)
    assert w.S[Z.poss] == AWAY and w.S[Z.dial] == 9 and w.S[Z.frozen + HOME * 6 + 0] == 2
    assert w.cnt[AWAY, C.body_steals] == 1


def test_body_check_miss_freezes_the_checker_one_turn(base):
    """Body Checking: "the defender who missed the body check may not be moved on the next turn"."""
    c = base
    w = check_scene(c)
    st, sc = stream(4, 10)
    assert not T.check(c, w, st, sc, AWAY, 0, 2)
    assert w.S[Z.frozen + AWAY * 6 + 0] == 1 and w.S[Z.poss] == HOME


def test_body_check_doubles_delayed_and_incidentals(base):
    """Body Checking / Delayed Penalty: the checker's double 1 without a steal is a delayed penalty ("Play
    continues until there is a stoppage"); both players' minors are "Incidentals. Neither goes to the box"
    (play stops, a face-off)."""
    c = base
    w = check_scene(c)
    st, sc = stream(2, 7, MINOR_CARD)
    T.check(c, w, st, sc, AWAY, 0, 2)
    assert w.S[Z.stop] == ST_NONE and w.S[Z.del_n + AWAY] == 1 and w.cnt[AWAY, C.delayed] == 1
    w = check_scene(c)
    st, sc = stream(12, 12, MINOR_CARD, MINOR_CARD + 1)
    T.check(c, w, st, sc, AWAY, 0, 2)
    assert w.S[Z.stop] == ST_INCIDENTAL and w.cnt[HOME, C.incidentals] == 1
    assert w.S[Z.del_n + AWAY] == 0 and w.S[Z.del_n + HOME] == 0
    # a minor and a major do not cancel: both are served
    w = check_scene(c)
    st, sc = stream(12, 2, MAJOR_CARD, MINOR_CARD)
    T.check(c, w, st, sc, AWAY, 0, 2)
    assert w.S[Z.stop] == ST_PENALTY and w.S[Z.del_n + AWAY] == 1 and w.S[Z.del_n + HOME] == 1


def test_penalty_killer_checks_minus_two(base):
    """Penalty Kill Team Limitations: "Checking dice rolls reduced by 2 anywhere on the ice"."""
    c = base
    w = check_scene(c)
    bench(w, AWAY, 1)
    w.S[Z.box_slot + AWAY * 2] = 1
    w.S[Z.box_left + AWAY * 2] = 2
    st, sc = stream(9, 8)                  # 9 - 2 = 7 < 8
    assert not T.check(c, w, st, sc, AWAY, 0, 1)


def test_box_spaces_and_release(base):
    """Penalties & the Penalty Box: a minor on space 2, a major on space 4, one space toward the gate on each
    shot by either team; at the gate the player returns to the ice."""
    c = base
    w = fresh(c)
    st, sc = stream()
    T.to_box(c, w, st, sc, HOME, 1, 0)
    T.to_box(c, w, st, sc, HOME, 2, 1)
    assert w.S[Z.box_left + 0] == 2 and w.S[Z.box_left + 1] == 4
    assert w.cnt[AWAY, C.pp_opportunities] == 2
    T.box_advance(c, w, st, sc, HOME)
    T.box_advance(c, w, st, sc, HOME)
    assert w.S[Z.box_slot + 0] == -1 and w.S[Z.on_ice + 1] == 1
    assert max(abs(w.pos[HOME, 1] - c.gate[HOME])) <= 2
    assert w.S[Z.box_left + 1] == 2 and w.S[Z.on_ice + 2] == 0


def test_minor_ends_on_power_play_goal_major_does_not(base):
    """Penalties & the Penalty Box: "MINOR penalties will automatically expire if there is a power-play goal.
    MAJOR penalties must be served in their entirety"."""
    c = base
    w = fresh(c)
    st, sc = stream()
    T.to_box(c, w, st, sc, AWAY, 1, 1)
    T.to_box(c, w, st, sc, AWAY, 2, 0)
    put(c, w, HOME, 0, 30, 9)
    possess(c, w, HOME, 0)
    T.score_goal(c, w, st, sc, HOME, T.strength_kind(w, HOME))
    assert w.cnt[HOME, C.pp_goals] == 1
    T.expire_minor(c, w, st, sc, AWAY, 0)       # as the shot does after a power-play goal (test_the_box_moves...)
    assert w.S[Z.box_slot + AWAY * 2 + 1] == -1 and w.S[Z.on_ice + AWAY * 6 + 2] == 1
    T.score_goal(c, w, st, sc, HOME, T.strength_kind(w, HOME))
    T.expire_minor(c, w, st, sc, AWAY, 0)
    assert w.S[Z.box_slot + AWAY * 2] == 1 and w.S[Z.box_left + AWAY * 2] == 4
    assert w.cnt[HOME, C.pp_goals] == 2 and w.goals[HOME, 0] == 2


def test_penalties_of_both_teams_at_one_stoppage_decide_the_power_play_together(base):
    """Power Plays & Penalty Killing: "Following a penalty when the offending player is in the box, a face-off will
    occur. The following are Power-Play Team Enhancements until both teams are even strength".  A home minor and an
    away major imposed at one stoppage leave 4-on-4: no power play for anyone (a power play that begins when the
    minor ends is not a new opportunity); a home minor with two away penalties leaves 4-on-3: home's."""
    c = base
    w = fresh(c)
    st, sc = stream()
    T.queue_penalty(w, HOME, 1, 0)
    T.queue_penalty(w, AWAY, 2, 1)
    T.impose_delayed(c, w, st, sc)
    assert (T.skaters(w, HOME), T.skaters(w, AWAY)) == (4, 4)
    assert w.cnt[HOME, C.pp_opportunities] == 0 and w.cnt[AWAY, C.pp_opportunities] == 0
    assert w.S[Z.move_pass + HOME] == 0 and w.S[Z.move_pass + AWAY] == 0
    T.box_advance(c, w, st, sc, HOME)
    T.box_advance(c, w, st, sc, HOME)
    assert (T.skaters(w, HOME), T.skaters(w, AWAY)) == (5, 4) and T.advantage(w, HOME)
    assert w.cnt[HOME, C.pp_opportunities] == 0 and w.cnt[AWAY, C.pp_opportunities] == 0
    w = fresh(c)
    T.queue_penalty(w, HOME, 1, 0)
    T.queue_penalty(w, AWAY, 1, 0)
    T.queue_penalty(w, AWAY, 2, 1)
    T.impose_delayed(c, w, st, sc)
    assert (T.skaters(w, HOME), T.skaters(w, AWAY)) == (4, 3)
    assert w.cnt[HOME, C.pp_opportunities] == 1 and w.cnt[AWAY, C.pp_opportunities] == 0
    assert w.S[Z.move_pass + HOME] == 1 and w.S[Z.move_pass + AWAY] == 0
    w = fresh(c)                          # one team's penalty alone: the other's power play, as before
    T.queue_penalty(w, AWAY, 2, 0)
    T.impose_delayed(c, w, st, sc)
    assert w.cnt[HOME, C.pp_opportunities] == 1 and w.S[Z.move_pass + HOME] == 1


def test_third_player_waits_for_a_place_in_the_box(base):
    """3rd Player Penalty: "place it face up in the Delayed Penalty Area. As soon as one of your serving players
    penalty expires, place the third player in the box. You must always have 3 skaters on the ice"."""
    c = base
    w = fresh(c)
    st, sc = stream()
    for s in (1, 2, 3):
        T.to_box(c, w, st, sc, HOME, s, 0)
    assert T.skaters(w, HOME) == 3 and w.S[Z.wait_n + HOME] == 1 and w.cnt[HOME, C.third_player] == 1
    T.box_advance(c, w, st, sc, HOME)
    T.box_advance(c, w, st, sc, HOME)
    assert w.S[Z.wait_n + HOME] == 0 and w.S[Z.on_ice + 3] == 0 and w.S[Z.on_ice + 1] == 1
    assert T.skaters(w, HOME) == 4


def test_goalie_penalty_served_by_a_teammate(base):
    """Penalties & the Penalty Box: "Goalie penalties are served by a teammate"."""
    c = base
    w = fresh(c)
    assert T.server(w, HOME, 5) == 1
    assert T.server(w, HOME, 3) == 3


# ---------------------------------------------------------------- penalty kill dumps, series, period end

def pk_scene(c, dial=6):
    w = fresh(c, dial=dial)
    st, sc = stream()
    T.to_box(c, w, st, sc, AWAY, 1, 0)
    put(c, w, AWAY, 3, row(c, HOME, 6), 9)        # the away D deep in its own end
    for s, x in ((3, 4), (4, 14)):
        put(c, w, HOME, s, row(c, HOME, 12), x)
    put(c, w, HOME, 0, row(c, HOME, 8), 12)
    possess(c, w, AWAY, 3)
    return w


def test_pk_dump_clears_on_six_without_a_new_series(base):
    """Dumping the Puck (Penalty-Kill Team): "achieve a result of (6) or higher ... the zone is cleared" (the
    penalized player one space closer), "DO NOT advance the series dial"; the power play sets up again."""
    c = base
    w = pk_scene(c)
    st, sc = stream(6)
    T.dump(c, w, st, sc, AWAY)
    assert w.cnt[AWAY, C.pk_clears] == 1 and w.S[Z.dial] == 6 and w.S[Z.box_left + AWAY * 2] == 1
    assert w.S[Z.poss] == HOME and w.S[Z.carrier] == int(c.pppuck[0])
    assert c.aline[HOME, w.pos[HOME, w.S[Z.carrier], 0]] == 12 and w.S[Z.next_actor] == AWAY


def test_pk_dump_fails_below_six(base):
    """Dumping the Puck (Penalty-Kill Team): "If the puck is NOT cleared – it is given to the power-play
    defenseman furthest away from the player who unsuccessfully tried to clear the puck"."""
    c = base
    w = pk_scene(c)
    st, sc = stream(5)
    T.dump(c, w, st, sc, AWAY)
    assert w.cnt[AWAY, C.pk_dump_fails] == 1 and w.S[Z.poss] == HOME and w.S[Z.carrier] in (3, 4)
    assert w.S[Z.dial] == 5 and w.S[Z.box_left + AWAY * 2] == 2
    # "furthest away": a defenseman back in his own end is the farther, whichever of the two he is, and gets the
    # puck (no set-up there); anywhere else the power play then sets up at once ("Whenever the power-play
    # team is in possession of the puck in the neutral zone or the penalty-killers end"), the pp_puck defenseman
    # holding it on line 12, as in the scene above, where the two are level
    for back in (3, 4):
        w = pk_scene(c)
        put(c, w, HOME, back, row(c, AWAY, 8), 9)
        st, sc = stream(5)
        T.dump(c, w, st, sc, AWAY)
        assert w.S[Z.poss] == HOME and w.S[Z.carrier] == back and w.S[Z.setup_done] == 0
    w = pk_scene(c)
    put(c, w, HOME, 4, row(c, HOME, 9), 11)              # RD near the dumper, LD far: either way the set-up
    st, sc = stream(5)
    T.dump(c, w, st, sc, AWAY)
    assert w.S[Z.carrier] == int(c.pppuck[0]) and c.aline[HOME, w.pos[HOME, w.S[Z.carrier], 0]] == 12


def test_series_dial_and_period_end(base):
    """Series: "adjust the series dial ... downward by 1 each time a new series begins. When the series dial is
    turned to from 1 to 10, the period ends immediately"."""
    c = base
    w = fresh(c, dial=2)
    T.new_series(c, w, HOME)
    assert w.S[Z.dial] == 1 and w.S[Z.done] == 0
    T.new_series(c, w, AWAY)
    assert w.S[Z.done] == 1


def test_time_out_adds_a_series_in_the_third_period(base):
    """Time-Outs: "Each team may call one time out in the 3rd period only. Calling a time-out will add one
    series back onto the series dial"."""
    c = base
    w = fresh(c, period=3, dial=1)
    w.S[Z.score + AWAY] = 1
    T.new_series(c, w, AWAY)
    assert w.S[Z.done] == 0 and w.S[Z.dial] == 1 and w.cnt[HOME, C.timeouts] == 1
    T.new_series(c, w, HOME)
    assert w.S[Z.done] == 1
    w = fresh(c, period=2, dial=1)
    w.S[Z.score + AWAY] = 1
    T.new_series(c, w, AWAY)
    assert w.S[Z.done] == 1 and w.cnt[HOME, C.timeouts] == 0


def test_pulling_the_goalie(base):
    """Pulling the Goalie: in the final 3 series, behind by two or fewer, at the beginning of a new series, in
    possession; the goalie enters at the spot across from the gate."""
    c = base
    w = fresh(c, period=3, dial=3)
    w.S[Z.score + AWAY] = 2
    put(c, w, HOME, 0, 20, 9)
    put(c, w, HOME, 5, *c.crease[HOME, 1])
    possess(c, w, HOME, 0)
    w.S[Z.fresh + HOME] = 1
    T.maybe_pull(c, w, HOME)
    assert w.S[Z.pulled + HOME] == 1 and tuple(w.pos[HOME, 5]) == tuple(c.pullspot[HOME])
    assert T.advantage(w, HOME)
    w = fresh(c, period=3, dial=4)
    w.S[Z.score + AWAY] = 1
    possess(c, w, HOME, 0)
    w.S[Z.fresh + HOME] = 1
    T.maybe_pull(c, w, HOME)
    assert w.S[Z.pulled + HOME] == 0
    w = fresh(c, period=3, dial=2)
    w.S[Z.score + AWAY] = 3
    w.S[Z.fresh + HOME] = 1
    T.maybe_pull(c, w, HOME)
    assert w.S[Z.pulled + HOME] == 0


@pytest.mark.parametrize("rule", ["crease", "stay"])
def test_a_pulled_goalie_at_a_faceoff(rule):
    """Pulling the Goalie: "The Goalie may be returned directly to the crease but only after skating to the
    starting position at line 18"; at a face-off every player lines up (Face-Offs).  pull_faceoff=crease: he
    lines up in his crease; stay: while his team trails he stays on, at his starting position, and his team has
    the power play's face-off +1 and ties ("ALL THE SAME ADVANTAGES"); level, or at a period's opening, he goes
    back."""
    c = engine.compile_ctx(f"pull_faceoff={rule}")
    w = fresh(c, period=3, dial=2)
    w.S[Z.score + AWAY] = 1
    w.S[Z.pulled + HOME] = 1
    st, sc = stream(4, 5, 3, 2, 3, 2)            # home 4 (+1 with the extra attacker) ties away's 5
    T.faceoff(c, w, st, sc, 4, False)
    if rule == "stay":
        assert w.S[Z.pulled + HOME] == 1 and tuple(w.pos[HOME, 5]) == tuple(c.pullspot[HOME])
        assert w.S[Z.poss] == HOME
    else:
        assert w.S[Z.pulled + HOME] == 0 and tuple(w.pos[HOME, 5]) == tuple(c.crease[HOME, 1])
        assert w.S[Z.poss] == AWAY
    assert tuple(w.pos[AWAY, 5]) == tuple(c.crease[AWAY, 1]) and w.S[Z.pulled + AWAY] == 0
    w.S[Z.pulled + HOME] = 1
    w.S[Z.score + HOME] = 1                      # level: back to the crease
    T.faceoff(c, w, st, sc, 4, False)
    assert w.S[Z.pulled + HOME] == 0 and tuple(w.pos[HOME, 5]) == tuple(c.crease[HOME, 1])
    w.S[Z.pulled + HOME] = 1
    w.S[Z.score + HOME] = 0                      # trailing, but a period's opening face-off
    T.faceoff(c, w, st, sc, 0, True)
    assert w.S[Z.pulled + HOME] == 0


def test_extra_attacker_has_the_power_plays_move_and_pass_and_plus_two(base):
    """Pulling the Goalie: "ALL THE SAME ADVANTAGES OF A POWER PLAY TEAM ARE IN PLAY FOR THE TEAM WITH THE EXTRA
    ATTACKER": "Move & Pass for one turn" and "Movement dice rolls get a +2" (Power Plays & Penalty Killing)."""
    c = base
    w = fresh(c, period=3, dial=3)
    w.S[Z.score + AWAY] = 1
    put(c, w, HOME, 0, 20, 9)
    put(c, w, HOME, 5, *c.crease[HOME, 1])
    possess(c, w, HOME, 0)
    w.S[Z.fresh + HOME] = 1
    assert w.S[Z.move_pass + HOME] == 0 and T.allowance(c, w, HOME, 0, 7) == 7
    T.maybe_pull(c, w, HOME)
    assert w.S[Z.pulled + HOME] == 1
    assert w.S[Z.move_pass + HOME] == 1 and T.allowance(c, w, HOME, 0, 7) == 9
    assert w.S[Z.move_pass + AWAY] == 0 and T.allowance(c, w, AWAY, 0, 7) == 7


def test_overtime_center_and_winger_plus_two(base):
    """Over Time: "Skating rolls for Center now moves both the Center and the Winger together. Center/Winger
    skating rolls now also have +2 added"; the defense as usual."""
    c = base
    w = fresh(c, period=4)
    w.S[Z.ot] = 1
    bench(w, HOME, 2)
    put(c, w, HOME, 0, 20, 9)
    put(c, w, HOME, 1, 20, 5)
    put(c, w, HOME, 3, 16, 5)
    assert T.allowance(c, w, HOME, 0, 7) == 9 and T.allowance(c, w, HOME, 1, 7) == 9
    assert T.allowance(c, w, HOME, 3, 7) == 7


def test_shootout_five_rounds(base):
    """Shoot Out: "Each team gets 5 attempts"; the cards, then the "Shots from Center 'Open' side" of the chart
    (a matching goalie card is a save)."""
    c = base
    w = fresh(c)
    from simcore.games.blueline.kernel.layout import R
    line = int(c.rules[R.shootout_line])
    goal_out = next(r for r in range(2, 13) if c.table[0, 0, 1, line, r] == 3)
    miss_in = next(r for r in range(2, 13) if c.table[0, 0, 0, line, r] != 3)
    entries = []
    for r in range(5):
        entries += [1, 4, goal_out]            # home TR vs BL: out of position, scores
        entries += [2, 2, miss_in] if r else [3, 3]    # away TL vs TR: in position, no goal; round 1 B5 vs B5
    st, sc = stream(*entries)
    T.shootout(c, w, st, sc)
    assert w.so[HOME] == 5 and w.so[AWAY] == 0
    assert w.cnt[HOME, C.so_shots] == 5 and w.cnt[AWAY, C.so_shots] == 5 and st[4] == len(entries)


# ---------------------------------------------------------------- shots, goalies, the power play

def shot_scene(c, line=5, x=9):
    w = fresh(c)
    put(c, w, HOME, 0, row(c, HOME, line), x)
    put(c, w, AWAY, 5, *c.crease[AWAY, 1])
    possess(c, w, HOME, 0)
    return w


def roll_for(c, side, lane, pos, line, result):
    return next(r for r in range(2, 13) if c.table[side, lane, pos, line, r] == result)


def test_shot_matching_goalie_card_is_a_save_and_moves_the_box(base):
    """Shots on Goal: "If the Goalie chose the same target area that shooter was aiming for, its an automatic
    save and face-off at the nearest circle"; Penalties: "A shot on net by either team" moves the box."""
    c = base
    w = shot_scene(c)
    st, sc = stream()
    T.to_box(c, w, st, sc, HOME, 3, 0)
    st, sc = stream(1, 2)                        # shot TR, goalie TR
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.shots] == 1 and w.cnt[HOME, C.card_saves] == 1 and w.S[Z.stop] != ST_NONE
    assert c.fokind[w.S[Z.stop_y]] == 2 and c.fohalf[w.S[Z.stop_y]] == AWAY
    assert w.S[Z.box_left + HOME * 2] == 1 and st[4] == 2


@pytest.mark.parametrize("cards, pos", [((1, 1), 0), ((1, 4), 1)])
def test_shot_in_and_out_of_position_read_the_chart(base, cards, pos):
    """Shots on Goal: top/top or bottom/bottom without a match is IN POSITION, else OUT OF POSITION; "roll 2D6
    for the result" on the chart's side, lane, position and line."""
    c = base
    w = shot_scene(c)
    side = 0 if c.inside[w.pos[HOME, 0, 0], 9] else 1
    roll = roll_for(c, side, 0, pos, 5, 3)
    st, sc = stream(*cards, roll)
    T.shot(c, w, st, sc, HOME)
    assert w.goals[HOME, 0] == 1 and w.cnt[HOME, C.in_position if pos == 0 else C.out_of_position] == 1
    assert w.cnt[HOME, C.goals_even] == 1 and w.S[Z.score + HOME] == 1


def test_shot_lanes_open_screened_blocked(base):
    """Shots on Goal: "Screened means that a teammate is between you and the Goalie ... Blocked means that an
    opponent is between"; Penalty Kill Team Limitations: "Unable to block shots from center"."""
    from simcore.games.blueline.kernel.lanes import shot_lane
    c = base
    w = shot_scene(c)
    y = w.pos[HOME, 0, 0]
    assert shot_lane(c, w, HOME, y, 9)[1] == 0
    put(c, w, HOME, 1, y + 2, 9)
    assert shot_lane(c, w, HOME, y, 9)[1] == 1
    put(c, w, AWAY, 3, y + 1, 9)
    side, lane = shot_lane(c, w, HOME, y, 9)
    assert side == 0 and lane == 2
    bench(w, AWAY, 4)                             # away killing a penalty: cannot block the inside shot
    w.S[Z.box_slot + AWAY * 2] = 4
    assert shot_lane(c, w, HOME, y, 9)[1] == 1


def test_blank_goalie_passes_to_an_open_teammate_or_holds(base):
    """Shots on Goal Against: "If the ... Calculator reveals a blank space, the Goalie may hold the puck for a
    face-off or pass to an open teammate a maximum of 8 spaced"."""
    c = base
    w = shot_scene(c)
    put(c, w, AWAY, 3, c.crease[AWAY, 1, 0] - 5, 12)
    st, sc = stream()
    T.goalie_play(c, w, st, sc, AWAY)
    assert w.S[Z.poss] == AWAY and w.S[Z.carrier] == 3 and w.cnt[AWAY, C.goalie_passes] == 1
    w = shot_scene(c)
    put(c, w, AWAY, 3, c.crease[AWAY, 1, 0] - 10, 12)     # 10 spaces: out of reach
    T.goalie_play(c, w, st, sc, AWAY)
    assert w.S[Z.stop] != ST_NONE and w.cnt[AWAY, C.goalie_holds] == 1


def test_blank_hold_a_held_blank_is_his_teams_puck_or_a_save(base):
    """Shots on Goal Against: "If the ... Calculator reveals a blank space, the Goalie may hold the puck for a
    face-off or pass to an open teammate" (rules blank_hold): possession = the held blank is a change of
    possession (a new series); save = as after a save, the shooter's team keeps the series.  A blank the goalie
    passes changes possession under either."""
    c_save = engine.compile_ctx("blank_hold=save")
    for c, series in ((base, 1), (c_save, 0)):
        w = shot_scene(c)                        # the goalie alone: nobody to pass to, no corner to sweep to
        dial = int(w.S[Z.dial])
        side = 0 if c.inside[w.pos[HOME, 0, 0], 9] else 1
        st, sc = stream(1, 1, roll_for(c, side, 0, 0, 5, 0))
        T.shot(c, w, st, sc, HOME)
        assert w.cnt[HOME, C.blanks] == 1 and w.cnt[AWAY, C.goalie_holds] == 1 and w.S[Z.stop] == ST_HOLD
        assert w.cnt[AWAY, C.series] == series and w.S[Z.dial] == dial - series
        assert w.S[Z.last_poss] == (AWAY if series else HOME) and st[4] == 3
    w = shot_scene(c_save)
    put(c_save, w, AWAY, 3, c_save.crease[AWAY, 1, 0] - 5, 12)
    side = 0 if c_save.inside[w.pos[HOME, 0, 0], 9] else 1
    st, sc = stream(1, 1, roll_for(c_save, side, 0, 0, 5, 0), 2)
    T.shot(c_save, w, st, sc, HOME)
    assert w.S[Z.poss] == AWAY and w.S[Z.carrier] == 3 and w.cnt[AWAY, C.goalie_passes] == 1
    assert w.cnt[AWAY, C.series] == 1 and w.cnt[AWAY, C.goalie_holds] == 0


def test_rebound_goes_to_the_nearest_player(base):
    """Shots on Goal (a chart 'rebound', rules rebound=nearest): the puck lies loose two squares in front of the
    goal; the nearest player takes it."""
    c = base
    w = shot_scene(c)
    gy = c.goal[AWAY, 0]
    put(c, w, HOME, 1, gy - 2, 9)                # on the rebound square (and screening the shot)
    side = 0 if c.inside[w.pos[HOME, 0, 0], 9] else 1
    st, sc = stream(1, 1, roll_for(c, side, 1, 0, 5, 2))
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.rebounds] == 1 and w.cnt[HOME, C.screened] == 1
    assert w.S[Z.poss] == HOME and w.S[Z.carrier] == 1 and w.cnt[HOME, C.loose_won] == 1
    w = shot_scene(c)                            # nobody closer than the goalie: he covers it (a tie is his)
    st, sc = stream(1, 1, roll_for(c, side, 0, 0, 5, 2))
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[AWAY, C.loose_won] == 1 and w.S[Z.last_poss] == AWAY


def beaten_scene(c):
    """The away goalie in his crease leaves it to stick-check the home center three squares out and loses (1d6 = 6
    reaches him; 5 against 9): (w, the crease square)."""
    gy, gx = c.crease[AWAY, 1]
    w = fresh(c)
    put(c, w, AWAY, 5, gy, gx)
    put(c, w, HOME, 0, gy - 3, gx)
    possess(c, w, HOME, 0)
    st, sc = stream(6, 5, 9)
    assert not T.goalie_challenge(c, w, st, sc, AWAY) and w.S[Z.beaten] == 1
    return w, gy, gx


def test_goalie_stick_check_out_of_the_crease(base):
    """Goalie's: "leave the crease to ... Stick Check an opposing player. They may roll 1D6 only. If they fail a
    stick check and the offensive player decides to shoot … consider the goalie to be automatically out of
    position"."""
    c = base
    w, gy, gx = beaten_scene(c)
    assert max(abs(w.pos[AWAY, 5] - w.pos[HOME, 0])) == 1
    side = 0 if c.inside[gy - 3, gx] else 1
    st, sc = stream(1, 1, roll_for(c, side, 0, 1, int(c.aline[HOME, gy - 3]), 3))   # in-position cards
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.out_of_position] == 1 and w.goals[HOME, 0] == 1


def test_beaten_goalie_cards_read_or_skipped(base):
    """Goalie's: "If they fail a stick check and the offensive player decides to shoot … consider the goalie to be
    automatically out of position" (rules beaten_cards): read = the cards are still played and a match is a save;
    skip = no cards, the chart read out of position."""
    c_skip = engine.compile_ctx("beaten_cards=skip")
    for c, entries in ((base, (1, 2)), (c_skip, ())):
        w, gy, gx = beaten_scene(c)
        side = 0 if c.inside[gy - 3, gx] else 1
        roll = roll_for(c, side, 0, 1, int(c.aline[HOME, gy - 3]), 3)
        st, sc = stream(*entries, roll)          # read: shot TR, goalie TR, a match
        T.shot(c, w, st, sc, HOME)
        if entries:
            assert w.cnt[HOME, C.card_saves] == 1 and w.goals[HOME, 0] == 0 and st[4] == 2
        else:
            assert w.cnt[HOME, C.out_of_position] == 1 and w.goals[HOME, 0] == 1 and st[4] == 1


def test_a_beaten_goalie_is_back_in_position_after_a_faceoff(base):
    """A goalie who lost his stick check is "automatically out of position" for the rest of the possession; a
    face-off ends it ("goalies return to their creases", docs/blueline.md "Face-offs"), so a shot after a face-off
    the shooter's team won reads his cards again."""
    c = base
    w, gy, gx = beaten_scene(c)
    st, sc = stream(1, 2)                        # shot TR, goalie TR: a match, a save and a face-off
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.card_saves] == 1 and w.S[Z.stop] != ST_NONE
    st, sc = stream(6, 1)                        # home wins the face-off
    T.stoppage(c, w, st, sc)
    assert w.S[Z.poss] == HOME and w.S[Z.beaten] == 0 and tuple(w.pos[AWAY, 5]) == (gy, gx)
    st, sc = stream(1, 1, 7)                     # shot TR, goalie TL: in position
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.in_position] == 1 and w.cnt[HOME, C.out_of_position] == 0


@pytest.mark.parametrize("entries, reached", [((6, 5, 9), True), ((1,), False)])
def test_goalie_stick_check_is_his_teams_whole_defensive_turn(base, entries, reached):
    """Goalie's: "They may roll 1D6 only" -- his roll is the team's roll for the turn: after it, steal, miss or a
    roll too short to reach the carrier, no group skates and no skater checks (checks=one holds: a defender beside
    the carrier does not check him again)."""
    c = base
    gy, gx = c.crease[AWAY, 1]
    w = fresh(c)
    put(c, w, AWAY, 5, gy, gx)
    put(c, w, HOME, 0, gy - 3, gx)
    put(c, w, AWAY, 3, gy - 4, gx)              # beside the carrier: he would check if the turn went on
    possess(c, w, HOME, 0)
    st, sc = stream(*entries, 7, 12, 2, 12, 2)
    T.defense_turn(c, w, st, sc, AWAY)
    assert st[4] == len(entries)                # the goalie's rolls only
    assert w.cnt[AWAY, C.turns] == 1 and w.cnt[AWAY, C.moves] == 0
    assert w.cnt[AWAY, C.stick_checks] + w.cnt[AWAY, C.body_checks] == (1 if reached else 0)
    assert w.S[Z.poss] == HOME and w.S[Z.carrier] == 0 and w.S[Z.beaten] == (1 if reached else 0)
    assert (max(abs(w.pos[AWAY, 5] - w.pos[HOME, 0])) == 1) == reached


def test_power_play_setup_on_line_12(base):
    """Penalty Kill Team Positioning: the killers take a posture, "one PP defenseman will start with the puck and
    must be in any space on line 12 inside the blue line"; "Penalty-Kill team now rolls to skate/check first"."""
    c = base
    w = fresh(c, dial=8)
    st, sc = stream()
    T.to_box(c, w, st, sc, AWAY, 2, 0)
    for s in range(5):
        put(c, w, HOME, s, row(c, HOME, 22), 2 + 3 * s)
    for s in (0, 1, 3, 4):
        put(c, w, AWAY, s, row(c, HOME, 16), 2 + 3 * s)
    w.S[Z.last_poss] = AWAY
    T.gain(c, w, st, sc, HOME, 0)
    holder = w.S[Z.carrier]
    assert holder == int(c.pppuck[0]) and c.aline[HOME, w.pos[HOME, holder, 0]] == 12
    assert w.S[Z.next_actor] == AWAY and w.S[Z.dial] == 7
    for s in (0, 1, 3, 4):
        assert c.aline[AWAY, w.pos[AWAY, s, 0]] > 28          # the killers in their own end


def test_a_face_off_won_by_the_power_play_sets_it_up_again(base):
    """"Whenever the power-play team is in possession of the puck in the neutral zone or the penalty-killers end"
    the killers take their posture: home, on the power play, had set up in its possession before the stoppage and
    wins the face-off in the away end, so it sets up again (the line-up broke the last set-up): its defenseman holds
    the puck on line 12 and the killers move first."""
    c = base
    w = fresh(c, dial=8)
    st, sc = stream()
    T.to_box(c, w, st, sc, AWAY, 2, 0)
    w.S[Z.last_poss] = HOME
    w.S[Z.setup_done] = 1
    dot = next(d for d in range(len(c.fokind)) if c.fokind[d] == 2 and c.fohalf[d] == AWAY)
    st, sc = stream(6, 1)                                   # home wins the draw
    T.faceoff(c, w, st, sc, dot, False)
    holder = w.S[Z.carrier]
    assert w.S[Z.poss] == HOME and holder == int(c.pppuck[0]) and c.aline[HOME, w.pos[HOME, holder, 0]] == 12
    assert w.S[Z.next_actor] == AWAY and w.S[Z.setup_done] == 1


def test_power_play_plus_two_and_killers_minus_two_in_their_end(base):
    """Power Plays: "Movement dice rolls get a +2 added for all power play skaters"; Penalty Kill Team
    Limitations: "Skating dice roll movements reduced by 2 when in their own end of the ice only"."""
    c = base
    w = fresh(c)
    st, sc = stream()
    T.to_box(c, w, st, sc, AWAY, 2, 0)
    put(c, w, HOME, 0, 20, 9)
    put(c, w, AWAY, 0, row(c, HOME, 6), 9)       # in its own end
    put(c, w, AWAY, 1, 22, 9)                    # in the neutral zone
    assert T.allowance(c, w, HOME, 0, 7) == 9
    assert T.allowance(c, w, AWAY, 0, 7) == 5 and T.allowance(c, w, AWAY, 1, 7) == 7


def test_empty_net_shot_reads_the_chart_out_of_position(base):
    """Pulling the Goalie (rules empty_net=out-of-position): no cards, the chart out of position."""
    c = base
    w = shot_scene(c)
    w.S[Z.pulled + AWAY] = 1
    side = 0 if c.inside[w.pos[HOME, 0, 0], 9] else 1
    st, sc = stream(roll_for(c, side, 0, 1, 5, 3))
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.en_goals] == 1 and st[4] == 1


# ---------------------------------------------------------------- dumps and icing

def dump_scene(c, rules=None, line=23, policies=None):
    if rules is not None or policies is not None:
        c = engine.compile_ctx(rules, policies or (None, None))
    w = fresh(c)
    put(c, w, HOME, 0, row(c, HOME, line), 4)
    put(c, w, AWAY, 5, *c.crease[AWAY, 1])
    put(c, w, AWAY, 3, row(c, HOME, 3), 13)
    possess(c, w, HOME, 0)
    return c, w


def test_dump_from_own_half_is_icing(base):
    """Passing Around the Boards ("five squares beyond first corner") and the face-off table's "Icing: Face-off
    dot in the offending teams end of the ice" (rules icing=on: a dump from the team's own half resting behind
    the opponent's goal line; the coach's ``boards=first`` keeps it at the first corner)."""
    c, w = dump_scene(base, policies=("boards=first", None))
    st, sc = stream()
    T.dump(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.icings] == 1 and w.cnt[HOME, C.dumps] == 1
    assert c.fokind[w.S[Z.stop_y]] == 2 and c.fohalf[w.S[Z.stop_y]] == HOME
    ev = [e for e in w.log[:w.S[Z.nlog]] if e[0] == T.EV.dump][0]
    corner = c.rim_index[c.corners[AWAY, 0, 0], c.corners[AWAY, 0, 1]]
    spot = c.rim_index[ev[5], ev[6]]
    assert min(abs(spot - corner), len(c.rim) - abs(spot - corner)) == 5
    assert c.aline[HOME, ev[5]] < 1


def test_no_icing_on_a_penalty_killing_team(base):
    """Icing is not called on a penalty-killing team (the reading of the face-off table's "Icing" in "Dumps and
    icing"), also on a dump from its own half outside its own end, which is not a penalty-kill dump (Dumping the
    Puck (Penalty-Kill Team) is from the team's own end): the puck around the boards is loose, the nearest player
    takes it."""
    c, w = dump_scene(base, policies=("boards=first", None))
    st, sc = stream()
    T.to_box(c, w, st, sc, HOME, 1, 0)            # home kills a penalty; the dump from line 23, its own half
    assert T.short(w, HOME) and not T.in_own_end(c, HOME, w.pos[HOME, 0, 0])
    st, sc = stream(1)                            # the away goalie's 1d6 for the loose puck 3 squares off
    T.dump(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.dumps] == 1 and w.cnt[HOME, C.icings] == 0 and w.cnt[HOME, C.pk_clears] == 0
    assert w.S[Z.stop] == ST_NONE and w.S[Z.poss] == AWAY and w.S[Z.carrier] == 3 and st[4] == 1
    ev = [e for e in w.log[:w.S[Z.nlog]] if e[0] == T.EV.dump][0]
    assert c.aline[HOME, ev[5]] < 1                # behind the away goal line: icing at even strength


def test_dump_in_without_icing_is_a_loose_puck(base):
    """Dumping from the neutral zone (or with icing=off): the puck rests beyond the corner and the nearest
    player takes it."""
    c, w = dump_scene(base, line=14)
    st, sc = stream()
    T.dump(c, w, st, sc, HOME)
    # the away skater on Row 3 (slot 3) is nearest where it rests: his loose puck
    assert w.cnt[HOME, C.icings] == 0 and w.S[Z.stop] == ST_NONE
    assert (w.S[Z.poss], w.S[Z.carrier]) == (AWAY, 3) and list(w.cnt[:, C.loose_won]) == [0, 1]
    c, w = dump_scene(base, rules="icing=off")
    T.dump(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.icings] == 0 and w.S[Z.stop] == ST_NONE
    assert (w.S[Z.poss], w.S[Z.carrier]) == (AWAY, 3) and list(w.cnt[:, C.loose_won]) == [0, 1]


def dump_way(c, n):
    """The first n rim squares from the corner of the away end on side 0, going on behind the net (a dump's way
    around the boards)."""
    K = len(c.rim)
    ri = int(c.rim_index[c.corners[AWAY, 0, 0], c.corners[AWAY, 0, 1]])
    mid = c.cell.shape[1] // 2
    step = 1 if abs(c.rim[(ri + 1) % K][1] - mid) < abs(c.rim[(ri - 1) % K][1] - mid) else -1
    return [tuple(int(v) for v in c.rim[(ri + i * step) % K]) for i in range(n)]


@pytest.mark.parametrize("roll, caught", [(7, False), (8, True)])
def test_dump_intercept_on_a_defender_by_the_boards_intercepts_at_8(base, roll, caught):
    """rules dump_intercept=on: "If dumping the puck ... follow the rules of passing off or around the boards", so
    an opponent whose contact zone the puck crosses on its way around the boards rolls 2d6 to intercept (8+,
    Passing Through an Opponent's Contact Zone).  The way beyond the first corner: (42,3) (42,4) (43,4) (43,5)
    (43,6); the away left wing at (41,5) reaches (42,4).  Missed, the puck rests at (43,6) and he is the nearest
    player to it."""
    assert dump_way(base, 6) == [(42, 2), (42, 3), (42, 4), (43, 4), (43, 5), (43, 6)]
    c, w = dump_scene(base, rules="dump_intercept=on", line=14, policies=("boards=first", None))
    put(c, w, AWAY, 2, 41, 5)
    st, sc = stream(roll)
    T.dump(c, w, st, sc, HOME)
    assert st[4] == 1 and w.cnt[AWAY, C.intercepted] == (1 if caught else 0)
    assert (w.S[Z.poss], w.S[Z.carrier]) == (AWAY, 2) and w.cnt[AWAY, C.loose_won] == (0 if caught else 1)
    ev = [e for e in w.log[:w.S[Z.nlog]] if e[0] == T.EV.dump][0]
    assert (ev[5], ev[6], ev[8]) == (43, 6, 1 if caught else 0)
    # the rulebook reading (off): no roll, the loose puck
    c, w = dump_scene(base, line=14, policies=("boards=first", None))
    put(c, w, AWAY, 2, 41, 5)
    st, sc = stream()
    T.dump(c, w, st, sc, HOME)
    assert st[4] == 0 and w.cnt[AWAY, C.intercepted] == 0 and w.cnt[AWAY, C.loose_won] == 1


def test_dump_intercept_on_follows_the_puck_behind_the_net_to_the_second_corner(base):
    """With dump_intercept=on a dump to Row 3 beyond the second corner ("Or, puck comes to rest five squares beyond
    second corner in Row 3", Passing Around the Boards) goes on behind the net: a defender there, out of reach of the
    way to the first corner's resting square, rolls only for that dump."""
    way = dump_way(base, 12)
    y, x = way[9]
    spot = next((y + dy, x + dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                if base.cell[y + dy, x + dx] == 1 and (y + dy, x + dx) not in way
                and min(max(abs(y + dy - a), abs(x + dx - b)) for a, b in way[:6]) > 1)
    for policy, rolls, dice in (("boards=first", 0, (3, 3, 3)), ("boards=second", 1, (8,))):
        c, w = dump_scene(base, rules="dump_intercept=on", line=14, policies=(policy, None))
        put(c, w, AWAY, 2, *spot)
        st, sc = stream(*dice)                     # the loose puck's dice; the interception roll
        w.py[:] = -1
        T.dump(c, w, st, sc, HOME)
        tried = [e for e in w.log[:w.S[Z.nlog]] if e[0] == T.EV.intercept]
        assert [(e[4], e[5]) for e in tried] == [(2, 8)] * rolls, policy     # (slot, roll)
        assert w.cnt[AWAY, C.intercepted] == rolls, policy
        if rolls:
            # the way it took, left in the path scratch: every rim square from the first corner round to the
            # second, 16 squares on, and the five up the boards beyond it, the last on the resting square's row
            way_taken = set(zip(w.py.tolist(), w.px.tolist()))
            way = dump_way(c, 22)
            assert set(way) <= way_taken and way[-1][0] == second_corner_landing(c, AWAY, 0)[0]


def test_scripted_game_runs_on_the_script_alone():
    """engine.play_scripted plays a game on the given entries only (it stops when they run out)."""
    with pytest.raises(InputError, match=r"scripted dice ran out: .* \(script: 60 entries given\)$"):
        engine.play_scripted([3] * 60)       # a 3 is a valid die, 2d6, card and penalty card


def second_corner_landing(c, d, k):
    """The rim square five beyond the corner of half d on side 1 - k (going on up the boards), and its Row 3."""
    K = len(c.rim)
    cy, cx = c.corners[d, 1 - k]
    r2 = int(c.rim_index[cy, cx])
    mid = c.cell.shape[1] // 2
    up = 1 if abs(c.rim[(r2 + 1) % K][1] - mid) > abs(c.rim[(r2 - 1) % K][1] - mid) else -1
    ty, tx = c.rim[(r2 + 5 * up) % K]
    return int(ty), int(c.row3[0 if tx < mid else 1, ty])


def test_around_the_boards_to_row_3_beyond_the_second_corner(base):
    """Passing Around the Boards: "Or, puck comes to rest five squares beyond second corner in Row 3" (the coach's
    ``boards`` policy chooses; rules boards_row3=off keeps the first corner only)."""
    c, w = dump_scene(base, policies=("boards=second", None))
    st, sc = stream()
    T.dump(c, w, st, sc, HOME)
    ev = [e for e in w.log[:w.S[Z.nlog]] if e[0] == T.EV.dump][0]
    ty, tx = second_corner_landing(c, AWAY, 0)
    assert (ev[5], ev[6], ev[7]) == (ty, tx, 1) and tx == 16 and 1 <= c.aline[HOME, ty] <= 5
    assert w.cnt[HOME, C.row3_dumps] == 1 and w.cnt[HOME, C.icings] == 0 and w.S[Z.stop] == ST_NONE
    assert w.S[Z.poss] == AWAY and tuple(w.pos[AWAY, 3]) == (ty, tx)     # the away defenseman gets there first
    # the default coach (boards=teammate) never ices it when the second corner is open to him
    c, w = dump_scene(base)
    T.dump(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.row3_dumps] == 1 and w.cnt[HOME, C.icings] == 0
    c, w = dump_scene(base, rules="boards_row3=off")
    T.dump(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.row3_dumps] == 0 and w.cnt[HOME, C.icings] == 1


# ---------------------------------------------------------------- passes off the sideboards

def bank_scene(c):
    w = fresh(c)
    put(c, w, HOME, 0, 20, 9)                    # the carrier in his own half
    for s in (2, 3, 4):
        bench(w, HOME, s)
    for s in range(5):
        put(c, w, AWAY, s, 8, 2 + 3 * s)        # the away skaters far up the ice
    possess(c, w, HOME, 0)
    return w


def test_pass_off_the_sideboards_rebounds_three_squares(base):
    """Passing Off Sideboards: "Puck passed off sideboards rebounds exactly three squares diagonally" (a pass
    meeting the boards at an angle), "rebounds exactly three squares straight back" (meeting them square), "at
    corner rebounds three squares straight back"; the nearest player takes it where it rests."""
    from simcore.games.blueline.kernel.policies import bank_path
    c = base
    w = bank_scene(c)
    ok, n, ry, rx, hit = bank_path(c, w, HOME, 20, 9, 24, 0)
    assert ok and (ry, rx, hit) == (27, 3, 0)
    assert [(int(w.py[i]), int(w.px[i])) for i in range(n - 4, n)] == [(24, 0), (25, 1), (26, 2), (27, 3)]
    ok, n, ry, rx, hit = bank_path(c, w, HOME, 24, 9, 24, 18)
    assert ok and (ry, rx) == (24, 15)
    assert bank_path(c, w, HOME, 20, 9, 24, 1)[0] is False        # not against the boards
    # at the rounded corner (1, 2): straight back out of it, diagonally (the pass came 3 rows and 6 columns)
    ok, n, ry, rx, hit = bank_path(c, w, HOME, 4, 8, 1, 2)
    assert ok and (ry, rx) == (4, 5)
    # played: the left wing beside the resting square takes it; no die is rolled (no contact zone crossed)
    put(c, w, HOME, 1, 28, 3)
    st, sc = stream()
    assert T.bank_pass(c, w, st, sc, HOME, 24 * 64 + 0)
    assert w.S[Z.poss] == HOME and w.S[Z.carrier] == 1 and tuple(w.pos[HOME, 1]) == (27, 3)
    assert w.cnt[HOME, C.bank_passes] == 1 and w.cnt[HOME, C.passes] == 1 and st[4] == 0


@pytest.mark.parametrize("roll, caught", [(8, True), (7, False)])
def test_pass_off_the_sideboards_can_be_intercepted_on_the_rebound(base, roll, caught):
    """Passing Through an Opponent's Contact Zone applies to the whole path of the puck, off the boards too
    ("If the result is (8) or higher the pass is intercepted")."""
    c = base
    w = bank_scene(c)
    put(c, w, HOME, 1, 27, 3)                    # on the resting square: the puck meets him
    from simcore.games.blueline.kernel.state import remove
    remove(w, AWAY, 3)
    put(c, w, AWAY, 3, 26, 4)                    # beside the rebound's squares (25, 1)..(27, 3)
    st, sc = stream(roll)
    T.bank_pass(c, w, st, sc, HOME, 24 * 64 + 0)
    assert st[4] == 1
    assert (w.S[Z.poss], w.S[Z.carrier]) == ((AWAY, 3) if caught else (HOME, 1))


def test_bank_pass_policy(base):
    """The ``bank=open`` coach plays a pass off the sideboards when no teammate is open for a direct pass and a
    teammate reaches the rebound first; ``bank=never`` and rules sideboards=off never do."""
    from simcore.games.blueline.kernel.policies import ACT_BANK, bank_path, bank_target, choose_action
    c = base
    w = bank_scene(c)
    put(c, w, HOME, 1, 28, 3)
    put(c, w, AWAY, 5, *c.crease[AWAY, 1])
    st, sc = stream()
    from simcore.games.blueline.kernel.policies import ACT_PASS
    assert choose_action(c, w, st, sc, HOME, w.ordr)[0] == ACT_PASS     # open for a direct pass: no bank
    from simcore.games.blueline.kernel.state import place
    place(c, w, AWAY, 2, 25, 5)                  # on the direct lane
    act, code = choose_action(c, w, st, sc, HOME, w.ordr)
    assert act == ACT_BANK
    ok, n, ry, rx, hit = bank_path(c, w, HOME, 20, 9, code // 64, code % 64)
    assert ok and max(abs(ry - 28), abs(rx - 3)) <= 1 and c.aline[HOME, ry] <= c.aline[HOME, 20] - 4
    for rules, pol in (("sideboards=off", None), (None, "bank=never")):
        c2 = engine.compile_ctx(rules, (pol, None))
        assert bank_target(c2, w, HOME, w.ordr) == -1


# ---------------------------------------------------------------- goalies: the sweep, loose pucks

def test_goalie_sweeps_the_puck_to_the_corner(base):
    """Dumping the Puck (Penalty-Kill Team): "Goalie's may also sweep the puck to the either corner of the ice
    surface behind their own goal line – The puck would then come to rest in the space up against the boards
    directly adjacent to the goal line just below line 1" (the coach's ``sweep=teammate``: to the corner a
    teammate reaches first)."""
    c = engine.compile_ctx(None, (None, "goalie_pass=hold"))
    w = fresh(c)
    put(c, w, AWAY, 5, *c.crease[AWAY, 1])
    put(c, w, AWAY, 3, 40, 17)
    put(c, w, HOME, 0, 30, 9)
    st, sc = stream()
    T.goalie_play(c, w, st, sc, AWAY)
    assert w.cnt[AWAY, C.sweeps] == 1 and w.cnt[AWAY, C.goalie_holds] == 0
    assert w.S[Z.poss] == AWAY and w.S[Z.carrier] == 3 and tuple(w.pos[AWAY, 3]) == tuple(c.corners[AWAY, 1])
    assert w.S[Z.stop] == ST_NONE
    for rules, pol in (("goalie_sweep=off", "goalie_pass=hold"), (None, "goalie_pass=hold;sweep=never")):
        c2 = engine.compile_ctx(rules, (None, pol))
        w = fresh(c2)
        put(c2, w, AWAY, 5, *c2.crease[AWAY, 1])
        put(c2, w, AWAY, 3, 40, 17)
        put(c2, w, HOME, 0, 30, 9)
        T.goalie_play(c2, w, st, sc, AWAY)
        assert w.cnt[AWAY, C.sweeps] == 0 and w.cnt[AWAY, C.goalie_holds] == 1 and w.S[Z.stop] != ST_NONE


def loose_scene(c):
    w = fresh(c)
    put(c, w, AWAY, 5, *c.crease[AWAY, 1])       # (41, 9)
    put(c, w, HOME, 0, 33, 9)                    # 5 squares from the puck on (38, 9); the goalie is 3 away
    return w


@pytest.mark.parametrize("roll, goalie", [(3, True), (6, True), (2, False)])
def test_goalie_leaves_the_crease_for_a_loose_puck_on_1d6(base, roll, goalie):
    """Goalie's: "If a Goalie wants to leave the crease to recover and play a loose puck ... They may roll 1D6
    only"; "If a Goalie successfully gains possession of a loose puck ... they may hold for a face-off ... or
    pass" (rules goalie_loose=roll: he gets it when the roll covers the distance, else the nearest skater)."""
    c = base
    w = loose_scene(c)
    st, sc = stream(roll)
    T.loose(c, w, st, sc, 38, 9, AWAY)
    assert st[4] == 1 and w.cnt[AWAY, C.goalie_loose] == 1
    if goalie:
        assert w.S[Z.last_poss] == AWAY and tuple(w.pos[AWAY, 5]) == (38, 9)
        assert w.cnt[AWAY, C.goalie_holds] == 1 and w.S[Z.stop] != ST_NONE
    else:
        assert w.S[Z.poss] == HOME and tuple(w.pos[HOME, 0]) == (38, 9)
        assert tuple(w.pos[AWAY, 5]) == (39, 9)       # he skated his 2 toward it


def test_goalie_loose_puck_without_the_roll(base):
    """Rules goalie_loose=nearest: the goalie nearest a loose puck takes it without a roll; the coach's
    ``goalie_loose=never`` keeps him in the crease (the nearest skater takes it); a puck within a square of
    him needs no roll (he plays it from the crease)."""
    c = engine.compile_ctx("goalie_loose=nearest")
    w = loose_scene(c)
    st, sc = stream()
    T.loose(c, w, st, sc, 38, 9, AWAY)
    assert st[4] == 0 and w.S[Z.last_poss] == AWAY and w.cnt[AWAY, C.goalie_loose] == 0
    c = engine.compile_ctx(None, (None, "goalie_loose=never"))
    w = loose_scene(c)
    T.loose(c, w, st, sc, 38, 9, AWAY)
    assert st[4] == 0 and w.S[Z.poss] == HOME
    w = loose_scene(base)
    T.loose(base, w, st, sc, 40, 9, AWAY)
    assert st[4] == 0 and w.S[Z.last_poss] == AWAY and tuple(w.pos[AWAY, 5]) == tuple(base.crease[AWAY, 1])


def test_a_player_on_his_side_takes_only_a_loose_puck_on_his_square(base):
    """Body Checking: the checked player is placed "on its side (that player may not move for the next 2 turns)",
    and "the defender who missed the body check may not be moved on the next turn": a loose puck goes to the
    nearest player who can move to it; one down takes it only when it lies on his own square."""
    c = base
    w = fresh(c)
    put(c, w, HOME, 1, 24, 9)                    # next to the puck on (25, 9), but down
    put(c, w, AWAY, 0, 28, 9)                    # 3 squares off
    put(c, w, HOME, 2, 21, 9)                    # 4 squares off
    w.S[Z.frozen + HOME * 6 + 1] = 2
    st, sc = stream()
    T.loose(c, w, st, sc, 25, 9, HOME)
    assert w.S[Z.poss] == AWAY and w.S[Z.carrier] == 0 and tuple(w.pos[AWAY, 0]) == (25, 9)
    assert tuple(w.pos[HOME, 1]) == (24, 9) and w.cnt[AWAY, C.loose_won] == 1
    w.S[Z.frozen + AWAY * 6 + 0] = 1             # the away skater down too, now on the puck's square: his
    T.loose(c, w, st, sc, 25, 9, HOME)           # own square, so he plays it without moving
    assert w.S[Z.poss] == AWAY and w.S[Z.carrier] == 0
    w = fresh(c)
    put(c, w, HOME, 1, 24, 9)                    # everyone down: the nearest takes it after all
    put(c, w, AWAY, 0, 28, 9)
    for t in range(2):
        for s in range(6):
            w.S[Z.frozen + t * 6 + s] = 1
    T.loose(c, w, st, sc, 25, 9, HOME)
    assert w.S[Z.poss] == HOME and w.S[Z.carrier] == 1 and st[4] == 0


# ---------------------------------------------------------------- the pulled goalie skates back

def test_pulled_goalie_skates_back_to_line_18_then_the_crease(base):
    """Pulling the Goalie: "The Goalie may be returned directly to the crease but only after skating to the
    starting position at line 18 where they entered the game as an extra attacker" (rules pull_return=skate; the
    coach's ``pull=trailing`` calls him back when the other team has the puck or the score is level)."""
    from simcore.games.blueline.kernel.policies import mark_target
    c = base
    sy, sx = (int(v) for v in c.pullspot[HOME])
    w = fresh(c, period=3, dial=2)
    w.S[Z.pulled + HOME] = 1
    w.S[Z.score + AWAY] = 1
    put(c, w, HOME, 0, 30, 9)
    put(c, w, HOME, 5, sy, sx - 3)
    bench(w, HOME, 1)
    bench(w, HOME, 2)
    possess(c, w, HOME, 0)
    st, sc = stream(7)
    T.move_offense(c, w, st, sc, HOME, GROUP_W, -1)         # trailing with the puck: he stays an attacker
    assert w.S[Z.pulled + HOME] == 1 and w.pos[HOME, 5, 0] != c.crease[HOME, 1, 0]
    w.S[Z.score + HOME] = 1                                 # level: he heads for line 18 and returns
    from simcore.games.blueline.kernel.state import place
    place(c, w, HOME, 5, sy, sx - 3)
    st, sc = stream(7)
    T.move_offense(c, w, st, sc, HOME, GROUP_W, -1)
    assert w.S[Z.pulled + HOME] == 0 and w.cnt[HOME, C.goalie_returns] == 1
    assert tuple(w.pos[HOME, 5]) == tuple(c.crease[HOME, 1])
    # on defense his target is the pull spot; standing on it he goes to the crease
    w = fresh(c, period=3, dial=2)
    w.S[Z.pulled + HOME] = 1
    put(c, w, AWAY, 0, 20, 9)
    possess(c, w, AWAY, 0)
    put(c, w, HOME, 5, 26, 9)
    assert mark_target(c, w, HOME, 5, -1) == (sy, sx)
    from simcore.games.blueline.kernel.state import place
    place(c, w, HOME, 5, sy, sx)
    T.maybe_return(c, w, HOME)
    assert w.S[Z.pulled + HOME] == 0 and tuple(w.pos[HOME, 5]) == tuple(c.crease[HOME, 1])
    c2 = engine.compile_ctx("pull_return=faceoff")
    w.S[Z.pulled + HOME] = 1
    place(c2, w, HOME, 5, sy, sx)
    T.maybe_return(c2, w, HOME)
    assert w.S[Z.pulled + HOME] == 1 and tuple(w.pos[HOME, 5]) == (sy, sx)


# ---------------------------------------------------------------- overtime

def ot_pass_scene(c):
    w = fresh(c, period=4, dial=4)
    w.S[Z.ot] = 1
    for t in (HOME, AWAY):
        bench(w, t, 2)
    put(c, w, HOME, 0, 19, 9)                    # the center in his own half
    put(c, w, HOME, 1, 24, 4)                    # the winger 5 lines up the ice, open
    put(c, w, HOME, 3, 14, 7)
    put(c, w, HOME, 4, 14, 11)
    for s in (0, 1, 3, 4):
        put(c, w, AWAY, s, 38, 2 + 4 * s)
    put(c, w, AWAY, 5, *c.crease[AWAY, 1])
    possess(c, w, HOME, 0)
    return w


@pytest.mark.parametrize("rules, moved", [(None, (0, 1)), ("ot_pass_move=receiver", (1,)),
                                          ("ot_pass_move=off", ())])
def test_overtime_receiver_moves_after_the_free_pass(base, rules, moved):
    """Over Time: "Passing is a free turn for all players meaning that a player may move and pass or may pass to
    a teammate and that player may now move" (rules ot_pass_move=group: the receiver's group, the center and
    winger together with +2; receiver: he alone; off: no move)."""
    c = engine.compile_ctx(rules) if rules else base
    w = ot_pass_scene(c)
    before = w.pos[HOME].copy()
    st, sc = stream(6)
    T.offense_turn(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.passes] == 1 and w.S[Z.poss] == HOME and w.S[Z.carrier] == 1
    assert st[4] == (1 if moved else 0)
    for s in (0, 1):
        assert (tuple(w.pos[HOME, s]) != tuple(before[s])) == (s in moved)
    if moved:
        skate = [e for e in w.log[:w.S[Z.nlog]] if e[0] == T.EV.skate][0]
        assert skate[5] == 6 and w.cnt[HOME, C.moves] == len(moved)


def test_overtime_is_four_on_four_less_penalties_never_five(base):
    """Over Time: "Remove one of the wingers from each team so that both teams are 4-on-4"; 3rd Player Penalty:
    "You must always have 3 skaters on the ice" (rules ot_release=bench): a penalty pending at the end of
    regulation is imposed first, the team plays 3; the player leaving the box brings it back to 4, not 5; a
    second penalty in overtime calls the benched winger back so that 3 stay on the ice.  With ot_release=ice a
    team can reach 5."""
    c = base
    w = fresh(c, period=3)
    T.queue_penalty(w, HOME, 2, 0)               # the home right wing's delayed minor at the end of regulation
    st, sc = stream()
    T.start_overtime(c, w, st, sc)
    assert w.S[Z.box_slot + HOME * 2] == 2 and T.skaters(w, HOME) == 3 and T.skaters(w, AWAY) == 4
    assert w.S[Z.on_ice + HOME * 6 + 1] == 0 and w.S[Z.on_ice + AWAY * 6 + 2] == 0
    w.S[Z.period] = 4
    T.to_box(c, w, st, sc, HOME, 0, 0)           # a second minor in overtime: the left wing comes back
    assert T.skaters(w, HOME) == 3 and w.S[Z.on_ice + HOME * 6 + 1] == 1
    for _ in range(2):
        T.box_advance(c, w, st, sc, HOME)
    assert T.skaters(w, HOME) == 4 and w.cnt[HOME, C.ot_benched] >= 2
    c2 = engine.compile_ctx("ot_release=ice")
    w = fresh(c2, period=3)
    T.queue_penalty(w, HOME, 2, 0)
    T.start_overtime(c2, w, st, sc)
    w.S[Z.ot] = 1
    T.impose_delayed(c2, w, st, sc)
    assert T.skaters(w, HOME) == 4
    for _ in range(2):
        T.box_advance(c2, w, st, sc, HOME)
    assert T.skaters(w, HOME) == 5


# ---------------------------------------------------------------- the rule fields' alternatives, one each

def test_check_tie_defender_wins_a_tied_check():
    """Checking, rules check_tie=defender: "High roll wins" is silent on ties; here the defender takes them (the
    same 8-8 that the carrier keeps under the rulebook's default, test_stick_check_lose_and_tie)."""
    c = engine.compile_ctx("check_tie=defender")
    w = check_scene(c)
    st, sc = stream(8, 8)
    assert T.check(c, w, st, sc, AWAY, 0, 1)
    assert (w.S[Z.poss], w.S[Z.carrier]) == (AWAY, 0) and w.cnt[AWAY, C.stick_steals] == 1


@pytest.mark.parametrize("rules, checks", [(None, 1), ("checks=each", 2)])
def test_checks_each_lets_every_defender_beside_the_carrier_check(rules, checks):
    """Defensive Turn, rules checks=one / each: the away wings skate (roll 12), LW to the carrier's side as the
    checker, RW marking the home wing beside him, so both end in his contact zone.  LW's stick check fails 3-11;
    under ``each`` RW then checks, 11-3, and steals."""
    c = engine.compile_ctx(rules, (None, "check=stick"))
    w = fresh(c)
    put(c, w, HOME, 0, 20, 9)
    put(c, w, HOME, 1, 20, 10)
    put(c, w, AWAY, 1, 24, 8)
    put(c, w, AWAY, 2, 24, 10)
    put(c, w, AWAY, 0, 35, 9)
    put(c, w, AWAY, 3, 38, 5)
    put(c, w, AWAY, 4, 38, 13)
    put(c, w, AWAY, 5, *c.crease[AWAY, 1])
    possess(c, w, HOME, 0)
    st, sc = stream(12, 3, 11, 11, 3)
    T.defense_turn(c, w, st, sc, AWAY)
    assert tuple(w.pos[AWAY, 1]) == (21, 9) and tuple(w.pos[AWAY, 2]) == (21, 10)
    assert w.cnt[AWAY, C.stick_checks] == checks and st[4] == 1 + 2 * checks
    assert (w.S[Z.poss], w.S[Z.carrier]) == ((HOME, 0) if checks == 1 else (AWAY, 2))


@pytest.mark.parametrize("rules", [None, "rebound=defense"])
def test_rebound_defense_the_goalie_covers_it(rules):
    """Shots on Goal, rules rebound=defense: a chart 'rebound' is covered by the defending goalie, a face-off;
    under ``nearest`` the home winger on the rebound square takes it (test_rebound_goes_to_the_nearest_player)."""
    c = engine.compile_ctx(rules)
    w = shot_scene(c)
    put(c, w, HOME, 1, c.goal[AWAY, 0] - 2, 9)
    side = 0 if c.inside[w.pos[HOME, 0, 0], 9] else 1
    st, sc = stream(1, 1, roll_for(c, side, 1, 0, 5, 2))
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.rebounds] == 1
    if rules:
        assert w.S[Z.stop] != ST_NONE and list(w.cnt[:, C.loose_won]) == [0, 0]
    else:
        assert w.S[Z.stop] == ST_NONE and list(w.cnt[:, C.loose_won]) == [1, 0] and w.S[Z.carrier] == 1


def test_empty_net_goal_every_shot_at_an_empty_net_scores():
    """Pulling the Goalie, rules empty_net=goal: no cards and no chart, the shot scores (no entry is read)."""
    c = engine.compile_ctx("empty_net=goal")
    w = shot_scene(c)
    w.S[Z.pulled + AWAY] = 1
    st, sc = stream()
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.en_goals] == 1 and w.goals[HOME, 0] == 1 and st[4] == 0


@pytest.mark.parametrize("rules, stop", [(None, ST_NONE), ("delayed_until=touch", ST_PENALTY)])
def test_delayed_until_touch_stops_play_when_the_penalized_team_gains_the_puck(rules, stop):
    """Delayed Penalty: "Play continues until there is a stoppage in play"; rules delayed_until=touch also stops
    it when the penalized team gains the puck.  Away's body check misses on a double 1 (a delayed minor), then its
    next body check wins 10-4."""
    c = engine.compile_ctx(rules)
    w = check_scene(c)
    st, sc = stream(2, 7, MINOR_CARD, 10, 4)
    T.check(c, w, st, sc, AWAY, 0, 2)
    assert w.S[Z.stop] == ST_NONE and w.S[Z.del_n + AWAY] == 1
    assert T.check(c, w, st, sc, AWAY, 0, 2)
    assert w.S[Z.poss] == AWAY and w.S[Z.stop] == stop and w.S[Z.del_n + AWAY] == 1


@pytest.mark.parametrize("rules", [None, "zone_slow=even-strength"])
def test_zone_slow_even_strength_spares_a_power_play(rules):
    """Contact Zone, rules zone_slow=even-strength: the -2 applies only at even strength ("This applies to all
    players on both teams during even strength play"); under ``always`` also with a player in the box."""
    c = engine.compile_ctx(rules)
    w = fresh(c)
    put(c, w, HOME, 1, 20, 9)
    put(c, w, AWAY, 0, 21, 9)
    assert T.slowed(c, w, HOME, 1)
    bench(w, AWAY, 3)                       # five skaters against four
    assert T.slowed(c, w, HOME, 1) == (rules is None)


@pytest.mark.parametrize("rules", [None, "pp_move_pass=every-turn"])
def test_pp_move_pass_every_turn_keeps_the_move_and_pass(rules):
    """Power Plays & Penalty Killing: "Move & Pass for one turn": once (the first offensive turn uses it up) or,
    rules pp_move_pass=every-turn, every offensive turn of the power play."""
    c = engine.compile_ctx(rules)
    w = shot_scene(c, line=20)
    bench(w, AWAY, 3)
    w.S[Z.move_pass + HOME] = 1
    st, sc = stream(*([7] * 30))
    T.offense_turn(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.turns] == 1 and w.S[Z.move_pass + HOME] == (1 if rules else 0)


@pytest.mark.parametrize("rules", [None, "zone_slow_dest=ignored"])
def test_zone_slow_dest_ignored_lets_a_skater_end_in_a_zone_unslowed(rules):
    """Contact Zone, rules zone_slow_dest=counts / ignored: ending a move in an opponent's contact zone counts as
    skating through it (-2), or does not.  The home winger, 6 spaces, 5 squares from a square beside the away
    center: out of reach when it counts, in reach when it is ignored; the square before the zone either way."""
    from simcore.games.blueline.kernel.layout import R

    c = engine.compile_ctx(rules)
    w = fresh(c)
    put(c, w, HOME, 1, 10, 9)
    put(c, w, AWAY, 0, 16, 9)
    out = np.zeros(c.cell.shape, np.int8)
    G.reachable(c.cell, w.occ, w.pos, w.S[Z.on_ice:Z.on_ice + 12], HOME, 10, 9, 6, True,
                c.rules[R.zone_slow_dest] != 0, out)
    assert out[14, 9] == 1 and out[15, 9] == (1 if rules else 0)


def _events(w, *codes):
    """The log's events of the given codes, in order: (code, team, slot)."""
    return [(int(e[0]), int(e[3]), int(e[4])) for e in w.log[:w.S[Z.nlog]] if e[0] in codes]


def test_a_player_with_two_penalties_serves_them_one_after_the_other(base):
    """Penalties: a player who draws a second penalty (two delayed minors imposed at one stoppage) takes one box
    place, not both: the second waits, he off the ice, and starts when the first ends.  Not a third player."""
    c = base
    w = fresh(c)
    put(c, w, HOME, 0, 20, 9)
    T.queue_penalty(w, HOME, 0, 0)
    T.queue_penalty(w, HOME, 0, 0)
    st, sc = stream()
    T.impose_delayed(c, w, st, sc)
    assert (w.S[Z.box_slot + HOME * 2], w.S[Z.box_slot + HOME * 2 + 1]) == (0, -1)
    assert w.S[Z.wait_n + HOME] == 1 and w.cnt[HOME, C.third_player] == 0
    assert w.S[Z.on_ice + HOME * 6 + 0] == 0 and w.cnt[AWAY, C.pp_opportunities] == 1
    T.box_advance(c, w, st, sc, HOME)
    assert w.S[Z.box_left + HOME * 2] == 1
    before = len(_events(w, T.EV.release, T.EV.penalty))
    T.box_advance(c, w, st, sc, HOME)            # the first minor is over: the second starts, he stays in the box
    assert w.S[Z.box_slot + HOME * 2] == 0 and w.S[Z.box_left + HOME * 2] == 2 and w.S[Z.wait_n + HOME] == 0
    assert w.S[Z.on_ice + HOME * 6 + 0] == 0
    assert _events(w, T.EV.release, T.EV.penalty)[before:] == [(T.EV.penalty, HOME, 0)]
    assert w.cnt[AWAY, C.pp_opportunities] == 1          # one power play, not a second
    T.box_advance(c, w, st, sc, HOME)
    T.box_advance(c, w, st, sc, HOME)
    assert box_places(w, HOME) == (-1, -1) and w.S[Z.on_ice + HOME * 6 + 0] == 1


def _pp_goal(c, w):
    """Home scores on the power play from the shot scene (cards 1 and 4: out of position, a goal on the chart)."""
    side = 0 if c.inside[w.pos[HOME, 0, 0], 9] else 1
    st, sc = stream(1, 4, roll_for(c, side, 0, 1, 5, 3))
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.pp_goals] == 1


def test_a_power_play_goal_ends_the_first_of_two_minors_and_the_second_starts_whole(base):
    """Penalties: "MINOR penalties will automatically expire if there is a power-play goal", and the shot moves
    the box: away's LD holds two minors; the goal's shot moves him to 1 space, the goal ends that minor, and his
    second starts with its 2 spaces (the shot does not move it)."""
    c = base
    w = shot_scene(c)
    T.queue_penalty(w, AWAY, 3, 0)
    T.queue_penalty(w, AWAY, 3, 0)
    st, sc = stream()
    T.impose_delayed(c, w, st, sc)
    _pp_goal(c, w)
    assert box_places(w, AWAY) == (3, -1) and w.S[Z.box_left + AWAY * 2] == 2 and w.S[Z.wait_n + AWAY] == 0


def test_a_power_play_goal_and_its_shot_free_two_minors(base):
    """The shot moves the box (a minor with 1 space left is free) and the power-play goal ends the other minor:
    away's LD (1 space) and RD (2 spaces) both come out."""
    c = base
    w = shot_scene(c)
    serving(w, AWAY, ((3, 1), (4, 2)))
    _pp_goal(c, w)
    assert box_places(w, AWAY) == (-1, -1)
    assert w.S[Z.on_ice + AWAY * 6 + 3] == 1 and w.S[Z.on_ice + AWAY * 6 + 4] == 1


def test_a_power_play_goal_into_an_empty_net_ends_the_minor_too(base):
    """"MINOR penalties will automatically expire if there is a power-play goal": home scores five skaters against
    four into the net away left empty (its goalie pulled though short-handed). The goal is counted as an empty-net
    goal, and it ends away's minor all the same."""
    from simcore.games.blueline.kernel.state import place, remove

    c = base
    w = shot_scene(c)
    serving(w, AWAY, ((1, 2),))
    w.S[Z.pulled + AWAY] = 1
    remove(w, AWAY, 5)
    place(c, w, AWAY, np.int64(5), c.pullspot[AWAY, 0], c.pullspot[AWAY, 1])
    assert T.skaters(w, HOME) > T.skaters(w, AWAY)
    side = 0 if c.inside[w.pos[HOME, 0, 0], 9] else 1
    st, sc = stream(roll_for(c, side, 0, 1, 5, 3))
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.en_goals] == 1 and w.cnt[HOME, C.pp_goals] == 0
    assert box_places(w, AWAY) == (-1, -1) and w.S[Z.on_ice + AWAY * 6 + 1] == 1


@pytest.mark.parametrize("result, done, period, score, left", [(0, 1, 1, 0, 1), (1, 0, 1, 0, 1), (0, 1, 3, 0, 1),
                                                           (0, 1, 3, 1, 2)])
def test_a_shot_moves_the_box_also_when_its_result_ends_the_period(base, result, done, period, score, left):
    """"A shot on net by either team" moves the box "once the shot is played": at dial 1 a blank (the goalie's
    team takes the puck, a change of possession) ends the period, a save does not; either way home's LD, two
    spaces from the gate, is one space from it after the shot, the third period's end included when the score is
    level (the overtime comes). A third period that ends with away a goal ahead ends the game: the box stays
    (both time-outs used, so nobody stops the dial)."""
    c = base
    w = shot_scene(c)
    w.S[Z.period] = period
    w.S[Z.score + AWAY] = score
    w.S[Z.timeout_used] = w.S[Z.timeout_used + 1] = 1
    w.S[Z.dial] = 1
    st, sc = stream()
    T.to_box(c, w, st, sc, HOME, 3, 0)
    side = 0 if c.inside[w.pos[HOME, 0, 0], 9] else 1
    st, sc = stream(1, 1, roll_for(c, side, 0, 0, 5, result))      # TR against BL: out of position
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.shots] == 1 and w.S[Z.done] == done
    assert box_places(w, HOME) == (3, -1) and w.S[Z.box_left + HOME * 2] == left


@pytest.mark.parametrize("order", [(5, 1), (1, 5)])
def test_a_goalies_penalty_is_served_by_a_teammate_without_one_of_his_own(base, order):
    """"Goalie penalties are served by a teammate" (the first of LW, RW, C, LD, RD on the ice): with the LW's own
    penalty at the same stoppage, the LW serves his and the RW the goalie's, whichever was drawn first."""
    c = base
    w = fresh(c)
    for s in order:
        T.queue_penalty(w, HOME, s, 0)
    st, sc = stream()
    T.impose_delayed(c, w, st, sc)
    assert box_places(w, HOME) == (1, 2) and w.S[Z.wait_n + HOME] == 0


def box_places(w, t):
    return int(w.S[Z.box_slot + t * 2]), int(w.S[Z.box_slot + t * 2 + 1])


def serving(w, t, places):
    """Team t's players serve minors in the box: ``places`` (slot, spaces left) for box place 0, then 1."""
    from simcore.games.blueline.kernel.state import remove

    for k, (s, left) in enumerate(places):
        w.S[Z.box_slot + t * 2 + k] = s
        w.S[Z.box_left + t * 2 + k] = left
        w.S[Z.box_kind + t * 2 + k] = 0
        bench(w, t, s)
        remove(w, t, s)


def two_serving_and_c_waiting(w):
    """Home's LD (3 spaces left) and RD (1 space left) serve minors; its C waits on the ice as a third player."""
    serving(w, HOME, ((3, 3), (4, 1)))
    w.S[Z.wait_slot + HOME * 4] = 0
    w.S[Z.wait_kind + HOME * 4] = 0
    w.S[Z.wait_n + HOME] = 1


def test_the_box_moves_once_the_shot_is_played(base):
    """Penalties: "A shot on net by either team" moves the box.  Home's RD has one space left and home's C, the
    shooter, waits on the ice as a third player (LD and RD serving): the shot is played and scored by him first
    (short-handed), then the box moves, RD leaves and C goes in."""
    c = base
    w = shot_scene(c)
    two_serving_and_c_waiting(w)
    side = 0 if c.inside[w.pos[HOME, 0, 0], 9] else 1
    st, sc = stream(1, 1, roll_for(c, side, 0, 0, 5, 3))
    T.shot(c, w, st, sc, HOME)
    assert w.cnt[HOME, C.sh_goals] == 1
    ev = _events(w, T.EV.shot, T.EV.goal, T.EV.release, T.EV.penalty)
    assert ev == [(T.EV.shot, HOME, 0), (T.EV.goal, HOME, 0), (T.EV.release, HOME, 4), (T.EV.penalty, HOME, 0)]
    assert box_places(w, HOME) == (3, 0) and w.S[Z.wait_n + HOME] == 0


@pytest.mark.parametrize("rules", [None, "goalie_challenge=free"])
def test_goalie_challenge_free_lets_a_group_skate_after_him(rules):
    """Goalie's, rules goalie_challenge=turn / free: the goalie's 1d6 (1: too short to reach the carrier) is his
    team's whole defensive turn, or, "Goalie movement is NOT a turn. Its free." (Defensive Turn), a group then
    skates on its 2d6 (7) and the defender beside the carrier stick checks (7-12: the carrier keeps it)."""
    c = engine.compile_ctx(rules, (None, "check=stick"))
    gy, gx = c.crease[AWAY, 1]
    w = fresh(c)
    put(c, w, AWAY, 5, gy, gx)
    put(c, w, HOME, 0, gy - 3, gx)
    put(c, w, AWAY, 3, gy - 4, gx)
    possess(c, w, HOME, 0)
    st, sc = stream(1, 7, 7, 12, 2, 12)
    T.defense_turn(c, w, st, sc, AWAY)
    assert w.cnt[AWAY, C.turns] == 1 and w.S[Z.poss] == HOME
    if rules is None:
        assert st[4] == 1 and w.cnt[AWAY, C.moves] == 0 and w.cnt[AWAY, C.stick_checks] == 0
    else:
        assert st[4] == 4 and w.cnt[AWAY, C.moves] > 0 and w.cnt[AWAY, C.stick_checks] == 1


def test_the_carriers_penalty_is_delayed_when_the_checker_steals(base):
    """Delayed Penalty, the docs' reading: a penalty whose team is without the puck when the check is over is
    delayed, so the carrier's double 1 on a body check he loses 10-2 is a delayed minor (play goes on with the
    checker's team in possession)."""
    c = base
    w = check_scene(c)
    st, sc = stream(10, 2, MINOR_CARD)
    assert T.check(c, w, st, sc, AWAY, 0, 2)
    assert (w.S[Z.poss], w.S[Z.carrier]) == (AWAY, 0) and w.S[Z.stop] == ST_NONE
    assert w.S[Z.del_n + HOME] == 1 and w.S[Z.del_slot + HOME * 4] == 0 and w.cnt[HOME, C.delayed] == 1
    assert w.S[Z.del_n + AWAY] == 0 and st[4] == 3


def _shootout_entries(c, rounds_missed, home_scores_after):
    """Both teams miss ``rounds_missed`` rounds (matching cards: saves), then home scores out of position and
    away is saved, ``home_scores_after`` times (0: no such round)."""
    from simcore.games.blueline.kernel.layout import R

    goal_out = next(r for r in range(2, 13) if c.table[0, 0, 1, int(c.rules[R.shootout_line]), r] == 3)
    return [3, 3, 3, 3] * rounds_missed + [1, 4, goal_out, 3, 3] * home_scores_after


def test_a_level_shootout_goes_to_sudden_death_rounds(base):
    """Shoot Out: all five rounds level (every shot saved), then sudden death: home scores in round 6, away is
    saved, and it ends there (shootout_tie=sudden-death)."""
    c = base
    w = fresh(c)
    entries = _shootout_entries(c, 5, 1)
    st, sc = stream(*entries)
    T.shootout(c, w, st, sc)
    assert (w.so[HOME], w.so[AWAY]) == (1, 0) and st[4] == len(entries)
    assert w.cnt[HOME, C.so_shots] == 6 and w.cnt[AWAY, C.so_shots] == 6


def test_sudden_death_stops_after_fifty_rounds_level(base):
    """Shoot-out, the docs: "sudden-death rounds (at most 50, then a tie)": 5 + 50 rounds of saves, and no more."""
    c = base
    w = fresh(c)
    entries = _shootout_entries(c, 55, 0) + [1, 4, 12]           # a 56th round would read these
    st, sc = stream(*entries)
    T.shootout(c, w, st, sc)
    assert (w.so[HOME], w.so[AWAY]) == (0, 0) and st[4] == 55 * 4
    assert w.cnt[HOME, C.so_shots] == 55 and w.cnt[AWAY, C.so_shots] == 55


def test_a_third_player_entering_the_box_opens_a_power_play(base):
    """3rd Player Penalty / Power Plays: home's LD and RD serve, its C waits on the ice; when RD's time is up
    (one space left, a shot moves the box) C goes in, home is down to three skaters against five, and that is an
    away power-play opportunity (with its Move & Pass)."""
    c = base
    w = fresh(c)
    two_serving_and_c_waiting(w)
    st, sc = stream()
    T.box_advance(c, w, st, sc, HOME)
    assert box_places(w, HOME) == (3, 0) and w.S[Z.on_ice + HOME * 6 + 4] == 1
    assert w.cnt[AWAY, C.pp_opportunities] == 1 and w.S[Z.move_pass + AWAY] == 1


@pytest.mark.parametrize("slot, lane, reach_6", [(5, 0, True), (3, 2, False)])
def test_a_pulled_goalie_has_no_zone_and_blocks_no_shot(slot, lane, reach_6):
    """Contact Zone: "applies to all players on the ice except the Goalie's"; the docs' reading: a pulled goalie
    has no zone either and does not block shots.  Away's pulled goalie (slot 5) in the shooter's lane leaves it
    open (lane 0) where its LD (slot 3) blocks it (lane 2); beside a home winger he does not slow him (6 spaces,
    not 4)."""
    from simcore.games.blueline.kernel import lanes as L

    c = engine.compile_ctx()
    w = shot_scene(c)
    w.S[Z.pulled + AWAY] = 1
    y, x = w.pos[HOME, 0]
    put(c, w, AWAY, slot, y + (1 if c.goal[AWAY, 0] > y else -1), x)
    assert L.shot_lane(c, w, HOME, y, x)[1] == lane
    w = fresh(c)
    w.S[Z.pulled + AWAY] = 1
    put(c, w, HOME, 1, 20, 9)
    put(c, w, AWAY, slot, 21, 9)
    out = reach(c, w, HOME, 1, 6)
    assert out[16, 9] == 1 and bool(out[14, 9]) == reach_6
