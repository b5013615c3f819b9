"""`ludex stats`: per game, the declarations, the rules that truly run and the examples
that pass; exit 1 when the rules have errors or an engine does not load."""

from __future__ import annotations

import argparse
from typing import Any

from ..backends.figures import game_stats
from ..verify.examples import game_runs
from .common import FINDINGS, OK, command, compiled
from .test import report_broken


def add(subparsers: Any) -> None:
    parser = command(subparsers, "stats",
                     "per game: declarations, executable rules, examples passing")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    comp = compiled(args.paths, "stats")
    if comp is None:
        return FINDINGS
    runs = game_runs(comp)
    results = [r for run in runs for r in run.results]
    for model in comp.models:
        print("\n".join(game_stats(model, results).lines()))
    return FINDINGS if report_broken(runs) else OK
