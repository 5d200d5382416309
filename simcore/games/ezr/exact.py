"""Exact distributions for EZR quick play.

A team's periods form a small Markov chain: the only state carried from one
period to the next is the game-long roll modifier of INJURY results, which
the chain tracks by injury count.  Within a period, a roll of 100 leads to the
?? chart and a re-roll, possibly another 100, and so on; the recursion over
those chains is enumerated to :data:`DEPTH` ?? results per team-period.  A
longer chain has probability below 100**-DEPTH = 1e-16 (under one rounding
error of a double); at that depth the re-roll is read as 1-99.  With the ??
chart off there is no recursion and the result is exact outright.

Teams' periods are independent given the matchup (HOT GOALIE and BREAKAWAY
depend only on the fixed opposing goalie), so regulation scores are an outer
product; overtime and the shootout are closed forms.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simcore.errors import InputError

from .kernel import (E_BREAKAWAY, E_HOT, E_INJURY, E_MOD, E_REVIEW, E_SHUFFLE, F_OT, F_QQ, F_SO, F_SO_REPEAT)
from .matchup import Compiled, never_decided
from .policies import MOD_SPAN

DEPTH = 8
P2D6 = np.array([0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], dtype=float) / 36.0
READ_G = 7                       # table reads 0..6 goals


def _p_mask(mask: int) -> float:
    """Probability that a 2d6 roll is in a bitmask of results."""
    return float(sum(P2D6[s] for s in range(2, 13) if (mask >> s) & 1))


class _TeamPeriods:
    """Exact period distributions of one team (recursion memoized per period kind)."""

    def __init__(self, c: Compiled, t: int, depth: int = DEPTH):
        self.row = c.goals_col[c.team_line[t]]
        self.qq_on = bool(c.flags[F_QQ])
        self.code, self.amount, self.mask = c.qq_code, c.qq_amount, c.qq_mask
        self.opp_def_bit = int(c.opp_def_bit[t])
        self.p_break = _p_mask(int(c.so_bits[t]))
        self.thr = c.shuffle_thr[t]
        self.shuffle_amount = int(c.shuffle_amount)
        self.injury_amount = int(c.injury_amount)
        self.depth = depth if self.qq_on else 0
        self.D = self.depth
        self.shape = (READ_G, 2 * self.D + 1, 2, self.D + 1)     # read goals, adjustment, zeroed, injuries
        self.memo: dict = {}
        self._reads: dict = {}
        self.p_yes = np.array([[_p_mask(int(m)) for m in row] for row in self.mask])  # review YES by [kind, 2d6]

    def _read_dist(self, mod: int) -> np.ndarray:
        """Goals of one Goals Scored read (rolls 1..99 equally likely) with a modifier."""
        if mod not in self._reads:
            x = np.clip(np.arange(1, 100) + mod, 1, 99)
            cols = self.row[x]
            d = np.zeros(READ_G)
            for c in range(5):
                d[c] += np.count_nonzero(cols == c)
            d[1:7] += np.count_nonzero(cols == 5) / 6.0
            self._reads[mod] = d / 99.0
        return self._reads[mod]

    def R(self, kind: int, mod: int, pend: int, depth: int) -> np.ndarray:
        """Joint distribution of (read goals, adjustment, zeroed, injuries added) from this point of a period."""
        key = (kind, mod, pend, depth)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        D = self.D
        out = np.zeros(self.shape)
        p_read = 0.99 if (self.qq_on and depth > 0) else 1.0
        reads = self._read_dist(mod) * p_read
        if pend == 0:
            out[:, D, 0, 0] += reads
        else:
            m = min(max(mod + self.shuffle_amount, -MOD_SPAN), MOD_SPAN)
            keep = np.arange(READ_G) >= self.thr[m + MOD_SPAN]
            out[:, D, 0, 0] += np.where(keep, reads, 0.0)
            p_reroll = float(reads[~keep].sum())
            if p_reroll > 0:
                out += p_reroll * self.R(kind, mod + self.shuffle_amount, pend - 1, depth)
        if self.qq_on and depth > 0:
            for s in range(2, 13):
                w = 0.01 * P2D6[s]
                code, amount, mask = int(self.code[kind, s]), int(self.amount[kind, s]), int(self.mask[kind, s])
                if code == E_HOT:
                    sub = self.R(kind, mod, pend, depth - 1)
                    if self.opp_def_bit & mask:
                        z = sub.sum(axis=2, keepdims=True)
                        sub = np.concatenate([np.zeros_like(z), z], axis=2)
                    out += w * sub
                elif code == E_INJURY:
                    sub = self.R(kind, mod + amount, pend, depth - 1)
                    out[..., 1:] += w * sub[..., :-1]
                elif code == E_REVIEW:
                    sub = self.R(kind, mod, pend, depth - 1)
                    py = self.p_yes[kind, s]
                    out[:, 1:] += w * py * sub[:, :-1]
                    out[:, :-1] += w * (1 - py) * sub[:, 1:]
                elif code == E_MOD:
                    out += w * self.R(kind, mod + amount, pend, depth - 1)
                elif code == E_SHUFFLE:
                    out += w * self.R(kind, mod, pend + 1, depth - 1)
                elif code == E_BREAKAWAY:
                    sub = self.R(kind, mod, pend, depth - 1)
                    out[:, 1:] += w * self.p_break * sub[:, :-1]
                    out[:, :] += w * (1 - self.p_break) * sub
                else:
                    out += w * self.R(kind, mod, pend, depth - 1)
        self.memo[key] = out
        return out

    def period(self, kind: int, injuries: int) -> np.ndarray:
        """``P[goals, injuries added]`` for a period started with ``injuries`` earlier injuries."""
        D = self.D
        j = self.R(kind, injuries * self.injury_amount, 0, self.depth)
        gmax = READ_G - 1 + D
        out = np.zeros((gmax + 1, D + 1))
        for g in range(READ_G):
            for a in range(2 * D + 1):
                final = max(g + a - D, 0)
                out[final] += j[g, a, 0]
        out[0] += j[:, :, 1].sum(axis=(0, 1))
        return out


@dataclass
class TeamExact:
    """Exact regulation distributions of one team.

    period_goals: (3, G) goals in each period; goals: (3G,) regulation goals.
    """

    ezr: int
    period_goals: np.ndarray
    goals: np.ndarray

    @property
    def mean(self) -> float:
        return float(self.goals @ np.arange(self.goals.size))

    def __repr__(self) -> str:
        return f"TeamExact(ezr={self.ezr:+d}, regulation goals mean {self.mean:.4f})"


def _team_key(c: Compiled, t: int, depth: int) -> tuple:
    """Everything a team's regulation depends on: its line, the chart, the opposing goalie, its policy."""
    return (c.goals_col[c.team_line[t]].tobytes(), c.qq_code.tobytes(), c.qq_amount.tobytes(), c.qq_mask.tobytes(),
            int(c.flags[F_QQ]), int(c.opp_def_bit[t]), int(c.so_bits[t]), c.shuffle_thr[t].tobytes(),
            int(c.shuffle_amount), int(c.injury_amount), depth, int(c.ezr[t]))


_TEAM_CACHE: dict = {}


def team_exact(c: Compiled, t: int, depth: int = DEPTH) -> TeamExact:
    """Exact regulation of team ``t`` (cached: a team's regulation does not depend on the opponent's attack)."""
    key = _team_key(c, t, depth)
    hit = _TEAM_CACHE.get(key)
    if hit is None:
        if len(_TEAM_CACHE) > 512:
            _TEAM_CACHE.clear()
        hit = _TEAM_CACHE[key] = _team_exact(c, t, depth)
    return TeamExact(hit.ezr, hit.period_goals.copy(), hit.goals.copy())


def _team_exact(c: Compiled, t: int, depth: int) -> TeamExact:
    tp = _TeamPeriods(c, t, depth)
    D = tp.D
    gmax_p = READ_G - 1 + D
    n_inj = 3 * D + 1
    state = np.zeros((3 * gmax_p + 1, n_inj))   # [regulation goals so far, injuries so far]
    state[0, 0] = 1.0
    period_goals = np.zeros((3, gmax_p + 1))
    for p in range(3):
        kind = 1 if p == 2 else 0
        new = np.zeros_like(state)
        for n in range(n_inj):
            w = state[:, n]
            if not w.any():
                continue
            pd = tp.period(kind, n)                         # (goals, injuries added)
            period_goals[p] += w.sum() * pd.sum(axis=1)
            for k in range(D + 1):
                if n + k >= n_inj or not pd[:, k].any():
                    continue
                new[:, n + k] += np.convolve(w, pd[:, k])[: state.shape[0]]
        state = new
    return TeamExact(int(c.ezr[t]), period_goals, state.sum(axis=1))


@dataclass
class ExactResult:
    """Exact outcome of a matchup under a rule set.

    ``final_score[h, a]`` includes the overtime winner's goal (shootout goals are
    not goals).  Probabilities are floats summing to 1 (to rounding).
    """

    home: TeamExact
    away: TeamExact
    regulation: dict
    result: dict
    decided_in: dict
    final_score: np.ndarray
    overtime: dict = field(default_factory=dict)
    shootout: dict = field(default_factory=dict)

    @property
    def home_goals_mean(self) -> float:
        return float(self.final_score.sum(axis=1) @ np.arange(self.final_score.shape[0]))

    @property
    def away_goals_mean(self) -> float:
        return float(self.final_score.sum(axis=0) @ np.arange(self.final_score.shape[1]))

    def __repr__(self) -> str:
        r, g, d = self.result, self.regulation, self.decided_in
        return (f"ExactResult(home_win={r['home']:.4f}, away_win={r['away']:.4f}, tie={r['tie']:.4f}; "
                f"level after regulation {g['tie']:.4f}; decided REG {d['REG']:.4f}, OT {d['OT']:.4f}, "
                f"SO {d['SO']:.4f}; goals {self.home_goals_mean:.3f}-{self.away_goals_mean:.3f})")

    def goals_distribution(self, tail: float = 1e-6) -> "pd.DataFrame":
        """Final goals (the overtime winner's goal counted) of each side: ``goals``, ``home``, ``away``
        probabilities, up to the last count either side reaches with probability at least ``tail``."""
        import pandas as pd

        h, a = self.final_score.sum(axis=1), self.final_score.sum(axis=0)
        keep = np.nonzero((h >= tail) | (a >= tail))[0]
        last = int(keep.max()) + 1 if keep.size else 1
        return pd.DataFrame({"goals": np.arange(last), "home": h[:last], "away": a[:last]})

    def likely_scores(self, k: int = 10) -> "pd.DataFrame":
        """The ``k`` most likely final scores: ``home_goals``, ``away_goals``, ``probability``."""
        import pandas as pd

        flat = np.argsort(self.final_score, axis=None, kind="stable")[::-1][:k]
        hg, ag = np.unravel_index(flat, self.final_score.shape)
        return pd.DataFrame({"home_goals": hg, "away_goals": ag, "probability": self.final_score[hg, ag]})

    def _repr_html_(self) -> str:
        """Jupyter's view: win/tie/loss after regulation and at the end, how games were decided, each side's
        goals distribution and the most likely scores (probabilities to four decimals)."""
        import pandas as pd

        from simcore.htmlview import fragment

        def p4(v):
            return f"{v:.4f}"

        outcome = pd.DataFrame({"outcome": ["home win", "away win", "tie"],
                                "after regulation": [p4(self.regulation[k]) for k in ("home", "away", "tie")],
                                "final": [p4(self.result[k]) for k in ("home", "away", "tie")]})
        decided = pd.DataFrame({"decided in": list(self.decided_in), "probability": map(p4, self.decided_in.values())})
        gd = self.goals_distribution(tail=5e-5)
        goals = pd.DataFrame({"goals": gd["goals"].astype(str), "home": map(p4, gd["home"]),
                              "away": map(p4, gd["away"])})
        ls = self.likely_scores(8)
        scores = pd.DataFrame({"score": [f"{h}-{a}" for h, a in zip(ls.home_goals, ls.away_goals)],
                               "probability": map(p4, ls.probability)})
        facts = {"home": f"EZR {self.home.ezr:+d}, {self.home_goals_mean:.3f} goals a game",
                 "away": f"EZR {self.away.ezr:+d}, {self.away_goals_mean:.3f} goals a game"}
        return fragment("EZR exact result", facts, tables=[
            ("Win, tie, loss", outcome), ("Decided in", decided),
            ("Final goals (the overtime winner's goal counted)", goals), ("Most likely final scores", scores)])

    def to_dict(self) -> dict:
        return {
            "home_win": self.result["home"], "away_win": self.result["away"], "tie": self.result["tie"],
            "regulation": {"home_win": self.regulation["home"], "away_win": self.regulation["away"],
                           "tie": self.regulation["tie"]},
            "decided_in": dict(self.decided_in),
            "home_goals_mean": self.home_goals_mean, "away_goals_mean": self.away_goals_mean,
        }


def matchup_exact(c: Compiled, depth: int = DEPTH) -> ExactResult:
    h, a = team_exact(c, 0, depth), team_exact(c, 1, depth)
    reg = np.outer(h.goals, a.goals)
    p_home = float(np.tril(reg, -1).sum())
    p_away = float(np.triu(reg, 1).sum())
    p_tie = float(np.trace(reg))
    ot_row = c.ot_col[c.team_line[0], 1:]
    pw, pl, pt = (float(np.count_nonzero(ot_row == k)) / 100.0 for k in range(3))
    if not c.flags[F_OT]:
        pw, pl, pt = 0.0, 0.0, 1.0
    ph, pa = _p_mask(int(c.so_bits[0])), _p_mask(int(c.so_bits[1]))
    so_h, so_a = ph * (1 - pa), pa * (1 - ph)
    if c.flags[F_SO_REPEAT]:
        if never_decided(int(c.so_bits[0]), int(c.so_bits[1])):     # compile_matchup refuses these charts
            raise InputError("no shootout round can ever be decided on this Shoot Out table, so a repeating "
                             "shootout never ends")
        tot = so_h + so_a
        so_home, so_away, so_tie = so_h / tot, so_a / tot, 0.0
    else:
        so_home, so_away, so_tie = so_h, so_a, 1.0 - so_h - so_a
    so_on = bool(c.flags[F_SO])
    t_ot_h, t_ot_a, t_left = p_tie * pw, p_tie * pl, p_tie * pt
    if so_on:
        res = {"home": p_home + t_ot_h + t_left * so_home, "away": p_away + t_ot_a + t_left * so_away,
               "tie": t_left * so_tie}
        decided = {"REG": p_home + p_away, "OT": t_ot_h + t_ot_a, "SO": t_left}
    else:
        res = {"home": p_home + t_ot_h, "away": p_away + t_ot_a, "tie": t_left}
        if c.flags[F_OT]:
            decided = {"REG": p_home + p_away, "OT": p_tie, "SO": 0.0}
        else:
            decided = {"REG": 1.0, "OT": 0.0, "SO": 0.0}
    n = reg.shape[0] + 1
    final = np.zeros((n, n))
    final[:-1, :-1] = reg
    diag = np.arange(reg.shape[0])
    final[diag, diag] = reg[diag, diag] * (1 - pw - pl)
    final[diag + 1, diag] += reg[diag, diag] * pw
    final[diag, diag + 1] += reg[diag, diag] * pl
    return ExactResult(h, a, {"home": p_home, "away": p_away, "tie": p_tie}, res, decided, final,
                       overtime={"win": pw, "loss": pl, "tie_or_so": pt},
                       shootout={"home_scores": ph, "away_scores": pa, "home": so_home, "away": so_away,
                                 "tie": so_tie})
