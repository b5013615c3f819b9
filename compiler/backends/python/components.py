"""`components.py` of a game's package: stats, decks, zones, dice, and the parts of the
game that can be chosen (modules, modes, variants, scenarios, campaigns)."""

from __future__ import annotations

import math
from typing import Any

from ...core.vocabulary import OPTION_KEYWORDS
from ...semantics.resolve import Symbol
from ...semantics.schema import MAX_DIE_FACES, range_size
from ...semantics.sight import fixed_wall
from ...syntax import ast
from .common import (
    Unit,
    bounds,
    items,
    kwargs,
    opt_str,
    plain,
)
from .pretty import Atom, Py, Seq, Str, call, literal, render


def components_module(unit: Unit) -> dict[str, Any]:
    """The template context of `components.py`."""
    stats: list[Py] = []
    decks: list[Py] = []
    zones: list[Py] = []
    dice: list[Py] = []
    boards: list[Py] = []
    footprints: list[tuple[str, int]] = []
    options: list[tuple[str, str]] = []
    for sym in unit.model.symbols.values():
        decl = sym.decl
        if isinstance(decl, ast.Stat):
            stats.append(stat_def(unit, decl))
        elif isinstance(decl, ast.Deck):
            decks.append(deck_def(unit, sym, decl))
        elif isinstance(decl, ast.Zone):
            zones.append(zone_def(unit, sym, decl))
        elif isinstance(decl, ast.Board):
            boards.append(board_def(unit, sym, decl))
        if isinstance(decl, (ast.Component, ast.Instance)) and footprint(decl) > 1:
            footprints.append((sym.qualname, footprint(decl)))
        elif isinstance(decl, ast.Die):
            faces = die_faces(decl)
            dice.append(call("DieDef", *kwargs(name=Str(sym.qualname), title=opt_str(
                decl.title), faces=literal(faces))))
        elif isinstance(decl, ast.Container) and decl.keyword in OPTION_KEYWORDS:
            options.append((sym.qualname, decl.keyword))
    option_lines = render(Seq("", tuple(Atom(f"{q!r}: {k!r}") for q, k in options), "{}"),
                          0, "OPTIONS: Mapping[str, str] = MappingProxyType(", ")")
    players, seats = game_players(unit)
    return {
        "players": f"PLAYERS: str | None = {players!r}\nSEATS: tuple[int, int] | None = "
                   f"{seats!r}\nRESULT: str | None = {game_result(unit)!r}",
        "stats": "\n".join(render(call("by_name", *stats), 0, "STATS = ")),
        "decks": "\n".join(render(call("by_name", *decks), 0, "DECKS = ")),
        "zones": "\n".join(render(call("by_name", *zones), 0, "ZONES = ")),
        "dice": "\n".join(render(call("by_name", *dice), 0, "DICE = ")),
        # a game without boards or wide figures declares neither (the runtime reads none)
        "boards": "\n".join(render(call("by_name", *boards), 0, "BOARDS = ")) if boards
        else "",
        "footprints": "\n".join(render(Seq("", tuple(Atom(f"{q!r}: {n}") for q, n in footprints),
                                            "{}"), 0, "FOOTPRINTS: Mapping[str, int] = "))
        if footprints else "",
        "options": "\n".join(option_lines),
    }


def die_faces(decl: ast.Die) -> tuple[Any, ...]:
    """A die's faces, a range counted out; none past the limit (refused with E207 by
    validation, which does not stop the examples' engine from being built)."""
    size = range_size(decl.faces)
    if size is not None and size > MAX_DIE_FACES:
        return ()
    return tuple(plain(f) for f in items(decl.faces))


def stat_def(unit: Unit, decl: ast.Stat) -> Py:
    per = unit.model.targets.get(decl.per) if decl.per is not None else None
    lo, hi = bounds(decl.range)
    start = plain(decl.start) if decl.start is not None else None
    return call("StatDef", *kwargs(
        name=Str(decl.id), title=opt_str(decl.title),
        per=Str(unit.qual(per)) if per is not None else None,
        lo=literal(lo) if lo != 0 else None, hi=literal(hi) if hi is not None else None,
        overflow=Str(decl.overflow) if decl.overflow != "clamp" else None,
        start=literal(start) if start is not None else None))


def deck_def(unit: Unit, sym: Symbol, decl: ast.Deck) -> Py:
    contains = [unit.model.targets.get(i) for i in items(decl.contains)
                if isinstance(i, ast.Ref)]
    found = [d for d in contains if d is not None]
    cards: list[str] = []
    for d in found:
        cards += cards_of(unit, d)
    owner = decl.prop("owner")
    owner_decl = unit.model.targets.get(owner.value) if owner and isinstance(
        owner.value, ast.Ref) else None
    return call("DeckDef", *kwargs(
        name=Str(sym.qualname), title=opt_str(decl.title),
        contains=named(unit, [unit.qual(d) for d in found]), cards=named(unit, cards),
        reshuffle=Str(decl.reshuffle) if decl.reshuffle != "discard_pile" else None,
        discard_to=Str(decl.discard_to) if decl.discard_to != "discard_pile" else None,
        owner=unit.named(owner_decl) if owner_decl else None,
        per_player=Atom("True") if per_player(unit, decl) else None,
        per=per_kind(unit, decl)))


def zone_def(unit: Unit, sym: Symbol, decl: ast.Zone) -> Py:
    visibility = decl.prop("visibility")
    owners = [unit.model.targets.get(r) for r in items(decl.owner) if isinstance(r, ast.Ref)]
    owner = next((o for o in owners if o is not None), None)
    return call("ZoneDef", *kwargs(
        name=Str(sym.qualname), title=opt_str(decl.title),
        owner=unit.named(owner) if owner else None,
        capacity=literal(decl.capacity) if decl.capacity is not None else None,
        overflow=opt_str(decl.overflow),
        per_player=Atom("True") if per_player(unit, decl) else None,
        per=per_kind(unit, decl),
        visibility=Str(visibility.value.dotted) if visibility is not None and isinstance(
            visibility.value, ast.Ref) else None))


def board_def(unit: Unit, sym: Symbol, decl: ast.Board) -> Py:
    """A board: a grid's size, or a map's spaces and the adjacency each states (names
    the resolver found, never text from the file)."""
    spaces = [c for c in decl.children if isinstance(c, ast.Space) and c.prop("on") is None]
    perches = board_perches(unit, decl)
    links: list[Py] = []
    for space in spaces:
        for item in items(space.adjacent):
            target = unit.model.targets.get(item) if isinstance(item, ast.Ref) else None
            if isinstance(target, ast.Space) and target is not space and \
                    any(target is s for s in spaces):
                links.append(Seq("", (Str(unit.qual(space)), Str(unit.qual(target))), "()"))
    grid = decl.columns is not None and decl.row_count is not None
    return call("BoardDef", *kwargs(
        name=Str(sym.qualname), title=opt_str(decl.title),
        spaces=Seq("", tuple(Str(unit.qual(s)) for s in spaces), "()", tuple_comma=True)
        if spaces and not grid else None,
        links=Seq("", tuple(links), "()", tuple_comma=True) if links and not grid else None,
        directed=Atom("True") if decl.adjacency == "directed" else None,
        columns=literal(decl.columns) if grid else None,
        rows=literal(decl.row_count) if grid else None,
        diagonals=Atom("True") if decl.diagonals and grid else None,
        walls=board_walls(unit, decl, sym.qualname) if grid else None,
        sight=Str(decl.sight) if decl.sight != "centres" and grid else None,
        perches=Seq("", tuple(perches), "()", tuple_comma=True) if perches else None))


def board_perches(unit: Unit, decl: ast.Board) -> list[Py]:
    """The board's spaces on a piece (`on: giant`): each (space, piece), both names the
    resolver found."""
    found: list[Py] = []
    for space in decl.children:
        on = space.prop("on") if isinstance(space, ast.Space) else None
        target = unit.model.targets.get(on.value) if on is not None and isinstance(
            on.value, ast.Ref) else None
        if isinstance(target, (ast.Component, ast.Instance)):
            found.append(Seq("", (Str(unit.qual(space)), Str(unit.qual(target))), "()"))
    return found


def board_walls(unit: Unit, decl: ast.Board, name: str) -> Py | None:
    """A grid's walls: the stat that holds them (its name), or its fixed pairs of spaces."""
    if isinstance(decl.walls, ast.Ref):
        stat = unit.model.targets.get(decl.walls)
        return Str(stat.id) if isinstance(stat, ast.Stat) else None
    pairs = [fixed_wall(unit.model, decl, item) for item in items(decl.walls)]
    walls = [Seq("", tuple(Str(f"{name}.{c}_{r}") for c, r in pair), "()")
             for pair in pairs if pair is not None]
    return Seq("", tuple(walls), "()", tuple_comma=True) if walls else None


def per_player(unit: Unit, decl: ast.Decl, name: str = "per") -> bool:
    """A deck or zone one for each seat: `per: player`, or `per:` the players' kind (a
    procedure run for each seat: `each:`)."""
    per = decl.prop(name)
    if per is None or not isinstance(per.value, ast.Ref):
        return False
    target = unit.model.targets.get(per.value)
    return target is None and per.value.dotted == "player" or \
        target is not None and unit.qual(target) == game_players(unit)[0]


def per_kind(unit: Unit, decl: ast.Decl, name: str = "per") -> Py | None:
    """The kind a deck or zone is one for each instance of (`per: argonaut`), when that
    kind is not the players' (a procedure run for each instance: `each: servant`)."""
    per = decl.prop(name)
    target = unit.model.targets.get(per.value) if per is not None and isinstance(
        per.value, ast.Ref) else None
    if not isinstance(target, ast.Kind) or per_player(unit, decl, name):
        return None
    return Str(unit.qual(target))


def game_players(unit: Unit) -> tuple[str | None, tuple[int, int] | None]:
    """The kind whose instances are the players (its qualified name), and how many may
    play, from the game's `players:` and `seats:`. Names and numbers only: a player's
    kind is a resolved declaration, never text from the file."""
    game = unit.model.game
    if game is None:
        return None, None
    kind = game.prop("players")
    target = unit.model.targets.get(kind.value) if kind and isinstance(
        kind.value, ast.Ref) else None
    seats = game.prop("seats")
    lo, hi = bounds(seats.value) if seats and isinstance(seats.value, ast.RangeLit) \
        else (None, None)
    return (unit.qual(target) if isinstance(target, ast.Kind) else None,
            (lo, hi) if isinstance(lo, int) and isinstance(hi, int) else None)


def game_result(unit: Unit) -> str | None:
    """The stat the game's `result:` names (each player's result), by its runtime name."""
    game = unit.model.game
    prop = game.prop("result") if game is not None else None
    target = unit.model.targets.get(prop.value) if prop is not None and isinstance(
        prop.value, ast.Ref) else None
    return target.id if isinstance(target, ast.Stat) else None


def named(unit: Unit, qualnames: list[str]) -> Py | None:
    """A tuple of names, a card of the catalog by its constant (`catalog.AKIRA.id`)."""
    return Seq("", tuple(unit.name_of(q) for q in qualnames), "()", tuple_comma=True) \
        if qualnames else None


def cards_of(unit: Unit, decl: ast.Decl) -> list[str]:
    """A deck's starting cards: a kind's instances, a component's copies, a card."""
    if isinstance(decl, ast.Kind):
        return [s.qualname for s in unit.model.symbols.values()
                if isinstance(s.decl, ast.Instance) and unit.kind_of(s) is decl
                for _ in range(copies(s.decl))]
    if isinstance(decl, ast.External):
        return []
    if isinstance(decl, ast.Component):
        count = max((e.count for m in unit.model.of_type(ast.Manifest)
                     if isinstance(m, ast.Manifest) for e in m.entries
                     if unit.model.targets.get(e.target) is decl), default=copies(decl))
        return [unit.qual(decl)] * count
    return [unit.qual(decl)] * copies(decl)


def footprint(decl: ast.Decl) -> int:
    """How many spaces wide a large figure is (`footprint: 9`: 3); 1 unless it says so, or
    when what it says is no square (refused with E311)."""
    found = decl.prop("footprint")
    value = found.value if found is not None else None
    if not isinstance(value, ast.IntLit) or value.value < 1:
        return 1
    side = math.isqrt(value.value)
    return side if side * side == value.value else 1


def copies(decl: ast.Decl) -> int:
    """How many physical copies a component or card has (`copies: 5`; 1 by default)."""
    found = decl.prop("copies")
    value = found.value if found is not None else None
    return value.value if isinstance(value, ast.IntLit) and value.value >= 1 else 1
