"""Find game folders and read their `.ludex` files as text.

A PATH is a rules root (each sub-folder with `.ludex` files is a game), a game
folder (it holds `.ludex` files itself), or a single `.ludex` file (a game of
one file, as the test fixtures are).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .diagnostics import Diagnostics
from .source import SourceFile, display_path

MAX_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class GameFiles:
    folder: str
    files: tuple[SourceFile, ...]
    unreadable: tuple[SourceFile, ...] = ()  # rejected files, kept to show their lines


def _game_files(folder: Path) -> list[Path]:
    """A game's sources: `.ludex` files and `.cards.json` card data, in path order."""
    return sorted([*folder.rglob("*.ludex"), *folder.rglob("*.cards.json")])


def discover(path: Path) -> list[tuple[Path, list[Path]]]:
    """(game folder, its files) for a PATH argument, in a stable order."""
    if path.is_file():
        return [(path.parent, [path])]
    own = _game_files(path)
    if any(p.parent == path for p in own):
        return [(path, own)]
    games = []
    for sub in sorted(p for p in path.iterdir() if p.is_dir()):
        files = _game_files(sub)
        if files:
            games.append((sub, files))
    return games


def read_source(path: Path, diags: Diagnostics) -> tuple[SourceFile | None, str | None]:
    """(the file, if usable; its text for showing diagnostics, when it could be decoded)."""
    shown = display_path(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        diags.add("E501", f"cannot read {shown}: {err.strerror}", None)
        return None, None
    if len(data) > MAX_BYTES:
        diags.add("E501", f"{shown} is larger than {MAX_BYTES // (1024 * 1024)} MiB", None,
                  "split the game into several files")
        return None, None
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        text = data.decode("utf-8").replace("\r\n", "\n")
    except UnicodeDecodeError as err:
        _bad_bytes(shown, data[: err.start].decode("utf-8", "replace"), diags,
                   f"bytes that are not UTF-8 (at byte {err.start})")
        return None, data.decode("utf-8", "replace")
    bad = next((i for i, ch in enumerate(text) if ord(ch) < 32 and ch not in "\t\n\f"), None)
    if bad is not None:
        _bad_bytes(shown, text[:bad], diags, f"the control character U+{ord(text[bad]):04X}")
        return None, text
    return SourceFile(shown, text), text


def _bad_bytes(shown: str, before: str, diags: Diagnostics, what: str) -> None:
    line = before.count("\n") + 1
    col = len(before) - (before.rfind("\n") + 1) + 1
    src = SourceFile(shown, "")
    diags.add("E103", f"file contains {what}", src.span(line, col),
              "a .ludex file must be UTF-8 text; is this a binary file?")


def load(paths: list[Path], diags: Diagnostics) -> list[GameFiles]:
    games: dict[Path, list[SourceFile]] = {}
    unreadable: dict[Path, list[SourceFile]] = {}
    for path in paths:
        if not path.exists():
            diags.add("E501", f"no such file or folder: {display_path(path)}", None)
            continue
        for folder, files in discover(path):
            bucket = games.setdefault(folder, [])
            for file in files:
                src, text = read_source(file, diags)
                if src is None:
                    shown = SourceFile(display_path(file), text or "")
                    unreadable.setdefault(folder, []).append(shown)
                elif all(s.path != src.path for s in bucket):
                    bucket.append(src)
    return [GameFiles(display_path(folder), tuple(files), tuple(unreadable.get(folder, ())))
            for folder, files in games.items()]
