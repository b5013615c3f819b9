"""What may be typed at the cursor: ids in scope, the language's words, the clause words
and the properties a declaration takes, the fields of a card's kind.

The words come from the one vocabulary (`core.vocabulary`, `syntax.properties`), the ids
and fields from the last compilation of the game. After a dot, only the children of the
declaration the dotted prefix names are offered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.vocabulary import BUILTIN_NAMES, CLAUSES, FLOW, VERBS
from ..semantics.symbols import Symbol
from ..syntax import ast, unparse
from ..syntax.properties import BUILTINS, COMMON, INSTANCE_PROPS, PROPS
from ..syntax.properties import CLAUSES as ALLOWED
from .index import GameIndex

LINE_WORDS = ("within", "note", "suppress", "field")
_WORD = re.compile(r"[A-Za-z_][\w.]*$")


@dataclass(frozen=True, slots=True, order=True)
class Completion:
    """One candidate: what it inserts, what sort of thing it is, a line of detail."""

    label: str
    sort: str  # "id", "keyword", "clause", "property", "field", "kind"
    detail: str = ""
    insert: str | None = None


def word_before(line_text: str, col: int) -> str:
    """The id (dots included) the cursor ends; `col` counts from 1."""
    match = _WORD.search(line_text[: col - 1])
    return match.group(0) if match else ""


def completions(index: GameIndex, file: str, lines: list[str], line: int,
                col: int) -> list[Completion]:
    """The candidates at (line, col) of `file`, whose current text is `lines`."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    word = word_before(text, col)
    enclosing = _enclosing(index, file, lines, line)
    if "." in word:
        return _children(index, word.rsplit(".", 1)[0], enclosing)
    found = _ids(index, enclosing)
    if not text[: col - 1 - len(word)].strip():  # the first word of a line
        found += _line_starts(index, enclosing)
    else:
        found += [Completion(w, "keyword") for w in (*VERBS, *FLOW, "and", "or", "not",
                                                     "yes", "no")]
        found += [Completion(n, "id", "built-in name") for n in sorted(BUILTIN_NAMES)]
    best: dict[str, Completion] = {}
    for c in found:
        best.setdefault(c.label, c)
    return sorted(best.values())


def _enclosing(index: GameIndex, file: str, lines: list[str], line: int) -> ast.Decl | None:
    """The declaration whose body the cursor's line is in: the nearest header above it
    that is indented less."""
    headers = index.headers(file)
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    indent = len(here) - len(here.lstrip())
    for number in range(line - 1, 0, -1):
        above = lines[number - 1] if number <= len(lines) else ""
        if not above.strip():
            continue
        depth = len(above) - len(above.lstrip())
        if depth < indent and number in headers:
            return headers[number]
        if depth == 0 and number not in headers:
            return None
    return None


def _ids(index: GameIndex, enclosing: ast.Decl | None) -> list[Completion]:
    """The short id of every declaration visible from the cursor's scope (its own and
    its enclosing declarations' children, the game's top level), and the qualified
    name of every other."""
    scopes: list[Symbol] = []
    sym = index.symbol(enclosing) if enclosing is not None else None
    while sym is not None:
        scopes.append(sym)
        sym = sym.parent
    scopes += [m.root for m in index.comp.models]
    out, near = [], set()
    for scope in scopes:
        for child in scope.children.values():
            near.add(id(child.decl))
            out.append(_id(child.decl.id, child))
    out += [_id(sym.qualname, sym) for sym in index.symbols.values()
            if id(sym.decl) not in near]
    return out


def _id(label: str, sym: Symbol) -> Completion:
    title = f" {sym.decl.title}" if sym.decl.title else ""
    return Completion(label, "id", f"{sym.decl.keyword} {sym.qualname}{title}")


def _children(index: GameIndex, prefix: str, enclosing: ast.Decl | None) -> list[Completion]:
    """The children of the declaration `prefix` names, looked up from the cursor's scope
    outwards."""
    scopes: list[Symbol] = []
    sym = index.symbol(enclosing) if enclosing is not None else None
    while sym is not None:
        scopes.append(sym)
        sym = sym.parent
    scopes += [m.root for m in index.comp.models]
    for scope in scopes:
        node: Symbol | None = scope
        for part in prefix.split("."):
            node = node.children.get(part) if node is not None else None
        if node is not None:
            return sorted(_id(c.decl.id, c) for c in node.children.values())
    return []


def _line_starts(index: GameIndex, enclosing: ast.Decl | None) -> list[Completion]:
    """What a line may start with: declaration keywords and kinds, statements, and in a
    declaration's body its clause words, its properties and its kind's fields."""
    out = [Completion(k, "keyword", "declaration") for k in sorted(BUILTINS)]
    out += [Completion(k.id, "kind", f"a card of kind {k.display}") for m in index.comp.models
            for k in m.of_type(ast.Kind)]
    out += [Completion(w, "keyword", "line") for w in LINE_WORDS]
    out += [Completion(w, "keyword", "statement") for w in (*VERBS, *FLOW)]
    if enclosing is None:
        return out
    keyword = enclosing.keyword
    clauses = ALLOWED.get(keyword, ALLOWED["rule"] if keyword not in BUILTINS else frozenset())
    out += [Completion(c, "clause", f"clause of {keyword}", f"{c}: ") for c in CLAUSES
            if c in clauses]
    props = {**COMMON, **(PROPS[keyword] if keyword in BUILTINS else INSTANCE_PROPS)}
    out += [Completion(p, "property", f"property of {keyword}", f"{p}: ") for p in sorted(props)]
    out += [Completion(f.name, "field", f"field of {keyword}: {_type(f)}", f"{f.name}: ")
            for f in index.kind_fields(keyword)]
    return out


def _type(f: ast.Field) -> str:
    return unparse.field_type(f.type)
