"""Lark callbacks: one method per grammar rule or alias, each returning AST nodes.

They run inside Lark's LALR parser (no parse tree is built). Spans come from
the tokens; a keyword-led rule keeps its tokens (`!rule` in the grammar) so its
span starts at the keyword. Problems the callbacks can see (an unknown
property, an expression nested too deep, a number beyond the language's limit)
are reported, never raised.

The methods live by what they build: `decl_callbacks` (declarations, clauses,
types), `code_callbacks` (statements, expressions), on `callbacks_base` (spans, and
the `Context` of one parse). Each parse makes its own `AstBuilder` on a new
`Context`, so no state is shared between parses.
"""

from __future__ import annotations

from .callbacks_base import Context
from .code_callbacks import ExprCallbacks, StmtCallbacks
from .decl_callbacks import DeclCallbacks

__all__ = ["AstBuilder", "Context"]


class AstBuilder(DeclCallbacks, StmtCallbacks, ExprCallbacks):
    """All the callbacks of one parse, holding that parse's `Context`."""
