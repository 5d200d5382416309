"""Regenerate every experiment report: ``.venv/bin/python experiments/run_all.py [--quick] [--only NAME ...]``.

Each experiment runs as its own process with its default games per variant and seed (``--quick``: a tenth of
the games, for a smoke test; reports then name the smaller n in their command line).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: experiment script -> default games per variant (kept in step with each script's own default)
EXPERIMENTS = {
    "ezr_qq_chart": 100_000,
    "ezr_overtime": 50_000,
    "strat_fatigue_lines": 40_000,
    "pyramid_tie_breaks": 200_000,
}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", nargs="+", choices=list(EXPERIMENTS), help="run only these experiments")
    p.add_argument("--quick", action="store_true", help="a tenth of the default games per variant")
    p.add_argument("--seed", type=int, default=None, help="seed for every experiment (default: each script's)")
    args = p.parse_args(argv)
    failed = []
    for name in args.only or EXPERIMENTS:
        cmd = [sys.executable, str(HERE / f"{name}.py")]
        if args.quick:
            cmd += ["--n", str(max(1000, EXPERIMENTS[name] // 10))]
        if args.seed is not None:
            cmd += ["--seed", str(args.seed)]
        t = time.time()
        print(f"== {name}", flush=True)
        rc = subprocess.run(cmd, cwd=HERE.parent).returncode
        print(f"== {name}: {'ok' if rc == 0 else f'FAILED ({rc})'} in {time.time() - t:.0f} s", flush=True)
        if rc:
            failed.append(name)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
