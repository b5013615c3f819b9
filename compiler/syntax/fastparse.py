"""A fast path for plain declarations: the AST that Lark's parse would give, built
without the parser, for the one shape that makes up most of a large card set.

A top-level declaration is *plain* when it is a header (`card c1 "Card 1":`) and a body
of lines at one indentation, each a property whose value is a literal (`cost: 3`,
`text: "Deal 2"`, `school: fire`, `owner: players.first`, `tags: ["a", "b"]`) or a prose
line (`> ...`), with blank and comment lines between. Such a declaration is read with a
few regular expressions and handed to the same `build_decl` the parser's callbacks call,
with the same spans and the same diagnostics. Anything else, however small the doubt (a
keyword where a name stands, a nested block, a tab, an expression, a row), is not plain:
`plain_decl` returns None and the declaration is parsed by Lark as before.

The grammar decides what a token is; this module copies the part of it that plain
declarations use: `NAME`, `INT`, `STRING`, `PROSE`, comments, the clause words that
start a body item (which are keywords there, not names) and the three keywords an
expression may start with (`yes`, `no`, `not`). `tests/test_fastparse.py` checks that
the copy matches the grammar's tables, and that every declaration of `rules/` and of
the fixtures the fast path reads gives the AST and diagnostics Lark's parse gives.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.diagnostics import Diagnostics
from ..core.source import Span
from . import ast
from .assemble import BodyItem, Clause, build_decl
from .properties import number

# the words that start a body item as keywords (a property of that name is no property)
CLAUSE_WORDS = frozenset({"field", "when", "limit", "duration", "condition", "expect",
                          "note", "suppress"})
# clause words whose `word: value` line is a plain value on an instance (`cost: 3`)
EFFECT_WORDS = frozenset({"effect", "cost", "given", "actions"})
# the words that start a statement: after a prose line, the parser reads them as
# keywords (a prose line may be a step of an effect), so no property of these names
# follows one
STEP_WORDS = frozenset({"add", "as", "choose", "discard", "draw", "eliminate", "end", "for",
                        "gain", "if", "log", "lose", "may", "move", "pay", "place",
                        "refused", "relocate", "remove", "require", "reroll", "reveal",
                        "roll", "schedule", "set", "shuffle", "skip", "trigger", "disable",
                        "push", "pull"}) | {"restore"} | {"create", "retire"}
# words an expression may start with as keywords: never a name where a value starts
VALUE_KEYWORDS = frozenset({"yes", "no", "not"})

_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_STRING = r'"[^"\n]*"'  # (a text with a backslash is not plain: escapes are the parser's)
_HEADER = re.compile(rf"({_NAME}) +({_NAME})(?: +({_STRING}))? *(:?)(?: *#.*)?")
_IS_NAME = re.compile(_NAME).fullmatch
_REF = re.compile(rf"{_NAME}(?:\.{_NAME})*").fullmatch
_ATOM = re.compile(rf"{_STRING}|[0-9]+|{_NAME}(?:\.{_NAME})*")
_LIST_SEP = re.compile(r" *(,|\]) *")
_MAX_PLAIN_DIGITS = 18  # longer numbers go through `number`, which reports them


def plain_decl(text: str, path: str, first: int, diags: Diagnostics) -> ast.Decl | None:
    """The declaration `text` holds (its first line is line `first` of the file), when it
    is plain; None otherwise, with nothing reported."""
    if "\t" in text or "\r" in text or "\f" in text or "\\" in text:
        return None  # tabs indent by 8, escapes unquote: left to the parser
    lines = text.split("\n")
    at = 0
    while at < len(lines) and _skip(lines[at]):
        at += 1
    if at == len(lines):
        return None
    header = _HEADER.fullmatch(lines[at])
    if header is None or header.group(1) == "within":
        return None
    line_no = first + at
    keyword, ident, title, colon = header.group(1, 2, 3, 4)
    ident_col = header.start(2) + 1
    span = Span(path, line_no, 1, line_no, ident_col + len(ident))
    found = Diagnostics()
    items: list[BodyItem] = []
    indent = 0
    line_no += 1
    for line in lines[at + 1:]:
        number_ = line_no
        line_no += 1
        body = line.lstrip(" ")
        if not body or body[0] == "#":
            continue  # a blank or comment line
        width = len(line) - len(body)
        if not colon or width == 0 or (indent and width != indent):
            return None  # a body under a header without `:`, or nested, or dedented
        indent = width
        item = _item(body, path, number_, width + 1, found)
        if item is None or (isinstance(item, ast.Property) and item.name in STEP_WORDS and
                            any(isinstance(i, ast.Prose) for i in items)):
            return None
        items.append(item)
    if colon and not items:
        return None  # `:` without a block: a syntax error, the parser reports it
    decl = build_decl(span, keyword, Span(path, span.line, 1, span.line, 1 + len(keyword)),
                      ident, title[1:-1] if title else None, items, found)
    diags.extend(found)
    return decl


def _skip(line: str) -> bool:
    """A blank or comment line."""
    body = line.lstrip(" ")
    return not body or body[0] == "#"


def _item(body: str, path: str, line: int, col: int, diags: Diagnostics) -> BodyItem | None:
    if body[0] == ">":
        text = body[1:]
        return ast.Prose(Span(path, line, col, line, col + len(body)),
                         text[1:] if text[:1] == " " else text)
    colon = body.find(":")
    if colon <= 0:
        return None
    name = body[:colon].rstrip(" ")
    if not _IS_NAME(name) or name in CLAUSE_WORDS:
        return None
    rest = body[colon + 1:]
    raw = rest.lstrip(" ")
    if not raw:
        return None
    start = col + colon + 1 + len(rest) - len(raw)
    value = _value(raw, path, line, start, diags)
    if value is None:
        return None
    span = Span(path, line, col, line, value.span.end_col)
    if name in EFFECT_WORDS:
        # `cost: 3`: a plain value (a statement could start with a name: not plain)
        if not isinstance(value, (ast.IntLit, ast.StrLit)):
            return None
        return Clause(name, span, value, plain_value=True)
    return ast.Property(span, name, value)


def _value(raw: str, path: str, line: int, col: int, diags: Diagnostics) -> Any:
    """The literal that `raw` (at column `col`, up to the line's end) starts with, an atom
    or a list of atoms, when only spaces and a comment follow it; else None."""
    first = raw[0]
    if first == "[":
        end = raw.find("]")
    elif first == '"':
        end = raw.find('"', 1)
    else:
        end = raw.find("#") - 1
        if end < 0:
            end = len(raw) - 1
        while end > 0 and raw[end] == " ":
            end -= 1
    if end < 0:
        return None  # an open bracket or quote, or no value before a comment
    literal, after = raw[:end + 1], raw[end + 1:].lstrip(" ")
    if after and after[0] != "#":
        return None
    if first == "[":
        return _list(literal, path, line, col, diags)
    return _atom(literal, path, line, col, diags)


def _atom(raw: str, path: str, line: int, col: int, diags: Diagnostics) -> Any:
    span = Span(path, line, col, line, col + len(raw))
    first = raw[0]
    if first == '"':
        return ast.StrLit(span, raw[1:-1]) if raw.find('"', 1) == len(raw) - 1 else None
    if first.isdigit():
        if not raw.isdigit() or not raw.isascii():
            return None
        value = int(raw) if len(raw) <= _MAX_PLAIN_DIGITS else number(raw, span, diags)
        return ast.IntLit(span, value)
    if not _REF(raw):
        return None
    parts = tuple(raw.split("."))
    if any(p in VALUE_KEYWORDS for p in parts):
        return None
    return ast.Ref(span, parts)


def _list(raw: str, path: str, line: int, col: int, diags: Diagnostics) -> Any:
    """`[a, b]`: atoms separated by commas (spaces around them allowed), nothing after."""
    span = Span(path, line, col, line, col + len(raw))
    inner = raw[1:-1]
    if not inner.strip(" "):
        return ast.ListLit(span, ())
    items: list[Any] = []
    pos = 1
    while raw[pos] == " ":
        pos += 1
    while True:
        atom = _ATOM.match(raw, pos)
        if atom is None:
            return None
        item = _atom(atom.group(), path, line, col + pos, diags)
        if item is None:
            return None
        items.append(item)
        sep = _LIST_SEP.match(raw, atom.end())
        if sep is None:
            return None
        pos = sep.end()
        if sep.group(1) == "]":
            return ast.ListLit(span, tuple(items)) if pos == len(raw) else None
