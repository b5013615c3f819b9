"""Facts: what the engine does not model (the Map, Majority), given by a caller, and the
rigging an example sets up (the next draws and rolls, the answers to choices).

`set name(args) to value` in an example (or `Game.set_fact`) gives a fact its value;
a rule that reads a fact nobody gave cannot run (`NotExecutable`). A few names rig
what comes instead of being read: `draw_order(deck)`, `roll_order(die)`,
`answer(choice[, player])`, `answers(choice[, player])` (one each time the choice
comes) and `paid(who, stat)` ("as if you have paid").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .defs import Value
from .errors import NotExecutable

if TYPE_CHECKING:
    from .defs import Definitions
    from .log import EventLog
    from .places import Places
    from .stats import Stats


class Facts:
    """The facts half of `Game` (a mixin)."""

    defs: Definitions
    log: EventLog
    places: Places
    stats: Stats
    in_play: frozenset[str]
    facts: dict[tuple[str, tuple[Value, ...]], Value]
    rigged_rolls: dict[str, list[Value]]
    answers: dict[tuple[str, Value], Value]
    answer_queue: dict[tuple[str, Value], list[Value]]

    if TYPE_CHECKING:  # given by `state.Game`
        def members(self, value: Value) -> list[Value]: ...

        def amount(self, value: Value) -> int: ...

    def fact(self, name: str, *args: Value) -> Value:
        """A query about what the engine does not model (the Map, Majority): given by a caller."""
        key = (name, tuple(args))
        if key not in self.facts:
            shown = ", ".join(repr(a) for a in args)
            raise NotExecutable(f"`{name}({shown})` is not modelled: set it first")
        return self.facts[key]

    def holds(self, name: str) -> bool:
        """Whether something named holds: a module or variant in play, else a fact
        (`set holds(option_id) to yes`)."""
        if name in self.defs.options:
            return name in self.in_play
        return bool(self.fact("holds", name))

    def set_fact(self, name: str, args: Sequence[Value], value: Value) -> None:
        """Give a fact its value, or rig what comes (the names above)."""
        shown = f"{name}({', '.join(map(repr, args))})"
        if name == "draw_order":
            self.places.rig(str(args[0]), self.members(value))
            return
        if name == "roll_order":
            self.rigged_rolls[str(args[0])] = self.members(value)
            return
        key = (str(args[0]), args[1] if len(args) == 2 else None) if args else ("", None)
        if name == "answer" and 1 <= len(args) <= 2:  # what a choice named so is answered
            self.answers[key] = value
        elif name == "answers" and 1 <= len(args) <= 2:  # one answer each time it comes
            self.answer_queue[key] = self.members(value)
        elif name == "paid" and len(args) == 2:  # "as if you have paid": what counts later
            self.stats.payments[(args[0], str(args[1]))] = self.amount(value)
        else:
            self.facts[(name, tuple(args))] = value
        self.log.add("set", shown, detail=f"{value!r}")
