"""Exact oracle for small decks: every deck order, every period, composed into the game's distribution.

A period depends only on its deck order and on who drafts first (deterministic policies read neither the
score nor anything from earlier periods), and every order of a shuffled deck is equally likely; so are the
*distinct* orders of a deck with repeated values, each standing for the same number of card orders.  The
oracle plays one period from every distinct order for each possible first drafter (the kernel's own
``play_period``, so Monte Carlo tests check the shuffles, the game loop and the tie-breaks against it), then
composes three periods and the sudden-death period exactly with fractions.  The card shootout is not
covered (its reshuffles make the deck order unbounded).
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import numba as nb
import numpy as np

from simcore.errors import InputError

from . import kernel as K
from .engine import compile_game

#: The oracle plays at most this many distinct deck orders per period and first drafter.
MAX_ORDERS = 1_000_000


def distinct_orders_count(values) -> int:
    """Number of distinct orders of a multiset of card values."""
    c = Counter(int(v) for v in values)
    out = math.factorial(sum(c.values()))
    for k in c.values():
        out //= math.factorial(k)
    return out


@nb.njit(cache=True)
def _all_orders(sorted_vals, count):
    """Every distinct permutation of ``sorted_vals`` (ascending), in lexicographic order: int64[count, N]."""
    N = sorted_vals.shape[0]
    out = np.empty((count, N), dtype=np.int64)
    a = sorted_vals.copy()
    for r in range(count):
        out[r] = a
        i = N - 2
        while i >= 0 and a[i] >= a[i + 1]:
            i -= 1
        if i < 0:
            break
        j = N - 1
        while a[j] <= a[i]:
            j -= 1
        a[i], a[j] = a[j], a[i]
        lo, hi = i + 1, N - 1
        while lo < hi:
            a[lo], a[hi] = a[hi], a[lo]
            lo += 1
            hi -= 1
    return out


@dataclass(frozen=True)
class ExactResult:
    """Exact probabilities (fractions) of one rule set, deck and pair of deterministic policies.

    ``period[s]``: ``{(home goals, away goals, next first drafter): p}`` for a period that side ``s``
    (0 home, 1 away) drafts first.  ``score``: ``{(home goals, away goals): p}`` after the tie-break
    (sudden-death goals included).  ``winner``: home/away/tie; ``decided_in``: REG/OT.
    """

    variant: str
    orders: int
    period: tuple[dict, dict]
    score: dict
    winner: dict
    decided_in: dict
    first_mover_win: Fraction
    goals_per_game: Fraction

    def as_floats(self) -> dict:
        return {"home_win": float(self.winner["home"]), "away_win": float(self.winner["away"]),
                "tie": float(self.winner["tie"]), "decided_OT": float(self.decided_in["OT"]),
                "first_mover_win": float(self.first_mover_win), "goals_per_game": float(self.goals_per_game)}

    def score_table(self, k: int | None = None) -> "pd.DataFrame":
        """Final scores, likeliest first: ``home_goals``, ``away_goals``, ``probability`` (exact, as a
        fraction) and ``p`` (its float); the ``k`` likeliest when given."""
        import pandas as pd

        rows = sorted(self.score.items(), key=lambda kv: (-kv[1], kv[0]))[:k]
        return pd.DataFrame([{"home_goals": h, "away_goals": a, "probability": str(p), "p": float(p)}
                             for (h, a), p in rows])

    def __repr__(self) -> str:
        f = self.as_floats()
        return (f"ExactResult({self.variant}; {self.orders:,} deck orders: home_win={f['home_win']:.4f}, "
                f"away_win={f['away_win']:.4f}, tie={f['tie']:.4f}, decided_OT={f['decided_OT']:.4f}, "
                f"first_mover_win={f['first_mover_win']:.4f}, goals_per_game={f['goals_per_game']:.4f})")

    def _repr_html_(self) -> str:
        """Jupyter's view: outcome and how games were decided, each exact and as a float, and the likeliest
        final scores."""
        import pandas as pd

        from simcore.htmlview import fragment

        def row(name, p):
            return {"outcome": name, "exact": str(p), "probability": f"{float(p):.4f}"}

        outcomes = pd.DataFrame([row(f"{k} win" if k != "tie" else "tie", self.winner[k])
                                 for k in ("home", "away", "tie")]
                                + [row(f"decided {k}", v) for k, v in self.decided_in.items()]
                                + [row("first mover wins", self.first_mover_win)])
        scores = self.score_table(10).drop(columns="p").rename(
            columns={"home_goals": "home", "away_goals": "away", "probability": "exact"})
        scores["probability"] = [f"{float(Fraction(p)):.4f}" for p in scores["exact"]]
        return fragment("pyramid exact result", {"rules": self.variant, "deck orders": f"{self.orders:,}",
                                                 "goals per game": f"{float(self.goals_per_game):.4f}"},
                        tables=[("outcomes", outcomes), ("likeliest final scores", scores)])


def _period_table(game, orders, starter, sudden):
    res = K.period_outcomes(orders, starter, sudden, *game.kernel_args()[1:])
    # one integer per outcome row (every field is small and the scorer at least -1), counted in numpy
    lo = res.min(axis=0)
    span = res.max(axis=0) - lo + 1
    code = np.zeros(res.shape[0], dtype=np.int64)
    for j in range(res.shape[1]):
        code = code * span[j] + (res[:, j] - lo[j])
    keys, counts = np.unique(code, return_counts=True)
    m = orders.shape[0]
    out = {}
    for key, c in zip(keys.tolist(), counts.tolist()):
        row = []
        for j in reversed(range(res.shape[1])):
            key, v = divmod(key, int(span[j]))
            row.append(v + int(lo[j]))
        out[tuple(reversed(row))] = Fraction(c, m)
    return out


def exact(rules=None, *, policies="default", deck_file=None) -> ExactResult:
    """Exact game distribution for a small deck (at most :data:`MAX_ORDERS` distinct orders).

    Needs deterministic policies (no ``random``) and ``tie_break`` ``ties`` or ``sudden-death``.
    """
    game = compile_game(rules, policies, deck_file)
    if not all(p.deterministic for p in game.policies):
        raise InputError("the exact oracle needs deterministic policies (no 'random' decision)")
    if game.rules.tie_break == "shootout":
        raise InputError("the exact oracle covers tie_break=ties and sudden-death, not the card shootout")
    count = distinct_orders_count(game.vals)
    if count > MAX_ORDERS:
        raise InputError(f"the deck has {count:,} distinct orders; the exact oracle plays at most "
                         f"{MAX_ORDERS:,} (a deck of about 9 cards)")
    orders = _all_orders(np.sort(game.vals), count)
    # {(home goals, away goals, next first drafter, first scorer): p} per first drafter
    raw = [_period_table(game, orders, s, False) for s in (0, 1)]
    period = tuple(_merge(r, (0, 1, 2)) for r in raw)
    sd = [_merge(_period_table(game, orders, s, True), (3,)) for s in (0, 1)] \
        if game.rules.tie_break == "sudden-death" else None
    alternate = game.rules.period_start == "alternate"

    firsts = {0: Fraction(1)} if game.rules.first_player == "home" else {0: Fraction(1, 2), 1: Fraction(1, 2)}
    score: Counter = Counter()
    winner = Counter({"home": Fraction(0), "away": Fraction(0), "tie": Fraction(0)})
    decided = Counter({"REG": Fraction(0), "OT": Fraction(0), "SO": Fraction(0)})
    first_win = Fraction(0)
    for first, pf in firsts.items():
        states = {(0, 0, first): pf}
        for _ in range(3):
            nxt_states: Counter = Counter()
            for (h, a, d), p in states.items():
                for (gh, ga, nxt), q in period[d].items():
                    nd = (1 - d) if alternate else nxt
                    nxt_states[h + gh, a + ga, nd] += p * q
            states = nxt_states
        for (h, a, d), p in states.items():
            if h != a or sd is None:
                w = "home" if h > a else "away" if a > h else "tie"
                _add(score, winner, decided, (h, a), w, "REG", p)
                if w == ("home", "away")[first]:
                    first_win += p
                continue
            for (scorer,), q in sd[d].items():
                if scorer == -1:
                    _add(score, winner, decided, (h, a), "tie", "OT", p * q)
                    continue
                w = ("home", "away")[scorer]
                _add(score, winner, decided, (h + (scorer == 0), a + (scorer == 1)), w, "OT", p * q)
                if scorer == first:
                    first_win += p * q
    goals = sum((h + a) * p for (h, a), p in score.items())
    return ExactResult(game.rules.id, count, period, dict(score), dict(winner), dict(decided), first_win, goals)


def _merge(table: dict, keep: tuple) -> dict:
    """Marginal of ``table`` over the key positions in ``keep``."""
    out: Counter = Counter()
    for k, p in table.items():
        out[tuple(k[i] for i in keep)] += p
    return dict(out)


def _add(score, winner, decided, key, w, how, p):
    score[key] += p
    winner[w] += p
    decided[how] += p
