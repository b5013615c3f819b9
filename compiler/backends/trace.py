"""Source tracing: how much of a plain-text book a game's declarations hold, honestly.

A paragraph is a non-empty line of the book (the books are plain-text renderings with one
paragraph per line). Each paragraph gets exactly one status, decided in this order:

1. *layout* when the line is not rule text but the book's furniture, judged from the book
   alone (so the count does not depend on the encoding), by `layout_reason`:
   - a *mark*: no letter or digit at all (a lone bullet, a dash, a row of stars);
   - a *page number*: a number alone, or `p. 12`, `page 12`;
   - a *contents line*: a title followed by a dotted leader (`Setup ........ 4`), or,
     in the block that follows a `Table of Contents` line, a bulleted line without a
     final `.`, `,`, `;` or `:` (`- Voyage Phase`, `• Purebred Setup`); elsewhere a
     bulleted title is a list item (the names of a turn's steps), rule text like any
     other;
   - an *all-caps heading*: a short line whose letters are all capitals;
   - a *heading*: a short line (at most 10 words) in title case (every word of four
     letters or more capitalised), with no colon inside and no final `.`, `,`, `;` or
     `:`, not bulleted, that does not open with a count (`2 Access cards` is a
     component line).
2. *waived* when a `waiver` declaration's prose lists the paragraph (with its reason).
3. *covered* when one declaration holds the whole paragraph: its book words joined (its
   `>` paragraphs and the `>` steps of its clauses, table rows and examples), one of its
   source notes, or its title when the title is the whole paragraph. The paragraph must
   start where a `>` source line or a sentence starts and end where one ends; both sides
   are compared in `walk.normalise` form with inner bullets dropped. So a paragraph of
   which a declaration holds only a sentence is not covered, and neither is a line whose
   words merely occur inside a sentence. A paragraph the book prints more than once is
   covered where the declaration holding it also holds a neighbouring paragraph printed
   only once; failing that, only its first occurrence is: one text encoded once does not
   encode two places of the book.
4. *not covered* otherwise.

The percentage is covered / (covered + not covered): layout and waived lines are counted
apart, neither as covered nor as missing. `ludex trace` and `ludex stats --books` print
these figures with `TraceResult.summary`, so both always agree.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from ..core.source import Span
from ..syntax import ast
from ..syntax.walk import game_decls, iter_decls, iter_nodes, normalise

COVERED, LAYOUT, WAIVED, UNCOVERED = "covered", "layout", "waived", "not covered"


@dataclass(frozen=True, slots=True)
class Paragraph:
    line: int
    text: str


@dataclass(frozen=True, slots=True)
class Traced:
    """A paragraph's status and why: the layout rule, the waiver's reason, or the id of
    the declaration whose prose holds it."""

    paragraph: Paragraph
    status: str
    why: str = ""


@dataclass(frozen=True, slots=True)
class TraceResult:
    traced: tuple[Traced, ...]

    def _of(self, status: str) -> tuple[Paragraph, ...]:
        return tuple(t.paragraph for t in self.traced if t.status == status)

    @property
    def paragraphs(self) -> tuple[Paragraph, ...]:
        return tuple(t.paragraph for t in self.traced)

    @property
    def covered(self) -> tuple[Paragraph, ...]:
        return self._of(COVERED)

    @property
    def layout(self) -> tuple[Paragraph, ...]:
        return self._of(LAYOUT)

    @property
    def uncovered(self) -> tuple[Paragraph, ...]:
        return self._of(UNCOVERED)

    @property
    def waived(self) -> tuple[tuple[Paragraph, str], ...]:
        return tuple((t.paragraph, t.why) for t in self.traced if t.status == WAIVED)

    @property
    def covered_count(self) -> int:
        return len(self.covered)

    @property
    def counted(self) -> int:
        """The paragraphs the percentage is taken over: covered and not covered."""
        return self.covered_count + len(self.uncovered)

    @property
    def percent(self) -> float:
        return 100.0 if self.counted == 0 else 100.0 * self.covered_count / self.counted

    def uncovered_ranges(self) -> list[tuple[int, int]]:
        """Book line ranges of consecutive uncovered paragraphs (layout lines between
        them do not break a range; a covered or waived one does)."""
        ranges: list[tuple[int, int]] = []
        open_range = False
        for t in self.traced:
            if t.status == UNCOVERED:
                if open_range:
                    ranges[-1] = (ranges[-1][0], t.paragraph.line)
                else:
                    ranges.append((t.paragraph.line, t.paragraph.line))
                open_range = True
            elif t.status != LAYOUT:
                open_range = False
        return ranges

    def summary(self) -> str:
        """The one line both `ludex trace` and `ludex stats` print."""
        return (f"{len(self.traced)} paragraphs: {self.covered_count} covered, "
                f"{len(self.layout)} layout, {len(self.waived)} waived, "
                f"{len(self.uncovered)} not covered ({self.percent:.1f}% of "
                f"{self.counted} rule paragraphs)")

    def as_json(self) -> dict[str, Any]:
        return {"paragraphs": len(self.traced), "covered": self.covered_count,
                "layout": len(self.layout), "waived": len(self.waived),
                "not_covered": len(self.uncovered), "percent": round(self.percent, 1),
                "uncovered_ranges": [list(r) for r in self.uncovered_ranges()],
                "lines": [{"line": t.paragraph.line, "status": t.status, "why": t.why}
                          for t in self.traced]}


def book_paragraphs(text: str) -> list[Paragraph]:
    return [Paragraph(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1)
            if line.strip()]


# ------------------------------------------------------------------ layout

_PAGE = re.compile(r"(?:p\.?|pp\.?|page)?\s*\d+(?:\s*[-/]\s*\d+)?", re.IGNORECASE)
_LEADER = re.compile(r"(?:\.\s?){4,}\s*\d*\s*$|…\s*\d+\s*$")
_COUNT = re.compile(r"^\d+\s")  # `2 Access cards`, not `4.2 Attack` nor `1. Setup`
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_BULLETED = re.compile(r"\s*[•·*-]\s")
_CONTENTS = re.compile(r"(?:table of )?contents")
HEADING_WORDS = 10


def layout_reason(text: str, in_contents: bool = False) -> str | None:
    """Why a book line is layout rather than rule text, or None (see the module doc).
    `in_contents`: the line stands in a table of contents block (see `layout_reasons`)."""
    plain = _drop_bullets(text.strip())
    if not any(c.isalnum() for c in plain):
        return "mark"
    if _PAGE.fullmatch(plain):
        return "page number"
    if _LEADER.search(plain):
        return "contents line"
    words = plain.split()
    letters = [c for c in plain if c.isalpha()]
    if len(words) <= HEADING_WORDS and letters and all(c.isupper() for c in letters):
        return "all-caps heading"
    bulleted = _BULLETED.match(text) is not None
    if in_contents and bulleted and plain[-1] not in ".,;:":
        return "contents line"
    # a bulleted title outside a table of contents is a list item: a step's name, say
    return "heading" if not bulleted and _heading(plain, words) else None


def layout_reasons(paragraphs: Iterable[Paragraph]) -> list[str | None]:
    """`layout_reason` of each paragraph, in order. A table of contents block opens at a
    line `Table of Contents` (or `Contents`) and runs over the bulleted lines that follow
    it without a final `.`, `,`, `;` or `:`: contents lines, however long."""
    reasons: list[str | None] = []
    in_contents = False
    for para in paragraphs:
        reason = layout_reason(para.text, in_contents)
        in_contents = (_CONTENTS.fullmatch(comparable(para.text)) is not None
                       or (in_contents and reason == "contents line"))
        reasons.append(reason)
    return reasons


def _heading(plain: str, words: list[str]) -> bool:
    if len(words) > HEADING_WORDS or plain[-1] in ".,;:" or ":" in plain:
        return False
    if _COUNT.match(plain):
        return False
    named = [w for w in _WORD.findall(plain) if len(w) >= 4]
    first = _WORD.search(plain)
    return (first is not None and first.group()[0].isupper()
            and all(w[0].isupper() for w in named))


# ------------------------------------------------------------------ coverage

_INNER_BULLET = re.compile(r"(?:^|(?<=\s))[•·*-](?=\s)")
_SPACES = re.compile(r"\s+")


def _drop_bullets(text: str) -> str:
    return _SPACES.sub(" ", _INNER_BULLET.sub(" ", text)).strip()


def comparable(text: str) -> str:
    """The form paragraphs and prose are compared in: `normalise`, inner bullets gone."""
    return _drop_bullets(normalise(text))


@dataclass(frozen=True, slots=True)
class Unit:
    """A text of one declaration that can cover paragraphs: its book words joined (the
    `>` paragraphs, then the `>` steps of its clauses, table rows and examples), one of
    its source notes, or a title (which covers only a paragraph it equals). `starts` and
    `ends` are where its `>` source lines begin and end in `text`."""

    group: int  # the rank of its top-level declaration (repeats are judged by group)
    ident: str  # the id of its own declaration
    text: str
    starts: frozenset[int] = frozenset({0})
    ends: frozenset[int] = frozenset()
    whole_only: bool = False

    def holds_at(self, paragraph: str, start: int) -> bool:
        """True when `paragraph` (`comparable`), found in `text` at `start`, is held
        whole: it starts where a line or a sentence starts and ends where one ends."""
        end = start + len(paragraph)
        if self.whole_only:
            return start == 0 and end == len(self.text)
        opens = start in self.starts or (self.text[start - 1] == " " and
                                         _sentence_ends(self.text, start - 1))
        return opens and (end == len(self.text) or end in self.ends or (
            self.text[end] == " " and _sentence_ends(paragraph, len(paragraph))))


class Corpus:
    """Every unit's text in one string (a line each: comparable texts hold no line
    break), so a paragraph is looked for once, not once per unit."""

    def __init__(self, units: list[Unit]) -> None:
        self.units = units
        self.offsets = list(accumulate((len(u.text) + 1 for u in units[:-1]), initial=0))
        self.text = "\n".join(u.text for u in units)

    def holders(self, paragraph: str) -> list[Unit]:
        """The units that hold the whole of `paragraph`, each once, in order."""
        found: dict[int, Unit] = {}
        at = self.text.find(paragraph) if paragraph else -1
        while at != -1:
            k = bisect_right(self.offsets, at) - 1
            if k not in found and self.units[k].holds_at(paragraph, at - self.offsets[k]):
                found[k] = self.units[k]
            at = self.text.find(paragraph, at + 1)
        return [found[k] for k in sorted(found)]


def _sentence_ends(text: str, at: int) -> bool:
    """True when `text[:at]` ends a sentence or clause: `.`, `!`, `?`, `:` or `;`, maybe
    followed by closing quotes and brackets (looked at backwards, so it costs little)."""
    at -= 1
    while at >= 0 and text[at] in ")\"'":
        at -= 1
    return at >= 0 and text[at] in ".!?:;"


def _unit(rank: int, ident: str, lines: list[str]) -> Unit:
    text, starts, ends = "", set(), set()
    for line in filter(None, map(comparable, lines)):
        text += " " if text else ""
        starts.add(len(text))
        text += line
        ends.add(len(text))
    return Unit(rank, ident, text, frozenset(starts), frozenset(ends))


def _source_lines(files: dict[str, list[str]], span: Span, text: str) -> list[str]:
    """The `>` lines a prose paragraph was joined from, read back from its source file's
    lines; the joined text itself when they cannot be (then sentences bound it)."""
    source = files.get(span.file, [])[span.line - 1:span.end_line]
    lines = [raw.strip()[1:] for raw in source if raw.strip().startswith(">")]
    return lines if comparable(" ".join(lines)) == comparable(text) else [text]


def covering_units(games: Iterable[ast.GameSource], sources: Mapping[str, str]
                   ) -> Iterator[Unit]:
    """Every unit of the games; waivers do not cover (they waive) and externals name a
    term the book defines elsewhere, so their titles cover nothing."""
    files = {path: text.split("\n") for path, text in sources.items()}  # as the lexer does
    tops = (top for game in games for file in game.files for top in file.decls)
    decls = ((rank, d) for rank, top in enumerate(tops) for d in iter_decls((top,))
             if not isinstance(d, ast.Waiver))
    for rank, decl in decls:
        nodes = list(iter_nodes(decl))
        words: list[ast.Prose | ast.ProseStep] = [
            *decl.prose, *(n for n in nodes if isinstance(n, ast.ProseStep))]
        if words:
            yield _unit(rank, decl.id, [line for w in words
                                        for line in _source_lines(files, w.span, w.text)])
        for note in decl.notes:
            yield _unit(rank, decl.id, _source_lines(files, note.span, note.text))
        if isinstance(decl, ast.External):
            continue
        named = [decl.title] + [n.title for n in nodes if isinstance(n, ast.Option)]
        for title in named:
            if title:
                yield Unit(rank, decl.id, comparable(title), whole_only=True)


def waivers(games: Iterable[ast.GameSource]) -> dict[str, str]:
    """{comparable waived paragraph: the waiver's reason}."""
    return {comparable(p.text): decl.reason for game in games for decl in game_decls(game)
            if isinstance(decl, ast.Waiver) for p in decl.prose}


def trace(book: str, games: Iterable[ast.GameSource], sources: Mapping[str, str],
          lines: list[tuple[int, int]] | None = None) -> TraceResult:
    """Each paragraph of `book` (only those on `lines`, when given) with its status;
    `sources` ({path: text}, as the compilation read them) give the prose its lines. The
    whole book is classified first, so a repeat is judged against all of it."""
    games = tuple(games)
    units = list(covering_units(games, sources))
    waived = waivers(games)
    paras = book_paragraphs(book)
    keys = [comparable(p.text) for p in paras]
    status: list[Traced | None] = []
    for para, key, reason in zip(paras, keys, layout_reasons(paras), strict=True):
        if reason is not None:
            status.append(Traced(para, LAYOUT, reason))
        else:
            status.append(Traced(para, WAIVED, waived[key]) if key in waived else None)
    corpus = Corpus(units)
    holders = [[] if s is not None else corpus.holders(k)
               for s, k in zip(status, keys, strict=True)]
    covered = _anchored(keys, status, [{u.group for u in h} for h in holders])
    traced = [s if s is not None
              else Traced(p, COVERED, next(u.ident for u in holders[i]
                                           if u.group == covered[i])) if i in covered
              else Traced(p, UNCOVERED)
              for i, (p, s) in enumerate(zip(paras, status, strict=True))]
    return TraceResult(tuple(t for t in traced if not lines or any(
        lo <= t.paragraph.line <= hi for lo, hi in lines)))


def _anchored(keys: list[str], status: list[Traced | None],
              groups: list[set[int]]) -> dict[int, int]:
    """{paragraph index: the group covering it} for the covered paragraphs.

    A paragraph whose text is unique in the book is covered by any group holding it. A
    repeated one (a summary restating a rule word for word) is covered where the group's
    run of consecutive held paragraphs (layout and waived lines skipped) includes one
    unique in the book; when no occurrence is so anchored, only the first held one is
    covered: one text encoded once does not encode two places of the book."""
    content = [i for i, s in enumerate(status) if s is None]
    seen: dict[str, int] = {}
    for i in content:
        seen[keys[i]] = seen.get(keys[i], 0) + 1
    covered: dict[int, int] = {}
    for pos, i in enumerate(content):
        for group in sorted(groups[i]):
            if seen[keys[i]] == 1 or _run_has_unique(content, pos, group, keys, groups, seen):
                covered[i] = group
                break
    anchored = {keys[i] for i in covered}
    for i in content:
        if groups[i] and keys[i] not in anchored:
            covered[i] = min(groups[i])
            anchored.add(keys[i])
    return covered


def _run_has_unique(content: list[int], pos: int, group: int, keys: list[str],
                    groups: list[set[int]], seen: dict[str, int]) -> bool:
    for step in (-1, 1):
        j = pos + step
        while 0 <= j < len(content) and group in groups[content[j]]:
            if seen[keys[content[j]]] == 1:
                return True
            j += step
    return False
