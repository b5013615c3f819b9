"""Per-game figures on the encoding: declarations, how much of the rules the engine
runs, and how the book's worked examples fare (`ludex stats`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..semantics.resolve import GameModel
from ..semantics.results import BLOCKED, FAIL, PASS, PROSE, ExampleResult
from ..syntax import ast
from ..syntax.walk import game_decls, iter_nodes


@dataclass(frozen=True, slots=True)
class GameStats:
    game: str
    declarations: int
    rules: int  # rules, procedure steps and cards with rule clauses (not examples' own)
    full: int  # ... whose every clause runs, doing something more than a trivial step
    partial: int  # ... of which something runs, but not all, or only trivial steps
    prose_steps: int  # steps in words inside rule effects: prose steps, `if "..."`, `require "..."`
    examples: int
    passing: int
    failing: int
    blocked: int  # reached a rule the engine cannot execute
    prose_examples: int

    @property
    def prose_rules(self) -> int:
        return self.rules - self.full - self.partial

    @property
    def executable_examples(self) -> int:
        return self.examples - self.prose_examples

    def lines(self) -> list[str]:
        return [
            f"{self.game}: {self.declarations} declarations",
            f"  rules: {self.rules} ({self.full} full, {self.partial} partial, "
            f"{self.prose_rules} prose; {self.prose_steps} steps in words only)",
            f"  examples: {self.examples} ({self.executable_examples} executable, "
            f"{self.passing} passing, {self.failing} failing, {self.blocked} blocked, "
            f"{self.prose_examples} prose only)",
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


FULL, PARTIAL, PROSE_RULE = "full", "partial", "prose"


def rule_status(clauses: ast.Clauses, limit_enforced: bool = False) -> str:
    """Full: every clause runs and the rule does something more than a trivial step.
    Partial: something runs, but a step is stated in words, or all it does is trivial
    (`log`, `discard self`, `pay 0`). Prose: nothing runs, which is also the case when its
    condition or its moment (`when:`) is stated in words: the engine never answers such a
    question, so the rule cannot run at all, whatever its effect. `limit_enforced`: the
    rule's `limit:` is one the engine applies whether or not the rule runs (see
    `enforced_limit`), which counts as a clause that runs. A condition in words may be a
    part of one (`x and "..."`); a step whose condition is in words is a step in words."""
    if words(clauses.condition) or (clauses.when is not None and clauses.when.kind == "text"):
        return PROSE_RULE
    nodes = [n for s in clauses.cost + clauses.effect for n in iter_nodes(s)]
    statements = [n for n in nodes if type(n) in _STATEMENTS]
    substantive = limit_enforced or \
        any(not isinstance(n, _CONTAINERS) and not _trivial(n) for n in statements)
    condition = clauses.condition is not None
    if substantive and not any(isinstance(n, ast.ProseStep) or _worded(n) for n in nodes):
        return FULL
    return PARTIAL if statements or condition or limit_enforced else PROSE_RULE


def words(e: ast.Expr | None) -> bool:
    """Whether a condition is (in part) stated in words: a text where a truth is wanted,
    alone or under `and`, `or`, `not`. The engine never answers words (`g.words`): a rule
    whose condition holds them never runs its effect past them."""
    if isinstance(e, ast.StrLit):
        return True
    if isinstance(e, ast.Unary) and e.op == "not":
        return words(e.operand)
    if isinstance(e, ast.Binary) and e.op in ("and", "or"):
        return words(e.left) or words(e.right)
    return False


def _worded(n: object) -> bool:
    """A step whose own condition is in words (`if "...":`, `require "..."`): a step in
    words, as a prose step is."""
    return isinstance(n, (ast.If, ast.Require)) and words(n.condition)


def enforced_limit(model: GameModel, clauses: ast.Clauses) -> bool:
    """Whether the engine applies the rule's `limit:` on its own: `max N in zone` where
    the zone holds N at most (`capacity: N`), which every move into it obeys (the zone's
    `overflow:` says what goes). A use limit (`once per round`) limits only the rule's
    own uses, so it runs only with what the rule does."""
    limit = clauses.limit
    zone = model.targets.get(limit.max_in) if limit is not None and limit.max_in else None
    return isinstance(zone, ast.Zone) and zone.capacity is not None and \
        limit is not None and limit.count is not None and zone.capacity == limit.count


def _trivial(n: object) -> bool:
    """A step that changes nothing a player would notice."""
    if isinstance(n, ast.Log):
        return True
    if isinstance(n, ast.Discard):
        return isinstance(n.what, ast.Ref) and n.what.parts == ("self",)
    return isinstance(n, ast.Pay) and isinstance(n.amount, ast.IntLit) and n.amount.value == 0


_STATEMENTS = frozenset(t for t in ast.STATEMENTS if t is not ast.ProseStep)
# Statements that only hold others: they count by what they hold (`iter_nodes` walks in).
_CONTAINERS = (ast.If, ast.ForEach, ast.Choose, ast.Option, ast.ChooseFrom, ast.May, ast.ActAs)


def game_stats(model: GameModel, results: Iterable[ExampleResult]) -> GameStats:
    """The figures of one game; rules an example declares for itself are not the book's."""
    book = [s for s in model.symbols.values()
            if not any(isinstance(a.decl, ast.Example) for a in s.ancestors())]
    found = [(s.decl, rule_clauses(s.decl)) for s in book]
    rules = [c for _, c in found if c is not None]
    # a rule that orders the rules of a moment (`order: chosen`) runs as the engine applies it
    ordering = [d.prop("order") is not None or d.prop("holds") is not None
                for d, c in found if c is not None]  # and one that holds always (`holds:`)
    prose = sum(1 for c in rules for s in c.cost + c.effect for n in iter_nodes(s)
                if isinstance(n, ast.ProseStep) or _worded(n))
    status = [r.status for r in results if r.game == model.name]
    declarations = sum(1 for _ in game_decls(model.source))  # as `ludex check` counts
    kinds = [rule_status(c, enforced_limit(model, c) or o) for c, o in zip(rules, ordering,
                                                                           strict=True)]
    return GameStats(model.name, declarations, len(rules), kinds.count(FULL),
                     kinds.count(PARTIAL), prose, len(status), status.count(PASS),
                     status.count(FAIL), status.count(BLOCKED), status.count(PROSE))
