"""What the bank-pass coach costs a Blue Line game: the policy that looks for a pass off the side boards
(``policies.bank_target``, asked on most offensive turns outside the attack zone) timed on its own, and whole games
with it on and off.

1. The positions where ``bank_target`` is asked are recorded from ``--record-games`` games of the default policies
   (pure Python, ``NUMBA_DISABLE_JIT=1``, in a subprocess), then the compiled ``bank_target`` is timed on each
   (``--calls`` calls a position, the position copied in once); the answers must equal the recorded ones.
2. ``engine.simulate`` of ``--games`` games on 1 thread, default policies against ``bank=never`` on both sides
   (best of ``--repeats``, interleaved): games/s and ns per turn (the turn count differs with the policy).

    .venv/bin/python benchmarks/blueline_bank_cost.py [--record-games 24] [--calls 200] [--games 10000]

Prints the figures and, as its last line, one JSON object with every figure.
"""
from __future__ import annotations

import argparse
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def record(games: int, seed: int, path: Path) -> None:
    """Run in pure Python: every position ``bank_target`` is asked in, with its answer, into ``path``."""
    from simcore.games.blueline import engine
    from simcore.games.blueline.kernel import policies as P

    rows = []
    asked = P.bank_target

    def wrapped(c, w, o, order):
        r = asked(c, w, o, order)
        rows.append((w.S.copy(), w.pos.copy(), w.occ.copy(), int(o), int(r)))
        return r

    P.bank_target = wrapped
    engine.simulate(games, seed)
    path.write_bytes(pickle.dumps(rows))


def time_calls(rows, calls: int) -> tuple[float, bool]:
    """ns a compiled ``bank_target`` call over the recorded positions, and whether every answer matched."""
    import numba as nb
    import numpy as np

    from simcore.games.blueline import engine
    from simcore.games.blueline.kernel.context import PassCtx, PassWork
    from simcore.games.blueline.kernel.policies import bank_target

    c = engine.compile_ctx()
    w = engine.new_work(c, 2000)
    pc = PassCtx(c.dims, c.cell, c.aline, c.inside, c.goal, c.shotv, c.rules, c.pol)
    SS = np.array([r[0] for r in rows])
    POS = np.array([r[1] for r in rows])
    OCC = np.array([r[2] for r in rows])
    O = np.array([r[3] for r in rows], np.int64)

    @nb.njit
    def run(pc, S, pos, occ, oy, ox, py, px, ordr, SS, POS, OCC, O, reps, out, timed):
        for i in range(SS.shape[0]):
            S[:] = SS[i]
            pos[:, :, :] = POS[i]
            occ[:, :] = OCC[i]
            pw = PassWork(S, pos, occ, oy, ox, py, px)
            if timed:
                for _ in range(reps):
                    out[i] = bank_target(pc, pw, O[i], ordr)
        return 0

    out = np.zeros(len(rows), np.int64)
    args = (pc, w.S, w.pos, w.occ, w.oy, w.ox, w.py, w.px, w.ordr, SS, POS, OCC, O)
    run(*args, 1, out, True)
    best = {}
    for _ in range(3):
        for timed in (False, True):
            t = time.perf_counter()
            run(*args, calls, out, timed)
            best[timed] = min(best.get(timed, 1e9), time.perf_counter() - t)
    ns = (best[True] - best[False]) / (calls * len(rows)) * 1e9
    return ns, bool((out == np.array([r[4] for r in rows])).all())


def games(n: int, repeats: int, seed: int) -> dict:
    """Default policies against ``bank=never``: best-of games/s and ns a turn on 1 thread."""
    from simcore.games.blueline import engine
    from simcore.games.blueline.engine import COUNT_NAMES

    variants = {"default": (None, None), "bank=never": ("bank=never", "bank=never")}
    best = {k: 1e9 for k in variants}
    turns = {}
    for pol in variants.values():
        engine.simulate(64, 1, policies=pol, threads=1)
    for _ in range(repeats):
        for k, pol in variants.items():
            t = time.perf_counter()
            out = engine.simulate(n, seed, policies=pol, threads=1)
            best[k] = min(best[k], time.perf_counter() - t)
            turns[k] = int(out["counts"][:, :, COUNT_NAMES.index("turns")].sum())
    return {k: {"games_per_s": n / best[k], "ns_per_turn": best[k] / turns[k] * 1e9,
                "turns_per_game": turns[k] / n} for k in variants}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--record-games", type=int, default=24, help="games whose bank_target positions are timed")
    ap.add_argument("--calls", type=int, default=200, help="timed calls a position")
    ap.add_argument("--games", type=int, default=10_000, help="games a timed engine.simulate")
    ap.add_argument("--repeats", type=int, default=3, help="interleaved repetitions of each simulate")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--_record", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args._record:
        record(args.record_games, args.seed, Path(args._record))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "positions.pkl"
        env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONWARNINGS="ignore")
        subprocess.run([sys.executable, __file__, "--record-games", str(args.record_games), "--seed",
                        str(args.seed), "--_record", str(path)], check=True, env=env)
        rows = pickle.loads(path.read_bytes())
    ns, same = time_calls(rows, args.calls)
    found = sum(1 for r in rows if r[4] >= 0)
    per_game = len(rows) / args.record_games
    g = games(args.games, args.repeats, args.seed)
    d, nv = g["default"], g["bank=never"]
    print(f"bank_target: {len(rows):,} positions of {args.record_games} games ({per_game:.1f} a game, "
          f"{found / len(rows):.1%} find a pass); {ns:.0f} ns a call; answers as recorded: {'yes' if same else 'NO'}")
    print(f"  = {ns * per_game / 1000:.1f} us a game, {ns * per_game / (1e9 / d['games_per_s']):.1%} "
          f"of a default game on 1 thread")
    for k, v in g.items():
        print(f"{k:11s} {v['games_per_s']:9,.0f} games/s  {v['ns_per_turn']:5.0f} ns a turn  "
              f"{v['turns_per_game']:.1f} turns a game")
    print(f"ns a turn, default / bank=never: {d['ns_per_turn'] / nv['ns_per_turn']:.2f}")
    print(json.dumps({"benchmark": "blueline_bank_cost", "positions": len(rows), "per_game": per_game,
                      "found_share": found / len(rows), "ns_per_call": ns, "answers_match": same,
                      "games": g,
                      "seed": args.seed}))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
