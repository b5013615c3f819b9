"""A game's `contents:`: its top-level parts in the order of the book's table of contents.

A game encoded in several files is declared in the order its files load, which is not
the book's; `contents: [introduction, campaign_basics, voyage]` on the `game` says the
book's order, and the site shows the game's pages in it (the parts it leaves out after
them, in the order they are declared). Each name must be one of the game's own parts at
its top (a `section`, a `module`... declared in no other part), and none may be listed
twice (E370): a name that is not one would have no page to put in order.
"""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from .symbols import GameModel, Symbol


def contents_refs(game: ast.Game | None) -> tuple[ast.Ref, ...]:
    """The references `contents:` lists, in order (none without it)."""
    prop = game.prop("contents") if game is not None else None
    if prop is None:
        return ()
    items = prop.value.items if isinstance(prop.value, ast.ListLit) else (prop.value,)
    return tuple(i for i in items if isinstance(i, ast.Ref))


def check_contents(model: GameModel, diags: Diagnostics) -> None:
    """E370 for each name of `contents:` that is no top-level part, or is one again."""
    seen: set[str] = set()
    for ref in contents_refs(model.game):
        target = model.targets.get(ref)
        if target is None:
            continue  # unresolved: E301 says so
        sym = model.by_decl.get(id(target))
        if sym is None or sym.parent is not model.root or not isinstance(
                target, ast.Container):
            where = ("inside `" + sym.parent.qualname + "`"
                     if sym is not None and sym.parent not in (None, model.root)
                     else "not a part of this game")
            what = f"a `{target.keyword}`"
            diags.add(Code.BAD_CONTENTS,
                      f"`contents:` lists `{ref.dotted}`, {what} {where}: it names the "
                      "game's top-level parts (sections, modules...) in the book's order",
                      ref.span, "list the part at the top of the game that holds it")
        elif sym.qualname in seen:
            diags.add(Code.BAD_CONTENTS, f"`contents:` lists `{ref.dotted}` twice",
                      ref.span, "each part has one place in the book's order: drop one")
        else:
            seen.add(sym.qualname)


def in_book_order(model: GameModel, parts: list[Symbol]) -> list[Symbol]:
    """`parts` (top-level symbols) in the order of the game's `contents:`, those it does
    not list after them in their own order."""
    rank: dict[int, int] = {}
    for ref in contents_refs(model.game):
        target = model.targets.get(ref)
        if target is not None:
            rank.setdefault(id(target), len(rank))
    last = len(rank)
    return sorted(parts, key=lambda s: rank.get(id(s.decl), last))
