"""Lark's parse errors, told in the language's own words.

Each error becomes one diagnostic at the offending token with a message that
names what was expected in Ludex terms ("an indented block", "an id") and a
hint for the common mistakes.
"""

from __future__ import annotations

import re

from lark import Token
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedToken
from lark.indenter import DedentError

from ..core.codes import Code
from ..core.diagnostics import Diagnostics, did_you_mean
from ..core.source import SourceFile, Span
from ..core.vocabulary import EXAMPLE_CLAUSES, RULE_CLAUSES

# terminal name -> how a reader would call it
WORDS: dict[str, str] = {
    "_NL": "end of line", "_INDENT": "an indented block", "_DEDENT": "end of block",
    "NAME": "a name", "STRING": 'a "quoted text"', "INT": "a number", "PROSE": "a `>` prose line",
    "COLON": "`:`", "DOT": "`.`", "COMMA": "`,`", "LPAR": "`(`", "RPAR": "`)`",
    "LSQB": "`[`", "RSQB": "`]`", "PLUS": "`+`", "MINUS": "`-`", "COMP_OP": "a comparison",
    "MUL_OP": "`*` or `/`", "VBAR": "`|`", "$END": "end of file", "YES": "`yes`", "NO": "`no`",
}
CLAUSE_WORDS = tuple(sorted(RULE_CLAUSES | EXAMPLE_CLAUSES | {"field", "note", "suppress"}))
_CHAR_HINTS = {
    "{": "Ludex uses indentation, not braces: end the line with `:` and indent the block",
    "}": "Ludex uses indentation, not braces: end the line with `:` and indent the block",
    "'": 'texts are written in double quotes: "like this"',
    "`": 'texts are written in double quotes: "like this"',
    ";": "one statement per line: start a new line instead of `;`",
    "–": "write ranges with `..` (`0..9`); dashes belong inside quoted texts",
    "—": "write ranges with `..` (`0..9`); dashes belong inside quoted texts",
}
_BRACKETS = {"(": ")", "[": "]"}


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
    names = {"_NL": "end of line", "_INDENT": "indentation", "_DEDENT": "end of block",
             "$END": "end of file"}
    return names.get(token.type) or f"`{str(token)[:40]}`"


class NestingTooDeep(LarkError):
    """Raised by the indenter when blocks or brackets nest past the parser's bound."""

    def __init__(self, token: Token, what: str) -> None:
        super().__init__(f"nesting too deep ({what})")
        self.token = token
        self.what = what


def report_syntax_error(err: Exception, source: SourceFile, diags: Diagnostics,
                        terminals: dict[str, str]) -> None:
    """E1xx for `err`; `terminals` names the grammar's fixed-string terminals."""
    if isinstance(err, NestingTooDeep):
        _too_deep(err, source, diags)
    elif isinstance(err, DedentError):
        line = _dedent_line(source)
        diags.add(Code.BAD_INDENTATION, "this line's indentation matches no enclosing block",
                  source.span(line, 1, line, _indent_width(source.line(line)) + 1),
                  "indent it exactly as the block it belongs to")
    elif isinstance(err, UnexpectedCharacters):
        _unexpected_char(err, source, diags)
    elif isinstance(err, UnexpectedEOF):
        _end_of_file(source, diags)
    elif isinstance(err, UnexpectedToken):
        _unexpected_token(err, source, diags, terminals)


def _too_deep(err: NestingTooDeep, source: SourceFile, diags: Diagnostics) -> None:
    tok = err.token
    if tok.type == "_INDENT":
        span = _indent_span(tok, source)
    else:
        span = source.span(tok.line or 1, tok.column or 1)
    diags.add(Code.TOO_DEEP, f"nesting too deep: {err.what}", span,
              "split the declaration into smaller ones, or use `within` in another file")


def _indent_span(tok: Token, source: SourceFile) -> Span:
    """Indentation tokens borrow the previous newline's position: point at the indent."""
    line = tok.end_line or tok.line or 1
    width = _indent_width(source.line(line))
    return source.span(line, 1, line, width + 1)


def _unexpected_char(err: UnexpectedCharacters, source: SourceFile, diags: Diagnostics) -> None:
    line, col, pos = err.line, err.column, err.pos_in_stream or 0
    char = source.text[pos] if pos < len(source.text) else ""
    if char == '"':
        diags.add(Code.UNTERMINATED_STRING, "unterminated string", source.span(line, col),
                  'close the text with `"` on the same line')
        return
    shown = f"U+{ord(char):04X}" if char and not char.isprintable() else repr(char)
    hint = _CHAR_HINTS.get(char, 'remove it, or put it inside a "quoted text"')
    diags.add(Code.UNEXPECTED_CHARACTER, f"unexpected character {shown}", source.span(line, col),
              hint)


def _unclosed_bracket(source: SourceFile) -> tuple[str, int, int] | None:
    """The first bracket left open, ignoring strings, comments and prose lines."""
    stack: list[tuple[str, int, int]] = []
    for number, line in enumerate(_lines(source), start=1):
        if line.lstrip().startswith(">"):
            continue
        code = re.sub(r'"(?:[^"\\]|\\.)*"', lambda m: " " * len(m.group()), line)
        code = code.split("#", 1)[0]
        for col, ch in enumerate(code, start=1):
            if ch in _BRACKETS:
                stack.append((ch, number, col))
            elif ch in _BRACKETS.values() and stack and _BRACKETS[stack[-1][0]] == ch:
                stack.pop()
    return stack[0] if stack else None


def _end_of_file(source: SourceFile, diags: Diagnostics) -> None:
    last = max(1, len(_lines(source)))
    opened = _unclosed_bracket(source)
    if opened is not None:
        ch, line, col = opened
        diags.add(Code.UNEXPECTED_EOF, f"unexpected end of file: `{ch}` is never closed",
                  source.span(line, col), f"close it with `{_BRACKETS[ch]}`")
        return
    diags.add(Code.UNEXPECTED_EOF, "unexpected end of file", source.span(last, 1),
              "the file ends in the middle of a declaration")


def _block_opener(source: SourceFile, line: int) -> int | None:
    """The line before `line` (skipping blanks) if it ends with `:` and is not indented less."""
    lines = _lines(source)  # once: a file of blank lines must not be split per line
    width = _indent_width(lines[line - 1]) if 0 < line <= len(lines) else 0
    for number in range(min(line - 1, len(lines)), 0, -1):
        text = lines[number - 1].split("#", 1)[0].rstrip()
        if not text.strip():
            continue
        if text.endswith(":") and not text.lstrip().startswith(">") and \
                width <= _indent_width(text):
            return number
        return None
    return None


def _unexpected_token(err: UnexpectedToken, source: SourceFile, diags: Diagnostics,
                      terminals: dict[str, str]) -> None:
    token = err.token
    if token.type == "$END" or (token.type == "_DEDENT" and _unclosed_bracket(source)):
        _end_of_file(source, diags)
        return
    if token.type in ("_INDENT", "_DEDENT"):
        span = _indent_span(token, source)
    else:
        line, col = token.line or err.line or 1, token.column or err.column or 1
        span = source.span(line, col, line, col + max(1, len(str(token))))
    expected = set(err.expected)
    message = f"unexpected {_token_text(token)}"
    hint = f"expected {_expected(expected, terminals)}"
    opener = _block_opener(source, span.line) if token.type not in ("_INDENT",) else None
    if token.type == "STRING" and "NAME" in expected:
        message = "a declaration needs an id before its title"
        hint = 'write `keyword my_id "Title":`, e.g. `rule draw_invention "Draw an Invention":`'
    elif token.type == "_INDENT":
        message = "unexpected indentation"
        hint = "only a line ending in `:` opens an indented block"
        before = source.line(span.line - 1).split("#", 1)[0].rstrip()
        if before and not before.endswith(":") and not before.lstrip().startswith(">"):
            hint = f"line {span.line - 1} does not end with `:`; add one to open a block"
    elif opener is not None and token.type != "_NL":
        message = f"expected an indented block after line {opener}"
        hint = "the line ending in `:` must be followed by lines indented further"
    elif token.type == "PROSE":
        message = "a `>` prose line must start a line of its own"
        hint = "move the prose to the next line, indented like the other body lines"
    elif token.type == "COLON" and "NAME" in expected:
        hint = 'a declaration is `keyword id "Title":`; a property is `name: value`'
    else:
        typo = _clause_typo(source.line(span.line))
        if typo:
            hint = typo
    diags.add(Code.UNEXPECTED_TOKEN, message, span, hint)


def _clause_typo(line: str) -> str | None:
    match = re.match(r"\s*([A-Za-z_]\w*)\s*:", line)
    if match and match.group(1) not in CLAUSE_WORDS:
        return did_you_mean(match.group(1), CLAUSE_WORDS)
    return None


def _lines(source: SourceFile) -> list[str]:
    """The file's lines as the lexer counts them: only `\n` ends a line (`splitlines`
    would also break at form feeds, U+0085 and U+2028, which may stand inside a line)."""
    return source.text.removesuffix("\n").split("\n")


def _indent_width(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))


def _dedent_line(source: SourceFile) -> int:
    """The first line whose indentation matches no open block."""
    stack = [0]
    for number, raw in enumerate(_lines(source), start=1):
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
    return max(1, len(_lines(source)))
