"""The Python engine: one package per game under `generated/<game>/`.

A package holds `catalog.py` (one frozen dataclass per kind, the cards as
immutable instances), `components.py` (stats, decks, zones, dice, the parts
that can be chosen), `rules.py` (one function per rule for its legality
check, cost and effect; procedures as ordered step lists; tables and tracks
with their rows) and `examples.py` (each executable example as a function
returning its expectations), tied together in `__init__.py` with `new_game`.

Jinja2 templates (`templates/python/`) lay out the files; the Python builder
functions below, one per AST node type (`expr_Ref`, `stmt_Gain`, ...), write
the code inside them. Every literal goes through `repr()`, every name through
`unique_names`; lines are kept within 100 columns by a small pretty-printer. The
output depends on the compilation only, so two builds are byte-identical.
Generated code imports `ludex.runtime` and nothing else of ludex.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from .. import __version__, ast, unparse
from ..driver import Compilation
from ..resolve import GameModel, Symbol
from ..runtime.queries import QUERIES, SPECIAL
from ..walk import iter_nodes

WIDTH = 100
OPTION_KEYWORDS = ("module", "mode", "variant", "scenario", "campaign")
BUILTIN_NAMES = frozenset({"self", "target", "owner", "actor", "you"})
RESERVED = frozenset({"g", "ctx", "q", "picked"}) | frozenset(keyword.kwlist) | frozenset(
    keyword.softkwlist)
RUNTIME_NAMES = frozenset({
    "Ctx", "DeckDef", "Definitions", "DieDef", "Duration", "ExampleDef", "Expectation",
    "Game", "Limit", "ProcedureDef", "Record", "Reward", "RuleDef", "StatDef", "TableDef",
    "Timing", "TrackDef", "ZoneDef", "by_name", "ClassVar", "Literal", "Mapping",
    "MappingProxyType", "Chooser", "Iterable", "dataclass",
})

# ================================================================ pretty-printing


class Py:
    """A Python expression, printed on one line when it fits, else broken."""

    prec = 100


@dataclass(frozen=True)
class Atom(Py):
    text: str
    prec: int = 100


@dataclass(frozen=True)
class Str(Py):
    value: str


@dataclass(frozen=True)
class Seq(Py):
    """A call `f(a, b)`, a list `[a, b]` or a tuple `(a,)`."""

    head: str
    items: tuple[Py, ...]
    brackets: str = "()"
    tuple_comma: bool = False


@dataclass(frozen=True)
class Paren(Py):
    inner: Py


@dataclass(frozen=True)
class Kw(Py):
    name: str
    value: Py


@dataclass(frozen=True)
class Op(Py):
    op: str
    parts: tuple[Py, ...]
    prec: int = 0


@dataclass(frozen=True)
class Pre(Py):
    op: str  # "not ", "-", "lambda: "
    operand: Py
    prec: int = 0


def flat(p: Py) -> str:
    if isinstance(p, Atom):
        return p.text
    if isinstance(p, Str):
        return repr(p.value)
    if isinstance(p, Seq):
        inner = ", ".join(flat(i) for i in p.items)
        comma = "," if p.tuple_comma and len(p.items) == 1 else ""
        return f"{p.head}{p.brackets[0]}{inner}{comma}{p.brackets[1]}"
    if isinstance(p, Kw):
        return f"{p.name}={flat(p.value)}"
    if isinstance(p, Paren):
        return f"({flat(p.inner)})"
    if isinstance(p, Op):
        return f" {p.op} ".join(flat(x) for x in p.parts)
    if isinstance(p, Pre):
        return p.op + flat(p.operand)
    raise TypeError(p)


def render(p: Py, indent: int, prefix: str = "", suffix: str = "",
           bracketed: bool = False) -> list[str]:
    """Lines for `prefix + p + suffix` at `indent`, broken inside brackets when too long."""
    pad = " " * indent
    line = pad + prefix + flat(p) + suffix
    if len(line) <= WIDTH:
        return [line]
    if isinstance(p, Seq) and p.items:
        out = [pad + prefix + p.head + p.brackets[0]]
        for item in p.items:
            out += render(item, indent + 4, "", ",", True)
        return out + [pad + p.brackets[1] + suffix]
    if isinstance(p, Kw):
        return render(p.value, indent, prefix + p.name + "=", suffix, bracketed)
    if isinstance(p, Paren):
        inner = render(p.inner, indent + 4, "", "", True)
        return [pad + prefix + "("] + inner + [pad + ")" + suffix]
    if isinstance(p, Pre) and bracketed:
        return render(p.operand, indent, prefix + p.op, suffix, True)
    if isinstance(p, (Str, Op, Pre)) and not bracketed:
        return [pad + prefix + "("] + render(p, indent + 4, "", "", True) + [pad + ")" + suffix]
    if isinstance(p, Str):
        chunks = _chunks(p.value, WIDTH - indent - len(prefix) - len(suffix))
        out = [pad + (prefix if i == 0 else "") + repr(c) for i, c in enumerate(chunks)]
        return out[:-1] + [out[-1] + suffix]
    if isinstance(p, Op):
        out = render(p.parts[0], indent, prefix, "", True)
        for part in p.parts[1:]:
            out += render(part, indent, p.op + " ", "", True)
        return out[:-1] + [out[-1] + suffix]
    return [line + "  # noqa: E501"]


def _chunks(text: str, width: int) -> list[str]:
    """Split a long text at spaces into pieces whose repr() fits `width` columns."""
    width = max(width, 24)
    words = re.findall(r"\S*\s*", text)
    chunks: list[str] = []
    current = ""
    for word in (w for w in words if w):
        while len(repr(word)) > width:
            cut = width - 4
            chunks += [current] if current else []
            current = ""
            chunks.append(word[:cut])
            word = word[cut:]
        if current and len(repr(current + word)) > width:
            chunks.append(current)
            current = ""
        current += word
    return chunks + [current] if current or not chunks else chunks


def call(func: str, *args: Py) -> Seq:
    return Seq(func, tuple(args))


def literal(value: Any) -> Py:
    """A plain value as Python source, through repr()."""
    if isinstance(value, str):
        return Str(value)
    if isinstance(value, tuple):
        return Seq("", tuple(literal(v) for v in value), "()", tuple_comma=True)
    if isinstance(value, list):
        return Seq("", tuple(literal(v) for v in value), "[]")
    return Atom(repr(value))


def paren(p: Py, prec: int) -> Py:
    return Paren(p) if p.prec < prec else p


# ================================================================ names


def snake(text: str) -> str:
    return re.sub(r"\W+", "_", text).strip("_").lower() or "x"


def camel(text: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in snake(text).split("_")) or "X"


def unique_names(qualnames: Iterable[str], style: Callable[[str], str],
                 reserved: frozenset[str] = RESERVED) -> dict[str, str]:
    """A Python name per qualified name: its last part, prefixed by enclosing ids
    only as far as needed to tell it apart; keywords and reserved names get `_`."""
    quals = list(dict.fromkeys(qualnames))
    depth = dict.fromkeys(quals, 1)

    def name(q: str) -> str:
        made = style("_".join(q.split(".")[-depth[q]:]))
        made = "n" + made if made[:1].isdigit() else made
        return made + "_" if made in reserved else made

    while True:
        groups: dict[str, list[str]] = {}
        for q in quals:
            groups.setdefault(name(q), []).append(q)
        clashing = [q for g in groups.values() if len(g) > 1 for q in g
                    if depth[q] < q.count(".") + 1]
        if not clashing:
            break
        for q in clashing:
            depth[q] += 1
    out: dict[str, str] = {}
    taken: set[str] = set()
    for q in quals:
        base = candidate = name(q)
        number = 2
        while candidate in taken:
            candidate, number = f"{base}_{number}", number + 1
        taken.add(candidate)
        out[q] = candidate
    return out


# ================================================================ one game's code


@dataclass
class Env:
    """Names bound inside a function: `for each` variables and `roll ... as`."""

    names: dict[str, str] = field(default_factory=dict)
    chooses: int = 0

    def bind(self, name: str, used: bool) -> tuple[Env, str]:
        py = name if name not in RESERVED else name + "_"
        py = py if used else "_" + py
        return Env({**self.names, name: py}, self.chooses), py


class GameCode:
    """Builds the Python code of one game: a builder per expression and statement node."""

    def __init__(self, model: GameModel, sources: Mapping[str, str] | None = None) -> None:
        self.model = model
        self.sources = dict(sources or {})
        self.here = ""  # the declaration being compiled (names a `choose` for the chooser)

    # ------------------------------------------------------------ references

    def qual(self, decl: ast.Decl) -> str:
        sym = self.model.by_decl.get(id(decl))
        return sym.qualname if sym is not None else decl.id

    def target(self, ref: ast.Ref) -> tuple[ast.Decl | None, tuple[str, ...]]:
        """The declaration a reference names, and the attribute names after it."""
        decl = self.model.targets.get(ref)
        if decl is None:
            return None, ()
        path = self.qual(decl).split(".")
        parts = list(ref.parts)
        for k in range(len(parts), 0, -1):
            if parts[k - 1] == decl.id and parts[:k] == path[-k:]:
                return decl, tuple(parts[k:])
        return decl, tuple(parts[1:])

    def ref(self, ref: ast.Ref, env: Env, soft: bool = False, boolean: bool = False) -> Py:
        head, rest = ref.parts[0], ref.parts[1:]
        if head in env.names:
            return self._attrs(Atom(env.names[head]), rest)
        if head in BUILTIN_NAMES:
            return self._attrs(call("ctx.get" if soft and not rest else "ctx.need", Str(head)),
                               rest)
        decl, attrs = self.target(ref)
        if decl is None:
            return call("g.fact", Str("unresolved"), Str(ref.dotted))
        if isinstance(decl, ast.Stat) and not attrs:
            return call("g.get", self.subject(decl), Str(decl.id))
        if isinstance(decl, ast.Die) and attrs:
            return Str(attrs[0])
        if boolean and not attrs and isinstance(decl, (ast.External, ast.Container)):
            return call("g.holds", Str(self.qual(decl)))
        return self._attrs(Str(self.qual(decl)), attrs)

    def _attrs(self, base: Py, attrs: Iterable[str]) -> Py:
        for attr in attrs:
            base = call("g.get", base, Str(attr))
        return base

    def subject(self, stat: ast.Stat) -> Py:
        return Atom("None") if stat.per is None else Atom("ctx.subject")

    def stat_name(self, ref: ast.Ref) -> str:
        decl, attrs = self.target(ref)
        return attrs[-1] if attrs else (decl.id if decl is not None else ref.parts[-1])

    def owner_and_stat(self, e: ast.Expr, env: Env) -> tuple[Py, str] | None:
        """`herodotus.danger` -> (herodotus, "danger"); a bare stat -> (its subject, name)."""
        if not isinstance(e, ast.Ref):
            return None
        if len(e.parts) > 1 and (e.parts[0] in env.names or e.parts[0] in BUILTIN_NAMES):
            return self.ref(ast.Ref(e.span, e.parts[:-1]), env), e.parts[-1]
        decl, attrs = self.target(e)
        if isinstance(decl, ast.Stat) and not attrs:
            return self.subject(decl), decl.id
        if decl is None or not attrs:
            return None
        return self._attrs(Str(self.qual(decl)), attrs[:-1]), attrs[-1]

    # ------------------------------------------------------------ expressions

    def expr(self, e: ast.Expr, env: Env, soft: bool = False, boolean: bool = False) -> Py:
        builder: Callable[..., Py] = getattr(self, f"expr_{type(e).__name__}")
        return builder(e, env, soft, boolean)

    def expr_IntLit(self, e: ast.IntLit, env: Env, soft: bool, boolean: bool) -> Py:
        return literal(e.value)

    def expr_StrLit(self, e: ast.StrLit, env: Env, soft: bool, boolean: bool) -> Py:
        return literal(e.value)

    def expr_BoolLit(self, e: ast.BoolLit, env: Env, soft: bool, boolean: bool) -> Py:
        return literal(e.value)

    def expr_Ref(self, e: ast.Ref, env: Env, soft: bool, boolean: bool) -> Py:
        return self.ref(e, env, soft, boolean)

    def expr_ListLit(self, e: ast.ListLit, env: Env, soft: bool, boolean: bool) -> Py:
        return Seq("", tuple(self.expr(i, env) for i in e.items), "[]")

    def expr_RangeLit(self, e: ast.RangeLit, env: Env, soft: bool, boolean: bool) -> Py:
        return call("g.span", self.expr(e.lo, env), self.expr(e.hi, env))

    def expr_Call(self, e: ast.Call, env: Env, soft: bool, boolean: bool) -> Py:
        args = [self.arg(a, env) for a in e.args]
        if e.func == "treated" and len(e.args) == 1:  # the value remembered past the bound
            found = self.owner_and_stat(e.args[0], env)
            if found is not None:
                return call("g.treated", found[0], Str(found[1]))
        if e.func in QUERIES and e.func not in SPECIAL:
            return call(f"q.{QUERIES[e.func].__name__}", Atom("g"), *args)
        return call("g.fact", Str(e.func), *args)

    def arg(self, e: ast.Expr, env: Env) -> Py:
        """A call's argument; a bare stat is its name (`paid(akira, trust)`), not a value."""
        if isinstance(e, ast.Ref) and e.parts[0] not in env.names:
            decl, attrs = self.target(e)
            if isinstance(decl, ast.Stat) and not attrs:
                return Str(decl.id)
        return self.expr(e, env)

    def expr_Unary(self, e: ast.Unary, env: Env, soft: bool, boolean: bool) -> Py:
        if e.op == "not":
            return Pre("not ", paren(self.expr(e.operand, env, boolean=True), 3), 3)
        return Pre("-", paren(self.expr(e.operand, env), 7), 7)

    def expr_Binary(self, e: ast.Binary, env: Env, soft: bool, boolean: bool) -> Py:
        logical = e.op in ("and", "or")
        prec = {"or": 1, "and": 2, "+": 5, "-": 5, "*": 6, "/": 6}.get(e.op, 4)
        op = "//" if e.op == "/" else e.op
        left = self.expr(e.left, env, boolean=logical)
        right = self.expr(e.right, env, boolean=logical)
        assoc = e.op in ("and", "or", "+", "*")
        lparts = left.parts if isinstance(left, Op) and left.op == op and assoc else (
            paren(left, prec + (prec == 4)),)
        rparts = (paren(right, prec + 1),)
        return Op(op, tuple(lparts) + rparts, prec)

    def condition(self, e: ast.Expr, env: Env) -> Py:
        if isinstance(e, ast.StrLit):
            return call("g.assume", Str(e.value))
        return self.expr(e, env, boolean=True)

    # ------------------------------------------------------------ statements

    def block(self, stmts: Iterable[ast.Stmt], env: Env, indent: int) -> list[str]:
        out: list[str] = []
        stmts = list(stmts)
        for i, stmt in enumerate(stmts):
            if isinstance(stmt, ast.Roll) and stmt.bind:
                used = _uses(stmts[i + 1:], stmt.bind)
                env, name = env.bind(stmt.bind, used)
                die = self.expr(stmt.die, env)
                line = call("g.roll", die, Atom("ctx"))
                out += render(line, indent, f"{name} = " if used else "")
                continue
            builder: Callable[..., list[str]] = getattr(self, f"stmt_{type(stmt).__name__}")
            out += builder(stmt, env, indent)
        return out or [" " * indent + "pass"]

    def _do(self, indent: int, func: str, *args: Py) -> list[str]:
        return render(call(func, *args), indent)

    def _who(self, stat: ast.Ref, target: ast.Expr | None, env: Env) -> Py:
        """Whose stat: the one named, else nobody's for a stat of the whole game, else the
        subject (the actor)."""
        if target is not None:
            return self.expr(target, env)
        decl, attrs = self.target(stat)
        if isinstance(decl, ast.Stat) and decl.per is None and not attrs and \
                decl.prop("per") is None:
            return Atom("None")
        return Atom("ctx.subject")

    def stmt_Gain(self, s: ast.Gain, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.gain", Str(self.stat_name(s.stat)), self.expr(s.amount, env),
                        self._who(s.stat, s.target, env))

    def stmt_Lose(self, s: ast.Lose, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.lose", Str(self.stat_name(s.stat)), self.expr(s.amount, env),
                        self._who(s.stat, s.target, env))

    def stmt_Pay(self, s: ast.Pay, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.pay", Str(self.stat_name(s.stat)), self.expr(s.amount, env),
                        self._who(s.stat, None, env))

    def stmt_Draw(self, s: ast.Draw, env: Env, indent: int) -> list[str]:
        args = [self.expr(s.deck, env), self.expr(s.amount, env)]
        args += [self.expr(s.to, env)] if s.to is not None else []
        return self._do(indent, "g.draw", *args)

    def stmt_Discard(self, s: ast.Discard, env: Env, indent: int) -> list[str]:
        args = [self.expr(s.what, env, soft=True)]
        args += [self.expr(s.to, env)] if s.to is not None else []
        return self._do(indent, "g.discard", *args)

    def stmt_Place(self, s: ast.Place, env: Env, indent: int) -> list[str]:
        args = [self.expr(s.what, env, soft=True), self.expr(s.where, env, soft=True)]
        if self.preposition(s) == "under":
            args.append(Kw("bottom", Atom("True")))
        return self._do(indent, "g.place", *args)

    def stmt_Move(self, s: ast.Move, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.move", self.expr(s.what, env, soft=True),
                        self.expr(s.to, env, soft=True))

    def stmt_Relocate(self, s: ast.Relocate, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.relocate", self.expr(s.what, env, soft=True),
                        self.expr(s.to, env, soft=True))

    def stmt_Roll(self, s: ast.Roll, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.roll", self.expr(s.die, env), Atom("ctx"))

    def stmt_Reroll(self, s: ast.Reroll, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.reroll", self.expr(s.what, env), Atom("ctx"))

    def stmt_Reveal(self, s: ast.Reveal, env: Env, indent: int) -> list[str]:
        args = [self.expr(s.what, env, soft=True)]
        args += [self.expr(s.source, env)] if s.source is not None else []
        return self._do(indent, "g.reveal", *args)

    def stmt_Shuffle(self, s: ast.Shuffle, env: Env, indent: int) -> list[str]:
        args = [self.expr(s.deck, env)]
        args += [self.expr(s.into, env)] if s.into is not None else []
        return self._do(indent, "g.shuffle", *args)

    def stmt_Add(self, s: ast.Add, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.add", self.expr(s.what, env, soft=True), self.expr(s.to, env))

    def stmt_Remove(self, s: ast.Remove, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.remove", self.expr(s.what, env, soft=True),
                        self.expr(s.source, env))

    def stmt_SetValue(self, s: ast.SetValue, env: Env, indent: int) -> list[str]:
        value = self.expr(s.value, env)
        t = s.target
        if isinstance(t, ast.Call):
            args = Seq("", tuple(self.expr(a, env) for a in t.args), "[]")
            return self._do(indent, "g.set_fact", Str(t.func), args, value)
        if not isinstance(t, ast.Ref):
            return self._do(indent, "g.fact", Str("cannot set"), Str(unparse.expr(t)))
        decl, attrs = self.target(t)
        if isinstance(decl, ast.Stat) and not attrs:
            return self._do(indent, "g.set", self.subject(decl), Str(decl.id), value)
        found = self.owner_and_stat(t, env) if len(t.parts) > 1 else None
        if found is not None:
            return self._do(indent, "g.set", found[0], Str(found[1]), value)
        return self._do(indent, "g.set_place", self.expr(t, env), value)

    def stmt_Trigger(self, s: ast.Trigger, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.trigger", self.expr(s.target, env), Atom("ctx"))

    def stmt_Require(self, s: ast.Require, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.require", self.condition(s.condition, env),
                        Str(unparse.expr(s.condition)))

    def stmt_Log(self, s: ast.Log, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.note", Str(s.text))

    def stmt_ProseStep(self, s: ast.ProseStep, env: Env, indent: int) -> list[str]:
        return self._do(indent, "g.prose", Str(s.text))

    def stmt_If(self, s: ast.If, env: Env, indent: int, word: str = "if") -> list[str]:
        pad = " " * indent
        out = render(self.condition(s.condition, env), indent, f"{word} ", ":")
        out += self.block(s.then, env, indent + 4)
        if len(s.orelse) == 1 and isinstance(s.orelse[0], ast.If):
            return out + self.stmt_If(s.orelse[0], env, indent, "elif")
        if s.orelse:
            out += [pad + "else:"] + self.block(s.orelse, env, indent + 4)
        return out

    def stmt_ForEach(self, s: ast.ForEach, env: Env, indent: int) -> list[str]:
        inner, name = env.bind(s.var, _uses(s.body, s.var))
        iterable = self.expr(s.iterable, env)
        members = iterable if isinstance(s.iterable, ast.RangeLit) else call("g.members",
                                                                            iterable)
        return render(members, indent, f"for {name} in ", ":") + self.block(s.body, inner,
                                                                            indent + 4)

    def stmt_Choose(self, s: ast.Choose, env: Env, indent: int) -> list[str]:
        pad = " " * indent
        picked = "picked" if env.chooses == 0 else f"picked_{env.chooses + 1}"
        inner = Env(env.names, env.chooses + 1)
        options = Seq("", tuple(Seq("", (Str(o.id), Str(o.title or o.id))) for o in s.options),
                      "[]")
        count = self.expr(s.count, env) if s.count is not None else Atom("1")
        out = render(call("g.choose", Str(self.here), options, count), indent,
                     f"for {picked} in ", ":")
        for i, option in enumerate(s.options):
            word = "if" if i == 0 else "elif"
            out.append(f"{pad}    {word} {picked} == {option.id!r}:")
            out += self.block(option.body, inner, indent + 8)
        return out

    def preposition(self, s: ast.Place) -> str:
        """`place X under Y`: the AST keeps no preposition, so read it from the source."""
        text = self._source(s.span.file)
        lines = text.splitlines()
        start, end = s.what.span, s.where.span
        if not lines or start.end_line != end.line or end.line > len(lines):
            return "on"
        between = lines[end.line - 1][start.end_col - 1:end.col - 1].split()
        return between[0] if between else "on"

    def _source(self, path: str) -> str:
        if path not in self.sources:
            try:
                self.sources[path] = Path(path).read_text("utf-8")
            except OSError:
                return ""
        return self.sources[path]


def _uses(stmts: Iterable[Any], name: str) -> bool:
    return any(isinstance(n, ast.Ref) and n.parts[0] == name
               for s in stmts for n in iter_nodes(s))


# ================================================================ declarations


def _options_of(sym: Symbol) -> tuple[str, ...]:
    """The modules, modes, variants... enclosing a declaration, outermost first."""
    found = [s.qualname for s in sym.ancestors() if s is not sym and s.qualname
             and isinstance(s.decl, ast.Container) and s.decl.keyword in OPTION_KEYWORDS]
    return tuple(reversed(found))


def _clauses(decl: ast.Decl) -> ast.Clauses | None:
    clauses = getattr(decl, "clauses", None)
    if isinstance(decl, (ast.Rule, ast.Step)) or (isinstance(decl, ast.Instance)
                                                 and clauses is not None and not clauses.empty):
        return clauses if isinstance(clauses, ast.Clauses) else None
    return None


def _comment(sym: Symbol, indent: int = 0) -> str:
    decl = sym.decl
    text = f"# {sym.qualname}" + (f": {decl.title}" if decl.title else "") + \
        f" ({decl.span.file}:{decl.span.line})"
    room = WIDTH - indent
    return " " * indent + (text if len(text) <= room else text[:room - 3] + "...")


def _kwargs(**items: Py | None) -> tuple[Py, ...]:
    return tuple(Kw(k, v) for k, v in items.items() if v is not None)


def _opt_str(value: str | None) -> Py | None:
    return Str(value) if value is not None else None


def _names(values: Iterable[str]) -> Py | None:
    values = tuple(values)
    return literal(values) if values else None


class Engine:
    """The files of one game's package, as template contexts."""

    def __init__(self, model: GameModel, sources: Mapping[str, str] | None = None) -> None:
        self.model = model
        self.code = GameCode(model, sources)
        syms = list(model.symbols.values())
        self.rule_syms = [s for s in syms if _clauses(s.decl) is not None]
        self.tables = [s for s in syms if isinstance(s.decl, ast.Table)]
        self.tracks = [s for s in syms if isinstance(s.decl, ast.Track)]
        self.procedures = [s for s in syms if isinstance(s.decl, ast.Procedure)]
        self.examples = [s for s in syms if isinstance(s.decl, ast.Example)]
        self.fn = unique_names([s.qualname for s in self.rule_syms + self.tables + self.tracks],
                               snake)

    # ------------------------------------------------------------ rules.py

    def function(self, name: str, returns: str, body: list[str]) -> str:
        return f"def {name}(g: Game, ctx: Ctx) -> {returns}:\n" + "\n".join(body)

    def rule_functions(self, sym: Symbol) -> tuple[list[str], dict[str, Py | None]]:
        clauses = _clauses(sym.decl)
        assert clauses is not None
        self.code.here = sym.qualname
        base = self.fn[sym.qualname]
        out: list[str] = []
        refs: dict[str, Py | None] = {"check": None, "cost": None, "effect": None}
        if clauses.condition is not None:
            cond = self.code.condition(clauses.condition, Env())
            out.append(self.function(f"{base}_check", "bool", render(cond, 4, "return ")))
            refs["check"] = Atom(f"{base}_check")
        for part in ("cost", "effect"):
            stmts = getattr(clauses, part)
            if stmts:
                out.append(self.function(f"{base}_{part}", "None",
                                         self.code.block(stmts, Env(), 4)))
                refs[part] = Atom(f"{base}_{part}")
        return out, refs

    def rule_def(self, sym: Symbol, refs: Mapping[str, Py | None]) -> Py:
        decl = sym.decl
        clauses = _clauses(decl)
        assert clauses is not None
        kind = "step" if isinstance(decl, ast.Step) else (
            "card" if isinstance(decl, ast.Instance) else "rule")
        prose = sum(1 for s in clauses.cost + clauses.effect for n in iter_nodes(s)
                    if isinstance(n, ast.ProseStep))
        overrides = getattr(decl, "overrides", None)
        target = self.model.targets.get(overrides) if overrides is not None else None
        return call("RuleDef", *_kwargs(
            name=Str(sym.qualname), title=_opt_str(decl.title),
            kind=Str(kind) if kind != "rule" else None,
            who=_names(self.who(decl)), when=self.timing(clauses.when),
            check=refs["check"], cost=refs["cost"], effect=refs["effect"],
            limit=self.limit(clauses.limit), duration=self.duration(clauses.duration),
            overrides=Str(self.code.qual(target)) if target is not None else None,
            scope=_names(_options_of(sym)),
            this=Str(sym.qualname) if kind == "card" else None,
            prose=literal(prose) if prose else None))

    def who(self, decl: ast.Decl) -> list[str]:
        prop = decl.prop("who")
        items = [] if prop is None else (
            list(prop.value.items) if isinstance(prop.value, ast.ListLit) else [prop.value])
        found = [self.model.targets.get(i) for i in items if isinstance(i, ast.Ref)]
        return [self.code.qual(d) for d in found if d is not None]

    def timing(self, when: ast.Timing | None) -> Py | None:
        if when is None:
            return None
        target = self.model.targets.get(when.target) if when.target is not None else None
        name = self.code.qual(target) if target is not None else (
            when.target.dotted if when.target is not None else None)
        return call("Timing", Str(when.kind), *_kwargs(target=_opt_str(name),
                                                       text=_opt_str(when.text)))

    def limit(self, limit: ast.Limit | None) -> Py | None:
        if limit is None:
            return None
        zone = self.model.targets.get(limit.max_in) if limit.max_in is not None else None
        return call("Limit", literal(limit.count or 1), *_kwargs(
            per=_opt_str(limit.per), max_in=Str(self.code.qual(zone)) if zone else None))

    def duration(self, duration: ast.Duration | None) -> Py | None:
        if duration is None:
            return None
        return call("Duration", Str(duration.kind), *_kwargs(period=_opt_str(duration.period)))

    def procedure_def(self, sym: Symbol) -> Py:
        steps = [c.qualname for c in sym.children.values() if isinstance(c.decl, ast.Step)]
        return call("ProcedureDef", *_kwargs(
            name=Str(sym.qualname), title=_opt_str(sym.decl.title), steps=_names(steps),
            scope=_names(_options_of(sym))))

    def rows(self, sym: Symbol, rows: Iterable[ast.Row], out: list[str],
             record: str = "Row") -> Py:
        base = self.fn[sym.qualname]
        made: list[Py] = []
        self.code.here = sym.qualname
        for number, row in enumerate(rows, start=1):
            key = row.key
            value = compute = effect = None
            if row.value is not None and isinstance(row.value, (ast.IntLit, ast.StrLit,
                                                                ast.BoolLit)):
                value = literal(row.value.value)
            elif row.value is not None:
                body = render(self.code.expr(row.value, Env()), 4, "return ")
                out.append(self.function(f"{base}_row_{number}", "Value", body))
                compute = Atom(f"{base}_row_{number}")
            if row.effect:
                out.append(self.function(f"{base}_row_{number}", "None",
                                         self.code.block(row.effect, Env(), 4)))
                effect = Atom(f"{base}_row_{number}")
            made.append(call(record, Str(key.kind), *_kwargs(
                lo=literal(key.lo) if key.lo is not None else None,
                hi=literal(key.hi) if key.hi is not None else None,
                text=_opt_str(key.text), value=value, compute=compute, effect=effect)))
        return Seq("", tuple(made), "()", tuple_comma=True)

    def table_def(self, sym: Symbol, out: list[str]) -> Py:
        decl = sym.decl
        assert isinstance(decl, ast.Table)
        by: Py | None = None
        by_text = decl.by.value if isinstance(decl.by, ast.StrLit) else None
        if decl.by is not None and by_text is None:
            self.code.here = sym.qualname
            found = self.code.owner_and_stat(decl.by, Env())
            key = call("g.treated", found[0], Str(found[1])) if found else \
                self.code.expr(decl.by, Env())
            name = f"{self.fn[sym.qualname]}_key"
            out.append(self.function(name, "Value", render(key, 4, "return ")))
            by = Atom(name)
        rows = self.rows(sym, decl.rows, out)
        return call("TableDef", *_kwargs(
            name=Str(sym.qualname), title=_opt_str(decl.title),
            mode=Str(decl.mode) if decl.mode != "lookup" else None, by=by,
            by_text=_opt_str(by_text), rows=rows if decl.rows else None))

    def track_def(self, sym: Symbol, out: list[str]) -> Py:
        decl = sym.decl
        assert isinstance(decl, ast.Track)
        lo, hi = _bounds(decl.spaces)
        rewards = decl.prop("rewards")
        policy = rewards.value.dotted if rewards and isinstance(rewards.value, ast.Ref) else None
        return call("TrackDef", *_kwargs(
            name=Str(sym.qualname), title=_opt_str(decl.title),
            lo=literal(lo if isinstance(lo, int) else 0),
            hi=literal(hi if isinstance(hi, int) else 0),
            rewards=_opt_str(policy),
            rows=self.rows(sym, decl.rows, out, "Reward") if decl.rows else None))

    def rules_module(self) -> dict[str, Any]:
        functions: list[str] = []
        defs: list[Py] = []
        for sym in self.rule_syms:
            made, refs = self.rule_functions(sym)
            if made:
                functions.append(_comment(sym) + "\n" + "\n\n\n".join(made))
            defs.append(self.rule_def(sym, refs))
        tables: list[Py] = []
        tracks: list[Py] = []
        for sym in self.tables + self.tracks:
            rows: list[str] = []
            if isinstance(sym.decl, ast.Table):
                tables.append(self.table_def(sym, rows))
            else:
                tracks.append(self.track_def(sym, rows))
            if rows:
                functions.append(_comment(sym) + "\n" + "\n\n\n".join(rows))
        return {
            "functions": functions,
            "rules": "\n".join(render(call("by_name", *defs), 0, "RULES = ")),
            "procedures": "\n".join(render(call("by_name", *[
                self.procedure_def(s) for s in self.procedures]), 0, "PROCEDURES = ")),
            "tables": "\n".join(render(call("by_name", *tables), 0, "TABLES = ")),
            "tracks": "\n".join(render(call("by_name", *tracks), 0, "TRACKS = ")),
        }

    # ------------------------------------------------------------ components.py

    def components_module(self) -> dict[str, Any]:
        stats: list[Py] = []
        decks: list[Py] = []
        zones: list[Py] = []
        dice: list[Py] = []
        options: list[tuple[str, str]] = []
        for sym in self.model.symbols.values():
            decl = sym.decl
            if isinstance(decl, ast.Stat):
                stats.append(self.stat_def(decl))
            elif isinstance(decl, ast.Deck):
                decks.append(self.deck_def(sym, decl))
            elif isinstance(decl, ast.Zone):
                owners = [self.model.targets.get(r) for r in _items(decl.owner)
                          if isinstance(r, ast.Ref)]
                owner = next((o for o in owners if o is not None), None)
                zones.append(call("ZoneDef", *_kwargs(
                    name=Str(sym.qualname), title=_opt_str(decl.title),
                    owner=Str(self.code.qual(owner)) if owner else None,
                    capacity=literal(decl.capacity) if decl.capacity is not None else None,
                    overflow=_opt_str(decl.overflow))))
            elif isinstance(decl, ast.Die):
                faces = tuple(_plain(f) for f in _items(decl.faces))
                dice.append(call("DieDef", *_kwargs(name=Str(sym.qualname),
                                                    title=_opt_str(decl.title),
                                                    faces=literal(faces))))
            elif isinstance(decl, ast.Container) and decl.keyword in OPTION_KEYWORDS:
                options.append((sym.qualname, decl.keyword))
        option_lines = render(Seq("", tuple(Atom(f"{q!r}: {k!r}") for q, k in options), "{}"),
                              0, "OPTIONS: Mapping[str, str] = MappingProxyType(", ")")
        return {
            "stats": "\n".join(render(call("by_name", *stats), 0, "STATS = ")),
            "decks": "\n".join(render(call("by_name", *decks), 0, "DECKS = ")),
            "zones": "\n".join(render(call("by_name", *zones), 0, "ZONES = ")),
            "dice": "\n".join(render(call("by_name", *dice), 0, "DICE = ")),
            "options": "\n".join(option_lines),
        }

    def stat_def(self, decl: ast.Stat) -> Py:
        per = self.model.targets.get(decl.per) if decl.per is not None else None
        lo, hi = _bounds(decl.range)
        start = _plain(decl.start) if decl.start is not None else None
        return call("StatDef", *_kwargs(
            name=Str(decl.id), title=_opt_str(decl.title),
            per=Str(self.code.qual(per)) if per is not None else None,
            lo=literal(lo) if lo != 0 else None, hi=literal(hi) if hi is not None else None,
            overflow=Str(decl.overflow) if decl.overflow != "clamp" else None,
            start=literal(start) if start is not None else None))

    def deck_def(self, sym: Symbol, decl: ast.Deck) -> Py:
        contains = [self.model.targets.get(i) for i in _items(decl.contains)
                    if isinstance(i, ast.Ref)]
        found = [d for d in contains if d is not None]
        cards: list[str] = []
        for d in found:
            cards += self.cards_of(d)
        owner = decl.prop("owner")
        owner_decl = self.model.targets.get(owner.value) if owner and isinstance(
            owner.value, ast.Ref) else None
        return call("DeckDef", *_kwargs(
            name=Str(sym.qualname), title=_opt_str(decl.title),
            contains=_names(self.code.qual(d) for d in found), cards=_names(cards),
            reshuffle=Str(decl.reshuffle) if decl.reshuffle != "discard_pile" else None,
            discard_to=Str(decl.discard_to) if decl.discard_to != "discard_pile" else None,
            owner=Str(self.code.qual(owner_decl)) if owner_decl else None))

    def cards_of(self, decl: ast.Decl) -> list[str]:
        """A deck's starting cards: a kind's instances, a component's copies, a card."""
        if isinstance(decl, ast.Kind):
            return [s.qualname for s in self.model.symbols.values()
                    if isinstance(s.decl, ast.Instance) and self.kind_of(s) is decl]
        if isinstance(decl, ast.External):
            return []
        if isinstance(decl, ast.Component):
            count = max((e.count for m in self.model.of_type(ast.Manifest)
                         if isinstance(m, ast.Manifest) for e in m.entries
                         if self.model.targets.get(e.target) is decl), default=1)
            return [self.code.qual(decl)] * count
        return [self.code.qual(decl)]

    def kind_of(self, sym: Symbol) -> ast.Kind | None:
        for scope in sym.ancestors():
            if scope is sym:
                continue
            found = scope.children.get(sym.decl.keyword)
            if found is not None and isinstance(found.decl, ast.Kind):
                return found.decl
        return None

    # ------------------------------------------------------------ catalog.py

    def catalog_module(self) -> dict[str, Any]:
        kinds = [s for s in self.model.symbols.values() if isinstance(s.decl, ast.Kind)]
        instances = [(s, self.kind_of(s)) for s in self.model.symbols.values()
                     if isinstance(s.decl, ast.Instance)]
        classes = unique_names([k.qualname for k in kinds], camel, RESERVED | RUNTIME_NAMES)
        constants = unique_names([s.qualname for s, k in instances if k is not None],
                                 lambda t: snake(t).upper(), RESERVED | RUNTIME_NAMES)
        by_kind = {id(k.decl): k for k in kinds}
        out_kinds = [self.kind_class(k, classes[k.qualname]) for k in kinds]
        records: list[str] = []
        members: dict[str, list[str]] = {k.qualname: [] for k in kinds}
        for sym, kind in instances:
            if kind is None:
                continue
            kind_sym = by_kind[id(kind)]
            members[kind_sym.qualname].append(sym.qualname)
            fields = self.field_names(kind)
            values = {p.name: p.value for p in sym.decl.props if p.name in fields}
            args = [Kw("id", Str(sym.qualname)), Kw("title", literal(sym.decl.title))]
            args += [Kw(fields[f.name], literal(self.value(values[f.name])))
                     if f.name in values else Kw(fields[f.name], Atom("None"))
                     for f in kind.fields
                     if f.name in values or not isinstance(f.type, ast.OptionalType)]
            records.append("\n".join(render(call(classes[kind_sym.qualname], *args), 0,
                                            f"{constants[sym.qualname]} = ")))
        catalog = Seq("", tuple(Atom(f"{q!r}: {constants[q]}") for q in constants), "{}")
        kind_items = tuple(Atom(f"{q!r}: {flat(literal(tuple(v)))}") for q, v in members.items())
        return {
            "kinds": out_kinds,
            "records": records,
            "catalog": "\n".join(render(catalog, 0, "CATALOG: Mapping[str, Record] = "
                                        "MappingProxyType(", ")")),
            "members": "\n".join(render(Seq("", kind_items, "{}"), 0,
                                        "KINDS: Mapping[str, tuple[str, ...]] = "
                                        "MappingProxyType(", ")")),
        }

    def field_names(self, kind: ast.Kind) -> dict[str, str]:
        reserved = RESERVED | {"id", "title", "value", "has", "KIND", "FIELDS"}
        names = unique_names([f.name for f in kind.fields], snake, reserved)
        return {f.name: names[f.name] for f in kind.fields}

    def kind_class(self, sym: Symbol, name: str) -> str:
        kind = sym.decl
        assert isinstance(kind, ast.Kind)
        fields = self.field_names(kind)
        lines = ["@dataclass(frozen=True, slots=True, kw_only=True)", f"class {name}(Record):",
                 _comment(sym, 4), "", f"    KIND: ClassVar[str] = {sym.qualname!r}"]
        pairs = tuple(Atom(f"{f!r}: {a!r}") for f, a in fields.items())
        lines += render(Seq("", pairs, "{}"), 4, "FIELDS: ClassVar[Mapping[str, str]] = "
                        "MappingProxyType(", ")")
        if kind.fields:
            lines.append("")
        for f in kind.fields:
            optional = isinstance(f.type, ast.OptionalType)
            lines += render(Atom(py_type(f.type)), 4, f"{fields[f.name]}: ",
                            " = None" if optional else "")
        return "\n".join(lines)

    def value(self, e: ast.Expr) -> Any:
        if isinstance(e, ast.Ref):
            decl = self.model.targets.get(e)
            return self.code.qual(decl) if decl is not None else e.dotted
        if isinstance(e, ast.ListLit):
            return tuple(self.value(i) for i in e.items)
        return _plain(e)

    # ------------------------------------------------------------ examples.py

    def examples_module(self) -> dict[str, Any]:
        names = unique_names([s.qualname for s in self.examples], snake)
        functions: list[str] = []
        defs: list[Py] = []
        for sym in self.examples:
            decl = sym.decl
            assert isinstance(decl, ast.Example)
            run = None
            if decl.executable:
                functions.append(_comment(sym) + "\n" + self.example_function(names[
                    sym.qualname], sym, decl))
                run = Atom(names[sym.qualname])
            defs.append(call("ExampleDef", *_kwargs(
                name=Str(sym.qualname), title=_opt_str(decl.title), run=run,
                scope=_names(_options_of(sym)),
                source=Str(f"{decl.span.file}:{decl.span.line}"))))
        return {"functions": functions,
                "examples": "\n".join(render(call("by_name", *defs), 0, "EXAMPLES = "))}

    def example_function(self, name: str, sym: Symbol, decl: ast.Example) -> str:
        self.code.here = sym.qualname
        body = self.code.block(decl.given, Env(), 4) if decl.given else []
        body += self.code.block(decl.actions, Env(), 4) if decl.actions else []
        checks = tuple(self.expectation(e) for e in decl.expect)
        body += render(Seq("", checks, "[]"), 4, "return ")
        if any("ctx" in line for line in body):
            body.insert(0, "    ctx = Ctx()")
        return f"def {name}(g: Game) -> list[Expectation]:\n" + "\n".join(body)

    def expectation(self, e: ast.Expr) -> Py:
        text = Str(unparse.expr(e))
        if isinstance(e, ast.Binary) and e.op in ("==", "!=", "<", "<=", ">", ">="):
            left = Pre("lambda: ", self.code.expr(e.left, Env()))
            right = Pre("lambda: ", self.code.expr(e.right, Env()))
            return call("g.expect", text, left, Str(e.op), right)
        return call("g.expect", text, Pre("lambda: ", self.code.condition(e, Env())))


def _items(e: ast.Expr | None) -> list[ast.Expr]:
    if e is None:
        return []
    if isinstance(e, ast.ListLit):
        return list(e.items)
    if isinstance(e, ast.RangeLit) and isinstance(e.lo, ast.IntLit) and \
            isinstance(e.hi, ast.IntLit):
        return [ast.IntLit(e.span, n) for n in range(e.lo.value, e.hi.value + 1)]
    return [e]


def _plain(e: ast.Expr) -> Any:
    """A literal's value; a name stays its name."""
    if isinstance(e, (ast.IntLit, ast.StrLit, ast.BoolLit)):
        return e.value
    if isinstance(e, ast.Ref):
        return e.dotted
    if isinstance(e, ast.Unary) and e.op == "-" and isinstance(e.operand, ast.IntLit):
        return -e.operand.value
    if isinstance(e, ast.ListLit):
        return tuple(_plain(i) for i in e.items)
    return unparse.expr(e)


def _bounds(r: ast.RangeLit | None) -> tuple[int | str | None, int | str | None]:
    if r is None:
        return None, None
    lo, hi = _plain(r.lo), _plain(r.hi)
    return lo, hi


def py_type(t: ast.FieldType) -> str:
    if isinstance(t, ast.IntType):
        return "int"
    if isinstance(t, (ast.TextType, ast.RefType)):
        return "str"
    if isinstance(t, ast.BoolType):
        return "bool"
    if isinstance(t, ast.EnumType):
        return "Literal[" + ", ".join(repr(v) for v in t.values) + "]"
    if isinstance(t, ast.ListType):
        return f"tuple[{py_type(t.item)}, ...]"
    if isinstance(t, ast.OptionalType):
        return f"{py_type(t.inner)} | None"
    return " | ".join(py_type(o) for o in t.options)


# ================================================================ files


@cache
def _templates() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates" / "python"),
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True, autoescape=False)


def package_name(model: GameModel) -> str:
    name = snake(model.name)
    name = "n" + name if name[:1].isdigit() else name
    return name + "_" if name in RESERVED else name


def _source_name(model: GameModel) -> str:
    folder = model.source.folder
    return folder if not Path(folder).is_absolute() else Path(folder).name


IMPORTABLE = {
    "catalog.py": ("Record",),
    "components.py": ("DeckDef", "DieDef", "StatDef", "ZoneDef", "by_name"),
    "rules.py": ("Ctx", "Duration", "Game", "Limit", "ProcedureDef", "Reward", "Row",
                 "RuleDef", "TableDef", "Timing", "TrackDef", "Value", "by_name"),
    "examples.py": ("Ctx", "ExampleDef", "Expectation", "Game", "by_name"),
}


def _import(module: str, names: Iterable[str]) -> str:
    """One `from module import ...` as isort writes it (constants, classes, then the rest)."""
    ordered = sorted(set(names), key=lambda n: (0 if n.isupper() else 1 if n[:1].isupper()
                                                else 2, n))
    if not ordered:
        return ""
    line = f"from {module} import {', '.join(ordered)}"
    if len(line) <= WIDTH:
        return line
    return f"from {module} import (\n" + "".join(f"    {n},\n" for n in ordered) + ")"


def _used(text: str, names: Iterable[str]) -> list[str]:
    return [n for n in names if re.search(rf"(?<![\w.]){re.escape(n)}\b", text)]


def emit_game(model: GameModel, sources: Mapping[str, str] | None = None) -> dict[str, str]:
    """The files of one game's package, by name (`rules.py`, ...)."""
    engine = Engine(model, sources)
    title = model.game.title if model.game else None
    common = {"version": __version__, "source": _source_name(model),
              "package": package_name(model), "game": model.name,
              "game_repr": repr(model.name), "title_repr": repr(title)}
    parts: dict[str, dict[str, Any]] = {
        "__init__.py": {},
        "catalog.py": engine.catalog_module(),
        "components.py": engine.components_module(),
        "rules.py": engine.rules_module(),
        "examples.py": engine.examples_module(),
    }
    out = {}
    for name, context in parts.items():
        body = "\n".join(v if isinstance(v, str) else "\n".join(v) for v in context.values())
        runtime = _import("ludex.runtime", _used(body, IMPORTABLE.get(name, ())))
        if re.search(r"(?<![\w.])q\.", body):
            runtime += "\nfrom ludex.runtime import queries as q"
        typing_names = _used(body, ("ClassVar", "Literal"))
        context = {**context, "runtime_import": runtime,
                   "typing_import": _import("typing", typing_names)}
        text = _templates().get_template(name + ".j2").render(**common, **context)
        out[name] = _tidy(text)
    return out


def _tidy(text: str) -> str:
    """No trailing spaces, at most two blank lines in a row, one newline at the end."""
    lines = [line.rstrip() for line in text.splitlines()]
    text = re.sub(r"\n{4,}", "\n\n\n", "\n".join(lines))
    return text.strip("\n") + "\n"


def emit(comp: Compilation) -> dict[str, str]:
    """`{"<game>/<module>.py": source}` for every game of the compilation."""
    out: dict[str, str] = {}
    for model in comp.models:
        package = package_name(model)
        for name, text in emit_game(model, comp.sources).items():
            out[f"{package}/{name}"] = text
    return out


def iter_rule_functions(module: Any) -> Iterator[Callable[..., Any]]:
    """Every function a generated `rules` module defines (for tests and tools)."""
    for name in sorted(vars(module)):
        value = getattr(module, name)
        if callable(value) and getattr(value, "__module__", None) == module.__name__ and \
                not isinstance(value, type):
            yield value
