"""What every check uses: building a finding about a declaration."""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..core.source import Span
from ..semantics.resolve import GameModel, Symbol
from ..syntax import ast


def finding(model: GameModel, code: Code, message: str, decl: ast.Decl,
            span: Span | None = None, hint: str | None = None) -> Diagnostic:
    """A finding about `decl` (for suppression and linking), at `span` or the decl."""
    sym: Symbol | None = model.by_decl.get(id(decl))
    return Diagnostic(code, message, span or decl.span, hint, sym.qualname if sym else None)
