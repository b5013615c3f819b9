"""Sentence cut off (W620).

A sentence of the book that stops before it is finished: one that ends on a
determiner ("places an Obstacle Terrain tile on its."), an "either the ..." with
no "or" before the sentence ends, or a word printed twice in a row ("Use the
Sheet to to mark"). A preposition at the end is not reported (English strands
them: "the tiles it moves through."), nor a doubled preposition before a
determiner ("the cards it leads to to the deck"), nor the doubles English allows
("had had", "that that", "much much"). The finding stays until the book is
fixed: record it on the declaration with `note missing` (or `note ocr`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel
from ..syntax import ast
from .common import finding

CODES = (Code.CUT_OFF_SENTENCE,)
DETERMINERS = frozenset({"the", "a", "an", "its", "their", "your", "our", "my"})
_DETERMINERS = tuple(DETERMINERS)
PREPOSITIONS = frozenset({"to", "in", "on", "at", "from", "with", "for", "of", "by", "into",
                          "onto", "through"})
DOUBLES_ALLOWED = frozenset({"that", "had", "much", "very", "so", "is", "no", "bye"})
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")  # "L.A.W., or" goes on
_WORD = re.compile(r"[A-Za-z][A-Za-z'’&-]*")
# "either" as the first half of "either ... or": followed by an article or a preposition
_EITHER = re.compile(r"\beither\s+(?:the|a|an|to|in|on|at|by|with|from|for|during|\d)\b", re.I)
_OR = re.compile(r"\b(?:or|nor)\b", re.I)
# what a paragraph must hold for each finding to be possible (most hold none: told at once)
_EITHER_HINT = re.compile("either", re.I)
_DOUBLE_HINT = re.compile(r"([A-Za-z][A-Za-z'’&-]*)\s+\1", re.I)


def check(model: GameModel) -> Iterator[Diagnostic]:
    for decl in model.decls():
        if isinstance(decl, ast.Waiver):
            continue  # layout lines, not sentences
        for para in decl.prose:
            seen: set[str] = set()  # a slip printed again in one paragraph, once
            for message, hint in problems(para.text):
                if message not in seen:
                    seen.add(message)
                    yield finding(model, Code.CUT_OFF_SENTENCE, message, decl, para.span,
                                  hint)


def problems(text: str) -> Iterator[tuple[str, str]]:
    """What is cut off or doubled in one paragraph, with a hint for each."""
    eithers = _EITHER_HINT.search(text) is not None
    for sentence in _SENTENCE_END.split(text):
        if sentence.endswith(".") and sentence.rstrip(".").rstrip().endswith(_DETERMINERS):
            words = _WORD.findall(sentence)  # (it may end on one: most sentences cannot)
            if len(words) > 1 and words[-1] in DETERMINERS and \
                    sentence.rstrip(".").rstrip().endswith(words[-1]):
                yield (f"a sentence ends on {words[-1]!r}: {_tail(sentence)!r}",
                       "the words after it are missing from the book: record it with "
                       "`note missing`")
        either = _EITHER.search(sentence) if eithers else None
        if either is not None and not _OR.search(sentence, either.end()):
            yield (f"'either' with no 'or' before the sentence ends: {_tail(sentence)!r}",
                   "one of the two choices is missing from the book: record it with "
                   "`note missing`")
    yield from _doubled(text)


def _doubled(text: str) -> Iterator[tuple[str, str]]:
    if _DOUBLE_HINT.search(text) is None:
        return  # no word followed by itself (in any case) after spaces: no double
    words = [w.lower() for w in _WORD.findall(text)]
    if not any(a == b for a, b in zip(words, words[1:], strict=False)):
        return  # no word twice in a row: most paragraphs, told at once
    matches = list(_WORD.finditer(text))
    if len(matches) < 2:
        return
    seen: set[str] = set()
    for first, second, after in zip(matches[:-1], matches[1:], [*matches[2:], None], strict=True):
        word = first.group().lower()
        if word != second.group().lower() or text[first.end(): second.start()].strip() or \
                word in DOUBLES_ALLOWED or word in seen:
            continue
        if word in PREPOSITIONS and after is not None and after.group().lower() in DETERMINERS:
            continue  # "the cards it leads to | to the deck": two phrases meeting
        start = text.rfind(" ", 0, max(0, first.start() - 30)) + 1
        end = text.find(" ", second.end() + 20)
        excerpt = text[start: end if end >= 0 else len(text)].replace("\n", " ")
        seen.add(word)  # once per paragraph for each word
        yield (f"the word {word!r} is printed twice: {excerpt!r}",
               "one of the two is a misprint: record it with `note ocr` or `note missing`")


def _tail(sentence: str, words: int = 10) -> str:
    parts = sentence.strip().split()
    return ("..." if len(parts) > words else "") + " ".join(parts[-words:])
