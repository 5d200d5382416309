"""Pass & Score rules: every option a frozen field citing the rulebook heading it interprets.

The rulebook (shared/rules/pass-and-score.txt) has no numbered sections; each field names its heading in capitals
as printed.  docs/passscore.md "Rules and interpretations" gives the quote behind each field and its alternatives.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from simcore.rulesbase import RulesBase, option

GAME = "passscore"


@dataclass(frozen=True)
class Rules(RulesBase):
    """Pass & Score (a circle-board game without chance: eight play types, passes, shots, slides, offside)."""

    GAME: ClassVar[str] = GAME
    PRESETS: ClassVar[dict[str, dict[str, str]]] = {
        "rulebook": {},
        "short": {"plays": "40"},
        "no-slides": {"slides": "off"},
        "no-offside": {"offside": "off"},
        "timed": {"slow_play": "0.02"},
        "first-to-3": {"goal_target": "3", "plays": "160"},
    }

    plays: str = option("80", ("80", "40", "120", "160"), "TIME",
                        "game length in plays, both teams together (the rulebook: 'Suggested game time 20 min.'; "
                        "with 'fails to make a move within 15 seconds' penalized, a play takes at most 15 s: 20 "
                        "minutes at that pace is 80 plays).")
    goal_target: str = option("off", ("off", "1", "3", "5", "7"), "TIME",
                              "the game also ends when a team reaches this many goals (off: only the plays end "
                              "it).")
    moves: str = option("eight", ("eight", "seven", "five"), "A PLAY CONSISTS OF",
                        "'A player may be moved forward, sideways or diagonally': eight = a step to any neighbouring "
                        "circle (forward, sideways, diagonally either way, and straight back); seven = not straight "
                        "back, the words' list; five = no backward step at all, straight or diagonal.")
    slides: str = option("on", ("on", "off"), "SLIDE LINES (BLUE)", "slide lines in play (off: they are ordinary "
                         "circles).")
    slide_way: str = option("both", ("both", "forward"), "SLIDE LINES (BLUE)",
                            "'may slide from one end of the line to the other end of it': both = from either end; "
                            "forward = 'the start of the slide line' is read as the end nearer the mover's own goal, "
                            "so a slide never carries a player back toward it (a line across the ice, both ends on "
                            "one row, keeps both ways).")
    offside: str = option("on", ("on", "passes", "off"), "OFFSIDE",
                          "the offside rule: no pass ahead over two lines, and a team-mate moving over the "
                          "opponents' blue line ahead of the puck carrier is called ('When an offside occurs and is "
                          "called by the defender': on = the defender always calls it; passes = he never calls a "
                          "team-mate's offside, only the pass rule holds; off: neither).")
    offside_pass: str = option("refused", ("refused", "called"), "OFFSIDE",
                               "'When the puck is passed ahead over two lines to a team-mate' with 'Passes must not "
                               "violate the offside rule': refused = such a pass is not a play; called = it is one, "
                               "the defender calls it, the play ends there and the face-off follows as for any "
                               "offside (no effect with offside=off).")
    captured_to: str = option("back", ("back", "ahead"), "PUCK IS CAPTURED",
                              "'The puck carrier gives up the puck and is moved on to any adjoining circle' (by "
                              "whom is not said): back = his own coach moves him, to the first free adjoining "
                              "circle looking toward his own goal first; ahead = the capturing coach does, looking "
                              "first toward the goal the captured carrier attacks, out of the new attack's way.  A "
                              "carrier who lost the puck at an offside is moved off a crease the same way.")
    pass_block: str = option("defenders", ("defenders", "anyone"), "PASSING",
                             "'providing there is no defending player in a direct line between passer and "
                             "receiver': defenders = only an opponent blocks a pass; anyone = a team-mate does too.")
    goalie_area: str = option("crease", ("crease", "free"), "GAME MARKING",
                              "crease = a goalkeeper moves only on his goal and crease circles; free = he may skate "
                              "anywhere (the rulebook does not say).")
    goalie_throw: str = option("teammate", ("teammate", "off"), "GAME MARKING",
                               "'If the goalkeeper captures the puck he may throw the puck to any circle behind "
                               "this line': teammate = he gives it to his most advanced team-mate short of the "
                               "far icing line before his team's new play; off = he keeps it.")
    faceoff_place: str = option("nearest", ("nearest", "none"), "FACE OFF",
                                "'The other team may place any player on a circle adjoining the same red dot "
                                "circle': nearest = it places its player nearest the dot there; none = it does "
                                "not.")
    slow_play: str = option("off", ("off", "0.01", "0.02", "0.05", "0.1"), "PENALTY",
                            "'PENALTY is called when either team fails to make a move within 15 seconds': off = "
                            "never (a program always moves in time); a number = the chance that a team fails to "
                            "move in time at each of its plays (drawn from the game's stream).")
    penalty_plays: str = option("3", ("3", "2", "5"), "PENALTY",
                                "'removed from the board for three plays': the penalized team's plays the player "
                                "sits out.")

    def numeric(self) -> np.ndarray:
        """The rule fields as the kernel's integer vector (kernel.layout.R); the slow-play chance in parts per
        million."""
        from .kernel.layout import N_RULES, R

        r = np.zeros(N_RULES, dtype=np.int64)
        r[R.plays] = int(self.plays)
        r[R.goal_target] = 0 if self.goal_target == "off" else int(self.goal_target)
        r[R.slides] = self.slides == "on"
        r[R.offside] = self.offside != "off"
        r[R.offside_called] = self.offside == "on"
        r[R.pass_block_all] = self.pass_block == "anyone"
        r[R.goalie_free] = self.goalie_area == "free"
        r[R.goalie_throw] = self.goalie_throw == "teammate"
        r[R.faceoff_place] = self.faceoff_place == "nearest"
        r[R.slow_ppm] = 0 if self.slow_play == "off" else round(float(self.slow_play) * 1_000_000)
        r[R.penalty_plays] = int(self.penalty_plays)
        r[R.moves] = ("eight", "seven", "five").index(self.moves)
        r[R.slide_forward] = self.slide_way == "forward"
        r[R.pass_called] = self.offside != "off" and self.offside_pass == "called"
        r[R.captured_ahead] = self.captured_to == "ahead"
        return r
