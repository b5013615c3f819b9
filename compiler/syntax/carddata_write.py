"""Cards written back out as card data: CSV, YAML or JSON (`ludex export --cards`).

What is written reads back as the same cards: the columns are those of
`carddata_sheet` (`id`, `title`, the kind's fields in declared order, `prose`,
and `within` when the cards stand in a section), a list is joined with
`LIST_SEPARATOR`, yes/no is written `yes`/`no`, paragraphs of prose are
separated by an empty line. YAML is written by PyYAML's safe dumper, which
quotes any text that would read back as something else (`"3"`, `"yes"`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

import yaml

from . import ast
from .carddata_cells import text_of

FORMATS = ("csv", "tsv", "yaml", "json")


def _plain(v: ast.Expr) -> Any:
    """A value as JSON or YAML holds it."""
    if isinstance(v, (ast.IntLit, ast.StrLit, ast.BoolLit)):
        return v.value
    if isinstance(v, ast.Ref):
        return v.dotted
    if isinstance(v, ast.ListLit):
        return [_plain(i) for i in v.items]
    return text_of(v)


def _card(inst: ast.Instance, fields: Sequence[str]) -> dict[str, Any]:
    values = {p.name: p.value for p in inst.values}
    out: dict[str, Any] = {"id": inst.id}
    if inst.title:
        out["title"] = inst.title
    out.update({name: _plain(values[name]) for name in fields if name in values})
    if inst.prose:
        out["prose"] = [p.text for p in inst.prose]
    return out


def write_cards(kind: ast.Kind, cards: Sequence[tuple[str | None, ast.Instance]],
                fmt: str) -> str:
    """The text of a card data file holding `cards` ((within, card) pairs) of `kind`."""
    fields = [f.name for f in kind.fields]
    withins = {w for w, _ in cards}
    if fmt in ("csv", "tsv"):
        return _sheet(fields, cards, "\t" if fmt == "tsv" else ",", withins != {None})
    within = next(iter(withins)) if len(withins) == 1 else None
    data: dict[str, Any] = {"kind": kind.id}
    if within:
        data["within"] = within
    data["cards"] = [_card(inst, fields) for _, inst in cards]
    if fmt == "yaml":
        return str(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100))
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _sheet(fields: list[str], cards: Sequence[tuple[str | None, ast.Instance]],
           delimiter: str, with_within: bool) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(["id", "title", *fields, "prose", *(["within"] if with_within else [])])
    for within, inst in cards:
        values = {p.name: p.value for p in inst.values}
        writer.writerow([inst.id, inst.title or "",
                         *(text_of(values[f]) if f in values else "" for f in fields),
                         "\n\n".join(p.text for p in inst.prose),
                         *([within or ""] if with_within else [])])
    return out.getvalue()
