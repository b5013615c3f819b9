"""Lark's LALR loop, leaner: the step that feeds each token to the parse table.

Lark's `ParserState.feed_token` checks its own consistency with asserts on every step
(comparing a rule with the end state calls the rule's `__eq__`) and finds each rule's
callback by the rule's hash (a Python method). `FastState` runs the same steps on the
same table and callbacks, with each rule's size, result and callback looked up once per
set of callbacks, by the rule's identity. A token the table has no action for is handed
to Lark's own step, from the same state, so a syntax error is raised exactly as before.
"""

from __future__ import annotations

from typing import Any

from lark.parsers.lalr_analysis import Shift
from lark.parsers.lalr_parser_state import ParseConf, ParserState

# id(rule) -> (how many values it takes, the name it reduces to, its callback)
Reduces = dict[int, tuple[int, str, Any]]


def reduces(table: Any, callbacks: dict[Any, Any]) -> Reduces:
    """Every rule the table reduces by, with its callback from `callbacks`."""
    out: Reduces = {}
    for row in table.states.values():
        for action, arg in row.values():
            if action is not Shift and id(arg) not in out:
                out[id(arg)] = (len(arg.expansion), arg.origin.name, callbacks[arg])
    return out


class FastState(ParserState):  # type: ignore[type-arg]
    """A parse's state, fed by the lean step."""

    __slots__ = ("rules",)

    def __init__(self, conf: ParseConf, lexer: Any, rules: Reduces) -> None:  # type: ignore[type-arg]
        super().__init__(conf, lexer)
        self.rules = rules

    def feed_token(self, token: Any, is_end: bool = False) -> Any:
        conf = self.parse_conf
        states, callbacks, rules = conf.states, conf.callbacks, self.rules
        state_stack, value_stack = self.state_stack, self.value_stack
        kind = token.type
        while True:
            step = states[state_stack[-1]].get(kind)
            if step is None:  # Lark's step raises the error, from this state
                return super().feed_token(token, is_end)
            action, arg = step
            if action is Shift:
                state_stack.append(arg)
                value_stack.append(callbacks[kind](token) if kind in callbacks else token)
                return None
            size, origin, callback = rules[id(arg)]
            if size:
                values = value_stack[-size:]
                del state_stack[-size:]
                del value_stack[-size:]
            else:
                values = []
            value = callback(values)
            state_stack.append(states[state_stack[-1]][origin][1])
            value_stack.append(value)
            if is_end and state_stack[-1] == conf.end_state:
                return value_stack[-1]
