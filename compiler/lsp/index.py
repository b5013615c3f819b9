"""Where each declaration's id is written in a compiled game, and what an editor asks of
it: the declaration under the cursor, its definition, its references, a hover text, the
outline of a file and the edits of a rename.

Everything is read from a `Compilation` (the pipeline's own result), so the server knows
exactly what `ludex check` knows. Positions are the compiler's: lines and columns count
from 1, characters (not bytes), and a span's end is exclusive. An occurrence is one id:
a reference `revolution.julie.setup` holds three, one for each declaration it names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..core.source import Span
from ..semantics.compilation import Compilation
from ..semantics.symbols import GameModel, Symbol
from ..syntax import ast, unparse

ID = re.compile(r"[A-Za-z_]\w*")
PROVENANCE = ("page", "source", "see_page")  # the properties that say where in the book


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One id written in a file: where, the declaration it names, and whether this is
    the declaration itself."""

    span: Span
    decl: ast.Decl
    definition: bool


@dataclass(slots=True)
class Outline:
    """A declaration in a file's outline: its whole extent, its id, its children."""

    decl: ast.Decl
    extent: Span
    name: Span
    children: list[Outline] = field(default_factory=list)


def id_span(decl: ast.Decl) -> Span:
    """Where the declaration writes its id: the end of its header (`keyword id`)."""
    s = decl.span
    return Span(s.file, s.end_line, max(s.end_col - len(decl.id), 1), s.end_line, s.end_col)


def contains(span: Span, line: int, col: int) -> bool:
    """Is (line, col) inside `span`, its end included (a cursor just after a word is on it)?"""
    return (span.line, span.col) <= (line, col) <= (span.end_line, span.end_col)


class GameIndex:
    """The occurrences of every declaration of a compilation, by file."""

    def __init__(self, comp: Compilation) -> None:
        self.comp = comp
        self.symbols: dict[int, Symbol] = {}
        self.models: dict[int, GameModel] = {}
        for model in comp.models:
            for sym in model.symbols.values():
                self.symbols[id(sym.decl)] = sym
                self.models[id(sym.decl)] = model
        self.by_file: dict[str, list[Occurrence]] = {}
        for model in comp.models:
            for sym in model.symbols.values():
                self._add(Occurrence(id_span(sym.decl), sym.decl, True))
            for ref, target in model.targets.items():
                for occ in self._ref_parts(ref, target):
                    self._add(occ)

    def _add(self, occ: Occurrence) -> None:
        self.by_file.setdefault(occ.span.file, []).append(occ)

    def _ref_parts(self, ref: ast.Ref, target: ast.Decl) -> Iterator[Occurrence]:
        """An occurrence for each part of `ref` that names a declaration: the last part
        its target, each part before it the target's enclosing declaration, as far as
        the ids agree."""
        s = ref.span
        if s.line != s.end_line or s.end_col - s.col != len(ref.dotted):
            yield Occurrence(Span(s.file, s.end_line, s.end_col - len(ref.parts[-1]),
                                  s.end_line, s.end_col), target, False)
            return
        sym: Symbol | None = self.symbols.get(id(target))
        for i in range(len(ref.parts) - 1, -1, -1):
            if sym is None or not sym.qualname or sym.decl.id != ref.parts[i]:
                return
            start = s.col + sum(len(p) + 1 for p in ref.parts[:i])
            yield Occurrence(Span(s.file, s.line, start, s.line, start + len(ref.parts[i])),
                             sym.decl, False)
            sym = sym.parent

    # ------------------------------------------------------------ questions

    def at(self, file: str, line: int, col: int) -> Occurrence | None:
        """The id under the cursor (the innermost, when spans nest)."""
        hits = [o for o in self.by_file.get(file, ()) if contains(o.span, line, col)]
        return min(hits, key=lambda o: (o.span.end_col - o.span.col), default=None)

    def references(self, decl: ast.Decl, declaration: bool = True) -> list[Span]:
        """Every place the declaration's id is written, in file order."""
        return sorted(o.span for occs in self.by_file.values() for o in occs
                      if o.decl is decl and (declaration or not o.definition))

    def qualname(self, decl: ast.Decl) -> str:
        sym = self.symbols.get(id(decl))
        return sym.qualname if sym else decl.id

    def hover(self, decl: ast.Decl) -> str:
        """Markdown: the kind, id and title; where it is declared; its provenance in the
        book; the book's own words."""
        title = f" — {decl.title}" if decl.title else ""
        lines = [f"**{decl.keyword}** `{self.qualname(decl)}`{title}", "",
                 f"declared at `{decl.span.file}:{decl.span.line}`"]
        where = [f"{p.name}: {unparse.expr(p.value)}" for p in decl.props
                 if p.name in PROVENANCE]
        if where:
            lines.append("book: " + ", ".join(where))
        kind = self._kind_of(decl)
        if kind is not None and kind.title:
            lines.append(f"a {kind.id}: {kind.title}")
        if isinstance(decl, ast.Kind) and decl.fields:
            lines.append("fields: " + ", ".join(f"`{f.name}`" for f in decl.fields))
        lines += [f"\n{p.text}" for p in decl.prose]
        lines += [f"\n*{n.kind}:* {n.text}" for n in decl.notes]
        return "\n".join(lines)

    def _kind_of(self, decl: ast.Decl) -> ast.Kind | None:
        model = self.models.get(id(decl))
        if not isinstance(decl, ast.Instance) or model is None:
            return None
        return next((k for k in model.of_type(ast.Kind)
                     if isinstance(k, ast.Kind) and k.id == decl.keyword), None)

    def kind_fields(self, keyword: str) -> list[ast.Field]:
        """The fields of the kind called `keyword`, in any game compiled."""
        return [f for m in self.comp.models for k in m.of_type(ast.Kind)
                if isinstance(k, ast.Kind) and k.id == keyword for f in k.fields]

    def rename(self, decl: ast.Decl, new: str) -> dict[str, list[Span]]:
        """The spans to replace with `new`, by file; ValueError when `new` is not an id."""
        if not ID.fullmatch(new):
            raise ValueError(f"`{new}` is not an id: a letter or _, then letters, digits, _")
        out: dict[str, list[Span]] = {}
        for span in self.references(decl):
            out.setdefault(span.file, []).append(span)
        return out

    # ------------------------------------------------------------ files

    def file_ast(self, file: str) -> ast.File | None:
        return next((f for g in self.comp.games for f in g.files if f.path == file), None)

    def outline(self, file: str) -> list[Outline]:
        """The file's declarations as a tree, each with the lines it covers."""
        parsed = self.file_ast(file)
        return [self._outline(d) for d in parsed.decls] if parsed else []

    def _outline(self, decl: ast.Decl) -> Outline:
        children = [self._outline(c) for c in decl.children if c.span.file == decl.span.file]
        end = max([_last(decl)] + [(c.extent.end_line, c.extent.end_col) for c in children])
        s = decl.span
        return Outline(decl, Span(s.file, s.line, s.col, *end), id_span(decl), children)

    def headers(self, file: str) -> dict[int, ast.Decl]:
        """The declarations of a file by the line of their header."""
        parsed = self.file_ast(file)
        found: dict[int, ast.Decl] = {}
        stack = list(parsed.decls) if parsed else []
        while stack:
            decl = stack.pop()
            found[decl.span.line] = decl
            stack += decl.children
        return found

    def symbol(self, decl: ast.Decl) -> Symbol | None:
        return self.symbols.get(id(decl))


def _last(decl: ast.Decl) -> tuple[int, int]:
    """The end of the last thing a declaration's own body holds (children aside)."""
    parts: list[Span] = [decl.span, *(p.span for p in decl.prose), *(p.span for p in decl.props),
                         *(n.span for n in decl.notes), *(s.span for s in decl.suppressions)]
    for name in ("fields", "values", "entries", "rows"):
        parts += [x.span for x in getattr(decl, name, ())]
    clauses = getattr(decl, "clauses", None)
    if isinstance(clauses, ast.Clauses):
        for part in (clauses.when, clauses.condition, clauses.limit, clauses.duration,
                     *clauses.cost, *clauses.effect):
            if part is not None:
                parts.append(part.span)
    if isinstance(decl, ast.Example):
        parts += [x.span for x in (*decl.given, *decl.actions, *decl.expect)]
    return max((p.end_line, p.end_col) for p in parts if p.file == decl.span.file)
