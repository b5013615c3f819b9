"""Card data as a spreadsheet: `NAME.cards.csv` (commas) or `NAME.cards.tsv` (tabs).

The first row is the header: `id`, `title`, the kind's fields (by id or title,
see `carddata_cells`), `prose`, and `kind` when rows hold several kinds;
without a `kind` column the file name names the kind (`units.cards.csv` holds
`unit`s, or `units`). Every other row is a card, an instance like one declared
in Ludex; a row with nothing in it is skipped.

The rows are read by the standard `csv` module (strict quoting: a stray quote
is an error, never a guess); the reader keeps the text of each record, so every
finding stands at the line and character column of its cell, the caret under it.
Structural mistakes are E109 and leave the card out (a row too short or too
long has cells under the wrong headers, so none of its values can be trusted);
a cell that does not fit its field's type is left to the kind's schema (E401),
which names the card and the field.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostics, did_you_mean
from ..core.source import SourceFile, Span
from . import ast
from .carddata_cells import (
    COLUMNS,
    ID,
    ID_HINT,
    cell_value,
    column_key,
    field_types,
    kind_from_name,
    row_label,
)
from .properties import check_id


def cell_starts(raw: str, delimiter: str) -> list[tuple[int, int]]:
    """(start, end) offsets of each cell of one record's raw text, as `csv` splits it."""
    raw = raw.rstrip("\n")
    cells, i, n = [], 0, len(raw)
    while True:
        start = i
        if i < n and raw[i] == '"':
            i += 1
            while i < n and not (raw[i] == '"' and raw[i + 1: i + 2] != '"'):
                i += 2 if raw[i] == '"' else 1
            i += 1
        j = raw.find(delimiter, i)
        if j < 0:
            cells.append((start, n))
            return cells
        cells.append((start, j))
        i = j + 1


class _Sheet:
    """One sheet's reading: its header, and the cards of its rows."""

    def __init__(self, source: SourceFile, diags: Diagnostics,
                 kinds: dict[str, ast.Kind]) -> None:
        self.source, self.diags, self.kinds = source, diags, kinds
        stem = source.path.rsplit("/", 1)[-1].split(".cards.")[0]
        self.file_kind = kind_from_name(stem, kinds)
        self.columns: list[str | None] = []  # the field (or reserved column) of each column
        self.within: ast.Ref | None = None
        self.types: dict[str, dict[str, ast.FieldType]] = {}  # each kind's fields, once
        self.required: dict[str, list[str]] = {}  # each kind's fields that are not optional

    def spans(self, line: int, raw: str, delimiter: str, cells: list[str]) -> list[Span]:
        path = self.source.path
        if '"' not in raw and "\r" not in raw:  # unquoted: the cells are its text, split at each
            spans, start = [], 1  # delimiter, on one line (a line break would be quoted)
            for cell in cells:
                end = start + len(cell)
                spans.append(Span(path, line, start, line, end if end > start else start + 1))
                start = end + 1
            return spans
        if "\n" not in raw.rstrip("\n"):  # a record of one line: a cell's column is its offset
            return [Span(path, line, start + 1, line, start + 1 + max(1, end - start))
                    for start, end in cell_starts(raw, delimiter)]
        out = []
        for start, end in cell_starts(raw, delimiter):
            before = raw[:start]
            row = line + before.count("\n")
            col = start - (before.rfind("\n") + 1) + 1
            out.append(Span(self.source.path, row, col, row, col + max(1, end - start)))
        return out

    def header(self, cells: list[str], spans: list[Span]) -> bool:
        keys = [column_key(c) for c in cells]
        if "id" not in keys:
            self.diags.add(Code.BAD_CARD_DATA, "the header row has no `id` column", spans[0],
                           "the first row names the columns: id, title, the fields, prose")
            return False
        kinds = [self.kinds.get(self.file_kind)] if "kind" not in keys else \
            list(self.kinds.values())
        known = {name for k in kinds for name in field_types(k)}
        seen: set[str] = set()
        for key, cell, span in zip(keys, cells, spans, strict=False):
            if key in seen:
                self.diags.add(Code.BAD_CARD_DATA, f"column `{cell}` appears twice",
                               span, "each field has one column")
                self.columns.append(None)
            elif key in COLUMNS or key in known or None in kinds:
                self.columns.append(key)
            else:
                kind = self.file_kind if "kind" not in keys else "any kind"
                self.diags.add(Code.CARD_DATA_SCHEMA,
                               f"column `{cell}` is not a field of kind `{kind}`", span,
                               did_you_mean(key, sorted(known)) or
                               "columns: id, title, prose, " + ", ".join(sorted(known)))
                self.columns.append(None)
            seen.add(key)
        return True

    def cell(self, cells: list[str], column: str) -> str:
        """The text of a row's cell under `column` ("" when the row has none)."""
        at = self.columns.index(column) if column in self.columns else len(cells)
        return cells[at].strip() if at < len(cells) else ""

    def label(self, cells: list[str]) -> str:
        """`'Title' (id): ` for a row whose id cell holds an id, else ""."""
        ident = self.cell(cells, "id")
        return row_label(ident, self.cell(cells, "title") or None) if ID.fullmatch(ident) else ""

    def card(self, cells: list[str], spans: list[Span], row: Span) -> ast.Instance | None:
        width = len(self.columns)
        if len(cells) < width:
            self.diags.add(Code.BAD_CARD_DATA,
                           f"{self.label(cells)}row has {len(cells)} cells, the header has "
                           f"{width}: the card is left out", spans[-1],
                           "a cell left empty still needs its separator")
            return None
        if any(c.strip() for c in cells[width:]):
            extra = next(i for i in range(width, len(cells)) if cells[i].strip())
            self.diags.add(Code.BAD_CARD_DATA,
                           f"{self.label(cells)}row has {len(cells)} cells, the header has "
                           f"{width}: the card is left out", spans[extra],
                           "give the column a header, or quote a cell that holds the "
                           "separator")
            return None
        values = {col: (cell.strip(), span) for col, cell, span in
                  zip(self.columns, cells, spans, strict=False) if col is not None}
        ident, id_span = values.get("id", ("", row))
        if not ID.fullmatch(ident):
            named = f"'{self.cell(cells, 'title')}': " if self.cell(cells, "title") else ""
            self.diags.add(Code.BAD_CARD_DATA, named + (f"card id `{ident}` is not a Ludex id"
                           if ident else "a card without an id"), id_span, ID_HINT)
            return None
        if not check_id(ident, id_span, self.diags, "a card id"):
            return None
        within, within_span = values.get("within", ("", row))
        if within and self.within is None:
            self.within = ast.Ref(within_span, tuple(within.split(".")))
        elif within and self.within is not None and within != self.within.dotted:
            self.diags.add(Code.BAD_CARD_DATA, f"card `{ident}` is within `{within}`, and "
                           f"the cards above within `{self.within.dotted}`", within_span,
                           "a sheet's cards stand in one section: split the sheet")
            return None
        kind = values.get("kind", (self.file_kind, row))[0] or self.file_kind
        types = self.types.get(kind)
        if types is None:
            types = self.types[kind] = field_types(self.kinds.get(kind))
            self.required[kind] = [name for name, t in types.items()
                                   if not isinstance(t, ast.OptionalType)]
        props = tuple(ast.Property(span, name, cell_value(text, types.get(name), span,
                                                          self.diags))
                      for name, (text, span) in values.items()
                      if name not in COLUMNS and text)
        title = values.get("title", ("", row))[0] or None
        for name in self.required[kind]:  # at the empty cell (the kind's schema skips these)
            text, span = values.get(name, ("", row))
            if not text:
                self.diags.add(Code.CARD_DATA_SCHEMA,
                               f"{row_label(ident, title, kind)}missing field `{name}`", span,
                               f"add `{name}` to the card" if name in values else
                               f"add a `{name}` column, with a value in every row")
        prose_text, prose_span = values.get("prose", ("", row))
        prose = tuple(ast.Prose(prose_span, p.strip()) for p in
                      (re.split(r"\n\s*\n", prose_text) if "\n" in prose_text
                       else [prose_text]) if p.strip())
        return ast.Instance(row, kind, ident, title, prose, (), props, (), (), values=props)


def _records(source: SourceFile) -> Iterator[tuple[int, str]]:
    """(number, text) of each line, numbered from 1 and split at `\n` only, as the
    diagnostics count lines (`splitlines` would also split at U+2028 and form feeds)."""
    parts = source.text.split("\n")
    lines = [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    yield from enumerate(lines, 1)


def parse_sheet(source: SourceFile, diags: Diagnostics,
                kinds: dict[str, ast.Kind]) -> ast.File | None:
    """A `.cards.csv` or `.cards.tsv` file as the instances of its rows."""
    delimiter = "\t" if source.path.endswith(".tsv") else ","
    sheet = _Sheet(source, diags, kinds)
    lines = _records(source)
    consumed: list[tuple[int, str]] = []

    def feed() -> Iterator[str]:
        for number, line in lines:
            consumed.append((number, line))
            yield line

    reader = csv.reader(feed(), delimiter=delimiter, strict=True)
    decls: list[ast.Decl] = []
    top = source.span(1, 1)
    has_header = False
    while True:
        consumed.clear()
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as err:
            at = consumed[0][0] if consumed else reader.line_num
            diags.add(Code.BAD_CARD_DATA, f"card data is not a valid sheet: {err}",
                      source.span(at, 1), 'a cell that holds a quote is quoted, its quote '
                      'doubled: "the ""Iron"" Golem"')
            return None
        if not consumed or not any(c.strip() for c in cells):
            continue
        first = consumed[0][0]
        raw = consumed[0][1] if len(consumed) == 1 else "".join(line for _, line in consumed)
        spans = sheet.spans(first, raw, delimiter, cells)
        if not has_header:
            if not sheet.header(cells, spans):
                return None
            has_header = True
            continue
        row = Span(source.path, first, 1, first, 2)
        card = sheet.card(cells, spans, row)
        if card is not None:
            decls.append(card)
    if not has_header:
        diags.add(Code.BAD_CARD_DATA, "the sheet is empty: it has no header row", top,
                  "the first row names the columns: id, title, the fields, prose")
        return None
    return ast.File(top, source.path, sheet.within, tuple(decls))
