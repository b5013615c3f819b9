"""Walking the AST: declarations, statements and expressions, in source order."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import fields
from typing import Any

from . import ast


def iter_decls(decls: Iterable[ast.Decl]) -> Iterator[ast.Decl]:
    """Every declaration, parents before children."""
    for decl in decls:
        yield decl
        yield from iter_decls(decl.children)


def game_decls(game: ast.GameSource) -> Iterator[ast.Decl]:
    for file in game.files:
        yield from iter_decls(file.decls)


def iter_nodes(node: Any) -> Iterator[Any]:
    """Every AST node below `node` (not descending into child declarations)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        children: list[Any] = []
        for f in fields(current):
            if f.name in ("span", "children"):
                continue
            value = getattr(current, f.name)
            items = value if isinstance(value, tuple) else (value,)
            children.extend(v for v in items if hasattr(v, "__dataclass_fields__"))
        stack.extend(reversed(children))


def stmt_texts(stmts: Iterable[ast.Stmt]) -> Iterator[str]:
    """Prose steps and option titles inside statement blocks."""
    for stmt in stmts:
        for node in iter_nodes(stmt):
            if isinstance(node, ast.ProseStep):
                yield node.text
            elif isinstance(node, ast.Option) and node.title:
                yield node.title
