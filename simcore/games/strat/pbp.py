"""Play-by-play: the kernel's event log as rows a Strat player can follow card by card."""
from __future__ import annotations

import numpy as np
import pandas as pd

from simcore.cliargs import counted

from . import readings as R
from . import shotcharts
from .kernel.layout import EV, MP_BEGIN, MP_GOAL, MP_LEAVE, MP_PERIOD, MP_SERVED, MP_STAY, TB, F

POS = ("LW", "C", "RW", "LD", "RD", "extra skater")
COLS = ("Outside", "Inside", "Reb/Bkwy")
SIDES = ("home", "visitor")


#: lines the log writes after a penalty without a card being played: an injury settled on the same reading, the
#: manpower and the penalty-killing unit's change
_AFTER_PENALTY = (EV.injury, EV.manpower, EV.pk_sub)


def _period_name(period: int) -> str:
    return "the overtime" if period == 4 else f"period {period}"


def _buzzer_note(events: list, i: int) -> str:
    """What becomes of a penalty called as the deck ran out, for the end-of-period line ``events[i]`` (not the
    final line): its power play opens the next period (7.37), or on the game's last card there is none (7.38).
    The penalty is at the buzzer when it is the last thing logged before the end but for :data:`_AFTER_PENALTY`;
    otherwise a power play opening the next period is a minor's that waited behind another."""
    if events[i][7]:
        return ""
    k = i - 1
    while k > 0 and events[k][2] in _AFTER_PENALTY:
        k -= 1
    at_buzzer = events[k][2] == EV.penalty
    if not any(e[2] == EV.period for e in events[i + 1:]):          # the game's last period: a shootout may follow
        return "; the penalty on the game's last card brings no power play (7.38)" if at_buzzer else ""
    for e in events[i + 1:]:
        if e[2] == EV.pp:
            which = "the penalty at the buzzer: its" if at_buzzer else "the waiting penalty's"
            return f"; {which} power play opens {_period_name(e[0])} (7.37)"
        if e[2] in (EV.faceoff, EV.card):
            break
    return ""


def reading_text(kind: int, a: int = 0, b: int = 0, c: int = 0) -> str:
    """A reading code written back the way the card prints it."""
    p = lambda x: "any player" if x == R.ANY else R.POSITIONS[x]  # noqa: E731
    if kind == R.SAVE_TO:
        return "X-Any D player" if a == R.ANY else f"X-D{R.POSITIONS[a]}"
    if kind == R.SAVE_REBOUND:
        return "X-Reb"
    if kind == R.GOALIE_RATING:
        return "Goalie Rating" + ("+" if a else "")
    if kind == R.GOAL:
        base = "Goal" + ("+" if c else "")
        return base if (a, b) == (1, 20) else f"{base} {a}-{b}"
    if kind == R.LOSE_PUCK_TO:
        return "Lose puck to any D player" if a == R.ANY else f"Lose puck to {R.POSITIONS[a]}"
    if kind == R.FACEOFF:
        return "Faceoff\u2022" if a else "Faceoff"
    if kind == R.SAVE_BREAKAWAY:
        return f"OUT: Save, Breakaway {a}-{b}"
    if kind == R.SAVE_PENALTY:
        return f"IN/BKWY: Faceoff, Penalty {a}-{b}"
    if kind == R.TAKES_PUCK:
        return "Takes puck"
    if kind == R.OUTSIDE_SHOT:
        return "Outside shot"
    if kind == R.PASS_INSIDE:
        return f"Inside shot for {p(a)}"
    if kind == R.OPP_DEFENSE:
        return f"Opponent Defense {a}"
    if kind == R.PASSING:
        return f"Passing {chr(ord('A') + a)}"
    if kind == R.SHOT_FOR:
        s = f"{'Inside' if a else 'Outside'} shot for {p(b)}"
        return s + (f" ({R.POSITIONS[c]})" if c >= 0 and b != R.ANY else "")
    if kind == R.LOSE_PUCK_OUTSIDE:
        return f"Lose puck, outside shot only for {R.POSITIONS[a]}"
    if kind == R.POSSIBLE_BREAKAWAY:
        return "Possible breakaway"
    if kind == R.LOSE_PUCK_BREAKAWAY:
        return "Lose puck, possible breakaway"
    if kind == R.LOSE_PUCK_INSIDE_ANY:
        return "Lose puck, inside shot for any player"
    if kind == R.PENALTY_CARD:
        top = " ".join(r for i, r in enumerate(R.PENALTY_RATINGS) if a >> i & 1)
        bot = " ".join(r for i, r in enumerate(R.PENALTY_RATINGS) if b >> i & 1)
        return f"Penalty {top} / {bot}"
    if kind == R.BKWY_PLAYER:
        return R.POSITIONS[a] + (f" ({R.POSITIONS[b]})" if b >= 0 else "")
    if kind == R.BKWY_RATING:
        return f"Rating {a}"
    if kind == R.REB_OFFENSE:
        who = "any player" if a == R.ANY else R.POSITIONS[a]
        return f"Offense {who}" + (f" {b}" if b else "") + (", also injury" if c else "")
    if kind == R.REB_DEFENSE:
        return f"Defense {R.POSITIONS[a]}" + (f" {b}" if b else "") + (", also injury" if c else "")
    if (text := shotcharts.reading_text(kind, a, b, c)) is not None:     # the split deck's Advanced sections
        return text
    return f"reading {kind}"


def dec(x: int) -> tuple[int, int, int, int]:
    """Inverse of kernel.events.enc: a logged reading as (kind, a, b, c)."""
    c = x % 100 - 1
    x //= 100
    b = x % 100 - 1
    x //= 100
    return x // 100, x % 100 - 1, b, c


def describe(c, L: np.ndarray, teams: tuple[int, int]) -> pd.DataFrame:
    """Rows (period, card, side, event, text) for a kernel log ``L`` of the game ``teams`` (home, away rows)."""
    ACT = c.tables[TB.act]
    abbr = [c.teams[teams[0]], c.teams[teams[1]]]

    def sk(p):
        if p < 0:
            return "(nobody)"
        team, name = c.skaters[p]
        return f"{name} ({c.skater_pos[p]}, {team})"

    def who(x):
        """Logged ``skater * 8 + slot``: the player and the slot he plays."""
        p, slot = divmod(x, 8)
        return f"{POS[slot]} {c.skaters[p][1]}"

    def gk(g):
        return f"{c.goalies[g][1]} (G, {c.goalies[g][0]})"

    rows = []
    so_goals = [0, 0]                       # the shootout's goals so far (28.1), for the final line
    so_played = False
    events = L.tolist()
    for i, (period, card, code, side, a, b, cc, d) in enumerate(events):
        team = abbr[side] if side in (0, 1) else ""
        if code in (EV.so, EV.so_result):
            so_played = True
            if cc == 1:
                so_goals[side] += 1
        if code == EV.period:
            text = ("Overtime" if a == 4 else f"Period {a}") + f": the action deck is shuffled ({counted(b, 'card')})"
        elif code == EV.end:
            text = (f"Final: {abbr[0]} {b}, {abbr[1]} {cc}" if d else f"End of {_period_name(a)}: {abbr[0]} {b}, "
                    f"{abbr[1]} {cc}")
            if d and so_played:
                h, v = so_goals
                text += (f" (shootout {abbr[0]} {h}, {abbr[1]} {v}: " +
                         (f"{abbr[0 if h > v else 1]} wins)" if h != v else "tied)"))
            text += _buzzer_note(events, i)
        elif code == EV.card and d:         # the Advanced deck: d = 1 + section * 4 + forecheckers
            text = (f"{team} draws action card {c.action_cards[a]}: "
                    f"{advanced_card_text(c, a, (d - 1) // 4, (d - 1) % 4)} -- {who(b)} has the puck")
        elif code == EV.card:
            r = ACT[a, side]
            text = (f"{team} draws action card {c.action_cards[a]} ({SIDES[side]} section): "
                    f"{reading_text(*map(int, r))} -- {who(b)} has the puck")
        elif code == EV.line:
            text = f"Line change: forward line F{a + 1}, defense pair D{b + 1} on the ice" + \
                ("", " (after the penalty, 7.31)", " (when the power-play units go off, 16.5)")[cc]
        elif code == EV.faceoff:
            where = "center ice" if b < 0 else f"{abbr[b]}'s end"
            text = f"Faceoff at {where}: split {cc}, {team} {who(a)} wins it" + faceoff_column_text(d, abbr)
        elif code == EV.defense:
            text = f"{team} {who(a)}, Defense {b}: {ADV_DEFENSE_TEXT.get(cc) or reading_text(cc)}"
        elif code == EV.pass_:
            text = f"{team} {who(a)}, Passing {chr(ord('A') + b)}: {reading_text(*dec(d))}"
        elif code == EV.shot:
            text = f"{team} {who(a)} shoots ({COLS[b]}), rolls {cc}: {reading_text(*dec(d))}"
        elif code == EV.pp_shot:
            kinds = ("Outside", "Inside", "Rebound", "Breakaway")
            text = f"  {team} {sk(a)} {kinds[b]} shot, rolls {cc}: {reading_text(*dec(d))}"
        elif code == EV.goalie:
            text = f"  {gk(a)} card, rolls {b}: {reading_text(*dec(d))}"
        elif code == EV.goal:
            tags = [t for bit, t in ((1, "power play"), (2, "short-handed"), (4, "empty net"),
                                     (8, "fatigued goalie's Faceoff\u2022")) if b & bit]
            text = f"GOAL {team}: {sk(a)}" + (f" [{', '.join(tags)}]" if tags else "") + \
                f" -- {abbr[0]} {cc}, {abbr[1]} {d}"
        elif code == EV.assist:
            names = [sk(x) for x in (a, b) if x >= 0]
            text = "  assists: " + (", ".join(names) if names else "unassisted")
        elif code == EV.rebound:
            text = f"  Rebound: {reading_text(*dec(d))}"
        elif code == EV.breakaway:
            text = f"  {team} possible breakaway: {reading_text(*dec(d))}"
        elif code == EV.penetrate:
            text = f"{team} {who(a)} tries to penetrate (rating {b}): split {cc}, " + \
                ("inside shot" if d else "puck lost")
        elif code == EV.penalty:
            offender = sk(a) if a >= 0 else gk(-1 - a)
            why = ("action-card penalty", "goalie penalty", "retaliation", "goalie penalty (coincidental)")[b] \
                if b < 4 else ADV_PENALTY_WHY.get(b, f"kind {b}")
            text = f"PENALTY {team}: {offender}, 2 minutes ({why})"
        elif code == EV.flip:
            text = "  elapsed time: card " + ("F line change (waits)" if a == -1 else
                                               "D line change (waits)" if a == -2 else c.action_cards[a])
        elif code == EV.pp:
            text = f"{team} power play, unit PP{a + 1} against PK{d + 1}: split {b}, " + \
                ("top" if cc == 0 else "bottom") + " half of the chart"
        elif code == EV.injury:
            text = f"Injury: {sk(b)} " + \
                ("out for the rest of the game" if cc == 0 else f"out {counted(int(cc), 'game')}") + \
                (f"; {sk(d)} replaces him" if d >= 0 else "")
        elif code == EV.pull:
            text = f"{team} pulls the goalie ({counted(int(b), 'card')} left); extra skater {sk(a)}"
        elif code == EV.return_:
            text = f"{team} goalie back in the net"
        elif code == EV.shelled:
            text = f"{gk(a)} is shelled ({b} in the period, {cc} in the game): fatigued for the rest of the game"
        elif code == EV.relieve:
            text = f"{team} changes goalies: {gk(a)} comes in"
        elif code == EV.so:
            text = f"Shootout: {team} {sk(a)} rolls {b}: {reading_text(*dec(d))}" + \
                ("" if cc == 2 else " -- " + ("scores" if cc else "no goal"))
        elif code == EV.split:
            text = f"  split card {a}: " + ("within" if d else "outside") + f" {b}-{cc}"
        elif code == EV.pencard:
            rating = R.PENALTY_RATINGS[b] if b >= 0 else "none"
            text = f"{team} {who(a)}, penalty rating {rating}: " + \
                ("penalized (top row)" if cc else "no penalty: takes the puck, outside shot only (4.82)")
        # ---- the shot path's Advanced rules (11, 11.5, 25, 26)
        elif code == EV.pass_in and cc == 0:
            text = f"{team} {who(a)} passes inside instead of shooting (11.0): split {b}, Passing: " + \
                reading_text(*dec(d))
        elif code == EV.pass_in:
            text = f"  Passing L chart (11.5): {who(a)} (assist {b}) to {POS[d]}"
        elif code == EV.deflect and cc == 9:
            text = f"  {team} {who(a)} deflects (Inside), rolls {b}: {reading_text(*dec(d))}" + \
                ("" if dec(d)[0] in (R.GOAL, R.GOALIE_RATING) else
                 " -- not deflected: a save, rebound to any defensive player (25.21)")
        elif code == EV.deflect:
            text = f"{team} tries to deflect {who(a)}'s shot (25.1): die {b}, " + \
                (f"{POS[cc]} gets the opportunity" if cc >= 0 else
                 "nobody gets the opportunity: not deflected, a save, rebound to any defensive player (25.21)")
        elif code == EV.enforcer:
            text = f"  Enforcer rule (26.2): {who(a)}'s penetration rating {b} counts as {cc}"
        # ---- basicfix block: the penalized skater sits out (Getting Started, 7.2), the retaliation check (5.73)
        elif code == EV.pk_sub:
            text = f"  {team} {sk(a)} is in the penalty box: " + \
                (f"{sk(b)} takes his place at {POS[cc]}" if b >= 0 else f"{POS[cc]} stays vacant")
        elif code == EV.retaliation:
            q, hit = divmod(d, 2)
            q -= 1
            text = f"  Retaliation check: {team} rolls {a}: " + ("none" if b < 0 else POS[b])
            if b >= 0 and q < 0:
                text += " (nobody there)"
            elif q >= 0:
                rating = int(c.tables[TB.sk][q, F.pen])
                lo, hi = (int(x) for x in c.tables[TB.penalty][rating])
                rng = f"{lo}-{hi}" if lo > 0 else "never"
                text += (f", {sk(q)} penalty rating {R.PENALTY_RATINGS[rating]} (penalized on {rng}): split {cc}, "
                         + ("penalized" if hit else "no penalty"))
        elif code == EV.manpower:
            if cc == MP_STAY:
                text = f"  {team} power-play unit and the penalty killers stay on the ice (16.5-16.51)"
            elif cc == MP_LEAVE:
                text = "Even strength: the power-play and penalty-killing units go off, the lines come on (16.5)"
            else:
                why = {MP_BEGIN: f"{team} killing a minor", MP_SERVED: f"{team}'s minor is over",
                       MP_GOAL: f"{team}'s minor is over: a power-play goal, 7.34",
                       MP_PERIOD: f"{team}'s minor ends with the period"}[cc]
                text = f"Manpower: {abbr[0]} {a}, {abbr[1]} {b} skaters ({why})"
        elif code == EV.so_result:
            text = f"  -- {sk(a)} " + ("scores" if cc else "no goal")
        elif code == EV.fo_men:
            bonus = [t for bit, t in ((1, f"+3 {abbr[0]} power play"), (2, f"+3 {abbr[1]} power play"),
                                      (4, f"+1 {abbr[0]} rated at center"), (8, f"+1 {abbr[1]} rated at center"))
                     if d & bit]
            text = (f"Faceoff men: {abbr[0]} {who(a)} ({c.skater_fo[a // 8]:+d}) against {abbr[1]} {who(b)} "
                    f"({c.skater_fo[b // 8]:+d})" + (f", bonuses {', '.join(bonus)}" if bonus else "") +
                    (f": difference {abs(cc)}, {abbr[side]} superior" if cc else ": even"))
        elif code == EV.fo_thrown:
            text = (f"  {team} faceoff man thrown out of the circle (split {cc}): the faceoff is drawn again"
                    if d else f"  {team} {who(a)} is thrown out of the faceoff circle (split {cc}); {who(b)} takes "
                    "the faceoff (8.21)")
        elif code == EV.align:
            text = f"{team} alignment: Offense {a}, Defense {b} ({b} forechecker{'' if b == 1 else 's'}) -- " + \
                ("a new forward line" if cc == 1 else "before the faceoff")
        # ---- intimidation block (12.0-12.3, 16.1-16.15; kernel/intimidation.py, kernel/delayed.py)
        elif code == EV.intimidate:
            text = intimidation_text(c, team, who(a), a // 8, b, cc, d)
        elif code == EV.delayed:
            text = delayed_text(team, sk(a), sk(b) if b >= 0 else None, cc)
        else:
            text = f"event {code}"
        rows.append((period, card, code, team, text))
    return pd.DataFrame(rows, columns=["period", "card", "code", "team", "text"])


# ---------------------------------------------------------------- the Advanced action deck (advdeck.py)

#: Why a penalty was called, for the kinds the Advanced deck adds (the Basic kinds 0-3 are listed above).
ADV_PENALTY_WHY = {4: "Defense column penalty, 16.2"}
#: Defense-column readings of the Advanced game (16.2), by kind (advdeck.DEF_PENALTY, TAKES_PUCK_SHOOTS).
ADV_DEFENSE_TEXT = {23: "Penalty", 24: "Takes puck, outside shot"}


def advanced_reading_text(ar) -> str:
    """An Advanced card reading (:class:`advdeck.AdvancedReading`) the way the card prints it."""
    from .advdeck import intim_text

    text = reading_text(*ar.reading.code())
    return text + (f", {intim_text(ar.intim)}" if ar.intim else "")


def advanced_card_text(c, card: int, section: int, segment: int) -> str:
    """Action card ``card``'s reading in ``section`` (advdeck.SECTIONS) for ``segment`` forecheckers, with where
    it was read: ``"Opponent Defense 2 [Offense 2 (home), 1 forechecker]"``."""
    from .advdeck import SECTION_TITLES, AdvancedReading, intim_decode

    row = c.tables[TB.adeck][card, section, segment]
    ar = AdvancedReading(R.Reading(*map(int, row[:4])), intim_decode(int(row[4])))
    fc = "1 forechecker" if segment == 1 else f"{segment} forecheckers"
    return f"{advanced_reading_text(ar)} [{SECTION_TITLES[section]}, {fc}]"


def faceoff_column_text(d: int, abbr) -> str:
    """The Advanced / Super Advanced faceoff chart column of a logged faceoff (``d`` = 1 + column + 8 * (chart -
    1) + 64 * superior side; 0 the Basic chart)."""
    if not d:
        return ""
    d -= 1
    col, chart, sup = d % 8, (d // 8) % 8, d // 64
    name = ("Advanced", "Super Advanced")[chart]
    label = "Even" if col == 0 else ("+4 or more" if chart == 1 and col == 4 else f"+{col}")
    return f" [{name} faceoff chart, {label}" + (f": {abbr[sup]} superior]" if col else "]")


# ---------------------------------------------------------------- intimidation (kernel/intimidation.py, delayed.py)

ADV_PENALTY_WHY.update({5: "intimidation, 16.1",
                        6: "intimidation, 16.1: no power play of its own"})


def intimidation_text(c, team, who_text, q, number, second, d) -> str:
    """EV.intimidate: the defender, his I rating, the Intimidation number and, on "possible penalty", the second
    split against the Intimidation Chart by his Penalty rating (d's bits: kernel.intimidation.INTIM_*)."""
    if d & 8:
        return f"{team} {who_text} declines to intimidate (12.3)"
    lo, hi = (int(x) for x in c.tables[TB.sk][q, [F.ilo, F.ihi]])
    text = (f"{team} {who_text} intimidates (I {lo}-{hi}): split number {number}, " +
            ("takes the puck away" if d & 1 else "fails to take the puck away"))
    if d & 2:
        rating = int(c.tables[TB.sk][q, F.pen])
        plo, phi = (int(x) for x in c.tables[TB.imc][rating])
        rng = f"{plo}-{phi}" if plo > 0 else "never"
        text += (f" - possible penalty: split {second}, penalty rating {R.PENALTY_RATINGS[rating]} (penalized on "
                 f"{rng}): " + ("penalty" if d & 4 else "no penalty"))
    return text


def delayed_text(team, offender, extra, how) -> str:
    """EV.delayed (kernel.delayed.DEL_*)."""
    if how == 0:
        return (f"DELAYED PENALTY {team}: {offender} (16.13); the shot is taken" +
                (f", the goalie out for an extra skater, {extra}" if extra else ""))
    return "  the delayed penalty ends: " + ("a goal, no power play (16.14)", "the defense has the puck (16.15)",
                                             "a faceoff (16.15)", "the end of the period (7.37)",
                                             "another penalty (two power plays, one after the other)")[how - 1]
