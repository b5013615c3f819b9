"""Name clash (W608).

One display name used by two different things: a Feats token and a Vengeance
card both called "Corruption". Only things a player handles or looks up are
compared (cards, tokens, components, decks, dice, tables, stats, tracks,
kinds, external terms); sections, rules, steps and examples may share
headings such as "Setup". A glossary term and what it defines share a name by
design.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel
from ..syntax import ast
from ..syntax.walk import normalise
from .common import finding

CODES = (Code.NAME_CLASH,)
THINGS = (ast.Instance, ast.Component, ast.Deck, ast.Zone, ast.Die, ast.Table, ast.Stat,
          ast.Track, ast.Kind, ast.External)


def check(model: GameModel) -> Iterator[Diagnostic]:
    seen: dict[str, ast.Decl] = {}
    for decl in model.decls():
        if not isinstance(decl, THINGS) or not decl.title:
            continue
        key = normalise(decl.title)
        first = seen.setdefault(key, decl)
        if first is decl or _same_thing(model, first, decl):
            continue
        yield finding(model, Code.NAME_CLASH, f"{decl.title!r} names both this {_what(decl)} and "
                      f"the {_what(first)} at {first.span}", decl,
                      hint="players will confuse them; the book uses one name for two things")


def _what(decl: ast.Decl) -> str:
    return decl.keyword.replace("_", " ")


def _same_thing(model: GameModel, a: ast.Decl, b: ast.Decl) -> bool:
    """A kind and its own instance share a name when the book has only one of it."""
    return (isinstance(b, ast.Instance) and b.keyword == a.id) or \
        (isinstance(a, ast.Instance) and a.keyword == b.id)
