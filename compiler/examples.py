"""Run the books' worked examples against the generated engines.

Each game's engine is generated in memory (the same code `ludex build`
writes), imported under a private package name, and every example is run on
a fresh game (seed 0, its enclosing modes and variants in play): its `given:`
start state, its `actions:`, then its `expect:` lines. An example without
actions or expectations is prose only and is counted, not run.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from . import ast
from .driver import Compilation
from .emit.to_python import emit_game
from .resolve import GameModel
from .runtime import Game, RuleError
from .source import Span

PASS, FAIL, PROSE = "pass", "fail", "prose only"


@dataclass(frozen=True, slots=True)
class ExampleResult:
    game: str
    example: str  # the qualified name
    title: str | None
    status: str  # pass | fail | prose only
    message: str
    span: Span

    @property
    def passed(self) -> bool:
        return self.status == PASS


class _Sources(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports a generated package from its source texts, without touching the disk."""

    def __init__(self, package: str, files: Mapping[str, str]) -> None:
        self.package = package
        self.files = {(package if n == "__init__.py" else f"{package}.{n[:-3]}"): (n, t)
                      for n, t in files.items()}

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.files:
            return None
        return importlib.util.spec_from_loader(fullname, self,
                                               is_package=fullname == self.package)

    def exec_module(self, module: ModuleType) -> None:
        name, text = self.files[module.__name__]
        exec(compile(text, f"<generated {self.package}/{name}>", "exec"), module.__dict__)


def load_engine(files: Mapping[str, str], label: str) -> ModuleType:
    """Import a generated package (its files by name) under a private, content-named package."""
    digest = hashlib.sha256("\0".join(f"{k}\0{v}" for k, v in sorted(files.items()))
                            .encode()).hexdigest()[:12]
    package = f"_ludex_engine_{label}_{digest}"
    if package in sys.modules:
        return sys.modules[package]
    finder = _Sources(package, files)
    sys.meta_path.insert(0, finder)
    try:
        return importlib.import_module(package)
    finally:
        sys.meta_path.remove(finder)


def engine_of(model: GameModel, sources: Mapping[str, str] | None = None) -> ModuleType:
    return load_engine(emit_game(model, sources), model.name)


def run_game(model: GameModel, sources: Mapping[str, str] | None = None) -> list[ExampleResult]:
    """Every example of one game, run (or counted as prose only), in source order."""
    examples = [s for s in model.symbols.values() if isinstance(s.decl, ast.Example)]
    if not examples:
        return []
    defs = engine_of(model, sources).DEFINITIONS
    results = []
    for sym in examples:
        spec = defs.examples[sym.qualname]
        if spec.run is None:
            results.append(ExampleResult(model.name, sym.qualname, sym.decl.title, PROSE,
                                         "prose only: no actions or expectations",
                                         sym.decl.span))
            continue
        status, message = _run(defs, spec)
        results.append(ExampleResult(model.name, sym.qualname, sym.decl.title, status,
                                     message, sym.decl.span))
    return results


def _run(defs: Any, spec: Any) -> tuple[str, str]:
    options = [o for o in spec.scope if o not in defs.default_options]
    game = Game(defs, seed=0, options=options)
    try:
        expectations = spec.run(game)
    except RuleError as err:
        return FAIL, f"the actions stopped: {type(err).__name__}: {err}"
    failed = [e for e in expectations if not e.ok]
    if failed:
        return FAIL, "; ".join(f"expected `{e.text}`, got {e.got}" for e in failed)
    return PASS, f"{len(expectations)} expectation{'s' * (len(expectations) != 1)} met"


def example_results(comp: Compilation) -> list[ExampleResult]:
    """Every example of every game: passed, failed or prose only."""
    return [r for model in comp.models for r in run_game(model, comp.sources)]


def run_examples(comp: Compilation) -> list[ExampleResult]:
    """The examples that run (executable ones), with `passed` and a message."""
    return [r for r in example_results(comp) if r.status != PROSE]
