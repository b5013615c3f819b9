"""Where things are: decks, zones and any other place a rule puts something.

Every place is an ordered list, top (or first) at index 0. Declared decks
start with their cards and follow their reshuffle and discard policies;
declared zones enforce their capacity with their overflow policy; any other
name (a District, the Map) becomes a place the first time something is put
there. A thing is in one place at a time; copies of a token are repeated
names. Draws can be rigged (`draw_order`) to replay a book's example.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from .choosers import Chooser
from .defs import DeckDef, Value, ZoneDef
from .errors import Illegal
from .log import EventLog

REMOVED = "removed"
DRAWN = "drawn"


class Places:
    def __init__(self, decks: Mapping[str, DeckDef], zones: Mapping[str, ZoneDef],
                 rng: random.Random, chooser: Chooser, log: EventLog) -> None:
        self.decks = decks
        self.zones = zones
        self.rng = rng
        self.chooser = chooser
        self.log = log
        self.contents: dict[str, list[Value]] = {d.name: list(d.cards) for d in decks.values()}
        self.rigged: dict[str, list[Value]] = {}

    # -------------------------------------------------------------- looking

    def known(self, place: str) -> bool:
        return place in self.contents or place in self.zones or place in self.decks

    def of(self, place: str) -> list[Value]:
        return self.contents.setdefault(place, [])

    def where(self, thing: Value, supply_first: bool = False) -> str | None:
        """The place a thing is in. Copies of a token may be in several: in play (any
        place but a deck) comes first, or the supply (the decks) when taking a new one."""
        places = [p for p, items in self.contents.items() if thing in items]
        in_deck = [p for p in places if p in self.decks]
        in_play = [p for p in places if p not in self.decks]
        found = in_deck + in_play if supply_first else in_play + in_deck
        return found[0] if found else None

    def deck_of(self, thing: Value, kind: str | None) -> DeckDef | None:
        for deck in self.decks.values():
            if thing in deck.cards or thing in deck.contains or kind in deck.contains:
                return deck
        return None

    # -------------------------------------------------------------- moving

    def put(self, thing: Value, place: str, bottom: bool = False, kind: str = "place",
            source: str | None = None) -> None:
        """Move a thing (from `source`, else from where it is) to the top or bottom of a place."""
        if source is None or thing not in self.of(source):
            source = self.where(thing, supply_first=kind in ("place", "add"))
        if source is not None:
            self.contents[source].remove(thing)
        items = self.of(place)
        items.insert(len(items) if bottom else 0, thing)
        self.log.add(kind, str(thing), detail=f"{source or 'new'} -> {place}"
                     + (" (bottom)" if bottom else ""))
        if not self._fits(place, thing):
            self.log.add("overflow", place, detail=f"{thing} refused: {place} is full")
            items.remove(thing)
            if source is not None:
                self.contents[source].append(thing)

    def _fits(self, place: str, newcomer: Value) -> bool:
        """Apply the zone's capacity: False when the newcomer must go back."""
        zone = self.zones.get(place)
        return zone is None or zone.capacity is None or \
            self.enforce(place, zone.capacity, zone.overflow, newcomer)

    def enforce(self, place: str, limit: int, overflow: str | None,
                newcomer: Value = None) -> bool:
        items = self.of(place)
        while len(items) > limit:
            if overflow in (None, "forbid"):
                return False
            options = [(str(i), str(i)) for i in dict.fromkeys(items)]
            picked = self.chooser.choose(f"{place} holds at most {limit}: which goes?",
                                         options, 1)[0]
            thing = next(i for i in items if str(i) == picked)
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
            card = self._next_card(deck, items)
            self.put(card, to or DRAWN, kind="draw", source=deck)
            drawn.append(card)
        return drawn

    def _next_card(self, deck: str, items: list[Value]) -> Value:
        queue = self.rigged.get(deck)
        if not queue:
            return items[0]
        card = queue.pop(0)
        if card not in items:
            raise Illegal(f"the rigged draw {card!r} is not in {deck} ({items})")
        return card

    def _reshuffle(self, deck: str) -> bool:
        policy = self.decks.get(deck)
        if policy is None or policy.reshuffle == "never":
            return False
        pile = self.of(policy.discard_pile)
        if not pile:
            return False
        self.shuffle(policy.discard_pile, deck)
        return True

    def discard(self, thing: Value, to: str | None, kind: str | None) -> None:
        if to is not None:
            self.put(thing, to, bottom=to in self.decks, kind="discard")
            return
        deck = self.deck_of(thing, kind)
        if deck is None:
            self.put(thing, "discarded", kind="discard")
        elif deck.discard_to == "bottom":
            self.put(thing, deck.name, bottom=True, kind="discard")
        elif deck.discard_to == "removed":
            self.put(thing, REMOVED, kind="discard")
        else:
            self.put(thing, deck.discard_pile, kind="discard")

    def remove(self, thing: Value, source: str) -> None:
        if thing not in self.of(source):
            self.log.add("skip", f"remove {thing}", detail=f"not in {source}")
            return
        self.put(thing, REMOVED, kind="remove", source=source)

    def shuffle(self, deck: str, into: str | None = None) -> None:
        if into is not None:
            target = self.of(into)
            target.extend(self.of(deck))
            self.of(deck).clear()
            deck = into
        self.rng.shuffle(self.of(deck))
        self.log.add("shuffle", deck)

    def set(self, place: str, things: list[Value]) -> None:
        for thing in things:
            source = self.where(thing)
            if source is not None:
                self.contents[source].remove(thing)
        self.contents[place] = list(things)
        self.log.add("set", place, detail=f"{things!r}")

    def rig(self, deck: str, cards: list[Value]) -> None:
        self.rigged[deck] = list(cards)
        self.log.add("rig", deck, detail=f"the next draws: {cards!r}")
