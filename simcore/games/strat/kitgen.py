"""Build the shipped synthetic Strat-O-Matic Hockey kit (simcore/games/strat/data/kit/).

    python -m simcore.games.strat.kitgen             # rewrite the shipped kit
    python -m simcore.games.strat.kitgen --check     # exit 1 when the shipped files differ from this script's
    python -m simcore.games.strat.kitgen --summary   # card-level rates of the built kit, for tuning
    python -m simcore.games.strat.kitgen --out DIR   # write elsewhere

The real game's cards and charts are not in the rulebook; this kit is made up (fictional teams and players)
and deterministic (a seeded numpy Generator).  Every tuning knob is a field of :class:`Knobs`; the construction
is documented in docs/strat-data.md, "How the sample kit was built".  Cells transcribed from the rulebook carry
``rulebook:<section>`` source tags, the skaters' Advanced columns ``reconstructed:advanced-card-ratings``
(:func:`advanced_fields`), every other cell ``reconstructed:synthetic-kit``.  A test checks that the
shipped files equal this script's output.
"""
from __future__ import annotations

import argparse
import csv
import io
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from . import shotchartgen
from . import advkit

METHOD = "reconstructed:synthetic-kit"
DICE = tuple(range(2, 13))
#: chances in 36 of each 2d6 total
WEIGHT = {d: 6 - abs(d - 7) for d in DICE}
POS = ("LW", "C", "RW", "LD", "RD")
RATINGS = ("AA", "A", "B", "C", "D")

#: The Basic and Advanced Power Play Chart (7.32), one row per split 1..20:
#: "condition | top short-handed | top power play | bottom short-handed | bottom power play".
#: Row 1 is the rulebook's example (7.32-7.33); where its breakaway goes is not printed.
POWER_PLAY_ROWS = (
    "LD 4 | Breakaway LW | Inside RW | - | Inside C; Rebound LW",
    "RD 4 | - | Outside LD; Inside C | - | Inside RW; Outside LD",
    "LW 3 | - | Inside C | - | Inside LW; Outside RD; Rebound C",
    "RW 3 | - | Outside RD; Rebound LW | - | Rebound C; Inside RW",
    "LD 3 | - | Outside C | - | Inside C; Outside LD",
    "RD 3 | Breakaway RW | Inside LW | - | Outside LD; Inside RW",
    "LW 4 | - | Outside C; Inside RW | - | Inside C; Rebound RW",
    "RW 4 | - | Rebound RW | - | Rebound RW; Outside C",
    "LD 4 | - | Inside LW; Outside RD | - | Inside LW; Inside C",
    "RD 4 | - | Outside RW | - | Outside C; Inside C; Rebound LW",
    "LW 3 | - | Outside LD; Outside LW | - | Outside LW; Inside RW",
    "RW 3 | - | Inside RW | - | Inside RW; Rebound C",
    "LD 3 | - | Outside LW; Rebound C | - | Rebound LW; Outside RD",
    "RD 3 | - | Outside C | - | Outside RD; Rebound C; Inside LW",
    "LW 4 | Breakaway LD | Outside C; Inside LW | - | Inside C; Outside RW",
    "RW 4 | - | Inside C | - | Outside RW; Inside LW",
    "LD 4 | - | Outside RD | - | Inside RW; Outside C",
    "RD 4 | - | Outside LD; Inside C | - | Outside LD; Rebound RW",
    "LW 3 | - | Outside RW | - | Inside LW; Inside C",
    "RW 3 | - | Inside LW; Outside C | - | Outside C; Outside RW; Rebound LW",
)

#: One section of the action deck without its penalty cards: the visitor section as printed; the home section
#: takes ``home_swaps`` on top (4.1-4.71).
ACTION_SECTION = (
    "Opponent Defense 12", "Opponent Defense 12", "Opponent Defense 12",
    "Opponent Defense 13", "Opponent Defense 13", "Opponent Defense 14", "Opponent Defense 14",
    "Passing J", "Passing J", "Passing K", "Passing K", "Passing L", "Passing L",
    "Outside shot for any player", "Inside shot for any player", "Opponent Defense 13",
    "Outside shot for LW (RW)", "Outside shot for RW (LW)", "Outside shot for LD (RD)",
    "Inside shot for C (LW)", "Inside shot for RW (C)",
    "Lose puck, outside shot only for LD", "Lose puck, outside shot only for C",
    "Possible breakaway", "Lose puck, possible breakaway", "Lose puck, inside shot for any player",
)


@dataclass(frozen=True)
class Knobs:
    """Every number the sample kit is built from.  Probabilities are per 2d6 roll on one column."""

    seed: int = 20190402
    n_teams: int = 8
    # --- shooting columns (5.x).  For each column: (goal, goalie rating, X-Reb, lose puck) at Offense 1 and at
    # Offense 9, linear in between; the rest of the column is X-D<pos> saves.  "goal" counts Goal cells and the
    # goal share of one "Goal 1-k" cell.
    outside: tuple = ((0.007, 0.08, 0.11, 0.14), (0.040, 0.18, 0.13, 0.07))
    inside: tuple = ((0.027, 0.13, 0.14, 0.12), (0.110, 0.23, 0.13, 0.05))
    rebound: tuple = ((0.040, 0.16, 0.10, 0.08), (0.140, 0.26, 0.08, 0.04))
    # Goal+ and Goalie Rating+ shares (power play only; a save and a faceoff at even strength, 5.9, 5.10), taken
    # from the save share, per column (outside, inside, rebound), at Offense 1 and 9 (defensemen get none).
    goal_plus: tuple = ((0.0, 0.025, 0.035), (0.035, 0.07, 0.07))
    goalie_rating_plus: tuple = ((0.02, 0.04, 0.04), (0.05, 0.08, 0.08))
    # Defensemen with a power-play threat (28.2 "For players who are primarily defensemen ... Goal+ and Goalie
    # Rating+ are not goals"): the chance that a defenseman of Offense below / at least `d_plus_offense` carries
    # one Goal+ or Goalie Rating+ on his Reb/Bkwy column (in place of his rarest X-D save), and the chance that
    # such a defenseman also has a Goalie Rating+ on his Outside column.  Drawn from the "dplus" stream, so no
    # other cell of the kit moves.
    d_plus_chance: tuple = (0.15, 0.6)
    d_plus_offense: int = 3
    d_plus_goal_share: float = 0.5            # of the Reb/Bkwy cells: Goal+ (else Goalie Rating+)
    d_plus_outside: float = 0.5
    save_any_share: float = 0.08        # of X- saves written "X-Any D player" (5.2)
    lose_any_share: float = 0.20        # of lost pucks written "Lose puck to any D player" (5.4)
    # --- goalie cards: goal share (Goal cells plus a Goal 1-k split) of the eleven cells, by team strength
    goalie_goal_mean: float = 0.200
    goalie_goal_sd: float = 0.025
    goalie_goal_per_strength: float = -0.015   # better teams have better goalies
    backup_goal_extra: float = 0.02
    goalie_rest: tuple = (("Faceoff", 0.45), ("X-D", 0.37), ("X-Reb", 0.18))   # the non-goal cells
    retaliation_outside: tuple = (1, 8)        # the 5.7 cell's OUT breakaway split range hi: uniform in [lo, hi]
    retaliation_inside: tuple = (4, 18)        # and its IN/BKWY goalie-penalty range hi
    # --- team strength: one number per team, in Offense points, shifts skater Offense and Defense and goalies
    team_strength_sd: float = 0.7
    forward_offense_by_line: tuple = (6.0, 4.8, 3.8, 2.8)
    defense_offense_by_pair: tuple = (2.8, 2.2, 1.6)
    offense_noise_sd: float = 1.0
    forward_defense: tuple = (2.3, 0.9)       # mean, sd of the Defense rating
    defense_defense: tuple = (3.2, 0.9)
    short_handed_bonus_share: float = 0.35     # of penalty killers with a parenthesized rating one higher (7.21)
    # --- defense column (4.1): chance that D12, D13, D14 reads "Takes puck" at Defense 3, and the change per point
    takes_puck_at_3: tuple = (0.74, 0.59, 0.44)
    takes_puck_per_point: float = 0.12
    # --- passing column (4.2): chance that J, K, L complete a pass at Assist 3, and the change per point
    pass_at_3: tuple = (0.32, 0.47, 0.62)
    pass_per_assist: float = 0.06
    pass_any_share: float = 0.35              # completed passes written "Inside shot for any player"
    # --- Advanced card fields (docs/strat-data.md, "Advanced card fields"), drawn from each card's "adv" stream so
    # that the Basic cells do not move.  Passing G, H, I (the Advanced deck reads G-L): chance of a completed pass
    # at Assist 3 (change per point: pass_per_assist).
    pass_at_3_advanced: tuple = (0.40, 0.48, 0.55)
    # Defense 2-6 (read like 12-14): chance of "Takes puck" at Defense 3 (change per point: takes_puck_per_point).
    takes_puck_at_3_advanced: tuple = (0.45, 0.37, 0.29, 0.21, 0.13)
    # Defense 7-11 (16.2): how many of the five read "Penalty", uniform in (lo, hi), by Penalty rating AA..D; the
    # others read "Takes puck, outside shot".
    penalty_cells: tuple = ((4, 5), (3, 4), (2, 3), (1, 2), (1, 1))
    # I rating (12.1-12.2): 1-n with n = intim_base (forward, defenseman) + intim_by_penalty[rating] + (Defense - 3)
    # + noise intim_sd, clipped to 1..intim_max; "-" (no intimidation) below 2.
    intim_base: tuple = (3.0, 6.0)
    intim_by_penalty: tuple = (4.0, 3.0, 1.0, 0.0, -2.0)
    intim_sd: float = 1.5
    intim_max: int = 16
    # --- penalties
    penalty_mix: tuple = (0.05, 0.17, 0.38, 0.25, 0.15)           # share of skaters rated AA, A, B, C, D (4.81)
    penalty_home: tuple = ("AA A B", "AA A B", "AA A B", "AA A")   # top rows of the penalty cards' home sections
    penalty_visitor: tuple = ("AA A B", "AA A B", "AA A B", "AA A")  # and visitor sections (same cards)
    penalty_chart: tuple = (14, 11, 8, 5, 3)  # penalized on splits 1..n for AA, A, B, C, D (retaliation, 5.73)
    # Intimidation Chart (16.1): penalized on splits n..20 for AA, A, B, C, D; B's 10-20 is the rulebook's (16.11)
    intimidation_chart: tuple = (6, 8, 10, 12, 14)
    # --- action deck: the non-penalty sections, and the home team's edge as (visitor reading, home reading) swaps
    action_section: tuple = ACTION_SECTION
    home_swaps: tuple = (("Opponent Defense 14", "Inside shot for any player"),
                         ("Passing J", "Inside shot for C (RW)"))
    # --- split deck (40 cards)
    rebound_kinds: tuple = (("Offense", 0, 8), ("Offense", 3, 4), ("Offense", 4, 4), ("Offense", 5, 2),
                            ("Offense any player", 3, 2), ("Offense any player", 4, 2),
                            ("Defense", 0, 10), ("Defense", 3, 4), ("Defense", 4, 4))   # (kind, rating, cards)
    rebound_injuries: int = 2                 # rebound readings ending ", also injury" (15)
    breakaway_positions: int = 20             # breakaway sections naming a position; the rest "Rating n"
    breakaway_ratings: tuple = (1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 1, 2, 3, 4)
    one_assist_only: int = 8
    # --- charts
    faceoff_home_splits: int = 10             # splits won by the home team (2.1)
    penetration: tuple = (0, 4, 7, 10, 13, 15, 17, 18, 19, 20)   # rating 0..9 succeeds on 1..n (6.1: 4 -> 1-13)
    power_play_rows: tuple = POWER_PLAY_ROWS
    retaliation: tuple = ("LW", "C", "RW", "LD", "RD", "none")   # die 1..6 (5.73)


KNOBS = Knobs()

TEAMS = (
    ("KBY", "Kestrel Bay Ospreys"), ("NRV", "Norvale Lumberjacks"), ("ASR", "Ashford Ridge Rams"),
    ("DNM", "Dunmore Miners"), ("LKP", "Lakeport Pilots"), ("BRW", "Brightwater Otters"),
    ("GRP", "Granite Pass Goats"), ("FNW", "Fenwick Falcons"), ("OKH", "Oakhollow Owls"), ("SVL", "Silverlea Stags"),
)
FIRST = ("Abel", "Anders", "Bram", "Caleb", "Casimir", "Dorian", "Elias", "Emmett", "Felix", "Gideon", "Hale",
         "Ivo", "Jasper", "Jonah", "Kasper", "Leif", "Linus", "Magnus", "Milo", "Nils", "Oskar", "Otto", "Pascal",
         "Quentin", "Rafe", "Rowan", "Silas", "Soren", "Tobias", "Ulrich", "Viktor", "Wes", "Xavier", "Yannick",
         "Zane", "Ambrose", "Barnaby", "Cyrus", "Desmond", "Edgar", "Fitz", "Gus", "Hugo", "Ignatius", "Jory")
SURNAME_HEAD = ("Ash", "Bran", "Cor", "Dal", "Eck", "Fen", "Gar", "Hol", "Ket", "Lind", "Mar", "Nor", "Ost",
                "Pell", "Quil", "Rud", "Sten", "Thorn", "Ulv", "Vand", "Wex", "Yar", "Zell", "Brack", "Crag")
SURNAME_TAIL = ("by", "croft", "dale", "er", "ford", "gren", "holm", "ley", "mont", "ridge", "ton", "wick",
                "stead", "vik", "well", "mire")


# ---------------------------------------------------------------- helpers

STREAMS = ("decks", "names", "strength", "team", "card", "goalie", "dplus", "adv")


def _stream(k: Knobs, part: str, *ids) -> np.random.Generator:
    """An independent generator for one part of the kit (decks, names, team strengths, a team's ratings, one
    card), so that moving a knob redraws only what it governs: a shooting-column knob changes cards, not
    rosters."""
    key = [STREAMS.index(part)]
    for x in ids:
        key.append(x if isinstance(x, int) else POS.index(x) if x in POS else sum(map(ord, str(x))))
    return np.random.default_rng([k.seed, *key])

def _lerp(pair, off: int):
    lo, hi = (np.asarray(p, dtype=float) for p in pair)
    return lo + (hi - lo) * (min(max(off, 1), 9) - 1) / 8


def _rng_range(lo: int, hi: int) -> str:
    return f"{lo}-{hi}" if hi > lo else f"{lo}"


def _pick(rng, seq):
    return seq[int(rng.integers(len(seq)))]


def _goal_cell(free: list[int], mass: float, rng, goalie: bool) -> dict[int, str]:
    """Cells carrying ``mass`` 36ths of goals: whole Goal cells on the rarest totals, then one "Goal 1-k" split
    (5.8, 5.6) on the rarest free total that can hold the rest."""
    out: dict[int, str] = {}
    order = sorted(free, key=lambda d: (WEIGHT[d], float(rng.random())))
    for d in order:
        if WEIGHT[d] <= mass + 0.05:
            out[d] = "Goal"
            mass -= WEIGHT[d]
    rest = [d for d in order if d not in out and WEIGHT[d] >= mass]
    if mass > 0.05 and rest:
        d = rest[0]
        k = min(19, max(1, round(20 * mass / WEIGHT[d])))
        out[d] = f"Goal 1-{k}, Faceoff {k + 1}-20" if goalie else f"Goal 1-{k}"
    return out


def _fill(free: list[int], masses: dict[str, float], rng) -> dict[int, str]:
    """Give each free cell to the category furthest below its target mass (biggest cells first)."""
    order = sorted(free, key=lambda d: (-WEIGHT[d], float(rng.random())))
    left = dict(masses)
    out = {}
    for d in order:
        cat = max(left, key=lambda c: (left[c], c))
        out[d] = cat
        left[cat] -= WEIGHT[d]
    return out


def _goal_mass(text: str) -> float:
    """36ths of goal mass of a written cell (for subtracting fixed cells from a target)."""
    t = text.upper()
    if t == "GOAL":
        return 1.0
    if t.startswith("GOAL 1-"):
        return int(t.split("-")[1].split(",")[0]) / 20
    return 0.0


# ---------------------------------------------------------------- skater cards

def shooting_column(rng, k: Knobs, col: int, off: int, is_d: bool, fixed: dict[int, str]) -> dict[int, str]:
    """One shooting column (0 outside, 1 inside, 2 rebound): 2d6 total -> printed reading."""
    goal, gr, reb, lose = _lerp((k.outside, k.inside, k.rebound)[col], off)
    gp = 0.0 if is_d else _lerp((k.goal_plus[0], k.goal_plus[1]), off)[col]
    grp = 0.0 if is_d else _lerp((k.goalie_rating_plus[0], k.goalie_rating_plus[1]), off)[col]
    cells = dict(fixed)
    goal_m = 36 * goal - sum(WEIGHT[d] * _goal_mass(t) for d, t in fixed.items())
    free = [d for d in DICE if d not in cells]
    cells.update(_goal_cell(free, goal_m, rng, goalie=False))
    free = [d for d in DICE if d not in cells]
    fixed_gr = sum(WEIGHT[d] for d, t in fixed.items() if t == "Goalie Rating")
    masses = {"Goalie Rating": 36 * gr - fixed_gr, "Goalie Rating+": 36 * grp, "Goal+": 36 * gp,
              "X-Reb": 36 * reb, "Lose": 36 * lose}
    used = sum(WEIGHT[d] for d in cells)
    masses["X-D"] = 36 - used - sum(max(m, 0) for m in masses.values())
    for cat, d in ((c, d) for d, c in _fill(free, masses, rng).items()):
        if cat == "X-D":
            cells[d] = "X-Any D player" if rng.random() < k.save_any_share else f"X-D{_pick(rng, POS)}"
        elif cat == "Lose":
            cells[d] = "Lose puck to any D player" if rng.random() < k.lose_any_share else \
                f"Lose puck to {_pick(rng, POS)}"
        else:
            cells[d] = cat
    return cells


def _pass_target(rng, pos: str) -> str:
    mates = {"LW": ("C", "C", "RW"), "C": ("LW", "RW"), "RW": ("C", "C", "LW"), "LD": ("C", "LW", "RW"),
             "RD": ("C", "LW", "RW")}[pos]
    return _pick(rng, mates)


def skater_row(rng, k: Knobs, name: str, pos: str, second: str | None, off: int, strength: float,
               pk: bool, fixed: dict[str, str]) -> dict[str, str]:
    is_d = pos in ("LD", "RD")
    dm, dsd = k.defense_defense if is_d else k.forward_defense
    d = int(np.clip(round(dm + 0.4 * strength + rng.normal(0, dsd)), 1, 5))
    sh = d + 1 if pk and d < 5 and rng.random() < k.short_handed_bonus_share else d
    bkwy = int(np.clip(round((off / 2 if not is_d else off / 3) + rng.normal(1.0, 0.8)), 1, 6))
    pen = RATINGS[int(rng.choice(5, p=np.asarray(k.penalty_mix) / sum(k.penalty_mix)))]
    # the I rating is written by advanced_fields; these draws keep the card stream's sequence (and so every Basic
    # cell) as it was before the Advanced fields were added
    intim = "-" if rng.random() < (0.15 if is_d else 0.35) else _rng_range(1, int(rng.integers(3, 13)))
    ast = int(np.clip(round(off * 0.6 + rng.normal(0.3, 0.8)), 1, 7))
    star = "*" if is_d and ast >= 3 and rng.random() < 0.5 else ""
    skate_hi = int(np.clip(round(8 + off + rng.normal(0, 1.5)), 5, 18))
    fast = rng.random() < 0.06 * off
    skate = f"1-{skate_hi}" + (f" ({_rng_range(1, int(rng.integers(1, 3)))})" if fast else "")
    if pos == "C":
        fo = _pick(rng, ("+2", "+1", "+1", "0", "0"))
    else:
        fo = "+1" if not is_d and rng.random() < 0.1 else "0"
    tend = "*" * int(np.clip(round((1.5 if is_d else 3.0) + rng.normal(0, 0.9)), 1, 5))
    row = {"pos": pos + (f"/{second}" if second else ""), "off": str(off),
           "def": f"{d} ({sh})" if sh != d else str(d), "bkwy": str(bkwy), "pen": pen, "intim": intim,
           "ast": f"{ast}{star}", "skate": skate, "fo": fo, "tend": tend}
    for col, letter in enumerate("OIR"):
        fx = {int(c[1:]): t for c, t in fixed.items() if c[0] == letter and c[1:].isdigit()}
        for dd, text in shooting_column(rng, k, col, off, is_d, fx).items():
            row[f"{letter}{dd}"] = text
    for i, n in enumerate((12, 13, 14)):
        p = np.clip(k.takes_puck_at_3[i] + k.takes_puck_per_point * (d - 3), 0.02, 0.98)
        row[f"D{n}"] = "Takes puck" if rng.random() < p else "Outside shot"
    for i, x in enumerate("JKL"):
        row[f"P{x}"] = _passing_cell(rng, k, k.pass_at_3[i], ast, pos)
    row.update(fixed)
    return row


def _passing_cell(rng, k: Knobs, at_3: float, ast: int, pos: str) -> str:
    """A Passing-column cell (4.2): a completed pass with chance ``at_3`` at Assist 3, ``pass_per_assist`` more per
    point, else a lost puck."""
    p = np.clip(at_3 + k.pass_per_assist * (ast - 3), 0.05, 0.95)
    if rng.random() < p:
        return "Inside shot for any player" if rng.random() < k.pass_any_share else \
            f"Inside shot for {_pass_target(rng, pos)}"
    return "Lose puck to any D player" if rng.random() < k.lose_any_share else f"Lose puck to {_pick(rng, POS)}"


ADVANCED_DEFENSE = tuple(range(2, 12))
PENALTY_DEFENSE = tuple(range(7, 12))
ADVANCED_COLUMNS = ("intim", *(f"D{n}" for n in ADVANCED_DEFENSE), "PG", "PH", "PI", "mc")
ADVANCED_METHOD = "reconstructed:advanced-card-ratings"
ADVANCED_SOURCE = f"{ADVANCED_METHOD}[{'|'.join(ADVANCED_COLUMNS)}]"


def advanced_fields(rng, k: Knobs, row: dict[str, str]) -> None:
    """The Advanced game's card fields, from the card's ratings (docs/strat-data.md, "Advanced card fields"): the
    I rating (12.1) by position, Penalty and Defense rating; Passing G, H, I by Assist rating; Defense 2-6 by
    Defense rating; Defense 7-11 (16.2) with as many "Penalty" cells as ``penalty_cells`` gives his Penalty
    rating; and an AA player's misconduct entry (17.4) on the Defense 10 and 11 cells that read Penalty (else his
    highest Penalty cell).  ``rng`` is the card's "adv" stream."""
    pos = row["pos"].split("/")[0]
    is_d = pos in ("LD", "RD")
    d = int(row["def"].split()[0])
    ast = int(row["ast"].rstrip("*"))
    pen = RATINGS.index(row["pen"])
    n = int(round(k.intim_base[is_d] + k.intim_by_penalty[pen] + (d - 3) + rng.normal(0, k.intim_sd)))
    row["intim"] = "-" if n < 2 else f"1-{min(n, k.intim_max)}"
    for x, at_3 in zip("GHI", k.pass_at_3_advanced):
        row[f"P{x}"] = _passing_cell(rng, k, at_3, ast, pos)
    for num, at_3 in zip(range(2, 7), k.takes_puck_at_3_advanced):
        p = np.clip(at_3 + k.takes_puck_per_point * (d - 3), 0.02, 0.98)
        row[f"D{num}"] = "Takes puck" if rng.random() < p else "Outside shot"
    lo, hi = k.penalty_cells[pen]
    count = int(rng.integers(lo, hi + 1))
    penalized = sorted(PENALTY_DEFENSE[i] for i in rng.choice(len(PENALTY_DEFENSE), size=count, replace=False))
    for num in PENALTY_DEFENSE:
        row[f"D{num}"] = "Penalty" if num in penalized else "Takes puck, outside shot"
    mc = [num for num in penalized if num >= 10] or penalized[-1:]
    row["mc"] = f"(MC: {' '.join(map(str, mc))})" if row["pen"] == "AA" and mc else "-"


def defenseman_plus(rng, k: Knobs, row: dict[str, str]) -> None:
    """Give a defenseman's card power-play-only readings (5.9, 5.10; 28.2): with chance ``d_plus_chance`` (by his
    Offense) his rarest X-D save on the Reb/Bkwy column becomes Goal+ or Goalie Rating+, and with chance
    ``d_plus_outside`` also his rarest X-D save on the Outside column becomes Goalie Rating+.  ``rng`` is the
    card's own "dplus" stream: every other draw of the kit is unchanged."""
    lo, hi = k.d_plus_chance
    if rng.random() >= (hi if int(row["off"]) >= k.d_plus_offense else lo):
        return
    also_outside = rng.random() < k.d_plus_outside
    plus = "Goal+" if rng.random() < k.d_plus_goal_share else "Goalie Rating+"
    for letter, text in (("R", plus), ("O", "Goalie Rating+" if also_outside else None)):
        saves = [d for d in DICE if row[f"{letter}{d}"].startswith("X-D") or row[f"{letter}{d}"] == "X-Any D player"]
        if text and saves:
            row[f"{letter}{min(saves, key=lambda d: (WEIGHT[d], d))}"] = text


def goalie_row(rng, k: Knobs, q: float, starter: bool, fixed: dict[int, str]) -> dict[str, str]:
    cells = dict(fixed)
    free = [d for d in DICE if d not in cells and 3 <= d <= 11]
    if not any(t == "Faceoff•" for t in cells.values()):
        cells[_pick(rng, free)] = "Faceoff•"                     # 24.2: on each goalie card
    free = [d for d in DICE if d not in cells and 3 <= d <= 11]
    if not any(t.startswith("OUT:") for t in cells.values()):   # 5.7: "Most goalies have a reading similar"
        b = int(rng.integers(k.retaliation_outside[0], k.retaliation_outside[1] + 1))
        p = int(rng.integers(k.retaliation_inside[0], k.retaliation_inside[1] + 1))
        cells[_pick(rng, free)] = f"OUT: Save, Breakaway {_rng_range(1, b)} / IN/BKWY: Faceoff, Penalty 1-{p}"
    free = [d for d in DICE if d not in cells]
    cells.update(_goal_cell(free, 36 * q, rng, goalie=True))
    free = [d for d in DICE if d not in cells]
    rest = 36 - sum(WEIGHT[d] for d in cells)
    masses = {c: rest * s for c, s in k.goalie_rest}
    for d, cat in _fill(free, masses, rng).items():
        cells[d] = f"X-D{_pick(rng, ('LD', 'RD', 'LD', 'RD', 'C', 'LW', 'RW'))}" if cat == "X-D" else cat
    fatigue = int(rng.integers(3, 7)) if starter else int(rng.integers(1, 4))
    starts = int(rng.integers(55, 70)) if starter else int(rng.integers(30, 45))
    return {"fatigue": str(fatigue), "starts": f"{starts}%", **{f"G{d}": cells[d] for d in DICE}}


# ---------------------------------------------------------------- files

SKATER_HEADER = ["name", "pos", "off", "def", "bkwy", "pen", "intim", "ast", "skate", "fo", "tend",
                 *(f"{c}{d}" for c in "OIR" for d in DICE), "D12", "D13", "D14", "PJ", "PK", "PL",
                 *(f"D{n}" for n in ADVANCED_DEFENSE), "PG", "PH", "PI", "mc", "source"]
GOALIE_HEADER = ["name", "fatigue", "starts", *(f"G{d}" for d in DICE), "source"]
LINES_HEADER = ["unit", "LW", "C", "RW", "LD", "RD", "G", "source"]

#: The rulebook's sample cards and what it states about them.
PLAYER_A_FIXED = {"pos": "RW", "bkwy": "4", "D12": "Takes puck", "PK": "Inside shot for C",
                  "PL": "Inside shot for any player", "R9": "Goalie Rating", "I5": "Goal 1-8", "skate": "1-14 (1)"}
PLAYER_A_SOURCE = ("rulebook:6.1[pos|bkwy]; rulebook:4.1[D12]; rulebook:4.2[PK|PL]; rulebook:5.5[R9]; "
                   "rulebook:5.8[I5]; rulebook:21.2[skate]; " + METHOD)
PLAYER_B_FIXED = {"pos": "LW", "bkwy": "3", "pen": "B"}
PLAYER_B_SOURCE = "rulebook:4.41[pos]; rulebook:4.62[bkwy]; rulebook:16.11[pen]; " + METHOD
PLAYER_C_CELL = (11, "OUT: Save, Breakaway 1-6 / IN/BKWY: Faceoff, Penalty 1-18")
PLAYER_C_SOURCE = "rulebook:5.7[G11]; " + METHOD


def _csv(header, rows) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for r in rows:
        w.writerow([r.get(h, "-") if isinstance(r, dict) else r[i] for i, h in enumerate(header)])
    return buf.getvalue()


class _Names:
    def __init__(self, rng):
        self.rng, self.used = rng, {"Player A", "Player B", "Player C"}

    def __call__(self) -> str:
        while True:
            n = f"{_pick(self.rng, FIRST)} {_pick(self.rng, SURNAME_HEAD)}{_pick(self.rng, SURNAME_TAIL)}"
            if n not in self.used:
                self.used.add(n)
                return n


def build_team(rng, k: Knobs, names, strength: float, samples: bool, team_no: int = 0):
    """Skater rows, goalie rows and lines rows of one team (12 forwards, 6 defensemen, 2 goalies)."""
    skaters, lines = [], {}
    for li, base in enumerate(k.forward_offense_by_line):
        unit = []
        for pos in ("LW", "C", "RW"):
            off = int(np.clip(round(base + strength + rng.normal(0, k.offense_noise_sd)), 1, 9))
            second = None
            if pos == "C" and rng.random() < 0.2:
                second = _pick(rng, ("LW", "RW"))
            elif pos != "C" and rng.random() < 0.1:
                second = "RW" if pos == "LW" else "LW"
            fixed, source, name = {}, METHOD, None
            if samples and li == 0 and pos in ("LW", "RW"):
                name = "Player B" if pos == "LW" else "Player A"
                fixed = PLAYER_B_FIXED if pos == "LW" else PLAYER_A_FIXED
                source = PLAYER_B_SOURCE if pos == "LW" else PLAYER_A_SOURCE
                second = None
            name = name or names()
            pk = li in (1, 2) or (li == 3 and pos == "C")
            row = skater_row(_stream(k, "card", team_no, li, pos), k, name, pos, second, off, strength, pk, fixed)
            advanced_fields(_stream(k, "adv", team_no, li, pos), k, row)
            source = f"{source.removesuffix(METHOD)}{ADVANCED_SOURCE}; {METHOD}"
            skaters.append({"name": name, **row, "source": source})
            unit.append(name)
        lines[f"F{li + 1}"] = {"LW": unit[0], "C": unit[1], "RW": unit[2]}
    for pi, base in enumerate(k.defense_offense_by_pair):
        unit = []
        for pos in ("LD", "RD"):
            off = int(np.clip(round(base + 0.5 * strength + rng.normal(0, 0.8 * k.offense_noise_sd)), 1, 6))
            second = ("RD" if pos == "LD" else "LD") if rng.random() < 0.15 else None
            name = names()
            row = skater_row(_stream(k, "card", team_no, 10 + pi, pos), k, name, pos, second, off, strength, pi < 2,
                             {})
            defenseman_plus(_stream(k, "dplus", team_no, 10 + pi, pos), k, row)
            advanced_fields(_stream(k, "adv", team_no, 10 + pi, pos), k, row)
            skaters.append({"name": name, **row, "source": f"{ADVANCED_SOURCE}; {METHOD}"})
            unit.append(name)
        lines[f"D{pi + 1}"] = {"LD": unit[0], "RD": unit[1]}
    f, d = lines, lines
    lines["PP1"] = {**f["F1"], **d["D1"]}
    lines["PP2"] = {**f["F2"], **d["D2"]}
    lines["PK1"] = {"LW": f["F3"]["LW"], "RW": f["F3"]["RW"], **d["D1"]}
    lines["PK2"] = {"LW": f["F4"]["C"], "RW": f["F2"]["RW"], **d["D2"]}   # 7.2: a center may play either wing
    goalies = []
    q0 = k.goalie_goal_mean + k.goalie_goal_per_strength * strength
    for gi in range(2):
        q = float(np.clip(q0 + (k.backup_goal_extra if gi else 0.0) + rng.normal(0, k.goalie_goal_sd), 0.1, 0.4))
        name = "Player C" if samples and gi == 0 else names()
        fixed = {PLAYER_C_CELL[0]: PLAYER_C_CELL[1]} if name == "Player C" else {}
        goalies.append({"name": name, **goalie_row(_stream(k, "goalie", team_no, gi), k, q, gi == 0, fixed),
                        "source": PLAYER_C_SOURCE if name == "Player C" else METHOD})
        lines[f"G{gi + 1}"] = {"G": name}
    units = ("F1", "F2", "F3", "F4", "D1", "D2", "D3", "PP1", "PP2", "PK1", "PK2", "G1", "G2")
    line_rows = [{"unit": u, **lines[u], "source": METHOD} for u in units]
    return skaters, goalies, line_rows


#: The rulebook's Player A (KBY) and Players B and C are opponents: "If Player B is on the attack ... refer to the
#: Defense column of Player A's card" (4.1), "Player C's goalie card and Player A's Reb/Bkwy column" (5.5).  They
#: are built on KBY (team 0), then Player B and Player C change places with NRV's (team 1) first-line left wing
#: and starting goalie, by the unit slots of the lines file: each card keeps every cell, and its slot in the
#: other team's lines.
SAMPLE_TRADE = (("F1", "LW"), ("G1", "G"))


def trade(a, b, slots) -> None:
    """Swap the players in ``slots`` (unit, column) of two built teams (skaters, goalies, lines): their card rows
    change files and each takes the other's place in every unit."""
    for unit, col in slots:
        la, lb = (next(r for r in t[2] if r["unit"] == unit) for t in (a, b))
        na, nb = la[col], lb[col]
        kind = 1 if col == "G" else 0
        ra, rb = (next(r for r in t[kind] if r["name"] == n) for t, n in ((a, na), (b, nb)))
        ia, ib = a[kind].index(ra), b[kind].index(rb)
        a[kind][ia], b[kind][ib] = rb, ra
        for t, old, new in ((a, na, nb), (b, nb, na)):
            for r in t[2]:
                for c in list(r):
                    if c not in ("unit", "source") and r[c] == old:
                        r[c] = new


def build_files(k: Knobs = KNOBS) -> dict[str, str]:
    """Every file of the kit: relative path -> text."""
    rng = _stream(k, "decks")
    files: dict[str, str] = {}
    files["kit.toml"] = (
        '# Built by `python -m simcore.games.strat.kitgen`; do not edit by hand (docs/strat-data.md).\n'
        'name = "simcore synthetic kit"\n'
        'synthetic = true            # fictional players, made for testing and demonstration\n'
        'action_deck = "action_deck.csv"\nsplit_deck = "split_deck.csv"\n'
        'faceoff_chart = "charts/faceoff.csv"\npenetration_chart = "charts/penetration.csv"\n'
        'power_play_chart = "charts/power_play.csv"\nretaliation_chart = "charts/goalie_retaliation.csv"\n'
        'penalty_chart = "charts/penalty.csv"\nteams = "teams.csv"\n' + advkit.KIT_TOML)

    # action deck: penalty cards first (both sections), then the rest of each section shuffled
    home = list(k.action_section)
    for vis, hom in k.home_swaps:
        home[home.index(vis)] = hom
    visitor = list(k.action_section)
    n_pen = len(k.penalty_home)
    assert len(k.penalty_visitor) == n_pen and len(home) + n_pen == 30, "the action deck holds 30 action cards"

    def pen(top):
        bottom = [r for r in RATINGS if r not in top.split()]
        return f"Penalty {top} / {' '.join(bottom)}"

    home = [pen(t) for t in k.penalty_home] + [home[i] for i in rng.permutation(len(home))]
    visitor = [pen(t) for t in k.penalty_visitor] + [visitor[i] for i in rng.permutation(len(visitor))]
    rows = [(f"A{i + 1:02d}", "action", h, v, METHOD) for i, (h, v) in enumerate(zip(home, visitor))]
    rows += [("FL1", "forward_line_change", "-", "-", METHOD), ("FL2", "forward_line_change", "-", "-", METHOD),
             ("DL1", "defense_line_change", "-", "-", METHOD),
             ("FL3", "forward_line_change spare", "-", "-", METHOD),
             ("FL4", "forward_line_change spare", "-", "-", METHOD),
             ("DL2", "defense_line_change spare", "-", "-", METHOD)]
    files["action_deck.csv"] = _csv(["card", "kind", "home", "visitor", "source"], rows)

    # split deck
    numbers = [n for n in range(1, 21) for _ in range(2)]
    reb = []
    for kind, rating, count in k.rebound_kinds:
        for _ in range(count):
            if kind == "Offense any player":
                reb.append(f"Offense any player {rating}")
            else:
                reb.append(f"{kind} {_pick(rng, POS)}" + (f" {rating}" if rating else ""))
    assert len(reb) == 40, "the split deck holds 40 rebound sections"
    reb = [reb[i] for i in rng.permutation(40)]
    for i in rng.choice(40, size=k.rebound_injuries, replace=False):
        reb[int(i)] += ", also injury"
    bkwy = []
    for i in range(40):
        if i < k.breakaway_positions:
            p = _pick(rng, ("LW", "C", "RW", "LW", "C", "RW", "LD", "RD"))
            alt = _pick(rng, [x for x in ("LW", "C", "RW") if x != p])
            bkwy.append(f"{p} ({alt})")
        else:
            bkwy.append(f"Rating {k.breakaway_ratings[i - k.breakaway_positions]}")
    bkwy = [bkwy[i] for i in rng.permutation(40)]
    inj = []
    for _ in range(40):
        side = _pick(rng, ("Offense", "Defense"))
        length = _pick(rng, ("1 game", "2 games", "3 games", "5 games", "rest of game", "1 game"))
        inj.append(f"{side} {_pick(rng, POS)} {length}")
    ast = []
    for i in range(40):
        order = [POS[j] for j in rng.permutation(5)]
        parts = ", ".join(f"{p} {int(rng.integers(1, 5))}" for p in order)
        head = f"Any {int(rng.integers(6, 10))}; " if rng.random() < 0.5 else ""
        ast.append(("One assist only; " if i < k.one_assist_only else "") + head + parts)
    ast = [ast[i] for i in rng.permutation(40)]
    rows = [(f"S{i + 1:02d}", str(numbers[i]), bkwy[i], reb[i], inj[i], ast[i], METHOD) for i in range(40)]
    files["split_deck.csv"] = _csv(["card", "number", "breakaway", "rebound", "injury", "assists", "source"], rows)

    # charts
    fo_home = ("Home C", "Home C", "Home C", "Home C", "Home C", "Home LW", "Home RW", "Home LD", "Home RD",
               "Home any player")
    fo_vis = tuple(x.replace("Home", "Visitor") for x in fo_home)
    h = k.faceoff_home_splits
    fo = [fo_home[i * len(fo_home) // h] for i in range(h)] + \
         [fo_vis[i * len(fo_vis) // (20 - h)] for i in range(20 - h)]
    files["charts/faceoff.csv"] = _csv(["split", "result", "source"],
                                       [(str(n + 1), fo[n], METHOD) for n in range(20)])
    files["charts/penetration.csv"] = _csv(
        ["rating", "success", "source"],
        [(str(r), f"1-{n}" if n else "-", "rulebook:6.1" if r == 4 else METHOD) for r, n in enumerate(k.penetration)])
    pp_rows = []
    for n, text in enumerate(k.power_play_rows, start=1):
        cells = [c.strip() for c in text.split("|")]
        src = ("rulebook:7.32[condition|top_power_play|bottom_short_handed|bottom_power_play]; " + METHOD
               if n == 1 else METHOD)
        pp_rows.append((str(n), *cells, src))
    files["charts/power_play.csv"] = _csv(["split", "condition", "top_short_handed", "top_power_play",
                                           "bottom_short_handed", "bottom_power_play", "source"], pp_rows)
    files["charts/goalie_retaliation.csv"] = _csv(["die", "result", "source"],
                                                  [(str(i + 1), r, METHOD) for i, r in enumerate(k.retaliation)])
    files["charts/penalty.csv"] = _csv(
        ["rating", "penalized", "source"],
        [(r, f"1-{n}" if n else "-", METHOD) for r, n in zip(RATINGS, k.penalty_chart)])

    # teams
    names = _Names(_stream(k, "names"))
    strengths = _stream(k, "strength").normal(0, k.team_strength_sd, size=k.n_teams)
    team_rows = []
    built = [build_team(_stream(k, "team", i), k, names, float(strengths[i]), samples=(i == 0), team_no=i)
             for i in range(k.n_teams)]
    trade(built[0], built[1], SAMPLE_TRADE)
    for i in range(k.n_teams):
        abbr, full = TEAMS[i]
        skaters, goalies, lines = built[i]
        files[f"teams/{abbr}_skaters.csv"] = _csv(SKATER_HEADER, skaters)
        files[f"teams/{abbr}_goalies.csv"] = _csv(GOALIE_HEADER, goalies)
        files[f"teams/{abbr}_lines.csv"] = _csv(LINES_HEADER, lines)
        team_rows.append((abbr, full, f"teams/{abbr}_skaters.csv", f"teams/{abbr}_goalies.csv",
                          f"teams/{abbr}_lines.csv", METHOD))
    files["teams.csv"] = _csv(["team", "name", "skaters", "goalies", "lines", "source"], team_rows)
    # the split deck's Advanced sections and the Passing L / Deflection charts (shotchartgen.py)
    files["kit.toml"] += shotchartgen.toml_lines()
    files.update(shotchartgen.build_files())
    files.update(advkit.build_files())          # the Advanced deck and charts (advkit.py)
    # the Intimidation Chart (16.1; docs/strat-data.md, "Intimidation Chart")
    files["kit.toml"] += 'intimidation_chart = "charts/intimidation.csv"\n'
    files["charts/intimidation.csv"] = _csv(
        ["rating", "penalized", "source"],
        [(r, f"{n}-20" if n <= 20 else "-", "rulebook:16.11" if r == "B" and n == 10 else INTIMIDATION_METHOD)
         for r, n in zip(RATINGS, k.intimidation_chart)])
    return files


INTIMIDATION_METHOD = "reconstructed:intimidation-by-penalty-rating"


def write_kit(out: Path, k: Knobs = KNOBS) -> list[Path]:
    out = Path(out)
    written = []
    for rel, text in build_files(k).items():
        p = out / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
        written.append(p)
    return written


def differences(folder: Path, k: Knobs = KNOBS) -> list[str]:
    """Files of ``folder`` that differ from, lack or add to this script's output."""
    folder = Path(folder)
    files = build_files(k)
    out = [rel for rel, text in files.items()
           if not (folder / rel).is_file() or (folder / rel).read_bytes() != text.encode("utf-8")]
    on_disk = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    return sorted(out + [rel for rel in on_disk - set(files)])


# ---------------------------------------------------------------- summary (card-level rates, for tuning)

#: Shot mix assumed by the summary's even-strength line (not a property of the kit; the engine decides the mix).
ASSUMED_FORWARD_SHARE = 0.75
ASSUMED_SHOT_MIX = (0.50, 0.37, 0.13)


def summary(folder) -> str:
    """Card-level rates of a kit: per-shot goal chances against the league-average goalie, by column, at even
    strength and on the power play; goalie strength; team offense; the power play chart's goal chance."""
    from .kit import load_kit
    from .readings import GOAL, GOALIE_RATING, LOSE_PUCK_TO, PENALTY_CARD, POSITIONS

    kit = load_kit(folder)
    w = np.array([WEIGHT[d] for d in DICE]) / 36

    def goalie_q(g):
        return sum(wi * ((r.b - r.a + 1) / 20 if r.kind == GOAL else 0.0) for wi, (r, _) in zip(w, g.card))

    qs = [goalie_q(g) for t in kit.teams.values() for g in t.goalies.values()]
    starters = [goalie_q(t.goalies[t.lines.goalies[0]]) for t in kit.teams.values()]
    q = float(np.mean(starters))

    def p_goal(col, pp):
        p = sog = 0.0
        for wi, r in zip(w, col):
            if r.kind == GOAL and (pp or not r.c):
                p += wi * (r.b - r.a + 1) / 20
            elif r.kind == GOALIE_RATING and (pp or not r.a):
                p += wi * q
            sog += 0.0 if r.kind == LOSE_PUCK_TO else wi
        return p, sog

    lines = [f"goalie goal chance per Goalie Rating: starters {np.mean(starters):.3f}, all {np.mean(qs):.3f} "
             f"(range {min(qs):.3f}-{max(qs):.3f})"]
    mixed_goal = mixed_sog = 0.0
    for label, pick, share in (("forwards", lambda s: not s.is_defenseman, ASSUMED_FORWARD_SHARE),
                               ("defensemen", lambda s: s.is_defenseman, 1 - ASSUMED_FORWARD_SHARE)):
        sk = [s for t in kit.teams.values() for s in t.skaters.values() if pick(s)]
        for cname, col_share in zip(("outside", "inside", "rebound"), ASSUMED_SHOT_MIX):
            es = np.mean([p_goal(getattr(s, cname), False)[0] for s in sk])
            pp = np.mean([p_goal(getattr(s, cname), True)[0] for s in sk])
            sog = np.mean([p_goal(getattr(s, cname), False)[1] for s in sk])
            mixed_goal += share * col_share * es
            mixed_sog += share * col_share * sog
            lines.append(f"{label:10s} {cname:8s}: goal/attempt ES {es:.3f} PP {pp:.3f}; on goal {sog:.3f}; "
                         f"goal/SOG ES {es / sog:.3f}")
    lines.append(f"even strength goal/SOG for an assumed mix (forwards {ASSUMED_FORWARD_SHARE:.0%}; outside, "
                 f"inside, rebound {ASSUMED_SHOT_MIX}): {mixed_goal / mixed_sog:.3f}")
    cols = {0: "outside", 1: "inside", 2: "rebound", 3: "rebound"}
    # chance that the condition's short-handed player meets it (the top half applies), over every PK unit
    pks = [dict(zip(("LW", "RW", "LD", "RD"), u)) | {"team": t} for t in kit.teams.values()
           for u in t.lines.penalty_kill]
    top_share = [np.mean([pk["team"].skaters[pk[POSITIONS[r.position]]].sh_defense >= r.rating for pk in pks])
                 for r in kit.power_play_chart]
    pp_all = []
    for t in kit.teams.values():
        for unit in t.lines.power_play:
            on = dict(zip(("LW", "C", "RW", "LD", "RD"), unit))
            tot = 0.0
            for row, top in zip(kit.power_play_chart, top_share):
                for shots, share in ((row.top_power_play, top), (row.bottom_power_play, 1 - top)):
                    miss = 1.0
                    for s in shots:
                        miss *= 1 - p_goal(getattr(t.skaters[on[POSITIONS[s.b]]], cols[s.a]), True)[0]
                    tot += share * (1 - miss) / 20
            pp_all.append(tot)
        off = np.mean([s.offense for s in t.skaters.values()])
        lines.append(f"team {t.abbr}: mean Offense {off:.2f}, starter goal chance "
                     f"{goalie_q(t.goalies[t.lines.goalies[0]]):.3f}")
    ratings = [s.penalty for t in kit.teams.values() for s in t.skaters.values()]
    for side in ("home", "visitor"):
        secs = [getattr(c, side) for c in kit.action_deck if c.kind == "action"]
        pens = [r for r in secs if r.kind == PENALTY_CARD]
        chance = np.mean([np.mean([bool(r.a >> x & 1) for x in ratings]) for r in pens]) if pens else 0.0
        lines.append(f"{side} section: {len(pens)} penalty cards, a skater penalized on {chance:.2f} of them; "
                     f"{len(pens) * chance * 26 / 30 * 3:.2f} penalties a game if this side always had the puck "
                     "(26 of 30 cards read a period)")
    n_shots = np.mean([top * len(r.top_power_play) + (1 - top) * len(r.bottom_power_play)
                       for r, top in zip(kit.power_play_chart, top_share)])
    lines.append(f"power play: top half applies {np.mean(top_share):.2f}; {n_shots:.2f} power-play shots; "
                 f"goal chance {np.mean(pp_all):.3f} (units {min(pp_all):.3f}-{max(pp_all):.3f})")
    return "\n".join(lines)


def main(argv=None) -> int:
    from .kit import SAMPLE_KIT_DIR

    ap = argparse.ArgumentParser(prog="python -m simcore.games.strat.kitgen", description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare the shipped kit with this script's output")
    ap.add_argument("--summary", action="store_true", help="print card-level rates of the kit")
    ap.add_argument("--out", type=Path, default=SAMPLE_KIT_DIR, help="folder to write (default: the shipped kit)")
    a = ap.parse_args(argv)
    if a.check:
        diff = differences(a.out)
        for rel in diff:
            print(f"differs: {rel}", file=sys.stderr)
        return 1 if diff else 0
    if a.summary:
        with tempfile.TemporaryDirectory() as tmp:
            write_kit(Path(tmp))
            print(summary(tmp))
        return 0
    written = write_kit(a.out)
    print(f"wrote {len(written)} files under {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
