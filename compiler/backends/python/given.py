"""The code of `given(NAME)` (semantics/given.py): whether the run was given a name,
asked without reading it (reading an absent one blocks the run)."""

from __future__ import annotations

from ...semantics.given import ASKABLE
from ...syntax import ast
from .pretty import Atom, Py, Str, call

_ARG = "ctx.arg("


def given_code(e: ast.Call, names: dict[str, str]) -> Py:
    """`ctx.given("target")` for a built-in; `ctx.given_arg("d", ...)` for a name the
    rule reads from what it was given (`names`: the function's bound names, a given
    value's code being `ctx.arg("d", ...)`); a name always bound is always given; anything else is
    E390 and never given."""
    arg = e.args[0]
    name = arg.parts[0] if isinstance(arg, ast.Ref) else ""
    bound = names.get(name)
    if bound is None and name in ASKABLE:
        return call("ctx.given", Str(name))
    if bound is None:  # no name a run is given (E390)
        return Atom("False")
    if bound.startswith(_ARG):
        return Atom("ctx.given_arg(" + bound[len(_ARG):])
    return Atom("True")
