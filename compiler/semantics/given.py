"""`given(NAME)`: whether a rule's run was given a name (E390, run after name resolution).

A rule hooked to several moments, or triggered by several rules, may be given `target`
at one and not at another; reading a name its run was not given blocks the run
(`NotExecutable`: "`target` is not known here"). `given(target)` asks instead: true when
the run has it, false when not, and nothing is read. It takes one bare name the run may
be given: a built-in (`actor`, `target`, `owner`, `self`), a name the rule's `when:`
binds, or one of its (its procedure's) `params:`. Anything else is E390: a value, a
declaration, `you` (always known), or a call outside a rule's clauses (an example states
what it gives).
"""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from ..syntax.walk import iter_nodes
from .events import local_names
from .symbols import GameModel

GIVEN = "given"
ASKABLE = frozenset({"actor", "target", "owner", "self"})  # the built-ins a run may lack


def check_given(model: GameModel, diags: Diagnostics) -> None:
    """E390 for each `given(...)` that does not name one value a rule's run may be given."""
    if any(isinstance(d, ast.Fact) and d.id == GIVEN for d in model.of_type(ast.Fact)):
        return  # the game's own fact of that name: an ordinary call
    for sym in model.symbols.values():
        decl = sym.decl
        clauses = getattr(decl, "clauses", None)
        parent = sym.parent.decl if sym.parent is not None else None
        names = ASKABLE | local_names(decl, parent) if isinstance(clauses, ast.Clauses) \
            else frozenset()
        for node in iter_nodes(decl):
            if isinstance(node, ast.Call) and node.func == GIVEN:
                _check(node, names, diags)


def _check(call: ast.Call, names: frozenset[str], diags: Diagnostics) -> None:
    arg = call.args[0] if len(call.args) == 1 else None
    name = arg.parts[0] if isinstance(arg, ast.Ref) and len(arg.parts) == 1 else None
    if name is not None and name in names:
        return
    what = f"`{name}`" if name is not None else "what it is given"
    where = "here" if names else "outside a rule's clauses"
    diags.add(Code.NOT_A_GIVEN_NAME,
              f"`given(...)` asks whether a run was given a name, and {what} is no name "
              f"a run may be given {where}", call.span,
              "write `given(target)` (or `owner`, `actor`, `self`), or a name the "
              "rule's `when:` binds or its `params:` list" if names else
              "ask it in a rule's condition or effect; an example states what it gives")
