"""W315: a rule hooked `before`, `start of` or `during` X whose whole effect is a `require`.

A hooked rule that may not be used now is skipped (the log says so) and X goes on: a
`require` that fails there refuses nothing but the hooked rule itself. A book's "cannot"
said so ("during construction: require not placed_before(target)") never stops a
Construction. What refuses X is a rule in its place: `when: instead of X`, the case in
its `condition:`, `effect: require no`. (An `end of` or `after` hook comes when X has
happened: it is not flagged.)
"""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast, unparse
from .symbols import GameModel

BEFORE_IT_HAPPENS = {"before": "before", "start": "start of", "during": "during"}


def check_hooked_requires(model: GameModel, diags: Diagnostics) -> None:
    for decl in model.decls():
        clauses = getattr(decl, "clauses", None)
        if not isinstance(clauses, ast.Clauses) or clauses.when is None or \
                len(clauses.effect) != 1 or not isinstance(clauses.effect[0], ast.Require):
            continue
        moments = clauses.when.moments
        if not moments or any(m.kind not in BEFORE_IT_HAPPENS or m.target is None
                              for m in moments):
            continue
        first = moments[0]
        assert first.target is not None  # (every moment above names what it is hooked to)
        what = first.target.dotted
        written = f"{BEFORE_IT_HAPPENS[first.kind]} {what}"
        case = unparse.expr(clauses.effect[0].condition)
        diags.add(Code.HOOKED_REQUIRE,
                  f"`when: {written}` with `effect: require {case}`: when it fails, this rule "
                  f"is skipped and `{what}` goes on, so nothing is refused",
                  clauses.effect[0].span,
                  f"to refuse `{what}`: `when: instead of {what}`, "
                  f"`condition: not ({case})`, `effect: require no`")
