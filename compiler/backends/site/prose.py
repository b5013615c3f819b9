"""A page's view of its game: the book's prose and Ludex fragments as safe Markdown.

Prose keeps its code spans and emphasis; a code span naming a declaration links to
it, a glossary term links to its definition (with the definition as the tooltip),
and everything else is escaped. Ludex fragments (values, conditions, statement
blocks) are highlighted by the Pygments lexer, each reference a link.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from typing import Any

from markupsafe import Markup
from pygments.token import (  # type: ignore[import-untyped]
    STANDARD_TYPES,
    Name,
    Punctuation,
    _TokenType,
)

from ...semantics.resolve import GameModel, Symbol
from ...syntax import ast, unparse
from ..highlight import LudexLexer
from .escape import entities, literal, md
from .links import Links, Site
from .pages import Page


class View(Links):
    """Renders declarations for one page: links relative to it, terms of its game."""

    def __init__(self, site: Site, page: Page) -> None:
        super().__init__(site, page)
        self.terms = site.terms_of(page.model, TermIndex) if page.model else None
        self.current: ast.Decl | None = None  # the declaration being shown

    def code(self, text: str, node: Any = None, state: str = "expr") -> Markup:
        """A Ludex fragment, highlighted by the lexer, its references linked."""
        links = self.links_in(node) if node is not None else {}
        tokens = LudexLexer().get_tokens_unprocessed(text, stack=("root", state))
        out = []
        for ttype, value in _merged((t, v) for _, t, v in tokens):
            inner = entities(value)
            if ttype in Name and value in links:
                inner = Markup(f"[{inner}]({links[value]})")
            cls = _css_class(ttype)
            out.append(f'<span class="{cls}">{inner}</span>' if cls else str(inner))
        return Markup('<code class="highlight">' + "".join(out) + "</code>")

    def prose(self, text: str, terms: bool = True) -> Markup:
        """A paragraph of the book: code spans and emphasis kept, everything else text."""
        out = []
        for i, piece in enumerate(re.split(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", text)):
            if i % 3 == 2:
                named = self.named(piece) if terms else None
                url = self.url(named) if named is not None else None
                code = literal(piece)
                out.append(f"[{code}]({url})" if url else code)
            elif i % 3 == 0:
                out.append(self._emphasis(piece, start=(i == 0), terms=terms))
        return Markup("".join(out))

    def paragraph(self, text: str) -> Markup:
        """A paragraph of a declaration's prose: an item of one of the book's lists
        (`- Gaining +1 Fate,`, `• ...`) is a Markdown list item, so that a list of the
        book reads as one; any other paragraph as `prose`."""
        item = re.match(r"[-•]\s+(?=\S)", text)
        if item is None:
            return self.prose(text)
        return Markup("- ") + self.prose(text[item.end():])

    def named(self, text: str) -> ast.Decl | None:
        """The declaration a code span in prose names (`summary.summary_julie`), if any:
        looked up from the declaration the prose belongs to outwards, as references are."""
        if self.model is None or not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", text):
            return None
        here = self.model.by_decl.get(id(self.current)) if self.current else None
        for scope in here.ancestors() if here else (self.model.root,):
            node: Symbol | None = scope
            for part in text.split("."):
                node = node.children.get(part) if node else None
            if node is not None:
                return node.decl
        found = self.model.symbols.get(text)
        return found.decl if found else None

    def _emphasis(self, text: str, start: bool, terms: bool) -> str:
        pieces = re.split(r"(\*\*|\*)(?=\S)(.+?)(?<=\S)\1", text)
        out = [self._terms(pieces[0], start, terms)]
        for i in range(1, len(pieces), 3):
            tag = "strong" if pieces[i] == "**" else "em"
            out.append(f"<{tag}>{self._terms(pieces[i + 1], False, terms)}</{tag}>")
            out.append(self._terms(pieces[i + 2], False, terms))
        return "".join(out)

    def _terms(self, text: str, start: bool, link: bool) -> str:
        if not link or self.terms is None or not self.terms.by_title:
            return md(text, start)
        out: list[str] = []
        last = 0
        for begin, end, term in self.terms.find(text):
            if term is self.current or self.url(term) is None:
                continue
            out.append(md(text[last:begin], start and last == 0))
            tip = html.escape(_definition(term), quote=True)
            out.append(f'[{md(text[begin:end])}]({self.url(term)} "{tip}"){{.ludex-term}}')
            last = end
        out.append(md(text[last:], start and last == 0))
        return "".join(out)

    def value(self, e: ast.Expr) -> Markup:
        """A property's value: text as text (a list of texts a line each), a number as a
        number, else code."""
        if isinstance(e, ast.IntLit):
            return Markup(f'<span class="ludex-number">{e.value}</span>')
        if isinstance(e, ast.StrLit):
            return md(e.value)
        if isinstance(e, ast.ListLit) and e.items and all(
                isinstance(i, ast.StrLit) for i in e.items):
            return Markup("<br>").join(md(i.value) for i in e.items if isinstance(i, ast.StrLit))
        return self.code(unparse.expr(e), e)

    def block_of(self, stmts: tuple[ast.Stmt, ...]) -> Markup:
        """Statements one per line, nested ones indented; prose steps as prose."""
        lines = []
        for depth, kind, text, node in _lines(stmts):
            pad = Markup("&emsp;" * depth)
            shown = self.prose(text) if kind == "prose" else self.code(text, node)
            lines.append(pad + shown)
        return Markup("<br>").join(lines)


def _css_class(ttype: _TokenType) -> str:
    while ttype not in STANDARD_TYPES:
        ttype = ttype.parent
    return str(STANDARD_TYPES[ttype])


def _merged(tokens: Iterable[tuple[_TokenType, str]]) -> Iterator[tuple[_TokenType, str]]:
    """Dotted names (`akira.power_of_thought`) as one token, so they link as one."""
    pending: list[str] = []
    for ttype, value in tokens:
        if ttype in Name or (ttype is Punctuation and value == "." and pending):
            pending.append(value)
            continue
        if pending:
            yield Name, "".join(pending)
            pending = []
        yield ttype, value
    if pending:
        yield Name, "".join(pending)


class TermIndex:
    """A game's glossary terms, found in prose in one pass: a term is a whole title (not
    inside a word), optionally plural ("s", "es"), the longest title winning. Titles are
    kept in a trie walked from each word start, so the cost is the text's length times
    the longest title, whatever the number of terms."""

    def __init__(self, model: GameModel) -> None:
        models = [model] + ([model.base] if model.base else [])
        self.by_title: dict[str, ast.Term] = {}
        for m in models:
            for d in m.decls():
                if isinstance(d, ast.Term) and d.title:
                    self.by_title.setdefault(d.title, d)
        self.trie: dict[str, Any] = {}
        for title in self.by_title:
            node = self.trie
            for ch in title:
                node = node.setdefault(ch, {})
            node[""] = title
        firsts = "".join(sorted(self.trie))
        self.starts = re.compile(r"(?<![\w-])[" + re.escape(firsts) + "]") if firsts else None

    def find(self, text: str) -> Iterator[tuple[int, int, ast.Term]]:
        """(start, end, term) of each term used in `text`, left to right."""
        pos = 0
        while self.starts is not None and (m := self.starts.search(text, pos)) is not None:
            found = self._at(text, m.start())
            if found is None:
                pos = m.start() + 1
                continue
            end, title = found
            yield m.start(), end, self.by_title[title]
            pos = end

    def _at(self, text: str, pos: int) -> tuple[int, str] | None:
        """The longest title at `pos` (with its plural ending) that ends a word."""
        ends: list[tuple[int, str]] = []
        node = self.trie
        for i in range(pos, len(text)):
            node = node.get(text[i], {})
            if not node:
                break
            if "" in node:
                ends.append((i + 1, node[""]))
        for end, title in reversed(ends):
            for plural in ("s", "es", ""):
                if text.startswith(plural, end) and not _WORD.match(text, end + len(plural)):
                    return end + len(plural), title
        return None


_WORD = re.compile(r"[\w-]")


def _definition(term: ast.Term, width: int = 160) -> str:
    """A term's tooltip: its prose without the leading `Term:`, cut to `width`."""
    text = " ".join(p.text for p in term.prose)
    head, sep, rest = text.partition(":")
    text = rest.strip() if sep and term.title and term.title in head else text
    text = text.lstrip("•- ").strip() or term.display
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _lines(stmts: Iterable[ast.Stmt], depth: int = 0) -> Iterator[tuple[int, str, str, Any]]:
    """(depth, "code" or "prose", text, node whose references link) for each line."""
    for s in stmts:
        if isinstance(s, ast.ProseStep):
            yield depth, "prose", s.text, s
        elif isinstance(s, ast.If):
            yield depth, "code", f"if {unparse.expr(s.condition)}:", s.condition
            yield from _lines(s.then, depth + 1)
            if s.orelse:
                yield depth, "code", "else:", None
                yield from _lines(s.orelse, depth + 1)
        elif isinstance(s, ast.ForEach):
            yield depth, "code", f"for each {s.var} in {unparse.expr(s.iterable)}:", s.iterable
            yield from _lines(s.body, depth + 1)
        elif isinstance(s, ast.Choose):
            count = f" {unparse.expr(s.count)}" if s.count is not None else ""
            yield depth, "code", f"choose{count}:", s.count
            for o in s.options:
                title = f" {unparse.expr(ast.StrLit(o.span, o.title))}" if o.title else ""
                yield depth + 1, "code", f"option {o.id}{title}:", None
                yield from _lines(o.body, depth + 2)
        else:
            yield depth, "code", unparse.stmt(s), s
