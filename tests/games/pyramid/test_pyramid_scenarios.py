"""Pyramid card hockey replayed with scripted decks (shared/rules/pyramid-card-hockey.txt).

The ``in-order`` policy drafts into the slots left to right (LF, CF, RF, LD, RD, G; F, D, G for the 1-1-1
lineup), so a scripted deck fixes both lineups: the first drafter's cards come first, then the other's,
then the cards flipped in play.  It takes on the highest card it beats and shoots at the first chance.
"""
import pandas as pd
import pytest

from simcore.games import pyramid as P
from simcore.games.pyramid import kernel as K
from simcore.games.pyramid.deck import RANKS, shape

V = {r: i + 2 for i, r in enumerate(RANKS)}   # card values, ace high


def std_order(*front):
    """A full standard-deck order starting with the values ``front`` (ranks or ints)."""
    vals = [V[x] if isinstance(x, str) else x for x in front]
    rest = [v for v in range(2, 15) for _ in range(4)]
    for v in vals:
        rest.remove(v)
    return vals + rest


def events(lg, code=None, period=0):
    ev = [tuple(e) for e in lg.events.tolist() if e[1] == period]
    return [e for e in ev if code is None or e[0] == code]


def test_open_cards_follow_the_rulebook_examples():
    s = shape("3-2-1")
    assert s.open_slots(set()) == {"LF", "CF", "RF"}
    # "overtake the center forward ... clear line of sight to both remaining forwards and the two
    # defenders, but the goal is still blocked"
    assert s.open_slots({"CF"}) == {"LF", "RF", "LD", "RD"}
    # "advanced past the left side forward, only the center forward and left defender are open"
    assert s.open_slots({"LF"}) == {"CF", "LD"}
    assert s.open_slots({"RF"}) == {"CF", "RD"}
    # no defender passed: the goal stays blocked, however many forwards are gone
    assert "G" not in s.open_slots({"LF", "CF", "RF"})
    assert "G" in s.open_slots({"LF", "LD"}) and "G" in s.open_slots({"CF", "RD"})
    # passed cards are gone; the left defender opens his partner
    assert s.open_slots({"LF", "CF"}) == {"RF", "LD", "RD"}
    assert s.open_slots({"LF", "LD"}) == {"CF", "RD", "G"}


def test_center_forward_opens_both_wings_and_defenders_then_the_goal():
    """Description: "Let's say that you use your first card to overtake the center forward with your first card ...
    you now have clear line of sight to both remaining forwards and the two defenders, but the goal is still
    blocked."  "Once the goal is "open", you are free to attempt to score at any point."  "If your card is
    [i]higher[/i] in value, you have scored a goal."  Passing LD opens the goal (docs/pyramid.md "The lineup and
    which cards are open")."""
    # A: LF 4, CF 4, RF 4, LD 5, RD 5, G 6.  B: LF 10, CF 2, RF 10, LD 3, RD 10, G K.
    deck = std_order(4, 4, 4, 5, 5, 6, 10, 2, 10, 3, 10, "K", 2, 3, "A")
    lg = P.play_scripted([deck] * 3, policies="in-order")
    adv = events(lg, K.EV_ADVANCE)
    # A flips 2: only CF (2) matches; flips 3: LD (3) is open once CF is passed; the goal opens
    assert [(e[3], e[4], e[5]) for e in adv[:2]] == [(2, 1, 2), (3, 3, 3)]
    shot = events(lg, K.EV_SHOT)[0]
    assert shot[2] == 0 and shot[3] == V["A"] and shot[4] == V["K"] and shot[5] == 1   # ace beats the king
    assert "A flips A: shoots at the goalie K: GOAL" in lg.text


def test_left_forward_opens_only_center_and_left_defender():
    """Description: "If, on the other hand, you advanced past the left side forward, only the center forward and
    left defender are "open" to you."  "At no point are you allowed to skip another card in order to reach a more
    favorable card."  "Play also switches if you fail to successfully overtake enough players to clear an open
    path to your opponent's goal."  Here RD is beaten but not open."""
    # B: LF 2, CF 10, RF 10, LD 10, RD 3.  After LF the 4 beats RD 3, but RD is not open: the turn ends.
    deck = std_order(4, 4, 4, 5, 5, 6, 2, 10, 10, 10, 3, "K", 2, 4)
    lg = P.play_scripted([deck] * 3, policies="in-order")
    turn = events(lg)[events(lg).index(events(lg, K.EV_TURN)[0]):]
    assert turn[1][0] == K.EV_ADVANCE and turn[1][4] == 0          # past LF
    assert turn[2][0] == K.EV_FAIL and turn[2][3] == 4             # 4 beats no open card
    assert "A flips 4: beats no open card, turn over" in lg.text


def test_goal_blocked_until_a_defender_is_passed():
    """Description: "you now have clear line of sight to both remaining forwards and the two defenders, but the
    goal is still blocked."  docs/pyramid.md "The lineup and which cards are open": "The goal stays blocked however
    many forwards are passed, until a defender is passed."  Here all three forwards are passed."""
    # B: three 2s up front, defenders 10, goalie 3.  A passes all three forwards, then flips a 4: it would
    # beat the goalie, but no defender is passed, so the goal is not open and the turn ends.
    deck = std_order(6, 6, 6, 7, 7, 8, 2, 2, 2, 10, 10, 3, 5, 5, 5, 4)
    lg = P.play_scripted([deck] * 3, policies="in-order")
    ev = events(lg)
    i = ev.index(events(lg, K.EV_TURN)[0])
    assert [e[0] for e in ev[i + 1:i + 5]] == [K.EV_ADVANCE] * 3 + [K.EV_FAIL]
    assert ev[i + 4][3] == 4


def test_matches_beat_skaters_but_the_goalie_needs_higher():
    """Description: "If the card matches or beats another card in value, both cards are discarded and the player is
    considered having advanced past that hockey player."  "If your card is [i]higher[/i] in value, you have scored
    a goal."  The options: docs/pyramid.md ""Matches or beats" for skaters, "higher" for the goalie":
    "`skater_beats=>` makes skaters need a higher card too, and `goalie_beats=>=` lets a match score."  Both are
    replayed on the same deck."""
    # B: CF 2, LD 3, goalie 9.  A flips 2 (matches CF), 3 (matches LD), 9: equals the goalie: saved.
    deck = std_order(4, 4, 4, 5, 5, 6, 10, 2, 10, 3, 10, 9, 2, 3, 9)
    lg = P.play_scripted([deck] * 3, policies="in-order")
    shot = events(lg, K.EV_SHOT)[0]
    assert (shot[3], shot[4], shot[5]) == (9, 9, 0)
    # goalie_beats=">=": the same match scores
    lg = P.play_scripted([deck] * 3, "goalie_beats=>=", policies="in-order")
    assert events(lg, K.EV_SHOT)[0][5] == 1
    # skater_beats=">": the 2 no longer passes CF 2
    lg = P.play_scripted([deck] * 3, "skater_beats=>", policies="in-order")
    assert events(lg)[events(lg).index(events(lg, K.EV_TURN)[0]) + 1][0] == K.EV_FAIL


def test_defender_refills_own_spots_and_goal_at_start_of_turn():
    """Description: "Your opponent will begin his turn by first filling any open spots as was done when the game
    began."  docs/pyramid.md "Refills": "A player's turn starts with him filling every empty slot of his own
    lineup, goal included, from the top of the deck."  The goalkeeper is "placed face down in a landscape
    orientation"."""
    deck = std_order(4, 4, 4, 5, 5, 6, 10, 2, 10, 3, 10, "K", 2, 3, "A", 7, 8, 9)
    lg = P.play_scripted([deck] * 3, policies="in-order")
    ev = events(lg)
    i = ev.index(events(lg, K.EV_SHOT)[0])
    # B lost CF, LD and its goalie; its turn begins by filling them, in slot order, from the deck
    assert [(e[0], e[2], e[3], e[4]) for e in ev[i + 1:i + 4]] == \
        [(K.EV_PLACE, 1, 1, 7), (K.EV_PLACE, 1, 3, 8), (K.EV_PLACE, 1, 5, 9)]
    assert ev[i + 4][0] == K.EV_TURN and ev[i + 4][2] == 1
    assert "B refills 9 at G (face down)" in lg.text


def _small(values, **rules):
    spec = ",".join(["deck=custom", "lineup=1-1-1"] + [f"{k}={v}" for k, v in rules.items()])
    return spec, P.custom_deck(values)


def test_last_card_shot_without_an_open_path():
    # 8 cards, lineup F, D, G.  A: F 7, D 6, G 2.  B: F 8, D 5, G 4.  A flips 1: fails.  B's flip is the
    # deck's last card, a 3: "When only one card is left in the deck, a player may ... attempt a shot on
    # goal regardless of whether an open path exists" - it beats A's goalie 2.
    order = [7, 6, 2, 8, 5, 4, 1, 3]
    spec, deck = _small(range(1, 9))
    lg = P.play_scripted([order] * 3, spec, deck_file=deck)
    shots = events(lg, K.EV_SHOT)
    assert [(e[2], e[3], e[4], e[5]) for e in shots] == [(1, 3, 2, 1)]
    assert lg.row["away_last_card_shots"] == 3 and lg.row["away_goals"] == 3
    # with the special rule off the 3 cannot get past A's forward
    spec, deck = _small(range(1, 9), last_card="off")
    lg = P.play_scripted([order] * 3, spec, deck_file=deck)
    assert not events(lg, K.EV_SHOT) and lg.row["away_goals"] == 0


def test_last_card_shot_in_the_middle_of_a_turn():
    """Special Rule: "When only one card is left in the deck, a player may, on his turn, assuming his team slots are
    filled, attempt a shot on goal regardless of whether an open path exists or not."  docs/pyramid.md "The last
    card": "a player whose flip is the deck's last card may shoot with it, whether or not the goal is open. This
    applies at any flip of a turn, not just the first." ... "`last_card=off` drops the exception: the last card can
    shoot only if the goal is open. The games table counts the shots this rule allowed (`*_last_card_shots`,
    last-card shots taken while the goal was not open)."  Here the last card is a turn's second flip."""
    # 8 cards.  First drafter F 7, D 6, G 5; other F 1, D 8, G 3.  The first drafter flips 2 (past F 1; D 8 still
    # blocks the goal), then, in the same turn, 4, the deck's last card: it beats no open card, but the Special
    # Rule lets it shoot, and it beats the goalie 3.  The first drafter takes the last turn, so the drafters go
    # A, B, A and each scores once in the period he drafts first: 2-1.
    order = [7, 6, 5, 1, 8, 3, 2, 4]
    spec, deck = _small(range(1, 9))
    lg = P.play_scripted([order] * 3, spec, deck_file=deck)
    ev = events(lg)
    i = ev.index(events(lg, K.EV_TURN)[0])
    assert ev[i:] == [(K.EV_TURN, 0, 0, 2, 0, 0),                 # A's only turn, two cards left
                      (K.EV_ADVANCE, 0, 0, 2, 0, 1), (K.EV_SHOT, 0, 0, 4, 3, 1), (K.EV_END, 0, 1, 0, 4, 4)]
    assert "A flips 2: beats F 1, advances\n  A flips 4: shoots at the goalie 3: GOAL" in lg.text
    r = lg.row
    assert [r[f"drafted_first_p{p}"] for p in (1, 2, 3)] == ["home", "away", "home"]
    assert [(r[f"home_p{p}"], r[f"away_p{p}"]) for p in (1, 2, 3)] == [(1, 0), (0, 1), (1, 0)]
    assert (r["home_goals"], r["away_goals"], r["winner"], r["decided_in"]) == (2, 1, "home", "REG")
    assert (r["home_shots"], r["away_shots"], r["home_last_card_shots"], r["away_last_card_shots"]) == (2, 1, 2, 1)
    assert (r["home_advances"], r["away_advances"], r["home_turns"], r["away_turns"]) == (2, 1, 2, 1)
    # last_card=off: the 4 beats no open card and the goal is blocked, so the turn (and the period) just ends
    spec, deck = _small(range(1, 9), last_card="off")
    lg = P.play_scripted([order] * 3, spec, deck_file=deck)
    assert events(lg)[i:] == [(K.EV_TURN, 0, 0, 2, 0, 0), (K.EV_ADVANCE, 0, 0, 2, 0, 1), (K.EV_FAIL, 0, 0, 4, 0, 0),
                              (K.EV_END, 0, 1, 0, 5, 3)]
    r = lg.row
    assert (r["home_goals"], r["away_goals"], r["winner"], r["home_shots"], r["away_shots"]) == (0, 0, "tie", 0, 0)
    assert (r["home_failed_flips"], r["away_failed_flips"]) == (2, 1)


def test_last_card_in_the_middle_of_a_turn_is_shot_not_advanced():
    """Special Rule: "When only one card is left in the deck, a player may, on his turn, [...] attempt a shot on goal
    regardless of whether an open path exists or not."  docs/pyramid.md "The last card": "This applies at any flip
    of a turn, not just the first." ... "Advancing with the last card gains nothing, so every policy except
    `random` shoots with it."  Here the last card, a turn's second flip, could also take on the open defender, and
    the policy (`shoot=threshold-64`) would otherwise take on a skater rather than shoot any card of this deck."""
    # 8 cards.  First drafter F 7, D 6, G 8; other F 1, D 2, G 3.  The first drafter flips 4 (past F 1), then 5,
    # the deck's last card: it beats the open D 2, but it is shot at the goalie 3 instead: a goal, taken with the
    # goal not open, so a last-card shot.
    order = [7, 6, 8, 1, 2, 3, 4, 5]
    pol = "draft=in-order,route=toughest,shoot=threshold-64"
    spec, deck = _small(range(1, 9))
    lg = P.play_scripted([order] * 3, spec, deck_file=deck, policies=pol)
    assert events(lg)[-3:] == [(K.EV_ADVANCE, 0, 0, 4, 0, 1), (K.EV_SHOT, 0, 0, 5, 3, 1), (K.EV_END, 0, 1, 0, 4, 4)]
    r = lg.row
    assert (r["home_goals"], r["away_goals"], r["winner"], r["decided_in"]) == (2, 1, "home", "REG")
    assert (r["home_last_card_shots"], r["away_last_card_shots"], r["home_advances"], r["away_advances"]) == \
        (2, 1, 2, 1)
    # last_card=off: the goal is not open, so the 5 takes on D 2 and the period ends without a shot
    spec, deck = _small(range(1, 9), last_card="off")
    lg = P.play_scripted([order] * 3, spec, deck_file=deck, policies=pol)
    assert events(lg)[-3:] == [(K.EV_ADVANCE, 0, 0, 4, 0, 1), (K.EV_ADVANCE, 0, 0, 5, 1, 2), (K.EV_END, 0, 1, 0, 4, 4)]
    r = lg.row
    assert (r["home_goals"], r["away_goals"], r["home_shots"], r["away_shots"]) == (0, 0, 0, 0)
    assert (r["home_advances"], r["away_advances"]) == (4, 2)


def test_last_card_with_the_goal_open_is_an_ordinary_shot():
    """"Once the goal is "open", you are free to attempt to score at any point."  docs/pyramid.md "The last card":
    "The games table counts the shots this rule allowed (`*_last_card_shots`, last-card shots taken while the goal
    was not open)."  A last card flipped mid-turn after a defender is passed needs no Special Rule."""
    # 9 cards.  First drafter F 9, D 8, G 7; other F 1, D 2, G 3.  The first drafter flips 4 (past F 1), 5 (past
    # D 2: the goal opens), then 6, the deck's last card: an ordinary shot, a goal not counted as a last-card shot.
    order = [9, 8, 7, 1, 2, 3, 4, 5, 6]
    spec, deck = _small(range(1, 10))
    lg = P.play_scripted([order] * 3, spec, deck_file=deck)
    assert events(lg)[-4:] == [(K.EV_ADVANCE, 0, 0, 4, 0, 1), (K.EV_ADVANCE, 0, 0, 5, 1, 2),
                               (K.EV_SHOT, 0, 0, 6, 3, 1), (K.EV_END, 0, 1, 0, 3, 6)]
    r = lg.row
    assert (r["home_goals"], r["away_goals"], r["home_shots"], r["away_shots"]) == (2, 1, 2, 1)
    assert (r["home_last_card_shots"], r["away_last_card_shots"]) == (0, 0)


def test_period_ends_mid_refill_and_next_player_drafts_first():
    """Description: "Once the deck is exhausted, the period is considered having ended. All cards are gathered up,
    play switches to the next player who shuffles and drafts his team as was done at the beginning of the game."
    docs/pyramid.md "End of a period": "So if a player's refill takes the deck's last card, that player took the
    last turn, even though he never flipped, and his opponent drafts first next. `period_start=alternate`
    alternates the first drafter every period, whoever played last."  Both options replayed on one deck."""
    # 9 cards.  A: F 7, D 8, G 9.  B: F 1, D 6, G 5.  A flips 2 (past F 1), then 3: fails against D 6.
    # B's turn starts by refilling its forward with the deck's last card: the deck is gone, the period
    # ends before B flips.  B took the last turn, so A drafts first next period (next-in-turn).
    order = [7, 8, 9, 1, 6, 5, 2, 3, 4]
    spec, deck = _small(range(1, 10))
    lg = P.play_scripted([order] * 3, spec, deck_file=deck)
    ev = events(lg)
    assert [e[0] for e in ev[-4:]] == [K.EV_ADVANCE, K.EV_FAIL, K.EV_PLACE, K.EV_END]
    assert ev[-2][2] == 1 and ev[-2][4] == 4                        # B refills the 4
    assert ev[-1][3] == 0 and ev[-1][4] + ev[-1][5] == 9            # nothing left; every card accounted for
    assert lg.row["home_turns"] == 3 and lg.row["away_turns"] == 0
    assert [lg.row[f"drafted_first_p{p}"] for p in (1, 2, 3)] == ["home", "home", "home"]
    lg = P.play_scripted([order] * 3, spec + ",period_start=alternate", deck_file=deck)
    assert [lg.row[f"drafted_first_p{p}"] for p in (1, 2, 3)] == ["home", "away", "home"]


SCORELESS = [9, 8, 1, 7, 6, 2, 3, 4, 5]    # first drafter F 9 D 8 G 1, other F 7 D 6 G 2; all flips fail


def test_sudden_death_period_first_goal_wins():
    """Description: "Once three periods have been played, the player with the most goals is declared the winner.
    There are no rules for breaking ties."  docs/pyramid.md "Ties": "`tie_break=sudden-death`: after a tie the
    players play one extra period. The deck is reshuffled, there is a new draft, and the first drafter follows
    `period_start` as for any period. The first goal ends it and wins the game (`decided_in` = `OT`)." ... "If the
    deck runs out with no goal, the tie stands and `decided_in` is still `OT`"; "`tie_break=ties` (default): a tie
    after three periods stands."  All three replayed."""
    # 10 cards.  Regulation: first drafter F 10 D 9 G 1, other F 8 D 7 G 2; four flips all fail, the
    # other player takes the last turn, so A drafts first in every period.  Extra period: A passes F 2
    # and D 3 and beats the goalie 4 with a 7; the period stops there with one card left.
    spec, deck = _small(range(1, 11), last_card="off", tie_break="sudden-death")
    scoreless = [10, 9, 1, 8, 7, 2, 3, 4, 5, 6]
    ot = [10, 9, 1, 2, 3, 4, 5, 6, 7, 8]
    lg = P.play_scripted([scoreless] * 3 + [ot], spec, deck_file=deck)
    r = lg.row
    assert [r[f"drafted_first_{p}"] for p in ("p1", "p2", "p3", "ot")] == ["home"] * 4
    assert (r["home_goals"], r["away_goals"], r["home_ot"], r["winner"], r["decided_in"]) == (1, 0, 1, "home", "OT")
    ev = events(lg, period=3)
    assert ev[-2][0] == K.EV_SHOT and ev[-2][5] == 1 and ev[-1][0] == K.EV_END and ev[-1][3] == 1
    # the first drafter alternates when the previous period's last turn was his (9 cards, 3 flips)
    spec, deck = _small(range(1, 10), last_card="off", tie_break="sudden-death")
    r = P.play_scripted([SCORELESS] * 4, spec, deck_file=deck).row
    assert [r[f"drafted_first_{p}"] for p in ("p1", "p2", "p3", "ot")] == ["home", "away", "home", "away"]
    assert r["winner"] == "tie" and r["decided_in"] == "OT"      # the extra period was played
    # ties stand under the rulebook's rules: no extra period
    spec, deck = _small(range(1, 10), last_card="off")
    r = P.play_scripted([SCORELESS] * 3, spec, deck_file=deck).row
    assert (r["winner"], r["decided_in"]) == ("tie", "REG") and pd.isna(r["drafted_first_ot"])


def test_card_shootout():
    """Description: "There are no rules for breaking ties."  docs/pyramid.md "Ties": "`tie_break=shootout`: a card
    shootout. **It is simcore's own design, not from the rulebook.**" ... "A shot takes two cards: the shooter
    flips the next card, then the defending player flips the next card as his goalie for that shot." ... "Three
    rounds are always played in full." ... "Shootout goals go in `*_shootout_goals` and do not count in the
    score."  Replayed over three rounds."""
    # 12 cards, six failed flips in each period: a 0-0 tie.  Shootout shots (shooter's card, goalie card):
    # A 6-4 goal, B 9-5 goal, A 1-2, B 3-7, A 8-10 saved, B 12-11 goal: B wins 2-1 after three rounds.
    spec, deck = _small(range(1, 13), last_card="off", tie_break="shootout")
    scoreless = [12, 11, 1, 10, 9, 2, 3, 4, 5, 6, 7, 8]
    so = [6, 4, 9, 5, 1, 2, 3, 7, 8, 10, 12, 11]
    lg = P.play_scripted([scoreless] * 4 + [so], spec, deck_file=deck)
    r = lg.row
    assert (r["winner"], r["decided_in"], r["home_shootout_goals"], r["away_shootout_goals"]) == ("away", "SO", 1, 2)
    assert (r["home_goals"], r["away_goals"]) == (0, 0)
    shots = [tuple(e[2:]) for e in lg.events.tolist() if e[0] == K.EV_SO_SHOT]
    assert shots == [(0, 6, 4, 1), (1, 9, 5, 1), (0, 1, 2, 0), (1, 3, 7, 0), (0, 8, 10, 0), (1, 12, 11, 1)]
    assert "B shoots 12, A's goalie card 11: GOAL" in lg.text


def so_shots(lg):
    """The shootout's shots: (shooter, shooter's card, goalie card, goal)."""
    return [tuple(e[2:]) for e in lg.events.tolist() if e[0] == K.EV_SO_SHOT]


SO_SCORELESS_20 = [20, 19, 1, 18, 17, 2] + list(range(3, 17))   # 14 flips, all below both forwards: 0-0


def test_shootout_goes_to_sudden_death_rounds_after_the_third():
    """Description: "There are no rules for breaking ties."  docs/pyramid.md "Ties": "`tie_break=shootout`: a card
    shootout. **It is simcore's own design, not from the rulebook.**" ... "In each round the player who drafted
    first in period 1 shoots first, then the other player." ... "Three rounds are always played in full. After the
    third round, and after each round after that, the game ends if the scores differ." ... "A decided shootout sets
    `decided_in` to `SO`. Shootout goals go in `*_shootout_goals` and do not count in the score."  Replayed over
    five rounds, all from the scripted deck."""
    # 20 cards, 14 failed flips in each period: 0-0.  Shootout shots (shooter's card, goalie card):
    # round 1: A 20-1 goal, B 19-2 goal; round 2: A 3-4, B 5-6 saved; round 3: A 18-7, B 17-8 goals (2-2);
    # round 4: A 16-9 goal, B 14-10 goal: level, on to round 5 (A leading after his shot does not end it);
    # round 5: A 11-12 saved, B 15-13 goal: B wins 4-3 after five rounds, ten shots.
    spec, deck = _small(range(1, 21), last_card="off", tie_break="shootout")
    so = [20, 1, 19, 2, 3, 4, 5, 6, 18, 7, 17, 8, 16, 9, 14, 10, 11, 12, 15, 13]
    lg = P.play_scripted([SO_SCORELESS_20] * 4 + [so], spec, deck_file=deck)
    r = lg.row
    assert (r["home_goals"], r["away_goals"]) == (0, 0)
    assert (r["winner"], r["decided_in"], r["home_shootout_goals"], r["away_shootout_goals"]) == ("away", "SO", 3, 4)
    assert so_shots(lg) == [(0, 20, 1, 1), (1, 19, 2, 1), (0, 3, 4, 0), (1, 5, 6, 0), (0, 18, 7, 1), (1, 17, 8, 1),
                            (0, 16, 9, 1), (1, 14, 10, 1), (0, 11, 12, 0), (1, 15, 13, 1)]
    assert lg.text.endswith("A shoots 11, B's goalie card 12: saved\n  B shoots 15, A's goalie card 13: GOAL")


def test_shootout_plays_three_rounds_in_full_when_decided_after_two():
    """Description: "There are no rules for breaking ties."  docs/pyramid.md "Ties": "`tie_break=shootout`" ...
    "Three rounds are always played in full. After the third round, and after each round after that, the game ends
    if the scores differ."  Here A leads 2-0 after round 2, so B cannot catch up, and round 3 is still played."""
    # 12 cards, six failed flips in each period: 0-0.  Round 1: A 12-1 goal, B 2-11 saved; round 2: A 10-3 goal,
    # B 4-9 saved: 2-0 with one round left.  Round 3 is shot all the same: A 5-8 saved, B 7-6 goal: 2-1.
    spec, deck = _small(range(1, 13), last_card="off", tie_break="shootout")
    scoreless = [12, 11, 1, 10, 9, 2, 3, 4, 5, 6, 7, 8]
    so = [12, 1, 2, 11, 10, 3, 4, 9, 5, 8, 7, 6]
    lg = P.play_scripted([scoreless] * 4 + [so], spec, deck_file=deck)
    r = lg.row
    assert so_shots(lg) == [(0, 12, 1, 1), (1, 2, 11, 0), (0, 10, 3, 1), (1, 4, 9, 0), (0, 5, 8, 0), (1, 7, 6, 1)]
    assert (r["winner"], r["decided_in"], r["home_shootout_goals"], r["away_shootout_goals"]) == ("home", "SO", 2, 1)
    assert (r["home_goals"], r["away_goals"]) == (0, 0)


def test_shootout_level_after_200_rounds_is_a_tie():
    """Description: "There are no rules for breaking ties."  docs/pyramid.md "Ties": "When fewer than two cards are
    left, the whole deck is reshuffled and play goes on. If the scores are still level after 200 rounds (a deck of
    equal cards), the tie stands. A shootout sets `decided_in` to `SO`, a level one too." A deck of seven equal cards:
    every shootout shot is saved ("higher", `goalie_beats=>`) or scores (`goalie_beats=>=`), so the scores stay level;
    each pass of the deck gives three shots, and the one card left is reshuffled with the rest, so the 400 shots read
    133 reshuffled decks."""
    # Regulation: six cards drafted, one flip that matches the forward (no last-card shot): 0-0 in every period.
    for goalie_beats, goal in ((">", 0), (">=", 1)):
        spec, deck = _small([5] * 7, last_card="off", tie_break="shootout", goalie_beats=goalie_beats)
        lg = P.play_scripted([[5] * 7] * 5, spec, deck_file=deck)
        r = lg.row
        assert so_shots(lg) == [(0, 5, 5, goal), (1, 5, 5, goal)] * 200
        assert (r["home_goals"], r["away_goals"], r["winner"], r["decided_in"]) == (0, 0, "tie", "SO")
        assert (r["home_shootout_goals"], r["away_shootout_goals"]) == (200 * goal, 200 * goal)


def test_shootout_reshuffles_the_whole_deck_when_fewer_than_two_cards_are_left():
    """docs/pyramid.md "Ties": "A shot takes two cards: the shooter flips the next card, then the defending player
    flips the next card as his goalie for that shot." ... "When fewer than two cards are left, the whole deck is
    reshuffled and play goes on."  A seven-card deck: three shots from the scripted order, then the one card left
    and the six shot are reshuffled together (from the game's stream for the seed) for the next three shots, and
    so on.  The reshuffled order depends on the seed, so each seed's game is checked against the reading."""
    # Regulation: A: F 7, D 6, G 5; B: F 4, D 3, G 2; the one flip, 1, fails: 0-0 in every period.
    # Shootout deck: A 1-2, B 3-4, A 5-6, all saved; the 7 is left alone.
    spec, deck = _small(range(1, 8), last_card="off", tie_break="shootout")
    reg = [7, 6, 5, 4, 3, 2, 1]
    so = [1, 2, 3, 4, 5, 6, 7]
    after = set()                  # cards shot after the first reshuffle, over all seeds
    rounds = set()
    for seed in range(6):
        lg = P.play_scripted([reg] * 4 + [so], spec, deck_file=deck, seed=seed)
        shots = so_shots(lg)
        assert shots[:3] == [(0, 1, 2, 0), (1, 3, 4, 0), (0, 5, 6, 0)]
        # B shoots round 2 from the reshuffled deck: from there, every three shots take six different cards
        for k in range(3, len(shots), 3):
            cards = [c for s in shots[k:k + 3] for c in s[1:3]]
            assert len(set(cards)) == len(cards) and set(cards) <= set(range(1, 8))
        after |= {c for s in shots[3:] for c in s[1:3]}
        # shooters alternate A, B; goals are "higher"; the game ends after the first round from the third on with
        # the scores apart
        assert [s[0] for s in shots] == [0, 1] * (len(shots) // 2)
        assert all(s[3] == (s[1] > s[2]) for s in shots)
        score = [0, 0]
        level = []
        for s in shots:
            score[s[0]] += s[3]
            if s[0] == 1:
                level.append(score[0] == score[1])
        assert level[2:] == [True] * (len(level) - 3) + [False]
        r = lg.row
        assert (r["home_shootout_goals"], r["away_shootout_goals"]) == tuple(score)
        assert (r["winner"], r["decided_in"]) == ("home" if score[0] > score[1] else "away", "SO")
        rounds.add(len(level))
    assert after == set(range(1, 8))          # the 7, never dealt before the reshuffle, comes back with the rest
    assert max(rounds) > 3                    # and some seeds' games go on past the third round


def test_scripted_deck_must_be_the_deck():
    with pytest.raises(ValueError, match="not an ordering of the 52-card deck"):
        P.play_scripted([list(range(52))])
    with pytest.raises(ValueError, match="not an ordering"):
        P.play_scripted([std_order()[:-1]])


def test_play_by_play_reads_card_by_card():
    lg = P.play_by_play(seed=7, game_index=3)
    text = lg.text
    assert text.startswith("== period 1: A drafts first, A takes the first turn")
    assert text.count("== end of period") == 3
    assert "(face down)" in text and "flips" in text
    assert (lg.events["code"] >= 0).all() and lg.result["game_id"] == 3


def test_second_drafter_can_take_the_first_turn():
    """Description: "Players take turns advancing on their opponent."  The rulebook does not say who starts:
    docs/pyramid.md "Who takes the first turn": "`first_attack=second-drafter` gives the first turn to the other
    player, the one holding the deck after the draft."  Special Rule: "When only one card is left in the deck, a
    player may, on his turn, assuming his team slots are filled, attempt a shot on goal regardless of whether an
    open path exists or not."  The last card, a 3, is not higher than the goalie 4: saved."""
    # first_attack=second-drafter: A drafts first, B (holding the deck) flips first.  Same 8-card deck as the
    # last-card test (A: F 7, D 6, G 2; B: F 8, D 5, G 4): B's 1 fails against A's forward 7, then A shoots
    # the deck's last card, a 3, at B's goalie 4: saved.
    order = [7, 6, 2, 8, 5, 4, 1, 3]
    spec, deck = _small(range(1, 9), first_attack="second-drafter")
    lg = P.play_scripted([order] * 3, spec, deck_file=deck)
    ev = events(lg)
    assert ev[0][0] == K.EV_PERIOD and ev[0][2] == 0 and ev[0][3] == 1      # A drafts, B takes the first turn
    turns = events(lg, K.EV_TURN)
    assert [e[2] for e in turns] == [1, 0]
    assert "A drafts first, B takes the first turn" in lg.text
    shot = events(lg, K.EV_SHOT)
    assert [(e[2], e[3], e[4], e[5]) for e in shot] == [(0, 3, 4, 0)]


def test_scripted_games_need_a_deck_for_every_stage_they_reach():
    spec, deck = _small(range(1, 10), last_card="off", tie_break="sudden-death")
    with pytest.raises(ValueError, match="reached the sudden-death period, but only 3 scripted decks"):
        P.play_scripted([SCORELESS] * 3, spec, deck_file=deck)
    with pytest.raises(ValueError, match="at most 5"):
        P.play_scripted([SCORELESS] * 6, spec, deck_file=deck)


def test_play_by_play_names_the_last_turn():
    lg = P.play_by_play(seed=1, game_index=0, rules="period_start=alternate")
    ends = [line for line in lg.text.splitlines() if line.startswith("== end of")]
    assert len(ends) == 3 and all("last turn: " in line for line in ends)
    assert "would draft" not in lg.text
