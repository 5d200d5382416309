"""Strat-O-Matic Basic: goalie fatigue on vs off, and the 3-line vs 4-line deck.

Two paired comparisons against the rulebook rules (``goalie_fatigue=on``, ``lines=3``) over the sample league's
round robin (the default setup of ``simcore.game("strat").simulate``): ``goalie_fatigue=off`` and
``lines=4``.  Metrics: goals per team game, home win, shots, power-play chances and goals, goal margin, the share
of games past regulation, and the power-play conversion rate (a ratio of sums, with a paired delta-method
interval); the conclusion names every metric whose change is detected.  NHL 2018-19 figures from
``docs/reference/nhl.md`` are shown for scale.
"""
from __future__ import annotations

import time

import matplotlib.pyplot as plt
from matplotlib.ticker import PercentFormatter
import numpy as np

import _common as C
import simcore
from simcore.analysis import compare

NAME = "strat_fatigue_lines"
METRICS = ["goals_per_team_game", "home_win", "shots_per_game", "pp_opportunities_per_game", "pp_goals_per_game",
           "margin", "past_regulation"]
VARIANTS = {"goalie_fatigue=off": "goalie fatigue off", "lines=4": "4-line deck"}
#: NHL 2018-19, per team per game unless noted (docs/reference/nhl.md); per game = both teams
NHL = {"goals_per_team_game": 2.98, "home_win": 0.537, "shots_per_game": 2 * 31.45,
       "pp_opportunities_per_game": 2 * 2.92, "pp_pct": 0.198, "past_regulation": 0.213}


def pp(g):
    return (g.home_pp_goals + g.away_pp_goals).to_numpy(), \
        (g.home_pp_opportunities + g.away_pp_opportunities).to_numpy()


def main(argv=None):
    args = C.parser(__doc__.splitlines()[0], n=40_000).parse_args(argv)
    t0 = time.time()
    strat = simcore.game("strat")
    base = strat.Rules()
    cmps = {v: compare("strat", None, v, args.n, args.seed, metrics=METRICS) for v in VARIANTS}
    # the games compare played (default setup, same seed), for the power-play conversion rate
    games = {"base": strat.simulate(None, n=args.n, seed=args.seed, rules=base).games}
    for v in VARIANTS:
        games[v] = strat.simulate(None, n=args.n, seed=args.seed, rules=base.with_options(v)).games
    ppa = pp(games["base"])
    pp_pct = {"base": C.ratio_ci(*ppa)}
    pp_diff = {}
    for v in VARIANTS:
        ppb = pp(games[v])
        pp_pct[v] = C.ratio_ci(*ppb)
        pp_diff[v] = C.paired_ratio_diff(ppa[0], ppa[1], ppb[0], ppb[1])
    teams = sorted(set(games["base"].home) | set(games["base"].away))

    # ---- figure: relative paired differences
    fig, ax = plt.subplots(figsize=(8.6, 3.8))
    show = ["goals_per_team_game", "home_win", "shots_per_game", "pp_opportunities_per_game", "pp_goals_per_game"]
    y = np.arange(len(show) + 1)
    for j, (v, label) in enumerate(VARIANTS.items()):
        t = cmps[v].table().set_index("metric")
        est = [100 * t.loc[m, "diff"] / t.loc[m, "a"] for m in show]
        lo = [100 * t.loc[m, "ci_low"] / t.loc[m, "a"] for m in show]
        hi = [100 * t.loc[m, "ci_high"] / t.loc[m, "a"] for m in show]
        d, dl, dh = pp_diff[v]
        a = pp_pct["base"][0]
        est.append(100 * d / a)
        lo.append(100 * dl / a)
        hi.append(100 * dh / a)
        est, lo, hi = map(np.array, (est, lo, hi))
        ax.errorbar(est, y + (j - 0.5) * 0.3, xerr=[est - lo, hi - est], fmt="o", capsize=3, label=label)
    ax.axvline(0, color="k", lw=0.8, label="rulebook (no change)")
    ax.set_yticks(y, show + ["pp_conversion"])
    ax.xaxis.set_major_formatter(PercentFormatter(xmax=100))
    ax.set_xlabel("change relative to the rulebook value (paired 95% CI)")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)   # over no interval
    ax.set_title(f"Strat Basic, sample league round robin, n={args.n:,}")
    fig1 = C.save(fig, args.out, f"{NAME}_paired.png")

    # ---- report
    L = C.header("Strat-O-Matic Basic: goalie fatigue and the 4-line deck", __file__, args,
                 "Question: what do goalie fatigue (rules 24.2-24.3: a fatigued goalie's Faceoff• reading becomes a "
                 "goal; `goalie_fatigue=on` is the rulebook default) and the 4-line deck (`lines=4`: four forward "
                 "lines and three defense pairs, against three and two) do to scoring, home wins, shots and the "
                 f"power play? Setup: the sample league's round robin ({', '.join(teams)}), the default of "
                 f"`simcore compare strat`. Each variant is paired with the rulebook rules (`{base.id}`) on the "
                 f"same seed (common random numbers).")
    for v, label in VARIANTS.items():
        t = cmps[v].table()
        L += [f"## {label} (`{v}`) minus the rulebook", ""]
        rows = [[r.metric, C.f(r.a), C.f(r.b), C.ci(r["diff"], r.ci_low, r.ci_high, sign=True), f"{r.p_holm:.3g}",
                 C.f(NHL[r.metric], 3) if r.metric in NHL else ""] for _, r in t.iterrows()]
        rows.append(["pp_conversion (pp goals / pp chances)", C.ci(*pp_pct["base"]), C.ci(*pp_pct[v]),
                     C.ci(*pp_diff[v], sign=True), "", C.f(NHL["pp_pct"], 3)])
        L += C.table(["metric", "rulebook", label, "difference [95% CI]", "p (Holm)", "NHL 2018-19"], rows)
        gt = cmps[v].goals_test
        L += [f"Goals-per-team distribution, chi-square: statistic {gt[0]:.1f}, dof {gt[2]}, p = {gt[1]:.3g}.", ""]
    L += ["Per-game figures (shots, power-play chances and goals) count both teams; the NHL column doubles its "
          "per-team figures for them.", "", "## Figure", "", f"![paired differences]({fig1})", ""]

    # ---- conclusion
    concl = []
    for v, label in VARIANTS.items():
        t = cmps[v].table().set_index("metric")
        sig, flat = [], []
        for m in t.index:                       # every metric of the compare family, in the table's order
            r = t.loc[m]
            rel = f"{100 * r['diff'] / r.a:+.2f}%, " if r.a else ""
            txt = f"{m} {r['diff']:+.4f} ({rel}CI {r.ci_low:+.4f} to {r.ci_high:+.4f})"
            detected = C.excludes_zero(r) and r.p_holm < 0.05
            (sig if detected else flat).append(txt if detected else m)
        d, dl, dh = pp_diff[v]
        (sig if (dl > 0 or dh < 0) else flat).append(
            f"pp conversion {100 * d:+.2f} points (CI {100 * dl:+.2f} to {100 * dh:+.2f})" if (dl > 0 or dh < 0)
            else "pp conversion")
        s = f"With {label}: " + ("; ".join(sig) + "." if sig else "no metric changes detectably.")
        if flat and sig:
            s += f" No detectable change in {', '.join(flat)}."
        g = t.loc["goals_per_team_game"]
        nhl_gap_a, nhl_gap_b = abs(g.a - NHL["goals_per_team_game"]), abs(g.b - NHL["goals_per_team_game"])
        if C.excludes_zero(g) and g.p_holm < 0.05:
            s += (f" Scoring moves {'towards' if nhl_gap_b < nhl_gap_a else 'away from'} the NHL's 2.98 goals per "
                  f"team game ({g.a:.2f} -> {g.b:.2f}).")
        concl.append(s)
    concl.append("(A change counts as detected when its 95% interval excludes zero and its Holm-adjusted p-value "
                 "is below 0.05; power-play conversion, outside the compare family, by its interval alone.)")
    L += ["## Conclusion", "", " ".join(concl), "", f"_Run time {time.time() - t0:.0f} s._"]
    C.write(args.out, NAME, L)


if __name__ == "__main__":
    main()
