"""Rules that hold (`holds:`). `holds: always`: a condition that must stay true after every
change. The engine weighs each one in play before an effect (an example's action, a
rule triggered from outside) and again once it is resolved, its requests included; an
effect that breaks one that held is `Illegal`, so a `refused:` action leaves the game as
it was. One that did not hold before (a start state that does not model all it reads)
is not a change of this effect's making: it is left as it is. One that cannot be weighed
once it held (`NotExecutable`) blocks the run.

`holds: then`: a condition weighed at the rule's moment (`when: end of X`), as the
hooked rules of that moment run. When it does not hold, the rule is not skipped as a
hooked rule that may not be used is: the moment's `Illegal` goes up, and what it belongs
to is refused (an example's `refused:` action leaves the game as it was)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .context import Ctx
from .errors import Illegal, NotExecutable
from .snapshots import Snapshots

if TYPE_CHECKING:
    from .defs import RuleDef, Value

ALWAYS, THEN = "always", "then"


class Invariants(Snapshots):
    """The invariants half of `Game`: below `periods.Periods`, above `snapshots.Snapshots`."""

    invariants: tuple[RuleDef, ...]

    def _index(self) -> None:
        super()._index()
        self.invariants = tuple(r for r in self.defs.rules.values()
                                if r.holds == ALWAYS and r.check is not None)

    def holding(self) -> tuple[str, ...]:
        """The invariants in play that hold now (one that cannot be weighed does not)."""
        found = []
        for rule in self.invariants:
            if not self.active(rule):
                continue
            try:
                if rule.check is not None and rule.check(self.game, Ctx()):
                    found.append(rule.name)
            except (Illegal, NotExecutable):
                continue
        return tuple(found)

    def keep(self, held: tuple[str, ...]) -> None:
        """`Illegal` if an invariant that held no longer does."""
        for name in held:
            rule = self.defs.rules[name]
            self.log.weighed[name] = None  # weighed: an example naming it shows it at work
            if rule.check is not None and not rule.check(self.game, Ctx()):
                self.log.add("broken", name, None, "it must always hold")
                raise Illegal(f"`{rule.title or name}` must always hold, and this breaks it")

    @contextmanager
    def effect(self) -> Iterator[None]:
        if self.pending is not None or not self.invariants:
            with super().effect():
                yield
            return
        held = self.holding()
        with super().effect():
            yield
        self.keep(held)

    @contextmanager
    def refused(self, action: str) -> Iterator[None]:
        """As `Refusal.refused`, weighing the invariants before what it holds ends."""
        refusal: Any = super()  # `Refusal`, after this class in `Game`'s order
        with refusal.refused(action):
            held = self.holding() if self.invariants else ()
            yield
            self.keep(held)

    def _hooked(self, rule: RuleDef, ctx: Ctx) -> None:
        """A rule that holds then, weighed at its moment: `Illegal` when it does not hold
        (a condition it cannot weigh blocks the run, as any)."""
        if rule.holds != THEN or rule.check is None:
            super()._hooked(rule, ctx)
            return
        self.log.weighed[rule.name] = None
        if rule.check(self.game, ctx):
            self.log.add("held", rule.name, ctx.subject, "it holds then")
            return
        self.log.add("broken", rule.name, ctx.subject, "it must hold then")
        raise Illegal(f"`{rule.title or rule.name}` must hold then, and it does not")

    def trigger(self, name: Value, ctx: Ctx | None = None) -> None:
        if self.pending is not None or not self.invariants:
            super().trigger(name, ctx)
            return
        held = self.holding()
        super().trigger(name, ctx)
        self.keep(held)
