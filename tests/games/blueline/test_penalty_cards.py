"""The 15 PENALTY cards (Setup: "shuffle the (15) PENALTY cards"; Penalties & the Penalty Box: "either be a MINOR
(Space #2 in the box) or a MAJOR (Space #4 in the box)"): the shipped deck and the loader's errors."""
import numpy as np
import pytest

from simcore.charts import ChartError, read_table
from simcore.games.blueline.penalties import (
    BOX_SPACE, DECK_SIZE, DEFAULT_PENALTIES, KINDS, MAJOR, MINOR, load_penalties,
)


def test_shipped_deck_counts():
    d = load_penalties()
    assert DECK_SIZE == 15 and len(d.names) == 15 and d.kinds.shape == (15,) and d.kinds.dtype == np.int8
    assert (d.minors, d.majors) == (12, 3)
    assert KINDS == ("minor", "major") and (MINOR, MAJOR) == (0, 1) and BOX_SPACE == (2, 4)
    assert d.names[0] == "Tripping" and d.names[12] == "Fighting" and d.kinds[12] == MAJOR
    assert len(set(d.names)) == 15
    assert set(d.sources) == {"reconstructed:nhl-infractions"}
    assert d.arrays()[0] is d.kinds


def write(tmp_path, rows, header="card,name,kind,source"):
    f = tmp_path / "deck.csv"
    f.write_text("\n".join([header, *rows]) + "\n")
    return f


def rows_of(kinds):
    return [f"{i},Card {i},{k}" for i, k in enumerate(kinds, start=1)]


def test_a_users_deck(tmp_path):
    f = write(tmp_path, rows_of(["major"] * 5 + ["minor"] * 10), header="card,name,kind")
    d = load_penalties(f)
    assert (d.minors, d.majors) == (10, 5) and d.kinds[:5].tolist() == [1] * 5 and d.sources[0] == "user:deck.csv"
    assert d.path == str(f)


def test_errors_name_file_line_column_text(tmp_path):
    rows = rows_of(["minor"] * 15)
    bad = list(rows)
    bad[3] = "4,Hooking,mayor"
    f = write(tmp_path, bad, header="card,name,kind")
    with pytest.raises(ChartError) as e:
        load_penalties(f)
    assert (e.value.path, e.value.line, e.value.column, e.value.text) == (str(f), 5, "kind", "mayor")
    assert "expected one of minor, major" in str(e.value)
    with pytest.raises(ChartError, match="missing rows: 15"):
        load_penalties(write(tmp_path, rows[:14], header="card,name,kind"))
    with pytest.raises(ChartError, match="appears twice") as e:
        load_penalties(write(tmp_path, rows + [rows[0]], header="card,name,kind"))
    assert e.value.line == 17 and e.value.column == "card"
    with pytest.raises(ChartError, match="unknown row") as e:
        load_penalties(write(tmp_path, rows + ["16,Extra,minor"], header="card,name,kind"))
    assert e.value.line == 17 and e.value.text == "16"
    bad = list(rows)
    bad[0] = "1,,minor"
    with pytest.raises(ChartError, match="empty cell") as e:
        load_penalties(write(tmp_path, bad, header="card,name,kind"))
    assert e.value.line == 2 and e.value.column == "name"
    with pytest.raises(ChartError, match="expected 'kind'"):
        load_penalties(write(tmp_path, rows, header="card,name,type"))


@pytest.mark.parametrize("header, column, problem", [
    ("card,name,kind,source,extra", "extra", "unknown or repeated column"),
    ("card,name,kind,extra,source", "extra", "unknown or repeated column"),
])
def test_header_errors_name_the_offending_column(tmp_path, header, column, problem):
    rows = [r + ",x" * (header.count(",") - 2) for r in rows_of(["minor"] * 15)]
    f = write(tmp_path, rows, header=header)
    with pytest.raises(ChartError) as e:
        load_penalties(f)
    assert (e.value.line, e.value.column, e.value.text) == (1, column, column)
    assert str(e.value) == f"{f}, line 1, column {column!r}: {problem}"      # the column is the text: named once


def test_a_source_column_not_last_is_named(tmp_path):
    f = write(tmp_path, ["1,Card 1,minor,tag,x"], header="card,name,kind,source,note")
    with pytest.raises(ChartError) as e:
        read_table(f, "card", ["name", "kind"], optional=("note",))
    assert (e.value.line, e.value.column) == (1, "source")
    assert str(e.value).endswith("'source': the source column must be the last one (header must be: card, name, "
                                 "kind[, note][, source])")
    assert read_table(write(tmp_path, ["1,Card 1,minor,x,tag"], header="card,name,kind,note,source"), "card",
                      ["name", "kind"], optional=("note",)) is not None


def test_shipped_file_is_plain_csv():
    lines = DEFAULT_PENALTIES.read_text().splitlines()
    assert lines[0] == "card,name,kind,source" and len(lines) == 16
