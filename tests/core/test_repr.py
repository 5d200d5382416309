"""What Jupyter shows (``_repr_html_``) and what ``repr`` prints for Results, Projection, Comparison and EZR's
ExactResult, and Results read back from parquet."""
from __future__ import annotations

import re

import pandas as pd
import pytest

import simcore
from simcore.analysis.compare import compare
from simcore.analysis.sweep import sweep, to_parquet as sweep_to_parquet
from simcore.deprecation import SimcoreDeprecationWarning
from simcore.league import sample
from simcore.league.projection import project
from simcore.results import read_table

EZR = simcore.game("ezr")


@pytest.fixture(scope="module")
def res():
    return EZR.simulate(n=3_000, seed=11)


def _cell(v: float) -> str:
    return f"<td class=num>{v:.4g}</td>"


def test_results_html_is_a_summary_without_provenance(res):
    page = res._repr_html_()
    s = res.summary().set_index("metric")
    hw = s.loc["home_win"]
    assert f"<td>home_win</td>{_cell(hw.estimate)}<td class=num>[{hw.ci_low:.4g}, {hw.ci_high:.4g}]</td>" in page
    assert _cell(s.loc["home_goals_mean"].estimate) in page
    for fact in ("3,000", ">11<", res.variant, "home=BOS,away=NYR"):
        assert fact in page
    assert "sha256" not in page and "reconstructed" not in page and len(page) < 20_000


def test_results_repr_is_one_line(res):
    text = repr(res)
    assert text.startswith("Results(game='ezr', setup='home=BOS,away=NYR") and "n=3,000, seed=11" in text
    assert "\n" not in text and "sha256" not in text and "array(" not in text


def test_read_parquet_gives_back_a_results(res, tmp_path):
    path = res.to_parquet(tmp_path / "games.parquet")
    back = simcore.read_parquet(path)
    assert isinstance(back, simcore.Results)
    assert back.meta == {**res.meta, "charts": back.meta["charts"]} and back.seed == 11 and back.n == 3_000
    assert back.variant == res.variant and back.game == "ezr" and back.table_names == ["games"]
    pd.testing.assert_frame_equal(back.games, res.games)
    pd.testing.assert_frame_equal(back.summary(), res.summary())       # floats stored in full
    # the per-game metrics of the common game table work on it, so a saved run can be compared
    assert EZR.metric("home_win").per_game(back).mean() == pytest.approx(res.summary().set_index("metric")
                                                                           .loc["home_win", "estimate"])
    assert "sha256" not in back._repr_html_() and f"{back.summary().estimate.iloc[0]:.4g}" in back._repr_html_()
    with pytest.raises(KeyError, match="no table 'periods'"):
        back.table("periods")
    periods = simcore.read_parquet(res.to_parquet(tmp_path / "periods.parquet", table="periods"))
    assert periods.table_names == ["periods"] and len(periods.table("periods")) == len(res.table("periods"))


def test_a_file_without_a_stored_summary_summarizes_its_game_table(res, tmp_path):
    import pyarrow.parquet as pq

    path = res.to_parquet(tmp_path / "games.parquet")
    tbl = pq.read_table(path)
    md = {k: v for k, v in tbl.schema.metadata.items() if k != b"simcore.summary"}   # as earlier releases wrote
    pq.write_table(tbl.replace_schema_metadata(md), path)
    s = simcore.read_parquet(path).summary().set_index("metric")
    hw = (res.games.winner == "home").to_numpy()
    assert s.loc["home_win", "estimate"] == hw.mean() and s.loc["home_win", "n"] == 3_000
    assert s.loc["home_win", "ci_low"] < hw.mean() < s.loc["home_win", "ci_high"]
    ref = res.summary().set_index("metric")
    for m in ("home_win", "decided_OT", "home_goals_mean"):           # the same intervals the run's summary has
        assert s.loc[m, ["estimate", "ci_low", "ci_high"]].to_numpy() == pytest.approx(
            ref.loc[m, ["estimate", "ci_low", "ci_high"]].to_numpy(), rel=1e-9)
    assert "margin" in s.index and "balance" not in s.index


def test_old_tuple_form_still_reads_with_a_warning(res, tmp_path):
    path = res.to_parquet(tmp_path / "games.parquet")
    with pytest.warns(SimcoreDeprecationWarning, match="read_table"):
        frame, meta = simcore.read_parquet(path)
    assert meta["table"] == "games" and meta["seed"] == 11 and len(frame) == 3_000
    frame2, meta2 = read_table(path)
    assert meta2 == meta and frame2.equals(frame)
    with pytest.raises(TypeError, match="not iterable"):
        iter(res)


def test_read_parquet_refuses_other_files(tmp_path):
    path = tmp_path / "plain.parquet"
    pd.DataFrame({"x": [1, 2]}).to_parquet(path)
    with pytest.raises(ValueError, match="plain.parquet: not a file Results.to_parquet wrote"):
        simcore.read_parquet(path)


def test_sweep_file_reads_as_before_with_a_warning(tmp_path):
    df = sweep("pyramid", "", {"tie_break": ["shootout", "sudden-death"]}, 200, metrics=["home_win"])
    path = sweep_to_parquet(df, tmp_path / "s.parquet")
    with pytest.warns(SimcoreDeprecationWarning, match="sweep table"):
        frame, meta = simcore.read_parquet(path)
    assert meta["table"] == "sweep" and len(frame) == len(df)


def test_projection_html_and_repr():
    p = project(sample("ezr") / "league.toml", n=200, seed=1)
    page = p._repr_html_()
    top = p.teams.iloc[0]
    assert f"<tr><td>{top.team}</td>" in page and f"{100 * top.playoff_odds:.1f}%" in page
    assert len(re.findall(r"<tr><td>[A-Z]{3}</td>", page)) == len(p.teams)
    assert "simcore sample EZR league" in page and "200" in page and "sha256" not in page
    text = repr(p)
    assert text == (f"Projection(league='simcore sample EZR league', game='ezr', n=200, seed=1, "
                    f"games_played={p.meta['games_played']}, games_left={p.meta['games_left']}, teams=32)")


def test_comparison_html_and_repr():
    c = compare("ezr", "", "overtime=none", 2_000, seed=3)
    page = c._repr_html_()
    v = c.verdicts().set_index("metric")
    assert "<td>decided_OT</td>" in page and v.loc["decided_OT", "verdict"] in page
    assert "overtime: table -&gt; none" in page and "2,000" in page
    assert "sha256" not in page and "Difference(" not in page
    text = repr(c)
    assert text.startswith("Comparison(game='ezr', n=2,000, seed=3, paired=True") and "metrics=17, detected=" in text
    assert "array(" not in text and "Difference(" not in text


def test_exact_result_shows_distributions_not_arrays():
    ex = EZR.exact()
    page = ex._repr_html_()
    home = f"<td>home win</td><td class=num>{ex.regulation['home']:.4f}</td><td class=num>{ex.result['home']:.4f}</td>"
    assert home in page
    full = ex.goals_distribution(tail=0)
    assert full["home"].sum() == pytest.approx(1, abs=1e-12) and full["away"].sum() == pytest.approx(1, abs=1e-12)
    assert (full["home"] @ full["goals"]) == pytest.approx(ex.home_goals_mean, abs=1e-12)
    gd = ex.goals_distribution()           # the tail below 1e-6 a row left off
    assert 0 < 1 - gd["home"].sum() < 1e-5 and len(gd) < len(full)
    assert f"<td class=num>3</td><td class=num>{gd.home[3]:.4f}</td><td class=num>{gd.away[3]:.4f}</td>" in page
    best = next(ex.likely_scores(1).itertuples())
    assert ex.final_score.max() == best.probability and f"<td>{best.home_goals}-{best.away_goals}</td>" in page
    assert "e-" not in page and "array" not in page
    text = repr(ex)
    assert text.startswith(f"ExactResult(home_win={ex.result['home']:.4f}, away_win={ex.result['away']:.4f}")
    assert "array" not in text and "\n" not in text and len(text) < 250
    assert repr(ex.home) == f"TeamExact(ezr=+1, regulation goals mean {ex.home.mean:.4f})"


def test_pyramid_exact_result_shows_its_distributions():
    """Pyramid's exact result on the 9-card deck: outcome and score tables, exact and as floats; a one-line
    repr instead of dicts of Fractions."""
    from fractions import Fraction

    pyramid = simcore.game("pyramid")
    ex = pyramid.exact({"deck_file": pyramid.custom_deck(range(1, 10))}, "deck=custom,lineup=1-1-1")
    text = repr(ex)
    assert "\n" not in text and "Fraction" not in text and "362,880 deck orders" in text
    assert f"tie={float(ex.winner['tie']):.4f}" in text
    page = ex._repr_html_()
    assert "likeliest final scores" in page and str(ex.winner["home"]) in page and "sha256" not in page
    scores = ex.score_table()
    assert abs(scores.p.sum() - 1) < 1e-12 and list(scores.p) == sorted(scores.p, reverse=True)
    assert Fraction(scores.probability[0]) == max(ex.score.values())


def test_read_parquet_of_a_folder_or_another_file_says_what_it_is(tmp_path):
    """A complete --out folder names its tables; one without a manifest is incomplete under its own name; a
    CSV is not a parquet file: ValueErrors naming the path, not pyarrow's."""
    from simcore.outputs import Folder, IncompleteOutput

    out = tmp_path / "run"
    with Folder(out, ("games.parquet",)) as f:
        f.parquet("games.parquet", pd.DataFrame({"x": [1]}), {"game": "ezr"})
    with pytest.raises(ValueError, match=r"run is an output folder, not a table: read one of its parquet files "
                                         r"\(games.parquet\)"):
        simcore.read_parquet(out)
    (out / "manifest.json").unlink()
    with pytest.raises(IncompleteOutput, match=re.escape(f"{out} has no manifest.json")):
        simcore.read_parquet(out)
    (tmp_path / "t.csv").write_text("a,b\n1,2\n")
    with pytest.raises(ValueError, match=r"t.csv: not a parquet file simcore wrote"):
        simcore.read_parquet(tmp_path / "t.csv")
