"""Random legal Pass & Score positions, for checking the kernel's plays and policies on more than the opening."""
from __future__ import annotations

import numpy as np

from simcore.games.passscore import Rules, load_board

BOARD = load_board()
VARIANTS = (None, "slides=off", "offside=off", "offside=passes", "pass_block=anyone", "goalie_area=free", "moves=seven",
            "moves=five", "slide_way=forward", "offside_pass=called")


def random_position(rng, max_players=6, variants=VARIANTS):
    """Random legal placements: each team 2..max_players players on circles they may stand on, the carrier of a
    random team (he alone may stand in a crease other than a goalkeeper's own)."""
    rules = Rules.coerce(variants[rng.integers(len(variants))])
    n = BOARD.n
    free = set(range(n))
    poss = int(rng.integers(2))
    pos = [[None] * 6, [None] * 6]
    slots = {t: sorted(rng.choice(6, size=int(rng.integers(2, max_players + 1)), replace=False)) for t in range(2)}
    carrier = int(rng.choice(slots[poss]))
    for t in range(2):
        for s in slots[t]:
            ok = []
            for c in free:
                g, k = int(BOARD.goal_of[c]), int(BOARD.crease_of[c])
                if g >= 0:
                    good = s == 0 and g == t
                elif k >= 0:
                    good = (s == 0 and k == t) or (t == poss and s == carrier)
                else:
                    good = s != 0 or rules.goalie_area == "free"
                if good:
                    ok.append(c)
            c = int(rng.choice(sorted(ok)))
            free.discard(c)
            pos[t][s] = tuple(int(v) for v in BOARD.rc[c])
    return rules, pos, poss, carrier


def zone_edge_position(rng):
    """A position at the attacking blue line, where offside is decided: the carrier of a random team on one of
    the two rows just inside the zone he attacks, two or three team-mates on the two rows just outside it, two to
    four opponents anywhere they may stand; the rulebook's rules."""
    poss = int(rng.integers(2))
    blue = int(BOARD.blue[1 - poss])          # the line between a team's attacking zone and the rest of the rink
    inside = (blue + 1, blue + 2) if poss == 0 else (blue - 1, blue)
    outside = (blue - 1, blue) if poss == 0 else (blue + 1, blue + 2)
    rows = BOARD.rc[:, 0]
    plain = [c for c in range(BOARD.n) if BOARD.goal_of[c] < 0 and BOARD.crease_of[c] < 0]
    pos = [[None] * 6, [None] * 6]
    free = set(range(BOARD.n))

    def place(t, s, choices):
        c = int(rng.choice(sorted(set(choices) & free)))
        free.discard(c)
        pos[t][s] = tuple(int(v) for v in BOARD.rc[c])

    mates = sorted(rng.choice(np.arange(2, 6), size=int(rng.integers(2, 4)), replace=False))
    place(poss, 1, [c for c in plain if rows[c] in inside])
    for s in mates:
        place(poss, int(s), [c for c in plain if rows[c] in outside])
    for s in sorted(rng.choice(np.arange(1, 6), size=int(rng.integers(2, 5)), replace=False)):
        place(1 - poss, int(s), plain)
    return Rules(), pos, poss, 1
