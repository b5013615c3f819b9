"""Hypothesis strategies for the fuzz suite: Ludex text built from the grammar's
own vocabulary, edits of real rule files, well-formed games with hostile strings,
and card-data JSON documents.

Every word list is derived from the compiler (the grammar's literal terminals,
the declaration keywords, properties, periods, note kinds and codes), so a word
added to the language is fuzzed without touching this file.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from hypothesis import strategies as st
from ludex.core.diagnostics import CODES
from ludex.core.vocabulary import PERIODS
from ludex.syntax.parse import _parser
from ludex.syntax.properties import BUILTINS, NOTE_KINDS, PROPS

from . import CORPUS, ROOT

OPERATORS = ("==", "!=", "<=", ">=", "<", ">", "*", "/", "+", "-", "..", "|")
# characters that have broken text handling somewhere: line breaks of every kind
# Python knows, escapes, terminal controls, bidi overrides, template and CI syntax
HOSTILE = ("\n", "\\n", "\\t", "\\\\", '\\"', "\\x", "\u2028", "\u2029", "\x85", "\x0c", "\x0b",
           "\x7f", "\x9b", "\u202e", "\u2066", "\ufeff", "\u200b", "\t", "é", "\u0301",
           "😀", "Ａ", "::error file=x::", "{{ x }}", "{% raw %}", "'''", '"""', "#", "\\u0000",
           "__import__('os')", "</script>", "<!--", "](javascript:x)", "%s", "{0}", "$(x)")
# characters the loader must refuse (E103) rather than pass on
RAW_CONTROLS = ("\x00", "\x1b[31m", "\r", "\x08", "\x1f")
WEIRD_IDS = ("_", "__", "class", "None", "True", "import", "self", "__init__", "__class__",
             "Chess", "chess", "_chess_", "main", "state", "game", "x" * 300, "a" * 64)
NUMBERS = ("0", "00", "007", "1", "9", "10", "99", "1000000000", "10000000", "4294967296",
           "9223372036854775808", "9" * 400, "9" * 5000)


@cache
def vocabulary() -> tuple[str, ...]:
    """Every word and symbol the language knows, from the compiler's own lists."""
    literals = {t.pattern.value for t in _parser().terminals if t.pattern.type == "str"}
    words = literals | set(BUILTINS) | {p for props in PROPS.values() for p in props}
    words |= set(PERIODS) | set(NOTE_KINDS) | set(CODES) | set(OPERATORS)
    words |= {"page", "source", "see", "see_page", "min", "count", "clamp", "lookup", "d6"}
    return tuple(sorted(words))


# ---------------------------------------------------------------- pieces

ids = st.from_regex(r"[a-z_][a-z0-9_]{0,10}", fullmatch=True) | st.sampled_from(WEIRD_IDS)
small_text = st.text(st.characters(codec="utf-8", exclude_characters="\"\\\n"),
                     max_size=8)
hostile_text = st.lists(st.sampled_from(HOSTILE) | small_text, max_size=6).map("".join)
loadable_text = hostile_text.map(
    lambda s: "".join(c for c in s if ord(c) >= 32 or c in "\t\n\f"))
"""Hostile text without the control characters the loader refuses (E103)."""
numbers = st.integers(0, 20).map(str) | st.sampled_from(NUMBERS) | \
    st.integers(0, 10**30).map(str)


def quoted(text: str) -> str:
    """`text` as a Ludex string literal (the escapes the language knows)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


strings = hostile_text.map(quoted) | small_text.map(lambda s: '"' + s)  # the second: unclosed
tokens = st.sampled_from(vocabulary()) | ids | strings | numbers
indents = st.sampled_from(("", "", "  ", "    ", "      ", "\t", " ", "   ", "\t  ", "\f"))


@st.composite
def _line(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 9))
    indent = draw(indents)
    if kind == 0:
        return indent + "> " + draw(hostile_text)
    if kind == 1:
        return indent + "# " + draw(hostile_text)
    if kind == 2:
        return ""
    words = draw(st.lists(tokens, min_size=1, max_size=7))
    ending = draw(st.sampled_from(("", ":", ":", " # note", ",", "(")))
    return indent + " ".join(words) + ending


vocabulary_text = st.lists(_line(), min_size=1, max_size=30).map("\n".join)
"""Lines of the language's words, ids, texts, numbers and punctuation, indented anyhow."""


# ---------------------------------------------------------------- edits of real files


@cache
def seed_files() -> tuple[Path, ...]:
    return tuple(sorted([*ROOT.glob("rules/*/*.ludex"),
                         *(ROOT / "tests/fixtures/good").glob("*.ludex"),
                         *(CORPUS / "parse").glob("*.ludex")]))


@st.composite
def mutated_text(draw: st.DrawFn) -> str:
    """A real rule file or corpus seed with a few lines cut, copied, moved, re-indented or
    given a token, a hostile string or a raw control character."""
    seed = draw(st.sampled_from(seed_files()))
    lines = seed.read_bytes().decode("utf-8", "surrogatepass").split("\n")  # seeds may be bad
    start = draw(st.integers(0, max(0, len(lines) - 40)))
    lines = lines[start:start + 40] if draw(st.booleans()) else lines
    inserts = tokens | st.sampled_from(RAW_CONTROLS + OPERATORS + ("  ", ":", '"', "\t"))
    for _ in range(draw(st.integers(1, 6))):
        j = draw(st.integers(0, len(lines) - 1))
        op = draw(st.integers(0, 6))
        if op == 0:
            lines[j] = lines[j][: draw(st.integers(0, len(lines[j])))]
        elif op == 1:
            lines.insert(j, lines[draw(st.integers(0, len(lines) - 1))])
        elif op == 2 and len(lines) > 1:
            del lines[j]
        elif op == 3:
            k = draw(st.integers(0, len(lines[j])))
            lines[j] = lines[j][:k] + draw(inserts) + lines[j][k:]
        elif op == 4:
            lines[j] = draw(indents) + lines[j]
        elif op == 5:
            lines[j] = lines[j].lstrip()
        else:
            lines[j] = draw(_line())
    return "\n".join(lines)


# ---------------------------------------------------------------- well-formed games

GAME = """game {game} {t0}:
  > {p0}
stat {stat} {t1}:
  range: 0..{top}
kind {kind} {t2}:
  field {f_int}: int 0..9
  field {f_text}: optional text
{kind} {card} {t3}:
  {f_int}: {small}
  {f_text}: {s0}
deck {deck} {t4}:
  contains: {kind}
die {die} {t5}:
  faces: 1..{sides}
table {table} {t6}:
  by: {die}
  1: {s1}
  2+: gain 1 {stat}
  {key}: {s2}
rule {rule} {t7}:
  when: action
  > {p1}
  effect:
    gain {small} {stat}
    log {s3}
    choose:
      option {opt} {t8}:
        lose 1 {stat}
      option {opt}_b {t9}:
        gain 1 {stat}
example {example} {t10}:
  for: {rule}
  > {p2}
  given: set {stat} to 0
  actions: gain {small} {stat}
  expect: {stat} == {small}
"""
SLOTS = ("game", "stat", "kind", "f_int", "f_text", "card", "deck", "die", "table", "rule",
         "opt", "example")


@st.composite
def game_text(draw: st.DrawFn) -> str:
    """A game that should check clean, with every title, prose line, text value and
    table key drawn from hostile strings, and ids drawn from awkward names."""
    names = draw(st.lists(ids, min_size=len(SLOTS), max_size=len(SLOTS), unique=True))
    values: dict[str, str] = {slot: f"{slot}_{name}"[:64] for slot, name in zip(SLOTS, names,
                                                                             strict=True)}
    for i in range(11):
        values[f"t{i}"] = quoted(draw(loadable_text))
    for i in range(4):
        values[f"s{i}"] = quoted(draw(loadable_text))
    for i in range(3):
        values[f"p{i}"] = draw(loadable_text).replace("\n", " ")
    values["key"] = quoted("k" + draw(loadable_text))
    values["small"] = str(draw(st.integers(0, 9)))
    values["top"] = draw(st.sampled_from(("9", "12", "100", "1000000")))
    values["sides"] = draw(st.sampled_from(("6", "20", "100")))
    return GAME.format(**values)


# ---------------------------------------------------------------- card data

json_scalars = (st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=True)
                | st.integers(min_value=-10**400, max_value=10**400) | hostile_text | ids)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(hostile_text | ids, inner, max_size=4),
                           max_leaves=20)
FIELDS = ("id", "title", "prose", "page", "source", "power", "school", "home", "colour")
card = st.fixed_dictionaries(
    {"id": ids | json_values},
    optional={"title": hostile_text | json_values, "prose": st.lists(hostile_text) | json_values,
              "power": st.integers(-3, 12) | json_values, "school": st.sampled_from(
                  ("fire", "water", "mud")) | json_values, "home": ids | json_values,
              "page": st.integers(0, 10**30) | json_values})
card_document = st.fixed_dictionaries(
    {"kind": st.sampled_from(("card", "district", "nothing")) | json_values,
     "cards": st.lists(card | json_values, max_size=6) | json_values},
    optional={"within": st.sampled_from(("cards", "cards.x", "", ".", "a..b")) | hostile_text
              | json_values})


@st.composite
def card_json(draw: st.DrawFn) -> str:
    """A card-data file: mostly well-shaped documents, some with duplicate keys, deep
    nesting, huge numbers written out, lone surrogate escapes or cut short."""
    doc = draw(card_document)
    text = json.dumps(doc, indent=draw(st.sampled_from((None, 1, 2, "\t"))),
                      ensure_ascii=draw(st.booleans()))
    how = draw(st.integers(0, 9))
    if how == 0:  # a key given twice
        text = text.replace('{"', '{"id": "dup", "', 1) if text.startswith("{") else text
    elif how == 1:
        depth = draw(st.sampled_from((10, 100, 1000, 5000)))
        text = text.replace('"cards": [', '"cards": [' + "[" * depth, 1) + "]" * depth
    elif how == 2:
        text = text.replace('"cards": [', '"cards": [{"id": "big", "power": '
                            + "9" * draw(st.sampled_from((20, 400, 5000))) + "}, ", 1)
    elif how == 3:
        text = text.replace("{", '{"\\ud800": "\\udc00x", ', 1)
        text = text.replace('"cards": [', '"cards": [{"id": "s", "title": "\\udfff"}, ', 1)
    elif how == 4:
        text = text[: draw(st.integers(0, len(text)))]
    elif how == 5:
        k = draw(st.integers(0, len(text)))
        text = text[:k] + draw(st.sampled_from(RAW_CONTROLS + HOSTILE + (",", "]", "}"))) + text[k:]
    return text
