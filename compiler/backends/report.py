"""Reports of a check run: text for people, JSON for tools, SARIF for code
scanning, Markdown for the site, GitHub workflow commands for annotations.

`at_least` keeps the findings at a minimum severity (`--min-severity`), whatever the
format; a report (its summary too) then shows only those.

The JSON report follows `ludex/schemas/report.schema.json` (versioned by its
`version` field); SARIF output follows SARIF 2.1.0. Every text from the input is
shown through `diagnostics.visible` (messages, hints and declaration names are
made visible when a diagnostic is created; paths and suppression reasons here),
in SARIF a path is a percent-encoded URI, and Markdown cells carry no markup or HTML.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from .. import __version__
from ..checks import CHECKS
from ..core.codes import CODES, Severity
from ..core.diagnostics import Diagnostic, render, visible, where
from ..semantics.compilation import Compilation, Suppressed

REPORT_VERSION = 1
SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}
SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}


@dataclass(frozen=True, slots=True)
class Summary:
    errors: int
    warnings: int
    notes: int
    files: int
    declarations: int
    suppressed: int

    def line(self) -> str:
        def n(count: int, word: str) -> str:
            return f"{count} {word}{'s' * (count != 1)}"

        return (f"{n(self.errors, 'error')}, {n(self.warnings, 'warning')}, "
                f"{n(self.notes, 'note')}, {self.files} files, "
                f"{self.declarations} declarations" +
                (f", {self.suppressed} suppressed" if self.suppressed else ""))


def summary(comp: Compilation, findings: Sequence[Diagnostic]) -> Summary:
    def count(sev: Severity) -> int:
        return sum(1 for d in findings if d.severity is sev)

    return Summary(count(Severity.ERROR), count(Severity.WARNING), count(Severity.NOTE),
                   comp.file_count, comp.declaration_count, len(comp.suppressed))


def ordered(findings: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Grouped by file, then severity, then position."""
    def key(d: Diagnostic) -> tuple[str, int, int, int, str]:
        span = d.span
        return (span.file if span else "", SEVERITY_ORDER[d.severity],
                span.line if span else 0, span.col if span else 0, d.code)

    return sorted(findings, key=key)


SEVERITY_NAMES = {"note": Severity.NOTE, "warning": Severity.WARNING, "error": Severity.ERROR}


def at_least(findings: Iterable[Diagnostic], minimum: str) -> list[Diagnostic]:
    """The findings at `minimum` ("note", "warning" or "error") or more severe."""
    cut = SEVERITY_ORDER[SEVERITY_NAMES[minimum]]
    return [d for d in findings if SEVERITY_ORDER[d.severity] <= cut]


def _check_name(code: str) -> str:
    return next((c.name for c in CHECKS if code in c.codes), "compiler")


# ---------------------------------------------------------------- text


def to_text(comp: Compilation, findings: Sequence[Diagnostic], limit: int | None,
            notes: bool = False, summary_line: bool = True) -> str:
    items = [d for d in ordered(findings) if notes or d.severity is not Severity.NOTE]
    shown = items if limit is None else items[:limit]
    out = [render(d, comp.sources) for d in shown]
    if len(items) > len(shown):
        out.append(f"... and {len(items) - len(shown)} more")
    for s in comp.suppressed:
        out.append(f"suppressed {s.finding.code} at `{visible(s.decl)}` "
                   f"({where(s.suppression.span)}): {visible(s.suppression.reason)}")
    if summary_line:
        out.append(summary(comp, findings).line())
    return "\n".join(out) + "\n" if out else ""


# ---------------------------------------------------------------- JSON


def _span(d: Diagnostic) -> dict[str, Any]:
    s = d.span
    if s is None:
        return {"file": None, "line": None, "col": None, "end_line": None, "end_col": None}
    return {"file": visible(s.file), "line": s.line, "col": s.col, "end_line": s.end_line,
            "end_col": s.end_col}


def _finding_json(d: Diagnostic) -> dict[str, Any]:
    return {"code": d.code, "severity": d.severity.value, "check": _check_name(d.code),
            "message": d.message, "hint": d.hint, "declaration": d.decl, **_span(d)}


def _suppressed_json(s: Suppressed) -> dict[str, Any]:
    return {"code": s.finding.code, "declaration": visible(s.decl),
            "reason": visible(s.suppression.reason),
            "file": visible(s.suppression.span.file), "line": s.suppression.span.line,
            "finding": _finding_json(s.finding)}


def to_json(comp: Compilation, findings: Sequence[Diagnostic]) -> str:
    s = summary(comp, findings)
    data = {
        "format": "ludex-report", "version": REPORT_VERSION, "ludex": __version__,
        "summary": {"errors": s.errors, "warnings": s.warnings, "notes": s.notes,
                    "files": s.files, "declarations": s.declarations,
                    "suppressed": s.suppressed},
        "checks": [{"name": c.name, "codes": list(c.codes), "severity": c.severity.value,
                    "doc": c.doc} for c in CHECKS],
        "findings": [_finding_json(d) for d in ordered(findings)],
        "suppressions": [_suppressed_json(x) for x in comp.suppressed],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------- SARIF


def _rules() -> list[dict[str, Any]]:
    rules = []
    for code, (sev, title) in CODES.items():
        check = next((c for c in CHECKS if code in c.codes), None)
        rule: dict[str, Any] = {
            "id": code, "name": check.name if check else "compiler",
            "shortDescription": {"text": title},
            "defaultConfiguration": {"level": SARIF_LEVEL[sev]},
        }
        if check is not None:
            rule["fullDescription"] = {"text": check.doc}
        rules.append(rule)
    return rules


def _uri(path: str) -> str:
    """A path as a relative URI; bytes a file name held that are not UTF-8 kept as such."""
    return quote(path, safe="/", errors="surrogateescape")


def _result(d: Diagnostic, suppression: Suppressed | None = None) -> dict[str, Any]:
    result: dict[str, Any] = {"ruleId": d.code, "level": SARIF_LEVEL[d.severity],
                              "message": {"text": d.message + (f" ({d.hint})" if d.hint
                                                               else "")}}
    location: dict[str, Any] = {}
    if d.span is not None and d.span.line > 0:
        location["physicalLocation"] = {
            "artifactLocation": {"uri": _uri(d.span.file)},
            "region": {"startLine": d.span.line, "startColumn": max(1, d.span.col),
                       "endLine": max(d.span.line, d.span.end_line),
                       "endColumn": max(1, d.span.end_col)},
        }
    if d.decl:
        location["logicalLocations"] = [{"fullyQualifiedName": d.decl}]
    if location:
        result["locations"] = [location]
    if suppression is not None:
        result["suppressions"] = [{"kind": "inSource",
                                   "justification": visible(suppression.suppression.reason)}]
    return result


def to_sarif(comp: Compilation, findings: Sequence[Diagnostic]) -> str:
    results = [_result(d) for d in ordered(findings)]
    results += [_result(s.finding, s) for s in comp.suppressed]
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "ludex", "version": __version__,
                                "rules": _rules()}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------- GitHub


def _command_value(text: str, property_: bool = False) -> str:
    """Text in a workflow command, escaped as the runner reads it (`%`, CR and LF always;
    `:` and `,` in a property too), so a message cannot end its command or start another."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_ else text


def to_github(comp: Compilation, findings: Sequence[Diagnostic]) -> str:
    """One `::error`/`::warning`/`::notice` workflow command per finding (GitHub shows them
    as annotations on the pull request), then the summary line."""
    out = []
    for d in ordered(findings):
        level = {Severity.ERROR: "error", Severity.WARNING: "warning",
                 Severity.NOTE: "notice"}[d.severity]
        props = [f"title={_command_value(f'{d.code} {CODES[d.code][1]}', True)}"]
        if d.span is not None and d.span.line > 0:
            props = [f"file={_command_value(visible(d.span.file), True)}",
                     f"line={d.span.line}", f"col={max(1, d.span.col)}",
                     f"endLine={max(d.span.line, d.span.end_line)}", *props]
        message = d.message + (f" ({d.hint})" if d.hint else "")
        out.append(f"::{level} {','.join(props)}::{_command_value(message)}")
    out.append(summary(comp, findings).line())
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- Markdown


def _md(text: str) -> str:
    """Text inside a Markdown table cell, shown as written: visible, on one line, its
    Markdown signs escaped and its HTML signs entities (no markup, no tag)."""
    text = html.escape(visible(text), quote=False)
    text = re.sub(r"([\\`*_{}\[\]()#+!|])", r"\\\1", text)
    return text.replace("~", "&#126;")


def to_markdown(comp: Compilation, findings: Sequence[Diagnostic]) -> str:
    s = summary(comp, findings)
    out = ["# Consistency report", "", s.line(), ""]
    by_code: dict[str, list[Diagnostic]] = {}
    for d in ordered(findings):
        by_code.setdefault(d.code, []).append(d)
    for code in sorted(by_code, key=lambda c: (SEVERITY_ORDER[CODES[c][0]], c)):
        items = by_code[code]
        out += [f"## {code}: {CODES[code][1]} ({len(items)})", "",
                "| where | declaration | finding |", "|---|---|---|"]
        for d in items:
            where = f"{d.span.file}:{d.span.line}" if d.span else ""
            out.append(f"| {_md(where)} | {_md(d.decl or '')} | {_md(d.message)} |")
        out.append("")
    if comp.suppressed:
        out += ["## Suppressed", "", "| code | declaration | reason |", "|---|---|---|"]
        out += [f"| {x.finding.code} | {_md(x.decl)} | {_md(x.suppression.reason)} |"
                for x in comp.suppressed]
        out.append("")
    return "\n".join(out)
