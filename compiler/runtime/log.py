"""The event log: what happened during a game, in order, and the rule that caused it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; `why` is the rule or procedure being resolved, if any."""

    seq: int
    kind: str  # gain, lose, pay, set, draw, move, roll, rule, skip, prose, ...
    what: str
    who: str | None = None
    why: str | None = None
    detail: str = ""

    def __str__(self) -> str:
        who = f" [{self.who}]" if self.who else ""
        why = f" (by {self.why})" if self.why else ""
        detail = f": {self.detail}" if self.detail else ""
        return f"{self.seq:>4} {self.kind} {self.what}{who}{detail}{why}"


@dataclass
class EventLog:
    """An append-only list of events."""

    events: list[Event] = field(default_factory=list)
    causes: list[str] = field(default_factory=list)  # the rules being resolved, innermost last
    # the hooked or overriding rules weighed (their condition evaluated, held or not), in order
    weighed: dict[str, None] = field(default_factory=dict)
    # what refused actions tried (`refused:`): kept to show, never read as what happened
    tried: list[Event] = field(default_factory=list)

    def add(self, kind: str, what: str, who: str | None = None, detail: str = "") -> Event:
        """Append an event, caused by the rule or procedure resolving now."""
        why = self.causes[-1] if self.causes else None
        event = Event(len(self.events) + 1, kind, what, who, why, detail)
        self.events.append(event)
        return event

    def of_kind(self, kind: str) -> list[Event]:
        """The events of one kind (`draw`, `gain`, `choose`...), in order."""
        return [e for e in self.events if e.kind == kind]

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __len__(self) -> int:
        return len(self.events)

    def text(self) -> str:
        """The whole log, one event a line."""
        return "\n".join(str(e) for e in self.events)
