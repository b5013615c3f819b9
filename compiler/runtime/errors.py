"""What can go wrong while a rule is resolved, as exceptions a caller can tell apart.

Every error the runtime raises on purpose is a `RuleError`: an engine that meets
one has followed the rules to a point they do not allow (`Illegal`) or to a
point the encoding leaves to people (`NotExecutable`). Any other exception is
a bug in the runtime or in the generated code.
"""

from __future__ import annotations


class RuleError(Exception):
    """The base of the errors the rules themselves raise."""


class Illegal(RuleError):
    """The action is not allowed: a cost cannot be paid, a `require` fails, a limit is used up."""


class NotExecutable(RuleError):
    """The engine cannot go on: a fact it does not model, a prose-only choice, no target."""
