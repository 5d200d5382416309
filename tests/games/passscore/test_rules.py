"""Pass & Score rules replayed on set positions with scripted plays, one scenario per rule of the rulebook
(shared/rules/pass-and-score.txt; its headings are cited in capitals).

Coordinates are [row, column] on the shipped board: home (red) defends row 0 and attacks up; its attacking zone is
rows 12-17 (the away blue line runs between rows 11 and 12), the centre line between rows 8 and 9, the home blue
line between rows 5 and 6.  Slots: 0 G, 1 C, 2 L, 3 R, 4 D, 5 E.  The away goal circles, by index: [17,4], [17,3],
[17,2].
"""
from __future__ import annotations

import pytest

from simcore.errors import InputError
from simcore.games.passscore.engine import Position, move

#: one xdist worker runs the Pass & Score position tests (`make test` distributes with --dist loadgroup): they call
#: entry points `simcore compile` does not compile (the play generator, a scripted turn), once a worker otherwise
pytestmark = pytest.mark.xdist_group("passscore_positions")

HOME_FAR = [(0, 3), (0, 6), (0, 5), (1, 6), (1, 5), (0, 0)]
AWAY_FAR = [(17, 3), (17, 0), (17, 1), (16, 0), (16, 1), (17, 6)]
# home carrier C in the neutral zone with L and R level with it, D and E behind
HOME_A = [(0, 3), (9, 3), (9, 1), (9, 5), (7, 2), (7, 4)]


def pos(home=HOME_A, away=AWAY_FAR, poss=0, carrier=1, rules=None) -> Position:
    return Position(rules).set(home, away, poss, carrier)


def legal(p, team=None) -> set:
    return {tuple(int(v) for v in r) for r in p.legal(p.to_move if team is None else team)}


def make(p, play) -> int:
    assert tuple(play) in legal(p), f"{play} is not legal"
    return p.turn(play)


# ---------------------------------------------------------------- A PLAY CONSISTS OF ONE OF THE FOLLOWING

def test_type_1_three_players_one_space_each():
    p = pos()
    assert make(p, (1, move(1, "up"), move(2, "up"), move(3, "up"))) == 1
    assert [p.where(0, s) for s in (1, 2, 3)] == [(10, 3), (10, 1), (10, 5)]
    assert p.poss == (0, 1) and p.counts("moves") == (3, 0) and p.counts("plays") == (1, 0)


def test_type_2_two_players_and_a_pass():
    p = pos()
    make(p, (2, move(4, "up"), move(5, "up"), 2))
    assert p.where(0, 4) == (8, 2) and p.where(0, 5) == (8, 4) and p.poss == (0, 2)
    assert p.counts("passes") == (1, 0)


def test_type_3_one_player_and_two_passes():
    p = pos()
    make(p, (3, move(4, "up"), 2, 3))         # C -> L along row 9, then L -> R past C (a team-mate does not block)
    assert p.poss == (0, 3) and p.where(0, 4) == (8, 2)


def test_type_4_three_passes():
    p = pos()
    make(p, (4, 2, 3, 1))
    assert p.poss == (0, 1) and p.counts("passes") == (3, 0) and p.counts("moves") == (0, 0)


def test_type_5_one_player_two_spaces_and_a_pass():
    p = pos()
    make(p, (5, move(2, "up"), move(2, "up"), 2))     # L to [11,1], then the diagonal pass from C at [9,3]
    assert p.where(0, 2) == (11, 1) and p.poss == (0, 2)


# the carrier C on a shooting circle at [14,2] with a clear column to goal circle [17,2] (index 2)
HOME_B = [(0, 3), (14, 2), (12, 1), (12, 5), (10, 2), (14, 4)]


def test_type_6_two_players_and_a_goal_then_the_restart_from_centre_ice():
    p = pos(HOME_B)
    assert make(p, (6, move(2, "up"), move(3, "up"), 2)) == 1
    assert p.goals == (1, 0) and p.counts("shots") == (1, 0)
    # SCORING: "The team scored against then starts from centre ice as the attackers, both teams taking up their
    # starting positions."
    start = p.board.start
    for t in range(2):
        for s in range(6):
            assert p.w.pos[t, s] == start[t, s]
    assert p.poss == (1, 1) and p.to_move == 1


def test_type_7_two_passes_and_a_goal():
    p = pos(HOME_B)
    make(p, (7, 5, 1, 2))                     # C -> E along row 14, E -> C, shot
    assert p.goals == (1, 0) and p.counts("passes") == (2, 0)


def test_type_8_the_carrier_twice_and_a_goal():
    p = pos([(0, 3), (12, 2), (12, 1), (12, 5), (10, 2), (14, 4)])
    make(p, (8, move(1, "up"), move(1, "up"), 2))
    assert p.goals == (1, 0)


def test_the_play_types_hold_their_movers():
    p = pos()
    plays = legal(p)
    assert (1, move(1, "up"), move(1, "up"), move(2, "up")) not in plays        # three players, not one twice
    assert (6, move(2, "up"), move(2, "up"), 0) not in plays                    # two players
    assert (8, move(2, "up"), move(2, "up"), 0) not in plays                    # the carrier, not L
    # "two moves are the maximum for any one player": no play moves a player more than twice
    for r in plays:
        slots = [a // 16 for a, k in zip(r[1:], _kinds(r[0])) if a >= 0 and k == "M"]
        assert all(slots.count(s) <= 2 for s in slots)
    # the team without the puck can only move three players (play type 1)
    assert {r[0] for r in legal(p, 1)} == {1}


def test_moves_forward_sideways_or_diagonally_and_the_moves_rule():
    """"A player may be moved forward, sideways or diagonally": moves=eight (default) also lets a player step
    straight back, toward his own goal; seven does not; five allows no backward step at all.  Home defends row 0,
    so its back is down; away's is up."""
    back, back_diag, side = move(2, "down"), move(2, "down-left"), move(2, "left")
    for rules, allowed in ((None, {back, back_diag, side}), ("moves=seven", {back_diag, side}),
                           ("moves=five", {side})):
        plays = legal(pos(rules=rules))
        got = {m for m in (back, back_diag, side) if (1, move(1, "up"), m, move(3, "up")) in plays}
        assert got == allowed, (rules, got)
    away = [(17, 3), (13, 3), (17, 1), (16, 0), (16, 1), (17, 6)]     # the away centre at [13,3]: his back is up
    p = pos(away=away, rules="moves=seven")
    assert not any(move(1, "up") in r[1:] for r in legal(p, 1))
    assert any(move(1, "up-left") in r[1:] for r in legal(p, 1))
    with pytest.raises(InputError, match="not a legal play"):
        p.play(0, (1, move(1, "up"), back, move(3, "up")))


def _kinds(typ):
    return {1: "MMM", 2: "MMP", 3: "MPP", 4: "PPP", 5: "MMP", 6: "MMS", 7: "PPS", 8: "MMS"}[typ]


# ---------------------------------------------------------------- PASSING

def test_a_defender_in_line_blocks_a_pass_a_team_mate_does_not():
    away = [(17, 3), (9, 2), (17, 1), (16, 0), (16, 1), (17, 6)]      # an away skater between C [9,3] and L [9,1]
    p = pos(away=away)
    assert (4, 2, 1, 3) not in legal(p)
    assert (4, 3, 1, 3) in legal(p)
    p = pos()
    assert (4, 2, 3, 1) in legal(p)                  # L -> R passes over C
    p = pos(rules="pass_block=anyone")
    assert (4, 2, 3, 1) not in legal(p)


def test_a_pass_is_a_straight_line_of_any_length():
    home = [(0, 3), (9, 3), (10, 1), (13, 3), (7, 2), (7, 4)]
    p = pos(home, rules="offside=off")
    plays = legal(p)
    assert not any(r[0] == 4 and r[1] == 2 for r in plays)             # [9,3] -> [10,1]: not a line
    assert any(r[0] == 4 and r[1] == 3 for r in plays)                 # [9,3] -> [13,3]: four rows up the column


def test_an_offside_pass_over_two_lines_is_not_a_play():
    # OFFSIDE 1. "When the puck is passed ahead over two lines to a team-mate."
    home = [(0, 3), (5, 3), (8, 3), (9, 3), (12, 3), (4, 4)]
    for rules, ok in ((None, {2}), ("offside=off", {2, 3, 4})):
        p = pos(home, rules=rules)
        passes = {r[1] for r in legal(p) if r[0] == 4}
        assert passes & {2, 3, 4} == ok, (rules, passes)
    # [5,3] -> [8,3] crosses the home blue line only; -> [9,3] the blue and the centre line; -> [12,3] all three


def test_offside_pass_called_makes_a_pass_over_two_lines_a_play_that_ends_in_the_face_off():
    """OFFSIDE 1 read as an offside the defender calls (offside_pass=called) rather than a move the coach may not
    make: the pass over two lines is a play, cut short there; the face-off is at the red dot nearest the puck, which
    is still with the passer."""
    home = [(0, 3), (5, 3), (8, 3), (9, 3), (12, 3), (4, 4)]
    called = legal(pos(home, rules="offside_pass=called"))
    cut = {(4, 3, -1, -1), (4, 4, -1, -1),                 # C [5,3] -> R [9,3] (two lines), -> D [12,3] (three)
           (4, 2, 4, -1),                                  # C -> L [8,3] (one line), L -> D [12,3] (two)
           (3, move(5, "up"), 3, -1)}                      # E up, then C -> R
    assert cut <= called
    assert not any(r[0] == 7 and r[2] == -1 for r in called)          # type 7's first passes are listed as type 4
    assert (2, move(2, "left"), move(5, "up"), 3) in called           # a last pass called: the play is whole anyway
    refused = legal(pos(home))
    assert not cut & refused and (2, move(2, "left"), move(5, "up"), 3) not in refused
    assert (4, 2, 3, -1) not in called and (4, 2, 3, 1) in called     # L [8,3] -> R [9,3]: the centre line only
    assert legal(pos(home, rules="offside=off,offside_pass=called")) == legal(pos(home, rules="offside=off"))
    p = pos(home, rules="offside_pass=called")
    assert make(p, (4, 3, -1, -1)) == 1
    assert p.counts("offsides") == (1, 0) and p.counts("passes") == (1, 0) and p.counts("faceoffs") == (0, 1)
    # the puck at [5,3]: red dots [7,1] and [7,5] are as near, the first listed is taken (from R's [9,3] it would
    # have been [10,1]); the away skater nearest it, D at [16,1], gets the puck there
    assert p.poss == (1, 4) and p.where(1, 4) == (7, 1) and p.where(0, 1) == (5, 3)


# ---------------------------------------------------------------- OFFSIDE and FACE OFF

def test_a_team_mate_over_the_blue_line_ahead_of_the_carrier_is_offside_and_the_face_off_follows():
    home = [(0, 3), (9, 3), (11, 1), (9, 5), (7, 2), (7, 4)]
    away = [(17, 3), (11, 3), (13, 1), (16, 0), (16, 1), (17, 6)]
    p = pos(home, away)
    play = (1, move(2, "up"), -1, -1)            # L [11,1] -> [12,1] with the puck at [9,3]: the play stops there
    assert play in legal(p)
    assert make(p, play) == 1
    assert p.counts("offsides") == (1, 0) and p.counts("faceoffs") == (0, 1)
    # the red dot nearest the puck [9,3]: [10,1] and [10,5] are as near, the first listed is taken; the away
    # skater nearest it gets the puck there (its centre at [11,3]: [13,1] is as near and comes later)
    assert p.poss == (1, 1) and p.where(1, 1) == (10, 1)
    # FACE OFF: "The other team may place any player on a circle adjoining the same red dot circle": home's skater
    # nearest the dot and not next to it, L at [12,1] (2 rows; C at [9,3] is 1 row and 2 columns away), goes to
    # the first free circle adjoining it, looking toward his own goal first: [9,1]
    assert p.where(0, 2) == (9, 1) and p.where(0, 1) == (9, 3)


def test_an_offside_may_end_a_play_after_a_later_team_mates_move():
    """An offside ends the play ("When an offside occurs"), so, like a capture, it may be made by a team-mate who
    comes earlier in the order of moves than one who has moved: R, then L over the blue line."""
    home = [(0, 3), (9, 3), (11, 1), (9, 5), (7, 2), (7, 4)]
    away = [(17, 3), (11, 3), (13, 1), (16, 0), (16, 1), (17, 6)]
    p = pos(home, away)
    play = (1, move(3, "up"), move(2, "up"), -1)
    assert play in legal(p)
    assert (1, move(3, "up"), move(2, "left"), -1) not in legal(p)        # L's move that does not end the play
    assert make(p, play) == 1
    assert p.counts("offsides") == (1, 0) and p.counts("faceoffs") == (0, 1)
    assert p.where(0, 3) == (10, 5)


def test_offside_passes_never_calls_a_team_mate_but_keeps_the_pass_rule():
    """"When an offside occurs and is called by the defender": offside=passes is the defender who never calls it."""
    home = [(0, 3), (9, 3), (11, 1), (9, 5), (7, 2), (7, 4)]
    away = [(17, 3), (11, 3), (13, 1), (16, 0), (16, 1), (17, 6)]
    p = pos(home, away, rules="offside=passes")
    plays = legal(p)
    assert (1, move(2, "up"), -1, -1) not in plays                 # not cut short: L's move is an ordinary one
    full = next(r for r in sorted(plays) if r[0] == 1 and r[1] == move(2, "up"))
    make(p, full)
    assert p.counts("offsides") == (0, 0) and p.where(0, 2) == (12, 1) and p.poss == (0, 1)
    # the pass rule stays: C at [5,3] cannot pass to [12,3] over three lines, as with offside=on
    back = [(0, 3), (5, 3), (12, 3), (9, 5), (7, 2), (7, 4)]
    for rules in ("offside=passes", None):
        assert not any(r[0] == 4 and r[1] == 2 for r in legal(pos(back, rules=rules)))
    assert any(r[0] == 4 and r[1] == 2 for r in legal(pos(back, rules="offside=off")))


def test_faceoff_place_none_leaves_the_offending_team_where_it_stands():
    home = [(0, 3), (9, 3), (11, 1), (9, 5), (7, 2), (7, 4)]
    away = [(17, 3), (11, 3), (13, 1), (16, 0), (16, 1), (17, 6)]
    p = pos(home, away, rules="faceoff_place=none")
    make(p, (1, move(2, "up"), -1, -1))
    assert p.counts("offsides") == (1, 0) and p.poss == (1, 1) and p.where(1, 1) == (10, 1)
    moved = [(12, 1) if s == 2 else home[s] for s in range(6)]       # L's offside move, nothing else
    assert [p.where(0, s) for s in range(6)] == moved
    q = pos(home, away)                                               # nearest: a home skater placed by the dot
    make(q, (1, move(2, "up"), -1, -1))
    assert [q.where(0, s) for s in range(6)] != moved


def test_an_opponent_on_the_face_off_dot_is_moved_off_it():
    home = [(0, 3), (9, 1), (11, 5), (10, 1), (7, 2), (7, 4)]     # home R... on the dot [10,1]
    away = [(17, 3), (13, 3), (13, 1), (16, 0), (16, 1), (17, 6)]
    p = pos(home, away, carrier=1)
    make(p, (1, move(2, "up"), -1, -1))          # L [11,5] -> [12,5]: offside, the puck at [9,1]
    # the away skater nearest the dot [10,1] takes the puck there: L at [13,1] (3 rows) before C at [13,3]
    assert p.poss == (1, 2) and p.where(1, 2) == (10, 1)
    # home's R on the dot goes to the first free adjoining circle toward his own goal: [9,1] holds the carrier,
    # then round the directions, [9,0]
    assert p.where(0, 3) == (9, 0)
    # then home's skater nearest the dot and not next to it (R at [9,0] and C at [9,1] are): its left defence at [7,2]
    # (3 rows, 1 column) before L at [12,5]; placed on the first free circle adjoining the dot, [10,0]
    assert p.where(0, 4) == (10, 0) and p.where(0, 2) == (12, 5)


def test_no_offside_for_the_carrier_or_behind_the_puck():
    home = [(0, 3), (11, 3), (11, 1), (9, 5), (7, 2), (7, 4)]
    p = pos(home)
    plays = legal(p)
    assert (1, move(1, "up"), -1, -1) not in plays           # the carrier may cross: a full play instead
    make(p, (1, move(1, "up"), move(2, "up"), move(3, "up")))    # carrier first over the line, then L: onside
    assert p.counts("offsides") == (0, 0) and p.where(0, 2) == (12, 1)
    assert pos(home, rules="offside=off").legal(0).shape[0] > 0
    assert (1, move(2, "up"), -1, -1) not in legal(pos(home, rules="offside=off"))


def test_the_carrier_moves_first_so_a_team_mate_may_follow_him_over_the_blue_line():
    """"2. When a team-mate moves over opponents' blue line ahead of puck carrier.": a coach moves his pieces in the
    order he likes, so the carrier crossing first makes the team-mate onside whatever their slots (here the carrier
    is R, slot 3, and L is slot 2).  The play is written with the carrier's move first."""
    home = [(0, 3), (9, 3), (11, 1), (11, 5), (7, 2), (7, 4)]
    p = pos(home, carrier=3)
    plays = legal(p)
    both = (1, move(3, "up"), move(1, "up"), move(2, "up"))             # R, then C and L by slot
    assert both in plays and (2, move(3, "up"), move(2, "up"), 2) in plays
    assert (1, move(1, "up"), move(2, "up"), move(3, "up")) not in plays     # the same moves, not in order
    assert (1, move(2, "up"), -1, -1) in plays                                 # L alone: offside, the play ends
    make(p, both)
    assert p.counts("offsides") == (0, 0) and p.where(0, 2) == (12, 1) and p.where(0, 3) == (12, 5)
    assert p.where(0, 1) == (10, 3)
    # with L's move alone the carrier stays out: offside
    q = pos(home, carrier=3)
    make(q, (1, move(2, "up"), -1, -1))
    assert q.counts("offsides") == (1, 0)


def test_a_team_mate_entering_before_the_carrier_leaves_the_zone_is_onside():
    """The carrier in the attacking zone when the play begins: the team-mate who moves in before the carrier moves
    back over the line is onside (he is not ahead of a carrier outside the zone when he crosses); the same moves
    with the carrier's first are an offside at the team-mate's move.  A coach moves his players in any order, so
    both are plays; the onside one is written in its order (docs/passscore.md "Plays": the first order that can be
    made), the team-mate first."""
    home = [(0, 3), (12, 3), (11, 1), (9, 5), (7, 2), (7, 4)]
    p = pos(home)
    plays = legal(p)
    onside = (1, move(2, "up"), move(1, "down"), move(3, "up"))    # L [11,1] -> [12,1]; C [12,3] -> [11,3]
    assert onside in plays
    assert (1, move(1, "down"), move(2, "up"), move(3, "up")) not in plays       # the same moves, not in this order
    assert (1, move(1, "down"), move(2, "up"), -1) in plays                       # the carrier out first: offside
    make(p, onside)
    assert p.counts("offsides") == (0, 0) and p.where(0, 1) == (11, 3) and p.where(0, 2) == (12, 1)
    late = pos(home)
    make(late, (1, move(1, "down"), move(2, "up"), -1))
    assert late.counts("offsides") == (1, 0) and late.poss[0] == 1
    # the carrier outside the zone at the start and at the end: offside at L's move, the play cut short there
    home2 = [(0, 3), (11, 3), (11, 1), (9, 5), (7, 2), (7, 4)]
    q = pos(home2)
    cut = (1, move(1, "down"), move(2, "up"), -1)
    assert cut in legal(q) and (1, move(1, "down"), move(2, "up"), move(3, "up")) not in legal(q)
    make(q, cut)
    assert q.counts("offsides") == (1, 0)
    # a team-mate stepping onto the circle the carrier leaves can only move after him, when he is out: offside
    home3 = [(0, 3), (12, 3), (9, 1), (11, 3), (7, 2), (7, 4)]       # C in the zone, R just behind him
    r = pos(home3)
    behind = (1, move(1, "down-left"), move(3, "up"), -1)            # C [12,3] -> [11,2]; R [11,3] -> [12,3]
    assert behind in legal(r) and (1, move(1, "down-left"), move(3, "up"), move(4, "up")) not in legal(r)
    make(r, behind)
    assert r.counts("offsides") == (1, 0)


def test_a_team_mate_cannot_go_first_onto_the_line_the_carrier_slides_out_along():
    """The carrier in the zone slides out of it (SLIDE LINES: the line must be empty); a team-mate who enters the
    zone onto that line cannot go first, since standing there he would block the slide: after the slide he is
    offside.  Entering beside the line he can go first: onside, written with his move first."""
    home = [(0, 3), (13, 1), (11, 1), (9, 5), (7, 2), (7, 4)]      # C in the zone at [13,1], L outside at [11,1]
    slide = move(1, "left", slide=True)                           # C [13,1] -> [13,0], along the line to [9,0]
    p = pos(home)
    plays = legal(p)
    onto = (1, slide, move(2, "up-left"), -1)                       # L [11,1] -> [12,0], on the line
    assert onto in plays
    assert (1, slide, move(2, "up-left"), move(3, "up")) not in plays          # L offside: the play ends at his move
    assert (1, move(2, "up-left"), slide, move(3, "up")) not in plays          # L first: the slide is blocked
    make(p, onto)
    assert p.counts("offsides") == (1, 0) and p.where(0, 1) == (9, 0) and p.poss[0] == 1
    beside = (1, move(2, "up"), slide, move(3, "up"))                # L [11,1] -> [12,1], beside the line, first
    assert beside in plays and (1, slide, move(2, "up"), move(3, "up")) not in plays
    q = pos(home)
    make(q, beside)
    assert q.counts("offsides") == (0, 0) and q.where(0, 2) == (12, 1) and q.where(0, 1) == (9, 0)
    assert q.poss == (0, 1)


def test_the_carrier_who_loses_the_puck_at_an_offside_leaves_the_crease():
    """GAME MARKING: the crease "may only be occupied by goalkeeper and puck carrier".  The carrier stepped into his
    own crease when a team-mate went offside: the puck goes to the face-off, and he is moved off the crease to the
    first free adjoining circle he may stand on, looking toward his own goal first (as a captured carrier is)."""
    home = [(0, 3), (2, 3), (11, 1), (9, 5), (7, 2), (7, 4)]
    p = pos(home)
    make(p, (1, move(1, "down"), move(2, "up"), -1))               # C [2,3] -> crease [1,3]; L over the blue line
    assert p.counts("offsides") == (1, 0) and p.poss[0] == 1
    assert p.where(0, 1) == (2, 2)                                  # down and down-left are goal circles, left crease
    assert p.where(0, 0) == (0, 3)
    # captured_to=ahead moves him the other way round, as it moves a captured carrier: up, onto the circle he left
    q = pos(home, rules="captured_to=ahead")
    make(q, (1, move(1, "down"), move(2, "up"), -1))
    assert q.counts("offsides") == (1, 0) and q.where(0, 1) == (2, 3)


def test_a_face_off_at_a_dot_ringed_by_players_keeps_one_player_a_circle():
    """The offending team's player on the dot [10,1] and all eight circles round it taken: he is moved to the free
    circle nearest the dot (never back onto it), the defender nearest the dot (away L, beside it at [10,0]) takes the
    puck there, and the offending team's skater nearest the dot and not beside it (R, now) is placed beside it, on
    the circle L left."""
    home = [(0, 3), (9, 1), (11, 1), (10, 1), (9, 0), (11, 3)]       # R on the dot; C carries at [9,1]
    away = [(17, 3), (9, 2), (10, 0), (10, 2), (11, 0), (11, 2)]
    p = pos(home, away)
    make(p, (1, move(5, "up"), -1, -1))                             # E [11,3] -> [12,3]: offside, the puck at [9,1]
    assert p.counts("offsides") == (1, 0) and p.counts("faceoffs") == (0, 1)
    assert p.poss == (1, 2) and p.where(1, 2) == (10, 1) and p.where(0, 3) == (10, 0)
    at = [p.where(t, s) for t in range(2) for s in range(6)]
    assert None not in at and len(set(at)) == 12                     # twelve players on twelve circles
    assert int((p.w.occ > 0).sum()) == 12


# ---------------------------------------------------------------- SCORING

def test_a_shot_through_an_occupied_circle_is_refused():
    for blocker in ((15, 2), (16, 2)):
        away = [(17, 3), blocker, (17, 1), (16, 0), (16, 1), (17, 6)]
        if blocker == (16, 2):                   # a crease circle: only the away goalkeeper may stand there
            away = [blocker, (13, 0), (17, 1), (16, 0), (16, 1), (17, 6)]
        p = pos(HOME_B, away)
        assert (7, 5, 1, 2) not in legal(p), blocker
    p = pos([(0, 3), (14, 2), (15, 2), (12, 5), (10, 2), (14, 4)])     # a team-mate in the way blocks too
    assert (7, 5, 1, 2) not in legal(p)
    p = pos(HOME_B, [(17, 2), (13, 0), (17, 1), (16, 0), (16, 1), (17, 6)])   # the goalkeeper in that goal circle
    assert (7, 5, 1, 2) not in legal(p)


def test_shots_only_from_a_shaded_circle():
    home = [(0, 3), (12, 2), (12, 1), (12, 5), (10, 2), (12, 4)]     # row 12: not shaded
    p = pos(home)
    assert not any(r[0] == 7 for r in legal(p))


# ---------------------------------------------------------------- PUCK IS CAPTURED

def test_a_capture_moves_the_carrier_off_and_the_capturer_plays_again():
    away = [(17, 3), (10, 3), (17, 1), (16, 0), (16, 1), (17, 6)]     # the away centre next to the home carrier
    p = pos(away=away)
    p.to_move = 1
    play = (1, move(1, "down"), -1, -1)
    assert play in legal(p)
    assert make(p, play) == 1                    # "taking a new turn": the away team plays again
    assert p.poss == (1, 1) and p.where(1, 1) == (9, 3)
    assert p.where(0, 1) == (8, 3)               # "moved on to any adjoining circle": the first free toward home's goal
    assert p.counts("captures") == (0, 1)


def test_captured_to_ahead_lets_the_capturing_coach_move_the_carrier_out_of_the_way():
    """"is moved on to any adjoining circle" does not say by whom: under captured_to=ahead the capturing coach moves
    him, looking first toward the goal he attacks, so the carrier lands where the capturer came from, behind the new
    attack; the capture itself, and who plays next, are the same."""
    away = [(17, 3), (10, 3), (17, 1), (16, 0), (16, 1), (17, 6)]
    p = pos(away=away, rules="captured_to=ahead")
    p.to_move = 1
    assert make(p, (1, move(1, "down"), -1, -1)) == 1
    assert p.poss == (1, 1) and p.where(1, 1) == (9, 3)
    assert p.where(0, 1) == (10, 3)              # up, toward row 17: the circle the away centre left
    assert p.counts("captures") == (0, 1)
    # with that circle taken (the away left wing steps into it first), the next direction round
    away = [(17, 3), (10, 4), (11, 3), (16, 0), (16, 1), (17, 6)]
    p = pos(away=away, rules="captured_to=ahead")
    p.to_move = 1
    play = (1, move(2, "down"), move(1, "down-left"), -1)
    back = pos(away=away)
    back.to_move = 1
    assert make(p, play) == 1 and make(back, play) == 1
    assert p.where(1, 2) == (10, 3) and p.where(1, 1) == (9, 3)
    assert back.where(0, 1) == (8, 3) and p.where(0, 1) == (10, 4)      # up-right: the circle the centre left


def test_a_capture_may_end_a_play_after_the_moves_of_any_other_players():
    """A capture ends the play ("The defender then becomes the attacker and, taking a new turn"), so it is its last
    move, made by any player who has not moved: the away centre may capture after L and R have moved, though he
    comes first in slot order.  Moves that do not end the play keep the one order (slot order for the team without
    the puck), so the same moves are not listed twice."""
    away = [(17, 3), (10, 3), (14, 1), (14, 5), (16, 1), (17, 6)]     # the away centre next to the home carrier
    p = pos(away=away)
    p.to_move = 1
    plays = legal(p)
    c, lw, rw = move(1, "down"), move(2, "down"), move(3, "down")
    assert {(1, c, -1, -1), (1, lw, c, -1), (1, rw, c, -1), (1, lw, rw, c)} <= plays
    assert (1, rw, lw, c) not in plays and (1, rw, lw, move(4, "down")) not in plays    # L, R in slot order
    assert (1, lw, rw, move(4, "down")) in plays
    assert (1, lw, move(1, "left"), -1) not in plays           # C late only to capture
    assert make(p, (1, lw, rw, c)) == 1
    assert p.poss == (1, 1) and p.where(1, 1) == (9, 3)
    assert p.where(1, 2) == (13, 1) and p.where(1, 3) == (13, 5)
    assert p.counts("captures") == (0, 1)


def test_the_goalkeeper_captures_in_his_crease_and_throws():
    home = [(0, 3), (9, 3), (12, 1), (9, 5), (7, 2), (7, 4)]
    away = [(17, 3), (1, 3), (17, 1), (16, 0), (16, 1), (17, 6)]      # the away centre with the puck in the home crease
    p = pos(home, away, poss=1, carrier=1)
    p.to_move = 0
    make(p, (1, move(0, "up"), -1, -1))
    assert p.counts("captures") == (1, 0) and p.counts("throws") == (1, 0)
    assert p.poss == (0, 2)                      # the most advanced team-mate short of the far icing line: L at [12,1]
    assert p.to_move == 0
    p = pos(home, away, poss=1, carrier=1, rules="goalie_throw=off")
    p.to_move = 0
    make(p, (1, move(0, "up"), -1, -1))
    assert p.poss == (0, 0) and p.counts("throws") == (0, 0)


def test_the_throw_goes_short_of_the_far_icing_line_and_not_from_the_other_crease():
    """The throw is to a circle "behind this line", the far icing line (after row 16 for home): a team-mate on a
    corner circle of row 17 is beyond it, so the most advanced one short of it takes the puck.  A goalkeeper who
    captured in the other crease (goalie_area=free) keeps the puck: thrown, it would leave him there without it,
    where only a carrier may stand (GAME MARKING)."""
    home = [(0, 3), (9, 3), (17, 1), (12, 5), (7, 2), (7, 4)]
    away = [(17, 3), (1, 3), (16, 0), (15, 0), (16, 1), (17, 6)]
    p = pos(home, away, poss=1, carrier=1)
    p.to_move = 0
    make(p, (1, move(0, "up"), -1, -1))
    assert p.poss == (0, 3) and p.counts("throws") == (1, 0)        # R at [12,5], not L at [17,1]
    home = [(15, 3), (9, 3), (12, 1), (9, 5), (7, 2), (7, 4)]
    away = [(17, 3), (16, 3), (17, 1), (16, 0), (16, 1), (17, 6)]     # the away centre in his own crease
    p = pos(home, away, poss=1, carrier=1, rules="goalie_area=free")
    p.to_move = 0
    make(p, (1, move(0, "up"), -1, -1))
    assert p.counts("captures") == (1, 0) and p.counts("throws") == (0, 0)
    assert p.poss == (0, 0) and p.where(0, 0) == (16, 3)              # in the away crease, with the puck


# ---------------------------------------------------------------- SLIDE LINES

def test_a_slide_runs_the_full_line_when_it_is_empty():
    home = [(0, 3), (9, 1), (8, 1), (9, 5), (7, 2), (7, 4)]            # the carrier C at [9,1], next to [9,0]
    p = pos(home)
    slide = (1, move(1, "left", slide=True), move(2, "up"), move(3, "up"))
    assert slide in legal(p)
    make(p, slide)
    assert p.where(0, 1) == (13, 0) and p.counts("slides") == (1, 0)
    # the carrier's slides: onto [9,0] and up to [13,0], or onto [8,0] and down to [4,0]; nowhere in between
    q = pos(home)
    slides = {r[1] for r in legal(q) if r[1] >= 0 and r[1] // 16 == 1 and r[1] % 2 == 1}
    assert slides == {move(1, "left", slide=True), move(1, "down-left", slide=True)}
    make(q, (1, move(1, "down-left", slide=True), move(2, "up"), move(3, "up")))
    assert q.where(0, 1) == (4, 0)
    # a player on the line stops the slide; slides=off has none
    away = [(17, 3), (11, 0), (17, 1), (16, 0), (16, 1), (17, 6)]
    assert slide not in legal(pos(home, away))
    assert not any(r[1] % 2 == 1 for r in legal(pos(home, rules="slides=off")) if r[0] == 1)


def test_slide_way_forward_slides_only_toward_the_goal_attacked():
    """"A player must move on to the start of the slide line": slide_way=forward reads the start as the end nearer
    the mover's own goal.  Home attacks up: C at [9,1] may still slide up from [9,0] to [13,0], not down from [8,0]
    to [4,0]; the away team attacks down, so its centre at [9,5] may slide down the line [8,6]-[4,6], not up the
    line [9,6]-[13,6]."""
    home = [(0, 3), (9, 1), (8, 1), (9, 4), (7, 2), (7, 4)]
    away = [(17, 3), (9, 5), (17, 1), (16, 0), (16, 1), (17, 6)]

    def slides(p, team, slot):
        return {r[1] for r in legal(p, team) if r[0] == 1 and r[1] >= 0 and r[1] // 16 == slot and r[1] % 2 == 1}

    both = pos(home, away)
    assert slides(both, 0, 1) == {move(1, "left", slide=True), move(1, "down-left", slide=True)}
    assert slides(both, 1, 1) == {move(1, "right", slide=True), move(1, "down-right", slide=True)}
    fwd = pos(home, away, rules="slide_way=forward")
    assert slides(fwd, 0, 1) == {move(1, "left", slide=True)}
    assert slides(fwd, 1, 1) == {move(1, "down-right", slide=True)}
    with pytest.raises(InputError, match="not a legal play"):
        fwd.play(0, (1, move(1, "down-left", slide=True), move(2, "up"), move(3, "up")))
    make(fwd, (1, move(1, "left", slide=True), move(2, "up"), move(3, "up")))
    assert fwd.where(0, 1) == (13, 0)


def test_a_player_standing_on_a_slide_lines_end_must_step_onto_an_end_to_slide():
    """"A player must move on to the start of the slide line as part of his move": C standing on [9,0], the end of
    the line up to [13,0], cannot slide up it; stepping down onto [8,0], the end of the other line, he may slide."""
    home = [(0, 3), (9, 0), (8, 1), (9, 5), (7, 2), (7, 4)]
    p = pos(home)
    slides = {r[1] for r in legal(p) if r[1] >= 0 and r[1] // 16 == 1 and r[1] % 2 == 1}
    assert slides == {move(1, "down", slide=True)}
    assert (1, move(1, "up"), move(2, "up"), move(3, "up")) in legal(p)          # up is one circle, to [10,0]
    make(p, (1, move(1, "up"), move(2, "up"), move(3, "up")))
    assert p.where(0, 1) == (10, 0) and p.counts("slides") == (0, 0)


def test_a_slide_captures_the_puck():
    home = [(0, 3), (9, 1), (8, 1), (9, 5), (7, 2), (7, 4)]
    away = [(17, 3), (13, 0), (17, 1), (16, 0), (16, 1), (17, 6)]      # the away centre with the puck at the far end
    p = pos(home, away, poss=1, carrier=1)
    p.to_move = 0
    play = (1, move(1, "left", slide=True), -1, -1)
    assert play in legal(p)
    make(p, play)
    assert p.poss == (0, 1) and p.where(0, 1) == (13, 0)
    assert p.counts("captures") == (1, 0) and p.counts("slide_captures") == (1, 0)


# ---------------------------------------------------------------- GAME MARKING: goal circles and the crease

def test_goal_and_crease_circles():
    home = [(0, 3), (15, 3), (15, 2), (15, 4), (7, 2), (7, 4)]        # C carries the puck at [15,3]
    away = [(17, 4), (13, 0), (17, 1), (16, 0), (17, 0), (17, 6)]
    p = pos(home, away)
    plays = legal(p)
    assert (1, move(1, "up"), move(2, "up-right"), move(3, "up")) not in plays   # L may not enter the crease
    assert any(r[0] == 8 and r[1] == move(1, "up") for r in plays)               # the carrier may
    # a carrier in the crease cannot pass (he would be left there without the puck)
    home2 = [(0, 3), (16, 3), (14, 2), (14, 4), (7, 2), (7, 4)]
    q = pos(home2, away)
    assert not any(_kinds(r[0])[0] == "P" for r in legal(q))
    # nobody but the goalkeeper enters his goal circles; the goalkeeper stays on his goal and crease circles
    assert not any(r[1] == move(1, "up") for r in legal(q) if r[0] == 1)          # [17,3] is a goal circle
    a = legal(p, 1)
    assert any(r[1] == move(0, "down") or r[2] == move(0, "down") for r in a)    # away G [17,4] -> crease [16,4]
    g_far = {r[1] for r in legal(pos(), 0) if r[1] >= 0 and r[1] // 16 == 0}
    assert move(0, "up") in g_far and move(0, "left") in g_far and move(0, "up-left") in g_far
    # the goalkeeper in his crease at [1,3]: onto [2,3] only with goalie_area=free
    in_crease = [(1, 3)] + HOME_A[1:]
    g_crease = {r[1] for r in legal(pos(in_crease), 0) if r[1] >= 0 and r[1] // 16 == 0}
    g_free = {r[1] for r in legal(pos(in_crease, rules="goalie_area=free"), 0) if r[1] >= 0 and r[1] // 16 == 0}
    assert move(0, "up") not in g_crease and move(0, "up-left") not in g_crease and move(0, "left") in g_crease
    assert {move(0, "up"), move(0, "up-left"), move(0, "up-right")} <= g_free and g_crease < g_free


# ---------------------------------------------------------------- PENALTY

def test_a_slow_play_penalty_removes_a_player_for_three_plays():
    p = pos(rules="slow_play=0.1")
    assert p.turn(slow=True) == 1
    # the other team picks the player: the most advanced skater who is not the carrier (L at [9,1], the lower slot)
    assert p.penalized(0) == (2, 3) and p.where(0, 2) is None and p.counts("penalties") == (1, 0)
    p.turn(_any_full_play(p))                    # away plays
    for k in range(3):
        assert p.penalized(0) == (2, 3 - k)
        p.turn(_any_full_play(p))                # home plays without L
        p.turn(_any_full_play(p))
    assert p.penalized(0) is None
    # "returned to an X marked circle": his own ([8,1]) when it is free
    xs = [tuple(int(v) for v in p.board.rc[c]) for c in p.board.start[0]]
    assert xs[2] == (8, 1) and p.where(0, 2) == (8, 1)


def test_players_rest_after_the_opening_a_goal_or_a_face_off():
    """"Play is fast and exciting, although players may rest when a face off or goal occurs.": no slow-play draw at
    the first play after the opening, a goal (the restart) or a face-off."""
    from simcore.games.passscore.engine import Position

    p = Position("slow_play=0.1")                       # the opening
    with pytest.raises(ValueError, match="rests"):
        p.turn(slow=True)
    p.turn(_any_full_play(p))
    assert p.turn(slow=True) == 0 and p.counts("penalties") == (0, 1)     # away's first play: no rest
    q = pos(HOME_B, rules="slow_play=0.1")
    assert q.turn((6, move(2, "up"), move(3, "up"), 2)) == 1 and q.goals == (1, 0)
    with pytest.raises(ValueError, match="rests"):
        q.turn(slow=True)                                # away restarts from centre ice
    q.turn(_any_full_play(q))
    assert q.turn(slow=True) == 1 and q.counts("penalties") == (1, 0)
    home = [(0, 3), (9, 3), (11, 1), (9, 5), (7, 2), (7, 4)]
    away = [(17, 3), (11, 3), (13, 1), (16, 0), (16, 1), (17, 6)]
    f = pos(home, away, rules="slow_play=0.1")
    f.turn((1, move(2, "up"), -1, -1))                   # offside: the face-off, away attacks
    with pytest.raises(ValueError, match="rests"):
        f.turn(slow=True)


def test_the_slow_play_draw_fails_a_team_at_the_rules_chance():
    """slow_play=0.1: of the turns where a draw is made (no player out, not the first play after the opening, a
    goal or a face-off), 10% end in a penalty; none where no draw is made.  40 games of the play-by-play, about
    2,600 draws: the share within 0.025 of 0.1 (more than 4 standard errors)."""
    import simcore
    from simcore.games.passscore.kernel.layout import (EV_FACEOFF, EV_GOAL, EV_NOPLAY, EV_PENALTY, EV_PLAY,
                                                       EV_RETURN, EV_START)

    g = simcore.game("passscore")
    draws = fails = 0
    for game in range(40):
        ev = g.play_by_play(None, seed=11, game_index=game, rules="slow_play=0.1").events
        out = [False, False]
        rest = False
        for r in ev.itertuples():
            if r.event in (EV_START, EV_GOAL, EV_FACEOFF):
                rest = True
            elif r.event == EV_RETURN:
                out[r.team] = False
            elif r.event in (EV_PLAY, EV_PENALTY, EV_NOPLAY):       # a turn
                eligible = not rest and not out[r.team]
                assert eligible or r.event != EV_PENALTY, (game, r)
                draws += eligible
                if r.event == EV_PENALTY:
                    fails += 1
                    out[r.team] = True
                rest = False
    assert draws > 2000
    assert abs(fails / draws - 0.1) < 0.025, (fails, draws)


def test_penalty_plays_sets_how_long_a_player_sits_out():
    for n in (2, 3, 5):
        p = pos(rules=f"slow_play=0.1,penalty_plays={n}")
        p.turn(slow=True)
        own = 0                                  # the penalized team's plays since (a capture gives a team two)
        while p.penalized(0) is not None:
            assert p.penalized(0) == (2, n - own)
            own += p.to_move == 0
            p.turn(_any_full_play(p))
        assert own == n and p.where(0, 2) is not None


def _any_full_play(p):
    return next(r for r in sorted(legal(p)) if r[2] >= 0)


# ---------------------------------------------------------------- TIME

def test_games_end_after_their_plays_or_at_the_goal_target():
    import simcore

    g = simcore.game("passscore")
    for rules, n_plays in (("plays=40", 40), (None, 80)):
        df = g.simulate(("random", "greedy"), n=20, seed=3, rules=rules, progress=False).games
        assert ((df.home_plays + df.away_plays) == n_plays).all()
    df = g.simulate(("greedy", "greedy"), n=20, seed=3, rules="goal_target=1,plays=160", progress=False).games
    total = df.home_goals + df.away_goals
    plays = df.home_plays + df.away_plays
    assert (total <= 1).all() and (total == 1).sum() >= 10          # greedy scores a goal every ~20 plays
    assert (plays[total == 0] == 160).all()
    assert plays[total == 1].max() < 160                            # those games stopped at their goal


@pytest.mark.parametrize("spec,msg", [("search:0", "budget"), ("search:", "budget"), ("greedy:", "only"),
                                      ("alpha", "unknown policy"), ("greedy:3", "only")])
def test_bad_policy_names(spec, msg):
    from simcore.games.passscore import Policy

    with pytest.raises(ValueError, match=msg):
        Policy.parse(spec)


def test_a_scripted_game_names_the_play_it_refuses():
    """engine.play_scripted reads 4 entries a play; an illegal one is named by its entries, a short script by its
    length (the first play, legal, is read before either)."""
    from simcore.errors import InputError
    from simcore.games.passscore.engine import play_scripted

    first = [int(v) for v in Position().legal(0)[0]]
    with pytest.raises(InputError, match=r"^script entries 4-7 \(9, 9, 9, 9\): a scripted play is not legal$"):
        play_scripted(first + [9, 9, 9, 9])
    with pytest.raises(InputError, match=r"^the script ran out of plays \(script: 4 entries given\)$"):
        play_scripted(first)


# ---------------------------------------------------------------- readings of docs/passscore.md, one each

def test_a_team_with_no_legal_play_loses_its_turn():
    """"No legal play": a team whose players cannot make any play loses its turn (counted, ``no_play``).  Blue's
    goalkeeper alone on the board, every circle he may reach (goal and crease) held by a red player who is not
    the carrier: no move, and without the puck no pass or shot."""
    from simcore.games.passscore.policies import Policy

    home = [(0, 3), (5, 3), (17, 2), (17, 4), (16, 2), (16, 3)]
    p = pos(home, [(17, 3), None, None, None, None, None])
    p.to_move = 1
    assert legal(p) == set()
    for name in ("random", "greedy", "search"):            # each policy finds none: the game loop's turn
        assert p.choose(1, policy=Policy.parse(name)) is None, name
    assert p.turn((0, -1, -1, -1)) == 0
    assert p.counts("no_play") == (0, 1) and p.counts("plays") == (0, 1) and p.poss == (0, 1)


def test_a_goalkeeper_on_the_face_off_dot_changes_places_with_the_skater_given_the_puck():
    """FACE OFF: "The nearest defending player is given the puck on the nearest red dot": a team-mate on the dot
    changes places with him.  Blue's goalkeeper (goalie_area=free) stands on the dot [10,1]; its skater nearest
    the dot, C at [11,3], is given the puck there and the goalkeeper goes to [11,3]."""
    home = [(0, 3), (9, 3), (11, 1), (9, 5), (7, 2), (7, 4)]
    away = [(10, 1), (11, 3), (13, 1), (16, 0), (16, 1), (17, 6)]
    p = pos(home, away, rules="goalie_area=free")
    make(p, (1, move(2, "up"), -1, -1))          # L [11,1] -> [12,1] ahead of the puck: offside
    assert p.counts("faceoffs") == (0, 1) and p.poss == (1, 1)
    assert p.where(1, 1) == (10, 1) and p.where(1, 0) == (11, 3)


def test_with_the_centre_out_on_a_penalty_the_left_wing_takes_the_restart():
    """SCORING's restart ("the team scored against then starts from centre ice") with the centre out for a slow-
    play penalty: the left wing takes the puck on his X circle [8,1].  Red fails to move in time; blue removes
    its most advanced skater, the centre at [12,3], then scores."""
    home = [(0, 3), (12, 3), (8, 1), (8, 5), (6, 2), (6, 4)]
    away = [(17, 3), (2, 2), (13, 1), (11, 0), (11, 1), (11, 6)]
    p = pos(home, away, poss=1, carrier=1, rules="slow_play=0.1")
    p.to_move = 0
    assert p.turn(slow=True) == 1 and p.penalized(0) == (1, 3)
    shot = min(r for r in legal(p) if r[0] == 6)           # two players and a shot
    make(p, shot)
    assert p.goals == (0, 1) and p.to_move == 0
    assert p.poss == (0, 2) and p.where(0, 2) == (8, 1) and p.where(0, 1) is None
    assert p.penalized(0) == (1, 3)              # he sits out red's next three plays still


def test_the_goalkeepers_throw_goes_to_the_lower_slot_of_two_as_advanced():
    """Goalkeeper's throw: "he may throw the puck to any circle behind this line": to the most advanced
    team-mate short of the far icing line, a tie to the lower slot: R at [12,5] (slot 3) before LD at [12,2]."""
    home = [(0, 3), (9, 3), (7, 1), (12, 5), (12, 2), (7, 4)]
    away = [(17, 3), (1, 3), (17, 1), (16, 0), (16, 1), (17, 6)]
    p = pos(home, away, poss=1, carrier=1)
    p.to_move = 0
    make(p, (1, move(0, "up"), -1, -1))          # the goalkeeper steps onto the carrier in his crease
    assert p.counts("throws") == (1, 0) and p.poss == (0, 3)
