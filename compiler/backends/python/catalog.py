"""`catalog.py` of a game's package: one frozen dataclass per kind, each card, hero or
token an immutable instance, the catalog by qualified name and each kind's members."""

from __future__ import annotations

from typing import Any

from ...semantics.resolve import Symbol
from ...syntax import ast
from .common import Unit, comment, plain
from .names import MODULE_NAMES, RESERVED, RUNTIME_NAMES, camel, snake, unique_names
from .pretty import Atom, Kw, Pre, Seq, Str, call, literal, render


def catalog_module(unit: Unit) -> dict[str, Any]:
    """The template context of `catalog.py`."""
    kinds = [s for s in unit.model.symbols.values() if isinstance(s.decl, ast.Kind)]
    constants = unit.code.constants
    # a class never takes a card's constant (a kind `A` and a card `a_` are both `A`)
    classes = unique_names([k.qualname for k in kinds], camel,
                           RESERVED | RUNTIME_NAMES | MODULE_NAMES | frozenset(constants.values()))
    by_kind = {id(k.decl): k for k in kinds}
    records: list[str] = []
    members: dict[str, list[str]] = {k.qualname: [] for k in kinds}
    for sym, kind in unit.instances:
        if kind is None:
            continue
        kind_sym = by_kind[id(kind)]
        members[kind_sym.qualname].append(sym.qualname)
        record = call(classes[kind_sym.qualname], *record_args(unit, sym, kind))
        records.append("\n".join(render(record, 0, f"{constants[sym.qualname]} = ")))
    # keyed by each record's own id, each kind by its class's `KIND`: no name spelled twice
    catalog = Seq("", tuple(Atom(f"{c}.id: {c}") for c in constants.values()), "{}")
    kind_items = tuple(Pre(f"{classes[q]}.KIND: ", Seq("", tuple(
        Atom(f"{constants[m]}.id") for m in v), "()", tuple_comma=True))
        for q, v in members.items())
    return {
        "kinds": [kind_class(k, classes[k.qualname]) for k in kinds],
        "records": records,
        "catalog": "\n".join(render(catalog, 0, "CATALOG: Mapping[str, Record] = "
                                    "MappingProxyType(", ")")),
        "members": "\n".join(render(Seq("", kind_items, "{}"), 0,
                                    "KINDS: Mapping[str, tuple[str, ...]] = "
                                    "MappingProxyType(", ")")),
    }


def record_args(unit: Unit, sym: Symbol, kind: ast.Kind) -> list[Kw]:
    """An instance's id, title and field values (a left-out optional field is None)."""
    fields = field_names(kind)
    values = {p.name: p.value for p in sym.decl.props if p.name in fields}
    args = [Kw("id", Str(sym.qualname)), Kw("title", literal(sym.decl.title))]
    args += [Kw(fields[f.name], literal(value(unit, values[f.name])))
             if f.name in values else Kw(fields[f.name], Atom("None"))
             for f in kind.fields
             if f.name in values or not isinstance(f.type, ast.OptionalType)]
    return args


# The names a field's annotation may use: a field named like one of them would rebind it
# in the class body (`str: str | None = None`), and the next annotation would then read
# `None | None` on import.
ANNOTATION_NAMES = frozenset({"int", "str", "bool", "tuple", "Literal", "None"})


def field_names(kind: ast.Kind) -> dict[str, str]:
    reserved = RESERVED | ANNOTATION_NAMES | {"id", "title", "value", "has", "KIND", "FIELDS"}
    names = unique_names([f.name for f in kind.fields], snake, reserved)
    return {f.name: names[f.name] for f in kind.fields}


def kind_class(sym: Symbol, name: str) -> str:
    kind = sym.decl
    assert isinstance(kind, ast.Kind)
    fields = field_names(kind)
    lines = ["@dataclass(frozen=True, slots=True, kw_only=True)", f"class {name}(Record):",
             comment(sym, 4), ""]
    lines += render(Str(sym.qualname), 4, "KIND: ClassVar[str] = ")
    pairs = tuple(Atom(f"{f!r}: {a!r}") for f, a in fields.items())
    lines += render(Seq("", pairs, "{}"), 4, "FIELDS: ClassVar[Mapping[str, str]] = "
                    "MappingProxyType(", ")")
    if kind.fields:
        lines.append("")
    for f in kind.fields:
        optional = isinstance(f.type, ast.OptionalType)
        lines += render(Atom(py_type(f.type)), 4, f"{fields[f.name]}: ",
                        " = None" if optional else "")
    return "\n".join(lines)


def value(unit: Unit, e: ast.Expr) -> Any:
    """A field value: a reference becomes the qualified name it resolves to."""
    if isinstance(e, ast.Ref):
        decl = unit.model.targets.get(e)
        return unit.qual(decl) if decl is not None else e.dotted
    if isinstance(e, ast.ListLit):
        return tuple(value(unit, i) for i in e.items)
    return plain(e)


def py_type(t: ast.FieldType) -> str:
    if isinstance(t, ast.IntType):
        return "int"
    if isinstance(t, (ast.TextType, ast.RefType)):
        return "str"
    if isinstance(t, ast.BoolType):
        return "bool"
    if isinstance(t, ast.EnumType):
        return "Literal[" + ", ".join(repr(v) for v in t.values) + "]"
    if isinstance(t, ast.ListType):
        return f"tuple[{py_type(t.item)}, ...]"
    if isinstance(t, ast.OptionalType):
        return f"{py_type(t.inner)} | None"
    return " | ".join(py_type(o) for o in t.options)
