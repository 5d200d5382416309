"""The pyramid card hockey command line: JSON documents, tables, and one-line errors with exit status 2."""
import json
import re
import subprocess
import sys

import pandas as pd
import pytest


PYRAMID_HEADLINE = ("first_mover_win", "tie", "goals_per_game")


def _estimate_in_ci(v):
    lo, hi = v["ci"]
    return isinstance(v["estimate"], float) and lo <= v["estimate"] <= hi


def test_pyramid_table_names_the_metrics(cli):
    code, out, err = cli("pyramid", "-n", "2000", "--seed", "4")
    assert code == 0, err
    assert "Pyramid card hockey" in out and "simulated 2,000 games, seed 4" in out and "95% interval" in out
    for m in ("first_mover_win", "first_mover_advantage", "tie", "goals_per_game", "game_length"):
        assert f"\n{m} " in out


def test_pyramid_json_document_matches_simulate(cli):
    from simcore.games import pyramid

    code, out, err = cli("pyramid", "-n", "2000", "--seed", "4", "--policy-b", "rush",
                         "--rules", "tie_break=sudden-death", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["n"] == 2000 and doc["seed"] == 4 and doc["game"] == "pyramid"
    assert doc["variant"].startswith("pyramid(") and "tie_break=sudden-death" in doc["variant"]
    assert doc["policies"] == {"home": "default", "away": "rush"}
    for m in PYRAMID_HEADLINE + ("home_win", "away_win", "decided_OT", "game_length"):
        assert _estimate_in_ci(doc[m]), m
    assert doc["turns_per_game"] == doc["game_length"]
    assert doc["deprecated_keys"] == {"turns_per_game": "game_length", "deck.sha256": "deck.fingerprint"}
    # the deck's fingerprint: SHA-256 of its cards as label=value, not of a file (the standard deck has none)
    import hashlib

    from simcore.games.pyramid.deck import standard_deck

    deck = standard_deck()
    cards = ";".join(f"{lab}={v}" for lab, v in zip(deck.labels, deck.values))
    assert doc["deck"]["fingerprint"] == doc["deck"]["sha256"] == hashlib.sha256(cards.encode()).hexdigest()[:16]
    res = pyramid.simulate({"policy_b": "rush"}, 2000, 4, "tie_break=sudden-death", progress=False)
    s = res.summary().set_index("metric")
    assert doc["tie"]["estimate"] == s.loc["tie", "estimate"]
    assert doc["goals_per_game"]["ci"] == [s.loc["goals_per_game", "ci_low"], s.loc["goals_per_game", "ci_high"]]
    code, out2, _ = cli("pyramid", "-n", "2000", "--seed", "4", "--policy-b", "rush",
                        "--rules", "tie_break=sudden-death", "--format", "json")
    assert code == 0 and out2 == out                                # same seed, same games


def test_pyramid_report_json(cli):
    argv = ("pyramid", "--report", "-n", "2000", "--seed", "2", "--matrix-n", "200", "--options-n", "1000",
            "--format", "json")
    code, out, err = cli(*argv)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["n"] == 2000 and doc["seed"] == 2 and doc["matrix_n"] == 200 and doc["options_n"] == 1000
    for m in PYRAMID_HEADLINE + ("second_mover_win", "first_mover_advantage", "game_length"):
        assert set(doc[m]) == {"estimate", "ci"} and _estimate_in_ci(doc[m]), m
    assert len(doc["policy_matrix"]) == 36 and all(r["n"] == 200 for r in doc["policy_matrix"])
    opts = {r["option"]: r for r in doc["rule_options"]}
    assert list(opts)[0] == "base" and "tie_break=sudden-death" in opts
    assert opts["tie_break=shootout"]["reduces_ties"] is True
    code, out2, _ = cli(*argv)
    assert out2 == out


def test_pyramid_report_json_is_strict_for_one_game(cli):
    # one game has no spread: the undefined intervals come out as null, never as NaN (invalid JSON)
    code, out, err = cli("pyramid", "--report", "-n", "1", "--matrix-n", "2", "--format", "json")
    assert code == 0 and err == "", err

    def no_nan(text):
        raise AssertionError(f"non-JSON constant {text}")

    doc = json.loads(out, parse_constant=no_nan)
    assert doc["n"] == 1 and doc["game_length"]["ci"] == [None, None]
    lo, hi = doc["first_mover_advantage"]["ci"]             # Wilson's bounds need no spread, one game included
    assert doc["first_mover_advantage"]["estimate"] in (-1, 0, 1) and -1 <= lo < hi <= 1


def test_pyramid_report_text(cli):
    code, out, err = cli("pyramid", "--report", "-n", "1000", "--matrix-n", "100", "--seed", "1")
    assert code == 0, err
    assert "balance report: 1,000 games, seed 1" in out and "Policy matrix" in out and "Rule options" in out
    assert "tie_break=sudden-death" in out
    # every cell and every option's first-mover advantage with its 95% interval
    default = next(line for line in out.splitlines() if line.startswith("default "))
    assert re.fullmatch(r"default\s+(\s+\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\])+", default), default
    base = next(line for line in out.splitlines() if line.startswith("base "))
    assert re.search(r"[+-]\d+\.\d \[[+-]\d+\.\d, [+-]\d+\.\d\]", base), base


def test_pyramid_report_page_html_and_markdown(cli, tmp_path):
    """--out writes the report as a page: the headline in percent, every option and matrix cell with its 95%
    interval as the text report gives them, three figures; an existing page is kept without --force."""
    import matplotlib.pyplot as plt

    page = tmp_path / "balance.html"
    argv = ("pyramid", "--report", "-n", "1000", "--matrix-n", "100", "--seed", "1")
    open_before = plt.get_fignums()
    code, out, err = cli(*argv, "--out", str(page))
    assert code == 0, err
    assert out.rstrip().endswith(f"wrote {page}") and plt.get_fignums() == open_before
    html = page.read_text(encoding="utf-8")
    assert "Pyramid card hockey: balance report" in html and html.count("data:image/png;base64,") == 3
    text = out.splitlines()
    tie = next(line for line in text if line.startswith("tie ")).split()
    assert f"<td>tie</td><td class=num>{tie[1]}</td><td class=num>{tie[2]} {tie[3]}</td>" in html
    for row in ("default ", "rush ", "tie_break=shootout ", "goalie_beats=>= "):
        line = next(line for line in text if line.startswith(row))
        for cell in re.findall(r"[+-]?\d+\.\d+ \[[+-]?\d+\.\d+, [+-]?\d+\.\d+\]", line):
            assert cell in html, (row, cell)
    assert "fewer ties, balance" in html
    code, _, err = cli(*argv, "--out", str(page))
    assert code == 2 and "exists" in err and err.count("\n") == 1
    md = tmp_path / "balance.md"
    code, out, err = cli(*argv, "--out", str(md), "--format", "json")
    assert code == 0, err
    assert json.loads(out)["n"] == 1000
    assert {p.name for p in tmp_path.iterdir()} == {"balance.html", "balance.md", "balance-goals.png",
                                                    "balance-matrix.png", "balance-options.png"}
    assert "## Policy against policy" in md.read_text(encoding="utf-8")


def test_pyramid_plot_and_a_markdown_pages_figure_may_not_be_one_file(cli, tmp_path):
    plot = tmp_path / "a-matrix.png"
    code, out, err = cli("pyramid", "--report", "-n", "10", "--out", str(tmp_path / "a.md"), "--plot", str(plot))
    assert code == 2 and err == f"simcore: error: --plot {plot} is also the figure --out {tmp_path / 'a.md'} " \
                                "writes beside it; choose another name\n"
    assert list(tmp_path.iterdir()) == []


def test_pyramid_out_goes_with_report(cli, tmp_path):
    code, out, err = cli("pyramid", "-n", "10", "--out", str(tmp_path / "p.html"))
    assert code == 2 and "--out goes with --report" in err and not (tmp_path / "p.html").exists()


def test_pyramid_pbp_prints_the_simulated_game(cli):
    from simcore.games import pyramid

    code, out, err = cli("pyramid", "--pbp", "--seed", "3", "--game-id", "5")
    assert code == 0, err
    for heading in ("== period 1:", "== period 2:", "== period 3:"):
        assert heading in out
    g = pyramid.simulate(n=6, seed=3, progress=False).table("games").iloc[5]
    assert f"final: A {g.home_goals}, B {g.away_goals}" in out
    code, out, err = cli("pyramid", "--pbp", "--seed", "3", "--game-id", "5", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["result"]["home_goals"] == g.home_goals and doc["events"][0].startswith("== period 1")


def test_pyramid_custom_deck_file(cli, tmp_path):
    deck = tmp_path / "nine.csv"
    deck.write_text("card,value\n" + "".join(f"c{v},{v}\n" for v in range(1, 10)))
    code, out, err = cli("pyramid", "-n", "2000", "--rules", "deck=custom,lineup=1-1-1", "--deck-file",
                         str(deck), "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["deck"]["cards"] == 9 and "deck=custom" in doc["variant"] and "lineup=1-1-1" in doc["variant"]
    code, out, err = cli("pyramid", "--report", "-n", "2000", "--matrix-n", "100", "--rules",
                         "deck=custom,lineup=1-1-1", "--deck-file", str(deck), "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["deck"]["cards"] == 9 and doc["n"] == 2000 and len(doc["policy_matrix"]) == 36


def test_pyramid_plot_refuses_to_overwrite(cli, tmp_path):
    plot = tmp_path / "goals.png"
    code, out, err = cli("pyramid", "-n", "2000", "--plot", str(plot))
    assert code == 0 and plot.stat().st_size > 1000, err
    code, _, err = cli("pyramid", "-n", "2000", "--plot", str(plot))
    assert code == 2 and "exists" in err and err.count("\n") == 1
    code, _, err = cli("pyramid", "-n", "2000", "--plot", str(plot), "--force")
    assert code == 0, err


@pytest.mark.parametrize("argv,needle", [
    (["--rules", "colour=red"], "unknown pyramid rule field 'colour'"),
    (["--rules", "tie_break=coin"], "allowed values: ties, sudden-death, shootout"),
    (["--policy-a", "sometimes"], "--policy-a: pyramid policy 'sometimes'"),
    (["--policy-b", "draft=sideways"], "unknown draft policy 'sideways'"),
    (["--rules", "deck=custom"], "deck=custom needs a deck file"),
    (["--rules", "deck=custom", "--deck-file", "/nonexistent/deck.csv"], "deck.csv: cannot read file"),
    (["-n", "0"], "must be positive"),
    (["--pbp", "--report"], "separate forms"),
    (["--matrix-n", "10"], "--matrix-n goes with --report"),
    (["--pbp", "--game-id", "-1"], "argument --game-id: must be in 0 .. 2**63-1"),
    (["--pbp", "--game-id", "99999999999999999999"], "argument --game-id: must be in 0 .. 2**63-1"),
    (["--policy-a", "shoot=threshold-99999999999999999999"], "shoot policies: threshold-K"),
])
def test_pyramid_bad_input_one_line_exit_2(cli, argv, needle):
    code, out, err = cli("pyramid", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("simcore: error:")
    assert needle in err


def test_pyramid_bad_deck_file_names_file_line_and_field(cli, tmp_path):
    deck = tmp_path / "deck.csv"
    deck.write_text("card,value\n2,2\nX,abc\n")
    code, _, err = cli("pyramid", "-n", "100", "--rules", "deck=custom", "--deck-file", str(deck))
    assert code == 2 and err.count("\n") == 1, err
    assert str(deck) in err and "line 3" in err and "'value'" in err and "abc" in err


def test_pyramid_no_traceback_from_the_installed_command():
    p = subprocess.run([sys.executable, "-m", "simcore.cli", "pyramid", "--policy-a", "nope", "-n", "5"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "Traceback" not in p.stderr and p.stderr.count("\n") == 1


@pytest.mark.parametrize("flag", ["--matrix-n", "--options-n"])
def test_pyramid_report_bounds_every_run_by_memory(cli, monkeypatch, flag):
    """The balance report keeps each run's games: a --matrix-n or --options-n too large for memory is refused
    before anything is played (it grew by ~95 MB/s until killed), naming the count."""
    from simcore.games import base

    monkeypatch.setattr(base, "available_memory", lambda: 1 << 30)
    code, _, err = cli("pyramid", "--report", "-n", "100", flag, "100000000")
    assert code == 2 and err.count("\n") == 1, err
    assert f"{flag[2:].replace('-', '_')}: pyramid: 100,000,000 games keep about" in err
    import simcore

    limit = (1 << 30) // base.bytes_per_game(simcore.game("pyramid"), "games")
    assert f"at most {limit:,} games a run" in err


@pytest.mark.parametrize("low, high, keeps, worsens, words", [
    (0.002, 0.008, True, False, "balance kept"),              # grows for sure, but by less than the slack
    (0.012, 0.020, False, True, "balance worse"),
    (-0.004, 0.015, False, False, "balance undecided at this n"),
    (0.004, 0.015, False, False, "balance undecided at this n"),
])
def test_pyramid_balance_verdicts_never_contradict(low, high, keeps, worsens, words):
    """An option's balance verdicts against BALANCE_SLACK = 0.01 (docs/pyramid.md "The balance report"): kept when
    the paired change in the advantage's size ends at most 0.01 above zero, worse when it lies wholly above 0.01;
    at most one holds, and the text report says which."""
    from simcore.games.pyramid import balance

    h = {k: {"estimate": 0.2, "ci": [0.1, 0.3]} for k in ("tie", "first_mover_win", "first_mover_advantage",
                                                        "goals_per_game", "game_length")}
    row = balance._option_row("goalie_beats=>=", h, {"estimate": -0.1, "ci": [-0.2, -0.05]},
                              {"estimate": (low + high) / 2, "ci": [low, high]})
    assert (row["keeps_balance"], row["worsens_balance"], row["reduces_ties"]) == (keeps, worsens, True)
    assert balance._verdict(next(pd.DataFrame([row]).itertuples())) == f"fewer ties, {words}"
