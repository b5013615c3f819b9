"""`ludex test`: run the books' worked examples against the generated engines, each
game in a contained child process (`ludex.verify`); exit 1 when an example fails, is
blocked (its run reaches a rule the engine cannot execute) or a game's engine does not
load.

`-q` prints only failing and blocked examples and the summary line; a progress bar
(games run, on a terminal only) shows on stderr while the engines run."""

from __future__ import annotations

import argparse
from typing import Any

from ..core.diagnostics import visible
from ..semantics.results import BLOCKED, FAIL, PASS, PROSE, STATUSES, GameRun
from ..verify.examples import game_runs
from . import mutate
from .common import FINDINGS, OK, command, compiled, progress_bar, verbosity


def add(subparsers: Any) -> None:
    parser = command(subparsers, "test",
                     "run the books' worked examples against the generated engine")
    parser.add_argument("--mutate", action="store_true",
                        help="break each rule an example names, one change at a time, and "
                        "list every change the example survives")
    parser.add_argument("-k", "--example", action="append", default=[], metavar="GLOB",
                        help="only the examples whose qualified name or file the glob "
                        "matches (a word without * ? [ matches any that holds it); "
                        "repeatable")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    comp = compiled(args.paths, "test", args)
    if comp is None:
        return FINDINGS
    if args.mutate:
        return mutate.report(comp, verbosity(args) < 0, progress_bar(args), args.example)
    bar = progress_bar(args, len(comp.models), "games")
    try:
        runs = game_runs(comp, load=True, progress=bar.update, only=args.example)
    finally:
        bar.close()
    results = [r for run in runs for r in run.results]
    if args.example and not results:
        print(f"ludex: error: no example matches {' or '.join(args.example)}")
        return FINDINGS
    for r in results:
        if r.status in (FAIL, BLOCKED) or verbosity(args) >= 0:
            label = {PASS: "PASS ", FAIL: "FAIL ", BLOCKED: "BLOCK", PROSE: "PROSE"}[r.status]
            print(visible(f"{label} {r.game}/{r.example}  ({r.span.file}:{r.span.line})"))
            if r.status in (FAIL, BLOCKED):
                print(f"      {visible(r.message)}")
    broken = report_broken(runs)
    counts = {s: sum(1 for r in results if r.status == s) for s in STATUSES}
    print(f"{counts[PASS]} passed, {counts[FAIL]} failed, {counts[BLOCKED]} blocked, "
          f"{counts[PROSE]} prose only"
          + (f"; {broken} engine{'s' * (broken != 1)} did not load" if broken else ""))
    return FINDINGS if counts[FAIL] or counts[BLOCKED] or broken else OK


def report_broken(runs: list[GameRun]) -> int:
    """Say which engines did not load (a finding of the report, on stdout); how many."""
    broken = [run for run in runs if run.engine_error is not None]
    for run in broken:
        print(f"ludex: error: {visible(run.engine_error or '')}")
    return len(broken)
