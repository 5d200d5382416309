"""Package attributes loaded on first use, so that importing a package (and ``simcore --help``) stays cheap."""
from __future__ import annotations

import importlib


def attributes(package: str, names: dict[str, str], modules: tuple[str, ...] = ()):
    """A module ``__getattr__`` for ``package``: ``names`` maps an attribute to the submodule defining it;
    ``modules`` are submodules given as attributes themselves."""
    def __getattr__(name):
        if name in names:
            return getattr(importlib.import_module(f"{package}.{names[name]}"), name)
        if name in modules:
            return importlib.import_module(f"{package}.{name}")
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
