"""The expression builders: one method per expression node type (`expr_Ref`,
`expr_Call`, ...), each returning a `pretty.Py` tree of Python that reads the game
(`g`) in a context (`ctx`), with the names bound so far (`Env`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ...core.vocabulary import BUILTIN_NAMES, COMPARISON, PRECEDENCE
from ...runtime.queries import QUERIES, SPECIAL, STAT_ARGUMENTS
from ...semantics.resolve import GameModel
from ...syntax import ast
from .given import given_code
from .names import RESERVED
from .pretty import Atom, Comp, Op, Pre, Py, Seq, Str, call, literal, paren


@dataclass
class Env:
    """Names bound inside a function: `for each` variables and `roll ... as`."""

    names: dict[str, str] = field(default_factory=dict)
    chooses: int = 0

    def bind(self, name: str, used: bool, taken: Iterable[str] = ()) -> tuple[Env, str]:
        """A local name for `name`; `taken`: the module's names it must not hide."""
        py = name if name not in RESERVED and name not in taken and name not in AMBIGUOUS \
            else name + "_"
        py = py if used else "_" + py
        return Env({**self.names, name: py}, self.chooses), py




_COMPUTES = frozenset({"+", "-", "*", "/", "<", "<=", ">", ">="})
_NEVER_NOTHING = (ast.IntLit, ast.StrLit, ast.BoolLit, ast.ListLit, ast.Comprehension)
# the engine's queries that always answer a number (a game's own `fact` of the name aside)
_COUNTS = frozenset({"count", "count_level", "sum", "runs", "happened"})


def _known(node: ast.Expr, code: Py, facts: frozenset[str]) -> Py:
    """`code` as a value the operation needs: as it is when it can never be nothing (a
    literal, a list, another computation), else through `q.known`."""
    if isinstance(node, _NEVER_NOTHING) or (isinstance(node, ast.Binary) and
                                            node.op in _COMPUTES - {"<", "<=", ">", ">="}) \
            or (isinstance(node, ast.Call) and node.func in _COUNTS and node.func not in facts):
        return code
    return call("q.known", Atom("g"), code)


AMBIGUOUS = frozenset({"l", "O", "I"})  # names ruff's E741 refuses: `l` is bound as `l_`


class ExprCode:
    """Builds the Python expressions of one game, one method per AST node type."""
    def __init__(self, model: GameModel) -> None:
        self.model = model
        self.here = ""  # the declaration being compiled (names a `choose` for the chooser)
        self.constants: dict[str, str] = {}  # qualname -> its catalog constant
        # a `fact` the game declares is asked as a fact, even when a query of the engine
        # has its name (a query added later never changes what a game's call means)
        self.facts = frozenset(d.id for d in model.of_type(ast.Fact))

    # ------------------------------------------------------------ references

    def qual(self, decl: ast.Decl) -> str:
        sym = self.model.by_decl.get(id(decl))
        return sym.qualname if sym is not None else decl.id

    def named(self, decl: ast.Decl) -> Py:
        """A declaration as the engine names it: a card of the catalog by its constant's
        id (`catalog.AKIRA.id`), anything else by its qualified name."""
        return self.name_of(self.qual(decl))

    def name_of(self, qualname: str) -> Py:
        constant = self.constants.get(qualname)
        return Atom(f"catalog.{constant}.id") if constant is not None else Str(qualname)

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
        if isinstance(decl, (ast.Zone, ast.Deck)) and not attrs and _per_player(decl):
            return call("g.place_of", Atom("ctx.subject"), Str(self.qual(decl)))
        if boolean and not attrs and isinstance(decl, (ast.External, ast.Container)):
            return call("g.holds", Str(self.qual(decl)))
        return self._attrs(self.named(decl), attrs)

    def _attrs(self, base: Py, attrs: Iterable[str]) -> Py:
        for attr in attrs:
            base = call("g.get", base, Str(attr))
        return base

    def subject(self, stat: ast.Stat) -> Py:
        return Atom("GAME") if stat.per is None else Atom("ctx.subject")

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
        return self._attrs(self.named(decl), attrs[:-1]), attrs[-1]

    # ------------------------------------------------------------ expressions

    def expr(self, e: ast.Expr, env: Env, soft: bool = False, boolean: bool = False) -> Py:
        builder: Callable[..., Py] = getattr(self, f"expr_{type(e).__name__}")
        return builder(e, env, soft, boolean)

    def expr_IntLit(self, e: ast.IntLit, env: Env, soft: bool, boolean: bool) -> Py:
        return literal(e.value)

    def expr_StrLit(self, e: ast.StrLit, env: Env, soft: bool, boolean: bool) -> Py:
        if boolean:  # `x and "the Titan can see it"`: words, never answered (never true)
            return call("g.words", Str(e.value))
        return literal(e.value)

    def expr_BoolLit(self, e: ast.BoolLit, env: Env, soft: bool, boolean: bool) -> Py:
        return literal(e.value)

    def expr_Ref(self, e: ast.Ref, env: Env, soft: bool, boolean: bool) -> Py:
        return self.ref(e, env, soft, boolean)

    def expr_ListLit(self, e: ast.ListLit, env: Env, soft: bool, boolean: bool) -> Py:
        return Seq("", tuple(self.expr(i, env) for i in e.items), "[]")

    def expr_Attr(self, e: ast.Attr, env: Env, soft: bool, boolean: bool) -> Py:
        return self._attrs(self.expr(e.base, env), e.names)

    def expr_Comprehension(self, e: ast.Comprehension, env: Env, soft: bool,
                           boolean: bool) -> Py:
        """`[item for x in g.members(pool) if where]`."""
        inner, name = env.bind(e.var, True)
        return Comp(self.expr(e.item, inner), name, call("g.members", self.expr(e.pool, env)),
                    self.condition(e.where, inner) if e.where else None)

    def expr_RangeLit(self, e: ast.RangeLit, env: Env, soft: bool, boolean: bool) -> Py:
        return call("g.span", self.expr(e.lo, env), self.expr(e.hi, env))

    def expr_Call(self, e: ast.Call, env: Env, soft: bool, boolean: bool) -> Py:
        if e.func == "given" and e.func not in self.facts and len(e.args) == 1:
            return given_code(e, env.names)  # whether the run was given a name
        query = e.func in QUERIES and e.func not in SPECIAL and e.func not in self.facts
        args = [self.arg(a, env, by_name=query and e.func in STAT_ARGUMENTS)
                for a in e.args]
        if e.func == "treated" and len(e.args) == 1:  # the value remembered past the bound
            found = self.owner_and_stat(e.args[0], env)
            if found is not None:
                return call("g.treated", found[0], Str(found[1]))
        if e.func in QUERIES and e.func not in SPECIAL and e.func not in self.facts:
            return call(f"q.{QUERIES[e.func].__name__}", Atom("g"), *args)
        return call("g.fact", Str(e.func), *args)

    def arg(self, e: ast.Expr, env: Env, by_name: bool = True) -> Py:
        """A call's argument. A bare stat is its name for a query that reads a stat
        (`paid(akira, trust)`); for a fact and any other query it is its value
        (`symbol_on(day, "x")` asks about the day it is, `count(rolled)` counts the list
        the stat holds)."""
        if by_name and isinstance(e, ast.Ref) and e.parts[0] not in env.names:
            decl, attrs = self.target(e)
            if isinstance(decl, ast.Stat) and not attrs:
                return Str(decl.id)
        return self.expr(e, env)

    def expr_Unary(self, e: ast.Unary, env: Env, soft: bool, boolean: bool) -> Py:
        if e.op == "not":
            return Pre("not ", paren(self.expr(e.operand, env, boolean=True), 3), 3)
        return Pre("-", paren(_known(e.operand, self.expr(e.operand, env), self.facts), 7), 7)

    def expr_Binary(self, e: ast.Binary, env: Env, soft: bool, boolean: bool) -> Py:
        if e.op in ("==", "!=") and isinstance(e.left, ast.BoolLit) != isinstance(
                e.right, ast.BoolLit):
            return self._versus_yes_or_no(e, env, boolean)
        logical = e.op in ("and", "or")
        prec = PRECEDENCE[e.op]
        op = "//" if e.op == "/" else e.op
        left = self.expr(e.left, env, boolean=logical)
        right = self.expr(e.right, env, boolean=logical)
        if e.op == "+":  # a deck or a zone added to a list is what it holds, not its name
            left, right = self._held(e.left, left), self._held(e.right, right)
        if e.op in _COMPUTES:  # nothing to compute with stops the rule (`q.known`)
            left, right = _known(e.left, left, self.facts), _known(e.right, right, self.facts)
        assoc = e.op in ("and", "or", "+", "*")
        lparts = left.parts if isinstance(left, Op) and left.op == op and assoc else (
            paren(left, prec + (prec == COMPARISON)),)
        rparts = (paren(right, prec + 1),)
        return Op(op, tuple(lparts) + rparts, prec)

    def _held(self, e: ast.Expr, code: Py) -> Py:
        """`g.members(place)` for a reference to a deck or a zone, else the code as it is."""
        if isinstance(e, ast.Ref):
            decl, attrs = self.target(e)
            if isinstance(decl, (ast.Zone, ast.Deck)) and not attrs:
                return call("g.members", code)
        return code

    def _versus_yes_or_no(self, e: ast.Binary, env: Env, boolean: bool) -> Py:
        """`flag == no` is `not flag`, `flag == yes` is the flag's truth (Python's
        idiom; ruff's E712 refuses a comparison with True or False)."""
        lit, other = (e.left, e.right) if isinstance(e.left, ast.BoolLit) else (e.right, e.left)
        assert isinstance(lit, ast.BoolLit)
        value = self.expr(other, env)
        if lit.value == (e.op == "=="):
            return value if boolean else call("bool", value)
        return Pre("not ", paren(value, 3), 3)

    def condition(self, e: ast.Expr, env: Env) -> Py:
        if isinstance(e, ast.StrLit):
            return call("g.words", Str(e.value))  # never answered: it raises
        return self.expr(e, env, boolean=True)


def _per_player(decl: ast.Decl) -> bool:
    """A deck or zone that exists once for each player or each instance of a kind (`per:
    player`, `per: argonaut`): its bare name is the subject's own."""
    return decl.prop("per") is not None
