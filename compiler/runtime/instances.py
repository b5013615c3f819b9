"""The instances of a kind in one game: the book's, and those of the running example.

An instance declared inside a worked example (`example e:` / `hero bob "Bob"`) exists in
that example only: in any other example, and in a game played outside the examples, it
is no instance of its kind (`all(hero)`, `each: hero`). Its id is the example's name and
its own (`e.bob`), which is how it is told apart here.
"""

from __future__ import annotations

from typing import Any

from .defs import Definitions
from .made import in_play

_OWNERS: dict[int, tuple[Definitions, dict[str, str]]] = {}


def instances(game: Any, kind: Any) -> list[Any]:
    """The instances of `kind` in play in `game`, in declaration order."""
    defs: Definitions = game.defs
    declared = defs.kinds.get(kind, ()) if isinstance(kind, str) else ()
    owners = _owners(defs)
    if not owners:
        return in_play(game, kind, list(declared))  # and those made or taken out in play
    return in_play(game, kind, [i for i in declared
                                if owners.get(i, game.example) == game.example])


def _owners(defs: Definitions) -> dict[str, str]:
    """Each instance declared inside an example, with that example's name."""
    cached = _OWNERS.get(id(defs))
    if cached is not None and cached[0] is defs:
        return cached[1]
    examples = sorted(defs.examples, key=len, reverse=True)
    found: dict[str, str] = {}
    for members in defs.kinds.values():
        for i in members:
            owner = next((e for e in examples if i.startswith(e + ".")), None)
            if owner is not None:
                found[i] = owner
    _OWNERS[id(defs)] = (defs, found)
    return found
