"""Boards and their spaces: what a map may declare (E311, run after name resolution).

- a `space` stands in a `board` (E204 elsewhere);
- a board is either a square grid (`columns:` and `rows:`, both) or a map of named
  spaces, never both, never neither; `diagonals:` is a grid's, `adjacency: directed`
  a map's;
- a space's `adjacent:` names other spaces of the same board, each once, never the
  space itself;
- a large figure's `footprint:` is a square of spaces (1, 4, 9 ...);
- on an undirected board (the default) a pair is stated once, from either side; when
  both spaces list their neighbours, each list names the other (a pair one list states
  and the other leaves out is the book's two lists disagreeing: say which is right, or
  declare the board `adjacency: directed`).
"""

from __future__ import annotations

import math

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from .sight import check_sight
from .symbols import GameModel


def check_boards(model: GameModel, diags: Diagnostics) -> None:
    for sym in model.symbols.values():
        decl = sym.decl
        if isinstance(decl, ast.Space) and not isinstance(
                sym.parent.decl if sym.parent else None, ast.Board):
            diags.add(Code.NOT_ALLOWED_HERE, "a `space` is only allowed in a `board`",
                      decl.span, "declare it inside its board: `board map:` then "
                      f"`  space {decl.id}: ...`")
        elif isinstance(decl, ast.Board):
            _check_board(model, decl, diags)
        footprint = decl.prop("footprint")
        value = footprint.value if footprint is not None else None
        if footprint is not None and isinstance(value, ast.IntLit) and value.value >= 1 and \
                math.isqrt(value.value) ** 2 != value.value:
            diags.add(Code.BAD_BOARD, f"a footprint of {value.value} spaces is no square of "
                      "spaces", footprint.span, "a large figure covers a square: 1, 4 (2 by 2), "
                      "9 (3 by 3), 16 spaces ...")


def _spaces(decl: ast.Board) -> list[ast.Space]:
    return [c for c in decl.children if isinstance(c, ast.Space)]


def _check_board(model: GameModel, board: ast.Board, diags: Diagnostics) -> None:
    spaces = _spaces(board)
    grid = board.columns is not None or board.row_count is not None
    if grid and (board.columns is None or board.row_count is None):
        missing = "rows" if board.row_count is None else "columns"
        diags.add(Code.MISSING_PROPERTY, f"a square grid needs both `columns:` and `rows:`, "
                  f"and `{board.id}` gives no `{missing}:`", board.span,
                  f"add a line `{missing}: N` to its body")
    squares = [s for s in spaces if s.prop("on") is None]  # a space on a piece: perches.py
    if grid and squares:
        diags.add(Code.BAD_BOARD, f"`{board.id}` is a square grid and declares named spaces "
                  "too", squares[0].span, "a grid's spaces are found by their coordinates, "
                  "`square(board, column, row)`: drop `columns:`/`rows:` or the spaces")
    if not grid and not spaces:
        diags.add(Code.BAD_BOARD, f"the board `{board.id}` has no space", board.span,
                  "declare its spaces (`space market \"Market\":`) or make it a grid "
                  "(`columns: 8` and `rows: 6`)")
    if not grid and board.prop("diagonals") is not None:
        prop = board.prop("diagonals")
        assert prop is not None
        diags.add(Code.BAD_BOARD, "`diagonals:` is for a square grid, and "
                  f"`{board.id}` has no `columns:` and `rows:`", prop.span,
                  "state each space's neighbours with `adjacent: [...]`")
    if grid and board.adjacency == "directed":
        prop = board.prop("adjacency")
        diags.add(Code.BAD_BOARD, "a square grid's adjacency goes both ways",
                  prop.span if prop else board.span, "remove `adjacency: directed`")
    check_sight(model, board, diags)
    listed = {space.id: _adjacent(model, board, space, diags) for space in spaces}
    if board.adjacency == "directed":
        return
    for space in spaces:
        for other in listed[space.id]:
            theirs = next((s for s in spaces if s.id == other), None)
            if theirs is None or theirs.adjacent is None or space.id in listed[other] or \
                    theirs.prop("on") is not None:  # on a piece: E341 (perches.py)
                continue
            diags.add(Code.BAD_BOARD, f"`{space.id}` lists `{other}` as adjacent, and "
                      f"`{other}` lists its neighbours without `{space.id}`",
                      theirs.adjacent.span,
                      f"on an undirected board the two lists agree: add `{space.id}` to "
                      f"`{other}`'s, or say `adjacency: directed` on `{board.id}`")


def _adjacent(model: GameModel, board: ast.Board, space: ast.Space,
              diags: Diagnostics) -> list[str]:
    """The ids of the spaces a space lists, each reported when it cannot be a neighbour."""
    value = space.adjacent
    items = value.items if isinstance(value, ast.ListLit) else (value,) if value else ()
    found: list[str] = []
    own = _spaces(board)
    for item in items:
        if not isinstance(item, ast.Ref):
            continue
        target = model.targets.get(item)
        if target is None:
            continue  # unresolved: E301 says so
        if target is space:
            diags.add(Code.BAD_BOARD, f"the space `{space.id}` is adjacent to itself",
                      item.span, "a space's neighbours are the other spaces one step away")
        elif not any(target is s for s in own):
            what = "a space of another board" if isinstance(target, ast.Space) else \
                f"a `{target.keyword}`"
            diags.add(Code.BAD_BOARD, f"`{item.dotted}` is not a space of `{board.id}`: it is "
                      f"{what}", item.span,
                      "a space is adjacent only to spaces of its own board")
        elif target.id in found:
            diags.add(Code.BAD_BOARD, f"`{space.id}` lists `{target.id}` twice", item.span,
                      "name each neighbour once")
        else:
            found.append(target.id)
    return found
