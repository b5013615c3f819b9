"""Lark callbacks: one method per grammar rule or alias, each returning AST nodes.

They run inside Lark's LALR parser (no parse tree is built). Spans come from
the tokens; a keyword-led rule keeps its tokens (`!rule` in the grammar) so its
span starts at the keyword. Problems the callbacks can see (an unknown
property, an expression nested too deep, a number beyond the language's limit)
are reported, never raised.
"""

from __future__ import annotations

import re
import typing
from typing import Any

from lark import Token, Transformer

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..core.source import Span
from . import ast
from .assemble import BodyItem, Clause, build_decl, build_file, number, paragraphs

MAX_EXPR_DEPTH = 100  # operators chained in one expression (`1 + 1 + ...`, `not not ...`)

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text[1:-1])


class Context:
    """Per-file state read by the callbacks (the Lark object is shared)."""

    path = ""
    diags: Diagnostics = Diagnostics()
    depths: dict[int, tuple[int, Any]] = {}  # id(operation) -> (depth, the node, kept alive)
    too_deep = False


class AstBuilder(Transformer[Token, Any]):
    """Lark callbacks: one method per grammar rule or alias, returning AST nodes."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(visit_tokens=False)
        self.ctx = ctx

    # -- spans
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
        return ("title", _unquote(c[0]))

    def block(self, c: list[Any]) -> list[Any]:
        return c

    def prose(self, c: list[Token]) -> ast.Prose:
        text = c[0][1:]
        return ast.Prose(self.tok(c[0]), text[1:] if text.startswith(" ") else text)

    def prop(self, c: list[Any]) -> ast.Property:
        return ast.Property(self.span_of(c[0], c[1]), str(c[0]), c[1])

    def suppress(self, c: list[Token]) -> ast.Suppression:
        return ast.Suppression(self.span_of(*c), str(c[0]), _unquote(c[1]))

    def note(self, c: list[Any]) -> ast.Note:
        kind, body = c[0], c[1:]
        if isinstance(body[0], Token):
            text = _unquote(body[0])
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
        return ast.RowKey(self.tok(c[0]), "text", None, None, _unquote(c[0]))

    def entry(self, c: list[Any]) -> ast.Entry:
        count, target = c[0], c[1]
        label = next((_unquote(x) for x in c[2:] if isinstance(x, Token)), None)
        per = next((x for x in c[2:] if isinstance(x, tuple)), None)
        return ast.Entry(self.span_of(*c), self.num(count), target, label,
                         per[0] if per else None, per[1] if per else None)

    def per(self, c: list[Any]) -> tuple[int, ast.Ref | None]:
        return (self.num(c[0]), c[1])

    def each(self, c: list[Any]) -> tuple[int, ast.Ref | None]:
        return (self.num(c[0]), None)

    # -- clauses
    def field(self, c: list[Any]) -> ast.Field:
        return ast.Field(self.span_of(*c), str(c[1]), c[2])

    def when(self, c: list[Any]) -> Clause:
        return Clause("when", self.span_of(*c), c[1])

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
        return ast.Timing(self._kw_span(c), kind, target, None)

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

    def t_text(self, c: list[Token]) -> ast.Timing:
        return ast.Timing(self.tok(c[0]), "text", None, _unquote(c[0]))

    def l_per(self, c: list[Token]) -> ast.Limit:
        values, _ = self._kw(c)
        count = self.num(values[0]) if len(values) == 2 else 1
        return ast.Limit(self._kw_span(c), count, str(values[-1]), None)

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

    # -- statements
    def stmt_block(self, c: list[Any]) -> list[Any]:
        """Statements; consecutive prose lines join into one prose step."""
        out: list[Any] = []
        run: list[ast.Prose] = []
        for item in [*c, None]:
            if isinstance(item, ast.Prose) and (not run or item.span.line == run[-1].span.line + 1):
                run.append(item)
                continue
            out += [ast.ProseStep(p.span, p.text) for p in paragraphs(run)]
            run = [item] if isinstance(item, ast.Prose) else []
            if item is not None and not isinstance(item, ast.Prose):
                out.append(item)
        return out

    def _opt(self, c: list[Any], i: int) -> Any:
        return c[i] if len(c) > i else None

    def gain(self, c: list[Any]) -> ast.Gain:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Gain(span, c[0], c[1], self._opt(c, 2))

    def lose(self, c: list[Any]) -> ast.Lose:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Lose(span, c[0], c[1], self._opt(c, 2))

    def pay(self, c: list[Any]) -> ast.Pay:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Pay(span, c[0], c[1])

    def draw(self, c: list[Any]) -> ast.Draw:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Draw(span, c[0], c[1], self._opt(c, 2))

    def discard(self, c: list[Any]) -> ast.Discard:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Discard(span, c[0], self._opt(c, 1))

    def place(self, c: list[Any]) -> ast.Place:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Place(span, c[0], c[1])

    def move(self, c: list[Any]) -> ast.Move:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Move(span, c[0], c[1])

    def relocate(self, c: list[Any]) -> ast.Relocate:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Relocate(span, c[0], c[1])

    def roll(self, c: list[Any]) -> ast.Roll:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Roll(span, c[0], str(c[1]) if len(c) > 1 else None)

    def reroll(self, c: list[Any]) -> ast.Reroll:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Reroll(span, c[0])

    def reveal(self, c: list[Any]) -> ast.Reveal:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Reveal(span, c[0], self._opt(c, 1))

    def shuffle(self, c: list[Any]) -> ast.Shuffle:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Shuffle(span, c[0], self._opt(c, 1))

    def add(self, c: list[Any]) -> ast.Add:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Add(span, c[0], c[1])

    def remove(self, c: list[Any]) -> ast.Remove:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Remove(span, c[0], c[1])

    def set(self, c: list[Any]) -> ast.SetValue:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.SetValue(span, c[0], c[1])

    def trigger(self, c: list[Any]) -> ast.Trigger:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Trigger(span, c[0])

    def require(self, c: list[Any]) -> ast.Require:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Require(span, c[0])

    def log(self, c: list[Token]) -> ast.Log:
        return ast.Log(self._kw_span(c), _unquote(c[-1]))

    def if_stmt(self, c: list[Any]) -> ast.If:
        span, c = self._kw_span(c[:2]), self._kw(c)[0]
        orelse = tuple(c[2]) if len(c) > 2 else ()
        return ast.If(span, c[0], tuple(c[1]), orelse)

    def for_stmt(self, c: list[Any]) -> ast.ForEach:
        span, c = self._kw_span(c[:5]), self._kw(c)[0]
        return ast.ForEach(span, str(c[0]), c[1], tuple(c[2]))

    def choose_stmt(self, c: list[Any]) -> ast.Choose:
        span, c = self._kw_span(c[:2]), self._kw(c)[0]
        count = c[0] if c and not isinstance(c[0], ast.Option) else None
        options = tuple(x for x in c if isinstance(x, ast.Option))
        return ast.Choose(span, count, options)

    def option(self, c: list[Any]) -> ast.Option:
        span, c = self._kw_span(c[:2]), self._kw(c)[0]
        title = c[1][1] if len(c) > 2 else None
        return ast.Option(span, str(c[0]), title, tuple(c[-1]))

    # -- expressions
    def _bounded(self, node: ast.Binary | ast.Unary) -> Any:
        """An operation, unless it makes the expression deeper than MAX_EXPR_DEPTH: then
        report it once and keep the AST bounded (later stages walk it recursively)."""
        parts = (node.left, node.right) if isinstance(node, ast.Binary) else (node.operand,)
        depth = 1 + max(self.ctx.depths.get(id(p), (0, None))[0] for p in parts)
        if depth <= MAX_EXPR_DEPTH:
            self.ctx.depths[id(node)] = (depth, node)
            return node
        if not self.ctx.too_deep:
            self.ctx.too_deep = True
            self.ctx.diags.add(Code.TOO_DEEP, f"nesting too deep: an expression of more than "
                               f"{MAX_EXPR_DEPTH} operations", node.span,
                               "split it: give parts of it their own rule or condition")
        return parts[0]

    def _fold(self, c: list[Any]) -> Any:
        node = c[0]
        for op, rhs in zip(c[1::2], c[2::2], strict=True):
            node = self._bounded(ast.Binary(self.span_of(node, rhs), str(op), node, rhs))
        return node

    def arith(self, c: list[Any]) -> Any:
        return self._fold(c)

    def compare(self, c: list[Any]) -> Any:
        return self._fold(c)

    def _chain(self, op: str, c: list[Any]) -> Any:
        node = c[0]
        for rhs in c[1:]:
            node = self._bounded(ast.Binary(self.span_of(node, rhs), op, node, rhs))
        return node

    def or_(self, c: list[Any]) -> Any:
        return self._chain("or", c)

    def and_(self, c: list[Any]) -> Any:
        return self._chain("and", c)

    def not_(self, c: list[Any]) -> Any:
        return self._bounded(ast.Unary(self.span_of(c[0]), "not", c[0]))

    def neg(self, c: list[Any]) -> Any:
        folded = _fold_negative(ast.Unary(self.span_of(*c), "-", c[1]))
        return self._bounded(folded) if isinstance(folded, ast.Unary) else folded

    def int_lit(self, c: list[Token]) -> ast.IntLit:
        return ast.IntLit(self.tok(c[0]), self.num(c[0]))

    def str_lit(self, c: list[Token]) -> ast.StrLit:
        return ast.StrLit(self.tok(c[0]), _unquote(c[0]))

    def true_lit(self, c: list[Token]) -> ast.BoolLit:
        return ast.BoolLit(self.tok(c[0]), True)

    def false_lit(self, c: list[Token]) -> ast.BoolLit:
        return ast.BoolLit(self.tok(c[0]), False)

    def ref(self, c: list[Token]) -> ast.Ref:
        return ast.Ref(self.span_of(*c), tuple(str(t) for t in c))

    def call(self, c: list[Any]) -> ast.Call:
        return ast.Call(self.span_of(*c), str(c[0]), tuple(c[1:]))

    def list_lit(self, c: list[Any]) -> ast.ListLit:
        items = tuple(x for x in c if x is not None and not isinstance(x, Token))
        return ast.ListLit(self.span_of(c[0], c[-1]), items)

    def range_val(self, c: list[Any]) -> ast.RangeLit:
        lo, hi = _fold_negative(c[0]), _fold_negative(c[1])
        return ast.RangeLit(self.span_of(lo, hi), lo, hi)


VALUE_TOKENS = frozenset({"NAME", "INT", "STRING", "COMP_OP", "PLUS", "MINUS", "MUL_OP", "PROSE",
                          "YES", "NO"})


def _fold_negative(e: Any) -> Any:
    """`-5` is a number, not an operation on one."""
    if isinstance(e, ast.Unary) and e.op == "-" and isinstance(e.operand, ast.IntLit):
        return ast.IntLit(e.span, -e.operand.value)
    return e


def _is_stmt(node: Any) -> bool:
    return type(node).__name__ in _STMT_NAMES


_STMT_NAMES = {t.__name__ for t in typing.get_args(ast.Stmt)}
