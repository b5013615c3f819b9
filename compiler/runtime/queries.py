"""The query functions the rules call: `count(deck)`, `dead(who)`, `treated(x.stat)`.

Each takes the game first, then the call's arguments. `QUERIES` lists them;
a call the rules make to any other name is a *fact*: something the engine
does not model (the Map, Majority, a Vengeance card's threshold), read with
`Game.fact` and given by the caller or an example's `given:` with
`set name(args) to value`. `draw_order(deck)` and `roll_order(die)` are facts
that rig the next draws and rolls.
"""

from __future__ import annotations

from collections.abc import Callable

from .board import (
    behind,
    beside,
    column,
    row,
    spaces,
    square,
)
from .defs import GAME, Value, base_of
from .errors import NotExecutable
from .facing import in_front, relative
from .forced import involuntary, moved, passed, stopped_by
from .instances import instances
from .limits import counted_as
from .log import Event
from .made import (
    create,  # noqa: F401 - generated code calls `q.create`
    newest,
    retire,  # noqa: F401 - generated code calls `q.retire`
)
from .named_stats import (
    stat_named,
    stat_owner,  # noqa: F401 - generated code calls `q.stat_owner`
)
from .perch import (
    adjacent,
    distance,
    line_of_sight,
    neighbours,
    occupied,
    side_toward,
    within,
)
from .perch_paths import path
from .pieces import covering
from .places import REMOVED
from .state import Ctx, Game


def _cards(g: Game, place: Value) -> list[Value]:
    return g.members(place)


def all_(g: Game, kind: Value) -> list[Value]:
    """Every card or character of a kind (one declared inside another example is not)."""
    return instances(g, kind)


def count(g: Game, place: Value) -> int:
    """How many things a place holds."""
    return len(_cards(g, place))


def contains(g: Game, place: Value, thing: Value) -> bool:
    """The place (or list) holds that entity, or a copy of that name."""
    if isinstance(place, str) and g.places.known(place):
        return g.places.holds(place, thing)
    return any(m == thing or base_of(m) == thing for m in _cards(g, place))


def empty(g: Game, place: Value) -> bool:
    """Is the place empty?"""
    return not _cards(g, place)


def empty_spaces(g: Game, zone: Value) -> int:
    """How many more things a zone with a capacity can hold."""
    spec = g.defs.zones.get(zone) if isinstance(zone, str) else None
    if spec is None or spec.capacity is None:
        raise NotExecutable(f"{zone!r} has no capacity")
    return max(0, spec.capacity - len(_cards(g, zone)))


def top(g: Game, place: Value) -> Value:
    """The top card of a place, or nothing when it is empty."""
    cards = _cards(g, place)
    return cards[0] if cards else None


def in_play(g: Game, thing: Value) -> bool:
    """Somewhere in the game: in a place, and not removed from it."""
    where = g.places.where(thing)
    return where is not None and where != REMOVED


def is_(g: Game, thing: Value, kind: Value) -> bool:
    """The thing is the named one, or a card of that kind."""
    return bool(thing == kind or base_of(thing) == kind or g.defs.kind_of(thing) == kind)


def random_card(g: Game, place: Value, level: Value = None) -> Value:
    """A card at random (of that level, if given); nothing when there is none."""
    cards = _cards(g, place) if level is None else _of_level(g, place, level)
    return g.rng.choice(cards) if cards else None


def known(g: Game, value: Value) -> Value:
    """A value the rule computes with (`distance(a, b) - 1`, `x > 2`): nothing there (a
    query that found none) stops the rule, never a Python error nor a guess. Not a query
    of the language: the generated code computes through it."""
    if value is None:
        raise NotExecutable("it computes with nothing: a value it needs is not there "
                            "(a query found none)")
    return value


def random_one(g: Game, among: Value) -> Value:
    """One of a list, a place's things, a kind's cards or a board's spaces, at random
    (the game's seeded draw, as dice and shuffles); nothing when there is none."""
    items = g.members(among)
    return g.rng.choice(items) if items else None


def _level(g: Game, card: Value) -> int:
    level = g.get(card, "level")
    if not isinstance(level, int):
        raise NotExecutable(f"the level of {card!r} is {level!r}")
    return level


def _of_level(g: Game, place: Value, level: Value) -> list[Value]:
    return [c for c in _cards(g, place) if _level(g, c) == level]


def has_level(g: Game, place: Value, level: Value) -> bool:
    """Does the place hold a card of that level?"""
    return bool(_of_level(g, place, level))


def count_level(g: Game, place: Value, level: Value) -> int:
    """How many cards of that level the place holds."""
    return len(_of_level(g, place, level))


def card_of_level(g: Game, place: Value, level: Value) -> Value:
    """The first card of that level in the place, or nothing."""
    cards = _of_level(g, place, level)
    return cards[0] if cards else None


def lowest_level(g: Game, place: Value) -> Value:
    """The lowest level among the place's cards, or nothing."""
    levels = [_level(g, c) for c in _cards(g, place)]
    return min(levels) if levels else None


def lowest_card(g: Game, place: Value) -> Value:
    """The card of the lowest level in the place, or nothing."""
    cards = _cards(g, place)
    return min(cards, key=lambda c: _level(g, c)) if cards else None


def lookup(g: Game, table: Value, key: Value) -> Value:
    """The value of the row of a table that the key reaches (nothing when none does)."""
    spec = g.defs.tables.get(table)
    if spec is None:
        raise NotExecutable(f"{table!r} is not a table")
    rows = spec.select(key)
    return g.row_value(rows[0], Ctx()) if rows else None


def natural(g: Game, roll: Value) -> Value:
    """A die's face before any modifier (the engine applies none)."""
    return roll


def dead(g: Game, who: Value) -> bool:
    """Someone died: a death (an event whose name ends in `death`) happened to them."""
    return any(e.kind == "happen" and e.what.rsplit(".", 1)[-1].endswith("death")
               and e.who == who for e in g.log)


# the log's events of a procedure run, an outside event, a thing moved (a rule's: its kind)
HAPPENED = frozenset({"procedure", "happen", "place", "add", "move", "relocate", "draw",
                      "discard", "remove"})


def _happened(g: Game, event: Event, what: Value, who: Value) -> bool:
    ran = event.what in g.defs.rules and event.kind == g.defs.rules[event.what].kind
    return ((ran or event.kind in HAPPENED) and what in (event.what, base_of(event.what))
            and who in (None, event.who))


def happened(g: Game, what: Value, who: Value = None) -> int:
    """How many times `what` happened (to or by `who`, if given; 0: never): a rule, step or
    card ran, a procedure was run, an outside event happened, a thing was placed, drawn,
    moved or discarded."""
    return sum(1 for e in g.log.events if _happened(g, e, what, who))


def since(g: Game, what: Value, period: Value, who: Value = None) -> Value:
    """How many times `period` (a procedure, or an outside event such as a core game's
    round) has begun since `what` last happened (`who`'s, if given): a rule, step or card
    that ran, a procedure run, an outside event, or a thing placed, drawn, moved or
    discarded; 0 within the same period, nothing if it never happened."""
    events = g.log.events
    last = next((i for i in range(len(events) - 1, -1, -1)
                 if _happened(g, events[i], what, who)), None)
    if last is None:
        return None
    return sum(1 for e in events[last + 1:] if e.kind in ("procedure", "happen")
               and e.what == period)


def scheduled(g: Game, what: Value) -> int:
    """How many times `what` is scheduled and not yet resolved (`schedule X in ...`)."""
    return sum(1 for e in g.scheduled if e.what == what)


def game_outcome(g: Game) -> Value:
    """How the game ended (`end game with "won"`): what the rule said, or nothing yet."""
    return g.ended_with


def runs(g: Game, procedure: Value, who: Value = None) -> int:
    """How many times a procedure was performed (by someone, if given)."""
    return sum(1 for r in g.runs if r.procedure == procedure and r.completed
               and who in (None, r.subject))


def run_values(g: Game, procedure: Value, stat: Value, who: Value = None) -> list[Value]:
    """The value of `stat` each completed run of `procedure` (by `who`, if given) was
    resolved at, in order: a procedure started because a stat went past its bound sees
    the treated value, not the clamped one."""
    return [r.values.get(str(stat)) for r in g.runs
            if r.procedure == procedure and r.completed and who in (None, r.subject)]


def gained(g: Game, who: Value, stat: Value = None) -> int:
    """What the last change of `who`'s stat added: the amount gained, counting what went
    past the bound (0 after a loss, a payment or a set); `gained(STAT)`, of a stat of the
    whole game (one kept per owner must say whose)."""
    if stat is None:
        who, stat = GAME, who
        kept = g.defs.stats.get(str(stat))
        if kept is not None and kept.per is not None:
            raise NotExecutable(f"gained({stat}): {stat} is kept per {kept.per}: say whose, "
                                f"gained(owner, {stat})")
    return max(0, g.stats.changes.get((who, str(stat)), 0))


def at_once(g: Game, procedure: Value, who: Value = None) -> int:
    """How many times the current effect requires the procedure of `who` at the same time
    (a procedure counted so waits for the end of the effect: see `resolution`)."""
    return g.at_once(str(procedure), who)


def resolving(g: Game, what: Value) -> bool:
    """A rule, procedure or outside event is being resolved: what happens now is part of it."""
    return str(what) in g.log.causes


def used(g: Game, rule: Value, who: Value = None, key: Value = None) -> bool:
    """The rule was used in its limit's current period (ever, without a limit), by `who`,
    for `key` (a keyed limit's value: `used(r, you, target)`) when given. A limit shared
    `as NAME` reads the uses of every rule counted as NAME."""
    found = g.defs.rules.get(str(rule))
    counted = counted_as(str(rule), found.limit if found is not None else None)
    return g.usage.used(counted, who, key) > 0


def paid(g: Game, who: Value, stat: Value) -> int:
    """What `who` paid of a stat the last time they paid it (0 if never)."""
    return g.stats.payments.get((who, str(stat)), 0)


def disabled(g: Game, what: Value) -> bool:
    """A rule, procedure or card is disabled (`disable X`), and it still lasts."""
    return g.is_disabled(what)


def active(g: Game, source: Value, who: Value = None) -> bool:
    """A lasting effect of this card or rule is still running."""
    return g.lasting.is_active(str(source), who)


def has(g: Game, place: Value, thing: Value) -> bool:
    """A place (a Region, a District) holds the thing."""
    return contains(g, place, thing)


def largest(g: Game, *values: Value) -> Value:
    """`max(a, b, ...)` or `max(list)`: the largest of numbers (nothing of none)."""
    found = g.members(values[0]) if len(values) == 1 else list(values)
    return max(found) if found else None


def smallest(g: Game, *values: Value) -> Value:
    """`min(a, b, ...)` or `min(list)`: the smallest of numbers (nothing of none)."""
    found = g.members(values[0]) if len(values) == 1 else list(values)
    return min(found) if found else None


def players(g: Game) -> list[Value]:
    """Every player, in seat order."""
    return list(g.players())


def still_in(g: Game) -> list[Value]:
    """The players not eliminated, in seat order."""
    return g.still_in()


def others(g: Game, who: Value) -> list[Value]:
    """The other players still in, in seat order from the one after `who`."""
    return g.others(who)


def next_player(g: Game, who: Value) -> Value:
    """The next player still in after `who` (nothing when there is none)."""
    return g.next_player(who)


def total(g: Game, values: Value) -> int:
    """`sum(list)`: the numbers added up (0 for none)."""
    return sum(g.amount(v) for v in g.members(values))


def name_of(g: Game, thing: Value) -> Value:
    """The name a copy is a copy of (`card#2` -> `card`)."""
    return base_of(thing)


def location(g: Game, thing: Value) -> Value:
    """Where a thing is (nothing when it is in no place)."""
    return g.places.where(thing)


QUERIES: dict[str, Callable[..., Value]] = {
    "max": largest, "min": smallest, "sum": total,
    "players": players, "still_in": still_in, "others": others, "next_player": next_player,
    "name_of": name_of, "location": location,
    "active": active, "all": all_, "at_once": at_once, "card_of_level": card_of_level,
    "contains": contains, "count": count, "count_level": count_level, "dead": dead,
    "disabled": disabled, "empty": empty, "empty_spaces": empty_spaces, "gained": gained,
    "has": has,
    "has_level": has_level, "in_play": in_play, "is": is_, "lookup": lookup,
    "lowest_card": lowest_card, "lowest_level": lowest_level, "natural": natural,
    "paid": paid, "random": random_one, "random_card": random_card, "resolving": resolving,
    "run_values": run_values, "runs": runs, "since": since, "top": top, "used": used,
    "scheduled": scheduled, "game_outcome": game_outcome,
    "happened": happened,
    "adjacent": adjacent, "neighbours": neighbours, "distance": distance, "within": within,
    "spaces": spaces, "square": square, "column": column, "row": row, "occupied": occupied,
    "beside": beside, "behind": behind,
    "line_of_sight": line_of_sight,
    "in_front": in_front, "side_toward": side_toward, "relative": relative,
    "path": path, "moved": moved, "stopped_by": stopped_by, "passed": passed,
    "involuntary": involuntary,
    "stat": stat_named,
    "covering": covering,
    "newest": newest,
}
# Built into the code generator rather than called: treated(x.stat) reads the value a
# clamp_remember stat remembers; draw_order(deck) and roll_order(die) rig what follows;
# `set answer(choice) to value` (or `answer(choice, player)`) answers a choice by its name.
# `set paid(who, stat) to N` changes what a payment counts as ("as if you have paid N").
SPECIAL = frozenset({"treated", "draw_order", "roll_order", "answer", "answers"})
SPECIAL = SPECIAL | {"given"}  # given(target): whether the run was given it
# The queries that take a stat by its name (`paid(who, stat)`); any other query is given a
# stat's value.
STAT_ARGUMENTS = frozenset({"paid", "gained", "run_values"}) | {"stat"}
