"""Diagnostics: structured findings, collected, rendered gcc-style.

Every diagnostic has a stable code (see `CODES`), a severity, a message, the
span it concerns and an optional hint. Stages never raise for bad input: they
append to a `Diagnostics` collection and carry on.

Input text reaches terminals, CI logs and reports only through `visible`: a
diagnostic's message, hint and declaration name are made visible when it is
created, file paths and source lines when it is rendered. So a card key, a
kind or a folder name holding a newline, an ESC or a bidirectional override
cannot forge a CI annotation (`::error file=...::` at the start of a log
line), colour a terminal or reorder what a reviewer reads.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from .codes import CODES, Code, Severity
from .source import Span

# C0 and C1 controls and DEL (every line break `str.splitlines` knows among them:
# \n \r \v \f \x1c-\x1e \x85), the line and paragraph separators, the bidirectional
# controls (U+061C, U+200E/F, U+202A-202E, U+2066-2069) and lone surrogates, which no
# UTF-8 output can encode.
UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
                    r"\ud800-\udfff]")
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if char in _NAMED:
        return _NAMED[char]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, placeholder: str | None = None) -> str:
    """`text` safe on one line of a terminal, a CI log or a report: each unsafe character
    (see `UNSAFE`) as a Python-style escape (`\\n`, `\\x1b`, `\\u2028`), or as
    `placeholder` where columns must keep their width (a source line over its caret)."""
    if placeholder is not None:
        return UNSAFE.sub(placeholder, text)
    return UNSAFE.sub(_escape, text)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: Code
    message: str
    span: Span | None
    hint: str | None = None
    decl: str | None = None  # qualified name of the declaration a finding concerns
    # about how Ludex was run, not about the rules: a PATH argument that cannot be read.
    # The command line writes it to stderr with the usage errors (`cli.common`).
    usage: bool = False

    def __post_init__(self) -> None:
        # every construction path (`Diagnostics.add`, the checks) passes through here
        object.__setattr__(self, "message", visible(self.message))
        if self.hint is not None:
            object.__setattr__(self, "hint", visible(self.hint))
        if self.decl is not None:
            object.__setattr__(self, "decl", visible(self.decl))

    @property
    def severity(self) -> Severity:
        return CODES[self.code][0]

    def sort_key(self) -> tuple[str, int, int, str]:
        if self.span is None:
            return ("", 0, 0, self.code)
        return (self.span.file, self.span.line, self.span.col, self.code)


class Diagnostics:
    """An ordered collection of diagnostics for one run."""

    def __init__(self) -> None:
        self._items: list[Diagnostic] = []

    def add(self, code: Code, message: str, span: Span | None,
            hint: str | None = None, decl: str | None = None, usage: bool = False) -> None:
        if code not in CODES:
            raise KeyError(f"undeclared diagnostic code {code}")
        self._items.append(Diagnostic(code, message, span, hint, decl, usage))

    def extend(self, items: Iterable[Diagnostic]) -> None:
        self._items.extend(items)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(sorted(self._items, key=Diagnostic.sort_key))

    def __len__(self) -> int:
        return len(self._items)

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self._items if d.severity is severity)

    @property
    def has_errors(self) -> bool:
        return self.count(Severity.ERROR) > 0


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """A "did you mean" hint by edit distance, or None when nothing is close."""
    matches = difflib.get_close_matches(name, sorted(set(candidates)), n=1, cutoff=0.75)
    return f"did you mean `{matches[0]}`?" if matches else None


def render(diag: Diagnostic, sources: Mapping[str, str]) -> str:
    """`path:line:col: severity[CODE]: message`, the line, a caret underline, a hint."""
    head = f"{diag.severity.value}[{diag.code}]: {diag.message}"
    if diag.span is None:
        lines = [head]
    else:
        span = diag.span
        lines = [f"{where(span)}: {head}"]
        text = sources.get(span.file)
        if text is not None:
            lines += _excerpt(_line(text, span.line), span)
    if diag.hint:
        lines.append(f"    hint: {diag.hint}")
    return "\n".join(lines)


def where(span: Span) -> str:
    """`path:line:col`, the path made visible (file and folder names may hold anything)."""
    return f"{visible(span.file)}:{span.line}:{span.col}"


EXCERPT_WIDTH = 120  # longer source lines are shown as a window around the span


def _excerpt(src: str, span: Span) -> list[str]:
    """The source line (a window of it, when long) and the underline of the span."""
    shown = visible(src.expandtabs(8), "\ufffd")
    start = len(src[: span.col - 1].expandtabs(8))
    same_line = span.end_line == span.line
    width = max(1, (span.end_col - span.col) if same_line else len(src) - span.col + 1)
    if len(shown) > EXCERPT_WIDTH:
        left = max(0, min(start - 20, len(shown) - EXCERPT_WIDTH))
        cut = shown[left:left + EXCERPT_WIDTH]
        prefix = "..." if left else ""
        shown = prefix + cut + ("..." if left + EXCERPT_WIDTH < len(shown) else "")
        start = start - left + len(prefix)
        width = min(width, EXCERPT_WIDTH - (start - len(prefix)))
    return [f"    {shown}", "    " + " " * start + "^" + "~" * (width - 1)]


def _line(text: str, number: int) -> str:
    """Line `number` as the parser and the JSON reader count lines: by `\n` (or `\r\n`)
    only; a form feed or a U+2028 inside a line does not start another."""
    lines = text.split("\n")
    return lines[number - 1].removesuffix("\r") if 0 < number <= len(lines) else ""


def render_all(diags: Iterable[Diagnostic], sources: Mapping[str, str],
               limit: int | None = 50) -> str:
    """Render every diagnostic, capped at `limit` with "... and N more"."""
    items = list(diags)
    shown = items if limit is None else items[:limit]
    out = [render(d, sources) for d in shown]
    if len(items) > len(shown):
        out.append(f"... and {len(items) - len(shown)} more")
    return "\n".join(out)
