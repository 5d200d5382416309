"""Play-by-play text of a recorded Blue Line game: one or two lines a turn (who, the dice, what happened), each
shot's cards and chart cell, and the rink (rink.render, a window around the puck) after every turn, the first
with the rink's legend.  A skater's move names him as the rink draws him (rink.LETTERS: the home team's in
capitals, the visitors' in lower case, ``c (22,9) -> (26,9)``); the game ends with the shots and the final score.

``render(board, events, snapshots, row)``: ``events`` are the kernel's log rows (``EVENT_COLUMNS``: code,
period, dial, team, slot, a, b, c, d), ``snapshots`` the positions after each turn (24 values: (y, x) for team
0 slots 0-5 then team 1, the puck's (y, x), and the log row the snapshot follows).
"""
from __future__ import annotations

import numpy as np

from .kernel.layout import COUNT_NAMES, EV, GOALIE_CARDS, RESULTS, SHOT_CARDS, SLOT_NAMES
from .rink import LETTERS

TEAMS = ("HOME", "AWAY")
GROUPS = ("center", "wings", "defense")
LANES = ("open", "screened", "blocked")
POSTURES = ("large box", "small box", "1-2-1")
KINDS = ("even strength", "power play", "short-handed", "empty net")
WINDOW = 7


def _who(t, s) -> str:
    return f"{TEAMS[t]} {SLOT_NAMES[s]}" if 0 <= s < 6 else TEAMS[t]


def piece(t, s) -> str:
    """Team ``t``'s player in slot ``s`` as the rink draws him: home in capitals, the visitors in lower case."""
    return LETTERS[s] if t == 0 else LETTERS[s].lower()


def _sq(v) -> str:
    return f"({v // 64},{v % 64})"


def line_of(e, board) -> str | None:
    """The text of one event (None for events shown only through others)."""
    code, period, dial, t, s, a, b, c, d = e
    if code == EV.period:
        return "=== " + ("Overtime (4 on 4)" if b else f"Period {a}") + " ==="
    if code == EV.faceoff:
        spot = board.spot_name(s) if hasattr(board, "spot_name") else f"spot {s}"
        mods = "" if (c, d) == (a, b) else f" (with the power play's +1: {c} - {d})"
        return f"Face-off at {spot}: home rolls {a}, away rolls {b}{mods}; {TEAMS[t]} wins the draw"
    if code == EV.skate:
        return f"{TEAMS[t]} {'defends' if d else 'skates'}: the {GROUPS[s]}, 2d6 = {a}"
    if code == EV.move:
        return f"    {piece(t, s)} {_sq(a)} -> {_sq(b)}  ({d} of {c} spaces)"
    if code == EV.pass_:
        return f"{_who(t, s)} passes to {SLOT_NAMES[a]}" + ("" if b else " -- intercepted")
    if code == EV.intercept:
        return f"    {_who(t, s)} reaches for it: 2d6 = {a} (needs {b}) -> {'intercepts' if c else 'misses'}"
    if code == EV.drop_pass:
        return f"    drop pass {SLOT_NAMES[s]} -> {SLOT_NAMES[a]}"
    if code == EV.shot:
        side = "inside" if b // 3 == 0 else "outside"
        head = f"{_who(t, s)} shoots from line {a}, {side}, {LANES[b % 3]}"
        if c < 0 and d == 103:
            return head + ": empty net"
        cards = (f"; cards {SHOT_CARDS[c // 8]} vs {GOALIE_CARDS[c % 8]}" if c >= 0
                 else "; no cards, the goalie is out of his crease" if c == -2 else "; empty net")
        if d < 0:
            return head + cards + ": the goalie read it, save"
        pos, roll, res = d // 100, (d % 100) // 4, d % 4
        return head + cards + f": {'in' if pos == 0 else 'out of'} position, 2d6 = {roll} -> {RESULTS[res]}"
    if code == EV.goal:
        return f"GOAL {TEAMS[t]} ({KINDS[a]}): home {b}, away {c}"
    if code == EV.offside:
        return f"Offside: {_who(t, s)} was in the zone before the puck"
    if code == EV.dump:
        where = " beyond the second corner, Row 3" if c else ""
        return f"{_who(t, s)} dumps the puck around the boards to ({a},{b}){where}" + (" -- intercepted" if d else "")
    if code == EV.bank:
        if c:
            return f"{_who(t, s)} passes off the boards at {_sq(a)} -- intercepted"
        return f"{_who(t, s)} passes off the boards at {_sq(a)}: it rebounds to {_sq(b)}"
    if code == EV.sweep:
        return f"{_who(t, 5)} sweeps the puck to the corner ({a},{b})"
    if code == EV.goalie_return:
        return f"{_who(t, 5)} is back from line 18 to the crease {_sq(a * 64 + b)}"
    if code == EV.benched:
        return f"{_who(t, s)} " + ("comes back from the bench (overtime strength)" if a else
                                   "goes to the bench (overtime strength)")
    if code == EV.icing:
        return f"Icing on {TEAMS[t]}"
    if code == EV.pk_dump:
        return f"{_who(t, s)} tries to clear: 2d6 = {a} -> {'cleared' if b else 'not cleared'}"
    if code in (EV.stick_check, EV.body_check):
        kind = "stick" if code == EV.stick_check else "body"
        return (f"    {_who(t, s)} {kind} checks {_who(1 - t, a)}: 2d6 {b} vs {c} -> "
                + ("steals the puck" if d else "no steal"))
    if code == EV.frozen:
        if a == 1:
            return f"    {_who(t, s)} missed: he may not move on his team's next turn"
        return f"    {_who(t, s)} is down: he may not move for his team's next {a} turns"
    if code == EV.penalty:
        if b == 0:
            return f"    penalty card {c} to {_who(t, s)}: {'minor' if a == 0 else 'major'}"
        return f"    {_who(t, s)} to the box ({'minor' if a == 0 else 'major'}, space {c})"
    if code == EV.incidental:
        return "    two minors: incidentals, nobody to the box"
    if code == EV.delayed:
        return f"    delayed penalty on {_who(t, s)}"
    if code == EV.release:
        return f"{_who(t, s)} leaves the box"
    if code == EV.loose:
        return f"Loose puck at ({a},{b}): {_who(t, s)} gets there first ({c} squares)"
    if code == EV.goalie:
        if a == 2:
            return f"{_who(t, 5)} goes for the carrier: 1d6 = {b}, cannot reach him, stays in the crease"
        if a == 3:
            return f"{_who(t, 5)} comes out of the crease: 1d6 = {b}, to {_sq(c)}"
        if a == 4:
            return (f"{_who(t, 5)} leaves the crease for the loose puck ({c} squares): 1d6 = {b} -> "
                    + ("gets there" if d else "cannot reach it"))
        if a == 1:
            return None           # the pass event that follows says it
        return f"{_who(t, 5)} holds for a face-off"
    if code == EV.series:
        return f"-- new series ({TEAMS[t]} puck), dial {a}"
    if code == EV.pp_setup:
        blue = getattr(board, "blue", 12)
        return f"Power-play set-up: {TEAMS[1 - t]} in the {POSTURES[a]}, {_who(t, s)} holds the puck on line {blue}"
    if code == EV.pull:
        return f"{TEAMS[t]} pulls the goalie"
    if code == EV.timeout:
        return f"{TEAMS[t]} calls its time-out: the dial back to {a}"
    if code == EV.shootout:
        if d == 3:
            res = "GOAL"
        elif c == 0 and d == 1:
            res = "save (the goalie read it)"
        else:
            res = f"2d6 = {c}, {RESULTS[d]}"
        return f"Shoot-out round {s + 1}: {TEAMS[t]} {SHOT_CARDS[a]} vs {GOALIE_CARDS[b]}: {res}"
    if code == EV.end:
        return "-- the series dial turns from 1: end of the period"
    if code == EV.cap:
        return "-- the series reached the turn cap: face-off at center ice"
    return None


def _check_card(e) -> bool:
    """An event of a check's penalty cards: a card drawn (not a seat in the box), a delayed penalty, incidentals."""
    return e[0] in (EV.delayed, EV.incidental) or (e[0] == EV.penalty and e[6] == 0)


def render(board, events, snapshots, row) -> str:
    from .rink import render as rink

    out = []
    rolls = []                    # interception rolls, printed after the pass they belong to
    si = 0
    drawn = False                 # the first rink drawn carries the legend
    snaps = np.asarray(snapshots)
    after_end = False             # between a period's end and the next period's header
    setup_at = None               # the first line after a period's end that sets up the next (box, bench)
    end_at = None                 # the line of a period's end, while the check that ended it is still logged
    for i, e in enumerate(events):
        text = line_of(e, board)
        if e[0] == EV.period and e[6] and setup_at is not None:
            out.insert(setup_at, text)  # overtime's set-up (box, bench) is logged before its header: print it under
        elif end_at is not None and _check_card(e):
            # a check's steal turns the dial and may end the period before the check's penalty cards are drawn
            out.insert(end_at, text)
            end_at += 1
        elif e[0] == EV.intercept:
            rolls.append(text)
        elif text is not None:
            if after_end and setup_at is None and (e[0] == EV.benched or (e[0] == EV.penalty and e[6] == 1)):
                setup_at = len(out)             # a skater benched, or seated in the box (not a card drawn)
            out.append(text)
        if e[0] == EV.end or e[0] == EV.period:
            after_end, setup_at = e[0] == EV.end, None
            end_at = len(out) - 1 if e[0] == EV.end else None
        elif not _check_card(e):
            end_at = None
        if e[0] != EV.intercept:
            out.extend(rolls)
            rolls = []
        while si < len(snaps) and snaps[si, 26] <= i + 1:
            out.extend(rolls)
            rolls = []
            if snaps[si, 26] == i + 1:
                pos = snaps[si, :24].reshape(2, 6, 2)
                out.append(rink(board, pos, (int(snaps[si, 24]), int(snaps[si, 25])), window=WINDOW,
                                legend=not drawn))
                drawn = True
            si += 1
    out.extend(rolls)
    g = np.asarray(row["goals"])
    h, a = int(g[0].sum()), int(g[1].sum())
    so = row["so_goals"]
    end = ("", " (overtime)", f" (shoot-out {int(so[0])}-{int(so[1])})")[row["decided"]]
    shots = row["counts"]["shots"]
    out.append(f"Shots: home {shots[0]}, away {shots[1]}")
    out.append(f"Final: home {h}, away {a}{end}; {('home wins', 'away wins', 'a tie')[row['winner']]}")
    return "\n".join(out)


__all__ = ["render", "line_of", "piece", "COUNT_NAMES"]
