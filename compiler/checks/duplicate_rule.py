"""Duplicate rule (W609).

The same rule text stated twice in one scope (one module, mode or section):
two paragraphs that are identical, or nearly so, once case, punctuation and
spacing are set aside, and with the same numbers and names. Short paragraphs
(headings, one-word lines), examples and glossary entries (see W604) are not
compared. A declaration restates another only when the paragraphs they share are
most of its prose: two rules that share one sentence among many (a bullet two
keywords both print) each still say something of their own. Within one
declaration only a paragraph printed twice word for word is reported: two
bullets near in words are the cases of a list, not one case stated twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from difflib import SequenceMatcher

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel, Symbol
from ..syntax import ast
from ..syntax.walk import normalise
from .common import finding

CODES = (Code.DUPLICATE_RULE,)
MIN_LENGTH = 40
SIMILAR = 0.85
SCOPES = (ast.Container, ast.Game)


def check(model: GameModel) -> Iterator[Diagnostic]:
    for scope in [model.root, *model.symbols.values()]:
        if isinstance(scope.decl, SCOPES):
            yield from _in_scope(model, scope)


def _paragraphs(scope: Symbol) -> Iterator[tuple[ast.Decl, ast.Prose, str]]:
    """Paragraphs of the scope's own declarations (not of nested scopes)."""
    stack = list(reversed(scope.children.values()))  # the next one last: in source order
    while stack:
        sym = stack.pop()
        if isinstance(sym.decl, SCOPES + (ast.Example, ast.Waiver, ast.Term)):
            continue
        for para in sym.decl.prose:
            text = normalise(para.text)
            if len(text) >= MIN_LENGTH:
                yield sym.decl, para, text
        stack.extend(reversed(sym.children.values()))


Para = tuple[ast.Decl, ast.Prose, str]


def _in_scope(model: GameModel, scope: Symbol) -> Iterator[Diagnostic]:
    # Only paragraphs with the same numbers and names can be duplicates: comparing
    # within those groups keeps the check linear for card lists.
    seen: dict[frozenset[str], list[Para]] = {}
    shared: dict[tuple[int, int], list[tuple[Para, Para]]] = {}  # (decl, first decl) -> pairs
    for decl, para, text in _paragraphs(scope):
        group = seen.setdefault(_facts(para.text), [])
        for other in group:
            if other[0] is decl and other[2] != text:
                continue  # two cases of one list, near in words
            if _same(text, other[2]):
                shared.setdefault((id(decl), id(other[0])), []).append(((decl, para, text), other))
                break
        group.append((decl, para, text))
    for pairs in shared.values():
        decl, other_decl = pairs[0][0][0], pairs[0][1][0]
        if other_decl is not decl and not _most_of(decl, [p[0][2] for p in pairs]):
            continue  # one sentence in common among many: not a restatement
        for (_, para, _), (_, first, _) in pairs:
            yield finding(model, Code.DUPLICATE_RULE, f"{decl.display!r} states again what "
                          f"{other_decl.display!r} already says", decl, para.span,
                          f"the first statement is at {first.span}")


def _most_of(decl: ast.Decl, texts: list[str]) -> bool:
    """Whether the paragraphs `texts` are more than half of the declaration's prose."""
    total = sum(len(normalise(p.text)) for p in decl.prose)
    return 2 * sum(len(t) for t in texts) > total


def _facts(text: str) -> frozenset[str]:
    """Numbers and capitalised names: two rules differing in these are different rules."""
    return frozenset(_FACTS.findall(text))


_FACTS = re.compile(r"\d+|\b[A-Z][\w'-]*")


def _same(a: str, b: str) -> bool:
    if a == b:
        return True
    if abs(len(a) - len(b)) > 0.2 * max(len(a), len(b)):
        return False
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    return matcher.real_quick_ratio() >= SIMILAR and matcher.ratio() >= SIMILAR
