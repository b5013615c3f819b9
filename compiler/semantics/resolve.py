"""Name resolution: a target for every reference (the symbol tables are in `symbols`).

Scopes are lexical: a declaration's children form a scope; a reference is
looked up from the innermost enclosing declaration outwards, then in the
game's top level, then in the base game when it is loaded too. Dotted
references descend into children, and may end in a field of an instance's
kind or a stat, zone, track or deck (`herodotus.danger`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostics, did_you_mean
from ..core.vocabulary import BUILTIN_NAMES
from ..syntax import ast
from ..syntax.carddata_cells import card_label
from ..syntax.properties import BUILTINS, COMMON, PROPS, choice
from ..syntax.walk import iter_nodes
from .calls import check_call
from .contents import check_contents
from .events import check_events, local_names
from .hooked_require import check_hooked_requires
from .periods_driven import check_periods_driven
from .structure import check_flow, check_schedule, per_seat
from .symbols import GameModel, Symbol, build_symbols, link_bases

__all__ = ["GameModel", "Symbol", "build_symbols", "link_bases", "resolve_game"]

ATTRIBUTE_DECLS = (ast.Stat, ast.Zone, ast.Track, ast.Deck)  # `p.hand`: a player's own
ANSWERS = frozenset({"answer", "answers"})  # what an example sets to answer a choice
PLAIN_CONVERTERS = frozenset({"integer", "text", "int_or_text", "names", "flag", "params"})


def is_plain(keyword: str, name: str) -> bool:
    """True when a built-in property holds plain data, not references."""
    conv = {**COMMON, **PROPS.get(keyword, {})}.get(name)
    return conv is None or conv.__name__ in PLAIN_CONVERTERS or \
        conv.__qualname__.startswith(choice.__qualname__)


# ---------------------------------------------------------------- references


class Resolver:
    """Resolves every reference of one game, reporting what does not resolve."""

    def __init__(self, model: GameModel, diags: Diagnostics) -> None:
        self.model = model
        self.diags = diags
        self.attributes = {d.id for d in model.decls() if isinstance(d, ATTRIBUTE_DECLS)}
        self.kinds = {d.id: d for d in model.decls() if isinstance(d, ast.Kind)}
        self.faces = {face: d for d in model.decls() if isinstance(d, ast.Die)
                      for face in self._attributes_of(d)}
        # a board's space is named alone wherever its id is no other declaration's
        # (`move knight to market`), as a die's face is; on two boards, qualify it
        named = [d for d in model.decls() if isinstance(d, ast.Space)]
        counts = Counter(d.id for d in named)
        self.spaces = {d.id: d for d in named if counts[d.id] == 1}
        self.ref_fields: dict[str, dict[str, list[str]]] = {}  # by kind, once each
        games = [model] + ([model.base] if model.base else [])
        # what a call may read besides the engine's queries: declared facts, and base-game
        # terms (`majority(district)` reads the external Majority as a fact of the table)
        self.facts = {d.id for m in games for d in m.decls()
                      if isinstance(d, (ast.Fact, ast.External))}

    def check_call(self, call: ast.Call) -> None:
        check_call(call, self.facts, self.diags)  # (`calls`: what it may read, how many)

    def lookup(self, ref: ast.Ref, scope: Symbol) -> Symbol | None:
        """The innermost declaration named so, from `scope` outwards; one further out of
        the same name, hidden by it, is kept in `GameModel.shadowed` (W627 reads it)."""
        head = ref.parts[0]
        found = [s.children[head] for s in scope.ancestors() if head in s.children]
        if len(found) > 1:
            self.model.shadowed[id(ref)] = (ref, scope, found[0], found[1])
        if not found and self.model.base is not None:
            return self.model.base.root.children.get(head)
        return found[0] if found else None

    def resolve(self, ref: ast.Ref, scope: Symbol, local: frozenset[str],
                code: Code = Code.UNRESOLVED, context: str = "") -> ast.Decl | None:
        """The declaration `ref` names; None, reported, when it names nothing (`context`
        starts the message: the card and field of a card data cell)."""
        if ref.parts[0] in local | BUILTIN_NAMES:
            return None
        sym = self.lookup(ref, scope)
        if sym is None and len(ref.parts) == 1 and ref.parts[0] in self.faces:
            die = self.faces[ref.parts[0]]  # a die face: `if face == explosion`
            self.model.targets[ref] = die
            return die
        if sym is None and len(ref.parts) == 1 and ref.parts[0] in self.spaces:
            space = self.spaces[ref.parts[0]]
            self.model.targets[ref] = space
            return space
        if sym is None:
            self._unresolved(ref, scope, code, context)
            return None
        for i, part in enumerate(ref.parts[1:], start=1):
            child = sym.children.get(part)
            if child is not None:
                sym = child
                continue
            if part in self._attributes_of(sym.decl):
                break
            options = list(sym.children) + sorted(self._attributes_of(sym.decl) -
                                                  self.attributes)
            prefix = ".".join(ref.parts[:i])
            self.diags.add(code, f"{context}`{prefix}` has nothing called `{part}`", ref.span,
                           did_you_mean(part, options) or _listing(options))
            return None
        self.model.targets[ref] = sym.decl
        return sym.decl

    def _attributes_of(self, decl: ast.Decl) -> set[str]:
        """Members a dotted reference may name beyond children: fields, stats, faces."""
        if isinstance(decl, ast.Die):
            return {str(n.value) if isinstance(n, ast.IntLit) else n.dotted
                    for n in getattr(decl.faces, "items", ()) if isinstance(
                        n, (ast.Ref, ast.IntLit))}
        if not isinstance(decl, (ast.Instance, ast.Kind, ast.External)):
            return set()
        names = set(self.attributes)
        kind = self.kinds.get(decl.keyword) if isinstance(decl, ast.Instance) else decl
        if isinstance(kind, ast.Kind):
            names |= {f.name for f in kind.fields}
        return names

    def _unresolved(self, ref: ast.Ref, scope: Symbol, code: Code, context: str = "") -> None:
        what = "override target" if code == Code.OVERRIDE_TARGET_MISSING else "reference"
        self.diags.add(code, f"{context}{what} `{ref.parts[0]}` names nothing declared",
                       ref.span,
                       self._suggest(ref.parts[0], scope) or
                       "declare it, or declare it `external` if the book never defines it")

    def _suggest(self, name: str, scope: Symbol) -> str | None:
        """Did you mean: a close name in scope, else the full path of one elsewhere."""
        visible = {n for s in scope.ancestors() for n in s.children} - {scope.decl.id}
        if self.model.base is not None:
            visible |= set(self.model.base.root.children)
        hint = did_you_mean(name, visible)
        if hint:
            return hint
        elsewhere = [s for s in self.model.symbols.values() if s.decl.id not in visible]
        hint = did_you_mean(name, {s.decl.id for s in elsewhere})
        if hint is None:
            return None
        close = hint.split("`")[1]
        paths = sorted(s.qualname for s in elsewhere if s.decl.id == close)
        return f"did you mean `{paths[0]}`?" + (f" ({len(paths)} places)" if len(paths) > 1
                                                  else "")


def _listing(options: list[str]) -> str | None:
    if not options:
        return None
    shown = ", ".join(f"`{o}`" for o in options[:8])
    return f"it has: {shown}" + (", ..." if len(options) > 8 else "")


# ---------------------------------------------------------------- walking a game


def resolve_game(model: GameModel, diags: Diagnostics) -> None:
    resolver = Resolver(model, diags)
    for sym in list(model.symbols.values()):
        _resolve_decl(resolver, sym)
    game = model.game
    if game is not None:
        if game.base is not None and model.base is not None:
            model.targets[game.base] = model.base.root.decl  # the base game is loaded too
        _resolve_props(resolver, game, model.root)
        check_contents(model, diags)
    check_events(model, diags)
    check_periods_driven(model, diags)
    check_hooked_requires(model, diags)


def _resolve_decl(r: Resolver, sym: Symbol) -> None:
    decl = sym.decl
    scope = sym  # a declaration's own children are visible inside it
    if isinstance(decl, ast.Instance):
        _check_instance_kind(r, decl, sym)
    _resolve_props(r, decl, scope)
    # its `params:` (a step's, its procedure's), and the names its `when:` binds
    local = local_names(decl, sym.parent.decl if sym.parent is not None else None)
    for node in _expression_roots(decl):
        _resolve_node(r, node, scope, local)
    _check_self_hook(r, decl)


def _check_self_hook(r: Resolver, decl: ast.Decl) -> None:
    """`rule detainment` with `when: after detainment` in a section: the rule's own id
    hides the `detainment` outside, so the rule would hook itself and never fire."""
    clauses = getattr(decl, "clauses", None)
    when = clauses.when if isinstance(clauses, ast.Clauses) else None
    for moment in when.moments if when is not None else ():
        _check_self_moment(r, decl, moment)


def _check_self_moment(r: Resolver, decl: ast.Decl, when: ast.Timing) -> None:
    if when.target is None or r.model.targets.get(when.target) is not decl:
        return
    r.diags.add(Code.WRONG_KIND_OF_DECLARATION,
                f"`when: {when.kind} {when.target.dotted}` names this {decl.keyword} itself "
                f"(its id hides any `{when.target.dotted}` outside it), so it would never fire",
                when.target.span, "give it another id")


def _check_instance_kind(r: Resolver, decl: ast.Instance, sym: Symbol) -> None:
    kind = r.lookup(ast.Ref(decl.span, (decl.keyword,)), sym.parent or sym)
    if kind is not None and isinstance(kind.decl, ast.Kind):
        return
    if kind is None:
        options = set(BUILTINS) | set(r.kinds)
        r.diags.add(Code.UNDECLARED_KIND,
                    f"`{decl.keyword}` is neither a declaration keyword nor a declared "
                    "kind", decl.span, did_you_mean(decl.keyword, options)
                    or f"declare it first: `kind {decl.keyword} \"...\":` with its fields")
    else:
        r.diags.add(Code.WRONG_KIND_OF_DECLARATION,
                    f"`{decl.keyword}` is a `{kind.decl.keyword}`, not a kind",
                    decl.span, "only a `kind` can be used as a declaration keyword")


def _resolve_props(r: Resolver, decl: ast.Decl, scope: Symbol) -> None:
    keyword = decl.keyword if decl.keyword in PROPS else None
    ref_fields = _ref_fields(r, decl) if keyword is None else {}
    local = _owner_fields(r, decl, scope)
    for prop in decl.props:
        if isinstance(decl, ast.Game) and prop.name == "base" and prop.value in r.model.targets:
            continue
        if keyword is None and prop.name in ref_fields:
            _resolve_ref_field(r, decl, prop, ref_fields[prop.name], scope)
            continue
        if keyword is None and prop.name not in COMMON:
            continue  # a plain field value of an instance: checked by its schema
        if is_plain(keyword or "*", prop.name):
            continue  # plain data, or an unknown property reported by the builder
        if per_seat(r, decl, prop, scope):
            continue  # `per: player`: the seats, whatever the players' kind is called
        code = Code.OVERRIDE_TARGET_MISSING if prop.name == "overrides" else Code.UNRESOLVED
        if any(isinstance(n, ast.Comprehension) for n in iter_nodes(prop.value)):
            _resolve_node(r, prop.value, scope, local)  # it binds names of its own
            continue
        for node in iter_nodes(prop.value):
            if isinstance(node, ast.Ref):
                target = r.resolve(node, scope, local, code)
                _check_ref_kind(r, decl, prop, node, target)


def _owner_fields(r: Resolver, decl: ast.Decl, scope: Symbol) -> frozenset[str]:
    """A stat's bounds may name fields of the kind it belongs to (`0..max_trust`)."""
    if not isinstance(decl, ast.Stat) or decl.per is None:
        return frozenset()
    owner = r.lookup(decl.per, scope)
    if owner is not None and isinstance(owner.decl, ast.Kind):
        return frozenset(f.name for f in owner.decl.fields)
    return frozenset()


def _ref_fields(r: Resolver, decl: ast.Decl) -> dict[str, list[str]]:
    """{field: the kinds its references may name} for the instance's `ref` fields (found
    once per kind; the caller must not change the answer)."""
    found = r.ref_fields.get(decl.keyword)
    if found is None:
        found = r.ref_fields[decl.keyword] = _kind_ref_fields(r, decl.keyword)
    return found


def _kind_ref_fields(r: Resolver, keyword: str) -> dict[str, list[str]]:
    kind = r.kinds.get(keyword)
    if kind is None:
        return {}
    out: dict[str, list[str]] = {}
    for f in kind.fields:
        kinds = [n.target.dotted for n in iter_nodes(f.type) if isinstance(n, ast.RefType)]
        if kinds:
            out[f.name] = kinds
    return out


def _resolve_ref_field(r: Resolver, decl: ast.Decl, prop: ast.Property, kinds: list[str],
                       scope: Symbol) -> None:
    """An instance's `ref` field: each name must be an instance of the named kind.
    (Card data from JSON gives names as texts: `"harbour"` is read as `harbour`.)"""
    card = card_label(decl)
    context = f"{card}field `{prop.name}`: " if card else ""
    for node in iter_nodes(prop.value):
        if isinstance(node, ast.StrLit) and node.value:
            node = ast.Ref(node.span, tuple(node.value.split(".")))
        if not isinstance(node, ast.Ref):
            continue
        target = r.resolve(node, scope, frozenset(), context=context)
        if target is None or "any" in kinds:
            continue
        if not (isinstance(target, ast.Instance) and target.keyword in kinds):
            what = f"a `{target.keyword}`"
            wanted = " or ".join(f"`{k}`" for k in kinds)
            r.diags.add(Code.WRONG_KIND_OF_DECLARATION,
                        f"{context or f'`{prop.name}` '}must name a {wanted}, and "
                        f"`{node.dotted}` is "
                        f"{what}", node.span, f"`{decl.keyword}.{prop.name}` is `ref "
                        f"{' | ref '.join(kinds)}`")


def _check_ref_kind(r: Resolver, decl: ast.Decl, prop: ast.Property, ref: ast.Ref,
                    target: ast.Decl | None) -> None:
    if target is None:
        return
    if (prop.name == "per" and decl.keyword in ("stat", "zone", "deck") or
            (decl.keyword, prop.name) == ("procedure", "each")) and not isinstance(
            target, (ast.Kind, ast.External)):
        r.diags.add(Code.WRONG_KIND_OF_DECLARATION,
                    f"`{prop.name}` must name a kind (or an external one), and "
                    f"`{ref.dotted}` is a `{target.keyword}`", ref.span, None)
    if (decl.keyword, prop.name) == ("restatement", "restates") and isinstance(
            target, ast.Restatement):
        r.diags.add(Code.WRONG_KIND_OF_DECLARATION,
                    "a restatement restates the original, not another restatement",
                    ref.span, f"point `restates:` at what `{ref.dotted}` restates")


def _expression_roots(decl: ast.Decl) -> Iterator[object]:
    """The parts of a declaration that hold references (not its properties)."""
    clauses = getattr(decl, "clauses", None)
    if clauses is not None and clauses is not ast.NO_CLAUSES:  # (none: nothing to resolve)
        yield clauses
    yield from getattr(decl, "rows", ())
    yield from getattr(decl, "entries", ())
    yield from getattr(decl, "fields", ())
    if isinstance(decl, ast.Example):
        yield from decl.given + decl.actions + decl.expect


def _resolve_node(r: Resolver, node: object, scope: Symbol, local: frozenset[str]) -> None:
    """Resolve the references below `node`, tracking names bound by statements."""
    if isinstance(node, ast.Ref):
        target = r.resolve(node, scope, local)
        if isinstance(target, ast.Fact):  # a bare name would be read as its text
            r.diags.add(Code.WRONG_KIND_OF_DECLARATION,
                        f"`{node.dotted}` is a fact: its value is a call, not its name",
                        node.span, f"write `{node.dotted}()`")
        return
    if isinstance(node, (ast.EndProcedure, ast.SkipTo)):
        check_flow(r, node, scope, local)
        return
    if isinstance(node, ast.Schedule):
        check_schedule(r, node, scope, local)
        return
    if isinstance(node, ast.Call):
        r.check_call(node)
        if node.func in ANSWERS and node.args:  # `answer(choice_name, player)`: a name
            for arg in node.args[1:]:
                _resolve_node(r, arg, scope, local)
            return
    if isinstance(node, ast.ForEach):
        _resolve_node(r, node.iterable, scope, local)
        _resolve_block(r, node.body, scope, local | {node.var})
        return
    if isinstance(node, ast.ChooseFrom):
        _resolve_node(r, node.pool, scope, local)
        if node.count is not None:
            _resolve_node(r, node.count, scope, local)
        for part in (node.where, node.body):
            if part is not None:
                _resolve_block(r, part if isinstance(part, tuple) else (part,), scope,
                               local | {node.var})
        _resolve_block(r, node.orelse, scope, local)
        return
    if isinstance(node, ast.Comprehension):
        _resolve_node(r, node.pool, scope, local)
        for part in (node.item, node.where):
            if part is not None:
                _resolve_node(r, part, scope, local | {node.var})
        return
    if isinstance(node, (ast.Clauses, ast.If, ast.Choose, ast.Option, ast.Row, ast.May,
                         ast.ActAs)):
        _resolve_block(r, node, scope, local)
        return
    if isinstance(node, ast.Field):
        for sub in iter_nodes(node.type):
            if isinstance(sub, ast.RefType) and sub.target.dotted != "any":
                target = r.resolve(sub.target, scope, local)
                if target is not None and not isinstance(target, ast.Kind):
                    r.diags.add(Code.WRONG_KIND_OF_DECLARATION,
                                f"`ref {sub.target.dotted}` must name a kind, not a "
                                f"`{target.keyword}`", sub.target.span, None)
        return
    if not hasattr(node, "__dataclass_fields__"):
        return
    for sub in _direct_children(node):
        _resolve_node(r, sub, scope, local)


def _resolve_block(r: Resolver, node: object, scope: Symbol, local: frozenset[str]) -> None:
    """Statements in order: a `roll ... as x` binds `x` for the statements after it."""
    bound = set(local)
    items = node if isinstance(node, tuple) else tuple(_direct_children(node))
    for sub in items:
        _resolve_node(r, sub, scope, frozenset(bound))
        if isinstance(sub, ast.Roll) and sub.bind:
            bound.add(sub.bind)


def _direct_children(node: object) -> Iterator[object]:
    for name in getattr(node, "__dataclass_fields__", {}):
        if name == "span":
            continue
        value = getattr(node, name)
        for item in value if isinstance(value, tuple) else (value,):
            if hasattr(item, "__dataclass_fields__"):
                yield item
