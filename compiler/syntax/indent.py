"""Python-style INDENT and DEDENT tokens, with a bound on nesting depth.

Lark's `Indenter` post-lexer, run once per token of every parse; its `_process` is
written out here as one generator that also checks the depth (it wrapped Lark's before,
two generator steps a token).
"""

from __future__ import annotations

from collections.abc import Iterator

from lark import Token
from lark.indenter import Indenter

from .errors import NestingTooDeep

MAX_DEPTH = 48  # indentation levels or open brackets; deeper input is rejected


class LudexIndenter(Indenter):
    """Python-style INDENT/DEDENT, with a bound on nesting depth."""

    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def _process(self, stream: Iterator[Token]) -> Iterator[Token]:
        """Lark's `Indenter._process`, with the depth checked at each token it gives (one
        generator, not one wrapping another: this runs for every token)."""
        token = None
        for token in stream:
            kind = token.type
            if kind == "_NL":
                for out in self.handle_NL(token):
                    self._deep(out)
                    yield out
            else:
                if self.paren_level > MAX_DEPTH:
                    raise NestingTooDeep(token, f"more than {MAX_DEPTH} open brackets")
                yield token
            if kind == "LPAR" or kind == "LSQB":
                self.paren_level += 1
            elif kind == "RPAR" or kind == "RSQB":
                self.paren_level -= 1
                assert self.paren_level >= 0
        while len(self.indent_level) > 1:
            self.indent_level.pop()
            out = Token.new_borrow_pos("_DEDENT", "", token) if token else \
                Token("_DEDENT", "", 0, 0, 0, 0, 0, 0)
            self._deep(out)
            yield out
        assert self.indent_level == [0], self.indent_level

    def _deep(self, token: Token) -> None:
        if token.type == "_INDENT" and len(self.indent_level) - 1 > MAX_DEPTH:
            raise NestingTooDeep(token, f"more than {MAX_DEPTH} indented blocks")
        if self.paren_level > MAX_DEPTH:
            raise NestingTooDeep(token, f"more than {MAX_DEPTH} open brackets")
