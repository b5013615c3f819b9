"""Manifest total or joined line (W626).

What a components list says about its own lines: a line that gives one count
for two components joined by "and" ("Chronoleon Action card and Surge Token
Reference cards: 3": which of the two is 3?), and a total the list states
("Total: 1901 Cards") that its entries do not add up to. The entries a total
covers are those whose name ends with the total's word ("Clue Cards",
"Gear Cards" for "Cards") and those the total's paragraph names ("Map Tiles").
The paragraphs read are the manifest's own and those of declarations inside it.
A code of its own, apart from W601's count against the rules: a list's sum is
the book's arithmetic, whatever the encoding defines (a `suppress W601` for an
encoding that enumerates only some of the cards does not hide it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel, Symbol
from ..syntax import ast
from .common import finding
from .terms import key

CODES = (Code.MANIFEST_TOTAL,)
PIECE = (r"(?:tokens?|cards?|meeples?|markers?|tiles?|dice|boards?|miniatures?|sheets?|"
         r"figures?|pawns?|cubes?|discs?)")
_JOINED = re.compile(rf"(?:^|[,;.]\s)\s*(?:[-•*]\s*)?((?:[A-Z&][\w&'’-]*\s+)+{PIECE})\s+and\s+"
                     rf"((?:[A-Z&][\w&'’-]*\s+)+{PIECE})\s*(?::\s*|-\s*|\(\s*)(\d+)\)?"
                     r"(?=\s*(?:$|[,;.]))", re.I | re.M)
_TOTAL = re.compile(r"\btotal\b[^:\d\n]*:?\s*(\d[\d,]*)\s+([A-Za-z]+)", re.I)


def check(model: GameModel) -> Iterator[Diagnostic]:
    for manifest in model.of_type(ast.Manifest):
        assert isinstance(manifest, ast.Manifest)
        sym = model.symbol(manifest)
        decls = [manifest, *(s.decl for s in _inside(sym))]
        for decl in decls:
            for para in decl.prose:
                for m in _JOINED.finditer(para.text):
                    yield finding(model, Code.MANIFEST_TOTAL,
                                  f"one count ({m.group(3)}) for two components: "
                                  f"{m.group(1).strip()!r} and {m.group(2).strip()!r}",
                                  manifest, para.span,
                                  "the list does not say how many of each: record the "
                                  "reading with a `ruling`")
                yield from _totals(model, manifest, decl, para)


def _inside(sym: Symbol) -> Iterator[Symbol]:
    for child in sym.children.values():
        yield child
        yield from _inside(child)


def _totals(model: GameModel, manifest: ast.Manifest, decl: ast.Decl,
            para: ast.Prose) -> Iterator[Diagnostic]:
    match = _TOTAL.search(para.text)
    if match is None:
        return
    stated = int(match.group(1).replace(",", ""))
    word = key(match.group(2))
    text = key(para.text)
    covered = [e for e in manifest.entries if e.label and (
        key(e.label).split()[-1:] == [word] or key(e.label) in text)]
    total = sum(e.count for e in covered)
    if covered and total != stated:
        names = ", ".join(repr(e.label) for e in covered[:3]) + (" ..." if len(covered) > 3
                                                                else "")
        yield finding(model, Code.MANIFEST_TOTAL,
                      f"the list states a total of {stated} {match.group(2)}, but its "
                      f"{len(covered)} entries of them add up to {total}", decl, para.span,
                      f"the entries counted: {names}")
