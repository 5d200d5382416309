"""The Blue Line Hockey balance report: seat balancing and pairing (exact on constructed games), the policy
matrix's symmetry, the card-play comparison, the report's JSON, text and page, and ``simcore blueline --report``."""
from __future__ import annotations

import dataclasses
import json

import numpy as np
import pandas as pd
import pytest

from simcore.cli import main
from simcore.errors import InputError
from simcore.games.blueline import balance


def _games(winners, margins):
    w = pd.Categorical(winners, categories=["home", "away", "tie"])
    h = np.array([max(m, 0) for m in margins]) + 1
    return pd.DataFrame({"winner": w, "home_goals": h, "away_goals": h - np.array(margins)})


def test_seat_balanced_scores_a_pair_of_runs_game_by_game():
    ab = _games(["home", "tie", "away", "home"], [2, 0, -1, 1])
    ba = _games(["away", "home", "tie", "home"], [-1, 3, 0, 1])
    sb = balance.seat_balanced(ab, ba)
    # A's score per game: (home score in ab + 1 - home score in ba) / 2 = 1, 0.25, 0.25, 0.5
    assert sb["score"]["estimate"] == pytest.approx(np.mean([1, 0.25, 0.25, 0.5]))
    # A's margin per game: (2 - -1) / 2, (0 - 3) / 2, (-1 - 0) / 2, (1 - 1) / 2
    assert sb["margin"]["estimate"] == pytest.approx(np.mean([1.5, -1.5, -0.5, 0.0]))
    lo, hi = sb["score"]["ci"]
    assert lo < sb["score"]["estimate"] < hi


def test_a_pairing_against_itself_is_exactly_even():
    ab = _games(["home", "tie", "away"], [1, 0, -2])
    sb = balance.seat_balanced(ab, ab)
    assert sb["score"]["estimate"] == 0.5 and sb["margin"]["estimate"] == 0.0
    assert sb["score"]["ci"] == [0.5, 0.5]


@pytest.fixture(scope="module")
def matrix():
    pols = balance.matrix_policies()[:3]
    return pols, balance.policy_matrix(pols, n=300, seed=4)


def _games_of(n, seed, **policies):
    from simcore.games.blueline.game import GAME

    return GAME.simulate(GAME.setup().replace(**policies), n=n, seed=seed, progress=False).games


def _home_score(g):
    w = g.winner.astype(str).to_numpy()
    return np.where(w == "home", 1.0, np.where(w == "tie", 0.5, 0.0))


def test_policy_matrix_cells_are_the_two_seats_runs_paired_game_by_game(matrix):
    pols, m = matrix
    assert len(pols) == 3 and len(m) == 9 and (m.n == 300).all()
    cell = m.set_index(["row", "column"])
    # one cell rebuilt from its two runs, played here: game g with default at home against game g with random
    # at home, the same seed
    ab = _games_of(300, 4, policy_home="default", policy_away="random")
    ba = _games_of(300, 4, policy_home="random", policy_away="default")
    score = (_home_score(ab) + 1 - _home_score(ba)) / 2
    margin = ((ab.home_goals - ab.away_goals).to_numpy() - (ba.home_goals - ba.away_goals).to_numpy()) / 2
    assert cell.at[("default", "random"), "estimate"] == pytest.approx(score.mean())
    assert cell.at[("default", "random"), "margin"] == pytest.approx(margin.mean())
    # the default coach beats the random one (0.86 of the points here): the whole interval above even
    assert cell.at[("default", "random"), "ci_low"] > 0.5
    for a in pols:
        assert cell.at[(a, a), "estimate"] == 0.5 and cell.at[(a, a), "margin"] == 0.0
        for b in pols:
            # the same two runs make both cells: the row's score and the column's add up to 1
            assert cell.at[(a, b), "estimate"] + cell.at[(b, a), "estimate"] == pytest.approx(1)
            assert cell.at[(a, b), "margin"] == pytest.approx(-cell.at[(b, a), "margin"])
    assert ((m.ci_low <= m.estimate) & (m.estimate <= m.ci_high)).all()


def test_matrix_policies_are_presets():
    from simcore.games.blueline.policies import Policy

    pols = balance.matrix_policies()
    assert "default" in pols and "random" in pols
    for p in pols:
        Policy.parse(p)
    with pytest.raises(InputError, match="unknown blueline policy preset 'no-such-policy'"):
        balance.matrix_policies(("default", "no-such-policy"))           # a typo would drop a row in silence
    assert len({Policy.parse(p) for p in pols}) == len(pols)            # each policy once
    if Policy.parse("equilibrium") == Policy.parse("default"):
        assert balance.matrix_policies(("default", "equilibrium")) == ("default",)


def test_matrix_coverage_names_the_policies_and_why_equilibrium_has_no_row():
    """The default coach plays the equilibrium cards, so the preset ``equilibrium`` is ``default``: the report
    says so in one line rather than leave the reader to wonder where its row went."""
    assert balance.matrix_policies() == ("default", "random", "cautious", "aggressive")
    assert balance.matrix_coverage(balance.matrix_policies()) == (
        "Policies: default, random, cautious, aggressive; equilibrium (cards=equilibrium) is the same policy as "
        "default, so it has no row of its own")
    assert balance.matrix_coverage(("random", "cautious")) == "Policies: random, cautious"


def test_card_value_against_itself_is_even_and_against_random_is_the_paired_runs():
    cv = balance.card_value(("equilibrium", "random"), n=300, seed=2)
    eq = cv.set_index("opponent").loc["equilibrium"]
    assert eq.score == 0.5 and eq.margin == 0.0 and eq.e_shooting_pct == pytest.approx(eq.x_shooting_pct)
    # shots per game, pooled over both seats: a policy against itself takes as many shots as its opponent
    assert eq.e_shots_per_game == eq.x_shots_per_game > 0
    r = cv.set_index("opponent").loc["random"]
    assert r.n == 300
    # the random row rebuilt from its two runs: E plays the equilibrium's cards, X random cards, the same seed
    from simcore.games.blueline.game import GAME

    base = GAME.setup().policy_home
    e, x = dataclasses.replace(base, cards="equilibrium"), dataclasses.replace(base, cards="random")
    ex, xe = _games_of(300, 2, policy_home=e, policy_away=x), _games_of(300, 2, policy_home=x, policy_away=e)
    assert r.score == pytest.approx(((_home_score(ex) + 1 - _home_score(xe)) / 2).mean())
    e_goals, e_shots = ex.home_goals.sum() + xe.away_goals.sum(), ex.home_shots.sum() + xe.away_shots.sum()
    x_goals, x_shots = ex.away_goals.sum() + xe.home_goals.sum(), ex.away_shots.sum() + xe.home_shots.sum()
    assert r.e_shooting_pct == pytest.approx(e_goals / e_shots)
    assert r.x_shooting_pct == pytest.approx(x_goals / x_shots)
    assert r.e_shots_per_game == pytest.approx(e_shots / 600) and r.x_shots_per_game == pytest.approx(x_shots / 600)
    assert r.score_ci_low <= r.score <= r.score_ci_high
    for side in ("e", "x"):
        assert 0 < r[f"{side}_shots_ci_low"] <= r[f"{side}_shots_per_game"] <= r[f"{side}_shots_ci_high"]


@pytest.fixture(scope="module")
def report():
    return balance.balance_report(400, seed=3, matrix_n=100, matrix=balance.matrix_policies()[:2], cards_n=400,
                                  card_opponents=("random",))


def test_report_json_and_text(report):
    doc = json.loads(json.dumps(report.to_json()))
    assert doc["n"] == 400 and doc["seed"] == 3 and doc["matrix_n"] == 100 and doc["cards_n"] == 400
    for key in ("home_win", "home_advantage", "goals_per_team_game", "pp_pct"):
        v = doc[key]
        assert v["ci"][0] <= v["estimate"] <= v["ci"][1], key
    assert len(doc["policy_matrix"]) == 4 and [r["opponent"] for r in doc["card_value"]] == ["random"]
    shares = [r["home"] for r in doc["goal_distribution"]]
    assert sum(shares) == pytest.approx(1)
    text = report.to_text()
    assert "balance report: 400 games, seed 3" in text and "Policy matrix" in text and "random" in text


def _cells(report):
    """Each matrix cell as the report should write it: the score and its 95% interval, the diagonal exact."""
    return {(r.row, r.column): "0.500 (itself)" if r.row == r.column
            else f"{r.estimate:.3f} [{r.ci_low:.3f}, {r.ci_high:.3f}]" for r in report.matrix.itertuples()}


def test_report_text_matrix_has_each_cells_interval(report):
    lines = report.to_text().splitlines()
    cells = _cells(report)
    assert {r for r, _ in cells} == {"default", "random"}
    at = lines.index(next(line for line in lines if line.startswith("Policy matrix")))
    assert "with 95% intervals" in lines[at] and "half-width" not in lines[at]
    assert lines[at + 2] == balance.matrix_coverage(("default", "random"))
    assert "equilibrium (cards=equilibrium) is the same policy as default" in lines[at + 2]
    for a in ("default", "random"):
        row = next(line for line in lines[at + 3:] if line.startswith(a + " "))
        for b in ("default", "random"):
            assert cells[a, b] in row, (a, b, row)
    d = report.matrix.set_index(["row", "column"]).loc[("default", "random")]
    assert d.ci_low < d.estimate < d.ci_high


def test_report_headline_is_the_base_runs_summary(report):
    from simcore.games.blueline.game import GAME

    s = GAME.simulate(None, n=400, seed=3, progress=False).summary().set_index("metric")
    for k, v in report.headline.items():
        assert v["estimate"] == s.at[k, "estimate"], k


def test_report_page_html_and_markdown(report, tmp_path):
    import matplotlib.pyplot as plt

    open_before = plt.get_fignums()
    page = tmp_path / "balance.html"
    assert report.page().write(page) == [page]
    assert plt.get_fignums() == open_before        # the report's figures are not left open in pyplot
    html = page.read_text(encoding="utf-8")
    assert "Blue Line Hockey: balance report" in html and html.count("data:image/png;base64,") == 4
    md = tmp_path / "balance.md"
    written = report.page().write(md)
    assert written[-1] == md and len(written) == 5
    assert all(p.exists() for p in written)
    text = md.read_text(encoding="utf-8")
    assert "## Policy against policy" in text
    # the matrix: every cell with its interval, and which policies it covers
    cells = _cells(report)
    for a in ("default", "random"):
        assert f"| {a} | {cells[a, 'default']} | {cells[a, 'random']} |" in text
        assert cells[a, "random" if a == "default" else "default"] in html
    assert balance.matrix_coverage(("default", "random")) + "." in text
    assert "equilibrium (cards=equilibrium) is the same policy as default" in html
    # the headline: each figure named and said in words (its metric's doc), shares in percent with their
    # intervals, as the text report writes them
    from html import escape

    from simcore.games.blueline.game import GAME

    lines = report.to_text().splitlines()
    pct, num = (lambda x: f"{100 * x:.1f}%"), (lambda x: f"{x:.3f}")
    for name, f in (("home_win", pct), ("pp_pct", pct), ("goals_per_team_game", num)):
        v = report.headline[name]
        est, lo, hi = (f(x) for x in (v["estimate"], *v["ci"]))
        doc = GAME.metrics[name].doc
        assert doc and f"| {name} | {doc} | {est} | [{lo}, {hi}] |" in text, name
        cells = f"<td>{name}</td><td>{escape(doc)}</td><td class=num>{est}</td><td class=num>[{lo}, {hi}]</td>"
        assert cells in html, name
        assert next(line for line in lines if line.startswith(name + " ")).split() == [name, est, f"[{lo},", f"{hi}]"]
    assert f"{report.headline['home_win']['estimate']:.4f}" not in text
    with pytest.raises(FileExistsError):
        report.page().write(md)


def test_cli_report_json(capsys, tmp_path):
    argv = ["blueline", "--report", "-n", "300", "--seed", "2", "--matrix-n", "60", "--cards-n", "100",
            "--format", "json"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert doc["n"] == 300 and doc["matrix_n"] == 60 and doc["cards_n"] == 100
    assert set(doc["home_advantage"]) == {"estimate", "ci"}
    k = len(balance.matrix_policies())
    assert len(doc["policy_matrix"]) == k * k and all(r["n"] == 60 for r in doc["policy_matrix"])
    page = tmp_path / "r.md"
    short = ["blueline", "--report", "-n", "100", "--matrix-n", "20", "--cards-n", "30", "--out", str(page)]
    assert main(short) == 0
    out, _ = capsys.readouterr()
    assert page.exists() and f"wrote {page}" in out
    assert main(short) == 2
    assert "exists" in capsys.readouterr().err
