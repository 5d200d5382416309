"""Random legal Pass & Score positions, for checking the kernel's plays and policies on more than the opening."""
from __future__ import annotations

from simcore.games.passscore import Rules, load_board

BOARD = load_board()
VARIANTS = (None, "slides=off", "offside=off", "offside=passes", "pass_block=anyone", "goalie_area=free")


def random_position(rng, max_players=6):
    """Random legal placements: each team 2..max_players players on circles they may stand on, the carrier of a
    random team (he alone may stand in a crease other than a goalkeeper's own)."""
    rules = Rules.coerce(VARIANTS[rng.integers(len(VARIANTS))])
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
