"""What every generated file of a game shares: the game being compiled (`Unit`), and
small helpers that turn declarations into keyword arguments of runtime records."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any

from ...core.vocabulary import OPTION_KEYWORDS
from ...semantics.resolve import GameModel, Symbol
from ...syntax import ast, unparse
from .names import MODULE_NAMES, RESERVED, RUNTIME_NAMES, snake, unique_names
from .pretty import WIDTH, Kw, Py, Str, comment_text, literal
from .statements import GameCode


class Unit:
    """One game being compiled: its model, its code builder, the declarations that
    become functions and the Python names of those functions."""

    def __init__(self, model: GameModel) -> None:
        self.model = model
        self.code = GameCode(model)  # from the AST alone: no back end reads source text
        syms = list(model.symbols.values())
        self.rule_syms = [s for s in syms if clauses_of(s.decl) is not None]
        self.tables = [s for s in syms if isinstance(s.decl, ast.Table)]
        self.tracks = [s for s in syms if isinstance(s.decl, ast.Track)]
        self.procedures = [s for s in syms if isinstance(s.decl, ast.Procedure)]
        self.examples = [s for s in syms if isinstance(s.decl, ast.Example)]
        self.fn = unique_names([s.qualname for s in self.rule_syms + self.tables + self.tracks
                                + self.procedures], snake)
        self.instances = [(s, self.kind_of(s)) for s in syms if isinstance(s.decl, ast.Instance)]
        # each card, hero or token of the catalog: its constant in `catalog.py`, by which
        # the other modules name it (`catalog.AKIRA.id`)
        self.code.constants = unique_names(
            [s.qualname for s, kind in self.instances if kind is not None],
            lambda t: snake(t).upper(), RESERVED | RUNTIME_NAMES | MODULE_NAMES)

    def qual(self, decl: ast.Decl) -> str:
        return self.code.qual(decl)

    def named(self, decl: ast.Decl) -> Py:
        """A declaration by its qualified name: a catalog constant's id, else a literal."""
        return self.code.named(decl)

    def name_of(self, qualname: str) -> Py:
        """`named`, for a qualified name."""
        return self.code.name_of(qualname)

    def function(self, name: str, returns: str, body: list[str]) -> str:
        """A function of the game and its context, as generated rules are."""
        return f"def {name}(g: Game, ctx: Ctx) -> {returns}:\n" + "\n".join(body)

    def kind_of(self, sym: Symbol) -> ast.Kind | None:
        """The kind an instance belongs to, looked up from where it is declared."""
        for scope in sym.ancestors():
            if scope is sym:
                continue
            found = scope.children.get(sym.decl.keyword)
            if found is not None and isinstance(found.decl, ast.Kind):
                return found.decl
        return None


def options_of(sym: Symbol) -> tuple[str, ...]:
    """The modules, modes, variants... enclosing a declaration, outermost first."""
    found = [s.qualname for s in sym.ancestors() if s is not sym and s.qualname
             and isinstance(s.decl, ast.Container) and s.decl.keyword in OPTION_KEYWORDS]
    return tuple(reversed(found))


def example_of(sym: Symbol) -> str | None:
    """The worked example a declaration is declared in, if any (a rule an example
    declares is in play in that example only)."""
    return next((s.qualname for s in sym.ancestors() if s is not sym
                 and isinstance(s.decl, ast.Example)), None)


def clauses_of(decl: ast.Decl) -> ast.Clauses | None:
    """The clauses of a rule, a step, or a card that has rule clauses."""
    clauses = getattr(decl, "clauses", None)
    if isinstance(decl, (ast.Rule, ast.Step)) or (isinstance(decl, ast.Instance)
                                                 and clauses is not None and not clauses.empty):
        return clauses if isinstance(clauses, ast.Clauses) else None
    return None


def comment(sym: Symbol, indent: int = 0) -> str:
    """`# qualname: Title (file:line)`, whole. When that line is too long the title goes
    on comment lines of its own below, wrapped, and the path stays whole. The title and
    the file name are input, so they are escaped to printable text (`comment_text`)."""
    decl = sym.decl
    pad = " " * indent
    where = comment_text(f"({decl.span.file}:{decl.span.line})")
    title = comment_text(decl.title) if decl.title else ""
    one = f"{pad}# {sym.qualname}" + (f": {title}" if title else "") + f" {where}"
    if len(one) <= WIDTH:
        return one
    head = f"{pad}# {sym.qualname} {where}"
    lines = [head] if len(head) <= WIDTH else [f"{pad}# {sym.qualname}", f"{pad}# {where}"]
    room = max(WIDTH - indent - 2, 20)
    lines += [f"{pad}# {part}" for part in textwrap.wrap(title, room, break_on_hyphens=False)]
    # a path longer than a line stays whole: that line is let through the length rule
    return "\n".join(line if len(line) <= WIDTH else line + "  # noqa: E501" for line in lines)


def kwargs(**items: Py | None) -> tuple[Py, ...]:
    """Keyword arguments, leaving out the ones at their default (None)."""
    return tuple(Kw(k, v) for k, v in items.items() if v is not None)


def opt_str(value: str | None) -> Py | None:
    return Str(value) if value is not None else None


def names(values: Iterable[str]) -> Py | None:
    values = tuple(values)
    return literal(values) if values else None


def items(e: ast.Expr | None) -> list[ast.Expr]:
    """The items of a list value; a range of numbers counted out; a single value alone."""
    if e is None:
        return []
    if isinstance(e, ast.ListLit):
        return list(e.items)
    if isinstance(e, ast.RangeLit) and isinstance(e.lo, ast.IntLit) and \
            isinstance(e.hi, ast.IntLit):
        return [ast.IntLit(e.span, n) for n in range(e.lo.value, e.hi.value + 1)]
    return [e]


def plain(e: ast.Expr) -> Any:
    """A literal's value; a name stays its name."""
    if isinstance(e, (ast.IntLit, ast.StrLit, ast.BoolLit)):
        return e.value
    if isinstance(e, ast.Ref):
        return e.dotted
    if isinstance(e, ast.Unary) and e.op == "-" and isinstance(e.operand, ast.IntLit):
        return -e.operand.value
    if isinstance(e, ast.ListLit):
        return tuple(plain(i) for i in e.items)
    return unparse.expr(e)


def bounds(r: ast.RangeLit | None) -> tuple[int | str | None, int | str | None]:
    if r is None:
        return None, None
    return plain(r.lo), plain(r.hi)
