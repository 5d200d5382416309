"""The tuples the kernel receives: ``Ctx`` (read-only tables of a run) and ``Work`` (one game's working arrays).

``Ctx`` (built by engine.compile_ctx): the board's arrays (board.Board.arrays: ``rc (N, 2)``, ``nbr (N, 8)``,
``goal (2, 3)``, ``crease (2, 3)``, ``goal_of``, ``crease_of``, ``shade_of (N,)``, ``start (2, 6)``, ``dots (D,)``,
``lines (5,)`` = home blue, away blue, centre, home icing, away icing (each the row the line runs after),
``slide_path (S, L)``, ``slide_len (S,)``, ``slide_of (N,)``), plus ``index (rows, columns)``, ``rules
int64[N_RULES]``, ``pol int64[2, N_POL]``, and the move lists of the board and rules, ``mv mvd nmv kmv reach``
(plays.fill_moves, filled by engine.compile_ctx; every game's ``Work`` holds the same arrays).

``Work``: ``S int64[NZ]`` (layout.Z), ``pos int64[2, 6]``, ``occ int64[N]``, ``cnt int64[2, N_COUNTS]``, ``buf
int64[MAX_PLAYS, 4]`` / ``val float64[MAX_PLAYS]`` (legal plays and their values), ``buf2`` / ``val2`` (the opponent's
replies, for search), ``save int64[12, SAVE_W]`` (undo records of actions tried: rows 0-2 generate, 3-5 the sampler,
6-8 a play made, 9-11 plays.first_order's trials), ``play int64[4]`` (the play being made), ``ix int64[4]`` (the play
generator's action codes), ``log int64[L, LOG_W]`` and ``snap int64[L, SNAP_W]`` (L = 0 when not recording), ``mv`` /
``mvd int64[2, 2, N, 16]``, ``nmv int64[2, 2, N]``, ``kmv int64[1]`` (each circle's possible moves: plays.fill_moves;
those of ``Ctx``), ``cand int64[CAND_LEN]`` / ``cstart int64[CSTART_LEN]`` (a decision's possible first moves, by
place in the order of moves: the carrier first, then slot order, and after them the moves among them that may end a
play and those that may follow a later player's; plays.first_moves), ``jx int64[4]`` (the play generator's places in
those lists), ``reach int64[2, 2, N, 8]`` (plays.fill_moves; that of ``Ctx``) and ``memo float64[2, N]`` (greedy.py:
each circle's key and whether a shot from it could score, in one decision; NaN until computed).
"""
from __future__ import annotations

from collections import namedtuple

Ctx = namedtuple("Ctx", "rc index nbr goal crease goal_of crease_of shade_of start dots lines slide_path slide_len "
                        "slide_of rules pol mv mvd nmv kmv reach")
Work = namedtuple("Work", "S pos occ cnt buf val buf2 val2 save play ix log snap mv mvd nmv kmv cand cstart jx "
                         "reach memo")
#: what a pass's check reads of ``Ctx`` and ``Work`` (plays._pass_refused), for a call that copies only these
PassCtx = namedtuple("PassCtx", "rc index lines crease_of rules")
PassWork = namedtuple("PassWork", "pos occ")
