"""The play-by-play of a recorded game: one line per play (what each action did) and the board after it."""
from __future__ import annotations

from .board import SLOTS, TEAMS, draw
from .kernel.layout import (CAPTURE, EV_FACEOFF, EV_GOAL, EV_NOPLAY, EV_PENALTY, EV_PLAY, EV_RETURN, EV_START,
                            EV_THROW, GOAL, KINDS, MOVE, OFFSIDE, PASS)

DIRECTIONS = ("up", "up-right", "right", "down-right", "down", "down-left", "left", "up-left")
STATUS = {GOAL: "GOAL", CAPTURE: "puck captured", OFFSIDE: "offside"}


def _where(board, c) -> str:
    if c < 0:
        return "off"
    r, k = board.rc[c]
    return f"[{r},{k}]"


def describe_action(board, team, kind, code) -> str:
    if kind == MOVE:
        s, d, slide = code // 16, (code // 2) % 8, code % 2
        return f"{SLOTS[s]} {DIRECTIONS[d]}" + (" and slides" if slide else "")
    if kind == PASS:
        return f"pass to {SLOTS[code]}"
    return f"shot at goal circle {code + 1}"


def describe(board, ev) -> str:
    play, team, typ, a1, a2, a3, status, event, _ = ev
    who = TEAMS[team]
    if event == EV_START:
        return "to begin: the puck under the home (red) centre, home to play"
    if event == EV_PLAY:
        acts = "; ".join(describe_action(board, team, KINDS[typ][i], a) for i, a in enumerate((a1, a2, a3))
                         if a >= 0)
        end = f" -> {STATUS[status]}" if status in STATUS else ""
        return f"play {play + 1}: {who} type {typ}: {acts}{end}"
    if event == EV_GOAL:
        return f"goal for {who}: home {a1}, away {a2}; {TEAMS[1 - team]} restart from centre ice"
    if event == EV_FACEOFF:
        return f"face-off at the red dot {_where(board, a1)}: {who} {SLOTS[a2]} has the puck"
    if event == EV_THROW:
        return f"{who} goalkeeper throws the puck to the {SLOTS[a1]}"
    if event == EV_PENALTY:
        return f"play {play + 1}: {who} too slow: penalty, the {SLOTS[a1]} sits out"
    if event == EV_RETURN:
        return f"{who} {SLOTS[a1]} returns to {_where(board, a2)}"
    if event == EV_NOPLAY:
        return f"play {play + 1}: {who} has no legal play"
    return f"event {event}"


def render(board, events, snaps, row) -> str:
    """The text of a recorded game: events, and after each play the board (home goal at the bottom)."""
    out = []
    k = 0
    for i, ev in enumerate(events):
        out.append(describe(board, ev))
        while k < len(snaps) and snaps[k][14] == i + 1:
            s = snaps[k]
            pos = [list(s[0:6]), list(s[6:12])]
            if i + 1 == len(events) or events[i + 1][7] in (EV_PLAY, EV_PENALTY, EV_NOPLAY):
                out.append(draw(board, pos, int(s[12]), int(s[13])))
                out.append("")
            k += 1
    g = row["goals"]
    winner = "home wins" if g[0] > g[1] else "away wins" if g[1] > g[0] else "tie"
    out.append(f"final: home {int(g[0])}, away {int(g[1])} ({winner})")
    return "\n".join(out)
