"""The Pass & Score engine: the kernel's context from a board, rules and policies; runs of many games; one game
recorded; scripted games and positions for tests.  The kernel is :mod:`.kernel`."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore import runner
from simcore.checks import is_whole, run_script
from simcore.errors import InputError
from simcore.rng import check_seed, script_values

from .board import N_SLOTS, load_board
from .kernel.context import Ctx
from .kernel.layout import GAME_OUTPUTS, MAX_EVENTS, Z
from .policies import Policy
from .rules import Rules

EVENT_COLUMNS = ("play", "team", "type", "a1", "a2", "a3", "status", "event", "extra")


def compile_ctx(rules=None, policies=(None, None), board=None) -> Ctx:
    """The kernel's read-only tables for a run, the move lists of the board and rules filled
    (kernel.plays.fill_moves: every game of the run shares them)."""
    from .kernel.plays import fill_moves

    rules = Rules.coerce(rules)
    board = board if board is not None else load_board()
    if isinstance(policies, str) or not isinstance(policies, (tuple, list)) or len(policies) != 2:
        raise InputError(f"policies must be a (home, away) pair, got {policies!r}")
    pols = tuple(Policy.parse(p if p is not None else "random") for p in policies)
    (rc, nbr, goal, crease, goal_of, crease_of, shade_of, start, dots, lines, slide_path, slide_len,
     slide_of) = board.arrays()
    n = rc.shape[0]
    lists = (np.zeros((2, 2, n, 16), np.int64), np.zeros((2, 2, n, 16), np.int64), np.zeros((2, 2, n), np.int64),
             np.zeros(1, np.int64), np.zeros((2, 2, n, 8), np.int64))
    c = Ctx(rc, board.index, nbr, goal, crease, goal_of, crease_of, shade_of, start, dots, lines, slide_path,
            slide_len, slide_of, rules.numeric(), np.stack([p.numeric() for p in pols]), *lists)
    fill_moves(c, *lists)
    for a in lists:
        a.setflags(write=False)
    return c


def simulate(n, seed, rules=None, policies=(None, None), board=None, threads=None, chunk_size=None,
             progress=None) -> dict:
    """``n`` games of ``seed``: a dict name -> array of ``GAME_OUTPUTS`` (leading dimension n).  Game g depends
    only on (seed, g): the same whatever ``threads`` and ``chunk_size``."""
    from .kernel.drivers import simulate_games

    seed = check_seed(seed)
    c = compile_ctx(rules, policies, board)
    out = GAME_OUTPUTS.allocate(int(n))
    def play(g0, k, inputs, rows, totals):
        simulate_games(c, np.uint64(seed), np.int64(g0), np.int64(k), rows)

    runner.run_games(int(n), play, rows=out, chunk_size=chunk_size, n_threads=threads, progress=progress,
                     seed=seed)
    return GAME_OUTPUTS.as_dict(out)


@dataclass
class Log:
    """One recorded game: ``events`` (rows of EVENT_COLUMNS), ``snaps`` (after each play: the 12 players' circles,
    the team with the puck, the carrier, the log row), ``row`` (the game's outputs), ``text`` (play-by-play)."""

    events: list
    snaps: np.ndarray
    row: dict
    text: str


def _row(win, w) -> dict:
    from .kernel.layout import COUNT_NAMES

    return {"goals": w.S[Z.goals:Z.goals + 2].copy(), "winner": int(win),
            "counts": {name: (int(w.cnt[0, i]), int(w.cnt[1, i])) for i, name in enumerate(COUNT_NAMES)}}


def play_by_play(seed, game_index, rules=None, policies=(None, None), board=None) -> Log:
    """Game ``game_index`` of ``seed`` (the one :func:`simulate` plays), with its play-by-play."""
    from . import pbp
    from .kernel.drivers import play_recorded

    board = board if board is not None else load_board()
    c = compile_ctx(rules, policies, board)
    win, w = play_recorded(c, np.uint64(check_seed(seed)), np.int64(game_index), np.int64(MAX_EVENTS))
    events = [tuple(int(v) for v in r) for r in w.log[:min(int(w.S[Z.nlog]), MAX_EVENTS)]]
    snaps = w.snap[:min(int(w.S[Z.nsnap]), MAX_EVENTS)].copy()
    row = _row(win, w)
    return Log(events, snaps, row, pbp.render(board, events, snaps, row))


def play_scripted(script, rules=None, board=None, nlog=MAX_EVENTS):
    """A whole game on scripted plays (4 entries a play, a slow-play draw one entry); returns (row, events,
    entries used)."""
    from .kernel.drivers import play_scripted as _ps

    c = compile_ctx(rules, (None, None), board)
    win, used, w = run_script(lambda s: _ps(c, s, np.int64(nlog)), script_values(script), entries=4)
    events = [tuple(int(v) for v in r) for r in w.log[:min(int(w.S[Z.nlog]), nlog)]]
    return _row(win, w), events, int(used)


def _team(t, name: str = "team") -> int:
    """``t`` as a team index, 0 (home, red) or 1 (away, blue); anything else is an InputError."""
    if not is_whole(t) or t not in (0, 1):
        raise InputError(f"{name} must be 0 (home) or 1 (away), got {t!r}")
    return int(t)


class Position:
    """A position to try plays on (scenario tests, the legal-play checks): ``Position(rules, board)`` starts at
    the opening; :meth:`set` places players; :meth:`legal` lists the legal plays; :meth:`play` makes one play as
    the game loop does and returns the team to play next."""

    def __init__(self, rules=None, board=None, policies=(None, None)):
        from .kernel.drivers import new_work, reset

        self.board = board if board is not None else load_board()
        self.rules = Rules.coerce(rules)
        self.c = compile_ctx(self.rules, policies, self.board)
        self.w = new_work(self.c, MAX_EVENTS)
        reset(self.c, self.w)

    def set(self, home, away, poss=0, carrier=1):
        """Players on circles: ``home`` / ``away`` six [row, column] pairs by slot (None: off the board); team
        ``poss`` (0 home, 1 away) has the puck, on its player in slot ``carrier``."""
        _team(poss, "poss")
        if not is_whole(carrier) or not 0 <= carrier < N_SLOTS:
            raise InputError(f"carrier must be a slot 0..{N_SLOTS - 1}, got {carrier!r}")
        for name, side in (("home", home), ("away", away)):
            if isinstance(side, str) or len(side) != N_SLOTS:
                raise InputError(f"{name} must be {N_SLOTS} [row, column] pairs (None: off the board), got {side!r}")
        if (home, away)[poss][carrier] is None:
            raise InputError(f"the puck carrier, slot {carrier} of {('home', 'away')[poss]}, is off the board")
        w = self.w
        w.occ[:] = 0
        for t, side in enumerate((home, away)):
            for s in range(N_SLOTS):
                rc = side[s]
                w.pos[t, s] = -1 if rc is None else self.board.circle(*rc)
                if rc is not None:
                    if w.occ[w.pos[t, s]]:
                        raise InputError(f"two players on {rc}")
                    w.occ[w.pos[t, s]] = 1 + t * N_SLOTS + s
        w.S[Z.poss] = poss
        w.S[Z.carrier] = carrier
        w.S[Z.to_move] = poss
        w.S[Z.rest] = 0             # a position in the middle of play: the slow-play rule applies at once
        return self

    def legal(self, team) -> np.ndarray:
        team = _team(team)
        from .kernel.plays import generate

        n = generate(self.c, self.w, team, self.w.buf, 0, team, self.w.val)
        return self.w.buf[:n].copy()

    def random_play(self, team, seed=0, game=0):
        """The play the ``random`` policy draws for team from this position on the stream of (seed, game), or None
        when it has no legal play; the position is left as it is.  It is :meth:`choose` with team's policy
        ``random``: the game loop's own turn, so the draw is the one a game makes (and no kernel of its own
        compiles for it)."""
        from .policies import Policy

        return self.choose(team, seed, game, policy=Policy.parse("random"))

    def choose(self, team, seed=0, game=0, policy=None):
        """The play team's policy (``policy``, a :class:`~.policies.Policy`, instead when given) makes from this
        position on the stream of (seed, game), or None when it has no legal play; the position is left as it is.
        The turn is played, as the game loop plays it, on a copy of the position (without a slow-play draw, so the
        stream drives the policy alone); the position's scratch lists of plays are shared, not copied, so a
        Position is for one thread at a time (as :meth:`play` is)."""
        team = _team(team)
        from .kernel.drivers import turn_on_stream
        from .kernel.layout import R

        c = self.c
        if c.rules[R.slow_ppm] > 0:
            rules = c.rules.copy()
            rules[R.slow_ppm] = 0
            c = c._replace(rules=rules)
        if policy is not None:
            pol = c.pol.copy()
            pol[team] = policy.numeric()
            c = c._replace(pol=pol)
        scratch = {"buf", "val", "buf2", "val2"}        # the lists of plays (5 MB): no state, so not copied
        w = type(self.w)(*(a.copy() if a.flags.writeable and f not in scratch else a
                           for f, a in zip(self.w._fields, self.w)))          # shared read-only lists kept
        w.S[Z.to_move] = team
        turn_on_stream(c, w, np.uint64(seed), np.int64(game))
        return w.play.copy() if w.play[0] != 0 else None

    def play(self, team, play) -> int:
        """Make ``play`` (a row of :meth:`legal`) for team, with all it brings about as the game loop makes it (a
        goal's restart, a capture, an offside's face-off; its moves, passes, shots and captures counted); returns the
        team to play next.  The turn around the play (whose turn it is, the ``plays`` count, a slow-play draw, a
        penalized player's countdown) is :meth:`turn`'s.  A play not in ``legal(team)`` is an InputError and changes
        nothing."""
        team = _team(team)
        from .kernel.drivers import play_turn

        a = np.asarray(play)
        if a.shape != (4,) or a.dtype.kind not in "iu":
            raise InputError(f"a play is 4 whole numbers (type, then three actions: a row of legal()), got {play!r}")
        legal = self.legal(team)
        if not (legal == a).all(axis=1).any():
            msg = f"{tuple(int(v) for v in a)} is not a legal play of team {team} here"
            k = {1: 3, 2: 2, 6: 2}.get(int(a[0]), 0)     # how many of its actions are moves of different players
            for r in legal:
                if (k and r[0] == a[0] and sorted(r[1:1 + k]) == sorted(a[1:1 + k])
                        and (r[1 + k:] == a[1 + k:]).all()):
                    raise InputError(f"{msg}: its moves are listed as {tuple(int(v) for v in r)}, in the first "
                                     "order in which they can be made (each set of moves is one play)")
            raise InputError(f"{msg} (see legal())")
        self.w.S[Z.rest] = 0                  # this play is the turn a rest was for, as in drivers.one_turn
        return int(play_turn(self.c, self.w, team, a.astype(np.int64), -1))

    def turn(self, play=None, slow=False) -> int:
        """One turn of the team to play as the game loop makes it (a slow-play draw where the rules make one:
        ``slow`` True = the team failed to move in time; then ``play``); returns the team to play next."""
        from .kernel.drivers import scripted_turn
        from .kernel.layout import R

        t = int(self.w.S[Z.to_move])
        script = []
        if self.c.rules[R.slow_ppm] > 0 and self.w.S[Z.pen_slot + t] < 0 and self.w.S[Z.rest] == 0:
            script.append(1 if slow else 0)
        elif slow:
            raise InputError("no slow-play draw at this turn: the rules make none, the team has a player out, or "
                             "it rests after the opening, a goal or a face-off")
        if not (slow and script):
            script += list(play)
        used = scripted_turn(self.c, self.w, np.asarray(script, np.int64))
        assert used == len(script)
        return int(self.w.S[Z.to_move])

    @property
    def to_move(self):
        return int(self.w.S[Z.to_move])

    @to_move.setter
    def to_move(self, t):
        self.w.S[Z.to_move] = _team(t)

    def penalized(self, team):
        """(slot, plays left) of team's penalized player, or None."""
        s = int(self.w.S[Z.pen_slot + team])
        return None if s < 0 else (s, int(self.w.S[Z.pen_left + team]))

    def where(self, team, slot):
        p = int(self.w.pos[team, slot])
        return None if p < 0 else tuple(int(v) for v in self.board.rc[p])

    @property
    def poss(self):
        return int(self.w.S[Z.poss]), int(self.w.S[Z.carrier])

    @property
    def goals(self):
        return int(self.w.S[Z.goals]), int(self.w.S[Z.goals + 1])

    def counts(self, name):
        from .kernel.layout import C

        return int(self.w.cnt[0, getattr(C, name)]), int(self.w.cnt[1, getattr(C, name)])

    def text(self) -> str:
        from .board import draw

        return draw(self.board, self.w.pos, *self.poss)


def move(slot, direction, slide=False) -> int:
    """A move's action code: ``direction`` an index of the board's eight (0 forward for home, ... see board.toml's
    [adjacency]) or its name (:data:`DIRECTIONS`)."""
    d = DIRECTIONS.index(direction) if isinstance(direction, str) else int(direction)
    return slot * 16 + d * 2 + int(bool(slide))


#: the shipped board's directions by name, from the home team's view (up = toward the away goal)
DIRECTIONS = ("up", "up-right", "right", "down-right", "down", "down-left", "left", "up-left")
