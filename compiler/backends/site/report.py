"""The consistency report and the figures that sum a game up.

A game's report groups its findings by the check that made them (each check's
docstring says what it looks for), then the compiler's own diagnostics and the
findings its declarations suppress. The figures (declarations, rules full,
partial or prose, cards, examples and how they fared, findings by severity: the
same numbers `ludex stats` prints) head the home page, the game's
overview and its report. The page of diagnostic codes lists every code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from ...checks import CHECKS, Check
from ...core.codes import CODES, Severity
from ...core.diagnostics import Diagnostic
from ...semantics.resolve import GameModel
from ...syntax import ast
from ..figures import game_stats
from .escape import md
from .links import Site
from .prose import View


@dataclass(frozen=True, slots=True)
class Figures:
    declarations: int
    rules: int
    full: int
    partial: int
    prose: int
    cards: int
    examples: int
    executable: int
    passed: int
    failed: int
    blocked: int
    errors: int
    warnings: int
    notes: int


def figures(site: Site, model: GameModel) -> Figures:
    """The figures `ludex stats` prints (the same function makes both), and the cards
    and open findings."""
    run = model.examples
    stats = game_stats(model, run.results if run is not None else ())
    found = site.findings[id(model)]

    def count(sev: Severity) -> int:
        return sum(1 for d in found if d.severity is sev)

    cards = sum(1 for d in model.decls() if isinstance(d, ast.Instance))
    return Figures(stats.declarations, stats.rules, stats.full, stats.partial,
                   stats.prose_rules, cards, stats.examples, stats.executable_examples,
                   stats.passing, stats.failing, stats.blocked, count(Severity.ERROR),
                   count(Severity.WARNING), count(Severity.NOTE))


def check_of(code: str) -> Check | None:
    return next((c for c in CHECKS if code in c.codes), None)


def check_anchor(code: str) -> str:
    """Where a finding with this code is explained on its game's report."""
    check = check_of(code)
    return f"check-{check.name}" if check else "compiler-diagnostics"


def doc(text: str) -> tuple[str, list[str]]:
    """A check's docstring: its title line and its paragraphs."""
    head, _, rest = text.partition("\n")
    paras = [" ".join(p.split()) for p in re.split(r"\n\s*\n", rest) if p.strip()]
    return head.strip().rstrip("."), paras


def report(view: View) -> dict[str, Any]:
    """The report page's context: checks in severity order with their findings."""
    assert view.model is not None
    found = sorted(view.site.findings[id(view.model)], key=Diagnostic.sort_key)
    checks = []
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}
    for check in sorted(CHECKS, key=lambda c: order[c.severity]):
        title, paras = doc(check.doc)
        rows = [_finding_row(view, d) for d in found if d.code in check.codes]
        checks.append({"anchor": f"check-{check.name}", "title": md(title),
                       "severity": check.severity.value, "codes": ", ".join(check.codes),
                       "doc": [view.prose(p, terms=False) for p in paras], "rows": rows})
    own = {code for c in CHECKS for code in c.codes}
    compiler = [_finding_row(view, d) for d in found if d.code not in own]
    suppressed = [[md(s.finding.code), _decl_link(view, s.decl), md(s.suppression.reason)]
                  for s in view.site.comp.suppressed
                  if view.site.model_of.get(s.suppression.span.file) is view.model]
    return {"checks": checks, "compiler": compiler, "suppressed": suppressed,
            "figures": figures(view.site, view.model)}


def _decl_link(view: View, qualname: str | None) -> Markup:
    sym = view.model.symbols.get(qualname or "") if view.model else None
    return view.link(sym.decl) if sym is not None else md(qualname or "")


def _finding_row(view: View, d: Diagnostic) -> list[Markup]:
    where = f"{d.span.file}:{d.span.line}" if d.span else ""
    message = view.prose(d.message, terms=False)
    if d.hint:
        message += Markup(" <br>") + Markup("<small>") + view.prose(d.hint, terms=False) + \
            Markup("</small>")
    return [md(d.code), _decl_link(view, d.decl), message, md(where)]


def codes() -> dict[str, Any]:
    """The codes page's context: every code, and every check's documentation."""
    rows = []
    for code, (severity, summary) in CODES.items():
        check = check_of(code)
        rows.append({"code": code, "severity": severity.value, "summary": md(summary),
                     "check": check.name if check else ""})
    return {"codes": rows, "checks": [(c.name, *doc(c.doc)) for c in CHECKS]}
