"""`path(a, b)` from a space on a piece (perch.py): its first step onto a space adjacent
to the piece, then a shortest path on (forced.py's); none leads onto such a space."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board as grid
from .board import _cover
from .defs import Value
from .forced import path as board_path
from .perch import down, perch_of, same, touches
from .sight import walls_of

if TYPE_CHECKING:
    from .state import Game


def path(g: Game, a: Value, b: Value, through: Value = None) -> Value:
    """A shortest path from `a` to `b` (see forced.path); from a space on a piece, its
    first step onto a space adjacent to the piece; none onto such a space."""
    pa, pb = perch_of(g, a), perch_of(g, b)
    if pa is None and pb is None:
        return board_path(g, a, b, through)
    if same(pa, pb):
        return []
    if pb is not None or pa is None or touches(g, b, pa.piece):
        return None
    best = down(g, pa, b, through)
    if best is None:
        return None
    ends = _cover(g, b)
    crossed = None if through is None else [s for x in g.members(through)
                                            for s in _cover(g, x)]
    cut = walls_of(g, pa.board)
    options = [s for s in grid.neighbours(g, pa.piece)
               if (crossed is None or s in crossed or s in ends) and
               (s in ends or pa.board.between([s], ends, crossed, cut) == best - 1)]
    if not options:
        return None
    first = g._sq_which(options, None)
    return [first] + ([] if first in ends else board_path(g, first, b, through) or [])
