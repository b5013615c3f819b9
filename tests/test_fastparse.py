"""The fast path for plain declarations (syntax/fastparse.py, issue 12): whatever it
reads, it reads exactly as Lark's parse does (the same AST, spans included, and the same
diagnostics); whatever it cannot be sure of, it leaves to the parser.

Checked on every top-level declaration of `rules/` and of the fixtures, on whole files
(read part by part, against the file parsed whole by the parser alone), and on random
declarations built from the pieces that could trip it (keywords where names stand,
comments and `#` inside texts, odd spacing, long numbers and ids, nested blocks)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Token
from ludex.core.diagnostics import Diagnostics
from ludex.core.source import SourceFile
from ludex.syntax.callbacks import Context
from ludex.syntax.fastparse import (
    CLAUSE_WORDS,
    EFFECT_WORDS,
    STEP_WORDS,
    VALUE_KEYWORDS,
    plain_decl,
)
from ludex.syntax.parse import _machine, _parser, parse_file, split_decls

from .conftest import FIXTURES, ROOT


def _sources() -> list[Path]:
    paths = sorted([*(ROOT / "rules").rglob("*.ludex"), *FIXTURES.rglob("*.ludex")])
    out = []
    for path in paths:
        try:
            path.read_text("utf-8")
        except UnicodeDecodeError:
            continue  # the fixtures of undecodable files
        out.append(path)
    return out


def _lark(text: str, first: int, diags: Diagnostics) -> object:
    """What the parser makes of one declaration's text: its declaration, or the error."""
    try:
        file = _machine().run(text, Context("t.ludex", diags), first)
    except Exception as err:  # noqa: BLE001 - any parse error: the fast path must refuse
        return type(err).__name__
    return file.decls[0] if len(file.decls) == 1 and file.within is None else file


def _same_as_lark(text: str, first: int = 1) -> bool:
    """True when the fast path read `text`, after checking it reads it as Lark does."""
    fast_diags, lark_diags = Diagnostics(), Diagnostics()
    fast = plain_decl(text, "t.ludex", first, fast_diags)
    if fast is None:
        return False
    assert _lark(text, first, lark_diags) == fast, text
    assert list(fast_diags) == list(lark_diags), text
    return True


def _accepted_keywords(tokens: list[Token]) -> set[str]:
    """The fixed words the grammar takes as keywords after `tokens`."""
    parser = _parser()
    words = {t.name: t.pattern.value for t in parser.terminals if t.pattern.type == "str"}
    state = parser.parse_interactive("")
    for token in tokens:
        state.feed_token(token)
    return {words[name] for name in state.accepts() if name in words and words[name].isalpha()}


def test_its_keywords_are_the_grammars() -> None:
    """A body item may start with these words as keywords (not names), and a value with
    these: the fast path refuses or handles exactly them."""
    head = [Token("NAME", "card"), Token("NAME", "c"), Token("COLON", ":"),
            Token("_NL", "\n"), Token("_INDENT", "  ")]
    assert _accepted_keywords(head) == CLAUSE_WORDS | EFFECT_WORDS
    assert _accepted_keywords([*head, Token("NAME", "cost"), Token("COLON", ":")]) \
        == VALUE_KEYWORDS
    assert _accepted_keywords([*head, Token("NAME", "tags"), Token("COLON", ":"),
                               Token("LSQB", "[")]) == VALUE_KEYWORDS


def test_after_a_prose_line_the_step_words_are_keywords() -> None:
    """A prose line may be a step of an effect: after one, the parser reads the words
    that start a statement as keywords, so `set: 3` is no property there (found with
    hypothesis: `card cost:\n  > \n  for:[]`)."""
    parser = _parser()
    words = {t.pattern.value for t in parser.terminals
             if t.pattern.type == "str" and t.pattern.value.isalpha()}
    refused = set()
    for word in sorted(words):
        diags = Diagnostics()
        parse_file(SourceFile("t.ludex", f"card c:\n  > x\n  {word}: 3\n"), diags, whole=True)
        if list(diags):
            refused.add(word)
    assert refused - CLAUSE_WORDS == STEP_WORDS
    for word in sorted(STEP_WORDS):
        assert plain_decl(f"card c:\n  > x\n  {word}: 3\n", "t.ludex", 1, Diagnostics()) is None
        assert plain_decl(f"card c:\n  {word}: 3\n", "t.ludex", 1, Diagnostics()) is not None


def test_every_plain_declaration_of_the_corpus_reads_as_lark_reads_it() -> None:
    read = total = 0
    for path in _sources():
        for first, text in split_decls(path.read_text("utf-8")):
            total += 1
            read += _same_as_lark(text, first)
    assert total > 2000 and read > 1000  # most cards and terms are plain


def test_files_read_part_by_part_are_the_files_parsed_whole() -> None:
    """What `parse_file` gives (plain parts by the fast path, the rest by the parser, part
    by part) is what the parser gives for the whole file, diagnostics included."""
    for path in _sources():
        source = SourceFile(str(path), path.read_text("utf-8"))
        by_parts, whole = Diagnostics(), Diagnostics()
        assert parse_file(source, by_parts) == parse_file(source, whole, whole=True), path
        assert list(by_parts) == list(whole), path


# ---------------------------------------------------------------- random declarations

NAMES = st.sampled_from(["cost", "power", "school", "text", "tags", "owner", "fire", "c1",
                         "yes", "no", "not", "field", "when", "note", "effect", "given",
                         "within", "int", "for", "each", "_x", "a" * 70, "Élan", "x2"])
ATOMS = st.sampled_from(["3", "0", "007", "-2", "1" * 19, "1" * 18, '"Deal 2"', '""',
                         '"a # b"', '"[x], y"', '"é"', '"say \\"hi\\""', "fire", "a.b",
                         "a.yes", "yes", "no", "not", "a . b", "f(x)", "2 + 3", "x.", "'s'"])
SPACES = st.sampled_from(["", " ", "  "])


@st.composite
def values(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        return draw(ATOMS)
    items = draw(st.lists(ATOMS, max_size=3))
    sep = draw(st.sampled_from([", ", ",", " , "]))
    close = draw(st.sampled_from(["]", ",]", " ]", "] x"]))
    return "[" + draw(SPACES) + sep.join(items) + close


@st.composite
def body_lines(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.sampled_from(["", "  ", "# c", "  # c"]))
    if kind == 1:
        return draw(st.sampled_from(["> ", ">", ">  two", "> a # b", "> é ünï", ">x"]))
    if kind == 2:
        return draw(st.sampled_from(["effect: gain 1 x", "sub x \"S\":", "  deeper: 1",
                                     "3: a", "\"k\": v", "2 card \"C\"", ": 3"]))
    comment = draw(st.sampled_from(["", " # note", "#x", "   "]))
    return f"{draw(NAMES)}{draw(SPACES)}:{draw(SPACES)}{draw(values())}{comment}"


@st.composite
def declarations(draw: st.DrawFn) -> str:
    keyword = draw(st.sampled_from(["card", "term", "rule", "hero", "kind", "within"]))
    title = draw(st.sampled_from(['', ' "Card 1"', ' "a # b"', ' ""']))
    colon = draw(st.sampled_from([":", "", " :", ": # c"]))
    indent = draw(st.sampled_from(["  ", "    ", " "]))
    lines = [f"{keyword} {draw(NAMES)}{title}{colon}"]
    for line in draw(st.lists(body_lines(), max_size=6)):
        extra = draw(st.sampled_from(["", "", "", " ", "\t"]))
        lines.append((indent + extra + line) if line.strip() else line)
    lead = draw(st.sampled_from(["", "# c\n", "\n"]))
    return lead + "\n".join(lines) + "\n"


@settings(max_examples=400, deadline=None)
@given(declarations(), st.integers(1, 50))
def test_random_declarations_read_as_lark_reads_them_or_not_at_all(text: str,
                                                                   first: int) -> None:
    _same_as_lark(text, first)


def test_the_random_declarations_do_reach_the_fast_path() -> None:
    """The shapes above are not all refused: a plain card is read, a tricky one is not."""
    assert _same_as_lark('card c1 "Card 1":\n  cost: 3  # c\n  tags: [ "a # b",x.y ]\n'
                         '  > Some # prose\n\n  # c\n  owner: a.b\n')
    assert not _same_as_lark('card c1 "Card 1":\n  cost: 3\n    deeper: 1\n')
    assert not _same_as_lark('card c1 "Card 1":\n  when: "x"\n')
    assert not _same_as_lark('card c1 "Card 1":\n  flag: yes\n')
