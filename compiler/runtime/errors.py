"""What can go wrong while a rule is resolved, as exceptions a caller can tell apart.

Every error the runtime raises on purpose is a `RuleError`: an engine that meets
one has followed the rules to a point they do not allow (`Illegal`) or to a
point the encoding leaves to people (`NotExecutable`). `Interrupt` is no error:
it carries `end PROC` or `skip to PROC.STEP` up to the run of the procedure it
names, which catches it. Any other exception is a bug in the runtime or in the
generated code.
"""

from __future__ import annotations


class RuleError(Exception):
    """The base of the errors the rules themselves raise."""


class Illegal(RuleError):
    """The action is not allowed: a cost cannot be paid, a `require` fails, a limit is used
    up, a name is not the game's (said with a suggestion).

    >>> game = new_game(seed=1, players=2)
    >>> try:
    ...     game.act("paly", actor="ann")
    ... except Illegal as refused:
    ...     print(refused)
    no rule, procedure or table is called `paly`; did you mean `play`?
    """


class NotRefused(RuleError):
    """An example's `refused:` action that the rules allowed: the example fails."""


class NotExecutable(RuleError):
    """The engine cannot go on: a fact it does not model, a prose-only choice, no target."""


class NoLegalChoice(NotExecutable):
    """A choice with nothing to choose, whose rule does not say what happens then (no
    `else:`): in a game played to its end, a dead end."""


class Interrupt(Exception):  # noqa: N818 - a signal, not an error
    """`end PROC` (`step` None) or `skip to PROC.STEP`: raised where the statement runs,
    caught by the innermost running procedure it names (`periods.Periods`)."""

    def __init__(self, procedure: str, step: str | None = None) -> None:
        super().__init__(procedure if step is None else f"{procedure} -> {step}")
        self.procedure, self.step = procedure, step
