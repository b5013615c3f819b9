"""Source tracing: which paragraphs of a plain-text book no declaration covers.

A paragraph is a non-empty line of the book. It is covered when its normalised
text equals, or is contained in, the normalised text of some prose paragraph,
title, note or prose step of the game; waived when a `waiver` lists it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..syntax import ast
from ..syntax.walk import decl_texts, game_decls, normalise


@dataclass(frozen=True, slots=True)
class Paragraph:
    line: int
    text: str


@dataclass(frozen=True, slots=True)
class TraceResult:
    paragraphs: tuple[Paragraph, ...]
    uncovered: tuple[Paragraph, ...]
    waived: tuple[tuple[Paragraph, str], ...]

    @property
    def covered_count(self) -> int:
        return len(self.paragraphs) - len(self.uncovered) - len(self.waived)

    @property
    def percent(self) -> float:
        counted = len(self.paragraphs) - len(self.waived)
        return 100.0 if counted == 0 else 100.0 * self.covered_count / counted


def book_paragraphs(text: str) -> list[Paragraph]:
    return [Paragraph(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1)
            if line.strip()]


def covering_texts(game: ast.GameSource) -> tuple[list[str], dict[str, str]]:
    """(texts that cover, {waived text: reason}), all normalised."""
    texts: list[str] = []
    waived: dict[str, str] = {}
    for decl in game_decls(game):
        if isinstance(decl, ast.Waiver):
            waived.update({normalise(p.text): decl.reason for p in decl.prose})
            continue
        texts.extend(normalise(t) for t in decl_texts(decl))
    return texts, waived


def trace(book: str, games: Iterable[ast.GameSource],
          lines: list[tuple[int, int]] | None = None) -> TraceResult:
    texts: list[str] = []
    waived: dict[str, str] = {}
    for game in games:
        t, w = covering_texts(game)
        texts += t
        waived.update(w)
    exact = set(texts)
    corpus = "\n".join(texts)
    paras = [p for p in book_paragraphs(book)
             if not lines or any(lo <= p.line <= hi for lo, hi in lines)]
    uncovered: list[Paragraph] = []
    waived_out: list[tuple[Paragraph, str]] = []
    for para in paras:
        key = normalise(para.text)
        if key in exact or key in corpus:
            continue
        if key in waived:
            waived_out.append((para, waived[key]))
        else:
            uncovered.append(para)
    return TraceResult(tuple(paras), tuple(uncovered), tuple(waived_out))
