"""Parse `.ludex` text into the typed AST in one pass.

Lark's LALR parser runs with the AST built in its own callbacks (no parse
tree is materialised). Lark's errors are turned into diagnostics in the
language's own words; nothing here raises for bad input.

Parsing is reentrant: the grammar's tables and lexers are built once and hold no
parse's state; each parse brings its own callbacks (an `AstBuilder` on a new
`Context`) and its own indenter, so files parse independently, interleaved in one
thread or at once in many.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from queue import Empty, SimpleQueue
from typing import Any, NamedTuple

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken
from lark.indenter import DedentError
from lark.lexer import Lexer, LexerState, LexerThread
from lark.parsers.lalr_parser import _Parser
from lark.parsers.lalr_parser_state import ParseConf
from lark.utils import TextSlice

from ..core.codes import Code
from ..core.diagnostics import Diagnostic, Diagnostics
from ..core.source import SourceFile, Span
from . import ast
from .assemble import build_file
from .cache import ParseCache, Part, digest
from .callbacks import AstBuilder, Context
from .errors import NestingTooDeep, report_syntax_error
from .fastparse import plain_decl
from .indent import MAX_DEPTH as MAX_DEPTH  # what the card data readers bound nesting by
from .indent import LudexIndenter
from .lalr import FastState, Reduces, reduces
from .tables import compile_grammar, grammar_text, int_keys, serialise, shipped

# ---------------------------------------------------------------- the parser


@cache
def _terminals() -> dict[str, str]:
    """Each terminal that is a fixed string, by name (for messages in the language's words)."""
    return {t.name: t.pattern.value for t in _parser().terminals if t.pattern.type == "str"}


_TABLES: list[Path] = []  # the cache folder the first parse was given, if any
_TABLES_FILE = "grammar.json"


@cache
def _parser() -> Lark:
    """The grammar, compiled once: LALR tables, contextual lexer, terminals. It holds no
    callbacks of ours: `_Machine.run` gives each parse its own. The tables are read from
    the ones shipped beside the grammar (`tables`) when they were made from it, else from
    the parse cache (JSON, three times faster than compiling the grammar), else compiled
    and, with a parse cache, written to it."""
    text = grammar_text()
    cache = ParseCache(_TABLES[0]) if _TABLES else None
    tables = shipped(text)
    if tables is None and cache is not None:
        data = cache.read_extra(_TABLES_FILE)
        try:
            tables = json.loads(data, object_hook=int_keys) if data is not None else None
        except ValueError:  # damaged tables: compile the grammar
            tables = None
    if tables is not None:
        try:
            loaded: Lark = Lark._load_from_dict(  # type: ignore[no-untyped-call]
                tables["data"], tables["memo"], postlex=LudexIndenter())
            return loaded
        except Exception:  # noqa: BLE001 - damaged tables: compile the grammar
            pass
    lark = compile_grammar(text)
    if cache is not None:
        cache.write_extra(_TABLES_FILE, json.dumps(serialise(lark)).encode())
    return lark


@dataclass(frozen=True)
class _Machine:
    """What every parse shares, read-only: the LALR table, the contextual lexer (its
    per-state scanners built up front, so no parse builds one while another reads
    it), and the rule shapes that turn an `AstBuilder` into Lark callbacks.

    A parse runs on its own `Context` and indenter, with callbacks no other parse is
    using: an idle builder with its callbacks is taken from `idle` (making the
    callbacks costs more than parsing a small file), or made when none is idle (a
    parse on another thread, or begun inside another parse), and put back emptied."""

    table: Any
    lexer: Any
    rules: Any
    idle: SimpleQueue[tuple[AstBuilder, dict[Any, Any], Reduces]] = \
        field(default_factory=SimpleQueue)

    def run(self, text: str, ctx: Context, first_line: int = 1) -> ast.File:
        """Parse `text`, which stands at line `first_line` of its file."""
        try:
            builder, callbacks, rules = self.idle.get_nowait()
        except Empty:
            builder = AstBuilder(ctx)
            callbacks = self.rules.create_callback(builder)
            rules = reduces(self.table, callbacks)
        builder.ctx = ctx
        try:
            state = LexerState(TextSlice.cast_from(text))
            state.line_ctr.line = first_line  # a part of a file: its lines counted from there
            tokens = LexerThread(_Indented(self.lexer), state)
            parser = FastState(ParseConf(self.table, callbacks, "start"), tokens, rules)
            result: ast.File = _Parser(self.table, callbacks).parse_from_state(parser)
            return result
        finally:
            builder.ctx = Context("", Diagnostics())  # keeps nothing of this parse
            self.idle.put((builder, callbacks, rules))


@cache
def _machine() -> _Machine:
    # Lark's own `parse` runs the callbacks and indenter it was built with, shared by
    # every call; these parts of Lark 1.x (the LALR `_Parser`, `ParseTreeBuilder`, the
    # contextual lexer's scanners) let each parse bring its own instead.
    lark = _parser()
    lexer = lark.parser.lexer.lexer  # the contextual lexer behind the shared indenter
    for scanner_owner in {id(x): x for x in lexer.lexers.values()}.values():
        _ = scanner_owner.scanner
    _ = lexer.root_lexer.scanner
    return _Machine(lark.parser.parser.parser.parse_table, lexer,
                    lark._parse_tree_builder)


class _Indented(Lexer):
    """The shared contextual lexer, read through one parse's own indenter."""

    def __init__(self, lexer: Lexer) -> None:
        self.lexer, self.indenter = lexer, LudexIndenter()

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        tokens: Iterator[Token] = self.indenter.process(  # type: ignore[no-untyped-call]
            self.lexer.lex(lexer_state, parser_state))
        return tokens


MAX_SYNTAX_ERRORS = 20  # per file


class Parsed(NamedTuple):
    """A file's AST (None when nothing of it could be read) and whether it is whole:
    False when syntax errors set parts of it aside."""

    file: ast.File | None
    whole: bool


def parse(source: SourceFile, diags: Diagnostics) -> ast.File | None:
    """The file's AST, with the parts that hold syntax errors set aside (`parse_file`)."""
    return parse_file(source, diags).file


def parse_file(source: SourceFile, diags: Diagnostics, cache: ParseCache | None = None,
               whole: bool = False) -> Parsed:
    """Parse one file, reporting every syntax error, not just the first: declaration by
    declaration, each read by the fast path when it is plain (`fastparse`), else taken
    from the `cache` when its text is there, else parsed; `whole`: the file parsed as
    one, by the parser alone (what the parts give is always the same: the tests compare).

    After an error, the smallest part of the file that holds it (the line and its
    block, or the enclosing declaration) is set aside, replaced by a bare `>` line
    where a body must not become empty, and the file is parsed again; lines keep
    their numbers, so later errors point at the right place. What is left parses, so
    a file with syntax errors still declares everything outside the parts set aside:
    other files that name those declarations see no follow-on error (E301), and the
    first error reported is the real one."""
    text = source.text
    if all(not line.strip() or line.lstrip().startswith("#") for line in text.split("\n")):
        diags.add(Code.EMPTY_FILE, "file declares nothing", source.span(1, 1),
                  "start the file with a declaration, e.g. `rule my_rule \"Title\":`")
        return Parsed(None, False)
    if cache is not None and not _TABLES:
        _TABLES.append(cache.root)
    if not whole:
        parsed = _parse_by_decl(source, diags, cache)
        if parsed is not None:
            return parsed
    lines = (text if text.endswith("\n") else text + "\n").split("\n")
    found: list[Diagnostic] = []
    set_aside: set[int] = set()  # 0-based lines replaced by a placeholder
    for _ in range(MAX_SYNTAX_ERRORS * 2):
        callbacks, syntax = Diagnostics(), Diagnostics()
        result = _attempt(SourceFile(source.path, "\n".join(lines)), callbacks, syntax)
        if result is not None:
            break
        error = next(iter(syntax))
        line = (error.span.line if error.span else 1) - 1
        if line not in set_aside:
            found.append(_inside(error, text))
        # an unterminated text's closing quote is on a later line: skip it too
        if error.code == Code.UNTERMINATED_STRING:
            _set_aside_string_end(lines, line)
        if len(found) >= MAX_SYNTAX_ERRORS or not _set_aside(lines, line, set_aside):
            break
    diags.extend(callbacks)
    diags.extend(found)
    return Parsed(result, not found)


def _inside(error: Diagnostic, text: str) -> Diagnostic:
    """The error, pointing inside the file: the parser reads the text with a final newline
    added, so an error at the end of input may name a line the file does not have."""
    lines = text.split("\n")
    span = error.span
    if span is None or span.line <= len(lines):
        return error
    end = len(lines[-1]) + 1
    return replace(error, span=Span(span.file, len(lines), end, len(lines), end + 1))


def split_decls(text: str) -> list[tuple[int, str]]:
    """The file's text cut before each top-level line of code (a declaration, or `within`):
    (its first line, its text, ending in a newline). A cut that is not a declaration's
    start (a line inside open brackets) leaves a part that does not parse alone."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    starts = [0] + [i for i in range(1, len(lines))
                    if lines[i][:1] not in ("", " ", "\t", "\f", "#")]
    return [(a + 1, "\n".join(lines[a:b]) + "\n")
            for a, b in zip(starts, starts[1:] + [len(lines)], strict=True)]


def _parse_by_decl(source: SourceFile, diags: Diagnostics,
                   cache: ParseCache | None) -> Parsed | None:
    """The file parsed one top-level declaration at a time, each part read by the fast
    path when plain, else taken from the cache (if any) when its text is there; None
    (nothing reported) when a part does not parse cleanly alone: then the whole file is
    parsed as one, its errors reported as always."""
    within: ast.Ref | None = None
    decls: list[ast.Decl] = []
    found: list[Diagnostic] = []
    for index, (first, text) in enumerate(split_decls(source.text)):
        plain = Diagnostics()
        decl = plain_decl(text, source.path, first, plain)
        if decl is not None:  # read without the parser, faster than from the cache
            decls.append(decl)
            found += plain
            continue
        key = digest(text)
        part = cache.get(source.path, key, first) if cache is not None else None
        if part is None:
            callbacks = Diagnostics()
            try:
                file = _machine().run(text, Context(source.path, callbacks), first)
            except (UnexpectedCharacters, UnexpectedToken, UnexpectedEOF, DedentError,
                    NestingTooDeep):
                return None
            if any(d.code == Code.TOO_DEEP for d in callbacks):
                return None  # reported once per file: the whole file decides where
            part = Part(file.within, file.decls, tuple(callbacks))
            if cache is not None:
                cache.put(source.path, key, first, part)
        if part.within is not None:
            if index:
                return None  # `within` after a declaration: a syntax error
            within = part.within
        decls += part.decls
        found += part.diags
    diags.extend(found)
    ends = ([within.span] if within else []) + [d.span for d in decls]
    span = Span(source.path, ends[0].line, ends[0].col, ends[-1].end_line,
                ends[-1].end_col) if ends else Span(source.path, 1, 1, 1, 1)
    return Parsed(build_file(source.path, span, within, decls), True)


def _attempt(source: SourceFile, callbacks: Diagnostics, syntax: Diagnostics) -> ast.File | None:
    try:
        result = _machine().run(source.text, Context(source.path, callbacks))
    except (UnexpectedCharacters, UnexpectedToken, UnexpectedEOF, DedentError,
            NestingTooDeep) as err:
        report_syntax_error(err, source, syntax, _terminals())
        return None
    return result


# a declaration's first line (`rule draw "Draw":`), its colon perhaps missing
_HEADER = re.compile(r'[A-Za-z_]\w*[ \t]+[A-Za-z_]\w*([ \t]+"[^"]*")?[ \t]*:?[ \t]*(#.*)?$')


def _indent(line: str) -> int:
    return len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())


def _code(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _owns_block(line: str) -> bool:
    """Whether the lines indented under this one can be its own: it opens a block (or is
    a declaration's first line, its `:` perhaps missing), or leaves a bracket open."""
    code = _bare(line)
    return _opens(code) or bool(_HEADER.match(line.strip())) or _open_brackets(code) > 0


def _open_brackets(code: str) -> int:
    return sum(code.count(c) for c in "[({") - sum(code.count(c) for c in "])}")


def _bracket_opened(lines: list[str], index: int) -> int:
    """The line that opened a bracket still open at line `index` (so the error is inside
    it: the bracket was never closed), else `index`."""
    depth = 0
    for i in range(index - 1, max(index - 50, -1), -1):
        code = _bare(lines[i])
        if _opens(code):
            break  # a statement does not reach back past a block's opening line
        depth += code.count("[") + code.count("(") - code.count("]") - code.count(")")
        if depth > 0:
            return i
    return index


def _bare(line: str) -> str:
    """The line without its texts' contents and its comment."""
    return re.sub(r'"[^"]*"', '""', line).split("#", 1)[0]


def _opens(line: str) -> bool:
    """Whether the line ends in `:`, opening a block."""
    return line.split("#", 1)[0].rstrip().endswith(":")


def _set_aside_string_end(lines: list[str], index: int) -> None:
    following = next((i for i in range(index + 1, len(lines)) if _code(lines[i])), None)
    if following is not None and lines[following].count('"') % 2 == 1:
        lines[following] = ""


def _set_aside(lines: list[str], index: int, done: set[int]) -> bool:
    """Replace the part holding line `index` so the parser can go on; False when there
    is nothing left to set aside. A part already replaced is widened to its parent."""
    index = min(max(index, 0), len(lines) - 1)
    while index > 0 and not _code(lines[index]):
        index -= 1
    last = index  # the part set aside reaches at least this line
    index = _bracket_opened(lines, index)
    opener = next((i for i in range(index - 1, -1, -1) if _code(lines[i])), None)
    if opener is not None and _opens(lines[opener]) and \
            _indent(lines[opener]) >= _indent(lines[index]):
        following = next((i for i in range(index + 1, len(lines)) if _code(lines[i])), None)
        if following is not None and _indent(lines[following]) > _indent(lines[opener]) \
                and not _owns_block(lines[index]):
            lines[index] = ""  # a stray line between a `:` and its block
            return True
        index = opener  # a line ending in `:` without its block: set both aside
    start = index
    if start in done:  # the placeholder itself is wrong here: take the enclosing part
        level = _indent(lines[start])
        start = next((i for i in range(start - 1, -1, -1)
                      if _code(lines[i]) and _indent(lines[i]) < level), -1)
        if start < 0:
            return False
    level = _indent(lines[start])
    end = next((i for i in range(max(start, last) + 1, len(lines))
                if _code(lines[i]) and _indent(lines[i]) <= level), len(lines))
    if not _owns_block(lines[start]):
        end = start + 1  # a stray line: the lines under it are not its own
    above = next((i for i in range(start - 1, -1, -1) if _code(lines[i])), None)
    if above is not None and _indent(lines[above]) < level and not _opens(lines[above]) \
            and not _open_brackets(_bare(lines[above])):
        home = _indent(lines[above])  # a block under a line that opens none: all of it
        end = next((i for i in range(start + 1, len(lines))
                    if _code(lines[i]) and _indent(lines[i]) <= home), len(lines))
    if not any(_code(line) for line in lines[start:end]):
        return False
    lines[start:end] = [""] * (end - start)
    prev = next((lines[i] for i in range(start - 1, -1, -1) if _code(lines[i])), None)
    if level > 0 and prev is not None and _opens(prev):
        lines[start] = " " * level + ">"  # the block `prev` opens must not become empty
        done.add(start)
    return any(_code(line) for line in lines)
