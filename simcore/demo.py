"""The main demo: an EZR matchup report on the embedded sample teams."""
from __future__ import annotations

import json
from pathlib import Path


def run_demo(out: Path, *, home: str = "BOS", away: str = "NYR", n: int = 200_000, seed: int = 2019) -> str:
    """Exact and simulated odds side by side, a goal-distribution plot, written under ``out``.

    Writes ``ezr_report.md``, ``ezr_report.json`` and ``ezr_goals.png`` (files
    of these names in ``out`` are the demo's own and are replaced); returns
    the report text.
    """
    from simcore.cli import _team_arg, format_matchup, matchup_report
    from simcore.games import ezr
    from simcore.games.ezr.plots import goals_figure

    h, a = _team_arg(home), _team_arg(away)
    out.mkdir(parents=True, exist_ok=True)
    ex = ezr.exact(h, a)
    res = ezr.simulate(h, a, n=n, seed=seed, mode="aggregate")
    report = matchup_report(ex, res)
    plain = ezr.exact(h, a, "qq_chart=off")
    fig = goals_figure(ex, res, labels=(f"home {h.label}", f"away {a.label}"))
    png = out / "ezr_goals.png"
    fig.savefig(png, dpi=110)
    lines = [
        "# EZR quick play: matchup report",
        "",
        "```",
        format_matchup(report),
        "```",
        "",
        "Without the ?? chart (exact): "
        f"home win {plain.result['home']:.4f}, away win {plain.result['away']:.4f}, "
        f"home goals {plain.home_goals_mean:.3f}, away goals {plain.away_goals_mean:.3f}.",
        "",
        f"Reconstructed chart cells in use: {sum(len(v['reconstructed']) for v in res.meta['charts'].values())} "
        "(see `simcore ezr table` and docs/ezr.md).",
        "",
        f"![goals per game]({png.name})",
        "",
    ]
    text = "\n".join(lines)
    (out / "ezr_report.md").write_text(text, encoding="utf-8")
    (out / "ezr_report.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    return text + f"\nwrote {out / 'ezr_report.md'}, {out / 'ezr_report.json'} and {png}\n"
