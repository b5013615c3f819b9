"""What the resolver checks of the forms that shape a game's structure: `end PROC` names
a procedure and `skip to PROC.STEP` a step of one (E306); a zone's or deck's `per:
player` (a procedure's `each: player`) means the seats even when no declaration is called
`player`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.codes import Code
from ..core.diagnostics import did_you_mean
from ..core.vocabulary import PERIODS
from ..syntax import ast
from ..syntax.walk import iter_nodes
from .symbols import Symbol

if TYPE_CHECKING:
    from .resolve import Resolver


def check_flow(r: Resolver, node: ast.EndProcedure | ast.SkipTo, scope: Symbol,
               local: frozenset[str]) -> None:
    """`end PROC` names a procedure; `skip to PROC.STEP` a step of one."""
    ref = node.procedure if isinstance(node, ast.EndProcedure) else node.step
    if isinstance(node, ast.EndProcedure) and node.outcome is not None and ref is not None \
            and ref.parts[0] in PERIODS and len(ref.parts) == 1 and r.lookup(ref, scope) is None:
        return  # `end game with "won"`: the period, whatever procedure drives it
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


def period_of(word: str) -> str:
    """The period a `schedule ... in N PERIOD` names, singular (`rounds` -> `round`)."""
    return word[:-1] if word not in PERIODS and word.endswith("s") and word[:-1] in PERIODS \
        else word


def check_schedule(r: Resolver, node: ast.Schedule, scope: Symbol,
                   local: frozenset[str]) -> None:
    """What is scheduled resolves; `in N PERIOD` names a period (E202), `when STAT
    reaches V` a stat or a track (E306)."""
    r.resolve(node.what, scope, local)
    for sub in iter_nodes(node.amount) if node.amount is not None else ():
        if isinstance(sub, ast.Ref):
            r.resolve(sub, scope, local)
    ref = node.within
    within = r.resolve(ref, scope, local) if ref is not None else None
    if ref is not None and within is not None and (
            node.at_end != "step" or not isinstance(within, ast.Procedure)):
        r.diags.add(Code.WRONG_KIND_OF_DECLARATION, "`at end of step in PROC` names the "
                    f"procedure whose step is meant, and `{ref.dotted}` is a "
                    f"`{within.keyword}`" if node.at_end == "step" else "`in PROC` names "
                    "the procedure of a step: `at end of step in PROC`", node.span,
                    "name a procedure: `schedule X at end of step in campaign_round`")
    if node.at_end is not None and node.at_end != "step" and period_of(node.at_end) not in PERIODS:
        r.diags.add(Code.WRONG_TYPE, f"unknown step or period `{node.at_end}`", node.span,
                    did_you_mean(node.at_end, ("step", *PERIODS)) or
                    "`step` (the step running now) or one of: " + ", ".join(PERIODS))
    if node.period is not None and period_of(node.period) not in PERIODS:
        r.diags.add(Code.WRONG_TYPE, f"unknown period `{node.period}`", node.span,
                    did_you_mean(node.period, PERIODS) or "one of: " + ", ".join(PERIODS))
    if node.stat is not None:
        target = r.resolve(node.stat, scope, local)
        if target is not None and not isinstance(target, (ast.Stat, ast.Track)) and \
                node.stat.parts[-1] == target.id:
            r.diags.add(Code.WRONG_KIND_OF_DECLARATION,
                        f"`schedule ... when {node.stat.dotted} reaches ...` waits for a stat, "
                        f"and `{node.stat.dotted}` is a `{target.keyword}`", node.stat.span,
                        "name a stat or a track")


def per_seat(r: Resolver, decl: ast.Decl, prop: ast.Property, scope: Symbol) -> bool:
    """A zone's or deck's `per: player` (a procedure's `each: player`) when no declaration
    is called `player`."""
    return (isinstance(decl, (ast.Zone, ast.Deck)) and prop.name == "per" or
            isinstance(decl, ast.Procedure) and prop.name == "each") and \
        isinstance(prop.value, ast.Ref) and prop.value.parts == ("player",) and \
        r.lookup(prop.value, scope) is None
