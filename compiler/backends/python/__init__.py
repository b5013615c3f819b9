"""The Python engine: one package per game under `generated/<game>/`.

A package holds `catalog.py` (one frozen dataclass per kind, the cards as
immutable instances), `components.py` (stats, decks, zones, dice, the parts
that can be chosen), `rules.py` (one function per rule for its legality
check, cost and effect, the effect under `@book.rule(...)` with the rule's
metadata; procedures as ordered step lists; tables and tracks with their rows)
and `examples.py` (each executable example as a function returning its
expectations, under `@book.example(...)`); `__init__.py` is two calls of the
runtime, `define_game` and `game_starter`. Cards are named by their catalog
constants (`catalog.AKIRA.id`), a value of the whole game by `GAME`.

Jinja2 templates (`templates/python/`) lay out the files (`package`); one
module per file kind fills its template (`catalog`, `components`, `rules`,
`examples`); the builders, one method per AST node type, write the code inside
them (`expressions`: `expr_Ref`, ...; `statements`: `stmt_Gain`, ...). Every
literal goes through `repr()`, every name through `names.unique_names`; lines
are kept within 100 columns by a small pretty-printer (`pretty`). The output
depends on the compilation only, so two builds are byte-identical; `engine_files`
emits each game once per compilation and keeps it there (`Compilation.engines`). Generated
code imports `ludex.runtime` and nothing else of ludex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .names import camel, package_name, snake, unique_names

if TYPE_CHECKING:
    from .package import emit, emit_game, engine_files, iter_rule_functions

_GENERATOR = frozenset({"emit", "emit_game", "engine_files", "iter_rule_functions"})


def __getattr__(name: str) -> Any:
    """The generator's functions, its module loaded on first use: it imports Jinja2 and the
    runtime, which a check of a game without examples never needs."""
    if name in _GENERATOR:
        from . import package  # noqa: PLC0415

        return getattr(package, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["camel", "emit", "emit_game", "engine_files", "iter_rule_functions", "package_name",
           "snake", "unique_names"]
