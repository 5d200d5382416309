"""What copying a player's move list whole is worth to Pass & Score's ``random`` policy.

``plays._first_moves`` lists each player's possible first moves at every decision; it copies a player's list whole
when no opponent stands where he could take or cut short one of its moves (``fill_moves``: ``reach`` columns 5-7).
Bit 1 of column 7 turns that off for a player (as on a board of more than 128 circles), so the same compiled code
runs with the copy on and off, in one process:

* a decision's lists alone: ``first_moves`` of the team to play on the positions of 40 random games (both teams);
* whole games: ``simulate_games``, ``random`` against ``random``, 8,000 games a call on 1 and 2 threads, on and off
  interleaved, the median of the per-repetition ratios (the games are checked to be the same).

    .venv/bin/python benchmarks/passscore_move_lists.py [--repeats 15]

Prints the figures and, as its last line, one JSON object with them.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import statistics
import sys
import time
from pathlib import Path

import numba as nb
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from simcore.games.passscore import Rules  # noqa: E402
from simcore.games.passscore.engine import compile_ctx  # noqa: E402
from simcore.games.passscore.kernel.drivers import borrowed, borrowed_work, new_work, play_recorded  # noqa: E402
from simcore.games.passscore.kernel.drivers import simulate_games  # noqa: E402
from simcore.games.passscore.kernel.layout import GAME_OUTPUTS, N_SLOTS, Z  # noqa: E402
from simcore.games.passscore.kernel.plays import first_moves, whole_lists  # noqa: E402


@nb.njit
def _lists(c_, w_, rows, reps):
    """first_moves on each recorded position (snapshot rows: the 12 circles, the team with the puck, its
    carrier), for both teams, ``reps`` times; returns the moves listed (so the work is not optimized away)."""
    c = borrowed(c_)
    w = borrowed_work(w_)
    total = 0
    for _ in range(reps):
        for i in range(rows.shape[0]):
            w.occ[:] = 0
            for t in range(2):
                for s in range(N_SLOTS):
                    p = rows[i, t * N_SLOTS + s]
                    w.pos[t, s] = p
                    if p >= 0:
                        w.occ[p] = 1 + t * N_SLOTS + s
            w.S[Z.poss] = rows[i, 12]
            w.S[Z.carrier] = rows[i, 13]
            for t in range(2):
                first_moves(c, w, t, False)
                total += w.cstart[N_SLOTS]
    return total


def _copy_share(c, rows) -> float:
    """How many of the players of those positions (both teams) have their list copied whole."""
    taken = total = 0
    for row in rows:
        for t in range(2):
            a, b = whole_lists(c.reach, row[:12].reshape(2, 6).copy(), row[12], row[13], t)
            taken += a
            total += b
    return taken / total


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=15)
    args = ap.parse_args(argv)
    on = compile_ctx(Rules(), ("random", "random"))
    reach = on.reach.copy()
    reach[..., 7] |= 2
    reach.setflags(write=False)
    off = on._replace(reach=reach)
    rows = []
    for g in range(40):
        _, w = play_recorded(on, np.uint64(3), g, 4000)
        rows += [r.copy() for r in w.snap[:w.S[Z.nsnap]]]
    rows = np.array(rows)
    res = {"date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"), "positions": len(rows),
           "copied_share": _copy_share(on, rows)}
    works = (new_work(on, 0), new_work(off, 0))        # a game's Work holds its Ctx's move lists
    assert _lists(on, works[0], rows, 1) == _lists(off, works[1], rows, 1)
    times = {0: [], 1: []}
    for k in range(args.repeats):
        for i in ((0, 1) if k % 2 == 0 else (1, 0)):
            t0 = time.perf_counter()
            _lists((on, off)[i], works[i], rows, 10)
            times[i].append((time.perf_counter() - t0) / (20 * len(rows)) * 1e9)
    res["lists_ns_on"] = min(times[0])
    res["lists_ns_off"] = min(times[1])
    n = 8000
    outs = [GAME_OUTPUTS.allocate(n), GAME_OUTPUTS.allocate(n)]
    for i, c in enumerate((on, off)):
        simulate_games(c, np.uint64(7), np.int64(0), np.int64(n), outs[i])
    res["same_games"] = all(np.array_equal(a, b) for a, b in zip(*outs))
    for thr in (1, 2):
        nb.set_num_threads(thr)
        times = {0: [], 1: []}
        for k in range(args.repeats):
            for i in ((0, 1) if k % 2 == 0 else (1, 0)):
                t0 = time.perf_counter()
                simulate_games((on, off)[i], np.uint64(7), np.int64(0), np.int64(n), outs[0])
                times[i].append(time.perf_counter() - t0)
        res[f"games_per_s_on_{thr}t"] = n / statistics.median(times[0])
        res[f"games_per_s_off_{thr}t"] = n / statistics.median(times[1])
        res[f"on_over_off_{thr}t"] = statistics.median([b / a for a, b in zip(times[0], times[1])])
    print(f"{res['positions']} positions of 40 random games; lists copied whole: {res['copied_share']:.0%} of the "
          f"players")
    print(f"a decision's lists, both teams' average: {res['lists_ns_on'] / 2:.0f} ns with the copy, "
          f"{res['lists_ns_off'] / 2:.0f} ns without")
    for thr in (1, 2):
        print(f"random games, {thr} thread(s): {res[f'games_per_s_on_{thr}t']:,.0f} games/s with the copy, "
              f"{res[f'games_per_s_off_{thr}t']:,.0f} without: {res[f'on_over_off_{thr}t']:.3f}x")
    print(f"the same games: {res['same_games']}")
    print(json.dumps({"benchmark": "passscore_move_lists", "command":
                      ".venv/bin/python benchmarks/passscore_move_lists.py", **res}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
