"""Generate the Shot on Goal Slide Rule Calculator (``data/slide_rule.csv``) from its parametric model.

The rulebook does not print the chart ("a separate physical component ... not reproduced in the rulebook PDF").
The shipped chart is this module's output for ``data/slide_rule_model.toml``; to re-tune it, change a parameter
of that file and run::

    python -m simcore.games.blueline.chartgen [--model FILE] [--out FILE]

Method (docs/blueline.md, "The Shot on Goal Slide Rule Calculator"), per cell (side, lane, position, line):

1. the goal chance ``p = min(cap, scale * base * decay ** (line - 1) * side * lane * position)``;
2. counts in 36ths: ``goal = round(36 p)``; of the other ``36 - goal``, ``round(rebound share)`` rebounds and
   ``round(blank share)`` blanks, the rest saves;
3. the counts are laid on 2d6 totals (total ``r`` has ``6 - |r - 7|`` of the 36 throws): the goal takes the set
   of totals with exactly its count that lies farthest from 7 (ties: the higher totals); of the totals left, the
   rebound takes the outermost ones (farthest from 7, the higher first) whose count comes nearest its own, then
   the blank the next ring likewise, and the save keeps the middle totals.  So each cell's probabilities are
   multiples of 1/36, the goal count is exact and on the extreme rolls; the rebound and blank counts are the
   nearest a ring can hold (at most a few 36ths off), which moves throws between rebound, blank and save only.

Every cell is tagged ``reconstructed:slide-rule-model``.
"""
from __future__ import annotations

import argparse
import functools
import itertools
import math
from dataclasses import dataclass
from pathlib import Path

from simcore.charts import ChartError
from simcore.textio import read_toml

from .chart import DEFAULT_CHART, LANES, POSITIONS, ROLLS, SHOT_LINES, SIDES, WAYS

DEFAULT_MODEL = Path(__file__).parent / "data" / "slide_rule_model.toml"
SOURCE = "reconstructed:slide-rule-model"
HEADER = "side,lane,position,line,roll,result,source"


@dataclass(frozen=True)
class Model:
    """The chart's parameters (see ``data/slide_rule_model.toml`` for each one's meaning)."""

    scale: float
    base: float
    decay: float
    cap: float
    side: dict
    lane: dict
    position: dict
    rebound: float
    blank: float

    def goal_chance(self, side: str, lane: str, position: str, line: int) -> float:
        """The goal chance of a cell before it is rounded to 36ths."""
        p = self.scale * self.base * self.decay ** (line - 1) * self.side[side] * self.lane[lane] \
            * self.position[position]
        return min(self.cap, p)


def _number(doc, key, lo, hi, prefix=""):
    from simcore.textio import toml_key_line, toml_text

    table = doc.doc
    for part in prefix.split(".")[:-1] if prefix else []:
        table = table.get(part, {})
    full = prefix + key
    line = toml_key_line(doc.text, full)
    if key not in table:
        raise ChartError(doc.path, None, full, None, "missing; the model needs it", field="key")
    v = table[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not lo <= v <= hi:
        raise ChartError(doc.path, line, full, toml_text(v), f"expected a number in {lo}..{hi}", field="key")
    return float(v)


def load_model(path=None) -> Model:
    """Read a slide-rule model file (default ``data/slide_rule_model.toml``); a missing or bad parameter is a
    ChartError naming the file, line and key."""
    doc = read_toml(path or DEFAULT_MODEL)
    known = {"scale", "base", "decay", "cap", "side", "lane", "position", "rest"}
    for k in doc.doc:
        if k not in known:
            from simcore.textio import toml_key_line
            raise ChartError(doc.path, toml_key_line(doc.text, k), k, k, "unknown key; the model's keys are "
                             + ", ".join(sorted(known)), field="key")

    def group(name, names):
        sub = doc.doc.get(name)
        if not isinstance(sub, dict):
            raise ChartError(doc.path, None, name, None, f"missing table [{name}]", field="key")
        for k in sub:
            if k not in names:
                from simcore.textio import toml_key_line
                raise ChartError(doc.path, toml_key_line(doc.text, f"{name}.{k}"), f"{name}.{k}", k,
                                 "unknown key; expected " + ", ".join(names), field="key")
        return {k: _number(doc, k, 0.0, 10.0, name + ".") for k in names}

    rest = group("rest", ("rebound", "blank"))
    if rest["rebound"] + rest["blank"] > 1.0:
        raise ChartError(doc.path, None, "rest", None, "rebound + blank must be at most 1 (the rest are saves)",
                         field="key")
    return Model(
        scale=_number(doc, "scale", 0.0, 10.0), base=_number(doc, "base", 0.0, 1.0),
        decay=_number(doc, "decay", 0.0, 1.0), cap=_number(doc, "cap", 0.0, 1.0),
        side=group("side", SIDES), lane=group("lane", LANES), position=group("position", POSITIONS),
        rebound=rest["rebound"], blank=rest["blank"])


def _round(x: float) -> int:
    return int(math.floor(x + 0.5))


def _pick(rolls, want: int) -> tuple[int, ...]:
    """The subset of ``rolls`` whose throws come nearest ``want`` (of 36), lying farthest from 7 (then higher)."""
    return _pick_cached(tuple(rolls), want)


@functools.lru_cache(maxsize=None)
def _pick_cached(rolls: tuple, want: int) -> tuple[int, ...]:
    best, best_key = (), None
    for n in range(len(rolls) + 1):
        for sub in itertools.combinations(rolls, n):
            w = sum(WAYS[r] for r in sub)
            key = (abs(w - want), -sum(WAYS[r] * abs(r - 7) for r in sub), -sum(WAYS[r] * (r - 7) for r in sub))
            if best_key is None or key < best_key:
                best, best_key = sub, key
    return best


def _ring(rolls: list[int], want: int) -> tuple[int, ...]:
    """The outermost totals of ``rolls`` (farthest from 7 first, then the higher) whose throws come nearest
    ``want`` (the shorter on a tie): a ring around the middle."""
    order = sorted(rolls, key=lambda r: (-abs(r - 7), -r))
    best, best_gap, total = (), want, 0
    for i, r in enumerate(order, start=1):
        total += WAYS[r]
        if abs(total - want) < best_gap:
            best, best_gap = tuple(order[:i]), abs(total - want)
    return best


def cell_results(model: Model, side: str, lane: str, position: str, line: int) -> dict[int, str]:
    """roll (2..12) -> result for one cell of the chart."""
    goal = _round(36 * model.goal_chance(side, lane, position, line))
    rest = 36 - goal
    rebound, blank = _round(rest * model.rebound), _round(rest * model.blank)
    left = [r for r in ROLLS]
    out = {r: "goal" for r in _pick(left, goal)}
    left = [r for r in left if r not in out]
    for result, want in (("rebound", rebound), ("blank", blank)):
        for r in _ring(left, want):
            out[r] = result
            left.remove(r)
    for r in left:
        out[r] = "save"
    return out


def generate(model: Model) -> str:
    """The chart's CSV text for ``model`` (every (side, lane, position, line, roll) once, in that order)."""
    lines = [HEADER]
    for side in SIDES:
        for lane in LANES:
            for position in POSITIONS:
                for line in SHOT_LINES:
                    res = cell_results(model, side, lane, position, line)
                    lines += [f"{side},{lane},{position},{line},{r},{res[r]},{SOURCE}" for r in ROLLS]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m simcore.games.blueline.chartgen", description=__doc__.split("\n")[0])
    ap.add_argument("--model", default=str(DEFAULT_MODEL), help="the model file (default: the shipped one)")
    ap.add_argument("--out", default=str(DEFAULT_CHART), help="the chart file to write (default: the shipped one)")
    a = ap.parse_args(argv)
    Path(a.out).write_text(generate(load_model(a.model)), encoding="utf-8")
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
