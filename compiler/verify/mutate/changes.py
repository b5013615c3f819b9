"""The changes `ludex test --mutate` makes to a rule, one at a time, on its AST.

A change (a `Mutant`) is the rule's declaration rebuilt with one node replaced, by
`dataclasses.replace` along the path from the declaration down to that node (the AST is
frozen). The changes, in source order:

- a number: every integer literal of the condition, the cost, the effect, and the rows
  (value and effect) of a table or track the rule declares inside it, one up and one down;
- a comparison: `==`/`!=`, `<`/`>=` and `>`/`<=` flipped;
- a statement: each statement of the cost and the effect dropped, inside `if`, `for`,
  `choose` and every other block too (never a `log` or a prose step, which do nothing);
- a destination: the place of `move`, `relocate`, `place`, `draw` and `discard`
  replaced by the first other place of the same sort the game declares (`Places`), and
  the step of a `skip to` by the first other step of its procedure;
- a moment: each alternative of a `when:` with several (`after a or after b`) dropped;
- a keyed limit (`once per round per target`): its key dropped, so the uses of every
  target count together; a rule's `order: chosen` dropped (its moments' rules in their
  declared order);
- the values a `trigger` gives: their numbers and comparisons, as above.

Each change has a stable, readable id, `<rule>: <clause> <path>: <what>`, such as
`revolution.julie.income: effect 1: 4 -> 5`: the path numbers statements from 1 and
names the block it enters (`effect 2.then.1`, `effect 1.else.2`, an option by its id).
Ids are unique within a rule (a repeated one gets ` #2`), so a `ruling` can list them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, replace
from typing import Any

from ...core.source import Span
from ...syntax import ast, unparse

FLIPS = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
INERT = (ast.Log, ast.ProseStep)  # statements that do nothing: dropping one changes nothing
BLOCK_NAMES = {"orelse": "else"}  # how a path names a block field (`then`, `body`, `else`)
MAX_SHOWN = 60  # characters of a statement or expression quoted in an id

# The declarations with clauses (condition, cost, effect): rules, steps, cards.
RULE_LIKE = (ast.Rule, ast.Step, ast.Instance, ast.Restatement)
# The destination fields a change may swap, by statement type.
DESTINATIONS: dict[type, str] = {ast.Move: "to", ast.Relocate: "to", ast.Place: "where",
                                 ast.Draw: "to", ast.Discard: "to", ast.SkipTo: "step"}

# Another place for a destination: given the expression there now, a reference to the
# first other place of the same sort, or None when the game has none.
Places = Callable[[ast.Expr], ast.Ref | None]


@dataclass(frozen=True, slots=True)
class Mutant:
    """One change to one declaration: `decl` rebuilt as `replacement`."""

    id: str
    decl: ast.Decl
    replacement: ast.Decl
    span: Span  # the node that was changed


@dataclass(frozen=True, slots=True)
class _Change:
    node: Any  # the node (or block) that replaces the original
    label: str  # where: `effect 2.then.1`
    what: str  # `4 -> 5`, `drop ...`, `>= -> <`
    span: Span


def mutants(decl: ast.Decl, qualname: str, places: Places) -> list[Mutant]:
    """Every change to `decl`, in source order, each with its unique id."""
    found: list[Mutant] = []
    seen: dict[str, int] = {}
    for replacement, change in _decl_changes(decl, places):
        base = f"{qualname}: {change.label}: {change.what}"
        seen[base] = seen.get(base, 0) + 1
        ident = base if seen[base] == 1 else f"{base} #{seen[base]}"
        found.append(Mutant(ident, decl, replacement, change.span))
    return found


def _decl_changes(decl: ast.Decl, places: Places) -> Iterator[tuple[ast.Decl, _Change]]:
    if isinstance(decl, RULE_LIKE):
        clauses = decl.clauses
        for when in _moments(clauses.when):
            yield replace(decl, clauses=replace(clauses, when=when.node)), when
        if clauses.limit is not None and clauses.limit.key is not None:
            lim = clauses.limit  # a keyed limit counted for the rule as a whole
            yield replace(decl, clauses=replace(clauses, limit=replace(lim, key=None))), \
                _Change(None, "limit", f"drop `per {lim.key}`", lim.span)
        if clauses.limit is not None and clauses.limit.shared is not None:
            lim = clauses.limit  # a shared limit counted for this rule alone
            yield replace(decl, clauses=replace(clauses, limit=replace(lim, shared=None))), \
                _Change(None, "limit", f"drop `as {lim.shared}`", lim.span)
        order = decl.prop("order") if isinstance(decl, ast.Rule) else None
        if order is not None:  # the rules of its moments in their declared order
            yield replace(decl, props=tuple(p for p in decl.props if p is not order)), \
                _Change(None, "order", "drop `order: chosen`", order.span)
        if clauses.condition is not None:
            for c in _expr(clauses.condition, "condition"):
                yield replace(decl, clauses=replace(clauses, condition=c.node)), c
        for name in ("cost", "effect"):
            for c in _block(getattr(clauses, name), name, places, top=True):
                yield replace(decl, clauses=replace(clauses, **{name: c.node})), c
    for i, child in enumerate(decl.children):
        if isinstance(child, (ast.Table, ast.Track)):
            for new_child, c in _rows(child, places):
                children = decl.children[:i] + (new_child,) + decl.children[i + 1:]
                yield replace(decl, children=children), c


def _moments(when: ast.Timing | None) -> Iterator[_Change]:
    """A timing with alternatives (`after a or after b`): each one dropped."""
    if when is None or len(when.options) < 2:
        return
    options = when.options
    for i, option in enumerate(options):
        rest = options[:i] + options[i + 1:]
        kept = rest[0] if len(rest) == 1 else replace(when, options=rest)
        yield _Change(kept, "when", f"drop `{_short(unparse.timing(option))}`", option.span)


def _rows(owner: ast.Table | ast.Track, places: Places) -> Iterator[tuple[ast.Decl, _Change]]:
    """The rows of a table or track the rule declares: each row's value and effect."""
    for i, row in enumerate(owner.rows):
        label = f"{owner.keyword} {owner.id} row {i + 1}"
        changed: list[tuple[ast.Row, _Change]] = []
        if row.value is not None:
            changed += [(replace(row, value=c.node), c) for c in _expr(row.value, label)]
        changed += [(replace(row, effect=c.node), c)
                    for c in _block(row.effect, f"{label} effect", places, top=True)]
        for new_row, c in changed:
            yield replace(owner, rows=owner.rows[:i] + (new_row,) + owner.rows[i + 1:]), c


def _block(stmts: tuple[ast.Stmt, ...], label: str, places: Places,
           top: bool = False) -> Iterator[_Change]:
    """Changes to a block: each statement dropped, or changed within (the block rebuilt)."""
    for i, stmt in enumerate(stmts):
        where = f"{label} {i + 1}" if top else f"{label}.{i + 1}"
        if not isinstance(stmt, INERT):
            yield _Change(stmts[:i] + stmts[i + 1:], where, f"drop `{_short(unparse.stmt(stmt))}`",
                          stmt.span)
        for c in _stmt(stmt, where, places):
            yield replace(c, node=stmts[:i] + (c.node,) + stmts[i + 1:])


def _stmt(stmt: Any, label: str, places: Places) -> Iterator[_Change]:
    """Changes inside one statement: its destination, its expressions, its blocks."""
    field_name = DESTINATIONS.get(type(stmt))
    if field_name is not None:
        current = getattr(stmt, field_name)
        other = places(current) if current is not None else None
        if other is not None:
            word = stmt.preposition if isinstance(stmt, ast.Place) else "to"
            yield _Change(replace(stmt, **{field_name: other}), label,
                          f"{word} {_short(unparse.expr(current))} -> {word} {other.dotted}",
                          current.span)
    yield from _fields(stmt, label, places)


def _fields(node: Any, label: str, places: Places) -> Iterator[_Change]:
    """Changes in each field of a statement or option, in declaration order."""
    for f in fields(node):
        value = getattr(node, f.name)
        if f.name == "span":
            continue
        if isinstance(value, tuple) and value and all(isinstance(v, ast.STATEMENTS)
                                                      for v in value):
            inner = f"{label}.{BLOCK_NAMES.get(f.name, f.name)}"
            changes = _block(value, inner, places)
        elif isinstance(value, tuple) and value and all(isinstance(v, ast.Option)
                                                        for v in value):
            changes = _options(value, label, places)
        elif isinstance(value, tuple) and value and all(isinstance(v, ast.Arg)
                                                        for v in value):
            changes = _args(value, label)
        elif _is_expr(value):
            changes = _expr(value, label)
        else:
            continue
        for c in changes:
            yield replace(c, node=replace(node, **{f.name: c.node}))


def _options(options: tuple[ast.Option, ...], label: str, places: Places) -> Iterator[_Change]:
    for i, option in enumerate(options):
        for c in _block(option.body, f"{label}.{option.id}", places):
            new = replace(option, body=c.node)
            yield replace(c, node=options[:i] + (new,) + options[i + 1:])


def _args(args: tuple[ast.Arg, ...], label: str) -> Iterator[_Change]:
    """The values a `trigger` gives: changed within, as any expression."""
    for i, arg in enumerate(args):
        for c in _expr(arg.value, label):
            yield replace(c, node=args[:i] + (replace(arg, value=c.node),) + args[i + 1:])


def _expr(expr: Any, label: str) -> Iterator[_Change]:
    """Changes inside an expression: numbers one up and one down, comparisons flipped."""
    if not _is_expr(expr):
        return
    if isinstance(expr, ast.IntLit):
        for delta in (1, -1):
            yield _Change(replace(expr, value=expr.value + delta), label,
                          f"{expr.value} -> {expr.value + delta}", expr.span)
        return
    if isinstance(expr, ast.Binary) and expr.op in FLIPS:
        flipped = replace(expr, op=FLIPS[expr.op])
        yield _Change(flipped, label, f"`{_short(unparse.expr(expr))}` -> "
                      f"`{_short(unparse.expr(flipped))}`", expr.span)
    for f in fields(expr):
        value = getattr(expr, f.name)
        if f.name == "span":
            continue
        if isinstance(value, tuple):
            for i, item in enumerate(value):
                for c in _expr(item, label):
                    yield replace(c, node=replace(expr, **{
                        f.name: value[:i] + (c.node,) + value[i + 1:]}))
        elif _is_expr(value):
            for c in _expr(value, label):
                yield replace(c, node=replace(expr, **{f.name: c.node}))


def _is_expr(value: object) -> bool:
    return hasattr(value, "__dataclass_fields__") and not isinstance(
        value, (*ast.STATEMENTS, ast.Option))


def _short(text: str) -> str:
    """A fragment for an id: on one line, at most `MAX_SHOWN` characters, with single
    quotes for double ones (so a `ruling` lists the id in a "quoted text" as printed)."""
    text = " ".join(text.split()).replace('"', "'")
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 3] + "..."
