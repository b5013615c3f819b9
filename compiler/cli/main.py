"""`ludex`: the parser of every command and the dispatch, with the last line of defence
(no traceback ever reaches a user: a bug is exit 123 with one line). Each command lives
in its own module, with its arguments (`add`) and its handler (`run`). The project's
configuration (`config.py`) fills what the command line leaves unset; a configuration
that cannot be used is a usage error, like a wrong flag, on stderr."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from .. import __version__
from ..backends.write import WriteError
from ..core.codes import Code
from ..core.diagnostics import visible
from ..pipeline import compile_paths
from ..syntax.cache import ParseCache
from . import build, check, export, fmt, init, lsp, play, simulate, stats, test, trace
from .common import (
    EXIT_CODES,
    FINDINGS,
    INTERNAL,
    OK,
    USAGE,
    command,
    progress_bar,
    report_errors,
)
from .config import ConfigError, apply, load


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludex", description="Ludex: a rules-as-data compiler for tabletop games.",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"ludex {__version__}")
    add_commands(parser.add_subparsers(dest="command", required=True, metavar="COMMAND"))
    return parser


def add_commands(subparsers: Any) -> None:
    """Every command, in the order `--help` lists them."""
    check.add(subparsers)
    fmt.add(subparsers)
    export.add(subparsers)
    trace.add(subparsers)
    parser = command(subparsers, "build", "emit the engines and the reference site")
    build.add_arguments(parser)
    parser.set_defaults(run=_build)
    test.add(subparsers)
    stats.add(subparsers)
    simulate.add(subparsers)
    play.add(subparsers)
    lsp.add(subparsers)
    init.add(subparsers)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        apply(args, load())
    except ConfigError as err:
        print(f"ludex: {visible(str(err))}", file=sys.stderr)
        return USAGE
    try:
        code: int = args.run(args)
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `ludex ... | head`: the reader left; not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return OK
    except WriteError as err:  # an output refused or that cannot be written
        print(f"ludex: error[{Code.CANNOT_WRITE}]: {err}", file=sys.stderr)
        return FINDINGS
    except Exception as err:  # noqa: BLE001 - the last line of defence
        print(visible(f"ludex: internal error: {type(err).__name__}: {err}"), file=sys.stderr)
        return INTERNAL


def _build(args: argparse.Namespace) -> int:
    bar = progress_bar(args)  # reading, resolving, running the examples the site shows
    try:
        comp = compile_paths(args.paths, progress=bar.tell,
                             cache=None if args.no_cache else ParseCache())
    finally:
        bar.close()
    if comp.diags.has_errors:
        report_errors(comp, args=args)
        print("ludex build: nothing written: fix the errors first")
        return FINDINGS
    return build.run(args, comp)
