"""A rule where a value is read (E306): a rule is resolved (`trigger x`), never read.

A condition that is a bare name (`condition: x`, `if x:`, `x and y`, `not x`) or the
target of a `set` reads a value; a name there that resolves to a rule, a procedure or
a step (one declared nearer hides a stat of the same name, say) compiled, and the run
then stopped on "what `True` holds is not modelled", naming neither. It is an error
naming the rule. What a rule has done is asked with a query: `used(x)`, `happened(x)`,
`resolving(x)`, `active(x)`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from ..syntax.walk import iter_nodes
from .symbols import GameModel

RESOLVED = (ast.Rule, ast.Procedure, ast.Step)


def check_values(model: GameModel, diags: Diagnostics) -> None:
    """Each bare name read as a truth or set, against what it resolves to."""
    for sym in model.symbols.values():
        decl = sym.decl
        roots: list[object] = []
        clauses = getattr(decl, "clauses", None)
        if isinstance(clauses, ast.Clauses):
            roots.append(clauses)
            if clauses.condition is not None:
                roots.append(ast.Require(clauses.condition.span, clauses.condition))
        if isinstance(decl, ast.Example):
            roots += [*decl.given, *decl.actions, *decl.expect]
        seen: set[int] = set()
        for root in roots:
            for ref, reads in _read(root):
                target = model.targets.get(ref)
                if isinstance(target, RESOLVED) and id(ref) not in seen:
                    seen.add(id(ref))
                    diags.add(Code.WRONG_KIND_OF_DECLARATION,
                              f"`{ref.dotted}` names a {target.keyword}, where {reads}: a "
                              f"{target.keyword} is resolved (`trigger`), not read",
                              ref.span, "name the stat or the fact meant (a nearer "
                              f"declaration `{target.id}` hides one of the same name?), or "
                              f"ask what it did: `used({ref.dotted})`, "
                              f"`happened({ref.dotted})`")


def _read(root: object) -> Iterator[tuple[ast.Ref, str]]:
    """The bare names read as a truth or set below `root`, with how each is read."""
    for node in iter_nodes(root):
        if isinstance(node, (ast.If, ast.Require)):
            yield from _truths(node.condition)
        elif isinstance(node, ast.SetValue) and isinstance(node.target, ast.Ref):
            yield node.target, "a value is set"


def _truths(e: ast.Expr) -> Iterator[tuple[ast.Ref, str]]:
    if isinstance(e, ast.Ref):
        yield e, "a truth is read"
    elif isinstance(e, ast.Unary) and e.op == "not":
        yield from _truths(e.operand)
    elif isinstance(e, ast.Binary) and e.op in ("and", "or"):
        yield from _truths(e.left)
        yield from _truths(e.right)
