"""`disable X`: a rule, a procedure, a table or a card switched off while it lasts.

"Disable completely deactivates a rule, effect or game element ... Disable lasts until
the end of Battle": `disable X until end of battle` (or `until start of PERIOD`; for good
without a duration). While it lasts, triggering X does nothing and the rules hooked to
it do not fire for it; X's own hooks (a rule `when: start of round` that is disabled)
do not run; a card disabled switches off every rule printed on it (`self`). Each is
logged `skip` ("disabled"). `disabled(X)` reads it; what lasts until the end (or the
start) of a period ends at that boundary, as a lasting effect does.
"""

from __future__ import annotations

from .context import Ctx
from .defs import Duration, RuleDef, Value
from .errors import Illegal, NotExecutable
from .periods import Periods

KINDS = ("until_end", "until_start", "permanent")


class Disabling(Periods):
    """What is disabled, on top of `Periods`."""

    disabled: dict[str, Duration]  # what is switched off -> until when

    def _index(self) -> None:
        super()._index()
        self.disabled = {}

    def disable(self, what: Value, ctx: Ctx, kind: str = "permanent",
                period: str | None = None) -> None:
        """`disable X [until end of PERIOD]`."""
        if not isinstance(what, str):
            raise NotExecutable(f"{what!r} is nothing that can be disabled")
        if kind not in KINDS:
            raise Illegal(f"`disable {what}`: {kind} is not how long a Disable lasts")
        self.disabled[what] = Duration(kind, period)
        self.log.add("disable", what, ctx.subject, kind.replace("_", " ") +
                     (f" of {period}" if period else ""))

    def is_disabled(self, what: Value) -> bool:
        if not self.disabled:
            return False
        rule = self.defs.rules.get(str(what))
        return str(what) in self.disabled or (
            rule is not None and rule.this is not None and rule.this in self.disabled)

    def active(self, rule: RuleDef) -> bool:
        """In play, and not disabled: a disabled rule's hooks do not fire."""
        return super().active(rule) and not (self.disabled and self.is_disabled(rule.name))

    def _resolve(self, name: str, ctx: Ctx) -> str | None:
        if self.disabled and self.is_disabled(name):
            self.log.add("skip", name, ctx.subject, "disabled")
            return None
        return super()._resolve(name, ctx)

    def _begin(self, period: str | None, who: Value) -> None:
        super()._begin(period, who)
        self._expire("until_start", period)

    def _finish(self, period: str | None) -> None:
        self._expire("until_end", period)
        super()._finish(period)

    def _expire(self, kind: str, period: str | None) -> None:
        for what in [w for w, d in self.disabled.items() if d.kind == kind and d.period == period]:
            del self.disabled[what]
            self.log.add("expire", what, detail=f"no longer disabled: the {period} "
                         f"{'ended' if kind == 'until_end' else 'began'}")
