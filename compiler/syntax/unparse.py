"""AST fragments back to Ludex source text (for messages, reports and the site)."""

from __future__ import annotations

from typing import Any

from ..core.vocabulary import PRECEDENCE
from . import ast


def expr(e: ast.Expr, parent: int = 0) -> str:
    if isinstance(e, ast.IntLit):
        return str(e.value)
    if isinstance(e, ast.StrLit):
        return '"' + e.value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(e, ast.BoolLit):
        return "yes" if e.value else "no"
    if isinstance(e, ast.Ref):
        return e.dotted
    if isinstance(e, ast.ListLit):
        return "[" + ", ".join(expr(i) for i in e.items) + "]"
    if isinstance(e, ast.RangeLit):
        return f"{expr(e.lo)}..{expr(e.hi)}"
    if isinstance(e, ast.Call):
        return f"{e.func}(" + ", ".join(expr(a) for a in e.args) + ")"
    if isinstance(e, ast.Attr):
        return expr(e.base) + "." + ".".join(e.names)
    if isinstance(e, ast.Comprehension):
        return f"[{expr(e.item)} for each {e.var} in {expr(e.pool)}" + _opt("where", e.where) \
            + "]"
    if isinstance(e, ast.Unary):
        inner = expr(e.operand, 7)
        return f"not {inner}" if e.op == "not" else f"-{inner}"
    prec = PRECEDENCE[e.op]
    text = f"{expr(e.left, prec)} {e.op} {expr(e.right, prec + 1)}"
    return f"({text})" if prec < parent else text


def _opt(word: str, e: ast.Expr | None) -> str:
    return f" {word} {expr(e)}" if e is not None else ""


def stmt(s: ast.Stmt) -> str:
    """One statement on one line (blocks summarised with `; `)."""
    if isinstance(s, ast.Gain):
        return f"gain {expr(s.amount)} {s.stat.dotted}" + _opt("to", s.target)
    if isinstance(s, ast.Lose):
        return f"lose {expr(s.amount)} {s.stat.dotted}" + _opt("from", s.target)
    if isinstance(s, ast.Pay):
        return f"pay {expr(s.amount)} {s.stat.dotted}"
    if isinstance(s, ast.Draw):
        return f"draw {expr(s.amount)} from {s.deck.dotted}" + _opt("to", s.to)
    if isinstance(s, ast.Discard):
        return f"discard {expr(s.what)}" + _opt("from", s.source) + _opt("to", s.to)
    if isinstance(s, ast.Place):
        return f"place {expr(s.what)} {s.preposition} {expr(s.where)}"
    if isinstance(s, ast.Move):
        return f"move {expr(s.what)}" + _opt("from", s.source) + f" to {expr(s.to)}" + \
            _opt("within", s.within)
    if isinstance(s, ast.MoveAlong):
        return f"move {expr(s.what)} along {expr(s.path)}"
    if isinstance(s, ast.Force):
        way = "away from" if s.verb == "push" else "toward"
        return f"{s.verb} {expr(s.what)} {way} {expr(s.source)} by {expr(s.amount)}" + \
            (f" stopped by {expr(s.stopped)}" if s.stopped is not None else "")
    if isinstance(s, ast.Relocate):
        return f"relocate {expr(s.what)} to {expr(s.to)}"
    if isinstance(s, ast.Eliminate):
        return f"eliminate {expr(s.who)}"
    if isinstance(s, ast.Restore):
        return f"restore {s.procedure.dotted}"
    if isinstance(s, ast.Create):
        return f"create {s.kind.dotted}"
    if isinstance(s, ast.Retire):
        return f"retire {expr(s.who)}"
    if isinstance(s, ast.Disable):
        return f"disable {expr(s.what)}" + (
            "" if s.kind == "permanent" else
            f" until {'end' if s.kind == 'until_end' else 'start'} of {s.period}")
    if isinstance(s, ast.EndProcedure):
        return "end" + (f" {s.procedure.dotted}" if s.procedure is not None else "") + (
            f" with {expr(ast.StrLit(s.span, s.outcome))}" if s.outcome is not None else "")
    if isinstance(s, ast.SkipTo):
        return f"skip to {s.step.dotted}"
    if isinstance(s, ast.Schedule):
        if s.at_end is not None:
            return f"schedule {s.what.dotted} at end of {s.at_end}" + _opt("in", s.within)
        amount = expr(s.amount) if s.amount is not None else ""
        return f"schedule {s.what.dotted} " + (
            f"when {s.stat.dotted} reaches {amount}" if s.stat is not None
            else f"in {amount} {s.period}")
    if isinstance(s, ast.Roll):
        return f"roll {s.die.dotted}" + (f" as {s.bind}" if s.bind else "")
    if isinstance(s, ast.Reroll):
        return f"reroll {expr(s.what)}"
    if isinstance(s, ast.Reveal):
        return f"reveal {expr(s.what)}" + _opt("from", s.source)
    if isinstance(s, ast.Shuffle):
        return f"shuffle {s.deck.dotted}" + _opt("into", s.into)
    if isinstance(s, ast.Add):
        return f"add {expr(s.what)} to {s.to.dotted}"
    if isinstance(s, ast.Remove):
        return f"remove {expr(s.what)} from {s.source.dotted}"
    if isinstance(s, ast.SetValue):
        return f"set {expr(s.target)} to {expr(s.value)}"
    if isinstance(s, ast.Refused):
        return f"refused: {block(s.body)}"
    if isinstance(s, ast.Trigger):
        args = ", ".join(expr(a.value) if a.name is None else f"{a.name} = {expr(a.value)}"
                         for a in s.args)
        return f"trigger {s.target.dotted}" + (f"({args})" if s.args else "")
    if isinstance(s, ast.Require):
        return f"require {expr(s.condition)}"
    if isinstance(s, ast.Log):
        return f"log {expr(ast.StrLit(s.span, s.text))}"
    if isinstance(s, ast.ProseStep):
        return f"> {s.text}"
    if isinstance(s, ast.If):
        text = f"if {expr(s.condition)}: {block(s.then)}"
        return text + (f" else: {block(s.orelse)}" if s.orelse else "")
    if isinstance(s, ast.ForEach):
        return f"for each {s.var} in {expr(s.iterable)}: {block(s.body)}"
    if isinstance(s, ast.ChooseFrom):
        count = {"one": "", "up_to": f"up to {expr(s.count) if s.count else 1} ",
                 "exactly": f"exactly {expr(s.count) if s.count else 1} ",
                 "any": "any number of "}[s.mode]
        text = f"choose {count}{s.var} from {expr(s.pool)}" + _opt("where", s.where)
        text += f": {block(s.body)}"
        return text + (f" else: {block(s.orelse)}" if s.orelse else "")
    if isinstance(s, ast.May):
        return f"may {s.name}: {block(s.body)}"
    if isinstance(s, ast.ActAs):
        return f"as {expr(s.who)}: {block(s.body)}"
    count = f" {expr(s.count)}" if s.count is not None else ""
    return f"choose{count}: " + " | ".join(f"{o.id}: {block(o.body)}" for o in s.options)


def block(stmts: tuple[ast.Stmt, ...]) -> str:
    return "; ".join(stmt(s) for s in stmts)


def timing(t: ast.Timing) -> str:
    """A `when:` as written: `start of X`, `anytime during X`, a bare `anytime`, "text"."""
    if t.options:
        return " or ".join(timing(o) for o in t.options)
    if t.kind == "text":
        return expr(ast.StrLit(t.span, t.text or ""))
    if t.target is None:
        return t.kind
    words = {"start": "start of", "end": "end of", "anytime": "anytime during",
             "instead": "instead of"}
    binds = f"({', '.join(t.binds)})" if t.binds else ""
    return f"{words.get(t.kind, t.kind)} {t.target.dotted}{binds}"


def limit(lim: ast.Limit) -> str:
    if lim.max_in is not None:
        return f"max {lim.count} in {lim.max_in.dotted}"
    key = f" per {lim.key}" if lim.key is not None else ""
    key += f" as {lim.shared}" if lim.shared is not None else ""
    return ("once" if lim.count == 1 else str(lim.count)) + f" per {lim.per}{key}"


def duration(d: ast.Duration) -> str:
    if d.kind in ("permanent", "instant"):
        return d.kind
    return f"until {'end' if d.kind == 'until_end' else 'start'} of {d.period}"


def field_type(t: ast.FieldType) -> str:
    if isinstance(t, ast.IntType):
        return "int" + (f" {t.lo}..{t.hi}" if t.lo is not None else "")
    if isinstance(t, ast.ImageType):
        return "image"
    if isinstance(t, ast.TextType):
        return "text"
    if isinstance(t, ast.BoolType):
        return "bool"
    if isinstance(t, ast.EnumType):
        return "one of " + ", ".join(t.values)
    if isinstance(t, ast.RefType):
        return f"ref {t.target.dotted}"
    if isinstance(t, ast.ListType):
        bounds = f" {t.lo}..{t.hi}" if t.lo is not None else ""
        return f"list of {field_type(t.item)}{bounds}"
    if isinstance(t, ast.OptionalType):
        return f"optional {field_type(t.inner)}"
    return " | ".join(field_type(o) for o in t.options)


CLAUSE_WRITERS: dict[str, Any] = {
    "when": timing, "condition": expr, "limit": limit, "duration": duration,
    "cost": block, "effect": block,
}


def clause(name: str, value: Any) -> str:
    """A rule clause (`when`, `condition`, `cost`, `effect`, `limit`, `duration`) as text."""
    text: str = CLAUSE_WRITERS[name](value)
    return text
