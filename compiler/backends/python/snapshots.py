"""The code of `restore PROC` (`g.restore("proc")`), and which procedures the engine keeps
the state of when a run begins: those a `restore` of the game names (`snapshot=True` on
their `book.procedure(...)`), so that no other run pays for a copy of the state."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from ...semantics.resolve import GameModel
from ...syntax import ast
from ...syntax.walk import find_nodes
from .expressions import Env
from .made import MadeCode
from .pretty import Str, call, render


class StateCode(MadeCode):
    """The statements that put back an earlier state (`GameCode` builds the others)."""

    def stmt_Restore(self, s: ast.Restore, env: Env, indent: int) -> list[str]:
        decl = self.target(s.procedure)[0]
        name = self.qual(decl) if decl is not None else s.procedure.dotted
        return render(call("g.restore", Str(name)), indent)


_FOUND: WeakKeyDictionary[GameModel, frozenset[str]] = WeakKeyDictionary()


def restored(model: GameModel) -> frozenset[str]:
    """The qualified names of the procedures some `restore` of the game names."""
    if model not in _FOUND:
        _FOUND[model] = _restored(model)
    return _FOUND[model]


def _restored(model: GameModel) -> frozenset[str]:
    found = set()
    for sym in model.symbols.values():
        clauses = getattr(sym.decl, "clauses", None)
        if not isinstance(clauses, ast.Clauses):
            continue
        for stmt in (*clauses.cost, *clauses.effect):
            for node in find_nodes(stmt, (ast.Restore,)):
                decl = model.targets.get(node.procedure)
                if isinstance(decl, ast.Procedure):
                    found.add(model.by_decl[id(decl)].qualname)
    return frozenset(found)
