"""The parse cache: each top-level declaration's AST, keyed by its text.

`ludex check` and `ludex build` keep, in a `.ludex_cache/` folder of the current folder
(made by Ludex, marked with `CACHEDIR.TAG` and a `.gitignore` of its own, removable at
any time; `--no-cache` bypasses it), what parsing each top-level declaration of each
file gave: its AST and the diagnostics its parse reported. An entry is found by the
declaration's exact text, in a folder named after the compiler (a digest of the
grammar, of the syntax and core modules, of Lark's and Python's versions; the folders of
other compilers are removed when entries are written): editing one
card of a 30,000-card file parses that card again and takes the 29,999 others from the
cache, wherever their lines moved (spans are stored as they were and moved by as many
lines as the declaration moved).

A run that is killed never corrupts the cache: each file of it is written whole to a
temporary name and renamed over the old one. An entry that cannot be read is a miss.
Entries are read with an unpickler that builds only the AST's own classes (no code of
the file's choosing runs), and only what a clean parse produced is stored, so what
`ludex check` reports is the same with the cache on, off, cold or warm.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass
from functools import cache
from importlib import resources
from operator import attrgetter
from pathlib import Path
from typing import Any

from ..core.diagnostics import Diagnostic
from ..core.files import CACHE_DIR as CACHE_DIR
from ..core.source import Span
from . import ast

_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
        "# This folder is a cache made by Ludex (ludex check); it can be removed at any time.\n")
# the modules whose classes an entry may hold: the AST, spans, diagnostics and codes
_TRUSTED = ("ludex.syntax.ast", "ludex.syntax.ast_decls", "ludex.syntax.ast_exprs",
            "ludex.syntax.ast_stmts", "ludex.core.source", "ludex.core.diagnostics",
            "ludex.core.codes")


@dataclass(frozen=True, slots=True)
class Part:
    """What parsing one top-level declaration's text gave: the file's `within` (only the
    first part of a file may hold it), its declarations and the parse's diagnostics."""

    within: ast.Ref | None
    decls: tuple[ast.Decl, ...]
    diags: tuple[Diagnostic, ...]


class _Writer(pickle.Pickler):
    """Pickles a part: each node (spans too) as its class called with its fields."""

    def __init__(self, out: io.BytesIO) -> None:
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)

    def reducer_override(self, obj: Any) -> Any:
        cls = type(obj)
        values = _FIELDS.get(cls)
        if values is None:
            if not is_dataclass(cls):
                return NotImplemented
            values = _FIELDS[cls] = _field_values(tuple(f.name for f in fields(cls)))
        # rebuilt by calling the class (far faster than a slotted dataclass's __setstate__)
        return cls, values(obj)


def _field_values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """What reads a node's fields, in order, as a tuple (`attrgetter` gives one only for
    two names or more)."""
    if len(names) >= 2:
        return attrgetter(*names)
    return lambda obj: tuple(getattr(obj, name) for name in names)


_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
_FOUND: dict[tuple[str, str], type] = {}  # the classes `_Reader` has allowed


class _Reader(pickle.Unpickler):
    """Builds only the AST's classes (anything else is refused); spans `moved` lines down
    (a part stored at line 10 that now stands at line 12 has moved 2)."""

    def __init__(self, data: bytes, moved: int) -> None:
        super().__init__(io.BytesIO(data))
        self.moved = moved

    def find_class(self, module: str, name: str) -> Any:
        if name == "Span" and module == "ludex.core.source" and self.moved:
            by = self.moved

            def moved(file: str, line: int, col: int, end_line: int, end_col: int) -> Span:
                return Span(file, line + by, col, end_line + by, end_col)
            return moved
        found = _FOUND.get((module, name))
        if found is not None:
            return found
        if module == __name__ and name == "Part":
            return Part
        if module in _TRUSTED and "." not in name and not name.startswith("_"):
            cls = getattr(sys.modules.get(module), name, None)
            # a class defined there, nothing it imported (`Path`, `typing`) and no function
            if isinstance(cls, type) and cls.__module__ == module:
                _FOUND[(module, name)] = cls
                return cls
        raise pickle.UnpicklingError(f"{module}.{name} is not part of an AST")


class _Plain(pickle.Unpickler):
    """A file of entries holds only dicts, tuples, strings, numbers and bytes."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"{module}.{name} is not part of the cache's index")


def freeze(part: Part) -> bytes:
    out = io.BytesIO()
    _Writer(out).dump(part)
    return out.getvalue()


def thaw(data: bytes, moved: int = 0) -> Part | None:
    """The part stored in `data`, its spans `moved` lines down; None when the entry
    cannot be read (a miss)."""
    try:
        part = _Reader(data, moved).load()
    except Exception:  # noqa: BLE001 - a damaged entry is a miss, never an error
        return None
    return part if isinstance(part, Part) else None


def digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


@cache
def compiler_key() -> str:
    """What the stored ASTs depend on: the grammar, the syntax and core modules' source,
    Lark's and Python's versions."""
    import lark

    h = hashlib.blake2b(digest_size=12)
    h.update(resources.files("ludex.grammar").joinpath("ludex.lark").read_bytes())
    for package in ("ludex.syntax", "ludex.core"):
        folder = resources.files(package)
        for entry in sorted((e for e in folder.iterdir() if e.name.endswith(".py")),
                            key=lambda e: e.name):
            h.update(entry.name.encode() + b"\0" + entry.read_bytes())
    h.update(f"{lark.__version__} {sys.version_info[:3]}".encode())
    return h.hexdigest()


@dataclass
class ParseCache:
    """The parse cache under `root` (normally `.ludex_cache` in the current folder)."""

    root: Path = field(default_factory=lambda: Path(CACHE_DIR))
    _files: dict[str, dict[bytes, tuple[int, bytes]]] = field(default_factory=dict)
    _changed: set[str] = field(default_factory=set)
    _used: dict[str, set[bytes]] = field(default_factory=dict)

    @property
    def folder(self) -> Path:
        return self.root / f"parse-{compiler_key()}"

    def _name(self, path: str) -> Path:
        return self.folder / (hashlib.blake2b(path.encode("utf-8", "surrogatepass"),
                                              digest_size=12).hexdigest() + ".pickle")

    def entries(self, path: str) -> dict[bytes, tuple[int, bytes]]:
        """The entries stored for the file shown as `path` (empty when none can be read)."""
        if path not in self._files:
            self._files[path] = self._read(path)
            self._used[path] = set()
        return self._files[path]

    def _read(self, path: str) -> dict[bytes, tuple[int, bytes]]:
        try:
            with open(self._name(path), "rb") as file:
                stored = _Plain(file).load()
        except Exception:  # noqa: BLE001 - no cache, or a damaged one: parse
            return {}
        if not (isinstance(stored, tuple) and len(stored) == 2 and stored[0] == path
                and isinstance(stored[1], dict)):
            return {}
        return stored[1]

    def get(self, path: str, key: bytes, first: int) -> Part | None:
        hit = self.entries(path).get(key)
        if not (isinstance(hit, tuple) and len(hit) == 2 and type(hit[0]) is int):
            return None  # none, or not an entry
        part = thaw(hit[1], first - hit[0])
        if part is not None:
            self._used[path].add(key)
        return part

    def put(self, path: str, key: bytes, first: int, part: Part) -> None:
        self.entries(path)[key] = (first, freeze(part))
        self._used[path].add(key)
        self._changed.add(path)

    def read_extra(self, name: str) -> bytes | None:
        """A file of the cache's own beside the entries (the grammar's tables), or None."""
        try:
            return (self.folder / name).read_bytes()
        except OSError:
            return None

    def write_extra(self, name: str, data: bytes) -> None:
        if self.prepare():
            write_atomic(self.folder / name, data)

    def save(self) -> None:
        """Write the files whose entries changed, keeping only the entries this run used;
        nothing is written when the folder cannot be made (the cache is an aid only). The
        entries are let go of then: the later stages need the memory more."""
        if self._changed and self.prepare():
            for path in sorted(self._changed):
                used = self._used.get(path, set())
                kept = {k: v for k, v in self._files[path].items() if k in used}
                write_atomic(self._name(path), pickle.dumps((path, kept),
                                                             protocol=pickle.HIGHEST_PROTOCOL))
            self._prune()
        self._changed.clear()
        self._files.clear()
        self._used.clear()

    def _prune(self) -> None:
        """Remove the folders another compiler (an older Ludex, a changed grammar) wrote:
        their entries are never read again, and each holds a copy of every declaration."""
        try:
            stale = [p for p in self.root.iterdir() if p.name.startswith("parse-")
                     and p.name != self.folder.name and p.is_dir() and not p.is_symlink()]
        except OSError:
            return
        for folder in stale:
            shutil.rmtree(folder, ignore_errors=True)

    def prepare(self) -> bool:
        """Make the cache folder (tagged, ignored by git); False when it cannot be used:
        a link, or something that is not a folder, stands at its name."""
        try:
            if self.root.is_symlink() or (self.root.exists() and not self.root.is_dir()):
                return False
            if not self.root.exists():
                self.root.mkdir()
                (self.root / "CACHEDIR.TAG").write_text(_TAG, encoding="utf-8")
                (self.root / ".gitignore").write_text("# made by Ludex\n*\n", encoding="utf-8")
            self.folder.mkdir(exist_ok=True)
        except OSError:
            return False
        return True


def write_atomic(path: Path, data: bytes) -> None:
    """Write whole or not at all: a temporary file in the same folder, renamed."""
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".pickle")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)

