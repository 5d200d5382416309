"""The Blue Line kernel's layouts and codes, generated from declarations (plain constants, no numba code).

==========  ========================================================  ===================
name        what it indexes                                           size
==========  ========================================================  ===================
``C``       per-team counters ``counts[g, team, :]`` (COUNT_NAMES)     ``N_COUNTS``
``R``       the rule vector (``Rules.numeric``)                        ``N_RULES``
``P``       a side's policy vector (``Policy.numeric``)                ``N_POL``
``Z``       the game state ``S`` (flat int64): scalars, then regions   ``NZ``
``EV``      play-by-play event codes
==========  ========================================================  ===================

Teams: 0 home, 1 away.  Slots: 0 C, 1 LW, 2 RW, 3 LD, 4 RD, 5 G.  Positions are ``pos[team, slot] = (y, x)``
((-1, -1) off the ice); the occupancy grid ``occ[y, x]`` holds ``team * 6 + slot + 1`` (0 empty).
"""
from __future__ import annotations

import numpy as np

from simcore.layout import Output, Outputs, fields, regions

N_SLOTS = 6
C_, LW, RW, LD, RD, G_ = range(6)
N_CONTEXTS = 78
N_CARDS = 5
N_PENALTY_CARDS = 15
MAX_EVENTS = 20000            # rows of a recorded game's event log
BLOCK = 64                    # games per block of run_blocks

#: per-team counters of a game (``counts[g, team, C.name]``); docs/blueline.md "Policies" lists what each counts
COUNT_NAMES = (
    "shots", "goals", "goals_even", "pp_goals", "sh_goals", "en_goals", "card_saves", "in_position",
    "out_of_position", "saves", "rebounds", "blanks", "screened", "blocked", "passes", "drop_passes",
    "intercepted", "dumps", "icings", "offsides", "stick_checks", "stick_steals", "body_checks", "body_steals",
    "minors", "majors", "incidentals", "delayed", "third_player", "pp_opportunities", "pk_clears",
    "pk_dump_fails", "faceoffs", "faceoffs_won", "series", "pulled_goalie", "timeouts", "turns", "moves",
    "goalie_passes", "goalie_holds", "loose_won", "so_shots", "capped", "bank_passes", "row3_dumps", "sweeps",
    "goalie_loose", "goalie_returns", "ot_benched",
)
C = fields("C", COUNT_NAMES)
N_COUNTS = len(COUNT_NAMES)

#: the kernel's outputs per game (engine.simulate returns them by name)
GAME_OUTPUTS = Outputs(
    Output("goals", (2, 4), np.int16, "goals by team and period (periods 1-3, overtime)"),
    Output("so_goals", (2,), np.int8, "shootout goals by team"),
    Output("winner", (), np.int8, "0 home, 1 away, 2 tie"),
    Output("decided", (), np.int8, "0 REG, 1 OT, 2 SO"),
    Output("counts", (2, N_COUNTS), np.int32, "per-team counters, columns COUNT_NAMES"),
)

RULE_NAMES = (
    "check_tie", "zone_slow", "zone_slow_dest", "rebound", "empty_net", "icing", "delayed_until",
    "pp_move_pass", "shootout_line", "shootout_tie", "turn_cap", "checks", "offside", "intercept",
    "intercept_pk", "pk_dump", "timeouts", "pull_goalie", "overtime", "ot_series", "series",
    "so_rounds", "goalie_pass", "pull_series", "pull_margin", "sideboards", "boards_row3", "goalie_sweep",
    "goalie_loose", "pull_return", "ot_pass_move", "ot_release", "blank_hold", "beaten_cards", "frozen_reset",
    "pull_faceoff", "drop_pass", "goalie_challenge", "dump_intercept",
)
R = fields("R", RULE_NAMES)
N_RULES = len(RULE_NAMES)

POLICY_FIELDS = ("skate_attack", "skate_defense", "shoot", "shoot_param", "pass_", "dump", "check",
                 "posture", "pull", "timeout", "goalie_pass", "bank", "boards", "sweep", "goalie_loose")
P = fields("P", POLICY_FIELDS)
N_POL = len(POLICY_FIELDS)

# policy codes
SA_RUSH, SA_SUPPORT, SA_RANDOM = range(3)
SD_MARK, SD_ZONE, SD_RANDOM = range(3)
SH_THRESHOLD, SH_ALWAYS, SH_RANDOM = range(3)
PA_AHEAD, PA_NEVER, PA_RANDOM = range(3)
DU_NEVER, DU_PK, DU_STUCK, DU_RANDOM = range(4)
CK_STICK, CK_BODY, CK_RISK, CK_RANDOM, CK_NEVER = range(5)
PO_LARGE, PO_SMALL, PO_121, PO_SITUATION, PO_RANDOM = range(5)
PU_NEVER, PU_TRAILING, PU_STAY = range(3)
TO_NEVER, TO_TRAILING = range(2)
GP_OPEN, GP_HOLD = range(2)
BK_OPEN, BK_NEVER = range(2)
BO_TEAMMATE, BO_FIRST, BO_SECOND = range(3)
SW_TEAMMATE, SW_NEVER = range(2)
GL_NEAREST, GL_NEVER = range(2)

# the game state S: scalars then regions (int64)
Z, NZ = regions("Z", [
    ("period", 1), ("dial", 1), ("poss", 1), ("carrier", 1), ("puck_y", 1), ("puck_x", 1),
    ("last_poss", 1), ("score", 2), ("series_turns", 1), ("ot", 1), ("done", 1), ("beaten", 1),
    ("box_slot", 4), ("box_left", 4), ("box_kind", 4),          # [team * 2 + k]; slot -1 = free
    ("wait_slot", 8), ("wait_kind", 8), ("wait_n", 2),          # third players: [team * 4 + k]
    ("del_slot", 8), ("del_kind", 8), ("del_n", 2),             # delayed penalties: [team * 4 + k]
    ("frozen", 12), ("on_ice", 12), ("pulled", 2), ("timeout_used", 2), ("move_pass", 2),
    ("setup_done", 1), ("deck", 15), ("deck_left", 1), ("phase", 1), ("steal", 1), ("stop", 1),
    ("stop_y", 1), ("stop_x", 1), ("in_pp", 2), ("nlog", 1), ("nsnap", 1), ("fresh", 2), ("next_actor", 1),
    ("turns", 1),
])

# phases of the turn loop
PH_OFFENSE, PH_DEFENSE = 0, 1
# stoppages (S[Z.stop]) that end a sequence of play and call a face-off (ST_PERIOD: the period's opening one)
ST_NONE, ST_GOAL, ST_SAVE, ST_OFFSIDE, ST_ICING, ST_PENALTY, ST_INCIDENTAL, ST_HOLD, ST_CAP, ST_PERIOD = range(10)

# event codes: a log row is (code, period, dial, team, slot, a, b, c, d)
EVENT_COLUMNS = ("code", "period", "dial", "team", "slot", "a", "b", "c", "d")
LOG_W = len(EVENT_COLUMNS)
EVENT_NAMES = (
    "period", "faceoff", "move", "pass_", "intercept", "drop_pass", "shot", "goal", "offside", "dump",
    "icing", "pk_dump", "stick_check", "body_check", "penalty", "incidental", "release", "loose",
    "goalie", "series", "pp_setup", "pull", "timeout", "shootout", "end", "cap", "frozen", "delayed",
    "skate", "bank", "sweep", "goalie_return", "benched",
)
EV = fields("EV", EVENT_NAMES)

SHOT_CARDS = ("TR", "TL", "B5", "BR", "BL")
GOALIE_CARDS = ("TL", "TR", "B5", "BL", "BR")
SLOT_NAMES = ("C", "LW", "RW", "LD", "RD", "G")
TEAM_NAMES = ("home", "away")
RESULTS = ("blank", "save", "rebound", "goal")
