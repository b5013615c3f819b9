"""Wrong cross-reference (W604).

A reference whose target does not match what it claims: a `see_page:` that
differs from the page its `see:` target stands on; a name variant in prose
that matches no declaration but would with another container word ("the
Vengeance Module" where a "Vengeance Mode" is declared); a glossary entry that
repeats another entry and still names the other term (a copy-paste slip); a
"see NAME" whose name no declaration carries, nor any name it is part of ("see
Escalation Table on p. 53" where the table is headed "Full Escalation Chart").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from difflib import SequenceMatcher

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel
from ..syntax import ast
from .common import finding
from .terms import key, known_names, known_parts, phrases

CODES = (Code.WRONG_CROSS_REFERENCE,)
CONTAINER_WORDS = ("Module", "Mode", "Variant", "Scenario", "Campaign", "Expansion")


def check(model: GameModel) -> Iterator[Diagnostic]:
    yield from _pages(model)
    yield from _container_variants(model)
    yield from _copied_terms(model)
    yield from _unknown_headings(model)


def _page(decl: ast.Decl) -> int | str | None:
    prop = decl.prop("page")
    if prop is not None and isinstance(prop.value, (ast.IntLit, ast.StrLit)):
        return prop.value.value
    return None


def _pages(model: GameModel) -> Iterator[Diagnostic]:
    for decl in model.decls():
        see, claimed = decl.prop("see"), decl.prop("see_page")
        if see is None or claimed is None or not isinstance(claimed.value,
                                                            (ast.IntLit, ast.StrLit)):
            continue
        refs = see.value.items if isinstance(see.value, ast.ListLit) else (see.value,)
        pages = [(_page(t), t) for r in refs if isinstance(r, ast.Ref)
                 and (t := model.targets.get(r)) is not None]
        known = [(p, t) for p, t in pages if p is not None]
        if known and all(str(p) != str(claimed.value.value) for p, _ in known):
            page, target = known[0]
            yield finding(model, Code.WRONG_CROSS_REFERENCE, f"says page {claimed.value.value} for "
                          f"{target.display!r}, which is on page {page}", decl, claimed.span)


def _container_variants(model: GameModel) -> Iterator[Diagnostic]:
    names = known_names(model)
    lowered = {n for n in names}
    reported: set[str] = set()
    for decl in model.decls():
        for para in decl.prose:
            if not any(word in para.text for word in CONTAINER_WORDS):
                continue  # no term of it can end in one of them
            for term in phrases(para.text):
                words = term.split()
                if len(words) < 2 or words[-1] not in CONTAINER_WORDS or term in reported:
                    continue
                stem = " ".join(words[:-1]).lower()
                if f"{stem} {words[-1].lower()}" in lowered:
                    continue
                for other in CONTAINER_WORDS:
                    candidate = f"{stem} {other.lower()}"
                    if other != words[-1] and candidate in lowered:
                        reported.add(term)
                        target = names[candidate]
                        yield finding(model, Code.WRONG_CROSS_REFERENCE,
                                      f"{term!r} names no declaration; the "
                                      f"book declares {target.display!r}", decl, para.span,
                                      f"{target.display!r} is declared at {target.span}")


_SEE = re.compile(r"\b[Ss]ee\s+(?:the\s+)?[\"'“‘]?([A-Z][\w'’&-]*(?:\s+(?:of|the|and|&|"
                  r"[A-Z][\w'’&-]*|X))*)")
BOOKS = ("Rules", "Rulebook", "Book", "Booklet", "Guide", "Storybook", "Manual", "FAQ")


def _unknown_headings(model: GameModel) -> Iterator[Diagnostic]:
    """"see Escalation Table on p. 53" where no declaration carries that name (nor a
    name it is part of); a book's title ("see Escalation Game Rules") is another book."""
    parts = known_parts(model)
    reported: set[str] = set()  # each name once, however often it is pointed to
    for decl in model.decls():
        if isinstance(decl, (ast.Waiver, ast.Ruling)):
            continue
        for para in decl.prose:
            if "see " not in para.text.lower():
                continue
            for match in _SEE.finditer(para.text):
                name = match.group(1)
                if name.split()[-1] in BOOKS + CONTAINER_WORDS or key(name) in parts or \
                        key(name) in reported:
                    continue
                reported.add(key(name))
                yield finding(model, Code.WRONG_CROSS_REFERENCE,
                              f"{match.group()!r} names a heading no declaration carries",
                              decl, para.span, "the book may call the section by another "
                              "name where it prints it: record it with `note missing`")


def _copied_terms(model: GameModel) -> Iterator[Diagnostic]:
    terms = [d for d in model.decls() if isinstance(d, ast.Term) and d.prose and d.title]
    for i, term in enumerate(terms):
        body = _definition(term)
        for other in terms[:i]:
            if other.title and other.title in body and term.title and \
                    term.title not in body and _similar(body, _definition(other)):
                yield finding(model, Code.WRONG_CROSS_REFERENCE,
                              f"the entry for {term.title!r} repeats the entry "
                              f"for {other.title!r} and names {other.title!r}, not "
                              f"{term.title!r}", term, term.prose[0].span)


def _definition(term: ast.Term) -> str:
    """The entry's own words: without its "Term:" head and its "See ..." pointers."""
    text = " ".join(p.text for p in term.prose)
    head, sep, rest = text.partition(":")
    body = rest if sep and len(head) < 40 else text
    return re.sub(r"\bSee [^.]*\.?", "", body)


def _similar(a: str, b: str) -> bool:
    return SequenceMatcher(None, a.lower(), b.lower(), autojunk=False).ratio() >= 0.8
