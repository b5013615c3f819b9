"""The `ludex` command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .diagnostics import Severity, render_all
from .driver import compile_paths

EXIT_CODES = """exit codes:
  0    clean (warnings allowed unless --fail-on warning)
  1    errors found, or generated output is stale (--check)
  2    usage error
  123  internal error (a bug in ludex: please report it)
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ludex", description=__doc__, epilog=EXIT_CODES,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="parse, resolve and validate rules",
                           epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    check.add_argument("paths", nargs="*", type=Path, default=[Path("rules")])
    check.add_argument("--max-diagnostics", type=int, default=50)
    args = parser.parse_args(argv)
    try:
        return _check(args)
    except Exception as err:  # noqa: BLE001 - the last line of defence
        print(f"ludex: internal error: {type(err).__name__}: {err}", file=sys.stderr)
        return 123


def _check(args: argparse.Namespace) -> int:
    comp = compile_paths(args.paths)
    diags = list(comp.diags)
    if diags:
        print(render_all(diags, comp.sources, args.max_diagnostics), file=sys.stderr)
    errors = comp.diags.count(Severity.ERROR)
    warnings = comp.diags.count(Severity.WARNING)
    print(f"{errors} errors, {warnings} warnings, {comp.file_count} files, "
          f"{comp.declaration_count} declarations")
    return 1 if errors else 0
