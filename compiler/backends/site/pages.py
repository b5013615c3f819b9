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

from ...semantics.contents import in_book_order
from ...semantics.resolve import GameModel, Symbol
from ...syntax import ast
from .escape import nav_text

CSS = "ludex-assets/site.css"
SCRIPT = "ludex-assets/site.js"  # the card tables' filter
CODES_PAGE = "ludex-codes.md"
API_PAGE = "engine-api.md"  # the runtime's reference (`api`)
LANGUAGE_PAGE = "ludex-language.md"  # the language reference Ludex ships
# a game's own pages whose names no declaration can take (ids have no `-`)
CARDS, EXAMPLES, REPORT = "card-gallery.md", "worked-examples.md", "consistency-report.md"
# more instances of one kind than this in one place: they go to pages of their own,
# PER_PAGE to a page, so no page (and no table of contents) lists hundreds of cards
MANY, PER_PAGE = 40, 50


@dataclass(eq=False)
class Page:
    path: str  # relative to docs/
    title: str
    model: GameModel | None = None
    sym: Symbol | None = None
    template: str = "section.md.j2"
    children: list[Page] = field(default_factory=list)
    members: list[Symbol] = field(default_factory=list)  # a page of one kind's instances
    beside: list[Symbol] = field(default_factory=list)  # top-level ones shown here (`_beside`)
    authoring: bool = False  # in the authoring section: left out of the players' pages


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
            sub += _many_pages(model, child, base)
            path = f"{base}/index.md" if sub else f"{base}.md"
            pages.append(Page(path, child.decl.display, model, child, children=sub))
    return pages


def _many_pages(model: GameModel, sym: Symbol, base: str) -> list[Page]:
    """Pages for the instances of a kind declared here when they are many: PER_PAGE to a
    page (`cards-hero.md`, `cards-hero-2.md`...), under `base` (a folder)."""
    by_kind: dict[str, list[Symbol]] = {}
    for child in sym.children.values():
        if isinstance(child.decl, ast.Instance) and not owns_page(child):
            by_kind.setdefault(child.decl.keyword, []).append(child)
    pages = []
    for keyword, members in by_kind.items():
        if len(members) <= MANY:
            continue
        kind = kind_of(model, members[0])
        name = kind.display if kind is not None else keyword
        for n, start in enumerate(range(0, len(members), PER_PAGE), 1):
            chunk = members[start:start + PER_PAGE]
            suffix = "" if n == 1 else f"-{n}"
            pages.append(Page(f"{base}/cards-{keyword}{suffix}.md",
                              f"{name}: {chunk[0].decl.display} to {chunk[-1].decl.display}",
                              model, None, "members.md.j2", members=chunk))
    return pages


def game_pages(model: GameModel, authoring: bool = True) -> Page:
    """A game's overview page, every other page of the game below it; the worked examples
    and the consistency report with `authoring`."""
    game = Page(f"{model.name}/index.md", model.root.decl.display, model, model.root,
                "game.md.j2")
    parts = _part_pages(model, model.root)
    rank = {id(s): i for i, s in enumerate(in_book_order(model, [p.sym for p in parts
                                                                 if p.sym is not None]))}
    parts.sort(key=lambda p: rank.get(id(p.sym), len(rank)))  # the book's order (`contents:`)
    game.children = parts + _many_pages(model, model.root, model.name)
    _beside(model, game.children)
    own = [(EXAMPLES, "Worked examples", "examples.md.j2"),
           (REPORT, "Consistency report", "report.md.j2")] if authoring else []
    if kinds_with_cards(model):
        own.insert(0, (CARDS, "Card gallery", "cards.md.j2"))
    game.children += [Page(f"{model.name}/{name}", title, model, None, template,
                           authoring=name != CARDS)
                      for name, title, template in own]
    return game


def _beside(model: GameModel, pages: list[Page]) -> None:
    """A declaration at the top of a game (a procedure, a stat, a rule) is shown on the
    page of the part declared above it in its file, as the book has it under that
    part's heading; one above every part of its file stays on the game's page, and so do
    instances many enough for pages of their own. (Its name stays what it is: only where
    it is shown changes.)"""
    page_of = {id(p.sym): p for p in pages if p.sym is not None}
    many = {page.members[0].decl.keyword for page in pages if page.members}
    host: Page | None = None
    file = None
    for child in model.root.children.values():
        if child.decl.span.file != file:
            file, host = child.decl.span.file, None
        if id(child) in page_of:
            host = page_of[id(child)]
        elif host is not None and not (isinstance(child.decl, ast.Instance) and
                                       child.decl.keyword in many):
            host.beside.append(child)


def home_pages(authoring: bool = True) -> list[Page]:
    """The pages beside the games: home; with `authoring`, the language reference, the
    engine API and the diagnostic codes."""
    home = [Page("index.md", "Home", template="home.md.j2")]
    if not authoring:
        return home
    return home + [Page(LANGUAGE_PAGE, "The language", template="language.md.j2",
                        authoring=True),
                   Page(API_PAGE, "Engine API", template="api.md.j2", authoring=True),
                   Page(CODES_PAGE, "Diagnostic codes", template="codes.md.j2",
                        authoring=True)]


def walk(pages: Iterable[Page]) -> Iterator[Page]:
    for page in pages:
        yield page
        yield from walk(page.children)


def nav(games: list[Page], authoring: bool = True) -> str:
    """The `nav:` entries of mkdocs.yml: home, the games for players; then, with
    `authoring`, a section of the pages for who writes or checks the rules: the language,
    the engine API, the codes, and per game its worked examples and consistency report."""
    lines = ["  - Home: index.md", *_nav(games)]
    if authoring:
        lines += ["  - Authoring:", *_nav([p for p in home_pages() if p.authoring], 2, True)]
        for game in games:
            own = [c for c in game.children if c.authoring]
            if own:
                lines.append(f"    - {yaml_string(nav_text(game.title))}:")
                lines += _nav(own, 3, True)
    return "\n".join(lines)


def _nav(pages: Iterable[Page], depth: int = 1, authoring: bool = False) -> Iterator[str]:
    """Nav entries of `pages` and their children: the players' pages, or (`authoring`)
    the authoring section's."""
    pad = "  " * depth
    for page in pages:
        if page.authoring != authoring:
            continue
        title = yaml_string(nav_text(page.title))
        if page.children:  # a section whose index page is titled (not "Index")
            yield f"{pad}- {title}:"
            yield f"{pad}  - {title}: {page.path}"
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
