"""The Strat-O-Matic sample league (``python -m simcore.league.samplegen strat`` rewrites it): the 8 teams of
the shipped synthetic card kit in two conferences of one division each, a 70-game round robin (every pair meets
10 times, 35 home and 35 away games a team), and the first half of it played with the Strat engine; each game's
starting goalies and their fatigue follow the projections' own ``shares`` policy and 24.4 rules
(:mod:`simcore.league.kernel`).  Everything is a function of the seed: rerunning it rewrites the same files.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from simcore.league import kernel as LK
from simcore.league.schedule import round_robin

SEED = 2026
#: The Strat sample's layout: conference -> (division, kit teams).
STRAT_LAYOUT = {"East": ("Coastal", ("KBY", "LKP", "BRW", "FNW")),
                "West": ("Highland", ("NRV", "ASR", "DNM", "GRP"))}
STRAT_ROUNDS = 10           # every pair meets 10 times: 70 games a team


def write_sample(game, out: Path, seed: int = SEED) -> None:
    """Write league.toml, teams.csv, schedule.csv and played.csv of the Strat sample to ``out``."""
    from .engine import simulate
    from .kit import sample_kit
    from .season import strat_goalies

    kit = sample_kit()
    teams = pd.DataFrame([{"team": t, "conference": conf, "division": div}
                          for conf, (div, names) in STRAT_LAYOUT.items() for t in names])
    goalies = strat_goalies(kit, list(teams.team))
    by_team = {t: g.sort_values("slot") for t, g in goalies.groupby("team")}
    schedule = round_robin(teams, rounds=STRAT_ROUNDS, seed=seed)
    half = schedule[schedule.game_no <= len(schedule) // 2]
    # starters by the projection's own goalie policy and 24.4 bookkeeping (simcore.league.kernel)
    index = {t: i for i, t in enumerate(teams.team)}
    share = np.zeros((len(teams), LK.MAX_GOALIES))
    rating = np.full((len(teams), LK.MAX_GOALIES), LK.NO_FATIGUE, np.int64)
    n_goalies = np.zeros(len(teams), np.int64)
    for r in goalies.itertuples():
        share[index[r.team], r.slot] = r.share
        rating[index[r.team], r.slot] = r.fatigue
        n_goalies[index[r.team]] += 1
    starts = np.zeros((len(teams), LK.MAX_GOALIES), np.int64)
    consec = np.zeros_like(starts)
    okrun = np.zeros_like(starts)
    gp = np.zeros(len(teams), np.int64)
    played = []
    for g in half.itertuples():
        sides = [index[g.home], index[g.away]]
        slots = [int(LK.pick_goalie(t, share, n_goalies, starts, gp[t], consec, okrun, rating, False)) for t in sides]
        tired = [int(LK.fatigued_start(consec[t, k], okrun[t, k], rating[t, k], LK.only_goalie(t, share, n_goalies),
                                       False)) for t, k in zip(sides, slots)]
        res = simulate(g.home, g.away, 1, seed + int(g.game_no), kit=kit, goalie_slots=[slots], fatigued=[tired],
                       progress=False)
        r = res.table("games").iloc[0]
        for t, k, ga in zip(sides, slots, (int(r.away_goals), int(r.home_goals))):
            starts[t, k] += 1
            gp[t] += 1
            one = np.zeros(LK.MAX_GOALIES, np.int64)
            one[k] = 1
            LK.goalie_after_game(t, n_goalies, one, one, one * ga, consec, okrun)
        played.append({"date": g.date, "home": g.home, "away": g.away, "home_goals": int(r.home_goals),
                       "away_goals": int(r.away_goals), "decided_in": str(r.decided_in), "winner": str(r.winner),
                       "home_goalie": by_team[g.home].goalie.iloc[slots[0]],
                       "away_goalie": by_team[g.away].goalie.iloc[slots[1]]})
    out.mkdir(parents=True, exist_ok=True)
    head = ("# Synthetic sample league: the fictional teams of the shipped sample card kit "
            "(simcore.league.samplegen, seed {}).\n".format(seed))
    for fname, df in (("teams.csv", teams), ("schedule.csv", schedule[["date", "home", "away"]]),
                      ("played.csv", pd.DataFrame(played))):
        (out / fname).write_text(head + df.to_csv(index=False))
    games = 2 * len(schedule) // len(teams)
    (out / "league.toml").write_text(f'''# Sample Strat replay league: the 8 fictional teams of the sample card kit,
# a {games}-game round robin, the first half played with the Strat engine.
# Synthetic data written by `python -m simcore.league.samplegen` (seed {seed}); copy and edit for your league.
# Goalies come from the kit's lines files (G1 starter, G2 backup) with their cards' suggested starts;
# add `goalies = "goalies.csv"` (team, goalie, share) to set other shares.
name = "simcore sample Strat league"
game = "strat"
kit = "sample"
points = "nhl"
tiebreakers = ["points", "points_pct", "regulation_wins", "regulation_overtime_wins", "wins", "head_to_head",
               "goal_differential", "goals_for"]
rules = ""
teams = "teams.csv"
schedule = "schedule.csv"
results = "played.csv"

[playoffs]
format = "top"
teams = 4
best_of = 7
''')
