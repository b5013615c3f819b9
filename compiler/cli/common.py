"""What every command shares: the exit codes (one table, in every `--help`), the PATH
argument, and how a command that needs error-free rules reports the errors."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..core.codes import Severity
from ..core.diagnostics import render_all
from ..pipeline import compile_paths
from ..semantics.compilation import Compilation

OK, FINDINGS, USAGE, INTERNAL = 0, 1, 2, 123
EXIT_CODES = f"""exit codes:
  {OK:<4} clean: no finding at the --fail-on level (check), every example passes (test),
       generated output current (build --check)
  {FINDINGS:<4} findings at the --fail-on level (default: errors), an example that fails or
       runs past its limits, a generated engine that does not load (test, stats),
       coverage under --fail-under (trace), generated output stale (build --check),
       or an output that cannot be written
  {USAGE:<4} usage error
  {INTERNAL:<4} internal error (a bug in ludex: please report it)
"""


def command(subparsers: Any, name: str, help_text: str) -> argparse.ArgumentParser:
    """A sub-command with the shared epilog and the PATH argument."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=help_text, epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", type=Path, default=[Path("rules")], metavar="PATH",
                        help="a rules folder, a game folder or a .ludex file (default: rules)")
    return parser


def report_errors(comp: Compilation, limit: int = 50) -> bool:
    """Print the errors and the summary line; True when there were errors."""
    from ..backends.report import to_text

    errors = [d for d in comp.diags if d.severity is Severity.ERROR]
    sys.stderr.write(to_text(comp, errors, limit))
    return bool(errors)


def compiled(paths: list[Path], name: str) -> Compilation | None:
    """The compilation (without the checks) when the rules have no error; else the errors
    are printed and None is returned."""
    comp = compile_paths(paths, checks=False)
    if not comp.diags.has_errors:
        return comp
    errors = [d for d in comp.diags if d.severity is Severity.ERROR]
    print(render_all(errors, comp.sources, 20), file=sys.stderr)
    print(f"ludex {name}: the rules have {len(errors)} error"
          f"{'s' * (len(errors) != 1)}: fix them first", file=sys.stderr)
    return None
