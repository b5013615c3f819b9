"""`ludex test` (run the books' worked examples) and `ludex stats` (figures per game).

`add_commands(subparsers)` adds both to the `ludex` command line; each parser
sets `run` to its handler, which returns the exit code: `ludex test` exits 1
when an example fails, a game's generated engine does not load, or the rules have
errors; `ludex stats` when the rules have errors or an engine does not load. Both run
the examples contained (`ludex.verify.examples`, `ludex.verify.sandbox`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..pipeline import compile_paths
from ..semantics.compilation import Compilation

if TYPE_CHECKING:
    from ..verify.examples import GameRun

EXIT_CODES = """exit codes:
  0    every executable example passes (test); figures printed (stats)
  1    an example fails or runs past its limits (test), a generated engine does
       not load, or the rules have errors
  2    usage error
  123  internal error (a bug in ludex: please report it)
"""


def add_commands(subparsers: Any) -> None:
    """Add `test` and `stats` to the `ludex` sub-command parsers."""
    fmt = argparse.RawDescriptionHelpFormatter
    test = subparsers.add_parser(
        "test", help="run the books' worked examples against the generated engine",
        epilog=EXIT_CODES, formatter_class=fmt)
    test.add_argument("paths", nargs="*", type=Path, default=[Path("rules")], metavar="PATH",
                      help="a rules folder, a game folder or a .ludex file (default: rules)")
    test.add_argument("-q", "--quiet", action="store_true",
                      help="print only failing examples and the summary line")
    test.set_defaults(run=run_test)
    stats = subparsers.add_parser(
        "stats", help="per game: declarations, executable rules, examples passing",
        epilog=EXIT_CODES, formatter_class=fmt)
    stats.add_argument("paths", nargs="*", type=Path, default=[Path("rules")], metavar="PATH")
    stats.set_defaults(run=run_stats)


def _compiled(paths: list[Path], command: str) -> Compilation | None:
    comp = compile_paths(paths, checks=False)
    if not comp.diags.has_errors:
        return comp
    from ..core.codes import Severity
    from ..core.diagnostics import render_all

    errors = [d for d in comp.diags if d.severity is Severity.ERROR]
    print(render_all(errors, comp.sources, 20), file=sys.stderr)
    print(f"ludex {command}: the rules have {len(errors)} error"
          f"{'s' * (len(errors) != 1)}: fix them first", file=sys.stderr)
    return None


def run_test(args: argparse.Namespace) -> int:
    from ..core.diagnostics import visible
    from ..verify.examples import FAIL, PASS, PROSE, game_runs

    comp = _compiled(args.paths, "test")
    if comp is None:
        return 1
    runs = game_runs(comp, load=True)
    results = [r for run in runs for r in run.results]
    for r in results:
        if r.status == FAIL or not args.quiet:
            label = {PASS: "PASS ", FAIL: "FAIL ", PROSE: "PROSE"}[r.status]
            print(visible(f"{label} {r.game}/{r.example}  ({r.span.file}:{r.span.line})"))
            if r.status == FAIL:
                print(f"      {visible(r.message)}")
    broken = _report_broken(runs)
    counts = {s: sum(1 for r in results if r.status == s) for s in (PASS, FAIL, PROSE)}
    print(f"{counts[PASS]} passed, {counts[FAIL]} failed, {counts[PROSE]} prose only"
          + (f"; {broken} engine{'s' * (broken != 1)} did not load" if broken else ""))
    return 1 if counts[FAIL] or broken else 0


def _report_broken(runs: list[GameRun]) -> int:
    """Say on stderr which engines did not load; how many."""
    from ..core.diagnostics import visible

    broken = [run for run in runs if run.engine_error is not None]
    for run in broken:
        print(f"ludex: error: {visible(run.engine_error or '')}", file=sys.stderr)
    return len(broken)


def run_stats(args: argparse.Namespace) -> int:
    from ..backends.stats import game_stats
    from ..verify.examples import game_runs

    comp = _compiled(args.paths, "stats")
    if comp is None:
        return 1
    runs = game_runs(comp)
    results = [r for run in runs for r in run.results]
    for model in comp.models:
        print("\n".join(game_stats(model, results).lines()))
    return 1 if _report_broken(runs) else 0
