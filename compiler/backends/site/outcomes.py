"""How each worked example fared, keyed `game/qualname`.

Outcomes come from each model's run (`model.examples`, filled once per compilation by
the `verify` stage, the same run `ludex check` reports): passed or failed with its
message, blocked (its run reached a rule the engine cannot execute) naming that rule,
or "not run" with the reason when the game's engine does not load. A `W614` finding
marks an example failed, a `W617` blocked, with the finding's message; prose-only
examples show as such.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...core.codes import Code
from ...core.diagnostics import Diagnostic
from ...semantics.compilation import Compilation
from ...semantics.resolve import GameModel, Symbol
from ...semantics.results import BLOCKED, PASS, PROSE
from ...syntax import ast


@dataclass(frozen=True, slots=True)
class Outcome:
    status: str  # passed | failed | blocked | not run | executable | prose only
    detail: str = ""


def example_key(model: GameModel, sym: Symbol) -> str:
    return f"{model.name}/{sym.qualname}"


def outcomes(comp: Compilation, findings: dict[int, list[Diagnostic]]) -> dict[str, Outcome]:
    """Every example of every game -> its outcome (`findings` by id of the game model)."""
    ran = _run_examples(comp)
    for model in comp.models:
        found = {code: {d.decl: d.message for d in findings[id(model)] if d.code == code}
                 for code in (Code.EXAMPLE_FAILS, Code.EXAMPLE_BLOCKED)}
        for sym, example in _examples(model):
            key = example_key(model, sym)
            if sym.qualname in found[Code.EXAMPLE_FAILS]:
                ran[key] = Outcome("failed", found[Code.EXAMPLE_FAILS][sym.qualname])
            elif sym.qualname in found[Code.EXAMPLE_BLOCKED]:
                ran[key] = Outcome("blocked", found[Code.EXAMPLE_BLOCKED][sym.qualname])
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
            shown = {PASS: "passed", BLOCKED: "blocked"}.get(r.status, "failed")
            ran[f"{r.game}/{r.example}"] = Outcome("not run", run.engine_error) \
                if run.engine_error else Outcome(shown, r.message)
    return ran
