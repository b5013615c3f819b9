"""Usage limits per period, and effects that last ("until the end of the round").

A limit `once per round` counts the uses of a rule by each actor and refuses
the use past the count; the count starts again when the period ends. A keyed
limit (`once per turn per target`) counts them per rule and per value of its key:
the target, the game element the rule is printed on (`source`), or a value the
rule is given (a `params:` name), so each target may have its use. A
lasting effect stays active until the end (or the start) of its period, or
for good when permanent.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from .context import Ctx
from .defs import Duration, Limit, Value
from .errors import Illegal, NotExecutable

Use = tuple[str, Value, Value]  # (rule, actor, key): the key is None for a limit without one
SOURCE = "source"  # `per source`: the game element the rule is printed on (`self`)


def key_of(limit: Limit | None, ctx: Ctx | None) -> Value:
    """The value a keyed limit (`once per turn per target`) counts this use under: the
    target, the rule's own card (`source`, `self`), its owner, or a value it was given
    (a `params:` name); `NotExecutable` when the caller did not give it."""
    if limit is None or limit.key is None or ctx is None:
        return None
    if limit.key in ("target", "owner", "self", SOURCE):
        value = ctx.get("self" if limit.key == SOURCE else limit.key)
        if value is None:
            raise NotExecutable(f"the limit counts uses per {limit.key}, and `{limit.key}` "
                                "is not known here: the caller must give it")
    else:
        value = ctx.arg(limit.key)
    return value if isinstance(value, Hashable) else repr(value)


def counted_as(rule: str, limit: Limit | None) -> str:
    """The name a rule's uses are counted under: its own, or, for a limit shared `as
    NAME`, the name the rules counted together share (apart from every rule's name)."""
    return f"as {limit.shared}" if limit is not None and limit.shared else rule


@dataclass
class Usage:
    counts: dict[str, dict[Use, int]] = field(default_factory=dict)  # period -> uses
    ever: dict[Use, int] = field(default_factory=dict)
    periods: dict[str, str] = field(default_factory=dict)  # rule -> the period it counts in

    def allow(self, rule: str, actor: Value, limit: Limit | None, ctx: Ctx | None = None) -> None:
        if limit is None or limit.per is None:
            return
        key = key_of(limit, ctx)
        counted = counted_as(rule, limit)  # `as NAME`: the uses of every rule saying NAME
        used = self.counts.get(limit.per, {}).get((counted, actor, key), 0)
        if used >= limit.count:
            times = "once" if limit.count == 1 else f"{limit.count} times"
            each = f" for each {limit.key} ({key!r})" if limit.key is not None else ""
            also = f", with every rule counted as {limit.shared}" if limit.shared else ""
            raise Illegal(f"{rule} may be used {times} per {limit.per}{each}{also}: "
                          "already used")

    def record(self, rule: str, actor: Value, limit: Limit | None, ctx: Ctx | None = None) -> None:
        key = (rule, actor, key_of(limit, ctx))
        self.ever[key] = self.ever.get(key, 0) + 1
        if limit is not None and limit.per is not None:
            self.periods[rule] = limit.per
            if limit.shared:  # counted under the name the rules share
                key = (counted_as(rule, limit), *key[1:])
                self.periods[key[0]] = limit.per
            period = self.counts.setdefault(limit.per, {})
            period[key] = period.get(key, 0) + 1

    def used(self, rule: str, actor: Value = None, key: Value = None) -> int:
        """Uses since the limit's period began (or ever, for a rule without a limit), by
        `actor` and under `key` (a keyed limit's value) when given."""
        period = self.periods.get(rule)
        uses = self.ever if period is None else self.counts.get(period, {})
        return sum(n for (r, a, k), n in uses.items()
                   if r == rule and actor in (None, a) and key in (None, k))

    def reset(self, period: str) -> None:
        self.counts.pop(period, None)


@dataclass
class Lasting:
    active: dict[tuple[str, str | None], Duration] = field(default_factory=dict)

    def start(self, source: str, who: str | None, duration: Duration | None) -> None:
        if duration is not None and duration.kind != "instant":
            self.active[(source, who)] = duration

    def is_active(self, source: str, who: str | None = None) -> bool:
        return any(s == source and who in (None, w) for s, w in self.active)

    def expire(self, kind: str, period: str, who: str | None = None) -> list[str]:
        """End what lasts until this period boundary; returns the sources that ended. With
        `who` (the start of a player's own turn), only what that player started, and what
        no player did, ends: "until the start of your next turn"."""
        ended = [k for k, d in self.active.items() if d.kind == kind and d.period == period
                 and (who is None or k[1] in (None, who))]
        for key in ended:
            del self.active[key]
        return [source for source, _ in ended]
