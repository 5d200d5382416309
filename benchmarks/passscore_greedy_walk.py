"""Where Pass & Score's greedy spends its decision: the actions its walks try, counted by side, walk, play type and
action, and the sampler's plays it tries without the puck.

Plays greedy-against-greedy games with the compiled kernel (recording each position), then replays greedy's decision
on every k-th of those positions in pure Python (``NUMBA_DISABLE_JIT=1``, in a subprocess) with the action function,
the walk, the reservoir's draw and the sampler wrapped in counters.  A decision walks for the best key (``key``:
no ties), then, unless one of the sampler's plays (``proposals``, without the puck) has that key, walks again for a
uniform play of that key (``draw``).  No timing: what it prints is the work of one decision, the same on any
machine, which is what the 50,000 games/s target is measured against (benchmarks/RESULTS.md, "What greedy's target
would take").

    .venv/bin/python benchmarks/passscore_greedy_walk.py [--games 3] [--every 3] [--seed 4]

Prints a table (actions a decision by side, play type and action, for each walk; the sampler's plays tried; the
share of decisions that walked for the draw; plays of the best key) and, as its last line, one JSON object with
every figure.
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
    from simcore.games.passscore.kernel import policies as PK
    from simcore.games.passscore.kernel.layout import ILLEGAL

    board = load_board()
    rows = pickle.loads(path.read_bytes())[::every]
    acts = collections.Counter()
    now = {}
    step, walk, sampler = G.step, G._walk, PK.random_play

    def counted_step(c, w, t, kind, code, d):
        st = step(c, w, t, kind, code, d)
        acts[(now["side"], now["walk"], now["type"], d, "illegal" if st == ILLEGAL else "made")] += 1
        return st

    def counted_walk(c, w, t, typ, best, strict, out, rs, ties, *rest):
        now["type"] = int(typ)
        now["walk"] = "key" if strict else "draw"
        now["walks"].add(now["walk"])
        b = walk(c, w, t, typ, best, strict, out, rs, ties, *rest)
        if not strict:
            now["ties"] = int(ties[0])
        return b

    def counted_sampler(*args):
        now["proposals"] += 1
        return sampler(*args)

    G.step, G._walk, PK.random_play = counted_step, counted_walk, counted_sampler
    decisions = collections.Counter()
    tried = collections.Counter()
    drawn = collections.Counter()
    best = collections.Counter()
    for row in rows:
        side = [[None if row[t * 6 + s] < 0 else tuple(int(v) for v in board.rc[row[t * 6 + s]]) for s in range(6)]
                for t in range(2)]
        p = Position(None, board, policies=("greedy", "greedy")).set(side[0], side[1], int(row[12]), int(row[13]))
        for team in (0, 1):
            now.update(side="attack" if int(row[12]) == team else "defence", ties=0, proposals=0, walks=set())
            p.choose(team, seed=1)
            decisions[now["side"]] += 1
            tried[now["side"]] += now["proposals"]
            drawn[now["side"]] += "draw" in now["walks"]
            best[now["side"]] += now["ties"]
    out = {"positions": len(rows), "decisions": dict(decisions)}
    for s, n in decisions.items():
        rows_s = {f"{wk},{typ},{d},{what}": v / n for (side, wk, typ, d, what), v in acts.items() if side == s}
        out[s] = {"actions": sum(rows_s.values()),
                  "actions_key": sum(v for k, v in rows_s.items() if k.startswith("key,")),
                  "actions_draw": sum(v for k, v in rows_s.items() if k.startswith("draw,")),
                  "by_walk_type_action": dict(sorted(rows_s.items())), "proposals": tried[s] / n,
                  "draw_walks": drawn[s] / n,
                  "best_key_plays_per_draw_walk": best[s] / max(drawn[s], 1)}
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
        print(f"\n{s}: {r['actions']:.0f} actions a decision ({res['decisions'][s]} decisions): {r['actions_key']:.0f} "
              f"finding the best key, {r['actions_draw']:.0f} drawing among its plays; sampler plays tried "
              f"{r['proposals']:.1f}; the draw walked in {r['draw_walks']:.0%} of decisions, over "
              f"{r['best_key_plays_per_draw_walk']:.0f} plays of the best key")
        print(f"  {'walk':>4} {'type':>4} {'action':>6} {'made':>8} {'illegal':>8}")
        cells = sorted({tuple(k.split(",")[:3]) for k in r["by_walk_type_action"]}, key=lambda x: (x[0] != "key",
                                                                                                 int(x[1]), int(x[2])))
        for wk, typ, d in cells:
            made = r["by_walk_type_action"].get(f"{wk},{typ},{d},made", 0.0)
            bad = r["by_walk_type_action"].get(f"{wk},{typ},{d},illegal", 0.0)
            print(f"  {wk:>4} {typ:>4} {int(d) + 1:>6} {made:>8.1f} {bad:>8.1f}")
    print(json.dumps({"benchmark": "passscore_greedy_walk", **res}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
