"""Pieces standing on a board's spaces, as the moments of a move square by square.

`when: passes X(p)` and `when: bumps X(p)` name, besides a board or a space (module
`forced`), a component, a card or a kind: a move puts a thing onto (or a push or a pull
is stopped by) a space that holds a piece of it, a copy of that name or a thing of that
kind (a wide piece holds every space it covers). Such a moment carries one value, the
piece (`runtime.pieces`), which the rule names for itself, as for any event that carries
values (`semantics.events`: a count other than one is E312).
"""

from __future__ import annotations

from ..syntax import ast

HELD = (ast.Component, ast.Instance, ast.Kind)  # what stands on a space, as a moment's target
PIECE = "piece"  # the name of the value such a moment carries (`ctx.arg`)
PIECE_EVENTS = frozenset({"passes", "bumps"})


def held_piece(target: ast.Decl | None, moment: ast.Timing) -> bool:
    """The moment is a move reaching a space that holds a piece of `target`."""
    return moment.kind in PIECE_EVENTS and isinstance(target, HELD)
