"""Names and call forms of earlier releases keep working for a release, each with a SimcoreDeprecationWarning
(a DeprecationWarning), which the command line prints as one line on stderr."""
import warnings
from contextlib import contextmanager

import numpy as np

import simcore
from simcore.cli import main
from simcore.deprecation import SimcoreDeprecationWarning
from simcore.games import ezr, pyramid, strat
from simcore.league import sample


@contextmanager
def deprecated(*needles):
    """Every warning raised inside is a DeprecationWarning, and each needle is in one of them."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    assert caught and all(issubclass(w.category, SimcoreDeprecationWarning) for w in caught), caught
    text = " | ".join(str(w.message) for w in caught)
    for n in needles:
        assert n in text, text


def test_pyramid_positional_n_and_policies_keyword():
    new = pyramid.simulate({"policy_b": "rush"}, n=300, seed=2).aggregates["out"]
    with deprecated("simulate(setup, n, seed", "policies="):
        old = pyramid.simulate(300, 2, policies=("default", "rush")).aggregates["out"]
    assert np.array_equal(old, new)
    with deprecated("play_by_play(setup, seed, game_index"):
        lg = pyramid.play_by_play(2, 7)
    assert lg.text == pyramid.play_by_play(seed=2, game_index=7).text
    with deprecated("PlayByPlay.result"):
        assert lg.row == lg.result


def test_ezr_chart_and_policy_keywords():
    s = {"home": "BOS", "away": "NYR", "home_policy": "keep", "away_policy": "keep"}
    new = ezr.simulate(s, n=500, seed=1).games
    with deprecated("policies="):
        old = ezr.simulate("BOS", "NYR", 500, 1, policies="keep").games
    assert old.equals(new)


def test_strat_coaches_keyword_and_game_module_attributes():
    new = strat.simulate({"home": "KBY", "away": "NRV", "home_coach": "penetrate=always",
                          "away_coach": "penetrate=always"}, n=50, seed=3).games
    with deprecated("coaches="):
        old = strat.simulate("KBY", "NRV", n=50, seed=3, coaches="penetrate=always").games
    assert old.equals(new)
    g = simcore.game("strat")
    with deprecated("GAME_ID", "ANALYSIS_METRICS"):
        assert g.GAME_ID == "strat" and "comeback" in g.ANALYSIS_METRICS


def test_renamed_metric_resolves_with_a_warning():
    g = simcore.game("pyramid")
    with deprecated("game_length"):
        assert g.metric("turns_per_game").name == "game_length"


def test_the_command_line_says_when_an_old_name_is_used(capsys, tmp_path):
    assert main(["sweep", "pyramid", "--grid", "policy_b=default,rush", "--metrics", "turns_per_game",
                 "-n", "200", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == ["simcore: warning: pyramid metric 'turns_per_game' is now called 'game_length'"]
    assert "game_length" in out
    # a league file of an earlier release: engine = is read, and the warning names the file
    src = sample("ezr")
    for f in src.iterdir():
        text = f.read_text()
        (tmp_path / f.name).write_text(text.replace('game = "ezr"', 'engine = "ezr"') if f.suffix == ".toml" else text)
    assert main(["league", "standings", str(tmp_path / "league.toml")]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"simcore: warning: {tmp_path / 'league.toml'}: the key engine = is now game =")
    assert main(["sweep", "pyramid", "--grid", "policy_b=default,rush", "-n", "200", "--format", "json"]) == 0
    assert capsys.readouterr().err == ""          # no old name, no warning
