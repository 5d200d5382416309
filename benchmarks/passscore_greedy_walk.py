"""Where Pass & Score's greedy spends its decision: the actions its walk tries, counted by side, play type and action.

Plays greedy-against-greedy games with the compiled kernel (recording each position), then replays greedy's decision
on every k-th of those positions in pure Python (``NUMBA_DISABLE_JIT=1``, in a subprocess) with the action function
and the reservoir's draw wrapped in counters.  No timing: what it prints is the work of one decision, the same on any
machine, which is what the 50,000 games/s target is measured against (benchmarks/RESULTS.md, "What greedy's target
would take").

    .venv/bin/python benchmarks/passscore_greedy_walk.py [--games 3] [--every 3] [--seed 4]

Prints a table (actions a decision by side, play type and action; ties met; ties of the best key) and, as its last
line, one JSON object with every figure.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def record(games: int, seed: int, path: Path) -> int:
    """The positions of ``games`` greedy-against-greedy games (the recorded snapshots) into ``path``."""
    import numpy as np

    from simcore.games.passscore import Rules
    from simcore.games.passscore.engine import compile_ctx
    from simcore.games.passscore.kernel.drivers import play_recorded
    from simcore.games.passscore.kernel.layout import Z

    c = compile_ctx(Rules(), ("greedy", "greedy"))
    rows = []
    for g in range(games):
        _, w = play_recorded(c, np.uint64(seed), g, 4000)
        rows += [r.copy() for r in w.snap[:w.S[Z.nsnap]]]
    path.write_bytes(pickle.dumps(rows))
    return len(rows)


def count(path: Path, every: int) -> dict:
    """Greedy's decision for both teams on every ``every``-th position, in pure Python, with counters."""
    from simcore.games.passscore import load_board
    from simcore.games.passscore.engine import Position
    from simcore.games.passscore.kernel import greedy as G
    from simcore.games.passscore.kernel.layout import ILLEGAL

    board = load_board()
    rows = pickle.loads(path.read_bytes())[::every]
    acts = collections.Counter()
    now = {}
    step, walk, draw = G.step, G._walk, G.uniform_int

    def counted_step(c, w, t, kind, code, d):
        st = step(c, w, t, kind, code, d)
        acts[(now["side"], now["type"], d, "illegal" if st == ILLEGAL else "made")] += 1
        return st

    def counted_walk(c, w, t, typ, best, out, rs, ties, *rest):
        now["type"] = int(typ)
        b = walk(c, w, t, typ, best, out, rs, ties, *rest)
        now["ties"] = int(ties[0])
        return b

    def counted_draw(rs, n):
        now["draws"] += 1
        return draw(rs, n)

    G.step, G._walk, G.uniform_int = counted_step, counted_walk, counted_draw
    decisions = collections.Counter()
    met = collections.Counter()
    best = collections.Counter()
    for row in rows:
        side = [[None if row[t * 6 + s] < 0 else tuple(int(v) for v in board.rc[row[t * 6 + s]]) for s in range(6)]
                for t in range(2)]
        p = Position(None, board, policies=("greedy", "greedy")).set(side[0], side[1], int(row[12]), int(row[13]))
        for team in (0, 1):
            now.update(side="attack" if int(row[12]) == team else "defence", draws=0, ties=0)
            p.choose(team, seed=1)
            decisions[now["side"]] += 1
            met[now["side"]] += now["draws"]
            best[now["side"]] += now["ties"]
    out = {"positions": len(rows), "decisions": dict(decisions)}
    for s, n in decisions.items():
        rows_s = {f"{typ},{d},{what}": v / n for (side, typ, d, what), v in acts.items() if side == s}
        out[s] = {"actions": sum(rows_s.values()), "by_type_action": dict(sorted(rows_s.items())),
                  "ties_met": met[s] / n, "ties_of_best_key": best[s] / n}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--every", type=int, default=3, help="replay every k-th position (default 3)")
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--_count", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args._count:
        print(json.dumps(count(Path(args._count), args.every)))
        return 0
    with tempfile.TemporaryDirectory(prefix="greedy-walk-") as d:
        path = Path(d) / "positions.pkl"
        n = record(args.games, args.seed, path)
        env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONWARNINGS="ignore")
        p = subprocess.run([sys.executable, __file__, "--_count", str(path), "--every", str(args.every)],
                           capture_output=True, text=True, env=env, cwd=str(ROOT))
        if p.returncode != 0:
            raise SystemExit(p.stderr[-3000:])
        res = json.loads(p.stdout.strip().splitlines()[-1])
    res.update(games=args.games, seed=args.seed, every=args.every, positions_recorded=n)
    print(f"greedy against greedy, {args.games} games of seed {args.seed}: {n} positions, one in {args.every} "
          f"replayed for both teams")
    for s in ("attack", "defence"):
        r = res[s]
        print(f"\n{s}: {r['actions']:.0f} actions a decision ({res['decisions'][s]} decisions); ties met "
              f"{r['ties_met']:.0f}, of the best key {r['ties_of_best_key']:.0f}")
        print(f"  {'type':>4} {'action':>6} {'made':>8} {'illegal':>8}")
        types = sorted({tuple(map(int, k.split(",")[:2])) for k in r["by_type_action"]})
        for typ, d in types:
            made = r["by_type_action"].get(f"{typ},{d},made", 0.0)
            bad = r["by_type_action"].get(f"{typ},{d},illegal", 0.0)
            print(f"  {typ:>4} {d + 1:>6} {made:>8.1f} {bad:>8.1f}")
    print(json.dumps({"benchmark": "passscore_greedy_walk", **res}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
