"""A name hidden by an inner declaration (W627).

Names are looked up from the innermost scope outwards: inside a section, a rule of
the section named `trust` is what `trust` means, and a top-level stat `trust` is out
of reach there. A reference that names the inner one while an outer declaration of
the same name exists is reported at the reference: the rules may mean the outer one
(`gain 1 trust` then reads the stat, while `trust == 1` reads the rule). Not reported:
a declaration named like the container it is in (a scenario `aeterna` and its stat
`aeterna`), and an example named like a rule (no reference names an example).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel, Symbol
from ..syntax import ast
from .common import finding

CODES = (Code.SHADOWED_NAME,)


def check(model: GameModel) -> Iterator[Diagnostic]:
    for ref, scope, inner, outer in model.shadowed.values():
        if outer in inner.ancestors() or isinstance(outer.decl, ast.Example):
            continue
        yield finding(
            model, Code.SHADOWED_NAME,
            f"`{ref.parts[0]}` here names the {_what(inner)} `{inner.qualname}` "
            f"({inner.decl.span}), which hides the {_what(outer)} `{outer.qualname}` "
            f"({outer.decl.span}) of the same name", scope.decl, ref.span,
            hint=_hint(inner, outer))


def _what(sym: Symbol) -> str:
    return "card" if isinstance(sym.decl, ast.Instance) else sym.decl.keyword.replace("_", " ")


def _hint(inner: Symbol, outer: Symbol) -> str:
    if outer.parent is not None and outer.parent.parent is not None:
        return (f"to mean the {_what(outer)}, write `{outer.qualname}`; to mean the "
                f"{_what(inner)}, rename one of them so the name says which")
    return (f"rename one of them: a top-level {_what(outer)} cannot be named past an "
            f"inner {_what(inner)} of the same name (write `{inner.qualname}` for that one)")
