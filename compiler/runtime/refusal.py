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


class Refusal:
    """`Game.refused(...)`, beside `Game` (a mixin: `Game` holds the state it restores)."""

    defs: Definitions
    chooser: Chooser
    log: EventLog

    if TYPE_CHECKING:
        def __setstate__(self, state: dict[str, Any]) -> None: ...

    @contextmanager
    def refused(self, action: str) -> Iterator[None]:
        """The block must be refused (`Illegal`): the game is then as it was before it (the
        log keeps the attempt, and says it was refused). One the rules allow is
        `NotRefused`, and the example that says it fails."""
        keep = {id(x): x for x in (self, self.defs, self.chooser, self.log)}
        before = copy.deepcopy(self.__dict__, keep)
        try:
            yield
        except Illegal as err:
            self.__setstate__(before)
            self.log.add("refused", action, detail=f"{type(err).__name__}: {err}")
            return
        raise NotRefused(f"`{action}` was not refused")
