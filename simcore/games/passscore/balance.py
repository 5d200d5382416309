"""Balance report for Pass & Score: the first attacker's advantage, goals and game length, a policy-against-policy
matrix, and which rule options (game length, slides and their way, offside and the two-line pass, where a
captured carrier goes) change balance -- every figure with its 95% interval.

The game has no dice; its randomness is the policies' tie-breaks, drawn from each game's own stream.  A rule
option is compared with the rulebook's rules on the same seed, game by game (paired: game g of both runs starts
from the same stream).  A policy pairing is played both ways round on one seed and scored game by game, so the
first attacker's edge cancels and a policy against itself scores exactly 1/2.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from simcore.analysis import seats
from simcore.analysis.inference import paired_change
from simcore.analysis.seats import home_score as score, run_games, seat_balanced
from simcore.checks import name_list
from simcore.cliargs import counted
from simcore.errors import InputError
from simcore.htmlview import decimals_showing, estimate_text, headline_table, matrix_text
from simcore.metrics import COUNT
from simcore.stats import advantage_ci, mean_estimate

MATRIX_POLICIES = ("random", "greedy", "search")
HEADLINE = ("home_win", "away_win", "tie", "home_advantage", "goals_per_team_game", "home_goals_mean",
            "away_goals_mean", "goals_per_game", "plays_per_game", "plays_per_goal", "captures_per_game",
            "offsides_per_game", "passes_per_game", "slides_per_game")
#: the rule options the report tries, each against the rulebook's rules
OPTIONS = ({"plays": "40"}, {"plays": "160"}, {"slides": "off"}, {"slide_way": "forward"}, {"offside": "off"},
           {"offside_pass": "called"}, {"captured_to": "ahead"})
REPORT_FIGURES = ("board", "goals", "matrix", "options")
#: Headline figures that are shares of games, written in percent (the others are per game or per goal).
PERCENT = frozenset({"home_win", "away_win", "tie", "home_advantage"})


def _game():
    from .game import GAME

    return GAME


def _goals(games):
    return games.home_goals.to_numpy(np.int64) + games.away_goals.to_numpy(np.int64)


def _run(setup, n, seed, rules, threads, **policies):
    return run_games(_game(), setup, n, seed, rules, threads, **policies)


def edge_estimate(games: pd.DataFrame) -> dict:
    """``{"estimate", "ci"}``: the first attacker's edge, score - 1/2 = (home wins - away wins) / 2 a game, with
    half the interval of the home advantage (:func:`simcore.stats.advantage_ci`), as the summary gives it."""
    d = 2 * score(games) - 1
    lo, hi = advantage_ci(d)
    return {"estimate": float(d.mean()) / 2, "ci": [lo / 2, hi / 2]}


def policy_matrix(policies=MATRIX_POLICIES, n: int = 200, seed: int = 0, rules=None, setup=None,
                  threads=None) -> pd.DataFrame:
    """The row policy's score against the column policy (win 1, tie 1/2), seats balanced and paired
    (:func:`simcore.analysis.seats.policy_matrix`); tidy: row, column, estimate, ci_low, ci_high, margin,
    margin_ci_low, margin_ci_high, n (games a seat)."""
    return seats.policy_matrix(name_list(policies, "policies"),
                               lambda a, b: _run(setup, n, seed, rules, threads, policy_home=a, policy_away=b), n)


#: The columns of :func:`rule_options`.
OPTION_COLUMNS = ("option", "edge", "edge_ci_low", "edge_ci_high", "edge_change", "edge_change_ci_low",
                  "edge_change_ci_high", "goals", "goals_ci_low", "goals_ci_high", "goals_change",
                  "goals_change_ci_low", "goals_change_ci_high", "n")


def _check_base(base, n: int, seed: int, rules) -> None:
    """A ``base`` handed to :func:`rule_options` must be the games the option runs pair with: Pass & Score games
    0 .. n-1 of ``seed`` under ``rules`` (another seed or game count gives a "paired" change of nothing)."""
    if not isinstance(base, pd.DataFrame) or not {"game", "variant", "seed", "game_id"} <= set(base.columns):
        raise InputError("base must be the games table of a Pass & Score run (Results.games)")
    if len(base) != n or not (base["game_id"].to_numpy() == np.arange(n)).all():
        raise InputError(f"base must hold games 0 .. {n - 1} (n = {n}); it holds {len(base)} games")
    if (base["game"].astype(str) != "passscore").any():
        raise InputError(f"base is a {base['game'].iloc[0]} games table, not Pass & Score's")
    if (base["seed"] != seed).any():
        raise InputError(f"base was played with seed {base['seed'].iloc[0]}, the options with seed {seed}: the "
                         "pairs would not share their games")
    if (base["variant"].astype(str) != rules.id).any():
        raise InputError(f"base was played under {base['variant'].iloc[0]}, the options change {rules.id}")


def rule_options(n: int, seed: int = 0, rules=None, setup=None, options=OPTIONS, threads=None,
                 base: pd.DataFrame | None = None) -> pd.DataFrame:
    """Each rule option against ``rules`` on the same seed, paired game by game: the first attacker's edge (home
    score - 1/2, a win 1, a tie 1/2) under the option and its change, and goals per game and its change; tidy, one
    row per option with 95% intervals."""
    from simcore.games.base import check_n

    g = _game()
    rules = g.rules(rules)
    n = check_n(n)
    options = name_list(options, "options")
    for opt in options:
        if not isinstance(opt, dict):
            raise InputError(f"each rule option is a dict {{field: value}}, got {opt!r}")
    if base is None:
        base = _run(setup, n, seed, rules, threads)
    else:
        _check_base(base, n, seed, rules)
    rows = []
    for opt in options:
        r = rules.with_options(opt)
        if r == rules:
            continue
        other = _run(setup, n, seed, r, threads)
        edge = edge_estimate(other)
        # an option no sampled game shows changes the figures by at most the bound n agreeing games give
        d_edge = paired_change(score(other) - score(base), 1.0)
        goals = mean_estimate(_goals(other), COUNT)
        d_goals = paired_change(_goals(other) - _goals(base), np.inf,
                                none_seen=not (_goals(other).any() or _goals(base).any()))
        rows.append({"option": ",".join(f"{k}={v}" for k, v in opt.items()),
                     "edge": edge["estimate"], "edge_ci_low": edge["ci"][0], "edge_ci_high": edge["ci"][1],
                     "edge_change": d_edge["estimate"], "edge_change_ci_low": d_edge["ci"][0],
                     "edge_change_ci_high": d_edge["ci"][1], "goals": goals["estimate"],
                     "goals_ci_low": goals["ci"][0], "goals_ci_high": goals["ci"][1],
                     "goals_change": d_goals["estimate"], "goals_change_ci_low": d_goals["ci"][0],
                     "goals_change_ci_high": d_goals["ci"][1], "n": n})
    return pd.DataFrame(rows, columns=OPTION_COLUMNS)       # no rows when every option is the base's rule


def headline(res) -> dict:
    s = res.summary().set_index("metric")
    return {m: {"estimate": float(s.at[m, "estimate"]), "ci": [float(s.at[m, "ci_low"]), float(s.at[m, "ci_high"])]}
            for m in HEADLINE if m in s.index}


def goal_distribution(games: pd.DataFrame) -> pd.DataFrame:
    h, a = games.home_goals.to_numpy(np.int64), games.away_goals.to_numpy(np.int64)
    k = np.arange(max(h.max(initial=0), a.max(initial=0)) + 1)
    return pd.DataFrame({"goals": k, "home": np.bincount(h, minlength=k.size) / h.size,
                         "away": np.bincount(a, minlength=k.size) / a.size})


def _change_text(est: float, lo: float, hi: float, digits: int) -> str:
    """A paired change with its interval (a small bound of no game differing with two significant figures); a
    change no game showed on a count has none (``inference.paired_change``), nor has one of a single game."""
    if np.isnan(lo):
        return f"{est:+.{digits}f} " + ("(no game differs)" if est == 0 else "(no interval)")
    return f"{est:+.{digits}f} [{lo:+.{decimals_showing(lo, digits)}f}, {hi:+.{decimals_showing(hi, digits)}f}]"


@dataclass
class BalanceReport:
    """``meta``, ``headline`` (figure -> {estimate, ci}), ``matrix`` (:func:`policy_matrix`), ``options``
    (:func:`rule_options`), ``goals`` (a team's goals in a game: goals, home share, away share)."""

    meta: dict
    headline: dict
    matrix: pd.DataFrame
    options: pd.DataFrame
    goals: pd.DataFrame
    board: object = None

    def to_json(self) -> dict:
        return {**self.meta, **self.headline, "policy_matrix": self.matrix.to_dict(orient="records"),
                "rule_options": self.options.to_dict(orient="records"),
                "goal_distribution": self.goals.to_dict(orient="records")}

    def to_text(self) -> str:
        m = self.meta
        lines = [f"Pass & Score balance report: {m['n']:,} games, seed {m['seed']}", f"rules {m['variant']}",
                 f"policies home (red, attacks first) {m['policies']['home']}, away {m['policies']['away']}",
                 f"board {m['files']['board']}", "", f"{'figure':<28}{'estimate':>9}  95% interval"]
        for name, v in self.headline.items():
            est, ci = estimate_text(name, v, PERCENT)
            lines.append(f"{name:<28}{est:>9}  {ci}")
        lines += ["", "Rule options against these rules (same seed, paired game by game); edge = the first "
                      "attacker's score - 1/2 (a win 1, a tie 1/2),",
                  f"half of home_advantage: {self.base_edge()} under these rules:",
                  f"{'option':<16}{'edge [95% CI]':>26}{'change [95% CI]':>28}{'goals/game [95% CI]':>26}"
                  f"{'change [95% CI]':>28}"]
        for r in self.options.itertuples():
            edge = f"{r.edge:+.3f} [{r.edge_ci_low:+.3f}, {r.edge_ci_high:+.3f}]"
            change = _change_text(r.edge_change, r.edge_change_ci_low, r.edge_change_ci_high, 3)
            goals = f"{r.goals:.2f} [{r.goals_ci_low:.2f}, {r.goals_ci_high:.2f}]"
            d_goals = _change_text(r.goals_change, r.goals_change_ci_low, r.goals_change_ci_high, 2)
            lines.append(f"{r.option:<16}{edge:>26}{change:>28}{goals:>26}{d_goals:>28}")
        pols, grid = matrix_text(self.matrix)
        lines += ["", f"Policy matrix: row's score against column (win 1, tie 1/2), "
                      f"{counted(m['matrix_n'], 'game')} a seat, seats balanced, with 95% intervals",
                  "(a policy against itself scores 1/2 exactly: the same games, played both ways round)"]
        lines.append(" " * 10 + "".join(f"{p:>22}" for p in pols))
        for a in pols:
            lines.append(f"{a:<10}" + "".join(f"{grid.at[a, b]:>22}" for b in pols))
        return "\n".join(lines)

    def base_edge(self) -> str:
        """The first attacker's edge under the report's rules, score - 1/2 = home_advantage / 2, with its
        interval, as the options table writes an edge."""
        v = self.headline["home_advantage"]
        return f"{v['estimate'] / 2:+.3f} [{v['ci'][0] / 2:+.3f}, {v['ci'][1] / 2:+.3f}]"

    def figures(self) -> dict:
        """The report's figures by name, built with matplotlib's object API: nothing is left open in pyplot."""
        from matplotlib.figure import Figure
        from matplotlib.ticker import PercentFormatter

        from simcore.analysis.plots import matrix_figure

        from .plots import board_figure

        fig = Figure(figsize=(4.2, 10.4))
        figs = {"board": board_figure(self.board, ax=fig.subplots())}
        fig = Figure(figsize=(6.5, 3.6))
        ax = fig.subplots()
        g = self.goals
        ax.bar(g.goals - 0.2, g.home, width=0.4, color="tab:red", label="home (red, first attacker)")
        ax.bar(g.goals + 0.2, g.away, width=0.4, color="tab:blue", label="away (blue)")
        ax.set(xlabel="a team's goals in a game", ylabel="share of games", title="Goals per team game")
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
        ax.legend()
        fig.tight_layout()
        figs["goals"] = fig
        figs["matrix"] = matrix_figure(self.matrix, "Row's score against column, seats balanced", size=(5.0, 4.2),
                                       fontsize=9, rotate=False)
        o = self.options
        fig = Figure(figsize=(6.5, 0.8 + 0.5 * max(len(o), 1)))
        ax = fig.subplots()
        yy = np.arange(len(o))
        ax.errorbar(o.edge_change, yy, xerr=np.vstack([o.edge_change - o.edge_change_ci_low,
                                                        o.edge_change_ci_high - o.edge_change]), fmt="o", capsize=3)
        ax.axvline(0, color="grey", lw=1, ls="--")
        ax.set_yticks(yy, list(o.option))
        ax.invert_yaxis()
        ax.set(xlabel="change in the first attacker's score (95% interval, paired)", title="Rule options")
        fig.tight_layout()
        figs["options"] = fig
        return figs

    def page(self):
        import simcore
        from simcore.htmlview import Table
        from simcore.sharing import Figure, Report

        m = self.meta
        figs = self.figures()
        rep = Report("Pass & Score: balance report",
                     {"Game": "passscore", "Rules": m["variant"],
                      "Policies": f"home {m['policies']['home']}, away {m['policies']['away']}",
                      "Board": m["files"]["board"],
                      "Games": f"{m['n']:,} (matrix {m['matrix_n']:,} a seat)", "Seed": str(m["seed"]),
                      "simcore": simcore.__version__})
        head = headline_table(self.headline, PERCENT, {k: m.doc for k, m in _game().metrics.items()})
        opts = pd.DataFrame({"Option": self.options.option,
                             "First attacker's edge": [f"{r.edge:+.3f} [{r.edge_ci_low:+.3f}, {r.edge_ci_high:+.3f}]"
                                                       for r in self.options.itertuples()],
                             "Change": [_change_text(r.edge_change, r.edge_change_ci_low, r.edge_change_ci_high, 3)
                                        for r in self.options.itertuples()],
                             "Goals a game": [f"{r.goals:.2f} [{r.goals_ci_low:.2f}, {r.goals_ci_high:.2f}]"
                                              for r in self.options.itertuples()],
                             "Goals change": [_change_text(r.goals_change, r.goals_change_ci_low,
                                                           r.goals_change_ci_high, 2)
                                              for r in self.options.itertuples()]})
        pols, grid = matrix_text(self.matrix)
        mat = pd.DataFrame({"Row policy": pols, **{c: list(grid[c]) for c in pols}})
        rep.blocks += [
            ("h2", "The board"), Figure("board", figs["board"], "The board the games were played on."),
            ("h2", "The first attacker's advantage, goals and game length"),
            ("p", "Home is red, the team that attacks first. Shares of games are in percent, the other figures per "
                  "game (plays per goal: per goal). Intervals are 95% (Wilson for shares, normal for means, the delta "
                  "method for pooled rates such as plays per goal)."),
            Table(head, numeric=("Estimate", "95% interval")),
            Figure("goals", figs["goals"], "A team's goals in a game."),
            ("h2", "Rule options"),
            ("p", "Each option against the rules above on the same seed, game by game. The first attacker's edge "
                  "is his score - 1/2 (a win 1, a tie 1/2), half of home_advantage above: "
                  f"{self.base_edge()} under the rules above."),
            Table(opts, numeric=("First attacker's edge", "Change", "Goals a game", "Goals change")),
            Figure("options", figs["options"], "What each option does to the first attacker's score."),
            ("h2", "Policy against policy"),
            ("p", f"The row policy's score against the column policy (win 1, tie 1/2), "
                  f"{counted(m['matrix_n'], 'game')} a seat, seats balanced, with its 95% interval. A policy "
                  "against itself scores 1/2 exactly: the same games, played both ways round."),
            Table(mat, numeric=tuple(pols)), Figure("matrix", figs["matrix"], "Row's score against column."),
        ]
        return rep


def balance_report(n: int = 2000, seed: int = 0, rules=None, setup=None, *, matrix_n: int = 200, matrix=None,
                   options=OPTIONS, threads=None) -> BalanceReport:
    """The base run (``n`` games of ``setup``), the rule options (``n`` games each, paired with the base run) and
    the policy matrix (``matrix_n`` games a seat), all on ``seed``."""
    from simcore.games.base import check_n

    g = _game()
    rules = g.rules(rules)
    setup = g.setup(setup)
    check_n(n)
    check_n(matrix_n)
    res = g.simulate(setup, n=n, seed=seed, rules=rules, threads=threads, progress=False)
    meta = {"game": "passscore", "variant": rules.id, "seed": seed, "n": n, "policies": res.meta["policies"],
            "files": res.meta["files"], "matrix_n": matrix_n, "version": res.meta["version"]}
    opts = rule_options(n, seed, rules, setup, options, threads, base=res.games)
    mat = policy_matrix(MATRIX_POLICIES if matrix is None else matrix, matrix_n, seed, rules, setup, threads)
    return BalanceReport(meta, headline(res), mat, opts, goal_distribution(res.games), setup.board)


__all__ = ["HEADLINE", "MATRIX_POLICIES", "OPTIONS", "REPORT_FIGURES", "BalanceReport", "balance_report",
           "goal_distribution", "headline", "policy_matrix", "rule_options", "seat_balanced"]
