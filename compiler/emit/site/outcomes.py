"""How each worked example fared, keyed `game/qualname`.

Outcomes come from the example runner, `ludex.examples.run_examples(comp)` (objects
with `game`, `example`, the qualified name, `passed` and `message`); without a runner
an example shows as executable or prose only, and a `W614` finding marks it failed.
A runner that breaks shows on the site as "not run" with its error, rather than
stopping the build.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass

from ... import ast
from ...diagnostics import Diagnostic
from ...driver import Compilation
from ...resolve import GameModel, Symbol


@dataclass(frozen=True, slots=True)
class Outcome:
    status: str  # passed | failed | not run | executable | prose only
    detail: str = ""


def example_key(model: GameModel, sym: Symbol) -> str:
    return f"{model.name}/{sym.qualname}"


def outcomes(comp: Compilation, findings: dict[int, list[Diagnostic]]) -> dict[str, Outcome]:
    """Every example of every game -> its outcome (`findings` by id of the game model)."""
    ran = _run_examples(comp)
    for model in comp.models:
        failing = {d.decl: d.message for d in findings[id(model)] if d.code == "W614"}
        for sym, example in _examples(model):
            key = example_key(model, sym)
            if sym.qualname in failing:
                ran[key] = Outcome("failed", failing[sym.qualname])
            elif key not in ran:
                ran[key] = Outcome("executable" if example.executable else "prose only")
    return ran


def _examples(model: GameModel) -> Iterator[tuple[Symbol, ast.Example]]:
    for sym in model.symbols.values():
        if isinstance(sym.decl, ast.Example):
            yield sym, sym.decl


def _run_examples(comp: Compilation) -> dict[str, Outcome]:
    try:
        run = getattr(importlib.import_module("ludex.examples"), "run_examples", None)
    except ImportError:
        return {}
    if not callable(run):
        return {}
    try:
        return {f"{r.game}/{r.example}": Outcome(
            "passed" if r.passed else "failed", str(getattr(r, "message", "") or ""))
            for r in run(comp)}
    except Exception as err:  # shown on every example it concerns, not raised
        problem = Outcome("not run", f"{type(err).__name__}: {err}")
        return {example_key(m, s): problem for m in comp.models for s, e in _examples(m)
                if e.executable}
