"""How `Game.trigger` resolves things: rules, procedures, tables, outside events, their
hooks, overrides and effects.

`trigger` resolves a rule (who may, its limit, its condition, then cost and
effect), a procedure (its steps in order), a table (the rows its key reaches)
or an outside event; rules hooked `before`, `start of`, `during`, `end of` or
`after` it run around it, in that order: `before` ahead of a rule's condition, `start
of` and `during` once its cost is paid, before its effect (as the rules hooked `during`
a procedure run before its steps), `end of` after its effect, then `after`; around a
table's rows or an outside event, in the same order. A rule that `overrides` it (or is
timed `instead of` it) runs instead when in play and its condition holds. Text timings
are not hooks, and the engine never answers them: a rule whose moment is stated in
words cannot run, so triggering it raises `NotExecutable`.

A rule that cannot run (`NotExecutable`: a condition or moment stated in words, a fact
not modelled) stops the whole run, hooked or not: the log records a `blocked` event for
it, then one for each rule it was resolved inside, innermost first. A hooked rule that
may not be used now (`Illegal`) is skipped, logged.

A rule timed `after STAT` (a stat or a track) runs after each change of that
stat (gain, loss, payment or set), once per change and in declaration order,
for the owner whose stat changed (`owner`), when its condition holds for the
change; the log records a `hook` event saying which change fired it. Other
timings on a stat are not hooks.

*One effect* is what one `trigger` from outside resolves, with everything it
sets off; one statement of an example's `actions:` (`with game.effect():`);
or, outside any, the rules one change of a stat fires.
A procedure some rule counts with `at_once(procedure, who)` is not resolved at
once inside an effect: its requests wait until the effect ends, then each
group of requests for the same subject is resolved together, so the rules see
how many the effect made "at the same time"; an override that applies to a
group replaces all of its requests, once. Values remembered past a bound
(`clamp_remember`) are forgotten when the outermost effect ends: they last
for "the draw that follows".
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, cast

from .context import Ctx, Run
from .defs import Definitions, Row, RuleDef, Value
from .errors import Illegal, Interrupt, NotExecutable, RuleError
from .limits import Lasting, Usage
from .log import EventLog
from .places import Places
from .stats import Stats
from .words import effect_of

if TYPE_CHECKING:
    from .state import Game

MAX_DEPTH = 64
HOOKS = ("before", "start", "during", "end", "after")  # in the order they run
EVENTS = ("enters", "leaves", "discarded", "targeted", "passes", "bumps")  # no target: any
Request = tuple[str, Ctx]


class Resolution:
    """The resolution half of `Game` (a mixin: `Game` holds the state it works on)."""

    defs: Definitions
    log: EventLog
    stats: Stats
    places: Places
    usage: Usage
    lasting: Lasting
    in_play: frozenset[str]
    example: str | None  # the worked example being run, if one is
    runs: list[Run]
    seats: tuple[str, ...]
    depth: int
    hooks: dict[tuple[str, str], list[RuleDef]]
    hooked_events: frozenset[str]  # the engine events some rule is hooked to
    stat_hooks: dict[str, list[RuleDef]]
    overriders: dict[str, list[RuleDef]]
    pending: list[Request] | None  # the requests of the open effect, if one is open
    together: dict[tuple[str, Value], int]  # the groups of requests being resolved

    if TYPE_CHECKING:  # given by `periods.Periods`, which catches `end` and `skip to`
        def _steps(self, name: str, steps: tuple[str, ...], ctx: Ctx) -> None: ...

    def _index(self) -> None:
        """Sort the rules by what they hook into and what they override."""
        self.hooks, self.stat_hooks, self.overriders = {}, {}, {}
        self.pending, self.together, self.depth = None, {}, 0
        self.actors: list[Value] = []  # who acts in each rule being resolved, innermost last
        for rule in self.defs.rules.values():
            for when in rule.when.moments if rule.when is not None else ():
                if when.target and when.stat:
                    if when.kind == "after":
                        self.stat_hooks.setdefault(when.target, []).append(rule)
                elif when.kind == "instead" and when.target:  # as `overrides:` says it
                    self.overriders.setdefault(when.target, []).append(rule)
                elif when.kind in HOOKS and when.target or when.kind in EVENTS:
                    self.hooks.setdefault((when.kind, when.target or ""), []).append(rule)
            if rule.overrides is not None:
                self.overriders.setdefault(rule.overrides, []).append(rule)
        self.hooked_events = frozenset(kind for kind, _ in self.hooks if kind in EVENTS)

    # ------------------------------------------------------------ effects

    @contextmanager
    def effect(self) -> Iterator[None]:
        """One effect: inside one already open, part of it; else a new one, whose
        pending requests are resolved when it ends."""
        if self.pending is not None:
            yield
            return
        self.pending = []
        try:
            yield
            self._resolve_pending()
        finally:
            self.pending = None
            self.stats.forget()

    def at_once(self, procedure: str, who: Value) -> int:
        """The requests of a procedure for `who` the current effect makes together."""
        if (procedure, who) in self.together:
            return self.together[(procedure, who)]
        return sum(1 for name, ctx in self.pending or () if name == procedure
                   and ctx.subject == who)

    def _resolve_pending(self) -> None:
        assert self.pending is not None
        while self.pending:
            groups: dict[tuple[str, Value], list[Ctx]] = {}
            for name, ctx in self.pending:
                groups.setdefault((name, ctx.subject), []).append(ctx)
            self.pending.clear()
            for (name, who), ctxs in groups.items():
                self.together[(name, who)] = len(ctxs)
                try:
                    self._resolve_group(name, ctxs)
                finally:
                    del self.together[(name, who)]

    def _resolve_group(self, name: str, ctxs: list[Ctx]) -> None:
        replaced = self._resolve(name, ctxs[0])
        if replaced is None:
            for ctx in ctxs[1:]:
                self._resolve(name, ctx)
        elif len(ctxs) > 1:
            self.log.add("replace", name, ctxs[0].subject,
                         f"{len(ctxs)} requests at once, all replaced by {replaced}")

    # ------------------------------------------------------------ resolution

    def trigger(self, name: Value, ctx: Ctx | None = None) -> None:
        """Resolve a rule, a procedure, a table, or an outside event, with its hooks."""
        ctx = ctx or Ctx()
        if not isinstance(name, str):
            raise NotExecutable(f"{name!r} is nothing that can be triggered")
        if self.pending is not None:  # part of the effect already open (`effect()`, inlined:
            self._request(name, ctx)  # this is the engine's most frequent call)
            return
        self.pending = []
        try:
            self._request(name, ctx)
            self._resolve_pending()
        finally:
            self.pending = None
            self.stats.forget()

    def _request(self, name: str, ctx: Ctx) -> None:
        """Resolve now, or, for a procedure counted `at_once`, when the effect ends."""
        proc = self.defs.procedures.get(name)
        if proc is not None and proc.at_once:
            assert self.pending is not None
            self.pending.append((name, ctx))
            self.log.add("request", name, ctx.subject, "resolved when the effect ends")
            return
        self._resolve(name, ctx)

    def playing(self, scope: Iterable[str]) -> bool:
        """Are all these modules, modes or variants in play?"""
        return all(s in self.in_play for s in scope)

    def active(self, rule: RuleDef) -> bool:
        """Is the rule in play: its modules..., and the example it is declared in, if any?"""
        return self.playing(rule.scope) and rule.example in (None, self.example)

    def _resolve(self, name: str, ctx: Ctx) -> str | None:
        """Resolve now; returns the override that ran instead, if one did."""
        if self.depth >= MAX_DEPTH:
            raise NotExecutable(f"{name}: rules trigger each other more than {MAX_DEPTH} deep")
        self.depth += 1
        try:
            override = self._override(name, ctx)
            if override is not None:
                self._rule(override, ctx)
                return override.name
            if name in self.defs.rules:
                self._rule(self.defs.rules[name], ctx)
            elif name in self.defs.procedures:
                self._procedure(name, ctx)
            elif name in self.defs.tables:
                self._table(name, ctx)
            else:
                self._happen(name, ctx)
            return None
        finally:
            self.depth -= 1

    def _override(self, name: str, ctx: Ctx) -> RuleDef | None:
        """The rule that runs instead of `name` (a rule, procedure, table or outside event):
        one that overrides it, in play, for whoever acts (`who:`), its condition holding."""
        for rule in self.overriders.get(name, ()):
            if _for(self, rule, ctx):
                self.log.add("override", name, detail=f"replaced by {rule.name}")
                return rule
        return None

    @property
    def game(self) -> Game:
        """This object as the `Game` the generated rule functions take."""
        return cast("Game", self)

    def _rule(self, rule: RuleDef, ctx: Ctx) -> None:
        if not self.active(rule):
            self.log.add("skip", rule.name, detail="not in play: " + ", ".join(
                rule.scope + ((f"the example {rule.example}",) if rule.example else ())))
            return
        try:
            self._run_rule(rule, ctx)
        except NotExecutable as err:
            self.log.add("blocked", rule.name, ctx.subject, str(err))
            raise

    def _run_rule(self, rule: RuleDef, ctx: Ctx) -> None:
        if rule.when is not None and rule.when.kind == "text":
            raise NotExecutable(f"its moment is stated in words: {rule.when.text}")
        ctx = _context(self.defs, rule, ctx)
        _allowed(self.defs, rule, ctx.actor)
        self.usage.allow(rule.name, ctx.actor, rule.limit, ctx)
        self._fire("before", rule.name, ctx)
        if rule.check is not None and not rule.check(self.game, ctx):
            self.log.add("skip", rule.name, ctx.subject, "its condition does not hold")
            return
        self.log.add(rule.kind, rule.name, ctx.subject, rule.title or "")
        self.log.causes.append(rule.name)
        self.actors.append(ctx.subject)
        stop = None  # the rule ends a procedure or skips in it: it was resolved all the same
        try:
            if rule.cost is not None:
                rule.cost(self.game, ctx)
            self._fire("start", rule.name, ctx)
            self._fire("during", rule.name, ctx)
            effect_of(rule)(self.game, ctx)  # in words only: NotExecutable
            self._fire("end", rule.name, ctx)
        except Interrupt as err:
            stop = err
        finally:
            self.log.causes.pop()
            self.actors.pop()
        self.usage.record(rule.name, ctx.actor, rule.limit, ctx)
        self.lasting.start(rule.this or rule.name, ctx.actor, rule.duration)
        if rule.limit is not None and rule.limit.max_in is not None:
            zone = self.defs.zones.get(rule.limit.max_in)  # the extra card goes back
            self.places.enforce(rule.limit.max_in, rule.limit.count,
                                zone.overflow if zone and zone.overflow else "bottom_of_deck")
        if stop is not None:
            raise stop
        self._fire("after", rule.name, ctx)

    def _procedure(self, name: str, ctx: Ctx) -> None:
        """One run of a procedure: its hooks and its steps in order (`periods.Periods`
        runs it once per player, again until its end condition, as its period)."""
        proc = self.defs.procedures[name]
        if not self.playing(proc.scope):
            self.log.add("skip", name, detail="not in play")
            return
        run = Run(name, ctx.subject, _treated_values(self.defs, self.stats, ctx.subject))
        self.runs.append(run)
        self.log.add("procedure", name, ctx.subject, proc.title or "")
        self._steps(name, proc.steps, ctx)  # `end` and `skip to` caught there
        self._fire("end", name, ctx)
        self._fire("after", name, ctx)
        run.completed = True

    def _table(self, name: str, ctx: Ctx) -> None:
        table = self.defs.tables[name]
        key = table.by(self.game, ctx) if table.by is not None else ctx.target
        if key is None:
            raise NotExecutable(f"{name} is read by {table.by_text or 'a key'}: give the key "
                                "as the target")
        rows = table.select(key)
        self.log.add("table", name, ctx.subject,
                     f"{key!r}: " + (", ".join(r.label for r in rows) or "no row"))
        for kind in HOOKS[:3]:  # before, start of, during
            self._fire(kind, name, ctx)
        for row in rows:
            if row.effect is not None:
                row.effect(self.game, ctx)
            else:
                self.log.add("result", name, ctx.subject, repr(self.row_value(row, ctx)))
        for kind in HOOKS[3:]:  # end of, after
            self._fire(kind, name, ctx)

    def row_value(self, row: Row, ctx: Ctx) -> Value:
        """What a table's row gives: its computed value, or its value."""
        return row.compute(self.game, ctx) if row.compute is not None else row.value

    def _happen(self, name: str, ctx: Ctx) -> None:
        """An outside event: its hooked rules run as part of it (`resolving(name)`)."""
        self.log.add("happen", name, ctx.subject)
        self.log.causes.append(name)
        try:
            for kind in HOOKS:
                self._fire(kind, name, ctx)
        finally:
            self.log.causes.pop()

    def _fire(self, kind: str, target: str, ctx: Ctx) -> None:
        """Run the rules hooked to `kind target`; one that may not be used now is skipped."""
        for rule in self.hooks.get((kind, target), ()):
            if self.active(rule):
                self._hooked(rule, ctx.but(this=None))

    def _hooked(self, rule: RuleDef, ctx: Ctx) -> None:
        """A hooked rule that may not be used now (`Illegal`) is skipped, logged; one that
        cannot run (`NotExecutable`) stops the run."""
        try:
            self.trigger(rule.name, ctx)
        except Illegal as err:
            self.log.add("skip", rule.name, ctx.subject, f"{type(err).__name__}: {err}")

    def _changed(self, stat: str, who: Value) -> None:
        """Run the rules hooked `after` this stat whose condition holds for the change, for
        its owner, as one effect (the value remembered past a bound lasts for all)."""
        ctx = Ctx(owner=who)
        rules = [r for r in self.stat_hooks.get(stat, ())
                 if self.active(r) and self._holds(r, ctx)]
        if not rules:
            return
        with self.effect():
            for rule in rules:
                self.log.add("hook", rule.name, who,
                             f"after {stat} changed: {_now(self.stats, who, stat)}")
                self._hooked(rule, ctx)

    def _holds(self, rule: RuleDef, ctx: Ctx) -> bool:
        """A hooked or overriding rule's condition; one that forbids (`Illegal`) is skipped,
        logged; one that cannot be evaluated (`NotExecutable`) blocks the rule and stops the
        run. Each rule weighed is recorded (`EventLog.weighed`), whatever its condition gives."""
        self.log.weighed[rule.name] = None
        try:
            return rule.check is None or bool(rule.check(self.game, ctx))
        except Illegal as err:
            self.log.add("skip", rule.name, ctx.subject, f"{type(err).__name__}: {err}")
            return False
        except NotExecutable as err:
            self.log.add("blocked", rule.name, ctx.subject, str(err))
            raise

def _treated_values(defs: Definitions, stats: Stats, who: Value) -> dict[str, Value]:
    values = {}
    for stat in defs.stats.values():
        if stat.overflow == "clamp_remember" and who is not None:
            try:
                values[stat.name] = stats.treated(who, stat.name)
            except RuleError:
                continue
    return values


def _now(stats: Stats, who: Value, stat: str) -> str:
    value, treated = stats.get(who, stat), stats.treated(who, stat)
    return f"now {value!r}" + (f", treated as {treated!r}" if treated != value else "")


def resolve_name(name: Value, known: Iterable[str], what: str) -> Value:
    """A qualified name from its full or short form (`rule` for `module.rule`), when
    exactly one known name ends so; nothing stays nothing."""
    if name is None or not isinstance(name, str):
        return name
    names = list(known)
    if name in names:
        return name
    found = [n for n in names if n.endswith("." + name)]
    if len(found) == 1:
        return found[0]
    if found:
        raise Illegal(f"`{name}` could be any of {', '.join(sorted(found))}: give more of it")
    close = difflib.get_close_matches(name, names + [n.rsplit(".", 1)[-1] for n in names], n=1)
    raise Illegal(f"no {what} is called `{name}`"
                  + (f"; did you mean `{close[0]}`?" if close else ""))


def _context(defs: Definitions, rule: RuleDef, ctx: Ctx) -> Ctx:
    """Who a rule is resolved for: its only `who` when no one acts, and its card (`self`)."""
    if ctx.actor is None and len(rule.who) == 1 and rule.who[0] not in defs.kinds:
        ctx = ctx.but(actor=rule.who[0])
    return ctx.but(this=rule.this) if rule.this is not None else ctx


def _for(game: Resolution, rule: RuleDef, ctx: Ctx) -> bool:
    """Does an overriding rule apply: in play, for this actor (its `who:`: an override for
    some players replaces nothing another player does), its condition holding?"""
    try:
        _allowed(game.defs, rule, ctx.actor)
    except Illegal:
        return False
    return game.active(rule) and game._holds(rule, ctx)


def _allowed(defs: Definitions, rule: RuleDef, actor: Value) -> None:
    """A rule for some players or kinds refuses anyone else (when all of them are known)."""
    if actor is None or not rule.who:
        return
    checkable = [w for w in rule.who if w in defs.records or w in defs.kinds]
    if len(checkable) < len(rule.who):
        return
    if actor not in rule.who and defs.kind_of(actor) not in rule.who:
        raise Illegal(f"{rule.name} is for {', '.join(rule.who)}, not {actor}")
