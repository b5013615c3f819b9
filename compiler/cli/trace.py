"""`ludex trace`: per game, how many paragraphs of its plain-text book a declaration's
prose holds, which are layout (headings, contents lines, page numbers), which are waived,
and which are not covered yet, with their line ranges (text or JSON).

A game's book is `--source BOOK.txt`, or the file its `game` declaration names (`book:`)
inside `--books DIR`. The name comes from a rule file, which may be hostile, so it must be
a plain file name: it is looked up in the folder the person running Ludex chose, never
as a path, and read bounded, like any input. `ludex stats --books DIR` prints the same
summary line from the same function (`game_traces`).
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..backends.trace import TraceResult, trace
from ..core.diagnostics import visible
from ..semantics.compilation import Compilation
from ..syntax import ast
from ..syntax.load import MAX_BYTES
from .common import FINDINGS, OK, USAGE, command, compiled


def add(subparsers: Any) -> None:
    parser = command(subparsers, "trace",
                     "per game: which paragraphs of its book no declaration covers")
    add_books(parser)
    parser.add_argument("--source", type=Path, default=None, metavar="BOOK.txt",
                        help="the plain-text book (default: each game's `book:` in --books)")
    parser.add_argument("--lines", action="append", default=[], metavar="A-B",
                        help="only paragraphs on these book lines (repeatable)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="output format (default: text)")
    parser.add_argument("--fail-under", type=float, default=None, metavar="PCT",
                        help="exit 1 when a game's coverage is below PCT percent")
    parser.set_defaults(run=run)


def add_books(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--books", type=Path, default=None, metavar="DIR",
                        help="the folder holding the books the games name with `book:`")


class BookError(Exception):
    """A book that cannot be found or read; the message says which and why."""


@dataclass(frozen=True, slots=True)
class GameTrace:
    game: str
    book: Path
    result: TraceResult


def book_name(game: ast.GameSource) -> str | None:
    """The file name a game's `book:` property gives, if any."""
    for decl in (d for f in game.files for d in f.decls if isinstance(d, ast.Game)):
        prop = decl.prop("book")
        if prop is not None and isinstance(prop.value, ast.StrLit):
            return prop.value.value
    return None


def game_name(game: ast.GameSource) -> str:
    decl = next((d for f in game.files for d in f.decls if isinstance(d, ast.Game)), None)
    return decl.id if decl is not None else game.folder


def read_book(path: Path) -> str:
    """A book's text: a regular file of at most `MAX_BYTES`, in UTF-8."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise BookError(f"{path} is not a regular file")
            data = handle.read(MAX_BYTES + 1)
    except OSError as err:
        raise BookError(f"cannot read {path}: {err.strerror or err}") from err
    if len(data) > MAX_BYTES:
        raise BookError(f"{path} is larger than {MAX_BYTES // (1024 * 1024)} MiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BookError(f"{path} is not UTF-8 text: {err.reason} at byte {err.start}") from err


def _book_of(game: ast.GameSource, source: Path | None, books: Path | None) -> Path | None:
    name = book_name(game)
    if source is not None:
        return source
    if books is None or name is None:
        return None
    if name in ("", ".", "..") or any(c in name for c in "/\\\0"):
        raise BookError(f"game {game_name(game)!r}: book {name!r} is not a plain file name")
    return books / name


def game_traces(comp: Compilation, source: Path | None, books: Path | None,
                lines: list[tuple[int, int]] | None = None) -> list[GameTrace]:
    """The trace of each game that has a book. With `source`, the games whose `book:`
    names that file (every game, when none does); else each game's `book:` in `books`."""
    games = comp.games
    if source is not None:
        named = [g for g in games if book_name(g) == source.name]
        games = named or games
    out: list[GameTrace] = []
    texts: dict[Path, str] = {}
    for game in games:
        path = _book_of(game, source, books)
        if path is None:
            continue
        if path not in texts:
            texts[path] = read_book(path)
        out.append(GameTrace(game_name(game), path,
                             trace(texts[path], [game], comp.sources, lines)))
    return out


def _parse_lines(specs: list[str]) -> list[tuple[int, int]] | None:
    ranges = []
    for spec in specs:
        lo, _, hi = spec.partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise SystemExit(f"ludex trace: --lines expects A-B, got {spec!r}")
        ranges.append((int(lo), int(hi or lo)))
    return ranges or None


def ranges_text(ranges: list[tuple[int, int]]) -> str:
    return ", ".join(f"{lo}" if lo == hi else f"{lo}-{hi}" for lo, hi in ranges)


def _print_text(traces: list[GameTrace]) -> None:
    for gt in traces:
        print(visible(f"{gt.game} ({gt.book}):"))
        for para in gt.result.uncovered:
            text = para.text if len(para.text) <= 90 else para.text[:87] + "..."
            print(visible(f"{gt.book}:{para.line}: not covered: {text}"))
        if gt.result.uncovered:
            print(f"  not covered: lines {ranges_text(gt.result.uncovered_ranges())}")
        print(f"  {gt.result.summary()}")


def run(args: argparse.Namespace) -> int:
    lines = _parse_lines(args.lines)
    if args.source is None and args.books is None:
        print("ludex trace: give --source BOOK.txt or --books DIR", file=sys.stderr)
        return USAGE
    comp = compiled(args.paths, "trace", args)
    if comp is None:
        return FINDINGS
    try:
        traces = game_traces(comp, args.source, args.books, lines)
    except BookError as err:
        print(visible(f"ludex trace: {err}"), file=sys.stderr)
        return USAGE
    if not traces:
        print("ludex trace: no game names a book (`book:` in its game declaration)",
              file=sys.stderr)
        return USAGE
    if args.format == "json":
        print(json.dumps({"games": [{"game": gt.game, "book": str(gt.book),
                                     **gt.result.as_json()} for gt in traces]}, indent=2))
    else:
        _print_text(traces)
    low = args.fail_under is not None and any(
        gt.result.percent < args.fail_under for gt in traces)
    return FINDINGS if low else OK
