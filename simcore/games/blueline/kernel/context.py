"""The tuples the kernel receives: ``Ctx`` (read-only tables of a run) and ``Work`` (one game's working arrays).

``Ctx`` (built by engine.compile_ctx):

* board (board.py): ``dims int64[7]`` (width, height, half_lines, behind, blue, shot_lines, gate_line),
  ``cell int8[H, W]``, ``aline int64[2, H]`` (the line of row y counted from the goal team t attacks: that
  half's line there, ``2 * half_lines + 1 - line`` in the team's own half), ``inside int8[H, W]``, ``goal``,
  ``crease``, ``fodot (9, 2)``, ``fokind (9,)``, ``fohalf (9,)``, ``gate (2, 2)``, ``pullspot (2, 2)``,
  ``corners (2, 2, 2)``, ``rim (K, 2)``, ``rim_index (H, W)``, ``row3 (2, H)`` (the x of "Row 3" on each side of row y);
* the chart ``table int8[2, 3, 2, 14, 13]`` (chart.py), ``outcome int64[5, 5]`` (shot card x goalie card:
  0 match, 1 in position, 2 out of position);
* each side's card mixes as cumulative rows ``scdf / gcdf float64[2, 78, 5]`` and the shot value a side
  can count on with its own mix, ``shotv float64[2, 78]`` (the lowest goal probability over the goalie's
  cards: at the equilibrium mix, the equilibrium value);
* the penalty deck's kinds ``pkinds int64[15]`` (0 minor, 1 major);
* formations (formations.py): ``opening (2, 6, 2)``, ``fopos (9, 2, 6, 2)``, ``pk (3, 2, 6, 2)``,
  ``pkfill (3, 5)``, ``pp (2, 6, 2)``, ``pppuck`` (the slot holding the puck on line 12);
* ``rules int64[N_RULES]`` and ``pol int64[2, N_POL]``.

``Work``: ``S int64[NZ]`` (layout.Z), ``pos int64[2, 6, 2]``, ``occ int64[H, W]``, ``cnt int64[2, N_COUNTS]``,
``goals int64[2, 4]``, ``so int64[2]``, ``log int64[L, LOG_W]`` (L = 0 when not recording), ``snap
int64[L, 27]`` (positions and puck after each turn), ``oy, ox, py, px int64[256]`` (scratch for lines),
``deckw float64[15]`` (scratch for penalty draws), ``ordr int64[8]`` (scratch: interceptors in order), ``rout int8[H, W]``,
``rdist int64[H, W, 2]``, ``rq int64[3, 2HW + 2]`` (scratch for a skater's search, geometry.search).

``PassCtx`` (``dims cell aline inside goal shotv rules pol``) / ``PassWork`` (``S pos occ oy ox py px``): the
fields of ``Ctx`` / ``Work`` the pass choices read (policies.best_receiver, bank_target, bank_path,
goalie_receiver, boards_choice), same names: a call copies every array it is given, and these run every offensive
turn (policies.pass_view builds them).

``MoveCtx`` (``dims cell aline crease fodot fokind fohalf pullspot rules pol``) / ``MoveWork`` (``S pos occ cnt log
rout rdist rq``): the fields of ``Ctx`` / ``Work`` an offensive skate reads (turns.skate_group and what it calls:
the skating search, the goalie's return to his crease, the offside spot, drop passes), same names
(turns.move_view builds them).

``SeriesCtx`` (``rules pol fodot fokind fohalf``) / ``SeriesWork`` (``S cnt log``): the fields a change of
possession reads (turns.change_hands, turns.new_series; turns.series_view builds them).
"""
from __future__ import annotations

from collections import namedtuple

Ctx = namedtuple("Ctx", "dims cell aline inside goal crease fodot fokind fohalf gate pullspot corners rim "
                        "rim_index row3 table outcome scdf gcdf shotv pkinds opening fopos pk pkfill pp pppuck "
                        "rules pol")
Work = namedtuple("Work", "S pos occ cnt goals so log snap oy ox py px deckw ordr rout rdist rq")
PassCtx = namedtuple("PassCtx", "dims cell aline inside goal shotv rules pol")
PassWork = namedtuple("PassWork", "S pos occ oy ox py px")
MoveCtx = namedtuple("MoveCtx", "dims cell aline crease fodot fokind fohalf pullspot rules pol")
MoveWork = namedtuple("MoveWork", "S pos occ cnt log rout rdist rq")
SeriesCtx = namedtuple("SeriesCtx", "rules pol fodot fokind fohalf")
SeriesWork = namedtuple("SeriesWork", "S cnt log")
