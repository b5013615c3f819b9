"""The `ludex` command line: check, export, trace."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .diagnostics import Severity, render_all
from .driver import Compilation, compile_paths

EXIT_CODES = """exit codes:
  0    clean (warnings allowed)
  1    errors found, coverage under --fail-under, or generated output stale (--check)
  2    usage error
  123  internal error (a bug in ludex: please report it)
"""


def _parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog="ludex", description="Ludex: a rules-as-data compiler for tabletop games.",
        epilog=EXIT_CODES, formatter_class=fmt)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = sub.add_parser("check", help="parse, resolve and validate rules",
                           epilog=EXIT_CODES, formatter_class=fmt)
    check.add_argument("paths", nargs="*", type=Path, default=[Path("rules")], metavar="PATH",
                       help="a rules folder, a game folder or a .ludex file (default: rules)")
    check.add_argument("--max-diagnostics", type=int, default=50, metavar="N",
                       help="show at most N diagnostics, then '... and N more' (default 50)")

    export = sub.add_parser("export", help="write the resolved AST as JSON",
                            epilog=EXIT_CODES, formatter_class=fmt)
    export.add_argument("paths", nargs="*", type=Path, default=[Path("rules")], metavar="PATH")
    export.add_argument("--json", action="store_true",
                        help="JSON output (the only format), valid against ludex's AST schema")
    export.add_argument("--schema", action="store_true",
                        help="print the AST JSON Schema that --json output follows, and exit")
    export.add_argument("-o", "--output", type=Path, help="write to this file, not stdout")

    trace = sub.add_parser("trace", help="show which paragraphs of a book no declaration covers",
                           epilog=EXIT_CODES, formatter_class=fmt)
    trace.add_argument("paths", nargs="*", type=Path, default=[Path("rules")], metavar="PATH")
    trace.add_argument("--source", type=Path, required=True, metavar="BOOK.txt",
                       help="the plain-text book")
    trace.add_argument("--lines", action="append", default=[], metavar="A-B",
                       help="only paragraphs on these book lines (repeatable)")
    trace.add_argument("--fail-under", type=float, default=None, metavar="PCT",
                       help="exit 1 when coverage is below PCT percent")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    commands = {"check": _check, "export": _export, "trace": _trace}
    try:
        return commands[args.command](args)
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # noqa: BLE001 - the last line of defence
        print(f"ludex: internal error: {type(err).__name__}: {err}", file=sys.stderr)
        return 123


def _report(comp: Compilation, limit: int = 50) -> bool:
    """Print diagnostics and the summary line; True when there were errors."""
    diags = list(comp.diags)
    if diags:
        print(render_all(diags, comp.sources, limit), file=sys.stderr)
    errors = comp.diags.count(Severity.ERROR)
    warnings = comp.diags.count(Severity.WARNING)
    print(f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}, "
          f"{comp.file_count} files, {comp.declaration_count} declarations",
          file=sys.stderr)
    return errors > 0


def _check(args: argparse.Namespace) -> int:
    comp = compile_paths(args.paths)
    return 1 if _report(comp, args.max_diagnostics) else 0


def _export(args: argparse.Namespace) -> int:
    from .export import ast_schema, export_json

    if args.schema:
        sys.stdout.write(json.dumps(ast_schema(), indent=2) + "\n")
        return 0
    if not args.json:
        print("ludex export: choose a format: --json (or --schema)", file=sys.stderr)
        return 2
    comp = compile_paths(args.paths)
    if _report(comp):
        return 1
    text = json.dumps(export_json(comp), indent=2, ensure_ascii=False, sort_keys=False) + "\n"
    if args.output:
        from .write import write_atomic

        write_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


def _parse_lines(specs: list[str]) -> list[tuple[int, int]] | None:
    ranges = []
    for spec in specs:
        lo, _, hi = spec.partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise SystemExit(f"ludex trace: --lines expects A-B, got {spec!r}")
        ranges.append((int(lo), int(hi or lo)))
    return ranges or None


def _trace(args: argparse.Namespace) -> int:
    from .trace import trace

    lines = _parse_lines(args.lines)
    try:
        book = args.source.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        print(f"ludex trace: cannot read {args.source}: {err}", file=sys.stderr)
        return 2
    comp = compile_paths(args.paths)
    if _report(comp):
        return 1
    result = trace(book, comp.games, lines)
    for para in result.uncovered:
        text = para.text if len(para.text) <= 90 else para.text[:87] + "..."
        print(f"{args.source}:{para.line}: not covered: {text}")
    print(f"{result.covered_count}/{len(result.paragraphs) - len(result.waived)} paragraphs "
          f"covered ({result.percent:.1f}%), {len(result.waived)} waived")
    if args.fail_under is not None and result.percent < args.fail_under:
        return 1
    return 0
