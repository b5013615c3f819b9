"""The only module that writes files: atomically, and only inside allowed roots."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` via a temporary file and a rename: never half-written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def inside(root: Path, path: Path) -> bool:
    """True when `path` lies inside `root` (after resolving `..` and links)."""
    try:
        path.resolve().relative_to(root.resolve())
    except ValueError:
        return False
    return True
