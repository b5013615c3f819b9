"""Where things are: decks, zones and any other place a rule puts something.

Every place is an ordered list, top (or first) at index 0. Every physical copy
of a component is an *entity* with its own id and exactly one location: a
card or token the game holds once is named by its qualified name; a name that
starts the game several times (a component counted in a manifest, a card with
`copies: 5`) becomes `name#1`, `name#2`, ... A per-player deck or zone exists
once for each seat, as `place@seat`, and so do the cards that start in it
(`card@seat`); one `per:` another kind, once for each of its instances
(`place@instance`, `card@instance`). `base_of` gives back the name an entity is a copy of.

Acting on a thing finds the entity meant: the very entity when its id is
given; else, with a source place, the first copy of that name there; else the
only copy in play. Several copies in play and no source, or a copy asked from
a place that has none, is an `Illegal` move, never a silent pick of another
copy. Taking a new one (`place`, `add`) takes a copy from the supply (the
decks, or a copy not yet in any place).

Declared decks start with their cards and follow their reshuffle and discard
policies; declared zones enforce their capacity with their overflow policy;
any other name (a District, the Map) becomes a place the first time something
is put there. Every move reports `leaves` and `enters` (and a discard
`discarded`) to the game's watcher, which fires the rules hooked to them.
Draws can be rigged (`draw_order`) to replay a book's example.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .defs import DeckDef, Value, ZoneDef, base_of, seat_of
from .errors import Illegal
from .log import EventLog

REMOVED = "removed"
DRAWN = "drawn"

# (event, entity, place): `leaves` / `enters` / `discarded`
Watcher = Callable[[str, Value, str], None]
# (place, options) -> the option picked: which card goes when a zone overflows
Asker = Callable[[str, Sequence[Value]], Value]


PLAIN = (str, int, bool, float, type(None))  # values a copy shares: they never change


def pile_of(deck: str) -> str:
    """The discard pile of a deck (`deck.discard_pile`, per seat for a per-player deck)."""
    base, seat = base_of(deck), seat_of(deck)
    return f"{base}.discard_pile" + (f"@{seat}" if seat else "")


class Places:
    def __init__(self, decks: Mapping[str, DeckDef], zones: Mapping[str, ZoneDef],
                 rng: random.Random, log: EventLog, seats: Sequence[str] = (),
                 ask: Asker | None = None,
                 owners: Mapping[str, Sequence[str]] | None = None) -> None:
        self.decks = decks
        self.zones = zones
        self.rng = rng
        self.log = log
        self.ask = ask
        self.watch: Watcher | None = None
        self.contents: dict[str, list[Value]] = {}
        self.location: dict[Value, str] = {}
        self.copies: dict[str, list[Value]] = {}  # a name -> its entities, in creation order
        self.rigged: dict[str, list[Value]] = {}
        self._start(seats, owners or {})

    def _start(self, seats: Sequence[str], owners: Mapping[str, Sequence[str]]) -> None:
        """Each deck's cards, a name held several times numbered into copies; a deck
        for each seat or each instance of a kind, each with the same cards."""
        shared = [d for d in self.decks.values() if not d.per_player and not d.per]
        totals: dict[str, int] = {}
        for deck in shared:
            for card in deck.cards:
                totals[card] = totals.get(card, 0) + 1
        self._fill([(d.name, d.cards) for d in shared], totals, "")
        for seat in seats:
            own = [(f"{d.name}@{seat}", d.cards) for d in self.decks.values() if d.per_player]
            counts: dict[str, int] = {}
            for _, cards in own:
                for card in cards:
                    counts[card] = counts.get(card, 0) + 1
            self._fill(own, counts, f"@{seat}")
        for deck in (d for d in self.decks.values() if d.per):
            for owner in owners.get(deck.name, ()):
                counts = {}
                for card in deck.cards:
                    counts[card] = counts.get(card, 0) + 1
                self._fill([(f"{deck.name}@{owner}", deck.cards)], counts, f"@{owner}")

    def _fill(self, decks: Sequence[tuple[str, Sequence[str]]], totals: dict[str, int],
              suffix: str) -> None:
        numbered: dict[str, int] = {}
        for place, cards in decks:
            items = self.contents.setdefault(place, [])
            for card in cards:
                n = numbered[card] = numbered.get(card, 0) + 1
                entity = (f"{card}#{n}" if totals[card] > 1 else card) + suffix
                items.append(entity)
                self.location[entity] = place
                self.copies.setdefault(card, []).append(entity)

    def __getstate__(self) -> dict[str, Any]:
        """Without the declared decks and zones (read-only, held by the definitions):
        `Game` attaches them again when it is unpickled or copied."""
        return {k: v for k, v in self.__dict__.items() if k not in ("decks", "zones")}

    def __deepcopy__(self, memo: dict[int, Any]) -> Places:
        """A copy whose places are new lists of the same entities (an entity id is a
        text: it is shared, not copied, which makes a copy of the state, for `restore`
        and `refused:`, cheap); the declared decks and zones are shared too."""
        new = object.__new__(type(self))
        memo[id(self)] = new
        for key, value in self.__dict__.items():
            if key in ("decks", "zones"):
                new.__dict__[key] = value
            elif key in ("contents", "copies", "rigged"):
                new.__dict__[key] = {place: [x if type(x) in PLAIN else copy.deepcopy(x, memo)
                                             for x in items] for place, items in value.items()}
            elif key == "location":
                new.__dict__[key] = {k: v if type(v) in PLAIN else copy.deepcopy(v, memo)
                                     for k, v in value.items()}
            else:
                new.__dict__[key] = copy.deepcopy(value, memo)
        return new

    # -------------------------------------------------------------- looking

    def known(self, place: str) -> bool:
        base = base_of(place)
        return place in self.contents or base in self.zones or base in self.decks

    def of(self, place: str) -> list[Value]:
        return self.contents.setdefault(place, [])

    def where(self, thing: Value) -> str | None:
        """The place a thing is in: the entity's, else the first placed copy's."""
        if thing in self.location:
            return self.location[thing]
        return next((self.location[e] for e in self.copies.get(thing, ())
                     if e in self.location), None)

    def holds(self, place: str, thing: Value) -> bool:
        """The place holds that entity, or a copy of that name."""
        if self.location.get(thing) == place:
            return True
        return any(self.location.get(e) == place for e in self.copies.get(thing, ()))

    def deck_of(self, thing: Value, kind: str | None) -> DeckDef | None:
        name = base_of(thing)
        for deck in self.decks.values():
            if name in deck.cards or name in deck.contains or kind in deck.contains:
                return deck
        return None

    def find(self, thing: Value, source: str | None = None,
             new: bool = False) -> tuple[Value, str | None]:
        """The entity a rule means by `thing`, and where it is now (None: in no place)."""
        if source is not None:
            if self.location.get(thing) == source:
                return thing, source
            for entity in self.copies.get(thing, ()):
                if self.location.get(entity) == source:
                    return entity, source
            raise Illegal(f"{thing} is not in {source}")
        if thing in self.location:
            return thing, self.location[thing]
        copies = self.copies.get(thing)
        if not copies:
            return thing, None  # new to the game: a figure, a marker put on a board
        if new:
            spare = [e for e in copies if e not in self.location] + \
                [e for e in copies if base_of(self.location.get(e, "")) in self.decks]
            if not spare:
                raise Illegal(f"no {thing} is left in the supply")
            return spare[0], self.location.get(spare[0])
        placed = [e for e in copies if e in self.location]
        in_play = [e for e in placed if base_of(self.location[e]) not in self.decks]
        if len(in_play) > 1:
            where = ", ".join(sorted({self.location[e] for e in in_play}))
            raise Illegal(f"{len(in_play)} copies of {thing} are in play ({where}): "
                          "say which place it comes from")
        entity = (in_play or placed or copies)[0]
        return entity, self.location.get(entity)

    # -------------------------------------------------------------- moving

    def put(self, thing: Value, place: str, bottom: bool = False, kind: str = "place",
            source: str | None = None) -> Value:
        """Move a thing (from `source`, else from where it is) to the top or bottom of a
        place; returns the entity moved."""
        entity, origin = self.find(thing, source, new=kind in ("place", "add"))
        if origin is not None:
            self.contents[origin].remove(entity)
        items = self.of(place)
        items.insert(len(items) if bottom else 0, entity)
        self.location[entity] = place
        self.log.add(kind, str(entity), detail=f"{origin or 'new'} -> {place}"
                     + (" (bottom)" if bottom else ""))
        if not self._fits(place, entity):
            self.log.add("overflow", place, detail=f"{entity} refused: {place} is full")
            items.remove(entity)
            del self.location[entity]
            if origin is not None:
                self.contents[origin].append(entity)
                self.location[entity] = origin
            return entity
        if self.watch is not None:
            if origin is not None:
                self.watch("leaves", entity, origin)
            self.watch("enters", entity, place)
        return entity

    def _fits(self, place: str, newcomer: Value) -> bool:
        """Apply the zone's capacity: False when the newcomer must go back."""
        zone = self.zones.get(base_of(place))
        return zone is None or zone.capacity is None or \
            self.enforce(place, zone.capacity, zone.overflow, newcomer)

    def enforce(self, place: str, limit: int, overflow: str | None,
                newcomer: Value = None) -> bool:
        items = self.of(place)
        while len(items) > limit:
            if overflow in (None, "forbid"):
                return False
            if self.ask is None:
                raise Illegal(f"{place} holds at most {limit}: nobody can say which goes")
            thing = self.ask(place, list(items))
            deck = self.deck_of(thing, None)
            if overflow == "bottom_of_deck" and deck is not None:
                self.put(thing, deck.name, bottom=True, kind="overflow", source=place)
            elif overflow == "discard" and deck is not None:
                self.put(thing, deck.discard_pile, kind="overflow", source=place)
            else:
                self.put(thing, REMOVED, kind="overflow", source=place)
        return True

    def draw(self, deck: str, count: int, to: str | None) -> list[Value]:
        drawn: list[Value] = []
        for _ in range(count):
            items = self.of(deck)
            if not items and not self._reshuffle(deck):
                self.log.add("empty", deck, detail="no card left to draw")
                break
            card = self._next_card(deck, self.of(deck))
            drawn.append(self.put(card, to or DRAWN, kind="draw", source=deck))
        return drawn

    def _next_card(self, deck: str, items: list[Value]) -> Value:
        queue = self.rigged.get(deck)
        if not queue:
            return items[0]
        card = queue.pop(0)
        found = next((i for i in items if i == card or base_of(i) == card), None)
        if found is None:
            raise Illegal(f"the rigged draw {card!r} is not in {deck} ({items})")
        return found

    def _reshuffle(self, deck: str) -> bool:
        policy = self.decks.get(base_of(deck))
        if policy is None or policy.reshuffle == "never":
            return False
        discards = pile_of(deck)
        if not self.of(discards):
            return False
        self.shuffle(discards, deck)
        return True

    def discard(self, thing: Value, to: str | None, kind: str | None,
                source: str | None = None) -> Value:
        if to is not None:
            entity = self.put(thing, to, bottom=base_of(to) in self.decks, kind="discard",
                              source=source)
        else:
            entity, origin = self.find(thing, source)
            deck = self.deck_of(entity, kind)
            seat = seat_of(origin or "") or seat_of(str(entity))
            home = f"{deck.name}@{seat}" if deck is not None and (deck.per_player or deck.per) \
                and seat \
                else (deck.name if deck is not None else None)
            if home is None:
                entity = self.put(entity, "discarded", kind="discard", source=origin)
            elif deck is not None and deck.discard_to == "bottom":
                entity = self.put(entity, home, bottom=True, kind="discard", source=origin)
            elif deck is not None and deck.discard_to == "removed":
                entity = self.put(entity, REMOVED, kind="discard", source=origin)
            else:
                entity = self.put(entity, pile_of(home), kind="discard", source=origin)
        if self.watch is not None:
            self.watch("discarded", entity, self.location.get(entity, ""))
        return entity

    def remove(self, thing: Value, source: str) -> None:
        self.put(thing, REMOVED, kind="remove", source=source)

    def shuffle(self, deck: str, into: str | None = None) -> None:
        if into is not None:
            moving = self.of(deck)
            self.of(into).extend(moving)
            for entity in moving:
                self.location[entity] = into
            moving.clear()
            deck = into
        self.rng.shuffle(self.of(deck))
        self.log.add("shuffle", deck)

    def set(self, place: str, things: Iterable[Value]) -> None:
        """A place's contents, as an example's start state gives them: each name takes a
        copy not already given to this place, from the supply first; what the place held
        before is in no place now (an empty stock: `set stock to []`)."""
        chosen: list[Value] = []
        for thing in things:
            entity = self._for_set(thing, chosen)
            origin = self.location.get(entity)
            if origin is not None:
                self.contents[origin].remove(entity)
            chosen.append(entity)
        for dropped in self.contents.get(place, ()):  # what the place held is in no place
            del self.location[dropped]
        self.contents[place] = chosen
        for entity in chosen:
            self.location[entity] = place
        self.log.add("set", place, detail=f"{chosen!r}")

    def _for_set(self, thing: Value, chosen: list[Value]) -> Value:
        copies = self.copies.get(thing)
        if copies and thing in chosen:
            pass  # a card of a deck named again: another of its copies, if it has one
        elif thing in self.location or not copies:
            return thing  # an entity, or a name no deck holds (a marker: as many as named)
        free = [e for e in copies if e not in chosen]
        if not free:
            raise Illegal(f"every copy of {thing} is already given")
        supply = [e for e in free if e not in self.location
                  or base_of(self.location[e]) in self.decks]
        return (supply or free)[0]

    def rig(self, deck: str, cards: list[Value]) -> None:
        self.rigged[deck] = list(cards)
        self.log.add("rig", deck, detail=f"the next draws: {cards!r}")
