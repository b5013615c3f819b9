"""Python names for the rules' names: snake_case values, CamelCase classes, keywords and
the names generated code uses itself reserved, clashes told apart by enclosing ids."""

from __future__ import annotations

import keyword
import re
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...semantics.resolve import GameModel

RESERVED = frozenset({"g", "ctx", "q", "picked"}) | frozenset(keyword.kwlist) | frozenset(
    keyword.softkwlist)
RUNTIME_NAMES = frozenset({
    "Ctx", "DeckDef", "Definitions", "DieDef", "Duration", "ExampleDef", "Expectation",
    "Game", "Limit", "ProcedureDef", "Record", "Reward", "RuleDef", "StatDef", "TableDef",
    "Timing", "TrackDef", "ZoneDef", "by_name", "ClassVar", "Literal", "Mapping",
    "MappingProxyType", "Chooser", "Iterable", "dataclass", "GAME", "Book", "define_game",
    "game_starter",
})
# The names generated modules define for themselves (and `__init__.py` imports).
MODULE_NAMES = frozenset({
    "book", "catalog", "components", "rules", "examples", "CATALOG", "KINDS", "STATS",
    "DECKS", "ZONES", "DICE", "OPTIONS", "DEFINITIONS", "new_game",
})


def snake(text: str) -> str:
    """An ASCII snake_case name: ids are ASCII by the grammar, and anything else is
    dropped here too, so a generated name is always a plain Python identifier."""
    return re.sub(r"[^0-9A-Za-z_]+", "_", text).strip("_").lower() or "x"


def camel(text: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in snake(text).split("_")) or "X"


def unique_names(qualnames: Iterable[str], style: Callable[[str], str],
                 reserved: frozenset[str] = RESERVED) -> dict[str, str]:
    """A Python name per qualified name: its last part, prefixed by enclosing ids
    only as far as needed to tell it apart; keywords and reserved names get `_`."""
    quals = list(dict.fromkeys(qualnames))
    depth = dict.fromkeys(quals, 1)

    def name(q: str) -> str:
        made = style("_".join(q.split(".")[-depth[q]:]))
        made = "n" + made if made[:1].isdigit() else made
        return made + "_" if made in reserved else made

    while True:
        groups: dict[str, list[str]] = {}
        for q in quals:
            groups.setdefault(name(q), []).append(q)
        clashing = [q for g in groups.values() if len(g) > 1 for q in g
                    if depth[q] < q.count(".") + 1]
        if not clashing:
            break
        for q in clashing:
            depth[q] += 1
    out: dict[str, str] = {}
    taken: set[str] = set()
    for q in quals:
        base = candidate = name(q)
        number = 2
        while candidate in taken:
            candidate, number = f"{base}_{number}", number + 1
        taken.add(candidate)
        out[q] = candidate
    return out


# A package may not take the name of a module it or its user imports: a game called
# `typing` or `ludex` would otherwise shadow it for everything on the same path.
TAKEN_MODULES = RESERVED | frozenset(sys.stdlib_module_names) | {"ludex", "generated"}


def package_name(model: GameModel) -> str:
    """The engine package a game is written to (`generated/<name>/`)."""
    name = snake(model.name)
    name = "n" + name if name[:1].isdigit() else name
    return name + "_" if name in TAKEN_MODULES else name
