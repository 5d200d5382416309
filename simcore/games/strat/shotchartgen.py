"""The sample kit's split-deck Advanced sections and Passing L / Deflection charts, reconstructed (kitgen calls
:func:`build_files`; docs/strat-data.md, "The split deck's Advanced sections" gives the methods).

The rulebook prints none of these; every row is tagged with the method that made it:

* ``reconstructed:split-advanced-mix`` -- ``split_advanced.csv``: each section a fixed mix of the forms the
  rulebook describes (counts in :class:`Knobs`), dealt to the 40 cards in a seeded random order;
* ``reconstructed:passing-l-by-assist`` -- ``charts/passing_l.csv``: the completing range grows linearly with
  the Assist rating;
* ``reconstructed:deflection-forwards`` -- ``charts/deflection.csv``: the die names the forwards in front of the
  net, the center twice, and ``none`` on the rest.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass

import numpy as np

FWD = ("LW", "C", "RW")
POS = ("LW", "C", "RW", "LD", "RD")


@dataclass(frozen=True)
class Knobs:
    seed: int = 25
    # Passing section (11.1-11.3), E readings: completed passes (by receiver), Passing letters, lost pucks
    pass_to: int = 21
    pass_letters: int = 12                 # J, K, L in turn
    pass_lose: int = 7
    # 11.4: cards whose Passing section takes the "Against SH, E or PP" form, half of them lost pucks at even
    # strength, half completed passes; against a short-handed team a lost puck becomes a pass to a forward,
    # against a power-play team a completed pass becomes a lost puck
    against_cards: int = 10
    # Loose Puck (22.11): power-play team outside shots; the rest go to a short-handed position
    loose_pp_shots: int = 22
    # Icing (21.11-21.14): cards of each form, in the rulebook's order
    icing: tuple[int, int, int, int] = (10, 12, 8, 10)
    # Intimidation (16.1, 22.3): cards reading "possible penalty", of which some add "PP 16"
    intim_penalty: int = 22
    intim_pp16: int = 5
    # Passing L chart (11.5): Assist rating a completes on 1 .. passing_l_base + passing_l_per_point * a
    passing_l_base: float = 13.0
    passing_l_per_point: float = 1.5
    # Deflection chart (25.1): the position by die 1-6
    deflection: tuple[str, ...] = ("LW", "C", "RW", "C", "none", "none")


KNOBS = Knobs()
SPLIT_METHOD = "reconstructed:split-advanced-mix"
PASSING_L_METHOD = "reconstructed:passing-l-by-assist"
DEFLECTION_METHOD = "reconstructed:deflection-forwards"
FILES = {"split_advanced": "split_advanced.csv", "passing_l_chart": "charts/passing_l.csv",
         "deflection_chart": "charts/deflection.csv"}


def _csv(header, rows) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


def toml_lines() -> str:
    """The kit.toml lines naming the files."""
    return "".join(f'{key} = "{rel}"\n' for key, rel in FILES.items())


def build_files(k: Knobs = KNOBS, cards=tuple(f"S{i:02d}" for i in range(1, 41))) -> dict[str, str]:
    """The three files: relative path -> text."""
    rng = np.random.default_rng(k.seed)
    n = len(cards)

    def deal(items):
        assert len(items) == n, f"{len(items)} readings for {n} split cards"
        return [items[i] for i in rng.permutation(n)]

    def fwd():
        return FWD[int(rng.integers(3))]

    def pos():
        return POS[int(rng.integers(5))]

    lose = "Lose puck, defensive player has control"
    e = deal([f"Inside shot for {FWD[i % 3]}" for i in range(k.pass_to)]
             + [f"Passing {'JKL'[i % 3]}" for i in range(k.pass_letters)] + [lose] * k.pass_lose)
    # the Against form on the first cards (in dealt order) of the lost pucks, half of them, and of the completions
    loses = [i for i, r in enumerate(e) if r == lose][:k.against_cards // 2]
    others = [i for i, r in enumerate(e) if r.startswith("Inside")][:k.against_cards - len(loses)]
    against = set(loses + others)
    passing = []
    for i, r in enumerate(e):
        if i in against:
            sh = f"Inside shot for {fwd()}" if r == lose else r
            pp = lose if r.startswith("Inside") else r
            passing.append(f"Against SH: {sh}; E: {r}; PP: {pp}")
        else:
            passing.append(r)
    loose_pp = deal([f"Power play team, outside shot for {pos()}" for _ in range(k.loose_pp_shots)]
                    + [f"Short-handed team, {pos()} has control" for _ in range(n - k.loose_pp_shots)])
    even = []
    for i in range(n):
        p = pos()
        alt = [x for x in POS if x != p][int(rng.integers(4))]
        even.append(f"{('Home', 'Visitor')[i % 2]} {p} ({alt})")
    even = deal(even)
    a, b, c, d = k.icing
    icing = deal([f"Puck intercepted by power play team - inside shot for {fwd()}" for _ in range(a)]
                 + [f"Puck iced - PP team loses puck - short-handed {pos()} has control" for _ in range(b)]
                 + [f"Puck iced - PP team has control - outside shot ONLY for {pos()}" for _ in range(c)]
                 + [f"Puck iced - SH RD defense 14 takes puck away or outside shot for {fwd()}" for _ in range(d)])
    numbers = [int(x) for x in rng.permutation([m for m in range(1, 21) for _ in range(2)])]
    tags = deal([", possible penalty, PP 16"] * k.intim_pp16 + [", possible penalty"] * (k.intim_penalty - k.intim_pp16)
                + [""] * (n - k.intim_penalty))
    intim = [f"{numbers[i]}{tags[i]}" for i in range(n)]
    rows = [(cards[i], passing[i], loose_pp[i], even[i], icing[i], intim[i], SPLIT_METHOD) for i in range(n)]
    files = {FILES["split_advanced"]: _csv(["card", "passing", "loose_puck_pp", "loose_puck_even", "icing",
                                            "intimidation", "source"], rows)}
    pl = []
    for ast in range(10):
        hi = min(20, int(round(k.passing_l_base + k.passing_l_per_point * ast)))
        pl.append((ast, f"1-{hi}" if hi >= 1 else "-", PASSING_L_METHOD))
    files[FILES["passing_l_chart"]] = _csv(["assist", "complete", "source"], pl)
    files[FILES["deflection_chart"]] = _csv(["die", "deflector", "source"],
                                            [(i + 1, x, DEFLECTION_METHOD) for i, x in enumerate(k.deflection)])
    return files
