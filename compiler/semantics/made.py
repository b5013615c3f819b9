"""`create KIND` makes a new instance of a kind in play, and `retire X` takes one out of
play: `create` names a kind (E380 for anything else: a stat, a zone, an instance), and
`retire` an instance (E381 when it names a declaration that is none: a kind, a stat; a
name bound by a choice, a loop or a rule's `params:` is a value, seen when it runs)."""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from ..syntax.walk import find_nodes
from .symbols import GameModel


def check_made(model: GameModel, diags: Diagnostics) -> None:
    for sym in model.symbols.values():
        clauses = getattr(sym.decl, "clauses", None)
        if not isinstance(clauses, ast.Clauses):
            continue
        for stmt in (*clauses.cost, *clauses.effect):
            for node in find_nodes(stmt, (ast.Create, ast.Retire)):
                if isinstance(node, ast.Create):
                    _check_create(model, node, diags, sym.qualname)
                else:
                    _check_retire(model, node, diags, sym.qualname)


def _check_create(model: GameModel, node: ast.Create, diags: Diagnostics, where: str) -> None:
    decl = model.targets.get(node.kind)
    if decl is None or isinstance(decl, ast.Kind):
        return  # a kind, or a name not declared (E301 says so)
    diags.add(Code.NOT_A_KIND_TO_MAKE, f"`create` makes a new instance of a kind, and "
              f"`{node.kind.dotted}` is no kind", node.kind.span,
              "name the kind of the new one: `create hero`", decl=where)


def _check_retire(model: GameModel, node: ast.Retire, diags: Diagnostics, where: str) -> None:
    if not isinstance(node.who, ast.Ref):
        return  # a value worked out when it runs (`newest(hero)`)
    decl = model.targets.get(node.who)
    if decl is None or isinstance(decl, ast.Instance):
        return  # an instance, a bound name, or a name not declared (E301 says so)
    diags.add(Code.NOT_AN_INSTANCE, f"`retire` takes an instance of a kind out of play, and "
              f"`{node.who.dotted}` is no instance", node.who.span,
              "name the one who leaves: `retire bob`", decl=where)
