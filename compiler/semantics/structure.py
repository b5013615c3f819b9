"""What the resolver checks of the forms that shape a game's structure: `end PROC` names
a procedure and `skip to PROC.STEP` a step of one (E306); a zone's or deck's `per:
player` (a procedure's `each: player`) means the seats even when no declaration is called
`player`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.codes import Code
from ..syntax import ast
from .symbols import Symbol

if TYPE_CHECKING:
    from .resolve import Resolver


def check_flow(r: Resolver, node: ast.EndProcedure | ast.SkipTo, scope: Symbol,
               local: frozenset[str]) -> None:
    """`end PROC` names a procedure; `skip to PROC.STEP` a step of one."""
    ref = node.procedure if isinstance(node, ast.EndProcedure) else node.step
    target = r.resolve(ref, scope, local) if ref is not None else None
    if ref is None or target is None:
        return
    if isinstance(node, ast.EndProcedure) and not isinstance(target, ast.Procedure):
        r.diags.add(Code.WRONG_KIND_OF_DECLARATION,
                    f"`end {ref.dotted}`: `end` ends a running procedure, and `{ref.dotted}` "
                    f"is a `{target.keyword}`", ref.span,
                    "name the procedure the step belongs to, or `trigger` a rule")
    elif isinstance(node, ast.SkipTo) and not isinstance(target, ast.Step):
        r.diags.add(Code.WRONG_KIND_OF_DECLARATION,
                    f"`skip to {ref.dotted}`: a procedure goes on from one of its steps, and "
                    f"`{ref.dotted}` is a `{target.keyword}`", ref.span,
                    "name a step: `skip to procedure.step`")


def per_seat(r: Resolver, decl: ast.Decl, prop: ast.Property, scope: Symbol) -> bool:
    """A zone's or deck's `per: player` (a procedure's `each: player`) when no declaration
    is called `player`."""
    return (isinstance(decl, (ast.Zone, ast.Deck)) and prop.name == "per" or
            isinstance(decl, ast.Procedure) and prop.name == "each") and \
        isinstance(prop.value, ast.Ref) and prop.value.parts == ("player",) and \
        r.lookup(prop.value, scope) is None
