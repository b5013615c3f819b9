"""Parser callbacks for effects: statements, and the expressions inside them and in
properties. Expressions are bounded in depth (`Code.TOO_DEEP` past `MAX_EXPR_DEPTH`), counted
in the parse's own `Context`."""

from __future__ import annotations

from typing import Any

from lark import Token

from ..core.codes import Code
from . import ast
from .assemble import paragraphs
from .callbacks_base import VALUE_TOKENS, CallbackBase, unquote

CHOICE_MODES = frozenset({"up_to", "exactly", "any"})
MAX_EXPR_DEPTH = 100  # operators chained in one expression (`1 + 1 + ...`, `not not ...`)


class StmtCallbacks(CallbackBase):
    """One method per statement of the grammar."""

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

    def _parts(self, c: list[Any]) -> dict[str, Any]:
        """A keyword-led statement's values by the keyword before each (`""` for the
        first): `discard X from P to Q` -> {"": X, "from": P, "to": Q}."""
        out: dict[str, Any] = {}
        word = ""
        for item in c[1:]:
            if isinstance(item, Token) and item.type not in VALUE_TOKENS:
                word = str(item)
            else:
                out[word] = item
        return out

    def discard(self, c: list[Any]) -> ast.Discard:
        span, parts = self._kw_span(c), self._parts(c)
        return ast.Discard(span, parts[""], parts.get("to"), parts.get("from"))

    def place(self, c: list[Any]) -> ast.Place:
        """`place X on|in|at|under Y`: the grammar keeps the preposition's token."""
        span, preposition = self._kw_span(c), str(c[2])
        values = self._kw(c)[0]
        return ast.Place(span, values[0], preposition, values[1])

    def move(self, c: list[Any]) -> ast.Move:
        span, parts = self._kw_span(c), self._parts(c)
        return ast.Move(span, parts[""], parts["to"], parts.get("from"), parts.get("within"))

    def move_along(self, c: list[Any]) -> ast.MoveAlong:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.MoveAlong(span, c[0], c[1])

    def push(self, c: list[Any]) -> ast.Force:
        return self._force("push", c)

    def pull(self, c: list[Any]) -> ast.Force:
        return self._force("pull", c)

    def _force(self, verb: str, c: list[Any]) -> ast.Force:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Force(span, verb, c[0], c[1], c[2], self._opt(c, 3))

    def eliminate(self, c: list[Any]) -> ast.Eliminate:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Eliminate(span, c[0])

    def end_procedure(self, c: list[Any]) -> ast.EndProcedure:
        span, c = self._kw_span(c), self._kw(c)[0]
        outcome = unquote(c[1]) if len(c) > 1 else None
        return ast.EndProcedure(span, self._opt(c, 0), outcome)

    def skip_to(self, c: list[Any]) -> ast.SkipTo:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.SkipTo(span, c[0])

    def schedule_in(self, c: list[Any]) -> ast.Schedule:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Schedule(span, c[0], c[1], period=str(c[2]))

    def schedule_at_end(self, c: list[Any]) -> ast.Schedule:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Schedule(span, c[0], None, at_end=str(c[1]),
                            within=c[2] if len(c) > 2 else None)

    def restore(self, c: list[Any]) -> ast.Restore:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Restore(span, c[0])

    def create(self, c: list[Any]) -> ast.Create:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Create(span, c[0])

    def retire(self, c: list[Any]) -> ast.Retire:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Retire(span, c[0])

    def disable(self, c: list[Any]) -> ast.Disable:
        span, c = self._kw_span(c), self._kw(c)[0]
        if len(c) == 1:
            return ast.Disable(span, c[0])
        return ast.Disable(span, c[0], c[1].kind, c[1].period)

    def schedule_when(self, c: list[Any]) -> ast.Schedule:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Schedule(span, c[0], c[2], stat=c[1])

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
        args = tuple(a if isinstance(a, ast.Arg) else ast.Arg(a.span, None, a)
                     for a in c[1:] if a is not None)
        return ast.Trigger(span, c[0], args)

    def named_arg(self, c: list[Any]) -> ast.Arg:
        return ast.Arg(self.span_of(*c), str(c[0]), c[-1])

    def require(self, c: list[Any]) -> ast.Require:
        span, c = self._kw_span(c), self._kw(c)[0]
        return ast.Require(span, c[0])

    def log(self, c: list[Token]) -> ast.Log:
        return ast.Log(self._kw_span(c), unquote(c[-1]))

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

    def choose_from(self, c: list[Any]) -> ast.ChooseFrom:
        """`choose [count] x from pool [where cond]: ... [else: ...]`."""
        span = self._kw_span(c[:2])
        count: tuple[str, Any] = ("one", None)
        var, pool, where = "", None, None
        blocks: list[tuple[Any, ...]] = []
        word = ""
        for item in c[1:]:
            if isinstance(item, tuple) and len(item) == 2 and item[0] in CHOICE_MODES:
                count = item
            elif isinstance(item, Token) and item.type == "NAME":
                var = str(item)
            elif isinstance(item, Token):
                word = str(item)
            elif isinstance(item, list):
                blocks.append(tuple(item))
            elif word == "from":
                pool = item
            elif word == "where":
                where = item
        orelse = blocks[1] if len(blocks) > 1 else ()
        assert pool is not None  # the grammar requires `from POOL`
        return ast.ChooseFrom(span, var, pool, where, count[0], count[1], blocks[0], orelse)

    def up_to(self, c: list[Any]) -> tuple[str, Any]:
        return ("up_to", self._kw(c)[0][0])

    def exactly(self, c: list[Any]) -> tuple[str, Any]:
        return ("exactly", self._kw(c)[0][0])

    def any_number(self, c: list[Any]) -> tuple[str, Any]:
        return ("any", None)

    def may_stmt(self, c: list[Any]) -> ast.May:
        span, c = self._kw_span(c[:2]), self._kw(c)[0]
        return ast.May(span, str(c[0]), tuple(c[1]))

    def act_stmt(self, c: list[Any]) -> ast.ActAs:
        span, c = self._kw_span(c[:2]), self._kw(c)[0]
        return ast.ActAs(span, c[0], tuple(c[1]))

    def refused_stmt(self, c: list[Any]) -> ast.Refused:
        span, c = self._kw_span(c[:2]), self._kw(c)[0]
        return ast.Refused(span, tuple(c[0]) if isinstance(c[0], list) else (c[0],))

    def option(self, c: list[Any]) -> ast.Option:
        span, c = self._kw_span(c[:2]), self._kw(c)[0]
        title = c[1][1] if len(c) > 2 else None
        return ast.Option(span, str(c[0]), title, tuple(c[-1]))


class ExprCallbacks(CallbackBase):
    """One method per expression form of the grammar."""

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
        return ast.StrLit(self.tok(c[0]), unquote(c[0]))

    def true_lit(self, c: list[Token]) -> ast.BoolLit:
        return ast.BoolLit(self.tok(c[0]), True)

    def false_lit(self, c: list[Token]) -> ast.BoolLit:
        return ast.BoolLit(self.tok(c[0]), False)

    def ref(self, c: list[Token]) -> ast.Ref:
        return ast.Ref(self.span_of(*c), tuple(str(t) for t in c))

    def call(self, c: list[Any]) -> ast.Call:
        """`f(a, b)`: the grammar keeps the closing bracket (RPAR) so the span ends on it."""
        return ast.Call(self.span_of(*c), str(c[0]), tuple(c[1:-1]))

    def call_attr(self, c: list[Any]) -> ast.Attr:
        """`f(a, b).x.y`: the call's arguments are the values before its closing bracket,
        the only bracket token the grammar keeps; the names follow it."""
        close = next(i for i, x in enumerate(c) if isinstance(x, Token) and x.type == "RPAR")
        values = [x for x in c[1:close] if x is not None]
        names = [str(x) for x in c[close + 1:] if isinstance(x, Token) and x.type == "NAME"]
        base = ast.Call(self.span_of(c[0], c[close]), str(c[0]), tuple(values))
        return ast.Attr(self.span_of(*c), base, tuple(names))

    def list_lit(self, c: list[Any]) -> ast.ListLit:
        items = tuple(x for x in c if x is not None and not isinstance(x, Token))
        return ast.ListLit(self.span_of(c[0], c[-1]), items)

    def comprehension(self, c: list[Any]) -> ast.Comprehension:
        """`[item for each x in pool where cond]`."""
        values = [x for x in c if not isinstance(x, Token) or x.type == "NAME"]
        where = values[3] if len(values) > 3 else None
        return ast.Comprehension(self.span_of(c[0], c[-1]), values[0], str(values[1]),
                                 values[2], where)

    def range_val(self, c: list[Any]) -> ast.RangeLit:
        lo, hi = _fold_negative(c[0]), _fold_negative(c[1])
        return ast.RangeLit(self.span_of(lo, hi), lo, hi)


def _fold_negative(e: Any) -> Any:
    """`-5` is a number, not an operation on one."""
    if isinstance(e, ast.Unary) and e.op == "-" and isinstance(e.operand, ast.IntLit):
        return ast.IntLit(e.span, -e.operand.value)
    return e
