"""A stat named by a value: `stat(wits)` is the stat itself, not what it holds, so a
choice or a rule's `params:` can carry which stat a statement changes (`choose s from
[stat(wits), stat(grit)]: gain 1 s`). The value is the stat's name; a statement
given a value that names no stat of the game cannot run (`NotExecutable`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .defs import GAME, Value
from .errors import NotExecutable

if TYPE_CHECKING:
    from .state import Game


def stat_named(g: Game, name: Value) -> str:
    """The stat a value names (`stat(wits)`: "wits"): the value must be a stat's name."""
    if isinstance(name, str) and (name in g.defs.stats or name in g.defs.tracks):
        return name
    raise NotExecutable(f"{name!r} names no stat of the game")


def stat_owner(g: Game, name: Value, subject: Value) -> Value:
    """Whose stat a statement changes when no one is named: the game's for a stat of the
    whole game, else the subject's (the actor's), as for a stat written by its name."""
    found = g.defs.stats.get(stat_named(g, name))
    return GAME if found is not None and found.per is None else subject
