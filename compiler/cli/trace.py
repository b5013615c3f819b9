"""`ludex trace`: which paragraphs of a plain-text book no declaration covers, and the
percentage covered."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..backends.trace import trace
from ..core.diagnostics import visible
from ..pipeline import compile_paths
from .common import FINDINGS, OK, USAGE, command, report_errors


def add(subparsers: Any) -> None:
    parser = command(subparsers, "trace",
                     "show which paragraphs of a book no declaration covers")
    parser.add_argument("--source", type=Path, required=True, metavar="BOOK.txt",
                        help="the plain-text book")
    parser.add_argument("--lines", action="append", default=[], metavar="A-B",
                        help="only paragraphs on these book lines (repeatable)")
    parser.add_argument("--fail-under", type=float, default=None, metavar="PCT",
                        help="exit 1 when coverage is below PCT percent")
    parser.set_defaults(run=run)


def _parse_lines(specs: list[str]) -> list[tuple[int, int]] | None:
    ranges = []
    for spec in specs:
        lo, _, hi = spec.partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise SystemExit(f"ludex trace: --lines expects A-B, got {spec!r}")
        ranges.append((int(lo), int(hi or lo)))
    return ranges or None


def run(args: argparse.Namespace) -> int:
    lines = _parse_lines(args.lines)
    try:
        book = args.source.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        print(f"ludex trace: cannot read {args.source}: {err}", file=sys.stderr)
        return USAGE
    comp = compile_paths(args.paths, checks=False)
    if comp.diags.has_errors:
        report_errors(comp)
        return FINDINGS
    result = trace(book, comp.games, lines)
    for para in result.uncovered:
        text = para.text if len(para.text) <= 90 else para.text[:87] + "..."
        print(visible(f"{args.source}:{para.line}: not covered: {text}"))
    print(f"{result.covered_count}/{len(result.paragraphs) - len(result.waived)} paragraphs "
          f"covered ({result.percent:.1f}%), {len(result.waived)} waived")
    if args.fail_under is not None and result.percent < args.fail_under:
        return FINDINGS
    return OK
