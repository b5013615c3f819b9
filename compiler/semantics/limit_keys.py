"""The key of a keyed limit (`limit: once per turn per target`): a value the rule is
resolved with, so that each value has its own uses. It is one of the built-ins a rule is
given (`target`, `owner`, `self`, and `source`: the game element the rule is printed on,
its `self`), or a name in its `params:` (a step's, its procedure's); anything else is an
unresolved name (E301). And how long a `disable X until end of PERIOD` lasts: a period
of the language (E202).
"""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics, did_you_mean
from ..core.vocabulary import PERIODS
from ..syntax import ast
from ..syntax.properties import params_of
from ..syntax.walk import find_nodes
from .symbols import GameModel

BUILT_IN_KEYS = ("target", "source", "owner", "self")


def check_limit_keys(model: GameModel, diags: Diagnostics) -> None:
    for sym in model.symbols.values():
        clauses = getattr(sym.decl, "clauses", None)
        if not isinstance(clauses, ast.Clauses):
            continue
        found = (n for s in clauses.cost + clauses.effect for n in find_nodes(s, (ast.Disable,)))
        for node in found:
            if node.period is not None and node.period not in PERIODS:
                diags.add(Code.WRONG_TYPE, f"unknown period `{node.period}`", node.span,
                          did_you_mean(node.period, PERIODS) or "one of: " +
                          ", ".join(PERIODS), decl=sym.qualname)
        limit = clauses.limit
        if limit is None or limit.key is None or limit.key in BUILT_IN_KEYS:
            continue
        parent = sym.parent.decl if sym.parent is not None else None
        own = params_of(parent) if isinstance(sym.decl, ast.Step) and parent else ()
        names = (*params_of(sym.decl), *own)
        if limit.key in names:
            continue
        options = (*BUILT_IN_KEYS, *names)
        diags.add(Code.UNRESOLVED, f"the limit counts uses per `{limit.key}`, a value this "
                  "rule is not given", limit.span,
                  did_you_mean(limit.key, options) or "count per one of: " +
                  ", ".join(f"`{o}`" for o in options) + ", or a name of its `params:`",
                  decl=sym.qualname)
