"""Spaces on a piece: a board's `space` declared `on: PIECE` (a platform on a giant's
back, a turret on a moving wall).

Such a space is a space of its board (things are put on it, `location(x)` is it), but
on none of its squares: it is where the piece is, and goes where the piece goes. Its
links are the piece's, and one way:

- `adjacent(a, b)`: from the space (or a thing on it), the piece and everything adjacent
  to the piece; to the space, the piece alone (what stands beside the piece is not
  adjacent to what stands on it).
- `neighbours(s)`: the spaces adjacent to the piece: a move from the space steps down
  onto one of them (`move x along [s]`, `path`, `move x to s within N`); no step leads
  onto it (a thing is put on it).
- `distance(a, b)`: measured from the space the piece covers nearest to the other end,
  never less than 1 (the piece itself is 1 away); with `through`, the steps of a path:
  one to a space adjacent to the piece, then on (none leads onto the space).
- `within(s, n)`: from the space, itself, then the spaces within `n` of the piece
  (nearest first); in any `within`, the spaces on pieces that near come last.
- `spaces(board)` and `occupied(board)` list the board's own spaces, not those on pieces;
  `column`, `row`, `beside` and the facing queries find no square there (`side_toward`
  from or to it is nothing: it is in no row or column).
- a line of sight from or to it is not drawn (the game's rules say what it sees), and a
  push or a pull does not start from it (the game's rules say where the thing goes
  first): both are `NotExecutable`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import board as grid
from . import facing
from .board import BoardDef, _cover, board_of
from .defs import Value
from .errors import NotExecutable
from .sight import walls_of

if TYPE_CHECKING:
    from .state import Game


class Perch(NamedTuple):
    board: BoardDef
    space: str
    piece: str


def perch_of(g: Game, thing: Value) -> Perch | None:
    """The space on a piece `thing` is (or stands on); nothing for anything else."""
    if not isinstance(thing, str) or not any(b.perches for b in g.defs.boards.values()):
        return None
    board = board_of(g.defs.boards, thing)
    space: Value = thing
    if board is None:
        space = g.places.where(thing)
        board = board_of(g.defs.boards, space)
    if board is None or not board.perches:
        return None
    piece = next((p for s, p in board.perches if s == space), None)
    if piece is None:
        return None
    if board_of(g.defs.boards, g.places.where(piece)) is not board:
        raise NotExecutable(f"{space} is on {piece}, which is on no space of {board.name}")
    return Perch(board, str(space), piece)


def touches(g: Game, thing: Value, piece: str) -> bool:
    """`thing` is the piece, or a space it covers."""
    return bool(set(_cover(g, thing)) & set(_cover(g, piece)))


def same(a: Perch | None, b: Perch | None) -> bool:
    return a is not None and b is not None and a.space == b.space


def adjacent(g: Game, a: Value, b: Value) -> bool:
    """`b` is one step from `a`; one way from a space on a piece (see the module)."""
    pa, pb = perch_of(g, a), perch_of(g, b)
    if pa is None and pb is None:
        return grid.adjacent(g, a, b)
    if same(pa, pb):
        return False
    if pa is not None:
        return touches(g, b, pa.piece) or adjacent(g, pa.piece, b)
    return pb is not None and touches(g, a, pb.piece)


def neighbours(g: Game, space: Value) -> list[Value]:
    """The spaces one step away; from a space on a piece, those adjacent to the piece."""
    found = perch_of(g, space)
    return grid.neighbours(g, found.piece if found is not None else space)


def distance(g: Game, a: Value, b: Value, through: Value = None) -> Value:
    """The fewest steps from `a` to `b`; from or to a space on a piece, from the piece's
    nearest space, at least 1; with `through`, a path's steps (none onto such a space)."""
    pa, pb = perch_of(g, a), perch_of(g, b)
    if pa is None and pb is None:
        return grid.distance(g, a, b, through)
    if same(pa, pb):
        return 0
    if through is None:
        found = grid.distance(g, pa.piece if pa else a, pb.piece if pb else b)
        return None if found is None else max(1, found)
    if pb is not None or pa is None:
        return None  # no step leads onto a space on a piece
    if touches(g, b, pa.piece):
        return 1
    return down(g, pa, b, through)


def down(g: Game, at: Perch, b: Value, through: Value) -> Value:
    """The steps of a path from a space on a piece to `b`: one onto a space adjacent to
    the piece, then on, crossing only `through` (all spaces when nothing)."""
    ends = _cover(g, b)
    crossed = None if through is None else [s for x in g.members(through)
                                            for s in _cover(g, x)]
    starts = [s for s in grid.neighbours(g, at.piece)
              if crossed is None or s in crossed or s in ends]
    found = at.board.between(starts, ends, crossed, walls_of(g, at.board)) if starts else None
    return None if found is None else found + 1


def within(g: Game, space: Value, steps: Value) -> list[Value]:
    """The spaces at most `steps` away, the space itself first, nearest first; spaces on
    pieces that near last."""
    n = g.amount(steps)
    here = perch_of(g, space)
    if here is not None:
        found = [here.space] + (grid.within(g, here.piece, n) if n >= 1 else [])
    else:
        found = grid.within(g, space, n)
    board = here.board if here is not None else board_of(g.defs.boards, found[0]) \
        if found else None
    for other, piece in board.perches if board is not None else ():
        if board_of(g.defs.boards, g.places.where(piece)) is not board:
            continue  # a piece off the board: its space is nowhere near
        d = distance(g, space, other)
        if other not in found and d is not None and d <= n:
            found.append(other)
    return found


def occupied(g: Game, board: Value, thing: Value = None) -> list[Value]:
    """The spaces of a board that hold something: its own, not those on pieces."""
    found = g.defs.boards.get(board) if isinstance(board, str) else None
    perched = {s for s, _ in found.perches} if found is not None else set()
    return [s for s in grid.occupied(g, board, thing) if s not in perched]


def line_of_sight(g: Game, a: Value, b: Value, blocking: Value = None) -> bool:
    """`board.line_of_sight`, between spaces of the grid: a space on a piece is none."""
    for end in (a, b):
        found = perch_of(g, end)
        if found is not None:
            raise NotExecutable(f"a line of sight is drawn between spaces of a grid, and "
                                f"{found.space} is on {found.piece}: the game's rules say "
                                "what is seen from it")
    keep = [x for x in g.members(blocking) if perch_of(g, x) is None]
    return grid.line_of_sight(g, a, b, keep if blocking is not None else None)


def side_toward(g: Game, thing: Value, other: Value) -> Value:
    """`facing.side_toward`; nothing from or to a space on a piece (in no row or column)."""
    if perch_of(g, thing) is not None or perch_of(g, other) is not None:
        return None
    return facing.side_toward(g, thing, other)


def refuse_forced(g: Game, where: Value, verb: str) -> None:
    """A push or a pull does not start from a space on a piece."""
    found = perch_of(g, where)
    if found is not None:
        raise NotExecutable(f"{verb}: {where} is on {found.piece}, not on a square of "
                            f"{found.board.name}: the game's rules say where a thing on "
                            "it goes first")


def perch_steps(g: Game, here: Value) -> list[Value]:
    """The spaces a move along a path may step onto from `here`, when it is a space on a
    piece (the spaces adjacent to the piece); none otherwise."""
    found = perch_of(g, here)
    return grid.neighbours(g, found.piece) if found is not None else []
