"""Usage limits per period, and effects that last ("until the end of the round").

A limit `once per round` counts the uses of a rule by each actor and refuses
the use past the count; the count starts again when the period ends. A
lasting effect stays active until the end (or the start) of its period, or
for good when permanent.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .defs import Duration, Limit
from .errors import Illegal

Use = tuple[str, str | None]  # (rule, actor)


@dataclass
class Usage:
    counts: dict[str, dict[Use, int]] = field(default_factory=dict)  # period -> uses
    ever: dict[Use, int] = field(default_factory=dict)
    periods: dict[str, str] = field(default_factory=dict)  # rule -> the period it counts in

    def allow(self, rule: str, actor: str | None, limit: Limit | None) -> None:
        if limit is None or limit.per is None:
            return
        used = self.counts.get(limit.per, {}).get((rule, actor), 0)
        if used >= limit.count:
            times = "once" if limit.count == 1 else f"{limit.count} times"
            raise Illegal(f"{rule} may be used {times} per {limit.per}: already used")

    def record(self, rule: str, actor: str | None, limit: Limit | None) -> None:
        key = (rule, actor)
        self.ever[key] = self.ever.get(key, 0) + 1
        if limit is not None and limit.per is not None:
            self.periods[rule] = limit.per
            period = self.counts.setdefault(limit.per, {})
            period[key] = period.get(key, 0) + 1

    def used(self, rule: str, actor: str | None = None) -> int:
        """Uses since the limit's period began (or ever, for a rule without a limit)."""
        period = self.periods.get(rule)
        uses = self.ever if period is None else self.counts.get(period, {})
        return sum(n for (r, a), n in uses.items() if r == rule and actor in (None, a))

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
