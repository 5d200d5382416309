"""Pass & Score on the contract: the command line, the play-by-play, the policies against each other, the board's
validation."""
from __future__ import annotations

import dataclasses
import json
from html import escape as html_escape

import numpy as np
import pytest

import simcore
from simcore.cli import main
from simcore.games.passscore import balance
from simcore.stats import advantage_ci, wilson_ci

G = simcore.game("passscore")


def test_json_has_the_keys_the_issue_names(capsys):
    assert main(["passscore", "-n", "40", "--seed", "3", "--policy-home", "random", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["n"] == 40 and doc["policies"] == {"home": "random", "away": "random"}
    for k in ("home_win", "away_win", "tie", "goals_per_team_game"):
        assert set(doc[k]) == {"estimate", "ci"} and len(doc[k]["ci"]) == 2
    assert doc["home_win"]["estimate"] + doc["away_win"]["estimate"] + doc["tie"]["estimate"] == pytest.approx(1)


@pytest.mark.parametrize("argv,msg", [
    (["--policy-home", "alpha"], "--policy-home: unknown policy"),
    (["--rules", "plays=7"], "plays"),
    (["--board", "/no/such/board.toml"], "cannot read"),
    (["--game-id", "3"], "--pbp"),
])
def test_bad_input_exits_2_with_one_line(argv, msg, capsys):
    assert main(["passscore", *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and msg in err[0]


def test_the_play_by_play_draws_the_board_after_each_play(capsys):
    assert main(["passscore", "--pbp", "--seed", "2", "--game-id", "1", "--rules", "plays=40"]) == 0
    out = capsys.readouterr().out
    assert out.count("play 1: home") == 1 and "play 40:" in out
    assert out.count(" 17 ") >= 40              # the board's top row, once per play
    lg = G.play_by_play(None, seed=2, game_index=1, rules="plays=40")
    df = G.simulate(n=2, seed=2, rules="plays=40", progress=False).games
    assert int(lg.result["home_goals"]) == int(df.home_goals[1])
    lost = sum(int(lg.result[f"{side}_{k}"]) for side in ("home", "away") for k in ("penalties", "no_play"))
    assert (lg.events.event == 0).sum() == 40 - lost


def _piece_at(text_after: list[str], r: int, c: int) -> str:
    """The piece the first board drawn in ``text_after`` shows on circle [r,c] ("" for an empty circle)."""
    row = next(line for line in text_after if line.startswith(f"{r:>3} "))
    cell = row[4 + 3 * c:7 + 3 * c].strip().strip("[]")
    return cell if cell.isalpha() else ""


@pytest.mark.parametrize("seed, game, policy", [(1, 0, "greedy"), (1, 39, "random"), (2, 5, "greedy")])
def test_a_capture_and_a_throw_name_the_circles_the_board_then_shows(seed, game, policy):
    """"The puck carrier gives up the puck and is moved on to any adjoining circle" (PUCK IS CAPTURED) and the
    goalkeeper's throw: the play-by-play names the circle, and the board drawn next has that player there."""
    import re

    from simcore.games.passscore.board import PIECES, SLOTS

    lines = G.play_by_play({"policy_home": policy, "policy_away": policy}, seed=seed, game_index=game).text.splitlines()
    seen = 0
    for i, line in enumerate(lines):
        m = re.search(r"-> puck captured; the (home|away) (\w+) moves to \[(\d+),(\d+)\]$", line) or \
            re.fullmatch(r"(home|away) goalkeeper throws the puck to the (\w+) at \[(\d+),(\d+)\]", line)
        if m:
            team, slot, r, c = m.group(1), m.group(2), int(m.group(3)), int(m.group(4))
            piece = PIECES[0 if team == "home" else 1][SLOTS.index(slot)]
            assert _piece_at(lines[i + 1:], r, c) == piece, line
            at = re.search(r"to \[(\d+),(\d+)\] \(on the carrier\)", line)
            if at:                                  # "moved on to any adjoining circle": next to the capture
                assert max(abs(int(at.group(1)) - r), abs(int(at.group(2)) - c)) == 1, line
            seen += 1
    assert seen >= 1
    text = "\n".join(lines)
    if (seed, game) == (1, 0):
        assert "-> puck captured; the home right_wing moves to [9,5]" in text     # toward his own goal, row 0
    if (seed, game) == (1, 39):
        assert "home goalkeeper throws the puck to the centre at [9,0]" in text


def test_a_faceoff_names_the_players_it_places():
    """OFFSIDE's restart: a face-off at the nearest red dot moves players (the nearest defender onto the dot, an
    opponent off it, the carrier beside it, a carrier off a crease).  The face-off's line names each player it moved
    and where from and to, and the board drawn next has him there."""
    import re

    from simcore.games.passscore.board import PIECES, SLOTS

    seen = 0
    for game in range(4):
        lines = G.play_by_play(("random", "random"), seed=1, game_index=game).text.splitlines()
        if game == 0:
            assert ("face-off at the red dot [7,1]: away right_wing has the puck; placed: home centre [8,5] -> [6,1], "
                    "away right_wing [10,2] -> [7,1]") in lines
        for i, line in enumerate(lines):
            if line.startswith("face-off at"):
                placed = re.findall(r"(home|away) (\w+) \[\d+,\d+\] -> \[(\d+),(\d+)\]", line)
                assert placed, line
                for team, slot, r, c in placed:
                    piece = PIECES[0 if team == "home" else 1][SLOTS.index(slot)]
                    assert _piece_at(lines[i + 1:], int(r), int(c)) == piece, line
                    seen += 1
    assert seen >= 6


@pytest.mark.parametrize("policies,rules", [(("random", "random"), "slow_play=0.1"),
                                            (("greedy", "greedy"), "rulebook"),
                                            (("greedy", "random"), "goalie_area=free,slow_play=0.05")])
def test_the_play_by_plays_circles_are_the_games(policies, rules):
    """The circles a play's line names (pbp.Replay: the play's moves made on the last snapshot) end where the
    kernel's snapshot after the play has every player, for each play that ends without a capture, an offside or a
    goal (those move players after the play) and is not followed by a penalized player's return; a scoring shot
    leaves from a shooting circle of the goal it enters."""
    from simcore.games.passscore import engine, pbp
    from simcore.games.passscore.board import load_board
    from simcore.games.passscore.kernel.layout import CAPTURE, EV_PLAY, GOAL
    from simcore.games.passscore.policies import Policy

    board = load_board()
    checked = goals = captures = 0
    for game in range(6):
        lg = engine.play_by_play(4, game, rules=simcore.game("passscore").rules(rules),
                                 policies=tuple(Policy.parse(p) for p in policies))
        after = {int(s[14]): s for s in lg.snaps}
        last = None
        for i, ev in enumerate(lg.events):
            if ev[7] == EV_PLAY:
                r = pbp.Replay(board, last)
                line = pbp.describe(board, ev, r)
                if ev[6] == 0 and i + 1 in after:     # else a player's return follows, and the snapshot after it
                    s = after[i + 1]
                    assert r.pos == [[int(v) for v in s[0:6]], [int(v) for v in s[6:12]]], line
                    assert r.carrier == (int(s[12]), int(s[13])), line
                    checked += 1
                elif ev[6] == CAPTURE:
                    assert line.count("(on the carrier)") == 1, line
                    captures += 1
                elif ev[6] == GOAL:
                    shooter = r.pos[r.carrier[0]][r.carrier[1]]
                    assert board.shade_of[shooter] == 1 - ev[1], line
                    into = int(board.goal[1 - ev[1]][ev[5]])
                    assert line.endswith(f"shot from {pbp._where(board, shooter)} into {pbp._where(board, into)} "
                                         "-> GOAL"), line
                    goals += 1
            last = after.get(i + 1, last)
    assert checked > 200 and captures > 5 and (goals > 5 or policies[0] == "random")


def test_a_scoring_plays_board_is_drawn_at_the_shot():
    """Greedy game 0 of seed 1: the home left wing steps onto the slide line, slides, steps and scores (play 9); the
    board after that line has him, with the puck, on the circle he shot from, and the legend heads the text."""
    lg = G.play_by_play(("greedy", "greedy"), seed=1, game_index=0)
    lines = lg.text.splitlines()
    assert lines[0].startswith("pieces: G/g goalkeeper, C/c centre, L/l left_wing") and "+ crease" in lines[1]
    i = lines.index("play 9: home type 8: left_wing up-left to [9,0], slides to [13,0]; left_wing up-right to "
                    "[14,1]; shot from [14,1] into [17,4] -> GOAL")
    board = lines[i + 1:i + 24]
    assert board[0].startswith(" 17 ") and board[-1].startswith("  0 ")
    row14 = next(b for b in board if b.startswith(" 14 "))
    assert row14[4:] == " . [L] :  :  :  :  . "
    assert lines[i + 25].startswith("goal for home: home 1, away 0")


def test_the_policies_draw_from_the_game_stream():
    a = G.simulate(("greedy", "random"), n=24, seed=5, progress=False).games
    b = G.simulate(("greedy", "random"), n=24, seed=5, progress=False).games
    c = G.simulate(("greedy", "random"), n=24, seed=6, progress=False).games
    assert a.equals(b) and not a.equals(c)
    # games of one seed differ from each other: the random tie-breaks, not a single replayed game
    g = G.simulate(("greedy", "greedy"), n=24, seed=5, progress=False).games
    assert g[["home_moves", "away_moves", "home_passes", "away_passes"]].drop_duplicates().shape[0] > 1


def test_the_report_runs_and_balances(capsys):
    rep = balance.balance_report(24, seed=1, rules="plays=40", matrix_n=6, matrix=("random", "greedy"),
                                 options=({"slides": "off"},))
    m = rep.matrix.set_index(["row", "column"]).estimate
    # a cell from the two runs it pairs (the row policy at home, then away; win 1, tie 1/2), game by game
    ab = G.simulate(("random", "greedy"), n=6, seed=1, rules="plays=40", progress=False).games
    ba = G.simulate(("greedy", "random"), n=6, seed=1, rules="plays=40", progress=False).games
    home = [np.sign(g.home_goals - g.away_goals).to_numpy() / 2 + 0.5 for g in (ab, ba)]
    assert m["random", "greedy"] == pytest.approx(np.mean((home[0] + 1 - home[1]) / 2))
    assert m["random", "greedy"] < 0.5                       # greedy scores; random almost never does
    assert m["random", "random"] == 0.5 and m["random", "greedy"] == pytest.approx(1 - m["greedy", "random"])
    assert list(rep.options.option) == ["slides=off"]
    # game length: every game of plays=40 is 40 plays (no goal target)
    assert rep.headline["plays_per_game"] == {"estimate": 40.0, "ci": [40.0, 40.0]}
    o = rep.options.iloc[0]
    assert o.goals_ci_low <= o.goals <= o.goals_ci_high
    text = rep.to_text()
    assert "Policy matrix" in text and "slides=off" in text
    assert f"{o.goals:.2f} [{o.goals_ci_low:.2f}, {o.goals_ci_high:.2f}]" in text
    # the base rules' edge on the options' scale: score - 1/2 = home_advantage / 2, game by game
    base = G.simulate(n=24, seed=1, rules="plays=40", progress=False).games
    edge = balance.score(base).mean() - 0.5
    lo, hi = advantage_ci(2 * balance.score(base) - 1)
    assert rep.base_edge() == f"{edge:+.3f} [{lo / 2:+.3f}, {hi / 2:+.3f}]" and rep.base_edge() in text
    assert text.count("0.500 (itself)") == 2


def test_the_default_options_are_each_a_change_of_one_rule_field():
    rules = G.rules()
    for opt in balance.OPTIONS:
        (field, value), = opt.items()
        changed = rules.with_options(opt)
        assert getattr(changed, field) != getattr(rules, field)
        assert dataclasses.replace(changed, **{field: getattr(rules, field)}) == rules
    # every field the rulebook's reading leaves open to a slide, an offside or a capture has its option
    fields = {next(iter(o)) for o in balance.OPTIONS}
    assert {"plays", "slides", "slide_way", "offside", "offside_pass", "captured_to"} <= fields


def test_an_option_greedy_never_meets_changes_nothing_and_one_it_meets_does():
    # greedy never plays an offside, so calling a two-line pass leaves all its games as they were: a change of 0,
    # which 12 games bound (docs/analysis.md, "When no paired game differs") as the edge changing in at most
    # q = 1 - 0.025^(1/12) of games and goals (a count, some scored) with no interval; reading the slide lines one
    # way only changes how many slides greedy makes
    opts = balance.rule_options(12, seed=3, rules="plays=40", setup=("greedy", "greedy"),
                                options=({"offside_pass": "called"}, {"slide_way": "forward"})).set_index("option")
    called = opts.loc["offside_pass=called"]
    q = 1 - 0.025 ** (1 / 12)
    assert called.goals_change == 0 and np.isnan([called.goals_change_ci_low, called.goals_change_ci_high]).all()
    assert called.edge_change == 0
    assert (called.edge_change_ci_low, called.edge_change_ci_high) == pytest.approx((-q, q))
    assert balance._change_text(0.0, np.nan, np.nan, 2) == "+0.00 (no game differs)"
    assert balance._change_text(-0.5, np.nan, np.nan, 3) == "-0.500 (no interval)"          # one game
    assert balance._change_text(0.0, -0.00037, 0.00037, 3) == "+0.000 [-0.00037, +0.00037]"  # 10,000 agreeing
    base = G.simulate(("greedy", "greedy"), n=12, seed=3, rules="plays=40", progress=False).games
    fwd = G.simulate(("greedy", "greedy"), n=12, seed=3, rules="plays=40,slide_way=forward", progress=False).games
    assert opts.loc["slide_way=forward"].goals_change == pytest.approx(
        (fwd.home_goals + fwd.away_goals).mean() - (base.home_goals + base.away_goals).mean())
    assert not fwd[["home_slides", "away_slides"]].equals(base[["home_slides", "away_slides"]])


def test_the_report_page_leaves_no_figure_open(tmp_path):
    import matplotlib.pyplot as plt

    rep = balance.balance_report(16, seed=2, rules="plays=40", matrix_n=4, matrix=("random", "greedy"),
                                 options=({"offside": "off"},))
    open_before = plt.get_fignums()
    page = tmp_path / "balance.html"
    assert rep.page().write(page) == [page]
    html = page.read_text(encoding="utf-8")
    assert "Pass &amp; Score: balance report" in html and html.count("data:image/png;base64,") == 4
    r = rep.matrix.set_index(["row", "column"]).loc[("random", "greedy")]
    assert f"{r.estimate:.3f} [{r.ci_low:.3f}, {r.ci_high:.3f}]" in html      # the matrix with its intervals
    assert "plays_per_game" in html
    # each headline figure is named and said in words (its metric's doc), beside its estimate
    doc = html_escape(G.metrics["plays_per_goal"].doc)
    assert doc and f"<td>plays_per_goal</td><td>{doc}</td>" in html
    assert plt.get_fignums() == open_before
    goals = rep.figures()["goals"].axes[0]                       # shares of games in percent, as the tables
    assert goals.yaxis.get_major_formatter().format_data(0.2) == "20%"


@pytest.mark.slow
@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_search_beats_random_and_greedy_from_both_seats(opponent):
    """search's score against the opponent (win 1, tie 1/2) above 1/2 with its 95% interval, in each seat: the
    lower of the normal interval and the Wilson interval of the score's sum (the normal one collapses when search
    wins every game)."""
    n = 60
    for home in (True, False):
        pair = ("search", opponent) if home else (opponent, "search")
        df = G.simulate(pair, n=n, seed=17, progress=False).games
        s = balance.score(df) if home else 1 - balance.score(df)
        lo = min(s.mean() - 1.96 * s.std(ddof=1) / np.sqrt(n), wilson_ci(float(s.sum()), n)[0])
        assert lo > 0.5, (pair, s.mean(), lo)


def test_the_report_on_the_command_line_and_as_a_page(tmp_path, capsys):
    out = tmp_path / "report.html"
    argv = ["passscore", "--report", "-n", "12", "--matrix-n", "2", "--rules", "plays=40", "--out", str(out)]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "balance report" in text and "Rule options" in text and "search" in text and out.exists()
    assert "policies home (red, attacks first) greedy, away greedy" in text     # the report's default: greedy
    assert "<img" in out.read_text()
    assert main(argv) == 2                                   # an existing page is not overwritten
    assert "exists" in capsys.readouterr().err
