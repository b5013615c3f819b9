"""Boards: maps of spaces, their adjacency, distances, ranges and clear lines.

A board is either a map of named spaces, each adjacent to the spaces its `adjacent:`
lists (both ways unless the board is `directed`), or a square grid of `columns` by
`rows`, whose spaces are named by their coordinates (`board.3_2`: column 3, row 2,
both counted from 1) and are adjacent to the 4 spaces beside them (8 with
`diagonals`). A space is a place: things are put on it and moved to it, and
`location(x)` is the space. What a space holds is read with the place queries
(`count(space)`, `contains(space, x)`, a comprehension over it).

`distance(a, b)` is the fewest steps from one space to another, each step to an
adjacent space (nothing when no path leads there); on a grid, steps may be
diagonal only when the board says so. `line_of_sight(a, b, blocking)` on a grid
draws the straight line between the centres of the two spaces: it is blocked when it
crosses the inside of a blocking space other than its ends; a line that only runs
along an edge or through a corner of a blocking space is not blocked. A grid's `walls:`
and its `sight: corners` are the module `sight`'s.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from .defs import Value, base_of
from .errors import Illegal, NotExecutable
from .sight import NO_WALLS, Walls, clear_corners, crosses_inside, through_wall, walls_of

if TYPE_CHECKING:
    from .defs import Definitions
    from .state import Game


@dataclass(frozen=True, slots=True)
class BoardDef:
    """A board's spaces and adjacency: named `spaces` with the pairs `links` states, or a
    grid of `columns` by `rows` (8-adjacent with `diagonals`)."""

    name: str
    title: str | None = None
    spaces: tuple[str, ...] = ()  # a map's spaces, in declaration order
    links: tuple[tuple[str, str], ...] = ()  # stated adjacency: (space, neighbour)
    directed: bool = False  # a link goes one way only
    columns: int = 0
    rows: int = 0
    diagonals: bool = False
    walls: str | tuple[tuple[str, str], ...] | None = None  # a stat's name, or fixed edges
    sight: str = "centres"  # line_of_sight: from centre to centre, or corner to corner
    perches: tuple[tuple[str, str], ...] = ()  # spaces on a piece: (space, piece), perch.py
    _next: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        found: dict[str, list[str]] = {s: [] for s in self.spaces}
        for a, b in self.links:
            if a not in found or b not in found:
                continue  # a link to no space of this board leads nowhere
            if b not in found[a]:
                found[a].append(b)
            if not self.directed and a not in found[b]:
                found[b].append(a)
        self._next.update({s: tuple(n) for s, n in found.items()})

    @property
    def grid(self) -> bool:
        return self.columns > 0 and self.rows > 0

    def every_space(self) -> tuple[str, ...]:
        """The board's spaces: a map's in declaration order, a grid's row by row."""
        if not self.grid:
            return self.spaces
        return tuple(self.square(c, r) or "" for r in range(1, self.rows + 1)
                     for c in range(1, self.columns + 1))

    def square(self, column: int, row: int) -> str | None:
        """The grid's space at those coordinates; nothing off the board."""
        if not (1 <= column <= self.columns and 1 <= row <= self.rows):
            return None
        return f"{self.name}.{column}_{row}"

    def coordinates(self, space: Value) -> tuple[int, int] | None:
        """(column, row) of a grid's space; nothing for anything else."""
        if not self.grid or not isinstance(space, str) or \
                not space.startswith(self.name + "."):
            return None
        column, _, row = space[len(self.name) + 1:].partition("_")
        if not (column.isdigit() and row.isdigit()):
            return None
        c, r = int(column), int(row)
        return (c, r) if self.square(c, r) == space else None

    def has(self, space: Value) -> bool:
        if self.perches and any(space == s for s, _ in self.perches):
            return True
        return self.coordinates(space) is not None if self.grid else space in self._next

    def neighbours(self, space: Value, cut: Walls = NO_WALLS) -> list[str]:
        """The spaces one step away, in the board's order (none across a wall of `cut`)."""
        at = self.coordinates(space)
        if at is None:
            return list(self._next.get(space, ())) if isinstance(space, str) else []
        c, r = at
        steps = [(0, -1), (-1, 0), (1, 0), (0, 1)]
        if self.diagonals:
            steps = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
        found = (self.square(c + dc, r + dr) for dc, dr in steps)
        return [s for s in found if s is not None and frozenset((space, s)) not in cut]

    def distance(self, a: Value, b: Value, through: Iterable[Value] | None = None,
                 cut: Walls = NO_WALLS) -> int | None:
        """The fewest steps from `a` to `b`; nothing when no path leads there. `through`:
        the spaces a path may cross (its two ends aside), when not all of them."""
        return self.between([a], [b], through, cut)

    def between(self, starts: Iterable[Value], goals: Iterable[Value],
                through: Iterable[Value] | None = None, cut: Walls = NO_WALLS) -> int | None:
        """The fewest steps from any of `starts` to any of `goals` (the spaces two wide
        figures span); nothing when no path leads there."""
        first = [s for s in starts if self.has(s)]
        ends = {s for s in goals if self.has(s)}
        if not first or not ends:
            return None
        if self.grid and through is None and not cut and \
                all(self.coordinates(s) for s in (*first, *ends)):  # none on a piece
            return min(self._steps(a, b) for a in first for b in ends)
        open_ = None if through is None else set(through) | ends
        seen = dict.fromkeys(first, 0)
        queue = deque(first)
        while queue:
            here = queue.popleft()
            if here in ends:
                return seen[here]
            for there in self.neighbours(here, cut):
                if there not in seen and (open_ is None or there in open_):
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return None

    def _steps(self, a: str, b: str) -> int:
        ca, cb = self.coordinates(a), self.coordinates(b)
        assert ca is not None and cb is not None
        dc, dr = abs(ca[0] - cb[0]), abs(ca[1] - cb[1])
        return max(dc, dr) if self.diagonals else dc + dr

    def within(self, space: Value, steps: int) -> list[str]:
        """The spaces at most `steps` away (the space itself among them), nearest first."""
        return self.around([space], steps)

    def around(self, starts: Iterable[Value], steps: int, cut: Walls = NO_WALLS) -> list[str]:
        """The spaces at most `steps` from any of `starts` (themselves first)."""
        first = [s for s in starts if self.has(s)]
        seen = dict.fromkeys(first, 0)
        queue = deque(first)
        while queue:
            here = queue.popleft()
            if seen[here] == steps:
                continue
            for there in self.neighbours(here, cut):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return list(seen)

    def footprint(self, anchor: Value, side: int) -> list[str] | None:
        """The spaces a figure `side` spaces wide covers from `anchor`, its top-left space
        on a grid (its own space elsewhere); nothing when part of it is off the board."""
        at = self.coordinates(anchor)
        if side <= 1 or at is None:
            return [anchor] if self.has(anchor) else None
        found = [self.square(at[0] + dc, at[1] + dr) for dr in range(side) for dc in range(side)]
        return None if None in found else [s for s in found if s is not None]

    def line_of_sight(self, a: Value, b: Value, blocking: Iterable[Value],
                      cut: Walls = NO_WALLS) -> bool:
        """The straight line between the centres of `a` and `b` crosses the inside
        of none of the blocking spaces (its two ends aside), nor a wall of `cut`."""
        ca, cb = self.coordinates(a), self.coordinates(b)
        if ca is None or cb is None:
            raise NotExecutable(f"a line is drawn on a square grid, between two of "
                                f"its spaces: {a!r} and {b!r} on {self.name}")
        if through_wall(self, ca, cb, cut):
            return False
        for space in blocking:
            at = self.coordinates(space)
            if at is not None and at not in (ca, cb) and _crosses(ca, cb, at):
                return False
        return True


def _crosses(a: tuple[int, int], b: tuple[int, int], square: tuple[int, int]) -> bool:
    """The segment between the centres of squares `a` and `b` crosses the open
    inside of `square` (exact, in fractions: a corner or an edge is not the inside)."""
    half = Fraction(1, 2)
    return crosses_inside((a[0] - half, a[1] - half), (b[0] - half, b[1] - half), square)


def board_of(boards: Mapping[str, BoardDef], space: Value) -> BoardDef | None:
    """The board a space is on; nothing for what is no board's space."""
    return next((b for b in boards.values() if b.has(space)), None)


def reach(boards: Mapping[str, BoardDef], origin: Value, to: Value, steps: int,
          g: Game | None = None) -> None:
    """A move of at most `steps` from `origin` to `to`; `Illegal` when it is farther, or
    when no path on one board leads there."""
    board = board_of(boards, to)
    if board is None:
        raise NotExecutable(f"a move within a range goes to a board's space, and {to!r} "
                            "is none")
    distance = board.distance(origin, to, None, walls_of(g, board) if g else NO_WALLS)
    piece = dict(board.perches).get(origin) if g is not None else None
    if piece is not None and g is not None:  # from a space on a piece: down beside it first
        down = board.between(neighbours(g, piece), [to], None, walls_of(g, board))
        distance = None if down is None else down + 1
    if distance is None:
        where = "is in no place" if origin is None else f"is on {origin}"
        raise Illegal(f"no path leads to {to}: the thing moved {where}")
    if distance > steps:
        raise Illegal(f"{to} is {distance} steps from {origin}, farther than {steps}")


# ------------------------------------------------------------------ queries
# Each takes the game first, then the call's arguments (see `queries`). A thing that is
# not a space stands for the space it is on.


def _space(g: Game, thing: Value) -> Value:
    if board_of(g.defs.boards, thing) is not None:
        return thing
    return g.places.where(thing)


def _on(g: Game, space: Value) -> BoardDef:
    board = board_of(g.defs.boards, space)
    if board is None:
        raise NotExecutable(f"{space!r} is no board's space")
    return board


def _side(g: Game, thing: Value) -> int:
    """How many spaces wide a thing is (a `footprint:` of 4 spaces: 2)."""
    return g.defs.footprints.get(base_of(thing), 1) if isinstance(thing, str) else 1


def _cover(g: Game, thing: Value) -> list[Value]:
    """The spaces a thing covers (a space: itself; a wide figure: its footprint)."""
    if board_of(g.defs.boards, thing) is not None:
        return [thing]
    where = g.places.where(thing)
    board = board_of(g.defs.boards, where)
    if board is None:
        return [where] if where is not None else []
    return board.footprint(where, _side(g, thing)) or [where]


def _board(g: Game, spaces: list[Value]) -> BoardDef:
    board = board_of(g.defs.boards, spaces[0]) if spaces else None
    if board is None:
        raise NotExecutable(f"{spaces[0] if spaces else 'nothing'!r} is no board's space")
    return board


def adjacent(g: Game, a: Value, b: Value) -> bool:
    """`b` is one step from `a` (the spaces they span, for things)."""
    first, other = _cover(g, a), _cover(g, b)
    board = _board(g, first)
    return not set(first) & set(other) and \
        board.between(first, other, None, walls_of(g, board)) == 1


def neighbours(g: Game, space: Value) -> list[Value]:
    """The spaces one step away (from any space a wide figure covers)."""
    covered = _cover(g, space)
    board = _board(g, covered)
    cut = walls_of(g, board)
    found = [n for s in covered for n in board.neighbours(s, cut) if n not in covered]
    return list(dict.fromkeys(found))


def distance(g: Game, a: Value, b: Value, through: Value = None) -> Value:
    """The fewest steps from `a` to `b`; nothing when no path leads there. `through`: the
    spaces a path may cross (a list, or things on them), when not all of them."""
    first, other = _cover(g, a), _cover(g, b)
    board = board_of(g.defs.boards, first[0]) if first else None
    if board is None:
        return None
    crossed = None if through is None else [s for x in g.members(through)
                                            for s in _cover(g, x)]
    return board.between(first, other, crossed, NO_WALLS if through is None else
                         walls_of(g, board))


def occupied(g: Game, board: Value, thing: Value = None) -> list[Value]:
    """The spaces of a board that hold something (a copy of `thing`, if given), a wide
    figure's every space, in the board's order (a grid's by row, then column)."""
    found = g.defs.boards.get(board) if isinstance(board, str) else None
    if found is None:
        raise NotExecutable(f"{board!r} is not a board")
    held = {s: None for p, items in g.places.contents.items() if items and found.has(p)
            for e in items if thing is None or e == thing or base_of(e) == thing
            for s in (found.footprint(p, _side(g, e)) or [p])}
    if found.grid:
        return sorted(held, key=lambda s: tuple(reversed(found.coordinates(s) or (0, 0))))
    return [s for s in found.spaces if s in held]


def within(g: Game, space: Value, steps: Value) -> list[Value]:
    """The spaces at most `steps` away, the space itself (a wide figure's) first."""
    covered = _cover(g, space)
    board = _board(g, covered)
    return list(board.around(covered, g.amount(steps), walls_of(g, board)))


def spaces(g: Game, board: Value) -> list[Value]:
    """A board's spaces (a grid's row by row)."""
    found = g.defs.boards.get(board) if isinstance(board, str) else None
    if found is None:
        raise NotExecutable(f"{board!r} is not a board")
    return list(found.every_space())


def square(g: Game, board: Value, column: Value, row: Value) -> Value:
    """A grid's space at (column, row), both from 1; nothing off the board."""
    found = g.defs.boards.get(board) if isinstance(board, str) else None
    if found is None or not found.grid:
        raise NotExecutable(f"{board!r} is not a square grid")
    return found.square(g.amount(column), g.amount(row))


def column(g: Game, space: Value) -> Value:
    """The column of a grid's space (of the space a thing is on); nothing off a grid."""
    space = _space(g, space)
    at = _on(g, space).coordinates(space) if space is not None else None
    return at[0] if at is not None else None


def row(g: Game, space: Value) -> Value:
    """The row of a grid's space (of the space a thing is on); nothing off a grid."""
    space = _space(g, space)
    at = _on(g, space).coordinates(space) if space is not None else None
    return at[1] if at is not None else None


def line_of_sight(g: Game, a: Value, b: Value, blocking: Value = None) -> bool:
    """The straight line between the centres of two spaces of a grid crosses no
    blocking space (a list of spaces, or of things on them); from a wide figure, a line
    from any space it covers to any space the other covers. On a `sight: corners` grid,
    from a corner to a corner (`sight.clear_corners`), and a blocking thing that covers
    a space of either end blocks nothing."""
    first, other = _cover(g, a), _cover(g, b)
    ends = set(first) | set(other)
    blockers = [s for x in g.members(blocking) for s in _cover(g, x) if s not in ends]
    board = _board(g, first)
    cut = walls_of(g, board)
    if board.sight == "corners":
        covers = [_cover(g, x) for x in g.members(blocking)]
        return clear_corners(board, first, other,
                             [s for c in covers if not ends & set(c) for s in c], cut)
    return any(board.line_of_sight(x, y, blockers, cut) for x in first for y in other)


def landing(g: Game, thing: Value, to: Value, source: Value, within: Value) -> None:
    """A move's checks on a board: within `within` steps of where the thing is (`source`,
    if given), and a wide figure wholly on the board."""
    if within is not None:
        origin = source if source is not None else g.places.where(thing)
        reach(g.defs.boards, origin, to, g.amount(within), g)
    fits(g.defs, thing, to)


SIDES = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


def beside(g: Game, thing: Value, side: Value) -> list[Value]:
    """The spaces of a grid adjacent to a thing on one side (`"north"`: the row above it,
    `"east"`, `"south"`, `"west"`), as wide as the thing: what is directly ahead of a
    figure facing that way."""
    if side not in SIDES:
        raise NotExecutable(f"{side!r} is no side: north, east, south or west")
    covered = _cover(g, thing)
    board = _board(g, covered)
    dc, dr = SIDES[side]
    found = []
    for space in covered:
        at = board.coordinates(space)
        there = board.square(at[0] + dc, at[1] + dr) if at is not None else None
        if there is not None and there not in covered and there not in found:
            found.append(there)
    return found


def behind(g: Game, thing: Value, side: Value) -> list[Value]:
    """The spaces adjacent to a thing on the side opposite `side`: the Rear of a figure
    facing that way."""
    if side not in OPPOSITE:
        raise NotExecutable(f"{side!r} is no side: north, east, south or west")
    return beside(g, thing, OPPOSITE[side])


def fits(defs: Definitions, thing: Value, to: Value) -> None:
    """`Illegal` when a wide figure put on a grid's space would stand partly off it."""
    side = defs.footprints.get(base_of(thing), 1) if isinstance(thing, str) else 1
    board = board_of(defs.boards, to) if side > 1 else None
    if board is not None and board.footprint(to, side) is None:
        raise Illegal(f"{thing} is {side} spaces wide: from {to} it would stand off "
                      f"{board.name}")

