"""Compile a kit (cards, decks, charts, line-ups) into the integer arrays the kernel reads.

:func:`compile_kit` returns a :class:`Compiled`: the kernel's data tuple ``D`` (layout in kernel/layout.py) and the
name tables that turn kernel indices back into players, teams and cards.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.charts import ChartError
from simcore.errors import InputError

from . import readings as R
from .advdeck import DEFENSE_NUMBERS, FORECHECKERS, PASSING_LETTERS, SECTIONS
from .kernel.layout import HDR, HEADER, MAX_ROSTER, NGKF, NSK, TABLES, TM, TW, F, G
from .kit import UNIT_SLOTS, Kit
from .rules import Rules


class LineupError(InputError):
    """A kit that cannot play under the chosen rules (e.g. the four-line option without a fourth line)."""


def flatten(tables) -> np.ndarray:
    """The tables (in layout.TABLES order) as the kernel's one int32 buffer: a header of (offset, rows) pairs
    (``D[HDR.x]``, ``D[HDR.x + 1]`` for table ``x``), then each table's cells in C order."""
    if len(tables) != len(TABLES):
        raise ValueError(f"{len(tables)} tables; the kernel reads {len(TABLES)} ({', '.join(TABLES)})")
    out = [np.zeros(HEADER, np.int64)]
    pos = HEADER
    for name, t in zip(TABLES, tables):
        t = np.ascontiguousarray(t, dtype=np.int64)
        out[0][getattr(HDR, name)] = pos
        out[0][getattr(HDR, name) + 1] = t.shape[0]
        out.append(t.ravel())
        pos += t.size
    flat = np.concatenate(out)
    lim = np.iinfo(np.int32)
    if flat.size and (flat.min() < lim.min or flat.max() > lim.max):
        raise InputError(f"the kit's tables do not fit the kernel's int32 buffer ({flat.size:,} cells, values "
                         f"{flat.min()} .. {flat.max()})")
    return flat.astype(np.int32)


@dataclass(frozen=True)
class Compiled:
    D: np.ndarray                                 # the kernel's flat buffer (flatten(tables))
    tables: tuple                                 # the same tables as arrays, in layout.TABLES order
    teams: tuple[str, ...]                        # team abbreviations by TM row
    skaters: tuple[tuple[str, str], ...]          # (team, name) by skater id
    skater_pos: tuple[str, ...]                   # first position by skater id
    roster: tuple[tuple[str, ...], ...]           # names by team row and roster slot
    goalies: tuple[tuple[str, str], ...]          # (team, name) by goalie id
    skater_fo: tuple[int, ...]                    # faceoff rating by skater id (8.1)
    team_goalies: tuple[tuple[str, str], ...]     # (starter, backup) names by team row
    action_cards: tuple[str, ...]                 # card names by action index 0..29
    split_cards: tuple[str, ...]
    rules: Rules

    def team_index(self, abbr: str) -> int:
        try:
            return self.teams.index(abbr)
        except ValueError:
            raise LineupError(f"unknown team {abbr!r}; teams: {', '.join(self.teams)}") from None


def _code(r: R.Reading) -> tuple[int, int, int, int]:
    return (r.kind, r.a, r.b, r.c)


def _shot_tables(kit: Kit, rules: Rules) -> dict:
    """The split deck's Advanced sections and the Passing L / Deflection charts (shotcharts.shot_tables)."""
    from pathlib import Path

    from .shotcharts import shot_tables
    toml = kit.shot_charts.toml if kit.shot_charts is not None else str(Path(kit.path) / "kit.toml")
    return shot_tables(kit.shot_charts, rules, toml)


def _advanced_deck(kit: Kit):
    """The kit's Advanced action deck; level=advanced without one is an error naming kit.toml and the key."""
    return _needed(kit, "advanced_action_deck", "level=advanced plays the Advanced action deck (10.1)",
                   "Advanced action deck")


def _needed(kit: Kit, key: str, why: str, doc: str):
    value = getattr(kit, key)
    if value is None:
        where = kit.toml_path or f"{kit.path}/kit.toml"
        raise ChartError(where, None, key, None, f"{why}, and this kit has none: add {key} = \"<file>.csv\" "
                         f"(docs/strat-data.md, '{doc}')", field="key")
    return value


def _faceoff_tables(kit: Kit, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """The Advanced (20, 3, 4) and Super Advanced (20, 5, 4) faceoff charts, when the rules read them."""
    afo = np.zeros((0, 3, 4), np.int16)
    sfo = np.zeros((0, 5, 4), np.int16)
    chart = rules.faceoff_chart()
    if chart == "advanced":
        rows = _needed(kit, "advanced_faceoff_chart", "faceoffs=advanced reads the Advanced faceoff chart (8.1)",
                       "Advanced faceoff charts")
        afo = np.array([[_code(r) for r in row] for row in rows], np.int16)
    elif chart == "super":
        rows = _needed(kit, "super_advanced_faceoff_chart",
                       "faceoffs=super reads the Super Advanced faceoff chart (8.2)", "Advanced faceoff charts")
        sfo = np.array([[_code(r) for r in row] for row in rows], np.int16)
    return afo, sfo


def _advanced_needs(deck) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The Defense numbers and Passing letters the Advanced deck reads (every skater's card needs them)."""
    nums, letters = set(), set()
    for c in deck:
        for seg in c.sections or ():
            for r in seg:
                if r.reading.kind == R.OPP_DEFENSE:
                    nums.add(r.reading.a)
                elif r.reading.kind == R.PASSING:
                    letters.add(chr(ord("A") + r.reading.a))
    return tuple(sorted(nums)), tuple(sorted(letters))


def _advanced_column(where, abbr, name, column: dict, need, keys, prefix) -> list:
    """One skater's Defense 2-14 (``prefix`` D) or Passing G-L (P) readings as kernel rows (zeros where the
    deck never reads); a reading the deck needs and the card lacks is a LineupError naming the column (``where``:
    the cards' file and ": ", or "")."""
    missing = [k for k in need if k not in column]
    if missing:
        cols = ", ".join(f"{prefix}{k}" for k in missing)
        what = "Defense" if prefix == "D" else "Passing"
        raise LineupError(f"{where}team {abbr}, {name}: level=advanced reads {what} {', '.join(map(str, missing))} "
                          f"(the Advanced action deck calls for them) and the card has no column {cols}")
    return [_code(column[k]) if k in column else (0, 0, 0, 0) for k in keys]


def _intimidation_chart(kit: Kit, rules: Rules) -> np.ndarray:
    """The Intimidation Chart (5, 2) when the ``intimidation`` rule is in force (zeros otherwise); the rule also
    reads the split deck's Intimidation section (kit.toml's split_advanced)."""
    if not rules.in_force("intimidation"):
        return np.zeros((5, 2), np.int64)
    why = f"rule intimidation={rules.intimidation} (level={rules.level}) reads"
    if kit.shot_charts is None or kit.shot_charts.split_advanced is None:
        where = kit.toml_path or f"{kit.path}/kit.toml"
        raise ChartError(where, None, "split_advanced", None, f"{why} the split deck's Intimidation section (12.2), "
                         "and this kit has none: add split_advanced = \"<file>.csv\" (docs/strat-data.md) or set "
                         "intimidation=off", field="key")
    chart = _needed(kit, "intimidation_chart", f"{why} the Intimidation Chart (16.1)", "Intimidation Chart")
    return np.array(chart, np.int64)


def _separate_power_play_units(team, abbr: str) -> None:
    """19.2, played with the Super Advanced units (``pk_units=2``): "No player (forward or defenseman) can be in
    both power-play units".  The lines file may share defensemen between PP1 and PP2 (7.1, the Basic game's
    "the same defensemen may play with both power-play units"); under 19.2 that is a LineupError naming the file,
    the two units and their columns."""
    cols = UNIT_SLOTS["PP2"]
    pp1, pp2 = team.lines.power_play
    for c2, name in zip(cols, pp2):
        if name in pp1:
            where = f"{team.lines_file}: " if team.lines_file else ""
            raise LineupError(f"{where}team {abbr}, unit PP2, column {c2}: {name!r} is also in PP1 (column "
                              f"{cols[pp1.index(name)]}); with pk_units=2 no player, forward or defenseman, can be "
                              "in both power-play units (19.2); give PP2 other defensemen or play pk_units=1 (7.1 "
                              "lets the two units share them)")


def compile_kit(kit: Kit, rules: Rules | None = None, teams=None) -> Compiled:
    rules = rules or Rules()
    abbrs = tuple(teams) if teams is not None else tuple(kit.teams)
    for a in abbrs:
        if a not in kit.teams:
            raise LineupError(f"unknown team {a!r}; teams: {', '.join(kit.teams)}")
    four = rules.lines == "4"
    advanced = rules.level == "advanced"
    adv = _advanced_deck(kit) if advanced else None
    need_def, need_pass = _advanced_needs(adv) if advanced else ((), ())
    defa, passa, skfo = [], [], []
    sk_rows, shot, defc, passc = [], [], [], []
    skaters, skater_pos, roster_names = [], [], []
    gk_rows, gcard, goalies, team_goalies = [], [], [], []
    team_rows = np.full((len(abbrs), TW), -1, dtype=np.int32)     # team rows, offsets TM
    for ti, abbr in enumerate(abbrs):
        team = kit.teams[abbr]
        names = list(team.skaters)
        cards_at = f"{team.skaters_file}: " if team.skaters_file else ""
        if len(names) > MAX_ROSTER:
            raise LineupError(f"{cards_at}team {abbr}: {len(names)} skaters; at most {MAX_ROSTER} can dress")
        ids = {}
        for slot, name in enumerate(names):
            s = team.skaters[name]
            ids[name] = len(sk_rows)
            pos2 = s.positions[1] if len(s.positions) > 1 else -1
            ratings = {"off": s.offense, "def_": s.defense, "shdef": s.sh_defense, "bkwy": s.breakaway,
                       "pen": s.penalty, "ast": s.assist, "star": int(s.assist_star), "pos1": s.positions[0],
                       "pos2": pos2, "isd": int(s.is_defenseman), "tend": s.tendency, "slot": slot, "team": ti,
                       # the I rating (12.1), 0 0 for "-" (no intimidation)
                       "ilo": s.intimidation[0] if s.intimidation else 0,
                       "ihi": s.intimidation[1] if s.intimidation else 0}
            sk_rows.append([ratings[f] for f in F._fields])
            shot.append([[_code(r) for r in col] for col in (s.outside, s.inside, s.rebound)])
            try:
                defc.append([_code(s.defense_column[n]) for n in (12, 13, 14)])
                passc.append([_code(s.passing[x]) for x in ("J", "K", "L")])
            except KeyError as exc:
                raise LineupError(f"{cards_at}team {abbr}, {name}: the Basic game needs Defense 12-14 and Passing "
                                  f"J-L; missing {exc}") from None
            if advanced:
                defa.append(_advanced_column(cards_at, abbr, name, s.defense_column, need_def, DEFENSE_NUMBERS, "D"))
                passa.append(_advanced_column(cards_at, abbr, name, s.passing, need_pass, PASSING_LETTERS, "P"))
            skfo.append(s.faceoff)
            skaters.append((abbr, name))
            skater_pos.append(R.POSITIONS[s.positions[0]])
        roster_names.append(tuple(names))
        team_rows[ti, TM.roster:TM.roster + len(names)] = [ids[n] for n in names]
        team_rows[ti, TM.nroster] = len(names)
        # 28.1 shooters: by Offense, forwards first; the earlier roster slot first on a tie
        v = [2 * team.skaters[n].offense + (0 if team.skaters[n].is_defenseman else 100) for n in names]
        so = sorted(range(len(names)), key=lambda j: (-v[j], j))
        team_rows[ti, TM.so:TM.so + len(names)] = so
        ln = team.lines
        nf, nd = (4, 3) if four else (3, 2)
        if len(ln.forwards) < nf or len(ln.defense) < nd:
            where = f"{team.lines_file}: " if team.lines_file else ""
            raise LineupError(f"{where}team {abbr}: the {rules.lines}-line option needs {nf} forward lines and {nd} "
                              f"defense pairs; the lines file has {len(ln.forwards)} and {len(ln.defense)}")
        for i in range(nf):
            team_rows[ti, TM.f + 3 * i:TM.f + 3 * i + 3] = [ids[n] for n in ln.forwards[i]]
        for i in range(nd):
            team_rows[ti, TM.d + 2 * i:TM.d + 2 * i + 2] = [ids[n] for n in ln.defense[i]]
        if rules.pk_units == "2":
            _separate_power_play_units(team, abbr)
        for i in range(2):
            team_rows[ti, TM.pp + 5 * i:TM.pp + 5 * i + 5] = [ids[n] for n in ln.power_play[i]]
            team_rows[ti, TM.pk + 4 * i:TM.pk + 4 * i + 4] = [ids[n] for n in ln.penalty_kill[i]]
        for i, gname in enumerate(ln.goalies):
            g = team.goalies[gname]
            team_rows[ti, TM.g + i] = len(gk_rows)
            gk_rows.append([{"fatigue": g.fatigue, "team": ti, "slot": i}[f] for f in G._fields])
            gcard.append([[_code(a), _code(b)] for a, b in g.card])
            goalies.append((abbr, gname))
        team_goalies.append(tuple(ln.goalies))

    actions = [c for c in kit.action_deck if c.kind == "action"]
    ACT = np.zeros((len(actions), 2, 4), dtype=np.int16)
    basic = {R.OPP_DEFENSE, R.PASSING, R.SHOT_FOR, R.LOSE_PUCK_OUTSIDE, R.POSSIBLE_BREAKAWAY,
             R.LOSE_PUCK_BREAKAWAY, R.LOSE_PUCK_INSIDE_ANY, R.PENALTY_CARD}
    for i, c in enumerate(actions):
        for side, r in enumerate((c.home, c.visitor)):
            if r.kind not in basic:
                raise LineupError(f"action card {c.card}: a reading the Basic game does not use")
            if r.kind == R.OPP_DEFENSE and r.a not in (12, 13, 14):
                raise LineupError(f"action card {c.card}: the Basic game reads Opponent Defense 12-14 "
                                  f"(got {r.a}; Defense 1-11 belongs to the Advanced game)")
            if r.kind == R.PASSING and r.a not in (9, 10, 11):
                raise LineupError(f"action card {c.card}: the Basic game reads Passing J, K, L")
            ACT[i, side] = _code(r)

    sd = kit.split_deck
    SPN = np.array([c.number for c in sd], dtype=np.int64)
    SPX = np.array([[_code(c.breakaway), _code(c.rebound), _code(c.injury)] for c in sd], dtype=np.int16)
    SPA = np.full((len(sd), 13), -1, dtype=np.int16)
    for i, c in enumerate(sd):
        a = c.assists
        SPA[i, 0] = a.any_player
        SPA[i, 1] = int(a.one_only)
        SPA[i, 2] = len(a.order)
        for k, (pos, thr) in enumerate(a.order[:5]):
            SPA[i, 3 + 2 * k] = pos
            SPA[i, 4 + 2 * k] = thr
    FO = np.array([_code(r) for r in kit.faceoff_chart], dtype=np.int16)
    PENC = np.zeros((10, 2), dtype=np.int64)
    for rating, (lo, hi) in kit.penetration_chart.items():
        if 0 <= rating <= 9:
            PENC[rating] = (lo, hi)
    PPC = np.zeros((20, 2, 2, 9), dtype=np.int16)
    PPCOND = np.zeros((20, 2), dtype=np.int16)
    for n, row in enumerate(kit.power_play_chart):
        PPCOND[n] = (row.position, row.rating)
        for half, (shv, ppv) in enumerate(((row.top_short_handed, row.top_power_play),
                                           (row.bottom_short_handed, row.bottom_power_play))):
            for side, shots in enumerate((shv, ppv)):
                if len(shots) > 4:
                    raise LineupError(f"power play chart split {n + 1}: at most 4 shots per list")
                PPC[n, half, side, 0] = len(shots)
                for j, s in enumerate(shots):
                    PPC[n, half, side, 1 + 2 * j] = s.a
                    PPC[n, half, side, 2 + 2 * j] = s.b
    RET = np.array(kit.retaliation_chart, dtype=np.int16)
    PENALTY = np.array(kit.penalty_chart, dtype=np.int64)
    built = {
        "sk": np.array(sk_rows, dtype=np.int64).reshape(-1, NSK),
        "shot": np.array(shot, dtype=np.int16).reshape(-1, 3, 11, 4),
        "defc": np.array(defc, dtype=np.int16).reshape(-1, 3, 4),
        "passc": np.array(passc, dtype=np.int16).reshape(-1, 3, 4),
        "gk": np.array(gk_rows, dtype=np.int64).reshape(-1, NGKF),
        "gc": np.array(gcard, dtype=np.int16).reshape(-1, 11, 2, 4),
        "tm": team_rows.astype(np.int64), "act": ACT, "spn": SPN, "spx": SPX, "spa": SPA, "fo": FO, "penc": PENC,
        "ppc": PPC, "ppcond": PPCOND, "ret": RET, "penalty": PENALTY, "rules": rules.numeric(),
        "adeck": np.zeros((0, len(SECTIONS), FORECHECKERS, 5), np.int16), "anum": np.zeros(0, np.int16),
        "defa": np.array(defa, dtype=np.int16).reshape(-1, len(DEFENSE_NUMBERS), 4),
        "passa": np.array(passa, dtype=np.int16).reshape(-1, len(PASSING_LETTERS), 4),
    }
    built.update(_shot_tables(kit, rules))
    built["afo"], built["sfo"] = _faceoff_tables(kit, rules)
    built["skfo"] = np.array(skfo, np.int16) if rules.faceoff_chart() != "basic" else np.zeros(0, np.int16)
    built["imc"] = _intimidation_chart(kit, rules)
    action_names = tuple(c.card for c in actions)
    if advanced:
        acts = [c for c in adv if c.kind == "action"]
        built["adeck"] = np.array([[[r.code() for r in seg] for seg in c.sections] for c in acts], np.int16)
        built["anum"] = np.array([c.number for c in acts], np.int16)
        action_names = tuple(c.card for c in acts)
    tables = tuple(built[t] for t in TABLES)
    return Compiled(D=flatten(tables), tables=tables, teams=abbrs, skaters=tuple(skaters), skater_pos=tuple(skater_pos),
                    roster=tuple(roster_names), goalies=tuple(goalies), skater_fo=tuple(skfo),
                    team_goalies=tuple(team_goalies),
                    action_cards=action_names, split_cards=tuple(c.card for c in sd),
                    rules=rules)
