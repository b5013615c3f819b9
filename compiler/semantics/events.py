"""What events and triggers carry: the names a `when:` binds and the values a `trigger`
gives, checked against the `params:` of what they name (E312); and that `refused:` stands
only in an example's actions (E204).

A rule, a procedure or an external event may declare the values it is given, in order:
`params: [district]`. A rule hooked to it names them for itself, `when: after
guard_broken(d)`, as many names as it has values; a `trigger` gives them by position,
`trigger guard_broken(big_ben)`, or by name, `trigger resolve(card = c)`, and may give
the triggered rule its `target` or `owner` by name (`trigger resolve(target = c)`).

A rule hooked `before`, `start of`, `during`, `end of` or `after` something runs when that
is resolved: a rule, a step, a procedure, a table or an external event; and `after STAT`
after each change of a stat or a track, `after DIE` after each roll of a die. Hooked any
other way to a stat, a track or a die, or to
something never resolved (a deck, a zone, a kind, a card of the catalog without rules...),
the rule would never fire: a warning (W313) says so.
"""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..syntax import ast
from ..syntax.properties import params_of
from ..syntax.walk import find_nodes, iter_nodes
from .invariants import check_invariants
from .limit_keys import check_limit_keys
from .made import check_made
from .named_stats import check_named_stats
from .pieces import PIECE, PIECE_EVENTS, held_piece
from .shared_limits import check_shared_limits
from .snapshots import check_restores
from .symbols import GameModel
from .values import check_values

BUILT_IN_ARGS = frozenset({"target", "owner"})  # what any triggered rule may be given


def local_names(decl: ast.Decl, parent: ast.Decl | None = None) -> frozenset[str]:
    """The names a rule's clauses may read besides declarations: its own `params:` (a
    step's, its procedure's) and the names its `when:` binds."""
    clauses = getattr(decl, "clauses", None)
    when = clauses.when if isinstance(clauses, ast.Clauses) else None
    binds = {name for moment in (when.moments if when is not None else ())
             for name in moment.binds}
    own = params_of(parent) if isinstance(decl, ast.Step) and parent is not None else ()
    return frozenset(binds | set(params_of(decl)) | set(own))


def bound_values(model: GameModel, decl: ast.Decl,
                 parent: ast.Decl | None = None) -> dict[str, tuple[str, ...]]:
    """For each name `local_names` gives: the names of the values it reads, any of which
    the run was given (a rule hooked `after a(x) or after b(x)` reads `x` as the value
    `a` or `b` gave; its own parameter `p` as `p`)."""
    out: dict[str, list[str]] = {}
    clauses = getattr(decl, "clauses", None)
    when = clauses.when if isinstance(clauses, ast.Clauses) else None
    for moment in when.moments if when is not None else ():
        target = model.targets.get(moment.target) if moment.target is not None else None
        params = carried(target, moment)
        for name, param in zip(moment.binds, params, strict=False):
            out.setdefault(name, []).append(param)
    own = params_of(parent) if isinstance(decl, ast.Step) and parent is not None else ()
    for name in (*params_of(decl), *own):
        out.setdefault(name, []).append(name)
    return {name: tuple(dict.fromkeys(found)) for name, found in out.items()}


def carried(target: ast.Decl | None, moment: ast.Timing) -> tuple[str, ...]:
    """The values a moment carries: what its target declares (`params:`); a change of a
    stat replaced (`instead of STAT(n)`) carries the change (`runtime.replacing`)."""
    if isinstance(target, (ast.Stat, ast.Track)) and moment.kind == "instead":
        return ("change",)
    if held_piece(target, moment):  # `passes rock(r)`: the piece on the space
        return (PIECE,)
    return params_of(target) if target is not None else ()


def check_events(model: GameModel, diags: Diagnostics) -> None:
    """Every `when:` that binds names and every `trigger` that gives values, against the
    `params:` of what it names."""
    for sym in model.symbols.values():
        decl = sym.decl
        clauses = getattr(decl, "clauses", None)
        if isinstance(clauses, ast.Clauses) and clauses.when is not None:
            for moment in clauses.when.moments:
                _check_binds(model, moment, diags)
                _check_hooked(model, moment, diags)
        allowed = {id(n) for a in decl.actions for n in iter_nodes(a)} \
            if isinstance(decl, ast.Example) else set()
        # a card's statements are in its clauses (its field values hold none)
        walked = decl.clauses if isinstance(decl, ast.Instance) else decl
        if walked is ast.NO_CLAUSES:
            continue  # a plain card: nothing to walk
        for node in find_nodes(walked, (ast.Trigger, ast.Refused)):
            if isinstance(node, ast.Trigger) and node.args:
                _check_args(model, node, diags)
            elif isinstance(node, ast.Refused) and id(node) not in allowed:
                diags.add(Code.NOT_ALLOWED_HERE, "`refused:` says that the rules refuse an "
                          "action an example takes, and stands only in its `actions:`",
                          node.span, "in a rule, say what is not allowed with `require "
                          "CONDITION`")
    check_values(model, diags)  # a rule where a value is read (E306)
    check_limit_keys(model, diags)
    check_named_stats(model, diags)  # `stat(X)` names a stat (E360)
    check_invariants(model, diags)  # `holds: always` (E361)
    check_restores(model, diags)  # `restore PROC` (E362)
    check_made(model, diags)  # `create KIND` (E380), `retire X` (E381)
    check_shared_limits(model, diags)


def _what(decl: ast.Decl) -> str:
    return f"`{decl.id}`"


def _gives(params: tuple[str, ...]) -> str:
    if not params:
        return "gives no values"
    return f"gives {len(params)} value{'s' if len(params) != 1 else ''} " \
           f"({', '.join(params)})"


def _check_binds(model: GameModel, moment: ast.Timing, diags: Diagnostics) -> None:
    if not moment.binds or moment.target is None:
        return
    target = model.targets.get(moment.target)
    if target is None:
        return
    params = carried(target, moment)
    written = f"`{moment.kind} {moment.target.dotted}({', '.join(moment.binds)})`"
    if len(set(moment.binds)) != len(moment.binds):
        diags.add(Code.WRONG_ARGUMENTS, f"{written} names one value twice", moment.span,
                  "give each value a name of its own")
    elif len(params) != len(moment.binds):
        hint = (f"name each of them: `{moment.target.dotted}({', '.join(params)})`" if params
                else f"declare them where `{target.id}` is declared: `params: [...]`")
        if moment.kind in PIECE_EVENTS and not params:  # a board's or a space's
            hint = ("only a piece standing on the space is given: name its component, "
                    f"card or kind (`{moment.kind} rock(r)`), or drop the names")
        diags.add(Code.WRONG_ARGUMENTS,
                  f"{_what(target)} {_gives(params)}, and {written} names "
                  f"{len(moment.binds)}", moment.span, hint)


HOOKS = {"before": "before", "start": "start of", "during": "during", "end": "end of",
         "after": "after"}
RESOLVED = (ast.Rule, ast.Step, ast.Procedure, ast.Table, ast.External, ast.Instance)


def _check_hooked(model: GameModel, moment: ast.Timing, diags: Diagnostics) -> None:
    """A hook on something that is never resolved never fires (W313)."""
    if moment.kind not in HOOKS or moment.target is None:
        return
    target = model.targets.get(moment.target)
    if target is None or isinstance(target, RESOLVED):
        return
    written = f"`{HOOKS[moment.kind]} {moment.target.dotted}`"
    if isinstance(target, (ast.Stat, ast.Track, ast.Die)):
        if moment.kind == "after":
            return
        what = "a roll of it" if isinstance(target, ast.Die) else "each change of it"
        diags.add(Code.HOOK_NEVER_RUNS, f"{written}: `{target.id}` is a {target.keyword}, "
                  f"and a rule is hooked to {what} only by `after`: this rule never fires",
                  moment.span, f"write `after {moment.target.dotted}` (after {what}), or "
                  "say the moment in words (`when: \"...\"`)")
        return
    diags.add(Code.HOOK_NEVER_RUNS, f"{written}: `{target.id}` is a {target.keyword}, which "
              "is never resolved: this rule never fires", moment.span,
              "hook it to a rule, a step, a procedure, a table or an external event "
              "(`enters`/`leaves` for a place), or say the moment in words (`when: \"...\"`)")


def _check_args(model: GameModel, node: ast.Trigger, diags: Diagnostics) -> None:
    target = model.targets.get(node.target)
    if target is None:
        if any(a.name not in BUILT_IN_ARGS for a in node.args) and \
                node.target.parts[0] not in ("self", "target"):
            diags.add(Code.WRONG_ARGUMENTS,
                      f"`trigger {node.target.dotted}(...)` gives values by position or by "
                      "a parameter's name, and what it triggers is not known before play",
                      node.span, "name the rule, procedure or event it triggers, or give "
                      "only `target = ...` or `owner = ...`")
        return
    params = params_of(target)
    given: list[str] = []
    positional = [a for a in node.args if a.name is None]
    for arg in node.args:
        if arg.name is None or arg.name in BUILT_IN_ARGS:
            continue
        if arg.name not in params:
            diags.add(Code.WRONG_ARGUMENTS,
                      f"{_what(target)} has no value called `{arg.name}`: it "
                      f"{_gives(params)}", arg.span,
                      "give `target = ...`, `owner = ...` or one of its `params:`")
            return
        given.append(arg.name)
    named = [a.name for a in node.args if a.name is not None]
    if len(set(named)) != len(named) or set(given) & set(params[:len(positional)]):
        diags.add(Code.WRONG_ARGUMENTS, f"`trigger {node.target.dotted}(...)` gives one "
                  "value twice", node.span, "give each value once")
        return
    if (positional or given) and len(positional) + len(given) != len(params):
        diags.add(Code.WRONG_ARGUMENTS,
                  f"{_what(target)} {_gives(params)}, and `trigger "
                  f"{node.target.dotted}(...)` gives {len(positional) + len(given)}",
                  node.span, f"give them in order: `trigger {node.target.dotted}"
                  f"({', '.join(params)})`" if params else
                  f"declare them where `{target.id}` is declared: `params: [...]`")


def arg_names(target: ast.Decl | None, node: ast.Trigger) -> list[tuple[str, ast.Expr]]:
    """(parameter or built-in, value) for each value a trigger gives, positional values
    named by the target's `params:` in order."""
    params = params_of(target) if target is not None else ()
    out: list[tuple[str, ast.Expr]] = []
    position = 0
    for arg in node.args:
        if arg.name is not None:
            out.append((arg.name, arg.value))
        elif position < len(params):
            out.append((params[position], arg.value))
            position += 1
    return out
