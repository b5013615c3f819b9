"""The resolved AST as JSON, and the JSON Schema that is its contract.

Every node becomes an object with `"node": "<ClassName>"` and its fields;
a span is `[line, col, end_line, end_col]` in the file of the enclosing
`File` node; declarations add their qualified name, references the qualified
name of what they resolve to. The schema is derived from the AST dataclasses, shipped
as `ludex/schemas/ast.schema.json`, and checked against them by the tests.
"""

from __future__ import annotations

import json
import types
import typing
from dataclasses import fields, is_dataclass
from importlib import resources
from typing import Any

from .. import __version__
from ..core.source import Span
from ..semantics.compilation import Compilation
from ..semantics.resolve import GameModel
from ..syntax import ast

FORMAT = 1
SCHEMA_ID = "urn:ludex:schema:ast:1"


def export_json(comp: Compilation) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "ludex": __version__,
        "games": [_game(m) for m in comp.models],
    }


def _game(model: GameModel) -> dict[str, Any]:
    qualnames = {id(s.decl): s.qualname for s in model.symbols.values()}
    targets = {ref: qualnames.get(id(decl)) for ref, decl in model.targets.items()}

    def convert(value: Any) -> Any:
        if isinstance(value, tuple):
            return [convert(v) for v in value]
        if isinstance(value, Span):
            return [value.line, value.col, value.end_line, value.end_col]
        if not is_dataclass(value):
            return value
        out: dict[str, Any] = {"node": type(value).__name__}
        for f in fields(value):
            out[f.name] = convert(getattr(value, f.name))
        if isinstance(value, ast.Decl):
            out["qualname"] = qualnames.get(id(value))
        if isinstance(value, ast.Ref):
            out["target"] = targets.get(value)
        return out

    return {
        "name": model.name,
        "folder": model.source.folder,
        "base": model.base.name if model.base else None,
        "files": [convert(f) for f in model.source.files],
    }


def kind_schemas(comp: Compilation) -> dict[str, Any]:
    """Every kind's JSON Schema, keyed `game.kind` (an instance's fields), and the schema
    of a whole card data file of that kind, keyed `game.kind.cards` (for editors)."""
    from ..semantics.schema import card_file_schema, kind_schema

    out: dict[str, Any] = {}
    for m in comp.models:
        for sym in m.symbols.values():
            if isinstance(sym.decl, ast.Kind):
                out[f"{m.name}.{sym.qualname}"] = kind_schema(sym.decl, m.name)
                out[f"{m.name}.{sym.qualname}.cards"] = card_file_schema(sym.decl, m.name)
    return out


# ---------------------------------------------------------------- the schema


def ast_schema() -> dict[str, Any]:
    """Derive the export's JSON Schema from the AST dataclasses."""
    classes = _node_classes()
    defs = {cls.__name__: _class_schema(cls) for cls in classes}
    defs["Decl"] = _dispatch(_decl_classes())
    defs["Span"] = {"type": "array", "items": {"type": "integer", "minimum": 0},
                    "minItems": 4, "maxItems": 4,
                    "description": "[line, col, end_line, end_col], 1-based, end exclusive"}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Ludex resolved AST (ludex export --json)",
        "type": "object",
        "required": ["format", "ludex", "games"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": FORMAT},
            "ludex": {"type": "string"},
            "games": {"type": "array", "items": {
                "type": "object", "additionalProperties": False,
                "required": ["name", "folder", "base", "files"],
                "properties": {
                    "name": {"type": "string"}, "folder": {"type": "string"},
                    "base": {"type": ["string", "null"]},
                    "files": {"type": "array", "items": {"$ref": "#/$defs/File"}},
                },
            }},
        },
        "$defs": defs,
    }


def _decl_classes() -> list[type]:
    return sorted((c for c in vars(ast).values() if isinstance(c, type) and is_dataclass(c)
                   and issubclass(c, ast.Decl) and c is not ast.Decl),
                  key=lambda c: c.__name__)


def _node_classes() -> list[type]:
    return sorted((c for c in vars(ast).values() if isinstance(c, type) and is_dataclass(c)
                   and c not in (ast.Decl, ast.GameSource, Span)),
                  key=lambda c: c.__name__)


def _class_schema(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls, vars(ast))
    props: dict[str, Any] = {"node": {"const": cls.__name__}}
    for f in fields(cls):
        props[f.name] = _hint_schema(hints[f.name])
    if issubclass(cls, ast.Decl):
        props["qualname"] = {"type": ["string", "null"]}
    if cls is ast.Ref:
        props["target"] = {"type": ["string", "null"]}
    return {"type": "object", "additionalProperties": False,
            "required": sorted(props), "properties": props}


def _hint_schema(hint: Any) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    if hint is int:
        return {"type": "integer"}
    if hint is str:
        return {"type": "string"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is type(None):
        return {"type": "null"}
    if origin is tuple:
        return {"type": "array", "items": _hint_schema(typing.get_args(hint)[0])}
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        nodes = [a for a in args if isinstance(a, type) and is_dataclass(a)]
        rest = [_hint_schema(a) for a in args if a not in nodes]
        if len(nodes) > 1:
            return {"anyOf": [_dispatch(nodes), *rest]} if rest else _dispatch(nodes)
        return {"anyOf": [_hint_schema(a) for a in args]}
    if isinstance(hint, type) and is_dataclass(hint):
        return {"$ref": f"#/$defs/{hint.__name__}"}
    raise TypeError(f"no schema for {hint!r}")


def _dispatch(classes: list[type]) -> dict[str, Any]:
    """One of several node types, chosen by the `node` field (fast to validate)."""
    names = sorted(c.__name__ for c in classes)
    return {"type": "object", "required": ["node"],
            "properties": {"node": {"enum": names}},
            "allOf": [{"if": {"properties": {"node": {"const": n}}},
                       "then": {"$ref": f"#/$defs/{n}"}} for n in names]}


def shipped_schema() -> dict[str, Any]:
    text = resources.files("ludex.backends.schemas").joinpath("ast.schema.json").read_text("utf-8")
    result: dict[str, Any] = json.loads(text)
    return result
