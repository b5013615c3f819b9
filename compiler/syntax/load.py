"""Find game folders and read their `.ludex` and card data files as text, safely.

A PATH is a rules root (each sub-folder with sources is a game), a game folder
(it holds sources itself), or a single file (a game of one file, as the test
fixtures are). PATH arguments are trusted; everything found inside them is not:
the walk never follows a linked folder, refuses a linked file that resolves
outside its PATH or to anything but a regular file, and is bounded in depth and
file count. Files are opened without blocking, checked to be regular files and
read up to a size limit, so no input can name a device, a FIFO or a file
outside the rules. Every refusal is an E501 naming the file; nothing is read.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..core.files import IMAGE_SUFFIXES as IMAGE_SUFFIXES
from ..core.source import SourceFile, display_path
from .cache import CACHE_DIR
from .carddata import CARD_SUFFIXES

MAX_BYTES = 8 * 1024 * 1024
MAX_FILES = 10_000  # source files in one game
MAX_DEPTH = 32  # folder levels below a PATH argument
SUFFIXES = (".ludex", *CARD_SUFFIXES)
# pictures an `image` field names (checked by `semantics.images`): kept, never an N503
_LINK_HINT = "commit the file itself instead of a symbolic link"


@dataclass(frozen=True, slots=True)
class GameFiles:
    folder: str
    files: tuple[SourceFile, ...]
    unreadable: tuple[SourceFile, ...] = ()  # rejected files, kept to show their lines


@dataclass(slots=True)
class Found:
    """A game folder's sources in path order, the links that may be followed, and the
    files and folders refused (already reported)."""

    folder: Path
    files: list[Path] = field(default_factory=list)
    follow: set[Path] = field(default_factory=set)
    refused: list[Path] = field(default_factory=list)


def _is_source(name: str) -> bool:
    return name.endswith(SUFFIXES)


def _shown(path: Path) -> str:
    """`path` for a message, its last part unresolved: a link is named, not its target."""
    return (Path(display_path(path.parent)) / path.name).as_posix()


def _scan(folder: Path, diags: Diagnostics) -> list[os.DirEntry[str]] | None:
    """A folder's entries in path order, or None (reported) when it cannot be listed."""
    try:
        with os.scandir(folder) as entries:
            return sorted(entries, key=lambda e: Path(e.path))
    except OSError as err:
        diags.add(Code.CANNOT_READ, f"cannot read folder {_shown(folder)}: {err.strerror}", None,
                  "make the folder readable, or remove it from the rules")
        return None


class _Walker:
    """One PATH argument's walk: entries are judged against its real location."""

    def __init__(self, root: Path, diags: Diagnostics) -> None:
        self.root = os.path.realpath(root)
        self.diags = diags

    def refuse(self, game: Found, path: Path, why: str, hint: str | None = None) -> None:
        self.diags.add(Code.CANNOT_READ, f"{_shown(path)} {why}", None, hint)
        game.refused.append(path)

    def game(self, folder: Path, depth: int,
             entries: list[os.DirEntry[str]] | None = None) -> Found:
        """Every source under `folder`, which is `depth` levels below the root."""
        game = Found(folder)
        stack = [(folder, depth, entries)]
        while stack:
            here, level, listed = stack.pop()
            listed = _scan(here, self.diags) if listed is None else listed
            if listed is None:
                game.refused.append(here)
                continue
            subs = self.entries(game, listed, level)
            if subs is None:
                break
            stack.extend((sub, level + 1, None) for sub in reversed(subs))
        game.files.sort()
        return game

    def entries(self, game: Found, listed: list[os.DirEntry[str]],
                level: int, in_game: bool = True) -> list[Path] | None:
        """Take a folder's sources into `game`; its sub-folders, or None past the file cap."""
        subs = []
        for entry in listed:
            path = Path(entry.path)
            try:
                kind = self.judge(game, entry, in_game)
            except OSError as err:
                self.refuse(game, path, f"cannot be read: {err.strerror}")
                continue
            if kind == "folder" and level + 1 > MAX_DEPTH:
                self.refuse(game, path, f"is nested more than {MAX_DEPTH} folders deep",
                            "flatten the rules: Ludex reads at most "
                            f"{MAX_DEPTH} levels of folders")
            elif kind == "folder":
                subs.append(path)
            elif kind == "file" and len(game.files) >= MAX_FILES:
                self.refuse(game, game.folder, f"holds more than {MAX_FILES} source files",
                            "split the game into several games")
                return None
            elif kind == "file":
                game.files.append(path)
        return subs

    def judge(self, game: Found, entry: os.DirEntry[str], in_game: bool = True) -> str:
        """What an entry is: "folder" to walk, "file" to read, or "" (skipped or refused;
        a file of a game folder that is not read is an N503)."""
        if entry.is_symlink():
            return self.link(game, entry)
        if entry.is_dir(follow_symlinks=False):
            # the parse cache Ludex keeps in the current folder, which may be a game folder
            return "" if entry.name == CACHE_DIR else "folder"
        if not _is_source(entry.name):
            if in_game and not entry.name.startswith(".") and \
                    not entry.name.lower().endswith(IMAGE_SUFFIXES) and \
                    entry.is_file(follow_symlinks=False):
                self.diags.add(Code.UNREAD_FILE, f"{_shown(Path(entry.path))} is not read: "
                               "Ludex reads `.ludex` files and card data "
                               "(`NAME.cards.json`, `.csv`, `.tsv`, `.yaml`)", None,
                               "rename a card list to `NAME.cards.csv` (or another card data "
                               "suffix); move other files out of the game folder")
            return ""
        if entry.is_file(follow_symlinks=False):
            return "file"
        self.refuse(game, Path(entry.path), "is not a regular file (a device, FIFO or socket)")
        return ""

    def link(self, game: Found, entry: os.DirEntry[str]) -> str:
        """A link is read only when it names a regular file inside the root."""
        path = Path(entry.path)
        target = os.path.realpath(path)
        try:
            mode = os.stat(path).st_mode
        except OSError as err:
            if _is_source(entry.name):
                self.refuse(game, path, f"is a link that cannot be followed: {err.strerror}",
                            _LINK_HINT)
            return ""
        if stat.S_ISDIR(mode):
            self.refuse(game, path, "links to a folder; Ludex does not follow linked folders",
                        _LINK_HINT)
        elif not _is_source(entry.name):
            pass
        elif os.path.commonpath([self.root, target]) != self.root:
            self.refuse(game, path, "links to a file outside the rules it was found in",
                        _LINK_HINT)
        elif not stat.S_ISREG(mode):
            self.refuse(game, path, "links to something that is not a regular file",
                        _LINK_HINT)
        else:
            game.follow.add(path)
            return "file"
        return ""


def discover(path: Path, diags: Diagnostics) -> list[Found]:
    """The games of a PATH argument, in a stable order; what cannot be read is reported."""
    try:
        mode = os.stat(path).st_mode
    except OSError as err:
        shown = display_path(path)
        diags.add(Code.CANNOT_READ, f"no such file or folder: {shown}" if isinstance(
            err, FileNotFoundError) else f"cannot read {shown}: {err.strerror}", None,
            usage=True)
        return []
    if _leaves_project(path):
        diags.add(Code.CANNOT_READ, f"{display_path(path)} is a link out of the project folder",
                  None,
                  "a relative PATH must stay inside the current folder (a repository may "
                  "commit `rules` as a link to `/`); name the real folder, or an absolute path",
                  usage=True)
        return []
    if stat.S_ISREG(mode):
        return [Found(path.parent, [path], {path})]
    if not stat.S_ISDIR(mode):
        diags.add(Code.CANNOT_READ, f"{display_path(path)} is not a regular file or folder", None,
                  "name a game folder, a rules folder or a .ludex file", usage=True)
        return []
    walker, listed = _Walker(path, diags), _scan(path, diags)
    if listed is None:
        return []
    if any(_is_source(e.name) for e in listed):
        return [walker.game(path, 0, listed)]
    games = [walker.game(sub, 1) for sub in walker.entries(Found(path), listed, 0, False) or []]
    return [game for game in games if game.files or game.refused]


def _leaves_project(path: Path) -> bool:
    """A relative PATH that links out of the current folder: the folder names are the
    user's, but what stands at them comes from the repository being checked."""
    if path.is_absolute():
        return False
    try:
        path.resolve().relative_to(Path.cwd().resolve())
    except (ValueError, OSError, RuntimeError):
        return True
    return False


class _Refused(Exception):
    """A file that is not read: why, and a hint."""

    def __init__(self, why: str, hint: str) -> None:
        super().__init__(why)
        self.why, self.hint = why, hint


def _too_large() -> _Refused:
    return _Refused(f"is larger than {MAX_BYTES // (1024 * 1024)} MiB",
                    "split the game into several files")


def _read_bytes(path: Path, follow: bool) -> bytes:
    """At most MAX_BYTES + 1 bytes of a regular file; never blocks on a FIFO or device."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _Refused("is not a regular file", "name a .ludex or .cards.* file")
        if info.st_size > MAX_BYTES:
            raise _too_large()
        return file.read(MAX_BYTES + 1)


def read_source(path: Path, diags: Diagnostics,
                follow: bool = False) -> tuple[SourceFile | None, str | None]:
    """(the file, if usable; its text for showing diagnostics, when it could be decoded).

    `follow` allows `path` to be a link (a PATH argument, or a link checked by the walk)."""
    shown = display_path(path)
    try:
        data = _read_bytes(path, follow)
        if len(data) > MAX_BYTES:
            raise _too_large()
    except OSError as err:
        diags.add(Code.CANNOT_READ, f"cannot read {_shown(path)}: {err.strerror}", None)
        return None, None
    except _Refused as err:
        diags.add(Code.CANNOT_READ, f"{_shown(path)} {err.why}", None, err.hint)
        return None, None
    return _decode(shown, data, diags)


# a control character other than tab, newline and form feed (a lone carriage return too)
_CONTROL = re.compile("[\x00-\x08\x0b\x0d-\x1f]")


def _decode(shown: str, data: bytes, diags: Diagnostics) -> tuple[SourceFile | None, str | None]:
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        text = data.decode("utf-8").replace("\r\n", "\n")
    except UnicodeDecodeError as err:
        _bad_bytes(shown, data[: err.start].decode("utf-8", "replace"), diags,
                   f"bytes that are not UTF-8 (at byte {err.start})")
        return None, data.decode("utf-8", "replace")
    found = _CONTROL.search(text)
    if found is not None:
        bad = found.start()
        _bad_bytes(shown, text[:bad], diags, f"the control character U+{ord(text[bad]):04X}")
        return None, text
    return SourceFile(shown, text), text


def _bad_bytes(shown: str, before: str, diags: Diagnostics, what: str) -> None:
    line = before.count("\n") + 1
    col = len(before) - (before.rfind("\n") + 1) + 1
    src = SourceFile(shown, "")
    diags.add(Code.NOT_UTF8, f"file contains {what}", src.span(line, col),
              "a .ludex file must be UTF-8 text; is this a binary file?")


def find_base(base: str, folder: Path) -> Path | None:
    """A sibling of `folder` whose top-level `.ludex` files declare `game <base>`. Only the
    siblings' own files are read (a game declares itself at its top): no deep walk, no
    linked or hidden folder, no linked file, and nothing about the others is reported."""
    declares = re.compile(rf"^game\s+{re.escape(base)}\b", re.MULTILINE)
    quiet = Diagnostics()
    for sibling in _scan(folder.parent, quiet) or []:
        if sibling.name.startswith(".") or not sibling.is_dir(follow_symlinks=False) or \
                Path(sibling.path) == folder:
            continue
        for entry in _scan(Path(sibling.path), quiet) or []:
            if entry.name.endswith(".ludex") and entry.is_file(follow_symlinks=False):
                text = read_source(Path(entry.path), quiet)[1]
                if text is not None and declares.search(text):
                    return Path(sibling.path)
    return None


def load(paths: list[Path], diags: Diagnostics) -> list[GameFiles]:
    games: dict[Path, list[SourceFile]] = {}
    unreadable: dict[Path, list[SourceFile]] = {}
    for path in paths:
        for found in discover(path, diags):
            bucket = games.setdefault(found.folder, [])
            bad = unreadable.setdefault(found.folder, [])
            bad += [SourceFile(_shown(p), "") for p in found.refused]
            for file in found.files:
                src, text = read_source(file, diags, file in found.follow)
                if src is None:
                    bad.append(SourceFile(display_path(file), text or ""))
                elif all(s.path != src.path for s in bucket):
                    bucket.append(src)
    return [GameFiles(display_path(folder), tuple(files), tuple(unreadable[folder]))
            for folder, files in games.items()]
