"""Pictures: the values of `image` fields, each the path of an image file inside the
game's folder, checked here (E208) and copied into the site by its emitter.

A path is relative to the game's folder and written with `/`; each part is a plain
file name (letters, digits, `.`, `_`, `-`, not starting with `.`), so no `..`, no
absolute path, no hidden file, no character a shell or a URL would read otherwise; it
ends in an image suffix; and it names a regular file whose real path (symbolic links
followed) stays inside the folder.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from ..syntax.load import IMAGE_SUFFIXES as IMAGE_SUFFIXES
from .resolve import GameModel, Symbol

SAFE_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
MAX_IMAGE = 8 * 1024 * 1024  # bytes: a logo or a card's picture, not a photo archive


def confined(base: Path, name: str, suffixes: tuple[str, ...] = IMAGE_SUFFIXES
             ) -> tuple[Path | None, str]:
    """`name` as a file inside `base`, or None and why not."""
    parts = name.split("/")
    if not name or name.startswith("/") or "\\" in name or ":" in parts[0]:
        return None, "must be a path relative to its folder, written with `/`"
    if not all(SAFE_PART.fullmatch(p) for p in parts):
        return None, ("names a file outside its folder or with an unsafe name (each part: "
                      "letters, digits, `.`, `_`, `-`, not starting with `.`)")
    if not name.lower().endswith(suffixes):
        return None, "must name an image (" + ", ".join(suffixes) + ")"
    root = Path(os.path.realpath(base))
    full = Path(os.path.realpath(base / name))
    if not full.is_relative_to(root):
        return None, "leads outside its folder (through a symbolic link)"
    if not full.is_file():
        return None, "names no file"
    if full.stat().st_size > MAX_IMAGE:
        return None, f"is larger than {MAX_IMAGE // (1024 * 1024)} MiB"
    return full, ""


def image_fields(model: GameModel, sym: Symbol) -> dict[str, ast.FieldType]:
    """The image fields of the kind `sym` is an instance of (its name -> its type)."""
    decl = sym.decl
    if not isinstance(decl, ast.Instance):
        return {}
    for scope in [*(sym.parent or sym).ancestors()] + (
            [model.base.root] if model.base is not None else []):
        found = scope.children.get(decl.keyword)
        if found is not None and isinstance(found.decl, ast.Kind):
            return {f.name: f.type for f in found.decl.fields if _holds_image(f.type)}
    return {}


def _holds_image(t: ast.FieldType) -> bool:
    if isinstance(t, ast.ImageType):
        return True
    if isinstance(t, (ast.OptionalType, ast.ListType)):
        return _holds_image(t.inner if isinstance(t, ast.OptionalType) else t.item)
    return isinstance(t, ast.UnionType) and any(_holds_image(o) for o in t.options)


def images_of(model: GameModel, sym: Symbol) -> Iterator[tuple[ast.Property, ast.StrLit]]:
    """(property, path text) for each picture an instance names."""
    fields = image_fields(model, sym)
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
    for sym in model.symbols.values():
        for prop, path in images_of(model, sym):
            _, why = confined(base, path.value)
            if why:
                diags.add(Code.BAD_IMAGE, f"field `{prop.name}` of `{sym.qualname}`: "
                          f"{_quoted(path.value)} {why}", path.span,
                          "give the path of an image file inside the game's folder, from "
                          "that folder (art/hero.png)", decl=sym.qualname)


def _quoted(text: str) -> str:
    shown = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in text[:80])
    return f'"{shown}"' + ("..." if len(text) > 80 else "")
