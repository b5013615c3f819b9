"""`restore PROC`: the game as it was when the last run of a procedure began ("restore
the game to the state from before the Battle"). The engine keeps a copy of the state as
each run of such a procedure begins (only of the procedures a `restore` names: the
compiler marks them, `ProcedureDef.snapshot`), before its hooks run. Restoring puts back
what the game holds (`RESTORED`: stats, places and what is in them, the limits used,
lasting effects, what is scheduled or disabled, who is out, the last forced moves) and
keeps what happened and how the game goes on: the log (`happened(...)` still counts the
run restored, and the restore is logged), the dice's seeded draw, the answers given, the
facts stated, and the procedures running now, which go on from where they are."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from .errors import NotExecutable
from .made import MADE
from .resolution import Resolution

if TYPE_CHECKING:
    from .context import Ctx

RESTORED = ("stats", "places", "usage", "lasting", "scheduled", "reached", "disabled", "out",
            "moved", "stopped", "passed", MADE)  # MADE: instances made or taken out in play


class Snapshots(Resolution):
    """The snapshots half of `Game`: below `invariants.Invariants`, above `Resolution`."""

    snapshots: dict[str, dict[str, Any]]

    def _index(self) -> None:
        super()._index()
        self.snapshots = {}
        self.__dict__[MADE] = {"made_of_kind": {}, "taken_out": []}  # `runtime.made`: none yet

    def _kept(self) -> dict[int, Any]:
        """What a copy of the state shares with the game rather than copies (the stats'
        definitions are read-only)."""
        game: Any = self
        return {id(x): x for x in (self, self.defs, self.log, game.rng, game.chooser,
                                   game.stats.defs)}

    def _procedure(self, name: str, ctx: Ctx) -> None:
        proc = self.defs.procedures[name]
        if proc.snapshot:
            state = {a: self.__dict__[a] for a in RESTORED if a in self.__dict__}
            self.snapshots[name] = copy.deepcopy(state, self._kept())
        super()._procedure(name, ctx)

    def restore(self, name: str) -> None:
        """The state as the last run of `name` began; `NotExecutable` if none has."""
        if name not in self.snapshots:
            raise NotExecutable(f"no run of {name} has begun: there is no state to restore")
        self.__dict__.update(copy.deepcopy(self.snapshots[name], self._kept()))
        self.stats.records = self.defs.records  # what a copy leaves out (`Game.__setstate__`)
        self.places.decks, self.places.zones = self.defs.decks, self.defs.zones
        self.log.add("restore", name, detail="the state as its last run began")
