"""Undefined term (W605) and the external terms a book relies on (N606).

A capitalised game term used in prose ("Revolutionaries' Preparations") that
resolves to no declaration, glossary term or external term, reported once per
game at its first use with the number of uses. A term resolves when it, a part
of it, a name containing it, or the name it derives from ("Whistle-blower" of
"Whistle-blow") is declared, or when it is a word of the setting the game (or a
container the prose stands in) lists in its `lore:`; a single word must be used
three times or more to count as a term. The keyword of a container the game
declares ("Scenario" where there are `scenario`s) and the row labels of its tables
("Friendly" in a table by Diplomacy Threshold) count as declared; so does what
fills in a name ending in a placeholder ("Least Mnemos" of "Least X"). Each
`external` declaration is listed as a note: the terms the book uses but never
defines.
"""

from __future__ import annotations

from collections.abc import Iterator
from weakref import WeakKeyDictionary

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel
from ..syntax import ast
from .common import finding
from .terms import Use, close_name, defined, key, known_names, known_parts, name_parts, uses

CODES = (Code.UNDEFINED_TERM, Code.EXTERNAL_TERM)
MIN_SINGLE_WORD_USES = 3


_UNDEFINED: WeakKeyDictionary[GameModel, dict[str, list[Use]]] = WeakKeyDictionary()


def undefined_uses(model: GameModel) -> dict[str, list[Use]]:
    """The terms the prose uses and nothing declares, by key (found once per model: the
    near-miss check reads them too; the caller must not change the answer)."""
    found = _UNDEFINED.get(model)
    if found is None:
        found = _UNDEFINED[model] = _undefined_uses(model)
    return found


def _undefined_uses(model: GameModel) -> dict[str, list[Use]]:
    names = known_names(model)
    parts = known_parts(model)
    lore = _Lore(model)
    found: dict[str, list[Use]] = {}
    for use in uses(model):
        if not defined(use.term, names, parts) and not lore.covers(use):
            found.setdefault(key(use.term), []).append(use)
    return found


class _Lore:
    """The words of the setting (`lore: [...]`) each declaration's prose may use: those
    the game lists and those of every container it stands in. A lore word is matched as
    a declared name is (a part of it, or a term holding it, is covered too)."""

    def __init__(self, model: GameModel) -> None:
        self.model = model
        self.in_scope: dict[int, tuple[dict[str, ast.Decl], frozenset[str]] | None] = {}

    def covers(self, use: Use) -> bool:
        scope = self._scope(use.decl)
        return scope is not None and defined(use.term, *scope)

    def _scope(self, decl: ast.Decl) -> tuple[dict[str, ast.Decl], frozenset[str]] | None:
        if id(decl) not in self.in_scope:
            words: dict[str, ast.Decl] = {}
            sym = self.model.by_decl.get(id(decl))
            for node in [*(sym.ancestors() if sym else ()), self.model.root]:
                for word in lore_words(node.decl):
                    words.setdefault(key(word), node.decl)
            self.in_scope[id(decl)] = (words, name_parts(words)) if words else None
        return self.in_scope[id(decl)]


def lore_words(decl: ast.Decl) -> list[str]:
    """The words a declaration's `lore:` lists."""
    prop = decl.prop("lore")
    value = prop.value if prop is not None else None
    items = value.items if isinstance(value, ast.ListLit) else [value] if value else []
    return [i.value for i in items if isinstance(i, ast.StrLit)]


def check(model: GameModel) -> Iterator[Diagnostic]:
    names = known_names(model)
    for k, found in undefined_uses(model).items():
        first = found[0]
        if close_name(k, names) is not None:
            continue  # reported as a near-miss spelling instead
        if " " not in k and len(found) < MIN_SINGLE_WORD_USES:
            continue  # a lone capitalised word used once or twice may be plain emphasis
        times = f" ({len(found)} uses)" if len(found) > 1 else ""
        yield finding(model, Code.UNDEFINED_TERM,
                      f"{first.term!r} is used{times} but never declared",
                      first.decl, first.prose.span,
                      "declare it, or declare it `external` if the base game defines it")
    for decl in model.decls():
        if isinstance(decl, ast.External):
            origin = f" from `{decl.origin.dotted}`" if decl.origin else ""
            yield finding(model, Code.EXTERNAL_TERM,
                          f"relies on {decl.display!r}{origin}, which this "
                          "book never defines", decl)
