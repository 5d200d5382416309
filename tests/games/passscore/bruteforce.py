"""An independent, deliberately plain generator of Pass & Score's legal plays, for checking the kernel's.

It reads the board only through the loaded :class:`Board` (its circles' [row, column], the marked circles and lines)
and writes the rules out again from the rulebook's words, in Python dictionaries and sets, without calling any kernel
function.  A play is ``(type, a1, a2, a3)`` as docs/passscore.md "Plays" defines it.
"""
from __future__ import annotations

from itertools import product

FIRST = 0           # how many times a team-mate's move into the zone was found to fit before the carrier's
STEPS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
KIND = {1: "MMM", 2: "MMP", 3: "MPP", 4: "PPP", 5: "MMP", 6: "MMS", 7: "PPS", 8: "MMS"}


class State:
    def __init__(self, board, rules, pos, poss, carrier):
        self.b = board
        self.r = rules
        self.at = {}                         # (row, col) -> (team, slot)
        for t in range(2):
            for s in range(6):
                if pos[t][s] is not None:
                    self.at[tuple(pos[t][s])] = (t, s)
        self.poss = poss
        self.carrier = carrier
        self.start = self                    # the position the play began from
        self.made = []                       # the play's moves so far, (team, code)
        rc = [tuple(map(int, x)) for x in board.rc]
        self.circles = set(rc)
        self.goal = {t: {rc[i] for i in board.goal[t]} for t in range(2)}
        self.crease = {t: {rc[i] for i in board.crease[t]} for t in range(2)}
        self.shaded = {t: {rc[i] for i in range(board.n) if board.shade_of[i] == t} for t in range(2)}
        self.slides = [[rc[i] for i in row if i >= 0] for row in board.slide_path]
        self.home_blue, self.away_blue = int(board.blue[0]), int(board.blue[1])
        self.centre = int(board.centre)

    def copy(self):
        s = object.__new__(State)
        s.__dict__.update(self.__dict__)
        s.at = dict(self.at)
        s.made = list(self.made)
        return s

    def where(self, t, s):
        for k, v in self.at.items():
            if v == (t, s):
                return k
        return None

    def allowed(self, t, s, rc, carrying):
        for g in range(2):
            if rc in self.goal[g]:
                return s == 0 and g == t
            if rc in self.crease[g]:
                return (s == 0 and g == t) or carrying
        if s == 0 and self.r.goalie_area == "crease":
            return False
        return True

    def zone(self, t, rc):
        return rc[0] > self.away_blue if t == 0 else rc[0] <= self.home_blue

    def between(self, a, b):
        dy, dx = b[0] - a[0], b[1] - a[1]
        if (dy, dx) == (0, 0) or not (dy == 0 or dx == 0 or abs(dy) == abs(dx)):
            return None
        n = max(abs(dy), abs(dx))
        sy, sx = (dy > 0) - (dy < 0), (dx > 0) - (dx < 0)
        return [(a[0] + i * sy, a[1] + i * sx) for i in range(1, n)]

    def move(self, t, code, offside=True):
        """(new state, 'ok' | 'capture' | 'offside') or None; ``offside=False`` makes the move without asking."""
        s, d, slide = code // 16, (code // 2) % 8, code % 2
        here = self.where(t, s)
        if here is None:
            return None
        q = (here[0] + STEPS[d][0], here[1] + STEPS[d][1])
        if q not in self.circles:
            return None
        back = STEPS[d][0] < 0 if t == 0 else STEPS[d][0] > 0        # toward the team's own goal
        if back and (self.r.moves == "five" or (self.r.moves == "seven" and STEPS[d][1] == 0)):
            return None
        dest = q
        if slide:
            if self.r.slides != "on":
                return None
            line = next((ln for ln in self.slides if q in (ln[0], ln[-1])), None)
            if line is None or q in self.at:
                return None
            far = line[-1] if line[0] == q else line[0]
            if any(x in self.at for x in line if x not in (q, far)):
                return None
            dest = far
        carrying = self.poss == t and self.carrier == s
        capture = False
        if dest in self.at:
            if self.poss == t or self.at[dest] != (self.poss, self.carrier):
                return None
            capture = True
        if not self.allowed(t, s, dest, carrying or capture):
            return None
        n = self.copy()
        del n.at[here]
        n.at[dest] = (t, s)
        n.made.append((t, code))
        if capture:
            return n, "capture"
        if offside and self.r.offside == "on" and self.poss == t and not carrying:
            # "moves over opponents' blue line ahead of puck carrier": the carrier is outside the zone now, and this
            # move could not have been made first, before his move from the zone
            if n.zone(t, dest) and not n.zone(t, here) and not n.zone(t, n.where(t, self.carrier)) \
                    and not self.could_go_first(t, code, n):
                return n, "offside"
        return n, "ok"

    def could_go_first(self, t, code, after):
        """Whether team t's move ``code``, made after this play's earlier moves, could have been made before all of them
        while the carrier stood in the zone: the carrier began the play in the zone, and making ``code`` at the start
        of the play and then the earlier moves in their order is legal move by move and ends with every player where
        ``after`` has him. Tried literally, on copies."""
        s0 = self.start
        if not s0.zone(t, s0.where(t, self.carrier)):
            return False
        r = s0.move(t, code, offside=False)
        for tt, cc in self.made:
            if not r or r[1] != "ok":
                return False
            r = r[0].move(tt, cc, offside=False)
        ok = bool(r) and r[1] == "ok" and r[0].at == after.at
        if ok:
            global FIRST
            FIRST += 1
        return ok

    def pass_(self, t, r):
        if self.poss != t or r == self.carrier:
            return None
        a, b = self.where(t, self.carrier), self.where(t, r)
        if b is None:
            return None
        for g in range(2):
            if a in self.crease[g] and not (self.carrier == 0 and g == t):
                return None
        if self.r.offside != "off":
            lines = [self.home_blue, self.centre, self.away_blue]
            crossed = sum(1 for L in lines if (a[0] <= L < b[0] if t == 0 else b[0] <= L < a[0]))
            if crossed >= 2:
                return None
        mid = self.between(a, b)
        if mid is None:
            return None
        for x in mid:
            if x in self.at and (self.r.pass_block == "anyone" or self.at[x][0] != t):
                return None
        n = self.copy()
        n.carrier = r
        return n, "ok"

    def shot(self, t, k):
        if self.poss != t:
            return None
        a = self.where(t, self.carrier)
        if a not in self.shaded[1 - t]:
            return None
        g = tuple(map(int, self.b.rc[self.b.goal[1 - t][k]]))
        mid = self.between(a, g)
        if g in self.at or mid is None or any(x in self.at for x in mid):
            return None
        return self, "goal"

    def act(self, t, kind, code):
        return self.move(t, code) if kind == "M" else self.pass_(t, code) if kind == "P" else self.shot(t, code)


def legal_plays(state: State, t: int) -> set:
    """Every legal play of team t.  Moves of different players are written in the order they are made: the puck
    carrier's first, then the others by slot, except the move that ends a play (a capture, an offside), which any
    player who has not moved yet may make after the others."""
    has = state.poss == t

    def order(code):                     # where the mover of a move code comes in the order of moves
        s = code // 16
        return 0 if has and s == state.carrier else s + 1

    out = set()
    moves = range(96)
    # cut short at the first move
    for a1 in moves:
        r = state.move(t, a1)
        if r and r[1] != "ok":
            out.add((1, a1, -1, -1))
    # cut short at the second move
    for a1, a2 in product(moves, moves):
        same = a2 // 16 == a1 // 16
        if same and not has:
            continue
        r = state.move(t, a1)
        if not r or r[1] != "ok":
            continue
        r2 = r[0].move(t, a2)
        if r2 and r2[1] != "ok":
            out.add((5 if same else 1, a1, a2, -1))
    for typ in range(1, 9):
        if typ > 1 and not has:
            break
        kinds = KIND[typ]
        ranges = [range(96) if k == "M" else range(6) if k == "P" else range(3) for k in kinds]
        for a1 in ranges[0]:
            if typ == 8 and a1 // 16 != state.carrier:
                continue
            r1 = state.act(t, kinds[0], a1)
            if not r1 or r1[1] != "ok":
                continue
            for a2 in ranges[1]:
                if kinds[1] == "M":
                    if typ in (1, 2, 6) and order(a2) <= order(a1):
                        continue
                    if typ in (5, 8) and a2 // 16 != a1 // 16:
                        continue
                r2 = r1[0].act(t, kinds[1], a2)
                if not r2 or r2[1] != "ok":
                    continue
                for a3 in ranges[2]:
                    late = typ == 1 and order(a3) <= order(a2)
                    if late and a3 // 16 in (a1 // 16, a2 // 16):
                        continue
                    r3 = r2[0].act(t, kinds[2], a3)
                    if r3 and (not late or r3[1] != "ok"):
                        out.add((typ, a1, a2, a3))
    return out
