"""Card data files: bulk instances of a kind, kept as JSON beside the `.ludex` files
(and, read by `carddata_sheet` and `carddata_yaml`, as CSV, TSV or YAML: `parse_card_file`).

A `NAME.cards.json` file in a game folder holds one kind's cards:

    {"kind": "vengeance_card",
     "within": "vengeance_mode.rules.vengeance_cards",
     "cards": [{"id": "gathering", "title": "Gathering", "prose": ["..."],
                "threshold": "...", "penalties": ["...", "..."]}]}

Each card becomes an instance, exactly as if declared in Ludex: its fields
are validated with the kind's JSON Schema, its references resolved, and every
diagnostic points at the line of the JSON file where the card or field stands.

Lines are counted as `json` counts them for its own errors, by `\n`. What JSON
allows but Ludex cannot carry is an error at its line, never a crash later: a
text holding a lone surrogate (`"\ud800"`: it cannot be written as UTF-8) is
E109; a number beyond the language's limit and a card id longer than its limit
are E110 (see `build`), and no number is handed to `int()` before its length is
checked.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re
from typing import Any

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..core.source import SourceFile, Span
from . import ast
from .carddata_sheet import parse_sheet
from .parse import MAX_DEPTH
from .properties import MAX_DIGITS, check_id, number

RESERVED = ("id", "title", "prose", "page", "source", "see", "see_page", "copies")
_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # fullmatch: `$` would allow "id\n"


class _Unencodable(ValueError):
    """A text in the JSON that UTF-8 cannot encode, and where it starts."""

    def __init__(self, text: str, index: int) -> None:
        super().__init__(text)
        self.text, self.index = text, index


class _Huge(str):
    """The digits of a JSON integer beyond the limit, kept as text, never `int()`ed."""


def _json_int(digits: str) -> int | _Huge:
    if len(digits.lstrip("-0")) > MAX_DIGITS:
        return _Huge(digits)
    return int(digits)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# a text decodes to a lone surrogate only through a `\uD800`-`\uDFFF` escape
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class _Positions(json.JSONDecoder):
    """A JSON decoder that remembers where each object starts, keeps huge integers as
    text and, when `check_texts`, refuses texts that UTF-8 cannot encode."""

    def __init__(self, check_texts: bool) -> None:
        super().__init__(parse_int=_json_int)
        self.starts: dict[int, int] = {}
        plain: Any = json.decoder.JSONObject  # type: ignore[attr-defined]
        scan: Any = json.decoder.scanstring  # type: ignore[attr-defined]

        def parse_object(s_and_end: tuple[str, int], *args: Any) -> tuple[Any, int]:
            obj, end = plain(s_and_end, *args)
            start = s_and_end[1] - 1
            for key in obj if check_texts else ():
                if not _encodable(key):
                    raise _Unencodable(key, max(start, s_and_end[0].find(json.dumps(key),
                                                                          start)))
            self.starts[id(obj)] = start
            return obj, end

        def parse_string(s: str, end: int, strict: bool) -> tuple[str, int]:
            text, after = scan(s, end, strict)
            if not _encodable(text):
                raise _Unencodable(text, end - 1)
            return text, after

        self.parse_object = parse_object
        if check_texts:
            self.parse_string = parse_string
        # the pure-Python scanner, so that it calls our parse_object
        self.scan_once = json.scanner.py_make_scanner(self)  # type: ignore[attr-defined]


class _Reader:
    def __init__(self, source: SourceFile, diags: Diagnostics) -> None:
        self.source, self.diags = source, diags
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", source.text)]

    def span_at(self, index: int, length: int = 1) -> Span:
        line = _bisect(self.line_starts, index)
        col = index - self.line_starts[line - 1] + 1
        return Span(self.source.path, line, col, line, col + length)

    def key_span(self, obj_start: int, key: str) -> Span:
        at = self.source.text.find(json.dumps(key), obj_start)
        return self.span_at(at if at >= 0 else obj_start, len(json.dumps(key)))

    def value(self, v: Any, span: Span, depth: int = 0) -> ast.Expr:
        if depth > MAX_DEPTH:  # later stages walk values recursively, as in `.ludex` files
            self.diags.add(Code.BAD_CARD_DATA,
                           f"a card field nests lists more than {MAX_DEPTH} deep",
                           span, "a card field holds a value or a list of values")
            return ast.ListLit(span, ())
        if isinstance(v, bool):
            return ast.BoolLit(span, v)
        if isinstance(v, _Huge):
            return ast.IntLit(span, -number(v[1:], span, self.diags) if v.startswith("-")
                              else number(v, span, self.diags))
        if isinstance(v, int):
            return ast.IntLit(span, v)
        if isinstance(v, str):
            return ast.StrLit(span, v)
        if isinstance(v, list):
            return ast.ListLit(span, tuple(self.value(i, span, depth + 1) for i in v))
        self.diags.add(Code.WRONG_TYPE,
                       f"a card field holds {type(v).__name__}: only numbers, texts, "
                       "yes/no and lists are card data", span, None)
        return ast.StrLit(span, json.dumps(v))


def _bisect(starts: list[int], index: int) -> int:
    lo, hi = 0, len(starts)
    while lo < hi:
        mid = (lo + hi) // 2
        if starts[mid] <= index:
            lo = mid + 1
        else:
            hi = mid
    return lo


def parse_cards(source: SourceFile, diags: Diagnostics) -> ast.File | None:
    decoder = _Positions(_SURROGATE_ESCAPE.search(source.text) is not None)
    try:
        data = decoder.decode(source.text)
    except json.JSONDecodeError as err:
        diags.add(Code.BAD_CARD_DATA, f"card data is not valid JSON: {err.msg}",
                  source.span(err.lineno, err.colno), "check the brackets, commas and quotes")
        return None
    except RecursionError:
        diags.add(Code.BAD_CARD_DATA, "card data is nested too deeply", source.span(1, 1),
                  "cards are objects in a list: nothing in them nests deeper than a list")
        return None
    except _Unencodable as err:
        shown = err.text if len(err.text) <= 40 else err.text[:37] + "..."
        diags.add(Code.BAD_CARD_DATA,
                  f"card data holds a text that is not Unicode: `{shown}` has a "
                  "lone surrogate (half of a pair such as `\\ud83d\\ude00`)",
                  _Reader(source, diags).span_at(err.index),
                  "write the character itself, or both halves of its surrogate pair")
        return None
    reader = _Reader(source, diags)
    top = reader.span_at(decoder.starts.get(id(data), 0))
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str) or \
            not isinstance(data.get("cards"), list):
        diags.add(Code.BAD_CARD_DATA,
                  'card data must be an object with "kind" (text) and "cards" (a list)',
                  top, '{"kind": "card", "cards": [{"id": "bolt", "title": "Bolt", ...}]}')
        return None
    within = None
    if isinstance(data.get("within"), str) and data["within"]:
        within = ast.Ref(reader.key_span(0, "within"), tuple(data["within"].split(".")))
    decls = tuple(d for d in (_card(reader, decoder, data["kind"], c, top)
                              for c in data["cards"]) if d is not None)
    return ast.File(top, source.path, within, decls)


def _card(reader: _Reader, decoder: _Positions, kind: str, card: Any,
          top: Span) -> ast.Instance | None:
    start = decoder.starts.get(id(card))
    span = reader.span_at(start) if start is not None else top
    if not isinstance(card, dict) or not isinstance(card.get("id"), str) or \
            not _ID.fullmatch(card["id"]):
        reader.diags.add(Code.BAD_CARD_DATA,
                         'each card is an object with an "id" that is a Ludex id',
                         span, 'e.g. {"id": "beware_the_roofs", "title": "Beware the Roofs"}')
        return None
    obj = start or 0
    if not check_id(card["id"], reader.key_span(obj, "id"), reader.diags, "a card id"):
        return None
    title = card.get("title")
    if title is not None and not isinstance(title, str):
        reader.diags.add(Code.WRONG_TYPE, "a card's `title` is a text", reader.key_span(obj,
                                                                                        "title"),
                         '"title": "Beware the Roofs"')
        title = None
    prose = _prose(reader, obj, card.get("prose", []))
    props = tuple(ast.Property(reader.key_span(obj, name), name,
                               reader.value(value, reader.key_span(obj, name)))
                  for name, value in card.items() if name not in ("id", "title", "prose"))
    values = tuple(p for p in props if p.name not in RESERVED)
    return ast.Instance(span, kind, card["id"], title, prose, (), props, (), (),
                        values=values)


def _prose(reader: _Reader, obj: int, value: Any) -> tuple[ast.Prose, ...]:
    """A card's `prose`: a text, or a list of texts (its paragraphs)."""
    paragraphs = [value] if isinstance(value, str) else value
    span = reader.key_span(obj, "prose")
    if not isinstance(paragraphs, list) or not all(isinstance(p, str) for p in paragraphs):
        reader.diags.add(Code.WRONG_TYPE, "a card's `prose` is a text or a list of texts", span,
                         '"prose": ["The first paragraph.", "The second."]')
        return ()
    return tuple(ast.Prose(span, p) for p in paragraphs)


CARD_SUFFIXES = (".cards.json", ".cards.csv", ".cards.tsv", ".cards.yaml", ".cards.yml")


def is_card_file(path: str) -> bool:
    return path.endswith(CARD_SUFFIXES)


def parse_card_file(source: SourceFile, diags: Diagnostics,
                    kinds: dict[str, ast.Kind]) -> ast.File | None:
    """Any card data file, by its suffix; `kinds` (the game's own, by id) give a sheet's
    or a YAML file's plain cells their types."""
    if source.path.endswith((".cards.csv", ".cards.tsv")):
        return parse_sheet(source, diags, kinds)
    if source.path.endswith((".cards.yaml", ".cards.yml")):
        from .carddata_yaml import parse_yaml  # noqa: PLC0415 - PyYAML only for YAML
        return parse_yaml(source, diags, kinds)
    return parse_cards(source, diags)
