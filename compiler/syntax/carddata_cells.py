"""Card data as cells of text: what a spreadsheet row or a plain YAML scalar holds,
turned into Ludex values by the type of the kind's field.

A sheet holds only text, so a cell is read by its field's type:

- `int`: a whole number (`3`, `-2`); anything else stays text, and the kind's
  schema reports it (`expected a whole number, got "three"`);
- `bool`: `yes`/`no` (also `true`/`false`, `y`/`n`, `1`/`0`, in any case);
- `one of`, `ref`, `text`: the cell's text (a reference names a declaration by
  its id, or a dotted path);
- `list of T`: items separated by `;` (`LIST_SEPARATOR`), each read as a T;
- `T | U`: a number when it reads as one, yes/no when that is allowed, else text.

An empty cell is an absent field. A column is a field named by its id or its
title-like spelling (`Max Trust` for `max_trust`). The reserved columns are `id`,
`title`, `prose` (paragraphs separated by an empty line), `kind`, and `within` (the
dotted path of the section the cards stand in: the same in every row).
"""

from __future__ import annotations

import re

from ..core.diagnostics import Diagnostics
from ..core.source import Span
from . import ast
from .properties import number

LIST_SEPARATOR = ";"
COLUMNS = ("id", "title", "prose", "kind", "within")
ID = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # fullmatch: `$` would allow "id\n"
ID_HINT = "an id is letters, digits and `_`, not starting with a digit: `iron_golem`"
_INT = re.compile(r"[+-]?[0-9]+")
_TRUE = frozenset({"yes", "true", "y", "1"})
_FALSE = frozenset({"no", "false", "n", "0"})


def column_key(header: str) -> str:
    """A header cell as a field name: `Max Trust` -> `max_trust`."""
    return re.sub(r"[\s-]+", "_", header.strip()).lower()


def kind_from_name(stem: str, kinds: dict[str, ast.Kind]) -> str:
    """The kind a file `STEM.cards.csv` holds: `unit` for `units` when `unit` is a kind."""
    if stem not in kinds and stem.endswith("s") and stem[:-1] in kinds:
        return stem[:-1]
    return stem


def card_label(decl: ast.Decl) -> str:
    """`'Iron Golem' (iron_golem): ` for a card from a card data file, which every finding
    about it starts with (a row of a sheet is not otherwise told apart); "" for a
    declaration written in Ludex."""
    if not isinstance(decl, ast.Instance) or ".cards." not in decl.span.file:
        return ""
    return row_label(decl.id, decl.title, decl.keyword)


def row_label(ident: str, title: str | None, keyword: str = "card") -> str:
    """`'Title' (id): `, or `KIND `id`: ` for a card without a title."""
    return f"'{title}' ({ident}): " if title else f"{keyword} `{ident}`: "


def is_sheet(path: str) -> bool:
    """A spreadsheet of cards (`.cards.csv`, `.cards.tsv`): its reader checks that every
    required field has a value, at the cell where it is missing."""
    return path.endswith((".cards.csv", ".cards.tsv"))


def field_types(kind: ast.Kind | None) -> dict[str, ast.FieldType]:
    return {} if kind is None else {f.name: f.type for f in kind.fields}


def cell_value(text: str, t: ast.FieldType | None, span: Span,
               diags: Diagnostics) -> ast.Expr:
    """A non-empty cell's value, read as type `t` (None: a field the reader does not know,
    whose text is read as a number when it is one)."""
    kind = type(t)
    if kind in _TEXTS:  # the common cases first: a sheet has tens of thousands of cells
        return ast.StrLit(span, text)
    if kind is ast.IntType and _INT.fullmatch(text) and len(text) <= 18:
        return ast.IntLit(span, int(text))
    if isinstance(t, ast.OptionalType):
        return cell_value(text, t.inner, span, diags)
    if isinstance(t, ast.ListType):
        items = [i.strip() for i in text.split(LIST_SEPARATOR)]
        return ast.ListLit(span, tuple(cell_value(i, t.item, span, diags)
                                       for i in items if i))
    if isinstance(t, ast.BoolType):
        return _bool(text, span) or ast.StrLit(span, text)
    if isinstance(t, (ast.TextType, ast.EnumType, ast.RefType)):
        return ast.StrLit(span, text)
    options = _options(t) if isinstance(t, ast.UnionType) else []
    if t is not None and not isinstance(t, ast.IntType) and \
            not any(isinstance(o, ast.IntType) for o in options):
        boolean = _bool(text, span) if any(isinstance(o, ast.BoolType)
                                           for o in options) else None
        return boolean or ast.StrLit(span, text)
    if _INT.fullmatch(text):  # int, a union with int, or a field the reader does not know
        value = number(text.lstrip("+-"), span, diags)
        return ast.IntLit(span, -value if text.startswith("-") else value)
    if any(isinstance(o, ast.BoolType) for o in options):
        return _bool(text, span) or ast.StrLit(span, text)
    return ast.StrLit(span, text)


_TEXTS = (ast.TextType, ast.EnumType, ast.RefType)


def _options(t: ast.UnionType) -> list[ast.FieldType]:
    """A union's options, an optional one's inner type in its place."""
    return [o.inner if isinstance(o, ast.OptionalType) else o for o in t.options]


def _bool(text: str, span: Span) -> ast.BoolLit | None:
    low = text.lower()
    if low in _TRUE:
        return ast.BoolLit(span, True)
    if low in _FALSE:
        return ast.BoolLit(span, False)
    return None


def text_of(v: ast.Expr) -> str:
    """A value as a sheet cell holds it: the inverse of `cell_value`."""
    if isinstance(v, ast.BoolLit):
        return "yes" if v.value else "no"
    if isinstance(v, (ast.IntLit, ast.StrLit)):
        return str(v.value)
    if isinstance(v, ast.Ref):
        return v.dotted
    if isinstance(v, ast.ListLit):
        return f"{LIST_SEPARATOR} ".join(text_of(i) for i in v.items)
    return ""
