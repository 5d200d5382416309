"""Balance report for Blue Line Hockey: home advantage, goals, the power play, what equilibrium card play is
worth against random and habitual card play, and a policy-against-policy matrix.

Every figure carries a 95% interval.  Every run of the report uses the same seed, so game ``g`` of two runs rolls
the same dice until their play differs (common random numbers); where a figure compares runs it is computed
game by game (paired).  Seats are balanced by playing each pairing both ways round: a policy's score against
another is the mean of its home score in one run and its away score in the run with the seats swapped, game by
game, so the home team's edge (ties of face-offs go to the home team) cancels and a policy against itself
scores exactly 1/2.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np
import pandas as pd

from simcore.analysis import seats
from simcore.analysis.seats import run_games, seat_balanced
from simcore.checks import name_list
from simcore.cliargs import counted
from simcore.errors import InputError
from simcore.htmlview import estimate_text, headline_table, matrix_text
from simcore.stats import mean_estimate

#: Policy presets of the matrix (those the policies module has; see :func:`matrix_policies`).
MATRIX_POLICIES = ("default", "random", "cautious", "aggressive", "equilibrium")
#: The headline figures, from the base run's summary (those the run has).
HEADLINE = ("home_win", "away_win", "tie", "home_advantage", "margin", "decided_OT", "decided_SO",
            "goals_per_team_game", "home_goals_mean", "away_goals_mean", "shots_per_game", "shooting_pct",
            "save_pct", "card_save_pct", "pp_opportunities_per_game", "pp_goals_per_game", "pp_pct",
            "penalties_per_game", "checks_per_game", "steals_per_game", "series_per_game")
#: Figures of the report's page (what a Markdown page writes beside it, ``<stem>-<name>.png``).
REPORT_FIGURES = ("board", "goals", "cards", "matrix")
#: Headline figures that are shares or rates, written in percent (the others are per game, written as numbers).
PERCENT = frozenset({"home_win", "away_win", "tie", "home_advantage", "decided_OT", "decided_SO", "shooting_pct",
                     "save_pct", "card_save_pct", "pp_pct"})


def _game():
    from .game import GAME

    return GAME


def _check_sizes(**runs: int) -> None:
    """Refuse, before any game is played, a count whose games would not fit in memory."""
    from simcore.games.base import check_memory, check_n

    for name, count in runs.items():
        try:
            check_memory(_game(), check_n(count), "games")
        except ValueError as exc:
            raise InputError(f"{name}: {exc}") from None


def matrix_policies(names=MATRIX_POLICIES) -> tuple[str, ...]:
    """The names of ``names`` that are policy presets of this build, each policy once (one of the default
    :data:`MATRIX_POLICIES` the policies module does not know, or a name that plays the same policy as an earlier
    one, is left out: ``equilibrium`` is ``default`` when the default cards are the equilibrium's).  Any other
    name that is not a preset is an InputError (a typo would drop a row of the matrix)."""
    from .policies import PRESETS, Policy

    out, seen = [], []
    for name in name_list(names, "matrix policies"):
        if name not in PRESETS and name not in MATRIX_POLICIES:
            raise InputError(f"unknown blueline policy preset {name!r}; presets: {', '.join(PRESETS)}")
        try:
            p = Policy.parse(name)
        except ValueError:
            continue
        if p not in seen:
            out.append(name)
            seen.append(p)
    return tuple(out)


def matrix_coverage(policies) -> str:
    """One line saying which policies a matrix plays (its rows, in order) and why each policy preset it has no
    row for is left out, when that preset is the same policy as one of its rows (``equilibrium`` is ``default``
    when the default cards are the equilibrium's: a row of its own would repeat default's)."""
    from .policies import PRESETS, Policy

    rows = {str(p): Policy.parse(p) for p in policies}
    line = "Policies: " + ", ".join(rows)
    for name, spec in PRESETS.items():
        twin = next((r for r, pol in rows.items() if pol == Policy.parse(name)), None) if name not in rows else None
        if twin is not None:
            line += f"; {name} ({spec or 'no field changed'}) is the same policy as {twin}, so it has no row of its own"
    return line


def _run(setup, n, seed, rules, threads, **policies):
    return run_games(_game(), setup, n, seed, rules, threads, **policies)


def policy_matrix(policies=None, n: int = 4000, seed: int = 0, rules=None, setup=None,
                  threads=None) -> pd.DataFrame:
    """Score of the row policy against the column policy (a win 1, a tie 1/2), seats balanced: each ordered
    pair of policies is played once with ``n`` games (the row at home); cell (a, b) pairs game g of run
    (a home, b away) with game g of run (b home, a away).  Tidy: row, column, estimate, ci_low, ci_high,
    margin (the row's goal margin per game), margin_ci_low, margin_ci_high, n (games per seat).  ``setup``:
    the data files the games use (its policies are the matrix's to choose)."""
    policies = matrix_policies() if policies is None else name_list(policies, "policies")
    _check_sizes(matrix_n=n)
    return seats.policy_matrix(policies,
                               lambda a, b: _run(setup, n, seed, rules, threads, policy_home=a, policy_away=b), n)


def _pooled_rate(num: np.ndarray, den: np.ndarray) -> dict:
    """sum(num) / sum(den) with a 95% interval from its per-game influence (delta method)."""
    num, den = np.asarray(num, float), np.asarray(den, float)
    if den.sum() == 0:
        return {"estimate": float("nan"), "ci": [float("nan"), float("nan")]}
    r = num.sum() / den.sum()
    infl = (num - r * den) / den.mean()
    m = mean_estimate(infl)
    half = (m["ci"][1] - m["ci"][0]) / 2
    return {"estimate": float(r), "ci": [float(r - half), float(r + half)]}


def card_value(opponents=None, n: int = 20_000, seed: int = 0, rules=None, setup=None, threads=None) -> pd.DataFrame:
    """What playing the equilibrium card mixes is worth against each other way of choosing cards.

    For each card policy X of ``opponents`` (default: every card policy but ``equilibrium``), both coaches play
    the setup's home policy in every other decision; side E picks its SHOT ON GOAL and GOALIE POSITION cards by
    the equilibrium, side X by X.  E's score (a win 1, a tie 1/2) and goal margin are seat-balanced and paired
    game by game (:func:`seat_balanced`), so E's score - 1/2 is what switching from X's card play to the
    equilibrium's is worth against a coach who keeps X.  Also E's and X's shooting (goals per shot, pooled over
    both seats) and shots per game (a card policy also sets when its side shoots).  Tidy: opponent, score (+ ci),
    margin (+ ci), e_shooting_pct, x_shooting_pct, e_shots_per_game, x_shots_per_game (+ ci each), n."""
    from .cards import CARD_POLICIES

    opponents = (tuple(c for c in CARD_POLICIES if c != "equilibrium") if opponents is None
                 else name_list(opponents, "opponents"))
    _check_sizes(cards_n=n)
    base = _game().setup(setup).policy_home
    eq = dataclasses.replace(base, cards="equilibrium")
    rows = []
    for x in opponents:
        xp = dataclasses.replace(base, cards=x)
        ex = _run(setup, n, seed, rules, threads, policy_home=eq, policy_away=xp)
        xe = _run(setup, n, seed, rules, threads, policy_home=xp, policy_away=eq)
        sb = seat_balanced(ex, xe)
        e_goals = np.concatenate([ex.home_goals, xe.away_goals])
        e_shots = np.concatenate([ex.home_shots, xe.away_shots])
        x_goals = np.concatenate([ex.away_goals, xe.home_goals])
        x_shots = np.concatenate([ex.away_shots, xe.home_shots])
        es, xs = _pooled_rate(e_goals, e_shots), _pooled_rate(x_goals, x_shots)
        esg, xsg = mean_estimate(e_shots, (0, np.inf)), mean_estimate(x_shots, (0, np.inf))
        rows.append({"opponent": x, "score": sb["score"]["estimate"], "score_ci_low": sb["score"]["ci"][0],
                     "score_ci_high": sb["score"]["ci"][1], "margin": sb["margin"]["estimate"],
                     "margin_ci_low": sb["margin"]["ci"][0], "margin_ci_high": sb["margin"]["ci"][1],
                     "e_shooting_pct": es["estimate"], "e_shooting_ci_low": es["ci"][0],
                     "e_shooting_ci_high": es["ci"][1], "x_shooting_pct": xs["estimate"],
                     "x_shooting_ci_low": xs["ci"][0], "x_shooting_ci_high": xs["ci"][1],
                     "e_shots_per_game": esg["estimate"], "e_shots_ci_low": esg["ci"][0],
                     "e_shots_ci_high": esg["ci"][1], "x_shots_per_game": xsg["estimate"],
                     "x_shots_ci_low": xsg["ci"][0], "x_shots_ci_high": xsg["ci"][1], "n": n})
    return pd.DataFrame(rows)


def headline(res) -> dict:
    """The headline figures of a run (:data:`HEADLINE`, those its summary has) as ``{"estimate", "ci"}``."""
    s = res.summary().set_index("metric")
    return {m: {"estimate": float(s.at[m, "estimate"]), "ci": [float(s.at[m, "ci_low"]), float(s.at[m, "ci_high"])]}
            for m in HEADLINE if m in s.index}


@dataclass
class BalanceReport:
    """The whole report: ``meta`` (the run's labels), ``headline`` (dict of figures), ``cards`` and ``matrix``
    (DataFrames, see :func:`card_value` and :func:`policy_matrix`) and ``goals`` (the base run's distribution of
    a team's goals in a game: goals, home share, away share)."""

    meta: dict
    headline: dict
    cards: pd.DataFrame
    matrix: pd.DataFrame
    goals: pd.DataFrame
    board: object = None

    def to_json(self) -> dict:
        return {**self.meta, **self.headline, "card_value": self.cards.to_dict(orient="records"),
                "policy_matrix": self.matrix.to_dict(orient="records"),
                "goal_distribution": self.goals.to_dict(orient="records")}

    # ------------------------------------------------------------ text

    def _lines_headline(self) -> list[str]:
        rows = [(name, *estimate_text(name, v, PERCENT)) for name, v in self.headline.items()]
        return [f"{name:<28}{est:>9}  {ci}" for name, est, ci in rows]

    def to_text(self) -> str:
        m = self.meta
        lines = [f"Blue Line Hockey balance report: {m['n']:,} games, seed {m['seed']}", f"rules {m['variant']}",
                 f"policies home {m['policies']['home']}, away {m['policies']['away']}",
                 "files " + ", ".join(f"{k} {v}" for k, v in m["files"].items()), "",
                 f"{'figure':<28}{'estimate':>9}  95% interval", *self._lines_headline(), "",
                 f"Equilibrium card play against other card play ({counted(m['cards_n'], 'game')} a seat, "
                 "seats balanced, paired; sh%: goals per shot, shots: a game):",
                 f"{'opponent cards':<16}{'eq. score [95% CI]':>26}{'goal margin [95% CI]':>28}"
                 f"{'eq. sh%':>9}{'opp. sh%':>10}{'eq. shots':>11}{'opp. shots':>12}"]
        for r in self.cards.itertuples():
            lines.append(f"{r.opponent:<16}{f'{r.score:.3f} [{r.score_ci_low:.3f}, {r.score_ci_high:.3f}]':>26}"
                         f"{f'{r.margin:+.3f} [{r.margin_ci_low:+.3f}, {r.margin_ci_high:+.3f}]':>28}"
                         f"{100 * r.e_shooting_pct:>8.1f}%{100 * r.x_shooting_pct:>9.1f}%"
                         f"{r.e_shots_per_game:>11.1f}{r.x_shots_per_game:>12.1f}")
        pols, grid = matrix_text(self.matrix)
        lines += ["", f"Policy matrix: row's score against column (win 1, tie 1/2), "
                      f"{counted(m['matrix_n'], 'game')} a seat, seats balanced, with 95% intervals",
                  "(a policy against itself scores 1/2 exactly: the same games, played both ways round)",
                  matrix_coverage(pols)]
        width = max([len(str(p)) for p in pols] + [6]) + 2
        lines.append(" " * width + "".join(f"{str(p)[:21]:>22}" for p in pols))
        for a in pols:
            lines.append(f"{a:<{width}}" + "".join(f"{grid.at[a, b]:>22}" for b in pols))
        return "\n".join(lines)

    # ------------------------------------------------------------ the page to share

    def figures(self) -> dict:
        """The report's matplotlib figures by name (:data:`REPORT_FIGURES`), built with matplotlib's object API:
        nothing is left open in pyplot."""
        from matplotlib.figure import Figure
        from matplotlib.ticker import PercentFormatter

        from simcore.analysis.plots import matrix_figure

        from . import plots

        fig = Figure(figsize=(13, 6.2))
        plots.plot_board(self.board if self.board is not None else plots.load_board(), ax=fig.subplots())
        fig.tight_layout()
        figs = {"board": fig}
        fig = Figure(figsize=(6.5, 3.6))
        ax = fig.subplots()
        g = self.goals
        ax.bar(g.goals - 0.2, g.home, width=0.4, label="home")
        ax.bar(g.goals + 0.2, g.away, width=0.4, label="away")
        ax.set(xlabel="a team's goals in a game", ylabel="share of games", title="Goals per team game")
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
        ax.legend()
        fig.tight_layout()
        figs["goals"] = fig
        c = self.cards
        fig = Figure(figsize=(6.5, 0.6 + 0.5 * max(len(c), 1)))
        ax = fig.subplots()
        y = np.arange(len(c))
        ax.errorbar(c.score, y, xerr=np.vstack([c.score - c.score_ci_low, c.score_ci_high - c.score]),
                    fmt="o", capsize=3)
        ax.axvline(0.5, color="grey", lw=1, ls="--")
        ax.set_yticks(y, list(c.opponent))
        ax.invert_yaxis()
        ax.set(xlabel="equilibrium side's score (95% interval; 1/2 = no edge)", title="Equilibrium cards against")
        fig.tight_layout()
        figs["cards"] = fig
        figs["matrix"] = matrix_figure(self.matrix, "Row's score against column, seats balanced")
        return figs

    def page(self):
        """The report as a :class:`simcore.sharing.Report` (``.write("report.html")`` or ``.md``)."""
        import simcore
        from simcore.htmlview import Table
        from simcore.sharing import Figure, Report

        m = self.meta
        figs = self.figures()
        facts = {"Game": "blueline", "Rules": m["variant"], "Policies": f"home {m['policies']['home']}, away "
                 f"{m['policies']['away']}", "Files": ", ".join(f"{k} {v}" for k, v in m["files"].items()),
                 "Games": f"{m['n']:,} (card play {m['cards_n']:,} a seat, matrix {m['matrix_n']:,} a seat)",
                 "Seed": str(m["seed"]), "simcore": simcore.__version__}
        rep = Report("Blue Line Hockey: balance report", facts)
        head = headline_table(self.headline, PERCENT, {k: m.doc for k, m in _game().metrics.items()})
        cards = pd.DataFrame({"Opponent's cards": self.cards.opponent,
                              "Equilibrium score": [f"{r.score:.3f} [{r.score_ci_low:.3f}, {r.score_ci_high:.3f}]"
                                                    for r in self.cards.itertuples()],
                              "Goal margin": [f"{r.margin:+.3f} [{r.margin_ci_low:+.3f}, {r.margin_ci_high:+.3f}]"
                                              for r in self.cards.itertuples()],
                              "Equilibrium sh%": [f"{100 * v:.1f}%" for v in self.cards.e_shooting_pct],
                              "Opponent sh%": [f"{100 * v:.1f}%" for v in self.cards.x_shooting_pct],
                              "Equilibrium shots a game": [f"{v:.1f}" for v in self.cards.e_shots_per_game],
                              "Opponent shots a game": [f"{v:.1f}" for v in self.cards.x_shots_per_game]})
        pols, grid = matrix_text(self.matrix)
        mat = pd.DataFrame({"Row policy": pols, **{c: list(grid[c]) for c in pols}})
        rep.blocks += [
            ("h2", "The board"),
            Figure("board", figs["board"], "The board the games were played on."),
            ("h2", "Home advantage, goals and the power play"),
            ("p", f"{m['n']:,} games of the setup above. Shares (of games) and rates are in percent, the other "
                  "figures per game; the intervals are 95% (Wilson for shares, normal for means over games, the "
                  "delta method for pooled rates such as PP%)."),
            Table(head, numeric=("Estimate", "95% interval")),
            Figure("goals", figs["goals"], "A team's goals in a game, home and away."),
            ("h2", "What equilibrium card play is worth"),
            ("p", "Both coaches make every other decision alike; one picks its shot and goalie cards by the "
                  "equilibrium of each shot's card game, the other by the card policy named. Each pairing is "
                  "played with the seats both ways on one seed, game by game, so the home edge cancels: a score "
                  "above 1/2 is what the equilibrium is worth."),
            Table(cards, numeric=("Equilibrium score", "Goal margin", "Equilibrium sh%", "Opponent sh%",
                                   "Equilibrium shots a game", "Opponent shots a game")),
            Figure("cards", figs["cards"], "The equilibrium side's score against each card policy."),
            ("h2", "Policy against policy"),
            ("p", f"The row policy's score against the column policy (a win 1, a tie 1/2), "
                  f"{counted(m['matrix_n'], 'game')} a seat, seats balanced and paired, with its 95% interval; a "
                  "policy against itself scores exactly 1/2."),
            ("p", matrix_coverage(pols) + "."),
            Table(mat, numeric=tuple(pols)),
            Figure("matrix", figs["matrix"], "Row's score against column."),
        ]
        return rep


def board_figure(board=None):
    """The board's figure (:mod:`.plots`)."""
    from . import plots

    return plots.board_figure(board)


def goal_distribution(games: pd.DataFrame) -> pd.DataFrame:
    h, a = games.home_goals.to_numpy(np.int64), games.away_goals.to_numpy(np.int64)
    k = np.arange(max(h.max(initial=0), a.max(initial=0)) + 1)
    return pd.DataFrame({"goals": k, "home": np.bincount(h, minlength=k.size) / h.size,
                         "away": np.bincount(a, minlength=k.size) / a.size})


def balance_report(n: int = 100_000, seed: int = 0, rules=None, setup=None, *, matrix_n: int = 4000,
                   matrix=None, cards_n: int = 20_000, card_opponents=None, threads=None) -> BalanceReport:
    """Run the base game (``n`` games of ``setup``), the card-play comparison (``cards_n`` games a seat;
    ``card_opponents``: the card policies, default all but the equilibrium) and the policy matrix (``matrix_n``
    games a seat; ``matrix``: the policies, default
    :func:`matrix_policies`), all on ``seed`` and the setup's data files."""
    g = _game()
    rules = g.rules(rules)
    setup = g.setup(setup)
    _check_sizes(n=n, matrix_n=matrix_n, cards_n=cards_n)
    res = g.simulate(setup, n=n, seed=seed, rules=rules, threads=threads, progress=False)
    meta = {"game": "blueline", "variant": rules.id, "seed": seed, "n": n, "policies": res.meta["policies"],
            "files": res.meta["files"], "cards_n": cards_n, "matrix_n": matrix_n, "version": res.meta["version"]}
    cards = card_value(card_opponents, cards_n, seed, rules, setup, threads)
    mat = policy_matrix(matrix, matrix_n, seed, rules, setup, threads)
    return BalanceReport(meta, headline(res), cards, mat, goal_distribution(res.games), setup.board)


__all__ = ["HEADLINE", "MATRIX_POLICIES", "PERCENT", "REPORT_FIGURES", "BalanceReport", "balance_report", "card_value",
           "goal_distribution", "headline", "matrix_coverage", "matrix_policies", "policy_matrix", "seat_balanced"]
