"""Memory layouts generated from declarations: counter columns, flat state regions, kernel outputs.

Kernels address flat arrays by offset.  Offsets are never written by hand: a layout is declared as a list of
``(name, shape)`` pieces and the offsets are computed, so adding a field is one line and nothing is renumbered.
The results are namedtuples of ints: numba reads a module-level namedtuple as a constant, so ``Z[ZL.ice + i]``
compiles to the same code as a literal offset.

* :func:`fields` -- column indices of a counter row (``T.goals`` = 0, ``T.shots`` = 1, ...);
* :func:`regions` -- offsets of the pieces of one flat array (``ZL.ice``: where the (2, 6) players on the
  ice start) and its total size;
* :class:`Outputs` -- a kernel's output arrays, declared once by name, per-item shape and dtype, allocated for a
  run and documented from the same declaration.
"""
from __future__ import annotations

import collections
import math
from dataclasses import dataclass

import numpy as np


def fields(typename: str, names) -> tuple:
    """A namedtuple whose fields are ``names`` (a list or a space-separated string) numbered 0, 1, ..."""
    names = names.split() if isinstance(names, str) else list(names)
    return collections.namedtuple(typename, names)(*range(len(names)))


def regions(typename: str, spec) -> tuple[tuple, int]:
    """``(offsets, size)`` of a flat array made of the pieces ``spec``: ``[(name, shape), ...]`` in order, a
    shape being an int or a tuple of ints (its product is the piece's length)."""
    names, offsets = [], []
    pos = 0
    for name, shape in spec:
        n = math.prod(shape) if isinstance(shape, tuple) else int(shape)
        if n < 0:
            raise ValueError(f"{typename}.{name}: negative size {shape}")
        names.append(name)
        offsets.append(pos)
        pos += n
    return collections.namedtuple(typename, names)(*offsets), pos


@dataclass(frozen=True)
class Output:
    """One output array of a kernel: ``name``, the shape of one item's part (per game, per season or per
    block; an entry may be a name, such as ``"teams"``, given its size when the arrays are allocated), its
    dtype and what it holds."""

    name: str
    shape: tuple
    dtype: type
    doc: str = ""


class Outputs:
    """A kernel's output arrays, in the order the kernel receives them (``out[0]``, ``out[1]``, ...).

    :meth:`allocate` gives zeroed arrays of ``(n, *shape)`` for ``n`` items (named dimensions given as
    keywords); :meth:`describe` the table a game's documentation shows.  ``a + b`` is ``a``'s outputs then
    ``b``'s.
    """

    def __init__(self, *specs: Output):
        self.specs = tuple(specs)
        self.names = tuple(s.name for s in specs)
        if len(set(self.names)) != len(self.names):
            raise ValueError(f"output names repeat: {self.names}")

    def __add__(self, other: "Outputs") -> "Outputs":
        return Outputs(*self.specs, *other.specs)

    def allocate(self, n: int, **dims: int) -> tuple[np.ndarray, ...]:
        def size(d):
            if isinstance(d, str):
                if d not in dims:
                    raise ValueError(f"outputs {self.names}: give the size of the dimension {d!r}")
                return int(dims[d])
            return d
        return tuple(np.zeros((int(n), *map(size, s.shape)), s.dtype) for s in self.specs)

    def as_dict(self, arrays) -> dict[str, np.ndarray]:
        return dict(zip(self.names, arrays))

    def describe(self, leading: str = "n") -> list[dict]:
        return [{"name": s.name, "shape": "(" + ", ".join([leading, *map(str, s.shape)]) + ")",
                 "dtype": np.dtype(s.dtype).name, "doc": s.doc} for s in self.specs]
