"""Frozen rule sets with canonical ids, shared by every game.

A game's ``Rules`` is a frozen dataclass subclassing :class:`RulesBase`.  Each
field is declared with :func:`option`, which records the allowed values and the
rulebook section the field interprets.  Variants come from ``replace`` or
:meth:`RulesBase.with_options`; the canonical id (``ezr(qq_chart=off,...)``)
labels the variant in every table and file.
"""
from __future__ import annotations

import dataclasses
from typing import ClassVar

from simcore.errors import InputError


class RuleError(InputError):
    """An unknown rule field or a value it does not allow."""


def _as_written(value, choices):
    """A whole number given for a value written as digits (``lines=4`` from a dict: ``"4"``), else ``value``."""
    if isinstance(value, int) and not isinstance(value, bool) and str(value) in choices:
        return str(value)
    return value


def option(default, choices, section: str, doc: str):
    """Declare a rule field: its default, allowed values and the section it interprets."""
    return dataclasses.field(default=default, metadata={"choices": tuple(choices), "section": section, "doc": doc})


@dataclasses.dataclass(frozen=True)
class RulesBase:
    GAME: ClassVar[str] = ""
    PRESETS: ClassVar[dict[str, dict[str, str]]] = {}

    def __post_init__(self):
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            choices = f.metadata.get("choices")
            if choices and _as_written(value, choices) != value:
                value = _as_written(value, choices)
                object.__setattr__(self, f.name, value)
            if choices and value not in choices:
                raise RuleError(f"{self.GAME} rule {f.name}={value!r} is not allowed; "
                                f"allowed values: {', '.join(map(str, choices))}")

    @property
    def id(self) -> str:
        """Canonical variant id: every field in declaration order."""
        body = ",".join(f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self))
        return f"{self.GAME}({body})"

    def __str__(self) -> str:
        return self.id

    @classmethod
    def options(cls) -> dict[str, tuple]:
        """``{field: allowed values}`` for every rule field."""
        return {f.name: f.metadata["choices"] for f in dataclasses.fields(cls)}

    @classmethod
    def describe(cls) -> list[dict]:
        """One record per field: name, default, choices, section, doc."""
        return [
            {"name": f.name, "default": f.default, "choices": f.metadata["choices"],
             "section": f.metadata["section"], "doc": f.metadata["doc"]}
            for f in dataclasses.fields(cls)
        ]

    def with_options(self, spec: str | dict | None):
        """A copy with fields set from ``"field=value,field=value"`` or a dict.

        A spec's item without ``=`` names a preset: its fields are set first, and the spec's own fields then
        change them (``"short,slides=off"``).  Unknown fields, values and presets, a field or a preset given
        twice and two presets that set one field differently are :class:`RuleError` naming what is wrong and what
        is allowed, and so is an empty item (``"a=1,,b=2"``, a trailing comma).  An empty spec returns ``self``.
        """
        if not spec:
            return self
        if isinstance(spec, str):
            items, preset, named = {}, {}, []
            for part in spec.split(","):
                part = part.strip()
                if not part:
                    raise RuleError(f"{self.GAME} rules {spec!r} have an empty item; write 'field=value,...' "
                                    "with one comma between items")
                if "=" not in part:
                    if part not in self.PRESETS:
                        presets = f"; presets: {', '.join(self.PRESETS)}" if self.PRESETS else ""
                        raise RuleError(f"rule setting {part!r} must look like field=value or name a preset; "
                                        f"fields: {', '.join(self.options())}{presets}")
                    if part in named:
                        raise RuleError(f"{self.GAME} preset {part!r} is given twice; give each preset once")
                    named.append(part)
                    for k, v in self.PRESETS[part].items():
                        if k in preset and preset[k][1] != v:
                            raise RuleError(f"{self.GAME} presets {preset[k][0]!r} and {part!r} set {k} "
                                            f"differently ({preset[k][1]} and {v})")
                        preset[k] = (part, v)
                    continue
                k, v = (s.strip() for s in part.split("=", 1))
                if k in items and items[k] != v:       # the same value twice agrees, as options do
                    raise RuleError(f"{self.GAME} rule field {k!r} is given twice ({k}={items[k]} and {k}={v}); "
                                    "give each field once")
                items[k] = v
            items = {**{k: v for k, (_, v) in preset.items()}, **items}
        elif isinstance(spec, dict):
            items = dict(spec)
        else:
            raise RuleError(f"{self.GAME} rules must be 'field=value,...' or a dict, got {type(spec).__name__}")
        allowed = self.options()
        for k, v in items.items():
            if k not in allowed:
                raise RuleError(f"unknown {self.GAME} rule field {k!r}; fields: {', '.join(allowed)}")
            items[k] = v = _as_written(v, allowed[k])
            if v not in allowed[k]:
                raise RuleError(f"{self.GAME} rule {k}={v!r} is not allowed; "
                                f"allowed values: {', '.join(map(str, allowed[k]))}")
        return dataclasses.replace(self, **items)

    @classmethod
    def coerce(cls, rules):
        """``rules`` as this game's rule set: None (or "") is the rulebook, a ``"field=value,..."`` string (a
        preset's name among its items) or a dict sets fields on it, and a rule set of this class is returned as
        it is."""
        if rules is None or isinstance(rules, (str, dict)):
            return cls().with_options(rules)
        if isinstance(rules, cls):
            return rules
        if isinstance(rules, RulesBase):        # another game's: both classes are called Rules
            raise RuleError(f"{cls.GAME} rules must be {cls.GAME}'s, got {rules.GAME}'s rules {rules.id}")
        raise RuleError(f"{cls.GAME} rules must be a {cls.__name__}, a dict or 'field=value,...', "
                        f"got {type(rules).__name__}")

    @classmethod
    def preset(cls, name: str):
        """A named preset (see ``PRESETS``)."""
        if name not in cls.PRESETS:
            raise RuleError(f"unknown {cls.GAME} preset {name!r}; presets: {', '.join(cls.PRESETS)}")
        return cls().with_options(cls.PRESETS[name])
