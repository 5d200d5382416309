"""Blue Line Hockey engine: compiles the board, chart, penalty deck, formations, rules and policies to the
kernel's arrays and plays games.

* :func:`simulate` -- ``n`` games of a seed, in parallel; a dict of the arrays of ``kernel.layout.GAME_OUTPUTS``;
* :func:`play_by_play` -- game ``g`` of a seed on a recording stream (the very game :func:`simulate` plays as
  game ``g``): its text, events and outputs (:class:`Log`);
* :func:`play_scripted` -- a whole game on scripted dice and cards, for tests;
* :func:`table` -- a compiled context and a fresh working state, for scripted scenarios that call the kernel's
  rule functions directly (tests/games/blueline/test_engine*.py).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore import compiling, runner
from simcore.checks import run_script
from simcore.errors import InputError
from simcore.rng import check_seed, script_values, scripted_stream

from .kernel.context import Ctx, Work
from .kernel.layout import COUNT_NAMES, EVENT_COLUMNS, GAME_OUTPUTS, LOG_W, MAX_EVENTS, N_COUNTS, NZ
from .cards import outcome_matrix
from .policies import Policy
from .rules import Rules

_ROLL_P = np.array([0, 0] + [min(r - 1, 13 - r) / 36.0 for r in range(2, 13)])


def goal_matrix(table: np.ndarray, ctx: int) -> np.ndarray:
    """(5, 5) goal probabilities of context ``ctx`` (rows shot cards, columns goalie cards) on ``table``."""
    lane = ctx % 3
    side = (ctx // 3) % 2
    line = ctx // 6 + 1
    m = outcome_matrix()
    p = [float(_ROLL_P[(table[side, lane, pos, line, :] == 3)].sum()) for pos in (0, 1)]
    return np.where(m == 0, 0.0, np.where(m == 1, p[0], p[1]))


def _aline(board) -> np.ndarray:
    H, hl = board.height, board.half_lines
    a = np.zeros((2, H), np.int64)
    for t in range(2):
        for y in range(H):
            line = int(board.row_line[y])
            a[t, y] = line if int(board.row_half[y]) == 1 - t else 2 * hl + 1 - line
    return a


def _mixes(policy: Policy, chart):
    from .cards import card_mixes

    s, g = card_mixes(policy.cards, chart)
    return np.asarray(s, np.float64), np.asarray(g, np.float64)


def compile_ctx(rules=None, policies=(None, None), board=None, chart=None, penalties=None, formations=None,
                mixes=None) -> Ctx:
    """The kernel's read-only context.  ``mixes``: optional ``((shooter, goalie) home, (shooter, goalie) away)``
    (78, 5) card mixes instead of the policies' ``cards``."""
    from .board import load_board
    from .formations import load_formations

    rules = Rules.coerce(rules)
    pols = tuple(Policy.parse(p) for p in policies)
    board = board if board is not None else load_board()
    formations = formations if formations is not None else load_formations(board=board)
    if chart is None:
        from .chart import load_chart
        chart = load_chart()
    if penalties is None:
        from .penalties import load_penalties
        penalties = load_penalties()
    table = np.ascontiguousarray(chart.table, dtype=np.int8) if hasattr(chart, "table") else np.asarray(chart, np.int8)
    if mixes is None:
        mixes = tuple(_mixes(p, chart) for p in pols)
    scdf = np.zeros((2, 78, 5))
    gcdf = np.zeros((2, 78, 5))
    shotv = np.zeros((2, 78))
    for t in range(2):
        sm, gm = (np.asarray(a, np.float64) for a in mixes[t])
        scdf[t] = np.cumsum(sm, axis=1)
        gcdf[t] = np.cumsum(gm, axis=1)
        for k in range(78):
            shotv[t, k] = float((sm[k] @ goal_matrix(table, k)).min())
    kinds = np.asarray(getattr(penalties, "kinds", penalties), np.int64)
    f = formations
    return Ctx(board.dims(), np.ascontiguousarray(board.cell, np.int8), _aline(board),
               np.ascontiguousarray(board.inside, np.int8), np.asarray(board.goal, np.int64),
               np.asarray(board.crease, np.int64), np.asarray(board.faceoff, np.int64),
               np.asarray(board.faceoff_kind, np.int64), np.asarray(board.faceoff_half, np.int64),
               np.asarray(board.gate, np.int64), np.asarray(board.pull_spot, np.int64),
               np.asarray(board.corners, np.int64), np.asarray(board.rim, np.int64),
               np.asarray(board.rim_index, np.int64), np.asarray(board.row3, np.int64), table, outcome_matrix(),
               scdf, gcdf, shotv, kinds,
               np.asarray(f.opening, np.int64), np.asarray(f.faceoff_pos, np.int64), np.asarray(f.pk, np.int64),
               np.asarray(f.pk_fill, np.int64), np.asarray(f.pp, np.int64),
               np.array([int(f.pp_puck)], np.int64), rules.numeric(),
               np.stack([p.numeric() for p in pols]))


def new_work(c: Ctx, nlog: int = 0) -> Work:
    """A fresh working state for ``c``'s board (``nlog`` rows of event log and snapshots)."""
    H, W = c.cell.shape
    return Work(np.zeros(NZ, np.int64), np.full((2, 6, 2), -1, np.int64), np.zeros((H, W), np.int64),
                np.zeros((2, N_COUNTS), np.int64), np.zeros((2, 4), np.int64), np.zeros(2, np.int64),
                np.zeros((nlog, LOG_W), np.int64), np.zeros((nlog, 27), np.int64), np.zeros(256, np.int64),
                np.zeros(256, np.int64), np.zeros(256, np.int64), np.zeros(256, np.int64),
                np.zeros(15, np.float64), np.zeros(8, np.int64), np.zeros((H, W), np.int8),
                np.zeros((H, W, 2), np.int64), np.zeros((3, 2 * H * W + 2), np.int64))


def simulate(n, seed, rules=None, policies=(None, None), board=None, chart=None, penalties=None,
             formations=None, threads=None, chunk_size=None, progress=None, mixes=None) -> dict:
    """``n`` games of ``seed``: a dict name -> array of ``GAME_OUTPUTS`` (leading dimension n).  Game g depends
    only on (seed, g): the same whatever ``threads`` and ``chunk_size``."""
    from .kernel.drivers import simulate_games

    seed = check_seed(seed)
    n = int(n)
    if n < 0:
        raise InputError(f"n must be >= 0, got {n}")
    c = compile_ctx(rules, policies, board, chart, penalties, formations, mixes)
    out = GAME_OUTPUTS.allocate(n)
    def play(g0, k, inputs, rows, totals):
        simulate_games(c, np.uint64(seed), np.int64(g0), np.int64(k), rows)

    runner.run_games(n, play, rows=out, chunk_size=chunk_size, n_threads=threads, progress=progress, seed=seed)
    return GAME_OUTPUTS.as_dict(out)


@dataclass
class Log:
    """One recorded game: ``text`` (every turn, dice, cards, the rink after each turn), ``events`` (rows of
    ``EVENT_COLUMNS``), ``row`` (the game's outputs), ``rolls`` (the record), ``snapshots``."""

    text: str
    events: list
    row: dict
    rolls: list
    snapshots: np.ndarray


def _row(win, dec, w) -> dict:
    return {"goals": w.goals.copy(), "so_goals": w.so.copy(), "winner": int(win), "decided": int(dec),
            "counts": {name: (int(w.cnt[0, i]), int(w.cnt[1, i])) for i, name in enumerate(COUNT_NAMES)}}


def play_by_play(seed, game_index, rules=None, policies=(None, None), board=None, chart=None, penalties=None,
                 formations=None, mixes=None) -> Log:
    """Game ``game_index`` of ``seed`` on a recording stream, with its play-by-play text."""
    from . import pbp
    from .board import load_board
    from .kernel.drivers import play_recorded, simulate_games

    board = board if board is not None else load_board()
    c = compile_ctx(rules, policies, board, chart, penalties, formations, mixes)
    if not compiling.cached(play_recorded):
        # compiled alone the play-by-play kernel takes some 400 s on 2 cores, but 5 s once the game kernel (the
        # same game loop, 230 s) is compiled or loaded in the process: one game of it first
        simulate_games(c, np.uint64(0), np.int64(0), np.int64(1), GAME_OUTPUTS.allocate(1))
    record = np.zeros(200000, np.int64)
    win, dec, used, w = play_recorded(c, np.uint64(check_seed(seed)), np.int64(game_index), record,
                                      np.int64(MAX_EVENTS))
    nlog = min(int(w.S[_Z.nlog]), MAX_EVENTS)
    nsnap = min(int(w.S[_Z.nsnap]), MAX_EVENTS)
    events = [tuple(int(v) for v in r) for r in w.log[:nlog]]
    snaps = w.snap[:nsnap].copy()
    text = pbp.render(board, events, snaps, _row(win, dec, w))
    return Log(text, events, _row(win, dec, w), record[:used].tolist(), snaps)


def play_scripted(script, rules=None, board=None, chart=None, penalties=None, formations=None,
                  policies=(None, None), mixes=None, nlog=MAX_EVENTS):
    """A whole game on scripted dice and cards; returns ``(row, events, entries used)``."""
    from .kernel.drivers import play_scripted as _ps

    c = compile_ctx(rules, policies, board, chart, penalties, formations, mixes)
    win, dec, used, w = run_script(lambda s: _ps(c, s, np.int64(nlog)), script_values(script))
    events = [tuple(int(v) for v in r) for r in w.log[:min(int(w.S[_Z.nlog]), nlog)]]
    return _row(win, dec, w), events, int(used)


def table(rules=None, policies=(None, None), board=None, chart=None, penalties=None, formations=None,
          mixes=None, nlog=2000):
    """``(ctx, work)`` for a scripted scenario: the work is reset (everyone on the ice, nobody placed)."""
    from .kernel.turns import reset

    c = compile_ctx(rules, policies, board, chart, penalties, formations, mixes)
    w = new_work(c, nlog)
    reset(c, w)
    return c, w


def scripted(entries) -> tuple[np.ndarray, np.ndarray]:
    """``(stream, script)``: a scripted stream replaying ``entries`` (dice totals, card numbers 1..5)."""
    return scripted_stream(), np.asarray(list(entries), np.int64)


from .kernel.layout import Z as _Z  # noqa: E402  (the state layout, for reading counters of a recorded game)

__all__ = ["simulate", "play_by_play", "play_scripted", "table", "scripted", "Log", "EVENT_COLUMNS",
           "COUNT_NAMES", "GAME_OUTPUTS", "compile_ctx", "outcome_matrix", "goal_matrix"]
