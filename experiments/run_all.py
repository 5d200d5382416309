"""Regenerate every experiment report: ``.venv/bin/python experiments/run_all.py [--quick] [--only NAME ...]``.

Each experiment runs as its own process with its default games per variant and seed, and writes its report and
figures to ``--out`` (default ``experiments/reports/``, the committed reports).  ``--quick`` runs a tenth of the
games, a smoke test: its reports go to a new temporary folder (or to ``--out``), never over the committed ones.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPORTS = HERE / "reports"
#: experiment script -> default games per variant (kept in step with each script's own default)
EXPERIMENTS = {
    "ezr_qq_chart": 100_000,
    "ezr_overtime": 50_000,
    "strat_fatigue_lines": 40_000,
    "strat_basic_vs_advanced": 40_000,
    "pyramid_tie_breaks": 200_000,
}


def output_folder(out: Path | None, quick: bool) -> Path:
    """Where the reports go: ``out`` if given, else the committed reports, or with ``quick`` a new temporary
    folder.  A quick run never writes into the committed reports (``ValueError`` if asked to)."""
    if out is None:
        return Path(tempfile.mkdtemp(prefix="simcore-experiments-quick-")) if quick else REPORTS
    out = Path(out).resolve()
    if quick and out == REPORTS:
        raise ValueError(f"--quick writes a smoke test, not the reports; choose an --out other than {REPORTS}")
    out.mkdir(parents=True, exist_ok=True)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", nargs="+", choices=list(EXPERIMENTS), help="run only these experiments")
    p.add_argument("--quick", action="store_true",
                   help="a tenth of the default games per variant, into a temporary folder (or --out)")
    p.add_argument("--seed", type=int, default=None, help="seed for every experiment (default: each script's)")
    p.add_argument("--out", type=Path, default=None,
                   help=f"folder for the reports and figures (default {REPORTS.relative_to(HERE.parent)}; "
                        "with --quick a new temporary folder)")
    p.add_argument("--executor", default=None, metavar="threads|dask[:ADDRESS]",
                   help="where each experiment's games run (passed to every script; the results are the same)")
    p.add_argument("--workers", type=int, default=None, help="threads or Dask workers (passed to every script)")
    args = p.parse_args(argv)
    try:
        out = output_folder(args.out, args.quick)
    except ValueError as exc:
        p.error(str(exc))                       # one line, exit 2
    print(f"reports and figures into {out}", flush=True)
    failed = []
    for name in args.only or EXPERIMENTS:
        cmd = [sys.executable, str(HERE / f"{name}.py"), "--out", str(out)]
        if args.quick:
            cmd += ["--n", str(max(1000, EXPERIMENTS[name] // 10))]
        if args.seed is not None:
            cmd += ["--seed", str(args.seed)]
        for opt in ("executor", "workers"):
            if getattr(args, opt) is not None:
                cmd += [f"--{opt}", str(getattr(args, opt))]
        t = time.time()
        print(f"== {name}", flush=True)
        rc = subprocess.run(cmd, cwd=HERE.parent).returncode
        print(f"== {name}: {'ok' if rc == 0 else f'FAILED ({rc})'} in {time.time() - t:.0f} s", flush=True)
        if rc:
            failed.append(name)
    print(f"reports and figures in {out}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
