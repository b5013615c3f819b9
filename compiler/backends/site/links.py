"""Where each declaration is shown, and links to it from a page.

`Site` is what every page shares: each declaration's page and anchor, each game's
findings, each example's outcome. `Links` is the part of a page's view that turns a
declaration or a reference into a link relative to that page.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from ...core.codes import Severity
from ...core.diagnostics import Diagnostic
from ...semantics.compilation import Compilation
from ...semantics.resolve import GameModel, Symbol
from ...syntax import ast
from ...syntax.walk import iter_nodes
from .escape import md
from .outcomes import Outcome, example_key, outcomes
from .pages import Page, game_pages, owns_page, walk

if TYPE_CHECKING:
    from .prose import TermIndex

OPEN = (Severity.ERROR, Severity.WARNING)


def anchor(sym: Symbol) -> str:
    """A declaration's anchor on its page: its qualified name, dots as dashes."""
    return sym.qualname.replace(".", "-") or "game"


class Site:
    """Everything the pages share: where each declaration is, and every finding."""

    def __init__(self, comp: Compilation, authoring: bool = True,
                 name: str = "Rules reference") -> None:
        self.comp = comp
        self.authoring = authoring  # the authoring section is published
        self.name = name
        self.games = [game_pages(m, authoring) for m in comp.models]
        self.where: dict[int, tuple[str, str]] = {}  # id(decl) -> (page path, anchor)
        for page in walk(self.games):
            if page.sym is not None and page.model is not None:
                self._place(page.sym, page.path)
        for page in walk(self.games):  # many instances of a kind: on pages of their own
            for member in (*page.members, *page.beside):
                self._place(member, page.path)
        self.model_of: dict[str, GameModel] = {}
        for model in comp.models:
            self.model_of.update({f.path: model for f in model.source.files})
        self.findings: dict[int, list[Diagnostic]] = {id(m): [] for m in comp.models}
        for diag in comp.diags:
            owner = self.model_of.get(diag.span.file) if diag.span else None
            if owner is not None:
                self.findings[id(owner)].append(diag)
        self.outcomes = outcomes(comp, self.findings)
        self._lines: dict[str, list[str]] = {}
        self._by_decl: dict[int, dict[str, list[Diagnostic]]] = {}
        self._terms: dict[int, TermIndex] = {}
        # (order, rule, how, target) by target, built by `procedures` on first use
        self.hooks: dict[int, list[tuple[int, ast.Decl, str, ast.Decl]]] | None = None
        # (game, path as written) -> file, for the pictures the site ships (`values`)
        self.pictures: dict[tuple[str, str], Path] = {}
        self._step_numbers: dict[int, int] = {}

    def step_number(self, sym: Symbol) -> int:
        """A step's number among its procedure's steps (numbered once per procedure)."""
        if id(sym.decl) not in self._step_numbers and sym.parent is not None:
            steps = (c.decl for c in sym.parent.children.values() if isinstance(c.decl,
                                                                                ast.Step))
            for n, step in enumerate(steps, 1):
                self._step_numbers.setdefault(id(step), n)
        return self._step_numbers[id(sym.decl)]

    def terms_of(self, model: GameModel, index: type[TermIndex]) -> TermIndex:
        """The glossary index of a game, built once for all its pages."""
        if id(model) not in self._terms:
            self._terms[id(model)] = index(model)
        return self._terms[id(model)]

    def lines(self, file: str) -> list[str] | None:
        """A source file's lines, split once per build (not once per declaration)."""
        if file not in self._lines:
            text = self.comp.sources.get(file)
            if text is None:
                return None
            self._lines[file] = text.splitlines()
        return self._lines[file]

    def findings_of(self, model: GameModel, qualname: str) -> list[Diagnostic]:
        """The open findings about one declaration, grouped once per game."""
        if id(model) not in self._by_decl:
            grouped: dict[str, list[Diagnostic]] = {}
            for d in self.open_findings(model):
                if d.decl is not None:
                    grouped.setdefault(d.decl, []).append(d)
            self._by_decl[id(model)] = grouped
        return self._by_decl[id(model)].get(qualname, [])

    def _place(self, sym: Symbol, path: str) -> None:
        self.where[id(sym.decl)] = (path, anchor(sym))
        for child in sym.children.values():
            if not owns_page(child):
                self._place(child, path)

    def open_findings(self, model: GameModel) -> list[Diagnostic]:
        return [d for d in self.findings[id(model)] if d.severity in OPEN]

    def outcome(self, model: GameModel, example: ast.Decl) -> Outcome:
        return self.outcomes[example_key(model, model.symbol(example))]


class Links:
    """Links from one page: to declarations, to other pages, to what a node refers to."""

    def __init__(self, site: Site, page: Page) -> None:
        self.site = site
        self.page = page
        self.model = page.model
        self._child_pages: dict[int, str] | None = None

    def child_page(self, sym: Symbol) -> str:
        """The path of the page of `sym`, one of this page's children."""
        if self._child_pages is None:
            self._child_pages = {}
            for p in self.page.children:
                if p.sym is not None:
                    self._child_pages.setdefault(id(p.sym), p.path)
        return self._child_pages[id(sym)]

    def url(self, decl: ast.Decl) -> str | None:
        place = self.site.where.get(id(decl))
        if place is None:
            return None
        path, frag = place
        if path == self.page.path:
            return f"#{frag}"
        return f"{self.page_url(path)}#{frag}"

    def page_url(self, path: str) -> str:
        return posixpath.relpath(path, posixpath.dirname(self.page.path))

    def link(self, decl: ast.Decl, text: str | None = None) -> Markup:
        url = self.url(decl)
        shown = md(text if text is not None else decl.display)
        return Markup(f"[{shown}]({url})") if url else shown

    def links_in(self, node: Any) -> dict[str, str]:
        """The references inside `node`, dotted name -> URL of what each names."""
        found: dict[str, str] = {}
        targets = self.model.targets if self.model else {}
        for sub in iter_nodes(node) if hasattr(node, "__dataclass_fields__") else ():
            if isinstance(sub, ast.Ref) and sub in targets:
                url = self.url(targets[sub])
                if url:
                    found[sub.dotted] = url
        return found
