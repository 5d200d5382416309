"""Board geometry of the Blue Line kernel (numba): contact zones, skating, pass lines and shot lanes.

Arrays: ``cell (H, W) int8`` (0 off the ice, 1 ice, 2 crease, 3 net; board.py), ``occ (H, W) int64`` (0 empty,
else ``team * 6 + slot + 1``), ``pos (2, 6, 2) int64`` ((y, x), -1 off the ice), ``on_ice (12,) int64``
(``S[Z.on_ice + team * 6 + slot]``).  Distances are king moves (Chebyshev): a player moves one square in any of
the 8 directions per space of his allowance ("Skating").

Lines through the grid are drawn in doubled coordinates: square (y, x) covers ``[2x, 2x+2] x [2y, 2y+2]``, so a
square's corners and its center both have integer coordinates.  A line *crosses* a square when it meets the
square's open interior (running along an edge or through a corner does not).
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.nbarrays import INTRINSICS, stack_empty

# The rule functions run without numba's runtime (no reference counts on the Ctx / Work arrays they pass
# around; they allocate nothing but stack_empty scratch); reachable, which allocates, keeps it.
NRT = not INTRINSICS

DY = np.array([-1, -1, -1, 0, 0, 1, 1, 1], np.int64)
DX = np.array([-1, 0, 1, -1, 1, -1, 0, 1], np.int64)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def passable(cell, y, x):
    """A square a skater may stand on or skate through (ice or crease; not off the ice, not the net)."""
    if y < 0 or x < 0 or y >= cell.shape[0] or x >= cell.shape[1]:
        return False
    c = cell[y, x]
    return c == 1 or c == 2


@nb.njit(cache=True, inline="always", _nrt=NRT)
def cheb(ay, ax, by, bx):
    """King distance between two squares."""
    return max(abs(ay - by), abs(ax - bx))


@nb.njit(cache=True, inline="always", _nrt=NRT)
def remoteness(y, x, ty, tx):
    """How far square (y, x) is from the target (ty, tx) for a skater heading there: king distance first, then the
    squared straight-line distance (smaller is closer)."""
    return cheb(y, x, ty, tx) * 10000 + (y - ty) * (y - ty) + (x - tx) * (x - tx)


@nb.njit(cache=True, inline="always", _nrt=NRT)
def in_opp_zone(pos, on_ice, team, y, x):
    """True when (y, x) is in the contact zone (the 8 squares around) of an on-ice skater of the team
    opposing ``team`` ("Contact Zone": all players except the goalies)."""
    o = 1 - team
    for s in range(5):
        if on_ice[o * 6 + s] == 0:
            continue
        py = pos[o, s, 0]
        px = pos[o, s, 1]
        if abs(py - y) <= 1 and abs(px - x) <= 1 and not (py == y and px == x):
            return True
    return False


@nb.njit(cache=True)
def reachable(cell, occ, pos, on_ice, team, sy, sx, n, slowed, dest_counts, out):
    """:func:`reach` on freshly allocated scratch arrays."""
    H = cell.shape[0]
    W = cell.shape[1]
    return reach(cell, occ, pos, on_ice, team, sy, sx, n, slowed, dest_counts, out,
                 np.empty((H, W, 2), np.int64), np.empty((3, 2 * H * W + 2), np.int64))


@nb.njit(cache=True, _nrt=NRT)
def reach(cell, occ, pos, on_ice, team, sy, sx, n, slowed, dest_counts, out, dist, q):
    """Mark in ``out (H, W) int8`` every square a player of ``team`` standing on (sy, sx) can end on with an
    allowance of ``n`` spaces; returns how many.  No square occupied by another player may be entered.  With
    ``slowed`` (a player not carrying the puck, where the contact-zone rule applies) the allowance is ``n - 2``
    for a path that starts in or skates through an opponent's contact zone, once however many zones
    ("Contact Zone": "NOT doubled"); ``dest_counts``: entering a zone square at the end of the move counts too.
    A breadth-first search over (square, zone touched) pairs; ``dist int64[H, W, 2]`` and ``q int64[3, 2HW + 2]``
    are its scratch (no allocation: the kernel passes Work's ``rdist`` / ``rq``)."""
    H = cell.shape[0]
    W = cell.shape[1]
    for y in range(H):
        for x in range(W):
            out[y, x] = 0
    for y in range(H):
        for x in range(W):
            dist[y, x, 0] = 1 << 30
            dist[y, x, 1] = 1 << 30
    qy = q[0]
    qx = q[1]
    qf = q[2]
    f0 = 1 if (slowed and in_opp_zone(pos, on_ice, team, sy, sx)) else 0
    dist[sy, sx, f0] = 0
    qy[0] = sy
    qx[0] = sx
    qf[0] = f0
    head = 0
    tail = 1
    while head < tail:
        y = qy[head]
        x = qx[head]
        f = qf[head]
        head += 1
        d = dist[y, x, f]
        cur_in = slowed and in_opp_zone(pos, on_ice, team, y, x)
        for k in range(8):
            ny = y + DY[k]
            nx = x + DX[k]
            if not passable(cell, ny, nx) or occ[ny, nx] != 0:
                continue
            nin = slowed and in_opp_zone(pos, on_ice, team, ny, nx)
            if dest_counts:
                nf = 1 if (f == 1 or nin) else 0
                ok = d + 1 <= n - 2 * nf
            else:
                # leaving a zone square is skating through it; ending on one is free
                nf = 1 if (f == 1 or cur_in) else 0
                ok = d + 1 <= n - 2 * nf
            if ok and dist[ny, nx, nf] > d + 1:
                dist[ny, nx, nf] = d + 1
                qy[tail] = ny
                qx[tail] = nx
                qf[tail] = nf
                tail += 1
    count = 0
    for y in range(H):
        for x in range(W):
            if (dist[y, x, 0] <= n or dist[y, x, 1] <= n - 2) and (occ[y, x] == 0 or (y == sy and x == sx)):
                out[y, x] = 1
                count += 1
    return count


@nb.njit(cache=True, inline="always", _nrt=NRT)
def in_zones(zy, zx, nz, y, x):
    """True when (y, x) is in the contact zone of one of the skaters ``zy, zx[:nz]`` (:func:`opp_skaters`):
    one of the 8 squares around him, not his own."""
    for i in range(nz):
        if abs(zy[i] - y) <= 1 and abs(zx[i] - x) <= 1 and not (zy[i] == y and zx[i] == x):
            return True
    return False


@nb.njit(cache=True, inline="always", _nrt=NRT)
def opp_skaters(pos, on_ice, team, zy, zx):
    """The squares of the on-ice skaters opposing ``team`` (goalies excluded, slot order) written to
    ``zy, zx int64[5]``; returns how many (:func:`in_zones` then answers :func:`in_opp_zone`)."""
    o = 1 - team
    nz = 0
    for s in range(5):
        if on_ice[o * 6 + s] == 0:
            continue
        zy[nz] = pos[o, s, 0]
        zx[nz] = pos[o, s, 1]
        nz += 1
    return nz


@nb.njit(cache=True, _nrt=NRT)
def walk(cell, occ, pos, on_ice, team, slot, ty, tx, n, slowed, dest_counts, fence, fence_team, aline, trail):
    """Skate player (team, slot) toward (ty, tx) one king step at a time, each step to the free neighbour
    nearest the target (a greedy route chosen by the policy; the rule's limits are enforced exactly as in
    :func:`reachable`); ``fence`` > 0 forbids ending a step on a line <= fence of the half ``fence_team``
    attacks (``aline[fence_team, y]``: keeping a player onside).  Updates ``pos`` and ``occ``; returns the
    spaces skated, the squares stepped on in ``trail[0, :steps]`` (rows) and ``trail[1, :steps]`` (columns).
    The opponents stand still during the walk, so their squares are read once (``zy, zx``), and the zones are
    looked at only while the path has not touched one yet (after that the -2 applies anyway)."""
    y = pos[team, slot, 0]
    x = pos[team, slot, 1]
    zy = stack_empty(5, np.int64)
    zx = stack_empty(5, np.int64)
    nz = opp_skaters(pos, on_ice, team, zy, zx) if slowed else 0
    touched = in_zones(zy, zx, nz, y, x)
    steps = 0
    code = occ[y, x]
    occ[y, x] = 0
    while True:
        if y == ty and x == tx:
            break
        cur_in = not touched and not dest_counts and in_zones(zy, zx, nz, y, x)
        # the step straight toward the target (each coordinate by its sign) scores strictly lowest of all 8:
        # when it is allowed it is the step the scan below would choose
        sy = 1 if ty > y else (-1 if ty < y else 0)
        sx = 1 if tx > x else (-1 if tx < x else 0)
        by = y + sy
        bx = x + sx
        ok = False
        bt = False
        if passable(cell, by, bx) and occ[by, bx] == 0 and not (fence > 0 and aline[fence_team, by] <= fence):
            bt = True if touched else (in_zones(zy, zx, nz, by, bx) if dest_counts else cur_in)
            ok = steps + 1 <= n - (2 if bt else 0)
        if not ok:
            best = -1
            bs = remoteness(y, x, ty, tx)
            bt = False
            for k in range(8):
                ny = y + DY[k]
                nx = x + DX[k]
                if not passable(cell, ny, nx) or occ[ny, nx] != 0:
                    continue
                if fence > 0 and aline[fence_team, ny] <= fence:
                    continue
                if touched:
                    nt = True
                elif dest_counts:
                    nt = in_zones(zy, zx, nz, ny, nx)
                else:
                    nt = cur_in
                if steps + 1 > n - (2 if nt else 0):
                    continue
                sc = remoteness(ny, nx, ty, tx)
                if sc < bs:
                    bs = sc
                    best = k
                    bt = nt
            if best < 0:
                break
            by = y + DY[best]
            bx = x + DX[best]
        y = by
        x = bx
        touched = bt
        trail[0, steps] = y
        trail[1, steps] = x
        steps += 1
        pos[team, slot, 0] = y
        pos[team, slot, 1] = x
    occ[y, x] = code
    return steps


@nb.njit(cache=True, _nrt=NRT)
def crossed(X0, Y0, X1, Y1, oy, ox):
    """Squares whose interior the segment (X0, Y0)-(X1, Y1) (doubled coordinates) crosses, written to
    ``oy, ox``; returns how many (in order along the segment)."""
    cnt = 0
    if X0 == X1:
        if X0 % 2 == 0:
            return 0
        c = X0 // 2
        lo = min(Y0, Y1)
        hi = max(Y0, Y1)
        step = 1 if Y1 >= Y0 else -1
        r = (Y0 // 2) if step == 1 else ((Y0 - 1) // 2)
        while True:
            if 2 * r < hi and 2 * r + 2 > lo:
                oy[cnt] = r
                ox[cnt] = c
                cnt += 1
            elif cnt > 0:
                break
            r += step
            if 2 * r > hi + 2 or 2 * r + 2 < lo - 2:
                break
        return cnt
    sgn = 1 if X1 > X0 else -1
    dx = (X1 - X0) * sgn
    dy = Y1 - Y0
    c = (X0 // 2) if sgn == 1 else ((X0 - 1) // 2)
    while True:
        xa = max(2 * c, min(X0, X1))
        xb = min(2 * c + 2, max(X0, X1))
        if xb <= xa:
            break
        # Y * dx at the two x ends of the column's piece
        na = Y0 * dx + (xa - X0) * sgn * dy
        nb_ = Y0 * dx + (xb - X0) * sgn * dy
        lo = min(na, nb_)
        hi = max(na, nb_)
        if dy >= 0:                 # within a column the rows come in the segment's own y direction
            r0 = lo // (2 * dx) - 1
            r1 = hi // (2 * dx) + 1
            rs = 1
        else:
            r0 = hi // (2 * dx) + 1
            r1 = lo // (2 * dx) - 1
            rs = -1
        r = r0
        while True:
            if lo == hi:
                if 2 * r * dx < lo and (2 * r + 2) * dx > lo:
                    oy[cnt] = r
                    ox[cnt] = c
                    cnt += 1
            elif 2 * r * dx < hi and (2 * r + 2) * dx > lo:
                oy[cnt] = r
                ox[cnt] = c
                cnt += 1
            if r == r1:
                break
            r += rs
        c += sgn
    return cnt


@nb.njit(cache=True, _nrt=NRT)
def pass_path(ay, ax, by, bx, oy, ox):
    """The squares a pass from (ay, ax) to (by, bx) travels ("a straight line between the two closest corners
    of the passer and recipient"); returns ``(count, axis)`` where ``axis`` is True for a pass along a row or a
    column (its path: the squares strictly between, checked with their side neighbours by
    :func:`pass_blocked`)."""
    if ay == by or ax == bx:
        cnt = 0
        n = max(abs(by - ay), abs(bx - ax))
        sy = 0 if by == ay else (1 if by > ay else -1)
        sx = 0 if bx == ax else (1 if bx > ax else -1)
        for k in range(1, n):
            oy[cnt] = ay + sy * k
            ox[cnt] = ax + sx * k
            cnt += 1
        return cnt, True
    cxa = ax + 1 if bx > ax else ax
    cxb = bx if bx > ax else bx + 1
    cya = ay + 1 if by > ay else ay
    cyb = by if by > ay else by + 1
    return crossed(2 * cxa, 2 * cya, 2 * cxb, 2 * cyb, oy, ox), False


@nb.njit(cache=True, _nrt=NRT)
def pass_blocked(occ, ay, ax, by, bx, oy, ox, cnt, axis):
    """True when the pass whose path is ``oy/ox[:cnt]`` (:func:`pass_path`) is blocked: it crosses an occupied
    square, or it runs along a row or column with a player on a square beside its path ("Blocked Pass")."""
    H = occ.shape[0]
    W = occ.shape[1]
    for i in range(cnt):
        y = oy[i]
        x = ox[i]
        if y < 0 or x < 0 or y >= H or x >= W:
            return True
        if occ[y, x] != 0:
            return True
        if axis:
            if ay == by:
                for d in (-1, 1):
                    if 0 <= y + d < H and occ[y + d, x] != 0:
                        return True
            else:
                for d in (-1, 1):
                    if 0 <= x + d < W and occ[y, x + d] != 0:
                        return True
    return False


@nb.njit(cache=True, _nrt=NRT)
def shot_path(sy, sx, gy, gx, oy, ox):
    """Squares between the shooter's square and the goal square (center to center), in order."""
    cnt = crossed(2 * sx + 1, 2 * sy + 1, 2 * gx + 1, 2 * gy + 1, oy, ox)
    k = 0
    for i in range(cnt):
        if (oy[i] == sy and ox[i] == sx) or (oy[i] == gy and ox[i] == gx):
            continue
        oy[k] = oy[i]
        ox[k] = ox[i]
        k += 1
    return k


@nb.njit(cache=True, _nrt=NRT)
def search(cell, occ, pos, on_ice, team, slot, ty, tx, n, slowed, dest_counts, fence, fence_team, aline,
           fallback, out, dist, q):
    """:func:`walk`, and with ``fallback`` (the puck carrier) where the greedy route is stuck (no step taken short
    of the target, no blue line holding him back: a wall of players ahead) the square of :func:`reachable`
    nearest the target, when it is nearer than where he stands (a path around the wall exists within the rule's
    limits).  Returns the spaces skated (the king distance for a search).  ``out``, ``dist``, ``q``: the search's
    scratch (:func:`reach`); without a search, ``q[0:2, :steps]`` holds the walk's squares (:func:`walk`)."""
    steps = walk(cell, occ, pos, on_ice, team, slot, ty, tx, n, slowed, dest_counts, fence, fence_team, aline, q)
    y = pos[team, slot, 0]
    x = pos[team, slot, 1]
    if steps > 0 or (y == ty and x == tx) or n <= 0 or not fallback or fence > 0:
        return steps
    reach(cell, occ, pos, on_ice, team, y, x, n, slowed, dest_counts, out, dist, q)
    bs = remoteness(y, x, ty, tx)
    by = y
    bx = x
    for yy in range(max(0, y - n), min(cell.shape[0], y + n + 1)):
        for xx in range(max(0, x - n), min(cell.shape[1], x + n + 1)):
            if out[yy, xx] == 0 or (fence > 0 and aline[fence_team, yy] <= fence):
                continue
            sc = remoteness(yy, xx, ty, tx)
            if sc < bs:
                bs = sc
                by = yy
                bx = xx
    if by == y and bx == x:
        return 0
    code = occ[y, x]
    occ[y, x] = 0
    occ[by, bx] = code
    pos[team, slot, 0] = by
    pos[team, slot, 1] = bx
    return cheb(y, x, by, bx)
