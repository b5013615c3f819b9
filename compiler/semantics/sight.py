"""A grid's walls and how its lines of sight are drawn (E311, with the other board checks).

- `walls:` and `sight:` are a square grid's (a map's spaces say their adjacency);
- `walls:` is a stat (the walls standing now: a list of pairs of spaces that the rules
  change) or a list of fixed walls, each a pair `[square(board, c, r), square(board, c,
  r)]` of two orthogonally adjacent spaces of this board, with whole-number
  coordinates on it; a stat kept per player or per card is not one board's walls.
"""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from .symbols import GameModel

Square = tuple[int, int]
WALL_HINT = ("a wall lies on the edge between two spaces side by side: "
             "`walls: [[square(g, 3, 2), square(g, 4, 2)]]`, or a stat that holds them")


def check_sight(model: GameModel, board: ast.Board, diags: Diagnostics) -> None:
    grid = board.columns is not None or board.row_count is not None
    for name in ("walls", "sight"):
        prop = board.prop(name)
        if prop is not None and not grid:
            diags.add(Code.BAD_BOARD, f"`{name}:` is for a square grid, and `{board.id}` "
                      "has no `columns:` and `rows:`", prop.span,
                      "a map's spaces say which spaces are adjacent: leave a pair out")
            return
    if board.walls is None:
        return
    if isinstance(board.walls, ast.Ref):
        target = model.targets.get(board.walls)
        if target is not None and (not isinstance(target, ast.Stat) or
                                   target.per is not None):
            what = "a stat kept per " + target.per.dotted if isinstance(
                target, ast.Stat) and isinstance(target.per, ast.Ref) else \
                f"a `{target.keyword}`"
            diags.add(Code.BAD_BOARD, f"`walls: {board.walls.dotted}` names {what}",
                      board.walls.span, "name a stat of the game whose value is the "
                      "list of walls standing (pairs of spaces), or list fixed walls")
        return
    if not isinstance(board.walls, ast.ListLit):
        diags.add(Code.BAD_BOARD, "`walls:` is a list of walls or a stat",
                  board.walls.span, WALL_HINT)
        return
    for item in board.walls.items:
        if fixed_wall(model, board, item) is None:
            diags.add(Code.BAD_BOARD, f"this is not a wall of `{board.id}`", item.span,
                      WALL_HINT + f" (both spaces on `{board.id}`)")


def fixed_wall(model: GameModel, board: ast.Board,
               item: ast.Expr) -> tuple[Square, Square] | None:
    """The coordinates of a fixed wall's two spaces; nothing when it is not one."""
    if not isinstance(item, ast.ListLit) or len(item.items) != 2:
        return None
    ends = [_square(model, board, e) for e in item.items]
    a, b = ends
    if a is None or b is None or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        return None
    return a, b


def _square(model: GameModel, board: ast.Board, e: ast.Expr) -> Square | None:
    if not isinstance(e, ast.Call) or e.func != "square" or len(e.args) != 3:
        return None
    ref, column, row = e.args
    if not isinstance(ref, ast.Ref) or model.targets.get(ref) is not board or \
            not isinstance(column, ast.IntLit) or not isinstance(row, ast.IntLit):
        return None
    if board.columns is None or board.row_count is None or \
            not (1 <= column.value <= board.columns and 1 <= row.value <= board.row_count):
        return None
    return column.value, row.value
