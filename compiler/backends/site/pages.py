"""The site's pages: which declarations have a page of their own, the path and title of
every page, the card kinds a game's gallery shows, and the navigation of `mkdocs.yml`.

A game has an overview page; each module, mode, variant, scenario, campaign, section
or glossary has a page under it (and so does any declaration holding one, such as a
hero with sections); then the card gallery (when the game has cards), the worked
examples and the consistency report. The home page and the page of diagnostic codes
stand beside the games.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ...semantics.resolve import GameModel, Symbol
from ...syntax import ast
from .escape import html_text

CSS = "ludex-assets/site.css"
CODES_PAGE = "ludex-codes.md"
API_PAGE = "engine-api.md"  # the runtime's reference (`api`)
# a game's own pages whose names no declaration can take (ids have no `-`)
CARDS, EXAMPLES, REPORT = "card-gallery.md", "worked-examples.md", "consistency-report.md"


@dataclass(eq=False)
class Page:
    path: str  # relative to docs/
    title: str
    model: GameModel | None = None
    sym: Symbol | None = None
    template: str = "section.md.j2"
    children: list[Page] = field(default_factory=list)


def owns_page(sym: Symbol) -> bool:
    """Containers have a page; so does a declaration holding one (a hero's sections)."""
    return isinstance(sym.decl, ast.Container) or any(
        owns_page(c) for c in sym.children.values())


def _part_pages(model: GameModel, sym: Symbol) -> list[Page]:
    pages = []
    for child in sym.children.values():
        if owns_page(child):
            sub = _part_pages(model, child)
            base = "/".join([model.name, *child.qualname.split(".")])
            path = f"{base}/index.md" if sub else f"{base}.md"
            pages.append(Page(path, child.decl.display, model, child, children=sub))
    return pages


def game_pages(model: GameModel) -> Page:
    """A game's overview page, every other page of the game below it."""
    game = Page(f"{model.name}/index.md", model.root.decl.display, model, model.root,
                "game.md.j2")
    game.children = _part_pages(model, model.root)
    own = [(EXAMPLES, "Worked examples", "examples.md.j2"),
           (REPORT, "Consistency report", "report.md.j2")]
    if kinds_with_cards(model):
        own.insert(0, (CARDS, "Card gallery", "cards.md.j2"))
    game.children += [Page(f"{model.name}/{name}", title, model, None, template)
                      for name, title, template in own]
    return game


def home_pages() -> list[Page]:
    """The pages beside the games: home, the engine API and the diagnostic codes."""
    return [Page("index.md", "Home", template="home.md.j2"),
            Page(API_PAGE, "Engine API", template="api.md.j2"),
            Page(CODES_PAGE, "Diagnostic codes", template="codes.md.j2")]


def walk(pages: Iterable[Page]) -> Iterator[Page]:
    for page in pages:
        yield page
        yield from walk(page.children)


def nav(games: Iterable[Page]) -> str:
    """The `nav:` entries of mkdocs.yml; the hand-written language page is linked."""
    return "\n".join(["  - Home: index.md", "  - The language: language.md",
                      f"  - Engine API: {API_PAGE}", *_nav(games),
                      f"  - Diagnostic codes: {CODES_PAGE}"])


def _nav(pages: Iterable[Page], depth: int = 1) -> Iterator[str]:
    pad = "  " * depth
    for page in pages:
        title = yaml_string(html_text(page.title))
        if page.children:
            yield f"{pad}- {title}:"
            yield f"{pad}  - {page.path}"
            yield from _nav(page.children, depth + 1)
        else:
            yield f"{pad}- {title}: {page.path}"


def yaml_string(text: str) -> str:
    """`text` as a YAML double-quoted scalar: quotes and backslashes escaped, and every
    character that is not printable too (YAML, unlike JSON, breaks lines at U+0085,
    U+2028 and U+2029, and refuses most controls), so no title can end its line of
    `mkdocs.yml` and add a key of its own (`hooks:` would run a Python file)."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch.isprintable():
            out.append(ch)
        elif 0xD800 <= code <= 0xDFFF:  # a lone surrogate cannot be written at all
            out.append("\\uFFFD")
        else:
            out.append(f"\\x{code:02X}" if code < 0x100 else f"\\u{code:04X}"
                       if code < 0x10000 else f"\\U{code:08X}")
    return '"' + "".join(out) + '"'


def kind_of(model: GameModel, sym: Symbol) -> ast.Kind | None:
    """The kind an instance is of (`hero akira` is of kind `hero`), here or in the base."""
    for scope in (sym.parent or sym).ancestors():
        found = scope.children.get(sym.decl.keyword)
        if found is not None and isinstance(found.decl, ast.Kind):
            return found.decl
    base = model.base.root.children.get(sym.decl.keyword) if model.base else None
    return base.decl if base is not None and isinstance(base.decl, ast.Kind) else None


def kinds_with_cards(model: GameModel) -> list[tuple[ast.Kind, list[Symbol]]]:
    """Each kind with instances in the game, in declaration order, with its instances."""
    cards: dict[int, list[Symbol]] = {}
    for sym in model.symbols.values():
        if isinstance(sym.decl, ast.Instance):
            kind = kind_of(model, sym)
            if kind is not None:
                cards.setdefault(id(kind), []).append(sym)
    return [(k, cards[id(k)]) for k in model.of_type(ast.Kind)
            if isinstance(k, ast.Kind) and id(k) in cards]
