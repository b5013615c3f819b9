"""What every command shares: the exit codes (one table, in every `--help`), the PATH
argument, the conventions every command accepts (`-q`, `-v`, `--color`), how a report is
written (coloured on a terminal) and how a command that needs error-free rules
reports the errors."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from ..core.codes import Severity
from ..core.diagnostics import render_all
from ..pipeline import compile_paths
from ..semantics.compilation import Compilation
from .term import COLORS, colorize, use_color

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
    parser.add_argument("paths", nargs="*", type=Path, default=[], metavar="PATH",
                        help="a rules folder, a game folder or a .ludex file (default: the "
                        "configuration's paths, else rules)")
    conventions(parser)
    return parser


def conventions(parser: argparse.ArgumentParser) -> None:
    """The options every command takes: verbosity and colour."""
    parser.add_argument("-q", "--quiet", action="count", default=0,
                        help="print less (repeat for less still)")
    parser.add_argument("-v", "--verbose", action="count", default=0,
                        help="print more (repeat for more still)")
    parser.add_argument("--color", choices=COLORS, default="auto",
                        help="colour diagnostics: auto (on a terminal, honouring NO_COLOR and "
                        "FORCE_COLOR), always or never (default: auto)")


def verbosity(args: argparse.Namespace) -> int:
    """-v counts up, -q counts down; 0 is the default."""
    return int(getattr(args, "verbose", 0)) - int(getattr(args, "quiet", 0))


def emit(args: argparse.Namespace, text: str, stream: TextIO | None = None) -> None:
    """Write a text report (on stderr for now: moving it to stdout is issue 13's item 6,
    not done yet), its diagnostics coloured when colour is on for that stream."""
    out = stream or sys.stderr
    if use_color(getattr(args, "color", "auto"), out):
        text = colorize(text)
    out.write(text)


def report_errors(comp: Compilation, limit: int = 50,
                  args: argparse.Namespace | None = None) -> bool:
    """Print the errors and the summary line; True when there were errors."""
    from ..backends.report import to_text

    errors = [d for d in comp.diags if d.severity is Severity.ERROR]
    emit(args or argparse.Namespace(), to_text(comp, errors, limit))
    return bool(errors)


def compiled(paths: list[Path], name: str,
             args: argparse.Namespace | None = None) -> Compilation | None:
    """The compilation (without the checks) when the rules have no error; else the errors
    are printed and None is returned."""
    comp = compile_paths(paths, checks=False)
    if not comp.diags.has_errors:
        return comp
    errors = [d for d in comp.diags if d.severity is Severity.ERROR]
    emit(args or argparse.Namespace(), render_all(errors, comp.sources, 20) + "\n")
    print(f"ludex {name}: the rules have {len(errors)} error"
          f"{'s' * (len(errors) != 1)}: fix them first", file=sys.stderr)
    return None
