"""A rule that holds always (`holds: always`) is a condition the engine keeps true after
every change (`runtime.invariants`): it needs a `condition:` (E361 without one), and it is
no moment's rule, so it has no `when:`, cost or effect (E361: say what happens at a moment
in a rule of its own)."""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from .symbols import GameModel


def check_invariants(model: GameModel, diags: Diagnostics) -> None:
    for sym in model.symbols.values():
        prop = sym.decl.prop("holds") if isinstance(sym.decl, ast.Rule) else None
        clauses = getattr(sym.decl, "clauses", None)
        if prop is None or not isinstance(clauses, ast.Clauses):
            continue
        if clauses.condition is None:
            diags.add(Code.NOT_AN_INVARIANT, "a rule that holds always needs the condition "
                      "that must stay true", prop.span, "add `condition: ...`",
                      decl=sym.qualname)
        if clauses.when is not None or clauses.cost or clauses.effect:
            diags.add(Code.NOT_AN_INVARIANT, "a rule that holds always is weighed after every "
                      "change: it has no `when:`, cost or effect", prop.span,
                      "say what happens at a moment in a rule of its own", decl=sym.qualname)
