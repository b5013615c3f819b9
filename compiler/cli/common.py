"""What every command shares: the exit codes (one table, in every `--help`), the PATH
argument, the conventions every command accepts (`-q`, `-v`, `--color`), how a report is
written (coloured on a terminal) and how a command that needs error-free rules
reports the errors.

The streams, as ruff and most compilers use them: diagnostics and reports go to stdout
(`ludex check | grep E301` works); the tool's own trouble goes to stderr: a usage error
(argparse, a bad option value, a configuration that cannot be used), a PATH argument
Ludex cannot read (E501 on the argument itself: `Diagnostic.usage`), an output it refuses
or cannot write (E502) and an internal error. A file inside a game that cannot be read
or is refused (a link out of the rules) is a finding about the project: in the report.
A command whose stdout is data (`export`, `--format json`) writes
the diagnostics that stop it to stderr, so the data stream stays parseable. Progress bars
go to stderr, and only on a terminal (`term.Progress`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from ..core.codes import Severity
from ..core.diagnostics import Diagnostic, render, render_all
from ..pipeline import compile_paths
from ..semantics.compilation import Compilation

# The exit codes live in `exits` (which `ludex --help` imports alone); every command
# takes them from here.
from .arguments import command as command
from .arguments import conventions as conventions
from .exits import EXIT_CODES as EXIT_CODES
from .exits import FINDINGS as FINDINGS
from .exits import INTERNAL as INTERNAL
from .exits import OK as OK
from .exits import USAGE as USAGE
from .term import Progress, colorize, use_color


def verbosity(args: argparse.Namespace) -> int:
    """-v counts up, -q counts down; 0 is the default."""
    return int(getattr(args, "verbose", 0)) - int(getattr(args, "quiet", 0))


def progress_bar(args: argparse.Namespace, total: int = 1, what: str = "") -> Progress:
    """A progress bar on stderr when it is a terminal, none with -q."""
    return Progress(total, what, sys.stderr if verbosity(args) >= 0 else None)


def emit(args: argparse.Namespace, text: str, stream: TextIO | None = None) -> None:
    """Write a text report (on stdout unless `stream` says otherwise), its diagnostics
    coloured when colour is on for that stream."""
    out = stream or sys.stdout
    if use_color(getattr(args, "color", "auto"), out):
        text = colorize(text)
    out.write(text)


def tool_trouble(d: Diagnostic) -> bool:
    """Is `d` about how Ludex was run rather than the rules (a PATH argument it cannot
    read)?"""
    return d.usage


def split_trouble(args: argparse.Namespace, findings: list[Diagnostic],
                  name: str) -> list[Diagnostic]:
    """Write the tool's own trouble among `findings` to stderr, `ludex NAME: ` first;
    the findings left, for the report on stdout."""
    trouble = [d for d in findings if tool_trouble(d)]
    if trouble:
        head = f"ludex {name}: " if name else "ludex: "
        emit(args, "".join(head + render(d, {}) + "\n" for d in trouble), sys.stderr)
    return [d for d in findings if not tool_trouble(d)]


def data_stream(args: argparse.Namespace) -> TextIO:
    """Where the diagnostics of a command go: stdout, unless its stdout carries data
    (JSON and the like), which they must not corrupt."""
    return sys.stdout if getattr(args, "format", "text") == "text" else sys.stderr


def report_errors(comp: Compilation, limit: int = 50,
                  args: argparse.Namespace | None = None, name: str = "",
                  stream: TextIO | None = None) -> bool:
    """Print the errors and the summary line (the tool's own trouble on stderr);
    True when there were errors."""
    from ..backends.report import summary, to_text

    args = args or argparse.Namespace()
    errors = [d for d in comp.diags if d.severity is Severity.ERROR]
    if errors:
        shown = split_trouble(args, errors, name or getattr(args, "command", "") or "")
        emit(args, to_text(comp, shown, limit, summary_line=False), stream)
        emit(args, summary(comp, errors).line() + "\n", stream)
    return bool(errors)


def _errors(count: int) -> str:
    return f"{count} error{'s' * (count != 1)}"


def compiled(paths: list[Path], name: str,
             args: argparse.Namespace | None = None) -> Compilation | None:
    """The compilation (without the checks) when the rules have no error; else the errors
    are printed (on stdout, or stderr when stdout carries data) and None is returned."""
    args = args or argparse.Namespace()
    bar = progress_bar(args)
    try:
        comp = compile_paths(paths, checks=False, progress=bar.tell)
    finally:
        bar.close()
    if not comp.diags.has_errors:
        return comp
    stream = data_stream(args)
    errors = [d for d in comp.diags if d.severity is Severity.ERROR]
    shown = split_trouble(args, errors, name)
    if shown:  # (a PATH that cannot be read was said on stderr: nothing to add)
        emit(args, render_all(shown, comp.sources, 20) + "\n", stream)
        print(f"ludex {name}: the rules have {_errors(len(shown))}: fix them first",
              file=stream)
    return None
