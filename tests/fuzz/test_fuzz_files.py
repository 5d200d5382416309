"""Fuzzing every input file kind through its loader: EZR charts, the Strat kit (kit.toml, decks, charts, teams,
cards, lines), league files (teams, goalies, schedule, played, league.toml) of EZR and Strat leagues, and
pyramid decks.  Each example mutates one shipped file (mutate.mutated) in a fresh copy of its folder and checks
that it loads within its ranges or is refused with a ChartError naming the file (mutate.check_load).
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import strategies as st

from mutate import BOM, check_load, fuzz, mutated

from simcore.games.ezr.charts import DATA_FILES, EZR_LINES, data_path, load_charts
from simcore.games.pyramid.deck import DATA as PYRAMID_DATA, MAX_CARDS, MAX_VALUE, deck_for, load_deck
from simcore.games.pyramid.rules import Rules as PyramidRules
from simcore.games.strat.kit import SAMPLE_KIT_DIR, load_kit
from simcore.league import sample
from simcore.league.files import MAX_TEAMS, load_league


def _copy(src: Path) -> Path:
    d = Path(tempfile.mkdtemp(prefix="simcore-fuzz-"))
    shutil.copytree(src, d / src.name)
    return d / src.name


def _mutate_in_copy(data, src_folder: Path, rel: str, toml: bool = False) -> Path:
    folder = _copy(src_folder)
    f = folder / rel
    f.write_bytes(data.draw(mutated(f.read_bytes(), toml=toml), label=rel))
    return folder


# ---------------------------------------------------------------- EZR charts


def _charts_in_range(c):
    assert set(c.ez.ravel()) <= set(EZR_LINES)
    assert c.goals_col[:, 1:].min() >= 0 and c.goals_col.max() <= 6 and c.ot_col.max() <= 2
    assert abs(c.qq_amount).max() <= 99 and abs(c.injury_amount) <= 99 and abs(c.shuffle_amount) <= 99
    assert c.so_mask.max() < 1 << 13


def _ezr_chart(data, name):
    folder = Path(tempfile.mkdtemp(prefix="simcore-fuzz-"))
    try:
        f = folder / DATA_FILES[name]
        f.write_bytes(data.draw(mutated(data_path(DATA_FILES[name]).read_bytes()), label=name))
        charts = check_load(lambda: load_charts(**{name: f}), folder)
        if charts is not None:
            _charts_in_range(charts)
    finally:
        shutil.rmtree(folder)


test_ezr_chart, test_ezr_chart_slow = fuzz(data=st.data())(_ezr_chart)
test_ezr_chart = pytest.mark.parametrize("name", list(DATA_FILES))(test_ezr_chart)
test_ezr_chart_slow = pytest.mark.parametrize("name", list(DATA_FILES))(test_ezr_chart_slow)


# ---------------------------------------------------------------- Strat kit

KIT_FILES = ["kit.toml", "action_deck.csv", "split_deck.csv", "teams.csv", "charts/faceoff.csv",
             "charts/penetration.csv", "charts/power_play.csv", "charts/goalie_retaliation.csv", "charts/penalty.csv",
             "teams/ASR_skaters.csv", "teams/ASR_goalies.csv", "teams/ASR_lines.csv"]


def _kit_in_range(kit):
    assert sorted(kit.penetration_chart) == list(range(10))
    assert len(kit.action_deck) >= 33 and len(kit.split_deck) == 40 and len(kit.faceoff_chart) == 20
    for team in kit.teams.values():
        for s in team.skaters.values():
            assert 0 <= s.offense <= 9 and 0 <= s.defense <= 9 and 0 <= s.breakaway <= 9 and 0 <= s.assist <= 9
            assert 1 <= s.skating[0] <= s.skating[1] <= 20
        for g in team.goalies.values():
            assert 1 <= g.fatigue <= 99 and 0 <= g.starts <= 1


def _strat_kit(data, rel):
    folder = _mutate_in_copy(data, SAMPLE_KIT_DIR, rel, toml=rel.endswith(".toml"))
    try:
        kit = check_load(lambda: load_kit(folder), folder)
        if kit is not None:
            _kit_in_range(kit)
    finally:
        shutil.rmtree(folder.parent)


test_strat_kit, test_strat_kit_slow = fuzz(data=st.data())(_strat_kit)
test_strat_kit = pytest.mark.parametrize("rel", KIT_FILES)(test_strat_kit)
test_strat_kit_slow = pytest.mark.parametrize("rel", KIT_FILES)(test_strat_kit_slow)


# ---------------------------------------------------------------- league files

LEAGUE_FILES = [("ezr", "league.toml"), ("ezr", "teams.csv"), ("ezr", "goalies.csv"), ("ezr", "schedule.csv"),
                ("ezr", "played.csv"), ("strat", "league.toml"), ("strat", "teams.csv"), ("strat", "schedule.csv"),
                ("strat", "played.csv"), ("strat", "goalies.csv")]
STRAT_GOALIES = "team,goalie,share\nKBY,{},0.7\nKBY,{},0.3\n"


def _league_in_range(lg):
    assert 2 <= len(lg.teams) <= MAX_TEAMS
    r = lg.results
    if len(r):
        assert r.home_goals.between(0, 99).all() and r.away_goals.between(0, 99).all()
        margin = (r.home_goals - r.away_goals).abs()
        assert (margin[r.decided_in == "OT"] == 1).all() and (margin[r.decided_in == "SO"] <= 1).all()
    assert lg.goalies.share.between(0, 1).all()
    p = lg.playoffs
    assert isinstance(p["best_of"], int) and p["best_of"] % 2 == 1 and 1 <= p["best_of"] <= 99
    assert 2 <= p["teams"] <= MAX_TEAMS
    assert not lg.schedule.duplicated(["date", "home", "away"]).any()


def _league(data, game, rel):
    folder = _copy(sample(game))
    try:
        if game == "strat" and rel == "goalies.csv":       # the optional override: write one to mutate
            from simcore.games.strat.kit import sample_kit
            g1, g2 = sample_kit().teams["KBY"].lines.goalies
            (folder / rel).write_text(STRAT_GOALIES.format(g1, g2))
            toml = folder / "league.toml"
            toml.write_text(toml.read_text().replace('teams = "teams.csv"',
                                                     'teams = "teams.csv"\ngoalies = "goalies.csv"'))
        f = folder / rel
        f.write_bytes(data.draw(mutated(f.read_bytes(), toml=rel.endswith(".toml")), label=f"{game}/{rel}"))
        lg = check_load(lambda: load_league(folder / "league.toml"), folder)
        if lg is not None:
            _league_in_range(lg)
    finally:
        shutil.rmtree(folder.parent)


test_league, test_league_slow = fuzz(data=st.data())(_league)
test_league = pytest.mark.parametrize("game, rel", LEAGUE_FILES)(test_league)
test_league_slow = pytest.mark.parametrize("game, rel", LEAGUE_FILES)(test_league_slow)


# ---------------------------------------------------------------- pyramid decks

DECKS = {"nine": (PYRAMID_DATA / "decks" / "nine.csv").read_bytes(),
         "counts": b"# a house deck\ncard,value,count\nLow,1,4\nMid,5,3\nHigh,9,4\nJoker,15\n"}


def _deck(data, which):
    folder = Path(tempfile.mkdtemp(prefix="simcore-fuzz-"))
    try:
        f = folder / "deck.csv"
        f.write_bytes(data.draw(mutated(DECKS[which]), label=which))
        deck = check_load(lambda: deck_for(PyramidRules(deck="custom", lineup="1-1-1"), f), folder)
        if deck is not None:
            assert 7 <= deck.size <= MAX_CARDS and all(0 <= v <= MAX_VALUE for v in deck.values)
            assert load_deck(f).values == deck.values
    finally:
        shutil.rmtree(folder)


test_deck, test_deck_slow = fuzz(data=st.data())(_deck)
test_deck = pytest.mark.parametrize("which", list(DECKS))(test_deck)
test_deck_slow = pytest.mark.parametrize("which", list(DECKS))(test_deck_slow)


def test_the_unmutated_files_load():
    """The starting points are valid (else every example above would test a refusal only)."""
    load_charts(**{name: data_path(f) for name, f in DATA_FILES.items()})
    load_kit(SAMPLE_KIT_DIR)
    for game in ("ezr", "strat"):
        load_league(sample(game) / "league.toml")
    folder = Path(tempfile.mkdtemp(prefix="simcore-fuzz-"))
    for which, body in DECKS.items():
        (folder / "d.csv").write_bytes(BOM + body)
        assert deck_for(PyramidRules(deck="custom", lineup="1-1-1"), folder / "d.csv").size >= 7
    shutil.rmtree(folder)
