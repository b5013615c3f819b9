"""W314: a limit, a duration, a disable or a schedule counted in a period that nothing in
the game begins or ends.

The engine starts a period's limits again, and ends what lasts until its end, when the
procedure that is that period ends (`period: round`, or a procedure named `round`), or
an outside event of the base game that is one (`external ... period: round`) or ends
one (`ends: round`: enough for what counts to the end of a round, not for what waits
for one to begin). A game with neither for `round` has a `limit: once per round`
that is never reset in a run and a `duration: until end of round` that never ends: the
encoding says a rule it never keeps. `game` and `campaign` are exempt: a run is one
game (one campaign) when nothing drives them, so what they limit or make last holds for
the whole run, as the book means. A base game's periods count for its expansion. (A
caller that drives periods itself, `game.start("round")`, is not seen here: the hint
says so.)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..core.source import Span
from ..core.vocabulary import PERIODS
from ..syntax import ast
from ..syntax.walk import iter_nodes
from .structure import period_of
from .symbols import GameModel

WHOLE_RUN = frozenset({"game", "campaign"})


def driven_periods(model: GameModel) -> tuple[set[str], set[str]]:
    """(begun, ended): the periods a procedure or an outside event of this game (or of its
    base games) is, and those it is or ends (`ends: round` on the base game's last phase)."""
    begun: set[str] = set()
    ended: set[str] = set()
    game: GameModel | None = model
    while game is not None:
        for decl in game.decls():
            if not isinstance(decl, (ast.Procedure, ast.External)):
                continue
            prop = decl.prop("period")
            if prop is not None and isinstance(prop.value, ast.Ref):
                begun.add(prop.value.dotted)
            elif isinstance(decl, ast.Procedure) and decl.id in PERIODS:
                begun.add(decl.id)
            ends = decl.prop("ends") if isinstance(decl, ast.External) else None
            if ends is not None and isinstance(ends.value, ast.Ref):
                ended.add(ends.value.dotted)
        game = game.base
    return begun, begun | ended


def check_periods_driven(model: GameModel, diags: Diagnostics) -> None:
    begun, ended = driven_periods(model)
    for decl in model.decls():
        for period, written, span, needs_start in _counted_in(decl):
            if period in (begun if needs_start else ended) or period in WHOLE_RUN or \
                    period not in PERIODS:
                continue
            nothing = "begins" if needs_start else "begins or ends"
            diags.add(Code.PERIOD_NEVER_DRIVEN,
                      f"{written}: nothing in this game {nothing} a {period} (no "
                      f"procedure with `period: {period}`, no outside event that is one"
                      f"{'' if needs_start else ' or ends one'}), so "
                      f"{_consequence(written)}", span,
                      f"declare what drives it: a procedure `period: {period}`, or the base "
                      f"game's `external ... period: {period}` that an example triggers (a "
                      f"caller of the engine may drive it itself: `game.start(\"{period}\")`)")


def _consequence(written: str) -> str:
    if written.startswith("`limit"):
        return "its uses are never counted again from zero"
    return "what it schedules never comes" if written.startswith("`schedule") \
        else "it never ends"


def _counted_in(decl: ast.Decl) -> Iterator[tuple[str, str, Span, bool]]:
    """(period, how it is written, where, whether it waits for the period to begin) for
    each period the declaration counts in."""
    clauses = getattr(decl, "clauses", None)
    if not isinstance(clauses, ast.Clauses) or clauses is ast.NO_CLAUSES:
        return
    lim, dur = clauses.limit, clauses.duration
    if lim is not None and lim.per is not None:
        yield lim.per, f"`limit: ... per {lim.per}`", lim.span, False
    if dur is not None and dur.period is not None:
        yield (dur.period, f"`duration: {_until(dur.kind)} {dur.period}`", dur.span,
               dur.kind == "until_start")
    for stmt in clauses.cost + clauses.effect:
        for node in iter_nodes(stmt):
            if isinstance(node, ast.Disable) and node.period is not None:
                yield (node.period, f"`disable ... {_until(node.kind)} {node.period}`",
                       node.span, node.kind == "until_start")
            elif isinstance(node, ast.Schedule):
                if node.period is not None:
                    yield (period_of(node.period), f"`schedule ... in ... {node.period}`",
                           node.span, True)
                elif node.at_end is not None and node.at_end != "step":
                    yield (period_of(node.at_end), f"`schedule ... at end of {node.at_end}`",
                           node.span, True)


def _until(kind: str) -> str:
    return "until start of" if kind == "until_start" else "until end of"
