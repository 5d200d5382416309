"""The Blue Line Hockey command line: the JSON document and table of a run, the play-by-play, the equilibrium
document, one-line errors with exit status 2, and compare / sweep on Blue Line rule variants."""
from __future__ import annotations

import json

import numpy as np
import pytest

from simcore.games.blueline.game import GAME


def _in_ci(v):
    lo, hi = v["ci"]
    return isinstance(v["estimate"], float) and lo <= v["estimate"] <= hi


def _other_value(field=None):
    """A rule field with more than one value and a value other than its default."""
    fields = GAME.Rules.describe()
    f = next(f for f in fields if len(f["choices"]) > 1 and (field is None or f["name"] == field))
    return f["name"], next(c for c in f["choices"] if c != f["default"]), f


def test_json_document_has_the_issue_keys_and_matches_simulate(cli):
    argv = ("blueline", "-n", "600", "--seed", "1", "--policy-away", "aggressive", "--format", "json")
    code, out, err = cli(*argv)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["n"] == 600 and doc["seed"] == 1 and doc["game"] == "blueline"
    for key in ("home_win", "away_win", "goals_per_team_game", "tie", "shots_per_game", "pp_pct", "save_pct"):
        assert set(doc[key]) == {"estimate", "ci"} and _in_ci(doc[key]), key
    assert doc["policies"] == {"home": "default", "away": "aggressive"}
    assert doc["files"] == {"board": "shipped", "chart": "shipped", "penalties": "shipped", "formations": "shipped"}
    assert doc["home_win"]["estimate"] + doc["away_win"]["estimate"] + doc["tie"]["estimate"] == pytest.approx(1)
    s = GAME.simulate({"policy_away": "aggressive"}, n=600, seed=1, progress=False).summary().set_index("metric")
    assert doc["goals_per_team_game"]["estimate"] == s.at["goals_per_team_game", "estimate"]
    assert doc["home_win"]["ci"] == [s.at["home_win", "ci_low"], s.at["home_win", "ci_high"]]
    code, out2, _ = cli(*argv)
    assert code == 0 and out2 == out                       # same seed, same games


def test_table_names_the_run_and_its_metrics(cli):
    code, out, err = cli("blueline", "-n", "300", "--seed", "2")
    assert code == 0, err
    assert "Blue Line Hockey" in out and "simulated 300 games, seed 2" in out and "95% interval" in out
    for m in ("home_win", "goals_per_team_game", "shots_per_game", "pp_pct"):
        assert f"\n{m} " in out


def test_rules_change_the_variant(cli):
    name, value, _ = _other_value()
    code, out, err = cli("blueline", "-n", "50", "--rules", f"{name}={value}", "--format", "json")
    assert code == 0, err
    assert f"{name}={value}" in json.loads(out)["variant"]


def test_pbp_is_the_game_the_run_plays(cli):
    code, out, err = cli("blueline", "-n", "40", "--seed", "5", "--pbp", "--game-id", "7",
                         "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    row = GAME.simulate(None, n=40, seed=5, progress=False).games.iloc[7]
    for col in ("home_goals", "away_goals", "winner", "decided_in", "game_id"):
        assert str(doc["result"][col]) == str(row[col]), col
    assert doc["text"] and doc["events"]
    code, out, err = cli("blueline", "--seed", "5", "--pbp", "--game-id", "7")
    assert code == 0, err
    assert out.startswith("Blue Line Hockey: game 7 of seed 5")
    # one final line, the last: the score, how the game was decided and who won
    end = {"REG": "", "OT": " (overtime)",
           "SO": f" (shoot-out {row['home_so_goals']}-{row['away_so_goals']})"}[str(row["decided_in"])]
    wins = {"home": "home wins", "away": "away wins", "tie": "a tie"}[str(row["winner"])]
    lines = out.splitlines()
    assert lines[-1] == f"Final: home {row['home_goals']}, away {row['away_goals']}{end}; {wins}"
    assert lines[-2] == f"Shots: home {row['home_shots']}, away {row['away_shots']}"
    assert sum(line.lower().startswith("final") for line in lines) == 1


def test_pbp_final_line_says_who_won_and_how():
    """The play-by-play's one final line, for each way a game ends."""
    import numpy as np

    from simcore.games.blueline import pbp
    from simcore.games.blueline.board import load_board

    def final(winner, decided, so=(0, 0)):
        row = {"goals": np.array([[1, 1, 0, 0], [1, 0, 1, 0]], np.int16), "so_goals": so, "decided": decided,
               "winner": winner, "counts": {"shots": (9, 7)}}
        return pbp.render(load_board(), np.zeros((0, 9), np.int64), np.zeros((0, 27), np.int64), row).split("\n")

    assert final(2, 0) == ["Shots: home 9, away 7", "Final: home 2, away 2; a tie"]
    assert final(1, 1)[-1] == "Final: home 2, away 2 (overtime); away wins"
    assert final(0, 2, (3, 2))[-1] == "Final: home 2, away 2 (shoot-out 3-2); home wins"


def test_pbp_moves_name_players_as_the_rink_draws_them(cli):
    """A move line names the skater by his letter on the rink (the visitors' in lower case), and the first rink
    carries the legend that explains the letters."""
    import re

    from simcore.games.blueline import pbp
    from simcore.games.blueline.board import load_board
    from simcore.games.blueline.kernel.layout import EV
    from simcore.games.blueline.rink import LEGEND

    b = load_board()
    away_c = (EV.move, 1, 9, 1, 0, 22 * 64 + 9, 26 * 64 + 9, 8, 4)        # the visitors' center
    home_rd = (EV.move, 1, 9, 0, 4, 15 * 64 + 13, 17 * 64 + 12, 3, 3)     # the home right defenseman
    assert pbp.line_of(away_c, b) == "    c (22,9) -> (26,9)  (4 of 8 spaces)"
    assert pbp.line_of(home_rd, b) == "    E (15,13) -> (17,12)  (3 of 3 spaces)"
    code, out, err = cli("blueline", "--pbp", "--seed", "1")
    assert code == 0, err
    movers, team = {"HOME": set(), "AWAY": set()}, None
    for line in out.splitlines():
        if m := re.match(r"(HOME|AWAY) (skates|defends):", line):
            team = m.group(1)
        elif m := re.match(r"    (\S+) \(\d+,\d+\) -> \(\d+,\d+\)", line):
            movers[team].add(m.group(1))
    assert movers["HOME"] and movers["HOME"] <= set("CLRDE")
    assert movers["AWAY"] and movers["AWAY"] <= set("clrde")
    assert out.count(LEGEND) == 1 and out.index(LEGEND) < out.index("skates:")
    # a check names both skaters with their teams: the checker's and the other team's carrier
    body = (EV.body_check, 1, 9, 0, 3, 0, 9, 4, 1)                       # HOME LD on the visitors' C, 9 vs 4
    assert pbp.line_of(body, b) == "    HOME LD body checks AWAY C: 2d6 9 vs 4 -> steals the puck"
    checks = [line for line in out.splitlines() if " checks " in line]
    assert checks and all(re.fullmatch(r"    (HOME \S+ \w+ checks AWAY|AWAY \S+ \w+ checks HOME) .*", c)
                          for c in checks)


def test_equilibrium_json_is_every_context(cli):
    from simcore.games.blueline.chart import load_chart
    from simcore.games.blueline.equilibrium import equilibrium_document

    code, out, err = cli("blueline", "equilibrium", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc == json.loads(json.dumps(equilibrium_document(load_chart())))
    assert len(doc["contexts"]) == 78
    for c in doc["contexts"]:
        assert set(c) >= {"context", "shooter_cards", "goalie_cards", "matrix", "shooter", "goalie", "value"}
        assert len(c["matrix"]) == 5 and all(len(r) == 5 for r in c["matrix"])
        assert sum(c["shooter"]) == pytest.approx(1) and sum(c["goalie"]) == pytest.approx(1)
        assert 0 <= c["value"] <= 1
    code, out, err = cli("blueline", "equilibrium")
    assert code == 0 and "equilibrium" in out and len(out.splitlines()) >= 78 + 3


def test_equilibrium_of_a_users_chart(cli, tmp_path):
    from simcore.games.blueline.chart import load_chart

    src = load_chart().path
    copy = tmp_path / "mine.csv"
    copy.write_text(open(src, encoding="utf-8").read(), encoding="utf-8")
    code, out, err = cli("blueline", "equilibrium", "--chart", str(copy), "--format", "json")
    assert code == 0, err
    code, base, _ = cli("blueline", "equilibrium", "--format", "json")
    assert json.loads(out) == json.loads(base)


def _one_line_error(cli, *argv):
    code, out, err = cli(*argv)
    assert code == 2, (code, out, err)
    assert out == "" and err.startswith("simcore: error: ") and err.count("\n") == 1, err
    return err


def test_bad_input_is_one_line_and_exit_2(cli, tmp_path):
    err = _one_line_error(cli, "blueline", "-n", "10", "--policy-home", "no-such-policy")
    assert "--policy-home" in err and "no-such-policy" in err
    err = _one_line_error(cli, "blueline", "-n", "10", "--policy-away", "no_such_field=1")
    assert "--policy-away" in err
    err = _one_line_error(cli, "blueline", "-n", "10", "--rules", "no_such_rule=1")
    assert "no_such_rule" in err
    name, _, f = _other_value()
    err = _one_line_error(cli, "blueline", "-n", "10", "--rules", f"{name}=not-a-choice")
    assert name in err and "not-a-choice" in err
    _one_line_error(cli, "blueline", "-n", "0")
    _one_line_error(cli, "blueline", "--game-id", "3")
    _one_line_error(cli, "blueline", "--pbp", "--report")
    _one_line_error(cli, "blueline", "--matrix-n", "5")
    # the --report options given without --report: named, and only those given
    assert _one_line_error(cli, "blueline", "-n", "10", "--cards-n", "5") == ("simcore: error: --cards-n goes with "
                                                                              "--report\n")
    err = _one_line_error(cli, "blueline", "-n", "10", "--matrix-n", "5", "--out", str(tmp_path / "r.html"))
    assert err == "simcore: error: --matrix-n and --out go with --report\n"
    err = _one_line_error(cli, "blueline", "--matrix-n", "5", "--cards-n", "5", "--out", str(tmp_path / "r.html"))
    assert err == "simcore: error: --matrix-n, --cards-n and --out go with --report\n"
    err = _one_line_error(cli, "blueline", "-n", "10", "--chart", str(tmp_path / "missing.csv"))
    assert "missing.csv" in err


def test_a_broken_data_file_names_file_line_and_field(cli, tmp_path):
    from simcore.games.blueline.chart import load_chart

    src = load_chart().path
    lines = open(src, encoding="utf-8").read().splitlines()
    row = next(i for i, ln in enumerate(lines) if ",save," in ln)
    lines[row] = lines[row].replace(",save,", ",sav,", 1)
    bad = tmp_path / "chart.csv"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for argv in (("blueline", "-n", "10", "--chart", str(bad)), ("blueline", "equilibrium", "--chart", str(bad))):
        err = _one_line_error(cli, *argv)
        assert str(bad) in err and f"line {row + 1}" in err and "'result'" in err and "sav" in err


def test_compare_on_a_rule_variant(cli):
    name, value, _ = _other_value()
    code, out, err = cli("compare", "blueline", "--b", f"{name}={value}", "-n", "400", "--seed", "3",
                         "--metrics", "home_win,goals_per_team_game,shots_per_game,pp_pct", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["game"] == "blueline" and doc["n"] == 400 and doc["paired"]
    assert [m["name"] for m in doc["metrics"]] == ["home_win", "goals_per_team_game", "shots_per_game", "pp_pct"]
    code, out, err = cli("compare", "blueline", "-n", "300", "--metrics", "home_win,pp_pct",
                         "--format", "json")
    assert code == 2 and out == ""                                      # a variant against itself is refused
    assert err.strip().splitlines() == ["simcore: error: give --a and/or --b: the two rule variants to compare "
                                        "are the same (both the rulebook)"]


def test_sweep_on_rule_variants(cli):
    name, _, f = _other_value()
    values = ",".join(map(str, f["choices"][:2]))
    code, out, err = cli("sweep", "blueline", "--grid", f"{name}={values}", "-n", "300", "--seeds", "0,1",
                         "--metrics", "home_win,goals_per_team_game", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    rows = doc["rows"]
    assert {r["metric"] for r in rows} == {"home_win", "goals_per_team_game"}
    assert len({r["cell"] for r in rows}) == 2
    base = [r for r in rows if r["variant_id"] == GAME.Rules().id]
    assert base and all(r["diff"] == 0 for r in base)


def test_compare_with_a_setup(cli):
    name, value, _ = _other_value()
    code, out, err = cli("compare", "blueline", "--b", f"{name}={value}", "-n", "200", "--setup",
                         "policy_away=random", "--metrics", "home_win", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["setup"]


def test_help_setup_text_points_to_the_policies_section(cli):
    """``simcore blueline --help`` does not send its reader to ``simcore blueline --help``: the setup key
    policy_home names the presets and where the fields are described."""
    code, out, err = cli("blueline", "--help")
    assert code == 0, err
    text = " ".join(out.split())
    assert "simcore blueline --help" not in text
    assert ("a preset (default, random, cautious, aggressive, equilibrium) or field=value;field=value, a preset may "
            'start it (the fields, their values and the presets: docs/blueline.md, "Policies")') in text


def test_pbp_prints_overtimes_benched_skaters_under_its_header(cli):
    """Over Time's 4-on-4 benches a winger of each team before the overtime is logged: the text prints the header
    first (the first game of seed 2026 that goes to overtime)."""
    from simcore.games.blueline import engine

    g = int(np.nonzero(engine.simulate(40, 2026)["decided"] >= 1)[0][0])
    code, out, err = cli("blueline", "--pbp", "--seed", "2026", "--game-id", str(g))
    assert code == 0, err
    lines = out.splitlines()
    at = lines.index("=== Overtime (4 on 4) ===")
    assert lines[at + 1:at + 3] == ["HOME RW goes to the bench (overtime strength)",
                                    "AWAY RW goes to the bench (overtime strength)"]
    assert not any("goes to the bench" in line for line in lines[at - 3:at])
