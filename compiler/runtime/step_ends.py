"""`schedule X at end of step`: X waits for the end of the step running now.

"Resolve it at the end of your current Step": whatever step of whatever
procedure is running when X is scheduled (the innermost one), X is resolved when that
step ends: after its effect and the rules hooked `end of` and `after` it, before the
next step begins. `at end of step in PROC` waits for the step of PROC running now (a
Campaign Round's Step, not the step of a procedure running inside it). A step left
early (`end`, `skip to`) ends all the same: what waited for it is resolved first.
`schedule X at end of turn` (or any period) waits the same way for the end of the
period running now, before what lasts until its end expires and its limits start
again. With no step (or no such period) running, as when a worked example triggers a
rule on its own, X is resolved at once. `scheduled(X)` counts what waits; the log
records `schedule` and, when it comes, `due`.
"""

from __future__ import annotations

from .context import Ctx
from .defs import RuleDef, Value
from .errors import Interrupt, NotExecutable
from .periods import Periods, Scheduled

STEP = "step"


class StepEnds(Periods):
    """What waits for the end of the step (or the period) running now, on top of
    `Periods`."""

    steps_running: list[tuple[str, int]]  # (procedure, a number) for each step run going
    # on, innermost last

    def _index(self) -> None:
        super()._index()
        self.steps_running, self._step_runs = [], 0

    def schedule_at_end(self, what: Value, ctx: Ctx, end: str,
                        procedure: str | None = None) -> None:
        """`schedule X at end of step` (`end` is `step`; of `procedure`'s step, if given) or
        `at end of PERIOD`."""
        if not isinstance(what, str):
            raise NotExecutable(f"{what!r} is nothing that can be scheduled")
        steps = [n for p, n in self.steps_running if procedure in (None, p)]
        if end == STEP and steps:
            count = steps[-1]
        elif end != STEP and end in self.running:
            count = 0
        else:
            self.log.add("schedule", what, ctx.subject, f"at the end of the {end}: none is "
                         "running, so at once")
            self.trigger(what, ctx.but(this=None))
            return
        self.scheduled.append(Scheduled(what, ctx.but(this=None), count, at_end=end))
        self.log.add("schedule", what, ctx.subject, f"at the end of the {end}")

    def _rule(self, rule: RuleDef, ctx: Ctx) -> None:
        """A step (run by its procedure, or triggered on its own) is running while it is
        resolved, with its hooks; what waits for its end comes after."""
        if rule.kind != STEP:
            super()._rule(rule, ctx)
            return
        self._step_runs += 1
        running = (rule.name.rsplit(".", 1)[0], self._step_runs)
        self.steps_running.append(running)
        try:
            super()._rule(rule, ctx)
        except Interrupt:  # left early: the step ends all the same
            self.steps_running.remove(running)
            self._ended(STEP, running[1])
            raise
        except BaseException:
            self.steps_running.remove(running)
            raise
        self.steps_running.remove(running)
        self._ended(STEP, running[1])

    def _finish(self, period: str | None) -> None:
        if period is not None and self.scheduled:
            self._ended(period, 0)
        super()._finish(period)

    def _ended(self, end: str, run: int) -> None:
        if not self.scheduled:
            return
        due = [e for e in self.scheduled if e.at_end == end and e.count == run]
        for entry in due:
            self.scheduled.remove(entry)
            self.log.add("due", entry.what, entry.ctx.subject, f"the {end} it waited for ended")
            self.trigger(entry.what, entry.ctx)
