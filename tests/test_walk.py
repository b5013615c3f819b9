"""`iter_nodes` (syntax/walk.py) skips the fields typed as plain data (names, numbers,
flags) and looks each node class up once: it must still give every node, in the same
order, as a walk that looks into every field of every node. Compared on every
declaration of `rules/` and of the fixtures."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from ludex.core.diagnostics import Diagnostics
from ludex.core.source import SourceFile
from ludex.syntax import ast
from ludex.syntax.parse import parse
from ludex.syntax.walk import find_nodes, iter_decls, iter_nodes

from .conftest import FIXTURES, ROOT


def every_field(node: Any) -> Iterator[Any]:
    """The plain walk: every field but the span and the child declarations."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        children: list[Any] = []
        for f in fields(current):
            if f.name in ("span", "children"):
                continue
            value = getattr(current, f.name)
            if isinstance(value, tuple):
                children.extend(v for v in value if hasattr(v, "__dataclass_fields__"))
            elif hasattr(value, "__dataclass_fields__"):
                children.append(value)
        stack.extend(reversed(children))


def test_iter_nodes_gives_every_node_in_order() -> None:
    walked = 0
    for path in sorted([*(ROOT / "rules").rglob("*.ludex"), *FIXTURES.rglob("*.ludex")]):
        file = parse(SourceFile(str(path), path.read_text("utf-8", "replace")), Diagnostics())
        if file is None:
            continue
        for node in [file, *iter_decls(file.decls)]:
            assert [id(n) for n in iter_nodes(node)] == [id(n) for n in every_field(node)], \
                (path, node.span)
            walked += 1
    assert walked > 1000


WANTED = [(ast.Trigger, ast.Refused), (ast.Ref, ast.Attr), (ast.Clauses, ast.Row), (ast.Call,),
          (ast.Comprehension,), (ast.ProseStep, ast.Option)]


def test_find_nodes_gives_what_iter_nodes_gives() -> None:
    """`find_nodes` does not walk into a node whose fields' types cannot hold what it
    looks for; it finds the same nodes, in the same order, as `iter_nodes` filtered."""
    for path in sorted([*(ROOT / "rules").rglob("*.ludex"), *FIXTURES.rglob("*.ludex")]):
        file = parse(SourceFile(str(path), path.read_text("utf-8", "replace")), Diagnostics())
        if file is None:
            continue
        for node in [file, *iter_decls(file.decls)]:
            for wanted in WANTED:
                assert [id(n) for n in find_nodes(node, wanted)] == \
                    [id(n) for n in iter_nodes(node) if isinstance(n, wanted)], (path, wanted)
