"""What a declaration says about itself, as a page shows it under its heading.

The meta line (its kind, linked when it is an instance of one; its qualified name;
its page and source in the book) and its facts: properties, clauses (`when`,
`condition`, `cost`, `effect`, `limit`, `duration`) and, for a worked example, its
start state, actions, expectations and how it fared.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from markupsafe import Markup

from ...semantics.resolve import Symbol
from ...syntax import ast, unparse
from .escape import literal, md
from .outcomes import Outcome
from .pages import kind_of
from .prose import View
from .values import field_value

CLAUSE_NAMES = ("when", "condition", "cost", "effect", "limit", "duration")
META_PROPS = ("page", "source")
# the clauses written on one line, as Ludex source (cost and effect are statement blocks)
ONE_LINE: dict[str, Callable[[Any], str]] = {
    name: unparse.CLAUSE_WRITERS[name] for name in ("when", "condition", "limit", "duration")}


def meta(view: View, sym: Symbol) -> Markup:
    decl = sym.decl
    kind = kind_of(view.model, sym) if view.model and isinstance(decl, ast.Instance) else None
    parts = [view.link(kind) if kind is not None else md(decl.keyword)]
    if sym.qualname:
        parts.append(literal(sym.qualname))
    for name in META_PROPS:
        prop = decl.prop(name)
        if prop is not None:
            shown = prop.value.value if isinstance(prop.value, (ast.IntLit, ast.StrLit)) \
                else unparse.expr(prop.value)
            parts.append(md(f"p. {shown}" if name == "page" else str(shown)))
    return Markup(" · ").join(parts)


def facts(view: View, decl: ast.Decl) -> Iterator[tuple[str, Markup]]:
    """(name, value) rows: properties not on the meta line (a card's fields by their
    titles, their values by their types), clauses, example parts."""
    fields = _fields(view, decl)
    for prop in decl.props:
        if isinstance(decl, ast.Game) and prop.name == "contents":
            continue  # the game's page lists its pages in that order (`Contents`)
        if prop.name in fields:
            field = fields[prop.name]
            yield field.display, field_value(view, field.type, prop.value)
        elif prop.name not in META_PROPS:
            yield prop.name, view.value(prop.value)
    clauses = getattr(decl, "clauses", None)
    if isinstance(clauses, ast.Clauses):
        for name in CLAUSE_NAMES:
            value = getattr(clauses, name)
            if value in (None, ()):
                continue
            if isinstance(value, tuple):
                yield name, view.block_of(value)
            elif isinstance(value, ast.Timing) and value.kind == "text":
                yield name, md(value.text or "")
            else:
                yield name, view.code(ONE_LINE[name](value), value)
    if isinstance(decl, ast.Example):
        yield from _example_facts(view, decl)


def _fields(view: View, decl: ast.Decl) -> dict[str, ast.Field]:
    """The fields of the kind `decl` is an instance of, by name."""
    sym = view.model.by_decl.get(id(decl)) if view.model else None
    if sym is None or view.model is None or not isinstance(decl, ast.Instance):
        return {}
    kind = kind_of(view.model, sym)
    return {f.name: f for f in kind.fields} if kind is not None else {}


def _example_facts(view: View, decl: ast.Example) -> Iterator[tuple[str, Markup]]:
    if decl.given:
        yield "given", view.block_of(decl.given)
    if decl.actions:
        yield "actions", view.block_of(decl.actions)
    if decl.expect:
        yield "expect", Markup("<br>").join(view.code(unparse.expr(e), e) for e in decl.expect)
    if view.model is not None and view.site.authoring:  # how it fared: for the authors
        yield "status", status(view, view.site.outcome(view.model, decl))


def status(view: View, outcome: Outcome) -> Markup:
    """An example's outcome with its icon, and what went wrong, if anything."""
    icon = {"passed": "✅ ", "failed": "❌ ", "blocked": "⛔ ", "not run": "⚠️ "}.get(
        outcome.status, "")
    detail = view.prose(f": {outcome.detail}", terms=False) if outcome.detail else ""
    return md(f"{icon}{outcome.status}") + detail
