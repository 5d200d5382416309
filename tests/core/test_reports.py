"""Reports to share (simcore.sharing): the league and compare pages, as HTML and Markdown, their verdicts,
the refusal to overwrite, and the HTML opened in a headless browser."""
from __future__ import annotations

import base64
import os
import re
import shutil
import subprocess
import types
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from simcore import outputs, sharing
from simcore.analysis.compare import Comparison, compare
from simcore.analysis.inference import Difference
from simcore.cli import main
from simcore.league import sample
from simcore.league.projection import project

EZR_LEAGUE = sample("ezr") / "league.toml"
DATA_URI = re.compile(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"')


@pytest.fixture(scope="module")
def cmp():
    return compare("ezr", "", "overtime=none", 3_000, seed=4)


@pytest.fixture(scope="module")
def proj():
    return project(EZR_LEAGUE, n=300, seed=2)


@pytest.fixture(scope="module")
def league_page(proj):
    return sharing.league_report(proj, history_n=100)


def _pngs(page: str) -> list[bytes]:
    return [base64.b64decode(m) for m in DATA_URI.findall(page)]


def test_league_html_is_self_contained_with_table_and_figures(league_page, proj, tmp_path):
    path = tmp_path / "league.html"
    assert league_page.write(path) == [path]
    page = path.read_text(encoding="utf-8")
    # every team a row of the odds table, best projected points first, with its playoff odds as a percentage
    rows = re.findall(r"<tr><td>([A-Z]{3})</td>", page)
    assert rows[:len(proj.teams)] == list(proj.teams["team"])
    first = proj.teams.iloc[0]
    assert f"{100 * first.playoff_odds:.1f}%" in page and f"{first.points_mean:.1f}" in page
    # two figures (points bands, odds over dates), both real PNGs; nothing fetched from elsewhere
    pngs = _pngs(page)
    assert len(pngs) == 2 and all(p[:8] == b"\x89PNG\r\n\x1a\n" and len(p) > 10_000 for p in pngs)
    assert "http://" not in page and "https://" not in page and "<script" not in page
    for fact in ("simcore sample EZR league", "Seasons simulated", "300", "Seed", "Results through", "2026-12-21"):
        assert fact in page
    assert "Playoff odds as the results came in" in page and "(100 seasons per date" in page


def test_a_strat_league_page_lists_the_top_projected_scorers(tmp_path):
    """A league that projects skaters (Strat) lists its top scorers, most points first, as the terminal does;
    an EZR league (no skaters) has no such section."""
    strat = project(sample("strat") / "league.toml", n=40, seed=5)
    page = sharing.league_report(strat, history=False)
    path = tmp_path / "strat.html"
    page.write(path)
    html = path.read_text(encoding="utf-8")
    assert "<h2>Top projected scorers</h2>" in html
    top = strat.players.iloc[0]
    assert top.PTS_mean >= strat.players.PTS_mean.max() - 1e-12
    row = (f"<tr><td>{top.team}</td><td>{top.player}</td><td class=num>{top.gp_mean:.1f}</td><td class=num>"
           f"{top.G_mean:.1f}</td><td class=num>{top.A_mean:.1f}</td><td class=num>{top.PTS_mean:.1f}</td>")
    assert row in html
    table = sharing.scorers_table(strat)
    assert len(table) == sharing.TOP_SCORERS and list(table["Player"]) == list(strat.players.player[:15])
    ezr = (tmp_path / "ezr.html")
    sharing.league_report(project(EZR_LEAGUE, n=20, seed=2), history=False).write(ezr)
    assert "Top projected scorers" not in ezr.read_text(encoding="utf-8")


def test_playoff_cut_is_the_median_points_of_the_last_team_in():
    seasons = pd.DataFrame({"season": [0, 0, 0, 1, 1, 1, 2, 2, 2], "points": [90, 80, 70, 95, 88, 60, 85, 84, 83],
                            "made_playoffs": [True, True, False, True, True, False, True, True, False]})
    assert sharing.playoff_cut(types.SimpleNamespace(seasons=seasons)) == 84.0     # median of 80, 88, 84
    none = seasons.assign(made_playoffs=False)
    assert np.isnan(sharing.playoff_cut(types.SimpleNamespace(seasons=none)))


def test_league_cut_line_is_drawn_and_named(league_page, proj):
    cut = sharing.playoff_cut(proj)
    fig = league_page.figures()[0].figure
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert f"playoff cut ({cut:.0f})" in labels
    assert 40 < cut < 120
    # the legend sits above the axes, where it covers no team's band (it covered the last teams' whiskers)
    fig.draw_without_rendering()
    ax = fig.axes[0]
    assert ax.get_legend().get_window_extent().y0 >= ax.get_window_extent().y1 - 1


def test_no_history_section_without_results_in_stages(proj):
    rep = sharing.league_report(proj, dates=["2026-12-21"])
    assert [f.name for f in rep.figures()] == ["points"]
    assert "as the results came in" not in rep.html()


def test_markdown_writes_figures_beside_it(league_page, tmp_path):
    path = tmp_path / "odds.md"
    written = league_page.write(path)
    assert written == [tmp_path / "odds-points.png", tmp_path / "odds-history.png", path]
    text = path.read_text(encoding="utf-8")
    assert "](odds-points.png)" in text and "](odds-history.png)" in text
    assert "| Team | Division | Points now |" in text
    assert (tmp_path / "odds-points.png").read_bytes()[:4] == b"\x89PNG"


def test_existing_files_are_kept_unless_force(league_page, tmp_path):
    page = tmp_path / "r.html"
    page.write_text("mine")
    with pytest.raises(FileExistsError, match="r.html exists"):
        league_page.write(page)
    assert page.read_text() == "mine"
    league_page.write(page, force=True)
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    # a Markdown report's figure counts too: nothing is written when one of them exists
    (tmp_path / "m-history.png").write_text("mine")
    with pytest.raises(FileExistsError, match="m-history.png"):
        league_page.write(tmp_path / "m.md")
    assert not (tmp_path / "m.md").exists() and not (tmp_path / "m-points.png").exists()
    with pytest.raises(ValueError, match=r"must end in .html \(or .htm\) or .md, in any case"):
        league_page.write(tmp_path / "r.pdf")


def test_interrupted_write_leaves_nothing(tmp_path, monkeypatch):
    def boom(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(outputs.os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        sharing._write_files({tmp_path / "r-a.png": b"png", tmp_path / "r.html": b"<html>"})
    assert list(tmp_path.iterdir()) == []


def test_a_markdown_report_interrupted_after_its_figures_leaves_none_of_them(league_page, tmp_path, monkeypatch):
    # Ctrl-C once the figures are rendered, while the page is: no figure is left beside a page that is not there
    # (a rerun would then be refused for the figure)
    def interrupted(self, *args, **kwargs):
        raise KeyboardInterrupt

    assert league_page.figures()
    monkeypatch.setattr(sharing.Report, "markdown", interrupted)
    with pytest.raises(KeyboardInterrupt):
        league_page.write(tmp_path / "m.md")
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    written = league_page.write(tmp_path / "m.md")
    assert written[-1] == tmp_path / "m.md" and all(p.exists() for p in written) and len(written) > 1


def _comparison(diff, lo, hi, p, p_holm, name="home_goals_mean", n=1_000, a=3.0):
    d = Difference(name, a, a + diff, diff, (lo, hi), p, (hi - lo) / 3.92, 1.0, True, n)
    return Comparison({"game": "ezr", "a": "A", "b": "B", "n": n, "seed": 0, "seed_b": 0, "paired": True,
                       "setup": {}}, [d], np.array([p_holm]), (0.0, 1.0, 1), (0.0, 1.0, 1))


@pytest.mark.parametrize("args,verdict", [
    ((0.31, 0.25, 0.37, 1e-9, 1e-8), "higher under B by 0.310 (95% CI +0.250 to +0.370)"),
    ((-0.0468, -0.0527, -0.0409, 1e-9, 1e-8), "lower under B by 0.0468 (95% CI -0.0527 to -0.0409)"),
    ((0.05, -0.02, 0.12, 0.16, 0.5), "no detectable difference at n = 1,000 (95% CI -0.020 to +0.120); about "
                                     "3,140 games per variant would detect +0.050"),
    ((0.08, 0.01, 0.15, 0.02, 0.2), "higher under B by 0.080 (95% CI +0.010 to +0.150) on its own, but not after the "
                                    "Holm adjustment over 1 metrics"),
    ((0.0, 0.0, 0.0, 1.0, 1.0), "no difference: B - A is exactly 0 with no spread"),
    ((float("nan"), float("nan"), float("nan"), float("nan"), 1.0), "no interval"),
])
def test_verdict_in_plain_words(args, verdict):
    v = _comparison(*args).verdicts()
    assert v["verdict"].iloc[0].startswith(verdict)
    assert v["doc"].iloc[0] == "home goals per game"


def test_the_games_needed_are_for_a_test_of_its_own():
    """required_n plans one test at 5%; with more metrics the verdict's Holm adjustment asks more, and says so."""
    one = _comparison(0.05, -0.02, 0.12, 0.16, 0.5)
    d = one.differences[0]
    two = Comparison(one.meta, [d, replace(d, name="away_goals_mean")], np.array([0.5, 0.5]), (0.0, 1.0, 1),
                     (0.0, 1.0, 1))
    assert two.verdicts()["verdict"].iloc[0].endswith(
        "about 3,140 games per variant would detect +0.050 in a test of its own (more after the Holm adjustment "
        "over 2 metrics)")
    assert one.verdicts()["verdict"].iloc[0].endswith("would detect +0.050")


def test_shares_are_percent_and_percentage_points():
    v = _comparison(0.0123, 0.008, 0.0166, 1e-6, 1e-6, name="home_win", a=0.5).verdicts().iloc[0]
    assert (v.a_text, v.b_text, v.diff_text) == ("50.00%", "51.23%", "+1.23 pp")
    assert v.verdict == "higher under B by 1.23 percentage points (95% CI +0.80 to +1.66)"
    assert bool(v.detected)


def test_a_headline_never_rounds_a_small_bound_to_zero():
    """A share no game showed in 100,000 has the Wilson bound 3.84 / 100,003.84: 0.0038%, not the 0.0% one
    place of percent gave ("0.0% [0.0%, 0.0%]" read as a certainty); other figures keep their places."""
    from simcore.games.pyramid.balance import BalanceReport
    from simcore.htmlview import estimate_text, pct
    from simcore.stats import wilson_ci

    lo, hi = wilson_ci(0, 100_000)
    assert lo == 0 and estimate_text("tie", {"estimate": 0.0, "ci": [lo, hi]}, {"tie"}) == ("0.0%", "[0.0%, 0.0038%]")
    assert estimate_text("tie", {"estimate": 0.588, "ci": [0.536, 0.632]}, {"tie"}) == ("58.8%", "[53.6%, 63.2%]")
    assert estimate_text("margin", {"estimate": 0.0, "ci": [-0.00012, 0.00012]}, set()) == \
        ("0.000", "[-0.00012, 0.00012]")
    assert estimate_text("shots", {"estimate": 61.5, "ci": [60.25, 62.75]}, set()) == ("61.500", "[60.250, 62.750]")
    assert (pct(0.0), pct(0.00042), pct(0.5), pct(1.0)) == ("0.0%", "0.042%", "50.0%", "100.0%")
    # a league's odds: 0.0% and 100.0% mean never and always, so 1 season in 20,000 either way shows
    assert (pct(1 / 20_000), pct(1 - 1 / 20_000), pct(0.9996), pct(float("nan"))) == ("0.0050%", "99.9950%",
                                                                                       "99.960%", "-")
    head = {"n": 100_000, **{k: {"estimate": 0.0, "ci": [lo, hi]} for k in
                             ("first_mover_win", "second_mover_win", "first_mover_advantage", "balance", "tie",
                              "decided_OT", "decided_SO", "goals_per_game", "game_length")}}
    rows = dict((w, (e, c)) for w, e, c in BalanceReport({}, head, None, None, None).headline_text())
    assert rows["decided in the sudden-death period"] == ("0.0%", "[0.0%, 0.0038%]")
    assert rows["game length (turns)"] == ("0.00", "[0.00, 0.000038]")


def test_compare_report_verdicts_and_forest(cmp, tmp_path):
    path = tmp_path / "cmp.html"
    sharing.compare_report(cmp).write(path)
    page = path.read_text(encoding="utf-8")
    v = cmp.verdicts()
    for r in v.itertuples():
        assert f"<td>{r.metric}</td>" in page
    # without overtime every game level after regulation goes to the shootout
    ot = v.set_index("metric").loc["decided_OT"]
    assert ot.detected and ot.verdict.startswith("lower under B by ")
    assert ot.verdict in page
    assert "overtime: table -&gt; none" in page and "3,000" in page
    # a metric no paired game changed says so briefly, with its interval where it has one; the bound on how many
    # games could differ is said once, below the table
    same = v.set_index("metric")
    assert list(same.index[same.no_game_differs]) == ["tie", "past_regulation", "lead_changes"]
    assert "<td>no game differs (below); 95% CI -0.12 to +0.12 pp</td>" in page
    assert "<td>lead_changes</td>" in page and "<td>no game differs (below)</td>" in page
    assert same.loc["lead_changes", "verdict"] not in page
    assert page.count("No game differs: B - A is 0 in each of the 3,000 paired games, so the metric differs in at "
                      "most 0.12% of games (95% bound).") == 1
    assert len(_pngs(page)) == 1
    md = tmp_path / "cmp.md"
    assert sharing.compare_report(cmp).write(md) == [tmp_path / "cmp-forest.png", md]
    text = md.read_text(encoding="utf-8")
    assert "![forest](cmp-forest.png)" in text                   # the caption follows it, once
    assert "- **Setup:** the game's own (home=BOS, away=NYR, home_policy=expected, away_policy=expected)" in text
    assert text.startswith("# Shoot-Out Hockey, EZR quick play: rule variant B against A\n")
    assert "<title>Shoot-Out Hockey, EZR quick play: rule variant B against A</title>" in page


def test_compare_report_of_too_few_games_says_no_test():
    from simcore.analysis import compare

    md = sharing.compare_report(compare("ezr", None, "qq_chart=off", 1, metrics=["home_win"])).markdown()
    rows = [line for line in md.splitlines() if line.startswith(("| goals per team", "| goal margin"))]
    assert [r.replace(" ", "") for r in rows] == ["|goalsperteam|notest|0|-|", "|goalmargin|notest|0|-|"]
    assert "No test: too few games, the values pool into one class." in md


def test_cli_reports(tmp_path, capsys):
    out = tmp_path / "c.html"
    assert main(["compare", "ezr", "--b", "overtime=none", "-n", "1000", "--report", str(out)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out and "decided_OT" in out.read_text(encoding="utf-8")
    assert main(["compare", "ezr", "--b", "overtime=none", "-n", "1000", "--report", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == f"simcore: error: {out} exists; pass --force to replace it\n"
    assert main(["compare", "ezr", "-n", "1000", "--report", str(tmp_path / "c.txt")]) == 2
    assert "must end in .html (or .htm) or .md, in any case" in capsys.readouterr().err
    lg = tmp_path / "l.md"
    assert main(["league", "project", str(EZR_LEAGUE), "-n", "200", "--report", str(lg), "--format", "json"]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.html", "l-history.png", "l-points.png", "l.md"]
    assert main(["league", "project", str(EZR_LEAGUE), "-n", "200", "--report", str(lg)]) == 2
    assert "l.md exists" in capsys.readouterr().err
    assert main(["league", "project", str(EZR_LEAGUE), "-n", "200", "--report", str(lg), "--force"]) == 0


# ------------------------------------------------------------------------------------------ in a browser

_PROBE = """<script>window.addEventListener("load", function () {
  var o = document.createElement("pre"); o.id = "probe";
  o.textContent = Array.from(document.images).map(function (i) { return i.naturalWidth + "x" + i.naturalHeight; })
    .join(" ") + " rows=" + document.querySelectorAll("table.data tbody tr").length +
    " overflow=" + (document.documentElement.scrollWidth - document.documentElement.clientWidth);
  document.body.appendChild(o);
});</script>"""


def _chromium():
    path = shutil.which("chromium")
    if not path:
        if os.environ.get("SIMCORE_REQUIRE_BROWSER") == "1":
            pytest.fail("chromium is not installed and SIMCORE_REQUIRE_BROWSER=1")
        pytest.skip("chromium is not installed (set SIMCORE_REQUIRE_BROWSER=1 to make this a failure)")
    return path


def _render(html_path, tmp_path, width: int = 1280) -> str:
    """The DOM of a report after it loaded in headless Chromium, with a probe listing each image's decoded
    size and the table rows (the probe is added to a copy: the report itself has no script)."""
    probe = tmp_path / f"probe-{html_path.name}"
    probe.write_text(html_path.read_text(encoding="utf-8").replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    profile = tmp_path / "chromium-profile"
    cmd = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
           f"--window-size={width},2000", "--dump-dom", probe.as_uri()]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize("which", ["league", "compare"])
def test_report_renders_in_a_browser(which, league_page, cmp, proj, tmp_path):
    rep = league_page if which == "league" else sharing.compare_report(cmp)
    path = tmp_path / f"{which}.html"
    rep.write(path)
    dom = _render(path, tmp_path)
    probe = re.search(r'<pre id="probe">(.*?)</pre>', dom)
    assert probe, dom[-2000:]
    *sizes, rows, overflow = probe.group(1).split()
    assert overflow == "overflow=0", overflow
    assert len(sizes) == len(rep.figures())
    for s in sizes:
        w, h = map(int, s.split("x"))
        assert w > 300 and h > 200, sizes
    tables = [b for b in rep.blocks if isinstance(b, sharing.Table)]
    assert int(rows.removeprefix("rows=")) == sum(len(t.frame) for t in tables)
    if which == "league":
        assert f"<td>{proj.teams.team.iloc[-1]}</td>" in dom
    else:
        assert "<td>decided_OT</td>" in dom


def test_a_report_path_that_is_a_folder_is_refused_with_or_without_force(tmp_path):
    # before anything runs: with --force it used to pass the check, run, and fail at the write
    (tmp_path / "page.html").mkdir()
    for force in (False, True):
        with pytest.raises(ValueError, match=r"page.html is a folder; name a page FILE.html or FILE.md"):
            sharing.refuse_existing(tmp_path / "page.html", (), force)
    # a Markdown report's figure beside it, a folder: refused, and --force is not offered (it could not help)
    (tmp_path / "r-goals.png").mkdir()
    for force in (False, True):
        with pytest.raises(ValueError, match=r"r-goals.png is a folder, where the report .*r.md writes its figure; "
                                             r"name the report otherwise, or move the folder$"):
            sharing.refuse_existing(tmp_path / "r.md", ("goals",), force)


@pytest.mark.parametrize("which", ["league", "compare", "strat league"])
def test_a_report_fits_a_phone_its_wide_tables_scrolling_on_their_own(which, league_page, cmp, tmp_path):
    """At a phone's 390 px a table wider than the screen scrolls inside its own box: the page itself does not
    scroll sideways (the odds and the intervals were off the screen), and a long rules id breaks at its commas.
    The Strat league page has the scorers' table too."""
    if which == "strat league":
        rep = sharing.league_report(project(sample("strat") / "league.toml", n=20, seed=5), history=False)
    else:
        rep = league_page if which == "league" else sharing.compare_report(cmp)
    path = tmp_path / f"{which.replace(' ', '-')}.html"
    rep.write(path)
    dom = _render(path, tmp_path, width=390)
    probe = re.search(r'<pre id="probe">(.*?)</pre>', dom)
    assert probe and probe.group(1).endswith(" overflow=0"), (probe.group(1) if probe else dom[-2000:])
    assert dom.count('<div class="scroll"><table class="data">') == sum(
        isinstance(b, sharing.Table) for b in rep.blocks)
    if which == "compare":
        assert ",<wbr>" in path.read_text(encoding="utf-8")
