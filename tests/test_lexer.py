"""The Pygments lexer for `.ludex`: registered, total (no error tokens on any file of
rules/ or the good fixtures), lossless, and right on every construct of the grammar."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ludex.backends.highlight import KEYWORDS, LudexLexer
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
    _TokenType,
)

from .conftest import FIXTURES, ROOT

SOURCES = sorted(ROOT.glob("rules/**/*.ludex")) + sorted((FIXTURES / "good").glob("*.ludex"))


def tokens(text: str) -> list[tuple[_TokenType, str]]:
    return [(t, v) for t, v in LudexLexer().get_tokens(text) if t not in Whitespace]


def test_registered_through_its_entry_point() -> None:
    assert isinstance(get_lexer_by_name("ludex"), LudexLexer)
    assert isinstance(get_lexer_for_filename("game.ludex"), LudexLexer)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_error_tokens_and_nothing_lost(path: Path) -> None:
    text = path.read_text("utf-8-sig").replace("\r\n", "\n")
    found = list(LudexLexer().get_tokens(text))
    errors = [v for t, v in found if t in Error]
    assert errors == [], f"{path}: {errors[:5]}"
    assert "".join(v for _, v in found) == (text if text.endswith("\n") else text + "\n")


def test_knows_every_keyword_of_the_grammar() -> None:
    grammar = re.sub(r"//[^\n]*", "", (ROOT / "grammar" / "ludex.lark").read_text("utf-8"))
    literals = set(re.findall(r'"([a-z]+)"', grammar))
    assert literals, "no keywords found in the grammar"
    assert literals - KEYWORDS == set()


# (source, token text, expected type): one line per construct of the grammar
CONSTRUCTS = [
    ("within revolution\n", "within", Keyword.Namespace),
    ('game g "Title":\n', "game", Keyword.Declaration),
    ('game g "Title":\n', "g", Name.Function),
    ('game g "Title":\n', '"', String.Double),
    ('hero akira "Akira":\n', "hero", Name.Class),  # an instance of a kind
    ("deck draw\n", "draw", Name.Function),  # a verb as an id
    ("card before\n", "before", Name.Function),
    ("  > The book's own words, as *Markdown*.\n", ">", Punctuation.Marker),
    ("  > The book's own words, as *Markdown*.\n", " The book's own words, as *Markdown*.",
     String.Doc),
    ("# a comment\n", "# a comment", Comment.Single),
    ("  page: 5  # trailing comment\n", "# trailing comment", Comment.Single),
    ("  page: 5\n", "page", Name.Attribute),
    ("  page: 5\n", "5", Number.Integer),
    ('  title: "say \\"hi\\""\n', '\\"', String.Escape),
    ("  field max_trust: int 0..12 | one of any\n", "field", Keyword),
    ("  field max_trust: int 0..12 | one of any\n", "max_trust", Name.Attribute),
    ("  field max_trust: int 0..12 | one of any\n", "int", Keyword.Type),
    ("  field max_trust: int 0..12 | one of any\n", "one", Keyword.Type),
    ("  field max_trust: int 0..12 | one of any\n", "|", Operator),
    ("  field rivals: optional list of ref hero 1..2\n", "list", Keyword.Type),
    ("  field rivals: optional list of ref hero 1..2\n", "ref", Keyword.Type),
    ("  field rivals: optional list of ref hero 1..2\n", "optional", Keyword.Type),
    ("  field minor: bool\n", "bool", Keyword.Type),
    ("  field story: text\n", "text", Keyword.Type),
    ("  when: anytime during heroes_phase\n", "when", Keyword),
    ("  when: anytime during heroes_phase\n", "during", Keyword),
    ("  when: start of battle\n", "start", Keyword),
    ('  when: "free text"\n', '"', String.Double),
    ("  limit: once per round\n", "once", Keyword),
    ("  limit: max 3 in hand\n", "max", Keyword),
    ("  duration: until end of round\n", "until", Keyword),
    ("  duration: permanent\n", "permanent", Keyword),
    ("  condition: akira.trust >= 5 and not dead(akira)\n", ">=", Operator),
    ("  condition: akira.trust >= 5 and not dead(akira)\n", "and", Operator.Word),
    ("  condition: akira.trust >= 5 and not dead(akira)\n", "dead", Name.Function),
    ("  cost: pay 2 trust\n", "pay", Keyword),
    ("  effect: draw 1 from deck to hand\n", "from", Keyword),
    ("    gain 1 trust to julie\n", "gain", Keyword),
    ("    roll breakdown_die as face\n", "as", Keyword),
    ("    shuffle discard_pile into deck\n", "into", Keyword),
    ("    place saboteur under deck\n", "under", Keyword),
    ('    log "Akira is knocked out."\n', "log", Keyword),
    ("    if face != 3:\n", "if", Keyword),
    ("    else:\n", "else", Keyword),
    ("    for each h in [akira, julie]:\n", "each", Keyword),
    ("    choose 1:\n", "choose", Keyword),
    ('      option keep "Keep the card":\n', "option", Keyword),
    ("    set akira.trust to target.rank\n", "target", Name.Builtin),
    ("    require ready == yes\n", "yes", Keyword.Constant),
    ("  14+: add you_died_horribly to obol_deck\n", "14", Number.Integer),
    ("  10..12: gain 1 supply\n", "..", Operator),
    ('  "Minor": draw 1 from minor_deck\n', '"Minor"', String.Double),
    ('  10 surge_token "Surge tokens" (2 per servant)\n', "10", Number.Integer),
    ('  10 surge_token "Surge tokens" (2 per servant)\n', "per", Keyword),
    ('  note icon "Shown only as a picture"\n', "note", Keyword),
    ('  note icon "Shown only as a picture"\n', "icon", Name.Label),
    ('  suppress W601 "the box counts promo cards"\n', "W601", Name.Label),
    ("  expect:\n", "expect", Keyword),
    ("    herodotus.danger == 9\n", "==", Operator),
    ("  range: -3..max_trust\n", "-", Operator),
]


@pytest.mark.parametrize(("source", "text", "expected"), CONSTRUCTS,
                         ids=[f"{i}:{c[1]}" for i, c in enumerate(CONSTRUCTS)])
def test_construct(source: str, text: str, expected: _TokenType) -> None:
    found = [t for t, v in tokens(source) if v == text]
    assert found, f"{text!r} not a token of {tokens(source)}"
    assert found[0] is expected, tokens(source)
