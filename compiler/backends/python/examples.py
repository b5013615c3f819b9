"""`examples.py` of a game's package: each executable worked example as a function that
sets up its `given:` state, performs its `actions:` (each one effect) and returns its
`expect:` lines, evaluated, under `@book.example(...)`; prose-only examples are
registered without a function."""

from __future__ import annotations

import ast as pyast
from typing import Any

from ...semantics.resolve import Symbol
from ...syntax import ast, unparse
from .common import Unit, comment, kwargs, names, opt_str, options_of
from .expressions import Env
from .names import MODULE_NAMES, RESERVED, snake, unique_names
from .pretty import Pre, Py, Seq, Str, call, literal, render


def examples_module(unit: Unit) -> dict[str, Any]:
    """The template context of `examples.py`: each example registered in `book` where it
    is written, an executable one by `@book.example(...)` over its function."""
    functions_names = unique_names([s.qualname for s in unit.examples], snake,
                                   RESERVED | MODULE_NAMES)
    blocks: list[str] = []
    for sym in unit.examples:
        decl = sym.decl
        assert isinstance(decl, ast.Example)
        register = "\n".join(render(call("book.example", Str(sym.qualname), *kwargs(
            title=opt_str(decl.title), scope=names(options_of(sym)),
            players=seated(unit, decl),
            source=Str(f"{decl.span.file}:{decl.span.line}"))), 0,
            "@" if decl.executable else ""))
        if decl.executable:
            name = functions_names[sym.qualname]
            register += "\n" + example_function(unit, name, sym, decl)
        blocks.append(comment(sym) + "\n" + register)
    return {"blocks": blocks}


def example_function(unit: Unit, name: str, sym: Symbol, decl: ast.Example) -> str:
    """The start state, then each action as one effect (`with g.effect():`), then the
    expectations."""
    unit.code.here = sym.qualname
    body = unit.code.block(decl.given, Env(), 4) if decl.given else []
    body += unit.code.block(decl.actions, Env(), 4, effects=True) if decl.actions else []
    checks = tuple(expectation(unit, e) for e in decl.expect)
    body += render(Seq("", checks, "[]"), 4, "return ")
    text = f"def {name}(g: Game) -> list[Expectation]:\n" + "\n".join(body)
    if _reads_ctx(text):  # a name read in the code, not a word inside a string
        body.insert(0, "    ctx = Ctx()")
        text = f"def {name}(g: Game) -> list[Expectation]:\n" + "\n".join(body)
    return text


def _reads_ctx(code: str) -> bool:
    return any(isinstance(n, pyast.Name) and n.id == "ctx" for n in pyast.walk(pyast.parse(code)))


def expectation(unit: Unit, e: ast.Expr) -> Py:
    text = Str(unparse.expr(e))
    if isinstance(e, ast.Binary) and e.op in ("==", "!=", "<", "<=", ">", ">="):
        left = Pre("lambda: ", unit.code.expr(e.left, Env()))
        right = Pre("lambda: ", unit.code.expr(e.right, Env()))
        return call("g.expect", text, left, Str(e.op), right)
    return call("g.expect", text, Pre("lambda: ", unit.code.condition(e, Env())))


def seated(unit: Unit, decl: ast.Example) -> Py | None:
    """An example's `players:`: how many seats (`players: 2`), or which players in seat
    order (`players: [ann, cid]`, by their catalog ids)."""
    prop = decl.prop("players")
    if prop is None:
        return None
    if isinstance(prop.value, ast.IntLit):
        return literal(prop.value.value)
    items = prop.value.items if isinstance(prop.value, ast.ListLit) else (prop.value,)
    found = [unit.model.targets.get(i) for i in items if isinstance(i, ast.Ref)]
    return Seq("", tuple(unit.named(d) for d in found if d is not None), "()",
               tuple_comma=True)
