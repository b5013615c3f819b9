"""What every parser callback shares: the state of one parse (`Context`) and the
spans of tokens and nodes.

A `Context` belongs to one parse call: the callbacks of that call hold it, and no
other parse sees it, so files parse independently in one thread or many.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lark import Token, Transformer

from ..core.diagnostics import Diagnostics
from ..core.source import Span
from .properties import number

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}

# tokens a keep-all-tokens rule passes on as values (the rest are its keywords)
VALUE_TOKENS = frozenset({"NAME", "INT", "STRING", "COMP_OP", "PLUS", "MINUS", "MUL_OP", "PROSE",
                          "YES", "NO"})


def unquote(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text[1:-1])


@dataclass
class Context:
    """The state of one parse: the file, where its diagnostics go, and how deep each
    expression built so far nests."""

    path: str
    diags: Diagnostics
    depths: dict[int, tuple[int, Any]] = field(default_factory=dict)  # id -> (depth, node)
    too_deep: bool = False


class CallbackBase(Transformer[Token, Any]):
    """Spans from tokens and nodes, for callbacks that build nodes of one parse."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(visit_tokens=False)
        self.ctx = ctx

    def tok(self, t: Token) -> Span:
        return Span(self.ctx.path, t.line or 1, t.column or 1,
                    t.end_line or t.line or 1, t.end_column or (t.column or 1) + 1)

    def num(self, t: Token) -> int:
        """An INT token's value, within the language's limit (E110 beyond it)."""
        return number(str(t), self.tok(t), self.ctx.diags)

    def span_of(self, *items: Any) -> Span:
        spans = [s for s in (self._span(i) for i in items) if s is not None]
        first, last = spans[0], spans[-1]
        return Span(first.file, first.line, first.col, last.end_line, last.end_col)

    def _span(self, item: Any) -> Span | None:
        if isinstance(item, Token):
            return self.tok(item)
        if isinstance(item, (list, tuple)):
            spans = [s for s in map(self._span, item) if s is not None]
            return self.span_of(*spans) if spans else None
        if isinstance(item, Span):
            return item
        return getattr(item, "span", None)

    def _kw(self, c: list[Any]) -> tuple[list[Any], Span]:
        """Split a keep-all-tokens rule's children: values, and the leading keyword's span."""
        span = self.tok(c[0]) if isinstance(c[0], Token) else self._span(c[0])
        values = [x for x in c if not isinstance(x, Token) or x.type in VALUE_TOKENS]
        return values, span or Span(self.ctx.path, 1, 1, 1, 1)

    def _kw_span(self, c: list[Any]) -> Span:
        values, start = self._kw(c)
        end = self._span(c[-1]) or start
        return Span(start.file, start.line, start.col, end.end_line, end.end_col)
