"""Example status (N613, W614).

Every worked example of the book is listed with its status: executable (it
has a start state, actions and expectations) or prose only. When the engine
runs the executable ones, a failing example is a warning: the book's example
contradicts its own rules, or the encoding does.
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import ast
from ..diagnostics import Diagnostic
from ..resolve import GameModel
from .common import finding

CODES = ("N613", "W614")


def check(model: GameModel) -> Iterator[Diagnostic]:
    for decl in model.decls():
        if isinstance(decl, ast.Example):
            status = "executable" if decl.executable else "prose only"
            yield finding(model, "N613", f"example {decl.display!r}: {status}", decl)
