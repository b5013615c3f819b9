"""Example status (N613, W614, W616, W617).

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

An example whose run reaches a rule the engine cannot execute (a condition or a moment
stated in words, a fact it does not model) is blocked: neither passing nor failing, a
warning of its own (W617) naming that rule. The engine never answers a question stated
in words: an example that depends on such a fact states it in `given:`, or the rule says
it in the language.

An example proves something about the rules it names (`for:`) only if its run
exercises them. The engine records every rule, step, card and procedure that fired,
and every rule whose condition it weighed (a rule reached whose condition rightly
fails, as an example showing that nothing happens yet, is exercised too); an
executable example that passes while a rule it names was never exercised is a
warning (W616), naming those rules: the example restates the rule instead of
running it, or the actions never reach it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel
from ..semantics.results import BLOCKED, FAIL
from ..syntax import ast
from .common import finding

CODES = (Code.EXAMPLE_STATUS, Code.EXAMPLE_FAILS, Code.EXAMPLE_MISSES_ITS_RULE,
         Code.EXAMPLE_BLOCKED)
MISSES_HINT = "take the actions that make the named rules run, or suppress W616 with the " \
    "reason the example names a rule that does not fire"
HINT = "the book's example contradicts its rules, or the encoding does; keep the example " \
    "as printed"
BLOCKED_HINT = "say the condition or moment in the language, or state the fact the " \
    "example depends on in its `given:`"
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
            if not decl.executable:
                yield finding(model, Code.EXAMPLE_STATUS, f"example {decl.display!r}: prose only",
                              decl)
                continue
            yield finding(model, Code.EXAMPLE_FAILS, f"example {decl.display!r} could not be run: "
                          f"{run.engine_error}", decl, hint="the generated engine does not load: "
                          "the message names the file and line")
        return
    results = {r.example: r for r in run.results}
    for decl in examples:
        result = results[model.symbol(decl).qualname]
        if result.runaway:
            yield finding(model, Code.EXAMPLE_FAILS, f"example {decl.display!r} {result.message}",
                          decl,
                          hint=RUNAWAY_HINT)
        elif result.status == BLOCKED:
            yield finding(model, Code.EXAMPLE_BLOCKED,
                          f"example {decl.display!r} is {result.message}", decl, hint=BLOCKED_HINT)
        elif result.status == FAIL:
            yield finding(model, Code.EXAMPLE_FAILS,
                          f"example {decl.display!r} fails: {result.message}",
                          decl, hint=HINT)
        else:
            status = "passes" if result.passed else "prose only"
            yield finding(model, Code.EXAMPLE_STATUS, f"example {decl.display!r}: {status}", decl)
            if result.passed:
                yield from _misses(model, decl, set(result.fired))


def _misses(model: GameModel, decl: ast.Example, fired: set[str]) -> Iterator[Diagnostic]:
    """W616 when a rule the example names (`for:`) was never exercised in its run (it
    neither fired nor had its condition weighed)."""
    named = decl.illustrates
    refs = [] if named is None else [named] if isinstance(named, ast.Ref) else \
        [r for r in named.items if isinstance(r, ast.Ref)]
    rules = [model.symbol(d).qualname for d in (model.targets.get(r) for r in refs)
             if d is not None and _fires(d)]
    missed = [q for q in rules if q not in fired]
    if missed:
        names = ", ".join(f"`{q}`" for q in missed)
        yield finding(model, Code.EXAMPLE_MISSES_ITS_RULE, f"example {decl.display!r} passes "
                      f"but never fires {names}, which it names", decl, hint=MISSES_HINT)


def _fires(decl: ast.Decl) -> bool:
    """Can the engine record this declaration firing? Rules, steps, procedures, and cards
    with rule clauses."""
    if isinstance(decl, (ast.Rule, ast.Step, ast.Procedure)):
        return True
    clauses = getattr(decl, "clauses", None)
    return isinstance(decl, ast.Instance) and isinstance(clauses, ast.Clauses) and \
        not clauses.empty
