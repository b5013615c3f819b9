"""`ludex check`: parse, resolve, validate and check the rules; the report as text,
JSON, SARIF, Markdown or GitHub annotations; exit 1 on findings at the
`--fail-on` level.

`--min-severity` cuts every format (SARIF leaves notes out unless asked, so code scanning
sees what needs work); the configuration's `ignore` switches checks off by code; `-q`
drops the summary line of a text report, `-v` lists the notes in it (as `--show-notes`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..backends import report
from ..backends.write import write_atomic
from ..core.codes import Severity
from ..core.diagnostics import Diagnostic
from ..core.files import CACHE_DIR
from ..pipeline import compile_paths
from ..syntax.cache import ParseCache
from ..verify.examples import disk_cache
from .changes import GitError, changed_lines
from .common import (
    FINDINGS,
    OK,
    USAGE,
    command,
    emit,
    progress_bar,
    split_trouble,
    verbosity,
)
from .config import FAIL_ON, SEVERITIES


def add(subparsers: Any) -> None:
    parser = command(subparsers, "check", "parse, resolve, validate and check the rules for "
                     "what the book gets wrong")
    parser.add_argument("--max-diagnostics", type=int, default=50, metavar="N",
                        help="show at most N diagnostics, then '... and N more' (default 50)")
    parser.add_argument("--format", choices=("text", "json", "sarif", "markdown", "github"),
                        default="text", help="report format; github: workflow annotations "
                        "(default: text)")
    parser.add_argument("--min-severity", choices=SEVERITIES, default=None,
                        help="report only findings this severe or more (default: warning for "
                        "sarif, note otherwise; text lists notes only with --show-notes)")
    parser.add_argument("-o", "--output", type=Path, metavar="FILE",
                        help="write the report to FILE instead of the terminal")
    parser.add_argument("--fail-on", choices=FAIL_ON, default=None,
                        help="exit 1 when there is a finding this severe (default: error)")
    parser.add_argument("--changed-since", metavar="REV",
                        help="only findings on lines changed since the git revision REV")
    parser.add_argument("--show-notes", action="store_true",
                        help="list notes (rulings, source notes, examples, external terms) in "
                        "text output too; other formats always include them")
    parser.add_argument("--no-checks", action="store_true",
                        help="only parse, resolve and validate: skip the consistency checks")
    parser.add_argument("--no-cache", action="store_true",
                        help="neither read nor write the parse cache (.ludex_cache/ in the "
                        "current folder); the report is the same either way")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    bar = progress_bar(args)
    try:
        with disk_cache(None if args.no_cache else Path(CACHE_DIR)):
            comp = compile_paths(args.paths, checks=not args.no_checks, progress=bar.tell,
                                 cache=None if args.no_cache else ParseCache())
    finally:
        bar.close()
    ignored = args.config.ignore if hasattr(args, "config") else frozenset()
    minimum = args.min_severity or ("warning" if args.format == "sarif" else "note")
    findings = report.at_least([d for d in comp.diags if d.code not in ignored], minimum)
    findings = [d for d in findings if comp.reports(d)]  # only the files asked about
    if args.changed_since:
        try:
            changed = changed_lines(args.changed_since, sorted(comp.sources))
        except GitError as err:
            print(f"ludex check: --changed-since {args.changed_since}: {err}", file=sys.stderr)
            return USAGE
        findings = [d for d in findings if _touched(d, changed)]
    # a PATH argument Ludex cannot read is the tool's trouble: on stderr (in every
    # format; the structured ones keep it too, for the record)
    rest = split_trouble(args, findings, "check")
    render: Callable[[], str] = {
        "text": lambda: report.to_text(comp, rest, args.max_diagnostics,
                                       args.show_notes or verbosity(args) > 0, False)
        + (report.summary(comp, findings).line() + "\n" if verbosity(args) >= 0 else ""),
        "json": lambda: report.to_json(comp, findings),
        "sarif": lambda: report.to_sarif(comp, findings),
        "markdown": lambda: report.to_markdown(comp, findings),
        "github": lambda: report.to_github(comp, findings),
    }[args.format]
    text = render()
    if args.output:
        write_atomic(args.output, text)
        if verbosity(args) >= 0:
            print(report.summary(comp, findings).line())
    elif args.format == "text":
        emit(args, text)
    else:
        sys.stdout.write(text)
    return FINDINGS if _fails(findings, args.fail_on) else OK


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
