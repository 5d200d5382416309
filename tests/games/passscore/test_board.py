"""The Pass & Score board as data: the shipped reconstruction's elements, its symmetry, and the loader's errors (file,
line, key and offending text)."""
from __future__ import annotations

import re

import numpy as np
import pytest

from simcore.charts import ChartError
from simcore.games.passscore.board import DEFAULT_BOARD, draw, load_board
from simcore.games.passscore.plots import board_figure

B = load_board()


def rc(cells):
    return sorted(tuple(int(v) for v in B.rc[c]) for c in np.ravel(cells))


def test_the_shipped_board_has_every_element_the_rulebook_names():
    assert (B.rows, B.columns, B.n) == (18, 7, 126)
    assert rc(B.goal[0]) == [(0, 2), (0, 3), (0, 4)] and rc(B.goal[1]) == [(17, 2), (17, 3), (17, 4)]
    assert rc(B.crease[0]) == [(1, 2), (1, 3), (1, 4)]
    assert (B.shade_of == 0).sum() == 18 and (B.shade_of == 1).sum() == 18
    assert rc(B.dots) == [(7, 1), (7, 5), (10, 1), (10, 5)]
    assert B.slide_len.tolist() == [5, 5, 5, 5]
    assert (B.blue.tolist(), B.centre, B.icing.tolist()) == ([5, 11], 8, [0, 16])
    assert rc(B.start[0][:1]) == [(0, 3)] and rc(B.start[0][1:2]) == [(8, 3)]      # goalkeeper, centre
    # every element has its source, and each one the rulebook names has its quote
    for key in ("goal.home", "crease.away", "shaded.home", "start.away", "red_dots", "slide.0", "line.blue.home",
                "line.centre", "line.icing.away", "adjacency"):
        assert re.fullmatch(r"(rulebook|reconstructed):.+", B.provenance[key]), key
        assert key in B.quotes
    assert "shaded.home" in B.reconstructed() and "line.icing.home" not in B.reconstructed()


def test_the_shipped_board_is_what_build_makes(tmp_path, capsys):
    """data/board.toml is the builder's output; the builder writes only where told and checks without writing."""
    from simcore.games.passscore.data import build as B

    assert B.SHIPPED.read_text(encoding="utf-8") == B.build()
    assert B.main(["--check"]) == 0 and "as built" in capsys.readouterr().out
    out = tmp_path / "board.toml"
    assert B.main(["--out", str(out)]) == 0 and out.read_text(encoding="utf-8") == B.build()
    with pytest.raises(SystemExit) as e:
        B.main(["--help"])
    assert e.value.code == 0 and "usage:" in capsys.readouterr().out


def test_the_two_halves_are_point_reflections():
    def mirror(c):
        r, k = B.rc[c]
        return int(B.index[17 - r, 6 - k])
    for t in range(2):
        assert sorted(mirror(c) for c in B.goal[t]) == sorted(B.goal[1 - t].tolist())
        assert [mirror(c) for c in B.start[t]] == B.start[1 - t].tolist()
        assert sorted(mirror(c) for c in np.flatnonzero(B.shade_of == t)) == np.flatnonzero(B.shade_of == 1 - t).tolist()
    assert sorted(mirror(c) for c in B.dots) == sorted(B.dots.tolist())
    ends = {tuple(sorted(e)) for e in B.slide_ends.tolist()}
    assert {tuple(sorted(mirror(c) for c in e)) for e in ends} == ends


def test_adjacency_is_the_eight_neighbours():
    c = B.circle(8, 3)
    assert sorted(rc(B.nbr[c])) == sorted((8 + dy, 3 + dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx)
    corner = B.circle(0, 0)
    assert (B.nbr[corner] >= 0).sum() == 3


def test_the_board_drawn_as_text():
    text = draw(B, B.start, 0, 1)
    assert "[C]" in text and " g " in text and "blue" in text and "centre" in text and "icing" in text
    assert len(text.splitlines()) == 18 + 5             # the rows, two blue lines, the centre line, two icing lines
    rows = {int(ln[:3]): ln[4:] for ln in text.splitlines() if ln[:3].strip().isdigit()}
    assert rows[1] == " .  .  +  +  +  .  . " and rows[9] == " |  r  .  c  .  l  | "    # a crease; the away centre


def _bad(tmp_path, old, new, count=1):
    text = DEFAULT_BOARD.read_text()
    assert old in text
    p = tmp_path / "board.toml"
    p.write_text(text.replace(old, new, count))
    return p


@pytest.mark.parametrize("old,new,key,problem", [
    ('team = "home"   # the team that defends this goal', 'team = "red"', "goal[0].team", "team must be one of"),
    ("circles = [[0, 2], [0, 3], [0, 4]]", "circles = [[0, 2], [0, 3], [0, 9]]", "goal[0].circles", "off the board"),
    ("circles = [[0, 2], [0, 3], [0, 4]]", "circles = [[0, 2], [0, 3]]", "goal[0].circles", "exactly 3"),
    ("circles = [[0, 2], [0, 3], [0, 4]]", "circles = [[0, 0], [0, 3], [0, 6]]", "goal[0].circles", "hang together"),
    ("circles = [[1, 2], [1, 3], [1, 4]]\n", "circles = [[5, 2], [5, 3], [5, 4]]\n", "crease[0].circles",
     "immediately in front of goal"),
    ("ends = [[4, 0], [8, 0]]", "ends = [[4, 0], [8, 1]]", "slide[0].ends", "runs straight"),
    ("rows = 18", "rows = 2", "board.rows", "out of range"),
    ("after = 8", "after = 12", "line[4].after", "centre line (after row 12) must run below the away blue line"),
    ("after = 5", "after = 9", "line[0].after", "home blue line (after row 9) must run below the centre line"),
    ('kind = "centre"', 'kind = "red"', "line[4].kind", "kind must be one of"),
    ("missing = []", "missing = []\ncolour = 1", "board.colour", "unknown key"),
    ("missing = []", "missing = [[12, 3], [12, 3]]", "board.missing", "[12, 3] is listed twice"),
    ("circles = [[1, 2], [1, 3], [1, 4], [2, 1], [2, 2], [2, 3], [2, 4], [2, 5], [3, 1], [3, 2], [3, 3], [3, 4], "
     "[3, 5], [4, 1], [4, 2], [4, 3], [4, 4], [4, 5]]", "circles = []", "shaded[0].circles", "no shaded circle"),
    ("circles = [[1, 2], [1, 3], [1, 4], [2, 1], [2, 2], [2, 3], [2, 4], [2, 5], [3, 1], [3, 2], [3, 3], [3, 4], "
     "[3, 5], [4, 1], [4, 2], [4, 3], [4, 4], [4, 5]]", "circles = [[5, 0], [5, 6]]", "shaded[0].circles",
     "no shaded circle is on a straight line"),
    ("[board]", "[[board]]", "key 'board'", "must be a table [board]"),
])
def test_a_bad_board_file_names_file_line_key_and_text(tmp_path, old, new, key, problem):
    p = _bad(tmp_path, old, new)
    with pytest.raises(ChartError) as e:
        load_board(p)
    msg = str(e.value)
    assert str(p) in msg and problem in msg and key in msg, msg
    assert e.value.line is not None and new.splitlines()[-1].split("=")[0].strip() in \
            p.read_text().splitlines()[e.value.line - 1]


def test_a_team_table_at_fault_is_named_wherever_it_stands_in_the_file(tmp_path):
    """The away team's [[start]] listed before the home team's, and a home skater's X circle in the home goal: the
    error names the home table (start[1]) and its line, not the away one."""
    blocks = DEFAULT_BOARD.read_text().split("\n\n")
    home = next(i for i, b in enumerate(blocks) if b.startswith("[[start]]") and 'team = "home"' in b)
    away = next(i for i, b in enumerate(blocks) if b.startswith("[[start]]") and 'team = "away"' in b)
    blocks[home], blocks[away] = blocks[away], blocks[home].replace("[8, 3], [8, 1]", "[0, 2], [8, 1]")
    p = tmp_path / "board.toml"
    p.write_text("\n\n".join(blocks))
    with pytest.raises(ChartError) as e:
        load_board(p)
    assert "start[1].circles" in str(e.value) and "[0, 2]" in str(e.value), str(e.value)
    lines = p.read_text().splitlines()
    assert lines[e.value.line - 1].startswith("circles = [[0, 3], [0, 2]")


def test_a_missing_table_and_a_source_without_tag(tmp_path):
    p = _bad(tmp_path, 'source = "reconstructed:rectangular-lattice"', 'source = "my drawing"')
    with pytest.raises(ChartError, match="source must be"):
        load_board(p)
    text = DEFAULT_BOARD.read_text()
    q = tmp_path / "noslots.toml"
    q.write_text(text.split("[red_dots]")[0])
    with pytest.raises(ChartError, match=r"missing table \[red_dots\]"):
        load_board(q)


def test_a_table_without_source_is_named_at_its_own_line(tmp_path):
    """A key the table lacks has no line of its own: the error points at the table's header ([[goal]], the first)."""
    text = DEFAULT_BOARD.read_text()
    head = text.index("[[goal]]")
    key = text.index("source", head)
    p = tmp_path / "board.toml"
    p.write_text(text[:key] + text[text.index("\n", key) + 1:])
    with pytest.raises(ChartError, match="missing key source") as e:
        load_board(p)
    assert "goal[0].source" in str(e.value)
    assert p.read_text().splitlines()[e.value.line - 1] == "[[goal]]"


def test_a_board_file_is_named_as_given_in_every_output(tmp_path, cli):
    """The run, its JSON, the play-by-play and the report name the board file played (the slide lines' circles
    were written in its place)."""
    import json
    import shutil

    mine = tmp_path / "mine.toml"
    shutil.copyfile(DEFAULT_BOARD, mine)
    assert load_board(mine).path == str(mine) and load_board().path == str(DEFAULT_BOARD)
    code, out, err = cli("passscore", "-n", "4", "--board", str(mine), "--format", "json")
    assert code == 0 and json.loads(out)["files"] == {"board": str(mine)}, err
    for argv in (["-n", "4"], ["--pbp"], ["--report", "-n", "4", "--matrix-n", "1", "--rules", "plays=40"]):
        code, out, err = cli("passscore", *argv, "--board", str(mine))
        assert code == 0 and f"\nboard {mine}\n" in out, (argv, err)
    code, out, err = cli("passscore", "--pbp", "--format", "json")
    assert json.loads(out)["files"] == {"board": "shipped"}


def test_the_board_figure_names_every_mark_and_writes_its_file(tmp_path, capsys):
    import matplotlib.pyplot as plt

    from simcore.games.passscore.plots import main

    b = load_board()
    fig = board_figure(b)
    (ax,) = fig.axes
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    for mark in ("goal circle (shaded red)", "crease circle", "shooting circle (shaded blue)", "red face-off dot",
                 "slide line", "blue line", "centre line", "icing line",
                 "home (red, attacks up) on its X starting circles: G C L R D E",
                 "G goalkeeper, C centre, L R wings, D E defence"):
        assert mark in labels, mark
    # the players on their X circles, each lettered by slot, home upper case
    assert sorted(t.get_text() for t in ax.texts) == sorted("GCLRDEgclrde")
    plt.close(fig)
    # players on a position are dots, and the legend says so
    fig = board_figure(b, pos=np.asarray(b.start))
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert "home (red, attacks up): G C L R D E" in labels
    plt.close(fig)
    out = tmp_path / "board.png"
    assert main([str(out)]) == 0 and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    capsys.readouterr()
    out.write_bytes(b"mine")                                     # a file of the user's is kept without --force
    assert main([str(out)]) == 2 and out.read_bytes() == b"mine"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.endswith("exists; pass --force to replace it\n")
    assert main([str(out), "--force"]) == 0 and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = tmp_path / "bad.toml"
    bad.write_text(DEFAULT_BOARD.read_text(encoding="utf-8").replace("rows = ", "rows = -", 1), encoding="utf-8")
    assert main([str(tmp_path / "x.png"), "--board", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(bad) in err[0] and not (tmp_path / "x.png").exists()
