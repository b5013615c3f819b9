"""Lark's parse errors, told in the language's own words.

Each error becomes one diagnostic at the offending token with a message that
names what was expected in Ludex terms ("an indented block", "an id") and a
hint for the common mistakes.
"""

from __future__ import annotations

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import DedentError

from .diagnostics import Diagnostics
from .parse import NestingTooDeep
from .source import SourceFile

# terminal name -> how a reader would call it
WORDS: dict[str, str] = {
    "_NL": "end of line", "_INDENT": "an indented block", "_DEDENT": "end of block",
    "NAME": "a name", "STRING": 'a "quoted text"', "INT": "a number", "PROSE": "a `>` prose line",
    "COLON": "`:`", "DOT": "`.`", "COMMA": "`,`", "LPAR": "`(`", "RPAR": "`)`",
    "LSQB": "`[`", "RSQB": "`]`", "PLUS": "`+`", "MINUS": "`-`", "COMP_OP": "a comparison",
    "MUL_OP": "`*` or `/`", "VBAR": "`|`", "__ANON_0": "`..`", "$END": "end of file",
    "YES": "`yes`", "NO": "`no`",
}

# (when the unexpected token is ..., and these were expected) -> message, hint
_TITLE_FIRST = ("a declaration needs an id before its title",
                'write `keyword my_id "Title":`, e.g. `rule draw_invention "Draw an Invention":`')


def _word(term: str, terminals: dict[str, str]) -> str:
    if term in WORDS:
        return WORDS[term]
    pattern = terminals.get(term)
    return f"`{pattern}`" if pattern else term.lower()


def _expected(expected: set[str], terminals: dict[str, str]) -> str:
    words = sorted({_word(t, terminals) for t in expected})
    if len(words) > 8:
        words = words[:8] + ["..."]
    return ", ".join(words)


def _token_text(token: Token) -> str:
    if token.type == "_NL":
        return "end of line"
    if token.type == "_INDENT":
        return "an indented block"
    if token.type == "_DEDENT":
        return "end of block"
    if token.type == "$END":
        return "end of file"
    text = str(token)
    return f"`{text[:40]}`"


def report_syntax_error(err: Exception, source: SourceFile, diags: Diagnostics) -> None:
    from .parse import _parser

    terminals = {t.name: t.pattern.value for t in _parser().terminals
                 if t.pattern.type == "str"}
    if isinstance(err, NestingTooDeep):
        tok = err.token
        diags.add("E105", f"nesting too deep: {err.what}", source.span(tok.line or 1, 1),
                  "split the declaration into smaller ones, or use `within` in another file")
    elif isinstance(err, DedentError):
        line = _dedent_line(source)
        diags.add("E104", "this line's indentation matches no enclosing block",
                  source.span(line, 1, line, _indent_width(source.line(line)) + 1),
                  "indent it exactly as the block it belongs to")
    elif isinstance(err, UnexpectedCharacters):
        _unexpected_char(err, source, diags)
    elif isinstance(err, UnexpectedEOF):
        last = max(1, len(source.text.splitlines()))
        diags.add("E108", "unexpected end of file", source.span(last, 1),
                  "the file ends in the middle of a declaration")
    elif isinstance(err, UnexpectedToken):
        _unexpected_token(err, source, diags, terminals)


def _unexpected_char(err: UnexpectedCharacters, source: SourceFile, diags: Diagnostics) -> None:
    line, col, pos = err.line, err.column, err.pos_in_stream or 0
    char = source.text[pos] if pos < len(source.text) else ""
    if char == '"':
        diags.add("E106", "unterminated string", source.span(line, col),
                  'close the text with `"` on the same line')
        return
    shown = repr(char)[1:-1] if char else "end of file"
    hint = "allowed here: " + _expected(set(err.allowed or ()), {}) if err.allowed else None
    if char == "{" or char == "}":
        hint = "Ludex uses indentation, not braces: end the line with `:` and indent the block"
    elif char in "'`":
        hint = 'texts are written in double quotes: "like this"'
    elif char == ">":
        hint = "a prose line starts with `>` at the beginning of a body line"
    diags.add("E102", f"unexpected character `{shown}`", source.span(line, col), hint)


def _unexpected_token(err: UnexpectedToken, source: SourceFile, diags: Diagnostics,
                      terminals: dict[str, str]) -> None:
    token = err.token
    line = token.line if token.line is not None else err.line
    col = token.column if token.column is not None else err.column
    if token.type in ("_DEDENT", "$END") or line is None or line < 1:
        line = max(1, len(source.text.splitlines()))
        col = 1
    expected = set(err.expected)
    message = f"unexpected {_token_text(token)}"
    hint = f"expected {_expected(expected, terminals)}"
    if token.type == "STRING" and "NAME" in expected:
        message, hint = _TITLE_FIRST
    elif token.type == "_INDENT":
        message = "unexpected indentation"
        hint = "only a line ending in `:` opens an indented block"
    elif expected == {"_INDENT"} or ("_INDENT" in expected and "_NL" not in expected):
        message = "expected an indented block"
        hint = "the line ending in `:` must be followed by indented lines"
    elif token.type == "COLON" and "NAME" in expected:
        hint = 'a declaration is `keyword id "Title":`; a property is `name: value`'
    end = col + max(1, len(str(token))) if token.type not in ("_NL", "_DEDENT", "$END") else col + 1
    diags.add("E101", message, source.span(line, col, line, end), hint)


def _indent_width(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))


def _dedent_line(source: SourceFile) -> int:
    """The first line whose indentation matches no open block."""
    stack = [0]
    for number, raw in enumerate(source.text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        width = len(raw[: _indent_width(raw)].expandtabs(8))
        if width > stack[-1]:
            stack.append(width)
        else:
            while width < stack[-1]:
                stack.pop()
            if width != stack[-1]:
                return number
    return max(1, len(source.text.splitlines()))


__all__ = ["report_syntax_error", "UnexpectedInput"]
