"""The EZR sample league (``python -m simcore.league.samplegen ezr`` rewrites it): 32 fictional teams
(synthetic ratings, not real clubs) in two conferences of two divisions, each with a starter and a backup goalie,
an NHL-like 82-game schedule, and the first half of it played with the EZR engine (each game's starters drawn by
their target shares).  Everything is a function of the seed: rerunning it rewrites the same files.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from simcore.league.schedule import nhl_schedule

from .matchup import Team

SEED = 2026
CONFERENCES = {"East": ("Atlantic", "Metro"), "West": ("Central", "Pacific")}
NAMES = ["ANC", "BRI", "CAS", "DUN", "ELM", "FAL", "GRA", "HAV", "IRO", "JUN", "KEL", "LAK", "MAR", "NOR",
         "OAK", "PIN", "QUA", "RIV", "SAL", "TID", "UPL", "VAL", "WIL", "XEN", "YAR", "ZEN", "ASH", "BAY",
         "CED", "DRA", "EAG", "FOX"]
OFF = ["A", "B", "C", "C", "D", "D", "D", "E", "E", "E", "F", "F", "G"]     # stronger offenses are rarer
DEF = ["B", "C", "C", "D", "D", "D", "E", "E", "E", "F", "F", "G", "H"]
SHOOTER = ["A", "B", "B", "C", "C", "C", "D", "D", "E"]
GSO = ["a", "b", "b", "c", "c", "c", "d", "d", "e"]


def write_sample(game, out: Path, seed: int = SEED) -> None:
    """Write league.toml, teams.csv, goalies.csv, schedule.csv and played.csv of the EZR sample to ``out``."""
    rng = np.random.default_rng(seed)
    rows, goalies = [], []
    for i, name in enumerate(NAMES):
        conf = list(CONFERENCES)[i // 16]
        div = CONFERENCES[conf][(i // 8) % 2]
        rows.append({"team": name, "conference": conf, "division": div, "off": rng.choice(OFF),
                     "shooter": rng.choice(SHOOTER)})
        share = float(rng.choice([0.6, 0.65, 0.7, 0.75]))
        for j, (role, sh) in enumerate((("starter", share), ("backup", 1 - share))):
            goalies.append({"team": name, "goalie": f"{name} {role}", "def": rng.choice(DEF),
                            "so": rng.choice(GSO), "share": round(sh, 2)})
    teams = pd.DataFrame(rows)
    gdf = pd.DataFrame(goalies)
    schedule = nhl_schedule(teams, seed=seed)
    half = schedule[schedule.game_no <= len(schedule) // 2]
    played = []
    for g in half.itertuples():
        picks = {}
        for side in ("home", "away"):
            opts = gdf[gdf.team == getattr(g, side)]
            picks[side] = opts.iloc[int(rng.choice(len(opts), p=opts.share / opts.share.sum()))]
        t = {side: teams.set_index("team").loc[getattr(g, side)] for side in ("home", "away")}
        team = {side: Team(t[side].off, picks[side]["def"], t[side].shooter, picks[side]["so"],
                           name=getattr(g, side)) for side in ("home", "away")}
        r = game.simulate(team["home"], team["away"], n=1, seed=seed + int(g.game_no), progress=False).games.iloc[0]
        played.append({"date": g.date, "home": g.home, "away": g.away, "home_goals": int(r.home_goals),
                       "away_goals": int(r.away_goals), "decided_in": str(r.decided_in), "winner": str(r.winner),
                       "home_goalie": picks["home"].goalie, "away_goalie": picks["away"].goalie})
    out.mkdir(parents=True, exist_ok=True)
    head = "# Synthetic sample league: fictional teams and ratings (simcore.league.samplegen, seed {}).\n".format(seed)
    for fname, df in (("teams.csv", teams), ("goalies.csv", gdf),
                      ("schedule.csv", schedule[["date", "home", "away"]]), ("played.csv", pd.DataFrame(played))):
        (out / fname).write_text(head + df.to_csv(index=False))
    (out / "league.toml").write_text(f'''# Sample EZR replay league: 32 fictional teams, an NHL-like 82-game schedule, the first half played.
# Synthetic data written by `python -m simcore.league.samplegen` (seed {seed}); copy and edit for your league.
name = "simcore sample EZR league"
game = "ezr"
points = "nhl"
tiebreakers = ["points", "points_pct", "regulation_wins", "regulation_overtime_wins", "wins", "head_to_head",
               "goal_differential", "goals_for"]
rules = ""
teams = "teams.csv"
goalies = "goalies.csv"
schedule = "schedule.csv"
results = "played.csv"

[playoffs]
format = "top"
teams = 16
best_of = 7
''')
