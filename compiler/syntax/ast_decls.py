"""AST nodes of declarations, the parts of their bodies, files and game folders."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.source import Span
from .ast_exprs import Expr, FieldType, ListLit, RangeLit, Ref
from .ast_stmts import Stmt

# ------------------------------------------------------------------ clauses and parts


@dataclass(frozen=True, slots=True)
class Prose:
    """One paragraph of the book's own words (Markdown)."""

    span: Span
    text: str


@dataclass(frozen=True, slots=True)
class Note:
    """A source note: icon, layout, missing, unreadable or ocr."""

    span: Span
    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class Suppression:
    """`suppress W601 "reason"`: a finding accepted here, with the reason why."""

    span: Span
    code: str
    reason: str


@dataclass(frozen=True, slots=True)
class Property:
    span: Span
    name: str
    value: Expr


@dataclass(frozen=True, slots=True)
class Field:
    span: Span
    name: str
    type: FieldType
    title: str | None = None  # `field max_trust "Max. Trust": ...`: headers show it

    @property
    def display(self) -> str:
        return self.title or self.name


@dataclass(frozen=True, slots=True)
class Timing:
    span: Span
    kind: str  # action | anytime | before | after | during | start | end | text | any
    target: Ref | None
    text: str | None
    binds: tuple[str, ...] = ()  # `after guard_broken(d)`: names for the event's values
    options: tuple[Timing, ...] = ()  # `any`: `after a or after b`, each a moment of its own

    @property
    def moments(self) -> tuple[Timing, ...]:
        """The moments it names: its options, or itself."""
        return self.options or (self,)


@dataclass(frozen=True, slots=True)
class Limit:
    span: Span
    count: int | None  # uses per period; None for an in-play maximum
    per: str | None
    max_in: Ref | None
    key: str | None = None  # counted per rule and this value: target, source or a param
    shared: str | None = None  # `as NAME`: one count for every rule that says NAME


@dataclass(frozen=True, slots=True)
class Duration:
    span: Span
    kind: str  # until_end | until_start | permanent | instant
    period: str | None


@dataclass(frozen=True, slots=True)
class RowKey:
    span: Span
    kind: str  # int | atleast | range | text
    lo: int | None
    hi: int | None
    text: str | None


@dataclass(frozen=True, slots=True)
class Row:
    span: Span
    key: RowKey
    value: Expr | None
    effect: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class Entry:
    """A manifest line: `10 surge_token "Surge tokens" (2 each)`."""

    span: Span
    count: int
    target: Ref
    label: str | None
    per_count: int | None
    per: Ref | None
    words: str | None = None  # a breakdown in words, kept as text: ("160 Standard, 6 Tarot")


@dataclass(frozen=True, slots=True)
class Clauses:
    """What a rule-like declaration says about when, if, at what cost and what."""

    when: Timing | None = None
    condition: Expr | None = None
    cost: tuple[Stmt, ...] = ()
    effect: tuple[Stmt, ...] = ()
    limit: Limit | None = None
    duration: Duration | None = None

    @property
    def empty(self) -> bool:
        return self == NO_CLAUSES


NO_CLAUSES = Clauses()


# ------------------------------------------------------------------ declarations


@dataclass(frozen=True, slots=True)
class Decl:
    span: Span
    keyword: str
    id: str
    title: str | None
    prose: tuple[Prose, ...]
    notes: tuple[Note, ...]
    props: tuple[Property, ...]
    children: tuple[Decl, ...]
    suppressions: tuple[Suppression, ...]

    def prop(self, name: str) -> Property | None:
        return next((p for p in self.props if p.name == name), None)

    @property
    def display(self) -> str:
        return self.title or self.id


@dataclass(frozen=True, slots=True)
class Game(Decl):
    base: Ref | None = None


@dataclass(frozen=True, slots=True)
class Container(Decl):
    """module, mode, variant, scenario, campaign, section, glossary."""


@dataclass(frozen=True, slots=True)
class Kind(Decl):
    fields: tuple[Field, ...] = ()


@dataclass(frozen=True, slots=True)
class Instance(Decl):
    """An instance of a kind; `keyword` is the kind's id, `values` its fields."""

    values: tuple[Property, ...] = ()
    clauses: Clauses = NO_CLAUSES  # (frozen: one empty set of clauses serves every one)


@dataclass(frozen=True, slots=True)
class Component(Decl):
    pass


@dataclass(frozen=True, slots=True)
class Manifest(Decl):
    entries: tuple[Entry, ...] = ()


@dataclass(frozen=True, slots=True)
class Stat(Decl):
    per: Ref | None = None
    range: RangeLit | None = None
    overflow: str = "clamp"
    start: Expr | None = None


@dataclass(frozen=True, slots=True)
class Track(Decl):
    spaces: RangeLit | None = None
    rows: tuple[Row, ...] = ()


@dataclass(frozen=True, slots=True)
class Deck(Decl):
    contains: Expr | None = None
    reshuffle: str = "discard_pile"
    discard_to: str = "discard_pile"


@dataclass(frozen=True, slots=True)
class Zone(Decl):
    owner: Ref | ListLit | None = None
    capacity: int | None = None
    overflow: str | None = None


@dataclass(frozen=True, slots=True)
class Board(Decl):
    """A map of spaces: named `space`s with their adjacency, or a square grid of
    `columns` by `rows` (4-adjacent, 8 with `diagonals: yes`)."""

    adjacency: str = "undirected"  # undirected | directed
    columns: int | None = None
    row_count: int | None = None  # `rows:` (a declaration's `rows` are a table's)
    diagonals: bool = False
    walls: Expr | None = None  # a grid's walls: fixed pairs of spaces, or a stat
    sight: str = "centres"  # centres | corners: how line_of_sight is drawn


@dataclass(frozen=True, slots=True)
class Space(Decl):
    """A space of a board: a place things are put on, with the spaces it is adjacent to."""

    adjacent: Expr | None = None


@dataclass(frozen=True, slots=True)
class Die(Decl):
    faces: Expr | None = None


@dataclass(frozen=True, slots=True)
class Table(Decl):
    by: Expr | None = None
    mode: str = "lookup"
    rows: tuple[Row, ...] = ()


@dataclass(frozen=True, slots=True)
class Procedure(Decl):
    pass


@dataclass(frozen=True, slots=True)
class Step(Decl):
    clauses: Clauses = NO_CLAUSES  # (frozen: one empty set of clauses serves every one)


@dataclass(frozen=True, slots=True)
class Rule(Decl):
    who: Expr | None = None
    overrides: Ref | None = None
    clauses: Clauses = NO_CLAUSES  # (frozen: one empty set of clauses serves every one)


@dataclass(frozen=True, slots=True)
class Restatement(Decl):
    restates: Ref | None = None
    clauses: Clauses = NO_CLAUSES  # (frozen: one empty set of clauses serves every one)


@dataclass(frozen=True, slots=True)
class External(Decl):
    origin: Ref | None = None


@dataclass(frozen=True, slots=True)
class Term(Decl):
    defines: Ref | ListLit | None = None


@dataclass(frozen=True, slots=True)
class Example(Decl):
    illustrates: Ref | ListLit | None = None
    given: tuple[Stmt, ...] = ()
    actions: tuple[Stmt, ...] = ()
    expect: tuple[Expr, ...] = ()

    @property
    def executable(self) -> bool:
        return bool(self.actions or self.expect)


@dataclass(frozen=True, slots=True)
class Fact(Decl):
    """A fact about the table the engine does not model (who has Majority in a
    Region): rules read it with a call, `majority(faction, region)`, and examples
    state it with `set majority(faction, region) to yes`."""

    returns: str = "value"


@dataclass(frozen=True, slots=True)
class Ruling(Decl):
    applies_to: Ref | ListLit | None = None


@dataclass(frozen=True, slots=True)
class Waiver(Decl):
    reason: str = ""


# ------------------------------------------------------------------ files and games


@dataclass(frozen=True, slots=True)
class File:
    span: Span
    path: str
    within: Ref | None
    decls: tuple[Decl, ...]


@dataclass(frozen=True, slots=True)
class GameSource:
    """All files of one game folder, in path order."""

    folder: str
    files: tuple[File, ...]
    unparsed: tuple[str, ...] = ()  # files not parsed whole (errors already reported)
