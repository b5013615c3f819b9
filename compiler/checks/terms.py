"""Game terms in prose: capitalised phrases, and the names a game declares.

Shared by the undefined-term, near-miss and cross-reference checks. A term is
a run of capitalised words inside a sentence ("Master Plan", "Tower of
L.A.W."); a run of one word at the start of a sentence, or of a list item
("- Using a combat action", "- 6.1 Create ..."), is ordinary capitalisation and
not a term. A run ends at a word in capitals that is only emphasis ("AND",
"NOT"), at a level or label ("Cycle III", "Small Cliff L", "X Power"), and at a
word that starts with a digit ("3D"); the capitalised words that say what a
picture shows ("depicted as Shipwrecks") are no terms.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from weakref import WeakKeyDictionary

from ..semantics.resolve import GameModel
from ..syntax import ast
from ..syntax.walk import normalise

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’.&-]*")
_CAPITAL = re.compile(r"[A-Z]")
_SENTENCE_END = frozenset('.!?:;•—–("“')
_BULLETS = frozenset("-*")
_LIST_NUMBER = frozenset("0123456789.)")
CONNECTORS = frozenset({"of", "the", "&", "de", "du"})
# a numeral or a letter after a name is its level or label ("Cycle III", "Cliff L")
_LABEL = re.compile(r"[A-Z]|(?=[IVX]{2})X{0,3}(?:IX|IV|V?I{0,3})")
# the verbs after which "as" introduces what a picture shows, not a term
PICTURED = frozenset({"depicted", "pictured", "illustrated", "drawn", "shown"})
STOP = frozenset({"I", "A", "An", "The", "If", "When", "Each", "All", "Any", "In", "On", "Once",
                  "Then", "This", "That", "These", "Those", "You", "Your", "It", "Its", "For",
                  "After", "Before", "During", "While", "Unlike", "However", "Note", "Example",
                  "Important", "Remember", "Also", "Only", "No", "Not", "OK", "Yes", "Next",
                  "First", "Second", "Third", "Finally", "Moreover", "Therefore", "Otherwise",
                  "Unfortunately", "Fortunately", "Similarly", "Technically", "Tactically",
                  "Meanwhile", "Now", "Here", "There", "Some", "Many", "Most", "Other", "Both",
                  "Even", "Every", "To", "At", "By", "With", "From", "As", "Or", "And", "But",
                  "So", "Be", "Do", "Don't", "Can", "May", "Must", "We", "They", "He", "She",
                  "His", "Her", "Their", "Our", "My", "One", "Two", "Three", "Four", "Five",
                  "Six", "Seven", "Eight", "Nine", "Ten", "Step", "Phase", "Special", "See"})
# a word in capitals that is only emphasis ("a Hero there AND no Servant"): never part of a term
EMPHASIS = frozenset({
    "AND", "OR", "NOT", "NOR", "BUT", "ONLY", "ALL", "ANY", "EACH", "EVERY", "NO", "NEVER",
    "IF", "THEN", "MUST", "MAY", "CANNOT", "BOTH", "EITHER", "NEITHER", "UNLESS", "EXCEPT",
    "ONE", "BEFORE", "AFTER", "DURING", "WHILE", "INSTEAD", "ALWAYS", "OPTIONAL"})


@dataclass(frozen=True, slots=True)
class Use:
    term: str
    decl: ast.Decl
    prose: ast.Prose


def phrases(text: str) -> Iterator[str]:
    """Capitalised phrases of a paragraph, without sentence-initial single words."""
    first = _WORD.search(text)
    if first is None or (not _CAPITAL.search(text, first.end()) and (
            not first.group()[:1].isupper() or not text[:first.start()].strip())):
        return  # no capital past the first word, which starts the text: no phrase
    run: list[str] = []
    initial = True
    last_end = 0
    previous = ""
    pictured = False  # inside "depicted as ...", up to the sentence's end
    for match in _WORD.finditer(text):
        word = match.group().rstrip(".’'")
        gap = text[last_end: match.start()]
        if run and gap.strip():
            yield from _emit(run, initial)  # punctuation between words ends a term
            run = []
        if pictured and (_starts_sentence(text, match.start()) or
                         any(c in _SENTENCE_END for c in gap)):
            pictured = False
        last_end = match.end()
        if word.lower() == "as" and previous.lower() in PICTURED:
            pictured = True
        previous = word
        if pictured or word in EMPHASIS or _LABEL.fullmatch(word) or word[:1].isdigit():
            if run:
                yield from _emit(run, initial)  # emphasis, a level or a number ends a term
                run = []
        elif word[:1].isupper() and not (word in STOP and not run):
            if not run:  # (looked back for only where a run starts)
                initial = _starts_sentence(text, match.start())
            run.append(word)
        elif run and word in CONNECTORS and word != "the" and \
                _next_is_capital(text, match.end()):
            run.append(word)
        elif run:
            yield from _emit(run, initial)
            run = []
        if run and match.group().endswith(".") and "." not in match.group()[:-1]:
            yield from _emit(run, initial)
            run = []
    yield from _emit(run, initial)


def _starts_sentence(text: str, pos: int) -> bool:
    """Whether only spaces come before `pos`, or a sentence end, a list item's bullet
    ("- ") or number ("- 6.1 ", "2) ") and spaces. Looks back over the spaces and the
    number only (each gap once), so a paragraph is scanned in linear time."""
    i = _skip_back(text, pos - 1, str.isspace)
    if i >= 0 and text[i] in _LIST_NUMBER and text[i] != ".":
        start = _skip_back(text, i, _LIST_NUMBER.__contains__)
        if start < 0 or text[start].isspace() or text[start] == "(":
            before = _skip_back(text, start - (start >= 0 and text[start] == "("), str.isspace)
            if before < 0 or text[before] in _SENTENCE_END or _is_bullet(text, before):
                return True
        return False
    return i < 0 or text[i] in _SENTENCE_END or _is_bullet(text, i)


def _skip_back(text: str, i: int, skip: Callable[[str], bool]) -> int:
    while i >= 0 and skip(text[i]):
        i -= 1
    return i


def _is_bullet(text: str, i: int) -> bool:
    """A dash or star standing alone: a list item's bullet (or a dash between clauses)."""
    return text[i] in _BULLETS and (i == 0 or text[i - 1].isspace())


def _next_is_capital(text: str, pos: int) -> bool:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return text[pos: pos + 1].isupper()


def _emit(run: list[str], initial: bool) -> Iterator[str]:
    """A finished run; a sentence's first word is only capitalised, so it is dropped."""
    words = run[1:] if initial else list(run)
    while words and words[0] in CONNECTORS:
        words.pop(0)
    while words and words[-1] in CONNECTORS:
        words.pop()
    if words:
        yield " ".join(words)


_NOT_IN_KEY = re.compile(r"[^a-z0-9& ]")


@lru_cache(maxsize=1 << 18)  # a name is keyed by several checks (a card list has 60,000)
def key(name: str) -> str:
    """Compare names ignoring case, punctuation, spacing and a plural ending."""
    if name.isascii() and name.replace(" ", "").isalnum():  # most: letters, digits, spaces
        return " ".join([_singular(w) for w in name.lower().split()])  # (as below gives)
    text = _NOT_IN_KEY.sub("", normalise(name).replace("-", " "))
    return " ".join([_singular(w) for w in text.split()])


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


_KNOWN: WeakKeyDictionary[GameModel, dict[str, ast.Decl]] = WeakKeyDictionary()


def known_names(model: GameModel) -> dict[str, ast.Decl]:
    """Every name the game (and its base, when loaded) declares, by `key` (gathered once
    per model: several checks read them; the caller must not change the answer)."""
    names = _KNOWN.get(model)
    if names is None:
        names = _KNOWN[model] = _gather_names(model)
    return names


_PARTS: WeakKeyDictionary[GameModel, frozenset[str]] = WeakKeyDictionary()


def known_parts(model: GameModel) -> frozenset[str]:
    """`name_parts(known_names(model))`, found once per model (two checks read them)."""
    parts = _PARTS.get(model)
    if parts is None:
        parts = _PARTS[model] = name_parts(known_names(model))
    return parts


def _gather_names(model: GameModel) -> dict[str, ast.Decl]:
    names: dict[str, ast.Decl] = {}
    models = [model] + ([model.base] if model.base else [])
    for m in models:
        for decl in [m.root.decl, *m.decls()]:
            if isinstance(decl, ast.Container):  # `scenario scenario_1`: a Scenario
                names.setdefault(key(decl.keyword), decl)
            for name in (decl.title, decl.id.replace("_", " ")):
                if name:
                    names.setdefault(key(name), decl)
            for f in getattr(decl, "fields", ()):
                names.setdefault(key(f.name.replace("_", " ")), decl)
            for row in getattr(decl, "rows", ()):  # a table's row labels ("Friendly")
                if isinstance(row, ast.Row) and row.key.text:
                    names.setdefault(key(row.key.text), decl)
    return names


_PHRASES: WeakKeyDictionary[GameModel, dict[str, tuple[str, ...]]] = WeakKeyDictionary()


def prose_phrases(model: GameModel, text: str) -> tuple[str, ...]:
    """`phrases(text)` of a paragraph of `model`, found once per text (several checks
    read them)."""
    memo = _PHRASES.get(model)
    if memo is None:
        memo = _PHRASES[model] = {}
    found = memo.get(text)
    if found is None:
        found = memo[text] = tuple(phrases(text))
    return found


def uses(model: GameModel) -> Iterator[Use]:
    for decl in model.decls():
        if isinstance(decl, ast.Waiver):
            continue
        for para in decl.prose:
            for term in prose_phrases(model, para.text):
                yield Use(term, decl, para)


def subphrases(k: str) -> Iterator[str]:
    """Every run of consecutive words of a name key, longest first."""
    words = k.split()
    for size in range(len(words), 0, -1):
        for i in range(len(words) - size + 1):
            yield " ".join(words[i:i + size])


PLACEHOLDERS = frozenset({"x", "y", "n"})  # "Pull X", "Least X": a word that stands for any


def name_parts(names: dict[str, ast.Decl]) -> frozenset[str]:
    """Every run of words inside a declared name ("vengeance" in "vengeance mode"); and,
    for a name that ends in a placeholder ("Least X"), its head with `*` ("least *"),
    which any words complete ("Least Mnemos")."""
    heads = {k.rsplit(" ", 1)[0] + " *" for k in names
             if " " in k and k.rsplit(" ", 1)[1] in PLACEHOLDERS}
    return frozenset(part for k in names for part in subphrases(k)) | heads


DERIVED = ("er", "ers", "ing", "ed", "d")


# a word a hyphen joins to a name to make an adjective ("Cycle-specific")
ADJECTIVE_TAILS = frozenset({"specific", "based", "like", "related", "sized", "shaped", "free",
                             "only", "wide", "dependent", "exclusive", "themed", "style",
                             "coloured", "colored", "numbered", "bound", "level"})
# where a term splits into the names it is made of: a possessive's ending, an adjective's tail
_JOINS = re.compile(r"(?<=\w)(?:['’]s?|-(?:" + "|".join(sorted(ADJECTIVE_TAILS)) + r"))(?=\s|$)")


def defined(term: str, names: dict[str, ast.Decl], parts: frozenset[str]) -> bool:
    """A term is defined when it, a part of it, or a name containing it is declared;
    a derived form ("Whistle-blower" of "Whistle-blow") counts as the name, and so does
    an adjective made of it ("Cycle-specific"); a possessive ("that Cycle's Storybook")
    is defined when each name in it is."""
    k = key(term)
    if not k or k in parts or _holds_name(k.split(), names, parts):
        return True
    if any(k.endswith(end) and k[: -len(end)] in parts for end in DERIVED):
        return True
    words = k.split()
    if any(" ".join(words[:i]) + " *" in parts for i in range(1, len(words))):
        return True  # "Least Mnemos" of "Least X"
    pieces = [p.strip() for p in _JOINS.split(term) if p.strip()]
    return pieces != [term] and bool(pieces) and all(defined(p, names, parts) for p in pieces)


def _holds_name(words: list[str], names: dict[str, ast.Decl], parts: frozenset[str]) -> bool:
    """Whether some run of `words` is a declared name. A run is grown only while it is
    part of a name, so a long term costs its length times the longest name, not the
    cube of its length (every name is one of its own parts)."""
    for i in range(len(words)):
        for j in range(i + 1, len(words) + 1):
            run = " ".join(words[i:j])
            if run not in parts:
                break
            if run in names:
                return True
    return False


SIMILAR = 0.9
MIN_LENGTH = 6


def close_name(k: str, names: dict[str, ast.Decl]) -> str | None:
    """The declared name `k` nearly spells, if any."""
    if len(k) < MIN_LENGTH:
        return None
    best, best_ratio = None, SIMILAR
    for other in names:
        if abs(len(other) - len(k)) > 2 or other == k or other[:1] != k[:1] or \
                other.startswith(k) or k.startswith(other) or \
                len(other.split()) != len(k.split()):
            continue
        matcher = SequenceMatcher(None, k, other, autojunk=False)
        if matcher.real_quick_ratio() >= best_ratio and matcher.ratio() >= best_ratio:
            best, best_ratio = other, matcher.ratio()
    return best
