"""One term under two names (W622).

The book calls one of its terms by a second name made of the same words in
another order ("Difficulty Level" for the "Level of Difficulty"), one of them
maybe plural, both about the same head word ("Zone Attacks" are attacks, an
"Attack Zone" a zone: two things). The names are the capitalised phrases of the
prose and the declared titles; each is keyed by its head and its words without
"of" and "the", singular, in any order, so the check is one pass with a
dictionary. Only a declared term is compared, with forms the prose uses and
the game does not declare: two wordings of a phrase the game does not declare
("Roof Region of London Bridge") are English, and two declared names are two
things. The finding names both forms and where each is first used.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..core.source import Span
from ..semantics.resolve import GameModel
from ..syntax import ast
from .common import finding
from .terms import CONNECTORS, key, prose_phrases

CODES = (Code.TERM_UNDER_TWO_NAMES,)


@dataclass
class _Form:
    text: str
    decl: ast.Decl
    span: Span
    declared: bool
    uses: int = 0


def check(model: GameModel) -> Iterator[Diagnostic]:
    groups: dict[tuple[str, ...], dict[tuple[str, ...], _Form]] = {}
    for decl in [model.root.decl, *model.decls()]:
        if isinstance(decl, (ast.Waiver, ast.Ruling)):
            continue  # layout lines; the encoding's own words
        if decl.title:
            _add(groups, decl.title, decl, decl.span, declared=True)
        for para in decl.prose:
            for term in prose_phrases(model, para.text):
                _add(groups, term, decl, para.span, declared=False)
    for forms in groups.values():
        if len(forms) < 2:
            continue
        ranked = sorted(forms.values(), key=lambda f: (not f.declared, -f.uses))
        main = ranked[0]
        if not main.declared:
            continue  # two wordings of an ordinary phrase, not of a term of the game
        for other in ranked[1:]:
            if other.declared or not other.uses:
                continue  # two declared names are two things (W608 compares those)
            yield finding(model, Code.TERM_UNDER_TWO_NAMES,
                          f"{other.text!r} ({_times(other.uses)}) and {main.text!r} "
                          f"({'declared, ' if main.declared else ''}{_times(main.uses)}) are "
                          "the same words in another order", other.decl, other.span,
                          f"{main.text!r} is first at {main.span}: if they are one thing, "
                          "the book names it two ways (record it with `note missing`)")


def _add(groups: dict[tuple[str, ...], dict[tuple[str, ...], _Form]], name: str,
         decl: ast.Decl, span: Span, declared: bool) -> None:
    all_words = key(name).split()
    words = tuple(w for w in all_words if w not in CONNECTORS)
    if len(words) < 2 or len(set(words)) < len(words):
        return
    forms = groups.setdefault((_head(all_words), *sorted(words)), {})
    form = forms.get(words)
    if form is None:
        form = forms[words] = _Form(name, decl, span, declared)
    form.declared = form.declared or declared
    form.uses += 0 if declared else 1


def _head(words: list[str]) -> str:
    """The word the name is about: the last one, or the one before "of" ("Level of
    Difficulty" and "Difficulty Level" are levels; "Zone Attacks" are not zones)."""
    of = words.index("of") if "of" in words[1:] else 0
    return words[of - 1] if of else words[-1]


def _times(n: int) -> str:
    return "used once" if n == 1 else f"used {n} times" if n else "not used in the prose"
