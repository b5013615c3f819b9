"""A game is always checked whole (issue 13, item 5).

`ludex check rules/escalation/julie.ludex rules/escalation/game.ludex` names two files of
one game; compiling only those two would report every name the other files declare as
missing (E301), so a pre-commit hook passing the changed files would fail good commits.
`whole_games` widens each file argument to its game folder and says which files were
loaded only to complete a game: the command line reports no finding in those.

A folder is a game when its own `.ludex` files declare exactly one `game` (a line that
starts with `game ` at column 1); a folder of unrelated one-file games (the test
fixtures) is not widened, so each file named there is still compiled alone.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..core.source import display_path

_GAME = re.compile(r"^game[ \t]", re.MULTILINE)
_READ_AT_MOST = 4 << 20  # bytes of a file looked at for its `game` line


def whole_games(paths: list[Path]) -> tuple[list[Path], frozenset[str]]:
    """The paths with each file of a game folder replaced by its folder, and the display
    paths of the files loaded only to complete a game (not named, nor under a path named)."""
    named = [p for p in paths if p.is_file()]
    folders = {p.resolve() for p in paths if p.is_dir()}
    widened: dict[Path, Path] = {}  # resolved folder -> the folder as given
    for file in named:
        folder = file.resolve().parent
        if folder not in folders and not any(folder.is_relative_to(f) for f in folders) \
                and _is_game(folder):
            widened.setdefault(folder, file.parent)
    if not widened:
        return paths, frozenset()
    result: list[Path] = []
    for path in paths:
        target = widened.get(path.resolve().parent) if path in named else None
        if target is None:
            result.append(path)
        elif target not in result:
            result.append(target)
    asked = {display_path(p) for p in named}
    hidden = {display_path(f) for folder in widened for f in _sources(folder)} - asked
    return result, frozenset(hidden)


def _sources(folder: Path) -> list[Path]:
    return [f for f in folder.rglob("*") if f.is_file() and
            (f.name.endswith(".ludex") or ".cards." in f.name)]


def _is_game(folder: Path) -> bool:
    """Whether the folder's own `.ludex` files declare exactly one game."""
    count = 0
    try:
        for file in folder.iterdir():
            if file.suffix == ".ludex" and file.is_file():
                with file.open("rb") as handle:
                    text = handle.read(_READ_AT_MOST).decode("utf-8", "replace")
                count += len(_GAME.findall(text))
    except OSError:
        return False
    return count == 1
