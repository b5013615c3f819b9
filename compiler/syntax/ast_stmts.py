"""AST nodes of statements: what a cost, an effect or an example's steps do."""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import TypeAlias

from ..core.source import Span
from .ast_exprs import Expr, Ref

# ------------------------------------------------------------------ statements


@dataclass(frozen=True, slots=True)
class Gain:
    span: Span
    amount: Expr
    stat: Ref
    target: Expr | None


@dataclass(frozen=True, slots=True)
class Lose:
    span: Span
    amount: Expr
    stat: Ref
    target: Expr | None


@dataclass(frozen=True, slots=True)
class Pay:
    span: Span
    amount: Expr
    stat: Ref


@dataclass(frozen=True, slots=True)
class Draw:
    span: Span
    amount: Expr
    deck: Ref
    to: Ref | None


@dataclass(frozen=True, slots=True)
class Discard:
    span: Span
    what: Expr
    to: Ref | None
    source: Expr | None = None  # `discard X from P`: the copy of X that is in P


@dataclass(frozen=True, slots=True)
class Place:
    span: Span
    what: Expr
    preposition: str  # on | in | at | under (the bottom of a pile)
    where: Expr


@dataclass(frozen=True, slots=True)
class Move:
    span: Span
    what: Expr
    to: Expr
    source: Expr | None = None  # `move X from P to Q`: the copy of X that is in P
    within: Expr | None = None  # `move X to S within 2`: at most 2 steps on S's board


@dataclass(frozen=True, slots=True)
class MoveAlong:
    """`move X along P`: one space at a time along a list of spaces."""

    span: Span
    what: Expr
    path: Expr


@dataclass(frozen=True, slots=True)
class Force:
    """`push X away from Y by N [stopped by L]`, `pull X toward Y by N [stopped by L]`."""

    span: Span
    verb: str  # push | pull
    what: Expr
    source: Expr
    amount: Expr
    stopped: Expr | None = None


@dataclass(frozen=True, slots=True)
class Relocate:
    span: Span
    what: Expr
    to: Expr


@dataclass(frozen=True, slots=True)
class Roll:
    span: Span
    die: Ref
    bind: str | None


@dataclass(frozen=True, slots=True)
class Reroll:
    span: Span
    what: Expr


@dataclass(frozen=True, slots=True)
class Reveal:
    span: Span
    what: Expr
    source: Ref | None


@dataclass(frozen=True, slots=True)
class Shuffle:
    span: Span
    deck: Ref
    into: Ref | None


@dataclass(frozen=True, slots=True)
class Add:
    span: Span
    what: Expr
    to: Ref


@dataclass(frozen=True, slots=True)
class Remove:
    span: Span
    what: Expr
    source: Ref


@dataclass(frozen=True, slots=True)
class SetValue:
    span: Span
    target: Expr
    value: Expr


@dataclass(frozen=True, slots=True)
class Arg:
    """A value a `trigger` gives: by position (`name` None), or by name (`target = c`)."""

    span: Span
    name: str | None
    value: Expr


@dataclass(frozen=True, slots=True)
class Trigger:
    span: Span
    target: Ref
    args: tuple[Arg, ...] = ()


@dataclass(frozen=True, slots=True)
class Require:
    span: Span
    condition: Expr


@dataclass(frozen=True, slots=True)
class Log:
    span: Span
    text: str


@dataclass(frozen=True, slots=True)
class Eliminate:
    """`eliminate p`: a player is out (of the round, or the game when no round runs)."""

    span: Span
    who: Expr


@dataclass(frozen=True, slots=True)
class EndProcedure:
    """`end PROC`: the running procedure ends now, its remaining steps skipped (its `end
    of` and `after` hooks still run); bare `end`, the innermost procedure running."""

    span: Span
    procedure: Ref | None
    outcome: str | None = None  # `end game with "won"`: how the game (campaign...) ended


@dataclass(frozen=True, slots=True)
class SkipTo:
    """`skip to PROC.STEP`: the running procedure goes on from that step (the rest of
    the step running now, and the steps between, are skipped)."""

    span: Span
    step: Ref


@dataclass(frozen=True, slots=True)
class Schedule:
    """`schedule X in N PERIOD` (`period` set): X is resolved when the Nth period of that
    name from now starts; `schedule X when STAT reaches V` (`stat` set): once the stat
    gets to V (evaluated now) or past it; `schedule X at end of step` (`at_end` set, no
    amount): when the step (or the period) running now ends; `in PROC` (`within`): the
    step of that procedure running now."""

    span: Span
    what: Ref
    amount: Expr | None
    period: str | None = None
    stat: Ref | None = None
    at_end: str | None = None
    within: Ref | None = None


@dataclass(frozen=True, slots=True)
class ProseStep:
    """A step the book states in words only; shown, counted, not executed."""

    span: Span
    text: str


@dataclass(frozen=True, slots=True)
class If:
    span: Span
    condition: Expr
    then: tuple[Stmt, ...]
    orelse: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class ForEach:
    span: Span
    var: str
    iterable: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class Option:
    span: Span
    id: str
    title: str | None
    body: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class Choose:
    span: Span
    count: Expr | None
    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class ChooseFrom:
    """`choose [up to N | exactly N | any number of] x from POOL [where COND]:` a choice
    over the state (entities in a place, players, values), answered by the acting
    player's chooser under the name `x`; `orelse` runs when there is nothing to choose."""

    span: Span
    var: str
    pool: Expr
    where: Expr | None
    mode: str  # one | up_to | exactly | any
    count: Expr | None
    body: tuple[Stmt, ...]
    orelse: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class May:
    """`may NAME:` an optional action: the acting player chooses whether to do it."""

    span: Span
    name: str
    body: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class ActAs:
    """`as p:` the block is done by player `p` (their choices, their stats)."""

    span: Span
    who: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class Refused:
    """`refused: ...` in an example's actions: the rules must refuse the action (`Illegal`),
    which then leaves the game as it was; an action that goes through fails the example."""

    span: Span
    body: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class Disable:
    """`disable X until end of battle`: X (a rule, a procedure, a card with rules) does
    not run while it lasts: `until_end` or `until_start` of `period`, or `permanent` (for
    good: without a duration)."""

    span: Span
    what: Expr
    kind: str = "permanent"  # until_end | until_start | permanent
    period: str | None = None


@dataclass(frozen=True, slots=True)
class Restore:
    """`restore battle`: the game's state as it was when the last run of the procedure
    began (its stats, places, limits used, lasting effects, schedule); what happened stays
    in the log (`runtime.snapshots`)."""

    span: Span
    procedure: Ref


@dataclass(frozen=True, slots=True)
class Create:
    """`create argonaut`: a new instance of a kind, in play from now on (`all(argonaut)`,
    `each: argonaut`); `newest(argonaut)` is the last one made (`runtime.made`)."""

    span: Span
    kind: Ref


@dataclass(frozen=True, slots=True)
class Retire:
    """`retire solon`: an instance no longer in play as one of its kind (`all`, `each:`
    skip it); its stats, places and what happened to it are kept (`runtime.made`)."""

    span: Span
    who: Expr


Stmt: TypeAlias = (
    Gain | Lose | Pay | Draw | Discard | Place | Move | MoveAlong | Force | Relocate | Roll
    | Reroll | Reveal | Shuffle | Add | Remove | SetValue | Trigger | Require | Log | ProseStep
    | If | ForEach
    | Choose | ChooseFrom | May | ActAs | Eliminate | EndProcedure | SkipTo | Schedule | Refused
    | Disable
    | Restore
    | Create | Retire
)
# Every statement type, read from `Stmt` (the one place they are listed).
STATEMENTS: tuple[type, ...] = typing.get_args(Stmt)
