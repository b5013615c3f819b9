"""Spaces on a piece (E340, E341, run after name resolution, beside the board checks).

A board's `space` declared `on: PIECE` stands on a piece (a platform on a giant's back,
a turret on a moving wall): it goes where the piece goes, and its neighbours are the
piece's (runtime/perch.py). What may be declared:

- `on:` names a piece that can stand on a board: a `component` or an instance of a kind
  (E340 otherwise: a stat, a zone, a space...);
- a space on a piece states no `adjacent:` of its own, and no space of its board lists
  it among its neighbours (E341): its adjacency is the piece's, one way.
- a square grid may declare spaces on pieces (it declares no other named space: E311,
  boards.py).
"""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from .symbols import GameModel


def perched(space: ast.Decl) -> bool:
    """The space is declared `on:` a piece."""
    return isinstance(space, ast.Space) and space.prop("on") is not None


def check_perches(model: GameModel, diags: Diagnostics) -> None:
    for sym in model.symbols.values():
        decl = sym.decl
        if not isinstance(decl, ast.Space):
            continue
        on = decl.prop("on")
        if on is not None:
            _check_piece(model, decl, on, diags)
        for item in _items(decl.adjacent):
            if not isinstance(item, ast.Ref):
                continue
            target = model.targets.get(item)
            if target is not None and perched(target) and target is not decl:
                diags.add(Code.SPACE_ON_PIECE_ADJACENCY,
                          f"`{decl.id}` lists `{item.dotted}` as adjacent, and "
                          f"`{item.dotted}` is a space on a piece", item.span,
                          "a space on a piece is adjacent to the piece and to what is "
                          f"adjacent to the piece: drop `{item.dotted}` from the list")


def _check_piece(model: GameModel, space: ast.Space, on: ast.Property,
                 diags: Diagnostics) -> None:
    value = on.value
    target = model.targets.get(value) if isinstance(value, ast.Ref) else None
    if isinstance(value, ast.Ref) and target is not None and \
            not isinstance(target, (ast.Component, ast.Instance)):
        diags.add(Code.SPACE_ON_NO_PIECE,
                  f"the space `{space.id}` is on `{value.dotted}`, a `{target.keyword}`, "
                  "which stands on no board", on.span,
                  "name the piece the space is on: a `component` or a card that is "
                  "placed on the board (`on: giant`)")
    if space.adjacent is not None:
        diags.add(Code.SPACE_ON_PIECE_ADJACENCY,
                  f"the space `{space.id}` is on a piece and lists spaces it is adjacent "
                  "to", space.adjacent.span,
                  "its neighbours are the piece's: the spaces adjacent to the piece "
                  "(remove `adjacent:`)")


def _items(value: ast.Expr | None) -> tuple[ast.Expr, ...]:
    if isinstance(value, ast.ListLit):
        return tuple(value.items)
    return (value,) if value is not None else ()
