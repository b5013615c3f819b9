"""Source files and spans: where every AST node and diagnostic points."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A region of a source file; lines and columns are 1-based, end exclusive."""

    file: str
    line: int
    col: int
    end_line: int
    end_col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


_SETTERS = tuple(Span.__dict__[name].__set__
                 for name in ("file", "line", "col", "end_line", "end_col"))


def _span_init(self: Span, file: str, line: int, col: int, end_line: int,
               end_col: int) -> None:
    """The spans' constructor (the compiler makes them by the hundred thousand): each field
    set through its slot, where a frozen dataclass's own `__init__` calls
    `object.__setattr__` by name for each; the same instance, a quarter faster."""
    set_file, set_line, set_col, set_end_line, set_end_col = _SETTERS
    set_file(self, file)
    set_line(self, line)
    set_col(self, col)
    set_end_line(self, end_line)
    set_end_col(self, end_col)


Span.__init__ = _span_init  # type: ignore[method-assign]


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A decoded `.ludex` file; `path` is as given on the command line."""

    path: str
    text: str

    def line(self, number: int) -> str:
        lines = self.text.split("\n")  # as the lexer counts lines
        return lines[number - 1] if 0 < number <= len(lines) else ""

    def span(self, line: int, col: int, end_line: int | None = None,
             end_col: int | None = None) -> Span:
        return Span(self.path, line, col, end_line or line, end_col or col + 1)


def display_path(path: Path) -> str:
    """A stable, relative-where-possible path for diagnostics and output.

    The real path string (it is a key): renderers make names visible, not this. A
    path that cannot be resolved (a link loop, a vanished working folder) is kept
    as given."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):
        return path.as_posix()
