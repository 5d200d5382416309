"""Shared helpers of the experiment scripts: command line, markdown tables, figures, intervals.

Every script takes ``--n`` (games per variant), ``--seed`` and ``--out`` (the reports folder) and writes
``<out>/<name>.md`` plus its PNG figures next to it.
"""
from __future__ import annotations

import argparse
import atexit
import math
import sys
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from scipy import stats as st  # noqa: E402

from simcore import runner  # noqa: E402
from simcore.cliargs import add_executor  # noqa: E402
from simcore.htmlview import decimals_showing  # noqa: E402
from simcore.stats import wilson_ci  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
REPORTS = Path(__file__).resolve().parent / "reports"
DPI = 100
Z = float(st.norm.ppf(0.975))


def parser(description: str, n: int, seed: int = 1) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--n", type=int, default=n, help=f"games per variant (default {n:,})")
    p.add_argument("--seed", type=int, default=seed, help=f"random seed shared by all variants (default {seed})")
    p.add_argument("--out", type=Path, default=REPORTS, help="folder for the report and figures")
    add_executor(p)           # --executor threads|dask[:ADDRESS], --workers N: where the games run
    atexit.register(runner.shutdown)
    return p


def command(script: str, args) -> str:
    """The exact command that reproduces a report (every option spelled out)."""
    rel = Path(script).resolve().relative_to(ROOT)
    parts = [".venv/bin/python", str(rel), "--n", str(args.n), "--seed", str(args.seed)]
    if Path(args.out).resolve() != REPORTS:
        parts += ["--out", str(args.out)]
    return " ".join(parts)


def header(title: str, script: str, args, question: str) -> list[str]:
    return [f"# {title}", "",
            f"Command: `{command(script, args)}`  ",
            f"Seed: {args.seed}; games per variant: {args.n:,}; generated {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}",
            "", question, ""]


def table(headers, rows) -> list[str]:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return out + [""]


def f(x, d=4, sign=False) -> str:
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "n/a"
    d = decimals_showing(x, d)                       # a small bound (3.69 / n) that would show as 0
    return f"{x:+.{d}f}" if sign else f"{x:.{d}f}"


def ci(est, lo, hi, d=4, sign=False) -> str:
    return f"{f(est, d, sign)} [{f(lo, d, sign)}, {f(hi, d, sign)}]"


def pct(x, d=1) -> str:
    return f"{100 * x:.{d}f}%"


def pct_ci(est, lo, hi, d=1) -> str:
    return f"{pct(est, d)} [{pct(lo, d)}, {pct(hi, d)}]"


def wilson(k: float, n: int) -> tuple[float, float, float]:
    """(k / n, Wilson 95% interval): the interval every simcore summary uses (:func:`simcore.stats.wilson_ci`)."""
    return (k / n, *wilson_ci(k, n))


def ratio_ci(num, den) -> tuple[float, float, float]:
    """sum(num) / sum(den) with a delta-method 95% interval (per-game pairs (num_g, den_g))."""
    num, den = np.asarray(num, float), np.asarray(den, float)
    r = num.sum() / den.sum()
    z = (num - r * den) / den.mean()
    se = z.std(ddof=1) / math.sqrt(z.size)
    return r, r - Z * se, r + Z * se


def paired_ratio_diff(num_a, den_a, num_b, den_b) -> tuple[float, float, float]:
    """Paired difference of two ratios of sums (B - A), delta method on the linearised per-game terms."""
    num_a, den_a, num_b, den_b = (np.asarray(x, float) for x in (num_a, den_a, num_b, den_b))
    ra, rb = num_a.sum() / den_a.sum(), num_b.sum() / den_b.sum()
    za = (num_a - ra * den_a) / den_a.mean()
    zb = (num_b - rb * den_b) / den_b.mean()
    d = zb - za
    se = d.std(ddof=1) / math.sqrt(d.size)
    return rb - ra, rb - ra - Z * se, rb - ra + Z * se


def var_mean_ratio(x, boot: int = 200, seed: int = 0) -> tuple[float, float, float]:
    """Variance/mean of a sample of counts with a percentile bootstrap 95% interval."""
    x = np.asarray(x, dtype=np.int64)
    est = x.var(ddof=1) / x.mean()
    rng = np.random.default_rng(seed)
    reps = np.empty(boot)
    for b in range(boot):
        s = x[rng.integers(0, x.size, x.size)]
        reps[b] = s.var(ddof=1) / s.mean()
    lo, hi = np.percentile(reps, [2.5, 97.5])
    return float(est), float(lo), float(hi)


def save(fig, out: Path, name: str) -> str:
    out.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(out / name, dpi=DPI)
    plt.close(fig)
    return name


def write(out: Path, name: str, lines: list[str]) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.md"
    path.write_text("\n".join(lines).rstrip() + "\n")
    print(f"wrote {path}", file=sys.stderr)
    return path


def row_of(comparison, metric: str):
    """The table row (a pandas Series) of one metric of a Comparison."""
    t = comparison.table()
    return t.loc[t.metric == metric].iloc[0]


def excludes_zero(r) -> bool:
    return bool(r.ci_low > 0 or r.ci_high < 0)
