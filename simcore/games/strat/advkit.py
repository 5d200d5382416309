"""The sample kit's Advanced action deck (10.0-10.2), reconstructed from target frequencies.

The rulebook does not print the Advanced deck.  The reconstruction (docs/strat-data.md, "Advanced action
deck"): every section starts from the Basic deck's distribution of readings (the sample kit's Basic action deck,
its penalty cards turned into Opponent Defense 7-11, where the Advanced game's action-card penalties come from,
16.2), shifted by offense level (9.2) and by the defending team's forecheckers, as the table
:data:`TARGETS` says.  Segment 1 (one forechecker) of a section is its base; the 0, 2 and 3 forechecker segments
change only the cards needed to reach their targets, so most cards print one reading and a few split into
segments, as the rulebook's example card does (10.2).  The 10.2 example is pinned on card ``AA01``.

``python -m simcore.games.strat.kitgen`` writes these files with the rest of the sample kit.
"""
from __future__ import annotations

import csv
import io

import numpy as np

from .advdeck import SECTIONS

METHOD = "reconstructed:advanced-deck-targets"
SEED = 10_2

#: Reading categories, each with the concrete readings it cycles through (in order, as many as its count).
CATEGORIES = {
    "defense": ("Opponent Defense 2", "Opponent Defense 12", "Opponent Defense 3", "Opponent Defense 13",
                "Opponent Defense 4", "Opponent Defense 14", "Opponent Defense 5", "Opponent Defense 6"),
    "defense_penalty": ("Opponent Defense 7", "Opponent Defense 8", "Opponent Defense 9", "Opponent Defense 10",
                        "Opponent Defense 11"),
    "passing": ("Passing G", "Passing J", "Passing H", "Passing K", "Passing I", "Passing L"),
    "outside": ("Outside shot for any player", "Outside shot for LW (RW)", "Outside shot for RW (LW)",
                "Outside shot for LD (RD)", "Outside shot for RD (LD)", "Outside shot for C (LW)"),
    "inside": ("Inside shot for RW, I-LD", "Inside shot for any player, I-OPP", "Inside shot for C (LW), I-LD (RD)",
               "Inside shot for LW (C)", "Inside shot for any player", "Inside shot for RW (C), I-RD",
               "Inside shot for C (RW)", "Inside shot for LW, I-OPP"),
    "breakaway": ("Possible breakaway",),
    "lose_outside": ("Lose puck, outside shot only for LD", "Lose puck, outside shot only for C",
                     "Lose puck, outside shot only for RD", "Lose puck, outside shot only for LW"),
    "lose_breakaway": ("Lose puck, possible breakaway",),
    "lose_inside": ("Lose puck, inside shot for any player",),
}
CAT = tuple(CATEGORIES)

#: Target counts (of 30 cards) per section at one forechecker, in CAT order.  Offense 2 is the Basic deck's
#: section (visitors: its visitor section; home: with the Basic home section's two swaps, Opponent Defense and
#: Passing for inside shots), its four penalty cards read as Opponent Defense 7-11.  Offense 1 (9.2 "little
#: offensive punch"): 2 inside shots, an outside shot and the lose-puck breakaway become Opponent Defense and
#: Passing readings.  Offense 3 (9.2 "more scoring opportunities for the opposing team"): 2 more inside shots, an
#: outside shot and a breakaway for the attackers, a lose-puck breakaway and a lose-puck inside shot for the
#: defenders, from 3 Opponent Defense and 3 Passing readings.  Offense 1 and 3 serve both teams; they start from the
#: visitors' section with one of the home swaps (halfway between the two).  Power play (13.2, the extra skater):
#: more shots; short-handed (21.31): fewer.
TARGETS = {
    #                   def pen pass out in bkwy lose_out lose_bkwy lose_in
    "offense1":          (9, 4, 8, 3, 2, 1, 2, 0, 1),
    "offense2_home":     (7, 4, 5, 4, 5, 1, 2, 1, 1),
    "offense2_visitors": (8, 4, 6, 4, 3, 1, 2, 1, 1),
    "offense3":          (4, 4, 3, 5, 6, 2, 2, 2, 2),
    "power_play":        (5, 4, 5, 6, 7, 1, 1, 0, 1),
    "short_handed":      (9, 4, 6, 4, 2, 1, 2, 1, 1),
}
#: Shifts by the defending team's forecheckers (9.2): none -- "easier to bring the puck out of its own end, but
#: ... a much tougher time trying to penetrate" (a lose-puck, an inside shot and a breakaway become an outside
#: shot, a Passing and an Opponent Defense reading); more -- "increasingly harder ... to bring the puck up the
#: ice. However, when it succeeds ... more scoring chances" (lose-puck readings and inside shots and breakaways
#: up, Opponent Defense and Passing down).  The power-play and short-handed sections are not segmented.
FORECHECK_SHIFT = {
    #    def pen pass out in bkwy lose_out lose_bkwy lose_in
    0: (+1, 0, +1, +1, -1, -1, -1, 0, 0),
    1: (0, 0, 0, 0, 0, 0, 0, 0, 0),
    2: (-1, 0, -1, 0, +1, 0, +1, 0, 0),
    3: (-2, 0, -2, 0, +1, +1, +1, +1, 0),
}
SEGMENTED = ("offense1", "offense2_home", "offense2_visitors", "offense3")
#: The 10.2 example: "home team is attacking in a 2 offense against the visitors in a 1 defense ... 'Opponent
#: Defense 2' ... if the home (offense) team had been in a 1 offense the result would have been Passing G."
EXAMPLE_CARD = "AA01"
EXAMPLE = {("offense2_home", 1): "Opponent Defense 2", ("offense1", 1): "Passing G"}


def targets(section: str, forecheckers: int) -> tuple[int, ...]:
    """The target counts (CAT order) of a section's segment; every count stays >= 0 and the sum 30."""
    base = np.array(TARGETS[section])
    shift = np.array(FORECHECK_SHIFT[forecheckers]) if section in SEGMENTED else 0 * base
    t = base + shift
    while (t < 0).any():                          # a shift that would go below none comes out of Opponent Defense
        i = int(np.argmin(t))
        t[CAT.index("defense")] += t[i]
        t[i] = 0
    assert t.sum() == 30 and (t >= 0).all(), (section, forecheckers, t)
    return tuple(int(x) for x in t)


def _readings(counts, section: int) -> list[tuple[str, str]]:
    """(category, reading) pairs, each category cycling through its readings (Opponent Defense 7-11 from a place
    that moves with the section, so that every number appears somewhere in the deck)."""
    out = []
    for cat, n in zip(CAT, counts):
        start = section if cat == "defense_penalty" else 0
        out += [(cat, CATEGORIES[cat][(start + i) % len(CATEGORIES[cat])]) for i in range(n)]
    return out


def build_sections(seed: int = SEED) -> dict[str, list[list[str]]]:
    """section -> per card (30) the readings for 0, 1, 2, 3 forecheckers."""
    rng = np.random.default_rng(seed)
    out = {}
    for si, sec in enumerate(SECTIONS):
        base = _readings(targets(sec, 1), si)
        order = rng.permutation(30)
        cards = [base[i] for i in order]              # card j's (category, reading) at one forechecker
        per_card = [[r] * 4 for _, r in cards]
        # the card of the 10.2 example reading changes first at two forecheckers, so its section is split into
        # segments as the example's is ("look under the 1 Forechecker segment")
        pinned = {j for (s2, f1), text in EXAMPLE.items() if s2 == sec for j in range(30) if cards[j][1] == text}
        # 0 forecheckers from 1; 2 from 1 and 3 from 2, so a card that changes at 2 stays changed at 3
        for f, prev in ((0, 1), (2, 1), (3, 2)):
            cats = [c for c, _ in cards] if prev == 1 else cats2
            want, have = targets(sec, f), targets(sec, prev)
            # cards of categories in excess change to categories short of their target
            excess = []
            for ci, c in enumerate(CAT):
                pool = [int(k) for k in rng.permutation([k for k in range(30) if cats[k] == c])]
                if f == 2:
                    pool = [k for k in pool if k in pinned] + [k for k in pool if k not in pinned]
                excess += pool[:max(0, have[ci] - want[ci])]
            short = [c for ci, c in enumerate(CAT) for _ in range(max(0, want[ci] - have[ci]))]
            assert len(excess) == len(short), (sec, f)
            rng.shuffle(excess)
            used = {c: sum(1 for x in cats if x == c) for c in CAT}
            new_cats = list(cats)
            for j in range(30):
                per_card[j][f] = per_card[j][prev]
            for j, c in zip(excess, short):
                per_card[j][f] = CATEGORIES[c][used[c] % len(CATEGORIES[c])]
                used[c] += 1
                new_cats[j] = c
            if f == 2:
                cats2 = new_cats
        out[sec] = per_card
    # pin the 10.2 example on card 0 by exchanging whole sections with a card that reads it, a divided one
    for (sec, f), text in EXAMPLE.items():
        reads = [j for j in range(30) if out[sec][j][f] == text]
        j = next((j for j in reads if len(set(out[sec][j])) > 1), reads[0])
        out[sec][0], out[sec][j] = out[sec][j], out[sec][0]
    return out


def _cell(segs: list[str]) -> str:
    if all(s == segs[0] for s in segs):
        return segs[0]
    parts, i = [], 0
    while i < 4:
        j = i
        while j + 1 < 4 and segs[j + 1] == segs[i]:
            j += 1
        parts.append(f"{i}{'-' + str(j) if j > i else ''}: {segs[i]}")
        i = j + 1
    return " | ".join(parts)


def deck_csv(seed: int = SEED) -> str:
    secs = build_sections(seed)
    numbers = np.random.default_rng(seed + 1).permutation(30) + 1       # the corner numbers 1-30 (30.11)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["card", "kind", "number", *SECTIONS, "source"])
    for j in range(30):
        name = f"AA{j + 1:02d}"
        src = f"rulebook:10.2[offense1|offense2_home]; {METHOD}" if name == EXAMPLE_CARD else METHOD
        w.writerow([name, "action", int(numbers[j]), *(_cell(secs[s][j]) for s in SECTIONS), src])
    for name, kind in (("AFL1", "forward_line_change"), ("AFL2", "forward_line_change"),
                       ("ADL1", "defense_line_change"), ("AFL3", "forward_line_change spare"),
                       ("AFL4", "forward_line_change spare"), ("ADL2", "defense_line_change spare")):
        w.writerow([name, kind, "-", *("-" for _ in SECTIONS), "reconstructed:synthetic-kit"])
    return buf.getvalue()


# ---------------------------------------------------------------- faceoff charts (8.1, 8.2)

FO_METHOD = "reconstructed:faceoff-shares"
#: Splits (of 20) won by the superior side, by column: Even is the Basic chart (10 each side, 2.1); each point
#: of difference after bonuses is worth one split (5%), up to "+4 or more".
FO_SUPERIOR_SPLITS = (10, 11, 12, 13, 14)
#: Who gains control within a side's splits, as the Basic chart spreads them: the faceoff man's center mostly.
FO_POSITIONS = ("C", "C", "C", "C", "C", "LW", "RW", "LD", "RD", "any player")
#: 8.21 "If a player gets thrown out of the faceoff circle": on the Super Advanced chart split 20 of every column
#: throws out the superior side's man (the home side's in the Even column).
FO_THROWN_SPLIT = 20


def _side_rows(first: str, n: int) -> list[str]:
    return [f"{first} {FO_POSITIONS[i * len(FO_POSITIONS) // n]}" for i in range(n)]


def faceoff_csv(columns: int, thrown: bool) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    names = ("even", "plus1", "plus2", "plus3", "plus4")[:columns]
    w.writerow(["split", *names, "source"])
    cols = []
    for j in range(columns):
        sup, inf = ("Home", "Visitor") if j == 0 else ("Superior", "Inferior")
        h = FO_SUPERIOR_SPLITS[j]
        col = _side_rows(sup, h) + _side_rows(inf, 20 - h)
        if thrown:
            col[FO_THROWN_SPLIT - 1] = f"{sup} thrown out"
        cols.append(col)
    for n in range(20):
        w.writerow([n + 1, *(c[n] for c in cols), FO_METHOD])
    return buf.getvalue()


#: kit.toml lines of the Advanced files (kitgen appends them to the sample kit's kit.toml).
KIT_TOML = ('advanced_action_deck = "advanced_action_deck.csv"\n'
            'advanced_faceoff_chart = "charts/advanced_faceoff.csv"\n'
            'super_advanced_faceoff_chart = "charts/super_advanced_faceoff.csv"\n')


def build_files() -> dict[str, str]:
    """The sample kit's Advanced files: relative path -> text."""
    return {"advanced_action_deck.csv": deck_csv(),
            "charts/advanced_faceoff.csv": faceoff_csv(3, thrown=False),
            "charts/super_advanced_faceoff.csv": faceoff_csv(5, thrown=True)}
