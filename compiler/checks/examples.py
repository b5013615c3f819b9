"""Example status (N613, W614).

Every worked example of the book is run against the engine generated from the
rules (the code `ludex build` writes): its `given:` start state, its
`actions:`, then each `expect:` line. An example that holds, or that is kept
as prose only (no actions or expectations), is listed as a note (N613) with
its status. A failing example is a warning (W614), with the expectations that
did not hold or the rule that stopped the actions: either the book's example
contradicts its own rules, or the encoding does. Examples are kept as
printed, so a failure is a finding to report, not to fix by editing the
example.
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import ast
from ..diagnostics import Diagnostic
from ..resolve import GameModel
from .common import finding

CODES = ("N613", "W614")


def check(model: GameModel) -> Iterator[Diagnostic]:
    examples = [s.decl for s in model.symbols.values() if isinstance(s.decl, ast.Example)]
    if not examples:
        return
    try:
        from ..examples import FAIL, run_game
    except ImportError:  # no example runner (replaced in a test): statuses only
        for decl in examples:
            status = "executable" if decl.executable else "prose only"
            yield finding(model, "N613", f"example {decl.display!r}: {status}", decl)
        return
    try:
        results = {r.example: r for r in run_game(model)}
    except Exception as err:  # noqa: BLE001 - an engine that cannot be built is a finding
        for decl in examples:
            status = "could not be run" if decl.executable else "prose only"
            code = "W614" if decl.executable else "N613"
            yield finding(model, code, f"example {decl.display!r}: {status}", decl,
                          hint=f"the engine for this game failed: {type(err).__name__}: {err}")
        return
    for decl in examples:
        result = results[model.symbol(decl).qualname]
        if result.status == FAIL:
            yield finding(model, "W614", f"example {decl.display!r} fails: {result.message}",
                          decl, hint="the book's example contradicts its rules, or the "
                          "encoding does; keep the example as printed")
        else:
            status = "passes" if result.passed else "prose only"
            yield finding(model, "N613", f"example {decl.display!r}: {status}", decl)
