"""Declaration blocks: one declaration as the `_blocks.md.j2` macro lays it out.

A heading with a stable anchor, the meta line, its open findings, its prose, notes
and suppressions, its facts and tables, a procedure's flow chart and steps, its own
source lines; then its nested declarations, each a block of its own or, when it has
a page of its own, a link to that page.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

from markupsafe import Markup

from ...semantics.resolve import Symbol
from ...syntax import ast
from .escape import fence, md
from .facts import facts, meta
from .links import Site, anchor
from .pages import REPORT, owns_page
from .procedures import procedure
from .prose import View
from .report import check_anchor
from .tables import Table, board_chart, tables


@dataclass
class Block:
    """One declaration as the templates lay it out."""

    level: int
    anchor: str
    title: Markup
    meta: Markup
    prose: list[Markup] = field(default_factory=list)
    facts: list[tuple[str, Markup]] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    notes: list[tuple[str, Markup]] = field(default_factory=list)
    findings: list[Markup] = field(default_factory=list)
    steps: list[Markup] = field(default_factory=list)
    mermaid: Markup | None = None
    source: Markup | None = None
    source_title: str = ""
    children: list[Block | Markup] = field(default_factory=list)

    @property
    def heading(self) -> Markup:
        return Markup("#" * min(self.level, 6) + " ") + self.title + Markup(
            f" {{#{self.anchor}}}")


def build_block(view: View, sym: Symbol, level: int, child_level: int | None = None) -> Block:
    """`sym` at heading `level`; its nested declarations at `child_level` (else one more)."""
    decl = sym.decl
    view.current = decl
    block = Block(level, anchor(sym), _title(view.site, sym), meta(view, sym))
    block.prose = [view.paragraph(p.text) for p in decl.prose]
    block.facts = list(facts(view, decl))
    block.tables = tables(view, decl)
    block.notes = [(f"{n.kind.capitalize()} note", view.prose(n.text)) for n in decl.notes]
    block.notes += [(f"Suppressed {s.code}", md(s.reason)) for s in decl.suppressions]
    block.findings = _findings_of(view, sym)
    if isinstance(decl, ast.Procedure):
        block.mermaid, block.steps = procedure(view.site, sym)
    elif isinstance(decl, ast.Board):
        block.mermaid = board_chart(view, decl)
    block.source, block.source_title = _source(view.site, sym)
    elsewhere: set[str] = set()  # pages of many instances, linked once each
    for child in sym.children.values():
        if owns_page(child):
            path = view.child_page(child)
            block.children.append(Markup("→ ") + Markup(
                f"[{md(child.decl.display)}]({view.page_url(path)})"))
        elif (place := view.site.where.get(id(child.decl))) and place[0] != view.page.path:
            if place[0] not in elsewhere:
                elsewhere.add(place[0])
                block.children.append(Markup("→ ") + Markup(
                    f"[{md(_title_of(view, place[0]))}]({view.page_url(place[0])})"))
        else:
            block.children.append(build_block(view, child, child_level or level + 1))
    return block


def _title_of(view: View, path: str) -> str:
    """The title of one of this page's pages of many instances."""
    return next((p.title for p in view.page.children if p.path == path), path)


def _title(site: Site, sym: Symbol) -> Markup:
    decl = sym.decl
    if isinstance(decl, ast.Step) and sym.parent is not None:
        # a title that carries the book's own number ("1. Standard Preparations",
        # "Step 4.1: Evasion Roll") keeps it, once
        numbered = re.fullmatch(r"(?:step\s+)?(\d+(?:\.\d+)*)[.):]?\s+(\S.*)", decl.display,
                                re.IGNORECASE)
        if numbered:
            return md(f"Step {numbered[1]}. {numbered[2]}", start=False)
        return md(f"Step {site.step_number(sym)}. {decl.display}", start=False)
    return md(decl.display, start=True)


def _findings_of(view: View, sym: Symbol) -> list[Markup]:
    """The open findings about this declaration, each linked to its check's section."""
    if view.model is None or not sym.qualname or not view.site.authoring:
        return []
    report = view.page_url(f"{view.model.name}/{REPORT}")
    return [Markup(f"[{md(d.code)}]({report}#{check_anchor(d.code)}) ") +
            view.prose(d.message, terms=False)
            for d in view.site.findings_of(view.model, sym.qualname)]


def _source(site: Site, sym: Symbol) -> tuple[Markup | None, str]:
    """The declaration's own lines (its nested declarations show with their own)."""
    span = sym.decl.span
    lines = site.lines(span.file)
    if lines is None or sym.parent is None:
        return None, ""
    first, end = _extent(lines, span.line - 1)
    skip: set[int] = set()
    for child in sym.children.values():
        if child.decl.span.file == span.file and first < child.decl.span.line - 1 < end:
            c_first, c_end = _extent(lines, child.decl.span.line - 1)
            skip.update(range(c_first, c_end))
    own = textwrap.dedent("\n".join(lines[i].expandtabs(8) for i in range(first, end)
                                    if i not in skip))
    own = re.sub(r"\n\s*\n(\s*\n)+", "\n\n", own).rstrip()
    if "\n" not in own:
        return None, ""  # the heading says it all
    return fence(own, "ludex"), f"Source: {span.file}:{span.line}"


def _indent(line: str) -> int:
    return len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())


def _extent(lines: list[str], first: int) -> tuple[int, int]:
    """The lines of the declaration starting at `first`: its header and its body."""
    depth = _indent(lines[first])
    end = first + 1
    last = end
    while end < len(lines):
        line = lines[end]
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            if _indent(line) <= depth:
                break
            last = end + 1
        end += 1
    return first, last
