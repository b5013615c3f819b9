"""`ludex fmt`: rewrite `.ludex` files in the canonical layout (`syntax/format.py`).

Only the `.ludex` files named or found under a PATH are touched, found by the same
confined walk as every command (`discover`): no linked folder is walked, and a linked
file is never written (it is reported and left alone). A file with a syntax error is
not formatted: its diagnostics are printed and it stays as it is. Writes are atomic.
`--check` writes nothing and exits 1 when a file would change; `--diff` writes nothing
and prints what would change as a unified diff. `-q` prints only the diagnostics (and
the diff): the exit code says the rest.
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from pathlib import Path
from typing import Any

from ..backends.write import write_atomic
from ..core.diagnostics import Diagnostics, render_all
from ..core.source import display_path
from ..syntax.format import format_source
from ..syntax.load import discover, read_source
from .common import FINDINGS, OK, command, verbosity


def add(subparsers: Any) -> None:
    parser = command(subparsers, "fmt", "rewrite .ludex files in the one canonical layout")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; list the files that would change and exit 1 "
                        "if there is one")
    parser.add_argument("--diff", action="store_true",
                        help="write nothing; print the changes as a unified diff")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    quiet = verbosity(args) < 0
    diags = Diagnostics()
    files = _files(args.paths or [Path("rules")], diags)
    sources: dict[str, str] = {}
    changed, failed, unchanged = [], 0, 0
    for path in files:
        shown = display_path(path)
        if path.is_symlink():
            if not quiet:
                print(f"ludex fmt: {shown} is a symbolic link: left alone")
            continue
        source, text = read_source(path, diags)
        if text is not None:
            sources[shown] = text
        if source is None:
            failed += 1
            continue
        found = Diagnostics()
        formatted = format_source(source, found)
        if formatted is None:
            diags.extend(found)
            failed += 1
            continue
        if formatted.encode("utf-8") == _raw(path):
            unchanged += 1
            continue
        changed.append(shown)
        if args.diff:
            sys.stdout.writelines(difflib.unified_diff(
                source.text.splitlines(keepends=True), formatted.splitlines(keepends=True),
                f"{shown} (before)", f"{shown} (after)"))
        if args.check and not quiet:
            print(f"would reformat {shown}")
        elif not args.check and not args.diff:
            write_atomic(path, formatted)
            if not quiet:
                print(f"reformatted {shown}")
    if diags:
        print(render_all(diags, sources, None))
    if not quiet:
        print(_summary(len(changed), unchanged, failed, args.check or args.diff))
    return FINDINGS if diags or failed or (args.check and changed) else OK


def _files(paths: list[Path], diags: Diagnostics) -> list[Path]:
    """The `.ludex` files of the PATH arguments, each once, in a stable order."""
    seen: dict[str, Path] = {}
    for path in paths:
        for found in discover(path, diags):
            for file in found.files:
                if file.name.endswith(".ludex"):
                    seen.setdefault(os.path.realpath(file.parent) + "/" + file.name, file)
    return list(seen.values())


def _raw(path: Path) -> bytes:
    """The file's bytes as they are (line endings, a byte order mark), never through a link."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as file:
        return file.read()


def _summary(changed: int, unchanged: int, failed: int, dry: bool) -> str:
    def files(n: int) -> str:
        return f"{n} file{'s' * (n != 1)}"

    parts = [f"{files(changed)} {'would be ' if dry else ''}reformatted",
             f"{files(unchanged)} left unchanged"]
    if failed:
        parts.append(f"{files(failed)} not formatted (errors)")
    return ", ".join(parts)
