"""The editor grammar: a TextMate grammar for `.ludex` files (`grammar/ludex.tmLanguage.json`),
which VS Code and the editors that read TextMate grammars use to colour the rules.

It is generated, never written by hand: its words are the Pygments lexer's lists
(`highlight`), which come from the one vocabulary (`core.vocabulary`, the assembler's
declaration keywords), so a word added to the language is coloured in the editor too, and
`ludex build --check` says when the committed file is stale. Like the lexer, it reads a
line by what it starts with: a prose line, a comment, a declaration header, a clause, a
property, a field; the rest of a line is an expression.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..core.vocabulary import CLAUSES, FLOW, VERBS
from ..semantics.compilation import Compilation
from .highlight import (
    BUILTINS,
    CONSTANTS,
    DECLARATIONS,
    LINE_WORDS,
    LOGIC,
    NOT_A_DECLARATION,
    PARTICLES,
    TYPES,
)

FILE = "ludex.tmLanguage.json"
SCOPE = "source.ludex"
_ID = r"[A-Za-z_][A-Za-z0-9_]*"
_STRING = r'"(?:[^"\\]|\\.)*"'
_HEADER_TAIL = rf'(?=\s*(?:{_STRING}\s*)?:?\s*(?:#.*)?$)'
# repository entry -> (scope, words): the words the grammar knows, each list once
WORDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "statements": ("keyword.control.statement.ludex", VERBS + FLOW),
    "particles": ("keyword.other.particle.ludex", PARTICLES),
    "constants": ("constant.language.ludex", CONSTANTS),
    "logic": ("keyword.operator.logical.ludex", LOGIC),
    "builtins": ("variable.language.ludex", BUILTINS),
    "types": ("storage.type.field.ludex", TYPES + ("one", "list", "of")),
}


def _words(words: Iterable[str]) -> str:
    """An alternation of whole words, longest first (Oniguruma takes the first match)."""
    return r"\b(?:" + "|".join(sorted(set(words), key=lambda w: (-len(w), w))) + r")\b"


def keywords() -> set[str]:
    """Every word the grammar colours as part of the language."""
    found = set(DECLARATIONS) | set(CLAUSES) | set(LINE_WORDS)
    for _, words in WORDS.values():
        found |= set(words)
    return found


def grammar() -> dict[str, Any]:
    """The grammar as a JSON object."""
    decl_words = _words(DECLARATIONS)
    repository: dict[str, Any] = {name: {"match": _words(words), "name": scope}
                                  for name, (scope, words) in WORDS.items()}
    repository |= {
        "comment": {"match": r"#.*$", "name": "comment.line.number-sign.ludex"},
        "prose": {"match": r"^\s*(>)(.*)$", "captures": {
            "1": {"name": "punctuation.definition.quote.ludex"},
            "2": {"name": "markup.quote.prose.ludex"}}},
        "string": {"begin": '"', "end": r'"|$', "name": "string.quoted.double.ludex",
                   "patterns": [{"match": r"\\.", "name": "constant.character.escape.ludex"}]},
        "declaration": {"match": rf"^\s*({decl_words})\s+({_ID}){_HEADER_TAIL}", "captures": {
            "1": {"name": "storage.type.declaration.ludex"},
            "2": {"name": "entity.name.function.ludex"}}},
        "instance": {"match": rf"^\s*(?!{_words(NOT_A_DECLARATION)})({_ID})\s+({_ID})"
                     + _HEADER_TAIL, "captures": {
                         "1": {"name": "entity.name.type.kind.ludex"},
                         "2": {"name": "entity.name.function.ludex"}}},
        "line-words": {"match": rf"^\s*({_words(LINE_WORDS[:3])})\b(?:\s+({_ID}))?",
                       "captures": {"1": {"name": "keyword.other.line.ludex"},
                                    "2": {"name": "entity.name.tag.ludex"}}},
        "field": {"begin": rf"^\s*(field)\s+({_ID})\s*(:)", "end": "$",
                  "beginCaptures": {"1": {"name": "keyword.other.line.ludex"},
                                    "2": {"name": "variable.other.property.ludex"},
                                    "3": {"name": "punctuation.separator.ludex"}},
                  "patterns": [{"include": "#types"}, {"include": "#expression"}]},
        "clause": {"match": rf"^\s*({_words(CLAUSES)})\s*(:)", "captures": {
            "1": {"name": "keyword.other.clause.ludex"},
            "2": {"name": "punctuation.separator.ludex"}}},
        "property": {"match": rf"^\s*(?!{_words(FLOW)})({_ID})\s*(:)", "captures": {
            "1": {"name": "variable.other.property.ludex"},
            "2": {"name": "punctuation.separator.ludex"}}},
        "number": {"match": r"\b[0-9]+\b", "name": "constant.numeric.ludex"},
        "operator": {"match": r"\.\.|==|!=|<=|>=|<|>|\+|-|\*|/",
                     "name": "keyword.operator.ludex"},
        "call": {"match": rf"\b({_ID})(?=\s*\()",
                 "captures": {"1": {"name": "entity.name.function.call.ludex"}}},
        "expression": {"patterns": [{"include": f"#{name}"} for name in (
            "comment", "string", "number", "operator", "constants", "logic", "builtins",
            "statements", "particles", "call")]},
    }
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/"
                   "tmlanguage.json",
        "name": "Ludex", "scopeName": SCOPE, "fileTypes": ["ludex"],
        "comment": "Generated by `ludex build` from the Ludex vocabulary: do not edit.",
        "patterns": [{"include": f"#{name}"} for name in (
            "prose", "comment", "line-words", "field", "clause", "declaration", "instance",
            "property", "expression")],
        "repository": dict(sorted(repository.items())),
    }


def emit_text() -> str:
    """The grammar file's text."""
    return json.dumps(grammar(), indent=2, ensure_ascii=False) + "\n"


def emit(comp: Compilation) -> dict[str, str]:
    """The build's grammar target: one file, whatever the rules (the grammar is the
    language's, not a game's)."""
    del comp
    return {FILE: emit_text()}


def owns(path: Path) -> bool:
    """Could the build have written this file?"""
    return path.name == FILE
