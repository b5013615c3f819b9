"""Facing on a grid: what is in front of a figure, which side faces a target, and
diagrams printed relative to a figure and its facing.

A figure's facing is a side, `"north"` (toward row 1), `"east"`, `"south"` or
`"west"`, kept by the game (a stat). `beside(x, side)` and `behind(x, side)` (module
`board`) give the spaces directly ahead and behind; here:

- `in_front(x, side)`: every space beyond the line along the figure's front edge, in
  the direction it faces (a half-plane of the board), in the board's order;
- `side_toward(x, y)`: the side of `x` that faces `y` when `y` is in a straight line
  from it (it shares a row or a column with `x`, wide figures counting every space
  they cover); nothing for a `y` in no straight line, or overlapping `x`;
- `relative(x, side, offsets)`: the spaces of a diagram drawn with the figure facing
  north, `[column, row]` offsets from its top-left space (`[0, -1]`: the space just in
  front of that corner), turned with the figure to face `side`; spaces off the board
  are left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import SIDES, _board, _cover
from .defs import Value
from .errors import NotExecutable

if TYPE_CHECKING:
    from .board import BoardDef
    from .state import Game


def _facing(side: Value) -> str:
    if not isinstance(side, str) or side not in SIDES:
        raise NotExecutable(f"{side!r} is no side: north, east, south or west")
    return side


def _box(g: Game, thing: Value) -> tuple[BoardDef, int, int, int, int]:
    """The grid a thing is on and the columns and rows it spans: (board, c0, r0, c1, r1)."""
    covered = _cover(g, thing)
    board = _board(g, covered)
    at = [board.coordinates(s) for s in covered]
    found = [a for a in at if a is not None]
    if not found or len(found) != len(at):
        raise NotExecutable(f"{thing!r} is on no square grid")
    cols, rows = [a[0] for a in found], [a[1] for a in found]
    return board, min(cols), min(rows), max(cols), max(rows)


def in_front(g: Game, thing: Value, side: Value) -> list[Value]:
    """The spaces beyond the front edge of a thing facing `side` (a half-plane)."""
    board, c0, r0, c1, r1 = _box(g, thing)
    facing = _facing(side)
    found: list[Value] = []
    for space in board.every_space():
        c, r = board.coordinates(space) or (c0, r0)
        if {"north": r < r0, "south": r > r1, "west": c < c0, "east": c > c1}[facing]:
            found.append(space)
    return found


def side_toward(g: Game, thing: Value, other: Value) -> Value:
    """The side of `thing` facing `other` in a straight line; nothing when `other` is in
    no row and no column of `thing`, or overlaps it."""
    board, c0, r0, c1, r1 = _box(g, thing)
    _, d0, s0, d1, s1 = _box(g, other)
    columns, rows = d0 <= c1 and d1 >= c0, s0 <= r1 and s1 >= r0
    if columns and not rows:
        return "north" if s1 < r0 else "south"
    if rows and not columns:
        return "west" if d1 < c0 else "east"
    return None


def relative(g: Game, thing: Value, side: Value, offsets: Value) -> list[Value]:
    """The spaces at `offsets` (`[column, row]` from the top-left space of `thing`, as
    drawn facing north), turned with `thing` to face `side`; none off the board."""
    board, c0, r0, c1, _ = _box(g, thing)
    n = c1 - c0  # the figure's width less one: it turns about its own centre
    facing = _facing(side)
    found: list[Value] = []
    for offset in g.members(offsets):
        pair = g.members(offset)
        if len(pair) != 2:
            raise NotExecutable(f"an offset is a pair [column, row], not {offset!r}")
        x, y = g.amount(pair[0]), g.amount(pair[1])
        dx, dy = {"north": (x, y), "east": (n - y, x), "south": (n - x, n - y),
                  "west": (y, n - x)}[facing]
        space = board.square(c0 + dx, r0 + dy)
        if space is not None and space not in found:
            found.append(space)
    return found
