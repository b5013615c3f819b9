"""Parser callbacks for what declarations are made of: the file, declarations and
their bodies (prose, properties, rows, manifest entries, notes, suppressions), clauses,
field types, timings, limits and durations. Statements and expressions are
`code_callbacks`; both build on `callbacks_base`."""

from __future__ import annotations

from typing import Any

from lark import Token

from ..core.source import Span
from . import ast
from .assemble import BodyItem, Clause, build_decl, build_file
from .callbacks_base import CallbackBase, unquote


class DeclCallbacks(CallbackBase):
    """One method per grammar rule or alias of declarations, clauses and types."""

    # -- file and declarations
    def start(self, c: list[Any]) -> ast.File:
        within = next((x for x in c if isinstance(x, tuple) and x[0] == "within"), None)
        decls = tuple(x for x in c if isinstance(x, ast.Decl))
        span = self.span_of(*c) if c else Span(self.ctx.path, 1, 1, 1, 1)
        return build_file(self.ctx.path, span, within[1] if within else None, decls)

    def within(self, c: list[Any]) -> tuple[str, ast.Ref]:
        return ("within", c[0])

    def decl(self, c: list[Any]) -> ast.Decl:
        keyword, ident = c[0], c[1]
        rest = c[2:]
        has_title = rest and isinstance(rest[0], tuple) and rest[0][0] == "title"
        title = rest.pop(0) if has_title else None
        items: list[BodyItem] = rest[0] if rest else []
        return build_decl(
            self.span_of(keyword, ident), str(keyword), self.tok(keyword), str(ident),
            title[1] if title else None, items, self.ctx.diags,
        )

    def title(self, c: list[Token]) -> tuple[str, str]:
        return ("title", unquote(c[0]))

    def block(self, c: list[Any]) -> list[Any]:
        return c

    def prose(self, c: list[Token]) -> ast.Prose:
        text = c[0][1:]
        return ast.Prose(self.tok(c[0]), text[1:] if text.startswith(" ") else text)

    def prop(self, c: list[Any]) -> ast.Property:
        return ast.Property(self.span_of(c[0], c[1]), str(c[0]), c[1])

    def suppress(self, c: list[Token]) -> ast.Suppression:
        return ast.Suppression(self.span_of(*c), str(c[0]), unquote(c[1]))

    def note(self, c: list[Any]) -> ast.Note:
        kind, body = c[0], c[1:]
        if isinstance(body[0], Token):
            text = unquote(body[0])
        else:
            text = " ".join(p.text for p in body).strip()
        return ast.Note(self.span_of(kind, *body), str(kind), text)

    # -- rows and entries
    def row(self, c: list[Any]) -> ast.Row:
        key, val = c[0], c[1]
        if isinstance(val, list):
            return ast.Row(self.span_of(key, val), key, None, tuple(val))
        if _is_stmt(val):
            return ast.Row(self.span_of(key, val), key, None, (val,))
        return ast.Row(self.span_of(key, val), key, val, ())

    def key_int(self, c: list[Token]) -> ast.RowKey:
        value = self.num(c[0])
        return ast.RowKey(self.tok(c[0]), "int", value, value, None)

    def key_atleast(self, c: list[Token]) -> ast.RowKey:
        return ast.RowKey(self.span_of(*c), "atleast", self.num(c[0]), None, None)

    def key_range(self, c: list[Token]) -> ast.RowKey:
        return ast.RowKey(self.span_of(*c), "range", self.num(c[0]), self.num(c[1]), None)

    def key_text(self, c: list[Token]) -> ast.RowKey:
        return ast.RowKey(self.tok(c[0]), "text", None, None, unquote(c[0]))

    def entry(self, c: list[Any]) -> ast.Entry:
        count, target = c[0], c[1]
        label = next((unquote(x) for x in c[2:] if isinstance(x, Token)), None)
        per = next((x for x in c[2:] if isinstance(x, tuple)), (None, None, None))
        return ast.Entry(self.span_of(*c), self.num(count), target, label, *per)

    def per(self, c: list[Any]) -> tuple[int, ast.Ref | None, None]:
        return (self.num(c[0]), c[1], None)

    def each(self, c: list[Any]) -> tuple[int, ast.Ref | None, None]:
        return (self.num(c[0]), None, None)

    def words(self, c: list[Any]) -> tuple[None, None, str]:
        """A breakdown in the book's words, kept as text: `("160 Standard, 6 Tarot")`."""
        return (None, None, unquote(c[0]))

    # -- clauses
    def field(self, c: list[Any]) -> ast.Field:
        title = unquote(c[2]) if len(c) == 4 else None
        return ast.Field(self.span_of(*c), str(c[1]), c[-1], title)

    def when(self, c: list[Any]) -> Clause:
        moments = tuple(c[1:])
        if len(moments) == 1:
            return Clause("when", self.span_of(*c), moments[0])
        timing = ast.Timing(self.span_of(*moments), "any", None, None, options=moments)
        return Clause("when", self.span_of(*c), timing)

    def limit(self, c: list[Any]) -> Clause:
        return Clause("limit", self.span_of(*c), c[1])

    def duration(self, c: list[Any]) -> Clause:
        return Clause("duration", self.span_of(*c), c[1])

    def condition(self, c: list[Any]) -> Clause:
        return Clause("condition", self.span_of(*c), c[1])

    def effect(self, c: list[Any]) -> Clause:
        word, body = c[0], c[1]
        stmts = tuple(body) if isinstance(body, list) else (body,)
        return Clause(str(word), self.span_of(word, body), stmts)

    def effect_value(self, c: list[Any]) -> Clause:
        return Clause(str(c[0]), self.span_of(*c), c[1], plain_value=True)

    def expect(self, c: list[Any]) -> Clause:
        return Clause("expect", self.span_of(*c), tuple(c[1:]))

    # -- types
    def union_type(self, c: list[Any]) -> ast.UnionType:
        return ast.UnionType(self.span_of(*c), tuple(c))

    def int_type(self, c: list[Any]) -> ast.IntType:
        span, values = self._kw_span(c), self._kw(c)[0]
        lo, hi = values[0][:2] if values else (None, None)
        return ast.IntType(span, lo, hi)

    def range_lit(self, c: list[Any]) -> tuple[int, int, Span]:
        lo, hi = (self._int(x) for x in c)
        return (lo.value, hi.value, self.span_of(lo, hi))

    def _int(self, x: Any) -> ast.IntLit:
        return ast.IntLit(self.tok(x), self.num(x)) if isinstance(x, Token) else x

    def signed(self, c: list[Token]) -> ast.IntLit:
        value = self.num(c[-1])
        return ast.IntLit(self.span_of(*c), -value if len(c) == 2 else value)

    def text_type(self, c: list[Any]) -> ast.TextType:
        return ast.TextType(self._kw_span(c))

    def image_type(self, c: list[Any]) -> ast.ImageType:
        return ast.ImageType(self._kw_span(c))

    def bool_type(self, c: list[Any]) -> ast.BoolType:
        return ast.BoolType(self._kw_span(c))

    def enum_type(self, c: list[Token]) -> ast.EnumType:
        values = self._kw(c)[0]
        return ast.EnumType(self._kw_span(c), tuple(str(t) for t in values))

    def ref_type(self, c: list[Any]) -> ast.RefType:
        values = self._kw(c)[0]
        return ast.RefType(self._kw_span(c), values[0])

    def list_type(self, c: list[Any]) -> ast.ListType:
        span, values = self._kw_span(c), self._kw(c)[0]
        lo, hi = values[1][:2] if len(values) > 1 else (None, None)
        return ast.ListType(span, values[0], lo, hi)

    def optional_type(self, c: list[Any]) -> ast.OptionalType:
        return ast.OptionalType(self._kw_span(c), self._kw(c)[0][0])

    # -- timing, limits, durations
    def _timing(self, kind: str, c: list[Any]) -> ast.Timing:
        values, _ = self._kw(c)
        target = values[0] if values and isinstance(values[0], ast.Ref) else None
        binds: tuple[str, ...] = ()
        if c and isinstance(c[-1], tuple):  # `(d, e)`: its names, and its span
            binds, end = c[-1]
            c = [*c[:-1], end]
        return ast.Timing(self._kw_span(c), kind, target, None, binds)

    def binders(self, c: list[Any]) -> tuple[tuple[str, ...], Span]:
        return tuple(str(t) for t in c if isinstance(t, Token) and t.type == "NAME"), \
            self.span_of(*c)

    def t_action(self, c: list[Any]) -> ast.Timing:
        return self._timing("action", c)

    def t_anytime(self, c: list[Any]) -> ast.Timing:
        return self._timing("anytime", c)

    def t_before(self, c: list[Any]) -> ast.Timing:
        return self._timing("before", c)

    def t_after(self, c: list[Any]) -> ast.Timing:
        return self._timing("after", c)

    def t_during(self, c: list[Any]) -> ast.Timing:
        return self._timing("during", c)

    def t_start(self, c: list[Any]) -> ast.Timing:
        return self._timing("start", c)

    def t_end(self, c: list[Any]) -> ast.Timing:
        return self._timing("end", c)

    def t_instead(self, c: list[Any]) -> ast.Timing:
        return self._timing("instead", c)

    def t_enters(self, c: list[Any]) -> ast.Timing:
        return self._timing("enters", c)

    def t_leaves(self, c: list[Any]) -> ast.Timing:
        return self._timing("leaves", c)

    def t_passes(self, c: list[Any]) -> ast.Timing:
        return self._timing("passes", c)

    def t_bumps(self, c: list[Any]) -> ast.Timing:
        return self._timing("bumps", c)

    def t_discarded(self, c: list[Any]) -> ast.Timing:
        return self._timing("discarded", c)

    def t_targeted(self, c: list[Any]) -> ast.Timing:
        return self._timing("targeted", c)

    def t_text(self, c: list[Token]) -> ast.Timing:
        return ast.Timing(self.tok(c[0]), "text", None, unquote(c[0]))

    def l_per(self, c: list[Token]) -> ast.Limit:
        values, _ = self._kw(c)
        count = self.num(values[0]) if len(values) == 2 else 1
        return ast.Limit(self._kw_span(c), count, str(values[-1]), None)

    def l_per_key(self, c: list[Token]) -> ast.Limit:
        values, _ = self._kw(c)
        count = self.num(values[0]) if len(values) == 3 else 1
        return ast.Limit(self._kw_span(c), count, str(values[-2]), None, str(values[-1]))

    def l_per_shared(self, c: list[Token]) -> ast.Limit:
        values, _ = self._kw(c)
        count = self.num(values[0]) if len(values) == 3 else 1
        return ast.Limit(self._kw_span(c), count, str(values[-2]), None, None,
                         str(values[-1]))

    def l_per_key_shared(self, c: list[Token]) -> ast.Limit:
        values, _ = self._kw(c)
        count = self.num(values[0]) if len(values) == 4 else 1
        return ast.Limit(self._kw_span(c), count, str(values[-3]), None, str(values[-2]),
                         str(values[-1]))

    def l_max(self, c: list[Any]) -> ast.Limit:
        values, _ = self._kw(c)
        return ast.Limit(self._kw_span(c), self.num(values[0]), None, values[1])

    def d_until_end(self, c: list[Token]) -> ast.Duration:
        return ast.Duration(self._kw_span(c), "until_end", str(c[-1]))

    def d_until_start(self, c: list[Token]) -> ast.Duration:
        return ast.Duration(self._kw_span(c), "until_start", str(c[-1]))

    def d_permanent(self, c: list[Any]) -> ast.Duration:
        return ast.Duration(self._kw_span(c), "permanent", None)

    def d_instant(self, c: list[Any]) -> ast.Duration:
        return ast.Duration(self._kw_span(c), "instant", None)


def _is_stmt(node: Any) -> bool:
    return isinstance(node, ast.STATEMENTS)
