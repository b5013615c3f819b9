"""A stat named by a value (`stat(courage)`, then `gain 1 s` with `s` chosen among such
values): `stat(X)` takes a stat (E360: a name that is no stat, or a value that is no
name); and a statement's stat that is a name bound by a `choose ... from [list]` or a
`for each ... in [list]` whose list is written out must find only `stat(...)` values in
it (E361: `choose s from [courage, cunning]` chooses among what the stats hold, not the
stats). A name bound any other way (a rule's `params:`) is checked when the rule runs."""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from ..syntax.unparse import expr
from ..syntax.walk import find_nodes
from .symbols import GameModel

_CHANGES = (ast.Gain, ast.Lose, ast.Pay)


def check_named_stats(model: GameModel, diags: Diagnostics) -> None:
    for sym in model.symbols.values():
        clauses = getattr(sym.decl, "clauses", None)
        if not isinstance(clauses, ast.Clauses):
            continue
        for stmt in (*clauses.cost, *clauses.effect):
            for call in find_nodes(stmt, (ast.Call,)):
                if call.func == "stat" and "stat" not in _facts(model):
                    _check_stat_call(model, call, diags, sym.qualname)
            for binder in find_nodes(stmt, (ast.ChooseFrom, ast.ForEach)):
                _check_binder(binder, diags, sym.qualname)


def _facts(model: GameModel) -> frozenset[str]:
    return frozenset(d.id for d in model.of_type(ast.Fact))


def _check_stat_call(model: GameModel, call: ast.Call, diags: Diagnostics,
                     qualname: str) -> None:
    arg = call.args[0] if len(call.args) == 1 else None
    if not isinstance(arg, ast.Ref):
        return  # a count of values other than one: E312 says so
    decl = model.targets.get(arg)
    if decl is None or isinstance(decl, (ast.Stat, ast.Track)):
        return  # a stat, or a bound name (checked when the rule runs)
    diags.add(Code.NOT_A_STAT, f"`stat(...)` names a stat, and `{arg.dotted}` is no stat",
              arg.span, "give it a stat's name: `stat(courage)`", decl=qualname)


def _check_binder(binder: ast.ChooseFrom | ast.ForEach, diags: Diagnostics,
                  qualname: str) -> None:
    pool = binder.pool if isinstance(binder, ast.ChooseFrom) else binder.iterable
    if not isinstance(pool, ast.ListLit):
        return
    if all(isinstance(i, ast.Call) and i.func == "stat" for i in pool.items):
        return
    for stmt in binder.body:
        for change in find_nodes(stmt, _CHANGES):
            if change.stat.parts == (binder.var,):
                diags.add(Code.NOT_A_STAT, f"`{binder.var}` is a value of the list "
                          f"`{expr(pool)}`, not a stat: a statement changes a stat",
                          change.stat.span, "name the stats in the list: "
                          "`[stat(courage), stat(cunning)]`", decl=qualname)

