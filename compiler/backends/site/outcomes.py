"""How each worked example fared, keyed `game/qualname`.

Outcomes come from each model's run (`model.examples`, filled once per compilation by
the `verify` stage, the same run `ludex check` reports): passed or failed with its
message, or "not run" with the reason when the game's engine does not load. A `W614`
finding marks an example failed, with the finding's message; prose-only examples show
as such.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...core.codes import Code
from ...core.diagnostics import Diagnostic
from ...semantics.compilation import Compilation
from ...semantics.resolve import GameModel, Symbol
from ...semantics.results import PROSE
from ...syntax import ast


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
        failing = {d.decl: d.message for d in findings[id(model)] if d.code == Code.EXAMPLE_FAILS}
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
    ran: dict[str, Outcome] = {}
    for run in (m.examples for m in comp.models if m.examples is not None):
        for r in run.results:
            if r.status == PROSE:
                continue
            ran[f"{r.game}/{r.example}"] = Outcome("not run", run.engine_error) \
                if run.engine_error else Outcome("passed" if r.passed else "failed", r.message)
    return ran
