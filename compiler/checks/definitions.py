"""Two definitions of one term that disagree (W623).

A term the book defines twice with different words: a glossary `term` and a
rule or an instance with the same name whose text says what the name is
("Knockdown is ..."), neither saying it restates the other (`defines:`, `see:`,
`restates:`); two instances of one kind with the same name
and different text; or one declaration whose paragraphs open twice with its
own name as a label ("Pull X: Pull the target ..." then "Pull X. Move the
affected miniature ..."). The definitions are compared without their labels,
ignoring case, punctuation and spacing; declarations are indexed by name, so
the check is one pass. Two glossary terms of one name are W603's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..core.source import Span
from ..semantics.resolve import GameModel
from ..syntax import ast
from ..syntax.walk import normalise
from .common import finding
from .terms import key

CODES = (Code.DEFINITIONS_DISAGREE,)
LINKS = ("defines", "see", "restates")
_LABEL = re.compile(r"^\s*(?:[-•*]\s*)?([A-Z][\w'’&-]*(?:\s+(?:of|the|[A-Z][\w'’&-]*|X)){0,5})"
                    r"\s*[:.]\s+(?=\S)")


def check(model: GameModel) -> Iterator[Diagnostic]:
    terms: dict[str, ast.Term] = {}
    for decl in model.decls():
        if isinstance(decl, ast.Term) and decl.title and decl.prose:
            terms.setdefault(key(decl.title), decl)
    instances: dict[tuple[str, str], ast.Instance] = {}
    for decl in model.decls():
        if not decl.title or not decl.prose:
            continue
        yield from _labelled_twice(model, decl)
        name = key(decl.title)
        if isinstance(decl, ast.Instance):
            first = instances.setdefault((decl.keyword, name), decl)
            if first is not decl:
                yield from _compare(model, decl, first, f"another {decl.keyword}")
        term = terms.get(name)
        if term is not None and isinstance(decl, (ast.Rule, ast.Instance)) and \
                _opens_with_name(decl) and not _linked(model, decl, term):
            yield from _compare(model, decl, term, "the glossary")


def _compare(model: GameModel, decl: ast.Decl, other: ast.Decl,
             where: str) -> Iterator[Diagnostic]:
    mine, theirs = _definition(decl), _definition(other)
    if normalise(mine) != normalise(theirs):
        yield _finding(model, decl, decl.prose[0].span, mine, theirs, where, other.span)


def _labelled_twice(model: GameModel, decl: ast.Decl) -> Iterator[Diagnostic]:
    seen: dict[str, ast.Prose] = {}
    name = key(decl.title or "")
    for para in decl.prose:
        label = _LABEL.match(para.text)
        if label is None or key(label.group(1)) != name:
            continue
        first = seen.setdefault(name, para)
        if first is not para and normalise(_strip(first.text)) != normalise(_strip(para.text)):
            yield _finding(model, decl, para.span, _strip(para.text), _strip(first.text),
                           "the same declaration", first.span)


def _finding(model: GameModel, decl: ast.Decl, span: Span, mine: str, theirs: str,
             where: str, other: Span) -> Diagnostic:
    return finding(model, Code.DEFINITIONS_DISAGREE,
                   f"{decl.title!r} is defined twice, differently: {_short(mine)!r} here, "
                   f"{_short(theirs)!r} in {where}", decl, span,
                   f"the other definition is at {other}; if one restates the other, say so "
                   "(`see:`), else the book defines the term twice: record it with a `note`")


def _opens_with_name(decl: ast.Decl) -> bool:
    """Whether the declaration's text is a definition: after its label (if any), it
    says what its name is ("Knockdown is a special Condition"); "Battle Board: Place
    the Battle Board ..." is a step that uses the name, not a definition."""
    words = normalise(_definition(decl)).split()
    name = normalise(decl.title or "").split()
    if words[:1] in (["the"], ["a"], ["an"]) and name[:1] != words[:1]:
        words = words[1:]
    return words[:len(name)] == name and words[len(name): len(name) + 1] in (
        ["is"], ["are"], ["means"])


def _linked(model: GameModel, decl: ast.Decl, term: ast.Term) -> bool:
    syms = [model.by_decl.get(id(d)) for d in (decl, term)]
    around = [{id(n.decl) for n in s.ancestors()} if s else set() for s in syms]
    for one, other_around in ((decl, around[1]), (term, around[0])):
        for name in LINKS:
            value = getattr(one, name, None)
            prop = one.prop(name)
            for v in (value, prop.value if prop is not None else None):
                for ref in v.items if isinstance(v, ast.ListLit) else (v,):
                    if isinstance(ref, ast.Ref) and id(model.targets.get(ref)) in other_around:
                        return True
    return False


def _definition(decl: ast.Decl) -> str:
    return _strip(decl.prose[0].text)


def _strip(text: str) -> str:
    label = _LABEL.match(text)
    return text[label.end():] if label else text


def _short(text: str, width: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."
