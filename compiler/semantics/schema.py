"""Kinds as JSON Schemas (draft 2020-12); instances validated with jsonschema;
ranges that would be counted out kept to sizes that can be built.

The same schema validates card data that arrives as JSON: an instance is
turned into the JSON object a data file would hold, and every jsonschema error
is reported at the `.ludex` line of the property it concerns.

Size limits (E207, "range too large to build"): a range that the engine counts
out one by one must stay small, because a few bytes of input would otherwise
take minutes and gigabytes to build or run:

- a die has at most `MAX_DIE_FACES` (1,000) faces: `faces: 1..N` is written
  into the engine as a tuple of N faces;
- a track has at most `MAX_TRACK_SPACES` (10,000) numbered spaces: moving
  along a track visits each space it passes to pay its rewards.

A range that is only a pair of bounds is not limited: a stat's `range:
0..1000000000`, a kind's `int 0..1000000000` field, a table row `1..1000000`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.codes import Code
from ..core.diagnostics import Diagnostics, did_you_mean
from ..syntax import ast
from ..syntax.carddata_cells import card_label, is_sheet
from .fastvalid import compile_schema
from .images import check_images
from .resolve import GameModel

if TYPE_CHECKING:  # jsonschema is imported when a card fails the compiled test (0.2 s)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def type_schema(t: ast.FieldType) -> dict[str, Any]:
    if isinstance(t, ast.IntType):
        out: dict[str, Any] = {"type": "integer"}
        if t.lo is not None:
            out["minimum"] = t.lo
        if t.hi is not None:
            out["maximum"] = t.hi
        return out
    if isinstance(t, ast.ImageType):  # a path inside the game's folder
        return {"type": "string", "x-ludex-image": True}
    if isinstance(t, ast.TextType):
        return {"type": "string"}
    if isinstance(t, ast.BoolType):
        return {"type": "boolean"}
    if isinstance(t, ast.EnumType):
        return {"enum": list(t.values)}
    if isinstance(t, ast.RefType):
        return {"type": "string", "x-ludex-ref": t.target.dotted}
    if isinstance(t, ast.ListType):
        out = {"type": "array", "items": type_schema(t.item)}
        if t.lo is not None:
            out["minItems"] = t.lo
        if t.hi is not None:
            out["maxItems"] = t.hi
        return out
    if isinstance(t, ast.OptionalType):
        return type_schema(t.inner)
    return {"anyOf": [type_schema(o) for o in t.options]}


def kind_schema(kind: ast.Kind, game: str) -> dict[str, Any]:
    """The JSON Schema of one kind's instances (their field values)."""
    return {
        "$schema": DIALECT,
        "$id": f"urn:ludex:{game}:{kind.id}",
        "title": kind.title or kind.id,
        "type": "object",
        "properties": {f.name: type_schema(f.type) for f in kind.fields},
        "required": [f.name for f in kind.fields if not isinstance(f.type, ast.OptionalType)],
        "additionalProperties": False,
    }


def card_file_schema(kind: ast.Kind, game: str) -> dict[str, Any]:
    """The JSON Schema of a whole card data file of `kind` (`.cards.json`, `.cards.yaml`):
    an object with `kind` and `cards`, or (YAML) just the list of cards; each card has
    `id`, `title`, `prose` and the kind's fields."""
    fields = kind_schema(kind, game)
    card = {"type": "object",
            "properties": {"id": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
                                  "maxLength": 64},
                           "title": {"type": "string"},
                           "prose": {"anyOf": [{"type": "string"},
                                               {"type": "array", "items": {"type": "string"}}]},
                           **fields["properties"]},
            "required": ["id", *fields["required"]],
            "additionalProperties": False}
    cards = {"type": "array", "items": card}
    return {
        "$schema": DIALECT,
        "$id": f"urn:ludex:{game}:{kind.id}:cards",
        "title": f"{kind.title or kind.id}: card data",
        "oneOf": [{"type": "object",
                   "properties": {"kind": {"const": kind.id}, "within": {"type": "string"},
                                  "cards": cards},
                   "required": ["kind", "cards"], "additionalProperties": False},
                  cards],
    }


def instance_data(inst: ast.Instance) -> dict[str, Any]:
    """An instance's field values as the JSON a card data file would hold."""
    return {p.name: value_json(p.value) for p in inst.values}


def value_json(v: ast.Expr) -> Any:
    if isinstance(v, (ast.IntLit, ast.StrLit, ast.BoolLit)):
        return v.value
    if isinstance(v, ast.Ref):
        return v.dotted
    if isinstance(v, ast.ListLit):
        return [value_json(i) for i in v.items]
    if isinstance(v, ast.RangeLit):
        return {"min": value_json(v.lo), "max": value_json(v.hi)}
    return {"expression": type(v).__name__}


MAX_DIE_FACES = 1_000
MAX_TRACK_SPACES = 10_000


def range_size(r: ast.Expr | None) -> int | None:
    """How many whole numbers a literal range `lo..hi` counts out (None: not one)."""
    if not isinstance(r, ast.RangeLit):
        return None
    lo, hi = _number(r.lo), _number(r.hi)
    return None if lo is None or hi is None else max(0, hi - lo + 1)


def _number(e: ast.Expr) -> int | None:
    if isinstance(e, ast.IntLit):
        return e.value
    if isinstance(e, ast.Unary) and e.op == "-" and isinstance(e.operand, ast.IntLit):
        return -e.operand.value
    return None


def check_sizes(model: GameModel, diags: Diagnostics) -> None:
    """E207 for each range the engine would count out past its limit."""
    for sym in model.symbols.values():
        decl = sym.decl
        if isinstance(decl, ast.Die):
            _limit(diags, sym.qualname, decl.faces, MAX_DIE_FACES, "die", "faces",
                   "list the faces, or describe the roll in prose")
        elif isinstance(decl, ast.Track):
            _limit(diags, sym.qualname, decl.spaces, MAX_TRACK_SPACES, "track",
                   "numbered spaces", "for a number that only has bounds, declare a "
                   "`stat` with `range:` instead")


def _limit(diags: Diagnostics, qualname: str, r: ast.Expr | None, limit: int, keyword: str,
           unit: str, instead: str) -> None:
    size = range_size(r)
    if r is not None and size is not None and size > limit:
        diags.add(Code.RANGE_TOO_LARGE, f"{keyword} `{qualname}` would have {size:,} {unit}",
                  r.span,
                  f"a {keyword} has at most {limit:,} {unit}; {instead}", decl=qualname)


def validate_game(model: GameModel, diags: Diagnostics) -> None:
    check_sizes(model, diags)
    check_images(model, diags)
    kinds = {d.id: d for d in model.decls() if isinstance(d, ast.Kind)}
    own = set(kinds)  # a sheet's reader knows these: it reports their missing fields
    if model.base is not None:
        kinds = {**{d.id: d for d in model.base.decls() if isinstance(d, ast.Kind)}, **kinds}
    schemas = {k: kind_schema(kind, model.name) for k, kind in kinds.items()}
    validators: dict[str, Draft202012Validator] = {}  # made for the first card that fails
    passes = {k: compile_schema(s) for k, s in schemas.items()}
    no_names = {k: frozenset(f.name for f in kind.fields if not _names_allowed(f.type))
                for k, kind in kinds.items()}
    for decl in model.decls():
        if isinstance(decl, ast.Instance) and decl.keyword in passes:
            k = decl.keyword
            data = instance_data(decl)
            if passes[k](data) and not _named(decl, no_names[k]):
                continue  # jsonschema would report nothing: most cards
            if k not in validators:
                from jsonschema import Draft202012Validator

                validators[k] = Draft202012Validator(schemas[k])
            _validate(decl, kinds[k], validators[k], diags,
                      not (is_sheet(decl.span.file) and k in own), data)


def _named(inst: ast.Instance, no_names: frozenset[str]) -> bool:
    """Whether a field that takes no names holds one (a bare name where a text goes)."""
    return any(p.name in no_names and any(isinstance(n, ast.Ref) for n in _values(p.value))
               for p in inst.values)


def _names_allowed(t: ast.FieldType) -> bool:
    """Whether a bare name (not a quoted text) is a value of this type."""
    if isinstance(t, (ast.EnumType, ast.RefType)):
        return True
    if isinstance(t, ast.OptionalType):
        return _names_allowed(t.inner)
    if isinstance(t, ast.ListType):
        return _names_allowed(t.item)
    if isinstance(t, ast.UnionType):
        return any(_names_allowed(o) for o in t.options)
    return False


def _validate(inst: ast.Instance, kind: ast.Kind, validator: Draft202012Validator,
              diags: Diagnostics, required: bool = True,
              data: dict[str, Any] | None = None) -> None:
    """The instance's values (`data`, as JSON) against its kind's schema; `required`:
    report missing fields too (a sheet's reader has, at their empty cells)."""
    props = {p.name: p for p in inst.values}
    types = {f.name: f.type for f in kind.fields}
    fields = list(types)
    data = instance_data(inst) if data is None else data
    named: set[str] = set()
    card = card_label(inst)
    for name, prop in props.items():
        if name in types and not _names_allowed(types[name]) and any(
                isinstance(n, ast.Ref) for n in _values(prop.value)):
            diags.add(Code.CARD_DATA_SCHEMA,
                      f"field `{name}` expects {_expected(types[name])}, not a name",
                      prop.span, 'quote a text: "like this"; a name is only a value of a '
                      "`ref` or `one of` field")
            named.add(name)
    for err in sorted(validator.iter_errors(data), key=lambda e: e.json_path):
        if err.absolute_path and str(err.absolute_path[0]) in named:
            continue  # reported above, in better words
        if err.validator == "additionalProperties":
            for extra in sorted(set(props) - set(fields)):
                diags.add(Code.CARD_DATA_SCHEMA,
                          f"{card}`{extra}` is not a field of kind `{kind.id}`",
                          props[extra].span, did_you_mean(extra, fields) or
                          "fields: " + ", ".join(fields))
        elif err.validator == "required":
            if not required:
                continue
            wanted = (f"`{_missing(err)}` to the card" if card
                      else f"`{_missing(err)}: ...` to its body")
            diags.add(Code.CARD_DATA_SCHEMA, f"{card or f'{inst.keyword} `{inst.id}`: '}"
                      f"{_required(err)}",
                      inst.span,
                      f"add {wanted}")
        else:
            field = str(err.absolute_path[0]) if err.absolute_path else None
            span = props[field].span if field is not None and field in props else inst.span
            where = "".join(f"[{p}]" for p in list(err.absolute_path)[1:])
            diags.add(Code.CARD_DATA_SCHEMA, f"{card}field `{field}{where}`: {_message(err)}",
                      span,
                      _type_hint(kind, field))


def _values(v: ast.Expr) -> list[ast.Expr]:
    return list(v.items) if isinstance(v, ast.ListLit) else [v]


def _expected(t: ast.FieldType) -> str:
    from ..syntax.unparse import field_type

    return f"`{field_type(t)}`"


def _missing(err: ValidationError) -> str:
    text = str(err.message)
    return text.split("'")[1] if "'" in text else "?"


def _required(err: ValidationError) -> str:
    return f"missing field `{_missing(err)}`"


_JSON_TYPES = {"integer": "a whole number", "string": 'a "quoted text"', "boolean": "yes or no",
               "array": "a list [a, b]", "object": "a value"}


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    if isinstance(value, dict):
        return "an expression" if "expression" in value else "a range"
    return str(value)


def _message(err: ValidationError) -> str:
    """jsonschema's error, in Ludex words."""
    v = err.validator
    value: Any = err.instance
    schema: Any = err.validator_value
    if v == "type":
        return f"expected {_JSON_TYPES.get(str(schema), str(schema))}, got {_shown(value)}"
    if v == "enum":
        return f"expected one of {', '.join(map(str, schema))}; got {_shown(value)}"
    if v == "minimum":
        return f"must be at least {schema}, got {_shown(value)}"
    if v == "maximum":
        return f"must be at most {schema}, got {_shown(value)}"
    if v == "minItems":
        return f"needs at least {schema} entr{'y' if schema == 1 else 'ies'}, got {len(value)}"
    if v == "maxItems":
        return f"takes at most {schema} entr{'y' if schema == 1 else 'ies'}, got {len(value)}"
    if v == "anyOf":
        return f"{_shown(value)} matches none of the allowed types"
    return str(err.message)


def _type_hint(kind: ast.Kind, name: str | None) -> str | None:
    field = next((f for f in kind.fields if f.name == name), None)
    if field is None:
        return None
    from ..syntax.unparse import field_type

    return f"`{name}` is `{field_type(field.type)}` (declared at {field.span})"
