"""Walking the AST: declarations, statements and expressions, in source order; the texts
a declaration holds, and the one normal form texts are compared in."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import fields
from functools import lru_cache
from types import UnionType
from typing import Any, Union, get_args, get_origin, get_type_hints

from . import ast


def iter_decls(decls: Iterable[ast.Decl]) -> Iterator[ast.Decl]:
    """Every declaration, parents before children."""
    for decl in decls:
        yield decl
        yield from iter_decls(decl.children)


def game_decls(game: ast.GameSource) -> Iterator[ast.Decl]:
    for file in game.files:
        yield from iter_decls(file.decls)


_NODE_FIELDS: dict[type, tuple[str, ...]] = {}
_IS_NODE: dict[type, bool] = {}


def _node_fields(cls: type) -> tuple[str, ...]:
    """The fields of a node class that may hold nodes (all but its span, its child
    declarations and those typed as plain data: a name, a number, a flag), last first,
    looked up once per class."""
    names = _NODE_FIELDS.get(cls)
    if names is None:
        try:
            hints = get_type_hints(cls)
        except Exception:  # noqa: BLE001 - a type it cannot name: every field is looked at
            hints = {}
        names = _NODE_FIELDS[cls] = tuple(reversed([
            f.name for f in fields(cls) if f.name not in ("span", "children")
            and _may_hold_nodes(hints.get(f.name, Any))]))
    return names


_PLAIN = (str, int, bool, float, type(None))


def _may_hold_nodes(hint: Any) -> bool:
    """Whether a field of this type may hold a node: anything but plain data, a union of
    it, or a tuple of it."""
    if hint in _PLAIN:
        return False
    if get_origin(hint) in (Union, UnionType) or (get_origin(hint) is tuple and
                                                  get_args(hint)[-1:] == (Ellipsis,)):
        return any(_may_hold_nodes(a) for a in get_args(hint) if a is not Ellipsis)
    return True


def _is_node(cls: type) -> bool:
    """Whether values of `cls` are AST nodes (dataclasses), looked up once per class."""
    found = _IS_NODE.get(cls)
    if found is None:
        found = _IS_NODE[cls] = hasattr(cls, "__dataclass_fields__")
    return found


def iter_nodes(node: Any) -> Iterator[Any]:
    """Every AST node below `node` (not descending into child declarations), in source
    order (a node's fields and tuples are pushed last first, so they come out in order)."""
    stack = [node]
    push, pop = stack.append, stack.pop
    while stack:
        current = pop()
        yield current
        for name in _node_fields(type(current)):
            value = getattr(current, name)
            if isinstance(value, tuple):
                for item in reversed(value):
                    if _is_node(type(item)):
                        push(item)
            elif _is_node(type(value)):
                push(value)


def find_nodes(node: Any, wanted: tuple[type, ...]) -> Iterator[Any]:
    """The nodes below `node` (and it) that are instances of `wanted`, in the order
    `iter_nodes` gives them; a node whose fields' types cannot hold one is not walked
    into (a card's field values, when looking for statements)."""
    stack = [node]
    push, pop = stack.append, stack.pop
    while stack:
        current = pop()
        if isinstance(current, wanted):
            yield current
        for name in _node_fields(type(current)):
            value = getattr(current, name)
            if isinstance(value, tuple):
                for item in reversed(value):
                    if _is_node(type(item)) and _may_reach(type(item), wanted):
                        push(item)
            elif _is_node(type(value)) and _may_reach(type(value), wanted):
                push(value)


_REACH: dict[tuple[type, tuple[type, ...]], bool] = {}
_BELOW: dict[type, frozenset[type] | None] = {}


def _may_reach(cls: type, wanted: tuple[type, ...]) -> bool:
    """Whether a node of `cls` is, or may hold below it, a node of the `wanted` classes."""
    found = _REACH.get((cls, wanted))
    if found is None:
        below = _below(cls)
        found = _REACH[(cls, wanted)] = issubclass(cls, wanted) or below is None or \
            any(issubclass(k, wanted) for k in below)
    return found


def _below(cls: type) -> frozenset[type] | None:
    """Every node class a node of `cls` may hold below it, by its fields' types (None:
    a field's type does not tell)."""
    if cls in _BELOW:
        return _BELOW[cls]
    seen: set[type] = set()
    todo = [cls]
    while todo:
        current = todo.pop()
        try:
            hints = get_type_hints(current)
        except Exception:  # noqa: BLE001 - a type it cannot name: anything may be below
            hints = {}
        for name in _node_fields(current):
            classes = _classes(hints.get(name, Any))
            if classes is None:
                _BELOW[cls] = None
                return None
            todo += [k for k in classes if k not in seen]
            seen |= classes
    _BELOW[cls] = frozenset(seen)
    return _BELOW[cls]


def _classes(hint: Any) -> set[type] | None:
    """The node classes a value of this type may be (a class's subclasses too; None: the
    type does not tell)."""
    if hint in _PLAIN:
        return set()
    if get_origin(hint) in (Union, UnionType) or (get_origin(hint) is tuple and
                                                  get_args(hint)[-1:] == (Ellipsis,)):
        out: set[type] = set()
        for arg in get_args(hint):
            found = set() if arg is Ellipsis else _classes(arg)
            if found is None:
                return None
            out |= found
        return out
    if isinstance(hint, type) and _is_node(hint):
        out, todo = set(), [hint]
        while todo:
            k = todo.pop()
            if k not in out:
                out.add(k)
                todo += k.__subclasses__()
        return out
    return None


def stmt_texts(stmts: Iterable[ast.Stmt]) -> Iterator[str]:
    """Prose steps and option titles inside statement blocks."""
    for stmt in stmts:
        for node in iter_nodes(stmt):
            if isinstance(node, ast.ProseStep):
                yield node.text
            elif isinstance(node, ast.Option) and node.title:
                yield node.title


_QUOTES = str.maketrans({"‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"',
                         "–": "-", "—": "-", "‒": "-", "−": "-", "…": "...", "\u00a0": " "})
_BULLET = re.compile(r"^(?:[•·*\-]\s+)+")
_SPACE = re.compile(r"\s+")


@lru_cache(maxsize=1 << 18)  # the checks normalise each name and text many times
def normalise(text: str) -> str:
    if not text.isascii():  # (NFKC and the quotes table leave ASCII as it is)
        text = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    text = _BULLET.sub("", text.strip())
    return _SPACE.sub(" ", text).strip().casefold()


def decl_texts(decl: ast.Decl) -> Iterator[str]:
    """Every text of a declaration that covers book paragraphs: title, prose, notes, steps."""
    if decl.title:
        yield decl.title
    yield from (p.text for p in decl.prose)
    yield from (n.text for n in decl.notes)
    for node in find_nodes(decl, (ast.Clauses, ast.Row)):
        if isinstance(node, ast.Clauses):
            yield from stmt_texts(node.cost + node.effect)
        elif isinstance(node, ast.Row):
            yield from stmt_texts(node.effect)
    if isinstance(decl, ast.Example):
        yield from stmt_texts(decl.given + decl.actions)
