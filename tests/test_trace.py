"""`ludex trace` counts a book paragraph as covered only when one declaration's prose holds
all of it; layout lines (headings, contents lines, page numbers) are counted apart; a
repeated paragraph encoded once counts once; `ludex stats --books` prints the figure
`ludex trace` prints. Every case runs on a small book and game written here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ludex.backends.trace import (
    COVERED,
    LAYOUT,
    UNCOVERED,
    WAIVED,
    Paragraph,
    TraceResult,
    layout_reason,
    layout_reasons,
    trace,
)
from ludex.pipeline import compile_paths

from .conftest import ROOT, book, run_cli

BOOK = """\
The Lighthouse Game

Contents ........ 2

SETUP

Place the lamp on the tower. Each player takes three tokens.

Shuffle the deck and deal five cards to each player, then reveal the top card.

Tokens

12

Storms close the harbour.

- Keep your tokens hidden.

We thank our playtesters.

Remember:

- Keep your tokens hidden.
"""

GAME = """\
game lighthouse "The Lighthouse Game":
  book: "lighthouse.txt"

section setup "Setup":
  > Before play, sort the pieces.
  > Place the lamp on the tower. Each player takes three tokens.
  > Then choose who starts.

  rule deal "Dealing":
    > Shuffle the deck.
    effect:
      > Then reveal the top card.

section weather "Weather":
  > When the Storms close the harbour. No boat leaves.

rule hidden "Hidden tokens":
  > Keep your tokens hidden.

waiver thanks "Credits":
  reason: "thanks, not rules"
  > We thank our playtesters.
"""

LINES = {  # book line -> expected status
    1: LAYOUT, 3: LAYOUT, 5: LAYOUT, 7: COVERED, 9: UNCOVERED, 11: LAYOUT, 13: LAYOUT,
    15: UNCOVERED, 17: COVERED, 19: WAIVED, 21: UNCOVERED, 23: UNCOVERED,
}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    game = tmp_path / "rules" / "lighthouse"
    game.mkdir(parents=True)
    (game / "game.ludex").write_text(GAME, "utf-8")
    books = tmp_path / "books"
    books.mkdir()
    (books / "lighthouse.txt").write_text(BOOK, "utf-8")
    return tmp_path


def _trace(folder: Path, book: str = BOOK) -> TraceResult:
    comp = compile_paths([folder / "rules" / "lighthouse"], checks=False)
    assert not comp.diags.has_errors, [str(d) for d in comp.diags]
    return trace(book, comp.games, comp.sources)


def test_each_paragraph_gets_one_status(folder: Path) -> None:
    result = _trace(folder)
    assert {t.paragraph.line: t.status for t in result.traced} == LINES
    assert (result.covered_count, len(result.layout), len(result.waived),
            len(result.uncovered)) == (2, 5, 1, 4)
    assert result.percent == pytest.approx(100 * 2 / 6)


def test_a_paragraph_inside_a_longer_prose_is_covered(folder: Path) -> None:
    traced = {t.paragraph.line: t for t in _trace(folder).traced}
    assert (traced[7].status, traced[7].why) == (COVERED, "setup")


def test_a_sentence_of_a_paragraph_does_not_cover_it(folder: Path) -> None:
    """The rule holds 'Shuffle the deck.' and 'Then reveal the top card.': parts of line
    9, never the whole of it."""
    assert 9 in {p.line for p in _trace(folder).uncovered}


def test_words_inside_another_sentence_do_not_cover(folder: Path) -> None:
    """'Storms close the harbour.' appears in the Weather prose, but inside a sentence."""
    assert 15 in {p.line for p in _trace(folder).uncovered}


def test_a_heading_is_layout_even_when_its_word_is_in_prose(folder: Path) -> None:
    traced = {t.paragraph.line: t for t in _trace(folder).traced}
    assert (traced[11].status, traced[11].why) == (LAYOUT, "heading")  # "Tokens"
    assert (traced[5].why, traced[3].why, traced[13].why) == (
        "all-caps heading", "contents line", "page number")


def test_a_repeated_paragraph_encoded_once_counts_once(folder: Path) -> None:
    """'Keep your tokens hidden.' is printed twice (lines 17 and 23), encoded once."""
    traced = {t.paragraph.line: t.status for t in _trace(folder).traced}
    assert (traced[17], traced[23]) == (COVERED, UNCOVERED)


def test_lines_select_paragraphs_but_repeats_are_judged_on_the_whole_book(
        folder: Path) -> None:
    comp = compile_paths([folder / "rules" / "lighthouse"], checks=False)
    result = trace(BOOK, comp.games, comp.sources, [(20, 30)])
    assert [(t.paragraph.line, t.status) for t in result.traced] == [
        (21, UNCOVERED), (23, UNCOVERED)]
    assert result.uncovered_ranges() == [(21, 23)]


@pytest.mark.parametrize(("text", "reason"), [
    ("-", "mark"), ("• • •", "mark"), ("42", "page number"), ("p. 17", "page number"),
    ("Setup ........ 4", "contents line"), ("VENGEANCE MODE", "all-caps heading"),
    ("6.3 Power Re-rolls", "heading"), ("What are Battles?", "heading"),
    ("Rounds, Steps, Phases", "heading"), ("- 6.3 Power Re-rolls", None),
    ("2 Access cards", None), ("Draw a card.", None), ("Danger: the rising threat", None),
    ("Remember:", None), ("Gear cards become stronger as you go", None),
    ("Roll one d10 for each Argonaut and keep the lowest roll", None),
])
def test_layout_reasons(text: str, reason: str | None) -> None:
    assert layout_reason(text) == reason


def test_a_table_of_contents_is_layout_and_a_list_of_steps_is_not() -> None:
    """Bulleted titles are contents lines only in the block under `Table of Contents`
    (however long); elsewhere they are list items, such as the names of a turn's steps."""
    lines = ["Table of Contents", "- Setup", "• Gaining Cards and Tokens through Different "
             "Means of the Game", "- Keep it hidden.", "- Scoring", "Setup",
             "- Deal the Cards", "- Reveal the Top Card"]
    assert layout_reasons(Paragraph(n, t) for n, t in enumerate(lines, start=1)) == [
        "heading", "contents line", "contents line", None, None, "heading", None, None]


def test_trace_command_prints_the_figures_and_ranges(folder: Path) -> None:
    run = run_cli("trace", "--books", "books", "rules", cwd=folder)
    assert run.code == 0, run.out + run.err
    out = run.out.splitlines()
    assert out[0] == "lighthouse (books/lighthouse.txt):"
    assert "books/lighthouse.txt:9: not covered: Shuffle the deck and deal five cards to " \
           "each player, then reveal the top card." in out
    assert "  not covered: lines 9-15, 21-23" in out
    assert out[-1] == ("  12 paragraphs: 2 covered, 5 layout, 1 waived, 4 not covered "
                       "(33.3% of 6 rule paragraphs)")
    low = run_cli("trace", "--books", "books", "--fail-under", "50", "rules", cwd=folder)
    assert low.code == 1


def test_trace_command_json(folder: Path) -> None:
    run = run_cli("trace", "--source", "books/lighthouse.txt", "--format", "json", "rules",
                  cwd=folder)
    assert run.code == 0, run.err
    game = json.loads(run.out)["games"][0]
    assert (game["game"], game["paragraphs"], game["covered"], game["layout"],
            game["waived"], game["not_covered"], game["percent"]) == (
        "lighthouse", 12, 2, 5, 1, 4, 33.3)
    assert game["uncovered_ranges"] == [[9, 15], [21, 23]]
    assert {d["line"]: d["status"] for d in game["lines"]} == LINES


def test_stats_prints_the_trace_figure(folder: Path) -> None:
    traced = run_cli("trace", "--books", "books", "rules", cwd=folder)
    stats = run_cli("stats", "--books", "books", "rules", cwd=folder)
    assert stats.code == 0, stats.out + stats.err
    summary = traced.out.splitlines()[-1].strip()
    assert f"  book: {summary}" in stats.out.splitlines()


@pytest.mark.parametrize("name", ["../lighthouse.txt", "/etc/passwd", "..", ""])
def test_a_book_name_is_a_plain_file_name(folder: Path, name: str) -> None:
    game = folder / "rules" / "lighthouse" / "game.ludex"
    game.write_text(GAME.replace('"lighthouse.txt"', json.dumps(name)), "utf-8")
    run = run_cli("trace", "--books", "books", "rules", cwd=folder)
    assert run.code == 2
    assert "is not a plain file name" in run.err


def test_a_missing_book_or_folder_is_a_usage_error(folder: Path) -> None:
    assert run_cli("trace", "rules", cwd=folder).code == 2
    run = run_cli("trace", "--books", "rules", "rules", cwd=folder)
    assert run.code == 2
    assert "cannot read rules/lighthouse.txt" in run.err


def test_the_readme_quotes_the_coverage_ludex_trace_prints() -> None:
    """README's coverage table is what `ludex trace --books` says of `rules/`."""
    from ludex.cli.trace import game_traces

    books = book("003_1e20baba3c875fa5.txt").parent
    comp = compile_paths([ROOT / "rules"], checks=False)
    titles = {m.name: m.game.title if m.game else m.name for m in comp.models}
    readme = (ROOT / "README.md").read_text("utf-8")
    traces = game_traces(comp, None, books)
    assert len(traces) == 3
    for gt in traces:
        r = gt.result
        row = (f"| {titles[gt.game]} | {len(r.traced)} | {r.covered_count} | {len(r.layout)} "
               f"| {len(r.waived)} | {len(r.uncovered)} | {r.percent:.1f}% of {r.counted} |")
        assert row in readme, row
