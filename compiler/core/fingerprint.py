"""What the compiler's output depends on besides the input: the compiler's own files
(code, templates, grammar, site assets), the versions of the libraries that shape what it
writes, and Python's version, as one digest; and how files are hashed for it (by path,
kind and content, a link as the link it is, never followed). The build memo and the
cache of the worked examples' results key their entries with it."""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from collections.abc import Iterator
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

LIBRARIES = ("lark", "jinja2", "markupsafe", "pygments", "jsonschema", "mkdocs",
             "mkdocs-material", "pyyaml")
_SKIPPED_DIRS = frozenset({"__pycache__", ".ludex_cache", ".git"})


def walk(root: Path) -> Iterator[Path]:
    """Every entry under `root` (itself included when a file), sorted, links unfollowed."""
    try:
        info = os.lstat(root)
    except OSError:
        return
    if not stat.S_ISDIR(info.st_mode):
        yield root
        return
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return
    for name in names:
        if name in _SKIPPED_DIRS:
            continue
        yield from walk(root / name)


def feed(h: Any, path: Path) -> None:
    """The entry's path, kind and content (a link: where it points) into `h`."""
    h.update(os.fsencode(path) + b"\0")
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            h.update(b"link\0" + os.fsencode(os.readlink(path)))
        elif stat.S_ISREG(info.st_mode):
            with open(path, "rb") as file:
                h.update(b"file\0" + hashlib.blake2b(file.read(), digest_size=16).digest())
        else:
            h.update(b"other\0")
    except OSError as err:
        h.update(f"unreadable {err.errno}".encode())


@cache
def compiler_digest() -> str:
    """Every file of the installed compiler, the libraries' versions and Python's."""
    h = hashlib.blake2b(digest_size=16)
    for package in ("ludex", "ludex.grammar"):
        root = Path(str(resources.files(package)))
        for path in walk(root):
            if path.suffix != ".pyc":
                h.update(os.fsencode(path.relative_to(root)) + b"\0")
                feed(h, path)
    from importlib import metadata  # noqa: PLC0415 - slow to import; only a digest needs it
    for name in LIBRARIES:
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            version = "-"
        h.update(f"{name} {version}\0".encode())
    h.update(sys.version.encode())
    return h.hexdigest()
