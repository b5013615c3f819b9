"""Consistency checks: what the rulebook contradicts, miscounts or leaves open.

Each check is a module with a stable code, a severity (in `CODES`), a docs
paragraph (its docstring) and a `check(model)` function returning findings.
`CHECKS` is the ordered tuple the driver runs. A finding is suppressed by
`suppress CODE "reason"` on the declaration it concerns or on any enclosing one;
suppressions are listed in every report.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from types import ModuleType

from ..core.codes import CODES, Code, Severity
from ..core.diagnostics import Diagnostic
from ..semantics.compilation import Suppressed
from ..semantics.resolve import GameModel
from ..syntax import ast
from . import (
    cross_reference,
    cut_off,
    definitions,
    duplicate_rule,
    examples,
    manifest_count,
    manifest_totals,
    missing_part,
    name_clash,
    near_miss,
    notes_and_rulings,
    placeholders,
    repeated_text,
    restatement,
    shadowing,
    term_names,
    undefined_term,
    unlisted_component,
    unused,
)


@dataclass(frozen=True, slots=True)
class Check:
    codes: tuple[str, ...]
    name: str
    doc: str
    run: Callable[[GameModel], Iterable[Diagnostic]]

    @property
    def severity(self) -> Severity:
        return CODES[self.codes[0]][0]


def _check(module: ModuleType) -> Check:
    return Check(tuple(module.CODES), module.__name__.rsplit(".", 1)[-1],
                 inspect.cleandoc(module.__doc__ or ""), module.check)


CHECKS: tuple[Check, ...] = tuple(_check(m) for m in (
    manifest_count, missing_part, restatement, cross_reference, undefined_term, near_miss,
    name_clash, duplicate_rule, unused, notes_and_rulings, examples, cut_off,
    repeated_text, placeholders, term_names, unlisted_component, definitions,
    manifest_totals, shadowing,
))


def run_checks(models: Iterable[GameModel]) -> tuple[list[Diagnostic], list[Suppressed]]:
    """All findings of all checks, minus the suppressed ones (returned apart); a
    suppression that accepted no finding is itself a finding (W619), so that one left
    behind by a fix cannot hide the next finding of its code."""
    findings: list[Diagnostic] = []
    suppressed: list[Suppressed] = []
    for model in models:
        for check in CHECKS:
            for finding in check.run(model):
                hit = _suppression(model, finding)
                if hit is None:
                    findings.append(finding)
                else:
                    suppressed.append(Suppressed(finding, hit[0], hit[1]))
    for qualname, sup in unused_suppressions(models, suppressed):
        findings.append(Diagnostic(
            Code.UNUSED_SUPPRESSION, f"`suppress {sup.code}` at `{qualname}` suppresses "
            "nothing", sup.span, "remove it: the finding it accepted is no longer made",
            qualname))
    return findings, suppressed


def _suppression(model: GameModel, finding: Diagnostic) -> tuple[ast.Suppression, str] | None:
    sym = model.symbols.get(finding.decl or "")
    for node in sym.ancestors() if sym else ():
        for sup in node.decl.suppressions:
            if sup.code == finding.code:
                return sup, node.qualname
    return None


def unused_suppressions(models: Iterable[GameModel],
                        suppressed: Iterable[Suppressed]) -> Iterator[tuple[str, ast.Suppression]]:
    used = {id(s.suppression) for s in suppressed}
    for model in models:
        for sym in model.symbols.values():
            for sup in sym.decl.suppressions:
                if id(sup) not in used:
                    yield sym.qualname, sup
