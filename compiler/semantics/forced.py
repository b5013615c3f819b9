"""The events of a move square by square (E311, run after name resolution).

`when: passes X` (a space moved onto during a push, a pull or a move along a path) and
`when: bumps X` (what stopped a push or a pull: a blocking space, or a board's edge) name
a board (any of its spaces, or its edge) or a space of one; anything else is never
passed through nor bumped into, and the rule would never fire.
"""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from .pieces import HELD
from .symbols import GameModel

SQUARE_EVENTS = {"passes": "moved onto during a move", "bumps": "what stops a push or a pull"}


def check_square_events(model: GameModel, diags: Diagnostics) -> None:
    for sym in model.symbols.values():
        clauses = getattr(sym.decl, "clauses", None)
        when = clauses.when if isinstance(clauses, ast.Clauses) else None
        for moment in when.moments if when is not None else ():
            if moment.kind not in SQUARE_EVENTS or moment.target is None:
                continue
            target = model.targets.get(moment.target)
            if target is None or isinstance(target, (ast.Board, ast.Space)):
                continue
            if isinstance(target, HELD):  # a space holding it (`semantics.pieces`)
                continue
            diags.add(Code.BAD_BOARD, f"`{moment.kind} {moment.target.dotted}`: "
                      f"`{target.id}` is a {target.keyword}, and only a board's space is "
                      f"{SQUARE_EVENTS[moment.kind]}: this rule would never fire",
                      moment.target.span, f"name a board (`{moment.kind} field`: any of "
                      f"its spaces{', or its edge' if moment.kind == 'bumps' else ''}), "
                      "one of its spaces, or a component, card or kind whose pieces stand "
                      "on them (`passes rock(r)`)")
