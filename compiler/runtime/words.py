"""A rule reached whose work is stated in words only: never a silent skip.

A prose step in an effect stops the run where it is reached (`Game.prose`: "the step is
stated in words"). A rule or a card with no clause the engine runs (no `when:`,
`condition:`, cost, effect, `limit:`, `duration:` nor `overrides:`: its prose only) says
what it does in words only: triggered, it stops the run the same way. A rule that has
clauses but no effect (hooked, a condition, a lasting effect) does what its clauses say,
nothing more. A procedure step with no clause is a moment of its procedure: the rules
hooked to it (or to its procedure) do its work, and it runs as nothing itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .defs import RuleDef
from .errors import NotExecutable


def nothing(game: Any, ctx: Any) -> None:
    """What a rule with no effect does itself: nothing more than its clauses."""


def effect_of(rule: RuleDef) -> Callable[[Any, Any], None]:
    """The rule's effect; `nothing` for one whose clauses say all it does, or a step;
    `NotExecutable` for a rule or a card stated in words only."""
    if rule.effect is not None:
        return rule.effect
    clauses = (rule.when, rule.check, rule.cost, rule.limit, rule.duration, rule.overrides)
    if rule.kind == "step" or any(c is not None for c in clauses):
        return nothing
    raise NotExecutable("it is stated in words only: it has no clause the engine runs")
