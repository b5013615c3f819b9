"""Files a game or a site names (a card's picture, the site's logo): which suffixes are
images, how large one may be, and whether a name stays inside its folder; and the name
of Ludex's cache folder. Imported at every command's start (the configuration's site
options use it): standard library only."""

from __future__ import annotations

import os
import re
from pathlib import Path

CACHE_DIR = ".ludex_cache"  # made by Ludex in the current folder (parse cache, build memo)
IMAGE_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif")
SAFE_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
MAX_IMAGE = 8 * 1024 * 1024  # bytes: a logo or a card's picture, not a photo archive


def confined(base: Path, name: str, suffixes: tuple[str, ...] = IMAGE_SUFFIXES
             ) -> tuple[Path | None, str]:
    """`name` as a file inside `base`, or None and why not."""
    parts = name.split("/")
    if not name or name.startswith("/") or "\\" in name or ":" in parts[0]:
        return None, "must be a path relative to its folder, written with `/`"
    if not all(SAFE_PART.fullmatch(p) for p in parts):
        return None, ("names a file outside its folder or with an unsafe name (each part: "
                      "letters, digits, `.`, `_`, `-`, not starting with `.`)")
    if not name.lower().endswith(suffixes):
        return None, "must name an image (" + ", ".join(suffixes) + ")"
    root = Path(os.path.realpath(base))
    full = Path(os.path.realpath(base / name))
    if not full.is_relative_to(root):
        return None, "leads outside its folder (through a symbolic link)"
    if not full.is_file():
        return None, "names no file"
    if full.stat().st_size > MAX_IMAGE:
        return None, f"is larger than {MAX_IMAGE // (1024 * 1024)} MiB"
    return full, ""
