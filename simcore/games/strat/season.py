"""Strat-O-Matic replay leagues: the game's league adapter (:mod:`simcore.league.adapter`).

A league names its card ``kit`` (``sample``, the shipped synthetic kit, or a kit folder beside league.toml);
its teams are teams of the kit and their goalies the kit's starter (G1, slot 0) and backup (G2, slot 1), with
their cards' consecutive-games ratings (24.4).
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from simcore.charts import ChartError
from simcore.league.adapter import Adapter
from simcore.league.files import GOALIE_COLUMNS, check_shares, read_csv, read_share

from .kit import SAMPLE_KIT_DIR, load_kit, sample_kit


def strat_goalies(kit, teams: list, override: Path | None = None) -> pd.DataFrame:
    """A Strat league's goalies: each team's starter (G1, slot 0) and backup (G2, slot 1) from the kit, with
    their cards' suggested starts normalized to shares; ``override`` (team, goalie, share) sets the shares."""
    out = []
    for t in teams:
        team = kit.teams[t]
        cards = [team.goalies[name] for name in team.lines.goalies]
        total = sum(c.starts for c in cards)
        for slot, c in enumerate(cards):
            share = c.starts / total if total > 0 else 1 / len(cards)
            out.append({"team": t, "goalie": c.name, "slot": slot, "share": share, "fatigue": int(c.fatigue)})
    df = pd.DataFrame(out, columns=[*GOALIE_COLUMNS, "fatigue"])
    if override is None:
        return df
    rows = read_csv(override, ("team", "goalie", "share"))
    names = set(teams)
    seen: dict = {}
    given = []
    for no, r in rows:
        if r["team"] not in names:
            raise ChartError(override, no, "team", r["team"], "not a team of the league")
        own = list(kit.teams[r["team"]].lines.goalies)
        if r["goalie"] not in own:
            raise ChartError(override, no, "goalie", r["goalie"],
                             f"not a goalie of {r['team']} (its kit goalies: {', '.join(own)})")
        key = (r["team"], r["goalie"])
        if key in seen:
            raise ChartError(override, no, "goalie", r["goalie"], f"goalie listed twice (first on line {seen[key]})")
        seen[key] = no
        given.append({"team": r["team"], "goalie": r["goalie"], "share": read_share(override, no, r["share"]),
                      "line": no})
    g = pd.DataFrame(given, columns=["team", "goalie", "share", "line"])
    check_shares(override, g, list(dict.fromkeys(g.team)))
    listed = set(g.team)
    new = {(r.team, r.goalie): r.share for r in g.itertuples()}
    df["share"] = [new.get((t, n), 0.0) if t in listed else s for t, n, s in zip(df.team, df.goalie, df.share)]
    return df


class LeagueAdapter(Adapter):
    """Strat leagues: a kit (league.toml ``kit``), the kit's goalies with their fatigue ratings."""

    keys = ("kit",)
    game_columns = (("home_goalie_slot", "int16"), ("away_goalie_slot", "int16"), ("home_fatigued", "bool"),
                    ("away_fatigued", "bool"))
    sample = SAMPLE_KIT_DIR.parent / "league"

    def read(self, doc, path, teams):
        name = doc.get("kit", "sample")
        try:
            kit = sample_kit() if name == "sample" else load_kit(path.parent / name)
        except (OSError, ValueError) as exc:
            raise self.error(path, None, "kit", name, f"cannot load the kit: {exc}") from None
        for t in teams.team:
            if t not in kit.teams:
                raise self.error(path.parent / doc["teams"], None, "team", t,
                                 f"not a team of the kit; kit teams: {', '.join(sorted(kit.teams))}")
        return {"kit": kit, "kit_name": name}

    def goalies(self, doc, path, teams, data):
        return strat_goalies(data["kit"], list(teams.team), path.parent / doc["goalies"] if "goalies" in doc else None)

    def runner(self, lg, s):
        from simcore.league.strat_season import season_runner

        return season_runner(lg, s)

    def write_sample(self, out: Path, seed: int) -> None:
        from .samples import write_sample

        write_sample(self.game, out, seed)
