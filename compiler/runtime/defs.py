"""The static part of a game, as a generated engine declares it.

A generated package builds one `Definitions` out of these records: stats,
tracks, decks, zones, dice, tables, rules and procedures, the catalog of card
records. Nothing here changes during a game; `Game` holds what does.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeAlias

if TYPE_CHECKING:
    from .board import BoardDef
    from .state import Ctx, Game

# A game value: a number, a name (an entity's qualified name, a die face, a
# text), yes/no, a list of values, or nothing.
Value: TypeAlias = Any

Check: TypeAlias = "Callable[[Game, Ctx], bool]"
Effect: TypeAlias = "Callable[[Game, Ctx], None]"
Compute: TypeAlias = "Callable[[Game, Ctx], Value]"

# The owner of a value of the whole game (the current phase, a shared track), which
# belongs to no player or card: `g.get(GAME, 'stat_id')`.
GAME: Final = None

# An entity's id: its name, then `#n` for the n-th copy of a name held several times,
# then `@seat` for what exists once per player (`zone@seat`, `card#2@seat`).
COPY: Final = "#"
SEAT: Final = "@"


def base_of(thing: Value) -> Value:
    """The name an entity is a copy of (`card#2@seat` -> `card`); anything else unchanged."""
    if not isinstance(thing, str):
        return thing
    return thing.partition(COPY)[0].partition(SEAT)[0]


def seat_of(thing: Value) -> str | None:
    """The seat a per-player place or card belongs to (`zone@seat` -> `seat`)."""
    if not isinstance(thing, str) or SEAT not in thing:
        return None
    return thing.rsplit(SEAT, 1)[1]



@dataclass(frozen=True, slots=True)
class Record:
    """A card, hero or token of the catalog; generated kinds subclass it."""

    id: str
    title: str | None = None
    KIND: ClassVar[str] = ""
    FIELDS: ClassVar[Mapping[str, str]] = {}  # field name in the rules -> attribute name

    def value(self, name: str) -> Value:
        """The value of a field, by its name in the rules."""
        return getattr(self, self.FIELDS[name])

    def has(self, name: str) -> bool:
        """Has this record a field of that name?"""
        return name in self.FIELDS


@dataclass(frozen=True, slots=True)
class StatDef:
    """A bounded number per owner; a bound may name a field of the owner (`max_trust`)."""

    name: str
    title: str | None = None
    per: str | None = None
    lo: int | str | None = 0
    hi: int | str | None = None
    overflow: str = "clamp"  # discard | clamp | clamp_remember | forbid
    start: Value = None


@dataclass(frozen=True, slots=True)
class Reward:
    """A row of a track or a table: which keys it matches and what it gives or does."""

    kind: str  # int | atleast | range | text
    lo: int | None = None
    hi: int | None = None
    text: str | None = None
    value: Value = None
    compute: Compute | None = None
    effect: Effect | None = None

    def matches(self, key: Value) -> bool:
        """Does the key (a number, or a text for a text row) fall in this row?"""
        if self.kind == "text":
            return isinstance(key, str) and key == self.text
        if not isinstance(key, int) or isinstance(key, bool) or self.lo is None:
            return False
        if self.kind == "int":
            return key == self.lo
        if self.kind == "atleast":
            return key >= self.lo
        return self.lo <= key <= (self.hi if self.hi is not None else self.lo)

    @property
    def label(self) -> str:
        """The row's key as the book writes it (`3`, `5+`, `2..4`)."""
        return {"int": f"{self.lo}", "atleast": f"{self.lo}+", "range": f"{self.lo}..{self.hi}",
                "text": repr(self.text)}[self.kind]


# A row of a table: a reward keyed as a track's spaces are (the same record).
Row = Reward


@dataclass(frozen=True, slots=True)
class TrackDef:
    """Numbered spaces with rewards; `first_only` pays a space to the first to reach it."""

    name: str
    title: str | None = None
    lo: int = 0
    hi: int = 0
    rewards: str = "every"  # every | first_only
    rows: tuple[Reward, ...] = ()


@dataclass(frozen=True, slots=True)
class DeckDef:
    """A deck: what it is made of, its starting cards, and what becomes of its discards
    (`reshuffle`: whether and when its discard pile is shuffled back in)."""

    name: str
    title: str | None = None
    contains: tuple[str, ...] = ()  # the kinds and cards it is made of
    cards: tuple[str, ...] = ()  # the starting contents, top first
    reshuffle: str = "discard_pile"  # never | discard_pile | when_empty
    discard_to: str = "discard_pile"  # discard_pile | removed | bottom
    owner: str | None = None
    per_player: bool = False  # one for each seat (`deck@seat`), each with its own cards
    per: str | None = None  # a kind: one for each of its instances (`deck@instance`)

    @property
    def discard_pile(self) -> str:
        """The id of the deck's discard pile."""
        return f"{self.name}.discard_pile"


@dataclass(frozen=True, slots=True)
class ZoneDef:
    """A place cards or tokens lie (a hand, a board, a play area): whose it is, how much it
    holds and what happens past that (`overflow`), who sees it (`visibility`)."""

    name: str
    title: str | None = None
    owner: str | None = None
    capacity: int | None = None
    overflow: str | None = None  # bottom_of_deck | discard | removed | forbid
    per_player: bool = False  # one for each seat (`zone@seat`)
    per: str | None = None  # a kind: one for each of its instances (`zone@instance`)
    visibility: str | None = None  # public | private (its owner's) | hidden (sizes only)


@dataclass(frozen=True, slots=True)
class DieDef:
    """A die and its faces, in order; `Game.roll` rolls it from the game's seeded
    generator."""

    name: str
    title: str | None = None
    faces: tuple[Value, ...] = ()


@dataclass(frozen=True, slots=True)
class TableDef:
    """A lookup table (first matching row), a threshold chart (the highest row
    reached) or a cumulative chart (every row reached), keyed by `by`."""

    name: str
    title: str | None = None
    mode: str = "lookup"  # lookup | threshold | cumulative
    by: Compute | None = None
    by_text: str | None = None  # a key the book describes in words: given by the caller
    rows: tuple[Row, ...] = ()

    def select(self, key: Value) -> list[Row]:
        """The rows a key selects, as the table's mode says."""
        hits = [r for r in self.rows if r.matches(key)]
        if self.mode == "cumulative":
            return hits
        if self.mode == "threshold" and hits:
            return [max(hits, key=lambda r: r.lo if r.lo is not None else 0)]
        return hits[:1]


@dataclass(frozen=True, slots=True)
class Timing:
    """When a rule runs. `stat` marks a target that is a stat or a track: `after STAT`
    runs the rule after each change of anyone's STAT, with `owner` bound to whose."""

    kind: str  # action | anytime | before | after | during | start | end | text, or an
    # event: enters | leaves (a place) | discarded (a card, a kind, or anything) | targeted,
    # or `any` of its `options` (`after a or after b`: it runs at whichever comes)
    target: str | None = None
    text: str | None = None
    stat: bool = False
    options: tuple[Timing, ...] = ()

    @property
    def moments(self) -> tuple[Timing, ...]:
        """The moments it names: its options, or itself."""
        return self.options or (self,)


@dataclass(frozen=True, slots=True)
class Limit:
    """How often a rule may be used: `count` times per period (`per`, a turn or a round),
    or at most `count` of it in play in a zone (`max_in`)."""

    count: int
    per: str | None = None  # a period: uses per turn, round, ...
    max_in: str | None = None  # an in-play maximum: at most `count` in this zone
    key: str | None = None  # uses counted per value of this: target, source or a param
    shared: str | None = None  # `as NAME`: the uses of every rule saying NAME count together


@dataclass(frozen=True, slots=True)
class Duration:
    """How long an effect lasts: `until_end` or `until_start` of a `period`,
    `permanent` or `instant`."""

    kind: str  # until_end | until_start | permanent | instant
    period: str | None = None


@dataclass(frozen=True, slots=True)
class RuleDef:
    """A rule, a procedure step or a card with rule clauses, compiled to functions."""

    name: str
    title: str | None = None
    kind: str = "rule"  # rule | step | card
    who: tuple[str, ...] = ()
    when: Timing | None = None
    check: Check | None = None
    cost: Effect | None = None
    effect: Effect | None = None
    limit: Limit | None = None
    duration: Duration | None = None
    overrides: str | None = None
    scope: tuple[str, ...] = ()  # the modules, modes, variants... it belongs to
    this: str | None = None  # a card's own name (`self`)
    prose: int = 0  # steps stated in words only: reached, they stop the run
    example: str | None = None  # the worked example it is declared in: in play there only
    order: str | None = None  # chosen: the rules hooked to its moments (all, without
    # `when:`) are resolved in the order the players choose (`runtime.order`)
    holds: str | None = None  # always: its condition must stay true (`runtime.invariants`)


@dataclass(frozen=True, slots=True)
class ProcedureDef:
    """Ordered steps. `at_once`: a rule counts its requests with `at_once(...)`, so the
    requests one effect makes are resolved together when that effect ends."""

    name: str
    title: str | None = None
    steps: tuple[str, ...] = ()
    scope: tuple[str, ...] = ()
    at_once: bool = False
    period: str | None = None  # the period one run is: game | round | phase | turn ...
    each_player: bool = False  # run once for each player still in, in seat order
    each: str | None = None  # a kind: run once for each of its instances, in order
    order: str | None = None  # chosen: who takes the next run is a choice, each time
    until: Check | None = None  # run again until this holds (checked after each run)
    ends: str | None = None  # an outside event that ends this period once it has happened
    snapshot: bool = False  # a `restore` names it: its state is kept when a run begins


@dataclass(frozen=True, slots=True)
class Expectation:
    """One `expect:` line of an example, once evaluated."""

    text: str
    ok: bool
    got: str = ""


@dataclass(frozen=True, slots=True)
class ExampleDef:
    """A worked example of the book, compiled: `run` plays it on a fresh game and returns
    its checked expectations; `scope`, the modules it needs in play; `source`, where the
    book's encoding states it (`file:line`)."""

    name: str
    title: str | None = None
    run: Callable[[Game], list[Expectation]] | None = None
    scope: tuple[str, ...] = ()
    players: int | tuple[str, ...] | None = None  # who sits at the table (default: all)
    source: str = ""


@dataclass(frozen=True, slots=True)
class Definitions:
    """Everything a generated engine declares about one game."""

    game: str
    title: str | None = None
    stats: Mapping[str, StatDef] = field(default_factory=dict)
    tracks: Mapping[str, TrackDef] = field(default_factory=dict)
    decks: Mapping[str, DeckDef] = field(default_factory=dict)
    zones: Mapping[str, ZoneDef] = field(default_factory=dict)
    dice: Mapping[str, DieDef] = field(default_factory=dict)
    tables: Mapping[str, TableDef] = field(default_factory=dict)
    boards: Mapping[str, BoardDef] = field(default_factory=dict)
    footprints: Mapping[str, int] = field(default_factory=dict)  # a wide figure -> its width
    rules: Mapping[str, RuleDef] = field(default_factory=dict)
    procedures: Mapping[str, ProcedureDef] = field(default_factory=dict)
    records: Mapping[str, Record] = field(default_factory=dict)
    kinds: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # kind -> instances
    options: Mapping[str, str] = field(default_factory=dict)  # module/variant... -> keyword
    examples: Mapping[str, ExampleDef] = field(default_factory=dict)
    players: str | None = None  # the kind whose instances (or numbered seats) are the players
    seats: tuple[int, int] | None = None  # how many players may play (`seats: 2..5`)
    result: str | None = None  # the per-player stat that is each player's result
    package: str | None = None  # the generated package that declares it (for pickling)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as a reference to the generated package that holds it (its rules are
        that package's functions): loading imports the package."""
        if self.package is None:
            raise TypeError(f"the definitions of {self.game} name no package to reload from")
        return (_definitions_of, (self.package,))

    @property
    def player_places(self) -> Mapping[str, str]:
        """The decks and zones one for each player or each instance of a kind, by their
        own id (`zone` -> `game.zone`)."""
        found: list[DeckDef | ZoneDef] = [*self.decks.values(), *self.zones.values()]
        return {p.name.rsplit(".", 1)[-1]: p.name for p in found if p.per_player or p.per}

    @property
    def place_owners(self) -> Mapping[str, tuple[str, ...]]:
        """The decks and zones one for each instance of a kind (not the seats), each with
        those instances (`game.zone` -> its owners)."""
        found: list[DeckDef | ZoneDef] = [*self.decks.values(), *self.zones.values()]
        return {p.name: tuple(self.kinds.get(p.per, ())) for p in found if p.per}

    def seat_names(self, count: int | None = None) -> tuple[str, ...]:
        """The seats of a game: the players' kind's instances, in declaration order, or
        `<kind>_1` ... `<kind>_N` for a kind without instances."""
        if self.players is None:
            return ()
        declared = self.kinds.get(self.players, ())
        if declared:
            return tuple(declared[:count] if count is not None else declared)
        lo = self.seats[0] if self.seats is not None else 2
        short = self.players.rsplit(".", 1)[-1]
        return tuple(f"{short}_{n}" for n in range(1, (count or lo) + 1))

    def kind_of(self, name: Value) -> str | None:
        """The kind of a card or character (of a copy: its card's), or nothing."""
        name = base_of(name)
        record = self.records.get(name) if isinstance(name, str) else None
        return record.KIND if record is not None else None

    def deck_of(self, card: Value) -> DeckDef | None:
        """The deck a card belongs to (by name or by kind), where it goes back to."""
        kind = self.kind_of(card)
        card = base_of(card)
        for deck in self.decks.values():
            if card in deck.cards or card in deck.contains or kind in deck.contains:
                return deck
        return None

    @property
    def default_options(self) -> frozenset[str]:
        """Modules are in play unless left out; modes, variants and scenarios are chosen."""
        return frozenset(n for n, k in self.options.items() if k == "module")


def _definitions_of(package: str) -> Definitions:
    found = importlib.import_module(package).DEFINITIONS
    if not isinstance(found, Definitions):
        raise TypeError(f"{package}.DEFINITIONS is not a game's definitions")
    return found


def by_name(*items: Any) -> Mapping[str, Any]:
    """`{item.name: item}`, read-only, in the given order (generated code builds its
    mappings with it)."""
    return MappingProxyType({item.name: item for item in items})
