"""`ludex stats`: per game, the declarations, the rules that truly run and the examples
that pass; exit 1 when the rules have errors or an engine does not load."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..backends.figures import game_stats
from ..core.diagnostics import visible
from ..verify.examples import game_runs
from .common import FINDINGS, OK, USAGE, command, compiled
from .test import report_broken
from .trace import BookError, add_books, game_traces


def add(subparsers: Any) -> None:
    parser = command(subparsers, "stats",
                     "per game: declarations, executable rules, examples passing")
    add_books(parser)  # with it, each game's book coverage, as `ludex trace` prints it
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    comp = compiled(args.paths, "stats", args)
    if comp is None:
        return FINDINGS
    try:
        traces = {t.game: t for t in game_traces(comp, None, args.books)}
    except BookError as err:
        print(visible(f"ludex stats: {err}"), file=sys.stderr)
        return USAGE
    runs = game_runs(comp)
    results = [r for run in runs for r in run.results]
    for model in comp.models:
        print("\n".join(game_stats(model, results).lines()))
        if model.name in traces:
            print(f"  book: {traces[model.name].result.summary()}")
    return FINDINGS if report_broken(runs) else OK
