"""Limits shared by several rules (`limit: once per window as reflex`): the rules that
say the same name after `as` count their uses together ("abilities with the same name
can be used only once per ability window"). They must agree on what is counted: the
number of uses, the period and the key; two rules that disagree cannot share one count
(E330). A name that only one rule says shares nothing: a warning (W630), as the name
may be misspelt.
"""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics, did_you_mean
from ..syntax import ast
from .symbols import GameModel, Symbol


def _limits(model: GameModel) -> dict[str, list[tuple[Symbol, ast.Limit]]]:
    """The rules counted under each shared name, in declaration order."""
    found: dict[str, list[tuple[Symbol, ast.Limit]]] = {}
    for sym in model.symbols.values():
        clauses = getattr(sym.decl, "clauses", None)
        if not isinstance(clauses, ast.Clauses) or clauses.limit is None:
            continue
        if clauses.limit.shared is not None:
            found.setdefault(clauses.limit.shared, []).append((sym, clauses.limit))
    return found


def _said(lim: ast.Limit) -> str:
    count = "once" if lim.count == 1 else f"{lim.count} times"
    key = f" per {lim.key}" if lim.key is not None else ""
    return f"{count} per {lim.per}{key}"


def check_shared_limits(model: GameModel, diags: Diagnostics) -> None:
    shared = _limits(model)
    for name, rules in shared.items():
        first_sym, first = rules[0]
        if len(rules) == 1:
            others = [n for n in shared if n != name]
            diags.add(Code.SHARED_LIMIT_ALONE, f"the limit is shared as `{name}`, and no other "
                      f"rule counts its uses as `{name}`", first.span,
                      did_you_mean(name, others) or "name it in the `limit:` of each rule "
                      "that counts together, or drop `as " + name + "`",
                      decl=first_sym.qualname)
            continue
        for sym, lim in rules[1:]:
            if (lim.count, lim.per, lim.key) != (first.count, first.per, first.key):
                diags.add(Code.SHARED_LIMIT_DISAGREES, f"the uses counted as `{name}` are "
                          f"limited {_said(first)} by `{first_sym.decl.id}` and "
                          f"{_said(lim)} here", lim.span,
                          f"the rules counted as `{name}` say one limit: "
                          f"`{_written(first)}`", decl=sym.qualname)


def _written(lim: ast.Limit) -> str:
    count = "once" if lim.count == 1 else str(lim.count)
    key = f" per {lim.key}" if lim.key is not None else ""
    return f"{count} per {lim.per}{key} as {lim.shared}"
