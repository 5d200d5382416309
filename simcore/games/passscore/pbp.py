"""The play-by-play of a recorded game: one line per play (what each action did, with the circles it used) and the
board after it.

The kernel records each play's actions and, after each play, every player's circle (``snaps``).  The circles an
action used are found here by making the play's moves, from the circles of the last snapshot, on the board: a move
goes to the neighbour in its direction and, when it slides, on to the slide line's other end; a pass gives the puck
to the receiver where he stands; a shot goes from the carrier's circle into a circle of the goal attacked.  That
replay also draws the board of a scoring play at the shot, which the kernel does not record (its next snapshot is the
restart from centre ice)."""
from __future__ import annotations

from .board import N_SLOTS, PIECES, SLOTS, TEAMS, draw
from .kernel.layout import (CAPTURE, EV_FACEOFF, EV_GOAL, EV_NOPLAY, EV_PENALTY, EV_PLAY, EV_RETURN, EV_START,
                            EV_THROW, GOAL, KINDS, MOVE, OFFSIDE, PASS)

DIRECTIONS = ("up", "up-right", "right", "down-right", "down", "down-left", "left", "up-left")
STATUS = {GOAL: "GOAL", CAPTURE: "puck captured", OFFSIDE: "offside"}
#: the first lines of a play-by-play: how to read the board drawn after each play (:func:`.board.draw`)
LEGEND = ("pieces: " + ", ".join(f"{h}/{a} {s}" for h, a, s in zip(*PIECES, SLOTS)) + " (home upper case, away "
          "lower case; [ ] the puck carrier)\n"
          "circles: # goal, + crease, : shooting circle, * red dot, | slide line, . other; between rows: === blue "
          "line, --- centre line, ~~~ icing line; home defends the bottom goal")


def _where(board, c) -> str:
    if c < 0:
        return "off"
    r, k = board.rc[c]
    return f"[{r},{k}]"


class Replay:
    """The players' circles during a play, from the last snapshot: ``pos[team][slot]`` (-1 off the board) and the
    carrier ``(team, slot)``."""

    def __init__(self, board, snap):
        self.board = board
        self.pos = [[int(v) for v in snap[0:N_SLOTS]], [int(v) for v in snap[N_SLOTS:2 * N_SLOTS]]]
        self.carrier = (int(snap[12]), int(snap[13]))

    def move(self, team, code) -> str:
        b = self.board
        s, d, slide = code // 16, (code // 2) % 8, code % 2
        step = int(b.nbr[self.pos[team][s], d])
        text = f"{SLOTS[s]} {DIRECTIONS[d]} to {_where(b, step)}"
        to = step
        if slide:
            k = int(b.slide_of[step])
            ends = [int(e) for e in b.slide_ends[k]]
            to = ends[1] if ends[0] == step else ends[0]
            text += f", slides to {_where(b, to)}"
        ct, cs = self.carrier
        if ct == 1 - team and self.pos[ct][cs] == to:
            text += " (on the carrier)"
        self.pos[team][s] = to
        return text

    def act(self, team, kind, code) -> str:
        """One action of ``team``'s play, described, and made on the replay's circles."""
        b = self.board
        if kind == MOVE:
            return self.move(team, code)
        if kind == PASS:
            self.carrier = (team, code)
            return f"pass to {SLOTS[code]} at {_where(b, self.pos[team][code])}"
        ct, cs = self.carrier
        return f"shot from {_where(b, self.pos[ct][cs])} into {_where(b, int(b.goal[1 - team][code]))}"


def describe(board, ev, replay: Replay | None = None) -> str:
    """One event as a line; a play's actions with their circles when ``replay`` holds the circles before it."""
    play, team, typ, a1, a2, a3, status, event, _ = ev
    who = TEAMS[team]
    if event == EV_START:
        return "to begin: the puck under the home (red) centre, home to play"
    if event == EV_PLAY:
        acts = "; ".join(replay.act(team, KINDS[typ][i], a) if replay is not None else f"action {a}"
                         for i, a in enumerate((a1, a2, a3)) if a >= 0)
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


def _placed(board, before, after) -> str:
    """The players a face-off moved (to the dot, off it, off a crease): ``before`` the circles at the offside
    (``pos[team][slot]``), ``after`` the snapshot once the face-off is set."""
    moved = [f"{TEAMS[t]} {SLOTS[s]} {_where(board, before[t][s])} -> {_where(board, int(after[t * N_SLOTS + s]))}"
             for t in range(2) for s in range(N_SLOTS) if before[t][s] != int(after[t * N_SLOTS + s])]
    return "; placed: " + ", ".join(moved) if moved else ""


def render(board, events, snaps, row) -> str:
    """The text of a recorded game: the legend, the events, and after each play the board (home goal at the
    bottom); a scoring play's board is drawn at the shot, then the restart's."""
    out = [LEGEND, ""]
    k = 0
    last = None
    replay = None
    for i, ev in enumerate(events):
        before = replay.pos if replay is not None else None      # the circles after the last event's play
        replay = Replay(board, last) if ev[7] == EV_PLAY and last is not None else None
        line = describe(board, ev, replay)
        if ev[7] == EV_FACEOFF and before is not None:
            after = next((sn for sn in snaps[k:] if sn[14] >= i + 1), None)
            if after is not None:
                line += _placed(board, before, after)
        capture = replay is not None and ev[6] == CAPTURE
        if capture or ev[7] == EV_THROW:
            after = next((sn for sn in snaps[k:] if sn[14] >= i + 1), None)      # the circles once it is done
            if after is not None and capture:
                ct, cs = replay.carrier
                line += f"; the {TEAMS[ct]} {SLOTS[cs]} moves to {_where(board, int(after[ct * N_SLOTS + cs]))}"
            elif after is not None:
                line += f" at {_where(board, int(after[ev[1] * N_SLOTS + ev[3]]))}"
        out.append(line)
        if replay is not None and ev[6] == GOAL:
            out.append(draw(board, replay.pos, *replay.carrier))
            out.append("")
        while k < len(snaps) and snaps[k][14] == i + 1:
            s = snaps[k]
            last = s
            if i + 1 == len(events) or events[i + 1][7] in (EV_PLAY, EV_PENALTY, EV_NOPLAY):
                out.append(draw(board, [list(s[0:6]), list(s[6:12])], int(s[12]), int(s[13])))
                out.append("")
            k += 1
    g = row["goals"]
    winner = "home wins" if g[0] > g[1] else "away wins" if g[1] > g[0] else "tie"
    out.append(f"final: home {int(g[0])}, away {int(g[1])} ({winner})")
    return "\n".join(out)
