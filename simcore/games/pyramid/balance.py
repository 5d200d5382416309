"""Balance report for pyramid card hockey: first-mover advantage, ties, scoring, game length, a
policy-against-policy matrix and the rule options that break ties.

Every figure carries a 95% interval.  The rule-option runs share one seed with the base run, so each
option plays the same shuffles as the base until play differs (common random numbers).
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from simcore.analysis.inference import paired_change
from simcore.analysis.size_change import paired_size_change
from simcore.cliargs import counted
from simcore.errors import InputError
from simcore.htmlview import decimals_showing, matrix_text, pct
from simcore.metrics import COUNT
from simcore.stats import advantage_ci, balance_ci, mean_estimate, wilson_ci

from . import kernel as K
from .engine import simulate
from .policies import Policy
from .rules import Rules

#: Policies of the matrix, by preset name.
MATRIX_POLICIES = ("default", "forwards", "balance", "cheap-shot", "rush", "random")
#: Rule options compared with the base rules for ties and balance.
TIE_OPTIONS = ("tie_break=sudden-death", "tie_break=shootout", "period_start=alternate",
               "first_attack=second-drafter", "goalie_beats=>=")
#: The figures of the report's page, by name (a Markdown page FILE.md writes each beside it as FILE-NAME.png).
REPORT_FIGURES = ("goals", "matrix", "options")
#: Headline figures that are shares of games, written in percent (the others are per game).
PERCENT = frozenset({"first_mover_win", "second_mover_win", "first_mover_advantage", "balance", "tie", "decided_OT",
                     "decided_SO"})
#: The headline figures in the report's order, each with the words the text report and the page write for it.
HEADLINE_LABELS = {"first_mover_win": "first mover (drafts first in period 1) wins",
                   "second_mover_win": "second mover wins",
                   "first_mover_advantage": "first-mover advantage",
                   "balance": "balance (1 - |advantage|)",
                   "tie": "tie",
                   "decided_OT": "decided in the sudden-death period",
                   "decided_SO": "decided in a shootout",
                   "goals_per_game": "goals per game (shootout goals excluded)",
                   "game_length": "game length (turns)"}
#: An option "keeps balance" when the paired 95% interval of the change in the size of the first-mover
#: advantage ends at most this far above zero (about half the rulebook game's advantage of 0.02-0.03).
BALANCE_SLACK = 0.01


def _who(setup, policies, deck_file):
    """(policies, deck_file) from a pyramid setup (a ``Setup``, a dict or ``"key=value,..."``), or the
    arguments of earlier releases when there is no setup."""
    if setup is None:
        return policies, deck_file
    if policies is not None or deck_file is not None:
        raise TypeError("pass a setup or policies/deck_file, not both")
    from .game import GAME

    st = GAME.setup(setup)
    return st.policies, st.deck_file


def _prop(k, n) -> dict:
    lo, hi = wilson_ci(float(k), float(n))
    return {"estimate": k / n, "ci": [lo, hi]}


def _game_goals(out: np.ndarray) -> np.ndarray:
    """Goals in each game of a run's per-game array, both sides and every period (shootout goals excluded)."""
    return out[:, K.C_GOALS:K.C_GOALS + 8].sum(axis=1).astype(np.int64)


def headline(out: np.ndarray) -> dict:
    """First-mover win, second-mover win, advantage, balance, tie, goals per game and game length of a run's
    per-game array (``kernel.N_COLS`` columns)."""
    n = out.shape[0]
    w = out[:, K.C_WINNER]
    first = out[:, K.C_FIRST]
    fw = w == first
    sw = (w != first) & (w != 2)
    adv = fw.astype(float) - sw
    goals = _game_goals(out)
    turns = out[:, K.C_TURNS] + out[:, K.C_TURNS + 1]
    a = {"estimate": float(adv.mean()), "ci": list(advantage_ci(adv))}
    balance = {"estimate": 1 - abs(a["estimate"]), "ci": list(balance_ci(*a["ci"]))}
    return {"n": n, "first_mover_win": _prop(fw.sum(), n), "second_mover_win": _prop(sw.sum(), n),
            "first_mover_advantage": a, "balance": balance, "tie": _prop((w == 2).sum(), n),
            "goals_per_game": mean_estimate(goals, COUNT), "game_length": mean_estimate(turns, COUNT),
            "decided_OT": _prop((out[:, K.C_DECIDED] == 1).sum(), n),
            "decided_SO": _prop((out[:, K.C_DECIDED] == 2).sum(), n)}


def _check_sizes(**runs: int) -> None:
    """Each run of the report keeps its games: refuse, before any is played, a count (``n``, ``matrix_n``,
    ``options_n``) whose games would not fit in memory (:func:`simcore.games.base.check_memory`)."""
    from simcore.games.base import check_memory, check_n

    from .game import GAME

    for name, count in runs.items():
        try:
            check_memory(GAME, check_n(count), "games")
        except ValueError as exc:
            raise InputError(f"{name}: {exc}") from None


def policy_matrix(policies=MATRIX_POLICIES, n: int = 20_000, seed: int = 0, rules=None, threads=None,
                  deck_file=None, *, setup=None) -> pd.DataFrame:
    """Win rate of the row policy against the column policy (ties count half), each cell ``n`` games with
    the first drafter drawn by coin flip so neither seat is favoured.  Tidy: row, column, estimate,
    ci_low, ci_high, n.  ``setup``: a pyramid setup whose deck the cells play (its policies are the matrix's
    to choose)."""
    if setup is not None:
        if deck_file is not None:
            raise TypeError("pass a setup or deck_file, not both")
        from .game import GAME

        deck_file = GAME.setup(setup).deck_file
    _check_sizes(n=n)
    rules = Rules.coerce(rules).with_options({"first_player": "random"})
    rows = []
    for a in policies:
        for b in policies:
            res = simulate(n, seed, rules, policies=(a, b), deck_file=deck_file, threads=threads, progress=False)
            w = res.aggregates["out"][:, K.C_WINNER]
            score = np.where(w == 0, 1.0, np.where(w == 2, 0.5, 0.0))
            m = mean_estimate(score)
            rows.append({"row": str(Policy.parse(a)), "column": str(Policy.parse(b)), "estimate": m["estimate"],
                         "ci_low": m["ci"][0], "ci_high": m["ci"][1], "n": n})
    return pd.DataFrame(rows)


def _advantage(out: np.ndarray) -> np.ndarray:
    """Per game: 1 when the first mover wins, -1 when the second mover wins, 0 for a tie."""
    w = out[:, K.C_WINNER]
    first = out[:, K.C_FIRST]
    return (w == first).astype(float) - ((w != first) & (w != 2))


def rule_options(options=TIE_OPTIONS, n: int = 100_000, seed: int = 0, rules=None, policies=None,
                 threads=None, deck_file=None, base_out=None, *, setup=None) -> pd.DataFrame:
    """Tie rate and first-mover advantage of the base rules and of each option, with two paired changes
    (same seed, so game g shares its shuffles): in the tie rate, and in the size of the first-mover
    advantage, |advantage of the option| - |advantage of the base|, whose interval holds near an even game
    (:func:`simcore.analysis.size_change.paired_size_change`).  Verdicts: ``reduces_ties`` when the interval of
    the tie change lies below zero; ``keeps_balance`` when the upper end of the interval of the change in the
    advantage's size is at most BALANCE_SLACK; ``worsens_balance`` when its lower end is above BALANCE_SLACK (so
    at most one of the two holds).  Neither: not decided at this n.  ``base_out``: the base run's per-game array
    when the caller already has it (same n, seed, rules).
    ``setup``: who plays (a pyramid setup: policies and deck), instead of ``policies`` and ``deck_file``."""
    policies, deck_file = _who(setup, policies, deck_file)
    _check_sizes(n=n)
    base_rules = Rules.coerce(rules)
    base = base_out if base_out is not None else simulate(
        n, seed, base_rules, policies=policies, deck_file=deck_file, threads=threads, progress=False).aggregates["out"]
    hb = headline(base)
    adv_b = _advantage(base)
    rows = [_option_row("base", hb, None, None)]
    for opt in options:
        r = base_rules.with_options(opt)
        out = simulate(n, seed, r, policies=policies, deck_file=deck_file, threads=threads,
                       progress=False).aggregates["out"]
        h = headline(out)
        d = (out[:, K.C_WINNER] == 2).astype(float) - (base[:, K.C_WINNER] == 2)
        # an option no sampled game shows changes them by at most the bound n agreeing games give
        differ = r != base_rules
        size = paired_size_change(adv_b, _advantage(out), differ=differ)
        rows.append(_option_row(opt, h, paired_change(d, 1.0, differ=differ), size))
    return pd.DataFrame(rows)


def _option_row(name, h, dm, size):
    row = {"option": name, "tie": h["tie"]["estimate"], "tie_ci_low": h["tie"]["ci"][0],
           "tie_ci_high": h["tie"]["ci"][1], "first_mover_win": h["first_mover_win"]["estimate"],
           "first_mover_advantage": h["first_mover_advantage"]["estimate"],
           "advantage_ci_low": h["first_mover_advantage"]["ci"][0],
           "advantage_ci_high": h["first_mover_advantage"]["ci"][1],
           "goals_per_game": h["goals_per_game"]["estimate"], "game_length": h["game_length"]["estimate"]}
    if dm is None:
        row.update(tie_change=0.0, tie_change_ci_low=0.0, tie_change_ci_high=0.0, advantage_size_change=0.0,
                   advantage_size_change_ci_low=0.0, advantage_size_change_ci_high=0.0, reduces_ties=False,
                   keeps_balance=True, worsens_balance=False)
    else:
        row.update(tie_change=dm["estimate"], tie_change_ci_low=dm["ci"][0], tie_change_ci_high=dm["ci"][1],
                   advantage_size_change=size["estimate"], advantage_size_change_ci_low=size["ci"][0],
                   advantage_size_change_ci_high=size["ci"][1], reduces_ties=bool(dm["ci"][1] < 0),
                   keeps_balance=bool(size["ci"][1] <= BALANCE_SLACK),
                   worsens_balance=bool(size["ci"][0] > BALANCE_SLACK))
    return row


def goal_distribution(out: np.ndarray) -> pd.DataFrame:
    """Share of games by goals in the game (both sides, shootout goals excluded) of a run's per-game array:
    columns ``goals`` (0 to the most seen) and ``share``."""
    goals = _game_goals(out)
    counts = np.bincount(goals, minlength=1)
    return pd.DataFrame({"goals": np.arange(counts.size), "share": counts / max(goals.size, 1)})


def draw_options(ax, opts: pd.DataFrame) -> None:
    """The rule options' tie rates in percent with their 95% intervals on ``ax``, one row an option."""
    y = np.arange(len(opts))
    ax.errorbar(100 * opts.tie, y, xerr=100 * np.abs(np.vstack([opts.tie - opts.tie_ci_low,
                                                                 opts.tie_ci_high - opts.tie])), fmt="o", capsize=3)
    ax.set_yticks(y, list(opts.option))
    ax.invert_yaxis()
    ax.set(xlabel="ties, % of games (95% interval)", title="Rule options")


@dataclass
class BalanceReport:
    """The whole report: ``headline`` (dict), ``matrix`` and ``options`` (DataFrames), the run's labels and
    ``goals``, the base run's :func:`goal_distribution` (None for a report built without it)."""

    meta: dict
    headline: dict
    matrix: pd.DataFrame
    options: pd.DataFrame
    goals: pd.DataFrame | None = field(default=None, repr=False)

    def to_json(self) -> dict:
        doc = {**self.meta, **self.headline}
        doc["policy_matrix"] = self.matrix.to_dict(orient="records")
        doc["rule_options"] = self.options.to_dict(orient="records")
        return doc

    def recommended(self) -> list[str]:
        """Options that reduce ties and keep balance."""
        o = self.options
        return list(o.loc[o.reduces_ties & o.keeps_balance, "option"])

    def headline_text(self) -> list[tuple[str, str, str]]:
        """The headline as (words, estimate, interval) text, in :data:`HEADLINE_LABELS`' order: shares in percent
        to one place, goals and game length to two (a small non-zero value to two significant figures); an
        undefined end (one game) is ``-``."""
        rows = []
        for key, words in HEADLINE_LABELS.items():
            v = self.headline[key]

            def f(x):
                if x is None or x != x:
                    return "-"
                return pct(x) if key in PERCENT else f"{x:.{decimals_showing(x, 2)}f}"

            rows.append((words, f(v["estimate"]), f"[{f(v['ci'][0])}, {f(v['ci'][1])}]"))
        return rows

    def base_note(self) -> str:
        """Why the options' base row may differ from the headline: it is its own run when the options ran fewer
        games ("" when they ran the headline's games)."""
        m = self.meta
        if int(m["options_n"]) == self.headline["n"]:
            return ""
        return (f"The base row is the rules above over the seed's first {counted(int(m['options_n']), 'game')}, "
                "the games "
                f"each option plays; the headline is {self.headline['n']:,} games, so the two differ by chance.")

    def matrix_note(self) -> str:
        return ("Each cell is its own run with the first drafter by coin flip: a row against a column and the column "
                "against the row are separate runs, so the two cells need not add up to 1, and a policy against "
                "itself lands near 1/2, not on it.")

    def to_text(self) -> str:
        h = self.headline
        lines = [f"Pyramid card hockey balance report: {counted(h['n'], 'game')}, seed {self.meta['seed']}",
                 f"rules {self.meta['variant']}",
                 f"deck {self.meta['deck']['source']} ({self.meta['deck']['cards']} cards)",
                 f"policies A {self.meta['policies']['home']}, B {self.meta['policies']['away']}", ""]
        width = max(len(w) for w in HEADLINE_LABELS.values()) + 2
        lines += [f"{words:<{width}}{est}  {ci}" for words, est, ci in self.headline_text()]
        lines += ["", f"Policy matrix: row's score against column (win 1, tie 1/2) with its 95% interval, "
                      f"{counted(int(self.matrix.n.iloc[0]), 'game')} a cell", *textwrap.wrap(self.matrix_note(), 116)]
        pols, grid = matrix_text(self.matrix, itself=None)       # first drafter by coin flip: no cell is exact
        width = max(len(p) for p in pols) + 2
        lines.append(" " * width + "".join(f"{p[:21]:>22}" for p in pols))
        for a in pols:
            lines.append(f"{a:<{width}}" + "".join(f"{grid.at[a, b]:>22}" for b in pols))
        lines += ["", f"Rule options against the base rules ({counted(int(self.meta['options_n']), 'game')} each, "
                      "same seed; "
                      "ties and their change in percent of games, the first mover's advantage and the paired change "
                      "in its size in points; balance is kept when that change is at most "
                      f"+{100 * BALANCE_SLACK:g}):",
                  f"{'option':<30}{'tie':>8}{'change [95% CI]':>24}{'1st-mover adv. [95% CI]':>26}"
                  f"{'size change [95% CI]':>24}   verdict"]
        for r in self.options.itertuples():
            ch, adv, size = _option_cells(r)
            lines.append(f"{r.option:<30}{100 * r.tie:>7.1f}%{ch:>24}{adv:>26}{size:>24}   {_verdict(r)}")
        lines += textwrap.wrap(self.base_note(), 116)
        rec = self.recommended()
        lines += ["", "Options that reduce ties and keep balance: " + (", ".join(rec) if rec else "none")]
        return "\n".join(lines)

    # ------------------------------------------------------------ the page to share

    def figures(self) -> dict:
        """The page's matplotlib figures by name (:data:`REPORT_FIGURES`; ``goals`` only when the report has
        the base run's goals), built with matplotlib's object API: nothing is left open in pyplot."""
        from matplotlib.figure import Figure
        from matplotlib.ticker import PercentFormatter

        from simcore.analysis.plots import matrix_figure

        figs = {}
        if self.goals is not None:
            fig = Figure(figsize=(6.5, 3.6))
            ax = fig.subplots()
            ax.bar(self.goals.goals, self.goals.share, color="#9ecae1")
            ax.set(xlabel="goals in a game (both sides, shootout goals excluded)", ylabel="share of games",
                   title="Goals per game")
            ax.yaxis.set_major_formatter(PercentFormatter(1.0))
            fig.tight_layout()
            figs["goals"] = fig
        figs["matrix"] = matrix_figure(self.matrix, "Row's score against column, first drafter by coin flip")
        fig = Figure(figsize=(6.5, 0.8 + 0.5 * max(len(self.options), 1)))
        draw_options(fig.subplots(), self.options)
        fig.tight_layout()
        figs["options"] = fig
        return figs

    def page(self):
        """The report as a :class:`simcore.sharing.Report` (``.write("report.html")`` or ``.md``)."""
        import simcore
        from simcore.htmlview import Table
        from simcore.sharing import Figure, Report

        m, h = self.meta, self.headline
        figs = self.figures()
        rep = Report("Pyramid card hockey: balance report",
                     {"Game": "pyramid", "Rules": m["variant"],
                      "Deck": f"{m['deck']['source']} ({m['deck']['cards']} cards)",
                      "Policies": f"A {m['policies']['home']}, B {m['policies']['away']}",
                      "Games": f"{h['n']:,} (rule options {int(m['options_n']):,} each, matrix "
                               f"{int(m['matrix_n']):,} a cell)",
                      "Seed": str(m["seed"]), "simcore": simcore.__version__})
        head = pd.DataFrame(self.headline_text(), columns=["Figure", "Estimate", "95% interval"])
        o = self.options
        cells = [_option_cells(r) for r in o.itertuples()]
        opts = pd.DataFrame({
            "Option": o.option,
            "Ties": [f"{pct(r.tie)} [{pct(r.tie_ci_low)}, {pct(r.tie_ci_high)}]"
                     for r in o.itertuples()],
            "Change in ties (points)": [c[0] for c in cells],
            "First-mover advantage (points)": [c[1] for c in cells],
            "Change in its size (points)": [c[2] for c in cells],
            "Goals a game": [f"{v:.2f}" for v in o.goals_per_game],
            "Game length (turns)": [f"{v:.2f}" for v in o.game_length],
            "Verdict": [_verdict(r) for r in o.itertuples()]})
        pols, grid = matrix_text(self.matrix, itself=None)
        mat = pd.DataFrame({"Row policy": pols, **{c: list(grid[c]) for c in pols}})
        rec = self.recommended()
        rep.blocks += [
            ("h2", "First-mover advantage, ties and goals"),
            ("p", f"{counted(h['n'], 'game')} of the setup above. The first mover drafts first in period 1; the "
                  "advantage is his win rate less the second mover's, balance 1 - |advantage|. Shares of games are "
                  "in percent, goals and game length per game; the intervals are 95% (Wilson for shares, normal for "
                  "means and the advantage)."),
            Table(head, numeric=("Estimate", "95% interval"))]
        if "goals" in figs:
            rep.blocks.append(Figure("goals", figs["goals"], "Goals in a game, both sides."))
        rep.blocks += [
            ("h2", "Rule options"),
            ("p", f"The rules above and each option, {counted(int(m['options_n']), 'game')} each on the same seed, "
                  "so game "
                  "g shares its shuffles with the base's game g. The changes are paired game by game, in "
                  "percentage points. An option reduces ties when the whole interval of its change lies below "
                  "zero. The change in the size of the first-mover advantage is |option's| - |base's|: balance is "
                  f"kept when its interval ends at most {100 * BALANCE_SLACK:g} point above zero, worse when it lies "
                  f"wholly above {100 * BALANCE_SLACK:g} point, and undecided at this number of games otherwise."
                  + (" " + self.base_note() if self.base_note() else "")),
            Table(opts, numeric=("Ties", "Change in ties (points)", "First-mover advantage (points)",
                                 "Change in its size (points)", "Goals a game", "Game length (turns)")),
            ("p", "Options that reduce ties and keep balance: " + (", ".join(rec) if rec else "none") + "."),
            Figure("options", figs["options"], "Each option's tie rate."),
            ("h2", "Policy against policy"),
            ("p", f"The row policy's score against the column policy (win 1, tie 1/2) with its 95% interval, "
                  f"{counted(int(self.matrix.n.iloc[0]), 'game')} a cell. " + self.matrix_note()),
            Table(mat, numeric=tuple(pols)),
            Figure("matrix", figs["matrix"], "Row's score against column.")]
        return rep


def _option_cells(r) -> tuple[str, str, str]:
    """An option row's change in ties, first-mover advantage and change in its size, in points with their 95%
    intervals ("" for the base's changes)."""
    def pts(x, lo, hi):
        def f(v):   # a small bound of no game differing (3.69 / n points) shows with two significant figures
            return "-" if v != v else f"{100 * v:+.{decimals_showing(100 * v, 1)}f}"

        return f"{f(x)} [{f(lo)}, {f(hi)}]"

    adv = pts(r.first_mover_advantage, r.advantage_ci_low, r.advantage_ci_high)
    if r.option == "base":
        return "", adv, ""
    return (pts(r.tie_change, r.tie_change_ci_low, r.tie_change_ci_high), adv,
            pts(r.advantage_size_change, r.advantage_size_change_ci_low, r.advantage_size_change_ci_high))


def _verdict(r) -> str:
    """An option row's verdicts in words, as the text report writes them ("" for the base)."""
    if r.option == "base":
        return ""
    return (("fewer ties" if r.reduces_ties else "ties not reduced") + ", "
            + ("balance kept" if r.keeps_balance else "balance worse" if r.worsens_balance
               else "balance undecided at this n"))


def balance_report(n: int = 100_000, seed: int = 0, rules=None, policies=None, *, matrix_n: int = 20_000,
                   matrix_policies=MATRIX_POLICIES, options=TIE_OPTIONS, options_n: int | None = None,
                   threads=None, deck_file=None, setup=None) -> BalanceReport:
    """Run the base game, the policy matrix and the rule options (all with the same deck).  ``setup``: who
    plays (a pyramid setup: policies and deck), instead of ``policies`` and ``deck_file``."""
    policies, deck_file = _who(setup, policies, deck_file)
    rules = Rules.coerce(rules)
    _check_sizes(n=n, matrix_n=matrix_n, options_n=options_n or n)
    res = simulate(n, seed, rules, policies=policies, deck_file=deck_file, threads=threads, progress=False)
    meta = {"game": "pyramid", "variant": rules.id, "seed": seed, "policies": res.meta["policies"],
            "deck": res.meta["deck"],
            "matrix_n": matrix_n, "options_n": options_n or n, "version": res.meta["version"]}
    h = headline(res.aggregates["out"])
    mat = policy_matrix(matrix_policies, matrix_n, seed, rules, threads, deck_file)
    opts_n = options_n or n
    opts = rule_options(options, opts_n, seed, rules, policies, threads, deck_file,
                        base_out=res.aggregates["out"] if opts_n == n else None)
    return BalanceReport(meta, h, mat, opts, goal_distribution(res.aggregates["out"]))


__all__ = ["BALANCE_SLACK", "HEADLINE_LABELS", "MATRIX_POLICIES", "PERCENT", "REPORT_FIGURES", "TIE_OPTIONS",
           "BalanceReport", "balance_report", "goal_distribution", "headline", "policy_matrix", "rule_options"]
