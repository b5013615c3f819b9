"""A Pygments lexer for `.ludex` files, registered as `ludex` (entry point
`pygments.lexers`), so source excerpts on the site and anywhere Pygments runs
are highlighted.

Like the grammar, it reads a file line by line: what a line starts with says
what it is (a prose line, a clause, a property, a table row, a manifest
entry, a statement or a declaration), and the rest of the line is an
expression. A clause word or a verb is a keyword only where a clause or a
statement can start, so `deck draw` declares a deck called `draw`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

# Pygments ships no type information; its names are `Any` here.
from pygments.lexer import (  # type: ignore[import-untyped]
    RegexLexer,
    bygroups,
    default,
    include,
    words,
)
from pygments.token import (  # type: ignore[import-untyped]
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
    _TokenType,
)

from ..core.vocabulary import BUILTIN_NAMES, CLAUSES, FLOW, VERBS
from ..syntax.properties import BUILTINS as DECLARATION_KEYWORDS

DECLARATIONS = tuple(sorted(DECLARATION_KEYWORDS))  # the compiler's own list: never drifts
# words inside a clause or a statement: prepositions, timings, limits, durations
PARTICLES = ("to", "from", "on", "in", "at", "under", "as", "into", "each", "per", "once",
             "max", "until", "end", "start", "of", "permanent", "instant", "action",
             "anytime", "before", "after", "during", "where", "up", "exactly", "any", "number",
             "enters", "leaves", "passes", "bumps", "discarded", "targeted", "within", "instead",
             "with", "reaches", "along", "away", "toward", "by", "stopped")
CONSTANTS = ("yes", "no")
LOGIC = ("and", "or", "not")
BUILTINS = tuple(sorted(BUILTIN_NAMES))
TYPES = ("int", "text", "image", "bool", "ref", "optional")
NOT_A_DECLARATION = VERBS + FLOW + LOGIC + CONSTANTS
LINE_WORDS = ("within", "note", "suppress", "field", "one", "list")
KEYWORDS = frozenset(DECLARATIONS + CLAUSES + VERBS + FLOW + PARTICLES + CONSTANTS + LOGIC
                     + TYPES + LINE_WORDS)  # every word the lexer knows as a keyword

_ID = r"[A-Za-z_]\w*"
_WS = r"[ \t\f]*"
_STRING = r'"(?:[^"\\\n]|\\.)*"'
_DECL_TAIL = rf"(?={_WS}(?:{_STRING}{_WS})?:?{_WS}(?:#[^\n]*)?\n)"


def _declaration(lexer: RegexLexer, match: Any) -> Iterator[tuple[int, _TokenType, str]]:
    """`KEYWORD id "Title":`, where KEYWORD is built in or the id of a kind."""
    indent, keyword, space, ident = match.groups()
    pos = match.start()
    head = Keyword.Declaration if keyword in DECLARATIONS else Name.Class
    for token, text in ((Whitespace, indent), (head, keyword), (Whitespace, space),
                        (Name.Function, ident)):
        if text:
            yield pos, token, text
            pos += len(text)


class LudexLexer(RegexLexer):  # type: ignore[misc]
    """Ludex: a tabletop game's components, cards and rules as data."""

    name = "Ludex"
    aliases: ClassVar[list[str]] = ["ludex"]
    filenames: ClassVar[list[str]] = ["*.ludex"]
    mimetypes: ClassVar[list[str]] = ["text/x-ludex"]
    version_added = ""

    tokens: ClassVar[dict[str, Any]] = {
        # at the start of a line
        "root": [
            (rf"{_WS}\n", Whitespace),
            (rf"({_WS})(#[^\n]*)(\n)", bygroups(Whitespace, Comment.Single, Whitespace)),
            (rf"({_WS})(>)([^\n]*)(\n)",
             bygroups(Whitespace, Punctuation.Marker, String.Doc, Whitespace)),
            (rf"({_WS})(within)\b", bygroups(Whitespace, Keyword.Namespace), "value"),
            (rf"({_WS})(note|suppress)([ \t]+)({_ID})",
             bygroups(Whitespace, Keyword, Whitespace, Name.Label), "value"),
            (rf"({_WS})(field)([ \t]+)({_ID})({_WS})(:)",
             bygroups(Whitespace, Keyword, Whitespace, Name.Attribute, Whitespace, Punctuation),
             "type"),
            (rf"({_WS})({'|'.join(CLAUSES)})({_WS})(:)",
             bygroups(Whitespace, Keyword, Whitespace, Punctuation), "expr"),
            (rf"({_WS})(?=(?:else|choose)\b)", bygroups(Whitespace), "expr"),
            (rf"({_WS})({_ID})({_WS})(:)",
             bygroups(Whitespace, Name.Attribute, Whitespace, Punctuation), "expr"),
            (rf"({_WS})(?=(?:{'|'.join(VERBS + FLOW)})\b)", bygroups(Whitespace), "expr"),
            (rf"({_WS})([0-9]+)(?:(\+)|(\.\.)([0-9]+))?({_WS})(:)",
             bygroups(Whitespace, Number.Integer, Operator, Operator, Number.Integer, Whitespace,
                      Punctuation), "expr"),
            (rf"({_WS})({_STRING})({_WS})(:)",
             bygroups(Whitespace, String.Double, Whitespace, Punctuation), "expr"),
            (rf"({_WS})([0-9]+)(?=[ \t]+[A-Za-z_])", bygroups(Whitespace, Number.Integer),
             "expr"),
            (rf"({_WS})(?!(?:{'|'.join(NOT_A_DECLARATION)})\b)({_ID})([ \t]+)({_ID})"
             + _DECL_TAIL, _declaration, "value"),
            default("expr"),
        ],
        # the rest of a line: an expression, a statement, a timing, a limit
        "expr": [
            (words(VERBS + FLOW + PARTICLES, suffix=r"\b"), Keyword),
            include("value"),
        ],
        # a property's value or a declaration's title: no statement keywords
        "value": [
            (r"\n", Whitespace, "#pop"),
            (r"[ \t\f]+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"', String.Double, "string"),
            (r"[0-9]+", Number.Integer),
            (r"\.\.", Operator),
            (rf"(\.)({_ID})", bygroups(Punctuation, Name)),
            (r"==|!=|<=|>=|<|>|\+|-|\*|/|=", Operator),  # `=`: a trigger's named value
            (r"[()\[\],:|]", Punctuation),
            (words(CONSTANTS, suffix=r"\b"), Keyword.Constant),
            (words(LOGIC, suffix=r"\b"), Operator.Word),
            (words(BUILTINS, suffix=r"\b"), Name.Builtin),
            (rf"{_ID}(?=[ \t]*\()", Name.Function),
            (_ID, Name),
        ],
        # a field's type: `int 0..9 | one of a, b`, `list of ref hero 1..2`
        "type": [
            (r"(one|list)([ \t]+)(of)\b", bygroups(Keyword.Type, Whitespace, Keyword.Type)),
            (words(TYPES, suffix=r"\b"), Keyword.Type),
            (r"\|", Operator),
            include("value"),
        ],
        "string": [
            (r"\\.", String.Escape),
            (r'"', String.Double, "#pop"),
            (r'[^"\\\n]+', String.Double),
            default("#pop"),  # an unterminated string ends with its line
        ],
    }
