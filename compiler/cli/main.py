"""The `ludex` command line: check, export, trace."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from ..backends.write import WriteError
from ..core.codes import Severity
from ..core.diagnostics import Diagnostic, visible
from ..pipeline import compile_paths
from ..semantics.compilation import Compilation

EXIT_CODES = """exit codes:
  0    clean (warnings and notes allowed, unless --fail-on warning)
  1    findings at the --fail-on level (default: errors), coverage under --fail-under,
       or generated output stale (build --check)
  2    usage error
  123  internal error (a bug in ludex: please report it)
"""


def _parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog="ludex", description="Ludex: a rules-as-data compiler for tabletop games.",
        epilog=EXIT_CODES, formatter_class=fmt)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = sub.add_parser("check", help="parse, resolve, validate and check the rules for "
                           "what the book gets wrong",
                           epilog=EXIT_CODES, formatter_class=fmt)
    check.add_argument("paths", nargs="*", type=Path, default=[Path("rules")], metavar="PATH",
                       help="a rules folder, a game folder or a .ludex file (default: rules)")
    check.add_argument("--max-diagnostics", type=int, default=50, metavar="N",
                       help="show at most N diagnostics, then '... and N more' (default 50)")
    check.add_argument("--format", choices=("text", "json", "sarif", "markdown"),
                       default="text", help="report format (default: text)")
    check.add_argument("-o", "--output", type=Path, metavar="FILE",
                       help="write the report to FILE instead of the terminal")
    check.add_argument("--fail-on", choices=("error", "warning", "never"), default="error",
                       help="exit 1 when there is a finding this severe (default: error)")
    check.add_argument("--changed-since", metavar="REV",
                       help="only findings on lines changed since the git revision REV")
    check.add_argument("--show-notes", action="store_true",
                       help="list notes (rulings, source notes, examples, external terms) in "
                       "text output too; other formats always include them")
    check.add_argument("--no-checks", action="store_true",
                       help="only parse, resolve and validate: skip the consistency checks")

    export = sub.add_parser("export", help="write the resolved AST as JSON",
                            epilog=EXIT_CODES, formatter_class=fmt)
    export.add_argument("paths", nargs="*", type=Path, default=[Path("rules")], metavar="PATH")
    export.add_argument("--json", action="store_true",
                        help="JSON output (the only format), valid against ludex's AST schema")
    export.add_argument("--schema", action="store_true",
                        help="print the AST JSON Schema that --json output follows, and exit")
    export.add_argument("--kinds", action="store_true",
                        help="the JSON Schema of every kind (card data for other tools), "
                        'as {"game.kind": schema}')
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
    build = sub.add_parser("build", help="emit the engines and the reference site",
                           epilog=EXIT_CODES, formatter_class=fmt)
    build.add_argument("paths", nargs="*", type=Path, default=[Path("rules")], metavar="PATH")
    from .build import add_arguments

    add_arguments(build)
    from .engine import add_commands

    add_commands(sub)
    for name, run in (("check", _check), ("export", _export), ("trace", _trace),
                      ("build", _build)):
        sub.choices[name].set_defaults(run=run)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        code: int = args.run(args)
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `ludex ... | head`: the reader left; not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except WriteError as err:  # an output refused or that cannot be written
        print(f"ludex: error[E502]: {err}", file=sys.stderr)
        return 1
    except Exception as err:  # noqa: BLE001 - the last line of defence
        print(visible(f"ludex: internal error: {type(err).__name__}: {err}"), file=sys.stderr)
        return 123


def _report(comp: Compilation, limit: int = 50) -> bool:
    """Print the errors and the summary line; True when there were errors."""
    from ..backends.report import to_text

    errors = [d for d in comp.diags if d.severity is Severity.ERROR]
    sys.stderr.write(to_text(comp, errors, limit))
    return bool(errors)


def _check(args: argparse.Namespace) -> int:
    from ..backends import report
    from .changes import GitError, changed_lines

    comp = compile_paths(args.paths, checks=not args.no_checks)
    findings = list(comp.diags)
    if args.changed_since:
        try:
            changed = changed_lines(args.changed_since, sorted(comp.sources))
        except GitError as err:
            print(f"ludex check: --changed-since {args.changed_since}: {err}", file=sys.stderr)
            return 2
        findings = [d for d in findings if _touched(d, changed)]
    render: Callable[[], str] = {
        "text": lambda: report.to_text(comp, findings, args.max_diagnostics,
                                       args.show_notes),
        "json": lambda: report.to_json(comp, findings),
        "sarif": lambda: report.to_sarif(comp, findings),
        "markdown": lambda: report.to_markdown(comp, findings),
    }[args.format]
    text = render()
    if args.output:
        from ..backends.write import write_atomic

        write_atomic(args.output, text)
        print(report.summary(comp, findings).line(), file=sys.stderr)
    elif args.format == "text":
        sys.stderr.write(text)
    else:
        sys.stdout.write(text)
    return 1 if _fails(findings, args.fail_on) else 0


def _touched(d: Diagnostic, changed: dict[str, set[int] | None]) -> bool:
    if d.span is None or d.span.file not in changed:
        return d.span is None
    lines = changed[d.span.file]
    return lines is None or any(n in lines for n in range(d.span.line, d.span.end_line + 1))


def _fails(findings: list[Diagnostic], fail_on: str) -> bool:
    if fail_on == "never":
        return False
    levels = {Severity.ERROR} | ({Severity.WARNING} if fail_on == "warning" else set())
    return any(d.severity in levels for d in findings)


def _export(args: argparse.Namespace) -> int:
    from ..backends.export import ast_schema, export_json, kind_schemas

    if args.schema:
        sys.stdout.write(json.dumps(ast_schema(), indent=2) + "\n")
        return 0
    if not (args.json or args.kinds):
        print("ludex export: choose what: --json, --kinds (or --schema)", file=sys.stderr)
        return 2
    comp = compile_paths(args.paths, checks=False)
    if _report(comp):
        return 1
    if args.kinds:
        text = json.dumps(kind_schemas(comp), ensure_ascii=False, indent=2) + "\n"
    else:
        text = json.dumps(export_json(comp), ensure_ascii=False, separators=(",", ":")) + "\n"
    if args.output:
        from ..backends.write import write_atomic

        write_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


def _build(args: argparse.Namespace) -> int:
    from . import build as build_cmd

    comp = compile_paths(args.paths)
    if comp.diags.has_errors:
        _report(comp)
        print("ludex build: nothing written: fix the errors first", file=sys.stderr)
        return 1
    return build_cmd.run(args, comp)


def _parse_lines(specs: list[str]) -> list[tuple[int, int]] | None:
    ranges = []
    for spec in specs:
        lo, _, hi = spec.partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise SystemExit(f"ludex trace: --lines expects A-B, got {spec!r}")
        ranges.append((int(lo), int(hi or lo)))
    return ranges or None


def _trace(args: argparse.Namespace) -> int:
    from ..backends.trace import trace

    lines = _parse_lines(args.lines)
    try:
        book = args.source.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        print(f"ludex trace: cannot read {args.source}: {err}", file=sys.stderr)
        return 2
    comp = compile_paths(args.paths, checks=False)
    if comp.diags.has_errors:
        _report(comp)
        return 1
    result = trace(book, comp.games, lines)
    for para in result.uncovered:
        text = para.text if len(para.text) <= 90 else para.text[:87] + "..."
        print(visible(f"{args.source}:{para.line}: not covered: {text}"))
    print(f"{result.covered_count}/{len(result.paragraphs) - len(result.waived)} paragraphs "
          f"covered ({result.percent:.1f}%), {len(result.waived)} waived")
    if args.fail_under is not None and result.percent < args.fail_under:
        return 1
    return 0
