"""Symbol tables: every declaration of a game under its qualified name.

A declaration's children form its scope; a file's top-level declarations go in
the game's scope, or inside the container its `within` line names. Duplicate
ids in one scope are reported here; references are resolved in `resolve`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ..core.codes import Code
from ..core.diagnostics import Diagnostics, did_you_mean
from ..core.source import Span
from ..syntax import ast
from ..syntax.carddata_cells import card_label
from .results import GameRun


@dataclass(eq=False)
class Symbol:
    """A declaration in its scope."""

    decl: ast.Decl
    qualname: str
    parent: Symbol | None
    children: dict[str, Symbol] = field(default_factory=dict)

    def ancestors(self) -> Iterator[Symbol]:
        node: Symbol | None = self
        while node is not None:
            yield node
            node = node.parent


@dataclass(eq=False)
class GameModel:
    """One game after resolution."""

    source: ast.GameSource
    root: Symbol
    game: ast.Game | None
    symbols: dict[str, Symbol] = field(default_factory=dict)  # qualname -> symbol
    by_decl: dict[int, Symbol] = field(default_factory=dict)  # id(decl) -> symbol
    targets: dict[ast.Ref, ast.Decl] = field(default_factory=dict)
    base: GameModel | None = None
    expansions: list[GameModel] = field(default_factory=list)  # games whose base this is
    examples: GameRun | None = None  # its worked examples' run, once `verify` has run
    # a reference's name that an inner scope's declaration takes from an outer one's:
    # id(ref) -> (the reference, the scope it is read in, what it names, what it hides)
    shadowed: dict[int, tuple[ast.Ref, Symbol, Symbol, Symbol]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.game.id if self.game else self.source.folder

    def symbol(self, decl: ast.Decl) -> Symbol:
        return self.by_decl[id(decl)]

    def decls(self) -> Iterator[ast.Decl]:
        for sym in self.symbols.values():
            yield sym.decl

    def of_type(self, cls: type[ast.Decl]) -> list[ast.Decl]:
        return [d for d in self.decls() if isinstance(d, cls)]


# ---------------------------------------------------------------- symbol tables


def build_symbols(source: ast.GameSource, diags: Diagnostics) -> GameModel:
    games = [d for f in source.files for d in f.decls if isinstance(d, ast.Game)]
    game = games[0] if games else None
    root_decl = game or ast.Container(ast_span(source), "game", source.folder, None, (), (), (),
                                      (), ())
    root = Symbol(root_decl, "", None)
    model = GameModel(source, root, game)
    if len(games) > 1 or (not games and not source.unparsed):
        _game_count_error(source, games, diags)
    for g in games[:1]:
        _register(model, root, g.children, diags)
    pending = []
    for file in source.files:
        rest = [d for d in file.decls if not isinstance(d, ast.Game)]
        if file.within is None:
            _register(model, root, rest, diags)
        else:
            pending.append((file.within, rest))
    _place_within(model, pending, diags)
    return model


def ast_span(source: ast.GameSource) -> Span:
    first = source.files[0].span if source.files else None
    return first or Span(source.folder, 1, 1, 1, 1)


def _game_count_error(source: ast.GameSource, games: list[ast.Game], diags: Diagnostics) -> None:
    if not games:
        span = source.files[0].decls[0].span if source.files and source.files[0].decls else None
        where = source.files[0].path if len(source.files) == 1 else source.folder
        diags.add(Code.NOT_ONE_GAME, f"no `game` declaration in {where}", span,
                  'one file of the game must declare it: `game my_game "Title":`')
    for extra in games[1:]:
        diags.add(Code.NOT_ONE_GAME, f"a second `game` declaration in {source.folder}", extra.span,
                  f"the game is already declared at {games[0].span}")


def _register(model: GameModel, scope: Symbol, decls: Iterable[ast.Decl],
              diags: Diagnostics) -> None:
    for decl in decls:
        if isinstance(decl, ast.Game):
            continue  # reported by the builder
        existing = scope.children.get(decl.id)
        if existing is not None:
            diags.add(Code.DUPLICATE_ID, f"{card_label(decl)}`{decl.id}` is already declared "
                      "in this scope",
                      decl.span,
                      f"first declared at {existing.decl.span}; give one of them another id")
            continue
        qual = f"{scope.qualname}.{decl.id}" if scope.qualname else decl.id
        sym = Symbol(decl, qual, scope)
        scope.children[decl.id] = sym
        model.symbols[qual] = sym
        model.by_decl[id(decl)] = sym
        _register(model, sym, decl.children, diags)


def _place_within(model: GameModel, pending: list[tuple[ast.Ref, list[ast.Decl]]],
                  diags: Diagnostics) -> None:
    while pending:
        progress = False
        for item in list(pending):
            target = _descend(model.root, item[0].parts)
            if target is not None:
                _register(model, target, item[1], diags)
                pending.remove(item)
                progress = True
        if not progress:
            for ref, decls in pending:
                if any(d.id == ref.parts[0] for d in decls):
                    diags.add(Code.UNRESOLVED,
                              f"`within {ref.dotted}` names a declaration of this same "
                              "file", ref.span, "`within` places this file's declarations "
                              "inside a container declared in another file")
                    continue
                diags.add(Code.UNRESOLVED, f"`within {ref.dotted}` names no declaration", ref.span,
                          did_you_mean(ref.parts[0], model.root.children)
                          or "name a module, mode or section declared in this game")
            return


def _descend(scope: Symbol, parts: Iterable[str]) -> Symbol | None:
    node: Symbol | None = scope
    for part in parts:
        node = node.children.get(part) if node else None
    return node


def link_bases(models: list[GameModel], diags: Diagnostics) -> None:
    """Let an expansion see its base game when both are loaded."""
    by_name = {m.name: m for m in models}
    for model in models:
        base = model.game.base if model.game else None
        if base is not None and base.dotted in by_name and by_name[base.dotted] is not model:
            model.base = by_name[base.dotted]
            model.base.expansions.append(model)
