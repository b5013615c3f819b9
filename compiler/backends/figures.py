"""Per-game figures on the encoding: declarations, how much of the rules the engine
runs, and how the book's worked examples fare (`ludex stats`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..semantics.resolve import GameModel
from ..semantics.results import FAIL, PASS, PROSE, ExampleResult
from ..syntax import ast
from ..syntax.walk import game_decls, iter_nodes


@dataclass(frozen=True, slots=True)
class GameStats:
    game: str
    declarations: int
    rules: int  # rules, procedure steps and cards with rule clauses (not examples' own)
    executable: int  # ... with at least one statement or condition the engine runs
    prose_steps: int  # statements stated in words only, inside rule effects
    examples: int
    passing: int
    failing: int
    prose_examples: int

    @property
    def prose_rules(self) -> int:
        return self.rules - self.executable

    @property
    def executable_examples(self) -> int:
        return self.examples - self.prose_examples

    def lines(self) -> list[str]:
        return [
            f"{self.game}: {self.declarations} declarations",
            f"  rules: {self.rules} ({self.executable} with executable effects, "
            f"{self.prose_rules} prose only; {self.prose_steps} steps in words only)",
            f"  examples: {self.examples} ({self.executable_examples} executable, "
            f"{self.passing} passing, {self.failing} failing, {self.prose_examples} prose only)",
        ]


def rule_clauses(decl: ast.Decl) -> ast.Clauses | None:
    """The clauses of a declaration the engine compiles to rule functions."""
    clauses = getattr(decl, "clauses", None)
    if not isinstance(clauses, ast.Clauses):
        return None
    if isinstance(decl, (ast.Rule, ast.Step)) or (isinstance(decl, ast.Instance)
                                                 and not clauses.empty):
        return clauses
    return None


def executable(clauses: ast.Clauses) -> bool:
    """Something the engine runs: a statement that is not prose, or a checkable condition."""
    statements = [n for s in clauses.cost + clauses.effect for n in iter_nodes(s)]
    runs = any(not isinstance(n, ast.ProseStep) and hasattr(n, "span") and
               type(n).__name__ in _STATEMENTS for n in statements)
    condition = clauses.condition is not None and not isinstance(clauses.condition, ast.StrLit)
    return runs or condition


_STATEMENTS = frozenset(t.__name__ for t in ast.STATEMENTS if t is not ast.ProseStep)


def game_stats(model: GameModel, results: Iterable[ExampleResult]) -> GameStats:
    """The figures of one game; rules an example declares for itself are not the book's."""
    book = [s for s in model.symbols.values()
            if not any(isinstance(a.decl, ast.Example) for a in s.ancestors())]
    rules = [c for c in (rule_clauses(s.decl) for s in book) if c is not None]
    prose = sum(1 for c in rules for s in c.cost + c.effect for n in iter_nodes(s)
                if isinstance(n, ast.ProseStep))
    status = [r.status for r in results if r.game == model.name]
    declarations = sum(1 for _ in game_decls(model.source))  # as `ludex check` counts
    return GameStats(model.name, declarations, len(rules),
                     sum(1 for c in rules if executable(c)), prose, len(status),
                     status.count(PASS), status.count(FAIL), status.count(PROSE))
