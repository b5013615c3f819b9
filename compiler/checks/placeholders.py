"""Placeholder or figure reference with no source note (W625).

Where the printed book shows what its text cannot, the encoding says so with a
source note; this finds the places where it did not. A bracketed placeholder
left by the text ("OL.[symbol].2", "[icon]") needs a `note unreadable` (or
`icon`, `ocr`) on its declaration or one around it; a reference to a figure or
a callout the text does not hold ("see the figure", "as showed in the figures",
"the Shores (B)") needs a `note missing` (or `layout`). A Markdown link
("[text](url)") is not a placeholder; the encoding's own words (rulings,
waivers) are not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel, Symbol
from ..syntax import ast
from .common import finding

CODES = (Code.UNMARKED_PLACEHOLDER,)
PLACEHOLDER_NOTES = frozenset({"unreadable", "icon", "ocr"})
FIGURE_NOTES = frozenset({"missing", "layout"})
_PLACEHOLDER = re.compile(r"\[[A-Za-z][a-z ]{0,20}\](?!\()")
_FIGURE = re.compile(
    r"\b(?:see|in|on|at|by|shown in|showed in|depicted in|indicated in|illustrated in)"
    r" the (?:figures?|pictures?|illustrations?)\b|\(see (?:figure|picture)[^)]*\)"
    r"|\([A-H]\)(?!\w)", re.I)
# what every match of `_FIGURE` holds (most paragraphs hold none: told at once)
_FIGURE_HINT = re.compile(r"figure|picture|illustration|\(", re.I)


def check(model: GameModel) -> Iterator[Diagnostic]:
    for sym in model.symbols.values():
        decl = sym.decl
        if isinstance(decl, (ast.Ruling, ast.Waiver)) or not decl.prose:
            continue
        kinds = _note_kinds(sym)
        for para in decl.prose:
            if not kinds & PLACEHOLDER_NOTES and "[" in para.text:
                for hole_text in dict.fromkeys(m.group() for m in
                                               _PLACEHOLDER.finditer(para.text)):
                    yield finding(model, Code.UNMARKED_PLACEHOLDER,
                                  f"the placeholder {hole_text!r} stands for something "
                                  "the text does not give", decl, para.span,
                                  "say what the book prints there: `note unreadable`")
            if not kinds & FIGURE_NOTES and _FIGURE_HINT.search(para.text):
                match = _FIGURE.search(para.text)
                if match is not None:
                    yield finding(model, Code.UNMARKED_PLACEHOLDER,
                                  f"{match.group()!r} points to a figure the text does not "
                                  "hold", decl, para.span,
                                  "say what the figure shows, or that it is missing: "
                                  "`note missing`")


def _note_kinds(sym: Symbol) -> frozenset[str]:
    return frozenset(note.kind for node in sym.ancestors() for note in node.decl.notes)
