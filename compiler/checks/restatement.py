"""Restatement disagrees (W603).

A restatement states again what another declaration says (the rules summary
against the main rules, a glossary entry against its section). Wherever both
give the same clause (cost, effect, condition, timing, limit, duration), the
two must say the same thing: a summary may leave steps out, but every step it
states must be a step of the original, in order. Two timings that name one
moment in other words agree: `end of round` and `after` what ends the round (the
last step of the round's procedure, the procedure that is the round, or an
`external` said to end it, `ends: round`). A term defined twice is a
disagreement too.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from typing import Any

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..core.vocabulary import PERIODS
from ..semantics.resolve import GameModel
from ..syntax import ast, unparse
from .common import finding

CODES = (Code.RESTATEMENT_DISAGREES,)


def shape(node: Any, model: GameModel) -> Any:
    """What a node means: no source positions, references as what they resolve to,
    prose steps left out (wording is not compared, mechanics are)."""
    if isinstance(node, tuple):
        return tuple(shape(n, model) for n in node if not isinstance(n, ast.ProseStep))
    if isinstance(node, ast.Ref) and node in model.targets:
        return ("Ref", id(model.targets[node]), node.parts[-1])
    if is_dataclass(node) and not isinstance(node, type):
        return (type(node).__name__,) + tuple(
            shape(getattr(node, f.name), model) for f in fields(node) if f.name != "span")
    return node


def _agree(a: Any, b: Any) -> bool:
    """Equal, or one block of statements leaves out steps of the other (a summary may
    omit; it must not say something else)."""
    if a == b:
        return True
    if not (isinstance(a, tuple) and isinstance(b, tuple) and a and isinstance(a[0], tuple)):
        return False
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    rest = iter(long)
    return all(any(step == other for other in rest) for step in short)




def check(model: GameModel) -> Iterator[Diagnostic]:
    for decl in model.decls():
        if isinstance(decl, ast.Restatement) and decl.restates is not None:
            original = model.targets.get(decl.restates)
            theirs = getattr(original, "clauses", None)
            if original is not None and isinstance(theirs, ast.Clauses):
                yield from _compare(model, decl, original, theirs)
    yield from _terms_twice(model)


def _compare(model: GameModel, decl: ast.Restatement, original: ast.Decl,
             theirs: ast.Clauses) -> Iterator[Diagnostic]:
    mine = decl.clauses
    for name in ("when", "condition", "cost", "effect", "limit", "duration"):
        a, b = getattr(mine, name), getattr(theirs, name)
        if a in (None, ()) or b in (None, ()) or _agree(shape(a, model), shape(b, model)):
            continue
        if name == "when" and _one_moment(model, a, b):
            continue
        span = a[0].span if isinstance(a, tuple) else a.span
        yield finding(model, Code.RESTATEMENT_DISAGREES,
                      f"{name}: {decl.display!r} says `{unparse.clause(name, a)}`, "
                      f"but {original.display!r} says `{unparse.clause(name, b)}`", decl, span,
                      f"the original is at {original.span}")


def _one_moment(model: GameModel, a: ast.Timing, b: ast.Timing) -> bool:
    """Whether two timings name the end of one period, each in its own words."""
    ends = _period_end(model, a)
    return ends is not None and ends == _period_end(model, b)


def _period_end(model: GameModel, timing: ast.Timing) -> str | None:
    """The period whose end a timing names: `end of round`, or `after` what ends it."""
    if timing.options or timing.target is None:
        return None
    if timing.kind == "end":
        return _period(model, timing.target)
    if timing.kind != "after":
        return None
    decl = model.targets.get(timing.target)
    if isinstance(decl, ast.External):
        ends = decl.prop("ends")
        return _name(ends.value) if ends is not None else None
    if isinstance(decl, ast.Procedure):
        return _period(model, timing.target)
    sym = model.by_decl.get(id(decl)) if isinstance(decl, ast.Step) else None
    parent = sym.parent.decl if sym is not None and sym.parent is not None else None
    if isinstance(parent, ast.Procedure):
        steps = [c for c in parent.children if isinstance(c, ast.Step)]
        if steps and steps[-1] is decl:  # the last step ends its procedure's period
            return _procedure_period(parent)
    return None


def _period(model: GameModel, ref: ast.Ref) -> str | None:
    """The period a reference names: a period's own name, or a procedure that is one."""
    decl = model.targets.get(ref)
    if isinstance(decl, ast.Procedure):
        return _procedure_period(decl)
    return ref.parts[0] if len(ref.parts) == 1 and ref.parts[0] in PERIODS else None


def _procedure_period(decl: ast.Decl) -> str | None:
    period = decl.prop("period")
    if period is not None:
        return _name(period.value)
    return decl.id if decl.id in PERIODS else None


def _name(value: object) -> str | None:
    return value.parts[0] if isinstance(value, ast.Ref) and len(value.parts) == 1 else None


def _terms_twice(model: GameModel) -> Iterator[Diagnostic]:
    seen: dict[str, ast.Decl] = {}
    for decl in model.decls():
        if isinstance(decl, ast.Term):
            key = decl.display.casefold()
            first = seen.setdefault(key, decl)
            if first is not decl:
                yield finding(model, Code.RESTATEMENT_DISAGREES,
                              f"the term {decl.display!r} is defined twice",
                              decl, hint=f"first defined at {first.span}")
