"""Output files that are whole or absent, and output folders that say when they are complete.

Every file simcore writes (reports, figures, parquet and CSV tables) goes through :func:`replacing`: it is
written under a temporary name in its own folder (``NAME.<random>.partial``) and renamed onto ``NAME`` once
complete.  An interrupted run (Ctrl-C, a full disk, an error) removes its temporary file; a process killed
outright leaves it under its ``.partial`` name.  No file that looks finished is ever half written.

A command that writes several files into one folder (``--out DIR``) writes them through a :class:`Folder`,
which writes ``manifest.json`` last: each file's name, size and sha256, the command and simcore's version.  A
folder is complete when its manifest is there and its files match it: :func:`read_manifest` and
:func:`read_folder` refuse any other folder (:class:`IncompleteOutput`), and :func:`check_complete` lets
:func:`simcore.results.read_parquet` refuse a table of an incomplete folder.  The files are renamed into place
together at the end; replacing a folder's files (``--force``) removes the old manifest just before, so the
folder never reads as complete with a mix of old and new files.  A command runs in :func:`one_run`: when it
fails, the outputs it had finished and the folders it made are taken back, so that nothing it wrote is left to
refuse the same command's next run.
"""
from __future__ import annotations

import contextvars
import hashlib
import json
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

from simcore.errors import InputError
from simcore.signals import held

PARTIAL = ".partial"
MANIFEST = "manifest.json"
#: The key of a file's own metadata (parquet) naming the manifest of the folder it was written into.
IN_FOLDER = "manifest"

#: The command line being run (``simcore.cli.main`` sets it), recorded in manifests.
COMMAND: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("simcore_command", default=None)

_UMASK = os.umask(0)
os.umask(_UMASK)

#: The new files and folders the running command has written so far (:func:`one_run`); None outside a command.
_RUN: contextvars.ContextVar[list | None] = contextvars.ContextVar("simcore_run_outputs", default=None)


@contextmanager
def one_run():
    """A command's outputs as one: when the command ends with an exception (Ctrl-C, an error after a first output
    was written), the files and folders it created are removed, newest first, so that running it again is not
    refused for an output of the failed run (``--plot`` written, ``--report`` not).  Only what did not exist
    before is removed: a file the command replaced (``--force``, a results file a result was added to) stays, and
    so does an output folder that replaced one of its kind, or a finished dataset (:func:`keep`)."""
    token = _RUN.set([])
    try:
        yield
    except (SystemExit, BrokenPipeError):
        raise                       # --help, or a reader that stopped reading (`| head`): the outputs are whole
    except BaseException:
        for path in reversed(_RUN.get()):
            try:
                path.rmdir() if path.is_dir() else path.unlink(missing_ok=True)
            except OSError:
                pass                # a folder that holds something else stays
        raise
    finally:
        _RUN.reset(token)


def _created(path: Path) -> None:
    run = _RUN.get()
    if run is not None:
        run.append(path)


def make_folder(path) -> Path:
    """Create the folder ``path`` with its missing parents; the folders made go with a command that fails
    (:func:`one_run`) once the files written into them have gone."""
    for folder in _make(Path(path)):
        _created(folder)
    return Path(path)


def _make(path: Path) -> list[Path]:
    """Create ``path`` and its missing parents one at a time; the folders this call made, outermost first (a
    folder that was there is never among them: in ``new/../mine`` the system needs ``new``, which the call makes,
    while ``mine`` is the user's)."""
    made: list[Path] = []

    def make(p: Path) -> None:
        if p.is_dir():
            return
        if p.parent != p:
            make(p.parent)
        try:
            os.mkdir(p)
        except FileExistsError:
            return
        made.append(p)

    make(path)
    if not path.is_dir():
        raise NotADirectoryError(f"{path} is a file, not a folder")
    return made


def keep(path) -> None:
    """``path`` stays whatever the running command does next (:func:`one_run`): a complete output whose loss
    would cost more than the rerun it saves (a dataset's manifest), or the manifest of a folder that replaced
    one of its kind."""
    run = _RUN.get()
    if run is not None:
        run[:] = [p for p in run if p != Path(path)]


class IncompleteOutput(InputError):
    """An output folder without its manifest, or whose files do not match it: written by a run that did not
    finish (or changed since)."""


def check_flag(value, name: str) -> bool:
    """``value`` as a bool: True or False (1 and 0 too); anything else, ``"no"`` above all, is an InputError naming
    ``name``: a string is truthy, and a truthy ``force`` replaces a user's file."""
    if isinstance(value, str) or value not in (True, False):
        raise InputError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def output_path(path, what: str = "an output file") -> Path:
    """``path`` as a Path: a str or an ``os.PathLike`` that names something (``""`` would be the current folder)."""
    from simcore.textio import as_path

    if isinstance(path, str) and not path.strip():
        raise InputError(f"{what} needs a name, got {path!r}")
    return as_path(path, what)


def refuse_existing(path, overwrite: bool, hint: str = "pass overwrite=True to replace it") -> None:
    """FileExistsError if ``path`` exists and may not be replaced; InputError, ``overwrite`` or not, if the running
    command read it as an input (:func:`simcore.textio.input_clash`)."""
    from simcore.textio import input_clash

    check_flag(overwrite, "overwrite")

    clash = input_clash(path)
    if clash:
        raise InputError(clash)
    if not overwrite and Path(path).exists():
        raise FileExistsError(f"{path} exists; {hint}")


def check_folder(path) -> None:
    """FileNotFoundError naming ``path`` when the folder it would be written into does not exist (an output
    file's folder is not created; a whole output folder is, by :class:`Folder`)."""
    path = Path(path)
    if not path.parent.is_dir():
        raise FileNotFoundError(f"{str(path)!r}: no folder {str(path.parent)!r}")


def check_writable(path, folder: bool = False) -> None:
    """PermissionError naming ``path`` when no file can be written where it goes, checked before a run by
    writing and removing an empty file there: into ``path``'s folder, or with ``folder`` (``path`` is an output
    folder, created when missing) into ``path`` itself or the nearest folder above it that exists.  A read-only
    file system, a folder of someone else's, ``/proc``: each refuses the run before it starts (a full disk
    still takes an empty file, so it is found when the output is written)."""
    path = Path(path)
    where = path if folder else path.parent
    while not where.exists() and where != where.parent:
        where = where.parent
    if not where.is_dir():
        return                      # a file in the way: the writer's own check names it
    with held():                    # the probe is gone before a Ctrl-C is raised
        try:
            fd, name = tempfile.mkstemp(prefix=".simcore-check.", suffix=PARTIAL, dir=where)
        except OSError as exc:
            raise PermissionError(f"{path}: cannot write into {str(where) or '.'} ({exc.strerror or exc})") from None
        os.close(fd)
        os.unlink(name)


def written_name(filename: str) -> str:
    """The output a writer's temporary file ``NAME.<random>.partial`` stands for (``NAME``); any other name as
    it is, for a message that names what the user asked for."""
    import re

    m = re.fullmatch(r"(.+)\.[A-Za-z0-9_]{8}" + re.escape(PARTIAL), str(filename))
    return m.group(1) if m else str(filename)


@contextmanager
def replacing(path, *, overwrite: bool = False):
    """Write ``path`` whole or not at all: yields a temporary path in the same folder to write to, and renames
    it onto ``path`` when the block ends without an exception; on any exception (KeyboardInterrupt
    included) the temporary file is removed and ``path`` is left as it was.

    Refuses (FileExistsError) when ``path`` exists, before and after the block, unless ``overwrite``.
    """
    path = output_path(path)
    tmp = None
    try:
        with held():                # a Ctrl-C as the file is made is raised here, with tmp named for the clean-up
            tmp = _temporary(path, overwrite)
        yield tmp
        _finish(tmp)
        new = not path.exists()
        _commit(tmp, path, overwrite)
        if new:
            _created(path)
    except BaseException:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        raise


def _temporary(path: Path, overwrite: bool) -> Path:
    """A new empty file ``NAME.<random>.partial`` beside ``path``."""
    if path.is_dir():
        raise IsADirectoryError(f"{path} is a folder, not a file")
    check_folder(path)
    refuse_existing(path, overwrite)
    fd, name = tempfile.mkstemp(prefix=temporary_prefix(path), suffix=PARTIAL, dir=path.parent)
    os.close(fd)
    return Path(name)


def temporary_prefix(path: Path, lead: str = "", suffix: str = PARTIAL) -> str:
    """``LEAD NAME.`` for a temporary ``LEAD NAME.<random>SUFFIX`` beside ``path`` (mkstemp's prefix), NAME cut
    short when the whole would pass the longest file name the folder takes (255 bytes on most file systems):
    any name the user may write must get its temporary file too."""
    try:
        limit = os.pathconf(path.parent if str(path.parent) else ".", "PC_NAME_MAX")
    except (OSError, ValueError):
        limit = 255
    room = limit - len(os.fsencode(lead + ".")) - 8 - len(os.fsencode(suffix))     # mkstemp's 8 random characters
    raw = os.fsencode(path.name)
    if len(raw) <= room:
        return f"{lead}{path.name}."
    return lead + raw[:room].decode("utf-8", "ignore") + "."


def _finish(tmp: Path) -> None:
    os.chmod(tmp, 0o666 & ~_UMASK)          # mkstemp's file is private; the output gets the usual mode
    with open(tmp, "rb") as fh:
        os.fsync(fh.fileno())


def _commit(tmp: Path, path: Path, overwrite: bool) -> None:
    refuse_existing(path, overwrite)
    os.replace(tmp, path)


def write_text(path, text: str, *, overwrite: bool = False) -> Path:
    with replacing(path, overwrite=overwrite) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return Path(path)


def write_json(path, doc, *, overwrite: bool = False) -> Path:
    return write_text(path, json.dumps(doc, indent=2) + "\n", overwrite=overwrite)


def csv_float(x: float) -> str:
    """How a CSV output writes a float: 15 significant digits, so 16.95 computed as 16.950000000000003 reads 16.95
    (the parquet outputs keep every bit), and a whole value as ``1.0``, so a column of floats reads back as floats."""
    return repr(float(f"{x:.15g}"))


def write_csv(path, frame, *, overwrite: bool = False) -> Path:
    with replacing(path, overwrite=overwrite) as tmp:
        frame.to_csv(tmp, index=False, float_format=csv_float)
    return Path(path)


def write_parquet(path, frame, meta: dict | None = None, *, overwrite: bool = False,
                  extra: dict[bytes, bytes] | None = None) -> Path:
    """A frame as parquet, ``meta`` (JSON) in the file's key-value metadata under the key ``simcore``, and any
    ``extra`` keys beside it."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    tbl = pa.Table.from_pandas(frame, preserve_index=False)
    if meta is not None or extra:
        md = dict(tbl.schema.metadata or {})
        if meta is not None:
            md[b"simcore"] = json.dumps(meta, default=str).encode()
        md.update(extra or {})
        tbl = tbl.replace_schema_metadata(md)
    with replacing(path, overwrite=overwrite) as tmp:
        pq.write_table(tbl, tmp)
    return Path(path)


def figure_formats() -> dict[str, str]:
    """The figure formats matplotlib writes here: ``{extension: description}``.  PGF is left out unless the TeX
    program matplotlib lays its text out with (``rcParams["pgf.texsystem"]``, xelatex by default) is installed:
    without it the figure would fail only once the run is over."""
    import shutil

    import matplotlib
    from matplotlib.backend_bases import FigureCanvasBase

    formats = dict(FigureCanvasBase.get_supported_filetypes())
    if shutil.which(matplotlib.rcParams["pgf.texsystem"]) is None:
        formats.pop("pgf", None)
    return formats


def figure_path(path) -> Path:
    """The file a figure named ``path`` is written to, decided once: ``path`` itself when it ends in a figure
    format (``.png``, ``.pdf``, ``.svg``, ...), ``path.png`` when it has no extension (as matplotlib would
    name it).  A folder or an unknown extension is a ValueError."""
    p = Path(path)
    if str(path).endswith(("/", os.sep)) or p.is_dir():
        raise InputError(f"{path} is a folder; name a figure file (FILE.png, FILE.pdf, FILE.svg)")
    ext = p.suffix[1:].lower()
    if not ext:
        return p.with_name(p.name + ".png")
    formats = figure_formats()
    if ext not in formats:
        import matplotlib

        why = (f"needs {matplotlib.rcParams['pgf.texsystem']} (matplotlib lays PGF text out with it), which is not "
               "installed" if ext == "pgf" else "is not a figure format")
        raise InputError(f"{path}: {p.suffix!r} {why}; use one of "
                         f"{', '.join('.' + f for f in sorted(formats))} (no extension: .png)")
    return p


def save_figure(fig, path, *, overwrite: bool = False, **savefig) -> Path:
    """``fig.savefig`` to :func:`figure_path` ``(path)``, whole or not at all; returns the path written."""
    path = figure_path(path)
    with replacing(path, overwrite=overwrite) as tmp:
        fig.savefig(tmp, format=path.suffix[1:].lower(), **savefig)
    return path


def figure_command(argv, prog: str, description: str, default: str, build, arguments=None) -> int:
    """A script that writes one figure (``python -m ...plots``): the positional OUT (default ``default``),
    ``--force`` and the options ``arguments(parser)`` adds; ``build(args)`` makes the figure.  A refused input
    (an InputError, such as a bad board file), an OUT that exists without ``--force`` or one that cannot be
    written (its folder missing) is one line on stderr and status 2, as with the simcore command; the figure is
    written whole (:func:`save_figure`)."""
    import argparse
    import sys

    ap = argparse.ArgumentParser(prog=prog, description=description)
    ap.add_argument("out", nargs="?", default=default)
    if arguments is not None:
        arguments(ap)
    ap.add_argument("--force", action="store_true", help="replace OUT if it exists")
    args = ap.parse_args(argv)
    try:
        refuse_existing(figure_path(args.out), args.force, hint="pass --force to replace it")
        out = save_figure(build(args), args.out, overwrite=args.force, dpi=110, bbox_inches="tight")
    except (InputError, OSError) as e:           # an existing OUT, a folder that is not there
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
    print(out)
    return 0


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def replaced_files(folder, names, replaces=()) -> list[str]:
    """The files that replacing the output folder ``folder`` with ``names`` removes: those its old manifest lists
    that are not in ``names`` but in ``replaces`` (the other files the command may write).  InputError naming the
    manifest and the file when it lists any other: the folder holds another command's output (a dataset, say),
    and a new manifest would leave its files unlisted, so unreadable.  :class:`Folder` checks it; a command checks
    it too before a long run."""
    mf = Path(folder) / MANIFEST
    if not mf.is_file():
        return []
    try:
        listed = [f["name"] for f in json.loads(mf.read_text(encoding="utf-8"))["files"]]
        if not all(isinstance(n, str) for n in listed):
            raise TypeError
    except (OSError, ValueError, KeyError, TypeError):
        raise InputError(f"{mf} is not a simcore manifest; write to another folder") from None
    names, replaces = set(names), set(replaces)
    foreign = [n for n in listed if n not in names and n not in replaces]
    if foreign:
        raise InputError(f"{mf} lists {foreign[0]!r}, which this command does not write: the folder holds "
                         "another command's output; write to another folder")
    return [n for n in listed if n not in names]


def check_own_folder(folder, names) -> None:
    """InputError when the output folder ``folder`` holds one of ``names`` but no manifest: its files are not a
    simcore output (a league's ``teams.csv``, a user's own), so no ``--force`` replaces them."""
    folder = Path(folder)
    if not folder.is_dir() or (folder / MANIFEST).exists():
        return
    there = next((n for n in names if n != MANIFEST and (folder / n).exists()), None)
    if there is not None:
        raise InputError(f"{folder / there} exists and {folder} has no {MANIFEST}: its files are not a finished "
                         "simcore output (another program's, or left by a run that was stopped), so they are not "
                         "replaced; write to another folder, or remove them")


class Folder:
    """Several files written into one folder, ``manifest.json`` last::

        with Folder(out, ["games.parquet", "teams.csv"], overwrite=force) as f:
            f.parquet("games.parquet", frame, meta)
            f.csv("teams.csv", teams)

    On creation it refuses (FileExistsError, naming the file) when any of ``names`` or the manifest exists,
    unless ``overwrite``; ``out`` may not be a file, and a folder with one of ``names`` but no manifest is not
    simcore's output (:func:`check_own_folder`), refused even so.  With ``overwrite`` it replaces a folder of its kind
    only: an old manifest that lists a file neither in ``names`` nor in ``replaces`` (the other files the command
    may write) is another command's output, a dataset's say, and is refused (InputError): the new manifest would
    leave that output's files unlisted, so unreadable.  Entering the block creates the folder.  The files are
    written under their ``.partial`` names; leaving the block without an exception removes an old manifest and
    the files it lists that this run does not write (from ``replaces``), renames the files into place and writes
    the new manifest of every file written.  An exception (KeyboardInterrupt included) removes the partial files
    and the folders the block made: the folder is left as it was.
    """

    def __init__(self, path, names, *, overwrite: bool = False, hint: str = "pass overwrite=True to replace it",
                 command: list[str] | None = None, replaces=()):
        self.path = output_path(path, "an output folder")
        self.names = list(names)
        if self.path.exists() and not self.path.is_dir():
            raise NotADirectoryError(f"{self.path} is a file, not a folder")
        self.overwrite = overwrite
        check_own_folder(self.path, self.names)
        for name in [*self.names, MANIFEST]:
            refuse_existing(self.path / name, overwrite, hint)
        self.stale = replaced_files(self.path, self.names, replaces)
        self.command = command if command is not None else COMMAND.get()
        self.staged: dict[str, Path] = {}

    def __enter__(self) -> "Folder":
        self.created = _make(self.path)
        return self

    def __exit__(self, kind, exc, tb):
        try:
            if kind is None:
                # a folder of its kind replaced (--force) stays the new whole output if the command fails later;
                # a new one goes with the command, folders, files and manifest
                fresh = not (self.path / MANIFEST).exists()
                for path in self.created:
                    _created(path)
                (self.path / MANIFEST).unlink(missing_ok=True)     # incomplete from the first rename on
                for name in self.stale:                             # the old run's, not left beside the new
                    (self.path / name).unlink(missing_ok=True)
                for name, tmp in self.staged.items():
                    new = not (self.path / name).exists()
                    _commit(tmp, self.path / name, self.overwrite)
                    if new and fresh:
                        _created(self.path / name)
                self._write_manifest()          # recorded by write_json, as a new file of the run
                if not fresh:
                    keep(self.path / MANIFEST)
        finally:
            for tmp in self.staged.values():
                tmp.unlink(missing_ok=True)
            if kind is not None:
                for path in reversed(self.created):     # a folder this run made and left empty goes with it
                    try:
                        path.rmdir()
                    except OSError:
                        break
        return False

    @contextmanager
    def file(self, name: str):
        """A temporary path to write the folder's file ``name`` to; renamed to ``name`` when the folder's
        block ends."""
        if name == MANIFEST or Path(name).name != name:
            raise ValueError(f"{name!r} is not a file name of the folder")
        if name in self.staged:
            raise ValueError(f"{name!r} is written twice")
        with held():                # staged (the folder's clean-up removes it) before a Ctrl-C is raised
            tmp = _temporary(self.path / name, self.overwrite)
            self.staged[name] = tmp
        yield tmp
        _finish(tmp)

    def text(self, name: str, text: str) -> Path:
        with self.file(name) as tmp:
            tmp.write_text(text, encoding="utf-8")
        return self.path / name

    def json(self, name: str, doc) -> Path:
        return self.text(name, json.dumps(doc, indent=2) + "\n")

    def csv(self, name: str, frame) -> Path:
        with self.file(name) as tmp:
            frame.to_csv(tmp, index=False, float_format=csv_float)
        return self.path / name

    def parquet(self, name: str, frame, meta: dict | None = None) -> Path:
        """A parquet table whose metadata names the folder's manifest (:func:`check_complete` reads it)."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        tbl = pa.Table.from_pandas(frame, preserve_index=False)
        md = dict(tbl.schema.metadata or {})
        md[b"simcore"] = json.dumps({**(meta or {}), IN_FOLDER: MANIFEST}, default=str).encode()
        with self.file(name) as tmp:
            pq.write_table(tbl.replace_schema_metadata(md), tmp)
        return self.path / name

    def figure(self, name: str, fig, **savefig) -> Path:
        fmt = figure_path(self.path / name).suffix[1:].lower()
        with self.file(name) as tmp:
            fig.savefig(tmp, format=fmt, **savefig)
        return self.path / name

    def _write_manifest(self) -> None:
        import simcore

        files = [{"name": n, "bytes": (self.path / n).stat().st_size, "sha256": _sha256(self.path / n)}
                 for n in self.staged]
        doc = {"simcore": simcore.__version__, "command": self.command, "files": files}
        write_json(self.path / MANIFEST, doc, overwrite=True)


def read_manifest(path, *, verify: bool = True) -> dict:
    """The manifest of the output folder ``path``, checked: IncompleteOutput when there is none (an
    interrupted or unfinished run) or a file it lists is missing or differs (size, and sha256 with
    ``verify``)."""
    path = Path(path)
    mf = path / MANIFEST
    if not path.exists():
        raise FileNotFoundError(f"{path}: no such folder")
    if not path.is_dir():
        raise IncompleteOutput(f"{path} is not an output folder")
    if not mf.is_file():
        raise IncompleteOutput(f"{path} has no {MANIFEST}: a simcore command did not write it, or its run did not "
                               "finish, so its files are incomplete (run the command again)")
    try:
        doc = json.loads(mf.read_text(encoding="utf-8"))
        files = doc["files"]
        entries = [(f["name"], int(f["bytes"]), str(f["sha256"])) for f in files]
    except (ValueError, KeyError, TypeError) as exc:
        raise IncompleteOutput(f"{mf}: not a simcore manifest ({exc})") from None
    for name, size, digest in entries:
        p = path / name
        if not p.is_file():
            raise IncompleteOutput(f"{path}: {name}, listed in {MANIFEST}, is missing")
        if p.stat().st_size != size or (verify and _sha256(p) != digest):
            raise IncompleteOutput(f"{path}: {name} differs from the file {MANIFEST} lists (changed or "
                                   "partly rewritten)")
    return doc


def read_folder(path, *, verify: bool = True) -> dict:
    """The tables of a complete output folder (:func:`read_manifest`): ``{name: DataFrame}`` for its parquet
    and CSV files, ``{name: object}`` for its JSON files, ``{name: str}`` for its other text files (figures
    are left out); a dataset's table (``TABLE/part-*.parquet``, :mod:`simcore.dataset`) as one frame under
    ``TABLE``."""
    import pandas as pd

    path = Path(path)
    doc = read_manifest(path, verify=verify)
    out = {}
    for f in doc["files"]:
        p = path / f["name"]
        ext = p.suffix.lower()
        if "/" in f["name"]:               # a dataset's table, one part per block (simcore.dataset): read whole
            table = f["name"].split("/", 1)[0]
            if table not in out:
                out[table] = pd.read_parquet(path / table)
        elif ext == ".parquet":
            out[f["name"]] = pd.read_parquet(p)
        elif ext == ".csv":
            # only an empty cell is missing: a team named NA or nan stays a name
            out[f["name"]] = pd.read_csv(p, keep_default_na=False, na_values=[""])
        elif ext == ".json":
            out[f["name"]] = json.loads(p.read_text(encoding="utf-8"))
        elif ext in (".md", ".txt", ".html"):
            out[f["name"]] = p.read_text(encoding="utf-8")
    return out


def check_complete(path, meta: dict) -> None:
    """IncompleteOutput when the file ``path``, whose own metadata is ``meta``, was written into an output
    folder (:meth:`Folder.parquet`) or is a part of a dataset folder (:mod:`simcore.dataset`, its manifest two
    levels up) that is not complete or does not list it as it is."""
    if not isinstance(meta, dict):
        return
    path = Path(path)
    if IN_FOLDER in meta:
        folder, name = path.parent, path.name
    elif "block" in meta and "first_game" in meta:        # DIR/<table>/part-<block>.parquet
        folder, name = path.parent.parent, f"{path.parent.name}/{path.name}"
    else:
        return
    doc = read_manifest(folder, verify=False)
    listed = {f["name"]: f for f in doc["files"]}
    if name not in listed:
        raise IncompleteOutput(f"{path} is not listed in {folder / MANIFEST}: it is left from a run that did "
                               "not finish")
    if _sha256(path) != listed[name]["sha256"]:
        raise IncompleteOutput(f"{path} differs from the file {folder / MANIFEST} lists")
