"""Named decisions for Blue Line Hockey, selectable per team and per decision.

A :class:`Policy` names one rule for each decision a coach makes (docs/blueline.md "Policies"):

* ``skate_attack``: where the team with the puck skates: ``rush`` (the carrier's group every turn: the carrier
  heads for the slot, stopping outside the blue line while a teammate is in the zone; wings and center skate
  ahead of the puck, onside; the defense trails it and holds the blue line), ``support`` (as ``rush``, every
  fourth turn of a series the next group skates instead), ``random`` (any group);
* ``skate_defense``: ``mark`` (the group nearest the carrier; its nearest player to the free square beside
  the carrier on his own goal's side, the defense pair in front of the net, the wings on the opposing wings),
  ``zone`` (as ``mark``, the pair deeper), ``random``;
* ``shoot``: ``threshold-N`` (shoot from lines 1-13 when the goal probability the side's own card mix is sure
  of, for the shot's context, is at least N per mille; also late in a long series, and from the carrier's
  target square), ``always``, ``random``;
* ``pass``: ``ahead`` (to an open teammate with a better shot or four lines up the ice, at most one contact
  zone crossed, never offside), ``never``, ``random``;
* ``dump``: ``pk`` (a penalty-killing team dumps from its own end), ``stuck`` (also dumps in from the neutral
  zone late in a series), ``never``, ``random``;
* ``check``: ``stick``, ``body``, ``by-risk`` (a body check in the own half unless the team is short-handed or
  leading), ``random``, ``never``;
* ``posture``: ``large-box``, ``small-box``, ``1-2-1``, ``by-situation`` (two men short: small box, else large),
  ``random``;
* ``pull``: ``trailing`` (pull the goalie whenever the rule allows it; skate him back to the pull spot and
  into the crease once the other team has the puck or the score is level), ``trailing-stay`` (pull him, never
  call him back during play) or ``never``;
* ``timeout``: ``trailing`` (call it when trailing and the 3rd period would end) or ``never``;
* ``goalie_pass``: ``open`` (the goalie passes to the open teammate farthest up the ice within reach, no
  contact zone crossed) or ``hold``;
* ``bank``: ``open`` (when no teammate is open for a direct pass, a pass off the side boards whose rebound square
  a teammate reaches first, four lines or more up the ice, at most one contact zone crossed) or ``never``;
* ``boards``: where a dump around the boards stops: ``teammate`` (beyond the first corner, or beyond the second
  in Row 3, whichever a teammate reaches sooner against the nearest opponent; ties the first), ``first``,
  ``second``;
* ``sweep``: ``teammate`` (a goalie with the puck and nobody to pass to sweeps it to the corner of his end a
  teammate reaches first, else holds) or ``never``;
* ``goalie_loose``: ``nearest`` (the goalie leaves his crease for a loose puck he is nearest to) or ``never``;
* ``cards``: a card policy of cards.py (``equilibrium``, ``random``, habits).

``Policy.parse`` takes a preset name or ``field=value;field=value`` (missing fields keep the default's value).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields

import numpy as np

from simcore.errors import InputError

from .kernel import layout as L

SKATE_ATTACK = ("rush", "support", "random")
SKATE_DEFENSE = ("mark", "zone", "random")
PASS = ("ahead", "never", "random")
DUMP = ("never", "pk", "stuck", "random")
CHECK = ("stick", "body", "by-risk", "random", "never")
POSTURE = ("large-box", "small-box", "1-2-1", "by-situation", "random")
PULL = ("never", "trailing", "trailing-stay")
TIMEOUT = ("never", "trailing")
GOALIE_PASS = ("open", "hold")
BANK = ("open", "never")
BOARDS = ("teammate", "first", "second")
SWEEP = ("teammate", "never")
GOALIE_LOOSE = ("nearest", "never")

PRESETS = {
    "default": "",
    "equilibrium": "cards=equilibrium",
    "random": "skate_attack=random;skate_defense=random;shoot=random;pass=random;dump=random;check=random;"
              "posture=random;pull=never;timeout=never;goalie_pass=open;cards=random",
    "cautious": "shoot=threshold-180;check=stick;posture=small-box;dump=pk;pull=never;skate_defense=zone",
    "aggressive": "shoot=threshold-60;check=body;posture=1-2-1;dump=stuck;skate_attack=support",
}


def _check_shoot(v: str) -> None:
    if v in ("always", "random"):
        return
    m = re.fullmatch(r"threshold-([0-9]{1,4})", v) if isinstance(v, str) else None
    if not m or int(m.group(1)) > 1000:
        raise InputError(f"blueline policy shoot={v!r}: use threshold-N (N per mille, 0..1000), always or random")


@dataclass(frozen=True)
class Policy:
    """One coach's decisions (see the module docstring)."""

    skate_attack: str = "rush"
    skate_defense: str = "mark"
    shoot: str = "threshold-120"
    pass_: str = "ahead"
    dump: str = "pk"
    check: str = "by-risk"
    posture: str = "by-situation"
    pull: str = "trailing"
    timeout: str = "trailing"
    goalie_pass: str = "open"
    bank: str = "open"
    boards: str = "teammate"
    sweep: str = "teammate"
    goalie_loose: str = "nearest"
    cards: str = "equilibrium"

    def __post_init__(self):
        for name, allowed in (("skate_attack", SKATE_ATTACK), ("skate_defense", SKATE_DEFENSE),
                              ("pass_", PASS), ("dump", DUMP), ("check", CHECK), ("posture", POSTURE),
                              ("pull", PULL), ("timeout", TIMEOUT), ("goalie_pass", GOALIE_PASS), ("bank", BANK),
                              ("boards", BOARDS), ("sweep", SWEEP), ("goalie_loose", GOALIE_LOOSE)):
            v = getattr(self, name)
            if not isinstance(v, str) or v not in allowed:
                raise InputError(f"unknown blueline policy {name.rstrip('_')}={v!r}; "
                                 f"allowed: {', '.join(allowed)}")
        _check_shoot(self.shoot)
        try:
            from .cards import CARD_POLICIES
        except ImportError:           # the card policies' module not present: any name is taken as given
            CARD_POLICIES = None
        if CARD_POLICIES is not None and self.cards not in CARD_POLICIES:
            raise InputError(f"unknown blueline card policy cards={self.cards!r}; "
                             f"allowed: {', '.join(CARD_POLICIES)}")

    @classmethod
    def parse(cls, spec: "str | Policy | None") -> "Policy":
        """A preset name (``default``, ``random``, ``cautious``, ``aggressive``, ``equilibrium``) or
        ``field=value;field=value`` (``,`` also separates); a preset may start the list
        (``aggressive;cards=random``)."""
        if spec is None:
            return cls()
        if isinstance(spec, Policy):
            return spec
        if not isinstance(spec, str):
            raise InputError(f"a blueline policy is a preset name or 'field=value;...', got {spec!r}")
        items: dict[str, str] = {}
        given: dict[str, str] = {}
        for i, part in enumerate(filter(None, (p.strip() for p in re.split(r"[;,]", spec)))):
            if "=" not in part:
                if part not in PRESETS:
                    raise InputError(f"unknown blueline policy {part!r}; presets: {', '.join(PRESETS)}; "
                                     f"or field=value;... with fields {', '.join(cls.field_names())}")
                if i:
                    raise InputError(f"blueline policy {spec!r}: the preset {part!r} must come first (the fields "
                                     "after it change it); give one preset")
                items.update(cls._items(PRESETS[part]))
                continue
            k, v = (s.strip() for s in part.split("=", 1))
            if k not in cls.field_names():
                raise InputError(f"unknown blueline policy field {k!r}; fields: {', '.join(cls.field_names())}")
            if k in given and given[k] != v:
                raise InputError(f"blueline policy field {k!r} is given twice ({k}={given[k]} and {k}={v}); "
                                 "give each field once")
            items[k] = given[k] = v
        return cls(**{("pass_" if k == "pass" else k): v for k, v in items.items()})

    @staticmethod
    def _items(text: str) -> dict[str, str]:
        out = {}
        for part in filter(None, (p.strip() for p in text.split(";"))):
            k, v = part.split("=", 1)
            out[k] = v
        return out

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return tuple(f.name.rstrip("_") for f in fields(cls))

    @property
    def name(self) -> str:
        for k, v in PRESETS.items():
            if Policy.parse_plain(v) == self:
                return k
        d = Policy()
        return ";".join(f"{f.name.rstrip('_')}={getattr(self, f.name)}" for f in fields(self)
                        if getattr(self, f.name) != getattr(d, f.name))

    @classmethod
    def parse_plain(cls, text: str) -> "Policy":
        return cls(**{("pass_" if k == "pass" else k): v for k, v in cls._items(text).items()})

    def __str__(self) -> str:
        return self.name

    def numeric(self) -> np.ndarray:
        """The kernel's policy row (kernel.layout.P)."""
        v = np.zeros(L.N_POL, np.int64)
        v[L.P.skate_attack] = SKATE_ATTACK.index(self.skate_attack)
        v[L.P.skate_defense] = SKATE_DEFENSE.index(self.skate_defense)
        if self.shoot == "always":
            v[L.P.shoot] = L.SH_ALWAYS
        elif self.shoot == "random":
            v[L.P.shoot] = L.SH_RANDOM
        else:
            v[L.P.shoot] = L.SH_THRESHOLD
            v[L.P.shoot_param] = int(self.shoot.split("-")[1])
        v[L.P.pass_] = PASS.index(self.pass_)
        v[L.P.dump] = DUMP.index(self.dump)
        v[L.P.check] = CHECK.index(self.check)
        v[L.P.posture] = POSTURE.index(self.posture)
        v[L.P.pull] = PULL.index(self.pull)
        v[L.P.timeout] = TIMEOUT.index(self.timeout)
        v[L.P.goalie_pass] = GOALIE_PASS.index(self.goalie_pass)
        v[L.P.bank] = BANK.index(self.bank)
        v[L.P.boards] = BOARDS.index(self.boards)
        v[L.P.sweep] = SWEEP.index(self.sweep)
        v[L.P.goalie_loose] = GOALIE_LOOSE.index(self.goalie_loose)
        return v
