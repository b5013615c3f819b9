"""A chosen order for the rules triggered at one moment.

A rule with `order: chosen` says that the rules hooked to its moments (`when: end of
dusk`: those hooked `end of dusk`; without `when:`, every moment of the game) are
resolved in the order the players choose: "if there is more than one end of Round
effect, the players may resolve these effects in any order they like". When the moment
comes, the rules hooked to it that are in play, for whoever acts, with their condition
holding, are the pending effects; while two or more are pending, the next is a choice
named after the ordering rule (`set answers(dusk_effects) to [b, a]`), made by whoever
the moment is resolved for, among those pending; the last is no choice. After each, a
pending effect whose condition no longer holds is no longer resolved ("if any of these
effects invalidate what triggered another pending effect, it is no longer resolved"),
logged. The ordering rule is one of the effects only if it has an effect of its own; it
is logged as resolved when it orders two or more (`happened(dusk_effects)`). Nobody
answering stops the run, as any choice does: the engine never picks the order itself.
Rules hooked `after` a stat, and engine events (`enters`, `discarded`...), keep their
declared order.
"""

from __future__ import annotations

from .choosers import Choice
from .context import Ctx
from .defs import RuleDef
from .periods import Periods
from .resolution import HOOKS, _for

CHOSEN = "chosen"


class ChosenOrder(Periods):
    """Hooks resolved in a chosen order, on top of `Periods`."""

    ordered: dict[tuple[str, str], list[RuleDef]]  # a moment -> the rules ordering it
    ordered_always: list[RuleDef]  # the rules that order every moment

    def _index(self) -> None:
        super()._index()
        self.ordered, self.ordered_always = {}, []
        for rule in self.defs.rules.values():
            if rule.order != CHOSEN:
                continue
            if rule.when is None:
                self.ordered_always.append(rule)
            for m in rule.when.moments if rule.when is not None else ():
                if m.kind in HOOKS and m.target and not m.stat:
                    self.ordered.setdefault((m.kind, m.target), []).append(rule)

    def _fire(self, kind: str, target: str, ctx: Ctx) -> None:
        hooked = self.hooks.get((kind, target), ())
        orderer = None
        if len(hooked) > 1:
            orderer = next((r for r in (*self.ordered.get((kind, target), ()),
                                        *self.ordered_always) if self.active(r)), None)
        if orderer is None:
            super()._fire(kind, target, ctx)
            return
        here = ctx.but(this=None)
        pending = [r for r in hooked if (r is not orderer or r.effect is not None)
                   and _for(self, r, here)]
        if len(pending) > 1:  # the ordering rule applies: it is logged as resolved
            self.log.add("rule", orderer.name, here.subject, f"the order of {kind} {target}")
        while pending:
            rule = pending[0] if len(pending) == 1 else self._next(orderer, pending, here)
            pending.remove(rule)
            self._hooked(rule, here)
            still = [r for r in pending if _for(self, r, here)]
            for gone in (r for r in pending if r not in still):
                self.log.add("skip", gone.name, here.subject, "no longer resolved: its "
                             "condition no longer holds")
            pending = still

    def _next(self, orderer: RuleDef, pending: list[RuleDef], ctx: Ctx) -> RuleDef:
        name = orderer.name.rsplit(".", 1)[-1]
        picked = self.ask(Choice(name, orderer.name, ctx.subject,
                                 tuple(r.name for r in pending)))[0]
        return next(r for r in pending if r.name == picked)
