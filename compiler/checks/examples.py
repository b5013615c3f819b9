"""Example status (N613, W614).

Every worked example of the book is run against the engine generated from the
rules (the code `ludex build` writes, imported as a user imports it, in a child
process with a time and a memory limit): its `given:` start state, its
`actions:`, then each `expect:` line. An example that holds, or that is kept
as prose only (no actions or expectations), is listed as a note (N613) with
its status. A failing example is a warning (W614), with the expectations that
did not hold or the rule that stopped the actions: either the book's example
contradicts its own rules, or the encoding does. Examples are kept as
printed, so a failure is a finding to report, not to fix by editing the
example. An example that runs past its time limit or out of memory is a W614
too, and so is every example of a game whose generated engine does not load
(the message names the generated file and the error).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel
from ..semantics.results import FAIL
from ..syntax import ast
from .common import finding

CODES = (Code.EXAMPLE_STATUS, Code.EXAMPLE_FAILS)
HINT = "the book's example contradicts its rules, or the encoding does; keep the example " \
    "as printed"
RUNAWAY_HINT = "an example must finish within the limits (LUDEX_EXAMPLE_TIME_LIMIT, " \
    "LUDEX_EXAMPLE_MEMORY_LIMIT)"


def check(model: GameModel) -> Iterator[Diagnostic]:
    examples = [s.decl for s in model.symbols.values() if isinstance(s.decl, ast.Example)]
    if not examples:
        return
    run = model.examples
    if run is None:  # the examples were not run (`compile_paths(..., checks=False)`)
        for decl in examples:
            yield finding(model, Code.EXAMPLE_STATUS, f"example {decl.display!r}: not run", decl)
        return
    if run.engine_error is not None:
        for decl in examples:
            yield finding(model, Code.EXAMPLE_FAILS, f"example {decl.display!r} could not be run: "
                          f"{run.engine_error}", decl, hint="a bug in ludex: please report it")
        return
    results = {r.example: r for r in run.results}
    for decl in examples:
        result = results[model.symbol(decl).qualname]
        if result.runaway:
            yield finding(model, Code.EXAMPLE_FAILS, f"example {decl.display!r} {result.message}",
                          decl,
                          hint=RUNAWAY_HINT)
        elif result.status == FAIL:
            yield finding(model, Code.EXAMPLE_FAILS,
                          f"example {decl.display!r} fails: {result.message}",
                          decl, hint=HINT)
        else:
            status = "passes" if result.passed else "prose only"
            yield finding(model, Code.EXAMPLE_STATUS, f"example {decl.display!r}: {status}", decl)
