"""`ludex`: the parser of every command and the dispatch, with the last line of defence
(no traceback ever reaches a user: a bug is exit 123 with one line). Each command lives
in its own module, with its arguments (`add`) and its handler (`run`). The project's
configuration (`config.py`) fills what the command line leaves unset; a configuration
that cannot be used is a usage error, like a wrong flag, on stderr."""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn

from .. import __version__
from .exits import EXIT_CODES, FINDINGS, INTERNAL, OK, USAGE

# Every command and its one-line help, in the order `--help` lists them. Only the command
# being run is imported (`ludex --help` imports none): a test keeps these lines equal to
# what each command's own module registers.
COMMANDS = {
    "check": "parse, resolve, validate and check the rules for what the book gets wrong",
    "fmt": "rewrite .ludex files in the one canonical layout",
    "export": "write the resolved AST as JSON",
    "trace": "per game: which paragraphs of its book no declaration covers",
    "build": "emit the engines and the reference site",
    "test": "run the books' worked examples against the generated engine",
    "stats": "per game: declarations, executable rules, examples passing",
    "simulate": "play random games of one game and report what happened",
    "play": "play a game in the terminal against random players",
    "lsp": "run the language server on stdio (for an editor)",
    "init": "create a new game folder that checks clean and passes its test",
}


def _parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludex", description="Ludex: a rules-as-data compiler for tabletop games.",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"ludex {__version__}")
    add_commands(parser.add_subparsers(dest="command", required=True, metavar="COMMAND"),
                 only)
    return parser


def add_commands(subparsers: Any, only: str | None = None) -> None:
    """Every command, in the order `--help` lists them: each in full, or, when `only` is
    given, that one in full and the others by name and help alone (nothing imported)."""
    for name, summary in COMMANDS.items():
        if only is None or name == only:
            _add(subparsers, name)
        else:
            subparsers.add_parser(name, help=summary)


def _add(subparsers: Any, name: str) -> None:
    if name == "build":
        from .arguments import build_arguments, command

        parser = command(subparsers, "build", COMMANDS["build"])
        build_arguments(parser)
        parser.set_defaults(run=_build)
    else:
        _module(name).add(subparsers)


def _module(name: str) -> ModuleType:
    """The module of a command, imported when that command runs."""
    if name == "check":
        from . import check
        return check
    if name == "fmt":
        from . import fmt
        return fmt
    if name == "export":
        from . import export
        return export
    if name == "trace":
        from . import trace
        return trace
    if name == "test":
        from . import test
        return test
    if name == "stats":
        from . import stats
        return stats
    if name == "simulate":
        from . import simulate
        return simulate
    if name == "play":
        from . import play
        return play
    if name == "lsp":
        from . import lsp
        return lsp
    from . import init
    return init


def _chosen(argv: list[str]) -> str:
    """The command `argv` names ("" when none: `--help`, `--version`, a mistake)."""
    first = next((a for a in argv if not a.startswith("-")), "")
    return first if first in COMMANDS else ""


# Commands that compile once, report and end: the cycle collector is not run. What they
# build (millions of small objects for a large game) lives until the process ends, so a
# collection walks all of it and frees next to nothing (a quarter of a warm check of
# 30,000 cards). The language server and the games that play on keep it.
ONE_SHOT = frozenset({"check", "build", "export", "trace", "stats", "fmt"})


def entry() -> NoReturn:
    """The `ludex` command (and `python -m ludex`): `main`, then the process ends. After a
    one-shot command it ends at once (`os._exit`), the streams flushed first: the model it
    built (millions of small objects for a large game) is not freed one object at a time
    (a third of a second after a check of 30,000 cards), as the system takes the memory
    back whole. Nothing else waits for the exit: Ludex registers no exit handler, and its
    temporary folders are removed when their work ends."""
    code = main()
    if _chosen(sys.argv[1:]) in ONE_SHOT:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(BrokenPipeError, ValueError):  # reader left, or closed
                stream.flush()
        os._exit(code)
    sys.exit(code)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = _parser(_chosen(argv)).parse_args(argv)
    from ..backends.write import WriteError
    from ..core.codes import Code
    from ..core.diagnostics import visible
    from .config import ConfigError, apply, load

    try:
        apply(args, load())
    except ConfigError as err:
        print(f"ludex: {visible(str(err))}", file=sys.stderr)
        return USAGE
    try:
        return _run(args)
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


def _run(args: argparse.Namespace) -> int:
    """The command, without the cycle collector when it is a one-shot command (turned back
    on after it: `main` is also called in-process, by tests and tools)."""
    paused = args.command in ONE_SHOT and gc.isenabled()
    if paused:
        gc.disable()
    try:
        code: int = args.run(args)
        return code
    finally:
        if paused:
            gc.enable()


def _build(args: argparse.Namespace) -> int:
    from ..core.files import CACHE_DIR
    from .build_memo import BuildMemo

    memo = None if args.no_cache else BuildMemo(Path(CACHE_DIR))
    before = memo.before(args) if memo is not None else None
    if args.check and memo is not None and before is not None:
        count = memo.current(before)
        if count is not None:  # these inputs built these outputs, still there untouched
            print(f"up to date: {count} files")
            return OK

    from ..backends.write import MANIFEST
    from ..pipeline import compile_paths
    from ..syntax.cache import ParseCache
    from ..verify.examples import disk_cache
    from . import build
    from .common import progress_bar, report_errors

    bar = progress_bar(args)  # reading, resolving, running the examples the site shows
    try:
        with disk_cache(None if args.no_cache else Path(CACHE_DIR)):
            comp = compile_paths(args.paths, progress=bar.tell,
                                 cache=None if args.no_cache else ParseCache())
    finally:
        bar.close()
    if comp.diags.has_errors:
        report_errors(comp, args=args)
        print("ludex build: nothing written: fix the errors first")
        return FINDINGS

    def built(folders: list[build.Folder]) -> None:
        if memo is not None and before is not None:
            memo.record(args, before, [g.folder for g in comp.games],
                        {str(f.root): {**f.files, MANIFEST: build.manifest_bytes(f.files)}
                         for f in folders})

    return build.run(args, comp, built)
