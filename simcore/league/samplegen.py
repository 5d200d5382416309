"""Rebuild the shipped sample leagues: ``python -m simcore.league.samplegen [GAME ...] [--out DIR]``.

Each game that supports leagues ships a sample league in its own folder (its league adapter's ``sample``) and
knows how to write it again (``Adapter.write_sample``); every file is a function of ``SEED``, so rerunning this
rewrites the same files.
"""
from __future__ import annotations

import argparse
import warnings
from pathlib import Path

from simcore.deprecation import SimcoreDeprecationWarning
from simcore.errors import UnknownNameError

SEED = 2026


def samples() -> dict:
    """``{game id: league adapter}`` for every registered game that ships a sample league."""
    from simcore.games import games

    return {gid: g.league for gid, g in games().items() if g.league is not None and g.league.sample is not None}


def sample(game_id: str) -> Path:
    """The folder of a game's sample league (it holds ``league.toml``)."""
    s = samples()
    if not isinstance(game_id, str) or game_id.lower() not in s:
        raise UnknownNameError(f"no sample league for {game_id!r}; samples: {', '.join(s)}")
    return Path(s[game_id.lower()].sample)


class _Samples:
    """``DATA / "ezr"``: the sample folders as earlier releases found them (one folder per game)."""

    def __truediv__(self, game_id: str) -> Path:
        warnings.warn("simcore.league.samplegen.DATA / GAME is deprecated: use simcore.league.sample(GAME)",
                      SimcoreDeprecationWarning, stacklevel=2)
        return sample(game_id)


#: Deprecated: use :func:`sample`.
DATA = _Samples()


def main(argv=None):
    p = argparse.ArgumentParser(description="Rewrite the shipped sample leagues.")
    p.add_argument("--out", type=Path, default=None,
                   help="folder to write the samples into, one subfolder each (default: where they ship)")
    p.add_argument("samples", nargs="*", metavar="GAME", help="which samples (default: all)")
    args = p.parse_args(argv)
    known = samples()
    for name in args.samples:
        if name not in known:
            p.error(f"unknown sample {name!r}; samples: {', '.join(known)}")
    for name in args.samples or known:
        out = args.out / name if args.out else Path(known[name].sample)
        known[name].write_sample(out, SEED)
        print(f"wrote {out}")


if __name__ == "__main__":
    main()
