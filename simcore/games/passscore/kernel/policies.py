"""The coaches' decisions: which legal play to make (docs/passscore.md "Policies").

* ``random`` -- uniform over the legal plays (:func:`.plays.random_play`);
* ``greedy`` -- a goal when one is open, else the play that advances the puck most (then a carrier no opponent
  stands next to, then a carrier on a shooting circle); without the puck a capture, else the play that brings the
  nearest skater closest to the carrier (then all skaters); remaining ties broken uniformly at random;
* ``search`` -- a depth-two search: every legal play valued by :func:`.values.leaf_value`; a goal when one is open;
  else the ``budget`` best plays each answered by every reply of the opponent, the play whose worst reply is best
  chosen (ties: a random one).

Pass & Score is a game of perfect information: a side's observation is the whole board, so a policy reads the
position (``w.pos``, ``w.occ``, who has the puck) and nothing else.  Every random choice draws from the game's own
stream ``st``.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from simcore.rng import SCRIPTED, uniform_int

from .geom import NRT
from .greedy import NONE, defence_key, greedy_best, greedy_draw, greedy_play
from .layout import CAPTURE, GREEDY, KINDS, OFFSIDE, OK, P, RANDOM, SEARCH, Z
from .plays import generate, random_play, step, undo
from .values import V_GOAL

RANDOM_TRIES = 200_000


@nb.njit(cache=True, _nrt=NRT)
def _copy(buf, i, out):
    for j in range(4):
        out[j] = buf[i, j]


@nb.njit(cache=True, _nrt=NRT)
def apply_actions(c, w, t, play):
    """Make the actions of ``play`` (type, a1, a2, a3) on the working position, their undo records in
    ``w.save[6..8]``; returns (the status of the last action tried, the number of actions made).  An ILLEGAL
    action changes nothing."""
    typ = play[0]
    st = OK
    made = 0
    for i in range(3):
        code = play[1 + i]
        if code < 0:
            break
        st = step(c, w, t, KINDS[typ, i], code, 6 + i)
        if st < 0:
            break
        made += 1
        if st != OK:
            break
    return st, made


@nb.njit(cache=True, inline="always", _nrt=NRT)
def _key_of(c, w, t, play):
    """Greedy's key of ``play`` by team t, the team without the puck (made, valued and taken back)."""
    st, made = apply_actions(c, w, t, play)
    v = defence_key(c, w, t, st)
    take_back(w, made)
    return v


@nb.njit(cache=True, _nrt=NRT)
def take_back(w, made):
    for i in range(made - 1, -1, -1):
        undo(w, 6 + i)


@nb.njit(cache=True, _nrt=NRT)
def search_play(c, w, t, st, budget, out):
    """The search policy's play (see the module docstring); returns False when team t has no legal play."""
    n = generate(c, w, t, w.buf, np.int64(2), t, w.val)
    if n == 0:
        return False
    n = min(n, w.buf.shape[0])
    goals = 0
    for i in range(n):
        if w.val[i] >= V_GOAL:
            goals += 1
    if goals > 0:
        k = uniform_int(st, goals) if goals > 1 else 0
        for i in range(n):
            if w.val[i] >= V_GOAL:
                if k == 0:
                    _copy(w.buf, i, out)
                    return True
                k -= 1
    # the budget best plays by their own value, scanned from a random offset so that ties fall randomly
    off = uniform_int(st, n)
    best_v = -1.0e18
    best_i = -1
    used = 0
    while used < budget:
        top = -1
        tv = -1.0e18
        for j in range(n):
            i = (off + j) % n
            if w.val[i] > tv and w.val[i] > -1.0e17:
                tv = w.val[i]
                top = i
        if top < 0:
            break
        w.val[top] = -1.0e18        # taken
        used += 1
        s2, made = apply_actions(c, w, t, w.buf[top])
        if s2 == CAPTURE or s2 == OFFSIDE:
            v = tv                  # the play ends the possession at once: its own value
        else:
            m = generate(c, w, 1 - t, w.buf2, np.int64(2), t, w.val2)
            m = min(m, w.buf2.shape[0])
            if m == 0:
                v = tv
            else:
                v = w.val2[0]
                for k in range(1, m):
                    if w.val2[k] < v:
                        v = w.val2[k]
        take_back(w, made)
        if v > best_v:
            best_v = v
            best_i = top
    _copy(w.buf, best_i, out)
    return True


@nb.njit(cache=True, inline="always", _nrt=NRT)
def choose_play(c, w, t, st, script, out, keep):
    """Team t's play into ``out`` (type, a1, a2, a3) by its policy (``c.pol[t]``), or from the script (4 entries a
    play) on a scripted stream; returns False when there is no legal play.  With ``keep`` a play the random sampler
    drew is left made on the board, the status of its last action in ``w.S[Z.status]`` (untouched otherwise).
    Greedy without the puck finds its best key (:func:`.greedy.greedy_best`), then tries up to ``c.pol[t,
    P.proposals]`` of the sampler's plays and makes the first of that key: a uniform legal play kept only when it has
    the key is a uniform play of the key, as :func:`.greedy.greedy_draw`'s, which draws when none of them has it
    (the sampler's plays are cheaper where the key has many plays, as it has without the puck; on a board with few
    players each of them costs more of the sampler's proposals, up to some thousands, but greedy's games are six
    against six, a penalized player aside)."""
    if st[5] == SCRIPTED:
        i = int(st[4])
        if i + 4 > script.shape[0]:
            raise ValueError("the script ran out of plays")
        for j in range(4):
            out[j] = script[i + j]
        st[4] = i + 4
        if out[0] == 0:
            return False            # a scripted "no play"
        n = min(generate(c, w, t, w.buf, np.int64(0), t, w.val), w.buf.shape[0])
        ok = False
        for i in range(n):
            if w.buf[i, 0] == out[0] and w.buf[i, 1] == out[1] and w.buf[i, 2] == out[2] and w.buf[i, 3] == out[3]:
                ok = True
                break
        if not ok:
            raise ValueError("a scripted play is not legal")
        return True
    kind = c.pol[t, P.kind]
    if kind == SEARCH:
        return search_play(c, w, t, st, c.pol[t, P.budget], out)
    rounds = 1
    best = 0.0
    if kind == GREEDY:
        if w.S[Z.poss] == t:
            return greedy_play(c, w, t, st, out)
        best = greedy_best(c, w, t, st, out)
        if best == NONE:
            return False
        rounds = c.pol[t, P.proposals]
    # one call of the (inlined) sampler serves both policies: random's play, greedy's proposals without the puck
    for _ in range(rounds):
        if not random_play(c, w, t, st, script, out, RANDOM_TRIES, keep and kind == RANDOM):
            break
        if kind == RANDOM or _key_of(c, w, t, out) == best:
            return True
    if kind == GREEDY:
        greedy_draw(c, w, t, st, out, best)
        return True
    n = generate(c, w, t, w.buf, np.int64(0), t, w.val)
    if n == 0:
        return False
    _copy(w.buf, uniform_int(st, min(n, w.buf.shape[0])), out)
    return True
