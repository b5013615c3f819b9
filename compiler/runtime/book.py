"""Where a generated module registers what it declares, next to the code that does it.

A generated `rules.py` opens with `book = Book()` and writes each rule as its effect
under a decorator that holds the rule's metadata, so the two read together:

    # module.rule: Title (rules/game/file.ludex:12)
    @book.rule('module.rule', title='Title', when=Timing('during', ...))
    def rule_effect(g: Game, ctx: Ctx) -> None:
        ...

A rule's check and cost, when it has them, are the functions just above it, named by
`check=` and `cost=`; a rule with no effect is `book.rule(...)` on its own line. Tables,
tracks and procedures are registered where they are written (`book.table(...)`), and a
generated `examples.py` registers its examples the same way (`@book.example(...)`); a
rule declared inside an example names it (`RuleDef.example`), and running the example
makes it the game's `example`: that rule is in play in that example only. The
book keeps everything in the order it was written: the order the rulebook gives.
`define_game` (in `assembly`) reads the books into one `Definitions`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar, cast

from .defs import ExampleDef, Expectation, ProcedureDef, RuleDef, TableDef, TrackDef

if TYPE_CHECKING:
    from .state import Game

F = TypeVar("F", bound=Callable[..., Any])


class Book:
    """The rules, procedures, tables, tracks and examples one generated module declares,
    by qualified name, in the order they were registered."""

    def __init__(self) -> None:
        self.rules: dict[str, RuleDef] = {}
        self.procedures: dict[str, ProcedureDef] = {}
        self.tables: dict[str, TableDef] = {}
        self.tracks: dict[str, TrackDef] = {}
        self.examples: dict[str, ExampleDef] = {}

    def rule(self, name: str, **fields: Any) -> Callable[[F], F]:
        """Register the rule `name` now (the other fields of `RuleDef` by keyword); used as
        a decorator, the function it decorates is the rule's effect."""
        self.rules[name] = RuleDef(name, **fields)

        def effect(func: F) -> F:
            self.rules[name] = replace(self.rules[name], effect=func)
            return func
        return effect

    def example(self, name: str, **fields: Any) -> Callable[[F], F]:
        """Register the worked example `name` now; used as a decorator, the function it
        decorates runs it (an example stated in prose only has none)."""
        self.examples[name] = ExampleDef(name, **fields)

        def run(func: F) -> F:
            @functools.wraps(func)
            def played(game: Game) -> list[Expectation]:
                # the rules declared inside the example are in play in it, and only in it
                game.example = name
                return cast("list[Expectation]", func(game))
            self.examples[name] = replace(self.examples[name], run=played)
            return func
        return run

    def procedure(self, name: str, **fields: Any) -> None:
        """Declare a procedure: its steps and how it repeats (`ProcedureDef`)."""
        self.procedures[name] = ProcedureDef(name, **fields)

    def table(self, name: str, **fields: Any) -> None:
        """Declare a table or chart (`TableDef`)."""
        self.tables[name] = TableDef(name, **fields)

    def track(self, name: str, **fields: Any) -> None:
        """Declare a track (`TrackDef`)."""
        self.tracks[name] = TrackDef(name, **fields)
