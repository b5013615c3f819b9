"""Text repeated from another declaration (W621).

A paragraph that begins as one rule and goes on with another declaration's
words: a run of 15 words or more that stands as whole sentences in one
paragraph and is joined to words of another sentence in the other ("Upon
completing a Mission, each Hero, if they have not become a Servant ..."), where
neither declaration says it restates the other (`restates:`, `see:`,
`defines:`, `for:` or `applies_to:` on it or on a declaration around it).
Sentences the book prints again whole, and parallel sentences that differ in a
name or a page number at one end, are a book's ordinary repetition and are not
reported (two whole paragraphs that are one rule are W609's). Each run of 15
words is hashed once, so the check is linear in the length of the book.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel, Symbol
from ..syntax import ast
from ..syntax.walk import normalise
from .common import finding

CODES = (Code.REPEATED_TEXT,)
RUN = 15  # words in a row that make a repeat
SPLICE = 4  # words of its sentence outside the run that make it joined to another text
LINKS = ("restates", "see", "defines", "for", "illustrates", "applies_to")
_TOKEN = re.compile(r"[a-z0-9][a-z0-9'&-]*|[.!?:;,]")
_WORD = re.compile(r"[a-z0-9][a-z0-9'&-]*")  # the words among `_TOKEN`'s tokens


@dataclass(frozen=True, slots=True)
class _Para:
    sym: Symbol
    prose: ast.Prose
    words: list[str]
    starts: frozenset[int]  # indexes of the words that begin a sentence

    def outside(self, i: int, n: int) -> int:
        """How many words of the sentences holding words i..i+n are not among them."""
        before = i - max((s for s in self.starts if s <= i), default=0)
        after = min((s for s in self.starts if s >= i + n), default=len(self.words)) - i - n
        return max(before, after)


def _spliced(a: _Para, i: int, b: _Para, j: int, n: int) -> bool:
    """Whole sentences in one paragraph, joined to words of another sentence in the
    other ("Upon completing a Mission, each Hero, if they ..."); parallel sentences
    that differ in a name or a page number at either end are not a splice."""
    x, y = sorted((a.outside(i, n), b.outside(j, n)))
    return x <= 1 and y >= SPLICE


def check(model: GameModel) -> Iterator[Diagnostic]:
    first: dict[tuple[str, ...], tuple[_Para, int]] = {}
    reported: set[tuple[int, int]] = set()
    for sym in model.symbols.values():
        if isinstance(sym.decl, (ast.Waiver, ast.Ruling)):
            continue  # layout lines; the encoding's own words
        for prose in sym.decl.prose:
            if len(_WORD.findall(normalise(prose.text))) < RUN:
                continue  # fewer words than a run: nothing to repeat (most cards' text)
            para = _paragraph(sym, prose)
            # every run of RUN words, built at once (zip of the shifted word lists)
            shingles = list(zip(*(para.words[k:] for k in range(RUN)), strict=False))
            i = 0
            while i < len(shingles):
                other, j = first.setdefault(shingles[i], (para, i))
                if other.sym is sym:
                    i += 1
                    continue
                back = _back(para.words, i, other.words, j)
                i, j = i - back, j - back
                length = _extent(para.words, i, other.words, j)
                pair = (id(other.sym.decl), id(sym.decl))
                if pair not in reported and _spliced(para, i, other, j, length) \
                        and not _linked(model, sym, other.sym):
                    reported.add(pair)
                    if para.outside(i, length) >= other.outside(j, length):
                        yield _finding(model, para, i, length, other)
                    else:  # the spliced paragraph is the one seen first
                        yield _finding(model, other, j, length, para)
                i += length


def _finding(model: GameModel, para: _Para, i: int, length: int, other: _Para) -> Diagnostic:
    return finding(
        model, Code.REPEATED_TEXT,
        f"{length} words repeat {other.sym.decl.display!r} word for word, joined to words "
        f"of another sentence: {_excerpt(para.words[i:i + length])!r}", para.sym.decl,
        para.prose.span, f"the same words are at {other.prose.span}; if this restates it, "
        "say so (`restates:` or `see:`), else the book spliced another rule's text in by "
        "mistake: record it with `note missing`")


def _paragraph(sym: Symbol, prose: ast.Prose) -> _Para:
    words: list[str] = []
    starts = {0}
    sentence_words = 0
    for token in _TOKEN.findall(normalise(prose.text)):
        if token in "!?:;" or (token == "." and _ends(words)) or \
                (token == "," and sentence_words == 1):
            starts.add(len(words))  # "Next, if ...": a one-word lead-in starts it too
            sentence_words = 0
        elif token not in ".,":
            words.append(token)
            sentence_words += 1
    return _Para(sym, prose, words, frozenset(starts))


def _ends(words: list[str]) -> bool:
    """Whether a full stop after these words ends a sentence ("p. 25", "e.g." do not)."""
    return bool(words) and (len(words[-1]) >= 3 or words[-1].isdigit())


def _extent(a: list[str], i: int, b: list[str], j: int) -> int:
    n = 0
    while i + n < len(a) and j + n < len(b) and a[i + n] == b[j + n]:
        n += 1
    return n


def _back(a: list[str], i: int, b: list[str], j: int) -> int:
    n = 0
    while i - n > 0 and j - n > 0 and a[i - n - 1] == b[j - n - 1]:
        n += 1
    return n


def _targets(model: GameModel, sym: Symbol) -> Iterator[int]:
    """What the declaration and those around it declare they restate or point to."""
    for node in sym.ancestors():
        decl = node.decl
        for name in LINKS:
            value = getattr(decl, name, None)
            prop = decl.prop(name)
            for v in (value, prop.value if prop is not None else None):
                items = v.items if isinstance(v, ast.ListLit) else (v,)
                for ref in items:
                    if isinstance(ref, ast.Ref) and ref in model.targets:
                        yield id(model.targets[ref])


def _linked(model: GameModel, a: Symbol, b: Symbol) -> bool:
    """Whether either declares it restates (or points to) the other, or something
    around or inside the other."""
    for one, two in ((a, b), (b, a)):
        around = {id(n.decl) for n in two.ancestors()}
        for target in _targets(model, one):
            if target in around:
                return True
            sym = model.by_decl.get(target)
            if sym is not None and any(n is two for n in sym.ancestors()):
                return True
    return any(n is b for n in a.ancestors()) or any(n is a for n in b.ancestors())


def _excerpt(words: list[str], width: int = 12) -> str:
    if len(words) <= width:
        return " ".join(words)
    return " ".join(words[:width]) + " ..."
