"""`restore PROC` puts back the state the last run of a procedure began with: it names a
procedure (E362 for anything else: a stat, a rule or a step has no such state kept)."""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from ..syntax.walk import find_nodes
from .symbols import GameModel


def check_restores(model: GameModel, diags: Diagnostics) -> None:
    for sym in model.symbols.values():
        clauses = getattr(sym.decl, "clauses", None)
        if not isinstance(clauses, ast.Clauses):
            continue
        for stmt in (*clauses.cost, *clauses.effect):
            for node in find_nodes(stmt, (ast.Restore,)):
                decl = model.targets.get(node.procedure)
                if decl is None or isinstance(decl, ast.Procedure):
                    continue  # a procedure, or a name not declared (E301 says so)
                diags.add(Code.NOT_RESTORABLE, f"`restore` puts back the state a procedure's "
                          f"run began with, and `{node.procedure.dotted}` is no procedure",
                          node.procedure.span, "name the procedure whose run it undoes: "
                          "`restore battle`", decl=sym.qualname)
