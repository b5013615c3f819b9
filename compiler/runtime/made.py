"""Instances made in play and taken out of it: `create KIND` ("take a new hero sheet") and
`retire X` ("a hero leaves the party").

A new instance's id is its kind's and a number (`hero#1`, `hero#2`): `is(x,
hero)` holds of it, and `name_of(x)` is the kind. From its making on, it is one of its
kind in play: `all(kind)`, `each: kind`, and the places kept once for each instance of the
kind (`per: hero`), which it has from then on, empty. Its stats start as a declared
instance's do; it has no fields of its own (a kind's fields are given instance by
instance), so reading one cannot run. `newest(kind)` is the last one made (nothing
before any). An instance taken out (`retire`), made or declared, is no longer in play as
one of its kind: `all` and `each:` leave it out; its stats, places and what happened to it
stay, for a rule that reads them. Both are state: `refused:` and `restore` put them back
as they were."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .defs import Value
from .errors import Illegal

if TYPE_CHECKING:
    from .state import Game

MADE = "made"  # the game's attribute: {"made_of_kind": {kind: [made ids]}, "taken_out": [ids]}


def _state(g: Any) -> dict[str, Any]:
    found: dict[str, Any] | None = g.__dict__.get(MADE)
    if found is None:
        found = g.__dict__[MADE] = {"made_of_kind": {}, "taken_out": []}
    return found


def create(g: Game, kind: str) -> str:
    """A new instance of `kind`, in play from now on; its id."""
    if kind not in g.defs.kinds:
        raise Illegal(f"`{kind}` is no kind: nothing can be made of it")
    made = _state(g)["made_of_kind"].setdefault(kind, [])
    new = f"{kind}#{len(made) + 1}"
    made.append(new)
    game: Any = g
    places: list[Any] = [*g.defs.decks.values(), *g.defs.zones.values()]
    for place in [p.name for p in places if p.per == kind]:  # its own places, empty
        game.place_owners[place] = (*game.place_owners.get(place, ()), new)
    g.log.add("create", new, detail=f"a new {kind}")
    return new


def retire(g: Game, who: Value) -> None:
    """`who`, an instance in play, is no longer in play as one of its kind."""
    kind = _kind(g, who)
    if kind is None or who not in in_play(g, kind, list(g.defs.kinds.get(kind, ()))):
        raise Illegal(f"{who!r} is no instance of a kind in play: it cannot leave")
    _state(g)["taken_out"].append(who)
    g.log.add("retire", str(who), detail=f"no longer a {kind} in play")


def newest(g: Game, kind: Value) -> Value:
    """The last instance of `kind` made in play (nothing before any)."""
    made = _state(g)["made_of_kind"].get(kind, []) if isinstance(kind, str) else []
    return made[-1] if made else None


def in_play(g: Any, kind: Any, declared: list[Any]) -> list[Any]:
    """The instances of `kind` in play: those declared (as `instances` finds them), then
    those made, in the order made, less those taken out."""
    found = g.__dict__.get(MADE)
    if found is None:
        return declared
    made = found["made_of_kind"].get(kind, []) if isinstance(kind, str) else []
    return [i for i in (*declared, *made) if i not in found["taken_out"]]


def _kind(g: Game, who: Value) -> str | None:
    if not isinstance(who, str):
        return None
    for kind, made in _state(g)["made_of_kind"].items():
        if who in made:
            return str(kind)
    return next((k for k, members in g.defs.kinds.items() if who in members), None)
