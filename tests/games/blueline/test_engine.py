"""Blue Line Hockey engine: whole games, determinism across threads and chunks, bookkeeping that balances, the
play-by-play of game g being game g of the run, overtime 4-on-4 in a recorded game."""
from __future__ import annotations

import numpy as np
import pytest

from simcore.games.blueline import engine
from simcore.games.blueline.kernel.layout import COUNT_NAMES, EV, GAME_OUTPUTS
from simcore.games.blueline.policies import Policy
from simcore.games.blueline.rules import Rules

N = 400


@pytest.fixture(scope="module")
def run():
    return engine.simulate(N, 7)


def col(out, name):
    return out["counts"][:, :, COUNT_NAMES.index(name)].astype(np.int64)


def test_outputs_have_the_declared_shapes(run):
    """The kernel's outputs are GAME_OUTPUTS, one row a game."""
    for spec in GAME_OUTPUTS.specs:
        assert run[spec.name].shape == (N, *spec.shape) and run[spec.name].dtype == spec.dtype


def test_same_seed_same_games_whatever_threads_and_chunks(run):
    """RNG contract: game g of seed s depends only on (s, g)."""
    for threads, chunk in ((1, None), (2, 37), (2, 128)):
        other = engine.simulate(N, 7, threads=threads, chunk_size=chunk)
        for k in run:
            np.testing.assert_array_equal(run[k], other[k])
    part = engine.simulate(50, 7)
    np.testing.assert_array_equal(part["counts"], run["counts"][:50])
    assert not np.array_equal(engine.simulate(50, 8)["counts"], part["counts"])


def test_games_end_with_a_result(run):
    """Ending the Game: regulation, overtime or shoot-out; a winner unless the shoot-out rule allows ties."""
    g = run["goals"].astype(np.int64).sum(axis=2)
    reg = run["decided"] == 0
    assert (g[reg, 0] != g[reg, 1]).all()
    won = run["winner"]
    h = g[:, 0] + (run["decided"] == 2) * (run["so_goals"][:, 0] > run["so_goals"][:, 1])
    a = g[:, 1] + (run["decided"] == 2) * (run["so_goals"][:, 1] > run["so_goals"][:, 0])
    assert ((won == 0) == (h > a)).all() and ((won == 1) == (a > h)).all()
    assert set(np.unique(run["decided"])) <= {0, 1, 2}
    ot = run["decided"] == 1
    assert (run["goals"][ot, :, 3].sum(axis=1) == 1).all()          # sudden death: one overtime goal
    assert (col(run, "capped") == 0).all()


def test_bookkeeping_balances(run):
    """Every shot has one result; every goal one kind; the outputs' goals are the counters' goals."""
    shots = col(run, "shots")
    assert (shots == col(run, "card_saves") + col(run, "saves") + col(run, "rebounds") + col(run, "blanks")
            + col(run, "goals")).all()
    assert (col(run, "goals") == col(run, "goals_even") + col(run, "pp_goals") + col(run, "sh_goals")
            + col(run, "en_goals")).all()
    assert (col(run, "in_position") + col(run, "out_of_position") == shots - col(run, "card_saves")).all()
    assert (col(run, "goals") == run["goals"].astype(np.int64).sum(axis=2)).all()
    assert (col(run, "stick_steals") <= col(run, "stick_checks")).all()
    assert (col(run, "body_steals") <= col(run, "body_checks")).all()
    assert (col(run, "faceoffs_won").sum(axis=1) == col(run, "faceoffs")[:, 0]).all()
    assert (col(run, "pk_clears") + col(run, "pk_dump_fails") <= col(run, "dumps")).all()
    so = run["decided"] == 2
    assert (col(run, "so_shots")[~so] == 0).all() and (col(run, "so_shots")[so] >= 5).all()


def test_series_balance_the_dial():
    """Series: "When the series dial is turned to from 1 to 10, the period ends immediately", a time-out turns it
    back one: a game decided in regulation holds 3 x 10 series and one more per time-out, one that reaches the
    shoot-out 3 x 10 + 4 (``ot_series``).  The turn cap turns the dial once and the face-off after it starts the
    series it counted (seed 1 caps two games in these 20,000, both decided in regulation)."""
    out = engine.simulate(20_000, 1)
    series = col(out, "series").sum(axis=1)
    timeouts = col(out, "timeouts").sum(axis=1)
    capped = col(out, "capped").sum(axis=1)
    dec = out["decided"]
    assert (series[dec == 0] == 30 + timeouts[dec == 0]).all()
    assert (series[dec == 2] == 34 + timeouts[dec == 2]).all()
    assert (series[dec == 1] <= 34 + timeouts[dec == 1]).all()
    assert capped.sum() == 2 and (dec[capped > 0] == 0).all()


def test_games_look_like_hockey(run):
    """The defaults score as docs/blueline.md (the Slide Rule Calculator's "Tuning") records for 20,000 games of
    seed 2026: 2.99 goals and 12.7 shots per team per game; these 400 games of another seed within 4 standard
    errors of each (per game, the two teams' mean)."""
    for name, documented in (("goals", 2.99), ("shots", 12.7)):
        per_game = col(run, name).mean(axis=1)
        se = per_game.std(ddof=1) / np.sqrt(len(per_game))
        assert abs(per_game.mean() - documented) < 4 * se, (name, per_game.mean(), se)
    assert col(run, "minors").sum() > 0 and col(run, "pp_goals").sum() > 0
    assert col(run, "series").mean() > 10


def test_play_by_play_is_game_g_of_the_run(run):
    """The recorded game is the very game simulate plays as game g (RNG RECORDING)."""
    for g in (0, 5):
        log = engine.play_by_play(7, g)
        np.testing.assert_array_equal(log.row["goals"], run["goals"][g])
        assert log.row["winner"] == run["winner"][g]
        for i, name in enumerate(COUNT_NAMES):
            assert log.row["counts"][name] == tuple(int(v) for v in run["counts"][g, :, i])
    assert "Face-off at center ice" in log.text and "Final:" in log.text
    assert log.text.count("blue") > 10                     # the rink after the turns
    for g in range(6, 16):                                 # every event of these games has its text
        from simcore.games.blueline import pbp
        from simcore.games.blueline.board import load_board
        b = load_board()
        assert all(pbp.line_of(e, b) is not None or e[0] in (EV.period,) for e in engine.play_by_play(7, g).events
                   if not (e[0] == EV.goalie and e[5] == 1))


def test_pbp_prints_a_goalie_pass_once_and_the_rolls_after_the_pass():
    """A goalie's pass ("pass to an open teammate a maximum of 8 spaced") is one line, and the interception rolls
    of the opponents it passes ("Passing") follow the pass they belong to."""
    from simcore.games.blueline import pbp
    from simcore.games.blueline.board import load_board
    ev = [(EV.goalie, 1, 9, 0, 5, 1, 1, 0, 0),            # home goalie passes to LW ...
          (EV.intercept, 1, 9, 1, 3, 6, 8, 0, 0),         # ... away LD misses (6 of 8),
          (EV.intercept, 1, 9, 1, 0, 9, 8, 1, 0),         # away C intercepts (9)
          (EV.pass_, 1, 9, 0, 5, 1, 0, 0, 0)]
    row = {"goals": np.zeros((2, 4), np.int16), "so_goals": (0, 0), "decided": 0, "winner": 2,
           "counts": {"shots": (0, 0)}}
    lines = pbp.render(load_board(), np.array(ev), np.zeros((0, 27), np.int64), row).split("\n")
    assert lines[:3] == ["HOME G passes to LW -- intercepted",
                         "    AWAY LD reaches for it: 2d6 = 6 (needs 8) -> misses",
                         "    AWAY C reaches for it: 2d6 = 9 (needs 8) -> intercepts"]
    assert sum("passes to LW" in t for t in lines) == 1


def test_pbp_prints_an_intercepted_bank_pass_without_its_rebound_and_before_the_new_series():
    """"Passing Off Sideboards": the puck is intercepted on its way, so it never rebounds; the pass is logged after
    its interception rolls (as any pass), and its line says so, followed by the rolls, then the new series.  Seed
    21's game 9 has one (1.7 a game in 100 default games of that seed)."""
    log = engine.play_by_play(21, 9)
    ev = [tuple(int(v) for v in e) for e in log.events]
    banks = [i for i, e in enumerate(ev) if e[0] == EV.bank]
    caught = [i for i in banks if ev[i][7]]
    assert caught and len(caught) < len(banks)
    for i in banks:                              # the last roll before the pass is its interceptor's, if any
        rolls = [e for e in ev[:i][::-1][:1] if e[0] == EV.intercept]
        assert bool(ev[i][7]) == bool(rolls and rolls[0][7])
    lines = log.text.split("\n")
    at = next(k for k, t in enumerate(lines) if "passes off the boards" in t and "-- intercepted" in t)
    assert "rebounds" not in lines[at] and "-> intercepts" in lines[at + 1] and "new series" in lines[at + 2]
    assert sum("rebounds to" in t for t in lines) == len(banks) - len(caught)


def test_pbp_prints_a_checks_penalty_cards_before_the_period_end_its_steal_caused():
    """Checking: a steal is a change of possession, and "When the series dial is turned to from 1 to 10, the period
    ends immediately"; the kernel logs the end before it draws the check's penalty cards.  The play-by-play prints
    the cards with the check, then the end of the period."""
    from simcore.games.blueline import pbp
    from simcore.games.blueline.board import load_board
    ev = [(EV.stick_check, 1, 1, 1, 0, 0, 12, 5, 1),     # away C stick-checks home C (12 vs 5): steals
          (EV.end, 1, 1, -1, -1, 0, 0, 0, 0),             # the steal turned the dial from 1
          (EV.penalty, 1, 1, 1, 0, 0, 0, 4, 0),           # the double 6's card: a minor
          (EV.delayed, 1, 1, 1, 0, 0, 0, 0, 0),
          (EV.period, 2, 10, -1, -1, 2, 0, 0, 0)]
    row = {"goals": np.zeros((2, 4), np.int16), "so_goals": (0, 0), "decided": 0, "winner": 2,
           "counts": {"shots": (0, 0)}}
    lines = pbp.render(load_board(), np.array(ev), np.zeros((0, 27), np.int64), row).split("\n")
    at = {k: next(i for i, t in enumerate(lines) if k in t) for k in ("checks", "penalty card", "delayed", "end of")}
    assert at["checks"] < at["penalty card"] < at["delayed"] < at["end of"]
    assert at["end of"] == at["delayed"] + 1


def test_the_power_plays_set_up_ends_its_turn():
    """"Penalty Kill Team Positioning": after the power play's set-up the "Penalty-Kill team now rolls to
    skate/check first", so the power-play team makes no pass, move, shot or dump after its set-up in the turn that
    brought it (a pass to a teammate in the zone, a skate into it, or overtime's pass and move). In 200 default
    games: every set-up is followed by a turn of the killers."""
    setups = 0
    for g in range(200):
        log = engine.play_by_play(2026, g)
        turn_ends = sorted(int(s[26]) for s in log.snapshots)
        for i, e in enumerate(log.events):
            if e[0] != EV.pp_setup:
                continue
            setups += 1
            end = next((k for k in turn_ends if k > i), len(log.events))
            acts = [f for f in log.events[i + 1:end]
                    if f[3] == e[3] and f[0] in (EV.pass_, EV.skate, EV.shot, EV.dump, EV.bank)]
            assert not acts, (g, i)
    assert setups > 300


def test_ot_benched_counts_both_ways():
    """ot_benched counts overtime strength changes "to or from the bench" (docs/blueline.md): the counter equals
    the play-by-play's bench events both ways in every overtime game of 600 between aggressive coaches, some of
    which have a benched winger coming back."""
    pols = ("aggressive", "aggressive")
    out = engine.simulate(600, 1, policies=pols)
    overtime = np.nonzero(out["decided"] >= 1)[0]
    assert len(overtime) >= 60
    back = 0
    for g in overtime:
        log = engine.play_by_play(1, int(g), policies=pols)
        moves = [e for e in log.events if e[0] == EV.benched]
        back += sum(1 for e in moves if e[5] == 1)
        assert log.row["counts"]["ot_benched"] == tuple(sum(1 for e in moves if e[3] == t) for t in range(2)), g
    assert back > 0


def test_overtime_is_four_on_four():
    """Over Time: "Remove one of the wingers from each team so that both teams are 4-on-4"."""
    out = engine.simulate(300, 11)
    g = int(np.nonzero(out["decided"] >= 1)[0][0])
    log = engine.play_by_play(11, g)
    start = next(i for i, e in enumerate(log.events) if e[0] == EV.period and e[6] == 1)
    snaps = log.snapshots[log.snapshots[:, 26] > start]
    assert len(snaps) > 0
    pos = snaps[:, :24].reshape(-1, 2, 6, 2)
    wingers_on = (pos[:, :, 1:3, 0] >= 0).sum(axis=2)
    assert (wingers_on <= 1).all()


def test_overtime_never_has_five_skaters():
    """Over Time 4-on-4 (rules ot_release=bench): in every overtime snapshot of the first 12 overtime games of a
    run, each team has at most 4 skaters on the ice and at least 3."""
    out = engine.simulate(1500, 5)
    games = np.nonzero(out["decided"] >= 1)[0][:12]
    assert len(games) >= 6
    for g in games:
        log = engine.play_by_play(5, int(g))
        start = next(i for i, e in enumerate(log.events) if e[0] == EV.period and e[6] == 1)
        snaps = log.snapshots[log.snapshots[:, 26] > start]
        on = (snaps[:, :24].reshape(-1, 2, 6, 2)[:, :, :5, 0] >= 0).sum(axis=2)
        assert (on <= 4).all() and (on >= 3).all(), g


def test_new_decisions_are_played():
    """The coaches' decisions for passes off the boards, Row 3 dumps, sweeps, loose pucks and the pulled goalie's
    return are played in whole games, and switching them off changes the games."""
    a = engine.simulate(400, 9, policies=("dump=stuck",) * 2)
    b = engine.simulate(400, 9, policies=("dump=stuck;bank=never;boards=first;sweep=never;goalie_loose=never;"
                                          "pull=trailing-stay",) * 2)
    for name in ("bank_passes", "row3_dumps", "sweeps", "goalie_returns"):
        assert col(a, name).sum() > 0 and col(b, name).sum() == 0, name
    assert col(b, "goalie_loose").sum() == 0


def test_pull_trailing_stay_pulls_the_goalie_and_never_calls_him_back():
    """``pull=trailing-stay`` pulls the goalie as ``trailing`` does (docs/blueline.md "Policies") but leaves him out
    until a face-off: pulls and empty-net goals, no skate-back returns.  It once pulled nobody (0.0 a game, as
    ``never``), where ``trailing`` pulls some 0.9 a game."""
    stay = engine.simulate(2000, 1, policies=("pull=trailing-stay",) * 2)
    trailing = engine.simulate(2000, 1, policies=("pull=trailing",) * 2)
    never = engine.simulate(2000, 1, policies=("pull=never",) * 2)
    pulls = {k: col(r, "pulled_goalie").sum() / 2000 for k, r in (("stay", stay), ("trailing", trailing),
                                                                  ("never", never))}
    assert pulls["never"] == 0 and pulls["trailing"] > 0.5 and pulls["stay"] > 0.5, pulls
    assert col(stay, "goalie_returns").sum() == 0 and col(trailing, "goalie_returns").sum() > 0
    assert col(stay, "en_goals").sum() > 0


def test_policies_change_play():
    """Named policies are played: shooting always takes more shots than a high threshold."""
    a = engine.simulate(200, 3, policies=("shoot=always", "shoot=always"))
    b = engine.simulate(200, 3, policies=("shoot=threshold-400", "shoot=threshold-400"))
    assert col(a, "shots").mean() > col(b, "shots").mean()
    r = engine.simulate(100, 3, policies=("random", "random"))
    assert r["counts"].shape == (100, 2, len(COUNT_NAMES))


def test_policy_parse_and_text():
    """Policy.parse: presets and field=value;field=value; str() gives it back."""
    p = Policy.parse("aggressive;cards=random")
    assert p.check == "body" and p.cards == "random" and Policy.parse(str(p)) == p
    assert str(Policy()) == "default" and Policy.parse("cautious").shoot == "threshold-180"
    with pytest.raises(ValueError, match="check"):
        Policy.parse("check=elbow")
    with pytest.raises(ValueError, match="fields"):
        Policy.parse("speed=3")
    assert Policy().numeric().dtype == np.int64


def test_rules_fields_cite_their_heading():
    """Rules: every field an option citing its rulebook heading; numeric() is the kernel's vector."""
    for f in Rules.describe():
        assert f["section"] and f["doc"] and f["default"] == f["choices"][0]
    assert Rules.preset("no-icing").icing == "off"


VARIANTS = ["check_tie=defender", "checks=each", "zone_slow=even-strength", "zone_slow_dest=ignored",
            "rebound=defense", "empty_net=goal", "delayed_until=touch", "pp_move_pass=every-turn",
            "overtime=off", "shootout_tie=tie,so_rounds=3", "series=8,ot_series=3", "intercept=7,intercept_pk=9",
            "pk_dump=7,goalie_pass=6", "pull_series=1,pull_margin=1", "timeouts=off,pull_goalie=off",
            "shootout_line=13", "turn_cap=60", "sideboards=off,boards_row3=off", "goalie_sweep=off",
            "goalie_loose=nearest", "pull_return=faceoff", "ot_pass_move=receiver", "ot_pass_move=off,ot_release=ice",
            "blank_hold=save", "beaten_cards=skip", "frozen_reset=turns", "pull_faceoff=stay", "drop_pass=path",
            "goalie_challenge=free"]


#: alternatives that leave 150 games of seed 21 as the rulebook plays them, each with the test that plays it
SAME_GAMES = {
    "turn_cap=60": "a safety cap no series of these games reaches (test_series_balance_the_dial)",
    "goalie_loose=nearest": "the goalie's loose puck in reach is rare (test_goalie_loose_puck_without_the_roll)",
    "empty_net=goal": "none of these games has a shot at an empty net that the chart does not score "
                      "(test_empty_net_goal_every_shot_at_an_empty_net_scores)",
    "preset:no-icing": "the default coaches never dump into icing (boards=teammate; "
                       "test_dump_from_own_half_is_icing)",
    "preset:rulebook": "the rulebook itself",
}


@pytest.fixture(scope="module")
def rulebook_games():
    return engine.simulate(150, 21, rules=Rules())


@pytest.mark.parametrize("spec", VARIANTS + [f"preset:{p}" for p in Rules.PRESETS])
def test_rule_variants_play_whole_games(spec, rulebook_games):
    """Every rule field's alternative plays whole games whose books balance, and games of its own: the same seed
    under the rulebook plays other games (an option the kernel ignored would give the same ones)."""
    rules = Rules.preset(spec.split(":")[1]) if spec.startswith("preset:") else Rules().with_options(spec)
    out = engine.simulate(150, 21, rules=rules)
    assert np.array_equal(out["counts"], rulebook_games["counts"]) == (spec in SAME_GAMES)
    shots = col(out, "shots")
    assert (shots == col(out, "card_saves") + col(out, "saves") + col(out, "rebounds") + col(out, "blanks")
            + col(out, "goals")).all()
    assert (col(out, "goals") == out["goals"].astype(np.int64).sum(axis=2)).all()
    reg = out["decided"] == 0
    series = col(out, "series").sum(axis=1)
    assert (series[reg] == 3 * int(rules.series) + col(out, "timeouts").sum(axis=1)[reg]).all()
    if rules.overtime == "off":
        assert (out["decided"] != 1).all()
    if rules.shootout_tie == "tie":
        level = out["so_goals"][:, 0] == out["so_goals"][:, 1]
        assert ((out["winner"] == 2) == ((out["decided"] == 2) & level)).all()


def test_draw_weighted_scripted_recorded_and_random():
    """simcore.rng.draw_weighted: one script entry (the index + 1); recording writes it; the draws follow the
    weights and never pick a zero weight."""
    import numba as nb

    from simcore.rng import RECORDING, STATE_SIZE, draw_weighted, scripted_stream, seed_stream

    @nb.njit
    def draws(st, script, cdf, n):
        out = np.zeros(n, np.int64)
        for i in range(n):
            out[i] = draw_weighted(st, script, cdf)
        return out

    cdf = np.cumsum([0.5, 0.0, 0.25, 0.25, 0.0])
    st = scripted_stream()
    assert draws(st, np.array([3, 1, 5]), cdf, 3).tolist() == [2, 0, 4]
    st = np.zeros(STATE_SIZE, np.uint64)
    seed_stream(st, 1, 2)
    st[5] = RECORDING
    rec = np.zeros(20000, np.int64)
    got = draws(st, rec, cdf, 20000)
    assert (rec - 1 == got).all()
    freq = np.bincount(got, minlength=5) / 20000
    assert freq[1] == 0 and freq[4] == 0 and abs(freq[0] - 0.5) < 0.02 and abs(freq[2] - 0.25) < 0.02
    st2 = np.zeros(STATE_SIZE, np.uint64)
    seed_stream(st2, 1, 2)
    assert (draws(st2, np.zeros(0, np.int64), cdf, 20000) == got).all()   # recording draws as the plain stream
