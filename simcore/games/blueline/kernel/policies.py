"""The coaches' decisions in numba, one function per decision, each reading its side's policy row ``c.pol[t]``.

A side sees the board (both teams' players and the puck are on the table), the score, the series dial and its
own card mixes and shot values (``c.shotv[t]``); it never sees the other side's card or mix.  Random choices
draw from the game's stream (``roll_die``), so a scripted test of a random policy scripts them too.
docs/blueline.md "Policies" describes each named rule.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import stack_empty
from simcore.rng import roll_die

from .context import PassCtx, PassWork
from .geometry import NRT, cheb, passable
from .lanes import context, pass_lane, shot_lane, shot_line, zone_crossers
from .layout import (BK_OPEN, BO_FIRST, BO_SECOND, CK_BODY, CK_NEVER, CK_RANDOM, CK_STICK, DU_PK, DU_RANDOM,
                     DU_STUCK, GL_NEVER, GP_HOLD, P, PA_NEVER, PA_RANDOM, PO_121, PO_LARGE, PO_RANDOM, PO_SMALL,
                     PU_NEVER, PU_TRAILING, SA_RANDOM, SA_SUPPORT, SD_RANDOM, SD_ZONE, SH_ALWAYS, SH_RANDOM,
                     SW_NEVER, TO_TRAILING, Z, R)
from .state import in_attack, in_own_end, short, skaters

ACT_MOVE, ACT_PASS, ACT_SHOOT, ACT_DUMP, ACT_BANK = 0, 1, 2, 3, 4
GROUP_C, GROUP_W, GROUP_D = 0, 1, 2


@nb.njit(cache=True, inline="always", _nrt=NRT)
def row_at(c, o, line):
    """The row of ``line`` counted as ``c.aline[o]`` counts (from the goal team o attacks)."""
    H = c.dims[1]
    HL = c.dims[2]
    bh = c.dims[3]
    if line <= HL:
        y = H - line - bh
    else:
        y = (2 * HL + 1 - line) + bh - 1
    if o == 1:
        y = H - 1 - y
    return min(max(y, 0), H - 1)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def col(c, o, dx):
    """Column ``dx`` squares to the left wing's side of the middle (negative: the right wing's), for team o."""
    cx = c.dims[0] // 2
    return cx - dx if o == 0 else cx + dx


@nb.njit(cache=True, inline="always", _nrt=NRT)
def group_of(w, t, s):
    if s == 0:
        return GROUP_C
    if s == 1 or s == 2:
        return GROUP_C if w.S[Z.ot] != 0 else GROUP_W
    if s == 5:
        return GROUP_W
    return GROUP_D


@nb.njit(cache=True, inline="always", _nrt=NRT)
def shot_value(c, w, o, y, x):
    """The goal probability team o counts on for a shot from (y, x) (0 where no shot may be taken)."""
    line = shot_line(c, o, y)
    if line == 0:
        return 0.0
    side, lane = shot_lane(c, w, o, y, x)
    return c.shotv[o, context(line, side, lane)]


@nb.njit(cache=True, inline="always", _nrt=NRT)
def pass_view(c, w):
    """``(PassCtx, PassWork)``: the arrays of ``c`` and ``w`` the pass choices read (context.py), to call
    :func:`best_receiver`, :func:`bank_target`, :func:`bank_path`, :func:`goalie_receiver` and
    :func:`boards_choice` with."""
    return (PassCtx(c.dims, c.cell, c.aline, c.inside, c.goal, c.shotv, c.rules, c.pol),
            PassWork(w.S, w.pos, w.occ, w.oy, w.ox, w.py, w.px))


@nb.njit(cache=True, inline="always", _nrt=NRT)
def shot_value_bound(c, o, y, x):
    """The most :func:`shot_value` can be for team o at (y, x) whatever the lane (open, screened or blocked):
    read from ``c.shotv`` without drawing the lane."""
    line = shot_line(c, o, y)
    if line == 0:
        return 0.0
    side = 0 if c.inside[y, x] != 0 else 1
    v = c.shotv[o, context(line, side, 0)]
    for lane in range(1, 3):
        v = max(v, c.shotv[o, context(line, side, lane)])
    return v


@nb.njit(cache=True, inline="always", _nrt=NRT)
def carrier_value(c, w, o):
    """The carrier's :func:`shot_value` in per mille (the scale of ``shoot=threshold-N``)."""
    s0 = w.S[Z.carrier]
    return shot_value(c, w, o, w.pos[o, s0, 0], w.pos[o, s0, 1]) * 1000.0


@nb.njit(cache=True, inline="always", _nrt=NRT)
def choose_action(c, w, st, script, o, order):
    """The offense's action: ``(ACT_*, argument)`` (the group to move, the slot to pass to).  Inlined into the
    offensive turn (its one caller): a call would copy every array of ``c`` and ``w`` once a turn."""
    S = w.S
    pol = c.pol[o]
    s0 = S[Z.carrier]
    y = w.pos[o, s0, 0]
    x = w.pos[o, s0, 1]
    if short(w, o) and in_own_end(c, o, y) and (pol[P.dump] == DU_PK or pol[P.dump] == DU_STUCK):
        return ACT_DUMP, 0
    if pol[P.dump] == DU_RANDOM and roll_die(st, script, 6) == 6:
        return ACT_DUMP, 0
    v = shot_value(c, w, o, y, x)
    can_shoot = shot_line(c, o, y) > 0
    if can_shoot:
        k = pol[P.shoot]
        if k == SH_ALWAYS:
            return ACT_SHOOT, 0
        if k == SH_RANDOM:
            if roll_die(st, script, 3) == 1:
                return ACT_SHOOT, 0
        elif v * 1000.0 >= pol[P.shoot_param] or S[Z.series_turns] > 24:
            return ACT_SHOOT, 0
    if pol[P.pass_] != PA_NEVER:
        pc, pw = pass_view(c, w)
        r = best_receiver(pc, pw, o, order, v * 1000.0)
        if r >= 0:
            if pol[P.pass_] == PA_RANDOM:
                if roll_die(st, script, 2) == 1:
                    return ACT_PASS, r
            else:
                return ACT_PASS, r
        elif pol[P.pass_] != PA_RANDOM:
            b = bank_target(pc, pw, o, order)
            if b >= 0:
                return ACT_BANK, b
    if can_shoot and pol[P.shoot] != SH_RANDOM and v > 0.0 and at_target(c, w, o, s0):
        return ACT_SHOOT, 0
    if pol[P.dump] == DU_STUCK and not in_attack(c, o, y) and c.aline[o, y] <= c.dims[2] + 3 \
            and S[Z.series_turns] > 8:
        return ACT_DUMP, 0
    return ACT_MOVE, choose_group(c, w, st, script, o)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def at_target(c, w, o, s):
    ty, tx, fence = skate_target(c, w, o, s)
    return cheb(w.pos[o, s, 0], w.pos[o, s, 1], ty, tx) <= 1 or fence > 0


@nb.njit(cache=True, _nrt=NRT)
def best_receiver(c, w, o, order, own):
    """The teammate worth passing to (-1: none): an open lane, no more than one contact zone crossed, onside,
    and a better shot or a gain of 4 lines or more.  ``own``: the carrier's :func:`carrier_value` (the caller
    has it at hand).  ``c, w``: :func:`pass_view`."""
    S = w.S
    s0 = S[Z.carrier]
    ay = w.pos[o, s0, 0]
    ax = w.pos[o, s0, 1]
    pol = c.pol[o]
    thr = pol[P.shoot_param]
    puck_in = in_attack(c, o, ay)
    best = np.int64(-1)
    bs = -1e9
    for s in range(6):
        if s == s0 or S[Z.on_ice + o * 6 + s] == 0:
            continue
        if s == 5 and S[Z.pulled + o] == 0:
            continue
        by = w.pos[o, s, 0]
        bx = w.pos[o, s, 1]
        if not puck_in and in_attack(c, o, by) and c.rules[R.offside] != 0:
            continue
        gain = c.aline[o, ay] - c.aline[o, by]
        if not (gain >= 4 and own < thr):
            # only a better shot can make him worth a pass: when no lane could give one, skip drawing the lanes
            ub = shot_value_bound(c, o, by, bx) * 1000.0
            if ub < thr or ub <= own + 10.0:
                continue
        blocked, n = pass_lane(c, w, o, ay, ax, by, bx)
        if blocked:
            continue
        k = zone_crossers(w, o, n, order)
        if k > 1:
            continue
        sv = shot_value(c, w, o, by, bx) * 1000.0
        sc = sv - 120.0 * k + 4.0 * gain
        ok = (sv >= thr and sv > own + 10.0) or (gain >= 4 and own < thr and k == 0)
        if ok and sc > bs:
            bs = sc
            best = s
    return best


@nb.njit(cache=True, inline="always", _nrt=NRT)
def choose_group(c, w, st, script, o):
    """The offense's group to skate: the carrier's (``rush``), alternately the carrier's and the next
    (``support``), or any (``random``); never a group whose players are all frozen or absent."""
    S = w.S
    pol = c.pol[o]
    g = group_of(w, o, S[Z.carrier])
    k = pol[P.skate_attack]
    if k == SA_RANDOM:
        g = roll_die(st, script, 3) - 1
    elif k == SA_SUPPORT and S[Z.series_turns] % 4 == 3:
        g = (g + 1) % 3
    for _ in range(3):
        if group_free(w, o, g):
            return g
        g = (g + 1) % 3
    return g


@nb.njit(cache=True, inline="always", _nrt=NRT)
def group_free(w, t, g):
    S = w.S
    for s in range(6):
        if group_of(w, t, s) != g or S[Z.on_ice + t * 6 + s] == 0:
            continue
        if s == 5 and S[Z.pulled + t] == 0:
            continue
        if S[Z.frozen + t * 6 + s] == 0:
            return True
    return False


@nb.njit(cache=True, inline="always", _nrt=NRT)
def skate_target(c, w, o, s):
    """Where player (o, s) of the team with the puck skates: ``(y, x, fence)``; ``fence`` = the blue line when
    he must stay onside (no step onto a line <= fence of the attacked half), else 0."""
    S = w.S
    blue = c.dims[4]
    py = S[Z.puck_y]
    pline = c.aline[o, py]
    puck_in = pline <= blue
    fence = 0
    cx = c.dims[0] // 2
    if s == S[Z.carrier]:
        if not puck_in and c.rules[R.offside] != 0:
            for q in range(6):
                if q != s and S[Z.on_ice + o * 6 + q] != 0 and w.pos[o, q, 0] >= 0 \
                        and in_attack(c, o, w.pos[o, q, 0]):
                    fence = blue
        return row_at(c, o, 5), cx, fence
    if not puck_in:
        fence = blue
    if s == 1 or s == 2:
        line = max(pline - 3, 3) if puck_in else max(pline - 3, blue + 1)
        return row_at(c, o, line), col(c, o, 4 if s == 1 else -4), fence
    if s == 5 and c.rules[R.pull_return] != 0 and want_recall(c, w, o):
        return c.pullspot[o, 0], c.pullspot[o, 1], 0
    if s == 0 or s == 5:
        line = max(pline - 2, 4) if puck_in else max(pline - 2, blue + 1)
        return row_at(c, o, line), col(c, o, 1 if s == 0 else -1), fence
    line = blue if puck_in else pline + 4
    return row_at(c, o, line), col(c, o, 3 if s == 3 else -3), fence


@nb.njit(cache=True, inline="always", _nrt=NRT)
def defense_group(c, w, st, script, d):
    """The defense's group: the one whose player is nearest the puck carrier (``mark``, ``zone``), any
    (``random``)."""
    S = w.S
    if c.pol[d][P.skate_defense] == SD_RANDOM:
        g = roll_die(st, script, 3) - 1
    else:
        py = S[Z.puck_y]
        px = S[Z.puck_x]
        g = GROUP_D
        bd = 1 << 30
        for s in range(5):
            if S[Z.on_ice + d * 6 + s] == 0 or S[Z.frozen + d * 6 + s] != 0:
                continue
            dd = cheb(w.pos[d, s, 0], w.pos[d, s, 1], py, px)
            if dd < bd:
                bd = dd
                g = group_of(w, d, s)
    for _ in range(3):
        if group_free(w, d, g):
            return g
        g = (g + 1) % 3
    return g


@nb.njit(cache=True, inline="always", _nrt=NRT)
def mark_target(c, w, d, s, checker):
    """Where defender (d, s) skates: the checker to the free square beside the carrier nearest his own goal
    (``mark``), the others goal side of the puck (defence pair in front of the net, wings on the opposing
    wings)."""
    S = w.S
    o = 1 - d
    py = S[Z.puck_y]
    px = S[Z.puck_x]
    gy = c.goal[d, 0]
    gx = c.goal[d, 1]
    if s == 5 and c.rules[R.pull_return] != 0 and want_recall(c, w, d):
        return c.pullspot[d, 0], c.pullspot[d, 1]
    if s == checker:
        by = py
        bx = px
        bd = 1 << 30
        for dy in range(-1, 2):
            for dx in range(-1, 2):
                if dy == 0 and dx == 0:
                    continue
                ny = py + dy
                nx = px + dx
                if ny < 0 or nx < 0 or ny >= c.cell.shape[0] or nx >= c.cell.shape[1]:
                    continue
                if c.cell[ny, nx] != 1 and c.cell[ny, nx] != 2:
                    continue
                v = w.occ[ny, nx]
                if v != 0 and v != d * 6 + s + 1:
                    continue
                dist = (ny - gy) ** 2 + (nx - gx) ** 2
                if dist < bd:
                    bd = dist
                    by = ny
                    bx = nx
        return by, bx
    own = 2 * c.dims[2] + 1 - c.aline[d, py]          # the puck's line counted from d's own goal
    if c.pol[d][P.skate_defense] == SD_ZONE:
        line = min(max(own - 3, 3), c.dims[4])
    else:
        line = min(max(own - 2, 2), c.dims[2] + 2)
    yy = row_at(c, o, 2 * c.dims[2] + 1 - line)       # d's own line as o counts it
    if s == 3 or s == 4:
        return yy, col(c, d, 2 if s == 3 else -2)
    if s == 1 or s == 2:
        m = 2 if s == 1 else 1                        # mark the opposing wing on this side
        if S[Z.on_ice + o * 6 + m] != 0:
            ty = w.pos[o, m, 0] + (1 if gy > w.pos[o, m, 0] else -1)
            return ty, w.pos[o, m, 1]
        return yy, col(c, d, 4 if s == 1 else -4)
    y2 = (py + gy) // 2
    x2 = (px + gx) // 2
    return y2, x2


@nb.njit(cache=True, inline="always", _nrt=NRT)
def check_kind(c, w, st, script, d, s):
    """0 no check, 1 stick check, 2 body check, by the side's ``check`` policy (``by-risk``: in the checker's
    own half a body check unless his team is short-handed or leading, else a stick check; in the other half only
    a stick check, and only after 5 turns of the series)."""
    k = c.pol[d][P.check]
    if k == CK_NEVER:
        return 0
    if k == CK_STICK:
        return 1
    if k == CK_BODY:
        return 2
    if k == CK_RANDOM:
        return roll_die(st, script, 2)
    S = w.S
    lead = S[Z.score + d] - S[Z.score + 1 - d]
    py = S[Z.puck_y]
    if c.aline[d, py] <= c.dims[2]:
        return 0 if S[Z.series_turns] < 6 else 1
    if short(w, d) or lead > 0:
        return 1
    return 2


@nb.njit(cache=True, _nrt=NRT)
def posture(c, w, st, script, k):
    """The penalty-kill posture (0 large box, 1 small box, 2 1-2-1) of killing team k."""
    p = c.pol[k][P.posture]
    if p == PO_LARGE:
        return 0
    if p == PO_SMALL:
        return 1
    if p == PO_121:
        return 2
    if p == PO_RANDOM:
        return roll_die(st, script, 3) - 1
    # by situation: two men short, the small box; else the large box
    return 1 if skaters(w, 1 - k) - skaters(w, k) >= 2 else 0


@nb.njit(cache=True, _nrt=NRT)
def want_pull(c, w, t):
    """Pull the goalie (the rule's conditions are checked by the caller): ``pull=trailing`` and ``trailing-stay``
    both pull him; they differ in calling him back (:func:`want_recall`)."""
    return c.pol[t][P.pull] != PU_NEVER


@nb.njit(cache=True, inline="always", _nrt=NRT)
def want_recall(c, w, t):
    """``pull=trailing``: skate the pulled goalie back once the other team has the puck or the score is level
    (never while he carries the puck); ``trailing-stay`` and ``never``: not during play."""
    S = w.S
    if c.pol[t][P.pull] != PU_TRAILING or S[Z.pulled + t] == 0:
        return False
    if S[Z.poss] == t and S[Z.carrier] == 5:
        return False
    return S[Z.poss] != t or S[Z.score + t] >= S[Z.score + 1 - t]


@nb.njit(cache=True, _nrt=NRT)
def want_timeout(c, w, t):
    """Call the time-out when trailing and the period would end."""
    return c.pol[t][P.timeout] == TO_TRAILING and w.S[Z.score + t] < w.S[Z.score + 1 - t]


@nb.njit(cache=True, _nrt=NRT)
def goalie_receiver(c, w, t, order):
    """The teammate the goalie passes to (-1: he holds for a face-off): within the rules' distance, an open lane,
    no contact zone crossed, the one farthest up the ice.  ``c, w``: :func:`pass_view`."""
    if c.pol[t][P.goalie_pass] == GP_HOLD:
        return -1
    S = w.S
    gy = w.pos[t, 5, 0]
    gx = w.pos[t, 5, 1]
    best = np.int64(-1)
    bl = 1 << 30
    for s in range(5):
        if S[Z.on_ice + t * 6 + s] == 0:
            continue
        by = w.pos[t, s, 0]
        bx = w.pos[t, s, 1]
        if cheb(gy, gx, by, bx) > c.rules[R.goalie_pass]:
            continue
        blocked, n = pass_lane(c, w, t, gy, gx, by, bx)
        if blocked or zone_crossers(w, t, n, order) > 0:
            continue
        if c.aline[t, by] < bl:
            bl = c.aline[t, by]
            best = s
    return best


@nb.njit(cache=True, _nrt=NRT)
def want_drop(c, w, o, s):
    """Take a drop pass: the teammate beside the carrier is farther up the ice and onside."""
    S = w.S
    k = S[Z.carrier]
    return drop_row(c, o, w.pos[o, k, 0], w.pos[o, s, 0])


@nb.njit(cache=True, inline="always", _nrt=NRT)
def drop_row(c, o, ya, yb):
    """A teammate on row yb would take a drop pass from team o's carrier on row ya: farther up the ice, and
    onside (not in the attack zone while the carrier is outside it)."""
    if in_attack(c, o, yb) and not in_attack(c, o, ya):
        return False
    return c.aline[o, yb] < c.aline[o, ya]


# ---------------------------------------------------------------- loose pucks, the boards, the goalie's sweep

@nb.njit(cache=True, inline="always", _nrt=NRT)
def nearest_of(w, t, y, x, goalie, skip, down):
    """``(king distance, slot)`` of team t's player nearest (y, x): its skaters on the ice and a pulled goalie,
    the goalie in net too when ``goalie``, never slot ``skip``; a player who may not move (``Z.frozen``) only for
    his own square unless ``down``; ties to the lower slot; ``(1 << 30, -1)`` when nobody is left.  The one rule
    for who reaches a loose puck (``turns.nearest_player``) and for the coaches' guesses of it."""
    S = w.S
    bd = 1 << 30
    bs = np.int64(-1)
    for s in range(6):
        if s == skip or S[Z.on_ice + t * 6 + s] == 0 or w.pos[t, s, 0] < 0:
            continue
        if s == 5 and not goalie and S[Z.pulled + t] == 0:
            continue
        dd = cheb(w.pos[t, s, 0], w.pos[t, s, 1], y, x)
        if dd > 0 and not down and S[Z.frozen + t * 6 + s] > 0:
            continue
        if dd < bd:
            bd = dd
            bs = s
    return bd, bs


@nb.njit(cache=True, inline="always", _nrt=NRT)
def on_ice_squares(w, t, skip, goalie, ys, xs):
    """The squares of the players who could reach a free square for team t (its skaters on the ice and a pulled
    goalie, the goalie in net too when ``goalie``, never slot ``skip``, nobody on his side), in slot order,
    written to ``ys, xs``; returns how many."""
    S = w.S
    n = 0
    for s in range(6):
        if s == skip or S[Z.on_ice + t * 6 + s] == 0 or w.pos[t, s, 0] < 0 or S[Z.frozen + t * 6 + s] > 0:
            continue
        if s == 5 and not goalie and S[Z.pulled + t] == 0:
            continue
        ys[n] = w.pos[t, s, 0]
        xs[n] = w.pos[t, s, 1]
        n += 1
    return n


@nb.njit(cache=True, inline="always", _nrt=NRT)
def edge_x(c, y, side):
    """The ice square of row y against the boards on ``side`` (0 low x, 1 high x), or -1."""
    W = c.cell.shape[1]
    for i in range(W):
        x = i if side == 0 else W - 1 - i
        if passable(c.cell, y, x):
            return x
    return -1


@nb.njit(cache=True, inline="always", _nrt=NRT)
def bank_rebound(c, w, ay, ax, by, bx):
    """Where a pass from (ay, ax) off the boards at (by, bx) comes to rest ("Passing Off Sideboards": "rebounds
    exactly three squares diagonally", "three squares straight back", "at corner rebounds three squares straight
    back"): ``(ok, ry, rx, hit, dy, dx, k)``.  ``ok`` False when (by, bx) is not a free square against the boards
    across the pass.  A pass meeting the side boards at an angle rebounds diagonally (on along the boards, away
    from them), one meeting them square rebounds straight back; at a corner (the boards' rounded part) it
    rebounds straight back out of it, diagonally: the pass's row and column directions both reversed.  The puck
    travels ``k`` squares in direction (dy, dx): three, fewer when the net or the boards stop it or a player is on
    its way (``hit``: his occupancy code, 0 none); it rests on (ry, rx)."""
    if w.occ[by, bx] != 0 or ax == bx or not passable(c.cell, by, bx):
        return False, by, bx, 0, 0, 0, 0
    sx = 1 if bx > ax else -1
    if passable(c.cell, by, bx + sx):
        return False, by, bx, 0, 0, 0, 0
    sy = 0 if by == ay else (1 if by > ay else -1)
    dy = sy if (bx == 0 or bx == c.cell.shape[1] - 1) else -sy
    dx = -sx
    ry = by
    rx = bx
    hit = 0
    k = 0
    for _ in range(3):
        ny = ry + dy
        nx = rx + dx
        if not passable(c.cell, ny, nx):
            break
        ry = ny
        rx = nx
        k += 1
        if w.occ[ny, nx] != 0:
            hit = w.occ[ny, nx]
            break
    return True, ry, rx, hit, dy, dx, k


@nb.njit(cache=True, _nrt=NRT)
def bank_path(c, w, o, ay, ax, by, bx):
    """A pass by team o from (ay, ax) off the boards at (by, bx) (:func:`bank_rebound`): ``(ok, n, ry, rx, hit)``,
    ``ok`` False also when the lane to the boards is blocked; the puck's squares (the lane, the boards square, the
    rebound) in ``w.py/w.px[:n]``."""
    ok, ry, rx, hit, dy, dx, k = bank_rebound(c, w, ay, ax, by, bx)
    if not ok:
        return False, 0, by, bx, 0
    blocked, n = pass_lane(c, w, o, ay, ax, by, bx)
    if blocked:
        return False, 0, by, bx, 0
    for i in range(k + 1):
        w.py[n] = by + i * dy
        w.px[n] = bx + i * dx
        n += 1
    return True, n, ry, rx, hit


@nb.njit(cache=True, _nrt=NRT)
def bank_target(c, w, o, order):
    """``bank=open``: the boards square (``y * 64 + x``) of the best pass off the side boards, or -1.  Only from
    outside the attack zone; the boards square 2 to 10 lines up the ice, the rebound's rest (or the teammate it
    meets) at least 4 lines up (so at most 13: the diagonal rebound runs 3 more lines), outside
    the attack zone (never offside), where a teammate is strictly nearer than every opponent (the defending goalie
    counted) and the passer himself not counted, with at most one contact zone crossed; the most lines gained
    wins.  The lane is drawn only for a rebound that passes the other tests.  ``c, w``: :func:`pass_view`."""
    if c.rules[R.sideboards] == 0 or c.pol[o][P.bank] != BK_OPEN:
        return np.int64(-1)
    S = w.S
    s0 = S[Z.carrier]
    ay = w.pos[o, s0, 0]
    ax = w.pos[o, s0, 1]
    if in_attack(c, o, ay):
        return np.int64(-1)
    la = c.aline[o, ay]
    # the squares of the players who may reach a rebound first (nobody moves while the coach looks): the
    # opponents (the goalie counted), and the passer's teammates (a pulled goalie counted)
    ey = stack_empty(6, np.int64)
    ex = stack_empty(6, np.int64)
    ne = on_ice_squares(w, 1 - o, -1, True, ey, ex)
    my = stack_empty(6, np.int64)
    mx = stack_empty(6, np.int64)
    nm = on_ice_squares(w, o, s0, False, my, mx)
    best = np.int64(-1)
    bs = -1e9
    for y in range(c.cell.shape[0]):
        gb = la - c.aline[o, y]
        if gb < 2 or gb > 10:
            continue
        for side in range(2):
            bx = edge_x(c, y, side)
            if bx < 0:
                continue
            ok, ry, rx, hit, dy, dx, kk = bank_rebound(c, w, ay, ax, y, bx)
            if not ok or in_attack(c, o, ry):
                continue
            gain = la - c.aline[o, ry]
            if gain < 4 or gain - 0.0 <= bs:
                continue
            if hit != 0:
                if (hit - 1) // 6 != o:
                    continue
            else:
                dd = 1 << 30
                for i in range(ne):
                    dd = min(dd, cheb(ey[i], ex[i], ry, rx))
                first = False
                for i in range(nm):
                    if cheb(my[i], mx[i], ry, rx) < dd:
                        first = True
                        break
                if not first:
                    continue
            ok, n, ry, rx, hit = bank_path(c, w, o, ay, ax, y, bx)
            if not ok:
                continue
            k = zone_crossers(w, o, n, order)
            if k > 1:
                continue
            sc = gain - 6.0 * k
            if sc > bs:
                bs = sc
                best = y * 64 + bx
    return best


@nb.njit(cache=True, inline="always", _nrt=NRT)
def reach_margin(c, w, o, y, x):
    """How many squares sooner team o reaches a loose puck on (y, x) than its opponents (the goalies counted)."""
    do, so = nearest_of(w, o, y, x, False, -1, False)
    dd, sd = nearest_of(w, 1 - o, y, x, True, -1, False)
    return dd - do


@nb.njit(cache=True, _nrt=NRT)
def boards_choice(c, w, o, y1, x1, ice1, y2, x2, ice2):
    """Where team o's puck around the boards stops (0 beyond the first corner, 1 beyond the second in Row 3):
    ``first``, ``second``, or ``teammate`` (the landing team o reaches sooner against the nearest opponent, a
    landing that is icing never; ties the first).  ``c, w``: :func:`pass_view`."""
    k = c.pol[o][P.boards]
    if k == BO_FIRST:
        return 0
    if k == BO_SECOND:
        return 1
    m1 = -1000 if ice1 else reach_margin(c, w, o, y1, x1)
    m2 = -1000 if ice2 else reach_margin(c, w, o, y2, x2)
    return 1 if m2 > m1 else 0


@nb.njit(cache=True, _nrt=NRT)
def sweep_corner(c, w, t):
    """``sweep=teammate``: the corner of team t's end (0 / 1) a skater of t reaches strictly before every
    opponent and before the goalie himself, the larger margin first; -1 to hold instead."""
    if c.rules[R.goalie_sweep] == 0 or c.pol[t][P.sweep] == SW_NEVER:
        return -1
    best = np.int64(-1)
    bm = 0
    for k in range(2):
        y = c.corners[t, k, 0]
        x = c.corners[t, k, 1]
        do, so = nearest_of(w, t, y, x, True, -1, False)
        if so < 0 or so == 5:
            continue
        dd, sd = nearest_of(w, 1 - t, y, x, True, -1, False)
        if dd - do > bm:
            bm = dd - do
            best = k
    return best


@nb.njit(cache=True, inline="always", _nrt=NRT)
def goalie_goes(c, w, t, dist):
    """``goalie_loose=nearest``: the goalie leaves his crease for a loose puck he is nearest to (within a 1d6's
    reach); ``never``."""
    return c.pol[t][P.goalie_loose] != GL_NEVER and dist <= 6
