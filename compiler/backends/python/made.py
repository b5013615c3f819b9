"""The code of `create KIND` (`q.create(g, "kind")`) and `retire X` (`q.retire(g, x)`):
instances made and retired in play (`runtime.made`)."""

from __future__ import annotations

from ...syntax import ast
from .expressions import Env, ExprCode
from .pretty import Atom, Str, call, render


class MadeCode(ExprCode):
    """The statements that make and retire instances (`GameCode` builds the others)."""

    def stmt_Create(self, s: ast.Create, env: Env, indent: int) -> list[str]:
        decl = self.target(s.kind)[0]
        name = self.qual(decl) if decl is not None else s.kind.dotted
        return render(call("q.create", Atom("g"), Str(name)), indent)

    def stmt_Retire(self, s: ast.Retire, env: Env, indent: int) -> list[str]:
        return render(call("q.retire", Atom("g"), self.expr(s.who, env)), indent)
