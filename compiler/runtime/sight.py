"""Walls on a grid's edges, and lines of sight drawn from corner to corner.

A grid board may have walls (`walls:`): each lies on the edge between two orthogonally
adjacent spaces, given as the pair of them. The walls are fixed (`walls: [[square(g, 3,
2), square(g, 4, 2)]]`) or the value of a stat (`walls: fences`), a list of pairs
that the rules change at run time (`set fences to [w for each w in fences] + [[a,
b]]`). A step never crosses a wall: `adjacent`, `neighbours`, `within`, a `distance` counted
`through` some spaces, and a move's `within` go around them; a plain `distance(a, b)`
on a grid is counted through them, as the crow walks. A line of sight is blocked by a
wall it crosses or runs along, not by one whose end it only touches.

On a grid declared `sight: corners`, `line_of_sight(a, b, blocking)` draws lines from
any corner of a space of `a` to any corner of a space of `b` (`clear_corners`); one
clear line is enough. A line is blocked when it crosses the inside of a blocking space,
runs along an edge of one, crosses or runs along a wall (or touches a point where two
walls meet: a longer wall's inside, or its bend), or goes (between its ends) through a
corner where two blocking spaces meet diagonally; touching only a corner of a blocking
space, or the end of a wall, does not stop it. A line joins two different corners: two
figures that share a corner see each other only along some other line.

Space (column c, row r) is the square from (c - 1, r - 1) to (c, r): x grows east,
y south. Everything is exact, in fractions.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import gcd
from typing import TYPE_CHECKING

from .defs import Value
from .errors import NotExecutable

if TYPE_CHECKING:
    from .board import BoardDef
    from .state import Game

Walls = frozenset[frozenset[str]]
NO_WALLS: Walls = frozenset()
Point = tuple[Fraction, Fraction]
Edge = tuple[int, int, int, int]  # x0, y0, x1, y1: one edge of the grid


def walls_of(g: Game, board: BoardDef) -> Walls:
    """The walls up on a board now (its fixed ones, or its stat's value)."""
    if board.walls is None or not board.grid:
        return NO_WALLS
    pairs = board.walls if isinstance(board.walls, tuple) else g.stats.get(None, board.walls)
    found = set()
    for pair in g.members(pairs):
        ends = g.members(pair)
        if len(ends) != 2 or _edge(board, ends[0], ends[1]) is None:
            raise NotExecutable(f"a wall of {board.name} lies between two orthogonally "
                                f"adjacent spaces of it, and {pair!r} is not such a pair")
        found.add(frozenset(ends))
    return frozenset(found)


def _edge(board: BoardDef, a: Value, b: Value) -> Edge | None:
    """The edge between two orthogonally adjacent spaces; nothing for any other pair."""
    ca, cb = board.coordinates(a), board.coordinates(b)
    if ca is None or cb is None or abs(ca[0] - cb[0]) + abs(ca[1] - cb[1]) != 1:
        return None
    (c, r), (c2, _) = min(ca, cb), max(ca, cb)
    if c2 > c:  # side by side: the vertical edge x = c
        return c, r - 1, c, r
    return c - 1, r, c, r  # one above the other: the horizontal edge y = r


def _edges(board: BoardDef, cut: Walls) -> list[Edge]:
    found = (_edge(board, *sorted(pair)) for pair in cut)
    return [e for e in found if e is not None]


def _hits(p: Point, q: Point, edge: Edge) -> bool:
    """Segment p-q crosses the open edge, or runs along it for some length."""
    x0, y0, x1, y1 = edge
    if x0 != x1:  # a horizontal edge: swap the axes: a vertical one
        return _hits((p[1], p[0]), (q[1], q[0]), (y0, x0, y1, x1))
    dx, dy = q[0] - p[0], q[1] - p[1]
    if dx == 0:
        lo, hi = min(p[1], q[1]), max(p[1], q[1])
        top: Fraction = min(hi, Fraction(y1))
        return p[0] == x0 and top > max(lo, Fraction(y0))
    t = (x0 - p[0]) / dx
    return 0 <= t <= 1 and y0 < p[1] + t * dy < y1


def crosses_inside(p: Point, q: Point, square: tuple[int, int]) -> bool:
    """Segment p-q crosses the open inside of the space at (column, row)."""
    lo, hi = Fraction(0), Fraction(1)
    for start, delta, low, high in ((p[0], q[0] - p[0], square[0] - 1, square[0]),
                                    (p[1], q[1] - p[1], square[1] - 1, square[1])):
        if delta == 0:
            if not low < start < high:
                return False
            continue
        t1, t2 = (low - start) / delta, (high - start) / delta
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    return lo < hi


def _sides(square: tuple[int, int]) -> list[Edge]:
    c, r = square
    return [(c - 1, r - 1, c, r - 1), (c - 1, r, c, r), (c - 1, r - 1, c - 1, r),
            (c, r - 1, c, r)]


def _pinched(p: Point, q: Point, blocked: set[tuple[int, int]]) -> bool:
    """Segment p-q (between corners) goes, between its ends, through a corner where
    two blocking spaces meet diagonally."""
    dx, dy = int(q[0] - p[0]), int(q[1] - p[1])
    steps = gcd(dx, dy)
    for i in range(1, steps):
        x, y = int(p[0]) + i * dx // steps, int(p[1]) + i * dy // steps
        if {(x, y), (x + 1, y + 1)} <= blocked or {(x + 1, y), (x, y + 1)} <= blocked:
            return True
    return False


def _joints(walls: list[Edge]) -> set[Point]:
    """The corners where two walls meet (inside a longer wall, or where it bends)."""
    ends: dict[Point, int] = {}
    for x0, y0, x1, y1 in walls:
        for end in ((Fraction(x0), Fraction(y0)), (Fraction(x1), Fraction(y1))):
            ends[end] = ends.get(end, 0) + 1
    return {end for end, n in ends.items() if n > 1}


def _on(p: Point, q: Point, point: Point) -> bool:
    """`point` lies on the closed segment p-q."""
    cross = (q[0] - p[0]) * (point[1] - p[1]) - (q[1] - p[1]) * (point[0] - p[0])
    return cross == 0 and min(p[0], q[0]) <= point[0] <= max(p[0], q[0]) and \
        min(p[1], q[1]) <= point[1] <= max(p[1], q[1])


def _clear(p: Point, q: Point, blocked: set[tuple[int, int]], walls: list[Edge],
           joints: frozenset[Point] = frozenset()) -> bool:
    """The line p-q (two different corners) is blocked by nothing."""
    if p == q or any(_hits(p, q, e) for e in walls) or any(_on(p, q, j) for j in joints):
        return False
    if any(crosses_inside(p, q, s) or any(_hits(p, q, e) and _along(p, q, e) for e in _sides(s))
           for s in blocked):
        return False
    return not _pinched(p, q, blocked)


def _along(p: Point, q: Point, edge: Edge) -> bool:
    """Segment p-q lies on the edge's line (it runs along it where they overlap)."""
    x0, y0, x1, y1 = edge
    return (p[0] == q[0] == x0) if x0 == x1 else (p[1] == q[1] == y0)


def _corners(board: BoardDef, spaces: Iterable[Value]) -> list[Point]:
    found: dict[Point, None] = {}
    for space in spaces:
        at = board.coordinates(space)
        if at is None:
            raise NotExecutable(f"a line is drawn on a square grid, between its spaces: "
                                f"{space!r} is not one of {board.name}")
        for dc in (-1, 0):
            for dr in (-1, 0):
                found[(Fraction(at[0] + dc), Fraction(at[1] + dr))] = None
    return list(found)


def clear_corners(board: BoardDef, first: Iterable[Value], other: Iterable[Value],
                  blocking: Iterable[Value], cut: Walls = NO_WALLS) -> bool:
    """Some straight line from a corner of a space of `first` to a corner of a space of
    `other` is blocked neither by the `blocking` spaces nor by the walls of `cut`."""
    blocked = {at for at in (board.coordinates(s) for s in blocking) if at is not None}
    walls = _edges(board, cut)
    joints = frozenset(_joints(walls))
    starts, ends = _corners(board, first), _corners(board, other)
    return any(_clear(p, q, blocked, walls, joints) for p in starts for q in ends)


def through_wall(board: BoardDef, a: tuple[int, int], b: tuple[int, int],
                 cut: Walls) -> bool:
    """The line between the centres of the spaces at `a` and `b` crosses a wall."""
    half = Fraction(1, 2)
    p, q = (a[0] - half, a[1] - half), (b[0] - half, b[1] - half)
    walls = _edges(board, cut)
    return any(_hits(p, q, e) for e in walls) or any(_on(p, q, j) for j in _joints(walls))
