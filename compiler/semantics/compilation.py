"""What a compilation holds once the front end and the checks have run: the sources
read, the parsed games, their resolved models, every diagnostic and the findings that
suppressions set aside. Every later stage reads it; the pipeline fills it."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.diagnostics import Diagnostic, Diagnostics
from ..syntax import ast
from .resolve import GameModel


@dataclass(frozen=True, slots=True)
class Suppressed:
    """A finding a `suppress CODE "reason"` accepted where it stands."""

    finding: Diagnostic
    suppression: ast.Suppression
    decl: str


@dataclass
class Compilation:
    diags: Diagnostics
    sources: dict[str, str] = field(default_factory=dict)
    games: list[ast.GameSource] = field(default_factory=list)
    models: list[GameModel] = field(default_factory=list)
    suppressed: list[Suppressed] = field(default_factory=list)
    file_count: int = 0
    # each game's engine package, `{file name: text}` by game folder: emitted once, by
    # whichever stage needs it first (the examples' run or the build), and reused
    engines: dict[str, dict[str, str]] = field(default_factory=dict)
    # files loaded only to check a game whole: no finding in them is reported
    hidden: frozenset[str] = frozenset()

    def reports(self, finding: Diagnostic) -> bool:
        """Whether the finding is in a file the command was asked about."""
        return finding.span is None or finding.span.file not in self.hidden

    @property
    def declaration_count(self) -> int:
        return sum(_count(d) for g in self.games for f in g.files for d in f.decls)


def _count(decl: ast.Decl) -> int:
    return 1 + sum(_count(c) for c in decl.children)
