"""A rule that holds (`holds:`): a condition the engine keeps true (`runtime.invariants`).

`holds: always` is weighed after every change: it needs a `condition:` (E361 without one),
and it is no moment's rule, so it has no `when:`, cost or effect (E361: say what happens at
a moment in a rule of its own). `holds: then` is weighed at its `when:` moment ("the river
must run its course" once Setup's Phase 1 ends): it needs the `condition:` and the
`when:`, and has no cost or effect; when it does not hold there, what the moment belongs
to is refused (E361 for each part missing or too many)."""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from .symbols import GameModel

HOLDS = ("always", "then")


def holds_value(decl: ast.Decl) -> str | None:
    """`always` or `then` for a rule that holds, else None (a misspelt value is E-coded
    where the property is read)."""
    prop = decl.prop("holds") if isinstance(decl, ast.Rule) else None
    value = prop.value if prop is not None else None
    if isinstance(value, ast.Ref) and len(value.parts) == 1 and value.parts[0] in HOLDS:
        return value.parts[0]
    return None


def check_invariants(model: GameModel, diags: Diagnostics) -> None:
    for sym in model.symbols.values():
        prop = sym.decl.prop("holds") if isinstance(sym.decl, ast.Rule) else None
        clauses = getattr(sym.decl, "clauses", None)
        held = holds_value(sym.decl)
        if prop is None or held is None or not isinstance(clauses, ast.Clauses):
            continue
        if clauses.condition is None:
            diags.add(Code.NOT_AN_INVARIANT, f"a rule that holds {held} needs the condition "
                      "that must " + ("stay true" if held == "always" else "hold then"),
                      prop.span, "add `condition: ...`", decl=sym.qualname)
        if held == "always" and (clauses.when is not None or clauses.cost or clauses.effect):
            diags.add(Code.NOT_AN_INVARIANT, "a rule that holds always is weighed after every "
                      "change: it has no `when:`, cost or effect", prop.span,
                      "say what happens at a moment in a rule of its own", decl=sym.qualname)
        if held == "then" and clauses.when is None:
            diags.add(Code.NOT_AN_INVARIANT, "a rule that holds then is weighed at its "
                      "moment: it needs a `when:`", prop.span,
                      "add `when: end of ...` (or `holds: always`, weighed after every change)",
                      decl=sym.qualname)
        if held == "then" and (clauses.cost or clauses.effect):
            diags.add(Code.NOT_AN_INVARIANT, "a rule that holds then refuses what its moment "
                      "belongs to when it does not hold: it has no cost or effect", prop.span,
                      "say what happens at that moment in a rule of its own",
                      decl=sym.qualname)
