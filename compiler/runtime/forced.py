"""Moves square by square: forced moves (`push`, `pull`), moves along a path, paths.

`push x away from y by 3` moves `x` in a straight line directly away from `y` (a thing or
a space; on a grid; `y` may be a side, `"north"`, to push towards the opposite side), one
space at a time (on a diagonal from `y` on a grid without diagonal steps, or on top of
`y`, the acting player chooses among the lines that leave it soonest: `direction`);
`pull x toward y by 3` moves it one space at a time along a shortest path towards `y` (a
straight line when it is in one), ending beside `y` at the nearest.
Either stops early at the board's edge, or before a space of its `stopped by` list (the
spaces, or things on them, it cannot enter). A wide figure moves its whole square.

Each space the thing moves onto reports `passes` (each space a wide figure newly covers);
a move stopped reports `bumps` on what stopped it (the blocking space, or the board for
its edge); the whole move reports `leaves` where it started and `enters` where it ends,
once, as any move does. So what a game does on the way (a collision, a death where a move
ends, a move on along the edge) is the game's own rules hooked to those events, which read
`moved(x)` (the spaces moved), `stopped_by(x)` (the space or the board that stopped it,
nothing when it went the whole way), `passed(x)` (the spaces it moved onto) and
`involuntary(x)` (yes while a push or a pull moves it, in the rules its events set off).

`move x along p` moves a thing one space at a time along a list of spaces, each adjacent
to the last (`Illegal` otherwise), with the same events, as a voluntary move.
`path(a, b[, through])` is a shortest path from `a` to `b`, the spaces after `a` up to
`b` (crossing only `through`, when given); where equal shortest routes part, the acting
player chooses the next space: a choice named `route`, answered like any choice.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from .board import SIDES, BoardDef, _cover, _side, board_of
from .choosers import Choice
from .context import Ctx
from .defs import Value
from .errors import Illegal, NotExecutable
from .perch import perch_steps, refuse_forced

if TYPE_CHECKING:
    from .state import Game

ROUTE = "route"  # the choice between equal shortest routes
DIRECTION = "direction"  # the choice between straight lines equally away


class Record:
    """A thing's last move square by square: how far, what stopped it, where it went."""

    __slots__ = ("moved", "passed", "stopped")

    def __init__(self) -> None:
        self.moved = 0
        self.stopped: Value = None
        self.passed: list[Value] = []


class Forcing:
    """Forced moves and moves along a path (a mixin of `Game`)."""

    if TYPE_CHECKING:
        places: Any
        defs: Any
        actors: list[Value]

        def members(self, value: Value) -> list[Value]: ...

        def amount(self, value: Value) -> int: ...

        def ask(self, choice: Choice) -> list[Value]: ...

        def _event(self, event: str, thing: Value, place: str,
                   ctx: Ctx | None = None) -> None: ...

    def _sq_records(self) -> dict[Value, Record]:
        return cast("dict[Value, Record]", self.__dict__.setdefault("square_moves", {}))

    def _sq_forcing(self) -> list[Value]:
        return cast("list[Value]", self.__dict__.setdefault("forcing", []))

    def push(self, thing: Value, source: Value, amount: Value, stopped: Value = None,
             ctx: Ctx | None = None) -> None:
        """Move a thing `amount` spaces in a straight line directly away from `source`."""
        entity, board = self._sq_mover(thing, "push")
        step = _away(cast("Game", self), board, entity, source)
        self._sq_force(entity, board, self.amount(amount), stopped, ctx,
                    lambda _at: [step])

    def pull(self, thing: Value, source: Value, amount: Value, stopped: Value = None,
             ctx: Ctx | None = None) -> None:
        """Move a thing up to `amount` spaces along a shortest path towards `source`."""
        entity, board = self._sq_mover(thing, "pull")
        if isinstance(source, str) and source in SIDES and board.grid:
            step = SIDES[source]
            self._sq_force(entity, board, self.amount(amount), stopped, ctx, lambda _at: [step])
            return
        goal = _cover(cast("Game", self), source)
        self._sq_force(entity, board, self.amount(amount), stopped, ctx,
                    lambda at: _nearer(cast("Game", self), board, entity, at, goal))

    def move_along(self, thing: Value, spaces: Value, ctx: Ctx | None = None) -> None:
        """Move a thing one space at a time along a list of spaces, each adjacent to the
        last."""
        entity, board = self._sq_mover(thing, "move along a path")
        record = self._sq_start(entity)
        origin = self.places.where(entity)
        for space in self.members(spaces):
            here = self.places.where(entity)
            if space not in board.neighbours(here) and \
                    space not in perch_steps(cast("Game", self), here):
                raise Illegal(f"{space} is not adjacent to {here}: {entity} moves along a "
                              "path one space at a time")
            if board.footprint(space, _side(cast("Game", self), entity)) is None:
                raise Illegal(f"{entity} is too wide to stand on {space}")
            self._sq_step(entity, board, here, space, record, ctx)
        self._sq_finish(entity, origin, record, ctx)

    # -------------------------------------------------------------- the steps

    def _sq_mover(self, thing: Value, verb: str) -> tuple[Value, BoardDef]:
        entity, where = self.places.find(thing)
        board = board_of(self.defs.boards, where)
        if board is None:
            raise NotExecutable(f"{verb}: {thing} is on no board's space")
        if verb != "move along a path":
            refuse_forced(cast("Game", self), where, verb)  # not from a space on a piece
        return entity, board

    def _sq_start(self, entity: Value) -> Record:
        record = self._sq_records()[entity] = Record()
        return record

    def _sq_force(self, entity: Value, board: BoardDef, amount: int, stopped: Value,
               ctx: Ctx | None, steps: Callable[[Value], list[tuple[int, int]]]) -> None:
        record = self._sq_start(entity)
        origin = self.places.where(entity)
        side = _side(cast("Game", self), entity)
        self._sq_forcing().append(entity)
        try:
            while record.moved < amount:
                here = self.places.where(entity)
                options = [s for s in (_shift(board, here, d) for d in steps(here)) if s]
                if not options:
                    break  # nowhere nearer: the pull has arrived
                there = self._sq_which(options, ctx)
                blocker = _blocked(cast("Game", self), board, entity, here, there, side, stopped)
                if blocker is not None:
                    record.stopped = blocker
                    self.places.log.add("stopped", str(entity), detail=f"by {blocker}")
                    self._event("bumps", entity, blocker, ctx)
                    break
                self._sq_step(entity, board, here, there, record, ctx)
            self._sq_finish(entity, origin, record, ctx)
        finally:
            self._sq_forcing().remove(entity)

    def _sq_which(self, options: list[Value], ctx: Ctx | None) -> Value:
        if len(options) == 1:
            return options[0]
        who = ctx.subject if ctx is not None else (self.actors[-1] if self.actors else None)
        return self.ask(Choice(ROUTE, ROUTE, who, tuple(options)))[0]

    def _sq_step(self, entity: Value, board: BoardDef, here: Value, there: Value,
              record: Record, ctx: Ctx | None) -> None:
        side = _side(cast("Game", self), entity)
        before = board.footprint(here, side) or [here]
        watch, self.places.watch = self.places.watch, None
        try:
            self.places.put(entity, there, kind="step", source=here)
        finally:
            self.places.watch = watch
        record.moved += 1
        for space in board.footprint(there, side) or [there]:
            if space not in before:
                record.passed.append(space)
                self._event("passes", entity, space, ctx)

    def _sq_finish(self, entity: Value, origin: Value, record: Record, ctx: Ctx | None) -> None:
        end = self.places.where(entity)
        self.places.log.add("moved", str(entity), detail=f"{record.moved} spaces")
        if record.moved and end != origin:
            self._event("leaves", entity, origin, ctx)
            self._event("enters", entity, end, ctx)


def _shift(board: BoardDef, anchor: Value, step: tuple[int, int]) -> Value:
    """The anchor one step further; the board's name when the step leaves the board."""
    at = board.coordinates(anchor)
    if at is None:
        return step  # a map: the step is the next space itself
    there = board.square(at[0] + step[0], at[1] + step[1])
    return there if there is not None else board.name


def _blocked(g: Game, board: BoardDef, entity: Value, here: Value, there: Value, side: int,
             stopped: Value) -> Value:
    """What stops a step: the board (its edge), or a space of `stopped` it would take."""
    covered = board.footprint(there, side) if there != board.name else None
    if covered is None:
        return board.name
    mine = board.footprint(here, side) or [here]
    blocking = [] if stopped is None else [s for x in g.members(stopped)
                                           for s in _cover(g, x) if s not in mine]
    return next((s for s in covered if s in blocking and s not in mine), None)


def _away(g: Game, board: BoardDef, entity: Value, source: Value) -> tuple[int, int]:
    """The straight line away from a thing or a space (from a side: towards the other).
    On a diagonal from it (a grid without diagonal steps), or on top of it, the lines
    that leave it soonest are all straight away: the acting player chooses one (the choice
    `direction`, answered with a side, `"north"`)."""
    if not board.grid:
        raise NotExecutable(f"a push goes in a straight line, on a square grid: {board.name} "
                            "is a map")
    if isinstance(source, str) and source in SIDES:
        dc, dr = SIDES[source]
        return -dc, -dr
    mine, theirs = _cover(g, entity), _cover(g, source)
    cols = _sign(mine, theirs, board, 0)
    rows = _sign(mine, theirs, board, 1)
    if cols is None or rows is None:
        raise NotExecutable(f"{entity} and {source} are not both on {board.name}: no line "
                            "leads away")
    if cols and rows and board.diagonals or (cols, rows) != (0, 0) and not (cols and rows):
        return cols, rows
    if cols and rows:
        sides = [s for s, d in SIDES.items() if d in ((cols, 0), (0, rows))]
    else:
        sides = _nearest_exits(board, mine, theirs)
    if len(sides) == 1:
        return SIDES[sides[0]]
    who = g.actors[-1] if g.actors else None
    return SIDES[g.ask(Choice(DIRECTION, DIRECTION, who, tuple(sides)))[0]]


def _nearest_exits(board: BoardDef, mine: Sequence[Value], theirs: Sequence[Value]) -> list[str]:
    """The sides a thing on top of another leaves it soonest by."""
    ours = [c for c in map(board.coordinates, mine) if c is not None]
    area = {c for c in map(board.coordinates, theirs) if c is not None}
    steps = {}
    for side, (dc, dr) in SIDES.items():
        n = 1
        while any((c + dc * n, r + dr * n) in area for c, r in ours):
            n += 1
        steps[side] = n
    least = min(steps.values())
    return [side for side, n in steps.items() if n == least]


def _sign(mine: Sequence[Value], theirs: Sequence[Value], board: BoardDef,
          axis: int) -> int | None:
    """-1, 0 or 1: which way `mine` lies from `theirs` along an axis (0 when they overlap)."""
    a = [c[axis] for c in map(board.coordinates, mine) if c is not None]
    b = [c[axis] for c in map(board.coordinates, theirs) if c is not None]
    if not a or not b:
        return None
    if min(a) > max(b):
        return 1
    return -1 if max(a) < min(b) else 0


def _nearer(g: Game, board: BoardDef, entity: Value, here: Value,
            goal: list[Value]) -> list[tuple[int, int]]:
    """The steps from `here` that bring the thing one step nearer the goal's spaces, never
    onto them (a pull ends beside its source)."""
    side = _side(g, entity)
    mine = board.footprint(here, side) or [here]
    now = board.between(mine, goal)
    if now is None or now <= 1:
        return []
    found = []
    for there in board.neighbours(here):
        spots = board.footprint(there, side)
        if spots is None or set(spots) & set(goal):
            continue
        if board.between(spots, goal) == now - 1:
            found.append(_delta(board, here, there))
    return found


def _delta(board: BoardDef, here: Value, there: Value) -> Any:
    a, b = board.coordinates(here), board.coordinates(there)
    if a is None or b is None:
        return there  # a map: the step is the space
    return (b[0] - a[0], b[1] - a[1])


# ------------------------------------------------------------------ queries


def path(g: Game, a: Value, b: Value, through: Value = None) -> Value:
    """A shortest path from `a` to `b` (the spaces after `a`, `b` last), crossing only
    `through` when given; the acting player chooses where equal routes part (`route`);
    nothing when no path leads there."""
    start = a if board_of(g.defs.boards, a) is not None else g.places.where(a)
    board = board_of(g.defs.boards, start)
    side = _side(g, a) if start != a else 1
    goal = b if board_of(g.defs.boards, b) is not None else g.places.where(b)
    if board is None or not board.has(goal):
        return None
    open_ = None if through is None else {s for x in g.members(through) for s in _cover(g, x)}
    first: list[Value] = [start, goal]
    ends = {*(board.footprint(start, side) or first[:1]),
            *(board.footprint(goal, side) or first[1:])}

    def free(anchor: Value) -> bool:
        spots = board.footprint(anchor, side)
        return spots is not None and (open_ is None or all(s in open_ or s in ends
                                                           for s in spots))
    far = {goal: 0}
    queue = deque([goal])
    while queue:
        here = queue.popleft()
        for there in board.neighbours(here):
            if there not in far and free(there):
                far[there] = far[here] + 1
                queue.append(there)
    if start not in far:
        return None
    out, here = [], start
    while here != goal:
        options = [s for s in board.neighbours(here) if far.get(s) == far[here] - 1]
        here = g._sq_which(options, None)
        out.append(here)
    return out


def _record(g: Game, thing: Value) -> Record | None:
    entity, _ = g.places.find(thing)
    return g._sq_records().get(entity)


def moved(g: Game, thing: Value) -> int:
    """How many spaces a thing moved in its last push, pull or move along a path."""
    record = _record(g, thing)
    return record.moved if record is not None else 0


def stopped_by(g: Game, thing: Value) -> Value:
    """What stopped its last push or pull: the space it could not enter, the board (its
    edge); nothing when it went the whole way."""
    record = _record(g, thing)
    return record.stopped if record is not None else None


def passed(g: Game, thing: Value) -> list[Value]:
    """The spaces it moved onto in its last push, pull or move along a path, in order."""
    record = _record(g, thing)
    return list(record.passed) if record is not None else []


def involuntary(g: Game, thing: Value) -> bool:
    """A push or a pull is moving it now (read by the rules its moves set off)."""
    entity, _ = g.places.find(thing)
    return entity in g._sq_forcing()

