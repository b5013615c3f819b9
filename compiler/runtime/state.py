"""The state of one game in play, and the instructions generated rules run on it.

A generated engine calls `Game` methods only: values (`get`, `gain`, `pay`,
`set`...), places (`draw`, `discard`, `place`...), dice (`roll`), control
(`trigger`, `require`, `choose`, `words`, `prose`) and, in examples,
`effect` and `expect`. How `trigger` resolves rules, procedures, tables and
outside events, with their hooks, overrides and effects, is in `resolution`;
every change of a stat or track runs the rules hooked `after` it.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NoReturn

from .board import board_of, fits, landing
from .choosers import Choice, Chooser, Unanswered
from .choosing import Choosing
from .context import Ctx, Run
from .defs import Definitions, Expectation, Reward, StatDef, Value, base_of
from .disable import Disabling
from .errors import Illegal, NotExecutable, RuleError
from .facts import Facts
from .forced import Forcing
from .instances import instances
from .limits import Lasting, Usage
from .log import EventLog
from .order import ChosenOrder
from .periods import Scheduled
from .places import Places
from .players import Seating
from .refusal import Refusal
from .resolution import resolve_name
from .stats import Stats
from .step_ends import StepEnds

__all__ = ["Ctx", "Game", "Run"]

OPERATORS: dict[str, Callable[[Value, Value], Value]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge,
}


class Game(StepEnds, ChosenOrder, Disabling, Seating, Choosing, Facts, Refusal, Forcing):
    """One game in play. `players`: how many seats (a game of numbered seats) or which of
    the players' kind's instances play, in seat order (default: the declared ones, or the
    fewest seats the game allows). `chooser` answers the choices no `answer` gives
    (default: none does, so a choice nobody answered stops the run). Every module is in
    play unless `without` leaves it out; `options` adds modes, variants, scenarios."""

    def __init__(self, defs: Definitions, *, seed: int = 0, chooser: Chooser | None = None,
                 options: Iterable[str] = (), players: int | Sequence[str] | None = None,
                 without: Iterable[str] = ()) -> None:
        self.defs = defs
        self.rng = random.Random(seed)
        self.chooser: Chooser = chooser or Unanswered()
        self.answers: dict[tuple[str, Value], Value] = {}
        self.answer_queue: dict[tuple[str, Value], list[Value]] = {}
        self.log = EventLog()
        self._seat(players)
        unknown = sorted((set(options) | set(without)) - set(defs.options))
        if unknown:
            raise ValueError(f"not a module, mode, variant or scenario of {defs.game}: {unknown}")
        self.in_play = (defs.default_options - frozenset(without)) | frozenset(options)
        self.example: str | None = None  # the worked example being run (`book.example`)
        tracks = {t.name: StatDef(t.name, t.title, None, t.lo, t.hi) for t in defs.tracks.values()}
        self.stats = Stats({**defs.stats, **tracks}, defs.records, self.log)
        self.place_owners = defs.place_owners
        self.places = Places(defs.decks, defs.zones, self.rng, self.log, self.seats,
                             self._which_goes, self.place_owners)
        self.player_places = defs.player_places
        self.usage = Usage()
        self.lasting = Lasting()
        self.facts: dict[tuple[str, tuple[Value, ...]], Value] = {}
        self.rigged_rolls: dict[str, list[Value]] = {}
        self.runs: list[Run] = []
        self.running_procedures: list[str] = []
        self.scheduled: list[Scheduled] = []
        self.ended_with: str | None = None
        self.reached: dict[tuple[str, int], Value] = {}
        self._index()
        self.places.watch = self._event

    def __setstate__(self, state: dict[str, Any]) -> None:
        """A game unpickled or copied: its definitions (reloaded from their package, or
        the same object for a copy) give back what its parts held of them."""
        self.__dict__.update(state)
        self.stats.records = self.defs.records
        self.places.decks, self.places.zones = self.defs.decks, self.defs.zones

    def act(self, name: str, actor: Value = None, target: Value = None,
            args: Mapping[str, Value] | None = None) -> None:
        """A player uses a rule: `game.act("rule", actor="player")`. Names may be short
        (`rule` for `module.rule`) when only one thing has that name; a name the game does
        not declare is an error with a suggestion, never an outside event taken in
        silence (`trigger` resolves those). `args` gives the rule its `params:` by name.

        >>> game = new_game(seed=1, players=2)
        >>> game.set_place("hand@ann", ["high"])
        >>> game.act("play", actor="ann")   # the step `turn.play`, by its short name
        >>> game.members("table"), game.get("ann", "score")
        (['high#1'], 12)
        """
        rules = [*self.defs.rules, *self.defs.procedures, *self.defs.tables]
        people = [*self.defs.records, *self.seats]
        self.trigger(resolve_name(name, rules, "rule, procedure or table"),
                     Ctx(actor=resolve_name(actor, people, "player or card"),
                         target=target, args=tuple((args or {}).items())))

    # ------------------------------------------------------------ values

    def get(self, who: Value, name: str) -> Value:
        """A value of `who`: a stat, a field of its card record (a copy reads its card's),
        or one of a player's own places (`hand@seat`). The most frequent read of a rule."""
        if who is None:
            return self.stats.get(who, name)
        if name in self.stats.defs:
            if isinstance(who, str) and (who, name) not in self.stats.values:
                self._no_short_name(who)
            return self.stats.get(who, name)
        record = self.defs.records.get(who) if isinstance(who, str) else None
        if record is None and isinstance(who, str):
            record = self.defs.records.get(base_of(who))
        if record is not None:
            attribute = record.FIELDS.get(name)
            if attribute is not None:
                return getattr(record, attribute)
        if name in self.player_places and self._owns(who, self.player_places[name]):
            return self.place_of(who, self.player_places[name])
        if isinstance(who, str) and (who, name) not in self.stats.values:
            self._no_short_name(who)
        return self.stats.get(who, name)

    def _owns(self, who: Value, place: str) -> bool:
        """`who` has their own `place` (`p.hand`, `castor.mnemos_cards`)."""
        owners = self.place_owners.get(place)
        return who in (owners if owners is not None else self.seats)

    def _no_short_name(self, who: str) -> None:
        """A record named by its short id (`card` for `module.card`) is an error with the
        full name, never a stat of nobody read as its start value."""
        if who in self.defs.records or who in self.seats:
            return
        full = [r for r in self.defs.records if r.endswith("." + who)]
        if full:
            raise Illegal(f"nothing is called `{who}`: did you mean `{full[0]}`?")

    def treated(self, who: Value, name: str) -> Value:
        """A stat as the rules treat it: the value kept past its bound, else its value."""
        return self.stats.treated(who, name)

    def set(self, who: Value, name: str, value: Value) -> None:
        """Set a stat of `who` (or one of a player's places) to a value."""
        if name in self.player_places and self._owns(who, self.player_places[name]):
            self.set_place(self.place_of(who, self.player_places[name]), value)
            return
        self._changed(self.stats.set(who, name, value), who)  # a qualified name resolves

    def amount(self, value: Value) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise NotExecutable(f"{value!r} is not a number the engine knows")
        return value

    def gain(self, name: str, amount: Value, who: Value) -> None:
        """`who` gains `amount` of a stat, or advances on a track (its rewards paid)."""
        if name in self.defs.tracks:
            self._advance(name, self.amount(amount), who)
        else:
            self.stats.gain(name, self.amount(amount), who)
        self._changed(name, who)

    def lose(self, name: str, amount: Value, who: Value) -> None:
        """`who` loses `amount` of a stat (down to its lowest)."""
        self.stats.lose(name, self.amount(amount), who)
        self._changed(name, who)

    def pay(self, name: str, amount: Value, who: Value) -> None:
        """`who` pays `amount` of a stat; `Illegal` if they have too little."""
        self.stats.pay(name, self.amount(amount), who)
        self._changed(name, who)

    def _advance(self, name: str, steps: int, who: Value) -> None:
        """Pay the rewards of the spaces passed, in order. Only spaces that hold a reward
        are visited, so a long move along a long track costs its rewards, not its length."""
        track = self.defs.tracks[name]
        old = self.stats.number(who, name)
        self.stats.gain(name, steps, who)
        paying = [r for r in track.rows if r.effect]
        for space in _reward_spaces(paying, old + 1, self.stats.number(who, name)):
            if track.rewards == "first_only" and (name, space) in self.reached:
                continue
            self.reached.setdefault((name, space), who)
            for row in (r for r in paying if r.matches(space)):
                self.log.add("reward", name, who, f"space {space}")
                if row.effect is not None:
                    row.effect(self, Ctx(actor=who))

    def members(self, value: Value) -> list[Value]:
        """What a `for each` walks: a list, a number of times, the players, a kind's cards,
        a place."""
        if value is None:
            return []
        if isinstance(value, (list, tuple, range)):
            return list(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return list(range(1, value + 1))
        if value == self.defs.players and value is not None:
            return list(self.seats)
        if value in self.defs.kinds:
            return instances(self, value)
        if isinstance(value, str) and (self.places.known(value) or
                                       board_of(self.defs.boards, value) is not None):
            return list(self.places.of(value))  # a board's space: a place from the start
        raise NotExecutable(f"what `{value}` holds is not modelled: give it in `given:`")

    def span(self, lo: Value, hi: Value) -> range:
        """A range `lo..hi` in an expression: counted lazily, never held as a list."""
        return range(self.amount(lo), self.amount(hi) + 1)

    # ------------------------------------------------------------ places

    def set_place(self, place: str, things: Value) -> None:
        """Put exactly these things in a place (a starting position, an example's given)."""
        self.places.set(place, self.members(things))

    def draw(self, deck: Value, count: Value, to: Value = None) -> list[Value]:
        """Draw `count` cards from a deck (to a place); returns them."""
        return self.places.draw(self._place(deck), self.amount(count), to)

    def discard(self, thing: Value, to: Value = None, source: Value = None) -> None:
        """Discard a thing (to its discard pile, or `to`)."""
        if self._something(thing, "discard"):
            self.places.discard(thing, to, self.defs.kind_of(thing),
                                self._place(source) if source is not None else None)

    def place(self, thing: Value, where: Value, bottom: bool = False) -> None:
        """Put a thing in a place (on top, or at the `bottom`)."""
        if self._something(thing, "place") and self._something(where, "place on"):
            fits(self.defs, thing, where)
            self.places.put(thing, self._place(where), bottom)

    def move(self, thing: Value, to: Value, source: Value = None, within: Value = None) -> None:
        """Move a thing to a place (from `source`); `within`: a board's space at most that
        many steps from where the thing is (`Illegal` when farther)."""
        if self._something(thing, "move") and self._something(to, "move to"):
            landing(self, thing, to, source, within)
            self.places.put(thing, self._place(to), kind="move",
                            source=self._place(source) if source is not None else None)

    def relocate(self, thing: Value, to: Value) -> None:
        """Move a thing already in play to another place."""
        if self._something(thing, "relocate") and self._something(to, "relocate to"):
            self.places.put(thing, self._place(to), kind="relocate")

    def add(self, thing: Value, deck: Value) -> None:
        """Add a thing to a deck."""
        if self._something(thing, "add"):
            self.places.put(thing, self._place(deck), kind="add")

    def remove(self, thing: Value, source: Value) -> None:
        """Take a thing out of a place."""
        if self._something(thing, "remove"):
            self.places.remove(thing, self._place(source))

    def shuffle(self, deck: Value, into: Value = None) -> None:
        """Shuffle a deck; with `into`, shuffle its contents into that deck."""
        self.places.shuffle(self._place(deck), self._place(into) if into is not None else None)

    def reveal(self, thing: Value, source: Value = None) -> None:
        """Reveal a thing (or the top `thing` cards of `source`), in the log."""
        if source is not None and isinstance(thing, int):
            thing = self.places.of(self._place(source))[:thing]
        self.log.add("reveal", repr(thing), detail=f"from {source}" if source else "")

    def _place(self, value: Value) -> str:
        if not isinstance(value, str):
            raise NotExecutable(f"{value!r} is not a place")
        return value

    def _something(self, value: Value, verb: str) -> bool:
        """Nothing to act on (no target) is a step skipped, not an error."""
        if value is None:
            self.log.add("skip", verb, detail="nothing to act on")
        return value is not None

    # ------------------------------------------------------------ dice

    def roll(self, die: Value, ctx: Ctx) -> Value:
        """Roll a die from the game's seeded generator (or its rigged `roll_order`)."""
        spec = self.defs.dice.get(die) if isinstance(die, str) else None
        if spec is None or not spec.faces:
            raise NotExecutable(f"the faces of {die} are not known")
        queue = self.rigged_rolls.get(spec.name)
        face = queue.pop(0) if queue else self.rng.choice(spec.faces)
        if face not in spec.faces:
            raise Illegal(f"{spec.name} has no face {face!r}")
        self.log.add("roll", spec.name, ctx.subject, f"{face!r}")
        self._fire("after", spec.name, ctx.but(target=face))
        return face

    def reroll(self, what: Value, ctx: Ctx) -> Value:
        return self.roll(what, ctx)

    # ------------------------------------------------------------ control

    def require(self, condition: Value, text: str) -> None:
        """`Illegal` unless the condition holds."""
        if not condition:
            raise Illegal(f"requires {text}")

    def note(self, text: str) -> None:
        """Write a line in the log."""
        self.log.add("log", text)

    def prose(self, text: str) -> NoReturn:
        """A step the book states in words only: never executed, so the rule stops."""
        raise NotExecutable(f"the step is stated in words: {text}")

    def words(self, text: str) -> NoReturn:
        """A condition stated in words: the engine never answers it, so the rule stops."""
        raise NotExecutable(f"the condition is stated in words: {text}")

    def choose(self, key: str, options: Sequence[tuple[str, str]], count: Value = 1,
               ctx: Ctx | None = None) -> list[str]:
        """A choice between a rule's own options, named by the rule (`key`)."""
        number = self.amount(count)
        ids = tuple(o[0] for o in options)
        who = ctx.subject if ctx is not None else None
        picked = self.ask(Choice(key.rsplit(".", 1)[-1], key, who, ids, number, number))
        return [str(p) for p in picked]

    def expect(self, text: str, left: Callable[[], Value], op: str | None = None,
               right: Callable[[], Value] | None = None) -> Expectation:
        try:
            value = left()
            if op is None or right is None:
                return Expectation(text, bool(value), repr(value))
            other = right()
            return Expectation(text, bool(OPERATORS[op](value, other)),
                               f"{value!r} {op} {other!r}")
        except RuleError as err:
            return Expectation(text, False, f"{type(err).__name__}: {err}")


def _reward_spaces(rows: list[Reward], first: int, last: int) -> list[int]:
    """The spaces from `first` to `last` that some row pays, in order."""
    spaces: set[int] = set()
    for row in rows:
        if row.lo is None or row.kind == "text":
            continue
        lo = max(first, row.lo)
        hi = last if row.kind == "atleast" else min(last, row.lo if row.kind == "int" or
                                                      row.hi is None else row.hi)
        spaces.update(range(lo, hi + 1))
    return sorted(spaces)
