"""A card's field values as the site shows them, by the field's type, whatever their
source: a number as a number, a flag as yes or no, a `one of` value in one look whether
the `.ludex` file names it or a sheet spells it, a `ref` as a link to what it names
(titled), an `image` as the picture the site ships, a list item by item.

`pictures` lists every picture the site copies: each instance's image paths that pass
the checks of `semantics.images` (those that do not are E208 errors, and show as text).
"""

from __future__ import annotations

import html
from pathlib import Path

from markupsafe import Markup

from ...semantics.images import IMAGE_SUFFIXES, confined, images_of
from ...semantics.resolve import GameModel
from ...syntax import ast
from ..site_options import ASSETS
from .escape import entities, literal, md
from .prose import View

PICTURES = f"{ASSETS}/images"


def pictures(models: list[GameModel]) -> dict[tuple[str, str], Path]:
    """(game, path as written) -> the file, for every picture that may be shipped."""
    found = {}
    for model in models:
        base = Path(model.source.folder)
        for sym in model.symbols.values():
            for _, path in images_of(model, sym):
                full, _ = confined(base, path.value)
                if full is not None:
                    found[(model.name, path.value)] = full
    return found


def picture_path(game: str, path: str) -> str:
    """Where a picture goes under docs/: the game's folder of pictures, as written."""
    return f"{PICTURES}/{game}/{path}"


def field_value(view: View, t: ast.FieldType | None, e: ast.Expr) -> Markup:
    """One value of a field of type `t` (None: not a field, shown by its own look)."""
    if isinstance(t, ast.OptionalType):
        return field_value(view, t.inner, e)
    if isinstance(e, ast.ListLit):
        item = t.item if isinstance(t, ast.ListType) else None
        return Markup(", ").join(field_value(view, item, i) for i in e.items)
    number = _number(e)
    if number is not None:
        return Markup(f'<span class="ludex-number">{number}</span>')
    if isinstance(e, ast.BoolLit):
        return Markup("yes" if e.value else "no")
    if isinstance(t, ast.UnionType):
        return field_value(view, _option_for(t, e), e)
    name = e.dotted if isinstance(e, ast.Ref) else e.value if isinstance(e, ast.StrLit) \
        else None
    if name is None:
        return view.value(e)
    if isinstance(t, ast.ImageType):
        return image(view, name)
    if isinstance(t, ast.RefType) or (t is None and isinstance(e, ast.Ref)):
        return _reference(view, e, name)
    if isinstance(t, ast.EnumType) or isinstance(e, ast.Ref):
        return Markup(f'<span class="ludex-value">{entities(name)}</span>')
    return md(name)


def image(view: View, path: str) -> Markup:
    """A picture the site ships, or its path as text when it is not shipped (E208)."""
    game = view.model.name if view.model else ""
    if (game, path) not in view.site.pictures:
        return literal(path)
    url = html.escape(view.page_url(picture_path(game, path)), quote=True)
    alt = entities(view.current.display if view.current is not None else path)
    return Markup(f'<img class="ludex-card-image" src="{url}" alt="{alt}" loading="lazy">')


def _reference(view: View, e: ast.Expr, name: str) -> Markup:
    target = view.model.targets.get(e) if view.model and isinstance(e, ast.Ref) else None
    if target is None:
        target = view.named(name)
    if target is None:
        return Markup(f'<span class="ludex-value">{entities(name)}</span>')
    return view.link(target)


def _number(e: ast.Expr) -> int | None:
    if isinstance(e, ast.IntLit):
        return e.value
    if isinstance(e, ast.Unary) and e.op == "-" and isinstance(e.operand, ast.IntLit):
        return -e.operand.value
    return None


def _option_for(t: ast.UnionType, e: ast.Expr) -> ast.FieldType | None:
    """The option of a union a text or a name is a value of."""
    for option in t.options:
        inner = option.inner if isinstance(option, ast.OptionalType) else option
        if isinstance(inner, ast.ImageType) and isinstance(e, ast.StrLit) and \
                e.value.lower().endswith(IMAGE_SUFFIXES):
            return inner
        if isinstance(inner, ast.RefType | ast.EnumType) and isinstance(e, ast.Ref):
            return inner
    return None
