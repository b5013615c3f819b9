"""Pictures: the values of `image` fields, each the path of an image file inside the
game's folder, checked here (E208) and copied into the site by its emitter.

A path is relative to the game's folder and written with `/`; each part is a plain
file name (letters, digits, `.`, `_`, `-`, not starting with `.`), so no `..`, no
absolute path, no hidden file, no character a shell or a URL would read otherwise; it
ends in an image suffix; and it names a regular file whose real path (symbolic links
followed) stays inside the folder.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..core.files import IMAGE_SUFFIXES as IMAGE_SUFFIXES
from ..core.files import MAX_IMAGE as MAX_IMAGE
from ..core.files import SAFE_PART as SAFE_PART
from ..core.files import confined as confined
from ..syntax import ast
from .resolve import GameModel, Symbol


def image_fields(model: GameModel, sym: Symbol,
                 memo: dict[int, dict[str, ast.FieldType]] | None = None
                 ) -> dict[str, ast.FieldType]:
    """The image fields of the kind `sym` is an instance of (its name -> its type);
    `memo` keeps each kind's, by the kind's identity, for a pass over many cards."""
    decl = sym.decl
    if not isinstance(decl, ast.Instance):
        return {}
    for scope in [*(sym.parent or sym).ancestors()] + (
            [model.base.root] if model.base is not None else []):
        found = scope.children.get(decl.keyword)
        if found is not None and isinstance(found.decl, ast.Kind):
            kind = found.decl
            fields = memo.get(id(kind)) if memo is not None else None
            if fields is None:
                fields = {f.name: f.type for f in kind.fields if _holds_image(f.type)}
                if memo is not None:
                    memo[id(kind)] = fields
            return fields
    return {}


def _holds_image(t: ast.FieldType) -> bool:
    if isinstance(t, ast.ImageType):
        return True
    if isinstance(t, (ast.OptionalType, ast.ListType)):
        return _holds_image(t.inner if isinstance(t, ast.OptionalType) else t.item)
    return isinstance(t, ast.UnionType) and any(_holds_image(o) for o in t.options)


def images_of(model: GameModel, sym: Symbol,
              memo: dict[int, dict[str, ast.FieldType]] | None = None
              ) -> Iterator[tuple[ast.Property, ast.StrLit]]:
    """(property, path text) for each picture an instance names (`memo`: as
    `image_fields` takes it)."""
    fields = image_fields(model, sym, memo)
    decl = sym.decl
    if not fields or not isinstance(decl, ast.Instance):
        return
    for prop in decl.values:
        if prop.name not in fields:
            continue
        only = isinstance(_inner(fields[prop.name]), ast.ImageType)  # else a union
        items = prop.value.items if isinstance(prop.value, ast.ListLit) else (prop.value,)
        for item in items:
            if isinstance(item, ast.StrLit) and (
                    only or item.value.lower().endswith(IMAGE_SUFFIXES)):
                yield prop, item


def _inner(t: ast.FieldType) -> ast.FieldType:
    if isinstance(t, ast.OptionalType):
        return _inner(t.inner)
    return _inner(t.item) if isinstance(t, ast.ListType) else t


def check_images(model: GameModel, diags: Diagnostics) -> None:
    """E208 for each picture that is not a safe path to an image in the game's folder."""
    base = Path(model.source.folder)
    memo: dict[int, dict[str, ast.FieldType]] = {}  # the kinds live while the model does
    for sym in model.symbols.values():
        for prop, path in images_of(model, sym, memo):
            _, why = confined(base, path.value)
            if why:
                diags.add(Code.BAD_IMAGE, f"field `{prop.name}` of `{sym.qualname}`: "
                          f"{_quoted(path.value)} {why}", path.span,
                          "give the path of an image file inside the game's folder, from "
                          "that folder (art/hero.png)", decl=sym.qualname)


def _quoted(text: str) -> str:
    shown = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in text[:80])
    return f'"{shown}"' + ("..." if len(text) > 80 else "")
