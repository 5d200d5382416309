"""Pyramid: which tie-break option reduces ties without hurting balance?

Options ``tie_break=sudden-death``, ``tie_break=shootout`` and ``period_start=alternate``, alone and combined,
each compared with the rulebook rules (``tie_break=ties``, ``period_start=next-in-turn``) on common random
numbers: tie rate, first-mover win, home advantage (home win minus away win; with ``first_player=home`` the home
side drafts first in period 1), with paired 95% intervals; ``simcore.games.pyramid.report.rule_options`` (that is
``balance.rule_options``, re-exported) gives a second verdict on the same games (the same n and seed).
"""
from __future__ import annotations

import math
import time

import matplotlib.pyplot as plt
import numpy as np

import _common as C
import simcore
from simcore.analysis import compare
from simcore.games.pyramid import report
from simcore.games.pyramid.balance import BALANCE_SLACK   # the slack of report.rule_options' keeps_balance

NAME = "pyramid_tie_breaks"
OPTIONS = ["tie_break=sudden-death", "tie_break=shootout", "period_start=alternate",
           "tie_break=sudden-death,period_start=alternate", "tie_break=shootout,period_start=alternate"]
METRICS = ["tie", "first_mover_win", "home_advantage", "home_win", "away_win", "decided_OT", "decided_SO",
           "goals_per_team_game", "game_length"]


def main(argv=None):
    args = C.parser(__doc__.splitlines()[0], n=200_000).parse_args(argv)
    t0 = time.time()
    pyr = simcore.game("pyramid")
    base = pyr.Rules()
    cmps = {o: compare("pyramid", None, o, args.n, args.seed, metrics=METRICS) for o in OPTIONS}
    # per-variant levels: tie rate, advantage, first-mover share of decided games
    levels = {}
    for o in ["base"] + OPTIONS:
        g = pyr.simulate(None, n=args.n, seed=args.seed, rules=base if o == "base" else base.with_options(o)).games
        adv = ((g.winner == "home").astype(float) - (g.winner == "away")).to_numpy()
        m, sd = adv.mean(), adv.std(ddof=1)
        h = C.Z * sd / math.sqrt(adv.size)
        decided = (g.winner != "tie").to_numpy().astype(float)
        fm = g.first_drafter_won.to_numpy().astype(float)
        levels[o] = {"tie": C.wilson(float((g.winner == "tie").sum()), args.n), "fm_win": C.wilson(fm.sum(), args.n),
                     "adv": (m, m - h, m + h), "fm_share": C.ratio_ci(fm, decided)}
    ro = report.rule_options(OPTIONS, n=args.n, seed=args.seed).set_index("option")

    def tab(o):
        return cmps[o].table().set_index("metric")

    # verdicts from the paired intervals
    a0 = levels["base"]["adv"][0]
    verdict = {}
    for o in OPTIONS:
        t = tab(o)
        tie, adv = t.loc["tie"], t.loc["home_advantage"]
        reduces = adv_hurts = adv_helps = False
        reduces = tie.ci_high < 0
        # |advantage| grows when the change has the advantage's own sign, all of its interval
        if a0 > 0:
            adv_hurts, adv_helps = adv.ci_low > 0, adv.ci_high < 0 and adv.b > -a0
        else:
            adv_hurts, adv_helps = adv.ci_high < 0, adv.ci_low > 0 and adv.b < -a0
        verdict[o] = {"reduces": bool(reduces), "hurts": bool(adv_hurts), "helps": bool(adv_helps),
                      "ro_keeps": bool(ro.loc[o, "keeps_balance"])}

    # ---- figure
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    labels = ["rulebook"] + [o.replace("tie_break=", "").replace("period_start=", "").replace(",", "+") for o in OPTIONS]
    x = np.arange(len(labels))
    tv = np.array([levels[o]["tie"] for o in ["base"] + OPTIONS])
    av = np.array([levels[o]["adv"] for o in ["base"] + OPTIONS])
    ax1.bar(x - 0.2, tv[:, 0], 0.4, yerr=[tv[:, 0] - tv[:, 1], tv[:, 2] - tv[:, 0]], capsize=3, label="tie rate")
    ax1.bar(x + 0.2, av[:, 0], 0.4, yerr=[av[:, 0] - av[:, 1], av[:, 2] - av[:, 0]], capsize=3,
            label="home advantage (home win - away win)")
    ax1.axhline(0, color="k", lw=0.8)
    ax1.set_xticks(x, labels, rotation=30, ha="right", fontsize=8)
    ax1.set_ylabel("share of games")
    ax1.legend(fontsize=8)
    ax1.set_title("levels (95% CI)")
    y = np.arange(len(OPTIONS))
    for j, (m, lab) in enumerate((("tie", "tie rate"), ("home_advantage", "home advantage"),
                                  ("first_mover_win", "first-mover win"))):
        e = np.array([tab(o).loc[m, "diff"] for o in OPTIONS])
        lo = np.array([tab(o).loc[m, "ci_low"] for o in OPTIONS])
        hi = np.array([tab(o).loc[m, "ci_high"] for o in OPTIONS])
        ax2.errorbar(e, y + (j - 1) * 0.22, xerr=[e - lo, hi - e], fmt="o", ms=4, capsize=3, label=lab)
    ax2.axvline(0, color="k", lw=0.8)
    ax2.set_yticks(y, labels[1:], fontsize=8)
    ax2.invert_yaxis()
    ax2.set_xlabel("option minus rulebook (paired 95% CI)")
    ax2.legend(fontsize=8)
    ax2.set_title("paired changes")
    fig1 = C.save(fig, args.out, f"{NAME}.png")

    # ---- report
    L = C.header("Pyramid: tie-break options, ties and balance", __file__, args,
                 "Question: which tie-break option reduces ties without hurting balance? Options: "
                 + ", ".join(f"`{o}`" for o in OPTIONS) + f"; each paired with the rulebook rules (`{base.id}`) "
                 "on the same seed (common random numbers), default policies for both sides. Balance is the home "
                 "advantage, home win minus away win per game (the home side drafts first in period 1, "
                 "`first_player=home`), and the first mover's share of the decided games.")
    L += ["## Levels", ""]
    rows = []
    for o in ["base"] + OPTIONS:
        lv = levels[o]
        fmw = (tab(OPTIONS[0]).loc["first_mover_win", "a"] if o == "base" else tab(o).loc["first_mover_win", "b"])
        assert abs(fmw - lv["fm_win"][0]) < 1e-12, "the games table and compare count the first mover's wins alike"
        rows.append(["rulebook" if o == "base" else f"`{o}`", C.pct_ci(*lv["tie"], 2), C.ci(*lv["adv"], sign=True),
                     C.pct_ci(*lv["fm_win"], 2), C.pct_ci(*lv["fm_share"], 2)])
    L += C.table(["rules", "tie rate [95% CI]", "home advantage [95% CI]", "first-mover win [95% CI]",
                  "first mover's share of decided games [95% CI]"], rows)
    L += ["## Paired changes (option - rulebook)", ""]
    show = ["tie", "first_mover_win", "home_advantage", "decided_OT", "decided_SO", "goals_per_team_game", "game_length"]
    rows = [[f"`{o}`"] + [C.ci(tab(o).loc[m, "diff"], tab(o).loc[m, "ci_low"], tab(o).loc[m, "ci_high"], sign=True)
                          for m in show] for o in OPTIONS]
    L += C.table(["option"] + show, rows)
    L += ["A change that no game shows (the option changes the metric in none of the paired games) has the "
          "bound of no game differing (docs/analysis.md): at most 3.69 / n for a share of games, no interval "
          "(n/a) for a count, since such a game could differ by any number.", ""]
    sd = [o for o in OPTIONS if "tie_break=sudden-death" in o]
    if sd:
        t = tab(sd[0])
        ot, base_tie = t.loc["decided_OT", "diff"], levels["base"]["tie"][0]
        L += [f"`decided_OT` is the share of games that ended in overtime (won there, or tied after it), not the share "
              f"overtime decided. With `{sd[0]}` it counts every game that reaches the sudden-death period, the "
              f"{C.pct(levels[sd[0]]['tie'][0], 2)} still tied after it included, so its change ({ot:+.4f}) "
              + (f"equals the rulebook's tie rate ({base_tie:.4f})" if abs(ot - base_tie) < 1e-9 else
                 f"is not the share of games it decides") +
              f"; the share sudden death decides is the fall in ties ({-t.loc['tie', 'diff']:.4f}).", ""]
    L += [f"`report.rule_options` (same n and seed; `keeps_balance`: the paired 95% interval of the change in "
          f"|first-mover advantage| ends at most {BALANCE_SLACK} above zero; `worsens_balance`: it lies wholly above "
          f"{BALANCE_SLACK}):", ""]
    rows = [[f"`{o}`", C.ci(ro.loc[o, "tie_change"], ro.loc[o, "tie_change_ci_low"], ro.loc[o, "tie_change_ci_high"],
                            sign=True),
             C.ci(ro.loc[o, "advantage_size_change"], ro.loc[o, "advantage_size_change_ci_low"],
                  ro.loc[o, "advantage_size_change_ci_high"], sign=True),
             ro.loc[o, "reduces_ties"], ro.loc[o, "keeps_balance"], ro.loc[o, "worsens_balance"]] for o in OPTIONS]
    L += C.table(["option", "tie change [95% CI]", "change in size of advantage [95% CI]", "reduces_ties",
                  "keeps_balance", "worsens_balance"], rows)
    L += ["First-mover win rises with every tie-break simply because tied games get a winner; the home advantage "
          "(wins minus losses) and the first mover's share of decided games are the balance measures that do not "
          "reward that.", "", "## Figure", "", f"![ties and balance]({fig1})", ""]

    # ---- conclusion
    concl = [f"Under the rulebook {C.pct(levels['base']['tie'][0], 1)} of games end tied and the home side "
             f"(first drafter) has an advantage of {a0:+.4f} (home win minus away win)."]
    good = [o for o in OPTIONS if verdict[o]["reduces"] and not verdict[o]["hurts"] and verdict[o]["ro_keeps"]]
    for o in OPTIONS:
        t, v = tab(o), verdict[o]
        tie, adv = t.loc["tie"], t.loc["home_advantage"]
        s = f"`{o}`: ties {tie['diff'] * 100:+.2f} points (CI {tie.ci_low * 100:+.2f} to {tie.ci_high * 100:+.2f}), "
        s += f"advantage {adv['diff']:+.4f} (CI {adv.ci_low:+.4f} to {adv.ci_high:+.4f}), "
        s += ("which reduces ties" if v["reduces"] else "which does not detectably reduce ties")
        s += (" and enlarges the advantage" if v["hurts"] else " and shrinks the advantage" if v["helps"]
              else " and leaves the advantage's size with no detectable change")
        s += "." if v["ro_keeps"] else "; rule_options flags it as not keeping balance."
        concl.append(s)
    if good:
        best = min(good, key=lambda o: (levels[o]["tie"][0], abs(levels[o]["adv"][0])))
        fair = min(good, key=lambda o: (abs(levels[o]["adv"][0]), levels[o]["tie"][0]))
        concl.append(f"Options that reduce ties without hurting balance: {', '.join(f'`{o}`' for o in good)}. "
                     f"Fewest ties among them: `{best}` ({C.pct(levels[best]['tie'][0], 2)} ties, advantage "
                     f"{levels[best]['adv'][0]:+.4f}); smallest advantage among them: `{fair}` "
                     f"({C.pct(levels[fair]['tie'][0], 2)} ties, advantage {levels[fair]['adv'][0]:+.4f}).")
        if "shootout" in best:
            concl.append("The card shootout is simcore's own design, not the rulebook's (docs/pyramid.md); "
                         "sudden death is the closest reading of the rulebook's own period play.")
    else:
        concl.append("No option both reduces ties and keeps balance at this n.")
    L += ["## Conclusion", "", " ".join(concl), "", f"_Run time {time.time() - t0:.0f} s._"]
    C.write(args.out, NAME, L)


if __name__ == "__main__":
    main()
