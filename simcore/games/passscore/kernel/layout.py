"""The Pass & Score kernel's layouts and codes, generated from declarations (plain constants, no numba code).

Teams: 0 home (red, attacks first, toward higher rows), 1 away.  Slots: 0 goalkeeper, 1 centre, 2 left wing,
3 right wing, 4 left defence, 5 right defence (board.SLOTS).  ``pos[team, slot]`` is a circle (-1 off the board:
penalized); ``occ[circle]`` is ``1 + team * 6 + slot`` (0 empty).

A play is four numbers ``(type, a1, a2, a3)``: the play type 1-8 as the rulebook lists them and its three actions in
order, each coded by its kind (:data:`KINDS`): a move ``slot * 16 + direction * 2 + slide`` (0..95; ``slide`` 1 =
the step onto a slide line's end continues along the whole line), a pass the receiver's slot (0..5), a shot the
goal circle (0..2) of the goal attacked.  A play cut short by a capture or an offside has -1 for its remaining
actions.
"""
from __future__ import annotations

from itertools import permutations

import numpy as np

from simcore.layout import Output, Outputs, fields, regions

N_SLOTS = 6
GK = 0
CENTRE = 1
MOVE, PASS, SHOT = 0, 1, 2
#: the kinds of the three actions of each play type (row 0 unused): the rulebook's list, in its order
KINDS = np.array([[-1, -1, -1],
                  [MOVE, MOVE, MOVE],      # 1. Move three players, each one space.
                  [MOVE, MOVE, PASS],      # 2. Move two players, each one space and pass the puck.
                  [MOVE, PASS, PASS],      # 3. Move one player one space and pass the puck twice.
                  [PASS, PASS, PASS],      # 4. Pass the puck three times.
                  [MOVE, MOVE, PASS],      # 5. Move one player two spaces and pass the puck.
                  [MOVE, MOVE, SHOT],      # 6. Move two players one space each and shoot in goal.
                  [PASS, PASS, SHOT],      # 7. Pass the puck twice and shoot in goal once.
                  [MOVE, MOVE, SHOT]],     # 8. Move puck carrier twice and shoot in goal once.
                 np.int64)
#: the movers of a type's two moves: 1 different players (in any order: plays.first_order), 2 the same player, 3 the
#: puck carrier twice, 0 not two moves
MOVERS = np.array([0, 1, 1, 0, 0, 2, 1, 0, 3], np.int64)
N_MOVE_CODES = 96
#: a decision's possible first moves, at most 16 a player (plays.first_moves; Work.cand holds three times as many: the
#: moves among them that may end a play and those that may follow a later player's move follow the players' lists)
MAX_CANDS = N_SLOTS * 16
#: where in Work.cand the steps onto each team-mate's circle are kept (8 a team-mate: one from each neighbouring
#: circle), and where in Work.cstart their counts are (plays.first_moves)
ONTO_AT = 3 * MAX_CANDS
ONTO = N_SLOTS + 3
CAND_LEN = ONTO_AT + 8 * N_SLOTS
CSTART_LEN = ONTO + N_SLOTS
#: plays.next_move's "not a candidate here, go on to the next" (a move by a player who has moved in the play)
SKIP = -2
#: the pairs and triples of places in the order of a play's moves (the random sampler's players of two or three
#: moves; plays.rank_of: the carrier first, then slot order)
PAIRS = np.array([(i, j) for i in range(N_SLOTS) for j in range(i + 1, N_SLOTS)], np.int64)
TRIPLES = np.array([(i, j, k) for i in range(N_SLOTS) for j in range(i + 1, N_SLOTS) for k in range(j + 1, N_SLOTS)],
                   np.int64)
#: the orders of two and of three moves, first to last (itertools.permutations order: lexicographic), the first the
#: order the moves are given in (plays.first_order)
PERMS2 = np.array(list(permutations(range(2))), np.int64)
PERMS3 = np.array(list(permutations(range(3))), np.int64)
N_TYPES = 8

#: what a step did (plays.step): illegal, done, a capture (the play ends), an offside (the play ends), a goal
ILLEGAL, OK, CAPTURE, OFFSIDE, GOAL = -1, 0, 1, 2, 3

#: per-team counters of a game (``counts[g, team, C.name]``); docs/passscore.md "Results" says what each counts
COUNT_NAMES = ("plays", "moves", "passes", "shots", "captures", "offsides", "slides", "slide_captures",
               "faceoffs", "throws", "penalties", "no_play")
C = fields("C", COUNT_NAMES)
N_COUNTS = len(COUNT_NAMES)

RULE_NAMES = ("plays", "goal_target", "slides", "offside", "offside_called", "pass_block_all", "goalie_free",
              "goalie_throw", "faceoff_place", "slow_ppm", "penalty_plays", "moves", "slide_forward",
              "pass_called", "captured_ahead")
R = fields("R", RULE_NAMES)
N_RULES = len(RULE_NAMES)

#: a side's policy vector (policies.Policy.numeric): the kind (0 random, 1 greedy, 2 search), search's budget and
#: greedy's proposals (the uniform sampler's plays it tries without the puck before its walk: policies.choose_play)
POLICY_FIELDS = ("kind", "budget", "proposals")
P = fields("P", POLICY_FIELDS)
N_POL = len(POLICY_FIELDS)
RANDOM, GREEDY, SEARCH = 0, 1, 2

# the game state S (flat int64)
Z, NZ = regions("Z", [
    ("poss", 1), ("carrier", 1), ("to_move", 1), ("played", 1), ("goals", 2), ("pen_slot", 2), ("pen_left", 2),
    ("nlog", 1), ("nsnap", 1), ("last", 4), ("status", 1), ("captured_slot", 1),
    # 1 after the opening, a goal or a face-off: the team to play rests (no slow-play draw)
    ("rest", 1),
])

MAX_PLAYS = 1 << 16          # rows of a play buffer: more than any position's legal plays
SAVE_W = 7                   # an action's undo record: kind, team, slot, from, to, what was there, carrier / move code
SAVE_ROWS = 12               # undo rows: 0-2 generate, 3-5 the sampler, 6-8 a play made, 9-11 plays.first_order
LOG_W = 9                    # event row: play number, team, type, a1, a2, a3, status, extra, extra2
SNAP_W = 15                  # after each play: 12 circles, the team with the puck, the carrier, the log row
MAX_EVENTS = 4000
BLOCK = 16                   # games per block of run_blocks

#: event codes (log column 7 ``extra`` on special rows): what happened beside the play itself
EV_PLAY, EV_FACEOFF, EV_THROW, EV_PENALTY, EV_RETURN, EV_NOPLAY, EV_GOAL, EV_START = range(8)

GAME_OUTPUTS = Outputs(
    Output("goals", (2,), np.int16, "goals by team (home, away)"),
    Output("winner", (), np.int8, "0 home, 1 away, 2 tie"),
    Output("counts", (2, N_COUNTS), np.int32, "per-team counters, columns COUNT_NAMES"),
)
