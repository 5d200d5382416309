"""An independent, deliberately plain generator of Pass & Score's legal plays, for checking the kernel's.

It reads the board only through the loaded :class:`Board` (its circles' [row, column], the marked circles and lines)
and writes the rules out again from the rulebook's words, in Python dictionaries and sets, without calling any kernel
function.  A play is ``(type, a1, a2, a3)`` as docs/passscore.md "Plays" defines it.

The order of moves, written from the rulebook's words and nothing else:

- **A coach moves his pieces in whatever order he likes.**  The moves of different players of types 1 ("Move three
  players, each one space"), 2 (two players, then a pass) and 6 (two players, then a shot) may be made in any order;
  each move must be legal when it is made, from where everybody stands at that moment, and the pass or the shot after
  the moves of types 2 and 6 must be legal where the moves left everybody.
- **OFFSIDE is literal and judged at the move** ("When a team-mate moves over opponents' blue line ahead of puck
  carrier"): with ``offside=on``, a team-mate of the carrier who moves from a circle outside his team's attacking zone
  to one inside it while the carrier stands outside the zone at that moment is offside.  An offside, like a capture
  (a defender moving onto the carrier), ends the play at once: the rest of it is not made and is written -1.
- **One play, one listing.**  A play is what the coach did, not the order he did it in: a play whose moves were all
  made ("ok") is its type, the SET of its moves and its pass or shot; a type-1 play cut short by a capture or an
  offside at its first, second or third move is the SET of the moves made before the one that ended it, and that
  move (always last).  Each play is listed once, written in the first order that makes it (every move before the
  ending one "ok"), orders compared place by place by the movers' places in the order of moves: the carrier first
  when the team has the puck, then the others by slot (the team without the puck: by slot).  So the carrier first,
  then by slot, is written whenever that order can be made; otherwise the first order that can.  Such a play cut
  short is listed as type 1 (types 2 and 6 cut short are the same plays); the team without the puck makes type 1
  only.
- Types 3, 4 and 7 (passes after at most one move) and 5 and 8 (one player moving twice) have one order only; a type
  5 cut short by an offside at its second move is listed as ``(5, a1, a2, -1)``.
- **A pass over two lines**, where ``offside_pass=called``, is a pass the defender calls: it ends the play like any
  offside (the puck stays with the passer).  Cut short at its first pass such a play is ``(3, move, receiver, -1)``
  or ``(4, receiver, -1, -1)``; at its second, ``(4, r1, r2, -1)``; type 7's first passes are the same as type 4's and
  are listed as type 4.
"""
from __future__ import annotations

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

    def move(self, t, code):
        """(new state, 'ok' | 'capture' | 'offside') or None."""
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
            if self.r.slide_way == "forward" and (far[0] < q[0] if t == 0 else far[0] > q[0]):
                return None                  # "the start of the slide line": the end nearer his own goal
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
        if capture:
            return n, "capture"
        if self.r.offside == "on" and self.poss == t and not carrying:
            # "moves over opponents' blue line ahead of puck carrier": from outside the zone into it, while the
            # carrier stands outside it now
            if self.zone(t, dest) and not self.zone(t, here) and not self.zone(t, self.where(t, self.carrier)):
                return n, "offside"
        return n, "ok"

    def pass_(self, t, r):
        if self.poss != t or r == self.carrier:
            return None
        a, b = self.where(t, self.carrier), self.where(t, r)
        if b is None:
            return None
        for g in range(2):
            if a in self.crease[g] and not (self.carrier == 0 and g == t):
                return None
        called = False
        if self.r.offside != "off":
            lines = [self.home_blue, self.centre, self.away_blue]
            crossed = sum(1 for L in lines if (a[0] <= L < b[0] if t == 0 else b[0] <= L < a[0]))
            if crossed >= 2:
                if self.r.offside_pass != "called":
                    return None
                called = True
        mid = self.between(a, b)
        if mid is None:
            return None
        for x in mid:
            if x in self.at and (self.r.pass_block == "anyone" or self.at[x][0] != t):
                return None
        if called:
            return self, "offside"           # "passed ahead over two lines", called: the play ends, no receiver
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


def order(state: State, t: int, code: int) -> int:
    """The place of a move's mover in the order of moves: 0 the puck carrier when team t has the puck, else slot + 1."""
    s = code // 16
    return 0 if state.poss == t and s == state.carrier else s + 1


def any_order(state: State, t: int):
    """Team t's moves of different players, one to three of them, made in every order, each move legal when made.

    Returns ``first``: the set of moves made all "ok" -> (the first order that makes them, the position after them);
    and ``ends``: the (set of moves made "ok" before, the move that ended the play) pairs.  The orders are tried in
    the order of moves (a move's mover's place, then its code), so the first order that reaches a set of moves is the
    first order of them that can be made.  The moves of a set, made in any order, leave every player at the same
    circle, so a later order of a set already reached leads nowhere new and is not followed."""
    codes = []                           # every move that looks legal from where each player stands
    for s in range(6):
        here = state.where(t, s)
        if here is not None:
            for d in range(8):
                if (here[0] + STEPS[d][0], here[1] + STEPS[d][1]) in state.circles:
                    codes += [s * 16 + d * 2, s * 16 + d * 2 + 1]
    codes.sort(key=lambda c: (order(state, t, c), c))
    first, ends = {}, set()

    def extend(st, seq):
        movers = {c // 16 for c in seq}
        for c in codes:
            if c // 16 in movers:
                continue
            r = st.move(t, c)
            if r is None:
                continue
            if r[1] != "ok":
                ends.add((frozenset(seq), c))
                continue
            now = seq + (c,)
            if frozenset(now) in first:
                continue
            first[frozenset(now)] = (now, r[0])
            if len(now) < 3:
                extend(r[0], now)

    extend(state, ())
    return first, ends


def legal_plays(state: State, t: int) -> set:
    """Every legal play of team t (the module docstring gives the order of moves)."""
    has = state.poss == t
    out = set()
    # types 1, 2 and 6: moves of different players, in any order
    first, ends = any_order(state, t)
    for seq, after in first.values():
        if len(seq) == 3:
            out.add((1,) + seq)
        elif len(seq) == 2 and has:
            out |= {(2,) + seq + (r,) for r in range(6) if after.pass_(t, r)}
            out |= {(6,) + seq + (k,) for k in range(3) if after.shot(t, k)}
    for before, end in ends:
        seq = first[before][0] if before else ()
        out.add(((1,) + seq + (end, -1, -1))[:4])
    if not has:
        return out
    # types 3, 4, 5, 7 and 8: one order only
    for typ in (3, 4, 5, 7, 8):
        kinds = KIND[typ]
        ranges = [range(96) if k == "M" else range(6) if k == "P" else range(3) for k in kinds]
        for a1 in ranges[0]:
            if typ == 8 and a1 // 16 != state.carrier:
                continue
            r1 = state.act(t, kinds[0], a1)
            if typ == 4 and r1 and r1[1] == "offside":
                out.add((4, a1, -1, -1))                 # a pass called offside (type 7's first passes too)
            if not r1 or r1[1] != "ok":
                continue
            for a2 in ranges[1]:
                if typ in (5, 8) and a2 // 16 != a1 // 16:
                    continue
                r2 = r1[0].act(t, kinds[1], a2)
                if typ in (3, 4, 5) and r2 and r2[1] != "ok":
                    out.add((typ, a1, a2, -1))           # cut short at its second action by an offside
                if not r2 or r2[1] != "ok":
                    continue
                for a3 in ranges[2]:
                    if r2[0].act(t, kinds[2], a3):
                        out.add((typ, a1, a2, a3))
    return out


def made(play, state: State, t: int) -> list:
    """The moves of team t's play of type 1, 2 or 6 made "ok" (not one that ends the play), in the order written, each
    as (move, the position before it, the position after it)."""
    out, st = [], state
    for a in (play[1:] if play[0] == 1 else play[1:3]):
        if a < 0:
            break
        n, how = st.move(t, a)
        if how == "ok":
            out.append((a, st, n))
        st = n
    return out


def reordered(plays, state: State, t: int) -> list:
    """Team t's plays of types 1, 2 and 6 whose moves made "ok" are written out of the order of moves (the carrier
    first, then by slot): plays that order cannot make, written in the first order that can.  The move that ends a
    play cut short is left out (it is always written last)."""
    def out_of_order(p):
        places = [order(state, t, a) for a, _, _ in made(p, state, t)]
        return places != sorted(places)
    return [p for p in plays if p[0] in (1, 2, 6) and out_of_order(p)]


def in_first(play, state: State, t: int) -> bool:
    """Whether a team-mate of the carrier goes into team t's attacking zone in the play before the carrier leaves it
    (onside only in that order)."""
    went_in = False
    for a, before, after in made(play, state, t) if state.poss == t else ():
        s = a // 16
        inside = before.zone(t, before.where(t, s)), after.zone(t, after.where(t, s))
        went_in = went_in or (s != state.carrier and inside == (False, True))
        if s == state.carrier and inside == (True, False) and went_in:
            return True
    return False
