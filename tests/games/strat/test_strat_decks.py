"""Strat-O-Matic Hockey decks and charts: counts and readings are validated on load."""
import pytest

from simcore.charts import ChartError
from simcore.games.strat import decks as D
from simcore.games.strat import readings as R


def _action_deck(tmp_path, extra=(), n_actions=30):
    rows = ["card,kind,home,visitor,source"]
    for i in range(n_actions):
        rows.append(f'A{i},action,Opponent Defense 12,"Outside shot for LW (RW)",user')
    rows += ["F1,forward_line_change,-,-,user", "F2,forward_line_change,-,-,user", "D1,defense_line_change,-,-,user"]
    rows += list(extra)
    p = tmp_path / "action_deck.csv"
    p.write_text("\n".join(rows) + "\n")
    return p


def test_action_deck_counts_and_spares(tmp_path):
    deck = D.load_action_deck(_action_deck(tmp_path, ["F3,forward_line_change spare,-,-,user"]))
    assert len(deck) == 34 and deck[-1].spare and deck[0].visitor == R.Reading(R.SHOT_FOR, 0, R.LW, R.RW)
    with pytest.raises(ChartError, match="30 action cards"):
        D.load_action_deck(_action_deck(tmp_path, n_actions=29))
    with pytest.raises(ChartError, match=r"line 2, column 'home'.*'Opponent Defense 19'"):
        p = _action_deck(tmp_path)
        p.write_text(p.read_text().replace("Opponent Defense 12", "Opponent Defense 19", 1))
        D.load_action_deck(p)


def _split_deck(tmp_path, numbers):
    rows = ["card,number,breakaway,rebound,injury,assists"]
    for i, n in enumerate(numbers):
        rows.append(f'S{i},{n},RW (LW),"Offense C 3, also injury",Defense RD 2 games,"Any 6; C 3, RD 3, LW 2"')
    p = tmp_path / "split_deck.csv"
    p.write_text("\n".join(rows) + "\n")
    return p


def test_split_deck_numbers_each_twice(tmp_path):
    deck = D.load_split_deck(_split_deck(tmp_path, [n for n in range(1, 21) for _ in range(2)]))
    assert len(deck) == 40 and deck[0].rebound == R.Reading(R.REB_OFFENSE, R.C, 3, 1)
    with pytest.raises(ChartError, match=r"numbers not twice: \[1, 2\]"):
        D.load_split_deck(_split_deck(tmp_path, [1, 2, 2, 2] + [n for n in range(3, 21) for _ in range(2)]))
    with pytest.raises(ChartError, match="column 'number'.*'21'"):
        D.load_split_deck(_split_deck(tmp_path, [21] + [n for n in range(1, 21) for _ in range(2)]))


def test_charts(tmp_path):
    fo = tmp_path / "faceoff.csv"
    fo.write_text("split,result\n" + "\n".join(f"{n},{'Home C' if n <= 10 else 'Visitor any player'}"
                                                for n in range(1, 21)) + "\n")
    chart = D.load_faceoff_chart(fo)
    assert chart[0] == R.Reading(R.FACEOFF_WIN, 0, R.C) and chart[19] == R.Reading(R.FACEOFF_WIN, 1, R.ANY)
    pen = tmp_path / "pen.csv"
    pen.write_text("rating,success\n0,-\n1,1-4\n2,1-7\n3,1-10\n4,1-13\n5,1-16\n6,1-17\n7,1-18\n8,1-19\n9,1-20\n")
    assert D.load_penetration_chart(pen)[4] == (1, 13)   # 6.1: "a 4 earns a successful penetration on 1-13"
    pp = tmp_path / "pp.csv"
    pp.write_text("split,condition,top_short_handed,top_power_play,bottom_short_handed,bottom_power_play\n" +
                  "\n".join(f'{n},LD 4,Breakaway RD,Inside RW,-,"Inside C; Rebound LW"' for n in range(1, 21)) + "\n")
    row = D.load_power_play_chart(pp)[0]   # 7.32-7.33
    assert (row.position, row.rating) == (R.LD, 4)
    assert row.bottom_power_play == (R.Reading(R.PP_SHOT, 1, R.C), R.Reading(R.PP_SHOT, 2, R.LW))
    ret = tmp_path / "ret.csv"
    ret.write_text("die,result\n1,LW\n2,C\n3,RW\n4,LD\n5,RD\n6,none\n")
    assert D.load_retaliation_chart(ret) == (R.LW, R.C, R.RW, R.LD, R.RD, -1)
    fo.write_text("split,result\n" + "\n".join(f"{n},Home C" for n in range(1, 20)) + "\n")
    with pytest.raises(ChartError, match="missing rows: 20"):
        D.load_faceoff_chart(fo)
