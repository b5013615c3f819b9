"""Pieces on a board's spaces: what stands on a space, and the moves that reach
one that holds a piece.

A thing put on a space stands on it; a wide one (a `footprint:`) stands on every space
it covers. `covering(space)` lists them all, the wide ones whose top-left space is
elsewhere included (a place query reads only what was put on the space itself).

A rule hooked `when: passes X(p)` or `when: bumps X(p)`, where `X` is a component, a
card or a kind rather than a board or a space, runs when a move square by square puts a
thing onto a space that holds a piece of `X` (a copy of that name, or a thing of that
kind), or when a push or a pull is stopped by such a space: once for each such piece
but the mover, `p` being the piece and `target` the mover, before the rules hooked to
the space or its board; a piece an earlier of these rules took away sets off no more.
So a tile's effect (a snare sprung, a tile destroyed by what crosses it) is a rule of
the game hooked to the tile, wherever the tile lies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import _side, board_of
from .context import Ctx
from .defs import Value, base_of
from .errors import NotExecutable

if TYPE_CHECKING:
    from .state import Game

PIECE = "piece"  # the value such a moment carries (`semantics.pieces.PIECE`)
PIECE_EVENTS = frozenset({"passes", "bumps"})


def covering(g: Game, space: Value) -> list[Value]:
    """The things that stand on a space: those put on it, then the wide ones covering it
    from another space, each in the order it was put there."""
    board = board_of(g.defs.boards, space)
    if board is None:
        raise NotExecutable(f"{space!r} is no board's space")
    found = list(g.places.contents.get(str(space), ()))
    for place, items in g.places.contents.items():
        if place == space or not items or not board.has(place):
            continue
        found += [e for e in items if _side(g, e) > 1
                  and space in (board.footprint(place, _side(g, e)) or ())]
    return found


def fire_pieces(g: Game, event: str, thing: Value, place: Value, ctx: Ctx | None) -> None:
    """Run the rules hooked to `passes X(p)` / `bumps X(p)` for each piece of `X` on the
    space a move reached (nothing for a board's edge)."""
    if event not in PIECE_EVENTS or board_of(g.defs.boards, place) is None:
        return
    actor = ctx.subject if ctx is not None else (g.actors[-1] if g.actors else None)
    for piece in covering(g, place):
        if piece == thing:
            continue
        keys = dict.fromkeys([(event, base_of(piece)), (event, g.defs.kind_of(piece) or "")])
        hooked = Ctx(actor=actor, target=thing, args=((PIECE, piece),))
        for rule in [r for k in keys for r in g.hooks.get(k, ())]:
            if piece not in covering(g, place):
                break  # an earlier rule took it away: it no longer stands there
            if g.active(rule):
                g.log.add("occurs", rule.name, None, f"{event} {place}: {piece}")
                g._hooked(rule, hooked)
