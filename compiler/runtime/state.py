"""The state of one game in play, and the instructions generated rules run on it.

A generated engine calls `Game` methods only: values (`get`, `gain`, `pay`,
`set`...), places (`draw`, `discard`, `place`...), dice (`roll`), control
(`trigger`, `require`, `choose`, `assume`, `prose`) and, in examples,
`expect`. `trigger` resolves a rule (who may, its limit, its condition, then
cost and effect), a procedure (its steps in order), a table (the rows its key
reaches) or an outside event; rules hooked `before`, `during`, `after`,
`start of` or `end of` it run around it. Text timings are not hooks: such a
rule runs when a caller triggers it.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from .choosers import Chooser, FirstChooser
from .defs import Definitions, Expectation, Row, RuleDef, StatDef, Value
from .errors import Illegal, NotExecutable, RuleError
from .limits import Lasting, Usage
from .log import EventLog
from .places import Places
from .stats import Stats

MAX_DEPTH = 64
HOOKS = ("before", "after", "during", "start", "end")
OPERATORS: dict[str, Callable[[Value, Value], Value]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge,
}


@dataclass(frozen=True, slots=True)
class Ctx:
    """Who acts, on what, for whom: the built-ins `actor`, `target`, `owner`, `self`, `you`."""

    actor: Value = None
    target: Value = None
    owner: Value = None
    this: Value = None

    def get(self, name: str) -> Value:
        if name == "you":
            return self.actor if self.actor is not None else "you"
        if name == "owner":
            return self.owner if self.owner is not None else self.actor
        return {"actor": self.actor, "target": self.target, "self": self.this}[name]

    def need(self, name: str) -> Value:
        value = self.get(name)
        if value is None:
            raise NotExecutable(f"`{name}` is not known here: the caller must give it")
        return value

    @property
    def subject(self) -> Value:
        """Whose stats a bare stat name means: the actor, else the owner."""
        return self.actor if self.actor is not None else self.owner

    def but(self, **changes: Value) -> Ctx:
        return replace(self, **changes)


@dataclass
class Run:
    """One run of a procedure, with the treated values of its subject when it began."""

    procedure: str
    subject: Value
    values: dict[str, Value] = field(default_factory=dict)
    completed: bool = False


class Game:
    def __init__(self, defs: Definitions, *, seed: int = 0, chooser: Chooser | None = None,
                 options: Iterable[str] = ()) -> None:
        self.defs = defs
        self.rng = random.Random(seed)
        self.chooser: Chooser = chooser or FirstChooser()
        self.log = EventLog()
        unknown = sorted(set(options) - set(defs.options))
        if unknown:
            raise ValueError(f"not a module, mode, variant or scenario of {defs.game}: {unknown}")
        self.in_play = defs.default_options | frozenset(options)
        tracks = {t.name: StatDef(t.name, t.title, None, t.lo, t.hi) for t in defs.tracks.values()}
        self.stats = Stats({**defs.stats, **tracks}, defs.records, self.log)
        self.places = Places(defs.decks, defs.zones, self.rng, self.chooser, self.log)
        self.usage = Usage()
        self.lasting = Lasting()
        self.facts: dict[tuple[str, tuple[Value, ...]], Value] = {}
        self.rigged_rolls: dict[str, list[Value]] = {}
        self.runs: list[Run] = []
        self.reached: dict[tuple[str, int], Value] = {}
        self.hooks: dict[tuple[str, str], list[RuleDef]] = {}
        self.overriders: dict[str, list[RuleDef]] = {}
        for rule in defs.rules.values():
            if rule.when is not None and rule.when.kind in HOOKS and rule.when.target:
                self.hooks.setdefault((rule.when.kind, rule.when.target), []).append(rule)
            if rule.overrides is not None:
                self.overriders.setdefault(rule.overrides, []).append(rule)
        self.depth = 0

    # ------------------------------------------------------------ values

    def get(self, who: Value, name: str) -> Value:
        if who is None or self.stats.is_stat(name):
            return self.stats.get(who, name)
        record = self.defs.records.get(who) if isinstance(who, str) else None
        if record is not None and record.has(name):
            return record.value(name)
        return self.stats.get(who, name)

    def treated(self, who: Value, name: str) -> Value:
        return self.stats.treated(who, name)

    def set(self, who: Value, name: str, value: Value) -> None:
        self.stats.set(who, name, value)

    def amount(self, value: Value) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise NotExecutable(f"{value!r} is not a number the engine knows")
        return value

    def gain(self, name: str, amount: Value, who: Value) -> None:
        if name in self.defs.tracks:
            self._advance(name, self.amount(amount), who)
        else:
            self.stats.gain(name, self.amount(amount), who)

    def lose(self, name: str, amount: Value, who: Value) -> None:
        self.stats.lose(name, self.amount(amount), who)

    def pay(self, name: str, amount: Value, who: Value) -> None:
        self.stats.pay(name, self.amount(amount), who)

    def _advance(self, name: str, steps: int, who: Value) -> None:
        track = self.defs.tracks[name]
        old = self.stats.number(who, name)
        self.stats.gain(name, steps, who)
        for space in range(old + 1, self.stats.number(who, name) + 1):
            if track.rewards == "first_only" and (name, space) in self.reached:
                continue
            self.reached.setdefault((name, space), who)
            for row in (r for r in track.rows if r.matches(space) and r.effect):
                self.log.add("reward", name, who, f"space {space}")
                if row.effect is not None:
                    row.effect(self, Ctx(actor=who))

    def members(self, value: Value) -> list[Value]:
        """What a `for each` walks: a list, a number of times, a kind's cards, a place."""
        if value is None:
            return []
        if isinstance(value, (list, tuple)):
            return list(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return list(range(1, value + 1))
        if value in self.defs.kinds:
            return list(self.defs.kinds[value])
        if isinstance(value, str) and self.places.known(value):
            return list(self.places.of(value))
        raise NotExecutable(f"what `{value}` holds is not modelled: give it in `given:`")

    def span(self, lo: Value, hi: Value) -> list[int]:
        return list(range(self.amount(lo), self.amount(hi) + 1))

    def fact(self, name: str, *args: Value) -> Value:
        """A query about what the engine does not model (the Map, Majority): given by a caller."""
        key = (name, tuple(args))
        if key not in self.facts:
            shown = ", ".join(repr(a) for a in args)
            raise NotExecutable(f"`{name}({shown})` is not modelled: set it first")
        return self.facts[key]

    def holds(self, name: str) -> bool:
        """Whether something named holds: a module or variant in play, else a fact
        (`set holds(feats_draft) to yes`)."""
        if name in self.defs.options:
            return name in self.in_play
        return bool(self.fact("holds", name))

    def set_fact(self, name: str, args: Sequence[Value], value: Value) -> None:
        if name == "draw_order":
            self.places.rig(str(args[0]), self.members(value))
        elif name == "roll_order":
            self.rigged_rolls[str(args[0])] = self.members(value)
        else:
            self.facts[(name, tuple(args))] = value
            self.log.add("set", f"{name}({', '.join(map(repr, args))})", detail=f"{value!r}")

    # ------------------------------------------------------------ places

    def set_place(self, place: str, things: Value) -> None:
        self.places.set(place, self.members(things))

    def draw(self, deck: Value, count: Value, to: Value = None) -> list[Value]:
        return self.places.draw(self._place(deck), self.amount(count), to)

    def discard(self, thing: Value, to: Value = None) -> None:
        if self._something(thing, "discard"):
            self.places.discard(thing, to, self.defs.kind_of(thing))

    def place(self, thing: Value, where: Value, bottom: bool = False) -> None:
        if self._something(thing, "place") and self._something(where, "place on"):
            self.places.put(thing, self._place(where), bottom)

    def move(self, thing: Value, to: Value) -> None:
        if self._something(thing, "move") and self._something(to, "move to"):
            self.places.put(thing, self._place(to), kind="move")

    def relocate(self, thing: Value, to: Value) -> None:
        if self._something(thing, "relocate") and self._something(to, "relocate to"):
            self.places.put(thing, self._place(to), kind="relocate")

    def add(self, thing: Value, deck: Value) -> None:
        if self._something(thing, "add"):
            self.places.put(thing, self._place(deck), kind="add")

    def remove(self, thing: Value, source: Value) -> None:
        if self._something(thing, "remove"):
            self.places.remove(thing, self._place(source))

    def shuffle(self, deck: Value, into: Value = None) -> None:
        self.places.shuffle(self._place(deck), self._place(into) if into is not None else None)

    def reveal(self, thing: Value, source: Value = None) -> None:
        if source is not None and isinstance(thing, int):
            thing = self.places.of(self._place(source))[:thing]
        self.log.add("reveal", repr(thing), detail=f"from {source}" if source else "")

    def _place(self, value: Value) -> str:
        if not isinstance(value, str):
            raise NotExecutable(f"{value!r} is not a place")
        return value

    def _something(self, value: Value, verb: str) -> bool:
        """Nothing to act on (no target) is a step skipped, not an error."""
        if value is None:
            self.log.add("skip", verb, detail="nothing to act on")
        return value is not None

    # ------------------------------------------------------------ dice

    def roll(self, die: Value, ctx: Ctx) -> Value:
        spec = self.defs.dice.get(die) if isinstance(die, str) else None
        if spec is None or not spec.faces:
            raise NotExecutable(f"the faces of {die} are not known")
        queue = self.rigged_rolls.get(spec.name)
        face = queue.pop(0) if queue else self.rng.choice(spec.faces)
        if face not in spec.faces:
            raise Illegal(f"{spec.name} has no face {face!r}")
        self.log.add("roll", spec.name, ctx.subject, f"{face!r}")
        self._fire("after", spec.name, ctx.but(target=face))
        return face

    def reroll(self, what: Value, ctx: Ctx) -> Value:
        return self.roll(what, ctx)

    # ------------------------------------------------------------ control

    def require(self, condition: Value, text: str) -> None:
        if not condition:
            raise Illegal(f"requires {text}")

    def note(self, text: str) -> None:
        self.log.add("log", text)

    def prose(self, text: str) -> None:
        self.log.add("prose", text, detail="stated in words only: not executed")

    def assume(self, text: str) -> bool:
        answer = self.chooser.confirm(text)
        self.log.add("assume", text, detail="yes" if answer else "no")
        return answer

    def choose(self, key: str, options: Sequence[tuple[str, str]], count: Value = 1) -> list[str]:
        picked = self.chooser.choose(f"{key}: choose {count}", options, self.amount(count))
        self.log.add("choose", key, detail=", ".join(picked))
        return picked

    def expect(self, text: str, left: Callable[[], Value], op: str | None = None,
               right: Callable[[], Value] | None = None) -> Expectation:
        try:
            value = left()
            if op is None or right is None:
                return Expectation(text, bool(value), repr(value))
            other = right()
            return Expectation(text, bool(OPERATORS[op](value, other)),
                               f"{value!r} {op} {other!r}")
        except RuleError as err:
            return Expectation(text, False, f"{type(err).__name__}: {err}")

    # ------------------------------------------------------------ resolution

    def trigger(self, name: Value, ctx: Ctx | None = None) -> None:
        """Resolve a rule, a procedure, a table, or an outside event, with its hooks."""
        ctx = ctx or Ctx()
        if not isinstance(name, str):
            raise NotExecutable(f"{name!r} is nothing that can be triggered")
        if self.depth >= MAX_DEPTH:
            raise NotExecutable(f"{name}: rules trigger each other more than {MAX_DEPTH} deep")
        self.depth += 1
        try:
            if name in self.defs.rules:
                self._rule(self._effective(name, ctx), ctx)
            elif name in self.defs.procedures:
                self._procedure(name, ctx)
            elif name in self.defs.tables:
                self._table(name, ctx)
            else:
                self._happen(name, ctx)
        finally:
            self.depth -= 1
            if self.depth == 0:
                self.stats.forget()

    def act(self, name: str, actor: Value = None, target: Value = None) -> None:
        """A player uses a rule: `game.act("akira.draw_one", actor="akira")`."""
        self.trigger(name, Ctx(actor=actor, target=target))

    def playing(self, scope: Iterable[str]) -> bool:
        return all(s in self.in_play for s in scope)

    def _effective(self, name: str, ctx: Ctx) -> RuleDef:
        for rule in self.overriders.get(name, ()):
            if self.playing(rule.scope) and (rule.check is None or rule.check(self, ctx)):
                self.log.add("override", name, detail=f"replaced by {rule.name}")
                return rule
        return self.defs.rules[name]

    def _rule(self, rule: RuleDef, ctx: Ctx) -> None:
        if not self.playing(rule.scope):
            self.log.add("skip", rule.name, detail="not in play: " + ", ".join(rule.scope))
            return
        ctx = self._context(rule, ctx)
        self._allowed(rule, ctx.actor)
        self.usage.allow(rule.name, ctx.actor, rule.limit)
        self._fire("before", rule.name, ctx)
        if rule.check is not None and not rule.check(self, ctx):
            self.log.add("skip", rule.name, ctx.subject, "its condition does not hold")
            return
        self.log.add(rule.kind, rule.name, ctx.subject, rule.title or "")
        self.log.causes.append(rule.name)
        try:
            if rule.cost is not None:
                rule.cost(self, ctx)
            if rule.effect is not None:
                rule.effect(self, ctx)
        finally:
            self.log.causes.pop()
        self.usage.record(rule.name, ctx.actor, rule.limit)
        self.lasting.start(rule.this or rule.name, ctx.actor, rule.duration)
        if rule.limit is not None and rule.limit.max_in is not None:
            zone = self.defs.zones.get(rule.limit.max_in)  # the extra card goes back
            self.places.enforce(rule.limit.max_in, rule.limit.count,
                                zone.overflow if zone and zone.overflow else "bottom_of_deck")
        self._fire("during", rule.name, ctx)
        self._fire("after", rule.name, ctx)

    def _context(self, rule: RuleDef, ctx: Ctx) -> Ctx:
        if ctx.actor is None and len(rule.who) == 1 and rule.who[0] not in self.defs.kinds:
            ctx = ctx.but(actor=rule.who[0])
        return ctx.but(this=rule.this) if rule.this is not None else ctx

    def _allowed(self, rule: RuleDef, actor: Value) -> None:
        checkable = [w for w in rule.who if w in self.defs.records or w in self.defs.kinds]
        if actor is None or not rule.who or len(checkable) < len(rule.who):
            return
        if actor not in rule.who and self.defs.kind_of(actor) not in rule.who:
            raise Illegal(f"{rule.name} is for {', '.join(rule.who)}, not {actor}")

    def _procedure(self, name: str, ctx: Ctx) -> None:
        proc = self.defs.procedures[name]
        if not self.playing(proc.scope):
            self.log.add("skip", name, detail="not in play")
            return
        run = Run(name, ctx.subject, self._treated_values(ctx.subject))
        self.runs.append(run)
        self.log.add("procedure", name, ctx.subject, proc.title or "")
        for kind in ("before", "start", "during"):
            self._fire(kind, name, ctx)
        self.log.causes.append(name)
        try:
            for step in proc.steps:
                self.trigger(step, ctx)
        finally:
            self.log.causes.pop()
        self._fire("end", name, ctx)
        self._fire("after", name, ctx)
        run.completed = True

    def _treated_values(self, who: Value) -> dict[str, Value]:
        values = {}
        for stat in self.defs.stats.values():
            if stat.overflow == "clamp_remember" and who is not None:
                try:
                    values[stat.name] = self.stats.treated(who, stat.name)
                except RuleError:
                    continue
        return values

    def _table(self, name: str, ctx: Ctx) -> None:
        table = self.defs.tables[name]
        key = table.by(self, ctx) if table.by is not None else ctx.target
        if key is None:
            raise NotExecutable(f"{name} is read by {table.by_text or 'a key'}: give the key "
                                "as the target")
        rows = table.select(key)
        self.log.add("table", name, ctx.subject,
                     f"{key!r}: " + (", ".join(r.label for r in rows) or "no row"))
        for row in rows:
            if row.effect is not None:
                row.effect(self, ctx)
            else:
                self.log.add("result", name, ctx.subject, repr(self.row_value(row, ctx)))

    def row_value(self, row: Row, ctx: Ctx) -> Value:
        return row.compute(self, ctx) if row.compute is not None else row.value

    def _happen(self, name: str, ctx: Ctx) -> None:
        self.log.add("happen", name, ctx.subject)
        for kind in HOOKS:
            self._fire(kind, name, ctx)

    def _fire(self, kind: str, target: str, ctx: Ctx) -> None:
        """Run the rules hooked to `kind target`; one that cannot run is skipped, logged."""
        for rule in self.hooks.get((kind, target), ()):
            if not self.playing(rule.scope):
                continue
            try:
                self.trigger(rule.name, ctx.but(this=None))
            except RuleError as err:
                self.log.add("skip", rule.name, ctx.subject, f"{type(err).__name__}: {err}")

    # ------------------------------------------------------------ periods

    def start(self, period: str) -> None:
        """A period begins: `start of` hooks run; what lasted until its start ends."""
        for name in self.lasting.expire("until_start", period):
            self.log.add("expire", name, detail=f"until the start of the {period}")
        for target in self._period_targets(period):
            self._fire("start", target, Ctx())

    def end(self, period: str) -> None:
        """A period ends: `end of` hooks run, lasting effects expire, limits reset."""
        for target in self._period_targets(period):
            self._fire("end", target, Ctx())
        for name in self.lasting.expire("until_end", period):
            self.log.add("expire", name, detail=f"until the end of the {period}")
        self.usage.reset(period)

    def _period_targets(self, period: str) -> list[str]:
        return sorted({t for _, t in self.hooks if t.rsplit(".", 1)[-1] == period})
