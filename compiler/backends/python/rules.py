"""`rules.py` of a game's package: for each rule its legality check, cost and effect as
functions, the effect under `@book.rule(...)` with the rule's timing, limit, duration
and override; procedures as ordered step lists; tables and tracks with their rows. Each
declaration is written where the book has it, and registered there."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ...semantics.events import bound_values
from ...semantics.invariants import holds_value
from ...semantics.resolve import Symbol
from ...syntax import ast
from ...syntax.walk import iter_nodes
from .common import (
    Unit,
    bounds,
    clauses_of,
    comment,
    example_of,
    kwargs,
    names,
    opt_str,
    options_of,
)
from .components import per_kind, per_player
from .expressions import Env
from .pretty import Atom, Py, Seq, Str, call, flat, literal, render
from .snapshots import restored


def rules_module(unit: Unit) -> dict[str, Any]:
    """The template context of `rules.py`: one block per declaration, in the book's order,
    each under its provenance comment and registered in the module's `book` where it is
    written (`@book.rule(...)` over a rule's effect)."""
    counted = counted_procedures(unit)
    blocks: list[str] = []
    for sym in unit.model.symbols.values():
        decl = sym.decl
        if clauses_of(decl) is not None:
            blocks.append(rule_block(unit, sym))
        elif isinstance(decl, ast.Table):
            blocks.append(table_block(unit, sym, "book.table", table_fields))
        elif isinstance(decl, ast.Track):
            blocks.append(table_block(unit, sym, "book.track", track_fields))
        elif isinstance(decl, ast.Procedure) or isinstance(decl, ast.External) and (
                decl.prop("period") is not None or decl.prop("ends") is not None):
            blocks.append(procedure_block(unit, sym, sym.qualname in counted))
    return {"blocks": blocks}


# ---------------------------------------------------------------- rules


def rule_block(unit: Unit, sym: Symbol) -> str:
    """A rule's check and cost, then its effect under `@book.rule(...)` (or the
    registration alone, for a rule without an effect)."""
    made, refs = rule_functions(unit, sym)
    effect = made.pop("effect", None)
    register = render(rule_def(unit, sym, refs), 0, "@" if effect else "")
    pieces = list(made.values()) + ["\n".join(register) + ("\n" + effect if effect else "")]
    return comment(sym) + "\n" + "\n\n\n".join(pieces)


def rule_functions(unit: Unit, sym: Symbol) -> tuple[dict[str, str], dict[str, Py | None]]:
    """`<rule>_check`, `<rule>_cost`, `<rule>_effect`, for the clauses the rule has."""
    clauses = clauses_of(sym.decl)
    assert clauses is not None
    unit.code.here = sym.qualname
    base = unit.fn[sym.qualname]
    out: dict[str, str] = {}
    refs: dict[str, Py | None] = {"check": None, "cost": None}
    env = event_env(unit, sym)
    if clauses.condition is not None:
        cond = unit.code.condition(clauses.condition, env)
        out["check"] = unit.function(f"{base}_check", "bool",
                                     render(call("bool", cond), 4, "return "))
        refs["check"] = Atom(f"{base}_check")
    for part in ("cost", "effect"):
        stmts = getattr(clauses, part)
        if stmts:
            out[part] = unit.function(f"{base}_{part}", "None",
                                      unit.code.block(stmts, env, 4))
            refs[part] = Atom(f"{base}_{part}") if part == "cost" else None
    return out, refs


def event_env(unit: Unit, sym: Symbol) -> Env:
    """The names a rule reads from what it was given: `ctx.arg("district")` for the `d` of
    `when: after guard_broken(d)`, or for its own `params: [district]`."""
    parent = sym.parent.decl if sym.parent is not None else None
    found = bound_values(unit.model, sym.decl, parent)
    return Env({name: flat(call("ctx.arg", *(Str(p) for p in params)))
                for name, params in found.items()})


def rule_def(unit: Unit, sym: Symbol, refs: Mapping[str, Py | None]) -> Py:
    """`book.rule(...)`: everything about a rule but its effect."""
    decl = sym.decl
    clauses = clauses_of(decl)
    assert clauses is not None
    kind = "step" if isinstance(decl, ast.Step) else (
        "card" if isinstance(decl, ast.Instance) else "rule")
    prose = sum(1 for s in clauses.cost + clauses.effect for n in iter_nodes(s)
                if isinstance(n, ast.ProseStep))
    overrides = getattr(decl, "overrides", None)
    target = unit.model.targets.get(overrides) if overrides is not None else None
    found = who(unit, decl)
    return call("book.rule", Str(sym.qualname), *kwargs(
        title=opt_str(decl.title), kind=Str(kind) if kind != "rule" else None,
        who=Seq("", tuple(found), "()", tuple_comma=True) if found else None,
        when=timing(unit, clauses.when), check=refs["check"], cost=refs["cost"],
        limit=limit(unit, clauses.limit), duration=duration(clauses.duration),
        overrides=unit.named(target) if target is not None else None,
        scope=names(options_of(sym)),
        this=unit.name_of(sym.qualname) if kind == "card" else None,
        prose=literal(prose) if prose else None, example=opt_str(example_of(sym)),
        order=Str("chosen") if decl.prop("order") is not None else None,
        holds=Str(held) if (held := holds_value(decl)) else None))


def who(unit: Unit, decl: ast.Decl) -> list[Py]:
    prop = decl.prop("who")
    found = [] if prop is None else (
        list(prop.value.items) if isinstance(prop.value, ast.ListLit) else [prop.value])
    decls = [unit.model.targets.get(i) for i in found if isinstance(i, ast.Ref)]
    return [unit.named(d) for d in decls if d is not None]


def timing(unit: Unit, when: ast.Timing | None) -> Py | None:
    """A `Timing`; a stat or track as the target is hooked by its runtime name; `any` of
    several, each its own."""
    if when is None:
        return None
    if when.options:
        return call("Timing", Str("any"), *kwargs(options=Seq(
            "", tuple(t for t in (timing(unit, o) for o in when.options) if t is not None),
            "()", tuple_comma=True)))
    target = unit.model.targets.get(when.target) if when.target is not None else None
    if isinstance(target, (ast.Stat, ast.Track)):
        name: Py | None = Str(target.id)  # stats and tracks are kept by id (`StatDef.name`)
    elif target is not None:
        name = unit.named(target)
    else:
        name = opt_str(when.target.dotted if when.target is not None else None)
    stat = isinstance(target, (ast.Stat, ast.Track))
    return call("Timing", Str(when.kind), *kwargs(
        target=name, text=opt_str(when.text), stat=Atom("True") if stat else None))


def limit(unit: Unit, lim: ast.Limit | None) -> Py | None:
    if lim is None:
        return None
    zone = unit.model.targets.get(lim.max_in) if lim.max_in is not None else None
    return call("Limit", literal(lim.count or 1), *kwargs(
        per=opt_str(lim.per), max_in=Str(unit.qual(zone)) if zone else None,
        key=opt_str(lim.key), shared=opt_str(lim.shared)))


def duration(dur: ast.Duration | None) -> Py | None:
    if dur is None:
        return None
    return call("Duration", Str(dur.kind), *kwargs(period=opt_str(dur.period)))


# ---------------------------------------------------------------- procedures


def counted_procedures(unit: Unit) -> set[str]:
    """The procedures a rule counts with `at_once(procedure, ...)`: their requests within
    one effect are resolved together when it ends."""
    found: set[str] = set()
    for sym in unit.model.symbols.values():
        for node in iter_nodes(sym.decl):
            if isinstance(node, ast.Call) and node.func == "at_once" and node.args and \
                    isinstance(node.args[0], ast.Ref):
                target = unit.model.targets.get(node.args[0])
                if isinstance(target, ast.Procedure):
                    found.add(unit.qual(target))
    return found


def procedure_block(unit: Unit, sym: Symbol, at_once: bool) -> str:
    """A procedure's end condition as a function (`until:`), then its registration with
    its steps, its period and whether it runs once per player. An outside event that is
    a period of the base game (`period:`) or ends one (`ends:`) is registered the same
    way, with no steps: raising it runs that period, or ends it."""
    decl = sym.decl
    steps = [c.qualname for c in sym.children.values() if isinstance(c.decl, ast.Step)]
    pieces: list[str] = []
    until = decl.prop("until")
    until_ref: Py | None = None
    if until is not None:
        unit.code.here = sym.qualname
        name = f"{unit.fn[sym.qualname]}_until"
        cond = unit.code.condition(until.value, Env())
        pieces.append(unit.function(name, "bool", render(call("bool", cond), 4, "return ")))
        until_ref = Atom(name)
    period, order, ends = decl.prop("period"), decl.prop("order"), decl.prop("ends")
    made = call("book.procedure", Str(sym.qualname), *kwargs(
        title=opt_str(decl.title), steps=names(steps),
        scope=names(options_of(sym)), at_once=Atom("True") if at_once else None,
        period=Str(period.value.dotted) if period and isinstance(period.value, ast.Ref)
        else None,
        each_player=Atom("True") if per_player(unit, decl, "each") else None,
        each=per_kind(unit, decl, "each"),
        order=Str(order.value.dotted) if order and isinstance(order.value, ast.Ref) else None,
        until=until_ref,
        ends=Str(ends.value.dotted) if ends and isinstance(ends.value, ast.Ref) else None,
        snapshot=Atom("True") if sym.qualname in restored(unit.model) else None))
    return comment(sym) + "\n" + "\n\n\n".join(pieces + ["\n".join(render(made, 0))])


# ---------------------------------------------------------------- tables and tracks


def rows(unit: Unit, sym: Symbol, found: Iterable[ast.Row], out: list[str],
         record: str = "Row") -> Py:
    """The rows of a table or a track; a computed value or an effect becomes a function."""
    base = unit.fn[sym.qualname]
    made: list[Py] = []
    unit.code.here = sym.qualname
    for number, row in enumerate(found, start=1):
        key = row.key
        value = compute = effect = None
        if row.value is not None and isinstance(row.value, (ast.IntLit, ast.StrLit,
                                                            ast.BoolLit)):
            value = literal(row.value.value)
        elif row.value is not None:
            body = render(unit.code.expr(row.value, Env()), 4, "return ")
            out.append(unit.function(f"{base}_row_{number}", "Value", body))
            compute = Atom(f"{base}_row_{number}")
        if row.effect:
            out.append(unit.function(f"{base}_row_{number}", "None",
                                     unit.code.block(row.effect, Env(), 4)))
            effect = Atom(f"{base}_row_{number}")
        made.append(call(record, Str(key.kind), *kwargs(
            lo=literal(key.lo) if key.lo is not None else None,
            hi=literal(key.hi) if key.hi is not None else None,
            text=opt_str(key.text), value=value, compute=compute, effect=effect)))
    return Seq("", tuple(made), "()", tuple_comma=True)


def table_block(unit: Unit, sym: Symbol, register: str,
                fields: Callable[[Unit, Symbol, list[str]], tuple[Py, ...]]) -> str:
    """A table's or a track's functions (its key, its rows' values and effects), then its
    registration."""
    functions: list[str] = []
    # a track is a stat with spaces: kept by its id, as stats are, wherever it is declared
    name = sym.decl.id if isinstance(sym.decl, ast.Track) else sym.qualname
    made = call(register, Str(name), *fields(unit, sym, functions))
    return comment(sym) + "\n" + "\n\n\n".join(functions + ["\n".join(render(made, 0))])


def table_fields(unit: Unit, sym: Symbol, out: list[str]) -> tuple[Py, ...]:
    decl = sym.decl
    assert isinstance(decl, ast.Table)
    by: Py | None = None
    by_text = decl.by.value if isinstance(decl.by, ast.StrLit) else None
    if decl.by is not None and by_text is None:
        unit.code.here = sym.qualname
        found = unit.code.owner_and_stat(decl.by, Env())
        key = call("g.treated", found[0], Str(found[1])) if found else \
            unit.code.expr(decl.by, Env())
        name = f"{unit.fn[sym.qualname]}_key"
        out.append(unit.function(name, "Value", render(key, 4, "return ")))
        by = Atom(name)
    made = rows(unit, sym, decl.rows, out)
    return kwargs(
        title=opt_str(decl.title),
        mode=Str(decl.mode) if decl.mode != "lookup" else None, by=by,
        by_text=opt_str(by_text), rows=made if decl.rows else None)


def track_fields(unit: Unit, sym: Symbol, out: list[str]) -> tuple[Py, ...]:
    decl = sym.decl
    assert isinstance(decl, ast.Track)
    lo, hi = bounds(decl.spaces)
    rewards = decl.prop("rewards")
    policy = rewards.value.dotted if rewards and isinstance(rewards.value, ast.Ref) else None
    return kwargs(
        title=opt_str(decl.title), lo=literal(lo if isinstance(lo, int) else 0),
        hi=literal(hi if isinstance(hi, int) else 0), rewards=opt_str(policy),
        rows=rows(unit, sym, decl.rows, out, "Reward") if decl.rows else None)
