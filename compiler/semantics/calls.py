"""What a call may read, and how many values it takes.

A call reads an engine query (`ludex.runtime.queries`), a special form the code
generator builds in (`answer(...)`, `treated(...)`), a declared `fact` or an external
term; anything else is a typo (E307). A query is given as many values as its function
takes after the game (`count(place)`, `max(a, b, ...)`): another count is an E312 at the
call, where it would otherwise be a TypeError when the rule runs. A fact takes whatever
its examples give it (they state it with `set`).
"""

from __future__ import annotations

import inspect
from collections.abc import Set
from functools import cache

from ..core.codes import Code
from ..core.diagnostics import Diagnostics, did_you_mean
from ..syntax import ast

_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def check_call(call: ast.Call, facts: Set[str], diags: Diagnostics) -> None:
    """E307 for a call that names nothing it may read; E312 for a query given a number
    of values it does not take."""
    from ..runtime.queries import QUERIES, SPECIAL  # noqa: PLC0415 - the runtime, on first use

    if call.func in facts or call.func in SPECIAL:
        return
    if call.func in QUERIES:
        _check_count(call, diags)
        return
    known = set(QUERIES) | SPECIAL | set(facts)
    diags.add(Code.UNKNOWN_CALL,
              f"`{call.func}(...)` is neither an engine query nor a declared "
              "fact", call.span, did_you_mean(call.func, known) or
              f'declare it: `fact {call.func} "what it tells"` (the engine does not '
              "model it; examples state it with `set`)")


def _params(func: str) -> list[inspect.Parameter]:
    """The query's parameters after the game (`g`)."""
    from ..runtime.queries import QUERIES  # noqa: PLC0415

    return list(inspect.signature(QUERIES[func]).parameters.values())[1:]


@cache
def takes(func: str) -> tuple[int, int | None]:
    """How many values the query `func` takes: (at least, at most; None: any number)."""
    params = _params(func)
    positional = [p for p in params if p.kind in _POSITIONAL]
    least = sum(1 for p in positional if p.default is inspect.Parameter.empty)
    many = any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params)
    return least, None if many else len(positional)


def _check_count(call: ast.Call, diags: Diagnostics) -> None:
    least, most = takes(call.func)
    given = len(call.args)
    if least <= given and (most is None or given <= most):
        return
    wanted = f"at least {least}" if most is None else \
        f"{least}" if least == most else f"{least} to {most}"
    diags.add(Code.WRONG_ARGUMENTS,
              f"`{call.func}(...)` takes {wanted} value{'s' * ((most or least) != 1)}, "
              f"and is given {given}", call.span, f"write `{shape(call.func)}`")


@cache
def shape(func: str) -> str:
    """The query as its signature reads it: `contains(place, thing)`, `max(values...)`,
    an optional value in brackets (`path(a, b[, through])`)."""
    out = ""
    for p in _params(func):
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            out += f"{', ' if out else ''}{p.name}..."
        elif p.kind in _POSITIONAL:
            sep = ", " if out else ""
            out += f"[{sep}{p.name}]" if p.default is not inspect.Parameter.empty else \
                f"{sep}{p.name}"
    return f"{func}({out})"
