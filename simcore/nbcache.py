"""numba's on-disk cache, made to notice changes in the modules a kernel uses.

numba stamps a cached function with the hash of its own source file only.  simcore's kernels call and inline
functions and read constants of other modules: the league season kernels play the games' kernels, every kernel
draws through :mod:`simcore.rng`, the Strat kernel reads the reading codes of ``readings.py``.  An edit to one of
those, or an upgrade that changes only them, would leave the callers' cached machine code in ``__pycache__``
running the old code, silently.

:func:`install` (run when :mod:`simcore` is imported, before any kernel is defined) puts locators in front of
numba's own for the files of this package.  They cache in the same places as numba's (``NUMBA_CACHE_DIR`` when
set, else the ``__pycache__`` beside the source, else the user-wide cache), but stamp a function with the hash
of its file and of every simcore module that file imports, directly or not (package ``__init__`` files are not
followed: they hold no kernel code).  Change any of them and the function compiles afresh.  Should a numba
release move the classes this relies on, install does nothing, and numba's own stamps apply.

install also starts the notice of kernels compiling (:func:`simcore.compiling.listen`): a line on stderr when a
function really compiles, that is when this cache has nothing valid for it.
"""
from __future__ import annotations

import ast
import functools
import hashlib
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def _module_file(root: Path, dotted: str) -> Path | None:
    """The file of module ``dotted`` (relative to the directory ``root``), not following packages."""
    p = root.joinpath(*dotted.split(".")) if dotted else root
    f = p.with_suffix(".py")
    return f if f.is_file() else None


@functools.lru_cache(maxsize=None)
def imports(path: Path, package: Path = PACKAGE) -> tuple[Path, ...]:
    """The modules of ``package`` that the file ``path`` imports at module level (absolute or relative)."""
    found = set()
    # module-level imports only: a kernel cannot use what a function imports when called from Python
    for node in ast.parse(path.read_bytes(), filename=str(path)).body:
        targets = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = path.parent
                for _ in range(node.level - 1):
                    base = base.parent
                mod = node.module or ""
            elif node.module and node.module.split(".")[0] == package.name:
                base, mod = package.parent, node.module
            else:
                continue
            targets.append((base, mod))
            targets += [(base, f"{mod}.{a.name}" if mod else a.name) for a in node.names]
        elif isinstance(node, ast.Import):
            targets += [(package.parent, a.name) for a in node.names if a.name.split(".")[0] == package.name]
        for base, dotted in targets:
            f = _module_file(base, dotted)
            if f is not None and package in f.resolve().parents:
                found.add(f.resolve())
    return tuple(sorted(found))


def closure(path: Path, package: Path = PACKAGE) -> list[Path]:
    """``path`` and every module of ``package`` it imports, directly or through others, sorted."""
    seen = {Path(path).resolve()}
    todo = [Path(path).resolve()]
    while todo:
        for f in imports(todo.pop(), package):
            if f not in seen:
                seen.add(f)
                todo.append(f)
    return sorted(seen)


def stamp(path: Path, package: Path = PACKAGE) -> bytes:
    """sha256 over the names and bytes of :func:`closure`."""
    files = tuple(closure(path, package))
    stats = tuple((st.st_mtime_ns, st.st_size) for st in map(Path.stat, files))
    return _stamp(files, stats, package)


@functools.lru_cache(maxsize=None)
def _stamp(files, stats, package):
    h = hashlib.sha256()
    for f in files:
        h.update(str(f.relative_to(package)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.digest()


def _in_package(py_file) -> bool:
    try:
        return PACKAGE in Path(py_file).resolve().parents
    except (OSError, TypeError):
        return False


def install() -> bool:
    """Put the closure-stamped locators first in numba's list; True when they are in place.  Starts the
    compile notice too."""
    import simcore.compiling as compiling

    compiling.listen()
    try:
        from numba.core import caching
        bases = (caching.UserProvidedCacheLocator, caching.InTreeCacheLocator, caching.UserWideCacheLocator)
        impl = getattr(caching, "CacheImpl", None) or caching._CacheImpl
        impl._locator_classes  # noqa: B018  (present in the numba releases this was written for)
    except (ImportError, AttributeError):
        return False
    if any(getattr(c, "_simcore", False) for c in impl._locator_classes):
        return True
    ours = []
    for base in bases:
        def from_function(cls, py_func, py_file):
            if not _in_package(py_file):
                return None
            return super(cls, cls).from_function(py_func, py_file)

        def get_source_stamp(self):
            return stamp(Path(self._py_file))

        ours.append(type("Simcore" + base.__name__, (base,), {
            "_simcore": True, "from_function": classmethod(from_function), "get_source_stamp": get_source_stamp}))
    impl._locator_classes = ours + list(impl._locator_classes)
    return True
