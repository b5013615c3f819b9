"""`ludex fmt`'s engine: one canonical layout for a `.ludex` file.

The layout is computed from the text, line by line, never by unparsing the AST, so
comments, blank-line groups and prose survive: each line is split into tokens (the
grammar's terminals: strings are one line long, so a line lexes on its own) and the
indentation structure is read the way the parser's indenter reads it.

The canonical layout (documented in the language reference, "Layout and `ludex fmt`"):
- two spaces per block level; a comment line takes the level of the block it stands
  in (its own column decides between the blocks that end around it);
- one space between tokens, none before `:` `,` `)` `]` or after `(` `[`, none around
  `.` and `..` or after a sign (`-1`), one around binary operators;
- an end-of-line comment stands two spaces after the code at least and keeps its
  column when it can, so comments aligned in a column stay aligned;
- a line continued inside brackets keeps its alignment, moved with its first line;
- prose lines (`>`) are kept as written from the `>` on;
- exactly one blank line before a top-level declaration (and before a top-level comment
  that follows one), none after a line that opens a block, at most one elsewhere;
  no trailing spaces, no blank lines at the start or end, one newline at the end, LF.

`format_source` refuses (returns None) a file with syntax errors, and checks its own
work: the result must parse to the same AST, spans aside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from ..core.diagnostics import Diagnostics
from ..core.source import SourceFile, Span
from .parse import parse

INDENT = "  "

_TOKEN = re.compile(r"""
    (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<comment>\#.*)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<int>[0-9]+)
  | (?P<op>\.\.|==|!=|<=|>=|[<>+\-*/|:,.()\[\]=])
  | (?P<space>[ \t\f]+)
  | (?P<other>.)
""", re.VERBOSE)

_OPEN, _CLOSE = frozenset("(["), frozenset(")]")
_TIGHT = frozenset({".", ".."})  # no space on either side
_BINARY = frozenset({"==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "|"})
# after these a `-` is a sign, never a subtraction
_BEFORE_SIGN = frozenset({"(", "[", ",", ":", "..", "==", "!=", "<=", ">=", "<", ">", "+",
                          "-", "*", "/", "|", "="})  # `=`: a trigger's named value


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str
    text: str
    spaced: bool  # whitespace stood before it in the source


@dataclass(slots=True)
class _Line:
    """One physical line: what it is, and where it goes."""

    kind: str  # "blank", "comment", "prose", "code" (starts a logical line), "more"
    text: str  # the line without its indentation or trailing spaces
    column: int  # its indentation, tabs expanded as the parser expands them
    depth: int = 0
    opens: bool = False  # the logical line it ends opens a block
    block: bool = False  # for the first line of a logical line: the logical line opens one
    shift: int = 0  # for "more": how far its logical line's first line moved


class FormatError(Exception):
    """The formatter's result would not parse to the same AST (a bug in ludex)."""


def format_source(source: SourceFile, diags: Diagnostics) -> str | None:
    """The file in the canonical layout; None, with the syntax errors in `diags`, when it
    does not parse. Raises FormatError when the result would mean something else."""
    before = Diagnostics()
    tree = parse(source, before)
    if tree is None or _syntax_errors(before):
        diags.extend(before)
        return None
    text = format_text(source.text)
    after = Diagnostics()
    again = parse(SourceFile(source.path, text), after)
    if again is None or _syntax_errors(after) or _shape(again) != _shape(tree):
        raise FormatError(f"formatting {source.path} would change what it says: not written")
    return text


def _syntax_errors(diags: Diagnostics) -> bool:
    return any(d.code.startswith("E1") for d in diags)  # E101-E110: the file's syntax


def format_text(text: str) -> str:
    """`text` (a file that parses) in the canonical layout."""
    lines = _classify(text.replace("\r\n", "\n").removeprefix("\ufeff").split("\n"))
    _comment_depths(lines)
    return _emit(lines)


# ---------------------------------------------------------------- reading the lines


def _columns(raw: str) -> int:
    expanded = raw.expandtabs(8)
    return len(expanded) - len(expanded.lstrip(" \t\f"))


def _classify(raw_lines: list[str]) -> list[_Line]:
    """Each line's kind, and the depth of the lines that start a logical line."""
    out: list[_Line] = []
    stack = [0]  # the indentation columns of the open blocks, as the indenter keeps them
    brackets, start_shift, opens = 0, 0, False
    first = _Line("blank", "", 0)  # the first line of the last logical line
    for raw in raw_lines:
        body = raw.strip(" \t\f")
        line = _Line("blank", body, _columns(raw))
        if brackets > 0 and body:
            line.kind, line.shift = "more", start_shift
            brackets = _brackets(body, brackets)
            line.opens = first.block = brackets == 0 and _ends_block(body)
        elif not body:
            pass
        elif body.startswith("#"):
            line.kind = "comment"
        else:
            line.kind = "prose" if body.startswith(">") else "code"
            if opens or line.column > stack[-1]:
                stack.append(line.column)
            while line.column < stack[-1]:
                stack.pop()
            line.depth = len(stack) - 1
            start_shift = line.depth * len(INDENT) - line.column
            if line.kind == "code":
                brackets = _brackets(body, 0)
                line.opens = line.block = brackets == 0 and _ends_block(body)
                first = line
        if line.kind in ("code", "more", "prose"):
            opens = line.opens
        out.append(line)
    return out


def _tokens(body: str) -> list[_Token]:
    found, spaced = [], False
    for match in _TOKEN.finditer(body):
        kind = match.lastgroup or "other"
        if kind == "space":
            spaced = True
            continue
        found.append(_Token(kind, match.group(), spaced))
        spaced = False
    return found


def _brackets(body: str, level: int) -> int:
    for token in _tokens(body):
        if token.kind == "op" and token.text in _OPEN:
            level += 1
        elif token.kind == "op" and token.text in _CLOSE:
            level = max(level - 1, 0)
    return level


def _ends_block(body: str) -> bool:
    code = [t for t in _tokens(body) if t.kind != "comment"]
    return bool(code) and code[-1].text == ":"


def _comment_depths(lines: list[_Line]) -> None:
    """A comment line's depth: that of the block it stands in. It lies between the depth
    of the next line of code and that of the line before (one more if that line opens a
    block); among those, the deepest block whose column the comment reaches."""
    columns: list[int] = [0]  # indentation column of each depth, as of the line before
    last_depth, last_opens = 0, False
    pending: list[_Line] = []
    for line in [*lines, _Line("code", "", 0)]:
        if line.kind == "comment":
            pending.append(line)
            continue
        if line.kind not in ("code", "prose"):
            continue
        deepest = last_depth + 1 if last_opens else last_depth
        for comment in pending:
            depth = line.depth
            for level in range(line.depth, deepest + 1):
                if level < len(columns) and columns[level] <= comment.column:
                    depth = level
            comment.depth = min(max(depth, line.depth), deepest)
        pending.clear()
        del columns[line.depth:]
        columns.append(line.column)
        last_depth, last_opens = line.depth, line.block


# ---------------------------------------------------------------- writing them


def _emit(lines: list[_Line]) -> str:
    out: list[str] = []
    blank, previous = False, None  # a blank line since the last line kept; that line
    for line in lines:
        if line.kind == "blank":
            blank = True
            continue
        if previous is not None and line.kind != "more":
            if line.depth == 0 and (previous.kind != "comment" or previous.depth > 0):
                out.append("")  # before a top-level declaration, after the one before
            elif blank and not previous.opens:
                out.append("")
        out.append(_render(line))
        blank, previous = False, line
    return "\n".join(out) + "\n"


def _render(line: _Line) -> str:
    if line.kind == "more":
        indent = " " * max(line.column + line.shift, 0)
        return indent + _code(line.text, len(indent), line.column)
    indent = INDENT * line.depth
    if line.kind in ("comment", "prose"):
        return indent + line.text
    return indent + _code(line.text, len(indent), line.column)


def _code(body: str, indent: int, column: int) -> str:
    """The tokens of a line, spaced, and its end-of-line comment placed."""
    tokens = _tokens(body)
    comment = tokens.pop() if tokens and tokens[-1].kind == "comment" else None
    text = _join(tokens)
    if comment is None:
        return text
    if not text:
        return comment.text
    was = column + _comment_offset(body)  # the comment's column in the source
    target = was + (indent - column)
    gap = max(target - (indent + len(text)), 2)
    return text + " " * gap + comment.text


def _comment_offset(body: str) -> int:
    for match in _TOKEN.finditer(body):
        if match.lastgroup == "comment":
            return len(body[: match.start()].expandtabs(8))
    return len(body)


def _join(tokens: list[_Token]) -> str:
    parts: list[str] = []
    signs: set[int] = set()  # the indexes of the `-` that are signs
    for i, token in enumerate(tokens):
        if i == 0:
            parts.append(token.text)
            if token.text == "-":
                signs.add(i)
            continue
        before, after = tokens[i - 1], tokens[i + 1] if i + 1 < len(tokens) else None
        if token.text == "-" and token.kind == "op" and _is_sign(before, token, after):
            signs.add(i)
        parts.append(_gap(before, token, after, i - 1 in signs) + token.text)
    return "".join(parts)


def _is_sign(before: _Token, token: _Token, after: _Token | None) -> bool:
    if before.kind == "op" and before.text in _BEFORE_SIGN:
        return True
    # after a word, the source's spacing tells `to -1` from `x - 1`
    return before.kind == "name" and token.spaced and after is not None and not after.spaced


def _gap(before: _Token, token: _Token, after: _Token | None, after_sign: bool) -> str:
    ops = before.kind == "op", token.kind == "op"
    if after_sign or ops[1] and token.text in (":", ",", ")", "]"):
        return ""
    if ops[0] and before.text in _OPEN:
        return ""
    if ops[0] and before.text in _TIGHT or ops[1] and token.text in _TIGHT:
        return ""
    if ops[1] and token.text == "+" and after is not None and after.text == ":":
        return ""  # a table row's `14+:`
    if ops[1] and token.text == "(" and before.kind == "name":
        return " " if token.spaced else ""  # `max(a, b)` is a call; `surge (2 each)` is not
    return " "


# ---------------------------------------------------------------- checking the result


def _shape(node: Any) -> Any:
    """The AST with every span left out: what formatting must not change."""
    if isinstance(node, tuple | list):
        return tuple(_shape(v) for v in node)
    if is_dataclass(node) and not isinstance(node, type):
        return (type(node).__name__, *(
            (f.name, _shape(getattr(node, f.name))) for f in fields(node)
            if not isinstance(getattr(node, f.name), Span)))
    return node
