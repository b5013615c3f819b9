"""Periods and events: what the game's procedures start and end, and what moving
things sets off.

A procedure is a period when it says so (`period: turn`) or is named after
one (`turn`, `round`, `phase`, `game`). Each run of it begins the period (what
lasted until its start ends), runs its hooks and steps, then ends it (what
lasted until its end ends, limits counted per that period start again, players
out for it are back). A procedure `each: player` runs once for each player
still in, in seat order, as that player's period (their turn); one with
`until: COND` runs again until the condition holds, checked after each run.
"Until the start of your next turn" is relative to its player: it ends when
that player's turn starts, not anyone's.

A procedure's run ends early on `end PROC` (bare `end`: the innermost procedure
running), said by one of its steps or by any rule resolved inside it: what is left of
the run is skipped (the rest of the step running, the steps after it, and any
procedure running inside it), then its `end of` and `after` hooks run as for a run
that reached its end; a procedure that repeats (`each: player`, `until:`) goes on with
its next run. `skip to PROC.STEP` leaves the step running the same way and goes on
from that step, later or earlier; each is refused (`Illegal`) when no run of PROC is
going on.

`schedule X in N PERIOD` resolves X (for the subject it was scheduled for) when the
Nth period of that name to begin from now begins, before the rules hooked `start of`
it (each player's turn counts, for `turn`); `schedule X when STAT reaches V` resolves X
after the first change of that stat (the owner's it was scheduled for) that leaves it
at V or more (V is worked out when X is scheduled), at once when it is there already.
`scheduled(X)` counts what is waiting.

`end game with "won"` (or `campaign`, or a procedure's name) keeps how the game ended
(`game_outcome()`, `Match.ended_with()`), ends the outermost procedure running that has that
name or drives that period, and no procedure starts another run after it.

Events: a thing entering or leaving a place, being discarded, or a player
being picked by a choice (`targeted`) runs the rules hooked to it
(`when: enters ZONE`, `when: leaves DECK`, `when: discarded`, `when: targeted`)
with `target` bound to the thing and `owner` to the player whose place it is
(the one picked, for `targeted`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, NoReturn, cast

from .board import board_of
from .choosers import Choice
from .context import Ctx
from .defs import Value, base_of, seat_of
from .errors import Illegal, Interrupt, NotExecutable
from .instances import instances
from .invariants import Invariants
from .pieces import fire_pieces
from .replacing import replace_change, replacers

if TYPE_CHECKING:
    from .state import Game


@dataclass(slots=True)
class Scheduled:
    """What `schedule` made wait: `what` for `ctx`, resolved when `count` more periods
    named `period` have begun, or once `owner`'s `stat` reaches `count`."""

    what: str
    ctx: Ctx
    count: int
    period: str | None = None
    stat: str | None = None
    owner: Value = None
    at_end: str | None = None  # `at end of step` (of the step run `count`) or of a period


MAX_PASSES = 10_000  # runs of one procedure with an end condition, before it is a runaway
PERIOD_NAMES = frozenset({"game", "round", "phase", "turn"})


class Periods(Invariants):
    """Periods driven by procedures, and engine events, on top of `Resolution`."""

    seats: tuple[str, ...]
    out: dict[str, str]
    running: list[str]
    running_procedures: list[str]  # the procedures running, innermost last
    ended_with: str | None  # how the game ended (`end game with "won"`), once it has
    scheduled: list[Scheduled]  # what waits for a period to begin or a stat to reach a value

    if TYPE_CHECKING:  # given by `players.Seating`, beside it in `Game`
        def still_in(self) -> list[str]: ...

        def _back_in(self, period: str) -> None: ...

        def ask(self, choice: Choice) -> list[Value]: ...

        def amount(self, value: Value) -> int: ...

    def _procedure(self, name: str, ctx: Ctx) -> None:
        proc = self.defs.procedures[name]
        period = self._period_of(name)
        if proc.each_player and not self.seats:
            raise NotExecutable(f"{name} runs once per player, and the game seats none")
        for _ in range(MAX_PASSES):
            for who in self._takers(name, ctx):
                here = ctx.but(actor=who) if who is not None else ctx
                self._begin(period, who)
                try:
                    super()._procedure(name, here)
                except Interrupt:  # a procedure around this one ended: so does the period
                    self._finish(period)
                    raise
                self._finish(period)
                if proc.ends is not None:  # the base game's last phase ends its round
                    self.end(proc.ends)
                if self._over(name, here) or self.ended_with is not None:
                    return  # its end condition holds, or the game is over
            if proc.until is None:
                return
        raise NotExecutable(f"{name} ran {MAX_PASSES} times without reaching its end")

    # ------------------------------------------------------------ ending early, skipping

    def _steps(self, name: str, steps: tuple[str, ...], ctx: Ctx) -> None:
        """A run's `before`, `start of` and `during` hooks, then its steps in order, until
        an `end` of it; a `skip to` one of its steps goes on from there."""
        self.running_procedures.append(name)
        at, jumps = -1, 0  # -1: the hooks, before the first step
        try:
            while at < len(steps):
                try:
                    self._step(name, steps, at, ctx)
                    at += 1
                except Interrupt as stop:
                    if stop.procedure != name:
                        raise
                    if stop.step is None:
                        self.log.add("end", name, ctx.subject, "ended early")
                        return
                    jumps += 1
                    if jumps > MAX_PASSES:
                        raise NotExecutable(f"{name} skipped back {MAX_PASSES} times: a "
                                            "runaway") from None
                    at = steps.index(stop.step)
                    self.log.add("skip_to", name, ctx.subject, stop.step)
        finally:
            self.running_procedures.pop()

    def _step(self, name: str, steps: tuple[str, ...], at: int, ctx: Ctx) -> None:
        if at < 0:
            for kind in ("before", "start", "during"):
                self._fire(kind, name, ctx)
            return
        self.log.causes.append(name)
        try:
            self.trigger(steps[at], ctx)
        finally:
            self.log.causes.pop()

    def end_procedure(self, name: str | None) -> NoReturn:
        """`end PROC`: the innermost run of PROC (of any procedure, without a name) ends."""
        if name is not None and name not in self.running_procedures:
            raise Illegal(f"`end {name}`: {name} is not running")
        if not self.running_procedures:
            raise Illegal("`end`: no procedure is running")
        raise Interrupt(name or self.running_procedures[-1])

    def end_game(self, name: str, ending: str) -> None:
        """`end game with "won"` (`campaign`, or a procedure's name): how it ended is kept
        (`game_outcome()`), the outermost procedure running of that name or driving that period
        ends, and no procedure starts another run; with none running, the rule goes on."""
        self.ended_with = ending
        self.log.add("ended", name, detail=ending)
        for proc in self.running_procedures:
            if name in (proc, self._period_of(proc)):
                raise Interrupt(proc)

    def _period_of(self, name: str) -> str | None:
        last = name.rsplit(".", 1)[-1]
        return self.defs.procedures[name].period or (last if last in PERIOD_NAMES else None)

    def skip_to(self, name: str, step: str) -> NoReturn:
        """`skip to PROC.STEP`: the innermost run of PROC goes on from STEP."""
        if name not in self.running_procedures:
            raise Illegal(f"`skip to {step}`: {name} is not running")
        raise Interrupt(name, step)

    def _takers(self, name: str, ctx: Ctx) -> Iterator[Value]:
        """Who takes each run of one pass: nobody (one run); each player still in, in seat
        order; each instance of a kind, in declaration order. With `order: chosen`, the
        next is picked each time from those who have not taken theirs (a choice named
        after the procedure). Someone eliminated meanwhile is passed over."""
        proc = self.defs.procedures[name]
        if proc.each_player:
            left = self.still_in()
        elif proc.each is not None:
            left = instances(self, proc.each)
        else:
            yield None
            return
        while left:
            who = left[0] if proc.order != "chosen" else self.ask(Choice(
                name.rsplit(".", 1)[-1], name, ctx.subject, tuple(left)))[0]
            left.remove(who)
            if who not in self.out:
                yield who

    # ------------------------------------------------------------ scheduling

    def schedule(self, what: Value, ctx: Ctx, count: Value, period: str | None = None,
                 stat: str | None = None, owner: Value = None) -> None:
        """`schedule X in N PERIOD` (`period`) or `schedule X when STAT reaches V`
        (`stat`, `owner`): X waits (`Scheduled`) until then."""
        if not isinstance(what, str):
            raise NotExecutable(f"{what!r} is nothing that can be scheduled")
        n = self.amount(count)
        if period is not None and n < 1:
            raise Illegal(f"`schedule {what} in {n} {period}`: it must be 1 or more")
        entry = Scheduled(what, ctx.but(this=None), n, period, stat, owner)
        self.log.add("schedule", what, ctx.subject,
                     f"in {n} {period}" if period is not None else f"when {stat} reaches {n}")
        if stat is not None and self._reached(entry):
            self._due(entry)
        else:
            self.scheduled.append(entry)

    def _reached(self, entry: Scheduled) -> bool:
        value = self.stats.get(entry.owner, entry.stat or "")
        return isinstance(value, int) and value >= entry.count

    def _due(self, entry: Scheduled) -> None:
        self.log.add("due", entry.what, entry.ctx.subject,
                     f"the {entry.period} it waited for began" if entry.period is not None
                     else f"{entry.stat} reached {entry.count}")
        self.trigger(entry.what, entry.ctx)

    def _due_at_start(self, period: str) -> None:
        """The Nth period of this name begins: what was scheduled for it is resolved."""
        due = []
        for entry in [e for e in self.scheduled if e.period == period]:
            entry.count -= 1
            if entry.count <= 0:
                due.append(entry)
                self.scheduled.remove(entry)
        for entry in due:
            self._due(entry)

    def _index(self) -> None:
        """The rules' hooks and overrides, and those that replace a change of a stat."""
        super()._index()
        self.replacers = replacers(self.defs.rules)
        self.stats.instead = self._instead_of if self.replacers else None

    def _instead_of(self, stat: str, change: int, who: Value) -> bool:
        return replace_change(self, stat, change, who)

    def _changed(self, stat: str, who: Value) -> None:
        """A stat changed: its hooks, then what was waiting for it to reach a value (a
        change replaced by a rule did not happen: nothing)."""
        if self.stats.replaced:
            self.stats.replaced = False
            return
        super()._changed(stat, who)
        if not self.scheduled:
            return
        due = [e for e in self.scheduled if e.stat == stat and e.owner == who
               and self._reached(e)]
        for entry in due:
            self.scheduled.remove(entry)
            self._due(entry)

    def _over(self, name: str, ctx: Ctx) -> bool:
        until = self.defs.procedures[name].until
        return until is not None and bool(until(self.game, ctx))

    def _begin(self, period: str | None, who: Value) -> None:
        if period is None:
            return
        self.running.append(period)
        for source in self.lasting.expire("until_start", period, who):
            self.log.add("expire", source, who, f"until the start of the {period}")
        if self.scheduled:
            self._due_at_start(period)

    def _finish(self, period: str | None) -> None:
        if period is None:
            return
        for source in self.lasting.expire("until_end", period):
            self.log.add("expire", source, detail=f"until the end of the {period}")
        self.usage.reset(period)
        self._back_in(period)
        if period in self.running:
            self.running.reverse()
            self.running.remove(period)
            self.running.reverse()

    # ------------------------------------------------------------ periods a caller drives

    def start(self, period: str, who: Value = None) -> None:
        """A period begins (for a caller that drives periods itself), `who`'s own (their
        turn) if given: what lasted until its start ends; the `start of` hooks of what is
        named after it run."""
        self._begin(period, who)
        for target in self._period_targets(period):
            self._fire("start", target, Ctx(actor=who))

    def end(self, period: str) -> None:
        """A period ends: `end of` hooks run, lasting effects expire, limits reset."""
        for target in self._period_targets(period):
            self._fire("end", target, Ctx())
        self._finish(period)

    def _period_targets(self, period: str) -> list[str]:
        return sorted({t for _, t in self.hooks if t.rsplit(".", 1)[-1] == period})

    # ------------------------------------------------------------ events

    def _event(self, event: str, thing: Value, place: str, ctx: Ctx | None = None) -> None:
        if event not in self.hooked_events:  # most moves set off nothing
            return
        fire_pieces(cast("Game", self), event, thing, place, ctx)  # a piece on the space
        keys = [(event, "")]
        if event in ("enters", "leaves", "passes", "bumps"):
            board = board_of(self.defs.boards, place)  # a board's event: on any of its spaces
            keys += [(event, base_of(place))] + ([(event, board.name)] if board else [])
        elif event == "discarded":
            keys += [(event, base_of(thing)), (event, self.defs.kind_of(thing) or "")]
        rules = [r for k in dict.fromkeys(keys) for r in self.hooks.get(k, ())]
        if not rules:
            return
        owner = thing if event == "targeted" else seat_of(place)
        actor = ctx.subject if ctx is not None else (self.actors[-1] if self.actors else None)
        hooked = Ctx(actor=actor, target=thing, owner=owner)
        for rule in rules:
            if self.active(rule):
                self.log.add("occurs", rule.name, owner, f"{event} {place or thing}")
                self._hooked(rule, hooked)
