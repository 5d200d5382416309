"""Pyramid card hockey, public entry points: simulate, play_by_play, play_scripted.

Two managers, side A (home) and side B (away), each with a :class:`~.policies.Policy`.  Game ``g`` of a run
depends only on ``(seed, g)``: the same seed gives the same games for any threads or chunk size, and two
rule variants or policy pairs run with one seed see the same shuffles until their play differs.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

import simcore
from simcore import runner
from simcore.checks import is_whole
from simcore.cliargs import counted
from simcore.errors import InputError
from simcore.results import Results
from simcore.rng import check_seed, script_values
from simcore.stats import advantage_ci, count_mean_ci, wilson_ci

from . import kernel as K
from .deck import Deck, Shape, deck_for, shape
from .policies import Policy, routes
from .rules import Rules

WINNERS = ("home", "away", "tie")
DECIDED = ("REG", "OT", "SO")
SIDES = ("home", "away")
DEFAULT_CHUNK = 1 << 18


@dataclass(frozen=True)
class Game:
    """Everything the kernel needs for one rule set, deck and pair of policies."""

    rules: Rules
    deck: Deck
    shape: Shape
    policies: tuple[Policy, Policy]
    vals: np.ndarray
    total: np.ndarray
    quant: np.ndarray
    meanv: float
    routes: np.ndarray
    rule_vec: np.ndarray
    pol: np.ndarray
    place_tbl: np.ndarray

    def kernel_args(self):
        """The arrays the kernel's game functions read after the deck's values, in order."""
        return (self.vals, self.total, self.quant, self.meanv, self.shape.kinds, self.shape.opened,
                self.routes, self.rule_vec, self.pol)

    def ctx(self) -> tuple:
        """The ``ctx`` of :func:`.kernel.simulate_games`: :meth:`kernel_args` and the draft policies'
        placement table."""
        return (*self.kernel_args(), self.place_tbl)


def _policies(policies) -> tuple[Policy, Policy]:
    if policies is None or isinstance(policies, (str, Policy)):
        p = Policy.parse(policies)
        return (p, p)
    if not isinstance(policies, (tuple, list)) or len(policies) != 2:
        raise InputError(f"policies must be one policy for both sides or an (A, B) pair, got {policies!r}")
    a, b = policies
    return (Policy.parse(a), Policy.parse(b))


def compile_game(rules=None, policies=None, deck_file=None) -> Game:
    """Check and compile a rule set, the deck it plays with and the two sides' policies."""
    rules = Rules.coerce(rules)
    deck = deck_for(rules, deck_file)
    shp = shape(rules.lineup)
    pols = _policies(policies)
    vals = deck.array()
    total = deck.counts()
    n = vals.size
    below = np.concatenate([[0], np.cumsum(total)[:-1]])
    quant = (below + 0.5 * total) / n
    pol = np.stack([p.vector(shp) for p in pols])
    quant = quant.astype(np.float64)
    return Game(rules, deck, shp, pols, vals, total, quant, float(vals.mean()), routes(shp), rules.numeric(), pol,
                K.placement_table(pol, shp.kinds.shape[0], quant))


def _check_n(n):
    if not is_whole(n) or n <= 0:
        raise InputError(f"n must be a positive whole number of games, got {n!r}")
    return int(n)


def simulate(n: int = 100_000, seed: int = 0, rules: Rules | str | None = None, *, policies=None,
             deck_file=None, names: tuple[str, str] = ("A", "B"), threads: int | None = None,
             chunk_size: int | None = None, progress: bool | None = None) -> Results:
    """Simulate ``n`` games between side A (home, ``names[0]``) and side B (away).

    ``policies``: one policy (name, spec or :class:`Policy`) for both sides, or an (A, B) pair.
    ``deck_file``: the deck for ``rules.deck == "custom"`` (a CSV path or a :class:`~.deck.Deck`).
    Tables: ``games`` (the common game table plus goals per period, shots, saves, advances, turns and who
    drafted first in each period) and ``periods`` (one row per game, side and period).
    """
    n = _check_n(n)
    seed = check_seed(seed)
    game = compile_game(rules, policies, deck_file)
    (out,) = K.GAME_OUTPUTS.allocate(n)
    ctx = game.ctx()
    useed = np.uint64(seed)

    def play(g0, count, inputs, rows, totals):
        K.simulate_games(ctx, useed, g0, count, rows)

    runner.run_games(n, play, rows=(out,), chunk_size=chunk_size, default_chunk=DEFAULT_CHUNK, n_threads=threads,
                     progress=progress, seed=seed)
    meta = {"game": "pyramid", "variant": game.rules.id, "seed": seed, "n": n, "mode": "games",
            "version": simcore.__version__, "home": names[0], "away": names[1],
            "policies": {"home": str(game.policies[0]), "away": str(game.policies[1])},
            "deck": {"source": game.deck.source, "cards": game.deck.size, "fingerprint": game.deck.digest,
                     "sha256": game.deck.digest}}     # sha256: the fingerprint's name of earlier releases
    res = Results(meta, {"out": out}, summarizer=_summary)
    res.builders["games"] = lambda: games_table(out, meta)
    res.builders["periods"] = lambda: periods_table(out, meta)
    return res


def games_table(out: np.ndarray, meta: dict) -> pd.DataFrame:
    """The common game table and pyramid's own columns (see :func:`simulate`)."""
    n = out.shape[0]
    goals = out[:, K.C_GOALS:K.C_GOALS + 8].reshape(n, 2, 4).astype(np.int64)
    df = pd.DataFrame({
        "game": "pyramid", "variant": meta["variant"], "seed": meta["seed"], "game_id": np.arange(n),
        "home": meta["home"], "away": meta["away"],
        "home_goals": goals[:, 0].sum(axis=1), "away_goals": goals[:, 1].sum(axis=1),
        "winner": pd.Categorical.from_codes(out[:, K.C_WINNER].astype(np.int64), categories=list(WINNERS)),
        "decided_in": pd.Categorical.from_codes(out[:, K.C_DECIDED].astype(np.int64), categories=list(DECIDED)),
    })
    for i, side in enumerate(SIDES):
        for p, name in enumerate(("p1", "p2", "p3", "ot")):
            df[f"{side}_{name}"] = goals[:, i, p]
    for i, side in enumerate(SIDES):
        df[f"{side}_shots"] = out[:, K.C_SHOTS + i]
        df[f"{side}_saves"] = out[:, K.C_SHOTS + 1 - i] - goals[:, 1 - i].sum(axis=1)
        df[f"{side}_advances"] = out[:, K.C_ADV + i]
        df[f"{side}_failed_flips"] = out[:, K.C_FAIL + i]
        df[f"{side}_last_card_shots"] = out[:, K.C_LAST + i]
        df[f"{side}_turns"] = out[:, K.C_TURNS + i]
        df[f"{side}_shootout_goals"] = out[:, K.C_SO + i]
    df["turns"] = out[:, K.C_TURNS] + out[:, K.C_TURNS + 1]
    df["flips"] = out[:, K.C_FLIPS]
    side_cat = lambda col: pd.Categorical.from_codes(col.astype(np.int64), categories=list(SIDES))  # noqa: E731
    df["first_drafter"] = side_cat(out[:, K.C_FIRST])
    for p, name in enumerate(("p1", "p2", "p3", "ot")):
        df[f"drafted_first_{name}"] = pd.Categorical.from_codes(out[:, K.C_DRAFTED + p].astype(np.int64),
                                                                categories=list(SIDES))
    w = out[:, K.C_WINNER]
    first = out[:, K.C_FIRST]
    df["first_drafter_won"] = w == first
    df["unaccounted_cards"] = out[:, K.C_UNACCOUNTED]
    return df


def periods_table(out: np.ndarray, meta: dict) -> pd.DataFrame:
    """One row per game, side and period played: goals and whether the side drafted first."""
    n = out.shape[0]
    goals = out[:, K.C_GOALS:K.C_GOALS + 8].reshape(n, 2, 4)
    rows = []
    for p, name in enumerate(("1", "2", "3", "OT")):
        played = out[:, K.C_DRAFTED + p] >= 0
        for i, side in enumerate(SIDES):
            rows.append(pd.DataFrame({
                "game_id": np.flatnonzero(played), "side": side, "period": name,
                "goals": goals[played, i, p], "drafted_first": out[played, K.C_DRAFTED + p] == i}))
    return pd.concat(rows, ignore_index=True).sort_values(["game_id", "period", "side"], kind="stable",
                                                          ignore_index=True)


def summary_frame(out: np.ndarray) -> pd.DataFrame:
    """Tidy metrics of a run's per-game array: metric, estimate, 95% interval, ``n`` (the games of the run; a
    share of shots, ``shooting_pct``, is of the shots those games had) and unit.  A count's mean (goals, shots,
    turns) has :func:`simcore.stats.count_mean_ci`'s interval, as the other games' summaries."""
    n = out.shape[0]
    goals = out[:, K.C_GOALS:K.C_GOALS + 8].reshape(n, 2, 4).sum(axis=2).astype(float)
    w = out[:, K.C_WINNER]
    d = out[:, K.C_DECIDED]
    first = out[:, K.C_FIRST]
    rows = []

    def prop(name, k, unit="share of games"):
        lo, hi = wilson_ci(float(k), n)
        rows.append((name, k / n, lo, hi, unit))

    def mean(name, x, unit):
        x = np.asarray(x, dtype=float)
        rows.append((name, float(x.mean()), *count_mean_ci(x), unit))

    prop("home_win", (w == 0).sum())
    prop("away_win", (w == 1).sum())
    prop("tie", (w == 2).sum())
    prop("first_mover_win", (w == first).sum())
    prop("second_mover_win", ((w != first) & (w != 2)).sum())
    adv = (w == first).astype(float) - ((w != first) & (w != 2))
    rows.append(("first_mover_advantage", float(adv.mean()), *advantage_ci(adv), "difference of shares"))
    prop("decided_OT", (d == 1).sum())
    prop("decided_SO", (d == 2).sum())
    mean("goals_per_game", goals.sum(axis=1), "goals (both sides; shootout goals excluded)")
    mean("home_goals_mean", goals[:, 0], "goals")
    mean("away_goals_mean", goals[:, 1], "goals")
    shots = out[:, K.C_SHOTS] + out[:, K.C_SHOTS + 1]
    mean("shots_per_game", shots, "shots (both sides)")
    tot_shots = shots.sum()
    lo, hi = wilson_ci(float(goals.sum()), float(tot_shots))
    rows.append(("shooting_pct", goals.sum() / tot_shots if tot_shots else float("nan"), lo, hi, "goals per shot"))
    mean("game_length", out[:, K.C_TURNS] + out[:, K.C_TURNS + 1], "turns (game length)")
    mean("advances_per_game", out[:, K.C_ADV] + out[:, K.C_ADV + 1], "skaters passed")
    df = pd.DataFrame(rows, columns=["metric", "estimate", "ci_low", "ci_high", "unit"])
    df.insert(4, "n", np.int64(n))
    return df


def _summary(res: Results) -> pd.DataFrame:
    return summary_frame(res.aggregates["out"])


# ---------------------------------------------------------------- one game, card by card

@dataclass(frozen=True)
class LoggedGame:
    """One game: its row of the games table, the raw events and the readable text."""

    row: dict
    events: np.ndarray
    text: str


#: The most events a logged game may be asked to keep.
MAX_LOG_EVENTS = 1_000_000


def _logged(game: Game, seed: int, g: int, scripted: bool, script: np.ndarray, max_events: int) -> LoggedGame:
    if not is_whole(max_events) or \
            not 1 <= max_events <= MAX_LOG_EVENTS:
        raise InputError(f"max_events must be a whole number 1..{MAX_LOG_EVENTS:,}, got {max_events!r}")
    # one event more than asked: a game that needs it has more events than max_events keeps
    out, log = K.play_logged(seed, g, game.vals, scripted, script, *game.kernel_args()[1:], int(max_events) + 1)
    if len(log) > max_events:
        raise InputError(f"the game has more than max_events = {max_events:,} events; pass a larger max_events")
    meta = {"variant": game.rules.id, "seed": seed, "home": "A", "away": "B"}
    row = games_table(out[None, :], meta).iloc[0].to_dict()
    return LoggedGame(row, log, describe(log, game))


def play_by_play(seed: int = 0, game_id: int = 0, rules=None, *, policies=None, deck_file=None,
                 max_events: int = 20_000) -> LoggedGame:
    """Game ``game_id`` of a run with ``seed``, card by card (the same game ``simulate`` plays)."""
    if not 0 <= int(game_id) < 2**63:
        raise InputError(f"game_id must be in 0 .. 2**63-1, got {game_id}")
    game = compile_game(rules, policies, deck_file)
    return _logged(game, check_seed(seed), int(game_id), False, np.empty((0, game.deck.size), np.int64),
                   max_events)


def play_scripted(decks, rules=None, *, policies="in-order", deck_file=None, seed: int = 0,
                  max_events: int = 20_000) -> LoggedGame:
    """Play a game whose periods use the given deck orders instead of shuffles.

    ``decks``: up to five sequences of card values, each a permutation of the deck: periods 1-3, the
    sudden-death period and the shootout (later entries may be omitted when the game does not reach them; a
    shootout under ``tie_break=shootout`` is the fifth, so a script that reaches it gives a fourth order too, one
    the game does not read).  Random policies, and a shootout's reshuffles once its scripted order runs short, draw
    from the stream of ``seed``.
    """
    game = compile_game(rules, policies, deck_file)
    N = game.deck.size
    if len(decks) > 5:
        raise InputError(f"{len(decks)} scripted decks; a game uses at most 5 (periods 1-3, the sudden-death "
                         "period and the shootout)")
    script = np.zeros((5, N), dtype=np.int64)
    want = np.sort(game.vals)
    for i, d in enumerate(decks):
        d = script_values(d, f"scripted deck {i + 1}")
        if d.shape != (N,) or not np.array_equal(np.sort(d), want):
            raise InputError(f"scripted deck {i + 1} is not an ordering of the {N}-card deck")
        script[i] = d
    for i in range(len(decks), 5):
        script[i] = game.vals
    lg = _logged(game, check_seed(seed), 0, True, script, max_events)
    reached = 3                                          # periods played, then the shootout as a fifth
    if lg.row["drafted_first_ot"] in SIDES:
        reached = 4
    if game.rules.tie_break == "shootout" and lg.row["home_goals"] == lg.row["away_goals"]:
        reached = 5
    if reached > len(decks):
        stage = ("period 1", "period 2", "period 3", "the sudden-death period", "the shootout")[len(decks)]
        raise InputError(f"the game reached {stage}, but only {len(decks)} scripted decks were given")
    return lg


def describe(log: np.ndarray, game: Game) -> str:
    """The event log as text, one line per event."""
    slots = game.shape.slots
    lab = game.deck.label_of
    names = ("A", "B")
    pname = ("period 1", "period 2", "period 3", "sudden-death period", "shootout")
    lines = []
    in_shootout = False
    for code, period, side, a, b, c in log.tolist():
        who = names[side] if side in (0, 1) else "?"
        if code == K.EV_PERIOD:
            lines.append(f"== {pname[period]}: {who} drafts first, {names[a]} takes the first turn")
        elif code == K.EV_PLACE:
            what = "places" if c == 0 else "refills"
            shown = "face down" if a == game.shape.goal else "face up"
            lines.append(f"  {who} {what} {lab(b)} at {slots[a]} ({shown})")
        elif code == K.EV_TURN:
            lines.append(f"{who}'s turn ({counted(a, 'card')} left in the deck)")
        elif code == K.EV_ADVANCE:
            lines.append(f"  {who} flips {lab(a)}: beats {slots[b]} {lab(c)}, advances")
        elif code == K.EV_SHOT:
            res = "GOAL" if c else "saved"
            lines.append(f"  {who} flips {lab(a)}: shoots at the goalie {lab(b)}: {res}")
        elif code == K.EV_FAIL:
            lines.append(f"  {who} flips {lab(a)}: beats no open card, turn over")
        elif code == K.EV_END:
            how = "deck exhausted" if a == 0 else f"{a} cards left"
            lines.append(f"== end of {pname[period]}: {how} ({c} discards, {b} cards in lineups); "
                         f"last turn: {names[1 - side]}")
        elif code == K.EV_SO_SHOT:
            if not in_shootout:
                lines.append("== shootout")
                in_shootout = True
            lines.append(f"  {who} shoots {lab(a)}, {names[1 - side]}'s goalie card {lab(b)}: "
                         f"{'GOAL' if c else 'saved'}")
    return "\n".join(lines)
