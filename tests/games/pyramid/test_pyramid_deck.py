"""Pyramid decks and lineup shapes: the built-in decks, the custom deck file and its errors."""
import numpy as np
import pytest

from simcore.charts import ChartError
from simcore.games import pyramid as P
from simcore.games.pyramid.deck import DATA, deck_for, load_deck, shape, standard_deck
from simcore.games.pyramid.rules import Rules


def S(policies=None, deck=None):
    """A pyramid setup: one policy for both sides or an (A, B) pair, and a deck for deck=custom."""
    a, b = (policies, policies) if policies is None or isinstance(policies, str) else policies
    return {"policy_a": a or "default", "policy_b": b or "default", "deck_file": deck}


def test_built_in_decks():
    d = deck_for(Rules())
    assert d.size == 52 and sorted(set(d.values)) == list(range(2, 15))
    assert all(d.values.count(v) == 4 for v in range(2, 15))
    assert d.label_of(14) == "A" and d.label_of(11) == "J" and d.label_of(10) == "10"
    low = deck_for(Rules(deck="ace-low"))
    assert min(low.values) == 1 and max(low.values) == 13 and low.values.count(1) == 4
    j = deck_for(Rules(deck="jokers"))
    assert j.size == 54 and j.values.count(15) == 2 and j.label_of(15) == "Joker"
    two = deck_for(Rules(deck="two-decks"))
    assert two.size == 104 and two.values.count(7) == 8
    assert np.array_equal(standard_deck().counts()[2:], np.full(13, 4))


def test_custom_deck_file(tmp_path):
    f = tmp_path / "deck.csv"
    f.write_text("# a house deck\ncard,value,count\nLow,1,3\nMid,5\nHigh,9,3\n")
    d = load_deck(f)
    assert d.values == (1, 1, 1, 5, 9, 9, 9) and d.labels[3] == "Mid" and d.source == str(f)
    nine = load_deck(DATA / "decks" / "nine.csv")
    assert nine.values == tuple(range(1, 10))
    res = P.simulate(S(deck=f), n=500, seed=1, rules="deck=custom,lineup=1-1-1", progress=False)
    assert res.meta["deck"]["cards"] == 7 and (res.games.unaccounted_cards == 0).all()


@pytest.mark.parametrize("text, where, what", [
    ("card,points\nA,1\n", "line 1", "'value' column"),
    ("card,value,suit\nA,1,H\n", "column 'suit'", "unknown column"),
    ("card,value\nA,1\nB,abc\n", "line 3, column 'value': 'abc'", "whole number"),
    ("card,value\nA,64\n", "line 2, column 'value': '64'", "0..63"),
    ("card,value,count\nA,1,0\n", "line 2, column 'count': '0'", "1..1024"),
    ("card,value\nA,1,2\n", "line 2", "expected 2 fields"),
    ("card,value\n,3\n", "line 2, column 'card'", "needs a label"),
    ("card,value\n", "deck.csv", "lists no cards"),
    ("", "deck.csv", "empty"),
])
def test_deck_file_errors_name_file_line_field_and_text(tmp_path, text, where, what):
    f = tmp_path / "deck.csv"
    f.write_text(text)
    with pytest.raises(ChartError) as e:
        load_deck(f)
    msg = str(e.value)
    assert str(f) in msg and where in msg and what in msg


def test_missing_deck_file(tmp_path):
    with pytest.raises(ChartError, match="nope.csv: cannot read file"):
        load_deck(tmp_path / "nope.csv")


def test_lineup_shapes():
    s = shape("3-2-1")
    assert s.slots == ("LF", "CF", "RF", "LD", "RD", "G") and s.goal == 5
    assert list(s.kinds) == [0, 0, 0, 1, 1, 2]
    assert shape("2-1-1").open_slots({"LF"}) == {"RF", "D"}
    assert shape("1-1-1").open_slots({"F", "D"}) == {"G"}
    with pytest.raises(ValueError, match="unknown lineup"):
        shape("4-3-2-1")


LINEUPS = (DATA / "lineups.toml").read_text()


@pytest.mark.parametrize("old, new, where, says", [
    ('opens.LF = ["CF", "LD"]', 'opens.LF = ["CF", "XD"]', "key '3-2-1.opens.LF': 'XD'",
     "is not a slot of lineup '3-2-1' (LF, CF, RF, LD, RD, G)"),
    ('start = ["LF", "CF", "RF"]', 'start = ["LF", "Q"]', "key '3-2-1.start': 'Q'", "is not a slot"),
    ('opens.RD = ["LD", "G"]', 'opens.Z = ["LD", "G"]', "key '3-2-1.opens.Z'",
     "'Z' is not a slot of lineup '3-2-1'"),
    ('kinds = ["F", "F", "F", "D", "D", "G"]', 'kinds = ["F", "F", "F", "D", "X", "G"]',
     "key '3-2-1.kinds': 'X'", "is not a kind of lineup '3-2-1' (F, D, G)"),
    ('kinds = ["F", "F", "F", "D", "D", "G"]', 'kinds = ["F", "F", "D", "D", "G"]', "key '3-2-1.kinds'",
     "needs one kind for each of the 6 slots"),
    ('kinds = ["F", "F", "F", "D", "D", "G"]', 'kinds = ["F", "F", "F", "D", "G", "D"]',
     "key '3-2-1.kinds'", "one goalie (G), in the last slot"),
    ('start = ["LF", "CF", "RF"]', 'start = "LF"', "key '3-2-1.start': 'LF'", "must be a list of names"),
    ('start = ["LF", "CF", "RF"]', 'strat = ["LF", "CF", "RF"]', "key '3-2-1.strat'",
     "is not a key of a lineup"),
])
def test_a_lineup_file_mistake_names_its_line_and_key(tmp_path, monkeypatch, old, new, where, says):
    """data/lineups.toml is the user's to edit (docs/pyramid.md, "Lineups"): a mistake in it is an InputError
    naming the file, line and key, not a KeyError from the middle of the shape's compilation."""
    from simcore.games.pyramid import deck

    assert LINEUPS.count(old) == 1
    (tmp_path / "lineups.toml").write_text(LINEUPS.replace(old, new))
    monkeypatch.setattr(deck, "DATA", tmp_path)
    deck._shape.cache_clear()
    try:
        with pytest.raises(ChartError) as err:
            shape("3-2-1")
        line = LINEUPS[:LINEUPS.index(old)].count("\n") + 1          # the edited line
        assert str(err.value).startswith(f"{tmp_path / 'lineups.toml'}, line {line}, {where}")
        assert says in str(err.value)
    finally:
        deck._shape.cache_clear()


def test_a_lineup_written_another_way_is_still_named_by_line(tmp_path, monkeypatch):
    """An ``opens`` written inline cites its line; a lineup without ``start`` cites its table's line; a name set
    to a value, not a table, is refused as such (it was a TypeError)."""
    from simcore.games.pyramid import deck

    opens = "\n".join(line for line in LINEUPS.split('["2-1-1"]')[0].splitlines() if line.startswith("opens."))
    inline = LINEUPS.replace(opens, 'opens = {LF = ["CF", "XD"], CF = ["LF", "RF", "LD", "RD"], RF = ["CF", "RD"], '
                                    'LD = ["RD", "G"], RD = ["LD", "G"]}', 1)
    no_start = LINEUPS.replace('start = ["LF", "CF", "RF"]\n', "", 1)
    cases = [(inline, "3-2-1", 'opens = {LF', "key '3-2-1.opens.LF': 'XD': is not a slot"),
             (no_start, "3-2-1", '["3-2-1"]', "table '3-2-1': lineup '3-2-1' has no 'start'"),
             ("bad = 5\n" + LINEUPS, "bad", None, "key 'bad': a lineup is a table")]
    monkeypatch.setattr(deck, "DATA", tmp_path)
    try:
        for text, name, at, says in cases:
            (tmp_path / "lineups.toml").write_text(text)
            deck._shape.cache_clear()
            with pytest.raises(ChartError) as err:
                shape(name)
            line = next((i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith(at)), None) if at else None
            assert err.value.line == line and says in str(err.value), str(err.value)
    finally:
        deck._shape.cache_clear()
