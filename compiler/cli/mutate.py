"""`ludex test --mutate`: break each rule an example names, one change at a time, rerun
the example and list every change it survives (`ludex.verify.mutate`).

Per example: `killed K of N changes` and each survivor, `SURVIVED <game>/<example>  <id>
(file:line)`, the line of the changed node; a survivor a ruling accepts is listed as
`ACCEPTED` (`NEEDLESS` when the example kills it after all), a change whose engine does
not build as `INVALID`. Then one line per game (changes, killed, survived, accepted,
invalid, seconds) and a summary. With `-q` only the survivors, what was not run or
tried, the errors and the summary. Exit 1 when a survivor is not accepted, an example
does not pass as written, a change is not tried (`NOT TRIED`: the game's changes ran
away, or there are too many), or a ruling's `survives:` lists an unknown change.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..core.diagnostics import render_all, visible
from ..semantics.compilation import Compilation
from ..verify.mutate import (
    ACCEPTED,
    INVALID,
    KILLED,
    SURVIVED,
    UNTRIED,
    ExampleReport,
    GameReport,
    mutate,
)
from .common import FINDINGS, OK
from .term import Progress


def report(comp: Compilation, quiet: bool, bar: Progress | None = None,
           only: Sequence[str] = ()) -> int:
    """Run the changes (`bar` shows how many are tried; `only`: to the examples
    `examples.chosen` picks), print what they gave; the exit code."""
    started = time.monotonic()
    try:
        games = mutate(comp, progress=bar.tell if bar is not None else None, only=only)
    finally:
        if bar is not None:
            bar.close()
    if only and not any(g.examples for g in games):
        print(f"ludex: error: no executable example matches {' or '.join(only)}")
        return FINDINGS
    errors = [d for g in games for d in g.diagnostics]
    if errors:
        print(render_all(errors, comp.sources, 20))
    unproven = 0
    for game in games:
        for example in game.examples:
            unproven += _example(example, quiet)
        if not quiet and game.examples:
            print(_game_line(game))
    total = sum(len(e.outcomes) for g in games for e in g.examples)
    counts = {s: sum(g.count(s) for g in games)
              for s in (KILLED, SURVIVED, ACCEPTED, INVALID, UNTRIED)}
    print(f"{total} changes: {counts[KILLED]} killed, {counts[SURVIVED]} survived, "
          f"{counts[ACCEPTED]} accepted by rulings, {counts[INVALID]} invalid"
          + (f", {counts[UNTRIED]} not tried" if counts[UNTRIED] else "") + "; "
          f"{unproven} example{'s' * (unproven != 1)} not run; "
          f"{time.monotonic() - started:.1f} s")
    return FINDINGS if counts[SURVIVED] or counts[UNTRIED] or unproven or errors else OK


def _example(example: ExampleReport, quiet: bool) -> int:
    """Print one example's result; 1 when it was not mutated (it does not pass)."""
    name = f"{example.game}/{example.example}"
    where = f"({example.span.file}:{example.span.line})"
    if example.not_run is not None:
        print(visible(f"NOT RUN  {name}  {where}: {example.not_run}"))
        return 1
    valid = example.count(KILLED) + example.count(SURVIVED) + example.count(ACCEPTED)
    if not quiet:
        print(visible(f"{name}  {where}: killed {example.count(KILLED)} of {valid} changes"
                      + (f", {example.count(INVALID)} invalid" if example.count(INVALID)
                         else "")))
        for rule, why in example.unmutated:
            print(visible(f"      {rule}: {why}"))
        for ident in example.needless:
            print(visible(f"NEEDLESS {name}  {ident}: killed, its ruling need not accept it"))
    for outcome in example.outcomes:  # each one, since they cost the game's other changes
        if outcome.runaway:
            print(visible(f"RUNAWAY  {name}  {outcome.mutant.id}  ({outcome.mutant.span.file}:"
                          f"{outcome.mutant.span.line}): killed: {outcome.detail}"))
    untried = [o for o in example.outcomes if o.status == UNTRIED]
    if untried:  # one line, however many: the reason is the game's, not the change's
        print(visible(f"NOT TRIED {name}  {len(untried)} changes: {untried[0].detail}"))
    for outcome in example.outcomes:
        if outcome.status == SURVIVED or (not quiet and outcome.status in (ACCEPTED, INVALID)):
            span = outcome.mutant.span
            label = {SURVIVED: "SURVIVED", ACCEPTED: "ACCEPTED", INVALID: "INVALID "}
            line = f"{label[outcome.status]} {name}  {outcome.mutant.id}  " \
                f"({span.file}:{span.line})"
            print(visible(line + (f": {outcome.detail}" if outcome.detail else "")))
    return 0


def _game_line(game: GameReport) -> str:
    total = sum(len(e.outcomes) for e in game.examples)
    return visible(f"{game.game}: {total} changes, {game.count(KILLED)} killed, "
                   f"{game.count(SURVIVED)} survived, {game.count(ACCEPTED)} accepted, "
                   f"{game.count(INVALID)} invalid ({game.seconds:.1f} s)")
