"""Blue Line Hockey rules: every option a frozen field citing the rulebook heading it interprets.

The rulebook (shared/rules/blue-line-hockey.txt) has no numbered sections; each field names its heading.
docs/blueline.md "Rules and interpretations" gives the quote behind each field and its alternatives.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from simcore.rulesbase import RulesBase, option

GAME = "blueline"


@dataclass(frozen=True)
class Rules(RulesBase):
    """Blue Line Hockey (a grid board game: dice skating, checks, secret shot cards, a slide-rule chart)."""

    GAME: ClassVar[str] = GAME
    PRESETS: ClassVar[dict[str, dict[str, str]]] = {
        "rulebook": {},
        "no-icing": {"icing": "off"},
        "ties": {"overtime": "off", "shootout_tie": "tie"},
        "touch-delayed": {"delayed_until": "touch"},
        "strict-zone": {"zone_slow": "even-strength", "zone_slow_dest": "ignored"},
    }

    series: str = option("10", ("10", "8", "12"), "Setup",
                         "series per period: 'There are 3-periods of play each consisting of 10-series'.")
    check_tie: str = option("carrier", ("carrier", "defender"), "Checking",
                            "'High roll wins' is silent on ties: carrier = the puck carrier keeps the puck "
                            "(the check fails); defender = the defender wins ties.")
    checks: str = option("one", ("one", "each"), "Defensive Turn",
                         "one = at most one check per defensive turn (the policy's best checker); each = every "
                         "defender that moved into the carrier's contact zone may check in turn until a steal.")
    zone_slow: str = option("always", ("always", "even-strength"), "Contact Zone",
                            "the -2 for starting in or skating through an opponent's contact zone: always, or "
                            "only at even strength ('This applies to all players on both teams during even "
                            "strength play').")
    zone_slow_dest: str = option("counts", ("counts", "ignored"), "Contact Zone",
                                 "counts = ending the move in an opponent's contact zone (moving into it, e.g. "
                                 "to check) is skating through it; ignored = only the start and the squares "
                                 "passed through count.")
    offside: str = option("on", ("on", "off"), "Offsides", "the offside rule (off: no offside calls).")
    intercept: str = option("8", ("8", "7", "9"), "Passing Through an Opponent's Contact Zone",
                            "a defender intercepts a pass through its contact zone on 2d6 at least this.")
    intercept_pk: str = option("10", ("10", "9", "11"), "Goalie's (NOTE)",
                               "a penalty-killer intercepts on 2d6 at least this.")
    rebound: str = option("nearest", ("nearest", "defense"), "Shots on Goal",
                          "what a chart 'rebound' does (the rulebook is silent): nearest = the puck lies loose "
                          "two squares in front of the goal and the nearest player takes it (ties: the "
                          "defending team); defense = the defending goalie covers it (a face-off).")
    empty_net: str = option("out-of-position", ("out-of-position", "goal"), "Pulling the Goalie",
                            "a shot at an empty net: out-of-position = no cards, the chart read out of "
                            "position (a save or blank leaves the puck loose in front of the net); goal = every "
                            "shot at an empty net scores.")
    icing: str = option("on", ("on", "off"), "Face-Offs (the table's 'Icing')",
                        "icing (named only in the face-off table): a dump from the team's own half that comes "
                        "to rest behind the opponent's goal line, not by a penalty-killing team.")
    delayed_until: str = option("stoppage", ("stoppage", "touch"), "Delayed Penalty",
                                "stoppage = 'Play continues until there is a stoppage in play'; touch = also "
                                "when the penalized team gains the puck (the NHL's rule).")
    pp_move_pass: str = option("once", ("once", "every-turn"), "Power Plays & Penalty Killing",
                               "'Move & Pass for one turn': once per power play (the first offensive turn), or "
                               "every offensive turn of the power play.")
    pk_dump: str = option("6", ("6", "5", "7"), "Dumping the Puck (Penalty-Kill Team)",
                          "a penalty-kill dump clears the zone on 2d6 at least this.")
    goalie_pass: str = option("8", ("8", "6", "10"), "Goalie's",
                              "a goalie passes 'a maximum of 8 spaces in any direction' (king distance).")
    pull_goalie: str = option("on", ("on", "off"), "Pulling the Goalie", "pulling the goalie allowed.")
    pull_series: str = option("3", ("3", "2", "1"), "Pulling the Goalie",
                              "'During the final 3 series of the game': the series dial at most this in the "
                              "3rd period.")
    pull_margin: str = option("2", ("2", "1"), "Pulling the Goalie",
                              "'a team that is behind by two or fewer goals'.")
    timeouts: str = option("on", ("on", "off"), "Time-Outs", "one time-out per team in the 3rd period.")
    overtime: str = option("on", ("on", "off"), "Over Time", "on = overtime; off = straight to the shoot-out.")
    ot_series: str = option("4", ("4", "3", "5"), "Over Time", "'Re-set the series clock to \"4\"'.")
    so_rounds: str = option("5", ("5", "3"), "Shoot Out", "'Each team gets 5 attempts'.")
    shootout_line: str = option("5", ("5", "3", "8", "13"), "Shoot Out",
                                "the line a shoot-out shot is read on (the rulebook names only the 'Shots from "
                                "Center \"Open\" side').")
    shootout_tie: str = option("sudden-death", ("sudden-death", "tie"), "Shoot Out",
                               "a shoot-out level after its rounds: sudden-death rounds (at most 50, then a "
                               "tie), or the game stands tied.")
    sideboards: str = option("on", ("on", "off"), "Passing Off Sideboards",
                             "on = a pass may be played off the side boards: the puck rebounds exactly three "
                             "squares (diagonally when it meets the boards at an angle, straight back when it "
                             "meets them square or at a corner) and the nearest player takes it; off = no bank "
                             "passes.")
    boards_row3: str = option("on", ("on", "off"), "Passing Around the Boards",
                              "on = a puck sent around the boards may stop five squares beyond the first corner "
                              "or go on behind the net to five squares beyond the second corner, in Row 3 (the "
                              "coach chooses); off = only the first corner.")
    dump_intercept: str = option("off", ("off", "on"), "Passing Around the Boards",
                                 "'follow the rules of passing off or around the boards': off = a dump goes "
                                 "straight to where it comes to rest; on = each opponent whose contact zone it "
                                 "crosses (to the corner, then along the boards) rolls to intercept as for a pass "
                                 "('Passing Through an Opponent's Contact Zone').")
    goalie_sweep: str = option("on", ("on", "off"), "Dumping the Puck (Penalty-Kill Team)",
                               "'Goalie's may also sweep the puck to the either corner ... behind their own goal "
                               "line': on = any goalie with the puck may sweep it to a corner of his end (a loose "
                               "puck there); off = he only holds or passes.")
    goalie_loose: str = option("roll", ("roll", "nearest"), "Goalie's",
                               "a loose puck the goalie is nearest to, outside his reach: roll = 'leave the crease "
                               "to recover and play a loose puck ... They may roll 1D6 only' (he gets it when the "
                               "1d6 covers the distance, else the nearest skater does); nearest = he takes it "
                               "as the nearest player, no roll.")
    pull_return: str = option("skate", ("skate", "faceoff"), "Pulling the Goalie",
                              "skate = 'The Goalie may be returned directly to the crease but only after skating "
                              "to the starting position at line 18' during play (and at a face-off's set-up); "
                              "faceoff = he returns only at face-offs.")
    drop_pass: str = option("end", ("end", "path"), "Exchanging the Puck (Drop Passes)",
                            "'when a teammate is passing by the puck carrier in an adjacent space ... The player "
                            "receiving the drop pass simply takes the puck and carries on with it': end = only the "
                            "square where his move ends counts; path = any square of his move beside the carrier "
                            "(farther up the ice and onside), and he carries the puck on to where his move ends.")
    pull_faceoff: str = option("crease", ("crease", "stay"), "Pulling the Goalie",
                               "a pulled goalie at a face-off in regulation: crease = he lines up in his crease "
                               "like every goalie (the set-up), and may be pulled again at a new series; stay = "
                               "while his team still trails, the extra attacker stays on, lining up at his "
                               "starting position at line 18 (the face-off +1 of a power-play team is then his "
                               "team's); level or ahead, he goes back.")
    ot_pass_move: str = option("group", ("group", "receiver", "off"), "Over Time",
                               "'may pass to a teammate and that player may now move': group = the receiver's "
                               "group skates on one roll (the center and winger together, +2); receiver = the "
                               "receiver alone; off = no move after a pass.")
    ot_release: str = option("bench", ("bench", "ice"), "Over Time",
                             "'both teams are 4-on-4' and 'You must always have 3 skaters on the ice': bench = "
                             "in overtime a team has 4 skaters less its penalized players, never fewer than 3 "
                             "(a player leaving the box past that goes to the bench; the benched winger comes "
                             "back when a second penalty would leave 2); ice = a player leaving the box always "
                             "returns to the ice (a team can have 5 skaters).")
    blank_hold: str = option("possession", ("possession", "save"), "Shots on Goal Against",
                             "a blank the goalie holds for a face-off ('the Goalie may hold the puck for a "
                             "face-off'): possession = his team took the puck (a new series, and another if the "
                             "shooter's team wins the face-off); save = as after a save, the puck never changed "
                             "hands (the face-off decides). A blank he passes or sweeps changes possession either "
                             "way.")
    goalie_challenge: str = option("turn", ("turn", "free"), "Goalie's",
                                   "a goalie who leaves his crease to stick check ('They may roll 1D6 only'): "
                                   "turn = his 1d6 is his team's roll for the defensive turn, nobody skates or "
                                   "checks after him; free = 'Goalie movement is NOT a turn. Its free.' "
                                   "(Defensive Turn): unless he stole the puck, a group still skates and may "
                                   "check.")
    beaten_cards: str = option("read", ("read", "skip"), "Goalie's",
                               "a shot after the goalie lost a stick check ('consider the goalie to be "
                               "automatically out of position'): read = the cards are still played, a match is a "
                               "save, any other pair out of position; skip = no cards, straight to the chart out "
                               "of position.")
    frozen_reset: str = option("faceoff", ("faceoff", "turns"), "Body Checking",
                               "a player on his side ('may not move for the next 2 turns') at a face-off: faceoff "
                               "= the face-off lines every player up standing, his wait is over; turns = he waits "
                               "out his turns across face-offs and periods (he still lines up for the face-off).")
    turn_cap: str = option("120", ("120", "60", "400"), "Series",
                           "safety cap on turns in one series (not in the rulebook): when hit, the series ends "
                           "with a face-off at center ice and the cap is counted (counts 'capped').")

    def numeric(self) -> np.ndarray:
        """The rule fields as the kernel's integer vector (kernel.layout.R)."""
        from .kernel.layout import N_RULES, R

        r = np.zeros(N_RULES, dtype=np.int64)
        r[R.series] = int(self.series)
        r[R.check_tie] = self.check_tie == "defender"
        r[R.checks] = self.checks == "each"
        r[R.zone_slow] = self.zone_slow == "even-strength"
        r[R.zone_slow_dest] = self.zone_slow_dest == "counts"
        r[R.offside] = self.offside == "on"
        r[R.intercept] = int(self.intercept)
        r[R.intercept_pk] = int(self.intercept_pk)
        r[R.rebound] = self.rebound == "defense"
        r[R.empty_net] = self.empty_net == "goal"
        r[R.icing] = self.icing == "on"
        r[R.delayed_until] = self.delayed_until == "touch"
        r[R.pp_move_pass] = self.pp_move_pass == "every-turn"
        r[R.pk_dump] = int(self.pk_dump)
        r[R.goalie_pass] = int(self.goalie_pass)
        r[R.pull_goalie] = self.pull_goalie == "on"
        r[R.pull_series] = int(self.pull_series)
        r[R.pull_margin] = int(self.pull_margin)
        r[R.timeouts] = self.timeouts == "on"
        r[R.overtime] = self.overtime == "on"
        r[R.ot_series] = int(self.ot_series)
        r[R.so_rounds] = int(self.so_rounds)
        r[R.shootout_line] = int(self.shootout_line)
        r[R.shootout_tie] = self.shootout_tie == "tie"
        r[R.turn_cap] = int(self.turn_cap)
        r[R.sideboards] = self.sideboards == "on"
        r[R.boards_row3] = self.boards_row3 == "on"
        r[R.goalie_sweep] = self.goalie_sweep == "on"
        r[R.dump_intercept] = self.dump_intercept == "on"
        r[R.goalie_loose] = self.goalie_loose == "roll"
        r[R.pull_return] = self.pull_return == "skate"
        r[R.pull_faceoff] = self.pull_faceoff == "stay"
        r[R.drop_pass] = self.drop_pass == "path"
        r[R.ot_pass_move] = ("off", "group", "receiver").index(self.ot_pass_move)
        r[R.ot_release] = self.ot_release == "bench"
        r[R.blank_hold] = self.blank_hold == "save"
        r[R.beaten_cards] = self.beaten_cards == "skip"
        r[R.goalie_challenge] = self.goalie_challenge == "free"
        r[R.frozen_reset] = self.frozen_reset == "turns"
        return r
