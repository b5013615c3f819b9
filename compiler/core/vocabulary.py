"""The language's words, each list defined once: every stage and the highlighter
derive theirs from here, so a word added to the language is added everywhere.

(The declaration keywords are the assembler's own table, `ludex.syntax.properties.PROPS`;
the grammar's fixed words are read from the grammar itself.)
"""

from __future__ import annotations

from collections.abc import Mapping

# Names that stand for someone in a rule without being declared.
BUILTIN_NAMES = frozenset({"self", "target", "owner", "actor", "you"})

# Periods a limit counts in and a duration ends with.
PERIODS = ("turn", "round", "phase", "game", "campaign", "battle", "action_phase", "action",
           "window")

# Containers a player chooses to play with (every module is in play).
OPTION_KEYWORDS = ("module", "mode", "variant", "scenario", "campaign")

# The clause words of rules and of worked examples.
RULE_CLAUSES = frozenset({"when", "condition", "cost", "effect", "limit", "duration"})
EXAMPLE_CLAUSES = frozenset({"given", "actions", "expect"})
CLAUSES = tuple(sorted(RULE_CLAUSES | EXAMPLE_CLAUSES))

# The words a statement starts with.
VERBS = ("gain", "lose", "pay", "draw", "discard", "place", "move", "relocate", "roll",
         "reroll", "reveal", "shuffle", "add", "remove", "set", "trigger", "require", "log",
         "eliminate", "end", "skip", "schedule", "disable", "push", "pull",
         "restore",
         "create", "retire")
FLOW = ("if", "else", "for", "choose", "option", "may", "refused")

# Binary operators, loosest first; comparisons (4) do not chain.
PRECEDENCE: Mapping[str, int] = {
    "or": 1, "and": 2, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4,
    "+": 5, "-": 5, "*": 6, "/": 6,
}
COMPARISON = 4
