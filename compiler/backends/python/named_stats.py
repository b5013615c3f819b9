"""A statement's stat named by a value (`gain 1 s`, where `s` was chosen among
`[stat(courage), stat(cunning)]` or is one of the rule's `params:`): the code that names
the stat when the rule runs (`q.stat_named(g, s)`, refused unless it names a stat), and whose
stat it is (the one named, else the game's or the subject's, as the stat declares)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...syntax import ast
from .pretty import Atom, Py, call

if TYPE_CHECKING:
    from .expressions import Env, ExprCode


def named_by_value(ref: ast.Ref, env: Env) -> bool:
    """Is the stat a bound name (a choice's, a loop's, a param's), not a stat's own name?"""
    return len(ref.parts) == 1 and ref.parts[0] in env.names


def stat_and_owner(code: ExprCode, ref: ast.Ref, target: ast.Expr | None,
                   env: Env) -> tuple[Py, Py]:
    """(the stat's name, whose stat) for a stat named by a value."""
    value = code.expr(ref, env)
    name = call("q.stat_named", Atom("g"), value)
    who = code.expr(target, env) if target is not None else \
        call("q.stat_owner", Atom("g"), value, Atom("ctx.subject"))
    return name, who
