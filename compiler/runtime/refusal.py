"""An example's `refused:` action: the rules must refuse it, and the game is then as it
was before it."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .errors import Illegal, NotRefused
from .log import EventLog

if TYPE_CHECKING:
    from .choosers import Chooser
    from .defs import Definitions


NOT_HOLDING = "its condition does not hold"  # what the log says of a rule not used for it


class Refusal:
    """`Game.refused(...)`, beside `Game` (a mixin: `Game` holds the state it restores)."""

    defs: Definitions
    chooser: Chooser
    log: EventLog

    if TYPE_CHECKING:
        def __setstate__(self, state: dict[str, Any]) -> None: ...

    @contextmanager
    def refused(self, action: str) -> Iterator[None]:
        """What is done within it must be refused: `Illegal` (a `require` that fails, a
        cost that cannot be paid, a limit used up), or the first rule it resolves is not
        used because its condition does not hold (a hooked rule not used for its condition
        refuses nothing when another rule follows it: a rule hooked `before` the action is
        resolved first). The game is then as it was before: what
        was tried is kept apart (`log.tried`), never read as what happened, and the log
        says it was refused. What the rules allow is `NotRefused`, and the example that
        says so fails."""
        stats: Any = getattr(self, "stats", None)  # its definitions are read-only: shared
        keep = {id(x): x for x in (self, self.defs, self.chooser, self.log,
                                   getattr(stats, "defs", None))}
        before, start = copy.deepcopy(self.__dict__, keep), len(self.log.events)
        try:
            yield
        except Illegal as err:
            why = f"{type(err).__name__}: {err}"
        else:
            rules = self.defs.rules  # the first event of a rule used, or not used
            events = [e for e in self.log.events[start:] if e.what in rules and
                      e.kind in ("skip", rules[e.what].kind)]
            # a rule hooked to the action (`before` it...) not used for its condition
            # refuses nothing: the first other rule event says, if there is one
            first = next((e for e in events if e.kind != "skip"
                          or rules[e.what].when is None), events[0] if events else None)
            if first is None or first.kind != "skip" or first.detail != NOT_HOLDING:
                raise NotRefused(f"`{action}` was not refused")
            why = f"{first.what}: {NOT_HOLDING}"
        self.__setstate__(before)
        self.log.tried += self.log.events[start:]  # tried, not happened: queries skip them
        del self.log.events[start:]
        self.log.add("refused", action, detail=why)
