"""Tables and galleries: a declaration's structured part as a compact table (a kind's
fields, a components list, a table's or track's rows), and the pages that set many
declarations side by side (the card gallery of each kind, the worked examples)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from ...checks.manifest_count import defined_count
from ...syntax import ast, unparse
from ...syntax.walk import iter_nodes
from .escape import fence, literal, md, mermaid_label
from .facts import CLAUSE_NAMES, facts, status
from .links import anchor
from .pages import MANY, kinds_with_cards
from .prose import View
from .values import field_value


@dataclass
class Table:
    headers: list[str]
    rows: list[list[Markup]]
    css: str = ""


def tables(view: View, decl: ast.Decl) -> list[Table]:
    """The tables a declaration's page shows under its facts."""
    found = []
    if isinstance(decl, ast.Kind) and decl.fields:
        titled = any(f.title for f in decl.fields)
        found.append(Table(["Field", *(["Title"] if titled else []), "Type"], [
            [literal(f.name), *([md(f.title or "")] if titled else []),
             view.code(unparse.field_type(f.type), f.type, "type")] for f in decl.fields]))
    if isinstance(decl, ast.Manifest) and decl.entries:
        found.append(_manifest(view, decl))
    if isinstance(decl, ast.Board):
        found.append(_board(view, decl))
    if isinstance(decl, (ast.Table, ast.Track)) and decl.rows:
        head = "Space" if isinstance(decl, ast.Track) else _by(decl)
        found.append(Table([head, "Result"], [[md(_row_key(r.key)), _row_value(view, r)]
                                              for r in decl.rows]))
    return found


def _board(view: View, decl: ast.Board) -> Table:
    """A grid's size and adjacency, or each space of a map with the spaces adjacent to it
    (on an undirected board, those it lists and those that list it)."""
    if decl.columns is not None and decl.row_count is not None:
        ways = "8 (diagonals too)" if decl.diagonals else "4 (no diagonals)"
        return Table(["Columns", "Rows", "Adjacent spaces"], [[
            md(str(decl.columns)), md(str(decl.row_count)), md(ways)]])
    spaces = [c for c in decl.children if isinstance(c, ast.Space)]
    stated: dict[int, list[ast.Space]] = {id(s): [] for s in spaces}
    for space in spaces:
        for item in iter_nodes(space.adjacent) if space.adjacent is not None else ():
            target = view.model.targets.get(item) if view.model and isinstance(
                item, ast.Ref) else None
            if isinstance(target, ast.Space) and id(target) in stated:
                _add(stated[id(space)], target)
                if decl.adjacency != "directed":
                    _add(stated[id(target)], space)
    head = "Leads to" if decl.adjacency == "directed" else "Adjacent to"
    return Table(["Space", head], [[view.link(s), Markup(", ").join(
        view.link(n) for n in stated[id(s)])] for s in spaces])


MAX_CHARTED = 40  # spaces: a larger map is shown by its table alone


def board_chart(view: View, decl: ast.Board) -> Markup | None:
    """A map's spaces and links as a Mermaid graph (one line per pair, an arrow on a
    directed board); nothing for a grid or a map too large to draw."""
    spaces = [c for c in decl.children if isinstance(c, ast.Space)]
    if not spaces or len(spaces) > MAX_CHARTED or decl.columns is not None:
        return None
    names = {id(s): f"p{i}" for i, s in enumerate(spaces, 1)}
    chart = ["flowchart LR"] + [f'  {names[id(s)]}["{mermaid_label(s.display)}"]'
                                for s in spaces]
    drawn: set[frozenset[str]] = set()
    for space in spaces:
        for item in iter_nodes(space.adjacent) if space.adjacent is not None else ():
            target = view.model.targets.get(item) if view.model and isinstance(
                item, ast.Ref) else None
            if not isinstance(target, ast.Space) or id(target) not in names:
                continue
            a, b = names[id(space)], names[id(target)]
            if decl.adjacency == "directed":
                chart.append(f"  {a} --> {b}")
            elif frozenset((a, b)) not in drawn and a != b:
                drawn.add(frozenset((a, b)))
                chart.append(f"  {a} --- {b}")
    return fence("\n".join(chart), "mermaid")


def _add(found: list[ast.Space], space: ast.Space) -> None:
    if all(f is not space for f in found):
        found.append(space)


def _by(decl: ast.Table) -> str:
    if isinstance(decl.by, ast.StrLit):
        return decl.by.value
    return unparse.expr(decl.by) if decl.by is not None else "Key"


def _manifest(view: View, decl: ast.Manifest) -> Table:
    """Count, what, the book's words, breakdown, and how many the rules define."""
    rows = []
    for e in decl.entries:
        target = view.model.targets.get(e.target) if view.model else None
        defined = defined_count(view.model, target) if view.model and target else None
        rows.append([md(str(e.count)), view.link(target) if target else md(e.target.dotted),
                     md(e.label or ""), _breakdown(view, e),
                     md(str(defined) if defined is not None else "")])
    heads = ["Count", "Component", "As printed", "Breakdown", "Defined by the rules"]
    keep = [i for i in range(len(heads)) if i < 3 or any(row[i] for row in rows)]
    return Table([heads[i] for i in keep], [[row[i] for i in keep] for row in rows])


def _breakdown(view: View, entry: ast.Entry) -> Markup:
    if entry.per_count is None:
        return md(entry.words or "")
    if entry.per is None:
        return md(f"{entry.per_count} each")
    return md(f"{entry.per_count} per ") + view.code(entry.per.dotted, entry.per)


def _row_key(key: ast.RowKey) -> str:
    if key.kind == "atleast":
        return f"{key.lo}+"
    if key.kind == "range":
        return f"{key.lo}..{key.hi}"
    return key.text if key.kind == "text" and key.text is not None else str(key.lo)


def _row_value(view: View, row: ast.Row) -> Markup:
    if row.effect:
        return view.block_of(row.effect)
    return view.value(row.value) if row.value is not None else Markup("")


def card_kinds(view: View) -> list[dict[str, Any]]:
    """Per kind with cards: a table of their fields and a gallery of their texts."""
    assert view.model is not None
    kinds = []
    for kind, cards in kinds_with_cards(view.model):
        view.current = None
        rows = []
        pictures = [f for f in kind.fields if isinstance(f.type, ast.ImageType) or (
            isinstance(f.type, ast.OptionalType) and isinstance(f.type.inner, ast.ImageType))]
        shown = [f for f in kind.fields if f not in pictures]
        gallery = []
        for sym in cards:
            decl = sym.decl
            assert isinstance(decl, ast.Instance)
            view.current = decl
            values = {p.name: p.value for p in decl.values}
            rows.append([view.link(decl)] + [field_value(view, f.type, values[f.name])
                                              if f.name in values else Markup("")
                                              for f in shown])
            if len(cards) > MANY:  # the table alone: each name leads to the card's page
                continue
            images = [field_value(view, f.type, values[f.name]) for f in pictures
                      if f.name in values]
            gallery.append((view.link(decl), images, [view.prose(p.text) for p in decl.prose],
                            [(n, v) for n, v in facts(view, decl) if n in CLAUSE_NAMES]))
        view.current = None
        kinds.append({"anchor": "kind-" + anchor(view.model.symbol(kind)),
                      "title": md(kind.display),
                      "link": view.link(kind, f"declared as {kind.id}"), "count": len(cards),
                      "table": Table(["Card"] + [f.display for f in shown], rows,
                                     "ludex-filterable") if shown else None,
                      "gallery": gallery})
    return kinds


def example_rows(view: View) -> list[list[Markup]]:
    """Each worked example: a link to it, what it illustrates, how it fared."""
    model = view.model
    assert model is not None
    rows = []
    for decl in model.of_type(ast.Example):
        assert isinstance(decl, ast.Example)
        shows = Markup(", ").join(view.link(model.targets[r]) for r in iter_nodes(
            decl.illustrates) if isinstance(r, ast.Ref) and r in model.targets) \
            if decl.illustrates is not None else Markup("")
        rows.append([view.link(decl), shows, status(view, view.site.outcome(model, decl))])
    return rows
