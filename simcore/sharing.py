"""Reports to share: a league projection or a comparison of rule variants as one page to mail.

A :class:`Report` is a title, a few facts (league or game, date, seed, n, simcore version) and blocks of text,
tables and figures.  :func:`league_report` and :func:`compare_report` build one; :meth:`Report.write` writes it:

* ``.html`` (or ``.htm``): one self-contained file.  CSS inline, every figure a PNG embedded as a base64
  ``data:`` URI, no script and no network resource, so it opens the same from a mail attachment.
* ``.md``: Markdown with pipe tables; figures are written beside it as ``<stem>-<name>.png`` and linked by
  relative path (most Markdown viewers, GitHub's among them, do not show ``data:`` images).  The figures are
  written first and the page last, so an interrupted write never leaves a page that looks complete.

Nothing that exists is replaced unless ``force``; every file is written to a temporary name in its folder and
renamed (:mod:`simcore.outputs`).
"""
from __future__ import annotations

import base64
import contextlib
import datetime
import html
import io
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

import simcore
from simcore.checks import frame_with, is_whole, name_list, of_kind
from simcore.cliargs import counted
from simcore.errors import InputError
from simcore.htmlview import Table, html_table, md_table, p_text, pct

#: File suffixes :meth:`Report.write` understands, and the format each one means.
FORMATS = {".html": "html", ".htm": "html", ".md": "md"}
#: Seasons per date of the odds-over-dates section of a league report (modest: it reruns the projection
#: once per date).
HISTORY_N = 1_000
HISTORY_DATES = 4
#: The figures each report holds (what a Markdown report writes beside it, ``<stem>-<name>.png``).
LEAGUE_FIGURES = ("points", "history")
COMPARE_FIGURES = ("forest",)

_CSS = """
body { font-family: -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #222;
       max-width: 72rem; margin: 1.5rem auto; padding: 0 1rem; line-height: 1.4; }
h1 { font-size: 1.6rem; margin-bottom: 0.2rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; padding-bottom: 0.2rem; }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.1rem 1rem; margin: 0.8rem 0; }
dl.facts dt { color: #666; } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
div.scroll { overflow-x: auto; max-width: 100%; }
table.data { border-collapse: collapse; font-size: 0.85rem; margin: 0.5rem 0; }
table.data th { background: #f0f3f6; text-align: left; padding: 0.25rem 0.5rem; border-bottom: 2px solid #ccd; }
table.data td { padding: 0.2rem 0.5rem; border-bottom: 1px solid #eee; }
table.data tbody tr:nth-child(even) { background: #fafbfc; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
figure { margin: 1rem 0; } figure img { max-width: 100%; height: auto; }
figcaption, p.note { color: #555; font-size: 0.85rem; }
footer { margin-top: 2.5rem; color: #888; font-size: 0.8rem; }
"""

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{css}</style>
</head>
<body>
<h1>{title}</h1>
{facts}
{body}
<footer>Written by simcore {version} on {written}.</footer>
</body>
</html>
"""


@dataclass
class Figure:
    """A figure block: a matplotlib figure, saved as a PNG under ``name`` with a caption."""

    name: str
    figure: object
    caption: str = ""


@dataclass
class Report:
    """A page: ``title``, ``facts`` (label -> text) and ``blocks``, each a heading ``("h2", text)``, a
    paragraph ``("p", text)``, a note ``("note", text)``, a :class:`Table` or a :class:`Figure`."""

    title: str
    facts: dict
    blocks: list = field(default_factory=list)

    def figures(self) -> list[Figure]:
        return [b for b in self.blocks if isinstance(b, Figure)]

    def html(self) -> str:
        """The page as one self-contained HTML document."""
        parts = []
        for b in self.blocks:
            if isinstance(b, Table):
                parts.append(html_table(b))
            elif isinstance(b, Figure):
                data = base64.b64encode(_png(b.figure)).decode("ascii")
                cap = f"<figcaption>{html.escape(b.caption)}</figcaption>" if b.caption else ""
                parts.append(f'<figure id="fig-{html.escape(b.name)}"><img src="data:image/png;base64,{data}" '
                             f'alt="{html.escape(b.caption or b.name)}">{cap}</figure>')
            else:
                kind, text = b
                tag = {"h2": "h2", "p": "p", "note": 'p class="note"'}[kind]
                parts.append(f"<{tag}>{html.escape(text)}</{tag.split()[0]}>")
        # a long value (a rules id) breaks after its commas before it breaks inside a word
        facts = "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(str(v)).replace(',', ',<wbr>')}</dd>"
                        for k, v in self.facts.items())
        return _PAGE.format(title=html.escape(self.title), css=_CSS, facts=f'<dl class="facts">{facts}</dl>',
                            body="\n".join(parts), version=html.escape(simcore.__version__),
                            written=_now())

    def markdown(self, figure_path=lambda f: f"{f.name}.png") -> str:
        """The page as Markdown; ``figure_path(figure)`` gives the relative path a figure is linked under."""
        lines = [f"# {self.title}", ""]
        lines += [f"- **{k}:** {v}" for k, v in self.facts.items()]
        for b in self.blocks:
            lines.append("")
            if isinstance(b, Table):
                lines += md_table(b)
            elif isinstance(b, Figure):
                lines.append(f"![{b.name}]({figure_path(b)})")       # the caption follows: not twice in text
                if b.caption:
                    lines += ["", f"*{b.caption}*"]
            else:
                kind, text = b
                lines.append(f"## {text}" if kind == "h2" else (f"*{text}*" if kind == "note" else text))
        lines += ["", "---", f"Written by simcore {simcore.__version__} on {_now()}.", ""]
        return "\n".join(lines)

    def write(self, path, force: bool = False) -> list[Path]:
        """Write the page to ``path`` (``.html``/``.htm`` or ``.md``, :data:`FORMATS`); for Markdown also its
        figures beside it (``<stem>-<name>.png``).  Refuses to replace any of those files unless ``force``
        (FileExistsError).  Returns the paths written, the page last.  Every file is rendered and written to a
        temporary file first and renamed into place at the end, the page last: an interrupted write (Ctrl-C
        while a figure renders) leaves none of them."""
        from simcore.outputs import check_flag, output_path

        path, force = output_path(path, "a report"), check_flag(force, "force")
        fmt = report_format(path)
        names = [f.name for f in self.figures()]
        refuse_existing(path, names, force, hint="pass force=True to replace it")
        if fmt == "html":
            _write_files({path: self.html().encode("utf-8")})
            return [path]
        figures = {n: figure_path(path, n) for n in names}
        data = {figures[f.name]: _png(f.figure) for f in self.figures()}
        data[path] = self.markdown(lambda f: figures[f.name].name).encode("utf-8")
        _write_files(data)
        return list(data)


def report_format(path) -> str:
    """``"html"`` or ``"md"`` from a report path's suffix; a ValueError naming the path otherwise."""
    fmt = FORMATS.get(Path(path).suffix.lower())
    if fmt is None:
        raise InputError(f"report {str(path)!r}: the name must end in .html (or .htm) or .md, in any case")
    return fmt


def figure_path(path, name: str) -> Path:
    """Where a Markdown report at ``path`` keeps its figure ``name``: ``<stem>-<name>.png`` beside it."""
    path = Path(path)
    return path.with_name(f"{path.stem}-{name}.png")


def report_outputs(report, figures, option: str = "--report") -> list:
    """The ``(what, path)`` pairs of a report page and, for Markdown, the figures written beside it, for
    :func:`simcore.cliargs.refuse_one_file_twice`."""
    out = [(option, Path(report))]
    if Path(report).suffix.lower() == ".md":
        out += [(f"the figure {option} {report} writes beside it", figure_path(report, n)) for n in figures]
    return out


def refuse_existing(path, figures=(), force: bool = False, option: str = "",
                    hint: str = "pass --force to replace it", *, folder_made: bool = False) -> None:
    """Check a report path before anything runs: a ValueError when it is a folder (naming the ``option`` that gave
    it, when given) or does not end in .html or .md, a FileExistsError (ending in ``hint``) if the page (or, for
    Markdown, one of the ``figures`` beside it) exists and not ``force``.  ``folder_made``: the command makes the
    page's folder before it writes the page (``league project --out DIR --report DIR/r.html``), so it need not
    exist yet."""
    from simcore.outputs import check_folder, check_writable, refuse_existing as refuse

    path = Path(path)
    if path.is_dir():
        raise InputError(f"{option + ' ' if option else ''}{path} is a folder; name a page FILE.html or FILE.md")
    fmt = report_format(path)
    if not folder_made:
        check_folder(path)
    for p in [path, *(figure_path(path, n) for n in figures if fmt == "md")]:
        if p.is_dir():
            raise InputError(f"{p} is a folder, where the report {path} writes its figure; name the report "
                             "otherwise, or move the folder")
        refuse(p, force, hint)
    check_writable(path)


def _write_files(data: dict) -> None:
    """Write each ``{path: bytes}`` whole, all or none: each to a temporary file (:func:`simcore.outputs.replacing`),
    then renamed into place in ``data``'s order once every one is written; the caller has already refused an
    existing file without ``force``."""
    from simcore.outputs import replacing

    with contextlib.ExitStack() as stack:
        # contexts close last-entered first: enter in reverse so the renames run in data's order
        tmps = {path: stack.enter_context(replacing(path, overwrite=True)) for path in reversed(list(data))}
        for path, blob in data.items():
            Path(tmps[path]).write_bytes(blob)


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    return buf.getvalue()


# ------------------------------------------------------------------------------------------------ league

_ODDS = (("playoff_odds", "Playoffs"), ("division_odds", "Wins division"), ("first_overall_odds", "First overall"),
         ("title_odds", "Title"))


def playoff_cut(proj) -> float:
    """The playoff cut line in points: the median over the simulated seasons of the final points of the
    last team in (the fewest points among the season's playoff teams)."""
    s = proj.seasons
    made = s[s["made_playoffs"]]
    if made.empty:
        return float("nan")
    return float(made.groupby("season")["points"].min().median())


def odds_table(proj) -> pd.DataFrame:
    """The projection's odds table as the report shows it: one row per team, best projected points first."""
    t = proj.teams
    out = pd.DataFrame({"Team": t["team"].astype(str), "Division": t["division"].astype(str),
                        "Points now": t["points_now"].astype(int), "Games left": t["games_left"].astype(int),
                        "Projected points": [f"{m:.1f}" for m in t["points_mean"]],
                        "5%": [f"{v:.0f}" for v in t["points_p5"]],
                        "Median": [f"{v:.0f}" for v in t["points_p50"]],
                        "95%": [f"{v:.0f}" for v in t["points_p95"]]})
    for col, label in _ODDS:
        out[label] = [pct(v) for v in t[col]]
    return out


#: how many skaters a league page lists (every one is in ``players.csv`` of ``simcore league project --out``)
TOP_SCORERS = 15


def scorers_table(proj, k: int = TOP_SCORERS) -> pd.DataFrame:
    """The ``k`` skaters with the most projected points over the games left (a league that projects skaters:
    Strat), as text: team, player, games, goals, assists and points (means), and the points' 5% and 95%."""
    t = proj.players.head(k)
    return pd.DataFrame({"Team": t["team"].astype(str), "Player": t["player"].astype(str),
                         "Games": [f"{v:.1f}" for v in t["gp_mean"]], "G": [f"{v:.1f}" for v in t["G_mean"]],
                         "A": [f"{v:.1f}" for v in t["A_mean"]], "PTS": [f"{v:.1f}" for v in t["PTS_mean"]],
                         "PTS 5%": [f"{v:.0f}" for v in t["PTS_p5"]], "PTS 95%": [f"{v:.0f}" for v in t["PTS_p95"]]})


def _last_date(lg) -> str:
    r = lg.results
    return str(r["date"].astype(str).max()) if len(r) else "no results yet"


def league_report(proj, *, history: bool = True, history_n: int = HISTORY_N, dates=None, threads=None) -> Report:
    """A league projection's report: the odds table (playoffs, division, first overall, title; the final
    points' 5%, median and 95%), the points bands with the playoff cut line and, when the played results
    span more than one date and ``history``, the playoff odds as of a few of those dates (``dates``, default
    :data:`HISTORY_DATES` spread over the results; ``history_n`` seasons each, at most the projection's
    ``n``)."""
    from simcore.league.plots import odds_over_dates, points_distribution, points_legend
    from simcore.league.projection import Projection, default_dates, odds_by_date
    from simcore.outputs import check_flag

    of_kind(proj, Projection, "proj", "simcore.league.project()")
    history = check_flag(history, "history")
    if not is_whole(history_n) or history_n < 1:
        raise InputError(f"history_n must be a positive whole number of seasons, got {history_n!r}")
    dates = None if dates is None else name_list(dates, "dates")
    m, lg = proj.meta, proj.league
    facts = {"League": m["league"], "Game": m["game"], "Results through": _last_date(lg),
             "Games": f"{m['games_played']} played, {m['games_left']} to play",
             "Seasons simulated": f"{proj.n:,}", "Seed": str(proj.seed), "simcore": m.get("version", "")}
    rep = Report(f"{m['league']}: projected standings", facts)
    se = 0.5 / np.sqrt(proj.n)
    cut = playoff_cut(proj)
    rep.blocks += [
        ("h2", "Odds"),
        ("p", f"The rest of the season ({m['games_left']} games) simulated {proj.n:,} times from the results "
              f"through {_last_date(lg)}. Each percentage is the share of simulated seasons in which the team "
              f"made the playoffs, won its division, finished first overall or won the title; points are the "
              f"final points with the middle 90% of seasons between the 5% and 95% columns."),
        Table(odds_table(proj), numeric=("Points now", "Games left", "Projected points", "5%", "Median", "95%",
                                         *(label for _, label in _ODDS))),
        ("note", f"Odds carry a Monte Carlo standard error of at most {pct(se)}. 0.0% and 100.0% mean never or "
                 f"always in {counted(proj.n, 'simulated season')}, not mathematically eliminated or clinched."),
        ("h2", "Final points"),
    ]
    fig = points_distribution(proj)
    if np.isfinite(cut):
        ax = fig.axes[0]
        ax.axvline(cut, color="tab:purple", ls="--", lw=1.2, label=f"playoff cut ({cut:.0f})")
        points_legend(ax)
    rep.blocks.append(Figure("points", fig, "Each team's final points: 5-95% and 25-75% of simulated seasons, the "
                             "median and today's points; the dashed line is the playoff cut, the median points "
                             f"of the last team in ({cut:.0f})."))
    if proj.players is not None and len(proj.players):
        rep.blocks += [("h2", "Top projected scorers"),
                       ("p", f"Points over the rest of the season, each team's games left as in the odds table "
                             f"(played results carry no player statistics): the mean of "
                             f"{counted(proj.n, 'simulated season')} and the middle 90% of them; Games: games "
                             f"played. Every skater is in the players.csv that simcore league project --out "
                             f"writes."),
                       Table(scorers_table(proj), numeric=("Games", "G", "A", "PTS", "PTS 5%", "PTS 95%"))]
    if history:
        dates = list(dates) if dates is not None else default_dates(lg, HISTORY_DATES)
        if len(dates) > 1:
            history_n = min(history_n, proj.n)
            frame = odds_by_date(lg, dates, n=history_n, seed=proj.seed, threads=threads, progress=False)
            hist = history_table(frame)
            rep.blocks += [("h2", "Playoff odds as the results came in"),
                           ("p", f"The projection rerun from the results through each date "
                                 f"({counted(history_n, 'season')} per date, seed {proj.seed}): how each team's "
                                 "playoff odds moved."),
                           Table(hist, numeric=tuple(hist.columns[1:])),
                           Figure("history", odds_over_dates(frame, "playoff_odds"),
                                  "Playoff odds as of each date, the teams whose odds moved most.")]
    return rep


def history_table(frame: pd.DataFrame, odds: str = "playoff_odds") -> pd.DataFrame:
    """Teams by dates of :func:`~simcore.league.projection.odds_by_date`, as percentages, latest odds first;
    the column headers name each date and its games played."""
    frame_with(frame, ("date", "games_played", "team", odds), "frame", "odds_by_date()")
    dates = list(dict.fromkeys(frame["date"]))
    wide = frame.pivot(index="team", columns="date", values=odds)[dates]
    wide = wide.sort_values(dates[-1], ascending=False, kind="stable")
    out = pd.DataFrame({"Team": wide.index.astype(str)})
    for d in dates:
        out[d] = [pct(v) for v in wide[d]]
    played = frame.drop_duplicates("date").set_index("date")["games_played"]
    out.columns = ["Team", *(f"{d} ({int(played[d])} games)" for d in dates)]
    return out


# ------------------------------------------------------------------------------------------------ compare

def rule_changes(a: str, b: str) -> str:
    """The rule fields in which two rules ids (``game(field=value,...)``) differ, as ``field: A -> B``."""
    def fields(rid):
        body = rid[rid.find("(") + 1: rid.rfind(")")] if "(" in rid else ""
        return dict(p.split("=", 1) for p in body.split(",") if "=" in p)

    fa, fb = fields(a), fields(b)
    keys = [k for k in dict.fromkeys([*fa, *fb]) if fa.get(k) != fb.get(k)]
    return ", ".join(f"{k}: {fa.get(k, '-')} -> {fb.get(k, '-')}" for k in keys)


def _registered(game_id: str):
    """The registered game ``game_id`` a comparison recorded, None when it is no longer registered."""
    from simcore.games import game

    try:
        return game(game_id)
    except InputError:
        return None


def compare_report(cmp, *, power: float = 0.8) -> Report:
    """A comparison's report: per metric A, B, the difference B - A with its 95% interval, p and Holm-adjusted
    p, and a verdict in plain words (:meth:`~simcore.analysis.compare.Comparison.verdicts`); the forest plot;
    the whole-distribution tests of goals and margin."""
    from simcore.analysis.compare import Comparison, differ_at_most_text
    from simcore.analysis.plots import forest

    of_kind(cmp, Comparison, "cmp", "simcore.analysis.compare()")
    m = cmp.meta
    kind = "paired: both variants on the same seed" if m["paired"] else f"unpaired: seeds {m['seed']} and {m['seed_b']}"
    g = _registered(m["game"])
    facts = {"Game": m["game"], "Variant A": m["a"], "Variant B": m["b"]}
    changed = rule_changes(m["a"], m["b"])
    if changed:
        facts["B changes"] = changed
    if m.get("setup"):
        facts["Setup"] = ", ".join(f"{k}={v}" for k, v in m["setup"].items())
    else:                               # who played, also when the run kept the game's own setup
        # its setup's id, home=BOS,away=NYR,... with a space after each comma
        facts["Setup"] = f"the game's own ({g.setup(None).id.replace(',', ', ') if g else 'not recorded'})"
    facts.update({"Games per variant": f"{m['n']:,}", "Seed": str(m["seed"]), "Design": kind,
                  "simcore": simcore.__version__})
    rep = Report(f"{(g.title if g else '') or m['game']}: rule variant B against A", facts)
    v = cmp.verdicts(power=power)
    same = v["no_game_differs"].to_numpy(bool)
    # a metric no paired game changed: the long verdict once, in a note below the table, not on every such row
    verdict = [("no game differs (below)" + ("" if r.ci_text == "-" else f"; 95% CI {r.ci_text}"
                                              + (" pp" if r.diff_text.endswith(" pp") else "")))
               if s else r.verdict for s, r in zip(same, v.itertuples())]
    shown = pd.DataFrame({"Metric": v["metric"], "What it is": v["doc"], "A": v["a_text"], "B": v["b_text"],
                          "B - A": v["diff_text"], "95% interval": v["ci_text"],
                          "p": [p_text(p) for p in v["p_value"]], "p (Holm)": [p_text(p) for p in v["p_holm"]],
                          "Verdict": verdict})
    decided = int(v["detected"].sum())
    rep.blocks += [
        ("h2", "Verdict"),
        ("p", f"{decided} of {len(v)} metrics differ between the variants after the Holm adjustment over the "
              f"{len(v)} metrics compared (family-wise 5% level)." if decided else
              f"No metric differs detectably at n = {m['n']:,} games per variant after the Holm adjustment over "
              f"the {len(v)} metrics compared."),
        Table(shown, numeric=("A", "B", "B - A", "95% interval", "p", "p (Holm)")),
        ("note", "Shares of games and rates are in percent, their differences in percentage points (pp). "
                 "p: two-sided test of no difference; p (Holm): adjusted for the number of metrics; a verdict "
                 "names a difference only when its Holm-adjusted p is below 0.05." +
                 (f" No game differs: B - A is 0 in each of the {m['n']:,} paired games, so the metric differs in "
                  f"at most {differ_at_most_text(m['n'])} of games (95% bound). A share of games "
                  "then has that bound as its interval; a count or a rate has none, since a game that did differ "
                  "could differ by any amount." if same.any() else "")),
        ("h2", "Differences"),
        Figure("forest", forest(cmp), "Each metric's change from A to B with its 95% interval, relative to A's "
                                      "value ((B - A) / |A|, in percent; the labels give A and B; an arrow at "
                                      "the edge: A is 0, B above or below it): the table's differences on one "
                                      "scale."),
        ("h2", "Whole distributions"),
    ]
    pairs = (("goals per team", cmp.goals_test), ("goal margin", cmp.margin_test))
    tests = pd.DataFrame([{"Distribution": what, "Chi-square": f"{t[0]:.1f}" if t[2] else "no test",
                           "df": str(t[2]), "p": p_text(t[1])} for what, t in pairs])
    rep.blocks.append(Table(tests, numeric=("Chi-square", "df", "p")))
    if any(t[2] == 0 for _, t in pairs):
        rep.blocks.append(("note", "No test: too few games, the values pool into one class."))
    return rep
