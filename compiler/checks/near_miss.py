"""Near-miss name (W607).

Two spellings of one name: declarations whose names or ids differ only by
spacing or punctuation ("Smugglers Hideout" and "Smuggler's Hideout",
`whistle_blow` and `whistleblow`), and undeclared terms in prose that are one
small edit away from a declared name. Singular and plural forms are the same
name, not a near miss.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel
from ..syntax import ast
from .common import finding
from .terms import close_name, key, known_names
from .undefined_term import undefined_uses

CODES = (Code.NEAR_MISS,)
def check(model: GameModel) -> Iterator[Diagnostic]:
    yield from _declared_pairs(model)
    yield from _id_pairs(model)
    names = known_names(model)
    for k, found in undefined_uses(model).items():
        close = close_name(k, names)
        if close is not None:
            target = names[close]
            first = found[0]
            yield finding(model, Code.NEAR_MISS, f"{first.term!r} nearly spells "
                          f"{target.display!r}", first.decl, first.prose.span,
                          f"{target.display!r} is declared at {target.span}")


def _declared_pairs(model: GameModel) -> Iterator[Diagnostic]:
    """Declared titles that are the same name spelled differently."""
    seen: dict[str, ast.Decl] = {}
    for decl in model.decls():
        if not decl.title or isinstance(decl, (ast.Restatement, ast.Example, ast.Waiver)):
            continue
        k = key(decl.title).replace(" ", "")
        first = seen.setdefault(k, decl)
        if first is not decl and first.title and first.title != decl.title and \
                key(first.title) != key(decl.title):
            yield finding(model, Code.NEAR_MISS, f"{decl.title!r} and {first.title!r} are one name "
                          "spelled two ways", decl, hint=f"the other is at {first.span}")


def _id_pairs(model: GameModel) -> Iterator[Diagnostic]:
    """Ids that are one name split two ways (`whistle_blow`, `whistleblow`); a singular
    kind and its plural section (`vengeance_card`, `vengeance_cards`) are not."""
    seen: dict[str, ast.Decl] = {}
    for decl in model.decls():
        k = decl.id.replace("_", "").casefold()
        first = seen.setdefault(k, decl)
        if first is not decl and first.id != decl.id:
            yield finding(model, Code.NEAR_MISS,
                          f"the ids `{decl.id}` and `{first.id}` are one name "
                          "spelled two ways", decl, hint=f"the other is at {first.span}")
