"""W315: a rule hooked to X whose whole effect is a `require`.

A hooked rule that may not be used now is skipped (the log says so) and X goes on: a
`require` that fails there refuses nothing but the hooked rule itself. A book's "cannot"
said so ("during construction: require not placed_before(target)") never stops a
Construction. What refuses X is a rule in its place: `when: instead of X`, the case in
its `condition:`, `effect: require no`. A check once X has happened (`end of`, `after`:
"the river must run its course" at the end of Setup's Phase 1) is a rule that holds then:
the case in its `condition:`, `holds: then`, no effect; failing, it refuses X.
"""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast, unparse
from .symbols import GameModel

BEFORE_IT_HAPPENS = {"before": "before", "start": "start of", "during": "during"}
ONCE_IT_HAPPENED = {"end": "end of", "after": "after"}
WRITTEN = BEFORE_IT_HAPPENS | ONCE_IT_HAPPENED


def check_hooked_requires(model: GameModel, diags: Diagnostics) -> None:
    for decl in model.decls():
        clauses = getattr(decl, "clauses", None)
        if not isinstance(clauses, ast.Clauses) or clauses.when is None or \
                len(clauses.effect) != 1 or not isinstance(clauses.effect[0], ast.Require):
            continue
        moments = clauses.when.moments
        if not moments or any(m.kind not in WRITTEN or m.target is None for m in moments):
            continue
        first = moments[0]
        assert first.target is not None  # (every moment above names what it is hooked to)
        what = first.target.dotted
        written = f"{WRITTEN[first.kind]} {what}"
        case = unparse.expr(clauses.effect[0].condition)
        diags.add(Code.HOOKED_REQUIRE,
                  f"`when: {written}` with `effect: require {case}`: when it fails, this rule "
                  f"is skipped and `{what}` goes on, so nothing is refused",
                  clauses.effect[0].span,
                  f"to refuse `{what}`: `when: instead of {what}`, "
                  f"`condition: not ({case})`, `effect: require no`"
                  if first.kind in BEFORE_IT_HAPPENS else
                  f"to refuse `{what}`: `condition: {case}` and `holds: then`, no effect")
