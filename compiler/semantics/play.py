"""What a game needs for the rules that play it: players, and answers to real choices.

Run after name resolution, beside schema validation:
- a game's `players:` names a kind (E306);
- what exists or runs once per player (a `per: player` zone or deck, an `each: player`
  procedure, the player queries, `eliminate`) needs the game's `players:` (E309);
- an example's `set answer(name) to ...` (or `answers(name)`, one answer each time the
  choice comes) answers a choice some rule of the game makes
  (`choose x from ...`, `may name:`, or the rule of a `choose` between options), or one
  the engine makes itself: `overflow`, which thing leaves a full zone, when a zone has a
  `capacity` it does not `forbid` going past, or a rule a `limit: max N in ZONE`; `route`,
  the next space where equal shortest routes part, when a rule pulls or reads `path(...)`;
  `direction`, the side a push goes to when several lines are equally away (E310).
"""

from __future__ import annotations

from ..core.codes import Code
from ..core.diagnostics import Diagnostics, did_you_mean
from ..syntax import ast
from ..syntax.walk import iter_nodes
from .symbols import GameModel

PLAYER_QUERIES = frozenset({"players", "others", "still_in", "next_player"})
OVERFLOW = "overflow"  # the engine's own choice (`runtime.choosing.OVERFLOW`)
ROUTE = "route"  # the next space of a pull or a `path(...)` (`runtime.forced.ROUTE`)
DIRECTION = "direction"  # which straight line a push takes, when several are away


def check_play(model: GameModel, diags: Diagnostics) -> None:
    has_players = _players_kind(model, diags)
    choices: set[str] = set()
    answers: list[ast.Call] = []
    for sym in model.symbols.values():
        decl = sym.decl
        if not has_players:
            _needs_players(decl, diags)
        if isinstance(decl, (ast.Procedure, ast.Rule)) and decl.prop("order") is not None:
            choices.add(decl.id)  # `order: chosen`: who takes the next run, which hook next
        if _overflows(decl):
            choices.add(OVERFLOW)  # which thing leaves a full zone
        for node in _own_nodes(decl):
            if isinstance(node, ast.ChooseFrom):
                choices.add(node.var)
            elif isinstance(node, ast.May):
                choices.add(node.name)
            elif isinstance(node, ast.Choose):
                choices.add(decl.id)
            elif isinstance(node, ast.Call) and node.func in PLAYER_QUERIES and not has_players:
                diags.add(Code.NEEDS_PLAYERS, f"`{node.func}(...)` asks about the players, and "
                          "the game declares none", node.span, _HINT)
            elif isinstance(node, ast.Eliminate) and not has_players:
                diags.add(Code.NEEDS_PLAYERS, "`eliminate` puts a player out, and the game "
                          "declares none", node.span, _HINT)
            elif isinstance(node, ast.Force) and node.verb == "pull" or \
                    isinstance(node, ast.Call) and node.func == "path":
                choices.add(ROUTE)  # where equal shortest routes part
            elif isinstance(node, ast.Force):
                choices.add(DIRECTION)  # which straight line away, when several are
            elif isinstance(node, ast.SetValue) and isinstance(node.target, ast.Call) and \
                    node.target.func in ("answer", "answers"):
                answers.append(node.target)
    for call in answers:
        first = call.args[0] if call.args else None
        name = first.parts[-1] if isinstance(first, ast.Ref) else None
        if name is None or name not in choices:
            shown = first.dotted if isinstance(first, ast.Ref) else ""
            diags.add(Code.UNKNOWN_CHOICE, f"`answer({shown})` answers no choice a rule of "
                      "this game makes", call.span,
                      did_you_mean(name or "", sorted(choices)) or
                      "name the choice as its rule does: `choose x from ...` is answered by "
                      "`answer(x)`, `may draw_more:` by `answer(draw_more)`")


def _overflows(decl: ast.Decl) -> bool:
    """Does the engine ask which thing leaves this zone, or the zone this rule's `limit:
    max N in ZONE` keeps to N?"""
    if isinstance(decl, ast.Zone):
        return decl.capacity is not None and decl.overflow not in (None, "forbid")
    clauses = getattr(decl, "clauses", None)
    limit = clauses.limit if isinstance(clauses, ast.Clauses) else None
    return limit is not None and limit.max_in is not None


_HINT = "declare who plays in the game: `players: player` (a kind whose instances are the seats)"


def _players_kind(model: GameModel, diags: Diagnostics) -> bool:
    game = model.game
    prop = game.prop("players") if game is not None else None
    if prop is None:
        return False
    value = prop.value
    target = model.targets.get(value) if isinstance(value, ast.Ref) else None
    if isinstance(value, ast.Ref) and target is not None and not isinstance(target, ast.Kind):
        diags.add(Code.WRONG_KIND_OF_DECLARATION,
                  f"`players` must name a kind, and `{value.dotted}` is a `{target.keyword}`",
                  value.span, "declare `kind player \"Player\"` and name it: `players: player`")
    return True


_SEATED = {ast.Zone: "per", ast.Deck: "per", ast.Procedure: "each"}


def _needs_players(decl: ast.Decl, diags: Diagnostics) -> None:
    for cls, name in _SEATED.items():
        prop = decl.prop(name) if isinstance(decl, cls) else None
        if prop is not None and isinstance(prop.value, ast.Ref) and prop.value.dotted == "player":
            diags.add(Code.NEEDS_PLAYERS, f"`{name}: player` needs players, and the game "
                      "declares none", prop.span, _HINT)


def _own_nodes(decl: ast.Decl) -> list[object]:
    """The nodes of a declaration's clauses, rows and example steps (not its children's)."""
    roots: list[object] = []
    clauses = getattr(decl, "clauses", None)
    if clauses is not None and clauses is not ast.NO_CLAUSES:  # (a card's, most often)
        roots.append(clauses)
    roots += list(getattr(decl, "rows", ()))
    if isinstance(decl, ast.Example):
        roots += list(decl.given + decl.actions + decl.expect)
    return [n for root in roots for n in iter_nodes(root)]
