"""The Strat kernel's memory layouts and codes, generated from declarations (plain constants, no numba code).

Every offset the kernel reads is computed here by :func:`simcore.layout.fields` (indices 0, 1, 2, ... of a
counter row or a vector) and :func:`simcore.layout.regions` (offsets of the ``(name, shape)`` pieces of a flat
array, and its size).  Adding a state field, a counter or a table is one line in a declaration below (a table
is then built by compile.py under its name); nothing is renumbered.  The results are module-level namedtuples of
ints, which numba reads as compile-time constants:
``Z[ZL.ice + t * 6 + s]`` compiles as a literal offset would.  ``rules.py``, ``compile.py``, ``engine.py``,
``pbp.py``, ``analysis.py`` and the league's season kernel read these names without importing the kernel.

Naming.  A layout is an UPPERCASE namedtuple with lowercase fields; its size is ``N*`` (or ``*_W`` for a row
width), always derived from the declaration.  The old hand-numbered prefix became the namedtuple
(``Z_ICE`` -> ``ZL.ice``, ``T_GOALS`` -> ``T.goals``, ``TM_NROSTER`` -> ``TM.nroster``); a field that would
be a Python keyword takes a trailing underscore (``F.def_``, ``EV.pass_``, ``EV.return_``).

==========  =====================================================  ==================================
name        what it indexes                                        size
==========  =====================================================  ==================================
``TABLES``  the tables of the flat buffer ``D``, in order           ``len(TABLES)``
``TB``      a table's index in ``TABLES`` (``c.tables[TB.act]``)
``HDR``     ``D``'s header: ``D[HDR.act]`` offset, ``+ 1`` rows     ``HEADER`` cells
``F``       a skater's ratings row (table ``sk``)                   ``NSK``
``G``       a goalie's row (table ``gk``)                           ``NGKF``
``TM``      a team row (table ``tm``): the lines, then the roster   ``TW`` (lines: ``LINES_W``)
``RULE``    the rule vector (table ``rules``, ``Rules.numeric``)    ``N_RULES``
``POL``     a side's coaching policies (``Coach.numeric``)          ``N_POL``
``OBS``     what a side's coach sees (``coaching.observe``)         ``N_OBS``
``T``       per-team counters (``OT[g, side, :]``)                  ``NT``
``P``       per-player counters (``OP[g, side, roster slot, :]``)   ``NP``
``K``       per-goalie counters (``OK[g, side, goalie slot, :]``)   ``NK``
``O``       per-game outputs (``OG[g, :]``)                         ``NO``
``ZL``      the game state ``Z``: scalars, then regions             ``NZ``
``M``       the machine state (the ``ZL.m`` region)                 ``NM``
``MODE``    the machine's modes (``Z[ZL.m + M.mode]``)
``Q``       a penalty queue entry (the ``ZL.penq`` region)          ``NQ``
``EV``      play-by-play event codes
``LR``      a play-by-play log row                                  ``LOG_W``
==========  =====================================================  ==================================

Value codes that are not positions (sides, shot columns, winner, decided-in, goalie decisions) are plain ints
at the end.
"""
from __future__ import annotations

from simcore.layout import fields, regions

MAX_ROSTER = 24                    # skaters a team dresses (roster slots)
ORDER_CAP = 48                     # cards of a period's action deck, line-change cards included
MAX_EVENTS = 4000                  # rows of a play-by-play log
PENQ_CAP = 8                       # penalties called or served at once (the penalty queue, kernel/manpower.py)

# ---------------------------------------------------------------- the flat data buffer D
# The kit's tables travel as one int32 array: a header of (offset, rows) pairs, one per table in the order of
# TABLES, then the tables back to back (compile.flatten).  Shapes as compile.py builds them:
TABLES = (
    "sk",        # (n_skaters, NSK) ratings, fields F
    "shot",      # (n_skaters, 3, 11, 4) Outside/Inside/Reb-Bkwy readings
    "defc",      # (n_skaters, 3, 4) Defense 12-14
    "passc",     # (n_skaters, 3, 4) Passing J, K, L
    "gk",        # (n_goalies, NGKF), fields G
    "gc",        # (n_goalies, 11, 2, 4) goalie card (vs outside, vs others)
    "tm",        # (n_teams, TW) lines and rosters, offsets TM
    "act",       # (30, 2, 4) action cards (home, visitor section)
    "spn",       # (40,) split numbers
    "spx",       # (40, 3, 4) breakaway, rebound, injury readings
    "spa",       # (40, 13) assists: any, one-only, count, then (position, rating) pairs
    "fo",        # (20, 4) faceoff chart
    "penc",      # (10, 2) penetration success range by rating
    "ppc",       # (20, 2, 2, 9) power play chart [split, half (top/bottom), side (SH/PP)] = count, (kind, pos)*4
    "ppcond",    # (20, 2) (position, rating)
    "ret",       # (6,) retaliation position or -1
    "penalty",   # (5, 2) split range penalized by Penalty rating
    "rules",     # (N_RULES,) the rule vector, slots RULE
    # the split deck's Advanced sections and the Passing L / Deflection charts (shotcharts.py; zeros when absent)
    "spp",       # (40, 3, 4) Passing section against SH, E, PP (11.1-11.4)
    "splp",      # (40, 2, 4) Loose Puck section: Power Play, Even Strength (22.11-22.12)
    "spic",      # (40, 4) Icing section (21.11-21.14)
    "spim",      # (40, 3) Intimidation section: number, possible penalty (16.1), PP number (22.3)
    "plc",       # (10, 2) Passing L chart: completing split range by the passer's Assist rating (11.5)
    "dfl",       # (6,) Deflection chart: position by one die, -1 none (25.1)
    # the Advanced game (advdeck.py; 0 rows at level=basic)
    "adeck",     # (30, 6, 4, 5) Advanced action cards [card, section (advdeck.SECTIONS), forecheckers 0-3] =
                 #   kind, a, b, c, intimidation code (advdeck.intim_code)
    "anum",      # (30,) each Advanced card's corner number 1-30 (30.11)
    "defa",      # (n_skaters, 13, 4) Defense 2-14 (4.1, 16.2)
    "passa",     # (n_skaters, 6, 4) Passing G-L (4.2)
    "afo",       # (20, 3, 4) Advanced faceoff chart [split, column Even/+1/+2] (8.1-8.11)
    "sfo",       # (20, 5, 4) Super Advanced faceoff chart [split, column Even/+1/+2/+3/+4 or more] (8.2)
    "skfo",      # (n_skaters,) faceoff rating (8.1: +2, +1 or 0)
    # intimidation (intimidation.py; zeros when the rule is off)
    "imc",       # (5, 2) Intimidation Chart: penalized split range by Penalty rating AA..D (16.1), (0, 0) none
)
TB = fields("Table", TABLES)
HDR, HEADER = regions("Header", [(t, 2) for t in TABLES])     # (offset, rows) per table

# ---------------------------------------------------------------- skaters, goalies, teams
F = fields("Skater", "off def_ shdef bkwy pen ast star pos1 pos2 isd tend slot team "
                     "ilo ihi")            # the I rating (12.1-12.2): intimidation range lo-hi, 0 0 none
NSK = len(F)
G = fields("Goalie", "fatigue team slot")
NGKF = len(G)

# a team row: the lines first (the part a game copies, since injury substitutions change it), then the roster
LINES = [
    ("f", (4, 3)),                 # forward lines LW, C, RW
    ("d", (3, 2)),                 # defense pairs LD, RD
    ("pp", (2, 5)),                # power-play units LW, C, RW, LD, RD
    ("pk", (2, 4)),                # penalty-kill units LW, RW, LD, RD (ice slots PK_SLOTS)
    ("g", 2),                      # goalies: starter, backup
]
_, LINES_W = regions("Lines", LINES)
TM, TW = regions("TeamRow", LINES + [
    ("roster", MAX_ROSTER),        # skater ids by roster slot
    ("nroster", 1),                # roster count
    ("so", MAX_ROSTER),            # roster slots in shootout order (28.1): Offense, forwards first
])
PK_SLOTS = (0, 2, 3, 4)            # the ice slots of a PK unit's four players

# ---------------------------------------------------------------- rules and coaching policies
RULE = fields("Rule", "level lines ot_cards shootout fatigue assists injuries pk_units "
                     # the shot path's Advanced rules, resolved (Rules.in_force): 11, 11.5, 25, 26; 31 (1: alternate)
                     "passing passing_l deflections enforcer pen_alt "
                     # the goalie-penalty retaliation (5.73): 0 offsetting minors, 1 the power play is played
                     "retaliation "
                     # the Advanced power play as rule fields (16.31, 16.32 with 16.4, 16.5-16.51): 1 in force
                     "pp_three pp_play_on pp_stay "
                     # the faceoff chart (FO_BASIC / FO_ADVANCED / FO_SUPER; 2.1, 8.1, 8.2), 8.21 thrown out
                     "faceoffs thrown_out "
                     # intimidation before an inside shot with an I reading (12.0-12.3, 16.1-16.15): 1 in force
                     "intim")
RET_OFFSETTING, RET_POWER_PLAY = 0, 1        # RULE.retaliation
LEVEL_BASIC, LEVEL_ADVANCED = 0, 1           # RULE.level
FO_BASIC, FO_ADVANCED, FO_SUPER = 0, 1, 2    # RULE.faceoffs
N_RULES = len(RULE)
POL = fields("Policy", "penetrate pull shelled pp_units alignment intimidate pass_ "
                       "deflect")                  # 25.0: try a deflection on a defenseman's X-Reb
N_POL = len(POL)
#: What a side's coach sees when a policy decides (coaching.observe): the clock, the score, his own goalie
OBS = fields("Observation", "period overtime cards_left score opp_score pulled shelled "
                           # the Advanced game: the opponent's announced alignment (9.12; 0 0 before any)
                           "opp_offense opp_defense")
N_OBS = len(OBS)

# ---------------------------------------------------------------- counters (the kernel's outputs)
T = fields("TeamCounter", "goals sog ppo ppg shg pen pim fow eng fatg g1 g2 g3 got sog_pp so_goals pen_try pen_ok "
                          "pulled "
                          # penalties by kind (each also counts in pen): action card 4.8, goalie 5.72,
                          # retaliation 5.73, intimidation 16.1, Defense column 16.2; delayed penalties 16.13
                          "pen_card pen_goalie pen_retal pen_intim pen_def delayed "
                          # intimidation 12, deflections 25, passes chosen over penetration 11
                          "intim_try intim_ok defl_try defl_goals pass_try pass_ok")
NT = len(T)
P = fields("PlayerCounter", "g a sog pim ppg shg inj intim_try intim_ok defl_try defl_g "
                             # passes chosen over penetration (11); minors by kind (4.8, 5.73, 16.1, 16.2); delayed (16.13)
                             "pass_try pass_ok pen_card pen_retal pen_intim pen_def delayed")
NP = len(P)
K = fields("GoalieCounter", "gp start sa ga dec fat_start shelled sa_fat ga_fat fatg so_sa so_ga "
                            # his own minors (5.72) and their minutes
                            "pen pim")
NK = len(K)
O = fields("GameOutput", "home away winner decided so_home so_away so_rounds cards steps draws")  # noqa: E741
NO = len(O)

# ---------------------------------------------------------------- the game state Z
# intim: 1 + the defending slot that may intimidate before the shot (12.1; 0: none), set by an action card's I
# reading and cleared when the shot is taken; shooter: the skater whose X-Reb on the power play's last shot left
# a rebound (16.32; col his card's column, -1 for the goalie card's X-Reb), who may have his shot deflected (25.0)
M = fields("Machine", "mode team slot col unrestricted zone intim shooter")
NM = len(M)
MODE = fields("Mode", "faceoff action shot end "
                      # when play continues after an Advanced power play's last shot (16.32): a rebound to read
                      # (5.3), a possible breakaway (team, rating slot; 5.71) and a goalie penalty whose split card
                      # fell in range (the shooting team; 5.72-5.73), played at even strength
                      "rebound breakaway goalie_penalty "
                      # the power play of the oldest called penalty (7.3-7.36, 16.3-16.51: kernel/powerplay.py)
                      "power_play")
# a penalty queue entry (kernel/manpower.py): side, offender (skater id, -1 - goalie id), minutes, action cards
# left to serve, state (called / serving), the other side's skater in the box with him (5.73; -1 none)
Q = fields("Penalty", "side who minutes left state ppout")
NQ = len(Q)

ZL, NZ = regions("State", [
    # scalars
    ("scripted", 1), ("period", 1), ("cur", 1), ("ncards", 1), ("cf", 1), ("cd", 1), ("ot", 1), ("done", 1),
    ("spcur", 1), ("inj_pend", 1), ("ch_t", 1), ("ch1", 1), ("ch2", 1), ("logn", 1),
    ("steps", 1), ("cards", 1), ("draws", 1),
    ("npen", 1),                   # penalties in the queue (region penq)
    ("clock", 1),                  # the deck position up to which the penalty clock has counted (manpower.py)
    ("pp_stay", 1),                # 1 + the power-play side whose units stay on after the power play (16.5), 0 none
    # per side (+side)
    ("gk", 2),                     # current goalie (global id); a pulled goalie is tracked in pull
    ("gkslot", 2),
    ("fat", 2),
    ("pull", 2),
    ("ppnext", 2),
    ("pknext", 2),
    ("score", 2),
    ("gap", 2),                    # goals against the current goalie this period
    ("gag", 2),                    # ... this game
    ("leadgk", 2),                 # goalie slots in net when the last go-ahead goal was scored (decisions)
    ("relieve", 2),
    ("shelled", 2),
    ("team", 2),                   # team row of TM
    ("nscript", 3),                # +k: length of script k (action cards, split cards, dice)
    ("logcap", 1),                 # rows of the play-by-play log (0: none)
    # regions
    ("ice", (2, 6)),               # players on the ice by slot
    ("lines", (2, LINES_W)),       # the game's lines (injury replacements change them)
    ("turns", (2, MAX_ROSTER)),    # "any player" turns (4.31)
    ("tacc", (2, MAX_ROSTER)),     # shooting-tendency accumulators
    ("pacc", (2, MAX_ROSTER)),     # passing accumulators (11.0, coaching.passes)
    ("injured", (2, MAX_ROSTER)),  # 1: out injured
    ("m", NM),                     # machine state, fields M
    ("align", (2, 2)),             # Advanced: each side's (offense 1-3, defense 0-3) alignment (9.0)
    ("deck", ORDER_CAP),           # this period's action deck, line-change cards included
    ("penq", (PENQ_CAP, NQ)),      # penalties called or being served, oldest first: fields Q
    ("manpower", 2),               # skaters on the ice per side (5 at even strength; the extra skater not counted)
    # a delayed penalty (16.13-16.15, kernel/intimidation.py): 1 + the penalized side (0 none), the offender's
    # skater id, the other side's score when it began, and 1 when its goalie was pulled for it
    ("delayed", 1), ("del_off", 1), ("del_score", 1), ("del_pull", 1),
])

# ---------------------------------------------------------------- play-by-play
# event codes: row = (period, card, code, side, a, b, c, d)
EV = fields("Event", "period card line faceoff defense pass_ shot goalie goal save rebound breakaway penetrate "
                     "penalty pp pp_shot injury pull shelled so end assist flip return_ relieve split pencard "
                     "align intimidate deflect pass_in delayed retaliation manpower "
                     "enforcer "                   # 26.2: a penetration rating lowered by the Enforcer rule
                     # the offender's place on the penalty-killing unit taken by another skater (7.2)
                     "pk_sub "
                     # the outcome of a shootout attempt that needed a split card or the goalie's card (28.1)
                     "so_result "
                     # the faceoff men of the Advanced / Super Advanced charts (8.1, 8.2), one thrown out (8.21)
                     "fo_men fo_thrown")
LR = fields("LogRow", "period card code side a b c d")
LOG_W = len(LR)

# ---------------------------------------------------------------- value codes
COL_OUT, COL_IN, COL_REB = 0, 1, 2           # shot columns (the second dimension of table shot)
HOME, AWAY = 0, 1
REG, OT, SO = 0, 1, 2                        # O.decided
WIN_HOME, WIN_AWAY, WIN_TIE = 0, 1, 2        # O.winner
DEC_W, DEC_L, DEC_OTL, DEC_T = 1, 2, 3, 4    # K.dec (0: no decision)
# EV.manpower's c (kernel/manpower.py, kernel/game.py): a penalty begins to be served, its time is served, the
# power-play and penalty-killing units stay on (16.5-16.51) and go off, a power-play goal ends it, the period's
# end ends it
MP_BEGIN, MP_SERVED, MP_STAY, MP_LEAVE, MP_GOAL, MP_PERIOD = 0, 1, 2, 3, 4, 5

__all__ = [name for name in list(globals()) if name[:1].isupper()]      # the constants above
