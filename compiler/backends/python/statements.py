"""The statement builders: one method per statement node type (`stmt_Gain`,
`stmt_If`, ...), each returning the lines of Python that perform it on the game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...core.vocabulary import PRECEDENCE
from ...semantics.events import BUILT_IN_ARGS, arg_names
from ...semantics.structure import period_of
from ...syntax import ast, unparse
from ...syntax.walk import iter_nodes
from .expressions import Env
from .named_stats import named_by_value, stat_and_owner
from .names import MODULE_NAMES, RUNTIME_NAMES
from .pretty import Atom, Comp, Kw, Op, Pre, Py, Seq, Str, call, paren, render
from .snapshots import StateCode

# What a local name must not hide: the module's own names and the runtime's (`GAME`).
TAKEN = MODULE_NAMES | RUNTIME_NAMES
AND = PRECEDENCE["and"]


class GameCode(StateCode):
    """Builds the Python code of one game: its expressions and its statements."""

    def block(self, stmts: Iterable[ast.Stmt], env: Env, indent: int,
              effects: bool = False) -> list[str]:
        """The statements in order; with `effects`, each is one effect of its own (an
        example's actions: `with g.effect():`)."""
        out: list[str] = []
        stmts = list(stmts)
        inner = indent + 4 if effects else indent
        for i, stmt in enumerate(stmts):
            if effects and isinstance(stmt, ast.Refused):  # one `with` (ruff: SIM117)
                out += self.stmt_Refused(stmt, env, indent, "with g.effect(), ")
                continue
            if effects:
                out.append(" " * indent + "with g.effect():")
            if isinstance(stmt, ast.Roll) and stmt.bind:
                used = _uses(stmts[i + 1:], stmt.bind)
                env, name = env.bind(stmt.bind, used, TAKEN)
                die = self.expr(stmt.die, env)
                line = call("g.roll", die, Atom("ctx"))
                out += render(line, inner, f"{name} = " if used else "")
                continue
            builder: Callable[..., list[str]] = getattr(self, f"stmt_{type(stmt).__name__}")
            out += builder(stmt, env, inner)
        return out or [" " * indent + "pass"]

    def _do(self, indent: int, func: str, *args: Py) -> list[str]:
        return render(call(func, *args), indent)

    def _who(self, stat: ast.Ref, target: ast.Expr | None, env: Env) -> Py:
        """Whose stat: the one named (`to solon`, `pay 2 akira.trust`), else the game's for
        a stat of the whole game (`GAME`), else the subject (the actor)."""
        if target is not None:
            return self.expr(target, env)
        found = self.owner_and_stat(stat, env) if len(stat.parts) > 1 else None
        if found is not None:
            return found[0]
        decl, attrs = self.target(stat)
        if isinstance(decl, ast.Stat) and decl.per is None and not attrs and \
                decl.prop("per") is None:
            return Atom("GAME")
        return Atom("ctx.subject")

    def stmt_Gain(self, s: ast.Gain, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.gain", _stat(self, s.stat, env), self.expr(s.amount, env),
                        _owner(self, s.stat, s.target, env))

    def stmt_Lose(self, s: ast.Lose, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.lose", _stat(self, s.stat, env), self.expr(s.amount, env),
                        _owner(self, s.stat, s.target, env))

    def stmt_Pay(self, s: ast.Pay, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.pay", _stat(self, s.stat, env), self.expr(s.amount, env),
                        _owner(self, s.stat, None, env))

    def stmt_Draw(self, s: ast.Draw, env: Env, indent: int) -> list[str]:
        args = [self.expr(s.deck, env), self.expr(s.amount, env)]
        args += [self.expr(s.to, env)] if s.to is not None else []
        return self._do(indent, "g.draw", *args)

    def stmt_Discard(self, s: ast.Discard, env: Env, indent: int) -> list[str]:
        args = [self.expr(s.what, env, soft=True)]
        args += [self.expr(s.to, env)] if s.to is not None else []
        if s.source is not None:
            args.append(Kw("source", self.expr(s.source, env)))
        return self._do(indent, "g.discard", *args)

    def stmt_Place(self, s: ast.Place, env: Env, indent: int) -> list[str]:
        args = [self.expr(s.what, env, soft=True), self.expr(s.where, env, soft=True)]
        if s.preposition == "under":
            args.append(Kw("bottom", Atom("True")))
        return self._do(indent, "g.place", *args)

    def stmt_Move(self, s: ast.Move, env: Env, indent: int) -> list[str]:
        source = [Kw("source", self.expr(s.source, env))] if s.source is not None else []
        if s.within is not None:
            source.append(Kw("within", self.expr(s.within, env)))
        return self._do(indent, "g.move", self.expr(s.what, env, soft=True),
                        self.expr(s.to, env, soft=True), *source)

    def stmt_MoveAlong(self, s: ast.MoveAlong, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.move_along", self.expr(s.what, env, soft=True),
                        self.expr(s.path, env), Kw("ctx", Atom("ctx")))

    def stmt_Force(self, s: ast.Force, env: Env, indent: int) -> list[str]:
        stopped = [Kw("stopped", self.expr(s.stopped, env))] if s.stopped is not None else []
        return self._do(indent, f"g.{s.verb}", self.expr(s.what, env, soft=True),
                        self.expr(s.source, env, soft=True), self.expr(s.amount, env),
                        *stopped, Kw("ctx", Atom("ctx")))

    def stmt_Eliminate(self, s: ast.Eliminate, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.eliminate", self.expr(s.who, env))

    def stmt_Disable(self, s: ast.Disable, env: Env, indent: int) -> list[str]:
        """`g.disable(what, ctx, kind, period)`: for good without a duration."""
        return self._do(indent, "g.disable", self.expr(s.what, env), Atom("ctx"),
                        Str(s.kind), Str(s.period) if s.period else Atom("None"))

    def stmt_EndProcedure(self, s: ast.EndProcedure, env: Env, indent: int) -> list[str]:
        decl = self.target(s.procedure)[0] if s.procedure is not None else None
        if s.outcome is not None and s.procedure is not None:
            name = self.qual(decl) if isinstance(decl, ast.Procedure) else s.procedure.dotted
            return self._do(indent, "g.end_game", Str(name), Str(s.outcome))
        return self._do(indent, "g.end_procedure",
                        Str(self.qual(decl)) if decl is not None else Atom("None"))

    def stmt_SkipTo(self, s: ast.SkipTo, env: Env, indent: int) -> list[str]:
        decl = self.target(s.step)[0]
        step = self.qual(decl) if decl is not None else s.step.dotted
        return self._do(indent, "g.skip_to", Str(step.rsplit(".", 1)[0]), Str(step))

    def stmt_Schedule(self, s: ast.Schedule, env: Env, indent: int) -> list[str]:
        """`g.schedule(what, ctx, count, period=...)`, or `stat=`, `owner=` (whose stat);
        `g.schedule_at_end(what, ctx, "step")`."""
        if s.at_end is not None or s.amount is None:
            proc = self.target(s.within)[0] if s.within is not None else None
            return self._do(indent, "g.schedule_at_end", self.expr(s.what, env), Atom("ctx"),
                            Str(period_of(s.at_end or "step")),
                            *([Str(self.qual(proc))] if proc is not None else []))
        what, amount = self.expr(s.what, env), self.expr(s.amount, env)
        if s.stat is None:
            return self._do(indent, "g.schedule", what, Atom("ctx"), amount,
                            Kw("period", Str(period_of(s.period or ""))))
        return self._do(indent, "g.schedule", what, Atom("ctx"), amount,
                        Kw("stat", Str(self.stat_name(s.stat))),
                        Kw("owner", self._who(s.stat, None, env)))

    def stmt_Relocate(self, s: ast.Relocate, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.relocate", self.expr(s.what, env, soft=True),
                        self.expr(s.to, env, soft=True))

    def stmt_Roll(self, s: ast.Roll, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.roll", self.expr(s.die, env), Atom("ctx"))

    def stmt_Reroll(self, s: ast.Reroll, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.reroll", self.expr(s.what, env), Atom("ctx"))

    def stmt_Reveal(self, s: ast.Reveal, env: Env, indent: int) -> list[str]:
        args = [self.expr(s.what, env, soft=True)]
        args += [self.expr(s.source, env)] if s.source is not None else []
        return self._do(indent, "g.reveal", *args)

    def stmt_Shuffle(self, s: ast.Shuffle, env: Env, indent: int) -> list[str]:
        args = [self.expr(s.deck, env)]
        args += [self.expr(s.into, env)] if s.into is not None else []
        return self._do(indent, "g.shuffle", *args)

    def stmt_Add(self, s: ast.Add, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.add", self.expr(s.what, env, soft=True), self.expr(s.to, env))

    def stmt_Remove(self, s: ast.Remove, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.remove", self.expr(s.what, env, soft=True),
                        self.expr(s.source, env))

    def stmt_SetValue(self, s: ast.SetValue, env: Env, indent: int) -> list[str]:
        value = self.expr(s.value, env)
        t = s.target
        if isinstance(t, ast.Call):
            made = [self.arg(a, env) for a in t.args]
            if t.func in ("answer", "answers") and t.args and isinstance(t.args[0], ast.Ref):
                made[0] = Str(t.args[0].dotted)  # a choice's name, not a value
            args = Seq("", tuple(made), "[]")
            return self._do(indent, "g.set_fact", Str(t.func), args, value)
        if not isinstance(t, ast.Ref):
            return self._do(indent, "g.fact", Str("cannot set"), Str(unparse.expr(t)))
        decl, attrs = self.target(t)
        if isinstance(decl, ast.Stat) and not attrs:
            return self._do(indent, "g.set", self.subject(decl), Str(decl.id), value)
        found = self.owner_and_stat(t, env) if len(t.parts) > 1 else None
        if found is not None:
            return self._do(indent, "g.set", found[0], Str(found[1]), value)
        return self._do(indent, "g.set_place", self.expr(t, env), value)

    def stmt_Trigger(self, s: ast.Trigger, env: Env, indent: int) -> list[str]:
        """`g.trigger(what, ctx)`; with values, the context given them: `ctx.but(target=c,
        args=(("district", ...),))`, positional values named by the target's `params:`."""
        if not s.args:
            return self._do(indent, "g.trigger", self.expr(s.target, env), Atom("ctx"))
        given = arg_names(self.model.targets.get(s.target), s)
        changes = [Kw(name, self.expr(value, env)) for name, value in given
                   if name in BUILT_IN_ARGS]
        values = tuple(Seq("", (Str(name), self.expr(value, env))) for name, value in given
                       if name not in BUILT_IN_ARGS)
        if values:
            changes.append(Kw("args", Seq("", values, "()", tuple_comma=True)))
        return self._do(indent, "g.trigger", self.expr(s.target, env),
                        call("ctx.but", *changes))

    def stmt_Refused(self, s: ast.Refused, env: Env, indent: int,
                     opening: str = "with ") -> list[str]:
        """`with g.refused("..."):` the block, which the rules must refuse; as an example's
        action, one effect: `with g.effect(), g.refused("..."):`."""
        return render(call("g.refused", Str(unparse.block(s.body))), indent, opening, ":") + \
            self.block(s.body, env, indent + 4)

    def stmt_Require(self, s: ast.Require, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.require", self.condition(s.condition, env),
                        Str(unparse.expr(s.condition)))

    def stmt_Log(self, s: ast.Log, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.note", Str(s.text))

    def stmt_ProseStep(self, s: ast.ProseStep, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.prose", Str(s.text))

    def stmt_If(self, s: ast.If, env: Env, indent: int, word: str = "if",
                guard: Py | None = None) -> list[str]:
        """`guard`: a condition of the code's own that must hold first (`not chosen_1`)."""
        pad = " " * indent
        condition, then = self.condition(s.condition, env), s.then
        # an `if` whose only statement is another `if` (or a `may`), neither with an
        # `else`: one `if` of both conditions (ruff's SIM102), the same short circuit
        while not s.orelse and len(then) == 1 and (
                isinstance(then[0], ast.May) or isinstance(then[0], ast.If)
                and not then[0].orelse):
            nested = then[0]
            more = self.condition(nested.condition, env) if isinstance(nested, ast.If) \
                else call("g.may", Atom("ctx"), Str(self.here), Str(nested.name))
            parts = condition.parts if isinstance(condition, Op) and condition.op == "and" \
                else (paren(condition, AND + 1),)
            condition = Op("and", (*parts, paren(more, AND + 1)), AND)
            then = nested.then if isinstance(nested, ast.If) else nested.body
        if guard is not None:
            parts = condition.parts if isinstance(condition, Op) and condition.op == "and" \
                else (paren(condition, AND + 1),)
            condition = Op("and", (guard, *parts), AND)
        out = render(condition, indent, f"{word} ", ":")
        out += self.block(then, env, indent + 4)
        if len(s.orelse) == 1 and isinstance(s.orelse[0], ast.If):
            return out + self.stmt_If(s.orelse[0], env, indent, "elif")
        if s.orelse:
            out += [pad + "else:"] + self.block(s.orelse, env, indent + 4)
        return out

    def stmt_ForEach(self, s: ast.ForEach, env: Env, indent: int) -> list[str]:
        inner, name = env.bind(s.var, _uses(s.body, s.var), TAKEN)
        iterable = self.expr(s.iterable, env)
        members = iterable if isinstance(s.iterable, ast.RangeLit) else call("g.members",
                                                                            iterable)
        return render(members, indent, f"for {name} in ", ":") + self.block(s.body, inner,
                                                                            indent + 4)

    def stmt_Choose(self, s: ast.Choose, env: Env, indent: int) -> list[str]:
        pad = " " * indent
        picked = "picked" if env.chooses == 0 else f"picked_{env.chooses + 1}"
        inner = Env(env.names, env.chooses + 1)
        options = Seq("", tuple(Seq("", (Str(o.id), Str(o.title or o.id))) for o in s.options),
                      "[]")
        count = self.expr(s.count, env) if s.count is not None else Atom("1")
        out = render(call("g.choose", Str(self.here), options, count, Atom("ctx")), indent,
                     f"for {picked} in ", ":")
        for i, option in enumerate(s.options):
            word = "if" if i == 0 else "elif"
            out.append(f"{pad}    {word} {picked} == {option.id!r}:")
            out += self.block(option.body, inner, indent + 8)
        return out


    def stmt_ChooseFrom(self, s: ast.ChooseFrom, env: Env, indent: int) -> list[str]:
        """`picked = g.pick(...)` over the pool's members that pass the filter; the
        `else:` block when nothing is picked; the body once for each one picked."""
        pad = " " * indent
        inner, name = env.bind(s.var, True, TAKEN)
        each = name if _uses(s.body, s.var) else "_" + name  # the filter may use it
        picked = f"chosen_{env.chooses + 1}"
        inner = Env(inner.names, env.chooses + 1)
        members = call("g.members", self.expr(s.pool, env))
        pool: Py = Comp(Atom(name), name, members, self.condition(s.where, inner)) \
            if s.where else members
        count = self.expr(s.count, env) if s.count is not None else Atom("1")
        args: list[Py] = [Atom("ctx"), Str(self.here), Str(s.var), pool]
        if s.mode != "one":
            args += [Str(s.mode), count]
        if s.orelse:
            args.append(Kw("otherwise", Atom("True")))
        out = render(call("g.pick", *args), indent, f"{picked} = ")
        only = s.orelse[0] if len(s.orelse) == 1 else None
        if isinstance(only, ast.If) and not only.orelse:  # one `if` (ruff's SIM102)
            out += self.stmt_If(only, env, indent, guard=Pre("not ", Atom(picked), 3))
        elif s.orelse:
            out.append(f"{pad}if not {picked}:")
            out += self.block(s.orelse, env, indent + 4)
        out.append(f"{pad}for {each} in {picked}:")
        return out + self.block(s.body, inner, indent + 4)

    def stmt_May(self, s: ast.May, env: Env, indent: int) -> list[str]:
        return render(call("g.may", Atom("ctx"), Str(self.here), Str(s.name)), indent, "if ",
                      ":") + self.block(s.body, env, indent + 4)

    def stmt_ActAs(self, s: ast.ActAs, env: Env, indent: int) -> list[str]:
        """The block with another actor: `ctx` rebound, then given back."""
        pad = " " * indent
        saved = f"ctx_{env.chooses + 1}"
        inner = Env(env.names, env.chooses + 1)
        out = [f"{pad}{saved} = ctx"]
        out += render(call("ctx.but", Kw("actor", self.expr(s.who, env))), indent, "ctx = ")
        return out + self.block(s.body, inner, indent) + [f"{pad}ctx = {saved}"]


def _uses(stmts: Iterable[Any], name: str) -> bool:
    return any(isinstance(n, ast.Ref) and n.parts[0] == name
               for s in stmts for n in iter_nodes(s))


def _stat(code: GameCode, stat: ast.Ref, env: Env) -> Py:
    """The stat a statement changes: its name, or the code naming the stat a bound name
    holds (`gain 1 skill`: `q.stat_named(g, skill)`, see `named_stats`)."""
    if named_by_value(stat, env):
        return stat_and_owner(code, stat, None, env)[0]
    return Str(code.stat_name(stat))


def _owner(code: GameCode, stat: ast.Ref, target: ast.Expr | None, env: Env) -> Py:
    """Whose stat it is: `GameCode._who`, or for a stat named by a value, as it declares."""
    if named_by_value(stat, env):
        return stat_and_owner(code, stat, target, env)[1]
    return code._who(stat, target, env)  # noqa: SLF001 - the class's own helper
