"""The Blue Line Hockey board and set-ups as data: dimensions, the rulebook-fixed elements, symmetry, validation.

Rulebook headings cited: Setup, Face-Offs, Shots on Goal, Power Plays & Penalty Killing, Goalie's, Dumping the
Puck (Penalty-Kill Team), Pulling the Goalie, Passing Around the Boards.
"""
from __future__ import annotations

import re

import numpy as np
import pytest

from simcore.charts import ChartError
from simcore.games.blueline.board import (
    ARRAY_NAMES, CREASE, DEFAULT_BOARD, DIM_NAMES, ICE, NET, OFF, load_board,
)
from simcore.games.blueline.formations import (
    DEFAULT_FORMATIONS, SLOTS, Formations, chebyshev, load_formations,
)

B = load_board()
F = load_formations()
H, W = 44, 19


def mirror(sq):
    return (H - 1 - int(sq[0]), W - 1 - int(sq[1]))


# ---------------------------------------------------------------- dimensions and coordinates


def test_dimensions():
    assert (B.width, B.height, B.half_lines, B.behind, B.blue, B.shot_lines, B.gate_line) == (19, 44, 20, 2, 12,
                                                                                               13, 18)
    assert B.cell.shape == (44, 19) and B.cell.dtype == np.int8
    assert B.feet["across"] == pytest.approx(85 / 19) and B.feet["along"] == pytest.approx(89 / 20)


def test_row_lines_and_halves():
    assert B.row_line[[0, 1, 2, 13, 14, 21, 22, 29, 30, 41, 42, 43]].tolist() == [-1, 0, 1, 12, 13, 20, 20, 13, 12,
                                                                                 1, 0, -1]
    assert B.row_half.tolist() == [0] * 22 + [1] * 22
    assert B.row_of(0, 1) == 2 and B.row_of(1, 1) == 41
    # line_of: the line in the half the team attacks (Shots on Goal: "between lines 1-13 inclusive")
    assert B.line_of(0, 41) == 1 and B.line_of(0, 29) == 13 and B.line_of(0, 2) is None
    assert B.line_of(1, 2) == 1 and B.line_of(1, 41) is None
    assert B.own_line(0, 2) == 1 and B.own_line(0, 41) is None


def test_zones_blue_line_at_12():
    # Power Plays & Penalty Killing: "on line 12 inside the blue line"; Shots on Goal: 13 is "one space outside"
    assert B.zone(0, B.row_of(1, 12)) == "attack"
    assert B.zone(0, B.row_of(1, 13)) == "neutral"
    assert B.zone(0, B.row_of(0, 12)) == "defense"
    assert B.zone(1, B.row_of(0, 12)) == "attack" and B.zone(1, B.row_of(1, 1)) == "defense"
    assert B.zone(0, B.row_of(1, 0)) == "attack"       # behind the opponent's goal line


def test_corners_cut_from_the_rounded_boards():
    # 28 ft corner radius: a square is off the ice when its centre is outside the rounded boards
    ice_cols = [(int(np.flatnonzero(B.cell[y])[0]), int(np.flatnonzero(B.cell[y])[-1])) for y in range(5)]
    assert ice_cols == [(4, 14), (2, 16), (1, 17), (1, 17), (0, 18)]
    assert (B.cell == OFF).sum() == 32
    assert B.first_ice[:5].tolist() == [4, 2, 1, 1, 0] and B.last_ice[:5].tolist() == [14, 16, 17, 17, 18]
    assert (B.cell[4:40] != OFF).all()


def test_crease_and_net():
    # Goalie's: "Goalie movements in the crease (3 spaces side to side)"
    assert B.crease.tolist() == [[[2, 8], [2, 9], [2, 10]], [[41, 10], [41, 9], [41, 8]]]
    assert sorted(map(tuple, np.argwhere(B.cell == CREASE).tolist())) == [(2, 8), (2, 9), (2, 10), (41, 8),
                                                                          (41, 9), (41, 10)]
    assert sorted(map(tuple, np.argwhere(B.cell == NET).tolist())) == [(1, 8), (1, 9), (1, 10), (42, 8),
                                                                       (42, 9), (42, 10)]
    assert B.goal.tolist() == [[1, 9], [42, 9]]
    assert not B.on_ice(1, 9) and B.on_ice(2, 9) and not B.on_ice(0, 0) and not B.on_ice(-1, 3)


def test_faceoff_spots():
    # Face-Offs: "There are 9 face-off spots"; center ice, 2 neutral and 2 end spots per half
    assert B.faceoff.tolist() == [[21, 9], [15, 4], [15, 14], [6, 4], [6, 14], [28, 14], [28, 4], [37, 14], [37, 4]]
    assert B.faceoff_kind.tolist() == [0, 1, 1, 2, 2, 1, 1, 2, 2]
    assert B.faceoff_half.tolist() == [0, 0, 0, 0, 0, 1, 1, 1, 1]
    assert [int(B.row_line[y]) for y, _ in B.faceoff] == [20, 14, 14, 5, 5, 14, 14, 5, 5]
    assert [B.spot_name(k) for k in range(9)] == [
        "center ice", "home neutral left", "home neutral right", "home end left", "home end right",
        "away neutral left", "away neutral right", "away end left", "away end right"]


def test_every_faceoff_spot_4_spaces_from_goal_line_and_boards():
    # Face-Offs: "The face-off must always be at least 4 spaces from the goal line and/or boards"
    for y, x in B.faceoff:
        assert B.cell[y, x] == ICE
        assert int(B.row_line[y]) - 1 >= 4                       # empty lines between spot and goal line
        assert x - int(B.first_ice[y]) >= 4 and int(B.last_ice[y]) - x >= 4
    end = B.faceoff[B.faceoff_kind == 2]
    assert min(int(B.row_line[y]) - 1 for y, _ in end) == 4      # the end spots sit exactly at the limit
    assert min(min(x - B.first_ice[y], B.last_ice[y] - x) for y, x in end) == 4


def test_gates_pull_spots_corners_row3():
    # Pulling the Goalie: "across the ice from the penalty box gate (line 18) on that team's side ... against
    # the boards"
    assert B.gate.tolist() == [[19, 0], [24, 0]]
    assert B.pull_spot.tolist() == [[19, 18], [24, 18]]
    assert [B.own_line(t, B.gate[t, 0]) for t in (0, 1)] == [18, 18]
    # Dumping the Puck: "the space up against the boards directly adjacent to the goal line just below line 1"
    assert B.corners.tolist() == [[[1, 2], [1, 16]], [[42, 2], [42, 16]]]
    for h in (0, 1):
        for y, x in B.corners[h]:
            assert B.row_line[y] == 0 and B.cell[y, x] == ICE
            assert B.cell[y, x - 1 if x < 9 else x + 1] == OFF
    # Row 3: the third square in from the boards
    assert B.row3[:, 10].tolist() == [2, 16]
    assert B.row3[:, 0].tolist() == [6, 12] and B.row3[:, 2].tolist() == [3, 15]


def test_inside_region():
    # reconstructed:slot-home-plate: lines 1..13, |column| <= min(line, 4)
    def cols(half, line):
        return np.flatnonzero(B.inside[B.row_of(half, line)]).tolist()

    assert cols(0, 1) == [8, 9, 10]
    assert cols(0, 2) == list(range(7, 12)) and cols(0, 3) == list(range(6, 13))
    for line in range(4, 14):
        assert cols(0, line) == list(range(5, 14)) == cols(1, line)
    for line in (-1, 0, 14, 20):
        assert cols(0, line) == [] == cols(1, line)
    assert B.inside.sum() == 2 * (3 + 5 + 7 + 10 * 9)


def test_mirror_symmetry_between_halves():
    assert (B.cell == B.cell[::-1, ::-1]).all()
    assert (B.inside == B.inside[::-1, ::-1]).all()
    assert (B.row_line == B.row_line[::-1]).all()
    for i in range(1, 5):
        assert mirror(B.faceoff[i]) == tuple(B.faceoff[i + 4])
    for i in range(3):
        assert mirror(B.crease[0, i]) == tuple(B.crease[1, i])
    assert mirror(B.goal[0]) == tuple(B.goal[1])
    assert mirror(B.corners[0, 0]) == tuple(B.corners[1, 1])
    assert mirror(B.gate[0])[0] == B.gate[1, 0]


def test_nearest_faceoff_spots():
    # Face-Offs: "Nearest Face-off dot in the neutral zone", "Face-off dot nearest the place where the play was
    # stopped": straight-line distance, the center spot counted at the red line, ties to the lower index
    assert B.nearest_spot[21, 9] == 0 == B.nearest_spot[22, 9]
    assert B.nearest_spot[B.row_of(0, 9), 0] == 3 and B.nearest_spot[B.row_of(0, 10), 0] == 1
    assert B.nearest_spot[B.row_of(0, 1), 9] == 3             # the middle column: a tie, to the lower index
    assert B.nearest_spot[B.row_of(1, 1), 9] == 7             # ... which is the mirror of 3
    assert B.nearest_neutral[B.row_of(0, 1), 18] == 2 and B.nearest_neutral[B.row_of(1, 20), 0] == 6
    assert B.nearest_end[1, 2, 2].item() == 8 and B.nearest_end[0, 43, 0].item() == 3
    mirror_index = np.array([0, 5, 6, 7, 8, 1, 2, 3, 4])
    assert (mirror_index[B.nearest_spot[::-1, ::-1]] == B.nearest_spot).all()
    assert (mirror_index[B.nearest_neutral[::-1, ::-1]] == B.nearest_neutral).all()
    assert (mirror_index[B.nearest_end[::-1, ::-1, ::-1]] == B.nearest_end).all()


def test_rim_is_a_closed_loop_along_the_boards():
    rim = B.rim
    assert len(rim) == 122 and rim[0].tolist() == [0, 9] and rim[1].tolist() == [0, 10]
    steps = np.abs(np.diff(np.vstack([rim, rim[:1]]), axis=0)).max(axis=1)
    assert steps.tolist() == [1] * len(rim)
    assert len({tuple(p) for p in rim.tolist()}) == len(rim)
    for k, (y, x) in enumerate(rim):
        assert B.rim_index[y, x] == k and B.cell[y, x] == ICE
    assert (B.rim_index >= 0).sum() == len(rim)
    # every ice square touching the boards is on the rim
    for y in range(H):
        for x in range(W):
            touches = any(not (0 <= y + a < H and 0 <= x + b < W) or B.cell[y + a, x + b] == OFF
                          for a in (-1, 0, 1) for b in (-1, 0, 1))
            assert (B.rim_index[y, x] >= 0) == (B.cell[y, x] != OFF and touches)


def test_arrays_order_and_types():
    arrs = B.arrays()
    assert len(arrs) == len(ARRAY_NAMES) == 21
    assert arrs[0].tolist() == [19, 44, 20, 2, 12, 13, 18] and len(DIM_NAMES) == 7
    for name, a in zip(ARRAY_NAMES[1:], arrs[1:]):
        assert a is getattr(B, name)
        assert a.dtype == {"cell": np.int8, "inside": np.bool_}.get(name, np.int64), name
        assert not a.flags.writeable
    assert B.provenance["crease"] == "rulebook:Goalie's"
    assert B.provenance["faceoff[3]"].startswith("rulebook:Face-Offs")
    assert B.provenance["inside"] == "reconstructed:slot-home-plate"


# ---------------------------------------------------------------- board file errors


def _board_file(tmp_path, old, new, nth=1):
    text = DEFAULT_BOARD.read_text()
    idx = -1
    for _ in range(nth):
        idx = text.index(old, idx + 1)
    text = text[:idx] + new + text[idx + len(old):]
    p = tmp_path / "board.toml"
    p.write_text(text)
    return p, text[:idx].count("\n") + 1


@pytest.mark.parametrize("old, new, nth, key, shown, problem", [
    ("columns = 19", "colums = 19", 1, "grid.colums", "colums", "unknown key; keys: behind, columns, "),
    ("columns = 19", "columns = 200", 1, "grid.columns", "200", "out of range: columns must be a whole number 7..61"),
    ("columns = 19", "columns = 18", 1, "grid.columns", "18", "must be odd"),
    ("width = 3 ", "width = 4 ", 1, "crease.width", "4", "the crease is 3 squares wide"),
    ("blue = 12", "blue = 25", 1, "lines.blue", "25", "out of range: lines.blue must be a whole number 2..19"),
    ("shot_lines = 13", "shot_lines = 14", 1, "lines.shot_lines", "14",
     "out of range: lines.shot_lines (the chart and the card mixes cover lines 1..13, within grid.half_lines) must "
     "be a whole number 1..13"),
    ("side = \"left\"", "side = \"up\"", 1, "penalty_box.side", "up", "must be \"left\""),
    ("line = 5 ", "line = 4 ", 1, "faceoff[3].line", "4", "only 3 squares from the goal line; Face-Offs:"),
    ("column = -5         # 22 ft from the middle: 4", "column = -6         #", 1, "faceoff[3].column", "-6",
     "only 3 squares from the boards; Face-Offs:"),
    ("kind = \"end\"", "kind = \"corner\"", 1, "faceoff[3].kind", "corner", "must be one of center, neutral, end"),
    ("kind = \"end\"", "kind = \"neutral\"", 1, "faceoff[3].kind", "neutral", "spot 3 must be end of half 0"),
    ("line = 14           # 5 ft", "line = 14\nheight = 3 #", 1, "faceoff[1].height", "height", "unknown key"),
])
def test_board_errors_name_file_line_key_text(tmp_path, old, new, nth, key, shown, problem):
    path, line = _board_file(tmp_path, old, new, nth)
    if key == "faceoff[1].height":
        line += 1
    with pytest.raises(ChartError) as err:
        load_board(path)
    msg = str(err.value)
    assert msg.startswith(f"{path}, line {line}, key '{key}': {shown!r}: {problem}"), msg
    assert err.value.text == shown and err.value.line == line and err.value.column == key


def test_no_line_left_for_the_net_names_the_crease_and_behind(tmp_path):
    """With one row behind the goal line the net (on a line from 2 - behind) has no line in front of a crease on
    line 1; the error was net.line's empty range "1..0", naming neither field that left it none."""
    path, _ = _board_file(tmp_path, "behind = 2 ", "behind = 1 ")
    crease = DEFAULT_BOARD.read_text().splitlines().index(
        next(x for x in DEFAULT_BOARD.read_text().splitlines() if x.startswith("line = 1 ")))
    with pytest.raises(ChartError) as err:
        load_board(path)
    assert str(err.value) == (f"{path}, line {crease + 1}, key 'crease.line': '1': leaves no line for the net, which "
                              "stands on a line from 1 (2 - grid.behind, grid.behind = 1) to crease.line - 1: raise "
                              "crease.line or grid.behind")


def test_shot_lines_stay_within_the_chart_and_the_card_mixes(tmp_path):
    """Shots on Goal: "Shots on goal may ONLY occur between lines 1-13 inclusive".  The chart's table and the card
    mixes hold lines 1..13; a board may shoot from fewer lines, never from more (a line past the table would be
    read out of its bounds)."""
    from simcore.games.blueline.cards import card_mixes
    from simcore.games.blueline.chart import N_CONTEXTS, load_chart
    assert load_chart(None).table.shape[3] == 14 and N_CONTEXTS == 13 * 2 * 3
    assert all(m.shape[0] == N_CONTEXTS for m in card_mixes("random"))
    assert load_board(None).shot_lines == 13
    for bad in ("20", "40"):
        path, line = _board_file(tmp_path, "shot_lines = 13", f"shot_lines = {bad}")
        with pytest.raises(ChartError, match=rf"line {line}, key 'lines.shot_lines': '{bad}': out of range"):
            load_board(path)


def test_board_error_unknown_table_and_spot_count(tmp_path):
    p = tmp_path / "board.toml"
    p.write_text(DEFAULT_BOARD.read_text() + "\n[bench]\nside = 1\n")
    line = DEFAULT_BOARD.read_text().count("\n") + 2
    with pytest.raises(ChartError, match=rf"board.toml, line {line}, key 'bench': unknown table"):
        load_board(p)
    text = DEFAULT_BOARD.read_text()
    cut = text.rindex("[[faceoff]]")
    p.write_text(text[:cut])
    with pytest.raises(ChartError, match=r"8 face-off spots; the rulebook has 9"):
        load_board(p)


def test_missing_keys_point_at_their_table(tmp_path):
    path, _ = _board_file(tmp_path, "half_lines = 20 ", "# half_lines = 20 ")
    with pytest.raises(ChartError, match=r"board.toml, line 13, key 'grid.half_lines': missing key grid.half_lines"):
        load_board(path)
    text = DEFAULT_FORMATIONS.read_text().replace("RD = [11, 5]\n", "")
    p = tmp_path / "formations.toml"
    p.write_text(text)
    line = text[:text.index("[pp]")].count("\n") + 1
    with pytest.raises(ChartError, match=rf"formations.toml, line {line}, key 'pp.RD': missing key pp.RD"):
        load_formations(p)


def test_a_corner_radius_too_large_names_the_limit_it_passes(tmp_path):
    """The corners' radius is at most half the rink's width and at most an end's length (goal line to red line
    plus the rows behind the goal line); each refusal names the limit it passes (a narrow end's was blamed on the
    width)."""
    path, line = _board_file(tmp_path, "corner_radius = 28.0", "corner_radius = 50.0")
    with pytest.raises(ChartError, match=rf"line {line}, key 'rink_feet.corner_radius': '50.0': larger than half "
                                         r"the rink's width \(42.5 ft\)"):
        load_board(path)
    text = path.read_text().replace("width = 85.0", "width = 200.0").replace("goal_line_to_red = 89.0",
                                                                             "goal_line_to_red = 20.0")
    path.write_text(text.replace("corner_radius = 50.0", "corner_radius = 28.0"))
    with pytest.raises(ChartError, match=r"'28.0': larger than an end's length \(goal line to red line plus the 2 "
                                         r"rows behind the goal line: 22 ft\)"):
        load_board(path)


def test_user_board_file_changes_the_board(tmp_path):
    # a user's own board: a wider rink (21 columns) with square corners
    path, _ = _board_file(tmp_path, "columns = 19", "columns = 21")
    text = path.read_text().replace("corner_radius = 28.0", "corner_radius = 0.0")
    path.write_text(text)
    b = load_board(path)
    assert (b.width, b.height) == (21, 44) and (b.cell != OFF).all()
    assert b.crease[0].tolist() == [[2, 9], [2, 10], [2, 11]]
    assert b.faceoff[3].tolist() == [6, 5] and b.source == str(path)


# ---------------------------------------------------------------- formations


def test_opening_setup():
    # Setup: "positions 6 players on the on their half of the ice"; Face-Offs: the opening uses the suggested setup
    assert F.opening[0].tolist() == [[21, 9], [20, 5], [20, 13], [16, 5], [16, 13], [2, 9]]
    assert F.opening[1].tolist() == [list(mirror(sq)) for sq in F.opening[0]]
    for t in (0, 1):
        assert (B.row_half[F.opening[t, :, 0]] == t).all()
        assert tuple(F.opening[t, 5]) == tuple(B.crease[t, 1])
    assert F.faceoff_pos[0].tolist() == F.opening.tolist()


def _skater_spacing(pos):
    return min(chebyshev(pos[t, s], pos[u, r]) for t in (0, 1) for s in range(5) for u in (0, 1) for r in range(5)
               if (t, s) < (u, r) and not (s == 0 and r == 0))


def test_faceoff_offsets_legal_at_every_spot():
    # Face-Offs: "at least 3 spaces from the centers facing off ... lined up onside ... 2 empty spaces between"
    assert F.faceoff[0].tolist() == [[-1, 0], [-1, -3], [-2, 4], [-4, -2], [-4, 1], [0, 0]]
    assert F.faceoff[1, :5].tolist() == (-F.faceoff[0, :5]).tolist()
    for k in range(9):
        pos = F.faceoff_pos[k]
        assert _skater_spacing(pos) >= 3, k
        squares = {tuple(p) for p in pos.reshape(-1, 2).tolist()}
        assert len(squares) == 12
        for t in (0, 1):
            for s in range(6):
                y, x = pos[t, s]
                assert B.on_ice(y, x)
            assert tuple(pos[t, 5]) == tuple(B.crease[t, 1])
        if k:
            dot = B.faceoff[k]
            assert (pos[0, :5, 0] < dot[0]).all() and (pos[1, :5, 0] > dot[0]).all()    # onside
            assert pos[0, 0].tolist() == [dot[0] - 1, dot[1]] and pos[1, 0].tolist() == [dot[0] + 1, dot[1]]
    # the home end-zone spot at the left: the whole line-up
    assert F.faceoff_pos[3].tolist() == [[[5, 4], [5, 1], [4, 8], [2, 2], [2, 5], [2, 9]],
                                         [[7, 4], [7, 7], [8, 0], [10, 6], [10, 3], [41, 9]]]


def test_penalty_kill_postures_in_own_end():
    # Power Plays & Penalty Killing: 2-2 Large Box, 2-2 Small Box, 1-2-1 High/Low
    assert F.pk.shape == (3, 2, 6, 2)
    assert F.pk[0, 0].tolist() == [[7, 9], [10, 4], [10, 14], [4, 5], [4, 13], [2, 9]]
    assert F.pk[1, 0].tolist() == [[5, 9], [7, 6], [7, 12], [3, 6], [3, 12], [2, 9]]
    assert F.pk[2, 0].tolist() == [[11, 9], [7, 4], [7, 14], [3, 9], [5, 12], [2, 9]]
    for p in range(3):
        assert F.pk[p, 1].tolist() == [list(mirror(sq)) for sq in F.pk[p, 0]]
        for t in (0, 1):
            lines = [B.own_line(t, y) for y, _ in F.pk[p, t]]
            assert all(v is not None and 1 <= v <= 12 for v in lines)
    # the large box is larger than the small one
    span = [np.ptp(F.pk[p, 0, 1:5], axis=0).tolist() for p in (0, 1)]
    assert span == [[6, 10], [4, 6]]


def test_pk_positions_fill_the_posture():
    # a left wing in the box: the center takes the LW's square of the large box
    out = F.pk_positions(0, 0, [True, False, True, True, True, True])
    assert out.tolist() == [[10, 4], [-1, -1], [10, 14], [4, 5], [4, 13], [2, 9]]
    # two in the box (C and RD) in the 1-2-1: the fill order C, LW, RW, LD keeps the high man
    out = F.pk_positions(2, 1, [False, True, True, True, False, True])
    assert out[3].tolist() == list(mirror(F.pk[2, 0, 0]))       # LD moves up to the C's (high) square
    assert out[0].tolist() == [-1, -1] and out[4].tolist() == [-1, -1]


def test_power_play_setup():
    # "one PP defenseman will start with the puck and must be in any space on line 12 inside the blue line"
    assert SLOTS[F.pp_puck] == "LD"
    for t in (0, 1):
        y, x = F.pp[t, F.pp_puck]
        assert B.line_of(t, y) == 12
        assert all(B.zone(t, yy) == "attack" for yy, _ in F.pp[t, :5])
        assert tuple(F.pp[t, 5]) == tuple(B.crease[t, 1])
    assert F.pp[0].tolist() == [[39, 9], [36, 2], [37, 16], [30, 6], [31, 14], [2, 9]]
    assert F.pp[1].tolist() == [list(mirror(sq)) for sq in F.pp[0]]
    # no power-play player shares a square with a penalty killer in any posture
    for p in range(3):
        assert not {tuple(v) for v in F.pp[0].tolist()} & {tuple(v) for v in F.pk[p, 1].tolist()}


# ---------------------------------------------------------------- formation file errors


def _form_file(tmp_path, section, old, new):
    text = DEFAULT_FORMATIONS.read_text()
    start = text.index(f"[{section}]")
    idx = text.index(old, start)
    text = text[:idx] + new + text[idx + len(old):]
    p = tmp_path / "formations.toml"
    p.write_text(text)
    return p, text


def _key_line(text, section, name):
    start = text.index(f"[{section}]")
    return text[:text.index(f"\n{name} = ", start) + 1].count("\n") + 1


@pytest.mark.parametrize("section, old, new, key, shown, problem", [
    ("opening", "LW = [19, -4]", "LW = [19, -14]", "opening.LW", "[19, -14]", "off the ice"),
    ("opening", "LW = [19, -4]", "LW = [20, 0]", "opening.LW", "[20, 0]",
     "the home LW is on the same square (21, 9) as the home C"),
    ("opening", "LD = [15, -4]", "LD = [22, -8]", "opening.LD", "[22, -8]", "not in the team's own half"),
    ("opening", "LW = [19, -4]", "LW = [19, -2]", "opening.LW", "[19, -2]",
     "the home LW is 2 square(s) from the home C at the opening face-off: Face-Offs:"),
    ("opening", "G = \"crease\"", "G = [3, 0]", "opening.G", "[3, 0]", "the goalie must start in its own crease"),
    ("faceoff", "RW = [2, 4]", "RW = [1, 3]", "faceoff.LW", "[1, -3]",
     "the away LW is 2 square(s) from the home RW at face-off spot 0 (21, 9)"),
    ("faceoff", "LW = [1, -3]", "LW = [-1, -3]", "faceoff.LW", "[-1, -3]", "offside at face-off spot 0 (21, 9)"),
    ("faceoff", "LD = [4, -2]", "LD = [6, -2]", "faceoff.LD", "[6, -2]",
     "off the ice or in a crease at face-off spot 3 (6, 4) for the home team: board square (0, 2)"),
    ("faceoff", "C = [1, 0]", "C = [2, 0]", "faceoff.C", "[2, 0]", "must be [1, 0]"),
    ("faceoff", "LW = [1, -3]", "LW = [1, \"x\"]", "faceoff.LW", "[1, 'x']", "must be [line, column]"),
    ("pk.large_box", "LW = [9, -5]", "LW = [14, -5]", "pk.large_box.LW", "[14, -5]",
     "outside the killing team's own end (lines 1..12 of its own half)"),
    ("pk.small_box", "LD = [2, -3]", "LD = [1, -1]", "pk.small_box.LD", "[1, -1]", "a skater may not stand in a crease"),
    ("pk.high_low", "fill = [\"C\", \"LW\", \"RW\", \"LD\", \"RD\"]", "fill = [\"C\", \"LW\"]", "pk.high_low.fill",
     "['C', 'LW']", "must list the 5 skaters"),
    ("pp", "LD = [12, -3]", "LD = [11, -3]", "pp.LD", "[11, -3]", "the defenseman with the puck must be on line 12"),
    ("pp", "RD = [11, 5]", "RD = [13, 5]", "pp.RD", "[13, 5]", "not in the attack zone"),
    ("pp", "C = [3, 0]", "C = [6, 0]", "pp.C", "[6, 0]", "on the same square (7, 9) as a penalty killer in "
     "pk.large_box"),
    ("pp", "puck = \"LD\"", "puck = \"C\"", "pp.puck", "C", "must be \"LD\" or \"RD\""),
    ("pp", "G = \"crease\"", "G = [5, -8]", "pp.G", "[5, -8]", "must be \"crease\": the power play's goalie stays"),
    ("pk.high_low", "G = \"crease\"", "G = [8, 8]", "pk.high_low.G", "[8, 8]",
     "must be \"crease\": the killers' goalie stays in his crease"),
    ("pp", "C = [3, 0]", "Cx = [3, 0]", "pp.Cx", "Cx", "unknown key"),
])
def test_formation_errors_name_file_line_key_text(tmp_path, section, old, new, key, shown, problem):
    path, text = _form_file(tmp_path, section, old, new)
    line = _key_line(text, section, key.rsplit(".", 1)[1])
    with pytest.raises(ChartError) as err:
        load_formations(path)
    msg = str(err.value)
    assert msg.startswith(f"{path}, line {line}, key '{key}': {shown!r}: {problem}"), msg


def test_formations_on_a_user_board(tmp_path):
    # the set-ups are checked on the board they are loaded for: on a 15-column board with the spots 3 columns
    # out, the home left defenseman at the right end-zone spot would stand in his own crease
    text = DEFAULT_BOARD.read_text().replace("columns = 19", "columns = 15").replace("half_width = 4", "half_width = 3")
    text = re.sub(r"column = (-?)5\b", r"column = \g<1>3", text).replace("line = 5 ", "line = 5")
    p = tmp_path / "board.toml"
    p.write_text(text)
    b = load_board(p)
    assert (b.width, b.faceoff[4].tolist()) == (15, [6, 10])
    with pytest.raises(ChartError, match=r"formations.toml, line 32, key 'faceoff.LD': '\[4, -2\]': off the ice or "
                       r"in a crease at face-off spot 4 \(6, 10\) for the home team: board square \(2, 8\) "
                       rf"\(on the board {re.escape(str(p))}\)$"):
        load_formations(board=b)
    assert isinstance(F, Formations) and F.source == str(DEFAULT_FORMATIONS)


def test_corners_and_gates_lie_on_the_rim():
    for y, x in B.corners.reshape(-1, 2):
        assert B.rim_index[y, x] >= 0
    for y, x in np.vstack([B.gate, B.pull_spot]):
        assert B.rim_index[y, x] >= 0


def test_board_figure(tmp_path):
    from simcore.games.blueline.plots import main, plot_board

    ax = plot_board(B, pos=F.opening)
    assert ax.get_xlim() == pytest.approx((-0.3, 44.3)) and ax.get_ylim() == pytest.approx((-0.3, 19.3))
    assert [t.get_text() for t in ax.get_xticklabels()][:3] == ["-1", "0", "1"]
    assert sorted(t.get_text() for t in ax.texts) == sorted("CLRDEGclrdeg")
    out = tmp_path / "board.png"
    assert main([str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
