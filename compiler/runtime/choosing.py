"""Choices over the state: what a rule offers, who answers, and the answer checked.

`choose x from POOL where COND:` offers the members of the pool that pass the
filter (entities in a place, players, values) to the acting player; `exactly
N`, `up to N` and `any number of` say how many. An answer set by the caller
comes first: `set answer(x) to ...`, `answer(x, player)` for one player's, or
`answers(x)`, one answer each time the choice comes; else the game's chooser
answers. A choice with one way to answer it is no choice: it is taken without
asking. When there is nothing to choose, the rule's `else:` runs; a rule that
says nothing for that case cannot go on (`NotExecutable`): the book's "has no
effect" is written, not assumed. Choosing players reports `targeted` for each
one picked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .choosers import Choice, Chooser
from .context import Ctx
from .defs import Value, base_of, seat_of
from .errors import NoLegalChoice, NotExecutable

if TYPE_CHECKING:
    from .log import EventLog

YES, NO = "yes", "no"  # the options of a `may`
OVERFLOW = "overflow"  # the choice the engine makes itself: which thing leaves a full zone


class Choosing:
    """The choosing half of `Game` (a mixin)."""

    chooser: Chooser
    answers: dict[tuple[str, Value], Value]
    answer_queue: dict[tuple[str, Value], list[Value]]
    log: EventLog
    seats: tuple[str, ...]

    if TYPE_CHECKING:  # given by `state.Game` and `periods.Periods`
        def members(self, value: Value) -> list[Value]: ...

        def _event(self, event: str, thing: Value, place: str,
                   ctx: Ctx | None = None) -> None: ...

    def ask(self, choice: Choice) -> list[Value]:
        """The answer to a choice: given, forced, or the chooser's; checked."""
        given = self._given(choice)
        if given is not None:
            picked = choice.check(given)
            how = "answered"
        elif len(choice.options) == choice.least == choice.most or not choice.most:
            picked, how = list(choice.options), "forced"
        else:
            picked, how = choice.check(self.chooser.choose(choice)), "chosen"
        self.log.add("choose", f"{choice.rule}.{choice.name}", _who(choice.who),
                     f"{how}: {', '.join(map(str, picked)) or 'nothing'}")
        return picked

    def _given(self, choice: Choice) -> list[Value] | None:
        keys = ((choice.name, choice.who), (f"{choice.rule}.{choice.name}", choice.who),
                (choice.name, None), (f"{choice.rule}.{choice.name}", None))
        for key in keys:  # the answers given one for each time the choice comes, first
            queue = self.answer_queue.get(key)
            if queue:
                answer = queue.pop(0)
                return list(answer) if isinstance(answer, (list, tuple)) else [answer]
        for key in keys:
            if key in self.answers:
                answer = self.answers[key]
                return list(answer) if isinstance(answer, (list, tuple)) else [answer]
        return None

    def pick(self, ctx: Ctx, rule: str, name: str, options: Sequence[Value], mode: str = "one",
             count: Value = 1, otherwise: bool = False) -> list[Value]:
        """What the acting player picks of `options` (in the options' order): one, exactly
        `count` (all of them when fewer are there), up to `count`, or any number."""
        options = tuple(dict.fromkeys(options))
        if not options and mode in ("one", "exactly") and not otherwise:
            raise NoLegalChoice(f"{rule}: there is nothing to choose for `{name}` and the "
                                "rule does not say what happens then (`else:`)")
        n = count if isinstance(count, int) and not isinstance(count, bool) else None
        if mode != "any" and (n is None or n < 0):
            raise NotExecutable(f"{rule}: {count!r} is not a number of things to choose")
        least, most = {"one": (1, 1), "exactly": (n, n), "up_to": (0, n),
                       "any": (0, len(options))}[mode]
        least, most = min(least or 0, len(options)), min(most or 0, len(options))
        if not options:
            return []
        picked = self.ask(Choice(name, rule, ctx.subject, options, least, most))
        for chosen in picked:
            if chosen in self.seats:
                self._event("targeted", chosen, "", ctx)
        return picked

    def may(self, ctx: Ctx, rule: str, name: str) -> bool:
        """An optional action: whether the acting player does it."""
        return self.ask(Choice(name, rule, ctx.subject, (YES, NO))) == [YES]

    def _which_goes(self, place: str, options: Sequence[Value]) -> Value:
        """Which thing leaves a full zone: a choice named `overflow` (`OVERFLOW`), made for
        the zone (`rule`: its name, without its copy's seat) by the player it belongs to
        (nobody, for a zone of the whole game): an example answers it with `set
        answer(overflow) to card`, or `answer(overflow, ann)` for Ann's own zone."""
        return self.ask(Choice(OVERFLOW, base_of(place), seat_of(place), tuple(options)))[0]


def _who(value: Value) -> str | None:
    return None if value is None else str(value)
