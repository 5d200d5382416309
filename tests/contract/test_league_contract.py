"""Replay leagues through the league adapter of any game: the shipped sample leagues and a league of the toy game
(toygame.py), which the league layer plays with no line of simcore naming it."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from contract_games import games

import simcore
from simcore.league import load_league, project

PACKAGE = Path(simcore.__file__).parent
#: the columns of every kept game, before the game's own (``LeagueAdapter.game_columns``)
COMMON_GAME_COLUMNS = ["season", "date", "home", "away", "home_goals", "away_goals", "winner", "decided_in"]


def _with_samples():
    return [gid for gid in games() if gid in simcore.available_games() and simcore.game(gid).league is not None
            and simcore.game(gid).league.sample is not None]


def _digest(p) -> str:
    return hashlib.sha256((p.teams.to_csv() + p.seasons.to_csv()).encode()).hexdigest()


@pytest.mark.parametrize("gid", _with_samples())
def test_sample_league_projects_the_same_on_any_threads(gid):
    lg = load_league(simcore.league.sample(gid) / "league.toml")
    assert lg.game == gid
    a = project(lg, n=24, seed=4, threads=1, progress=False, keep_games=True)
    b = project(lg, n=24, seed=4, threads=2, chunk_size=5, progress=False, keep_games=True)
    assert _digest(a) == _digest(b) and a.games.equals(b.games)
    cols = [c for c, _ in simcore.game(gid).league.game_columns]
    assert list(a.games.columns) == COMMON_GAME_COLUMNS + cols
    assert a.teams.title_odds.sum() == pytest.approx(1.0)
    gp = a.seasons.groupby("season").GP.sum()
    assert (gp == 2 * len(lg.schedule)).all()          # every scheduled game, played or simulated, counts twice


def _toy_league(tmp: Path, points="nhl", rules="") -> Path:
    teams = ["team,conference,division,rating", "AAA,East,North,6", "BBB,East,North,3", "CCC,West,South,2",
             "DDD,West,South,5"]
    (tmp / "teams.csv").write_text("\n".join(teams) + "\n")
    (tmp / "league.toml").write_text(f'''name = "toy league"
game = "dicehockey"
points = "{points}"
rules = "{rules}"
teams = "teams.csv"

[schedule]
generate = "round-robin"
rounds = 6
seed = 3

[playoffs]
format = "top"
teams = 2
best_of = 3
''')
    return tmp / "league.toml"


def test_a_game_defined_outside_simcore_plays_a_league(tmp_path):
    path = _toy_league(tmp_path)
    lg = load_league(path)
    assert lg.game == "dicehockey" and list(lg.teams.rating) == ["6", "3", "2", "5"]
    p = project(lg, n=400, seed=1, progress=False)
    t = p.teams.set_index("team")
    assert t.title_odds.sum() == pytest.approx(1.0) and t.playoff_odds.sum() == pytest.approx(2.0)
    # the strongest rating wins the most points
    assert t.points_mean.idxmax() == "AAA" and t.points_mean.idxmin() == "CCC"
    assert (p.seasons.groupby("season").GP.sum() == 2 * len(lg.schedule)).all()
    assert _digest(p) == _digest(project(lg, n=400, seed=1, threads=1, chunk_size=37, progress=False))
    # ties need a points system with ties: the adapter says so
    with pytest.raises(ValueError, match="ties"):
        project(load_league(_toy_league(tmp_path, rules="overtime_rolls=0")), n=2)


def test_bad_toy_team_file_names_file_line_and_column(tmp_path):
    path = _toy_league(tmp_path)
    (tmp_path / "teams.csv").write_text("team,conference,division,rating\nAAA,East,North,9\n")
    with pytest.raises(simcore.ChartError, match=r"teams.csv, line 2, column 'rating': '9': a rating is 1 to 6"):
        load_league(path)


def test_no_line_of_simcore_names_the_toy_game():
    hits = [str(f.relative_to(PACKAGE)) for f in PACKAGE.rglob("*.py") if "dicehockey" in f.read_text()]
    assert hits == []
    assert "dicehockey" in simcore.available_games()
