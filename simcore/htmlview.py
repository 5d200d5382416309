"""HTML and Markdown views of small tables: Jupyter's ``_repr_html_`` of results (:func:`fragment`) and the
blocks of :mod:`simcore.sharing`'s reports.  Every value is shown as its text, escaped."""
from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np
import pandas as pd


@dataclass
class Table:
    """A table block: ``frame`` is shown as it is (format numbers into text first); ``numeric`` names the
    columns aligned right."""

    frame: pd.DataFrame
    numeric: tuple = ()


def html_table(t: Table) -> str:
    df = t.frame
    head = "".join(f'<th{" class=num" if c in t.numeric else ""}>{html.escape(str(c))}</th>' for c in df.columns)
    rows = []
    for rec in df.itertuples(index=False):
        cells = "".join(f'<td{" class=num" if c in t.numeric else ""}>{html.escape(cell_text(v))}</td>'
                        for c, v in zip(df.columns, rec))
        rows.append(f"<tr>{cells}</tr>")
    # a table wider than the page (a phone) scrolls on its own, not the whole page
    return (f'<div class="scroll"><table class="data"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def md_table(t: Table) -> list[str]:
    def cell(v):
        return cell_text(v).replace("|", "\\|").replace("\n", " ")

    cols = list(t.frame.columns)
    out = ["| " + " | ".join(cell(c) for c in cols) + " |",
           "|" + "|".join("---:" if c in t.numeric else "---" for c in cols) + "|"]
    out += ["| " + " | ".join(cell(v) for v in rec) + " |" for rec in t.frame.itertuples(index=False)]
    return out


def cell_text(v) -> str:
    if isinstance(v, float) and not np.isfinite(v):
        return "-"
    return str(v)


def matrix_text(matrix: pd.DataFrame, itself: str | None = "0.500 (itself)"):
    """The policies of a policy matrix (rows ``row``, ``column``, ``estimate``, ``ci_low``, ``ci_high``) in order,
    and its cells as text, row by column: the score and its 95% interval, to three places (``-`` undefined); on
    the diagonal ``itself`` (a seat-balanced matrix's exact 1/2), or the cell as any other when None."""
    def f(x: float) -> str:
        return "-" if x != x else f"{x:.3f}"        # an interval of one game has no ends

    pols = list(dict.fromkeys(matrix.row))
    text = [itself if itself is not None and r.row == r.column else
            f"{f(r.estimate)} [{f(r.ci_low)}, {f(r.ci_high)}]" for r in matrix.itertuples()]
    return pols, matrix.assign(text=text).pivot(index="row", columns="column", values="text").loc[pols, pols]


def estimate_text(name: str, v: dict, percent) -> tuple[str, str]:
    """A report's headline figure ``v`` (``{"estimate", "ci"}``) as (estimate, interval) text: a share or rate
    (``name`` in ``percent``) in percent, ``58.8%`` and ``[53.6%, 63.2%]``; any other to three decimals; a small
    non-zero value with two significant figures (``[0.0%, 0.0038%]``, never 0 unless it is)."""
    def f(x: float) -> str:
        if x is None or x != x:
            return "-"
        return pct(x) if name in percent else f"{x:.{decimals_showing(x, 3)}f}"

    return f(v["estimate"]), f"[{f(v['ci'][0])}, {f(v['ci'][1])}]"


def headline_table(headline: dict, percent, docs) -> pd.DataFrame:
    """A balance report's headline figures (name -> ``{"estimate", "ci"}``) as a page's table: the figure's name,
    what it is (``docs[name]``, a metric's one-line doc; blank for a name it lacks), its estimate and 95%
    interval (:func:`estimate_text`)."""
    return pd.DataFrame([{"Figure": k, "What it is": docs.get(k, ""),
                          **dict(zip(("Estimate", "95% interval"), estimate_text(k, v, percent)))}
                         for k, v in headline.items()], columns=["Figure", "What it is", "Estimate", "95% interval"])


def decimals_showing(x: float, d: int = 4) -> int:
    """``d``, or more decimals for a small non-zero ``x`` that ``d`` would show as 0 (a bound of 3.69 / n at a
    large n): enough for two significant figures."""
    if x != 0 and abs(x) < 0.5 * 10.0 ** -d:
        return min(9, 1 - int(np.floor(np.log10(abs(x)))))
    return d


def p_text(p: float) -> str:
    """A p-value to three significant figures, below 0.001 as ``< 0.001``."""
    return "-" if p != p else ("< 0.001" if p < 0.001 else f"{p:.3g}")


#: Columns a Jupyter view aligns left (names, words); all others are numbers.
TEXT_COLUMNS = {"metric", "Metric", "Team", "Division", "verdict", "Verdict", "outcome", "decided in", "score"}


def fragment(title: str, facts: dict, table: pd.DataFrame | None = None, note: str = "", *,
             tables: list | None = None) -> str:
    """A compact HTML view for Jupyter's ``_repr_html_``: a title, the facts as a two-column table, then
    ``table`` (or ``tables``: ``(caption, frame)`` pairs), every value shown as its text, escaped."""
    rows = "".join(f'<tr><th style="text-align:left">{html.escape(str(k))}</th>'
                   f'<td style="text-align:left">{html.escape(cell_text(v))}</td></tr>'
                   for k, v in facts.items() if v is not None)
    parts = [f"<div><strong>{html.escape(title)}</strong>", f"<table>{rows}</table>"]
    for caption, frame in ([("", table)] if table is not None else []) + list(tables or []):
        if caption:
            parts.append(f"<p><em>{html.escape(caption)}</em></p>")
        parts.append(html_table(Table(frame, numeric=tuple(c for c in frame.columns if c not in TEXT_COLUMNS))))
    if note:
        parts.append(f"<p><small>{html.escape(note)}</small></p>")
    return "\n".join(parts) + "</div>"


def pct(p: float, digits: int = 1) -> str:
    """A probability or share as a percentage to ``digits`` places: ``0.487`` -> ``48.7%``.  One that is neither 0
    nor 1 but would show as ``0.0%`` or ``100.0%`` gets the places that tell it apart, two significant figures
    of itself or of its distance from 100%: ``0.0038%`` (the upper end of an interval on no game in 100,000),
    ``99.9950%`` (a team in the playoffs in all but 1 of 20,000 seasons); NaN is ``-``."""
    if p != p:
        return "-"
    v = 100 * p
    d = decimals_showing(v, digits)
    if 0 < 100 - v < 0.5 * 10.0 ** -digits:
        d = decimals_showing(100 - v, digits)
    return f"{v:.{d}f}%"
