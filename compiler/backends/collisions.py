"""Outputs no two declarations may share (E308): nothing a build writes is lost silently.

Two games whose ids give one engine package name (`Chess`, `chess` and
`_chess_` are all `chess`) would write one folder, and a declaration whose site
page has another page's path would overwrite it: `section index` at a game's top
is the game's overview page `GAME/index.md`, and `section rules` holding
`section index` writes `GAME/rules/index.md` twice. Paths that differ only in
case count as one, as they are on macOS and Windows file systems. Each clash is
an E308 at every declaration concerned but the first, naming the first.

Names and paths come from the emitters' own functions (`package_name`,
`game_pages`, `home_pages`), so what is checked is exactly what a build writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..core.source import Span
from ..semantics.symbols import GameModel
from ..syntax import ast

if TYPE_CHECKING:
    from .site.pages import Page


def check_outputs(models: Sequence[GameModel], diags: Diagnostics) -> None:
    """E308 for each engine package and each site page two declarations would write."""
    games = [m for m in models if m.game is not None]  # a folder without one is an E305
    clashing = _check_packages(games, diags)
    _check_pages([m for m in games if id(m) not in clashing], diags)


def _check_packages(models: Sequence[GameModel], diags: Diagnostics) -> set[int]:
    """E308 for each game whose package another game already has; their ids."""
    from .python.names import package_name

    first: dict[str, GameModel] = {}
    clashing: set[int] = set()
    for model in models:
        name = package_name(model)
        other = first.setdefault(name, model)
        if other is model or model.game is None or other.game is None:  # narrows the types
            continue
        clashing.add(id(model))
        diags.add(Code.OUTPUT_COLLISION,
                  f"game `{model.name}` would write its engine to `{name}/`, "
                  f"as game `{other.name}` does (declared at {other.game.span})",
                  model.game.span, "an engine package is named by the game's id in "
                  "lower-case snake_case: give one of the games another id")
    return clashing


def _check_pages(models: Sequence[GameModel], diags: Diagnostics) -> None:
    from .site.pages import game_pages, home_pages, walk

    first: dict[str, Page] = {}
    for page in walk([*home_pages(), *(game_pages(m) for m in models)]):
        other = first.setdefault(page.path.casefold(), page)
        span = _span(page)
        if other is page or span is None:
            continue
        at = _span(other)
        qualname = page.sym.qualname if page.sym is not None else ""
        diags.add(Code.OUTPUT_COLLISION,
                  f"{_describe(page)} would be written to `docs/{page.path}`, over "
                  f"{_describe(other)}" + (f" (declared at {at})" if at else ""), span,
                  _hint(page, other), qualname or None)


def _span(page: Page) -> Span | None:
    if page.sym is not None:
        return page.sym.decl.span
    game = page.model.game if page.model is not None else None
    return game.span if game is not None else None


def _describe(page: Page) -> str:
    game = f"game `{page.model.name}`" if page.model is not None else "the site"
    if page.sym is None:
        return f"the {page.title.lower()} page of {game}"
    decl = page.sym.decl
    if isinstance(decl, ast.Game):
        return f"the overview page of {game}"
    return f"`{decl.keyword} {page.sym.qualname}`"


def _hint(page: Page, other: Page) -> str:
    if page.path != other.path:
        return ("the paths differ only in case, and macOS and Windows file systems hold "
                "them as one file: give one of them another id")
    if page.path.endswith("/index.md"):
        return ("a page is named by its id, and `index` names the page of the folder it "
                "is in: give the declaration another id")
    return "a page is named by its id: give one of them another id"
