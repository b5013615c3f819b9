"""What running a game's worked examples gave: the result types the `verify` stage
fills in and the checks, the site and `ludex test` read. Defined here, below all of
them, so that none of them imports the stage that runs the examples."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.source import Span

PASS, FAIL, PROSE = "pass", "fail", "prose only"
BLOCKED = "blocked"  # the run reached a rule the engine cannot execute: neither pass nor fail
STATUSES = (PASS, FAIL, BLOCKED, PROSE)


@dataclass(frozen=True, slots=True)
class ExampleResult:
    game: str
    example: str  # the qualified name
    title: str | None
    status: str  # pass | fail | blocked | prose only
    message: str
    span: Span
    runaway: bool = False  # stopped by a time or memory limit, or it killed its runner
    fired: tuple[str, ...] = ()  # what ran: rules, steps, cards, procedures; conditions weighed

    @property
    def passed(self) -> bool:
        return self.status == PASS


@dataclass(frozen=True, slots=True)
class GameRun:
    """One game's examples, in source order; `engine_error` if its engine did not load."""

    game: str
    results: tuple[ExampleResult, ...]
    engine_error: str | None = None
