"""What every check uses: building a finding about a declaration."""

from __future__ import annotations

from .. import ast
from ..diagnostics import Diagnostic
from ..resolve import GameModel, Symbol
from ..source import Span


def finding(model: GameModel, code: str, message: str, decl: ast.Decl,
            span: Span | None = None, hint: str | None = None) -> Diagnostic:
    """A finding about `decl` (for suppression and linking), at `span` or the decl."""
    sym: Symbol | None = model.by_decl.get(id(decl))
    return Diagnostic(code, message, span or decl.span, hint, sym.qualname if sym else None)
