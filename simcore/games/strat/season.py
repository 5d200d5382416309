"""Strat-O-Matic replay leagues: the game's league adapter (:mod:`simcore.league.adapter`) and its season kernel.

A league names its card ``kit`` (``sample``, the shipped synthetic kit, or a kit folder beside league.toml);
its teams are teams of the kit and their goalies the kit's starter (G1, slot 0) and backup (G2, slot 1), with
their cards' consecutive-games ratings (24.4).  What carries from game to game in a season:

* goalies (24.4): each goalie's run of consecutive games and whether every game of it was a complete game with
  at most 4 goals against (the hot goalie, 24.41); :func:`simcore.league.kernel.pick_goalie` chooses the
  starters and :func:`simcore.league.kernel.fatigued_start` says who starts fatigued (24.42 a team's only
  goalie, 24.43 playoffs);
* injuries (15): a skater hurt for N games misses his team's next N games and is replaced before the opening
  faceoff as an in-game injury is (15.1).

Playoff games run on the playoff deck buffer ``DP`` (the league's rules with the shootout on), so no playoff
game ends tied (docs/league.md).
"""
from __future__ import annotations

from pathlib import Path

import numba as nb
import numpy as np
import pandas as pd

from simcore.charts import ChartError
from simcore.errors import InputError
from simcore.textio import toml_text
from simcore.layout import Output, Outputs
from simcore.league import kernel as LK
from simcore.league.adapter import Adapter
from simcore.league.files import GOALIE_COLUMNS, check_shares, read_csv, read_share
from simcore.nbarrays import borrow, stack_empty
from simcore.parallel import run_blocks

from .kernel import game as SG
from .kernel import layout as SL
from .kernel import tables as ST
from .kit import SAMPLE_KIT_DIR, load_kit, sample_kit
from .policies import Coach

# per-season goalie outputs
GO_STARTS, GO_GP, GO_WINS, GO_SA, GO_GA, GO_FATIGUED, GO_SHELLED, GO_FAT_START = range(8)
NGO = 8
# per-season skater outputs
PO_G, PO_A, PO_GP, PO_OUT = range(4)
NPO = 4
#: Columns of a kept game after GM_GAME: both starting goalie slots, then whether each started fatigued.
GAME_COLUMNS = 4
#: ``out`` of :func:`simulate_seasons`, per season.
SEASON_OUTPUTS = LK.season_outputs(GAME_COLUMNS, Outputs(
    Output("goalie", ("teams", 2, NGO), np.int32, "each goalie's regular season, starter and backup (GO_* "
           "columns)"),
    Output("player", ("teams", SL.MAX_ROSTER, NPO), np.int32, "each skater's goals, assists, games dressed, "
           "games out injured (PO_* columns)")))


# ---------------------------------------------------------------- the game's part of the season kernel

@nb.njit(cache=True, inline="always")
def _game(D, pol, h, a, share, n_goalies, rating, starts, consec, okrun, inj, stats, playoff, gslot, gfat, out,
          Z, RS, OG, OT_, OP, OK, L):
    """One game of team ``h`` at home to team ``a`` (league team indices = rows of the compiled kit): pick and
    fatigue the goalies, dress the healthy skaters, play, then carry the goalies' runs and the injuries on."""
    for side in range(2):
        t = h if side == 0 else a
        g = LK.pick_goalie(t, share, n_goalies, starts, stats[t, LK.S_GP], consec, okrun, rating, playoff)
        gslot[side] = g
        gfat[side] = LK.fatigued_start(consec[t, g], okrun[t, g], rating[t, g], LK.only_goalie(t, share, n_goalies),
                                       playoff)
        for j in range(SL.MAX_ROSTER):
            out[side, j] = inj[t, j] > 0
    SG.play_game(D, pol, h, a, gslot, gfat, out, Z, RS, OG, OT_, OP, OK, L)
    played = stack_empty(2, np.int64)
    complete = stack_empty(2, np.int64)
    gag = stack_empty(2, np.int64)
    for side in range(2):
        t = h if side == 0 else a
        for k in range(2):
            played[k] = OK[side, k, SL.K.gp] > 0
            complete[k] = OK[side, k, SL.K.start] > 0 and OK[side, 1 - k, SL.K.gp] == 0
            gag[k] = OK[side, k, SL.K.ga]
        LK.goalie_after_game(t, n_goalies, played, complete, gag, consec, okrun)
        starts[t, gslot[side]] += 1
        for j in range(SL.MAX_ROSTER):
            if out[side, j]:
                inj[t, j] -= 1
            elif OP[side, j, SL.P.inj] > 0:
                inj[t, j] = OP[side, j, SL.P.inj] - 1


@nb.njit(inline="always")
def new_state(gctx, st, gout, i):
    """A season's state: copies of the goalies' starts and runs and of the injuries the played games left, and
    the scratch of one game (its state Z, dice RS on the season's stream ``st``, counters, line-up inputs)."""
    starts = gctx[6].copy()
    consec = gctx[7].copy()
    okrun = gctx[8].copy()
    inj = gctx[9].copy()
    # the shared inputs and this season's output rows without reference counts: no thread contends for them
    D = borrow(gctx[0])
    DP = borrow(gctx[1])
    pol = borrow(gctx[2])
    share = borrow(gctx[3])
    n_goalies = borrow(gctx[4])
    rating = borrow(gctx[5])
    Z = np.zeros(SL.NZ, np.int64)
    cur = np.zeros(3, np.int64)
    empty = np.zeros(0, np.int64)
    sdeck = np.zeros(40, np.int64)
    RS = (st, cur, empty, empty, empty, sdeck)
    L = np.zeros((0, SL.LOG_W), np.int64)
    # the dtypes of simulate_games' outputs, so the engine's compiled play_game is reused
    OG = np.zeros(SL.NO, np.int32)
    OT_ = np.zeros((2, SL.NT), np.int16)
    OP = np.zeros((2, SL.MAX_ROSTER, SL.NP), np.int16)
    OK = np.zeros((2, 2, SL.NK), np.int16)
    gslot = np.zeros(2, np.int64)
    gfat = np.zeros(2, np.int64)
    out = np.zeros((2, SL.MAX_ROSTER), np.int64)
    return (starts, consec, okrun, inj, Z, RS, L, OG, OT_, OP, OK, gslot, gfat, out, D, DP, pol, share, n_goalies,
            rating, borrow(gout[0])[i], borrow(gout[1])[i])


@nb.njit(inline="always")
def play_game(state, st, g, h, a, stats, playoff, games, keep):
    """Game ``g`` of the remaining schedule (``g`` -1: a playoff game of ``h`` at home to ``a``); see
    :mod:`simcore.league.kernel`.  The game's context (``gctx``) is (D, DP, pol, share, n_goalies, rating,
    base_starts, base_consec, base_okrun, base_inj); its outputs (``gout``) are (out_goalie int32 (n, n_teams, 2,
    NGO), out_player int32 (n, n_teams, MAX_ROSTER, NPO))."""
    starts, consec, okrun, inj, Z, RS, L, OG, OT_, OP, OK, gslot, gfat, out, D, DP, pol, share, n_goalies, rating, \
        out_goalie, out_player = state
    _game(DP if playoff else D, pol, h, a, share, n_goalies, rating, starts, consec, okrun, inj, stats, playoff,
          gslot, gfat, out, Z, RS, OG, OT_, OP, OK, L)
    hg = OG[SL.O.home]
    ag = OG[SL.O.away]
    w = OG[SL.O.winner]
    d = OG[SL.O.decided]
    if playoff:
        return hg, ag, w, d
    for side in range(2):
        t = h if side == 0 else a
        for k in range(2):
            if OK[side, k, SL.K.gp] == 0:
                continue
            out_goalie[t, k, GO_GP] += 1
            out_goalie[t, k, GO_STARTS] += OK[side, k, SL.K.start]
            out_goalie[t, k, GO_WINS] += OK[side, k, SL.K.dec] == SL.DEC_W
            out_goalie[t, k, GO_SA] += OK[side, k, SL.K.sa]
            out_goalie[t, k, GO_GA] += OK[side, k, SL.K.ga]
            out_goalie[t, k, GO_FATIGUED] += OK[side, k, SL.K.fat_start] > 0 or OK[side, k, SL.K.shelled] > 0
            out_goalie[t, k, GO_SHELLED] += OK[side, k, SL.K.shelled] > 0
            out_goalie[t, k, GO_FAT_START] += OK[side, k, SL.K.fat_start] > 0
        for j in range(ST.tm(D, t, SL.TM.nroster)):
            if out[side, j]:
                out_player[t, j, PO_OUT] += 1
                continue
            out_player[t, j, PO_G] += OP[side, j, SL.P.g]
            out_player[t, j, PO_A] += OP[side, j, SL.P.a]
            # games played: dressed in a unit at the end of the game, or hurt during it
            q = ST.tm(D, t, SL.TM.roster + j)
            dressed = OP[side, j, SL.P.inj] > 0
            for k in range(SL.LINES_W - 2):
                if Z[SL.ZL.lines + side * SL.LINES_W + k] == q:
                    dressed = True
            out_player[t, j, PO_GP] += dressed
    if keep:
        games[g, LK.GM_GAME] = gslot[0]
        games[g, LK.GM_GAME + 1] = gslot[1]
        games[g, LK.GM_GAME + 2] = gfat[0]
        games[g, LK.GM_GAME + 3] = gfat[1]
    return hg, ag, w, d


@nb.njit(cache=True)
def _seasons(ctx, seed, s0, lo, hi, b, out):
    LK.seasons_block(play_game, new_state, ctx, seed, s0, lo, hi, out)


@nb.njit(cache=True, parallel=True)
def simulate_seasons(ctx, seed, s0, n, out):
    """Seasons s0 .. s0+n-1, each to the next free thread: ``ctx`` = the league's arrays
    (:data:`simcore.league.kernel.LCTX`) and then (D, DP, pol, share, n_goalies, rating, base_starts,
    base_consec, base_okrun, base_inj); ``out`` = :data:`SEASON_OUTPUTS`."""
    run_blocks(_seasons, ctx, seed, s0, n, 1, out)


# ---------------------------------------------------------------- the adapter

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
    bytes_per_team_season = 2_500        # the per-season goalie and skater sums on top of the league's tables

    def read(self, doc, path, teams):
        name = doc.get("kit", "sample")
        if not isinstance(name, str):
            raise self.key_error(path, "kit", toml_text(name), "must be a string (in quotes): \"sample\" or a kit "
                                 "folder")
        if name == "sample" and (path.parent / name).exists():
            raise self.key_error(path, "kit", name, "names the shipped sample kit, and there is a folder 'sample' "
                                 "beside this file too: write kit = \"./sample\" for the folder")
        try:
            kit = sample_kit() if name == "sample" else load_kit(path.parent / name)
        except (OSError, ValueError) as exc:
            raise self.key_error(path, "kit", name, f"cannot load the kit: {exc}") from None
        for t in teams.team:
            if t not in kit.teams:
                teams_file = path.parent / doc["teams"]
                line = next((no for no, r in read_csv(teams_file, ("team",)) if r["team"].strip() == t), None)
                raise self.error(teams_file, line, "team", t,
                                 f"not a team of the kit; kit teams: {', '.join(sorted(kit.teams))}")
        return {"kit": kit, "kit_name": name}

    def goalies(self, doc, path, teams, data):
        return strat_goalies(data["kit"], list(teams.team), path.parent / doc["goalies"] if "goalies" in doc else None)

    def runner(self, lg, s):
        """(run, finish): the seasons, and the goalie and skater projections."""
        from simcore.league.projection import PERCENTILES
        from .compile import compile_kit
        from .rules import Rules

        rules = Rules.coerce(lg.rules or None)
        if lg.points != "ties" and rules.shootout == "off":
            raise InputError(f"the rules {rules.id} can end a game tied, but the {lg.points!r} points system has no "
                             "ties; use points = \"ties\" or shootout=on")
        kit = lg.data["kit"]
        c = compile_kit(kit, rules, teams=s.names)
        cp = compile_kit(kit, rules.with_options("shootout=on"), teams=s.names)
        pol = np.stack([Coach().numeric(), Coach().numeric()])
        n_teams = len(s.names)
        n_games = len(s.homes)
        base_inj = np.zeros((n_teams, SL.MAX_ROSTER), np.int64)

        ctx = s.league_ctx() + (c.D, cp.D, pol, s.share, s.n_goalies, s.rating, s.starts, s.consec, s.okrun, base_inj)

        def run(seed, s0, count, keep_games):
            out = SEASON_OUTPUTS.allocate(count, teams=n_teams, games=n_games if keep_games else 0)
            simulate_seasons(ctx, seed, s0, count, out)
            return SEASON_OUTPUTS.as_dict(out)

        def pct(x, prefix):
            return {f"{prefix}_p{p}": float(np.percentile(x, p)) for p in PERCENTILES}

        def finish(out):
            go = out["goalie"].astype(np.int64)
            grows = []
            for t, team in enumerate(s.names):
                for g, name in enumerate(c.team_goalies[t]):
                    x = go[:, t, g]
                    sa, ga, gp = x[:, GO_SA].sum(), x[:, GO_GA].sum(), x[:, GO_GP].sum()
                    grows.append({"team": team, "goalie": name, "slot": g, "share": float(s.share[t, g]),
                                  "fatigue": int(s.rating[t, g]), "starts_now": int(s.starts[t, g]),
                                  "starts_mean": x[:, GO_STARTS].mean(), **pct(x[:, GO_STARTS], "starts"),
                                  "gp_mean": x[:, GO_GP].mean(), "wins_mean": x[:, GO_WINS].mean(),
                                  "gaa": ga / gp if gp else np.nan, "sv_pct": 1 - ga / sa if sa else np.nan,
                                  "fatigued_games_mean": x[:, GO_FATIGUED].mean(),
                                  "fatigued_starts_mean": x[:, GO_FAT_START].mean(),
                                  "shelled_mean": x[:, GO_SHELLED].mean()})
            po = out["player"].astype(np.int64)
            prows = []
            for t, team in enumerate(s.names):
                for j, name in enumerate(c.roster[t]):
                    x = po[:, t, j]
                    pts = x[:, PO_G] + x[:, PO_A]
                    prows.append({"team": team, "player": name, "gp_mean": x[:, PO_GP].mean(),
                                  "games_out_mean": x[:, PO_OUT].mean(),
                                  "G_mean": x[:, PO_G].mean(), **pct(x[:, PO_G], "G"),
                                  "A_mean": x[:, PO_A].mean(), **pct(x[:, PO_A], "A"),
                                  "PTS_mean": pts.mean(), **pct(pts, "PTS")})
            players = pd.DataFrame(prows).sort_values("PTS_mean", ascending=False, kind="stable").reset_index(drop=True)
            return pd.DataFrame(grows), players

        return run, finish

    def write_sample(self, out: Path, seed: int) -> None:
        from .samples import write_sample

        write_sample(self.game, out, seed)
