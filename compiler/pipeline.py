"""The pipeline: `compile_paths` calls the stages in the order data flows.

syntax (load, parse, card data) → semantics (symbols, resolution, bases, kind
schemas) → output names checked (E308) → verify (the worked examples, run contained,
once) → checks (the consistency checks, reading the models and the example results).
What it returns, a `Compilation`, is what the back ends and the command line read; it
never raises for bad input.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import wraps
from pathlib import Path
from typing import ParamSpec

from .backends.collisions import check_outputs
from .checks import run_checks
from .core.diagnostics import Diagnostics
from .core.source import SourceFile
from .semantics.boards import check_boards
from .semantics.compilation import Compilation
from .semantics.forced import check_square_events
from .semantics.given import check_given
from .semantics.perches import check_perches
from .semantics.play import check_play
from .semantics.resolve import build_symbols, link_bases, resolve_game
from .semantics.schema import validate_game
from .syntax import ast
from .syntax.cache import ParseCache
from .syntax.carddata import is_card_file, parse_card_file
from .syntax.games import whole_games
from .syntax.load import GameFiles, find_base, load
from .syntax.parse import Parsed, parse_file
from .verify.examples import verify

# told (what, done, total) as the work goes: a progress bar on a terminal (`cli.term`)
Progress = Callable[[str, int, int], None]


def _quiet(what: str, done: int, total: int) -> None:
    """No progress shown."""


def parse_game(game: GameFiles, diags: Diagnostics,
               tick: Callable[[], None] | None = None,
               cache: ParseCache | None = None) -> ast.GameSource:
    """Every file of the game; a file with syntax errors contributes what parsed and is
    listed as unparsed too (what it would have declared may be missing). `tick` is
    called after each file; `cache` keeps each declaration's parse."""
    def parse(src: SourceFile) -> Parsed:
        out = parse_file(src, diags, cache)
        if tick is not None:
            tick()
        return out

    parsed = [(src.path, parse(src)) for src in game.files if not is_card_file(src.path)]
    kinds = {d.id: d for _, p in parsed if p.file is not None for d in p.file.decls
             if isinstance(d, ast.Kind)}  # they type the cells of sheets and YAML
    for src in game.files:
        if is_card_file(src.path):
            parsed.append((src.path, Parsed(parse_card_file(src, diags, kinds), True)))
            if tick is not None:
                tick()
    order = {src.path: i for i, src in enumerate(game.files)}
    parsed.sort(key=lambda item: order[item[0]])
    files = tuple(p.file for _, p in parsed if p.file is not None)
    unparsed = tuple(s.path for s in game.unreadable) + tuple(
        path for path, p in parsed if p.file is None or not p.whole)
    return ast.GameSource(game.folder, files, unparsed)


def _add(result: Compilation, game: GameFiles, tick: Callable[[], None] | None = None,
         cache: ParseCache | None = None) -> None:
    result.sources.update({f.path: f.text for f in game.files + game.unreadable})
    result.file_count += len(game.files) + len(game.unreadable)
    result.games.append(parse_game(game, result.diags, tick, cache))


def _missing_bases(result: Compilation) -> list[tuple[str, Path]]:
    """(base game id, folder of its expansion) for bases named but not loaded."""
    loaded = {d.id for g in result.games for f in g.files for d in f.decls
              if isinstance(d, ast.Game)}
    wanted = []
    for g in result.games:
        for f in g.files:
            for d in f.decls:
                if isinstance(d, ast.Game) and d.base is not None and \
                        d.base.dotted not in loaded:
                    wanted.append((d.base.dotted, Path(g.folder)))
    return wanted


def _override(game: GameFiles, texts: Mapping[str, str]) -> GameFiles:
    """`game` with the files `texts` names (by display path) read from it instead: an
    editor's unsaved text."""
    return replace(game, files=tuple(SourceFile(f.path, texts[f.path].replace("\r\n", "\n"))
                                     if f.path in texts else f for f in game.files))


_P = ParamSpec("_P")


def _without_gc(compile: Callable[_P, Compilation]) -> Callable[_P, Compilation]:
    """`compile` run with Python's cycle collector paused: a model is millions of small
    objects that refer to each other without cycles, and each collection walked them all
    again (a third of a warm 30,000-card check). What few cycles a compile leaves are
    collected when it returns."""
    @wraps(compile)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> Compilation:
        was = gc.isenabled()
        gc.disable()
        try:
            return compile(*args, **kwargs)
        finally:
            if was:
                gc.enable()
    return run


@_without_gc
def compile_paths(paths: list[Path], checks: bool = True,
                  overrides: Mapping[str, str] | None = None,
                  progress: Progress = _quiet,
                  cache: ParseCache | None = None) -> Compilation:
    """Load, parse, resolve and validate; then run the consistency checks.

    An expansion's base game is loaded too when a sibling folder declares it.
    `overrides` (display path -> text) stands in for files on disk: the language server
    compiles what the editor holds. `progress` is told how far each stage is. `cache`
    keeps each declaration's parse (written back once everything is parsed); the result
    is the same with it or without."""
    diags = Diagnostics()
    result = Compilation(diags)
    paths, result.hidden = whole_games(paths)  # a game is checked whole
    games = load(paths, diags)
    total, parsed = sum(len(g.files) for g in games), 0

    def tick() -> None:
        nonlocal parsed
        parsed += 1
        progress("files read", parsed, total)

    progress("files read", 0, total)
    for game in games:
        _add(result, _override(game, overrides or {}), tick, cache)
    for base, folder in _missing_bases(result):
        found = find_base(base, folder)
        if found is not None and all(Path(g.folder) != found for g in result.games):
            for game in load([found], diags):
                _add(result, game, cache=cache)
    if cache is not None:
        cache.save()
    result.models = [build_symbols(g, diags) for g in result.games]
    link_bases(result.models, diags)
    games_total = len(result.models)
    for done, model in enumerate(result.models, start=1):
        resolve_game(model, diags)
        validate_game(model, diags)
        check_play(model, diags)
        check_boards(model, diags)
        check_perches(model, diags)
        check_given(model, diags)
        check_square_events(model, diags)
        progress("games resolved", done, games_total)
    check_outputs(result.models, diags)
    if checks:
        progress("games' examples run", 0, games_total)
        verify(result, lambda done: progress("games' examples run", done, games_total))
        progress("checks run", 0, 1)
        findings, result.suppressed = run_checks(result.models)
        progress("checks run", 1, 1)
        diags.extend(findings)
    return result
