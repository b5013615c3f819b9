"""A change of a stat replaced by a rule timed `instead of` it.

A rule `when: instead of STAT(n)` runs instead of each gain or loss of that stat (or
track) its condition holds for: `owner` is whose stat would change, and `n` the change,
positive for a gain, negative for a loss (`n > 0`: gains only). The change does not
happen, and the rules hooked `after` the stat do not run. A payment is never replaced
(it is what a player chooses to spend). The first such rule in play whose condition
holds replaces the change; a change made while that rule runs is not replaced again by
it. What no replacing rule may touch ("this gain cannot be mitigated") is said in the
replacing rules' condition (`not resolving(ultimatum)`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .context import Ctx
from .defs import RuleDef, Value

CHANGE = "change"  # the name the change is given under, read by the rule's binder


def replacers(rules: Mapping[str, RuleDef]) -> dict[str, list[RuleDef]]:
    """The rules timed instead of a change of each stat."""
    found: dict[str, list[RuleDef]] = {}
    for rule in rules.values():
        for when in rule.when.moments if rule.when is not None else ():
            if when.kind == "instead" and when.stat and when.target:
                found.setdefault(when.target, []).append(rule)
    return found


def replace_change(game: Any, stat: str, change: int, who: Value) -> bool:
    """Whether a rule replaced this change of `stat` (and ran instead of it)."""
    ctx = Ctx(owner=who, args=((CHANGE, change),))
    for rule in game.replacers.get(stat, ()):
        if rule.name in game.log.causes or not game.active(rule) or \
                not game._holds(rule, ctx):
            continue
        game.log.add("override", stat, who, f"a change of {change:+d} replaced by {rule.name}")
        game.trigger(rule.name, ctx)
        return True
    return False
