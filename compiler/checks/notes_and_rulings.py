"""Source notes and rulings (N611, N612).

Every icon, layout, missing, unreadable or OCR note, and every ruling, is
listed so a reader sees what the encoding had to interpret: a note says what
the printed book shows that the text cannot; a ruling says what the encoding
assumed where the book is silent or ambiguous.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel
from ..syntax import ast, unparse
from .common import finding

CODES = (Code.SOURCE_NOTE, Code.RULING)


def check(model: GameModel) -> Iterator[Diagnostic]:
    for decl in model.decls():
        for note in decl.notes:
            yield finding(model, Code.SOURCE_NOTE, f"{note.kind} note on {decl.display!r}: "
                          f"{_short(note.text)}", decl, note.span)
        if isinstance(decl, ast.Ruling):
            target = ""
            if decl.applies_to is not None:
                target = f" (applies to `{unparse.expr(decl.applies_to)}`)"
            summary = _short(decl.prose[0].text) if decl.prose else ""
            yield finding(model, Code.RULING, f"ruling {decl.display!r}{target}: {summary}", decl)


def _short(text: str, width: int = 160) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."
